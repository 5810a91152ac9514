"""Playing cards drawn procedurally by the project: Spanish 40, French 52, joker and back.

Usage::

    art = CardArt(200)                    # deck inferred from each card string
    art.face("12B"); art.face("QD"); art.face("JK"); art.back()
    art = CardArt(200, deck="spanish")    # size and ambiguous cards ("5C") as Spanish
    art = CardArt(200, four_colour=True)  # ♠ black, ♥ red, ♦ blue, ♣ green

Every card is drawn at 2-3x its final size with ``pygame.draw`` and the bundled
Noto Sans Bold, then smooth-scaled down once and cached, so it is crisp at any
height.  Surfaces are per-pixel alpha (SRCALPHA) with rounded corners and a thin
border, no shadow: the table draws shadows itself if it wants them.

Card notation is the contract's (``shared/CONTRACT.md``): Spanish ranks
``1 2 3 4 5 6 7 10 11 12`` with suits ``O C E B``; French ranks ``A 2..10 J Q K``
with suits ``S H D C``; ``JK`` for a joker.  ``C`` is both copas and clubs: a card
like ``5C`` is read in the ``CardArt``'s deck, French when it has none.
"""
from __future__ import annotations

import functools
import math
import os
import pygame

from game.resources import resource_path
from game.ui import suit_shapes as ss
from game.ui.suit_shapes import Pen
from game.ui.spanish_courts import caballo, rey, sota

SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
SPANISH_SUITS = "OCEB"
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_SUITS = "SHDC"
JOKER = "JK"

SPANISH_DECK = tuple(r + s for s in SPANISH_SUITS for r in SPANISH_RANKS)
FRENCH_DECK = tuple(r + s for s in FRENCH_SUITS for r in FRENCH_RANKS)

RATIO = {"spanish": 61 / 95, "french": 63 / 88}
"""Width / height of a card: Spanish 61 x 95 mm, French 63 x 88 mm."""

FACE = (253, 251, 244)          # the card's cream paper
EDGE = (128, 124, 116)          # thin border round the card
BACK_COLOUR = (28, 50, 110)     # deep blue of the back

_FONT_NAME = "NotoSans-Bold.ttf"
_SYSTEM_FONT = "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf"


# --------------------------------------------------------------------------- notation


def card_size(deck: str, height: int) -> tuple[int, int]:
    """Pixel size (w, h) of a card of ``deck`` ("spanish" or "french") ``height`` px tall."""
    if deck not in RATIO:
        raise ValueError(f"unknown deck {deck!r}; expected 'spanish' or 'french'")
    height = int(height)
    return max(1, round(height * RATIO[deck])), height


def split_card(card: str) -> tuple[str, str]:
    """``"12B"`` -> ``("12", "B")``; raises ValueError on anything not a card."""
    if not isinstance(card, str) or len(card) < 2:
        raise ValueError(f"not a card: {card!r}")
    if card == JOKER:
        return "JK", ""
    rank, suit = card[:-1], card[-1]
    if not ((rank in SPANISH_RANKS and suit in SPANISH_SUITS)
            or (rank in FRENCH_RANKS and suit in FRENCH_SUITS)):
        raise ValueError(f"not a card: {card!r}")
    return rank, suit


def infer_deck(card: str) -> str | None:
    """"spanish" or "french" when the string alone tells, else None (joker, ``2C``..``7C``, ``10C``)."""
    rank, suit = split_card(card)
    if card == JOKER:
        return None
    if suit in "OEB" or rank in ("1", "11", "12"):
        return "spanish"
    if suit in "SHD" or rank in ("A", "8", "9", "J", "Q", "K"):
        return "french"
    return None


# --------------------------------------------------------------------------- fonts


def _font_path() -> str | None:
    """The bundled Noto Sans Bold; the system's copy if the bundle lacks it; else None
    (pygame's default font)."""
    for path in (os.fspath(resource_path("assets", "fonts", _FONT_NAME)), _SYSTEM_FONT):
        if os.path.isfile(path):
            return path
    return None


@functools.lru_cache(maxsize=64)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(_font_path(), max(4, px))


