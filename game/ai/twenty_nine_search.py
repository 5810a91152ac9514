"""What the search needs to know of Twenty-nine.

Worlds (:meth:`TwentyNineSearch.deal`): the seat's own cards are known; every
other card goes to a seat that can hold it. Hard facts: each seat keeps the
cards it has played; it holds no card of a suit it showed a void in (did not
follow, or asked for the trump); after asking for the trump and not trumping
(``caller_must_trump``) it holds no trump; the seat that showed the marriage
holds the king and queen of trumps it has not played. A seat that does not
know the hidden trump samples it from the bidder's first four cards (the
bidder chose it seeing only those). Soft facts weight the worlds (rejection):
each bid and pass in the auction puts a bound on what the seat's first packet
is worth (:func:`auction_bounds`), a doubler holds strength.

Playouts (:meth:`TwentyNineSearch.outcome` with ``playout_limit = 0``): the
rest of the deal is played by a club-player policy in a tight loop over the
world's cards as ints, not through the match's action strings; the policy is
the same one :meth:`playout_action` answers with, one action at a time.

Value: the chance of winning the match from the score reached (a random-walk
model of the deals to come, so a point near the target or near the losing
end weighs more), plus a small card-point term so that a decided deal still
plays for the most points.
"""
from __future__ import annotations

import math
import random

from game.games import twenty_nine as tn
from game.games.twenty_nine import DECK, MIN_BID, PER_SUIT, POINTS

from .search.game import SearchGame
from .search.worlds import Slot, deal_constrained
from .twenty_nine_bot import bid_estimate, best_suit, double_strength, likely_trumps

SUITS = DECK.suits
CARD = DECK.index
PLAY = tn.PLAY
REVEAL = -1                 # the policy's answer "ask for the trump"
SUIT_OF = tuple(c >> 3 for c in range(32))
ABOVE = tuple((1 << c) - (1 << (c & ~7)) for c in range(32))    # stronger cards of the suit
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))


def _suit(card: int) -> int:
    return card // PER_SUIT


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


