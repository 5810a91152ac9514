"""Render the trick tables explaining themselves (issue 9): each trick game mid-trick with the
last-trick peek open, and with a call button's tooltip showing, in Bangla, Hindi and Spanish;
and a trick table at 1366x768 and 3840x2160.

    python tools/render_trick_help.py [--out docs/screenshots] [--langs bn,hi,es] [--games ...]
                                      [--sizes]

Writes ``peek_<game>_<lang>.png`` and ``calltip_<game>_<lang>.png``; with ``--sizes`` also
``trick_table_1366x768.png`` (six-seat Truco Argentino, a call tooltip) and
``trick_table_3840x2160.png`` (Twenty-nine, the peek). Built on the screenshot command's
scenes ``peek`` and ``tooltip`` (``python main.py screenshot --scene peek ...``).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)

from game.commands.screenshot import build_scene, headless_app, save_png, set_language  # noqa: E402

# (game, players, seed): Truco Argentino at six shows the gathered tricks and the moved seats
GAMES = {"twenty_nine": (4, 7), "tute": (4, 7), "truco_argentino": (6, 7), "truco_mineiro": (4, 7)}
SCENES = {"peek": "peek", "tooltip": "calltip"}


def shoot(scene: str, game: str, lang: str, path: Path, size=None) -> Path:
    players, seed = GAMES[game]
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(home, size=size)
        set_language(app, lang)
        build_scene(app, scene, game, players, lang, seed)
        save_png(app, path, palette=True)
    print(f"wrote {path}")
    return path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--langs", default="bn,hi,es")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--scenes", default="peek,tooltip")
    parser.add_argument("--sizes", action="store_true", help="also the table at 1366x768 and 3840x2160")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for game in args.games.split(","):
        for lang in args.langs.split(","):
            for scene in args.scenes.split(","):
                shoot(scene, game, lang, out / f"{SCENES[scene]}_{game}_{lang}.png")
    if args.sizes:
        shoot("tooltip", "truco_argentino", "bn", out / "trick_table_1366x768.png", (1366, 768))
        shoot("peek", "twenty_nine", "hi", out / "trick_table_3840x2160.png", (3840, 2160))
    return 0


if __name__ == "__main__":
    sys.exit(main())
