"""Phone seats at the trick table: the server's life, what each phone is shown, its actions,
and what the laptop draws for them (join codes, "waiting for Ana's phone").

A :class:`PhoneSeats` belongs to a table whose session has phone seats
(:attr:`game.session.Session.phones`). It starts a :class:`~game.remote.server.PhoneServer`
with a fresh token per seat (so a resumed match gets new codes), renders the deck's card
faces to PNG once for the page, and every frame:

- publishes to each phone seat its state, built from ``match.view(seat)`` only, with the
  words (calls, reasons, log lines, names, score) in the phone's own language, by an adapter
  of the table's game kept for that seat (fed the events as that seat sees them);
- at a phone seat's turn (:meth:`turn`) takes what the phone sent and gives it to the table
  exactly as a click would (:meth:`MatchTableScene._refusal` then ``_apply``): a refused
  action goes back to the phone with the engine's reason, localized; the match waits for a
  phone that is away, and the table says so, with two ways out for the host: a bot plays
  the seat, or a player takes it at the laptop (hot-seat).

The codes show until each phone has joined; Q shows them again (a phone that has to join
anew after its browser lost the page). The server stops when the table closes.
"""
from __future__ import annotations

import io
import logging

import pygame

from game import i18n
from game.remote.assets import Assets
from game.remote.hub import PhoneHub
from game.remote.net import bind_plan
from game.remote.server import PhoneServer
from game.ui import gfx, theme
from game.ui.card_art import CardArt
from game.ui.fit import blit_fit
from game.ui.fit_widgets import FitButton
from game.ui.widgets import WidgetGroup, draw_panel

log = logging.getLogger(__name__)

CARD_PX = 260                      # height of the card pictures sent to the phones
LOG_LINES = 6
_png_cache: dict = {}              # (deck, four colour, card) -> PNG bytes, kept between matches


def card_pngs(names, deck: str, four_colour: bool) -> dict[str, bytes]:
    """The faces of ``names`` and the back as PNG (drawn with the project's card art once)."""
    out = {}
    art = None
    for card in list(names) + ["back"]:
        key = (deck, four_colour, card)
        png = _png_cache.get(key)
        if png is None:
            art = art or CardArt(CARD_PX, four_colour=four_colour, deck=deck)
            surf = art.back(deck=deck) if card == "back" else art.face(card, deck=deck)
            buf = io.BytesIO()
            pygame.image.save(surf, buf, "card.png")
            png = _png_cache[key] = buf.getvalue()
        out[card] = png
    return out


def qr_surface(text: str, module: int = 5) -> pygame.Surface:
    """``text`` as a QR code (black on white, quiet zone included), drawn through gfx."""
    import segno
    qr = segno.make(text, error="m", micro=False)
    rows = list(qr.matrix_iter(scale=1, border=4))
    size = len(rows) * module
    surf = gfx.Surface((size, size))
    surf.fill((255, 255, 255))
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                gfx.draw.rect(surf, (0, 0, 0), pygame.Rect(start * module, y * module, (x - start) * module, module))
            else:
                x += 1
    return surf


def _trick_of(view: dict) -> tuple[list, bool]:
    """The cards on the table as [seat, card] pairs, and whether it is the last trick (the
    current one is empty)."""
    if view.get("trick"):
        return [list(p) for p in view["trick"]], False
    tricks = view.get("tricks") or []
    if tricks:
        last = tricks[-1]
        cards = last.get("cards") if isinstance(last, dict) else last
        if isinstance(cards, list):
            return [list(p) for p in cards if isinstance(p, (list, tuple)) and len(p) == 2], True
    return [], False


def panel_lines(rows) -> list[list[dict]]:
    """The table's score panel for a seat (:mod:`game.ui.rows`) as plain lines for the page:
    its words, numbers and cards (the title row, rules, dots and drawings left out)."""
    out = []
    for row in (rows or [])[1:]:
        line = []
        for item in row if isinstance(row, (list, tuple)) else ():
            kind = item[0] if isinstance(item, tuple) and item else None
            if kind in ("t", "cell") and isinstance(item[1], str) and item[1].strip():
                line.append({"t": item[1]})
            elif kind == "pips":
                line.append({"t": f"{i18n.digits(item[1])}/{i18n.digits(item[2])}"})
            elif kind == "card" and isinstance(item[1], str):
                line.append({"card": item[1]})
            elif kind == "back":
                line.append({"card": "back"})
        if line:
            out.append(line)
    return out[:6]


