"""What a bigger budget would buy (``python main.py bench --convergence``).

A level's decision is priced by a *reference*: Expert's own search (its model
of the game, as :meth:`SearchGame.at_level` sets it) with ``scale`` times
Expert's iterations and worlds, every legal action searched. A decision's
*regret* is the reference's value of its best action minus its value of the
action the level took, in the search's reward (0 to 1, 0.5 an even result;
each game's :meth:`SearchGame.outcome` says what it weighs). Regret 0 is the
reference's own choice; a level whose mean regret is no larger than a
bigger budget's is as close to what the search can find as that budget is,
so more iterations would not make it play better, only a better model would.

The reference has noise of its own, so even its own search at the same budget
with another seed has some regret; the levels are compared with one another
on the same decisions (a paired difference and its standard error over the
decisions).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import make_bot
from .search.bot import paired_error


@dataclass
class LevelRegret:
    level: str
    regrets: list = field(default_factory=list)   # per decision and repeat, decision-major

    @property
    def mean(self) -> float:
        return sum(self.regrets) / len(self.regrets) if self.regrets else 0.0

    @property
    def best(self) -> int:
        """Choices the reference ranks first (or level with its first)."""
        return sum(r <= 0.0 for r in self.regrets)

    def costly(self, above: float = 0.02) -> int:
        return sum(r > above for r in self.regrets)


def reference_values(game_id: str, views: list[dict], scale: float, seed: int = 424242,
                     iterations: int | None = None) -> list[dict]:
    """For each view, every legal action's value under Expert's search at
    ``scale`` times its budget and worlds (``iterations``: that many instead);
    an empty dict where the game settles the decision without a search."""
    bot = make_bot("expert", game_id, seed)
    bot.iterations = iterations or int(bot.iterations * scale)
    bot.worlds = int(bot.worlds * scale)
    out = []
    for view in views:
        stats = bot.analyse(view, price_all=True)
        out.append({s.action: s.value for s in stats})
    return out


def level_regret(game_id: str, level: str, views: list[dict], references: list[dict],
                 repeats: int = 3, iterations: int | None = None) -> LevelRegret:
    """The regret of ``level``'s choices (its bot as the table builds it, with
    ``repeats`` seeds; ``iterations`` overrides a search level's budget)."""
    result = LevelRegret(level)
    bots = []
    for r in range(repeats):
        bot = make_bot(level, game_id, 1000 + r)
        if iterations is not None and hasattr(bot, "iterations"):
            bot.iterations = iterations
        bots.append(bot)
    for view, values in zip(views, references):
        if not values:
            continue
        top, floor = max(values.values()), min(values.values())
        for bot in bots:
            result.regrets.append(top - values.get(bot.choose(view), floor))
    return result


def paired_difference(a: LevelRegret, b: LevelRegret, repeats: int) -> tuple[float, float]:
    """Mean of ``a``'s regret minus ``b``'s on the same decisions, and its
    standard error over the decisions (repeats of a decision averaged first)."""
    def per_decision(regrets: list) -> list:
        return [sum(regrets[i:i + repeats]) / repeats for i in range(0, len(regrets), repeats)]
    per_a, per_b = per_decision(a.regrets), per_decision(b.regrets)
    n = min(len(per_a), len(per_b))
    mean = sum(x - y for x, y in zip(per_a, per_b)) / n if n else 0.0
    return mean, (paired_error(per_a, per_b) if n > 1 else 0.0)
