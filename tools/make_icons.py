"""Draw Taash's app icon and write it in every size the installers need.

    python tools/make_icons.py [--out assets/icons]

Writes, under ``--out``:

- ``hicolor/<N>x<N>/apps/taash.png`` for N in 16 24 32 48 64 128 256 512 (the freedesktop
  icon theme layout, copied as is into the .deb; the game window uses the 64 px one);
- ``taash.ico``: Windows, 16 24 32 48 64 128 (32-bit bitmaps) and 256 (PNG) in one file;
- ``taash.icns``: macOS, PNG entries 16 to 1024 (``icp4`` ... ``ic10``).

The picture: a fan of three cards (a black spade, a Spanish gold coin, a red heart) on a
rounded tile of green card-table felt with a gold rim. At 32 px and below the fan would be
mush, so those sizes get their own glyph: one upright card with a big red heart in front of a
second card, edges on whole pixels. Everything is drawn with pygame and the game's own suit
shapes (:mod:`game.ui.suit_shapes`) at up to 8x and smooth-scaled down; no image library needed.
"""
from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui import suit_shapes as ss  # noqa: E402

HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (type, pixel size) of the PNG entries of an .icns file
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic10", 1024))
SUPERSAMPLE = 8
MAX_CANVAS = 2048           # px: the 512 and 1024 px icons are drawn at 4x and 2x


