"""A match being played at the table: the match, who sits where, and saving.

No pygame here. A :class:`Session` pairs a :class:`~game.engine.match.Match`
with its seats (name, human or bot, bot level) and the bots themselves. It is
saved as a match file (the contract's format) with one extra ``[[seats]]``
table, after every action, atomically — a match in progress is never lost.

Loading is as strict as ``replay``: every field of the match file and of each
seat is checked, with the same one-line reasons; a save that cannot be opened
as it is is set aside (never deleted, never written over).
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from pathlib import Path

from game.ai import LEVELS, make_bot
from game.ai.base import Bot
from game.engine.errors import MatchFileError
from game.engine.matchfile import MatchSpec, ReplayError, match_to_dict, new_match, parse_match_data, play_spec
from game.engine.tomlsafe import TomlError, brief, read_bounded
from game.storage import (AUTOSAVE_FILE, SAVE_MAX_BYTES, SAVES_DIR, DamagedFile, atomic_write_toml,
                          give_up_on, read_toml)

log = logging.getLogger(__name__)

BOT_LEVELS = LEVELS
AUTOSAVE = AUTOSAVE_FILE
MAX_NAME = 24
SEAT_KEYS = ("name", "human", "level", "phone", "hand_order")
MAX_HAND_ORDER = 120            # cards a hand order may list (a Buraco hand with the pile taken)


@dataclass
class SeatConfig:
    name: str
    human: bool
    level: str = "normal"
    phone: bool = False          # a human playing on his phone (game.remote), not at the device
    #: the player's own order of his cards (Buraco, after a drag), card names left to right
    hand_order: list | None = None

    def to_dict(self) -> dict:
        data = {"name": self.name, "human": self.human, "level": self.level}
        if self.phone:
            data["phone"] = True
        if self.hand_order is not None:
            data["hand_order"] = list(self.hand_order)
        return data

    @classmethod
    def from_dict(cls, data: dict, index: int, where: str = "seats") -> "SeatConfig":
        """A seat of a save, checked field by field (:class:`MatchFileError` with
        a one-line reason, as for a match file)."""
        where = f"{where}[{index}]"
        if not isinstance(data, dict):
            raise MatchFileError(f"{where}: must be a table with {', '.join(SEAT_KEYS)}")
        for key in data:
            if key not in SEAT_KEYS:
                raise MatchFileError(f"{where}: unknown key {brief(key)} (a seat gives "
                                     f"{', '.join(SEAT_KEYS)})")
        name = data.get("name", f"Player {index + 1}")
        if not isinstance(name, str) or len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
            raise MatchFileError(f"{where}: 'name' must be text of at most {MAX_NAME} characters, "
                                 f"not {brief(name)}")
        if "human" not in data:
            raise MatchFileError(f"{where}: missing 'human' (true or false)")
        human = data["human"]
        if not isinstance(human, bool):
            raise MatchFileError(f"{where}: 'human' must be true or false, not {brief(human)}")
        level = data.get("level", "normal")
        if level not in BOT_LEVELS or not isinstance(level, str):
            raise MatchFileError(f"{where}: 'level' must be one of "
                                 f"{', '.join(repr(v) for v in BOT_LEVELS)}, not {brief(level)}")
        phone = data.get("phone", False)
        if not isinstance(phone, bool) or (phone and not human):
            raise MatchFileError(f"{where}: 'phone' must be true (with 'human' true) or false, "
                                 f"not {brief(phone)}")
        order = data.get("hand_order")
        if order is not None and not (isinstance(order, list) and len(order) <= MAX_HAND_ORDER and all(
                isinstance(c, str) and 1 <= len(c) <= 3 and c.isalnum() and c.isascii() for c in order)):
            raise MatchFileError(f"{where}: 'hand_order' must list card names, not {brief(order)}")
        return cls(name, human, level, phone, list(order) if order is not None else None)


def parse_seats(seats_data, players: int, source: str) -> list[SeatConfig]:
    """A save's ``[[seats]]``; a plain match file without them gets seat 0
    human and bots elsewhere."""
    if seats_data is None:
        return [SeatConfig(f"Player {i + 1}", i == 0) for i in range(players)]
    if not isinstance(seats_data, list) or len(seats_data) != players:
        raise MatchFileError(f"{source}: 'seats' must list {players} seats ([[seats]]), seat 0 first")
    return [SeatConfig.from_dict(d, i, f"{source}: seats") for i, d in enumerate(seats_data)]


def bot_for(game_id: str, level: str, seed: int) -> Bot:
    """The bot of a seat at the table: its level if the game has it, else the
    nearest it has (a game without a rule bot plays random)."""
    from game.ai import bot_kinds
    kinds = bot_kinds(game_id)
    if level not in kinds:
        level = "normal" if "normal" in kinds else "random"
    return make_bot(level, game_id, seed)


class BotTurn:
    """A bot's decision under way. Bots that search (``bot.slow``) decide on a
    daemon thread from a snapshot of their view (a plain dict, so nothing is
    shared with the match); the others decide at once. ``done`` says whether
    :attr:`action` is there; a failure in the bot is kept in :attr:`error`."""

    def __init__(self, bot: Bot, view: dict) -> None:
        self.view = view
        self.action: str | None = None
        self.error: BaseException | None = None
        self._thread = None
        if getattr(bot, "slow", False):
            import threading
            self._thread = threading.Thread(target=self._run, args=(bot,), daemon=True,
                                            name="bot-thinking")
            self._thread.start()
        else:
            self._run(bot)

    def _run(self, bot: Bot) -> None:
        try:
            self.action = bot.choose(self.view)
        except Exception as exc:        # a bot's failure must never stop the table
            self.error = exc

    @property
    def done(self) -> bool:
        return self._thread is None or not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> str | None:
        if self._thread is not None:
            self._thread.join(timeout)
        return self.action


class Session:
    def __init__(self, match, seats: list[SeatConfig]) -> None:
        if len(seats) != match.players:
            raise ValueError("one seat config per seat")
        self.match = match
        self.seats = seats
        self.save_path: Path | None = None     # the match's own file in saves/ (Save and quit)
        self.bots: dict[int, Bot] = {
            i: bot_for(match.game_id, s.level, match.seed * 31 + i)
            for i, s in enumerate(seats) if not s.human}

    @classmethod
    def new(cls, game_id: str, players: int, options: dict, seats: list[SeatConfig],
            seed: int | None = None, dealer: int | None = None) -> "Session":
        from game.games import game_module
        module = game_module(game_id)
        rng = random.Random(seed)
        seed = rng.randrange(1, 2**31) if seed is None else seed
        dealer = rng.randrange(players) if dealer is None else dealer
        match = module.Match(players, dealer, seed, options)
        return cls(match, seats)

    @property
    def humans(self) -> list[int]:
        """The seats of the people at the device (hot-seat); phone seats are not here."""
        return [i for i, s in enumerate(self.seats) if s.human and not s.phone]

    @property
    def phones(self) -> list[int]:
        """The seats played from a phone."""
        return [i for i, s in enumerate(self.seats) if s.phone]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def is_phone(self, seat: int) -> bool:
        return self.seats[seat].phone

    def hand_seat_to(self, seat: int, kind: str) -> None:
        """Give ``seat`` to a bot (``"bot"``, normal level) or to a player at the device
        (``"human"``): the host's way out when a phone is gone."""
        name = self.seats[seat].name
        if kind == "bot":
            self.seats[seat] = SeatConfig(name, False, "normal")
            self.bots[seat] = bot_for(self.match.game_id, "normal", self.match.seed * 31 + seat)
        elif kind == "human":
            self.seats[seat] = SeatConfig(name, True)
            self.bots.pop(seat, None)
        else:
            raise ValueError(f"a seat goes to a 'bot' or a 'human', not {kind!r}")

    def bot_action(self, seat: int) -> str:
        return self.bots[seat].choose(self.match.view(seat))

    def think(self, seat: int) -> "BotTurn":
        """Start the bot of ``seat`` deciding on the match as it is now; a
        search bot thinks on a thread so the table keeps moving meanwhile."""
        return BotTurn(self.bots[seat], self.match.view(seat))

    def to_dict(self) -> dict:
        data = match_to_dict(self.match)
        data["seats"] = [s.to_dict() for s in self.seats]
        return data

    def save(self, path: str | Path) -> None:
        atomic_write_toml(path, self.to_dict())
        _remember_summary(Path(path), self)

    @classmethod
    def load(cls, path: str | Path) -> "Session | None":
        """The saved session, None if there is no file. A save that cannot be
        opened as it is (bad TOML, a bad field, an illegal action, ...) is set
        aside and :class:`DamagedFile` raised with a one-line reason."""
        path = Path(path)
        data = read_toml(path, SAVE_MAX_BYTES)
        if data is None:
            return None
        try:
            spec: MatchSpec = parse_match_data(data, path.name)
            seats = parse_seats(data.get("seats"), spec.players, path.name)
            match = play_spec(spec)
            session = cls(match, seats)
        except (MatchFileError, ReplayError) as exc:
            raise give_up_on(path, str(exc)) from None
        except Exception as exc:         # a bug must not cost the player his save either
            log.exception("cannot open %s", path)
            raise give_up_on(path, f"{type(exc).__name__}: {exc}") from None
        if path.parent.name == SAVES_DIR:
            session.save_path = path
        _remember_summary(path, session)
        return session


