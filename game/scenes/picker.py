"""Choose a game: five large tiles with the game's name, a line about it and its cards.

A game whose module is not built yet is shown greyed with "Coming soon" and cannot be
chosen (not focusable, a click does nothing). Arrow keys move between tiles as on a
grid, Enter or a click opens the match setup, Esc goes back to the main menu.
"""
from __future__ import annotations

import pygame

from game.games import GAME_IDS, is_built
from game.scenes.base import MenuScene
from game.ui import gfx
from game.ui.fan import draw_fan
from game.ui.fit import draw_title, fit_size, focus_ring
from game.ui.fit_widgets import FitButton
from game.ui import theme
from game.ui.text import default_renderer
from game.ui.widgets import Button, blit_text, move_spatial

W, H = theme.WIDTH, theme.HEIGHT

#: Three cards that say "this game" at a glance, and the seat counts it is played with.
TILE_CARDS = {
    "twenty_nine": ("9H", "JH", "AS"),
    "tute": ("11O", "12O", "1O"),
    "truco_argentino": ("7E", "1B", "1E"),
    "truco_mineiro": ("AS", "7H", "4C"),
    "buraco": ("2H", "JK", "7C"),
}
PLAYER_COUNTS = {
    "twenty_nine": (4,),
    "tute": (2, 3, 4),
    "truco_argentino": (2, 4, 6),
    "truco_mineiro": (2, 4),
    "buraco": (2, 4),
}
TILE_W, TILE_H, GAP = 376, 246, 26
ART_W, ART_H = 144, 112


def player_counts(game_id: str) -> tuple[int, ...]:
    if is_built(game_id):
        try:
            from game.games import game_module
            return tuple(game_module(game_id).PLAYERS)
        except Exception:
            pass
    return PLAYER_COUNTS.get(game_id, ())


def draw_person(surface, x: int, y: int, colour) -> None:
    """A small person sign (head and shoulders), top-left at (x, y), 14 x 18 px."""
    gfx.draw.circle(surface, colour, (x + 7, y + 5), 5)
    gfx.draw.ellipse(surface, colour, (x, y + 11, 14, 10))


class GameTile(Button):
    def __init__(self, rect, scene: "GamePickerScene", game_id: str) -> None:
        built = is_built(game_id)
        super().__init__(rect, lambda: scene.app.t(f"games.{game_id}"),
                         lambda: scene.choose(game_id), enabled=built,
                         tooltip=None if built else (lambda: scene.app.t("common.coming_soon")))
        self.scene = scene
        self.game_id = game_id
        self.built = built
        self._art_key = None
        self._art: pygame.Surface | None = None

    def artwork(self) -> pygame.Surface:
        key = self.scene.app.settings.four_colour
        if self._art is None or self._art_key != key:
            surf = gfx.Surface((ART_W, ART_H), pygame.SRCALPHA)
            art = self.scene.app.cards(80)
            draw_fan(surf, art, list(TILE_CARDS[self.game_id]), (ART_W // 2, ART_H // 2 + 4), 11.0, 170)
            if not self.built:
                surf = gfx.transform.grayscale(surf)
                surf.set_alpha(110)
            self._art, self._art_key = surf, key
        return self._art

    def draw(self, surface, focused, hovered) -> None:
        app = self.scene.app
        r = default_renderer()
        lift = -3 if (hovered or focused) and self.built else 0
        box = self.rect.move(0, lift)
        gfx.draw.rect(surface, (4, 12, 9), self.rect.move(0, 5), border_radius=18)
        if self.built:
            fill = (36, 66, 56) if (hovered or focused) else (22, 44, 38)
            edge = (70, 110, 94) if (hovered or focused) else (52, 84, 72)
        else:
            fill, edge = (30, 34, 36), (50, 54, 58)
        gfx.draw.rect(surface, fill, box, border_radius=18)
        gfx.draw.rect(surface, edge, box, 2, border_radius=18)
        if focused:
            focus_ring(surface, box, 18)
        surface.blit(self.artwork(), (box.x + 8, box.y + 10))
        # name: one line if it fits at a readable size, else two
        name_ink = theme.TEXT if self.built else theme.BUTTON_TEXT_DISABLED
        text_x = box.x + ART_W + 16
        text_w = box.right - 16 - text_x
        name = app.t(f"games.{self.game_id}")
        size = fit_size(name, theme.FONT_BIG, text_w, bold=True, min_size=24)
        if r.measure(name, size, True)[0] <= text_w:
            name_img = r.render(name, size, name_ink, bold=True)
        else:
            name_img = r.render_wrapped(name, theme.FONT + 2, text_w, name_ink, bold=True)
        name_rect = name_img.get_rect(topleft=(text_x, box.y + 22))
        surface.blit(name_img, name_rect)
        # who plays: a person sign and the seat counts ("2 · 3 · 4")
        counts = " · ".join(app.num(n) for n in player_counts(self.game_id))
        py = name_rect.bottom + 4
        draw_person(surface, text_x, py + 4, theme.ACCENT if self.built else theme.BUTTON_TEXT_DISABLED)
        counts_rect = blit_text(surface, counts, theme.FONT_SMALL, theme.TEXT_DIM, (text_x + 22, py), "topleft")
        # one line about the game
        desc_ink = theme.TEXT_DIM if self.built else (120, 126, 132)
        desc = app.t(f"game_desc.{self.game_id}")
        desc_top = max(box.y + 10 + ART_H, counts_rect.bottom) + 8
        desc_w = box.w - 36
        size = theme.FONT_SMALL + 1
        while size > 15 and len(r.wrap(desc, size, desc_w)) * r.line_height(size) > box.bottom - 12 - desc_top:
            size -= 1
        surface.blit(r.render_wrapped(desc, size, desc_w, desc_ink), (box.x + 18, desc_top))
        if not self.built:
            label = app.t("common.coming_soon")
            badge_img = r.render(label, theme.FONT_SMALL, theme.TEXT_DARK, bold=True)
            badge = badge_img.get_rect().inflate(24, 6)
            badge.topright = (box.right - 14, box.y - 12)
            gfx.draw.rect(surface, (4, 12, 9), badge.move(0, 3), border_radius=badge.h // 2)
            gfx.draw.rect(surface, theme.ACCENT, badge, border_radius=badge.h // 2)
            surface.blit(badge_img, badge_img.get_rect(center=badge.center))


class GamePickerScene(MenuScene):
    """The five games as tiles; a built game opens :class:`MatchSetupScene`."""

    def build(self) -> None:
        self.tiles: dict[str, GameTile] = {}
        top = 118
        rows = [GAME_IDS[:3], GAME_IDS[3:]]
        for j, row in enumerate(rows):
            width = len(row) * TILE_W + (len(row) - 1) * GAP
            x = (W - width) // 2
            for game_id in row:
                rect = (x, top + j * (TILE_H + GAP + 6), TILE_W, TILE_H)
                self.tiles[game_id] = self.ui.add(GameTile(rect, self, game_id))
                x += TILE_W + GAP
        self.back_button = self.ui.add(FitButton((48, H - 66, 200, 50),
                                                 lambda: self.app.t("buttons.back"), self.app.stack.pop))

    def choose(self, game_id: str) -> None:
        if not is_built(game_id):
            return
        from game.scenes.setup import MatchSetupScene
        self.app.stack.push(MatchSetupScene(self.app, game_id))

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                          pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(event.key, 0)
            if not move_spatial(self.ui, dx, dy) and dy:
                self.ui.move_focus(dy)
            return
        super().handle(event)

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        draw_title(surface, self.app.t("menu.choose_game"))
        self.ui.draw(surface)
