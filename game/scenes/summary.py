"""End of a deal and end of a match, over the table.

:class:`DealSummaryScene` (an overlay) shows what the deal came to — for 29 the bid,
bidder, target, made or not, points per team and the score change; for Tute the card
points, last ten, cantes and the deal winner or the totals — with "Next deal".
With no human at the table it goes on by itself after a moment.

:class:`MatchResultScene` shows the winner and the final score, with "New match"
(the same game, options and seats) and "Menu".
"""
from __future__ import annotations

import math

import pygame

from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.felt import felt_surface
from game.ui.rows import render_rows
from game.ui.widgets import Button, WidgetGroup, blit_text, draw_panel

AUTO_NEXT = 2.5        # seconds (normal speed) before a bots-only table goes on
_SHADE: pygame.Surface | None = None


class _SummaryScene(Scene):
    """What both summaries share: Esc is :meth:`back`, other input goes to the
    buttons, and ``age`` times the animations."""

    widgets: WidgetGroup
    age: float

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.widgets.handle(event)

    def update(self, dt: float) -> None:
        self.age += dt


class DealSummaryScene(_SummaryScene):
    opaque = False

    def __init__(self, app, session, deal_index: int, on_close=None, *, adapter, on_review=None) -> None:
        super().__init__(app)
        self.session = session
        self.match = session.match
        self.deal_index = deal_index
        self.on_close = on_close
        self.adapter = adapter
        self.age = 0.0
        self.closed = False
        self.last = self.match.finished and deal_index == len(self.match.records) - 1
        rows = self.adapter.summary_rows(deal_index)
        self.panel = render_rows(app, rows, 620, pad=18, gap=8, bg=None)
        self.rect = pygame.Rect(0, 0, 680, self.panel.get_height() + 150)
        self.rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 10)
        label = (lambda: app.t("summary.see_result")) if self.last else (lambda: app.t("buttons.next_deal"))
        bw = 260
        self.button = Button(pygame.Rect(self.rect.centerx - bw // 2, self.rect.bottom - 62, bw, 46), label,
                             self.close, style="primary")
        self.widgets = WidgetGroup([self.button])
        self.review_button = None
        if on_review is not None:              # Expert's review of the human's choices
            self.button.rect.x = self.rect.centerx + 10
            self.review_button = Button(pygame.Rect(self.rect.centerx - bw - 10, self.rect.bottom - 62, bw, 46),
                                        lambda: app.t("review.button"), on_review)
            self.widgets.add(self.review_button)
        self.widgets.set_focus(self.button)
        speed = app.speed()
        self.auto = AUTO_NEXT * speed if not session.humans else None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.leave()
        if self.on_close is not None:
            self.on_close()

    def back(self) -> None:
        self.open_pause()

    def open_pause(self) -> None:
        """Esc: the pause menu of the table under this summary (Resume comes back here)."""
        scenes = self.app.stack.scenes
        below = scenes[scenes.index(self) - 1] if self in scenes and scenes.index(self) > 0 else None
        if below is not None and hasattr(below, "open_pause"):
            below.open_pause()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.auto is not None and self.age >= self.auto:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        global _SHADE
        if _SHADE is None or _SHADE.get_size() != surface.get_size():
            _SHADE = gfx.Surface(surface.get_size(), pygame.SRCALPHA)
            _SHADE.fill((0, 0, 0, 110))
        surface.blit(_SHADE, (0, 0))
        draw_panel(surface, self.rect, (12, 22, 18, 240), 18)
        gfx.draw.rect(surface, theme.ACCENT, self.rect, 2, border_radius=18)
        title = self.app.t("summary.title", n=self.deal_index + 1)
        blit_text(surface, title, theme.FONT_BIG, theme.ACCENT, (self.rect.centerx, self.rect.y + 16), "midtop", True)
        surface.blit(self.panel, (self.rect.x + 30, self.rect.y + 64))
        self.widgets.draw(surface)


class MatchResultScene(_SummaryScene):
    """The winner and final score; "New match" (same seats) and "Menu"."""

    opaque = True

    def __init__(self, app, session, conceded_by: int | None = None, winner: int | None = None, *,
                 adapter) -> None:
        super().__init__(app)
        self.session = session
        self.match = session.match
        self.adapter = adapter
        self.conceded_by = conceded_by
        self.winner = winner if winner is not None else self.match.winner
        w = 260
        cx = theme.WIDTH // 2
        self.new_button = Button(pygame.Rect(cx - w - 12, 610, w, 52), lambda: app.t("buttons.new_match"),
                                 self.new_match, style="primary")
        self.menu_button = Button(pygame.Rect(cx + 12, 610, w, 52), lambda: app.t("summary.menu"), self.menu)
        self.widgets = WidgetGroup([self.new_button, self.menu_button])
        self.widgets.set_focus(self.new_button)
        self.age = 0.0

    def headline(self) -> str:
        outcome = self.adapter.human_side_result(self.winner)
        if outcome == "win":
            return self.app.t("result.you_win")
        if outcome == "lose":
            return self.app.t("result.you_lose")
        if self.winner is None:
            return ""
        return self.app.t("result.wins", name=self.adapter.side_name(self.winner))

    def new_match(self) -> None:
        from game.session import fresh_match_like
        self.app.stack.replace(self.app.table_scene(fresh_match_like(self.session)))

    def menu(self) -> None:
        try:
            menu = self.app.menu_scene()
        except ImportError:
            self.app.stack.pop()
            return
        self.app.stack.clear_to(menu)

    def back(self) -> None:
        self.menu()

    def _fan(self) -> pygame.Surface | None:
        if getattr(self, "_fan_surface", None) is None:
            cards = self.adapter.trophy_cards()
            if not cards:
                return None
            art = self.app.cards(118)
            n = len(cards)
            surf = gfx.Surface((420, 200), pygame.SRCALPHA)
            for i, card in enumerate(cards):
                angle = (n - 1) / 2 * 12 - i * 12
                img = gfx.transform.rotozoom(art.face(card, deck=self.adapter.deck), angle, 1.0)
                x = 210 + (i - (n - 1) / 2) * 52
                y = 105 + abs(i - (n - 1) / 2) * 9
                surf.blit(img, img.get_rect(center=(int(x), int(y))))
            self._fan_surface = surf
        return self._fan_surface

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_surface(), (0, 0))
        cx = theme.WIDTH // 2
        rect = pygame.Rect(0, 0, 720, 560)
        rect.midtop = (cx, 22)
        draw_panel(surface, rect, (10, 20, 16, 225), 22)
        gfx.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=22)
        blit_text(surface, self.adapter.game_title(), theme.FONT, theme.TEXT_DIM, (cx, rect.y + 14), "midtop")
        fan = self._fan()
        y = rect.y + 48
        if fan is not None:
            bob = int(3 * math.sin(self.age * 2.0))
            surface.blit(fan, fan.get_rect(midtop=(cx, y + bob)))
            y += 178
        blit_text(surface, self.headline(), theme.FONT_TITLE - 16, theme.ACCENT, (cx, y), "midtop", True)
        y += 78
        if self.conceded_by is not None:
            blit_text(surface, self.app.t("summary.conceded", name=self.session.seats[self.conceded_by].name),
                      theme.FONT, theme.DANGER, (cx, y), "midtop")
            y += 38
        blit_text(surface, self.app.t("summary.final_score"), theme.FONT_SMALL, theme.TEXT_DIM, (cx, y), "midtop")
        panel = render_rows(self.app, self.adapter.result_rows(), 480, pad=14, gap=8, bg=(0, 0, 0, 90))
        surface.blit(panel, panel.get_rect(midtop=(cx, y + 30)))
        if self.winner is not None and self.adapter.human_side_result(self.winner) is not None:
            blit_text(surface, self.app.t("result.wins", name=self.adapter.side_name(self.winner)), theme.FONT,
                      self.adapter.side_colour(self.winner), (cx, rect.bottom - 40), "midtop", True)
        self.widgets.draw(surface)


__all__ = ["DealSummaryScene", "MatchResultScene"]
