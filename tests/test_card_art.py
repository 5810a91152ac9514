"""Procedural card art: every card renders, at the right size, cached and distinct."""
import importlib.util
from pathlib import Path

import pygame
import pytest

from game.ui.card_art import (FACE, FRENCH_DECK, JOKER, PINTA_BREAKS, RATIO, SPANISH_DECK,
                              CardArt, card_size, infer_deck)

HEIGHTS = (60, 90, 160, 240, 420)


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    pygame.font.init()
    yield


def _ratio_ok(surf, deck):
    w, h = surf.get_size()
    # rounding to whole pixels: within half a pixel of the exact width
    return abs(w - h * RATIO[deck]) <= 0.5 + 1e-9


@pytest.mark.parametrize("height", HEIGHTS)
def test_every_spanish_card_renders(height):
    art = CardArt(height, deck="spanish")
    for card in SPANISH_DECK:
        surf = art.face(card)
        assert surf.get_size() == card_size("spanish", height) == art.size
        assert _ratio_ok(surf, "spanish")
        assert surf.get_flags() & pygame.SRCALPHA


@pytest.mark.parametrize("height", HEIGHTS)
def test_every_french_card_and_the_joker_render(height):
    art = CardArt(height, deck="french")
    for card in FRENCH_DECK + (JOKER,):
        surf = art.face(card)
        assert surf.get_size() == card_size("french", height) == art.size
        assert _ratio_ok(surf, "french")


def test_aspect_ratios_are_real_card_proportions():
    assert card_size("spanish", 950) == (610, 950)
    assert card_size("french", 880) == (630, 880)
    assert abs(RATIO["spanish"] - 0.64) < 0.01 and abs(RATIO["french"] - 0.72) < 0.01
    with pytest.raises(ValueError):
        card_size("tarot", 100)


def test_deck_is_inferred_from_the_card_string():
    art = CardArt(190)
    assert infer_deck("12B") == infer_deck("1E") == infer_deck("7O") == "spanish"
    assert infer_deck("11C") == infer_deck("1C") == "spanish"
    assert infer_deck("QD") == infer_deck("10H") == infer_deck("AC") == "french"
    assert infer_deck("5C") is None and infer_deck(JOKER) is None
    assert art.face("12C").get_size() == card_size("spanish", 190)
    assert art.face("5C").get_size() == card_size("french", 190)       # clubs by default
    assert CardArt(190, deck="spanish").face("5C").get_size() == card_size("spanish", 190)
    assert art.face("5C", deck="spanish").get_size() == card_size("spanish", 190)
    assert art.size_for("7O") == card_size("spanish", 190)


@pytest.mark.parametrize("bad", ["", "X", "1", "13S", "8O", "11S", "1S", "AO", "JKR", "qd", 5])
def test_unknown_cards_are_refused(bad):
    with pytest.raises(ValueError):
        CardArt(100).face(bad)


def test_a_card_of_the_other_deck_is_refused():
    with pytest.raises(ValueError):
        CardArt(100, deck="french").face("12B")
    with pytest.raises(ValueError):
        CardArt(100, deck="spanish").face("QD")
    with pytest.raises(ValueError):
        CardArt(100, deck="piquet")


def test_surfaces_are_cached():
    art = CardArt(150)
    for card in ("1E", "12B", "QD", "10H", JOKER, "5C"):
        assert art.face(card) is art.face(card)
    assert art.back() is art.back()
    assert art.back("spanish") is art.back("spanish")
    assert art.back("spanish").get_size() == card_size("spanish", 150)
    assert art.back("spanish") is not art.back("french")


def test_four_colour_changes_diamonds_and_clubs_only():
    two, four = CardArt(160), CardArt(160, four_colour=True)
    for card in ("AD", "7D", "KD", "AC", "4C", "JC"):
        assert two.face(card).get_view("2").raw != four.face(card).get_view("2").raw, card
    for card in ("AS", "10H", "QS", "KH"):
        assert two.face(card).get_view("2").raw == four.face(card).get_view("2").raw, card


def _ink_colour(surf, x, y):
    r, g, b, a = surf.get_at((x, y))
    return a, abs(r - FACE[0]) + abs(g - FACE[1]) + abs(b - FACE[2])


def test_distinct_cards_give_distinct_images():
    art = CardArt(120)
    seen = {}
    for deck, cards in (("spanish", SPANISH_DECK), ("french", FRENCH_DECK + (JOKER,))):
        for card in cards:
            raw = bytes(art.face(card, deck).get_view("2").raw)
            assert raw not in seen, f"{card} looks like {seen.get(raw)}"
            seen[raw] = card
        back = bytes(art.back(deck).get_view("2").raw)
        assert back not in seen
        seen[back] = "back"


def test_rounded_transparent_corners_and_opaque_face():
    art = CardArt(200)
    for surf in (art.face("AS"), art.face("1O"), art.back(), art.face(JOKER)):
        w, h = surf.get_size()
        for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surf.get_at((x, y)).a == 0
        assert surf.get_at((w // 2, h // 2)).a == 255
        assert surf.get_at((w // 2, 0)).a > 200      # the thin border is there


def test_pinta_breaks_tell_the_spanish_suits_apart():
    """The frame's top line has no break for oros, one for copas, two espadas, three bastos."""
    art = CardArt(400, deck="spanish")
    for suit, breaks in PINTA_BREAKS.items():
        surf = art.face("4" + suit)
        w, _ = surf.get_size()
        y = round(0.045 * w)
        inked = [_ink_colour(surf, x, y)[1] > 120 for x in range(round(0.1 * w), round(0.9 * w))]
        gaps = sum(1 for a, b in zip(inked, inked[1:]) if a and not b)
        assert gaps == len(breaks) == {"O": 0, "C": 1, "E": 2, "B": 3}[suit], suit


def test_card_art_works_with_a_display_too():
    had_display = pygame.display.get_init() and pygame.display.get_surface() is not None
    if not had_display:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
    try:
        surf = CardArt(100).face("7O")
        assert surf.get_size() == card_size("spanish", 100)
        assert surf.get_at((0, 0)).a == 0 and surf.get_at((30, 50)).a == 255
    finally:
        if not had_display:
            pygame.display.quit()


def test_card_sheet_script_writes_both_sheets(tmp_path):
    path = Path(__file__).resolve().parent.parent / "tools" / "render_card_sheet.py"
    spec = importlib.util.spec_from_file_location("render_card_sheet", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--height", "60", "--out", str(tmp_path)]) == 0
    for name in ("cards_spanish.png", "cards_french.png"):
        img = pygame.image.load(str(tmp_path / name))
        assert img.get_width() > 10 * 38 and img.get_height() > 5 * 60
