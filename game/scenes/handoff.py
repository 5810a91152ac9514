"""Hot-seat hand-off: "Pass the device to {name}", shown over a hidden table.

The screen is opaque (nothing of the table shows through, no hand is drawn) and
waits for the named player to click or press Enter/Space; Esc (or P) opens the pause
menu (``on_pause``). A short guard time keeps the click that ended the previous
player's turn from dismissing it. ``recap`` is a line of what happened since the
player's last turn, public information only (the table builds it).

Couch play: the screen belongs to ``seat``. X on a controller makes that controller the
seat's own (it then acts for this seat only; X again at this seat's screen frees it), and
a controller bound to another seat is ignored here. The keyboard, the mouse and free
controllers act for whoever is to play, as before.
"""
from __future__ import annotations

import math

import pygame

from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.felt import felt_surface
from game.ui.fit import blit_fit
from game.ui.input import BUTTON_LABELS, CONFIRM, SELECT, action_of, pad_of
from game.ui.widgets import blit_text, draw_panel

GUARD = 0.3          # seconds before input is accepted
RECAP_W = 900        # the recap wraps at this width


class HandOffScene(Scene):
    opaque = True

    def __init__(self, app, name: str, on_ready, seat: int | None = None, on_pause=None,
                 recap: str = "") -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.seat = seat
        self.on_pause = on_pause
        self.recap = recap
        self.age = 0.0
        self.done = False

    def accepts(self, event) -> bool:
        """Not a controller bound to another seat."""
        seat = self.app.pads.seat_of(event)
        return seat is None or seat == self.seat

    def handle(self, event) -> None:
        if self.done:
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p)
                and self.on_pause is not None):
            self.on_pause()
            return
        if self.age < GUARD:
            return
        pad = pad_of(event)
        if pad is not None and self.seat is not None and event.type == pygame.KEYDOWN \
                and action_of(event) == SELECT:
            self.claim(pad)
            return
        ready = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
        if ready:
            self.ready()

    def claim(self, pad: int) -> None:
        """X on controller ``pad``: it plays for this seat only (or, if it did, is free again)."""
        pads = self.app.pads
        n = self.app.num(pads.number_of(pad) or 0)
        if pads.pad_for_seat(self.seat) == pad:
            pads.unbind(pad)
            self.app.toast(self.app.t("pads.freed", n=n))
            return
        pads.bind(pad, self.seat, self.name)
        self.app.toast(self.app.t("pads.bound", n=n, name=self.name))
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
        line = self.pad_line()
        if line:
            blit_fit(surface, line, theme.FONT_SMALL, theme.TEXT, (cx, y + 50), "midtop", theme.WIDTH - 120)
        if self.on_pause is not None:
            blit_text(surface, self.app.t("handoff_keys.pause_hint"), theme.FONT_SMALL, theme.TEXT_DIM,
                      (theme.WIDTH - 24, theme.HEIGHT - 20), "bottomright")

    def pad_line(self) -> str | None:
        """What a controller does here (only while one is connected)."""
        pads = self.app.pads
        if self.seat is None or not pads.pads:
            return None
        t = self.app.t
        own = pads.pad_for_seat(self.seat)
        if own is not None:
            return t("pads.handoff_own", n=self.app.num(pads.number_of(own) or 0), name=self.name,
                     a=BUTTON_LABELS[CONFIRM], x=BUTTON_LABELS[SELECT])
        return t("pads.handoff_claim", name=self.name, a=BUTTON_LABELS[CONFIRM], x=BUTTON_LABELS[SELECT])


_SHADE = None


def _shade() -> pygame.Surface:
    global _SHADE
    if _SHADE is None:
        _SHADE = gfx.Surface((theme.WIDTH, theme.HEIGHT), pygame.SRCALPHA)
        _SHADE.fill((0, 0, 0, 120))
    return _SHADE


__all__ = ["HandOffScene"]
