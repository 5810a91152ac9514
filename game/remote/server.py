"""The phone server: aiohttp (HTTP and WebSocket in one asyncio library) on a thread of
its own, with its own event loop, for as long as a match with phone seats is open.

Every URL starts with a seat's token: ``/t/<token>/`` is the page, ``/t/<token>/<name>``
one of the whitelisted assets (:class:`~game.remote.assets.Assets`), ``/t/<token>/ws``
the seat's WebSocket. Anything else — no token, a wrong one, a name not in the table,
a path with ``..`` or percent-escapes, a method other than GET — gets an empty 404,
the same for all, so a stranger learns nothing (not even that a match is on).

A WebSocket gets the seat's state at once and again whenever the table publishes a new
one; what it sends is checked by :mod:`game.remote.protocol` (size, JSON, fields) and
rate-limited per connection; a connection that floods or keeps sending junk is closed.
The match never waits on the server: the table only reads the hub.
"""
from __future__ import annotations

import asyncio
import logging
import threading

from aiohttp import WSMsgType, web

from game.remote import protocol
from game.remote.assets import Assets
from game.remote.hub import PhoneHub

log = logging.getLogger(__name__)

PORTS = tuple(range(8765, 8775))   # tried in turn in the game (easy to allow in a firewall)
HEARTBEAT = 10.0                  # seconds between pings: a phone that vanished is dropped
MAX_SOCKETS = 32                  # connections at once, all seats together
SOCKETS_PER_SEAT = 3              # a phone that reconnects pushes out its oldest connections
SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
                               "style-src 'self'; font-src 'self'; script-src 'self'; frame-ancestors 'none'",
}


