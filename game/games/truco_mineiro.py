"""Truco Mineiro: French 40-card deck, fixed manilhas, 1v1 or pairs.

Rules: ``shared/rules/truco_mineiro.md`` (sections are cited as §n). Cards are
ints of :data:`DECK`, whose ranks are listed in truco order (``3 2 A K J Q 7 6
5 4``); the strength of a card is not a plain per-suit order because of the
four manilhas, so :data:`STRENGTH` holds the class (§2: 14 zap .. 1 the low
fours) of every card id.

Phases of a deal: ``DECIDE`` (a mão-de-dez decision is pending, §7), ``PLAY``
(tricks, with calls and answers) and ``OVER``. A pending call is
``self.pending`` (the step asked, 1 truco .. 4 doze; 0 = none), made by
``self.caller`` and answered by ``self.responder`` (the next seat, §4). The
seat whose play turn it is stays in ``self.turn`` while a call is pending.

A mão de ferro played blind (§7, ``blind_iron_hand``) hides every card
identity from every seat's view, the owner's included: the seat to act sees
``legal`` as positions (``play #0``, ``play #1``...) of its face-down cards and
:meth:`Match.apply` turns such a position into the card it names (the records
and the replay always name the card).
"""
from __future__ import annotations

import re

from game.engine.cards import FRENCH_SUITS, Deck
from game.engine.scripted import check_keys, parse_hands
from game.engine.match import Match as BaseMatch
from game.engine.options import Option

GAME_ID = "truco_mineiro"
PLAYERS = (2, 4)
DEFAULT_PLAYERS = 4
TARGET = 12
# A blind card position in "play #N": ASCII digits only (str.isdigit() also takes '²').
ASCII_POSITION = re.compile(r"[0-9]{1,2}")

OPTIONS = (
    Option("triple_tie", str, "dealer", choices=("dealer", "none")),
    Option("blind_iron_hand", bool, True),
)

VERBS = """\
play <card>         play a card from your hand, e.g. play 4C
call truco          ask for 4 (nothing called yet in this hand)
call seis           ask for 6 (also as the answer to a truco)
call dez            ask for 10 (also as the answer to a seis)
call doze           ask for 12 (also as the answer to a dez)
accept              accept the pending call / play the mão de dez
reject              run from the pending call / refuse the mão de dez"""

RANKS = ("3", "2", "A", "K", "J", "Q", "7", "6", "5", "4")
DECK = Deck("truco-mineiro", RANKS, FRENCH_SUITS)
N_CARDS = 40
NAMES = DECK.names

