"""Controllers: what each button does, the controllers connected now, and couch play.

Opened from Settings (so also from the pause menu). The left panel lists the buttons of
a controller with SDL's standard layout (:data:`game.ui.input.BUTTON_LABELS`: the names
printed on the device) and what each does, as in :mod:`game.ui.input`.
The right panel lists the controllers plugged in now (by number, with the seat each plays
for), explains couch play (X at the hand-off screen keeps a controller for that seat) and
the order a pad without a known layout follows.
"""
from __future__ import annotations

import pygame

from game.scenes.base import MenuScene
from game.ui import gfx, theme
from game.ui.fit import blit_fit, blit_wrapped, draw_title, fit_size
from game.ui.fit_widgets import FitButton
from game.ui.input import BUTTON_LABELS, HELP_ORDER, NEXT, PAGE_DOWN, PAGE_UP, PREV, SELECT
from game.ui.text import default_renderer
from game.ui.widgets import blit_text, draw_panel

W, H = theme.WIDTH, theme.HEIGHT
MAPPING = pygame.Rect(60, 104, 640, 530)
DEVICES = pygame.Rect(724, 104, 496, 530)
ROW_H = 48
PILL_W = 200


class ControllersScene(MenuScene):
    """The controller's buttons, the controllers connected, couch play; Back returns."""

    def build(self) -> None:
        t = self.app.t
        self.back_button = self.ui.add(FitButton((MAPPING.x, H - 70, 220, 52), lambda: t("buttons.back"),
                                                 self.app.stack.pop))

    def frame_rate(self) -> float:
        return 4                      # a controller plugged in or pulled out shows at once

    def button_label(self, entry: str) -> str:
        if entry == "move":
            return self.app.t("pads.move_buttons")
        if entry == "pages":
            return f"{BUTTON_LABELS[PAGE_UP]} · {BUTTON_LABELS[PAGE_DOWN]}"
        if entry == "controls":
            return f"{BUTTON_LABELS[PREV]} · {BUTTON_LABELS[NEXT]}"
        return BUTTON_LABELS[entry]

    def device_lines(self) -> list[str]:
        """One line per controller connected now (with the seat it plays for)."""
        t, pads = self.app.t, self.app.pads
        lines = []
        for pad in pads.connected():
            n = self.app.num(pad.number)
            line = t("pads.pad_item", n=n, name=pad.name) if pad.name else t("pads.pad_item_unnamed", n=n)
            bound = pads.bindings.get(pad.instance_id)
            if bound is not None:
                line += " · " + t("pads.pad_seat", name=bound[1])
            lines.append(line)
        return lines

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        t = self.app.t
        draw_title(surface, t("pads.title"))
        draw_panel(surface, MAPPING, theme.PANEL, 18)
        draw_panel(surface, DEVICES, theme.PANEL, 18)
        x, y = MAPPING.x + 24, MAPPING.y + 18
        blit_fit(surface, t("pads.mapping"), theme.FONT, theme.ACCENT, (x, y), "topleft", MAPPING.w - 48,
                 bold=True)
        y += 46
        r = default_renderer()
        text_w = MAPPING.right - 24 - (x + PILL_W + 16)
        for entry in HELP_ORDER:
            label = self.button_label(entry)
            pill = pygame.Rect(x, y + 6, PILL_W, ROW_H - 12)
            gfx.draw.rect(surface, theme.MENU_BG_DARK, pill, border_radius=pill.h // 2)
            gfx.draw.rect(surface, theme.ACCENT, pill, 2, border_radius=pill.h // 2)
            size = fit_size(label, theme.FONT_SMALL, PILL_W - 24, bold=True, min_size=12)
            blit_text(surface, label, size, theme.TEXT, pill.center, "center", bold=True)
            words = t(f"pads.{entry}", a=BUTTON_LABELS["confirm"], rb=BUTTON_LABELS[NEXT])
            size = theme.FONT_SMALL
            while size > 14 and len(r.wrap(words, size, text_w)) > 2:
                size -= 1
            img = r.render_wrapped(words, size, text_w, theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(pill.right + 16, pill.centery)))
            y += ROW_H
        # the devices and couch play
        x, y = DEVICES.x + 24, DEVICES.y + 18
        width = DEVICES.w - 48
        blit_fit(surface, t("pads.connected_title"), theme.FONT, theme.ACCENT, (x, y), "topleft", width,
                 bold=True)
        y += 46
        lines = self.device_lines()
        if not lines:
            y = blit_wrapped(surface, t("pads.none"), theme.FONT_SMALL, theme.TEXT_DIM, (x, y), width).bottom
        for line in lines[:6]:
            size = fit_size(line, theme.FONT_SMALL, width)
            y = blit_fit(surface, line, size, theme.TEXT, (x, y), "topleft", width).bottom + 6
        y = max(y + 24, DEVICES.y + 230)
        gfx.draw.line(surface, (60, 84, 76), (x, y - 12), (DEVICES.right - 24, y - 12), 1)
        y = blit_wrapped(surface, t("pads.couch", x=BUTTON_LABELS[SELECT]), theme.FONT_SMALL, theme.TEXT, (x, y),
                         width).bottom + 16
        blit_wrapped(surface, t("pads.joystick_note"), theme.FONT_SMALL - 2, theme.TEXT_DIM, (x, y), width)
        self.ui.draw(surface)


__all__ = ["ControllersScene"]
