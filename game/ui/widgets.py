"""Buttons, choices, toggles and text fields that work with mouse and keyboard.

A :class:`WidgetGroup` owns the widgets of a screen: it keeps the keyboard
focus (Tab / Shift+Tab / arrow keys move it, Enter or Space activates, ←/→
change a choice), tracks the hovered widget for tooltips, and draws them with
a visible focus ring. Labels are given as strings or as zero-argument callables
so that a language change shows at once.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui import gfx, theme
from game.ui.text import default_renderer

TextLike = str | Callable[[], str]


def _text(value: TextLike) -> str:
    return value() if callable(value) else value


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour=theme.PANEL, radius: int = 14) -> None:
    """A translucent rounded panel."""
    panel = gfx.Surface(rect.size, pygame.SRCALPHA)
    gfx.draw.rect(panel, colour, panel.get_rect(), border_radius=radius)
    surface.blit(panel, rect.topleft)


def blit_text(surface: pygame.Surface, text: str, size: int, colour, pos, anchor: str = "topleft",
              bold: bool = False) -> pygame.Rect:
    """Draw shaped text anchored at ``pos`` (any pygame.Rect attribute name)."""
    img = default_renderer().render(text, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def luminance(colour) -> float:
    """Relative luminance of an sRGB colour (WCAG 2)."""
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


FOCUS_BAND = (8, 10, 14)          # the dark band between a focused thing and its ring
FOCUS_LIGHT = (255, 255, 255)     # the ring round a fill too close to the accent colour


def focus_colour(fill=None):
    """The focus ring's colour: the accent, or white round a fill it would not stand out from."""
    if fill is None or contrast(theme.ACCENT, fill) >= 3.0:
        return theme.ACCENT
    return FOCUS_LIGHT


def draw_focus_ring(surface, rect: pygame.Rect, radius: int = 12, fill=None) -> None:
    """The keyboard focus round ``rect``: a dark band hugging it (it stands out from any
    fill, the yellow of a primary button too) and a bright ring outside (it stands out from
    the felt and the menus); ``fill`` is what ``rect`` is filled with, if known."""
    gfx.draw.rect(surface, FOCUS_BAND, rect.inflate(4, 4), 2, border_radius=radius + 2)
    gfx.draw.rect(surface, focus_colour(fill), rect.inflate(10, 10), 3, border_radius=radius + 5)


class Widget:
    focusable = True

    def __init__(self, rect, tooltip: TextLike | None = None,
                 enabled: bool | Callable[[], bool] = True) -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self._enabled = enabled
        self.visible = True

    @property
    def enabled(self) -> bool:
        return bool(self._enabled()) if callable(self._enabled) else bool(self._enabled)

    @enabled.setter
    def enabled(self, value) -> None:
        self._enabled = value

    def activate(self) -> None:
        """Enter, Space or a click."""

    def key(self, event) -> bool:
        """A key other than focus movement; True if used."""
        return False

    def click(self, pos) -> None:
        self.activate()

    def draw(self, surface, focused: bool, hovered: bool) -> None:
        raise NotImplementedError


class Label(Widget):
    focusable = False

    def __init__(self, rect, text: TextLike, size: int = theme.FONT, colour=theme.TEXT,
                 anchor: str = "midleft", bold: bool = False) -> None:
        super().__init__(rect)
        self.text, self.size, self.colour, self.anchor, self.bold = text, size, colour, anchor, bold

    def draw(self, surface, focused, hovered) -> None:
        blit_text(surface, _text(self.text), self.size, self.colour,
                  getattr(self.rect, self.anchor), self.anchor, self.bold)


