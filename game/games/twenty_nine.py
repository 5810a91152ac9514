"""Twenty-nine (29): four players in two teams, an auction, a hidden trump.

Rules: ``shared/rules/twenty_nine.md`` (sections are cited as §n). Cards are
ints of :data:`~game.engine.cards.TWENTY_NINE`, ranks strongest first
(``J 9 A 10 K Q 8 7``), so within a suit a lower id is a stronger card.
"""
from __future__ import annotations

from game.engine.cards import TWENTY_NINE
from game.engine.errors import MatchFileError
from game.engine.scripted import check_keys, parse_hands
from game.engine.match import Match as BaseMatch
from game.engine.options import Option, resolve_options
from game.engine.tricks import next_seat, team_of, winning_position

GAME_ID = "twenty_nine"
PLAYERS = (4,)
DEFAULT_PLAYERS = 4
MIN_BID = 16

OPTIONS = (
    Option("target", int, 6, min=1),
    Option("max_bid", int, 28, min=28, max=32),
    Option("partner_bidding", bool, True),
    Option("marriage_rule", str, "after-reveal", choices=("after-reveal", "after-reveal-trick")),
    Option("marriage_cap", bool, False),
    Option("caller_must_trump", bool, True),
    Option("last_trick_point", bool, False),
    Option("doubling", bool, True),
    Option("single_hand", bool, True),
)

VERBS = """\
bid <n>             open, challenge or hold in the auction, e.g. bid 17
pass                pass in the auction, the double, redouble or single-hand round
double              opponents of the bidder, double round
redouble            bidding team, after a double
choose-trump <suit> bidder names the hidden trump suit, e.g. choose-trump H
single-hand         declare a single hand (single-hand round)
reveal-trump        a player void in the suit led asks for the trump (before playing)
show-marriage       show K+Q of trumps (before playing)
play <card>         play a card, e.g. play JH"""

DECK = TWENTY_NINE
PER_SUIT = 8
SUITS = DECK.suits
POINTS = tuple((3, 2, 1, 1, 0, 0, 0, 0)[c % PER_SUIT] for c in range(32))
KING, QUEEN = 4, 5          # rank positions of K and Q in the strength order

PLAY = tuple("play " + name for name in DECK.names)
BID = {n: f"bid {n}" for n in range(0, 40)}
CHOOSE = tuple(f"choose-trump {s}" for s in SUITS)

# Parsed action strings: action -> (verb, argument)
ACTIONS: dict[str, tuple[str, object]] = {"pass": ("pass", None), "double": ("double", None),
                                          "redouble": ("redouble", None),
                                          "single-hand": ("single-hand", None),
                                          "reveal-trump": ("reveal-trump", None),
                                          "show-marriage": ("show-marriage", None)}
ACTIONS.update({PLAY[c]: ("play", c) for c in range(32)})
ACTIONS.update({BID[n]: ("bid", n) for n in BID})
ACTIONS.update({CHOOSE[s]: ("choose-trump", s) for s in range(4)})

# Phases of a deal, in order.
AUCTION, DOUBLE, REDOUBLE, TRUMP, SINGLE, PLAY_PHASE = range(6)
PHASE_NAMES = ("auction", "double", "redouble", "trump", "single-hand", "play")


def parse_setup(players: int, entry: dict, options: dict, where: str) -> dict:
    """A scripted deal: ``hands``, 8 cards per seat (the first four are the
    first deal), all 32 cards exactly once, nothing else."""
    check_keys(entry, ("hands",), where, "Twenty-nine")
    return {"hands": parse_hands(DECK, entry.get("hands"), 4, 8, where)}


