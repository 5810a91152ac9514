"""Fuzzers for the files the game reads (``python main.py fuzz``; the suite runs them short).

* :func:`fuzz_replay` mutates valid match files of every game (byte flips, truncation,
  wrong types, huge numbers, deep nesting, unicode digits, foreign actions, ...) and runs
  each through ``replay`` in-process, asserting the contract: exit 0 and JSON on stdout,
  or exit 2 and one line on stderr. Never a traceback, never a slow file.
* :func:`fuzz_saves` feeds the same mutants, as saves with seats, to the game's loader:
  each loads, or is set aside (never deleted) with a one-line reason.
* :func:`fuzz_settings` does the same to settings files: defaults and a notice, never a crash.

Everything is seeded: the same seed gives the same files. No pygame here.
"""
from __future__ import annotations

import contextlib
import io
import json
import logging
import random
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

SLOW_SECONDS = 5.0           # a single file taking longer than this is a finding

# Every game, player count and mode the corpus covers.
def variants() -> list[tuple[str, int, dict]]:
    from game.games import built_games, game_module
    out = []
    for game_id in built_games():
        module = game_module(game_id)
        for players in module.PLAYERS:
            if game_id == "buraco":
                from game.games.buraco_melds import MODES
                out.extend((game_id, players, {"mode": mode}) for mode in MODES)
            else:
                out.append((game_id, players, {}))
    return out


def random_match_text(game_id: str, players: int, options: dict, rng: random.Random,
                      max_actions: int = 160) -> str:
    """A valid match file: a random-legal match of up to ``max_actions`` actions."""
    from game.engine.matchfile import match_to_dict
    from game.games import game_module
    module = game_module(game_id)
    match = module.Match(players, rng.randrange(players), rng.randrange(1, 10**6), options)
    for _ in range(rng.randrange(max_actions)):
        if match.finished:
            break
        match.apply(rng.choice(match.legal_actions()))
    return tomli_w.dumps(match_to_dict(match))


# --------------------------------------------------------------------------- mutations

UNICODE_DIGITS = ("¹²³⁴⁵⁶⁷⁸⁹⁰", "০১২৩৪৫৬৭৮৯", "०१२३४५६७८९", "٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９")
FOREIGN_ACTIONS = ("play 1E", "play #0", "play #²", "add ¹ 5H", "add 0 JK", "bid 16", "call envido",
                   "call truco", "accept", "draw", "take-discard", "meld 3S 4S 5S", "discard 5H",
                   "sing oros", "exchange 7O", "choose trump H", "double", "fold", "go to the deck",
                   "add 99999999999999999999 5H", "play 10", "", " ", "\x00", "play 1E" * 80)


