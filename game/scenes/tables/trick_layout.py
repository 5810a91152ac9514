"""Where things lie on the trick table (1280 x 720), how big the cards are and how long
they move; the seat slots for two to six players; the moving cards and the speech bubbles."""
from __future__ import annotations

import pygame

from game.ui import theme

W, H = theme.WIDTH, theme.HEIGHT
HAND_H = 162                    # the viewer's cards: >= 22 % of 720
TRICK_H = 112
OPP_H = 74
PILE_H = 46
DECK_H = 74
FACEUP_H = 100
CENTER = (640, 300)

DEAL_FLIGHT = 0.25
PLAY_FLIGHT = 0.20
TRICK_PAUSE = 0.50
MIN_TRICK_SHOW = 0.9            # real seconds a decided trick stays in view at any speed (see TableScene)
SWEEP = 0.35
DRAW_FLIGHT = 0.25
BUBBLE_TIME = 1.5
CALL_GAP = 0.35                 # the queue waits this long after a call
EVENT_LOG_LINES = 6

# Screen slots: where a seat's hand, plate, trick card, pile, deck and bubble go.
SLOTS = {
    "bottom": dict(hand=(640, 648), plate=(120, 668), trick=(640, 372), pile=(1105, 652),
                   deck=(340, 396), bubble=(22, 634), bubble_align="bottomleft"),
    "right": dict(hand=(1192, 336), plate=(1170, 458), trick=(750, 300), pile=(1082, 322),
                  deck=(1010, 566), bubble=(1062, 458), bubble_align="midright"),
    "top": dict(hand=(660, 54), plate=(448, 54), trick=(640, 226), pile=(812, 54),
                deck=(892, 54), bubble=(448, 88), bubble_align="midtop"),
    "left": dict(hand=(88, 336), plate=(110, 458), trick=(530, 300), pile=(198, 322),
                 deck=(262, 566), bubble=(218, 458), bubble_align="midleft"),
}
# Six seats (Truco Argentino, three against three): two on each side, one at the top. Their
# hands are small horizontal fans over the plates; the side seats sit low enough that the
# score panel (top left) and the call log (top right) never cover a card.
SLOTS.update({
    "lower_right": dict(hand=(1160, 497), plate=(1160, 562), trick=(800, 352), pile=(1068, 497),
                        deck=(1000, 497), bubble=(1056, 512), bubble_align="midright"),
    "upper_right": dict(hand=(1160, 337), plate=(1160, 402), trick=(800, 236), pile=(1068, 337),
                        deck=(1000, 337), bubble=(1056, 402), bubble_align="midright"),
    "upper_left": dict(hand=(120, 337), plate=(120, 402), trick=(480, 236), pile=(212, 337),
                       deck=(280, 337), bubble=(224, 402), bubble_align="midleft"),
    "lower_left": dict(hand=(120, 497), plate=(120, 562), trick=(480, 352), pile=(212, 497),
                       deck=(280, 497), bubble=(224, 512), bubble_align="midleft"),
})
SLOT_ORDER = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left"),
              6: ("bottom", "lower_right", "upper_right", "top", "upper_left", "lower_left")}
STOCK_POS = (330, 300)          # Tute for two: the stock with the trump card under it
DEAD_POS = (340, 300)           # Tute for three: the face-up 40th card
BUTTON_Y = 478
BUTTON_H = 40
TURN_Y = 452
SCORE_RECT = pygame.Rect(12, 12, 320, 10)
EDGE = 8                        # nothing the table draws comes closer than this to the window's edge
TRICK_AREA = pygame.Rect(420, 160, 440, 270)    # the live trick (a tooltip keeps off it)
LOG_RECT = pygame.Rect(968, 12, 300, 10)
SIDE_PANEL_POS = (230, 710)     # bottom-left corner of an adapter's side panel (left of the hand)
SIDE_PANEL_W = 244
COLUMN_X = 836                  # call buttons stacked right of the hand (adapters with few cards)
COLUMN_BOTTOM = 708
COLUMN_BUTTON_H = 38


class Flight:
    """A card moving across the table (drawn by the scene while its tween runs)."""

    __slots__ = ("card", "p0", "p1", "a0", "a1", "h0", "h1", "tween", "face", "arc")

    def __init__(self, card, p0, p1, a0, a1, h0, h1, tween, face=True, arc=0.0):
        self.card, self.p0, self.p1 = card, p0, p1
        self.a0, self.a1, self.h0, self.h1 = a0, a1, h0, h1
        self.tween, self.face, self.arc = tween, face, arc


class Bubble:
    """A speech bubble: ``text`` is a string or a function rendering it when drawn."""

    __slots__ = ("text", "left", "total", "big", "cards")

    def __init__(self, text: str, seconds: float, big: bool, cards: tuple = ()) -> None:
        self.text, self.left, self.total, self.big = text, seconds, seconds, big
        self.cards = tuple(cards or ())
