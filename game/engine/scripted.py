"""Reading the cards of a scripted ``[[deals]]`` entry, the same way for every game.

A game's ``parse_setup`` checks the entry's keys with :func:`check_keys` and
reads its hands with :func:`parse_hands` (and other piles with
:func:`parse_cards`), sharing one ``seen`` map so that a card dealt twice
anywhere in the deal is reported with both places.
"""
from __future__ import annotations

from .cards import CardError, Deck
from .errors import MatchFileError
from .tomlsafe import brief


def check_keys(entry: dict, allowed: tuple[str, ...], where: str, game_name: str) -> None:
    for key in entry:
        if key not in allowed:
            raise MatchFileError(f"{where}: unknown key {brief(key)} ({game_name} deals give "
                                 f"{', '.join(repr(k) for k in allowed)})")


def parse_cards(deck: Deck, texts: list, where: str, place: str, seen: dict) -> list[int]:
    """Card strings to cards; ``seen`` maps each card already read to its place."""
    cards = []
    for text in texts:
        try:
            card = deck.card(text)
        except CardError as exc:
            raise MatchFileError(f"{where}: {place}: {exc}") from None
        if card in seen:
            raise MatchFileError(f"{where}: card {text} is dealt twice ({seen[card]} and {place})")
        seen[card] = place
        cards.append(card)
    return cards


def parse_hands(deck: Deck, hands, players: int, size: int, where: str,
                seen: dict | None = None) -> list[list[int]]:
    """``players`` hands of ``size`` cards each, seat 0 first."""
    if not isinstance(hands, list) or len(hands) != players:
        raise MatchFileError(f"{where}: 'hands' must list {players} hands, seat 0 first")
    seen = {} if seen is None else seen
    parsed = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != size:
            got = len(hand) if isinstance(hand, list) else "no"
            raise MatchFileError(f"{where}: hands[{seat}] must hold {size} cards, not {got}")
        parsed.append(parse_cards(deck, hand, where, f"hands[{seat}]", seen))
    return parsed
