"""game.ui.text: script runs, shaping, glyph coverage of every locale string, wrapping."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game import i18n
from game.ui import text as T
from game.ui.text import BENGALI, DEVANAGARI, LATIN, SYMBOLS, TextRenderer

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
SHAPING_SAMPLE = "ক্ষমা কর্তৃপক্ষ"


@pytest.fixture(scope="module")
def renderer() -> TextRenderer:
    pygame.font.init()
    return TextRenderer()


def _locale_strings():
    for lang in i18n.LANGUAGES:
        for key, entry in i18n.load_catalog(ROOT / "locales" / f"{lang}.toml").items():
            for text in (entry.values() if isinstance(entry, dict) else [entry]):
                yield lang, key, text


def _ink_columns(surface: pygame.Surface) -> list[int]:
    """x positions of columns with any visible pixel."""
    w, h = surface.get_size()
    return [x for x in range(w) if any(surface.get_at((x, y)).a > 64 for y in range(h))]


# --------------------------------------------------------------------------- fonts

def test_bundled_fonts_present():
    for name in set(T.FONT_FILES.values()):
        path = FONTS / name
        assert path.is_file(), name
        assert 150_000 < path.stat().st_size < 800_000, name
    assert (FONTS / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE Version 1.1") == 1


def test_every_locale_string_can_be_drawn(renderer):
    bad = []
    for lang, key, text in _locale_strings():
        for bold in (False, True):
            missing = renderer.missing_glyphs(text, bold)
            if missing:
                bad.append((lang, key, bold, [f"U+{ord(c):04X}" for c in missing]))
    assert not bad, bad


def test_locale_runs_use_the_locale_script(renderer):
    # Bangla text goes to the Bengali font, Hindi to Devanagari (not a look-alike fallback)
    for lang, key, text in _locale_strings():
        scripts = {s for s, _ in renderer.runs(text)}
        if lang == "bn" and any(T.script_of(c) == BENGALI for c in text):
            assert DEVANAGARI not in scripts, key
        if lang == "hi" and any(T.script_of(c) == DEVANAGARI for c in text):
            assert BENGALI not in scripts, key


def test_coverage_check_finds_missing_glyphs(renderer):
    assert T.font_can_draw("Truco ট্রুকো 12 ♠ त्रि")
    assert renderer.missing_glyphs("a 日本 😀 b") == ["日", "本", "😀"]
    assert not renderer.covers(BENGALI, "A")
    assert renderer.covers(LATIN, "A")
    assert not renderer.covers(LATIN, "♠")
    assert renderer.covers(SYMBOLS, "♠")


# --------------------------------------------------------------------------- runs

def test_split_runs_by_script():
    assert T.split_runs("Truco ট্রুকো 12") == [(LATIN, "Truco "), (BENGALI, "ট্রুকো 12")]
    assert T.split_runs("12 हुकुम, Tute!") == [(DEVANAGARI, "12 हुकुम, "), (LATIN, "Tute!")]
    assert T.split_runs("ডাক ২০ (WTCC)") == [(BENGALI, "ডাক ২০ ("), (LATIN, "WTCC)")]
    assert T.split_runs("♠ 10") == [(SYMBOLS, "♠"), (LATIN, " 10")]
    assert T.split_runs("বেশি। জোড়ি") == [(BENGALI, "বেশি। জোড়ি")]
    assert T.split_runs("") == []
    assert T.split_runs("123 !") == [(LATIN, "123 !")]
    assert T.split_runs("\ua8f2x") == [(DEVANAGARI, "\ua8f2"), (LATIN, "x")]


def test_runs_move_uncovered_common_characters(renderer):
    # Noto Sans Bengali has no "&": it moves to Noto Sans
    assert renderer.runs("ক & খ") == [(BENGALI, "ক "), (LATIN, "&"), (BENGALI, " খ")]


def test_clusters_keep_conjuncts_whole():
    assert T.clusters("ক্ষমা") == ["ক্ষ", "মা"]
    assert T.clusters("त्रि") == ["त्रि"]
    assert T.clusters("র\u200d্যা") == ["র\u200d্যা"]
    assert T.clusters("ab") == ["a", "b"]


def test_clean_text():
    assert T.clean_text("a\tb\r\nc\x00d\x07\ud800") == "a b\ncd\ufffd"
    assert T.clean_text(None) == "None"
    assert T.clean_text(12) == "12"


# --------------------------------------------------------------------------- shaping

def test_shaped_bangla_is_narrower_than_unshaped(renderer):
    unshaped = pygame.font.Font(str(FONTS / "NotoSansBengali-Regular.ttf"), 48)
    raw_width = unshaped.size(SHAPING_SAMPLE)[0]
    shaped_width = renderer.measure(SHAPING_SAMPLE, 48)[0]
    # TECH-NOTES: 331 px unshaped vs 252 px shaped at 48
    assert shaped_width < raw_width * 0.85, (shaped_width, raw_width)
    assert abs(shaped_width - 252) <= 10
    assert renderer.render(SHAPING_SAMPLE, 48).get_width() == shaped_width


def test_i_matra_is_drawn_before_its_consonant(renderer):
    # Shaped, ি/ि comes first: the consonant drawn alone matches the right end of the
    # pair pixel for pixel, and not its left end (unshaped, it would be the other way).
    for pair, consonant in (("কি", "ক"), ("দি", "দ"), ("कि", "क"), ("मि", "म")):
        both = renderer.render(pair, 64)
        alone = renderer.render(consonant, 64)
        m_both = pygame.mask.from_surface(both, 64)
        m_alone = pygame.mask.from_surface(alone, 64)
        right = m_both.overlap_area(m_alone, (both.get_width() - alone.get_width(), 0))
        left = m_both.overlap_area(m_alone, (0, 0))
        assert right == m_alone.count(), pair
        assert left < 0.8 * m_alone.count(), pair


def test_mixed_script_string_renders(renderer):
    text = "Truco ট্রুকো 12 ♠ ट्रूको"
    surf = renderer.render(text, 32, (250, 250, 250))
    width, height = renderer.measure(text, 32)
    assert surf.get_size() == (width, height)
    runs = renderer.runs(text)
    assert {s for s, _ in runs} == {LATIN, BENGALI, SYMBOLS, DEVANAGARI}
    # every run leaves ink in its own stretch of the line
    cols = set(_ink_columns(surf))
    x = 0
    for script, run in runs:
        w = renderer.width(run, 32)
        if run.strip():
            assert cols & set(range(x, x + w)), (script, run)
        x += w
    assert x == width


def test_one_baseline_and_one_line_height(renderer):
    heights = {renderer.render(s, 24).get_height() for s in ("Play", "খেলুন", "खेलें", "♠")}
    assert heights == {renderer.line_height(24)}
    assert renderer.measure("a\nb", 24)[1] == 2 * renderer.line_height(24)


def test_colour_is_applied(renderer):
    surf = renderer.render("Hl", 40, (200, 30, 60))
    opaque = [surf.get_at((x, y)) for x in range(surf.get_width())
              for y in range(surf.get_height()) if surf.get_at((x, y)).a == 255]
    assert opaque and all(tuple(c)[:3] == (200, 30, 60) for c in opaque)
    assert renderer.render("x", 20, "not a colour").get_width() > 0  # falls back, no crash


def test_rendered_surfaces_are_cached(renderer):
    a = renderer.render("Tu turno", 20, (1, 2, 3))
    assert renderer.render("Tu turno", 20, (1, 2, 3)) is a
    assert renderer.render("Tu turno", 20, (1, 2, 4)) is not a
    assert renderer.render("Tu turno", 20, (1, 2, 3), bold=True) is not a
    assert renderer.render("Tu turno", 20, (1, 2, 3)) is not renderer.render_wrapped(
        "Tu turno", 20, 1000, (1, 2, 3))


def test_lru_cache_evicts():
    small = TextRenderer(cache_size=2)
    first = small.render("one", 12)
    small.render("two", 12)
    small.render("three", 12)
    assert small.render("one", 12) is not first


def test_bold_is_wider(renderer):
    assert renderer.measure("Buraco বুরাকো", 30, bold=True)[0] > renderer.measure(
        "Buraco বুরাকো", 30)[0]


# --------------------------------------------------------------------------- wrapping

@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
@pytest.mark.parametrize("max_width", [120, 260, 400])
def test_wrapping_respects_width(renderer, lang, max_width):
    loc = i18n.Locale(lang)
    for key in ("game_desc.twenty_nine", "game_desc.truco_mineiro", "errors.save_damaged"):
        text = loc.t(key, file="settings.toml.bad-1")
        lines = renderer.wrap(text, 20, max_width)
        assert len(lines) > 1
        for line in lines:
            assert renderer.width(line, 20) <= max_width, (line, max_width)
            assert line == line.strip()
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost
        fitting = [w for w in text.split() if renderer.width(w, 20) <= max_width]
        kept = " ".join(lines).split()
        assert all(w in kept for w in fitting)  # words that fit are never cut
        surf = renderer.render_wrapped(text, 20, max_width, align="center")
        assert surf.get_width() <= max_width
        assert surf.get_height() == len(lines) * renderer.line_height(20)


def test_long_word_breaks_between_clusters(renderer):
    word = "ক্ষমাকর্তৃপক্ষক্ষমাকর্তৃপক্ষ"
    lines = renderer.wrap(word, 24, 60)
    assert len(lines) > 1 and "".join(lines) == word
    for line in lines:
        assert renderer.width(line, 24) <= 60 or len(T.clusters(line)) == 1
        assert not unicodedata.category(line[0]).startswith("M")
        assert line[-1] not in ("\u09cd", "\u094d")


def test_wrap_keeps_explicit_newlines(renderer):
    assert renderer.wrap("a b\n\nc", 20, 1000) == ["a b", "", "c"]
    assert renderer.wrap("", 20, 100) == [""]


# --------------------------------------------------------------------------- robustness

@settings(max_examples=80, deadline=None)
@given(st.text(max_size=40))
def test_any_string_renders_without_crashing(text):
    r = T.default_renderer()
    surf = r.render(text, 18)
    assert surf.get_height() >= r.line_height(18)
    r.render_wrapped(text, 18, 50)
    r.measure(text, 18)
    r.missing_glyphs(text)


@pytest.mark.parametrize("text", [
    "", " ", "\n", "\x00", "\ud800\udfff", "\u0301\u09cd", "\u200d" * 5, "ি", "्",
    "a" * 3000, "ক্" * 500, "\U0001F0A1🂡", "\u202e RTL override", None, 12, 3.5,
])
def test_odd_strings_render(renderer, text):
    surf = renderer.render(text, 16)
    assert surf.get_width() <= 16384
    renderer.render_wrapped(text, 16, 80)
    renderer.measure(text, 16)


def test_odd_sizes(renderer):
    assert renderer.render("x", 0).get_height() > 0
    assert renderer.render("x", -5).get_height() > 0
    assert renderer.render("x", 10_000).get_height() > 0


def test_missing_font_folder_falls_back(tmp_path, caplog):
    r = TextRenderer(font_dir=tmp_path)
    surf = r.render("Play খেলুন", 20)
    assert surf.get_height() > 0
