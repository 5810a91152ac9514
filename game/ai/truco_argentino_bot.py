"""A rule-based Truco Argentino player, like a decent club player.

It reads only its seat's view. Envido: the chance that its team's value wins,
from the distribution of envido values of all 3-card hands, sharpened when
the other team has called (a call shows points, a raise over our own call
more). Truco: the chance of winning the hand from its cards against the cards
not seen yet and the tricks already played. Calls are a mixed policy: about
``bluff_rate`` of its calls (a quarter by default, which leaves a caller's
opponent indifferent to calling a truco or an envido) are bluffs made with a
weak hand, so a call does not give its hand away. It never accepts a truco
once the caller has seen every card of ours (he calls only when he has won),
accepts an envido or a falta by pot odds (refusing a falta costs the refusal,
accepting risks the falta: a cheap falta is defended with the better half of
hands, so a bluffed falta does not pay), never accepts a bet as a "bluff",
never raises when the extra points cannot help it, and plays its cards to win
cheaply, keep the strong card and use pardas.
"""
from __future__ import annotations

from itertools import combinations, permutations

from game.games.truco_argentino import DECK, STRENGTH, envido_value

from .base import Bot

# ----- envido odds: the distribution over every 3-card hand ----------------------
_COUNTS = [0] * 34
for _hand in combinations(range(40), 3):
    _COUNTS[envido_value(_hand)] += 1
_TOTAL = sum(_COUNTS)
CDF = []                      # CDF[v] = P(a random hand's envido <= v)
_acc = 0
for _c in _COUNTS:
    _acc += _c
    CDF.append(_acc / _TOTAL)


def _cdf(v: int, at_least: int = 0) -> float:
    """P(value <= v) for a random hand, given value >= at_least."""
    if v < 0:
        return 0.0
    v = min(v, 33)
    base = CDF[at_least - 1] if at_least > 0 else 0.0
    if v < at_least:
        return 0.0
    return (CDF[v] - base) / (1.0 - base)


# the envido an opponent shows by opening, and by raising over our call
# (a mixture with bluffs: see _p_envido)
SHOWN = {"envido": 25, "real envido": 28, "falta envido": 29}
SHOWN_RAISE = {"envido": 29, "real envido": 30, "falta envido": 31}
# value calls: envido opened with p > 0.55 (about 27 points in 1v1), truco
# called with p >= 0.72; bluff chances per weak hand are scaled by how often
# value hands come against how often weak ones do (measured in rule play)
ENVIDO_VALUE_VS_WEAK = 1.6 * (1.0 - CDF[26]) / CDF[19]
TRUCO_VALUE_VS_WEAK = 1.7
TRUCO_LEVEL = {"truco": 2, "retruco": 3, "vale cuatro": 4}


def _outcome(results: list, mano_us: bool) -> int:
    """§5 from our side: results per trick (1 won, -1 lost, 0 parda);
    1 = hand won, -1 = lost, 0 = not decided yet."""
    k = len(results)
    if k < 2:
        return 0
    a, b = results[0], results[1]
    if k == 2:
        if a == 0:
            return b
        if b == 0 or b == a:
            return a
        return 0
    c = results[2]
    if c != 0:
        return c
    if a != 0:
        return a
    return 1 if mano_us else -1


