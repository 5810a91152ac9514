"""The tables: one module per game at the table, beside what the tables share.

- :mod:`.match_table`: the match plumbing every table shares (events queue, bots,
  hot-seat hand-off, autosave, pause, summaries);
- :mod:`.trick_table` (with :mod:`.trick_input`, :mod:`.trick_draw`, :mod:`.trick_layout`):
  the shared trick table, and :mod:`.adapter`, what it asks of each game;
- one adapter per trick game: :mod:`.twenty_nine`, :mod:`.tute`, :mod:`.truco_argentino`,
  :mod:`.truco_mineiro` (with :mod:`.truco`, what the two Trucos share); :mod:`.registry`
  maps each game to its adapter;
- Buraco's own table: :mod:`.buraco` (adapter, melds as shown), :mod:`.buraco_table`,
  :mod:`.buraco_input`, :mod:`.buraco_draw`, :mod:`.buraco_layout`.

Callers that put a session on the table use :func:`table_for` (the app does, through
``app.table_scene``); each table loads only when needed.
"""
from __future__ import annotations


def table_for(app, session):
    """The table scene for ``session``: BuracoTableScene for Buraco, else TableScene."""
    if session.match.game_id == "buraco":
        from game.scenes.tables.buraco_table import BuracoTableScene
        return BuracoTableScene(app, session)
    from game.scenes.tables.trick_table import TableScene
    return TableScene(app, session)


def table_supports(game_id: str, players: int) -> bool:
    """Whether some table can seat ``players`` at ``game_id``."""
    if game_id == "buraco":
        return players in (2, 4)
    from game.scenes.tables.trick_table import table_supports as trick_table_supports
    return trick_table_supports(game_id, players)


__all__ = ["table_for", "table_supports"]
