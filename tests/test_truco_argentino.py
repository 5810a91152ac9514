"""Truco Argentino: every worked example of rules/truco_argentino.md §13, the
rules around them (§4-§12), malformed files, and random-legal property tests
for 2, 4 and 6 players over several option sets."""
import json
import random

import pytest

from game.engine.errors import IllegalAction, MatchFileError
from game.engine.matchfile import (ReplayError, match_to_toml, parse_match_text, play_spec,
                                   replay_report)
from game.games import truco_argentino as ta
from game.games.truco_argentino import DECK, STRENGTH, Match, envido_of, flor_of


def toml_list(items):
    return "[" + ", ".join(f'"{x}"' for x in items) + "]"


def match_text(deals, players=2, dealer=1, options="", seed=5):
    """``deals``: list of (hands or None, actions)."""
    text = f'game = "truco_argentino"\nplayers = {players}\ndealer = {dealer}\nseed = {seed}\n'
    text += f"[options]\n{options}\n"
    for hands, actions in deals:
        text += "[[deals]]\n"
        if hands is not None:
            text += "hands = [" + ", ".join(toml_list(h) for h in hands) + "]\n"
        text += f"actions = {toml_list(actions)}\n"
    return text


def play(actions=(), hands=None, **kw):
    return play_spec(parse_match_text(match_text([(hands, list(actions))], **kw)))


def legal(m):
    return sorted(m.legal_actions())


