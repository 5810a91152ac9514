"""Truco Mineiro: every worked example of rules/truco_mineiro.md §11, the rules
around them, malformed files, and random-legal property tests."""
import random

import pytest

from game.engine.errors import IllegalAction, MatchFileError
from game.engine.matchfile import (ReplayError, match_to_toml, parse_match_text, play_spec,
                                   replay_report)
from game.games import truco_mineiro as tm
from game.games.truco_mineiro import DECK, NAMES, STRENGTH, Match


def _toml_list(items):
    return "[" + ", ".join(f'"{a}"' for a in items) + "]"


def match_text(deals, players=2, dealer=1, options="", seed=7):
    """``deals``: list of (hands or None, actions)."""
    text = (f'game = "truco_mineiro"\nplayers = {players}\ndealer = {dealer}\nseed = {seed}\n'
            f"[options]\n{options}\n")
    for hands, actions in deals:
        text += "[[deals]]\n"
        if hands is not None:
            text += "hands = [" + ", ".join(_toml_list(h) for h in hands) + "]\n"
        text += f"actions = {_toml_list(actions)}\n"
    return text


def play(actions, hands=None, **kw):
    return play_spec(parse_match_text(match_text([(hands, actions)], **kw)))


def play_deals(deals, **kw):
    return play_spec(parse_match_text(match_text(deals, **kw)))


def strength(name):
    return STRENGTH[DECK.card(name)]


def illegal(m, action):
    """Apply an illegal action: it raises and changes nothing."""
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(action)
    assert snapshot(m) == before
    return err.value


def snapshot(m):
    return (m.to_act, tuple(m.legal_actions()), tuple(m.score), m.deal_index,
            str(replay_report(m)), tuple(str(m.view(s)) for s in range(m.players)))


HANDS_D = [["3S", "5H", "KD"], ["2C", "AS", "6D"]]


# ----- §11 A: ranking ---------------------------------------------------------
def test_example_a_ranking():
    order = ["4C", "7H", "AS", "7D", "3S"]
    for high, low in zip(order, order[1:]):
        assert strength(high) > strength(low)
    for three in ("3S", "3H", "3D", "3C"):
        assert strength("7D") > strength(three)
    assert strength("AH") > strength("KS")
    assert strength("JD") > strength("QC")
    assert strength("QD") > strength("7C") > strength("6H")
    assert strength("4S") == strength("4H") == strength("4D")
    assert min(STRENGTH) == strength("4S") and max(STRENGTH) == strength("4C")
    assert sorted(STRENGTH, reverse=True)[:4] == [14, 13, 12, 11]    # manilhas never tie
    assert strength("3S") == strength("3D")
    assert strength("KH") > strength("JH") > strength("QH")           # K > J > Q
    assert len(DECK) == 40 and not any(n[:-1] in ("8", "9", "10") for n in NAMES)


def test_example_a_ranking_in_play():
    m = play(["play 4S", "play 4H"], hands=[["4S", "3S", "2S"], ["4H", "3H", "2H"]])
    assert m.results == [tm.TIE]
    m = play(["play 7C", "play QD"], hands=[["7C", "3S", "2S"], ["QD", "3H", "2H"]])
    assert m.results == [1] and m.to_act == 1            # the winner leads


# ----- §11 B: refusals --------------------------------------------------------
def test_example_b_refusal_after_raises():
    m = play(["call truco", "call seis", "call dez", "reject"])
    assert m.score == [6, 0]
    report = replay_report(m)
    assert report["deals"][0]["points"] == [6, 0] and report["deals"][0]["ended"]
    assert report["deals"][1]["points"] == [0, 0] and not report["deals"][1]["ended"]
    assert report["to_act"] == 1                         # dealer 0 now, mão 1


def test_example_b_refusal_of_truco():
    m = play(["call truco", "reject"])
    assert m.score == [2, 0] and m.records[0].points == [2, 0]


