"""Render the two Trucos at the table, headless, for the docs.

    python tools/render_truco.py [--out docs/screenshots] [--extras DIR]

Writes:

- ``truco_argentino_envido_es.png`` and ``truco_argentino_envido_bn.png``: four players,
  a scripted deal in which the viewer's partner opens the envido and the next
  opponent raises it to real envido; the viewer must answer (Quiero, No quiero and
  Falta envido enabled; Envido and Real envido shown disabled, their tooltips say why).
  The calls show as bubbles, the score as the anotador (malas and buenas in boxes of five).
- ``truco_mineiro_mao_de_dez_hi.png``: four players, pair 0 has ten points after a
  scripted first deal (truco, seis, dez accepted and won); in the second deal the
  viewer decides the mão de dez and sees the partner's cards in the side panel.

With ``--extras DIR`` also, into DIR: six players mid-deal (en), a blind mão de ferro
(en), a deal summary revealing the winning envido hand (es), a match result (es), two
players mid-trick (bn, hi) and four (es, en) — for looking at, not for the docs.

Runs with SDL's dummy driver; every frame is the game's own drawing.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)


from game.commands.screenshot import (DT, close_overlay, drive, headless_app, save_png, seats,  # noqa: E402
                                      set_language)
from game.games import truco_argentino as ta  # noqa: E402
from game.games import truco_mineiro as tm  # noqa: E402
from game.scenes.tables.trick_table import TableScene  # noqa: E402
from game.session import Session, bot_for  # noqa: E402


def language(app, lang: str) -> None:
    set_language(app, lang, native_digits=lang == "bn")


def scripted_match(module, players: int, dealer: int, seed: int, hands: list, actions: list, options=None):
    """A match whose first deal is ``hands`` with ``actions`` applied (later deals shuffled)."""
    setup = module.parse_setup(players, {"hands": hands}, {}, "render")
    match = module.Match(players, dealer, seed, options or {}, setups=[setup])
    for action in actions:
        match.apply(action)
    return match


def step(app, table, frames: int, speed: str = "normal", helper=None, overlays: bool = True) -> None:
    app.settings.animation_speed = speed
    for _ in range(frames):
        if overlays:
            close_overlay(app, table)
        if helper is not None and table.my_turn():
            table.act(helper.choose(table.match.view(table.match.to_act)))
        app.step(DT, [])


def run_until(app, table, done, helper=None, frames: int = 30000) -> bool:
    app.settings.animation_speed = "instant"
    return drive(app, table, done, helper, frames)


def shot(app, path: Path) -> None:
    save_png(app, path)
    print("wrote", path, f"{path.stat().st_size // 1024} kB")


# --------------------------------------------------------------------------- the docs' three

ENVIDO_HANDS = [["1E", "5B", "4B"],      # the viewer (29), answers the chain
                ["12C", "2O", "6C"],     # opponent (26)
                ["7C", "1C", "12O"],     # partner, mano (28): opens envido
                ["7O", "3O", "10B"]]     # opponent (30): raises to real envido


def argentino_envido(app, lang: str, out: Path) -> bool:
    language(app, lang)
    match = scripted_match(ta, 4, 1, 17, ENVIDO_HANDS, [])
    session = Session(match, seats(lang, 4))
    table = TableScene(app, session)
    app.stack.clear_to(table)

    def pending():
        view = match.view(0)
        return (table.my_turn() and view["phase"] == "envido" and len(view["envido"]["chain"]) >= 2)

    if not run_until(app, table, pending):
        print("the envido chain did not come to the viewer", match.view(0)["envido"])
        return False
    step(app, table, 14)
    shot(app, out / f"truco_argentino_envido_{lang}.png")
    return True


DEZ_HANDS = [["4C", "7H", "AS"], ["4S", "5S", "6S"], ["7D", "3S", "2S"], ["4H", "5H", "6H"]]
DEZ_ACTIONS = ["call truco", "call seis", "call dez", "accept",
               "play 4C", "play 4S", "play 3S", "play 4H",
               "play 7H", "play 5S", "play 2S", "play 5H"]


def mineiro_dez(app, lang: str, out: Path | None, viewer: int = 2) -> TableScene:
    """Pair 0 on ten: in the second deal seat 2 decides the mão de dez."""
    language(app, lang)
    match = scripted_match(tm, 4, 3, 5, DEZ_HANDS, DEZ_ACTIONS)
    assert match.score == [10, 0] and match.to_act == 2, (match.score, match.to_act)
    session = Session(match, seats(lang, 4, humans=(viewer,)))
    table = TableScene(app, session)
    app.stack.clear_to(table)
    run_until(app, table, lambda: table.my_turn() and table.is_idle())
    step(app, table, 16)
    if out is not None:
        shot(app, out / f"truco_mineiro_mao_de_dez_{lang}.png")
    return table


# --------------------------------------------------------------------------- extras

def six_players(app, out: Path) -> None:
    language(app, "en")
    session = Session.new("truco_argentino", 6, {}, seats("en", 6), seed=23, dealer=5)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    helper = bot_for("truco_argentino", "normal", 3)
    run_until(app, table, lambda: table.my_turn() and len(table.kept) >= 1 and len(table.trick) >= 2
              and any(a.startswith("play ") for a in table.match.legal_actions()), helper)
    step(app, table, 30)
    shot(app, out / "truco_argentino_6p_en.png")


def iron_hand(app, out: Path) -> None:
    language(app, "en")
    hands = [["4C", "7H", "AS"], ["4S", "5S", "6S"]]
    actions = ["call truco", "call seis", "call dez", "accept", "play 4C", "play 4S", "play 7H", "play 5S"]
    match = scripted_match(tm, 2, 1, 9, hands, actions)
    # the other seat reaches ten too: play deals until 10-10 with scripted wins
    session = Session(match, seats("en", 2))
    assert match.score == [10, 0]
    for _ in range(200):                   # seat 1 scores by refused calls until it has ten
        if match.score == [10, 10] or match.finished:
            break
        legal = match.legal_actions()
        if match.to_act == 0 and "reject" in legal:
            match.apply("reject")
        elif match.to_act == 1 and "call truco" in legal and match.score[1] <= 8:
            match.apply("call truco")
        elif "accept" in legal and match.to_act == 1:
            match.apply("accept")
        else:
            match.apply(session.bot_action(match.to_act))
    if match.score != [10, 10]:
        print("no iron hand reached:", match.score)
        return
    table = TableScene(app, session)
    app.stack.clear_to(table)
    run_until(app, table, lambda: table.is_idle() and (table.my_turn() or match.finished))
    if table.my_turn():
        table.act("play #1")
    run_until(app, table, lambda: table.is_idle() and (table.my_turn() or match.finished) and table.trick == [])
    step(app, table, 14)
    shot(app, out / "truco_mineiro_ferro_en.png")


def summary_and_result(app, out: Path, lang: str) -> None:
    from game.scenes.summary import DealSummaryScene, MatchResultScene
    language(app, lang)
    match = scripted_match(ta, 4, 1, 17, ENVIDO_HANDS, ["call envido", "call real envido", "accept"])
    session = Session(match, seats(lang, 4))
    table = TableScene(app, session)
    app.stack.clear_to(table)
    helper = bot_for("truco_argentino", "normal", 4)
    app.settings.animation_speed = "instant"
    for _ in range(20000):
        if isinstance(app.stack.top, DealSummaryScene):
            break
        if table.my_turn():
            table.act(helper.choose(match.view(0)))
        app.step(DT, [])
    step(app, table, 4, overlays=False)
    shot(app, out / f"truco_argentino_summary_{lang}.png")
    for _ in range(60000):
        if isinstance(app.stack.top, MatchResultScene):
            break
        close_overlay(app, table)
        if table.my_turn():
            table.act(helper.choose(match.view(0)))
        app.step(DT, [])
    step(app, table, 4)
    shot(app, out / f"truco_argentino_result_{lang}.png")


def two_players(app, out: Path, game: str, lang: str, players: int = 2) -> None:
    language(app, lang)
    session = Session.new(game, players, {}, seats(lang, players), seed=31, dealer=1)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    helper = bot_for(game, "normal", 5)
    run_until(app, table, lambda: table.my_turn() and len(table.kept) >= 1 and len(table.trick) >= 1
              and any(a.startswith("play ") for a in table.match.legal_actions()), helper)
    step(app, table, 30)
    shot(app, out / f"{game}_{players}p_{lang}.png")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--extras", default=None, help="also render the extra views into this folder")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(home)
        ok = argentino_envido(app, "es", out) and argentino_envido(app, "bn", out)
        mineiro_dez(app, "hi", out)
        if args.extras:
            extra = Path(args.extras)
            extra.mkdir(parents=True, exist_ok=True)
            six_players(app, extra)
            iron_hand(app, extra)
            summary_and_result(app, extra, "es")
            two_players(app, extra, "truco_argentino", "bn")
            two_players(app, extra, "truco_mineiro", "hi")
            two_players(app, extra, "truco_argentino", "es", 4)
            two_players(app, extra, "truco_mineiro", "en", 4)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
