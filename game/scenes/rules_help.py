"""Rules in short: a tab per game with a summary of its rules, scrollable.

The summary is the locale string ``rules_help.<game_id>``: one line per topic, each line
"Topic: text" (players, deck and card order, deal, tricks, calls, scoring, winning). It is
drawn as a two-column list, topic on the left. ←/→ switch games, ↑/↓, PgUp/PgDn, Home/End
and the mouse wheel scroll, Esc goes back.
"""
from __future__ import annotations

import pygame

from game.games import GAME_IDS
from game.scenes.base import MenuScene
from game.ui import gfx, theme
from game.ui.fit import blit_fit, draw_title, focus_ring
from game.ui.fit_widgets import FitButton
from game.ui.text import default_renderer
from game.ui.widgets import Button

W, H = theme.WIDTH, theme.HEIGHT
VIEW = pygame.Rect(48, 168, W - 96, 462)
TAB_Y, TAB_H = 106, 48
LABEL_W, GUTTER = 250, 28
LINE_STEP = 44


FADE_H = 28
PANE = (30, 58, 50)


def _fade(width: int, up: bool) -> pygame.Surface:
    """A strip that fades the text into the pane's colour (cached per width)."""
    key = (width, up)
    surf = _FADES.get(key)
    if surf is None:
        surf = gfx.Surface((width, FADE_H), pygame.SRCALPHA)
        for y in range(FADE_H):
            t = (FADE_H - y) / FADE_H if up else (y + 1) / FADE_H
            gfx.draw.line(surf, (*PANE, round(235 * t ** 1.3)), (0, y), (width, y))
        _FADES[key] = surf
    return surf


_FADES: dict = {}


class Tab(Button):
    def __init__(self, rect, scene: "RulesHelpScene", game_id: str) -> None:
        super().__init__(rect, lambda: scene.app.t(f"games.{game_id}"), lambda: scene.select(game_id))
        self.scene = scene
        self.game_id = game_id

    def draw(self, surface, focused, hovered) -> None:
        active = self.scene.game_id == self.game_id
        r = self.rect
        fill = PANE if active else ((40, 64, 58) if hovered else (16, 32, 28))
        gfx.draw.rect(surface, fill, r, border_top_left_radius=12, border_top_right_radius=12)
        if active:
            gfx.draw.rect(surface, theme.ACCENT, (r.x + 10, r.bottom - 4, r.w - 20, 4), border_radius=2)
        if focused:
            focus_ring(surface, r, 12)
        ink = theme.TEXT if active or hovered else theme.TEXT_DIM
        blit_fit(surface, self.scene.app.t(f"games.{self.game_id}"), theme.FONT, ink, r.center, "center",
                 r.w - 20, bold=active)