@functools.lru_cache(maxsize=8)
def _cap_ratio(px: int) -> float:
    """Cap height / font size for the font in use (measured on an 'H')."""
    img = _font(px).render("H", True, (0, 0, 0))
    return max(1, img.get_bounding_rect().height) / px


def _glyphs(text: str, cap_h: float, colour, max_w: float | None = None,
            spacing: float = 0.08) -> pygame.Surface:
    """``text`` with its cap height ``cap_h`` px, tightly set and cropped to its ink.

    Characters are cropped one by one and set ``spacing * cap_h`` apart, which gives
    card-style tight indices ("10" no wider than a court letter); the result is
    squeezed horizontally to ``max_w`` if it is wider.
    """
    base = 96
    scale = cap_h / (_cap_ratio(base) * base)
    px = max(4, round(base * scale))
    font = _font(px)
    parts = []
    for ch in text:
        img = font.render(ch, True, colour)
        parts.append(img.subsurface(img.get_bounding_rect()).copy())
    # align on the baseline: every glyph's ink bottom sits on the line except Q's tail
    cap_px = _cap_ratio(base) * px
    gap = round(spacing * cap_h)
    w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    h = max(max(p.get_height() for p in parts), round(cap_px))
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    out.fill((*colour[:3], 0))
    x = 0
    for ch, p in zip(text, parts):
        y = 0 if ch in "QJ" and p.get_height() > cap_px else h - p.get_height()
        out.blit(p, (x, y))
        x += p.get_width() + gap
    if max_w is not None and out.get_width() > max_w:
        out = pygame.transform.smoothscale(out, (max(1, round(max_w)), out.get_height()))
    # scale exactly to the requested cap height
    if abs(h - cap_h) > 1 and h > 0:
        k = cap_h / round(cap_px) if round(cap_px) else 1
        out = pygame.transform.smoothscale(
            out, (max(1, round(out.get_width() * k)), max(1, round(out.get_height() * k))))
    return out


def _blit_centred(surf: pygame.Surface, img: pygame.Surface, cx: float, cy: float,
                  rot180: bool = False) -> None:
    if rot180:
        img = pygame.transform.rotate(img, 180)
    surf.blit(img, img.get_rect(center=(round(cx), round(cy))))


def _mix(a, b, t: float):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


# --------------------------------------------------------------------------- the cache


