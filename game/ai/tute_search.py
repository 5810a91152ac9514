"""What the search needs to know of Tute (2 players with a stock, 3-player
arrastrado, 4 players in pairs).

Worlds (:meth:`TuteSearch.deal`): the seat's own cards and every card played
are known; the others go where the seat's knowledge allows (:class:`Knowledge`):

- voids and ceilings under the full obligations (3/4 players, 2 players once
  the stock is gone): a seat that did not follow holds none of the suit led; a
  seat that did not trump an untrumped trick holds no trump; a seat that
  followed (or trumped) without beating the winning card holds nothing of that
  suit above it;
- cantes: the singer holds the king and knight of that suit until he plays
  them; a trick winner for whom no declaration window opened held no unsung
  pair (nor, 2 players, the exchange card while it could be exchanged);
- the exchange: the 3-player holder who was asked held the exchange card, the
  exchanger holds the face-up card he took; 4 players: the dealer holds the
  turned card; 2 players: the seat that drew the face-up card holds it;
- 2 players, stock phase: a seat that did not answer a trump lead with a trump
  held none then, so every trump it holds later was drawn after that trick.
  Each seat's cards are scheduled into its first eight and its draws (earliest
  deadline first, with release times), which gives the stock's order.

Inference from play (:meth:`TuteSearch.action_likelihood`): six worlds are
drawn for each one kept and weighed by how likely the others' cards were
under the club-player policy the playouts use, so a seat whose play made
sense only with some cards gets them more often (2 players: Hard won 174 of
200 matches against Normal with it, 157 of the same 200 without).
Expert at a table of four reads each other seat as either a club player or a
strong one, whose card is the policy's less often.

Playouts use a cheap club-player policy on the sampled world's own state.
Values: the chance of winning the match after the deal (3/4 players: from the
deals won, each deal even; 2 players: a race to ``target``), plus a little of
the deal's point margin so that a decided deal still prefers more points.
Capote is decided by an exact search of the open endgame (after the 12th trick
both hands are known): announced when it cannot fail, never when it can.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

from game.games import tute as tu
from game.games.tute import (KING, KNIGHT, PAIR, PER_SUIT, PLAY, POINTS, SING20, SING40,
                             TUTE_ACT, exchange_card, full_obligations)

from .search.game import SearchGame, Steady, policy_likelihood
from .search.worlds import Slot, deal_constrained

NAMES = tu.NAMES
SUITS = tu.SUITS
CARD = tu.DECK.index
ALL = (1 << 40) - 1
SUIT_MASK = tuple(((1 << PER_SUIT) - 1) << (s * PER_SUIT) for s in range(4))
INF = 99
POINTS_WEIGHT = 0.5        # 3/4 players: share of the deal's point margin in a playout's value


def _stronger_mask(card: int) -> int:
    """The cards of ``card``'s suit that beat it."""
    return ((1 << card) - 1) & SUIT_MASK[card // PER_SUIT]


def _beats(card: int, win: int, trump: int) -> bool:
    if card // PER_SUIT == win // PER_SUIT:
        return card < win
    return card // PER_SUIT == trump


class Knowledge:
    """What a seat knows of the hidden cards, read off its view."""

    def __init__(self, view: dict) -> None:
        self.view = view
        self.n = n = view["players"]
        self.seat = view["seat"]
        self.trump = SUITS.index(view["trump_suit"])
        self.hand = [CARD[c] for c in view["hand"]]
        self.sizes = list(view["hand_sizes"])
        self.faceup = CARD[view["trump_card"]]
        self.turned = CARD[view["turned_card"]]
        self.on_table = view["trump_card_on_table"]
        self.drawn_by = view["trump_card_drawn_by"]
        self.stock_size = view["stock_size"]
        opts = view["options"]
        self.options = opts
        self.exch = exchange_card(self.turned) if n != 4 and opts.get("exchange", True) else None
        self.exchanged = None                      # (seat, card, took, after trick)
        self.played = [[] for _ in range(n)]      # (trick number from 1, card) per seat
        self.must = [set() for _ in range(n)]     # cards a seat surely holds now
        self.forbidden = [0] * n                  # mask of cards a seat cannot hold now
        self.trump_void_at = [[] for _ in range(n)]   # 2p stock phase: tricks with no trump held
        self.no_pair = []                         # (seat, after trick, sung mask then)
        self.no_exch = []                         # 2p: (seat, after trick): exch card not held
        self.has_decl = []                        # (seat, after trick, sung mask): had something
        self.asked_exchange = None                # 3p: the seat asked before the lead
        self.sung = []                            # (seat, suit, after trick)
        self.winners = [t["winner"] for t in view["tricks"]]
        self._walk(view)
        gone = 0
        for s in range(n):
            for _, c in self.played[s]:
                gone |= 1 << c
        self.gone = gone
        for s, suit, _ in self.sung:
            for card in (suit * PER_SUIT + KING, suit * PER_SUIT + KNIGHT):
                if not gone >> card & 1:
                    self.must[s].add(card)
        if self.exchanged is not None:
            s, card, took, _ = self.exchanged
            if not gone >> took & 1:
                self.must[s].add(took)
        if n == 3 and self.asked_exchange is not None and self.exchanged is None:
            if not gone >> self.exch & 1:
                self.must[self.asked_exchange].add(self.exch)
        if n == 4 and not gone >> self.faceup & 1:
            self.must[view["dealer"]].add(self.faceup)
        if n == 2 and self.drawn_by is not None and not gone >> self.faceup & 1:
            self.must[self.drawn_by].add(self.faceup)
        mine = set(self.hand)
        for s in range(n):
            self.must[s] -= mine if s != self.seat else set()

    # ----- reading the deal's log ------------------------------------------------
    def _walk(self, view: dict) -> None:
        n = self.n
        trump = self.trump
        trick: list[tuple[int, int]] = []
        done = 0
        win = -1
        windows: dict[int, list] = {}
        sung_mask = 0
        sung_at: dict[int, int] = {0: 0}
        stock_rule = self.options.get("stock_rule", "trump")
        for s, action in view["actions"]:
            if action.startswith("play "):
                card = CARD[action[5:]]
                number = done + 1
                self.played[s].append((number, card))
                if trick:
                    led = trick[0][1] // PER_SUIT
                    stock_trick = n == 2 and number <= 12
                    if stock_trick:
                        if (led == trump and card // PER_SUIT != trump
                                and stock_rule == "trump"):
                            self.trump_void_at[s].append(number)
                    else:
                        self._obligation(s, card, led, win)
                    if _beats(card, win, trump):
                        win = card
                else:
                    win = card
                trick.append((s, card))
                if len(trick) == n:
                    done += 1
                    trick = []
                    sung_at[done] = sung_mask
                continue
            windows.setdefault(done, []).append((s, action))
            if action == SING40:
                sung_mask |= 1 << trump
                self.sung.append((s, trump, done))
            elif action.startswith("sing 20 "):
                suit = SUITS.index(action[8:])
                sung_mask |= 1 << suit
                self.sung.append((s, suit, done))
            elif action == "exchange":
                ex = view["exchanged"]
                self.exchanged = (s, CARD[ex["card"]], CARD[ex["took"]], done)
            if done == 0 and n == 3 and action in ("exchange", "pass"):
                self.asked_exchange = s
        self.done = done
        self.windows = windows
        phase = view["phase"]
        ntricks = tu.TRICKS[n]
        for t in range(1, done + 1):
            if t >= ntricks:
                break
            w = self.winners[t - 1]
            acts = windows.get(t, [])
            open_now = t == done and phase == "window"
            sung_then = sung_at.get(t, 0) | sum(1 << x for _, x, at in self.sung if at < t)
            if open_now and not acts and view["to_act"] != self.seat:
                self.has_decl.append((view["to_act"], t, sung_then))
            if n != 2:
                for s, a in acts:
                    if a == "pass" and s != self.seat:
                        self.has_decl.append((s, t, sung_then))
            if n == 2:
                # a window closes by itself once nothing is left to declare: so
                # no window, or one closed by a declaration, shows what was not held
                if open_now or (acts and acts[-1][1] == "pass"):
                    continue
                verbs = {a.split()[0] for _, a in acts}
                cantes_then = self.options.get("late_cantes", True) or t < 12
                if cantes_then and "sing" not in verbs:
                    self.no_pair.append((w, t, sung_then))
                if (self.exch is not None and t < 12 and "exchange" not in verbs
                        and (self.exchanged is None or self.exchanged[3] > t)):
                    self.no_exch.append((w, t))
                continue
            if n == 3:
                if not acts and not open_now:
                    self.no_pair.append((w, t, sung_then))
                continue
            partner = (w + 2) & 3
            first = acts[0][0] if acts else (view["to_act"] if open_now else None)
            if first is None:
                self.no_pair.append((w, t, sung_then))
                self.no_pair.append((partner, t, sung_then))
            elif first == partner:
                self.no_pair.append((w, t, sung_then))
            elif acts and acts[0][1] == "pass" and len(acts) == 1 and not (open_now):
                self.no_pair.append((partner, t, sung_then))

    def _obligation(self, s: int, card: int, led: int, win: int) -> None:
        """§3.1 read backwards: what ``s`` cannot hold after playing ``card``."""
        trump = self.trump
        suit = card // PER_SUIT
        win_suit = win // PER_SUIT
        if suit == led:
            if win_suit == led and card > win:
                self.forbidden[s] |= _stronger_mask(win)
            return
        self.forbidden[s] |= SUIT_MASK[led]
        if win_suit == trump:
            if suit != trump or card > win:
                self.forbidden[s] |= _stronger_mask(win)
        elif suit != trump:
            self.forbidden[s] |= SUIT_MASK[trump]

    # ----- helpers ---------------------------------------------------------------
    def unseen(self) -> list[int]:
        """Cards the seat has not seen: in other hands or the face-down stock."""
        known = self.gone
        for c in self.hand:
            known |= 1 << c
        if self.n == 3 or (self.n == 2 and self.on_table):
            known |= 1 << self.faceup
        for s in range(self.n):
            for c in self.must[s]:
                known |= 1 << c
        return [c for c in range(40) if not known >> c & 1]

    def held_then(self, s: int, current: set, t: int) -> set:
        """3/4 players: the cards ``s`` held in the window after trick ``t``."""
        return current | {c for number, c in self.played[s] if number > t}


def _decl_ok(k: Knowledge, s: int, current: set) -> bool:
    """A window opened for ``s``: he had something to declare then."""
    for seat, t, sung in k.has_decl:
        if seat != s:
            continue
        held = current if k.n == 2 else k.held_then(s, current, t)
        mask = 0
        for c in held:
            mask |= 1 << c
        if k.n == 2:
            if t >= 12 and k.options.get("capote", True) and k.view["capote"] is None:
                continue
            if k.stock_size and k.exch is not None and k.exchanged is None and mask >> k.exch & 1:
                continue
            if not (k.options.get("late_cantes", True) or k.stock_size):
                return False
        elif mask & tu.KINGS == tu.KINGS or mask & tu.KNIGHTS == tu.KNIGHTS:
            continue
        if not any(not sung >> suit & 1 and mask & PAIR[suit] == PAIR[suit] for suit in range(4)):
            return False
    return True


def _pair_ok(k: Knowledge, s: int, current: set) -> bool:
    """3/4 players: no window opened for ``s`` where one would have."""
    for seat, t, sung in k.no_pair:
        if seat != s:
            continue
        held = k.held_then(s, current, t)
        mask = 0
        for c in held:
            mask |= 1 << c
        for suit in range(4):
            if not sung >> suit & 1 and mask & PAIR[suit] == PAIR[suit]:
                return False
        if mask & tu.KINGS == tu.KINGS or mask & tu.KNIGHTS == tu.KNIGHTS:
            return False
    return True


# ----- two players: who drew what, when -------------------------------------------
def _schedule(k: Knowledge, s: int, cards: list[int], fixed12: int | None,
              rng: random.Random) -> dict | None:
    """Give each of ``cards`` (seat ``s``'s cards of the deal, as dealt or
    drawn) a time: 0 for the first eight, t for the draw after trick t, so that
    every card is there when played (or sung, or exchanged) and no card is
    there when the seat showed it was not. None if impossible."""
    draws = min(k.done, 12)
    times = [0] * 8 + [t for t in range(1, draws + 1) if not (t == 12 and fixed12 is not None)]
    if len(times) != len(cards):
        return None
    trump = k.trump
    deadline = {c: INF for c in cards}
    release = {c: 0 for c in cards}
    for number, c in k.played[s]:
        if c in deadline:
            deadline[c] = min(deadline[c], number - 1)
    for seat, suit, t in k.sung:
        if seat == s:
            for c in (suit * PER_SUIT + KING, suit * PER_SUIT + KNIGHT):
                if c in deadline:
                    deadline[c] = min(deadline[c], t)
    if k.exchanged is not None and k.exchanged[0] == s:
        c = k.exchanged[1]
        if c in deadline:
            deadline[c] = min(deadline[c], k.exchanged[3])
    played_at = {c: number for number, c in k.played[s]}
    for t in k.trump_void_at[s]:
        for c in cards:
            if c // PER_SUIT == trump and played_at.get(c, INF) > t:
                release[c] = max(release[c], t)
    took = given = None
    if k.exchanged is not None and k.exchanged[0] == s:
        _, given, took, at = k.exchanged
    for seat, t, sung in k.no_pair:
        if seat != s:
            continue
        for suit in range(4):
            if sung >> suit & 1:
                continue
            movable = []
            held = True
            for c in (suit * PER_SUIT + KING, suit * PER_SUIT + KNIGHT):
                if played_at.get(c, INF) <= t:
                    held = False
                elif c == took:
                    held = held and at <= t
                elif c == fixed12 and t >= 12:
                    pass
                elif c in deadline and not (c == given and at <= t):
                    if deadline[c] > t and t < 12:
                        movable.append(c)
                else:
                    held = False
            if not held:
                continue
            if not movable:
                return None
            late = max(movable, key=lambda c: (deadline[c], rng.random()))
            release[late] = max(release[late], t + 1)
    for seat, t in k.no_exch:
        c = k.exch
        if seat == s and c in deadline and played_at.get(c, INF) > t:
            if deadline[c] <= t:
                return None
            release[c] = max(release[c], t + 1)
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda c: release[c])
    when = {}
    waiting: list[int] = []
    i = 0
    for time in times:
        while i < len(order) and release[order[i]] <= time:
            waiting.append(order[i])
            i += 1
        if not waiting:
            return None
        best = min(range(len(waiting)), key=lambda j: deadline[waiting[j]])
        card = waiting.pop(best)
        if deadline[card] < time:
            return None
        when[card] = time
    return when