_checked: dict[str, tuple] = {}     # saves already found sound: path -> (mtime_ns, size)
_summaries: dict[str, tuple] = {}   # path -> ((mtime_ns, size), summary) of saves opened once


def _stamp(path: Path) -> tuple | None:
    try:
        st = path.stat()
        return (st.st_mtime_ns, st.st_size)
    except OSError:
        return None


def match_summary(session: "Session") -> dict:
    """What the Load list and Continue say about a match: game, players' names, the deal
    being played (1 = the first), the score (one number per side or player)."""
    m = session.match
    return {"game": m.game_id, "players": m.players, "names": [s.name for s in session.seats],
            "deal": max(1, len(m.records)), "score": [int(x) for x in m.score],
            "finished": bool(m.finished)}


def _remember_summary(path: Path, session: "Session") -> None:
    stamp = _stamp(path)
    if stamp is not None:
        _summaries[str(path)] = (stamp, match_summary(session))


def save_summary(path: str | Path) -> dict | None:
    """:func:`match_summary` of the save at ``path`` (opened once per version of the file),
    None if it cannot be opened (it is then set aside, as :meth:`Session.load` does)."""
    path = Path(path)
    got = _summaries.get(str(path))
    if got is not None and got[0] == _stamp(path):
        return got[1]
    try:
        session = Session.load(path)
    except DamagedFile:
        return None
    return None if session is None else match_summary(session)


