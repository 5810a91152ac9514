"""What the table needs to know about a game: the adapter every game's table module fills in.

The trick table (:mod:`game.scenes.tables.trick_table`) is the same for every trick game:
it deals, plays, sweeps tricks and shows bubbles from the engine's events. An adapter
(one module per game beside this one: :mod:`.twenty_nine`, :mod:`.tute`,
:mod:`.truco_argentino`, :mod:`.truco_mineiro`, :mod:`.buraco`) supplies the
game-specific parts:

- the deck (``"french"`` or ``"spanish"``), how a hand is sorted and how a card is
  named in text;
- the order in which dealt cards fly (:meth:`TrickAdapter.deal_plan`: 29 deals packets
  of four, Tute one card at a time);
- a small model of the public deal state kept from the events (bid, bidder, trump,
  points, cantes...) and the score panel drawn from it (:meth:`panel_rows`);
- the buttons for the game's calls (:meth:`controls`), only legal ones enabled;
- the words of each call's speech bubble and log line, in the chosen language;
- the rows of the deal summary and of the match result.

Panel and summary contents are *rows* (:mod:`game.ui.rows`). :mod:`.registry` maps each
game to its adapter.
"""
from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field

from game import i18n
from game.ui import theme

FRENCH_SUITS_KEYS = {"S": "suits.french.spades", "H": "suits.french.hearts",
                     "D": "suits.french.diamonds", "C": "suits.french.clubs"}
SPANISH_SUITS_KEYS = {"O": "suits.spanish.oros", "C": "suits.spanish.copas",
                      "E": "suits.spanish.espadas", "B": "suits.spanish.bastos"}

PANEL_TEXT = theme.TEXT
PANEL_DIM = theme.TEXT_DIM


def split_card(card: str) -> tuple[str, str]:
    return card[:-1], card[-1]


def one_at_a_time(per_seat: list[tuple[int, list | None, int]]) -> list[tuple[int, str | None]]:
    """A deal plan dealing one card at a time round ``per_seat`` ((seat, cards or None, count),
    in dealing order): each seat's first card, then each seat's second, and so on."""
    plan = []
    for i in range(max((c for _, _, c in per_seat), default=0)):
        for seat, cards, count in per_seat:
            if i < count:
                plan.append((seat, cards[i] if cards else None))
    return plan


