"""Buraco melds: validation, placement, adding, canastas and the meld lists.

Rules: ``shared/rules/buraco.md`` (sections cited as §n). This module knows
nothing about turns: it answers "is this group of cards a meld in this mode,
and where does each card stand?" (§7.4), "what does adding this card do?"
(§7.5), "what kind of canasta is this?" (§8.1) and "which melds can be made
from this hand?" (the ``legal`` listing of §12.3), fast and memoised.

Cards are ints of :data:`DECK`: ``suit * 13 + rank`` with ranks
``A 2 3 ... K`` (0..12) and suits ``S H D C`` (0..3); the joker is 52.
A run's cards stand on **positions** 1..14 (ace low 1, 2 on 2, 3..K on
3..13, ace high 14); a set is a rank plus a count of naturals per suit.
"""
from __future__ import annotations

from game.engine.cards import FRENCH_RANKS, FRENCH_SUITS, Deck

DECK = Deck("buraco", FRENCH_RANKS, FRENCH_SUITS, copies=2, jokers=4)
NAMES = DECK.names
JK = 52
KINDS = 53
ACE, TWO = 0, 1
MODES = ("open", "open_dirty", "closed", "closed_wtcc", "closed_dirty")

WILDISH = tuple(c == JK or c % 13 == TWO for c in range(KINDS))   # JK and every 2
TWOS = tuple(s * 13 + TWO for s in range(4))
WILD_KINDS = (JK,) + TWOS
SET_RANKS = (0,) + tuple(range(2, 13))                           # A, 3..K


def pos_card(suit: int, pos: int) -> int:
    """The natural card of ``suit`` on run position ``pos`` (1..14)."""
    return suit * 13 + (0 if pos == 1 or pos == 14 else pos - 1)


def rank_pos(rank: int) -> int:
    """Position of a natural 3..K (rank index 2..12); aces and 2s are special."""
    return rank + 1


class Rules:
    """What a mode changes (§3), as flags the hot paths read."""

    __slots__ = ("mode", "jokers", "sets", "two_aces", "need_clean", "close_by_meld",
                 "closed_pile", "unused_penalty", "values", "deck_size")

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.jokers = mode != "open"
        self.sets = mode in ("open_dirty", "closed", "closed_dirty")
        self.two_aces = mode != "open_dirty"
        self.need_clean = mode in ("open", "closed", "closed_wtcc")
        self.close_by_meld = mode != "open_dirty"
        self.closed_pile = mode.startswith("closed")
        self.unused_penalty = mode != "open_dirty"
        two, joker = (20, 30) if mode == "open_dirty" else (10, 20)
        values = []
        for c in range(KINDS):
            if c == JK:
                values.append(joker)
            else:
                r = c % 13
                values.append(15 if r == ACE else two if r == TWO else 5 if r <= 6 else 10)
        self.values = tuple(values)
        self.deck_size = 108 if self.jokers else 104


RULES = {m: Rules(m) for m in MODES}
BONUS = {None: 0, "dirty": 100, "clean": 200, "royal": 500, "ace-to-ace": 1000}

# ----- reasons, in words (and as keys + params for a localised UI) ------------
REASONS = {
    "too_few": "a meld needs at least 3 cards",
    "two_wilds": "a meld may hold only one wild card",
    "sets_of_twos": "there are no sets of 2s; as a run, more than one wild",
    "run_no_natural": "a run needs a natural card other than a 2",
    "mixed_suits": "mixed suits",
    "mixed": "neither a run (mixed suits) nor a set (mixed ranks)",
    "run_repeat": "a run cannot repeat a rank",
    "run_repeat_set": "a run cannot repeat a rank, a set needs one rank",
    "two_aces": "no run with two natural aces in open_dirty",
    "hole": "the cards are not consecutive (a gap no single wild can fill)",
    "hole_no_wild": "the run has a hole and no wild to fill it",
    "wrap": "no wrap-around: K, A and 2 are not consecutive",
    "run_full": "the run already fills A to A",
    "no_sets": "sets are not allowed in {mode}",
    "set_naturals": "a set needs at least two natural cards",
    "set_too_big": "a set holds at most 9 cards",
    "run_has_wild": "the run already has a wild card",
    "set_has_wild": "the set already has a wild card",
    "wrong_suit": "{card} is not of the run's suit",
    "not_adjacent": "{card} neither extends the run at an end nor replaces its wild",
    "ace_no_place": "{card} has no place in this run",
    "wild_fixed": "the wild of a full A..A run can never be replaced",
    "set_rank": "{card} is not of the set's rank",
}


