"""Render sample strings from every locale to docs/screenshots/text_sample.png.

A visual check of game/ui/text.py: Bangla conjuncts joined (ক্ষ, র্ত), the i-matra (ি, ि)
drawn before its consonant, reph placed, Latin inside Bangla/Hindi, suit symbols, native
digits, wrapping. Runs headless (SDL dummy driver)::

    python tools/render_text_sample.py [output.png]
"""
from __future__ import annotations

import sys
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.ui.text import TextRenderer  # noqa: E402

WIDTH, MAX_HEIGHT = 1280, 2000
FELT = (14, 74, 46)
INK = (245, 242, 230)
DIM = (170, 200, 180)
GOLD = (240, 200, 90)

NAMES = {"en": "Alice", "es": "Martín", "bn": "রহিম", "hi": "प्रिया", "pt": "João"}


def locale_lines(lang: str) -> list[tuple[str, int, bool]]:
    """(text, size, bold) lines showing one locale."""
    loc = i18n.Locale(lang)
    name = NAMES[lang]
    games = "  ·  ".join(loc.t(f"games.{g}") for g in
                         ("twenty_nine", "tute", "truco_argentino", "truco_mineiro", "buraco"))
    return [
        (f"{loc.name} — {loc.t('app.title')}", 30, True),
        (games, 22, False),
        ("  ".join(loc.t(f"menu.{k}") for k in
                   ("play", "continue", "load", "settings", "rules", "quit")), 22, False),
        (loc.t("handoff.pass_device", name=name) + "  ·  " + loc.t("turn.thinking", name=name)
         + "  ·  " + loc.t("table.team", n=2) + "  ·  " + loc.t("deal.cards", n=3)
         + "  ·  " + loc.t("table.points", n=1234), 22, False),
        (loc.t("suits.spanish.oros") + " ♦ " + loc.t("suits.french.spades") + " ♠ "
         + loc.t("suits.french.hearts") + " ♥ " + loc.t("suits.french.clubs") + " ♣  "
         + loc.t("settings.four_colour") + ": " + loc.t("settings.on"), 22, False),
    ]


def main(out: Path) -> Path:
    """Draw the sample sheet and save it to ``out``."""
    pygame.init()
    renderer = TextRenderer()
    sheet = pygame.Surface((WIDTH, MAX_HEIGHT))
    sheet.fill(FELT)
    x, y = 24, 16

    def draw(text: str, size: int, bold: bool = False, colour=INK) -> None:
        nonlocal y
        surf = renderer.render_wrapped(text, size, WIDTH - 2 * x, colour, bold)
        sheet.blit(surf, (x, y))
        y += surf.get_height() + 4

    draw("Shaping checks", 26, True, GOLD)
    draw("ক্ষমা কর্তৃপক্ষ  ·  কিছু দিন  ·  ট্রুকো (আর্জেন্টিনা)  ·  त्रि  ·  किताब  ·  "
         "स्पेनिश ताश  ·  Truco ট্রুকো 12  ·  Tute ट्यूट 40", 34)
    draw(f"Native digits: {i18n.format_number(1234567, 'bn', native=True)}  "
         f"{i18n.format_number(1234567, 'hi', native=True)}  "
         f"{i18n.format_number(-3, 'bn', native=True)}  "
         f"{i18n.ordinal(4, 'bn', native=True)}  {i18n.ordinal(2, 'hi')}  "
         f"{i18n.format_number(12345, 'es')}  {i18n.format_number(2000, 'es')}", 26)
    for lang in i18n.LANGUAGES:
        y += 10
        for text, size, bold in locale_lines(lang):
            draw(text, size, bold, GOLD if bold else INK)
        draw(i18n.Locale(lang).t("errors.settings_damaged", file="settings.toml.bad-1"), 20,
             colour=DIM)
    y += 6
    para = i18n.Locale("bn").t("game_desc.twenty_nine") + " " + i18n.Locale("hi").t(
        "game_desc.buraco")
    wrapped = renderer.render_wrapped(para, 22, 420, INK, align="left")
    pygame.draw.rect(sheet, GOLD, (x - 4, y - 2, 428, wrapped.get_height() + 4), 1)
    sheet.blit(wrapped, (x, y))
    y += wrapped.get_height() + 16
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet.subsurface((0, 0, WIDTH, min(y, MAX_HEIGHT))), str(out))
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots" / "text_sample.png"
    print(main(target))
