"""Truco Argentino at the trick table: 2, 4 or 6 seats. Envido declarations are bubbles
and then a chip on the seat's plate ("Envido 27", "Son buenas") for the rest of the deal;
a fold sends the hand back to the deck. The score is the anotador: matches drawn in boxes
of five (the fósforos: four sides and a diagonal), malas above the line and buenas below
it. At the end of the deal the summary shows the winning envido (and flor) hand: it is
worked out from the deal record's dealt hands, which the table reads only once the deal
has ended.
"""
from __future__ import annotations

import pygame

from game.games import truco_argentino as ta
from game.scenes.tables.adapter import PANEL_DIM, PANEL_TEXT, Control
from game.scenes.tables.truco import ACCENT, CHIP_FLOR, CHIP_PLAIN, TrucoAdapter
from game.ui import gfx, theme
from game.ui.text import default_renderer

CHIP_ENVIDO = (214, 236, 250)
CHIP_FOLDED = (236, 196, 188)

# Truco Argentino: the engine's call names -> locale keys in [truco_calls]
AR_CALL_KEYS = {"truco": "truco", "retruco": "retruco", "vale cuatro": "vale_cuatro",
                "envido": "envido", "real envido": "real_envido", "falta envido": "falta_envido",
                "flor": "flor", "contraflor": "contraflor", "contraflor al resto": "contraflor_al_resto"}
AR_TRUCO = ("truco", "retruco", "vale cuatro")
AR_ENVIDO = ("envido", "real envido", "falta envido")
AR_FLOR = ("flor", "contraflor", "contraflor al resto")
AR_BIG = frozenset({"truco", "retruco", "vale cuatro", "falta envido", "flor", "contraflor al resto"})
ENV_LETTER = {"envido": "E", "real envido": "R", "falta envido": "F"}


def _point(card: str) -> int:
    rank = int(card[:-1])
    return rank if rank <= 7 else 0


def envido_cards(hand: list[str]) -> tuple[str, ...]:
    """The cards that make a hand's envido (§2): the best two of one suit, else the
    highest single card (a hand of three figures: the first of them)."""
    best, cards = -1, ()
    for i in range(len(hand)):
        for j in range(i + 1, len(hand)):
            if hand[i][-1] == hand[j][-1]:
                value = 20 + _point(hand[i]) + _point(hand[j])
                if value > best:
                    best, cards = value, (hand[i], hand[j])
    if cards:
        return cards
    return (max(hand, key=_point),)


# --------------------------------------------------------------------------- score drawings

