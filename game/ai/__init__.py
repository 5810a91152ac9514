"""Bots: they read a seat's view, never a match.

``make_bot(kind, game_id, seed)`` builds one by name: ``random`` (any game),
``rule`` (the game's rule-based bot).
"""
from __future__ import annotations

import importlib
import importlib.util

from .base import Bot, RandomBot

RULE_BOTS = {
    "twenty_nine": ("game.ai.twenty_nine_bot", "TwentyNineBot"),
    "tute": ("game.ai.tute_bot", "TuteBot"),
    "truco_argentino": ("game.ai.truco_argentino_bot", "TrucoArgentinoBot"),
    "truco_mineiro": ("game.ai.truco_mineiro_bot", "TrucoMineiroBot"),
    "buraco": ("game.ai.buraco_bot", "BuracoBot"),
}


def has_rule_bot(game_id: str) -> bool:
    return game_id in RULE_BOTS and importlib.util.find_spec(RULE_BOTS[game_id][0]) is not None


def bot_kinds(game_id: str) -> list[str]:
    return ["random"] + (["rule"] if has_rule_bot(game_id) else [])


def make_bot(kind: str, game_id: str, seed: int = 0) -> Bot:
    if kind == "random":
        return RandomBot(seed)
    if kind == "rule" and has_rule_bot(game_id):
        module_name, class_name = RULE_BOTS[game_id]
        return getattr(importlib.import_module(module_name), class_name)(seed)
    raise ValueError(f"unknown bot {kind!r} for {game_id} (bots: {', '.join(bot_kinds(game_id))})")