@pytest.mark.parametrize("actions, expected", [
    (["call truco", "reject"], [2, 0]),
    (["call truco", "call seis", "reject"], [0, 4]),
    (["call truco", "call seis", "call dez", "reject"], [6, 0]),
    (["call truco", "call seis", "call dez", "call doze", "reject"], [0, 10]),
    (["call truco", "call seis", "call dez", "call doze", "accept"], [0, 0]),
])
def test_refusal_values(actions, expected):
    m = play(actions)
    if expected == [0, 0]:
        assert m.value == 12 and m.deal_index == 0
        assert all(not a.startswith("call") for a in m.legal_actions())
    else:
        assert m.score == expected and m.deal_index == 1


# ----- §11 C: accept, then raise from the other side ----------------------------
def test_example_c_no_raising_your_own_call():
    m = play(["call truco", "accept"], hands=HANDS_D)
    assert m.value == 4 and m.to_act == 0
    assert "call seis" not in m.legal_actions()
    err = illegal(m, "call seis")
    assert err.reason == "your pair asked last" and err.reason_key == "own_call"
    m.apply("play 3S")
    assert m.to_act == 1 and "call seis" in m.legal_actions()
    m.apply("call seis")
    assert m.to_act == 0 and sorted(m.legal_actions()) == ["accept", "call dez", "reject"]


def test_example_c_error_line_of_the_replay():
    text = match_text([(HANDS_D, ["call truco", "accept", "call seis"])])
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(text))
    assert str(err.value) == ("deal 0 action 2: 'call seis' is not legal (your pair asked last); "
                              "legal: play 3S, play 5H, play KD")


def test_truco_once_per_hand_and_play_turn_goes_on():
    m = play(["play 3S", "call truco", "accept"], hands=HANDS_D)
    assert m.to_act == 1 and m.value == 4           # seat 1 called on its play turn, goes on
    assert "call truco" not in m.legal_actions() and "call seis" not in m.legal_actions()
    m.apply("play 2C")
    assert m.to_act == 0 and "call seis" in m.legal_actions()


# ----- §11 D: a whole hand ------------------------------------------------------
def test_example_d_whole_hand():
    m = play(["play 3S", "play 2C"], hands=HANDS_D)
    assert m.to_act == 0 and m.results == [0]
    for action in ["play 5H", "play AS"]:
        m.apply(action)
    assert m.to_act == 1 and m.results == [0, 1]
    m.apply("play 6D")
    m.apply("play KD")
    report = replay_report(m)
    assert report["deals"][0]["points"] == [2, 0] and m.score == [2, 0]
    assert report["deals"][0]["tricks"] == [0, 1, 0]
    assert "trick won seat=0 team=0 cards=6D,KD" in report["deals"][0]["events"]


def test_first_turn_legal():
    m = play([], hands=HANDS_D)
    assert sorted(m.legal_actions()) == ["call truco", "play 3S", "play 5H", "play KD"]
    assert m.to_act == 0


# ----- §11 E: ties --------------------------------------------------------------
def test_example_e_tie_then_win():
    m = play(["play 3S", "play 3H"], hands=[["3S", "KD", "4S"], ["3H", "JC", "5S"]])
    assert m.results == [tm.TIE] and m.to_act == 0            # the leader of the tie leads
    m.apply("play KD")
    m.apply("play JC")
    assert m.score == [2, 0] and m.deal_index == 1
    # the KD side may be the second player too
    m = play(["play 3S", "play 3H", "play JC", "play KD"], hands=[["3S", "JC", "4S"], ["3H", "KD", "5S"]])
    assert m.score == [0, 2]


def test_example_e_win_then_tie():
    m = play(["play 2S", "play 4H", "play 3S", "play 3H"], hands=[["2S", "3S", "4S"], ["4H", "3H", "5S"]])
    assert m.score == [2, 0] and m.records[0].info["tricks"] == [0, "tie"]


def test_example_e_x_y_tie():
    m = play(["play 2S", "play 4H", "play 5S", "play 3H", "play KH", "play KS"],
             hands=[["2S", "5S", "KS"], ["4H", "3H", "KH"]])
    assert m.records[0].info["tricks"] == [0, 1, "tie"] and m.score == [2, 0]


def test_tie_tie_then_win():
    m = play(["play 3S", "play 3H", "play 2S", "play 2H", "play 5S", "play KH"],
             hands=[["3S", "2S", "5S"], ["3H", "2H", "KH"]])
    assert m.records[0].info["tricks"] == ["tie", "tie", 1] and m.score == [0, 2]


