"""Buraco's own table: a rummy table, not a trick table, on the shared shell.

The scene has the same hooks as :class:`~game.scenes.tables.trick_table.TableScene` (``is_idle``,
``my_turn``, ``act``, ``skip_animations``, ``save_match``, ``concede``, ``open_pause``,
``hand_drawn_for``, ``handoffs``), autosaves after every action, hands the device over
in hot-seat and shows the deal summary and the match result at the end.

What is on the cloth (a warmer colour than the trick games' green):

- the viewer's hand at the bottom, sorted by suit (an ace after the king where the suit's
  cards are high) or by rank (the toggle under the viewer's plate, kept in the settings), or
  in the player's own order after he drags a card along it (kept with his seat in the save);
  the card just drawn glows, marked "New", until the discard; cards are selected with a click (or ←/→ and Space) and then laid as a
  new meld (the Meld button, Enter, a click on the side's meld area, or a drag there) or
  added to one of the side's melds (a click on it, a drag onto it, or ↑, ←/→, Enter).
  An illegal meld or add is explained in words (the engine's ``meld_check`` reason,
  localised, naming the rule and the mode) before anything is sent to the engine, and the
  turn line warns one move before a dead end (see ``corner_warning``);
- the side's melds as fanned rows in the lower area, the opponents' smaller in the upper
  one; a canasta carries a ribbon with its kind (dirty, clean, royal, ace to ace), a meld one
  card from a canasta a lighter one, and a wild card stands raised and outlined in its place;
- on the right the stock and the two muertos with their counts, the discard pile (fanned
  in the open modes, only its top card in the closed ones, with the closed-pile
  obligation written under it) and the buttons of the moment (Draw, Take the pile; Meld,
  Discard, Clear);
- a score panel and a log of the deal on the left; name plates for every seat.

Every movement comes from the engine's events (dealt, drew, took pile, melded, added,
discarded, batted, muertos to stock, closed), queued and played back in order while the
scene keeps its own display model; bots act only when the queue is empty, after a short
"thinking" delay. In hot-seat the table never draws a hand that is not the viewer's:
during the hand-off the viewer is nobody and every hand is hidden.

The scene is split by concern: this module holds its state and plays the engine's
events back; :mod:`.buraco_input` the selection and the player's moves (mouse and
keys, the buttons, where things are on the cloth); :mod:`.buraco_draw` the drawing of
the melds, the stock, the pile, the hands, the panels. :mod:`.buraco` holds the
adapter (summary and result rows) and how melds are shown.
"""
from __future__ import annotations

import functools
import logging

from game import i18n
from game.games.buraco_melds import RULES
from game.session import MAX_HAND_ORDER
from game.scenes.tables.buraco import (DECK, KIND_KEY, KIND_ORDER, BuracoAdapter, describe_meld,
                                       high_aces, meld_from_info, sort_hand, sort_key)
from game.scenes.tables.buraco_draw import BuracoDrawing
from game.scenes.tables.buraco_input import BuracoInput
from game.scenes.tables.buraco_layout import (BUBBLE_TIME, Bubble, DEAL_FLIGHT, DEAL_STEP, DRAW_FLIGHT,
                                            FAN_H, Flight, HAND_H, LOG_LINES, MUERTO_FLIGHT, MUERTO_H,
                                            MUERTO_POS, PILE_TOP_POS, PLATES, PLAY_FLIGHT, SLOT_ORDER,
                                            STOCK_H, STOCK_POS)
from game.scenes.tables.match_table import MatchTableScene
from game.ui import anim, theme
from game.ui.felt import felt_surface

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- the scene

