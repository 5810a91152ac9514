"""Bots: they read a seat's view, never a match.

``make_bot(kind, game_id, seed)`` builds one by name: ``random`` (any game),
``rule`` (the game's rule-based bot).
"""
from __future__ import annotations

import importlib

from .base import Bot, RandomBot

RULE_BOTS = {
    "twenty_nine": ("game.ai.twenty_nine_bot", "TwentyNineBot"),
    "tute": ("game.ai.tute_bot", "TuteBot"),
}


def bot_kinds(game_id: str) -> list[str]:
    return ["random"] + (["rule"] if game_id in RULE_BOTS else [])


def make_bot(kind: str, game_id: str, seed: int = 0) -> Bot:
    if kind == "random":
        return RandomBot(seed)
    if kind == "rule" and game_id in RULE_BOTS:
        module_name, class_name = RULE_BOTS[game_id]
        return getattr(importlib.import_module(module_name), class_name)(seed)
    raise ValueError(f"unknown bot {kind!r} for {game_id} (bots: {', '.join(bot_kinds(game_id))})")
