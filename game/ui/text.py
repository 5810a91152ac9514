"""Shaped, mixed-script text for the UI (Latin, Bangla, Devanagari, card suits).

SDL_ttf shapes Bangla and Devanagari only when a font is told its script
(``Font.set_script``), and it has no font fallback, while Noto Sans Bengali / Devanagari
have no Latin letters and Noto Sans has no ♠♥♦♣. So a string is cut into *runs*: stretches
of one script, each drawn with the bundled font for that script, and the runs are blitted
side by side on one baseline.

- Script of a character: Bengali U+0980–09FF, Devanagari U+0900–097F and U+A8E0–A8FF, card
  suits U+2660–2667 (Noto Sans Symbols2), every other letter Latin (Noto Sans). Digits,
  spaces, punctuation, marks and joiners belong to no script: they join the run around
  them. A character the chosen font lacks (``&`` in Noto Sans Bengali, say) moves to the
  first bundled font that has it; if none has it, the run's font draws its "missing" box.
- Every line of a given size has the same height and baseline whatever its script, so
  labels line up across languages; Latin text gets the room Indic vowel signs need.
- Rendered surfaces are cached (LRU); they are shared, so copy one before drawing on it.
- Nothing here raises on odd input: control characters are dropped, lone surrogates become
  U+FFFD, non-strings are converted with ``str()``, and a run that cannot be drawn is
  skipped (and logged).

Use :func:`default_renderer` for the shared :class:`TextRenderer`, or the shortcuts
:func:`render_text`, :func:`measure`, :func:`font_can_draw` and :func:`missing_glyphs`.
"""
from __future__ import annotations

import logging
import re
import unicodedata
from collections import OrderedDict
from collections.abc import Hashable
from pathlib import Path
from typing import Any, Callable, Optional, Union

import pygame
import pygame.freetype

from game.resources import resource_path
from game.ui import gfx

__all__ = [
    "LATIN", "BENGALI", "DEVANAGARI", "SYMBOLS", "SCRIPTS", "FONT_FILES",
    "script_of", "split_runs", "clusters", "clean_text",
    "TextRenderer", "default_renderer", "render_text", "measure", "wrap",
    "font_can_draw", "missing_glyphs",
]

log = logging.getLogger(__name__)

ColourLike = Union[pygame.Color, tuple, str, int]

# Script keys (ISO 15924 codes; "Zsym" = symbols).
LATIN, BENGALI, DEVANAGARI, SYMBOLS = "Latn", "Beng", "Deva", "Zsym"
#: Fallback order when a character's own font lacks it.
SCRIPTS = (LATIN, BENGALI, DEVANAGARI, SYMBOLS)
#: Scripts whose fonts set the common line box (symbols only ever sit on the baseline).
_TEXT_SCRIPTS = (LATIN, BENGALI, DEVANAGARI)

#: Bundled font file for each (script, bold). Symbols2 has no bold cut.
FONT_FILES: dict[tuple[str, bool], str] = {
    (LATIN, False): "NotoSans-Regular.ttf",
    (LATIN, True): "NotoSans-Bold.ttf",
    (BENGALI, False): "NotoSansBengali-Regular.ttf",
    (BENGALI, True): "NotoSansBengali-Bold.ttf",
    (DEVANAGARI, False): "NotoSansDevanagari-Regular.ttf",
    (DEVANAGARI, True): "NotoSansDevanagari-Bold.ttf",
    (SYMBOLS, False): "NotoSansSymbols2-Regular.ttf",
    (SYMBOLS, True): "NotoSansSymbols2-Regular.ttf",
}
# What to pass to Font.set_script (HarfBuzz script tags).
_SHAPING_SCRIPT = {LATIN: "Latn", BENGALI: "Beng", DEVANAGARI: "Deva", SYMBOLS: "Zyyy"}

_VIRAMAS = {"\u09cd", "\u094d"}  # hasanta, virama: the next consonant joins the cluster
_JOINERS = {"\u200c", "\u200d"}  # ZWNJ, ZWJ
_BREAK_TOKENS = re.compile(r"[^ \u200b]+[ \u200b]*|[ \u200b]+")
_MIN_SIZE, _MAX_SIZE = 1, 512
_MAX_LINE_WIDTH = 16384  # px; longer lines are cut (drawing what fits)
_CHUNK = 256  # characters; longer runs are shaped in pieces, split between clusters


# --------------------------------------------------------------------------- pure text

