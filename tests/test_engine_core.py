"""The shared engine: decks, options, events, match files."""
import random

import pytest

from game.engine.cards import FRENCH_RANKS, FRENCH_SUITS, TUTE, TWENTY_NINE, CardError, Deck, deal_rng
from game.engine.errors import MatchFileError
from game.engine.match import Event
from game.engine.matchfile import parse_match_text
from game.engine.options import Option, resolve_options
from game.engine.tricks import next_seat, winning_position


def test_decks_match_the_contract():
    assert len(TWENTY_NINE) == 32 and set(TWENTY_NINE.names) == {
        r + s for r in ("7", "8", "9", "10", "J", "Q", "K", "A") for s in "SHDC"}
    assert len(TUTE) == 40 and "1E" in TUTE.names and "12B" in TUTE.names and "8O" not in TUTE.names
    french = Deck("french-52", FRENCH_RANKS, FRENCH_SUITS)
    assert len(french) == 52 and french.size == 52
    buraco = Deck("buraco", FRENCH_RANKS, FRENCH_SUITS, copies=2, jokers=4)
    assert buraco.size == 108 and len(buraco.pack()) == 108 and buraco.names[-1] == "JK"
    with pytest.raises(CardError):
        TUTE.card("8O")
    with pytest.raises(CardError):
        TWENTY_NINE.card("6S")


def test_seeded_shuffles_are_repeatable_and_independent_per_deal():
    a = TUTE.shuffled(deal_rng(42, 0))
    assert a == TUTE.shuffled(deal_rng(42, 0))
    assert a != TUTE.shuffled(deal_rng(42, 1))
    assert sorted(a) == list(range(40))


def test_options_are_checked():
    schema = (Option("flag", bool, True), Option("n", int, 6, min=1, max=9),
              Option("mode", str, "a", choices=("a", "b")))
    assert resolve_options(schema, {"n": 3}) == {"flag": True, "n": 3, "mode": "a"}
    for bad in ({"flag": 1}, {"n": True}, {"n": 10}, {"n": 0}, {"mode": "c"}, {"other": 1}):
        with pytest.raises(MatchFileError):
            resolve_options(schema, bad)


def test_private_event_fields_are_hidden_from_other_seats():
    e = Event("dealt", 2, {"cards": ["JS"], "count": 1}, private_to=2, hidden=("cards",))
    assert e.for_seat(2).data["cards"] == ["JS"]
    assert "cards" not in e.for_seat(1).data and e.for_seat(1).data["count"] == 1
    assert "cards" not in e.for_seat(None).data


def test_trick_core():
    per = 8
    # suit 0 led: lower id wins within the suit; a trump wins over the suit led
    assert winning_position([3, 1, 2 * per, 5], per, None) == 1
    assert winning_position([3, 1, 2 * per + 7, 5], per, 2) == 2
    assert next_seat(3, 4) == 0 and next_seat(0, 4, skip=1) == 2


@pytest.mark.parametrize("text", [
    'game = "twenty_nine"\nplayers = "4"',
    'game = "twenty_nine"\ndealer = 4',
    'game = "twenty_nine"\nwhat = 1',
    'game = "twenty_nine"\n[[deals]]\nactions = [1, 2]',
    'game = "twenty_nine"\noptions = 3',
    "players = 4",
])
def test_malformed_match_files(text):
    with pytest.raises(MatchFileError):
        parse_match_text(text)


def test_random_is_seeded_everywhere():
    # Deals without hands come from the seed only: two parses give the same cards.
    text = 'game = "twenty_nine"\nseed = 9\n'
    from game.engine.matchfile import new_match
    a = new_match(parse_match_text(text))
    b = new_match(parse_match_text(text))
    assert a.view(0)["hand"] == b.view(0)["hand"]
    assert random.Random(1).random() == random.Random(1).random()
