"""Settings: language, animation speed, sound and volume, four-colour suits, native digits,
fullscreen and the player's name; the Controllers button opens what a game controller does.

Every change is applied at once and saved (``app.save_settings()``); labels are read from
the locale each frame, so a language change re-labels the screen immediately. On the right
a preview shows the four aces (four-colour setting) and a number in the chosen digits.
"""
from __future__ import annotations

import pygame

from game import i18n
from game.scenes.base import MenuScene
from game.settings import LANGUAGES, SPEEDS
from game.ui import gfx, theme
from game.ui.fit import blit_fit, draw_title
from game.ui.fit_widgets import FitButton, FitChoice, FitTextField
from game.ui.widgets import draw_panel

W, H = theme.WIDTH, theme.HEIGHT
PANEL = pygame.Rect(96, 112, 700, 516)
PREVIEW = pygame.Rect(824, 112, 360, 516)
ROW_H, ROW_GAP = 46, 10
VOLUMES = list(range(0, 101, 10))


class SettingsScene(MenuScene):
    """All settings on one screen; Esc or Back returns to where it was opened from."""

    def build(self) -> None:
        t = self.app.t
        s = self.app.settings
        x, w, label_w = PANEL.x + 20, PANEL.w - 40, 360
        y = PANEL.y + 24

        def row(label_key, values, value, fmt, on_change, enabled=True):
            nonlocal y
            widget = self.ui.add(FitChoice((x, y, w, ROW_H), lambda: t(label_key), values, value, fmt=fmt,
                                           on_change=on_change, enabled=enabled, label_width=label_w,
                                           tooltip=lambda: self.help_text(label_key)))
            y += ROW_H + ROW_GAP
            return widget

        on_off = self.on_off
        self.language = row("settings.language", list(LANGUAGES), s.language, i18n.language_name,
                            self.set_language)
        self.speed = row("settings.animation_speed", list(SPEEDS), s.animation_speed,
                         lambda v: t(f"settings.speed.{v}"), lambda v: self.set("animation_speed", v))
        self.sound = row("settings.sound", [False, True], s.sound, on_off, self.set_sound)
        volume = min(VOLUMES, key=lambda v: abs(v - s.volume))
        self.volume = row("settings.volume", VOLUMES, volume, lambda v: t("settings_extra.percent", n=v),
                          self.set_volume, enabled=lambda: self.app.settings.sound)
        self.four_colour = row("settings.four_colour", [False, True], s.four_colour, on_off,
                               lambda v: self.set("four_colour", v))
        self.native = row("settings.native_digits", [False, True], s.native_digits, on_off,
                          lambda v: self.set("native_digits", v),
                          enabled=lambda: i18n.has_native_digits(self.app.settings.language))
        self.fullscreen = row("settings.fullscreen", [False, True], s.fullscreen, on_off, self.set_fullscreen)
        self.name = self.ui.add(FitTextField((x, y, w, ROW_H), lambda: t("settings_extra.player_name"),
                                             s.player_name, max_len=16, on_change=self.set_name,
                                             label_width=label_w))
        self.name.tooltip = lambda: self.help_text("settings_extra.player_name")
        self.back_button = self.ui.add(FitButton((PANEL.x, H - 70, 220, 52), lambda: t("buttons.back"),
                                                 self.app.stack.pop))
        self.pads_button = self.ui.add(FitButton((PANEL.x + 240, H - 70, 260, 52), lambda: t("pads.button"),
                                                 self.open_controllers,
                                                 tooltip=lambda: t("settings_help.controllers")))

    def open_controllers(self) -> None:
        """What a controller's buttons do, the controllers connected, couch play."""
        from game.scenes.controllers import ControllersScene
        self.app.stack.push(ControllersScene(self.app))

    def help_text(self, label_key: str) -> str:
        """A row's one-line explanation (its label's key's last part under ``settings_help``)."""
        return self.app.t(f"settings_help.{label_key.rsplit('.', 1)[-1]}", shortcut="F11")

    def help_subject(self):
        """The row whose explanation the help line shows: the hovered one, else the focused one."""
        for widget in (self.ui.hovered, self.ui.focused):
            if widget is not None and widget.tooltip and widget is not self.back_button:
                return widget
        return None

    def on_off(self, value: bool) -> str:
        return self.app.t("settings.on" if value else "settings.off")

    # ----- changes: each one applied and saved at once
    def set(self, field: str, value) -> None:
        setattr(self.app.settings, field, value)
        self.app.save_settings()

    def set_language(self, code: str) -> None:
        self.set("language", code)
        self.sync_native_digits()

    def sync_native_digits(self) -> None:
        """Native digits are kept per language: show the new language's own value."""
        want = self.app.settings.native_digits
        if self.native.value != want:
            self.native.index = self.native.values.index(want)

    def set_sound(self, on: bool) -> None:
        self.set("sound", on)
        if on:
            self.app.sound.play("place")

    def set_volume(self, volume: int) -> None:
        self.set("volume", volume)
        self.app.sound.play("place")

    def set_fullscreen(self, on: bool) -> None:
        if on != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()        # saves the settings too

    def set_name(self, text: str) -> None:
        self.set("player_name", text.strip()[:24])

    def enter(self) -> None:
        super().enter()
        self.start_text_input()

    def update(self, dt: float) -> None:
        super().update(dt)
        # F11 works everywhere: keep the fullscreen row in step with it
        want = self.app.settings.fullscreen
        if self.fullscreen.value != want:
            self.fullscreen.index = self.fullscreen.values.index(want)
        self.sync_native_digits()

    # ----- drawing
    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        draw_title(surface, self.app.t("settings.title"))
        draw_panel(surface, PANEL, theme.PANEL, 18)
        draw_panel(surface, PREVIEW, theme.PANEL, 18)
        self.draw_preview(surface)
        subject = self.help_subject()
        if subject is not None:                  # the row's help, under the rows (keyboard too)
            left = self.back_button.rect.right + 24
            blit_fit(surface, subject.tooltip(), theme.FONT_SMALL, theme.TEXT_DIM,
                     ((left + W - 60) // 2, self.back_button.rect.centery), "center", W - 60 - left)
        hovered = self.ui.hovered                # its tooltip would only repeat the help line
        self.ui.hovered = None
        self.ui.draw(surface)
        self.ui.hovered = hovered
        if hovered is not None:
            hovered.draw(surface, hovered is self.ui.focused, hovered.enabled)

    def draw_preview(self, surface) -> None:
        t = self.app.t
        x, y = PREVIEW.x + 24, PREVIEW.y + 20
        blit_fit(surface, t("settings_extra.preview"), theme.FONT, theme.ACCENT, (x, y), "topleft",
                 PREVIEW.w - 48, bold=True)
        card_h = 104
        art = self.app.cards(card_h)
        cw = art.size[0]
        gap = (PREVIEW.w - 48 - 4 * cw) // 3
        y += 76
        for i, card in enumerate(("AS", "AH", "AD", "AC")):
            surface.blit(art.face(card), (x + i * (cw + gap), y))
        y += card_h + 50
        gfx.draw.line(surface, (60, 84, 76), (x + 40, y - 24), (PREVIEW.right - 64, y - 24), 1)
        blit_fit(surface, i18n.language_name(self.app.settings.language), theme.FONT_BIG, theme.TEXT,
                 (PREVIEW.centerx, y), "midtop", PREVIEW.w - 48, bold=True)
        y += 62
        blit_fit(surface, t("table.points", n=29), theme.FONT_BIG, theme.TEXT, (PREVIEW.centerx, y),
                 "midtop", PREVIEW.w - 48)
        y += 56
        blit_fit(surface, t("table.target", n=2000), theme.FONT, theme.TEXT_DIM, (PREVIEW.centerx, y),
                 "midtop", PREVIEW.w - 48)
        y += 56
        name = self.app.settings.player_name.strip()
        if name:
            blit_fit(surface, t("turn.player", name=name), theme.FONT, theme.TEXT, (PREVIEW.centerx, y),
                     "midtop", PREVIEW.w - 48)
        else:
            blit_fit(surface, t("turn.yours"), theme.FONT, theme.TEXT, (PREVIEW.centerx, y), "midtop",
                     PREVIEW.w - 48)
