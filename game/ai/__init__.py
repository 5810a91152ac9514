"""Bots: they read a seat's view, never a match.

``make_bot(level, game_id, seed)`` builds one by name:

- ``easy``: the rule bot with mistakes;
- ``normal`` (also ``rule``): the game's rule bot, a sound club player;
- ``hard``: search (ISMCTS over sampled worlds), about 0.3 s a decision here;
- ``expert``: the same search with about three times the budget (and, where
  a game asks for it, more sampled worlds, or what its ``at_level`` changes:
  Truco Mineiro's other seats play their cards by the policy);
- ``random``: any legal action;
- ``cheat``: the expert search given the true deal, for the arena only.

Search levels are budgets of iterations, so a seeded match plays the same on
any machine.
"""
from __future__ import annotations

import importlib
import importlib.util

from .base import Bot, EasyBot, RandomBot

_CLASS_PREFIX = {"twenty_nine": "TwentyNine", "tute": "Tute", "truco_argentino": "TrucoArgentino",
                 "truco_mineiro": "TrucoMineiro", "buraco": "Buraco"}
# game -> (module, class): each game's rule bot, and its search adapter (a
# game.ai.search.game.SearchGame with its Hard and Expert budgets)
RULE_BOTS = {g: (f"game.ai.{g}_bot", f"{c}Bot") for g, c in _CLASS_PREFIX.items()}
SEARCH_GAMES = {g: (f"game.ai.{g}_search", f"{c}Search") for g, c in _CLASS_PREFIX.items()}

LEVELS = ("easy", "normal", "hard", "expert")     # what the table offers
SEARCH_LEVELS = ("hard", "expert")


def _has(table: dict, game_id: str) -> bool:
    return game_id in table and importlib.util.find_spec(table[game_id][0]) is not None


def has_rule_bot(game_id: str) -> bool:
    return _has(RULE_BOTS, game_id)


def has_search(game_id: str) -> bool:
    return _has(SEARCH_GAMES, game_id)


def bot_kinds(game_id: str) -> list[str]:
    """Every bot name ``make_bot`` accepts for the game."""
    kinds = ["random"]
    if has_rule_bot(game_id):
        kinds += ["rule", "easy", "normal"]
    if has_search(game_id):
        kinds += ["hard", "expert", "cheat"]
    return kinds


def levels(game_id: str) -> list[str]:
    """The levels a seat can be given at the table for this game."""
    return [lv for lv in LEVELS if lv in bot_kinds(game_id)]


def search_game(game_id: str, players: int | None = None):
    """The game's search adapter."""
    module_name, class_name = SEARCH_GAMES[game_id]
    return getattr(importlib.import_module(module_name), class_name)()


def make_bot(kind: str, game_id: str, seed: int = 0) -> Bot:
    if kind == "random":
        return RandomBot(seed)
    if kind in ("rule", "normal", "easy") and has_rule_bot(game_id):
        module_name, class_name = RULE_BOTS[game_id]
        rule = getattr(importlib.import_module(module_name), class_name)(seed)
        return EasyBot(rule, seed + 1) if kind == "easy" else rule
    if kind in ("hard", "expert", "cheat") and has_search(game_id):
        from .search.bot import CheatBot, SearchBot
        game = search_game(game_id)
        game.at_level(kind)
        fallback = make_bot("normal", game_id, seed) if has_rule_bot(game_id) else RandomBot(seed)
        if kind == "hard":
            return SearchBot(game, game.hard_iterations, seed, fallback, "hard", game.hard_worlds)
        if kind == "cheat":
            return CheatBot(game, game.expert_iterations, seed, fallback, kind)
        return SearchBot(game, game.expert_iterations, seed, fallback, kind,
                         game.expert_worlds or game.hard_worlds)
    raise ValueError(f"unknown bot {kind!r} for {game_id} (bots: {', '.join(bot_kinds(game_id))})")
