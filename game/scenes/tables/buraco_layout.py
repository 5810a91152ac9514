"""Where things lie on Buraco's cloth, how big they are and how long they move; the
moving cards and the speech bubbles."""
from __future__ import annotations

import pygame

from game.ui import theme

W, H = theme.WIDTH, theme.HEIGHT
HAND_H = 162                    # the viewer's cards: >= 22 % of 720
OURS_H = 96                     # the side's melds (shrunk when there are many)
THEIRS_H = 64                   # the opponents' melds
FAN_H = 46                      # other players' hands, face down
STOCK_H = 96
MUERTO_H = 56
PILE_OPEN_H = 70
PILE_TOP_H = 112

# Where things are (1280 x 720).
OURS_RECT = pygame.Rect(248, 262, 788, 232)
THEIRS_RECT = pygame.Rect(248, 82, 788, 166)
HAND_X0, HAND_X1 = 252, 1032
HAND_Y = 630
TURN_Y = 502
STOCK_POS = (1098, 146)
MUERTO_POS = {"ours": (1218, 170), "theirs": (1218, 114)}
PILE_RECT = pygame.Rect(1048, 258, 220, 194)
PILE_TOP_POS = (1158, 318)
BUTTON_X, BUTTON_W, BUTTON_H, BUTTON_GAP = 1052, 212, 44, 8
BUTTON_BOTTOM = 710
SORT_RECT = pygame.Rect(22, 650, 204, 40)
SCORE_RECT = pygame.Rect(8, 8, 232, 10)
CENTER = (642, 254)
PLATES = {"bottom": (124, 600), "top": (372, 36), "right": (1158, 36), "left": (124, 474)}
FANS = {"top": (498, 36, "left", 300), "right": (1036, 36, "right", 150), "left": (124, 526, "center", 200)}
BUBBLES = {"bottom": ((1030, 488), "bottomright"), "top": ((270, 72), "topleft"),
           "right": ((1268, 70), "topright"), "left": ((234, 474), "midleft")}
SLOT_ORDER = {2: ("bottom", "top"), 4: ("bottom", "right", "top", "left")}

DEAL_STEP = 0.045
DEAL_FLIGHT = 0.25
DRAW_FLIGHT = 0.25
PLAY_FLIGHT = 0.22
MUERTO_FLIGHT = 0.55
BUBBLE_TIME = 1.5
LOG_LINES = 8
LIFT = 22


# --------------------------------------------------------------------------- moving things

class Flight:
    """A card (or a packet of ``packet`` cards) moving across the cloth."""

    __slots__ = ("card", "p0", "p1", "a0", "a1", "h0", "h1", "tween", "face", "arc", "packet")

    def __init__(self, card, p0, p1, a0, a1, h0, h1, face=True, arc=0.0, packet=0):
        self.card, self.p0, self.p1 = card, p0, p1
        self.a0, self.a1, self.h0, self.h1 = a0, a1, h0, h1
        self.tween = None
        self.face, self.arc, self.packet = face, arc, packet


class Bubble:
    __slots__ = ("text", "left", "total", "big")

    def __init__(self, text: str, seconds: float, big: bool) -> None:
        self.text, self.left, self.total, self.big = text, seconds, seconds, big