class BuracoTableScene(BuracoInput, BuracoDrawing, MatchTableScene):
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
        self.sort_by = "own" if self._seat_order() is not None else self._saved_sort()
        self.fresh: list[str] = []                # the viewer's cards just drawn or taken (highlighted)
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

    # ----- the hand's order --------------------------------------------------------------
    def _saved_sort(self) -> str:
        """The sort the player chose last time (settings), by suit if none."""
        choice = getattr(self.app.settings, "buraco_sort", "suit")
        return choice if choice in ("suit", "rank") else "suit"

    def _seat_order(self) -> list | None:
        """The viewer's own order of his cards, kept with his seat (saved with the match)."""
        if self.viewer is None or not 0 <= self.viewer < len(self.session.seats):
            return None
        return getattr(self.session.seats[self.viewer], "hand_order", None)

    def _keep_order(self, moved: bool = False) -> None:
        """Remember the viewer's own order with his seat (the next autosave writes it). After
        a drag (``moved``) the order is the hand as shown; otherwise the order kept so far, with
        the cards new to it at the right end (a deal rebuilt card by card keeps the order)."""
        if self.viewer is None or self.sort_by != "own":
            return
        shown = [c for c in self.hands[self.viewer] if c is not None]
        kept = list(self._seat_order() or ())
        if moved:
            rest = list(kept)
            for c in shown:
                if c in rest:
                    rest.remove(c)
            order = shown + rest
        else:
            new = list(shown)
            for c in kept:
                if c in new:
                    new.remove(c)
            order = kept + new
        self.session.seats[self.viewer].hand_order = order[-MAX_HAND_ORDER:]

    def _ordered(self, cards: list, old: list | None = None) -> list:
        """``cards`` in the hand's order: sorted by suit or rank, or, in the player's own
        order ("own", after a drag), the old order kept and new cards at the right end."""
        if self.sort_by != "own":
            return sort_hand(cards, self.sort_by)
        left = list(cards)
        out = []
        if old is None:
            old = self._seat_order() or self.hands[self.viewer]
        for c in old:
            if c in left:
                left.remove(c)
                out.append(c)
        return out + left

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
        self.fresh = []
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
        if seat == self.viewer and card is not None and self.sort_by != "own":
            aces = high_aces([c for c in hand if c is not None] + [card]) if self.sort_by == "suit" else ()
            key = sort_key(card, self.sort_by, aces)
            i = sum(1 for c in hand if c is not None and sort_key(c, self.sort_by, aces) <= key)
        return pos[min(i, len(pos) - 1)][:2]

    def _add_to_hand(self, seat: int, card: str | None) -> None:
        hand = self.hands[seat]
        if seat != self.viewer or card is None:
            hand.append(None)
            return
        keep = self._selected_cards()
        self.hands[seat] = self._ordered(hand + [card])
        self._keep_order()
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
        if seat == self.viewer and card is not None:
            self.fresh = [card]
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
        if seat == self.viewer and cards:
            self.fresh = list(cards)
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
            self._log_add(seat, functools.partial(self.app.t, "buraco_table.log_canasta",
                                                  name=self.adapter.name(seat)))
            self.sound("call")
            self._hold(0.7)

    def _discarded(self, ev) -> None:
        seat, card = ev.seat, ev.data["card"]
        if seat == self.viewer:
            self.fresh = []                       # the turn is over
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

    def _log_entry(self, ev) -> tuple[str, dict, str | None] | None:
        """The log line of ``ev`` as a string key, its parameters and a card drawn beside
        it, or None (rendered when drawn, so a language change shows at once)."""
        name = self.adapter.name(ev.seat) if ev.seat is not None else ""
        kind, d = ev.kind, ev.data
        if kind == "drew":
            return "buraco_table.log_draw", {"name": name}, None
        if kind == "took pile":
            return "buraco_table.log_take", {"name": name, "n": d.get("count", 0)}, None
        if kind == "melded":
            return "buraco_table.log_meld", {"name": name, "n": len(d["cards"].split())}, None
        if kind == "added":
            return "buraco_table.log_add", {"name": name}, d["card"]
        if kind == "discarded":
            return "buraco_table.log_discard", {"name": name}, d["card"]
        if kind == "batted":
            key = "log_bat_direct" if d.get("how") == "direct" else "log_bat_indirect"
            return f"buraco_table.{key}", {"name": name}, None
        if kind == "closed":
            return "buraco_table.log_close", {"name": name}, None
        if kind == "muertos to stock":
            return "buraco_table.bubble_muertos_stock", {}, None
        if kind == "stock exhausted":
            stall = d.get("stalled")
            if stall:
                return "buraco_table.bubble_stalled", {"n": stall}, None
            return "buraco_table.bubble_stock_out", {}, None
        return None

    def _recap_phrase(self, ev) -> str | None:
        entry = self._log_entry(ev)
        if entry is None:
            return None
        key, params, card = entry
        what = self.app.t(key, **params)
        return self.app.t("recap.with_card", action=what, card=i18n.card_name(card, DECK)) if card else what

    def _log_event(self, ev) -> None:
        entry = self._log_entry(ev)
        if entry is not None:
            key, params, card = entry
            self._log_add(ev.seat, functools.partial(self.app.t, key, **params), card)

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
                hand = self._ordered(list(view["hand"]))
                if hand != self.hands[seat] or self.sort_by == "own":
                    keep = self._selected_cards()
                    self.hands[seat] = hand
                    self._keep_order()
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
        self.fresh = []
        # each player's own order is his (kept with his seat); else the sort of the settings
        self.sort_by = "own" if self._seat_order() is not None else self._saved_sort()
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


__all__ = ["BuracoTableScene", "BuracoAdapter", "describe_meld", "meld_from_info", "sort_hand", "sort_key"]
