"""Vector suit signs and a tiny drawing pen, used by :mod:`game.ui.card_art`.

Everything here is drawn with ``pygame.draw`` polygons and circles (the bundled fonts
have no suit glyphs).  Shapes are described in *local units*: a sign's height spans
``y = -1 .. 1`` with ``y`` pointing down, centred on the origin.  A :class:`Pen`
maps local units to surface pixels with a scale, an offset and an optional rotation,
so the same shape can be drawn upright, upside down (French bottom-half pips) or tilted.

Drawing is aliased; :class:`game.ui.card_art.CardArt` draws at 2-3x and smooth-scales
down, which is what makes the edges clean.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

import pygame

Point = tuple[float, float]
Colour = tuple[int, ...]

# --------------------------------------------------------------------------- colours

FRENCH_RED = (200, 16, 46)
FRENCH_BLACK = (24, 24, 28)
FRENCH_BLUE = (22, 88, 190)
FRENCH_GREEN = (18, 132, 58)

GOLD = (238, 184, 40)
GOLD_LIGHT = (250, 216, 104)
GOLD_DARK = (150, 98, 8)
RED = (200, 38, 38)
RED_DARK = (110, 14, 14)
BLUE = (42, 100, 190)
BLUE_LIGHT = (150, 190, 236)
BLUE_DARK = (16, 48, 112)
GREEN = (52, 138, 60)
GREEN_LIGHT = (124, 190, 110)
GREEN_DARK = (22, 72, 30)
INK = (40, 30, 24)

# Colour of each suit's text and accents (indices, frames, garments), chosen for
# contrast >= 4.5:1 on the card's cream face.
SPANISH_INK = {
    "O": (150, 96, 0),
    "C": (184, 30, 30),
    "E": (30, 80, 170),
    "B": (30, 112, 44),
}


def french_colour(suit: str, four_colour: bool = False) -> Colour:
    """Ink of a French suit: two colours by default, four with ``four_colour``."""
    if four_colour:
        return {"S": FRENCH_BLACK, "H": FRENCH_RED, "D": FRENCH_BLUE, "C": FRENCH_GREEN}[suit]
    return FRENCH_RED if suit in "HD" else FRENCH_BLACK


# --------------------------------------------------------------------------- geometry


def ellipse_pts(cx: float, cy: float, rx: float, ry: float, a0: float = 0.0,
                a1: float = 2 * math.pi, n: int = 48) -> list[Point]:
    """Points on an elliptic arc from angle ``a0`` to ``a1`` (radians, y down)."""
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / n),
             cy + ry * math.sin(a0 + (a1 - a0) * i / n)) for i in range(n + 1)]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    """Points on a cubic Bézier curve, both ends included."""
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
                    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1]))
    return out


def mirror_x(pts: Sequence[Point]) -> list[Point]:
    """The mirror image (x -> -x) of a path, in reverse order, to close symmetric shapes."""
    return [(-x, y) for x, y in reversed(pts)]


def shade(colour: Colour, f: float) -> Colour:
    """Darken (f < 1) or lighten (f > 1) a colour."""
    if f <= 1:
        return tuple(max(0, int(c * f)) for c in colour[:3])
    return tuple(min(255, int(c + (255 - c) * (f - 1))) for c in colour[:3])


class Pen:
    """Draws local-unit shapes on ``surf``: ``pixel = centre + scale * rotate(local)``."""

    def __init__(self, surf: pygame.Surface, cx: float, cy: float, scale: float,
                 angle: float = 0.0):
        self.surf = surf
        k = getattr(surf, "scale", 1.0)       # a HiSurface (game.ui.gfx): logical units in
        self.cx, self.cy, self.s = cx * k, cy * k, scale * k
        self.angle = angle
        rad = math.radians(angle)
        self.cos, self.sin = math.cos(rad), math.sin(rad)

    def pt(self, x: float, y: float) -> Point:
        return (self.cx + self.s * (x * self.cos - y * self.sin),
                self.cy + self.s * (x * self.sin + y * self.cos))

    def sub(self, x: float, y: float, scale: float, angle: float = 0.0) -> "Pen":
        """A pen for a child shape centred at local (x, y), ``scale`` local units per unit."""
        px, py = self.pt(x, y)
        k = getattr(self.surf, "scale", 1.0)
        return Pen(self.surf, px / k, py / k, self.s * scale / k, self.angle + angle)

    def fill(self, pts: Iterable[Point], colour: Colour) -> None:
        p = [self.pt(x, y) for x, y in pts]
        if len(p) >= 3:
            pygame.draw.polygon(self.surf, colour, p)

    def stroke(self, pts: Iterable[Point], colour: Colour, width: float,
               closed: bool = True) -> None:
        """A thick line along ``pts`` with round joins (``width`` in local units)."""
        p = [self.pt(x, y) for x, y in pts]
        w = max(1.0, width * self.s)
        r = w / 2
        segs = list(zip(p, p[1:] + p[:1])) if closed else list(zip(p, p[1:]))
        for (x0, y0), (x1, y1) in segs:
            dx, dy = x1 - x0, y1 - y0
            d = math.hypot(dx, dy)
            if d < 1e-6:
                continue
            nx, ny = -dy / d * r, dx / d * r
            pygame.draw.polygon(self.surf, colour, [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                                                    (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
        if r >= 1.5:
            for x, y in p:
                pygame.draw.circle(self.surf, colour, (x, y), r)

    def shape(self, pts: Sequence[Point], fill: Colour, outline: Colour | None = None,
              width: float = 0.0) -> None:
        self.fill(pts, fill)
        if outline is not None and width > 0:
            self.stroke(pts, outline, width)

    def circle(self, x: float, y: float, r: float, fill: Colour | None,
               outline: Colour | None = None, width: float = 0.0) -> None:
        c = self.pt(x, y)
        if outline is not None and width > 0:
            pygame.draw.circle(self.surf, outline, c, (r + width / 2) * self.s)
            if fill is not None:
                pygame.draw.circle(self.surf, fill, c, max(0.5, (r - width / 2) * self.s))
        elif fill is not None:
            pygame.draw.circle(self.surf, fill, c, r * self.s)

    def ellipse(self, x: float, y: float, rx: float, ry: float, fill: Colour,
                outline: Colour | None = None, width: float = 0.0) -> None:
        self.shape(ellipse_pts(x, y, rx, ry), fill, outline, width)

    def line(self, a: Point, b: Point, colour: Colour, width: float) -> None:
        self.stroke([a, b], colour, width, closed=False)


# --------------------------------------------------------------------------- French signs


def _heart_path() -> list[Point]:
    pts = []
    for i in range(96):
        t = 2 * math.pi * i / 96
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    ys = [p[1] for p in pts]
    top, bot = min(ys), max(ys)
    k = 2 / (bot - top)
    mid = (top + bot) / 2
    return [(x * k * 0.92, (y - mid) * k) for x, y in pts]


_HEART = _heart_path()


def _diamond_path() -> list[Point]:
    w = 0.74
    corners = [(0, -1), (w, 0), (0, 1), (-w, 0)]
    pts: list[Point] = []
    for a, b in zip(corners, corners[1:] + corners[:1]):
        # slightly concave sides, like a printed card's diamond
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        pull = 0.1
        cx, cy = mx * (1 - pull * 1.6), my * (1 - pull * 1.6)
        pts += bezier(a, (a[0] + (cx - a[0]) * 0.9, a[1] + (cy - a[1]) * 0.9),
                      (b[0] + (cx - b[0]) * 0.9, b[1] + (cy - b[1]) * 0.9), b, 10)[:-1]
    return pts


_DIAMOND = _diamond_path()


def _stem(top: float, half: float) -> list[Point]:
    """The flared foot of a spade or a club, from ``y = top`` down to ``y = 1``."""
    right = bezier((0.05, top), (0.08, 0.72), (0.2, 0.94), (half, 1.0), 10)
    return [(-x, y) for x, y in reversed(right)] + right


def _spade_path() -> list[Point]:
    # an upside-down heart on the upper 0.78 of the height
    k = 0.79
    return [(x * 0.98 * k, -y * k - 0.21) for x, y in _HEART]


_SPADE = _spade_path()
_SPADE_STEM = _stem(0.25, 0.36)
_CLUB_STEM = _stem(0.2, 0.36)


def draw_french(pen: Pen, suit: str, colour: Colour) -> None:
    """A French suit sign (``S H D C``), 2 units high, in one flat colour."""
    if suit == "H":
        pen.fill(_HEART, colour)
    elif suit == "D":
        pen.fill(_DIAMOND, colour)
    elif suit == "S":
        pen.fill(_SPADE, colour)
        pen.fill(_SPADE_STEM, colour)
    elif suit == "C":
        r = 0.4
        pen.circle(0, -0.56, r, colour)
        pen.circle(-0.46, 0.14, r, colour)
        pen.circle(0.46, 0.14, r, colour)
        pen.fill([(0, -0.4), (-0.3, 0.1), (0, 0.42), (0.3, 0.1)], colour)
        pen.fill(_CLUB_STEM, colour)
    else:
        raise ValueError(f"not a French suit: {suit!r}")


# --------------------------------------------------------------------------- Spanish signs


def draw_oro(pen: Pen) -> None:
    """A gold coin: rim, ring, and a small sun in the middle (radius 1)."""
    pen.circle(0, 0, 1.0, GOLD_DARK)
    pen.circle(0, 0, 0.9, GOLD)
    pen.circle(0, 0, 0.7, GOLD_DARK)
    pen.circle(0, 0, 0.64, GOLD_LIGHT)
    for i in range(12):
        a = 2 * math.pi * i / 12
        pen.fill([(0.3 * math.cos(a - 0.2), 0.3 * math.sin(a - 0.2)),
                  (0.56 * math.cos(a), 0.56 * math.sin(a)),
                  (0.3 * math.cos(a + 0.2), 0.3 * math.sin(a + 0.2))], GOLD)
    pen.circle(0, 0, 0.3, GOLD_DARK)
    pen.circle(0, 0, 0.24, GOLD)
    # beading on the rim
    for i in range(16):
        a = 2 * math.pi * (i + 0.5) / 16
        pen.circle(0.8 * math.cos(a), 0.8 * math.sin(a), 0.05, GOLD_DARK)


def _cup_bowl() -> list[Point]:
    right = bezier((0.66, -0.86), (0.66, -0.35), (0.42, 0.02), (0.1, 0.1), 16)
    return [(0, -0.86)] + right + [(-x, y) for x, y in reversed(right)]


_CUP_BOWL = _cup_bowl()
_CUP_FOOT = (bezier((0.08, 0.62), (0.14, 0.8), (0.38, 0.84), (0.52, 0.96), 10)
             + [(0.52, 1.0), (-0.52, 1.0)]
             + mirror_x(bezier((0.08, 0.62), (0.14, 0.8), (0.38, 0.84), (0.52, 0.96), 10)))


def draw_copa(pen: Pen) -> None:
    """A goblet: red bowl with a gold rim and band, gold stem, knot and foot."""
    o, w = RED_DARK, 0.07
    pen.shape(_CUP_FOOT, GOLD, GOLD_DARK, w)
    pen.shape([(-0.09, 0.05), (0.09, 0.05), (0.09, 0.7), (-0.09, 0.7)], GOLD, GOLD_DARK, w)
    pen.ellipse(0, 0.4, 0.19, 0.1, GOLD, GOLD_DARK, w)
    pen.ellipse(0, 0.14, 0.15, 0.08, GOLD, GOLD_DARK, w)
    pen.shape(_CUP_BOWL, RED, o, w)
    # gold band round the bowl
    band = [(-0.6, -0.56), (0.6, -0.56), (0.55, -0.42), (-0.55, -0.42)]
    pen.fill(band, GOLD)
    pen.stroke(band, GOLD_DARK, 0.04)
    for x in (-0.34, 0.0, 0.34):
        pen.circle(x, -0.49, 0.05, RED_DARK)
    # highlight on the bowl
    pen.fill(bezier((-0.44, -0.34), (-0.42, -0.14), (-0.3, -0.02), (-0.16, 0.02), 8)
             + bezier((-0.24, -0.02), (-0.34, -0.12), (-0.36, -0.26), (-0.36, -0.34), 8),
             shade(RED, 1.35))
    # the rim: an open ellipse
    pen.ellipse(0, -0.86, 0.68, 0.12, GOLD, GOLD_DARK, w)
    pen.ellipse(0, -0.855, 0.54, 0.06, RED_DARK)


def draw_espada(pen: Pen) -> None:
    """A sword pointing up: blue blade with a light ridge, gold guard and pommel."""
    o, w = BLUE_DARK, 0.06
    blade = [(0, -1.0), (0.12, -0.8), (0.13, 0.46), (-0.13, 0.46), (-0.12, -0.8)]
    pen.shape(blade, BLUE, o, w)
    pen.fill([(0, -0.9), (0.035, -0.78), (0.035, 0.42), (-0.035, 0.42), (-0.035, -0.78)], BLUE_LIGHT)
    # cross-guard with curled ends
    guard = [(-0.4, 0.44), (0.4, 0.44), (0.4, 0.56), (-0.4, 0.56)]
    pen.shape(guard, GOLD, GOLD_DARK, w)
    pen.circle(-0.42, 0.42, 0.09, GOLD, GOLD_DARK, w)
    pen.circle(0.42, 0.42, 0.09, GOLD, GOLD_DARK, w)
    # grip with wrapping, then pommel
    pen.shape([(-0.075, 0.56), (0.075, 0.56), (0.065, 0.84), (-0.065, 0.84)], BLUE_DARK)
    for y in (0.62, 0.7, 0.78):
        pen.line((-0.07, y), (0.07, y + 0.05), BLUE, 0.03)
    pen.circle(0, 0.92, 0.09, GOLD, GOLD_DARK, w)


WOOD = (232, 214, 160)        # pale wood where a branch was cut


def _club_half(t: float) -> float:
    """Half-width of the cudgel at ``t`` (0 bottom .. 1 top): a thin grip, a heavy head."""
    return 0.075 + 0.2 * t ** 1.35


def _club_side(side: float) -> list[Point]:
    """One side of the cudgel, bottom to top, slightly uneven like a rough branch."""
    pts = []
    for i in range(25):
        t = i / 24
        y = 0.97 - t * 1.6
        half = _club_half(t) + 0.01 * math.sin(t * 17 + (0 if side > 0 else 1.7))
        pts.append((side * half, y))
    return pts


_KNOTS = ((-1, -0.42, 0.13), (1, -0.14, 0.12), (-1, 0.18, 0.1), (1, 0.46, 0.08))


def draw_basto(pen: Pen) -> None:
    """A knotty cudgel: a green club with a heavy rounded head and lopped-off branches."""
    o, w = GREEN_DARK, 0.06
    top = ellipse_pts(0, -0.63, 0.275, 0.34, 0, -math.pi, 18)
    body = _club_side(1) + top[1:-1] + list(reversed(_club_side(-1)))
    stubs = []
    for side, y, length in _KNOTS:
        edge = side * _club_half((0.97 - y) / 1.6)
        tip = (edge + side * length, y - length * 0.8)
        stubs.append((edge, y, side, tip))
        stub = [(edge - side * 0.04, y + 0.09), (tip[0] + side * 0.01, tip[1] + 0.06),
                (tip[0] - side * 0.03, tip[1] - 0.05), (edge - side * 0.04, y - 0.03)]
        pen.shape(stub, GREEN, o, w)
        pen.ellipse(tip[0], tip[1], 0.045, 0.06, WOOD, o, 0.04)
    pen.shape(body, GREEN, o, w)
    # a lit stripe gives it volume
    side = _club_side(-1)[1:24]
    pen.fill([(x * 0.6 + 0.01, y) for x, y in side]
             + [(x * 0.2 + 0.01, y) for x, y in reversed(side)], GREEN_LIGHT)
    # a leather wrap on the grip
    for y in (0.64, 0.72, 0.8):
        half = _club_half((0.97 - y) / 1.6) + 0.01
        pen.shape([(-half, y - 0.025), (half, y - 0.055), (half, y + 0.005), (-half, y + 0.035)],
                  (150, 60, 30), (80, 30, 10), 0.02)
    # the cut end at the top and the butt at the bottom
    pen.ellipse(0, -0.9, 0.17, 0.065, WOOD, o, 0.04)
    pen.ellipse(0, 0.97, 0.07, 0.03, WOOD, o, 0.03)


SPANISH_DRAW = {"O": draw_oro, "C": draw_copa, "E": draw_espada, "B": draw_basto}
SPANISH_WIDTH = {"O": 2.0, "C": 1.4, "E": 1.0, "B": 1.0}
"""Width of each Spanish sign in local units (its height is 2)."""


def draw_spanish(pen: Pen, suit: str) -> None:
    """A Spanish suit sign (``O C E B``), 2 units high, in its own colours."""
    try:
        SPANISH_DRAW[suit](pen)
    except KeyError:
        raise ValueError(f"not a Spanish suit: {suit!r}") from None
