"""Buraco at the table: how melds are shown (:func:`describe_meld`: a run in order with
its wild card standing in its place, a canasta's kind), how the hand sorts, and
:class:`BuracoAdapter`, which gives the deal summary and the match result their Buraco
rows: the per-hand breakdown of melded cards, canastas, the close bonus, cards in hand
and the muerto penalty. The table itself is :mod:`.buraco_table` (state and events),
:mod:`.buraco_input` (the player's moves) and :mod:`.buraco_draw` (the cloth).
"""
from __future__ import annotations

from collections import Counter

from game import i18n
from game.scenes.tables.adapter import PANEL_DIM, PANEL_TEXT, TrickAdapter, sentence
from game.ui import theme


DECK = "french"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_ORDER = ("S", "H", "C", "D")               # alternate colours in the hand
KIND_ORDER = {None: 0, "dirty": 1, "clean": 2, "royal": 3, "ace-to-ace": 4}
KIND_KEY = {"dirty": "canasta_dirty", "clean": "canasta_clean", "royal": "canasta_royal",
            "ace-to-ace": "canasta_ace"}
KIND_COLOUR = {"dirty": (206, 208, 214), "clean": (250, 214, 110), "royal": (255, 170, 96),
               "ace-to-ace": (196, 160, 255)}


# --------------------------------------------------------------------------- melds as shown

