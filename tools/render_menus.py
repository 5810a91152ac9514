"""Render every menu screen in every language: docs/screenshots/<scene>_<lang>.png.

    python tools/render_menus.py [--out DIR] [--lang en,bn,hi,es] [--scene menu,picker,...|all]

Scenes: menu, picker, setup_<game> (each built game), settings, rules_<game>, load, pause,
concede (the pause menu's confirmation).
Runs headless (SDL's dummy video driver) with a throw-away preferences folder.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)


from game.commands.screenshot import headless_app, save_png, set_language  # noqa: E402
from game.games import GAME_IDS, built_games  # noqa: E402
from game.scenes.base import Scene  # noqa: E402

LANGS = ("en", "bn", "hi", "es")
#: What goes into docs/screenshots by default (``--scene all`` renders every setup and rules tab).
DEFAULT_SCENES = ("menu", "picker", "setup_twenty_nine", "setup_tute", "settings", "rules_twenty_nine",
                  "load", "pause", "concede")


class StandInTable(Scene):
    """Something to pause when the real table is not there yet."""

    def draw(self, surface) -> None:
        from game.ui.fan import draw_fan
        from game.ui.felt import felt_backdrop
        surface.blit(felt_backdrop(), (0, 0))
        draw_fan(surface, self.app.cards(160), ["JH", "9H", "AH", "10H", "KS", "QS", "8D", "7C"],
                 (640, 560), 8.0, 600)


def sample_saves(app) -> None:
    from game.session import SeatConfig, Session
    folder = app.pref_dir / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    for i, game_id in enumerate(built_games()[:4]):
        from game.games import game_module
        players = game_module(game_id).DEFAULT_PLAYERS
        seats = [SeatConfig(f"P{k + 1}", k == 0) for k in range(players)]
        session = Session.new(game_id, players, {}, seats, seed=7 + i, dealer=0)
        path = folder / f"{['Friday night', 'With Mitu', 'Practice', 'Sunday'][i]}.toml"
        session.save(path)
        os.utime(path, (1795000000 + i * 86400, 1795000000 + i * 86400))


def scene_builders(app):
    from game.scenes.menu import LoadScene, MainMenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.picker import GamePickerScene
    from game.scenes.rules_help import RulesHelpScene
    from game.scenes.settings_scene import SettingsScene
    from game.scenes.setup import MatchSetupScene

    def pause():
        table = None
        try:
            from game.scenes.tables.trick_table import TableScene
            from game.session import SeatConfig, Session
            seats = [SeatConfig("Ana", True)] + [SeatConfig(f"Bot {k}", False) for k in range(1, 4)]
            table = TableScene(app, Session.new("twenty_nine", 4, {}, seats, seed=3, dealer=0))
        except Exception:
            table = StandInTable(app)
        return [table, PauseScene(app, table)]

    def concede():
        scenes = pause()
        scenes[-1].ask_concede()
        return scenes

    out = {"menu": lambda: [MainMenuScene(app)], "picker": lambda: [GamePickerScene(app)]}
    def setup(game_id):
        scene = MatchSetupScene(app, game_id)
        rows = list(scene.option_rows.values())
        if len(rows) > 3 and not scene.expanded:     # show the explanation line of an option
            scene.ui.set_focus(rows[3])
        return [scene]

    for game_id in built_games():
        out[f"setup_{game_id}"] = (lambda g=game_id: setup(g))
    out["settings"] = lambda: [SettingsScene(app)]
    for game_id in GAME_IDS:
        out[f"rules_{game_id}"] = (lambda g=game_id: [RulesHelpScene(app, g)])
    out["load"] = lambda: [LoadScene(app)]
    out["pause"] = pause
    out["concede"] = concede
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--lang", default=",".join(LANGS))
    ap.add_argument("--scene", default=",".join(DEFAULT_SCENES),
                    help="comma-separated scene names, or 'all' (default: %(default)s)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        app = headless_app(home, sound=True)     # the settings screen shows "Sound: On"
        sample_saves(app)
        wanted = [] if args.scene == "all" else [s for s in args.scene.split(",") if s]
        for lang in args.lang.split(","):
            app.settings.player_name = {"bn": "অনু", "hi": "अनु", "es": "Ana"}.get(lang, "Anu")
            set_language(app, lang, native_digits=lang == "bn")
            for name, build in scene_builders(app).items():
                if wanted and name not in wanted:
                    continue
                app.stack.scenes.clear()
                for scene in build():
                    app.stack.push(scene)
                for _ in range(2):
                    app.step(1 / 60, [])
                path = out / f"{name}_{lang}.png"
                save_png(app, path)
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