def _nodes(data, path=()):
    """(path, value) of every value in a parsed match file, containers included."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _nodes(v, path + (i,))


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _other_type(rng: random.Random, value):
    choices = ["yes", 1, -3, 2.5, True, [], ["x"], {"a": 1}, 10**18, "0", "JK", [[1, 2]]]
    choices = [c for c in choices if type(c) is not type(value)]
    return rng.choice(choices)


def _deep_value(rng: random.Random) -> str:
    depth = rng.choice((40, 1000, 3000))
    kind = rng.randrange(3)
    if kind == 0:
        return "[" * depth + "]" * depth
    if kind == 1:
        return "{a = " * depth + "1" + "}" * depth
    return "[{a = " * (depth // 2) + "1" + "}]" * (depth // 2)


def _mutate_text(rng: random.Random, text: str) -> tuple[str, bytes]:
    """One mutation; (its name, the file's bytes)."""
    kind = rng.choice(("flip", "truncate", "type", "huge", "deep", "deep_key", "unicode_digits",
                       "foreign_action", "actions", "keys", "encoding"))
    raw = text.encode("utf-8")
    if kind == "flip":
        b = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return kind, bytes(b)
    if kind == "truncate":
        return kind, raw[:rng.randrange(len(raw))]
    if kind == "encoding":
        pos = rng.randrange(len(raw))
        junk = rng.choice((b"\xff\xfe", b"\x00", b"\xef\xbb\xbf", b"\xc3", b"\r", b"\t\x0b"))
        return kind, raw[:pos] + junk + raw[pos:]
    if kind == "deep_key":
        depth = rng.choice((40, 2000, 28000))
        key = "x" + ".a" * depth
        line = rng.choice((f"{key} = 1\n", f"[{key}]\n", f"seed = {{ {key} = 1 }}\n"))
        return kind, (line + text).encode() if rng.random() < 0.5 else (text + "\n" + line).encode()
    data = tomllib.loads(text)
    nodes = list(_nodes(data))[1:]
    if kind == "type":
        path, value = rng.choice(nodes)
        _set(data, path, _other_type(rng, value))
    elif kind == "huge":
        ints = [(p, v) for p, v in nodes if isinstance(v, int) and not isinstance(v, bool)]
        path = rng.choice(ints)[0] if ints else ("seed",)
        big = rng.choice(("9" * 5000, "0x" + "f" * 5000, str(2**64), "-" + "9" * 30, "1_000" * 900))
        marker = "__HUGE__"
        _set(data, path, marker)
        return kind, tomli_w.dumps(data).replace(f'"{marker}"', big, 1).encode()
    elif kind == "deep":
        marker = "__DEEP__"
        path = rng.choice([p for p, _ in nodes]) if rng.random() < 0.7 else ("seed",)
        _set(data, path, marker)
        return kind, tomli_w.dumps(data).replace(f'"{marker}"', _deep_value(rng), 1).encode()
    elif kind in ("unicode_digits", "foreign_action", "actions"):
        deals = data.get("deals") or [{}]
        deal = rng.choice(deals)
        actions = deal.setdefault("actions", [])
        if kind == "unicode_digits":
            digits = rng.choice(UNICODE_DIGITS)
            table = str.maketrans("0123456789", digits)
            if actions:
                i = rng.randrange(len(actions))
                actions[i] = actions[i].translate(table)
            else:
                actions.append(rng.choice(("add ¹ 5H", "play #²", "bid ১৬")))
            if rng.random() < 0.3:
                hands = deal.get("hands")
                if isinstance(hands, list) and hands and hands[0]:
                    hands[0][0] = hands[0][0].translate(table)
        elif kind == "foreign_action":
            actions.insert(rng.randint(0, len(actions)), rng.choice(FOREIGN_ACTIONS))
        else:
            op = rng.randrange(3)
            if actions and op == 0:
                del actions[rng.randrange(len(actions))]
            elif actions and op == 1:
                i = rng.randrange(len(actions))
                actions.insert(i, actions[i])
            elif len(actions) > 1:
                i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
                actions[i], actions[j] = actions[j], actions[i]
    elif kind == "keys":
        op = rng.randrange(3)
        if op == 0:
            data.pop(rng.choice(list(data)), None)
        elif op == 1:
            data[rng.choice(("extra", "Game", "options2", "seats"))] = rng.choice((1, "x", [1], {"a": 1}))
        else:
            data.setdefault("options", {})[rng.choice(("target", "mode", "flor", "bogus"))] = \
                _other_type(rng, None) if rng.random() < 0.5 else rng.choice((0, -1, 10**9, "open"))
    return kind, tomli_w.dumps(data).encode()


# --------------------------------------------------------------------------- running

@dataclass
class FuzzReport:
    name: str
    runs: int = 0
    outcomes: dict = field(default_factory=dict)     # "exit 0" / "exit 2" / ... -> count
    kinds: dict = field(default_factory=dict)        # mutation -> count
    failures: list = field(default_factory=list)     # (mutation, what went wrong, file bytes)
    slowest: float = 0.0

    def count(self, outcome: str, kind: str) -> None:
        self.runs += 1
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def wants_more(self, count: int | None, deadline: float | None) -> bool:
        """Another file? Until ``count`` files (if given) and until ``deadline`` (if given)."""
        return (count is None or self.runs < count) and (deadline is None or time.monotonic() < deadline)

    def add(self, kind: str, outcome: str, problem: str | None, took: float, raw: bytes) -> None:
        """One file's result; a file that took too long is a finding too."""
        self.slowest = max(self.slowest, took)
        if problem is None and took > SLOW_SECONDS:
            problem = f"took {took:.1f} s"
        self.count(outcome, kind)
        if problem:
            self.failures.append((kind, problem, raw))

    def lines(self) -> list[str]:
        out = [f"{self.name}: {self.runs} files, " +
               ", ".join(f"{k}: {v}" for k, v in sorted(self.outcomes.items())) +
               f"; slowest {self.slowest:.2f} s; {len(self.failures)} failures"]
        out.append("  mutations: " + ", ".join(f"{k} {v}" for k, v in sorted(self.kinds.items())))
        for kind, what, _ in self.failures[:10]:
            out.append(f"  FAIL [{kind}] {what}")
        return out


def _error_text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc)[:160]}"


