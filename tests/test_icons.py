"""Issue 8: the app icon (tools/make_icons.py) is in assets/icons in every size the
installers and the window use, and the .ico and .icns files are well formed."""
from __future__ import annotations

import struct
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"


@pytest.mark.parametrize("n", [16, 24, 32, 48, 64, 128, 256, 512])
def test_hicolor_png(n):
    image = pygame.image.load(str(ICONS / "hicolor" / f"{n}x{n}" / "apps" / "taash.png"))
    assert image.get_size() == (n, n)
    corner, middle = image.get_at((0, 0)), image.get_at((n // 2, n // 2))
    assert middle.a == 255                          # the tile is opaque...
    assert corner.a < 255 or n <= 32                # ...with round corners (small: square glyph)


def test_ico_holds_every_windows_size():
    data = (ICONS / "taash.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        sizes.append(w or 256)
        assert bpp == 32 and offset + length <= len(data)
        blob = data[offset:offset + length]
        assert blob.startswith(b"\x89PNG") if (w or 256) == 256 else struct.unpack_from("<I", blob)[0] == 40
    assert sorted(sizes) == [16, 24, 32, 48, 64, 128, 256]


def test_icns_is_well_formed():
    data = (ICONS / "taash.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    pos, kinds = 8, []
    while pos < len(data):
        kind, length = data[pos:pos + 4].decode(), struct.unpack_from(">I", data, pos + 4)[0]
        assert data[pos + 8:pos + 12] == b"\x89PNG"
        kinds.append(kind)
        pos += length
    assert pos == len(data)
    assert kinds == ["icp4", "icp5", "icp6", "ic07", "ic08", "ic09", "ic10"]


def test_the_window_takes_the_icon(tmp_path, monkeypatch):
    from game import app as app_module
    seen = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: seen.append(surf.get_size()))
    app_module.set_window_icon()
    assert seen == [(app_module.WINDOW_ICON_PX, app_module.WINDOW_ICON_PX)]
