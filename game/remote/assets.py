"""The only files the phone server ever sends: a fixed whitelist held in memory.

Names map to (bytes, content type); a request's path is looked up in this table as a
plain string and never turned into a path on the computer. The page, its script and
style come from ``game/remote/static/``, the web fonts from the bundled Noto fonts, the
page's strings from the locales (every language at once, so the phone switches without
asking), and the card pictures from the table (PNG bytes it rendered with the project's
card art; added with :meth:`Assets.add_card`).
"""
from __future__ import annotations

import json
import re
import threading
from pathlib import Path

from game import i18n
from game.remote.hub import LANGS
from game.resources import resource_path

STATIC_DIR = Path(__file__).resolve().parent / "static"
STATIC = {"": ("index.html", "text/html; charset=utf-8"),
          "app.js": ("app.js", "text/javascript; charset=utf-8"),
          "style.css": ("style.css", "text/css; charset=utf-8")}
FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansBengali-Regular.ttf",
         "NotoSansBengali-Bold.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf")
CARD_NAME = re.compile(r"(?:[0-9AJQK]{1,2}[SHDCOEB]|back)\.png")


def static_dir() -> Path:
    """Where the page's files are: beside this module, or in a frozen build under
    ``game/remote/static`` of the bundle (build.spec puts them there)."""
    frozen = resource_path("game", "remote", "static")
    return STATIC_DIR if STATIC_DIR.is_dir() else frozen


def page_strings() -> dict:
    """``{lang: {key: text}}`` of the locale's ``phone`` table, for every language."""
    out = {}
    english = i18n.Locale("en")
    keys = sorted(k for k in english.keys() if k.startswith("phone."))
    for lang in LANGS:
        loc = i18n.Locale(lang)
        out[lang] = {k[len("phone."):]: loc.t(k) for k in keys}
        out[lang]["_name"] = loc.name
    return out


class Assets:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._files: dict[str, tuple[bytes, str]] = {}
        folder = static_dir()
        for name, (filename, ctype) in STATIC.items():
            self._files[name] = ((folder / filename).read_bytes(), ctype)
        for font in FONTS:
            try:
                self._files["fonts/" + font] = (resource_path("assets", "fonts", font).read_bytes(), "font/ttf")
            except OSError:
                pass                        # the page falls back on the phone's own fonts
        self._files["strings.json"] = (json.dumps(page_strings(), ensure_ascii=False).encode(),
                                       "application/json; charset=utf-8")

    def add_card(self, name: str, png: bytes) -> None:
        if not CARD_NAME.fullmatch(name):
            raise ValueError(f"not a card picture: {name!r}")
        with self._lock:
            self._files["cards/" + name] = (png, "image/png")

    def get(self, name: str) -> tuple[bytes, str] | None:
        with self._lock:
            return self._files.get(name)

    def names(self) -> list[str]:
        with self._lock:
            return sorted(self._files)


__all__ = ["Assets", "page_strings", "FONTS", "CARD_NAME"]
