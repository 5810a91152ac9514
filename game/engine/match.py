"""The match protocol shared by every game.

A :class:`Match` is the only authority over a match: it says whose turn it
is (:attr:`to_act`) and what that seat may do (:meth:`legal_actions`, as the
contract's action strings), applies an action or refuses it without changing
anything (:meth:`apply`), emits an :class:`Event` for every visible happening,
and gives each seat its own :meth:`view` holding exactly what that seat may
know. Bots and the table read views and send actions; they never reach into a
match.

A game subclasses :class:`Match` and fills in the deal-level hooks
(``_start_deal``, ``_legal``, ``_apply``, ``_why_illegal``, ``_view``,
``deal_points``, ``_copy_deal_state``). The base class keeps the match-level
bookkeeping: dealers, deal records (what was dealt and played, for saves and
replays), events, the end of the match.

A game may also declare who plays and its options (``game_name``,
``player_counts``, ``default_players``, ``option_rows``) and what a clone
copies (``clone_lists``, ``clone_nested``, ``clone_dicts``): the base class
then checks the player count, resolves the options and copies the deal state,
and the game only reads its options in ``_take_options``.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .cards import Deck, deal_rng
from .errors import IllegalAction, MatchFileError
from .options import resolve_options


@dataclass(frozen=True)
class Event:
    """Something that happened at the table.

    ``seat`` is who did it (None for the table itself). Fields named in
    ``hidden`` are seen only by seat ``private_to`` (e.g. the cards of a
    "dealt" event); every other seat sees the event without them.
    """

    kind: str
    seat: int | None = None
    data: dict = field(default_factory=dict)
    private_to: int | None = None
    hidden: tuple = ()

    def for_seat(self, viewer: int | None) -> "Event":
        if not self.hidden or viewer == self.private_to:
            return self
        data = {k: v for k, v in self.data.items() if k not in self.hidden}
        return Event(self.kind, self.seat, data)

    def text(self) -> str:
        """Compact one-line form used in replay JSON: ``kind seat=1 card=JH``."""
        parts = [self.kind]
        if self.seat is not None:
            parts.append(f"seat={self.seat}")
        for key, value in self.data.items():
            if isinstance(value, (list, tuple)):
                value = ",".join(str(v) for v in value)
            parts.append(f"{key}={value}")
        return " ".join(parts)


@dataclass
class DealRecord:
    """One deal as dealt and played: enough to save, replay and report it."""

    index: int
    dealer: int
    setup: dict                     # the dealt piles, as card strings
    actions: list = field(default_factory=list)
    events: list = field(default_factory=list)
    points: list | None = None
    ended: bool = False
    info: dict = field(default_factory=dict)


class Match:
    """Base of every game's match. See the module docstring."""

    game_id = ""
    deck: Deck
    # Who plays and with which options. A game that declares player_counts has
    # the count checked here; one that declares option_rows has its options
    # resolved here (defaults, every value checked); the others do it themselves.
    game_name = ""
    player_counts: tuple[int, ...] = ()
    default_players = 4
    option_rows: tuple | None = None
    # The deal state a clone must not share, for the default _copy_deal_state:
    # lists copied, lists of lists copied a level deeper, dicts copied. What is
    # not named is shared, so it must never change in place.
    clone_lists: tuple[str, ...] = ()
    clone_nested: tuple[str, ...] = ()
    clone_dicts: tuple[str, ...] = ()

    def __init__(self, players: int | None = None, dealer: int = 0, seed: int = 0,
                 options: dict | None = None, setups: list | None = None,
                 record: bool = True) -> None:
        players = self.default_players if players is None else players
        if self.player_counts and players not in self.player_counts:
            *most, last = (str(n) for n in self.player_counts)
            counts = f"{', '.join(most)} or {last}" if most else last
            raise MatchFileError(f"{self.game_name} is played by {counts} players, not {players}")
        if self.option_rows is not None:
            options = resolve_options(self.option_rows, options)
        self.players = players
        self.first_dealer = dealer
        self.dealer = dealer
        self.seed = seed
        self.options = dict(options or {})
        self.setups = list(setups or [])   # scripted setups by deal index (None: shuffle)
        self.record = record
        self.records: list[DealRecord] = []
        self.listeners: list = []          # callables receiving each Event as it happens
        self.deal_index = -1
        self.deal_log: list[tuple[int, str]] = []   # (seat, action) of the deal in progress
        self.score = [0] * self.score_size()
        self.finished = False
        self.winner: int | None = None
        self._legal_cache: list | None = None
        self._take_options()
        self._begin_next_deal()

    # ----- what a game provides -------------------------------------------
    def _take_options(self) -> None:
        """Read ``self.options`` (and the player count, dealer, setups) into what
        the deals need, before the first deal; a bad combination raises
        :class:`MatchFileError`."""

    def score_size(self) -> int:
        return self.players

    def shuffled_setup(self, rng) -> dict:
        """A fresh deal from a shuffled pack, in the game's internal form."""
        raise NotImplementedError

    def setup_to_strings(self, setup: dict) -> dict:
        """The internal setup as the match file writes it (card strings)."""
        raise NotImplementedError

    def _start_deal(self, setup: dict) -> None:
        raise NotImplementedError

    @property
    def to_act(self) -> int | None:
        raise NotImplementedError

    def _legal(self) -> list[str]:
        raise NotImplementedError

    def _apply(self, action: str) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: str) -> tuple[str, str, dict]:
        """(English reason, reason key, params) for a refused action."""
        return ("not one of the legal actions now", "not_legal", {})

    def _view(self, seat: int) -> dict:
        raise NotImplementedError

    def deal_points(self) -> list[int]:
        """Points of the deal in progress (or just ended), as the replay reports
        them; None where the game counts nothing during play (Buraco)."""
        raise NotImplementedError

    def deal_info(self, final: bool = False) -> dict:
        """Public facts of the deal in progress for the replay report (bidder,
        trump once known...); ``final`` at the deal's end, when all is shown."""
        return {}

    def match_info(self) -> dict:
        """Extra match-level fields for the replay report."""
        return {}

    def _copy_deal_state(self, other: "Match") -> None:
        """Deep-copy the deal-level state from ``self`` into the clone ``other``:
        by default, what ``clone_lists``, ``clone_nested`` and ``clone_dicts`` name."""
        if not (self.clone_lists or self.clone_nested or self.clone_dicts):
            raise NotImplementedError
        mine, theirs = self.__dict__, other.__dict__      # search clones often: no getattr
        for name in self.clone_lists:
            theirs[name] = list(mine[name])
        for name in self.clone_nested:
            theirs[name] = [list(x) for x in mine[name]]
        for name in self.clone_dicts:
            theirs[name] = dict(mine[name])

    # ----- the protocol ----------------------------------------------------
    def legal_actions(self) -> list[str]:
        """What the seat to act may do now (empty once the match is over)."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.finished else self._legal()
        return self._legal_cache

    def is_legal(self, action: str) -> bool:
        return action in self.legal_actions()

    def check(self, action: str) -> None:
        """Raise :class:`IllegalAction` if ``action`` is not legal now."""
        legal = self.legal_actions()
        if action not in legal:
            if self.finished:
                raise IllegalAction(action, "the match is over", [], "match_over")
            reason, key, params = self._why_illegal(action)
            raise IllegalAction(action, reason, legal, key, params)

    def why_illegal(self, action: str) -> IllegalAction | None:
        """None if ``action`` is legal now, else the refusal (with its reason)."""
        try:
            self.check(action)
        except IllegalAction as exc:
            return exc
        return None

    def apply(self, action: str) -> None:
        """Apply a legal action for the seat to act; refuse anything else unchanged."""
        self.check(action)
        self._legal_cache = None
        if self.record:
            self.records[-1].actions.append(action)
        self.deal_log.append((self.to_act, action))
        self._apply(action)

    def apply_fast(self, action: str) -> None:
        """Search's hot path: apply an action taken from :meth:`legal_actions`
        without checking it again (and without a record)."""
        self._legal_cache = None
        self.deal_log.append((self.to_act, action))
        self._apply(action)

    def view(self, seat: int) -> dict:
        """Everything ``seat`` may know, and nothing more."""
        to_act = self.to_act
        view = {
            "game": self.game_id,
            "players": self.players,
            "seat": seat,
            "dealer": self.dealer,
            "deal_index": self.deal_index,
            "options": dict(self.options),
            "score": list(self.score),
            "finished": self.finished,
            "winner": self.winner,
            "to_act": to_act,
            "legal": list(self.legal_actions()) if to_act == seat else [],
            "actions": [[s, self._action_as_seen(s, a, seat)] for s, a in self.deal_log],
        }
        view.update(self._view(seat))
        return view

    def _action_as_seen(self, actor: int, action: str, viewer: int) -> str:
        """An action of the deal's log as ``viewer`` saw it: the action itself,
        or a masked form where part of it is private (29's hidden trump)."""
        return action

    def events_for(self, seat: int | None, deal: int | None = None) -> list[Event]:
        """The events of a deal (default: the current one) as ``seat`` saw them."""
        record = self.records[self.deal_index if deal is None else deal]
        return [e.for_seat(seat) for e in record.events]

    def clone(self, record: bool = False) -> "Match":
        """An independent copy for search: same state, no listeners, no records."""
        other = copy.copy(self)
        other.score = list(self.score)
        other.listeners = []
        other.record = record
        other.records = copy.deepcopy(self.records) if record else []
        other.deal_log = list(self.deal_log)
        other._legal_cache = None
        self._copy_deal_state(other)
        return other

    # ----- what search needs ------------------------------------------------
    lean = False
    """A search's world (:meth:`from_world`): when its deal ends, the score
    moves but no next deal is dealt, since a playout stops at the deal's end
    (:meth:`deal_over_since`) and a search never looks past it."""

    @classmethod
    def from_world(cls, view: dict, setup: dict, actions: list[str], observe=None) -> "Match":
        """A match in the state ``view`` describes, in one sampled world.

        ``setup`` is the current deal as dealt, in the game's internal form,
        with every card the viewer cannot see filled in by a sampler; ``actions``
        are the deal's actions so far (``view["actions"]`` with anything masked
        filled in). The match-level state (score, dealer, deal number and what
        a game keeps across deals) comes from the view; the deal is replayed,
        so a world that contradicts a played action raises
        :class:`IllegalAction`. Search checks the rest with :meth:`agrees_with`.
        ``observe(match, action)``, if given, is called before each replayed
        action with the match as it stood then (search's inference reads how
        likely each action was in this world). The result records nothing
        and is :attr:`lean`.
        """
        match = cls(view["players"], view["dealer"], 0, view["options"], [setup], record=False)
        match.restore_match_state(view)
        match.deal_log = []
        match._legal_cache = None
        match._start_deal(setup)
        for action in actions:
            if observe is not None:
                observe(match, action)
            match.apply(action)
        match.lean = True
        return match

    def restore_match_state(self, view: dict) -> None:
        """Take the match-level state (what lasts across deals) from a view.
        Games with more of it than the score extend this."""
        self.score = list(view["score"])
        self.deal_index = view["deal_index"]
        self.dealer = view["dealer"]
        self.finished = view["finished"]
        self.winner = view["winner"]

    def agrees_with(self, view: dict) -> bool:
        """Whether this match shows ``view``'s seat exactly ``view``: a sampled
        world passes only if it is indistinguishable from the real one to that
        seat."""
        return self.comparable(self.view(view["seat"])) == self.comparable(view)

    def comparable(self, view: dict) -> dict:
        """A view with what carries no knowledge normalised (the order a hand
        happens to be kept in), for :meth:`agrees_with`."""
        return view

    def deal_over_since(self, deal_index: int) -> bool:
        """Whether the deal ``deal_index`` has ended (a new one began or the
        match is over): where a search's playout stops."""
        return self.finished or self.deal_index != deal_index

    # ----- helpers for games ----------------------------------------------
    def emit(self, kind: str, seat: int | None = None, private_to: int | None = None,
             hidden: tuple = (), **data) -> None:
        if not self.record and not self.listeners:
            return
        event = Event(kind, seat, data, private_to, hidden)
        if self.record:
            self.records[-1].events.append(event)
        for listener in self.listeners:
            listener(event)

    def emit_dealt(self, first: int, hands: list, counted: bool = True, blind: bool = False) -> None:
        """A "dealt" event for each seat from ``first`` round the table: its cards
        (``count`` first if ``counted``), seen by that seat only, or by no one if ``blind``."""
        if not self.record and not self.listeners:
            return
        names = self.deck.names
        n = self.players
        for i in range(n):
            seat = (first + i) % n
            count = {"count": len(hands[seat])} if counted else {}
            self.emit("dealt", seat, private_to=-1 if blind else seat, hidden=("cards",), **count,
                      cards=[names[c] for c in hands[seat]])

    def _begin_next_deal(self, same_dealer: bool = False) -> None:
        """Deal the next deal (scripted if its setup is given, else shuffled).
        A :attr:`lean` match only counts it: the score has moved, nothing is dealt."""
        self.deal_index += 1
        self.deal_log = []
        if self.lean:
            self._legal_cache = None
            return
        index = self.deal_index
        setup = self.setups[index] if index < len(self.setups) else None
        if setup is None:
            setup = self.shuffled_setup(deal_rng(self.seed, index))
        if self.record:
            self.records.append(DealRecord(index, self.dealer, self.setup_to_strings(setup),
                                           points=[0] * self.score_size()))
        self._legal_cache = None
        self._start_deal(setup)

    def _end_deal(self, next_dealer: int | None, info: dict | None = None,
                  winner: int | None = None) -> None:
        """Close the deal in progress; finish the match if ``winner`` is set,
        else deal the next one with ``next_dealer``."""
        if self.record:
            rec = self.records[-1]
            points = self.deal_points()
            rec.points = None if points is None else list(points)
            rec.ended = True
            rec.info.update(self.deal_info(final=True))
            rec.info.update(info or {})
        if winner is not None:
            self.finished = True
            self.winner = winner
            self.emit("match won", None, winner=winner, score=list(self.score))
            self._legal_cache = None
            return
        self.dealer = next_dealer if next_dealer is not None else self.dealer
        self._begin_next_deal()
