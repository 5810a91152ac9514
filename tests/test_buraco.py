"""Buraco: every worked example of rules/buraco.md §14, the rules around
them, malformed files, and random-legal property tests over the five modes
with 2 and 4 players."""
import itertools
import random

import pytest

from game.engine.errors import IllegalAction, MatchFileError
from game.engine.matchfile import (ReplayError, match_to_toml, parse_match_text, play_spec,
                                   replay_report)
from game.games import buraco as bu
from game.games.buraco import Match
from game.games.buraco_melds import (DECK, JK, MODES, NAMES, RULES, WILDISH, add_result, analyze,
                                     apply_add, hand_melds, masks_of, spec_of)

CARD = DECK.index


# ----- helpers ---------------------------------------------------------------------
def cards(text):
    return [CARD[c] for c in text.split()]


def lay(text, mode="closed"):
    m = analyze(cards(text), RULES[mode])
    assert not isinstance(m, str), m
    m.refresh(RULES[mode])
    return m


def add(m, card, mode="closed"):
    res = add_result(m, CARD[card], RULES[mode])
    if isinstance(res, str):
        return res
    apply_add(m, res, RULES[mode])
    return m.text()


def toml_list(names):
    return "[" + ", ".join(f'"{c}"' for c in names) + "]"


def match_text(hands, mode="closed", dealer=1, actions=(), muertos=None, stock=None, discard=None,
               target=None, seed=3, extra=""):
    lines = [f'game = "buraco"', f"players = {len(hands)}", f"dealer = {dealer}", f"seed = {seed}",
             "[options]", f'mode = "{mode}"']
    if target is not None:
        lines.append(f"target = {target}")
    lines.append("[[deals]]")
    lines.append("hands = [" + ", ".join(toml_list(h.split()) for h in hands) + "]")
    if muertos is not None:
        lines.append("muertos = [" + ", ".join(toml_list(h.split()) for h in muertos) + "]")
    if stock is not None:
        lines.append("stock = " + toml_list(stock.split()))
    if discard is not None:
        lines.append("discard = " + toml_list(discard.split()))
    lines.append("actions = " + toml_list(actions))
    return "\n".join(lines) + "\n" + extra


def play(*args, **kw):
    return play_spec(parse_match_text(match_text(*args, **kw)))


def set_hand(m, seat, text):
    """Replace a seat's hand (tests of table positions: the 108-card count is off)."""
    m.set_hand(seat, cards(text))


def set_melds(m, side, texts):
    m.melds[side] = [lay(t, m.options["mode"]) for t in texts]
    m._legal_cache = None


def position(mode="closed", players=2, turn=0, phase=bu.PLAY, hands=None, melds=None,
             mstate=None, stock=None, pile=None):
    """A match put in a given table position."""
    m = Match(players, (turn - 1) % players, 1, {"mode": mode})
    for seat, text in (hands or {}).items():
        set_hand(m, seat, text)
    for side, texts in (melds or {}).items():
        set_melds(m, side, texts)
    if mstate is not None:
        m.mstate = list(mstate)
        for side in (0, 1):
            if m.mstate[side] != bu.TABLE:
                m.muertos[side] = None
    if stock is not None:
        m.stock = list(reversed(cards(stock)))
    if pile is not None:
        m.pile = list(reversed(cards(pile)))
    m.turn = turn
    m.phase = phase
    m._legal_cache = None
    return m


