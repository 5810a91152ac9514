"""Truco Argentino: the Spanish 40-card deck, envido, flor and the truco bet.

Rules: ``shared/rules/truco_argentino.md`` (sections are cited as §n). Cards
are ints of :data:`DECK` (ranks in the contract's order ``1 2 3 4 5 6 7 10 11
12``, so ``id = suit * 10 + rank index``); trick strength is the rank class of
§2, precomputed per id in :data:`STRENGTH`, and point values for envido/flor
in :data:`POINT`.

The deal is a small state machine (§4). ``mode`` says what the seat to act
(``actor``) is doing: its play turn, answering a truco-family call, answering
an envido chain, a compulsory ``call flor``, or answering a flor contest. A
pending truco call survives an envido chain or a flor that interrupts it
(``tr_call`` stays set) and resumes afterwards; the play turn (``turn``)
survives everything.

Choices where the rules page is silent (also in the module's tests):

- Envido/flor declarations: a later seat states its value when it is strictly
  higher than the best value the other team has stated so far (vacuously so
  when the other team has stated nothing yet, which only folds can cause);
  otherwise it says "son buenas". Flor values in an accepted contest are
  declared the same way, among the flor holders only.
- Which seats hold a flor becomes public when the flor is called (they all
  count as declared, §8); their flor values only if stated in a contest.
- Nothing of a hand is shown at the end of a deal (§7: no show-your-cards step).
- A folded seat's cards leave its hand face down (``mucked``): nobody sees them.
"""
from __future__ import annotations

from game.engine.cards import SPANISH_RANKS, SPANISH_SUITS, Deck
from game.engine.scripted import check_keys, parse_hands
from game.engine.match import Match as BaseMatch
from game.engine.options import Option

GAME_ID = "truco_argentino"
PLAYERS = (2, 4, 6)
DEFAULT_PLAYERS = 2


OPTIONS = (
    Option("target", int, 30, choices=(30, 15), min=15, max=30),
    Option("falta_envido", str, "leader", choices=("leader", "malas_buenas")),
    Option("flor", bool, False),
    Option("chicos", int, 1, choices=(1, 3), min=1, max=3),
    Option("fold_scope", str, "player", choices=("player", "team"), players=(4, 6)),
    Option("mazo_extra_point", bool, False),
)

VERBS = """\
play <card>               play that card from your hand, e.g. play 1E
call envido               open or raise the envido (also: call real envido, call falta envido)
call real envido
call falta envido
call truco                open the truco bet; then call retruco, call vale cuatro
call retruco
call vale cuatro
call flor                 flor option only: declare the flor (compulsory with a flor)
call contraflor           flor option only: answer or raise a flor contest
call contraflor al resto  flor option only
accept                    quiero / con flor quiero
reject                    no quiero / con flor me achico
fold                      irse al mazo"""

