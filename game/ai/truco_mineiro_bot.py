"""A rule-based Truco Mineiro player, like a decent club player.

It reads only its seat's view. Everything hangs on one estimate: the chance
that its pair wins the hand from here, from the cards it holds (and its
partner's in a mão de dez), what has been played, and the tricks already won,
tied or lost (§6 of the rules page decides the hand). With it the bot

- calls truco (and raises) when the hand is strong, and bluffs often enough
  (``bluff_rate``, seeded: about a quarter of its calls) that a call does not
  give its hand away,
- answers a call by its value: accepts when the chance is worth the stake,
  runs from a hand already lost or from a call made when its pair has no card
  left (the callers then know how the hand ends), raises a very strong one,
  and never calls or
  raises when it cannot change the match (its pair already wins the match
  with the hand's current value),
- plays the mão de dez only with a good pair of hands,
- picks the card that keeps that chance highest, and among equals the
  cheapest: it wins a trick with the smallest card that does, keeps its
  manilha for later, and ties when a tie decides the hand for it.
"""
from __future__ import annotations

from game.games.truco_mineiro import DECK, REFUSED, STEP_NAMES, STRENGTH, TARGET, VALUES

from .base import Bot

_CARD = DECK.index
_CALL_THRESHOLDS = {"truco": 0.62, "seis": 0.70, "dez": 0.78, "doze": 0.85}
_PARTNER_GUESS = 0.3        # chance an unseen partner takes a trick on its own


