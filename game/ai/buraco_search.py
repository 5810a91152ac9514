"""What the search needs to know of Buraco.

A Buraco hand is long (a hundred turns and more), a turn is several actions
and the stock's order is hidden, so the search works differently from the
trick games':

* **Worlds are built, not replayed.** :class:`Knowledge` reads the view: the
  seat's hand, every meld, the discard pile (every discard is public, so the
  pile is known even where only its top is shown), and what each other seat
  is known to hold: the cards it took with the pile, until it lays or
  discards them. The unknown cards are dealt to the other hands, the stock
  (in a random order) and the muertos still on the table, and
  :meth:`game.games.buraco.Match.determinized` builds the position directly.
  Soft inference: a seat that discarded a card is less likely to hold the
  cards next to it (same suit within two, or the same rank where sets exist),
  so those cards are dealt to it less often.
* **What is searched.** The draw-or-take choice, the discard (what to keep,
  what not to feed the next player), going out (the muerto) and closing, and
  laying wild cards. Laying natural cards is what every club player does at
  once: where the rule bot (Normal) would simply lay or add natural cards the
  decision is not searched (no world is dealt, so the bot's fallback, the
  rule bot, plays it).
* **Playouts are short** (``playout_limit`` actions, a few turns) with a cheap
  club-player policy on the world's own state, and the position reached is
  judged by :meth:`BuracoSearch.estimate`, a linear function of the
  position's :func:`features` (points on the table, canastas and melds near
  one, cards in hand alone and as the hand gets late, the muerto, the right
  to close and how near it is, whose turn it is) whose weights were fitted
  by least squares on positions of rule-bot hands against their final hand
  margin, so a cut playout is judged in match points. Margins are measured
  from the view's own position (its estimate, hidden hands at an average).
"""
from __future__ import annotations

import random

from game.games import buraco as bu
from game.games.buraco import (ACTIONS, DRAW, OBLIGE, TABLE, TAKEN, V_ADD, V_DISCARD, full_pack,
                               side_canasta_ok)
from game.games.buraco_melds import (BONUS, DECK, KINDS, RULES, SPECS, WILDISH,
                                     add_result)

from .buraco_bot import BuracoBot
from .search.game import SearchGame

INDEX = DECK.index
NAMES = DECK.names
HAND = bu.HAND


def _pos(c: int) -> int:
    r = c % 13
    return 1 if r == 0 else r + 1


def _near(a: int, b: int, sets: bool) -> bool:
    """Would ``a`` and ``b`` (naturals) go in one meld: same suit within two
    places (an ace on either end), or the same rank where sets are played?"""
    if sets and a % 13 == b % 13:
        return True
    if a // 13 != b // 13 or a == b:
        return False
    pa, pb = _pos(a), _pos(b)
    d = abs(pa - pb)
    if a % 13 == 0 or b % 13 == 0:
        d = min(d, abs((14 if a % 13 == 0 else pa) - (14 if b % 13 == 0 else pb)))
    return d <= 2


def _neighbours(sets: bool) -> tuple:
    """Per natural card: ((card, weight), ...) of the cards that go in a meld
    with it (weight: how much holding that card makes it worth keeping)."""
    out = []
    for c in range(KINDS):
        row = []
        if c < 52 and not WILDISH[c]:
            for d in range(52):
                if d == c or WILDISH[d] or not _near(c, d, sets):
                    continue
                if sets and d % 13 == c % 13:
                    row.append((d, 14))
                else:
                    row.append((d, 16 if abs(_pos(c) - _pos(d)) == 1 else 8))
        out.append(tuple(row))
    return tuple(out)


NEIGHBOURS = {True: _neighbours(True), False: _neighbours(False)}
NEAR = {k: tuple(frozenset(d for d, _ in row) for row in v) for k, v in NEIGHBOURS.items()}


