"""What the search needs to know of Truco Mineiro.

Worlds (:meth:`TrucoMineiroSearch.deal`): the seat's own cards are known (in
a blind mão de ferro they are not: its own hand is dealt like everybody
else's), so are every card played and, in a 4-player mão de dez, the
partner's hand; nobody has to follow suit, so no void is ever shown. The rest
of the 40-card pack is shuffled into the hidden hands and the undealt stock.
Soft inference then weighs each deal by how likely the bets seen were with
those cards (:class:`BetEvidence`): a seat that called truco, raised, accepted
a call or played a mão de dez more likely holds a strong hand, and a seat that
could have called and played a card instead less likely holds a very strong
one. Draws are kept with that likelihood (rejection sampling, no engine
work), so a bluff stays possible in every world set, only rarer.

Playouts (:meth:`playout_action`) play a club player's policy for every
decision, each seat reading only its own cards and the table (never another
seat's hidden cards, so bluffs can work in a playout as at the table): calls
and answers by an estimate of the hand's chances (:func:`equity`) with noise
and a few bluffs, answers as the rule bot gives them (a call made when the
answering pair has no card left is run from unless the hand is sure; with the
match at stake a fair hand raises), the mão de dez by the same estimate,
cards by "win cheaply, else throw the lowest, never beat the partner for nothing".

Expert, 2 players (:meth:`TrucoMineiroSearch.at_level`), allows that the other
seat may be a strong player rather than a club player: half of its calls and
answers in the tree, and half of the weight its bets give a world, come from a
table of Hard's own bets (:data:`STRONG_CALL`, :data:`STRONG_ANSWER`),
by step, cards held and tenth of the hand's chance. A strong player waits with
a strong hand as often as not, bluffs with its last card, and answers by what
the call is worth.

Values (:meth:`outcome`): what a deal's result does to the chance of winning
the match (:func:`match_chance`, a small model of the race to 12), so that
points matter more near 12, a mão de dez is judged by the match and a
decided deal still prefers more points.

A blind mão de ferro is searched over positions: its worlds are built as
:class:`BlindSearchMatch`, whose legal plays are the view's ``play #i`` (the
card at that position in that world), so the chosen action is always one of
the view's. The policy's card and a seat's chance of the hand are remembered
by all they read (:func:`_remembered`): a search asks them of many worlds.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

from game.games import truco_mineiro as tm
from game.games.truco_mineiro import (BLIND_PLAY, CALL, DECIDE, N_CARDS, NAMES, PLAY, PLAY_PHASE,
                                      REFUSED, STEP_NAMES, STRENGTH, TARGET, TIE, VALUES)

from .search.game import WORLDS, SearchGame
from .search.memo import remembered

CARD = tm.DECK.index

# ----- a hand's chances, from one seat's point of view ------------------------------

_COUNT = [0] * 15
for _c in range(N_CARDS):
    _COUNT[STRENGTH[_c]] += 1
# chance a card of each class beats one random other card of the pack (a tie counts half)
BEAT = [0.0] * 15
for _k in range(1, 15):
    BEAT[_k] = (sum(_COUNT[:_k]) + 0.5 * (_COUNT[_k] - 1)) / (N_CARDS - 1)
PARTNER_GUESS = 0.3          # chance an unseen partner takes a trick on its own
W, L, T = 1, 2, 3            # trick results from one pair's point of view


def _decided(res: tuple, triple: int) -> int:
    """The hand's result from ``res`` (W/L/T per trick), 0 if still open.
    ``triple`` is the result of three ties for this pair (W, L or T = nobody)."""
    n = len(res)
    if n < 2:
        return 0
    r0, r1 = res[0], res[1]
    if n == 2:
        if r0 == r1 and r0 != T:
            return r0
        if r0 == T and r1 != T:
            return r1
        if r1 == T and r0 != T:
            return r0
        return 0
    if res[2] != T:
        return res[2]
    if r0 != T:
        return r0
    return triple


def _future_q(players: int, cls: int) -> float:
    b = BEAT[cls] if cls else 0.0
    if players == 2:
        return b
    return 1 - (1 - b * b) * (1 - PARTNER_GUESS)


@lru_cache(maxsize=None)
def _rest(players: int, future: tuple, res: tuple, triple: int) -> float:
    """Chance of the hand for tricks ``res`` and ``future`` (our classes, best
    first, one per trick to come)."""
    done = _decided(res, triple)
    if done:
        return 1.0 if done == W else (0.0 if done == L else 0.5)
    if len(res) >= 3 or not future:
        return 0.5 if len(res) < 3 else 0.0
    q = _future_q(players, future[0])
    rest = future[1:]
    return q * _rest(players, rest, res + (W,), triple) + (1 - q) * _rest(players, rest, res + (L,), triple)


@lru_cache(maxsize=None)
def equity(players: int, hand: tuple, res: tuple, ours: int, theirs: int, opps_left: int,
           partner_left: bool, to_play: bool, triple: int) -> float:
    """A seat's chance of winning the hand, from its cards only.

    ``hand``: its classes (best first); ``res``: the finished tricks; the trick
    in progress: best class of each pair so far, opponents and partner still to
    play in it, and whether this seat still plays in it (then it picks its best
    card for it). Cheap after the first call (memoised)."""
    if not to_play:
        return _trick_then(players, hand, res, ours, theirs, opps_left, partner_left, triple)
    best = 0.0
    seen = set()
    for i, cls in enumerate(hand):
        if cls in seen:
            continue
        seen.add(cls)
        rest = hand[:i] + hand[i + 1:]
        p = _trick_then(players, rest, res, max(ours, cls), theirs, opps_left, partner_left, triple)
        if p > best:
            best = p
    return best


def _trick_then(players, future, res, ours, theirs, opps_left, partner_left, triple) -> float:
    if not ours and not theirs and not opps_left and not partner_left:
        return _rest(players, future, res, triple)          # no trick in progress
    if not opps_left and not partner_left:                   # its result is known
        r = W if ours > theirs else (T if ours == theirs else L)
        return _rest(players, future, res + (r,), triple)
    if ours > theirs:
        base = BEAT[ours] ** opps_left
    elif ours and ours == theirs:
        base = 0.5 * BEAT[ours] ** opps_left
    else:
        base = 0.0
    q = 1 - (1 - base) * (1 - PARTNER_GUESS) if partner_left else base
    return q * _rest(players, future, res + (W,), triple) + (1 - q) * _rest(players, future, res + (L,), triple)


def _res_for(results: list, team: int) -> tuple:
    return tuple(T if r == TIE else (W if r == team else L) for r in results)


def _triple_for(match, team: int) -> int:
    if not match._triple_tie_dealer:
        return T
    return W if match.dealer % 2 == team else L


def _remembered(memo: dict, work, match, seat: int):
    """``work(match, seat)``, remembered by all that a seat's policy reads of
    the world: its cards, the trick (whose seats follow from its length and
    whose turn it is), the tricks done and the rule for three ties."""
    key = (match.players, seat, tuple(match.hands[seat]), tuple(match.trick), match.turn,
           tuple(match.results), _triple_for(match, seat % 2))
    return remembered(memo, key, work, match, seat)


_SEAT_EQUITY: dict = {}
_BEST_CARD: dict = {}


def seat_equity(match, seat: int) -> float:
    """The chance ``seat`` gives its pair's hand, reading only its own cards
    and the table of the world ``match`` (remembered)."""
    return _remembered(_SEAT_EQUITY, _seat_equity, match, seat)


def best_card(match, seat: int) -> str:
    """The card that keeps the chance of ``seat``'s pair's hand highest, from its
    own cards and the table, the cheapest among near-equals: the policy's
    card once its noise is drawn (:meth:`TrucoMineiroSearch._card`; remembered)."""
    return _remembered(_BEST_CARD, _best_card, match, seat)


def _seat_equity(match, seat: int) -> float:
    team = seat % 2
    n = match.players
    hand = tuple(sorted((STRENGTH[c] for c in match.hands[seat]), reverse=True))
    ours = theirs = 0
    for s, c in zip(match.trick_seats, match.trick):
        k = STRENGTH[c]
        if s % 2 == team:
            ours = max(ours, k)
        else:
            theirs = max(theirs, k)
    played = len(match.trick)
    to_play = False
    opps = 0
    partner = False
    for i in range(n - played):                 # who still plays in the trick (all, if none has)
        s = (match.turn + i) % n
        if s == seat:
            to_play = bool(hand)
        elif s % 2 == team:
            partner = True
        else:
            opps += 1
    return equity(n, hand, _res_for(match.results, team), ours, theirs, opps, partner, to_play,
                  _triple_for(match, team))


def _best_card(match, seat: int) -> str:
    team = seat % 2
    hand = match.hands[seat]
    trick = match.trick
    n = match.players
    ours = theirs = 0
    for s, c in zip(match.trick_seats, trick):
        k = STRENGTH[c]
        if s % 2 == team:
            if k > ours:
                ours = k
        elif k > theirs:
            theirs = k
    opps = 0
    partner = False
    for i in range(1, n - len(trick)):
        if (seat + i) % 2 == team:
            partner = True
        else:
            opps += 1
    res = _res_for(match.results, team)
    triple = _triple_for(match, team)
    classes = [STRENGTH[c] for c in hand]
    best_p = -1.0
    scored = []
    for i, c in enumerate(hand):
        k = classes[i]
        rest = tuple(sorted(classes[:i] + classes[i + 1:], reverse=True))
        p = _trick_then(n, rest, res, ours if ours > k else k, theirs, opps, partner, triple)
        scored.append((p, k, c))
        if p > best_p:
            best_p = p
    pick = min((k, c) for p, k, c in scored if p >= best_p - 0.02)
    return PLAY[pick[1]]


# ----- the race to 12 -------------------------------------------------------------------

# How often a deal is won with each value (either pair alike), from rule-vs-rule play.
_DEAL_VALUES = ((2, 0.62), (4, 0.26), (6, 0.08), (10, 0.03), (12, 0.01))


SKILL_EDGE = 0.56             # the searching pair's chance of taking an ordinary deal


@lru_cache(maxsize=None)
def match_chance(mine: int, theirs: int, q: float = 0.5) -> float:
    """Chance a pair on ``mine`` points wins the match against ``theirs``
    (a small model: deals of the values above, this pair taking each with
    chance ``q``; the mão de dez and mão de ferro as they are played). A
    search values its results with ``q`` a little above one half: a player
    who outplays the table does better with many ordinary deals than with an
    even all-in bet, and only takes one with a hand that is better than even."""
    if mine >= TARGET:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    if mine == 10 and theirs == 10:
        return q
    if mine == 10:          # our mão de dez: we play it and win 4, or they win 4, or we run (2 to them)
        win = 0.4 * q / 0.5
        return (win + (0.35 + 0.4 - win) * match_chance(mine, theirs + 4, q)
                + 0.25 * match_chance(mine, theirs + 2, q))
    if theirs == 10:
        return 1 - match_chance(theirs, mine, 1 - q)
    total = 0.0
    for points, p in _DEAL_VALUES:
        total += p * (q * match_chance(mine + points, theirs, q)
                      + (1 - q) * match_chance(mine, theirs + points, q))
    return total


@lru_cache(maxsize=None)
def _span(mine: int, theirs: int, q: float = 0.5) -> float:
    """The largest change of a pair's match chance one deal can make."""
    base = match_chance(mine, theirs, q)
    return max(match_chance(mine + 12, theirs, q) - base,
               base - match_chance(mine, theirs + 12, q), 1e-3)


