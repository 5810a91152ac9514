"""The table for the trick games: Twenty-nine, the three forms of Tute and the two Trucos.

Everything that moves is driven by the engine's events. The scene subscribes to
``session.match.listeners``; each :class:`~game.engine.match.Event` is queued with
the deal it belongs to and played back one after another: dealt cards fly from the
deck, played cards fly to the trick, a won trick is held up and swept to the
winner's pile, calls show as speech bubbles and in the call log. The scene keeps its
own *display model* (hands, trick, piles, stock, bubbles) built from those events,
so what is drawn never runs ahead of what has been animated; the engine is read
for legality only when the queue is empty (``is_idle``).

Seats turn counter-clockwise on screen: the viewer at the bottom, the next seat in
play order on the right, then the top, then the left (three players: bottom, right,
left; two: bottom, top; six: bottom, lower and upper right, top, upper and lower left).

Hooks an adapter may use (defaults keep the 29/Tute behaviour): ``keep_tricks`` leaves
decided tricks on the cloth, staggered by ``trick_offset`` (Truco), with tied tricks
(``tie_kinds``) labelled; ``mucked_seats`` sends a folded hand back to the deck;
``seat_badge`` puts a chip on a plate; ``side_panel`` draws a private panel from the
viewer's own view (never while the device is passed); ``center_calls`` bubble in the
middle; ``controls_layout = "column"`` stacks the buttons right of the hand;
``show_deck = False`` puts the deck away after the deal. A view whose ``hand`` holds
fewer cards than its ``hand_sizes`` (a blind hand) is shown face down as positions
``#0``, ``#1``...; the seat's ``legal`` list from its view (``play #1``) is what the
buttons, clicks and keys may send.

The viewer is the human whose turn it is. With two or more humans (hot-seat), when
the next human to act is not the one holding the device, every hand is hidden and
:class:`~game.scenes.handoff.HandOffScene` asks for the device to be passed. With no
human the viewer is seat 0 and the match just plays.

Hooks for tools and tests: :meth:`TableScene.is_idle`, :meth:`TableScene.my_turn`,
:meth:`TableScene.act` (a human's move, as the buttons make it), :meth:`TableScene.card_point`
(where to click a card), :meth:`TableScene.skip_animations`, :attr:`TableScene.hand_drawn_for`
(the seat whose hand the last frame drew face up, or None), :attr:`TableScene.handoffs` (how
many hand-off screens were shown), :attr:`TableScene.frame_ms` (recent draw times),
:meth:`TableScene.save_match`, :meth:`TableScene.concede`, and :func:`table_supports` (which
games and seat counts the table can seat).
"""
from __future__ import annotations

import logging
import math
import time

import pygame

from game.scenes.table_base import PLATE_SIZE, MatchTableScene
from game.scenes.table_games import Control, make_adapter, render_rows, stable_jitter, suit_icon
from game.ui import anim, theme
from game.ui.felt import felt_surface
from game.ui.widgets import Button, Choice, draw_panel, draw_tooltip

log = logging.getLogger(__name__)

W, H = theme.WIDTH, theme.HEIGHT
HAND_H = 162                    # the viewer's cards: >= 22 % of 720
TRICK_H = 112
OPP_H = 74
PILE_H = 46
DECK_H = 74
FACEUP_H = 100
CENTER = (640, 300)

DEAL_FLIGHT = 0.25
PLAY_FLIGHT = 0.20
TRICK_PAUSE = 0.50
SWEEP = 0.35
DRAW_FLIGHT = 0.25
BUBBLE_TIME = 1.5
CALL_GAP = 0.35                 # the queue waits this long after a call
EVENT_LOG_LINES = 6

# Screen slots: where a seat's hand, plate, trick card, pile, deck and bubble go.
SLOTS = {
    "bottom": dict(hand=(640, 648), plate=(120, 668), trick=(640, 372), pile=(1105, 652),
                   deck=(340, 396), bubble=(22, 634), bubble_align="bottomleft"),
    "right": dict(hand=(1192, 336), plate=(1170, 458), trick=(750, 300), pile=(1082, 322),
                  deck=(1010, 566), bubble=(1062, 458), bubble_align="midright"),
    "top": dict(hand=(660, 54), plate=(448, 54), trick=(640, 226), pile=(812, 54),
                deck=(892, 54), bubble=(448, 88), bubble_align="midtop"),
    "left": dict(hand=(88, 336), plate=(110, 458), trick=(530, 300), pile=(198, 322),
                 deck=(262, 566), bubble=(218, 458), bubble_align="midleft"),
}
# Six seats (Truco Argentino, three against three): two on each side, one at the top. Their
# hands are small horizontal fans beside the plates, as the top seat's.
SLOTS.update({
    "lower_right": dict(hand=(1160, 473), plate=(1160, 540), trick=(800, 352), pile=(1010, 600),
                        deck=(1000, 470), bubble=(1262, 436), bubble_align="bottomright"),
    "upper_right": dict(hand=(1160, 275), plate=(1160, 343), trick=(800, 236), pile=(1010, 343),
                        deck=(1000, 270), bubble=(1056, 343), bubble_align="midright"),
    "upper_left": dict(hand=(120, 275), plate=(120, 343), trick=(480, 236), pile=(270, 343),
                       deck=(280, 270), bubble=(224, 343), bubble_align="midleft"),
    "lower_left": dict(hand=(120, 473), plate=(120, 540), trick=(480, 352), pile=(270, 600),
                       deck=(280, 470), bubble=(18, 436), bubble_align="bottomleft"),
})
SLOT_ORDER = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left"),
              6: ("bottom", "lower_right", "upper_right", "top", "upper_left", "lower_left")}
STOCK_POS = (330, 300)          # Tute for two: the stock with the trump card under it
DEAD_POS = (340, 300)           # Tute for three: the face-up 40th card
BUTTON_Y = 478
BUTTON_H = 40
TURN_Y = 452
SCORE_RECT = pygame.Rect(12, 12, 320, 10)
LOG_RECT = pygame.Rect(968, 12, 300, 10)
SIDE_PANEL_POS = (230, 710)     # bottom-left corner of an adapter's side panel (left of the hand)
SIDE_PANEL_W = 244
COLUMN_X = 836                  # call buttons stacked right of the hand (adapters with few cards)
COLUMN_BOTTOM = 708
COLUMN_BUTTON_H = 38

def table_supports(game_id: str, players: int) -> bool:
    """Whether this table can seat ``players`` at ``game_id`` (an adapter and a layout exist)."""
    from game.scenes.table_games import ADAPTERS
    return game_id in ADAPTERS and players in SLOT_ORDER


class Flight:
    """A card moving across the table (drawn by the scene while its tween runs)."""

    __slots__ = ("card", "p0", "p1", "a0", "a1", "h0", "h1", "tween", "face", "arc")

    def __init__(self, card, p0, p1, a0, a1, h0, h1, tween, face=True, arc=0.0):
        self.card, self.p0, self.p1 = card, p0, p1
        self.a0, self.a1, self.h0, self.h1 = a0, a1, h0, h1
        self.tween, self.face, self.arc = tween, face, arc


class Bubble:
    __slots__ = ("text", "left", "total", "big", "cards")

    def __init__(self, text: str, seconds: float, big: bool, cards: tuple = ()) -> None:
        self.text, self.left, self.total, self.big = text, seconds, seconds, big
        self.cards = tuple(cards or ())