class CardArt:
    """Card faces and backs at one height, drawn once and cached.

    ``deck`` ("spanish", "french" or None) fixes ``size``, how ambiguous strings such
    as ``"5C"`` are read, and refuses cards of the other deck; with None each card's
    deck is inferred from its string (``1``, ``11``, ``12``, ``O``, ``E``, ``B`` are
    Spanish; ``A``, ``8``, ``9``, court letters, ``S``, ``H``, ``D`` French; the rest
    French).  ``face(card, deck=...)`` overrides it for one card.
    """

    def __init__(self, height_px: int, four_colour: bool = False, deck: str | None = None,
                 back_colour: tuple[int, int, int] = BACK_COLOUR):
        if deck is not None and deck not in RATIO:
            raise ValueError(f"unknown deck {deck!r}; expected 'spanish' or 'french'")
        if int(height_px) < 8:
            raise ValueError(f"card height too small: {height_px!r}")
        self.height = int(height_px)
        self.four_colour = bool(four_colour)
        self.deck = deck
        self.back_colour = tuple(back_colour)
        self._cache: dict[tuple[str, str], pygame.Surface] = {}

    # -- sizes -----------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """(w, h) of this art's deck (French when it has none)."""
        return card_size(self.deck or "french", self.height)

    def deck_for(self, card: str) -> str:
        """The deck ``card`` is drawn in; ValueError if it cannot be in this art's deck."""
        deck = infer_deck(card)
        if deck is None:
            return self.deck or "french"
        if self.deck is not None and deck != self.deck:
            raise ValueError(f"{card!r} is not a card of the {self.deck} deck")
        return deck

    def size_for(self, card: str) -> tuple[int, int]:
        return card_size(self.deck_for(card), self.height)

    # -- surfaces --------------------------------------------------------------
    def face(self, card: str, deck: str | None = None) -> pygame.Surface:
        """The face of ``card`` (cached: the same Surface each time; do not draw on it)."""
        split_card(card)
        deck = deck or self.deck_for(card)
        if deck not in RATIO:
            raise ValueError(f"unknown deck {deck!r}")
        if card != JOKER and infer_deck(card) not in (None, deck):
            raise ValueError(f"{card!r} is not a card of the {deck} deck")
        key = (deck, card)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = self._render(deck, card)
        return surf

    def back(self, deck: str | None = None) -> pygame.Surface:
        """The card back (cached)."""
        deck = deck or self.deck or "french"
        key = (deck, "back")
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = self._render(deck, None)
        return surf

    def clear(self) -> None:
        self._cache.clear()

    # -- drawing ---------------------------------------------------------------
    def _render(self, deck: str, card: str | None) -> pygame.Surface:
        w, h = card_size(deck, self.height)
        # supersampling factor: a power of two, which smoothscale reduces exactly
        # (with 3 it leaves opaque pixels at alpha 253)
        k = 4 if h <= 320 else 2 if h <= 1000 else 1
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        W, H = big.get_size()
        big.fill((*EDGE, 0))   # transparent, but edge-coloured so scaling leaves no dark fringe
        radius = round(0.055 * W)
        edge = max(1, round(k * max(1.0, h / 220)))
        rect = big.get_rect()
        if card is None:
            _draw_back(big, W, H, radius, edge, self.back_colour)
        else:
            pygame.draw.rect(big, (*EDGE, 255), rect, border_radius=radius)
            pygame.draw.rect(big, (*FACE, 255), rect.inflate(-2 * edge, -2 * edge),
                             border_radius=max(0, radius - edge))
            if card == JOKER:
                _draw_joker(big, W, H)
            elif deck == "spanish":
                _draw_spanish(big, W, H, *split_card(card))
            else:
                _draw_french(big, W, H, *split_card(card), self.four_colour)
        out = pygame.transform.smoothscale(big, (w, h)) if k > 1 else big
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            out = out.convert_alpha()
        return out


# --------------------------------------------------------------------------- French faces

# pip positions (column, row) in the pip field; rows run 0 (top) .. 1 (bottom)
_L, _C, _R = -1, 0, 1
FRENCH_PIPS = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, 0.5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    9: [(_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5),
        (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)],
    10: [(_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3),
         (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6), (_L, 1), (_R, 1)],
}


def _french_index(surf, W, H, rank, suit, ink) -> None:
    cx = 0.105 * W
    top = 0.045 * H
    cap = 0.11 * H
    text = _glyphs(rank, cap, ink, max_w=0.16 * W, spacing=0.02)
    pip_h = 0.08 * H
    pip_y = top + max(cap + 0.03 * H, text.get_height() + 0.015 * H) + pip_h / 2
    for rot in (False, True):
        if rot:
            _blit_centred(surf, text, W - cx, H - top - text.get_height() / 2, True)
            pen = Pen(surf, W - cx, H - pip_y, pip_h / 2, 180)
        else:
            _blit_centred(surf, text, cx, top + text.get_height() / 2)
            pen = Pen(surf, cx, pip_y, pip_h / 2)
        ss.draw_french(pen, suit, ink)


def _draw_french(surf, W, H, rank, suit, four_colour) -> None:
    ink = ss.french_colour(suit, four_colour)
    _french_index(surf, W, H, rank, suit, ink)
    if rank == "A":
        size = {"S": 0.42, "C": 0.36, "H": 0.34, "D": 0.38}[suit] * H
        ss.draw_french(Pen(surf, W / 2, H / 2, size / 2), suit, ink)
        if suit == "S":   # the ace of spades' flourish: a thin ring
            pen = Pen(surf, W / 2, H / 2, H)
            pen.stroke(ss.ellipse_pts(0, 0, 0.265, 0.28, n=96), ink, 0.004)
        return
    if rank in ("J", "Q", "K"):
        _french_court(surf, W, H, rank, suit, ink)
        return
    n = int(rank)
    pip_h = (0.14 if n <= 6 else 0.13 if n <= 8 else 0.118) * H
    xs = {_L: 0.32 * W, _C: 0.5 * W, _R: 0.68 * W}
    y0, y1 = 0.19 * H, 0.81 * H
    if n <= 3:
        y0, y1 = 0.2 * H, 0.8 * H
    for col, row in FRENCH_PIPS[n]:
        y = y0 + (y1 - y0) * row
        angle = 180 if row > 0.5 else 0
        ss.draw_french(Pen(surf, xs[col], y, pip_h / 2, angle), suit, ink)