def reason(key: str, **params) -> tuple[str, str, dict]:
    return (REASONS[key].format(**params), key, params)


# ----- melds on the table ------------------------------------------------------
class Meld:
    """A meld on the table. Runs: ``suit``, positions ``lo..hi``, the wild on
    ``w`` (0: none) being card ``wcard`` (-1: none). Sets: ``rank``, ``nat``
    (naturals per suit), ``wcard``. ``accepts``: the card kinds that may be
    added now (§7.2, §7.5), kept up to date by :meth:`refresh`."""

    __slots__ = ("run", "suit", "rank", "lo", "hi", "w", "wcard", "nat", "size", "accepts")

    def __init__(self, run: bool, suit: int = -1, rank: int = -1, lo: int = 0, hi: int = 0,
                 w: int = 0, wcard: int = -1, nat: list | None = None) -> None:
        self.run = run
        self.suit = suit
        self.rank = rank
        self.lo = lo
        self.hi = hi
        self.w = w
        self.wcard = wcard
        self.nat = nat
        self.size = hi - lo + 1 if run else sum(nat) + (wcard >= 0)
        self.accepts: tuple = ()

    def copy(self) -> "Meld":
        m = Meld.__new__(Meld)
        m.run, m.suit, m.rank, m.lo, m.hi = self.run, self.suit, self.rank, self.lo, self.hi
        m.w, m.wcard, m.size, m.accepts = self.w, self.wcard, self.size, self.accepts
        m.nat = list(self.nat) if self.nat is not None else None
        return m

    def cards(self) -> list[int]:
        """Canonical order: a run by position (the wild on its place), a set's
        naturals by suit S, H, D, C, then its wild."""
        if self.run:
            s, w = self.suit, self.w
            return [self.wcard if p == w else pos_card(s, p) for p in range(self.lo, self.hi + 1)]
        out = []
        for s in range(4):
            out.extend([s * 13 + self.rank] * self.nat[s])
        if self.wcard >= 0:
            out.append(self.wcard)
        return out

    def text(self) -> str:
        return " ".join(NAMES[c] for c in self.cards())

    @property
    def clean(self) -> bool:
        return self.wcard < 0

    def canasta(self) -> str | None:
        """§8.1, on the current content."""
        if self.size < 7:
            return None
        if self.wcard >= 0:
            return "dirty"
        if self.run:
            if self.size == 14:
                return "ace-to-ace"
            if self.size == 13:
                return "royal"
        return "clean"

    def value(self, values: tuple) -> int:
        return sum(values[c] for c in self.cards())

    def wild_stands_for(self) -> str | None:
        """The card a run's wild stands for (None for a set or a clean run)."""
        if not self.run or not self.w:
            return None
        return NAMES[pos_card(self.suit, self.w)]

    def refresh(self, rules: Rules) -> None:
        """Recompute ``accepts`` after a change."""
        out = []
        if self.run:
            s = self.suit
            cands = [JK, TWOS[0], TWOS[1], TWOS[2], TWOS[3], s * 13]
            if self.hi < 13:
                cands.append(pos_card(s, self.hi + 1))
            if self.lo > 3:
                cands.append(pos_card(s, self.lo - 1))
            if self.w > 2 and self.w < 14:
                cands.append(pos_card(s, self.w))
            for c in cands:
                if (c != JK or rules.jokers) and c not in out and type(add_result(self, c, rules)) is tuple:
                    out.append(c)
        else:
            if self.size < 9:
                out = [s * 13 + self.rank for s in range(4)]
            if self.wcard < 0:
                out.extend(WILD_KINDS if rules.jokers else TWOS)
        out.sort()
        self.accepts = tuple(out)


def _wild_in(lo: int, hi: int, w: int, c: int):
    if w:
        return "run_has_wild"
    if hi < 14:
        return (lo, hi + 1, hi + 1, c)
    if lo > 1:
        return (lo - 1, hi, lo - 1, c)
    return "run_full"