def _empty(folder: Path) -> None:
    """Remove what a run left in the fuzzer's folder."""
    for leftover in folder.iterdir():
        leftover.unlink()


def replay_in_process(path: Path, pretty: bool = False) -> tuple[int | None, str, str, str | None]:
    """``main.py replay`` in this process: (exit code, stdout, stderr, uncaught error)."""
    from game.commands.replay import replay
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = replay(str(path), pretty)
    except BaseException as exc:                     # noqa: BLE001 - that is the finding
        return None, out.getvalue(), err.getvalue(), _error_text(exc)
    return code, out.getvalue(), err.getvalue(), None


def contract_problem(code, stdout: str, stderr: str, error: str | None, pretty: bool) -> str | None:
    """What breaks the replay contract in this outcome, None if nothing."""
    if error is not None:
        return f"uncaught {error}"
    if code == 0:
        if stderr:
            return f"exit 0 with stderr {stderr[:120]!r}"
        if not pretty:
            try:
                json.loads(stdout)
            except ValueError:
                return "exit 0 without JSON on stdout"
        return None
    if code == 2:
        line = stderr.rstrip("\n")
        if not line or "\n" in line:
            return f"exit 2 without exactly one line on stderr: {stderr[:160]!r}"
        if "Traceback" in line:
            return "a traceback on stderr"
        return None
    return f"exit {code}"


def _corpus(rng: random.Random, per_variant: int) -> list[str]:
    return [random_match_text(g, p, o, rng) for g, p, o in variants() for _ in range(per_variant)]


def fuzz_replay(seed: int = 1, count: int | None = None, seconds: float | None = None,
                per_variant: int = 2) -> FuzzReport:
    """Mutated match files through ``replay``: ``count`` files, or for ``seconds``."""
    rng = random.Random(seed)
    corpus = _corpus(rng, per_variant)
    report = FuzzReport("replay")
    deadline = None if seconds is None else time.monotonic() + seconds
    with tempfile.TemporaryDirectory(prefix="taash-fuzz-") as tmp:
        path = Path(tmp) / "match.toml"
        while report.wants_more(count, deadline):
            kind, raw = _mutate_text(rng, rng.choice(corpus))
            path.write_bytes(raw)
            pretty = rng.random() < 0.25
            start = time.monotonic()
            code, out, err, error = replay_in_process(path, pretty)
            took = time.monotonic() - start
            report.add(kind, f"exit {code}" if error is None else "crash",
                       contract_problem(code, out, err, error, pretty), took, raw)
    return report


def fuzz_saves(seed: int = 2, count: int | None = None, seconds: float | None = None,
               per_variant: int = 1) -> FuzzReport:
    """Mutated saves (match files with seats) through the game's loader: each one
    loads, or is set aside with a one-line reason; nothing is ever deleted."""
    from game.session import Session
    from game.storage import DamagedFile
    rng = random.Random(seed)
    corpus = []
    for text in _corpus(rng, per_variant):
        data = tomllib.loads(text)
        data["seats"] = [{"name": f"P{i}", "human": i == 0, "level": "normal"}
                         for i in range(data["players"])]
        corpus.append(tomli_w.dumps(data))
    report = FuzzReport("saves")
    deadline = None if seconds is None else time.monotonic() + seconds
    with tempfile.TemporaryDirectory(prefix="taash-fuzz-") as tmp:
        folder = Path(tmp)
        while report.wants_more(count, deadline):
            kind, raw = _mutate_text(rng, rng.choice(corpus))
            path = folder / "autosave.toml"
            path.write_bytes(raw)
            start = time.monotonic()
            problem = None
            outcome = "loaded"
            try:
                Session.load(path)
                if not path.exists():
                    problem = "loaded, but the file is gone"
            except DamagedFile as exc:
                outcome = "set aside"
                kept = exc.moved_to
                if kept is None or not kept.exists() or kept.read_bytes() != raw:
                    problem = f"damaged but not kept intact ({exc.reason[:100]})"
                elif path.exists():
                    problem = "set aside, yet still in place"
                elif "\n" in exc.reason or not exc.reason:
                    problem = f"reason is not one line: {exc.reason[:160]!r}"
            except BaseException as exc:             # noqa: BLE001 - that is the finding
                outcome, problem = "crash", f"uncaught {_error_text(exc)}"
            report.add(kind, outcome, problem, time.monotonic() - start, raw)
            _empty(folder)
    return report