THREE_TIES = (["play 3S", "play 3H", "play 2S", "play 2H", "play KS", "play KH"],
              [["3S", "2S", "KS"], ["3H", "2H", "KH"]])


def test_example_e_three_ties_dealer_pair():
    m = play(THREE_TIES[0], hands=THREE_TIES[1])
    assert m.score == [0, 2]                                   # dealer is seat 1
    m = play(["play 3H", "play 3S", "play 2H", "play 2S", "play KH", "play KS"],
             hands=THREE_TIES[1], dealer=0)
    assert m.score == [2, 0]                                   # dealer 0: seat 1 was mão


def test_three_ties_none_option():
    m = play(THREE_TIES[0], hands=THREE_TIES[1], options='triple_tie = "none"')
    assert m.score == [0, 0] and m.records[0].ended and m.records[0].points == [0, 0]


def test_three_ties_with_value_raised():
    m = play(["call truco", "accept"] + THREE_TIES[0], hands=THREE_TIES[1])
    assert m.score == [0, 4]


def test_four_player_ties():
    hands = [["3S", "KS", "4S"], ["3H", "JH", "5S"], ["5D", "QD", "4D"], ["6D", "7S", "6S"]]
    # trick 1: 3S (0) and 3H (1) tie
    m = play(["play 3S", "play 3H", "play 5D", "play 6D"], hands=hands, players=4, dealer=3)
    assert m.results == [tm.TIE] and m.to_act == 0
    # partners with the same top class: the first of them wins the trick
    hands = [["3S", "KS", "4S"], ["2H", "JH", "5S"], ["3D", "QD", "4D"], ["6D", "7S", "6S"]]
    m = play(["play 3S", "play 2H", "play 3D", "play 6D"], hands=hands, players=4, dealer=3)
    assert m.results == [0] and m.to_act == 0
    # the highest class is tied across pairs even though a lower card of pair 1 came first
    hands = [["KS", "3S", "4S"], ["3H", "JH", "5S"], ["3D", "QD", "4D"], ["6D", "7S", "6S"]]
    m = play(["play KS", "play 3H", "play 3D", "play 6D"], hands=hands, players=4, dealer=3)
    assert m.results == [tm.TIE] and m.to_act == 0


def test_four_player_trick_winner_leads():
    hands = [["KS", "3S", "4S"], ["3H", "JH", "5S"], ["4D", "QD", "5D"], ["6D", "7S", "6S"]]
    m = play(["play KS", "play 3H", "play 4D", "play 6D"], hands=hands, players=4, dealer=3)
    assert m.results == [1] and m.to_act == 1


# ----- §11 F: mão de dez ----------------------------------------------------------
# Reach 0-10 with dealer 0 (dealers 0, 1, 0): pair 1 scores 6 and 4 from refusals.
TO_0_10 = [(None, ["call truco", "call seis", "call dez", "reject"]),     # dealer 0, mão 1: +6 pair 1
           (None, ["call truco", "call seis", "reject"])]                  # dealer 1, mão 0: +4 pair 1


def test_reaching_mao_de_dez():
    m = play_deals(TO_0_10, dealer=0)
    assert m.score == [0, 10] and m.dealer == 0 and m.deal_index == 2
    assert m.special == tm.MAO_DE_DEZ
    assert m.to_act == 1 and sorted(m.legal_actions()) == ["accept", "reject"]
    report = replay_report(m)
    assert report["to_act"] == 1 and report["deals"][2] ["points"] == [0, 0]
    assert not report["deals"][2]["ended"]
    assert "mão de dez seat=1 team=1" in report["deals"][2]["events"]
    err = illegal(m, "call truco")
    assert err.reason_key == "decision_pending"
    card = m.view(1)["hand"][0]
    illegal(m, f"play {card}")


def test_example_f_mao_de_dez_accept():
    m = play_deals(TO_0_10 + [(None, ["accept"])], dealer=0)
    assert m.value == 4 and m.to_act == 1 and m.phase == tm.PLAY_PHASE
    rng = random.Random(1)
    while m.deal_index == 2:
        legal = m.legal_actions()
        assert not any(a.startswith("call") for a in legal)
        assert all(a.startswith("play") for a in legal)
        for call in ("call truco", "call seis"):
            err = illegal(m, call)
            assert err.reason_key == "no_calls_mao_de_dez"
        m.apply(rng.choice(legal))
    assert sorted(m.records[2].points) in ([0, 0], [0, 4])
    assert sum(m.records[2].points) == 4 or m.records[2].info["how"].startswith("three ties")