def parse_summary(text: str) -> list[tuple[str, str]]:
    """Lines "Topic: text" as (topic, text); a line without a topic has an empty one."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        head, sep, rest = line.partition(": ")
        if sep and len(head) <= 40:
            out.append((head.strip(), rest.strip()))
        else:
            out.append(("", line))
    return out


class RulesHelpScene(MenuScene):
    """A tab per game with its rules in short; opens on ``game_id`` if given."""

    def __init__(self, app, game_id: str | None = None) -> None:
        self.game_id = game_id if game_id in GAME_IDS else GAME_IDS[0]
        self.scroll = 0
        self._page: pygame.Surface | None = None
        self._page_key = None
        super().__init__(app)

    def build(self) -> None:
        self.tabs: dict[str, Tab] = {}
        gap = 8
        tab_w = (VIEW.w - gap * (len(GAME_IDS) - 1)) // len(GAME_IDS)
        for i, game_id in enumerate(GAME_IDS):
            rect = (VIEW.x + i * (tab_w + gap), TAB_Y, tab_w, TAB_H)
            self.tabs[game_id] = self.ui.add(Tab(rect, self, game_id))
        self.back_button = self.ui.add(FitButton((VIEW.x, H - 74, 220, 52), lambda: self.app.t("buttons.back"),
                                                 self.app.stack.pop))

    def focus_default(self) -> None:
        if self.ui.focused is None:
            self.ui.set_focus(self.tabs[self.game_id])

    # ----- navigation
    def select(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.game_id = game_id
            self.scroll = 0
        self.ui.set_focus(self.tabs[game_id])

    def step_tab(self, delta: int) -> None:
        i = (GAME_IDS.index(self.game_id) + delta) % len(GAME_IDS)
        self.select(GAME_IDS[i])

    def max_scroll(self) -> int:
        return max(0, self.page().get_height() - VIEW.h + 24)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * LINE_STEP)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_UP: -LINE_STEP, pygame.K_DOWN: LINE_STEP,
                pygame.K_PAGEUP: -(VIEW.h - 60), pygame.K_PAGEDOWN: VIEW.h - 60,
                pygame.K_HOME: -10**6, pygame.K_END: 10**6,
            }
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step_tab(-1 if event.key == pygame.K_LEFT else 1)
                return
        super().handle(event)

    # ----- drawing
    def page(self) -> pygame.Surface:
        """The summary of the current game, laid out once per game and language."""
        from game import i18n
        key = (self.game_id, i18n.language(), i18n.native_digits())
        if self._page is not None and self._page_key == key:
            return self._page
        r = default_renderer()
        t = self.app.t
        width = VIEW.w - 64
        text_w = width - LABEL_W - GUTTER
        parts: list[tuple[pygame.Surface, int, int]] = []
        y = 0
        name = r.render(t(f"games.{self.game_id}"), theme.FONT_BIG, theme.TEXT, bold=True)
        parts.append((name, 0, y))
        y += name.get_height()
        desc = r.render_wrapped(t(f"game_desc.{self.game_id}"), theme.FONT_SMALL + 1, width, theme.TEXT_DIM)
        parts.append((desc, 0, y))
        y += desc.get_height() + 18
        for i, (topic, text) in enumerate(parse_summary(t(f"rules_help.{self.game_id}"))):
            body = r.render_wrapped(text, theme.FONT_SMALL + 2, text_w if topic else width, theme.TEXT)
            head = r.render_wrapped(topic, theme.FONT_SMALL + 2, LABEL_W, theme.ACCENT, bold=True,
                                    align="right") if topic else None
            height = max(body.get_height(), head.get_height() if head else 0)
            if i % 2 == 0:
                band = gfx.Surface((width + 24, height + 14), pygame.SRCALPHA)
                band.fill((255, 255, 255, 10))
                parts.append((band, -12, y - 7))
            if head is not None:
                parts.append((head, LABEL_W - head.get_width(), y))
                parts.append((body, LABEL_W + GUTTER, y))
            else:
                parts.append((body, 0, y))
            y += height + 16
        page = gfx.Surface((width + 24, y + 8), pygame.SRCALPHA)
        for surf, x, py in parts:
            page.blit(surf, (x + 12, py))
        self._page, self._page_key = page, key
        return page

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        draw_title(surface, self.app.t("rules_help.title"), y=22)
        panel = pygame.Rect(VIEW.x, TAB_Y + TAB_H, VIEW.w, VIEW.bottom - TAB_Y - TAB_H + 8)
        pane = gfx.Surface(panel.size, pygame.SRCALPHA)
        gfx.draw.rect(pane, (*PANE, 235), pane.get_rect(), border_bottom_left_radius=16,
                         border_bottom_right_radius=16)
        surface.blit(pane, panel.topleft)
        page = self.page()
        self.scroll = max(0, min(self.max_scroll(), self.scroll))
        clip = surface.get_clip()
        inner = pygame.Rect(VIEW.x + 8, VIEW.y, VIEW.w - 40, VIEW.h - 8)
        surface.set_clip(inner)
        surface.blit(page, (VIEW.x + 20, VIEW.y + 8 - self.scroll))
        surface.set_clip(clip)
        most = self.max_scroll()
        # soft edges where the text goes on above or below
        if self.scroll > 0:
            surface.blit(_fade(inner.w, up=True), (inner.x, inner.y))
        if self.scroll < most:
            surface.blit(_fade(inner.w, up=False), (inner.x, inner.bottom - FADE_H))
        if most > 0:
            track = pygame.Rect(VIEW.right - 22, VIEW.y + 6, 8, VIEW.h - 20)
            gfx.draw.rect(surface, (14, 28, 24), track, border_radius=4)
            thumb_h = max(40, track.h * VIEW.h // (VIEW.h + most))
            thumb_y = track.y + (track.h - thumb_h) * self.scroll // most
            gfx.draw.rect(surface, theme.ACCENT, (track.x, thumb_y, track.w, thumb_h), border_radius=4)
            hint = self.app.t("rules_help.scroll_hint")
            blit_fit(surface, hint, theme.FONT_SMALL, theme.TEXT_DIM, (VIEW.right, H - 48), "midright", 700)
        self.ui.draw(surface)