def _replace(suit: int, lo: int, hi: int, wc: int):
    """A natural takes the wild's place; the displaced wild moves (§7.5)."""
    if wc == suit * 13 + TWO and lo == 3:
        return (2, hi, 0, -1)
    if hi < 14:
        return (lo, hi + 1, hi + 1, wc)
    if lo > 1:
        return (lo - 1, hi, lo - 1, wc)
    return "wild_fixed"


def add_result(m: Meld, c: int, rules: Rules):
    """What ``add I c`` does to meld ``m``: for a run the new ``(lo, hi, w,
    wcard)``, for a set ``("n", suit)`` or ``("w", card)``; or a reason key
    (a str) when the add is illegal. Never changes ``m``."""
    if not m.run:
        if WILDISH[c]:
            return "set_has_wild" if m.wcard >= 0 else ("w", c)
        if c % 13 != m.rank:
            return "set_rank"
        if m.size >= 9:
            return "set_too_big"
        return ("n", c // 13)
    s, lo, hi, w, wc = m.suit, m.lo, m.hi, m.w, m.wcard
    if c == JK:
        return _wild_in(lo, hi, w, c)
    r = c % 13
    cs = c // 13
    if r == TWO:
        if cs != s:
            return _wild_in(lo, hi, w, c)
        if lo == 3:
            return (2, hi, w, wc)
        if w == 2:
            return _replace(s, lo, hi, wc)
        return _wild_in(lo, hi, w, c)
    if cs != s:
        return "wrong_suit"
    if r == ACE:
        if hi == 13:
            res = (lo, 14, w, wc)
        elif lo == 2:
            res = (1, hi, w, wc)
        elif w == 14 or w == 1:
            res = _replace(s, lo, hi, wc)
        else:
            return "ace_no_place"
        if not rules.two_aces and type(res) is tuple:
            nlo, nhi, nw, _ = res
            if nlo == 1 and nhi == 14 and nw != 1 and nw != 14:
                return "two_aces"
        return res
    p = r + 1
    if p == hi + 1:
        return (lo, p, w, wc)
    if p == lo - 1:
        return (p, hi, w, wc)
    if p == w:
        return _replace(s, lo, hi, wc)
    return "not_adjacent"


def apply_add(m: Meld, res, rules: Rules) -> None:
    """Change ``m`` by an :func:`add_result` that is not a reason."""
    if m.run:
        m.lo, m.hi, m.w, m.wcard = res
        m.size = m.hi - m.lo + 1
    else:
        if res[0] == "n":
            m.nat[res[1]] += 1
        else:
            m.wcard = res[1]
        m.size += 1
    m.refresh(rules)


def add_reason(m: Meld, c: int, rules: Rules) -> tuple[str, str, dict] | None:
    res = add_result(m, c, rules)
    if type(res) is str:
        return reason(res, card=NAMES[c])
    return None


# ----- laying a new meld (§7.1-7.4) -------------------------------------------
def _analyze_run(cards, naturals, s: int, rules: Rules):
    """A Meld, or a reason key. ``naturals``: the A, 3..K cards (suit ``s``)."""
    own2 = s * 13 + TWO
    n_own2 = cards.count(own2)
    ext = len(cards) - len(naturals) - n_own2
    aces = 0
    mask = 0
    for c in naturals:
        r = c % 13
        if r == ACE:
            aces += 1
            continue
        bit = 1 << (r + 1)
        if mask & bit:
            return "run_repeat"
        mask |= bit
    if aces > 2:
        return "run_repeat"
    if aces == 2 and not rules.two_aces:
        return "two_aces"
    if ext + n_own2 - (1 if n_own2 else 0) > 1:
        return "two_wilds"
    ext_card = -1
    if ext:
        for c in cards:
            if c == JK or (c % 13 == TWO and c != own2):
                ext_card = c
                break
    if aces == 2:
        ace_opts = ((1 << 1) | (1 << 14),)
    elif aces == 1:
        ace_opts = (1 << 1, 1 << 14)
    else:
        ace_opts = (0,)
    why = "hole"
    for nat2 in ((True, False) if n_own2 else (False,)):
        wild_n = ext + n_own2 - (1 if nat2 else 0)
        if wild_n > 1:
            continue
        base = mask | (4 if nat2 else 0)
        for a in ace_opts:
            P = base | a
            lo = (P & -P).bit_length() - 1
            hi = P.bit_length() - 1
            holes = hi - lo + 1 - P.bit_count()
            w = 0
            if holes == 0:
                if wild_n:
                    if hi < 14:
                        hi += 1
                        w = hi
                    elif lo > 1:
                        lo -= 1
                        w = lo
                    else:
                        why = "run_full"
                        continue
            elif holes == 1 and wild_n == 1:
                span = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)
                w = (span & ~P).bit_length() - 1
            else:
                if holes == 1 and why != "run_full":
                    why = "hole_no_wild"
                continue
            wcard = (ext_card if ext else own2) if wild_n else -1
            return Meld(True, suit=s, lo=lo, hi=hi, w=w, wcard=wcard)
    if why.startswith("hole") and aces and (mask >> 12) and ((mask & 0b1100) or n_own2):
        return "wrap"
    return why


