"""The one-folder PyInstaller build (``build.spec``) the packages are made from.

``ensure_app()`` returns ``dist/Taash`` (or the folder given), building it first when it is
missing or older than the sources it is made of; ``build_app()`` builds into any folder (the
tests build once per session into a temporary one).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
APP_NAME = "Taash"
#: what the build is made of: newer files here make dist/Taash stale
SOURCES = ("main.py", "build.spec", "requirements.txt", "game", "assets", "locales")


class BuildError(Exception):
    """The app cannot be built or found: the message says why."""


def program(app_dir: Path) -> Path:
    return Path(app_dir) / (f"{APP_NAME}.exe" if os.name == "nt" else APP_NAME)


def newest_source_time(root: Path = ROOT) -> float:
    newest = 0.0
    for name in SOURCES:
        path = root / name
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for item in path.rglob("*"):
                if item.is_file() and "__pycache__" not in item.parts:
                    newest = max(newest, item.stat().st_mtime)
    return newest


def is_stale(app_dir: Path) -> bool:
    exe = program(app_dir)
    return not exe.is_file() or exe.stat().st_mtime < newest_source_time()


def build_app(dist: Path = DIST, work: Path | None = None, *, quiet: bool = True) -> Path:
    """Run PyInstaller on build.spec; the app lands in ``dist/Taash``."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise BuildError("PyInstaller is not installed here: run this with .venv/bin/python "
                         "after python3 tools/dev.py test (it installs requirements-dev.txt)") from None
    work = work or (ROOT / "build")
    cmd = [sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
           "--distpath", str(dist), "--workpath", str(work)]
    if quiet:
        cmd += ["--log-level", "WARN"]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=quiet, text=True)
    if run.returncode != 0:
        raise BuildError("PyInstaller failed:\n" + ((run.stderr or "")[-3000:] if quiet else ""))
    app = Path(dist) / APP_NAME
    if not program(app).is_file():
        raise BuildError(f"PyInstaller made no {program(app)}")
    return app


def ensure_app(app_dir: Path | None = None) -> Path:
    """The folder given (it must hold the program), else dist/Taash, built if stale."""
    if app_dir is not None:
        if not program(app_dir).is_file():
            raise BuildError(f"no one-folder build in {app_dir} (no {program(app_dir).name})")
        return Path(app_dir)
    app = DIST / APP_NAME
    if is_stale(app):
        print(f"building {app} (python3 -m PyInstaller build.spec)", file=sys.stderr, flush=True)
        build_app()
    return app
