"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

One tree for the searching seat, whose nodes are histories of actions from
the decision at hand: every seat's moves are in it, each node scored for the
seat that made its move. Every iteration takes one sampled world, walks the
tree choosing among the children that world allows (UCB with availability
counts, so a move seen in few worlds is not over-explored), adds one node,
plays out to the end of the deal with the game's playout policy and backs the
result up. Below the root, a seat the game names (:meth:`SearchGame.by_policy`)
moves by the playout policy instead, from the cards that world gave it, and
adds no node: the tree then holds the searching seat's own moves and those
the game keeps in it. The decision is the root's most visited action. The game may prune what the
tree considers; a hint or a review searches every legal action at the root
so that it can price any choice a player made.

Paired root (``paired``): the iterations go in passes, one iteration per root
action in each pass, every iteration of a pass in the same world and with the
same random stream for its tree and playout (common random numbers). Every
action is then tried in exactly the same worlds, so the luck of the deal, by
far the largest noise in a card game's playout, cancels out of the comparison
between actions, and each pass gives a paired sample of the difference between
two actions (:attr:`ActionStat.passes`). The decision is the action of highest
value. Below the root the tree works as above.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass


class Node:
    __slots__ = ("action", "actor", "children", "visits", "reward", "margin", "avail")

    def __init__(self, action: str | None = None, actor: int = -1) -> None:
        self.action = action
        self.actor = actor
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.margin = 0.0
        self.avail = 1


@dataclass
class ActionStat:
    """A root action after search: how often it was tried and what it was
    worth to the searching seat (mean reward in [0, 1], mean margin in match
    points of its side)."""

    action: str
    visits: int
    value: float
    margin: float
    passes: list | None = None      # paired search: the reward of each pass, in pass order


def search(game, view: dict, worlds: list, iterations: int, rng: random.Random,
           exploration: float = 0.7, price_all: bool = False,
           paired: bool = False) -> list[ActionStat]:
    """Run ``iterations`` iterations over ``worlds`` (used in turn) and return
    the root actions that are legal in ``view``, most visited first (paired:
    highest value first; the iterations are rounded down to whole passes).

    The root considers ``game.root_candidates(view, legal)`` (the game may drop
    actions that are dominated or the same as another, so noise cannot pick
    them); ``price_all`` searches every legal action instead, for a hint or a
    review that must price whatever the player chose."""
    root = Node()
    root_legal = None if price_all else game.root_candidates(view, list(view["legal"]))
    deal = view["deal_index"]
    limit = game.playout_limit
    candidates = game.candidates
    playout_action = game.playout_action
    outcome = game.outcome
    log = math.log
    sqrt = math.sqrt
    n_worlds = len(worlds)
    me = view["seat"]
    by_policy = game.by_policy
    forced = None                             # paired: the root actions, tried in turn
    if paired:
        forced = list(root_legal) if root_legal is not None else list(view["legal"])
        if not forced:
            return []                         # not this seat's turn: nothing to choose
        per_pass = len(forced)
        iterations = max(1, iterations // per_pass) * per_pass
        passes = {a: [] for a in forced}
        pass_rng = rng
    for it in range(iterations):
        if forced is not None:
            k, j = divmod(it, per_pass)
            if j == 0:
                pass_seed = pass_rng.getrandbits(64)
            rng = random.Random(pass_seed)    # the same stream for every action of the pass
            world = worlds[k % n_worlds].clone()
            child = root.children.get(forced[j])
            if child is None:
                child = root.children[forced[j]] = Node(forced[j], world.to_act)
            world.apply_fast(forced[j])
            node = child
            path = [child]
        else:
            world = worlds[it % n_worlds].clone()
            node = root
            path = []
        # selection and expansion
        while not world.deal_over_since(deal):
            if path and world.to_act != me and by_policy(world):
                world.apply_fast(playout_action(world, rng))
                continue
            legal = world.legal_actions()
            if path:
                legal = candidates(world, legal)
            elif root_legal is not None:
                legal = root_legal
            actor = world.to_act
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = Node(action, actor)
                children[action] = child
                world.apply_fast(action)
                path.append(child)
                node = child
                if len(legal) > 1:
                    break                     # one new node per iteration; forced moves ride along
                continue
            best = None
            best_score = -1.0
            for action in legal:
                child = children[action]
                child.avail += 1
                score = child.reward / child.visits + exploration * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = child, score
            world.apply_fast(best.action)
            path.append(best)
            node = best
        # playout
        steps = 0
        while not world.deal_over_since(deal) and (limit is None or steps < limit):
            world.apply_fast(playout_action(world, rng))
            steps += 1
        rewards, margins = outcome(world, view)
        if forced is not None:
            passes[path[0].action].append(rewards[me])
        for n in path:
            n.visits += 1
            n.reward += rewards[n.actor]
            n.margin += margins[n.actor]
    legal = set(view["legal"])
    stats = [ActionStat(c.action, c.visits, c.reward / c.visits, c.margin / c.visits,
                        passes[c.action] if forced is not None else None)
             for c in root.children.values() if c.action in legal and c.visits]
    if forced is not None:
        stats.sort(key=lambda s: -s.value)
    else:
        stats.sort(key=lambda s: (-s.visits, -s.value))
    return stats
