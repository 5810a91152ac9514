"""Buraco's own table: a rummy table, not a trick table, on the shared shell.

The scene has the same hooks as :class:`~game.scenes.table.TableScene` (``is_idle``,
``my_turn``, ``act``, ``skip_animations``, ``save_match``, ``concede``, ``open_pause``,
``hand_drawn_for``, ``handoffs``), autosaves after every action, hands the device over
in hot-seat and shows the deal summary and the match result at the end.

What is on the cloth (a warmer colour than the trick games' green):

- the viewer's hand at the bottom, sorted by suit or by rank (the toggle under the
  viewer's plate); cards are selected with a click (or ←/→ and Space) and then laid as a
  new meld (the Meld button, Enter, a click on the side's meld area, or a drag there) or
  added to one of the side's melds (a click on it, a drag onto it, or ↑, ←/→, Enter).
  An illegal meld or add is explained in words (the engine's ``meld_check`` reason,
  localised) before anything is sent to the engine;
- the side's melds as fanned rows in the lower area, the opponents' smaller in the upper
  one; a canasta carries a ribbon with its kind (dirty, clean, royal, ace to ace) and a
  wild card stands raised and outlined in its place;
- on the right the stock and the two muertos with their counts, the discard pile (fanned
  in the open modes, only its top card in the closed ones, with the closed-pile
  obligation written under it) and the buttons of the moment (Draw, Take the pile; Meld,
  Discard, Clear);
- a score panel and a log of the hand on the left; name plates for every seat.

Every movement comes from the engine's events (dealt, drew, took pile, melded, added,
discarded, batted, muertos to stock, closed), queued and played back in order while the
scene keeps its own display model; bots act only when the queue is empty, after a short
"thinking" delay. In hot-seat the table never draws a hand that is not the viewer's:
during the hand-off the viewer is nobody and every hand is hidden.

:class:`BuracoAdapter` (registered in ``table_games.ADAPTERS``) gives the shared deal
summary and match result their Buraco rows: the per-hand breakdown of melded cards,
canastas, the close bonus, cards in hand and the muerto penalty.
"""
from __future__ import annotations

import logging
import math
import time
from collections import Counter

import pygame

from game.games.buraco_melds import BONUS, RULES
from game.scenes.table import felt_surface
from game.scenes.table_base import PLATE_SIZE, MatchTableScene
from game.scenes.table_games import ADAPTERS, PANEL_DIM, PANEL_TEXT, SUIT_SYMBOL, TrickAdapter, render_rows
from game.ui import anim, theme
from game.ui.card_art import card_size
from game.ui.widgets import Button, draw_tooltip

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT
HAND_H = 162                    # the viewer's cards: >= 22 % of 720
OURS_H = 96                     # the side's melds (shrunk when there are many)
THEIRS_H = 64                   # the opponents' melds
FAN_H = 46                      # other players' hands, face down
STOCK_H = 96
MUERTO_H = 56
PILE_OPEN_H = 70
PILE_TOP_H = 112
DECK = "french"

# Where things are (1280 x 720).
OURS_RECT = pygame.Rect(248, 262, 788, 232)
THEIRS_RECT = pygame.Rect(248, 82, 788, 166)
HAND_X0, HAND_X1 = 252, 1032
HAND_Y = 630
TURN_Y = 502
STOCK_POS = (1098, 146)
MUERTO_POS = {"ours": (1218, 170), "theirs": (1218, 114)}
PILE_RECT = pygame.Rect(1048, 258, 220, 194)
PILE_TOP_POS = (1158, 318)
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_GAP = 1052, 212, 44, 8
BUTTON_BOTTOM = 710
SORT_RECT = pygame.Rect(22, 650, 204, 40)
SCORE_RECT = pygame.Rect(8, 8, 232, 10)
CENTER = (642, 254)
PLATES = {"bottom": (124, 600), "top": (372, 36), "right": (1158, 36), "left": (124, 474)}
FANS = {"top": (498, 36, "left", 300), "right": (1036, 36, "right", 150), "left": (124, 526, "center", 200)}
BUBBLES = {"bottom": ((1030, 488), "bottomright"), "top": ((270, 72), "topleft"),
           "right": ((1268, 70), "topright"), "left": ((234, 474), "midleft")}
SLOT_ORDER = {2: ("bottom", "top"), 4: ("bottom", "right", "top", "left")}

DEAL_STEP = 0.045
DEAL_FLIGHT = 0.25
DRAW_FLIGHT = 0.25
PLAY_FLIGHT = 0.22
MUERTO_FLIGHT = 0.55
BUBBLE_TIME = 1.5
LOG_LINES = 8
LIFT = 22

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_ORDER = ("S", "H", "C", "D")               # alternate colours in the hand
KIND_ORDER = {None: 0, "dirty": 1, "clean": 2, "royal": 3, "ace-to-ace": 4}
KIND_KEY = {"dirty": "canasta_dirty", "clean": "canasta_clean", "royal": "canasta_royal",
            "ace-to-ace": "canasta_ace"}
KIND_COLOUR = {"dirty": (206, 208, 214), "clean": (250, 214, 110), "royal": (255, 170, 96),
               "ace-to-ace": (196, 160, 255)}


# --------------------------------------------------------------------------- melds as shown

