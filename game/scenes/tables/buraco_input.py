"""The player's side of Buraco's table: selecting cards, the moves they make (draw, take
the pile, meld, add, discard), the buttons of the moment, mouse and keys, and where each
thing lies on the cloth (what a click or a drop hits). A mixin of
:class:`~game.scenes.tables.buraco_table.BuracoTableScene`."""
from __future__ import annotations

import logging
import math
from collections import Counter

import pygame

from game.games.buraco import side_canasta_ok
from game.scenes.tables.buraco import DECK
from game.scenes.tables.rules_link import rules_event, with_link
from game.settings import save_settings
from game.scenes.tables.buraco_layout import (BUTTON_BOTTOM, BUTTON_GAP, BUTTON_H, BUTTON_W, BUTTON_X, FANS,
                                              FAN_H, HAND_H, HAND_X0, HAND_X1, HAND_Y, LIFT, OURS_H,
                                              OURS_RECT, PILE_OPEN_H, PILE_RECT, PILE_TOP_H, PILE_TOP_POS,
                                              SORT_RECT, STOCK_H, STOCK_POS, THEIRS_H, THEIRS_RECT)
from game.ui import theme
from game.ui.card_art import card_size
from game.ui.widgets import Button

#: The action each button sends, for its link to the rules (F1, right click).
RULES_ACTIONS = {"draw": "draw", "take": "take-discard", "meld": "meld", "discard": "discard"}

log = logging.getLogger(__name__)


FACE_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


KB_LIFT = 14.0          # how far the keyboard-focused card rises (a selected card rises LIFT)