def test_example_f_mao_de_dez_reject():
    m = play_deals(TO_0_10 + [(None, ["reject"])], dealer=0)
    assert m.score == [2, 10] and m.records[2].points == [2, 0]
    # it happens again: dealer 1, mão 0 (pair 0), so seat 1 decides again
    assert m.special == tm.MAO_DE_DEZ and m.dealer == 1 and m.to_act == 1


def test_mao_de_dez_won_takes_the_game():
    hands = [["4S", "5S", "6S"], ["4C", "7H", "AS"]]
    m = play_deals(TO_0_10 + [(hands, ["accept", "play 4C", "play 4S", "play 7H", "play 5S"])], dealer=0)
    assert m.finished and m.winner == 1 and m.score == [0, 14]
    assert m.to_act is None and m.legal_actions() == []
    report = replay_report(m)
    assert report["finished"] and report["winner"] == 1 and report["legal"] == []
    assert report["deals"][-1]["ended"] and report["deals"][-1]["points"] == [0, 4]
    assert len(report["deals"]) == 3
    assert "match won winner=1 score=0,14" in report["deals"][-1]["events"]


def test_mao_de_dez_four_players_partners_see_each_other():
    # dealer 0 (mão 1): pair 1 gets 6; dealer 1 (mão 2): pair 1 gets 4 -> 0-10, dealer 2, mão 3
    deals = [(None, ["call truco", "call seis", "call dez", "reject"]),
             (None, ["call truco", "call seis", "reject"])]
    m = play_deals(deals, players=4, dealer=0)
    assert m.score == [0, 10] and m.dealer == 2 and m.to_act == 3       # mão 3 is of pair 1
    for seat in range(4):
        view = m.view(seat)
        if seat % 2 == 1:
            assert view["partner_hand"] == [NAMES[c] for c in m.hands[(seat + 2) % 4]]
        else:
            assert "partner_hand" not in view
    m.apply("accept")
    m.apply(m.legal_actions()[0])
    assert m.view(1)["partner_hand"] == [NAMES[c] for c in m.hands[3]]   # for the whole deal
    assert len(m.view(1)["partner_hand"]) == 2
    seen = m.events_for(1)
    shown = [e for e in seen if e.kind == "partner hand shown"]
    assert [e.seat for e in shown] == [1, 3]
    assert "cards" in shown[0].data and "cards" not in shown[1].data
    assert all("cards" not in e.data for e in m.events_for(0) if e.kind == "partner hand shown")


def test_mao_de_dez_decider_is_first_of_the_pair_from_mao():
    # pair 0 on 10 with mão 1 (pair 1): seat 2 decides
    deals = [(None, ["call truco", "call seis", "call dez", "reject"]),   # dealer 0, mão 1: pair 1 +6
             (None, ["call truco", "call seis", "call dez", "reject"]),   # dealer 1, mão 2: pair 0 +6
             (None, ["call truco", "call seis", "reject"])]               # dealer 2, mão 3: pair 0 +4
    m = play_deals(deals, players=4, dealer=0)
    assert m.score == [10, 6] and m.dealer == 3 and m.mao == 0 and m.to_act == 0
    m.apply("reject")
    assert m.score == [10, 8] and m.mao == 1 and m.to_act == 2


# ----- §11 G: mão de ferro ---------------------------------------------------------
TO_10_10 = [(None, ["call truco", "call seis", "call dez", "reject"]),   # dealer 0, mão 1: pair 1 +6
            (None, ["call truco", "call seis", "call dez", "reject"]),   # dealer 1, mão 0: pair 0 +6
            (None, ["call truco", "call seis", "reject"]),               # dealer 0, mão 1: pair 0 +4
            (None, ["reject"]),                                          # mão de dez: pair 1 +2
            (None, ["reject"])]                                          # again: pair 1 +2 -> 10-10


