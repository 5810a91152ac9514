"""bench --reading: how often a level's sampled worlds put the hidden cards in their true hand."""
from collections import Counter

from game.ai.reading import holdings, measure, placed_share, reading_positions
from game.bench import run_reading


def test_holdings_count_cards_and_buraco_kinds():
    assert holdings("tute", [3, 7, 7]) == Counter({3: 1, 7: 2})
    assert holdings("buraco", [0, 2, 0, 1]) == Counter({1: 2, 3: 1})


def test_the_true_deal_places_every_hidden_card():
    positions = reading_positions("tute", 3, "normal", 4)
    assert len(positions) == 4
    for view, truth in positions:
        seat = view["seat"]
        right, total = placed_share("tute", truth, truth, seat)
        assert right == total == sum(len(truth.hands[s]) for s in range(3) if s != seat)
        assert len(view["hand"]) == len(truth.hands[seat])     # the copy is taken at the view


def test_tutes_card_reading_beats_worlds_that_ignore_the_play():
    res = measure("tute", 3, "expert", "normal", decisions=12)
    assert res.controlled
    assert len(res.read) == len(res.unread) > 6
    assert all(0.0 <= x <= 1.0 for x in res.read + res.unread)
    gain, se = res.gain
    assert gain > 0 and se > 0
    assert sum(res.read) > sum(res.unread)


def test_games_that_read_while_dealing_have_no_control():
    res = measure("truco_mineiro", 2, "hard", "normal", decisions=6)
    assert not res.controlled
    assert res.read and not res.unread
    assert res.gain == (0.0, 0.0)


def test_bench_line_names_the_table_and_both_shares():
    lines = []
    run_reading("tute", 4, "expert", ("normal",), decisions=6, out=lines.append)
    assert len(lines) == 1
    assert lines[0].startswith("reading tute 4p, expert at a table of normal: ")
    assert "% read" in lines[0] and "% unread" in lines[0] and "points" in lines[0]
