"""Render what issue 9 asked to see of the table's words: the calls log in two deal sections
after a language change, a hold in 29's auction, a setup label's help, the hand-off recap.

    python tools/render_table_words.py [--out DIR] [--lang bn,hi] [--size 1280x720,1366x768]

Files: log_<lang>.png, hold29_<lang>.png, setup_help_<lang>.png, handoff_<lang>.png (with
``_<W>x<H>`` for sizes other than 1280x720). Headless, seeded, a throw-away preferences folder.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)

from game.commands.screenshot import (DT, handoff_with_recap, headless_app, save_png,  # noqa: E402
                                      seats, set_language, settle)

SHOTS = ("log", "hold29", "setup_help", "handoff")


def _table(app, game_id: str, players: int, lang: str, seed: int, humans=(0,), dealer=None):
    from game.scenes.tables import table_for
    from game.session import Session
    session = Session.new(game_id, players, {}, seats(lang, players, humans), seed=seed,
                          dealer=players - 1 if dealer is None else dealer)
    table = table_for(app, session)
    app.stack.clear_to(table)
    return table


def _step_until(app, table, until, frames: int = 40000) -> None:
    """Bots play (every seat a bot, or humans moved by the rule bot), overlays closed."""
    from game.commands.screenshot import close_overlay
    from game.session import bot_for
    helper = bot_for(table.session.match.game_id, "normal", 99)
    for _ in range(frames):
        if until():
            return
        close_overlay(app, table)
        match = table.session.match
        if table.my_turn():
            table.act(helper.choose(match.view(match.to_act)))
        app.step(DT, [])


def shot_log(app, lang: str) -> None:
    """29 in English into its second deal, then switched to ``lang``: every line re-rendered."""
    set_language(app, "en")
    table = _table(app, "twenty_nine", 4, lang, 11)
    app.settings.animation_speed = "instant"
    _step_until(app, table, lambda: table.match.deal_index >= 1 and sum(
        1 for ln in table.log if ln.deal == 1) >= 2 and any(ln.deal == 0 for ln in table.log))
    set_language(app, lang)                   # as the settings over the pause menu would
    table.enter()
    settle(app, 30)


def shot_hold29(app, lang: str) -> None:
    """29's auction: seat 0 opens 16, seat 1 bids 17, seat 0 holds it."""
    table = _table(app, "twenty_nine", 4, lang, 3, humans=(0, 1, 2, 3), dealer=3)
    app.settings.animation_speed = "instant"
    for seat, action in ((0, "bid 16"), (1, "bid 17"), (0, "bid 17")):
        for _ in range(600):
            if table.my_turn() and table.match.to_act == seat:
                break
            if app.stack.top is not table:
                app.stack.top.ready()
            app.step(DT, [])
        table.act(action)
        app.step(DT, [])
    app.settings.animation_speed = "normal"
    for _ in range(12):                       # the hold's bubble is up
        app.step(DT, [])
    if app.stack.top is not table:            # the hand-off to the next player: the table under it,
        app.stack.pop()                       # every hand hidden, shows the hold
    for _ in range(3):
        app.step(DT, [])


def shot_setup_help(app, lang: str) -> None:
    """Buraco's setup after a click on an option's label: its help shows, the value stays."""
    import pygame
    from game.scenes.setup import MatchSetupScene
    setup = MatchSetupScene(app, "buraco")
    app.stack.clear_to(setup)
    app.step(DT, [])
    row = list(setup.option_rows.values())[0]
    pos = (row.rect.x + 60, row.rect.centery)
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def shot_handoff(app, lang: str) -> None:
    table = _table(app, "truco_argentino", 4, lang, 9, humans=(0, 1))
    handoff_with_recap(app, table)
    for _ in range(3):
        app.step(DT, [])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--lang", default="bn,hi")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--shot", default=",".join(SHOTS))
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for size_text in args.size.split(","):
        size = tuple(int(v) for v in size_text.split("x"))
        suffix = "" if size == (1280, 720) else f"_{size_text}"
        for lang in args.lang.split(","):
            for shot in args.shot.split(","):
                with tempfile.TemporaryDirectory() as home:
                    app = headless_app(home, size=size)
                    app.settings.sound = False
                    set_language(app, lang)
                    globals()[f"shot_{shot}"](app, lang)
                    path = out / f"{shot}_{lang}{suffix}.png"
                    save_png(app, path, palette=True)
                    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
