"""The main menu and the list of saved matches.

:class:`MainMenuScene` is the first screen: the app's name over a felt table with a
few cards on it, and Play, Continue, Load, Settings, Rules, Quit. Esc does nothing
here (no accidental quit). :class:`LoadScene` lists the matches in
``<pref_dir>/saves``; :func:`open_saved` puts a saved match on the table.

What the menu screens share lives below the scenes: :class:`~game.scenes.base.MenuScene`,
and in :mod:`game.ui` the fitted widgets, the felt, the title and the fans of cards.
"""
from __future__ import annotations

import functools
import logging
import time
from pathlib import Path

import pygame

from game import i18n
from game.scenes.base import MenuScene
from game.storage import AUTOSAVE_FILE, DamagedFile
from game.ui import gfx, theme
from game.ui.fan import draw_fan
from game.ui.felt import felt_backdrop
from game.ui.fit import blit_fit, blit_wrapped, draw_title, draw_warning, fit_size, focus_ring
from game.ui.fit_widgets import FitButton
from game.ui.input import BACK, BUTTON_LABELS, CONFIRM
from game.ui.widgets import Button, WidgetGroup, blit_text, draw_panel

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT
SAVES_DIR = "saves"


# --------------------------------------------------------------------------- opening saves

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
        app.toast(app.t("load.failed", reason=str(exc) or type(exc).__name__), kind="error")
        return False
    if session is None:
        app.toast(app.t("load.missing", file=Path(path).name), kind="error")
        return False
    try:
        table = app.table_scene(session)
    except ImportError:
        log.exception("the table is not available")
        app.toast(app.t("common.coming_soon"), kind="info")
        return False
    app.stack.push(table)
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
    gfx.draw.line(surface, colour, (cx - half - 150, cy), (cx - half - 10, cy), 2)
    gfx.draw.line(surface, colour, (cx + half + 10, cy), (cx + half + 150, cy), 2)


