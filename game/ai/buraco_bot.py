"""A rule-based Buraco player. It reads only its seat's view.

What it does, in order of preference on its turn:

* draw: takes the pile when it helps: in closed modes the take is only legal
  when the top card plays at once, and it takes it unless the pile is big and
  the hand is about to end; in open modes it takes it when the top card goes
  down at once with natural cards (or the pile is big), and never more than
  a few times in a row without the stock moving, so that two bots cannot
  pass the pile back and forth for ever;
* goes out whenever its side's muerto is still on the table (a bat gives it
  11 new cards), and closes when its side is ahead on the table;
* lays melds of natural cards, longest first, and adds naturals to its
  side's melds; keeps its wild cards for canastas (a wild goes down only when
  it completes a canasta, or to go out);
* discards what it needs least and what the opponents can use least: never
  a wild, never a card their melds take, preferring cards already dead (both
  copies seen) and cards the next player has thrown away. It remembers every
  discard of the hand from the view's history, and which cards the opponents
  took with the pile.
"""
from __future__ import annotations

from game.games.buraco import meld_from_info
from game.games.buraco_melds import (BONUS, DECK, JK, RULES, SPECS, WILDISH, add_result,
                                     apply_add, hand_melds, masks_of)

from .base import Bot

INDEX = DECK.index
NAMES = DECK.names


def _position(card: int) -> int:
    r = card % 13
    return 1 if r == 0 else r + 1


