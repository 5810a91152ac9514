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
from game.ui.rows import render_rows, row_tips
from game.ui.widgets import draw_panel, draw_tooltip
from game.scenes.tables.trick_layout import (CENTER, DEAD_POS, DECK_H, EVENT_LOG_LINES, FACEUP_H, H, HAND_H, LOG_RECT,
                                             OPP_H,
                                             PILE_H, SCORE_RECT, SIDE_PANEL_POS, SIDE_PANEL_W, STOCK_POS,
                                             TRICK_AREA, TRICK_H, TURN_Y, W, EDGE)


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

    def _chip_surface(self, text: str, fill=(250, 236, 200), ink=theme.TEXT_DARK, size: int = 16) -> pygame.Surface:
        """A small rounded label (who won a trick), cached."""
        key = (text, fill, ink, size)
        cache = self._cache("chip")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(self._fit(text, size, 220, True), size, ink, True)
            surf = gfx.Surface((img.get_width() + 20, img.get_height() + 6), pygame.SRCALPHA)
            r = surf.get_rect()
            gfx.draw.rect(surf, (0, 0, 0, 90), r.move(1, 2), border_radius=r.h // 2)
            gfx.draw.rect(surf, fill, r.inflate(-2, -2), border_radius=r.h // 2)
            gfx.draw.rect(surf, theme.ACCENT, r.inflate(-2, -2), 2, border_radius=r.h // 2)
            surf.blit(img, img.get_rect(center=(r.centerx, r.centery - 1)))
            cache[key] = surf
        return surf

    def _note_surface(self, text: str, width: int = 300) -> pygame.Surface:
        """A short explanation under a label (what a tie means), wrapped, on a dark band."""
        cache = self._cache("note")
        surf = cache.get((text, width))
        if surf is None:
            img = self.app.text.render_wrapped(text, theme.FONT_SMALL, width, theme.TEXT, False, "center")
            surf = gfx.Surface((img.get_width() + 20, img.get_height() + 10), pygame.SRCALPHA)
            gfx.draw.rect(surf, (6, 14, 10, 215), surf.get_rect(), border_radius=10)
            surf.blit(img, (10, 5))
            cache[(text, width)] = surf
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
        hovered = self.widgets.hovered                   # its tooltip is placed off the trick below
        tip = hovered.tooltip if hovered is not None else None
        if hovered is not None:
            hovered.tooltip = None
        try:
            self.widgets.draw(surface)
        finally:
            if hovered is not None:
                hovered.tooltip = tip
        self.advice.draw(surface)
        if self.phones is not None:
            self.phones.draw(surface)
        self._draw_peek(surface)
        self._draw_drag(surface)
        self._draw_tooltips(surface, hovered, tip)
        self.frame_ms.append((time.perf_counter() - start) * 1000)

    # ----- tooltips -------------------------------------------------------------------
    def _draw_tooltips(self, surface, hovered, tip) -> None:
        """One tooltip at a time: a button's, a refused card's reason (unless the turn line
        already says it), or a marker's (panel lines, plate chips, trick piles)."""
        text = None
        if hovered is not None and hovered.visible and tip:
            text = tip() if callable(tip) else tip
        elif self.hover_reason and self.hover_card is not None and self.my_turn():
            if self.hint is None or self.hint[0] != self.hover_reason:     # never the same words twice
                text = self.hover_reason
        elif self.drag_card is None:
            text = self.marker_tip_at(self.mouse)
        self.tooltip_shown = text
        if text:
            self._tooltip(surface, text, self.mouse)

    def marker_tip_at(self, pos) -> str | None:
        """The tooltip of the marker under ``pos``: a panel line, a plate's chip, a trick pile."""
        for rect, text in getattr(self, "_badge_rects", ()):
            if rect.collidepoint(pos):
                return text
        panel = getattr(self, "_panel_tips", ())
        for rect, text in panel:
            if rect.move(SCORE_RECT.topleft).collidepoint(pos):
                return text
        for seat in range(self.n):
            if self.piles[seat] and self._pile_rect(seat).collidepoint(pos):
                return self.app.t("trick_help.tip_pile", name=self.session.seats[seat].name, n=self.piles[seat])
        if self._kept_at(pos):
            return self.adapter.marker_tip("kept")
        return None

    def tooltip_rect(self, text: str, pos) -> pygame.Rect:
        """Where a tooltip for ``text`` at the pointer ``pos`` goes: beside the pointer, on the
        screen, and off the trick and its piles when any side allows."""
        img_w, img_h = self.app.text.render_wrapped(text, theme.FONT_SMALL, 380, theme.TEXT).get_size()
        w, h = img_w + 20, img_h + 14
        screen = pygame.Rect(EDGE, EDGE, W - 2 * EDGE, H - 2 * EDGE)
        avoid = [TRICK_AREA] + [self._pile_rect(s) for s in range(self.n) if self.piles[s]]
        candidates = [(pos[0] + 16, pos[1] + 18), (pos[0] + 16, pos[1] - 10 - h),
                      (pos[0] - 16 - w, pos[1] + 18), (pos[0] - 16 - w, pos[1] - 10 - h)]
        pointer = pygame.Rect(pos[0] - 4, pos[1] - 4, 8, 8)
        rects = [pygame.Rect(x, y, w, h) for x, y in candidates]
        rects += [r.clamp(screen) for r in rects]          # slid along the edge, still beside the pointer
        first = None
        for rect in rects:
            if not screen.contains(rect) or rect.colliderect(pointer):
                continue
            first = first or rect
            if not any(rect.colliderect(a) for a in avoid):
                return rect
        if first is None:
            first = rects[0].clamp(screen)
        return first

    def _tooltip(self, surface, text: str, pos) -> None:
        rect = self.tooltip_rect(text, pos)
        img = self.app.text.render_wrapped(text, theme.FONT_SMALL, 380, theme.TEXT)
        draw_panel(surface, rect, (8, 10, 14, 230), 8)
        surface.blit(img, img.get_rect(center=rect.center))

    def dealer_faceup_pos(self) -> tuple[int, int]:
        """Tute in pairs: where the dealer's turned trump is shown before he takes it back (his
        trick spot, free before the first lead, drawn above no hand)."""
        x, y = self.slot(self.dealer)["trick"]
        return (int(x), int(y))

    def _draw_piles(self, surface) -> None:
        for seat in range(self.n):
            if self.piles[seat]:
                self._blit_center(surface, self._pile_surface(self.piles[seat]), self.slot(seat)["pile"])

    def _pile_rect(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s pile of won tricks is (what a click on it hits)."""
        x, y = self.slot(seat)["pile"]
        return pygame.Rect(int(x) - 34, int(y) - 34, 68, 68)

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
            else:                                  # in the open, never under a hand
                pos, angle = self.dealer_faceup_pos(), -4
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
        self._badge_rects = []
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
                if rect.bottom > H - EDGE:          # at the window's edge: beside the plate instead
                    rect = img.get_rect(midleft=(pos[0] + pw // 2 + 8, pos[1] + ph // 2 - 10))
                elif rect.top < EDGE:               # over the top edge: under the plate
                    rect = img.get_rect(topright=(pos[0] + pw // 2 - 10, pos[1] + ph // 2 - 5))
                rect.clamp_ip(pygame.Rect(EDGE, EDGE, W - 2 * EDGE, H - 2 * EDGE))
                surface.blit(img, rect)
                tip = self.adapter.badge_tip(seat)
                if tip:
                    self._badge_rects.append((rect.copy(), tip))

    def _draw_trick(self, surface) -> None:
        ties = []
        last = len(self.kept) - 1
        for k, (cards, winner) in enumerate(self.kept):     # decided tricks left on the cloth
            for seat, card in cards:
                x, y, a = self._trick_pos(seat, card, k)
                lit = winner is None or seat == winner
                if k == last and self.fresh_kept and seat == winner:     # just won: still lifted
                    y -= 12
                    self._blit_center(surface, self._shadow(TRICK_H, a), (x + 4, y + 8))
                    self._blit_center(surface, self._glow(TRICK_H, a), (x, y))
                else:
                    self._blit_center(surface, self._shadow(TRICK_H, a), (x + 2, y + 3))
                self._blit_center(surface, self.card_surface(card, TRICK_H, a) if lit
                                  else self._dimmed(card, a, TRICK_H), (x, y))
            if winner is None and cards:
                ties.append((cards, k))
        if self.fresh_kept and self.kept and self.kept[-1][1] is not None and not self.trick:
            cards, winner = self.kept[-1]
            card = next(c for s_, c in cards if s_ == winner)
            self._draw_winner_label(surface, *self._trick_pos(winner, card, last)[:2], winner)
        self._draw_current_trick(surface)
        if self.tie_showing and self.trick:
            ties.append((self.trick, len(self.kept)))
        for cards, k in ties:                               # labels over every card
            self._draw_tie_label(surface, cards, k)
        if ties and (self.tie_showing or (self.fresh_kept and self.kept and self.kept[-1][1] is None
                                          and not self.trick)):
            note = self.adapter.tie_note(self.adapter.info.get("results", []))
            if note:                                        # what the tie means, under its label
                cards, k = ties[-1]
                pts = [self._trick_pos(seat, card, k) for seat, card in cards]
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
                surf = self._note_surface(note, 420)
                rect = surf.get_rect(midtop=(int(cx), int(cy) + 20))
                rect.clamp_ip(pygame.Rect(EDGE, EDGE, W - 2 * EDGE, H - 2 * EDGE))
                surface.blit(surf, rect)

    def _draw_tie_label(self, surface, cards, k: int) -> None:
        pts = [self._trick_pos(seat, card, k) for seat, card in cards]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        self._blit_center(surface, self._tie_surface(), (cx, cy))

    def _draw_winner_label(self, surface, x: float, y: float, winner: int) -> None:
        """"Name wins" over the lifted winning card (y: the card's centre before the lift)."""
        chip = self._chip_surface(self.app.t("trick_help.wins", name=self.session.seats[winner].name))
        rect = chip.get_rect(midbottom=(int(x), int(y - 12 - TRICK_H // 2 - 2)))
        rect.clamp_ip(pygame.Rect(EDGE, EDGE, W - 2 * EDGE, H - 2 * EDGE))
        surface.blit(chip, rect)

    def _draw_current_trick(self, surface) -> None:
        self.marked_card = None
        mark = None
        if self.trick_highlight is None and not self.tie_showing and len(self.trick) >= 2:
            mark = self.adapter.winning_index(self.trick)    # only what this viewer may know
        label = None
        for i, (seat, card) in enumerate(self.trick):
            x, y, a = self._trick_pos(seat, card)
            if seat == self.trick_highlight:
                label = (x, y, seat)
                y -= 12
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 4, y + 8))
                self._blit_center(surface, self._glow(TRICK_H, a), (x, y))
            elif i == mark:                                 # winning so far: a soft glow and a tab
                self.marked_card = (seat, card)
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 2, y + 3))
                self._blit_center(surface, self._glow(TRICK_H, a, colour=(255, 240, 196), spread=6), (x, y))
            else:
                self._blit_center(surface, self._shadow(TRICK_H, a), (x + 2, y + 3))
            self._blit_center(surface, self.card_surface(card, TRICK_H, a), (x, y))
        if self.marked_card is not None:
            seat, card = self.marked_card
            x, y, _ = self._trick_pos(seat, card)
            self._draw_winning_tab(surface, x, y - TRICK_H // 2 - 4)
        if label is not None:
            self._draw_winner_label(surface, *label)

    def _draw_winning_tab(self, surface, x: float, y: float) -> None:
        """A small drawn crown over the card winning the open trick (no glyph, any language)."""
        x, y = int(x), int(y)
        pts = [(x - 11, y), (x - 11, y - 10), (x - 5, y - 5), (x, y - 13), (x + 5, y - 5), (x + 11, y - 10),
               (x + 11, y)]
        gfx.draw.polygon(surface, (40, 30, 10), [(px + 1, py + 2) for px, py in pts])
        gfx.draw.polygon(surface, theme.ACCENT, pts)
        gfx.draw.polygon(surface, (120, 80, 20), pts, 1)

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
            rows = self.adapter.panel_rows(self.viewer)
            self._panel = render_rows(self.app, rows, SCORE_RECT.w, gap=4)
            self._panel_tips = row_tips(self.app, rows, SCORE_RECT.w, gap=4)
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

    def peek_open(self) -> bool:
        """Whether the last-trick peek is showing (L or Tab held, or a click on a trick pile)."""
        held = self.tab_down_at is not None and self.clock - self.tab_down_at > 0.18
        return held or self.peek_until > self.clock

    def _draw_peek(self, surface) -> None:
        self.peek_drawn = None
        if not self.peek_open():
            return
        rect = pygame.Rect(0, 0, 480, 300)
        rect.center = CENTER
        draw_panel(surface, rect, (6, 12, 10, 232), 16)
        title = self.app.text.render(self.app.t("table_ui.last_trick"), theme.FONT, theme.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 8)))
        if self.last_trick is None:
            img = self.app.text.render(self.app.t("table_ui.no_last_trick"), theme.FONT_SMALL, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=rect.center))
            self.peek_drawn = []
            return
        cards, winner = self.last_trick
        h = 92 if len(cards) <= 4 else 84
        w = self._card_size(h)[0]
        gap = 14
        total = len(cards) * w + (len(cards) - 1) * gap
        x = rect.centerx - total // 2 + w // 2
        lifted = None
        for seat, card in cards:                      # in the order they were played
            pos = (x, rect.centery + 24)
            if seat == winner:
                pos = (x, pos[1] - 10)
                lifted = pos
                self._blit_center(surface, self._glow(h, 0, spread=6), pos)
            self._blit_center(surface, self.card_surface(card, h, 0), pos)
            name = self.app.text.render(self._fit(self.session.seats[seat].name, 15, w + gap - 2), 15,
                                        self.adapter.seat_colour(seat) if seat != winner else theme.ACCENT)
            surface.blit(name, name.get_rect(midtop=(x, rect.centery + 24 + h // 2 + 4)))
            x += w + gap
        self.peek_drawn = [c for _, c in cards]
        if lifted is not None:
            chip = self._chip_surface(self.app.t("trick_help.wins", name=self.session.seats[winner].name))
            crect = chip.get_rect(midbottom=(lifted[0], lifted[1] - h // 2 - 2))
            crect.clamp_ip(rect.inflate(-8, -8))
            surface.blit(chip, crect)
        elif cards:
            tie = self._tie_surface()
            surface.blit(tie, tie.get_rect(center=(rect.centerx, rect.centery + 24)))
        hint = self.app.text.render_wrapped(self.app.t("trick_help.peek_hint"), 15, rect.w - 40, theme.TEXT_DIM,
                                            False, "center")
        surface.blit(hint, hint.get_rect(midtop=(rect.centerx, rect.y + 38)))

    def _draw_drag(self, surface) -> None:
        if self.drag_card is None or self.viewer is None:
            return
        self._blit_center(surface, self._glow(HAND_H, 0, spread=8), self.mouse)
        self._blit_center(surface, self.card_surface(self.drag_card, HAND_H, 0), self.mouse)