# ----- what the seat knows ---------------------------------------------------------
class Knowledge:
    """What a seat knows of the hidden cards, read off its view."""

    def __init__(self, view: dict) -> None:
        self.seat = seat = view["seat"]
        self.hand = [CARD[c] for c in view["hand"]]
        self.played = [[] for _ in range(4)]            # cards each seat has played this deal
        self.voids = [set() for _ in range(4)]          # suits a seat cannot hold now
        self.must = [[] for _ in range(4)]              # cards a seat surely holds
        trump = SUITS.index(view["trump"]) if view["trump"] else None
        self.trump = trump
        self.bidder = view["bidder"]
        tricks = [t["cards"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
        asks, marriage = self._asks(view)
        must_trump = view["options"]["caller_must_trump"]
        for trick_no, cards in enumerate(tricks):
            led = _suit(CARD[cards[0][1]])
            for s, name in cards:
                card = CARD[name]
                self.played[s].append(card)
                if _suit(card) != led:
                    self.voids[s].add(led)
                    if (trick_no, s) in asks and trump is not None and _suit(card) != trump \
                            and must_trump:
                        self.voids[s].add(trump)
        for trick_no, s in asks:                         # asked: void in the suit led
            if trick_no < len(tricks):
                self.voids[s].add(_suit(CARD[tricks[trick_no][0][1]]))
        if marriage is not None and trump is not None and marriage != seat:
            for card in (trump * PER_SUIT + tn.KING, trump * PER_SUIT + tn.QUEEN):
                if card not in self.played[marriage]:
                    self.must[marriage].append(card)
        self.second_dealt = view["phase"] in ("single-hand", "play", "over")
        self.sizes = view["hand_sizes"]
        # the auction as heard: what each seat's first packet is worth, at least and at most
        self.low, self.high = auction_bounds(view["calls"], view["order"])
        self.doubled = None
        for s, call in view["calls"]:
            if call == "double":
                self.doubled = s
        self.bid = view["bid"]

    @staticmethod
    def _asks(view: dict) -> tuple[set, int | None]:
        """(trick number, seat) of every ask for the trump, and who showed the marriage."""
        asks = set()
        marriage = None
        trick_no = 0
        in_trick = 0
        players = 3 if view["single_hand"] is not None else 4
        for s, action in view["actions"]:
            if action.startswith("play "):
                in_trick += 1
                if in_trick == players:
                    trick_no += 1
                    in_trick = 0
            elif action == "reveal-trump":
                asks.add((trick_no, s))
            elif action == "show-marriage":
                marriage = s
        return asks, marriage

    def likelihood(self, firsts: list) -> float:
        """How well each other seat's first packet in a world explains its
        calls (soft: a person may bid on a hunch), as a product in (0, 1]."""
        weight = 1.0
        for s in range(4):
            if s == self.seat:
                continue
            low, high = self.low[s], self.high[s]
            if low is not None or high is not None:
                est = bid_estimate(firsts[s])[0]
                if low is not None:
                    weight *= 0.03 + 0.97 * _logistic((est - low) / BID_SPREAD)
                if high is not None:
                    weight *= 0.05 + 0.95 * _logistic((high - est) / BID_SPREAD)
            if self.doubled == s:
                weight *= 0.1 + 0.9 * _logistic((double_strength(firsts[s]) - 3.0) / 1.0)
        return weight


BID_SPREAD = 0.7        # how loosely a call follows the packet's estimate (points)


def auction_bounds(calls: list, order: list) -> tuple[list, list]:
    """What each seat's calls in the auction say of its first packet, as
    bounds on :func:`bid_estimate` (None where a call says nothing): a bid of
    N says at least N - 0.5, holding too (over a partner's bid, at least that
    bid + 2.5); passing the opening says below 15.5, a challenger passing an
    opponent's N below N + 0.5, a partner's below N + 2.5 (partners leave each
    other's bid alone unless far stronger), a holder giving up to N below
    N - 0.5. Walks the auction as the engine runs it;
    the calls after it (double, redouble, single hand) are not read here."""
    low: list = [None] * 4
    high: list = [None] * 4

    def at_least(seat: int, value: float) -> None:
        low[seat] = value if low[seat] is None else max(low[seat], value)

    def below(seat: int, value: float) -> None:
        high[seat] = value if high[seat] is None else min(high[seat], value)

    holder = challenger = None
    bid = 0
    nxt = 1                     # index in ``order`` of the next seat yet to speak

    def next_challenger() -> bool:
        nonlocal challenger, nxt
        if nxt >= 4:
            return False        # the auction is over
        challenger = order[nxt]
        nxt += 1
        return True

    for seat, call in calls:
        bids = call.isdigit()
        if holder is None:                              # the opening
            if bids:
                holder, bid = seat, int(call)
                at_least(seat, bid - 0.5)
                if not next_challenger():
                    break
            else:
                below(seat, MIN_BID - 0.5)
                if nxt == 4:
                    break                               # all passed: no contract
                nxt += 1
        elif seat == challenger:
            partner = seat % 2 == holder % 2
            if bids:
                n = int(call)
                at_least(seat, max(n - 0.5, bid + 2.5) if partner else n - 0.5)
                bid = n
            else:
                below(seat, bid + (2.5 if partner else 0.5))
                if not next_challenger():
                    break
        else:                                           # the holder answers
            if bids:
                at_least(seat, bid - 0.5)
            else:
                below(seat, bid - 0.5)
                holder = challenger
                if not next_challenger():
                    break
    return low, high


# ----- the value of a score ------------------------------------------------------------
_WIN_TABLES: dict[int, list] = {}


def win_table(target: int) -> list:
    """P(team 0 wins the match) from each score (a, b), both in
    (-target, target): every deal one team, either, bids and gains or loses
    one point with even odds (solved by relaxation)."""
    if target in _WIN_TABLES:
        return _WIN_TABLES[target]
    n = 2 * target - 1
    p = [[0.5] * n for _ in range(n)]

    def at(a: int, b: int) -> float:
        if a >= target or b <= -target:
            return 1.0
        if b >= target or a <= -target:
            return 0.0
        return p[a + target - 1][b + target - 1]

    for _ in range(150):
        for i in range(n):
            a = i - target + 1
            for j in range(n):
                b = j - target + 1
                p[i][j] = 0.25 * (at(a + 1, b) + at(a - 1, b) + at(a, b + 1) + at(a, b - 1))
    table = [[at(a, b) for b in range(-target, target + 1)] for a in range(-target, target + 1)]
    _WIN_TABLES[target] = table
    return table


def win_chance(score: list, target: int, team: int) -> float:
    table = win_table(target)
    a = max(-target, min(target, score[0]))
    b = max(-target, min(target, score[1]))
    p0 = table[a + target][b + target]
    return p0 if team == 0 else 1.0 - p0


# ----- the playout policy ----------------------------------------------------------------
CHEAP = tuple(POINTS[c] * 64 - c for c in range(32))     # min: fewest points, then weakest
FEED = tuple(POINTS[c] * 64 + c for c in range(32))      # max: most points, then weakest


def choose_card(seat: int, hand: list, trick: list, seats: list, pos: int, trump, revealed: bool,
                bidder, n_active: int, asker, known: int, must_trump: bool, rng) -> int:
    """A club player's card (or REVEAL) for ``seat``. ``known`` is the mask of
    the cards this seat can place: played this deal or in its hand. Uses only
    the seat's hand and public facts, and the trump if it knows it (bidder,
    or revealed); ``pos`` is the position in ``trick`` of the card winning it."""
    if not trick:
        r = rng.random()
        if r < 0.08:
            return hand[int(rng.random() * len(hand))]
        tsuit = trump if (revealed or seat == bidder) else -1
        best = -1
        best_key = 0
        for c in hand:
            p = POINTS[c]
            if p > best_key and known & ABOVE[c] == ABOVE[c] and SUIT_OF[c] != tsuit:
                best, best_key = c, p
        if best >= 0:
            return best
        if revealed and seat & 1 == bidder & 1 and r < 0.5 and ~known & SUIT_MASK[trump]:
            for c in hand:                              # draw trumps with the top one
                if SUIT_OF[c] == trump and known & ABOVE[c] == ABOVE[c]:
                    return c
        counts = [0, 0, 0, 0]
        for c in hand:
            counts[SUIT_OF[c]] += 1
        if tsuit >= 0 and len(hand) > counts[tsuit]:
            counts[tsuit] = -1
        long = counts.index(max(counts))
        low = -1
        for c in hand:
            if SUIT_OF[c] == long and (low < 0 or CHEAP[c] < CHEAP[low]):
                low = c
        return low
    led = SUIT_OF[trick[0]]
    power = trump if revealed else None
    best = trick[pos]
    bsuit = SUIT_OF[best]
    partner = seats[pos] & 1 == seat & 1
    last = len(trick) == n_active - 1
    value = 0
    for c in trick:
        value += POINTS[c]
    follow = [c for c in hand if SUIT_OF[c] == led]
    if not follow and asker == seat and must_trump:
        follow = [c for c in hand if SUIT_OF[c] == trump]
    if follow:
        fsuit = SUIT_OF[follow[0]]
        if partner:
            if last or (bsuit == led and power is None and known & ABOVE[best] == ABOVE[best]):
                pick = follow[0]
                for c in follow:                    # feed points, keeping a sure winner
                    if FEED[c] - (130 if known & ABOVE[c] == ABOVE[c] else 0) > \
                            FEED[pick] - (130 if known & ABOVE[pick] == ABOVE[pick] else 0):
                        pick = c
                return pick
            return min(follow, key=CHEAP.__getitem__)
        if fsuit == bsuit:
            beaters = [c for c in follow if c < best]
        elif fsuit == power:
            beaters = follow
        else:
            beaters = ()
        if beaters:
            if last:
                if value or rng.random() < 0.6:
                    return max(beaters)
            else:
                for c in beaters:
                    if known & ABOVE[c] == ABOVE[c]:
                        if value or POINTS[c] or rng.random() < 0.5:
                            return c
                        break
        return min(follow, key=CHEAP.__getitem__)
    # void in the suit led
    knows = revealed or seat == bidder
    if knows:
        plain = [c for c in hand if SUIT_OF[c] != trump] or hand
    else:
        plain = hand
    if partner:
        if last or (power is None and known & ABOVE[best] == ABOVE[best]):
            return max(plain, key=FEED.__getitem__)
        return min(plain, key=CHEAP.__getitem__)
    if value >= 1 or rng.random() < (0.45 if last else 0.15):
        if revealed:
            if bsuit == trump:
                over = [c for c in hand if SUIT_OF[c] == trump and c < best]
                if over:
                    return max(over)
            else:
                trumps = [c for c in hand if SUIT_OF[c] == trump]
                if trumps:
                    return max(trumps)
        elif seat == bidder:
            for c in hand:
                if SUIT_OF[c] == trump:
                    return REVEAL
        elif (value >= 2 or rng.random() < 0.3) and \
                rng.random() < likely_trumps(hand, known & ~_mask(hand), led):
            return REVEAL
    return min(plain, key=CHEAP.__getitem__)


def bid_action(match, rng) -> str:
    """Auction policy: bid on the estimate of the first packet, with noise."""
    seat = match.turn
    est, _ = bid_estimate(match.hands[seat][:4])
    limit = int(est + rng.random() * 2.0 - 0.6)
    limit = min(limit, match.options["max_bid"])
    if match.holder is None:
        return tn.BID[MIN_BID] if limit >= MIN_BID else "pass"
    if match.holder == seat:
        return tn.BID[match.bid] if match.bid <= limit else "pass"
    if match.holder % 2 == seat % 2 and limit < match.bid + 3:
        return "pass"
    if not match.options["partner_bidding"] and match.holder % 2 == seat % 2:
        return "pass"
    wanted = match.bid + 1
    return tn.BID[wanted] if wanted <= limit else "pass"


def round_action(match, rng) -> str:
    """Double, redouble and single-hand rounds."""
    seat = match.queue[0]
    phase = match.phase
    if phase == tn.DOUBLE:
        s = double_strength(match.hands[seat][:4])
        return "double" if s - 0.6 * (match.bid - 18) + rng.random() * 1.5 >= 4.0 else "pass"
    if phase == tn.REDOUBLE:
        est = bid_estimate(match.hands[seat][:4])[0] if seat == match.bidder else 0
        return "redouble" if est >= match.bid + 3 + rng.random() * 2 else "pass"
    return "single-hand" if sure_single(match.hands[seat]) else "pass"


def sure_single(hand: list) -> bool:
    for suit in range(4):
        held = sorted(c for c in hand if SUIT_OF[c] == suit)
        if held and held != list(range(suit * 8, suit * 8 + len(held))):
            return False
    return True


def spare_partner(cards: list[int], others: list[str], trick: list[int], trick_seats: list[int],
                  seat: int, hand: int, power: int | None, marriage_suits) -> tuple[list, list]:
    """Candidates (cards, other actions) for ``seat`` with no trumping or asking
    over a partner's winning trick for nothing: when the partner wins, trumps
    are dropped (while another card remains) if the trick is already trumped
    or ``seat`` plays last, and the ask goes unless ``hand`` (a mask) holds the
    king and queen of one of ``marriage_suits``. ``power``: the trump if
    revealed, else None."""
    pos = tn.winning_position(trick, PER_SUIT, power)
    if trick_seats[pos] % 2 != seat % 2:
        return cards, others
    if power is not None and SUIT_OF[trick[0]] != power:
        last = len(trick) == 3
        trumped = SUIT_OF[trick[pos]] == power
        useless = [c for c in cards if SUIT_OF[c] == power and (trumped or last)]
        if useless and len(useless) < len(cards):
            cards = [c for c in cards if c not in useless]
    if "reveal-trump" in others and not any(hand & (48 << (8 * s)) == 48 << (8 * s)
                                            for s in marriage_suits):
        others = [a for a in others if a != "reveal-trump"]      # no marriage to show
    return cards, others


# ----- the adapter ----------------------------------------------------------------------
class TwentyNineSearch(SearchGame):
    module = tn
    playout_limit = 0               # playouts run inside outcome(), see the module docstring
    hard_iterations = 2300
    expert_iterations = 6500
    card_weight = 0.04              # share of the reward given to the deal's card points
    sharpness = 2.0                 # reward = 0.5 + sharpness * (win chance gained)
    soft_tries = 25                 # rejection tries for the soft (bidding) inference

    # ----- worlds ---------------------------------------------------------------
    def deal(self, view: dict, rng: random.Random):
        k = Knowledge(view)
        best = None
        best_weight = -1.0
        for _ in range(self.soft_tries):
            world = self._deal_hard(view, k, rng)
            if world is None:
                continue
            setup, actions, firsts, _ = world
            weight = k.likelihood(firsts)
            if rng.random() < weight:
                return setup, actions
            if weight > best_weight:
                best, best_weight = (setup, actions), weight
        return best

    def _deal_hard(self, view: dict, k: Knowledge, rng: random.Random):
        """One deal respecting every hard fact: (setup, actions, first packets, trump)."""
        seat = k.seat
        known = set(k.hand)
        for cards in k.played:
            known.update(cards)
        pool = [c for c in range(32) if c not in known]
        slots = []
        for s in range(4):
            if s == seat:
                size = 0 if k.second_dealt else 4         # our own second packet is unseen
                slots.append(Slot(("second", s), size))
                continue
            voids = k.voids[s]
            if k.second_dealt:
                allowed = (lambda c, v=voids: c // PER_SUIT not in v) if voids else None
                slots.append(Slot(("hand", s), k.sizes[s], must=k.must[s], allowed=allowed))
            else:
                slots.append(Slot(("hand", s), 4))
                slots.append(Slot(("second", s), 4))
        got = deal_constrained(pool, slots, rng)
        if got is None:
            return None
        hands = []
        for s in range(4):
            if s == seat:
                own = list(k.played[s]) + list(k.hand)
                if not k.second_dealt:
                    own = own + got[("second", s)]
                hands.append(own)
            elif k.second_dealt:
                cards = k.played[s] + got[("hand", s)]
                rng.shuffle(cards)
                hands.append(cards)
            else:
                hands.append(got[("hand", s)] + got[("second", s)])
        trump = k.trump
        actions = []
        for s, action in view["actions"]:
            if action == "choose-trump ?":
                trump = self.guess_trump(hands[s][:4], rng)
                action = tn.CHOOSE[trump]
            actions.append(action)
        return {"hands": hands}, actions, [h[:4] for h in hands], trump

    @staticmethod
    def guess_trump(first: list[int], rng: random.Random) -> int:
        """The trump a bidder holding ``first`` chose: mostly its best suit,
        now and then another suit it holds."""
        suit = best_suit(first)
        if rng.random() < 0.8:
            return suit
        return SUIT_OF[first[int(rng.random() * len(first))]]

    # ----- the tree ---------------------------------------------------------------
    def begin(self, view: dict) -> None:
        """The tree learns whose decision it searches (:meth:`candidates`), also
        in the cheat bot, which deals no worlds; the decision's playouts start a
        fresh generator (:meth:`_playout_rng`)."""
        self._rng_view = None
        self._root_view = view

    def by_policy(self, match) -> bool:
        """Below the decision the other three seats play their cards by the
        policy, from the cards the world gave them, as they already bet: a tree
        node shared by every world would have a defender play the card that is
        best on average, as if he did not know his own hand. Hard's card play
        vs Normal, 360 deals played both ways: +0.17 game points a deal against
        +0.09 with tree nodes (defences set 79 of 170 contracts, not 73); whole
        game against the tree version, 200 deals: even."""
        return match.phase == tn.PLAY_PHASE

    def candidates(self, match, legal: list[str]) -> list[str]:
        """Below the root: cards as :meth:`_play_candidates` says; the other
        seats' bets (bids, doubles, trump, single hand) follow the playout
        policy, since a tree over their calls would let them bid on the very
        cards the world dealt them; the searching seat's own later calls are
        pass or the cheapest bid, and any trump suit it holds."""
        phase = match.phase
        if phase == tn.PLAY_PHASE:
            return self._play_candidates(match, legal)
        root = self._root_view
        if match.to_act != root["seat"]:
            return [self.playout_action(match, self._playout_rng(root))]
        if phase == tn.AUCTION:
            return legal if len(legal) <= 2 else [legal[0], legal[-1]]   # lowest bid (or hold), pass
        if phase == tn.TRUMP:
            held = {SUIT_OF[c] for c in match.hands[match.bidder]}
            return [a for a in legal if SUITS.index(a[-1]) in held]
        return legal

    def root_candidates(self, view: dict, legal: list[str]) -> list[str] | None:
        """At the decision too, no trumping or asking over a partner's winning
        trick for nothing (:func:`spare_partner`); a seat that does not know the
        trump keeps its ask if any king and queen it holds could be the marriage."""
        trick = view["trick"]
        if view["phase"] != "play" or not trick or view["single_hand"] is not None:
            return None
        trump = SUITS.index(view["trump"]) if view["trump"] else None
        cards = [CARD[a[5:]] for a in legal if a.startswith("play ")]
        others = [a for a in legal if not a.startswith("play ")]
        cards, others = spare_partner(
            cards, others, [CARD[c] for _, c in trick], [s for s, _ in trick], view["seat"],
            _mask(CARD[c] for c in view["hand"]), trump if view["trump_revealed"] else None,
            range(4) if trump is None else (trump,))
        kept = {PLAY[c] for c in cards}.union(others)
        out = [a for a in legal if a in kept]
        return out if len(out) < len(legal) else None

    @staticmethod
    def _play_candidates(match, legal: list[str]) -> list[str]:
        """Equal cards (same suit and points, nothing left between them) count
        once; no trumping or asking over a partner's trick for nothing
        (:func:`spare_partner`)."""
        seat = match.turn
        trick = match.trick
        hand = match.hands[seat]
        own = _mask(hand)
        gone = TwentyNineSearch._gone(match) | own
        out = []
        cards = []
        for a in legal:
            if a[0] == "p" and a[1] == "l":
                cards.append(tn.ACTIONS[a][1])
            else:
                out.append(a)
        keep = []
        for c in sorted(cards):
            if keep:
                prev = keep[-1]
                if SUIT_OF[prev] == SUIT_OF[c] and POINTS[prev] == POINTS[c] \
                        and gone & ABOVE[c] | (1 << prev) | ABOVE[prev] == ABOVE[c]:
                    continue
            keep.append(c)
        if trick and match.single is None:
            keep, out = spare_partner(keep, out, trick, match.trick_seats, seat, own,
                                      match.trump if match.revealed else None, (match.trump,))
        return [PLAY[c] for c in keep] + out

    # ----- playouts -------------------------------------------------------------------
    def playout_action(self, match, rng: random.Random) -> str:
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = match.phase
        if phase == tn.PLAY_PHASE:
            if "show-marriage" in legal:
                return "show-marriage"
            trick = match.trick
            single = match.single is not None
            trump = None if single else match.trump
            bidder = -4 if single else match.bidder
            power = trump if match.revealed else None
            pos = tn.winning_position(trick, PER_SUIT, power) if trick else 0
            card = choose_card(match.turn, match.hands[match.turn], trick, match.trick_seats, pos,
                               trump, match.revealed, bidder,
                               3 if match.single is not None else 4, match.asker,
                               self._gone(match) | _mask(match.hands[match.turn]),
                               match.options["caller_must_trump"], rng)
            if match.single is not None and card == REVEAL:
                card = min(match._playable(match.turn)[0], key=lambda c: (POINTS[c], -c))
            action = "reveal-trump" if card == REVEAL else PLAY[card]
            return action if action in legal else legal[0]
        if phase == tn.AUCTION:
            action = bid_action(match, rng)
            return action if action in legal else "pass"
        if phase == tn.TRUMP:
            return tn.CHOOSE[best_suit(match.hands[match.bidder][:4])]
        return round_action(match, rng)

    @staticmethod
    def _gone(match) -> int:
        """Mask of the cards played this deal."""
        return match.played_mask

    def play_out(self, w, rng) -> None:
        """Play the world ``w`` to the end of its deal with the policy: rounds
        through the match, card play in a tight loop; the score moves as the
        engine would move it (``w`` is a throwaway clone)."""
        deal = w.deal_index
        while w.phase != tn.PLAY_PHASE:
            if w.deal_over_since(deal):
                return
            w.apply_fast(self.playout_action(w, rng))
        hands = w.hands
        trick = w.trick
        seats = w.trick_seats
        trump = w.trump
        revealed = w.revealed
        bidder = w.bidder
        single = w.single
        skip = w.skip
        if single is not None:
            bidder = -4                 # no trump in a single hand: nobody knows one
            trump = None
        n_active = 3 if single is not None else 4
        asker = w.asker
        points = w.points
        opts = w.options
        must_trump = opts["caller_must_trump"]
        trick_rule = opts["marriage_rule"] == "after-reveal-trick"
        tricks_done = w.tricks_done
        teams = w.trick_teams
        reveal_trick = w.reveal_trick
        marriage = w.marriage_team
        gone = self._gone(w)
        masks = [_mask(h) for h in hands]
        turn = w.turn
        pos = tn.winning_position(trick, PER_SUIT, trump if revealed else None) if trick else 0
        while True:
            hand = hands[turn]
            if revealed and marriage is None and single is None:
                kq = 48 << (trump * 8)
                if masks[turn] & kq == kq and (not trick_rule or (turn & 1) in teams[reveal_trick:]):
                    marriage = turn & 1
            known = gone | masks[turn]
            card = choose_card(turn, hand, trick, seats, pos, trump, revealed, bidder, n_active,
                               asker, known, must_trump, rng)
            if card == REVEAL:
                if single is not None:
                    card = min(hand, key=lambda c: (POINTS[c], -c))   # never asked: void, any card
                else:
                    revealed = True
                    reveal_trick = tricks_done
                    asker = turn
                    if trick:
                        pos = tn.winning_position(trick, PER_SUIT, trump)
                    if marriage is None:
                        kq = 48 << (trump * 8)
                        if masks[turn] & kq == kq and (
                                not trick_rule or (turn & 1) in teams[reveal_trick:]):
                            marriage = turn & 1
                    card = choose_card(turn, hand, trick, seats, pos, trump, revealed, bidder, n_active,
                                       asker, known, must_trump, rng)
            hand.remove(card)
            if not trick:
                pos = 0
            else:
                best = trick[pos]
                if SUIT_OF[card] == SUIT_OF[best]:
                    if card < best:
                        pos = len(trick)
                elif revealed and SUIT_OF[card] == trump:
                    pos = len(trick)
            trick.append(card)
            seats.append(turn)
            gone |= 1 << card
            masks[turn] &= ~(1 << card)
            if asker == turn:
                asker = None
            if len(trick) < n_active:
                turn = (turn + 1) & 3
                if turn == skip:
                    turn = (turn + 1) & 3
                continue
            winner = seats[pos]
            team = winner & 1
            pts = 0
            for c in trick:
                pts += POINTS[c]
            tricks_done += 1
            if tricks_done == 8 and opts["last_trick_point"]:
                pts += 1
            points[team] += pts
            teams.append(team)
            trick = []
            seats = []
            asker = None
            if single is not None and team != single & 1:
                break
            if tricks_done == 8:
                break
            turn = winner
        # score the deal as the engine does
        w.tricks_done = tricks_done
        w.marriage_team = marriage
        if single is not None:
            team = single & 1
            made = tricks_done == 8 and teams.count(team) == 8
            delta = 3 if made else -3
        else:
            team = bidder & 1
            made = points[team] >= w.target()
            delta = w.multiplier if made else -w.multiplier
        score = w.score
        score[team] += delta
        goal = opts["target"]
        if score[team] >= goal:
            w.finished, w.winner = True, team
        elif score[team] <= -goal:
            w.finished, w.winner = True, 1 - team
        w.deal_index += 1

    # ----- values -------------------------------------------------------------------
    def outcome(self, match, view: dict) -> tuple[list[float], list[float]]:
        if not match.deal_over_since(view["deal_index"]):
            self.play_out(match, self._playout_rng(view))
        start = view["score"]
        target = view["options"]["target"]
        gain0 = match.score[0] - start[0] - match.score[1] + start[1]
        points = match.points
        total = points[0] + points[1] or 1
        if match.finished:
            chance0 = 1.0 if match.winner == 0 else 0.0
        else:
            chance0 = win_chance(match.score, target, 0)
        base0 = self._base_chance(view)
        sharp = self.sharpness
        cw = self.card_weight
        r0 = 0.5 + sharp * (chance0 - base0)
        r1 = 0.5 - sharp * (chance0 - base0)
        r0 = 0.0 if r0 < 0.0 else (1.0 if r0 > 1.0 else r0)
        r1 = 0.0 if r1 < 0.0 else (1.0 if r1 > 1.0 else r1)
        r0 = (1.0 - cw) * r0 + cw * points[0] / total
        r1 = (1.0 - cw) * r1 + cw * points[1] / total
        return [r0, r1, r0, r1], [gain0, -gain0, gain0, -gain0]

    def _base_chance(self, view: dict) -> float:
        if getattr(self, "_base_view", None) is not view:
            self._base_view = view
            self._base = win_chance(view["score"], view["options"]["target"], 0)
        return self._base

    def _playout_rng(self, view: dict) -> random.Random:
        """The playouts' generator for one decision: seeded from the view's place
        in the match (never from hidden cards), so a search is repeatable."""
        if getattr(self, "_rng_view", None) is not view:
            self._rng_view = view
            self._rng = random.Random(f"29/{view['deal_index']}/{len(view['actions'])}/"
                                      f"{view['seat']}/{','.join(sorted(view['hand']))}")
        return self._rng

    # ----- why ------------------------------------------------------------------------------
    def explain(self, view: dict, stats) -> list[tuple[str, dict]]:
        """Why the top action: locale keys ``hint.twenty_nine.<reason>`` with params
        (cards and suits as card strings and suit letters, for the UI to name)."""
        if not stats:
            return []
        best = stats[0]
        action = best.action
        k = Knowledge(view)
        seat = k.seat
        out: list[tuple[str, dict]] = []
        key = "hint.twenty_nine."
        if view["phase"] == "auction":
            est = bid_estimate(k.hand[:4])[0]
            out.append((key + "hand_worth", {"points": int(round(est))}))
        elif action == "double":
            out.append((key + "double_break", {"bid": view["bid"]}))
        elif action == "show-marriage":
            out.append((key + "marriage", {"suit": view["trump"]}))
        elif action == "reveal-trump" or (view["trump"] is None and view["phase"] == "play"):
            suit = self._likely_trump(view)
            if suit is not None:
                out.append((key + "trump_likely", {"suit": SUITS[suit]}))
        if action.startswith("play "):
            card = CARD[action[5:]]
            suit = _suit(card)
            trick = view["trick"]
            if trick:
                power = SUITS.index(view["trump"]) if view["trump_revealed"] else None
                cards = [CARD[c] for _, c in trick]
                pos = tn.winning_position(cards, PER_SUIT, power)
                if trick[pos][0] % 2 == seat % 2:
                    out.append((key + "partner_wins", {}))
            seen = set(k.hand)
            for cards in k.played:
                seen.update(cards)
            higher = [c for c in range(suit * PER_SUIT, card) if c not in seen]
            if higher:
                out.append((key + "card_out", {"card": DECK.names[higher[0]]}))
            if not trick:
                for o in ((seat + 1) % 4, (seat + 3) % 4):
                    if suit in k.voids[o]:
                        out.append((key + "opponent_void", {"suit": SUITS[suit]}))
                        break
        out.append((key + "expected", {"points": f"{best.margin:+.1f}"}))
        return out[:4]

    def _likely_trump(self, view: dict) -> int | None:
        """The suit most sampled worlds make trump (for a seat that does not know it)."""
        if view["trump"]:
            return SUITS.index(view["trump"])
        rng = random.Random(f"explain/{view['deal_index']}/{len(view['actions'])}")
        counts = [0, 0, 0, 0]
        k = Knowledge(view)
        for _ in range(40):
            world = self._deal_hard(view, k, rng)
            if world is not None and world[3] is not None:
                counts[world[3]] += 1
        return counts.index(max(counts)) if any(counts) else None
