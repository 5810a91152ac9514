"""The main menu, the list of saved matches, and the look shared by the menu screens.

:class:`MainMenuScene` is the first screen: the app's name over a felt table with a
few cards on it, and Play, Continue, Load, Settings, Rules, Quit. Esc does nothing
here (no accidental quit). :class:`LoadScene` lists the matches in
``<pref_dir>/saves``.

The helpers at the top (:class:`MenuScene`, :func:`felt_backdrop`,
:class:`FitButton`, :func:`fit_size`, :func:`draw_title`, :func:`open_saved`) are
shared by the other menu screens (picker, setup, settings, rules, pause).
"""
from __future__ import annotations

import functools
import logging
import random
import time
from pathlib import Path

import pygame

from game import i18n
from game.scenes.base import Scene
from game.storage import AUTOSAVE_FILE, DamagedFile
from game.ui import theme
from game.ui.text import default_renderer
from game.ui.widgets import Button, Choice, TextField, WidgetGroup, blit_text, draw_panel

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT
SAVES_DIR = "saves"
MIN_TEXT = 16             # never shrink a label below this (px)


# --------------------------------------------------------------------------- drawing helpers

def fit_size(text: str, size: int, max_width: int, bold: bool = False, min_size: int = MIN_TEXT) -> int:
    """The largest size <= ``size`` at which ``text`` fits ``max_width`` (at least ``min_size``)."""
    r = default_renderer()
    while size > min_size and r.measure(text, size, bold)[0] > max_width:
        size -= 1
    return size


def blit_fit(surface, text: str, size: int, colour, pos, anchor: str, max_width: int,
             bold: bool = False) -> pygame.Rect:
    """Like :func:`blit_text`, shrinking the text until it fits ``max_width``."""
    return blit_text(surface, text, fit_size(text, size, max_width, bold), colour, pos, anchor, bold)


def blit_wrapped(surface, text: str, size: int, colour, topleft, max_width: int,
                 align: str = "left", bold: bool = False) -> pygame.Rect:
    img = default_renderer().render_wrapped(text, size, max_width, colour, bold, align)
    rect = img.get_rect(topleft=topleft)
    if align == "center":
        rect.centerx = topleft[0] + max_width // 2
    surface.blit(img, rect)
    return rect


