"""The search bot and its levels.

Hard and Expert are the same search with different budgets, counted in
iterations (not seconds) so that a seeded match plays the same on any
machine. Each decision draws its randomness from the bot's seed and the
decision's place in the match, so a bot's choice depends only on the view it
is given. The cheat bot (arena only) searches the true deal instead of
sampled ones: the ceiling the others are measured against.
"""
from __future__ import annotations

import math
import random

from ..base import Bot
from .exact import solve
from .game import WORLDS
from .ismcts import ActionStat, search
from .worlds import WorldStats, sample_worlds


def decision_rng(seed: int, view: dict) -> random.Random:
    """The generator of one decision: the bot's seed and where in the match
    the decision is (deal, actions so far, seat), nothing hidden."""
    return random.Random(f"search/{seed}/{view['deal_index']}/{len(view['actions'])}/{view['seat']}")


def paired_error(a: list[float], b: list[float]) -> float:
    """The standard error of the mean of ``a[i] - b[i]`` (rewards of two
    actions in the same passes)."""
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    if n < 2:
        return 0.5
    mean = sum(diffs) / n
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


class SearchBot(Bot):
    """ISMCTS over sampled worlds with ``iterations`` iterations a decision;
    ``fallback`` (the rule bot) decides where no consistent world is found.
    ``slow``: the table lets it think on a thread."""

    slow = True

    def __init__(self, game, iterations: int, seed: int = 0, fallback: Bot | None = None,
                 name: str = "search", worlds: int = WORLDS) -> None:
        super().__init__(seed)
        self.seed = seed
        self.game = game
        self.iterations = iterations
        self.fallback = fallback
        self.name = name
        self.worlds = worlds
        self.last_stats: list[ActionStat] = []
        self.last_exact = False          # last_stats were solved exactly, not sampled
        self.last_worlds = WorldStats()

    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        plain = self.game.settled(view)
        if plain is not None and plain in legal:
            return plain
        stats = self.analyse(view)
        if not stats:
            return self.fallback.choose(view) if self.fallback else legal[0]
        if self.last_exact:
            return stats[0].action
        return self._settle(view, stats)

    def _settle(self, view: dict, stats: list[ActionStat]) -> str:
        """The search's first action, unless the search cannot tell it from what
        the rule bot would do: then the rule bot's choice (a near tie is noise,
        and noise must not decide a double or a raise). A paired search knows
        its noise: the standard error of the two actions' paired difference."""
        best = stats[0]
        if self.fallback is None or len(stats) < 2:
            return best.action
        usual = self.fallback.choose(view)
        other = next((s for s in stats if s.action == usual), None)
        if other is None or other is best or 2 * other.visits < best.visits:
            return best.action
        if best.passes is not None and other.passes is not None:
            noise = paired_error(best.passes, other.passes)
        else:
            noise = 0.5 * math.sqrt(1 / best.visits + 1 / other.visits)
        return usual if best.value - other.value < noise else best.action

    def analyse(self, view: dict, iterations: int | None = None, price_all: bool = False) -> list[ActionStat]:
        """Search the view's decision; the root actions with their visits and
        values, most visited first (empty if no world could be sampled).
        ``price_all``: search every legal action (a hint, a review).
        Where the game says nothing is hidden any more, the decision is solved
        exactly in the one world the view allows (every action priced)."""
        rng = decision_rng(self.seed, view)
        self.last_worlds = WorldStats()
        self.last_exact = False
        game = self.game
        game.begin(view)
        solvable = game.solvable(view)
        worlds = self.sample(view, rng, 1 if solvable else None)   # all alike when solvable
        if not worlds:
            self.last_stats = []
            return []
        if solvable:
            exact = solve(game, worlds[0], view, game.exact_node_limit)
            if exact is not None:
                self.last_exact = True
                self.last_stats = exact
                return exact
        self.last_stats = search(game, view, worlds, iterations or self.iterations, rng,
                                 price_all=price_all, paired=game.paired_root(view))
        return self.last_stats

    def sample(self, view: dict, rng: random.Random, count: int | None = None) -> list:
        """Worlds for a decision: ``count`` of them (default: the bot's share)."""
        count = count or min(self.game.world_count(view, self.worlds), self.iterations)
        return sample_worlds(self.game, view, rng, count,
                             stats=self.last_worlds)


class CheatBot(SearchBot):
    """The same search given the true deal (the arena hands it the match):
    for measuring only, never offered at the table."""

    needs_truth = True

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.truth = None

    def see(self, match) -> None:
        """The arena shows the bot the real match before each of its decisions."""
        self.truth = match

    def sample(self, view: dict, rng: random.Random, count: int | None = None) -> list:
        if self.truth is None:
            raise RuntimeError("the cheat bot plays only in the arena, which shows it the match")
        world = self.truth.clone()
        self.truth = None
        return [world]
