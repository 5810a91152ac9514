"""What every bot is: something that picks an action from a seat's view.

A bot never sees a :class:`~game.engine.match.Match`: it is handed
``match.view(seat)`` (a plain dict holding exactly what a human in that seat
could know, including ``view["legal"]``) and returns one of those legal
action strings. Bots are seeded so arenas and tests are repeatable.
"""
from __future__ import annotations

import random


class Bot:
    """Base class: ``choose(view) -> action``; ``name`` for arena reports."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> str:
        raise NotImplementedError


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: dict) -> str:
        return self.rng.choice(view["legal"])