class _Table:
    """What the bot knows of the deal, relative to its own pair."""

    def __init__(self, view: dict) -> None:
        self.players = n = view["players"]
        self.seat = seat = view["seat"]
        self.team = seat % 2
        self.hand = [STRENGTH[_CARD[c]] for c in view["hand"]]
        partner = view.get("partner_hand")
        self.partner = None if partner is None else sorted((STRENGTH[_CARD[c]] for c in partner),
                                                           reverse=True)
        seen = {_CARD[c] for c in view["hand"]}
        if partner:
            seen.update(_CARD[c] for c in partner)
        for t in view["tricks"]:
            seen.update(_CARD[c] for _, c in t["cards"])
        trick = [(s, _CARD[c]) for s, c in view["trick"]]
        seen.update(c for _, c in trick)
        counts = [0] * 16
        for c in range(40):
            if c not in seen:
                counts[STRENGTH[c]] += 1
        total = max(1, sum(counts))
        below = 0
        self.beat = [0.0] * 16          # chance a class beats one unseen card (ties count half)
        for cls in range(16):
            self.beat[cls] = (below + 0.5 * counts[cls]) / total
            below += counts[cls]
        self.results = ["T" if t["team"] is None else ("W" if t["team"] == self.team else "L")
                        for t in view["tricks"]]
        # the trick in progress: best class so far and whose it is
        best, best_team, tied = 0, None, False
        for s, c in trick:
            k = STRENGTH[c]
            if k > best:
                best, best_team, tied = k, s % 2, False
            elif k == best and s % 2 != best_team:
                tied = True
        self.trick_best = best
        self.trick_team = None if tied else best_team
        self.trick_tied = tied
        turn = view["turn"]
        self.to_play = [(turn + i) % n for i in range(n - len(trick))]
        self.hand_sizes = view["hand_sizes"]
        triple = view["options"]["triple_tie"]
        self.triple = ("W" if view["dealer"] % 2 == self.team else "L") if triple == "dealer" else "N"

    # ----- the hand's outcome (§6) -----------------------------------------------
    def outcome(self, res: list) -> str | None:
        t = len(res)
        if t < 2:
            return None
        r0, r1 = res[0], res[1]
        if t == 2:
            if r0 == r1 and r0 != "T":
                return r0
            if r0 == "T" and r1 != "T":
                return r1
            if r1 == "T" and r0 != "T":
                return r0
            return None
        r2 = res[2]
        if r2 != "T":
            return r2
        if r0 != "T":
            return r0
        return self.triple

    def future_q(self, mine: int | None, index: int) -> float:
        """Chance our pair takes a later trick where this seat plays class ``mine``."""
        b = self.beat[mine] if mine else 0.0
        if self.players == 2:
            return b
        if self.partner is not None:
            pc = self.partner[index] if index < len(self.partner) else 0
            pq = self.beat[pc] ** 2 if pc else 0.0
        else:
            pq = _PARTNER_GUESS
        return 1 - (1 - b * b) * (1 - pq)

    def p_rest(self, res: list, future: list) -> float:
        """Chance of winning the hand given tricks ``res`` and our cards (classes,
        best first) for the tricks still to play, each one independent."""
        done = self.outcome(res)
        if done is not None:
            return 1.0 if done == "W" else (0.5 if done == "N" else 0.0)
        if len(res) >= 3:
            return 0.5
        index = len(res) - (3 - len(future))     # which of the future cards plays next
        mine = future[index] if 0 <= index < len(future) else None
        q = self.future_q(mine, index)
        return q * self.p_rest(res + ["W"], future) + (1 - q) * self.p_rest(res + ["L"], future)

    def current_q(self, card: int | None) -> float:
        """Chance our pair takes the trick in progress if this seat plays class ``card``."""
        ours = self.trick_best if (self.trick_team == self.team or self.trick_tied) else 0
        theirs = self.trick_best if (self.trick_team not in (None, self.team) or self.trick_tied) else 0
        if card:
            ours = max(ours, card)
        opps = [s for s in self.to_play if s % 2 != self.team]
        if self.players == 2:
            e = min(self.hand_sizes[opps[0]], 2) if opps else 0
        else:
            e = len(opps)
        if ours > theirs:
            base = self.beat[ours] ** e
        elif ours and ours == theirs:
            base = 0.5 * self.beat[ours] ** e
        else:
            base = 0.0
        partner = (self.seat + 2) % 4 if self.players == 4 else None
        pq = 0.0
        if partner is not None and partner in self.to_play:
            if self.partner is not None:
                top = self.partner[0] if self.partner else 0
                pq = self.beat[top] ** len(opps) if top > theirs else 0.0
            else:
                pq = _PARTNER_GUESS
        return 1 - (1 - base) * (1 - pq)

    def p_with(self, i: int | None) -> float:
        """Chance of winning the hand if this seat plays its card ``i`` (index in
        hand) in the trick in progress, None if it is not to play in it."""
        if i is None:
            future = sorted(self.hand, reverse=True)
            card = None
        else:
            card = self.hand[i]
            future = sorted(self.hand[:i] + self.hand[i + 1:], reverse=True)
        last = len(self.to_play) == 1 and self.to_play[0] == self.seat
        if last and card is not None:            # the trick's result is known
            ours = self.trick_best if (self.trick_team == self.team or self.trick_tied) else 0
            theirs = self.trick_best if (self.trick_team != self.team or self.trick_tied) else 0
            ours = max(ours, card)
            r = "W" if ours > theirs else ("T" if ours == theirs else "L")
            return self.p_rest(self.results + [r], future)
        q = self.current_q(card)
        return q * self.p_rest(self.results + ["W"], future) + (1 - q) * self.p_rest(
            self.results + ["L"], future)

    def p_win(self) -> float:
        """The best chance over this seat's choice of card for the trick in progress."""
        if self.seat not in self.to_play or not self.hand:
            return self.p_with(None)
        return max(self.p_with(i) for i in range(len(self.hand)))


