"""The complete rules of one game laid out as a page: headings, paragraphs, list items,
rows of small card pictures, option labels and links to other sections.

:func:`layout_page` turns :mod:`game.rules_text` sections into a :class:`Page` of pieces
(surfaces at page coordinates) and of boxes (where each option label and section link
sits, so the rules scene can make them hoverable and clickable). Words wrap at spaces
across the differently styled stretches of a paragraph; a stretch glued to the next one
without a space (a link followed by a full stop) never breaks there. Text is drawn by the
project's shaped renderer, so Bangla and Devanagari come out joined.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

import pygame

from game import i18n, rules_text
from game.rules_text import Section, Span
from game.ui import gfx, theme
from game.ui.text import default_renderer

log = logging.getLogger(__name__)

LINK = (150, 206, 255)          # a section link on the dark pane (contrast > 7:1)
OPTION = theme.ACCENT           # an option's label
HEADING = theme.TEXT
BULLET = theme.ACCENT


@dataclass
class Box:
    """A hoverable stretch of the page: a section link or an option label."""
    kind: str                   # "sec" or "opt"
    target: str                 # section id, or option id
    rect: pygame.Rect           # page coordinates
    text: str


@dataclass
class Page:
    width: int
    height: int = 0
    pieces: list[tuple[pygame.Surface, int, int]] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    section_y: dict[str, int] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)

    def section_at(self, scroll: int) -> str | None:
        """The section being read when the page is scrolled to ``scroll``."""
        current = self.order[0] if self.order else None
        for sid in self.order:
            if self.section_y[sid] <= scroll + 6:
                current = sid
        return current


@dataclass(frozen=True)
class Sizes:
    body: int = theme.FONT_SMALL + 2
    heading: int = theme.FONT_BIG - 4
    card_h: int = 90
    para_gap: int = 12
    section_gap: int = 30
    indent: int = 26


_UNIT = re.compile(r"\S+\s*|\s+")


def _units(spans: list[Span]) -> list[list[tuple[str, Span]]]:
    """Pieces of text grouped into unbreakable units: a line may only break after a unit
    (after whitespace), never between a link and the full stop glued to it."""
    units: list[list[tuple[str, Span]]] = []
    current: list[tuple[str, Span]] = []
    for span in spans:
        for m in _UNIT.finditer(span.text):
            piece = m.group()
            current.append((piece, span))
            if piece[-1].isspace():
                units.append(current)
                current = []
    if current:
        units.append(current)
    return units


def _style(span: Span) -> tuple:
    if span.kind == "sec":
        return LINK, False
    if span.kind == "opt":
        return OPTION, True
    return theme.TEXT, False


def _width(piece: str, span: Span, size: int) -> int:
    colour, bold = _style(span)
    return default_renderer().width(piece, size, bold)


def layout_paragraph(spans: list[Span], size: int, width: int) -> list[list[tuple[str, Span]]]:
    """Lines of (piece, span) that fit ``width`` px."""
    r = default_renderer()
    lines: list[list[tuple[str, Span]]] = []
    line: list[tuple[str, Span]] = []
    x = 0
    for unit in _units(spans):
        if all(not p.strip() for p, _ in unit) and not line:
            continue                                    # no space at the start of a line
        full = sum(_width(p, s, size) for p, s in unit)
        bare = full - (_width(unit[-1][0], unit[-1][1], size)
                       - _width(unit[-1][0].rstrip(), unit[-1][1], size))
        if line and x + bare > width:
            lines.append(line)
            line, x = [], 0
        if not line and bare > width:                   # one word wider than the line
            text = "".join(p for p, _ in unit)
            *full_lines, last = r.wrap(text, size, width, _style(unit[0][1])[1])
            lines.extend([[(piece, unit[0][1])] for piece in full_lines])
            line = [(last + " ", unit[0][1])]
            x = _width(last + " ", unit[0][1], size)
            continue
        line.extend(unit)
        x += full
    if line:
        lines.append(line)
    return lines


def _merge(line: list[tuple[str, Span]]) -> list[tuple[str, Span]]:
    """Consecutive pieces of one span drawn as one run (fewer surfaces, better kerning)."""
    out: list[tuple[str, Span]] = []
    for piece, span in line:
        if out and out[-1][1] is span:
            out[-1] = (out[-1][0] + piece, span)
        else:
            out.append((piece, span))
    if out:
        out[-1] = (out[-1][0].rstrip(), out[-1][1])
    return out


class _Builder:
    def __init__(self, page: Page, sizes: Sizes) -> None:
        self.page = page
        self.sizes = sizes
        self.r = default_renderer()
        self.y = 0

    def text_lines(self, spans: list[Span], x0: int, width: int) -> None:
        size = self.sizes.body
        step = self.r.line_height(size) + 3
        ascent = max(self.r.ascent(size), self.r.ascent(size, True))
        # a run drawn whole may be a pixel or two wider than its words measured apart
        for line in layout_paragraph(spans, size, width - 4):
            x = x0
            for text, span in _merge(line):
                colour, bold = _style(span)
                surf = self.r.render(text, size, colour, bold)
                top = self.y + ascent - self.r.ascent(size, bold)
                self.page.pieces.append((surf, x, top))
                if span.kind in ("sec", "opt") and text.strip():
                    ink = self.r.width(text.rstrip(), size, bold)
                    rect = pygame.Rect(x, self.y, ink, self.r.line_height(size))
                    if span.kind == "sec":
                        line_y = self.y + ascent + 3
                        under = gfx.Surface((ink, 2), pygame.SRCALPHA)
                        under.fill((*LINK, 170))
                        self.page.pieces.append((under, x, line_y))
                    self.page.boxes.append(Box(span.kind, span.target, rect, text.strip()))
                x += surf.get_width()
            self.y += step

    def bullet(self, x: int) -> None:
        size = self.sizes.body
        dot = gfx.Surface((8, 8), pygame.SRCALPHA)
        gfx.draw.circle(dot, BULLET, (4, 4), 3)
        cy = self.y + self.r.ascent(size) * 2 // 3
        self.page.pieces.append((dot, x + 6, cy - 4))

    def cards(self, cards: tuple[str, ...], deck: str, art, x0: int, width: int) -> None:
        h = self.sizes.card_h
        faces = []
        for card in cards:
            try:
                faces.append(art.face(card, deck))
            except ValueError:
                log.warning("rules: %r is not a card of the %s deck", card, deck)
        if not faces:
            return
        w = faces[0].get_width()
        n = len(faces)
        step = w + 8
        room = width - x0 - 4                           # 4: the shadow
        if n > 1 and w + step * (n - 1) > room:        # too many for one row: overlap them
            step = max(12, (room - w) // (n - 1))
        row = gfx.Surface((w + step * (n - 1) + 4, h + 5), pygame.SRCALPHA)
        shadow = gfx.Surface((w, h), pygame.SRCALPHA)
        gfx.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(3, w // 12))
        for i, face in enumerate(faces):
            row.blit(shadow, (i * step + 2, 4))
            row.blit(face, (i * step, 0))
        self.page.pieces.append((row, x0, self.y + 2))
        self.y += h + 16

    def heading(self, section_id: str, title: str, width: int) -> None:
        if self.page.order:
            self.y += self.sizes.section_gap
        self.page.section_y[section_id] = self.y
        self.page.order.append(section_id)
        size = self.sizes.heading
        img = self.r.render_wrapped(title, size, width - 18, HEADING, bold=True)
        bar = gfx.Surface((5, img.get_height() - 8), pygame.SRCALPHA)
        bar.fill((*theme.ACCENT, 255))
        self.page.pieces.append((bar, 0, self.y + 4))
        self.page.pieces.append((img, 16, self.y))
        self.y += img.get_height() + 8


def section_titles(sections: list[Section], native_digits: bool, lang: str) -> dict[str, str]:
    """Titles by section id, in the digits the player chose."""
    out = {}
    for s in sections:
        out[s.id] = i18n.to_native_digits(s.title, lang) if native_digits else s.title
    return out


def layout_page(game_id: str, sections: list[Section], width: int, view_h: int, art,
                sizes: Sizes = Sizes()) -> Page:
    """The rules of ``game_id`` laid out ``width`` px wide; ``art`` is the card art (at
    ``sizes.card_h``). The page is long enough for its last section to be scrolled to the
    top of a view ``view_h`` px tall, so every section can be jumped to."""
    locale = i18n.current()
    titles = section_titles(sections, locale.native_digits, locale.lang)
    deck = rules_text.deck_of(game_id)
    page = Page(width)
    b = _Builder(page, sizes)
    for section in sections:
        b.heading(section.id, titles[section.id], width)
        previous = None
        for block in rules_text.blocks(section.body):
            if previous == "item" and block.kind != "item":
                b.y += sizes.para_gap - 4
            if block.kind == "cards":
                b.cards(block.cards, deck, art, 0, width)
            elif block.kind == "item":
                b.bullet(4)
                b.text_lines(rules_text.spans(block.text, game_id, locale, titles), sizes.indent,
                             width - sizes.indent)
                b.y += 4
            else:
                b.text_lines(rules_text.spans(block.text, game_id, locale, titles), 0, width)
                b.y += sizes.para_gap
            previous = block.kind
    last = page.section_y[page.order[-1]] if page.order else 0
    page.height = max(b.y + 16, last + view_h)
    return page
