"""The match cannot be saved (a read-only home, a full disk): say it once and let the player choose.

An overlay over the table, pushed by the table the first time its autosave fails: Play on
without saving (the match goes on; nothing is written until the player asks again), Try again
(the autosave is written now, or this overlay comes back), or Main menu.
"""
from __future__ import annotations

import pygame

from game.scenes.base import OverlayScene
from game.scenes.menu import FitButton, MainMenuScene
from game.ui import theme
from game.ui.fit import draw_warning
from game.ui.widgets import WidgetGroup

W, H = theme.WIDTH, theme.HEIGHT
BUTTON_H = 52


class SaveProblemScene(OverlayScene):
    def __init__(self, app, table, reason: str) -> None:
        super().__init__(app)
        self.table = table
        self.reason = reason
        t = app.t
        self.panel = pygame.Rect(0, 0, 1000, 330)
        self.panel.center = (W // 2, H // 2)
        self.ui = WidgetGroup()
        y = self.panel.bottom - 28 - BUTTON_H
        x = self.panel.x + 30
        self.retry_button = self.ui.add(FitButton((x, y, 280, BUTTON_H),
                                                  lambda: t("save_problem.retry"), self.retry))
        self.play_on_button = self.ui.add(FitButton((x + 300, y, 340, BUTTON_H),
                                                    lambda: t("save_problem.play_on"), self.play_on,
                                                    style="primary"))
        self.menu_button = self.ui.add(FitButton((x + 660, y, 280, BUTTON_H),
                                                 lambda: t("save_problem.menu"), self.to_menu))
        self.ui.set_focus(self.play_on_button)

    def play_on(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def retry(self) -> None:
        self.play_on()
        self.table.retry_autosave()

    def to_menu(self) -> None:
        self.app.stack.clear_to(MainMenuScene(self.app))

    def back(self) -> None:
        self.play_on()

    def update(self, dt: float) -> None:
        if self.ui.focused is None:
            self.ui.set_focus(self.play_on_button)

    def draw(self, surface) -> None:
        self.draw_dim(surface)
        t = self.app.t
        draw_warning(surface, self.panel, t("save_problem.title"),
                     t("save_problem.text", file=str(self.app.pref_dir), reason=self.reason))
        self.ui.draw(surface)
