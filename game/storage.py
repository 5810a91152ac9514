"""Files that must never lose data: atomic writes, and damaged files set aside.

Settings and saves are written to a temporary file in the same folder, flushed
and then moved over the old one (``os.replace``), so a crash mid-write leaves
either the old file or the new one, never half of each. A file that cannot be
read or parsed is renamed to ``<name>.damaged-<time><suffix>`` (never
overwritten, never deleted) and the caller falls back to safe defaults with a
message saying where the file went.
"""
from __future__ import annotations

import logging
import os
import tempfile
import time
import tomllib
from pathlib import Path

import tomli_w

log = logging.getLogger(__name__)

AUTOSAVE_FILE = "autosave.toml"      # the match in progress, in the preferences folder


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_toml(path: str | os.PathLike, data: dict) -> None:
    atomic_write_text(path, tomli_w.dumps(data))


def set_aside(path: str | os.PathLike) -> Path:
    """Rename a damaged file out of the way; returns its new path."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


class DamagedFile(Exception):
    """A file that was unreadable and has been set aside as ``moved_to``."""

    def __init__(self, path: Path, moved_to: Path | None, reason: str) -> None:
        self.path = path
        self.moved_to = moved_to
        self.reason = reason
        super().__init__(f"{path} was damaged ({reason}); set aside as {moved_to}")


def read_toml(path: str | os.PathLike) -> dict | None:
    """The file's table, ``None`` if it does not exist; a damaged file is set
    aside and :class:`DamagedFile` raised so the caller can tell the user."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DamagedFile(path, None, exc.strerror or str(exc)) from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        try:
            moved = set_aside(path)
        except OSError:
            moved = None
        log.warning("%s is damaged (%s); set aside as %s", path, reason, moved)
        raise DamagedFile(path, moved, reason) from None
