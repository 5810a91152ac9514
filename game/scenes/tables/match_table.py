"""What every match table shares: the session and match plumbing under the drawing.

:class:`MatchTableScene` is the base of :class:`~game.scenes.tables.trick_table.TableScene` (the
trick games) and :class:`~game.scenes.tables.buraco_table.BuracoTableScene`. It subscribes to
``session.match.listeners`` and queues each engine event with the deal it belongs to,
plays the queue back (``_pump``, held by ``wait`` and by the ``BARRIER`` kinds while
something still moves), lets bots act after a natural "thinking" delay once the table
is idle, picks the viewer in hot-seat and shows the hand-off screen, autosaves after
every action (and removes the autosave when the match ends), pushes the deal summary
and the match result, and handles a concession and the pause menu.

A table provides the display side: ``_prewarm``, ``_reset_display``, ``_process``,
``_sync``, ``_clear_turn``, ``_prepare_turn`` and ``_think_time``, and may refine the
hooks ``_bot_action_ok``, ``_action_allowed``, ``_refuse``, ``_before_apply``,
``_after_apply``, ``_viewer_changed``, ``_before_handoff`` and ``_tick``.

Hooks for tools and tests: :meth:`is_idle`, :meth:`my_turn`, :meth:`act`,
:meth:`skip_animations`, :meth:`save_match`, :meth:`concede`, :meth:`open_pause`,
:attr:`hand_drawn_for`, :attr:`handoffs`, :attr:`frame_ms`.
"""
from __future__ import annotations

import logging
import random
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame

from game import i18n
from game.scenes.base import Scene
from game.session import AUTOSAVE
from game.ui import anim, gfx, theme
from game.ui.input import BACK, PAUSE, action_of, draw_pad_badge
from game.ui.widgets import WidgetGroup

log = logging.getLogger(__name__)

PLATE_SIZE = (204, 56)


@dataclass(frozen=True, eq=False)
class LogLine:
    """One line of a table's log, kept as what to say, not as text said once: ``words()``
    renders it in the language (and digits) of the moment, so a language change re-renders
    every line. ``deal`` is the deal it belongs to (the log shows one section per deal),
    ``seat`` whose colour marks it (-1 for the table), ``card`` a card drawn beside it."""

    deal: int
    seat: int
    words: Callable[[], str]
    card: str | None = None


def log_sections(lines: list[LogLine], rows: int) -> list[tuple[int, list[LogLine]]]:
    """The newest ``lines`` that fit in ``rows`` rows, each deal's under its own header row:
    ``[(deal, [lines...]), ...]``, oldest deal first."""
    picked: list[LogLine] = []
    deals: set[int] = set()
    for line in reversed(lines):
        need = len(picked) + 1 + len(deals | {line.deal})
        if need > rows:
            break
        picked.append(line)
        deals.add(line.deal)
    sections: list[tuple[int, list[LogLine]]] = []
    for line in reversed(picked):
        if sections and sections[-1][0] == line.deal:
            sections[-1][1].append(line)
        else:
            sections.append((line.deal, [line]))
    return sections


