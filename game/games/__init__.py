"""The games of the collection, one module each.

Every game module provides ``GAME_ID``, ``PLAYERS`` (allowed seat counts),
``DEFAULT_PLAYERS``, ``OPTIONS`` (its rules page's options as
:class:`~game.engine.options.Option` rows), ``VERBS`` (the action verbs, one
line each, for ``replay --help``), ``parse_setup(players, entry, options,
where)`` (a scripted ``[[deals]]`` entry to the internal form, or
:class:`MatchFileError`) and ``Match`` (its :class:`~game.engine.match.Match`).
"""
from __future__ import annotations

import importlib
import importlib.util

from game.engine.errors import MatchFileError
from game.engine.tomlsafe import brief

GAME_IDS = ("twenty_nine", "tute", "truco_argentino", "truco_mineiro", "buraco")


def is_built(game_id: str) -> bool:
    """Whether the game's module exists yet (the menu shows the others as coming)."""
    return importlib.util.find_spec(f"game.games.{game_id}") is not None


def built_games() -> list[str]:
    return [g for g in GAME_IDS if is_built(g)]


def game_module(game_id: str):
    if game_id not in GAME_IDS:
        raise MatchFileError(f"unknown game {brief(game_id)} (games: {', '.join(GAME_IDS)})")
    if not is_built(game_id):
        raise MatchFileError(f"game {game_id!r} is not available in this version")
    return importlib.import_module(f"game.games.{game_id}")
