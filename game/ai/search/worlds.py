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

import math
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
    """How sampling went for one decision (for tests and benches); ``ess``:
    with inference, the effective number of distinct worlds among those
    weighed (Kish: (sum w)^2 / sum w^2), else the number kept."""

    __slots__ = ("tried", "kept", "illegal", "disagree", "none", "ess")

    def __init__(self) -> None:
        self.tried = self.kept = self.illegal = self.disagree = self.none = 0
        self.ess = 0.0


def sample_worlds(game, view: dict, rng: random.Random, count: int,
                  max_tries: int | None = None, stats: WorldStats | None = None) -> list:
    """Up to ``count`` matches, each a world the seat of ``view`` cannot tell
    from the real one. Sampling stops after ``max_tries`` attempts (default 8
    per world wanted); an empty list means no consistent world was found.

    Inference (where the game has a model of the others' play,
    :meth:`~.game.SearchGame.action_likelihood`): ``inference_pool`` times as
    many worlds are drawn, each weighed by how likely the others' moves of the
    deal were in it, and ``count`` are kept in proportion to their weights
    (systematic resampling); a world kept more than once is
    :meth:`~.game.SearchGame.refresh`-ed so the copies differ where they may."""
    stats = stats or WorldStats()
    match_cls = game.module.Match
    likelihood = game.action_likelihood(view) if count > 1 else None
    want = count * game.inference_pool if likelihood is not None else count
    worlds = []
    logs = []
    me = view["seat"]
    limit = max_tries if max_tries is not None else 8 * want
    while len(worlds) < want and stats.tried < limit:
        stats.tried += 1
        deal = game.deal(view, rng)
        if deal is None:
            stats.none += 1
            continue
        setup, actions = deal
        log_weight = [0.0]
        observe = None
        if likelihood is not None:
            def observe(match, action, acc=log_weight):
                if match.to_act != me:
                    acc[0] += math.log(likelihood(match, action))
        try:
            world = match_cls.from_world(view, setup, actions, observe)
        except (IllegalAction, MatchFileError):
            stats.illegal += 1
            continue
        if not world.agrees_with(view):
            stats.disagree += 1
            continue
        stats.kept += 1
        worlds.append(world)
        logs.append(log_weight[0])
    stats.ess = float(len(worlds))
    if likelihood is None or not worlds:
        return worlds
    return _resample(game, view, worlds, logs, count, rng, stats)


def _resample(game, view: dict, worlds: list, logs: list[float], count: int,
              rng: random.Random, stats: WorldStats) -> list:
    """``count`` of ``worlds`` drawn in proportion to ``exp(logs)`` (systematic
    resampling: each world about ``count * weight`` times), repeats refreshed,
    in a shuffled order."""
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    stats.ess = total * total / sum(w * w for w in weights)
    step = total / count
    point = rng.random() * step
    kept = []
    acc = 0.0
    for world, w in zip(worlds, weights):
        acc += w
        copies = 0
        while point < acc and len(kept) < count:
            kept.append(world if copies == 0 else _refreshed(game, world, view, rng))
            copies += 1
            point += step
    while len(kept) < count:                   # rounding left the last place empty
        kept.append(_refreshed(game, worlds[-1], view, rng))
    rng.shuffle(kept)
    return kept


def _refreshed(game, world, view: dict, rng: random.Random):
    copy = world.clone()
    game.refresh(copy, view, rng)
    return copy
