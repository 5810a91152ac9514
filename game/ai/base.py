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


class EasyBot(Bot):
    """A bot with a careless streak: a random legal move now and then, else
    the ``inner`` bot's choice (the Easy level is the rule bot so)."""

    name = "easy"

    def __init__(self, inner: Bot, seed: int = 0, slip: float = 0.35) -> None:
        super().__init__(seed)
        self.inner = inner
        self.slip = slip

    def choose(self, view: dict) -> str:
        if self.rng.random() < self.slip:
            return self.rng.choice(view["legal"])
        return self.inner.choose(view)