def script_of(ch: str) -> Optional[str]:
    """The script key of one character, or None for digits, spaces, punctuation, marks."""
    cp = ord(ch)
    if 0x0980 <= cp <= 0x09FF:
        return BENGALI
    if 0x0964 <= cp <= 0x0965:  # danda, double danda: shared by Bangla and Hindi
        return None
    if 0x0900 <= cp <= 0x097F or 0xA8E0 <= cp <= 0xA8FF:
        return DEVANAGARI
    if 0x2660 <= cp <= 0x2667:  # ♠♡♢♣♤♥♦♧
        return SYMBOLS
    if unicodedata.category(ch).startswith("L"):
        return LATIN
    return None


def _is_attached(ch: str) -> bool:
    """Marks and format characters never start a run or change font on their own."""
    return unicodedata.category(ch)[0] == "M" or unicodedata.category(ch) == "Cf"


def _assign_scripts(text: str) -> list[str]:
    """One script key per character.

    Script characters keep theirs. The others (digits, spaces, punctuation) take the
    previous *text* script, or at the start the first text script that follows, else
    Latin; suit symbols are not a text script, so "♠ 10" draws its "10" in Noto Sans.
    Marks and joiners always stay with the character before them.
    """
    scripts: list[Optional[str]] = [script_of(ch) for ch in text]
    current = next((s for s in scripts if s in _TEXT_SCRIPTS), LATIN)
    out: list[str] = []
    for ch, s in zip(text, scripts):
        if s is None and out and _is_attached(ch):
            s = out[-1]
        elif s is None:
            s = current
        elif s in _TEXT_SCRIPTS:
            current = s
        out.append(s)
    return out


def _group_runs(text: str, scripts: list[str]) -> list[tuple[str, str]]:
    runs: list[tuple[str, str]] = []
    for ch, script in zip(text, scripts):
        if runs and runs[-1][0] == script:
            runs[-1] = (script, runs[-1][1] + ch)
        else:
            runs.append((script, ch))
    return runs


def split_runs(text: str) -> list[tuple[str, str]]:
    """Cut ``text`` into ``[(script, text), ...]`` by script alone (no font coverage).

    >>> split_runs("Truco ট্রুকো 12")
    [('Latn', 'Truco '), ('Beng', 'ট্রুকো 12')]
    """
    return _group_runs(text, _assign_scripts(text))


def clusters(text: str) -> list[str]:
    """Split text into user-perceived characters, close enough for line breaking.

    A mark or joiner stays with what precedes it, and a consonant after a hasanta/virama
    stays with its conjunct, so ক্ষ or त्रि are never cut.
    """
    out: list[str] = []
    for ch in text:
        joins = out and (_is_attached(ch) or (
            unicodedata.category(ch)[0] == "L" and out[-1][-1] in _VIRAMAS | _JOINERS))
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def clean_text(text: Any) -> str:
    """Make anything drawable: ``str()`` it, tabs to spaces, CR/LF to ``\\n``, control
    characters dropped, lone surrogates to U+FFFD."""
    if not isinstance(text, str):
        try:
            text = str(text)
        except Exception:
            return ""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cc" and ch != "\n":
            continue
        out.append("\ufffd" if cat == "Cs" else ch)
    return "".join(out)


def _colour(colour: ColourLike) -> tuple[int, int, int, int]:
    try:
        return tuple(pygame.Color(colour))  # type: ignore[return-value]
    except (ValueError, TypeError):
        return (255, 255, 255, 255)