DECK = Deck("spanish-40", SPANISH_RANKS, SPANISH_SUITS)
NAMES = DECK.names
SUITS = DECK.suits
PER_SUIT = 10
SUIT = tuple(c // PER_SUIT for c in range(40))
POINT = tuple((1, 2, 3, 4, 5, 6, 7, 0, 0, 0)[c % PER_SUIT] for c in range(40))


def _rank_class(name: str) -> int:
    rank, suit = name[:-1], name[-1]
    if rank == "1":
        return {"E": 14, "B": 13}.get(suit, 8)
    if rank == "7":
        return {"E": 12, "O": 11}.get(suit, 4)
    return {"3": 10, "2": 9, "12": 7, "11": 6, "10": 5, "6": 3, "5": 2, "4": 1}[rank]


STRENGTH = tuple(_rank_class(n) for n in NAMES)     # §2 rank class, 1..14


def envido_value(hand) -> int:
    """§2 envido of three dealt cards (ints): 20 + the two best of a suit, or
    the best single point value."""
    a, b, c = hand
    pa, pb, pc = POINT[a], POINT[b], POINT[c]
    sa, sb, sc = SUIT[a], SUIT[b], SUIT[c]
    best = -1
    if sa == sb:
        best = 20 + pa + pb
    if sa == sc and 20 + pa + pc > best:
        best = 20 + pa + pc
    if sb == sc and 20 + pb + pc > best:
        best = 20 + pb + pc
    if best < 0:
        best = max(pa, pb, pc)
    return best


def flor_value(hand) -> int:
    """Flor value (20 + the three point values) or -1 without three of a suit."""
    a, b, c = hand
    if SUIT[a] == SUIT[b] == SUIT[c]:
        return 20 + POINT[a] + POINT[b] + POINT[c]
    return -1


def envido_of(names) -> int:
    """:func:`envido_value` of card strings."""
    return envido_value([DECK.card(n) for n in names])


def flor_of(names) -> int:
    """:func:`flor_value` of card strings."""
    return flor_value([DECK.card(n) for n in names])


# ----- action strings, parsed once ---------------------------------------------
PLAY = tuple("play " + n for n in NAMES)
FOLD = "fold"
ACCEPT = "accept"
REJECT = "reject"
CALL_FLOR = "call flor"
CONTRAFLOR = "call contraflor"
AL_RESTO = "call contraflor al resto"
TRUCO_CALL = {2: "call truco", 3: "call retruco", 4: "call vale cuatro"}
TRUCO_NAME = {1: "none", 2: "truco", 3: "retruco", 4: "vale cuatro"}
ENV_CALL = {"E": "call envido", "R": "call real envido", "F": "call falta envido"}
ENV_NAME = {"E": "envido", "R": "real envido", "F": "falta envido"}
ENV_OPEN = (ENV_CALL["E"], ENV_CALL["R"], ENV_CALL["F"])
FLOR_NAME = ("flor", "contraflor", "contraflor al resto")

A_PLAY, A_FOLD, A_TRUCO, A_ENV, A_ACCEPT, A_REJECT, A_FLOR, A_CFLOR = range(8)
ACTIONS: dict[str, tuple[int, object]] = {FOLD: (A_FOLD, None), ACCEPT: (A_ACCEPT, None),
                                          REJECT: (A_REJECT, None), CALL_FLOR: (A_FLOR, None),
                                          CONTRAFLOR: (A_CFLOR, 1), AL_RESTO: (A_CFLOR, 2)}
ACTIONS.update({PLAY[c]: (A_PLAY, c) for c in range(40)})
ACTIONS.update({s: (A_TRUCO, lvl) for lvl, s in TRUCO_CALL.items()})
ACTIONS.update({s: (A_ENV, k) for k, s in ENV_CALL.items()})

# §7 legal raises of an envido chain, and its values
ENV_RAISES = {
    ("E",): ENV_OPEN,
    ("E", "E"): (ENV_CALL["R"], ENV_CALL["F"]),
    ("R",): (ENV_CALL["F"],),
    ("E", "R"): (ENV_CALL["F"],),
    ("E", "E", "R"): (ENV_CALL["F"],),
}
ENV_WORTH = {"E": 2, "R": 3}

# Legal lists that do not depend on the hand
_TRUCO_ANSWERS = {2: (ACCEPT, REJECT, TRUCO_CALL[3]), 3: (ACCEPT, REJECT, TRUCO_CALL[4]),
                  4: (ACCEPT, REJECT)}
_FLOR_ANSWERS = ((ACCEPT, REJECT, CONTRAFLOR, AL_RESTO), (ACCEPT, REJECT, AL_RESTO),
                 (ACCEPT, REJECT))

# Modes of a deal (what the seat to act is doing)
PLAY_TURN, TRUCO_ANSWER, ENVIDO_ANSWER, FLOR_MUST, FLOR_ANSWER, OVER = range(6)
MODE_NAMES = ("play", "truco", "envido", "call flor", "flor", "over")

# Envido state of a deal
ENV_NONE, ENV_PENDING, ENV_ACCEPTED, ENV_REFUSED, ENV_FLOR = range(5)
ENV_STATE_NAMES = ("none", "pending", "accepted", "refused", "cancelled")


def envido_chain_value(chain, falta: int) -> int:
    """Accepted value of an envido chain (``falta`` stands in for F)."""
    if "F" in chain:
        return falta
    return sum(ENV_WORTH[k] for k in chain)


def envido_refused_value(chain) -> int:
    """§7: 1 for a single call, else the accepted value without the last call."""
    if len(chain) == 1:
        return 1
    return sum(ENV_WORTH[k] for k in chain[:-1])


def parse_setup(players: int, entry: dict, options: dict, where: str) -> dict:
    """A scripted deal: ``hands``, three cards per seat, no card twice."""
    check_keys(entry, ("hands",), where, "Truco")
    return {"hands": parse_hands(DECK, entry.get("hands"), players, 3, where)}


_RANGE40 = range(40)


class Match(BaseMatch):
    """A match of Truco Argentino: one chico, or the best of three."""

    game_id = GAME_ID
    deck = DECK
    game_name = "Truco Argentino"
    player_counts = PLAYERS
    default_players = DEFAULT_PLAYERS
    option_rows = OPTIONS
    # dealt, env_val, flor_val and the chains are never mutated in place
    clone_lists = ("chicos_won", "folded", "mucked", "alive", "trick_cards", "trick_seats", "results",
                   "history", "env_declared", "flor_declared", "points", "calls", "env_answers")
    clone_nested = ("hands",)

    def _take_options(self) -> None:
        opts = self.options
        self.target = opts["target"]
        self.flor_option = opts["flor"]
        self.team_fold = opts["fold_scope"] == "team"
        self.extra_point = opts["mazo_extra_point"]
        self.malas_buenas = opts["falta_envido"] == "malas_buenas" and self.target == 30
        self.chicos = opts["chicos"]
        self.chicos_won = [0, 0]
        self.no_flor = (-1,) * self.players
        # every envido answer of the match, three to a seat: accepted, refused,
        # raised; ``env_answers_before`` is its copy at the start of the deal,
        # which the view shows (this deal's answers are in its calls)
        self.env_answers = [0] * (3 * self.players)
        self.env_answers_before: tuple = tuple(self.env_answers)

    def score_size(self) -> int:
        return 2

    def restore_match_state(self, view: dict) -> None:
        """Search's worlds: the score and the chicos won so far (§10). The
        deal is replayed from its start, so the score is taken as it was before
        it (the view's score less what this deal has scored: envido, flor)."""
        super().restore_match_state(view)
        self.score = [view["score"][t] - view["points"][t] for t in (0, 1)]
        self.chicos_won = list(view["chicos"])
        self.env_answers = [n for answers in view["envido_answers"] for n in answers]

    # ----- dealing ----------------------------------------------------------
    def shuffled_setup(self, rng) -> dict:
        n = self.players
        cards = rng.sample(_RANGE40, 3 * n)
        first = self.dealer + 1
        # one card at a time, starting with the seat after the dealer (§3)
        hands = [cards[(s - first) % n::n] for s in range(n)]
        return {"hands": hands}

    def setup_to_strings(self, setup: dict) -> dict:
        return {"hands": [[NAMES[c] for c in hand] for hand in setup["hands"]]}

    def _start_deal(self, setup: dict) -> None:
        n = self.players
        self.n = n
        self.mano = mano = (self.dealer + 1) % n
        self.env_answers_before = tuple(self.env_answers)
        dealt = setup["hands"]
        self.hands = [list(h) for h in dealt]
        self.dealt = [tuple(h) for h in dealt]
        self.env_val = [envido_value(h) for h in dealt]
        if self.flor_option:
            self.flor_val = [flor_value(h) for h in dealt]
            self.flor_open = max(self.flor_val) >= 0
        else:
            self.flor_val = self.no_flor
            self.flor_open = False
        self.folded = [False] * n
        self.any_folded = False
        self.mucked: list[int] = []
        self.alive = [n >> 1, n >> 1]
        self.trick_no = 0
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.results: list[int] = []          # winning team per trick, -1 = parda
        self.history: list[tuple] = []        # (cards, seats, winning seat or -1)
        self.turn = mano
        self.level = 1                        # accepted truco value
        self.owner = -1                       # team that may raise (accepted the level)
        self.tr_call = 0                      # pending truco-family call (level), 0 = none
        self.tr_caller = -1
        self.tr_resp = -1
        self.env_chain: tuple = ()
        self.env_state = ENV_NONE
        self.env_caller = -1
        self.env_resp = -1
        self.env_declared: list = []
        self.env_winner = -1
        self.env_points = 0
        self.flor_holders: tuple = ()
        self.flor_level = -1                  # contest level, -1 = no contest pending
        self.flor_caller = -1
        self.flor_resp = -1
        self.flor_team = -1                   # declaring team
        self.flor_cf = False                  # a contraflor was called
        self.flor_declared: list = []
        self.flor_winner = -1
        self.flor_points = 0
        self.hand_winner = -1
        self.points = [0, 0]
        self.calls: list = []
        self.end_reason = None
        self.emit_dealt(mano, dealt)
        self.mode = PLAY_TURN
        self.actor = mano
        if self.flor_open and self.flor_val[mano] >= 0:
            self.mode = FLOR_MUST

    # ----- whose turn, what is legal ----------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.finished:
            return None
        return self.actor

    def _legal(self) -> list[str]:
        mode = self.mode
        s = self.actor
        if mode == PLAY_TURN:
            acts = [PLAY[c] for c in self.hands[s]]
            acts.append(FOLD)
            level = self.level
            if level == 1:
                acts.append("call truco")
                if self.trick_no == 0 and self.env_state == ENV_NONE:
                    acts.extend(ENV_OPEN)
            elif level < 4 and self.owner == s & 1:
                acts.append(TRUCO_CALL[level + 1])
            return acts
        if mode == TRUCO_ANSWER:
            acts = list(_TRUCO_ANSWERS[self.tr_call])
            if self.tr_call == 2 and self.trick_no == 0 and self.env_state == ENV_NONE \
                    and len(self.hands[s]) == 3:
                acts.extend(ENV_OPEN)
            return acts
        if mode == ENVIDO_ANSWER:
            acts = [ACCEPT, REJECT]
            acts.extend(ENV_RAISES.get(self.env_chain, ()))
            return acts
        if mode == FLOR_MUST:
            return [CALL_FLOR]
        if mode == FLOR_ANSWER:
            return list(_FLOR_ANSWERS[self.flor_level])
        return []

    def _why_illegal(self, action: str) -> tuple[str, str, dict]:
        parsed = ACTIONS.get(action)
        if parsed is None:
            return ("not a Truco action", "unknown_action", {})
        code, arg = parsed
        s = self.actor
        mode = self.mode
        team = s & 1
        if mode == FLOR_MUST:
            return (f"seat {s} holds a flor and must call flor first", "must_call_flor", {"seat": s})
        if code == A_FLOR:
            if not self.flor_option:
                return ("flor is not played (option flor is off)", "flor_off", {})
            if self.flor_holders:
                return ("the flor has already been called in this deal", "flor_called", {})
            return (f"seat {s} does not hold a flor", "no_flor", {"seat": s})
        if code == A_CFLOR:
            if not self.flor_option:
                return ("flor is not played (option flor is off)", "flor_off", {})
            if mode != FLOR_ANSWER:
                return ("a contraflor only answers a flor", "no_flor_contest", {})
            return ("only contraflor al resto may follow a contraflor", "flor_raise_order", {})
        if mode == FLOR_ANSWER:
            return ("a flor is pending: answer it first", "answer_flor", {})
        if mode == ENVIDO_ANSWER:
            if code == A_ENV:
                chain = self.env_chain
                if chain[-1] == "F":
                    return ("nothing may follow falta envido", "envido_after_falta", {})
                if arg == "E":
                    return ("envido may be said at most twice, before any other kind",
                            "envido_twice", {})
                return ("real envido may be said only once", "real_envido_once", {})
            if code == A_TRUCO:
                return ("an envido is pending: answer it first", "answer_envido", {})
            return ("an envido is pending: answer it first (reject to refuse)", "answer_envido", {})
        if mode == TRUCO_ANSWER:
            called = TRUCO_NAME[self.tr_call]
            if code == A_ENV:
                reason = self._envido_closed(s, answering=True)
                if reason:
                    return reason
            if code == A_TRUCO:
                if arg <= self.tr_call:
                    return (f"{called} is already called: accept, reject or raise", "already_called",
                            {"call": called})
                return (f"the only raise now is {TRUCO_NAME[self.tr_call + 1]}", "raise_next_level",
                        {"call": TRUCO_NAME[self.tr_call + 1]})
            return (f"a {called} is pending: answer it first (reject to refuse)", "answer_truco",
                    {"call": called})
        # the play turn, nothing pending
        if code == A_PLAY:
            return (f"seat {s} does not hold {NAMES[arg]}", "not_in_hand", {"card": NAMES[arg]})
        if code == A_ACCEPT or code == A_REJECT:
            return ("there is no call to answer", "nothing_to_answer", {})
        if code == A_TRUCO:
            if arg == 2:
                return ("truco has already been called in this deal", "truco_called", {})
            if self.level == arg - 1 and self.owner != team:
                return ("only the team that accepted may raise", "raise_own_bet", {})
            if self.level >= arg:
                return (f"{TRUCO_NAME[arg]} has already been accepted", "already_accepted",
                        {"call": TRUCO_NAME[arg]})
            return (f"{TRUCO_NAME[arg]} must follow an accepted {TRUCO_NAME[arg - 1]}",
                    "raise_next_level", {"call": TRUCO_NAME[arg]})
        if code == A_ENV:
            reason = self._envido_closed(s, answering=False)
            if reason:
                return reason
        return ("not one of the legal actions now", "not_legal", {})

    def _envido_closed(self, s: int, answering: bool):
        if self.flor_holders:
            return ("the flor has cancelled the envido", "envido_flor", {})
        if self.env_state != ENV_NONE:
            return ("envido has already been called in this deal", "envido_called", {})
        if self.level > 1:
            return ("envido is closed once a truco has been accepted", "envido_truco", {})
        if self.trick_no > 0:
            return ("envido closes after the first trick", "envido_trick", {})
        if answering:
            if self.tr_call != 2:
                return ("envido está primero only answers a first truco", "envido_primero", {})
            if len(self.hands[s]) < 3:
                return ("a seat that has played may not open envido", "envido_played", {})
        return None

    # ----- applying actions -------------------------------------------------
    def _apply(self, action: str) -> None:
        code, arg = ACTIONS[action]
        s = self.actor
        if code == A_PLAY:
            self._play(s, arg)
            return
        self.calls.append((s, action))
        mode = self.mode
        if code == A_ACCEPT:
            if mode == TRUCO_ANSWER:
                self._accept_truco(s)
            elif mode == ENVIDO_ANSWER:
                self._accept_envido(s)
            else:
                self._accept_flor(s)
        elif code == A_REJECT:
            if mode == TRUCO_ANSWER:
                self._reject_truco(s)
            elif mode == ENVIDO_ANSWER:
                self._reject_envido(s)
            else:
                self._reject_flor(s)
        elif code == A_TRUCO:
            self._call_truco(s, arg)
        elif code == A_ENV:
            self._call_envido(s, arg)
        elif code == A_FOLD:
            self._fold(s)
        elif code == A_FLOR:
            self._call_flor(s)
        else:
            self._raise_flor(s, arg)

    def _to(self, mode: int, seat: int) -> None:
        """Hand the action to ``seat``; a seat with an undeclared flor must call it (§8)."""
        if self.flor_open and self.flor_val[seat] >= 0:
            mode = FLOR_MUST
        self.mode = mode
        self.actor = seat

    def _resume(self) -> None:
        """After an envido chain or a flor: the interrupted truco call or play turn (§4)."""
        if self.tr_call:
            self._to(TRUCO_ANSWER, self.tr_resp)
        else:
            self._to(PLAY_TURN, self.turn)

    def _responder(self, s: int) -> int:
        """The first non-folded seat of the other team after ``s``."""
        n = self.n
        if n == 2:
            return 1 - s
        folded = self.folded
        for i in range(1, n, 2):             # seats of the other team are at odd distance
            x = (s + i) % n
            if not folded[x]:
                return x
        raise AssertionError("no opponent left")

    def _add(self, team: int, points: int) -> bool:
        """Score ``points`` for ``team`` now; True when that ends the chico."""
        self.points[team] += points
        self.score[team] += points
        return self.score[team] >= self.target

    # ----- cards and tricks -------------------------------------------------
    def _play(self, s: int, card: int) -> None:
        self.hands[s].remove(card)
        cards = self.trick_cards
        seats = self.trick_seats
        cards.append(card)
        seats.append(s)
        if self.record or self.listeners:
            self.emit("played", s, card=NAMES[card])
        if self.n == 2 and not self.any_folded:
            if len(cards) == 2:
                self._decide_trick()
            else:
                self.turn = 1 - s
                self._to(PLAY_TURN, 1 - s)
            return
        nxt = self._next_to_play(s)
        if nxt < 0:
            self._decide_trick()
        else:
            self.turn = nxt
            self._to(PLAY_TURN, nxt)

    def _next_to_play(self, s: int) -> int:
        """The next non-folded seat after ``s`` that has not played to this trick (-1: none)."""
        n = self.n
        folded = self.folded
        seats = self.trick_seats
        for i in range(1, n):
            x = (s + i) % n
            if folded[x]:
                continue
            return -1 if x in seats else x
        return -1

    def _decide_trick(self) -> None:
        cards = self.trick_cards
        seats = self.trick_seats
        best = -1
        wseat = -1
        wteam = -1
        parda = False
        for i in range(len(cards)):
            st = STRENGTH[cards[i]]
            if st > best:
                best = st
                wseat = seats[i]
                wteam = wseat & 1
                parda = False
            elif st == best and seats[i] & 1 != wteam:
                parda = True
        trick = self.trick_no
        results = self.results
        if parda:
            results.append(-1)
            self.history.append((tuple(cards), tuple(seats), -1))
            if self.record or self.listeners:
                self.emit("parda", None, trick=trick + 1)
            leader = seats[0]
        else:
            results.append(wteam)
            self.history.append((tuple(cards), tuple(seats), wseat))
            if self.record or self.listeners:
                self.emit("trick won", wseat, trick=trick + 1, team=wteam)
            leader = wseat
        # §5: is the hand decided?
        winner = -1
        if trick == 1:
            a, b = results
            if a < 0:
                winner = b
            elif b < 0 or b == a:
                winner = a
        elif trick == 2:
            c = results[2]
            if c >= 0:
                winner = c
            elif results[0] >= 0:
                winner = results[0]
            else:
                winner = self.mano & 1
        if winner >= 0:
            self.hand_winner = winner
            if self.record or self.listeners:
                self.emit("hand won", None, team=winner, points=self.level)
            self._add(winner, self.level)
            self._close_deal("hand")
            return
        self.trick_no = trick + 1
        self.trick_cards = []
        self.trick_seats = []
        if self.folded[leader]:
            leader = self._next_alive(leader)
        self.turn = leader
        self._to(PLAY_TURN, leader)

    def _next_alive(self, s: int) -> int:
        n = self.n
        for i in range(1, n):
            x = (s + i) % n
            if not self.folded[x]:
                return x
        raise AssertionError("everybody folded")

    def _fold(self, s: int) -> None:
        team = s & 1
        if self.record or self.listeners:
            self.emit("went to the deck", s, team=team)
        leaving = [x for x in range(team, self.n, 2)] if (self.team_fold or self.n == 2) else [s]
        for x in leaving:
            if not self.folded[x]:
                self.folded[x] = True
                self.alive[team] -= 1
                self.mucked.extend(self.hands[x])
                self.hands[x] = []
        self.any_folded = True
        if self.alive[team] == 0:
            other = 1 - team
            points = self.level
            if self.extra_point and self.trick_no == 0 and self.env_state == ENV_NONE \
                    and not self.flor_holders and self.level == 1:
                points += 1
            if self.record or self.listeners:
                self.emit("team left", None, left=team, team=other, points=points)
            self.hand_winner = other
            self._add(other, points)
            self._close_deal("fold")
            return
        nxt = self._next_to_play(s) if self.trick_seats else self._next_alive(s)
        if nxt < 0:
            self._decide_trick()
        else:
            self.turn = nxt
            self._to(PLAY_TURN, nxt)

    # ----- truco (§6) ---------------------------------------------------------
    def _call_truco(self, s: int, level: int) -> None:
        if self.mode == TRUCO_ANSWER:              # "quiero retruco": accept, then raise
            self.level = self.tr_call
            self.owner = s & 1
            if self.record or self.listeners:
                self.emit("accepted", s, call=TRUCO_NAME[self.tr_call], value=self.level)
        self.tr_call = level
        self.tr_caller = s
        self.tr_resp = self._responder(s)
        if self.record or self.listeners:
            self.emit("called", s, call=TRUCO_NAME[level])
        self._to(TRUCO_ANSWER, self.tr_resp)

    def _accept_truco(self, s: int) -> None:
        self.level = self.tr_call
        self.owner = s & 1
        self.tr_call = 0
        if self.record or self.listeners:
            self.emit("accepted", s, call=TRUCO_NAME[self.level], value=self.level)
        self._to(PLAY_TURN, self.turn)

    def _reject_truco(self, s: int) -> None:
        called = self.tr_call
        team = self.tr_caller & 1
        points = called - 1
        self.tr_call = 0
        if self.record or self.listeners:
            self.emit("refused", s, call=TRUCO_NAME[called], team=team, points=points)
        self.hand_winner = team
        self._add(team, points)
        self._close_deal("truco refused")

    # ----- envido (§7) --------------------------------------------------------
    def _call_envido(self, s: int, kind: str) -> None:
        opening = self.mode != ENVIDO_ANSWER
        if not opening:
            self.env_answers[3 * s + 2] += 1          # raised
        self.env_chain = self.env_chain + (kind,)
        self.env_state = ENV_PENDING
        self.env_caller = s
        if self.record or self.listeners:
            self.emit("called", s, call=ENV_NAME[kind])
        if opening and self.flor_open:               # §8: a flor holder must speak at once
            n = self.n
            for i in range(1, n):
                x = (s + i) % n
                if self.flor_val[x] >= 0 and not self.folded[x]:
                    self.mode = FLOR_MUST
                    self.actor = x
                    return
        self.env_resp = self._responder(s)
        self._to(ENVIDO_ANSWER, self.env_resp)

    def _falta(self, winner_team: int) -> int:
        score = self.score
        high = score[0] if score[0] >= score[1] else score[1]
        if self.malas_buenas and high <= 15:
            return self.target - score[winner_team]
        return self.target - high

    def _order_from_mano(self):
        n = self.n
        mano = self.mano
        folded = self.folded
        return [x for x in ((mano + i) % n for i in range(n)) if not folded[x]]

    def _showdown(self, kind: str, entries: list) -> tuple[int, list]:
        """Declare values in order from mano (§7); returns the winning seat and
        the public declarations ``[seat, value or "son buenas"]``."""
        best_stated = [-1, -1]
        wseat, wval = -1, -1
        declared = []
        emit = self.record or self.listeners
        for seat, value in entries:
            if value > wval:
                wseat, wval = seat, value
            team = seat & 1
            if value > best_stated[1 - team]:
                if value > best_stated[team]:
                    best_stated[team] = value
                declared.append([seat, value])
                if emit:
                    self.emit(kind + " declared", seat, points=value)
            else:
                declared.append([seat, "son buenas"])
                if emit:
                    self.emit("son buenas", seat, call=kind)
        return wseat, declared

    def _accept_envido(self, s: int) -> None:
        chain = self.env_chain
        self.env_answers[3 * s] += 1                  # accepted
        if self.record or self.listeners:
            self.emit("accepted", s, call=ENV_NAME[chain[-1]])
        env = self.env_val
        wseat, declared = self._showdown("envido", [(x, env[x]) for x in self._order_from_mano()])
        team = wseat & 1
        points = envido_chain_value(chain, self._falta(team) if chain[-1] == "F" else 0)
        self.env_state = ENV_ACCEPTED
        self.env_declared = declared
        self.env_winner = wseat
        self.env_points = points
        if self.record or self.listeners:
            self.emit("envido won", wseat, team=team, points=points, value=env[wseat])
        self._score_and_resume(team, points)

    def _reject_envido(self, s: int) -> None:
        chain = self.env_chain
        self.env_answers[3 * s + 1] += 1              # refused
        team = self.env_caller & 1
        points = envido_refused_value(chain)
        self.env_state = ENV_REFUSED
        self.env_points = points
        if self.record or self.listeners:
            self.emit("refused", s, call=ENV_NAME[chain[-1]], team=team, points=points)
        self._score_and_resume(team, points)

    def _score_and_resume(self, team: int, points: int) -> None:
        """An envido or flor scored: the deal ends if it wins the chico, else play resumes."""
        if self._add(team, points):
            self._close_deal("chico")
        else:
            self._resume()

    # ----- flor (§8) ----------------------------------------------------------
    def _call_flor(self, s: int) -> None:
        self.flor_open = False
        n = self.n
        holders = tuple(x for x in ((s + i) % n for i in range(n))
                        if self.flor_val[x] >= 0 and not self.folded[x])
        self.flor_holders = holders
        if self.env_state == ENV_PENDING or self.env_state == ENV_NONE:
            if self.env_state == ENV_PENDING and (self.record or self.listeners):
                self.emit("envido cancelled", None, call=ENV_NAME[self.env_chain[-1]])
            self.env_state = ENV_FLOR
        team = s & 1
        self.flor_team = team
        mine = sum(1 for x in holders if x & 1 == team)
        if self.record or self.listeners:
            self.emit("called", s, call="flor")
            for x in holders:
                self.emit("flor holder", x)
        if mine == len(holders):                    # uncontested: 3 per flor
            points = 3 * mine
            self.flor_points = points
            self.flor_winner = s
            if self.record or self.listeners:
                self.emit("flor won", s, team=team, points=points)
            self._score_and_resume(team, points)
            return
        self.flor_level = 0
        self.flor_caller = s
        self.flor_resp = self._flor_responder(s)
        self.mode = FLOR_ANSWER
        self.actor = self.flor_resp

    def _flor_responder(self, s: int) -> int:
        n = self.n
        team = s & 1
        holders = self.flor_holders
        for i in range(1, n):
            x = (s + i) % n
            if x & 1 != team and x in holders:
                return x
        raise AssertionError("no flor to answer")

    def _flor_stakes(self) -> tuple[int, int]:
        count = len(self.flor_holders)
        return 3 * count, 3 * count + 3

    def _raise_flor(self, s: int, level: int) -> None:
        if level == 1:
            self.flor_cf = True
        self.flor_level = level
        self.flor_caller = s
        if self.record or self.listeners:
            self.emit("called", s, call=FLOR_NAME[level])
        self.flor_resp = self._flor_responder(s)
        self.mode = FLOR_ANSWER
        self.actor = self.flor_resp

    def _accept_flor(self, s: int) -> None:
        level = self.flor_level
        self.flor_level = -1
        if self.record or self.listeners:
            self.emit("accepted", s, call=FLOR_NAME[level])
        holders = set(self.flor_holders)
        fv = self.flor_val
        entries = [(x, fv[x]) for x in self._order_from_mano() if x in holders]
        wseat, declared = self._showdown("flor", entries)
        team = wseat & 1
        if level == 2:
            points = self._falta(team)
        else:
            points = self._flor_stakes()[level]
        self.flor_declared = declared
        self.flor_winner = wseat
        self.flor_points = points
        if self.record or self.listeners:
            self.emit("flor won", wseat, team=team, points=points, value=fv[wseat])
        self._score_and_resume(team, points)

    def _reject_flor(self, s: int) -> None:
        level = self.flor_level
        self.flor_level = -1
        s0, s1 = self._flor_stakes()
        if level == 0:
            team = self.flor_team
            points = 3 * sum(1 for x in self.flor_holders if x & 1 == team)
        else:
            team = self.flor_caller & 1
            points = s0 if level == 1 or not self.flor_cf else s1
        self.flor_points = points
        self.flor_winner = -1
        if self.record or self.listeners:
            self.emit("refused", s, call=FLOR_NAME[level], team=team, points=points)
        self._score_and_resume(team, points)

    # ----- the end of a deal, a chico, the match (§10) ------------------------
    def _close_deal(self, reason: str) -> None:
        self.end_reason = reason
        self.mode = OVER
        score = self.score
        target = self.target
        chico = 0 if score[0] >= target else 1 if score[1] >= target else -1
        if self.record or self.listeners:
            self.emit("deal scored", None, points=list(self.points), score=list(score))
        winner = None
        if chico >= 0:
            if self.chicos == 1:
                winner = chico
                if self.record or self.listeners:
                    self.emit("chico won", None, team=chico, score=list(score))
            else:
                self.chicos_won[chico] += 1
                if self.record or self.listeners:
                    self.emit("chico won", None, team=chico, score=list(score),
                              chicos=list(self.chicos_won))
                if self.chicos_won[chico] >= 2:
                    winner = chico
                else:
                    score[0] = score[1] = 0
        self._end_deal((self.dealer + 1) % self.n, winner=winner)

    def deal_points(self) -> list[int]:
        return list(self.points)

    def deal_info(self, final: bool = False) -> dict:
        info: dict = {"mano": self.mano, "truco": self.level}
        if self.env_chain:
            info["envido"] = [ENV_NAME[k] for k in self.env_chain]
            info["envido_state"] = ENV_STATE_NAMES[self.env_state]
        if self.flor_holders:
            info["flor"] = list(self.flor_holders)
        if final:
            info["hand_winner"] = self.hand_winner if self.hand_winner >= 0 else None
            info["end"] = self.end_reason
        return info

    def match_info(self) -> dict:
        return {"chicos": list(self.chicos_won)} if self.chicos == 3 else {}

    # ----- what a seat sees ---------------------------------------------------
    def _view(self, seat: int) -> dict:
        names = NAMES
        before = self.env_answers_before
        tr = self.tr_call
        env_pending = self.env_state == ENV_PENDING
        flor_pending = self.flor_level >= 0
        return {
            "phase": MODE_NAMES[self.mode],
            "mano": self.mano,
            "team": seat & 1,
            "hand": [names[c] for c in self.hands[seat]],
            "dealt": [names[c] for c in self.dealt[seat]],
            "envido_points": self.env_val[seat],
            "flor_points": self.flor_val[seat] if self.flor_val[seat] >= 0 else None,
            "hand_sizes": [len(h) for h in self.hands],
            "folded": [x for x in range(self.n) if self.folded[x]],
            "turn": self.turn,
            "trick_number": self.trick_no,
            "trick": [[x, names[c]] for x, c in zip(self.trick_seats, self.trick_cards)],
            "tricks": [{"cards": [[x, names[c]] for x, c in zip(seats, cards)],
                        "winner": w if w >= 0 else None,
                        "team": w & 1 if w >= 0 else None}
                       for cards, seats, w in self.history],
            "truco": {
                "level": self.level,
                "raise_team": self.owner if self.owner >= 0 else None,
                "pending": TRUCO_NAME[tr] if tr else None,
                "caller": self.tr_caller if tr else None,
                "responder": self.tr_resp if tr else None,
            },
            "envido": {
                "chain": [ENV_NAME[k] for k in self.env_chain],
                "state": ENV_STATE_NAMES[self.env_state],
                "caller": self.env_caller if self.env_chain else None,
                "responder": self.env_resp if env_pending else None,
                "declared": [list(d) for d in self.env_declared],
                "winner": self.env_winner if self.env_winner >= 0 else None,
                "points": self.env_points,
            },
            "flor": {
                "holders": list(self.flor_holders),
                "level": FLOR_NAME[self.flor_level] if flor_pending else None,
                "caller": self.flor_caller if flor_pending else None,
                "responder": self.flor_resp if flor_pending else None,
                "declared": [list(d) for d in self.flor_declared],
                "winner": self.flor_winner if self.flor_winner >= 0 else None,
                "points": self.flor_points,
            },
            "calls": [[x, a] for x, a in self.calls],
            "points": list(self.points),
            "target": self.target,
            "chicos": list(self.chicos_won),
            # [accepted, refused, raised] per seat: the envido answers of the
            # deals before this one (public, as every call is)
            "envido_answers": [list(before[3 * x:3 * x + 3]) for x in range(self.n)],
        }
