"""A rule-based Twenty-nine player: bids from hand strength, plays like a
sensible club player. It reads only its seat's view."""
from __future__ import annotations

from game.games.twenty_nine import DECK, MIN_BID, PER_SUIT, POINTS

from .base import Bot

SUITS = DECK.suits
DOUBLE_AT = 5.5             # double_strength that doubles a bid of 16 (less for each point above)
ASK_AT = 0.5                # chance of holding a trump that makes a seat ask for it


def _suit(card: int) -> int:
    return card // PER_SUIT


# ----- hand judgement shared with the search ------------------------------------------
def best_suit(hand: list[int]) -> int:
    """The suit to name as trump: the longest, then the most points, then the
    highest card."""
    keys = [0, 0, 0, 0]              # length, points, then the highest card, in one number
    tops = [32, 32, 32, 32]
    for c in hand:
        suit = c // PER_SUIT
        keys[suit] += 10000 + 100 * POINTS[c]
        if c < tops[suit]:
            tops[suit] = c
    for suit in range(4):
        if keys[suit]:
            keys[suit] += 32 - tops[suit]
    best = 0
    for suit in (1, 2, 3):
        if keys[suit] > keys[best]:
            best = suit
    return best


def bid_estimate(first: list[int]) -> tuple[float, int]:
    """The card points a bidder's side expects to take on this first packet,
    and the trump it would name. Fitted on 2,500 seeded rule-bot deals (the
    bidder names his best suit; residual spread about 5 points): jacks and
    length in the trump suit win tricks, nines help, loose points barely."""
    suit = best_suit(first)
    jacks = nines = aces = points = length = trump_points = 0
    for c in first:
        rank = c % PER_SUIT
        points += POINTS[c]
        jacks += rank == 0
        nines += rank == 1
        aces += rank == 2
        if _suit(c) == suit:
            length += 1
            trump_points += POINTS[c]
    est = 10.8 + 1.9 * jacks + 0.68 * nines + 1.47 * length + 0.38 * trump_points \
        + 0.13 * aces - 0.16 * points
    return est, suit


def double_strength(first: list[int]) -> float:
    """How much a defender's first packet takes from a contract: jacks above
    all, then nines and aces."""
    return sum((2.0, 1.0, 0.5, 0.3, 0, 0, 0, 0)[c % PER_SUIT] for c in first)


def likely_trumps(hand: list[int], gone: int, led: int) -> float:
    """For a seat that does not know the hidden trump: the chance it holds one.
    The bidder named his long suit, so a suit is as likely trump as the square
    of its cards still unseen by this seat (``gone``: mask of played cards);
    the suit led counts too (then the seat, void in it, holds none)."""
    mine = [0, 0, 0, 0]
    for c in hand:
        mine[_suit(c)] += 1
    weights = []
    for suit in range(4):
        seen = bin((gone >> (suit * PER_SUIT)) & 0xFF).count("1")
        unseen = PER_SUIT - mine[suit] - seen
        weights.append(unseen * unseen)
    total = sum(weights)
    if not total:
        return 0.0
    return sum(w for suit, w in enumerate(weights) if mine[suit]) / total


