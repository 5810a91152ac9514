"""Expert at the table: the hint (H or the Hint button) and what the review needs.

An :class:`AdvicePanel` belongs to a match table. When a human's turn begins it
asks the :class:`~game.ai.advice.Advisor` to start thinking (on a thread), so
the hint is usually ready before it is asked for. Asked, it shows what Expert
would do and why, and marks that card or button; asked early, it says Expert
is thinking and shows the answer when it comes. When the human acts it keeps
the moment, with a small picture of the table as it was, for the post-deal
review (only with one human at the table: in hot-seat the pictures would show
one player's hand to another).
"""
from __future__ import annotations

import pygame

from game import i18n
from game.ui import gfx, theme
from game.ui.fit import focus_ring
from game.ui.widgets import draw_panel

BUTTON_SIZE = (132, 40)
SNAPSHOT_SIZE = (640, 360)


def _sentence(text: str) -> str:
    """A reason starts with a capital where the script has them (a card name
    in the middle of a pattern may begin it: "the nine of hearts is still out")."""
    return text[:1].upper() + text[1:] if text else text


class AdvicePanel:
    def __init__(self, table) -> None:
        from game.ai import has_search
        from game.ai.advice import Advisor
        self.table = table
        session = table.session
        game_id = session.match.game_id
        self.advisor = Advisor(game_id, session.match.seed ^ 0x5EED) \
            if session.humans and has_search(game_id) else None
        self.reviewing = self.advisor is not None and len(session.humans) == 1
        self.shown = None                # (decision key, Advice) on screen
        self.wanted = None               # decision key asked for while Expert still thinks
        self._view = None                # (decision key, view) of the human's turn
        self._snapshots: dict = {}
        self.hover = False

    # ----- the human's turn ---------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.advisor is not None

    def _key(self, seat: int) -> tuple:
        match = self.table.match
        return (seat, match.deal_index, len(match.deal_log))

    def view_for(self, seat: int) -> tuple[tuple, dict]:
        key = self._key(seat)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.table.match.view(seat))
        return self._view

    def on_turn(self, seat: int) -> None:
        """A human's turn is on screen: let Expert think, show a hint that has come."""
        if self.advisor is None:
            return
        key, view = self.view_for(seat)
        job = self.advisor.start(view)
        if self.wanted == key and job is not None and job.done:
            self.wanted = None
            self.shown = (key, job.advice) if job.advice is not None else None

    def ask(self) -> bool:
        """The hint key or button: show Expert's choice (now, or when it is ready);
        asked again, put it away (it covers part of the table)."""
        table = self.table
        if self.advisor is None or not table.my_turn():
            return False
        if self.current() is not None or self.thinking():     # asked again: put it away
            self.shown = self.wanted = None
            return True
        seat = table.match.to_act
        key, view = self.view_for(seat)
        job = self.advisor.start(view)
        if job is None:                  # one legal action: nothing to advise
            return False
        if job.done and job.advice is not None:
            self.shown = (key, job.advice)
        else:
            self.wanted = key
        return True

    def current(self):
        """The advice on screen for the turn being played, if any."""
        table = self.table
        seat = table.match.to_act
        if self.shown is None or seat is None or not table.my_turn():
            return None
        return self.shown[1] if self.shown[0] == self._key(seat) else None

    def suggested(self) -> str | None:
        advice = self.current()
        return advice.best if advice is not None else None

    def thinking(self) -> bool:
        seat = self.table.match.to_act
        return self.wanted is not None and seat is not None and self.wanted == self._key(seat) \
            and self.table.my_turn()

    def record(self, seat: int, action: str) -> None:
        """The human at ``seat`` is about to apply ``action``: keep the moment."""
        if not self.reviewing or self.table.session.is_bot(seat):
            return
        key, view = self.view_for(seat)
        if len(view["legal"]) < 2:
            return
        self.advisor.record(view, action, self._snapshots.pop(key, None))
        self.advisor.forget_before(view["deal_index"] - 1)       # keep the last deal for its review
        self.shown = None
        self.wanted = None

    def review(self, deal_index: int, timeout: float = 30.0) -> list:
        if not self.reviewing:
            return []
        moments = self.advisor.review(deal_index, timeout=timeout)
        self.advisor.forget_before(deal_index)
        return moments

    # ----- drawing ----------------------------------------------------------------------
    def button_rect(self) -> pygame.Rect:
        x, y = self.table.hint_button_pos()
        return pygame.Rect(x, y, *BUTTON_SIZE)

    def snapshot(self, surface: pygame.Surface) -> None:
        """Keep a small picture of the table at a human's decision (once per decision)."""
        if not self.reviewing or not self.table.my_turn():
            return
        key = self._key(self.table.match.to_act)
        if key not in self._snapshots:
            size = (surface.get_width() // 2, surface.get_height() // 2)
            self._snapshots[key] = gfx.transform.smoothscale(surface, size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.advisor is None or not self.table.my_turn():
            return
        self.snapshot(surface)          # before the hint is drawn over it
        app = self.table.app
        rect = self.button_rect()
        fill = (70, 60, 22) if self.hover else (34, 40, 30)
        draw_panel(surface, rect, (*fill, 235), rect.h // 2)
        gfx.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=rect.h // 2)
        label = app.text.render(app.text.elide(app.t("hint.button"), theme.FONT_SMALL, rect.w - 20, True),
                                theme.FONT_SMALL, theme.ACCENT, True)
        surface.blit(label, label.get_rect(center=rect.center))
        if self.thinking():
            self._box(surface, [(app.t("hint.thinking"), theme.TEXT_DIM, True)])
            return
        advice = self.current()
        if advice is None:
            return
        lines = [(app.t("hint.expert_would", action=self.table.action_words(advice.best)), theme.ACCENT, True)]
        for key, params in advice.reasons[:3]:
            lines.append((_sentence(app.t(key, **self.words(params))), theme.TEXT, False))
        self._box(surface, lines)
        target = self.table.action_rect(advice.best)
        if target is not None:
            focus_ring(surface, target, 10)

    def words(self, params: dict) -> dict:
        """A reason's parameters as text: card strings named in the language,
        numbers with the language's digits."""
        deck = self.table.card_deck_name()
        out = {}
        for name, value in params.items():
            if name.startswith("card") and isinstance(value, str):
                out[name] = i18n.card_name(value, deck)
            elif name.startswith("cards") and isinstance(value, (list, tuple)):
                out[name] = ", ".join(i18n.card_name(v, deck) for v in value)
            elif name == "suit" and isinstance(value, str):
                out[name] = self.table.suit_words(value)
            else:
                out[name] = value
        return out

    def _box(self, surface, lines: list) -> None:
        app = self.table.app
        width = 720
        imgs = [app.text.render_wrapped(text, theme.FONT_SMALL, width - 36, colour, bold)
                for text, colour, bold in lines]
        height = sum(i.get_height() for i in imgs) + 8 * (len(imgs) - 1) + 24
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = self.table.hint_box_anchor()
        draw_panel(surface, rect, (8, 16, 12, 238), 14)
        gfx.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=14)
        y = rect.y + 12
        for img in imgs:
            surface.blit(img, (rect.x + 18, y))
            y += img.get_height() + 8

    # ----- input ---------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """The hint key (H) and the button; True when the event was theirs."""
        if self.advisor is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            return self.ask() or True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.table.my_turn() and self.button_rect().collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.table.my_turn() \
                and self.button_rect().collidepoint(event.pos):
            self.ask()
            return True
        return False
