"""Which table seats a session: Buraco has its own (:mod:`game.scenes.buraco_table`),
every other game sits at the trick table (:mod:`game.scenes.table`). Callers that put a
session on the table use :func:`table_for`; both modules load only when needed."""
from __future__ import annotations


def table_for(app, session):
    """The table scene for ``session``: BuracoTableScene for Buraco, else TableScene."""
    if session.match.game_id == "buraco":
        from game.scenes.buraco_table import BuracoTableScene
        return BuracoTableScene(app, session)
    from game.scenes.table import TableScene
    return TableScene(app, session)


def table_supports(game_id: str, players: int) -> bool:
    """Whether some table can seat ``players`` at ``game_id``."""
    if game_id == "buraco":
        return players in (2, 4)
    from game.scenes.table import table_supports as trick_table_supports
    return trick_table_supports(game_id, players)


__all__ = ["table_for", "table_supports"]
