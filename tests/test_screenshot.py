"""The screenshot command renders scenes headless to PNG."""
import pygame
import pytest

from game.commands.screenshot import take_screenshot


@pytest.mark.parametrize("scene, game, lang, players", [
    ("menu", "twenty_nine", "bn", None),
    ("table", "twenty_nine", "hi", None),
    ("table", "tute", "es", 2),
    ("summary", "tute", "bn", 4),
    ("pad_table", "truco_argentino", "es", None),
])
def test_screenshot_writes_a_png(tmp_path, scene, game, lang, players):
    out = tmp_path / f"{scene}.png"
    assert take_screenshot(scene, game, lang, str(out), seed=3, players=players) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 97) for y in range(0, 720, 61)}
    assert len(colours) > 10                 # a real picture, not a blank screen


def test_screenshot_rejects_unknown_scene(tmp_path):
    assert take_screenshot("nowhere", "twenty_nine", "en", str(tmp_path / "x.png")) == 2