# ----- §2 cards, envido and flor values ------------------------------------------
def test_trick_ranking_classes():
    order = ["1E", "1B", "7E", "7O", "3O", "2C", "1C", "12B", "11E", "10O", "7C", "6B", "5E", "4O"]
    strengths = [STRENGTH[DECK.card(c)] for c in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(order)
    assert STRENGTH[DECK.card("3O")] == STRENGTH[DECK.card("3B")]
    assert STRENGTH[DECK.card("1O")] == STRENGTH[DECK.card("1C")]
    assert STRENGTH[DECK.card("7C")] == STRENGTH[DECK.card("7B")]


@pytest.mark.parametrize("hand, value", [
    (["7E", "6E", "12B"], 33), (["12O", "11O", "5C"], 20), (["1E", "4O", "10C"], 4),
    (["11E", "12C", "10O"], 0), (["1B", "5B", "7B"], 32),
])
def test_envido_examples(hand, value):
    assert envido_of(hand) == value


def test_flor_examples():
    assert flor_of(["1B", "5B", "7B"]) == 33
    assert flor_of(["5C", "6C", "7C"]) == 38
    assert flor_of(["10O", "11O", "12O"]) == 20
    assert flor_of(["1B", "5B", "7C"]) == -1


# ----- §12 legal list, §13 worked examples --------------------------------------
HANDS_1V1 = [["1E", "7O", "3B"], ["12C", "5C", "4O"]]


def test_mano_first_turn_legal_list():
    m = play(hands=HANDS_1V1)
    assert m.to_act == 0
    assert legal(m) == sorted(["play 1E", "play 7O", "play 3B", "fold", "call truco",
                               "call envido", "call real envido", "call falta envido"])


def test_example_a_envido_refused_after_raise():
    m = play(["call envido", "call real envido", "reject"], HANDS_1V1)
    assert m.score == [0, 2] and m.points == [0, 2]
    assert m.to_act == 0 and m.deal_index == 0
    assert not any("envido" in a for a in m.legal_actions())
    with pytest.raises(IllegalAction) as err:
        m.apply("call envido")
    assert err.value.reason_key == "envido_called"
    report = replay_report(m)
    assert report["deals"][0]["points"] == [0, 2] and report["deals"][0]["ended"] is False


def test_example_b_envido_tie_goes_to_mano():
    hands = [["4B", "5B", "11C"], ["6O", "3O", "2E"]]
    assert envido_of(hands[0]) == envido_of(hands[1]) == 29
    m = play(["call envido", "accept"], hands)
    assert m.score == [2, 0]
    events = replay_report(m)["deals"][0]["events"]
    assert "envido declared seat=0 points=29" in events
    assert "son buenas seat=1 call=envido" in events
    # the loser's value stays hidden from everybody
    assert m.view(0)["envido"]["declared"] == [[0, 29], [1, "son buenas"]]


@pytest.mark.parametrize("mode, score, winner, expected", [
    ("leader", [12, 20], 0, 10), ("leader", [12, 20], 1, 10),
    ("malas_buenas", [12, 20], 0, 10), ("malas_buenas", [12, 20], 1, 10),
    ("leader", [8, 3], 0, 22), ("leader", [8, 3], 1, 22),
    ("malas_buenas", [8, 3], 0, 22), ("malas_buenas", [8, 3], 1, 27),
    ("malas_buenas", [15, 3], 1, 27), ("malas_buenas", [16, 3], 1, 14),
])
def test_example_c_falta_envido(mode, score, winner, expected):
    strong, weak = ["7E", "6E", "12B"], ["4O", "5C", "11B"]
    hands = [strong, weak] if winner == 0 else [weak, strong]
    m = play(hands=hands, options=f'falta_envido = "{mode}"')
    m.score[:] = score
    m.apply("call falta envido")
    m.apply("accept")
    assert replay_report(m)["deals"][0]["points"][winner] == expected
    assert m.score[winner] == score[winner] + expected


def test_falta_envido_target_15_has_no_malas():
    hands = [["4O", "5C", "11B"], ["7E", "6E", "12B"]]
    m = play(hands=hands, options='falta_envido = "malas_buenas"\ntarget = 15')
    m.score[:] = [8, 3]
    m.apply("call falta envido")
    m.apply("accept")
    assert m.score == [8, 10]          # 15 - 8 (the leader), not 15 - 3


def test_example_d_truco_retruco_and_parda():
    hands = [["3E", "1O", "4C"], ["3B", "6E", "5O"]]
    acts = ["play 3E", "play 3B", "call truco", "call retruco", "accept", "play 1O", "play 6E"]
    m = play(acts[:2], hands)
    assert m.results == [-1] and m.to_act == 0           # parda, seat 0 led it and leads again
    m = play(acts[:4], hands)
    assert m.level == 2 and m.to_act == 0 and legal(m) == ["accept", "call vale cuatro", "reject"]
    m = play(acts, hands)
    assert m.records[0].points == [3, 0] and m.score == [3, 0] and m.deal_index == 1
    m = play(acts[:4] + ["reject"], hands)
    assert m.records[0].points == [0, 2] and m.score == [0, 2]


def test_example_e_envido_esta_primero():
    hands = [["1E", "2O", "4C"], ["7O", "6O", "12B"]]
    m = play(["call truco"], hands)
    assert m.to_act == 1 and "call envido" in m.legal_actions()
    m = play(["call truco", "call envido", "accept"], hands)
    assert m.score == [0, 2]
    assert m.to_act == 1 and legal(m) == ["accept", "call retruco", "reject"]
    m = play(["call truco", "call envido", "accept", "accept", "play 1E", "play 12B", "play 2O",
              "play 7O", "play 6O", "play 4C"], hands)
    assert m.records[0].points == [0, 4] and m.score == [0, 4]


def test_envido_esta_primero_not_against_retruco_or_after_playing():
    hands = [["1E", "2O", "4C"], ["7O", "6O", "12B"]]
    m = play(["play 1E", "call truco"], hands)           # seat 1 calls, seat 0 has played
    assert m.to_act == 0 and legal(m) == ["accept", "call retruco", "reject"]
    m = play(["call truco", "call retruco"], hands)
    assert m.to_act == 0 and legal(m) == ["accept", "call vale cuatro", "reject"]


def test_example_f_raising_your_own_bet():
    text = match_text([(HANDS_1V1, ["call truco", "accept", "call retruco"])])
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(text))
    msg = str(err.value)
    assert msg.startswith("deal 0 action 2: 'call retruco' is not legal "
                          "(only the team that accepted may raise); legal: ")
    assert err.value.error.reason_key == "raise_own_bet"
    m = play(["call truco", "accept", "play 1E"], HANDS_1V1)
    assert "call retruco" in m.legal_actions()           # team 1 accepted: it may raise


def test_example_g_four_players_partners_tie():
    hands = [["3E", "4O", "5O"], ["2E", "4C", "5C"], ["3O", "6O", "6C"], ["1C", "6E", "6B"]]
    m = play(["play 3E", "play 2E", "play 3O", "play 1C"], hands, players=4, dealer=3)
    assert m.results == [0] and m.history[0][2] == 0
    assert m.to_act == 0 and m.turn == 0