def supersample(n: int) -> int:
    return max(2, min(SUPERSAMPLE, MAX_CANVAS // n))

FELT = (24, 104, 64)
FELT_DARK = (10, 56, 34)
RIM = (214, 160, 52)
RIM_DARK = (132, 88, 20)
CARD = (250, 246, 234)
CARD_EDGE = (150, 132, 104)
BACK = (170, 44, 40)
BACK_DARK = (112, 24, 24)


def _rounded(surf: pygame.Surface, colour, rect: pygame.Rect, radius: int) -> None:
    pygame.draw.rect(surf, colour, rect, border_radius=max(0, radius))


def _tile(surf: pygame.Surface, n: int, margin: float, radius: float, rim: float) -> None:
    """The felt tile: gold rim, then felt lit from the top left (a few concentric steps)."""
    m = round(margin)
    outer = pygame.Rect(m, m, n - 2 * m, n - 2 * m)
    _rounded(surf, RIM_DARK, outer, round(radius))
    _rounded(surf, RIM, outer.inflate(-2 * max(1, round(rim * 0.35)), -2 * max(1, round(rim * 0.35))),
             round(radius - rim * 0.35))
    inner = outer.inflate(-2 * round(rim), -2 * round(rim))
    _rounded(surf, FELT_DARK, inner, round(radius - rim))
    steps = 10
    for i in range(steps):
        t = i / (steps - 1)
        col = tuple(round(d + (f - d) * t) for d, f in zip(FELT_DARK, FELT))
        shrink = round(inner.w * 0.22 * t)
        r = inner.inflate(-shrink, -shrink).move(-shrink // 4, -shrink // 4)
        _rounded(surf, col, r, round((radius - rim) * (1 - 0.5 * t)))


def _card(w: float, h: float, k: int, face: bool = True) -> pygame.Surface:
    """A card ``w`` x ``h`` (in output pixels times ``k``), cream face or red back."""
    surf = pygame.Surface((round(w), round(h)), pygame.SRCALPHA)
    surf.fill((*CARD_EDGE, 0))
    r = round(min(w, h) * 0.12)
    edge = max(k, round(min(w, h) * 0.03))
    _rounded(surf, CARD_EDGE if face else BACK_DARK, surf.get_rect(), r)
    body = surf.get_rect().inflate(-2 * edge, -2 * edge)
    _rounded(surf, CARD if face else BACK, body, r - edge)
    if not face:
        inset = body.inflate(-2 * edge * 2, -2 * edge * 2)
        pygame.draw.rect(surf, BACK_DARK, inset, width=edge, border_radius=max(0, r - 3 * edge))
    return surf


def _pip(card: pygame.Surface, suit: str, size: float, at: tuple[float, float] = (0.5, 0.5)) -> None:
    """A suit sign ``size`` px high centred at ``at`` (fractions of the card's width, height)."""
    w, h = card.get_size()
    pen = ss.Pen(card, w * at[0], h * at[1], size / 2)
    if suit == "O":
        ss.draw_oro(pen)
    else:
        ss.draw_french(pen, suit, ss.FRENCH_RED if suit in "HD" else ss.FRENCH_BLACK)


def _shadow(card: pygame.Surface, alpha: int) -> pygame.Surface:
    s = card.copy()
    s.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MIN)
    s.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MIN)
    return s


def _blit_rotated(dest: pygame.Surface, card: pygame.Surface, angle: float,
                  pivot: tuple[float, float], offset: tuple[float, float]) -> None:
    """Rotate ``card`` by ``angle`` degrees about its bottom centre, placed at ``pivot``."""
    w, h = card.get_size()
    # the card's centre relative to the pivot (bottom centre), rotated
    v = pygame.math.Vector2(0, -h / 2 + offset[1]).rotate(-angle)
    rotated = pygame.transform.rotate(card, angle)
    centre = (pivot[0] + offset[0] + v.x, pivot[1] + v.y)
    dest.blit(rotated, rotated.get_rect(center=centre))


def draw_fan(n: int) -> pygame.Surface:
    """The full icon at ``n`` px (48 and up)."""
    k = supersample(n)
    big = n * k
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((*RIM_DARK, 0))
    _tile(surf, big, margin=big * 0.03, radius=big * 0.2, rim=big * 0.035)
    ch = big * 0.5
    cw = ch * 0.68
    pivot = (big * 0.5, big * 0.95)   # the fan turns about a point below the cards
    lift = -ch * 0.3
    # the cards underneath show their upper left; the top card its middle
    for suit, angle, size, at in (("S", 21, 0.4, (0.3, 0.23)), ("O", 0, 0.4, (0.3, 0.22)),
                                  ("H", -21, 0.62, (0.5, 0.45))):
        card = _card(cw, ch, k)
        _pip(card, suit, cw * size, at)
        _blit_rotated(surf, _shadow(card, 70), angle, (pivot[0] + big * 0.012, pivot[1] + big * 0.014),
                      (0, lift))
        _blit_rotated(surf, card, angle, pivot, (0, lift))
    return pygame.transform.smoothscale(surf, (n, n))


def draw_glyph(n: int) -> pygame.Surface:
    """The small icon (16-32 px): a card with a heart before a card's back, on the felt."""
    k = SUPERSAMPLE
    big = n * k
    u = big / 16                      # one pixel of the 16 px design
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((*RIM_DARK, 0))
    _tile(surf, big, margin=0, radius=3 * u, rim=1 * u)
    # the back card, tilted, peeking out on the right, inside the rim
    back = _card(7 * u, 10 * u, k, face=False)
    _blit_rotated(surf, back, -14, (9.2 * u, 13.4 * u), (0, 0))
    # the front card, upright, whole pixels: x 2..10, y 3..14
    front = _card(8 * u, 11 * u, k)
    _pip(front, "H", 6.4 * u)
    surf.blit(front, (2 * u, 3 * u))
    return pygame.transform.smoothscale(surf, (n, n))


def draw_icon(n: int) -> pygame.Surface:
    return draw_glyph(n) if n <= 32 else draw_fan(n)


# --------------------------------------------------------------------------- file formats


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def _bmp_entry(surf: pygame.Surface) -> bytes:
    """A 32-bit BGRA DIB for an .ico entry (bottom-up rows, then the 1-bit AND mask)."""
    w, h = surf.get_size()
    header = struct.pack("<IiiHHIIiiII", 40, w, h * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    raw = pygame.image.tobytes(surf, "RGBA")
    rows = []
    for y in range(h - 1, -1, -1):
        row = raw[y * w * 4:(y + 1) * w * 4]
        bgra = bytearray(row)
        bgra[0::4], bgra[2::4] = row[2::4], row[0::4]
        rows.append(bytes(bgra))
    mask_row = ((w + 31) // 32) * 4
    mask = bytes(mask_row * h)        # all zero: the alpha channel decides
    return header + b"".join(rows) + mask


def ico_bytes(images: dict[int, pygame.Surface]) -> bytes:
    entries, blobs = [], []
    offset = 6 + 16 * len(images)
    for n in sorted(images):
        data = png_bytes(images[n]) if n >= 256 else _bmp_entry(images[n])
        entries.append(struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return struct.pack("<HHH", 0, 1, len(images)) + b"".join(entries) + b"".join(blobs)


def icns_bytes(images: dict[int, pygame.Surface]) -> bytes:
    chunks = b""
    for kind, n in ICNS_TYPES:
        data = png_bytes(images[n])
        chunks += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def write_all(out: Path) -> list[Path]:
    sizes = sorted(set(HICOLOR_SIZES) | set(ICO_SIZES) | {n for _, n in ICNS_TYPES})
    images = {n: draw_icon(n) for n in sizes}
    written = []
    for n in HICOLOR_SIZES:
        path = out / "hicolor" / f"{n}x{n}" / "apps" / "taash.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png_bytes(images[n]))
        written.append(path)
    (out / "taash.ico").write_bytes(ico_bytes({n: images[n] for n in ICO_SIZES}))
    (out / "taash.icns").write_bytes(icns_bytes(images))
    written += [out / "taash.ico", out / "taash.icns"]
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "icons")
    args = ap.parse_args(argv)
    for path in write_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
