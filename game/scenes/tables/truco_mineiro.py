"""Truco Mineiro at the trick table: 2 or 4 seats, points to 12 on a twelve-notch track;
mão de dez and mão de ferro are announced in the middle of the table and stay in the
panel. In a mão de dez the deciding pair sees the partner's cards in a side panel, drawn
only from the viewer's own view (so hot-seat keeps it private). In a blind mão de ferro
the viewer's own cards are dealt and shown face down, and a click picks one by position
(``play #1``).
"""
from __future__ import annotations

import pygame

from game.games import truco_mineiro as tm
from game.scenes.tables.adapter import PANEL_DIM, PANEL_TEXT, Control
from game.scenes.tables.truco import ACCENT, CHIP_FLOR, CHIP_PLAIN, TrucoAdapter
from game.ui import gfx, theme
from game.ui.text import default_renderer

MI_STEPS = tm.STEP_NAMES            # ("", "truco", "seis", "dez", "doze")


def _notch(colour, filled: bool, w: int, h: int) -> pygame.Surface:
    """One point of the track, drawn at three times its size and scaled down (smooth edges): a
    filled box in the pair's colour, or an empty one: a dimmed slot of that colour with a dot
    (never a thin outline, which reads as a missing glyph)."""
    k = 3
    big = gfx.Surface((w * k, h * k), pygame.SRCALPHA)
    r = big.get_rect()
    radius = 2 * k
    if filled:
        gfx.draw.rect(big, colour, r, border_radius=radius)
        light = tuple(min(255, c + 60) for c in colour[:3])
        gfx.draw.rect(big, light, pygame.Rect(r.x + k, r.y + k, r.w - 2 * k, max(k, r.h // 4)),
                      border_radius=radius)
    else:                                   # a slot in the pair's colour, dimmed: still to be won
        dim = tuple(int(c * 0.32 + 10) for c in colour[:3])
        gfx.draw.rect(big, dim, r, border_radius=radius)
        gfx.draw.rect(big, tuple(int(c * 0.75) for c in colour[:3]), r, 2 * k, border_radius=radius)
        gfx.draw.circle(big, tuple(int(c * 0.6) for c in colour[:3]), r.center, max(2, k))
    return gfx.transform.smoothscale(big, (w, h))


def track(app, names: tuple, colours: tuple, scores: tuple, target: int, width: int = 296) -> pygame.Surface:
    """Truco Mineiro's score: a column per pair, twelve square boxes in two rows of six filled
    point by point (in pairs, as the points come), the last two set apart: at ten a pair plays
    the mão de dez."""
    text = default_renderer()
    col_w = width // 2
    head_h = 26
    per_row = (target + 1) // 2
    box = max(8, min(16, (col_w - 20 - 3 * 3 - 2 * 8 - 4) // per_row))
    height = head_h + 4 + 2 * box + 4 + 4
    surf = gfx.Surface((width, height), pygame.SRCALPHA)
    for team in (0, 1):
        x0 = team * col_w
        gfx.draw.circle(surf, colours[team], (x0 + 10, head_h // 2), 5)
        score = text.render(app.num(scores[team]), theme.FONT, ACCENT, True)
        surf.blit(score, score.get_rect(midright=(x0 + col_w - 8, head_h // 2)))
        name = text.elide(names[team], 16, col_w - 30 - score.get_width())
        img = text.render(name, 16, PANEL_TEXT)
        surf.blit(img, img.get_rect(midleft=(x0 + 20, head_h // 2)))
        for i in range(target):
            row, k = divmod(i, per_row)
            x = x0 + 10 + k * (box + 3) + (k // 2) * 5 + (4 if i >= target - 2 else 0)
            y = head_h + 4 + row * (box + 4)
            surf.blit(_notch(colours[team], i < scores[team], box, box), (x, y))
    gfx.draw.line(surf, (255, 255, 255, 50), (col_w, 4), (col_w, height - 2), 1)
    return surf


# --------------------------------------------------------------------------- shared


class TrucoMineiroAdapter(TrucoAdapter):
    game_id = "truco_mineiro"
    deck = "french"
    suits = ("S", "H", "C", "D")
    tie_kinds = frozenset({"trick tied"})
    center_calls = frozenset({"mão de dez"})
    calls_table = "mineiro_calls"
    gloss_words = {"accept": "aceito", "reject": "corro"}
    reasons_table = "mineiro"

    def strength(self, card: str) -> int:
        return tm.STRENGTH[tm.DECK.card(card)]

    def tie_label(self) -> str:
        return self.t("mineiro_table.tie")

    keep_tricks = False                  # decided tricks go to the winner's pile (readable centre)

    def all_tied_key(self) -> str:
        return ("trick_help.tie_all_none" if self.match.options.get("triple_tie") == "none"
                else "trick_help.tie_all_dealer")

    def marker_tip(self, kind: str) -> str | None:
        if kind == "score":
            return self.t("trick_help.tip_track", n=tm.TARGET, value=tm.TARGET - 2)
        return super().marker_tip(kind)

    def badge_tip(self, seat: int) -> str | None:
        info = self.info
        if info["special"] == "mão de dez" and info["dez_team"] is not None and seat % 2 == info["dez_team"]:
            return self.t("trick_help.tip_badge_dez")
        if seat == info["mao"]:
            return self.t("trick_help.tip_badge_mao")
        return None

    def call_key(self, name: str) -> str:
        return name

    def reset(self, deal_index: int, dealer: int) -> None:
        super().reset(deal_index, dealer)
        self.info.update(mao=(dealer + 1) % self.n, value=2, pending=None, responder=None, special=None,
                         dez_team=None, blind=False, results=[], partner=None)

    def on_event(self, ev) -> None:
        info, kind, d, seat = self.info, ev.kind, ev.data, ev.seat
        if kind == "called":
            info["pending"], info["responder"] = d["call"], (seat + 1) % self.n
        elif kind == "accepted":
            info["value"], info["pending"] = d["value"], None
        elif kind == "refused":
            info["pending"] = None
        elif kind == "mão de dez":
            info["special"], info["dez_team"] = "mão de dez", d["team"]
        elif kind == "mão de dez decision":
            if d["choice"] == "accept":
                info["value"] = tm.MAO_DE_DEZ_VALUE
        elif kind == "mão de ferro":
            info["special"], info["blind"] = "mão de ferro", d.get("blind", False)
        elif kind == "trick won":
            info["results"] = info["results"] + [d["team"]]
        elif kind == "trick tied":
            info["results"] = info["results"] + [None]
        elif kind == "deal scored":
            info["score"] = list(d["score"])

    def sync(self, view: dict, viewer: int | None) -> None:
        info = self.info
        info["score"] = list(view["score"])
        info["mao"], info["value"] = view["mao"], view["value"]
        pending = view["pending"]
        info["pending"] = pending["call"] if pending else None
        info["responder"] = pending["responder"] if pending else None
        info["special"], info["blind"] = view["special"], view["blind"]
        info["dez_team"] = view["mao_de_dez_team"]
        info["results"] = [t["team"] for t in view["tricks"]]
        # the mão de dez partner's cards: only from the viewer's own view
        mine = viewer is not None and view["seat"] == viewer and "partner_hand" in view
        info["partner"] = (viewer, (viewer + 2) % self.n, tuple(view["partner_hand"])) if mine else None

    def panel_rows(self, viewer: int | None) -> list:
        info, t = self.info, self.t
        rows = [[("t", self.game_title(), PANEL_TEXT, theme.FONT, True, 196),
                 ("t", "· " + t("mineiro_table.hand", n=info["deal"] + 1), PANEL_DIM, theme.FONT_SMALL, False)]]
        rows.append([("tip", self.marker_tip("score")),
                     ("img", track, self._names(viewer), (theme.TEAM[0], theme.TEAM[1]), tuple(info["score"]),
                      tm.TARGET)])
        rows.append(["---"])
        special = info["special"]
        if special == "mão de dez" and info["dez_team"] is not None:
            rows.append([("t", t("mineiro_table.dez_line", name=self.side_name(info["dez_team"])), ACCENT, 16,
                          True, 296)])
        elif special == "mão de ferro":
            key = "mineiro_table.ferro_blind" if info["blind"] else "mineiro_table.ferro_line"
            rows.append([("t", t(key), ACCENT, 16, True, 296)])
        line = [("t", t("mineiro_table.hand_worth", n=info["value"]), PANEL_TEXT, 17, True), ("fill",)]
        row = self.tricks_row(info["results"], "")
        line = [row[0]] + line + row[2:]          # the trick marks, with their tooltip
        rows.append(line)
        if info["pending"]:
            rows.append([("t", self.call_word(info["pending"]) + ": "
                              + t("mineiro_table.waiting", name=self.name(info["responder"])), ACCENT, 16, True, 296)])
        return rows

    def seat_badge(self, seat: int):
        info, t = self.info, self.t
        if info["special"] == "mão de dez" and info["dez_team"] is not None and seat % 2 == info["dez_team"]:
            return (t("mineiro_calls.mao_de_dez"), CHIP_FLOR)
        if seat == info["mao"]:
            return (t("mineiro_table.badge_mao"), CHIP_PLAIN)
        return None

    def side_panel(self, viewer: int) -> list | None:
        partner = self.info.get("partner")
        if partner is None or partner[0] != viewer or not partner[2]:
            return None
        t = self.t
        return [[("t", t("mineiro_table.partner_cards", name=self.name(partner[1])), ACCENT, 17, True, 232)],
                [("card", c, "french", 80) for c in partner[2]],
                [("t", t("mineiro_table.partner_hint"), PANEL_DIM, 15, False, 232)]]

    def is_big_call(self, ev) -> bool:
        return ev.kind in ("called", "mão de dez", "mão de ferro")

    def bubble(self, ev) -> str | None:
        kind, d, t = ev.kind, ev.data, self.t
        if kind == "called":
            return self.shout(d["call"])
        if kind == "accepted":
            return t("mineiro_calls.aceito")
        if kind == "refused":
            return t("mineiro_calls.corro")
        if kind == "mão de dez decision":
            return t("mineiro_calls.aceito") if d["choice"] == "accept" else t("mineiro_calls.corro")
        if kind == "mão de dez":
            return t("mineiro_calls.dez_announce", name=self.side_name(d["team"]))
        if kind == "mão de ferro":
            return t("mineiro_calls.ferro_blind") if d.get("blind") else t("mineiro_calls.ferro_announce")
        return None

    def log_line(self, ev) -> str | None:
        kind, d, t = ev.kind, ev.data, self.t
        if kind == "deal scored":
            team = d.get("team")
            if team is None:
                return t("mineiro_table.log_nobody")
            return t("mineiro_table.log_points", name=self.side_name(team), n=d["points"][team])
        if kind == "trick tied":
            return t("mineiro_table.log_tie")
        if kind == "mão de dez":
            return t("mineiro_calls.dez_announce", name=self.side_name(d["team"]))
        return super().log_line(ev)

    def controls(self, legal: list[str], view: dict) -> list[Control]:
        t, legal = self.t, set(legal)
        b = self._button
        out: list[Control] = []
        if view["phase"] == "mão de dez decision":
            out.append(b(legal, "accept", t("mineiro_calls.aceito"), "primary",
                         t("mineiro_calls.tip_dez_accept", n=tm.MAO_DE_DEZ_VALUE)))
            out.append(b(legal, "reject", t("mineiro_calls.corro"), "danger",
                         t("mineiro_calls.tip_dez_run", n=tm.MAO_DE_DEZ_RUN)))
            return out
        pending = view["pending"]
        if pending:
            step = MI_STEPS.index(pending["call"])
            out.append(b(legal, "accept", t("mineiro_calls.aceito"), "primary",
                         t("mineiro_calls.tip_accept", n=tm.VALUES[step])))
            out.append(b(legal, "reject", t("mineiro_calls.corro"), "danger",
                         t("mineiro_calls.tip_run", n=tm.REFUSED[step])))
            if step < 4:
                nxt = MI_STEPS[step + 1]
                out.append(b(legal, "call " + nxt, self.call_word(nxt), "risky", self._raise_tip(step + 1)))
            return out
        if view["special"] is None and view["value"] < tm.VALUES[-1]:
            step = tm.VALUES.index(view["value"]) + 1
            nxt = MI_STEPS[step]
            out.append(b(legal, "call " + nxt, self.call_word(nxt), "risky", self._raise_tip(step)))
        return out

    def _raise_tip(self, step: int) -> str:
        """Asking for step ``step``: what running gives, and what the hand is worth if accepted."""
        return self.t("trick_help.risk_ask", n=tm.VALUES[step], value=tm.REFUSED[step])  # the gloss names the call

    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        rows: list = []
        special = rec.info.get("special")
        if special == "mão de dez":
            rows.append([("t", t("mineiro_calls.mao_de_dez"), ACCENT, theme.FONT, True)])
        elif special == "mão de ferro":
            rows.append([("t", t("mineiro_calls.mao_de_ferro"), ACCENT, theme.FONT, True)])
        res = [e.data["team"] if e.kind == "trick won" else None
               for e in rec.events if e.kind in ("trick won", "trick tied")]
        if res:
            rows.append(self.tricks_row(res, t("mineiro_table.tricks")))
        rows.append(["---"])
        scored = next((e for e in rec.events if e.kind == "deal scored"), None)
        how = scored.data.get("how", "") if scored else ""
        team = scored.data.get("team") if scored else None
        points = rec.points or [0, 0]
        if how == "tricks":
            label = t("mineiro_table.sum_tricks")
        elif how.startswith("refused "):
            label = t("mineiro_table.sum_refused", name=self.call_word(how[8:]))
        elif how == "ran from the mão de dez":
            label = t("mineiro_table.sum_ran")
        elif how.startswith("three ties"):
            label = t("mineiro_table.sum_three_ties")
        else:
            label = ""
        if team is not None:
            rows.append([("dot", self.side_colour(team), 7),
                         ("cell", label, PANEL_TEXT, theme.FONT, True, 240, "left"),
                         ("cell", self.side_name(team), PANEL_DIM, theme.FONT_SMALL, False, 220, "left"),
                         ("fill",), ("cell", "+" + num(points[team]), theme.GOOD, theme.FONT, True, 60, "right")])
        else:
            rows.append([("t", label or t("mineiro_table.log_nobody"), PANEL_TEXT, theme.FONT, True, 560)])
        rows.append(["---"])
        score = scored.data["score"] if scored else self.match.score
        for side in (0, 1):
            rows.append([("dot", self.side_colour(side), 7),
                         ("cell", self.side_name(side), PANEL_TEXT, theme.FONT, False, 300, "left"),
                         ("cell", "+" + num(points[side]), PANEL_TEXT, theme.FONT, True, 70, "right"),
                         ("fill",),
                         ("cell", self._pair((score[side], tm.TARGET), " / "), ACCENT,
                          theme.FONT, True, 120, "right")])
        return rows

    def result_rows(self) -> list:
        return [[("img", track, self._names(), (theme.TEAM[0], theme.TEAM[1]), tuple(self.match.score),
                  tm.TARGET, 452)]]

    def trophy_cards(self) -> tuple:
        return ("4C", "7H", "AS", "7D")