def fuzz_settings(seed: int = 3, count: int | None = None, seconds: float | None = None) -> FuzzReport:
    """Mutated settings files: loading always gives settings (defaults for what is
    damaged); a file that cannot be read is set aside intact, never deleted."""
    from game.settings import Settings, load_settings, settings_path
    rng = random.Random(seed)
    base = tomli_w.dumps(Settings(language="bn", volume=40, player_name="Ana").to_dict())
    report = FuzzReport("settings")
    deadline = None if seconds is None else time.monotonic() + seconds
    with tempfile.TemporaryDirectory(prefix="taash-fuzz-") as tmp:
        folder = Path(tmp)
        while report.wants_more(count, deadline):
            kind, raw = _mutate_settings(rng, base)
            settings_path(folder).write_bytes(raw)
            start = time.monotonic()
            problem = None
            try:
                settings, notice = load_settings(folder)
                outcome = "notice" if notice else "loaded"
                if not isinstance(settings, Settings):
                    problem = "no settings"
                kept = [p for p in folder.iterdir() if p.read_bytes() == raw]
                if not kept:
                    problem = "the file's bytes are gone"
            except BaseException as exc:             # noqa: BLE001 - that is the finding
                outcome, problem = "crash", f"uncaught {_error_text(exc)}"
            report.add(kind, outcome, problem, time.monotonic() - start, raw)
            _empty(folder)
    return report


def _mutate_settings(rng: random.Random, base: str) -> tuple[str, bytes]:
    kind = rng.choice(("flip", "truncate", "huge", "deep", "deep_key", "type", "empty", "big"))
    if kind == "empty":
        return kind, b""
    if kind == "big":
        return kind, base.encode() + b"# " + b"x" * rng.choice((70_000, 2_000_000)) + b"\n"
    if kind == "huge":
        return kind, base.replace("40", rng.choice(("9" * 5000, "0x" + "f" * 5000))).encode()
    if kind == "deep":
        return kind, base.replace("40", _deep_value(rng)).encode()
    if kind == "type":
        data = tomllib.loads(base)
        key = rng.choice(list(data))
        data[key] = _other_type(rng, data[key])
        return kind, tomli_w.dumps(data).encode()
    return _mutate_text(rng, base) if kind != "deep_key" else \
        ("deep_key", (f"x{'.a' * rng.choice((40, 28000))} = 1\n" + base).encode())


@contextlib.contextmanager
def quiet_logs():
    """The loaders log every damaged file; thousands of them would drown the report."""
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)


def run_all(seconds: float, seed: int = 1, out=print) -> int:
    """``main.py fuzz``: the three fuzzers sharing ``seconds``; 0 if nothing failed."""
    share = max(seconds, 3.0) / 3
    with quiet_logs():
        reports = [fuzz_replay(seed, seconds=share), fuzz_saves(seed + 1, seconds=share),
                   fuzz_settings(seed + 2, seconds=share)]
    failed = 0
    for report in reports:
        for line in report.lines():
            out(line)
        failed += len(report.failures)
    if failed:
        out(f"{failed} failures; the first file of each is kept in the temp folder printed below")
        keep = Path(tempfile.mkdtemp(prefix="taash-fuzz-failures-"))
        for report in reports:
            for i, (kind, what, raw) in enumerate(report.failures[:20]):
                (keep / f"{report.name}-{i}-{kind}.toml").write_bytes(raw)
        out(str(keep))
    return 1 if failed else 0


__all__ = ["fuzz_replay", "fuzz_saves", "fuzz_settings", "run_all", "quiet_logs", "random_match_text",
           "variants", "contract_problem", "replay_in_process", "FuzzReport"]
