"""Drawing at the window's real pixel size from logical 1280x720 coordinates.

Every scene lays itself out in logical units (``theme.WIDTH`` x ``theme.HEIGHT``). The app
sets :func:`set_scale` to the window's pixels per logical unit (0.8 at 1024x600, 1.5 at
1920x1080, 3 at 3840x2160), and what draws goes through this module:

- :class:`HiSurface` is a ``pygame.Surface`` that holds *physical* pixels but answers in
  logical units: ``get_size``, ``get_rect``, ``blit`` destinations and areas, ``fill`` and
  ``set_clip`` rectangles are all logical, scaled on the way in. Text and cards are rendered
  at the physical size and adopted (:func:`adopt`), so they stay crisp: nothing is drawn at
  720p and blown up.
- :func:`Surface` makes an off-screen surface of a logical size (a plain ``pygame.Surface``
  at scale 1, so a 1280x720 window draws exactly as before).
- :data:`draw` and :data:`transform` mirror ``pygame.draw`` and ``pygame.transform``: on a
  HiSurface they scale coordinates, radii and line widths; on a plain surface they are
  pygame's own.

A plain surface blitted onto a HiSurface is taken as logical pixels and scaled up (cached):
correct, if softer, so code that still makes plain surfaces draws in the right place.
"""
from __future__ import annotations

import weakref
from typing import Callable

import pygame

_scale = 1.0
_generation = 0


def scale() -> float:
    """Physical pixels per logical unit of what is being drawn now."""
    return _scale


def generation() -> int:
    """Bumped at every scale change: caches of drawn surfaces key on it."""
    return _generation


def set_scale(value: float) -> None:
    global _scale, _generation
    value = float(value)
    if value <= 0:
        raise ValueError("scale must be positive")
    if abs(value - _scale) > 1e-9:
        _scale = value
        _generation += 1
        _upscaled.clear()


def px(v: float, k: float | None = None) -> int:
    """A logical length in physical pixels (at least 1 for a positive length)."""
    k = _scale if k is None else k
    out = int(round(v * k))
    return max(1, out) if v > 0 else out


def phys_rect(rect, k: float) -> pygame.Rect:
    """A logical rectangle in physical pixels; neighbours stay neighbours (edges round)."""
    r = rect if isinstance(rect, (pygame.Rect, pygame.FRect)) else pygame.FRect(rect)
    x0, y0 = round(r.x * k), round(r.y * k)
    x1, y1 = round((r.x + r.w) * k), round((r.y + r.h) * k)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def _logical_rect(rect: pygame.Rect, k: float) -> pygame.Rect:
    x0, y0 = round(rect.x / k), round(rect.y / k)
    return pygame.Rect(x0, y0, round(rect.right / k) - x0, round(rect.bottom / k) - y0)


def _point(pos, k: float) -> tuple[int, int]:
    if isinstance(pos, (pygame.Rect, pygame.FRect)):
        pos = pos.topleft
    return round(pos[0] * k), round(pos[1] * k)


def k_of(surface) -> float:
    """The scale a surface is drawn at (1 for a plain surface)."""
    return getattr(surface, "scale", 1.0)