class BuracoBot(Bot):
    name = "rule"

    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        self.rules = RULES[view["mode"]]
        if view["phase"] == "draw":
            return self._draw(view, legal)
        return self._play(view, legal)

    # ----- reading the view -------------------------------------------------
    def _hand(self, view: dict) -> list[int]:
        return [INDEX[c] for c in view["hand"]]

    def _melds(self, view: dict, side: int) -> list:
        return [meld_from_info(info, self.rules) for info in view["meld_info"][side]]

    def _table_points(self, view: dict, side: int) -> int:
        values = self.rules.values
        total = 0
        for info in view["meld_info"][side]:
            total += sum(values[INDEX[c]] for c in info["cards"]) + BONUS[info["canasta"]]
        return total

    def _memory(self, view: dict) -> dict:
        """What the discards of the hand tell: cards seen (dead), cards each
        seat threw away, cards each seat took with the pile."""
        pile: list[int] = []
        thrown: dict[int, list[int]] = {}
        took: dict[int, list[int]] = {}
        for entry in view["history"]:
            who, what = entry[0], entry[1]
            if what == "discard":
                c = INDEX[entry[2]]
                pile.append(c)
                thrown.setdefault(who, []).append(c)
                kept = took.get(who)
                if kept and c in kept:
                    kept.remove(c)
            elif what == "take":
                took.setdefault(who, []).extend(pile)
                pile = []
        return {"pile": pile, "thrown": thrown, "took": took}

    # ----- step 1: draw or take ---------------------------------------------
    def _draw(self, view: dict, legal: list[str]) -> str:
        if "take-discard" not in legal:
            return "draw"
        size = view["discard_size"]
        side = view["side"]
        late = view["stock_size"] < 8 and view["muertos"][side] != "table"
        if late and size > 4:
            return "draw"
        if self.rules.closed_pile:
            return "take-discard"            # the top card plays at once: legal means useful
        takes = 0                               # takes since the stock last moved
        for entry in reversed(view["history"]):
            if entry[1] == "draw":
                break
            takes += entry[1] == "take"
        if takes >= 4:
            return "draw"                       # the open pile must not go round for ever
        if size >= 5 or self._fits(view, INDEX[view["discard"][0]]):
            return "take-discard"
        return "draw"

    def _fits(self, view: dict, card: int) -> bool:
        """Would ``card`` go down at once: a natural add to one of the side's
        melds, or a meld of natural cards from the hand? (Taking only what is
        laid at once keeps two bots from passing one card back and forth.)"""
        if not WILDISH[card]:
            for m in self._melds(view, view["side"]):
                if card in m.accepts:
                    return True
        counts = [0] * 53
        for c in self._hand(view):
            counts[c] += 1
        counts[card] += 1
        smask, rcount = masks_of(counts)
        for t in hand_melds(counts, smask, rcount, self.rules):
            spec = SPECS[t]
            if card in spec.kinds and not any(WILDISH[c] and not self._natural_two(spec, c)
                                              for c in spec.cards):
                return True
        return False

    @staticmethod
    def _taken_top(view: dict) -> int | None:
        """The top card of the pile this seat took this turn, if it did."""
        me = view["seat"]
        for entry in reversed(view["history"]):
            if entry[0] != me or entry[1] == "discard":
                return None
            if entry[1] == "take":
                return INDEX[entry[3]]
        return None

    # ----- steps 2 and 3: melds, adds, discard -------------------------------
    def _play(self, view: dict, legal: list[str]) -> str:
        side = view["side"]
        hand = self._hand(view)
        h = len(hand)
        values = self.rules.values
        melds_us = self._melds(view, side)
        muerto_here = view["muertos"][side] == "table"
        melds, adds, discards = [], [], []
        for a in legal:
            if a.startswith("meld "):
                melds.append((a, SPECS[a]))
            elif a.startswith("add "):
                _, i, c = a.split(" ")
                adds.append((a, int(i), INDEX[c]))
            elif a.startswith("discard "):
                discards.append((a, INDEX[a[8:]]))

        # going out: a bat is always welcome; a close when ahead
        outs = [a for a, spec in melds if spec is not None and spec.k == h]
        if h == 1:
            outs += [a for a, _, _ in adds] + [a for a, _ in discards]
        if outs:
            if muerto_here:
                direct = [a for a in outs if not a.startswith("discard")]
                return (direct or outs)[0]
            if self._ahead(view, hand):
                return max(outs, key=lambda a: (not a.startswith("discard"), a))
            if not discards and not [a for a in legal if a not in outs]:
                return outs[0]

        must = view.get("must_play")
        best_meld = self._best_meld(melds, hand, h, outs, view)
        best_add = self._best_add(adds, melds_us, values, outs, h, view)
        if must is not None:
            options = [x for x in (best_meld, best_add) if x is not None]
            if options:
                return max(options, key=lambda x: x[0])[1]
            return next(a for a in legal if a not in outs) if len(outs) < len(legal) else legal[0]
        choices = [x for x in (best_meld, best_add) if x is not None and x[0] > 0]
        if choices:
            return max(choices, key=lambda x: x[0])[1]
        if discards:
            pick = self._discard(view, hand, discards, outs)
            if pick is not None:
                return pick
        rest = [a for a in legal if a not in outs] or legal
        return rest[0]

    def _ahead(self, view: dict, hand: list[int]) -> bool:
        side = view["side"]
        us = self._table_points(view, side) + 100
        them = self._table_points(view, 1 - side)
        seats = range(1 - side, view["players"], 2)
        them -= 8 * sum(view["hand_sizes"][s] for s in seats)
        if view["muertos"][1 - side] != "taken":
            them -= 100
        return us >= them

    def _best_meld(self, melds, hand, h, outs, view):
        best = None
        late = view["stock_size"] < 10
        for action, spec in melds:
            if spec is None or action in outs:
                continue
            if h - spec.k == 0:
                continue
            wild = any(WILDISH[c] and not self._natural_two(spec, c) for c in spec.cards)
            score = 10 * spec.k + sum(self.rules.values[c] for c in spec.cards) // 5
            if wild:
                if spec.k >= 7:
                    score += 40
                elif not (late or h - spec.k <= 2 or spec.k >= 5):
                    continue
                score -= 30
            if best is None or score > best[0]:
                best = (score, action)
        return best

    @staticmethod
    def _natural_two(spec, card) -> bool:
        proto = spec.proto
        return bool(proto.run and card == proto.suit * 13 + 1 and proto.w != 2
                    and proto.lo <= 2 <= proto.hi and card != proto.wcard)

    def _best_add(self, adds, melds_us, values, outs, h, view):
        best = None
        for action, i, c in adds:
            if action in outs:
                continue
            m = melds_us[i]
            res = add_result(m, c, self.rules)
            if isinstance(res, str):
                continue
            before = BONUS[m.canasta()]
            m2 = m.copy()
            apply_add(m2, res, self.rules)
            gain = values[c] + BONUS[m2.canasta()] - before
            if WILDISH[c] and not (c % 13 == 1 and m2.run and m2.wcard != c and c // 13 == m2.suit):
                if m2.canasta() is None or before:
                    continue                      # keep wilds for canastas
                gain -= 15
            score = 20 + gain + 3 * m2.size
            if best is None or score > best[0]:
                best = (score, action)
        return best

    def _discard(self, view: dict, hand: list[int], discards, outs):
        side = view["side"]
        memory = self._memory(view)
        seat = view["seat"]
        players = view["players"]
        nxt = (seat + 1) % players
        seen = [0] * 53
        for c in hand:
            seen[c] += 1
        for s in (0, 1):
            for info in view["meld_info"][s]:
                for name in info["cards"]:
                    seen[INDEX[name]] += 1
        for c in memory["pile"]:
            seen[c] += 1
        their = set()
        for m in self._melds(view, 1 - side):
            their.update(m.accepts)
        ours = set()
        for m in self._melds(view, side):
            ours.update(m.accepts)
        opp_known = []
        for s in range(1 - side, players, 2):
            opp_known += memory["took"].get(s, [])
        thrown_next = memory["thrown"].get(nxt, [])
        taken = self._taken_top(view)
        counts = [0] * 53
        for c in hand:
            counts[c] += 1
        values = self.rules.values
        late = 1.0 if view["stock_size"] < 12 else 0.3
        sets = self.rules.sets
        best = None
        for action, c in discards:
            if action in outs and len(discards) > 1:
                continue
            if WILDISH[c]:
                keep = 1000                       # a wild is never thrown while another card can go
            else:
                keep = 0
                s, r = divmod(c, 13)
                p = _position(c)
                for d in hand:
                    if d == c or WILDISH[d]:
                        continue
                    if sets and d % 13 == r:
                        keep += 14
                    if d // 13 == s:
                        dist = abs(_position(d) - p)
                        if r == 0:
                            dist = min(dist, abs(_position(d) - 14))
                        if dist == 1:
                            keep += 16
                        elif dist == 2:
                            keep += 8
                if counts[c] > 1:
                    keep -= 6
                if c in ours:
                    keep += 30
            danger = 0
            if c in their:
                danger += 1000                    # never feed the opponents' melds while a safe card exists
            dead = seen[c] + (1 if c not in hand else 0) >= 2 + (2 if c == JK else 0)
            if not dead:
                for d in opp_known:
                    if WILDISH[d]:
                        continue
                    if sets and d % 13 == c % 13:
                        danger += 12
                    if d // 13 == c // 13 and abs(_position(d) - _position(c)) <= 2:
                        danger += 10
                danger += 4
            for d in thrown_next:
                if d % 13 == c % 13 or (d // 13 == c // 13 and abs(_position(d) - _position(c)) <= 1):
                    danger -= 3
            score = keep + danger - late * values[c]
            if c == taken:
                score += 500                      # never hand back the card just taken
            if best is None or score < best[0]:
                best = (score, action)
        return None if best is None else best[1]
