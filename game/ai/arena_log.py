"""Arena logs: every finished match of a long arena run as one JSON line.

A strength table needs hundreds of matches per line, more than one sitting can
play. A log lets a run be cut short and resumed later, by another process or
another day: its first line names what was measured (game, players, options,
bots, seed) and a fingerprint of the code that plays (the bots, the engine and
the game's rules); the matches already in it are not played again, so the
resumed run gives exactly the result an uninterrupted one would. A log written
by other code or for another question is refused rather than mixed in.

``summary`` reads logs and prints the strength table, with the 95 % interval
of every line and, where a game has both an Expert-vs-Normal and a
cheat-vs-Normal log, how much of the cheat's edge Expert reaches.
"""
from __future__ import annotations

import hashlib
import json
import os
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
        elif found != head:
            differs = sorted(k for k in set(found) | set(head) if found.get(k) != head.get(k))
            raise LogMismatch(f"{self.path} was written for another run (differs in: "
                              f"{', '.join(differs)}); give another --log file")

    def add(self, m: int, outcome: tuple) -> None:
        side, entrant, decisions = outcome
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"m": m, "side": side, "entrant": entrant,
                                "decisions": decisions}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        self.done[m] = outcome


def _chance(head: dict) -> float:
    sides = 2 if head["players"] in (4, 6) else head["players"]
    return 1 / sides


def summary(paths: list[str]) -> list[str]:
    """The strength table of some logs, one line each, then the cheat comparison."""
    from .arena import wilson
    rows = []
    for path in paths:
        head, done = read_log(path)
        if head is None or not done:
            continue
        n = len(done)
        wins = sum(1 for _, entrant, _ in done.values() if entrant == 0)
        lo, hi = wilson(wins, n)
        opts = ",".join(f"{k}={v}" for k, v in head["options"].items())
        rows.append((head, n, wins / n, lo, hi, opts))
    out = [f"{'game':<16} {'pl':>2}  {'line':<18} {'matches':>7}  {'won':>6}  {'95 % CI':<13}  options"]
    for head, n, rate, lo, hi, opts in rows:
        line = f"{head['bots'][0]} v {head['bots'][1]}"
        out.append(f"{head['game']:<16} {head['players']:>2}  {line:<18} {n:>7}  {100 * rate:5.1f}%  "
                   f"{100 * lo:4.1f}-{100 * hi:4.1f} %  {opts}")
    by_key = {(h["game"], h["players"], tuple(h["options"].items()), h["bots"][0], h["bots"][1]): r
              for h, _, r, _, _, _ in rows}
    for (game, players, opts, first, second), rate in by_key.items():
        if (first, second) != ("cheat", "normal"):
            continue
        expert = by_key.get((game, players, opts, "expert", "normal"))
        if expert is None:
            continue
        chance = _chance({"players": players})
        edge_cheat, edge_expert = rate - chance, expert - chance
        share = edge_expert / edge_cheat if edge_cheat > 0 else float("nan")
        out.append(f"{game} {players}p: Expert's edge over Normal {100 * edge_expert:+.1f} points, "
                   f"the cheat's {100 * edge_cheat:+.1f}: Expert reaches {100 * share:.0f} % of it")
    return out
