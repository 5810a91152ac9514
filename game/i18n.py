"""Translated UI strings: locale files, placeholders, plurals and native digits.

No pygame here: this module is plain Python so that the engine, tools and tests can use it.

Locale files are ``locales/<lang>.toml``. Nested tables flatten to dotted keys::

    [menu]
    play = "Play"                                   # key "menu.play"

    [deal]
    cards = { one = "{n} card", other = "{n} cards" }   # key "deal.cards", a plural

A table whose keys are all plural categories (``zero one two few many other``) is one
*plural message*: ``t("deal.cards", n=3)`` picks the form for 3 by the CLDR rules of the
language. ``zero``, when present, is used for exactly 0 in every language (it is not a CLDR
category of en/es/bn/hi; it lets "No cards" replace "0 cards"). A missing form falls back
to ``other``.

Placeholders are ``{name}``; ``{{`` and ``}}`` are literal braces. Numbers (int or float)
put into placeholders are written the locale's way: grouping (1,234 / 12.345 / 12,34,567)
and, when native digits are on, Bengali ০-৯ or Devanagari ०-९. Pick the plural from the
number, then render the digits.

A key missing in the current language falls back to English (logged once per key); a key
missing even in English comes back as the key itself. A damaged or unreadable locale file
is logged, left untouched, and treated as empty (so English shows). Nothing here raises on
bad data.

Two ways to use it: a :class:`Locale` object, or the module-level API that keeps a current
locale (:func:`set_language`, :func:`language`, :func:`t`, :func:`digits`, ...).
"""
from __future__ import annotations

import logging
import re
from contextlib import contextmanager
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Union

from game.engine.tomlsafe import TomlError, read_bounded
from game.resources import resource_path

LOCALE_MAX_BYTES = 1024 * 1024      # the largest locale file read (they are under 100 KB)

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "PLURAL_CATEGORIES", "NATIVE_DIGITS_BY_DEFAULT",
    "LocaleFileError", "Locale",
    "available_languages", "language_name", "normalize_language", "best_language",
    "plural_category", "has_native_digits", "to_native_digits", "format_number", "ordinal",
    "load_catalog", "format_message", "placeholders", "locales_dir",
    "set_language", "language", "set_native_digits", "native_digits", "current", "t",
    "digits", "load_lists", "card_name", "string_list", "bot_names", "DECKS", "take_load_problems",
]

log = logging.getLogger(__name__)

#: Language used when a key or a whole locale is missing.
DEFAULT_LANGUAGE = "en"

#: Supported languages, in menu order, each with its own name for itself.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "bn": "বাংলা",
    "hi": "हिन्दी",
    "pt": "Português",
}

#: CLDR plural category names (the keys a plural table may use).
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

_NATIVE_DIGITS = {
    "bn": "০১২৩৪৫৬৭৮৯",  # U+09E6..U+09EF
    "hi": "०१२३४५६७८९",  # U+0966..U+096F
}

#: Whether native digits are on by default (CLDR's default numbering system).
NATIVE_DIGITS_BY_DEFAULT: dict[str, bool] = {"en": False, "es": False, "bn": True, "hi": False,
                                             "pt": False}

#: The two decks whose cards :func:`card_name` names (``cards.<deck>.<rank>`` patterns).
DECKS = ("spanish", "french")

Number = Union[int, float]
Entry = Union[str, dict[str, str]]  # a message, or a plural table {category: message}
#: Lists of strings (e.g. ``bots.tute = ["Carmen", ...]``) are kept apart from messages.


class LocaleFileError(Exception):
    """A locale file could not be read or parsed. The message says which and why."""


# --------------------------------------------------------------------------- languages

def available_languages() -> list[tuple[str, str]]:
    """``[(code, own name), ...]`` in menu order, e.g. ``("bn", "বাংলা")``."""
    return list(LANGUAGES.items())


def language_name(code: str) -> str:
    """A language's name in that language; the code itself if it is not supported."""
    return LANGUAGES.get(code, code)


