"""Issue 8, item 5: the first start opens in the player's language, and keeps it.

The app is started with no settings in its home and the operating system's language given
the ways it reaches Taash: SDL's preferred locales (Windows', macOS' settings) and the POSIX
variables (Linux). The language chosen is the one in use, and it is written to the settings
at once, so the next start keeps it even when the system's language has changed since.
"""
from __future__ import annotations

import sys

import pygame
import pytest

from game import i18n
from game.app import App
from game.settings import SYSTEM_LANGUAGE_ENV, load_settings, settings_path

LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
SYSTEM_LOCALES = {"bn": ("bn", "BD"), "hi": ("hi", "IN"), "es": ("es", "MX"), "en": ("en", "GB")}


@pytest.fixture
def no_system_language(monkeypatch):
    """No test override, no locale variables: the test says what the system speaks."""
    monkeypatch.delenv(SYSTEM_LANGUAGE_ENV, raising=False)
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    yield monkeypatch
    i18n.set_language("en")


def start(home) -> App:
    app = App(pref_dir=home, headless=True)
    assert i18n.language() == app.settings.language
    return app


@pytest.mark.parametrize("lang", sorted(SYSTEM_LOCALES))
def test_first_start_speaks_the_language_of_lang(no_system_language, tmp_path, lang):
    language, country = SYSTEM_LOCALES[lang]
    no_system_language.setenv("LANG", f"{language}_{country}.UTF-8")
    home = tmp_path / "home"
    assert not settings_path(home).exists()
    assert start(home).settings.language == lang
    # saved at once: the next start keeps it, whatever the system says by then
    assert load_settings(home, system_tags=["de_DE"])[0].language == lang
    no_system_language.setenv("LANG", "pt_BR.UTF-8")
    assert start(home).settings.language == lang


@pytest.mark.parametrize("lang", sorted(SYSTEM_LOCALES))
def test_first_start_speaks_the_preferred_locale_of_the_system(no_system_language, tmp_path, lang):
    """Windows and macOS: no locale variables, the language comes from SDL."""
    language, country = SYSTEM_LOCALES[lang]
    no_system_language.setattr(pygame.system, "get_pref_locales",
                               lambda: [{"language": language, "country": country},
                                        {"language": "en", "country": "US"}])
    no_system_language.setattr(sys, "platform", "win32")
    assert start(tmp_path).settings.language == lang
    assert load_settings(tmp_path, system_tags=[])[0].language == lang


def test_lc_messages_wins_over_lang_on_linux(no_system_language, tmp_path):
    """POSIX order: LC_MESSAGES says which language messages are in, LANG is the fallback
    (SDL reads only LANG there, so it must not be asked first)."""
    no_system_language.setattr(sys, "platform", "linux")
    no_system_language.setenv("LANG", "en_US.UTF-8")
    no_system_language.setenv("LC_MESSAGES", "hi_IN.UTF-8")
    assert start(tmp_path).settings.language == "hi"


def test_an_unsupported_system_language_starts_in_english(no_system_language, tmp_path):
    no_system_language.setenv("LANG", "de_DE.UTF-8")
    no_system_language.setattr(pygame.system, "get_pref_locales", lambda: [])
    assert start(tmp_path).settings.language == "en"
    assert load_settings(tmp_path, system_tags=["bn_BD"])[0].language == "en"
