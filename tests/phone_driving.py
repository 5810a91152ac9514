"""Helpers the phone tests share: a table with phone seats on loopback, and a phone played
by a Python WebSocket client (aiohttp's) on a thread of its own — what the page's script
does, without the browser."""
from __future__ import annotations

import asyncio
import json
import threading
import time

from game.session import SeatConfig


def phone_seats(kinds: str, names=None) -> list[SeatConfig]:
    """Seats from a string like ``"pbpb"``: p a phone, b a bot, h a human at the device."""
    names = names or [f"P{i}" for i in range(len(kinds))]
    return [SeatConfig(names[i], k in "ph", "normal", phone=k == "p") for i, k in enumerate(kinds)]


class PhoneClient(threading.Thread):
    """A phone on ``url`` (its join link). ``chooser(state)`` gives the action to send at
    its turn (None: wait). Keeps every message it got; :meth:`drop` cuts the connection
    (the phone's screen locks), :meth:`rejoin` comes back with the same link."""

    def __init__(self, url: str, chooser=None, lang: str = "en", deadline: float = 120.0) -> None:
        super().__init__(daemon=True, name="phone-client")
        self.url = url
        self.ws_url = url.replace("http://", "ws://") + "ws"
        self.chooser = chooser
        self.lang = lang
        self.deadline = time.monotonic() + deadline
        self.states: list[dict] = []
        self.refused: list[str] = []
        self.sent: list[str] = []
        self.byes: list[str] = []
        self.connected = threading.Event()
        self.online = True
        self._stop = threading.Event()
        self._cut = threading.Event()
        self.error: BaseException | None = None

    @property
    def state(self) -> dict | None:
        return self.states[-1] if self.states else None

    def drop(self) -> None:
        self.online = False
        self.connected.clear()
        self._cut.set()

    def rejoin(self) -> None:
        self.online = True

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:          # kept for the test to see
            self.error = exc

    async def _main(self) -> None:
        import aiohttp
        async with aiohttp.ClientSession() as http:
            while not self._stop.is_set() and time.monotonic() < self.deadline and not self.byes:
                if not self.online:
                    await asyncio.sleep(0.05)
                    continue
                try:
                    async with http.ws_connect(self.ws_url, heartbeat=None) as ws:
                        self._cut.clear()
                        self.connected.set()
                        await ws.send_str(json.dumps({"type": "lang", "lang": self.lang}))
                        await self._talk(ws)
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
                self.connected.clear()

    async def _talk(self, ws) -> None:
        answered = None
        while not self._stop.is_set() and not self._cut.is_set() and time.monotonic() < self.deadline:
            try:
                msg = await ws.receive(timeout=0.05)
            except asyncio.TimeoutError:
                msg = None
            if msg is not None:
                if msg.type.name in ("CLOSE", "CLOSED", "CLOSING", "ERROR"):
                    return
                data = json.loads(msg.data)
                if data["type"] == "state":
                    self.states.append(data)
                elif data["type"] == "refused":
                    self.refused.append(data["text"])
                    answered = None
                elif data["type"] == "bye":
                    self.byes.append(data["reason"])
                    return
            state = self.state
            if state and state["my_turn"] and self.chooser and answered != state["turn"]:
                action = self.chooser(state)
                if action is not None:
                    answered = state["turn"]
                    self.sent.append(action)
                    await ws.send_str(json.dumps({"type": "act", "action": action, "turn": state["turn"]}))
        await ws.close()


def bot_chooser(game: str, seed: int = 1):
    """A phone that plays like the game's rule bot, from the state's view only."""
    from game.session import bot_for
    bot = bot_for(game, "normal", seed)
    return lambda state: bot.choose(state["view"])