def test_envido_answers_of_earlier_deals_are_in_the_view():
    """Every seat sees how each seat has answered the envido (accepted,
    refused, raised) over the deals before this one; a match read back
    from its file shows the same, and a clone counts on its own."""
    hands = [["3E", "4O", "5O"], ["2E", "4C", "5C"], ["3O", "6O", "6C"], ["1C", "6E", "6B"]]
    m = play(["call envido", "call real envido", "reject"], hands, players=4, dealer=3)
    assert m.view(0)["envido_answers"] == [[0, 0, 0]] * 4       # this deal's answers are in its calls
    m.apply("call truco")
    m.apply("reject")
    assert m.deal_index == 1
    for seat in range(4):
        assert m.view(seat)["envido_answers"] == [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 0, 0]]
    again = play_spec(parse_match_text(match_to_toml(m)))
    assert again.view(3)["envido_answers"] == m.view(3)["envido_answers"]
    c = m.clone()
    c.apply("call envido")
    c.apply("accept")
    assert c.env_answers != m.env_answers and m.env_answers == [0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0]


def test_example_h_fold():
    m = play(["call truco", "accept", "fold"], HANDS_1V1)
    assert m.records[0].points == [0, 2] and m.score == [0, 2]
    m = play(["fold"], HANDS_1V1, options="mazo_extra_point = true")
    assert m.records[0].points == [0, 2]
    m = play(["fold"], HANDS_1V1)
    assert m.records[0].points == [0, 1]
    # no extra point once an envido was called, or after trick 1
    m = play(["call envido", "reject", "fold"], HANDS_1V1, options="mazo_extra_point = true")
    assert m.records[0].points == [1, 1]
    m = play(["play 1E", "play 4O", "fold"], HANDS_1V1, options="mazo_extra_point = true")
    assert m.records[0].points == [0, 1]


def test_contract_error_line_for_envido_after_trick_one():
    text = match_text([(HANDS_1V1, ["play 1E", "play 4O", "call envido"])])
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(text))
    assert str(err.value).startswith(
        "deal 0 action 2: 'call envido' is not legal (envido closes after the first trick); legal: ")


# ----- §5 who wins the hand ------------------------------------------------------
@pytest.mark.parametrize("hands, plays, winner, tricks", [
    ([["1E", "1B", "4O"], ["4C", "4E", "5O"]], ["play 1E", "play 4C", "play 1B", "play 4E"], 0, 2),
    ([["1E", "3O", "4O"], ["4C", "3C", "5O"]], ["play 1E", "play 4C", "play 3O", "play 3C"], 0, 2),
    ([["3O", "1E", "4O"], ["3C", "4C", "5O"]], ["play 3O", "play 3C", "play 1E", "play 4C"], 0, 2),
    ([["3O", "4O", "5O"], ["3C", "1E", "5C"]], ["play 3O", "play 3C", "play 4O", "play 1E"], 1, 2),
    ([["1E", "4O", "3O"], ["4C", "1B", "2O"]],
     ["play 1E", "play 4C", "play 4O", "play 1B", "play 2O", "play 3O"], 0, 3),
    ([["1E", "4O", "2O"], ["4C", "1B", "3O"]],
     ["play 1E", "play 4C", "play 4O", "play 1B", "play 3O", "play 2O"], 1, 3),
    ([["1E", "4O", "3O"], ["4C", "1B", "3C"]],
     ["play 1E", "play 4C", "play 4O", "play 1B", "play 3C", "play 3O"], 0, 3),
    ([["4O", "1E", "3O"], ["1B", "4C", "3C"]],
     ["play 4O", "play 1B", "play 4C", "play 1E", "play 3O", "play 3C"], 1, 3),  # Y X P: Y
    ([["3O", "2O", "1E"], ["3C", "2C", "4C"]],
     ["play 3O", "play 3C", "play 2O", "play 2C", "play 1E", "play 4C"], 0, 3),
    ([["3O", "2O", "4O"], ["3C", "2C", "4C"]],
     ["play 3O", "play 3C", "play 2O", "play 2C", "play 4O", "play 4C"], 0, 3),
])
def test_hand_table(hands, plays, winner, tricks):
    m = play(plays, hands)
    assert m.deal_index == 1 and len(m.records[0].actions) == len(plays)
    assert m.records[0].points[winner] == 1 and sum(m.records[0].points) == 1
    assert m.records[0].info["hand_winner"] == winner
    assert sum(1 for e in m.records[0].events if e.kind in ("trick won", "parda")) == tricks


def test_three_pardas_go_to_mano_team():
    hands = [["3O", "2O", "4O"], ["3C", "2C", "4C"]]
    m = play(["play 3C", "play 3O", "play 2C", "play 2O", "play 4C", "play 4O"], hands, dealer=0)
    assert m.records[0].points == [0, 1]                 # seat 1 is mano