class Knowledge:
    """What a seat knows of the hidden cards, read off its view."""

    def __init__(self, view: dict) -> None:
        self.seat = seat = view["seat"]
        self.players = players = view["players"]
        self.rules = rules = RULES[view["mode"]]
        self.hand = [INDEX[c] for c in view["hand"]]
        self.sizes = list(view["hand_sizes"])
        self.known = [[] for _ in range(players)]       # cards each seat surely holds
        self.thrown = [[] for _ in range(players)]      # cards each seat discarded
        self.took_unknown = [0] * players               # unseen cards of a scripted pile taken
        # The pile as the actions built it; None marks a card of a scripted
        # starting pile (not in the deal's actions).
        pile: list = [None] * self._initial_pile(view)
        for s, action in view["actions"]:
            verb = action.split(" ", 1)[0]
            if verb == "take-discard":
                self.known[s].extend(c for c in pile if c is not None)
                self.took_unknown[s] += sum(1 for c in pile if c is None)
                pile = []
            elif verb == "discard":
                c = INDEX[action[8:]]
                pile.append(c)
                self._lose(s, c)
                self.thrown[s].append(c)
            elif verb == "add":
                self._lose(s, INDEX[action.rsplit(" ", 1)[1]])
            elif verb == "meld":
                for name in action[5:].split(" "):
                    self._lose(s, INDEX[name])
        shown = [INDEX[c] for c in view["discard"]]     # top first
        n_unknown = sum(1 for c in pile if c is None)
        self.pile_bottom_known: list[int] = []          # top first
        self.pile_bottom_unknown = 0
        self.pile_bottom_top = None
        if n_unknown:
            if not rules.closed_pile:
                self.pile_bottom_known = shown[len(pile) - n_unknown:]
            else:
                self.pile_bottom_unknown = n_unknown
                if len(pile) == n_unknown:              # its top card is the one shown
                    self.pile_bottom_top = shown[0]
                    self.pile_bottom_unknown -= 1
        self.pile = [c for c in pile if c is not None]
        self.known[seat] = []
        self.stock_size = view["stock_size"]
        self.muertos_table = [s for s in (0, 1) if view["muertos"][s] == "table"]
        self.melded = [INDEX[c] for side in view["meld_info"] for info in side for c in info["cards"]]

    @staticmethod
    def _initial_pile(view: dict) -> int:
        """Cards of a scripted starting pile (0 in every shuffled deal)."""
        size = 0
        for entry in view["history"]:
            if entry[1] == "take":
                return entry[2] - size
            if entry[1] == "discard":
                size += 1
        return view["discard_size"] - size

    def _lose(self, seat: int, c: int) -> None:
        known = self.known[seat]
        if c in known:
            known.remove(c)

    def pool(self, mode: str) -> list[int] | None:
        """The unknown cards (a multiset), or None if the view contradicts itself."""
        counts = [0] * KINDS
        for c in full_pack(mode):
            counts[c] += 1
        seen = self.hand + self.melded + self.pile + self.pile_bottom_known
        if self.pile_bottom_top is not None:
            seen.append(self.pile_bottom_top)
        for s in range(self.players):
            if s != self.seat:
                seen += self.known[s]
        for c in seen:
            counts[c] -= 1
            if counts[c] < 0:
                return None
        return [c for c in range(KINDS) for _ in range(counts[c])]