def test_reaching_mao_de_ferro():
    m = play_deals(TO_10_10, dealer=0)
    assert m.score == [10, 10] and m.special == tm.MAO_DE_FERRO
    assert [r.points for r in m.records[:5]] == [[0, 6], [6, 0], [4, 0], [0, 2], [0, 2]]
    assert m.dealer == 1 and m.to_act == 0                    # mão plays first, no decision


def test_example_g_mao_de_ferro():
    hands = [["4C", "7H", "5S"], ["AS", "4S", "6S"]]
    m = play_deals(TO_10_10 + [(hands, [])], dealer=0)
    assert m.to_act == 0
    assert sorted(m.legal_actions()) == ["play 4C", "play 5S", "play 7H"]
    assert m.value == 2
    err = illegal(m, "call truco")
    assert err.reason_key == "no_calls_mao_de_ferro"
    for action in ["play 4C", "play 4S", "play 7H", "play 6S"]:
        m.apply(action)
    assert m.finished and m.winner == 0 and m.score == [12, 10]
    assert m.records[-1].points == [2, 0]


def test_mao_de_ferro_blind_views():
    hands = [["4C", "7H", "5S"], ["AS", "4S", "6S"]]
    m = play_deals(TO_10_10 + [(hands, [])], dealer=0)
    assert m.blind
    for seat in range(2):
        view = m.view(seat)
        assert view["hand"] == [] and view["blind"] and view["hand_sizes"] == [3, 3]
        text = str(view)
        for card in hands[0] + hands[1]:
            assert f"'{card}'" not in text
        for event in m.events_for(seat):
            assert "cards" not in event.data
    assert m.view(0)["legal"] == ["play #0", "play #1", "play #2"]
    assert m.view(1)["legal"] == []
    m.apply("play #1")                                      # the seat picks by position
    assert m.records[-1].actions == ["play 7H"]             # the record names the card
    assert m.view(0)["trick"] == [[0, "7H"]] and m.view(1)["trick"] == [[0, "7H"]]
    assert m.view(1)["legal"] == ["play #0", "play #1", "play #2"]
    err = illegal(m, "play #3")
    assert err.reason_key == "no_such_position"
    m.apply("play AS")                                      # the replay names the card
    m.apply("play #0")                                      # seat 0 leads again: 4C
    assert m.records[-1].actions == ["play 7H", "play AS", "play 4C"]
    again = play_spec(parse_match_text(match_to_toml(m)))
    assert replay_report(again) == replay_report(m)
    m.apply("play #0")                                      # seat 1: 4S
    assert m.finished and m.winner == 0 and m.score == [12, 10]
    assert m.records[-1].actions[-1] == "play 4S"


def test_mao_de_ferro_not_blind_with_option():
    hands = [["4C", "7H", "5S"], ["AS", "4S", "6S"]]
    m = play_deals(TO_10_10 + [(hands, [])], dealer=0, options="blind_iron_hand = false")
    assert not m.blind and m.view(0)["hand"] == hands[0]
    assert sorted(m.view(0)["legal"]) == ["play 4C", "play 5S", "play 7H"]
    assert "cards" in [e for e in m.events_for(0) if e.kind == "dealt" and e.seat == 0][0].data
    illegal(m, "play #0")


# ----- §11 H: four players -----------------------------------------------------------
def test_example_h_four_players():
    m = play(["call truco"], players=4, dealer=3)
    assert m.to_act == 1 and sorted(m.legal_actions()) == ["accept", "call seis", "reject"]
    m.apply("call seis")
    assert m.to_act == 2 and m.value == 4
    m.apply("accept")
    assert m.value == 6 and m.to_act == 0 and m.last_team == 1
    assert "call dez" in m.legal_actions()                    # pair 0 may, on its play turn
    m.apply(next(a for a in m.legal_actions() if a.startswith("play")))
    assert m.to_act == 1 and not any(a.startswith("call") for a in m.legal_actions())
    err = illegal(m, "call dez")
    assert err.reason_key == "own_call"
    m.apply(next(a for a in m.legal_actions() if a.startswith("play")))
    assert m.to_act == 2 and "call dez" in m.legal_actions()
    m.apply("call dez")
    assert m.to_act == 3 and sorted(m.legal_actions()) == ["accept", "call doze", "reject"]
    m.apply("reject")
    assert m.score == [6, 0]