def _rank_pos(rank: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(rank) or int(rank)


def _natural_at(suit: str, pos: int) -> str:
    if pos in (1, 14):
        return "A" + suit
    return {11: "J", 12: "Q", 13: "K"}.get(pos, str(pos)) + suit


def describe_meld(cards: list[str]) -> dict:
    """A meld as the table shows it, from its canonical card list (a run by position
    with its wild written on its place, a set with its wild last): the cards, the
    index of the wild (None if clean), the card the wild stands for, run or set and
    the canasta kind (§8.1)."""
    cards = list(cards)
    naturals = [c for c in cards if c != "JK" and c[:-1] != "2"]
    ranks = {c[:-1] for c in naturals}
    run = True
    if len(ranks) == 1 and len(naturals) >= 2:
        # one rank twice or more: a set (a run repeats no rank but the two aces of A..A)
        run = len(cards) == 14 and ranks == {"A"}
    wild = None
    stands = None
    if run and naturals:
        suit = naturals[0][-1]
        lo = None
        for i, c in enumerate(cards):
            if c in naturals and c[:-1] != "A":
                lo = _rank_pos(c[:-1]) - i
                break
        if lo is None:                         # only aces among the naturals
            lo = 1 if cards[0][:-1] == "A" else 14 - (len(cards) - 1)
        for i, c in enumerate(cards):
            expected = _natural_at(suit, lo + i)
            if c != expected:
                wild, stands = i, expected
                break
    elif not run:
        for i, c in enumerate(cards):
            if c == "JK" or c[:-1] == "2":
                wild = i
    size = len(cards)
    kind = None
    if size >= 7:
        if wild is not None:
            kind = "dirty"
        elif run and size == 14:
            kind = "ace-to-ace"
        elif run and size == 13:
            kind = "royal"
        else:
            kind = "clean"
    return {"cards": cards, "wild": wild, "stands": stands, "run": run, "canasta": kind}


def meld_from_info(info: dict) -> dict:
    """The table's meld from a view's ``meld_info`` entry (exact wild place)."""
    cards = list(info["cards"])
    wild = None
    if info.get("wild"):
        if info["run"] and info.get("wild_pos") and info.get("lo") is not None:
            wild = info["wild_pos"] - info["lo"]
        else:
            wild = len(cards) - 1
    return {"cards": cards, "wild": wild, "stands": info.get("wild_for"), "run": info["run"],
            "canasta": info.get("canasta")}


def sort_key(card: str, by: str, high_aces: frozenset | set = frozenset()):
    """Where ``card`` goes in a hand sorted ``by`` "suit" or "rank". By suit an ace stands
    before the 2 (A-2-3) unless its suit is in ``high_aces``: then after the king (Q-K-A)."""
    if card == "JK":
        return (20, 0)
    rank, suit = card[:-1], card[-1]
    s = SUIT_ORDER.index(suit)
    r = RANKS.index(rank)
    if by == "rank":
        order = 13 if rank == "2" else (12 if rank == "A" else r - 2)   # 3..K, A, then the 2s
        return (order, s)
    if rank == "A" and suit in high_aces:
        r = 13
    return (s, r)


HIGH_RANKS = frozenset({"10", "J", "Q", "K"})
LOW_RANKS = frozenset({"3", "4", "5"})


def high_aces(hand) -> frozenset:
    """The suits whose ace the hand's runs want high, after the king: those of which the hand
    holds more cards from 10 to K than from 3 to 5 (a tie keeps the ace low, A-2-3, as the
    engine places a lone ace when both ends would do)."""
    high: dict = {}
    for c in hand:
        if c is None or c == "JK":
            continue
        rank, suit = c[:-1], c[-1]
        if rank in HIGH_RANKS:
            high[suit] = high.get(suit, 0) + 1
        elif rank in LOW_RANKS:
            high[suit] = high.get(suit, 0) - 1
    return frozenset(s for s, n in high.items() if n > 0)


def sort_hand(hand, by: str) -> list:
    """The hand sorted ``by`` "suit" (aces where the runs need them) or "rank"."""
    aces = high_aces(hand) if by == "suit" else frozenset()
    return sorted(hand, key=lambda c: sort_key(c, by, aces) if c is not None else (99, 0))


# --------------------------------------------------------------------------- the adapter

class BuracoAdapter(TrickAdapter):
    """Buraco's words for the shared summary and result scenes (and the table)."""

    game_id = "buraco"
    deck = DECK
    suits = SUIT_ORDER
    rank_order = RANKS

    def sort_key(self, card: str):
        return sort_key(card, "suit")

    def card_name(self, card: str) -> str:
        """A card named in running text ("o sete de copas", "the joker")."""
        return i18n.card_name(card, "french")

    def mode_name(self, mode: str | None = None) -> str:
        return self.t(f"options.buraco.mode_{mode or self.match.options['mode']}")

    def kind_name(self, kind: str) -> str:
        return self.t(f"buraco_table.{KIND_KEY[kind]}")

    # ----- reasons
    def reason_words(self, english: str, key: str, params: dict | None) -> str:
        """A refusal in the player's language: ``buraco_reasons.<key>``; the engine's
        English words when there is no string for it."""
        params = params or {}
        p: dict = {"mode": self.mode_name(params.get("mode"))}
        for k, v in params.items():
            if k == "card":
                p["name"] = self.card_name(v)
            elif k == "mode" and "card" not in params:
                p["name"] = self.mode_name(v)
            elif k == "index":
                p["n"] = v + 1
        key = self.reason_key(key, params)
        if key in ("too_few", "select_meld"):
            p["n"] = 3
        elif key == "set_too_big":
            p["n"] = 9
        lookup = f"buraco_reasons.{key}"
        text = self.t(lookup, **p)
        return english if text == lookup else sentence(text)

    @staticmethod
    def reason_key(key: str, params: dict) -> str:
        """The string that states the rule behind a refusal: the engine's key, made precise by
        its parameters (a clean canasta or any; laying the last cards or discarding the last
        one; a mode without sets)."""
        clean = bool(params.get("clean"))
        if key == "close_needs_canasta":
            if params.get("by_meld", True):
                return "close_needs_clean" if clean else "close_needs_canasta"
            return "close_discard_clean" if clean else "close_discard_canasta"
        if key in ("dead_end", "take_would_close", "take_dead_end") and clean:
            return key + "_clean"
        if key == "top_not_playable" and params.get("mode"):
            return "top_not_playable_runs"
        return key

    def reason_text(self, exc) -> str:
        return self.reason_words(exc.reason, exc.reason_key, exc.params)

    # ----- summaries
    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        info = rec.info
        details = info.get("details")
        rows: list = []
        if not details:
            return rows
        closer = next((e.seat for e in rec.events if e.kind == "closed"), None)
        if closer is not None:
            rows.append([("dot", self.seat_colour(closer), 7),
                         ("t", t("buraco_summary.closed_by", name=self.name(closer)), theme.GOOD, theme.FONT,
                          True, 540)])
        else:
            stall = next((e.data.get("stalled") for e in rec.events if e.kind == "stock exhausted"), None)
            words = t("buraco_summary.stalled", n=stall) if stall else t("buraco_summary.stock_out")
            rows.append([("t", words, PANEL_TEXT, theme.FONT, True, 560)])
        label_w, col_w = 236, 168
        heads = [("gap", label_w)]
        for side in (0, 1):
            heads += [("dot", self.side_colour(side), 6),
                      ("cell", self.side_name(side), PANEL_TEXT, 17, True, col_w - 18, "center")]
        rows.append(heads)
        items = (("cards", "melded"), ("canastas", "canastas"), ("close", "close"), ("hand", "in_hand"),
                 ("muerto", "muerto"))
        for field, key in items:
            row = [("cell", t(f"buraco_summary.{key}"), PANEL_DIM, theme.FONT_SMALL, False, label_w, "left")]
            for side in (0, 1):
                v = details[side][field]
                text = _signed(v, num) if v else "–"
                colour = PANEL_TEXT if v >= 0 else (236, 150, 140)
                row += [("gap", 12), ("cell", text, colour, theme.FONT, True, col_w - 12, "center")]
            rows.append(row)
            if field == "canastas":
                kinds = info.get("canastas") or [[], []]
                sub = [("gap", label_w)]
                words = []
                for side in (0, 1):
                    counted = Counter(k for k in kinds[side] if k)
                    words.append(", ".join(t("buraco_summary.kind_count", name=self.kind_name(k), n=c)
                                           for k, c in sorted(counted.items(), key=lambda kv: -KIND_ORDER[kv[0]])))
                if any(words):
                    for w in words:
                        sub += [("gap", 12), ("cell", w or "", PANEL_DIM, 15, False, col_w - 12, "center")]
                    rows.append(sub)
        rows.append(["---"])
        row = [("cell", t("buraco_summary.total"), theme.ACCENT, theme.FONT, True, label_w, "left")]
        for side in (0, 1):
            row += [("gap", 12), ("cell", _signed(details[side]["total"], num, plus=False), theme.ACCENT,
                                  theme.FONT_BIG, True, col_w - 12, "center")]
        rows.append(row)
        rows.append(["---"])
        scored = next((e for e in rec.events if e.kind == "hand scored"), None)
        score = scored.data["score"] if scored else self.match.score
        target = self.match.options.get("target", 2000)
        row = [("cell", t("buraco_summary.match"), PANEL_DIM, theme.FONT_SMALL, False, label_w, "left")]
        for side in (0, 1):
            row += [("gap", 12), ("cell", f"{num(score[side])} / {num(target)}", PANEL_TEXT, theme.FONT, True,
                                  col_w - 12, "center")]
        rows.append(row)
        return rows

    def trophy_cards(self) -> tuple:
        return ("10H", "JH", "QH", "KH", "AH")


def _signed(v: int, num, plus: bool = True) -> str:
    if v < 0:
        return "-" + num(-v)
    return ("+" if plus and v > 0 else "") + num(v)
