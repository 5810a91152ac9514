"""Which address the phones should use to reach this computer on the home network."""
from __future__ import annotations

import ipaddress
import os
import socket

BIND_ENV = "TAASH_PHONE_BIND"      # tests and tools set 127.0.0.1: nothing listens beyond the machine


def _usable(addr: str) -> bool:
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_loopback and not ip.is_link_local and not ip.is_unspecified


def lan_address() -> str | None:
    """The IPv4 address of the interface of the default route (a UDP socket is "connected",
    which only asks the system for the route: nothing is sent), else one of the host
    name's addresses; None when the computer has no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))       # TEST-NET-1: never routed anywhere, never sent to
        addr = probe.getsockname()[0]
        if _usable(addr):
            return addr
    except OSError:
        pass
    finally:
        probe.close()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            if _usable(info[4][0]):
                return info[4][0]
    except OSError:
        pass
    return None


def bind_plan() -> tuple[str, str]:
    """(the address to listen on, the address to show in the join link). ``TAASH_PHONE_BIND``
    pins both (tests: 127.0.0.1); else every interface, shown by its LAN address."""
    pinned = os.environ.get(BIND_ENV, "").strip()
    if pinned:
        return pinned, pinned
    lan = lan_address()
    return ("0.0.0.0", lan) if lan else ("127.0.0.1", "127.0.0.1")


__all__ = ["lan_address", "bind_plan", "BIND_ENV"]