class Match(BaseMatch):
    """A match of Twenty-nine to ±``target`` game points."""

    game_id = GAME_ID
    deck = DECK

    def __init__(self, players: int = 4, dealer: int = 0, seed: int = 0, options: dict | None = None,
                 setups: list | None = None, record: bool = True) -> None:
        if players != 4:
            raise MatchFileError("Twenty-nine is played by exactly 4 players")
        super().__init__(players, dealer, seed, resolve_options(OPTIONS, options), setups, record)

    def score_size(self) -> int:
        return 2

    # ----- dealing ----------------------------------------------------------
    def shuffled_setup(self, rng) -> dict:
        cards = DECK.shuffled(rng)
        return {"hands": [cards[i * 8:i * 8 + 8] for i in range(4)]}

    def setup_to_strings(self, setup: dict) -> dict:
        return {"hands": [[DECK.names[c] for c in hand] for hand in setup["hands"]]}

    def _start_deal(self, setup: dict) -> None:
        d = self.dealer
        self.order = [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]
        full = setup["hands"]
        self.hands = [list(h[:4]) for h in full]
        self.second = [list(h[4:]) for h in full]
        self.phase = AUCTION
        self.calls: list[tuple[int, str]] = []     # public log of the auction and rounds
        # auction state (§3)
        self.holder: int | None = None
        self.challenger: int | None = None
        self.bid = 0
        self.next_speaker = 1                      # index in order of the next unspoken player
        self.turn = self.order[0]
        self.queue: list[int] = []                 # seats still to answer a double/redouble/single round
        self.bidder: int | None = None
        self.multiplier = 1
        self.trump: int | None = None
        self.revealed = False
        self.reveal_trick = -1
        self.asker: int | None = None
        self.single: int | None = None
        self.skip: int | None = None               # the single-hand player's partner
        self.marriage_team: int | None = None
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = self.order[0]
        self.tricks_done = 0
        self.trick_teams: list[int] = []           # winning team of each trick, in order
        self.history: list[tuple[list[int], list[int], int]] = []
        self.points = [0, 0]
        self.played_mask = 0                       # bit c set once card c is played (for search)
        self.made: bool | None = None
        for seat in self.order:
            self.emit("dealt", seat, private_to=seat, hidden=("cards",), packet=1,
                      count=4, cards=[DECK.names[c] for c in self.hands[seat]])

    # ----- search support ------------------------------------------------------
    def _begin_next_deal(self, same_dealer: bool = False) -> None:
        super()._begin_next_deal(same_dealer)
        if self.lean:           # a search world's deal is over: no phase follows it
            self.phase = None

    def clone(self, record: bool = False) -> "Match":
        """The base clone, done field by field (search clones a world every
        iteration): every list of the deal copied, nothing else shared that
        changes."""
        if record:
            return super().clone(record)
        other = object.__new__(type(self))
        d = dict(self.__dict__)
        d["score"] = self.score[:]
        d["listeners"] = []
        d["record"] = False
        d["records"] = []
        d["deal_log"] = self.deal_log[:]
        d["_legal_cache"] = None
        d["hands"] = [h[:] for h in self.hands]
        d["second"] = [h[:] for h in self.second]
        d["calls"] = self.calls[:]
        d["queue"] = self.queue[:]
        d["trick"] = self.trick[:]
        d["trick_seats"] = self.trick_seats[:]
        d["trick_teams"] = self.trick_teams[:]
        d["history"] = self.history[:]
        d["points"] = self.points[:]
        other.__dict__ = d
        return other

    def _copy_deal_state(self, other: "Match") -> None:
        other.order = self.order
        other.hands = [list(h) for h in self.hands]
        other.second = [list(h) for h in self.second]
        other.calls = list(self.calls)
        other.queue = list(self.queue)
        other.trick = list(self.trick)
        other.trick_seats = list(self.trick_seats)
        other.trick_teams = list(self.trick_teams)
        other.history = list(self.history)
        other.points = list(self.points)

    # ----- whose turn, what is legal ----------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.finished:
            return None
        phase = self.phase
        if phase == AUCTION or phase == PLAY_PHASE:
            return self.turn
        if phase == TRUMP:
            return self.bidder
        return self.queue[0]

    def _legal(self) -> list[str]:
        phase = self.phase
        if phase == PLAY_PHASE:
            return self._legal_play()
        if phase == AUCTION:
            max_bid = self.options["max_bid"]
            if self.holder is None:
                return [BID[n] for n in range(MIN_BID, max_bid + 1)] + ["pass"]
            if self.turn == self.holder:
                return [BID[self.bid], "pass"]
            if not self.options["partner_bidding"] and team_of(self.turn) == team_of(self.holder):
                return ["pass"]
            return [BID[n] for n in range(self.bid + 1, max_bid + 1)] + ["pass"]
        if phase == DOUBLE:
            return ["double", "pass"]
        if phase == REDOUBLE:
            return ["redouble", "pass"]
        if phase == TRUMP:
            return list(CHOOSE)
        return ["single-hand", "pass"]

    def _playable(self, seat: int) -> tuple[list[int], bool]:
        """The cards ``seat`` may play now, and whether it is void in the suit led."""
        hand = self.hands[seat]
        if not self.trick:
            return list(hand), False
        led = self.trick[0] // PER_SUIT
        follow = [c for c in hand if c // PER_SUIT == led]
        if follow:
            return follow, False
        if self.asker == seat and self.options["caller_must_trump"]:
            trumps = [c for c in hand if c // PER_SUIT == self.trump]
            if trumps:
                return trumps, True
        return list(hand), True

    def _legal_play(self) -> list[str]:
        seat = self.turn
        cards, void = self._playable(seat)
        acts = [PLAY[c] for c in cards]
        if self.single is None:
            if void and not self.revealed:
                acts.append("reveal-trump")
            if self._may_show_marriage(seat):
                acts.append("show-marriage")
        return acts

    def _may_show_marriage(self, seat: int) -> bool:
        if not self.revealed or self.marriage_team is not None:
            return False
        hand = self.hands[seat]
        base = self.trump * PER_SUIT
        if base + KING not in hand or base + QUEEN not in hand:
            return False
        if self.options["marriage_rule"] == "after-reveal-trick":
            team = team_of(seat)
            return any(t == team for t in self.trick_teams[self.reveal_trick:])
        return True

    def _why_illegal(self, action: str) -> tuple[str, str, dict]:
        verb, arg = ACTIONS.get(action, (None, None))
        phase = PHASE_NAMES[self.phase]
        if verb is None:
            return ("not a Twenty-nine action", "unknown_action", {})
        if verb == "bid" and self.phase == AUCTION:
            if self.holder is None:
                return (f"a bid is from {MIN_BID} to {self.options['max_bid']}", "bid_range",
                        {"min": MIN_BID, "max": self.options["max_bid"]})
            if self.turn == self.holder:
                return (f"the holder may only equal {self.bid} or pass", "bid_hold", {"n": self.bid})
            if not self.options["partner_bidding"] and team_of(self.turn) == team_of(self.holder):
                return ("partners may not bid against each other", "bid_partner", {})
            return (f"a challenger must bid more than {self.bid}", "bid_higher", {"n": self.bid})
        if verb == "play" and self.phase == PLAY_PHASE:
            seat = self.turn
            if arg not in self.hands[seat]:
                return (f"seat {seat} does not hold {DECK.names[arg]}", "not_in_hand",
                        {"card": DECK.names[arg]})
            led = self.trick[0] // PER_SUIT
            if any(c // PER_SUIT == led for c in self.hands[seat]):
                return (f"must follow suit ({SUITS[led]})", "must_follow", {"suit": SUITS[led]})
            return ("after asking for the trump a trump must be played", "must_trump",
                    {"suit": SUITS[self.trump]})
        if verb == "reveal-trump" and self.phase == PLAY_PHASE:
            if self.single is not None:
                return ("a single hand is played without trumps", "no_trumps_single", {})
            if self.revealed:
                return ("the trump is already known", "trump_known", {})
            if not self.trick:
                return ("the leader cannot ask for the trump", "leader_cannot_ask", {})
            return ("only a player void in the suit led may ask for the trump", "can_follow", {})
        if verb == "show-marriage" and self.phase == PLAY_PHASE:
            if self.single is not None:
                return ("there is no marriage in a single hand", "no_marriage_single", {})
            if not self.revealed:
                return ("the trump has not been revealed", "trump_hidden", {})
            if self.marriage_team is not None:
                return ("the marriage has already been shown", "marriage_shown", {})
            if self.options["marriage_rule"] == "after-reveal-trick" and self._holds_marriage(self.turn):
                return ("the team must first win a trick after the reveal", "marriage_needs_trick", {})
            return ("K and Q of trumps are needed", "marriage_cards", {})
        return (f"not allowed in the {phase} phase", "wrong_phase", {"phase": phase})

    def _holds_marriage(self, seat: int) -> bool:
        base = self.trump * PER_SUIT
        return base + KING in self.hands[seat] and base + QUEEN in self.hands[seat]

    # ----- applying actions -------------------------------------------------
    def _apply(self, action: str) -> None:
        verb, arg = ACTIONS[action]
        phase = self.phase
        if phase == PLAY_PHASE:
            if verb == "play":
                self._play(arg)
            elif verb == "reveal-trump":
                self.revealed = True
                self.reveal_trick = self.tricks_done
                self.asker = self.turn
                self.emit("trump revealed", self.turn, suit=SUITS[self.trump])
            else:
                self.marriage_team = team_of(self.turn)
                self.emit("marriage shown", self.turn, suit=SUITS[self.trump], target=self.target())
        elif phase == AUCTION:
            self._auction(verb, arg)
        elif phase == DOUBLE or phase == REDOUBLE or phase == SINGLE:
            self._round(verb)
        else:
            self.trump = arg
            self.emit("trump chosen", self.bidder, private_to=self.bidder, hidden=("suit",),
                      suit=SUITS[arg])
            self._second_deal()

    def _auction(self, verb: str, n: int | None) -> None:
        seat = self.turn
        self.calls.append((seat, verb if n is None else str(n)))
        if verb == "bid":
            self.emit("bid", seat, n=n)
        else:
            self.emit("passed", seat, round="auction")
        if self.holder is None:                         # opening
            if verb == "bid":
                self.holder, self.bid = seat, n
                self._next_challenger()
            elif self.next_speaker == 4:
                self._void_deal()
            else:
                self.turn = self.order[self.next_speaker]
                self.next_speaker += 1
        elif seat == self.challenger:
            if verb == "bid":
                self.bid = n
                self.turn = self.holder
            else:
                self._next_challenger()
        else:                                           # the holder answers
            if verb == "bid":
                self.turn = self.challenger
            else:
                self.holder = self.challenger
                self._next_challenger()

    def _next_challenger(self) -> None:
        if self.next_speaker < 4:
            self.challenger = self.turn = self.order[self.next_speaker]
            self.next_speaker += 1
            return
        self.bidder = self.holder
        self.emit("auction won", self.bidder, bid=self.bid)
        if self.options["doubling"]:
            self.phase = DOUBLE
            self.queue = [s for s in self.order if team_of(s) != team_of(self.bidder)]
        else:
            self.phase = TRUMP

    def _round(self, verb: str) -> None:
        seat = self.queue[0]
        self.calls.append((seat, verb))
        phase = self.phase
        if verb == "pass":
            self.emit("passed", seat, round=PHASE_NAMES[phase])
            self.queue.pop(0)
            if self.queue:
                return
            if phase == SINGLE:
                self._start_play()
            else:
                self.phase = TRUMP
        elif verb == "double":
            self.multiplier = 2
            self.emit("doubled", seat)
            self.phase = REDOUBLE
            self.queue = [s for s in self.order if team_of(s) == team_of(self.bidder)]
        elif verb == "redouble":
            self.multiplier = 4
            self.emit("redoubled", seat)
            self.phase = TRUMP
        else:
            self.single = seat
            self.skip = (seat + 2) % 4
            self.emit("single hand", seat)
            self._start_play()

    def _second_deal(self) -> None:
        for seat in self.order:
            self.hands[seat].extend(self.second[seat])
            self.emit("dealt", seat, private_to=seat, hidden=("cards",), packet=2, count=4,
                      cards=[DECK.names[c] for c in self.second[seat]])
        self.second = [[], [], [], []]
        if self.options["single_hand"]:
            self.phase = SINGLE
            self.queue = list(self.order)
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY_PHASE
        self.queue = []
        self.leader = self.turn = self.single if self.single is not None else self.order[0]

    def _play(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.played_mask |= 1 << card
        self.trick.append(card)
        self.trick_seats.append(seat)
        if self.asker == seat:
            self.asker = None
        if self.record or self.listeners:          # search plays without either
            self.emit("played", seat, card=DECK.names[card])
        if len(self.trick) == (3 if self.single is not None else 4):
            self._resolve_trick()
        else:
            self.turn = next_seat(seat, 4, self.skip)

    def _resolve_trick(self) -> None:
        trump = self.trump if self.revealed and self.single is None else None
        cards = self.trick
        winner = self.trick_seats[winning_position(cards, PER_SUIT, trump)]
        team = team_of(winner)
        self.tricks_done += 1
        points = POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]]
        if len(cards) == 4:
            points += POINTS[cards[3]]
        if self.tricks_done == 8 and self.options["last_trick_point"]:
            points += 1
        self.points[team] += points
        self.trick_teams.append(team)
        self.history.append((cards, self.trick_seats, winner))
        if self.record or self.listeners:
            self.emit("trick won", winner, points=points, cards=[DECK.names[c] for c in cards])
        self.trick = []
        self.trick_seats = []
        self.asker = None
        if self.single is not None and team != team_of(self.single):
            self._score_deal()
        elif self.tricks_done == 8:
            self._score_deal()
        else:
            self.leader = self.turn = winner

    # ----- scoring ----------------------------------------------------------
    def available_points(self) -> int:
        return 29 if self.options["last_trick_point"] else 28

    def target(self) -> int:
        """Card points the bidding team needs (§4.3: the marriage moves it)."""
        if self.marriage_team is None or self.bidder is None:
            return self.bid
        if self.marriage_team == team_of(self.bidder):
            return max(MIN_BID, self.bid - 4)
        raised = self.bid + 4
        return min(raised, self.available_points()) if self.options["marriage_cap"] else raised

    def _score_deal(self) -> None:
        if self.single is not None:
            team = team_of(self.single)
            made = self.tricks_done == 8 and self.trick_teams.count(team) == 8
            delta = 3 if made else -3
        else:
            team = team_of(self.bidder)
            made = self.points[team] >= self.target()
            delta = self.multiplier if made else -self.multiplier
        self.score[team] += delta
        self.made = made
        self.emit("deal scored", None, team=team, points=list(self.points), made=made,
                  delta=delta, score=list(self.score))
        goal = self.options["target"]
        winner = None
        if self.score[team] >= goal:
            winner = team
        elif self.score[team] <= -goal:
            winner = 1 - team
        self.phase = None
        self._end_deal((self.dealer + 1) % 4, winner=winner)

    def _void_deal(self) -> None:
        self.emit("deal void", None)
        self.made = None
        self._end_deal(self.dealer)

    def deal_points(self) -> list[int]:
        return list(self.points)

    def deal_info(self, final: bool = False) -> dict:
        info: dict = {"bidder": self.bidder, "bid": self.bid if self.bidder is not None else None}
        if self.bidder is not None:
            info["target"] = self.target()
            info["multiplier"] = self.multiplier
        if self.trump is not None and (self.revealed or final):
            info["trump"] = SUITS[self.trump]
        if self.single is not None:
            info["single_hand"] = self.single
        if final:
            info["made"] = self.made
        return info

    # ----- what a seat sees ---------------------------------------------------
    def _action_as_seen(self, actor: int, action: str, viewer: int) -> str:
        """The hidden trump is the bidder's until it is revealed."""
        if action[:13] == "choose-trump " and viewer != actor and not self.revealed:
            return "choose-trump ?"
        return action

    def comparable(self, view: dict) -> dict:
        return dict(view, hand=sorted(view["hand"]))

    def _view(self, seat: int) -> dict:
        names = DECK.names
        knows_trump = self.trump is not None and (self.revealed or seat == self.bidder)
        return {
            "phase": PHASE_NAMES[self.phase] if self.phase is not None else "over",
            "order": list(self.order),
            "hand": [names[c] for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "calls": [list(c) for c in self.calls],
            "bid": self.bid if self.holder is not None else None,
            "holder": self.holder,
            "challenger": self.challenger,
            "bidder": self.bidder,
            "multiplier": self.multiplier,
            "trump": SUITS[self.trump] if knows_trump else None,
            "trump_revealed": self.revealed,
            "trump_chosen": self.trump is not None,
            "asker": self.asker,
            "single_hand": self.single,
            "marriage_team": self.marriage_team,
            "target": self.target() if self.bidder is not None else None,
            "leader": self.leader,
            "trick": [[s, names[c]] for s, c in zip(self.trick_seats, self.trick)],
            "tricks": [{"cards": [[s, names[c]] for s, c in zip(seats, cards)], "winner": w}
                       for cards, seats, w in self.history],
            "points": list(self.points),
        }