# ----- soft inference from bets --------------------------------------------------------

# A club player's bets (the rule bot's), shared by the playouts that make them and
# the evidence that reads them: the chance wanted to call each step, the least
# chance anyone bluffs with, how far an answer believes its own chance against a
# call, and the margin over the next step's need that a raise wants.
CALL_NEED = (0.0, 0.62, 0.70, 0.78, 0.85)
BLUFF_FROM = 0.12
BELIEF = 0.9
RAISE_MARGIN = 0.05

# A strong player's bets, 2 players (half of Expert's model of the other seat,
# see TrucoMineiroSearch.at_level): Hard's own bets in 600 seeded
# 2-player Hard-vs-Hard matches (tools/fit_mineiro_strong_bets.py prints them
# again), by (step asked, capped at 2; cards in hand; tenth of seat_equity) ->
# the chance it calls (STRONG_CALL), and, for an answer, the chance it does not
# run and the chance it raises (STRONG_ANSWER). Cells seen fewer than 10 times
# are left out: there the club player bets. Each cell's count is in its comment.
STRONG_SHARE = 0.5      # the chance Expert gives that the other seat is such a player


def strong_key(step: int, cards: int, chance: float) -> tuple[int, int, int]:
    """The cell of STRONG_CALL and STRONG_ANSWER for a bet at ``step`` (capped
    at seis) with ``cards`` in hand and ``chance`` of the hand."""
    return min(step, 2), cards, min(9, int(chance * 10))