class HiSurface(pygame.Surface):
    """Physical pixels, logical answers (see the module's docstring)."""

    scale: float = 1.0

    @classmethod
    def make(cls, size, flags: int = 0, k: float | None = None) -> "HiSurface":
        k = _scale if k is None else k
        w, h = size
        surf = cls((max(0, px(w, k)), max(0, px(h, k))), flags)
        surf.scale = k
        return surf

    # ----- sizes in logical units
    def get_size(self) -> tuple[int, int]:
        w, h = pygame.Surface.get_size(self)
        return round(w / self.scale), round(h / self.scale)

    def get_width(self) -> int:
        return round(pygame.Surface.get_width(self) / self.scale)

    def get_height(self) -> int:
        return round(pygame.Surface.get_height(self) / self.scale)

    def get_rect(self, **kw) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.get_size())
        for name, value in kw.items():
            setattr(rect, name, value)
        return rect

    def get_frect(self, **kw) -> pygame.FRect:
        rect = pygame.FRect((0, 0), self.get_size())
        for name, value in kw.items():
            setattr(rect, name, value)
        return rect

    def get_bounding_rect(self, *args) -> pygame.Rect:
        return _logical_rect(pygame.Surface.get_bounding_rect(self, *args), self.scale)

    def physical_size(self) -> tuple[int, int]:
        return pygame.Surface.get_size(self)

    # ----- drawing in logical units
    def blit(self, source, dest=(0, 0), area=None, special_flags: int = 0) -> pygame.Rect:
        k = self.scale
        src = _at_scale(source, k)
        parea = None if area is None else phys_rect(area, k)      # logical (a plain source's pixels)
        done = pygame.Surface.blit(self, src, _point(dest, k), parea, special_flags)
        return _logical_rect(done, k)

    def fill(self, color, rect=None, special_flags: int = 0) -> pygame.Rect:
        prect = None if rect is None else phys_rect(rect, self.scale)
        return _logical_rect(pygame.Surface.fill(self, color, prect, special_flags), self.scale)

    def set_clip(self, rect=None) -> None:
        pygame.Surface.set_clip(self, None if rect is None else phys_rect(rect, self.scale))

    def get_clip(self) -> pygame.Rect:
        return _logical_rect(pygame.Surface.get_clip(self), self.scale)

    def copy(self) -> "HiSurface":
        return adopt(pygame.Surface.copy(self), self.scale)

    def convert(self, *args) -> "HiSurface":
        return adopt(pygame.Surface.convert(self, *args), self.scale)

    def convert_alpha(self, *args) -> "HiSurface":
        return adopt(pygame.Surface.convert_alpha(self, *args), self.scale)

    def subsurface(self, *rect) -> "HiSurface":
        """A copy of the logical area (not shared pixels)."""
        area = phys_rect(rect[0] if len(rect) == 1 else rect, self.scale)
        return adopt(pygame.Surface.subsurface(self, area).copy(), self.scale)


def adopt(surface: pygame.Surface, k: float | None = None) -> pygame.Surface:
    """A surface drawn in physical pixels (``k`` per logical unit), as a HiSurface; at
    scale 1 the surface itself."""
    k = _scale if k is None else k
    if isinstance(surface, HiSurface) and surface.scale == k:
        return surface
    if k == 1.0 and not isinstance(surface, HiSurface):
        return surface
    flags = surface.get_flags() & pygame.SRCALPHA
    out = HiSurface(pygame.Surface.get_size(surface), flags)
    out.scale = k
    if flags:
        pygame.Surface.fill(out, (0, 0, 0, 0))
        pygame.Surface.blit(out, surface, (0, 0), None, pygame.BLEND_RGBA_MAX)
    else:
        pygame.Surface.blit(out, surface, (0, 0))
    alpha = surface.get_alpha()
    if alpha is not None and not flags:
        out.set_alpha(alpha)
    key = surface.get_colorkey()
    if key is not None:
        out.set_colorkey(key)
    return out


_upscaled: "weakref.WeakKeyDictionary[pygame.Surface, tuple]" = weakref.WeakKeyDictionary()


def _at_scale(source: pygame.Surface, k: float) -> pygame.Surface:
    """``source``'s pixels as they must land on a surface drawn at ``k``."""
    sk = k_of(source)
    if sk == k:
        return source
    w, h = pygame.Surface.get_size(source)
    size = (max(1, round(w * k / sk)), max(1, round(h * k / sk))) if w and h else (0, 0)
    alpha = source.get_alpha()
    hit = _upscaled.get(source)
    if hit is not None and hit[0] == size and hit[2] == alpha:
        return hit[1]
    if 0 in size:
        out = pygame.Surface(size, source.get_flags() & pygame.SRCALPHA)
    else:
        base = source if source.get_bitsize() in (24, 32) else source.convert_alpha()
        out = pygame.transform.smoothscale(base, size)
        if alpha is not None and not source.get_flags() & pygame.SRCALPHA:
            out.set_alpha(alpha)
        elif alpha is not None and alpha < 255:
            out.set_alpha(alpha)
    _upscaled[source] = (size, out, alpha)
    return out


def Surface(size, flags: int = 0) -> pygame.Surface:       # noqa: N802 - mirrors pygame.Surface
    """An off-screen surface of a logical size at the current scale."""
    if _scale == 1.0:
        return pygame.Surface(size, flags)
    return HiSurface.make(size, flags)


def pixels(make: Callable[[float], pygame.Surface]) -> pygame.Surface:
    """``make(k)`` draws in physical pixels at ``k`` per logical unit; the result is adopted."""
    return adopt(make(_scale), _scale)


# --------------------------------------------------------------------------- draw

def _w(width: int, k: float) -> int:
    return 0 if width <= 0 else max(1, round(width * k))