def test_hand_cut_short_at_two_tricks():
    m = play(["play 1E", "play 4C", "play 1B", "play 4E"], [["1E", "1B", "4O"], ["4C", "4E", "5O"]])
    assert m.records[0].ended and m.to_act == 1           # next deal: dealer 0, mano 1


# ----- §7 envido chains -------------------------------------------------------------
CHAINS = [
    ("E", 2, 1), ("R", 3, 1), ("F", None, 1), ("EE", 4, 2), ("ER", 5, 2), ("EF", None, 2),
    ("RF", None, 3), ("EER", 7, 4), ("EEF", None, 4), ("ERF", None, 5), ("EERF", None, 7),
]
KIND = {"E": "call envido", "R": "call real envido", "F": "call falta envido"}


@pytest.mark.parametrize("chain, accepted, refused", CHAINS)
def test_envido_chain_values(chain, accepted, refused):
    hands = [["7E", "6E", "12B"], ["4O", "5C", "11B"]]
    calls = [KIND[k] for k in chain]
    m = play(calls + ["accept"], hands)
    if accepted is None:                                  # falta: 30 - 0, the chico
        assert m.finished and m.winner == 0 and m.score == [30, 0]
    else:
        assert m.score == [accepted, 0] and m.to_act == 0
    m = play(calls + ["reject"], hands)
    last_team = (len(chain) - 1) % 2                      # seat 0 opens, callers alternate
    expected = [0, 0]
    expected[last_team] = refused
    assert m.score == expected and m.deal_index == 0


@pytest.mark.parametrize("chain, raises", [
    ("E", ["call envido", "call falta envido", "call real envido"]),
    ("EE", ["call falta envido", "call real envido"]),
    ("R", ["call falta envido"]), ("ER", ["call falta envido"]), ("EER", ["call falta envido"]),
    ("F", []), ("EF", []), ("EERF", []),
])
def test_envido_raise_table(chain, raises):
    m = play([KIND[k] for k in chain], HANDS_1V1)
    assert legal(m) == sorted(["accept", "reject"] + raises)


def test_pie_may_open_envido_after_mano_played_but_not_after_playing():
    m = play(["play 1E"], HANDS_1V1)
    assert "call envido" in m.legal_actions()
    m = play(["play 1E", "call envido"], HANDS_1V1)
    assert m.to_act == 0 and "call real envido" in m.legal_actions()   # answering is fine


def test_envido_closed_after_accepted_truco():
    m = play(["call truco", "accept"], HANDS_1V1)
    assert not any("envido" in a for a in m.legal_actions())
    with pytest.raises(IllegalAction) as err:
        m.apply("call envido")
    assert err.value.reason_key == "envido_truco"


def test_envido_in_team_play_son_buenas_and_nearest_mano():
    hands = [["7E", "1E", "4B"], ["6O", "7O", "4C"], ["5C", "4E", "10B"], ["7B", "6B", "11O"]]
    # envidos: seat0 28, seat1 33, seat2 5, seat3 33 -> seat 1 is nearer to mano (0)
    m = play(["call envido", "accept"], hands, players=4, dealer=3)
    assert m.score == [0, 2]
    declared = m.view(2)["envido"]["declared"]
    # seat 3 beats team 0's best (28), so it states its 33 (§7 read literally); the tie
    # with its partner goes to seat 1, nearer to mano
    assert declared == [[0, 28], [1, 33], [2, "son buenas"], [3, 33]]
    assert m.env_winner == 1


def test_responders_in_team_play():
    hands = [["7E", "1E", "4B"], ["6O", "7O", "4C"], ["5C", "4E", "10B"], ["7B", "6B", "11O"]]
    m = play(["play 4B", "call truco"], hands, players=4, dealer=3)
    assert m.to_act == 2                                  # seat 1 called: next opponent is 2
    m.apply("call retruco")
    assert m.to_act == 3
    m.apply("accept")
    assert m.to_act == 1 and m.level == 3 and m.owner == 1


SIX = [["4O", "5O", "6O"], ["4C", "5C", "6C"], ["4E", "5E", "6E"], ["4B", "5B", "6B"],
       ["10O", "11O", "12O"], ["10C", "11C", "12C"]]


def test_six_players_responder_skips_folded_and_parda_leader():
    m = play(["play 4O", "play 4C", "fold", "call truco"], SIX, players=6, dealer=5)
    assert m.to_act == 4                                  # seat 2 (team 0) has folded
    m.apply("accept")
    assert m.to_act == 3 and m.level == 2 and m.owner == 0
    for action in ["play 4B", "play 10O", "play 10C"]:
        m.apply(action)
    assert m.results == [-1] and m.to_act == 0            # parda: seat 0 played first, leads