def _french_court(surf, W, H, rank, suit, ink) -> None:
    """A double-ended court panel: emblem, large letter and suit sign in each half."""
    x0, x1 = 0.2 * W, 0.8 * W
    y0, y1 = 0.05 * H, 0.95 * H
    panel = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    bg = _mix(FACE, ss.GOLD if ink == ss.FRENCH_BLACK else ink, 0.1)
    r = round(0.035 * W)
    line = max(2, round(0.008 * H))
    pygame.draw.rect(surf, bg, panel, border_radius=r)
    pygame.draw.rect(surf, ink, panel, line, border_radius=r)
    inner = panel.inflate(-3 * line, -3 * line)
    pygame.draw.rect(surf, ss.GOLD_DARK, inner, max(1, line // 2), border_radius=max(0, r - line))
    cx = W / 2
    cap = 0.175 * H
    letter = _glyphs(rank, cap, ink)
    if letter.get_height() > 0.19 * H:        # J and Q hang below the line: keep them in the box
        letter = _glyphs(rank, cap * 0.19 * H / letter.get_height(), ink)
    for rot in (False, True):
        def Y(y):  # noqa: E306 - mirror for the bottom half
            return H - y if rot else y
        a = 180 if rot else 0
        _emblem(Pen(surf, cx, Y(0.115 * H), 0.055 * H, a), rank, ink)
        _blit_centred(surf, letter, cx, Y(0.17 * H + letter.get_height() / 2), rot)
        ss.draw_french(Pen(surf, cx, Y(0.42 * H), 0.045 * H, a), suit, ink)
    # the line that splits a double-ended court card
    pen = Pen(surf, cx, H / 2, 1)
    pen.line((-0.24 * W, 0.025 * H), (0.24 * W, -0.025 * H), _mix(ink, bg, 0.5), 0.004 * H)


def _emblem(pen: Pen, rank: str, ink) -> None:
    """Above a court letter: a crown (K), a coronet (Q) or a plumed cap (J); ~2 units wide."""
    o = ss.GOLD_DARK
    jewel = ss.RED if ink != ss.FRENCH_RED else ss.BLUE
    if rank == "K":
        crown = [(-0.8, 0.55), (-0.95, -0.45), (-0.45, 0.0), (0, -0.7), (0.45, 0.0),
                 (0.95, -0.45), (0.8, 0.55)]
        pen.shape(crown, ss.GOLD, o, 0.09)
        pen.shape([(-0.82, 0.4), (0.82, 0.4), (0.82, 0.72), (-0.82, 0.72)], ss.GOLD, o, 0.09)
        for x, y in ((-0.95, -0.5), (0, -0.76), (0.95, -0.5)):
            pen.circle(x, y, 0.15, ss.GOLD_LIGHT, o, 0.08)
        for x in (-0.45, 0.0, 0.45):
            pen.circle(x, 0.56, 0.09, jewel)
    elif rank == "Q":
        arc = ss.ellipse_pts(0, 0.45, 0.85, 0.95, math.pi, 2 * math.pi, 32)
        pen.shape(arc, ss.GOLD, o, 0.09)
        for x, y in ((-0.62, -0.2), (-0.32, -0.42), (0, -0.55), (0.32, -0.42), (0.62, -0.2)):
            pen.circle(x, y, 0.12, (250, 248, 240), o, 0.06)
        pen.circle(0, -0.05, 0.17, jewel, o, 0.06)
        pen.shape([(-0.88, 0.42), (0.88, 0.42), (0.85, 0.7), (-0.85, 0.7)], ss.GOLD, o, 0.09)
    else:
        feather = ss.bezier((0.2, -0.3), (0.45, -0.95), (1.0, -1.05), (1.2, -0.85), 12) + \
            ss.bezier((1.2, -0.85), (0.9, -0.75), (0.6, -0.5), (0.45, -0.1), 12)
        pen.shape(feather, ss.GOLD_LIGHT, o, 0.07)
        pen.shape(ss.ellipse_pts(0, 0.25, 0.6, 0.62, math.pi, 2 * math.pi, 24), ink, ss.INK, 0.08)
        pen.shape(ss.ellipse_pts(0, 0.45, 1.0, 0.24, 0, 2 * math.pi, 32), ink, ss.INK, 0.08)
        pen.shape([(-0.58, 0.05), (0.58, 0.05), (0.6, 0.25), (-0.6, 0.25)], ss.GOLD, o, 0.06)


# --------------------------------------------------------------------------- Spanish faces

# two to six pips stand as on a French card; the seven's middle pip sits a little lower
SPANISH_PIPS = {
    1: [(_C, 0.5)],
    **{n: FRENCH_PIPS[n] for n in range(2, 7)},
    7: [(_L, 0), (_R, 0), (_C, 0.29), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
}

# pip height (fraction of card height) by suit and count
_SPANISH_PIP_H = {
    "O": {1: 0.36, 2: 0.2, 3: 0.19, 4: 0.18, 5: 0.17, 6: 0.15, 7: 0.15},
    "C": {1: 0.44, 2: 0.24, 3: 0.22, 4: 0.22, 5: 0.21, 6: 0.19, 7: 0.175},
    "E": {1: 0.66, 2: 0.34, 3: 0.27, 4: 0.32, 5: 0.26, 6: 0.26, 7: 0.25},
    "B": {1: 0.66, 2: 0.34, 3: 0.27, 4: 0.32, 5: 0.26, 6: 0.26, 7: 0.25},
}
_SPANISH_ROWS = {2: (0.25, 0.75), 3: (0.2, 0.8), 4: (0.28, 0.72), 5: (0.28, 0.72),
                 6: (0.21, 0.79), 7: (0.21, 0.79), 1: (0.5, 0.5)}

# horizontal breaks ("pintas") in the frame's top and bottom lines, as centres in 0..1
PINTA_BREAKS = {"O": (), "C": (0.5,), "E": (0.38, 0.62), "B": (0.3, 0.5, 0.7)}


def _spanish_frame(surf, W, H, suit, ink) -> None:
    m = 0.045 * W
    x0, x1, y0, y1 = m, W - m, m, H - m
    lw = max(2, round(0.0065 * H))
    gap = 0.075 * W
    pen = Pen(surf, 0, 0, 1)
    pen.line((x0, y0), (x0, y1), ink, lw)
    pen.line((x1, y0), (x1, y1), ink, lw)
    for y in (y0, y1):
        xs = [x0]
        for c in PINTA_BREAKS[suit]:
            cx = x0 + (x1 - x0) * c
            xs += [cx - gap / 2, cx + gap / 2]
        xs.append(x1)
        for a, b in zip(xs[::2], xs[1::2]):
            pen.line((a, y), (b, y), ink, lw)


def _spanish_index(surf, W, H, rank, ink) -> None:
    """The number in the top-left corner inside the frame, and upside down bottom-right."""
    left = 0.085 * W
    top = 0.062 * H
    cap = 0.1 * H
    text = _glyphs(rank, cap, ink, max_w=0.2 * W, spacing=0.02)
    cx = left + text.get_width() / 2
    _blit_centred(surf, text, cx, top + text.get_height() / 2)
    _blit_centred(surf, text, W - cx, H - top - text.get_height() / 2, True)


def _draw_spanish(surf, W, H, rank, suit) -> None:
    ink = ss.SPANISH_INK[suit]
    _spanish_frame(surf, W, H, suit, ink)
    _spanish_index(surf, W, H, rank, ink)
    n = int(rank)
    if n >= 10:
        _spanish_figure(surf, W, H, n, suit, ink)
        return
    pip_h = _SPANISH_PIP_H[suit][n] * H
    xs = {_L: 0.33 * W, _C: 0.5 * W, _R: 0.67 * W}
    y0, y1 = (f * H for f in _SPANISH_ROWS[n])
    if n == 5 and suit in "EB":   # long signs: more room for the one in the middle
        y0, y1 = 0.22 * H, 0.78 * H
    for col, row in SPANISH_PIPS[n]:
        y = y0 + (y1 - y0) * row
        ss.draw_spanish(Pen(surf, xs[col], y, pip_h / 2, _spanish_tilt(suit, n, col)), suit)


def _spanish_tilt(suit: str, n: int, col: int) -> float:
    """Clubs and swords lean a little, as on a real Spanish deck: the ace to one side,
    the columns towards each other."""
    if suit not in "EB":
        return 0.0
    lean = 14.0 if suit == "B" else 8.0
    if n == 1:
        return lean
    return {_L: lean, _R: -lean, _C: 0.0}[col]


def _spanish_figure(surf, W, H, n, suit, ink) -> None:
    """Sota (10), caballo (11) or rey (12), standing in the middle of the frame."""
    y0, y1 = 0.1 * H, 0.9 * H
    pen = Pen(surf, W / 2, (y0 + y1) / 2, (y1 - y0) / 2)
    {10: sota, 11: caballo, 12: rey}[n](pen, suit, FACE)


def _draw_joker(surf, W, H) -> None:
    ink = ss.FRENCH_RED
    cap = 0.062 * H
    cx, top = 0.1 * W, 0.05 * H
    for rot in (False, True):
        y = top
        for ch in "JOKER":
            g = _glyphs(ch, cap, ink)
            if rot:
                _blit_centred(surf, g, W - cx, H - y - cap / 2, True)
            else:
                _blit_centred(surf, g, cx, y + cap / 2)
            y += cap * 1.3
    pen = Pen(surf, W / 2, 0.44 * H, 0.2 * H)
    _jester_cap(pen)
    word = _glyphs("JOKER", 0.075 * H, ss.INK, max_w=0.56 * W, spacing=0.12)
    _blit_centred(surf, word, W / 2, 0.76 * H)


def _jester_cap(pen: Pen) -> None:
    o = ss.INK
    w = 0.035
    colours = (ss.RED, ss.GOLD, ss.BLUE)
    tips = ((-1.0, -0.35), (0.0, -1.0), (1.0, -0.35))
    bases = ((-0.75, 0.55, -0.15, 0.5), (-0.3, 0.5, 0.3, 0.5), (0.15, 0.5, 0.75, 0.55))
    order = (0, 2, 1)
    for i in order:
        tx, ty = tips[i]
        ax, ay, bx, by = bases[i]
        side = -1 if i == 0 else 1 if i == 2 else 0
        left = ss.bezier((ax, ay), (ax - 0.1 + side * 0.1, 0.0), (tx - 0.1 * side, ty + 0.4),
                         (tx, ty), 12)
        right = ss.bezier((tx, ty), (tx - 0.35 * side + 0.15, ty + 0.35),
                          (bx + side * 0.05, 0.1), (bx, by), 12)
        pen.shape(left + right, colours[i], o, w)
    for i in order:
        tx, ty = tips[i]
        pen.circle(tx, ty - 0.02, 0.1, ss.GOLD_LIGHT, ss.GOLD_DARK, w)
    band = [(-0.8, 0.45), (0.8, 0.45), (0.78, 0.72), (-0.78, 0.72)]
    pen.shape(band, ss.GOLD, ss.GOLD_DARK, w)
    for x in (-0.5, 0.0, 0.5):
        pen.shape([(x, 0.5), (x + 0.1, 0.585), (x, 0.67), (x - 0.1, 0.585)], ss.RED, ss.RED_DARK, 0.02)


def _draw_back(surf, W, H, radius, edge, colour) -> None:
    rect = surf.get_rect()
    pygame.draw.rect(surf, (*EDGE, 255), rect, border_radius=radius)
    pygame.draw.rect(surf, (*FACE, 255), rect.inflate(-2 * edge, -2 * edge),
                     border_radius=max(0, radius - edge))
    m = round(0.055 * W)
    inner = rect.inflate(-2 * m, -2 * m)
    ir = max(0, radius - m // 2)
    # the pattern is drawn on its own layer and clipped to the rounded panel
    layer = pygame.Surface(inner.size, pygame.SRCALPHA)
    layer.fill((*colour, 255))
    light = _mix(colour, (255, 255, 255), 0.22)
    lighter = _mix(colour, (255, 255, 255), 0.5)
    dark = _mix(colour, (0, 0, 0), 0.25)
    lw, lh = inner.size
    step = lw / 7
    lwid = max(1, round(0.006 * H))
    pen = Pen(layer, 0, 0, 1)
    # a diamond lattice with a dot at each crossing and a small diamond in each cell
    n = int(lh / step) + 4
    for i in range(-n, n + 1):
        x = i * step
        pen.line((x, 0), (x + lh, lh), light, lwid)
        pen.line((x, 0), (x - lh, lh), light, lwid)
    for i in range(-2, int(lw / step) + 3):
        for j in range(-2, int(lh / step) + 3):
            x = i * step + (j % 2) * step / 2
            y = j * step / 2
            pen.circle(x, y, step * 0.09, lighter)
            cx, cy = x + step / 2, y
            d = step * 0.12
            pen.fill([(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], dark)
    # central medallion
    mx, my = lw / 2, lh / 2
    rad = lw * 0.27
    pen.circle(mx, my, rad * 1.12, colour)
    pen.circle(mx, my, rad, None, lighter, lwid * 2)
    pen.circle(mx, my, rad * 0.86, None, light, lwid)
    star = []
    for i in range(16):
        a = math.pi * i / 8 - math.pi / 2
        r = rad * (0.72 if i % 2 == 0 else 0.3)
        star.append((mx + r * math.cos(a), my + r * math.sin(a)))
    pen.shape(star, lighter, ss.GOLD, lwid)
    pen.circle(mx, my, rad * 0.16, ss.GOLD, _mix(colour, (0, 0, 0), 0.3), lwid)
    # clip to a rounded rectangle, then frame it
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=ir)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, inner.topleft)
    frame = inner.inflate(-round(0.035 * W), -round(0.035 * W))
    pygame.draw.rect(surf, lighter, frame, max(1, lwid), border_radius=max(0, ir - 4))
    pygame.draw.rect(surf, dark, inner, max(1, lwid), border_radius=ir)


class ScaledArt:
    """Card art for a window drawn at ``k`` physical pixels per logical unit: the faces are
    drawn at ``height * k`` pixels (crisp) and answer in logical units (see game.ui.gfx)."""

    def __init__(self, height_px: int, k: float, **kw) -> None:
        from game.ui import gfx
        self._gfx = gfx
        self.k = k
        self.height = int(height_px)
        self.art = CardArt(max(8, round(height_px * k)), **kw)
        self.deck = self.art.deck
        self._adopted: dict = {}

    @property
    def size(self) -> tuple[int, int]:
        return card_size(self.deck or "french", self.height)

    def deck_for(self, card: str) -> str:
        return self.art.deck_for(card)

    def size_for(self, card: str) -> tuple[int, int]:
        return card_size(self.deck_for(card), self.height)

    def face(self, card: str, deck: str | None = None) -> pygame.Surface:
        key = (card, deck)
        surf = self._adopted.get(key)
        if surf is None:
            surf = self._adopted[key] = self._gfx.adopt(self.art.face(card, deck=deck), self.k)
        return surf

    def back(self, deck: str | None = None) -> pygame.Surface:
        key = (None, deck)
        surf = self._adopted.get(key)
        if surf is None:
            surf = self._adopted[key] = self._gfx.adopt(self.art.back(deck=deck), self.k)
        return surf

    def clear(self) -> None:
        self._adopted.clear()
        self.art.clear()