class Button(Widget):
    def __init__(self, rect, label: TextLike, on_click: Callable[[], None] | None = None,
                 tooltip: TextLike | None = None, enabled=True, style: str = "normal",
                 size: int = theme.FONT) -> None:
        super().__init__(rect, tooltip, enabled)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.size = size

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def colours(self, hovered: bool):
        if not self.enabled:
            return theme.BUTTON_DISABLED, theme.BUTTON_TEXT_DISABLED
        if self.style == "primary":
            return ((255, 214, 100) if hovered else theme.ACCENT), theme.TEXT_DARK
        if self.style == "danger":
            return ((236, 110, 96) if hovered else theme.DANGER), theme.TEXT
        return (theme.BUTTON_HOVER if hovered else theme.BUTTON), theme.TEXT

    def draw(self, surface, focused, hovered) -> None:
        fill, ink = self.colours(hovered)
        gfx.draw.rect(surface, fill, self.rect, border_radius=10)
        if focused:
            draw_focus_ring(surface, self.rect, 10, fill)
        blit_text(surface, _text(self.label), self.size, ink, self.rect.center, "center")


class Choice(Widget):
    """A value picked from a list: ←/→ (or a click on the arrows) change it."""

    def __init__(self, rect, label: TextLike, values: list, value, fmt: Callable[[object], str] = str,
                 on_change: Callable[[object], None] | None = None, tooltip=None, enabled=True,
                 label_width: int | None = None) -> None:
        super().__init__(rect, tooltip, enabled)
        self.label = label
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0
        self.fmt = fmt
        self.on_change = on_change
        self.label_width = label_width if label_width is not None else self.rect.w // 2

    @property
    def value(self):
        return self.values[self.index]

    def step(self, delta: int) -> None:
        if not self.enabled or not self.values:
            return
        self.index = (self.index + delta) % len(self.values)
        if self.on_change is not None:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def click(self, pos) -> None:
        """The value box's left part steps back, the rest steps on; the label only focuses."""
        box_x = self.rect.x + self.label_width
        if pos[0] < box_x:
            return
        self.step(-1 if pos[0] < box_x + 40 else 1)

    def key(self, event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def draw(self, surface, focused, hovered) -> None:
        if hovered or focused:
            gfx.draw.rect(surface, theme.BUTTON, self.rect, border_radius=10)
        if focused:
            draw_focus_ring(surface, self.rect, 10)
        ink = theme.TEXT if self.enabled else theme.BUTTON_TEXT_DISABLED
        blit_text(surface, _text(self.label), theme.FONT, ink, (self.rect.x + 14, self.rect.centery),
                  "midleft")
        box = pygame.Rect(self.rect.x + self.label_width, self.rect.y + 4,
                          self.rect.w - self.label_width - 8, self.rect.h - 8)
        gfx.draw.rect(surface, theme.MENU_BG_DARK, box, border_radius=8)
        cy = box.centery
        gfx.draw.polygon(surface, theme.ACCENT, [(box.x + 10, cy), (box.x + 20, cy - 7), (box.x + 20, cy + 7)])
        gfx.draw.polygon(surface, theme.ACCENT, [(box.right - 10, cy), (box.right - 20, cy - 7),
                                                    (box.right - 20, cy + 7)])
        blit_text(surface, self.fmt(self.value), theme.FONT, ink, box.center, "center")


class TextField(Widget):
    """A one-line text entry (player names)."""

    def __init__(self, rect, label: TextLike, text: str = "", max_len: int = 16,
                 on_change: Callable[[str], None] | None = None, label_width: int | None = None) -> None:
        super().__init__(rect)
        self.label = label
        self.text = text
        self.max_len = max_len
        self.on_change = on_change
        self.label_width = label_width if label_width is not None else self.rect.w // 2

    def key(self, event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self._changed()
            return True
        return False

    def text_input(self, text: str) -> None:
        if len(self.text) + len(text) <= self.max_len:
            self.text += text
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def draw(self, surface, focused, hovered) -> None:
        blit_text(surface, _text(self.label), theme.FONT, theme.TEXT, (self.rect.x + 14, self.rect.centery),
                  "midleft")
        box = pygame.Rect(self.rect.x + self.label_width, self.rect.y + 4,
                          self.rect.w - self.label_width - 8, self.rect.h - 8)
        gfx.draw.rect(surface, (250, 250, 246), box, border_radius=8)
        if focused:
            draw_focus_ring(surface, box, 8)
        shown = self.text + ("|" if focused and pygame.time.get_ticks() // 500 % 2 == 0 else "")
        blit_text(surface, shown, theme.FONT, theme.TEXT_DARK, (box.x + 10, box.centery), "midleft")


class WidgetGroup:
    """The widgets of one screen, with keyboard focus, hover and tooltips."""

    def __init__(self, widgets: list[Widget] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets or [])
        self.focus: int | None = None
        self.hovered: Widget | None = None
        self.mouse = (0, 0)
        self.tooltip_avoid: list = []        # rects a tooltip must not cover (a table's piles)

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self.focus = None
        self.hovered = None

    def focusables(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.visible and w.enabled]

    @property
    def focused(self) -> Widget | None:
        if self.focus is None or self.focus >= len(self.widgets):
            return None
        return self.widgets[self.focus]

    def move_focus(self, delta: int) -> None:
        order = self.focusables()
        if not order:
            self.focus = None
            return
        if self.focus not in order:
            self.focus = order[0 if delta > 0 else -1]
            return
        self.focus = order[(order.index(self.focus) + delta) % len(order)]

    def set_focus(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def handle(self, event) -> bool:
        """Route an event; True if a widget used it."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hovered = self.at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            widget = self.at(event.pos)
            if widget is not None and widget.enabled and widget.focusable:
                self.focus = self.widgets.index(widget)
                widget.click(event.pos)
                return True
            return False
        if event.type == pygame.TEXTINPUT:
            widget = self.focused
            if isinstance(widget, TextField):
                widget.text_input(event.text)
                return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        widget = self.focused
        if widget is not None and widget.key(event):
            return True
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and widget is not None:
            if not isinstance(widget, TextField) or event.key != pygame.K_SPACE:
                widget.activate()
                return True
        return False

    def at(self, pos) -> Widget | None:
        for widget in reversed(self.widgets):
            if widget.visible and widget.rect.collidepoint(pos):
                return widget
        return None

    def draw(self, surface) -> None:
        focused = self.focused
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, widget is focused, widget is self.hovered and widget.enabled)
        hovered = self.hovered
        if hovered is not None and hovered.visible and hovered.tooltip:
            text = _text(hovered.tooltip)
            if text:                            # a tooltip with nothing to say now is not drawn
                draw_tooltip(surface, text, self.mouse, self.tooltip_avoid)


def draw_tooltip(surface, text: str, pos, avoid=()) -> pygame.Rect:
    """A tooltip by the pointer at ``pos``, never over the rects in ``avoid`` (it moves to
    their left, or above them)."""
    img = default_renderer().render_wrapped(text, theme.FONT_SMALL, 380, theme.TEXT)
    rect = img.get_rect(topleft=(pos[0] + 16, pos[1] + 18)).inflate(20, 14)
    if rect.bottom > surface.get_height():      # above the pointer, not over what it points at
        rect.bottom = pos[1] - 10
    area = surface.get_rect()
    rect.clamp_ip(area)
    for r in avoid or ():
        if rect.colliderect(r):
            rect.right = r.x - 8
            rect.clamp_ip(area)
            if rect.colliderect(r):
                rect.bottom = r.y - 8
                rect.clamp_ip(area)
    draw_panel(surface, rect, (8, 10, 14, 230), 8)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def move_spatial(group: WidgetGroup, dx: int, dy: int) -> bool:
    """Move the focus to the nearest focusable widget in a direction (grids of tiles)."""
    current = group.focused
    if current is None:
        group.move_focus(1)
        return True
    cx, cy = current.rect.center
    best, best_cost = None, None
    for i in group.focusables():
        w = group.widgets[i]
        if w is current:
            continue
        ox, oy = w.rect.centerx - cx, w.rect.centery - cy
        along = ox * dx + oy * dy
        if along <= 0:
            continue
        across = abs(ox * dy) + abs(oy * dx)
        cost = along + across * 2
        if best_cost is None or cost < best_cost:
            best, best_cost = i, cost
    if best is None:
        return False
    group.focus = best
    return True
