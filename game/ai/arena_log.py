"""Arena logs: every finished match of a long arena run as one JSON line.

A strength table needs hundreds of matches per line, more than one sitting can
play. A log lets a run be cut short and resumed later, by another process or
another day: its first line names what was measured (game, players, options,
bots, seed) and a fingerprint of the code that plays (the bots, the engine and
the game's rules); the matches already in it are not played again, so the
resumed run gives exactly the result an uninterrupted one would. A log written
by other code or for another question is refused rather than mixed in.

``arena.strength_table`` reads logs into the strength table; ``current_logs``
leaves out the older logs of a line whose current log is given too.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

GAME_ROOT = Path(__file__).resolve().parent.parent


PLAY_ENGINE = ("cards.py", "errors.py", "match.py", "options.py", "scripted.py", "tricks.py")


def code_fingerprint(game_id: str) -> str:
    """A short hash of the code a match between bots of ``game_id`` runs: the
    shared search and bot code, the game's own bots, the engine's play path
    and the game's rules (not other games' bots, nor files, saves or locales)."""
    ai, engine, games = GAME_ROOT / "ai", GAME_ROOT / "engine", GAME_ROOT / "games"
    files = sorted((ai / "search").rglob("*.py"))
    files += [ai / name for name in ("__init__.py", "base.py", "arena.py")]
    files += sorted(ai.glob(f"{game_id}_*.py"))
    files += [engine / name for name in PLAY_ENGINE]
    files += sorted(games.glob(f"{game_id}*.py")) + [games / "__init__.py"]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(GAME_ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


_OLDER = re.compile(r"(?P<line>.+)-at-[0-9a-f]{7,40}\.jsonl")


def current_logs(paths: list[str]) -> tuple[list[str], list[str]]:
    """(kept, left out) of some logs for a strength table. A log named
    ``NAME-at-COMMIT.jsonl`` is an older run of the line ``NAME.jsonl`` (kept
    when a change to the bots made the line be played again): it is left out
    when ``NAME.jsonl`` in the same folder is among ``paths``, so a table of a
    whole folder shows each line once, as the current code plays it. An older
    log given without its current one is kept."""
    given = {os.path.abspath(p) for p in paths}
    kept, older = [], []
    for p in paths:
        found = _OLDER.fullmatch(os.path.basename(p))
        current = found and os.path.join(os.path.dirname(os.path.abspath(p)), found["line"] + ".jsonl")
        (older if current in given else kept).append(p)
    return kept, older


def header(game_id: str, players: int, kinds: list[str], seed: int, options: dict) -> dict:
    return {"game": game_id, "players": players, "bots": list(kinds), "seed": seed,
            "options": {k: options[k] for k in sorted(options)},
            "code": code_fingerprint(game_id)}


class LogMismatch(ValueError):
    pass


def read_log(path: str | os.PathLike) -> tuple[dict | None, dict[int, tuple]]:
    """(header, outcomes by match number) of a log; (None, {}) if it does not exist.
    A torn last line (a run killed mid-write) is ignored."""
    path = Path(path)
    if not path.exists():
        return None, {}
    head = None
    done: dict[int, tuple] = {}
    with path.open(encoding="utf-8") as f:
        for line in f:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if head is None:
                head = record.get("arena")
                continue
            done[int(record["m"])] = (record["side"], record["entrant"], record["decisions"])
    return head, done


class ArenaLog:
    """Appends outcomes to a log, after checking it answers the same question."""

    def __init__(self, path: str | os.PathLike, head: dict):
        self.path = Path(path)
        found, self.done = read_log(self.path)
        if found is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("w", encoding="utf-8") as f:
                f.write(json.dumps({"arena": head}) + "\n")
        elif (found := _question(found)) != head:
            differs = sorted(k for k in set(found) | set(head) if found.get(k) != head.get(k))
            raise LogMismatch(f"{self.path} was written for another run (differs in: "
                              f"{', '.join(differs)}); give another --log file")

    def add(self, m: int, outcome: tuple) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            f.write(record_line(m, outcome))
            f.flush()
            os.fsync(f.fileno())
        self.done[m] = outcome


def _question(head: dict) -> dict:
    """A header without its history (the fingerprints it was adopted from)."""
    return {k: v for k, v in head.items() if k != "adopted_from"}


def record_line(m: int, outcome: tuple) -> str:
    """One finished match as a line of the log."""
    side, entrant, decisions = outcome
    return json.dumps({"m": m, "side": side, "entrant": entrant, "decisions": decisions}) + "\n"
