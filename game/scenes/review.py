"""The post-deal review: where the human's choices cost most against Expert.

Opened from the deal summary. A row per costly moment (up to six, costliest
first): the player's decision number in the deal, what the player chose, what Expert
preferred and what the difference was worth in expected points for his side.
A row, clicked or focused, shows the table as it was at that moment. Expert
may still be finishing its look at the last decisions when the page opens;
the page says so and fills in when it is done. Esc or Back returns to the
summary.
"""
from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import gfx, theme
from game.ui.fit import focus_ring
from game.ui.widgets import Button, Widget, WidgetGroup, blit_text, draw_panel

ROW_W, ROW_H, ROW_GAP = 520, 86, 10
LIST_X, LIST_Y = 40, 150
PICTURE = pygame.Rect(590, 150, 650, 366)
COST_INK = (255, 170, 150)


class _MomentRow(Widget):
    """One costly moment; activating it shows its picture."""

    def __init__(self, rect, scene: "ReviewScene", index: int) -> None:
        super().__init__(rect)
        self.scene = scene
        self.index = index

    def activate(self) -> None:
        self.scene.selected = self.index

    def draw(self, surface, focused, hovered) -> None:
        scene = self.scene
        app = scene.app
        moment = scene.moments[self.index]
        chosen = self.index == scene.selected
        fill = (44, 62, 52) if chosen else ((32, 46, 40) if hovered else (20, 32, 28))
        draw_panel(surface, self.rect, (*fill, 240), 12)
        if chosen:
            gfx.draw.rect(surface, theme.ACCENT, self.rect, 2, border_radius=12)
        if focused:
            focus_ring(surface, self.rect, 12)
        r = self.rect
        text = app.text
        head = app.t("review.move", n=moment.number)
        cost = app.t("review.cost", points=round(moment.cost, 1) or 0.1)
        surface.blit(text.render(head, theme.FONT_SMALL, theme.TEXT_DIM, True), (r.x + 14, r.y + 6))
        img = text.render(cost, theme.FONT_SMALL, COST_INK, True)
        surface.blit(img, img.get_rect(topright=(r.right - 14, r.y + 6)))
        you = app.t("review.chosen", action=scene.words(moment.chosen, moment.view))
        expert = app.t("review.preferred", action=scene.words(moment.advice.best, moment.view))
        width = r.w - 28
        surface.blit(text.render(text.elide(you, theme.FONT_SMALL, width), theme.FONT_SMALL, theme.TEXT),
                     (r.x + 14, r.y + 32))
        surface.blit(text.render(text.elide(expert, theme.FONT_SMALL, width), theme.FONT_SMALL, theme.ACCENT),
                     (r.x + 14, r.y + 58))


class ReviewScene(Scene):
    """``review()`` gives the moments (None while Expert still thinks);
    ``words(action, view)`` says an action in the player's language."""

    opaque = True

    def __init__(self, app, deal_index: int, review, words) -> None:
        super().__init__(app)
        self.deal_index = deal_index
        self._review = review
        self.words = words
        self.moments: list | None = None
        self.selected = 0
        self.widgets = WidgetGroup()
        self.back_button = Button(pygame.Rect(theme.WIDTH // 2 - 130, theme.HEIGHT - 76, 260, 48),
                                  lambda: app.t("review.back"), self.leave, style="primary")
        self._load()

    def _load(self) -> None:
        moments = self._review()
        self.widgets.clear()
        if moments is None:
            self.widgets.add(self.back_button)
            return
        self.moments = moments
        for i in range(len(moments)):
            rect = pygame.Rect(LIST_X, LIST_Y + i * (ROW_H + ROW_GAP), ROW_W, ROW_H)
            self.widgets.add(_MomentRow(rect, self, i))
        self.widgets.add(self.back_button)
        self.widgets.set_focus(self.widgets.widgets[0])

    def update(self, dt: float) -> None:
        if self.moments is None:
            self._load()
        focused = self.widgets.focused
        if isinstance(focused, _MomentRow):
            self.selected = focused.index

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        self.widgets.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.MENU_BG)
        app = self.app
        blit_text(surface, app.t("review.title", n=self.deal_index + 1), theme.FONT_BIG, theme.ACCENT,
                  (theme.WIDTH // 2, 28), "midtop", True)
        blit_text(surface, app.t("review.subtitle"), theme.FONT_SMALL, theme.TEXT_DIM,
                  (theme.WIDTH // 2, 84), "midtop")
        if self.moments is None or not self.moments:
            key = "review.thinking" if self.moments is None else "review.none"
            img = app.text.render_wrapped(app.t(key), theme.FONT, 900, theme.TEXT, align="center")
            surface.blit(img, img.get_rect(center=(theme.WIDTH // 2, theme.HEIGHT // 2 - 20)))
            self.widgets.draw(surface)
            return
        moment = self.moments[min(self.selected, len(self.moments) - 1)]
        draw_panel(surface, PICTURE.inflate(16, 52).move(0, 18), (10, 18, 14, 240), 14)
        if moment.snapshot is not None:
            pic = gfx.transform.smoothscale(moment.snapshot, PICTURE.size)
            surface.blit(pic, PICTURE)
        gfx.draw.rect(surface, theme.ACCENT, PICTURE, 2, border_radius=4)
        blit_text(surface, app.t("review.picture"), theme.FONT_SMALL, theme.TEXT_DIM,
                  (PICTURE.centerx, PICTURE.bottom + 10), "midtop")
        self.widgets.draw(surface)