# §2 classes: ranks 3 2 A K J Q 7 6 5 4 -> 10 9 8 7 6 5 4 3 2 1, then the manilhas.
_RANK_CLASS = (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_MANILHAS = {"4C": 14, "7H": 13, "AS": 12, "7D": 11}
STRENGTH = tuple(_MANILHAS.get(NAMES[c], _RANK_CLASS[c % 10]) for c in range(N_CARDS))
MANILHA_NAMES = {14: "zap", 13: "copas", 12: "espadilha", 11: "pica-fumo"}

# The ladder (§5): step 0 = nothing called; CALLS[k] asks VALUES[k]; refusing
# CALLS[k] gives the caller's pair REFUSED[k] (the value before the call).
STEP_NAMES = ("", "truco", "seis", "dez", "doze")
VALUES = (2, 4, 6, 10, 12)
REFUSED = (0, 2, 4, 6, 10)
CALL = ("",) + tuple("call " + STEP_NAMES[k] for k in range(1, 5))
MAO_DE_DEZ_VALUE = 4
MAO_DE_DEZ_RUN = 2

PLAY = tuple("play " + name for name in NAMES)
BLIND_PLAY = tuple(f"play #{i}" for i in range(3))

# Parsed action strings: action -> (verb code, argument)
V_PLAY, V_CALL, V_ACCEPT, V_REJECT = range(4)
ACTIONS: dict[str, tuple[int, int]] = {"accept": (V_ACCEPT, 0), "reject": (V_REJECT, 0)}
ACTIONS.update({PLAY[c]: (V_PLAY, c) for c in range(N_CARDS)})
ACTIONS.update({CALL[k]: (V_CALL, k) for k in range(1, 5)})

# Phases and kinds of deal.
DECIDE, PLAY_PHASE, OVER = range(3)
PHASE_NAMES = ("mão de dez decision", "play", "over")
NORMAL, MAO_DE_DEZ, MAO_DE_FERRO = range(3)
SPECIAL_NAMES = (None, "mão de dez", "mão de ferro")
TIE = -1


def parse_setup(players: int, entry: dict, options: dict, where: str) -> dict:
    """A scripted deal: ``hands``, exactly 3 cards per seat, no card twice."""
    check_keys(entry, ("hands",), where, "Truco Mineiro")
    return {"hands": parse_hands(DECK, entry.get("hands"), players, 3, where)}


class Match(BaseMatch):
    """A match of Truco Mineiro to 12 points, 1v1 or two pairs."""

    game_id = GAME_ID
    deck = DECK
    game_name = "Truco Mineiro"
    player_counts = PLAYERS
    default_players = DEFAULT_PLAYERS
    option_rows = OPTIONS
    clone_lists = ("trick", "trick_seats", "history", "results", "calls", "points")
    clone_nested = ("hands",)
    clone_dicts = ("outcome",)

    def _take_options(self) -> None:
        self._triple_tie_dealer = self.options["triple_tie"] == "dealer"
        self._blind_option = self.options["blind_iron_hand"]

    def score_size(self) -> int:
        return 2

    # ----- dealing ----------------------------------------------------------
    def shuffled_setup(self, rng) -> dict:
        cards = list(range(N_CARDS))
        rng.shuffle(cards)
        n = self.players
        first = self.dealer + 1
        hands: list = [None] * n
        for i in range(n):                      # one card at a time from the seat after the dealer
            hands[(first + i) % n] = cards[i:3 * n:n]
        return {"hands": hands}

    def setup_to_strings(self, setup: dict) -> dict:
        return {"hands": [[NAMES[c] for c in hand] for hand in setup["hands"]]}

    def _start_deal(self, setup: dict) -> None:
        n = self.players
        hands = [list(h) for h in setup["hands"]]
        self.hands = hands
        dealt = set()
        for h in hands:
            dealt.update(h)
        self.stock = tuple(c for c in range(N_CARDS) if c not in dealt)   # the undealt cards
        self.mao = mao = (self.dealer + 1) % n
        self.turn = mao                 # whose play turn it is
        self.leader = mao
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.history: list = []         # (cards, seats, winning seat or None) per trick
        self.results: list[int] = []    # winning team of each trick, TIE for a tie
        self.level = 0                  # accepted step of the ladder
        self.value = 2                  # what the hand is worth now
        self.pending = 0                # step asked by a pending call, 0 = none
        self.caller = -1
        self.responder = -1
        self.last_team = -1             # pair whose call was last accepted (§5)
        self.calls: list = []           # public log of calls and answers: [seat, action]
        self.points = [0, 0]
        self.outcome: dict = {}
        self.blind = False
        self.dez_team = -1
        s0, s1 = self.score
        if s0 == 10 and s1 == 10:
            self.special = MAO_DE_FERRO
            self.blind = self._blind_option
            self.phase = PLAY_PHASE
            self.actor = mao
        elif s0 == 10 or s1 == 10:
            self.special = MAO_DE_DEZ
            self.dez_team = team = 0 if s0 == 10 else 1
            self.phase = DECIDE
            self.actor = mao if mao % 2 == team else (mao + 1) % n
        else:
            self.special = NORMAL
            self.phase = PLAY_PHASE
            self.actor = mao
        self.emit_dealt(mao, hands, counted=False, blind=self.blind)
        if self.record or self.listeners:
            if self.special == MAO_DE_DEZ:
                self.emit("mão de dez", self.actor, team=self.dez_team)
                if n == 4:
                    for seat in (self.dez_team, self.dez_team + 2):
                        partner = (seat + 2) % 4
                        self.emit("partner hand shown", seat, private_to=seat, hidden=("cards",),
                                  partner=partner, cards=[NAMES[c] for c in hands[partner]])
            elif self.special == MAO_DE_FERRO:
                self.emit("mão de ferro", None, blind=self.blind)

    # ----- whose turn, what is legal ----------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.finished else self.actor

    def may_raise(self) -> bool:
        """Whether the seat on its play turn may make the next call now (§5)."""
        return (self.special == NORMAL and self.pending == 0 and self.phase == PLAY_PHASE
                and self.level < 4 and self.turn % 2 != self.last_team)

    def _legal(self) -> list[str]:
        pending = self.pending
        if pending:
            if pending < 4:
                return ["accept", "reject", CALL[pending + 1]]
            return ["accept", "reject"]
        if self.phase != PLAY_PHASE:
            return ["accept", "reject"]
        turn = self.turn
        acts = [PLAY[c] for c in self.hands[turn]]
        if self.special == NORMAL and self.level < 4 and turn % 2 != self.last_team:
            acts.append(CALL[self.level + 1])
        return acts

    def _why_illegal(self, action: str) -> tuple[str, str, dict]:
        parsed = ACTIONS.get(action)
        if parsed is None:
            if action.startswith("play #"):
                if not self.blind:
                    return ("cards are face up: name the card, e.g. play 4C", "not_blind", {})
                return (f"there is no face-down card {action[5:]}", "no_such_position",
                        {"position": action[6:]})
            return ("not a Truco Mineiro action", "unknown_action", {})
        verb, arg = parsed
        phase = self.phase
        if phase == DECIDE:
            return ("the mão de dez decision comes first: accept or reject", "decision_pending", {})
        pending = self.pending
        if verb == V_PLAY:
            if pending:
                return (f"answer the {STEP_NAMES[pending]} first", "call_pending",
                        {"call": STEP_NAMES[pending]})
            return (f"seat {self.turn} does not hold {NAMES[arg]}", "not_in_hand", {"card": NAMES[arg]})
        if verb == V_CALL:
            if self.special == MAO_DE_DEZ:
                return ("no calls in a mão de dez", "no_calls_mao_de_dez", {})
            if self.special == MAO_DE_FERRO:
                return ("no calls in a mão de ferro", "no_calls_mao_de_ferro", {})
            if pending:
                if pending == 4:
                    return ("nothing is above doze", "max_value", {})
                nxt = STEP_NAMES[pending + 1]
                return (f"the only raise now is {nxt}", "wrong_step", {"call": nxt})
            if self.level == 4:
                return ("the hand is already worth 12", "max_value", {})
            if self.turn % 2 == self.last_team:
                return ("your pair asked last", "own_call", {})
            nxt = STEP_NAMES[self.level + 1]
            return (f"calls go one step at a time: the next is {nxt}", "wrong_step", {"call": nxt})
        return ("there is no call to answer", "nothing_to_answer", {})

    # ----- applying actions -------------------------------------------------
    def apply(self, action: str) -> None:
        if self.blind and action[:6] == "play #" and not self.finished:
            hand = self.hands[self.turn]
            pos = action[6:]
            if ASCII_POSITION.fullmatch(pos) and int(pos) < len(hand):
                action = PLAY[hand[int(pos)]]
        super().apply(action)

    def blind_legal(self) -> list[str]:
        """The seat to act's legal actions as a blind seat sees them (positions)."""
        return list(BLIND_PLAY[:len(self.hands[self.turn])])

    def _apply(self, action: str) -> None:
        verb, arg = ACTIONS[action]
        if verb == V_PLAY:
            self._play(arg)
        elif verb == V_CALL:
            self._call(arg)
        elif verb == V_ACCEPT:
            if self.phase == DECIDE:
                self._decide(True)
            else:
                self._accept()
        elif self.phase == DECIDE:
            self._decide(False)
        else:
            self._reject()

    def _call(self, step: int) -> None:
        rec = self.record or self.listeners
        if self.pending:                               # answer + raise: accept the pending value
            seat = self.responder
            self.level = self.pending
            self.value = VALUES[self.pending]
            self.last_team = self.caller % 2
            if rec:
                self.emit("accepted", seat, call=STEP_NAMES[self.pending], value=self.value)
        else:
            seat = self.turn
        self.pending = step
        self.caller = seat
        self.responder = self.actor = (seat + 1) % self.players
        self.calls.append([seat, CALL[step]])
        if rec:
            self.emit("called", seat, call=STEP_NAMES[step], value=VALUES[step])

    def _accept(self) -> None:
        step = self.pending
        self.level = step
        self.value = VALUES[step]
        self.last_team = self.caller % 2
        self.pending = 0
        self.calls.append([self.responder, "accept"])
        if self.record or self.listeners:
            self.emit("accepted", self.responder, call=STEP_NAMES[step], value=self.value)
        self.actor = self.turn

    def _reject(self) -> None:
        step = self.pending
        team = self.caller % 2
        self.calls.append([self.responder, "reject"])
        if self.record or self.listeners:
            self.emit("refused", self.responder, call=STEP_NAMES[step], team=team, points=REFUSED[step])
        self.pending = 0
        self._score(team, REFUSED[step], "refused " + STEP_NAMES[step])

    def _decide(self, play: bool) -> None:
        seat = self.actor
        self.calls.append([seat, "accept" if play else "reject"])
        if self.record or self.listeners:
            self.emit("mão de dez decision", seat, choice="accept" if play else "reject",
                      team=self.dez_team)
        if play:
            self.value = MAO_DE_DEZ_VALUE
            self.phase = PLAY_PHASE
            self.actor = self.turn
        else:
            self._score(1 - self.dez_team, MAO_DE_DEZ_RUN, "ran from the mão de dez")

    def _play(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        if self.record or self.listeners:
            self.emit("played", seat, card=NAMES[card])
        if len(trick) == self.players:
            self._resolve_trick()
        else:
            self.turn = self.actor = (seat + 1) % self.players

    def _resolve_trick(self) -> None:
        cards = self.trick
        seats = self.trick_seats
        best = -1
        win_seat = -1
        tied = False
        for i in range(len(cards)):
            s = STRENGTH[cards[i]]
            if s > best:
                best, win_seat, tied = s, seats[i], False
            elif s == best and (seats[i] - win_seat) % 2:   # the same class from the other pair
                tied = True
        rec = self.record or self.listeners
        results = self.results
        if tied:
            results.append(TIE)
            self.history.append((cards, seats, None))
            if rec:
                self.emit("trick tied", None, leader=self.leader, cards=[NAMES[c] for c in cards])
            nxt = self.leader
        else:
            team = win_seat % 2
            results.append(team)
            self.history.append((cards, seats, win_seat))
            if rec:
                self.emit("trick won", win_seat, team=team, cards=[NAMES[c] for c in cards])
            nxt = win_seat
        self.trick = []
        self.trick_seats = []
        # §6: is the hand decided?
        t = len(results)
        if t == 2:
            r0, r1 = results
            if r0 == r1 and r0 != TIE:
                return self._score(r0, self.value, "tricks")
            if r0 == TIE and r1 != TIE:
                return self._score(r1, self.value, "tricks")
            if r1 == TIE and r0 != TIE:
                return self._score(r0, self.value, "tricks")
        elif t == 3:
            r2 = results[2]
            if r2 != TIE:
                return self._score(r2, self.value, "tricks")
            if results[0] != TIE:
                return self._score(results[0], self.value, "tricks")
            if self._triple_tie_dealer:
                return self._score(self.dealer % 2, self.value, "three ties: the dealer's pair")
            return self._score(None, 0, "three ties: nobody scores")
        self.leader = self.turn = self.actor = nxt

    # ----- scoring ----------------------------------------------------------
    def _score(self, team: int | None, points: int, how: str) -> None:
        self.phase = OVER
        self.pending = 0
        winner = None
        if team is not None:
            self.points[team] = points
            self.score[team] += points
            if self.score[team] >= TARGET:
                winner = team
        self.outcome = {"won_by": team, "how": how}
        if self.record or self.listeners:
            self.emit("deal scored", None, team=team, points=list(self.points), how=how,
                      score=list(self.score))
        self._end_deal((self.dealer + 1) % self.players, winner=winner)

    def deal_points(self) -> list[int]:
        return list(self.points)

    def tricks_summary(self) -> list:
        return ["tie" if r == TIE else r for r in self.results]

    def deal_info(self, final: bool = False) -> dict:
        info = {"mao": self.mao, "value": self.value, "special": SPECIAL_NAMES[self.special],
                "tricks": self.tricks_summary()}
        if self.pending:
            info["pending"] = STEP_NAMES[self.pending]
        if final:
            info.update(self.outcome)
        return info

    # ----- what a seat sees ---------------------------------------------------
    def _view(self, seat: int) -> dict:
        names = NAMES
        blind = self.blind
        pending = self.pending
        view = {
            "phase": PHASE_NAMES[self.phase],
            "team": seat % 2,
            "mao": self.mao,
            "turn": self.turn,
            "leader": self.leader,
            "hand": [] if blind else [names[c] for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "blind": blind,
            "special": SPECIAL_NAMES[self.special],
            "mao_de_dez_team": self.dez_team if self.special == MAO_DE_DEZ else None,
            "value": self.value,
            "pending": ({"call": STEP_NAMES[pending], "value": VALUES[pending], "by": self.caller,
                         "responder": self.responder} if pending else None),
            "last_caller_team": self.last_team if self.last_team >= 0 else None,
            "may_raise": self.may_raise(),
            "calls": [list(c) for c in self.calls],
            "trick": [[s, names[c]] for s, c in zip(self.trick_seats, self.trick)],
            "tricks": [{"cards": [[s, names[c]] for s, c in zip(seats, cards)], "winner": w,
                        "team": None if w is None else w % 2}
                       for cards, seats, w in self.history],
        }
        if self.special == MAO_DE_DEZ and self.players == 4 and seat % 2 == self.dez_team \
                and self.phase != OVER:
            partner = (seat + 2) % 4
            view["partner_hand"] = [names[c] for c in self.hands[partner]]
        if blind and seat == self.to_act:
            view["legal"] = self.blind_legal()
        return view
