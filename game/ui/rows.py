"""Panels drawn from *rows*: lists of items laid out left to right on one line.

Items: ``("t", text, colour, size, bold[, max_width])`` text, ``("suit", suit, deck, px)`` a
suit sign on a cream token, ``("card", card, deck, h)`` and ``("back", deck, h)`` small
cards, ``("six", score, h)`` the 29 score keeper, ``("dot", colour, r)`` a team dot,
``("pips", filled, total, colour, r)`` deals won, ``("gap", px)``, ``("img", fn, *args)``
(``fn(app, *args)`` draws it), ``("cell", text, colour, size, bold, width, align)`` a
wrapped table cell and ``("fill",)`` which pushes the rest of the line to the right.
A row ``["---"]`` is a thin rule. The table's score panels and the summaries use them.
"""
from __future__ import annotations

import pygame

from game.ui import suit_shapes as ss
from game.ui import gfx, theme
from game.ui.text import default_renderer

RED_SIX = (232, 70, 64)
BLACK_SIX = (30, 30, 34)


def suit_icon(suit: str, deck: str, px: int, four_colour: bool = False) -> pygame.Surface:
    """A suit sign ``px`` high (drawn at 4x and smooth-scaled, cached)."""
    key = (suit, deck, px, four_colour, gfx.scale())
    surf = _ICONS.get(key)
    if surf is None:
        k = 4
        big_h = px * k
        width = big_h if deck == "french" else int(big_h * ss.SPANISH_WIDTH.get(suit, 1.4) / 2 + 2)
        big = gfx.Surface((max(width, 4), big_h), pygame.SRCALPHA)
        pen = ss.Pen(big, big.get_width() / 2, big_h / 2, big_h / 2 * 0.92)
        if deck == "french":
            ss.draw_french(pen, suit, ss.french_colour(suit, four_colour))
        else:
            ss.draw_spanish(pen, suit)
        surf = gfx.transform.smoothscale(big, (max(1, big.get_width() // k), px))
        _ICONS[key] = surf
    return surf


_ICONS: dict = {}
_TIP_CACHE: dict = {}
_ROW_CACHE: dict = {}


def _six_marker(score: int, height: int) -> pygame.Surface:
    """The 29 score keeper: a small six of hearts (red, score >= 0) or spades (black)."""
    key = ("six", score >= 0, height)
    surf = _ICONS.get(key)
    if surf is None:
        w = int(height * 0.72)
        surf = gfx.Surface((w, height), pygame.SRCALPHA)
        gfx.draw.rect(surf, (252, 250, 242), surf.get_rect(), border_radius=max(3, height // 8))
        gfx.draw.rect(surf, (120, 116, 108), surf.get_rect(), 1, border_radius=max(3, height // 8))
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
        chip = gfx.Surface((d, d), pygame.SRCALPHA)
        gfx.draw.circle(chip, (250, 247, 238), (d // 2, d // 2), d // 2)
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
        surf = gfx.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        gfx.draw.circle(surf, colour, (r + 1, r + 1), r)
        return surf
    if kind == "pips":
        _, filled, total, colour, r = item
        total = max(total, filled)
        surf = gfx.Surface((total * (2 * r + 5), 2 * r + 2), pygame.SRCALPHA)
        for i in range(total):
            c = (r + 1 + i * (2 * r + 5), r + 1)
            if i < filled:
                gfx.draw.circle(surf, colour, c, r)
            else:
                gfx.draw.circle(surf, (200, 210, 205), c, r, 2)
        return surf
    if kind == "gap":
        return gfx.Surface((item[1], 1), pygame.SRCALPHA)
    if kind == "img":                       # ("img", fn, *args): fn(app, *args) draws it (a tally)
        return item[1](app, *item[2:])
    if kind == "cell":                      # ("cell", text, colour, size, bold, width, align)
        _, s, colour, size, bold, width, align = item
        img = text.render_wrapped(s, size, max(10, width - 6), colour, bold, align)
        surf = gfx.Surface((width, img.get_height()), pygame.SRCALPHA)
        x = {"left": 0, "center": (width - img.get_width()) // 2, "right": width - img.get_width()}[align]
        surf.blit(img, (x, 0))
        return surf
    raise ValueError(f"unknown row item {kind!r}")


def render_rows(app, rows: list, width: int, pad: int = 12, gap: int = 6,
                bg=theme.PANEL, radius: int = 14, align: str = "left") -> pygame.Surface:
    """A panel surface holding ``rows`` (cached by content). A row may carry a ``("tip", text)``
    item: it draws nothing, and :func:`row_tips` says where that row lies (a marker's tooltip)."""
    key = (repr(rows), width, pad, gap, bg, align, app.settings.four_colour, gfx.scale())
    surf = _ROW_CACHE.get(key)
    if surf is not None:
        return surf
    lines = []
    tips = []
    height = pad
    for row in rows:
        if row == ["---"]:
            lines.append(None)
            height += 9
            continue
        tip = next((item[1] for item in row if item[0] == "tip"), None)
        row = [item for item in row if item[0] != "tip"]
        split = next((i for i, item in enumerate(row) if item[0] == "fill"), None)
        items = [_item_surface(app, item) for item in row if item[0] != "fill"]
        h = max((s.get_height() for s in items), default=0)
        if tip:
            tips.append((pygame.Rect(0, height - gap // 2, width, h + gap), tip))
        lines.append((items, h, split))
        height += h + gap
    height += pad - gap
    surf = gfx.Surface((width, max(height, 2 * pad)), pygame.SRCALPHA)
    if bg is not None:
        gfx.draw.rect(surf, bg, surf.get_rect(), border_radius=radius)
    y = pad
    for line in lines:
        if line is None:
            gfx.draw.line(surf, (255, 255, 255, 60), (pad, y + 3), (width - pad, y + 3))
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
        _TIP_CACHE.clear()
    _ROW_CACHE[key] = surf
    _TIP_CACHE[key] = tips
    return surf


def row_tips(app, rows: list, width: int, pad: int = 12, gap: int = 6,
             bg=theme.PANEL, radius: int = 14, align: str = "left") -> list:
    """``[(rect, text)]``: where each row with a ``("tip", text)`` item lies in the surface
    :func:`render_rows` makes of the same arguments (logical pixels, the panel's top-left at 0, 0)."""
    render_rows(app, rows, width, pad, gap, bg, radius, align)
    key = (repr(rows), width, pad, gap, bg, align, app.settings.four_colour, gfx.scale())
    return list(_TIP_CACHE.get(key, ()))
