"""Files that must never lose data: atomic writes, and damaged files set aside.

Settings and saves are written to a temporary file in the same folder, flushed
and then moved over the old one (``os.replace``), so a crash mid-write leaves
either the old file or the new one, never half of each. Temporary files are
named ``.<name>.<pid>.<random>.tmp``; one whose writer is gone (a kill during a
write) is removed by :func:`clean_temp_files` when the game starts, and nothing
else ever is.

Every file is read within bounds (size, nesting, key depth: see
:mod:`game.engine.tomlsafe`). A file that cannot be opened as it is (unreadable,
not UTF-8, not TOML, too large, too deep, a folder in its place) is renamed to
``<name>.damaged-<time><suffix>`` (never overwritten, never deleted) and
:class:`DamagedFile` tells the caller where it went. If it cannot even be moved
(a read-only home), it is left exactly as it is, ``moved_to`` is ``None``, and
this process refuses to write over it (:class:`KeptFileError`), so the intact
original is never replaced by defaults.
"""
from __future__ import annotations

import errno
import logging
import os
import re
import sys
import time
from pathlib import Path

import tomli_w

from game.engine.tomlsafe import TomlError, read_bounded

log = logging.getLogger(__name__)

AUTOSAVE_FILE = "autosave.toml"      # the match in progress, in the preferences folder
SAVES_DIR = "saves"                  # named saves, in the preferences folder
SETTINGS_MAX_BYTES = 64 * 1024       # a settings file is under 1 KB
SAVE_MAX_BYTES = 4 * 1024 * 1024     # as for match files (game.engine.matchfile.MAX_BYTES)

# Our temporary names: ".autosave.toml.1234.k2j4_x9a.tmp" (pid, then mkstemp's 8 characters),
# and the older ".autosave.toml.k2j4_x9a.tmp" without the pid.
TEMP_NAME = re.compile(r"\.(?P<name>.+\.toml)\.(?:(?P<pid>[0-9]{1,10})\.)?[a-z0-9_]{8}\.tmp")
TEMP_MAX_AGE = 120.0                 # seconds, where a writer's pid cannot be checked (Windows)

_kept: set[str] = set()              # damaged files that could not be moved: never written over


class KeptFileError(PermissionError):
    """A write refused because a damaged file that could not be set aside is there."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.EACCES, "a damaged file there is kept as it was", str(path))


def _key(path: Path) -> str:
    return os.path.normcase(os.path.abspath(path))


def is_kept(path: str | os.PathLike) -> bool:
    return _key(Path(path)) in _kept


def keep_in_place(path: str | os.PathLike) -> None:
    """Never write over ``path`` in this process (it is damaged and could not be moved)."""
    _kept.add(_key(Path(path)))


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    path = Path(path)
    if is_kept(path):
        raise KeptFileError(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile          # here, not at start: it costs a few ms of every start
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
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


def _writer_gone(pid: int | None, mtime: float) -> bool:
    if pid is None:
        return True                      # the older name: no writer of it is running any more
    if pid == os.getpid():
        return True
    if sys.platform == "win32":          # os.kill would end the process there
        return time.time() - mtime > TEMP_MAX_AGE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:                      # alive, someone else's
        return False
    return False


def clean_temp_files(folder: str | os.PathLike) -> list[Path]:
    """Remove our own temporary files left in ``folder`` by a write that was
    killed (only names :data:`TEMP_NAME` matches, only regular files, only if
    their writer is gone); the paths removed."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = TEMP_NAME.fullmatch(entry.name)
        if m is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            pid = int(m.group("pid")) if m.group("pid") else None
            if _writer_gone(pid, entry.stat(follow_symlinks=False).st_mtime):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError as exc:
            log.warning("cannot remove the leftover %s: %s", entry.path, exc)
    if removed:
        log.info("removed %d leftover temporary file(s) in %s", len(removed), folder)
    return removed


def damaged_name(path: Path, stamp: str, n: int = 1) -> Path:
    extra = "" if n == 1 else f"-{n}"
    return path.with_name(f"{path.stem}.damaged-{stamp}{extra}{path.suffix}")


def set_aside(path: str | os.PathLike) -> Path:
    """Rename a damaged file (or a folder in a file's place) out of the way;
    returns its new path. ``OSError`` if it cannot be moved."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    target = damaged_name(path, stamp)
    while os.path.lexists(target):
        n += 1
        target = damaged_name(path, stamp, n)
    os.rename(path, target)              # never replaces: the target does not exist
    return target


class DamagedFile(Exception):
    """A file that could not be opened as it is: set aside as ``moved_to``, or,
    if that was impossible, left in place (``moved_to`` None) and kept."""

    def __init__(self, path: Path, moved_to: Path | None, reason: str) -> None:
        self.path = Path(path)
        self.moved_to = moved_to
        self.reason = " ".join(str(reason).split())[:300]
        where = f"set aside as {moved_to.name}" if moved_to else "left as it is (it could not be moved)"
        super().__init__(f"{self.path.name} could not be opened ({self.reason}); {where}")

    @property
    def kept_in_place(self) -> bool:
        return self.moved_to is None


def give_up_on(path: str | os.PathLike, reason: str) -> DamagedFile:
    """Set ``path`` aside (or, failing that, keep it untouched) and describe it."""
    path = Path(path)
    try:
        moved = set_aside(path)
    except OSError as exc:
        moved = None
        keep_in_place(path)
        log.warning("%s cannot be opened (%s) nor set aside (%s); left as it is",
                    path, reason, exc.strerror or exc)
    else:
        log.warning("%s cannot be opened (%s); set aside as %s", path, reason, moved)
    return DamagedFile(path, moved, reason)


def read_toml(path: str | os.PathLike, max_bytes: int = SAVE_MAX_BYTES) -> dict | None:
    """The file's table, ``None`` if it does not exist; a file that cannot be
    read as bounded TOML is set aside (or kept) and :class:`DamagedFile` raised
    so the caller can tell the player."""
    path = Path(path)
    try:
        return read_bounded(path, max_bytes)
    except (FileNotFoundError, NotADirectoryError):   # no file (or no folder) there
        return None
    except TomlError as exc:
        raise give_up_on(path, str(exc)) from None
    except OSError as exc:
        raise give_up_on(path, exc.strerror or type(exc).__name__) from None