class TwentyNineBot(Bot):
    name = "rule"

    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "auction":
            return self._bid(view, legal)
        if phase == "double":
            return self._double(view)
        if phase == "redouble":
            return "redouble" if self._bid_limit(view) >= view["bid"] + 3 else "pass"
        if phase == "trump":
            return f"choose-trump {SUITS[self._best_suit(self._hand(view))]}"
        if phase == "single-hand":
            return "single-hand" if self._sure_single(view) else "pass"
        if "show-marriage" in legal:
            return "show-marriage"
        return self._play(view, legal)

    # ----- reading the view -------------------------------------------------
    @staticmethod
    def _hand(view: dict) -> list[int]:
        return [DECK.card(c) for c in view["hand"]]

    @staticmethod
    def _played(view: dict) -> set[int]:
        cards = {DECK.card(c) for t in view["tricks"] for _, c in t["cards"]}
        cards.update(DECK.card(c) for _, c in view["trick"])
        return cards

    @staticmethod
    def _best_suit(hand: list[int]) -> int:
        return best_suit(hand)

    def _bid_limit(self, view: dict) -> int:
        """How high this first packet may bid: the points its side expects to
        take (:func:`bid_estimate`), rounded; a contract is worth bidding while
        it is made more often than not."""
        return int(bid_estimate(self._hand(view)[:4])[0] + 0.5)

    @staticmethod
    def _voids(view: dict) -> list[set]:
        """Suits each seat has shown it lacks this deal: it did not follow, or
        asked for the trump (and, made to trump after asking, did not)."""
        voids = [set() for _ in range(4)]
        trump = SUITS.index(view["trump"]) if view["trump"] else None
        tricks = [t["cards"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
        asks = []
        trick_no = in_trick = 0
        players = 3 if view["single_hand"] is not None else 4
        for s, action in view.get("actions", ()):
            if action.startswith("play "):
                in_trick += 1
                if in_trick == players:
                    trick_no, in_trick = trick_no + 1, 0
            elif action == "reveal-trump":
                asks.append((trick_no, s))
        for no, cards in enumerate(tricks):
            led = _suit(DECK.card(cards[0][1]))
            for s, c in cards:
                suit = _suit(DECK.card(c))
                if suit != led:
                    voids[s].add(led)
                    if (no, s) in asks and trump is not None and suit != trump \
                            and view.get("options", {}).get("caller_must_trump", True):
                        voids[s].add(trump)
        return voids

    # ----- auction and rounds -------------------------------------------------
    def _bid(self, view: dict, legal: list[str]) -> str:
        limit = min(self._bid_limit(view), view["options"]["max_bid"])
        seat = view["seat"]
        holder = view["holder"]
        if holder is None:
            return f"bid {MIN_BID}" if limit >= MIN_BID else "pass"
        current = view["bid"]
        if holder == seat:                                   # hold if it is worth it
            return f"bid {current}" if current <= limit else "pass"
        if holder % 2 == seat % 2 and limit < current + 3:   # leave the partner's bid alone
            return "pass"
        wanted = current + 1
        return f"bid {wanted}" if wanted <= limit and f"bid {wanted}" in legal else "pass"

    def _double(self, view: dict) -> str:
        """Double a contract this packet can break: jacks, nines and aces the
        bidder's side lacks, the more needed the lower the bid."""
        strength = double_strength(self._hand(view))
        return "double" if strength >= DOUBLE_AT - 0.75 * (view["bid"] - MIN_BID) else "pass"

    def _sure_single(self, view: dict) -> bool:
        """Declare only an unbeatable hand: in every suit, the top cards."""
        hand = set(self._hand(view))
        for suit in range(4):
            held = sorted(c for c in hand if _suit(c) == suit)
            if held and held != list(range(suit * PER_SUIT, suit * PER_SUIT + len(held))):
                return False
        return True

    # ----- play -------------------------------------------------------------------
    def _play(self, view: dict, legal: list[str]) -> str:
        seat = view["seat"]
        cards = [DECK.card(a[5:]) for a in legal if a.startswith("play ")]
        played = self._played(view)
        hand = set(self._hand(view))
        trump = DECK.suits.index(view["trump"]) if view["trump"] else None
        revealed = view["trump_revealed"]
        trick = [(s, DECK.card(c)) for s, c in view["trick"]]

        def sure_winner(card: int) -> bool:
            base = _suit(card) * PER_SUIT
            return all(h in played or h in hand for h in range(base, card))

        voids = self._voids(view)
        single = view["single_hand"]
        opponents = [o for o in ((seat + 1) % 4, (seat + 3) % 4) if o != single]

        def ruffed(suit: int, who: list) -> bool:
            """Whether one of ``who`` may trump (or ask and trump) a lead of ``suit``."""
            if single is not None or suit == trump:
                return False
            trumps_out = trump is None or any(
                c not in played and c not in hand for c in range(trump * PER_SUIT, trump * PER_SUIT + PER_SUIT))
            return trumps_out and any(suit in voids[o] and (trump is None or trump not in voids[o])
                                      for o in who)

        if not trick:
            safe_cards = [c for c in cards if not ruffed(_suit(c), opponents)] or cards
            return "play " + DECK.names[self._lead(safe_cards, trump, sure_winner)]

        active = 3 if single is not None else 4
        last = len(trick) == active - 1
        led = _suit(trick[0][1])
        power = trump if revealed and single is None else None
        best_seat, best = self._winning(trick, power)
        value = sum(POINTS[c] for _, c in trick)
        to_play = [o for o in opponents if o not in [s for s, _ in trick]]

        if best_seat % 2 == seat % 2:                       # partner holds the trick
            safe = last or (_suit(best) == led and sure_winner(best) and power is None
                            and not ruffed(led, to_play)) or (
                power is not None and _suit(best) == power and sure_winner(best)) or (
                power is not None and _suit(best) == led and sure_winner(best) and not ruffed(led, to_play))
            if safe:                                        # feed points, never a trump over him
                return "play " + DECK.names[max(cards, key=lambda c: (_suit(c) != trump, POINTS[c], -c))]
            plain = [c for c in cards if _suit(c) != trump] or cards
            return "play " + DECK.names[self._cheapest(plain, trump)]

        beaters = [c for c in cards if self._beats(c, best, led, power)]
        if "reveal-trump" in legal and not beaters and value >= 2 and trump is None \
                and likely_trumps(list(hand), sum(1 << c for c in played), led) >= ASK_AT:
            return "reveal-trump"
        if "reveal-trump" in legal and trump is not None and value >= 2:
            trumps = [c for c in hand if _suit(c) == trump]
            if any(self._beats(c, best, led, trump) for c in trumps):
                return "reveal-trump"
        if beaters and (value > 0 or last or any(POINTS[c] > 0 for c in beaters)):
            if last:
                return "play " + DECK.names[max(beaters)]   # the weakest card that wins
            sure = [c for c in beaters if sure_winner(c) or (power is not None and _suit(c) == power)]
            if sure:
                return "play " + DECK.names[max(sure)]
        return "play " + DECK.names[self._cheapest(cards, trump)]

    @staticmethod
    def _winning(trick: list, power: int | None) -> tuple[int, int]:
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if _suit(c) == _suit(best):
                if c < best:
                    best_seat, best = s, c
            elif _suit(c) == power:
                best_seat, best = s, c
        return best_seat, best

    @staticmethod
    def _beats(card: int, best: int, led: int, power: int | None) -> bool:
        if _suit(card) == _suit(best):
            return card < best
        return _suit(card) == power

    @staticmethod
    def _cheapest(cards: list[int], trump: int | None) -> int:
        """Lowest in points, then not a trump, then the weakest."""
        return min(cards, key=lambda c: (POINTS[c], _suit(c) == trump, -(c % PER_SUIT)))

    @staticmethod
    def _lead(cards: list[int], trump: int | None, sure_winner) -> int:
        winners = [c for c in cards if sure_winner(c) and _suit(c) != trump and POINTS[c] > 0]
        if winners:
            return max(winners, key=lambda c: POINTS[c])
        plain = [c for c in cards if _suit(c) != trump] or cards
        by_suit: dict[int, list[int]] = {}
        for c in plain:
            by_suit.setdefault(_suit(c), []).append(c)
        longest = max(by_suit.values(), key=len)
        return min(longest, key=lambda c: (POINTS[c], -(c % PER_SUIT)))
