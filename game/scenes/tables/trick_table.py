"""The shared trick table: Twenty-nine, the three forms of Tute and the two Trucos.

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

The table explains itself: a decided trick is held up with its winning card lifted and
named for at least ``MIN_TRICK_SHOW`` real seconds at any speed (at instant speed it stays
until the next card, and a bot does not lead before then); the last trick shows while L (or
Tab) is held or after a click on a pile of tricks (or a kept trick); the card winning the open
trick wears a small crown, from the adapter's ``winning_index`` (what the viewer may know, so
never a hidden 29 trump); a tie shows what it means (``tie_note``); a rule that changes mid-deal
is announced in the middle (``notice``: Tute's empty stock); plate chips, panel lines and piles
have tooltips (``badge_tip``, rows' ``("tip", text)``, ``marker_tip``), placed off the trick;
a control with ``confirm`` (the fold) asks before it acts.

The viewer is the human whose turn it is. With two or more humans (hot-seat), when
the next human to act is not the one holding the device, every hand is hidden and
:class:`~game.scenes.handoff.HandOffScene` asks for the device to be passed. With no
human the viewer is seat 0 and the match just plays.

What is game-specific comes from the game's adapter (:mod:`.adapter`, one module per
game, :mod:`.registry`). The scene is split by concern: this module holds its state and
plays the engine's events back; :mod:`.trick_input` the controls, mouse and keys and
where the cards are; :mod:`.trick_draw` the drawing; :mod:`.trick_layout` the places
and sizes; the match plumbing every table shares is :mod:`.match_table`.

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


from game.scenes.tables.adapter import Control, stable_jitter
from game.scenes.tables.trick_draw import TrickTableDrawing
from game.scenes.tables.trick_input import TrickTableInput
from game.scenes.tables.match_table import MatchTableScene
from game.scenes.tables.registry import TRICK_GAMES, make_adapter
from game.ui import anim
from game.ui.felt import felt_surface
from game.scenes.tables.trick_layout import (BUBBLE_TIME, CALL_GAP, DEAD_POS, DEAL_FLIGHT, DECK_H,
                                             DRAW_FLIGHT, EVENT_LOG_LINES, FACEUP_H, HAND_H, MIN_TRICK_SHOW,
                                             OPP_H, PILE_H, PLAY_FLIGHT, SLOTS, SLOT_ORDER, STOCK_POS, SWEEP,
                                             TRICK_H, TRICK_PAUSE, Bubble, Flight)

log = logging.getLogger(__name__)


def table_supports(game_id: str, players: int) -> bool:
    """Whether this table can seat ``players`` at ``game_id`` (an adapter and a layout exist)."""
    return game_id in TRICK_GAMES and players in SLOT_ORDER


class TableScene(TrickTableInput, TrickTableDrawing, MatchTableScene):
    """The trick table for ``session`` (see the module docstring)."""

    BARRIER = frozenset({"trick won", "deal scored", "deal void", "match won"})
    PHONES = True

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
        self.hand_rects: dict = {}                   # where the last frame drew each card of the hand
        self.peek_until = 0.0
        self.tab_down_at: float | None = None
        self.peek_drawn: list | None = None          # the cards the last frame's peek showed (tests)
        self.marked_card: tuple | None = None         # (seat, card) marked as winning the open trick
        self.armed: str | None = None                 # a risky action clicked once, waiting for its confirm
        self.armed_until = 0.0
        self.show_until = 0.0                         # a bot leads no new trick before this (instant speed)
        self.tooltip_shown: str | None = None         # the tooltip the last frame drew (tests)
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
        self.trick_done = False          # the decided trick is still in view (until the next card)
        self.fresh_kept = False          # the last kept trick's winner still labelled
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
        notice = self.adapter.notice(ev)
        if notice:                               # a rule that changes now, said in the middle
            self.bubbles[-1] = Bubble(notice, BUBBLE_TIME + 2.5, True)
            self._hold(CALL_GAP)
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

    def _clear_done_trick(self) -> None:
        """The next card is on its way: the decided trick still in view leaves the cloth."""
        self.fresh_kept = False
        if self.trick_done:
            self.trick_done = False
            self.trick = []
            self.trick_highlight = None
            self.tie_showing = False

    def _played(self, ev) -> None:
        self._clear_done_trick()
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

    def _trick_pause(self) -> float:
        """How long (in normal-speed seconds, as the timeline counts) a decided trick is held up:
        never less than MIN_TRICK_SHOW real seconds, whatever the speed."""
        speed = self._speed()
        return max(TRICK_PAUSE, MIN_TRICK_SHOW / speed) if speed > 0 else 0.0

    def _trick_won(self, ev) -> None:
        winner = ev.seat
        self.trick_highlight = winner
        self.last_trick = (list(self.trick), winner)
        if self._speed() == 0:                   # instant: the trick stays until the next card
            self._hold_in_view()
            if self.adapter.keep_tricks:
                self._keep_trick(winner)
                self.fresh_kept = True
            else:
                self.trick_done = True
                self._pile_add(winner)
            return
        pause = self._trick_pause()
        if self.adapter.keep_tricks:               # the cards stay where they were played
            def keep():
                self._keep_trick(winner)
                self.fresh_kept = True
            self.timeline.after(pause, keep)
            self._hold(pause)
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

        self.timeline.after(pause, sweep)
        self._hold(pause + SWEEP)

    def _hold_in_view(self) -> None:
        """Instant speed with a person at the table: a bot does not lead the next trick before
        the decided one has been in view MIN_TRICK_SHOW seconds."""
        if self.session.humans and not self._mute:
            self.show_until = self.clock + MIN_TRICK_SHOW

    def _bot_may_act(self) -> bool:
        return self.clock >= self.show_until

    def _pile_add(self, seat: int) -> None:
        self.piles[seat] += 1

    def _keep_trick(self, winner: int | None) -> None:
        self.kept.append((list(self.trick), winner))
        self.trick = []
        self.trick_highlight = None
        self.tie_showing = False

    def _trick_tied(self, ev) -> None:
        """A tied trick (Truco's parda): shown with its label and what the tie means, then left
        on the cloth (or cleared, for a game that gathers its tricks)."""
        self.last_trick = (list(self.trick), None)
        self.tie_showing = True
        if self._speed() == 0:                   # instant: in view until the next card
            self._hold_in_view()
            if self.adapter.keep_tricks:
                self._keep_trick(None)
                self.fresh_kept = True
            else:
                self.trick_done = True
            return

        def settle():
            if self.adapter.keep_tricks:
                self._keep_trick(None)
                self.fresh_kept = True
            else:
                self.trick = []
                self.tie_showing = False

        pause = self._trick_pause() * 1.6
        self.timeline.after(pause, settle)
        self._hold(pause)

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
                self._fly(card if dealer == self.viewer else None, self.dealer_faceup_pos(), (x, y), -4,
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
        text = self.adapter.bubble_words(ev)          # rendered when drawn: the language of the moment
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
                suit = ev.data["suit"]
                self.bubbles[bidder] = Bubble(lambda: self.app.t("calls.trump_is", name=self.adapter.suit_name(suit)),
                                              self.sec(BUBBLE_TIME + 0.6) if self._speed() else BUBBLE_TIME, True)
        words = self.adapter.log_words(ev)
        if words is not None:
            self._log_add(ev.seat, words)

    def _recap_phrase(self, ev) -> str | None:
        if ev.kind == "played":
            return self.app.t("recap.played", name=self.adapter.name(ev.seat),
                              card=self.adapter.card_name(ev.data["card"]))
        if ev.kind == "trick won" and ev.seat is not None:
            return self.app.t("recap.trick", name=self.adapter.name(ev.seat))
        return self.adapter.log_line(ev)

    def _deal_over(self, di: int, ev) -> None:
        if ev.kind == "deal void":
            self.bubbles[-1] = Bubble(lambda: self.app.t("calls.all_passed"), BUBBLE_TIME, False)
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
        self.armed = None
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


__all__ = ["TableScene", "table_supports", "SLOTS", "HAND_H"]
