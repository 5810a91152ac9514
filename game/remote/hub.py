"""What the table and the phone server share, behind one lock (no pygame, no asyncio).

The table (main thread) publishes each phone seat's state and takes the actions the
phones sent; the server (its own thread) looks tokens up, records joins and drops,
queues actions and reads the latest state to push. A seat's token is a long random
string made for this match only (:func:`new_token`); a seat turned into a bot or a
local player is revoked and its token is worth nothing from then on.
"""
from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass, field

TOKEN_BYTES = 24                 # secrets.token_urlsafe(24): 32 characters, 192 bits
INBOX_LIMIT = 4                  # actions kept per seat until the table takes them
LANGS = ("bn", "hi", "es", "en", "pt")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass
class PhoneSeat:
    seat: int
    name: str
    token: str
    lang: str = "en"
    sockets: int = 0                       # live WebSocket connections of this seat
    joined_once: bool = False
    dropped_at: float | None = None        # when its last connection closed
    state: dict | None = None              # what the phone is shown (published by the table)
    version: int = 0
    notices: deque = field(default_factory=lambda: deque(maxlen=8))   # (version, message)
    inbox: deque = field(default_factory=lambda: deque(maxlen=INBOX_LIMIT))
    lang_changed: bool = False


class PhoneHub:
    """Phone seats of one match: ``seats`` maps seat -> the player's name."""

    def __init__(self, seats: dict[int, str], lang: str = "en") -> None:
        self._lock = threading.Lock()
        self._seats = {s: PhoneSeat(s, name, new_token(), lang if lang in LANGS else "en")
                       for s, name in seats.items()}
        self._listeners: list = []          # callables(seat) told when a seat has news to push
        self.closed = False

    # ----- both sides ------------------------------------------------------------------
    def on_news(self, callback) -> None:
        self._listeners.append(callback)

    def _news(self, seat: int) -> None:
        for cb in list(self._listeners):
            try:
                cb(seat)
            except Exception:              # a closed loop must never stop the table
                pass

    def seats(self) -> list[int]:
        with self._lock:
            return sorted(self._seats)

    def has(self, seat: int) -> bool:
        with self._lock:
            return seat in self._seats

    def token(self, seat: int) -> str | None:
        with self._lock:
            s = self._seats.get(seat)
            return s.token if s else None

    # ----- the server's side -------------------------------------------------------------
    def seat_for(self, token: str) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), else None."""
        if not isinstance(token, str) or not token or len(token) > 128:
            return None
        found = None
        with self._lock:
            if self.closed:
                return None
            for s in self._seats.values():
                if secrets.compare_digest(s.token.encode(), token.encode("utf-8", "replace")):
                    found = s.seat
        return found

    def joined(self, seat: int) -> None:
        with self._lock:
            s = self._seats.get(seat)
            if s is not None:
                s.sockets += 1
                s.joined_once = True
                s.dropped_at = None

    def left(self, seat: int) -> None:
        with self._lock:
            s = self._seats.get(seat)
            if s is not None:
                s.sockets = max(0, s.sockets - 1)
                if s.sockets == 0:
                    s.dropped_at = time.monotonic()

    def submit(self, seat: int, action: str, turn: str) -> bool:
        """Queue a phone's action for the table; False (dropped) if it is not for the turn
        the seat is being shown, so junk can never push a real action out of the queue."""
        with self._lock:
            s = self._seats.get(seat)
            if s is None or (s.state is not None and s.state.get("turn") != turn):
                return False
            s.inbox.append((action, turn))
            return True

    def set_language(self, seat: int, lang: str) -> None:
        if lang not in LANGS:
            return
        with self._lock:
            s = self._seats.get(seat)
            if s is not None and s.lang != lang:
                s.lang = lang
                s.lang_changed = True

    def snapshot(self, seat: int) -> tuple[int, dict | None, list]:
        """(version, state, notices newer than nothing) of ``seat`` for the pusher."""
        with self._lock:
            s = self._seats.get(seat)
            if s is None:
                return 0, None, []
            return s.version, s.state, list(s.notices)

    # ----- the table's side ----------------------------------------------------------------
    def publish(self, seat: int, state: dict) -> None:
        self._new_version(seat, lambda s: setattr(s, "state", state))

    def notify(self, seat: int, message: dict) -> None:
        """A one-off message for the phone (a refused action's reason)."""
        self._new_version(seat, lambda s: s.notices.append((s.version, message)))

    def _new_version(self, seat: int, change) -> None:
        """A new version of ``seat``'s news, made by ``change(seat record)``; the pusher is woken."""
        with self._lock:
            s = self._seats.get(seat)
            if s is None:
                return
            s.version += 1
            change(s)
        self._news(seat)

    def take_action(self, seat: int) -> tuple[str, str] | None:
        with self._lock:
            s = self._seats.get(seat)
            if s is None or not s.inbox:
                return None
            return s.inbox.popleft()

    def connected(self, seat: int) -> bool:
        with self._lock:
            s = self._seats.get(seat)
            return bool(s and s.sockets > 0)

    def ever_joined(self, seat: int) -> bool:
        with self._lock:
            s = self._seats.get(seat)
            return bool(s and s.joined_once)

    def language(self, seat: int) -> str:
        with self._lock:
            s = self._seats.get(seat)
            return s.lang if s else "en"

    def take_language_changes(self) -> list[int]:
        with self._lock:
            out = [s.seat for s in self._seats.values() if s.lang_changed]
            for seat in out:
                self._seats[seat].lang_changed = False
            return out

    def revoke(self, seat: int) -> None:
        """The seat is no longer a phone's: its token is worth nothing from now on."""
        with self._lock:
            self._seats.pop(seat, None)
        self._news(seat)

    def close(self) -> None:
        with self._lock:
            self.closed = True


__all__ = ["PhoneHub", "PhoneSeat", "new_token", "LANGS", "TOKEN_BYTES"]
