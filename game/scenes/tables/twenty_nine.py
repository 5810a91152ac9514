"""Twenty-nine at the trick table: the bid spinner, the trump (hidden, then shown), the
marriage, the red and black sixes that keep the score."""
from __future__ import annotations

from game.engine.tricks import winning_position
from game.games import twenty_nine as tn
from game.scenes.tables.adapter import PANEL_DIM, PANEL_TEXT, Control, TrickAdapter
from game.ui import theme


def _score_colour(score: int):
    """The score's number: good news in green, a negative score light grey (the red and
    black six beside it keep the traditional colours)."""
    if score > 0:
        return theme.GOOD
    if score < 0:
        return (170, 180, 190)
    return PANEL_TEXT


#: The speech bubble of each call (the bid's own says the number).
CALL_WORDS = {"passed": "calls.pass", "doubled": "calls.double", "redoubled": "calls.redouble",
              "trump chosen": "calls.trump_chosen", "single hand": "calls.single_hand",
              "trump revealed": "calls.reveal_trump", "marriage shown": "calls.marriage"}


def last_bid(calls: list, holder: int | None) -> tuple[int | None, bool]:
    """From a view's auction ``calls`` ([seat, "17" or "pass"], in order): who made the
    standing bid, and whether that was a hold (equal to the bid before it)."""
    bids = [(seat, int(call)) for seat, call in calls if str(call).isdigit()]
    if not bids:
        return holder, False
    seat, n = bids[-1]
    return seat, len(bids) > 1 and bids[-2][1] == n