class _LRU:
    """A small least-recently-used cache."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = max(1, maxsize)
        self._data: OrderedDict[Hashable, Any] = OrderedDict()

    def get_or_make(self, key: Hashable, make: Callable[[], Any]) -> Any:
        if key in self._data:
            self._data.move_to_end(key)
            return self._data[key]
        value = make()
        self._data[key] = value
        if len(self._data) > self.maxsize:
            self._data.popitem(last=False)
        return value

    def clear(self) -> None:
        self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


# --------------------------------------------------------------------------- renderer

class TextRenderer:
    """Draws and measures text with the bundled Noto fonts.

    ``font_dir`` defaults to ``assets/fonts``; ``cache_size`` is the number of rendered
    surfaces kept. Sizes are in pixels (pygame's point size), clamped to 1..512.
    """

    def __init__(self, font_dir: Union[str, Path, None] = None, cache_size: int = 512) -> None:
        self.font_dir = Path(font_dir) if font_dir is not None else resource_path("assets", "fonts")
        self._fonts: dict[tuple[str, bool, int], pygame.font.Font] = {}
        self._coverage: dict[str, dict[str, bool]] = {}  # font path -> char -> has glyph
        self._probes: dict[str, Optional[pygame.freetype.Font]] = {}
        self._surfaces = _LRU(cache_size)
        self._widths = _LRU(cache_size * 8)
        self._reported: set[str] = set()

    # ----- fonts
    def _path(self, script: str, bold: bool) -> Path:
        return self.font_dir / FONT_FILES[(script, bold)]

    def font(self, script: str, size: int, bold: bool = False) -> pygame.font.Font:
        """The pygame font for a script, shaping switched on. Falls back to pygame's
        default font if the bundled file cannot be loaded."""
        size = min(max(int(size), _MIN_SIZE), _MAX_SIZE)
        key = (script, bool(bold), size)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = self._path(script, bool(bold))
            try:
                font = pygame.font.Font(str(path), size)
            except (OSError, pygame.error, FileNotFoundError) as exc:
                self._report(f"font:{path}", "Cannot load font %s (%s); using pygame's default",
                             path, exc)
                font = pygame.font.Font(None, size)
            try:
                font.set_script(_SHAPING_SCRIPT[script])
            except (AttributeError, pygame.error, ValueError) as exc:
                self._report(f"script:{script}", "Cannot turn on %s shaping: %s", script, exc)
            self._fonts[key] = font
        return font

    def _probe(self, path: Path) -> Optional[pygame.freetype.Font]:
        key = str(path)
        if key not in self._probes:
            try:
                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                self._probes[key] = pygame.freetype.Font(key, 16)
            except (OSError, pygame.error, FileNotFoundError) as exc:
                self._report(f"probe:{key}", "Cannot open font %s for coverage checks: %s",
                             key, exc)
                self._probes[key] = None
        return self._probes[key]

    def covers(self, script: str, ch: str, bold: bool = False) -> bool:
        """Whether the font for ``script`` has a glyph for the character ``ch``."""
        path = self._path(script, bool(bold))
        table = self._coverage.setdefault(str(path), {})
        if ch not in table:
            probe = self._probe(path)
            try:
                table[ch] = probe is not None and probe.get_metrics(ch)[0] is not None
            except (pygame.error, ValueError, UnicodeError, IndexError):
                table[ch] = False
        return table[ch]

    # ----- runs
    def runs(self, text: str, bold: bool = False) -> list[tuple[str, str]]:
        """``[(script, text), ...]`` for one line, after moving characters that their
        run's font lacks to a font that has them."""
        text = clean_text(text).replace("\n", " ")
        scripts = _assign_scripts(text)
        for i, ch in enumerate(text):
            if _is_attached(ch):
                if i:
                    scripts[i] = scripts[i - 1]
                continue
            if not self.covers(scripts[i], ch, bold):
                alt = next((s for s in SCRIPTS if self.covers(s, ch, bold)), None)
                if alt is not None:
                    scripts[i] = alt
        return _group_runs(text, scripts)

    def _pieces(self, text: str, bold: bool) -> list[tuple[str, str]]:
        """Runs, with very long runs cut (between clusters) into shaping-sized pieces."""
        out = []
        for script, run in self.runs(text, bold):
            if len(run) <= _CHUNK:
                out.append((script, run))
                continue
            piece = ""
            for cluster in clusters(run):
                if len(piece) + len(cluster) > _CHUNK and piece:
                    out.append((script, piece))
                    piece = ""
                piece += cluster
            if piece:
                out.append((script, piece))
        return out

    # ----- metrics
    def ascent(self, size: int, bold: bool = False) -> int:
        """Distance from a line's top to its baseline (the same for every script)."""
        return max(self.font(s, size, bold).get_ascent() for s in _TEXT_SCRIPTS)

    def line_height(self, size: int, bold: bool = False) -> int:
        """Height of one line of text at ``size``, whatever its script."""
        descent = max(-self.font(s, size, bold).get_descent() for s in _TEXT_SCRIPTS)
        return self.ascent(size, bold) + descent

    def _run_width(self, script: str, run: str, size: int, bold: bool) -> int:
        try:
            return self.font(script, size, bold).size(run)[0]
        except (pygame.error, ValueError, UnicodeError) as exc:
            self._report(f"size:{run}", "Cannot measure %r: %s", run, exc)
            return 0

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """Width in pixels of one line of text (newlines count as spaces)."""
        key = (text, size, bool(bold))
        return self._widths.get_or_make(key, lambda: min(_MAX_LINE_WIDTH, sum(
            self._run_width(s, r, size, bold) for s, r in self._pieces(text, bold))))

    def elide(self, text: str, size: int, max_width: int, bold: bool = False) -> str:
        """``text`` cut to fit ``max_width`` with an ellipsis, by whole grapheme
        clusters (a Bangla conjunct or vowel sign is never split)."""
        if self.width(text, size, bold) <= max_width:
            return text
        parts = clusters(text)
        while parts and self.width("".join(parts) + "…", size, bold) > max_width:
            parts.pop()
        return "".join(parts).rstrip() + "…"

    def measure(self, text: Any, size: int, bold: bool = False) -> tuple[int, int]:
        """``(width, height)`` of what :meth:`render` would draw, without drawing it."""
        try:
            lines = clean_text(text).split("\n")
            return (max(self.width(line, size, bold) for line in lines),
                    self.line_height(size, bold) * len(lines))
        except Exception:  # never take the UI down over a label
            log.exception("measure(%r) failed", text)
            return (0, self.line_height(size, bold))

    # ----- drawing
    def render(self, text: Any, size: int, colour: ColourLike = (255, 255, 255),
               bold: bool = False) -> pygame.Surface:
        """A transparent surface with ``text`` drawn on it; ``\\n`` starts a new line.

        Cached: do not draw on the returned surface (copy it first).
        """
        text = clean_text(text)
        rgba = _colour(colour)
        k = gfx.scale()
        key = ("line", text, size, bool(bold), rgba, k)
        return self._surfaces.get_or_make(key, lambda: self._safe(
            lambda: self._at_scale(text.split("\n"), size, rgba, bold, "left", 1.0, k),
            text, size, bold))

    def render_wrapped(self, text: Any, size: int, max_width: int,
                       colour: ColourLike = (255, 255, 255), bold: bool = False,
                       align: str = "left", line_spacing: float = 1.0) -> pygame.Surface:
        """Text word-wrapped to ``max_width`` pixels, lines aligned ``"left"``,
        ``"center"`` or ``"right"``. The surface is as wide as the widest line."""
        text = clean_text(text)
        rgba = _colour(colour)
        k = gfx.scale()
        key = ("wrap", text, size, max_width, bool(bold), rgba, align, line_spacing, k)
        return self._surfaces.get_or_make(key, lambda: self._safe(
            lambda: self._at_scale(self.wrap(text, size, max_width, bold), size, rgba,
                                   bold, align, line_spacing, k),
            text, size, bold))

    def _at_scale(self, lines: list[str], size: int, rgba: tuple, bold: bool, align: str,
                  line_spacing: float, k: float) -> pygame.Surface:
        """Lines laid out in logical units, drawn with the font at the window's real
        pixel size (``k`` pixels per logical unit), so text is crisp at any window size."""
        if k == 1.0:
            return self._render_lines(lines, size, rgba, bold, align, line_spacing)
        return gfx.adopt(self._render_lines(lines, max(1, round(size * k)), rgba, bold, align,
                                            line_spacing), k)

    def _safe(self, make: Callable[[], pygame.Surface], text: str, size: int,
              bold: bool) -> pygame.Surface:
        try:
            return make()
        except Exception:  # last resort: an empty line instead of a crash
            log.exception("Cannot render %r", text)
            return pygame.Surface((0, self.line_height(size, bold)), pygame.SRCALPHA)

    def _render_line(self, text: str, size: int, rgba: tuple, bold: bool) -> pygame.Surface:
        ascent, height = self.ascent(size, bold), self.line_height(size, bold)
        placed = []
        x = 0
        for script, run in self._pieces(text, bold):
            if x >= _MAX_LINE_WIDTH:
                break
            font = self.font(script, size, bold)
            try:
                surf = font.render(run, True, rgba)
            except (pygame.error, ValueError, UnicodeError) as exc:
                self._report(f"render:{run}", "Cannot draw %r: %s", run, exc)
                x += self._run_width(script, run, size, bold)
                continue
            placed.append((surf, x, ascent - font.get_ascent()))
            x += surf.get_width()
        line = pygame.Surface((min(x, _MAX_LINE_WIDTH), height), pygame.SRCALPHA)
        for surf, px, py in placed:
            line.blit(surf, (px, py))
        return line

    def _render_lines(self, lines: list[str], size: int, rgba: tuple, bold: bool,
                      align: str, line_spacing: float) -> pygame.Surface:
        if len(lines) == 1:
            return self._render_line(lines[0], size, rgba, bold)
        rendered = [self._render_line(line, size, rgba, bold) for line in lines]
        step = max(1, round(self.line_height(size, bold) * line_spacing))
        width = max(s.get_width() for s in rendered)
        height = step * (len(rendered) - 1) + self.line_height(size, bold)
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        for i, surf in enumerate(rendered):
            if align == "center":
                x = (width - surf.get_width()) // 2
            elif align == "right":
                x = width - surf.get_width()
            else:
                x = 0
            out.blit(surf, (x, i * step))
        return out

    # ----- wrapping
    def wrap(self, text: Any, size: int, max_width: int, bold: bool = False) -> list[str]:
        """Lines of ``text`` that fit ``max_width``: breaks at spaces (and U+200B) across
        script runs, and inside a word only if the word alone is too wide (never inside
        a conjunct). Explicit ``\\n`` are kept."""
        max_width = max(1, int(max_width))

        def fits(line: str) -> bool:
            return self.width(line.rstrip(" \u200b"), size, bold) <= max_width

        lines: list[str] = []
        for paragraph in clean_text(text).split("\n"):
            current = ""
            for token in _BREAK_TOKENS.findall(paragraph):
                if fits(current + token):
                    current += token
                    continue
                if current:
                    lines.append(current.rstrip(" \u200b"))
                if fits(token):
                    current = token
                    continue
                *full, current = self._break_word(token, fits)
                lines.extend(full)
            lines.append(current.rstrip(" \u200b"))
        return lines

    @staticmethod
    def _break_word(word: str, fits: Callable[[str], bool]) -> list[str]:
        """Cut a word too wide for one line into lines of whole clusters (at least one
        cluster each); the last piece may still take more words."""
        pieces: list[str] = []
        head = ""
        for cluster in clusters(word):
            if head and not fits(head + cluster):
                pieces.append(head)
                head = cluster
            else:
                head += cluster
        pieces.append(head)
        return pieces

    # ----- coverage
    def missing_glyphs(self, text: Any, bold: bool = False) -> list[str]:
        """Characters of ``text`` that no bundled font can draw (in order, no repeats)."""
        missing: list[str] = []
        for script, run in self.runs(text, bold):
            for ch in run:
                if ch not in missing and not self.covers(script, ch, bold):
                    missing.append(ch)
        return missing

    def font_can_draw(self, text: Any, bold: bool = False) -> bool:
        """Whether every character of ``text`` has a glyph in the font its run uses."""
        return not self.missing_glyphs(text, bold)

    # ----- housekeeping
    def clear_cache(self) -> None:
        """Forget rendered surfaces and measured widths (fonts stay loaded)."""
        self._surfaces.clear()
        self._widths.clear()

    def _report(self, key: str, message: str, *args: object) -> None:
        if key not in self._reported:
            self._reported.add(key)
            log.warning(message, *args)


# --------------------------------------------------------------------------- shortcuts

_default: Optional[TextRenderer] = None


def default_renderer() -> TextRenderer:
    """The shared :class:`TextRenderer` using the bundled fonts."""
    global _default
    if _default is None:
        _default = TextRenderer()
    return _default


def render_text(text: Any, size: int, colour: ColourLike = (255, 255, 255),
                bold: bool = False) -> pygame.Surface:
    """:meth:`TextRenderer.render` on the shared renderer."""
    return default_renderer().render(text, size, colour, bold)


def measure(text: Any, size: int, bold: bool = False) -> tuple[int, int]:
    """:meth:`TextRenderer.measure` on the shared renderer."""
    return default_renderer().measure(text, size, bold)


def wrap(text: Any, size: int, max_width: int, bold: bool = False) -> list[str]:
    """:meth:`TextRenderer.wrap` on the shared renderer."""
    return default_renderer().wrap(text, size, max_width, bold)


def font_can_draw(text: Any, bold: bool = False) -> bool:
    """Whether the bundled fonts can draw every character of ``text``."""
    return default_renderer().font_can_draw(text, bold)


def missing_glyphs(text: Any, bold: bool = False) -> list[str]:
    """Characters of ``text`` the bundled fonts cannot draw."""
    return default_renderer().missing_glyphs(text, bold)