def test_six_players_team_fold():
    m = play(["fold"], SIX, players=6, dealer=5, options='fold_scope = "team"')
    assert m.records[0].points == [0, 1]
    m = play(["fold"], SIX, players=6, dealer=5)
    assert m.deal_index == 0 and m.to_act == 1 and m.folded == [True] + [False] * 5


def test_envido_esta_primero_in_team_play():
    m = play(["call truco", "call envido"], FOUR, players=4, dealer=3)
    assert m.to_act == 2                                  # first opponent after seat 1
    m.apply("accept")
    assert m.to_act == 1 and m.mode == ta.TRUCO_ANSWER   # the truco is pending again for seat 1


# ----- §8 flor --------------------------------------------------------------------
FLOR = "flor = true"


def test_flor_compulsory_and_uncontested():
    hands = [["1B", "5B", "7B"], ["12C", "5C", "4O"]]
    m = play(hands=hands, options=FLOR)
    assert legal(m) == ["call flor"]
    with pytest.raises(IllegalAction) as err:
        m.apply("play 1B")
    assert err.value.reason_key == "must_call_flor"
    m.apply("call flor")
    assert m.score == [3, 0] and m.to_act == 0
    assert legal(m) == sorted(["play 1B", "play 5B", "play 7B", "fold", "call truco"])
    assert m.view(1)["flor"]["holders"] == [0]


def test_flor_without_option_is_envido():
    hands = [["1B", "5B", "7B"], ["12C", "5C", "4O"]]
    m = play(hands=hands)
    assert "call flor" not in m.legal_actions()
    with pytest.raises(IllegalAction) as err:
        m.apply("call flor")
    assert err.value.reason_key == "flor_off"
    m.apply("call envido")
    m.apply("accept")
    assert m.score == [2, 0] and m.view(1)["envido"]["declared"][0] == [0, 32]


def test_envido_opening_summons_the_flor_and_is_cancelled():
    hands = [["12C", "5C", "4O"], ["1B", "5B", "7B"]]
    m = play(["call envido"], hands, options=FLOR)
    assert m.to_act == 1 and legal(m) == ["call flor"]
    m.apply("call flor")
    assert m.score == [0, 3] and m.to_act == 0
    assert m.view(0)["envido"]["state"] == "cancelled"
    assert not any("envido" in a for a in m.legal_actions())


def test_flor_of_truco_responder_then_truco_resumes():
    hands = [["12C", "5C", "4O"], ["1B", "5B", "7B"]]
    m = play(["call truco"], hands, options=FLOR)
    assert m.to_act == 1 and legal(m) == ["call flor"]
    m.apply("call flor")
    assert m.score == [0, 3] and m.to_act == 1
    assert legal(m) == ["accept", "call retruco", "reject"]


FLORS = [["1B", "5B", "7B"], ["4C", "5C", "6C"]]          # 33 and 35


@pytest.mark.parametrize("answers, score", [
    (["accept"], [0, 6]),                                  # S0 = 3 x 2 flors, best (35) wins
    (["reject"], [3, 0]),                                  # achicarse: declaring team 3 x 1
    (["call contraflor", "accept"], [0, 9]),               # S1
    (["call contraflor", "reject"], [0, 6]),               # contraflor team scores S0
    (["call contraflor", "call contraflor al resto", "reject"], [9, 0]),   # S1 after contraflor
    (["call contraflor al resto", "reject"], [0, 6]),      # S0 without contraflor
    (["call contraflor al resto", "accept"], [0, 30]),     # falta: the chico
])
def test_flor_contest(answers, score):
    m = play(["call flor"] + answers, FLORS, options=FLOR)
    assert m.score == score


def test_flor_contest_turns_and_declarations():
    m = play(["call flor"], FLORS, options=FLOR)
    assert m.to_act == 1
    assert legal(m) == sorted(["accept", "reject", "call contraflor", "call contraflor al resto"])
    m.apply("call contraflor")
    assert m.to_act == 0 and legal(m) == sorted(["accept", "reject", "call contraflor al resto"])
    m.apply("accept")
    assert m.view(0)["flor"]["declared"] == [[0, 33], [1, 35]]
    assert m.to_act == 0 and m.mode == ta.PLAY_TURN


