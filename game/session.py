"""A match being played at the table: the match, who sits where, and saving.

No pygame here. A :class:`Session` pairs a :class:`~game.engine.match.Match`
with its seats (name, human or bot, bot level) and the bots themselves. It is
saved as a match file (the contract's format) with one extra ``[[seats]]``
table, after every action, atomically — a match in progress is never lost.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from game.ai import LEVELS, make_bot
from game.ai.base import Bot
from game.engine.errors import MatchFileError
from game.engine.matchfile import MatchSpec, match_to_dict, new_match, parse_match_text, play_spec
from game.engine.matchfile import ReplayError
from game.storage import AUTOSAVE_FILE, DamagedFile, atomic_write_toml, read_toml, set_aside

BOT_LEVELS = LEVELS
AUTOSAVE = AUTOSAVE_FILE


@dataclass
class SeatConfig:
    name: str
    human: bool
    level: str = "normal"

    def to_dict(self) -> dict:
        return {"name": self.name, "human": self.human, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict, index: int) -> "SeatConfig":
        name = data.get("name") if isinstance(data.get("name"), str) else f"Player {index + 1}"
        human = data.get("human") if isinstance(data.get("human"), bool) else False
        level = data.get("level") if data.get("level") in BOT_LEVELS else "normal"
        return cls(name[:24], human, level)


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
        return [i for i, s in enumerate(self.seats) if s.human]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

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

    @classmethod
    def load(cls, path: str | Path) -> "Session | None":
        """The saved session, None if there is no file. A damaged or invalid
        save is set aside and :class:`DamagedFile` raised."""
        import tomli_w
        data = read_toml(path)
        if data is None:
            return None
        seats_data = data.pop("seats", None)
        try:
            spec: MatchSpec = parse_match_text(tomli_w.dumps(data), str(path))
            match = play_spec(spec)
        except (MatchFileError, ReplayError) as exc:
            moved = set_aside(path)
            raise DamagedFile(Path(path), moved, str(exc)) from None
        if not isinstance(seats_data, list) or len(seats_data) != match.players:
            seats_data = [{"name": f"Player {i + 1}", "human": i == 0} for i in range(match.players)]
        seats = [SeatConfig.from_dict(d if isinstance(d, dict) else {}, i) for i, d in enumerate(seats_data)]
        return cls(match, seats)


def fresh_match_like(session: Session) -> "Session":
    """A new match with the same game, options and seats (the "new match" button)."""
    m = session.match
    return Session.new(m.game_id, m.players, m.options, session.seats)


__all__ = ["Session", "SeatConfig", "BotTurn", "BOT_LEVELS", "AUTOSAVE", "bot_for", "fresh_match_like", "new_match"]
