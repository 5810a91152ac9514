"""Answers a playout policy works out again and again, remembered.

A search asks its policy the same question (a seat's chance of the hand, the
card it would play) of thousands of worlds that differ only where the policy
does not look. :func:`remembered` keeps each answer under a key the caller
builds from everything the answer reads, so a remembered answer is always the
one working it out would give.
"""
from __future__ import annotations

LIMIT = 200_000          # entries a memo holds before it is emptied


def remembered(memo: dict, key, work, *args):
    """``work(*args)``, kept in ``memo`` under ``key`` (which must name all that
    ``work`` reads); the memo is emptied when it grows past :data:`LIMIT`."""
    value = memo.get(key)
    if value is None:
        if len(memo) > LIMIT:
            memo.clear()
        value = memo[key] = work(*args)
    return value
