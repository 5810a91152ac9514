"""The complete rules: a tab per game, a contents list of its sections, the rules page.

The page is :mod:`game.scenes.rules_page` laid out from :mod:`game.rules_text`. Opened
from the menu, from the pause menu (on the game being played), from a setup option's "?"
(on the section explaining it) or from a call at the table (F1 or a right click).

Keys: ←/→ change game; ↑/↓ scroll, or move through the contents when the focus is there
(Enter jumps to the section); PgUp/PgDn, Home/End and the wheel scroll; Tab goes round
the tabs, the contents, the links on screen and Back; Esc goes back. The mouse clicks
tabs, contents entries and links; hovering an option's label shows its setting's help.
"""
from __future__ import annotations

import pygame

from game import i18n, rules_text
from game.games import GAME_IDS
from game.scenes.base import MenuScene
from game.scenes.rules_page import LINK, Page, Sizes, layout_page
from game.ui import gfx, theme
from game.ui.fit import blit_fit, draw_title, fit_size, focus_ring
from game.ui.fit_widgets import FitButton
from game.ui.text import default_renderer
from game.ui.widgets import Button, Widget

FADE_H = 28
PANE = (30, 58, 50)
LINE_STEP = 44
ENTRY_H = 38


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
#: Pages laid out lately, by game, language, digits, window size and card colours (newest last).
_PAGES: dict = {}


