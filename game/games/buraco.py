"""Buraco: two players or two pairs, five modes, melds, canastas and muertos.

Rules: ``shared/rules/buraco.md`` (sections are cited as §n). Meld logic
(placement, adding, canastas, the memoised meld lists) lives in
:mod:`game.games.buraco_melds`; this module runs the turns, the muertos, the
end of a hand and the scoring.

Inside the engine a hand is a list of 53 counts (one per card kind; the two
copies of a card are not told apart), kept together with per-suit rank masks
and per-rank counts so that listing the melds stays fast. The stock and the
discard pile are lists with their top at the end.
"""
from __future__ import annotations

import re
from itertools import compress

from game.engine.cards import CardError, deal_rng
from game.engine.errors import IllegalAction, MatchFileError
from game.engine.match import Match as BaseMatch
from game.engine.options import Option, resolve_options

from .buraco_melds import (BONUS, DECK, JK, KINDS, MODES, NAMES, RULES, SPECS, TWO, WILDISH,
                           Meld, MeldSpec, add_reason, add_result, analyze, apply_add, canonical,
                           hand_melds, reason, spec_of)

GAME_ID = "buraco"
PLAYERS = (2, 4)
DEFAULT_PLAYERS = 4
HAND = 11

OPTIONS = (
    Option("mode", str, "closed", choices=MODES),
    Option("target", int, 2000, min=1),
    # A player who takes a one-card discard pile may not discard that card (a card of that
    # kind: copies are not told apart) in the same turn, unless it is all he holds.
    Option("no_discard_taken", bool, True),
)

# Safety net: a hand in which the stock has not moved (nobody drew from it) for this many
# turns in a row ends as a stock exhaustion (§6.1): nobody closes. Only endless take-and-
# discard-back play reaches it.
STALL_TURNS = 40

VERBS = """\
draw                 take the top card of the stock
take-discard         take the whole discard pile
meld C1 C2 C3 ...    lay a new meld of these cards (3 or more, any order)
add I C              add card C to meld I of your side (0-based, in the order laid)
discard C            discard C; ends the turn"""

# Phases of a turn.
DRAW, PLAY, OBLIGE, OVER = range(4)
PHASE_NAMES = ("draw", "play", "must-play", "over")
# Where a side's muerto is.
TABLE, TAKEN, STOCK = range(3)
MUERTO_NAMES = ("table", "taken", "stock")

MAX_ADD_INDEX = 64
# A meld index in an action: ASCII digits only (str.isdigit() also takes '¹' or '৩').
ASCII_INDEX = re.compile(r"[0-9]{1,6}")
# Run positions within two places of a natural of each rank (not its own).
NEAR = tuple((0b1100 | (0b11 << 12)) if r == 0 else
             sum(1 << p for p in range(r - 1, r + 4) if 1 <= p <= 14 and p != r + 1)
             for r in range(13))
DISCARD = tuple("discard " + n for n in NAMES)
ADD = tuple(tuple(f"add {i} {n}" for n in NAMES) for i in range(MAX_ADD_INDEX))

# Parsed action strings (everything but melds): action -> (verb, args...)
V_DRAW, V_TAKE, V_MELD, V_ADD, V_DISCARD = range(5)
ACTIONS: dict[str, tuple] = {"draw": (V_DRAW,), "take-discard": (V_TAKE,)}
ACTIONS.update({DISCARD[c]: (V_DISCARD, c) for c in range(KINDS)})
ACTIONS.update({ADD[i][c]: (V_ADD, i, c) for i in range(MAX_ADD_INDEX) for c in range(KINDS)})


def full_pack(mode: str) -> list[int]:
    """Every physical card once: 108, or 104 without jokers in ``open``."""
    pack = DECK.pack()
    if mode == "open":
        pack = [c for c in pack if c != JK]
    return pack