def _rank_pos(rank: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(rank) or int(rank)


def _natural_at(suit: str, pos: int) -> str:
    if pos in (1, 14):
        return "A" + suit
    return {11: "J", 12: "Q", 13: "K"}.get(pos, str(pos)) + suit


def describe_meld(cards: list[str]) -> dict:
    """A meld as the table shows it, from its canonical card list (a run by position
    with its wild written on its place, a set with its wild last): the cards, the
    index of the wild (None if clean), the card the wild stands for, run or set and
    the canasta kind (§8.1)."""
    cards = list(cards)
    naturals = [c for c in cards if c != "JK" and c[:-1] != "2"]
    ranks = {c[:-1] for c in naturals}
    run = True
    if len(ranks) == 1 and len(naturals) >= 2:
        # one rank twice or more: a set (a run repeats no rank but the two aces of A..A)
        run = len(cards) == 14 and ranks == {"A"}
    wild = None
    stands = None
    if run and naturals:
        suit = naturals[0][-1]
        lo = None
        for i, c in enumerate(cards):
            if c in naturals and c[:-1] != "A":
                lo = _rank_pos(c[:-1]) - i
                break
        if lo is None:                         # only aces among the naturals
            lo = 1 if cards[0][:-1] == "A" else 14 - (len(cards) - 1)
        for i, c in enumerate(cards):
            expected = _natural_at(suit, lo + i)
            if c != expected:
                wild, stands = i, expected
                break
    elif not run:
        for i, c in enumerate(cards):
            if c == "JK" or c[:-1] == "2":
                wild = i
    size = len(cards)
    kind = None
    if size >= 7:
        if wild is not None:
            kind = "dirty"
        elif run and size == 14:
            kind = "ace-to-ace"
        elif run and size == 13:
            kind = "royal"
        else:
            kind = "clean"
    return {"cards": cards, "wild": wild, "stands": stands, "run": run, "canasta": kind}


def meld_from_info(info: dict) -> dict:
    """The table's meld from a view's ``meld_info`` entry (exact wild place)."""
    cards = list(info["cards"])
    wild = None
    if info.get("wild"):
        if info["run"] and info.get("wild_pos") and info.get("lo") is not None:
            wild = info["wild_pos"] - info["lo"]
        else:
            wild = len(cards) - 1
    return {"cards": cards, "wild": wild, "stands": info.get("wild_for"), "run": info["run"],
            "canasta": info.get("canasta")}


def sort_key(card: str, by: str):
    if card == "JK":
        return (20, 0)
    rank, suit = card[:-1], card[-1]
    s = SUIT_ORDER.index(suit)
    r = RANKS.index(rank)
    if by == "rank":
        order = 13 if rank == "2" else (12 if rank == "A" else r - 2)   # 3..K, A, then the 2s
        return (order, s)
    return (s, r)


# --------------------------------------------------------------------------- the adapter

class BuracoAdapter(TrickAdapter):
    """Buraco's words for the shared summary and result scenes (and the table)."""

    game_id = "buraco"
    deck = DECK
    suits = SUIT_ORDER
    rank_order = RANKS

    def sort_key(self, card: str):
        return sort_key(card, "suit")

    def card_name(self, card: str) -> str:
        if card == "JK":
            return self.t("buraco_table.joker")
        return card[:-1] + SUIT_SYMBOL[card[-1]]

    def mode_name(self, mode: str | None = None) -> str:
        return self.t(f"options.buraco.mode_{mode or self.match.options['mode']}")

    def kind_name(self, kind: str) -> str:
        return self.t(f"buraco_table.{KIND_KEY[kind]}")

    # ----- reasons
    def reason_words(self, english: str, key: str, params: dict | None) -> str:
        """A refusal in the player's language: ``buraco_reasons.<key>``; the engine's
        English words when there is no string for it."""
        params = params or {}
        p: dict = {}
        for k, v in params.items():
            if k == "card":
                p["name"] = self.card_name(v)
            elif k == "mode":
                p["name"] = self.mode_name(v)
            elif k == "index":
                p["n"] = v + 1
        if key == "close_needs_canasta" and params.get("clean"):
            key = "close_needs_clean"
        if key in ("too_few", "select_meld"):
            p["n"] = 3
        elif key == "set_too_big":
            p["n"] = 9
        lookup = f"buraco_reasons.{key}"
        text = self.t(lookup, **p)
        return english if text == lookup else text

    def reason_text(self, exc) -> str:
        return self.reason_words(exc.reason, exc.reason_key, exc.params)

    # ----- summaries
    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        info = rec.info
        details = info.get("details")
        rows: list = []
        if not details:
            return rows
        closer = next((e.seat for e in rec.events if e.kind == "closed"), None)
        if closer is not None:
            rows.append([("dot", self.seat_colour(closer), 7),
                         ("t", t("buraco_summary.closed_by", name=self.name(closer)), theme.GOOD, theme.FONT,
                          True, 540)])
        else:
            stall = next((e.data.get("stalled") for e in rec.events if e.kind == "stock exhausted"), None)
            words = t("buraco_summary.stalled", n=stall) if stall else t("buraco_summary.stock_out")
            rows.append([("t", words, PANEL_TEXT, theme.FONT, True, 560)])
        label_w, col_w = 236, 168
        heads = [("gap", label_w)]
        for side in (0, 1):
            heads += [("dot", self.side_colour(side), 6),
                      ("cell", self.side_name(side), PANEL_TEXT, 17, True, col_w - 18, "center")]
        rows.append(heads)
        items = (("cards", "melded"), ("canastas", "canastas"), ("close", "close"), ("hand", "in_hand"),
                 ("muerto", "muerto"))
        for field, key in items:
            row = [("cell", t(f"buraco_summary.{key}"), PANEL_DIM, theme.FONT_SMALL, False, label_w, "left")]
            for side in (0, 1):
                v = details[side][field]
                text = _signed(v, num) if v else "–"
                colour = PANEL_TEXT if v >= 0 else (236, 150, 140)
                row += [("gap", 12), ("cell", text, colour, theme.FONT, True, col_w - 12, "center")]
            rows.append(row)
            if field == "canastas":
                kinds = info.get("canastas") or [[], []]
                sub = [("gap", label_w)]
                words = []
                for side in (0, 1):
                    counted = Counter(k for k in kinds[side] if k)
                    words.append(", ".join(t("buraco_summary.kind_count", name=self.kind_name(k), n=c)
                                           for k, c in sorted(counted.items(), key=lambda kv: -KIND_ORDER[kv[0]])))
                if any(words):
                    for w in words:
                        sub += [("gap", 12), ("cell", w or "", PANEL_DIM, 15, False, col_w - 12, "center")]
                    rows.append(sub)
        rows.append(["---"])
        row = [("cell", t("buraco_summary.total"), theme.ACCENT, theme.FONT, True, label_w, "left")]
        for side in (0, 1):
            row += [("gap", 12), ("cell", _signed(details[side]["total"], num, plus=False), theme.ACCENT,
                                  theme.FONT_BIG, True, col_w - 12, "center")]
        rows.append(row)
        rows.append(["---"])
        scored = next((e for e in rec.events if e.kind == "hand scored"), None)
        score = scored.data["score"] if scored else self.match.score
        target = self.match.options.get("target", 2000)
        row = [("cell", t("buraco_summary.match"), PANEL_DIM, theme.FONT_SMALL, False, label_w, "left")]
        for side in (0, 1):
            row += [("gap", 12), ("cell", f"{num(score[side])} / {num(target)}", PANEL_TEXT, theme.FONT, True,
                                  col_w - 12, "center")]
        rows.append(row)
        return rows

    def trophy_cards(self) -> tuple:
        return ("10H", "JH", "QH", "KH", "AH")


def _signed(v: int, num, plus: bool = True) -> str:
    if v < 0:
        return "-" + num(-v)
    return ("+" if plus and v > 0 else "") + num(v)


ADAPTERS["buraco"] = BuracoAdapter


# --------------------------------------------------------------------------- moving things

class Flight:
    """A card (or a packet of ``packet`` cards) moving across the cloth."""

    __slots__ = ("card", "p0", "p1", "a0", "a1", "h0", "h1", "tween", "face", "arc", "packet")

    def __init__(self, card, p0, p1, a0, a1, h0, h1, face=True, arc=0.0, packet=0):
        self.card, self.p0, self.p1 = card, p0, p1
        self.a0, self.a1, self.h0, self.h1 = a0, a1, h0, h1
        self.tween = None
        self.face, self.arc, self.packet = face, arc, packet


class Bubble:
    __slots__ = ("text", "left", "total", "big")

    def __init__(self, text: str, seconds: float, big: bool) -> None:
        self.text, self.left, self.total, self.big = text, seconds, seconds, big


# --------------------------------------------------------------------------- the scene

class BuracoTableScene(MatchTableScene):
    """The Buraco table for ``session`` (see the module docstring)."""

    BARRIER = frozenset({"hand scored", "match won"})
    CACHE_LIMIT = 800
    NOT_LEGAL_KEY = "buraco_reasons.not_legal"
    HINT_SECONDS = 4.0
    PLATE_FILL = (34, 20, 14, 238)
    PLATE_FILL_ACTIVE = (52, 40, 22, 245)

    def __init__(self, app, session) -> None:
        super().__init__(app)
        if session.match.game_id != "buraco":
            raise ValueError(f"the Buraco table cannot seat {session.match.game_id!r}")
        if session.match.players not in SLOT_ORDER:
            raise ValueError(f"Buraco is played by 2 or 4, not {session.match.players}")
        self._init_match(session, 0xB0C0, LOG_LINES)
        self.adapter = BuracoAdapter(app, session)
        self.n = self.match.players
        self.mode = self.match.options["mode"]
        self.rules = RULES[self.mode]
        self.closed_pile = self.rules.closed_pile
        self.deck_total = 104 if self.mode == "open" else 108
        self.flights: list[Flight] = []
        self.sort_by = "suit"
        self.selected: set[int] = set()
        self.meld_cursor: int | None = None
        self.hover: tuple | None = None
        self.drag: list[int] | None = None
        self._accepting: set[int] = set()
        self._accept_key = None
        self._version = 0
        self._attach()

    # ----- services ---------------------------------------------------------------
    @property
    def base(self) -> int:
        """The seat drawn at the bottom (the viewer, else the device holder, else seat 0)."""
        if self.viewer is not None:
            return self.viewer
        return self.holder if self.holder is not None else 0

    def slot_name(self, seat: int) -> str:
        return SLOT_ORDER[self.n][(seat - self.base) % self.n]

    def side_of(self, seat: int) -> int:
        return seat & 1

    def zone_of(self, side: int) -> str:
        return "ours" if side == (self.base & 1) else "theirs"

    def _prewarm(self) -> None:
        art = self.app.cards(HAND_H)
        for card in self.match.deck.names:
            if card != "JK" or self.mode != "open":
                art.face(card, deck=DECK)
        art.back(deck=DECK)
        felt_surface(colour=theme.FELT_BURACO, dark=theme.FELT_BURACO_DARK)

    # ----- the display model ----------------------------------------------------------
    def _reset_display(self, deal_index: int, dealer: int, sound: bool = True) -> None:
        self.shown_deal = deal_index
        self.dealer = dealer
        self.hands: list[list] = [[] for _ in range(self.n)]
        self.melds: list[list[dict]] = [[], []]
        self.pile: list[str] = []                 # top last
        self.pile_count = 0
        self.stock = self.deck_total
        self.dealing = False
        self.muerto = [0, 0]
        self.muerto_state = ["table", "table"]
        self.phase = "draw"
        self.must: str | None = None
        self.flash: dict = {}
        self.flights = []
        self.selected = set()
        self.kb_index = None
        self.meld_cursor = None
        self.bubbles = {k: v for k, v in self.bubbles.items() if k == -1}
        self._version += 1
        if sound:
            self.sound("shuffle")

    def _process(self, di: int, raw) -> None:
        if di != self.shown_deal and raw.kind == "dealt":
            dealer = self.match.records[di].dealer if di < len(self.match.records) else self.match.dealer
            self._reset_display(di, dealer)
        ev = raw.for_seat(self.viewer)
        kind = ev.kind
        self.need_sync = True
        self._version += 1
        if kind == "dealt":
            batch = [ev]
            while self.pending and self.pending[0][1].kind == "dealt" and self.pending[0][0] == di:
                batch.append(self.pending.popleft()[1].for_seat(self.viewer))
            self._deal(batch)
        elif kind == "drew":
            self._drew(ev)
        elif kind == "took pile":
            self._took(ev)
        elif kind == "melded":
            self._melded(ev)
        elif kind == "added":
            self._added(ev)
        elif kind == "discarded":
            self._discarded(ev)
        elif kind == "batted":
            self._batted(ev)
        elif kind == "muertos to stock":
            self._muertos_to_stock(ev)
        elif kind == "stock exhausted":
            self._bubble(-1, self._stock_out_words(ev), False)
            self._hold(1.2)
        elif kind == "closed":
            self._bubble(ev.seat, self.app.t("buraco_table.bubble_close"), True)
            self.sound("call")
            self._hold(1.3)
        elif kind == "hand scored":
            self._hand_over(di)
        elif kind == "match won":
            self._match_over()
        self._log_event(ev)

    # ----- flights ---------------------------------------------------------------------
    def _fly(self, card, p0, p1, h0, h1, duration, delay=0.0, a0=0.0, a1=0.0, face=True, arc=0.0, packet=0,
             ease=anim.ease_out_cubic, on_start=None, on_land=None) -> Flight:
        return self._launch(Flight(card, p0, p1, a0, a1, h0, h1, face, arc, packet),
                            duration, delay, ease, on_start, on_land)

    def _hand_h(self, seat: int) -> int:
        return HAND_H if seat == self.viewer else FAN_H

    def _hand_target(self, seat: int, card: str | None = None) -> tuple:
        """Where a card joining ``seat``'s hand lands (in sorted place for the viewer)."""
        hand = self.hands[seat]
        pos = self._hand_positions(seat, len(hand) + 1)
        if not pos:
            return PLATES[self.slot_name(seat)]
        i = len(hand)
        if seat == self.viewer and card is not None:
            key = sort_key(card, self.sort_by)
            i = sum(1 for c in hand if c is not None and sort_key(c, self.sort_by) <= key)
        return pos[min(i, len(pos) - 1)][:2]

    def _add_to_hand(self, seat: int, card: str | None) -> None:
        hand = self.hands[seat]
        if seat != self.viewer or card is None:
            hand.append(None)
            return
        keep = self._selected_cards()
        hand.append(card)
        hand.sort(key=lambda c: sort_key(c, self.sort_by) if c is not None else (99, 0))
        self._reselect(keep)

    def _take_from_hand(self, seat: int, card: str | None) -> tuple:
        """Remove ``card`` from the displayed hand; where it was (x, y)."""
        hand = self.hands[seat]
        pos = self._hand_positions(seat)
        if not hand:
            return PLATES[self.slot_name(seat)]
        if card is not None and card in hand:
            i = len(hand) - 1 - hand[::-1].index(card)
        else:
            i = len(hand) - 1 if seat != self.viewer else len(hand) // 2
        x, y = pos[i][:2]
        keep = self._selected_cards()
        del hand[i]
        if seat == self.viewer:
            self._reselect(keep)
        return (x, y)

    # ----- events ---------------------------------------------------------------------
    def _deal(self, batch: list) -> None:
        cards = {ev.seat: ev.data.get("cards") for ev in batch}
        self.dealing = True
        self.stock = self.deck_total
        self.muerto = [0, 0]
        step = DEAL_STEP
        i = 0
        for r in range(11):
            for k in range(self.n):
                seat = (self.dealer + 1 + k) % self.n
                got = cards.get(seat)
                card = got[r] if got and seat == self.viewer else None
                self._fly(None, STOCK_POS, self._deal_target(seat, r), STOCK_H, self._hand_h(seat), DEAL_FLIGHT,
                          delay=i * step, face=False, on_start=self._deal_start,
                          on_land=(lambda s=seat, c=card: self._add_to_hand(s, c)))
                i += 1
        for side in (0, 1):
            target = MUERTO_POS[self.zone_of(side)]
            self._fly(None, STOCK_POS, target, STOCK_H, MUERTO_H, DEAL_FLIGHT * 1.6, delay=i * step + 0.1 + side * 0.12,
                      a1=90, face=False, packet=11, arc=30,
                      on_start=(lambda: self._stock_minus(11)),
                      on_land=(lambda s=side: self._muerto_land(s)))
        self._hold(i * step + 0.45 + DEAL_FLIGHT * 1.6)

    def _deal_target(self, seat: int, r: int) -> tuple:
        pos = self._hand_positions(seat, r + 1)
        return pos[-1][:2] if pos else PLATES[self.slot_name(seat)]

    def _deal_start(self) -> None:
        self._stock_minus(1)
        self.sound("deal")

    def _stock_minus(self, k: int) -> None:
        self.stock = max(0, self.stock - k)

    def _muerto_land(self, side: int) -> None:
        self.muerto[side] = 11
        self.dealing = False

    def _drew(self, ev) -> None:
        seat = ev.seat
        card = ev.data.get("card")
        self.phase = "play"
        self._fly(card, STOCK_POS, self._hand_target(seat, card), STOCK_H, self._hand_h(seat), DRAW_FLIGHT,
                  face=seat == self.viewer and card is not None, on_start=(lambda: self._stock_minus(1)),
                  on_land=(lambda: self._add_to_hand(seat, card)))
        self.sound("deal")
        self._hold(DRAW_FLIGHT)

    def _took(self, ev) -> None:
        seat = ev.seat
        cards = ev.data.get("cards")            # top first; the taker's own eyes only
        count = ev.data.get("count", len(self.pile))
        shown = list(self.pile)
        starts = self._pile_positions(len(shown)) if shown else []
        self.pile = []
        self.pile_count = 0
        self.phase = "must-play" if self.closed_pile else "play"
        self.must = ev.data.get("top") if self.closed_pile else None
        names = list(reversed(cards)) if cards else [None] * count        # bottom first
        for i in range(count):
            name = names[i] if i < len(names) else None
            start = starts[i][:2] if i < len(starts) else PILE_TOP_POS
            # others see what the pile showed: every card of an open pile, only the top of a closed one
            seen = shown[i] if i < len(shown) and (not self.closed_pile or i == len(shown) - 1) else None
            face_card = name if seat == self.viewer else seen
            self._fly(face_card, start, self._hand_target(seat, name), self._pile_h(), self._hand_h(seat),
                      DRAW_FLIGHT * 1.2, delay=i * 0.035, face=face_card is not None,
                      on_land=(lambda c=name: self._add_to_hand(seat, c if seat == self.viewer else None)))
        self.sound("sweep")
        self._hold(DRAW_FLIGHT * 1.2 + count * 0.035)

    def _melded(self, ev) -> None:
        seat, side = ev.seat, ev.seat & 1
        cards = ev.data["cards"].split()
        index = ev.data["meld"]
        new = describe_meld(cards)
        melds = list(self.melds[side])
        if index < len(melds):
            melds[index] = new
        else:
            melds.append(new)
            index = len(melds) - 1
        layout = self._layout(side, melds)
        _, spots, h = layout[index]
        for i, card in enumerate(cards):
            x, y = self._take_from_hand(seat, card)
            last = i == len(cards) - 1
            self._fly(card, (x, y), spots[i], self._hand_h(seat), h, PLAY_FLIGHT, delay=i * 0.05,
                      on_land=(lambda: self._meld_land(seat, side, index, new)) if last else None)
        self.sound("place")
        self._hold(PLAY_FLIGHT + 0.05 * len(cards))

    def _added(self, ev) -> None:
        seat, side = ev.seat, ev.seat & 1
        card = ev.data["card"]
        index = ev.data["meld"]
        new = describe_meld(ev.data["result"].split())
        melds = list(self.melds[side])
        if index < len(melds):
            melds[index] = new
        else:
            melds.append(new)
            index = len(melds) - 1
        _, spots, h = self._layout(side, melds)[index]
        at = len(new["cards"]) - 1 - new["cards"][::-1].index(card) if card in new["cards"] else len(spots) - 1
        x, y = self._take_from_hand(seat, card)
        self._fly(card, (x, y), spots[at], self._hand_h(seat), h, PLAY_FLIGHT,
                  on_land=lambda: self._meld_land(seat, side, index, new))
        if self.must == card:
            self.must = None
            self.phase = "play"
        self.sound("place")
        self._hold(PLAY_FLIGHT)

    def _meld_land(self, seat: int, side: int, index: int, new: dict) -> None:
        melds = self.melds[side]
        old = melds[index]["canasta"] if index < len(melds) else None
        if index < len(melds):
            melds[index] = new
        else:
            melds.append(new)
        if new["cards"] and self.must in new["cards"]:
            self.must = None
            self.phase = "play"
        self._version += 1
        kind = new["canasta"]
        if KIND_ORDER[kind] > KIND_ORDER[old]:
            self.flash[(side, index)] = 1.6
            self._bubble(seat, self.app.t(f"buraco_table.bubble_{KIND_KEY[kind]}"), True)
            self.log.append((seat, self.app.t("buraco_table.log_canasta", name=self.adapter.name(seat)), None))
            self.sound("call")
            self._hold(0.7)

    def _discarded(self, ev) -> None:
        seat, card = ev.seat, ev.data["card"]
        x, y = self._take_from_hand(seat, card)
        if self.drag is not None and seat == self.viewer:
            x, y = self.mouse
        target = self._pile_positions(len(self.pile) + 1)[-1]
        self._fly(card, (x, y), target[:2], self._hand_h(seat), self._pile_h(), PLAY_FLIGHT,
                  a1=target[2], on_land=lambda: self._pile_land(card))
        self.phase = "draw"
        self._hold(PLAY_FLIGHT)

    def _pile_land(self, card: str) -> None:
        self.pile.append(card)
        self.pile_count += 1
        self.sound("place")

    def _batted(self, ev) -> None:
        seat, side = ev.seat, ev.seat & 1
        cards = ev.data.get("cards")
        start = MUERTO_POS[self.zone_of(side)]
        target = self._hand_target(seat)

        def take_off():
            self.muerto[side] = 0
            self.muerto_state[side] = "taken"

        def land():
            for i in range(11):
                self._add_to_hand(seat, cards[i] if cards and seat == self.viewer else None)
            self.sound("sweep")

        self._fly(None, start, target, MUERTO_H, self._hand_h(seat) * 0.8, MUERTO_FLIGHT, a0=90, a1=0, face=False,
                  packet=11, arc=90, ease=anim.ease_in_out_cubic, on_start=take_off, on_land=land)
        key = "bubble_bat_direct" if ev.data.get("how") == "direct" else "bubble_bat_indirect"
        self._bubble(seat, self.app.t(f"buraco_table.{key}"), True)
        self.sound("call")
        self._hold(MUERTO_FLIGHT + 0.4)

    def _muertos_to_stock(self, ev) -> None:
        for k, side in enumerate(ev.data.get("sides", [])):
            start = MUERTO_POS[self.zone_of(side)]

            def off(s=side):
                self.muerto[s] = 0
                self.muerto_state[s] = "stock"

            self._fly(None, start, STOCK_POS, MUERTO_H, STOCK_H, MUERTO_FLIGHT, delay=k * 0.15, a0=90, a1=0,
                      face=False, packet=11, arc=40, on_start=off,
                      on_land=(lambda: setattr(self, "stock", self.stock + 11)))
        self._bubble(-1, self.app.t("buraco_table.bubble_muertos_stock"), False)
        self._hold(MUERTO_FLIGHT + 0.8)

    def _stock_out_words(self, ev) -> str:
        """The stock ran out, or (the safety net) nobody drew from it for many turns."""
        stall = ev.data.get("stalled")
        if stall:
            return self.app.t("buraco_table.bubble_stalled", n=stall)
        return self.app.t("buraco_table.bubble_stock_out")

    def _bubble(self, where: int | None, text: str, big: bool) -> None:
        where = -1 if where is None else where
        seconds = BUBBLE_TIME + (0.8 if where == -1 else 0.0)
        self.bubbles[where] = Bubble(text, self.sec(seconds) if self._speed() else seconds, big)

    def _log_event(self, ev) -> None:
        t = self.app.t
        name = self.adapter.name(ev.seat) if ev.seat is not None else ""
        kind, d = ev.kind, ev.data
        line, card = None, None
        if kind == "drew":
            line = t("buraco_table.log_draw", name=name)
        elif kind == "took pile":
            line = t("buraco_table.log_take", name=name, n=d.get("count", 0))
        elif kind == "melded":
            line = t("buraco_table.log_meld", name=name, n=len(d["cards"].split()))
        elif kind == "added":
            line, card = t("buraco_table.log_add", name=name), d["card"]
        elif kind == "discarded":
            line, card = t("buraco_table.log_discard", name=name), d["card"]
        elif kind == "batted":
            key = "log_bat_direct" if d.get("how") == "direct" else "log_bat_indirect"
            line = t(f"buraco_table.{key}", name=name)
        elif kind == "closed":
            line = t("buraco_table.log_close", name=name)
        elif kind == "muertos to stock":
            line = t("buraco_table.bubble_muertos_stock")
        elif kind == "stock exhausted":
            line = self._stock_out_words(ev)
        if line:
            self.log.append((ev.seat if ev.seat is not None else -1, line, card))

    def _hand_over(self, di: int) -> None:
        self.selected = set()
        self._push_summary(di)

    # ----- the scene --------------------------------------------------------------------
    def _tick(self, dt: float) -> None:
        for key in list(self.flash):
            self.flash[key] -= dt
            if self.flash[key] <= 0:
                del self.flash[key]

    def _sync(self) -> None:
        """Settle the display on the engine's state as the viewer sees it (queue empty)."""
        self.need_sync = False
        if self.match.finished:
            return
        view = self.match.view(self.base)
        sizes = view["hand_sizes"]
        for seat in range(self.n):
            if seat == self.viewer:
                hand = sorted(view["hand"], key=lambda c: sort_key(c, self.sort_by))
                if hand != self.hands[seat]:
                    keep = self._selected_cards()
                    self.hands[seat] = hand
                    self._reselect(keep)
            else:
                self.hands[seat] = [None] * sizes[seat]
        self.melds = [[meld_from_info(i) for i in side] for side in view["meld_info"]]
        pile = list(reversed(view["discard"]))
        if not self.closed_pile or not self.pile or self.pile[-1:] != pile[-1:]:
            self.pile = pile
        self.pile_count = view["discard_size"]
        self.stock = view["stock_size"]
        self.muerto_state = list(view["muertos"])
        self.muerto = [11 if s == "table" else 0 for s in self.muerto_state]
        self.phase = view["phase"]
        self.must = view["must_play"]
        self.dealing = False
        self._version += 1
        self._accept_key = None

    def _bot_think_time(self, seat: int) -> tuple[float, float]:
        return self._think_time(self.match.view(seat)["phase"])

    @staticmethod
    def _think_time(phase: str) -> tuple[float, float]:
        if phase == "draw":
            return 0.5, 1.1
        if phase == "must-play":
            return 0.4, 0.8
        return 0.45, 1.0

    # ----- hot-seat -----------------------------------------------------------------
    def _before_handoff(self) -> None:
        self.selected = set()
        self.drag = None

    def _viewer_changed(self) -> None:
        self.selected = set()
        self._caches.pop("zone", None)

    # ----- acting -------------------------------------------------------------------
    def _after_apply(self, seat: int) -> None:
        if seat == self.viewer:                    # a selection made while waiting survives others' moves
            self.selected = set()
            self.meld_cursor = None
            self.hint = None

    def screenshot_ready(self) -> bool:
        """The screenshot command's moment: the viewer's turn after drawing, melds on the cloth."""
        return (self.my_turn() and self.phase == "play" and not self.must
                and sum(len(side) for side in self.melds) >= 2)

    # ----- selection and the player's moves ----------------------------------------------
    def _my_hand(self) -> list:
        return self.hands[self.viewer] if self.viewer is not None else []

    def _selected_cards(self) -> list[str]:
        hand = self._my_hand()
        return [hand[i] for i in sorted(self.selected) if 0 <= i < len(hand) and hand[i] is not None]

    def _reselect(self, cards: list[str]) -> None:
        """Select these cards again after the hand changed order or size."""
        hand = self._my_hand()
        want = Counter(cards)
        out = set()
        for i, c in enumerate(hand):
            if want.get(c, 0) > 0:
                out.add(i)
                want[c] -= 1
        self.selected = out
        self._accept_key = None
        if self.kb_index is not None and hand:
            self.kb_index = min(self.kb_index, len(hand) - 1)

    @property
    def selection(self) -> list[str]:
        """The selected cards, in hand order (tests and tools read it)."""
        return self._selected_cards()

    def toggle(self, index: int) -> None:
        if self.viewer is None or not 0 <= index < len(self._my_hand()):
            return
        if index in self.selected:
            self.selected.discard(index)
        else:
            self.selected.add(index)
        self._accept_key = None
        self._turn_token = None

    def select_cards(self, cards: list[str]) -> None:
        """Select exactly these cards (copies counted) — for tools and tests."""
        self._reselect(list(cards))
        self._turn_token = None

    def clear_selection(self) -> None:
        self.selected = set()
        self._accept_key = None
        self._turn_token = None

    def toggle_sort(self) -> None:
        keep = self._selected_cards()
        self.sort_by = "rank" if self.sort_by == "suit" else "suit"
        if self.viewer is not None:
            self.hands[self.viewer].sort(key=lambda c: sort_key(c, self.sort_by) if c is not None else (99, 0))
        self._reselect(keep)

    def draw_card(self) -> bool:
        return self.act("draw")

    def take_pile(self) -> bool:
        return self.act("take-discard")

    def meld_selected(self) -> bool:
        """Lay the selected cards as a new meld; the reason in words if it is not one."""
        if not self.my_turn():
            return False
        cards = self._selected_cards()
        if len(cards) < 3 and not cards:
            self._refuse(self.adapter.reason_words("", "select_meld", {}))
            return False
        why = self.match.meld_check(self.viewer, cards)
        if why is not None:
            self._refuse(self.adapter.reason_words(*why))
            return False
        return self.act("meld " + " ".join(cards))

    def add_selected(self, index: int) -> bool:
        """Add the selected cards to the side's meld ``index``, in an order the rules allow
        (tried on a copy of the match first); the reason in words if they do not go."""
        if not self.my_turn():
            return False
        cards = self._selected_cards()
        if not cards:
            self._refuse(self.adapter.reason_words("", "select_add", {}))
            return False
        seat = self.viewer
        order, why = self._plan_adds(seat, cards, index)
        if order is None:
            self._refuse(self.adapter.reason_words(*why))
            return False
        for card in order:
            self._apply(f"add {index} {card}")
        return True

    def _plan_adds(self, seat: int, cards: list[str], index: int):
        first = None
        sim = self.match.clone()
        remaining = list(cards)
        order = []
        while remaining:
            for card in remaining:
                why = sim.meld_check(seat, [card], index)
                if why is None and sim.to_act == seat:
                    sim.apply(f"add {index} {card}")
                    order.append(card)
                    remaining.remove(card)
                    break
                if first is None:
                    first = why
            else:
                why = self.match.meld_check(seat, [remaining[0]], index) if not order else \
                    sim.meld_check(seat, [remaining[0]], index)
                return None, why or first or ("", "not_legal", {})
        return order, None

    def discard_selected(self) -> bool:
        if not self.my_turn():
            return False
        cards = self._selected_cards()
        if len(cards) != 1:
            self._refuse(self.adapter.reason_words("", "select_discard", {}))
            return False
        return self.act("discard " + cards[0])

    def _primary(self) -> None:
        """Enter with no button focused: the move of the moment."""
        if not self.my_turn():
            return
        if self.phase == "draw":
            self.draw_card()
        elif self.meld_cursor is not None:
            self.add_selected(self.meld_cursor)
        elif len(self.selected) >= 2:
            self.meld_selected()
        elif len(self.selected) == 1:
            self.discard_selected()
        else:
            self._refuse(self.adapter.reason_words("", "select_meld", {}))

    # ----- controls ---------------------------------------------------------------------
    def _clear_turn(self) -> None:
        if self._turn_token is not None or any(getattr(w, "cid", None) != "sort" for w in self.widgets.widgets):
            self.widgets.clear()
        self._turn_token = None
        self._legal = []
        self.press = None

    def _prepare_turn(self, seat: int) -> None:
        rec = self.match.records[-1]
        token = (self.match.deal_index, len(rec.actions), seat, len(self.selected), self.sort_by)
        if token == self._turn_token:
            return
        self._turn_token = token
        self._legal = list(self.match.legal_actions())
        self._build_controls()

    def controls(self) -> dict:
        """The buttons of the moment by id (tests and tools press them)."""
        return {getattr(w, "cid", None): w for w in self.widgets.widgets}

    def _build_controls(self) -> None:
        focused = getattr(self.widgets.focused, "cid", None)
        self.widgets.clear()
        t = self.app.t
        sort = Button(SORT_RECT, lambda: t("buraco_table.sort_rank") if self.sort_by == "rank"
                      else t("buraco_table.sort_suit"), self.toggle_sort, size=theme.FONT_SMALL,
                      tooltip=lambda: t("buraco_table.sort_help"))
        sort.cid = "sort"
        specs = []
        legal = self._legal
        nsel = len(self.selected)
        if self.my_turn() or (self.match.to_act == self.viewer and self.viewer is not None):
            if self.phase == "draw":
                specs.append(("draw", t("buraco_table.draw"), "primary", "draw" in legal, None))
                can_take = "take-discard" in legal
                tip = None
                if not can_take and self.pile_count:
                    exc = self.match.why_illegal("take-discard")
                    tip = self.adapter.reason_text(exc) if exc is not None else None
                elif can_take and self.closed_pile:
                    tip = t("buraco_table.closed_take_help")
                specs.append(("take", t("buraco_table.take"), "normal", can_take, tip))
            else:
                specs.append(("meld", t("buraco_table.meld"), "primary" if nsel >= 3 else "normal", nsel >= 1,
                              t("buraco_table.meld_help")))
                specs.append(("discard", t("buraco_table.discard"), "primary" if nsel == 1 else "normal",
                              nsel == 1, t("buraco_table.discard_help")))
                specs.append(("clear", t("buraco_table.clear"), "normal", nsel >= 1, None))
        y = BUTTON_BOTTOM - len(specs) * BUTTON_H - (len(specs) - 1) * BUTTON_GAP
        actions = {"draw": self.draw_card, "take": self.take_pile, "meld": self.meld_selected,
                   "discard": self.discard_selected, "clear": self.clear_selection}
        for cid, label, style, enabled, tip in specs:
            btn = Button(pygame.Rect(BUTTON_X, y, BUTTON_W, BUTTON_H), self._fit(label, theme.FONT, BUTTON_W - 16),
                         actions[cid], tooltip=tip, enabled=enabled, style=style)
            btn.cid = cid
            self.widgets.add(btn)
            y += BUTTON_H + BUTTON_GAP
        self.widgets.add(sort)
        for w in self.widgets.widgets:
            if getattr(w, "cid", None) == focused and w.enabled:
                self.widgets.set_focus(w)

    # ----- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self._pause_key(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.widgets.handle(event)
            self.hover = self._thing_at(event.pos)
            if self.press is not None and self.drag is None and self.my_turn():
                index, p0 = self.press
                if math.hypot(event.pos[0] - p0[0], event.pos[1] - p0[1]) > 12:
                    if index not in self.selected:
                        self.selected = {index}
                        self._accept_key = None
                    self.drag = sorted(self.selected)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.widgets.handle(event):
                return
            thing = self._thing_at(event.pos)
            if thing is None:
                return
            if thing[0] == "hand":
                self.press = (thing[1], event.pos)
                return
            self._click_thing(thing)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            press, self.press = self.press, None
            drag = self.drag
            if drag is not None:
                self._drop(event.pos)
                self.drag = None
                return
            if press is not None:
                thing = self._thing_at(event.pos)
                if thing == ("hand", press[0]):
                    self.toggle(press[0])
                    self.kb_index = None
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        self.widgets.handle(event)

    def _click_thing(self, thing) -> None:
        kind = thing[0]
        if not self.my_turn():
            return
        if kind == "stock" and self.phase == "draw":
            self.draw_card()
        elif kind == "pile":
            if self.phase == "draw":
                self.take_pile()
            elif self.selected:
                self.discard_selected()
        elif kind == "meld" and thing[1] == "ours":
            self.add_selected(thing[2])
        elif kind == "zone" and thing[1] == "ours" and self.phase != "draw" and self.selected:
            self.meld_selected()

    def _drop(self, pos) -> None:
        thing = self._thing_at(pos, hand=False)
        if thing is None or not self.my_turn():
            return
        if thing[0] == "pile" and self.phase != "draw":
            self.discard_selected()
        elif thing[0] == "meld" and thing[1] == "ours":
            self.add_selected(thing[2])
        elif thing[0] == "zone" and thing[1] == "ours":
            self.meld_selected()

    def _key(self, event) -> None:
        k = event.key
        hand = self._my_hand()
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if k == pygame.K_RIGHT else -1
            self.widgets.focus = None
            if self.meld_cursor is not None:
                ours = self.melds[self.base & 1]
                if ours:
                    self.meld_cursor = (self.meld_cursor + step) % len(ours)
                return
            if not hand or self.viewer is None:
                return
            if self.kb_index is None:
                self.kb_index = 0 if step > 0 else len(hand) - 1
            else:
                self.kb_index = (self.kb_index + step) % len(hand)
            return
        if k == pygame.K_UP and self.widgets.focus is None:
            ours = self.melds[self.base & 1]
            if ours and self.viewer is not None:
                self.meld_cursor = 0 if self.meld_cursor is None else self.meld_cursor
            return
        if k == pygame.K_DOWN and self.meld_cursor is not None:
            self.meld_cursor = None
            return
        if k == pygame.K_SPACE and self.widgets.focus is None:
            if self.kb_index is not None:
                self.toggle(self.kb_index)
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.widgets.focus is None:
            self._primary()
            return
        if k == pygame.K_s and self.widgets.focus is None and self.viewer is not None:
            self.toggle_sort()
            return
        if k == pygame.K_TAB:
            self.kb_index = None
            self.meld_cursor = None
        self.widgets.handle(event)

    def _thing_at(self, pos, hand: bool = True):
        """What is under the mouse: ("hand", i), ("meld", zone, i, card index),
        ("zone", zone), ("stock",), ("pile",) or None."""
        if hand and self.viewer is not None and self.drag is None:
            i = self._hand_index_at(pos)
            if i is not None:
                return ("hand", i)
        if self._pile_hit().collidepoint(pos):
            return ("pile",)
        if self._stock_hit().collidepoint(pos):
            return ("stock",)
        for side in (0, 1):
            zone = self.zone_of(side)
            layout = self._layout(side, self.melds[side])
            for i, (rect, spots, h) in enumerate(layout):
                if rect.inflate(8, 8).collidepoint(pos):
                    w = card_size(DECK, h)[0]
                    at = None
                    for j in range(len(spots) - 1, -1, -1):
                        x, y = spots[j]
                        if pygame.Rect(x - w / 2, y - h / 2, w, h).collidepoint(pos):
                            at = j
                            break
                    return ("meld", zone, i, at)
            if self._zone_rect(zone).collidepoint(pos):
                return ("zone", zone)
        return None

    def _hand_index_at(self, pos) -> int | None:
        hand = self._my_hand()
        positions = self._hand_positions(self.viewer)
        w, h = card_size(DECK, HAND_H)
        for i in range(len(hand) - 1, -1, -1):
            x, y = positions[i][:2]
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (int(x), int(y - self._lift(i)))
            if rect.collidepoint(pos):
                return i
        return None

    def hand_point(self, index: int) -> tuple[int, int] | None:
        """A screen point where a click hits card ``index`` of the viewer's hand."""
        if self.viewer is None or not 0 <= index < len(self._my_hand()):
            return None
        x, y = self._hand_positions(self.viewer)[index][:2]
        w, h = card_size(DECK, HAND_H)
        lift = self._lift(index)
        for dx in range(-w // 2 + 4, w // 2, 4):
            pos = (int(x + dx), int(y - lift - h // 2 + 20))
            if self._hand_index_at(pos) == index:
                return pos
        return None

    def meld_point(self, side: int, index: int) -> tuple[int, int] | None:
        layout = self._layout(side, self.melds[side])
        if not 0 <= index < len(layout):
            return None
        rect = layout[index][0]
        return (rect.centerx, rect.centery)

    # ----- geometry -----------------------------------------------------------------
    def _zone_rect(self, zone: str) -> pygame.Rect:
        return OURS_RECT if zone == "ours" else THEIRS_RECT

    def _layout(self, side: int, melds: list[dict]) -> list[tuple]:
        """Each meld's rect, card centres and card height: fanned rows that shrink to fit."""
        zone = self.zone_of(side)
        key = (zone, tuple(len(m["cards"]) for m in melds))
        cache = self._cache("layout")
        got = cache.get(key)
        if got is not None:
            return got
        area = self._zone_rect(zone).inflate(-20, -22)
        area.y += 6
        h0 = OURS_H if zone == "ours" else THEIRS_H
        out: list = []
        for scale in (1.0, 0.92, 0.84, 0.76, 0.68, 0.6, 0.52, 0.45):
            h = int(h0 * scale) // 2 * 2
            w = card_size(DECK, h)[0]
            step = max(9, int(w * 0.33))
            gap = max(10, int(w * 0.28))
            row_h = h + (12 if zone == "ours" else 8)
            x, y = area.x, area.y
            out = []
            fits = True
            for m in melds:
                k = len(m["cards"])
                width = w + step * (k - 1)
                if x > area.x and x + width > area.right:
                    x = area.x
                    y += row_h
                if y + h > area.bottom + 2:
                    fits = False
                rect = pygame.Rect(int(x), int(y), int(width), h)
                spots = [(x + w / 2 + j * step, y + h / 2) for j in range(k)]
                out.append((rect, spots, h))
                x += width + gap
            if fits:
                break
        cache[key] = out
        return out

    def _hand_positions(self, seat: int, count: int | None = None) -> list[tuple]:
        n = len(self.hands[seat]) if count is None else count
        if n == 0:
            return []
        if seat == self.viewer:
            w, _ = card_size(DECK, HAND_H)
            span = HAND_X1 - HAND_X0
            step = min(w * 0.64, (span - w) / max(1, n - 1))
            total = w + step * (n - 1)
            x0 = (HAND_X0 + HAND_X1) / 2 - total / 2 + w / 2
            mid = (n - 1) / 2
            out = []
            for i in range(n):
                d = (i - mid) / max(mid, 1)
                out.append((x0 + i * step, HAND_Y + 8 * d * d, 0))
            return out
        name = self.slot_name(seat)
        if name == "bottom":                       # the device holder's seat while nobody looks
            x, y, align, maxw = 640, HAND_Y, "center", 600
            h = FAN_H
        else:
            x, y, align, maxw = FANS[name]
            h = FAN_H
        w = card_size(DECK, h)[0]
        step = min(11.0, (maxw - w) / max(1, n - 1))
        total = w + step * (n - 1)
        if align == "left":
            x0 = x + w / 2
        elif align == "right":
            x0 = x - total + w / 2
        else:
            x0 = x - total / 2 + w / 2
        return [(x0 + i * step, y, 0) for i in range(n)]

    def _lift(self, index: int) -> float:
        if index in self.selected:
            return float(LIFT)
        if self.my_turn() and self.hover == ("hand", index):
            return 8.0
        return 0.0

    def _pile_h(self) -> int:
        return PILE_TOP_H if self.closed_pile else PILE_OPEN_H

    def _pile_positions(self, count: int) -> list[tuple]:
        """Centres (x, y, angle) of the pile's cards, bottom first."""
        if count <= 0:
            return []
        if self.closed_pile:
            return [(PILE_TOP_POS[0], PILE_TOP_POS[1], 0)] * count
        h = PILE_OPEN_H
        w = card_size(DECK, h)[0]
        per_row = 8
        step_x = (PILE_RECT.w - w) / (per_row - 1)
        rows = (count + per_row - 1) // per_row
        row_step = min(40.0, (PILE_RECT.h - h) / max(1, rows - 1)) if rows > 1 else 0
        out = []
        for i in range(count):
            r, c = divmod(i, per_row)
            out.append((PILE_RECT.x + w / 2 + c * step_x, PILE_RECT.y + h / 2 + r * row_step, 0))
        return out

    def _pile_hit(self) -> pygame.Rect:
        if self.closed_pile:
            w = card_size(DECK, PILE_TOP_H)[0]
            r = pygame.Rect(0, 0, w + 16, PILE_TOP_H + 16)
            r.center = PILE_TOP_POS
            return r
        return PILE_RECT.inflate(8, 8)

    def _stock_hit(self) -> pygame.Rect:
        w = card_size(DECK, STOCK_H)[0]
        r = pygame.Rect(0, 0, w + 16, STOCK_H + 16)
        r.center = STOCK_POS
        return r

    # ----- surfaces (cached) -----------------------------------------------------------
    def card(self, card: str | None, height: float, angle: float = 0.0, crisp: bool = True) -> pygame.Surface:
        """A face (or the back, card None) ``height`` px tall, rotated by ``angle``."""
        height = max(8, int(round(height / 2) * 2))
        angle = int(round(angle)) % 360
        key = (card, height, angle, crisp)
        cache = self._cache("card")
        surf = cache.get(key)
        if surf is not None:
            return surf
        if angle:
            surf = pygame.transform.rotate(self.card(card, height, 0, crisp), angle)
        elif crisp or height == HAND_H:
            art = self.app.cards(height)
            surf = art.face(card, deck=DECK) if card is not None else art.back(deck=DECK)
        else:
            art = self.app.cards(HAND_H)
            big = art.face(card, deck=DECK) if card is not None else art.back(deck=DECK)
            surf = pygame.transform.smoothscale(big, card_size(DECK, height))
        cache[key] = surf
        return surf

    def _shadow(self, w: int, h: int, alpha: int = 60) -> pygame.Surface:
        key = (w, h, alpha)
        cache = self._cache("shadow")
        surf = cache.get(key)
        if surf is None:
            surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
            for i in range(3):
                pygame.draw.rect(surf, (0, 0, 0, alpha // 3), surf.get_rect().inflate(-2 * i, -2 * i),
                                 border_radius=max(4, h // 12))
            cache[key] = surf
        return surf

    def _outline(self, w: int, h: int, colour, width: int = 3, spread: int = 0) -> pygame.Surface:
        """A rounded outline ``width`` px (0: none) round a w x h card, with a soft glow ``spread``."""
        key = (w, h, colour, width, spread)
        cache = self._cache("outline")
        surf = cache.get(key)
        if surf is None:
            surf = pygame.Surface((w + 2 * spread + 4, h + 2 * spread + 4), pygame.SRCALPHA)
            r = surf.get_rect()
            for i in range(spread, 0, -1):
                a = int(140 * (1 - i / (spread + 1)) ** 2)
                pygame.draw.rect(surf, (*colour[:3], a), r.inflate(-2 * (spread - i), -2 * (spread - i)),
                                 border_radius=max(6, h // 10) + i)
            if width:
                pygame.draw.rect(surf, (*colour[:3], 255), r.inflate(-2 * spread, -2 * spread), width,
                                 border_radius=max(5, h // 11))
            cache[key] = surf
        return surf

    def _text(self, text: str, size: int, colour, bold: bool = False, maxw: int | None = None) -> pygame.Surface:
        key = (text, size, colour, bold, maxw)
        cache = self._cache("text")
        surf = cache.get(key)
        if surf is None:
            if maxw is not None:
                text = self._fit(text, size, maxw, bold)
            surf = self.app.text.render(text, size, colour, bold)
            cache[key] = surf
        return surf

    def _badge(self, text: str, ring=theme.ACCENT, size: int = 16) -> pygame.Surface:
        key = (text, ring, size)
        cache = self._cache("badge")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(text, size, theme.TEXT, True)
            d = max(img.get_width() + 12, img.get_height() + 2)
            hgt = img.get_height() + 2
            surf = pygame.Surface((d, hgt), pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, (22, 18, 16), r, border_radius=hgt // 2)
            pygame.draw.rect(surf, ring, r, 2, border_radius=hgt // 2)
            surf.blit(img, img.get_rect(center=r.center))
            cache[key] = surf
        return surf

    def _chip(self, text: str, fill, size: int = 15) -> pygame.Surface:
        key = (text, fill, size)
        cache = self._cache("chip")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(text, size, theme.TEXT_DARK, True)
            surf = pygame.Surface((img.get_width() + 18, img.get_height() + 4), pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, (0, 0, 0, 90), r.move(1, 2), border_radius=r.h // 2)
            pygame.draw.rect(surf, fill, r.inflate(-1, -2), border_radius=r.h // 2)
            pygame.draw.rect(surf, (70, 54, 30), r.inflate(-1, -2), 1, border_radius=r.h // 2)
            surf.blit(img, img.get_rect(center=(r.centerx, r.centery - 1)))
            cache[key] = surf
        return surf

    # ----- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._finish_concede_if_covered()
        start = time.perf_counter()
        surface.blit(felt_surface(colour=theme.FELT_BURACO, dark=theme.FELT_BURACO_DARK), (0, 0))
        self.hand_drawn_for = None
        turn = self.my_turn()
        if turn and self.viewer is not None:
            self._prepare_turn(self.viewer)
        elif self.viewer is not None and not self.handoff_open and "sort" not in self.controls():
            self._build_controls()                 # the sort toggle stays while others play
        self._draw_zones(surface, turn)
        self._draw_stock(surface)
        self._draw_pile(surface)
        self._draw_plates(surface)
        self._draw_panels(surface)
        self._draw_hand(surface, turn)
        self._draw_flights(surface)
        self._draw_bubbles(surface)
        self._draw_turn_line(surface, turn)
        self.widgets.draw(surface)
        self._draw_drag(surface)
        self._draw_tooltips(surface)
        self.frame_ms.append((time.perf_counter() - start) * 1000)

    def _zone_surface(self, zone: str, side: int, lit: bool) -> pygame.Surface:
        rect = self._zone_rect(zone)
        colour = self.adapter.side_colour(side)
        key = (zone, colour, lit)
        cache = self._cache("zone")
        surf = cache.get(key)
        if surf is None:
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, (40, 16, 8, 105), r, border_radius=18)
            pygame.draw.rect(surf, (*colour, 200 if lit else 90), r, 3 if lit else 2, border_radius=18)
            if lit:
                pygame.draw.rect(surf, (*theme.ACCENT, 230), r, 3, border_radius=18)
            cache[key] = surf
        return surf

    def _zone_label(self, side: int) -> pygame.Surface:
        zone = self.zone_of(side)
        t = self.app.t
        points = sum(self.rules.values[self.match.deck.index[c]] for m in self.melds[side] for c in m["cards"])
        points += sum(BONUS[m["canasta"]] for m in self.melds[side])
        who = t("buraco_table.us") if zone == "ours" else t("buraco_table.them")
        state = self.muerto_state[side]
        muerto = t(f"buraco_table.muerto_{state}")
        key = (side, zone, who, self.adapter.side_name(side), points, muerto, self.app.settings.language)
        cache = self._cache("label")
        surf = cache.get(key)
        if surf is None:
            cache.clear()
            colour = self.adapter.side_colour(side)
            parts = [self.app.text.render(who, 17, theme.TEXT, True),
                     self.app.text.render(self._fit(self.adapter.side_name(side), 16, 200), 16, theme.TEXT_DIM),
                     self.app.text.render("·", 16, theme.TEXT_DIM),
                     self.app.text.render(t("buraco_table.on_table", n=points), 16, theme.TEXT),
                     self.app.text.render("·", 16, theme.TEXT_DIM),
                     self.app.text.render(muerto, 16, theme.TEXT_DIM)]
            wsum = sum(p.get_width() for p in parts) + 8 * (len(parts) - 1) + 40
            hgt = max(p.get_height() for p in parts) + 4
            surf = pygame.Surface((wsum, hgt), pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, (34, 18, 12, 235), r, border_radius=hgt // 2)
            pygame.draw.rect(surf, colour, r, 2, border_radius=hgt // 2)
            pygame.draw.circle(surf, colour, (16, hgt // 2), 6)
            x = 28
            for p in parts:
                surf.blit(p, (x, (hgt - p.get_height()) // 2))
                x += p.get_width() + 8
            cache[key] = surf
        return surf

    def _accepting_melds(self) -> set[int]:
        """The side's melds the selected cards can go onto now (a soft outline)."""
        if not self.selected or self.phase == "draw" or not self.my_turn():
            return set()
        key = (tuple(sorted(self.selected)), self._version, len(self.match.records[-1].actions))
        if key != self._accept_key:
            self._accept_key = key
            cards = self._selected_cards()
            side = self.viewer & 1
            out = set()
            if len(cards) <= 3:
                for i in range(len(self.melds[side])):
                    if self._plan_adds(self.viewer, cards, i)[0] is not None:
                        out.add(i)
            self._accepting = out
        return self._accepting

    def _draw_zones(self, surface, turn: bool) -> None:
        ours_side = self.base & 1
        lit = bool(turn and self.phase != "draw" and len(self.selected) >= 3
                   and (self.drag is not None or self.hover == ("zone", "ours")))
        accepting = self._accepting_melds()
        for side in (1 - ours_side, ours_side):
            zone = self.zone_of(side)
            rect = self._zone_rect(zone)
            surface.blit(self._zone_surface(zone, side, lit and zone == "ours"), rect.topleft)
            label = self._zone_label(side)
            surface.blit(label, (rect.x + 14, rect.y - label.get_height() // 2))
            layout = self._layout(side, self.melds[side])
            if zone == "ours" and not self.melds[side] and self.viewer is not None:
                hint = self._cache("hint")
                key = self.app.settings.language
                img = hint.get(key)
                if img is None:
                    img = hint[key] = self.app.text.render_wrapped(self.app.t("buraco_table.ours_empty"), 18,
                                                                   rect.w - 120, (226, 196, 170), False, "center")
                surface.blit(img, img.get_rect(center=rect.center))
            for i, (m, (mrect, spots, h)) in enumerate(zip(self.melds[side], layout)):
                self._draw_meld(surface, side, zone, i, m, mrect, spots, h,
                                zone == "ours" and i in accepting,
                                zone == "ours" and i == self.meld_cursor and self.viewer is not None)

    def _draw_meld(self, surface, side, zone, i, m, rect, spots, h, accepts, cursor) -> None:
        w = card_size(DECK, h)[0]
        kind = m["canasta"]
        if kind:
            colour = KIND_COLOUR[kind]
            glow = self._outline(rect.w + 4, h + 4, colour, 0, spread=10 if (side, i) in self.flash else 7)
            if (side, i) in self.flash:
                glow = glow.copy()
                glow.set_alpha(int(160 + 95 * math.sin(self.clock * 10)))
            self._blit_center(surface, glow, rect.center)
        if accepts or cursor:
            colour = (255, 255, 255) if cursor else (120, 220, 150)
            self._blit_center(surface, self._outline(rect.w + 8, h + 8, colour, 3, spread=0), rect.center)
        for j, card in enumerate(m["cards"]):
            x, y = spots[j]
            if j == m["wild"]:
                y -= max(4, h // 12)
            surface.blit(self._shadow(w, h, 45), (int(x - w / 2) + 1, int(y - h / 2) + 2))
            self._blit_center(surface, self.card(card, h), (x, y))
            if j == m["wild"]:
                self._blit_center(surface, self._outline(w, h, theme.ACCENT, 2), (x, y))
        if accepts:
            surface.blit(self._plus_badge(), self._plus_badge().get_rect(center=(rect.right + 2, rect.y + 2)))
        if kind:
            size = 15 if zone == "ours" and h >= 70 else 13
            chip = self._chip(self.app.t(f"buraco_table.{KIND_KEY[kind]}"), KIND_COLOUR[kind], size)
            self._blit_center(surface, chip, (rect.centerx, rect.bottom - chip.get_height() // 2 - 4))

    def _plus_badge(self) -> pygame.Surface:
        """A green "+" disc: the selected cards can be added to this meld."""
        cache = self._cache("plus")
        surf = cache.get(0)
        if surf is None:
            surf = pygame.Surface((24, 24), pygame.SRCALPHA)
            pygame.draw.circle(surf, (0, 0, 0, 90), (12, 13), 11)
            pygame.draw.circle(surf, (120, 220, 150), (12, 12), 11)
            pygame.draw.circle(surf, (20, 60, 34), (12, 12), 11, 2)
            pygame.draw.rect(surf, (20, 60, 34), (6, 10, 12, 4), border_radius=2)
            pygame.draw.rect(surf, (20, 60, 34), (10, 6, 4, 12), border_radius=2)
            cache[0] = surf
        return surf

    def _draw_stock(self, surface) -> None:
        t = self.app.t
        # the stock
        if self.stock > 0:
            back = self.card(None, STOCK_H)
            bw, bh = back.get_size()
            layers = max(1, min(6, (self.stock + 9) // 10))
            x, y = STOCK_POS
            surface.blit(self._shadow(bw, bh, 70), (x - bw // 2 + 2, y - bh // 2 + 4))
            for k in range(layers):
                surface.blit(back, (x - bw // 2 - k, y - bh // 2 - k))
            badge = self._badge(self.app.num(self.stock))
            surface.blit(badge, badge.get_rect(center=(x + bw // 2 - 8, y + bh // 2 - 10)))
        else:
            w = card_size(DECK, STOCK_H)[0]
            r = pygame.Rect(0, 0, w, STOCK_H)
            r.center = STOCK_POS
            pygame.draw.rect(surface, (255, 255, 255, 60), r, 2, border_radius=8)
        label = self._text(t("buraco_table.stock"), 16, theme.TEXT_DIM, maxw=110)
        surface.blit(label, label.get_rect(midtop=(STOCK_POS[0], STOCK_POS[1] + STOCK_H // 2 + 4)))
        # the muertos, crosswise
        for side in (0, 1):
            zone = self.zone_of(side)
            x, y = MUERTO_POS[zone]
            colour = self.adapter.side_colour(side)
            if self.muerto[side]:
                back = self.card(None, MUERTO_H, 90)
                for k in range(3):
                    surface.blit(back, back.get_rect(center=(x - k, y - k)))
                badge = self._badge(self.app.num(self.muerto[side]), ring=colour, size=15)
                corner = (x + back.get_width() // 2 - 4, y + back.get_height() // 2 - 6)
                surface.blit(badge, badge.get_rect(center=corner))
            else:
                w = card_size(DECK, MUERTO_H)[0]
                r = pygame.Rect(0, 0, MUERTO_H, w)
                r.center = (x, y)
                pygame.draw.rect(surface, (*colour, 120), r, 2, border_radius=6)
            pygame.draw.circle(surface, colour, (x - MUERTO_H // 2 - 10, y), 5)
        label = self._text(t("buraco_table.muertos"), 16, theme.TEXT_DIM, maxw=100)
        surface.blit(label, label.get_rect(midtop=(MUERTO_POS["ours"][0], MUERTO_POS["ours"][1] + 24)))

    def _draw_pile(self, surface) -> None:
        t = self.app.t
        title = t("buraco_table.pile_open") if not self.closed_pile else t("buraco_table.pile_closed")
        label = self._text(title, 16, theme.TEXT_DIM, maxw=PILE_RECT.w)
        top = (PILE_TOP_POS[1] - PILE_TOP_H // 2) if self.closed_pile else PILE_RECT.y
        surface.blit(label, label.get_rect(midbottom=(PILE_RECT.centerx, top - 4)))
        count = self.pile_count
        if count <= 0 or not self.pile:
            h = self._pile_h()
            w = card_size(DECK, h)[0]
            r = pygame.Rect(0, 0, w, h)
            r.center = PILE_TOP_POS if self.closed_pile else (PILE_RECT.x + w // 2, PILE_RECT.y + h // 2)
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(s, (255, 255, 255, 50), s.get_rect(), 2, border_radius=8)
            surface.blit(s, r)
        elif self.closed_pile:
            top = self.pile[-1]
            w = card_size(DECK, PILE_TOP_H)[0]
            back = self.card(None, PILE_TOP_H)
            layers = min(4, count - 1)
            x, y = PILE_TOP_POS
            surface.blit(self._shadow(w, PILE_TOP_H, 70), (x - w // 2 + 2, y - PILE_TOP_H // 2 + 4))
            for k in range(layers, 0, -1):
                surface.blit(back, (x - w // 2 + 2 * k, y - PILE_TOP_H // 2 + 2 * k))
            self._blit_center(surface, self.card(top, PILE_TOP_H), (x, y))
            badge = self._badge(self.app.num(count))
            surface.blit(badge, badge.get_rect(center=(x + w // 2 - 4, y + PILE_TOP_H // 2 - 6)))
        else:
            pos = self._pile_positions(len(self.pile))
            h = PILE_OPEN_H
            w = card_size(DECK, h)[0]
            for k, (card, (x, y, _)) in enumerate(zip(self.pile, pos)):
                surface.blit(self._shadow(w, h, 40), (int(x - w / 2) + 1, int(y - h / 2) + 2))
                self._blit_center(surface, self.card(card, h), (x, y))
            x, y, _ = pos[-1]
            self._blit_center(surface, self._outline(w, h, theme.ACCENT, 2), (x, y))
            badge = self._badge(self.app.num(count))
            surface.blit(badge, badge.get_rect(midright=(min(x + w // 2 + 8, W - 8), y + h // 2 - 6)))
        if self.closed_pile:
            note = self._cache("note")
            key = (self.app.settings.language,)
            img = note.get(key)
            if img is None:
                img = note[key] = self.app.text.render_wrapped(t("buraco_table.closed_note"), 15, PILE_RECT.w,
                                                               theme.TEXT_DIM, False, "center")
            surface.blit(img, img.get_rect(midtop=(PILE_RECT.centerx, PILE_TOP_POS[1] + PILE_TOP_H // 2 + 12)))

    def _draw_plates(self, surface) -> None:
        active = self.turn_seat if self.is_idle() else None
        pulse = int(150 + 100 * math.sin(self.clock * 4.0))
        for seat in range(self.n):
            name = self.slot_name(seat)
            pos = PLATES[name]
            if seat == active:
                glow = self._plate_glow()
                glow.set_alpha(max(40, pulse))
                self._blit_center(surface, glow, pos)
            self._blit_center(surface, self._plate_surface(seat, seat == active), pos)
            if seat != self.viewer and self.hands[seat]:
                self._draw_fan(surface, seat)

    def _draw_fan(self, surface, seat: int) -> None:
        positions = self._hand_positions(seat)
        if self.slot_name(seat) == "bottom":
            return                                 # the holder's own seat while the device is passed
        back = self.card(None, FAN_H)
        bw, bh = back.get_size()
        for x, y, _ in positions:
            surface.blit(self._shadow(bw, bh, 40), (int(x - bw / 2) + 1, int(y - bh / 2) + 2))
            surface.blit(back, (int(x - bw / 2), int(y - bh / 2)))

    def _panel_rows(self) -> list:
        t, num = self.app.t, self.app.num
        target = self.match.options.get("target", 2000)
        rows = [[("t", self.adapter.game_title(), PANEL_TEXT, theme.FONT, True),
                 ("t", "· " + self.adapter.mode_name(), PANEL_DIM, theme.FONT_SMALL, False, 120)],
                [("t", t("table.deal", n=self.shown_deal + 1), PANEL_DIM, 16, False, 100), ("fill",),
                 ("t", t("table.target", n=target), PANEL_DIM, 16, False, 120)],
                ["---"]]
        score = self.match.score if not self.pending else self._shown_score()
        for side in (0, 1):
            rows.append([("dot", self.adapter.side_colour(side), 6),
                         ("t", self.adapter.side_name(side), PANEL_TEXT, theme.FONT_SMALL, False, 130), ("fill",),
                         ("t", num(score[side]), theme.ACCENT, theme.FONT, True)])
        return rows

    def _shown_score(self) -> list:
        """The score as of the deal on the cloth (the engine may be a deal ahead)."""
        if self.shown_deal < len(self.match.records):
            rec = self.match.records[self.shown_deal]
            shown = [e for e in rec.events if e.kind == "hand scored"]
            done = any(ev.kind == "hand scored" for di, ev in self.pending if di == self.shown_deal)
            if shown and not done:
                return list(shown[-1].data["score"])
            before = [0, 0]
            for r in self.match.records[:self.shown_deal]:
                if r.points:
                    before = [before[0] + r.points[0], before[1] + r.points[1]]
            return before
        return list(self.match.score)

    def _draw_panels(self, surface) -> None:
        key = (self.shown_deal, self.app.settings.language, self.app.settings.native_digits,
               tuple(self._shown_score()), len(self.pending) == 0)
        if key != self._panel_key:
            self._panel_key = key
            self._panel = render_rows(self.app, self._panel_rows(), SCORE_RECT.w, gap=4)
        surface.blit(self._panel, SCORE_RECT.topleft)
        if self.log:
            key = (tuple(self.log), self.app.settings.language)
            cache = self._cache("log")
            surf = cache.get(key)
            if surf is None:
                cache.clear()
                room = self._log_room()
                lines = list(self.log)
                for k in range(len(lines), 0, -1):           # the newest lines that fit
                    rows = [[("t", self.app.t("buraco_table.log_title"), theme.TEXT_DIM, 16, True)]]
                    for seat, text, card in lines[-k:]:
                        colour = self.adapter.seat_colour(seat) if seat >= 0 else theme.TEXT
                        row = [("dot", colour, 4), ("cell", text, theme.TEXT, 15, False, 172 if card else 204, "left")]
                        if card:
                            row.append(("card", card, DECK, 26))
                        rows.append(row)
                    surf = render_rows(self.app, rows, SCORE_RECT.w, pad=8, gap=3)
                    if surf.get_height() <= room:
                        break
                cache[key] = surf
            surface.blit(surf, (SCORE_RECT.x, self._log_top()))

    def _log_top(self) -> int:
        return SCORE_RECT.y + (self._panel.get_height() if self._panel is not None else 130) + 8

    def _log_room(self) -> int:
        limit = (PLATES["left"][1] - PLATE_SIZE[1] // 2 - 10) if self.n == 4 else \
            (PLATES["bottom"][1] - PLATE_SIZE[1] // 2 - 14)
        return limit - self._log_top()

    def _draw_hand(self, surface, turn: bool) -> None:
        seat = self.viewer
        if seat is None or self.handoff_open:
            return
        hand = self.hands[seat]
        if not hand:
            return
        self.hand_drawn_for = seat
        positions = self._hand_positions(seat)
        w, h = card_size(DECK, HAND_H)
        dragging = set(self.drag or ())
        must_seen = False
        for i, card in enumerate(hand):
            if card is None or i in dragging:
                continue
            x, y, _ = positions[i]
            lift = self._lift(i)
            pos = (x, y - lift)
            surface.blit(self._shadow(w, h, 70), (int(x - w / 2) + 2, int(y - h / 2 + 4 - lift * 0.4)))
            if i in self.selected:
                self._blit_center(surface, self._outline(w, h, theme.ACCENT, 3, spread=6), pos)
            elif card == self.must and not must_seen and turn:
                glow = self._outline(w, h, (255, 236, 150), 3, spread=8).copy()
                glow.set_alpha(int(170 + 80 * math.sin(self.clock * 5)))
                self._blit_center(surface, glow, pos)
            if card == self.must:
                must_seen = True
            self._blit_center(surface, self.card(card, HAND_H), pos)
            if i == self.kb_index and self.meld_cursor is None:
                self._blit_center(surface, self._outline(w, h, (255, 255, 255), 3, spread=0), pos)

    def _draw_flights(self, surface) -> None:
        for f in self.flights:
            tw = f.tween
            if tw is None or not tw.started:
                continue
            t = tw.value
            x = f.p0[0] + (f.p1[0] - f.p0[0]) * t
            y = f.p0[1] + (f.p1[1] - f.p0[1]) * t - f.arc * math.sin(math.pi * t)
            a = f.a0 + (f.a1 - f.a0) * t
            h = f.h0 + (f.h1 - f.h0) * t
            card = f.card if f.face else None
            img = self.card(card, h, a, crisp=False)
            if f.packet:
                for k in range(min(4, f.packet), 0, -1):
                    self._blit_center(surface, img, (x + k * 1.5, y + k * 1.5))
            self._blit_center(surface, img, (x, y))

    def _bubble_surface(self, text: str, big: bool) -> pygame.Surface:
        key = (text, big)
        cache = self._cache("bubble")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render_wrapped(text, 22 if big else 20, 280, theme.TEXT_DARK, True, "center")
            w, h = img.get_width() + 28, img.get_height() + 14
            surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(4, 5, w, h), border_radius=16)
            fill = (255, 226, 120) if big else (252, 250, 242)
            pygame.draw.rect(surf, fill, pygame.Rect(0, 0, w, h), border_radius=16)
            pygame.draw.rect(surf, (90, 70, 50), pygame.Rect(0, 0, w, h), 2, border_radius=16)
            surf.blit(img, ((w - img.get_width()) // 2, 7))
            cache[key] = surf
        return surf

    def _draw_bubbles(self, surface) -> None:
        for where, b in self.bubbles.items():
            surf = self._bubble_surface(b.text, b.big)
            if where == -1:
                rect = surf.get_rect(center=CENTER)
            else:
                pos, anchor = BUBBLES[self.slot_name(where)]
                rect = surf.get_rect(**{anchor: pos})
            age = b.total - b.left
            if b.big and age < 0.4:
                rect.x += int(4 * math.sin(age * 60))
            fade = min(1.0, b.left / 0.3) if b.total > 0 else 1.0
            surf.set_alpha(int(255 * max(0.0, fade)))
            surface.blit(surf, rect)

    def _turn_text(self, turn: bool) -> tuple[str, tuple] | None:
        t = self.app.t
        if self.hint is not None:
            return self.hint[0], (255, 196, 176)
        seat = self.turn_seat
        if seat is None or not self.is_idle() or self.match.finished:
            return None
        name = self.session.seats[seat].name
        if turn:
            if self.phase == "draw":
                return t("buraco_table.turn_draw"), theme.ACCENT
            if self.must:
                return t("buraco_table.turn_must", name=self.adapter.card_name(self.must)), theme.ACCENT
            if self.meld_cursor is not None:
                return t("buraco_table.turn_add_keys"), theme.ACCENT
            if self._can_close():
                return t("buraco_table.turn_can_close"), theme.GOOD
            return t("buraco_table.turn_play"), theme.ACCENT
        if self.session.is_bot(seat):
            return t("turn.thinking", name=name), theme.TEXT
        return t("turn.player", name=name), theme.TEXT

    def _can_close(self) -> bool:
        """The viewer's side has taken its muerto and holds the canasta its mode needs to close."""
        side = self.base & 1
        if self.muerto_state[side] == "table":
            return False
        need = ("clean", "royal", "ace-to-ace") if self.rules.need_clean else ("dirty", "clean", "royal", "ace-to-ace")
        return any(m["canasta"] in need for m in self.melds[side])

    def _draw_turn_line(self, surface, turn: bool) -> None:
        item = self._turn_text(turn)
        if item is None:
            return
        text, colour = item
        key = (text, colour)
        cache = self._cache("turn")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(self._fit(text, theme.FONT_SMALL, 740, True), theme.FONT_SMALL, colour, True)
            surf = pygame.Surface((img.get_width() + 28, img.get_height() + 6), pygame.SRCALPHA)
            pygame.draw.rect(surf, (20, 8, 4, 200), surf.get_rect(), border_radius=surf.get_height() // 2)
            surf.blit(img, (14, 3))
            cache[key] = surf
        surface.blit(surf, surf.get_rect(center=(OURS_RECT.centerx, TURN_Y)))

    def _draw_drag(self, surface) -> None:
        if self.drag is None or self.viewer is None:
            return
        hand = self._my_hand()
        cards = [hand[i] for i in self.drag if 0 <= i < len(hand)]
        h = 120
        w = card_size(DECK, h)[0]
        x0 = self.mouse[0] - (w + 24 * (len(cards) - 1)) / 2 + w / 2
        for k, card in enumerate(cards):
            pos = (x0 + 24 * k, self.mouse[1])
            self._blit_center(surface, self._outline(w, h, theme.ACCENT, 2, spread=4), pos)
            self._blit_center(surface, self.card(card, h), pos)

    def _draw_tooltips(self, surface) -> None:
        if self.widgets.hovered is not None or self.drag is not None:
            return
        thing = self.hover
        if thing and thing[0] == "meld" and thing[3] is not None:
            side = (self.base & 1) if thing[1] == "ours" else 1 - (self.base & 1)
            if thing[2] < len(self.melds[side]):
                m = self.melds[side][thing[2]]
                if thing[3] == m["wild"]:
                    stands = m["stands"]
                    text = (self.app.t("buraco_table.wild_for", name=self.adapter.card_name(stands)) if stands
                            else self.app.t("buraco_table.wild_set"))
                    draw_tooltip(surface, text, self.mouse)
        elif thing == ("pile",) and self.closed_pile and self.pile_count:
            draw_tooltip(surface, self.app.t("buraco_table.closed_take_help"), self.mouse)


__all__ = ["BuracoTableScene", "BuracoAdapter", "describe_meld", "meld_from_info", "sort_key"]
