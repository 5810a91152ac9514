"""Render the trick table headless, mid-deal and mid-trick, for every game and language.

    python tools/render_table.py [--out docs/screenshots] [--games twenty_nine,tute2,tute3,tute4]
                                 [--langs en,bn,hi,es] [--extras]

Writes, for each game (twenty_nine, tute2, tute3, tute4) and language:

- ``table_<game>_<lang>.png``: mid-trick, the viewer to play (legal cards lifted and
  glowing, the others dimmed, the reason for one of them in a tooltip);
- ``table_<game>_<lang>_deal.png``: mid-deal, cards in flight from the deck.

With ``--extras`` also:

- ``table_twenty_nine_<lang>_bid.png``: the auction with the bid spinner;
- ``table_<game>_<lang>_peek.png`` (29, Tute for three): the last trick, Tab held;
- ``table_<game>_<lang>_call.png``: a call with cards shown (a cante, a marriage), when
  one comes up in the first deals;
- ``summary_<game>_<lang>.png``: the end of the first deal;
- ``handoff_<lang>.png`` and ``result_tute2_<lang>.png``: the hot-seat hand-off and a
  match result.

Seat 0 is a human whose moves are chosen by the rule bot; runs with SDL's dummy driver.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)

import pygame  # noqa: E402

from game.commands.screenshot import (DT, NAMES, drive, headless_app, save_png, seats,  # noqa: E402
                                      set_language, settle)
from game.scenes.tables.trick_table import TableScene  # noqa: E402
from game.session import Session, bot_for  # noqa: E402

GAMES = {"twenty_nine": ("twenty_nine", 4), "tute2": ("tute", 2), "tute3": ("tute", 3), "tute4": ("tute", 4)}


def new_table(app, game: str, players: int, lang: str, seed: int) -> tuple[TableScene, object]:
    session = Session.new(game, players, {}, seats(lang, players), seed=seed, dealer=players - 1)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    helper = bot_for(game, "normal", seed)
    return table, helper


def run_until(app, table, helper, done, max_frames=20000, instant=True) -> bool:
    """Step the app; the human seat plays the rule bot's choice whenever it is his turn."""
    app.settings.animation_speed = "instant" if instant else "normal"
    return drive(app, table, done, helper, max_frames)


def shot(app, path: Path) -> None:
    save_png(app, path)
    print("wrote", path)


def render(game_key: str, lang: str, out: Path, app, extras: bool = False) -> list[float]:
    game, players = GAMES[game_key]
    set_language(app, lang, native_digits=lang == "bn")
    times: list[float] = []
    # --- mid-deal: cards in flight (normal speed)
    table, helper = new_table(app, game, players, lang, seed=11)
    settle(app, 0)
    frames = 0
    while frames < 600:
        app.step(DT, [])
        frames += 1
        in_air = sum(1 for f in table.flights if f.tween.started)
        dealt = sum(len(h) for h in table.hands)
        if in_air >= 2 and dealt >= (6 if players == 4 else 7):
            break
    times += list(table.frame_ms)
    shot(app, out / f"table_{game_key}_{lang}_deal.png")
    # --- the 29 auction with the bid spinner
    if game == "twenty_nine" and extras:
        table, helper = new_table(app, game, players, lang, seed=5)
        run_until(app, table, helper, lambda: table.my_turn() and any(
            a.startswith("bid ") for a in table.match.legal_actions()) and table.match.records[-1].actions, instant=True)
        settle(app, 40)
        shot(app, out / f"table_{game_key}_{lang}_bid.png")
    # --- mid-trick: the viewer to play, two cards or more on the table, a few tricks won
    table, helper = new_table(app, game, players, lang, seed=23)

    def mid_trick():
        m = table.match
        return (table.my_turn() and len(table.trick) >= min(2, players - 1)
                and 2 <= sum(table.piles) <= 4 and any(a.startswith("play ") for a in m.legal_actions()))

    if not run_until(app, table, helper, mid_trick):
        table, helper = new_table(app, game, players, lang, seed=24)
        run_until(app, table, helper, lambda: table.my_turn() and len(table.trick) >= 1 and sum(table.piles) >= 1)
    settle(app, 30)
    # hover an illegal card if there is one, to show the reason
    hand = table.hands[table.viewer] if table.viewer is not None else []
    legal = {a[5:] for a in table.match.legal_actions() if a.startswith("play ")}
    bad = [c for c in hand if c not in legal]
    if bad and legal and table.card_point(bad[0]) is not None:
        app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=table.card_point(bad[0]), rel=(0, 0),
                                         buttons=(0, 0, 0))])
    times += list(table.frame_ms)
    shot(app, out / f"table_{game_key}_{lang}.png")
    if not extras:
        return times
    # --- the last trick, peeked at with Tab held
    if game_key in ("twenty_nine", "tute3"):
        app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)])
        for _ in range(15):
            app.step(DT, [])
        shot(app, out / f"table_{game_key}_{lang}_peek.png")
        app.step(DT, [pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)])
    # --- a call with cards shown (a cante, a marriage), if one comes up in the first deals
    table, helper = new_table(app, game, players, lang, seed=31)
    if run_until(app, table, helper, lambda: any(b.cards for b in table.bubbles.values()) and table.is_idle(),
                 max_frames=6000):
        settle(app, 12)
        shot(app, out / f"table_{game_key}_{lang}_call.png")
    # --- the end of the first deal: the summary over the table
    from game.scenes.summary import DealSummaryScene
    run_until_summary(app, table, helper)
    if isinstance(app.stack.top, DealSummaryScene):
        settle(app, 2)
        shot(app, out / f"summary_{game_key}_{lang}.png")
    return times


def render_extras(lang: str, out: Path, app) -> None:
    """The hot-seat hand-off screen and a match result."""
    from game.scenes.handoff import HandOffScene
    from game.scenes.summary import MatchResultScene
    set_language(app, lang, native_digits=lang == "bn")
    app.stack.clear_to(HandOffScene(app, NAMES[lang][2], lambda: None))
    settle(app, 20)
    shot(app, out / f"handoff_{lang}.png")
    table, helper = new_table(app, "tute", 2, lang, seed=41)
    run_until(app, table, helper, lambda: isinstance(app.stack.top, MatchResultScene), max_frames=40000)
    if isinstance(app.stack.top, MatchResultScene):
        settle(app, 10)
        shot(app, out / f"result_tute2_{lang}.png")


def run_until_summary(app, table, helper, max_frames=20000) -> None:
    from game.scenes.summary import DealSummaryScene
    app.settings.animation_speed = "instant"
    drive(app, table, lambda: isinstance(app.stack.top, DealSummaryScene), helper, max_frames)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--langs", default="en,bn,hi,es")
    parser.add_argument("--extras", action="store_true",
                        help="also the bid spinner, last-trick peek, calls, summaries, hand-off and result")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(home)
        times: list[float] = []
        for game_key in args.games.split(","):
            for lang in args.langs.split(","):
                times += render(game_key, lang, out, app, args.extras)
        if args.extras:
            for lang in args.langs.split(","):
                render_extras(lang, out, app)
        if times:
            print(f"table draw: median {statistics.median(times):.2f} ms over {len(times)} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
