"""A flood of junk at a phone server, in a process of its own (so the flooder does not share
the server's interpreter):
``python3 tests/phone_flood.py PORT TOKEN SECONDS RATE OUT.json [CONNECTIONS]`` sends junk over
CONNECTIONS WebSockets (2 unless given) at RATE messages a second in all, reconnecting whenever
the server drops one, and knocks with wrong tokens meanwhile, on 127.0.0.1 only; it writes what
it did and what it got back to OUT.json."""
from __future__ import annotations

import asyncio
import json
import sys
import threading
import time

import aiohttp

FLOOD_RATE = 1000


class Flooder(threading.Thread):
    """Sends junk at ``rate`` messages a second for ``seconds`` over WebSockets (reconnecting
    whenever the server drops it), and knocks with wrong tokens meanwhile."""

    def __init__(self, port, token, seconds, rate=FLOOD_RATE, workers=2):
        super().__init__(daemon=True, name="flooder")
        self.port, self.token, self.seconds, self.rate = port, token, seconds, rate
        self.workers = workers        # connections flooding at once, each back at once when dropped
        self.sent = 0
        self.connections = 0
        self.refused_handshakes = 0
        self.leaked = []
        self.error = None

    def run(self):
        try:
            asyncio.run(self._main())
        except BaseException as exc:
            self.error = exc

    async def _main(self):
        end = time.monotonic() + self.seconds
        async with aiohttp.ClientSession() as http_session:
            jobs = [self._worker(http_session, end, self.rate / self.workers) for _ in range(self.workers)]
            await asyncio.gather(self._knock(http_session, end), *jobs)

    PAYLOADS = ("{oops", '{"type":"act","action":"play AS","turn":"999:999"}', "[1,2,3]",
                '{"type":"lang","lang":"xx"}', '{"type":"act","action":"DROP TABLE","turn":"0:0"}',
                "\x00" * 100, '{"type":"act","action":"play #1","turn":"0:0"}')

    async def _worker(self, http_session, end, rate):
        tick = time.monotonic()
        while time.monotonic() < end:
            try:
                async with http_session.ws_connect(f"ws://127.0.0.1:{self.port}/t/{self.token}/ws") as sock:
                    self.connections += 1
                    while time.monotonic() < end and not sock.closed:
                        for _ in range(5):
                            await sock.send_str(self.PAYLOADS[self.sent % len(self.PAYLOADS)])
                            self.sent += 1
                        tick += 5 / rate
                        await asyncio.sleep(max(0.0, tick - time.monotonic()))
                        while True:                               # read what came (states only)
                            try:
                                msg = await sock.receive(timeout=0.0001)
                            except asyncio.TimeoutError:
                                break
                            if msg.type != aiohttp.WSMsgType.TEXT:
                                break
                            self.leaked.append(self._brief(json.loads(msg.data)))
            except (aiohttp.ClientError, ConnectionError, RuntimeError):
                await asyncio.sleep(0.002)
            tick = max(tick, time.monotonic() - 0.05)

    @staticmethod
    def _brief(message: dict) -> dict:
        """What the test checks of a message the flooder got: whose it is and which cards."""
        if message.get("type") != "state":
            return {"type": message.get("type")}
        return {"type": "state", "seat": message.get("seat"), "hand": message.get("hand"),
                "deal": message.get("view", {}).get("deal_index")}

    async def _knock(self, http_session, end):
        while time.monotonic() < end:
            try:
                async with http_session.ws_connect(f"ws://127.0.0.1:{self.port}/t/{'x' * 32}/ws"):
                    self.leaked.append("a wrong token was let in")
            except aiohttp.WSServerHandshakeError:
                self.refused_handshakes += 1
            except (aiohttp.ClientError, ConnectionError):
                pass
            await asyncio.sleep(0.01)


if __name__ == "__main__":
    port, token, seconds, rate, out = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
    workers = int(sys.argv[6]) if len(sys.argv) > 6 else 2
    flood = Flooder(port, token, seconds, rate, workers)
    flood.run()
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"sent": flood.sent, "connections": flood.connections,
                      "refused_handshakes": flood.refused_handshakes, "leaked": flood.leaked,
                   "error": repr(flood.error) if flood.error else None}, f)