class TwentyNineAdapter(TrickAdapter):
    game_id = "twenty_nine"
    deck = "french"
    suits = ("S", "H", "C", "D")              # alternate colours in the hand
    rank_order = ("J", "9", "A", "10", "K", "Q", "8", "7")
    big_calls = frozenset({"doubled", "redoubled", "single hand", "marriage shown"})

    def reset(self, deal_index: int, dealer: int) -> None:
        super().reset(deal_index, dealer)
        self.info.update(bid=None, high=None, held=False, bidder=None, mult=1, trump=None, chosen=False,
                         revealed=False, single=None, marriage=None, target=None,
                         points=[0, 0], phase="auction")

    def on_event(self, ev) -> None:
        info = self.info
        kind, data = ev.kind, ev.data
        if kind == "bid":
            # a bid equal to the standing one is the holder holding it (the earlier player wins ties)
            info["held"] = info["bid"] is not None and data["n"] == info["bid"]
            info["bid"], info["high"] = data["n"], ev.seat
        elif kind == "auction won":
            info["bidder"], info["bid"], info["target"] = ev.seat, data["bid"], data["bid"]
            info["phase"] = "double"
        elif kind == "doubled":
            info["mult"] = 2
        elif kind == "redoubled":
            info["mult"] = 4
        elif kind == "trump chosen":
            info["chosen"] = True
            if "suit" in data:
                info["trump"] = data["suit"]
        elif kind == "trump revealed":
            info["revealed"], info["trump"] = True, data["suit"]
        elif kind == "marriage shown":
            info["marriage"], info["target"] = ev.seat % 2, data["target"]
        elif kind == "single hand":
            info["single"] = ev.seat
        elif kind == "trick won":
            info["points"][ev.seat % 2] += data["points"]
            info["phase"] = "play"
        elif kind == "deal scored":
            info["score"] = list(data["score"])
            info["points"] = list(data["points"])

    def sync(self, view: dict, viewer: int | None) -> None:
        info = self.info
        info["score"] = list(view["score"])
        info["bid"], info["high"], info["held"] = view["bid"], *last_bid(view.get("calls", []), view["holder"])
        info["bidder"], info["mult"] = view["bidder"], view["multiplier"]
        info["revealed"], info["chosen"] = view["trump_revealed"], view["trump_chosen"]
        known = view["trump"] if (view["trump_revealed"] or (viewer is not None and viewer == view["bidder"])) else None
        info["trump"] = known
        info["single"], info["marriage"] = view["single_hand"], view["marriage_team"]
        info["target"], info["points"] = view["target"], list(view["points"])
        info["phase"] = view["phase"]

    def panel_rows(self, viewer: int | None) -> list:
        info, t, num = self.info, self.t, self.app.num
        rows = [[("t", self.game_title(), PANEL_TEXT, theme.FONT, True),
                 ("t", "· " + t("table.deal", n=info["deal"] + 1), PANEL_DIM, theme.FONT_SMALL, False)]]
        six_tip = t("trick_help.tip_six", n=self.match.options.get("target", 6))
        for team in (0, 1):
            score = info["score"][team]
            rows.append([("tip", six_tip), ("six", score, 40), ("dot", theme.TEAM[team], 6),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT_SMALL, False, 138),
                         ("fill",),
                         ("t", t("table.points", n=info["points"][team]), PANEL_DIM, 16, False),
                         ("cell", ("+" if score > 0 else "") + num(score), _score_colour(score), theme.FONT, True,
                          34, "right")])
        rows.append(["---"])
        if info["single"] is not None:
            rows.append([("t", t("table29.single_line", name=self.name(info["single"])), theme.ACCENT,
                          theme.FONT_SMALL, True, 296)])
            return rows
        if info["bidder"] is None:
            if info["bid"] is None:
                rows.append([("t", t("table29.bidding"), PANEL_DIM, theme.FONT_SMALL, False)])
            elif info["held"]:
                rows.append([("t", t("hold29.line", n=info["bid"], name=self.name(info["high"])),
                              PANEL_TEXT, theme.FONT_SMALL, False, 296)])
            else:
                rows.append([("t", t("table29.high_bid", n=info["bid"], name=self.name(info["high"])),
                              PANEL_TEXT, theme.FONT_SMALL, False, 296)])
            return rows
        line = [("dot", self.seat_colour(info["bidder"]), 5),
                ("t", t("table29.bid_by", n=info["bid"], name=self.name(info["bidder"])), PANEL_TEXT,
                 theme.FONT_SMALL, True, 200)]
        if info["mult"] > 1:
            key = "table29.doubled" if info["mult"] == 2 else "table29.redoubled"
            line.append(("t", t(key, n=info["mult"]), theme.ACCENT, theme.FONT_SMALL, True))
        rows.append(line)
        trump = info["trump"]
        if not info["chosen"]:
            rows.append([("t", t("table29.trump_not_chosen"), PANEL_DIM, theme.FONT_SMALL, False, 296)])
        elif info["revealed"]:
            rows.append([("t", t("table29.trump_label"), PANEL_TEXT, theme.FONT_SMALL, False),
                         ("suit", trump, "french", 20),
                         ("t", self.suit_name(trump), PANEL_TEXT, theme.FONT_SMALL, True)])
        elif trump is not None:                     # the bidder sees his own hidden trump
            rows.append([("t", t("table29.trump_label"), PANEL_TEXT, theme.FONT_SMALL, False),
                         ("back", "french", 24), ("suit", trump, "french", 18),
                         ("t", t("table29.hidden_yours", name=self.suit_name(trump)), PANEL_DIM,
                          theme.FONT_SMALL, False, 190)])
        else:
            rows.append([("t", t("table29.trump_label"), PANEL_TEXT, theme.FONT_SMALL, False),
                         ("back", "french", 24),
                         ("t", t("table29.hidden"), PANEL_DIM, theme.FONT_SMALL, False)])
        target = info["target"] if info["target"] is not None else info["bid"]
        line = [("t", t("table.target", n=target), PANEL_TEXT, theme.FONT_SMALL, False)]
        if info["marriage"] is not None:
            line.append(("t", "· " + t("table29.marriage_line"), theme.ACCENT, theme.FONT_SMALL, False, 150))
        rows.append(line)
        return rows

    def bubble(self, ev) -> str | None:
        if ev.kind == "bid":
            if self._is_hold(ev):
                return self.t("hold29.bubble", n=ev.data["n"])
            return self.t("calls.bid", n=ev.data["n"])
        key = CALL_WORDS.get(ev.kind)
        return self.t(key) if key else None

    def bubble_cards(self, ev) -> tuple:
        if ev.kind == "marriage shown":
            return ("K" + ev.data["suit"], "Q" + ev.data["suit"])
        return ()

    def _is_hold(self, ev) -> bool:
        """Whether the bid ``ev`` (just applied to the model) holds the standing bid."""
        return self.info["held"] and self.info["high"] == ev.seat and self.info["bid"] == ev.data["n"]

    def log_line(self, ev) -> str | None:
        if ev.kind == "bid" and self._is_hold(ev):
            return self.t("hold29.line", name=self.name(ev.seat), n=ev.data["n"])
        if ev.kind == "auction won":
            return self.t("calls.auction_won", name=self.name(ev.seat), n=ev.data["bid"])
        if ev.kind == "trump revealed":
            return f"{self.name(ev.seat)}: {self.t('calls.trump_is', name=self.suit_name(ev.data['suit']))}"
        if ev.kind == "deal void":
            return self.t("calls.all_passed")
        return super().log_line(ev)

    def controls(self, legal: list[str], view: dict) -> list[Control]:
        t = self.t
        phase = view.get("phase")
        out: list[Control] = []
        if phase == "auction":
            bids = sorted(int(a.split()[1]) for a in legal if a.startswith("bid "))
            if bids:
                # the holder may only equal the standing bid: that is holding it
                label_key = "hold29.button" if bids == [view.get("bid")] else "table29.bid_button"
                out.append(Control(None, t(label_key, n=bids[0]), kind="bid", style="primary",
                                   values=bids, action_fmt="bid {}", label_key=label_key,
                                   tooltip=t("trick_help.tip29_bid")))
            out.append(Control("pass", t("table29.pass"), tooltip=t("trick_help.tip29_pass_bid")))
        elif phase in ("double", "redouble"):
            verb = phase                          # a bet on the deal: risky, not the default
            out.append(Control(verb, t(f"table29.{verb}"), style="risky", tooltip=t(f"trick_help.tip29_{verb}")))
            out.append(Control("pass", t("table29.pass"), tooltip=t("trick_help.tip29_pass_" + verb)))
        elif phase == "trump":
            for suit in ("S", "H", "D", "C"):
                action = f"choose-trump {suit}"
                out.append(Control(action, self.suit_name(suit), suit=suit, enabled=action in legal,
                                   tooltip=t("trick_help.tip29_trump", name=self.suit_name(suit))))
        elif phase == "single-hand":
            out.append(Control("single-hand", t("table29.single_hand"), style="risky",
                               tooltip=t("trick_help.tip29_single", n=3)))
            out.append(Control("pass", t("table29.pass"), tooltip=t("trick_help.tip29_pass_single")))
        elif phase == "play":
            for action, key, tip in (("reveal-trump", "table29.reveal_trump", "trick_help.tip29_reveal"),
                                     ("show-marriage", "table29.show_marriage", "trick_help.tip29_marriage")):
                if action in legal:
                    out.append(Control(action, t(key), style="primary", tooltip=t(tip, n=4)))
        return out

    def winning_index(self, trick: list[tuple[int, str]]) -> int | None:
        """Until the trump is shown to everybody, the highest card of the suit led (trumps have
        no power yet, rules §4.2); after the reveal, trumps count (a single hand has none)."""
        if not trick:
            return None
        info = self.info
        trump = None
        if info.get("revealed") and info.get("single") is None and info.get("trump"):
            trump = tn.SUITS.index(info["trump"])
        return winning_position([tn.DECK.card(c) for _, c in trick], tn.PER_SUIT, trump)

    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        rows: list = []
        scored = next((e for e in rec.events if e.kind == "deal scored"), None)
        if any(e.kind == "deal void" for e in rec.events):
            rows.append([("t", t("summary.void"), PANEL_TEXT, theme.FONT, False, 520)])
            return rows
        info = rec.info
        points = rec.points or [0, 0]
        if info.get("single_hand") is not None:
            seat = info["single_hand"]
            key = "summary.single_won" if info.get("made") else "summary.single_lost"
            rows.append([("dot", self.seat_colour(seat), 7),
                         ("t", t(key, name=self.name(seat)), PANEL_TEXT, theme.FONT, True, 520)])
        else:
            bidder = info.get("bidder")
            rows.append([("dot", self.seat_colour(bidder), 7),
                         ("t", t("summary.bid_by", name=self.name(bidder), n=info.get("bid")), PANEL_TEXT,
                          theme.FONT, True, 400)])
            line = [("t", t("table.target", n=info.get("target")), PANEL_TEXT, theme.FONT, False)]
            mult = info.get("multiplier", 1)
            if mult > 1:
                key = "table29.doubled" if mult == 2 else "table29.redoubled"
                line.append(("t", "· " + t(key, n=mult), theme.ACCENT, theme.FONT, True))
            if info.get("trump"):
                line += [("t", "·", PANEL_DIM, theme.FONT, False), ("suit", info["trump"], "french", 22),
                         ("t", self.suit_name(info["trump"]), PANEL_TEXT, theme.FONT, False)]
            rows.append(line)
            made = info.get("made")
            rows.append([("t", t("summary.made") if made else t("summary.failed"),
                          theme.GOOD if made else theme.DANGER, theme.FONT_BIG, True)])
        rows.append(["---"])
        rows.append([("t", t("summary.card_points"), PANEL_DIM, theme.FONT_SMALL, False)])
        for team in (0, 1):
            rows.append([("dot", theme.TEAM[team], 7),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT, False, 330),
                         ("fill",), ("cell", num(points[team]), PANEL_TEXT, theme.FONT, True, 60, "right")])
        if scored is not None:
            rows.append(["---"])
            team, delta = scored.data["team"], scored.data["delta"]
            rows.append([("t", t("summary.score_change"), PANEL_DIM, theme.FONT_SMALL, False),
                         ("dot", theme.TEAM[team], 6),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT_SMALL, False, 250),
                         ("t", ("+" if delta > 0 else "") + num(delta), theme.GOOD if delta > 0 else theme.DANGER,
                          theme.FONT, True)])
            score = scored.data["score"]
            for tm in (0, 1):
                rows.append([("six", score[tm], 40), ("dot", theme.TEAM[tm], 6),
                             ("t", self.side_name(tm), PANEL_TEXT, theme.FONT, False, 330),
                             ("fill",), ("cell", ("+" if score[tm] > 0 else "") + num(score[tm]), PANEL_TEXT,
                                         theme.FONT_BIG, True, 60, "right")])
        return rows

    def result_rows(self) -> list:
        rows = []
        for team in (0, 1):
            score = self.match.score[team]
            rows.append([("six", score, 44), ("dot", theme.TEAM[team], 8),
                         ("t", self.side_name(team), PANEL_TEXT, theme.FONT, False, 300), ("fill",),
                         ("t", ("+" if score > 0 else "") + self.app.num(score), theme.ACCENT, theme.FONT_BIG, True)])
        return rows

    def concede_winner(self, seat: int) -> int:
        return 1 - seat % 2

    def trophy_cards(self) -> tuple:
        return ("JS", "JH", "JC", "JD")
