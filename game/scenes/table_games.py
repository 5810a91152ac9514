"""What the trick-game table needs to know about each game: one adapter per game.

The table scene (:mod:`game.scenes.table`) is the same for every trick game: it
deals, plays, sweeps tricks and shows bubbles from the engine's events. An adapter
supplies the game-specific parts:

- the deck (``"french"`` or ``"spanish"``), how a hand is sorted and how a card is
  named in text;
- the order in which dealt cards fly (:meth:`TrickAdapter.deal_plan`: 29 deals packets
  of four, Tute one card at a time);
- a small model of the public deal state kept from the events (bid, bidder, trump,
  points, cantes...) and the score panel drawn from it (:meth:`panel_rows`);
- the buttons for the game's calls (:meth:`controls`), only legal ones enabled;
- the words of each call's speech bubble and log line, in the chosen language;
- the rows of the deal summary and of the match result.

The two Trucos have their adapters in :mod:`game.scenes.table_truco` (registered in
:data:`ADAPTERS` at the end of this module).

Panel and summary contents are *rows*: lists of items drawn left to right on one
line by :func:`render_rows` (text, a suit sign, a small card, a team dot, the 29
red/black six, pips for deals won).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import pygame

from game.ui import suit_shapes as ss
from game.ui import theme
from game.ui.text import default_renderer

FRENCH_SUITS_KEYS = {"S": "suits.french.spades", "H": "suits.french.hearts",
                     "D": "suits.french.diamonds", "C": "suits.french.clubs"}
SPANISH_SUITS_KEYS = {"O": "suits.spanish.oros", "C": "suits.spanish.copas",
                      "E": "suits.spanish.espadas", "B": "suits.spanish.bastos"}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

PANEL_TEXT = theme.TEXT
PANEL_DIM = theme.TEXT_DIM
RED_SIX = (232, 70, 64)
BLACK_SIX = (30, 30, 34)


def _score_colour(score: int):
    """Red six for a positive score, black six (drawn light on the felt) for a negative one."""
    if score > 0:
        return RED_SIX
    if score < 0:
        return (170, 180, 190)
    return PANEL_TEXT


def split_card(card: str) -> tuple[str, str]:
    return card[:-1], card[-1]


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


# --------------------------------------------------------------------------- rows

def suit_icon(suit: str, deck: str, px: int, four_colour: bool = False) -> pygame.Surface:
    """A suit sign ``px`` high (drawn at 4x and smooth-scaled, cached)."""
    key = (suit, deck, px, four_colour)
    surf = _ICONS.get(key)
    if surf is None:
        k = 4
        big_h = px * k
        width = big_h if deck == "french" else int(big_h * ss.SPANISH_WIDTH.get(suit, 1.4) / 2 + 2)
        big = pygame.Surface((max(width, 4), big_h), pygame.SRCALPHA)
        pen = ss.Pen(big, big.get_width() / 2, big_h / 2, big_h / 2 * 0.92)
        if deck == "french":
            ss.draw_french(pen, suit, ss.french_colour(suit, four_colour))
        else:
            ss.draw_spanish(pen, suit)
        surf = pygame.transform.smoothscale(big, (max(1, big.get_width() // k), px))
        _ICONS[key] = surf
    return surf


_ICONS: dict = {}
_ROW_CACHE: dict = {}


def _six_marker(score: int, height: int) -> pygame.Surface:
    """The 29 score keeper: a small six of hearts (red, score >= 0) or spades (black)."""
    key = ("six", score >= 0, height)
    surf = _ICONS.get(key)
    if surf is None:
        w = int(height * 0.72)
        surf = pygame.Surface((w, height), pygame.SRCALPHA)
        pygame.draw.rect(surf, (252, 250, 242), surf.get_rect(), border_radius=max(3, height // 8))
        pygame.draw.rect(surf, (120, 116, 108), surf.get_rect(), 1, border_radius=max(3, height // 8))
        suit = "H" if score >= 0 else "S"
        ink = RED_SIX if score >= 0 else BLACK_SIX
        img = default_renderer().render("6", max(10, int(height * 0.42)), ink, True)
        surf.blit(img, img.get_rect(midtop=(w // 2, 0)))
        icon = suit_icon(suit, "french", max(6, int(height * 0.42)))
        surf.blit(icon, icon.get_rect(midbottom=(w // 2, height - max(2, height // 10))))
        _ICONS[key] = surf
    return surf


def _item_surface(app, item) -> pygame.Surface:
    kind = item[0]
    text = default_renderer()
    if kind == "t":
        _, s, colour, size, bold, *rest = item
        maxw = rest[0] if rest else None
        if maxw is not None:
            s = text.elide(s, size, maxw, bold)
        return text.render(s, size, colour, bold)
    if kind == "suit":                      # on a cream token, so black suits show on the dark panel
        _, suit, deck, px = item
        icon = suit_icon(suit, deck, px, app.settings.four_colour)
        d = max(icon.get_width(), icon.get_height()) + 8
        chip = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(chip, (250, 247, 238), (d // 2, d // 2), d // 2)
        chip.blit(icon, icon.get_rect(center=(d // 2, d // 2)))
        return chip
    if kind == "card":
        _, card, deck, h = item
        return app.cards(h).face(card, deck=deck)
    if kind == "back":
        _, deck, h = item
        return app.cards(h).back(deck=deck)
    if kind == "six":
        _, score, h = item
        return _six_marker(score, h)
    if kind == "dot":
        _, colour, r = item
        surf = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(surf, colour, (r + 1, r + 1), r)
        return surf
    if kind == "pips":
        _, filled, total, colour, r = item
        total = max(total, filled)
        surf = pygame.Surface((total * (2 * r + 5), 2 * r + 2), pygame.SRCALPHA)
        for i in range(total):
            c = (r + 1 + i * (2 * r + 5), r + 1)
            if i < filled:
                pygame.draw.circle(surf, colour, c, r)
            else:
                pygame.draw.circle(surf, (200, 210, 205), c, r, 2)
        return surf
    if kind == "gap":
        return pygame.Surface((item[1], 1), pygame.SRCALPHA)
    if kind == "img":                       # ("img", fn, *args): fn(app, *args) draws it (a tally)
        return item[1](app, *item[2:])
    if kind == "cell":                      # ("cell", text, colour, size, bold, width, align)
        _, s, colour, size, bold, width, align = item
        img = text.render_wrapped(s, size, max(10, width - 6), colour, bold, align)
        surf = pygame.Surface((width, img.get_height()), pygame.SRCALPHA)
        x = {"left": 0, "center": (width - img.get_width()) // 2, "right": width - img.get_width()}[align]
        surf.blit(img, (x, 0))
        return surf
    raise ValueError(f"unknown row item {kind!r}")


def render_rows(app, rows: list, width: int, pad: int = 12, gap: int = 6,
                bg=theme.PANEL, radius: int = 14, align: str = "left") -> pygame.Surface:
    """A panel surface holding ``rows`` (cached by content)."""
    key = (repr(rows), width, pad, gap, bg, align, app.settings.four_colour)
    surf = _ROW_CACHE.get(key)
    if surf is not None:
        return surf
    lines = []
    height = pad
    for row in rows:
        if row == ["---"]:
            lines.append(None)
            height += 9
            continue
        split = next((i for i, item in enumerate(row) if item[0] == "fill"), None)
        items = [_item_surface(app, item) for item in row if item[0] != "fill"]
        h = max((s.get_height() for s in items), default=0)
        lines.append((items, h, split))
        height += h + gap
    height += pad - gap
    surf = pygame.Surface((width, max(height, 2 * pad)), pygame.SRCALPHA)
    if bg is not None:
        pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=radius)
    y = pad
    for line in lines:
        if line is None:
            pygame.draw.line(surf, (255, 255, 255, 60), (pad, y + 3), (width - pad, y + 3))
            y += 9
            continue
        items, h, split = line
        total = sum(s.get_width() for s in items) + 6 * (len(items) - 1)
        x = pad if align == "left" else (width - total) // 2
        for i, s in enumerate(items):
            if split is not None and i == split:
                rest = sum(t.get_width() for t in items[i:]) + 6 * (len(items) - i - 1)
                x = max(x, width - pad - rest)
            surf.blit(s, (x, y + (h - s.get_height()) // 2))
            x += s.get_width() + 6
        y += h + gap
    if len(_ROW_CACHE) > 64:
        _ROW_CACHE.clear()
    _ROW_CACHE[key] = surf
    return surf


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
        rank, suit = split_card(card)
        if self.deck == "french":
            return rank + SUIT_SYMBOL[suit]
        return f"{rank} {self.suit_name(suit)}"

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
        return text

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

class TwentyNineAdapter(TrickAdapter):
    game_id = "twenty_nine"
    deck = "french"
    suits = ("S", "H", "C", "D")              # alternate colours in the hand
    rank_order = ("J", "9", "A", "10", "K", "Q", "8", "7")
    big_calls = frozenset({"doubled", "redoubled", "single hand", "marriage shown"})

    def reset(self, deal_index: int, dealer: int) -> None:
        super().reset(deal_index, dealer)
        self.info.update(bid=None, high=None, bidder=None, mult=1, trump=None, chosen=False,
                         revealed=False, single=None, marriage=None, target=None,
                         points=[0, 0], phase="auction")

    def on_event(self, ev) -> None:
        info = self.info
        kind, data = ev.kind, ev.data
        if kind == "bid":
            info["bid"], info["high"] = data["n"], ev.seat
        elif kind == "auction won":
            info["bidder"], info["bid"], info["target"] = ev.seat, data["bid"], data["bid"]
            info["phase"] = "double"
        elif kind == "doubled":
            info["mult"] = 2
        elif kind == "redoubled":
            info["mult"] = 4
        elif kind == "trump chosen":
            info["chosen"] = True
            if "suit" in data:
                info["trump"] = data["suit"]
        elif kind == "trump revealed":
            info["revealed"], info["trump"] = True, data["suit"]
        elif kind == "marriage shown":
            info["marriage"], info["target"] = ev.seat % 2, data["target"]
        elif kind == "single hand":
            info["single"] = ev.seat
        elif kind == "trick won":
            info["points"][ev.seat % 2] += data["points"]
            info["phase"] = "play"
        elif kind == "deal scored":
            info["score"] = list(data["score"])
            info["points"] = list(data["points"])

    def sync(self, view: dict, viewer: int | None) -> None:
        info = self.info
        info["score"] = list(view["score"])
        info["bid"], info["high"] = view["bid"], view["holder"]
        info["bidder"], info["mult"] = view["bidder"], view["multiplier"]
        info["revealed"], info["chosen"] = view["trump_revealed"], view["trump_chosen"]
        known = view["trump"] if (view["trump_revealed"] or (viewer is not None and viewer == view["bidder"])) else None
        info["trump"] = known
        info["single"], info["marriage"] = view["single_hand"], view["marriage_team"]
        info["target"], info["points"] = view["target"], list(view["points"])
        info["phase"] = view["phase"]

    def panel_rows(self, viewer: int | None) -> list:
        info, t, num = self.info, self.t, self.app.num
        rows = [[("t", self.game_title(), PANEL_TEXT, theme.FONT, True),
                 ("t", "· " + t("table.deal", n=info["deal"] + 1), PANEL_DIM, theme.FONT_SMALL, False)]]
        for team in (0, 1):
            score = info["score"][team]
            rows.append([("six", score, 40), ("dot", theme.TEAM[team], 6),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT_SMALL, False, 128),
                         ("fill",),
                         ("t", t("table.points", n=info["points"][team]), PANEL_DIM, 16, False),
                         ("cell", ("+" if score > 0 else "") + num(score), _score_colour(score), theme.FONT, True,
                          34, "right")])
        rows.append(["---"])
        if info["single"] is not None:
            rows.append([("t", t("table29.single_line", name=self.name(info["single"])), theme.ACCENT,
                          theme.FONT_SMALL, True, 296)])
            return rows
        if info["bidder"] is None:
            if info["bid"] is None:
                rows.append([("t", t("table29.bidding"), PANEL_DIM, theme.FONT_SMALL, False)])
            else:
                rows.append([("t", t("table29.high_bid", n=info["bid"], name=self.name(info["high"])),
                              PANEL_TEXT, theme.FONT_SMALL, False, 296)])
            return rows
        line = [("dot", self.seat_colour(info["bidder"]), 5),
                ("t", t("table29.bid_by", n=info["bid"], name=self.name(info["bidder"])), PANEL_TEXT,
                 theme.FONT_SMALL, True, 200)]
        if info["mult"] > 1:
            key = "table29.doubled" if info["mult"] == 2 else "table29.redoubled"
            line.append(("t", t(key, n=info["mult"]), theme.ACCENT, theme.FONT_SMALL, True))
        rows.append(line)
        trump = info["trump"]
        if not info["chosen"]:
            rows.append([("t", t("table29.trump_not_chosen"), PANEL_DIM, theme.FONT_SMALL, False, 296)])
        elif info["revealed"]:
            rows.append([("t", t("table29.trump_label"), PANEL_TEXT, theme.FONT_SMALL, False),
                         ("suit", trump, "french", 20),
                         ("t", self.suit_name(trump), PANEL_TEXT, theme.FONT_SMALL, True)])
        elif trump is not None:                     # the bidder sees his own hidden trump
            rows.append([("t", t("table29.trump_label"), PANEL_TEXT, theme.FONT_SMALL, False),
                         ("back", "french", 24), ("suit", trump, "french", 18),
                         ("t", t("table29.hidden_yours", name=self.suit_name(trump)), PANEL_DIM,
                          theme.FONT_SMALL, False, 190)])
        else:
            rows.append([("t", t("table29.trump_label"), PANEL_TEXT, theme.FONT_SMALL, False),
                         ("back", "french", 24),
                         ("t", t("table29.hidden"), PANEL_DIM, theme.FONT_SMALL, False)])
        target = info["target"] if info["target"] is not None else info["bid"]
        line = [("t", t("table.target", n=target), PANEL_TEXT, theme.FONT_SMALL, False)]
        if info["marriage"] is not None:
            line.append(("t", "· " + t("table29.marriage_line"), theme.ACCENT, theme.FONT_SMALL, False, 150))
        rows.append(line)
        return rows

    def bubble(self, ev) -> str | None:
        t, d = self.t, ev.data
        kind = ev.kind
        if kind == "bid":
            return t("calls.bid", n=d["n"])
        if kind == "passed":
            return t("calls.pass")
        if kind == "doubled":
            return t("calls.double")
        if kind == "redoubled":
            return t("calls.redouble")
        if kind == "trump chosen":
            return t("calls.trump_chosen")
        if kind == "single hand":
            return t("calls.single_hand")
        if kind == "trump revealed":
            return t("calls.reveal_trump")
        if kind == "marriage shown":
            return t("calls.marriage")
        return None

    def bubble_cards(self, ev) -> tuple:
        if ev.kind == "marriage shown":
            return ("K" + ev.data["suit"], "Q" + ev.data["suit"])
        return ()

    def log_line(self, ev) -> str | None:
        if ev.kind == "auction won":
            return self.t("calls.auction_won", name=self.name(ev.seat), n=ev.data["bid"])
        if ev.kind == "trump revealed":
            return f"{self.name(ev.seat)}: {self.t('calls.trump_is', name=self.suit_name(ev.data['suit']))}"
        if ev.kind == "deal void":
            return self.t("calls.all_passed")
        return super().log_line(ev)

    def controls(self, legal: list[str], view: dict) -> list[Control]:
        t = self.t
        phase = view.get("phase")
        out: list[Control] = []
        if phase == "auction":
            bids = sorted(int(a.split()[1]) for a in legal if a.startswith("bid "))
            if bids:
                out.append(Control(None, t("table29.bid_button", n=bids[0]), kind="bid", style="primary",
                                   values=bids, action_fmt="bid {}", label_key="table29.bid_button"))
            out.append(Control("pass", t("table29.pass")))
        elif phase in ("double", "redouble"):
            verb = phase
            out.append(Control(verb, t(f"table29.{verb}"), style="primary"))
            out.append(Control("pass", t("table29.pass")))
        elif phase == "trump":
            for suit in ("S", "H", "D", "C"):
                action = f"choose-trump {suit}"
                out.append(Control(action, self.suit_name(suit), suit=suit, enabled=action in legal))
        elif phase == "single-hand":
            out.append(Control("single-hand", t("table29.single_hand"), style="primary"))
            out.append(Control("pass", t("table29.pass")))
        elif phase == "play":
            for action, key in (("reveal-trump", "table29.reveal_trump"),
                                ("show-marriage", "table29.show_marriage")):
                if action in legal:
                    out.append(Control(action, t(key), style="primary"))
        return out

    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        rows: list = []
        scored = next((e for e in rec.events if e.kind == "deal scored"), None)
        if any(e.kind == "deal void" for e in rec.events):
            rows.append([("t", t("summary.void"), PANEL_TEXT, theme.FONT, False, 520)])
            return rows
        info = rec.info
        points = rec.points or [0, 0]
        if info.get("single_hand") is not None:
            seat = info["single_hand"]
            key = "summary.single_won" if info.get("made") else "summary.single_lost"
            rows.append([("dot", self.seat_colour(seat), 7),
                         ("t", t(key, name=self.name(seat)), PANEL_TEXT, theme.FONT, True, 520)])
        else:
            bidder = info.get("bidder")
            rows.append([("dot", self.seat_colour(bidder), 7),
                         ("t", t("summary.bid_by", name=self.name(bidder), n=info.get("bid")), PANEL_TEXT,
                          theme.FONT, True, 400)])
            line = [("t", t("table.target", n=info.get("target")), PANEL_TEXT, theme.FONT, False)]
            mult = info.get("multiplier", 1)
            if mult > 1:
                key = "table29.doubled" if mult == 2 else "table29.redoubled"
                line.append(("t", "· " + t(key, n=mult), theme.ACCENT, theme.FONT, True))
            if info.get("trump"):
                line += [("t", "·", PANEL_DIM, theme.FONT, False), ("suit", info["trump"], "french", 22),
                         ("t", self.suit_name(info["trump"]), PANEL_TEXT, theme.FONT, False)]
            rows.append(line)
            made = info.get("made")
            rows.append([("t", t("summary.made") if made else t("summary.failed"),
                          theme.GOOD if made else theme.DANGER, theme.FONT_BIG, True)])
        rows.append(["---"])
        rows.append([("t", t("summary.card_points"), PANEL_DIM, theme.FONT_SMALL, False)])
        for team in (0, 1):
            rows.append([("dot", theme.TEAM[team], 7),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT, False, 330),
                         ("fill",), ("cell", num(points[team]), PANEL_TEXT, theme.FONT, True, 60, "right")])
        if scored is not None:
            rows.append(["---"])
            team, delta = scored.data["team"], scored.data["delta"]
            rows.append([("t", t("summary.score_change"), PANEL_DIM, theme.FONT_SMALL, False),
                         ("dot", theme.TEAM[team], 6),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT_SMALL, False, 250),
                         ("t", ("+" if delta > 0 else "") + num(delta), theme.GOOD if delta > 0 else theme.DANGER,
                          theme.FONT, True)])
            score = scored.data["score"]
            for tm in (0, 1):
                rows.append([("six", score[tm], 40), ("dot", theme.TEAM[tm], 6),
                             ("t", self.side_name(tm), PANEL_TEXT, theme.FONT, False, 330),
                             ("fill",), ("cell", ("+" if score[tm] > 0 else "") + num(score[tm]), PANEL_TEXT,
                                         theme.FONT_BIG, True, 60, "right")])
        return rows

    def result_rows(self) -> list:
        rows = []
        for team in (0, 1):
            score = self.match.score[team]
            rows.append([("six", score, 44), ("dot", theme.TEAM[team], 8),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT, False, 300), ("fill",),
                         ("t", ("+" if score > 0 else "") + self.app.num(score), theme.ACCENT, theme.FONT_BIG, True)])
        return rows

    def concede_winner(self, seat: int) -> int:
        return 1 - seat % 2

    def trophy_cards(self) -> tuple:
        return ("JS", "JH", "JC", "JD")


# --------------------------------------------------------------------------- Tute

class TuteAdapter(TrickAdapter):
    game_id = "tute"
    deck = "spanish"
    suits = ("O", "C", "E", "B")
    rank_order = ("1", "3", "12", "11", "10", "7", "6", "5", "4", "2")
    big_calls = frozenset({"sang", "capote announced"})

    @property
    def stock_game(self) -> bool:       # type: ignore[override]
        return self.n == 2

    def game_title(self) -> str:
        return self.t({2: "tute_table.variant_two", 3: "tute_table.variant_three",
                       4: "tute_table.variant_four"}[self.n])

    def deal_plan(self, events: list) -> list[tuple[int, str | None]]:
        """One card at a time round the table, mano first (rules §2)."""
        per_seat = []
        for ev in events:
            cards = ev.data.get("cards")
            count = ev.data.get("count", len(cards or ()))
            per_seat.append((ev.seat, cards, count))
        plan = []
        for i in range(max((c for _, _, c in per_seat), default=0)):
            for seat, cards, count in per_seat:
                if i < count:
                    plan.append((seat, cards[i] if cards else None))
        return plan

    def reset(self, deal_index: int, dealer: int) -> None:
        super().reset(deal_index, dealer)
        self.info.update(trump_card=None, trump_suit=None, stock=0, points=[0] * self.side_count(),
                         cantes=[], capote=None)

    def on_event(self, ev) -> None:
        info, kind, data = self.info, ev.kind, ev.data
        if kind == "trump turned":
            info["trump_card"], info["trump_suit"] = data["card"], data["suit"]
            if self.n == 2:
                info["stock"] = 24
        elif kind == "drew":
            info["stock"] = max(0, info["stock"] - 1)
        elif kind == "exchanged":
            info["trump_card"] = data["card"]
        elif kind == "trick won":
            side = self.side_of(ev.seat)
            info["points"][side] += data["points"]
            if self.n == 2:
                info["score"][side] += data["points"]
        elif kind == "sang":
            side = self.side_of(ev.seat)
            what = data["what"]
            info["cantes"].append((ev.seat, "tute" if what == "tute" else str(data.get("points")),
                                   data.get("suit")))
            if what != "tute":
                info["points"][side] += data["points"]
                if self.n == 2:
                    info["score"][side] += data["points"]
        elif kind == "capote announced":
            info["capote"] = ev.seat
        elif kind == "deal scored":
            info["score"] = list(data["score"])
            info["points"] = list(data["points"])

    def sync(self, view: dict, viewer: int | None) -> None:
        info = self.info
        info["score"] = list(view["score"])
        info["trump_card"], info["trump_suit"] = view["trump_card"], view["trump_suit"]
        info["stock"] = view["stock_size"]
        info["points"] = list(view["points"])
        info["cantes"] = [(c["seat"], c["kind"], c["suit"]) for c in view["cantes"]]
        info["capote"] = view["capote"]

    def cante_text(self, kind: str, suit: str | None) -> str:
        if kind == "tute":
            return self.t("calls.tute")
        if kind == "40":
            return self.t("calls.forty")
        return self.t("calls.twenty", name=self.suit_name(suit))

    def panel_rows(self, viewer: int | None) -> list:
        info, t, num = self.info, self.t, self.app.num
        rows = [[("t", self.game_title(), PANEL_TEXT, theme.FONT, True, 200),
                 ("t", "· " + t("table.deal", n=info["deal"] + 1), PANEL_DIM, theme.FONT_SMALL, False)]]
        if info["trump_card"]:
            line = [("card", info["trump_card"], "spanish", 46),
                    ("t", t("tute_table.trump", name=self.suit_name(info["trump_suit"])), PANEL_TEXT,
                     theme.FONT_SMALL, True, 150)]
            if self.n == 2:
                line.append(("t", "· " + t("tute_table.stock", n=info["stock"]), PANEL_DIM, theme.FONT_SMALL, False))
            rows.append(line)
        rows.append(["---"])
        target = self.match.options.get("target", 101) if self.n == 2 else self.match.options.get("wins", 3)
        for side in range(self.side_count()):
            line = [("dot", self.side_colour(side), 6),
                    ("t", self.side_name(side), PANEL_TEXT, theme.FONT_SMALL, False, 138 if self.n != 2 else 130),
                    ("fill",),
                    ("t", t("table.points", n=info["points"][side]), PANEL_TEXT, theme.FONT_SMALL, True)]
            if self.n == 2:
                line.append(("t", f"{num(info['score'][side])}/{num(target)}", theme.ACCENT, theme.FONT_SMALL, True))
            else:
                line.append(("pips", info["score"][side], target, theme.ACCENT, 5))
            rows.append(line)
        sung = [c for c in info["cantes"]]
        if sung:
            texts = []
            for seat, kind, suit in sung[-3:]:
                if kind == "tute":
                    texts.append(t("calls.tute"))
                elif kind == "40":
                    texts.append(num(40))
                else:
                    texts.append(num(20) + " " + self.suit_name(suit))
            rows.append([("t", t("tute_table.cantes", name=", ".join(texts)), PANEL_DIM, theme.FONT_SMALL,
                          False, 296)])
        if info["capote"] is not None:
            rows.append([("t", t("tute_table.capote_by", name=self.name(info["capote"])), theme.ACCENT,
                          theme.FONT_SMALL, True, 296)])
        return rows

    def bubble(self, ev) -> str | None:
        kind, d = ev.kind, ev.data
        if kind == "sang":
            what = d["what"]
            if what == "tute":
                return self.t("calls.tute")
            if what == "40":
                return self.t("calls.forty")
            return self.t("calls.twenty", name=self.suit_name(d["suit"]))
        if kind == "passed":
            return self.t("calls.pass_window") if d.get("round") == "window" else self.t("calls.pass")
        if kind == "exchanged":
            rank, _ = split_card(d["card"])
            return self.t("calls.exchange", n=int(rank))
        if kind == "capote announced":
            return self.t("calls.capote")
        return None

    def bubble_cards(self, ev) -> tuple:
        if ev.kind != "sang":
            return ()
        if ev.data.get("what") == "tute":
            rank = "12" if ev.data.get("cards") == "kings" else "11"
            return tuple(rank + s for s in self.suits)
        suit = ev.data.get("suit")
        return ("12" + suit, "11" + suit) if suit else ()

    def log_line(self, ev) -> str | None:
        if ev.kind == "capote won":
            return self.t("calls.capote_won", name=self.name(ev.seat))
        if ev.kind == "capote lost":
            return self.t("calls.capote_lost", name=self.name(ev.seat))
        return super().log_line(ev)

    def controls(self, legal: list[str], view: dict) -> list[Control]:
        t = self.t
        out: list[Control] = []
        for action in legal:
            if action.startswith("play "):
                continue
            if action == "sing 40":
                out.append(Control(action, t("tute_table.sing40", n=40), style="primary"))
            elif action.startswith("sing 20 "):
                suit = action.split()[2]
                out.append(Control(action, t("tute_table.sing20", n=20, name=self.suit_name(suit)),
                                   style="primary", suit=suit))
            elif action == "sing tute":
                out.append(Control(action, t("tute_table.sing_tute"), style="primary"))
            elif action == "exchange":
                exch = self.match.exch
                rank = int(split_card(self.match.deck.names[exch])[0]) if exch is not None else 7
                out.append(Control(action, t("tute_table.exchange", n=rank)))
            elif action == "capote":
                out.append(Control(action, t("tute_table.capote"), style="danger"))
            elif action == "pass":
                out.append(Control(action, t("tute_table.pass")))
        return out

    def result_rows(self) -> list:
        if self.n == 2:
            return super().result_rows()
        wins = self.match.options.get("wins", 3)
        rows = []
        for side in range(self.side_count()):
            rows.append([("dot", self.side_colour(side), 8),
                         ("t", self.side_name(side), PANEL_TEXT, theme.FONT, False, 300), ("fill",),
                         ("pips", self.match.score[side], wins, theme.ACCENT, 8)])
        return rows

    def trophy_cards(self) -> tuple:
        return ("1O", "1C", "1E", "1B")

    def _deal_breakdown(self, rec) -> tuple[list, list, list, int | None]:
        """(card points, cantes, last ten per side, last-trick winner) of a recorded deal."""
        k = self.side_count()
        cards, cantes, last = [0] * k, [0] * k, [0] * k
        tricks = [e for e in rec.events if e.kind == "trick won"]
        last_winner = None
        for i, e in enumerate(tricks):
            side = self.side_of(e.seat)
            cards[side] += e.data["points"]
        if tricks and len(tricks) == self.match.ntricks:
            last_winner = tricks[-1].seat
            side = self.side_of(last_winner)
            cards[side] -= 10
            last[side] = 10
        for e in rec.events:
            if e.kind == "sang" and e.data.get("what") != "tute":
                cantes[self.side_of(e.seat)] += e.data["points"]
        return cards, cantes, last, last_winner

    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        cards, cantes, last, _ = self._deal_breakdown(rec)
        points = rec.points or [0] * self.side_count()
        rows: list = []
        info = rec.info
        if info.get("tute") is not None:
            rows.append([("t", t("summary.tute_win", name=self.name(info["tute"])), theme.ACCENT,
                          theme.FONT, True, 520)])
        if info.get("capote") is not None:
            key = "summary.capote_won" if info.get("capote_result") == "won" else "summary.capote_lost"
            rows.append([("t", t(key, name=self.name(info["capote"])), theme.ACCENT, theme.FONT, True, 520)])
        widths = (104, 92, 92, 104)
        heads = [t("summary.card_points"), t("tute_table.last_ten"), t("summary.cantes"), t("summary.deal_total")]
        rows.append([("gap", 194)] + [("cell", h, PANEL_DIM, 16, False, w, "center") for h, w in zip(heads, widths)])
        for side in range(self.side_count()):
            values = [num(cards[side]), num(last[side]) if last[side] else "–",
                      num(cantes[side]) if cantes[side] else "–", num(points[side])]
            rows.append([("dot", self.side_colour(side), 7),
                         ("cell", self.side_name(side), PANEL_TEXT, theme.FONT, False, 172, "left")]
                        + [("cell", v, PANEL_TEXT if i < 3 else theme.ACCENT, theme.FONT, True, w, "center")
                           for i, (v, w) in enumerate(zip(values, widths))])
        rows.append(["---"])
        winner = info.get("deal_winner")
        if self.n == 2:
            target = self.match.options.get("target", 101)
            rows.append([("t", t("summary.match_total"), PANEL_DIM, theme.FONT_SMALL, False)])
            scored = next((e for e in rec.events if e.kind == "deal scored"), None)
            score = scored.data["score"] if scored else self.match.score
            for side in range(2):
                rows.append([("dot", self.side_colour(side), 7),
                             ("t", self.side_name(side), PANEL_TEXT, theme.FONT, False, 260),
                             ("t", f"{num(score[side])} / {num(target)}", theme.ACCENT, theme.FONT, True)])
        elif winner is not None:
            rows.append([("dot", self.side_colour(winner), 8),
                         ("t", t("summary.deal_winner", name=self.side_name(winner)), theme.GOOD, theme.FONT_BIG,
                          True, 520)])
            wins = self.match.options.get("wins", 3)
            scored = next((e for e in rec.events if e.kind == "deal scored"), None)
            score = scored.data["score"] if scored else self.match.score
            rows.append([("t", t("summary.deals_won"), PANEL_DIM, theme.FONT_SMALL, False)])
            for side in range(self.side_count()):
                rows.append([("dot", self.side_colour(side), 7),
                             ("t", self.side_name(side), PANEL_TEXT, theme.FONT, False, 260),
                             ("pips", score[side], wins, theme.ACCENT, 7)])
        return rows


ADAPTERS = {"twenty_nine": TwentyNineAdapter, "tute": TuteAdapter}

import game.scenes.table_truco  # noqa: E402,F401  (adds the two Trucos to ADAPTERS)


def make_adapter(app, session) -> TrickAdapter:
    """The adapter for the session's game; ValueError for a game the table cannot seat yet."""
    game_id = session.match.game_id
    if game_id not in ADAPTERS:
        raise ValueError(f"the trick table has no adapter for {game_id!r} yet "
                         f"(games: {', '.join(sorted(ADAPTERS))})")
    return ADAPTERS[game_id](app, session)


__all__ = ["Control", "TrickAdapter", "TwentyNineAdapter", "TuteAdapter", "ADAPTERS", "make_adapter",
           "render_rows", "suit_icon", "split_card", "stable_jitter"]
