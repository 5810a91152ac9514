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
import time
from pathlib import Path

import pygame

from game import i18n
from game.resources import resource_path
from game.scenes.base import SceneStack
from game.settings import load_settings, save_settings, settings_path
from game.storage import AUTOSAVE_FILE, SAVES_DIR, DamagedFile, clean_temp_files
from game.ui import gfx, theme
from game.ui.input import PadInput
from game.ui.sound import Sound
from game.ui.text import default_renderer
from game.ui.widgets import draw_panel

log = logging.getLogger(__name__)
ORG, APP_NAME = "Taash", "Taash"
WINDOW_ICON_PX = 64          # X11 and Windows scale it for the taskbar and Alt-Tab


def default_pref_dir() -> Path:
    override = os.environ.get("TAASH_HOME")
    if override:
        return Path(override)
    try:
        return Path(pygame.system.get_pref_path(ORG, APP_NAME))
    except (pygame.error, AttributeError):
        return Path.home() / ".taash"


def set_window_icon() -> None:
    """The window's (and the taskbar's) icon: Taash's own, drawn by tools/make_icons.py.
    Before the window opens, so every platform takes it; a missing file changes nothing."""
    path = resource_path("assets", "icons", "hicolor", f"{WINDOW_ICON_PX}x{WINDOW_ICON_PX}", "apps",
                         "taash.png")
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, OSError, FileNotFoundError) as exc:
        log.info("no window icon: %s", exc)


def ensure_utf8_text_input() -> None:
    """Under a non-UTF-8 locale (LANG=C, POSIX) SDL's X11 input method cannot compose
    letters such as á or ñ and typed names lose them: give SDL a UTF-8 character type."""
    if os.name == "nt":
        return
    ctype = os.environ.get("LC_ALL") or os.environ.get("LC_CTYPE") or os.environ.get("LANG") or "C"
    if "utf-8" in ctype.lower() or "utf8" in ctype.lower():
        return
    if os.environ.get("LC_ALL"):
        os.environ["LC_ALL"] = "C.UTF-8"
    os.environ["LC_CTYPE"] = "C.UTF-8"


