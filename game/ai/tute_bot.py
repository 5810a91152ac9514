"""A rule-based Tute bot (all three variants), reading only its seat's view.

Declarations: tute when it can, then las cuarenta, then a veinte; the exchange
of the 7/2 of trumps whenever offered (before singing, since the card taken
may complete a pair); capote only when a small exact search over the known
cards (after the 12th trick of a 2-player deal every unseen card is in the
opponent's hand) proves that all eight tricks can be won.

Play: it tracks the cards played (from the view's trick history), which
suits each player is known to be void in, and the cantes sung. It leads low
blancas early, draws trumps when it holds the top one, cashes sure winners;
it follows with the cheapest card that wins when the trick is worth it, else
the cheapest card; with a partner winning safely it feeds points. In the last
tricks of a 2-player deal (open information) it plays a small exact
endgame search.
"""
from __future__ import annotations

from game.engine.cards import TUTE
from game.games.tute import full_obligations

from .base import Bot

PER_SUIT = 10
NAMES = TUTE.names
SUITS = TUTE.suits
POINTS = tuple((11, 10, 4, 3, 2, 0, 0, 0, 0, 0)[c % PER_SUIT] for c in range(40))
KING, KNIGHT = 2, 3
ENDGAME_CARDS = 6          # 2 players: exact search once hands are this small


def _card(text: str) -> int:
    return TUTE.index[text]