def sentence(text: str) -> str:
    """``text`` with a capital first letter: a refusal may start with a card's name
    ("the seven of hearts is winning the trick")."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def stable_jitter(card: str, salt: str, lo: float, hi: float) -> float:
    """A deterministic pseudo-random number in [lo, hi] for a card (trick rotations)."""
    digest = hashlib.md5((salt + card).encode()).digest()
    return lo + (hi - lo) * digest[0] / 255.0


# --------------------------------------------------------------------------- controls

@dataclass
class Control:
    """One button (or the bid spinner) the table shows at the viewer's turn.

    ``kind``: ``"button"`` applies ``action``; ``"bid"`` is a spinner over ``values``
    whose button applies ``action_fmt.format(value)``.
    """

    action: str | None
    label: str
    kind: str = "button"
    style: str = "normal"
    enabled: bool = True
    tooltip: str | None = None
    suit: str | None = None
    values: list = field(default_factory=list)
    action_fmt: str = ""
    label_key: str = ""
    confirm: str | None = None        # a risky move (a fold): the first click asks, showing this label


# --------------------------------------------------------------------------- rows

# --------------------------------------------------------------------------- base adapter

class TrickAdapter:
    """Game-specific parts of the trick table. Subclasses fill in the details."""

    game_id = ""
    deck = "french"
    suits: tuple = ()
    rank_order: tuple = ()
    deal_interval = 0.09           # seconds between two dealt cards (normal speed)
    stock_game = False             # Tute for two: the deck becomes the stock
    big_calls: frozenset = frozenset()
    center_calls: frozenset = frozenset()   # event kinds whose bubble goes to the table's centre
    tie_kinds: frozenset = frozenset()      # event kinds of a tied trick (Truco's parda)
    keep_tricks = False            # decided tricks stay on the cloth, staggered (Truco), not swept
    show_deck = True               # the rest of the deck stays by the dealer after the deal
    controls_layout = "row"        # "row" above the hand, or "column" right of it

    def __init__(self, app, session) -> None:
        self.app = app
        self.session = session
        self.match = session.match
        self.n = self.match.players
        self.info: dict = {}
        self.reset(self.match.deal_index, self.match.dealer)

    # ----- words
    def t(self, key: str, **params) -> str:
        return self.app.t(key, **params)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.session.seats[seat].name

    def suit_name(self, suit: str) -> str:
        keys = FRENCH_SUITS_KEYS if self.deck == "french" else SPANISH_SUITS_KEYS
        return self.t(keys[suit])

    def card_name(self, card: str) -> str:
        """A card named in running text, by the language's pattern ("el siete de oros")."""
        return i18n.card_name(card, self.deck)

    def game_title(self) -> str:
        return self.t(f"games.{self.game_id}")

    # ----- sides (teams or seats)
    @property
    def teams(self) -> bool:
        return self.n == 4

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def side_count(self) -> int:
        return 2 if self.teams else self.n

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.n) if self.side_of(s) == side]

    def side_colour(self, side: int):
        return theme.TEAM[side] if self.teams else theme.SEAT_COLOURS[side % len(theme.SEAT_COLOURS)]

    def seat_colour(self, seat: int):
        return self.side_colour(self.side_of(seat))

    def side_name(self, side: int) -> str:
        return " & ".join(self.name(s) for s in self.side_seats(side))

    # ----- cards
    def sort_key(self, card: str):
        rank, suit = split_card(card)
        return (self.suits.index(suit), self.rank_order.index(rank))

    def trick_offset(self, slot: str, k: int, players: int) -> tuple[float, float]:
        """Shift of the ``k``-th trick's cards from a slot's trick spot (games that keep tricks)."""
        return (0.0, 0.0)

    def mucked_seats(self, ev) -> list[int]:
        """Seats whose hands an event sends back to the deck face down (a fold)."""
        return []

    def seat_badge(self, seat: int):
        """A short chip on a seat's plate, ``(text, colour or None)``, or None."""
        return None

    def side_panel(self, viewer: int) -> list | None:
        """Rows of a private panel for ``viewer`` (from the viewer's own view), or None."""
        return None

    def tie_label(self) -> str:
        return ""

    def tie_note(self, results: list) -> str | None:
        """What a tied trick means for the hand, given the results so far (ties as None)."""
        return None

    def winning_index(self, trick: list[tuple[int, str]]) -> int | None:
        """Which card of the open ``trick`` ((seat, card) in play order) is winning it, as far
        as the viewer can know (never by a trump the viewer has not been shown); None when no
        card can be named (nothing played, or a tie so far)."""
        return None

    def marker_tip(self, kind: str) -> str | None:
        """The tooltip of a marker the table draws (``"pile"``, ``"kept"``...), or None."""
        return None

    def badge_tip(self, seat: int) -> str | None:
        """The tooltip of the chip ``seat_badge`` puts on a seat's plate."""
        return None

    def notice(self, ev) -> str | None:
        """A line the table announces in its centre after ``ev`` (a rule that changes now)."""
        return None

    def deal_plan(self, events: list) -> list[tuple[int, str | None]]:
        """``[(seat, card or None), ...]`` in the order the cards fly, for a run of
        consecutive "dealt" events (already filtered for the viewer)."""
        plan = []
        for ev in events:
            cards = ev.data.get("cards")
            count = ev.data.get("count", len(cards or ()))
            for i in range(count):
                plan.append((ev.seat, cards[i] if cards else None))
        return plan

    # ----- the deal model
    def reset(self, deal_index: int, dealer: int) -> None:
        self.info = {"deal": deal_index, "dealer": dealer, "score": list(self.match.score)}

    def on_event(self, ev) -> None:
        """Update the model from one event (filtered for the viewer)."""

    def sync(self, view: dict, viewer: int | None) -> None:
        """Settle the model on a view (when the table is idle, or the viewer changed)."""
        self.info["score"] = list(view["score"])

    def panel_rows(self, viewer: int | None) -> list:
        return []

    # ----- calls
    def bubble(self, ev) -> str | None:
        return None

    def is_big_call(self, ev) -> bool:
        """Whether a call's bubble shakes a little (truco, a double...)."""
        return ev.kind in self.big_calls

    def bubble_cards(self, ev) -> tuple:
        """Cards shown with a call (a marriage, a cante), drawn in its bubble."""
        return ()

    def log_line(self, ev) -> str | None:
        text = self.bubble(ev)
        if text is None or ev.seat is None:
            return text
        return f"{self.name(ev.seat)}: {text}"

    def log_words(self, ev):
        """The log line of ``ev`` kept as what to say (see :meth:`deferred`), or None."""
        return self.deferred(self.log_line, ev)

    def bubble_words(self, ev):
        """The speech bubble of ``ev`` kept as what to say (see :meth:`deferred`), or None."""
        return self.deferred(self.bubble, ev)

    def deferred(self, say, ev):
        """``say(ev)`` kept as words, not text: a function that renders it in the language
        of the moment (a language change shows at once), against the deal model as it was
        when ``ev`` came (what is said may depend on it); None if ``say`` has nothing."""
        if say(ev) is None:
            return None
        info = copy.deepcopy(self.info)

        def words() -> str:
            live, self.info = self.info, info
            try:
                return say(ev) or ""
            finally:
                self.info = live
        return words

    def controls(self, legal: list[str], view: dict) -> list[Control]:
        return []

    def reason_text(self, exc) -> str:
        """The localized reason of an :class:`IllegalAction`."""
        key = f"reasons.{exc.reason_key}"
        params = {}
        for k, v in (exc.params or {}).items():
            if k == "suit":
                params["name"] = self.suit_name(v)
            elif k == "card":
                params["name"] = self.card_name(v)
            elif k in ("n", "min"):
                params["n"] = v
        text = self.t(key, **params)
        if text == key:                      # no string for this key: English from the engine
            return exc.reason
        return sentence(text)

    # ----- summaries
    def summary_rows(self, deal_index: int) -> list:
        return []

    def result_rows(self) -> list:
        rows = []
        for side in range(self.side_count()):
            rows.append([("dot", self.side_colour(side), 8),
                         ("t", self.side_name(side), PANEL_TEXT, theme.FONT, False, 300), ("fill",),
                         ("t", self.app.num(self.match.score[side]), theme.ACCENT, theme.FONT_BIG, True)])
        return rows

    def trophy_cards(self) -> tuple:
        """A few cards fanned over the match result."""
        return ()

    def human_side_result(self, winner: int | None) -> str | None:
        """"win"/"lose" when every human sits on one side, else None."""
        humans = self.session.humans
        if not humans or winner is None:
            return None
        sides = {self.side_of(s) for s in humans}
        if len(sides) != 1:
            return None
        return "win" if sides.pop() == winner else "lose"

    def concede_winner(self, seat: int) -> int:
        """The side that wins when ``seat`` concedes: the best other side."""
        mine = self.side_of(seat)
        others = [s for s in range(self.side_count()) if s != mine]
        return max(others, key=lambda s: self.match.score[s])


# --------------------------------------------------------------------------- Twenty-nine