def _match(surf: pygame.Surface, p0, p1, k: int) -> None:
    """One matchstick from p0 to its head at p1 (drawn at ``k`` times the final size)."""
    gfx.draw.line(surf, (96, 70, 40), p0, p1, int(3.4 * k))
    gfx.draw.line(surf, (240, 218, 166), p0, p1, int(2.2 * k))
    gfx.draw.circle(surf, (60, 18, 14), p1, int(2.5 * k))
    gfx.draw.circle(surf, (204, 62, 42), p1, int(2.0 * k))
    gfx.draw.circle(surf, (240, 140, 110), (p1[0] - k // 2, p1[1] - k // 2), max(1, k // 2))


def fosforos(points: int, size: int) -> pygame.Surface:
    """Boxes of five in matchsticks: left, top, right, bottom, then the diagonal;
    ``points`` 0..5 (an empty box is a faint outline)."""
    k = 3
    big = gfx.Surface((size * k, size * k), pygame.SRCALPHA)
    m = int(3.2 * k)
    lo, hi = m, size * k - m
    if points < 5:
        gfx.draw.rect(big, (255, 255, 255, 34), pygame.Rect(lo, lo, hi - lo, hi - lo), k, border_radius=k)
    sticks = (((lo, hi), (lo, lo)), ((lo, lo), (hi, lo)), ((hi, lo), (hi, hi)), ((hi, hi), (lo, hi)),
              ((lo + 2 * k, hi - 2 * k), (hi - 2 * k, lo + 2 * k)))
    for p0, p1 in sticks[:max(0, min(5, points))]:
        _match(big, p0, p1, k)
    return gfx.transform.smoothscale(big, (size, size))


def anotador(app, names: tuple, colours: tuple, scores: tuple, target: int, labels: tuple,
             width: int = 296, box: int = 26) -> pygame.Surface:
    """Truco Argentino's score sheet: a column per team, boxes of five matches, a line
    between the malas and the buenas (none when the chico is fifteen)."""
    text = default_renderer()
    split = target == 30
    label_w = max(text.width(lb, 15) for lb in labels) + 8 if split else 0
    col_w = (width - label_w) // 2
    gap = max(4, box // 4)
    rows = 2 if split else 1
    head_h = 26
    height = head_h + 4 + rows * box + (rows - 1) * 9 + 2
    surf = gfx.Surface((width, height), pygame.SRCALPHA)
    for team in (0, 1):
        x0 = label_w + team * col_w
        gfx.draw.circle(surf, colours[team], (x0 + 10, head_h // 2), 5)
        score = text.render(app.num(scores[team]), theme.FONT, ACCENT, True)
        surf.blit(score, score.get_rect(midright=(x0 + col_w - 6, head_h // 2)))
        name = text.elide(names[team], 16, col_w - 28 - score.get_width())
        img = text.render(name, 16, PANEL_TEXT)
        surf.blit(img, img.get_rect(midleft=(x0 + 20, head_h // 2)))
        left = scores[team]
        for r in range(rows):
            y = head_h + 4 + r * (box + 9)
            bx = x0 + (col_w - (3 * box + 2 * gap)) // 2
            for b in range(3):
                n = max(0, min(5, left))
                left -= n
                surf.blit(fosforos(n, box), (bx + b * (box + gap), y))
    if split:
        y_line = head_h + 4 + box + 4
        gfx.draw.line(surf, (255, 255, 255, 90), (4, y_line), (width - 4, y_line), 1)
        for r, label in enumerate(labels):
            img = text.render(label, 15, PANEL_DIM)
            y = head_h + 4 + r * (box + 9) + box // 2
            surf.blit(img, img.get_rect(midleft=(2, y)))
    gfx.draw.line(surf, (255, 255, 255, 50), (label_w + col_w, 4), (label_w + col_w, height - 2), 1)
    return surf



def _one_or_two(left: tuple, right: tuple, room: int = 296) -> list:
    """Two texts of the panel: on one line when both fit whole, else each on its own line
    (never cut while the panel has room)."""
    text = default_renderer()
    lw = text.width(left[1], left[3], left[4])
    rw = text.width(right[1], right[3], right[4])
    if lw + rw + 12 <= room:
        return [[left, right]]
    return [[left + (room,)], [right + (room,)]]


class TrucoArgentinoAdapter(TrucoAdapter):
    game_id = "truco_argentino"
    deck = "spanish"
    suits = ("O", "C", "E", "B")
    tie_kinds = frozenset({"parda"})
    center_calls = frozenset({"envido won"})     # only its tie note bubbles, in the middle
    calls_table = "truco_calls"
    gloss_words = {"accept": "quiero", "reject": "no_quiero", "fold": "mazo"}
    reasons_table = "truco"

    def strength(self, card: str) -> int:
        return ta.STRENGTH[ta.DECK.card(card)]

    def tie_label(self) -> str:
        return self.t("truco_table.tie")

    @property
    def keep_tricks(self) -> bool:       # type: ignore[override]
        """Two and four seats keep their cards in front of them; at six the decided tricks go
        to the winner's pile so the live trick stays readable."""
        return self.n < 6

    def envido_tie(self, seat: int, value) -> bool:
        """Whether an envido won by ``seat`` with ``value`` was, as far as the viewer knows, a tie
        the mano's side took (§4): the viewer's own count was the same (he said "son buenas"),
        or a rival declared the same value."""
        info = self.info
        viewer = info.get("viewer")
        if (viewer is not None and info.get("own_envido") == value
                and self.side_of(viewer) != self.side_of(seat)):
            return True
        return any(v == value and self.side_of(s) != self.side_of(seat) for s, v in info["declared"].items())

    def marker_tip(self, kind: str) -> str | None:
        if kind == "score":
            return self.t("trick_help.tip_fosforos" if self.match.target == 30 else "trick_help.tip_fosforos_15")
        return super().marker_tip(kind)

    def badge_tip(self, seat: int) -> str | None:
        info, t = self.info, self.t
        if seat in info["folded"]:
            return t("trick_help.tip_badge_folded")
        if seat in info["flor_declared"] or seat in info["flor_holders"]:
            return t("trick_help.tip_badge_flor")
        if seat in info["declared"]:
            return t("trick_help.tip_badge_envido")
        if seat == info["mano"]:
            return t("trick_help.tip_badge_mano")
        return None

    # ----- the deal model
    def reset(self, deal_index: int, dealer: int) -> None:
        super().reset(deal_index, dealer)
        n = self.n
        self.info.update(
            mano=(dealer + 1) % n, level=1, tr_pending=None, tr_resp=None,
            env_chain=[], env_state="none", env_caller=None, env_resp=None, env_winner=None, env_points=0,
            declared={}, flor_holders=[], flor_level=None, flor_resp=None, flor_declared={},
            flor_winner=None, flor_points=0, flor_caller=None, folded=set(), results=[],
            own_envido=None, own_flor=None, chicos=list(getattr(self.match, "chicos_won", [0, 0])))

    def on_event(self, ev) -> None:
        info, kind, d, seat = self.info, ev.kind, ev.data, ev.seat
        if kind == "called":
            call = d["call"]
            info["opening_primero"] = (call in AR_ENVIDO and info["tr_pending"] is not None
                                       and not info["env_chain"])
            if call in AR_TRUCO:
                info["tr_pending"], info["tr_resp"] = call, self._responder(seat)
            elif call in AR_ENVIDO:
                info["env_chain"] = info["env_chain"] + [call]
                info["env_state"], info["env_caller"] = "pending", seat
                info["env_resp"] = self._responder(seat)
            else:
                info["flor_level"] = call
                if call == "flor":
                    info["flor_caller"] = seat
        elif kind == "accepted":
            call = d["call"]
            if call in AR_TRUCO:
                info["level"] = AR_TRUCO.index(call) + 2
                info["tr_pending"] = None
            elif call in AR_ENVIDO:
                info["env_state"] = "accepted"
            else:
                info["flor_level"] = None
        elif kind == "refused":
            call = d["call"]
            if call in AR_ENVIDO:
                info["env_state"], info["env_points"] = "refused", d["points"]
            elif call in AR_FLOR:
                info["flor_level"], info["flor_points"] = None, d["points"]
            else:
                info["tr_pending"] = None
            info["score"][d["team"]] += d["points"]
        elif kind == "envido declared":
            info["declared"][seat] = d["points"]
        elif kind == "flor declared":
            info["flor_declared"][seat] = d["points"]
        elif kind == "son buenas":
            (info["flor_declared"] if d.get("call") == "flor" else info["declared"])[seat] = "son buenas"
        elif kind == "envido won":
            info["env_tie"] = d.get("value") if self.envido_tie(seat, d.get("value")) else None
            info["env_winner"], info["env_points"] = seat, d["points"]
            info["score"][d["team"]] += d["points"]
        elif kind == "flor holder":
            if seat not in info["flor_holders"]:
                info["flor_holders"] = info["flor_holders"] + [seat]
        elif kind == "flor won":
            info["flor_winner"], info["flor_points"] = seat, d["points"]
            info["flor_level"] = None
            info["score"][d["team"]] += d["points"]
        elif kind == "envido cancelled":
            info["env_state"] = "cancelled"
        elif kind == "went to the deck":
            info["folded"] = info["folded"] | set(self.mucked_seats(ev)) | {seat}
        elif kind == "trick won":
            info["results"] = info["results"] + [d["team"]]
        elif kind == "parda":
            info["results"] = info["results"] + [None]
        elif kind == "hand won" or kind == "team left":
            info["score"][d["team"]] += d["points"]
        elif kind == "deal scored":
            info["score"] = list(d["score"])
        elif kind == "chico won":
            if "chicos" in d:
                info["chicos"] = list(d["chicos"])

    def _responder(self, seat: int | None) -> int | None:
        if seat is None:
            return None
        folded = self.info["folded"]
        for i in range(1, self.n, 2):
            x = (seat + i) % self.n
            if x not in folded:
                return x
        return None

    def sync(self, view: dict, viewer: int | None) -> None:
        info = self.info
        info["score"] = list(view["score"])
        tr, env, flor = view["truco"], view["envido"], view["flor"]
        info["level"] = tr["level"]
        info["tr_pending"], info["tr_resp"] = tr["pending"], tr["responder"]
        info["env_chain"], info["env_state"] = list(env["chain"]), env["state"]
        info["env_caller"], info["env_resp"] = env["caller"], env["responder"]
        info["env_winner"], info["env_points"] = env["winner"], env["points"]
        info["declared"] = {s: v for s, v in env["declared"]}
        info["flor_holders"] = list(flor["holders"])
        info["flor_level"], info["flor_resp"] = flor["level"], flor["responder"]
        info["flor_declared"] = {s: v for s, v in flor["declared"]}
        info["flor_winner"], info["flor_points"] = flor["winner"], flor["points"]
        info["folded"] = set(view["folded"])
        info["results"] = [t["team"] for t in view["tricks"]]
        info["mano"] = view["mano"]
        info["chicos"] = list(view["chicos"])
        mine = viewer is not None and view["seat"] == viewer
        info["own_envido"] = view["envido_points"] if mine else None
        info["viewer"] = viewer if mine else None
        info["own_flor"] = view["flor_points"] if mine else None

    # ----- the panel
    def panel_rows(self, viewer: int | None) -> list:
        info, t = self.info, self.t
        target = self.match.target
        rows = [[("t", self.game_title(), PANEL_TEXT, theme.FONT, True, 196),
                 ("t", "· " + t("table.deal", n=info["deal"] + 1), PANEL_DIM, theme.FONT_SMALL, False)]]
        rows.append([("tip", self.marker_tip("score")),
                     ("img", anotador, self._names(viewer), (theme.TEAM[0], theme.TEAM[1]), tuple(info["score"]),
                      target, (t("truco_table.malas"), t("truco_table.buenas")))])
        if self.match.chicos == 3:
            rows.append([("t", t("truco_table.chicos", name=self._pair(info["chicos"])), PANEL_DIM,
                          16, False, 296)])
        rows.append(["---"])
        level = info["level"]
        worth = t("truco_table.hand_worth", n=level)
        line = [("t", worth, PANEL_TEXT, 17, True)]
        if level > 1:                       # the call that set the value, when it fits
            call = "· " + self.call_word(AR_TRUCO[level - 2])
            text = default_renderer()
            if text.width(worth, 17, True) + text.width(call, 17, True) + 6 * 5 + 3 * 16 <= 296:
                line.append(("t", call, ACCENT, 17, True))
        line.append(("fill",))
        row = self.tricks_row(info["results"], "")
        line = [row[0]] + line + row[2:]          # the trick marks, with their tooltip
        rows.append(line)
        envido = self._envido_row()
        rows.extend(envido if isinstance(envido[0], list) else [envido])
        pending = self._pending()
        if pending:
            rows.append([("t", pending, ACCENT, 16, True, 296)])
        return rows

    def _envido_row(self) -> list:
        info, t = self.info, self.t
        state = info["env_state"]
        if info["flor_holders"]:
            holders = ", ".join(self.name(s) for s in info["flor_holders"])
            if info["flor_winner"] is not None:
                text = t("truco_table.flor_won", name=self.name(info["flor_winner"]), n=info["flor_points"])
            else:
                text = t("truco_table.flor_line", name=holders)
            return [("t", text, PANEL_TEXT, 16, False, 296)]
        if not info["env_chain"]:
            if info["own_flor"] is not None and self.match.flor_option:
                return [("t", t("truco_table.your_flor", n=info["own_flor"]), PANEL_TEXT, 16, True, 296)]
            if info["own_envido"] is not None:      # the viewer's own count, from its own view
                return [("t", t("truco_table.your_envido", n=info["own_envido"]), PANEL_TEXT, 16, False, 296)]
            return [("t", t("truco_table.envido_open"), PANEL_DIM, 16, False, 296)]
        chain = " · ".join(self.call_word(c) for c in info["env_chain"])
        if state == "accepted" and info["env_winner"] is not None:
            text = t("truco_table.envido_won", name=self.name(info["env_winner"]), n=info["env_points"])
            return _one_or_two(("t", chain, PANEL_DIM, 16, False), ("t", text, PANEL_TEXT, 16, True))
        if state == "refused":
            team = (info["env_caller"] or 0) % 2
            text = t("truco_table.refused_points", name=self._names(info.get("viewer"))[team], n=info["env_points"])
            return _one_or_two(("t", chain, PANEL_DIM, 16, False), ("t", text, PANEL_TEXT, 16, False))
        if state == "cancelled":
            return [("t", t("truco_table.envido_cancelled"), PANEL_DIM, 16, False, 296)]
        if info["own_envido"] is not None:         # the chain is open: the viewer's own count beside it
            have = t("truco_table.you_have", n=info["own_envido"])
            room = 296 - default_renderer().width(have, 15) - 10
            return [("t", chain, PANEL_TEXT, 15, False, room), ("fill",), ("t", have, ACCENT, 15, False)]
        return [("t", chain, PANEL_TEXT, 16, True, 296)]

    def _pending(self) -> str | None:
        info, t = self.info, self.t
        if info["flor_level"]:
            return self._waiting(info["flor_level"], info["flor_resp"])
        if info["env_state"] == "pending" and info["env_chain"]:
            if info["own_envido"] is not None and info["env_resp"] == info.get("viewer"):
                return self.call_word(info["env_chain"][-1]) + ": " + t("truco_table.your_answer")
            return self._waiting(info["env_chain"][-1], info["env_resp"])
        if info["tr_pending"]:
            return self._waiting(info["tr_pending"], info["tr_resp"])
        return None

    def _waiting(self, call: str, seat: int | None) -> str:
        return self.call_word(call) + ": " + self.t("truco_table.waiting", name=self.name(seat))

    def _declared(self, value, key: str) -> str:
        """A declaration on a plate: "Son buenas", or the points said."""
        return self.t("truco_calls.son_buenas") if value == "son buenas" else self.t(key, n=value)

    def seat_badge(self, seat: int):
        info, t = self.info, self.t
        if seat in info["folded"]:
            return (t("truco_table.badge_folded"), CHIP_FOLDED)
        if seat in info["flor_declared"]:
            return (self._declared(info["flor_declared"][seat], "truco_table.badge_flor_points"), CHIP_FLOR)
        if seat in info["flor_holders"]:
            return (t("truco_calls.flor"), CHIP_FLOR)
        if seat in info["declared"]:
            return (self._declared(info["declared"][seat], "truco_table.badge_envido"), CHIP_ENVIDO)
        if seat == info["mano"]:
            return (t("truco_table.badge_mano"), CHIP_PLAIN)
        return None

    # ----- calls
    def is_big_call(self, ev) -> bool:
        return ev.kind == "called" and ev.data.get("call") in AR_BIG

    def bubble(self, ev) -> str | None:
        kind, d, t = ev.kind, ev.data, self.t
        if kind == "called":
            call = d["call"]
            if call in AR_ENVIDO and self.info.get("opening_primero"):
                return t("truco_calls.primero", name=self.call_word(call))
            return self.shout(call)
        if kind == "accepted":
            return t("truco_calls.con_flor_quiero") if d["call"] in AR_FLOR else t("truco_calls.quiero")
        if kind == "refused":
            return t("truco_calls.con_flor_achico") if d["call"] in AR_FLOR else t("truco_calls.no_quiero")
        if kind == "envido declared":
            return t("truco_calls.envido_points", n=d["points"])
        if kind == "flor declared":
            return t("truco_calls.flor_points", n=d["points"])
        if kind == "son buenas":
            return t("truco_calls.son_buenas")
        if kind == "flor holder" and ev.seat != self.info.get("flor_caller"):
            return self.shout("flor")
        if kind == "went to the deck":
            return t("truco_calls.mazo")
        if kind == "chico won" and self.match.chicos == 3:
            return t("truco_table.chico_won", name=self.side_name(d["team"]))
        if kind == "envido won" and self.info.get("env_tie") is not None:     # said where it happens
            return t("trick_help.envido_tie", n=self.info["env_tie"])
        return None

    def log_line(self, ev) -> str | None:
        kind, d, t = ev.kind, ev.data, self.t
        if kind == "envido won":
            line = t("truco_table.log_envido", name=self.name(ev.seat), n=d["points"])
            if self.info.get("env_tie") is not None:
                line += " · " + t("trick_help.envido_tie", n=self.info["env_tie"])
            return line
        if kind == "flor won":
            return t("truco_table.log_flor", name=self.name(ev.seat), n=d["points"])
        if kind in ("hand won", "team left"):
            return t("truco_table.log_hand", name=self.side_name(d["team"]), n=d["points"])
        if kind == "parda":
            return t("truco_table.log_tie", n=d["trick"])
        if kind == "envido cancelled":
            return t("truco_table.envido_cancelled")
        if kind == "flor holder" and ev.seat == self.info.get("flor_caller"):
            return None
        if kind == "chico won" and self.match.chicos == 3:
            return t("truco_table.chico_won", name=self.side_name(d["team"]))
        return super().log_line(ev)

    def mucked_seats(self, ev) -> list[int]:
        if ev.kind != "went to the deck":
            return []
        match = self.match
        if self.n == 2 or match.team_fold:
            return [s for s in range(ev.seat % 2, self.n, 2) if s not in self.info["folded"] or s == ev.seat]
        return [ev.seat]

    def controls(self, legal: list[str], view: dict) -> list[Control]:
        t, legal = self.t, set(legal)
        phase = view["phase"]
        b = self._button
        out: list[Control] = []
        tr, env = view["truco"], view["envido"]
        if phase == "call flor":
            out.append(b(legal, "call flor", self.call_word("flor"), "primary", t("truco_calls.tip_flor")))
        elif phase == "flor":
            out.append(b(legal, "accept", t("truco_calls.con_flor_quiero"), "primary", gloss="con_flor_quiero"))
            out.append(b(legal, "reject", t("truco_calls.con_flor_achico"), "danger", gloss="con_flor_achico"))
            for call in ("contraflor", "contraflor al resto"):
                if "call " + call in legal:
                    out.append(b(legal, "call " + call, self.call_word(call)))
        elif phase == "envido":
            chain = [ENV_LETTER[c] for c in env["chain"]]
            falta = "F" in chain
            accept_tip = (t("truco_calls.tip_accept_falta") if falta else
                          t("truco_calls.tip_accept", n=ta.envido_chain_value(chain, 0)))
            out.append(b(legal, "accept", t("truco_calls.quiero"), "primary", accept_tip))
            out.append(b(legal, "reject", t("truco_calls.no_quiero"), "danger",
                         t("truco_calls.tip_reject", n=ta.envido_refused_value(chain))))
            if not falta:
                for call in AR_ENVIDO:
                    out.append(b(legal, "call " + call, self.call_word(call), tip=self._env_tip(chain, call)))
        elif phase == "truco":
            level = AR_TRUCO.index(tr["pending"]) + 2
            out.append(b(legal, "accept", t("truco_calls.quiero"), "primary", t("truco_calls.tip_accept", n=level)))
            out.append(b(legal, "reject", t("truco_calls.no_quiero"), "danger",
                         t("truco_calls.tip_reject", n=level - 1)))
            if level < 4:
                nxt = AR_TRUCO[level - 1]
                out.append(b(legal, "call " + nxt, self.call_word(nxt), "risky", self._raise_tip(level)))
            for call in AR_ENVIDO:                      # el envido está primero
                if "call " + call in legal:
                    out.append(b(legal, "call " + call, self.call_word(call), tip=self._env_tip([], call)))
        elif phase == "play":
            level = tr["level"]
            if level < 4:                               # a raise is a bet: risky, not the default
                nxt = AR_TRUCO[level - 1]
                out.append(b(legal, "call " + nxt, self.call_word(nxt), "risky", self._raise_tip(level)))
            if (view["trick_number"] == 0 and env["state"] == "none" and not view["flor"]["holders"]
                    and level == 1):
                for call in AR_ENVIDO:
                    out.append(b(legal, "call " + call, self.call_word(call), tip=self._env_tip([], call)))
            out.append(b(legal, "fold", t("truco_calls.mazo"), "danger", t("truco_calls.tip_fold"),
                         confirm=t("trick_help.confirm", name=t("truco_calls.mazo"))))
        return out

    def _raise_tip(self, level: int) -> str:
        """A raise from ``level``: what a refusal gives, and what the hand is worth if accepted."""
        return self.t("trick_help.risk_raise", n=level + 1, value=level)      # the gloss says the call

    def _env_tip(self, chain: list, call: str) -> str:
        letter = ENV_LETTER[call]
        if letter == "F":
            return self.t("truco_calls.tip_falta")
        return self.t("truco_calls.tip_envido", n=ta.envido_chain_value(list(chain) + [letter], 0))

    # ----- summaries
    def summary_rows(self, deal_index: int) -> list:
        rec = self.match.records[deal_index]
        t, num = self.t, self.app.num
        rows: list = []
        hands = rec.setup.get("hands") if rec.ended else None     # public only once the deal is over
        items = []                                                # (label, team, points, extra row items)
        chain: list = []
        tr_called = None
        for e in rec.events:
            kind, d = e.kind, e.data
            if kind == "called":
                if d["call"] in AR_ENVIDO:
                    chain.append(d["call"])
                elif d["call"] in AR_TRUCO:
                    tr_called = d["call"]
            elif kind == "envido won":
                extra = []
                if hands is not None:
                    cards = envido_cards(hands[e.seat])
                    extra = [("card", c, "spanish", 60) for c in cards]
                label = " · ".join(self.call_word(c) for c in chain)
                who = t("truco_table.sum_envido_hand", name=self.name(e.seat), n=d["value"])
                items.append((label, d["team"], d["points"], who, extra))
            elif kind == "flor won":
                extra = []
                if hands is not None:
                    extra = [("card", c, "spanish", 60) for c in hands[e.seat]]
                value = d.get("value")
                who = (t("truco_table.sum_envido_hand", name=self.name(e.seat), n=value) if value is not None
                       else self.name(e.seat))
                items.append((self.call_word("flor"), d["team"], d["points"], who, extra))
            elif kind == "refused":
                call = d["call"]
                if call in AR_ENVIDO:
                    label = " · ".join(self.call_word(c) for c in chain)
                else:
                    label = self.call_word(call)
                items.append((label, d["team"], d["points"], t("truco_table.sum_refused"), []))
            elif kind == "hand won":
                label = t("truco_table.sum_tricks")
                if tr_called is not None and d["points"] > 1:
                    label += " · " + self.call_word(AR_TRUCO[d["points"] - 2])
                items.append((label, d["team"], d["points"], "", []))
            elif kind == "team left":
                items.append((t("truco_table.sum_fold"), d["team"], d["points"],
                              t("truco_table.sum_left", name=self.side_name(d["left"])), []))
        results = [e for e in rec.events if e.kind in ("trick won", "parda")]
        res = [e.data["team"] if e.kind == "trick won" else None for e in results]
        if res:
            rows.append(self.tricks_row(res, t("truco_table.tricks")))
            rows.append(["---"])
        for label, team, points, who, extra in items:
            row = [("dot", self.side_colour(team), 7), ("cell", label, PANEL_TEXT, theme.FONT_SMALL, True, 200, "left"),
                   ("cell", who, PANEL_DIM, theme.FONT_SMALL, False, 170, "left")]
            row += extra
            row += [("fill",), ("cell", "+" + num(points), theme.GOOD, theme.FONT, True, 56, "right")]
            rows.append(row)
        if not items:
            rows.append([("t", t("truco_table.sum_nothing"), PANEL_DIM, theme.FONT_SMALL, False)])
        rows.append(["---"])
        scored = next((e for e in rec.events if e.kind == "deal scored"), None)
        score = scored.data["score"] if scored else self.match.score
        points = rec.points or [0, 0]
        for team in (0, 1):
            rows.append([("dot", self.side_colour(team), 7),
                         ("cell", self.side_name(team), PANEL_TEXT, theme.FONT, False, 300, "left"),
                         ("cell", "+" + num(points[team]), PANEL_TEXT, theme.FONT, True, 70, "right"),
                         ("fill",),
                         ("cell", self._pair((score[team], self.match.target), " / "), ACCENT,
                          theme.FONT, True, 120, "right")])
        return rows

    def result_rows(self) -> list:
        t = self.t
        rows = [[("img", anotador, self._names(), (theme.TEAM[0], theme.TEAM[1]), tuple(self.match.score),
                  self.match.target, (t("truco_table.malas"), t("truco_table.buenas")), 452, 32)]]
        if self.match.chicos == 3:
            rows.append([("t", t("truco_table.chicos", name=self._pair(self.match.chicos_won)),
                          PANEL_TEXT, theme.FONT, True)])
        return rows

    def trophy_cards(self) -> tuple:
        return ("1E", "1B", "7E", "7O")


# --------------------------------------------------------------------------- Truco Mineiro