def peek_summary(path: str | Path) -> dict | None:
    """:func:`match_summary` of the save at ``path`` without touching the file: None if it
    cannot be opened (it is left where it is; opening it for real sets it aside)."""
    path = Path(path)
    got = _summaries.get(str(path))
    stamp = _stamp(path)
    if got is not None and got[0] == stamp:
        return got[1]
    try:
        data = read_bounded(path, SAVE_MAX_BYTES)
        spec = parse_match_data(data, path.name)
        session = Session(play_spec(spec), parse_seats(data.get("seats"), spec.players, path.name))
    except Exception:                     # a damaged file is told about when it is opened
        return None
    if stamp is not None:
        _summaries[str(path)] = (stamp, match_summary(session))
    return match_summary(session)


def same_match(data: dict, match) -> bool:
    """Is ``data`` (a save read as TOML) a save of ``match``: same game, players, first
    dealer and seed (a new match draws its seed at random from two thousand million)?"""
    return (data.get("game") == match.game_id and data.get("players") == match.players
            and data.get("dealer") == match.first_dealer and data.get("seed") == match.seed)


def own_save(folder: str | Path, match) -> Path | None:
    """The newest save in ``folder`` of this very match (see :func:`same_match`), if any."""
    found = []
    for path in save_files(folder):
        try:
            data = read_bounded(path, SAVE_MAX_BYTES)
        except (OSError, TomlError):
            continue
        if isinstance(data, dict) and same_match(data, match):
            stamp = _stamp(path)
            found.append((stamp[0] if stamp else 0, path))
    return max(found)[1] if found else None


def check_save(path: str | Path) -> DamagedFile | None:
    """Open the save at ``path`` as :meth:`Session.load` does: None if it opens (or
    is gone), else the :class:`DamagedFile` (it has been set aside, or kept).
    Sound files are remembered by date and size and not replayed again."""
    path = Path(path)
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    if stamp is not None and _checked.get(str(path)) == stamp:
        return None
    try:
        Session.load(path)
    except DamagedFile as exc:
        _checked.pop(str(path), None)
        _summaries.pop(str(path), None)
        return exc
    if stamp is not None:
        _checked[str(path)] = stamp
    return None


def save_files(folder: str | Path) -> list[Path]:
    """The saves in ``folder`` (``*.toml``, not the ones already set aside)."""
    try:
        return sorted(p for p in Path(folder).glob("*.toml")
                      if ".damaged-" not in p.name and not p.name.startswith("."))
    except OSError:
        return []


def check_saves(folder: str | Path) -> list[DamagedFile]:
    """Every save in ``folder`` that cannot be opened, each set aside (or kept)."""
    found = []
    for path in save_files(folder):
        damage = check_save(path)
        if damage is not None:
            found.append(damage)
    return found


def describe_save(path: str | Path) -> tuple[str, int | None] | None:
    """(game id, players) read cheaply from a save for the Load list, None if it
    cannot be read (the file is not touched here)."""
    try:
        data = read_bounded(path, SAVE_MAX_BYTES)
    except (OSError, TomlError):
        return None
    game, players = data.get("game"), data.get("players")
    if not isinstance(game, str):
        return None
    if isinstance(players, bool) or not isinstance(players, int):
        players = None
    return game, players


def fresh_match_like(session: Session) -> "Session":
    """A new match with the same game, options and seats (the "new match" button)."""
    m = session.match
    seats = [SeatConfig(s.name, s.human, s.level, s.phone) for s in session.seats]    # no old hand order
    return Session.new(m.game_id, m.players, m.options, seats)


__all__ = ["Session", "SeatConfig", "BotTurn", "BOT_LEVELS", "AUTOSAVE", "SAVES_DIR", "bot_for",
           "fresh_match_like", "new_match", "parse_seats", "check_save", "check_saves", "save_files",
           "describe_save", "match_summary", "save_summary", "peek_summary", "same_match", "own_save"]
