"""Issue 9, bug 2: any window size shows the whole picture, letterboxed, drawn at the window's
real resolution, with clicks mapped to the logical 1280x720 layout (headless, posted events)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.menu import LoadScene, MainMenuScene
from game.scenes.tables.trick_table import TableScene
from game.session import Session, bot_for
from game.ui import gfx, theme

from table_driving import DT, run_until, seats

SIZES = [(1024, 600), (1366, 768), (1920, 1080), (3840, 2160)]


@pytest.fixture
def make_app(tmp_path):
    made = []

    def make(size):
        app = App(pref_dir=tmp_path, headless=True, size=size)
        app.settings.animation_speed = "instant"
        app.settings.sound = False
        made.append(app)
        return app
    yield make
    i18n.set_language("en")
    gfx.set_scale(1.0)


def physical(app, pos):
    """Where a logical point is in the window."""
    k, (ox, oy) = app.view.scale, app.view.offset
    return (ox + round(pos[0] * k), oy + round(pos[1] * k))


def click(app, pos):
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


@pytest.mark.parametrize("size", SIZES)
def test_the_whole_picture_fits_letterboxed_and_clicks_land(make_app, size):
    app = make_app(size)
    assert app.window.get_size() == size
    k = app.view.scale
    assert k == pytest.approx(min(size[0] / theme.WIDTH, size[1] / theme.HEIGHT))
    (ox, oy), (pw, ph) = app.view.offset, app.view.picture
    assert ox >= 0 and oy >= 0 and ox + pw <= size[0] and oy + ph <= size[1]
    assert min(ox, oy) <= 1                      # letterboxed on one axis only
    menu = MainMenuScene(app)
    app.stack.push(menu)
    app.step(DT, [])
    # text and cards are drawn at the real pixel size, not blown up from 720p
    label = app.text.render("Taash", theme.FONT)
    phys_h = label.physical_size()[1] if isinstance(label, gfx.HiSurface) else label.get_height()
    assert phys_h == pytest.approx(label.get_height() * k, abs=2)
    face = app.cards(158).face("AS")
    phys = face.physical_size() if isinstance(face, gfx.HiSurface) else face.get_size()
    assert phys[1] == pytest.approx(158 * k, abs=1)
    app.present()
    # a click on the Load button, in window pixels, opens Load
    click(app, physical(app, menu.buttons["load"].rect.center))
    assert isinstance(app.stack.top, LoadScene)
    # the letterbox bars are black and take no clicks
    app.stack.pop()
    app.step(DT, [])
    app.present()
    if app.view.bars():
        bar = app.view.bars()[0]
        assert app.window.get_at(bar.center)[:3] == (0, 0, 0)


def test_resizing_the_window_rescales_and_remaps(make_app):
    app = make_app((1280, 720))
    menu = MainMenuScene(app)
    app.stack.push(menu)
    app.step(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700)])
    assert app.window.get_size() == (1100, 700) and app.view.scale == pytest.approx(1100 / 1280)
    assert gfx.scale() == app.view.scale
    click(app, physical(app, menu.buttons["load"].rect.center))
    assert isinstance(app.stack.top, LoadScene)
    app.stack.pop()
    app.step(DT, [pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720)])
    assert app.view.direct and app.screen is app.window


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (3840, 2160)])
def test_a_card_click_at_any_size_plays_that_card(make_app, size):
    app = make_app(size)
    session = Session.new("twenty_nine", 4, {}, seats({0}, 4), seed=3, dealer=3)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    helper = bot_for("twenty_nine", "normal", 1)
    assert run_until(app, table, lambda: table.my_turn() and any(
        a.startswith("play ") for a in table.match.legal_actions()), helper)
    card = sorted(table._playable)[-1]
    click(app, physical(app, table.card_point(card)))
    played = [a for r in table.match.records for a in r.actions]
    assert f"play {card}" in played[-4:]
