"""Carrying an arena log over to new code (``python main.py arena-adopt``).

A log is tied to the fingerprint of the code that played it
(:func:`.arena_log.code_fingerprint`), so a change that leaves a line's
decisions alone would still restart it. :func:`adopt` checks that: it plays
the log's first matches again here and, only if every one repeats exactly,
gives the log this code's fingerprint, keeping the old one in its history.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from game.storage import atomic_write_text

from .arena import _play_one
from .arena_log import code_fingerprint, read_log, record_line


def adopt(path: str | os.PathLike, check: int, workers: int = 1) -> tuple[bool, str]:
    """Carry a log written by earlier code over to the code here, if this code
    plays the log's first ``check`` matches exactly as logged (the same
    winning side and entrant, and as many decisions of each bot): the header
    takes this code's fingerprint and keeps the earlier one in
    ``adopted_from``, so the log resumes. Otherwise the file is left as it
    was. Returns (adopted, what was found)."""
    path = Path(path)
    head, done = read_log(path)
    if head is None:
        return False, f"{path}: no arena log there"
    now = code_fingerprint(head["game"])
    if head["code"] == now:
        return True, f"{path}: already at this code ({now})"
    todo = sorted(done)[:check]
    if len(todo) < check:
        return False, f"{path}: only {len(todo)} matches logged, {check} asked to check"
    jobs = [(head["game"], head["players"], head["bots"], m, head["seed"], head["options"]) for m in todo]
    if workers > 1 and len(jobs) > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            played = dict(pool.map(_play_one, jobs))
    else:
        played = dict(_play_one(job) for job in jobs)
    for m in todo:
        side, entrant, decisions = done[m]
        p_side, p_entrant, p_decisions = played[m]
        same = (side, entrant) == (p_side, p_entrant) and all(
            decisions[k][0] == p_decisions[k][0] for k in decisions)
        if not same:
            return False, f"{path}: match {m} plays differently at this code; not adopted"
    head = dict(head, code=now, adopted_from=head.get("adopted_from", []) + [head["code"]])
    lines = [json.dumps({"arena": head}) + "\n"] + [record_line(m, done[m]) for m in sorted(done)]
    atomic_write_text(path, "".join(lines))
    return True, f"{path}: the first {check} matches repeat at this code; adopted ({now})"
