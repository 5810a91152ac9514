"""Tute: 2 players with a stock, 3-player arrastrado, 4 players in pairs.

Rules: ``shared/rules/tute.md`` (sections are cited as §n). Cards are ints of
:data:`~game.engine.cards.TUTE`, ranks strongest first (``1 3 12 11 10 7 6 5
4 2``), so ``card = suit * 10 + strength`` and within a suit a lower id is a
stronger card.

State kept for speed: each hand is a sorted list of ints plus a bitmask of the
same cards (cante and tute checks are one ``&``); the winning card of the
current trick is tracked as cards are played; tricks already played are kept
as immutable tuples so that a clone copies only a few short lists.
"""
from __future__ import annotations

from bisect import insort

from game.engine.cards import TUTE, CardError, deal_rng
from game.engine.errors import MatchFileError
from game.engine.match import Match as BaseMatch
from game.engine.options import Option

GAME_ID = "tute"
PLAYERS = (2, 3, 4)
DEFAULT_PLAYERS = 4

OPTIONS = (
    Option("target", int, 101, min=1, players=(2,)),
    Option("wins", int, 3, min=1, players=(3, 4)),
    Option("stock_rule", str, "trump", choices=("trump", "free"), players=(2,)),
    Option("late_cantes", bool, True, players=(2,)),
    Option("capote", bool, True, players=(2,)),
    Option("exchange", bool, True, players=(2, 3)),
)

VERBS = """\
play <card>         play a card to the current trick, e.g. play 12O
sing 40             sing the trump king + knight (window)
sing 20 <suit>      sing king + knight of a non-trump suit, e.g. sing 20 C (window)
sing tute           declare four kings or four knights (3/4 players, window)
exchange            exchange the 7 or 2 of trumps for the face-up card (2p window, 3p before play)
capote              announce capote (2 players, window after the 12th trick)
pass                decline everything offered in a window / the 3-player exchange"""

DECK = TUTE
PER_SUIT = 10
SUITS = DECK.suits
NAMES = DECK.names
RANK_POINTS = (11, 10, 4, 3, 2, 0, 0, 0, 0, 0)
POINTS = tuple(RANK_POINTS[c % PER_SUIT] for c in range(40))
KING, KNIGHT, SEVEN, TWO = 2, 3, 5, 9          # strength indexes of 12, 11, 7 and 2
PAIR = tuple((1 << (s * PER_SUIT + KING)) | (1 << (s * PER_SUIT + KNIGHT)) for s in range(4))
KINGS = sum(1 << (s * PER_SUIT + KING) for s in range(4))
KNIGHTS = sum(1 << (s * PER_SUIT + KNIGHT) for s in range(4))
HAND_SIZE = {2: 8, 3: 13, 4: 10}
TRICKS = {2: 20, 3: 13, 4: 10}
LAST_TRICK_BONUS = 10

PLAY = tuple("play " + name for name in NAMES)
SING40 = "sing 40"
SING20 = tuple("sing 20 " + s for s in SUITS)
TUTE_ACT = "sing tute"

# Parsed action strings: action -> (verb, argument)
ACTIONS: dict[str, tuple[str, object]] = {
    SING40: ("sing40", None), TUTE_ACT: ("tute", None), "exchange": ("exchange", None),
    "capote": ("capote", None), "pass": ("pass", None),
}
ACTIONS.update({PLAY[c]: ("play", c) for c in range(40)})
ACTIONS.update({SING20[s]: ("sing20", s) for s in range(4)})

# Phases of a deal.
PLAY_PHASE, WINDOW, EXCHANGE, OVER = range(4)
PHASE_NAMES = ("play", "window", "exchange", "over")


def exchange_card(faceup: int) -> int | None:
    """§5.4: the 7 of trumps for a face-up 1/3/12/11/10, the 2 for a blanca,
    none for the 2 itself."""
    rank = faceup % PER_SUIT
    base = faceup - rank
    if rank <= 4:
        return base + SEVEN
    if rank < TWO:
        return base + TWO
    return None


# ----- match file ---------------------------------------------------------------
def _card(text, where: str, what: str) -> int:
    try:
        return DECK.card(text)
    except CardError as exc:
        raise MatchFileError(f"{where}: {what}: {exc}") from None


