"""Cards fanned as in a hand, each turned with a soft shadow (menu decoration, game tiles)."""
from __future__ import annotations

import math

import pygame

from game.ui import gfx


def rotated_card(img: pygame.Surface, angle: float) -> pygame.Surface:
    """A card turned by ``angle`` degrees with a soft shadow under it."""
    pad = 8
    base = gfx.Surface((img.get_width() + pad * 2, img.get_height() + pad * 2), pygame.SRCALPHA)
    shadow = gfx.Surface(img.get_size(), pygame.SRCALPHA)
    gfx.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(4, img.get_width() // 12))
    base.blit(shadow, (pad + 3, pad + 5))
    base.blit(img, (pad, pad))
    return gfx.transform.rotozoom(base, angle, 1.0)


def draw_fan(surface, art, cards: list[str], centre, spread: float = 12.0, radius: int = 420,
             tilt: float = 0.0) -> None:
    """Cards fanned as in a hand, pivoting round a point ``radius`` px below ``centre``."""
    n = len(cards)
    for i, card in enumerate(cards):
        angle = tilt + (i - (n - 1) / 2) * spread
        img = rotated_card(art.face(card), -angle)
        a = math.radians(angle)
        cx = centre[0] + math.sin(a) * radius
        cy = centre[1] + radius - math.cos(a) * radius
        surface.blit(img, img.get_rect(center=(round(cx), round(cy))))

