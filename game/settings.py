"""The player's settings, kept as TOML in the per-user preferences folder.

Loading never fails: a missing file gives defaults; a file that cannot be read
as it is (unreadable, empty, too large, too deep, not TOML) is set aside, or
left untouched and never written over if it cannot be moved (see
:mod:`game.storage`), and defaults are used, with a notice for the UI. The
default language is the operating system's when Taash supports it (first start);
values of the wrong type or out of range are replaced by their defaults one by
one. Saving is atomic.
"""
from __future__ import annotations

import logging
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.i18n import best_language
from game.storage import SETTINGS_MAX_BYTES, DamagedFile, atomic_write_toml, give_up_on, read_toml

log = logging.getLogger(__name__)

LANGUAGES = ("en", "es", "bn", "hi", "pt")
#: Set to a language tag to stand in for the operating system's languages (tests, support).
SYSTEM_LANGUAGE_ENV = "TAASH_SYSTEM_LANGUAGE"
_LOCALE_ENV = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
SPEEDS = ("slow", "normal", "fast", "instant")
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
FILE_NAME = "settings.toml"


@dataclass
class Settings:
    language: str = "en"
    animation_speed: str = "normal"
    sound: bool = True
    volume: int = 70                 # percent
    four_colour: bool = False
    native_digits_bn: bool = True    # Bengali digits by default (GLOSSARY: CLDR's bn default)
    native_digits_hi: bool = False   # Latin digits by default for Hindi
    fullscreen: bool = False
    player_name: str = ""
    buraco_sort: str = "suit"        # how Buraco's table sorts the hand: "suit" or "rank"
    #: the last match setup per game (players, options, seats, typed names): checked when used
    last_setup: dict = field(default_factory=dict)

    CHOICES = {"language": LANGUAGES, "animation_speed": SPEEDS, "buraco_sort": ("suit", "rank")}

    @property
    def native_digits(self) -> bool:
        """Native digits for the current language (each language keeps its own choice)."""
        return bool(getattr(self, f"native_digits_{self.language}", False))

    @native_digits.setter
    def native_digits(self, on: bool) -> None:
        if hasattr(self, f"native_digits_{self.language}"):
            setattr(self, f"native_digits_{self.language}", bool(on))

    @property
    def speed_factor(self) -> float:
        """Multiplier for every animation duration (0 = instant)."""
        return SPEED_FACTORS[self.animation_speed]

    @classmethod
    def from_dict(cls, data: dict) -> "Settings":
        settings = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(settings, f.name)
            ok = type(value) is type(default)
            if ok and f.name in cls.CHOICES:
                ok = value in cls.CHOICES[f.name]
            if ok and f.name == "volume":
                ok = 0 <= value <= 100
            if ok and f.name == "player_name":
                ok = len(value) <= 24
            if ok:
                setattr(settings, f.name, value)
            else:
                log.warning("setting %s=%r is not valid; using %r", f.name, value, default)
        return settings

    def to_dict(self) -> dict:
        return asdict(self)


def system_language_tags() -> list[str]:
    """The operating system's preferred languages, best first (``["bn_BD", "en"]``).

    ``TAASH_SYSTEM_LANGUAGE`` overrides everything. Otherwise SDL's list
    (``pygame.system.get_pref_locales``: Windows', macOS' and Android's settings) and the
    POSIX variables LANGUAGE (a colon list), LC_ALL, LC_MESSAGES and LANG. On Windows and
    macOS SDL's answer comes first; elsewhere (Linux, BSD) the variables do, in POSIX order,
    because SDL reads only LANG and LANGUAGE there and would let LANG=en_US win over
    LC_MESSAGES=hi_IN. SDL is asked only if pygame is already loaded. Never raises.
    """
    override = os.environ.get(SYSTEM_LANGUAGE_ENV)
    if override:
        return [override]
    posix = _posix_locale_tags()
    sdl = _sdl_locale_tags()
    return sdl + posix if sys.platform in ("win32", "darwin") else posix + sdl


def _sdl_locale_tags() -> list[str]:
    tags: list[str] = []
    pygame = sys.modules.get("pygame")  # never imported here: the settings load without it
    if pygame is not None:
        try:
            for item in pygame.system.get_pref_locales() or ():
                lang, country = item.get("language"), item.get("country")
                if lang:
                    tags.append(f"{lang}_{country}" if country else lang)
        except Exception:  # no SDL video/locale support: fall back to the environment
            log.debug("SDL could not tell the preferred locales", exc_info=True)
    return tags


def _posix_locale_tags() -> list[str]:
    tags: list[str] = []
    for name in _LOCALE_ENV:
        value = os.environ.get(name, "")
        tags.extend(part for part in value.split(":") if part and part not in ("C", "POSIX")
                    and not part.startswith(("C.", "POSIX.")))
    return tags


def first_start_settings(tags: list[str] | None = None) -> Settings:
    """Default settings, in the system's language if Taash has it (else English)."""
    tags = system_language_tags() if tags is None else tags
    return Settings(language=best_language(tags, default=Settings.language))


def settings_path(folder: str | Path) -> Path:
    return Path(folder) / FILE_NAME


def load_settings(folder: str | Path,
                  system_tags: list[str] | None = None) -> tuple[Settings, DamagedFile | None]:
    """The saved settings (or defaults) and, if the file could not be opened
    as it is, what became of it (:class:`DamagedFile`: set aside, or kept).

    Without a settings file (first start), or with a damaged one, the defaults take the
    system's language (``system_tags``, or :func:`system_language_tags` when None).
    """
    path = settings_path(folder)
    try:
        data = read_toml(path, SETTINGS_MAX_BYTES)
        if data is not None and not data:
            raise give_up_on(path, "the file is empty")
    except DamagedFile as exc:
        return first_start_settings(system_tags), exc
    if data is None:
        return first_start_settings(system_tags), None
    return Settings.from_dict(data), None


def save_settings(folder: str | Path, settings: Settings) -> None:
    atomic_write_toml(settings_path(folder), settings.to_dict())
