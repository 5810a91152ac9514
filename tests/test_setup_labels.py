"""Issue 9, bug 8: in match setup a click on an option's label flipped its value. A label
shows its help; only the value box (its arrows) changes the value. The settings rows, built
from the same widget, behave the same."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import MatchSetupScene


@pytest.fixture
def app(tmp_path):
    application = App(pref_dir=tmp_path, headless=True)
    yield application
    i18n.set_language("en")


def click(app, pos) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


@pytest.mark.parametrize("game", ["twenty_nine", "buraco"])
def test_clicking_an_option_label_shows_its_help_and_keeps_the_value(app, game):
    setup = MatchSetupScene(app, game)
    app.stack.push(setup)
    app.step(1 / 60, [])
    for oid, row in setup.option_rows.items():
        before = setup.values[oid]
        click(app, (row.rect.x + 40, row.rect.centery))           # on the label
        assert setup.values[oid] == before and row.value == before, oid
        assert setup.ui.focused is row
        assert setup.help_subject() == f"options.{game}.{oid}_help"
    oid, row = next(iter(setup.option_rows.items()))
    before = setup.values[oid]
    box_right = row.rect.x + row.rect.w - 20                        # the value box's right arrow
    click(app, (box_right, row.rect.centery))
    assert setup.values[oid] != before
    click(app, (row.rect.x + row.label_width + 15, row.rect.centery))   # its left arrow: back
    assert setup.values[oid] == before


def test_clicking_a_settings_label_does_not_change_the_setting(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    app.step(1 / 60, [])
    row = settings.four_colour
    before = app.settings.four_colour
    click(app, (row.rect.x + 40, row.rect.centery))
    assert app.settings.four_colour == before and settings.ui.focused is row
    assert settings.help_subject() is row                           # its help shows
    assert row.tooltip() == i18n.t("settings_help.four_colour")
    for widget in settings.ui.widgets:                              # every row has its help
        if widget is not settings.back_button:
            assert widget.tooltip() and not widget.tooltip().startswith("settings_help."), widget
    click(app, (row.rect.right - 20, row.rect.centery))
    assert app.settings.four_colour != before
