"""The complete rules of every game in every language: sections with stable ids.

Each game's rules in a language are ``locales/rules/<lang>/<game_id>.toml``: an ordered
list of ``[[section]]`` tables with ``id``, ``title`` and ``body``. The ids are the same in
every language, so the rules page can jump to a section by id (from a setup option, from a
call's tooltip). ``locales/rules/index.toml`` says which section covers each setup option
and each action verb. The body markup (paragraphs, ``- `` items, ``{cards:...}``,
``{opt:...}``, ``{sec:...}``) is described in ``locales/rules/README.md``.

No pygame here; the rules page renders what :func:`blocks` and :func:`inline_text` return.
A missing or damaged rules file falls back to English, like the locale files.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.engine.tomlsafe import TomlError, read_bounded
from game.i18n import DEFAULT_LANGUAGE, Locale, to_native_digits
from game.resources import resource_path

log = logging.getLogger(__name__)

#: ``{cards:JH,9H}`` card pictures, ``{opt:id}`` / ``{opt:id=value}`` an option's label,
#: ``{sec:id}`` a link to another section (shown as its title).
TOKEN = re.compile(r"\{(cards|opt|sec):([^{}\s]+)\}")


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    body: str


@dataclass(frozen=True)
class Block:
    """One piece of a section body: a paragraph, a list item, or a row of card pictures."""
    kind: str                 # "para", "item" or "cards"
    text: str = ""            # para / item: text with {opt:}/{sec:} tokens still in it
    cards: tuple[str, ...] = ()


def rules_dir() -> Path:
    return resource_path("locales", "rules")


# --------------------------------------------------------------------------- files

RULES_MAX_BYTES = 512 * 1024       # a game's rules in one language are about 20 KB


def _read_sections(path: Path) -> list[Section]:
    data = read_bounded(path, RULES_MAX_BYTES)
    out = []
    for row in data.get("section", []):
        if not all(isinstance(row.get(k), str) for k in ("id", "title", "body")):
            raise ValueError(f"a section without id, title or body: {row!r:.80}")
        out.append(Section(row["id"], row["title"].strip(), row["body"].strip()))
    if not out:
        raise ValueError("no [[section]] in the file")
    return out


def load_sections(game_id: str, lang: str, folder: Path | None = None) -> list[Section]:
    """The rules of ``game_id`` in ``lang``, in order; English if that file is missing or
    damaged (logged, left untouched); [] if English is missing too."""
    folder = folder or rules_dir()
    for code in dict.fromkeys((lang, DEFAULT_LANGUAGE)):
        path = folder / code / f"{game_id}.toml"
        try:
            return _read_sections(path)
        except FileNotFoundError:
            log.warning("No rules file %s", path)
        except (OSError, TomlError, ValueError) as exc:
            log.error("Rules file %s is damaged (%s); it was left as it is", path, exc)
    return []


@lru_cache(maxsize=1)
def _index(folder: str) -> dict:
    try:
        return read_bounded(Path(folder) / "index.toml", RULES_MAX_BYTES)
    except (OSError, TomlError) as exc:
        log.error("Rules index unreadable: %s", exc)
        return {}


def index(folder: Path | None = None) -> dict:
    """``{game_id: {"options": {...}, "calls": {verb: {"section", "word"}}}}``."""
    return _index(str(folder or rules_dir()))


def option_section(game_id: str, option_id: str) -> str | None:
    """The id of the section explaining a setup option, or None."""
    return index().get(game_id, {}).get("options", {}).get(option_id)


def verbs(verbs_text: str) -> list[str]:
    """Action verbs without their arguments, from a game module's ``VERBS`` text:
    ``"sing 20 <suit>   ..."`` -> ``"sing 20"``, ``"add I C ..."`` -> ``"add"``."""
    out = []
    for line in verbs_text.splitlines():
        command = re.split(r"\s{2,}", line.strip())[0]
        words = []
        for word in command.split():
            if word.startswith("<") or word == "..." or re.fullmatch(r"[A-Z][0-9]*", word):
                break
            words.append(word)
        if words and " ".join(words) not in out:
            out.append(" ".join(words))
    return out


def call_section(game_id: str, action: str) -> str | None:
    """The id of the section explaining an action (``"call real envido"``, ``"bid 17"``,
    ``"sing 20 C"``): the longest verb of the index that starts the action."""
    calls = index().get(game_id, {}).get("calls", {})
    words = action.split()
    for n in range(len(words), 0, -1):
        entry = calls.get(" ".join(words[:n]))
        if entry:
            return entry.get("section")
    return None


# --------------------------------------------------------------------------- markup

def blocks(body: str) -> list[Block]:
    """A body split into paragraphs, list items and card rows, in order."""
    out: list[Block] = []
    for chunk in re.split(r"\n\s*\n", body.strip()):
        lines = [line.strip() for line in chunk.strip().splitlines() if line.strip()]
        para: list[str] = []

        def flush() -> None:
            if para:
                out.append(Block("para", " ".join(para)))
                para.clear()

        for line in lines:
            whole = TOKEN.fullmatch(line)
            if whole and whole.group(1) == "cards":
                flush()
                out.append(Block("cards", cards=tuple(whole.group(2).split(","))))
            elif line.startswith("- "):
                flush()
                out.append(Block("item", line[2:].strip()))
            else:
                para.append(line)
        flush()
    return out


def option_label(game_id: str, spec: str, locale: Locale) -> str:
    """The setup label of ``{opt:spec}``: ``target`` or ``mode=open_dirty``."""
    option, _, value = spec.partition("=")
    key = f"options.{game_id}.{option}"
    if value:
        key += "_" + value.replace("-", "_")
    return locale.t(key)


@dataclass(frozen=True)
class Span:
    """A stretch of a paragraph: plain ``text``, an option's label (``opt``, ``target`` the
    option id) or a link to a section (``sec``, ``target`` the section id)."""
    kind: str
    text: str
    target: str = ""


def spans(text: str, game_id: str, locale: Locale,
          titles: dict[str, str] | None = None) -> list[Span]:
    """A paragraph or item cut into plain text, option labels and section links, in order;
    digits of the plain text follow the native-digit setting (titles are given as shown)."""
    titles = titles or {}

    def plain(s: str) -> str:
        return to_native_digits(s, locale.lang) if locale.native_digits else s

    out: list[Span] = []
    last = 0
    for m in TOKEN.finditer(text):
        if m.start() > last:
            out.append(Span("text", plain(text[last:m.start()])))
        kind, value = m.group(1), m.group(2)
        if kind == "opt":
            out.append(Span("opt", option_label(game_id, value, locale), value.partition("=")[0]))
        elif kind == "sec":
            out.append(Span("sec", titles.get(value, value), value))
        else:
            out.append(Span("text", value))
        last = m.end()
    if last < len(text):
        out.append(Span("text", plain(text[last:])))
    return out


def inline_text(text: str, game_id: str, locale: Locale,
                titles: dict[str, str] | None = None) -> str:
    """Plain text of a paragraph or item: option tokens become their setup labels,
    section links the section's title, and digits follow the native-digit setting."""
    return "".join(span.text for span in spans(text, game_id, locale, titles))


def deck_of(game_id: str) -> str:
    """The deck a game's ``{cards:...}`` are drawn from: ``"spanish"`` or ``"french"``."""
    from game.engine.cards import SPANISH_SUITS
    from game.games import game_module
    return "spanish" if tuple(game_module(game_id).DECK.suits) == SPANISH_SUITS else "french"
