"""Render every card on green felt: docs/screenshots/cards_spanish.png and cards_french.png.

    python tools/render_card_sheet.py [--height 180] [--four-colour] [--out DIR]

Runs headless (SDL's dummy video driver); no window opens.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from _headless import ROOT  # noqa: E402  (headless SDL, the project on sys.path)

import pygame  # noqa: E402

from game.ui.card_art import (FRENCH_RANKS, FRENCH_SUITS, JOKER, SPANISH_RANKS,  # noqa: E402
                              SPANISH_SUITS, CardArt)

FELT = (22, 92, 52)


def _felt(size: tuple[int, int]) -> pygame.Surface:
    """A green table with a soft vignette."""
    surf = pygame.Surface(size)
    surf.fill(FELT)
    n = 48
    small = pygame.Surface((n, n), pygame.SRCALPHA)
    for y in range(n):
        for x in range(n):
            d = ((x - n / 2 + 0.5) ** 2 + (y - n / 2 + 0.5) ** 2) ** 0.5 / (n / 2 * 1.41)
            small.set_at((x, y), (0, 0, 0, int(110 * max(0.0, d - 0.35) ** 1.6)))
    surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    return surf


def sheet(rows: list[list[str]], art: CardArt, deck: str, gap: int) -> pygame.Surface:
    cw, ch = art.size_for(rows[0][0]) if rows[0][0] != JOKER else art.size
    cols = max(len(r) for r in rows)
    w = gap + cols * (cw + gap)
    h = gap + len(rows) * (ch + gap)
    surf = _felt((w, h))
    for j, row in enumerate(rows):
        for i, card in enumerate(row):
            img = art.back(deck) if card == "back" else art.face(card, deck)
            surf.blit(img, (gap + i * (cw + gap), gap + j * (ch + gap)))
    return surf


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--height", type=int, default=180, help="card height in px (default 180)")
    ap.add_argument("--four-colour", action="store_true", help="four-colour French deck")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = ap.parse_args(argv)
    pygame.font.init()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    gap = max(6, args.height // 12)

    spanish = CardArt(args.height, deck="spanish")
    rows = [[r + s for r in SPANISH_RANKS] for s in SPANISH_SUITS]
    rows.append(["back"])
    pygame.image.save(sheet(rows, spanish, "spanish", gap), str(out / "cards_spanish.png"))

    french = CardArt(args.height, four_colour=args.four_colour, deck="french")
    rows = [[r + s for r in FRENCH_RANKS] for s in FRENCH_SUITS]
    rows.append([JOKER, "back"])
    name = "cards_french_4colour.png" if args.four_colour else "cards_french.png"
    pygame.image.save(sheet(rows, french, "french", gap), str(out / name))
    print(f"wrote {out / 'cards_spanish.png'} and {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
