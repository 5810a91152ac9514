"""Exact play once nothing is hidden.

When a seat's view leaves no card unknown (Tute for two once the stock is
empty: every card not in its hand or on the table is in the other hand), the
one world consistent with the view is the true deal, and what is left of the
deal is small enough to search to the end. :func:`solve` does that: a
minimax over the engine's own moves (``clone`` + ``apply_fast``), with
alpha-beta cuts and a table of positions already valued, scoring each end of
the deal by the game's :meth:`~game.ai.search.game.SearchGame.outcome`, the
same value the sampling search plays for. The root actions come back as
:class:`~game.ai.search.ismcts.ActionStat` with their exact values, so hints
and reviews price them as they price searched ones.

Ties between outcomes of equal value (a match already decided) go to the
larger margin, by a term too small to outweigh any difference in value.
"""
from __future__ import annotations

from .ismcts import ActionStat

TIE = 1e-6          # weight of the margin (match points) that breaks ties in value
EXACT, LOWER, UPPER = range(3)


class TooBig(Exception):
    """The position needs more nodes than allowed: search it by sampling."""


def solve(game, world, view: dict, node_limit: int) -> list[ActionStat] | None:
    """The root actions of ``view`` valued exactly in ``world`` (the true deal),
    best first; None if it would take more than ``node_limit`` positions."""
    seat = view["seat"]
    deal = view["deal_index"]
    table: dict = {}
    count = [0]

    def leaf(m) -> tuple[float, float]:
        rewards, margins = game.outcome(m, view)
        return rewards[seat] + TIE * margins[seat], margins[seat]

    def value(m, alpha: float, beta: float) -> tuple[float, float]:
        if m.deal_over_since(deal):
            return leaf(m)
        count[0] += 1
        if count[0] > node_limit:
            raise TooBig
        key = game.state_key(m)
        hit = table.get(key)
        if hit is not None:
            v, margin, flag = hit
            if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                return v, margin
        a0, b0 = alpha, beta
        maxing = m.to_act == seat
        best, best_margin = (-2.0, 0.0) if maxing else (3.0, 0.0)
        for action in m.legal_actions():
            child = m.clone()
            child.apply_fast(action)
            v, margin = value(child, alpha, beta)
            if maxing:
                if v > best:
                    best, best_margin = v, margin
                    alpha = max(alpha, v)
            elif v < best:
                best, best_margin = v, margin
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = UPPER if best <= a0 else (LOWER if best >= b0 else EXACT)
        table[key] = (best, best_margin, flag)
        return best, best_margin

    valued = []
    try:
        for action in view["legal"]:
            child = world.clone()
            child.apply_fast(action)
            valued.append((*value(child, -2.0, 3.0), action))
    except TooBig:
        return None
    valued.sort(key=lambda t: -t[0])
    return [ActionStat(action, 1, v - TIE * margin, margin) for v, margin, action in valued]