class TrucoArgentinoBot(Bot):
    name = "rule"

    def __init__(self, seed: int = 0, bluff_rate: float = 0.25) -> None:
        super().__init__(seed)
        self.bluff_rate = bluff_rate

    def _bluff(self, value_vs_weak: float) -> bool:
        """Whether to bluff with a weak hand now: often enough that about
        ``bluff_rate`` of all calls are bluffs."""
        share = self.bluff_rate
        if share <= 0:
            return False
        chance = 1.0 if share >= 1 else share / (1.0 - share) * value_vs_weak
        return self.rng.random() < chance

    # ----- the decision ---------------------------------------------------------
    def choose(self, view: dict) -> str:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        ctx = self._context(view)
        phase = view["phase"]
        if phase == "flor":
            return self._flor_answer(view, ctx, legal)
        if phase == "envido":
            return self._envido_answer(view, ctx, legal)
        if phase == "truco":
            opened = self._open_envido(view, ctx, legal)
            return opened or self._truco_answer(view, ctx, legal)
        opened = self._open_envido(view, ctx, legal)
        if opened:
            return opened
        called = self._call_truco(view, ctx, legal)
        return called or self._play(view, ctx, legal)

    # ----- reading the view -------------------------------------------------------
    def _context(self, view: dict) -> dict:
        seat = view["seat"]
        n = view["players"]
        team = seat % 2
        hand = [DECK.card(c) for c in view["hand"]]
        seen = {DECK.card(c) for c in view["dealt"]}
        results = []
        for t in view["tricks"]:
            for _, c in t["cards"]:
                seen.add(DECK.card(c))
            results.append(0 if t["team"] is None else (1 if t["team"] == team else -1))
        table = [(s, DECK.card(c)) for s, c in view["trick"]]
        for _, c in table:
            seen.add(c)
        unseen = [STRENGTH[c] for c in range(40) if c not in seen]
        folded = set(view["folded"])
        opponents = [s for s in range(n) if s % 2 != team and s not in folded]
        partners = [s for s in range(n) if s % 2 == team and s != seat and s not in folded]
        played_now = {s for s, _ in table}
        opp_after = sum(1 for s in opponents if s not in played_now)
        ours = max((STRENGTH[c] for s, c in table if s % 2 == team), default=0)
        theirs = max((STRENGTH[c] for s, c in table if s % 2 != team), default=0)
        score = view["score"]
        return {
            "seat": seat, "team": team, "n": n, "hand": hand, "results": results,
            "table": table, "unseen": unseen, "opponents": opponents, "partners": partners,
            "opp_after": opp_after, "played_here": seat in played_now, "ours": ours, "theirs": theirs,
            "mano_us": view["mano"] % 2 == team,
            "need_us": view["target"] - score[team], "need_them": view["target"] - score[1 - team],
        }

    @staticmethod
    def _odds(cls: int, unseen: list) -> tuple[float, float]:
        """(P(a random unseen card is weaker), P(equal))."""
        if not unseen:
            return 1.0, 0.0
        below = sum(1 for u in unseen if u < cls)
        equal = sum(1 for u in unseen if u == cls)
        return below / len(unseen), equal / len(unseen)

    def _trick_probs(self, cls: int, ctx: dict, current: bool) -> tuple[float, float]:
        """(win, tie) chances of our team in a trick where we play a card of class ``cls``."""
        unseen = ctx["unseen"]
        if current:
            ours = max(ctx["ours"], cls)
            theirs = ctx["theirs"]
            later = ctx["opp_after"]
        else:
            ours, theirs, later = cls, 0, len(ctx["opponents"])
        below, equal = self._odds(ours, unseen)
        if ours < theirs:
            win, tie = 0.0, 0.0
        elif ours == theirs:
            win, tie = 0.0, (below + equal) ** later
        else:
            win = below ** later
            tie = (below + equal) ** later - win
        partners = len(ctx["partners"])
        if partners and not current:          # partners may win the tricks I cannot
            lose = 1.0 - win - tie
            help_ = 1.0 - 0.7 ** partners
            win += lose * help_
        return win, tie

    def _p_hand(self, ctx: dict) -> float:
        """Chance of winning the hand (tricks) from here."""
        hand = ctx["hand"]
        results = ctx["results"]
        done = _outcome(results, ctx["mano_us"])
        if done:
            return 1.0 if done > 0 else 0.0
        if not hand and not ctx["played_here"]:
            return 0.5
        classes = [STRENGTH[c] for c in hand]
        started = bool(ctx["table"])
        fixed = []
        if ctx["played_here"]:                 # my card is already on this trick
            fixed = [self._trick_probs(0, ctx, True)]
            started = False
        best = 0.0
        for order in set(permutations(classes)):
            probs = fixed + [self._trick_probs(cls, ctx, i == 0 and started)
                             for i, cls in enumerate(order)]
            p = self._p_sequence(results, probs, ctx["mano_us"])
            if p > best:
                best = p
        return best

    def _p_sequence(self, results: list, probs: list, mano_us: bool) -> float:
        if not probs:
            return 0.5
        win, tie = probs[0]
        total = 0.0
        for outcome, p in ((1, win), (0, tie), (-1, 1.0 - win - tie)):
            if p <= 0:
                continue
            res = results + [outcome]
            done = _outcome(res, mano_us)
            if done:
                total += p if done > 0 else 0.0
            else:
                total += p * self._p_sequence(res, probs[1:], mano_us)
        return total

    # ----- envido -----------------------------------------------------------------
    def _p_envido(self, view: dict, ctx: dict, shown: int, trust: float = 0.75) -> float:
        """Chance our team wins the envido with this seat's points; ``shown`` is
        what the other team's calls suggest (0: nothing): their caller holds at
        least that with chance ``trust``, anything else (a bluff)."""
        mine = view["envido_points"]
        n = ctx["n"]
        mano = view["mano"]
        seat = ctx["seat"]
        dist = (seat - mano) % n
        p = 1.0
        for i, opp in enumerate(ctx["opponents"]):
            strict = (opp - mano) % n < dist          # the opponent is nearer mano: ties lose
            v = mine - 1 if strict else mine
            if i == 0 and shown:
                q = trust * _cdf(v, shown) + (1 - trust) * _cdf(v)
            else:
                q = _cdf(v)
            p *= q
        for _ in ctx["partners"]:
            p = 1.0 - (1.0 - p) * (1.0 - 0.8 / (len(ctx["opponents"]) + 1))
        return p

    def _falta(self, view: dict, ctx: dict, us: bool) -> int:
        score = view["score"]
        target = view["target"]
        high = max(score)
        if view["options"]["falta_envido"] == "malas_buenas" and target == 30 and high <= 15:
            return target - score[ctx["team"] if us else 1 - ctx["team"]]
        return target - high

    def _open_envido(self, view: dict, ctx: dict, legal: list) -> str | None:
        if "call envido" not in legal:
            return None
        mine = view["envido_points"]
        p = self._p_envido(view, ctx, 0)
        if mine >= 31 and p > 0.8 and "call falta envido" in legal and \
                self._falta(view, ctx, True) <= 6 + ctx["need_them"] // 3:
            return "call falta envido"
        if mine >= 30 and p > 0.75:
            return "call real envido"
        if p > 0.55:
            return "call envido"
        if mine < 20 and self._bluff(ENVIDO_VALUE_VS_WEAK):
            calls = ["call envido", "call envido", "call real envido"]
            if "call falta envido" in legal and \
                    self._falta(view, ctx, True) <= 6 + ctx["need_them"] // 3:
                calls.append("call falta envido")
            return self.rng.choice(calls)
        return None

    def _envido_answer(self, view: dict, ctx: dict, legal: list) -> str:
        chain = view["envido"]["chain"]
        team = ctx["team"]
        ours = False
        shown = 0
        trust = 0.75
        for s, act in view["calls"]:            # the envido calls, in order
            kind = act[5:] if act.startswith("call ") else None
            if kind not in SHOWN:
                continue
            if s % 2 == team:
                ours = True
            elif ours:                          # a raise over our call: seldom a bluff
                shown, trust = max(shown, SHOWN_RAISE[kind]), 0.9
            else:
                shown = max(shown, SHOWN[kind])
        p = self._p_envido(view, ctx, shown, trust)
        mine = view["envido_points"]
        has_falta = "falta envido" in chain
        worth = sum(2 if c == "envido" else 3 for c in chain if c != "falta envido")
        refused = 1 if len(chain) == 1 else sum(2 if c == "envido" else 3
                                                 for c in chain[:-1])
        if has_falta:
            gain, loss = self._falta(view, ctx, True), self._falta(view, ctx, False)
        else:
            gain = loss = worth
        if loss >= ctx["need_them"]:           # losing it would hand them the chico
            loss *= 2
        if refused >= ctx["need_them"]:        # refusing hands them the chico anyway
            return "accept"
        if p > 0.85 and "call falta envido" in legal and mine >= 31 \
                and self._falta(view, ctx, True) >= worth:
            return "call falta envido"
        if p > 0.75 and "call real envido" in legal:
            return "call real envido"
        if p > 0.7 and "call envido" in legal:
            return "call envido"
        if p * gain - (1 - p) * loss > -refused:
            return "accept"
        if chain == ["falta envido"]:
            # a falta is bluffed whenever refusing it is a habit: defend with
            # the hands that beat most bluffs, as often as the price requires
            defend = loss / (loss + refused)
            if _cdf(mine) >= min(defend, 0.9):
                return "accept"
        return "reject"

    # ----- flor ---------------------------------------------------------------------
    def _flor_answer(self, view: dict, ctx: dict, legal: list) -> str:
        mine = view["flor_points"] or 20
        level = view["flor"]["level"]
        if mine >= 35 and "call contraflor al resto" in legal and ctx["need_us"] <= 15:
            return "call contraflor al resto"
        if mine >= 33 and "call contraflor" in legal:
            return "call contraflor"
        needed = {"flor": 28, "contraflor": 31, "contraflor al resto": 33}[level]
        return "accept" if mine >= needed else "reject"

    # ----- truco --------------------------------------------------------------------
    def _call_truco(self, view: dict, ctx: dict, legal: list) -> str | None:
        call = next((a for a in legal if a in ("call truco", "call retruco", "call vale cuatro")), None)
        if call is None:
            return None
        level = view["truco"]["level"]
        if ctx["need_us"] <= level:            # the hand already wins the chico: nothing to gain
            return None
        p = self._p_hand(ctx)
        if p >= 0.72:
            return call
        if 0.0 < p < 0.35 and len(ctx["results"]) < 2 and self._bluff(TRUCO_VALUE_VS_WEAK):
            return call
        return None

    def _truco_answer(self, view: dict, ctx: dict, legal: list) -> str:
        called = TRUCO_LEVEL[view["truco"]["pending"]]
        p = self._p_hand(ctx)
        if p == 0.0:
            return "reject"                    # already lost: do not pay more
        if called - 1 >= ctx["need_them"]:
            return "accept"                    # refusing hands them the chico
        sizes = view["hand_sizes"]
        if all(sizes[s] == 0 for s in range(ctx["n"]) if s % 2 == ctx["team"]
               and s not in view["folded"]):
            # every card of ours is down: the caller knows whether he wins,
            # and calls to be paid; only a sure win is worth it
            if p >= 0.999:
                raise_ = next((a for a in legal if a in ("call retruco", "call vale cuatro")), None)
                return raise_ or "accept"
            return "reject"
        raise_ = next((a for a in legal if a in ("call retruco", "call vale cuatro")), None)
        if raise_ and p >= 0.9 and ctx["need_us"] > called:    # their call shows cards
            return raise_
        threshold = {2: 0.4, 3: 0.45, 4: 0.5}[called]
        if called >= ctx["need_them"]:
            threshold += 0.1                   # losing it would end the chico
        if p >= threshold:
            return "accept"
        if p >= threshold - 0.12 and self.rng.random() < 0.3:
            return "accept"                    # mixed near the line: calls are not free bluffs
        return "reject"

    # ----- cards ----------------------------------------------------------------------
    def _play(self, view: dict, ctx: dict, legal: list) -> str:
        hand = sorted(ctx["hand"], key=lambda c: STRENGTH[c])      # weakest first
        if not hand:
            return "fold"
        results = ctx["results"]
        table = ctx["table"]
        unseen = ctx["unseen"]
        if not table:                                    # leading
            if len(hand) == 3:
                card = hand[1]                           # the middle card
            elif len(hand) == 2:
                if results and results[0] > 0:
                    top_safe = all(u <= STRENGTH[hand[1]] for u in unseen)
                    card = hand[1] if top_safe else hand[0]
                else:
                    card = hand[1]                       # must win (or parda: next decides)
            else:
                card = hand[0]
            return "play " + DECK.names[card]
        ours, theirs = ctx["ours"], ctx["theirs"]
        if ours > theirs and ctx["opp_after"] == 0:
            return "play " + DECK.names[hand[0]]        # partner holds it: dump the weakest
        beats = [c for c in hand if STRENGTH[c] > theirs]
        ties = [c for c in hand if STRENGTH[c] == theirs]
        if ours > theirs and ours >= 10:                # partner strong enough: keep mine
            return "play " + DECK.names[hand[0]]
        trick = len(results)
        if beats:
            if ctx["opp_after"]:
                # opponents still to play: beat with a card that may hold
                good = [c for c in beats if STRENGTH[c] >= 9]
                card = good[0] if good else beats[-1]
            else:
                card = beats[0]                          # win cheaply
            if ties and trick == 0 and len(hand) == 3 and ctx["opp_after"] == 0:
                rest = [c for c in hand if c != ties[0]]
                if STRENGTH[rest[-1]] >= 12 and STRENGTH[card] >= 12:
                    card = ties[0]                       # parda, keep the big card for the next
            return "play " + DECK.names[card]
        if ties:
            rest = [c for c in hand if c != ties[0]]
            if trick == 1 and results[0] > 0:
                return "play " + DECK.names[ties[0]]    # won the first: parda wins the hand
            if trick == 0 and rest and STRENGTH[rest[-1]] >= 9:
                return "play " + DECK.names[ties[0]]    # parda, then the best card decides
            if trick == 2:
                return "play " + DECK.names[ties[0]]
        return "play " + DECK.names[hand[0]]            # cannot win: the weakest