class MainMenuScene(MenuScene):
    """The first screen: Play, Continue, Load, Settings, Rules, Quit."""

    BUTTON_W, BUTTON_H, GAP = 360, 52, 12
    #: notices on the left, over bare felt: clear of the title, the buttons and what Continue says
    TOAST_AT = ("topleft", (24, 236), 380)

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
        self.buttons["continue"].tooltip = self.continue_words
        self._continue_words: tuple | None = None
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

    def continue_words(self) -> str | None:
        """Which match Continue resumes: game, players, deal and score (None without one).
        Read once per version of the autosave, and not before the second frame (the first
        frame comes fast; the autosave has been opened by then)."""
        path = self.autosave_path()
        try:
            st = path.stat()
        except OSError:
            return None
        stamp = (st.st_mtime_ns, st.st_size, self.app.settings.language, self.app.settings.native_digits)
        if self._continue_words is None or self._continue_words[0] != stamp:
            if self.app.frames < 2:
                return None
            from game.session import peek_summary
            summary = peek_summary(path)
            words = None
            if summary is not None:
                title, detail = describe_match(self.app, summary)
                words = self.app.t("menu_extra.continue_what", game=title, detail=detail)
            self._continue_words = (stamp, words)
        return self._continue_words[1]

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
        key = (self.app.settings.four_colour, gfx.generation())
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
        words = self.continue_words() if self.has_autosave() else None
        if words:                           # beside the Continue button, over bare felt
            button = self.buttons["continue"].rect
            img = self.app.text.render_wrapped(words, theme.FONT_SMALL - 2, W - panel.right - 48, theme.ACCENT)
            surface.blit(img, img.get_rect(midleft=(panel.right + 24, button.centery)))
        hint = self.app.t("menu_extra.keys_hint")
        if self.app.pads.pads:                  # a controller is plugged in: its buttons
            hint = self.app.t("pads.menu_hint", a=BUTTON_LABELS[CONFIRM], b=BUTTON_LABELS[BACK])
        blit_fit(surface, hint, theme.FONT_SMALL, theme.TEXT_DIM, (W // 2, H - 10), "midbottom", W - 80)


# --------------------------------------------------------------------------- load

class SaveRow(Button):
    """One saved match: the game and its players, the deal and the score under them, the
    date on the right."""

    def __init__(self, rect, path: Path, title: str, detail: str, when: str, on_click) -> None:
        super().__init__(rect, path.stem, on_click)
        self.path, self.title, self.detail, self.when = path, title, detail, when

    @property
    def game(self) -> str:                  # what the row says first (tests and tools read it)
        return self.title

    def draw(self, surface, focused, hovered) -> None:
        fill = theme.BUTTON_HOVER if hovered or focused else (30, 44, 40)
        gfx.draw.rect(surface, fill, self.rect, border_radius=10)
        if focused:
            focus_ring(surface, self.rect, 10)
        x, cy = self.rect.x + 20, self.rect.centery
        date_rect = blit_text(surface, self.when, theme.FONT_SMALL, theme.TEXT_DIM,
                              (self.rect.right - 20, cy), "midright")
        room = date_rect.x - x - 24
        blit_fit(surface, self.title, theme.FONT, theme.TEXT, (x, cy - 1), "bottomleft", room, bold=True)
        blit_fit(surface, self.detail, theme.FONT_SMALL, theme.ACCENT, (x, cy + 1), "topleft", room)


def score_text(app, score) -> str:
    """A score for the player: 120 : 80 (each side or player, in the player's digits; a
    colon, not a dash, so that a negative score reads right: -30 : 120)."""
    return " : ".join(app.num(x) for x in score)


def describe_match(app, summary: dict | None) -> tuple[str, str]:
    """(game · players · names, deal and score) for a save's summary."""
    if summary is None:
        return app.t("load.unreadable"), ""
    name = app.t(f"games.{summary['game']}")
    title = app.t("load.game_players", name=name, n=summary["players"])
    names = ", ".join(n for n in summary["names"] if n)
    if names:
        title = f"{title} · {names}"
    detail = app.t("load.row_detail", deal=summary["deal"], score=score_text(app, summary["score"]))
    return title, detail


class LoadScene(MenuScene):
    """The saved matches in ``<pref_dir>/saves``, newest first, each with its game, players,
    deal, score and date; Enter or a click opens one; its Delete button (or the Delete key)
    asks first, then deletes that file and nothing else."""

    ROW_H, ROW_GAP, TOP, VISIBLE = 62, 8, 132, 7
    DELETE_W = 120

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

    def describe(self, path: Path) -> tuple[str, str]:
        """What the row says: the game, the players and their names; the deal and the score."""
        from game.session import save_summary
        return describe_match(self.app, save_summary(path))

    def build(self) -> None:
        from game.session import check_saves
        for damage in check_saves(self.saves_dir()):     # what cannot be opened goes aside now
            self.app.tell_damaged(damage, "save")
        self.scroll = getattr(self, "scroll", 0)
        self.confirming: Path | None = getattr(self, "confirming", None)
        self.rows: list[SaveRow] = []
        self.deletes: list[FitButton] = []
        x, w = 160, W - 320 - self.DELETE_W - 12
        for i, (path, mtime) in enumerate(self.list_saves()):
            rect = (x, self.TOP + i * (self.ROW_H + self.ROW_GAP), w, self.ROW_H)
            title, detail = self.describe(path)
            row = SaveRow(rect, path, title, detail, format_time(mtime), functools.partial(self.open, path))
            self.rows.append(self.ui.add(row))
            delete = FitButton((x + w + 12, rect[1] + 6, self.DELETE_W, self.ROW_H - 12),
                               lambda: self.app.t("load.delete"), functools.partial(self.ask_delete, path),
                               size=theme.FONT_SMALL, tooltip=lambda: self.app.t("load.delete_tip"))
            self.deletes.append(self.ui.add(delete))
        self.back_button = self.ui.add(FitButton((48, H - 80, 220, 52), lambda: self.app.t("buttons.back"),
                                                 self.app.stack.pop))
        self.confirm_ui = WidgetGroup()
        self.confirm_panel = pygame.Rect(0, 0, 660, 300)
        self.confirm_panel.center = (W // 2, H // 2)
        by = self.confirm_panel.bottom - 28 - 52
        self.cancel_button = self.confirm_ui.add(FitButton(
            (self.confirm_panel.x + 40, by, 260, 52), lambda: self.app.t("buttons.cancel"), self.cancel_delete))
        self.delete_button = self.confirm_ui.add(FitButton(
            (self.confirm_panel.right - 300, by, 260, 52), lambda: self.app.t("load.delete"), self.delete,
            style="danger"))
        self.confirm_ui.set_focus(self.cancel_button)
        self.scroll = max(0, min(self.scroll, max(0, len(self.rows) - self.VISIBLE)))
        self.place_rows()

    def rebuild(self) -> None:
        self.ui.clear()
        self.build()
        self.focus_default()

    def open(self, path: Path) -> None:
        if not open_saved(self.app, path):
            self.rebuild()          # the damaged file has been set aside: drop it from the list

    # ----- deleting (asks first; only that file goes)
    def ask_delete(self, path: Path) -> None:
        self.confirming = path
        self.confirm_ui.set_focus(self.cancel_button)

    def cancel_delete(self) -> None:
        self.confirming = None

    def delete(self) -> None:
        path, self.confirming = self.confirming, None
        if path is None:
            return
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.app.toast(self.app.t("load.delete_failed", reason=exc.strerror or str(exc)), kind="error")
            return
        self.app.toast(self.app.t("load.deleted", file=path.name), kind="success")
        self.rebuild()

    def back(self) -> None:
        if self.confirming is not None:
            self.cancel_delete()
        else:
            super().back()

    def handle(self, event) -> None:
        if self.confirming is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.cancel_delete()
            elif event.type in (pygame.KEYDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
                if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                    self.confirm_ui.move_focus(1)
                else:
                    self.confirm_ui.handle(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            row = self.row_of(self.ui.focused)
            if row is not None:
                self.ask_delete(row.path)
                return
        super().handle(event)
        if event.type == pygame.KEYDOWN:        # the keyboard moved the focus: scroll to it
            self.keep_focus_visible()

    def row_of(self, widget) -> SaveRow | None:
        if widget in self.rows:
            return widget
        if widget in self.deletes:
            return self.rows[self.deletes.index(widget)]
        return None

    def scroll_by(self, rows: int) -> None:
        """The wheel scrolls the list; a focused row scrolled out of view hands the focus to
        the nearest visible row (so the next mouse event does not scroll the list back)."""
        most = max(0, len(self.rows) - self.VISIBLE)
        self.scroll = max(0, min(most, self.scroll + rows))
        self.place_rows()
        focused = self.ui.focused
        row = self.row_of(focused)
        if row is not None and not row.visible:
            i = min(max(self.rows.index(row), self.scroll), self.scroll + self.VISIBLE - 1)
            self.ui.set_focus(self.rows[i])

    def keep_focus_visible(self) -> None:
        row = self.row_of(self.ui.focused)
        if row is not None:
            i = self.rows.index(row)
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
            if i < len(self.deletes):
                self.deletes[i].visible = row.visible
                self.deletes[i].rect.y = row.rect.y + 6

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
        if self.confirming is not None:
            dim = gfx.Surface((W, H), pygame.SRCALPHA)
            dim.fill((0, 0, 0, 150))
            surface.blit(dim, (0, 0))
            path = self.confirming
            title = next((r.title for r in self.rows if r.path == path), path.stem)
            when = next((r.when for r in self.rows if r.path == path), "")
            draw_warning(surface, self.confirm_panel, self.app.t("load.delete_title"),
                         self.app.t("load.delete_text", name=title, date=when.strip()))
            self.confirm_ui.draw(surface)


def _arrow(surface, centre, up: bool) -> None:
    x, y = centre
    d = -1 if up else 1
    gfx.draw.polygon(surface, theme.ACCENT, [(x - 12, y - 5 * d), (x + 12, y - 5 * d), (x, y + 7 * d)])
