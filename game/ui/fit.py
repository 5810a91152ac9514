"""Text that fits: labels shrunk to a width, wrapped paragraphs, the heading of a menu
screen, the panel of a warning and the focus ring every focusable thing draws."""
from __future__ import annotations

import pygame

from game.ui import gfx, theme
from game.ui.text import default_renderer
from game.ui.widgets import blit_text, draw_focus_ring, draw_panel

W = theme.WIDTH
MIN_TEXT = 16             # never shrink a label below this (px)


def fit_size(text: str, size: int, max_width: int, bold: bool = False, min_size: int = MIN_TEXT) -> int:
    """The largest size <= ``size`` at which ``text`` fits ``max_width`` (at least ``min_size``)."""
    r = default_renderer()
    while size > min_size and r.measure(text, size, bold)[0] > max_width:
        size -= 1
    return size


def blit_fit(surface, text: str, size: int, colour, pos, anchor: str, max_width: int,
             bold: bool = False) -> pygame.Rect:
    """Like :func:`blit_text`, shrinking the text until it fits ``max_width``."""
    return blit_text(surface, text, fit_size(text, size, max_width, bold), colour, pos, anchor, bold)


def blit_wrapped(surface, text: str, size: int, colour, topleft, max_width: int,
                 align: str = "left", bold: bool = False) -> pygame.Rect:
    img = default_renderer().render_wrapped(text, size, max_width, colour, bold, align)
    rect = img.get_rect(topleft=topleft)
    if align == "center":
        rect.centerx = topleft[0] + max_width // 2
    surface.blit(img, rect)
    return rect



def draw_title(surface, text: str, subtitle: str | None = None, y: int = 26) -> int:
    """The heading of a menu screen, left-aligned; returns the y below it."""
    rect = blit_fit(surface, text, theme.FONT_BIG + 10, theme.TEXT, (48, y), "topleft", W - 96, bold=True)
    bottom = rect.bottom
    if subtitle:
        sub = blit_fit(surface, subtitle, theme.FONT, theme.TEXT_DIM, (50, bottom - 2), "topleft", W - 96)
        bottom = sub.bottom
    gfx.draw.line(surface, theme.ACCENT, (48, bottom + 8), (168, bottom + 8), 3)
    return bottom + 16


def draw_warning(surface, panel: pygame.Rect, title: str, text: str) -> None:
    """A red-edged panel asking the player something: a bold title, the text wrapped
    below it (the buttons go along the bottom)."""
    draw_panel(surface, panel, (16, 26, 30, 246), 20)
    gfx.draw.rect(surface, theme.DANGER, panel, 2, border_radius=20)
    blit_fit(surface, title, theme.FONT_BIG, theme.TEXT, (panel.centerx, panel.y + 26), "midtop",
             panel.w - 60, bold=True)
    blit_wrapped(surface, text, theme.FONT, theme.TEXT_DIM, (panel.x + 40, panel.y + 86), panel.w - 80,
                 align="center")


def focus_ring(surface, rect: pygame.Rect, radius: int = 12, fill=None) -> None:
    """The keyboard focus round ``rect`` (see :func:`game.ui.widgets.draw_focus_ring`)."""
    draw_focus_ring(surface, rect, radius, fill)

