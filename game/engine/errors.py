"""Errors the engine raises at its boundaries."""
from __future__ import annotations


class MatchFileError(ValueError):
    """A malformed match file or setting: says what is wrong and where."""


class IllegalAction(ValueError):
    """An action refused by the match; the match is unchanged.

    ``reason`` is a short English explanation, ``reason_key``/``params`` the
    same for a localised UI, ``legal`` what the seat may do instead.
    """

    def __init__(self, action: str, reason: str, legal: list[str],
                 reason_key: str = "not_legal", params: dict | None = None) -> None:
        self.action = action
        self.reason = reason
        self.legal = list(legal)
        self.reason_key = reason_key
        self.params = params or {}
        super().__init__(f"{action!r} is not legal ({reason}); legal: {', '.join(self.legal) or 'nothing'}")