def test_responder_is_next_seat_after_the_raiser():
    m = play(["play 3S", "call truco"], hands=[["3S", "4S", "5S"], ["3H", "4H", "5H"],
                                               ["3D", "4D", "5D"], ["2C", "6C", "KC"]],
             players=4, dealer=3)
    assert m.caller == 1 and m.to_act == 2
    m.apply("call seis")
    assert m.to_act == 3
    m.apply("call dez")
    assert m.to_act == 0
    m.apply("accept")
    assert m.value == 10 and m.to_act == 1 and m.turn == 1
    assert "call doze" not in m.legal_actions()


def test_events_for_calls_and_answers():
    m = play(["call truco", "call seis", "accept", "play 3S"], hands=HANDS_D)
    events = replay_report(m)["deals"][0]["events"]
    assert events[2:6] == ["called seat=0 call=truco value=4", "accepted seat=1 call=truco value=4",
                           "called seat=1 call=seis value=6", "accepted seat=0 call=seis value=6"]
    view = m.view(1)
    assert view["calls"] == [[0, "call truco"], [1, "call seis"], [0, "accept"]]
    assert view["value"] == 6 and view["last_caller_team"] == 1


def test_views_hide_other_hands():
    m = play([], hands=HANDS_D)
    assert m.view(0)["hand"] == HANDS_D[0] and m.view(1)["hand"] == HANDS_D[1]
    assert "'2C'" not in str(m.view(0)) and "'3S'" not in str(m.view(1))
    assert m.view(1)["legal"] == []
    assert [e.data.get("cards") for e in m.events_for(0) if e.kind == "dealt"] == [HANDS_D[0], None]


def test_match_end_at_twelve_or_more():
    deals = [(None, ["call truco", "call seis", "call dez", "reject"]),     # pair 0 +6 (mão 0)
             (None, ["call truco", "call seis", "call dez", "reject"])]     # pair 1 +6 (mão 1)
    m = play_deals(deals)
    assert m.score == [6, 6]
    m.apply("call truco")
    m.apply("call seis")
    m.apply("call dez")
    m.apply("call doze")
    m.apply("reject")                                       # pair 1 scores 10
    assert m.finished and m.winner == 1 and m.score == [6, 16]
    with pytest.raises(IllegalAction) as err:
        m.apply("accept")
    assert err.value.reason_key == "match_over"


# ----- malformed files ------------------------------------------------------------
@pytest.mark.parametrize("text, fragment", [
    ("players = 3", "played by 2, 4 players"),
    ("players = 6", "played by 2, 4 players"),
    ("dealer = 5", "dealer must be a seat"),
    ("[options]\ntriple_tie = \"nobody\"", "must be one of"),
    ("[options]\nblind_iron_hand = 1", "true or false"),
    ("[options]\ntarget = 24", "unknown option"),
    ('[[deals]]\nhands = [["3S", "2S", "AS"]]', "must list 4 hands"),
    ('players = 2\n[[deals]]\nhands = [["3S", "2S", "AS"], ["3H", "2H"]]', "must hold 3 cards"),
    ('players = 2\n[[deals]]\nhands = [["3S", "2S", "AS", "KS"], ["3H", "2H", "AH"]]', "must hold 3 cards"),
    ('players = 2\n[[deals]]\nhands = [["3S", "2S", "AS"], ["3S", "2H", "AH"]]', "dealt twice"),
    ('players = 2\n[[deals]]\nhands = [["10S", "2S", "AS"], ["3H", "2H", "AH"]]', "unknown card"),
    ('players = 2\n[[deals]]\nhands = [["8C", "2S", "AS"], ["3H", "2H", "AH"]]', "unknown card"),
    ('players = 2\n[[deals]]\nhands = [["1E", "2S", "AS"], ["3H", "2H", "AH"]]', "unknown card"),
    ('players = 2\n[[deals]]\nhands = [["3S", "2S", "AS"], ["3H", "2H", "AH"]]\nstock = []', "unknown key"),
    ('players = 2\n[[deals]]\nhands = "3S 2S AS"', "must list 2 hands"),
    ('players = 2\n[[deals]]\nactions = "play 3S"', "list of strings"),
    ("game = ", "not valid TOML"),
    ('game = "truco_brasileiro"', "unknown game"),
])
def test_malformed_files(text, fragment):
    base = 'game = "truco_mineiro"\n' if not text.startswith("game") else ""
    with pytest.raises(MatchFileError) as err:
        parse_match_text(base + text)
    assert fragment in str(err.value)


