"""What the search needs to know of Truco Argentino.

Worlds (:class:`Knowledge`, :meth:`TrucoArgentinoSearch.deal`): the seat's own
dealt cards are known, and so is every card played; the other cards are dealt
to the other seats (a folded seat's mucked cards too) so that every world
reproduces what the seat saw. The engine computes envido and flor declarations
from the hands, so the sampler makes them true by construction: a seat that
stated envido 33 gets a hand of envido 33 (a 7 and a 6 of one suit), a seat
that said "son buenas" one of envido at most the best value its opponents had
stated before it, flor holders a flor (of the stated value, if any), and every
seat that acted while a flor could still be called, or sat through an envido
opening, holds none. Each constrained seat draws its hand from the list of
every completion that satisfies its constraints, weighted by soft evidence:
calls and acceptances make strong hands likelier, refusals weak ones, never
impossible (bluffs exist).

Tree (:meth:`candidates`): the searching seat considers every distinct move
(cards of the same rank class are interchangeable in play, since envido and
flor count the dealt hand; going to the deck is never better than playing on
and refusing later). The other seats choose their cards in the tree, but
their bets and answers come from the hand-aware playout policy of the world
they are in, so a call or an answer in the tree carries the information it
carries at a real table (a truco called in a world is called with that
world's cards), and a bluff of ours wins exactly where the policy folds.

Playouts (:meth:`playout_action`): a cheap club-player policy on the world's
internal state, reading only the acting seat's own cards and the public
state, with noise: envido by points (mano's edge, pot odds, raises shown),
truco by an estimate of the hand from the tricks and the cards left, mixed
bluffs, cards played to win cheaply and keep the strong card.

Values (:meth:`outcome`): what the deal did to the chance of winning the
match, from a table of match-win chances by score (malas/buenas, 15 or 30,
chicos) computed from a per-deal points model, turned into "equivalent
points" at the current score and scored linearly up to ``score_scale`` points
(a saturating utility would make a falta that risks the match look cheap).

The strong player (Expert, two players only): a strong opponent does not bet
as the club player does (it opens the envido with nothing, re-raises it, and
calls truco with poor hands far more often). :class:`StrongPolicy` bets from
tables of Hard's own bets (:mod:`.truco_argentino_strong`), and with
``strong`` set the other seat's bets in the tree and the playouts come from it
``STRONG_SHARE`` of the time. :class:`Knowledge` reads the other seat's bets
under both players: each completion's weight mixes, in the same shares, the
club player's soft evidence with the product of the strong table's chances (at
least ``FLOOR`` each), read with the cards held and the table as it stood at
the bet.

Value bets (Expert, four players only): Expert opens and raises the envido
only with the points a club player's bet stands for (``VALUE_BET``), since its
partner reads its bets as the club player's; a bluff would send the partner
into a falta with nothing.
"""
from __future__ import annotations

import math
import random
from itertools import combinations

from game.games import truco_argentino as ta
from game.games.truco_argentino import (ACCEPT, DECK, ENV_OPEN, ENVIDO_ANSWER, FLOR_ANSWER, PLAY,
                                        PLAY_TURN, REJECT, STRENGTH, TRUCO_ANSWER, TRUCO_CALL,
                                        envido_value, flor_value)

from .search.game import WORLDS, SearchGame
from .search.memo import remembered
from .truco_argentino_strong import (FLOOR, STRONG_SHARE, bets_seen, draw, env_band, open_context,
                                     outcome_chance)

CARD = DECK.index
NAMES = DECK.names
ENV_KIND = {"call envido": "E", "call real envido": "R", "call falta envido": "F"}
TRUCO_CALLS = ("call truco", "call retruco", "call vale cuatro")
FLOR_CALLS = ("call flor", "call contraflor", "call contraflor al resto")


