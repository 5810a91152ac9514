"""What a game tells the search (one subclass per game, beside its rule bot).

The search itself knows nothing of any game: it asks a :class:`SearchGame`
to deal a world from a view (:meth:`deal`), which actions to consider
(:meth:`candidates`), how to play a playout cheaply (:meth:`playout_action`)
and what the end of a playout is worth to every seat (:meth:`rewards`).
"""
from __future__ import annotations

import math
import random

WORLDS = 40          # worlds sampled per decision; iterations cycle through them


class Steady:
    """A policy's chance held at its usual side (``random()`` is 0.5, a
    choice takes the first option): the move a club player makes, for
    inference from play (:meth:`SearchGame.action_likelihood`)."""

    @staticmethod
    def random() -> float:
        return 0.5

    @staticmethod
    def choice(options):
        return options[0]


def policy_likelihood(chosen: bool, options: int, slip: float) -> float:
    """How likely a move was under a model that makes the policy's move but
    for a ``slip`` shared out evenly among the ``options`` moves: the
    policy's own move (``chosen``) or another one."""
    return 1.0 - slip + slip / options if chosen else slip / options


class SearchGame:
    """Base: defaults that suit a trick game; a game overrides what differs.

    ``score_scale`` is how many match points make a clearly good deal (the
    reward saturates past it); ``playout_limit`` caps a playout's length in
    actions (None: to the end of the deal), after which :meth:`estimate`
    judges the position.
    """

    module = None            # the game's module in game.games
    score_scale = 2.0
    playout_limit: int | None = None

    def at_level(self, level: str) -> None:
        """Set what a level (``hard``, ``expert`` or ``cheat``) changes in the
        search besides its budget and worlds (default: nothing)."""

    # ----- worlds -------------------------------------------------------------
    def deal(self, view: dict, rng: random.Random):
        """One world: ``(setup, actions)`` for :meth:`Match.from_world`, the
        hidden cards dealt consistently with everything the seat knows; None
        when this attempt found no consistent deal."""
        raise NotImplementedError

    def settled(self, view: dict) -> str | None:
        """The action to take without searching, when the decision is plain
        (a natural lay any club player makes at once); None to search. Buraco
        uses it to keep its hundreds of decisions a match affordable."""
        return None

    exact_node_limit = 40000     # positions an exact solve may take before it gives up

    def solvable(self, view: dict) -> bool:
        """Whether the view leaves nothing hidden for the rest of the deal, so
        that its one consistent world is the truth and the decision can be
        solved exactly (:mod:`.exact`) instead of sampled. Default: never."""
        return False

    def state_key(self, match):
        """A hashable key for a position of the deal being solved exactly:
        equal keys, equal futures (the exact solver's table)."""
        raise NotImplementedError

    # ----- inference ---------------------------------------------------------------
    inference_pool = 4       # worlds drawn for each one kept, where the game weighs them
    hard_worlds = WORLDS               # worlds a Hard decision keeps
    expert_worlds: int | None = None   # worlds an Expert decision keeps (None: as Hard)

    def world_count(self, view: dict, worlds: int) -> int:
        """The worlds this view's decision keeps, given its level's ``worlds``
        (default: those; a game may keep fewer where a world costs more)."""
        return worlds

    def action_likelihood(self, view: dict):
        """A model of how the other seats play, for inference from their
        moves: a function ``(match, action) -> probability`` that the seat to
        act in ``match`` (a sampled world as it stood during the replay of the
        deal) took ``action`` there. :func:`.worlds.sample_worlds` weighs each
        world by the product over the other seats' moves and keeps worlds in
        proportion, so hands under which their play makes sense come up more
        often. None (the default): every consistent world is alike."""
        return None

    def refresh(self, world, view: dict, rng: random.Random) -> None:
        """A world kept more than once by inference: deal anew, in place, what
        the weight did not read (the order of the cards still in a stock), so
        the copies differ where the seat's knowledge leaves room. Default:
        nothing."""

    # ----- the tree -------------------------------------------------------------
    def begin(self, view: dict) -> None:
        """Called once per search (a hint's and a review's too, and the cheat
        bot's, which deals no worlds), before anything else, with the view of
        the decision: a game may keep what its tree needs of it, such as whose
        decision it is. Default: nothing."""

    def paired_root(self, view: dict) -> bool:
        """Whether the decision tries its actions in passes over the same
        worlds (:func:`.ismcts.search`, ``paired``) rather than by UCB at the
        root (default: not). A game turns it on where it was measured to play
        better."""
        return False

    def candidates(self, match, legal: list[str]) -> list[str]:
        """The actions the tree considers at this point (default: all legal).
        A game may prune dominated or equivalent actions; never to nothing."""
        return legal

    def by_policy(self, match) -> bool:
        """Below the decision, whether the seat to act (never the searching
        one) moves by the playout policy instead of by the tree (default:
        never). A tree node is shared by every sampled world, so the move it
        picks for another seat cannot depend on that seat's own cards in the
        world; the policy's move does."""
        return False

    def root_candidates(self, view: dict, legal: list[str]) -> list[str] | None:
        """The actions a decision considers, as the sampled worlds name them;
        None (the default) for every legal action. A game may drop dominated or
        equivalent ones here (never all); hints and reviews still price every
        legal action."""
        return None

    # ----- playouts ---------------------------------------------------------------
    def playout_action(self, match, rng: random.Random) -> str:
        """The playout policy: cheap, from the match's internal state (a
        sampled world, so nothing hidden is revealed by reading it)."""
        return rng.choice(match.legal_actions())

    # ----- values -------------------------------------------------------------------
    def side(self, seat: int, match) -> int:
        """Which score entry is ``seat``'s (its team's or its own)."""
        return seat % len(match.score)

    def outcome(self, match, view: dict) -> tuple[list[float], list[float]]:
        """What the position reached is worth to each seat: ``(rewards,
        margins)``. A margin is the match points the seat's side gained since
        the view less the best other side's; its reward, in [0, 1], is the
        margin through tanh of ``score_scale`` (1 and 0 once the match is won
        or lost)."""
        players = match.players
        start = view["score"]
        gains = [match.score[i] - start[i] for i in range(len(start))]
        gains = self.adjust_gains(match, view, gains)
        margins = []
        for s in range(players):
            mine = self.side(s, match)
            margins.append(gains[mine] - max(g for i, g in enumerate(gains) if i != mine))
        if match.finished:
            rewards = [1.0 if self.side(s, match) == match.winner else 0.0 for s in range(players)]
        else:
            scale = self.score_scale
            rewards = [0.5 + 0.5 * math.tanh(m / scale) for m in margins]
        return rewards, margins

    def adjust_gains(self, match, view: dict, gains: list[float]) -> list[float]:
        """Hook: a game may add to each side's gain what a playout cut short by
        ``playout_limit`` has not scored yet (its estimate of the rest)."""
        return gains
