"""Bot-versus-bot matches, headless, with win rates and their 95 % intervals."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from game.games import game_module

from . import make_bot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def side_count(game_id: str, players: int) -> int:
    """Sides that can win: two teams at 4 or 6 seats, else every seat alone."""
    return 2 if players in (4, 6) else players


def side_of(seat: int, sides: int) -> int:
    return seat % sides


@dataclass
class ArenaResult:
    game: str
    players: int
    matches: int = 0
    seconds: float = 0.0
    wins: dict = field(default_factory=dict)          # entrant label -> match wins
    decisions: dict = field(default_factory=dict)     # bot kind -> [count, seconds]
    side_wins: list = field(default_factory=list)     # wins per side (seat or team)
    played: int = 0                                    # matches played now (not taken from a log)

    def lines(self) -> list[str]:
        out = [f"arena {self.game}, {self.players} players, {self.matches} matches "
               f"({self.played / max(self.seconds, 1e-9):.1f} matches/s"
               + (f"; {self.matches - self.played} from the log" if self.played < self.matches else "")
               + ")"]
        for label, wins in self.wins.items():
            lo, hi = wilson(wins, self.matches)
            out.append(f"  {label:<22} won {wins:5d}  {100 * wins / self.matches:5.1f} %  "
                       f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f} %)")
        sides = "team" if side_count(self.game, self.players) == 2 and self.players >= 4 else "seat"
        out.append("  by " + sides + ": " + ", ".join(
            f"{sides} {i} {w}" for i, w in enumerate(self.side_wins)))
        for kind, (count, secs) in self.decisions.items():
            out.append(f"  {kind:<8} {count} decisions, {1000 * secs / max(count, 1):.3f} ms each")
        return out


def _entrants(game_id: str, players: int, kinds: list[str]) -> list[str]:
    sides = side_count(game_id, players)
    if len(kinds) == 1:
        kinds = kinds * sides
    if len(kinds) != sides and not (len(kinds) == 2 and sides > 2):
        raise ValueError(f"give 1, 2 or {sides} bot kinds")
    if len(kinds) == 2 and sides > 2:                 # first kind against the rest
        kinds = [kinds[0]] + [kinds[1]] * (sides - 1)
    return kinds


def seating(players: int, sides: int, m: int, seed: int) -> tuple[list[int], int, int]:
    """Match ``m``'s entrant on each side, first dealer and deal seed.

    Matches come in groups of one per side (``m // sides``): a group plays the
    same deals from the same first dealer, with the entrants rotated round the
    sides, so every entrant sits on the first dealer's side as often as the
    others, and the luck of the cards is shared out (duplicate play)."""
    shift, group = m % sides, m // sides
    return [(s + shift) % sides for s in range(sides)], (seed + group) % players, seed * 7919 + group


def play_match(game_id: str, players: int, kinds: list[str], m: int, seed: int,
               opts: dict) -> tuple[int, int, dict]:
    """Match number ``m`` of an arena (seated by :func:`seating`): (winning side,
    winning entrant, decisions per kind as [count, seconds])."""
    module = game_module(game_id)
    sides = side_count(game_id, players)
    entrant_of_side, dealer, deal_seed = seating(players, sides, m, seed)
    bots = [make_bot(kinds[entrant_of_side[side_of(seat, sides)]], game_id, seed * 1000003 + m * 17 + seat)
            for seat in range(players)]
    decisions = {k: [0, 0.0] for k in kinds}
    match = module.Match(players, dealer, deal_seed, opts, None, False)
    while not match.finished:
        seat = match.to_act
        view = match.view(seat)
        bot = bots[seat]
        kind = kinds[entrant_of_side[side_of(seat, sides)]]
        t0 = time.perf_counter()
        if getattr(bot, "needs_truth", False):
            bot.see(match)
        action = bot.choose(view)
        stats = decisions[kind]
        stats[0] += 1
        stats[1] += time.perf_counter() - t0
        match.apply(action)
    return match.winner, entrant_of_side[match.winner], decisions


def _play_one(job: tuple) -> tuple[int, tuple]:
    game_id, players, kinds, m, seed, opts = job
    return m, play_match(game_id, players, kinds, m, seed, opts)


def _report(progress, outcomes: list, entrants: int) -> None:
    if progress is not None:
        wins = [0] * entrants
        for _, entrant, _ in outcomes:
            wins[entrant] += 1
        progress(len(outcomes), wins)


def run_arena(game_id: str, players: int, kinds: list[str], matches: int, seed: int,
              options: dict | None = None, workers: int = 1, progress=None,
              log: str | None = None) -> ArenaResult:
    """Play ``matches`` matches. Sides (teams, or seats in games without
    teams) get the bot kinds in ``kinds`` in turn, rotated every match so that
    each kind sits in each side, and on the first dealer's side, equally often
    (:func:`seating`). ``workers`` > 1 plays them in
    that many processes (the result is the same: every match is seeded by
    its number). ``progress(done, wins by entrant)`` is called as matches finish, so a
    long run can be followed (and its partial result read if it is cut short).
    ``log`` names an arena log (``arena_log``): matches already in it are
    taken from it, new ones are appended as they finish."""
    module = game_module(game_id)
    from game.engine.options import resolve_options
    opts = resolve_options(module.OPTIONS, options)
    kinds = _entrants(game_id, players, kinds)
    sides = side_count(game_id, players)
    result = ArenaResult(game_id, players, side_wins=[0] * sides)
    labels = [f"{k} (entrant {i})" if kinds.count(k) > 1 else k for i, k in enumerate(kinds)]
    result.wins = {label: 0 for label in labels}
    result.decisions = {k: [0, 0.0] for k in kinds}
    book = None
    if log is not None:
        from .arena_log import ArenaLog, header
        book = ArenaLog(log, header(game_id, players, kinds, seed, opts))
    outcomes = [book.done[m] for m in range(matches) if book and m in book.done]
    todo = [m for m in range(matches) if not (book and m in book.done)]
    start = time.perf_counter()
    jobs = [(game_id, players, kinds, m, seed, opts) for m in todo]
    if workers > 1 and len(jobs) > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            finished = pool.imap_unordered(_play_one, jobs)
            for m, outcome in finished:
                outcomes.append(outcome)
                if book:
                    book.add(m, outcome)
                _report(progress, outcomes, len(kinds))
    else:
        for job in jobs:
            m, outcome = _play_one(job)
            outcomes.append(outcome)
            if book:
                book.add(m, outcome)
            _report(progress, outcomes, len(kinds))
    for side, entrant, decisions in outcomes:
        result.side_wins[side] += 1
        result.wins[labels[entrant]] += 1
        result.matches += 1
        for kind, (count, secs) in decisions.items():
            result.decisions[kind][0] += count
            result.decisions[kind][1] += secs
    result.seconds = time.perf_counter() - start
    result.played = len(todo)
    return result


def _chance(head: dict) -> float:
    sides = 2 if head["players"] in (4, 6) else head["players"]
    return 1 / sides


def strength_table(paths: list[str]) -> list[str]:
    """The strength table of some arena logs: one line each, with its 95 %
    interval, then, where a game has both an Expert-vs-Normal and a
    cheat-vs-Normal log, how much of the cheat's edge over Normal Expert reaches."""
    from .arena_log import read_log
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
