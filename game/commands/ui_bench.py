"""``python main.py bench --ui``: the table's frame time, the idle CPU of the main menu and
of a table waiting for a human, and the time to the first frame of the game against a bare
pygame-ce window.

Frames are timed headless (dummy video driver) at 1280×720 while a bot-only
Twenty-nine match deals and plays at normal animation speed: each frame is
one ``App.step`` (events, update, draw) of 1/60 s.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

BARE_WINDOW = """
import os, pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720), pygame.SCALED | pygame.RESIZABLE)
screen.fill((24, 32, 44))
pygame.display.flip()
pygame.quit()
"""


def _wall(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    return time.perf_counter() - start


def first_frame_times(repeats: int = 5) -> tuple[float, float]:
    """Median wall time from process start to the first frame shown (and exit)
    for a bare pygame-ce window and for ``python main.py``."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["TAASH_EXIT_AFTER_FIRST_FRAME"] = "1"
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # an installed app starts from compiled bytecode
    with tempfile.TemporaryDirectory() as home:
        env["TAASH_HOME"] = home
        _wall([sys.executable, "-c", BARE_WINDOW], env)      # warm-up: caches, bytecode
        _wall([sys.executable, "main.py"], env)
        bare = [_wall([sys.executable, "-c", BARE_WINDOW], env) for _ in range(repeats)]
        game = [_wall([sys.executable, "main.py"], env) for _ in range(repeats)]
    return statistics.median(bare), statistics.median(game)


def frame_times(frames: int = 600, seed: int = 3) -> list[float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.scenes.tables.trick_table import TableScene
    from game.session import SeatConfig, Session

    with tempfile.TemporaryDirectory() as home:
        app = App(pref_dir=home, headless=True)
        app.settings.animation_speed = "normal"
        app.settings.sound = False
        times = []
        while len(times) < frames:
            seats = [SeatConfig(f"Bot {i + 1}", False) for i in range(4)]
            session = Session.new("twenty_nine", 4, {}, seats, seed=seed + len(times))
            app.stack.clear_to(TableScene(app, session))
            for _ in range(frames * 4):
                start = time.perf_counter()
                app.step(1 / 60, [])
                times.append(time.perf_counter() - start)
                if not isinstance(app.stack.top, TableScene) or len(times) >= frames:
                    break
    return times


def idle_cpu(scene: str, seconds: float = 5.0) -> float:
    """Share of one core (%) the real main loop (``App.loop_once``) uses while ``scene``
    sits still: ``"menu"`` (the main menu) or ``"table"`` (a 29 table waiting for a human)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.scenes.tables.trick_table import TableScene
    from game.session import SeatConfig, Session

    with tempfile.TemporaryDirectory() as home:
        app = App(pref_dir=home, headless=True)
        app.settings.sound = False
        if scene == "menu":
            app.stack.push(app.menu_scene())
            ready = lambda: True                                    # noqa: E731
        else:
            app.settings.animation_speed = "fast"
            seats = [SeatConfig("You", True)] + [SeatConfig(f"Bot {i}", False) for i in (1, 2, 3)]
            table = TableScene(app, Session.new("twenty_nine", 4, {}, seats, seed=3, dealer=2))
            app.stack.push(table)
            ready = lambda: table.my_turn() and table.frame_rate() < 60   # noqa: E731
        deadline = time.monotonic() + 60
        settle_until = None
        while time.monotonic() < deadline:                           # deal, bots, bubbles fade
            app.loop_once()
            if ready():
                settle_until = settle_until or time.monotonic() + 1.0
                if time.monotonic() >= settle_until:
                    break
        if not ready():
            raise RuntimeError(f"the {scene} never came to rest")
        wall0, cpu0 = time.monotonic(), time.process_time()
        while time.monotonic() - wall0 < seconds:
            app.loop_once()
        return 100 * (time.process_time() - cpu0) / (time.monotonic() - wall0)


def run_ui_bench(frames: int = 600) -> int:
    times = sorted(frame_times(max(frames, 600)))
    median = statistics.median(times) * 1000
    p99 = times[int(len(times) * 0.99) - 1] * 1000
    print(f"table frame time over {len(times)} frames (1280x720, dealing and tricks): "
          f"median {median:.2f} ms, p99 {p99:.2f} ms")
    for scene, what in (("menu", "main menu"), ("table", "29 table waiting for a human")):
        print(f"idle CPU, {what} (1280x720, real main loop): {idle_cpu(scene):.1f} % of a core")
    bare, game = first_frame_times()
    print(f"first frame: bare pygame-ce window {bare * 1000:.0f} ms, python main.py {game * 1000:.0f} ms "
          f"({game / bare:.2f}x)")
    return 0