STRONG_CALL = {
    (1, 1, 0): 0.97,   # 36
    (1, 1, 1): 0.76,   # 33
    (1, 1, 2): 0.39,   # 44
    (1, 1, 3): 0.07,   # 27
    (1, 1, 4): 0.14,   # 22
    (1, 1, 5): 0.50,   # 16
    (1, 1, 9): 1.00,   # 71
    (1, 2, 0): 0.25,   # 107
    (1, 2, 1): 0.49,   # 94
    (1, 2, 2): 0.46,   # 138
    (1, 2, 3): 0.52,   # 188
    (1, 2, 4): 0.33,   # 159
    (1, 2, 5): 0.33,   # 221
    (1, 2, 6): 0.49,   # 158
    (1, 2, 7): 0.57,   # 161
    (1, 2, 8): 0.72,   # 167
    (1, 2, 9): 0.89,   # 218
    (1, 3, 0): 0.02,   # 210
    (1, 3, 1): 0.03,   # 335
    (1, 3, 2): 0.04,   # 388
    (1, 3, 3): 0.06,   # 417
    (1, 3, 4): 0.04,   # 416
    (1, 3, 5): 0.09,   # 399
    (1, 3, 6): 0.22,   # 390
    (1, 3, 7): 0.53,   # 448
    (1, 3, 8): 0.68,   # 438
    (1, 3, 9): 0.74,   # 614
    (2, 1, 0): 0.80,   # 579
    (2, 1, 2): 0.05,   # 20
    (2, 1, 3): 0.00,   # 28
    (2, 1, 4): 0.00,   # 24
    (2, 1, 5): 0.04,   # 25
    (2, 1, 6): 0.11,   # 19
    (2, 1, 7): 0.12,   # 16
    (2, 1, 8): 0.17,   # 29
    (2, 1, 9): 0.73,   # 147
    (2, 2, 0): 0.04,   # 48
    (2, 2, 1): 0.00,   # 10
    (2, 2, 2): 0.04,   # 28
    (2, 2, 3): 0.00,   # 46
    (2, 2, 4): 0.03,   # 32
    (2, 2, 5): 0.08,   # 62
    (2, 2, 6): 0.15,   # 48
    (2, 2, 7): 0.31,   # 84
    (2, 2, 8): 0.32,   # 148
    (2, 2, 9): 0.44,   # 149
    (2, 3, 4): 0.08,   # 13
    (2, 3, 5): 0.00,   # 23
    (2, 3, 6): 0.00,   # 25
    (2, 3, 7): 0.03,   # 38
    (2, 3, 8): 0.09,   # 65
    (2, 3, 9): 0.38,   # 82
}
STRONG_ANSWER = {
    (1, 0, 2): (0.00, 0.00),   # 27
    (1, 0, 3): (0.00, 0.00),   # 25
    (1, 0, 4): (0.05, 0.00),   # 19
    (1, 1, 1): (0.90, 0.00),   # 10
    (1, 1, 2): (0.68, 0.00),   # 37
    (1, 1, 3): (0.86, 0.00),   # 64
    (1, 1, 4): (0.95, 0.02),   # 60
    (1, 1, 5): (0.95, 0.09),   # 93
    (1, 1, 6): (0.95, 0.12),   # 42
    (1, 1, 7): (1.00, 0.37),   # 46
    (1, 1, 8): (0.96, 0.57),   # 23
    (1, 1, 9): (1.00, 0.56),   # 18
    (1, 2, 0): (0.00, 0.00),   # 215
    (1, 2, 1): (0.02, 0.00),   # 185
    (1, 2, 2): (0.17, 0.01),   # 177
    (1, 2, 3): (0.23, 0.02),   # 129
    (1, 2, 4): (0.37, 0.06),   # 156
    (1, 2, 5): (0.69, 0.10),   # 130
    (1, 2, 6): (0.92, 0.28),   # 97
    (1, 2, 7): (1.00, 0.49),   # 74
    (1, 2, 8): (1.00, 0.76),   # 62
    (1, 2, 9): (1.00, 0.96),   # 28
    (1, 3, 0): (0.00, 0.00),   # 24
    (1, 3, 1): (0.00, 0.00),   # 44
    (1, 3, 2): (0.02, 0.00),   # 61
    (1, 3, 3): (0.09, 0.00),   # 56
    (1, 3, 4): (0.26, 0.00),   # 50
    (1, 3, 5): (0.67, 0.04),   # 49
    (1, 3, 6): (0.98, 0.17),   # 54
    (1, 3, 7): (1.00, 0.29),   # 58
    (1, 3, 8): (1.00, 0.58),   # 36
    (1, 3, 9): (1.00, 0.86),   # 21
    (2, 0, 0): (0.00, 0.00),   # 15
    (2, 0, 1): (0.00, 0.00),   # 24
    (2, 0, 2): (0.04, 0.00),   # 27
    (2, 0, 3): (0.00, 0.00),   # 11
    (2, 0, 4): (0.04, 0.00),   # 26
    (2, 0, 5): (0.06, 0.03),   # 36
    (2, 0, 6): (0.31, 0.02),   # 65
    (2, 0, 7): (0.35, 0.03),   # 80
    (2, 0, 8): (0.51, 0.06),   # 107
    (2, 0, 9): (0.77, 0.12),   # 181
    (2, 1, 0): (0.68, 0.07),   # 40
    (2, 1, 1): (0.91, 0.18),   # 11
    (2, 1, 2): (0.94, 0.11),   # 18
    (2, 1, 3): (0.83, 0.00),   # 12
    (2, 1, 4): (0.91, 0.00),   # 11
    (2, 1, 5): (0.88, 0.06),   # 16
    (2, 1, 6): (0.92, 0.00),   # 13
    (2, 1, 7): (0.96, 0.11),   # 28
    (2, 1, 8): (0.94, 0.08),   # 52
    (2, 1, 9): (1.00, 0.41),   # 41
    (2, 2, 2): (0.45, 0.00),   # 11
    (2, 2, 3): (0.87, 0.00),   # 15
    (2, 2, 4): (0.62, 0.23),   # 13
    (2, 2, 5): (0.81, 0.06),   # 16
    (2, 2, 6): (0.89, 0.17),   # 18
    (2, 2, 7): (0.97, 0.19),   # 37
    (2, 2, 8): (0.95, 0.20),   # 56
    (2, 2, 9): (0.98, 0.57),   # 63
    (2, 3, 6): (0.70, 0.00),   # 10
    (2, 3, 7): (0.88, 0.20),   # 25
    (2, 3, 8): (1.00, 0.13),   # 46
    (2, 3, 9): (1.00, 0.26),   # 65
}