@functools.lru_cache(maxsize=8)
def felt_backdrop(colour=theme.FELT, dark=theme.FELT_DARK, size=(W, H)) -> pygame.Surface:
    """A cloth table seen from above: a soft light in the middle, a vignette, a fine weave."""
    w, h = size
    small_w, small_h = 64, 36
    small = pygame.Surface((small_w, small_h))
    small.fill(dark)
    steps = 28
    for k in range(steps):              # concentric ellipses, outer (dark) to inner (light)
        d = 1 - k / steps
        t = min(1.0, d) ** 1.7
        shade = tuple(round(colour[i] * (1 - t) + dark[i] * t) for i in range(3))
        rw = d / 1.55 / 1.1 ** 0.5 * small_w * 2
        rh = d / 1.55 / 1.6 ** 0.5 * small_h * 2
        rect = pygame.Rect(0, 0, max(1, round(rw)), max(1, round(rh)))
        rect.center = (small_w // 2, round(small_h * 0.42))
        pygame.draw.ellipse(small, shade, rect)
    surf = pygame.transform.smoothscale(small, (w, h))
    # the weave: a tile of faint light and dark specks
    rng = random.Random(29)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(600):
        x, y = rng.randrange(96), rng.randrange(96)
        shade = rng.choice((255, 0))
        tile.set_at((x, y), (shade, shade, shade, rng.randrange(6, 16)))
    for ty in range(0, h, 96):
        for tx in range(0, w, 96):
            surf.blit(tile, (tx, ty))
    return surf.convert() if pygame.display.get_surface() else surf


def rotated_card(img: pygame.Surface, angle: float) -> pygame.Surface:
    """A card turned by ``angle`` degrees with a soft shadow under it."""
    pad = 8
    base = pygame.Surface((img.get_width() + pad * 2, img.get_height() + pad * 2), pygame.SRCALPHA)
    shadow = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(4, img.get_width() // 12))
    base.blit(shadow, (pad + 3, pad + 5))
    base.blit(img, (pad, pad))
    return pygame.transform.rotozoom(base, angle, 1.0)


def draw_fan(surface, art, cards: list[str], centre, spread: float = 12.0, radius: int = 420,
             tilt: float = 0.0) -> None:
    """Cards fanned as in a hand, pivoting round a point ``radius`` px below ``centre``."""
    import math
    n = len(cards)
    for i, card in enumerate(cards):
        angle = tilt + (i - (n - 1) / 2) * spread
        img = rotated_card(art.face(card), -angle)
        a = math.radians(angle)
        cx = centre[0] + math.sin(a) * radius
        cy = centre[1] + radius - math.cos(a) * radius
        surface.blit(img, img.get_rect(center=(round(cx), round(cy))))


def draw_title(surface, text: str, subtitle: str | None = None, y: int = 26) -> int:
    """The heading of a menu screen, left-aligned; returns the y below it."""
    rect = blit_fit(surface, text, theme.FONT_BIG + 10, theme.TEXT, (48, y), "topleft", W - 96, bold=True)
    bottom = rect.bottom
    if subtitle:
        sub = blit_fit(surface, subtitle, theme.FONT, theme.TEXT_DIM, (50, bottom - 2), "topleft", W - 96)
        bottom = sub.bottom
    pygame.draw.line(surface, theme.ACCENT, (48, bottom + 8), (168, bottom + 8), 3)
    return bottom + 16


def focus_ring(surface, rect: pygame.Rect, radius: int = 12) -> None:
    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=radius + 2)


class FitButton(Button):
    """A button whose label shrinks to fit (long Bangla or Spanish words)."""

    def draw(self, surface, focused, hovered) -> None:
        fill, ink = self.colours(hovered)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (8, 14, 12), shadow, border_radius=12)
        pygame.draw.rect(surface, fill, self.rect, border_radius=12)
        if self.enabled:        # a thin light edge along the top, like a raised key
            pygame.draw.line(surface, tuple(min(255, c + 40) for c in fill[:3]),
                             (self.rect.x + 10, self.rect.y + 1), (self.rect.right - 10, self.rect.y + 1), 2)
        if focused:
            focus_ring(surface, self.rect)
        label = self.label() if callable(self.label) else self.label
        bold = self.style == "primary"
        blit_fit(surface, label, self.size, ink, self.rect.center, "center", self.rect.w - 28, bold)


