"""The strong player's bets of Truco Mineiro's Expert, worked out again.

    .venv/bin/python tools/fit_mineiro_strong_bets.py [--matches 300]

Plays seeded Hard-vs-Hard matches of 2-player Truco Mineiro (two blocks of
``--matches``, deals seeded from 100 and from 9000; about twenty minutes of one
core for the default) and, at every bet Hard could make, notes the step, the
cards it held, the tenth of its chance of the hand (``seat_equity``, read from
its own cards and the table) and what it did. It prints ``STRONG_CALL`` and
``STRONG_ANSWER`` in the form ``game/ai/truco_mineiro_search.py`` holds them;
the module's tables came from these same matches, by the same counting (checked
on the first 20 of each block). Cells seen fewer than 10 times are left out.
Run it again after a change to Hard's bets.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.truco_mineiro_search import seat_equity, strong_key  # noqa: E402
from game.engine.options import resolve_options  # noqa: E402
from game.games import truco_mineiro as tm  # noqa: E402

BLOCKS = (100, 9000)        # first deal seed of each block of matches
LEAST = 10                  # fewest sightings a cell is kept with


def observe(matches: int, progress=None) -> tuple[dict, dict]:
    """Counts per (step capped at 2, cards held, tenth of the chance): calls
    [chances, calls]; answers [answers, not run from, raised]."""
    calls = defaultdict(lambda: [0, 0])
    answers = defaultdict(lambda: [0, 0, 0])
    options = resolve_options(tm.OPTIONS, None)
    for first in BLOCKS:
        for m in range(matches):
            bots = [make_bot("hard", "truco_mineiro", 5000 + m * 10 + s) for s in range(2)]
            match = tm.Match(2, m % 2, first + m, options, None, False)
            while not match.finished:
                seat = match.to_act
                view = match.view(seat)
                legal = view["legal"]
                action = bots[seat].choose(view)
                if match.phase == tm.PLAY_PHASE and match.pending and "accept" in legal:
                    key = strong_key(match.pending, len(match.hands[seat]), seat_equity(match, seat))
                    cell = answers[key]
                    cell[0] += 1
                    cell[1] += action != "reject"
                    cell[2] += action.startswith("call")
                elif len(legal) > 1 and legal[-1].startswith("call") and not match.pending:
                    key = strong_key(match.level + 1, len(match.hands[seat]), seat_equity(match, seat))
                    cell = calls[key]
                    cell[0] += 1
                    cell[1] += action.startswith("call")
                match.apply(action)
            if progress:
                progress(first, m)
    return calls, answers


def table(calls: dict, answers: dict) -> str:
    lines = ["STRONG_CALL = {"]
    for key in sorted(calls):
        n, c = calls[key]
        if n >= LEAST:
            lines.append(f"    {key}: {c / n:.2f},   # {n}")
    lines += ["}", "STRONG_ANSWER = {"]
    for key in sorted(answers):
        n, a, r = answers[key]
        if n >= LEAST:
            lines.append(f"    {key}: ({a / n:.2f}, {r / n:.2f}),   # {n}")
    lines.append("}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=300, help="matches in each of the two blocks")
    args = parser.parse_args()
    print(table(*observe(args.matches, lambda first, m: print(f"# {first}+{m}", file=sys.stderr)
                         if m % 50 == 49 else None)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