class BuracoSearch(SearchGame):
    module = bu
    score_scale = 220.0
    playout_limit = 24
    hard_iterations = 500
    expert_iterations = 1400

    def __init__(self) -> None:
        self.rule = BuracoBot(0)
        self._root = None            # (deal, actions so far) of the decision being searched
        self._root_key = None
        self._root_skip = False
        self._root_rule = None       # the rule bot's choice there
        self._baseline = 0.0

    # ----- worlds -------------------------------------------------------------
    def deal(self, view: dict, rng: random.Random):
        if self._settle(view):
            return None
        k = self._knowledge
        pool = list(self._pool)
        rng.shuffle(pool)
        hands: list = [None] * k.players
        hands[k.seat] = list(k.hand)
        sets = k.rules.sets
        for s in range(k.players):
            if s == k.seat:
                continue
            want = k.sizes[s] - len(k.known[s])
            thrown = [c for c in k.thrown[s][-6:] if not WILDISH[c]]
            got = []
            if thrown:
                unlikely = frozenset().union(*(NEAR[sets][d] for d in thrown))
                rest = []
                for c in pool:
                    if len(got) < want and (c not in unlikely or rng.random() < 0.45):
                        got.append(c)
                    else:
                        rest.append(c)
                pool = rest
            if len(got) < want:
                more = want - len(got)
                got += pool[:more]
                pool = pool[more:]
            hands[s] = list(k.known[s]) + got
        bottom = []
        if k.pile_bottom_top is not None or k.pile_bottom_unknown:
            bottom = ([k.pile_bottom_top] if k.pile_bottom_top is not None else []) \
                + pool[:k.pile_bottom_unknown]
            pool = pool[k.pile_bottom_unknown:]
        bottom += k.pile_bottom_known
        muertos = [None, None]
        for s in k.muertos_table:
            muertos[s] = pool[:HAND]
            pool = pool[HAND:]
        stock = pool
        setup = {"world": True, "hands": hands, "stock": stock, "muertos": muertos,
                 "pile_bottom": bottom}
        return setup, [a for _, a in view["actions"]]

    def settled(self, view: dict) -> str | None:
        """The rule bot's natural lay (or its choice where no world can be
        dealt): played without searching."""
        if view["legal"] and self._settle(view) and self._root_rule:
            return self._root_rule
        return None

    def _settle(self, view: dict) -> bool:
        """Read the view once per decision; True if the decision is not worth
        searching (the rule bot's natural lay), or no world can be dealt."""
        key = (view["deal_index"], len(view["actions"]), view["seat"], tuple(view["hand"]))
        if key == self._root_key:
            return self._root_skip
        self._root_key = key
        self._root = (view["deal_index"], len(view["actions"]))
        if not view["legal"]:                      # not this seat's turn: nothing to settle
            self._root_rule, self._root_skip = "", False
        else:
            self._root_rule = self.rule.choose(view)
            self._root_skip = self.routine(view, self._root_rule)
        k = self._knowledge = Knowledge(view)
        pool = k.pool(view["mode"])
        need = sum(k.sizes[s] - len(k.known[s]) for s in range(k.players) if s != k.seat) \
            + k.stock_size + HAND * len(k.muertos_table) + k.pile_bottom_unknown
        if pool is None or len(pool) != need or any(
                k.sizes[s] < len(k.known[s]) for s in range(k.players)):
            self._root_skip = True
            return True
        self._pool = pool
        self._baseline_view(view)
        return self._root_skip

    @staticmethod
    def routine(view: dict, rule_choice: str) -> bool:
        """Is the rule bot's choice a plain lay of natural cards that does not
        go out (what any club player does at once)?"""
        if not (rule_choice.startswith("meld ") or rule_choice.startswith("add ")):
            return False
        if view.get("must_play"):
            return len([a for a in view["legal"] if not a.startswith("discard")]) <= 1 or \
                not any(WILDISH[INDEX[n]] for n in rule_choice.split(" ")[1:] if n in INDEX)
        cards = rule_choice.split(" ")[1:] if rule_choice.startswith("meld ") else \
            [rule_choice.split(" ")[2]]
        if len(cards) >= len(view["hand"]):
            return False
        if rule_choice.startswith("meld "):
            try:
                spec = SPECS[rule_choice]
            except KeyError:
                return False
            return spec.proto.wcard < 0
        c = INDEX[cards[0]]
        if not WILDISH[c]:
            return True
        info = view["meld_info"][view["side"]][int(rule_choice.split(" ")[1])]
        # a 2 of the run's suit that goes on its own place (the run starts at 3) is natural
        return c != bu.JK and info["run"] and info["suit"] == DECK.suits[c // 13] \
            and (info["lo"] == 3 or info["wild_pos"] == 2)

    # ----- the tree ---------------------------------------------------------------
    def candidates(self, match, legal: list[str]) -> list[str]:
        if len(legal) <= 2:
            if match.phase == DRAW and len(legal) == 2 and self._takes_running(match) >= 3:
                return ["draw"]
            return legal
        root = self._root is not None and match.deal_index == self._root[0] \
            and len(match.deal_log) == self._root[1]
        plan = self._plan(match, legal)
        if match.phase == OBLIGE:
            moves = sorted(plan["moves"], key=lambda x: -x[0])
            return [a for _, a, _ in moves[:3]] or legal
        out: list[str] = []
        outs = plan["outs"]
        if outs:
            laid = [a for a in outs if not a.startswith("discard")]
            out += laid[:2]
            out += [a for a in outs if a.startswith("discard")][:1]
        natural = [x for x in plan["moves"] if not x[2]]
        if natural and not root:
            best = max(natural)[1]
            return out + [best]
        if root and self._root_rule in legal and not self._root_rule.startswith("discard"):
            out.append(self._root_rule)
        wild = sorted((x for x in plan["moves"] if x[2]), key=lambda x: -x[0])
        out += [a for _, a, _ in wild[:2 if root else 1]]
        if natural:
            out.append(max(natural)[1])
        discards = plan["discards"]
        out += [a for _, a in discards[:4 if root else 3]]
        if root and self._root_rule in legal and self._root_rule not in out:
            out.append(self._root_rule)
        seen = set()
        out = [a for a in out if not (a in seen or seen.add(a))]
        return out or legal

    # ----- playouts ---------------------------------------------------------------
    def playout_action(self, match, rng: random.Random) -> str:
        legal = match.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if match.phase == DRAW:
            return self._draw(match, legal, rng)
        plan = self._plan(match, legal)
        outs = plan["outs"]
        if outs:
            side = match.turn & 1
            if match.mstate[side] == TABLE:
                laid = [a for a in outs if not a.startswith("discard")]
                return (laid or outs)[0]
            if self._close_now(match, side, rng):
                return outs[0]
        moves = plan["moves"]
        if match.phase == OBLIGE:
            return max(moves)[1] if moves else legal[0]
        good = [x for x in moves if x[0] > 0]
        if good:
            return max(good)[1]
        discards = plan["discards"]
        if discards:
            if len(discards) > 1 and rng.random() < 0.15:
                return discards[rng.randrange(min(3, len(discards)))][1]
            return discards[0][1]
        rest = [a for a in legal if a not in outs]
        return (rest or legal)[0]

    @staticmethod
    def _takes_running(match) -> int:
        takes = 0
        for entry in reversed(match.log):
            if entry[1] == "draw":
                break
            takes += entry[1] == "take"
        return takes

    def _draw(self, match, legal: list[str], rng: random.Random) -> str:
        if "take-discard" not in legal:
            return "draw"
        pile = match.pile
        side = match.turn & 1
        if len(match.stock) < 8 and match.mstate[side] != TABLE and len(pile) > 4:
            return "draw"
        if match.rules.closed_pile:
            return "take-discard" if rng.random() < 0.92 else "draw"
        if self._takes_running(match) >= 3:
            return "draw"
        if len(pile) >= 5 or self._fits(match, pile[-1]):
            return "take-discard"
        return "draw"

    @staticmethod
    def _fits(match, c: int) -> bool:
        """Does ``c`` go with natural cards at once (open pile)?"""
        if WILDISH[c]:
            return False
        seat = match.turn
        for m in match.melds[seat & 1]:
            if c in m.accepts:
                return True
        hand = match.hands[seat]
        sets = match.rules.sets
        near = 0
        for d in range(52):
            if hand[d] and not WILDISH[d] and _near(c, d, sets):
                if sets and d % 13 == c % 13:
                    if hand[d] + sum(hand[s * 13 + c % 13] for s in range(4) if s * 13 + c % 13 != d) >= 2:
                        return True
                near += 1
                if near >= 2:
                    return True
        return False

    def _close_now(self, match, side: int, rng: random.Random) -> bool:
        est_us = self.estimate(match, side)
        est_them = self.estimate(match, 1 - side)
        return est_us + 100 >= est_them or rng.random() < 0.3

    def _plan(self, match, legal: list[str]) -> dict:
        """The turn's options sorted out: ``outs`` (actions that empty the
        hand), ``moves`` (melds and adds as (score, action, uses a wild)),
        ``discards`` ((score, action), best first)."""
        seat = match.turn
        side = seat & 1
        h = match.hsize[seat]
        rules = match.rules
        values = rules.values
        melds = match.melds[side]
        late = len(match.stock) < 12
        outs, moves, discards = [], [], []
        for a in legal:
            parsed = ACTIONS.get(a)
            if parsed is None:                      # a meld
                spec = SPECS[a]
                if spec.k == h:
                    outs.append(a)
                    continue
                wild = spec.proto.wcard >= 0
                score = 10 * spec.k + sum(values[c] for c in spec.cards) // 5
                if wild:
                    if spec.k >= 7:
                        score += 40
                    elif not (late or h - spec.k <= 2 or spec.k >= 5):
                        score = -1
                    score -= 30
                moves.append((score, a, wild))
            elif parsed[0] == V_ADD:
                if h == 1:
                    outs.append(a)
                    continue
                _, i, c = parsed
                m = melds[i]
                res = add_result(m, c, rules)
                wild = WILDISH[c] and (not m.run or res[3] == c)
                size = m.size + 1
                before = BONUS[m.canasta()]
                gain = values[c]
                if size >= 7 and before == 0:
                    gain += 100 if wild or m.wcard >= 0 else 200
                elif m.run and m.wcard >= 0 and not wild and res[3] < 0:
                    gain += 100                     # the wild went home: dirty turns clean
                if wild:
                    if size < 7 or before:
                        gain = -1 - 20
                    else:
                        gain -= 15
                moves.append((20 + gain + 3 * size if gain > -1 else -1, a, wild))
            elif parsed[0] == V_DISCARD:
                if h == 1:
                    outs.append(a)
                    continue
                discards.append(parsed[1])
        if discards:
            discards = self._rank_discards(match, seat, discards)
        return {"outs": outs, "moves": moves, "discards": discards}

    @staticmethod
    def _just_taken(match, seat: int) -> int:
        """The card this seat took this turn as a one-card pile (-1: none)."""
        for entry in reversed(match.log):
            if entry[0] != seat:
                return -1
            if entry[1] == "take":
                return entry[3] if entry[2] == 1 else -1
            if entry[1] == "discard":
                return -1
        return -1

    def _rank_discards(self, match, seat: int, cards: list[int]) -> list:
        side = seat & 1
        hand = match.hands[seat]
        rules = match.rules
        values = rules.values
        sets = rules.sets
        theirs = set()
        for m in match.melds[1 - side]:
            theirs.update(m.accepts)
        ours = set()
        for m in match.melds[side]:
            ours.update(m.accepts)
        pile_top = match.pile[-1] if match.pile else -1
        late = 1.0 if len(match.stock) < 12 else 0.3
        taken = self._just_taken(match, seat)
        neighbours = NEIGHBOURS[sets]
        near_top = NEAR[sets][pile_top] if pile_top >= 0 else ()
        out = []
        for c in cards:
            if WILDISH[c]:
                keep = 200
            else:
                keep = 0
                for d, w in neighbours[c]:
                    if hand[d]:
                        keep += w
                if hand[c] > 1:
                    keep -= 6
                if c in ours:
                    keep += 30
            danger = 80 if c in theirs else 4
            if c in near_top:
                danger += 6                         # builds the pile up for the taker
            score = keep + danger - late * values[c]
            if c == taken:
                score += 500                        # never hand back a one-card pile just taken
            out.append((score, DISCARD_TEXT[c]))
        out.sort()
        if taken >= 0 and len(out) > 1:
            out = [x for x in out if x[1] != DISCARD_TEXT[taken]]
        return out

    # ----- values -------------------------------------------------------------------
    def estimate(self, match, side: int) -> float:
        """What the rest of the hand is likely worth to ``side``, in points:
        a linear judgement of :func:`features` fitted on rule-bot hands (the
        final hand margin regressed on the position's features)."""
        weights = WEIGHTS[match.players, match.rules.closed_pile]
        return sum(w * f for w, f in zip(weights, features(match, side)))

    def _baseline_view(self, view: dict) -> None:
        """The estimate's margin in the view's own position (hidden hands
        valued at the average unknown card), which margins are measured from."""
        world = bu.Match.determinized(view, self._filler(view), [], [[], []])
        world.stock = [0] * view["stock_size"]
        side = view["side"]
        self._baseline = self.estimate(world, side) - self.estimate(world, 1 - side)

    def _filler(self, view: dict) -> list:
        k = self._knowledge
        hands = []
        for s in range(k.players):
            if s == k.seat:
                hands.append(list(k.hand))
            else:
                hands.append(list(k.known[s]) + [INDEX["8D"]] * (k.sizes[s] - len(k.known[s])))
        return hands

    def adjust_gains(self, match, view: dict, gains: list[float]) -> list[float]:
        if not match.deal_over_since(view["deal_index"]):
            gains = [gains[0] + self.estimate(match, 0), gains[1] + self.estimate(match, 1)]
        gains = list(gains)
        gains[view["side"]] -= self._baseline
        return gains

    # ----- hints ----------------------------------------------------------------------
    def explain(self, view: dict, stats) -> list[tuple[str, dict]]:
        """Why the top action: locale keys under ``hint.buraco``."""
        if not stats:
            return []
        best = stats[0]
        action = best.action
        side = view["side"]
        reasons: list[tuple[str, dict]] = []
        hand = view["hand"]
        if action == "take-discard":
            reasons.append(("hint.buraco.take_pile", {"count": view["discard_size"]}))
        elif action == "draw":
            if "take-discard" in view["legal"]:
                reasons.append(("hint.buraco.leave_pile", {"count": view["discard_size"]}))
        elif len(hand) == len(action.split(" ")) - 1 or (len(hand) == 1 and action.split(" ")[-1] in hand):
            if view["muertos"][side] == "table":
                reasons.append(("hint.buraco.go_muerto", {}))
            else:
                reasons.append(("hint.buraco.close", {}))
        elif action.startswith("discard "):
            card = action[8:]
            theirs = set()
            for info in view["meld_info"][1 - side]:
                m = bu.meld_from_info(info, RULES[view["mode"]])
                theirs.update(NAMES[c] for c in m.accepts)
            reasons.append(("hint.buraco.safe_discard" if card not in theirs else
                            "hint.buraco.forced_discard", {"card": card}))
        elif action.startswith("meld ") or action.startswith("add "):
            cards = action.split(" ")[1:] if action.startswith("meld ") else [action.split(" ")[2]]
            if any(WILDISH[INDEX[c]] for c in cards):
                reasons.append(("hint.buraco.wild_canasta", {"card": next(
                    c for c in cards if WILDISH[INDEX[c]])}))
        if len(stats) > 1:
            gain = best.margin - max(s.margin for s in stats[1:])
            if gain > 0:
                reasons.append(("hint.buraco.expected", {"points": int(round(gain))}))
        return reasons


DISCARD_TEXT = bu.DISCARD

FEATURES = ("table", "canastas", "six", "five", "four", "hand_value", "hand_cards",
            "late_value", "late_cards", "muerto_taken", "muerto_lost", "muerto_far",
            "can_close", "close_near", "to_move")


def features(match, side: int) -> list[float]:
    """The position as the estimate sees it, for ``side`` (see FEATURES):
    points on the table, canasta bonuses, melds one to three cards short of
    a canasta, cards in hand (value and count, alone and weighted by how late
    the hand is), the muerto (taken, lost to the stock, how far from it the
    side's shortest hand is), whether the side may close and how near it is,
    and whose turn it is."""
    rules = match.rules
    values = rules.values
    table = bonus = six = five = four = 0
    for m in match.melds[side]:
        table += m.value(values)
        kind = m.canasta()
        if kind is not None:
            bonus += BONUS[kind]
        elif m.size == 6:
            six += 1
        elif m.size == 5:
            five += 1
        elif m.size == 4:
            four += 1
    players = match.players
    in_hand = cards = 0
    minh = 99
    for s in range(side, players, 2):
        hand = match.hands[s]
        in_hand += sum(values[c] * hand[c] for c in range(KINDS) if hand[c])
        cards += match.hsize[s]
        minh = min(minh, match.hsize[s])
    on_table = sum(1 for st in match.mstate if st == TABLE)
    late = max(0.0, 1.0 - (len(match.stock) + HAND * on_table) / (86.0 if players == 2 else 64.0))
    state = match.mstate[side]
    can_close = state == TAKEN and side_canasta_ok(match.melds[side], rules.need_clean)
    return [table, bonus, six, five, four, in_hand, cards, late * in_hand, late * cards,
            1.0 if state == TAKEN else 0.0, 1.0 if state not in (TABLE, TAKEN) else 0.0,
            minh if state == TABLE else 0.0, 1.0 if can_close else 0.0,
            1.0 / (1.0 + minh) if can_close else 0.0, 1.0 if match.turn % 2 == side else 0.0]


# Fitted by least squares (ridge 50) on positions of rule-bot hands, the
# final hand margin of the two sides against the difference of their features:
# 2 players, open and closed modes apart (4,156 positions); 4 players, every
# mode together (2,693 positions).
WEIGHTS = {
    (2, False): (1.43, 0.75, 63.62, 28.93, 36.31, -4.21, 59.49, 5.26, -47.88, -39.95, -102.02,
                 -13.48, 43.21, 90.99, 3.15),
    (2, True): (1.93, 0.50, 42.04, 26.99, 3.04, 4.72, 14.55, -7.74, 32.63, -153.38, -217.45, 7.71,
                79.21, 87.89, 14.20),
    (4, False): (1.74, 0.71, 27.92, 28.27, 13.19, 1.21, 22.10, -2.93, 13.38, -125.58, -103.65,
                 -24.66, 80.36, 141.61, 10.84),
    (4, True): (1.74, 0.71, 27.92, 28.27, 13.19, 1.21, 22.10, -2.93, 13.38, -125.58, -103.65,
                -24.66, 80.36, 141.61, 10.84),
}
