"""Where the game's read-only data files (fonts, locales, images, sounds) live.

From the source tree they sit under the repository root (``assets/``, ``locales/``).
In a PyInstaller build they are unpacked under ``sys._MEIPASS``, with the same relative
layout, because the spec file lists them in ``datas``. Code asks for a path through
:func:`resource_path` and never builds one from ``__file__`` itself.
"""
from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["resource_root", "resource_path"]

# game/resources.py -> game/ -> repository root
_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def resource_root() -> Path:
    """The folder the bundled data files are relative to.

    ``sys._MEIPASS`` when running frozen by PyInstaller, else the repository root.
    """
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        return Path(meipass)
    return _SOURCE_ROOT


def resource_path(*parts: str) -> Path:
    """The path of a bundled file, e.g. ``resource_path("locales", "bn.toml")``.

    The file need not exist; callers decide what a missing file means.
    """
    return resource_root().joinpath(*parts)
