"""What the search needs to know of Twenty-nine.

Worlds: the seat's own cards are known; every other card goes to a seat that
can hold it: each seat keeps the cards it has played, holds no card of a suit
it showed a void in (it did not follow, or asked for the trump), and after
asking for the trump and not trumping holds no trump. A seat that does not
know the hidden trump samples it from the bidder's first four cards (the
bidder chose it seeing only those). Playouts use a cheap club-player policy on
the sampled world's own state.
"""
from __future__ import annotations

import random

from game.games import twenty_nine as tn
from game.games.twenty_nine import DECK, MIN_BID, PER_SUIT, POINTS

from .search.game import SearchGame
from .search.worlds import Slot, deal_constrained

SUITS = DECK.suits
CARD = DECK.index


def _suit(card: int) -> int:
    return card // PER_SUIT


class Knowledge:
    """What a seat knows of the hidden cards, read off its view."""

    def __init__(self, view: dict) -> None:
        self.seat = seat = view["seat"]
        self.hand = [CARD[c] for c in view["hand"]]
        self.played = [[] for _ in range(4)]            # cards each seat has played this deal
        self.voids = [set() for _ in range(4)]          # suits a seat cannot hold now
        trump = SUITS.index(view["trump"]) if view["trump"] else None
        self.trump = trump
        tricks = [t["cards"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
        asks = self._asks(view)
        for trick_no, cards in enumerate(tricks):
            led = _suit(CARD[cards[0][1]])
            for s, name in cards:
                card = CARD[name]
                self.played[s].append(card)
                if _suit(card) != led:
                    self.voids[s].add(led)
                    if (trick_no, s) in asks and trump is not None and _suit(card) != trump \
                            and view["options"]["caller_must_trump"]:
                        self.voids[s].add(trump)
        for trick_no, s in asks:                         # asked: void in the suit led
            if trick_no < len(tricks):
                self.voids[s].add(_suit(CARD[tricks[trick_no][0][1]]))
        self.second_dealt = view["phase"] in ("single-hand", "play") or view["phase"] == "over"
        self.sizes = view["hand_sizes"]

    @staticmethod
    def _asks(view: dict) -> set:
        """(trick number, seat) of every ask for the trump."""
        asks = set()
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
        return asks


class TwentyNineSearch(SearchGame):
    module = tn
    score_scale = 1.5
    hard_iterations = 1200
    expert_iterations = 4000

    def deal(self, view: dict, rng: random.Random):
        k = Knowledge(view)
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
                slots.append(Slot(("hand", s), k.sizes[s], allowed=allowed))
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
        actions = []
        for s, action in view["actions"]:
            if action == "choose-trump ?":
                action = "choose-trump " + SUITS[self._guess_trump(hands[s][:4], k, rng)]
            actions.append(action)
        return {"hands": hands}, actions

    @staticmethod
    def _guess_trump(first: list[int], k: Knowledge, rng: random.Random) -> int:
        """The trump a bidder holding ``first`` most likely chose: its
        strongest suit, now and then another suit it holds."""
        def strength(suit: int) -> tuple:
            cards = [c for c in first if _suit(c) == suit]
            return (len(cards), sum(POINTS[c] for c in cards), -min(cards, default=99))
        best = max(range(4), key=strength)
        if rng.random() < 0.8:
            return best
        held = sorted({_suit(c) for c in first})
        return rng.choice(held)

    # ----- the tree ---------------------------------------------------------------
    def candidates(self, match, legal: list[str]) -> list[str]:
        """In the auction consider pass, the lowest bid and a few jumps."""
        if match.phase != tn.AUCTION or len(legal) <= 4:
            return legal
        bids = [a for a in legal if a != "pass"]
        keep = {bids[0], bids[min(2, len(bids) - 1)], bids[min(4, len(bids) - 1)]}
        return [a for a in legal if a == "pass" or a in keep]

    # ----- playouts ---------------------------------------------------------------
    def playout_action(self, match, rng: random.Random) -> str:
        phase = match.phase
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if phase == tn.PLAY_PHASE:
            return self._play(match, legal, rng)
        if phase == tn.AUCTION:
            return self._bid(match, legal, rng)
        if phase == tn.TRUMP:
            hand = match.hands[match.bidder]
            return tn.CHOOSE[self._guess_trump(hand, None, rng)]
        return "pass"

    @staticmethod
    def _strength(hand: list[int]) -> int:
        """A bid this first packet supports (the rule bot's yardstick)."""
        points = sum(POINTS[c] for c in hand)
        counts = [0, 0, 0, 0]
        for c in hand:
            counts[c // PER_SUIT] += 1
        jacks = sum(1 for c in hand if c % PER_SUIT == 0)
        return 10 + points + 2 * (max(counts) - 1) + jacks

    def _bid(self, match, legal: list[str], rng: random.Random) -> str:
        seat = match.turn
        limit = self._strength(match.hands[seat]) + rng.randint(-1, 1)
        if match.holder is None:
            return tn.BID[MIN_BID] if limit >= MIN_BID else "pass"
        if match.holder == seat:
            return tn.BID[match.bid] if match.bid <= limit else "pass"
        if match.holder % 2 == seat % 2:
            return "pass"
        wanted = match.bid + 1
        return tn.BID[wanted] if wanted <= limit and tn.BID[wanted] in legal else "pass"

    def _play(self, match, legal: list[str], rng: random.Random) -> str:
        seat = match.turn
        trick = match.trick
        cards = [tn.ACTIONS[a][1] for a in legal if a[0] == "p" and a[1] == "l"]
        if not cards:
            return legal[0]
        if "reveal-trump" in legal and trick and rng.random() < 0.5:
            return "reveal-trump"
        if "show-marriage" in legal:
            return "show-marriage"
        if not trick:
            # lead: a high card of a side suit, now and then anything
            if rng.random() < 0.25:
                return tn.PLAY[rng.choice(cards)]
            return tn.PLAY[min(cards, key=lambda c: (c % PER_SUIT, rng.random()))]
        power = match.trump if match.revealed and match.single is None else None
        best_pos = tn.winning_position(trick, PER_SUIT, power)
        best = trick[best_pos]
        partner_wins = match.trick_seats[best_pos] % 2 == seat % 2
        led = trick[0] // PER_SUIT
        if partner_wins:
            return tn.PLAY[max(cards, key=lambda c: (POINTS[c] if len(trick) == 3 else -POINTS[c],
                                                      c % PER_SUIT))]
        winners = [c for c in cards if (_suit(c) == _suit(best) and c < best)
                   or (power is not None and _suit(c) == power and _suit(best) != power)]
        if winners and (len(trick) == 3 or any(POINTS[c] for c in trick) or rng.random() < 0.5):
            return tn.PLAY[max(winners)]          # the cheapest card that wins
        return tn.PLAY[min(cards, key=lambda c: (POINTS[c], _suit(c) == power, -(c % PER_SUIT)))]
