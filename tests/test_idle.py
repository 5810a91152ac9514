"""Issue 9, bug 12: a still screen is not redrawn 60 times a second (the real main loop)."""
from __future__ import annotations

import time

import pygame

from game import i18n
from game.app import App
from game.scenes.tables.trick_table import TableScene
from game.session import SeatConfig, Session


def run_for(app, seconds: float) -> int:
    """Frames drawn by ``App.loop_once`` in ``seconds``."""
    start, frames = time.monotonic(), app.frames
    while time.monotonic() - start < seconds:
        app.loop_once()
    return app.frames - frames


def test_a_still_menu_is_drawn_only_on_input(tmp_path):
    app = App(pref_dir=tmp_path, headless=True)
    try:
        app.stack.push(app.menu_scene())
        run_for(app, 0.6)                              # the first frames, the busy moment after
        assert app.frame_rate() == 0
        assert run_for(app, 0.6) == 0                  # asleep: nothing drawn
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(1, 1), buttons=(0, 0, 0)))
        assert run_for(app, 0.1) >= 1                  # input is answered at once
    finally:
        i18n.set_language("en")


def test_a_table_waiting_for_a_human_draws_at_a_low_rate(tmp_path):
    app = App(pref_dir=tmp_path, headless=True)
    app.settings.sound = False
    app.settings.animation_speed = "instant"
    seats = [SeatConfig("You", True)] + [SeatConfig(f"Bot {i}", False) for i in (1, 2, 3)]
    table = TableScene(app, Session.new("twenty_nine", 4, {}, seats, seed=3, dealer=2))
    app.stack.push(table)
    try:
        deadline = time.monotonic() + 60
        while not (table.my_turn() and table.frame_rate() < 60) and time.monotonic() < deadline:
            app.loop_once()
        assert table.my_turn() and table.frame_rate() == table.IDLE_RATE
        run_for(app, 0.5)
        assert run_for(app, 1.0) <= table.IDLE_RATE + 2
    finally:
        i18n.set_language("en")