def normalize_language(tag: str | None) -> str | None:
    """The supported code for a tag such as ``"bn_BD"``, ``"es-AR"`` or ``"HI"``, else None."""
    if not isinstance(tag, str):
        return None
    base = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    return base if base in LANGUAGES else None


def best_language(tags: Iterable[str] | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The first supported language in a preference list (e.g. the OS locales), else default."""
    for tag in tags or ():
        code = normalize_language(tag)
        if code:
            return code
    return default


# --------------------------------------------------------------------------- plurals

def _operands(n: Number) -> tuple[float, int, int]:
    """CLDR operands (n, i, v) of a number: absolute value, integer part, fraction digits."""
    value = abs(n)
    if isinstance(value, float) and not value.is_integer():
        fraction = f"{value:.6f}".rstrip("0").split(".")[1]
        return value, int(value), len(fraction)
    return value, int(value), 0


def plural_category(lang: str, n: Number) -> str:
    """The CLDR plural category of ``n`` in ``lang``: ``"one"``, ``"many"`` or ``"other"``.

    en: one for 1 (not 1.5); es: one for 1, many for exact millions; bn and hi: one for
    0 and 1 (i = 0 or n = 1); pt: one for i = 0..1 (0, 1 and 1.5), many for exact
    millions. Unsupported languages use the English rule. Anything that is not a number
    is ``"other"``.
    """
    if isinstance(n, bool) or not isinstance(n, (int, float)) or n != n:  # NaN
        return "other"
    if n in (float("inf"), float("-inf")):
        return "other"
    value, i, v = _operands(n)
    base = normalize_language(lang) or lang
    if base in ("bn", "hi"):
        return "one" if i == 0 or value == 1 else "other"
    if base in ("es", "pt"):
        if (value == 1) if base == "es" else (i in (0, 1)):
            return "one"
        if v == 0 and i != 0 and i % 1_000_000 == 0:
            return "many"
        return "other"
    return "one" if i == 1 and v == 0 else "other"


# --------------------------------------------------------------------------- numbers

def has_native_digits(lang: str) -> bool:
    """Whether ``lang`` has its own digits (bn, hi)."""
    return lang in _NATIVE_DIGITS


def to_native_digits(text: str, lang: str) -> str:
    """Replace ASCII digits in ``text`` with ``lang``'s digits (unchanged for en/es)."""
    table = _NATIVE_DIGITS.get(lang)
    if not table:
        return text
    return text.translate(str.maketrans("0123456789", table))


def _group(int_digits: str, lang: str) -> str:
    """Insert group separators into a string of ASCII digits."""
    if lang in ("bn", "hi"):  # Indian grouping: 12,34,567
        if len(int_digits) <= 3:
            return int_digits
        head, tail = int_digits[:-3], int_digits[-3:]
        pairs = []
        while len(head) > 2:
            pairs.insert(0, head[-2:])
            head = head[:-2]
        return ",".join([head, *pairs, tail])
    sep = "." if lang in ("es", "pt") else ","
    if lang == "es" and len(int_digits) < 5:  # CLDR es: minimumGroupingDigits 2 -> "2000"
        return int_digits
    groups = []
    while len(int_digits) > 3:
        groups.insert(0, int_digits[-3:])
        int_digits = int_digits[:-3]
    return sep.join([int_digits, *groups])


def format_number(n: Number, lang: str = DEFAULT_LANGUAGE, *, native: bool = False) -> str:
    """A number written for ``lang``: grouped, ``-`` for minus, native digits if asked.

    >>> format_number(1234567, "hi")
    '12,34,567'
    >>> format_number(-3, "bn", native=True)
    '-৩'
    """
    if isinstance(n, bool) or not isinstance(n, (int, float)):
        return str(n)
    if isinstance(n, float) and (n != n or n in (float("inf"), float("-inf"))):
        return str(n)
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    sign = "-" if n < 0 else ""
    if isinstance(n, int):
        int_part, frac_part = str(abs(n)), ""
    else:
        text = f"{abs(n):.6f}".rstrip("0").rstrip(".")
        int_part, _, frac_part = text.partition(".")
    out = _group(int_part, lang)
    if frac_part:
        out += ("," if lang in ("es", "pt") else ".") + frac_part
    out = sign + out
    return to_native_digits(out, lang) if native else out


_ES_ORDINALS = ("primera", "segunda", "tercera", "cuarta", "quinta",
                "sexta", "séptima", "octava", "novena", "décima")
_PT_ORDINALS = ("primeira", "segunda", "terceira", "quarta", "quinta",
                "sexta", "sétima", "oitava", "nona", "décima")
_HI_ORDINALS = ("पहला", "दूसरा", "तीसरा", "चौथा")


def _bn_ordinal_suffix(n: int) -> str:
    if n in (1, 5, 7, 8, 9, 10):
        return "ম"
    if n in (2, 3):
        return "য়"
    if n == 4:
        return "র্থ"
    if n == 6:
        return "ষ্ঠ"
    if 11 <= n <= 18:
        return "শ"
    return "তম"


def ordinal(n: int, lang: str = DEFAULT_LANGUAGE, *, native: bool = False) -> str:
    """An ordinal for counting tricks and rounds: 1st, primera, ১ম, पहला.

    es uses the feminine (baza, mano), pt too (rodada, mão); hi the masculine (हाथ).
    Numbers below 1 are returned as plain numbers.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        return format_number(n, lang, native=native)
    num = format_number(n, lang, native=native)
    if lang == "es":
        return _ES_ORDINALS[n - 1] if n <= len(_ES_ORDINALS) else f"{num}.ª"
    if lang == "pt":
        return _PT_ORDINALS[n - 1] if n <= len(_PT_ORDINALS) else f"{num}ª"
    if lang == "hi":
        return _HI_ORDINALS[n - 1] if n <= len(_HI_ORDINALS) else f"{num}वाँ"
    if lang == "bn":
        return num + _bn_ordinal_suffix(n)
    if 11 <= n % 100 <= 13:
        return f"{num}th"
    return num + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


# --------------------------------------------------------------------------- messages

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(entry: Entry) -> set[str]:
    """The placeholder names used by a message or by any form of a plural table."""
    texts = entry.values() if isinstance(entry, dict) else [entry]
    names: set[str] = set()
    for text in texts:
        names.update(m.group(1) for m in _PLACEHOLDER.finditer(text) if m.group(1))
    return names


def format_message(template: str, params: Mapping[str, object], *,
                   lang: str = DEFAULT_LANGUAGE, native: bool = False) -> str:
    """Fill ``{name}`` placeholders from ``params``.

    Numbers are written with :func:`format_number`; other values with ``str()``. A
    placeholder without a value stays visible as ``{name}``; nothing raises.
    """
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:  # "{{" or "}}"
            return match.group(0)[0]
        if name not in params:
            return match.group(0)
        value = params[name]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_number(value, lang, native=native)
        try:
            return str(value)
        except Exception:  # a broken __str__ must not take the UI down
            return match.group(0)

    return _PLACEHOLDER.sub(replace, template)


# --------------------------------------------------------------------------- files

def locales_dir() -> Path:
    """The folder holding the bundled ``<lang>.toml`` files."""
    return resource_path("locales")


def _is_plural_table(table: Mapping[str, object]) -> bool:
    return bool(table) and all(k in PLURAL_CATEGORIES for k in table)


def _flatten(table: Mapping[str, object], prefix: str, out: dict[str, Entry],
             source: Path, lists: dict[str, list[str]]) -> None:
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, str):
            out[full] = value
        elif isinstance(value, dict) and _is_plural_table(value):
            forms = {k: v for k, v in value.items() if isinstance(v, str)}
            if forms:
                out[full] = forms
            if len(forms) != len(value):
                log.warning("%s: plural %r has non-text forms; they are ignored", source, full)
        elif isinstance(value, dict):
            _flatten(value, full + ".", out, source, lists)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            lists[full] = list(value)
        else:
            log.warning("%s: %r is a %s, not text; it is ignored",
                        source, full, type(value).__name__)


#: where parsed locale files are kept between runs (the app sets it to its own folder);
#: None: no cache. A cached copy is used only while the file's size and time are the same.
CACHE_DIR: Path | None = None
_CACHE_FORMAT = 1


def _cached_read(path: Path) -> dict:
    """The locale file's TOML, from the cache of an earlier run when the file is unchanged
    (parsing the larger files costs several milliseconds of every start), else read,
    checked and parsed (:func:`read_bounded`) and kept in the cache for the next run.
    A cache that cannot be read or written is ignored; the file itself is never touched."""
    import marshal
    if CACHE_DIR is None:
        return read_bounded(path, LOCALE_MAX_BYTES)
    stat = path.stat()
    stamp = (_CACHE_FORMAT, str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    cache = Path(CACHE_DIR) / f"locale-{path.stem}.marshal"
    try:
        cached_stamp, data = marshal.loads(cache.read_bytes())
        if cached_stamp == stamp and isinstance(data, dict):
            return data
    except (OSError, ValueError, EOFError, TypeError):
        pass
    data = read_bounded(path, LOCALE_MAX_BYTES)
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        part = cache.with_name(cache.name + ".part")
        part.write_bytes(marshal.dumps((stamp, data)))
        part.replace(cache)
    except (OSError, ValueError):
        pass
    return data


def _load_file(path: str | Path) -> tuple[dict[str, Entry], dict[str, list[str]]]:
    path = Path(path)
    try:
        data = _cached_read(path)
    except FileNotFoundError:
        raise LocaleFileError(f"locale file {path} does not exist") from None
    except OSError as exc:
        raise LocaleFileError(f"locale file {path} cannot be read: {exc}") from None
    except TomlError as exc:      # not UTF-8, not TOML, too large, too deep, a huge number
        raise LocaleFileError(f"locale file {path} is damaged ({exc})") from None
    out: dict[str, Entry] = {}
    lists: dict[str, list[str]] = {}
    _flatten(data, "", out, path, lists)
    return out, lists


def load_catalog(path: str | Path) -> dict[str, Entry]:
    """Read one locale file into ``{dotted key: message or plural table}``.

    Raises :class:`LocaleFileError` with a readable reason if the file is missing,
    unreadable, not UTF-8 or not valid TOML. Never writes to the file. Lists of strings
    (see :func:`load_lists`) are not messages and are left out.
    """
    return _load_file(path)[0]


def load_lists(path: str | Path) -> dict[str, list[str]]:
    """The lists of strings of one locale file, ``{dotted key: [text, ...]}``.

    Used for data that is a list in every language, such as the bots' names
    (``bots.<game_id>``). Raises :class:`LocaleFileError` like :func:`load_catalog`.
    """
    return _load_file(path)[1]


_PROBLEMS: dict[str, str] = {}      # language -> why its file could not be read (not yet told)


def _load_or_empty(lang: str, folder: Path) -> tuple[dict[str, Entry], dict[str, list[str]]]:
    try:
        return _load_file(folder / f"{lang}.toml")
    except LocaleFileError as exc:
        fallback = "English" if lang != DEFAULT_LANGUAGE else "the message keys"
        log.error("%s; showing %s instead. The file was left as it is.", exc, fallback)
        _PROBLEMS[lang] = str(exc)
        return {}, {}


def _split_card(card: str) -> tuple[str, str] | None:
    """``"10S"`` -> ``("10", "S")``; None for something that is not a card name."""
    if not isinstance(card, str) or len(card) < 2:
        return None
    return card[:-1], card[-1]


def take_load_problems() -> dict[str, str]:
    """Languages whose file could not be read since the last call, with the reason
    (the app tells the player once; the bundled file itself is never touched)."""
    problems = dict(_PROBLEMS)
    _PROBLEMS.clear()
    return problems


# --------------------------------------------------------------------------- Locale

class Locale:
    """One language's strings, with English behind it for missing keys.

    ``native_digits=None`` means the language's default (on for bn, off for hi).
    ``folder`` defaults to the bundled ``locales/`` (tests pass a temporary one).
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE, *, native_digits: bool | None = None,
                 folder: str | Path | None = None) -> None:
        code = normalize_language(lang)
        if code is None:
            log.warning("Language %r is not supported; using English", lang)
            code = DEFAULT_LANGUAGE
        self._lang = code
        self._folder = Path(folder) if folder is not None else locales_dir()
        self._native = native_digits
        self._english, self._english_lists = _load_or_empty(DEFAULT_LANGUAGE, self._folder)
        self._own, self._own_lists = ((self._english, self._english_lists)
                                      if code == DEFAULT_LANGUAGE
                                      else _load_or_empty(code, self._folder))
        self._reported: set[str] = set()

    # ----- properties
    @property
    def lang(self) -> str:
        """The language code actually in use (``"en"`` if the requested one was unknown)."""
        return self._lang

    @property
    def name(self) -> str:
        """The language's own name, e.g. ``"বাংলা"``."""
        return language_name(self._lang)

    @property
    def native_digits(self) -> bool:
        """Whether numbers are drawn in the language's own digits."""
        if not has_native_digits(self._lang):
            return False
        if self._native is None:
            return NATIVE_DIGITS_BY_DEFAULT.get(self._lang, False)
        return bool(self._native)

    @native_digits.setter
    def native_digits(self, on: bool | None) -> None:
        self._native = on

    # ----- lookup
    def has(self, key: str) -> bool:
        """Whether this language's own file has ``key`` (English fallback not counted)."""
        return key in self._own

    def keys(self) -> list[str]:
        """All keys of this language's own file, sorted."""
        return sorted(self._own)

    def _lookup(self, key: str) -> tuple[Entry | None, str]:
        entry = self._own.get(key)
        if entry is not None:
            return entry, self._lang
        entry = self._english.get(key)
        if key not in self._reported:
            self._reported.add(key)
            if entry is not None:
                log.warning("No %s text for %r; showing English", self._lang, key)
            elif self._lang == DEFAULT_LANGUAGE:
                log.warning("No text for %r in English; showing the key", key)
            else:
                log.warning("No text for %r in %s or English; showing the key", key, self._lang)
        return entry, DEFAULT_LANGUAGE

    def t(self, key: str, /, **params: object) -> str:
        """The message for ``key`` with placeholders filled in.

        For a plural message the form is picked from the parameter ``n`` (``other`` when
        there is none). Never raises.
        """
        entry, source_lang = self._lookup(key)
        if entry is None:
            return key
        if isinstance(entry, dict):
            entry = self._pick_form(entry, source_lang, params.get("n"))
        return format_message(entry, params, lang=self._lang, native=self.native_digits)

    @staticmethod
    def _pick_form(forms: dict[str, str], lang: str, count: object) -> str:
        if count == 0 and not isinstance(count, bool) and "zero" in forms:
            return forms["zero"]
        category = (plural_category(lang, count)  # type: ignore[arg-type]
                    if isinstance(count, (int, float)) else "other")
        for name in (category, "other", "one"):
            if name in forms:
                return forms[name]
        return next(iter(forms.values()))

    # ----- lists and cards
    def string_list(self, key: str) -> list[str]:
        """A list of strings (``bots.tute``), in this language or else in English; [] if none."""
        found = self._own_lists.get(key) or self._english_lists.get(key)
        if found is None and key not in self._reported:
            self._reported.add(key)
            log.warning("No list %r in %s or English", key, self._lang)
        return list(found or [])

    def bot_names(self, game_id: str) -> list[str]:
        """Names for the bots of ``game_id``, as players of this language would expect."""
        return self.string_list(f"bots.{game_id}")

    def card_name(self, card: str, deck: str) -> str:
        """A card named in running text: ``"7O"`` -> "el siete de oros", "सिक्के का सत्ता"...

        ``card`` is in contract notation (``"12B"``, ``"JH"``, ``"10S"``, ``"JK"``) and
        ``deck`` is ``"spanish"`` or ``"french"`` (``C`` is cups in one and clubs in the
        other). Each rank has its own pattern ``cards.<deck>.<rank>`` with a ``{suit}``
        placeholder, because the article or postposition agrees with the rank (la sota /
        el rey, पान की बेगम / पान का इक्का); the suit goes in as ``cards.<deck>_suit.<suit>``,
        the form it takes inside a card name (oros, सिक्के, হার্টের). Anything that is not a
        card of that deck comes back unchanged.
        """
        if card == "JK":
            return self.t("cards.joker")
        parts = _split_card(card)
        if parts is None or deck not in DECKS:
            return str(card)
        rank, suit = parts
        pattern_key, suit_key = f"cards.{deck}.{rank}", f"cards.{deck}_suit.{suit}"
        if not (self.has(pattern_key) or pattern_key in self._english) or not (
                self.has(suit_key) or suit_key in self._english):
            return card
        return self.t(pattern_key, suit=self.t(suit_key))

    # ----- numbers
    def number(self, n: Number) -> str:
        """``n`` written for this language (grouping, native digits if on)."""
        return format_number(n, self._lang, native=self.native_digits)

    def ordinal(self, n: int) -> str:
        """``n`` as an ordinal in this language: 1st, primera, ১ম, पहला."""
        return ordinal(n, self._lang, native=self.native_digits)

    def __repr__(self) -> str:
        return f"Locale({self._lang!r}, native_digits={self.native_digits})"


