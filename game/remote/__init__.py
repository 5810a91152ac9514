"""Phones as private hands: the small web server a match with phone seats runs.

No pygame here (``tests/test_imports.py``). The table scene owns a :class:`~.hub.PhoneHub`
(what each phone seat sent, what it must be shown) and a :class:`~.server.PhoneServer`
(aiohttp on its own thread and event loop) that serves the phone page and a WebSocket
per seat. The table only asks the hub "what did phone seat N send" and tells it the
seat's new state; the server never sees the match, only what the table published for
each seat (built from ``match.view(seat)``).
"""