class PhoneSeats:
    """The phone seats of ``table`` (see the module docstring)."""

    def __init__(self, table) -> None:
        self.table = table
        self.app = table.app
        self.session = table.session
        self.match = table.match
        names = {s: self.session.seats[s].name for s in self.session.phones}
        self.hub = PhoneHub(names, lang=self.app.settings.language)
        self.adapters = {s: table._fresh_adapter() for s in names}
        self._fed: dict[int, tuple] = {}               # seat -> (deal index, events fed)
        self._logs: dict[int, list] = {s: [] for s in names}
        self._published: dict[int, tuple] = {}
        self.show_all = False                          # Q: every seat's code, joined or not
        self.hidden = False                            # Q again: no codes at all
        self.error: str | None = None
        self.address = "127.0.0.1"
        self.server: PhoneServer | None = None
        self.widgets = WidgetGroup()
        self._buttons_for: int | None = None
        self._qr: dict = {}
        self.refused = 0
        self._start()

    # ----- the server ---------------------------------------------------------------------
    def _start(self) -> None:
        assets = Assets()
        deck = self.table.deck if isinstance(getattr(self.table, "deck", None), str) else "french"
        for card, png in card_pngs(self.match.deck.names, deck, self.app.settings.four_colour).items():
            assets.add_card(card + ".png", png)
        host, self.address = bind_plan()
        self.server = PhoneServer(self.hub, assets, host=host, port=None if host != "127.0.0.1" else 0)
        try:
            self.server.start()
        except OSError as exc:
            self.error = str(exc)
            log.warning("phone server: %s", exc)
        self.publish_all()

    def close(self) -> None:
        """Send each phone its last state and stop the server (the table is closing)."""
        if self.server is not None:
            self.publish_all()
            self.server.stop()
            self.server = None

    def url(self, seat: int) -> str | None:
        return self.server.url(seat, self.address) if self.server is not None and self.error is None else None

    # ----- what a phone is shown ------------------------------------------------------------
    def _feed(self, seat: int) -> None:
        """Bring the seat's adapter up to the match's events, as that seat saw them."""
        m = self.match
        adapter = self.adapters[seat]
        deal, fed = self._fed.get(seat, (None, 0))
        if deal != m.deal_index:
            adapter.reset(m.deal_index, m.dealer)
            self._logs[seat] = []
            fed = 0
        events = m.events_for(seat) if m.records else []
        for ev in events[fed:]:
            adapter.on_event(ev)
            line = adapter.log_line(ev)
            if line:
                self._logs[seat].append(line)
        del self._logs[seat][:-LOG_LINES]
        self._fed[seat] = (m.deal_index, len(events))

    def state_for(self, seat: int) -> dict:
        """What phone ``seat`` is shown, in its language: built from ``match.view(seat)``."""
        m = self.match
        lang = self.hub.language(seat)
        view = m.view(seat)
        adapter = self.adapters[seat]
        with i18n.speaking(lang):
            self._feed(seat)
            adapter.sync(view, seat)
            my_turn = view["to_act"] == seat and not view["finished"]
            hand = sorted(view.get("hand") or [], key=adapter.sort_key)
            sizes = view.get("hand_sizes") or []
            if seat < len(sizes) and len(hand) < sizes[seat]:        # a blind hand: by position
                hand = [f"#{i}" for i in range(sizes[seat])]
            controls = []
            if my_turn:
                for c in adapter.controls(list(view["legal"]), view):
                    item = {"action": c.action, "label": c.label, "kind": c.kind, "style": c.style,
                            "enabled": bool(c.enabled)}
                    if c.kind == "bid":
                        item.update(values=list(c.values), action_fmt=c.action_fmt,
                                    value_labels=[i18n.digits(v) for v in c.values],
                                    caption=i18n.t(c.label_key, n="").strip() if c.label_key else "")
                    controls.append(item)
            trick, last = _trick_of(view)
            cards = set(hand) | {c for _, c in trick}
            mine = adapter.side_of(seat)
            score = []
            for side, value in enumerate(view["score"][:adapter.side_count()]):
                if adapter.teams:
                    label = i18n.t("phone.us") if side == mine else i18n.t("phone.them")
                else:
                    label = i18n.t("phone.you") if side == seat else adapter.name(side)
                score.append({"label": label, "value": i18n.digits(value), "mine": side == mine})
            return {
                "turn": f"{view['deal_index']}:{len(view['actions'])}",
                "seat": seat,
                "lang": lang,
                "title": adapter.game_title(),
                "names": [s.name for s in self.session.seats],
                "my_turn": my_turn,
                "hand": hand,
                "trick": trick,
                "trick_is_last": last,
                "card_names": {c: adapter.card_name(c) for c in cards if not c.startswith("#")},
                "controls": controls,
                "score": score,
                "log": list(self._logs[seat]),
                "panel": panel_lines(adapter.panel_rows(seat)),
                "view": view,
            }

    def publish_all(self) -> None:
        m = self.match
        for seat in self.hub.seats():
            key = (m.deal_index, len(m.deal_log), m.finished, self.hub.language(seat),
                   len(m.records[-1].events) if m.records else 0)
            if self._published.get(seat) != key:
                self._published[seat] = key
                try:
                    self.hub.publish(seat, self.state_for(seat))
                except Exception:            # a phone's words must never stop the table
                    log.exception("cannot build the state of phone seat %s", seat)

    def update(self) -> None:
        """Every frame: new states out, stray actions refused."""
        for seat in self.hub.take_language_changes():
            self._published.pop(seat, None)
        self.publish_all()
        to_act = self.match.to_act
        for seat in self.hub.seats():
            if seat != to_act:
                while (item := self.hub.take_action(seat)) is not None:
                    self._refuse(seat, "phone.not_your_turn")

    def _refuse(self, seat: int, key: str | None = None, text: str | None = None) -> None:
        self.refused += 1
        if text is None:
            with i18n.speaking(self.hub.language(seat)):
                text = i18n.t(key)
        self.hub.notify(seat, {"type": "refused", "text": text})

    # ----- the phone's turn ---------------------------------------------------------------
    def is_phone(self, seat: int) -> bool:
        return self.session.seats[seat].phone and self.hub.has(seat)

    def waiting_for(self) -> int | None:
        """The phone seat the match is waiting for because its phone is away."""
        seat = self.match.to_act
        if seat is None or self.match.finished or not self.is_phone(seat) or self.hub.connected(seat):
            return None
        return seat

    def turn(self, seat: int) -> None:
        """It is phone ``seat``'s turn and the table is idle: apply what it sent, if legal."""
        item = self.hub.take_action(seat)
        if item is None:
            return
        action, turn = item
        view_turn = f"{self.match.deal_index}:{len(self.match.deal_log)}"
        if turn != view_turn:
            self._refuse(seat, "phone.stale")
            return
        with i18n.speaking(self.hub.language(seat)):
            reason = self.table._refusal(seat, action, self.adapters[seat])
        if reason is not None:
            self._refuse(seat, text=reason)
            return
        self.table._apply(action)

    def hand_over(self, seat: int, kind: str) -> None:
        """The host gives ``seat`` to a bot or to a player at the laptop."""
        self.hub.revoke(seat)
        self.session.hand_seat_to(seat, kind)
        self.table._seat_kind_changed(seat)
        self._buttons_for = None
        self.widgets.clear()
        if not self.hub.seats():
            self.close()

    # ----- the laptop's side ---------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q and self.hub.seats():
            if self.shown_codes():
                self.show_all, self.hidden = False, True
            else:
                self.show_all, self.hidden = True, False
            return True
        return self.widgets.handle(event)

    def shown_codes(self) -> list[int]:
        """The seats whose code the table shows now."""
        return [] if self.hidden else self._codes(self.show_all)

    def _codes(self, every: bool = False) -> list[int]:
        """Phone seats whose join code is shown: those that never joined (all of them after Q)."""
        seats = [s for s in self.hub.seats() if every or not self.hub.ever_joined(s)]
        return seats if self.server is not None and self.error is None else []

    def _qr_for(self, seat: int, url: str) -> pygame.Surface:
        key = (url, gfx.generation())
        surf = self._qr.get(key)
        if surf is None:
            surf = self._qr[key] = qr_surface(url)
        return surf

    def _build_buttons(self, seat: int | None, rect: pygame.Rect | None) -> None:
        if seat == self._buttons_for:
            return
        self.widgets.clear()
        self._buttons_for = seat
        if seat is None or rect is None:
            return
        name = self.session.seats[seat].name
        t = self.app.t
        w = (rect.w - 60) // 2
        y = rect.bottom - 60
        self.widgets.add(FitButton((rect.x + 20, y, w, 46), lambda: t("phone_table.bot_plays", name=name),
                                   lambda: self.hand_over(seat, "bot")))
        self.widgets.add(FitButton((rect.right - 20 - w, y, w, 46), lambda: t("phone_table.play_here", name=name),
                                   lambda: self.hand_over(seat, "human")))

    def draw(self, surface) -> None:
        waiting = self.waiting_for()
        shown = self.shown_codes()
        rect = None
        if shown:
            rect = self._draw_codes(surface, shown, waiting)
        if waiting is not None:
            rect = self._draw_waiting(surface, waiting, rect)
        self._build_buttons(waiting, rect)
        self.widgets.draw(surface)

    def _draw_codes(self, surface, seats: list[int], waiting: int | None) -> pygame.Rect:
        t = self.app.t
        n = len(seats)
        cell_w = min(270, (theme.WIDTH - 80) // n)
        module = 5 if cell_w >= 250 else 4
        cell_h = 330 if module == 5 else 290
        extra = 150 if waiting is not None else 0
        rect = pygame.Rect(0, 0, max(cell_w * n + 40, 720), cell_h + 70 + extra)
        rect.midtop = (theme.WIDTH // 2, 8)              # above the turn line and the calls,
        rect.left = max(rect.left, 345)                  # right of the score panel
        x0 = rect.centerx - cell_w * n // 2
        draw_panel(surface, rect, (8, 18, 14, 250), radius=16)
        gfx.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=16)
        blit_fit(surface, t("phone_table.codes_title"), theme.FONT, theme.TEXT, (rect.centerx, rect.y + 12),
                 "midtop", rect.w - 40, True)
        for i, seat in enumerate(seats):
            url = self.url(seat)
            x = x0 + i * cell_w
            cx = x + cell_w // 2
            name = self.session.seats[seat].name
            joined = self.hub.connected(seat)
            blit_fit(surface, name, theme.FONT, theme.ACCENT if not joined else theme.GOOD, (cx, rect.y + 50),
                     "midtop", cell_w - 16, True)
            if url is None:
                continue
            qr = self._qr_for(seat, url)
            qr_rect = qr.get_rect(midtop=(cx, rect.y + 84))
            surface.blit(qr, qr_rect)
            host, _, path = url.partition("/t/")
            blit_fit(surface, host.replace("http://", ""), 16, theme.TEXT, (cx, qr_rect.bottom + 6), "midtop",
                     cell_w - 12, True)
            blit_fit(surface, "/t/" + path, 13, theme.TEXT_DIM, (cx, qr_rect.bottom + 28), "midtop", cell_w - 12)
        blit_fit(surface, t("phone_table.codes_help", shortcut="Q"), theme.FONT_SMALL, theme.TEXT_DIM,
                 (rect.centerx, rect.y + cell_h + 40), "midtop", rect.w - 40)
        return rect

    def _draw_waiting(self, surface, seat: int, codes_rect: pygame.Rect | None) -> pygame.Rect:
        t = self.app.t
        name = self.session.seats[seat].name
        if codes_rect is not None:
            rect = pygame.Rect(codes_rect.x, codes_rect.bottom - 150, codes_rect.w, 150)
        else:
            rect = pygame.Rect(0, 0, 640, 180)
            rect.center = (theme.WIDTH // 2, theme.HEIGHT // 2 - 30)
            draw_panel(surface, rect, (8, 18, 14, 250), radius=16)
            gfx.draw.rect(surface, theme.DANGER, rect, 2, border_radius=16)
        blit_fit(surface, t("phone_table.waiting", name=name), theme.FONT, theme.TEXT, (rect.centerx, rect.y + 10),
                 "midtop", rect.w - 40, True)
        line = t("phone_table.server_failed", reason=self.error) if self.error else t("phone_table.waiting_help")
        blit_fit(surface, line, theme.FONT_SMALL, theme.TEXT_DIM, (rect.centerx, rect.y + 44), "midtop", rect.w - 40)
        return rect

    def turn_text(self, seat: int) -> str:
        """The table's turn line while a phone seat is to act."""
        name = self.session.seats[seat].name
        if self.hub.connected(seat):
            return self.app.t("phone_table.choosing", name=name)
        return self.app.t("phone_table.waiting", name=name)


__all__ = ["PhoneSeats", "card_pngs", "qr_surface"]