def _sig(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _still_to_play(n: int, seat: int, team: int, played) -> tuple[bool, bool, int]:
    """Who still plays in the trick (all, if none has): whether ``seat`` does, whether
    its partner does, and how many opponents."""
    to_play = partner = False
    opps = 0
    for s in range(n):
        if s in played:
            continue
        if s == seat:
            to_play = True
        elif s % 2 == team:
            partner = True
        else:
            opps += 1
    return to_play, partner, opps


class BetEvidence:
    """The bets of a deal so far, each with what its seat knew then, to weigh a
    dealt world by how likely those bets were with its cards."""

    # Calls and raises are judged against the chance a club player wants for
    # each step (CALL_NEED, as the playouts call). Fitted to rule-bot play
    # (how often each bet is made per tenth of equity): calls come from every
    # hand but a hopeless one, twice as often from strong ones; a raise over a
    # call, being a bet on a bet, is seldom a bluff; accepts almost never come
    # from weak hands; a strong hand seldom waits.
    CALL_FLOOR = 0.37
    NO_BLUFF = 0.05              # below BLUFF_FROM a call is seldom a bluff
    RAISE_FLOOR = 0.05
    ACCEPT_AT = (0.38, 0.28)     # 2 players, 4 players (a partner helps)
    ACCEPT_FLOOR = 0.03
    DEZ_AT = 0.50
    WIDTH = 0.07

    def __init__(self, view: dict) -> None:
        n = view["players"]
        self.players = n
        triple_dealer = view["options"]["triple_tie"] == "dealer"
        self.events = []           # (seat, kind, played-before, res, ours, theirs, opps, partner, to_play, triple)
        played = [[] for _ in range(n)]
        trick: list = []
        results: list = []
        pending = 0                # step asked by a pending call
        level = 0                  # accepted step
        last_team = -1             # pair whose call was last accepted
        value = 2
        normal = view["special"] is None
        score = view["score"]
        for seat, action in view["actions"]:
            team = seat % 2
            mine, theirs = score[team], score[1 - team]
            triple = (W if view["dealer"] % 2 == team else L) if triple_dealer else T
            if action.startswith("play "):
                if (normal and not pending and level < 4 and team != last_team
                        and mine + value < TARGET and theirs + value < TARGET):
                    self._add(seat, "quiet", played, trick, results, triple, n, step=level + 1)
                card = CARD.get(action[5:])
                if card is None:
                    continue
                played[seat].append(card)
                trick.append((seat, card))
                if len(trick) == n:
                    results.append(_trick_result(trick))
                    trick = []
                continue
            if action.startswith("call "):
                step = STEP_NAMES.index(action[5:])
                if pending:                                   # accepts the pending step and raises
                    level, value, last_team = pending, VALUES[pending], 1 - team
                free = theirs + value >= TARGET               # they win the match with it anyway
                if not free:
                    # judged as the playouts bet: a raise by its belief against the call
                    need = (CALL_NEED[step] + RAISE_MARGIN) / BELIEF if pending else CALL_NEED[step]
                    self._add(seat, "raise" if pending else "call", played, trick, results, triple, n,
                              need, step)
                pending = step
            elif action == "accept":
                if pending:
                    if theirs + REFUSED[pending] < TARGET:    # running would not lose the match
                        self._add(seat, "accept", played, trick, results, triple, n, step=pending)
                    level, value, last_team = pending, VALUES[pending], 1 - team
                    pending = 0
                elif view["special"] == "mão de dez":
                    self._add(seat, "dez", played, trick, results, triple, n)
            elif action == "reject":
                pending = 0

    def _add(self, seat, kind, played, trick, results, triple, n, need=0.0, step=0) -> None:
        """One bet (or a chance to call not taken); ``need``: the chance a call
        or a raise is judged against."""
        team = seat % 2
        ours = max((STRENGTH[c] for s, c in trick if s % 2 == team), default=0)
        theirs = max((STRENGTH[c] for s, c in trick if s % 2 != team), default=0)
        to_play, partner, opps = _still_to_play(n, seat, team, {s for s, _ in trick})
        self.events.append((seat, kind, need, tuple(played[seat]), _res_for(results, team), ours, theirs,
                            opps, partner, bool(to_play), triple, step))

    def likelihood(self, hands: list, strong: float = 0.0) -> float:
        """How likely the bets seen were if the seats held ``hands`` (dealt
        hands, played cards included), relative to the likeliest. ``strong``
        (2 players): the chance that the other seat bets as a strong player
        (:data:`STRONG_CALL`, :data:`STRONG_ANSWER`) rather than as a club
        player; the bets are weighed under each and the two mixed."""
        club = as_strong = 1.0
        n = self.players
        strong = strong if n == 2 else 0.0
        for seat, kind, need, before, res, ours, theirs, opps, partner, to_play, triple, step in self.events:
            held = tuple(sorted((STRENGTH[c] for c in hands[seat] if c not in before), reverse=True))
            e = equity(n, held, res, ours, theirs, opps, partner, to_play and bool(held), triple)
            if kind == "call":
                floor = self.CALL_FLOOR if e >= BLUFF_FROM else self.NO_BLUFF
                w = floor + (1 - floor) * _sig((e - need) / self.WIDTH)
            elif kind == "raise":
                w = self.RAISE_FLOOR + (1 - self.RAISE_FLOOR) * _sig((e - need) / self.WIDTH)
            elif kind == "accept":
                at = self.ACCEPT_AT[0 if n == 2 else 1]
                w = self.ACCEPT_FLOOR + (1 - self.ACCEPT_FLOOR) * _sig((e - at) / self.WIDTH)
            elif kind == "dez":
                if n == 4:                         # the deciding seat saw its partner's hand too
                    mate = tuple(sorted((STRENGTH[c] for c in hands[(seat + 2) % 4]), reverse=True))
                    e = 1 - (1 - e) * (1 - 0.8 * equity(n, mate, res, 0, 0, 0, False, True, triple))
                w = 0.1 + 0.9 * _sig((e - self.DEZ_AT) / self.WIDTH)
            else:                                  # could call and played: strong hands call more
                w = 1 - 0.85 * _sig((e - 0.66) / 0.05)
            club *= w
            if strong:
                if kind in ("call", "quiet"):
                    p = STRONG_CALL.get(strong_key(step, len(held), e))
                    if p is not None:
                        w = max(0.03, p if kind == "call" else 1 - p)
                elif kind != "dez":
                    p = STRONG_ANSWER.get(strong_key(step - (kind == "raise"), len(held), e))
                    if p is not None:
                        w = max(0.03, p[1] if kind == "raise" else p[0] - p[1])
                as_strong *= w
        return club if not strong else (1 - strong) * club + strong * as_strong


def _trick_result(trick: list) -> int:
    """Winning pair of a full trick, or TIE (§6)."""
    best = -1
    team = None
    tied = False
    for s, c in trick:
        k = STRENGTH[c]
        if k > best:
            best, team, tied = k, s % 2, False
        elif k == best and s % 2 != team:
            tied = True
    return TIE if tied else team


def _one_per_class(legal: list[str]) -> list[str]:
    out = []
    classes = set()
    for a in legal:
        if a[0] == "p" and a[5] != "#":
            k = STRENGTH[CARD[a[5:]]]
            if k in classes:
                continue
            classes.add(k)
        out.append(a)
    return out


# ----- worlds built for search ------------------------------------------------------------

class SearchMatch(tm.Match):
    """A sampled world (lean, as every search world: a playout stops at the end
    of its deal); a blind hand's is a :class:`BlindSearchMatch`."""

    @classmethod
    def from_world(cls, view: dict, setup: dict, actions: list[str], observe=None) -> "SearchMatch":
        match = super().from_world(view, setup, actions, observe)
        if match.blind:
            match.__class__ = BlindSearchMatch
            match._legal_cache = None       # read by the plain class while replaying
        return match


class BlindSearchMatch(SearchMatch):
    """A sampled world of a blind mão de ferro: its plays are the view's
    positions (``play #i``), each the card at that place in this world. (A
    world of any other deal is a plain :class:`SearchMatch`, so the hot path
    of search never asks.)"""

    def _legal(self) -> list[str]:
        if not self.pending and self.phase == PLAY_PHASE:
            return list(BLIND_PLAY[:len(self.hands[self.turn])])
        return super()._legal()

    def _apply(self, action: str) -> None:
        if action[5] == "#" and action[0] == "p":
            action = PLAY[self.hands[self.turn][int(action[6:])]]
        super()._apply(action)


class _Module:
    Match = SearchMatch


# ----- the adapter ----------------------------------------------------------------------------

class TrucoMineiroSearch(SearchGame):
    module = _Module
    hard_iterations = 4000
    expert_iterations = 12000
    expert_worlds = 200         # with 4 players (see world_count)
    DRAWS = 24                  # draws per world at most before the likeliest is taken

    def __init__(self, others: str = "bets") -> None:
        self.others = others     # other seats in the tree: "bets" by policy, "policy" for all, "tree"
        self.root_seat = -1
        self.strong = 0.0        # Expert: the chance the other seat bets as a strong player (2 players)
        self.tree_rng = random.Random(0)
        self._evidence_key = None
        self._evidence: BetEvidence | None = None
        self.draws = 0          # deals drawn / kept, for the reject rate
        self.kept = 0

    def at_level(self, level: str) -> None:
        """Expert lets the other seats play their cards by the policy too, from
        the cards each world gave them (see :meth:`candidates`): the more
        iterations, the deeper a tree node shared by every world reaches, and
        it has them play as if they did not know their own hands. Expert vs
        Hard, 2 players, the arena's first 100 seatings: 51 won against 43 with
        their cards in the tree (12 matches won only this way, 4 only the other).

        With 2 players Expert also allows that the other seat may bet as a
        strong player does (``strong``, :data:`STRONG_SHARE` of the time: the
        tree's calls and answers, and the evidence weighed under both kinds of
        player and mixed), from :data:`STRONG_CALL` and :data:`STRONG_ANSWER`,
        Hard's own bets in 600 Hard-vs-Hard matches. Arena, 200 matches on
        its seeds, Expert against Hard / against Normal: club player only
        101 (50.5 %) / 77 of 100; strong player only 129 (64.5 %) / 132
        (66 %: it stopped bluffing a club player that folds); half and half
        126 (63 %) / 148 (74 %). With 4 players the same table changed
        nothing measurable (Expert vs Hard 160 of 300, 53.3 %, against 53 of
        100; vs Normal 70 of 100, against 70.3 % of 300), so 4 players keep
        the club player until a table of their own exists. Hard keeps the
        club player."""
        if level == "expert":
            self.others = "policy"
            self.strong = STRONG_SHARE

    def begin(self, view: dict) -> None:
        """The tree learns whose decision it searches (:meth:`candidates`)."""
        self.root_seat = view["seat"]

    # ----- worlds -------------------------------------------------------------------------
    def world_count(self, view: dict, worlds: int) -> int:
        """With 4 players Expert keeps 200 worlds (``expert_worlds``), five times
        Hard's forty: there the three hands it cannot see decide a bet far
        more than how deep its tree reaches. Between two seeds an action's
        value moved by 0.029 on average with forty worlds, 0.014 with 200 and
        0.011 with 600 (twelve decisions with a bet among them, three arena
        matches, Expert's budget). Expert vs Hard, 4 players, the arena's 200
        matches: 114 won (57 %; 59 of the first 100, which forty worlds won 53
        of). Two players keep forty, the count the strong player's model was
        measured with."""
        return worlds if view["players"] > 2 else min(worlds, WORLDS)

    def evidence(self, view: dict) -> BetEvidence:
        key = (tuple(tuple(a) for a in view["actions"]), view["players"], view["dealer"],
               tuple(view["score"]), view["special"], view["options"]["triple_tie"])
        if key != self._evidence_key:
            self._evidence_key = key
            self._evidence = BetEvidence(view)
        return self._evidence

    def deal(self, view: dict, rng: random.Random):
        n = view["players"]
        seat = view["seat"]
        played = [[] for _ in range(n)]
        for t in view["tricks"]:
            for s, c in t["cards"]:
                played[s].append(CARD[c])
        for s, c in view["trick"]:
            played[s].append(CARD[c])
        known = {s: [] for s in range(n)}      # cards still held that the seat sees
        hidden = []
        if not view["blind"]:
            known[seat] = [CARD[c] for c in view["hand"]]
        else:
            hidden.append(seat)
        partner_hand = view.get("partner_hand")
        partner = (seat + 2) % n if n == 4 else None
        if partner_hand is not None:
            known[partner] = [CARD[c] for c in partner_hand]
        for s in range(n):
            if s != seat and not (s == partner and partner_hand is not None):
                hidden.append(s)
        seen = set()
        for s in range(n):
            seen.update(played[s])
            seen.update(known[s])
        pool = [c for c in range(N_CARDS) if c not in seen]
        sizes = view["hand_sizes"]
        evidence = self.evidence(view)
        self.tree_rng = random.Random(rng.random())
        best, best_w = None, -1.0
        for _ in range(self.DRAWS):
            self.draws += 1
            rng.shuffle(pool)
            hands = [None] * n
            at = 0
            for s in range(n):
                if s in hidden:
                    take = pool[at:at + sizes[s]]
                    at += sizes[s]
                    hands[s] = played[s] + take
                else:
                    hands[s] = played[s] + known[s]
            w = evidence.likelihood(hands, self.strong) if evidence.events else 1.0
            if rng.random() < w:
                best = hands
                self.kept += 1
                break
            if w > best_w:
                best, best_w = hands, w
        return {"hands": best}, [a for _, a in view["actions"]]

    # ----- the tree -----------------------------------------------------------------------
    def candidates(self, match, legal: list[str]) -> list[str]:
        """Cards of one class are the same card (§2): keep one of each. Where
        another seat may bet (a call open to it, an answer, the mão de dez) its
        decision is its policy's, from its own cards: a tree node shared by
        every world cannot make a bet depend on cards that differ between
        worlds, and a call or an answer read off nothing but averages would
        never bluff and never fear one."""
        if len(legal) < 2:
            return legal
        if match.to_act != self.root_seat and self.others != "tree":
            if self.others == "policy" or legal[-1][0] in "rc" or legal[0][0] == "a":
                return [self.playout_action(match, self.tree_rng)]
        return _one_per_class(legal)

    def root_candidates(self, view: dict, legal: list[str]) -> list[str] | None:
        """At the decision too, one card of each class (hints still price all)."""
        if view.get("blind"):
            return None
        kept = _one_per_class(legal)
        return kept if len(kept) < len(legal) else None

    # ----- playouts -----------------------------------------------------------------------
    def playout_action(self, match, rng: random.Random) -> str:
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if match.phase == DECIDE:
            return self._mao_de_dez(match, rng)
        if match.pending:
            return self._answer(match, legal, rng)
        if legal[0][5] == "#":
            return rng.choice(legal)
        if legal[-1][0] == "c" and self._want_call(match, rng):
            return legal[-1]
        return self._card(match, rng)

    @staticmethod
    def _scores(match, team: int) -> tuple[int, int]:
        return match.score[team], match.score[1 - team]

    def _mao_de_dez(self, match, rng) -> str:
        seat = match.actor
        e = seat_equity(match, seat)
        if match.players == 4:
            e = 1 - (1 - e) * (1 - seat_equity(match, (seat + 2) % 4) * 0.8)
        mine, theirs = self._scores(match, seat % 2)
        need = 0.42 if theirs >= 8 else 0.5
        return "accept" if e + (rng.random() - 0.5) * 0.16 >= need else "reject"

    def _want_call(self, match, rng) -> bool:
        seat = match.turn
        mine, theirs = self._scores(match, seat % 2)
        value = match.value
        if mine + value >= TARGET:
            return False
        if theirs + value >= TARGET:
            return True
        e = seat_equity(match, seat)
        if self.strong and self._as_strong(match, seat, rng):
            p = STRONG_CALL.get(strong_key(match.level + 1, len(match.hands[seat]), e))
            if p is not None:
                return rng.random() < p
        if e + (rng.random() - 0.5) * 0.1 >= CALL_NEED[match.level + 1]:
            return True
        return e >= BLUFF_FROM and rng.random() < 0.2

    def _as_strong(self, match, seat: int, rng) -> bool:
        """Whether this bet of another seat comes from the strong player's
        table (2 players, ``self.strong`` of the time; asked only when Expert
        has the table, so that Hard's playouts pay for no call)."""
        return seat != self.root_seat and match.players == 2 and rng.random() < self.strong

    def _answer(self, match, legal, rng) -> str:
        seat = match.responder
        step = match.pending
        asked, before = VALUES[step], REFUSED[step]
        mine, theirs = self._scores(match, seat % 2)
        e = seat_equity(match, seat)
        raise_to = legal[2] if len(legal) > 2 else None
        if theirs + before >= TARGET:
            if raise_to and e > 0.6 and mine + asked < TARGET:
                return raise_to
            return "accept"
        if self.strong and not (theirs + asked >= TARGET and raise_to) and self._as_strong(match, seat, rng):
            p = STRONG_ANSWER.get(strong_key(step, len(match.hands[seat]), e))
            if p is not None:
                r = rng.random()
                if raise_to and mine + asked < TARGET and r < p[1]:
                    return raise_to
                return "accept" if r < p[0] else "reject"
        if e <= 0.0:
            return "reject"
        if not any(match.hands[s] for s in range(seat % 2, match.players, 2)):
            # every card still to come is the callers': they know how the hand ends
            return "accept" if e >= 1.0 else "reject"
        if theirs + asked >= TARGET and raise_to:     # the match is at stake: a good hand raises
            return raise_to if e >= 0.5 else ("accept" if e >= 0.45 else "reject")
        believed = e * BELIEF + (rng.random() - 0.5) * 0.12
        if raise_to and mine + asked < TARGET and believed >= CALL_NEED[step + 1] + RAISE_MARGIN:
            return raise_to
        need = (asked - before) / (2 * asked) + 0.05
        if theirs + asked >= TARGET:
            need = max(need, 0.45)
        return "accept" if believed >= need else "reject"

    def _card(self, match, rng) -> str:
        """The card that keeps the seat's chance of the hand highest (from its
        own cards and the table), the cheapest among near-equals; now and then
        another, as people do."""
        seat = match.turn
        hand = match.hands[seat]
        if len(hand) == 1:
            return PLAY[hand[0]]
        if rng.random() < 0.06:
            return PLAY[rng.choice(hand)]
        if not match.trick and len(hand) == 3 and rng.random() < 0.7:
            by = sorted(hand, key=lambda c: STRENGTH[c])      # first lead: the second best if worth it
            return PLAY[by[1] if STRENGTH[by[1]] >= 7 else by[2]]
        return best_card(match, seat)

    # ----- values ----------------------------------------------------------------------------
    def outcome(self, match, view: dict) -> tuple[list[float], list[float]]:
        """Rewards linear in the chance of winning the match (any bend would
        make the search seek or shun risk: a lost truco must cost exactly what
        it costs), spread so the largest swing this deal can make spans
        [0, 1]; a hair of the point margin breaks ties once the match is won."""
        start = view["score"]
        gains = [match.score[0] - start[0], match.score[1] - start[1]]
        me = view["seat"] % 2
        other = 1 - me
        q = SKILL_EDGE
        base = match_chance(start[me], start[other], q)
        after = match_chance(match.score[me], match.score[other], q)
        span = _span(start[me], start[other], q)
        r_me = 0.5 + 0.495 * (after - base) / span + 0.0002 * (gains[me] - gains[other])
        r_me = min(1.0, max(0.0, r_me))
        r0 = r_me if me == 0 else 1 - r_me
        rewards = []
        margins = []
        for s in range(match.players):
            t = s % 2
            rewards.append(r0 if t == 0 else 1 - r0)
            margins.append(gains[t] - gains[1 - t])
        return rewards, margins

    # ----- hints ------------------------------------------------------------------------------
    def explain(self, view: dict, stats: list) -> list[tuple[str, dict]]:
        """Why the most searched action, as ``hint.truco_mineiro.<reason>`` keys
        with their parameters (card strings for the UI to name)."""
        if not stats:
            return []
        top = stats[0]
        key = "hint.truco_mineiro."
        out: list[tuple[str, dict]] = []
        action = top.action
        if view.get("blind"):          # face down: no card is better than another
            return [(key + "expect", {"points": round(top.margin, 1)})]
        hand = [CARD[c] for c in view["hand"]]
        mine_eq = _view_equity(view)
        pending = view.get("pending")
        if view["phase"] != "play" or pending:
            value = VALUES[STEP_NAMES.index(pending["call"])] if pending else tm.MAO_DE_DEZ_VALUE
            if action == "reject":
                out.append((key + "run", {"value": REFUSED[STEP_NAMES.index(pending["call"])]
                                          if pending else tm.MAO_DE_DEZ_RUN}))
            elif action.startswith("call "):
                out.append((key + ("call_strong" if mine_eq >= 0.5 else "call_bluff"),
                            {"value": VALUES[STEP_NAMES.index(action[5:])]}))
            else:
                out.append((key + "accept", {"value": value}))
        elif action.startswith("call "):
            out.append((key + ("call_strong" if mine_eq >= 0.5 else "call_bluff"),
                        {"value": VALUES[STEP_NAMES.index(action[5:])]}))
        else:
            card = CARD[action[5:]]
            team = view["seat"] % 2
            trick = [(s, CARD[c]) for s, c in view["trick"]]
            best = max((STRENGTH[c] for _, c in trick), default=0)
            holder = [s for s, c in trick if STRENGTH[c] == best]
            if trick and all(s % 2 == team for s in holder):
                out.append((key + "partner_holds", {}))
            elif trick and STRENGTH[card] > best and all(
                    STRENGTH[c] <= best or STRENGTH[c] >= STRENGTH[card] for c in hand):
                out.append((key + "cheapest_winner", {"card": NAMES[card]}))
            out_manilha = _manilha_out(view)
            if out_manilha is not None and STRENGTH[card] < STRENGTH[CARD[out_manilha]]:
                out.append((key + "manilha_out", {"card": out_manilha}))
        out.append((key + "expect", {"points": round(top.margin, 1)}))
        return out


def _view_equity(view: dict) -> float:
    """The seat's chance of the hand from its own cards and the table (the
    estimate the playouts use), read off a view."""
    n = view["players"]
    seat = view["seat"]
    team = seat % 2
    hand = tuple(sorted((STRENGTH[CARD[c]] for c in view["hand"]), reverse=True))
    results = [TIE if t["team"] is None else t["team"] for t in view["tricks"]]
    ours = max((STRENGTH[CARD[c]] for s, c in view["trick"] if s % 2 == team), default=0)
    theirs = max((STRENGTH[CARD[c]] for s, c in view["trick"] if s % 2 != team), default=0)
    played = {s for s, _ in view["trick"]}
    to_play, partner, opps = _still_to_play(n, seat, team, played)
    triple = T if view["options"]["triple_tie"] != "dealer" else (W if view["dealer"] % 2 == team else L)
    return equity(n, hand, _res_for(results, team), ours, theirs, opps, partner, to_play and bool(hand),
                  triple)


def _manilha_out(view: dict) -> str | None:
    """The highest manilha this seat has not seen (in no hand it sees, not played)."""
    seen = set(view["hand"]) | set(view.get("partner_hand") or [])
    for t in view["tricks"]:
        seen.update(c for _, c in t["cards"])
    seen.update(c for _, c in view["trick"])
    for name in ("4C", "7H", "AS", "7D"):
        if name not in seen:
            return name
    return None