# --------------------------------------------------------------------------- module API

_current: Locale | None = None


def current() -> Locale:
    """The current :class:`Locale` (English until :func:`set_language` is called)."""
    global _current
    if _current is None:
        _current = Locale(DEFAULT_LANGUAGE)
    return _current


def set_language(code: str, *, native_digits: bool | None = None,
                 folder: str | Path | None = None) -> str:
    """Switch the current language; returns the code in use (``"en"`` for an unknown one).

    ``native_digits=None`` uses the language's default.
    """
    global _current
    _current = Locale(code, native_digits=native_digits, folder=folder)
    return _current.lang


def language() -> str:
    """The current language code."""
    return current().lang


_spoken: dict[str, Locale] = {}


@contextmanager
def speaking(code: str):
    """Within the block, :func:`t` and :func:`digits` speak ``code`` with its default
    digits, then the language before comes back (the table building a phone's words
    in the phone's language; main thread only)."""
    global _current
    saved = current()
    loc = _spoken.get(code)
    if loc is None:
        loc = _spoken[code] = Locale(code)
    _current = loc
    try:
        yield loc
    finally:
        _current = saved


def set_native_digits(on: bool | None) -> None:
    """Turn native digits on or off for the current language (None: its default)."""
    current().native_digits = on


def native_digits() -> bool:
    """Whether the current language draws numbers in its own digits."""
    return current().native_digits


def t(key: str, /, **params: object) -> str:
    """The current language's message for ``key``; see :meth:`Locale.t`."""
    return current().t(key, **params)


def digits(n: Number) -> str:
    """``n`` written for the current language: ``digits(29)`` is ``"২৯"`` in bn by default."""
    return current().number(n)


def card_name(card: str, deck: str) -> str:
    """A card named in the current language; see :meth:`Locale.card_name`."""
    return current().card_name(card, deck)


def string_list(key: str) -> list[str]:
    """A list of strings in the current language; see :meth:`Locale.string_list`."""
    return current().string_list(key)


def bot_names(game_id: str) -> list[str]:
    """Bot names for ``game_id`` in the current language; see :meth:`Locale.bot_names`."""
    return current().bot_names(game_id)