def test_flor_in_four_players_counts_each_flor():
    hands = [["1B", "5B", "7B"], ["12C", "5O", "4O"], ["4C", "5C", "6C"], ["1E", "2E", "3E"]]
    m = play(hands=hands, players=4, dealer=3, options=FLOR)
    m.apply("call flor")
    assert m.view(1)["flor"]["holders"] == [0, 2, 3]
    assert m.to_act == 3                                    # the first holder of team 1
    m.apply("reject")
    assert m.score == [6, 0]                                # 3 x 2 flors of team 0
    m = play(["call flor", "accept"], hands, players=4, dealer=3, options=FLOR)
    assert m.score == [9, 0]                                # S0 = 3 x 3; 35 beats 26


def test_flor_holder_who_never_acts_scores_nothing():
    hands = [["12C", "5O", "4O"], ["1E", "2E", "4B"], ["4C", "5C", "7O"], ["1B", "5B", "7B"]]
    m = play(["call truco", "reject"], hands, players=4, dealer=3, options=FLOR)
    assert m.records[0].points == [1, 0]


# ----- §9 going to the deck ----------------------------------------------------------
FOUR = [["3E", "4O", "5O"], ["2E", "4C", "5C"], ["3O", "6O", "6C"], ["1C", "6E", "6B"]]


def test_fold_player_scope_partners_play_on():
    m = play(["fold"], FOUR, players=4, dealer=3)
    assert m.deal_index == 0 and m.to_act == 1 and m.hands[0] == []
    m.apply("play 2E")
    m.apply("play 3O")
    m.apply("play 1C")
    assert m.results == [0] and m.to_act == 2             # seat 2's 3 wins
    m.apply("call truco")
    assert m.to_act == 3
    m.apply("accept")
    m.apply("fold")                                        # the last of team 0 leaves
    assert m.records[0].points == [0, 2] and m.deal_index == 1


def test_fold_team_scope():
    m = play(["fold"], FOUR, players=4, dealer=3, options='fold_scope = "team"')
    assert m.records[0].points == [0, 1] and m.deal_index == 1


def test_fold_skips_folded_responder_and_envido():
    m = play(["play 3E", "fold", "call envido"], FOUR, players=4, dealer=3)
    assert m.to_act == 3                                   # seat 1 has folded
    m.apply("accept")
    # envidos: seat0 3(+? no pair) ... folded seat 1 does not count
    assert 1 not in [d[0] for d in m.view(0)["envido"]["declared"]]


def test_fold_not_with_pending_call():
    m = play(["call truco"], HANDS_1V1)
    with pytest.raises(IllegalAction) as err:
        m.apply("fold")
    assert err.value.reason_key == "answer_truco"


# ----- §10 chicos and the match ------------------------------------------------------
def test_target_reached_mid_deal_by_envido():
    hands = [["7E", "6E", "12B"], ["4O", "5C", "11B"]]
    m = play(hands=hands)
    m.score[:] = [28, 5]
    m.apply("call envido")
    m.apply("accept")
    assert m.finished and m.winner == 0 and m.score == [30, 5]
    report = replay_report(m)
    assert report["to_act"] is None and report["legal"] == [] and report["winner"] == 0
    assert report["deals"][-1]["ended"] and report["deals"][-1]["points"] == [2, 0]


def test_best_of_three_chicos():
    hands = [["7E", "6E", "12B"], ["4O", "5C", "11B"]]
    falta = ["call falta envido", "accept"]
    text = match_text([(hands, falta), (None, [])], options="chicos = 3\ntarget = 15")
    m = play_spec(parse_match_text(text))
    report = replay_report(m)
    assert report["chicos"] == [1, 0] and report["score"] == [0, 0] and not m.finished
    assert report["deals"][0]["points"] == [15, 0] and m.dealer == 0
    # deal 1: dealer 0, seat 1 (mano) calls the falta, seat 0 accepts and wins it again
    text = match_text([(hands, falta), (hands, falta), (None, [])], options="chicos = 3\ntarget = 15")
    m = play_spec(parse_match_text(text))
    assert m.chicos_won == [2, 0] and m.finished and m.winner == 0
    assert replay_report(m)["chicos"] == [2, 0]


def test_score_not_capped():
    hands = [["1E", "1B", "4O"], ["4C", "4E", "5O"]]
    m = play(hands=hands)
    m.score[:] = [29, 0]
    for a in ["call truco", "accept", "play 1E", "call retruco", "accept", "play 4C",
              "call vale cuatro", "accept", "play 1B", "play 4E"]:
        m.apply(a)
    assert m.finished and m.score == [33, 0]


def test_dealer_rotation_and_json():
    m = play(["fold"], HANDS_1V1, dealer=1)
    report = replay_report(m)
    assert report["deals"][1]["dealer"] == 0 and report["to_act"] == 1
    assert report["score"] == [0, 1] and report["deals"][1]["ended"] is False
    assert report["deals"][1]["points"] == [0, 0]
    json.dumps(report)


