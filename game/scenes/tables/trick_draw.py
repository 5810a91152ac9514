"""Drawing the trick table: cards (cached surfaces, glows, shadows), opponents' hands, piles
and the deck, name plates, the trick, the hand, flights, bubbles, panels, the turn line and
the last-trick peek. A mixin of :class:`~game.scenes.tables.trick_table.TableScene`."""
from __future__ import annotations

import math
import time

import pygame

from game.scenes.tables.match_table import PLATE_SIZE, log_sections
from game.ui import gfx, theme
from game.ui.felt import felt_surface
from game.ui.rows import render_rows
from game.ui.widgets import draw_panel, draw_tooltip
from game.scenes.tables.trick_layout import (CENTER, DEAD_POS, DECK_H, EVENT_LOG_LINES, FACEUP_H, HAND_H, LOG_RECT, OPP_H,
                                             PILE_H, SCORE_RECT, SIDE_PANEL_POS, SIDE_PANEL_W, STOCK_POS,
                                             TRICK_H, TURN_Y, W)


class TrickTableDrawing:
    """Everything the trick table draws (surfaces cached per scene)."""

    # ----- surfaces (cached) ------------------------------------------------------------
    def card_surface(self, card: str | None, height: int, angle: float = 0.0) -> pygame.Surface:
        """A face (or back, card None or a face-down position "#0") at ``height`` px rotated
        by ``angle`` degrees."""
        if card is not None and card[:1] == "#":
            card = None
        height = int(round(height / 2) * 2)
        angle = int(round(angle)) % 360
        key = (card, height, angle)
        cache = self._cache("card")
        surf = cache.get(key)
        if surf is not None:
            return surf
        if angle:
            base = self.card_surface(card, height, 0)
            surf = gfx.transform.rotate(base, angle)
        elif card is None:
            if height == OPP_H or height == DECK_H:
                surf = self.app.cards(OPP_H).back(deck=self.deck)
            else:
                big = self.app.cards(HAND_H).back(deck=self.deck)
                surf = big if height == HAND_H else gfx.transform.smoothscale(big, self._card_size(height))
        else:
            big = self.app.cards(HAND_H).face(card, deck=self.deck)
            surf = big if height == HAND_H else gfx.transform.smoothscale(big, self._card_size(height))
        cache[key] = surf
        return surf

    def _dimmed(self, card: str, angle: float, height: int = HAND_H) -> pygame.Surface:
        key = (card, int(round(angle)), height)
        cache = self._cache("dim")
        surf = cache.get(key)
        if surf is None:
            surf = self.card_surface(card, height, angle).copy()
            surf.fill((120, 124, 128, 255), special_flags=pygame.BLEND_RGBA_MULT)
            cache[key] = surf
        return surf

    def _glow(self, height: int, angle: float, colour=theme.ACCENT, spread: int = 10) -> pygame.Surface:
        key = (height, int(round(angle)), colour, spread)
        cache = self._cache("glow")
        surf = cache.get(key)
        if surf is None:
            w, h = self._card_size(height)
            surf = gfx.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            for i in range(spread, 0, -1):
                a = int(150 * (1 - i / (spread + 1)) ** 2)
                gfx.draw.rect(surf, (*colour, a), surf.get_rect().inflate(-2 * (spread - i), -2 * (spread - i)),
                                 border_radius=12 + i)
            gfx.draw.rect(surf, (*colour, 255), surf.get_rect().inflate(-2 * spread + 4, -2 * spread + 4), 3,
                             border_radius=10)
            if angle:
                surf = gfx.transform.rotate(surf, int(round(angle)))
            cache[key] = surf
        return surf

    def _shadow(self, height: int, angle: float) -> pygame.Surface:
        key = (height, int(round(angle)))
        cache = self._cache("shadow")
        surf = cache.get(key)
        if surf is None:
            w, h = self._card_size(height)
            surf = gfx.Surface((w + 8, h + 8), pygame.SRCALPHA)
            for i in range(4):
                gfx.draw.rect(surf, (0, 0, 0, 28), surf.get_rect().inflate(-2 * i, -2 * i), border_radius=10)
            if angle:
                surf = gfx.transform.rotate(surf, int(round(angle)))
            cache[key] = surf
        return surf

    def _opp_hand_surface(self, seat: int) -> pygame.Surface | None:
        n = len(self.hands[seat])
        if n == 0:
            return None
        name = self.slot_name(seat)
        key = (name, n)
        cache = self._cache("opp")
        surf = cache.get(key)
        if surf is None:
            back = self.card_surface(None, OPP_H, 0)
            if name in ("left", "right"):
                back = gfx.transform.rotate(back, 90)
            pos = self._hand_positions(seat)
            cx, cy = self.slot(seat)["hand"]
            bw, bh = back.get_size()
            xs = [p[0] for p in pos]
            ys = [p[1] for p in pos]
            surf = gfx.Surface((int(max(xs) - min(xs)) + bw + 8, int(max(ys) - min(ys)) + bh + 8), pygame.SRCALPHA)
            ox, oy = min(xs) - bw / 2 - 4, min(ys) - bh / 2 - 4
            shadow = gfx.Surface((bw, bh), pygame.SRCALPHA)
            gfx.draw.rect(shadow, (0, 0, 0, 50), shadow.get_rect(), border_radius=8)
            for x, y, _ in pos:
                surf.blit(shadow, (x - bw / 2 - ox + 2, y - bh / 2 - oy + 3))
                surf.blit(back, (x - bw / 2 - ox, y - bh / 2 - oy))
            surf = (surf, (ox, oy))
            cache[key] = surf
        return surf

    def _pile_surface(self, count: int) -> pygame.Surface:
        key = count
        cache = self._cache("pile")
        surf = cache.get(key)
        if surf is None:
            back = self.card_surface(None, PILE_H, 0)
            bw, bh = back.get_size()
            layers = min(count, 5)
            surf = gfx.Surface((bw + 2 * layers + 6, bh + 2 * layers + 6), pygame.SRCALPHA)
            for i in range(layers):
                surf.blit(back, (2 * i + 2, (layers - i) * 2 + 2))
            badge = self.app.text.render(self.app.num(count), theme.FONT_SMALL, theme.TEXT, True)
            r = max(badge.get_width(), badge.get_height()) // 2 + 3
            c = (surf.get_width() - r - 1, r + 1)
            gfx.draw.circle(surf, (20, 30, 26), c, r)
            gfx.draw.circle(surf, theme.ACCENT, c, r, 2)
            surf.blit(badge, badge.get_rect(center=c))
            cache[key] = surf
        return surf

    def _deck_surface(self, count: int, label: bool = True) -> pygame.Surface:
        key = (count, label)
        cache = self._cache("deck")
        surf = cache.get(key)
        if surf is None:
            back = self.card_surface(None, DECK_H, 0)
            bw, bh = back.get_size()
            layers = max(1, min(6, (count + 5) // 6))
            surf = gfx.Surface((bw + layers + 34, bh + layers + 12), pygame.SRCALPHA)
            shadow = gfx.Surface((bw, bh), pygame.SRCALPHA)
            gfx.draw.rect(shadow, (0, 0, 0, 60), shadow.get_rect(), border_radius=8)
            surf.blit(shadow, (layers + 3, layers + 5))
            for i in range(layers):
                surf.blit(back, (layers - i, layers - i))
            if label:
                badge = self.app.text.render(self.app.num(count), theme.FONT_SMALL, theme.TEXT, True)
                r = max(badge.get_width(), badge.get_height()) // 2 + 3
                c = (bw + layers - 4, bh + layers - r + 6)
                gfx.draw.circle(surf, (20, 30, 26), c, r)
                gfx.draw.circle(surf, theme.ACCENT, c, r, 2)
                surf.blit(badge, badge.get_rect(center=c))
            cache[key] = surf
        return surf

    def _badge_surface(self, text: str, colour=None) -> pygame.Surface:
        """A small chip on a seat's plate (an adapter's ``seat_badge``: "27", "Folded"...)."""
        key = (text, colour)
        cache = self._cache("badge")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(self._fit(text, 15, 170, True), 15, theme.TEXT_DARK, True)
            surf = gfx.Surface((img.get_width() + 16, img.get_height() + 2), pygame.SRCALPHA)
            r = surf.get_rect()
            gfx.draw.rect(surf, colour or (214, 236, 250), r, border_radius=r.h // 2)
            gfx.draw.rect(surf, (40, 50, 60), r, 1, border_radius=r.h // 2)
            surf.blit(img, img.get_rect(center=r.center))
            cache[key] = surf
        return surf

    def _tie_surface(self) -> pygame.Surface:
        text = self.adapter.tie_label()
        cache = self._cache("tie")
        surf = cache.get(text)
        if surf is None:
            img = self.app.text.render(text, theme.FONT_SMALL, theme.TEXT_DARK, True)
            surf = gfx.Surface((img.get_width() + 26, img.get_height() + 8), pygame.SRCALPHA)
            r = surf.get_rect()
            gfx.draw.rect(surf, (0, 0, 0, 80), r.move(2, 3), border_radius=r.h // 2)
            gfx.draw.rect(surf, (250, 236, 200), r.inflate(-2, -3), border_radius=r.h // 2)
            gfx.draw.rect(surf, theme.ACCENT, r.inflate(-2, -3), 2, border_radius=r.h // 2)
            surf.blit(img, img.get_rect(center=(r.centerx, r.centery - 1)))
            cache[text] = surf
        return surf

    def _bubble_surface(self, text: str, big: bool, cards: tuple = ()) -> pygame.Surface:
        key = (text, big, cards)
        cache = self._cache("bubble")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render_wrapped(text, 22 if big else 20, 260, theme.TEXT_DARK, True, "center")
            faces = [self.card_surface(c, 66, 0) for c in cards]
            row_w = sum(f.get_width() for f in faces) + 4 * max(0, len(faces) - 1)
            w = max(img.get_width(), row_w) + 28
            h = img.get_height() + 14 + (faces[0].get_height() + 8 if faces else 0)
            surf = gfx.Surface((w + 6, h + 6), pygame.SRCALPHA)
            gfx.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(4, 5, w, h), border_radius=16)
            fill = (255, 226, 120) if big else (252, 250, 242)
            gfx.draw.rect(surf, fill, pygame.Rect(0, 0, w, h), border_radius=16)
            gfx.draw.rect(surf, (90, 80, 60), pygame.Rect(0, 0, w, h), 2, border_radius=16)
            surf.blit(img, ((w - img.get_width()) // 2, 7))
            x = (w - row_w) // 2
            for f in faces:
                surf.blit(f, (x, img.get_height() + 12))
                x += f.get_width() + 4
            cache[key] = surf
        return surf

    # ----- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._finish_concede_if_covered()
        start = time.perf_counter()
        surface.blit(felt_surface(), (0, 0))
        self.hand_drawn_for = None
        self._draw_piles(surface)
        self._draw_deck(surface)
        self._draw_opponents(surface)
        self._draw_plates(surface)
        self._draw_trick(surface)
        self._draw_hand(surface)
        self._draw_panels(surface)
        self._draw_side_panel(surface)
        self._draw_flights(surface)
        self._draw_bubbles(surface)
        self._draw_turn_line(surface)
        self.widgets.draw(surface)
        self.advice.draw(surface)
        if self.phones is not None:
            self.phones.draw(surface)
        self._draw_peek(surface)
        self._draw_drag(surface)
        if self.hover_reason and self.hover_card is not None and self.my_turn():
            draw_tooltip(surface, self.hover_reason, self.mouse)
        self.frame_ms.append((time.perf_counter() - start) * 1000)

    def _draw_piles(self, surface) -> None:
        for seat in range(self.n):
            if self.piles[seat]:
                self._blit_center(surface, self._pile_surface(self.piles[seat]), self.slot(seat)["pile"])

    def _draw_side_panel(self, surface) -> None:
        """An adapter's private panel for the viewer (the mão de dez partner's cards): drawn
        only from the viewer's own view, never while the device is being passed."""
        self.side_panel_drawn_for = None
        if self.viewer is None or self.handoff_open:
            return
        rows = self.adapter.side_panel(self.viewer)
        if not rows:
            return
        surf = render_rows(self.app, rows, SIDE_PANEL_W, pad=10, gap=6)
        rect = surf.get_rect(bottomleft=SIDE_PANEL_POS)
        surface.blit(surf, rect)
        gfx.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=14)
        self.side_panel_drawn_for = self.viewer

    def _draw_deck(self, surface) -> None:
        if self.faceup is not None and self.faceup_mode in ("stock", "dead", "dealer"):
            if self.faceup_mode == "stock":
                pos, angle = (STOCK_POS[0] + 36, STOCK_POS[1]), 90
            elif self.faceup_mode == "dead":
                pos, angle = DEAD_POS, -6
            else:
                pos, angle = self.slot(self.dealer)["deck"], -4
            self._blit_center(surface, self._shadow(FACEUP_H, angle), (pos[0] + 3, pos[1] + 4))
            self._blit_center(surface, self.card_surface(self.faceup, FACEUP_H, angle), pos)
            if self.faceup_mode != "stock":
                label = self.app.text.render(self.app.t("tute_table.trump_card"), 16, theme.TEXT, True)
                rect = label.get_rect(midtop=(pos[0], pos[1] + FACEUP_H // 2 + 6))
                draw_panel(surface, rect.inflate(14, 4), (0, 0, 0, 120), 10)
                surface.blit(label, rect)
        if self.deck_left > 0 and (self.adapter.show_deck or self._dealing):
            pos = self.deck_pos()
            surf = self._deck_surface(self.deck_left + (1 if self.adapter.stock_game and self.faceup_mode == "stock" else 0))
            self._blit_center(surface, surf, (pos[0] + 14, pos[1] + 4))

    def _draw_opponents(self, surface) -> None:
        for seat in range(self.n):
            if seat == self.viewer:
                continue
            item = self._opp_hand_surface(seat)
            if item is not None:
                surf, (ox, oy) = item
                surface.blit(surf, (int(ox), int(oy)))

    def _draw_plates(self, surface) -> None:
        active = self.turn_seat if self.is_idle() else None
        glow_alpha = int(150 + 100 * math.sin(self.clock * 4.0))
        for seat in range(self.n):
            pos = self.slot(seat)["plate"]
            if seat == active:
                glow = self._plate_glow()
                glow.set_alpha(max(40, glow_alpha))
                self._blit_center(surface, glow, pos)
            self._blit_center(surface, self._plate_surface(seat, seat == active), pos)
            badge = self.adapter.seat_badge(seat)
            if badge:                      # under the plate, or over it when the bubble goes under
                img = self._badge_surface(*badge)
                pw, ph = PLATE_SIZE
                if self.slot(seat)["bubble_align"] == "midtop":
                    rect = img.get_rect(bottomleft=(pos[0] - pw // 2 + 12, pos[1] - ph // 2 + 3))
                else:
                    rect = img.get_rect(topright=(pos[0] + pw // 2 - 10, pos[1] + ph // 2 - 5))
                surface.blit(img, rect)

    def _draw_trick(self, surface) -> None:
        ties = []
        for k, (cards, winner) in enumerate(self.kept):     # decided tricks left on the cloth
            for seat, card in cards:
                x, y, a = self._trick_pos(seat, card, k)
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 2, y + 3))
                lit = winner is None or seat == winner
                self._blit_center(surface, self.card_surface(card, TRICK_H, a) if lit
                                  else self._dimmed(card, a, TRICK_H), (x, y))
            if winner is None and cards:
                ties.append((cards, k))
        self._draw_current_trick(surface)
        if self.tie_showing and self.trick:
            ties.append((self.trick, len(self.kept)))
        for cards, k in ties:                               # labels over every card
            self._draw_tie_label(surface, cards, k)

    def _draw_tie_label(self, surface, cards, k: int) -> None:
        pts = [self._trick_pos(seat, card, k) for seat, card in cards]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        self._blit_center(surface, self._tie_surface(), (cx, cy))

    def _draw_current_trick(self, surface) -> None:
        for seat, card in self.trick:
            x, y, a = self._trick_pos(seat, card)
            if seat == self.trick_highlight:
                y -= 12
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 4, y + 8))
                self._blit_center(surface, self._glow(TRICK_H, a), (x, y))
            else:
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 2, y + 3))
            self._blit_center(surface, self.card_surface(card, TRICK_H, a), (x, y))

    def _draw_hand(self, surface) -> None:
        seat = self.viewer
        if seat is None:
            return
        hand = self.hands[seat]
        if not hand:
            return
        self.hand_drawn_for = seat
        positions = self._hand_positions(seat)
        turn = self.my_turn() and bool(self._playable)
        self.hand_rects = {}
        for i, card in enumerate(hand):
            if card is None or card == self.drag_card:
                continue
            x, y, a = positions[i]
            focused = i == self.kb_index and self.my_turn()
            lift = self._lift(card, i) if turn or focused else 0.0
            pos = (x, y - lift)
            self._blit_center(surface, self._shadow(HAND_H, a), (x + 3, y + 5 - lift * 0.5))
            if focused:          # the keyboard's card: lifted, a white glow behind it, never a veil over it
                self._blit_center(surface, self._glow(HAND_H, a, colour=(255, 255, 255), spread=12), pos)
            if turn and card in self._playable:
                if not focused:
                    self._blit_center(surface, self._glow(HAND_H, a, spread=8), pos)
                rect = self._blit_center(surface, self.card_surface(card, HAND_H, a), pos)
            elif turn:
                rect = self._blit_center(surface, self._dimmed(card, a), pos)
            else:
                rect = self._blit_center(surface, self.card_surface(card, HAND_H, a), pos)
            self.hand_rects[card] = rect
        if self.kb_index is not None and self.hover_reason and self.hover_card is None and self.my_turn() \
                and 0 <= self.kb_index < len(hand) and hand[self.kb_index] in self.hand_rects:
            rect = self.hand_rects[hand[self.kb_index]]    # why the keyboard's card may not be played
            draw_tooltip(surface, self.hover_reason, (rect.x, rect.y - 60))

    def _draw_flights(self, surface) -> None:
        for f in self.flights:
            tw = f.tween
            if tw is None or not tw.started:
                continue
            t = tw.value
            x = f.p0[0] + (f.p1[0] - f.p0[0]) * t
            y = f.p0[1] + (f.p1[1] - f.p0[1]) * t - f.arc * math.sin(math.pi * t)
            a = f.a0 + (f.a1 - f.a0) * t
            h = f.h0 + (f.h1 - f.h0) * t
            card = f.card if f.face else None
            self._blit_center(surface, self.card_surface(card, h, a), (x, y))

    def _draw_bubbles(self, surface) -> None:
        for seat, b in self.bubbles.items():
            surf = self._bubble_surface(b.text() if callable(b.text) else b.text, b.big, b.cards)
            if seat == -1:
                rect = surf.get_rect(center=CENTER)
            else:
                slot = self.slot(seat)
                rect = surf.get_rect(**{slot["bubble_align"]: slot["bubble"]})
            age = b.total - b.left
            if b.big and age < 0.4:
                rect.x += int(4 * math.sin(age * 60))
            fade = min(1.0, b.left / 0.3) if b.total > 0 else 1.0
            surf.set_alpha(int(255 * max(0.0, fade)))
            surface.blit(surf, rect)

    def _draw_panels(self, surface) -> None:
        key = (self.need_sync, self.shown_deal, self.viewer, self.app.settings.language,
               self.app.settings.native_digits, self._panel_version)
        if key != self._panel_key:
            self._panel_key = key
            self._panel = render_rows(self.app, self.adapter.panel_rows(self.viewer), SCORE_RECT.w, gap=4)
        surface.blit(self._panel, SCORE_RECT.topleft)
        if self.log:
            key = (self.log_version, self.app.settings.language, self.app.settings.native_digits)
            cache = self._cache("log")
            surf = cache.get(key)
            if surf is None:
                cache.clear()
                surf = cache[key] = render_rows(self.app, self.log_rows(), LOG_RECT.w, pad=10, gap=3)
            surface.blit(surf, LOG_RECT.topleft)

    def log_rows(self) -> list:
        """The call log's rows, rendered now in the language of the moment: its title, then
        for each deal in it a "Deal N" header and that deal's newest lines."""
        rows = [[("t", self.app.t("table_ui.log_title"), theme.TEXT_DIM, theme.FONT_SMALL, True)]]
        for deal, lines in log_sections(list(self.log), EVENT_LOG_LINES + 1):
            rows.append([("t", self.app.t("table.deal", n=deal + 1), theme.ACCENT, 16, True)])
            for line in lines:
                colour = self.adapter.seat_colour(line.seat) if line.seat >= 0 else theme.TEXT
                rows.append([("dot", colour, 5), ("t", line.words(), theme.TEXT, theme.FONT_SMALL, False, 262)])
        return rows

    def _turn_text(self) -> tuple[str, tuple] | None:
        if self.hint is not None:
            return self.hint[0], (255, 190, 170)
        seat = self.turn_seat
        if seat is None or not self.is_idle() or self.match.finished:
            return None
        name = self.session.seats[seat].name
        if seat == self.viewer and not self.session.is_bot(seat):
            return self.app.t("turn.yours"), theme.ACCENT
        if self.session.is_bot(seat):
            return self.app.t("turn.thinking", name=name), theme.TEXT
        if self.phones is not None and self.phones.is_phone(seat):
            return self.phones.turn_text(seat), theme.TEXT
        return self.app.t("turn.player", name=name), theme.TEXT

    def _draw_turn_line(self, surface) -> None:
        item = self._turn_text()
        if item is None:
            return
        text, colour = item
        surf = self._turn_pill(text, colour, 700, (6, 14, 10, 170))
        row = self.widgets.widgets and self.adapter.controls_layout != "column"
        y = TURN_Y if row else TURN_Y + 30
        surface.blit(surf, surf.get_rect(center=(W // 2, y)))

    def _draw_peek(self, surface) -> None:
        held = self.tab_down_at is not None and self.clock - self.tab_down_at > 0.18
        if not held and self.peek_until <= self.clock:
            return
        rect = pygame.Rect(0, 0, 440, 250)
        rect.center = CENTER
        draw_panel(surface, rect, (6, 12, 10, 225), 16)
        title = self.app.text.render(self.app.t("table_ui.last_trick"), theme.FONT, theme.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 8)))
        if self.last_trick is None:
            img = self.app.text.render(self.app.t("table_ui.no_last_trick"), theme.FONT_SMALL, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=rect.center))
            return
        cards, winner = self.last_trick
        h = 92
        offsets = {"bottom": (0, 46), "top": (0, -22), "left": (-110, 12), "right": (110, 12),
                   "lower_right": (130, 34), "upper_right": (130, -10), "upper_left": (-130, -10),
                   "lower_left": (-130, 34)}
        for seat, card in cards:
            dx, dy = offsets[self.slot_name(seat)]
            pos = (rect.centerx + dx, rect.centery + dy + 6)
            if seat == winner:
                self._blit_center(surface, self._glow(h, 0, spread=6), pos)
            self._blit_center(surface, self.card_surface(card, h, 0), pos)

    def _draw_drag(self, surface) -> None:
        if self.drag_card is None or self.viewer is None:
            return
        self._blit_center(surface, self._glow(HAND_H, 0, spread=8), self.mouse)
        self._blit_center(surface, self.card_surface(self.drag_card, HAND_H, 0), self.mouse)
