"""The small round "?" that opens the rules at the section explaining something (a setup
option). Clicked with the mouse; the keyboard reaches the same section with F1 on the
focused row, so the "?" stays out of the Tab order."""
from __future__ import annotations

import pygame

from game.ui import gfx, theme
from game.ui.widgets import Widget, blit_text


class InfoButton(Widget):
    focusable = False           # the scene routes its clicks; F1 is the keyboard's way

    def __init__(self, rect, on_click, tooltip=None) -> None:
        super().__init__(rect, tooltip)
        self.on_click = on_click

    def activate(self) -> None:
        self.on_click()

    def draw(self, surface, focused, hovered) -> None:
        r = min(self.rect.w, self.rect.h) // 2 - 3
        centre = self.rect.center
        gfx.draw.circle(surface, (8, 14, 12), (centre[0], centre[1] + 2), r)
        gfx.draw.circle(surface, theme.ACCENT if hovered else theme.BUTTON, centre, r)
        gfx.draw.circle(surface, theme.ACCENT, centre, r, 2)
        blit_text(surface, "?", theme.FONT, theme.TEXT_DARK if hovered else theme.TEXT,
                  (centre[0], centre[1] + 1), "center", bold=True)