class FitChoice(Choice):
    """A :class:`Choice` whose label and value shrink to fit; ``locked`` shows a fixed value
    (one possible choice) as plain information, without arrows and out of the Tab order."""

    def __init__(self, *args, locked: bool = False, value_size: int = theme.FONT, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.locked = locked
        self.value_size = value_size
        if locked:
            self.focusable = False

    def step(self, delta: int) -> None:
        if not self.locked:
            super().step(delta)

    def draw(self, surface, focused, hovered) -> None:
        if (hovered or focused) and not self.locked:
            pygame.draw.rect(surface, (40, 64, 58), self.rect, border_radius=10)
        if focused:
            focus_ring(surface, self.rect, 10)
        ink = theme.TEXT if self.enabled else theme.BUTTON_TEXT_DISABLED
        label = self.label() if callable(self.label) else self.label
        if label:
            blit_fit(surface, label, theme.FONT, ink, (self.rect.x + 14, self.rect.centery), "midleft",
                     self.label_width - 24)
        box = pygame.Rect(self.rect.x + self.label_width, self.rect.y + 4,
                          self.rect.w - self.label_width - 6, self.rect.h - 8)
        value = self.fmt(self.value)
        if self.locked:
            blit_fit(surface, value, self.value_size, theme.TEXT, box.center, "center", box.w - 16)
            return
        pygame.draw.rect(surface, theme.MENU_BG_DARK, box, border_radius=8)
        cy = box.centery
        arrow = theme.ACCENT if self.enabled else theme.BUTTON_TEXT_DISABLED
        pygame.draw.polygon(surface, arrow, [(box.x + 10, cy), (box.x + 20, cy - 7), (box.x + 20, cy + 7)])
        pygame.draw.polygon(surface, arrow, [(box.right - 10, cy), (box.right - 20, cy - 7),
                                             (box.right - 20, cy + 7)])
        blit_fit(surface, value, self.value_size, ink, box.center, "center", box.w - 60)

    def click(self, pos) -> None:
        """The left arrow steps back; anywhere else (right arrow, value, label) steps on."""
        box_x = self.rect.x + self.label_width
        self.step(-1 if box_x <= pos[0] < box_x + 44 else 1)


class FitTextField(TextField):
    """A :class:`TextField` with a fitted label and a clear focus ring round the whole row."""

    def draw(self, surface, focused, hovered) -> None:
        label = self.label() if callable(self.label) else self.label
        if label:
            blit_fit(surface, label, theme.FONT, theme.TEXT, (self.rect.x + 14, self.rect.centery),
                     "midleft", self.label_width - 24)
        box = pygame.Rect(self.rect.x + self.label_width, self.rect.y + 4,
                          self.rect.w - self.label_width - 6, self.rect.h - 8)
        pygame.draw.rect(surface, (250, 250, 246) if focused else (226, 228, 222), box, border_radius=8)
        if focused:
            focus_ring(surface, box, 8)
        caret = focused and pygame.time.get_ticks() // 500 % 2 == 0
        size = fit_size(self.text + "|", theme.FONT, box.w - 20)
        rect = blit_text(surface, self.text, size, theme.TEXT_DARK, (box.x + 10, box.centery), "midleft")
        if caret:
            x = rect.right + 2 if self.text else box.x + 10
            pygame.draw.line(surface, theme.TEXT_DARK, (x, box.y + 7), (x, box.bottom - 7), 2)


# --------------------------------------------------------------------------- base scene

class MenuScene(Scene):
    """A menu screen: a felt backdrop, a :class:`WidgetGroup`, focus always shown."""

    felt = (theme.FELT, theme.FELT_DARK)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui = WidgetGroup()
        self.build()
        self.focus_default()

    # subclasses fill the group here
    def build(self) -> None:
        pass

    def focus_default(self) -> None:
        if self.ui.focused is None or not self.ui.focused.enabled:
            self.ui.focus = None
            self.ui.move_focus(1)

    def enter(self) -> None:
        self.focus_default()

    def handle(self, event) -> None:
        if self.ui.handle(event):
            return
        super().handle(event)

    def update(self, dt: float) -> None:
        focused = self.ui.focused
        if focused is None or not focused.enabled or not focused.visible:
            self.focus_default()

    def draw_backdrop(self, surface) -> None:
        surface.blit(felt_backdrop(*self.felt), (0, 0))

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        self.ui.draw(surface)


def move_spatial(group: WidgetGroup, dx: int, dy: int) -> bool:
    """Move the focus to the nearest focusable widget in a direction (grids of tiles)."""
    current = group.focused
    if current is None:
        group.move_focus(1)
        return True
    cx, cy = current.rect.center
    best, best_cost = None, None
    for i in group.focusables():
        w = group.widgets[i]
        if w is current:
            continue
        ox, oy = w.rect.centerx - cx, w.rect.centery - cy
        along = ox * dx + oy * dy
        if along <= 0:
            continue
        across = abs(ox * dy) + abs(oy * dx)
        cost = along + across * 2
        if best_cost is None or cost < best_cost:
            best, best_cost = i, cost
    if best is None:
        return False
    group.focus = best
    return True


# --------------------------------------------------------------------------- opening saves

def table_scene_class():
    """The table for a session: ``table_for`` (Buraco's own table, else ``TableScene``)."""
    from game.scenes.tables import table_for
    return table_for


def open_saved(app, path: Path) -> bool:
    """Load the match at ``path`` and put it on the table. A damaged file is set aside
    (by :meth:`Session.load`) and explained in a toast; False if nothing was opened."""
    try:
        from game.session import Session     # the engine loads only when a match is opened
        session = Session.load(path)
    except DamagedFile as exc:
        app.tell_damaged(exc, "save")
        return False
    except Exception as exc:  # an unreadable save must never take the menu down
        log.exception("cannot load %s", path)
        app.toast(app.t("load.failed", reason=str(exc) or type(exc).__name__))
        return False
    if session is None:
        app.toast(app.t("load.missing", file=Path(path).name))
        return False
    try:
        scene_class = table_scene_class()
    except ImportError:
        log.exception("the table is not available")
        app.toast(app.t("common.coming_soon"))
        return False
    app.stack.push(scene_class(app, session))
    return True


def format_time(stamp: float) -> str:
    """A file date for the player: 2026-11-22 14:05, in the player's digits."""
    text = time.strftime("%Y-%m-%d  %H:%M", time.localtime(stamp))
    if i18n.native_digits():
        text = i18n.to_native_digits(text, i18n.language())
    return text


# --------------------------------------------------------------------------- main menu

MENU_FANS = (
    # (cards, centre, spread, tilt): Truco's four top cards on the left, 29's on the right
    (("7O", "7E", "1B", "1E"), (250, 492), 10.0, -8.0),
    (("10H", "AH", "9H", "JH"), (1030, 492), 10.0, 8.0),
)


ORNAMENT_Y = 196


def draw_suit_rule(surface, centre, colour=theme.ACCENT) -> None:
    """A thin gold rule with the four French suits in the middle: ── ♠ ♥ ♦ ♣ ──."""
    from game.ui.suit_shapes import Pen, draw_french
    cx, cy = centre
    step = 26
    for i, suit in enumerate("SHDC"):
        draw_french(Pen(surface, cx + (i - 1.5) * step, cy, 7.5), suit, colour)
    half = 2 * step
    pygame.draw.line(surface, colour, (cx - half - 150, cy), (cx - half - 10, cy), 2)
    pygame.draw.line(surface, colour, (cx + half + 10, cy), (cx + half + 150, cy), 2)


class MainMenuScene(MenuScene):
    """The first screen: Play, Continue, Load, Settings, Rules, Quit."""

    BUTTON_W, BUTTON_H, GAP = 360, 52, 12

    def build(self) -> None:
        t = self.app.t
        x = (W - self.BUTTON_W) // 2
        y = 272
        entries = [
            ("play", lambda: t("menu.play"), self.play, "primary", True),
            ("continue", lambda: t("menu.continue"), self.continue_match, "normal", self.has_autosave),
            ("load", lambda: t("menu.load"), self.load, "normal", True),
            ("settings", lambda: t("menu.settings"), self.open_settings, "normal", True),
            ("rules", lambda: t("menu.rules"), self.open_rules, "normal", True),
            ("quit", lambda: t("menu.quit"), self.app.quit, "normal", True),
        ]
        self.buttons: dict[str, FitButton] = {}
        for name, label, action, style, enabled in entries:
            rect = (x, y, self.BUTTON_W, self.BUTTON_H)
            self.buttons[name] = self.ui.add(FitButton(rect, label, action, enabled=enabled, style=style,
                                                       size=theme.FONT_BIG - 4))
            y += self.BUTTON_H + self.GAP
        self._decor: pygame.Surface | None = None
        self._decor_key = None

    def back(self) -> None:
        """Esc on the main menu does nothing: quitting is a deliberate choice."""

    # ----- actions
    def autosave_path(self) -> Path:
        return self.app.pref_dir / AUTOSAVE_FILE

    def has_autosave(self) -> bool:
        return self.autosave_path().is_file()

    def play(self) -> None:
        from game.scenes.picker import GamePickerScene
        self.app.stack.push(GamePickerScene(self.app))

    def continue_match(self) -> None:
        if self.has_autosave():
            open_saved(self.app, self.autosave_path())

    def load(self) -> None:
        self.app.stack.push(LoadScene(self.app))

    def open_settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene
        self.app.stack.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        from game.scenes.rules_help import RulesHelpScene
        self.app.stack.push(RulesHelpScene(self.app))

    # ----- drawing
    def decor(self) -> pygame.Surface:
        """The felt with its two fans of cards (cached per card look)."""
        key = self.app.settings.four_colour
        if self._decor is None or self._decor_key != key:
            surf = felt_backdrop().copy()
            art = self.app.cards(168)
            for cards, centre, spread, tilt in MENU_FANS:
                draw_fan(surf, art, list(cards), centre, spread, 460, tilt)
            draw_suit_rule(surf, (W // 2, ORNAMENT_Y))
            self._decor, self._decor_key = surf, key
        return self._decor

    def draw(self, surface) -> None:
        if self._decor is None and self.app.frames == 0:
            surface.blit(felt_backdrop(), (0, 0))   # the first frame comes fast; the cards join the next
        else:
            surface.blit(self.decor(), (0, 0))
        r = self.app.text
        title = self.app.t("app.title")
        size = fit_size(title, 100, W - 200, bold=True)
        shadow = r.render(title, size, (0, 0, 0), bold=True)
        img = r.render(title, size, theme.ACCENT, bold=True)
        rect = img.get_rect(midbottom=(W // 2, ORNAMENT_Y - 10))
        shadow.set_alpha(110)
        surface.blit(shadow, rect.move(3, 5))
        surface.blit(img, rect)
        tagline = self.app.t("menu_extra.tagline")
        blit_fit(surface, tagline, theme.FONT + 2, theme.TEXT, (W // 2, ORNAMENT_Y + 14), "midtop", W - 480)
        # a soft panel behind the buttons
        first = self.buttons["play"].rect
        last = self.buttons["quit"].rect
        panel = pygame.Rect(first.x - 24, first.y - 22, first.w + 48, last.bottom - first.y + 44)
        draw_panel(surface, panel, (6, 16, 12, 150), 20)
        self.ui.draw(surface)
        hint = self.app.t("menu_extra.keys_hint")
        blit_fit(surface, hint, theme.FONT_SMALL, theme.TEXT_DIM, (W // 2, H - 10), "midbottom", W - 80)


# --------------------------------------------------------------------------- load

class SaveRow(Button):
    """One saved match: file name and game on the left, date on the right."""

    def __init__(self, rect, path: Path, game: str, when: str, on_click) -> None:
        super().__init__(rect, path.stem, on_click)
        self.path, self.game, self.when = path, game, when

    def draw(self, surface, focused, hovered) -> None:
        fill = theme.BUTTON_HOVER if hovered or focused else (30, 44, 40)
        pygame.draw.rect(surface, fill, self.rect, border_radius=10)
        if focused:
            focus_ring(surface, self.rect, 10)
        x, cy = self.rect.x + 20, self.rect.centery
        date_rect = blit_text(surface, self.when, theme.FONT_SMALL, theme.TEXT_DIM,
                              (self.rect.right - 20, cy), "midright")
        room = date_rect.x - x - 24
        blit_fit(surface, self.path.stem, theme.FONT, theme.TEXT, (x, cy - 1), "bottomleft", room, bold=True)
        blit_fit(surface, self.game, theme.FONT_SMALL, theme.ACCENT, (x, cy + 1), "topleft", room)


class LoadScene(MenuScene):
    """The saved matches in ``<pref_dir>/saves``, newest first; Enter or a click opens one."""

    ROW_H, ROW_GAP, TOP, VISIBLE = 62, 8, 132, 7

    def saves_dir(self) -> Path:
        return self.app.pref_dir / SAVES_DIR

    def list_saves(self) -> list[tuple[Path, float]]:
        folder = self.saves_dir()
        try:
            files = [p for p in folder.glob("*.toml") if p.is_file() and ".damaged-" not in p.name]
        except OSError:
            return []
        out = []
        for p in files:
            try:
                out.append((p, p.stat().st_mtime))
            except OSError:
                continue
        return sorted(out, key=lambda e: (-e[1], e[0].name))

    def describe(self, path: Path) -> str:
        """The game's name and the number of players, read from the file (cheaply, within bounds)."""
        from game.session import describe_save
        found = describe_save(path)
        if found is None:
            return self.app.t("load.unreadable")
        game, players = found
        name = self.app.t(f"games.{game}")
        return name if players is None else self.app.t("load.game_players", name=name, n=players)

    def build(self) -> None:
        from game.session import check_saves
        for damage in check_saves(self.saves_dir()):     # what cannot be opened goes aside now
            self.app.tell_damaged(damage, "save")
        self.scroll = 0
        self.rows: list[SaveRow] = []
        x, w = 160, W - 320
        for i, (path, mtime) in enumerate(self.list_saves()):
            rect = (x, self.TOP + i * (self.ROW_H + self.ROW_GAP), w, self.ROW_H)
            row = SaveRow(rect, path, self.describe(path), format_time(mtime),
                          functools.partial(self.open, path))
            self.rows.append(self.ui.add(row))
        self.back_button = self.ui.add(FitButton((48, H - 80, 220, 52), lambda: self.app.t("buttons.back"),
                                                 self.app.stack.pop))

    def rebuild(self) -> None:
        self.ui.clear()
        self.build()
        self.focus_default()

    def open(self, path: Path) -> None:
        if not open_saved(self.app, path):
            self.rebuild()          # the damaged file has been set aside: drop it from the list

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return
        super().handle(event)
        self.keep_focus_visible()

    def scroll_by(self, rows: int) -> None:
        most = max(0, len(self.rows) - self.VISIBLE)
        self.scroll = max(0, min(most, self.scroll + rows))
        self.place_rows()

    def keep_focus_visible(self) -> None:
        focused = self.ui.focused
        if focused in self.rows:
            i = self.rows.index(focused)
            if i < self.scroll:
                self.scroll = i
            elif i >= self.scroll + self.VISIBLE:
                self.scroll = i - self.VISIBLE + 1
            self.place_rows()

    def place_rows(self) -> None:
        for i, row in enumerate(self.rows):
            j = i - self.scroll
            row.visible = 0 <= j < self.VISIBLE
            row.rect.y = self.TOP + j * (self.ROW_H + self.ROW_GAP)

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        draw_title(surface, self.app.t("load.title"))
        panel = pygame.Rect(136, self.TOP - 20, W - 272, self.VISIBLE * (self.ROW_H + self.ROW_GAP) + 32)
        draw_panel(surface, panel, theme.PANEL, 18)
        if not self.rows:
            blit_wrapped(surface, self.app.t("load.empty"), theme.FONT, theme.TEXT_DIM,
                         (panel.x + 40, panel.centery - 40), panel.w - 80, align="center")
        self.ui.draw(surface)
        if self.scroll > 0:
            _arrow(surface, (W // 2, self.TOP - 8), up=True)
        if self.scroll + self.VISIBLE < len(self.rows):
            _arrow(surface, (W // 2, panel.bottom - 6), up=False)


def _arrow(surface, centre, up: bool) -> None:
    x, y = centre
    d = -1 if up else 1
    pygame.draw.polygon(surface, theme.ACCENT, [(x - 12, y - 5 * d), (x + 12, y - 5 * d), (x, y + 7 * d)])