class TuteSearch(SearchGame):
    module = tu
    hard_iterations = 1000
    expert_iterations = 3000
    inference_pool = 6       # worlds weighed for each kept (see action_likelihood)
    expert_worlds = 120      # Expert keeps three times Hard's worlds: a finer posterior

    def paired_root(self, view: dict) -> bool:
        """3 and 4 players: every card of the decision is tried in the same
        worlds (:func:`.search.ismcts.search`, ``paired``). With 13 or 10
        hidden cards a seat, who holds what decides a deal far more than the
        card, and unpaired the cards' values drowned in that luck. Hard vs
        Normal, the first deal of each arena match, played by both searches on
        the same seeds: 3 players, 150 deals, Hard won 75 against 60 unpaired
        (deal wins less the best other's, +0.20 ± 0.06 a deal); 4 players, 200
        deals, Hard's pair won 120 against 111 (+0.09 ± 0.06; deal points
        +3.9 ± 1.9). 2 players, 120 deals: the point margin moved −4.6 ± 5.8 a
        deal, no gain, so two players keep UCB at the root."""
        return view["players"] > 2

    # ----- worlds -----------------------------------------------------------------
    _known: tuple = (None, -1, None)     # the view last read, its length, what it told

    def knowledge(self, view: dict) -> Knowledge:
        """The seat's knowledge, read once per view (a decision deals hundreds
        of worlds from the same view)."""
        seen, length, k = self._known
        if seen is not view or length != len(view["actions"]):
            k = Knowledge(view)
            self._known = (view, len(view["actions"]), k)
        return k

    def deal(self, view: dict, rng: random.Random):
        k = self.knowledge(view)
        if k.n == 2:
            for _ in range(3):           # a hand that no draw order fits: deal again
                got = self._deal_two(k, rng)
                if got is not None:
                    return got
            return None
        return self._deal_many(k, rng)

    def _deal_many(self, k: Knowledge, rng: random.Random):
        n, seat = k.n, k.seat
        pool = k.unseen()
        slots = []
        for s in range(n):
            if s == seat:
                continue
            size = k.sizes[s] - len(k.must[s])
            forbidden = k.forbidden[s]
            if any(forbidden >> c & 1 for c in k.must[s]) or size < 0:
                return None
            allowed = (lambda c, f=forbidden: not f >> c & 1) if forbidden else None
            slots.append(Slot(s, size, allowed=allowed))
        for _ in range(12):
            got = deal_constrained(pool, slots, rng)
            if got is None:
                return None
            current = {s: set(got[s]) | k.must[s] for s in got}
            if all(_pair_ok(k, s, current[s]) and _decl_ok(k, s, current[s]) for s in current):
                break
        else:
            return None
        current[seat] = set(k.hand)
        hands = []
        for s in range(n):
            cards = list(current[s]) + [c for _, c in k.played[s]]
            if k.exchanged is not None and k.exchanged[0] == s:
                cards.remove(k.exchanged[2])
                cards.append(k.exchanged[1])
            hands.append(cards)
        setup = {"hands": hands, "trump": k.turned}
        if n == 4:
            setup["holder"] = view_dealer(k)
        return setup, [a for _, a in k.view["actions"]]

    def _deal_two(self, k: Knowledge, rng: random.Random):
        seat = k.seat
        opp = 1 - seat
        pool = k.unseen()
        rng.shuffle(pool)
        want = k.sizes[opp] - len(k.must[opp])
        face_down = k.stock_size - (1 if k.on_table else 0)
        if want < 0 or want + face_down != len(pool):
            return None
        if k.trump_void_at[opp] and face_down:
            # trumps held now came with draws after the last unanswered trump lead
            last = k.trump_void_at[opp][-1]
            room = sum(1 for t in range(last, min(k.done, 12) + 1))
            room -= sum(1 for number, c in k.played[opp] if number > last and c // PER_SUIT == k.trump)
            room -= sum(1 for c in k.must[opp] if c // PER_SUIT == k.trump)
        else:
            room = INF
        for _ in range(40):
            if sum(1 for c in pool[:want] if c // PER_SUIT == k.trump) <= room and \
                    _decl_ok(k, opp, set(pool[:want]) | k.must[opp]):
                break
            rng.shuffle(pool)
        else:
            return None
        current = {seat: set(k.hand), opp: set(pool[:want]) | k.must[opp]}
        rest = pool[want:]
        fixed12 = None
        if k.done >= 12:
            fixed12 = 1 - k.winners[11]           # the loser of trick 12 drew the face-up card
        whens = {}
        initial = {}
        last_card = k.exchanged[1] if k.exchanged is not None else k.turned
        for s in (0, 1):
            cards = set(current[s]) | {c for _, c in k.played[s]}
            if k.exchanged is not None and k.exchanged[0] == s:
                cards.discard(k.exchanged[2])
                cards.add(k.exchanged[1])
            f = last_card if fixed12 == s else None
            if f is not None:
                if k.exchanged is not None and k.exchanged[0] == s:
                    pass                           # drew his own exchange card back: it counts twice
                else:
                    cards.discard(f)
            when = _schedule(k, s, list(cards), f, rng)
            if when is None:
                return None
            whens[s] = when
            initial[s] = [c for c, t in when.items() if t == 0]
        stock: list = [None] * 23
        for s in (0, 1):
            for c, t in whens[s].items():
                if t == 0:
                    continue
                winner = k.winners[t - 1]
                stock[2 * (t - 1) + (0 if s == winner else 1)] = c
        rng.shuffle(rest)
        it = iter(rest)
        for i in range(23):
            if stock[i] is None:
                stock[i] = next(it, None)
        if any(c is None for c in stock):
            return None
        setup = {"hands": [initial[0], initial[1]], "trump": k.turned, "stock": stock}
        return setup, [a for _, a in k.view["actions"]]

    # ----- inference ------------------------------------------------------------------
    strong_reading = False   # Expert: each other seat may be a club player or a strong one

    def at_level(self, level: str) -> None:
        self.strong_reading = level == "expert"

    def action_likelihood(self, view: dict):
        """The others play their cards as the playout policy would, with its
        chance branches at their usual side, most of the time: a card the
        policy would play is ``1 - slip`` likely (plus its share of the rest),
        any other ``slip`` shared out among the playable cards. Declarations
        are read by :class:`Knowledge` already. Nothing to infer before
        another seat has played a card, nor once nothing is hidden
        (:meth:`solvable`).

        Expert at a table of four does not take every seat for a club
        player: a search player's card is the policy's only about half the
        time (Hard: 51 % of 1,538 cards with a choice, the rule bot 82 % of
        533; at a table of three Hard 41 %). Each other seat, its partner
        too, is a club player or a strong one (``STRONG_SLIP``), even odds,
        and its cards of the deal so far weigh the world by that mixture:
        Expert vs Hard won 59 of the arena's first 100 matches with it, 49
        of the same 100 without."""
        slip = INFERENCE_SLIP.get(view["players"])
        seat = view["seat"]
        if (slip is None or self.solvable(view)
                or not any(s != seat and a.startswith("play ") for s, a in view["actions"])):
            return None
        steady = Steady()
        play = self._play

        def card_choice(match, action: str):
            """(whether the card was the policy's, cards it could play), or
            None where nothing is read: not a card, or the only one."""
            if match.phase != tu.PLAY_PHASE:
                return None
            n = len(match._playable(match.turn))
            if n == 1:
                return None
            return action == PLAY[play(match, steady)], n

        def likelihood(match, action: str) -> float:
            got = card_choice(match, action)
            return 1.0 if got is None else policy_likelihood(got[0], got[1], slip)

        if not (self.strong_reading and view["players"] == 4):
            return likelihood
        # per seat, the two readings' likelihoods of its cards so far in the
        # world being replayed: the factor returned for a card is how much it
        # moves that seat's mixture, so the world's product is the mixture's
        state = {"world": None}

        def mixed(match, action: str) -> float:
            got = card_choice(match, action)
            if got is None:
                return 1.0
            chosen, n = got
            if state["world"] is not match:
                state["world"] = match
                state["seats"] = {}
            club, strong = state["seats"].get(match.turn, (1.0, 1.0))
            before = club + strong
            club *= policy_likelihood(chosen, n, slip)
            strong *= policy_likelihood(chosen, n, STRONG_SLIP)
            state["seats"][match.turn] = (club, strong)
            return (club + strong) / before

        return mixed

    def refresh(self, world, view: dict, rng: random.Random) -> None:
        """2 players: the face-down stock is dealt in a new order (no move
        read by inference depends on a card not drawn yet)."""
        if world.players == 2:
            rng.shuffle(world.stock)

    # ----- exact endings ---------------------------------------------------------------
    def solvable(self, view: dict) -> bool:
        """Two players once the stock is empty: every card the seat cannot see
        is in the other hand, so the rest of the deal is solved exactly."""
        return view["players"] == 2 and view["stock_size"] == 0 and view["phase"] != "over"

    @staticmethod
    def state_key(match):
        score = match.score
        return (match.masks[0], match.masks[1], tuple(match.trick), match.turn, match.phase,
                match.sung, match.cante_done, match.capote, score[0], score[1])

    # ----- the tree -------------------------------------------------------------------
    def by_policy(self, match) -> bool:
        """Below the decision the other seats play their cards by the policy,
        from the cards the world gave them: a tree node shared by every world
        would have them play the card that is best on average, as if they did
        not know their own hands (strategy fusion). Their declarations stay in
        the tree. Hard vs Normal, 2 players, 160 deals played both ways: +34 a
        deal against +23 with tree nodes; even against the tree version."""
        return match.phase == tu.PLAY_PHASE

    def candidates(self, match, legal: list[str]) -> list[str]:
        if len(legal) <= 1:
            return legal
        if match.phase == tu.WINDOW:
            if "capote" in legal:
                seat = match.turn
                mine = tuple(match.hands[seat])
                theirs = tuple(match.hands[1 - seat])
                sure = _sweep(mine, theirs, match.trump)
                if sure:
                    return ["capote"]
                legal = [a for a in legal if a != "capote"]
            return legal
        if match.phase != tu.PLAY_PHASE:
            return legal
        # equal cards: adjacent in a suit, same points, nothing live between them
        seat = match.turn
        live = 0
        for s in range(match.players):
            if s != seat:
                live |= match.masks[s]
        for c in match.stock:
            live |= 1 << c
        if match.players == 2 and match.faceup_on_table:
            live |= 1 << match.faceup
        cards = match._playable(seat)
        keep = []
        prev = None
        for c in cards:
            if (prev is not None and c // PER_SUIT == prev // PER_SUIT
                    and POINTS[c] == POINTS[prev]
                    and not live & (((1 << c) - 1) ^ ((1 << (prev + 1)) - 1))
                    and not _pair_card(match, seat, c) and not _pair_card(match, seat, prev)):
                continue
            keep.append(c)
            prev = c
        if len(keep) == len(cards):
            return legal
        return [PLAY[c] for c in keep]

    # ----- playouts ---------------------------------------------------------------------
    def playout_action(self, match, rng: random.Random) -> str:
        phase = match.phase
        if phase == tu.PLAY_PHASE:
            return PLAY[self._play(match, rng)]
        legal = match.legal_actions()
        if phase == tu.EXCHANGE:
            return "exchange"
        for preferred in (TUTE_ACT, "exchange", SING40):
            if preferred in legal:
                return preferred
        for a in legal:
            if a.startswith("sing 20"):
                return a
        return "pass"

    def _play(self, match, rng: random.Random) -> int:
        seat = match.turn
        cards = match._playable(seat)
        if len(cards) == 1:
            return cards[0]
        if rng.random() < 0.06:
            return rng.choice(cards)
        n = match.players
        trump = match.trump
        trick = match.trick
        mask = match.masks[seat]
        sung = match.sung
        stock_phase = n == 2 and (match.stock or match.faceup_on_table)
        keep_pairs = not (n == 2 and not stock_phase and not match.options["late_cantes"])

        def cost(c: int) -> float:
            v = POINTS[c] * 2 + (PER_SUIT - c % PER_SUIT) * 0.3
            suit = c // PER_SUIT
            if suit == trump:
                v += 8 + (PER_SUIT - c % PER_SUIT)
            r = c % PER_SUIT
            if keep_pairs and (r == KING or r == KNIGHT) and not sung >> suit & 1 \
                    and mask & PAIR[suit] == PAIR[suit]:
                v += 20
            return v

        if not trick:
            return self._lead(match, seat, cards, cost, stock_phase, rng)
        win = match.win_card
        win_seat = match.win_seat
        on_table = 0
        for c in trick:
            on_table += POINTS[c]
        left = n - len(trick) - 1
        partner_wins = n == 4 and (win_seat & 1) == (seat & 1)
        others = 0
        for i in range(1, left + 1):
            s = (seat + i) % n
            if n != 4 or (s & 1) != (seat & 1):
                others |= match.masks[s]
        led = trick[0] // PER_SUIT
        if partner_wins:
            if left == 0 or not self._can_beat(others, win, led, trump, match, seat, left):
                pool = [c for c in cards if c // PER_SUIT != trump] or cards
                return max(pool, key=lambda c: POINTS[c] * 2 - cost(c) * 0.5)
            return min(cards, key=cost)
        winners = [c for c in cards if _beats(c, win, trump)]
        if match.capote is not None and match.capote != seat and winners:
            return min(winners, key=cost)             # one trick beats the capote
        if winners:
            safe = [c for c in winners
                    if left == 0 or stock_phase or not self._can_beat(others, c, led, trump,
                                                                      match, seat, left)]
            if safe:
                best = min(safe, key=cost)
                gain = on_table + POINTS[best]
                if gain >= 4 or cost(best) < 6 or (gain > 0 and cost(best) < 2 * gain + 8):
                    return best
        return min(cards, key=cost)

    @staticmethod
    def _can_beat(others: int, card: int, led: int, trump: int, match, seat: int,
                  left: int) -> bool:
        """Whether some later opponent holds a card that beats ``card`` (by
        suit: a higher card of its suit, or a trump while void in the suit led)."""
        suit = card // PER_SUIT
        if others & _STRONGER[card]:
            return True
        if suit == trump:
            return False
        n = match.players
        for i in range(1, left + 1):
            s = (seat + i) % n
            if n == 4 and (s & 1) == (seat & 1):
                continue
            m = match.masks[s]
            if not m & SUIT_MASK[led] and m & SUIT_MASK[trump]:
                return True
        return False

    def _lead(self, match, seat: int, cards: list[int], cost, stock_phase: bool,
              rng: random.Random) -> int:
        trump = match.trump
        n = match.players
        others = 0
        for s in range(n):
            if s != seat and (n != 4 or (s & 1) != (seat & 1)):
                others |= match.masks[s]
        if not stock_phase:
            trumps = [c for c in cards if c // PER_SUIT == trump]
            if trumps and others & SUIT_MASK[trump]:
                top = trumps[0]
                if not others & _STRONGER[top] and (len(trumps) >= 2 or rng.random() < 0.5):
                    return top                       # draw their trumps
            if rng.random() < 0.8:
                sure = [c for c in cards if c // PER_SUIT != trump and not others & _STRONGER[c]
                        and (not others & SUIT_MASK[trump]
                             or all(match.masks[s] & SUIT_MASK[c // PER_SUIT]
                                    for s in range(n) if s != seat and (n != 4 or (s & 1) != (seat & 1))))]
                if sure:
                    return max(sure, key=lambda c: POINTS[c])
        side = [c for c in cards if c // PER_SUIT != trump] or cards
        if rng.random() < 0.15:
            return rng.choice(side)
        return min(side, key=cost)

    # ----- values -----------------------------------------------------------------------
    def outcome(self, match, view: dict) -> tuple[list[float], list[float]]:
        n = match.players
        start = view["score"]
        gains = [match.score[i] - start[i] for i in range(len(start))]
        sides = len(match.score)
        side_of = (lambda s: s & 1) if n == 4 else (lambda s: s)
        margins = []
        for s in range(n):
            mine = side_of(s)
            margins.append(gains[mine] - max(g for i, g in enumerate(gains) if i != mine))
        if match.finished:
            if n == 2 and match.capote_result is not None:     # the capote decided the match
                target = match.options["target"]
                margins = [target if s == match.winner else -target for s in range(2)]
            return [1.0 if side_of(s) == match.winner else 0.0 for s in range(n)], margins
        points = getattr(match, "last_deal_points", None)
        if match.deal_index == view["deal_index"]:     # cut short (not by default)
            points = match.points
        if n == 2:
            target = match.options["target"]
            a, b = match.score
            p0 = _race(target - a, target - b)
            return [p0, 1.0 - p0], margins
        wins = match.options["wins"]
        need = tuple(wins - x for x in match.score)
        rewards = []
        for s in range(n):
            mine = side_of(s)
            p = _match_chance(need, mine, sides)
            if points is not None:
                pm = points[mine] - max(points[i] for i in range(sides) if i != mine)
                p = (1 - POINTS_WEIGHT) * p + POINTS_WEIGHT * (0.5 + 0.5 * math.tanh(pm / 30.0))
            rewards.append(p)
        return rewards, margins

    # ----- why -------------------------------------------------------------------------
    def explain(self, view: dict, stats) -> list[tuple[str, dict]]:
        """Why the top action: locale keys ``hint.tute.<reason>`` with params."""
        if not stats:
            return []
        best = stats[0]
        action = best.action
        k = Knowledge(view)
        out: list[tuple[str, dict]] = []
        hand = set(k.hand)
        sung = {x for _, x, _ in k.sung}
        if action == SING40 or action.startswith("sing 20"):
            suit = k.trump if action == SING40 else SUITS.index(action[8:])
            out.append(("hint.tute.sing", {"points": 40 if action == SING40 else 20,
                                           "suit": SUITS[suit]}))
        elif action == "exchange":
            out.append(("hint.tute.exchange", {"card": NAMES[k.faceup]}))
        elif action == "capote":
            out.append(("hint.tute.capote_sure", {}))
        elif action.startswith("play "):
            card = CARD[action[5:]]
            suit = card // PER_SUIT
            unseen = set(k.unseen()) | {c for s in range(k.n) if s != k.seat for c in k.must[s]}
            if k.n == 2 and k.on_table:
                unseen.add(k.faceup)
            trick = view["trick"]
            if k.n == 4 and trick:
                win_seat, win = trick[0][0], CARD[trick[0][1]]
                for s, name in trick[1:]:
                    if _beats(CARD[name], win, k.trump):
                        win_seat, win = s, CARD[name]
                if (win_seat & 1) == (k.seat & 1):
                    out.append(("hint.tute.partner_wins", {}))
            if not trick and suit == k.trump:
                out_trumps = sum(1 for c in unseen if c // PER_SUIT == k.trump)
                if out_trumps:
                    out.append(("hint.tute.draw_trumps", {"count": out_trumps}))
            higher = sorted(c for c in unseen if c // PER_SUIT == suit and c < card)
            if higher:
                out.append(("hint.tute.card_out", {"card": NAMES[higher[0]]}))
            for s in range(4):
                if s in sung or s == suit and card % PER_SUIT in (KING, KNIGHT):
                    continue
                pair = {s * PER_SUIT + KING, s * PER_SUIT + KNIGHT}
                if pair <= hand:
                    out.append(("hint.tute.keep_pair", {"suit": SUITS[s]}))
                    break
        out.append(("hint.tute.chance", {"percent": round(100 * best.value)}))
        return out


_STRONGER = tuple(_stronger_mask(c) for c in range(40))

# how often a seat is taken to play a card the policy would not (by players);
# a player count missing here infers nothing from play
INFERENCE_SLIP = {2: 0.1, 3: 0.3, 4: 0.3}
STRONG_SLIP = 0.8           # a search player's cards, read by Expert (see action_likelihood)


def view_dealer(k: Knowledge) -> int:
    return k.view["dealer"]


def _pair_card(match, seat: int, c: int) -> bool:
    r = c % PER_SUIT
    suit = c // PER_SUIT
    return (r == KING or r == KNIGHT) and match.masks[seat] & PAIR[suit] == PAIR[suit] \
        and not match.sung >> suit & 1


_SWEEP_MEMO: dict = {}


def _sweep(mine: tuple, theirs: tuple, trump: int) -> bool:
    """Whether the leader holding ``mine`` wins every trick left against open
    hands under the full obligations (exact, on bitmasks, memoised)."""
    a = b = 0
    for c in mine:
        a |= 1 << c
    for c in theirs:
        b |= 1 << c
    if len(_SWEEP_MEMO) > 200000:
        _SWEEP_MEMO.clear()
    return _sweep_masks(a, b, trump)


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _sweep_masks(mine: int, theirs: int, trump: int) -> bool:
    if not mine:
        return True
    key = (mine, theirs, trump)
    got = _SWEEP_MEMO.get(key)
    if got is not None:
        return got
    tmask = SUIT_MASK[trump]
    result = False
    for c in _bits(mine):
        suit_mask = SUIT_MASK[c // PER_SUIT]
        follow = theirs & suit_mask
        if follow:
            if follow & _STRONGER[c]:
                continue                          # he must beat it, and can
            answers = follow
        elif theirs & tmask:
            continue                              # he must trump it
        else:
            answers = theirs
        rest = mine ^ (1 << c)
        if all(_sweep_masks(rest, theirs ^ (1 << r), trump) for r in _bits(answers)):
            result = True
            break
    _SWEEP_MEMO[key] = result
    return result


def _race(need0: int, need1: int) -> float:
    """2 players: the chance that the seat needing ``need0`` points reaches
    them before the other reaches ``need1`` (a deal gives about 65 each)."""
    if need0 <= 0:
        return 1.0
    if need1 <= 0:
        return 0.0
    return 0.5 + 0.5 * math.tanh((need1 - need0) / (4.0 * math.sqrt(need0 + need1)))


@lru_cache(maxsize=None)
def _match_chance(need: tuple, side: int, sides: int) -> float:
    """3/4 players: the chance that ``side`` is first to win the deals it
    needs, every deal won by each side equally often."""
    if need[side] <= 0:
        return 1.0
    if any(x <= 0 for i, x in enumerate(need) if i != side):
        return 0.0
    total = 0.0
    for w in range(sides):
        nxt = tuple(x - 1 if i == w else x for i, x in enumerate(need))
        total += _match_chance(nxt, side, sides)
    return total / sides