@pytest.mark.parametrize("actions, index, reason", [
    (["play 2C"], 0, "seat 0 does not hold 2C"),
    (["call seis"], 0, "calls go one step at a time: the next is truco"),
    (["call truco", "play 3S"], 1, "answer the truco first"),
    (["accept"], 0, "there is no call to answer"),
    (["call truco", "call dez"], 1, "the only raise now is seis"),
    (["call truco", "accept", "play 3S", "call truco"], 3, "calls go one step at a time: the next is seis"),
    (["play 10H"], 0, "not a Truco Mineiro action"),
    (["fold"], 0, "not a Truco Mineiro action"),
    (["play #0"], 0, "cards are face up"),
])
def test_illegal_actions_in_files(actions, index, reason):
    with pytest.raises(ReplayError) as err:
        play(actions, hands=HANDS_D)
    text = str(err.value)
    assert text.startswith(f"deal 0 action {index}: '{actions[index]}' is not legal (")
    assert reason in text and "; legal: " in text


def test_actions_past_the_deal_end():
    with pytest.raises(ReplayError) as err:
        play(["call truco", "reject", "play 3S"], hands=HANDS_D)
    assert str(err.value).startswith("deal 0 action 2: 'play 3S' is not legal (deal 0 is over")


# ----- property tests ---------------------------------------------------------------
OPTION_SETS = [
    {},
    {"triple_tie": "none"},
    {"blind_iron_hand": False},
    {"triple_tie": "none", "blind_iron_hand": False},
]
ALL_ACTIONS = list(tm.ACTIONS) + ["play #0", "play #2", "play #5", "fold", "call retruco"]


def card_places(m):
    places = [c for h in m.hands for c in h] + list(m.trick) + list(m.stock)
    places += [c for cards, _, _ in m.history for c in cards]
    return places


def hidden_from(m, seat):
    """The cards ``seat`` may not know now: the other hands (bar the mão-de-dez
    partner's), its own in a blind hand, the undealt cards."""
    n = m.players
    hidden = {NAMES[c] for c in m.stock}
    for other in range(n):
        if other == seat and not m.blind:
            continue
        if (m.special == tm.MAO_DE_DEZ and n == 4 and other == (seat + 2) % 4
                and seat % 2 == m.dez_team):
            continue
        hidden.update(NAMES[c] for c in m.hands[other])
    return hidden


def check_privacy(m):
    n = m.players
    for seat in range(n):
        view = m.view(seat)
        hidden = hidden_from(m, seat)
        text = str(view)
        events = str([e.data for e in m.events_for(seat)])
        for card in hidden:
            assert f"'{card}'" not in text and f"play {card}" not in text, (seat, card)
            assert f"'{card}'" not in events, (seat, card)
        assert view["hand"] == ([] if m.blind else [NAMES[c] for c in m.hands[seat]])
        partner = (seat + 2) % 4
        if m.special == tm.MAO_DE_DEZ and n == 4 and seat % 2 == m.dez_team:
            assert view["partner_hand"] == [NAMES[c] for c in m.hands[partner]]
        else:
            assert "partner_hand" not in view


def check_scoring(m, index, before):
    rec = m.records[index]
    delta = [a - b for a, b in zip(m.score, before)]
    assert delta == rec.points
    kinds = [e.kind for e in rec.events]
    refused = [e for e in rec.events if e.kind == "refused"]
    special = rec.info["special"]
    if refused:                                  # a refused call: the value before it, nothing else
        e = refused[0]
        step = tm.STEP_NAMES.index(e.data["call"])
        caller_team = 1 - e.seat % 2
        assert rec.points[caller_team] == tm.REFUSED[step] and rec.points[1 - caller_team] == 0
        assert rec.info["value"] == tm.VALUES[step - 1]          # the refused call changed nothing
        assert kinds[-1] == "deal scored" or kinds[-2:] == ["deal scored", "match won"]
        assert special is None
    elif special == "mão de dez":
        decision = [e for e in rec.events if e.kind == "mão de dez decision"][0]
        if decision.data["choice"] == "reject":
            assert rec.points[1 - decision.data["team"]] == 2 and sum(rec.points) == 2
            assert "played" not in kinds
        else:
            assert sum(rec.points) in (0, 4) and "called" not in kinds
    elif special == "mão de ferro":
        assert sum(rec.points) in (0, 2) and "called" not in kinds
    else:
        assert sum(rec.points) in (0, rec.info["value"])
    assert all(p % 2 == 0 for p in m.score)


