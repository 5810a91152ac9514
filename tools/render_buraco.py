"""Render Buraco's table headless: a hand in progress with a canasta on the cloth.

    python tools/render_buraco.py [--out docs/screenshots] [--langs bn,es] [--players 4]
                                  [--seed 2] [--extras]

Writes ``buraco_<lang>.png`` for each language: seat 0 is a human whose moves are
chosen by the rule bot until, at the human's turn after the draw, a canasta lies on
the table; then a card that goes onto one of the side's melds is selected (the meld it
fits is outlined) and the picture is taken.

With ``--extras`` also ``buraco_<lang>_summary.png`` (the end of the first hand) and
``buraco_<lang>_refused.png`` (an illegal meld refused, its reason in the turn line).
Runs with SDL's dummy driver; PNGs are saved as 8-bit palette images to stay small.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)

import pygame  # noqa: E402

from game.commands.screenshot import DT, drive, headless_app, save_png, seats, set_language  # noqa: E402
from game.scenes.tables.buraco_table import BuracoTableScene  # noqa: E402
from game.scenes.summary import DealSummaryScene  # noqa: E402
from game.session import Session, bot_for  # noqa: E402


def new_table(app, lang: str, players: int, seed: int, options: dict | None = None) -> BuracoTableScene:
    session = Session.new("buraco", players, options or {}, seats(lang, players), seed=seed, dealer=players - 1)
    table = BuracoTableScene(app, session)
    app.stack.clear_to(table)
    return table


def canasta_on_cloth(table) -> bool:
    return (table.my_turn() and table.phase == "play" and not table.must
            and any(m["canasta"] for side in table.melds for m in side)
            and any(a.startswith("add ") for a in table.match.legal_actions()))


def save(app, path: Path) -> None:
    """Save the screen as a palette PNG (well under 500 KB) when Pillow is there."""
    save_png(app, path, palette=True)


def render(lang: str, out: Path, players: int, seed: int, extras: bool) -> list[Path]:
    written = []
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(home)
        set_language(app, lang)
        app.settings.animation_speed = "instant"
        table = new_table(app, lang, players, seed)
        if not drive(app, table, lambda: canasta_on_cloth(table), max_frames=60000):
            raise SystemExit(f"{lang}: no canasta came up (seed {seed}); try another --seed")
        add = next(a for a in table.match.legal_actions() if a.startswith("add "))
        card = add.split()[2]
        table.select_cards([card])
        app.settings.animation_speed = "normal"
        side = table.viewer & 1
        point = table.meld_point(side, int(add.split()[1]))
        table.bubbles.clear()                      # earlier calls, long gone at normal speed
        app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0))])
        for _ in range(3):
            app.step(DT, [])
        assert point is not None
        path = out / f"buraco_{lang}.png"
        save(app, path)
        written.append(path)
        if extras:
            table.clear_selection()
            hand = table.match.view(0)["hand"]
            bad = None
            for i in range(len(hand)):
                for j in range(i + 1, len(hand)):
                    for k in range(j + 1, len(hand)):
                        trio = [hand[i], hand[j], hand[k]]
                        if table.match.meld_check(0, trio) is not None:
                            bad = trio
                            break
                    if bad:
                        break
                if bad:
                    break
            if bad:
                table.select_cards(bad)
                table.meld_selected()
                for _ in range(3):
                    app.step(DT, [])
                path = out / f"buraco_{lang}_refused.png"
                save(app, path)
                written.append(path)
            table.clear_selection()
            app.settings.animation_speed = "instant"
            helper = bot_for("buraco", "normal", 7)
            for _ in range(60000):
                if isinstance(app.stack.top, DealSummaryScene):
                    break
                if table.my_turn():
                    table.act(helper.choose(table.match.view(0)))
                app.step(DT, [])
            app.settings.animation_speed = "normal"
            for _ in range(3):
                app.step(DT, [])
            path = out / f"buraco_{lang}_summary.png"
            save(app, path)
            written.append(path)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--langs", default="bn,es")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--extras", action="store_true")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.langs.split(","):
        for path in render(lang, out, args.players, args.seed, args.extras):
            print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
