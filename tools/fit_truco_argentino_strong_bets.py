"""The strong player's bets of Truco Argentino's Expert, worked out again.

    .venv/bin/python tools/fit_truco_argentino_strong_bets.py [--matches 400] [--start 0]

Plays seeded 2-player Hard-vs-Hard matches (match m deals from seed 100 + m,
its bots seeded 5000 + 10 m + seat; about nine seconds a match on one core) and, at
every bet Hard could make, counts what it did by
:func:`game.ai.truco_argentino_strong.bets_seen`: the envido band, or the
truco step, the cards it held and the tenth of its chance of the hand
(``equity``, read from its own cards and the table). It prints the four
tables in the form ``game/ai/truco_argentino_strong.py`` holds them; the
module's tables came from these same matches, by the same counting. Cells seen
fewer than 10 times are left out. Run it again after a change to Hard's bets.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.truco_argentino_search import equity  # noqa: E402
from game.ai.truco_argentino_strong import OUTCOMES, bets_seen, env_band, truco_key  # noqa: E402
from game.engine.options import resolve_options  # noqa: E402
from game.games import truco_argentino as ta  # noqa: E402

LEAST = 10                  # fewest sightings a cell is kept with
NAMES = {"open": "STRONG_OPEN", "envido": "STRONG_ENVIDO", "call": "STRONG_CALL", "answer": "STRONG_ANSWER"}


def decision(match, seat: int, legal: list, action: str) -> dict:
    """What the counting reads of one decision."""
    return dict(mode=match.mode, seat=seat, mano=match.mano, env=match.env_val[seat],
                eq=equity(match, seat), cards=len(match.hands[seat]), level=match.level,
                tr_call=match.tr_call, chain="".join(match.env_chain), score=list(match.score),
                target=match.target, legal=legal, action=action)


def count(counts: dict, d: dict) -> None:
    """Add one decision's bets to ``counts``: table -> cell -> [times, outcome 0, 1, ...]."""
    for table, context, outcome in bets_seen(d["mode"], d["seat"], d["mano"], d["level"], d["tr_call"],
                                             tuple(d["chain"]), d["score"], d["target"], d["legal"],
                                             d["action"]):
        if table in ("open", "envido"):
            key = (context, env_band(d["env"]))
        else:
            key = truco_key(context, d["cards"], d["eq"])
        cell = counts[table][key]
        cell[0] += 1
        cell[1 + outcome] += 1


def new_counts() -> dict:
    return {table: defaultdict(lambda n=n: [0] * (1 + n)) for table, n in OUTCOMES.items()}


def observe(start: int, stop: int, progress=None) -> dict:
    counts = new_counts()
    options = resolve_options(ta.OPTIONS, None)
    for m in range(start, stop):
        bots = [make_bot("hard", "truco_argentino", 5000 + m * 10 + s) for s in range(2)]
        match = ta.Match(2, m % 2, 100 + m, options, None, False)
        while not match.finished:
            seat = match.to_act
            view = match.view(seat)
            action = bots[seat].choose(view)
            count(counts, decision(match, seat, view["legal"], action))
            match.apply(action)
        if progress:
            progress(m)
    return counts


def table(counts: dict) -> str:
    lines = []
    for name, cells in counts.items():
        lines.append(f"{NAMES[name]} = {{")
        for key in sorted(cells):
            n, *seen = cells[key]
            if n < LEAST:
                continue
            if name == "call":
                value = f"{seen[1] / n:.2f}"
            elif name == "answer":
                value = f"({(seen[1] + seen[2]) / n:.2f}, {seen[2] / n:.2f})"
            else:                       # every outcome but the first (not opening, refusing)
                value = "(" + ", ".join(f"{x / n:.2f}" for x in seen[1:]) + ")"
            lines.append(f"    {key!r}: {value},   # {n}")
        lines.append("}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=400, help="matches to play")
    parser.add_argument("--start", type=int, default=0, help="the first match's number")
    args = parser.parse_args()
    print(table(observe(args.start, args.start + args.matches,
                        lambda m: print(f"# {m}", file=sys.stderr) if m % 50 == 49 else None)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