# ----- E1: melds ------------------------------------------------------------------
E1 = [
    ("4D 6D 5D 7D", "4D 5D 6D 7D", None),
    ("10C QC JK", "10C JK QC", "JC"),
    ("6S 7S 2H", "6S 7S 2H", "8S"),
    ("QD KD 2C", "QD KD 2C", "AD"),
    ("JK KC AC", "JK KC AC", "QC"),
    ("AH 3H 2H", "AH 2H 3H", None),
    ("2S 4S 5S", "4S 5S 2S", "6S"),
    ("2C 3C 2C", "2C 3C 2C", "4C"),
    ("8S 8S 8H JK", "8S 8S 8H JK", None),
    ("QD QC 2S", "QD QC 2S", None),
    # §7.4 examples
    ("7H 5H 6H", "5H 6H 7H", None),
    ("9C JC JK", "9C JK JC", "10C"),
    ("8D 9D 2S", "8D 9D 2S", "10D"),
    ("KS AS JK", "JK KS AS", "QS"),
    ("3D AD 2D", "AD 2D 3D", None),
    ("5C 4C 2C", "4C 5C 2C", "6C"),
    ("2D 2D 3D", "2D 3D 2D", "4D"),
    ("AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", "AS JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "2S"),
    ("KH AH 2H", "2H KH AH", "QH"),
]


@pytest.mark.parametrize("given, laid, wild_for", E1)
def test_example_1_legal_melds(given, laid, wild_for):
    m = lay(given)
    assert m.text() == laid
    assert m.wild_stands_for() == wild_for
    assert spec_of(m).text == "meld " + laid


def test_example_1_clean_and_dirty():
    assert lay("AH 3H 2H").clean and lay("4D 6D 5D 7D").clean
    assert not lay("2C 3C 2C").clean and not lay("QD QC 2S").clean


E1_ILLEGAL = [
    ("6D 7D JK 2H", "two_wilds"),
    ("2S 2H 2D", "sets_of_twos"),
    ("KC AC 2C 3C", "wrap"),
    ("9H 10H QH", "hole_no_wild"),
    ("7C 7C 8C", "run_repeat_set"),
    ("5S 6D 7S", "mixed"),
]


@pytest.mark.parametrize("given, key", E1_ILLEGAL)
def test_example_1_illegal_melds(given, key):
    assert analyze(cards(given), RULES["closed"]) == key


def test_example_1_sets_by_mode():
    for mode in ("open_dirty", "closed", "closed_dirty"):
        assert not isinstance(analyze(cards("8S 8S 8H JK"), RULES[mode]), str)
    for mode in ("open", "closed_wtcc"):
        assert analyze(cards("8S 8S 8H JK"), RULES[mode]) == "no_sets"
        assert analyze(cards("QD QC 2S"), RULES[mode]) == "no_sets"


def test_example_1_reasons_in_words():
    m = position(hands={0: "6D 7D JK 2H 9S 9H KC"})
    assert m.meld_problem(0, "6D 7D JK 2H".split()) == "a meld may hold only one wild card"
    assert "no sets of 2s" in m.meld_problem(0, ["2S", "2H", "2D"])
    assert "wrap-around" in m.meld_problem(0, "KC AC 2C 3C".split())
    assert "mixed suits" in m.meld_problem(0, "5S 6D 7S".split())
    assert m.meld_problem(0, "7C 7C 8C".split()) == "a run cannot repeat a rank, a set needs one rank"
    assert m.meld_problem(0, ["6D", "7D", "JK"]) is None
    assert m.meld_problem(0, ["6D", "7D", "8D"]) == "you do not hold 8D"
    wtcc = position("closed_wtcc", hands={0: "9S 9H JK 3C"})
    assert wtcc.meld_problem(0, ["9S", "9H", "JK"]) == "sets are not allowed in closed_wtcc"


def test_meld_given_in_any_order_is_accepted():
    m = position(hands={0: "7H 5H 6H KC 9D"})
    assert "meld 5H 6H 7H" in m.legal_actions()
    assert m.is_legal("meld 7H 5H 6H")
    m.apply("meld 7H 6H 5H")
    assert [x.text() for x in m.melds[0]] == ["5H 6H 7H"]
    assert m.hsize[0] == 2


# ----- E2: adding and replacing -------------------------------------------------------
def test_example_2_adding_and_replacing():
    m = lay("6C 7C JK")
    assert m.wild_stands_for() == "8C"
    assert add(m, "8C") == "6C 7C 8C JK" and m.wild_stands_for() == "9C"
    assert add(m, "10C") == "6C 7C 8C JK 10C" and m.wild_stands_for() == "9C"
    assert add(m, "9C") == "6C 7C 8C 9C 10C JK" and m.wild_stands_for() == "JC"
    assert add(m, "2D") == "run_has_wild"
    m1 = lay("2S KD AD")
    assert m1.wild_stands_for() == "QD"
    assert add(m1, "QD") == "2S QD KD AD" and m1.wild_stands_for() == "JD"
    assert add(m1, "10D") == "10D 2S QD KD AD"
    assert add(m1, "8D") == "not_adjacent"


def test_example_2_through_the_match():
    m = position(hands={0: "8C 10C 9C 2D 5S 5H"}, melds={0: ["6C 7C JK"]})
    legal = m.legal_actions()
    assert "add 0 8C" in legal and "add 0 2D" not in legal and "add 0 5S" not in legal
    m.apply("add 0 8C")
    m.apply("add 0 10C")
    m.apply("add 0 9C")
    assert m.melds[0][0].text() == "6C 7C 8C 9C 10C JK"
    with pytest.raises(IllegalAction) as err:
        m.apply("add 0 2D")
    assert err.value.reason == "the run already has a wild card"


def test_wild_does_not_move_when_added_elsewhere():
    m = lay("4C 5C 6C 2C")
    assert m.wild_stands_for() == "7C"
    assert add(m, "3C") == "3C 4C 5C 6C 2C" and m.wild_stands_for() == "7C"
    assert add(m, "7C") == "2C 3C 4C 5C 6C 7C" and m.clean


# ----- E3: a dirty canasta turns clean ------------------------------------------------
def test_example_3_dirty_canasta_turns_clean():
    m = lay("4S 5S 6S 7S 9S 10S 2S")
    assert m.wild_stands_for() == "8S" and m.size == 7 and m.canasta() == "dirty"
    add(m, "8S")
    assert m.wild_stands_for() == "JS" and m.size == 8 and m.canasta() == "dirty"
    assert add(m, "3S") == "3S 4S 5S 6S 7S 8S 9S 10S 2S"
    assert m.canasta() == "dirty"
    assert add(m, "JS") == "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"
    assert m.size == 10 and m.canasta() == "clean" and bu.BONUS[m.canasta()] == 200


# ----- E4: royal and ace-to-ace ---------------------------------------------------------
def test_example_4_royal_and_ace_to_ace():
    low = lay("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    assert low.canasta() == "royal" and bu.BONUS["royal"] == 500
    high = lay("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    assert high.canasta() == "clean"
    add(high, "AD")
    assert high.text() == "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD" and high.canasta() == "royal"
    assert add(low, "AD").startswith("AD 2D") and low.size == 14
    assert low.canasta() == "ace-to-ace" and bu.BONUS["ace-to-ace"] == 1000
    od = lay("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "open_dirty")
    assert add(od, "AD", "open_dirty") == "two_aces"
    assert analyze(cards("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
                   RULES["open_dirty"]) == "two_aces"
    for mode, wild in (("closed", "JK"), ("open", "2S"), ("open_dirty", "JK")):
        r = lay("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", mode)
        add(r, wild, mode)
        assert r.size == 14 and r.canasta() == "dirty" and r.wild_stands_for() == "AD"
        assert add(r, "AD", mode) == "wild_fixed"


def test_open_dirty_fourteen_with_wild_low():
    m = lay("JK 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "open_dirty")
    assert m.size == 14 and m.canasta() == "dirty"


# ----- E5: the closed pile ---------------------------------------------------------------
E5_FILL0 = "3C 5D 7H KH 4S QC 6H"
E5_FILL1 = "3H 5C 7D KD 4H QH 6C 8C 10D JC AC"


def test_example_5_closed_pile_take_and_obligation():
    m = play([E5_FILL0 + " 9H 9D 10S JS", E5_FILL1], discard="9S 4D KC")
    assert m.to_act == 0 and set(m.legal_actions()) == {"draw", "take-discard"}
    m.apply("take-discard")
    legal = m.legal_actions()
    assert "meld 9S 9H 9D" in legal and "meld 9S 10S JS" in legal
    assert all(("9S" in a.split()) for a in legal)
    assert not any(a.startswith("discard") for a in legal)
    with pytest.raises(IllegalAction) as err:
        m.apply("discard 4D")
    assert err.value.reason == "after taking the pile, 9S must be played first"
    m.apply("meld 9S 10S JS")
    assert "discard 4D" in m.legal_actions()


def test_example_5_replay_error_line():
    text = match_text([E5_FILL0 + " 9H 9D 10S JS", E5_FILL1], discard="9S 4D KC",
                      actions=["take-discard", "discard 4D"])
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(text))
    line = str(err.value)
    assert line.startswith("deal 0 action 1: 'discard 4D' is not legal (after taking the pile, 9S")
    assert "; legal: meld 9S" in line


def test_example_5_closed_wtcc():
    m = play([E5_FILL0 + " 9H 9D 10S JS", E5_FILL1], mode="closed_wtcc", discard="9S 4D KC")
    assert "take-discard" in m.legal_actions()
    m.apply("take-discard")
    assert "meld 9S 10S JS" in m.legal_actions() and "meld 9S 9H 9D" not in m.legal_actions()
    m = play([E5_FILL0 + " 9H 9D 2C 3S", E5_FILL1], mode="closed_wtcc", discard="9S 4D KC")
    assert m.legal_actions() == ["draw"]
    with pytest.raises(IllegalAction) as err:
        m.apply("take-discard")
    assert "9S cannot be played" in err.value.reason
    # in closed the same hand may take it for the set
    m = play([E5_FILL0 + " 9H 9D 2C 3S", E5_FILL1], mode="closed", discard="9S 4D KC")
    assert "take-discard" in m.legal_actions()


def test_closed_pile_only_cards_held_before_count():
    # 8S and 10S come with the pile: they do not make 9S playable
    m = play([E5_FILL0 + " JD 2C 3S 5S", E5_FILL1], discard="9S 8S 10S")
    assert m.legal_actions() == ["draw"]
    # a spade run on the table that 9S extends is enough
    m = position(turn=0, phase=bu.DRAW, hands={0: "3C 5D"}, melds={0: ["6S 7S 8S"]}, pile="9S 4D")
    assert "take-discard" in m.legal_actions()
    m.apply("take-discard")
    assert m.legal_actions() == ["add 0 9S"]


def test_closed_pile_take_judged_with_no_dead_end():
    # muerto gone, no canasta: 9S 9H 9D would empty the hand, a close that is not allowed
    m = position(turn=0, phase=bu.DRAW, hands={0: "9H 9D"}, mstate=[bu.TAKEN, bu.TABLE], pile="9S")
    assert m.legal_actions() == ["draw"]
    m = position(turn=0, phase=bu.DRAW, hands={0: "9H 9D"}, mstate=[bu.TAKEN, bu.TABLE], pile="9S",
                 melds={0: ["6H 7H 8H 9H 10H JH QH"]})
    assert "take-discard" in m.legal_actions()        # the meld is a close with a clean canasta
    m.apply("take-discard")
    assert m.legal_actions() == ["meld 9S 9H 9D"]
    m.apply("meld 9S 9H 9D")
    assert m.records[0].info["closed_by"] == 0
    # with the muerto still there it is a direct bat
    m = position(turn=0, phase=bu.DRAW, hands={0: "9H 9D"}, pile="9S")
    m.apply("take-discard")
    m.apply("meld 9S 9H 9D")
    assert m.hsize[0] == 11 and m.mstate[0] == bu.TAKEN and m.to_act == 0


def test_closed_pile_wild_on_top():
    m = position(turn=0, phase=bu.DRAW, hands={0: "3C 5D KH"}, melds={0: ["6S 7S 8S"]}, pile="JK 4D")
    assert "take-discard" in m.legal_actions()
    m.apply("take-discard")
    assert set(m.legal_actions()) == {"add 0 JK", "meld 4D 5D JK"}   # 4D came with the pile
    m = position(turn=0, phase=bu.DRAW, hands={0: "3C 5D KH"}, melds={0: ["6S 2D 8S"]}, pile="JK 4D")
    assert m.legal_actions() == ["draw"]


def test_adding_to_sets():
    s = lay("9S 9S 9D")
    assert add(s, "9C") == "9S 9S 9D 9C"
    assert add(s, "2H") == "9S 9S 9D 9C 2H"
    assert add(s, "JK") == "set_has_wild"
    assert add(s, "8C") == "set_rank"
    assert add(s, "9H") == "9S 9S 9H 9D 9C 2H"
    m = position(hands={0: "9H JK 4C 5C"}, melds={0: ["QS QD 2C"]})
    assert m.meld_problem(0, ["JK"], target=0) == "the set already has a wild card"
    assert m.meld_problem(0, ["9H"], target=0) == "9H is not of the set's rank"
    assert m.meld_problem(0, ["9H"], target=3) == "your side has no meld 3"
    assert m.meld_problem(0, ["QH"], target=0) == "you do not hold QH"


def test_card_values_by_mode():
    closed, od = RULES["closed"].values, RULES["open_dirty"].values
    for name, v, v_od in (("3S", 5, 5), ("7H", 5, 5), ("8D", 10, 10), ("KC", 10, 10), ("AS", 15, 15),
                          ("2H", 10, 20), ("JK", 20, 30)):
        assert closed[CARD[name]] == v and od[CARD[name]] == v_od


def test_options_rows():
    assert [(o.id, o.default) for o in bu.OPTIONS] == [("mode", "closed"), ("target", 2000),
                                                       ("no_discard_taken", True)]
    assert bu.OPTIONS[0].choices == MODES
    assert bu.PLAYERS == (2, 4)


def test_open_pile_has_no_condition_and_shows_all():
    m = play([E5_FILL0 + " 9H 2C 3S 5S", E5_FILL1], mode="open", discard="9S 4D KC")
    assert set(m.legal_actions()) == {"draw", "take-discard"}
    m.apply("take-discard")
    assert "discard 9S" in m.legal_actions()          # a card just taken may be discarded
    view = m.view(1)
    assert view["discard"] == [] and view["hand_sizes"][0] == 14
    m2 = play([E5_FILL0 + " 9H 2C 3S 5S", E5_FILL1], mode="open", discard="9S 4D KC")
    assert m2.view(1)["discard"] == ["9S", "4D", "KC"]
    m3 = play([E5_FILL0 + " 9H 2C 3S 5S", E5_FILL1], mode="closed", discard="9S 4D KC")
    assert m3.view(1)["discard"] == ["9S"] and m3.view(1)["discard_size"] == 3


# ----- E6: scoring a hand -------------------------------------------------------------------
def e6_position(mode):
    m = position(mode, turn=0, hands={0: "", 1: "AS 5H JK"},
                 melds={0: ["3C 4C 5C 6C 7C 8C JK", "QS QH QD"], 1: ["2D 9D 10D JD QD KD AD"]},
                 mstate=[bu.TAKEN, bu.TABLE])
    m.closed_by = 0
    return m


@pytest.mark.parametrize("mode, expected", [("closed_dirty", [285, 35]), ("open_dirty", [295, 35])])
def test_example_6_scoring(mode, expected):
    m = e6_position(mode)
    assert m.melds[0][0].canasta() == "dirty" and m.melds[1][0].canasta() == "dirty"
    assert m.melds[1][0].wild_stands_for() == "8D"
    assert [m.side_points(0)["total"], m.side_points(1)["total"]] == expected
    d1 = m.side_points(1)
    if mode == "closed_dirty":
        assert d1 == {"cards": 75, "canastas": 100, "close": 0, "hand": -40, "muerto": -100,
                      "total": 35}


def test_example_6_close_by_discard_through_the_match():
    m = position("closed_dirty", turn=0, phase=bu.PLAY, hands={0: "9S", 1: "AS 5H JK"},
                 melds={0: ["3C 4C 5C 6C 7C 8C JK", "QS QH QD"], 1: ["2D 9D 10D JD QD KD AD"]},
                 mstate=[bu.TAKEN, bu.TABLE])
    assert m.legal_actions() == ["discard 9S"]
    m.apply("discard 9S")
    rec = m.records[0]
    assert rec.ended and rec.points == [285, 35] and m.score == [285, 35]
    assert rec.info["closed_by"] == 0
    assert m.deal_index == 1 and m.to_act == (m.records[1].dealer + 1) % 2


# ----- E7: unused muerto ------------------------------------------------------------------------
def e7_play(mode):
    canasta = "6H 7H 8H 9H 10H JH QH"
    m = position(mode, turn=1, phase=bu.PLAY, hands={0: "5H", 1: "KC"}, melds={0: [canasta]},
                 mstate=[bu.TAKEN, bu.TABLE], stock="KS 3D 4D")
    muerto = list(m.muertos[1])
    m.apply("discard KC")                                # indirect bat
    assert m.mstate[1] == bu.TAKEN and m.hsize[1] == 11 and m.pending[1] == 1
    assert m.to_act == 0
    m.apply("draw")
    m.apply("add 0 5H")                                  # leaves KS: discarding it closes
    m.apply("discard KS")
    return m, muerto


def test_example_7_unused_muerto():
    m, muerto = e7_play("closed")
    rec = m.records[0]
    assert rec.ended and rec.info["unused_muerto"] == [None, 1]
    side1 = -100 - 0                                     # its muerto cards are not counted
    assert rec.points[1] == side1
    canasta = 5 + 5 * 2 + 10 * 5
    assert rec.points[0] == canasta + 200 + 100


def test_example_7_open_dirty_counts_the_cards():
    m, muerto = e7_play("open_dirty")
    rec = m.records[0]
    values = RULES["open_dirty"].values
    assert rec.points[1] == -sum(values[c] for c in muerto)


def test_muerto_used_once_taker_acts():
    m = position("closed", turn=1, phase=bu.PLAY, hands={0: "5H 9C", 1: "KC"},
                 mstate=[bu.TAKEN, bu.TABLE], stock="KS 3D 4D 8D")
    m.apply("discard KC")
    m.apply("draw")
    m.apply("discard 9C")
    assert m.pending[1] == 1
    m.apply("draw")                                      # seat 1 acts: the muerto is used
    assert m.pending[1] is None


# ----- E8: no dead end -------------------------------------------------------------------------
def test_example_8_no_dead_end():
    dirty = "3C 4C 5C 6C 7C 8C JK"
    m = position("closed", hands={0: "5D 6D 7D KS"}, melds={0: [dirty]}, mstate=[bu.TAKEN, bu.TABLE])
    assert "meld 5D 6D 7D" not in m.legal_actions()
    with pytest.raises(IllegalAction) as err:
        m.apply("meld 5D 6D 7D")
    assert err.value.reason_key == "dead_end"
    assert m.meld_problem(0, ["5D", "6D", "7D"]) == ("it would leave one card with no legal way to go out"
                                                  " (closing needs a clean canasta)")
    m = position("closed_dirty", hands={0: "5D 6D 7D KS"}, melds={0: [dirty]},
                 mstate=[bu.TAKEN, bu.TABLE])
    m.apply("meld 5D 6D 7D")
    assert m.legal_actions() == ["discard KS"]
    m.apply("discard KS")
    assert m.records[0].ended and m.records[0].info["closed_by"] == 0


def test_no_dead_end_with_muerto_on_table_is_free():
    m = position("closed", hands={0: "5D 6D 7D KS"}, mstate=[bu.TABLE, bu.TABLE])
    assert "meld 5D 6D 7D" in m.legal_actions()
    m.apply("meld 5D 6D 7D")
    m.apply("discard KS")                                # indirect bat
    assert m.hsize[0] == 11 and m.mstate[0] == bu.TAKEN and m.to_act == 1


def test_direct_bat_continues_the_turn():
    m = position("closed", hands={0: "5D 6D 7D"}, mstate=[bu.TABLE, bu.TABLE])
    m.apply("meld 5D 6D 7D")
    assert m.to_act == 0 and m.hsize[0] == 11 and m.mstate[0] == bu.TAKEN
    assert m.phase == bu.PLAY and any(a.startswith("discard") for a in m.legal_actions())


def test_close_by_meld_needs_clean_canasta_and_not_open_dirty():
    clean = "6H 7H 8H 9H 10H JH QH"
    dirty = "3C 4C 5C 6C 7C 8C JK"
    m = position("closed", hands={0: "5D 6D 7D"}, melds={0: [clean]}, mstate=[bu.TAKEN, bu.TABLE])
    assert "meld 5D 6D 7D" in m.legal_actions()
    m.apply("meld 5D 6D 7D")
    assert m.records[0].info["closed_by"] == 0 and m.records[0].points[0] > 0
    m = position("closed", hands={0: "5D 6D 7D"}, melds={0: [dirty]}, mstate=[bu.TAKEN, bu.TABLE])
    assert "meld 5D 6D 7D" not in m.legal_actions()
    assert m.meld_problem(0, ["5D", "6D", "7D"]) == "closing needs a clean canasta"
    m = position("open_dirty", hands={0: "5D 6D 7D"}, melds={0: [dirty]}, mstate=[bu.TAKEN, bu.TABLE])
    assert "meld 5D 6D 7D" not in m.legal_actions()
    assert m.meld_problem(0, ["5D", "6D", "7D"]) == "open_dirty closes only by discarding"
    # a close by add that makes the canasta
    m = position("closed", hands={0: "KH"}, melds={0: ["7H 8H 9H 10H JH QH"]},
                 mstate=[bu.STOCK, bu.TABLE])
    assert m.legal_actions() == ["add 0 KH"]
    m.apply("add 0 KH")
    assert m.records[0].info["closed_by"] == 0


def test_last_card_discard_without_canasta_is_illegal():
    m = position("closed", hands={0: "KS"}, mstate=[bu.TAKEN, bu.TABLE],
                 melds={0: ["3C 4C 5C 6C 7C 8C JK"]})
    with pytest.raises(IllegalAction) as err:
        m.apply("discard KS")
    assert err.value.reason == "closing needs a clean canasta"
    m = position("closed", phase=bu.DRAW, hands={0: "KS"}, mstate=[bu.TAKEN, bu.TABLE],
                 melds={0: ["3C 4C 5C 6C 7C 8C JK"]}, stock="9H")
    m.apply("draw")
    assert set(m.legal_actions()) == {"discard KS", "discard 9H"}


def test_partner_close_after_muerto_taken():
    m = position("closed", players=4, turn=2, hands={2: "9S"}, melds={0: ["6H 7H 8H 9H 10H JH QH"]},
                 mstate=[bu.TAKEN, bu.TABLE])
    assert m.legal_actions() == ["discard 9S"]
    m.apply("discard 9S")
    assert m.records[0].info["closed_by"] == 0


# ----- E9: the stock runs out ----------------------------------------------------------------
def test_example_9_stock_runs_out():
    m = position("closed", turn=0, phase=bu.DRAW, hands={0: "3C 5D", 1: "4H 6S"},
                 mstate=[bu.TAKEN, bu.TABLE], stock="KS")
    muerto1 = list(m.muertos[1])
    m.apply("draw")
    m.apply("discard KS")
    assert m.mstate[1] == bu.STOCK and m.muertos[1] is None
    assert list(reversed(m.stock)) == muerto1           # first card on top
    draws = 0
    while m.deal_index == 0:
        if m.phase == bu.DRAW:
            m.apply("draw")
            draws += 1
        else:
            m.apply(next(a for a in m.legal_actions() if a.startswith("discard")))
    assert draws == 11
    rec = m.records[0]
    assert rec.info["closed_by"] is None and rec.info["muertos"] == ["taken", "stock"]
    events = [e.kind for e in rec.events]
    assert "muertos to stock" in events and "stock exhausted" in events


def test_side_whose_muerto_went_into_the_stock_may_close():
    m = position("closed", turn=1, phase=bu.PLAY, hands={1: "9S"},
                 melds={1: ["6H 7H 8H 9H 10H JH QH"]}, mstate=[bu.TAKEN, bu.STOCK])
    m.apply("discard 9S")
    rec = m.records[0]
    assert rec.info["closed_by"] == 1
    assert rec.points[1] == 60 + 200 + 100 - 100       # -100: its muerto went into the stock


def test_both_muertos_to_stock_in_order():
    m = position("closed", turn=0, phase=bu.DRAW, hands={0: "3C 5D", 1: "4H 6S"}, stock="KS")
    m0, m1 = list(m.muertos[0]), list(m.muertos[1])
    m.apply("draw")
    m.apply("discard KS")
    assert list(reversed(m.stock)) == m0 + m1


# ----- §10: end of the match, ties -------------------------------------------------------------
def test_match_end_and_tie_rule():
    m = e6_position("closed_dirty")
    m.score = [1715, 1965]
    m._score_hand(0)                                    # 1715+285 = 2000, 1965+35 = 2000: a tie
    assert m.finished and m.score == [2000, 2000]
    assert m.winner == ((m.first_dealer + 1) % 2) % 2 and m.to_act is None
    m = e6_position("closed_dirty")
    m.first_dealer = 0                                   # seat 1 played first: side 1 wins ties
    m.score = [1715, 1965]
    m._score_hand(0)
    assert m.winner == 1
    m = e6_position("closed_dirty")
    m.score = [1000, 1970]
    m._score_hand(0)
    assert m.finished and m.winner == 1
    m = e6_position("closed_dirty")
    m.score = [1000, 1000]
    m._score_hand(0)
    assert not m.finished and m.deal_index == 1


def test_target_option():
    m = Match(2, 0, 5, {"target": 100})
    assert m.options == {"mode": "closed", "target": 100, "no_discard_taken": True}
    rng = random.Random(2)
    while not m.finished:
        m.apply(rng.choice(m.legal_actions()))
    assert max(m.score) >= 100 and m.legal_actions() == [] and m.to_act is None


# ----- deals, JSON, views ------------------------------------------------------------------
def test_shuffled_deal_sizes():
    for mode, players, stock in (("closed", 2, 64), ("open", 2, 60), ("closed", 4, 42), ("open", 4, 38)):
        m = Match(players, 0, 7, {"mode": mode})
        assert len(m.stock) == stock and all(h == 11 for h in m.hsize)
        assert [len(x) for x in m.muertos] == [11, 11] and m.pile == []
        assert m.to_act == 1 and m.legal_actions() == ["draw"]
        if mode == "open":
            assert all(h[JK] == 0 for h in m.hands)


def test_scripted_deal_fills_from_seed_and_saves_everything():
    text = match_text([E5_FILL0 + " 9H 9D 10S JS", E5_FILL1], stock="AS 2S", discard="9S")
    m = play_spec(parse_match_text(text))
    assert m.stock[-1] == CARD["AS"] and m.stock[-2] == CARD["2S"]
    assert len(m.stock) == 108 - 22 - 22 - 1 and len(m.muertos[0]) == 11
    saved = match_to_toml(m)
    again = play_spec(parse_match_text(saved))
    assert again.stock == m.stock and again.muertos == m.muertos
    same = play_spec(parse_match_text(text))
    assert same.stock == m.stock and same.muertos == m.muertos


def test_report_fields():
    m = play([E5_FILL0 + " 9H 9D 10S JS", E5_FILL1], discard="9S 4D KC",
             actions=["take-discard", "meld JS 9S 10S", "discard 4D"])
    report = replay_report(m)
    assert report["score"] == [0, 0] and report["winner"] is None and report["finished"] is False
    assert report["deals"][0]["points"] is None and report["deals"][0]["ended"] is False
    assert report["to_act"] == 1 and report["legal"][0] == "draw"
    assert report["melds"] == [["9S 10S JS"], []] and report["discard"] == ["4D"]
    assert report["stock_size"] == 64 - 3 and report["muertos_left"] == 2
    assert any("melded" in e for e in report["deals"][0]["events"])


def test_views_hide_other_hands():
    m = play([E5_FILL0 + " 9H 9D 10S JS", E5_FILL1], discard="9S 4D KC", actions=["take-discard"])
    v1 = m.view(1)
    assert v1["hand"] == sorted(E5_FILL1.split(), key=CARD.get)
    assert v1["legal"] == [] and v1["must_play"] == "9S"
    text = str({k: v for k, v in v1.items() if k not in ("hand",)})
    assert "9H" not in text and "10S" not in text
    for e in m.events_for(1):
        assert "cards" not in e.data or e.seat == 1


# ----- malformed files ---------------------------------------------------------------------
H0 = E5_FILL0 + " 9H 9D 10S JS"
GOOD_HANDS = toml_list(H0.split()) + ", " + toml_list(E5_FILL1.split())
_left = [0] * bu.KINDS
for _c in bu.full_pack("closed"):
    _left[_c] += 1
for _c in cards(H0 + " " + E5_FILL1):
    _left[_c] -= 1
LONG_STOCK = toml_list([NAMES[c] for c in range(bu.KINDS) for _ in range(_left[c])][:80])


@pytest.mark.parametrize("body, fragment", [
    ("players = 3", "played by 2, 4 players"),
    ('[options]\nmode = "open_clean"', "option 'mode' must be one of"),
    ("[options]\ntarget = 0", "at least 1"),
    ('[options]\ntarget = "2000"', "whole number"),
    ("[options]\ntarget = 1.5", "whole number"),
    ('[[deals]]\nhands = [["AS"], ["KS"]]', "must hold 11 cards"),
    (f"[[deals]]\nhands = [{toml_list(H0.split())}]", "must list 2 hands"),
    (f'[[deals]]\nhands = [{GOOD_HANDS}]\nstock = ["XX"]', "unknown card 'XX'"),
    (f'[[deals]]\nhands = [{GOOD_HANDS}]\nstock = ["9H", "9H"]', "9H is dealt 3 times"),
    (f'[[deals]]\nhands = [{GOOD_HANDS}]\nstock = ["JK", "JK", "JK", "JK", "JK"]', "JK is dealt 5 times"),
    (f'[options]\nmode = "open"\n[[deals]]\nhands = [{GOOD_HANDS}]\nstock = ["JK"]', "without jokers"),
    (f'[[deals]]\nhands = [{GOOD_HANDS}]\nmuertos = [["AS"]]', "2 muertos"),
    (f'[[deals]]\nhands = [{GOOD_HANDS}]\nmuertos = [["AS"], ["KS"]]', "must hold 11 cards"),
    ('[[deals]]\nstock = ["AS"]', "without 'hands'"),
    (f'[[deals]]\nhands = [{GOOD_HANDS}]\nstock = {LONG_STOCK}', "left for the two muertos"),
    (f'[[deals]]\nhands = [{GOOD_HANDS}]\ntrump = "S"', "unknown key 'trump'"),
    ("game = ", "not valid TOML"),
])
def test_malformed_files(body, fragment):
    base = "" if body.startswith("game") else 'game = "buraco"\n'
    if not body.startswith(("game", "players")):
        base += "players = 2\n"
    with pytest.raises(MatchFileError) as err:
        parse_match_text(base + body)
    assert fragment in str(err.value)


def test_deal_after_unfinished_hand_or_match_end():
    text = match_text([H0, E5_FILL1], actions=["draw"], extra='[[deals]]\nactions = ["draw"]\n')
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(text))
    assert str(err.value).startswith("deal 1 action 0:")
    # a close that ends the match (target 1), then another deal
    hands = ["3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]
    muertos = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"]
    acts = ["draw", "meld KC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC",    # direct bat: 12 cards, clean
            "meld 3S 4S 5S 6S 7S 8S 9S 10S JS QS"]                  # leaves KS
    stock = "2C 2H 2H"
    m = play(hands, muertos=muertos, stock=stock, actions=acts, target=1)
    assert m.to_act == 0 and m.mstate[0] == bu.TAKEN
    assert set(m.legal_actions()) == {"discard KS", "add 1 KS"}
    acts += ["add 1 KS"]                                            # closes by an add
    m = play(hands, muertos=muertos, stock=stock, actions=acts, target=1)
    assert m.finished and m.winner == 0 and m.records[0].info["closed_by"] == 0
    assert m.records[0].points == [95 + 200 + 85 + 200 + 100, -85 - 100]
    text = match_text(hands, muertos=muertos, stock=stock, actions=acts, target=1,
                      extra='[[deals]]\nactions = ["draw"]\n')
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(text))
    assert "match is over" in str(err.value)


def test_unknown_action_words():
    m = position(hands={0: "5D 6D 7D KS"})
    for bad, key in [("jump", "unknown_action"), ("meld 5D XX 7D", "unknown_action"),
                     ("meld 5D 6D", "too_few"), ("discard 9H", "not_in_hand"),
                     ("add 3 5D", "no_meld"), ("draw", "already_drew")]:
        with pytest.raises(IllegalAction) as err:
            m.apply(bad)
        assert err.value.reason_key == key, bad


# ----- the meld listing is complete ----------------------------------------------------------
def brute_force_melds(hand_cards, rules):
    out = set()
    seen = set()
    for k in range(3, len(hand_cards) + 1):
        for comb in itertools.combinations(hand_cards, k):
            key = tuple(sorted(comb))
            if key in seen:
                continue
            seen.add(key)
            res = analyze(list(key), rules)
            if not isinstance(res, str):
                out.add(spec_of(res).text)
    return out


def test_meld_listing_equals_brute_force():
    rng = random.Random(11)
    for trial in range(240):
        mode = MODES[trial % 5]
        rules = RULES[mode]
        pack = [c for c in DECK.pack() if rules.jokers or c != JK]
        style = trial % 3
        if style == 0:
            hand = rng.sample(pack, rng.randint(3, 11))
        elif style == 1:
            suit = rng.randrange(4)
            hand = rng.sample([c for c in pack if c // 13 == suit or WILDISH[c]], rng.randint(3, 12))
        else:
            rank = rng.randrange(13)
            hand = rng.sample([c for c in pack if c % 13 == rank or WILDISH[c] or c // 13 == 0],
                              rng.randint(3, 11))
        counts = [0] * bu.KINDS
        for c in hand:
            counts[c] += 1
        smask, rcount = masks_of(counts)
        listed = hand_melds(counts, smask, rcount, rules)
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force_melds(hand, rules), [NAMES[c] for c in hand]


# ----- property tests -------------------------------------------------------------------------
def meld_is_valid(m, mode):
    """An independent check of a meld on the table (§7)."""
    rules = RULES[mode]
    cs = m.cards()
    if len(cs) < 3 or len(cs) != m.size:
        return False
    if not m.run:
        if not rules.sets or len(cs) > 9:
            return False
        nat = [c for c in cs if c != JK and c % 13 != 1]
        wild = len(cs) - len(nat)
        return wild <= 1 and len(nat) >= 2 and len({c % 13 for c in nat}) == 1
    suit = m.suit
    wilds = 0
    aces = 0
    for pos, c in enumerate(cs, start=m.lo):
        want = suit * 13 + (0 if pos in (1, 14) else pos - 1)
        if c == want:
            aces += c % 13 == 0
            if pos == m.w:
                return False
        else:
            if not (c == JK or c % 13 == 1) or pos != m.w:
                return False
            wilds += 1
    if wilds != (m.wcard >= 0) or (m.w == 2 and m.wcard == suit * 13 + 1):
        return False
    if aces == 2 and not rules.two_aces:
        return False
    return len(cs) - wilds >= 2 and 1 <= m.lo and m.hi <= 14


def canasta_kind(m):
    cs = m.cards()
    if len(cs) < 7:
        return None
    if m.wcard >= 0:
        return "dirty"
    if m.run and len(cs) == 14:
        return "ace-to-ace"
    if m.run and len(cs) == 13:
        return "royal"
    return "clean"


def card_counts(m):
    counts = [0] * bu.KINDS
    for hand in m.hands:
        for c in range(bu.KINDS):
            counts[c] += hand[c]
    for side in m.melds:
        for x in side:
            for c in x.cards():
                counts[c] += 1
    for c in m.stock + m.pile + [c for mu in m.muertos if mu for c in mu]:
        counts[c] += 1
    return counts


def snapshot(m):
    return (m.to_act, tuple(m.legal_actions()), tuple(m.score), m.deal_index, m.phase,
            tuple(tuple(h) for h in m.hands), tuple(tuple(x.text() for x in s) for s in m.melds),
            tuple(m.stock), tuple(m.pile), tuple(m.mstate), tuple(m.pending))


def recount(info, mode):
    """The points of an ended hand, from its final table (records' info)."""
    rules = RULES[mode]
    values = rules.values
    points = []
    players = len(info["hands"])
    for side in (0, 1):
        total = 0
        for text in info["melds"][side]:
            total += sum(values[CARD[c]] for c in text.split())
        for kind in info["canastas"][side]:
            total += bu.BONUS[kind]
        if info["closed_by"] == side:
            total += 100
        unused = info["unused_muerto"][side]
        if info["muertos"][side] != "taken" or unused is not None:
            total -= 100
        for seat in range(side, players, 2):
            if unused == seat:
                continue
            total -= sum(values[CARD[c]] for c in info["hands"][seat])
        points.append(total)
    return points


def illegal_candidates(m, rng):
    hand = [c for c in range(bu.KINDS) if m.hands[m.to_act][c]]
    pool = ["draw", "take-discard", "discard " + NAMES[rng.randrange(53)],
            f"add {rng.randrange(4)} {NAMES[rng.randrange(53)]}",
            "meld " + " ".join(NAMES[rng.choice(hand)] for _ in range(rng.randint(1, 4))),
            "meld " + " ".join(NAMES[rng.randrange(53)] for _ in range(3)), "pass", "meld"]
    return [a for a in pool if not m.is_legal(a)]


CONFIGS = [(mode, players) for mode in MODES for players in (2, 4)]


@pytest.mark.parametrize("mode, players", CONFIGS)
def test_random_legal_hands_keep_invariants(mode, players):
    rng = random.Random(f"{mode}/{players}")
    full = [0] * bu.KINDS
    for c in bu.full_pack(mode):
        full[c] += 1
    hands = 0
    match_no = 0
    while hands < 60:
        m = Match(players, match_no % players, 500 + match_no, {"mode": mode, "target": 1500})
        match_no += 1
        step = 0
        while not m.finished and hands < 60:
            step += 1
            legal = m.legal_actions()
            assert legal and len(legal) == len(set(legal))
            assert card_counts(m) == full
            for side in (0, 1):
                for x in m.melds[side]:
                    assert meld_is_valid(x, mode), x.text()
                    assert x.canasta() == canasta_kind(x)
            bad = illegal_candidates(m, rng)
            if bad:
                before = snapshot(m)
                with pytest.raises(IllegalAction):
                    m.apply(rng.choice(bad))
                assert snapshot(m) == before
            if step % 5 == 0:
                for seat in range(players):
                    view = m.view(seat)
                    mine = sorted(NAMES[c] for c in range(bu.KINDS) for _ in range(m.hands[seat][c]))
                    assert sorted(view["hand"]) == mine
                    others = set(view) - {"hand"}
                    assert "hands" not in others
                    if seat != m.to_act:
                        assert view["legal"] == []
                    if RULES[mode].closed_pile:
                        assert len(view["discard"]) <= 1
            index = m.deal_index
            before = list(m.score)
            m.apply(rng.choice(legal))
            if m.deal_index != index or m.finished:
                hands += 1
                rec = m.records[index]
                assert rec.points == recount(rec.info, mode)
                assert [a - b for a, b in zip(m.score, before)] == rec.points
        again = play_spec(parse_match_text(match_to_toml(m)))
        assert replay_report(again) == replay_report(m)
        assert [again.view(s) for s in range(players)] == [m.view(s) for s in range(players)]


@pytest.mark.parametrize("mode", MODES)
def test_many_random_hands_end(mode):
    """Uniform random play always ends its hands (by a close or by §6.1)."""
    rng = random.Random(mode)
    full = [0] * bu.KINDS
    for c in bu.full_pack(mode):
        full[c] += 1
    hands = 0
    n = 0
    while hands < 500:
        players = 2 if n % 2 == 0 else 4
        m = Match(players, n % players, 9000 + n, {"mode": mode}, record=False)
        n += 1
        index = m.deal_index
        steps = 0
        while not m.finished and m.deal_index < index + 3:
            legal = m.legal_actions()
            assert legal
            m.apply(rng.choice(legal))
            steps += 1
            assert steps < 3000
            if steps % 10 == 0:
                assert card_counts(m) == full
                for side in m.melds:
                    for x in side:
                        assert meld_is_valid(x, mode) and x.canasta() == canasta_kind(x)
        hands += m.deal_index - index + (1 if m.finished else 0)


def test_clone_is_independent():
    m = Match(4, 0, 3)
    rng = random.Random(1)
    for _ in range(60):
        m.apply(rng.choice(m.legal_actions()))
    c = m.clone()
    before = snapshot(m)
    while c.deal_index == m.deal_index and not c.finished:
        c.apply(rng.choice(c.legal_actions()))
    assert snapshot(m) == before
