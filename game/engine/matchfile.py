"""Match files (TOML): read, validate, build, replay and write.

The format is fixed by ``shared/CONTRACT.md``; saves use it too. Reading is
all-or-nothing: a malformed file raises :class:`MatchFileError` naming what is
wrong and where, and a replay stops at the first illegal action with a
:class:`ReplayError` (``deal D action N: ...``) before anything is reported.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import tomli_w

from .errors import IllegalAction, MatchFileError
from .match import Match
from .options import resolve_options
from .tomlsafe import TomlError, brief, decode_utf8, loads_bounded

#: The largest match file (or save) read: a long Buraco match is well under 1 MB.
MAX_BYTES = 4 * 1024 * 1024
#: The longest action text accepted (a Buraco meld of a whole hand is under 120).
MAX_ACTION_CHARS = 400


@dataclass
class DealSpec:
    setup: dict | None                      # internal form, None = shuffle from the seed
    actions: list = field(default_factory=list)


@dataclass
class MatchSpec:
    game: str
    players: int
    dealer: int
    seed: int
    options: dict
    deals: list = field(default_factory=list)


class ReplayError(Exception):
    """An illegal action in a match file, located by deal entry and action index."""

    def __init__(self, deal: int, action_index: int, error: IllegalAction | str) -> None:
        self.deal = deal
        self.action_index = action_index
        self.error = error
        super().__init__(f"deal {deal} action {action_index}: {error}")


def _int_field(data: dict, key: str, default: int | None, where: str) -> int:
    value = data.get(key, default)
    if value is None:
        raise MatchFileError(f"{where}: missing {key!r}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchFileError(f"{where}: {key!r} must be a whole number, not {brief(value)}")
    return value


def parse_match_text(text: str, source: str = "match file") -> MatchSpec:
    """Parse and validate a match file's text (no actions applied yet)."""
    try:
        data = loads_bounded(text, MAX_BYTES)
    except TomlError as exc:
        raise MatchFileError(f"{source}: {exc}") from None
    return parse_match_data(data, source)


def parse_match_data(data: dict, source: str = "match file") -> MatchSpec:
    """Validate a match file's parsed table (read within bounds, see
    :mod:`game.engine.tomlsafe`); no actions applied yet."""
    from game.games import game_module   # late import: games import the engine

    if not isinstance(data, dict):
        raise MatchFileError(f"{source}: not a table")
    # "seats" (names, human or bot) is what the game's saves add; a replay ignores it.
    known = {"game", "players", "dealer", "seed", "options", "deals", "seats"}
    for key in data:
        if key not in known:
            raise MatchFileError(f"{source}: unknown key {brief(key)}")
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise MatchFileError(f"{source}: missing 'game' (one of the game ids)")
    try:
        module = game_module(game_id)
    except ValueError as exc:
        raise MatchFileError(f"{source}: {exc}") from None
    players = _int_field(data, "players", module.DEFAULT_PLAYERS, source)
    if players not in module.PLAYERS:
        allowed = ", ".join(str(p) for p in module.PLAYERS)
        raise MatchFileError(f"{source}: {game_id} is played by {allowed} players, not {players}")
    dealer = _int_field(data, "dealer", 0, source)
    if not 0 <= dealer < players:
        raise MatchFileError(f"{source}: dealer must be a seat from 0 to {players - 1}, not {dealer}")
    seed = _int_field(data, "seed", 0, source)
    options_table = data.get("options", {})
    if not isinstance(options_table, dict):
        raise MatchFileError(f"{source}: [options] must be a table")
    try:
        options = resolve_options(module.OPTIONS, options_table)
    except MatchFileError as exc:
        raise MatchFileError(f"{source}: [options]: {exc}") from None
    deals_data = data.get("deals", [])
    if not isinstance(deals_data, list):
        raise MatchFileError(f"{source}: 'deals' must be an array of tables ([[deals]])")
    deals = []
    for i, entry in enumerate(deals_data):
        where = f"{source}: deals[{i}]"
        if not isinstance(entry, dict):
            raise MatchFileError(f"{where}: must be a table")
        entry = dict(entry)
        actions = entry.pop("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise MatchFileError(f"{where}: 'actions' must be a list of strings")
        for n, action in enumerate(actions):
            if len(action) > MAX_ACTION_CHARS:
                raise MatchFileError(f"{where}: actions[{n}] is longer than {MAX_ACTION_CHARS} "
                                     "characters (no action of any game is)")
        setup = module.parse_setup(players, entry, options, where) if entry else None
        deals.append(DealSpec(setup, [a.strip() for a in actions]))
    return MatchSpec(game_id, players, dealer, seed, options, deals)


def load_match_file(path) -> MatchSpec:
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise MatchFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise MatchFileError(f"{path}: the file is too large (more than {MAX_BYTES:,} bytes)")
    try:
        text = decode_utf8(raw)
    except TomlError as exc:
        raise MatchFileError(f"{path}: {exc}") from None
    return parse_match_text(text, str(path))


def new_match(spec: MatchSpec, record: bool = True) -> Match:
    """The match a spec describes, before any of its actions."""
    from game.games import game_module

    module = game_module(spec.game)
    setups = [d.setup for d in spec.deals]
    return module.Match(spec.players, spec.dealer, spec.seed, spec.options, setups, record)


def play_spec(spec: MatchSpec, record: bool = True) -> Match:
    """Build the match and apply every action of every deal entry in order."""
    match = new_match(spec, record)
    for d, deal in enumerate(spec.deals):
        for n, action in enumerate(deal.actions):
            if match.finished:
                raise ReplayError(d, n, f"{action!r} is not legal (the match is over); legal: nothing")
            if match.deal_index != d:
                state = ("has not started: deal %d is still in progress" if match.deal_index < d
                         else "is over: deal %d is in progress") % match.deal_index
                legal = ", ".join(match.legal_actions())
                raise ReplayError(d, n, f"{action!r} is not legal (deal {d} {state}); legal: {legal}")
            try:
                match.apply(action)
            except IllegalAction as exc:
                raise ReplayError(d, n, exc) from None
    return match


def match_to_dict(match: Match) -> dict:
    """The match as a match file: first dealer, seed, options, every deal dealt
    so far with its cards and the actions played in it."""
    deals = []
    for rec in match.records:
        entry = dict(rec.setup)
        entry["actions"] = list(rec.actions)
        deals.append(entry)
    return {
        "game": match.game_id,
        "players": match.players,
        "dealer": match.first_dealer,
        "seed": match.seed,
        "options": dict(match.options),
        "deals": deals,
    }


def match_to_toml(match: Match) -> str:
    return tomli_w.dumps(match_to_dict(match))


def replay_report(match: Match) -> dict:
    """The replay command's JSON object (see CONTRACT.md)."""
    deals = []
    for rec in match.records:
        points = rec.points if rec.ended else match.deal_points()
        points = None if points is None else list(points)     # Buraco: null while in play
        entry = {"points": points, "ended": rec.ended, "dealer": rec.dealer,
                 "events": [e.text() for e in rec.events]}
        info = rec.info if rec.ended else match.deal_info()
        entry.update(info)
        deals.append(entry)
    report = {
        "game": match.game_id,
        "players": match.players,
        "finished": match.finished,
        "score": list(match.score),
        "deals": deals,
        "to_act": match.to_act,
        "legal": list(match.legal_actions()),
        "winner": match.winner,
    }
    report.update(match.match_info())
    return report
