"""Sampled worlds: the hidden cards dealt consistently with a seat's knowledge.

A game's :class:`~game.ai.search.game.SearchGame` turns a view into a deal
(``setup`` in the game's internal form plus the deal's actions to replay);
:func:`sample_worlds` builds each as a match through the engine and keeps it
only if replaying it is legal and the seat would see exactly its own view in
it. :func:`deal_constrained` is the dealing helper the games share: it hands
out unknown cards to slots of known sizes, respecting cards a slot cannot hold
(shown voids) and cards it must hold (sung, taken from a pile, shown).
"""
from __future__ import annotations

import random

from game.engine.errors import IllegalAction, MatchFileError


class Slot:
    """A place hidden cards go: a seat's hand, the stock, a muerto...

    ``size`` cards; ``must`` are cards known to be there (dealt to it first);
    ``allowed(card)`` says whether a card may be there (None: any).
    """

    __slots__ = ("name", "size", "must", "allowed")

    def __init__(self, name, size: int, must=(), allowed=None) -> None:
        self.name = name
        self.size = size
        self.must = list(must)
        self.allowed = allowed


def deal_constrained(pool: list[int], slots: list[Slot], rng: random.Random,
                     tries: int = 40) -> dict | None:
    """Deal ``pool`` (the unknown cards, a multiset) into ``slots``.

    Every slot gets its ``must`` cards and is filled to ``size`` with cards it
    allows. The most constrained slots are filled first, each from a fresh
    shuffle, and a dead end is retried; None if no deal was found in ``tries``
    (the constraints may contradict each other). Returns slot name -> cards.
    """
    need = sum(s.size for s in slots)
    if need != len(pool):
        raise ValueError(f"{len(pool)} unknown cards for {need} places")
    for _ in range(tries):
        rest = list(pool)
        out: dict = {}
        ok = True
        for slot in slots:
            for card in slot.must:
                if card not in rest:
                    return None          # a known card is not among the unknown: contradiction
                rest.remove(card)
            out[slot.name] = list(slot.must)
        # fill the most constrained slot first (fewest cards allowed per place left)
        order = sorted(slots, key=lambda s: _room(s, rest) - (s.size - len(s.must)))
        for slot in order:
            want = slot.size - len(out[slot.name])
            if want <= 0:
                continue
            rng.shuffle(rest)
            if slot.allowed is None:
                take, rest = rest[:want], rest[want:]
            else:
                take, keep = [], []
                for card in rest:
                    if len(take) < want and slot.allowed(card):
                        take.append(card)
                    else:
                        keep.append(card)
                if len(take) < want:
                    ok = False
                    break
                rest = keep
            out[slot.name].extend(take)
        if ok:
            return out
    return None


def _room(slot: Slot, cards: list[int]) -> int:
    if slot.allowed is None:
        return len(cards)
    return sum(1 for c in cards if slot.allowed(c))


class WorldStats:
    """How sampling went for one decision (for tests and benches)."""

    __slots__ = ("tried", "kept", "illegal", "disagree", "none")

    def __init__(self) -> None:
        self.tried = self.kept = self.illegal = self.disagree = self.none = 0


def sample_worlds(game, view: dict, rng: random.Random, count: int,
                  max_tries: int | None = None, stats: WorldStats | None = None) -> list:
    """Up to ``count`` matches, each a world the seat of ``view`` cannot tell
    from the real one. Sampling stops after ``max_tries`` attempts (default 8
    per world wanted); an empty list means no consistent world was found."""
    stats = stats or WorldStats()
    match_cls = game.module.Match
    worlds = []
    limit = max_tries if max_tries is not None else 8 * count
    while len(worlds) < count and stats.tried < limit:
        stats.tried += 1
        deal = game.deal(view, rng)
        if deal is None:
            stats.none += 1
            continue
        setup, actions = deal
        try:
            world = match_cls.from_world(view, setup, actions)
        except (IllegalAction, MatchFileError):
            stats.illegal += 1
            continue
        if not world.agrees_with(view):
            stats.disagree += 1
            continue
        stats.kept += 1
        worlds.append(world)
    return worlds