class BuracoInput:
    """Selection, moves, controls and hit-testing of the Buraco table."""

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
        """By suit ↔ by rank (the player's own order goes back to by suit); the choice is
        kept in the settings for the next match."""
        keep = self._selected_cards()
        self.sort_by = "rank" if self.sort_by == "suit" else "suit"
        if self.viewer is not None:
            self.session.seats[self.viewer].hand_order = None
            self.hands[self.viewer] = self._ordered(self.hands[self.viewer])
        self._reselect(keep)
        settings = self.app.settings
        if getattr(settings, "buraco_sort", None) != self.sort_by:
            settings.buraco_sort = self.sort_by
            try:                               # written as it is: nothing else to refresh
                save_settings(self.app.pref_dir, settings)
            except OSError as exc:             # kept for this session all the same
                log.warning("cannot save the sort choice: %s", exc)

    def move_cards(self, indices, to: int) -> None:
        """Put the viewer's cards at ``indices`` (in their order) before the card now at
        ``to`` (len: at the right end): the player's own order, kept until he sorts again."""
        hand = self._my_hand()
        indices = sorted(i for i in set(indices) if 0 <= i < len(hand))
        if not indices:
            return
        keep = self._selected_cards()
        moving = [hand[i] for i in indices]
        rest = [c for i, c in enumerate(hand) if i not in indices]
        k = sum(1 for i in range(min(max(to, 0), len(hand))) if i not in indices)
        self.hands[self.viewer] = rest[:k] + moving + rest[k:]
        self.sort_by = "own"
        self._keep_order(moved=True)
        self._reselect(keep)
        self._turn_token = None
        self._autosave()                       # the new order survives a crash before the next move

    def _hand_slot_at(self, pos) -> int | None:
        """Where a drop at ``pos`` goes in the viewer's hand (an index before which the cards
        are put), None if ``pos`` is not over the hand."""
        hand = self._my_hand()
        if self.viewer is None or not hand:
            return None
        w, h = card_size(DECK, HAND_H)
        if not (HAND_X0 - w // 2 <= pos[0] <= HAND_X1 + w // 2 and pos[1] >= HAND_Y - h // 2 - LIFT - 10):
            return None
        positions = self._hand_positions(self.viewer)
        return sum(1 for x, _, _ in positions if x < pos[0])

    def _refuse(self, text: str) -> None:
        """A refusal stays long enough to be read (the rules behind it take a sentence)."""
        self.hint = (text, max(self.HINT_SECONDS, len(text) / 15))

    def corner_warning(self) -> str | None:
        """The warning one move ahead of a dead end: the selected cards make a legal meld (or
        go onto one of the side's melds), the side's muerto is gone and, even after the move,
        the side lacks the canasta its mode needs to close, and the player would be left with
        three cards or fewer (two or fewer after the discard) — too few to build one."""
        if not self.my_turn() or self.phase == "draw" or not self.selected:
            return None
        seat = self.viewer
        side = seat & 1
        if self.muerto_state[side] == "table":
            return None
        key = ("corner", tuple(sorted(self.selected)), self._version, len(self.match.records[-1].actions))
        if getattr(self, "_corner_key", None) == key:
            return self._corner
        self._corner_key, self._corner = key, None
        match = self.match
        rules = self.rules
        if side_canasta_ok(match.melds[side], rules.need_clean):
            return None
        cards = self._selected_cards()
        left = match.hsize[seat] - len(cards)
        if left > 3 or left < 1:
            return None
        sim = None
        if len(cards) >= 3 and match.meld_check(seat, cards) is None:
            sim = match.clone()
            sim.apply("meld " + " ".join(cards))
        else:
            for i in sorted(self._accepting_melds()):
                order = self._plan_adds(seat, cards, i)[0]
                if order is not None:
                    sim = match.clone()
                    for card in order:
                        sim.apply(f"add {i} {card}")
                    break
        if sim is None or side_canasta_ok(sim.melds[side], rules.need_clean):
            return None
        key_name = "warn_corner_clean" if rules.need_clean else "warn_corner"
        self._corner = self.app.t(f"buraco_table.{key_name}", mode=self.adapter.mode_name())
        return self._corner

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

    def _sort_label(self) -> str:
        t = self.app.t
        return t({"rank": "buraco_table.sort_rank", "own": "buraco_table.sort_own"}.get(
            self.sort_by, "buraco_table.sort_suit"))

    def _build_controls(self) -> None:
        focused = getattr(self.widgets.focused, "cid", None)
        self.widgets.clear()
        t = self.app.t
        self.widgets.tooltip_avoid = [self._pile_hit(), self._stock_hit()]
        sort = Button(SORT_RECT, self._sort_label, self.toggle_sort, size=theme.FONT_SMALL,
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
            action = RULES_ACTIONS.get(cid)
            btn = Button(pygame.Rect(BUTTON_X, y, BUTTON_W, BUTTON_H), self._fit(label, theme.FONT, BUTTON_W - 16),
                         actions[cid], tooltip=with_link(self.match.game_id, action, tip), enabled=enabled,
                         style=style)
            btn.cid = cid
            btn.rules_action = action
            self.widgets.add(btn)
            y += BUTTON_H + BUTTON_GAP
        self.widgets.add(sort)
        for w in self.widgets.widgets:
            if getattr(w, "cid", None) == focused and w.enabled:
                self.widgets.set_focus(w)

    # ----- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self._pause_key(event) or rules_event(self, event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.widgets.handle(event)
            self.hover = self._thing_at(event.pos)
            if self.press is not None and self.drag is None and not self.handoff_open:
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
        self._keys_or_widgets(event)

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
        slot = self._hand_slot_at(pos)
        if slot is not None:
            self.move_cards(self.drag or (), slot)
            return
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
            if (self.my_turn() and self.phase != "draw" and not self.selected and self.kb_index is None
                    and self.meld_cursor is None and hand):
                self.kb_index = 0               # nothing focused: Enter focuses the first card
                return
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
            x, y = area.x, area.y + max(4, h // 12) + 2    # a raised wild stays clear of the zone's header
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

    # ----- what the hint needs -----------------------------------------------------------
    def hint_button_pos(self) -> tuple[int, int]:
        return (BUTTON_X + (BUTTON_W - 132) // 2, BUTTON_BOTTOM - 3 * BUTTON_H - 3 * BUTTON_GAP - 56)

    def hint_box_anchor(self) -> tuple[int, int]:
        return (OURS_RECT.centerx, OURS_RECT.bottom - 40)

    def card_deck_name(self) -> str:
        return "french"

    def action_words(self, action: str, view: dict | None = None) -> str:
        t = self.app.t
        verb, _, rest = action.partition(" ")
        name = self.adapter.card_name
        if verb == "draw":
            return t("hint.buraco_draw")
        if verb == "take-discard":
            return t("hint.buraco_take")
        if verb == "discard":
            return t("hint.buraco_discard", card=name(rest))
        if verb == "meld":                    # a meld reads best as its card faces: Q♦ K♦ A♦
            return t("hint.buraco_meld", cards=" ".join(
                t("cards.joker") if c == "JK" else c[:-1] + FACE_SUIT[c[-1]] for c in rest.split()))
        if verb == "add":
            index, _, card = rest.partition(" ")
            return t("hint.buraco_add", card=name(card))
        return super().action_words(action, view)

    def action_rect(self, action: str):
        if action == "draw":
            return pygame.Rect(STOCK_POS[0] - 40, STOCK_POS[1] - 56, 80, 112)
        if action == "take-discard":
            return PILE_RECT
        verb, _, rest = action.partition(" ")
        card = rest.split(" ")[-1] if verb in ("discard", "add") else None
        hand = self._my_hand()
        if card is not None and card in hand:
            i = hand.index(card)
            x, y, _ = self._hand_positions(self.viewer)[i]
            w, h = card_size(DECK, HAND_H)
            return pygame.Rect(int(x - w / 2), int(y - h / 2), w, h)
        return None

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
        if index == self.kb_index and self.meld_cursor is None:
            return KB_LIFT                  # the keyboard's card: lifted, with a glow behind it
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
