"""The messages a phone may send, checked before anything else looks at them, and the
per-connection limits (message size, rate) that keep a hostile client from disturbing
the match. No pygame, no asyncio: plain functions the server and the tests share.

A phone sends small JSON objects as WebSocket text frames:

- ``{"type": "act", "action": "play 7C", "turn": "0:5"}`` — an action for its seat, for the
  turn it was shown (``turn`` in the state it got); the table checks it like a click;
- ``{"type": "lang", "lang": "bn"}`` — the language the phone shows;
- ``{"type": "ping"}`` — keeps the connection alive through a phone's power saving.

The server sends ``{"type": "state", ...}`` (what the seat may know, published by the
table), ``{"type": "refused", "text": ...}`` (an action the match refused, and why) and
``{"type": "bye", "reason": ...}`` before it closes.
"""
from __future__ import annotations

import json
import re
import time

from game.remote.hub import LANGS

MAX_MESSAGE = 2048               # bytes of one frame; bigger frames close the connection
RATE = 20.0                      # messages a second a connection may send, on average...
BURST = 40                       # ...with this many at once
MAX_JUNK = 20                    # malformed messages before the connection is dropped

ACTION_RE = re.compile(r"[A-Za-z0-9#\- ]{1,48}")
TURN_RE = re.compile(r"\d{1,6}:\d{1,6}")
KINDS = ("act", "lang", "ping")


class BadMessage(ValueError):
    """A frame that is not one of the phone's messages."""


def parse(text) -> dict:
    """The message in ``text`` as a clean dict, or :class:`BadMessage`."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        raise BadMessage("not a short text frame")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    kind = data.get("type")
    if kind not in KINDS:
        raise BadMessage("unknown type")
    if kind == "act":
        action, turn = data.get("action"), data.get("turn")
        if not isinstance(action, str) or not ACTION_RE.fullmatch(action):
            raise BadMessage("bad action")
        if not isinstance(turn, str) or not TURN_RE.fullmatch(turn):
            raise BadMessage("bad turn")
        return {"type": "act", "action": action, "turn": turn}
    if kind == "lang":
        lang = data.get("lang")
        if lang not in LANGS:
            raise BadMessage("unknown language")
        return {"type": "lang", "lang": lang}
    return {"type": "ping"}


class RateLimit:
    """A token bucket: :meth:`allow` is False once a connection sends faster than
    ``rate`` a second beyond a burst of ``burst``."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock=time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def encode(message: dict) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


__all__ = ["parse", "encode", "BadMessage", "RateLimit", "MAX_MESSAGE", "RATE", "BURST", "MAX_JUNK"]