def _parse_cards(value, where: str, what: str, mode: str, size: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise MatchFileError(f"{where}: {what} must be a list of cards")
    if size is not None and len(value) != size:
        raise MatchFileError(f"{where}: {what} must hold {size} cards, not {len(value)}")
    out = []
    for text in value:
        try:
            card = DECK.card(text)
        except CardError as exc:
            raise MatchFileError(f"{where}: {what}: {exc}") from None
        if card == JK and mode == "open":
            raise MatchFileError(f"{where}: {what}: mode 'open' is played without jokers (JK)")
        out.append(card)
    return out


def parse_setup(players: int, entry: dict, options: dict, where: str) -> dict:
    """A scripted deal (§12.1): ``hands`` (11 cards per seat), optional
    ``muertos`` (two of 11), ``stock`` (top first, may be partial) and
    ``discard`` (top first). Cards named nowhere are filled from the seed when
    the deal starts (:meth:`Match._complete`)."""
    mode = options.get("mode", "closed")
    for key in entry:
        if key not in ("hands", "muertos", "stock", "discard"):
            raise MatchFileError(f"{where}: unknown key {key!r} (Buraco deals give hands, muertos, "
                                 "stock, discard)")
    if "hands" not in entry:
        extra = ", ".join(k for k in ("muertos", "stock", "discard") if k in entry)
        raise MatchFileError(f"{where}: a deal without 'hands' is shuffled from the seed and must "
                             f"not give {extra}")
    hands = entry["hands"]
    if not isinstance(hands, list) or len(hands) != players:
        raise MatchFileError(f"{where}: 'hands' must list {players} hands, seat 0 first")
    setup: dict = {"hands": [], "muertos": None, "stock": [], "discard": [], "complete": False}
    for seat, hand in enumerate(hands):
        setup["hands"].append(_parse_cards(hand, where, f"hands[{seat}]", mode, HAND))
    if "muertos" in entry:
        muertos = entry["muertos"]
        if not isinstance(muertos, list) or len(muertos) != 2:
            raise MatchFileError(f"{where}: 'muertos' must list 2 muertos (side 0's first)")
        setup["muertos"] = [_parse_cards(m, where, f"muertos[{i}]", mode, HAND)
                            for i, m in enumerate(muertos)]
    if "stock" in entry:
        setup["stock"] = _parse_cards(entry["stock"], where, "stock", mode)
    if "discard" in entry:
        setup["discard"] = _parse_cards(entry["discard"], where, "discard", mode)
    counts = [0] * KINDS
    named = [c for h in setup["hands"] for c in h] + setup["stock"] + setup["discard"]
    if setup["muertos"]:
        named += setup["muertos"][0] + setup["muertos"][1]
    for c in named:
        counts[c] += 1
    for c in range(KINDS):
        allowed = 4 if c == JK else 2
        if counts[c] > allowed:
            raise MatchFileError(f"{where}: {NAMES[c]} is dealt {counts[c]} times "
                                 f"(the deck holds {allowed})")
    total = len(full_pack(mode))
    if setup["muertos"] is None and total - len(named) < 2 * HAND:
        raise MatchFileError(f"{where}: only {total - len(named)} cards are left for the two "
                             f"muertos of {HAND} (give 'muertos' or a shorter 'stock')")
    if setup["muertos"] and len(named) == total:
        setup["complete"] = True
    return setup


def side_canasta_ok(melds: list, need_clean: bool) -> bool:
    """Has the side a canasta of the kind its mode needs to close (§8.2)?"""
    for m in melds:
        if m.size >= 7 and (m.wcard < 0 or not need_clean):
            return True
    return False


def meld_info(m: Meld) -> dict:
    """A meld as a view shows it: its cards in canonical order and where its
    wild stands (public: everyone sees the table)."""
    return {"cards": [NAMES[c] for c in m.cards()], "run": m.run,
            "suit": DECK.suits[m.suit] if m.run else None,
            "rank": DECK.ranks[m.rank] if not m.run else None,
            "lo": m.lo if m.run else None, "hi": m.hi if m.run else None,
            "wild_pos": m.w if m.run and m.w else None,
            "wild": NAMES[m.wcard] if m.wcard >= 0 else None,
            "wild_for": m.wild_stands_for(), "canasta": m.canasta(), "size": m.size}


def meld_from_info(info: dict, rules) -> Meld:
    """The :class:`Meld` a view's ``meld_info`` entry describes (for bots)."""
    wcard = DECK.index[info["wild"]] if info["wild"] else -1
    if info["run"]:
        m = Meld(True, suit=DECK.suits.index(info["suit"]), lo=info["lo"], hi=info["hi"],
                 w=info["wild_pos"] or 0, wcard=wcard)
    else:
        rank = DECK.ranks.index(info["rank"])
        nat = [0, 0, 0, 0]
        for name in info["cards"]:
            c = DECK.index[name]
            if c % 13 == rank and c != JK:
                nat[c // 13] += 1
        m = Meld(False, rank=rank, nat=nat, wcard=wcard)
    m.refresh(rules)
    return m


class Match(BaseMatch):
    """A match of Buraco to ``target`` points."""

    game_id = GAME_ID
    deck = DECK

    def __init__(self, players: int = 4, dealer: int = 0, seed: int = 0, options: dict | None = None,
                 setups: list | None = None, record: bool = True) -> None:
        if players not in PLAYERS:
            raise MatchFileError("Buraco is played by 2 or 4 players")
        options = resolve_options(OPTIONS, options)
        self.rules = RULES[options["mode"]]
        super().__init__(players, dealer, seed, options, setups, record)

    def score_size(self) -> int:
        return 2

    # ----- dealing ----------------------------------------------------------
    def shuffled_setup(self, rng) -> dict:
        cards = full_pack(self.options["mode"])
        rng.shuffle(cards)
        n = self.players
        hands = [cards[i * HAND:(i + 1) * HAND] for i in range(n)]
        at = n * HAND
        muertos = [cards[at:at + HAND], cards[at + HAND:at + 2 * HAND]]
        return {"hands": hands, "muertos": muertos, "stock": cards[at + 2 * HAND:], "discard": [],
                "complete": True}

    def _complete(self, setup: dict) -> dict:
        """A scripted deal with every card placed: the cards it does not name
        are shuffled from the seed into the muertos (if not given) and the
        stock below the given cards (§12.1)."""
        if setup.get("complete"):
            return setup
        counts = [0] * KINDS
        for c in full_pack(self.options["mode"]):
            counts[c] += 1
        named = [c for h in setup["hands"] for c in h] + setup["stock"] + setup["discard"]
        if setup["muertos"]:
            named += setup["muertos"][0] + setup["muertos"][1]
        for c in named:
            counts[c] -= 1
        rest = [c for c in range(KINDS) for _ in range(counts[c])]
        deal_rng(self.seed, self.deal_index).shuffle(rest)
        muertos = setup["muertos"]
        if muertos is None:
            muertos = [rest[:HAND], rest[HAND:2 * HAND]]
            rest = rest[2 * HAND:]
        return {"hands": [list(h) for h in setup["hands"]], "muertos": [list(m) for m in muertos],
                "stock": list(setup["stock"]) + rest, "discard": list(setup["discard"]),
                "complete": True}

    def setup_to_strings(self, setup: dict) -> dict:
        setup = self._complete(setup)
        out = {"hands": [[NAMES[c] for c in h] for h in setup["hands"]],
               "muertos": [[NAMES[c] for c in m] for m in setup["muertos"]],
               "stock": [NAMES[c] for c in setup["stock"]]}
        if setup["discard"]:
            out["discard"] = [NAMES[c] for c in setup["discard"]]
        return out

    def _start_deal(self, setup: dict) -> None:
        setup = self._complete(setup)
        n = self.players
        self.hands = [[0] * KINDS for _ in range(n)]
        self.hsize = [0] * n
        self.smask = [[0, 0, 0, 0] for _ in range(n)]
        self.rcount = [[0] * 13 for _ in range(n)]
        for seat, hand in enumerate(setup["hands"]):
            for c in hand:
                self._give(seat, c)
        self.melds: list[list[Meld]] = [[], []]
        self.stock = list(reversed(setup["stock"]))          # top at the end
        self.pile = list(reversed(setup["discard"]))         # top at the end
        self.muertos = [list(setup["muertos"][0]), list(setup["muertos"][1])]
        self.mstate = [TABLE, TABLE]
        self.pending: list = [None, None]     # seat that batted indirectly and has not acted since
        self.turn = (self.dealer + 1) % n
        self.phase = DRAW
        self.must = -1                        # closed pile: the card taken that must be played
        self.banned = -1                      # the one-card pile just taken: not to be discarded
        self.still = 0                        # turns ended since someone last drew from the stock
        self.closed_by: int | None = None
        self.hand_points: list | None = None
        self.log: list[tuple] = []            # public history of the hand
        if self.record or self.listeners:
            for seat in range(n):
                self.emit("dealt", seat, private_to=seat, hidden=("cards",), count=HAND,
                          cards=self._hand_names(seat))
        self._turn_start()

    def _copy_deal_state(self, other: "Match") -> None:
        other.hands = [list(h) for h in self.hands]
        other.hsize = list(self.hsize)
        other.smask = [list(m) for m in self.smask]
        other.rcount = [list(r) for r in self.rcount]
        other.melds = [[m.copy() for m in side] for side in self.melds]
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.muertos = [list(m) if m is not None else None for m in self.muertos]
        other.mstate = list(self.mstate)
        other.pending = list(self.pending)
        other.log = list(self.log)
        other.banned = self.banned
        other.still = self.still
        other.hand_points = list(self.hand_points) if self.hand_points is not None else None

    # ----- hands --------------------------------------------------------------
    def set_hand(self, seat: int, cards) -> None:
        """Put exactly ``cards`` in ``seat``'s hand, for a scripted table position (tests,
        screenshots): the deck's card count is not kept."""
        self.hands[seat] = [0] * KINDS
        self.hsize[seat] = 0
        self.smask[seat] = [0, 0, 0, 0]
        self.rcount[seat] = [0] * 13
        for c in cards:
            self._give(seat, c)
        self._legal_cache = None

    def _give(self, seat: int, c: int) -> None:
        hand = self.hands[seat]
        if c != JK:
            r = c % 13
            if not hand[c]:
                self.smask[seat][c // 13] |= 1 << r
            if r != TWO:
                self.rcount[seat][r] += 1
        hand[c] += 1
        self.hsize[seat] += 1

    def _remove(self, seat: int, c: int) -> None:
        hand = self.hands[seat]
        hand[c] -= 1
        self.hsize[seat] -= 1
        if c != JK:
            r = c % 13
            if not hand[c]:
                self.smask[seat][c // 13] &= ~(1 << r)
            if r != TWO:
                self.rcount[seat][r] -= 1

    def _hand_cards(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        return [c for c in range(KINDS) for _ in range(hand[c])]

    def _hand_names(self, seat: int) -> list[str]:
        return [NAMES[c] for c in self._hand_cards(seat)]

    # ----- whose turn, what is legal ----------------------------------------
    @property
    def to_act(self) -> int | None:
        if self.finished:
            return None
        return self.turn

    def _legal(self) -> list[str]:
        phase = self.phase
        if phase == PLAY:
            return self._legal_play(-1)
        if phase == DRAW:
            if self.pile and (not self.rules.closed_pile or self._can_take()):
                return ["draw", "take-discard"]
            return ["draw"]
        if phase == OBLIGE:
            return self._legal_play(self.must)
        return []

    def _legal_play(self, must: int) -> list[str]:
        seat = self.turn
        side = seat & 1
        hand = self.hands[seat]
        h = self.hsize[seat]
        rules = self.rules
        free = self.mstate[side] == TABLE      # going out is a bat: §8.4 never bites
        out: list[str] = []
        if h >= 3:
            if must >= 0:
                texts = self._melds_with(seat, must)
            else:
                texts = hand_melds(hand, self.smask[seat], self.rcount[seat], rules)
            if free or h >= 16:
                out.extend(texts)
            else:
                for t in texts:
                    spec = SPECS[t]
                    if h - spec.k >= 2 or self._meld_exit_ok(seat, spec):
                        out.append(t)
        melds = self.melds[side]
        if melds:
            easy = free or h >= 3
            append = out.append
            for i, m in enumerate(melds):
                row = ADD[i]
                for c in m.accepts:
                    if hand[c] and (must < 0 or c == must):
                        if easy or self._add_exit_ok(seat, i, c):
                            append(row[c])
        if must < 0:
            if h >= 2 or free or side_canasta_ok(melds, rules.need_clean):
                out.extend(compress(DISCARD, hand))
                banned = self.banned
                if banned >= 0 and hand[banned] and hand[banned] != h:
                    out.remove(DISCARD[banned])
        return out

    def _melds_with(self, seat: int, card: int, hand=None, smask=None, rcount=None) -> list[str]:
        """The legal new melds from a hand that contain ``card``."""
        if hand is None:
            hand, smask, rcount = self.hands[seat], self.smask[seat], self.rcount[seat]
        if card == JK or card % 13 == TWO:
            texts = hand_melds(hand, smask, rcount, self.rules)
        else:
            texts = hand_melds(hand, smask, rcount, self.rules, (card // 13,), (card % 13,))
        return [t for t in texts if card in SPECS[t].kinds]

    def _exit_ok(self, side: int, rest: list[int], melds: list) -> bool:
        """§8.4 once the side's muerto is gone: with ``rest`` (0 or 1 cards)
        left and the side's melds ``melds``, can the player go out legally?"""
        rules = self.rules
        if side_canasta_ok(melds, rules.need_clean):
            return rules.close_by_meld or bool(rest)      # discard the last card, or a meld/add close
        if not rest or not rules.close_by_meld:
            return False
        x = rest[0]
        for i, m in enumerate(melds):
            res = add_result(m, x, rules)
            if type(res) is str:
                continue
            m2 = m.copy()
            apply_add(m2, res, rules)
            if side_canasta_ok([m2], rules.need_clean):
                return True
        return False

    def _rest_after(self, seat: int, taken: dict) -> list[int]:
        hand = self.hands[seat]
        rest = []
        for c in range(KINDS):
            n = hand[c] - taken.get(c, 0)
            if n > 0:
                rest.extend([c] * n)
        return rest

    def _meld_exit_ok(self, seat: int, spec: MeldSpec, hand_size: int | None = None) -> bool:
        side = seat & 1
        if self.mstate[side] == TABLE:
            return True
        h = self.hsize[seat] if hand_size is None else hand_size
        if h - spec.k >= 2:
            return True
        rest = self._rest_after(seat, dict(spec.counts))
        return self._exit_ok(side, rest, self.melds[side] + [spec.make(self.rules)])

    def _add_exit_ok(self, seat: int, index: int, card: int) -> bool:
        side = seat & 1
        if self.mstate[side] == TABLE or self.hsize[seat] >= 3:
            return True
        melds = list(self.melds[side])
        m = melds[index].copy()
        apply_add(m, add_result(m, card, self.rules), self.rules)
        melds[index] = m
        return self._exit_ok(side, self._rest_after(seat, {card: 1}), melds)

    def _can_take(self) -> bool:
        """Closed pile (§6.2): can the top card be played at once, with the
        cards held before the take, judged after the take (§8.4 included)?"""
        seat = self.turn
        side = seat & 1
        top = self.pile[-1]
        after = self.hsize[seat] + len(self.pile)
        free = self.mstate[side] == TABLE
        for i, m in enumerate(self.melds[side]):
            if top in m.accepts:
                if free or after - 1 >= 2:
                    return True
                if self._take_probe(seat, lambda: self._add_exit_ok(seat, i, top)):
                    return True
        if not WILDISH[top]:                       # quick refusal: nothing in hand goes with it
            hand = self.hands[seat]
            r = top % 13
            n = self.rcount[seat][r]
            wild = hand[JK] or hand[1] or hand[14] or hand[27] or hand[40]
            if not (self.rules.sets and n and (n >= 2 or wild)):
                sm = self.smask[seat][top // 13]
                if not ((sm << 1) | ((sm & 1) << 14)) & NEAR[r]:
                    return False
        self._give(seat, top)
        try:
            texts = self._melds_with(seat, top)
        finally:
            self._remove(seat, top)
        if not texts:
            return False
        if free or after - max(SPECS[t].k for t in texts) >= 2:
            return True
        return self._take_probe(seat, lambda: any(self._meld_exit_ok(seat, SPECS[t])
                                                  for t in texts))

    def _take_probe(self, seat: int, test) -> bool:
        """Run ``test`` with the pile put into the hand for a moment."""
        for c in self.pile:
            self._give(seat, c)
        try:
            return test()
        finally:
            for c in self.pile:
                self._remove(seat, c)

    # ----- why an action is refused (words + key + params) -------------------
    def check(self, action: str) -> None:
        legal = self.legal_actions()
        if action in legal:
            return
        canon = self._canonical_meld(action)
        if canon is not None and canon in legal:
            return
        if self.finished:
            raise IllegalAction(action, "the match is over", [], "match_over")
        text, key, params = self._why_illegal(action)
        raise IllegalAction(action, text, legal, key, params)

    def is_legal(self, action: str) -> bool:
        legal = self.legal_actions()
        if action in legal:
            return True
        canon = self._canonical_meld(action)
        return canon is not None and canon in legal

    def _canonical_meld(self, action: str) -> str | None:
        if not action.startswith("meld "):
            return None
        cards = self._parse_card_list(action[5:])
        if cards is None:
            return None
        spec = canonical(cards, self.rules)
        return spec.text if spec is not None else None

    @staticmethod
    def _parse_card_list(text: str) -> list[int] | None:
        out = []
        for tok in text.split(" "):
            c = DECK.index.get(tok)
            if c is None:
                return None
            out.append(c)
        return out

    def _parse(self, action: str) -> tuple | None:
        got = ACTIONS.get(action)
        if got is not None:
            return got
        if action.startswith("meld "):
            try:
                return (V_MELD, SPECS[action])
            except KeyError:
                pass
        parts = action.split(" ")
        verb = parts[0]
        if verb == "meld":
            cards = self._parse_card_list(action[5:]) if len(parts) > 1 else None
            return None if cards is None else (V_MELD, cards)
        if verb == "add" and len(parts) == 3 and ASCII_INDEX.fullmatch(parts[1]):
            c = DECK.index.get(parts[2])
            return None if c is None else (V_ADD, int(parts[1]), c)
        return None

    def _why_illegal(self, action: str) -> tuple[str, str, dict]:
        parsed = self._parse(action)
        if parsed is None:
            return ("not a Buraco action", "unknown_action", {})
        verb = parsed[0]
        seat = self.turn
        side = seat & 1
        phase = self.phase
        hand = self.hands[seat]
        rules = self.rules
        if verb == V_DRAW or verb == V_TAKE:
            if phase != DRAW:
                return ("you have already drawn this turn", "already_drew", {})
            if not self.pile:
                return ("the discard pile is empty", "pile_empty", {})
            return self._take_reason()
        if phase == DRAW:
            return ("draw or take the discard pile first", "draw_first", {})
        must = NAMES[self.must] if phase == OBLIGE else None
        if verb == V_DISCARD:
            c = parsed[1]
            if not hand[c]:
                return (f"you do not hold {NAMES[c]}", "not_in_hand", {"card": NAMES[c]})
            if phase == OBLIGE:
                return (f"after taking the pile, {must} must be played first", "must_play",
                        {"card": must})
            if c == self.banned and hand[c] != self.hsize[seat]:
                return (f"{NAMES[c]} was taken from the pile this turn: discard another card",
                        "discard_taken", {"card": NAMES[c]})
            return self._no_close_reason(side, by_meld=False)
        if verb == V_ADD:
            _, index, c = parsed
            if index >= len(self.melds[side]):
                return (f"your side has no meld {index}", "no_meld", {"index": index})
            if not hand[c]:
                return (f"you do not hold {NAMES[c]}", "not_in_hand", {"card": NAMES[c]})
            why = add_reason(self.melds[side][index], c, rules)
            if why is not None:
                return why
            if phase == OBLIGE and c != self.must:
                return (f"after taking the pile, {must} must be played first", "must_play",
                        {"card": must})
            return self._dead_end_reason(seat, self.hsize[seat] - 1)
        # a new meld
        cards = parsed[1].cards if isinstance(parsed[1], MeldSpec) else parsed[1]
        res = analyze(list(cards), rules)
        if type(res) is str:
            return reason(res, mode=rules.mode)
        spec = spec_of(res)
        for c, n in spec.counts:
            if hand[c] < n:
                return (f"you do not hold {'two of ' if n > 1 else ''}{NAMES[c]}", "not_in_hand",
                        {"card": NAMES[c], "count": n})
        if phase == OBLIGE and self.must not in spec.kinds:
            return (f"after taking the pile, {must} must be played first", "must_play", {"card": must})
        return self._dead_end_reason(seat, self.hsize[seat] - spec.k)

    def _take_reason(self) -> tuple[str, str, dict]:
        """Why a closed pile cannot be taken (§6.2): its top card has no meld or add at all,
        or every way of playing it would go out where going out is not allowed (§8.4)."""
        seat = self.turn
        side = seat & 1
        top = self.pile[-1]
        name = NAMES[top]
        rules = self.rules
        lefts = []                              # cards left after each way of playing the top card
        after = self.hsize[seat] + len(self.pile)
        for m in self.melds[side]:
            if top in m.accepts:
                lefts.append(after - 1)
        self._give(seat, top)
        try:
            texts = self._melds_with(seat, top)
        finally:
            self._remove(seat, top)
        lefts.extend(after - SPECS[t].k for t in texts)
        if not lefts:
            runs = {} if rules.sets else {"mode": rules.mode}
            return (f"the top card {name} cannot be played at once with the cards in hand",
                    "top_not_playable", {"card": name, **runs})
        kind = "a clean canasta" if rules.need_clean else "a canasta"
        if min(lefts) == 0:
            return (f"playing {name} would empty your hand, and going out now is a close: it needs {kind}",
                    "take_would_close", {"card": name, "clean": rules.need_clean, "mode": rules.mode})
        return (f"playing {name} would leave one card with no legal way to go out (closing needs {kind})",
                "take_dead_end", {"card": name, "clean": rules.need_clean, "mode": rules.mode})

    def _no_close_reason(self, side: int, by_meld: bool) -> tuple[str, str, dict]:
        if by_meld and not self.rules.close_by_meld:
            return ("open_dirty closes only by discarding", "close_by_discard", {})
        if not side_canasta_ok(self.melds[side], self.rules.need_clean):
            kind = "clean " if self.rules.need_clean else ""
            return (f"closing needs a {kind}canasta", "close_needs_canasta",
                    {"clean": self.rules.need_clean, "mode": self.rules.mode, "by_meld": by_meld})
        return ("not one of the legal actions now", "not_legal", {})

    def _dead_end_reason(self, seat: int, left: int) -> tuple[str, str, dict]:
        side = seat & 1
        if left == 0:
            return self._no_close_reason(side, by_meld=True)
        if left == 1:
            kind = "a clean canasta" if self.rules.need_clean else "a canasta"
            return (f"it would leave one card with no legal way to go out (closing needs {kind})",
                    "dead_end", {"clean": self.rules.need_clean, "mode": self.rules.mode})
        return ("not one of the legal actions now", "not_legal", {})

    def meld_check(self, seat: int, cards, target: int | None = None) -> tuple[str, str, dict] | None:
        """Is this meld (``target`` None) or this add to the side's meld
        ``target`` legal for ``seat``? None if so, else (words, key, params).
        Cards are strings or ints; for an add, one card. Off turn, only the
        cards themselves and the hand are judged."""
        cards = [DECK.index[c] if isinstance(c, str) else c for c in cards]
        side = seat & 1
        hand = self.hands[seat]
        rules = self.rules
        if target is None:
            res = analyze(cards, rules)
            if type(res) is str:
                return reason(res, mode=rules.mode)
            action = spec_of(res).text
        else:
            if len(cards) != 1:
                return ("add one card at a time", "add_one", {})
            c = cards[0]
            if target >= len(self.melds[side]):
                return (f"your side has no meld {target}", "no_meld", {"index": target})
            why = add_reason(self.melds[side][target], c, rules)
            if why is not None:
                return why
            action = f"add {target} {NAMES[c]}"
        for c in set(cards):
            if hand[c] < cards.count(c):
                return (f"you do not hold {NAMES[c]}", "not_in_hand", {"card": NAMES[c]})
        if seat != self.to_act or action in self.legal_actions():
            return None
        return self._why_illegal(action)

    def meld_problem(self, seat: int, cards, target: int | None = None) -> str | None:
        """:meth:`meld_check` in words only."""
        why = self.meld_check(seat, cards, target)
        return None if why is None else why[0]

    # ----- applying actions -------------------------------------------------
    def _apply(self, action: str) -> None:
        parsed = self._parse(action)
        verb = parsed[0]
        seat = self.turn
        side = seat & 1
        if self.pending[side] == seat:
            self.pending[side] = None          # the muerto taken indirectly is now used
        ev = self.record or self.listeners
        if verb == V_DISCARD:
            c = parsed[1]
            self._remove(seat, c)
            self.pile.append(c)
            self.log.append((seat, "discard", c))
            if ev:
                self.emit("discarded", seat, card=NAMES[c])
            if not self.hsize[seat]:
                if self.mstate[side] == TABLE:
                    self._bat(seat, direct=False)
                else:
                    self._close(seat)
                    return
            self._next_turn()
        elif verb == V_DRAW:
            c = self.stock.pop()
            self._give(seat, c)
            self.still = -1                   # this turn moved the stock
            self.phase = PLAY
            self.log.append((seat, "draw"))
            if ev:
                self.emit("drew", seat, private_to=seat, hidden=("card",), card=NAMES[c])
        elif verb == V_TAKE:
            pile = self.pile
            top = pile[-1]
            for c in pile:
                self._give(seat, c)
            self.log.append((seat, "take", len(pile), top))
            if ev:
                self.emit("took pile", seat, private_to=seat, hidden=("cards",), count=len(pile),
                          top=NAMES[top], cards=[NAMES[c] for c in reversed(pile)])
            if len(pile) == 1 and self.options["no_discard_taken"]:
                self.banned = top
            self.pile = []
            if self.rules.closed_pile:
                self.phase = OBLIGE
                self.must = top
            else:
                self.phase = PLAY
        elif verb == V_ADD:
            _, index, c = parsed
            m = self.melds[side][index]
            apply_add(m, add_result(m, c, self.rules), self.rules)
            self._remove(seat, c)
            self.log.append((seat, "add", index, c))
            if ev:
                self.emit("added", seat, meld=index, card=NAMES[c], result=m.text())
            if self.phase == OBLIGE and c == self.must:
                self.phase = PLAY
                self.must = -1
            self._after_lay(seat)
        else:
            spec = parsed[1]
            if not isinstance(spec, MeldSpec):
                spec = canonical(spec, self.rules)
            m = spec.make(self.rules)
            for c, n in spec.counts:
                for _ in range(n):
                    self._remove(seat, c)
            melds = self.melds[side]
            melds.append(m)
            self.log.append((seat, "meld", len(melds) - 1))
            if ev:
                self.emit("melded", seat, cards=spec.text[5:], meld=len(melds) - 1)
            if self.phase == OBLIGE and self.must in spec.kinds:
                self.phase = PLAY
                self.must = -1
            self._after_lay(seat)

    def _after_lay(self, seat: int) -> None:
        if self.hsize[seat]:
            return
        if self.mstate[seat & 1] == TABLE:
            self._bat(seat, direct=True)
        else:
            self._close(seat)

    def _bat(self, seat: int, direct: bool) -> None:
        side = seat & 1
        muerto = self.muertos[side]
        for c in muerto:
            self._give(seat, c)
        self.muertos[side] = None
        self.mstate[side] = TAKEN
        if not direct:
            self.pending[side] = seat
        self.log.append((seat, "bat", "direct" if direct else "indirect"))
        if self.record or self.listeners:
            self.emit("batted", seat, private_to=seat, hidden=("cards",),
                      how="direct" if direct else "indirect", cards=[NAMES[c] for c in muerto])

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.phase = DRAW
        self.must = -1
        self.banned = -1
        self.still += 1
        self._turn_start()

    def _turn_start(self) -> None:
        """§6.1: an empty stock takes the muertos left, or ends the hand; so does a
        stock that has not moved for :data:`STALL_TURNS` turns (the safety net)."""
        if self.still >= STALL_TURNS:
            self.log.append((None, "stock exhausted"))
            if self.record or self.listeners:
                self.emit("stock exhausted", None, stalled=STALL_TURNS)
            self._score_hand(None)
            return
        if self.stock:
            return
        left = [s for s in (0, 1) if self.mstate[s] == TABLE]
        if not left:
            self.log.append((None, "stock exhausted"))
            if self.record or self.listeners:
                self.emit("stock exhausted", None)
            self._score_hand(None)
            return
        cards = []
        for s in left:
            cards.extend(self.muertos[s])
            self.muertos[s] = None
            self.mstate[s] = STOCK
        self.stock = cards[::-1]
        self.log.append((None, "muertos to stock", tuple(left)))
        if self.record or self.listeners:
            self.emit("muertos to stock", None, sides=list(left))

    def _close(self, seat: int) -> None:
        self.closed_by = seat & 1
        self.log.append((seat, "close"))
        if self.record or self.listeners:
            self.emit("closed", seat, side=seat & 1)
        self._score_hand(seat & 1)

    # ----- scoring (§9, §10) ----------------------------------------------------
    def side_points(self, side: int) -> dict:
        """The hand's points of ``side`` as they stand, item by item."""
        rules = self.rules
        values = rules.values
        melds = self.melds[side]
        cards = sum(m.value(values) for m in melds)
        bonus = sum(BONUS[m.canasta()] for m in melds)
        unused = self.pending[side] if rules.unused_penalty else None
        in_hand = 0
        for seat in range(side, self.players, 2):
            if seat != unused:
                hand = self.hands[seat]
                in_hand += sum(values[c] * hand[c] for c in range(KINDS) if hand[c])
        muerto = 0
        if self.mstate[side] != TAKEN or unused is not None:
            muerto = -100
        close = 100 if self.closed_by == side else 0
        total = cards + bonus + close - in_hand + muerto
        return {"cards": cards, "canastas": bonus, "close": close, "hand": -in_hand,
                "muerto": muerto, "total": total}

    def _score_hand(self, closer: int | None) -> None:
        self.phase = OVER
        details = [self.side_points(0), self.side_points(1)]
        points = [d["total"] for d in details]
        self.hand_points = points
        self.score[0] += points[0]
        self.score[1] += points[1]
        if self.record or self.listeners:
            self.emit("hand scored", None, points=points, score=list(self.score))
        target = self.options["target"]
        winner = None
        if self.score[0] >= target or self.score[1] >= target:
            if self.score[0] != self.score[1]:
                winner = 0 if self.score[0] > self.score[1] else 1
            else:
                winner = ((self.first_dealer + 1) % self.players) % 2
        info = {"details": details}
        self._end_deal((self.dealer + 1) % self.players, info, winner=winner)

    def deal_points(self) -> list[int] | None:
        return None if self.hand_points is None else list(self.hand_points)

    def _table(self) -> dict:
        pile = [NAMES[c] for c in reversed(self.pile)]
        return {
            "mode": self.options["mode"],
            "stock_size": len(self.stock),
            "discard": pile,
            "melds": [[m.text() for m in side] for side in self.melds],
            "muertos_left": sum(1 for s in self.mstate if s == TABLE),
            "muertos": [MUERTO_NAMES[s] for s in self.mstate],
        }

    def deal_info(self, final: bool = False) -> dict:
        info = self._table()
        info["canastas"] = [[m.canasta() for m in side] for side in self.melds]
        if final:
            info["closed_by"] = self.closed_by
            info["hands"] = [self._hand_names(s) for s in range(self.players)]
            # the seat holding an unused muerto (§8.5) per side, where it is penalised
            info["unused_muerto"] = [self.pending[s] if self.rules.unused_penalty else None
                                     for s in (0, 1)]
        return info

    def match_info(self) -> dict:
        info = self._table()
        info["phase"] = PHASE_NAMES[self.phase] if not self.finished else "over"
        return info

    # ----- what a seat sees ---------------------------------------------------
    def _view(self, seat: int) -> dict:
        pile = [NAMES[c] for c in reversed(self.pile)]
        closed = self.rules.closed_pile
        log = []
        for entry in self.log:
            who, what = entry[0], entry[1]
            if what == "discard":
                log.append([who, what, NAMES[entry[2]]])
            elif what == "take":
                log.append([who, what, entry[2], NAMES[entry[3]]])
            elif what == "add":
                log.append([who, what, entry[2], NAMES[entry[3]]])
            elif what == "meld":
                log.append([who, what, entry[2]])
            elif what == "bat":
                log.append([who, what, entry[2]])
            elif what == "muertos to stock":
                log.append([who, what, list(entry[2])])
            else:
                log.append([who, what])
        return {
            "mode": self.options["mode"],
            "phase": PHASE_NAMES[self.phase] if not self.finished else "over",
            "turn": self.turn,
            "side": seat & 1,
            "hand": self._hand_names(seat),
            "hand_sizes": list(self.hsize),
            "melds": [[m.text() for m in side] for side in self.melds],
            "meld_info": [[meld_info(m) for m in side] for side in self.melds],
            "discard": pile[:1] if closed else pile,
            "discard_size": len(pile),
            "stock_size": len(self.stock),
            "muertos": [MUERTO_NAMES[s] for s in self.mstate],
            "muertos_left": sum(1 for s in self.mstate if s == TABLE),
            "must_play": NAMES[self.must] if self.phase == OBLIGE else None,
            "history": log,
            "first_dealer": self.first_dealer,
        }

    # ----- what search needs (game.ai.buraco_search) ---------------------------
    def restore_match_state(self, view: dict) -> None:
        super().restore_match_state(view)
        self.first_dealer = view.get("first_dealer", self.first_dealer)

    @classmethod
    def from_world(cls, view: dict, setup: dict, actions: list[str], observe=None) -> "Match":
        """The match ``view`` describes, with the cards its seat cannot see
        taken from ``setup``. A whole hand is long, so a setup marked
        ``"world"`` builds the position directly instead of replaying the
        deal: ``hands`` (the cards of every seat now, as lists of card ints),
        ``stock`` (top first), ``muertos`` (per side: the 11 cards while on
        the table, else None) and ``pile_bottom`` (cards of a scripted
        starting pile the seat never saw, top first). Everything public (melds,
        pile, muertos' state, whose turn and phase, the hand's history) comes
        from the view (so ``observe`` sees nothing). Any other setup is
        replayed as usual."""
        if not setup.get("world"):
            return super().from_world(view, setup, actions, observe)
        return cls.determinized(view, setup["hands"], setup["stock"], setup["muertos"],
                                setup.get("pile_bottom", ()), actions)

    @classmethod
    def determinized(cls, view: dict, hands: list, stock: list, muertos: list,
                     pile_bottom=(), actions: list | None = None) -> "Match":
        """The position of ``view`` with the hidden cards given (see
        :meth:`from_world`): the search's world, built without a replay."""
        m = cls.__new__(cls)
        players = view["players"]
        options = resolve_options(OPTIONS, view["options"])
        m.rules = rules = RULES[options["mode"]]
        m.players = players
        m.first_dealer = view.get("first_dealer", view["dealer"])
        m.seed = 0
        m.options = options
        m.setups = []
        m.record = False
        m.records = []
        m.listeners = []
        m.deal_log = [(s, a) for s, a in (view["actions"] if actions is None else
                                          zip((s for s, _ in view["actions"]), actions))]
        m._legal_cache = None
        m.restore_match_state(view)
        m.hands = [[0] * KINDS for _ in range(players)]
        m.hsize = [0] * players
        m.smask = [[0, 0, 0, 0] for _ in range(players)]
        m.rcount = [[0] * 13 for _ in range(players)]
        for seat, hand in enumerate(hands):
            for c in hand:
                m._give(seat, c)
        m.melds = [[meld_from_info(info, rules) for info in side] for side in view["meld_info"]]
        m.stock = list(reversed(stock))
        m.mstate = [MUERTO_NAMES.index(name) for name in view["muertos"]]
        m.muertos = [list(muertos[s]) if m.mstate[s] == TABLE else None for s in (0, 1)]
        index = DECK.index
        log: list[tuple] = []
        pile: list[int] = list(reversed(pile_bottom))
        pending: list = [None, None]
        still = 0                                # as _apply and _next_turn count it
        banned = -1
        for entry in view["history"]:
            who, what = entry[0], entry[1]
            if who is not None and what in ("draw", "take", "discard", "meld", "add") \
                    and pending[who & 1] == who:
                pending[who & 1] = None
            if what == "draw":
                still = -1
            if what == "discard":
                c = index[entry[2]]
                pile.append(c)
                log.append((who, what, c))
                still += 1
                banned = -1
            elif what == "take":
                pile = []
                log.append((who, what, entry[2], index[entry[3]]))
                if entry[2] == 1 and options["no_discard_taken"]:
                    banned = index[entry[3]]
            elif what == "add":
                log.append((who, what, entry[2], index[entry[3]]))
            elif what == "meld":
                log.append((who, what, entry[2]))
            elif what == "bat":
                log.append((who, what, entry[2]))
                if entry[2] == "indirect":
                    pending[who & 1] = who
            elif what == "muertos to stock":
                log.append((who, what, tuple(entry[2])))
            else:
                log.append((who, what))
        m.log = log
        m.pile = pile
        m.pending = pending
        m.still = still
        m.banned = banned
        m.turn = view["turn"]
        m.phase = PHASE_NAMES.index(view["phase"]) if view["phase"] in PHASE_NAMES else OVER
        m.must = index[view["must_play"]] if view.get("must_play") else -1
        m.closed_by = None
        m.hand_points = None
        m.lean = True
        return m