class _Draw:
    """``pygame.draw`` in logical units on a HiSurface, pygame's own on a plain surface."""

    @staticmethod
    def rect(surface, color, rect, width: int = 0, border_radius: int = -1, **corners) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.rect(surface, color, rect, width, border_radius, **corners)
        corners = {name: (round(v * k) if v > 0 else v) for name, v in corners.items()}
        radius = round(border_radius * k) if border_radius > 0 else border_radius
        done = pygame.draw.rect(surface, color, phys_rect(rect, k), _w(width, k), radius, **corners)
        return _logical_rect(done, k)

    @staticmethod
    def circle(surface, color, center, radius, width: int = 0, **quadrants) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.circle(surface, color, center, radius, width, **quadrants)
        done = pygame.draw.circle(surface, color, (center[0] * k, center[1] * k), radius * k,
                                  _w(width, k), **quadrants)
        return _logical_rect(done, k)

    @staticmethod
    def ellipse(surface, color, rect, width: int = 0) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.ellipse(surface, color, rect, width)
        return _logical_rect(pygame.draw.ellipse(surface, color, phys_rect(rect, k), _w(width, k)), k)

    @staticmethod
    def arc(surface, color, rect, start, stop, width: int = 1) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.arc(surface, color, rect, start, stop, width)
        return _logical_rect(pygame.draw.arc(surface, color, phys_rect(rect, k), start, stop, _w(width, k)), k)

    @staticmethod
    def line(surface, color, start, end, width: int = 1) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.line(surface, color, start, end, width)
        done = pygame.draw.line(surface, color, (start[0] * k, start[1] * k), (end[0] * k, end[1] * k),
                                _w(width, k))
        return _logical_rect(done, k)

    @staticmethod
    def lines(surface, color, closed, points, width: int = 1) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.lines(surface, color, closed, points, width)
        pts = [(x * k, y * k) for x, y in points]
        return _logical_rect(pygame.draw.lines(surface, color, closed, pts, _w(width, k)), k)

    @staticmethod
    def aaline(surface, color, start, end, *args) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.aaline(surface, color, start, end, *args)
        return _logical_rect(pygame.draw.aaline(surface, color, (start[0] * k, start[1] * k),
                                                (end[0] * k, end[1] * k)), k)

    @staticmethod
    def aalines(surface, color, closed, points, *args) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.aalines(surface, color, closed, points, *args)
        pts = [(x * k, y * k) for x, y in points]
        return _logical_rect(pygame.draw.aalines(surface, color, closed, pts), k)

    @staticmethod
    def polygon(surface, color, points, width: int = 0) -> pygame.Rect:
        k = k_of(surface)
        if k == 1.0:
            return pygame.draw.polygon(surface, color, points, width)
        pts = [(x * k, y * k) for x, y in points]
        return _logical_rect(pygame.draw.polygon(surface, color, pts, _w(width, k)), k)


draw = _Draw()


# --------------------------------------------------------------------------- transform

class _Transform:
    """``pygame.transform`` keeping a HiSurface's scale; sizes asked for are logical."""

    @staticmethod
    def rotate(surface, angle: float) -> pygame.Surface:
        return _same_k(surface, pygame.transform.rotate(surface, angle))

    @staticmethod
    def rotozoom(surface, angle: float, zoom: float) -> pygame.Surface:
        return _same_k(surface, pygame.transform.rotozoom(surface, angle, zoom))

    @staticmethod
    def smoothscale(surface, size) -> pygame.Surface:
        return _resized(pygame.transform.smoothscale, surface, size)

    @staticmethod
    def scale(surface, size) -> pygame.Surface:
        return _resized(pygame.transform.scale, surface, size)

    @staticmethod
    def smoothscale_by(surface, factor) -> pygame.Surface:
        return _same_k(surface, pygame.transform.smoothscale_by(surface, factor))

    @staticmethod
    def flip(surface, flip_x: bool, flip_y: bool) -> pygame.Surface:
        return _same_k(surface, pygame.transform.flip(surface, flip_x, flip_y))

    @staticmethod
    def grayscale(surface) -> pygame.Surface:
        return _same_k(surface, pygame.transform.grayscale(surface))


def _resized(resize: Callable, surface, size) -> pygame.Surface:
    """``resize`` (pygame's scale or smoothscale) to a logical ``size``."""
    k = k_of(surface)
    if k == 1.0:
        return resize(surface, size)
    return _same_k(surface, resize(surface, (px(size[0], k), px(size[1], k))))


def _same_k(original, result: pygame.Surface) -> pygame.Surface:
    k = k_of(original)
    return result if k == 1.0 else adopt(result, k)


transform = _Transform()