def test_cli_replay_exit_code(tmp_path):
    from game.cli import main
    path = tmp_path / "bad.toml"
    path.write_text(match_text([(HANDS_1V1, ["call truco", "accept", "call retruco"])]))
    assert main(["replay", str(path)]) == 2


# ----- malformed files --------------------------------------------------------------
@pytest.mark.parametrize("text, fragment", [
    ("players = 3", "played by 2, 4, 6 players"),
    ("players = 2\n[options]\ntarget = 20", "one of 30, 15"),
    ("players = 2\n[options]\nchicos = 2", "one of 1, 3"),
    ('players = 2\n[options]\nfalta_envido = "x"', "must be one of"),
    ("players = 2\n[options]\nflor = 1", "true or false"),
    ("players = 2\n[options]\nenvido = true", "unknown option"),
    ('players = 2\n[[deals]]\nhands = [["1E", "2E", "3E"]]', "2 hands"),
    ('players = 2\n[[deals]]\nhands = [["1E", "2E"], ["3E", "4E", "5E"]]', "3 cards"),
    ('players = 2\n[[deals]]\nhands = [["1E", "2E", "8E"], ["3E", "4E", "5E"]]', "unknown card"),
    ('players = 2\n[[deals]]\nhands = [["1E", "2E", "3E"], ["3E", "4E", "5E"]]', "twice"),
    ('players = 2\n[[deals]]\nstock = ["1E"]', "unknown key"),
    ('players = 2\ndealer = 2', "dealer"),
    ('players = ', "not valid TOML"),
])
def test_malformed_files(text, fragment):
    with pytest.raises(MatchFileError) as err:
        parse_match_text('game = "truco_argentino"\n' + text)
    assert fragment in str(err.value)


def test_unknown_action_string():
    with pytest.raises(ReplayError) as err:
        play(["call contratruco"], HANDS_1V1)
    assert "not a Truco action" in str(err.value)


# ----- property tests -----------------------------------------------------------------
OPTION_SETS = [
    {},
    {"flor": True},
    {"flor": True, "fold_scope": "team", "mazo_extra_point": True, "falta_envido": "malas_buenas"},
    {"target": 15, "chicos": 3, "flor": True, "falta_envido": "malas_buenas"},
]
ALL_ACTIONS = list(ta.ACTIONS) + ["play 8E", "call", ""]


def card_places(m):
    places = [c for h in m.hands for c in h] + list(m.mucked) + list(m.trick_cards)
    places += [c for cards, _, _ in m.history for c in cards]
    return places


def table_state(m):
    return (m.deal_index, [list(h) for h in m.hands], list(m.trick_cards), list(m.results),
            m.level, m.owner, m.turn, m.tr_call, m.tr_resp, list(m.folded))


def all_strings(obj, out):
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            all_strings(v, out)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            all_strings(v, out)
    return out


def check_privacy(m):
    names = DECK.names
    for seat in range(m.players):
        view = m.view(seat)
        seen = all_strings(view, set())
        for other in range(m.players):
            if other != seat:
                for c in m.hands[other]:
                    assert names[c] not in seen, (seat, other, names[c])
        for c in m.mucked:
            if c not in m.dealt[seat]:
                assert names[c] not in seen
        assert sorted(view["hand"]) == sorted(names[c] for c in m.hands[seat])


def chooser(rng, patient):
    """Uniform random play, or (``patient``) random play that rarely folds or
    refuses, so that deals reach the third trick and the higher calls."""
    def choose(legal_now):
        if patient and rng.random() < 0.9:
            keep = [a for a in legal_now if a not in ("fold", "reject")]
            if keep:
                return rng.choice(keep)
        return rng.choice(legal_now)
    return choose


