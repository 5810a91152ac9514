"""The Spanish deck's court figures, drawn by the project: the sota (page), the caballo
(knight) and the rey (king), each holding his suit's sign, in the suit's colours."""
from __future__ import annotations

import math

from game.ui import suit_shapes as ss
from game.ui.suit_shapes import Pen

# Figures are drawn in a box x -0.4..0.4, y -1..1 (0.8 of the card's height), in flat
# colours with a dark outline.  The garment is in the suit's colour; the suit sign is
# in the figure's hand (on the caballo, beside the horse).
_SKIN = (242, 204, 166)
_HAIR = (104, 66, 36)
_OUT = (52, 38, 30)
_W = 0.018          # outline width in panel units
_GARMENT = {"O": (214, 150, 24), "C": (196, 40, 40), "E": (40, 96, 186), "B": (44, 130, 56)}
_ACCENT = {"O": (196, 40, 40), "C": ss.GOLD, "E": ss.GOLD, "B": ss.GOLD}


def _held_sign(pen: Pen, suit: str, hx: float, hy: float, size: float) -> None:
    """The suit sign held in a hand at (hx, hy); ``size`` is its height in panel units."""
    half = size / 2
    if suit == "O":
        cy = hy - half * 0.75
    elif suit == "C":
        cy = hy - half * 1.05
    elif suit == "E":
        cy = hy - half * 0.7
    else:
        cy = hy - half * 0.55
    ss.draw_spanish(pen.sub(hx, cy, half), suit)


def _sign_size(suit: str) -> float:
    return {"O": 0.3, "C": 0.36, "E": 0.64, "B": 0.62}[suit]


def sota(pen: Pen, suit: str, bg) -> None:
    """A standing page with a feathered cap, holding the suit sign."""
    main, acc = _GARMENT[suit], _ACCENT[suit]
    dark = ss.shade(main, 0.72)
    hose = ss.shade(acc, 0.9) if suit != "O" else (120, 30, 30)
    pen.ellipse(0, 0.9, 0.24, 0.045, ss.shade(bg, 0.88))
    for s in (-1, 1):   # legs and shoes
        pen.shape([(s * 0.1, 0.3), (s * 0.02, 0.3), (s * 0.035, 0.87), (s * 0.09, 0.87)],
                  hose, _OUT, _W)
        pen.ellipse(s * 0.075, 0.885, 0.065, 0.03, _OUT)
    # arm hanging at the left side
    pen.shape([(-0.16, -0.43), (-0.1, -0.4), (-0.17, 0.02), (-0.24, 0.0)], dark, _OUT, _W)
    pen.circle(-0.205, 0.045, 0.042, _SKIN, _OUT, _W)
    tunic = [(-0.15, -0.46), (0.15, -0.46), (0.19, -0.05), (0.25, 0.34), (-0.25, 0.34),
             (-0.19, -0.05)]
    pen.shape(tunic, main, _OUT, _W)
    pen.shape([(-0.25, 0.27), (0.25, 0.27), (0.25, 0.34), (-0.25, 0.34)], acc, _OUT, _W)
    pen.shape([(-0.19, -0.08), (0.19, -0.08), (0.195, -0.02), (-0.195, -0.02)], acc, _OUT, _W)
    pen.line((0, -0.44), (0, 0.27), dark, 0.02)
    for y in (-0.36, -0.26, -0.16):
        pen.circle(0, y, 0.018, acc)
    # collar, neck, head, hair
    pen.shape([(-0.1, -0.47), (0.1, -0.47), (0.06, -0.41), (-0.06, -0.41)], (250, 248, 240), _OUT, _W)
    pen.shape([(-0.035, -0.53), (0.035, -0.53), (0.035, -0.46), (-0.035, -0.46)], _SKIN)
    pen.shape(ss.ellipse_pts(0, -0.6, 0.1, 0.11, 0, 6.2832, 32), _HAIR, _OUT, _W)
    pen.shape(ss.ellipse_pts(0.005, -0.585, 0.085, 0.095, 0, 6.2832, 32), _SKIN, _OUT, _W)
    pen.shape([(-0.1, -0.6), (-0.085, -0.66), (0.09, -0.66), (0.1, -0.6), (0.1, -0.53),
               (0.085, -0.6), (-0.085, -0.6), (-0.1, -0.53)], _HAIR)
    for x in (-0.032, 0.032):
        pen.circle(x, -0.585, 0.011, _OUT)
    # cap with a feather
    feather = ss.bezier((-0.02, -0.7), (-0.1, -0.86), (-0.22, -0.9), (-0.26, -0.86), 10) + \
        ss.bezier((-0.26, -0.86), (-0.18, -0.84), (-0.08, -0.78), (0.02, -0.69), 10)
    pen.shape(feather, (250, 248, 240), _OUT, _W)
    pen.shape(ss.ellipse_pts(0.02, -0.685, 0.15, 0.045, 0, 6.2832, 32), main, _OUT, _W)
    pen.shape(ss.ellipse_pts(0.02, -0.71, 0.09, 0.05, 3.1416, 6.2832, 16), main, _OUT, _W)
    # the other arm, raised to hold the sign
    pen.shape([(0.12, -0.44), (0.17, -0.4), (0.28, -0.2), (0.22, -0.16)], dark, _OUT, _W)
    pen.circle(0.255, -0.17, 0.042, _SKIN, _OUT, _W)
    _held_sign(pen, suit, 0.255, -0.17, _sign_size(suit))


