"""Judging a change to a bot (``python main.py arena-compare``).

``docs/arena/README.md`` says how: play the committed code and the changed
code on the same seatings (the same game, players, bots, options and seed),
each into its own log, and count the seatings the first bot won at one code
and lost at the other. Seatings both codes won, or both lost, say nothing of
the change; the others are a sign test. A seating played alike at both codes
(the same winner and as many decisions of each bot) is counted apart: there
the change never altered a decision, or altered none that mattered.

Only seatings in both logs are counted, so two runs cut short at different
points compare on what they share.
"""
from __future__ import annotations

import math
import os

from .arena_log import read_log

SAME_QUESTION = ("game", "players", "bots", "seed", "options")


class NotComparable(ValueError):
    pass


def sign_test(a: int, b: int) -> float:
    """Two-sided exact sign test: the chance of a split at least as uneven as
    ``a`` to ``b`` when each side is as likely (1.0 for no discordant seating)."""
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(a, b) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(committed: str | os.PathLike, changed: str | os.PathLike) -> dict:
    """The counts of two logs' shared seatings, from the first bot's side:
    ``seatings``, ``committed_wins``, ``changed_wins``, ``both``, ``neither``,
    ``only_committed``, ``only_changed``, ``alike`` and the sign test ``p``.
    Refuses logs that do not answer the same question (NotComparable)."""
    heads, dones = [], []
    for path in (committed, changed):
        try:
            head, done = read_log(path)
        except (OSError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise NotComparable(f"{path}: not a readable arena log ({type(exc).__name__})") from None
        if not isinstance(head, dict):
            raise NotComparable(f"{path}: no arena log there")
        heads.append(head)
        dones.append(done)
    differs = [k for k in SAME_QUESTION if heads[0].get(k) != heads[1].get(k)]
    if differs:
        raise NotComparable(f"the logs were played for different runs (differ in: {', '.join(differs)})")
    old, new = dones
    shared = sorted(set(old) & set(new))
    first = lambda outcome: outcome[1] == 0          # the first bot named won
    counts = {"seatings": len(shared), "committed_wins": 0, "changed_wins": 0, "both": 0,
              "neither": 0, "only_committed": 0, "only_changed": 0, "alike": 0,
              "codes": (heads[0].get("code"), heads[1].get("code")), "head": heads[0]}
    for m in shared:
        a, b = first(old[m]), first(new[m])
        counts["committed_wins"] += a
        counts["changed_wins"] += b
        key = ("both" if b else "only_committed") if a else ("only_changed" if b else "neither")
        counts[key] += 1
        if old[m][1] == new[m][1] and all(old[m][2][k][0] == new[m][2].get(k, [None])[0] for k in old[m][2]):
            counts["alike"] += 1
    counts["p"] = sign_test(counts["only_changed"], counts["only_committed"])
    return counts


def report(committed: str | os.PathLike, changed: str | os.PathLike) -> list[str]:
    """The comparison as lines to print."""
    c = compare(committed, changed)
    head = c["head"]
    first = head["bots"][0]
    n = c["seatings"]
    pct = (lambda w: f"{100 * w / n:.1f} %") if n else (lambda w: "-")
    return [
        f"{head['game']} {head['players']}p {' v '.join(head['bots'])}, seed {head['seed']}: "
        f"{n} seatings in both logs",
        f"  {first} won {c['committed_wins']} ({pct(c['committed_wins'])}) at the committed code "
        f"({c['codes'][0]}), {c['changed_wins']} ({pct(c['changed_wins'])}) at the changed code ({c['codes'][1]})",
        f"  won at both {c['both']}, at neither {c['neither']}; only at the changed code "
        f"{c['only_changed']}, only at the committed code {c['only_committed']} "
        f"(sign test p = {c['p']:.3f})",
        f"  played alike at both codes (same winner, as many decisions of each bot): {c['alike']}",
    ]
