"""The pause overlay, drawn over the table (which stays visible, dimmed).

Resume (also Esc, or P / a controller's Start, which opened it), Save and quit to the main
menu (the table's ``save_match()`` first, if it has one), Rules (the table's game),
Settings, and Concede, which asks to confirm before calling the table's ``concede()``.
"""
from __future__ import annotations

import logging

import pygame

from game.scenes.base import OverlayScene
from game.ui import gfx, theme
from game.ui.fit import blit_fit, draw_warning
from game.ui.fit_widgets import FitButton
from game.ui.widgets import WidgetGroup, draw_panel

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT
BUTTON_W, BUTTON_H, GAP = 380, 52, 12
DANGER_GAP = 18


class PauseScene(OverlayScene):
    """An overlay over ``table``: Resume, Save and quit, Rules, Settings, Concede."""

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.confirming = False
        self.menu = WidgetGroup()
        self.confirm = WidgetGroup()
        t = app.t
        entries = [
            (lambda: t("buttons.resume"), self.resume, "primary"),
            (lambda: t("pause.save_and_quit"), self.save_and_quit, "normal"),
            (lambda: t("menu.rules"), self.open_rules, "normal"),
            (lambda: t("menu.settings"), self.open_settings, "normal"),
            (lambda: t("buttons.concede"), self.ask_concede, "danger"),
        ]
        self.panel = pygame.Rect(0, 0, BUTTON_W + 80, 110 + len(entries) * (BUTTON_H + GAP) + 20 + DANGER_GAP)
        self.panel.center = (W // 2, H // 2)
        y = self.panel.y + 96
        self.buttons = []
        for label, action, style in entries:
            if style == "danger":
                y += DANGER_GAP              # keep Concede a little apart from the rest
            rect = ((W - BUTTON_W) // 2, y, BUTTON_W, BUTTON_H)
            self.buttons.append(self.menu.add(FitButton(rect, label, action, style=style)))
            y += BUTTON_H + GAP
        self.confirm_panel = pygame.Rect(0, 0, 620, 290)
        self.confirm_panel.center = (W // 2, H // 2)
        by = self.confirm_panel.bottom - 28 - BUTTON_H
        self.cancel_button = self.confirm.add(FitButton(
            (self.confirm_panel.x + 40, by, 250, BUTTON_H), lambda: t("buttons.cancel"), self.cancel_concede))
        self.concede_button = self.confirm.add(FitButton(
            (self.confirm_panel.right - 290, by, 250, BUTTON_H), lambda: t("buttons.concede"), self.concede,
            style="danger"))
        self.menu.move_focus(1)
        self.confirm.set_focus(self.cancel_button)

    @property
    def ui(self) -> WidgetGroup:
        return self.confirm if self.confirming else self.menu

    # ----- actions
    def resume(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def back(self) -> None:
        if self.confirming:
            self.cancel_concede()
        else:
            self.resume()

    def save_and_quit(self) -> None:
        save = getattr(self.table, "save_match", None)
        if callable(save):
            try:
                save()
            except Exception as exc:        # keep the player here: the match is not saved
                log.exception("save_match failed")
                self.app.toast(self.app.t("errors.save_failed", reason=str(exc) or type(exc).__name__),
                               kind="error")
                return
        self.app.stack.clear_to(self.app.menu_scene())

    def open_rules(self) -> None:
        from game.scenes.rules_help import RulesHelpScene
        self.app.stack.push(RulesHelpScene(self.app, self.game_id()))

    def open_settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene
        self.app.stack.push(SettingsScene(self.app))

    def game_id(self) -> str | None:
        session = getattr(self.table, "session", None)
        match = getattr(session, "match", None) or getattr(self.table, "match", None)
        return getattr(match, "game_id", None)

    def ask_concede(self) -> None:
        self.confirming = True
        self.confirm.set_focus(self.cancel_button)

    def cancel_concede(self) -> None:
        self.confirming = False

    def concede(self) -> None:
        self.confirming = False
        self.resume()
        concede = getattr(self.table, "concede", None)
        if callable(concede):
            concede()

    # ----- scene
    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p and not self.confirming:
            self.resume()                   # P (a controller's Start) closes what it opened
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        if self.ui.focused is None:
            self.ui.move_focus(1)

    def draw(self, surface) -> None:
        self.draw_dim(surface)
        t = self.app.t
        if self.confirming:
            draw_warning(surface, self.confirm_panel, t("pause.concede_title"), t("pause.concede_text"))
            self.confirm.draw(surface)
            return
        panel = self.panel
        draw_panel(surface, panel, (16, 26, 30, 240), 20)
        gfx.draw.rect(surface, (60, 84, 80), panel, 2, border_radius=20)
        blit_fit(surface, t("menu.paused"), theme.FONT_BIG + 8, theme.ACCENT, (panel.centerx, panel.y + 24),
                 "midtop", panel.w - 60, bold=True)
        self.menu.draw(surface)
