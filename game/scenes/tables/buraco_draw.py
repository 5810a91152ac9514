"""Drawing Buraco's table: the two sides' melds with their canasta ribbons, the stock and
the muertos, the discard pile, the hands, the name plates, the score panel and the log,
bubbles, the turn line and tooltips. A mixin of
:class:`~game.scenes.tables.buraco_table.BuracoTableScene`."""
from __future__ import annotations

import logging
import math
import time

import pygame

from game.games.buraco_melds import BONUS
from game.scenes.tables.adapter import PANEL_DIM, PANEL_TEXT
from game.scenes.tables.buraco import DECK, KIND_COLOUR, KIND_KEY
from game.scenes.tables.buraco_layout import (BUBBLES, CENTER, FAN_H, HAND_H, MUERTO_H, MUERTO_POS, OURS_RECT,
                                              PILE_OPEN_H, PILE_RECT, PILE_TOP_H, PILE_TOP_POS, PLATES,
                                              SCORE_RECT, STOCK_H, STOCK_POS, TURN_Y, W)
from game.scenes.tables.match_table import PLATE_SIZE, log_sections
from game.ui import gfx, theme
from game.ui.card_art import card_size
from game.ui.felt import felt_surface
from game.ui.rows import render_rows
from game.ui.widgets import draw_tooltip

log = logging.getLogger(__name__)

NEAR_COLOUR = (150, 214, 236)        # the "almost a canasta" chip
FRESH_COLOUR = (110, 200, 255)       # the glow round the cards just drawn or taken
WARN_COLOUR = (255, 178, 120)        # the turn line's warning one move before a dead end