class Layout:
    """Where everything goes in a window of ``size`` (1280x720 and any other)."""

    def __init__(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        self.margin = m = max(16, min(48, w // 26))
        self.tab_y, self.tab_h = 80, 44
        self.panel = pygame.Rect(m, self.tab_y + self.tab_h, w - 2 * m, h - 84 - (self.tab_y + self.tab_h))
        contents_w = max(180, min(340, w * 23 // 100))
        self.contents = pygame.Rect(self.panel.x + 10, self.panel.y + 48, contents_w,
                                    self.panel.h - 58)
        self.contents_head = (self.panel.x + 22, self.panel.y + 14)
        body_x = self.contents.right + 24
        self.view = pygame.Rect(body_x, self.panel.y + 10, self.panel.right - 30 - body_x,
                                self.panel.h - 20)
        self.back = pygame.Rect(m, h - 72, 220, 52)
        self.card_h = max(56, round(h * 0.125))


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


class ContentsEntry(Widget):
    """One section in the contents list: a click or Enter jumps to it."""

    def __init__(self, scene: "RulesHelpScene", index: int, section_id: str, title: str) -> None:
        super().__init__((0, 0, 1, 1))
        self.scene, self.index, self.section_id, self.title = scene, index, section_id, title
        self.tooltip = None

    def activate(self) -> None:
        self.scene.jump(self.section_id)

    def draw(self, surface, focused, hovered) -> None:
        current = self.scene.current_section() == self.section_id
        r = self.rect
        if current or hovered:
            gfx.draw.rect(surface, (44, 78, 66) if current else (38, 60, 54), r, border_radius=8)
        if current:
            gfx.draw.rect(surface, theme.ACCENT, (r.x + 3, r.y + 8, 4, r.h - 16), border_radius=2)
        if focused:
            focus_ring(surface, r, 8)
        size = fit_size(self.title, theme.FONT_SMALL, r.w - 28)
        text = default_renderer().elide(self.title, size, r.w - 28)
        self.tooltip = self.title if text != self.title else None
        blit_fit(surface, text, size, theme.TEXT if current or hovered else theme.TEXT_DIM,
                 (r.x + 16, r.centery), "midleft", r.w - 28)


class PageLink(Widget):
    """A link or an option label on the page, placed where it shows on screen.

    A section link (``kind == "sec"``) is focusable and jumps; an option label only shows
    its setting's help when hovered."""

    def __init__(self, scene: "RulesHelpScene", kind: str, target: str, page_rect: pygame.Rect,
                 tooltip: str | None = None) -> None:
        super().__init__(page_rect.copy(), tooltip)
        self.scene, self.kind, self.target, self.page_rect = scene, kind, target, page_rect
        self.focusable = kind == "sec"

    def activate(self) -> None:
        if self.kind == "sec":
            self.scene.jump(self.target, focus_contents=True)

    def draw(self, surface, focused, hovered) -> None:
        if self.kind == "sec" and (hovered or focused):
            gfx.draw.line(surface, LINK, (self.rect.x, self.rect.bottom - 4),
                             (self.rect.right, self.rect.bottom - 4), 3)
        if focused:
            focus_ring(surface, self.rect.inflate(4, -4), 6)


class RulesHelpScene(MenuScene):
    """The rules of every game; opens on ``game_id`` (and on ``section`` if given)."""

    def __init__(self, app, game_id: str | None = None, section: str | None = None) -> None:
        self.game_id = game_id if game_id in GAME_IDS else GAME_IDS[0]
        self.scroll = 0
        self.contents_scroll = 0
        self._page: Page | None = None
        self._page_key = None
        self.layout = Layout(app.screen.get_size())
        super().__init__(app)
        if section:
            self.jump(section)

    # ----- widgets
    def build(self) -> None:
        lay = self.layout
        self.tabs: dict[str, Tab] = {}
        gap = 8
        tab_w = (lay.panel.w - gap * (len(GAME_IDS) - 1)) // len(GAME_IDS)
        for i, game_id in enumerate(GAME_IDS):
            rect = (lay.panel.x + i * (tab_w + gap), lay.tab_y, tab_w, lay.tab_h)
            self.tabs[game_id] = self.ui.add(Tab(rect, self, game_id))
        self.entries: list[ContentsEntry] = []
        self.links: list[PageLink] = []
        page = self.page()
        sections = self.sections()
        titles = {s.id: s.title for s in sections}
        for i, sid in enumerate(page.order):
            self.entries.append(self.ui.add(ContentsEntry(self, i, sid, self._digits(titles[sid]))))
        t = self.app.t
        for box in page.boxes:
            tip = None
            if box.kind == "opt":
                tip = f"{t('rules_page.option_setting')}: {box.text}\n{t(f'options.{self.game_id}.{box.target}_help')}"
            self.links.append(self.ui.add(PageLink(self, box.kind, box.target, box.rect, tip)))
        self.back_button = self.ui.add(FitButton(lay.back, lambda: self.app.t("buttons.back"),
                                                 self.app.stack.pop))
        self._built_key = self._page_key
        self.place()

    def rebuild(self) -> None:
        """Widgets again (another game, language or window size); the focus stays on the
        same kind of thing."""
        focused = self.ui.focused
        self.ui.clear()
        self.build()
        if isinstance(focused, ContentsEntry) and self.entries:
            self.ui.set_focus(self.entries[min(focused.index, len(self.entries) - 1)])
        elif focused is not None and not isinstance(focused, (Tab, PageLink)):
            self.ui.set_focus(self.back_button)
        else:
            self.ui.set_focus(self.tabs[self.game_id])

    def focus_default(self) -> None:
        if self.ui.focused is None or not self.ui.focused.visible:
            self.ui.set_focus(self.tabs[self.game_id])

    # ----- the page
    def sections(self) -> list:
        return rules_text.load_sections(self.game_id, i18n.language())

    def _digits(self, text: str) -> str:
        loc = i18n.current()
        return i18n.to_native_digits(text, loc.lang) if loc.native_digits else text

    def page(self) -> Page:
        """The rules of the current game, laid out once per game, language, digits, size
        and card colours."""
        key = (self.game_id, i18n.language(), i18n.native_digits(), self.layout.size,
               self.app.settings.four_colour)
        if self._page is None or self._page_key != key:
            page = _PAGES.pop(key, None)
            if page is None:      # a long page in Bangla takes a second: keep the last few
                art = self.app.cards(self.layout.card_h)
                sizes = Sizes(card_h=self.layout.card_h)
                page = layout_page(self.game_id, self.sections(), self.layout.view.w - 12,
                                   self.layout.view.h, art, sizes)
            _PAGES[key] = page
            while len(_PAGES) > len(GAME_IDS):
                _PAGES.pop(next(iter(_PAGES)))
            self._page, self._page_key = page, key
        return self._page

    def current_section(self) -> str | None:
        return self.page().section_at(self.scroll)

    # ----- navigation
    def select(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.game_id = game_id
            self.scroll = 0
            self.contents_scroll = 0
            self.rebuild()
        self.ui.set_focus(self.tabs[game_id])

    def step_tab(self, delta: int) -> None:
        i = (GAME_IDS.index(self.game_id) + delta) % len(GAME_IDS)
        self.select(GAME_IDS[i])

    def jump(self, section_id: str, focus_contents: bool = False) -> bool:
        """Scroll the page so ``section_id``'s heading is at the top; False if the game has
        no such section."""
        page = self.page()
        if section_id not in page.section_y:
            return False
        self.scroll = min(self.max_scroll(), page.section_y[section_id])
        i = page.order.index(section_id)
        self.show_entry(i)
        if focus_contents:
            self.ui.set_focus(self.entries[i])
        self.place()
        return True

    def max_scroll(self) -> int:
        return max(0, self.page().height - self.layout.view.h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))
        self.place()

    def contents_rows(self) -> int:
        """How many contents entries fit the list at once."""
        return max(1, (self.layout.contents.h + 4) // ENTRY_H)     # the last needs no gap under it

    def contents_overflow(self) -> int:
        """How far the contents list scrolls: whole entries, so none is ever cut in half."""
        return max(0, len(self.entries) - self.contents_rows()) * ENTRY_H

    def show_entry(self, i: int) -> None:
        """Scroll the contents list so entry ``i`` is in it."""
        first = self.contents_scroll // ENTRY_H
        if i < first:
            first = i
        elif i >= first + self.contents_rows():
            first = i - self.contents_rows() + 1
        self.contents_scroll = max(0, min(self.contents_overflow(), first * ENTRY_H))

    def place(self) -> None:
        """Put the contents entries and the page's links where they show now; what is
        scrolled out of sight can be neither clicked nor focused."""
        lay = self.layout
        for i, entry in enumerate(self.entries):
            entry.rect = pygame.Rect(lay.contents.x, lay.contents.y + i * ENTRY_H - self.contents_scroll,
                                     lay.contents.w, ENTRY_H - 4)
            entry.visible = lay.contents.contains(entry.rect)
        origin = (lay.view.x + 6, lay.view.y + 8 - self.scroll)
        inner = lay.view.inflate(0, -FADE_H // 2)
        for link in self.links:
            link.rect = link.page_rect.move(origin)
            link.visible = inner.contains(link.rect)

    def handle(self, event) -> None:
        lay = self.layout
        if event.type == pygame.MOUSEWHEEL:
            if lay.contents.collidepoint(self.ui.mouse) and self.contents_overflow():
                self.contents_scroll = max(0, min(self.contents_overflow(),
                                                  self.contents_scroll - event.y * ENTRY_H))
                self.place()
            else:
                self.scroll_by(-event.y * LINE_STEP)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_PAGEUP: -(lay.view.h - 60), pygame.K_PAGEDOWN: lay.view.h - 60,
                pygame.K_HOME: -10**7, pygame.K_END: 10**7,
            }
            if event.key in keys:
                self.scroll_by(keys[event.key])
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                focused = self.ui.focused
                if isinstance(focused, ContentsEntry):
                    i = max(0, min(len(self.entries) - 1, focused.index + (1 if event.key == pygame.K_DOWN else -1)))
                    self.show_entry(i)
                    self.place()
                    self.ui.set_focus(self.entries[i])
                else:
                    self.scroll_by(LINE_STEP if event.key == pygame.K_DOWN else -LINE_STEP)
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step_tab(-1 if event.key == pygame.K_LEFT else 1)
                return
        super().handle(event)

    # ----- drawing
    def draw(self, surface) -> None:
        if surface.get_size() != self.layout.size:
            self.layout = Layout(surface.get_size())
            self.rebuild()
        elif self.page() is not None and self._page_key != self._built_key:
            self.rebuild()          # another language, digits or card colours under it
        lay = self.layout
        self.draw_backdrop(surface)
        draw_title(surface, self.app.t("rules_page.title"), y=18)
        pane = gfx.Surface(lay.panel.size, pygame.SRCALPHA)
        gfx.draw.rect(pane, (*PANE, 235), pane.get_rect(), border_bottom_left_radius=16,
                         border_bottom_right_radius=16)
        surface.blit(pane, lay.panel.topleft)
        split = lay.contents.right + 12
        gfx.draw.line(surface, (56, 90, 78), (split, lay.panel.y + 14), (split, lay.panel.bottom - 14), 1)
        blit_fit(surface, self.app.t("rules_page.contents"), theme.FONT, theme.ACCENT, lay.contents_head,
                 "topleft", lay.contents.w - 20, bold=True)
        if self.contents_scroll > 0:
            self._arrow(surface, (lay.contents.centerx, lay.contents.y - 8), up=True)
        if self.contents_scroll < self.contents_overflow():
            self._arrow(surface, (lay.contents.centerx, lay.contents.bottom + 2), up=False)
        self.draw_page(surface)
        self.ui.draw(surface)
        hint = self.app.t("rules_help.scroll_hint")
        blit_fit(surface, hint, theme.FONT_SMALL, theme.TEXT_DIM, (lay.panel.right, lay.size[1] - 46),
                 "midright", lay.panel.w - lay.back.w - 40)

    @staticmethod
    def _arrow(surface, at, up: bool) -> None:
        """A small triangle: more of the contents list above or below."""
        x, y = at
        d = -5 if up else 5
        gfx.draw.polygon(surface, theme.ACCENT, [(x - 8, y - d), (x + 8, y - d), (x, y + d)])

    def draw_page(self, surface) -> None:
        lay = self.layout
        page = self.page()
        self.scroll = max(0, min(self.max_scroll(), self.scroll))
        clip = surface.get_clip()
        view = lay.view
        surface.set_clip(view)
        ox, oy = view.x + 6, view.y + 8 - self.scroll
        for surf, x, y in page.pieces:
            if y + oy + surf.get_height() >= view.y and y + oy <= view.bottom:
                surface.blit(surf, (x + ox, y + oy))
        surface.set_clip(clip)
        most = self.max_scroll()
        if self.scroll > 0:
            surface.blit(_fade(view.w, up=True), (view.x, view.y))
        if self.scroll < most:
            surface.blit(_fade(view.w, up=False), (view.x, view.bottom - FADE_H))
        if most > 0:
            track = pygame.Rect(lay.panel.right - 20, view.y + 4, 8, view.h - 8)
            gfx.draw.rect(surface, (14, 28, 24), track, border_radius=4)
            thumb_h = max(40, track.h * view.h // (view.h + most))
            thumb_y = track.y + (track.h - thumb_h) * self.scroll // most
            gfx.draw.rect(surface, theme.ACCENT, (track.x, thumb_y, track.w, thumb_h), border_radius=4)


def open_rules(app, game_id: str, section: str | None = None) -> "RulesHelpScene":
    """Push the rules of ``game_id`` over the current scene, at ``section`` if given
    (a setup option's "?", F1 on a call at the table)."""
    scene = RulesHelpScene(app, game_id, section)
    app.stack.push(scene)
    return scene


#: The key that opens the rules where the player is (an option in setup, a call at the table).
RULES_KEY = pygame.K_F1
RULES_KEY_NAME = "F1"