def analyze(cards, rules: Rules):
    """Lay ``cards`` (any order) as a new meld: a :class:`Meld` placed by
    §7.4, or a reason key (str) saying why it is not a meld in this mode."""
    if len(cards) < 3:
        return "too_few"
    naturals = [c for c in cards if not WILDISH[c]]
    if not naturals:
        return "sets_of_twos"
    suits = {c // 13 for c in naturals}
    ranks = {c % 13 for c in naturals}
    run_why = None
    if len(suits) == 1:
        res = _analyze_run(cards, naturals, naturals[0] // 13, rules)
        if type(res) is not str:
            return res
        run_why = res
    if len(ranks) == 1 and len(naturals) >= 2:
        if not rules.sets:
            return "no_sets"
        if len(cards) - len(naturals) > 1:
            return "two_wilds"
        if len(cards) > 9:
            return "set_too_big"
        rank = naturals[0] % 13
        nat = [0, 0, 0, 0]
        for c in naturals:
            nat[c // 13] += 1
        wild = next((c for c in cards if WILDISH[c]), -1)
        return Meld(False, rank=rank, nat=nat, wcard=wild)
    if run_why is not None:
        if run_why == "run_repeat" and rules.sets:
            return "run_repeat_set"
        return run_why
    if len(ranks) == 1:
        return "set_naturals" if rules.sets else "mixed_suits"
    return "mixed_suits" if not rules.sets else "mixed"


def meld_reason(cards, rules: Rules) -> tuple[str, str, dict] | None:
    """None if ``cards`` form a meld in this mode, else (words, key, params)."""
    res = analyze(list(cards), rules)
    if type(res) is str:
        return reason(res, mode=rules.mode)
    return None


# ----- meld specs: a legal new meld, by its canonical action string ----------
class MeldSpec:
    """A legal new meld: its ``text`` (the action string), ``proto`` (the
    Meld it lays), ``k`` cards, ``counts`` ((kind, n) pairs to take from the
    hand) and ``kinds`` (a set)."""

    __slots__ = ("text", "proto", "k", "counts", "kinds", "cards")

    def __init__(self, proto: Meld) -> None:
        cards = proto.cards()
        self.cards = tuple(cards)
        self.text = "meld " + " ".join(NAMES[c] for c in cards)
        self.proto = proto
        self.k = len(cards)
        counts: dict[int, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        self.counts = tuple(counts.items())
        self.kinds = frozenset(counts)

    def make(self, rules: Rules) -> Meld:
        m = self.proto.copy()
        m.refresh(rules)
        return m


class _Specs(dict):
    """Canonical action string -> :class:`MeldSpec`, filled on first use (the
    listings build only strings). Every mode places a given group of cards
    the same way, so one table serves them all."""

    def __missing__(self, text: str) -> MeldSpec:
        if not text.startswith("meld "):
            raise KeyError(text)
        cards = []
        for tok in text[5:].split(" "):
            c = DECK.index.get(tok)
            if c is None:
                raise KeyError(text)
            cards.append(c)
        res = analyze(cards, RULES["closed"])
        if type(res) is str:
            raise KeyError(text)
        spec = MeldSpec(res)
        if spec.text != text:
            raise KeyError(text)
        self[text] = spec
        return spec


SPECS: dict[str, MeldSpec] = _Specs()


def spec_of(proto: Meld) -> MeldSpec:
    spec = MeldSpec(proto)
    known = SPECS.get(spec.text)
    if known is not None:
        return known
    SPECS[spec.text] = spec
    return spec


def canonical(cards, rules: Rules) -> MeldSpec | None:
    res = analyze(list(cards), rules)
    return None if type(res) is str else spec_of(res)


# ----- listing every meld a hand can lay (memoised) ---------------------------
_SET_MEMO: dict = {}


def _run_shapes(mask: int, aces2: bool, twos2: bool, ext: bool, rules: Rules) -> tuple:
    """The runs of one suit (worked out on spades, the same for every suit)
    a hand can lay whose ranks present are ``mask`` (bit r for rank index r;
    bit 1 is the suit's own 2), with two aces if ``aces2`` and two own 2s if
    ``twos2``. ``ext`` False: the runs using no other wild; True: the runs
    whose wild is another wild (a JK or a 2 of another suit). Each shape is
    ``(lo, hi, w, own2_wild)``."""
    avail = (mask << 1) | ((mask & 1) << 14)
    n2 = (2 if twos2 else 1) if mask & 2 else 0
    canon = _CANON[rules.two_aces]
    out = []
    for lo in range(1, 13):
        for hi in range(lo + 2, 15):
            span = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)
            missing = span & ~avail
            nmiss = missing.bit_count()
            if nmiss > 1:
                break
            if nmiss:
                wild_positions = (missing.bit_length() - 1,)
            elif ext:
                wild_positions = tuple(range(lo, hi + 1))
            else:
                wild_positions = (0,) + tuple(range(lo, hi + 1))
            both_aces = lo == 1 and hi == 14
            for wp in wild_positions:
                if both_aces and not aces2 and wp != 1 and wp != 14:
                    continue
                own = bool(wp) and not ext
                if own and n2 < 1 + (lo <= 2 <= hi and wp != 2):
                    continue
                key = (lo, hi, wp, own)
                ok = canon.get(key)
                if ok is None:
                    ok = canon[key] = _is_canonical(lo, hi, wp, own, rules)
                if ok:
                    out.append((lo, hi, wp, own))
    return tuple(out)


_CANON = {True: {}, False: {}}


def _is_canonical(lo: int, hi: int, wp: int, own: bool, rules: Rules) -> bool:
    """Is the run ``lo..hi`` with its wild (an own-suit 2 if ``own``, else a
    joker) on ``wp`` (0: none) how §7.4 lays its cards?"""
    cards = [pos_card(0, p) for p in range(lo, hi + 1) if p != wp]
    if wp:
        cards.append(TWO if own else JK)
    naturals = [c for c in cards if not WILDISH[c]]
    if not naturals:
        return False
    res = _analyze_run(cards, naturals, 0, rules)
    return type(res) is not str and res.lo == lo and res.hi == hi and res.w == wp


_SHAPE_MEMO: dict = {}
_RUN_MEMOS = {True: {}, False: {}}        # by rules.two_aces: int key -> action strings


def _run_key(s: int, mask: int, aces2: bool, twos2: bool, ext: int) -> int:
    return ((((mask << 1 | aces2) << 1 | twos2) << 2 | s) << 6) | (ext + 1)


def run_texts(s: int, mask: int, aces2: bool, twos2: bool, ext: int, rules: Rules) -> tuple:
    """The canonical action strings of :func:`_run_shapes` in suit ``s``,
    with ``ext`` (-1: none) the other wild card used."""
    memo = _RUN_MEMOS[rules.two_aces]
    key = _run_key(s, mask, aces2, twos2, ext)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _run_texts(s, mask, aces2, twos2, ext, rules)
    return got


_PRUNED_MEMO: dict = {}


def _run_texts(s: int, mask: int, aces2: bool, twos2: bool, ext: int, rules: Rules) -> tuple:
    # A card with no other card of the suit within two places is in no run:
    # drop it from the mask so that many hands share one list.
    avail = (mask << 1) | ((mask & 1) << 14)
    useful = avail & ((avail << 1) | (avail >> 1) | (avail << 2) | (avail >> 2))
    pm = ((useful >> 1) & 0x1FFF) | ((useful >> 14) & 1) | (mask & 2)
    aces2 = aces2 and bool(pm & 1)
    twos2 = twos2 and bool(pm & 2)
    pkey = (rules.two_aces, _run_key(s, pm, aces2, twos2, ext))
    got = _PRUNED_MEMO.get(pkey)
    if got is not None:
        return got
    skey = (rules.two_aces, pm, aces2, twos2, ext >= 0)
    shapes = _SHAPE_MEMO.get(skey)
    if shapes is None:
        shapes = _SHAPE_MEMO[skey] = _run_shapes(pm, aces2, twos2, ext >= 0, rules)
    out = []
    own2 = s * 13 + TWO
    for lo, hi, w, own in shapes:
        wcard = (own2 if own else ext) if w else -1
        out.append("meld " + " ".join([NAMES[wcard if p == w else pos_card(s, p)]
                                       for p in range(lo, hi + 1)]))
    got = _PRUNED_MEMO[pkey] = tuple(out)
    return got


def _set_candidates(rank: int, counts: tuple, wild: int) -> tuple:
    out = []
    c0, c1, c2, c3 = counts
    n0, n1, n2, n3 = (NAMES[s * 13 + rank] for s in range(4))
    for a in range(c0 + 1):
        for b in range(c1 + 1):
            for c in range(c2 + 1):
                for d in range(c3 + 1):
                    n = a + b + c + d
                    if n < 2 or (wild < 0 and n < 3):
                        continue
                    names = ([n0] * a + [n1] * b + [n2] * c + [n3] * d
                             + ([NAMES[wild]] if wild >= 0 else []))
                    out.append("meld " + " ".join(names))
    return tuple(out)


def set_texts(rank: int, counts: tuple, wild: int) -> tuple:
    key = (rank, counts, wild)
    got = _SET_MEMO.get(key)
    if got is None:
        got = _SET_MEMO[key] = _set_candidates(rank, counts, wild)
    return got


def hand_melds(hand: list, smask: list, rcount: list, rules: Rules,
               suits=range(4), ranks=SET_RANKS) -> list[str]:
    """Every legal new meld (canonical strings) from a hand of counts per
    kind; ``smask``/``rcount`` are its per-suit rank masks and per-rank
    natural counts. ``suits``/``ranks`` restrict the search."""
    out: list[str] = []
    wilds = [w for w in WILD_KINDS if hand[w]]
    memo = _RUN_MEMOS[rules.two_aces]
    get = memo.get
    extend = out.extend
    for s in suits:
        m = smask[s]
        if not m & ~2:
            continue
        pc = m.bit_count()
        if pc < 2 or (pc == 2 and not wilds):
            continue
        b = s * 13
        aces2 = hand[b] > 1
        twos2 = hand[b + 1] > 1
        base = (((m << 1 | aces2) << 1 | twos2) << 2 | s) << 6
        got = get(base)
        if got is None:
            got = run_texts(s, m, aces2, twos2, -1, rules)
        if got:
            extend(got)
        for ext in wilds:
            if ext != b + 1:
                got = get(base | (ext + 1))
                if got is None:
                    got = run_texts(s, m, aces2, twos2, ext, rules)
                if got:
                    extend(got)
    if rules.sets:
        sget = _SET_MEMO.get
        for r in ranks:
            n = rcount[r]
            if n < 2 or (n == 2 and not wilds):
                continue
            counts = (hand[r], hand[13 + r], hand[26 + r], hand[39 + r])
            if n > 2:
                got = sget((r, counts, -1))
                extend(got if got is not None else set_texts(r, counts, -1))
            for wild in wilds:
                got = sget((r, counts, wild))
                extend(got if got is not None else set_texts(r, counts, wild))
    return out


def masks_of(hand: list) -> tuple[list, list]:
    """``smask`` and ``rcount`` of a hand of counts (see :func:`hand_melds`)."""
    smask = [0, 0, 0, 0]
    rcount = [0] * 13
    for c in range(52):
        n = hand[c]
        if n:
            r = c % 13
            smask[c // 13] |= 1 << r
            if r != TWO:
                rcount[r] += n
    return smask, rcount