class TableScene(MatchTableScene):
    """The trick table for ``session`` (see the module docstring)."""

    BARRIER = frozenset({"trick won", "deal scored", "deal void", "match won"})

    def __init__(self, app, session) -> None:
        super().__init__(app)
        if session.match.players not in SLOT_ORDER:
            raise ValueError(f"the trick table seats {', '.join(map(str, SLOT_ORDER))} players, "
                             f"not {session.match.players}")
        self._init_match(session, 0x5EED, EVENT_LOG_LINES)
        self.adapter = make_adapter(app, session)
        self.deck = self.adapter.deck
        self.n = self.match.players
        self.deck_size = len(self.match.deck.names)
        self.side_panel_drawn_for: int | None = None
        self._blind_pick: int | None = None        # the face-down position the viewer just played
        self._dealing = False
        self.flights: list[Flight] = []
        self._controls: list[Control] = []           # the buttons of the moment (tests read them)
        self._playable: set[str] = set()
        self._reasons: dict[str, str] = {}
        self.hover_card: str | None = None
        self.hover_reason: str | None = None
        self.drag_card: str | None = None
        self.peek_until = 0.0
        self.tab_down_at: float | None = None
        self._panel_version = 0
        self._attach()

    # ----- services --------------------------------------------------------------
    def slot(self, seat: int) -> dict:
        base = self.viewer if self.viewer is not None else (self.holder if self.holder is not None else 0)
        return SLOTS[SLOT_ORDER[self.n][(seat - base) % self.n]]

    def slot_name(self, seat: int) -> str:
        base = self.viewer if self.viewer is not None else (self.holder if self.holder is not None else 0)
        return SLOT_ORDER[self.n][(seat - base) % self.n]

    def _prewarm(self) -> None:
        art = self.app.cards(HAND_H)
        for card in self.match.deck.names:
            art.face(card, deck=self.deck)
        art.back(deck=self.deck)
        self.app.cards(OPP_H).back(deck=self.deck)
        felt_surface()

    # ----- the display model -----------------------------------------------------------
    def _reset_display(self, deal_index: int, dealer: int, sound: bool = True) -> None:
        self.shown_deal = deal_index
        self.dealer = dealer
        self.hands: list[list] = [[] for _ in range(self.n)]
        self.trick: list[tuple[int, str]] = []
        self.kept: list[tuple[list, int | None]] = []   # decided tricks left on the cloth (Truco)
        self.tie_showing = False
        self.piles = [0] * self.n
        self.last_trick: tuple[list, int] | None = None
        self.deck_left = self.deck_size
        self.faceup: str | None = None
        self.faceup_mode: str | None = None
        self.trick_highlight: int | None = None
        self.flights = []
        self.bubbles = {k: v for k, v in self.bubbles.items() if k == -1}
        self.adapter.reset(deal_index, dealer)
        self._panel_version = getattr(self, "_panel_version", 0) + 1
        if sound:
            self.sound("shuffle")

    def deck_pos(self) -> tuple[int, int]:
        if self.adapter.stock_game:
            return STOCK_POS
        return self.slot(self.dealer)["deck"]

    # ----- events in ----------------------------------------------------------------
    def _process(self, di: int, raw) -> None:
        if di != self.shown_deal and raw.kind == "dealt":
            self._reset_display(di, self.match.records[di].dealer if di < len(self.match.records) else self.match.dealer)
        ev = raw.for_seat(self.viewer)
        kind = ev.kind
        self.adapter.on_event(ev)
        self._panel_version += 1
        self.need_sync = True
        if kind == "dealt":
            batch = [ev]
            while self.pending and self.pending[0][1].kind == "dealt" and self.pending[0][0] == di:
                nxt = self.pending.popleft()[1].for_seat(self.viewer)
                self.adapter.on_event(nxt)
                self._panel_version += 1
                batch.append(nxt)
            self._deal(batch)
        elif kind == "played":
            self._played(ev)
        elif kind == "trick won":
            self._trick_won(ev)
        elif kind in self.adapter.tie_kinds:
            self._trick_tied(ev)
        elif kind == "trump turned":
            self._trump_turned(ev)
        elif kind == "drew":
            self._drew(ev)
        elif kind == "exchanged":
            self._exchanged(ev)
        elif kind in ("deal scored", "deal void"):
            self._deal_over(di, ev)
        elif kind == "match won":
            self._match_over()
        mucked = self.adapter.mucked_seats(ev)
        if mucked:
            self._muck(mucked)
        self._call(ev)

    def _is_barrier(self, kind: str) -> bool:
        return kind in self.BARRIER or kind in self.adapter.tie_kinds

    # ----- dealing, playing, sweeping ------------------------------------------------
    def _fly(self, card, p0, p1, a0, a1, h0, h1, duration, delay=0.0, face=True, ease=anim.ease_out_cubic,
             on_start=None, on_land=None, arc=0.0) -> Flight:
        return self._launch(Flight(card, p0, p1, a0, a1, h0, h1, None, face, arc),
                            duration, delay, ease, on_start, on_land)

    def _deal(self, batch: list) -> None:
        plan = self.adapter.deal_plan(batch)
        start = self.deck_pos()
        step = self.adapter.deal_interval
        self._dealing = True
        for i, (seat, card) in enumerate(plan):
            self._fly(None, start, self._hand_target(seat), 0, self._hand_angle(seat), DECK_H, self._hand_h(seat),
                      DEAL_FLIGHT, delay=i * step, face=False, on_start=self._deal_start(),
                      on_land=self._deal_land(seat, card, last=i == len(plan) - 1))
        self._hold(len(plan) * step + DEAL_FLIGHT * 0.5)

    def _deal_start(self):
        def start():
            self.deck_left = max(0, self.deck_left - 1)
            self.sound("deal")
        return start

    def _deal_land(self, seat: int, card, last: bool = False):
        def land():
            self._add_to_hand(seat, card)
            if last:
                self._dealing = False
        return land

    def _add_to_hand(self, seat: int, card) -> None:
        hand = self.hands[seat]
        if card is None and seat == self.viewer:        # the viewer's own card, face down (a blind hand)
            hand.append(f"#{len(hand)}")
            return
        if card is None or seat != self.viewer:
            hand.append(None)
            return
        hand.append(card)
        hand.sort(key=self.adapter.sort_key)

    def _remove_from_hand(self, seat: int, card: str) -> tuple:
        """Take ``card`` out of ``seat``'s displayed hand; where it was (x, y, angle, h)."""
        hand = self.hands[seat]
        pos = self._hand_positions(seat)
        pick = f"#{self._blind_pick}" if self._blind_pick is not None else None
        if card in hand:
            i = hand.index(card)
        elif seat == self.viewer and pick in hand:       # a face-down card, picked by position
            i = hand.index(pick)
            self._blind_pick = None
        elif hand:
            i = len(hand) // 2
        else:
            i = None
        if i is None:
            x, y = self.slot(seat)["hand"]
            return (x, y, self._hand_angle(seat), self._hand_h(seat))
        x, y, a = pos[i]
        del hand[i]
        return (x, y, a, self._hand_h(seat))

    def _hand_h(self, seat: int) -> int:
        return HAND_H if seat == self.viewer else OPP_H

    def _hand_angle(self, seat: int) -> float:
        name = self.slot_name(seat)
        return {"left": -90, "right": 90}.get(name, 0) if seat != self.viewer else 0

    def _hand_target(self, seat: int) -> tuple:
        pos = self._hand_positions(seat, len(self.hands[seat]) + 1)
        return pos[-1][:2] if pos else self.slot(seat)["hand"]

    def _trick_pos(self, seat: int, card: str, k: int | None = None) -> tuple:
        """Where ``card`` lies in front of ``seat``; ``k`` is the trick's number in the deal
        (games that leave decided tricks on the cloth stagger them, see ``trick_offset``)."""
        x, y = self.slot(seat)["trick"]
        dx, dy = self.adapter.trick_offset(self.slot_name(seat), len(self.kept) if k is None else k, self.n)
        return (x + dx + stable_jitter(card, "x", -7, 7), y + dy + stable_jitter(card, "y", -6, 6),
                stable_jitter(card, "a", -9, 9))

    def _played(self, ev) -> None:
        seat, card = ev.seat, ev.data["card"]
        x, y, a, h = self._remove_from_hand(seat, card)
        if self.faceup_mode == "dealer" and card == self.faceup:
            self.faceup_mode = None
        if seat == self.viewer and self.drag_card == card:
            x, y = self.mouse
            self.drag_card = None
        tx, ty, ta = self._trick_pos(seat, card)

        def land():
            self.trick.append((seat, card))
            self.sound("place")

        self._fly(card, (x, y), (tx, ty), a, ta, h, TRICK_H, PLAY_FLIGHT, on_land=land)
        self._hold(PLAY_FLIGHT)

    def _trick_won(self, ev) -> None:
        winner = ev.seat
        self.trick_highlight = winner
        self.last_trick = (list(self.trick), winner)
        if self.adapter.keep_tricks:               # the cards stay where they were played
            self.timeline.after(TRICK_PAUSE, lambda: self._keep_trick(winner))
            self._hold(TRICK_PAUSE)
            return

        def sweep():
            cards = list(self.trick)
            self.trick = []
            self.trick_highlight = None
            px, py = self.slot(winner)["pile"]
            self.sound("sweep")
            for i, (seat, card) in enumerate(cards):
                tx, ty, ta = self._trick_pos(seat, card)
                last = i == len(cards) - 1
                self._fly(card, (tx, ty), (px, py), ta, 0, TRICK_H, PILE_H, SWEEP, delay=i * 0.02,
                          ease=anim.ease_in_out_cubic, on_land=(lambda: self._pile_add(winner)) if last else None)

        self.timeline.after(TRICK_PAUSE, sweep)
        self._hold(TRICK_PAUSE + SWEEP)

    def _pile_add(self, seat: int) -> None:
        self.piles[seat] += 1

    def _keep_trick(self, winner: int | None) -> None:
        self.kept.append((list(self.trick), winner))
        self.trick = []
        self.trick_highlight = None
        self.tie_showing = False

    def _trick_tied(self, ev) -> None:
        """A tied trick (Truco's parda): shown with its label, then left on the cloth
        (or cleared, for a game that sweeps its tricks)."""
        self.last_trick = (list(self.trick), None)
        self.tie_showing = True

        def settle():
            if self.adapter.keep_tricks:
                self._keep_trick(None)
            else:
                self.trick = []
                self.tie_showing = False

        self.timeline.after(TRICK_PAUSE * 1.6, settle)
        self._hold(TRICK_PAUSE * 1.6)

    def _muck(self, seats: list[int]) -> None:
        """Hands given up (Truco's fold) fly back face down to the deck."""
        target = self.deck_pos()
        for seat in seats:
            hand = self.hands[seat]
            for (x, y, a), _ in zip(self._hand_positions(seat), hand):
                self._fly(None, (x, y), target, a, 0, self._hand_h(seat), DECK_H, PLAY_FLIGHT * 1.5, face=False)
            self.hands[seat] = []
        self._hold(PLAY_FLIGHT * 1.5)

    def _trump_turned(self, ev) -> None:
        card = ev.data["card"]
        if self.n == 4:                     # the dealer's own last card: shown, then taken back
            self.faceup, self.faceup_mode = card, "dealer"
            dealer = ev.seat if ev.seat is not None else self.dealer

            def take_back():
                if self.faceup_mode != "dealer":
                    return
                self.faceup_mode = None
                x, y = self.slot(dealer)["hand"]
                self._fly(card if dealer == self.viewer else None, self.slot(dealer)["deck"], (x, y), -4,
                          self._hand_angle(dealer), FACEUP_H, self._hand_h(dealer), DEAL_FLIGHT,
                          face=dealer == self.viewer)

            self.sound("place")
            self.timeline.after(1.6, take_back)
            self._hold(1.6 + DEAL_FLIGHT)
            return
        self.deck_left = max(0, self.deck_left - 1) if self.n == 3 else self.deck_left
        target = STOCK_POS if self.n == 2 else DEAD_POS
        angle = 90 if self.n == 2 else -6

        def land():
            self.faceup, self.faceup_mode = card, ("stock" if self.n == 2 else "dead")
            self.sound("place")

        if self.n == 2:
            self.deck_left = self.deck_size - 2 * 8 - 1
        self._fly(card, self.deck_pos(), (target[0] + (36 if self.n == 2 else 0), target[1]), 0, angle, DECK_H,
                  FACEUP_H, DEAL_FLIGHT * 1.6, on_land=land)
        self._hold(DEAL_FLIGHT * 1.6)

    def _drew(self, ev) -> None:
        seat = ev.seat
        card = ev.data.get("card")
        if ev.data.get("faceup"):
            start = (STOCK_POS[0] + 36, STOCK_POS[1])
            self.faceup_mode = None
            a0, h0 = 90, FACEUP_H
        else:
            start = STOCK_POS
            self.deck_left = max(0, self.deck_left - 1)
            a0, h0 = 0, DECK_H
        self._fly(card if ev.data.get("faceup") else None, start, self._hand_target(seat), a0,
                  self._hand_angle(seat), h0, self._hand_h(seat), DRAW_FLIGHT, face=bool(ev.data.get("faceup")),
                  on_land=lambda: self._add_to_hand(seat, card))
        self._hold(DRAW_FLIGHT)

    def _exchanged(self, ev) -> None:
        seat, card, took = ev.seat, ev.data["card"], ev.data["took"]
        x, y, a, h = self._remove_from_hand(seat, card)
        target = (STOCK_POS[0] + 36, STOCK_POS[1]) if self.n == 2 else DEAD_POS
        angle = 90 if self.n == 2 else -6
        mode = "stock" if self.n == 2 else "dead"
        self.faceup_mode = None

        def land_card():
            self.faceup, self.faceup_mode = card, mode

        self._fly(card, (x, y), target, a, angle, h, FACEUP_H, DRAW_FLIGHT * 1.4, on_land=land_card)
        self._fly(took, target, self._hand_target(seat), angle, self._hand_angle(seat), FACEUP_H,
                  self._hand_h(seat), DRAW_FLIGHT * 1.4, on_land=lambda: self._add_to_hand(seat, took))
        self._hold(DRAW_FLIGHT * 1.4)

    def _call(self, ev) -> None:
        text = self.adapter.bubble(ev)
        if text is not None:
            # a seat's call by its seat; the table's own announcements in the centre
            where = -1 if ev.seat is None or ev.kind in self.adapter.center_calls else ev.seat
            big = self.adapter.is_big_call(ev)
            cards = self.adapter.bubble_cards(ev)
            seconds = BUBBLE_TIME + (0.8 if cards else 0.0) + (1.0 if where == -1 else 0.0)
            self.bubbles[where] = Bubble(text, self.sec(seconds) if self._speed() else seconds, big, cards)
            self.sound("call")
            self._hold(CALL_GAP)
        if ev.kind == "trump revealed":           # the bidder answers with the suit
            bidder = self.adapter.info.get("bidder")
            if bidder is not None:
                self.bubbles[bidder] = Bubble(self.app.t("calls.trump_is", name=self.adapter.suit_name(ev.data["suit"])),
                                              self.sec(BUBBLE_TIME + 0.6) if self._speed() else BUBBLE_TIME, True)
        line = self.adapter.log_line(ev)
        if line:
            seat = ev.seat if ev.seat is not None else -1
            self.log.append((seat, line))

    def _deal_over(self, di: int, ev) -> None:
        if ev.kind == "deal void":
            self.bubbles[-1] = Bubble(self.app.t("calls.all_passed"), BUBBLE_TIME, False)
        self._push_summary(di)

    # ----- the scene ------------------------------------------------------------------
    def _sync(self) -> None:
        """Settle the display on the engine's state for the viewer (queue empty)."""
        self.need_sync = False
        if self.match.finished:
            return
        view = self.match.view(self.viewer if self.viewer is not None else 0)
        sizes = view["hand_sizes"]
        for seat in range(self.n):
            if seat == self.viewer:
                hand = sorted(view["hand"], key=self.adapter.sort_key)
                if len(hand) < sizes[seat]:        # own cards face down (a blind hand): by position
                    hand = [f"#{i}" for i in range(sizes[seat])]
                self.hands[seat] = hand
            elif len(self.hands[seat]) != sizes[seat] or any(c is not None for c in self.hands[seat]):
                self.hands[seat] = [None] * sizes[seat]
        self.adapter.sync(view, self.viewer)
        self._panel_version += 1

    def _bot_think_time(self, seat: int) -> tuple[float, float]:
        return self._think_time(self.match.legal_actions())

    def _bot_action_ok(self, seat: int, action: str) -> bool:
        # a blind seat's legal moves are positions
        return self.match.is_legal(action) or action in self.match.view(seat)["legal"]

    @staticmethod
    def _think_time(legal: list[str]) -> tuple[float, float]:
        """How long a bot seems to think (normal speed): longer for a bid or a trump,
        quick for the pass-or-not rounds most players pass."""
        if any(a.startswith("bid ") or a.startswith("choose-trump") for a in legal):
            return 0.7, 1.5
        if len(legal) <= 2 and "pass" in legal:
            return 0.35, 0.8
        plays = sum(1 for a in legal if a.startswith("play "))
        if plays == 1 and len(legal) == 1:
            return 0.35, 0.6                  # a forced card
        return 0.4, 1.1

    # ----- hot-seat ----------------------------------------------------------------
    def _viewer_changed(self) -> None:
        self._caches.pop("opp", None)

    # ----- acting -----------------------------------------------------------------------
    def _action_allowed(self, seat: int, action: str) -> bool:
        return action in self.match.view(seat)["legal"]     # what the seat may do, as it sees it

    def _before_apply(self, action: str) -> None:
        if action.startswith("play #") and action[6:].isdigit():
            self._blind_pick = int(action[6:])

    def _after_apply(self, seat: int) -> None:
        self.kb_index = None
        self.hover_reason = None
        self.hint = None

    # ----- the viewer's turn ---------------------------------------------------------
    def _clear_turn(self) -> None:
        if self._turn_token is not None or self.widgets.widgets:
            self.widgets.clear()
        self._turn_token = None
        self._legal = []
        self._controls = []
        self._playable = set()
        self._reasons = {}
        self.press = None

    def _prepare_turn(self, seat: int) -> None:
        rec = self.match.records[-1]
        token = (self.match.deal_index, len(rec.actions), seat)
        if token == self._turn_token:
            return
        self._turn_token = token
        view = self.match.view(seat)
        legal = list(view["legal"])              # as the seat sees them (a blind seat: positions)
        self._legal = legal
        self._playable = {a[5:] for a in legal if a.startswith("play ")}
        self._reasons = {}
        self.kb_index = None
        self._build_controls(self.adapter.controls(legal, view))

    def _build_controls(self, controls: list[Control]) -> None:
        self.widgets.clear()
        self._controls = list(controls)
        if not controls:
            return
        text = self.app.text
        specs = []
        for c in controls:
            if c.kind == "bid":
                specs.append(("spin", c, 150))
                width = max(text.width(self.app.t(c.label_key, n=v), theme.FONT) for v in (c.values[0], c.values[-1]))
                specs.append(("bidbtn", c, width + 40))
            else:
                width = text.width(c.label, theme.FONT) + 40 + (26 if c.suit else 0)
                specs.append(("btn", c, max(110, width)))
        gap = 12
        total = sum(w for _, _, w in specs) + gap * (len(specs) - 1)
        x = W // 2 - total // 2
        column = self.adapter.controls_layout == "column" and all(k == "btn" for k, _, _ in specs)
        if column:                               # stacked right of the hand, the first on top
            col_w = max(w for _, _, w in specs)
            y = COLUMN_BOTTOM - len(specs) * COLUMN_BUTTON_H - (len(specs) - 1) * 6
        first = None
        spinner = None
        for kind, c, width in specs:
            if column:
                rect = pygame.Rect(COLUMN_X, y, col_w, COLUMN_BUTTON_H)
                y += COLUMN_BUTTON_H + 6
            else:
                rect = pygame.Rect(x, BUTTON_Y, width, BUTTON_H)
            x += width + gap
            if kind == "spin":
                spinner = _Spinner(rect, c.values, self.app.num)
                spinner.on_submit = (lambda c=c, s=spinner: self.act(c.action_fmt.format(s.value)))
                self.widgets.add(spinner)
                first = first or spinner
            elif kind == "bidbtn":
                s = spinner
                btn = Button(rect, (lambda c=c, s=s: self.app.t(c.label_key, n=s.value)),
                             (lambda c=c, s=s: self.act(c.action_fmt.format(s.value))), style=c.style)
                self.widgets.add(btn)
            else:
                btn = _SuitButton(rect, c.label, (lambda c=c: self.act(c.action)), tooltip=c.tooltip,
                                  enabled=c.enabled, style=c.style,
                                  icon=suit_icon(c.suit, self.deck, 20, self.app.settings.four_colour) if c.suit else None)
                self.widgets.add(btn)
        if first is not None:
            self.widgets.set_focus(first)

    def _card_reason(self, card: str) -> str | None:
        """Why the viewer may not play ``card`` now (None if he may)."""
        if card in self._playable:
            return None
        if card not in self._reasons:
            exc = self.match.why_illegal("play " + card)
            self._reasons[card] = self.adapter.reason_text(exc) if exc is not None else ""
        return self._reasons[card] or None

    def try_play(self, card: str) -> bool:
        if not self.my_turn():
            return False
        if card not in self._playable:
            reason = self._card_reason(card)
            if reason and self._playable:
                self.hint = (reason, 3.0)
            return False
        return self.act("play " + card)

    # ----- input ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self._pause_key(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                if self.tab_down_at is not None:
                    return                      # key repeat while held: just keep peeking
                self.tab_down_at = self.clock
                if self.widgets.focusables():
                    self.widgets.handle(event)
                    self.kb_index = None
                return
        if event.type == pygame.KEYUP and event.key == pygame.K_TAB:
            self.tab_down_at = None
            return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.widgets.handle(event)
            self._hover(event.pos)
            if self.press is not None and self.drag_card is None:
                card, p0 = self.press
                if math.hypot(event.pos[0] - p0[0], event.pos[1] - p0[1]) > 10 and card in self._playable:
                    self.drag_card = card
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.peek_until > self.clock:
                self.peek_until = 0.0
            if self._pile_at(event.pos):
                self.peek_until = self.clock + 3.0
                return
            if self.widgets.handle(event):
                return
            card = self._card_at(event.pos)
            if card is not None and self.my_turn():
                self.press = (card, event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            press, self.press = self.press, None
            drag, self.drag_card = self.drag_card, None
            if drag is not None:
                if event.pos[1] < SLOTS["bottom"]["hand"][1] - HAND_H // 2 - 20:
                    self.drag_card = drag            # the flight starts from the mouse
                    if not self.try_play(drag):
                        self.drag_card = None
                return
            if press is not None and self._card_at(event.pos) == press[0]:
                self.try_play(press[0])
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        self.widgets.handle(event)

    def _key(self, event) -> None:
        focused = self.widgets.focused
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if isinstance(focused, Choice):
                self.widgets.handle(event)
                return
            hand = self.hands[self.viewer] if self.viewer is not None else []
            if not hand or not self.my_turn():
                return
            self.widgets.focus = None
            if self.kb_index is None:
                legal_idx = [i for i, c in enumerate(hand) if c in self._playable]
                self.kb_index = (legal_idx[0] if event.key == pygame.K_RIGHT else legal_idx[-1]) if legal_idx else 0
            else:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.kb_index = (self.kb_index + step) % len(hand)
            card = hand[self.kb_index]
            reason = self._card_reason(card) if self._playable else None
            self.hover_reason = reason
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.kb_index is not None and self.widgets.focus is None and self.viewer is not None:
                hand = self.hands[self.viewer]
                if 0 <= self.kb_index < len(hand):
                    self.try_play(hand[self.kb_index])
                return
        self.widgets.handle(event)

    def _hover(self, pos) -> None:
        card = self._card_at(pos)
        self.hover_card = card
        if card is not None and self.my_turn() and self._playable:
            self.hover_reason = self._card_reason(card)
        else:
            self.hover_reason = None

    def _card_at(self, pos) -> str | None:
        if self.viewer is None:
            return None
        hand = self.hands[self.viewer]
        positions = self._hand_positions(self.viewer)
        w, h = self._card_size(HAND_H)
        for i in range(len(hand) - 1, -1, -1):
            x, y, _ = positions[i]
            lift = self._lift(hand[i], i)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (int(x), int(y - lift))
            if rect.collidepoint(pos):
                return hand[i]
        return None

    def card_point(self, card: str) -> tuple[int, int] | None:
        """A screen point where a click hits ``card`` in the viewer's hand (tests, tools)."""
        if self.viewer is None or card not in self.hands[self.viewer]:
            return None
        i = self.hands[self.viewer].index(card)
        x, y, _ = self._hand_positions(self.viewer)[i]
        w, h = self._card_size(HAND_H)
        lift = self._lift(card, i)
        for dx in range(-w // 2 + 6, w // 2, 6):
            pos = (int(x + dx), int(y - lift - h // 2 + 30))
            if self._card_at(pos) == card:
                return pos
        return None

    def _pile_at(self, pos) -> bool:
        for seat in range(self.n):
            if self.piles[seat]:
                x, y = self.slot(seat)["pile"]
                if abs(pos[0] - x) < 34 and abs(pos[1] - y) < 34:
                    return True
        return False

    # ----- geometry ---------------------------------------------------------------------
    def _card_size(self, height: int) -> tuple[int, int]:
        ratio = 61 / 95 if self.deck == "spanish" else 63 / 88
        return (max(1, round(height * ratio)), height)

    def _hand_positions(self, seat: int, count: int | None = None) -> list[tuple[float, float, float]]:
        n = len(self.hands[seat]) if count is None else count
        if n == 0:
            return []
        cx, cy = self.slot(seat)["hand"]
        if seat == self.viewer:
            w, _ = self._card_size(HAND_H)
            step = min(w * 0.72, (780 - w) / max(1, n - 1))
            total = step * (n - 1)
            mid = (n - 1) / 2
            spread = min(2.4, 24.0 / max(n, 1))
            out = []
            for i in range(n):
                d = i - mid
                out.append((cx - total / 2 + i * step, cy + d * d * spread * 0.45, -d * spread))
            return out
        name = self.slot_name(seat)
        if name in ("left", "right"):
            step = 15 if n <= 8 else 11 if n <= 10 else 9
        else:
            step = 15 if n <= 10 else 12
        total = step * (n - 1)
        if name in ("left", "right"):
            return [(cx, cy - total / 2 + i * step, 0) for i in range(n)]
        return [(cx - total / 2 + i * step, cy, 0) for i in range(n)]

    def _lift(self, card, index: int) -> float:
        if not self._playable or card is None:
            return 0.0
        if card in self._playable:
            if card == self.hover_card or index == self.kb_index:
                return 30.0
            return 16.0
        return 0.0

    # ----- surfaces (cached) ------------------------------------------------------------
    def card_surface(self, card: str | None, height: int, angle: float = 0.0) -> pygame.Surface:
        """A face (or back, card None or a face-down position "#0") at ``height`` px rotated
        by ``angle`` degrees."""
        if card is not None and card[:1] == "#":
            card = None
        height = int(round(height / 2) * 2)
        angle = int(round(angle)) % 360
        key = (card, height, angle)
        cache = self._cache("card")
        surf = cache.get(key)
        if surf is not None:
            return surf
        if angle:
            base = self.card_surface(card, height, 0)
            surf = pygame.transform.rotate(base, angle)
        elif card is None:
            if height == OPP_H or height == DECK_H:
                surf = self.app.cards(OPP_H).back(deck=self.deck)
            else:
                big = self.app.cards(HAND_H).back(deck=self.deck)
                surf = big if height == HAND_H else pygame.transform.smoothscale(big, self._card_size(height))
        else:
            big = self.app.cards(HAND_H).face(card, deck=self.deck)
            surf = big if height == HAND_H else pygame.transform.smoothscale(big, self._card_size(height))
        cache[key] = surf
        return surf

    def _dimmed(self, card: str, angle: float, height: int = HAND_H) -> pygame.Surface:
        key = (card, int(round(angle)), height)
        cache = self._cache("dim")
        surf = cache.get(key)
        if surf is None:
            surf = self.card_surface(card, height, angle).copy()
            surf.fill((120, 124, 128, 255), special_flags=pygame.BLEND_RGBA_MULT)
            cache[key] = surf
        return surf

    def _glow(self, height: int, angle: float, colour=theme.ACCENT, spread: int = 10) -> pygame.Surface:
        key = (height, int(round(angle)), colour, spread)
        cache = self._cache("glow")
        surf = cache.get(key)
        if surf is None:
            w, h = self._card_size(height)
            surf = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            for i in range(spread, 0, -1):
                a = int(150 * (1 - i / (spread + 1)) ** 2)
                pygame.draw.rect(surf, (*colour, a), surf.get_rect().inflate(-2 * (spread - i), -2 * (spread - i)),
                                 border_radius=12 + i)
            pygame.draw.rect(surf, (*colour, 255), surf.get_rect().inflate(-2 * spread + 4, -2 * spread + 4), 3,
                             border_radius=10)
            if angle:
                surf = pygame.transform.rotate(surf, int(round(angle)))
            cache[key] = surf
        return surf

    def _shadow(self, height: int, angle: float) -> pygame.Surface:
        key = (height, int(round(angle)))
        cache = self._cache("shadow")
        surf = cache.get(key)
        if surf is None:
            w, h = self._card_size(height)
            surf = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
            for i in range(4):
                pygame.draw.rect(surf, (0, 0, 0, 28), surf.get_rect().inflate(-2 * i, -2 * i), border_radius=10)
            if angle:
                surf = pygame.transform.rotate(surf, int(round(angle)))
            cache[key] = surf
        return surf

    def _opp_hand_surface(self, seat: int) -> pygame.Surface | None:
        n = len(self.hands[seat])
        if n == 0:
            return None
        name = self.slot_name(seat)
        key = (name, n)
        cache = self._cache("opp")
        surf = cache.get(key)
        if surf is None:
            back = self.card_surface(None, OPP_H, 0)
            if name in ("left", "right"):
                back = pygame.transform.rotate(back, 90)
            pos = self._hand_positions(seat)
            cx, cy = self.slot(seat)["hand"]
            bw, bh = back.get_size()
            xs = [p[0] for p in pos]
            ys = [p[1] for p in pos]
            surf = pygame.Surface((int(max(xs) - min(xs)) + bw + 8, int(max(ys) - min(ys)) + bh + 8), pygame.SRCALPHA)
            ox, oy = min(xs) - bw / 2 - 4, min(ys) - bh / 2 - 4
            shadow = pygame.Surface((bw, bh), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 50), shadow.get_rect(), border_radius=8)
            for x, y, _ in pos:
                surf.blit(shadow, (x - bw / 2 - ox + 2, y - bh / 2 - oy + 3))
                surf.blit(back, (x - bw / 2 - ox, y - bh / 2 - oy))
            surf = (surf, (ox, oy))
            cache[key] = surf
        return surf

    def _pile_surface(self, count: int) -> pygame.Surface:
        key = count
        cache = self._cache("pile")
        surf = cache.get(key)
        if surf is None:
            back = self.card_surface(None, PILE_H, 0)
            bw, bh = back.get_size()
            layers = min(count, 5)
            surf = pygame.Surface((bw + 2 * layers + 6, bh + 2 * layers + 6), pygame.SRCALPHA)
            for i in range(layers):
                surf.blit(back, (2 * i + 2, (layers - i) * 2 + 2))
            badge = self.app.text.render(self.app.num(count), theme.FONT_SMALL, theme.TEXT, True)
            r = max(badge.get_width(), badge.get_height()) // 2 + 3
            c = (surf.get_width() - r - 1, r + 1)
            pygame.draw.circle(surf, (20, 30, 26), c, r)
            pygame.draw.circle(surf, theme.ACCENT, c, r, 2)
            surf.blit(badge, badge.get_rect(center=c))
            cache[key] = surf
        return surf

    def _deck_surface(self, count: int, label: bool = True) -> pygame.Surface:
        key = (count, label)
        cache = self._cache("deck")
        surf = cache.get(key)
        if surf is None:
            back = self.card_surface(None, DECK_H, 0)
            bw, bh = back.get_size()
            layers = max(1, min(6, (count + 5) // 6))
            surf = pygame.Surface((bw + layers + 34, bh + layers + 12), pygame.SRCALPHA)
            shadow = pygame.Surface((bw, bh), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 60), shadow.get_rect(), border_radius=8)
            surf.blit(shadow, (layers + 3, layers + 5))
            for i in range(layers):
                surf.blit(back, (layers - i, layers - i))
            if label:
                badge = self.app.text.render(self.app.num(count), theme.FONT_SMALL, theme.TEXT, True)
                r = max(badge.get_width(), badge.get_height()) // 2 + 3
                c = (bw + layers - 4, bh + layers - r + 6)
                pygame.draw.circle(surf, (20, 30, 26), c, r)
                pygame.draw.circle(surf, theme.ACCENT, c, r, 2)
                surf.blit(badge, badge.get_rect(center=c))
            cache[key] = surf
        return surf

    def _badge_surface(self, text: str, colour=None) -> pygame.Surface:
        """A small chip on a seat's plate (an adapter's ``seat_badge``: "27", "Folded"...)."""
        key = (text, colour)
        cache = self._cache("badge")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(self._fit(text, 15, 170, True), 15, theme.TEXT_DARK, True)
            surf = pygame.Surface((img.get_width() + 16, img.get_height() + 2), pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, colour or (214, 236, 250), r, border_radius=r.h // 2)
            pygame.draw.rect(surf, (40, 50, 60), r, 1, border_radius=r.h // 2)
            surf.blit(img, img.get_rect(center=r.center))
            cache[key] = surf
        return surf

    def _tie_surface(self) -> pygame.Surface:
        text = self.adapter.tie_label()
        cache = self._cache("tie")
        surf = cache.get(text)
        if surf is None:
            img = self.app.text.render(text, theme.FONT_SMALL, theme.TEXT_DARK, True)
            surf = pygame.Surface((img.get_width() + 26, img.get_height() + 8), pygame.SRCALPHA)
            r = surf.get_rect()
            pygame.draw.rect(surf, (0, 0, 0, 80), r.move(2, 3), border_radius=r.h // 2)
            pygame.draw.rect(surf, (250, 236, 200), r.inflate(-2, -3), border_radius=r.h // 2)
            pygame.draw.rect(surf, theme.ACCENT, r.inflate(-2, -3), 2, border_radius=r.h // 2)
            surf.blit(img, img.get_rect(center=(r.centerx, r.centery - 1)))
            cache[text] = surf
        return surf

    def _bubble_surface(self, text: str, big: bool, cards: tuple = ()) -> pygame.Surface:
        key = (text, big, cards)
        cache = self._cache("bubble")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render_wrapped(text, 22 if big else 20, 260, theme.TEXT_DARK, True, "center")
            faces = [self.card_surface(c, 66, 0) for c in cards]
            row_w = sum(f.get_width() for f in faces) + 4 * max(0, len(faces) - 1)
            w = max(img.get_width(), row_w) + 28
            h = img.get_height() + 14 + (faces[0].get_height() + 8 if faces else 0)
            surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(4, 5, w, h), border_radius=16)
            fill = (255, 226, 120) if big else (252, 250, 242)
            pygame.draw.rect(surf, fill, pygame.Rect(0, 0, w, h), border_radius=16)
            pygame.draw.rect(surf, (90, 80, 60), pygame.Rect(0, 0, w, h), 2, border_radius=16)
            surf.blit(img, ((w - img.get_width()) // 2, 7))
            x = (w - row_w) // 2
            for f in faces:
                surf.blit(f, (x, img.get_height() + 12))
                x += f.get_width() + 4
            cache[key] = surf
        return surf

    # ----- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._finish_concede_if_covered()
        start = time.perf_counter()
        surface.blit(felt_surface(), (0, 0))
        self.hand_drawn_for = None
        self._draw_piles(surface)
        self._draw_deck(surface)
        self._draw_opponents(surface)
        self._draw_plates(surface)
        self._draw_trick(surface)
        self._draw_hand(surface)
        self._draw_panels(surface)
        self._draw_side_panel(surface)
        self._draw_flights(surface)
        self._draw_bubbles(surface)
        self._draw_turn_line(surface)
        self.widgets.draw(surface)
        self._draw_peek(surface)
        self._draw_drag(surface)
        if self.hover_reason and self.hover_card is not None and self.my_turn():
            draw_tooltip(surface, self.hover_reason, self.mouse)
        self.frame_ms.append((time.perf_counter() - start) * 1000)

    def _draw_piles(self, surface) -> None:
        for seat in range(self.n):
            if self.piles[seat]:
                self._blit_center(surface, self._pile_surface(self.piles[seat]), self.slot(seat)["pile"])

    def _draw_side_panel(self, surface) -> None:
        """An adapter's private panel for the viewer (the mão de dez partner's cards): drawn
        only from the viewer's own view, never while the device is being passed."""
        self.side_panel_drawn_for = None
        if self.viewer is None or self.handoff_open:
            return
        rows = self.adapter.side_panel(self.viewer)
        if not rows:
            return
        surf = render_rows(self.app, rows, SIDE_PANEL_W, pad=10, gap=6)
        rect = surf.get_rect(bottomleft=SIDE_PANEL_POS)
        surface.blit(surf, rect)
        pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=14)
        self.side_panel_drawn_for = self.viewer

    def _draw_deck(self, surface) -> None:
        if self.faceup is not None and self.faceup_mode in ("stock", "dead", "dealer"):
            if self.faceup_mode == "stock":
                pos, angle = (STOCK_POS[0] + 36, STOCK_POS[1]), 90
            elif self.faceup_mode == "dead":
                pos, angle = DEAD_POS, -6
            else:
                pos, angle = self.slot(self.dealer)["deck"], -4
            self._blit_center(surface, self._shadow(FACEUP_H, angle), (pos[0] + 3, pos[1] + 4))
            self._blit_center(surface, self.card_surface(self.faceup, FACEUP_H, angle), pos)
            if self.faceup_mode != "stock":
                label = self.app.text.render(self.app.t("tute_table.trump_card"), 16, theme.TEXT, True)
                rect = label.get_rect(midtop=(pos[0], pos[1] + FACEUP_H // 2 + 6))
                draw_panel(surface, rect.inflate(14, 4), (0, 0, 0, 120), 10)
                surface.blit(label, rect)
        if self.deck_left > 0 and (self.adapter.show_deck or self._dealing):
            pos = self.deck_pos()
            surf = self._deck_surface(self.deck_left + (1 if self.adapter.stock_game and self.faceup_mode == "stock" else 0))
            self._blit_center(surface, surf, (pos[0] + 14, pos[1] + 4))

    def _draw_opponents(self, surface) -> None:
        for seat in range(self.n):
            if seat == self.viewer:
                continue
            item = self._opp_hand_surface(seat)
            if item is not None:
                surf, (ox, oy) = item
                surface.blit(surf, (int(ox), int(oy)))

    def _draw_plates(self, surface) -> None:
        active = self.turn_seat if self.is_idle() else None
        glow_alpha = int(150 + 100 * math.sin(self.clock * 4.0))
        for seat in range(self.n):
            pos = self.slot(seat)["plate"]
            if seat == active:
                glow = self._plate_glow()
                glow.set_alpha(max(40, glow_alpha))
                self._blit_center(surface, glow, pos)
            self._blit_center(surface, self._plate_surface(seat, seat == active), pos)
            badge = self.adapter.seat_badge(seat)
            if badge:                      # under the plate, or over it when the bubble goes under
                img = self._badge_surface(*badge)
                pw, ph = PLATE_SIZE
                if self.slot(seat)["bubble_align"] == "midtop":
                    rect = img.get_rect(bottomleft=(pos[0] - pw // 2 + 12, pos[1] - ph // 2 + 3))
                else:
                    rect = img.get_rect(topright=(pos[0] + pw // 2 - 10, pos[1] + ph // 2 - 5))
                surface.blit(img, rect)

    def _draw_trick(self, surface) -> None:
        ties = []
        for k, (cards, winner) in enumerate(self.kept):     # decided tricks left on the cloth
            for seat, card in cards:
                x, y, a = self._trick_pos(seat, card, k)
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 2, y + 3))
                lit = winner is None or seat == winner
                self._blit_center(surface, self.card_surface(card, TRICK_H, a) if lit
                                  else self._dimmed(card, a, TRICK_H), (x, y))
            if winner is None and cards:
                ties.append((cards, k))
        self._draw_current_trick(surface)
        if self.tie_showing and self.trick:
            ties.append((self.trick, len(self.kept)))
        for cards, k in ties:                               # labels over every card
            self._draw_tie_label(surface, cards, k)

    def _draw_tie_label(self, surface, cards, k: int) -> None:
        pts = [self._trick_pos(seat, card, k) for seat, card in cards]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        self._blit_center(surface, self._tie_surface(), (cx, cy))

    def _draw_current_trick(self, surface) -> None:
        for seat, card in self.trick:
            x, y, a = self._trick_pos(seat, card)
            if seat == self.trick_highlight:
                y -= 12
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 4, y + 8))
                self._blit_center(surface, self._glow(TRICK_H, a), (x, y))
            else:
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 2, y + 3))
            self._blit_center(surface, self.card_surface(card, TRICK_H, a), (x, y))

    def _draw_hand(self, surface) -> None:
        seat = self.viewer
        if seat is None:
            return
        hand = self.hands[seat]
        if not hand:
            return
        self.hand_drawn_for = seat
        positions = self._hand_positions(seat)
        turn = self.my_turn() and bool(self._playable)
        for i, card in enumerate(hand):
            if card is None or card == self.drag_card:
                continue
            x, y, a = positions[i]
            lift = self._lift(card, i) if turn else 0.0
            pos = (x, y - lift)
            self._blit_center(surface, self._shadow(HAND_H, a), (x + 3, y + 5 - lift * 0.5))
            if turn and card in self._playable:
                self._blit_center(surface, self._glow(HAND_H, a, spread=8), pos)
                self._blit_center(surface, self.card_surface(card, HAND_H, a), pos)
            elif turn:
                self._blit_center(surface, self._dimmed(card, a), pos)
            else:
                self._blit_center(surface, self.card_surface(card, HAND_H, a), pos)
            if i == self.kb_index and self.my_turn():
                self._blit_center(surface, self._glow(HAND_H, a, colour=(255, 255, 255), spread=6), pos)

    def _draw_flights(self, surface) -> None:
        for f in self.flights:
            tw = f.tween
            if tw is None or not tw.started:
                continue
            t = tw.value
            x = f.p0[0] + (f.p1[0] - f.p0[0]) * t
            y = f.p0[1] + (f.p1[1] - f.p0[1]) * t - f.arc * math.sin(math.pi * t)
            a = f.a0 + (f.a1 - f.a0) * t
            h = f.h0 + (f.h1 - f.h0) * t
            card = f.card if f.face else None
            self._blit_center(surface, self.card_surface(card, h, a), (x, y))

    def _draw_bubbles(self, surface) -> None:
        for seat, b in self.bubbles.items():
            surf = self._bubble_surface(b.text, b.big, b.cards)
            if seat == -1:
                rect = surf.get_rect(center=CENTER)
            else:
                slot = self.slot(seat)
                rect = surf.get_rect(**{slot["bubble_align"]: slot["bubble"]})
            age = b.total - b.left
            if b.big and age < 0.4:
                rect.x += int(4 * math.sin(age * 60))
            fade = min(1.0, b.left / 0.3) if b.total > 0 else 1.0
            surf.set_alpha(int(255 * max(0.0, fade)))
            surface.blit(surf, rect)

    def _draw_panels(self, surface) -> None:
        key = (self.need_sync, self.shown_deal, self.viewer, self.app.settings.language,
               self.app.settings.native_digits, self._panel_version)
        if key != self._panel_key:
            self._panel_key = key
            self._panel = render_rows(self.app, self.adapter.panel_rows(self.viewer), SCORE_RECT.w, gap=4)
        surface.blit(self._panel, SCORE_RECT.topleft)
        if self.log:
            key = (tuple(self.log), self.app.settings.language)
            cache = self._cache("log")
            surf = cache.get(key)
            if surf is None:
                cache.clear()
                rows = [[("t", self.app.t("table_ui.log_title"), theme.TEXT_DIM, theme.FONT_SMALL, True)]]
                for seat, text in self.log:
                    colour = self.adapter.seat_colour(seat) if seat >= 0 else theme.TEXT
                    rows.append([("dot", colour, 5), ("t", text, theme.TEXT, theme.FONT_SMALL, False, 262)])
                surf = cache[key] = render_rows(self.app, rows, LOG_RECT.w, pad=10, gap=3)
            surface.blit(surf, LOG_RECT.topleft)

    def _turn_text(self) -> tuple[str, tuple] | None:
        if self.hint is not None:
            return self.hint[0], (255, 190, 170)
        seat = self.turn_seat
        if seat is None or not self.is_idle() or self.match.finished:
            return None
        name = self.session.seats[seat].name
        if seat == self.viewer and not self.session.is_bot(seat):
            return self.app.t("turn.yours"), theme.ACCENT
        if self.session.is_bot(seat):
            return self.app.t("turn.thinking", name=name), theme.TEXT
        return self.app.t("turn.player", name=name), theme.TEXT

    def _draw_turn_line(self, surface) -> None:
        item = self._turn_text()
        if item is None:
            return
        text, colour = item
        key = (text, colour)
        cache = self._cache("turn")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(self._fit(text, theme.FONT_SMALL, 700, True), theme.FONT_SMALL, colour, True)
            surf = pygame.Surface((img.get_width() + 28, img.get_height() + 6), pygame.SRCALPHA)
            pygame.draw.rect(surf, (6, 14, 10, 170), surf.get_rect(), border_radius=surf.get_height() // 2)
            surf.blit(img, (14, 3))
            cache[key] = surf
        row = self.widgets.widgets and self.adapter.controls_layout != "column"
        y = TURN_Y if row else TURN_Y + 30
        surface.blit(surf, surf.get_rect(center=(W // 2, y)))

    def _draw_peek(self, surface) -> None:
        held = self.tab_down_at is not None and self.clock - self.tab_down_at > 0.18
        if not held and self.peek_until <= self.clock:
            return
        rect = pygame.Rect(0, 0, 440, 250)
        rect.center = CENTER
        draw_panel(surface, rect, (6, 12, 10, 225), 16)
        title = self.app.text.render(self.app.t("table_ui.last_trick"), theme.FONT, theme.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 8)))
        if self.last_trick is None:
            img = self.app.text.render(self.app.t("table_ui.no_last_trick"), theme.FONT_SMALL, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=rect.center))
            return
        cards, winner = self.last_trick
        h = 92
        offsets = {"bottom": (0, 46), "top": (0, -22), "left": (-110, 12), "right": (110, 12),
                   "lower_right": (130, 34), "upper_right": (130, -10), "upper_left": (-130, -10),
                   "lower_left": (-130, 34)}
        for seat, card in cards:
            dx, dy = offsets[self.slot_name(seat)]
            pos = (rect.centerx + dx, rect.centery + dy + 6)
            if seat == winner:
                self._blit_center(surface, self._glow(h, 0, spread=6), pos)
            self._blit_center(surface, self.card_surface(card, h, 0), pos)

    def _draw_drag(self, surface) -> None:
        if self.drag_card is None or self.viewer is None:
            return
        self._blit_center(surface, self._glow(HAND_H, 0, spread=8), self.mouse)
        self._blit_center(surface, self.card_surface(self.drag_card, HAND_H, 0), self.mouse)


class _Spinner(Choice):
    """The bid spinner: ←/→ or the arrows change the number, Enter bids it."""

    def __init__(self, rect, values, fmt) -> None:
        super().__init__(rect, "", values, values[0], fmt=fmt, label_width=0)
        self.on_submit = None

    def activate(self) -> None:
        if self.on_submit is not None:
            self.on_submit()

    def click(self, pos) -> None:
        box_left = self.rect.x + 40
        box_right = self.rect.right - 40
        if pos[0] < box_left:
            self.step(-1)
        elif pos[0] > box_right:
            self.step(1)

    def step(self, delta: int) -> None:
        # no wrap-around: a bid spinner stops at its ends
        if not self.values:
            return
        self.index = max(0, min(len(self.values) - 1, self.index + delta))

    def draw(self, surface, focused, hovered) -> None:
        pygame.draw.rect(surface, theme.MENU_BG_DARK, self.rect, border_radius=10)
        if focused:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(6, 6), 3, border_radius=12)
        cy = self.rect.centery
        left_on = self.index > 0
        right_on = self.index < len(self.values) - 1
        x0, x1 = self.rect.x, self.rect.right
        pygame.draw.polygon(surface, theme.ACCENT if left_on else theme.BUTTON_TEXT_DISABLED,
                            [(x0 + 12, cy), (x0 + 24, cy - 9), (x0 + 24, cy + 9)])
        pygame.draw.polygon(surface, theme.ACCENT if right_on else theme.BUTTON_TEXT_DISABLED,
                            [(x1 - 12, cy), (x1 - 24, cy - 9), (x1 - 24, cy + 9)])
        img = self.fmt(self.value)
        from game.ui.widgets import blit_text
        blit_text(surface, img, theme.FONT_BIG, theme.TEXT, self.rect.center, "center", True)


class _SuitButton(Button):
    """A button with an optional suit sign before its label."""

    def __init__(self, rect, label, on_click, tooltip=None, enabled=True, style="normal", icon=None) -> None:
        super().__init__(rect, label, on_click, tooltip=tooltip, enabled=enabled, style=style)
        self.icon = icon

    def draw(self, surface, focused, hovered) -> None:
        if self.icon is None:
            return super().draw(surface, focused, hovered)
        fill, ink = self.colours(hovered)
        pygame.draw.rect(surface, (250, 248, 240) if self.enabled else theme.BUTTON_DISABLED, self.rect,
                         border_radius=10)
        if hovered and self.enabled:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, 3, border_radius=10)
        if focused:
            pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(6, 6), 3, border_radius=12)
        from game.ui.widgets import blit_text
        label = self.label() if callable(self.label) else self.label
        tw = self.app_text_width(label)
        x = self.rect.centerx - (tw + self.icon.get_width() + 8) // 2
        surface.blit(self.icon, self.icon.get_rect(midleft=(x, self.rect.centery)))
        blit_text(surface, label, theme.FONT, theme.TEXT_DARK if self.enabled else theme.BUTTON_TEXT_DISABLED,
                  (x + self.icon.get_width() + 8, self.rect.centery), "midleft")

    @staticmethod
    def app_text_width(label: str) -> int:
        from game.ui.text import default_renderer
        return default_renderer().width(label, theme.FONT)


__all__ = ["TableScene", "table_supports", "felt_surface", "SLOTS", "HAND_H"]
