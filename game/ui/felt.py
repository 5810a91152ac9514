"""The green cloth under every screen: :func:`felt_backdrop` behind the menus and
:func:`felt_surface` under the tables and the screens shown over them (both cached)."""
from __future__ import annotations

import functools
import math
import random

import pygame

from game.ui import gfx, theme

W, H = theme.WIDTH, theme.HEIGHT
_FELT_CACHE: dict = {}


def felt_backdrop(colour=theme.FELT, dark=theme.FELT_DARK, size=(W, H)) -> pygame.Surface:
    """A cloth table seen from above: a soft light in the middle, a vignette, a fine weave
    (``size`` logical, drawn at the window's real resolution)."""
    k = gfx.scale()
    return gfx.adopt(_felt_backdrop_px(colour, dark, (gfx.px(size[0], k), gfx.px(size[1], k))), k)


@functools.lru_cache(maxsize=8)
def _felt_backdrop_px(colour, dark, size) -> pygame.Surface:
    w, h = size
    small_w, small_h = 64, 36
    small = pygame.Surface((small_w, small_h))
    small.fill(dark)
    steps = 28
    for k in range(steps):              # concentric ellipses, outer (dark) to inner (light)
        d = 1 - k / steps
        t = min(1.0, d) ** 1.7
        shade = tuple(round(colour[i] * (1 - t) + dark[i] * t) for i in range(3))
        rw = d / 1.55 / 1.1 ** 0.5 * small_w * 2
        rh = d / 1.55 / 1.6 ** 0.5 * small_h * 2
        rect = pygame.Rect(0, 0, max(1, round(rw)), max(1, round(rh)))
        rect.center = (small_w // 2, round(small_h * 0.42))
        pygame.draw.ellipse(small, shade, rect)
    surf = pygame.transform.smoothscale(small, (w, h))
    # the weave: a tile of faint light and dark specks
    rng = random.Random(29)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(600):
        x, y = rng.randrange(96), rng.randrange(96)
        shade = rng.choice((255, 0))
        tile.set_at((x, y), (shade, shade, shade, rng.randrange(6, 16)))
    for ty in range(0, h, 96):
        for tx in range(0, w, 96):
            surf.blit(tile, (tx, ty))
    return surf.convert() if pygame.display.get_surface() else surf



def felt_surface(size=(W, H), colour=theme.FELT, dark=theme.FELT_DARK) -> pygame.Surface:
    """Green cloth: a lighter centre, a soft vignette and a fine weave (cached; ``size``
    logical, drawn at the window's real resolution)."""
    scale = gfx.scale()
    key = (size, colour, dark, scale)
    surf = _FELT_CACHE.get(key)
    if surf is not None:
        return surf
    size = (gfx.px(size[0], scale), gfx.px(size[1], scale))
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(dark)
    n = 64
    small = pygame.Surface((n, n * h // w))
    sh = small.get_height()
    for y in range(sh):
        for x in range(n):
            dx = (x + 0.5) / n - 0.5
            dy = ((y + 0.5) / sh - 0.47) * (h / w) * 1.25
            d = min(1.0, math.hypot(dx, dy) * 1.55)
            k = max(0.0, 1.0 - d ** 1.8)
            c = tuple(int(dark[i] + (colour[i] * 1.12 - dark[i]) * k) for i in range(3))
            small.set_at((x, y), tuple(min(255, v) for v in c))
    surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    weave = pygame.Surface((128, 128), pygame.SRCALPHA)
    rng = random.Random(29)
    for _ in range(2600):
        x, y = rng.randrange(128), rng.randrange(128)
        a = rng.randrange(6, 18)
        weave.set_at((x, y), (255, 255, 255, a) if rng.random() < 0.5 else (0, 0, 0, a + 6))
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            surf.blit(weave, (x, y))
    # a faint lighter oval where the cards are played, and a rail round the cloth
    ring = pygame.Surface(size, pygame.SRCALPHA)
    oval = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.56))
    oval.center = (w // 2, int(h * 0.42))
    pygame.draw.ellipse(ring, (255, 255, 255, 9), oval)
    pygame.draw.ellipse(ring, (255, 255, 255, 22), oval, 2)
    pygame.draw.ellipse(ring, (0, 0, 0, 26), oval.inflate(8, 8), 3)
    surf.blit(ring, (0, 0))
    pygame.draw.rect(surf, (0, 0, 0), surf.get_rect(), 6, border_radius=18)
    try:
        surf = surf.convert()
    except pygame.error:
        pass
    surf = gfx.adopt(surf, scale)
    _FELT_CACHE[key] = surf
    return surf
