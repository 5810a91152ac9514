"""Colours and sizes shared by every scene (see shared/LOOK-AND-FEEL.md)."""
from __future__ import annotations

WIDTH, HEIGHT = 1280, 720

FELT = (22, 92, 58)             # trick games
FELT_DARK = (12, 58, 36)
FELT_BURACO = (122, 58, 38)     # warmer cloth for the rummy table
FELT_BURACO_DARK = (78, 34, 22)
MENU_BG = (24, 32, 44)
MENU_BG_DARK = (12, 16, 24)

TEXT = (244, 244, 240)
TEXT_DIM = (176, 186, 196)
TEXT_DARK = (26, 28, 32)
ACCENT = (247, 196, 68)         # focus ring, turn glow, highlights
DANGER = (226, 88, 72)
GOOD = (110, 210, 130)

# Team colours distinct for colour-blind players: blue and orange.
TEAM = [(64, 140, 232), (240, 146, 48)]
SEAT_COLOURS = [(64, 140, 232), (240, 146, 48), (150, 110, 220), (60, 190, 170)]

BUTTON = (46, 62, 82)
BUTTON_HOVER = (64, 86, 112)
BUTTON_DISABLED = (40, 44, 50)
BUTTON_TEXT_DISABLED = (110, 116, 124)
PANEL = (10, 20, 16, 190)       # translucent panels over the felt
SHADOW = (0, 0, 0, 90)

FONT_SMALL = 18
FONT = 22
FONT_BIG = 30
FONT_TITLE = 64