def _sig(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


# ----- every 3-card hand: envido, flor, trick power ------------------------------------
def _power(hand) -> float:
    s = sorted((STRENGTH[c] for c in hand), reverse=True)
    return 1.0 * s[0] + 0.8 * s[1] + 0.4 * s[2]


def _key(a: int, b: int, c: int) -> int:
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    return (a * 40 + b) * 40 + c


ENVIDO = {}
FLOR = {}
POWER = {}                    # percentile of the hand's trick power among all hands, 0..1
_raw = {}
for _h in combinations(range(40), 3):
    _k = _key(*_h)
    ENVIDO[_k] = envido_value(_h)
    FLOR[_k] = flor_value(_h)
    _raw[_k] = _power(_h)
_sorted = sorted(_raw.values())
_rank = {}
for _i, _v in enumerate(_sorted):
    _rank.setdefault(_v, _i)
POWER = {k: (_rank[v] + 0.5) / len(_sorted) for k, v in _raw.items()}
del _raw, _sorted, _rank

# ENV_CDF[v]: share of all hands with an envido of at most v
_env_counts = [0] * 34
for _v in ENVIDO.values():
    _env_counts[_v] += 1
ENV_CDF = [sum(_env_counts[:v + 1]) / len(ENVIDO) for v in range(34)]
del _env_counts

# P(a random card of the deck is of a lower / equal rank class)
BELOW = [sum(1 for c in range(40) if STRENGTH[c] < cls) / 40 for cls in range(16)]
EQUAL = [sum(1 for c in range(40) if STRENGTH[c] == cls) / 40 for cls in range(16)]
# WIN[k][cls]: chance a card of class cls beats k random cards (a tie counts half)
WIN = [[(BELOW[cls] + 0.5 * EQUAL[cls]) ** k for cls in range(16)] for k in range(6)]
HELP = [0.0] + [1.0 - 0.72 ** k for k in range(1, 6)]


# ----- match-win chances by score ---------------------------------------------------------
# Points (team A, team B) one deal gives, measured in rule-bot play (1200 deals
# each); symmetric. Two seats play lower-stake deals than teams.
DEAL_POINTS = {
    2: {(1, 1): .213, (2, 0): .105, (1, 0): .073, (2, 1): .065, (3, 0): .063, (4, 0): .027,
        (2, 2): .022, (5, 0): .015, (4, 1): .012, (3, 1): .010, (6, 0): .005},
    4: {(3, 0): .096, (2, 2): .094, (2, 1): .077, (4, 0): .072, (2, 0): .057, (1, 1): .037,
        (1, 0): .034, (5, 0): .027, (6, 0): .018, (3, 2): .017, (4, 2): .012, (3, 1): .011,
        (4, 1): .003},
}
_TABLES: dict = {}


def chico_table(players: int, target: int) -> list:
    """``U[a][b]``: chance that the side with ``a`` wins the chico against ``b``
    (both below ``target``), by dynamic programming over the deal model."""
    key = (min(players, 4), target)
    if key in _TABLES:
        return _TABLES[key]
    raw = DEAL_POINTS[key[0]]
    dist = []
    for (x, y), p in raw.items():
        dist.append((x, y, p))
        if x != y:
            dist.append((y, x, p))
    total = sum(p for _, _, p in dist)
    dist = [(x, y, p / total) for x, y, p in dist]
    U = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            v = 0.0
            for x, y, p in dist:
                a2, b2 = a + x, b + y
                if a2 >= target:
                    v += p * (1.0 if b2 < target else 0.5)
                elif b2 >= target:
                    continue
                else:
                    v += p * U[a2][b2]
            U[a][b] = v
    _TABLES[key] = U
    return U


_BEST_OF_3 = {(1, 1): 0.5, (1, 0): 0.75, (0, 1): 0.25, (0, 0): 0.5}


def match_chance(players: int, target: int, chicos: int, score, chicos_won, team: int) -> float:
    """Chance that ``team`` wins the match from this score (equal players)."""
    a, b = score[team], score[1 - team]
    if a >= target:
        p = 1.0
    elif b >= target:
        p = 0.0
    else:
        p = chico_table(players, target)[a][b]
    if chicos == 1:
        return p
    mine, theirs = chicos_won[team], chicos_won[1 - team]

    def won(x, y):
        if x >= 2:
            return 1.0
        if y >= 2:
            return 0.0
        return _BEST_OF_3[(x, y)]
    return p * won(mine + 1, theirs) + (1 - p) * won(mine, theirs + 1)


# ----- what a seat knows ---------------------------------------------------------------------
class _AtBet:
    """The public state :func:`equity` reads, as it stood at one bet, to read
    the bettor's chance of the hand in every world."""

    def __init__(self, m) -> None:
        self.n = m.n
        self.results = list(m.results)
        self.folded = list(m.folded)
        self.trick_seats = list(m.trick_seats)
        self.trick_cards = list(m.trick_cards)
        self.mano = m.mano
        self.hands: list = [[] for _ in range(m.n)]
        self._memo: dict = {}

    def equity(self, s: int, held: list) -> float:
        classes = tuple(sorted(STRENGTH[c] for c in held))
        e = self._memo.get(classes)
        if e is None:
            self.hands[s] = held
            e = self._memo[classes] = _equity(self, s)
        return e


class Knowledge:
    """What the seat of a view knows of the hidden cards, and the hands each
    constrained seat may hold (with their weights)."""

    def __init__(self, view: dict, strong: float = 0.0) -> None:
        self.seat = seat = view["seat"]
        self.n = n = view["players"]
        self.dealt = [CARD[c] for c in view["dealt"]]
        played = [[] for _ in range(n)]
        for trick in view["tricks"]:
            for s, c in trick["cards"]:
                played[s].append(CARD[c])
        for s, c in view["trick"]:
            played[s].append(CARD[c])
        self.played = played
        known = set(self.dealt)
        for cards in played:
            known.update(cards)
        self.pool = [c for c in range(40) if c not in known]
        self.need = [0 if s == seat else 3 - len(played[s]) for s in range(n)]
        self.env_exact: dict = {}
        self.env_max: dict = {}
        self.flor_exact: dict = {}
        self.flor_max: dict = {}
        self.has_flor: dict = {}          # seat -> True / False
        self.soft = [[] for _ in range(n)]   # (kind, tag) evidence per seat
        self._read_declarations(view)
        if view["options"].get("flor"):
            self._read_flor(view)
        self._read_calls(view)
        # Expert with 2 players (TrucoArgentinoSearch.begin): the chance the other
        # seat bets as a strong player, and each bet it could make, to read under
        # that player's tables
        self.strong = strong
        self.strong_bets = [[] for _ in range(n)]
        if self.strong:
            self._read_strong_bets(view)
        self.hands: dict = {}             # seat -> (completions, cumulative weights)
        for s in range(n):
            if s == seat or self.need[s] == 0:
                continue
            if self._constrained(s):
                self.hands[s] = self._completions(s)
        self.order = sorted(self.hands, key=lambda s: len(self.hands[s][0]))
        self.free = [s for s in range(n) if s != seat and s not in self.hands and self.need[s]]

    # -- hard facts
    def _read_declarations(self, view: dict) -> None:
        for declared, exact, bound in ((view["envido"]["declared"], self.env_exact, self.env_max),
                                       (view["flor"]["declared"], self.flor_exact, self.flor_max)):
            best = [-1, -1]
            for s, value in declared:
                team = s & 1
                if value == "son buenas":
                    bound[s] = best[1 - team]
                else:
                    exact[s] = value
                    best[team] = max(best[team], value)

    def _read_flor(self, view: dict) -> None:
        n = self.n
        team_fold = view["options"].get("fold_scope") == "team" or n == 2
        holders = view["flor"]["holders"]
        folded: set = set()
        called = False
        opened = False
        acts = view["actions"]
        for i, (s, a) in enumerate(acts):
            if not called:
                if a == "call flor":
                    called = True
                    for x in range(n):
                        if x not in folded:
                            self.has_flor[x] = x in holders
                else:
                    self.has_flor[s] = False
                    if a in ENV_KIND and not opened:
                        nxt = acts[i + 1][1] if i + 1 < len(acts) else (
                            "call flor" if view["phase"] == "call flor" else None)
                        if nxt != "call flor":
                            for x in range(n):
                                if x not in folded:
                                    self.has_flor[x] = False
            if a in ENV_KIND:
                opened = True
            if a == "fold":
                folded.update(range(s & 1, n, 2) if team_fold else (s,))
        to_act = view["to_act"]
        if not called and to_act is not None and view["phase"] != "over":
            self.has_flor[to_act] = view["phase"] == "call flor"
        self.has_flor.pop(self.seat, None)

    def _read_calls(self, view: dict) -> None:
        """Soft evidence: who called, raised, accepted or refused what."""
        pending = []                      # stack of "truco" / "env"
        holders = view["flor"]["holders"]
        contested = len({h & 1 for h in holders}) == 2
        flor_answering = False
        soft = self.soft
        for s, a in view["actions"]:
            if a.startswith("play ") or a == "fold":
                continue
            if a in ENV_KIND:
                soft[s].append(("env", "open" if not pending or pending[-1] != "env" else "raise",
                                ENV_KIND[a]))
                if not pending or pending[-1] != "env":
                    pending.append("env")
                continue
            if a in TRUCO_CALLS:
                soft[s].append(("truco", "call", a))
                if pending and pending[-1] == "truco":
                    pending.pop()
                pending.append("truco")
                continue
            if a == "call flor":
                if pending and pending[-1] == "env":
                    pending.pop()
                flor_answering = contested
                continue
            if a in FLOR_CALLS:
                continue
            if flor_answering:                # accept/reject of the flor contest
                flor_answering = False
                continue
            what = pending.pop() if pending else None
            if what == "env":
                soft[s].append(("env", "accept" if a == ACCEPT else "reject", None))
            elif what == "truco":
                soft[s].append(("truco", "accept" if a == ACCEPT else "reject", None))

    def _read_strong_bets(self, view: dict) -> None:
        """Every bet another seat could make so far (:func:`bets_seen`), with
        what its chance of the hand was read from then, replayed in one world
        that fits the hard facts (who may bet, the tricks and the score are
        the same in every world)."""
        hands = self._any_hands()
        if hands is None:
            return
        bets = self.strong_bets

        def observe(m, action):
            s = m.actor
            if s == self.seat:
                return
            for table, context, outcome in bets_seen(m.mode, s, m.mano, m.level, m.tr_call, m.env_chain,
                                                     m.score, m.target, m.legal_actions(), action):
                state = None
                if table in ("call", "answer"):
                    state = (frozenset(c for c in m.dealt[s] if c not in m.hands[s]), _AtBet(m))
                bets[s].append((table, context, outcome, state))
        try:
            ta.Match.from_world(view, {"hands": hands}, [a for _, a in view["actions"]], observe)
        except ValueError:              # a view no world fits: read the club player's way only
            for seat_bets in bets:
                seat_bets.clear()

    def _any_hands(self) -> list | None:
        """One set of hands that fits the hard facts, for replaying the deal."""
        hands: list = [None] * self.n
        used: set = set()
        for s in range(self.n):
            if s == self.seat:
                hands[s] = list(self.dealt)
                continue
            pool = [c for c in self.pool if c not in used]
            for extra in combinations(pool, self.need[s]):
                hand = self.played[s] + list(extra)
                if len(hand) != 3 or self._fits(s, _key(*hand)):
                    break
            else:
                return None
            used.update(extra)
            hands[s] = hand
        return hands

    def _constrained(self, s: int) -> bool:
        return (s in self.env_exact or s in self.env_max or s in self.has_flor or bool(self.soft[s])
                or bool(self.strong_bets[s]))

    def _fits(self, s: int, key: int) -> bool:
        env = ENVIDO[key]
        if s in self.env_exact and env != self.env_exact[s]:
            return False
        if s in self.env_max and env > self.env_max[s]:
            return False
        if s in self.has_flor:
            fv = FLOR[key]
            if self.has_flor[s] != (fv >= 0):
                return False
            if s in self.flor_exact and fv != self.flor_exact[s]:
                return False
            if s in self.flor_max and fv > self.flor_max[s]:
                return False
        return True

    def _weight(self, s: int, key: int) -> float:
        w = 1.0
        env = ENVIDO[key]
        power = POWER[key]
        for kind, tag, arg in self.soft[s]:
            if kind == "env":
                if arg == "F":                # a falta: big stakes, seldom a bluff
                    w *= 0.15 + 0.85 * _sig((env - 30) / 1.5)
                elif tag == "open":
                    w *= 0.3 + 0.7 * _sig((env - (26 if arg == "E" else 28)) / 2.0)
                elif tag == "raise":
                    w *= 0.25 + 0.75 * _sig((env - 28) / 2.0)
                elif tag == "accept":
                    w *= 0.35 + 0.65 * _sig((env - 26) / 2.5)
                else:
                    w *= 0.35 + 0.65 * _sig((26 - env) / 2.5)
            else:
                if tag == "call":
                    w *= 0.35 + 0.65 * _sig((power - 0.6) / 0.1)
                elif tag == "accept":
                    w *= 0.45 + 0.55 * _sig((power - 0.45) / 0.12)
        return w

    def _strong_weight(self, s: int, hand: list, key: int) -> float:
        """How likely the bets seen of seat ``s`` were from a strong player
        (:mod:`.truco_argentino_strong`) holding ``hand``; a bet no cell
        covers counts 1."""
        band = env_band(ENVIDO[key])
        w = 1.0
        for table, context, outcome, state in self.strong_bets[s]:
            if state is None:
                q = outcome_chance(table, context, outcome, band)
            else:
                before, stood = state
                held = [c for c in hand if c not in before]
                q = outcome_chance(table, context, outcome, band, len(held), stood.equity(s, held))
            if q is not None:
                w *= max(FLOOR, q)
        return w

    def _completions(self, s: int) -> tuple[list, list]:
        base = self.played[s]
        need = self.need[s]
        out = []
        cum = []
        total = 0.0
        soft = bool(self.soft[s])
        for extra in combinations(self.pool, need):
            hand = base + list(extra)
            key = _key(*hand)
            if not self._fits(s, key):
                continue
            w = self._weight(s, key) if soft else 1.0
            if self.strong_bets[s]:
                w = (1.0 - self.strong) * w + self.strong * self._strong_weight(s, hand, key)
            total += w
            out.append(extra)
            cum.append(total)
        return out, cum

    # -- one world
    def deal(self, rng: random.Random) -> list | None:
        used: set = set()
        hands: list = [None] * self.n
        for s in self.order:
            options, cum = self.hands[s]
            if not options:
                return None
            for _ in range(40):
                extra = rng.choices(options, cum_weights=cum)[0]
                if used.isdisjoint(extra):
                    break
            else:
                return None
            used.update(extra)
            hands[s] = self.played[s] + list(extra)
        rest = [c for c in self.pool if c not in used]
        rng.shuffle(rest)
        at = 0
        for s in self.free:
            k = self.need[s]
            hands[s] = self.played[s] + rest[at:at + k]
            at += k
        for s in range(self.n):
            if s == self.seat:
                hands[s] = list(self.dealt)
            elif hands[s] is None:
                hands[s] = list(self.played[s])
        return hands


# ----- the playout policy (one seat's own cards and the public state) -------------------------
def _results_for(m, team: int) -> list:
    return [0 if r < 0 else (1 if r == team else -1) for r in m.results]


_EQUITY: dict = {}             # equity by all it reads (memoised)


def equity(m, s: int) -> float:
    """A quick estimate of the chance that seat ``s``'s team wins the hand,
    from its own cards left, the tricks so far and the trick on the table."""
    key = (m.n, s, tuple(m.hands[s]), tuple(m.results), tuple(m.folded), tuple(m.trick_seats),
           tuple(m.trick_cards), m.mano & 1)
    return remembered(_EQUITY, key, _equity, m, s)


def _equity(m, s: int) -> float:
    """:func:`equity` worked out (the memo's key is all it reads)."""
    team = s & 1
    res = _results_for(m, team)
    k = len(res)
    if k >= 2:
        a, b = res[0], res[1]
        if a == 0 and b != 0:
            return 1.0 if b > 0 else 0.0
        if a != 0 and (b == 0 or b == a):
            return 1.0 if a > 0 else 0.0
    folded = m.folded
    n = m.n
    opps = sum(1 for x in range(1 - team, n, 2) if not folded[x])
    mates = sum(1 for x in range(team, n, 2) if not folded[x] and x != s)
    cls = sorted((STRENGTH[c] for c in m.hands[s]), reverse=True)
    # the trick on the table
    ours = theirs = 0
    opp_played = 0
    for x, c in zip(m.trick_seats, m.trick_cards):
        st = STRENGTH[c]
        if x & 1 == team:
            ours = max(ours, st)
        else:
            theirs = max(theirs, st)
            opp_played += 1
    opp_left = opps - opp_played
    help_ = HELP[mates]
    win_now = WIN[opp_left]
    win_later = WIN[opps]

    probs = []
    if m.trick_seats:                       # the current trick, then the rest
        if s in m.trick_seats:
            best = ours
            rest = cls
        else:
            best = max(ours, cls[0]) if cls else ours
            rest = cls[1:]
        if best < theirs:
            p = help_ * 0.5
        elif best == theirs:
            p = 0.5 * win_now[best]
        else:
            p = win_now[best]
        probs.append(p)
    else:
        rest = cls
    for c in rest:
        p = win_later[c]
        probs.append(p + (1 - p) * help_)
    if not probs:
        return 0.5
    # the chance of the tricks still needed, from the results so far
    mano_us = m.mano & 1 == team
    if k == 0:
        if len(probs) >= 3:
            w1, w2, w3 = probs[0], probs[1], probs[2]
            p = w1 * w2 + w1 * w3 + w2 * w3 - 2 * w1 * w2 * w3
        else:
            p = probs[0]
        return min(1.0, p + (0.04 if mano_us else 0.0))
    if k == 1:
        a = res[0]
        if a > 0:
            return 1.0 - (1.0 - probs[0]) * (1.0 - (probs[1] if len(probs) > 1 else 0.0)) * 0.9
        if a < 0:
            return probs[0] * (probs[1] if len(probs) > 1 else 0.0)
        return probs[0]
    return probs[0]                          # the third trick decides


class Policy:
    """The playout policy: a club player, with noise."""

    # -- envido
    def envido_answer(self, m, s: int, legal: list, rng: random.Random) -> str:
        team = s & 1
        chain = m.env_chain
        env = m.env_val[s]
        need_them = m.target - m.score[1 - team]
        refused = ta.envido_refused_value(chain)
        if refused >= need_them:
            return ACCEPT
        # the price: what accepting risks against what refusing costs (a falta
        # worth the chico is accepted with a great envido only)
        worth = m._falta(1 - team) if "F" in chain else ta.envido_chain_value(chain, 0)
        stake = min(3.0, (worth - refused) / (2.0 * refused))
        thr = 24.0 + 1.5 * len(chain) + 2.0 * stake + rng.uniform(-2.5, 2.5)
        if m.mano & 1 == team:
            thr -= 1
        raises = [a for a in legal if a in ENV_KIND]
        if raises and env >= thr + 4 and rng.random() < 0.5:
            return rng.choice(raises)
        if env >= thr:
            return ACCEPT
        if chain == ("F",) or ("F" in chain and m.n == 2):
            # a falta may be a bluff: the better hands defend it as often as its
            # price asks, or a falta bluffed over any envido would win the small
            # pot every time (and a search modelling this seat would stake the
            # match on bluffs). A falta raised over the best of two or three
            # hands is seldom a bluff: this seat's own points do not defend it
            # (Hard vs Normal, the same seatings: 6p won 77.5 % without that
            # defence, 63.5 % with it; 4p 86.0 % and 81.0 %)
            if ENV_CDF[env] >= min(worth / (worth + refused), 0.9):
                return ACCEPT
        return REJECT

    def envido_open(self, m, s: int, legal: list, rng: random.Random) -> str | None:
        env = m.env_val[s]
        r = rng.random()
        if env >= 27 + rng.uniform(-2, 2):
            if env >= 30 and r < 0.3:
                return "call real envido"
            if env >= 32 and r < 0.4 and m._falta(s & 1) <= 8:
                return "call falta envido"
            return "call envido"
        if env < 22 and r < 0.1:
            return "call envido"              # a bluff
        return None

    # -- truco
    def truco_answer(self, m, s: int, legal: list, rng: random.Random) -> str:
        team = s & 1
        called = m.tr_call
        need_them = m.target - m.score[1 - team]
        if called - 1 >= need_them:
            return ACCEPT
        eq = equity(m, s)
        mates_out = all(not m.hands[x] for x in range(team, m.n, 2) if not m.folded[x])
        if mates_out:                          # the caller knows the result
            if eq >= 1.0:
                raise_ = TRUCO_CALL.get(called + 1)
                return raise_ if raise_ in legal else ACCEPT
            return REJECT
        thr = {2: 0.42, 3: 0.48, 4: 0.52}[called] + rng.uniform(-0.1, 0.1)
        if called >= need_them:
            thr += 0.08
        raise_ = TRUCO_CALL.get(called + 1)
        if raise_ in legal and eq > 0.8 and rng.random() < 0.6:
            return raise_
        return ACCEPT if eq >= thr else REJECT

    def truco_call(self, m, s: int, legal: list, rng: random.Random) -> str | None:
        level = m.level
        if level >= 4:
            return None
        call = TRUCO_CALL[level + 1]
        if call not in legal:
            return None
        team = s & 1
        if m.target - m.score[team] <= level:
            return None                        # the hand already ends the chico
        eq = equity(m, s)
        if eq >= 0.72 + rng.uniform(-0.08, 0.08):
            return call
        if 0.0 < eq < 0.3 and rng.random() < 0.1:
            return call                        # a bluff
        return None

    # -- flor
    def flor_answer(self, m, s: int, legal: list, rng: random.Random) -> str:
        fv = m.flor_val[s]
        thr = {0: 29, 1: 32, 2: 33}[m.flor_level] + rng.uniform(-2, 2)
        if fv >= 35 and "call contraflor" in legal and rng.random() < 0.5:
            return "call contraflor"
        if fv >= 36 and "call contraflor al resto" in legal and rng.random() < 0.3:
            return "call contraflor al resto"
        return ACCEPT if fv >= thr else REJECT

    # -- cards
    def card(self, m, s: int, rng: random.Random) -> str:
        hand = sorted(m.hands[s], key=STRENGTH.__getitem__)
        team = s & 1
        res = _results_for(m, team)
        if not m.trick_seats:                # leading
            if len(hand) == 3:
                r = rng.random()
                card = hand[1] if r < 0.5 else hand[0] if r < 0.8 else hand[2]
            elif len(hand) == 2:
                if res and res[0] > 0 and rng.random() < 0.6:
                    card = hand[0]
                else:
                    card = hand[1]
            else:
                card = hand[0]
            return PLAY[card]
        ours = theirs = 0
        for x, c in zip(m.trick_seats, m.trick_cards):
            st = STRENGTH[c]
            if x & 1 == team:
                ours = max(ours, st)
            else:
                theirs = max(theirs, st)
        n = m.n
        folded = m.folded
        played = m.trick_seats
        opp_after = sum(1 for x in range(1 - team, n, 2) if not folded[x] and x not in played)
        if ours > theirs and (opp_after == 0 or ours >= 10):
            return PLAY[hand[0]]
        beats = [c for c in hand if STRENGTH[c] > theirs]
        if beats:
            if opp_after and rng.random() < 0.5:
                return PLAY[beats[-1]]
            return PLAY[beats[0]]
        ties = [c for c in hand if STRENGTH[c] == theirs]
        if ties and (len(res) >= 1 or (len(hand) == 3 and STRENGTH[hand[-1]] >= 9)):
            return PLAY[ties[0]]
        return PLAY[hand[0]]

    # -- the whole decision
    def choose(self, m, rng: random.Random, legal: list | None = None) -> str:
        legal = legal if legal is not None else m.legal_actions()
        if len(legal) == 1:
            return legal[0]
        s = m.actor
        mode = m.mode
        if mode == ENVIDO_ANSWER:
            return self.envido_answer(m, s, legal, rng)
        if mode == TRUCO_ANSWER:
            if ENV_OPEN[0] in legal:
                opened = self.envido_open(m, s, legal, rng)
                if opened:
                    return opened
            return self.truco_answer(m, s, legal, rng)
        if mode == FLOR_ANSWER:
            return self.flor_answer(m, s, legal, rng)
        bet = self.bet(m, s, legal, rng)
        return bet or self.card(m, s, rng)

    def bet(self, m, s: int, legal: list, rng: random.Random) -> str | None:
        """A call on the play turn, or None to play a card."""
        if ENV_OPEN[0] in legal:
            opened = self.envido_open(m, s, legal, rng)
            if opened:
                return opened
        if m.level < 4 and (m.level == 1 or m.owner == s & 1):
            return self.truco_call(m, s, legal, rng)
        return None


POLICY = Policy()


class StrongPolicy(Policy):
    """A strong player's bets (:mod:`.truco_argentino_strong`, Hard's own in
    Hard-vs-Hard play, 2 players), its cards as the club player's. Where the
    tables have no cell, and where a rule forces the bet, it bets as the club
    player."""

    def envido_open(self, m, s: int, legal: list, rng: random.Random) -> str | None:
        context = open_context(m.mode == TRUCO_ANSWER, s == m.mano)
        k = draw("open", context, env_band(m.env_val[s]), rng.random())
        if k is None:
            return super().envido_open(m, s, legal, rng)
        return ENV_OPEN[k - 1] if k else None

    def envido_answer(self, m, s: int, legal: list, rng: random.Random) -> str:
        chain = m.env_chain
        if ta.envido_refused_value(chain) >= m.target - m.score[1 - (s & 1)]:
            return ACCEPT
        k = draw("envido", "".join(chain), env_band(m.env_val[s]), rng.random())
        if k is None:
            return super().envido_answer(m, s, legal, rng)
        answer = (REJECT, ACCEPT) + ENV_OPEN
        return answer[k] if answer[k] in legal else ACCEPT

    def truco_answer(self, m, s: int, legal: list, rng: random.Random) -> str:
        called = m.tr_call
        if called - 1 >= m.target - m.score[1 - (s & 1)]:
            return ACCEPT
        k = draw("answer", called, 0, rng.random(), len(m.hands[s]), equity(m, s))
        if k is None:
            return super().truco_answer(m, s, legal, rng)
        if k == 2:
            raise_ = TRUCO_CALL.get(called + 1)
            return raise_ if raise_ in legal else ACCEPT
        return ACCEPT if k else REJECT

    def truco_call(self, m, s: int, legal: list, rng: random.Random) -> str | None:
        level = m.level
        call = TRUCO_CALL.get(level + 1)
        if call not in legal or m.target - m.score[s & 1] <= level:
            return None
        k = draw("call", level + 1, 0, rng.random(), len(m.hands[s]), equity(m, s))
        if k is None:
            return super().truco_call(m, s, legal, rng)
        return call if k else None


STRONG_POLICY = StrongPolicy()


class TrucoArgentinoSearch(SearchGame):
    module = ta
    score_scale = 12.0
    hard_iterations = 3000
    expert_iterations = 9000
    # many worlds at two seats (see world_count): an envido bet turns on the
    # few hands that call it (one in ten calls a falta), and forty worlds often
    # held too few of them to price it
    hard_worlds = 400
    expert_worlds = 1500

    def __init__(self) -> None:
        self.level = "hard"      # what at_level set; Expert's differences are read off it in begin
        self._strong = 0.0       # this decision: the chance the other seat bets as a strong player
        self._honest = False     # this decision: its own envido bets are value bets
        self._cache_key = None
        self._knowledge: Knowledge | None = None
        self._rng = random.Random(0)
        self._seat = -1
        self._decision_rng = None
        self._base = None
        self._base_view = None

    def at_level(self, level: str) -> None:
        """With 2 players Expert allows that the other seat may bet as a strong
        player does (``strong``, :data:`STRONG_SHARE` of the time): in the
        tree and the playouts its bets come from :class:`StrongPolicy` that
        often, and its bets seen are weighed under both kinds of player and
        mixed (:class:`Knowledge`). With 4 players Expert bets the envido
        with points only (:meth:`_value_bets`) until the other team has shown
        it answers as club players do (:meth:`answers_like_club`). Hard keeps
        the club player and every bet."""
        self.level = level

    @property
    def strong(self) -> float:
        """The share of strong players this level allows for at a table of 2."""
        return STRONG_SHARE if self.level == "expert" else 0.0

    def begin(self, view: dict) -> None:
        """The tree learns whose decision it searches (:meth:`candidates`),
        whether the other seat may bet as a strong player (Expert, and only at
        a table of 2), whether its own envido bets are value bets (Expert, only
        at a table of 4, and while the other team has not shown that it answers
        as the club players the tree prices bluffs against): the one place
        those rules are kept; and its policy a
        generator seeded by the decision's place in the match. A
        level that deals worlds seeds it again from the decision's generator
        (:meth:`deal`); the cheat bot deals none, and keeps this one."""
        self._seat = view["seat"]
        self._strong = self.strong if view["players"] == 2 else 0.0
        self._honest = (self.level == "expert" and view["players"] == 4
                        and not self.answers_like_club(view))
        self._rng = random.Random(repr(self.view_key(view)))

    # ----- worlds -------------------------------------------------------------------
    @staticmethod
    def view_key(view: dict) -> tuple:
        return (view["seat"], view["deal_index"], len(view["actions"]), tuple(view["dealt"]),
                tuple(view["score"]), tuple(tuple(a) for a in view["actions"]))

    def knowledge(self, view: dict) -> Knowledge:
        key = (self.view_key(view), self._strong)     # the same view at another table reads otherwise
        if key != self._cache_key:
            self._knowledge = Knowledge(view, self._strong)
            self._cache_key = key
        return self._knowledge

    def deal(self, view: dict, rng: random.Random):
        k = self.knowledge(view)
        if rng is not self._decision_rng:
            # a new decision (each has its own generator): the tree's policy draws
            # from a generator seeded by it, so a choice depends on the view and
            # the bot's seed alone, also when bots share this adapter
            self._decision_rng = rng
            self._rng = random.Random(rng.random())
        hands = k.deal(rng)
        if hands is None:
            return None
        return {"hands": hands}, [a for _, a in view["actions"]]

    def world_count(self, view: dict, worlds: int) -> int:
        """Two seats keep their level's many worlds; four and six keep the
        search's usual forty: there a world costs the tree far more (three or
        five hidden hands), and the many would take Hard past 0.5 s and Expert
        past 1.5 s a decision."""
        return worlds if view["players"] == 2 else min(worlds, WORLDS)

    # ----- the tree ---------------------------------------------------------------------
    def candidates(self, match, legal: list[str]) -> list[str]:
        if len(legal) == 1:
            return legal
        mode = match.mode
        s = match.actor
        if s != self._seat:
            # other seats: bets and answers by the hand-aware policy, cards by the tree
            rng = self._rng
            policy = self._policy(match, rng)
            if mode != PLAY_TURN:
                return [policy.choose(match, rng, legal)]
            bet = policy.bet(match, s, legal, rng)
            if bet:
                return [bet]
            return self._cards(legal)
        if self._honest:
            legal = self._value_bets(match.env_val[s], legal)
        if mode != PLAY_TURN:
            return legal
        return self._cards(legal, keep_calls=True)

    # the least envido with which Expert, at a table of 4, makes each envido bet
    VALUE_BET = {"call envido": 26, "call real envido": 29, "call falta envido": 31}
    # the read of the other team's envido answers (answers_like_club): a share
    # of raises under CLUB_RAISES, counting PRIOR_RAISES raises in PRIOR_ANSWERS
    # answers before any is seen. Answering bets from a bluffing search, Normal
    # raised 6 of 104 and Hard 14 of 27 (seeded matches of 4, twelve and eight)
    CLUB_RAISES = 0.2
    PRIOR_RAISES, PRIOR_ANSWERS = 1, 4

    @classmethod
    def answers_like_club(cls, view: dict) -> bool:
        """Whether the other team has answered the envido, over the deals
        before this one, as the club players the tree prices bluffs against:
        a club player accepts or refuses and seldom raises. A team that raises
        turns a bluff into a lost falta, or a partner, reading the bluff as
        points, into a falta accepted with nothing; against it Expert keeps to
        value bets. It is read from the answers themselves, which every seat
        sees, so a match resumed from its file reads alike."""
        team = view["seat"] & 1
        theirs = [a for x, a in enumerate(view["envido_answers"]) if x & 1 != team]
        raised = sum(a[2] for a in theirs) + cls.PRIOR_RAISES
        answers = sum(sum(a) for a in theirs) + cls.PRIOR_ANSWERS
        return raised < cls.CLUB_RAISES * answers

    def root_candidates(self, view: dict, legal: list[str]) -> list[str] | None:
        if self._honest:
            return self._value_bets(view["envido_points"], legal)
        return None

    def _value_bets(self, env: int, legal: list[str]) -> list[str]:
        """Expert at a table of 4 opens and raises the envido with points only
        (until the other team answers as club players, :meth:`answers_like_club`).
        Its partner reads its bets as the club player's (:class:`Knowledge`),
        so a bluffed envido tells the partner of points that are not there: the
        partner then accepts a falta with nothing and stakes the match on them."""
        out = [a for a in legal if a not in ENV_KIND or env >= self.VALUE_BET[a]]
        return out or legal

    @staticmethod
    def _cards(legal: list[str], keep_calls: bool = False) -> list[str]:
        seen = set()
        out = []
        for a in legal:
            if a[0] == "p":
                cls = STRENGTH[CARD[a[5:]]]
                if cls in seen:
                    continue
                seen.add(cls)
                out.append(a)
            elif keep_calls and a != "fold":
                out.append(a)
        return out or legal

    # ----- playouts ---------------------------------------------------------------------
    def playout_action(self, match, rng: random.Random) -> str:
        return self._policy(match, rng).choose(match, rng)

    def _policy(self, match, rng: random.Random) -> Policy:
        """Whose bets the seat to act makes: the strong player's for another
        seat ``strong`` of the time (2 players, Expert), else the club
        player's (no draw without the table, so that Hard's playouts pay for
        none)."""
        if self._strong and match.actor != self._seat and rng.random() < self._strong:
            return STRONG_POLICY
        return POLICY

    # ----- values -----------------------------------------------------------------------
    def side(self, seat: int, match) -> int:
        return seat & 1

    def _chance(self, score, chicos_won, finished, winner) -> float:
        """Team 0's chance of winning the match."""
        if finished:
            return 1.0 if winner == 0 else 0.0
        return match_chance(self._players, self._target, self._chicos, score, chicos_won, 0)

    def _baseline(self, view: dict) -> tuple:
        opts = view["options"]
        self._players = view["players"]
        self._target = view["target"]
        self._chicos = opts.get("chicos", 1)
        score = view["score"]
        chicos = view["chicos"]
        u0 = match_chance(self._players, self._target, self._chicos, score, chicos, 0)
        a, b = score
        up = match_chance(self._players, self._target, self._chicos, [a + 2, b], chicos, 0)
        down = match_chance(self._players, self._target, self._chicos, [a, b + 2], chicos, 0)
        slope = max((up - down) / 4.0, 1e-4)
        return u0, slope

    def outcome(self, match, view: dict) -> tuple[list[float], list[float]]:
        if self._base_view is not view:
            self._base = self._baseline(view)
            self._base_view = view
        u0, slope = self._base
        start = view["score"]
        before = view["chicos"]
        if match.finished or match.chicos_won != before:
            # a chico ended in the playout: its winner's margin is what it needed
            if match.finished:
                won = match.winner
            else:
                won = 0 if match.chicos_won[0] != before[0] else 1
            margin0 = (self._target - start[won]) * (1 if won == 0 else -1)
        else:
            margin0 = (match.score[0] - start[0]) - (match.score[1] - start[1])
        u = self._chance(match.score, match.chicos_won, match.finished, match.winner)
        # linear in the chance of winning the match, in points of the current
        # score, up to ``score_scale`` points: a gamble that may lose the match
        # is not made cheap by a saturating utility
        eq0 = (u - u0) / slope
        r0 = 0.5 + 0.5 * max(-1.0, min(1.0, eq0 / self.score_scale))
        r0 = min(1.0, max(0.0, r0 + 0.002 * math.tanh(margin0 / 4.0)))
        rewards = []
        margins = []
        for s in range(match.players):
            if s & 1:
                rewards.append(1.0 - r0)
                margins.append(-margin0)
            else:
                rewards.append(r0)
                margins.append(margin0)
        return rewards, margins

    # ----- hints ------------------------------------------------------------------------------
    def explain(self, view: dict, stats) -> list[tuple[str, dict]]:
        """Why the most visited action, as ``hint.truco_argentino.<reason>`` keys:
        envido odds, hand odds, a refusal the bet expects, a caller who has seen
        all our cards, the partner's trick, the strongest card still out, the
        score near the end of the chico; read off the view and sampled worlds."""
        if not stats:
            return []
        best = stats[0].action
        seat = view["seat"]
        team = seat & 1
        rng = random.Random(f"explain/{view['deal_index']}/{len(view['actions'])}/{seat}")
        k = Knowledge(view)
        worlds = []
        for _ in range(40):
            hands = k.deal(rng)
            if hands is None:
                continue
            world = ta.Match.from_world(view, {"hands": hands}, [a for _, a in view["actions"]])
            if world.agrees_with(view):
                worlds.append(world)
        if not worlds:
            return []
        key = "hint.truco_argentino."
        reasons = []
        phase = view["phase"]
        ours_down = all(view["hand_sizes"][x] == 0 for x in range(team, view["players"], 2)
                        if x not in view["folded"])
        if best in ENV_KIND or phase == "envido":
            won = sum(self._envido_won(w, team) for w in worlds)
            reasons.append((key + "envido_odds", {"points": view["envido_points"],
                                                   "percent": round(100 * won / len(worlds))}))
        odds = 100
        if reasons:
            odds = reasons[0][1]["percent"]
        if phase == "truco" and ours_down:
            reasons.append((key + "result_known", {}))
        elif best in TRUCO_CALLS or phase == "truco" or best.startswith("play "):
            won = sum(self._hand_won(w, best, team, rng) for w in worlds)
            odds = round(100 * won / len(worlds))
            reasons.append((key + "hand_odds", {"percent": odds}))
        if (best in TRUCO_CALLS or best in ENV_KIND) and odds < 50:     # a bluff
            refused = 0
            for w in worlds:
                w2 = w.clone()
                w2.apply_fast(best)
                if not w2.deal_over_since(view["deal_index"]) and w2.to_act is not None:
                    refused += POLICY.choose(w2, rng) == REJECT
            pct = round(100 * refused / len(worlds))
            if pct >= 40:
                reasons.append((key + "refusal", {"percent": pct}))
        if best.startswith("play "):
            trick = view["trick"]
            mine = STRENGTH[CARD[best[5:]]]
            partner_holds = False
            if trick:
                top = max(trick, key=lambda sc: STRENGTH[CARD[sc[1]]])
                partner_holds = top[0] & 1 == team and top[0] != seat and \
                    STRENGTH[CARD[top[1]]] > max((STRENGTH[CARD[c]] for s, c in trick if s & 1 != team),
                                                 default=0)
            if partner_holds:
                reasons.append((key + "partner_holds", {"card": best[5:]}))
            else:
                unseen = [c for c in k.pool if c not in [CARD[x] for x in view["hand"]]]
                if unseen:
                    top = max(unseen, key=STRENGTH.__getitem__)
                    if STRENGTH[top] > mine:
                        reasons.append((key + "card_out", {"card": NAMES[top]}))
        need_us = view["target"] - view["score"][team]
        need_them = view["target"] - view["score"][1 - team]
        if min(need_us, need_them) <= 5:
            reasons.append((key + "near_target", {"points": need_us, "them": need_them}))
        return reasons[:4]

    @staticmethod
    def _envido_won(world, team: int) -> bool:
        order = world._order_from_mano()
        best = max(order, key=lambda x: (world.env_val[x], -order.index(x)))
        return best & 1 == team

    @staticmethod
    def _hand_won(world, action: str, team: int, rng: random.Random) -> bool:
        """Play ``action`` and the rest of the deal by the policy: does ``team`` win the hand?"""
        w = world.clone()
        got = []

        def listen(event):
            if event.kind in ("hand won", "team left"):
                got.append(event.data["team"])
            elif event.kind == "refused" and event.data.get("call") in ("truco", "retruco",
                                                                         "vale cuatro"):
                got.append(event.data["team"])
        w.listeners.append(listen)
        deal = w.deal_index
        if action in w.legal_actions():
            w.apply_fast(action)
        steps = 0
        while not got and not w.deal_over_since(deal) and steps < 60:
            w.apply_fast(POLICY.choose(w, rng))
            steps += 1
        return bool(got) and got[0] == team