class PhoneServer:
    """Serves ``hub``'s seats on ``host``; ``port`` 0 picks a free one, None tries
    :data:`PORTS` then a free one. :meth:`start` returns once it listens."""

    def __init__(self, hub: PhoneHub, assets: Assets, host: str = "127.0.0.1", port: int | None = 0,
                 rate: float = protocol.RATE, burst: int = protocol.BURST) -> None:
        self.hub = hub
        self.assets = assets
        self.host = host
        self.port = port
        self.rate, self.burst = rate, burst
        self.stats = {"not_found": 0, "refused_frames": 0, "dropped": 0, "actions": 0, "stale": 0,
                      "connections": 0}
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._sockets: dict[int, list] = {}          # seat -> [(ws, wake event)]
        self.bound_port: int | None = None
        hub.on_news(self._news_from_table)

    # ----- life ------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> int:
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phone server did not start")
        if self._error is not None:
            raise OSError(f"the phone server cannot listen: {self._error}")
        return self.bound_port

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and self._error is None

    def stop(self, timeout: float = 5.0) -> None:
        """Say goodbye to every phone, close, and end the thread."""
        self.hub.close()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:
                pass                        # the loop has just closed
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        loop = self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:        # never take the game down with it
            self._error = exc
            log.exception("phone server failed")
        finally:
            self._ready.set()
            loop.close()

    async def _serve(self) -> None:
        self._stop = asyncio.Event()
        app = web.Application(client_max_size=4096, handler_args={"max_line_size": 2048,
                                                                  "max_field_size": 4096})
        app.router.add_route("*", "/{tail:.*}", self._handle)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        ports = [self.port] if self.port is not None else list(PORTS) + [0]
        site = None
        for port in ports:
            try:
                site = web.TCPSite(runner, self.host, port, reuse_address=True)
                await site.start()
                break
            except OSError as exc:
                site = None
                last = exc
        if site is None:
            self._error = last
            await runner.cleanup()
            self._ready.set()
            return
        server = site._server               # the listening socket's real port (port 0)
        self.bound_port = server.sockets[0].getsockname()[1] if server and server.sockets else port
        self._ready.set()
        await self._stop.wait()
        await self._goodbye("over")
        await runner.cleanup()

    async def _goodbye(self, reason: str) -> None:
        for seat in list(self._sockets):
            for ws, wake in list(self._sockets.get(seat, [])):
                await self._push(ws, seat, {}, force_state=True)
                try:
                    await ws.send_str(protocol.encode({"type": "bye", "reason": reason}))
                    await ws.close(code=1001, message=b"match over")
                except Exception:
                    pass

    # ----- news from the table (another thread) -------------------------------------------
    def _news_from_table(self, seat: int) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._wake, seat)
        except RuntimeError:
            pass

    def _wake(self, seat: int) -> None:
        for ws, wake in self._sockets.get(seat, []):
            wake.set()

    # ----- HTTP ---------------------------------------------------------------------------
    def _not_found(self) -> web.Response:
        self.stats["not_found"] += 1
        return web.Response(status=404, body=b"", headers=SECURITY_HEADERS)

    def _route(self, request: web.Request) -> tuple[int, str] | None:
        """(seat, asset name or "ws") for a well-formed request, else None."""
        raw = request.raw_path
        if request.method != "GET" or "%" in raw or "\\" in raw or "?" in raw or "#" in raw \
                or len(raw) > 256 or request.query_string:
            return None
        parts = raw.split("/")
        if len(parts) < 4 or parts[0] != "" or parts[1] != "t" or any(p in (".", "..") for p in parts):
            return None
        seat = self.hub.seat_for(parts[2])
        if seat is None:
            return None
        name = "/".join(parts[3:])
        if name == "ws":
            return seat, name
        return (seat, name) if self.assets.get(name) is not None else None

    async def _handle(self, request: web.Request):
        route = self._route(request)
        if route is None:
            return self._not_found()
        seat, name = route
        if name == "ws":
            return await self._socket(request, seat)
        body, ctype = self.assets.get(name)
        return web.Response(body=body, headers={**SECURITY_HEADERS, "Content-Type": ctype})

    # ----- WebSocket ------------------------------------------------------------------------
    async def _socket(self, request: web.Request, seat: int):
        if sum(len(v) for v in self._sockets.values()) >= MAX_SOCKETS:
            return self._not_found()
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1].rstrip("/") != request.host:
            return self._not_found()              # a page from elsewhere may not use the socket
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_MESSAGE, heartbeat=HEARTBEAT,
                                   autoping=True, compress=False)
        await ws.prepare(request)
        self.stats["connections"] += 1
        wake = asyncio.Event()
        mine = self._sockets.setdefault(seat, [])
        mine.append((ws, wake))
        while len(mine) > SOCKETS_PER_SEAT:          # the phone came back: drop its oldest
            old, _ = mine.pop(0)
            await old.close(code=4000, message=b"replaced")
        self.hub.joined(seat)
        pusher = asyncio.ensure_future(self._pusher(ws, seat, wake))
        try:
            await self._receive(ws, seat)
        finally:
            pusher.cancel()
            if (ws, wake) in mine:
                mine.remove((ws, wake))
            if not mine:
                self._sockets.pop(seat, None)
            self.hub.left(seat)
            if not ws.closed:
                await ws.close()
        return ws

    async def _receive(self, ws, seat: int) -> None:
        limit = protocol.RateLimit(self.rate, self.burst)
        junk = 0
        async for msg in ws:
            if msg.type == WSMsgType.ERROR:           # e.g. a frame over the size limit
                self.stats["refused_frames"] += 1
                self.stats["dropped"] += 1
                return
            if not limit.allow():
                self.stats["dropped"] += 1
                await ws.close(code=1008, message=b"too many messages")
                return
            if msg.type != WSMsgType.TEXT:
                junk += 1
            else:
                try:
                    data = protocol.parse(msg.data)
                except protocol.BadMessage:
                    junk += 1
                else:
                    if data["type"] == "act":
                        if not self.hub.submit(seat, data["action"], data["turn"]):
                            self.stats["stale"] += 1
                            junk += 1
                            if junk > protocol.MAX_JUNK:
                                self.stats["dropped"] += 1
                                await ws.close(code=1008, message=b"malformed messages")
                                return
                            continue
                        self.stats["actions"] += 1
                    elif data["type"] == "lang":
                        self.hub.set_language(seat, data["lang"])
                    continue
            self.stats["refused_frames"] += 1
            if junk > protocol.MAX_JUNK:
                self.stats["dropped"] += 1
                await ws.close(code=1008, message=b"malformed messages")
                return
        if ws.close_code == 1009:                  # a frame over the size limit
            self.stats["refused_frames"] += 1
            self.stats["dropped"] += 1
        log.debug("phone socket of seat %s closed (%s)", seat, ws.close_code)

    async def _pusher(self, ws, seat: int, wake: asyncio.Event) -> None:
        sent = {"state": None, "notice": 0}
        try:
            while not ws.closed:
                if not self.hub.has(seat):          # the host gave the seat to a bot or a player
                    await ws.send_str(protocol.encode({"type": "bye", "reason": "taken"}))
                    await ws.close(code=4001, message=b"seat taken over")
                    return
                await self._push(ws, seat, sent)
                await wake.wait()
                wake.clear()
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass

    async def _push(self, ws, seat: int, sent: dict, force_state: bool = False) -> None:
        version, state, notices = self.hub.snapshot(seat)
        try:
            if state is not None and (force_state or state is not sent.get("state")):
                await ws.send_str(protocol.encode({"type": "state", **state}))
                sent["state"] = state
            for v, message in notices:
                if v > sent.get("notice", 0):
                    await ws.send_str(protocol.encode(message))
                    sent["notice"] = v
        except (ConnectionError, RuntimeError):
            pass

    # ----- for the table ----------------------------------------------------------------------
    def url(self, seat: int, address: str) -> str | None:
        token = self.hub.token(seat)
        if token is None or self.bound_port is None:
            return None
        host = f"[{address}]" if ":" in address else address
        return f"http://{host}:{self.bound_port}/t/{token}/"


__all__ = ["PhoneServer", "PORTS"]


def selfcheck() -> str:
    """Start a server on loopback with one seat, fetch the page and its files, stop it
    (``--selftest``: the packaged app has the page, the fonts and the library)."""
    import http.client

    hub = PhoneHub({0: "selftest"})
    server = PhoneServer(hub, Assets(), host="127.0.0.1", port=0)
    port = server.start()
    try:
        names = ["", "app.js", "style.css", "strings.json", "fonts/NotoSansBengali-Regular.ttf"]
        for name in names:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", f"/t/{hub.token(0)}/{name}")
            resp = conn.getresponse()
            body = resp.read()
            conn.close()
            if resp.status != 200 or not body:
                raise OSError(f"the phone page's {name or 'page'} is missing ({resp.status})")
    finally:
        server.stop()
    return f"the phone page and its {len(names) - 1} files served on loopback"
