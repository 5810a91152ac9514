"""Widgets whose text shrinks to fit their box (long Bangla, Hindi or Spanish labels):
the buttons, choices and text fields of the menu screens and the pause overlay."""
from __future__ import annotations

import pygame

from game.ui import gfx, theme
from game.ui.fit import blit_fit, fit_size, focus_ring
from game.ui.widgets import Button, Choice, TextField, blit_text


class FitButton(Button):
    """A button whose label shrinks to fit (long Bangla or Spanish words)."""

    def draw(self, surface, focused, hovered) -> None:
        fill, ink = self.colours(hovered)
        shadow = self.rect.move(0, 3)
        gfx.draw.rect(surface, (8, 14, 12), shadow, border_radius=12)
        gfx.draw.rect(surface, fill, self.rect, border_radius=12)
        if self.enabled:        # a thin light edge along the top, like a raised key
            gfx.draw.line(surface, tuple(min(255, c + 40) for c in fill[:3]),
                             (self.rect.x + 10, self.rect.y + 1), (self.rect.right - 10, self.rect.y + 1), 2)
        if focused:
            focus_ring(surface, self.rect, 12, fill)
        label = self.label() if callable(self.label) else self.label
        bold = self.style == "primary"
        blit_fit(surface, label, self.size, ink, self.rect.center, "center", self.rect.w - 28, bold)


class FitChoice(Choice):
    """A :class:`Choice` whose label and value shrink to fit; ``locked`` shows a fixed value
    (one possible choice) as plain information, without arrows and out of the Tab order."""

    def __init__(self, *args, locked: bool = False, value_size: int = theme.FONT, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.locked = locked
        self.value_size = value_size
        if locked:
            self.focusable = False

    def step(self, delta: int) -> None:
        if not self.locked:
            super().step(delta)

    def draw(self, surface, focused, hovered) -> None:
        if (hovered or focused) and not self.locked:
            gfx.draw.rect(surface, (40, 64, 58), self.rect, border_radius=10)
        if focused:
            focus_ring(surface, self.rect, 10)
        ink = theme.TEXT if self.enabled else theme.BUTTON_TEXT_DISABLED
        label = self.label() if callable(self.label) else self.label
        if label:
            blit_fit(surface, label, theme.FONT, ink, (self.rect.x + 14, self.rect.centery), "midleft",
                     self.label_width - 24)
        box = pygame.Rect(self.rect.x + self.label_width, self.rect.y + 4,
                          self.rect.w - self.label_width - 6, self.rect.h - 8)
        value = self.fmt(self.value)
        if self.locked:
            blit_fit(surface, value, self.value_size, theme.TEXT, box.center, "center", box.w - 16)
            return
        gfx.draw.rect(surface, theme.MENU_BG_DARK, box, border_radius=8)
        cy = box.centery
        arrow = theme.ACCENT if self.enabled else theme.BUTTON_TEXT_DISABLED
        gfx.draw.polygon(surface, arrow, [(box.x + 10, cy), (box.x + 20, cy - 7), (box.x + 20, cy + 7)])
        gfx.draw.polygon(surface, arrow, [(box.right - 10, cy), (box.right - 20, cy - 7),
                                             (box.right - 20, cy + 7)])
        blit_fit(surface, value, self.value_size, ink, box.center, "center", box.w - 60)

    def click(self, pos) -> None:
        """The left arrow steps back, the rest of the value box steps on; a click on the
        label only focuses the row (its help shows), it never changes the value."""
        box_x = self.rect.x + self.label_width
        if pos[0] < box_x:
            return
        self.step(-1 if pos[0] < box_x + 44 else 1)


class FitTextField(TextField):
    """A :class:`TextField` with a fitted label and a clear focus ring round the whole row."""

    def draw(self, surface, focused, hovered) -> None:
        label = self.label() if callable(self.label) else self.label
        if label:
            blit_fit(surface, label, theme.FONT, theme.TEXT, (self.rect.x + 14, self.rect.centery),
                     "midleft", self.label_width - 24)
        box = pygame.Rect(self.rect.x + self.label_width, self.rect.y + 4,
                          self.rect.w - self.label_width - 6, self.rect.h - 8)
        gfx.draw.rect(surface, (250, 250, 246) if focused else (226, 228, 222), box, border_radius=8)
        if focused:
            focus_ring(surface, box, 8)
        caret = focused and pygame.time.get_ticks() // 500 % 2 == 0
        size = fit_size(self.text + "|", theme.FONT, box.w - 20)
        rect = blit_text(surface, self.text, size, theme.TEXT_DARK, (box.x + 10, box.centery), "midleft")
        if caret:
            x = rect.right + 2 if self.text else box.x + 10
            gfx.draw.line(surface, theme.TEXT_DARK, (x, box.y + 7), (x, box.bottom - 7), 2)
