"""``main.py --selftest``: open every scene headless, play one bot-only deal of
each built game (every player count) through the engine and through the
table, and exit 0 — the check a packaged build runs on a new machine."""
from __future__ import annotations

import os
import sys
import tempfile
import traceback


def _bot_seats(players: int):
    from game.session import SeatConfig
    return [SeatConfig(f"Bot {i + 1}", False) for i in range(players)]


PLAY_EVENTS = ("played", "discarded")     # a deal in which cards were really played


def _deal_was_played(match, index: int) -> bool:
    return any(e.kind in PLAY_EVENTS for e in match.records[index].events)


def _play_one_deal_headless(game_id: str, players: int) -> int:
    """Bots play until a deal with card play ends (a thrown-in deal does not count)."""
    from game.session import Session
    session = Session.new(game_id, players, {}, _bot_seats(players), seed=11, dealer=0)
    match = session.match
    actions = 0
    while not match.finished:
        index = match.deal_index
        match.apply(session.bot_action(match.to_act))
        actions += 1
        if (match.deal_index != index or match.finished) and _deal_was_played(match, index):
            break
    return actions


def _play_one_deal_on_table(app, game_id: str, players: int) -> None:
    from game.scenes.tables import table_for
    from game.session import Session
    session = Session.new(game_id, players, {}, _bot_seats(players), seed=5, dealer=0)
    app.settings.animation_speed = "instant"
    app.stack.clear_to(table_for(app, session))
    match = session.match
    for _ in range(20000):
        app.step(1 / 30, [])
        done = [i for i, rec in enumerate(match.records) if rec.ended]
        if any(_deal_was_played(match, i) for i in done):
            return
    raise RuntimeError(f"{game_id} {players}p: the table did not finish a deal")


def _scenes(app):
    """Every scene, built as the game builds it."""
    from game.games import built_games
    from game.scenes.menu import MainMenuScene
    from game.scenes.picker import GamePickerScene
    from game.scenes.rules_help import RulesHelpScene
    from game.scenes.settings_scene import SettingsScene
    from game.scenes.setup import MatchSetupScene
    yield "menu", MainMenuScene(app)
    yield "picker", GamePickerScene(app)
    for game_id in built_games():
        yield f"setup {game_id}", MatchSetupScene(app, game_id)
    yield "settings", SettingsScene(app)
    yield "rules", RulesHelpScene(app)
    from game.scenes.controllers import ControllersScene
    yield "controllers", ControllersScene(app)


def _search_decides(game_id: str) -> str:
    """The game's search bot (the Hard level, on a small budget) makes a legal first decision."""
    from game.ai import has_search, make_bot
    from game.games import game_module
    if not has_search(game_id):
        return "no search bot"
    module = game_module(game_id)
    match = module.Match(module.DEFAULT_PLAYERS, 0, 5, {}, None, False)
    bot = make_bot("hard", game_id, 1)
    bot.iterations = 50
    seat = match.to_act
    view = match.view(seat)
    action = bot.choose(view)
    if action not in view["legal"]:
        raise RuntimeError(f"the {game_id} search bot chose {action!r}, not a legal action")
    return f"the search bot chose {action!r}"


def run_selftest(out=print) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        from game.app import App
        from game.games import built_games, game_module
        with tempfile.TemporaryDirectory() as home:
            app = App(pref_dir=home, headless=True)
            for lang in ("en", "bn", "hi", "es", "pt"):
                app.settings.language = lang
                app.apply_language()
                for name, scene in _scenes(app):
                    app.stack.clear_to(scene)
                    for _ in range(3):
                        app.step(1 / 60, [])
                out(f"selftest: scenes drawn in {lang}")
            app.settings.language = "en"
            app.apply_language()
            from game.scenes.tables import table_supports
            for game_id in built_games():
                for players in game_module(game_id).PLAYERS:
                    n = _play_one_deal_headless(game_id, players)
                    if not table_supports(game_id, players):
                        out(f"selftest: {game_id} {players} players: a bot-only deal ({n} actions) "
                            "played headless; skipped on the table (no table for it yet)")
                        continue
                    _play_one_deal_on_table(app, game_id, players)
                    out(f"selftest: {game_id} {players} players: a bot-only deal ({n} actions) "
                        "played headless and on the table")
            for game_id in built_games():
                out(f"selftest: {game_id}: {_search_decides(game_id)}")
            from game.remote.server import selfcheck
            out(f"selftest: phones: {selfcheck()}")
        out("selftest: ok")
        return 0
    except Exception:
        traceback.print_exc(file=sys.stdout)
        out("selftest: FAILED")
        return 1