def full_obligations(hand: list[int], led: int, win: int, trump: int) -> list[int]:
    """§3.1: what a follower holding ``hand`` may play when ``led`` was led and
    ``win`` is the card winning the trick so far (follow and beat, else trump
    and overtrump, else anything)."""
    follow = [c for c in hand if c // PER_SUIT == led]
    if follow:
        if win // PER_SUIT == led:
            beat = [c for c in follow if c < win]
            if beat:
                return beat
        return follow
    trumps = [c for c in hand if c // PER_SUIT == trump]
    if trumps:
        if win // PER_SUIT != trump:
            return trumps
        over = [c for c in trumps if c < win]
        if over:
            return over
    return hand


def parse_setup(players: int, entry: dict, options: dict, where: str) -> dict:
    """A scripted deal (§8): ``hands`` and ``trump``, plus ``stock`` (2 players
    only, optional, top first). Every one of the 40 cards exactly once."""
    allowed = ("hands", "trump", "stock") if players == 2 else ("hands", "trump")
    for key in entry:
        if key not in allowed:
            if key == "stock":
                raise MatchFileError(f"{where}: 'stock' is only for 2 players (not {players})")
            raise MatchFileError(f"{where}: unknown key {key!r} (Tute deals give "
                                 f"{', '.join(repr(k) for k in allowed)})")
    if "hands" not in entry:
        raise MatchFileError(f"{where}: 'hands' is missing ('trump'/'stock' need the hands)")
    hands = entry["hands"]
    size = HAND_SIZE[players]
    if not isinstance(hands, list) or len(hands) != players:
        raise MatchFileError(f"{where}: 'hands' must list {players} hands, seat 0 first")
    seen: dict[int, str] = {}
    seat_of: dict[int, int] = {}

    def take(card: int, text: str, place: str) -> None:
        if card in seen:
            raise MatchFileError(f"{where}: card {text} is dealt twice ({seen[card]} and {place})")
        seen[card] = place

    parsed = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != size:
            got = len(hand) if isinstance(hand, list) else "no"
            raise MatchFileError(f"{where}: hands[{seat}] must hold {size} cards, not {got}")
        cards = []
        for text in hand:
            card = _card(text, where, f"hands[{seat}]")
            take(card, text, f"hands[{seat}]")
            seat_of[card] = seat
            cards.append(card)
        parsed.append(cards)
    if "trump" not in entry:
        raise MatchFileError(f"{where}: 'trump' is missing (required with 'hands')")
    trump_text = entry["trump"]
    if not isinstance(trump_text, str):
        raise MatchFileError(f"{where}: 'trump' must be one card, e.g. \"5O\"")
    trump = _card(trump_text, where, "trump")
    setup = {"hands": parsed, "trump": trump}
    if players == 4:
        if trump not in seat_of:
            raise MatchFileError(f"{where}: trump {trump_text} must be a card of the dealer's hand")
        setup["holder"] = seat_of[trump]               # checked against the dealer by the Match
        return setup
    take(trump, trump_text, "trump")
    if players == 3:
        return setup
    stock = entry.get("stock")
    if stock is None:
        setup["stock"] = None                             # the rest, shuffled from the seed
        return setup
    if not isinstance(stock, list) or len(stock) != 23:
        got = len(stock) if isinstance(stock, list) else "no"
        raise MatchFileError(f"{where}: 'stock' must hold the 23 face-down cards, not {got}")
    cards = []
    for text in stock:
        card = _card(text, where, "stock")
        take(card, text, "stock")
        cards.append(card)
    setup["stock"] = cards
    return setup


class Match(BaseMatch):
    """A match of Tute for 2, 3 or 4 players."""

    game_id = GAME_ID
    deck = DECK
    game_name = "Tute"
    player_counts = PLAYERS
    default_players = DEFAULT_PLAYERS
    option_rows = OPTIONS
    clone_lists = ("masks", "stock", "trick", "trick_seats", "history", "points", "last_trick_of",
                   "cantes", "window_legal")
    clone_nested = ("hands",)

    def _take_options(self) -> None:
        players, dealer = self.players, self.first_dealer
        if players == 4:                  # the dealer of deal i is known in advance: check §8
            for i, setup in enumerate(self.setups):
                if setup is not None and setup["holder"] != (dealer + i) % 4:
                    raise MatchFileError(
                        f"deals[{i}]: trump {NAMES[setup['trump']]} must be a card of the "
                        f"dealer's hand (seat {(dealer + i) % 4}), not of hands[{setup['holder']}]")
        self.n = players
        self.ntricks = TRICKS[players]

    def score_size(self) -> int:
        return 2 if self.players == 4 else self.players

    def restore_match_state(self, view: dict) -> None:
        """Search: 2 players count the deal in progress in ``score`` (§6.1), and
        the replay of the deal adds it again, so start from the score before it."""
        super().restore_match_state(view)
        if self.players == 2 and not view["finished"]:
            self.score = [a - b for a, b in zip(view["score"], view["points"])]

    # ----- dealing ----------------------------------------------------------
    def shuffled_setup(self, rng) -> dict:
        cards = DECK.shuffled(rng)
        n = self.players
        mano = (self.dealer + 1) % n
        size = HAND_SIZE[n]
        hands = [[] for _ in range(n)]
        for j in range(n * size):                     # one at a time, mano first
            hands[(mano + j) % n].append(cards[j])
        if n == 2:
            return {"hands": hands, "trump": cards[16], "stock": cards[17:]}
        if n == 3:
            return {"hands": hands, "trump": cards[39]}
        return {"hands": hands, "trump": cards[39], "holder": self.dealer}

    def _complete(self, setup: dict) -> dict:
        """A 2-player scripted deal without ``stock``: the 23 remaining cards
        shuffled from the seed (deterministic, so it may be called twice)."""
        if self.players != 2 or setup.get("stock") is not None:
            return setup
        used = {setup["trump"]}
        for hand in setup["hands"]:
            used.update(hand)
        rest = [c for c in range(40) if c not in used]
        deal_rng(self.seed, self.deal_index).shuffle(rest)
        return dict(setup, stock=rest)

    def setup_to_strings(self, setup: dict) -> dict:
        setup = self._complete(setup)
        out = {"hands": [[NAMES[c] for c in hand] for hand in setup["hands"]],
               "trump": NAMES[setup["trump"]]}
        if self.players == 2:
            out["stock"] = [NAMES[c] for c in setup["stock"]]
        return out

    def _start_deal(self, setup: dict) -> None:
        setup = self._complete(setup)
        n = self.players
        self.hands = [sorted(h) for h in setup["hands"]]
        masks = []
        for hand in self.hands:
            m = 0
            for c in hand:
                m |= 1 << c
            masks.append(m)
        self.masks = masks
        self.turned = self.faceup = setup["trump"]      # as turned / as lying now (exchange)
        self.trump = setup["trump"] // PER_SUIT
        self.faceup_on_table = n != 4                    # 4p: it is in the dealer's hand
        self.stock = list(reversed(setup["stock"])) if n == 2 else []   # top card last
        self.mano = (self.dealer + 1) % n
        self.leader = self.turn = self.mano
        self.phase = PLAY_PHASE
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.win_card = -1
        self.win_seat = -1
        self.tricks_done = 0
        self.history: list[tuple] = []         # (cards, seats, winner, points) per trick
        self.points = [0] * self.score_size()
        self.last_trick_of = [0] * self.score_size()    # latest trick number won, per side
        self.sung = 0                          # bit per suit whose pair has been sung
        self.cantes: list[tuple] = []          # (seat, "40"/"20"/"tute", suit index or None)
        self.cante_done = False                # 2p: a cante has been sung after this trick
        self.window_legal: list[str] = []
        self.window_partner = False            # 4p: the partner's turn in the window
        self.exchanged: tuple | None = None    # (seat, exchange card, face-up card taken)
        self.exch = exchange_card(self.faceup) if (n != 4 and self.options["exchange"]) else None
        self.capote: int | None = None         # 2p: seat that announced capote
        self.capote_result: str | None = None
        self.tute: int | None = None
        self.faceup_drawn_by: int | None = None
        self.deal_winner: int | None = None
        self.emit_dealt(self.mano, self.hands)
        if self.record or self.listeners:
            self.emit("trump turned", self.dealer, card=NAMES[self.faceup], suit=SUITS[self.trump])
        if n == 3 and self.exch is not None:              # §5.4: asked once before the lead
            holder = next(s for s in range(3) if self.masks[s] >> self.exch & 1)
            self.phase = EXCHANGE
            self.turn = holder

    # ----- whose turn, what is legal ----------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.finished:
            return None
        return self.turn

    def stock_size(self) -> int:
        return len(self.stock) + (1 if self.faceup_on_table and self.players == 2 else 0)

    def _legal(self) -> list[str]:
        phase = self.phase
        if phase == PLAY_PHASE:
            return [PLAY[c] for c in self._playable(self.turn)]
        if phase == WINDOW:
            return list(self.window_legal)
        if phase == EXCHANGE:
            return ["exchange", "pass"]
        return []

    def _playable(self, seat: int) -> list[int]:
        """§3: the cards ``seat`` may play to the current trick."""
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        led = trick[0] // PER_SUIT
        trump = self.trump
        if self.players == 2 and (self.stock or self.faceup_on_table):      # §3.2
            if led == trump and self.options["stock_rule"] == "trump":
                trumps = [c for c in hand if c // PER_SUIT == trump]
                if trumps:
                    return trumps
            return hand
        return full_obligations(hand, led, self.win_card, trump)

    def _declarations(self, seat: int) -> list[str]:
        """The declarations (§5) ``seat`` could make in a window now."""
        mask = self.masks[seat]
        out = []
        trump = self.trump
        sung = self.sung
        if self.players == 2:
            if not self.cante_done and (self.options["late_cantes"] or self.stock_size()):
                for s in range(4):
                    if not sung >> s & 1 and mask & PAIR[s] == PAIR[s]:
                        out.append(SING40 if s == trump else SING20[s])
            if (self.exch is not None and self.exchanged is None and self.stock_size()
                    and mask >> self.exch & 1):
                out.append("exchange")
            if self.tricks_done == 12 and self.capote is None and self.options["capote"]:
                out.append("capote")
            return out
        if not sung >> trump & 1 and mask & PAIR[trump] == PAIR[trump]:
            out.append(SING40)                     # las cuarenta first: no 20 offered
        else:
            for s in range(4):
                if s != trump and not sung >> s & 1 and mask & PAIR[s] == PAIR[s]:
                    out.append(SING20[s])
        if mask & KINGS == KINGS or mask & KNIGHTS == KNIGHTS:
            out.append(TUTE_ACT)
        return out

    # ----- why an action is refused -------------------------------------------
    def _why_illegal(self, action: str) -> tuple[str, str, dict]:
        verb, arg = ACTIONS.get(action, (None, None))
        phase = self.phase
        seat = self.turn
        if verb is None:
            return ("not a Tute action", "unknown_action", {})
        if verb == "play":
            if phase == WINDOW:
                return ("a declaration window is open: declare or pass first", "window_open", {})
            if phase == EXCHANGE:
                return ("the exchange of the trump card must be answered first (exchange or pass)",
                        "exchange_pending", {})
            return self._play_reason(seat, arg)
        if phase == EXCHANGE:
            return ("only exchange or pass now", "exchange_pending", {})
        if verb == "pass":
            return ("there is nothing to pass now", "nothing_to_pass", {})
        if phase != WINDOW:
            return ("declarations are made only in a window, after winning a trick",
                    "no_window", {})
        mask = self.masks[seat]
        if verb == "sing40" or verb == "sing20":
            suit = self.trump if verb == "sing40" else arg
            if verb == "sing20" and suit == self.trump:
                return ("the trump pair is sung as 40", "trump_pair_is_40", {"suit": SUITS[suit]})
            if self.players == 2 and self.cante_done:
                return ("one cante per trick", "one_cante_per_trick", {})
            if self.players == 2 and not self.options["late_cantes"] and not self.stock_size():
                return ("no cantes once the stock is empty", "no_late_cantes", {})
            if self.sung >> suit & 1:
                return (f"the pair of {SUITS[suit]} has already been sung", "already_sung",
                        {"suit": SUITS[suit]})
            if mask & PAIR[suit] != PAIR[suit]:
                return (f"the king and knight of {SUITS[suit]} are needed", "needs_pair",
                        {"suit": SUITS[suit]})
            if verb == "sing20" and self.players > 2:
                return ("las cuarenta must be sung before any veinte", "cuarenta_first", {})
        if verb == "tute":
            if self.players == 2:
                return ("there is no tute with 2 players", "no_tute_2p", {})
            return ("four kings or four knights are needed", "needs_tute", {})
        if verb == "exchange":
            if self.players == 3:
                return ("with 3 players the exchange is offered only before the first lead",
                        "exchange_before_play", {})
            if self.players == 4:
                return ("there is no exchange with 4 players", "no_exchange", {})
            if self.exch is None:
                return ("no exchange in this deal", "no_exchange", {})
            if self.exchanged is not None:
                return ("the trump card has already been exchanged", "already_exchanged", {})
            if not self.stock_size():
                return ("no exchange once the stock is empty", "stock_empty", {})
            return (f"{NAMES[self.exch]} is needed to exchange", "needs_exchange_card",
                    {"card": NAMES[self.exch]})
        if verb == "capote":
            if self.players != 2 or not self.options["capote"]:
                return ("capote is not played here", "no_capote", {})
            if self.capote is not None:
                return ("capote has already been announced", "capote_announced", {})
            return ("capote is announced only in the window after the 12th trick",
                    "capote_after_12", {})
        return ("only one declaration per trick", "one_declaration", {})

    def _play_reason(self, seat: int, card: int) -> tuple[str, str, dict]:
        name = NAMES[card]
        if card not in self.hands[seat]:
            return (f"seat {seat} does not hold {name}", "not_in_hand", {"card": name})
        led = self.trick[0] // PER_SUIT
        trump = self.trump
        hand = self.hands[seat]
        if self.players == 2 and self.stock_size():
            return (f"a trump lead must be answered with a trump ({SUITS[trump]})", "answer_trump",
                    {"suit": SUITS[trump]})
        win = self.win_card
        if any(c // PER_SUIT == led for c in hand):
            if card // PER_SUIT == led:
                return (f"must beat {NAMES[win]} if possible", "must_beat", {"card": NAMES[win]})
            return (f"must follow suit ({SUITS[led]})", "must_follow", {"suit": SUITS[led]})
        if win // PER_SUIT == trump:
            return (f"must overtrump {NAMES[win]} if possible", "must_overtrump",
                    {"card": NAMES[win]})
        return (f"must trump ({SUITS[trump]})", "must_trump", {"suit": SUITS[trump]})

    # ----- applying actions -------------------------------------------------
    def _apply(self, action: str) -> None:
        verb, arg = ACTIONS[action]
        if verb == "play":
            self._play(arg)
        elif verb == "pass":
            self._pass()
        elif verb == "exchange":
            self._exchange()
        elif verb == "capote":
            self.capote = self.turn
            self.emit("capote announced", self.turn)
            self._after_declaration()
        else:
            self._sing(verb, arg)

    def _play(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.masks[seat] ^= 1 << card
        trick = self.trick
        if trick:
            win = self.win_card
            suit = card // PER_SUIT
            if suit == win // PER_SUIT:
                if card < win:
                    self.win_card = card
                    self.win_seat = seat
            elif suit == self.trump:
                self.win_card = card
                self.win_seat = seat
        else:
            self.win_card = card
            self.win_seat = seat
        trick.append(card)
        self.trick_seats.append(seat)
        if self.record or self.listeners:
            self.emit("played", seat, card=NAMES[card])
        if len(trick) == self.players:
            self._resolve_trick()
        else:
            self.turn = (seat + 1) % self.players

    def _side(self, seat: int) -> int:
        return seat & 1 if self.players == 4 else seat

    def _resolve_trick(self) -> None:
        cards = self.trick
        winner = self.win_seat
        pts = 0
        for c in cards:
            pts += POINTS[c]
        self.tricks_done += 1
        done = self.tricks_done
        last = done == self.ntricks
        if last:
            pts += LAST_TRICK_BONUS
        side = winner & 1 if self.players == 4 else winner
        self.points[side] += pts
        self.last_trick_of[side] = done
        self.history.append((tuple(cards), tuple(self.trick_seats), winner, pts))
        if self.record or self.listeners:
            self.emit("trick won", winner, points=pts, cards=[NAMES[c] for c in cards])
        self.trick = []
        self.trick_seats = []
        self.leader = self.turn = winner
        if self.players == 2:
            self.score[side] += pts
            if self._two_player_after_trick(winner, last):
                return
        elif last:
            self._score_deal()
            return
        self._open_window(winner)

    def _two_player_after_trick(self, winner: int, last: bool) -> bool:
        """Capote, the deal-2 immediate win, the end of the deal and the draw.
        True when the deal (or match) is over."""
        if self.capote is not None:
            if winner != self.capote:
                self.capote_result = "lost"
                self.emit("capote lost", self.capote, winner=winner)
                self._end_two(winner)
                return True
            if last:
                self.capote_result = "won"
                self.emit("capote won", self.capote)
                self._end_two(winner)
                return True
        elif self.deal_index >= 1 and self.score[winner] >= self.options["target"]:
            self._end_two(winner)
            return True
        if last:
            score = self.score
            winner_of_match = None
            if self.deal_index >= 1:
                pass                                   # nobody reached the target
            elif max(score) >= self.options["target"]:
                if score[0] != score[1]:
                    winner_of_match = 0 if score[0] > score[1] else 1
                else:
                    winner_of_match = winner
            self._end_two(winner_of_match, next_dealer=winner)
            return True
        if self.stock:
            self._draw(winner)
            self._draw(1 - winner)
        elif self.faceup_on_table:                       # cannot happen: the stock is even
            self._draw(winner)
        return False

    def _draw(self, seat: int) -> None:
        if self.stock:
            card = self.stock.pop()
            public = False
        else:
            card = self.faceup
            self.faceup_on_table = False
            self.faceup_drawn_by = seat
            public = True
        insort(self.hands[seat], card)
        self.masks[seat] |= 1 << card
        if self.record or self.listeners:
            if public:
                self.emit("drew", seat, card=NAMES[card], faceup=True)
            else:
                self.emit("drew", seat, private_to=seat, hidden=("card",), card=NAMES[card])

    def _end_two(self, winner: int | None, next_dealer: int | None = None) -> None:
        self.phase = OVER
        self.last_deal_points = list(self.points)      # kept past the next deal's start (search)
        if self.record or self.listeners:
            self.emit("deal scored", None, points=list(self.points), score=list(self.score))
        self._end_deal(next_dealer, winner=winner)

    def _open_window(self, winner: int) -> None:
        """§4: the window after a trick, only for a side with something to declare."""
        self.cante_done = False
        self.window_partner = False
        if self._offer_window(winner, partner=False):
            return
        if self.players == 4 and self._offer_window((winner + 2) & 3, partner=True):
            return
        self.phase = PLAY_PHASE
        self.turn = self.leader

    def _offer_window(self, seat: int, partner: bool) -> bool:
        """Open the window to ``seat`` (the winner's partner if ``partner``) if it
        has something to declare; False if it has nothing."""
        avail = self._declarations(seat)
        if not avail:
            return False
        self.phase = WINDOW
        self.turn = seat
        self.window_partner = partner
        avail.append("pass")
        self.window_legal = avail
        return True

    def _close_window(self) -> None:
        self.phase = PLAY_PHASE
        self.window_legal = []
        self.turn = self.leader

    def _pass(self) -> None:
        seat = self.turn
        if self.phase == EXCHANGE:
            self.emit("passed", seat, round="exchange")
            self.phase = PLAY_PHASE
            self.turn = self.leader
            return
        self.emit("passed", seat, round="window")
        if self.players == 4 and not self.window_partner and self._offer_window((seat + 2) & 3, partner=True):
            return
        self._close_window()

    def _after_declaration(self) -> None:
        """3/4 players: one declaration per trick. 2 players: asked again while
        something is still available."""
        if self.players == 2:
            avail = self._declarations(self.turn)
            if avail:
                avail.append("pass")
                self.window_legal = avail
                return
        self._close_window()

    def _exchange(self) -> None:
        seat = self.turn
        card = self.exch
        taken = self.faceup
        hand = self.hands[seat]
        hand.remove(card)
        insort(hand, taken)
        self.masks[seat] ^= (1 << card) | (1 << taken)
        self.faceup = card
        self.exchanged = (seat, card, taken)
        self.emit("exchanged", seat, card=NAMES[card], took=NAMES[taken])
        if self.phase == EXCHANGE:
            self.phase = PLAY_PHASE
            self.turn = self.leader
        else:
            self._after_declaration()

    def _sing(self, verb: str, arg) -> None:
        seat = self.turn
        side = self._side(seat)
        if verb == "tute":
            mask = self.masks[seat]
            what = "kings" if mask & KINGS == KINGS else "knights"
            self.cantes.append((seat, "tute", None))
            self.tute = seat
            self.emit("sang", seat, what="tute", cards=what)
            self._score_deal(tute_side=side)
            return
        suit = self.trump if verb == "sing40" else arg
        value = 40 if verb == "sing40" else 20
        self.sung |= 1 << suit
        self.cantes.append((seat, str(value), suit))
        self.points[side] += value
        self.emit("sang", seat, what=f"{value}" if value == 40 else f"20 {SUITS[suit]}",
                  suit=SUITS[suit], points=value)
        if self.players == 2:
            self.cante_done = True
            self.score[side] += value
            if (self.deal_index >= 1 and self.capote is None
                    and self.score[side] >= self.options["target"]):
                self._end_two(side)
                return
        self._after_declaration()

    # ----- scoring (3 and 4 players) ------------------------------------------
    def _score_deal(self, tute_side: int | None = None) -> None:
        """§6.2: most points wins the deal, ties to the later trick winner; a tute
        wins outright."""
        if tute_side is not None:
            side = tute_side
        else:
            pts = self.points
            best = max(pts)
            side = max((s for s in range(len(pts)) if pts[s] == best),
                       key=lambda s: self.last_trick_of[s])
        self.deal_winner = side
        self.last_deal_points = list(self.points)      # kept past the next deal's start (search)
        self.score[side] += 1
        self.phase = OVER
        self.emit("deal scored", None, points=list(self.points), winner=side,
                  score=list(self.score))
        winner = side if self.score[side] >= self.options["wins"] else None
        self._end_deal((self.dealer + 1) % self.players, winner=winner)

    def deal_points(self) -> list[int]:
        return list(self.points)

    def deal_info(self, final: bool = False) -> dict:
        info: dict = {"trump": NAMES[self.faceup], "trump_suit": SUITS[self.trump]}
        if self.faceup != self.turned:
            info["turned"] = NAMES[self.turned]
        if self.cantes:
            info["cantes"] = [[s, k] if sv is None else [s, k, SUITS[sv]]
                              for s, k, sv in self.cantes]
        if self.capote is not None:
            info["capote"] = self.capote
            info["capote_result"] = self.capote_result
        if self.tute is not None:
            info["tute"] = self.tute
        if final and self.deal_winner is not None:
            info["deal_winner"] = self.deal_winner
        return info

    def match_info(self) -> dict:
        return {"trump": NAMES[self.faceup], "stock_size": self.stock_size()}

    # ----- what a seat sees ---------------------------------------------------
    def _view(self, seat: int) -> dict:
        names = NAMES
        n = self.players
        phase = PHASE_NAMES[self.phase]
        exchanged = None
        if self.exchanged is not None:
            s, card, taken = self.exchanged
            exchanged = {"seat": s, "card": names[card], "took": names[taken]}
        return {
            "phase": phase,
            "mano": self.mano,
            "hand": [names[c] for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "trump_suit": SUITS[self.trump],
            "trump_card": names[self.faceup],                 # the face-up card (public)
            "turned_card": names[self.turned],
            "trump_card_on_table": self.faceup_on_table,
            "trump_card_drawn_by": self.faceup_drawn_by,
            "stock_size": self.stock_size(),
            "exchanged": exchanged,
            "leader": self.leader,
            "trick": [[s, names[c]] for s, c in zip(self.trick_seats, self.trick)],
            "tricks": [{"cards": [[s, names[c]] for s, c in zip(seats, cards)], "winner": w,
                        "points": p} for cards, seats, w, p in self.history],
            "tricks_left": self.ntricks - self.tricks_done,
            "cantes": [{"seat": s, "kind": k, "suit": SUITS[sv] if sv is not None else None}
                       for s, k, sv in self.cantes],
            "points": list(self.points),
            "teams": n == 4,
            "capote": self.capote,
            "window": self.turn if self.phase == WINDOW else None,
        }
