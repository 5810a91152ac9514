"""Hot-seat hand-off: "Pass the device to {name}", shown over a hidden table.

The screen is opaque (nothing of the table shows through, no hand is drawn) and
waits for the named player to click or press Enter/Space; Esc (or P) opens the pause
menu (``on_pause``). A short guard time keeps the click that ended the previous
player's turn from dismissing it. ``recap`` is a line of what happened since the
player's last turn, public information only (the table builds it).
"""
from __future__ import annotations

import math

import pygame

from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.felt import felt_surface
from game.ui.fit import blit_fit
from game.ui.widgets import blit_text, draw_panel

GUARD = 0.3          # seconds before input is accepted
RECAP_W = 900        # the recap wraps at this width


class HandOffScene(Scene):
    opaque = True

    def __init__(self, app, name: str, on_ready, on_pause=None, recap: str = "") -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.on_pause = on_pause
        self.recap = recap
        self.age = 0.0
        self.done = False

    def handle(self, event) -> None:
        if self.done:
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p)
                and self.on_pause is not None):
            self.on_pause()
            return
        if self.age < GUARD:
            return
        ready = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
        if ready:
            self.ready()

    def ready(self) -> None:
        if self.done:
            return
        self.done = True
        self.leave()
        self.on_ready()

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_surface(), (0, 0))
        shade = _shade()
        surface.blit(shade, (0, 0))
        cx, cy = theme.WIDTH // 2, theme.HEIGHT // 2
        back = self.app.cards(150).back()
        for i, angle in enumerate((-14, 0, 14)):
            img = gfx.transform.rotate(back, angle) if angle else back
            surface.blit(img, img.get_rect(center=(cx - 60 + 60 * i, cy - 110)))
        blit_text(surface, self.app.t("handoff.pass_device", name=self.name), theme.FONT_BIG + 6, theme.TEXT,
                  (cx, cy + 10), "midtop", True)
        pulse = 0.5 + 0.5 * math.sin(self.age * 3.0)
        colour = tuple(int(a + (b - a) * pulse) for a, b in zip(theme.TEXT_DIM, theme.ACCENT))
        blit_fit(surface, self.app.t("handoff_keys.ready", name=self.name), theme.FONT, colour,
                 (cx, cy + 70), "midtop", theme.WIDTH - 120)
        if self.recap:
            text = self.app.t("recap.since", action=self.recap)
            img = self.app.text.render_wrapped(text, theme.FONT_SMALL, RECAP_W, theme.TEXT, False, "center")
            box = img.get_rect(midtop=(cx, cy + 116)).inflate(28, 14)
            draw_panel(surface, box, (6, 12, 10, 200), 12)
            surface.blit(img, img.get_rect(center=box.center))
            y = box.bottom + 12
        else:
            y = cy + 120
        blit_text(surface, self.app.t("handoff_extra.cards_hidden"), theme.FONT_SMALL, theme.TEXT_DIM,
                  (cx, y), "midtop")
        if self.on_pause is not None:
            blit_text(surface, self.app.t("handoff_keys.pause_hint"), theme.FONT_SMALL, theme.TEXT_DIM,
                      (theme.WIDTH - 24, theme.HEIGHT - 20), "bottomright")


_SHADE = None


def _shade() -> pygame.Surface:
    global _SHADE
    if _SHADE is None:
        _SHADE = gfx.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        _SHADE.fill((0, 0, 0, 120))
    return _SHADE


__all__ = ["HandOffScene"]