class BuracoDrawing:
    """Everything the Buraco table draws (surfaces cached per scene)."""

    # ----- surfaces (cached) -----------------------------------------------------------
    def card(self, card: str | None, height: float, angle: float = 0.0, crisp: bool = True) -> pygame.Surface:
        """A face (or the back, card None) ``height`` px tall, rotated by ``angle``."""
        height = max(8, int(round(height / 2) * 2))
        angle = int(round(angle)) % 360
        key = (card, height, angle, crisp)
        cache = self._cache("card")
        surf = cache.get(key)
        if surf is not None:
            return surf
        if angle:
            surf = gfx.transform.rotate(self.card(card, height, 0, crisp), angle)
        elif crisp or height == HAND_H:
            art = self.app.cards(height)
            surf = art.face(card, deck=DECK) if card is not None else art.back(deck=DECK)
        else:
            art = self.app.cards(HAND_H)
            big = art.face(card, deck=DECK) if card is not None else art.back(deck=DECK)
            surf = gfx.transform.smoothscale(big, card_size(DECK, height))
        cache[key] = surf
        return surf

    def _shadow(self, w: int, h: int, alpha: int = 60) -> pygame.Surface:
        key = (w, h, alpha)
        cache = self._cache("shadow")
        surf = cache.get(key)
        if surf is None:
            surf = gfx.Surface((w + 6, h + 6), pygame.SRCALPHA)
            for i in range(3):
                gfx.draw.rect(surf, (0, 0, 0, alpha // 3), surf.get_rect().inflate(-2 * i, -2 * i),
                                 border_radius=max(4, h // 12))
            cache[key] = surf
        return surf

    def _outline(self, w: int, h: int, colour, width: int = 3, spread: int = 0) -> pygame.Surface:
        """A rounded outline ``width`` px (0: none) round a w x h card, with a soft glow ``spread``."""
        key = (w, h, colour, width, spread)
        cache = self._cache("outline")
        surf = cache.get(key)
        if surf is None:
            surf = gfx.Surface((w + 2 * spread + 4, h + 2 * spread + 4), pygame.SRCALPHA)
            r = surf.get_rect()
            for i in range(spread, 0, -1):
                a = int(140 * (1 - i / (spread + 1)) ** 2)
                gfx.draw.rect(surf, (*colour[:3], a), r.inflate(-2 * (spread - i), -2 * (spread - i)),
                                 border_radius=max(6, h // 10) + i)
            if width:
                gfx.draw.rect(surf, (*colour[:3], 255), r.inflate(-2 * spread, -2 * spread), width,
                                 border_radius=max(5, h // 11))
            cache[key] = surf
        return surf

    def _text(self, text: str, size: int, colour, bold: bool = False, maxw: int | None = None) -> pygame.Surface:
        key = (text, size, colour, bold, maxw)
        cache = self._cache("text")
        surf = cache.get(key)
        if surf is None:
            if maxw is not None:
                text = self._fit(text, size, maxw, bold)
            surf = self.app.text.render(text, size, colour, bold)
            cache[key] = surf
        return surf

    def _badge(self, text: str, ring=theme.ACCENT, size: int = 16) -> pygame.Surface:
        key = (text, ring, size)
        cache = self._cache("badge")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(text, size, theme.TEXT, True)
            d = max(img.get_width() + 12, img.get_height() + 2)
            hgt = img.get_height() + 2
            surf = gfx.Surface((d, hgt), pygame.SRCALPHA)
            r = surf.get_rect()
            gfx.draw.rect(surf, (22, 18, 16), r, border_radius=hgt // 2)
            gfx.draw.rect(surf, ring, r, 2, border_radius=hgt // 2)
            surf.blit(img, img.get_rect(center=r.center))
            cache[key] = surf
        return surf

    def _chip(self, text: str, fill, size: int = 15) -> pygame.Surface:
        key = (text, fill, size)
        cache = self._cache("chip")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render(text, size, theme.TEXT_DARK, True)
            surf = gfx.Surface((img.get_width() + 18, img.get_height() + 4), pygame.SRCALPHA)
            r = surf.get_rect()
            gfx.draw.rect(surf, (0, 0, 0, 90), r.move(1, 2), border_radius=r.h // 2)
            gfx.draw.rect(surf, fill, r.inflate(-1, -2), border_radius=r.h // 2)
            gfx.draw.rect(surf, (70, 54, 30), r.inflate(-1, -2), 1, border_radius=r.h // 2)
            surf.blit(img, img.get_rect(center=(r.centerx, r.centery - 1)))
            cache[key] = surf
        return surf

    # ----- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._finish_concede_if_covered()
        start = time.perf_counter()
        surface.blit(felt_surface(colour=theme.FELT_BURACO, dark=theme.FELT_BURACO_DARK), (0, 0))
        self.hand_drawn_for = None
        turn = self.my_turn()
        if turn and self.viewer is not None:
            self._prepare_turn(self.viewer)
        elif self.viewer is not None and not self.handoff_open and "sort" not in self.controls():
            self._build_controls()                 # the sort toggle stays while others play
        self._draw_zones(surface, turn)
        self._draw_stock(surface)
        self._draw_pile(surface)
        self._draw_plates(surface)
        self._draw_panels(surface)
        self._draw_hand(surface, turn)
        self._draw_flights(surface)
        self._draw_bubbles(surface)
        self._draw_turn_line(surface, turn)
        self.widgets.draw(surface)
        self.advice.draw(surface)
        self._draw_drag(surface)
        self._draw_tooltips(surface)
        self.frame_ms.append((time.perf_counter() - start) * 1000)

    def _zone_surface(self, zone: str, side: int, lit: bool) -> pygame.Surface:
        rect = self._zone_rect(zone)
        colour = self.adapter.side_colour(side)
        key = (zone, colour, lit)
        cache = self._cache("zone")
        surf = cache.get(key)
        if surf is None:
            surf = gfx.Surface(rect.size, pygame.SRCALPHA)
            r = surf.get_rect()
            gfx.draw.rect(surf, (40, 16, 8, 105), r, border_radius=18)
            gfx.draw.rect(surf, (*colour, 200 if lit else 90), r, 3 if lit else 2, border_radius=18)
            if lit:
                gfx.draw.rect(surf, (*theme.ACCENT, 230), r, 3, border_radius=18)
            cache[key] = surf
        return surf

    def _zone_label(self, side: int) -> pygame.Surface:
        zone = self.zone_of(side)
        t = self.app.t
        points = sum(self.rules.values[self.match.deck.index[c]] for m in self.melds[side] for c in m["cards"])
        points += sum(BONUS[m["canasta"]] for m in self.melds[side])
        who = t("buraco_table.us") if zone == "ours" else t("buraco_table.them")
        state = self.muerto_state[side]
        muerto = t(f"buraco_table.muerto_{state}")
        key = (side, zone, who, self.adapter.side_name(side), points, muerto, self.app.settings.language)
        cache = self._cache("label")
        surf = cache.get(key)
        if surf is None:
            cache.clear()
            colour = self.adapter.side_colour(side)
            parts = [self.app.text.render(who, 17, theme.TEXT, True),
                     self.app.text.render(self._fit(self.adapter.side_name(side), 16, 200), 16, theme.TEXT_DIM),
                     self.app.text.render("·", 16, theme.TEXT_DIM),
                     self.app.text.render(t("buraco_table.on_table", n=points), 16, theme.TEXT),
                     self.app.text.render("·", 16, theme.TEXT_DIM),
                     self.app.text.render(muerto, 16, theme.TEXT_DIM)]
            wsum = sum(p.get_width() for p in parts) + 8 * (len(parts) - 1) + 40
            hgt = max(p.get_height() for p in parts) + 4
            surf = gfx.Surface((wsum, hgt), pygame.SRCALPHA)
            r = surf.get_rect()
            gfx.draw.rect(surf, (34, 18, 12, 235), r, border_radius=hgt // 2)
            gfx.draw.rect(surf, colour, r, 2, border_radius=hgt // 2)
            gfx.draw.circle(surf, colour, (16, hgt // 2), 6)
            x = 28
            for p in parts:
                surf.blit(p, (x, (hgt - p.get_height()) // 2))
                x += p.get_width() + 8
            cache[key] = surf
        return surf

    def _accepting_melds(self) -> set[int]:
        """The side's melds the selected cards can go onto now (a soft outline)."""
        if not self.selected or self.phase == "draw" or not self.my_turn():
            return set()
        key = (tuple(sorted(self.selected)), self._version, len(self.match.records[-1].actions))
        if key != self._accept_key:
            self._accept_key = key
            cards = self._selected_cards()
            side = self.viewer & 1
            out = set()
            if len(cards) <= 3:
                for i in range(len(self.melds[side])):
                    if self._plan_adds(self.viewer, cards, i)[0] is not None:
                        out.add(i)
            self._accepting = out
        return self._accepting

    def _draw_zones(self, surface, turn: bool) -> None:
        ours_side = self.base & 1
        lit = bool(turn and self.phase != "draw" and len(self.selected) >= 3
                   and (self.drag is not None or self.hover == ("zone", "ours")))
        accepting = self._accepting_melds()
        for side in (1 - ours_side, ours_side):
            zone = self.zone_of(side)
            rect = self._zone_rect(zone)
            surface.blit(self._zone_surface(zone, side, lit and zone == "ours"), rect.topleft)
            label = self._zone_label(side)
            surface.blit(label, (rect.x + 14, rect.y - label.get_height() // 2))
            layout = self._layout(side, self.melds[side])
            if zone == "ours" and not self.melds[side] and self.viewer is not None:
                hint = self._cache("hint")
                key = self.app.settings.language
                img = hint.get(key)
                if img is None:
                    img = hint[key] = self.app.text.render_wrapped(self.app.t("buraco_table.ours_empty"), 18,
                                                                   rect.w - 120, (226, 196, 170), False, "center")
                surface.blit(img, img.get_rect(center=rect.center))
            for i, (m, (mrect, spots, h)) in enumerate(zip(self.melds[side], layout)):
                self._draw_meld(surface, side, zone, i, m, mrect, spots, h,
                                zone == "ours" and i in accepting,
                                zone == "ours" and i == self.meld_cursor and self.viewer is not None)

    def _draw_meld(self, surface, side, zone, i, m, rect, spots, h, accepts, cursor) -> None:
        w = card_size(DECK, h)[0]
        kind = m["canasta"]
        if kind:
            colour = KIND_COLOUR[kind]
            glow = self._outline(rect.w + 4, h + 4, colour, 0, spread=10 if (side, i) in self.flash else 7)
            if (side, i) in self.flash:
                glow = glow.copy()
                glow.set_alpha(int(160 + 95 * math.sin(self.clock * 10)))
            self._blit_center(surface, glow, rect.center)
        if accepts or cursor:
            colour = (255, 255, 255) if cursor else (120, 220, 150)
            self._blit_center(surface, self._outline(rect.w + 8, h + 8, colour, 3, spread=0), rect.center)
        for j, card in enumerate(m["cards"]):
            x, y = spots[j]
            if j == m["wild"]:
                y -= max(4, h // 12)
            surface.blit(self._shadow(w, h, 45), (int(x - w / 2) + 1, int(y - h / 2) + 2))
            self._blit_center(surface, self.card(card, h), (x, y))
            if j == m["wild"]:
                self._blit_center(surface, self._outline(w, h, theme.ACCENT, 2), (x, y))
        if accepts:
            surface.blit(self._plus_badge(), self._plus_badge().get_rect(center=(rect.right + 2, rect.y + 2)))
        size = 15 if zone == "ours" and h >= 70 else 13
        if kind:
            chip = self._chip(self.app.t(f"buraco_table.{KIND_KEY[kind]}"), KIND_COLOUR[kind], size)
            self._blit_center(surface, chip, (rect.centerx, rect.bottom - chip.get_height() // 2 - 4))
        elif len(m["cards"]) == 6:                 # one card from a canasta
            chip = self._chip(self.app.t("buraco_table.near_canasta"), NEAR_COLOUR, size)
            self._blit_center(surface, chip, (rect.centerx, rect.bottom - chip.get_height() // 2 - 4))

    def _plus_badge(self) -> pygame.Surface:
        """A green "+" disc: the selected cards can be added to this meld."""
        cache = self._cache("plus")
        surf = cache.get(0)
        if surf is None:
            surf = gfx.Surface((24, 24), pygame.SRCALPHA)
            gfx.draw.circle(surf, (0, 0, 0, 90), (12, 13), 11)
            gfx.draw.circle(surf, (120, 220, 150), (12, 12), 11)
            gfx.draw.circle(surf, (20, 60, 34), (12, 12), 11, 2)
            gfx.draw.rect(surf, (20, 60, 34), (6, 10, 12, 4), border_radius=2)
            gfx.draw.rect(surf, (20, 60, 34), (10, 6, 4, 12), border_radius=2)
            cache[0] = surf
        return surf

    def _draw_stock(self, surface) -> None:
        t = self.app.t
        # the stock
        if self.stock > 0:
            back = self.card(None, STOCK_H)
            bw, bh = back.get_size()
            layers = max(1, min(6, (self.stock + 9) // 10))
            x, y = STOCK_POS
            surface.blit(self._shadow(bw, bh, 70), (x - bw // 2 + 2, y - bh // 2 + 4))
            for k in range(layers):
                surface.blit(back, (x - bw // 2 - k, y - bh // 2 - k))
            badge = self._badge(self.app.num(self.stock))
            surface.blit(badge, badge.get_rect(center=(x + bw // 2 - 8, y + bh // 2 - 10)))
        else:
            w = card_size(DECK, STOCK_H)[0]
            r = pygame.Rect(0, 0, w, STOCK_H)
            r.center = STOCK_POS
            gfx.draw.rect(surface, (255, 255, 255, 60), r, 2, border_radius=8)
        label = self._text(t("buraco_table.stock"), 16, theme.TEXT_DIM, maxw=110)
        surface.blit(label, label.get_rect(midtop=(STOCK_POS[0], STOCK_POS[1] + STOCK_H // 2 + 4)))
        # the muertos, crosswise
        for side in (0, 1):
            zone = self.zone_of(side)
            x, y = MUERTO_POS[zone]
            colour = self.adapter.side_colour(side)
            if self.muerto[side]:
                back = self.card(None, MUERTO_H, 90)
                for k in range(3):
                    surface.blit(back, back.get_rect(center=(x - k, y - k)))
                badge = self._badge(self.app.num(self.muerto[side]), ring=colour, size=15)
                corner = (x + back.get_width() // 2 - 4, y + back.get_height() // 2 - 6)
                surface.blit(badge, badge.get_rect(center=corner))
            else:
                w = card_size(DECK, MUERTO_H)[0]
                r = pygame.Rect(0, 0, MUERTO_H, w)
                r.center = (x, y)
                gfx.draw.rect(surface, (*colour, 120), r, 2, border_radius=6)
            gfx.draw.circle(surface, colour, (x - MUERTO_H // 2 - 10, y), 5)
        label = self._text(t("buraco_table.muertos"), 16, theme.TEXT_DIM, maxw=100)
        surface.blit(label, label.get_rect(midtop=(MUERTO_POS["ours"][0], MUERTO_POS["ours"][1] + 24)))

    def _draw_pile(self, surface) -> None:
        t = self.app.t
        title = t("buraco_table.pile_open") if not self.closed_pile else t("buraco_table.pile_closed")
        label = self._text(title, 16, theme.TEXT_DIM, maxw=PILE_RECT.w)
        top = (PILE_TOP_POS[1] - PILE_TOP_H // 2) if self.closed_pile else PILE_RECT.y
        surface.blit(label, label.get_rect(midbottom=(PILE_RECT.centerx, top - 4)))
        count = self.pile_count
        if count <= 0 or not self.pile:
            h = self._pile_h()
            w = card_size(DECK, h)[0]
            r = pygame.Rect(0, 0, w, h)
            r.center = PILE_TOP_POS if self.closed_pile else (PILE_RECT.x + w // 2, PILE_RECT.y + h // 2)
            s = gfx.Surface(r.size, pygame.SRCALPHA)
            gfx.draw.rect(s, (255, 255, 255, 50), s.get_rect(), 2, border_radius=8)
            surface.blit(s, r)
        elif self.closed_pile:
            top = self.pile[-1]
            w = card_size(DECK, PILE_TOP_H)[0]
            back = self.card(None, PILE_TOP_H)
            layers = min(4, count - 1)
            x, y = PILE_TOP_POS
            surface.blit(self._shadow(w, PILE_TOP_H, 70), (x - w // 2 + 2, y - PILE_TOP_H // 2 + 4))
            for k in range(layers, 0, -1):
                surface.blit(back, (x - w // 2 + 2 * k, y - PILE_TOP_H // 2 + 2 * k))
            self._blit_center(surface, self.card(top, PILE_TOP_H), (x, y))
            badge = self._badge(self.app.num(count))
            surface.blit(badge, badge.get_rect(center=(x + w // 2 - 4, y + PILE_TOP_H // 2 - 6)))
        else:
            pos = self._pile_positions(len(self.pile))
            h = PILE_OPEN_H
            w = card_size(DECK, h)[0]
            for k, (card, (x, y, _)) in enumerate(zip(self.pile, pos)):
                surface.blit(self._shadow(w, h, 40), (int(x - w / 2) + 1, int(y - h / 2) + 2))
                self._blit_center(surface, self.card(card, h), (x, y))
            x, y, _ = pos[-1]
            self._blit_center(surface, self._outline(w, h, theme.ACCENT, 2), (x, y))
            badge = self._badge(self.app.num(count))
            surface.blit(badge, badge.get_rect(midright=(min(x + w // 2 + 8, W - 8), y + h // 2 - 6)))
        if self.closed_pile:
            note = self._cache("note")
            key = (self.app.settings.language,)
            img = note.get(key)
            if img is None:
                img = note[key] = self.app.text.render_wrapped(t("buraco_table.closed_note"), 15, PILE_RECT.w,
                                                               theme.TEXT_DIM, False, "center")
            surface.blit(img, img.get_rect(midtop=(PILE_RECT.centerx, PILE_TOP_POS[1] + PILE_TOP_H // 2 + 12)))

    def _draw_plates(self, surface) -> None:
        active = self.turn_seat if self.is_idle() else None
        pulse = int(150 + 100 * math.sin(self.clock * 4.0))
        for seat in range(self.n):
            name = self.slot_name(seat)
            pos = PLATES[name]
            if seat == active:
                glow = self._plate_glow()
                glow.set_alpha(max(40, pulse))
                self._blit_center(surface, glow, pos)
            self._blit_center(surface, self._plate_surface(seat, seat == active), pos)
            if seat != self.viewer and self.hands[seat]:
                self._draw_fan(surface, seat)

    def _draw_fan(self, surface, seat: int) -> None:
        positions = self._hand_positions(seat)
        if self.slot_name(seat) == "bottom":
            return                                 # the holder's own seat while the device is passed
        back = self.card(None, FAN_H)
        bw, bh = back.get_size()
        for x, y, _ in positions:
            surface.blit(self._shadow(bw, bh, 40), (int(x - bw / 2) + 1, int(y - bh / 2) + 2))
            surface.blit(back, (int(x - bw / 2), int(y - bh / 2)))

    def _panel_rows(self) -> list:
        t, num = self.app.t, self.app.num
        target = self.match.options.get("target", 2000)
        rows = [[("t", self.adapter.game_title(), PANEL_TEXT, theme.FONT, True),
                 ("t", "· " + self.adapter.mode_name(), PANEL_DIM, theme.FONT_SMALL, False, 120)],
                [("t", t("table.deal", n=self.shown_deal + 1), PANEL_DIM, 16, False, 100), ("fill",),
                 ("t", t("table.target", n=target), PANEL_DIM, 16, False, 120)],
                ["---"]]
        score = self.match.score if not self.pending else self._shown_score()
        for side in (0, 1):
            rows.append([("dot", self.adapter.side_colour(side), 6),
                         ("t", self.adapter.side_name(side), PANEL_TEXT, theme.FONT_SMALL, False, 130), ("fill",),
                         ("t", num(score[side]), theme.ACCENT, theme.FONT, True)])
        return rows

    def _shown_score(self) -> list:
        """The score as of the deal on the cloth (the engine may be a deal ahead)."""
        if self.shown_deal < len(self.match.records):
            rec = self.match.records[self.shown_deal]
            shown = [e for e in rec.events if e.kind == "hand scored"]
            done = any(ev.kind == "hand scored" for di, ev in self.pending if di == self.shown_deal)
            if shown and not done:
                return list(shown[-1].data["score"])
            before = [0, 0]
            for r in self.match.records[:self.shown_deal]:
                if r.points:
                    before = [before[0] + r.points[0], before[1] + r.points[1]]
            return before
        return list(self.match.score)

    def _draw_panels(self, surface) -> None:
        key = (self.shown_deal, self.app.settings.language, self.app.settings.native_digits,
               tuple(self._shown_score()), len(self.pending) == 0)
        if key != self._panel_key:
            self._panel_key = key
            self._panel = render_rows(self.app, self._panel_rows(), SCORE_RECT.w, gap=4)
        surface.blit(self._panel, SCORE_RECT.topleft)
        if self.log:
            key = (self.log_version, self.app.settings.language, self.app.settings.native_digits,
                   self._log_room())
            cache = self._cache("log")
            surf = cache.get(key)
            if surf is None:
                cache.clear()
                room = self._log_room()
                lines = list(self.log)
                for k in range(len(lines) + len({ln.deal for ln in lines}), 1, -1):   # the newest that fit
                    rows = []
                    for deal, section in log_sections(lines, k):   # one section per deal
                        rows.append([("t", self.app.t("table.deal", n=deal + 1), theme.ACCENT, 15, True)])
                        for line in section:
                            colour = self.adapter.seat_colour(line.seat) if line.seat >= 0 else theme.TEXT
                            row = [("dot", colour, 4), ("cell", line.words(), theme.TEXT, 15, False,
                                                        172 if line.card else 204, "left")]
                            if line.card:
                                row.append(("card", line.card, DECK, 26))
                            rows.append(row)
                    surf = render_rows(self.app, rows, SCORE_RECT.w, pad=8, gap=3)
                    if surf.get_height() <= room:
                        break
                cache[key] = surf
            surface.blit(surf, (SCORE_RECT.x, self._log_top()))

    def _log_top(self) -> int:
        return SCORE_RECT.y + (self._panel.get_height() if self._panel is not None else 130) + 8

    def _log_room(self) -> int:
        limit = (PLATES["left"][1] - PLATE_SIZE[1] // 2 - 10) if self.n == 4 else \
            (PLATES["bottom"][1] - PLATE_SIZE[1] // 2 - 14)
        return limit - self._log_top()

    def _draw_hand(self, surface, turn: bool) -> None:
        seat = self.viewer
        if seat is None or self.handoff_open:
            return
        hand = self.hands[seat]
        if not hand:
            return
        self.hand_drawn_for = seat
        positions = self._hand_positions(seat)
        w, h = card_size(DECK, HAND_H)
        dragging = set(self.drag or ())
        must_seen = False
        fresh = list(self.fresh) if turn or self.my_turn() or self.match.to_act == seat else []
        tags = []
        for i, card in enumerate(hand):
            if card is None or i in dragging:
                continue
            x, y, _ = positions[i]
            lift = self._lift(i)
            pos = (x, y - lift)
            surface.blit(self._shadow(w, h, 70), (int(x - w / 2) + 2, int(y - h / 2 + 4 - lift * 0.4)))
            focused = i == self.kb_index and self.meld_cursor is None
            if focused:                     # the keyboard's card: a glow behind it, never a veil over it
                self._blit_center(surface, self._outline(w, h, (255, 255, 255), 0, spread=10), pos)
            if i in self.selected:
                self._blit_center(surface, self._outline(w, h, theme.ACCENT, 3, spread=6), pos)
            elif card == self.must and not must_seen and turn:
                glow = self._outline(w, h, (255, 236, 150), 3, spread=8).copy()
                glow.set_alpha(int(170 + 80 * math.sin(self.clock * 5)))
                self._blit_center(surface, glow, pos)
            is_fresh = card in fresh and card != self.must
            if is_fresh:
                fresh.remove(card)
                if i not in self.selected:
                    self._blit_center(surface, self._outline(w, h, FRESH_COLOUR, 3, spread=7), pos)
                tags.append(pos)
            if card == self.must:
                must_seen = True
            self._blit_center(surface, self.card(card, HAND_H), pos)
            if focused:
                self._blit_center(surface, self._outline(w, h, (255, 255, 255), 3, spread=0), pos)
        if 0 < len(tags) <= 3:                       # "New" over the card just drawn (a few at most)
            chip = self._chip(self.app.t("buraco_table.just_drawn"), FRESH_COLOUR, 14)
            for x, y in tags:
                self._blit_center(surface, chip, (x, y - h / 2 - chip.get_height() / 2 + 2))

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
            img = self.card(card, h, a, crisp=False)
            if f.packet:
                for k in range(min(4, f.packet), 0, -1):
                    self._blit_center(surface, img, (x + k * 1.5, y + k * 1.5))
            self._blit_center(surface, img, (x, y))

    def _bubble_surface(self, text: str, big: bool) -> pygame.Surface:
        key = (text, big)
        cache = self._cache("bubble")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render_wrapped(text, 22 if big else 20, 280, theme.TEXT_DARK, True, "center")
            w, h = img.get_width() + 28, img.get_height() + 14
            surf = gfx.Surface((w + 6, h + 6), pygame.SRCALPHA)
            gfx.draw.rect(surf, (0, 0, 0, 70), pygame.Rect(4, 5, w, h), border_radius=16)
            fill = (255, 226, 120) if big else (252, 250, 242)
            gfx.draw.rect(surf, fill, pygame.Rect(0, 0, w, h), border_radius=16)
            gfx.draw.rect(surf, (90, 70, 50), pygame.Rect(0, 0, w, h), 2, border_radius=16)
            surf.blit(img, ((w - img.get_width()) // 2, 7))
            cache[key] = surf
        return surf

    def _draw_bubbles(self, surface) -> None:
        for where, b in self.bubbles.items():
            surf = self._bubble_surface(b.text, b.big)
            if where == -1:
                rect = surf.get_rect(center=CENTER)
            else:
                pos, anchor = BUBBLES[self.slot_name(where)]
                rect = surf.get_rect(**{anchor: pos})
            age = b.total - b.left
            if b.big and age < 0.4:
                rect.x += int(4 * math.sin(age * 60))
            fade = min(1.0, b.left / 0.3) if b.total > 0 else 1.0
            surf.set_alpha(int(255 * max(0.0, fade)))
            surface.blit(surf, rect)

    def _turn_text(self, turn: bool) -> tuple[str, tuple] | None:
        t = self.app.t
        if self.hint is not None:
            return self.hint[0], (255, 196, 176)
        seat = self.turn_seat
        if seat is None or not self.is_idle() or self.match.finished:
            return None
        name = self.session.seats[seat].name
        if turn:
            if self.phase == "draw":
                return t("buraco_table.turn_draw"), theme.ACCENT
            if self.must:
                return t("buraco_table.turn_must", name=self.adapter.card_name(self.must)), theme.ACCENT
            warning = self.corner_warning()
            if warning is not None:
                return warning, WARN_COLOUR
            if self.meld_cursor is not None:
                return t("buraco_table.turn_add_keys"), theme.ACCENT
            if self._can_close():
                return t("buraco_table.turn_can_close"), theme.GOOD
            return t("buraco_table.turn_play"), theme.ACCENT
        if self.session.is_bot(seat):
            return t("turn.thinking", name=name), theme.TEXT
        return t("turn.player", name=name), theme.TEXT

    def _can_close(self) -> bool:
        """The viewer's side has taken its muerto and holds the canasta its mode needs to close."""
        side = self.base & 1
        if self.muerto_state[side] == "table":
            return False
        need = ("clean", "royal", "ace-to-ace") if self.rules.need_clean else ("dirty", "clean", "royal", "ace-to-ace")
        return any(m["canasta"] in need for m in self.melds[side])

    def _draw_turn_line(self, surface, turn: bool) -> None:
        item = self._turn_text(turn)
        if item is None:
            return
        text, colour = item
        fits = self._cache("turnfits")
        one_line = fits.get(text)
        if one_line is None:
            one_line = fits[text] = self.app.text.measure(text, theme.FONT_SMALL, True)[0] <= 740
        if one_line:
            surf = self._turn_pill(text, colour, 740, (20, 8, 4, 200))
            surface.blit(surf, surf.get_rect(center=(OURS_RECT.centerx, TURN_Y)))
            return
        # a refusal or a warning states its rule in a sentence or two: wrapped, growing upwards
        key = (text, colour)
        cache = self._cache("turnbox")
        surf = cache.get(key)
        if surf is None:
            img = self.app.text.render_wrapped(text, theme.FONT_SMALL, 740, colour, True, "center")
            surf = gfx.Surface((img.get_width() + 32, img.get_height() + 12), pygame.SRCALPHA)
            gfx.draw.rect(surf, (20, 8, 4, 228), surf.get_rect(), border_radius=14)
            gfx.draw.rect(surf, (*colour[:3], 160), surf.get_rect(), 2, border_radius=14)
            surf.blit(img, (16, 6))
            cache[key] = surf
        surface.blit(surf, surf.get_rect(midbottom=(OURS_RECT.centerx, TURN_Y + 14)))

    def _draw_drag(self, surface) -> None:
        if self.drag is None or self.viewer is None:
            return
        hand = self._my_hand()
        cards = [hand[i] for i in self.drag if 0 <= i < len(hand)]
        h = 120
        w = card_size(DECK, h)[0]
        x0 = self.mouse[0] - (w + 24 * (len(cards) - 1)) / 2 + w / 2
        for k, card in enumerate(cards):
            pos = (x0 + 24 * k, self.mouse[1])
            self._blit_center(surface, self._outline(w, h, theme.ACCENT, 2, spread=4), pos)
            self._blit_center(surface, self.card(card, h), pos)

    def _draw_tooltips(self, surface) -> None:
        if self.widgets.hovered is not None or self.drag is not None:
            return
        thing = self.hover
        avoid = [self._pile_hit(), self._stock_hit()]
        if thing and thing[0] == "meld":
            side = (self.base & 1) if thing[1] == "ours" else 1 - (self.base & 1)
            if thing[2] < len(self.melds[side]):
                m = self.melds[side][thing[2]]
                if thing[3] is not None and thing[3] == m["wild"]:
                    stands = m["stands"]
                    text = (self.app.t("buraco_table.wild_for", name=self.adapter.card_name(stands)) if stands
                            else self.app.t("buraco_table.wild_set"))
                    draw_tooltip(surface, text, self.mouse, avoid)
                elif not m["canasta"] and len(m["cards"]) == 6:
                    draw_tooltip(surface, self.app.t("buraco_table.near_canasta_tip"), self.mouse, avoid)
        elif thing == ("pile",) and self.closed_pile and self.pile_count:
            draw_tooltip(surface, self.app.t("buraco_table.closed_take_help"), self.mouse, avoid)
