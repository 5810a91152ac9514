"""What the ``package`` commands share: the version they stamp and the error they report."""
from __future__ import annotations


class PackageError(Exception):
    """A package cannot be made: the message says why, in one line."""


def app_version() -> str:
    """``game.__version__``, the one place the version lives."""
    import game
    version = getattr(game, "__version__", None)
    if not version:
        raise PackageError("game/__init__.py has no __version__: pass --version")
    return version
