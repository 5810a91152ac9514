"""Tute at the trick table: the stock and the turned trump (two players), the face-up
40th card (three), the cantes of twenty and forty shown with their cards."""
from __future__ import annotations

from game.engine.tricks import winning_position
from game.games import tute as tu
from game.scenes.tables.adapter import PANEL_DIM, PANEL_TEXT, Control, TrickAdapter, one_at_a_time, split_card
from game.ui import theme


class TuteAdapter(TrickAdapter):
    game_id = "tute"
    deck = "spanish"
    suits = ("O", "C", "E", "B")
    rank_order = ("1", "3", "12", "11", "10", "7", "6", "5", "4", "2")
    big_calls = frozenset({"sang", "capote announced"})

    @property
    def stock_game(self) -> bool:       # type: ignore[override]
        return self.n == 2

    def game_title(self) -> str:
        return self.t({2: "tute_table.variant_two", 3: "tute_table.variant_three",
                       4: "tute_table.variant_four"}[self.n])

    def deal_plan(self, events: list) -> list[tuple[int, str | None]]:
        """One card at a time round the table, mano first (rules §2)."""
        per_seat = []
        for ev in events:
            cards = ev.data.get("cards")
            per_seat.append((ev.seat, cards, ev.data.get("count", len(cards or ()))))
        return one_at_a_time(per_seat)

    def reset(self, deal_index: int, dealer: int) -> None:
        super().reset(deal_index, dealer)
        self.info.update(trump_card=None, trump_suit=None, stock=0, points=[0] * self.side_count(),
                         cantes=[], capote=None)

    def on_event(self, ev) -> None:
        info, kind, data = self.info, ev.kind, ev.data
        if kind == "trump turned":
            info["trump_card"], info["trump_suit"] = data["card"], data["suit"]
            if self.n == 2:
                info["stock"] = 24
        elif kind == "drew":
            info["stock"] = max(0, info["stock"] - 1)
        elif kind == "exchanged":
            info["trump_card"] = data["card"]
        elif kind == "trick won":
            side = self.side_of(ev.seat)
            info["points"][side] += data["points"]
            if self.n == 2:
                info["score"][side] += data["points"]
        elif kind == "sang":
            side = self.side_of(ev.seat)
            what = data["what"]
            info["cantes"].append((ev.seat, "tute" if what == "tute" else str(data.get("points")),
                                   data.get("suit")))
            if what != "tute":
                info["points"][side] += data["points"]
                if self.n == 2:
                    info["score"][side] += data["points"]
        elif kind == "capote announced":
            info["capote"] = ev.seat
        elif kind == "deal scored":
            info["score"] = list(data["score"])
            info["points"] = list(data["points"])

    def sync(self, view: dict, viewer: int | None) -> None:
        info = self.info
        info["score"] = list(view["score"])
        info["trump_card"], info["trump_suit"] = view["trump_card"], view["trump_suit"]
        info["stock"] = view["stock_size"]
        info["points"] = list(view["points"])
        info["cantes"] = [(c["seat"], c["kind"], c["suit"]) for c in view["cantes"]]
        info["capote"] = view["capote"]

    def cante_text(self, kind: str, suit: str | None) -> str:
        if kind == "tute":
            return self.t("calls.tute")
        if kind == "40":
            return self.t("calls.forty")
        return self.t("calls.twenty", name=self.suit_name(suit))

    def panel_rows(self, viewer: int | None) -> list:
        info, t, num = self.info, self.t, self.app.num
        rows = [[("t", self.game_title(), PANEL_TEXT, theme.FONT, True, 200),
                 ("t", "· " + t("table.deal", n=info["deal"] + 1), PANEL_DIM, theme.FONT_SMALL, False)]]
        if info["trump_card"]:
            line = [("card", info["trump_card"], "spanish", 46),
                    ("t", t("tute_table.trump", name=self.suit_name(info["trump_suit"])), PANEL_TEXT,
                     theme.FONT_SMALL, True, 150)]
            if self.n == 2 and info["stock"] > 0:
                line.append(("t", "· " + t("tute_table.stock", n=info["stock"]), PANEL_DIM, theme.FONT_SMALL, False))
            rows.append(line)
            if self.n == 2 and info["stock"] == 0:     # the follow rules have tightened (rules §3.1)
                rows.append([("tip", t("trick_help.stock_empty")),
                             ("t", t("trick_help.stock_empty_line"), theme.ACCENT, theme.FONT_SMALL, True, 296)])
        rows.append(["---"])
        target = self.match.options.get("target", 101) if self.n == 2 else self.match.options.get("wins", 3)
        tip = (t("trick_help.tip_tute_score", n=target) if self.n == 2 else t("trick_help.tip_tute_pips", n=target))
        for side in range(self.side_count()):
            line = [("tip", tip), ("dot", self.side_colour(side), 6),
                    ("t", self.side_name(side), PANEL_TEXT, theme.FONT_SMALL, False, 150 if self.n != 2 else 140),
                    ("fill",),
                    ("t", t("table.points", n=info["points"][side]), PANEL_TEXT, theme.FONT_SMALL, True)]
            if self.n == 2:
                line.append(("t", f"{num(info['score'][side])}/{num(target)}", theme.ACCENT, theme.FONT_SMALL, True))
            else:
                line.append(("pips", info["score"][side], target, theme.ACCENT, 5))
            rows.append(line)
        sung = [c for c in info["cantes"]]
        if sung:
            texts = []
            for seat, kind, suit in sung[-3:]:
                if kind == "tute":
                    texts.append(t("calls.tute"))
                elif kind == "40":
                    texts.append(num(40))
                else:
                    texts.append(num(20) + " " + self.suit_name(suit))
            rows.append([("t", t("tute_table.cantes", name=", ".join(texts)), PANEL_DIM, theme.FONT_SMALL,
                          False, 296)])
        if info["capote"] is not None:
            rows.append([("t", t("tute_table.capote_by", name=self.name(info["capote"])), theme.ACCENT,
                          theme.FONT_SMALL, True, 296)])
        return rows

    def bubble(self, ev) -> str | None:
        kind, d = ev.kind, ev.data
        if kind == "sang":
            what = d["what"]
            if what == "tute":
                return self.t("calls.tute")
            if what == "40":
                return self.t("calls.forty")
            return self.t("calls.twenty", name=self.suit_name(d["suit"]))
        if kind == "passed":
            return self.t("calls.pass_window") if d.get("round") == "window" else self.t("calls.pass")
        if kind == "exchanged":
            rank, _ = split_card(d["card"])
            return self.t("calls.exchange", n=int(rank))
        if kind == "capote announced":
            return self.t("calls.capote")
        return None

    def bubble_cards(self, ev) -> tuple:
        if ev.kind != "sang":
            return ()
        if ev.data.get("what") == "tute":
            rank = "12" if ev.data.get("cards") == "kings" else "11"
            return tuple(rank + s for s in self.suits)
        suit = ev.data.get("suit")
        return ("12" + suit, "11" + suit) if suit else ()

    def log_line(self, ev) -> str | None:
        if ev.kind == "capote won":
            return self.t("calls.capote_won", name=self.name(ev.seat))
        if ev.kind == "capote lost":
            return self.t("calls.capote_lost", name=self.name(ev.seat))
        return super().log_line(ev)

    def controls(self, legal: list[str], view: dict) -> list[Control]:
        t = self.t
        out: list[Control] = []
        for action in legal:
            if action.startswith("play "):
                continue
            if action == "sing 40":
                out.append(Control(action, t("tute_table.sing40", n=40), style="primary",
                                   tooltip=t("trick_help.tip_tute_40", n=40)))
            elif action.startswith("sing 20 "):
                suit = action.split()[2]
                out.append(Control(action, t("tute_table.sing20", n=20, name=self.suit_name(suit)),
                                   style="primary", suit=suit,
                                   tooltip=t("trick_help.tip_tute_20", n=20, name=self.suit_name(suit))))
            elif action == "sing tute":
                out.append(Control(action, t("tute_table.sing_tute"), style="primary",
                                   tooltip=t("trick_help.tip_tute_tute")))
            elif action == "exchange":
                exch = self.match.exch
                rank = int(split_card(self.match.deck.names[exch])[0]) if exch is not None else 7
                out.append(Control(action, t("tute_table.exchange", n=rank),
                                   tooltip=t("trick_help.tip_tute_exchange", n=rank)))
            elif action == "capote":              # the match on one promise: risky, not the default
                out.append(Control(action, t("tute_table.capote"), style="risky",
                                   tooltip=t("trick_help.tip_tute_capote", n=8)))
            elif action == "pass":
                out.append(Control(action, t("tute_table.pass"), tooltip=t("trick_help.tip_tute_pass")))
        return out

    def winning_index(self, trick: list[tuple[int, str]]) -> int | None:
        """The turned trump is public: the highest trump, else the highest card of the suit led."""
        suit = self.info.get("trump_suit")
        if not trick or suit is None:
            return None
        return winning_position([tu.DECK.card(c) for _, c in trick], tu.PER_SUIT, tu.SUITS.index(suit))

    def notice(self, ev) -> str | None:
        """Two players: the last draw empties the stock, and from the next trick on one must
        follow suit, beat and trump (rules §3.1)."""
        if self.n == 2 and ev.kind == "drew" and self.info["stock"] == 0:
            return self.t("trick_help.stock_empty")
        return None

    def result_rows(self) -> list:
        if self.n == 2:
            return super().result_rows()
        wins = self.match.options.get("wins", 3)
        rows = []
        for side in range(self.side_count()):
            rows.append([("dot", self.side_colour(side), 8),
                         ("t", self.side_name(side), PANEL_TEXT, theme.FONT, False, 300), ("fill",),
                         ("pips", self.match.score[side], wins, theme.ACCENT, 8)])
        return rows

    def trophy_cards(self) -> tuple:
        return ("1O", "1C", "1E", "1B")

    def _deal_breakdown(self, rec) -> tuple[list, list, list, int | None]:
        """(card points, cantes, last ten per side, last-trick winner) of a recorded deal."""
        k = self.side_count()
        cards, cantes, last = [0] * k, [0] * k, [0] * k
        tricks = [e for e in rec.events if e.kind == "trick won"]
        last_winner = None
        for i, e in enumerate(tricks):
            side = self.side_of(e.seat)
            cards[side] += e.data["points"]
        if tricks and len(tricks) == self.match.ntricks:
            last_winner = tricks[-1].seat
            side = self.side_of(last_winner)
            cards[side] -= 10
            last[side] = 10
        for e in rec.events:
            if e.kind == "sang" and e.data.get("what") != "tute":
                cantes[self.side_of(e.seat)] += e.data["points"]
        return cards, cantes, last, last_winner

    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        cards, cantes, last, _ = self._deal_breakdown(rec)
        points = rec.points or [0] * self.side_count()
        rows: list = []
        info = rec.info
        if info.get("tute") is not None:
            rows.append([("t", t("summary.tute_win", name=self.name(info["tute"])), theme.ACCENT,
                          theme.FONT, True, 520)])
        if info.get("capote") is not None:
            key = "summary.capote_won" if info.get("capote_result") == "won" else "summary.capote_lost"
            rows.append([("t", t(key, name=self.name(info["capote"])), theme.ACCENT, theme.FONT, True, 520)])
        widths = (104, 92, 92, 104)
        heads = [t("summary.card_points"), t("tute_table.last_ten"), t("summary.cantes"), t("summary.deal_total")]
        rows.append([("gap", 194)] + [("cell", h, PANEL_DIM, 16, False, w, "center") for h, w in zip(heads, widths)])
        for side in range(self.side_count()):
            values = [num(cards[side]), num(last[side]) if last[side] else "–",
                      num(cantes[side]) if cantes[side] else "–", num(points[side])]
            rows.append([("dot", self.side_colour(side), 7),
                         ("cell", self.side_name(side), PANEL_TEXT, theme.FONT, False, 172, "left")]
                        + [("cell", v, PANEL_TEXT if i < 3 else theme.ACCENT, theme.FONT, True, w, "center")
                           for i, (v, w) in enumerate(zip(values, widths))])
        rows.append(["---"])
        winner = info.get("deal_winner")
        if self.n == 2:
            target = self.match.options.get("target", 101)
            rows.append([("t", t("summary.match_total"), PANEL_DIM, theme.FONT_SMALL, False)])
            scored = next((e for e in rec.events if e.kind == "deal scored"), None)
            score = scored.data["score"] if scored else self.match.score
            for side in range(2):
                rows.append([("dot", self.side_colour(side), 7),
                             ("t", self.side_name(side), PANEL_TEXT, theme.FONT, False, 260),
                             ("t", f"{num(score[side])} / {num(target)}", theme.ACCENT, theme.FONT, True)])
        elif winner is not None:
            rows.append([("dot", self.side_colour(winner), 8),
                         ("t", t("summary.deal_winner", name=self.side_name(winner)), theme.GOOD, theme.FONT_BIG,
                          True, 520)])
            wins = self.match.options.get("wins", 3)
            scored = next((e for e in rec.events if e.kind == "deal scored"), None)
            score = scored.data["score"] if scored else self.match.score
            rows.append([("t", t("summary.deals_won"), PANEL_DIM, theme.FONT_SMALL, False)])
            for side in range(self.side_count()):
                rows.append([("dot", self.side_colour(side), 7),
                             ("t", self.side_name(side), PANEL_TEXT, theme.FONT, False, 260),
                             ("pips", score[side], wins, theme.ACCENT, 7)])
        return rows