def run_random(players, options, deals_wanted, seed, kinds=None):
    rng = random.Random(seed)
    deals = 0
    match_no = 0
    matches = []
    while deals < deals_wanted:
        m = Match(players, match_no % players, seed * 100 + match_no, options)
        choose = chooser(rng, match_no % 2 == 1)
        match_no += 1
        step = 0
        while not m.finished and deals < deals_wanted:
            step += 1
            dealt = sorted(c for h in m.dealt for c in h)
            assert len(set(dealt)) == 3 * players
            assert sorted(card_places(m)) == dealt
            legal_now = m.legal_actions()
            assert legal_now and m.to_act is not None
            assert len(set(legal_now)) == len(legal_now)
            if step % 3 == 0:
                check_privacy(m)
                bad = rng.choice([a for a in ALL_ACTIONS if a not in legal_now])
                before = (replay_report(m), [m.view(s) for s in range(players)])
                with pytest.raises(IllegalAction):
                    m.apply(bad)
                assert (replay_report(m), [m.view(s) for s in range(players)]) == before
            action = choose(legal_now)
            index = m.deal_index
            state = table_state(m)
            points = list(m.points)
            called = m.tr_call
            mode = m.mode
            caller_team = (m.env_caller if mode == ta.ENVIDO_ANSWER else
                           m.flor_caller if mode == ta.FLOR_ANSWER else m.tr_caller) & 1
            m.apply(action)
            if action == "reject":
                rec = m.records[index]
                after = rec.points if rec.ended else m.points
                delta = [a - b for a, b in zip(after, points)]
                assert delta[1 - caller_team] == 0 and delta[caller_team] > 0
                if mode == ta.TRUCO_ANSWER:               # the deal ends, worth the last level
                    assert m.records[index].ended and delta[caller_team] == called - 1
                elif m.deal_index == index and not m.finished:
                    assert table_state(m) == state        # the refusal changes nothing else
            if m.deal_index != index or m.finished:
                deals += 1
                rec = m.records[index]
                assert rec.ended and sum(rec.points) >= 1
                if kinds is not None:
                    for e in rec.events:
                        kinds.add(e.kind + ":" + str(e.data.get("call", e.data.get("trick", ""))))
        matches.append(m)
    return matches


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_legal_deals_keep_invariants(players, options):
    matches = run_random(players, options, 400, seed=players * 10 + OPTION_SETS.index(options))
    for m in matches[:6]:
        again = play_spec(parse_match_text(match_to_toml(m)))
        assert replay_report(again) == replay_report(m)
        assert [again.view(s) for s in range(players)] == [m.view(s) for s in range(players)]


def test_random_deals_cover_every_situation():
    """Random deals reach every kind of call, answer and trick: its own deals, so that the
    test says the same alone, after the property runs above, or on a pytest-xdist worker
    that ran only some of them."""
    seen: set = set()
    for players in (2, 4, 6):
        for options in OPTION_SETS:
            run_random(players, options, 100, seed=players, kinds=seen)
    expected = {"parda:1", "parda:2", "parda:3", "trick won:1", "trick won:2", "trick won:3",
                "team left:", "hand won:", "deal scored:", "chico won:", "went to the deck:",
                "envido declared:", "son buenas:envido", "son buenas:flor", "flor declared:",
                "envido cancelled:envido", "envido cancelled:real envido",
                "envido cancelled:falta envido", "envido won:", "flor won:", "flor holder:"}
    for call in ("truco", "retruco", "vale cuatro", "envido", "real envido", "falta envido",
                 "flor", "contraflor", "contraflor al resto"):
        expected.update({"called:" + call, "accepted:" + call, "refused:" + call})
    assert expected - seen == set()


def test_save_midway_and_replay():
    rng = random.Random(4)
    for n in range(60):
        players = (2, 4, 6)[n % 3]
        m = Match(players, n % players, n, OPTION_SETS[n % len(OPTION_SETS)])
        for _ in range(rng.randrange(1, 120)):
            if m.finished:
                break
            m.apply(rng.choice(m.legal_actions()))
        again = play_spec(parse_match_text(match_to_toml(m)))
        assert replay_report(again) == replay_report(m)


def test_scores_match_the_events():
    """Every deal's points equal the sum of what its events scored."""
    rng = random.Random(8)
    scoring = {"hand won", "team left", "envido won", "flor won", "refused"}
    for n in range(60):
        players = (2, 4, 6)[n % 3]
        m = Match(players, n % players, n, OPTION_SETS[n % len(OPTION_SETS)])
        while not m.finished:
            m.apply(rng.choice(m.legal_actions()))
        for rec in m.records:
            got = [0, 0]
            for e in rec.events:
                if e.kind in scoring:
                    got[e.data["team"]] += e.data["points"]
            assert got == rec.points, [e.text() for e in rec.events]
        assert m.score[m.winner] >= m.target


def test_clone_is_independent():
    rng = random.Random(2)
    m = Match(4, 0, 3, {"flor": True})
    for _ in range(5):
        m.apply(rng.choice(m.legal_actions()))
    before = replay_report(m)
    c = m.clone()
    while not c.finished:
        c.apply(rng.choice(c.legal_actions()))
    assert replay_report(m) == before