def caballo(pen: Pen, suit: str, bg) -> None:
    """A horse's head and neck in profile, bridled, with a plume in the suit's colour."""
    main, acc = _GARMENT[suit], _ACCENT[suit]
    coat = (186, 124, 72)
    coat_dark = (140, 86, 46)
    mane = (66, 42, 26)
    bz = ss.bezier
    # head and neck facing left: poll, face, muzzle, jaw, throat, chest, back of the neck
    head = (bz((0.04, -0.6), (-0.08, -0.52), (-0.26, -0.3), (-0.35, -0.12), 12)
            + bz((-0.35, -0.12), (-0.4, -0.03), (-0.37, 0.06), (-0.3, 0.07), 8)[1:]
            + bz((-0.3, 0.07), (-0.22, 0.08), (-0.17, 0.03), (-0.1, 0.02), 8)[1:]
            + bz((-0.1, 0.02), (0.0, 0.05), (0.08, 0.0), (0.1, -0.08), 10)[1:]
            + bz((0.1, -0.08), (0.12, 0.15), (-0.05, 0.5), (-0.14, 0.9), 14)[1:]
            + [(0.36, 0.9)]
            + bz((0.36, 0.9), (0.37, 0.45), (0.3, -0.22), (0.1, -0.6), 16)[1:])
    pen.ellipse(0.1, 0.91, 0.3, 0.04, ss.shade(bg, 0.88))
    # ears behind the head
    pen.shape([(0.0, -0.57), (0.02, -0.8), (0.12, -0.58)], coat_dark, _OUT, _W)
    pen.shape([(0.05, -0.58), (0.1, -0.82), (0.17, -0.55)], coat, _OUT, _W)
    # mane: a ragged band along the back of the neck
    back = bz((0.14, -0.62), (0.3, -0.3), (0.42, 0.25), (0.42, 0.62), 16)
    ragged = [(x + (0.05 if i % 2 else 0.0), y) for i, (x, y) in enumerate(back)]
    inner = bz((0.3, 0.62), (0.3, 0.25), (0.2, -0.22), (0.05, -0.58), 16)
    pen.shape(ragged + inner, mane, _OUT, _W)
    pen.shape(head, coat, _OUT, _W)
    # the round cheek, the darker muzzle, nostril, mouth, eye
    pen.stroke(ss.ellipse_pts(0.0, -0.12, 0.11, 0.12, -0.2, 2.4, 16), coat_dark, 0.018, closed=False)
    pen.shape(bz((-0.3, -0.2), (-0.38, -0.1), (-0.4, 0.04), (-0.3, 0.07), 8)
              + bz((-0.3, 0.07), (-0.25, 0.06), (-0.22, 0.0), (-0.22, -0.06), 6)[1:]
              + [(-0.26, -0.2)], coat_dark)
    pen.shape(ss.ellipse_pts(-0.32, -0.06, 0.025, 0.035, 0, 2 * math.pi, 12), _OUT)
    pen.line((-0.34, 0.03), (-0.26, 0.035), _OUT, 0.012)
    pen.shape(ss.ellipse_pts(-0.08, -0.4, 0.045, 0.03, 0, 2 * math.pi, 16), _OUT)
    pen.circle(-0.095, -0.408, 0.011, (255, 255, 255))
    pen.shape([(0.0, -0.6), (-0.12, -0.46), (-0.05, -0.5), (-0.07, -0.4), (0.06, -0.56)], mane)
    # bridle: brow band, cheek strap, nose band, bit and reins
    g, gw = acc, 0.03
    pen.line((0.02, -0.56), (-0.05, -0.5), g, gw)
    pen.line((0.0, -0.53), (-0.15, 0.0), g, gw)
    pen.line((-0.29, -0.2), (-0.15, -0.14), g, gw)
    pen.line((-0.2, 0.02), (-0.15, -0.14), g, gw)
    pen.circle(-0.18, 0.0, 0.03, g, _OUT, 0.012)
    pen.line((-0.18, 0.0), (0.34, 0.36), g, gw)
    # plume on the head, caparison on the neck, both in the suit's colour
    plume = bz((0.05, -0.62), (0.02, -0.86), (0.18, -0.98), (0.26, -0.92), 10) + \
        bz((0.26, -0.92), (0.16, -0.88), (0.12, -0.76), (0.12, -0.62), 10)
    pen.shape(plume, main, _OUT, _W)
    cloth = [(-0.1, 0.6), (0.38, 0.5), (0.38, 0.9), (-0.15, 0.9)]
    pen.shape(cloth, main, _OUT, _W)
    pen.shape([(-0.1, 0.6), (0.38, 0.5), (0.38, 0.57), (-0.11, 0.67)], acc, _OUT, _W)
    pen.shape([(-0.15, 0.84), (0.38, 0.84), (0.38, 0.9), (-0.15, 0.9)], acc, _OUT, _W)
    size = {"O": 0.32, "C": 0.4, "E": 0.56, "B": 0.56}[suit]
    ss.draw_spanish(pen.sub(-0.27, 0.6 - size / 2, size / 2, -10 if suit in "EB" else 0), suit)