class TrucoMineiroBot(Bot):
    name = "rule"

    def __init__(self, seed: int = 0, bluff_rate: float = 0.35, caution: float = 0.9,
                 margin: float = 0.05, dez_margin: float = 0.0) -> None:
        super().__init__(seed)
        self.bluff_rate = bluff_rate
        self.caution = caution          # how much a call by the other side is believed
        self.margin = margin            # extra chance wanted to accept a call
        self.dez_margin = dez_margin

    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if view.get("blind"):
            return self.rng.choice(legal)          # face down: nothing to go on
        table = _Table(view)
        if view["phase"] != "play":
            return self._mao_de_dez(view, table)
        if view["pending"] is not None:
            return self._answer(view, table, legal)
        call = next((a for a in legal if a.startswith("call ")), None)
        if call is not None and self._want_call(view, table, call[5:]):
            return call
        return self._play(view, table, legal)

    # ----- decisions about the stake -----------------------------------------------
    def _scores(self, view: dict) -> tuple[int, int]:
        team = view["seat"] % 2
        return view["score"][team], view["score"][1 - team]

    def _mao_de_dez(self, view: dict, table: _Table) -> str:
        p = table.p_win()
        _, theirs = self._scores(view)
        # running gives 2; losing the hand gives 4 (the match, if they are on 8)
        return "accept" if p >= (0.5 if theirs >= 8 else 0.55) + self.dez_margin else "reject"

    def _want_call(self, view: dict, table: _Table, call: str) -> bool:
        mine, theirs = self._scores(view)
        value = view["value"]
        if mine + value >= TARGET:          # winning the hand already wins the match
            return False
        if theirs + value >= TARGET:        # they win the match with it anyway: raising is free
            return True
        p = table.p_win()
        if p >= _CALL_THRESHOLDS[call]:
            return True
        return p >= 0.12 and self.rng.random() < self.bluff_rate

    def _answer(self, view: dict, table: _Table, legal: list[str]) -> str:
        pending = view["pending"]
        step = STEP_NAMES.index(pending["call"])
        asked, before = VALUES[step], REFUSED[step]
        mine, theirs = self._scores(view)
        raise_to = next((a for a in legal if a.startswith("call ")), None)
        p = table.p_win()
        if theirs + before >= TARGET:        # running loses the match: play it out
            if raise_to and p >= 0.6 and mine + asked < TARGET:
                return raise_to
            return "accept"
        if p <= 0.0:
            return "reject"                  # already lost
        if self._nothing_left(view):
            # every card still to come is the callers': they know how the hand
            # ends, so the call is a sure thing unless ours cannot be beaten
            return "accept" if p >= 1.0 else "reject"
        if theirs + asked >= TARGET and raise_to:
            return raise_to if p >= 0.5 else ("accept" if p >= 0.45 else "reject")
        believed = p * self.caution
        if raise_to and mine + asked < TARGET and believed >= _CALL_THRESHOLDS[raise_to[5:]] + 0.05:
            return raise_to
        threshold = (asked - before) / (2 * asked) + self.margin
        if theirs + asked >= TARGET:         # losing it loses the match
            threshold = max(threshold, 0.45)
        return "accept" if believed >= threshold else "reject"

    @staticmethod
    def _nothing_left(view: dict) -> bool:
        """Whether this seat's pair has played all its cards."""
        team = view["seat"] % 2
        return sum(n for s, n in enumerate(view["hand_sizes"]) if s % 2 == team) == 0

    # ----- cards ---------------------------------------------------------------------
    def _play(self, view: dict, table: _Table, legal: list[str]) -> str:
        hand = view["hand"]
        classes = table.hand
        if not view["tricks"] and not view["trick"] and len(hand) == 3:
            # leading the first trick: the second-best card if it is worth something,
            # keeping the best (a manilha above all) for later
            order = sorted(range(3), key=lambda i: classes[i], reverse=True)
            pick = order[1] if classes[order[1]] >= 7 else order[0]
            return "play " + hand[pick]
        scored = [(table.p_with(i), i) for i in range(len(hand))]
        best = max(p for p, _ in scored)
        cheap = min((i for p, i in scored if p >= best - 0.02), key=lambda i: classes[i])
        return "play " + hand[cheap]