def blind_position_ok(m, action):
    if not (m.blind and action.startswith("play #")):
        return False
    pos = action[6:]
    return pos.isdigit() and int(pos) < len(m.hands[m.turn])


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_legal_deals_keep_invariants(players, options):
    rng = random.Random(players * 100 + OPTION_SETS.index(options))
    deals = 0
    match_no = 0
    specials = {None: 0, "mão de dez": 0, "mão de ferro": 0}
    while deals < 300:
        m = Match(players, match_no % players, 500 + match_no, options)
        match_no += 1
        step = 0
        while not m.finished:
            step += 1
            assert sorted(card_places(m)) == list(range(40))
            legal = m.legal_actions()
            assert legal and m.to_act is not None
            assert len(set(legal)) == len(legal)
            check_privacy(m)
            bad = rng.choice([a for a in ALL_ACTIONS if a not in legal
                              and not blind_position_ok(m, a)])
            before = snapshot(m)
            with pytest.raises(IllegalAction):
                m.apply(bad)
            assert snapshot(m) == before
            for call in tm.CALL[1:]:                  # no call outside the legal list passes
                if call not in legal:
                    with pytest.raises(IllegalAction):
                        m.apply(call)
            assert snapshot(m) == before
            if step % 11 == 0:                           # every legal action applies on a clone
                before = snapshot(m)
                for action in legal:
                    m.clone().apply(action)
                assert snapshot(m) == before
            index = m.deal_index
            score = list(m.score)
            if m.blind and rng.random() < 0.5:
                view_legal = m.view(m.to_act)["legal"]
                assert view_legal == [f"play #{i}" for i in range(len(m.hands[m.turn]))]
                m.apply(rng.choice(view_legal))
            else:
                m.apply(rng.choice(legal))
            if m.deal_index != index or m.finished:
                deals += 1
                specials[m.records[index].info["special"]] += 1
                check_scoring(m, index, score)
        assert m.winner in (0, 1) and m.score[m.winner] >= 12 and m.score[1 - m.winner] < 12
    assert specials["mão de dez"] > 0 and specials["mão de ferro"] > 0


def test_save_and_replay_gives_same_state():
    rng = random.Random(9)
    for n in range(60):
        players = 2 if n % 2 else 4
        m = Match(players, n % players, n, OPTION_SETS[n % len(OPTION_SETS)])
        for _ in range(rng.randrange(1, 120)):
            if m.finished:
                break
            m.apply(rng.choice(m.legal_actions()))
        again = play_spec(parse_match_text(match_to_toml(m)))
        assert replay_report(again) == replay_report(m)
        assert [again.view(s) for s in range(players)] == [m.view(s) for s in range(players)]


def test_clone_is_independent():
    rng = random.Random(4)
    m = Match(4, 0, 3)
    for _ in range(200):
        if m.finished:
            break
        c = m.clone()
        before = snapshot(m)
        while not c.finished and c.deal_index == m.deal_index:
            c.apply(rng.choice(c.legal_actions()))
        assert snapshot(m) == before
        m.apply(rng.choice(m.legal_actions()))


def test_shuffled_deal_goes_round_from_the_seat_after_the_dealer():
    from game.engine.cards import deal_rng
    m = Match(4, 2, 77)
    cards = list(range(40))
    deal_rng(77, 0).shuffle(cards)
    assert m.hands[3] == [cards[0], cards[4], cards[8]]
    assert m.hands[2] == [cards[3], cards[7], cards[11]]
    assert sorted(m.stock) == sorted(cards[12:])