def rey(pen: Pen, suit: str, bg) -> None:
    """A crowned king in a long robe with an ermine cape, holding the suit sign."""
    main, acc = _GARMENT[suit], _ACCENT[suit]
    dark = ss.shade(main, 0.72)
    pen.ellipse(0, 0.9, 0.3, 0.045, ss.shade(bg, 0.88))
    for s in (-1, 1):
        pen.ellipse(s * 0.09, 0.885, 0.07, 0.03, _OUT)
    robe = [(-0.16, -0.44), (0.16, -0.44), (0.24, 0.2), (0.29, 0.87), (-0.29, 0.87),
            (-0.24, 0.2)]
    pen.shape(robe, main, _OUT, _W)
    pen.shape([(-0.035, -0.4), (0.035, -0.4), (0.05, 0.87), (-0.05, 0.87)], acc, _OUT, _W)
    pen.shape([(-0.29, 0.8), (0.29, 0.8), (0.29, 0.87), (-0.29, 0.87)], acc, _OUT, _W)
    # left arm with a sceptre
    pen.line((-0.29, -0.5), (-0.21, 0.3), ss.GOLD_DARK, 0.035)
    pen.circle(-0.295, -0.52, 0.035, ss.GOLD, ss.GOLD_DARK, 0.014)
    pen.shape([(-0.16, -0.42), (-0.1, -0.38), (-0.19, -0.02), (-0.26, -0.04)], dark, _OUT, _W)
    pen.circle(-0.235, 0.0, 0.042, _SKIN, _OUT, _W)
    # ermine cape
    cape = [(-0.22, -0.46), (0.22, -0.46), (0.25, -0.34), (0.0, -0.25), (-0.25, -0.34)]
    pen.shape(cape, (250, 248, 240), _OUT, _W)
    for x, y in ((-0.15, -0.39), (-0.05, -0.34), (0.05, -0.34), (0.15, -0.39), (0.0, -0.42)):
        pen.shape([(x, y - 0.025), (x + 0.012, y + 0.015), (x - 0.012, y + 0.015)], _OUT)
    # head, hair, beard
    pen.shape(ss.ellipse_pts(0, -0.58, 0.1, 0.11, 0, 6.2832, 32), (150, 150, 150), _OUT, _W)
    pen.shape(ss.ellipse_pts(0.0, -0.585, 0.08, 0.09, 0, 6.2832, 32), _SKIN, _OUT, _W)
    beard = ss.bezier((-0.085, -0.6), (-0.09, -0.46), (-0.04, -0.4), (0.0, -0.4), 10) + \
        ss.bezier((0.0, -0.4), (0.04, -0.4), (0.09, -0.46), (0.085, -0.6), 10) + \
        [(0.05, -0.55), (-0.05, -0.55)]
    pen.shape(beard, (214, 214, 214), _OUT, _W)
    for x in (-0.03, 0.03):
        pen.circle(x, -0.6, 0.011, _OUT)
    # crown
    crown = [(-0.1, -0.66), (-0.12, -0.8), (-0.06, -0.72), (0.0, -0.84), (0.06, -0.72),
             (0.12, -0.8), (0.1, -0.66)]
    pen.shape(crown, ss.GOLD, ss.GOLD_DARK, _W)
    for x, y in ((-0.12, -0.81), (0.0, -0.85), (0.12, -0.81)):
        pen.circle(x, y, 0.017, ss.GOLD_LIGHT, ss.GOLD_DARK, 0.008)
    pen.circle(0, -0.7, 0.018, ss.RED if suit != "C" else ss.BLUE)
    # the other arm holds the sign
    pen.shape([(0.12, -0.42), (0.17, -0.38), (0.28, -0.16), (0.22, -0.12)], dark, _OUT, _W)
    pen.circle(0.255, -0.13, 0.042, _SKIN, _OUT, _W)
    _held_sign(pen, suit, 0.255, -0.13, _sign_size(suit))


# --------------------------------------------------------------------------- joker, back
