"""Which adapter speaks for which game at the table: one line per game.

Adding a trick game to the table is one adapter module beside this one (a
:class:`~game.scenes.tables.adapter.TrickAdapter` subclass) and its line here.
"""
from __future__ import annotations

from game.scenes.tables.adapter import TrickAdapter
from game.scenes.tables.buraco import BuracoAdapter
from game.scenes.tables.truco_argentino import TrucoArgentinoAdapter
from game.scenes.tables.truco_mineiro import TrucoMineiroAdapter
from game.scenes.tables.tute import TuteAdapter
from game.scenes.tables.twenty_nine import TwentyNineAdapter

ADAPTERS: dict[str, type[TrickAdapter]] = {
    "twenty_nine": TwentyNineAdapter,
    "tute": TuteAdapter,
    "truco_argentino": TrucoArgentinoAdapter,
    "truco_mineiro": TrucoMineiroAdapter,
    "buraco": BuracoAdapter,
}
#: The games that sit at the trick table (Buraco has a table of its own).
TRICK_GAMES = ("twenty_nine", "tute", "truco_argentino", "truco_mineiro")


def make_adapter(app, session) -> TrickAdapter:
    """The adapter for the session's game; ValueError for a game the table cannot seat yet."""
    game_id = session.match.game_id
    if game_id not in ADAPTERS:
        raise ValueError(f"the trick table has no adapter for {game_id!r} yet "
                         f"(games: {', '.join(sorted(ADAPTERS))})")
    return ADAPTERS[game_id](app, session)


__all__ = ["ADAPTERS", "TRICK_GAMES", "make_adapter"]
