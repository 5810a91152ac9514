"""The application: window, main loop, shared services and the scene stack.

Scenes reach everything they share through the :class:`App`: settings,
strings (``app.t``), shaped text, card art, sound, the preferences folder,
short messages (``app.toast``) and the stack itself. The loop can also be
stepped by hand (``app.step``) so tests and the screenshot command drive
scenes headless with posted events.

The app is where scenes lead: a scene that goes *up* the stack of screens (the
pause overlay back to the main menu, a match result to a new table, the menu
or the match setup to a table) asks ``app.menu_scene()`` or
``app.table_scene(session)`` instead of importing the scene above it, so no
import runs upwards (scenes import :mod:`game.ui`; the app imports scenes).
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame

from game import i18n
from game.scenes.base import SceneStack
from game.settings import load_settings, save_settings
from game.storage import AUTOSAVE_FILE, SAVES_DIR, DamagedFile, clean_temp_files
from game.ui import theme
from game.ui.sound import Sound
from game.ui.text import default_renderer
from game.ui.widgets import draw_panel

log = logging.getLogger(__name__)
ORG, APP_NAME = "Taash", "Taash"


def default_pref_dir() -> Path:
    override = os.environ.get("TAASH_HOME")
    if override:
        return Path(override)
    try:
        return Path(pygame.system.get_pref_path(ORG, APP_NAME))
    except (pygame.error, AttributeError):
        return Path.home() / ".taash"


class App:
    def __init__(self, pref_dir: str | Path | None = None, headless: bool = False) -> None:
        pygame.init()
        self.headless = headless
        self.pref_dir = Path(pref_dir) if pref_dir is not None else default_pref_dir()
        self.toasts: list[list] = []          # [text, seconds left]
        self.home_problem: str | None = None  # why nothing can be saved in pref_dir, once known
        self.home_checked = False
        self._told_settings_unsaved = False
        try:
            self.pref_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:                # e.g. a file where the folder should be
            self.home_problem = exc.strerror or type(exc).__name__
            log.warning("cannot use %s: %s", self.pref_dir, exc)
        for folder in (self.pref_dir, self.pref_dir / SAVES_DIR):
            clean_temp_files(folder)          # leftovers of a write that was killed
        self.settings, damage = load_settings(self.pref_dir)
        self.apply_language()
        if damage is not None:
            self.tell_damaged(damage, "settings")
        # SCALED needs a renderer: a headless (dummy-driver) window draws the same 1280x720 without it.
        flags = 0 if headless else pygame.SCALED | pygame.RESIZABLE
        if self.settings.fullscreen and not headless:
            flags |= pygame.FULLSCREEN
        self.screen = pygame.display.set_mode((theme.WIDTH, theme.HEIGHT), flags)
        pygame.display.set_caption("Taash")
        pygame.key.set_repeat(350, 40)
        self.text = default_renderer()
        self.sound = Sound(self.settings.sound, self.settings.volume / 100)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self._card_art: dict = {}
        self.frames = 0

    # ----- services ------------------------------------------------------------
    def t(self, key: str, **params) -> str:
        return i18n.t(key, **params)

    def num(self, n) -> str:
        return i18n.digits(n)

    def apply_language(self) -> None:
        i18n.set_language(self.settings.language, native_digits=self.settings.native_digits)
        for lang in i18n.take_load_problems():
            # in English when the player's own file is the broken one (that is what shows)
            self.toast(self.t("errors.locale_damaged", name=i18n.language_name(lang)))

    def tell_damaged(self, damage: DamagedFile, kind: str) -> None:
        """Tell the player, in his language, what became of a file that could not
        be opened (``kind``: "settings" or "save"): set aside, or left as it was."""
        if damage.moved_to is not None:
            self.toast(self.t(f"errors.{kind}_damaged", file=damage.moved_to.name), 7.0)
        else:
            self.toast(self.t(f"errors.{kind}_kept", file=damage.path.name), 7.0)

    def check_home(self) -> None:
        """Open the autosave and the saves once, soon after start (not before the
        first frame): whatever cannot be opened is set aside and told now, not
        overwritten later."""
        self.home_checked = True
        from game.session import check_save, check_saves
        found = []
        if (self.pref_dir / AUTOSAVE_FILE).exists():
            damage = check_save(self.pref_dir / AUTOSAVE_FILE)
            if damage is not None:
                found.append(damage)
        found.extend(check_saves(self.pref_dir / SAVES_DIR))
        for damage in found:
            self.tell_damaged(damage, "save")

    def save_settings(self) -> None:
        try:
            save_settings(self.pref_dir, self.settings)
        except OSError as exc:
            log.warning("cannot save settings: %s", exc)
            if not self._told_settings_unsaved:     # once: the choices still apply now
                self._told_settings_unsaved = True
                self.toast(self.t("errors.settings_unsaved", reason=exc.strerror or str(exc)))
        self.apply_language()
        self.sound.enabled = self.settings.sound
        self.sound.volume = self.settings.volume / 100
        self._card_art.clear()

    def cards(self, height: int):
        """Card art at ``height`` px, cached, with the four-colour setting."""
        from game.ui.card_art import CardArt
        key = (height, self.settings.four_colour)
        art = self._card_art.get(key)
        if art is None:
            art = self._card_art[key] = CardArt(height, four_colour=self.settings.four_colour)
        return art

    def toast(self, text: str, seconds: float = 4.0) -> None:
        self.toasts.append([text, seconds])
        log.info("toast: %s", text)

    def speed(self) -> float:
        return self.settings.speed_factor

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        if not self.headless:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as exc:
                log.info("fullscreen toggle failed: %s", exc)
        self.save_settings()

    def quit(self) -> None:
        self.running = False

    # ----- where scenes lead --------------------------------------------------------
    def menu_scene(self):
        """A fresh main menu."""
        from game.scenes.menu import MainMenuScene
        return MainMenuScene(self)

    def table_scene(self, session):
        """The table for ``session`` (Buraco's own table, else the trick table)."""
        from game.scenes.tables import table_for     # the tables load when a match is opened
        return table_for(self, session)

    # ----- the loop --------------------------------------------------------------
    def step(self, dt: float, events: list | None = None) -> None:
        """One frame: events, update, draw (the screen is not flipped)."""
        for event in pygame.event.get() if events is None else events:
            if event.type == pygame.QUIT:
                top = self.stack.top
                if hasattr(top, "on_quit"):
                    top.on_quit()
                self.running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            else:
                self.stack.handle(event)
        self.stack.update(dt)
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self.draw()
        self.frames += 1
        if self.frames == 2 and not self.home_checked:
            try:
                self.check_home()
            except Exception:                     # checking must never stop the game
                log.exception("checking the saved files failed")

    def draw(self) -> None:
        self.screen.fill(theme.MENU_BG)
        self.stack.draw(self.screen)
        y = 16
        for text, _ in self.toasts[-3:]:
            img = self.text.render_wrapped(text, theme.FONT_SMALL, 700, theme.TEXT)
            rect = img.get_rect(midtop=(theme.WIDTH // 2, y)).inflate(28, 16)
            draw_panel(self.screen, rect, (120, 40, 30, 235), 10)
            self.screen.blit(img, img.get_rect(center=rect.center))
            y = rect.bottom + 8

    def run(self, first_scene=None) -> int:
        self.stack.push(first_scene or self.menu_scene())
        while self.running and self.stack.top is not None:
            # no frame cap before the first frame: it is shown as soon as it is drawn
            dt = min(self.clock.tick(60 if self.frames else 0) / 1000.0, 0.1)
            self.step(dt)
            pygame.display.flip()
            if self.frames == 1 and os.environ.get("TAASH_EXIT_AFTER_FIRST_FRAME"):
                break           # used by `bench --ui` to time the first frame
            if self.frames == 2:
                self.sound.warm()
        pygame.quit()
        return 0


def configure_logging() -> None:
    logging.basicConfig(level=logging.INFO if os.environ.get("TAASH_DEBUG") else logging.WARNING)


def run_app() -> int:
    configure_logging()
    app = App()
    return app.run()