def _follow_options(hand, trick_cards, trump):
    """Full obligations (§3.1) for a follower holding ``hand``."""
    if not trick_cards:
        return list(hand)
    win = trick_cards[0]
    for c in trick_cards[1:]:
        if _beats(c, win, trump):
            win = c
    return list(full_obligations(hand, trick_cards[0] // PER_SUIT, win, trump))


def _beats(card: int, win: int, trump: int) -> bool:
    if card // PER_SUIT == win // PER_SUIT:
        return card < win
    return card // PER_SUIT == trump


class _Endgame:
    """Exact two-player play once the stock is empty (both hands known)."""

    def __init__(self, trump: int, tricks_left: int) -> None:
        self.trump = trump
        self.memo: dict = {}

    def value(self, mine: tuple, opp: tuple, me_lead: bool) -> int:
        """My points minus the opponent's over the remaining tricks."""
        if not mine:
            return 0
        key = (mine, opp, me_lead)
        got = self.memo.get(key)
        if got is not None:
            return got
        lead_hand, foll_hand = (mine, opp) if me_lead else (opp, mine)
        best = None
        for lead in lead_hand:
            worst = None
            rest_lead = tuple(c for c in lead_hand if c != lead)
            for resp in _follow_options(foll_hand, [lead], self.trump):
                rest_foll = tuple(c for c in foll_hand if c != resp)
                pts = POINTS[lead] + POINTS[resp] + (10 if len(rest_lead) == 0 else 0)
                leader_wins = not _beats(resp, lead, self.trump)
                me_win = leader_wins == me_lead
                sub = self.value(rest_lead, rest_foll, me_win) if me_lead else \
                    self.value(rest_foll, rest_lead, me_win)
                v = (pts if me_win else -pts) + sub
                # the follower minimises (when I lead) or maximises (when I follow) my value
                if worst is None or (v < worst if me_lead else v > worst):
                    worst = v
            if best is None or (worst > best if me_lead else worst < best):
                best = worst
        self.memo[key] = best
        return best

    def best_lead(self, mine: tuple, opp: tuple) -> int:
        best, best_v = None, None
        for lead in mine:
            rest = tuple(c for c in mine if c != lead)
            worst = None
            for resp in _follow_options(opp, [lead], self.trump):
                orest = tuple(c for c in opp if c != resp)
                pts = POINTS[lead] + POINTS[resp] + (10 if not rest else 0)
                me_win = not _beats(resp, lead, self.trump)
                v = (pts if me_win else -pts) + self.value(rest, orest, me_win)
                if worst is None or v < worst:
                    worst = v
            if best_v is None or worst > best_v:
                best, best_v = lead, worst
        return best

    def best_follow(self, mine: tuple, opp: tuple, lead: int) -> int:
        best, best_v = None, None
        for resp in _follow_options(mine, [lead], self.trump):
            rest = tuple(c for c in mine if c != resp)
            pts = POINTS[lead] + POINTS[resp] + (10 if not rest else 0)
            me_win = _beats(resp, lead, self.trump)
            v = (pts if me_win else -pts) + self.value(rest, opp, me_win)
            if best_v is None or v > best_v:
                best, best_v = resp, v
        return best


def can_sweep(mine: tuple, opp: tuple, trump: int, memo: dict | None = None) -> bool:
    """Whether the leader holding ``mine`` wins every remaining trick whatever the
    follower (holding ``opp``) does, under full obligations."""
    if not mine:
        return True
    memo = {} if memo is None else memo
    key = (mine, opp)
    if key in memo:
        return memo[key]
    result = False
    for lead in mine:
        resps = _follow_options(opp, [lead], trump)
        if any(_beats(r, lead, trump) for r in resps):
            continue
        rest = tuple(c for c in mine if c != lead)
        if all(can_sweep(rest, tuple(c for c in opp if c != r), trump, memo) for r in resps):
            result = True
            break
    memo[key] = result
    return result


class TuteBot(Bot):
    """Rule-based Tute player (see the module docstring)."""

    name = "rule"

    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if not legal[0].startswith("play ") or not legal[-1].startswith("play "):
            return self._declare(view, legal)
        return self._play(view, legal)

    # ----- declarations -----------------------------------------------------
    def _declare(self, view: dict, legal: list[str]) -> str:
        if "sing tute" in legal:
            return "sing tute"
        if "exchange" in legal:
            return "exchange"
        if "capote" in legal and self._capote_sure(view):
            return "capote"
        if "sing 40" in legal:
            return "sing 40"
        for action in legal:
            if action.startswith("sing 20"):
                return action
        return "pass"

    def _capote_sure(self, view: dict) -> bool:
        trump = SUITS.index(view["trump_suit"])
        mine = tuple(sorted(_card(c) for c in view["hand"]))
        seen = set(mine)
        for t in view["tricks"]:
            seen.update(_card(c) for _, c in t["cards"])
        opp = tuple(c for c in range(40) if c not in seen)
        if len(opp) != len(mine):
            return False
        return can_sweep(mine, opp, trump)

    # ----- play -------------------------------------------------------------
    def _play(self, view: dict, legal: list[str]) -> str:
        k = _Knowledge(view)
        cards = [_card(a[5:]) for a in legal]
        if k.players == 2 and k.stock == 0 and len(k.hand) <= ENDGAME_CARDS:
            opp = k.opponent_hand_2p()
            if opp is not None:
                eg = _Endgame(k.trump, len(k.hand))
                mine = tuple(sorted(k.hand))
                if k.trick:
                    choice = eg.best_follow(mine, tuple(sorted(opp)), k.trick[0][1])
                else:
                    choice = eg.best_lead(mine, tuple(sorted(opp)))
                if choice in cards:
                    return "play " + NAMES[choice]
        if not k.trick:
            card = self._lead(k, cards)
        else:
            card = self._follow(k, cards)
        return "play " + NAMES[card]

    def _lead(self, k: "_Knowledge", cards: list[int]) -> int:
        trump = k.trump
        trumps = [c for c in cards if c // PER_SUIT == trump]
        side = [c for c in cards if c // PER_SUIT != trump]
        out_trumps = k.outstanding_of(trump)
        if not k.stock_phase:
            # draw trumps when holding the top one and the opponents may still have some
            # (never with a card of the unsung forty: win a trick first and sing it)
            if (trumps and out_trumps and min(trumps) < min(out_trumps)
                    and k.opponents_may_hold(trump) and not k.breaks_pair(min(trumps))):
                if len(trumps) >= 2 or len(out_trumps) <= 2:
                    return min(trumps)
            # cash sure winners in side suits
            sure = [c for c in side if k.is_top(c) and not k.opponent_trumps_likely(c // PER_SUIT)
                    and not k.breaks_pair(c)]
            if sure:
                return max(sure, key=lambda c: (POINTS[c], -c % PER_SUIT))
            if not side and trumps:
                return min(trumps) if min(trumps) < min(out_trumps or [99]) else max(trumps)
        pool = side or cards
        return min(pool, key=lambda c: k.lead_cost(c))

    def _follow(self, k: "_Knowledge", cards: list[int]) -> int:
        trick = k.trick
        trump = k.trump
        win_seat, win_card = trick[0]
        for s, c in trick[1:]:
            if _beats(c, win_card, trump):
                win_seat, win_card = s, c
        on_table = sum(POINTS[c] for _, c in trick)
        after_me = k.players - len(trick) - 1
        later = [(k.seat + i) % k.players for i in range(1, after_me + 1)]
        partner = (k.seat + 2) % 4 if k.players == 4 else None
        winners = [c for c in cards if _beats(c, win_card, trump)]
        if on_table < 20:
            # a club player never breaks his unsung forty (or twenty) for a cheap trick
            winners = [c for c in winners if not k.breaks_pair(c)]
        if partner is not None and win_seat == partner:
            if self._safe(k, win_card, trick[0][1] // PER_SUIT, later, partner):
                feed = [c for c in cards if c // PER_SUIT != trump or len(cards) == 1]
                pool = feed or cards
                return max(pool, key=lambda c: (POINTS[c] - k.keep_bonus(c), -c % PER_SUIT))
            overtake = [c for c in winners
                        if self._safe(k, c, trick[0][1] // PER_SUIT, later, partner)]
            if overtake and on_table >= 10:
                return min(overtake, key=k.discard_cost)
            return min(cards, key=k.discard_cost)
        if winners:
            safe = [c for c in winners
                    if self._safe(k, c, trick[0][1] // PER_SUIT, later, partner)]
            value = on_table
            if safe:
                best = min(safe, key=k.discard_cost)
                if value + POINTS[best] > 0 or k.discard_cost(best) < 6 or k.wants_lead():
                    return best
            elif after_me and value >= 10:
                strongest = min(winners, key=lambda c: c % PER_SUIT)
                if not k.breaks_pair(strongest) or value >= 20:
                    return strongest
        return min(cards, key=k.discard_cost)

    def _safe(self, k: "_Knowledge", card: int, led: int, later: list[int], partner) -> bool:
        """Whether ``card`` will still win the trick after the seats in ``later``."""
        trump = k.trump
        opponents = [s for s in later if s != partner]
        if not opponents:
            return True
        suit = card // PER_SUIT
        stronger = [c for c in k.outstanding_of(suit) if c < card]
        if suit == trump:
            return not stronger or all(trump in k.void[s] for s in opponents)
        if stronger and not all(suit in k.void[s] for s in opponents):
            return False
        if k.stock_phase:
            return True   # (2p) the follower already played; nobody comes after
        # someone void in the suit led who may hold trumps could trump it
        for s in opponents:
            if led in k.void[s] and trump not in k.void[s] and k.outstanding_of(trump):
                return False
        return True


class _Knowledge:
    """What the view tells: hand, cards played, voids, outstanding cards."""

    def __init__(self, view: dict) -> None:
        self.seat = view["seat"]
        self.players = view["players"]
        self.trump = SUITS.index(view["trump_suit"])
        self.hand = [_card(c) for c in view["hand"]]
        self.stock = view["stock_size"]
        self.stock_phase = self.players == 2 and self.stock > 0
        self.trick = [(s, _card(c)) for s, c in view["trick"]]
        self.void = [set() for _ in range(self.players)]
        self.stock_rule = view.get("options", {}).get("stock_rule", "trump")
        played = set()
        trump = self.trump
        for number, t in enumerate(view["tricks"]):
            seq = [(s, _card(c)) for s, c in t["cards"]]
            played.update(c for _, c in seq)
            stock_trick = self.players == 2 and number < 12
            self._infer(seq, stock_trick)
        self._infer(self.trick, self.stock_phase)
        played.update(c for _, c in self.trick)
        self.played = played
        known_away = set()
        if self.players == 3 or (self.players == 2 and view["trump_card_on_table"]):
            known_away.add(_card(view["trump_card"]))     # dead card / bottom of the stock
        mine = set(self.hand)
        self.outstanding = [c for c in range(40)
                            if c not in played and c not in mine and c not in known_away]
        self.sung = {SUITS.index(x["suit"]) for x in view["cantes"] if x["suit"] is not None}
        self.view = view

    def _infer(self, seq, stock_trick: bool) -> None:
        if len(seq) < 2:
            return
        trump = self.trump
        led = seq[0][1] // PER_SUIT
        win = seq[0][1]
        for s, c in seq[1:]:
            suit = c // PER_SUIT
            if stock_trick:
                if led == trump and suit != trump and self.stock_rule == "trump":
                    self.void[s].add(trump)
            else:
                if suit != led:
                    self.void[s].add(led)
                    if suit != trump and win // PER_SUIT != trump:
                        self.void[s].add(trump)
            if _beats(c, win, trump):
                win = c

    def outstanding_of(self, suit: int) -> list[int]:
        return [c for c in self.outstanding if c // PER_SUIT == suit]

    def is_top(self, card: int) -> bool:
        suit = card // PER_SUIT
        return all(c > card for c in self.outstanding if c // PER_SUIT == suit)

    def opponents(self) -> list[int]:
        n = self.players
        if n == 4:
            return [(self.seat + 1) % 4, (self.seat + 3) % 4]
        return [s for s in range(n) if s != self.seat]

    def opponents_may_hold(self, suit: int) -> bool:
        return any(suit not in self.void[s] for s in self.opponents())

    def opponent_trumps_likely(self, suit: int) -> bool:
        """Some opponent is void in ``suit`` and may still trump it."""
        if not self.outstanding_of(self.trump):
            return False
        return any(suit in self.void[s] and self.trump not in self.void[s]
                   for s in self.opponents())

    def pair_held(self, card: int) -> bool:
        suit = card // PER_SUIT
        r = card % PER_SUIT
        if r not in (KING, KNIGHT) or suit in self.sung:
            return False
        other = suit * PER_SUIT + (KNIGHT if r == KING else KING)
        return other in self.hand

    def breaks_pair(self, card: int) -> bool:
        """Playing ``card`` gives up a cante still to be sung (king or knight
        of an unsung pair held, while cantes are still possible)."""
        return self.pair_held(card) and (self.players != 2 or self.stock > 0 or
                                         self.view["options"].get("late_cantes", True))

    def keep_bonus(self, card: int) -> float:
        bonus = 0.0
        if card // PER_SUIT == self.trump:
            bonus += 8 + (PER_SUIT - card % PER_SUIT)
        if self.breaks_pair(card):
            bonus += 40 if card // PER_SUIT == self.trump else 20
        return bonus

    def discard_cost(self, card: int) -> float:
        """How much it hurts to give this card away (lower: throw it first)."""
        return POINTS[card] * 2 + (PER_SUIT - card % PER_SUIT) * 0.3 + self.keep_bonus(card)

    def lead_cost(self, card: int) -> float:
        return self.discard_cost(card) + (5 if self.is_top(card) and not self.stock_phase else 0)

    def wants_lead(self) -> bool:
        """Holding an unsung pair: winning a trick opens a window to sing it."""
        return any(self.pair_held(c) for c in self.hand)

    def opponent_hand_2p(self) -> list[int] | None:
        if self.players != 2 or self.stock:
            return None
        opp = [c for c in self.outstanding]
        if self.trick:
            return opp
        return opp if len(opp) == len(self.hand) else None
