"""The viewer's side of the trick table: the buttons of the moment (and the bid spinner),
playing a card by click, drag or keys, hovering, and where each card lies in the hand.
A mixin of :class:`~game.scenes.tables.trick_table.TableScene`."""
from __future__ import annotations

import math

import pygame

from game.scenes.tables.adapter import Control
from game.scenes.tables.rules_link import rules_event, with_link
from game.ui import gfx, theme
from game.ui.rows import suit_icon
from game.ui.widgets import Button, Choice, draw_focus_ring
from game.scenes.tables.trick_layout import TURN_Y
from game.scenes.tables.trick_layout import (BUTTON_H, BUTTON_Y, COLUMN_BOTTOM, COLUMN_BUTTON_H, COLUMN_X,
                                             HAND_H, SLOTS, TRICK_H, W)


KB_LIFT = 20.0      # how far the keyboard-focused card rises when it may not be played


class TrickTableInput:
    """Controls, mouse and keys, card positions of the trick table."""

    def _build_controls(self, controls: list[Control]) -> None:
        self.widgets.clear()
        self.armed = None                        # a new set of buttons: nothing half-confirmed
        self._controls = list(controls)
        self._control_rects = {}
        if not controls:
            return
        text = self.app.text
        specs = []
        for c in controls:
            if c.kind == "bid":
                specs.append(("spin", c, 150))
                width = max(text.width(self.app.t(c.label_key, n=v), theme.FONT) for v in (c.values[0], c.values[-1]))
                specs.append(("bidbtn", c, width + 40))
            else:
                width = text.width(c.label, theme.FONT) + 40 + (26 if c.suit else 0)
                specs.append(("btn", c, max(110, width)))
        gap = 12
        total = sum(w for _, _, w in specs) + gap * (len(specs) - 1)
        x = W // 2 - total // 2
        column = self.adapter.controls_layout == "column" and all(k == "btn" for k, _, _ in specs)
        if column:                               # stacked right of the hand, the first on top
            col_w = max(w for _, _, w in specs)
            y = COLUMN_BOTTOM - len(specs) * COLUMN_BUTTON_H - (len(specs) - 1) * 6
        first = None
        spinner = None
        game_id = self.match.game_id
        for kind, c, width in specs:
            if column:
                rect = pygame.Rect(COLUMN_X, y, col_w, COLUMN_BUTTON_H)
                y += COLUMN_BUTTON_H + 6
            else:
                rect = pygame.Rect(x, BUTTON_Y, width, BUTTON_H)
            x += width + gap
            self._control_rects[c.action_fmt if c.kind == "bid" else c.action] = rect
            if kind == "spin":
                spinner = _Spinner(rect, c.values, self.app.num)
                spinner.on_submit = (lambda c=c, s=spinner: self.act(c.action_fmt.format(s.value)))
                self.widgets.add(spinner)
                first = first or spinner
            elif kind == "bidbtn":
                s = spinner
                btn = Button(rect, (lambda c=c, s=s: self.app.t(c.label_key, n=s.value)),
                             (lambda c=c, s=s: self.act(c.action_fmt.format(s.value))), style=c.style)
                btn.rules_action = c.action_fmt.format(c.values[0])
                btn.tooltip = with_link(game_id, btn.rules_action, c.tooltip)
                self.widgets.add(btn)
            else:
                btn = _SuitButton(rect, c.label, None,
                                  tooltip=with_link(game_id, c.action, c.tooltip),
                                  enabled=c.enabled, style=c.style,
                                  icon=suit_icon(c.suit, self.deck, 20, self.app.settings.four_colour) if c.suit else None)
                btn.on_click = (lambda c=c, b=btn: self.press_control(c, b))
                btn.rules_action = c.action
                self.widgets.add(btn)
        if first is not None:
            self.widgets.set_focus(first)

    def press_control(self, control: Control, button=None) -> bool:
        """A call button pressed (click or key): a risky one (``control.confirm``, a fold) asks
        first, its label turned into the question, and a second press within a few seconds makes it."""
        if control.confirm and self.armed != control.action:
            self.armed = control.action
            self.armed_until = self.clock + 4.0
            if button is not None:
                button._plain = (button.label, button.tooltip)
                button.label = control.confirm
                button.tooltip = self.app.t("trick_help.confirm_tip")
            self.sound("call")
            return False
        return self.act(control.action)

    def _disarm(self) -> None:
        """The confirm was not given in time: the button says what it did."""
        self.armed = None
        for widget in self.widgets.widgets:
            plain = getattr(widget, "_plain", None)
            if plain is not None:
                widget.label, widget.tooltip = plain
                widget._plain = None

    def _tick(self, dt: float) -> None:
        if self.armed is not None and self.clock > self.armed_until:
            self._disarm()

    def _card_reason(self, card: str) -> str | None:
        """Why the viewer may not play ``card`` now (None if he may)."""
        if card in self._playable:
            return None
        if card not in self._reasons:
            exc = self.match.why_illegal("play " + card)
            self._reasons[card] = self.adapter.reason_text(exc) if exc is not None else ""
        return self._reasons[card] or None

    def try_play(self, card: str) -> bool:
        if not self.my_turn():
            return False
        if card not in self._playable:
            reason = self._card_reason(card)
            if reason and self._playable:
                self.hint = (reason, 3.0)
            return False
        return self.act("play " + card)

    # ----- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self._pause_key(event) or rules_event(self, event):
            return
        if self.phones is not None and self.phones.handle(event):
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_l:
            if event.type == pygame.KEYUP:          # L held: the last trick (a free key)
                self.tab_down_at = None
            elif self.tab_down_at is None:
                self.tab_down_at = self.clock
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                if self.tab_down_at is not None:
                    return                      # key repeat while held: just keep peeking
                self.tab_down_at = self.clock
                if self.widgets.focusables():
                    self.widgets.handle(event)
                    self.kb_index = None
                return
        if event.type == pygame.KEYUP and event.key == pygame.K_TAB:
            self.tab_down_at = None
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.widgets.handle(event)
            self._hover(event.pos)
            if self.press is not None and self.drag_card is None:
                card, p0 = self.press
                if math.hypot(event.pos[0] - p0[0], event.pos[1] - p0[1]) > 10 and card in self._playable:
                    self.drag_card = card
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.peek_until > self.clock:
                self.peek_until = 0.0
            if self._pile_at(event.pos):
                self.peek_until = self.clock + 3.0
                return
            if self.widgets.handle(event):
                return
            card = self._card_at(event.pos)
            if card is not None and self.my_turn():
                self.press = (card, event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            press, self.press = self.press, None
            drag, self.drag_card = self.drag_card, None
            if drag is not None:
                if event.pos[1] < SLOTS["bottom"]["hand"][1] - HAND_H // 2 - 20:
                    self.drag_card = drag            # the flight starts from the mouse
                    if not self.try_play(drag):
                        self.drag_card = None
                return
            if press is not None and self._card_at(event.pos) == press[0]:
                self.try_play(press[0])
            return
        self._keys_or_widgets(event)

    def _answering(self) -> bool:
        """A call waits for the viewer's answer: no card may be played, only the call buttons."""
        return self.my_turn() and not self._playable and bool(self.widgets.focusables())

    def _key(self, event) -> None:
        focused = self.widgets.focused
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if isinstance(focused, Choice):
                self.widgets.handle(event)
                return
            if self._answering():              # the arrows move among the call buttons
                self.widgets.move_focus(1 if event.key == pygame.K_RIGHT else -1)
                return
            hand = self.hands[self.viewer] if self.viewer is not None else []
            if not hand or not self.my_turn():
                return
            self.widgets.focus = None
            if self.kb_index is None:
                legal_idx = [i for i, c in enumerate(hand) if c in self._playable]
                self.kb_index = (legal_idx[0] if event.key == pygame.K_RIGHT else legal_idx[-1]) if legal_idx else 0
            else:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.kb_index = (self.kb_index + step) % len(hand)
            card = hand[self.kb_index]
            reason = self._card_reason(card) if self._playable else None
            self.hover_reason = reason
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.kb_index is not None and self.widgets.focus is None and self.viewer is not None:
                hand = self.hands[self.viewer]
                if 0 <= self.kb_index < len(hand):
                    self.try_play(hand[self.kb_index])
                return
            if self.widgets.focus is None and self.viewer is not None and self.my_turn():
                # nothing focused: Enter focuses the first card that may be played (or the first call)
                hand = self.hands[self.viewer]
                first = next((i for i, c in enumerate(hand) if c in self._playable), None)
                if first is not None:
                    self.kb_index = first
                    self.hover_reason = None
                elif self.widgets.focusables():
                    self.widgets.move_focus(1)
                return
        self.widgets.handle(event)

    def _hover(self, pos) -> None:
        card = self._card_at(pos)
        self.hover_card = card
        if card is not None and self.my_turn() and self._playable:
            self.hover_reason = self._card_reason(card)
        else:
            self.hover_reason = None

    def _card_at(self, pos) -> str | None:
        if self.viewer is None:
            return None
        hand = self.hands[self.viewer]
        positions = self._hand_positions(self.viewer)
        w, h = self._card_size(HAND_H)
        for i in range(len(hand) - 1, -1, -1):
            x, y, _ = positions[i]
            lift = self._lift(hand[i], i)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (int(x), int(y - lift))
            if rect.collidepoint(pos):
                return hand[i]
        return None

    def card_point(self, card: str) -> tuple[int, int] | None:
        """A screen point where a click hits ``card`` in the viewer's hand (tests, tools)."""
        if self.viewer is None or card not in self.hands[self.viewer]:
            return None
        i = self.hands[self.viewer].index(card)
        x, y, _ = self._hand_positions(self.viewer)[i]
        w, h = self._card_size(HAND_H)
        lift = self._lift(card, i)
        for dx in range(-w // 2 + 6, w // 2, 6):
            pos = (int(x + dx), int(y - lift - h // 2 + 30))
            if self._card_at(pos) == card:
                return pos
        return None

    # ----- what the hint needs -----------------------------------------------------------
    def hint_box_anchor(self) -> tuple[int, int]:
        return (W // 2, TURN_Y - 22)

    def action_words(self, action: str, view: dict | None = None) -> str:
        controls = getattr(self, "_controls", []) if view is None else \
            self.adapter.controls(view["legal"], view)
        for c in controls:
            if c.kind == "bid" and c.action_fmt and action.startswith(c.action_fmt.split("{")[0]):
                tail = action[len(c.action_fmt.split("{")[0]):]
                if tail.isascii() and tail.isdigit():
                    return self.app.t(c.label_key, n=int(tail))
            elif c.action == action:
                return c.label
        return super().action_words(action, view)

    def action_rect(self, action: str):
        rects = getattr(self, "_control_rects", {})
        for key, rect in rects.items():
            if key == action or ("{" in key and action.startswith(key.split("{")[0])):
                return rect
        if action.startswith("play ") and self.viewer is not None:
            card = action[5:]
            hand = self.hands[self.viewer]
            if card in hand:
                i = hand.index(card)
                x, y, _ = self._hand_positions(self.viewer)[i]
                w, h = self._card_size(HAND_H)
                return pygame.Rect(int(x - w / 2), int(y - self._lift(card, i) - h / 2), w, h)
        return None

    def _pile_at(self, pos) -> bool:
        """Whether ``pos`` is on a pile of won tricks, or on a decided trick left on the cloth."""
        for seat in range(self.n):
            if self.piles[seat] and self._pile_rect(seat).collidepoint(pos):
                return True
        return self._kept_at(pos)

    def _kept_at(self, pos) -> bool:
        w, h = self._card_size(TRICK_H)
        for k, (cards, _) in enumerate(self.kept):
            for seat, card in cards:
                x, y, _ = self._trick_pos(seat, card, k)
                if pygame.Rect(int(x - w / 2), int(y - h / 2), w, h).collidepoint(pos):
                    return True
        return False

    # ----- geometry ---------------------------------------------------------------------
    def _card_size(self, height: int) -> tuple[int, int]:
        ratio = 61 / 95 if self.deck == "spanish" else 63 / 88
        return (max(1, round(height * ratio)), height)

    def _hand_positions(self, seat: int, count: int | None = None) -> list[tuple[float, float, float]]:
        n = len(self.hands[seat]) if count is None else count
        if n == 0:
            return []
        cx, cy = self.slot(seat)["hand"]
        if seat == self.viewer:
            w, _ = self._card_size(HAND_H)
            if n <= 3:                           # a Truco hand: side by side, upright, nothing hidden
                step = w + 10
                total = step * (n - 1)
                return [(cx - total / 2 + i * step, cy, 0.0) for i in range(n)]
            step = min(w * 0.72, (780 - w) / max(1, n - 1))
            total = step * (n - 1)
            mid = (n - 1) / 2
            spread = min(2.4, 24.0 / max(n, 1))
            out = []
            for i in range(n):
                d = i - mid
                out.append((cx - total / 2 + i * step, cy + d * d * spread * 0.45, -d * spread))
            return out
        name = self.slot_name(seat)
        if name in ("left", "right"):
            step = 15 if n <= 8 else 11 if n <= 10 else 9
        else:
            step = 15 if n <= 10 else 12
        total = step * (n - 1)
        if name in ("left", "right"):
            return [(cx, cy - total / 2 + i * step, 0) for i in range(n)]
        return [(cx - total / 2 + i * step, cy, 0) for i in range(n)]

    def _lift(self, card, index: int) -> float:
        if card is None:
            return 0.0
        focused = index == self.kb_index
        if not self._playable:
            return KB_LIFT if focused else 0.0
        if card in self._playable:
            if card == self.hover_card or focused or "play " + card == self.advice.suggested():
                return 30.0
            return 16.0
        return KB_LIFT if focused else 0.0      # the keyboard's card rises even when it may not be played


class _Spinner(Choice):
    """The bid spinner: ←/→ or the arrows change the number, Enter bids it."""

    def __init__(self, rect, values, fmt) -> None:
        super().__init__(rect, "", values, values[0], fmt=fmt, label_width=0)
        self.on_submit = None

    def activate(self) -> None:
        if self.on_submit is not None:
            self.on_submit()

    def click(self, pos) -> None:
        box_left = self.rect.x + 40
        box_right = self.rect.right - 40
        if pos[0] < box_left:
            self.step(-1)
        elif pos[0] > box_right:
            self.step(1)

    def step(self, delta: int) -> None:
        # no wrap-around: a bid spinner stops at its ends
        if not self.values:
            return
        self.index = max(0, min(len(self.values) - 1, self.index + delta))

    def draw(self, surface, focused, hovered) -> None:
        gfx.draw.rect(surface, theme.MENU_BG_DARK, self.rect, border_radius=10)
        if focused:
            draw_focus_ring(surface, self.rect, 10, theme.MENU_BG_DARK)
        cy = self.rect.centery
        left_on = self.index > 0
        right_on = self.index < len(self.values) - 1
        x0, x1 = self.rect.x, self.rect.right
        gfx.draw.polygon(surface, theme.ACCENT if left_on else theme.BUTTON_TEXT_DISABLED,
                            [(x0 + 12, cy), (x0 + 24, cy - 9), (x0 + 24, cy + 9)])
        gfx.draw.polygon(surface, theme.ACCENT if right_on else theme.BUTTON_TEXT_DISABLED,
                            [(x1 - 12, cy), (x1 - 24, cy - 9), (x1 - 24, cy + 9)])
        img = self.fmt(self.value)
        from game.ui.widgets import blit_text
        blit_text(surface, img, theme.FONT_BIG, theme.TEXT, self.rect.center, "center", True)


class _SuitButton(Button):
    """A button with an optional suit sign before its label."""

    def __init__(self, rect, label, on_click, tooltip=None, enabled=True, style="normal", icon=None) -> None:
        super().__init__(rect, label, on_click, tooltip=tooltip, enabled=enabled, style=style)
        self.icon = icon

    def colours(self, hovered: bool):
        if self.enabled and self.style == "risky":          # a bet: dark with an amber edge, not the default
            return ((96, 66, 30) if hovered else (58, 42, 22)), (255, 222, 150)
        return super().colours(hovered)

    def draw(self, surface, focused, hovered) -> None:
        if self.icon is None:
            super().draw(surface, focused, hovered)
            if self.enabled and self.style == "risky":
                gfx.draw.rect(surface, theme.ACCENT, self.rect, 2, border_radius=10)
            return
        fill, ink = self.colours(hovered)
        gfx.draw.rect(surface, (250, 248, 240) if self.enabled else theme.BUTTON_DISABLED, self.rect,
                         border_radius=10)
        if hovered and self.enabled:
            gfx.draw.rect(surface, theme.ACCENT, self.rect, 3, border_radius=10)
        if focused:
            draw_focus_ring(surface, self.rect, 10, (250, 248, 240) if self.enabled else theme.BUTTON_DISABLED)
        from game.ui.widgets import blit_text
        label = self.label() if callable(self.label) else self.label
        tw = self.app_text_width(label)
        x = self.rect.centerx - (tw + self.icon.get_width() + 8) // 2
        surface.blit(self.icon, self.icon.get_rect(midleft=(x, self.rect.centery)))
        blit_text(surface, label, theme.FONT, theme.TEXT_DARK if self.enabled else theme.BUTTON_TEXT_DISABLED,
                  (x + self.icon.get_width() + 8, self.rect.centery), "midleft")

    @staticmethod
    def app_text_width(label: str) -> int:
        from game.ui.text import default_renderer
        return default_renderer().width(label, theme.FONT)