class MatchTableScene(Scene):
    """A table that shows ``session``'s match as it is played (see the module docstring)."""

    BARRIER: frozenset = frozenset({"match won"})   # kinds that wait for every flight to land
    CACHE_LIMIT = 600                               # surfaces kept per cache before it is emptied
    NOT_LEGAL_KEY = "reasons.not_legal"             # the refusal when the engine gives no reason
    #: notices at the table: along the top edge, over the far seat's plate for a moment, never
    #: over the player's own hand, the trick or the buttons
    TOAST_AT = ("midtop", (theme.WIDTH // 2, 6))
    HINT_SECONDS = 3.0                              # how long a refusal stays on the turn line
    PLATE_FILL = (14, 26, 22, 235)                  # a name plate, and the plate of the seat to act
    PLATE_FILL_ACTIVE = (38, 44, 30, 245)

    def _init_match(self, session, rng_salt: int, log_lines: int) -> None:
        """The shared state (called by the table's ``__init__`` after ``super().__init__``)."""
        self.session = session
        self.match = session.match
        self._instant = False
        self._mute = False
        self.timeline = anim.Timeline(self._speed)
        self.pending: deque = deque()             # (deal index, Event) not yet shown
        self.wait = 0.0                           # seconds before the next event may start
        self.clock = 0.0
        self.rng = random.Random(self.match.seed ^ rng_salt)
        humans = session.humans
        self.holder: int | None = humans[0] if len(humans) == 1 else None
        self.viewer: int | None = 0 if not humans and not session.phones else self.holder
        self.phones = None                        # PhoneSeats when some seats play from phones
        self.handoffs = 0
        self._recap_marks: dict[int, tuple[int, int]] = {}   # seat -> (deal, events seen) at its last action
        self.handoff_open = False
        self.summary_open = False
        self.result_shown = False
        self.autosave_off = False         # the autosave failed and the player plays on unsaved
        self.leaving = False
        self._concede_seat: int | None = None
        self.hand_drawn_for: int | None = None
        self.flights: list = []
        self.bubbles: dict = {}
        self.log: deque = deque(maxlen=log_lines)    # LogLine, rendered when drawn
        self.log_version = 0                          # bumped on every line added
        self._event_deal = session.match.deal_index   # the deal of the event being shown
        self.hint: tuple[str, float] | None = None
        self.turn_seat: int | None = None
        self.bot_timer: float | None = None
        self.widgets = WidgetGroup()
        self._turn_token = None
        self._legal: list[str] = []
        self.kb_index: int | None = None
        self.press: tuple | None = None
        self.mouse = (0, 0)
        self.need_sync = True
        self._caches: dict = {}
        self.frame_ms: deque = deque(maxlen=600)
        self._panel_key = None
        self._panel = None
        self.bot_turn = None                      # a bot's decision under way (session.think)
        from game.scenes.tables.advice_panel import AdvicePanel
        self.advice = AdvicePanel(self)
        pads = getattr(self.app, "pads", None)
        if pads is not None:
            pads.clear_bindings()                 # a new table: controllers are claimed anew

    def _attach(self) -> None:
        """Show the current deal, listen to the match and queue what it has already played
        (a resumed match is rebuilt at once)."""
        self._reset_display(self.match.deal_index, self.match.dealer, sound=False)
        self.shown_deal = -1
        self.match.listeners.append(self._on_event)
        self._prewarm()
        record = self.match.records[self.match.deal_index] if self.match.records else None
        if record is not None:
            for ev in record.events:
                self.pending.append((self.match.deal_index, ev))
            if record.actions:                    # a resumed match: rebuild the deal at once
                self.skip_animations()
        if self.session.phones:
            self._open_phone_seats()

    PHONES = False        # whether this table can seat phones (else their seats go to bots)

    def _open_phone_seats(self) -> None:
        if not self.PHONES:
            for seat in self.session.phones:
                self.session.hand_seat_to(seat, "bot")
            return
        from game.scenes.tables.phone_seats import PhoneSeats
        self.phones = PhoneSeats(self)

    def _seat_kind_changed(self, seat: int) -> None:
        """The host gave a phone's seat to a bot or to a player here: the table and the
        autosave follow."""
        humans = self.session.humans
        if len(humans) == 1:
            self.holder = humans[0]
        self.bot_turn = None
        self.bot_timer = None
        self._turn_token = None
        self.need_sync = True
        self._autosave()

    # ----- services --------------------------------------------------------------
    def _speed(self) -> float:
        return 0.0 if self._instant else self.app.speed()

    def sec(self, seconds: float) -> float:
        return seconds * self._speed()

    def sound(self, name: str) -> None:
        if not self._mute and not self._instant:
            self.app.sound.play(name)

    # ----- events in ----------------------------------------------------------------
    def _on_event(self, event) -> None:
        self.pending.append((self.match.deal_index, event))

    def _log_add(self, seat: int | None, words: Callable[[], str], card: str | None = None) -> None:
        """Add a line to the log, in the section of the deal being shown; ``words`` renders it
        in the language of the moment."""
        self.log.append(LogLine(self._event_deal, -1 if seat is None else seat, words, card))
        self.log_version += 1

    def _fit(self, s: str, size: int, maxw: int, bold: bool = False) -> str:
        return self.app.text.elide(s, size, maxw, bold)

    def _launch(self, flight, duration, delay=0.0, ease=anim.ease_out_cubic, on_start=None, on_land=None):
        """Start a card flight: it is drawn while its tween runs and dropped when it lands."""
        def done():
            if flight in self.flights:
                self.flights.remove(flight)
            if on_land is not None:
                on_land()

        flight.tween = anim.Tween(duration, delay=delay, ease=ease, on_start=on_start, on_done=done)
        self.flights.append(flight)
        self.timeline.add(flight.tween)
        return flight

    def is_idle(self) -> bool:
        """Nothing left to animate: the display shows the engine's state."""
        return (not self.pending and not self.timeline.busy() and self.wait <= 0
                and not self.summary_open and not self.leaving)

    IDLE_RATE = 8      # frames/s while the table waits for a human: the turn glow still breathes

    def frame_rate(self) -> float:
        """Full rate while anything moves or a bot is due; a low rate while a human thinks."""
        if not self.is_idle() or self.bubbles or self.hint is not None or self.need_sync:
            return 60
        match = self.match
        if match.finished or match.to_act is None or self.session.is_bot(match.to_act):
            return 60
        return self.IDLE_RATE

    def skip_animations(self) -> None:
        """Play every queued event at once, silently (a resumed match, a screenshot)."""
        self._instant, self._mute = True, True
        try:
            self.timeline.finish_all()
            self.wait = 0.0
            while self.pending and not self.summary_open and not self.leaving:
                di, ev = self.pending.popleft()
                self._event_deal = di
                self._process(di, ev)
                self.timeline.finish_all()
                self.wait = 0.0
        finally:
            self._instant, self._mute = False, False
        self.need_sync = True

    def _is_barrier(self, kind: str) -> bool:
        """Whether an event of ``kind`` waits for every flight to land."""
        return kind in self.BARRIER

    def _pump(self) -> None:
        while self.pending and not self.summary_open and not self.leaving:
            if self.wait > 0:
                return
            di, ev = self.pending[0]
            new_deal = di != self.shown_deal and ev.kind == "dealt"
            if (self._is_barrier(ev.kind) or new_deal) and self.timeline.busy():
                return
            self.pending.popleft()
            self._event_deal = di
            self._process(di, ev)

    def _hold(self, seconds: float) -> None:
        self.wait = max(self.wait, self.sec(seconds))

    def _push_summary(self, di: int) -> None:
        """The deal is over: show its summary (the queue waits until it is closed)."""
        self.summary_open = True
        from game.scenes.summary import DealSummaryScene
        review = self._open_review if self.advice.reviewing else None
        self.app.stack.push(DealSummaryScene(self.app, self.session, di, adapter=self._fresh_adapter(),
                                             on_review=(lambda: review(di)) if review else None))

    def _open_review(self, deal_index: int) -> None:
        """Expert's review of the deal just played, over the summary."""
        from game.scenes.review import ReviewScene
        advisor = self.advice.advisor

        def moments():
            jobs = [m.job for m in advisor.moments if m.deal_index == deal_index]
            if any(not j.done for j in jobs):
                return None                    # Expert is still thinking about the last choices
            return self.advice.review(deal_index)

        self.app.stack.push(ReviewScene(self.app, deal_index, moments, self.action_words))

    def _fresh_adapter(self):
        """A new adapter of this table's game for a summary or result screen (its own
        state, not the table's display model)."""
        return type(self.adapter)(self.app, self.session)

    def _match_over(self) -> None:
        self._delete_autosave()
        if self.result_shown:
            return
        self.result_shown = True
        self.leaving = True
        result = self.adapter.human_side_result(self.match.winner)
        if result is not None:
            self.sound(result)
        from game.scenes.summary import MatchResultScene
        scene = MatchResultScene(self.app, self.session, adapter=self._fresh_adapter())
        if self.app.stack.top is self:
            self.app.stack.replace(scene)
        else:
            self.app.stack.push(scene)

    # ----- the scene ------------------------------------------------------------------
    def enter(self) -> None:
        if self.summary_open and self.app.stack.top is self:
            self.summary_open = False          # the summary was closed: go on
        looks = (self.app.settings.language, self.app.settings.four_colour)
        if looks != getattr(self, "_looks", looks):  # settings changed from the pause menu
            self._caches.clear()
            self._panel_key = None
            self._turn_token = None
            self._prewarm()
        self._looks = looks

    def exit(self) -> None:
        if self.phones is not None:
            self.phones.close()
        if self._on_event in self.match.listeners:
            self.match.listeners.remove(self._on_event)

    def _tick(self, dt: float) -> None:
        """Age whatever else the table times (after the bubbles, before the hint)."""

    def update(self, dt: float) -> None:
        if self._concede_seat is not None:
            self._finish_concede()
            return
        self.clock += dt
        self.timeline.update(dt)
        self.wait = max(0.0, self.wait - dt)
        for key in list(self.bubbles):
            bubble = self.bubbles[key]
            bubble.left -= dt
            if bubble.left <= 0:
                del self.bubbles[key]
        self._tick(dt)
        if self.phones is not None:
            self.phones.update()
        if self.hint is not None:
            self.hint = (self.hint[0], self.hint[1] - dt) if self.hint[1] > dt else None
        self._pump()
        if self.is_idle():
            if self.need_sync:
                self._sync()
            self._idle(dt)

    def _bot_action_ok(self, seat: int, action: str) -> bool:
        return self.match.is_legal(action)

    def _bot_may_act(self) -> bool:
        """Whether a bot whose decision is ready may make it now (a table may keep something
        in view a moment longer)."""
        return True

    def _idle(self, dt: float) -> None:
        match = self.match
        if match.finished:
            if not self.result_shown:
                self._match_over()
            return
        seat = match.to_act
        if seat is None:
            return
        self.turn_seat = seat
        if self.phones is not None and self.phones.is_phone(seat):
            self._clear_turn()
            self.phones.turn(seat)                # the phone's action, as a click would give it
            return
        if self.session.is_bot(seat):
            self._clear_turn()
            if self.bot_timer is None:
                lo, hi = self._bot_think_time(seat)
                self.bot_timer = self.sec(self.rng.uniform(lo, hi))
            turn = self.bot_turn
            if turn is None or turn.view["seat"] != seat or len(turn.view["actions"]) != len(match.deal_log) \
                    or turn.view["deal_index"] != match.deal_index:
                turn = self.bot_turn = self.session.think(seat)     # a search bot thinks on a thread
            self.bot_timer -= dt
            if self.bot_timer <= 0 and turn.done and self._bot_may_act():
                self.bot_timer = None
                self.bot_turn = None
                action = turn.action
                if turn.error is not None:
                    log.error("bot at seat %s failed: %r", seat, turn.error)
                if action is None or not self._bot_action_ok(seat, action):
                    # never let a bot's slip stop the table
                    log.error("bot at seat %s chose %r, not legal; playing %r", seat, action,
                              match.legal_actions()[0])
                    action = match.legal_actions()[0]
                self._apply(action)
            return
        if len(self.session.humans) >= 2 and seat != self.holder:
            self._handoff(seat)
            return
        if self.viewer != seat:
            self._set_viewer(seat)
        self._prepare_turn(seat)
        self.advice.on_turn(seat)

    # ----- hot-seat ----------------------------------------------------------------
    def _before_handoff(self) -> None:
        """Drop what the leaving viewer had in progress (the hand-off is starting)."""

    def _handoff(self, seat: int) -> None:
        if self.handoff_open:
            return
        self.handoff_open = True
        self.handoffs += 1
        self.viewer = None                     # every hand hidden from now on
        self._before_handoff()
        self._clear_turn()
        self._sync()
        from game.scenes.handoff import HandOffScene
        self.app.stack.push(HandOffScene(self.app, self.session.seats[seat].name,
                                         lambda: self._handoff_ready(seat), seat=seat,
                                         on_pause=self.open_pause,
                                         recap=self.recap(seat)))

    RECAP_ITEMS = 4                 # at most this many things in the hand-off's recap

    def _recap_phrase(self, ev) -> str | None:
        """One public event in a few words for the hand-off's recap (None: not worth saying);
        ``ev`` is already stripped of what only one seat may see."""
        return None

    def recap(self, seat: int) -> str:
        """What happened since ``seat`` last acted, in this deal (public information only):
        "Rina played the seven of hearts; Amit: Truco!". Empty if nothing did."""
        records = self.match.records
        if not records:
            return ""
        deal, start = self._recap_marks.get(seat, (len(records) - 1, 0))
        if deal != len(records) - 1:
            start = 0                            # a new deal since: from its beginning
        phrases = []
        for ev in records[-1].events[start:]:
            phrase = self._recap_phrase(ev.for_seat(None))
            if phrase:
                phrases.append(phrase)
        return "; ".join(phrases[-self.RECAP_ITEMS:])

    def _handoff_ready(self, seat: int) -> None:
        self.handoff_open = False
        self.holder = seat
        self._set_viewer(seat)

    def _viewer_changed(self) -> None:
        """The viewer has just changed (before the display is synced to his view)."""

    def _set_viewer(self, seat: int | None) -> None:
        self.viewer = seat
        self._viewer_changed()
        self._sync()
        self._turn_token = None

    # ----- acting -----------------------------------------------------------------------
    def my_turn(self) -> bool:
        seat = self.match.to_act
        return (seat is not None and seat == self.viewer and not self.session.is_bot(seat)
                and self.is_idle() and not self.handoff_open)

    def _action_allowed(self, seat: int, action: str) -> bool:
        return self.match.is_legal(action)

    def _refuse(self, text: str) -> None:
        self.hint = (text, self.HINT_SECONDS)

    def act(self, action: str) -> bool:
        """Apply ``action`` for the seat to act if it is a human's legal move now (every
        button, click, drag and key comes here). False, with the reason shown, if refused."""
        seat = self.match.to_act
        if seat is None or not self.is_idle() or self.session.is_bot(seat) or seat != self.viewer:
            return False
        reason = self._refusal(seat, action)
        if reason is not None:
            self._refuse(reason)
            return False
        self._apply(action)
        return True

    def _refusal(self, seat: int, action: str, adapter=None) -> str | None:
        """None if ``seat`` may do ``action`` now, else why not (in ``adapter``'s words):
        the one check of every human's action, at the device or on a phone."""
        if self._action_allowed(seat, action):
            return None
        exc = self.match.why_illegal(action)
        return (adapter or self.adapter).reason_text(exc) if exc is not None else self.app.t(self.NOT_LEGAL_KEY)

    def _before_apply(self, action: str) -> None:
        """``action`` is about to be sent to the engine."""

    def _after_apply(self, seat: int) -> None:
        """``seat``'s action has been applied (the turn's controls are already cleared)."""

    def _apply(self, action: str) -> None:
        seat = self.match.to_act
        self.advice.record(seat, action)
        self._before_apply(action)
        self.match.apply(action)
        if not self.session.is_bot(seat) and not self.session.is_phone(seat):
            self.holder = seat
            self._recap_marks[seat] = (len(self.match.records) - 1, len(self.match.records[-1].events))
        self._clear_turn()
        self.turn_seat = None
        self._after_apply(seat)
        self._autosave()

    def _autosave(self) -> None:
        if self.match.finished:
            self._delete_autosave()
            return
        if self.autosave_off:                          # the player chose to play on unsaved
            return
        try:
            self.session.save(self.app.pref_dir / AUTOSAVE)
        except OSError as exc:                         # e.g. a read-only home: say it once, ask
            log.warning("autosave failed: %s", exc)
            self.autosave_off = True
            from game.scenes.save_problem import SaveProblemScene
            self.app.stack.push(SaveProblemScene(self.app, self, exc.strerror or str(exc)))

    def retry_autosave(self) -> None:
        """Try the autosave again (the player's choice after it failed)."""
        self.autosave_off = False
        self._autosave()

    def _delete_autosave(self) -> None:
        try:
            (self.app.pref_dir / AUTOSAVE).unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("cannot delete the autosave: %s", exc)

    def save_match(self) -> Path | None:
        """Write the autosave and the match's own save in ``saves/`` (the file it was loaded
        from or last saved to, else the save of this same match found there, else a new
        file): saving again updates it instead of adding a file each time. Its path."""
        if self.match.finished:
            return None
        from game.session import own_save
        folder = self.app.pref_dir / "saves"
        path = self.session.save_path
        if path is None or path.parent != folder or not path.is_file():
            path = own_save(folder, self.match)
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = folder / f"{self.match.game_id}-{stamp}.toml"
            n = 1
            while path.exists():
                n += 1
                path = folder / f"{self.match.game_id}-{stamp}-{n}.toml"
        try:
            self.session.save(self.app.pref_dir / AUTOSAVE)
            self.session.save(path)
        except OSError as exc:
            self.app.toast(self.app.t("errors.save_failed", reason=exc.strerror or str(exc)), kind="error")
            return None
        self.session.save_path = path
        self.app.toast(self.app.t("table_ui.saved", file=path.name), kind="success")
        return path

    def concede(self) -> None:
        """The human at the device gives up: the match ends as a loss for his side."""
        humans = self.session.humans
        seat = self.holder if self.holder is not None else (humans[0] if humans else 0)
        self._concede_seat = seat
        self._delete_autosave()
        if self.app.stack.top is self or self.handoff_open:   # (from the pause over the hand-off)
            self._finish_concede()

    def _finish_concede(self) -> None:
        if self.result_shown:
            return
        seat = self._concede_seat
        self.result_shown = True
        self.leaving = True
        stack = self.app.stack
        while stack.top is not None and stack.top is not self and self in stack.scenes:
            stack.pop()
        from game.scenes.summary import MatchResultScene
        winner = self.adapter.concede_winner(seat)
        self.sound("lose")
        scene = MatchResultScene(self.app, self.session, conceded_by=seat, winner=winner,
                                 adapter=self._fresh_adapter())
        if stack.top is self:
            stack.replace(scene)
        else:
            stack.push(scene)

    def open_pause(self) -> None:
        from game.scenes.pause import PauseScene
        self.app.stack.push(PauseScene(self.app, self))

    # ----- input ------------------------------------------------------------------------
    def accepts(self, event) -> bool:
        """A controller bound to a seat acts only on that seat's turn; it may still open the
        pause menu (everyone's), and let go of a button at any time."""
        pads = getattr(self.app, "pads", None)
        seat = pads.seat_of(event) if pads is not None else None
        if seat is None or event.type != pygame.KEYDOWN or action_of(event) in (PAUSE, BACK):
            return True
        return seat == self.match.to_act and seat == self.viewer and not self.session.is_bot(seat)

    def _keys_or_widgets(self, event) -> None:
        """A key goes to the table's own keys (``_key``), anything else to its widgets."""
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        self.widgets.handle(event)

    def _pause_key(self, event) -> bool:
        """Esc or P opens the pause menu, H or the Hint button asks Expert (True when
        ``event`` was one of those)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_p):
            self.open_pause()
            return True
        return self.advice.handle(event)

    # ----- what the hint needs from a table -------------------------------------------
    def hint_button_pos(self) -> tuple[int, int]:
        """Top-left of the Hint button."""
        return (theme.WIDTH - 146, theme.HEIGHT - 54)

    def hint_box_anchor(self) -> tuple[int, int]:
        """Mid-bottom of the box that shows Expert's advice."""
        return (theme.WIDTH // 2, theme.HEIGHT - 250)

    def card_deck_name(self) -> str:
        return self.adapter.deck if isinstance(self.adapter.deck, str) else "french"

    def suit_words(self, suit: str) -> str:
        return self.adapter.suit_name(suit) if hasattr(self.adapter, "suit_name") else suit

    def action_words(self, action: str, view: dict | None = None) -> str:
        """An action as the player would say it (the hint's "Expert's choice: ...");
        ``view`` is the decision's view when it is not the turn on screen (the review)."""
        if action.startswith("play ") and not action.startswith("play #"):
            return self.app.t("hint.play_card", card=i18n.card_name(action[5:], self.card_deck_name()))
        return action

    def action_rect(self, action: str):
        """Where the card or button of ``action`` is on screen (None if nowhere)."""
        return None

    # ----- drawing helpers --------------------------------------------------------------
    def _finish_concede_if_covered(self) -> None:
        """A concession made under another scene (the pause menu) ends the match once drawn."""
        if self._concede_seat is not None and self.app.stack.top is not self and not self.result_shown:
            self._finish_concede()

    def _cache(self, name: str) -> dict:
        name = (name, gfx.generation())          # surfaces drawn at the window's scale
        c = self._caches.get(name)
        if c is None:
            c = self._caches[name] = {}
        elif len(c) > self.CACHE_LIMIT:
            c.clear()
        return c

    def _blit_center(self, surface, surf, pos) -> pygame.Rect:
        rect = surf.get_rect(center=(int(pos[0]), int(pos[1])))
        surface.blit(surf, rect)
        return rect

    def _plate_surface(self, seat: int, active: bool) -> pygame.Surface:
        """A seat's name plate: name, cards in hand (bots marked), the dealer's chip."""
        seat_cfg = self.session.seats[seat]
        dealer = seat == self.dealer
        colour = self.adapter.seat_colour(seat)
        count = len(self.hands[seat])
        pad = self._seat_pad(seat)
        key = (seat, seat_cfg.name, active, dealer, count, self.app.settings.language, colour, pad)
        cache = self._cache("plate")
        surf = cache.get(key)
        if surf is not None:
            return surf
        w, h = PLATE_SIZE
        surf = gfx.Surface((w + 24, h + 24), pygame.SRCALPHA)
        rect = pygame.Rect(12, 12, w, h)
        gfx.draw.rect(surf, (0, 0, 0, 70), rect.move(2, 3), border_radius=12)
        gfx.draw.rect(surf, self.PLATE_FILL if not active else self.PLATE_FILL_ACTIVE, rect, border_radius=12)
        gfx.draw.rect(surf, colour, pygame.Rect(rect.x, rect.y, 9, h), border_top_left_radius=12,
                         border_bottom_left_radius=12)
        if active:
            gfx.draw.rect(surf, theme.ACCENT, rect, 3, border_radius=12)
        else:
            gfx.draw.rect(surf, (*colour, 150), rect, 1, border_radius=12)
        text = self.app.text
        room = w - 30                    # the whole plate, less the chip that sits on its corner
        if dealer:
            room -= text.width(self.app.t("table_ui.dealer"), 15, True) + 14
        name_img = text.render(self._fit(seat_cfg.name, 18, room, True), 18, theme.TEXT, True)
        surf.blit(name_img, (rect.x + 18, rect.y + 2))
        sub = self.app.t("deal.cards", n=count)
        if not seat_cfg.human:
            sub = self.app.t("seats.bot") + " · " + sub
        elif seat_cfg.phone:
            sub = self.app.t("seats.phone") + " · " + sub
        sub_img = text.render(self._fit(sub, 16, 176), 16, theme.TEXT_DIM)
        surf.blit(sub_img, (rect.x + 18, rect.bottom - sub_img.get_height() - 2))
        if dealer:
            label = self.app.t("table_ui.dealer")
            img = text.render(label, 15, theme.TEXT_DARK, True)
            chip = pygame.Rect(0, 0, img.get_width() + 16, img.get_height() + 2)
            chip.midright = (rect.right - 6, rect.y + 2)     # on the plate's corner, clear of the window edge
            gfx.draw.rect(surf, (250, 236, 200), chip, border_radius=chip.h // 2)
            gfx.draw.rect(surf, theme.ACCENT, chip, 2, border_radius=chip.h // 2)
            surf.blit(img, img.get_rect(center=chip.center))
        if pad is not None:                       # the controller that plays for this seat
            draw_pad_badge(surf, (rect.right - 10, rect.bottom - 6), text.render(self.app.num(pad), 15,
                                                                                  theme.TEXT_DARK, True))
        cache[key] = surf
        return surf

    def _seat_pad(self, seat: int) -> int | None:
        """The number of the controller bound to ``seat`` (None: none is)."""
        pads = getattr(self.app, "pads", None)
        return pads.number_of(pads.pad_for_seat(seat)) if pads is not None else None

    def _turn_pill(self, text: str, colour, max_w: int, fill) -> pygame.Surface:
        """The turn line's pill: ``text`` fitted to ``max_w`` on a rounded ``fill`` (cached)."""
        key = (text, colour)
        cache = self._cache("turn")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(self._fit(text, theme.FONT_SMALL, max_w, True), theme.FONT_SMALL, colour, True)
            surf = gfx.Surface((img.get_width() + 28, img.get_height() + 6), pygame.SRCALPHA)
            gfx.draw.rect(surf, fill, surf.get_rect(), border_radius=surf.get_height() // 2)
            surf.blit(img, (14, 3))
            cache[key] = surf
        return surf

    def _plate_glow(self) -> pygame.Surface:
        cache = self._cache("plateglow")
        surf = cache.get(0)
        if surf is None:
            w, h = PLATE_SIZE
            surf = gfx.Surface((w + 40, h + 40), pygame.SRCALPHA)
            for i in range(16, 0, -1):
                a = int(120 * (1 - i / 17) ** 2)
                gfx.draw.rect(surf, (*theme.ACCENT, a), pygame.Rect(20 - i, 20 - i, w + 2 * i, h + 2 * i),
                                 border_radius=12 + i)
            cache[0] = surf
        return surf
