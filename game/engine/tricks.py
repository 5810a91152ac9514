"""The trick-taking core shared by Twenty-nine, Tute and (later) Truco.

Cards are ints from a :class:`~game.engine.cards.Deck` whose ranks are listed
strongest first, so within a suit the lower id is the stronger card and
``suit = card // ranks_per_suit``.
"""
from __future__ import annotations


def winning_position(cards: list[int], per_suit: int, trump: int | None) -> int:
    """Position in ``cards`` (play order, lead first) of the card that wins:
    the highest trump if any, else the highest card of the suit led."""
    best = 0
    best_card = cards[0]
    best_suit = best_card // per_suit
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card // per_suit
        if suit == best_suit:
            if card < best_card:
                best, best_card = i, card
        elif suit == trump:
            best, best_card, best_suit = i, card, suit
    return best


def cards_of_suit(hand: list[int], suit: int, per_suit: int) -> list[int]:
    return [c for c in hand if c // per_suit == suit]


def next_seat(seat: int, players: int, skip: int | None = None) -> int:
    """The seat after ``seat`` in order of play, passing over ``skip``."""
    seat = (seat + 1) % players
    if seat == skip:
        seat = (seat + 1) % players
    return seat


def team_of(seat: int) -> int:
    """Partnership games: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2
