"""How well a search level reads the hidden cards (``python main.py bench --reading``).

Seeded matches are played with one level at every seat (``against``: the
table being read). At every third decision with a choice, the seat to act
deals the worlds its own level would search there, and each world is scored
by the share of the other seats' hidden cards it puts in the hand that truly
holds them: the cheat's one world scores 100 %.

The control is the same number of worlds with no reading of the others'
play (only what the rules, the cards seen and the declarations force), so
the reading's worth is the difference, paired decision by decision on the
same seeds. It exists where the reading goes through
:meth:`~.search.game.SearchGame.action_likelihood`, which is Tute's reading
of the others' cards. The other games read bets, bids and pile takes while
dealing their worlds (:meth:`~.search.game.SearchGame.deal`), so for them
the share is printed alone.

A reading is only as good as its model of the players it faces: a level
reads the others as club players (and Expert, in two-seat Truco and
four-seat Tute, as club or strong players), so the same reading may find
much against Normal and little against Hard.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from game.games import game_module

from . import make_bot
from .search.bot import paired_error
from .search.game import SearchGame
from .search.worlds import WorldStats


def holdings(game_id: str, hand) -> Counter:
    """A hand as a multiset of cards (Buraco keeps a count per kind)."""
    if game_id == "buraco":
        return Counter({kind: n for kind, n in enumerate(hand) if n})
    return Counter(hand)


def placed_share(game_id: str, world, truth, seat: int) -> tuple[int, int]:
    """(cards the world puts in their true hand, hidden cards) over the
    seats other than ``seat``."""
    right = total = 0
    for s in range(truth.players):
        if s == seat:
            continue
        true = holdings(game_id, truth.hands[s])
        right += sum((true & holdings(game_id, world.hands[s])).values())
        total += sum(true.values())
    return right, total


def reading_positions(game_id: str, players: int, against: str, count: int, seed: int = 5,
                      max_matches: int = 40, options: dict | None = None) -> list:
    """``count`` (view, true match) pairs: every third decision with a choice
    in seeded matches with ``against`` at every seat, in every phase of the
    deals; the true match is a copy taken at that decision."""
    module = game_module(game_id)
    positions = []
    match_no = 0
    while len(positions) < count and match_no < max_matches:
        match = module.Match(players, match_no % players, seed + match_no, options or {},
                             None, False)
        bots = [make_bot(against, game_id, seed * 10 + match_no * players + s)
                for s in range(players)]
        step = 0
        while not match.finished and len(positions) < count:
            seat = match.to_act
            view = match.view(seat)
            if len(view["legal"]) > 1:
                if step % 3 == 0:
                    positions.append((view, match.clone()))
                step += 1
            bot = bots[seat]
            if getattr(bot, "needs_truth", False):
                bot.see(match)
            match.apply(bot.choose(view))
        match_no += 1
    return positions


@dataclass
class Reading:
    game_id: str
    players: int
    level: str
    against: str
    controlled: bool = True                        # the game's reading can be switched off
    read: list = field(default_factory=list)      # per decision: share placed right, read
    unread: list = field(default_factory=list)    # the same, no inference from play (controlled)

    @property
    def gain(self) -> tuple[float, float]:
        """Mean of read minus unread over the decisions, and its standard error."""
        n = len(self.read)
        if not n or not self.controlled:
            return 0.0, 0.0
        mean = sum(a - b for a, b in zip(self.read, self.unread)) / n
        return mean, paired_error(self.read, self.unread) if n > 1 else 0.0


def _share(game_id: str, worlds: list, truth, seat: int) -> float | None:
    right = total = 0
    for world in worlds:
        r, t = placed_share(game_id, world, truth, seat)
        right += r
        total += t
    return right / total if total else None


def measure(game_id: str, players: int, level: str = "expert", against: str = "hard",
            decisions: int = 120, seed: int = 5, options: dict | None = None) -> Reading:
    """``level``'s reading of a table of ``against`` players (see the module)."""
    result = Reading(game_id, players, level, against)
    reader = make_bot(level, game_id, seed)
    result.controlled = type(reader.game).action_likelihood is not SearchGame.action_likelihood
    bots = [reader]
    if result.controlled:
        control = make_bot(level, game_id, seed)
        control.game.action_likelihood = lambda view: None      # this instance only
        bots.append(control)
    for i, (view, truth) in enumerate(reading_positions(game_id, players, against, decisions,
                                                        seed, options=options)):
        seat = view["seat"]
        if reader.game.solvable(view):          # nothing hidden: solved exactly
            continue
        shares = []
        for bot in bots:
            bot.last_worlds = WorldStats()
            bot.game.begin(view)
            worlds = bot.sample(view, random.Random(seed * 7919 + i))
            shares.append(_share(game_id, worlds, truth, seat) if worlds else None)
        if None in shares:
            continue
        result.read.append(shares[0])
        if result.controlled:
            result.unread.append(shares[1])
    return result
