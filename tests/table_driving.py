"""Helpers the table tests share: seats, stepping the app until a condition
(closing summaries and hand-off screens as a player would, humans moved by
the rule bot through ``table.act``), clicks and keys, and the reason keys a
game's ``_why_illegal`` returns."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame

from game.scenes.handoff import HandOffScene
from game.scenes.summary import DealSummaryScene
from game.scenes.tables.trick_table import TableScene
from game.session import SeatConfig, Session

DT = 1 / 60


def seats(humans, n: int = 4) -> list[SeatConfig]:
    return [SeatConfig(f"P{i}", i in humans) for i in range(n)]


def start(app, game="twenty_nine", players=4, humans=(0,), seed=3, dealer=None,
          options=None) -> TableScene:
    """A trick table on top of the stack: ``humans`` at the table, bots elsewhere, the
    last seat dealing unless ``dealer`` says otherwise."""
    session = Session.new(game, players, options or {}, seats(set(humans), players), seed=seed,
                          dealer=players - 1 if dealer is None else dealer)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    return table


def my_play_turn(table) -> bool:
    """A human's turn at which a card can be played (not a call)."""
    return table.my_turn() and any(a.startswith("play ") for a in table.match.legal_actions())


def close_overlays(app, table) -> None:
    top = app.stack.top
    if isinstance(top, DealSummaryScene):
        top.close()
    elif isinstance(top, HandOffScene):
        top.ready()


def run_until(app, table, cond, helper=None, frames=20000) -> bool:
    """Step; humans play the rule bot's choice through ``table.act`` until ``cond()``."""
    for _ in range(frames):
        if cond():
            return True
        if app.stack.top is not table:
            close_overlays(app, table)
        elif helper is not None and table.my_turn():
            table.act(helper.choose(table.match.view(table.match.to_act)))
        app.step(DT, [])
    return cond()


def click(app, pos) -> None:
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app, k) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)])


def reason_keys(path: Path) -> set[str]:
    """Reason keys in a game module: the middle of every ``(words, key, {params})`` tuple."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if (isinstance(node, ast.Tuple) and len(node.elts) == 3 and isinstance(node.elts[2], ast.Dict)
                and isinstance(node.elts[0], (ast.Constant, ast.JoinedStr))):
            k = node.elts[1]
            if isinstance(k, ast.Constant) and isinstance(k.value, str) and k.value.isidentifier():
                keys.add(k.value)
    return keys