def first_window_size() -> tuple[int, int]:
    """The window at start: 16:9, about 90 % of the desktop (1280x720 if it is unknown)."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return theme.WIDTH, theme.HEIGHT
    if dw <= 0 or dh <= 0:
        return theme.WIDTH, theme.HEIGHT
    k = min(dw * 0.9 / theme.WIDTH, dh * 0.85 / theme.HEIGHT)
    return max(640, round(theme.WIDTH * k)), max(360, round(theme.HEIGHT * k))


class WindowView:
    """Where the logical 1280x720 picture sits in a window of ``size`` pixels: its scale
    (physical px per logical unit), offset (letterbox) and the mapping of mouse positions."""

    def __init__(self, size: tuple[int, int] = (theme.WIDTH, theme.HEIGHT)) -> None:
        self.size = w, h = max(1, size[0]), max(1, size[1])
        self.scale = min(w / theme.WIDTH, h / theme.HEIGHT)
        self.picture = (round(theme.WIDTH * self.scale), round(theme.HEIGHT * self.scale))
        self.offset = ((w - self.picture[0]) // 2, (h - self.picture[1]) // 2)
        self.direct = self.scale == 1.0 and self.offset == (0, 0)

    def bars(self) -> list[pygame.Rect]:
        (w, h), (pw, ph), (ox, oy) = self.size, self.picture, self.offset
        out = []
        if ox > 0:
            out += [pygame.Rect(0, 0, ox, h), pygame.Rect(ox + pw, 0, w - ox - pw, h)]
        if oy > 0:
            out += [pygame.Rect(0, 0, w, oy), pygame.Rect(0, oy + ph, w, h - oy - ph)]
        return out

    def logical(self, pos) -> tuple[int, int]:
        """A window position in logical coordinates (outside the picture: off the edge)."""
        return (int((pos[0] - self.offset[0]) // self.scale), int((pos[1] - self.offset[1]) // self.scale))

    def to_logical(self, event):
        """A mouse event with its position (and motion) in logical coordinates."""
        if self.direct or event.type not in _MOUSE_EVENTS or "pos" not in event.dict:
            return event
        data = dict(event.dict)
        data["pos"] = self.logical(event.pos)
        if "rel" in data:
            data["rel"] = (round(data["rel"][0] / self.scale), round(data["rel"][1] / self.scale))
        return pygame.event.Event(event.type, data)


_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class App:
    def __init__(self, pref_dir: str | Path | None = None, headless: bool = False,
                 size: tuple[int, int] | None = None) -> None:
        # real pixels on Windows at 125 % / 150 % (else Windows blows up a blurry picture)
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        ensure_utf8_text_input()
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
        first_start = not settings_path(self.pref_dir).exists()
        self.settings, damage = load_settings(self.pref_dir)
        if first_start and damage is None and self.home_problem is None:
            self._keep_first_start_settings()
        self._card_art: dict = {}
        # parsed locale files are kept between runs (a faster start); none in a home we cannot use
        i18n.CACHE_DIR = self.pref_dir / "cache" if self.home_problem is None else None
        self.apply_language()
        if damage is not None:
            self.tell_damaged(damage, "settings")
        self.window = self.screen = None
        self.view = WindowView()
        self.windowed_size = size or ((theme.WIDTH, theme.HEIGHT) if headless else first_window_size())
        self.fullscreen = bool(self.settings.fullscreen and not headless)
        set_window_icon()
        self.open_window()
        pygame.display.set_caption(APP_NAME)
        pygame.key.set_repeat(350, 40)
        self.text = default_renderer()
        self.sound = Sound(self.settings.sound, self.settings.volume / 100)
        self.stack = SceneStack()
        self.pads = PadInput(self._pad_notice)     # controllers and joysticks (hot-plug)
        self.pads.start()
        self.clock = pygame.time.Clock()
        self.running = True
        self._busy_until = 0.0
        self._last_frame = 0.0
        self._top_seen = None
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
            self.toast(self.t("errors.locale_damaged", name=i18n.language_name(lang)), kind="error")

    def tell_damaged(self, damage: DamagedFile, kind: str) -> None:
        """Tell the player, in his language, what became of a file that could not
        be opened (``kind``: "settings" or "save"): set aside, or left as it was."""
        if damage.moved_to is not None:
            self.toast(self.t(f"errors.{kind}_damaged", file=damage.moved_to.name), 7.0, kind="error")
        else:
            self.toast(self.t(f"errors.{kind}_kept", file=damage.path.name), 7.0, kind="error")

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

    def _keep_first_start_settings(self) -> None:
        """Write the first start's settings (the system's language) at once, so the next
        start keeps that language even if the system's changes. Quietly: if the home
        cannot be written, the home check tells the player later, once."""
        try:
            save_settings(self.pref_dir, self.settings)
        except OSError as exc:
            log.info("first-start settings not saved: %s", exc)

    def save_settings(self) -> None:
        try:
            save_settings(self.pref_dir, self.settings)
        except OSError as exc:
            log.warning("cannot save settings: %s", exc)
            if not self._told_settings_unsaved:     # once: the choices still apply now
                self._told_settings_unsaved = True
                self.toast(self.t("errors.settings_unsaved", reason=exc.strerror or str(exc)), kind="error")
        self.apply_language()
        self.sound.enabled = self.settings.sound
        self.sound.volume = self.settings.volume / 100
        self._card_art.clear()

    def cards(self, height: int):
        """Card art ``height`` logical px high (drawn at the window's real size), cached,
        with the four-colour setting."""
        from game.ui.card_art import CardArt, ScaledArt
        k = gfx.scale()
        key = (height, self.settings.four_colour, k)
        art = self._card_art.get(key)
        if art is None:
            if k == 1.0:
                art = CardArt(height, four_colour=self.settings.four_colour)
            else:
                art = ScaledArt(height, k, four_colour=self.settings.four_colour)
            self._card_art[key] = art
        return art

    def toast(self, text: str, seconds: float = 4.0, kind: str = "info") -> None:
        """A short notice: ``kind`` "error" (a problem: red, always said), "success" (done:
        green) or "info" (neutral, the default). Each scene says where notices go (``TOAST_AT``): where they
        cover nothing important — never a screen's title."""
        self.toasts.append(Toast(text, seconds, kind))
        log.info("toast (%s): %s", kind, text)

    def _pad_notice(self, kind: str, pad, seat_name: str | None) -> None:
        """A controller was plugged in or pulled out: say so (and whose seat is free again)."""
        n = self.num(pad.number)
        if kind == "connected":
            self.toast(self.t("pads.connected", n=n))
        elif seat_name is not None:
            self.toast(self.t("pads.disconnected_seat", n=n, name=seat_name), 6.0)
        else:
            self.toast(self.t("pads.disconnected", n=n))

    def speed(self) -> float:
        return self.settings.speed_factor

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop's resolution, or back to the window it was."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.fullscreen = self.settings.fullscreen
        if not self.headless:
            try:
                self.open_window()
            except pygame.error as exc:
                log.info("fullscreen toggle failed: %s", exc)
                self.fullscreen = not self.fullscreen
                self.open_window()
        self.save_settings()

    # ----- the window: any size, letterboxed, drawn at its real resolution ------------
    def open_window(self) -> None:
        """(Re)open the window: fullscreen at the desktop size, else resizable."""
        if self.fullscreen:
            self._window_to_corner()
            window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            # a headless (dummy-driver) window has no size to change but the one asked
            flags = 0 if self.headless else pygame.RESIZABLE
            window = pygame.display.set_mode(self.windowed_size, flags)
            self._window_back()
        self.use_window(window)

    def _sdl_window(self):
        """The SDL window behind the display module (None headless, or if SDL cannot say)."""
        if self.headless or pygame.display.get_surface() is None:
            return None
        try:
            import warnings
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None

    def _window_to_corner(self) -> None:
        """Before F11: move the window to the screen's corner. SDL makes the same window
        fullscreen where it stands; with no window manager (or one that ignores the request)
        a window that was not at (0, 0) would hang off the screen, its right and bottom cut
        (seen under Xvfb). Its place is remembered for the way back."""
        win = self._sdl_window()
        if win is None:
            return
        try:
            self._windowed_pos = tuple(win.position)
            win.position = (0, 0)
            pygame.event.pump()
        except pygame.error as exc:
            log.info("cannot move the window: %s", exc)

    def _window_back(self) -> None:
        pos = getattr(self, "_windowed_pos", None)
        win = self._sdl_window() if pos is not None else None
        if win is None:
            return
        self._windowed_pos = None
        try:
            desk = pygame.display.get_desktop_sizes()[0]
            w, h = self.windowed_size
            if w >= desk[0] - 16 and h >= desk[1] - 80:     # it was maximized: maximized again
                win.maximize()
                return
            win.position = (max(0, min(pos[0], desk[0] - w)), max(0, min(pos[1], desk[1] - h)))
        except (pygame.error, IndexError) as exc:
            log.info("cannot move the window back: %s", exc)

    def use_window(self, window: pygame.Surface) -> None:
        """Fit the logical 1280x720 picture into ``window`` (letterboxed)."""
        self.window = window
        old = gfx.scale()
        self.view = WindowView(window.get_size())
        gfx.set_scale(self.view.scale)
        if self.view.direct:
            self.screen = window
        else:
            self.screen = gfx.Surface((theme.WIDTH, theme.HEIGHT))
        if gfx.scale() != old:
            self._card_art.clear()

    def resized(self, size) -> None:
        """The window was resized (by the player, or maximized)."""
        if self.fullscreen:
            return
        if tuple(size) != tuple(self.window.get_size()):
            window = pygame.display.get_surface()
            if window is None or window.get_size() != tuple(size):
                window = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            window = pygame.display.get_surface() or self.window
        self.windowed_size = tuple(size)
        self.use_window(window)

    def present(self) -> None:
        """Put the frame on the window: black bars where the aspect differs."""
        if self.view.direct:
            return
        bars = self.view.bars()
        if bars:
            for rect in bars:
                self.window.fill((0, 0, 0), rect)
        pygame.Surface.blit(self.window, self.screen, self.view.offset)

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
            event = self.view.to_logical(event)
            if event.type == pygame.VIDEORESIZE:
                self.resized(event.size)
            elif event.type == pygame.QUIT:
                top = self.stack.top
                if hasattr(top, "on_quit"):
                    top.on_quit()
                self.running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            elif self.pads.owns(event):           # a controller: the keys it stands for
                for key_event in self.pads.translate(event):
                    self.stack.handle(key_event)
            else:
                self.stack.handle(event)
        for key_event in self.pads.update(dt):    # a held direction repeats
            self.stack.handle(key_event)
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
        for toast, img, rect in self.toast_layout():
            fill, edge = TOAST_STYLES[toast.kind]
            draw_panel(self.screen, rect, fill, 10)
            gfx.draw.rect(self.screen, edge, rect, 2, border_radius=10)
            self.screen.blit(img, img.get_rect(center=rect.center))

    def toast_layout(self) -> list[tuple]:
        """(toast, text image, rect) of the notices shown now (at most three), where the top
        scene wants them (``TOAST_AT``: anchor, point and width; else bottom centre)."""
        anchor, (x, y), width = (tuple(getattr(self.stack.top, "TOAST_AT", TOAST_AT)) + (TOAST_W,))[:3]
        shown = self.toasts[-3:]
        if anchor == "midbottom":                  # the newest nearest the edge, older ones above
            shown = shown[::-1]
        out = []
        for toast in shown:
            img = self.text.render_wrapped(toast[0], theme.FONT_SMALL, width, theme.TEXT)
            rect = img.get_rect().inflate(28, 16)
            setattr(rect, anchor, (x, y))
            out.append((toast, img, rect))
            y = rect.y - 8 if anchor == "midbottom" else rect.bottom + 8
        return out

    def run(self, first_scene=None) -> int:
        self.stack.push(first_scene or self.menu_scene())
        while self.running and self.stack.top is not None:
            self.loop_once()
            if self.frames == 1 and os.environ.get("TAASH_EXIT_AFTER_FIRST_FRAME"):
                break           # used by `bench --ui` to time the first frame
            if self.frames == 2:
                self.sound.warm()
        pygame.quit()
        return 0

    # ----- pacing: full rate while something moves, asleep while the screen is still -----
    def frame_rate(self) -> float:
        """Frames per second the screen needs now: the top scene's wish (0: only when
        something happens), full rate for a moment after any input or a new scene."""
        top = self.stack.top
        if top is not self._top_seen or self.frames < 2 or time.monotonic() < self._busy_until \
                or self.pads.holding():
            return FULL_RATE
        rate = top.frame_rate() if top is not None and hasattr(top, "frame_rate") else FULL_RATE
        if self.toasts:
            rate = max(rate, TOAST_RATE)
        return rate

    def loop_once(self) -> None:
        """One pass of the main loop: at full rate a frame every 1/60 s; otherwise sleep in
        short naps (input still answered within a nap) and draw at the scene's low rate."""
        rate = self.frame_rate()
        if rate >= FULL_RATE:
            # no frame cap before the first frame: it is shown as soon as it is drawn
            dt = min(self.clock.tick(FULL_RATE if self.frames else 0) / 1000.0, 0.1)
            self._frame(dt, None)
            return
        period = 1.0 / rate if rate > 0 else IDLE_WAKE
        events: list = []
        while True:
            time.sleep(NAP)
            events = pygame.event.get()
            if events or time.monotonic() - self._last_frame >= period:
                break
        dt = min(self.clock.tick() / 1000.0, 0.25)
        if events or rate > 0 or self.toasts:
            self._frame(dt, events)
        else:                         # nothing to show: let time pass, do not redraw
            self.stack.update(dt)
            self._last_frame = time.monotonic()

    def _frame(self, dt: float, events) -> None:
        top = self.stack.top
        self.step(dt, events)
        if events or self.stack.top is not top:
            self._busy_until = time.monotonic() + BUSY_AFTER_INPUT
        self._top_seen = self.stack.top
        self._last_frame = time.monotonic()
        self.present()
        pygame.display.flip()


class Toast(list):
    """A notice as [text, seconds left], with its ``kind`` (error, success, info)."""

    def __init__(self, text: str, seconds: float, kind: str = "info") -> None:
        super().__init__([text, seconds])
        self.kind = kind


#: Where notices go unless the top scene says otherwise: bottom centre, clear of titles and
#: of the Back / Start buttons in the corners.
TOAST_AT = ("midbottom", (theme.WIDTH // 2, theme.HEIGHT - 18))
TOAST_W = 560
TOAST_STYLES = {"error": ((120, 40, 30, 238), (196, 92, 72)),
                "success": ((24, 78, 50, 238), (110, 200, 140)),
                "info": ((24, 36, 44, 238), (120, 150, 160))}

FULL_RATE = 60
TOAST_RATE = 20          # a toast fades: smooth enough, still cheap
NAP = 1 / 50             # input is answered within 20 ms while idle
IDLE_WAKE = 0.5          # a still screen (rate 0) checks its timers twice a second
BUSY_AFTER_INPUT = 0.4   # full rate a moment after input: hover, key repeat, focus moves


def configure_logging() -> None:
    logging.basicConfig(level=logging.INFO if os.environ.get("TAASH_DEBUG") else logging.WARNING)


def run_app() -> int:
    configure_logging()
    app = App()
    return app.run()

