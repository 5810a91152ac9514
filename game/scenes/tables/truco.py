"""What the two Trucos share at the trick table (:class:`TrucoAdapter`): three cards
dealt one at a time from mano; the played cards stay on the cloth in front of their
players, each trick a little to the side of the last (``keep_tricks``), with a tied
trick labelled (parda, empate); the rest of the deck is put away after the deal; the
call buttons of the moment stand in a column right of the hand, only the legal ones
enabled (a disabled one says why in its tooltip); calls are speech bubbles in the
words players use. Each Truco has its own module: :mod:`.truco_argentino`,
:mod:`.truco_mineiro`.
"""
from __future__ import annotations

from game.scenes.tables.adapter import PANEL_DIM, PANEL_TEXT, Control, TrickAdapter, one_at_a_time, sentence
from game.ui import theme

ACCENT = theme.ACCENT
CHIP_PLAIN = (232, 226, 206)
CHIP_FLOR = (250, 226, 150)


class TrucoAdapter(TrickAdapter):
    keep_tricks = True
    show_deck = False
    controls_layout = "column"
    calls_table = ""                  # locale table of the call words
    gloss_words: dict = {}            # action -> the call word whose gloss explains it
    reasons_table = ""                # [reasons.<this>] for the engine's own refusals

    @property
    def teams(self) -> bool:          # type: ignore[override]
        return self.n >= 4

    def side_of(self, seat: int) -> int:
        return seat % 2

    def side_count(self) -> int:
        return 2

    def deal_plan(self, events: list) -> list[tuple[int, str | None]]:
        """One card at a time round the table, mano first, three times (rules §3)."""
        per_seat = []
        for ev in events:
            cards = ev.data.get("cards")
            per_seat.append((ev.seat, cards, ev.data.get("count", len(cards) if cards else 3)))
        return one_at_a_time(per_seat)

    def trick_offset(self, slot: str, k: int, players: int) -> tuple[float, float]:
        step = k - 1
        if slot == "left":
            return (-44.0, step * 34.0)
        if slot == "right":
            return (44.0, step * 34.0)
        if slot == "bottom":
            return (step * 44.0, 8.0 if players < 6 else 4.0)
        if slot == "top":
            return (step * 44.0, -10.0)
        return (step * 34.0, 0.0)

    def call_word(self, name: str) -> str:
        return self.t(f"{self.calls_table}.{self.call_key(name)}")

    def call_key(self, name: str) -> str:
        return name.replace(" ", "_")

    def shout(self, name: str) -> str:
        return self.t(f"{self.calls_table}.shout", name=self.call_word(name))

    def reason_text(self, exc) -> str:
        """The engine's reason in the player's language: the Truco keys live in
        ``[reasons.<game>]``, the shared ones in ``[reasons]``."""
        params = {}
        for k, v in (exc.params or {}).items():
            if k == "card":
                params["name"] = self.card_name(v)
            elif k == "call":
                params["name"] = self.call_word(v)
        for key in (f"reasons.{self.reasons_table}.{exc.reason_key}", f"reasons.{exc.reason_key}"):
            text = self.t(key, **params)
            if text != key:
                return sentence(text)
        return exc.reason

    def _why(self, action: str) -> str | None:
        exc = self.match.why_illegal(action)
        return self.reason_text(exc) if exc is not None else None

    def gloss(self, action: str, word: str | None = None) -> str | None:
        """What a call means, in the player's language ("Envido: a bet on your best two
        cards of one suit"): ``<calls_table>.gloss_<word>``, the word taken from the
        action (``call real envido`` -> real_envido) unless given."""
        if word is None:
            word = self.gloss_words.get(action)
            if word is None and action.startswith("call "):
                word = self.call_key(action[5:])
        if not word:
            return None
        key = f"{self.calls_table}.gloss_{word}"
        text = self.t(key)
        return None if text == key else text

    def _button(self, legal, action: str, label: str, style: str = "normal", tip: str | None = None,
                gloss: str | None = None, confirm: str | None = None) -> Control:
        """A call's button: its tooltip says what the call means, then what it would do now
        (or, greyed out, why it cannot be made); ``confirm``: the label of the second click
        that makes it (a fold)."""
        enabled = action in legal
        lines = [self.gloss(action, gloss), tip if enabled else self._why(action)]
        return Control(action, label, style=style if enabled else "normal", enabled=enabled,
                       tooltip="\n".join(line for line in lines if line) or None, confirm=confirm)

    def winning_index(self, trick: list[tuple[int, str]]) -> int | None:
        """The strongest card so far (no trumps: every card's class is public); None while two
        sides tie with the strongest class (the trick would be tied)."""
        best, index, tied = -1, None, False
        for i, (seat, card) in enumerate(trick):
            st = self.strength(card)
            if st > best:
                best, index, tied = st, i, False
            elif st == best and self.side_of(seat) != self.side_of(trick[index][0]):
                tied = True
        return None if tied else index

    def tie_note(self, results: list) -> str | None:
        """What a tied trick means (rules §5): after a tie in the first trick the next decides;
        a tie after a won first trick gives the hand to its winner; all three tied: the game's rule."""
        k = len(results)
        if k == 0 or results[-1] is not None:
            return None
        earlier = results[:-1]
        if k == 1:
            return self.t("trick_help.tie_next")
        if k == 2:
            return self.t("trick_help.tie_first") if earlier[0] is not None else self.t("trick_help.tie_again")
        if all(r is None for r in results):
            return self.t(self.all_tied_key())
        return self.t("trick_help.tie_first")

    def all_tied_key(self) -> str:
        return "trick_help.tie_all_mano"

    def marker_tip(self, kind: str) -> str | None:
        if kind == "tricks":
            return self.t("trick_help.tip_tricks")
        if kind == "kept":
            return self.t("trick_help.tip_kept")
        return None

    def _pair(self, values, sep: str = "–") -> str:
        return self.app.num(values[0]) + sep + self.app.num(values[1])

    def sort_key(self, card: str):
        """Strongest first, as players hold their three cards."""
        return (-self.strength(card), card[-1])

    def tricks_row(self, results: list, label: str) -> list:
        row: list = [("tip", self.t("trick_help.tip_tricks")), ("t", label, PANEL_DIM, 16, False)]
        for r in results:
            if r is None:
                row.append(("t", self.tie_label(), PANEL_TEXT, 15, True))
            else:
                row.append(("dot", self.side_colour(r), 7))
        for _ in range(3 - len(results)):
            row.append(("dot", (96, 110, 104), 7))
        return row

    def _names(self, viewer: int | None = None) -> tuple:
        """Column heads of the score sheet: "Us" and "Them" for a human at the device
        (as on a paper anotador), else the sides' names."""
        if viewer is not None and viewer in self.session.humans:
            mine = viewer % 2
            return tuple(self.t("truco_table.us") if s == mine else self.t("truco_table.them") for s in (0, 1))
        return tuple(self.side_name(s) for s in (0, 1))


# --------------------------------------------------------------------------- Truco Argentino
