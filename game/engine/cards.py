"""Cards and decks in the contract's notation.

A card is an ``int`` inside the engine (fast to compare and copy) and a string
such as ``"12B"`` or ``"QD"`` at every boundary (match files, events, views).
A :class:`Deck` maps between the two and knows each card's suit and rank.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .tomlsafe import brief

SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
SPANISH_SUITS = ("O", "C", "E", "B")
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_SUITS = ("S", "H", "D", "C")
JOKER = "JK"


class CardError(ValueError):
    """A card string that is not a card of the deck in use."""


@dataclass(frozen=True)
class Deck:
    """A set of distinct card kinds, numbered ``0..len-1``.

    ``ranks`` are listed in the order the game ranks them (index 0 = the
    game's first rank in its own ordering); card ``id = suit * len(ranks) +
    rank_index``. ``copies`` > 1 (Buraco) means each kind is in the pack that
    many times; the notation does not tell copies apart.
    """

    name: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    copies: int = 1
    jokers: int = 0
    names: tuple[str, ...] = field(init=False)
    index: dict = field(init=False, compare=False)

    def __post_init__(self) -> None:
        names = [r + s for s in self.suits for r in self.ranks]
        if self.jokers:
            names.append(JOKER)
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "index", {n: i for i, n in enumerate(names)})

    def __len__(self) -> int:
        return len(self.names)

    @property
    def size(self) -> int:
        """Number of physical cards in the pack."""
        return len(self.ranks) * len(self.suits) * self.copies + self.jokers

    def suit(self, card: int) -> int:
        return card // len(self.ranks)

    def rank(self, card: int) -> int:
        return card % len(self.ranks)

    def card(self, text: str) -> int:
        """Parse a card string; raises :class:`CardError` for anything else."""
        try:
            return self.index[text]
        except (KeyError, TypeError):
            raise CardError(f"unknown card {brief(text)} for the {self.name} deck") from None

    def name_of(self, card: int) -> str:
        return self.names[card]

    def suit_index(self, letter: str) -> int:
        try:
            return self.suits.index(letter)
        except ValueError:
            raise CardError(f"unknown suit {brief(letter)} for the {self.name} deck") from None

    def pack(self) -> list[int]:
        """Every physical card once, in a fixed order."""
        out = [c for c in range(len(self.ranks) * len(self.suits)) for _ in range(self.copies)]
        out.extend([len(self.names) - 1] * self.jokers)
        return out

    def shuffled(self, rng: random.Random) -> list[int]:
        cards = self.pack()
        rng.shuffle(cards)
        return cards


def deal_rng(seed: int, deal_index: int) -> random.Random:
    """The seeded generator for one deal: each deal's shuffle depends only on
    the match seed and the deal's index, so scripting one deal does not change
    the shuffles of the others."""
    return random.Random(f"taash/{seed}/{deal_index}")


# Decks of the collection (ranks in each game's own strength order).
TWENTY_NINE = Deck("twenty-nine", ("J", "9", "A", "10", "K", "Q", "8", "7"), FRENCH_SUITS)
TUTE = Deck("spanish-40", ("1", "3", "12", "11", "10", "7", "6", "5", "4", "2"), SPANISH_SUITS)
