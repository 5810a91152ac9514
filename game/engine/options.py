"""Game options declared as data, validated the same way for every game.

Each game lists its ``[options]`` as :class:`Option` rows. A match file's
options are checked against them: an unknown id, a value of the wrong type
or out of range is a :class:`MatchFileError`. The UI builds its setup screen
from the same rows.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import MatchFileError
from .tomlsafe import brief


@dataclass(frozen=True)
class Option:
    id: str
    kind: type            # bool, int or str
    default: object
    choices: tuple = ()   # allowed values (str options; int options with a fixed set)
    min: int | None = None
    max: int | None = None
    players: tuple = ()   # player counts it applies to; empty = all

    def check(self, value: object) -> object:
        if self.kind is bool:
            if not isinstance(value, bool):
                raise MatchFileError(f"option {self.id!r} must be true or false, not {brief(value)}")
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise MatchFileError(f"option {self.id!r} must be a whole number, not {brief(value)}")
            if self.min is not None and value < self.min:
                raise MatchFileError(f"option {self.id!r} must be at least {self.min}, not {value}")
            if self.max is not None and value > self.max:
                raise MatchFileError(f"option {self.id!r} must be at most {self.max}, not {value}")
            if self.choices and value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise MatchFileError(f"option {self.id!r} must be one of {allowed}, not {value}")
        elif self.kind is str:
            if not isinstance(value, str) or (self.choices and value not in self.choices):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise MatchFileError(f"option {self.id!r} must be one of {allowed}, not {brief(value)}")
        return value

    def applies_to(self, players: int) -> bool:
        return not self.players or players in self.players


def resolve_options(schema: tuple[Option, ...], given: dict | None) -> dict:
    """Defaults overlaid with the given values, every value checked."""
    given = dict(given or {})
    known = {o.id: o for o in schema}
    for key in given:
        if key not in known:
            raise MatchFileError(f"unknown option {brief(key)} (known: {', '.join(known)})")
    return {o.id: o.check(given[o.id]) if o.id in given else o.default for o in schema}
