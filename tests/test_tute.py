"""Tute: every worked example of rules/tute.md §10, the rules around them,
malformed match files, and random-legal property tests for 2, 3 and 4 players."""
import random
from collections import Counter

import pytest
import tomli_w

from game.engine.cards import deal_rng
from game.engine.errors import IllegalAction, MatchFileError
from game.engine.matchfile import (ReplayError, match_to_toml, parse_match_text, play_spec,
                                   replay_report)
from game.games import tute
from game.games.tute import DECK, NAMES, POINTS, Match

SIZE = {2: 8, 3: 13, 4: 10}
ALL = list(NAMES)


def fill(players, given, trump, ok=None, stock_key=None):
    """Complete partial hands: each seat gets the given cards plus the first
    remaining cards its ``ok[seat](card)`` accepts (most constrained seats
    first). 2 players: the rest is the stock, ordered by ``stock_key``."""
    ok = ok or {}
    used = {trump} if players != 4 else set()
    for hand in given:
        used.update(hand)
    rest = [c for c in ALL if c not in used]
    hands = [list(h) for h in given]
    for seat in sorted(range(players), key=lambda s: s not in ok):
        accept = ok.get(seat, lambda c: True)
        for card in list(rest):
            if len(hands[seat]) == SIZE[players]:
                break
            if accept(card):
                hands[seat].append(card)
                rest.remove(card)
        assert len(hands[seat]) == SIZE[players], f"cannot fill seat {seat}"
    if players == 2:
        return hands, sorted(rest, key=stock_key) if stock_key else rest
    assert not rest
    return hands, None


def text(players, hands, trump, actions=(), dealer=None, options=None, stock=None, seed=5,
         more=()):
    deal = {"hands": hands, "trump": trump}
    if stock is not None:
        deal["stock"] = stock
    deal["actions"] = list(actions)
    data = {"game": "tute", "players": players,
            "dealer": dealer if dealer is not None else players - 1, "seed": seed,
            "options": options or {}, "deals": [deal, *more]}
    return tomli_w.dumps(data)


def build(players, hands, trump, actions=(), **kw):
    return play_spec(parse_match_text(text(players, hands, trump, actions, **kw)))


def no(*suits, ranks=()):
    """A filler filter: no card of these suits or ranks."""
    return lambda c: c[-1] not in suits and c[:-1] not in ranks


def plays(m):
    return sorted(a for a in m.legal_actions() if a.startswith("play "))


# ----- §10 worked examples (4 players, dealer 3, trump oros) -------------------------
def four(given, trump=None, ok=None, actions=()):
    trump = trump or given[3][-1]                 # the dealer (seat 3) holds the trump card
    hands, _ = fill(4, given, trump, ok)
    return build(4, hands, trump, actions, dealer=3)


def test_example_1_must_beat():
    m = four([["3C"], ["1C", "12C", "5C", "7O"], [], ["2O"]], ok={1: no("C")},
             actions=["play 3C"])
    assert m.to_act == 1 and m.legal_actions() == ["play 1C"]
    m = four([["3C"], ["12C", "5C", "7O"], ["1C"], ["2O"]], ok={1: no("C")},
             actions=["play 3C"])
    assert plays(m) == ["play 12C", "play 5C"]
    with pytest.raises(IllegalAction) as err:
        m.apply("play 7O")
    assert err.value.reason_key == "must_follow"


def test_example_2_trump_and_overtrump():
    m = four([["3C"], ["5O"], ["4O", "7O", "1E"], ["2O"]], ok={1: no("C"), 2: no("C", "O")},
             actions=["play 3C"])
    oros = sorted("play " + c for c in m.view(1)["hand"] if c.endswith("O"))
    assert plays(m) == oros                                   # any oro
    m.apply("play 5O")
    assert m.legal_actions() == ["play 7O"]                   # the only overtrump
    with pytest.raises(IllegalAction) as err:
        m.apply("play 4O")
    assert err.value.reason_key == "must_overtrump"
    m = four([["3C"], ["5O"], ["4O", "2O", "1E"], ["6O"]], ok={1: no("C"), 2: no("C", "O")},
             actions=["play 3C", "play 5O"])
    assert plays(m) == sorted("play " + c for c in m.view(2)["hand"])   # cannot overtrump: any
    m = four([["3C"], ["5O"], ["10C", "1C", "6O"], ["2O"]], ok={1: no("C"), 2: no("C")},
             actions=["play 3C", "play 5O"])
    assert plays(m) == ["play 10C", "play 1C"]                # trumped: follow, no need to beat


def test_example_3_trick_winner():
    m = four([["3C"], ["5O"], ["7O"], ["1C", "2O"]], ok={1: no("C"), 2: no("C")},
             actions=["play 3C", "play 5O", "play 7O", "play 1C"])
    cards, seats, winner, points = m.history[-1]
    assert winner == 2 and points == 10 + 0 + 0 + 11 == 21
    assert m.points == [21, 0]


EX4 = ["play 2E", "play 4E", "play 1E", "play 5E"]     # seat 2 wins with 1E
EX4_OK = {0: no(ranks=("11", "12")), 2: no(ranks=("11", "12"))}   # no other pairs for team 0


def test_example_4_window_with_partner():
    m = four([["2E", "12C", "11C"], ["4E"], ["1E"], ["5E", "6O"]], ok=EX4_OK, actions=EX4)
    assert m.to_act == 0 and m.legal_actions() == ["sing 20 C", "pass"]
    assert m.view(0)["window"] == 0
    m.apply("sing 20 C")
    assert m.points == [11 + 20, 0]
    assert m.to_act == 2 and m.phase == tute.PLAY_PHASE        # the trick winner leads
    # passing closes the window too
    m = four([["2E", "12C", "11C"], ["4E"], ["1E"], ["5E", "6O"]], ok=EX4_OK,
             actions=EX4 + ["pass"])
    assert m.to_act == 2 and m.points == [11, 0]


def test_example_4_winner_first_and_cuarenta_withholds_veinte():
    m = four([["2E", "12C", "11C"], ["4E"], ["1E", "12O", "11O", "12B", "11B"], ["5E", "6O"]],
             ok=EX4_OK, actions=EX4)
    assert m.to_act == 2 and m.legal_actions() == ["sing 40", "pass"]
    with pytest.raises(IllegalAction) as err:
        m.apply("sing 20 B")
    assert err.value.reason_key == "cuarenta_first"
    m.apply("pass")                                            # then the partner is asked
    assert m.to_act == 0 and m.legal_actions() == ["sing 20 C", "pass"]
    m.apply("pass")
    assert m.to_act == 2 and m.phase == tute.PLAY_PHASE


def test_4p_one_declaration_per_trick():
    m = four([["2E", "12B", "11B"], ["4E"], ["1E", "12C", "11C"], ["5E", "6O"]], ok=EX4_OK,
             actions=EX4)
    assert m.to_act == 2 and m.legal_actions() == ["sing 20 C", "pass"]
    m.apply("sing 20 C")
    assert m.to_act == 2 and m.phase == tute.PLAY_PHASE        # seat 0 is not asked
    assert m.points == [31, 0]


def test_4p_trump_card_stays_in_dealer_hand_and_is_public():
    m = four([["3C"], [], [], ["7O"]], trump="7O")
    assert "7O" in m.view(3)["hand"]
    for seat in range(4):
        v = m.view(seat)
        assert v["trump_card"] == "7O" and v["trump_suit"] == "O" and v["stock_size"] == 0
    report = replay_report(m)
    assert report["trump"] == "7O" and report["stock_size"] == 0
    assert report["score"] == [0, 0] and report["deals"][0]["points"] == [0, 0]


def test_tute_ends_the_deal_4p():
    m = four([["2E"], ["4E"], ["1E", "12O", "12C", "12E", "12B"], ["5E", "6O"]],
             ok={0: no(ranks=("11",)), 2: no(ranks=("11",))}, actions=EX4)
    assert m.to_act == 2 and m.legal_actions() == ["sing tute", "pass"]
    m.apply("sing tute")
    assert m.deal_index == 1 and m.score == [1, 0]
    rec = m.records[0]
    assert rec.ended and rec.points == [11, 0] and rec.info["tute"] == 2
    assert rec.info["deal_winner"] == 0
    assert m.dealer == 0                                        # the deal passes on


def test_tute_of_knights_3p_wins_whatever_the_points():
    # dealer 2, mano 0; seat 1 wins the first trick and holds the four knights
    hands, _ = fill(3, [["2E"], ["1E", "11O", "11C", "11E", "11B"], ["3E"]], "4B",
                    ok={1: no(ranks=("12",))})
    m = build(3, hands, "4B", ["pass"] if _exchange_holder(hands, "4B") is not None else [],
              dealer=2)
    m.apply("play 2E")
    m.apply("play 1E")
    m.apply("play 3E")
    assert m.to_act == 1 and "sing tute" in m.legal_actions()
    m.apply("sing tute")
    assert m.score == [0, 1, 0] and m.records[0].points == [0, 21, 0]


def _exchange_holder(hands, trump):
    card = tute.exchange_card(DECK.card(trump))
    if card is None:
        return None
    return next(s for s, h in enumerate(hands) if NAMES[card] in h)


# ----- example 5: three players, exchange --------------------------------------------
@pytest.mark.parametrize("faceup, card", [("5E", "2E"), ("11E", "7E")])
def test_example_5_exchange(faceup, card):
    hands, _ = fill(3, [[], [], [card]], faceup)
    m = build(3, hands, faceup, dealer=2)
    assert m.to_act == 2 and m.legal_actions() == ["exchange", "pass"]
    with pytest.raises(IllegalAction):
        m.apply("play " + hands[2][1])
    m.apply("exchange")
    assert faceup in m.view(2)["hand"] and card not in m.view(2)["hand"]
    assert m.faceup == DECK.card(card) and m.view(0)["trump_card"] == card
    assert m.to_act == 0 and m.legal_actions() == ["play " + c for c in m.view(0)["hand"]]
    m2 = build(3, hands, faceup, ["pass"], dealer=2)
    assert m2.to_act == 0 and faceup not in m2.view(2)["hand"]


def test_example_5_no_exchange_for_the_two_or_when_off():
    hands, _ = fill(3, [[], [], []], "2E")
    m = build(3, hands, "2E", dealer=2)
    assert m.to_act == 0 and all(a.startswith("play ") for a in m.legal_actions())
    hands, _ = fill(3, [[], [], ["2E"]], "5E")
    m = build(3, hands, "5E", dealer=2, options={"exchange": False})
    assert m.to_act == 0 and all(a.startswith("play ") for a in m.legal_actions())


def test_3p_cuarenta_before_veinte_then_veinte_later():
    # seat 0 (mano) wins two tricks with the aces of espadas and bastos
    hands, _ = fill(3, [["1E", "1B", "12O", "11O", "12C", "11C"], ["2E", "2B"], ["4E", "4B"]],
                    "5O", ok={0: no(ranks=("11", "12"))})
    pre = ["pass"] if _exchange_holder(hands, "5O") is not None else []
    m = build(3, hands, "5O", pre + ["play 1E", "play 2E", "play 4E"], dealer=2)
    assert m.to_act == 0 and m.legal_actions() == ["sing 40", "pass"]
    m.apply("sing 40")
    assert m.points[0] == 11 + 40
    assert m.to_act == 0 and m.phase == tute.PLAY_PHASE
    for a in ["play 1B", "play 2B", "play 4B"]:
        m.apply(a)
    assert m.legal_actions() == ["sing 20 C", "pass"]


# ----- example 6/7: two players, stock phase and exchange -----------------------------
def test_example_6_stock_phase_obligations():
    hands, stock = fill(2, [["1C", "4B"], ["2B", "1B", "3C"]], "6B", ok={1: no("B")})
    m = build(2, hands, "6B", ["play 1C"], dealer=1, stock=stock)
    assert m.to_act == 1 and plays(m) == sorted("play " + c for c in hands[1])
    m = build(2, hands, "6B", ["play 4B"], dealer=1, stock=stock)
    assert plays(m) == ["play 1B", "play 2B"]
    with pytest.raises(IllegalAction) as err:
        m.apply("play 3C")
    assert err.value.reason_key == "answer_trump"
    m = build(2, hands, "6B", ["play 4B"], dealer=1, stock=stock,
              options={"stock_rule": "free"})
    assert plays(m) == sorted("play " + c for c in hands[1])


def _kk_last(card):
    return card[:-1] in ("12", "11")


def test_example_7_two_player_exchange():
    hands, stock = fill(2, [["1E", "3E", "4C"], ["2E", "4E", "1C", "7O", "12C", "11C"]], "1O",
                        ok={0: no(ranks=("12", "11", "7")), 1: no(ranks=("12", "11"))},
                        stock_key=_kk_last)
    m = build(2, hands, "1O", ["play 1E", "play 2E", "play 3E", "play 4E", "play 4C", "play 1C"],
              dealer=1, stock=stock)
    assert len(m.history) == 3 and m.history[-1][2] == 1
    assert m.to_act == 1 and sorted(m.legal_actions()) == ["exchange", "pass", "sing 20 C"]
    m.apply("exchange")
    v = m.view(1)
    assert "1O" in v["hand"] and "7O" not in v["hand"]
    assert v["trump_card"] == "7O" and m.faceup_on_table and m.view(0)["exchanged"]["took"] == "1O"
    assert m.legal_actions() == ["sing 20 C", "pass"]          # one cante may still follow
    m.apply("sing 20 C")
    assert m.to_act == 1 and m.phase == tute.PLAY_PHASE and m.score == [10 + 11, 11 + 20]
    # the exchange card is the last card of the stock: the loser of trick 12 draws it
    stock_left = m.stock_size()
    assert stock_left == 24 - 6 and m.stock and m.faceup == DECK.card("7O")


def test_2p_no_exchange_before_first_trick_and_only_once():
    hands, stock = fill(2, [["1E"], ["2E", "7O"]], "1O", ok={0: no(ranks=("12", "11", "7"))},
                        stock_key=_kk_last)
    m = build(2, hands, "1O", dealer=1, stock=stock)
    assert "exchange" not in m.legal_actions()
    with pytest.raises(IllegalAction) as err:
        m.apply("exchange")
    assert err.value.reason_key == "no_window"


def test_2p_both_cantes_offered_but_one_per_trick():
    hands, stock = fill(2, [["2E"], ["1E", "12C", "11C", "12O", "11O"]], "4B",
                        ok={0: no(ranks=("12", "11")), 1: no(ranks=("12", "11", "2"))},
                        stock_key=_kk_last)
    m = build(2, hands, "4B", ["play 2E", "play 1E"], dealer=1, stock=stock)
    assert sorted(m.legal_actions()) == ["pass", "sing 20 C", "sing 20 O"]
    m.apply("sing 20 O")
    assert m.to_act == 1 and m.phase == tute.PLAY_PHASE       # window closed
    assert m.view(0)["cantes"] == [{"seat": 1, "kind": "20", "suit": "O"}]


def test_2p_stock_top_first_and_draw_order():
    hands, stock = fill(2, [["1E"], ["2E"]], "4B")
    m = build(2, hands, "4B", ["play 1E", "play 2E"], dealer=1, stock=stock)
    assert stock[0] in m.view(0)["hand"] and stock[1] in m.view(1)["hand"]   # winner first
    assert m.stock_size() == 22 and m.view(1)["stock_size"] == 22
    assert replay_report(m)["stock_size"] == 22


def test_2p_stock_omitted_is_shuffled_from_the_seed():
    hands, _ = fill(2, [[], []], "4B")
    m = build(2, hands, "4B", dealer=1, seed=77)
    rest = [c for c in range(40) if NAMES[c] not in hands[0] + hands[1] + ["4B"]]
    deal_rng(77, 0).shuffle(rest)
    assert m.records[0].setup["stock"] == [NAMES[c] for c in rest]
    saved = match_to_toml(m)
    again = play_spec(parse_match_text(saved))
    assert replay_report(again) == replay_report(m)
    # scripting the deal does not move the shuffle of deal 1
    plain = Match(2, 1, 77, {}, None, True)
    assert plain.records[0].setup != m.records[0].setup


def test_late_cantes_off():
    hands, stock = fill(2, [[], []], "4B")
    m = Match(2, 1, 3, {"late_cantes": False, "capote": False}, None, True)
    rng = random.Random(4)
    while not m.finished and m.deal_index == 0:
        if m.phase == tute.WINDOW and not m.stock_size():
            assert not any(a.startswith("sing") for a in m.legal_actions())
        m.apply(rng.choice(m.legal_actions()))


# ----- example 8: two players, game to 101 ---------------------------------------------
DEAL1_HANDS = [["11O", "3O", "2B", "1B", "12E", "12C", "6E", "11E"],
               ["2O", "5C", "7E", "2C", "5B", "3B", "6O", "6B"]]
DEAL1_STOCK = ["1C", "7B", "5E", "10C", "10E", "4C", "1O", "2E", "6C", "4B", "4E", "10O", "12O",
               "12B", "7C", "7O", "3E", "10B", "3C", "1E", "11C", "4O", "5O"]
DEAL1_ACTIONS = [
    "play 2B", "play 6B", "play 3B", "play 7B", "play 6O", "play 12C", "play 5C", "play 1B",
    "sing 20 E", "play 12E", "play 7E", "play 4C", "play 10E", "play 6C", "play 1C", "play 10O",
    "play 10C", "play 5E", "play 11O", "play 2E", "play 7O", "play 5B", "play 12B", "play 10B",
    "play 4B", "pass", "play 1O", "play 2O", "play 6E", "play 3E", "play 3C", "play 11C",
    "play 7C", "play 1E", "play 2C", "play 3O", "play 12O", "play 5O", "play 11B", "play 4E",
    "play 4O", "play 11E"]


def example_8(deal2_actions):
    hands2, stock2 = fill(2, [["10C"], ["11C"]], "4O")
    deal2 = {"hands": hands2, "trump": "4O", "stock": stock2, "actions": deal2_actions}
    return build(2, DEAL1_HANDS, "11B", DEAL1_ACTIONS, dealer=1, stock=DEAL1_STOCK, seed=81,
                 more=[deal2])


def test_example_8_deal_one_then_immediate_win():
    m = example_8([])
    assert m.records[0].ended and m.records[0].points == [54, 96]
    assert not m.finished and m.score == [54, 96] and m.deal_index == 1
    assert m.dealer == 1 and m.to_act == 0            # seat 1 won the last trick and deals
    report = replay_report(m)
    assert report["deals"][1]["points"] == [0, 0] and not report["deals"][1]["ended"]
    m = example_8(["play 10C", "play 11C"])           # seat 1 wins 3 + 2 = 5: 101
    assert m.finished and m.winner == 1 and m.score == [54, 101]
    report = replay_report(m)
    assert report["finished"] and report["winner"] == 1 and report["to_act"] is None
    assert report["legal"] == [] and report["deals"][1] == {**report["deals"][1], "ended": True,
                                                            "points": [0, 5]}
    assert len(report["deals"]) == 2


def _play_deal(m, rng):
    index = m.deal_index
    while not m.finished and m.deal_index == index:
        m.apply(rng.choice(m.legal_actions()))


def test_deal_one_counted_only_at_its_end():
    for seed in range(30):
        m = Match(2, seed % 2, seed, {"target": 60, "capote": False}, None, True)
        rng = random.Random(seed)
        while m.deal_index == 0 and not m.finished:
            assert not m.finished
            m.apply(rng.choice(m.legal_actions()))
        assert m.finished and m.deal_index == 0 and m.tricks_done == 20
        s = m.score
        last = m.history[-1][2]
        assert m.winner == (last if s[0] == s[1] else s.index(max(s)))


def test_deal_one_tie_goes_to_last_trick_winner():
    found = 0
    for seed in range(3000):
        m = Match(2, 0, seed, {"target": 1, "capote": False}, None, False)
        _play_deal(m, random.Random(seed))
        if m.score[0] == m.score[1]:
            assert m.winner == m.history[-1][2]
            found += 1
            if found == 2:
                break
    assert found == 2


def test_deal_two_wins_at_once_and_low_target_deals_continue():
    ended_early = 0
    for seed in range(40):
        m = Match(2, 0, seed, {"target": 150, "capote": False}, None, True)
        rng = random.Random(seed)
        _play_deal(m, rng)
        if m.finished:                 # 150 reached in deal 1 (cantes): counted at its end
            assert m.tricks_done == 20
            continue
        while not m.finished:
            assert max(m.score) < 150
            m.apply(rng.choice(m.legal_actions()))
        assert m.deal_index >= 1 and max(m.score) >= 150 and m.winner == m.score.index(max(m.score))
        ended_early += m.tricks_done < 20
    assert ended_early > 15
    m = Match(2, 0, 1, {"target": 400, "capote": False}, None, True)
    rng = random.Random(1)
    for _ in range(2):
        _play_deal(m, rng)
    assert m.deal_index == 2 and not m.finished          # deal 2 ended below the target
    for rec, nxt in zip(m.records, m.records[1:]):
        last = [e.seat for e in rec.events if e.kind == "trick won"][-1]
        assert rec.ended and nxt.dealer == last           # the last trick winner deals


# ----- capote ---------------------------------------------------------------------------
def capote_match(seat0, seat1, draw0):
    """2 players, dealer 1: seat 0 leads every trick of the stock phase with
    its best blanca-or-ace and seat 1 always loses, so seat 0 wins tricks 1-12
    and keeps its oros for the end."""
    used = set(seat0) | set(seat1) | {"4O"}
    rest = [c for c in ALL if c not in used and not c.endswith("O")]
    draws0 = rest[:12 - len(draw0)] + list(draw0)        # the oros come last
    draws1 = rest[12 - len(draw0):]
    assert len(draws1) == 11
    stock = []
    for k in range(11):
        stock += [draws0[k], draws1[k]]
    stock.append(draws0[11])
    m = build(2, [seat0, seat1], "4O", dealer=1, stock=stock)
    sung = False
    while m.tricks_done < 12:
        if m.phase == tute.WINDOW:
            m.apply("sing 40" if "sing 40" in m.legal_actions() and not sung else "pass")
            sung = True
            continue
        if m.to_act == 0:
            hand = [DECK.card(c) for c in m.view(0)["hand"]]
            lead = min((c for c in hand if c // 10 != 0), key=lambda c: c % 10)
            m.apply("play " + NAMES[lead])
        else:
            led = m.trick[0]
            losing = [DECK.card(a[5:]) for a in m.legal_actions()
                      if DECK.card(a[5:]) // 10 != 0 and not (DECK.card(a[5:]) // 10 == led // 10
                                                            and DECK.card(a[5:]) < led)]
            m.apply("play " + NAMES[max(losing, key=lambda c: (c // 10 != led // 10, c % 10))])
        assert not m.finished
    assert [h[2] for h in m.history] == [0] * 12
    return m


def test_capote_won():
    m = capote_match(["1O", "3O", "12O", "11O", "1C", "1E", "1B", "3C"],
                     ["2O", "2C", "4C", "5C", "6C", "7C", "2E", "4E"], ["10O", "7O", "6O", "5O"])
    assert m.to_act == 0 and m.legal_actions() == ["capote", "pass"]   # open with no cante
    assert sorted(m.view(0)["hand"]) == sorted(["1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O"])
    m.apply("capote")
    assert m.capote == 0 and m.phase == tute.PLAY_PHASE and m.to_act == 0
    while not m.finished:
        if m.to_act == 0:
            m.apply("play " + m.view(0)["hand"][0])               # strongest oro first
        else:
            m.apply(m.legal_actions()[0])
    assert m.winner == 0 and m.tricks_done == 20
    rec = m.records[-1]
    assert rec.ended and rec.info["capote_result"] == "won"
    assert sum(rec.points) == 130 + 40
    kinds = [e.kind for e in rec.events]
    assert "capote announced" in kinds and "capote won" in kinds


def test_capote_lost_ends_the_match_at_once():
    m = capote_match(["3O", "12O", "11O", "10O", "1C", "1E", "1B", "3C"],
                     ["1O", "2O", "4C", "5C", "6C", "7C", "2E", "4E"], ["7O", "6O", "5O"])
    assert m.legal_actions() == ["capote", "pass"]
    m.apply("capote")
    m.apply("play 3O")
    assert m.legal_actions() == ["play 1O"]                      # must beat
    m.apply("play 1O")
    assert m.finished and m.winner == 1 and m.tricks_done == 13
    assert m.score[0] > m.score[1]                                # capote overrides points
    assert m.records[-1].info["capote_result"] == "lost"
    assert replay_report(m)["winner"] == 1


def test_capote_off_no_window_after_trick_12():
    m = Match(2, 0, 9, {"capote": False}, None, False)
    rng = random.Random(9)
    while not m.finished and m.deal_index == 0:
        assert "capote" not in m.legal_actions()
        m.apply(rng.choice(m.legal_actions()))


# ----- example 9 and ties (3 players) ----------------------------------------------------
EX9_HANDS = [["4B", "1O", "4E", "4O", "11E", "5E", "6B", "11O", "11C", "1C", "12B", "10E", "2E"],
             ["7O", "7E", "2B", "6O", "11B", "12C", "5O", "5C", "2O", "2C", "1B", "7B", "12E"],
             ["3O", "7C", "3C", "3B", "4C", "10B", "6E", "3E", "12O", "5B", "10C", "6C", "1E"]]
EX9_ACTIONS = [
    "exchange", "play 2E", "play 7E", "play 1E", "play 12O", "play 1O", "play 2O", "play 6B",
    "play 1B", "play 10B", "play 12C", "play 3C", "play 1C", "play 11O", "play 6O", "play 3O",
    "play 5B", "play 12B", "play 11B", "play 4O", "play 10O", "play 6E", "play 5C", "play 7C",
    "play 11C", "play 4B", "play 7B", "play 3B", "play 4C", "play 4E", "play 2C", "play 3E",
    "play 10E", "play 12E", "play 6C", "play 5E", "play 5O", "play 2B", "play 10C", "play 11E"]


def test_example_9_tie_to_the_later_trick_winner():
    m = build(3, EX9_HANDS, "10O", EX9_ACTIONS, dealer=2, seed=10362)
    rec = m.records[0]
    assert rec.ended and rec.points == [50, 30, 50]
    winners = [e.seat for e in rec.events if e.kind == "trick won"]
    assert winners[-1] == 1                                       # the 30 won the last trick
    assert max(i for i, w in enumerate(winners) if w == 2) > max(i for i, w in enumerate(winners)
                                                                 if w == 0)
    assert m.score == [0, 0, 1] and rec.info["deal_winner"] == 2
    assert sum(rec.points) == 130 - POINTS[DECK.card("7O")]       # the dead card is the 7O
    assert m.deal_index == 1 and m.dealer == 0


def test_4p_tie_goes_to_last_trick_team():
    found = 0
    for seed in range(2000):
        m = Match(4, 0, seed, {"wins": 1}, None, False)
        _play_deal(m, random.Random(seed))
        if m.tute is None and m.points[0] == m.points[1]:
            assert m.winner == m.history[-1][2] % 2
            found += 1
            if found == 2:
                break
    assert found == 2


# ----- match files: malformed cases -------------------------------------------------
def _good(players):
    """A well-formed deal for dealer ``players - 1``."""
    hands, stock = fill(players, [[]] * players, "4O")
    if players == 4:
        trump = hands[3][0]                       # a card of the dealer's (seat 3) hand
        return {"hands": hands, "trump": trump}, trump
    entry = {"hands": hands, "trump": "4O"}
    if players == 2:
        entry["stock"] = stock
    return entry, "4O"


def _file(players, entry, dealer=None):
    data = {"game": "tute", "players": players, "dealer": players - 1 if dealer is None else dealer,
            "seed": 1, "deals": [entry]}
    return tomli_w.dumps(data)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_good_files_parse(players):
    entry, _ = _good(players)
    m = play_spec(parse_match_text(_file(players, entry)))
    assert m.records[0].setup["hands"] == entry["hands"]


def _mutations(players):
    entry, trump = _good(players)
    hands = entry["hands"]
    out = []
    out.append(("hands", {**entry, "hands": hands[:-1]}, "must list"))
    out.append(("count", {**entry, "hands": [hands[0][:-1]] + hands[1:]}, "must hold"))
    out.append(("missing trump", {k: v for k, v in entry.items() if k != "trump"},
                "'trump' is missing"))
    bad = [list(h) for h in hands]
    bad[1][0] = "8O"
    out.append(("unknown card", {**entry, "hands": bad}, "unknown card"))
    bad = [list(h) for h in hands]
    bad[1][0] = bad[0][0]
    out.append(("duplicate", {**entry, "hands": bad}, "dealt twice"))
    out.append(("unknown trump", {**entry, "trump": "13O"}, "unknown card"))
    out.append(("unknown key", {**entry, "muertos": ["1O"]}, "unknown key"))
    out.append(("trump without hands", {"trump": trump}, "'hands' is missing"))
    if players == 2:
        st = entry["stock"]
        out.append(("stock count", {**entry, "stock": st[:-1]}, "23"))
        out.append(("stock dup", {**entry, "stock": [hands[0][0]] + st[1:]}, "dealt twice"))
        out.append(("stock unknown", {**entry, "stock": ["XX"] + st[1:]}, "unknown card"))
        out.append(("trump in hand", {**entry, "trump": hands[0][0]}, "dealt twice"))
        out.append(("trump in stock", {**entry, "trump": st[0]}, "dealt twice"))
    if players == 3:
        out.append(("stock 3p", {**entry, "stock": []}, "only for 2 players"))
        out.append(("trump in hand", {**entry, "trump": hands[2][0]}, "dealt twice"))
    if players == 4:
        out.append(("stock 4p", {**entry, "stock": []}, "only for 2 players"))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_malformed_deals(players):
    for name, entry, message in _mutations(players):
        with pytest.raises(MatchFileError) as err:
            play_spec(parse_match_text(_file(players, entry), "t.toml"))
        assert message in str(err.value), (name, str(err.value))
        assert "deals[0]" in str(err.value), name


def test_malformed_4p_trump_not_in_dealer_hand():
    entry, trump = _good(4)                  # trump is a card of seat 3's hand
    with pytest.raises(MatchFileError) as err:
        play_spec(parse_match_text(_file(4, entry, dealer=1)))
    assert "dealer's hand" in str(err.value) and "deals[0]" in str(err.value)
    # the dealer of a later scripted deal rotates: deal 1 is dealt by seat 0
    data = {"game": "tute", "players": 4, "dealer": 3, "seed": 1,
            "deals": [{"actions": []}, entry]}
    with pytest.raises(MatchFileError) as err:
        play_spec(parse_match_text(tomli_w.dumps(data)))
    assert "deals[1]" in str(err.value)


@pytest.mark.parametrize("options, message", [
    ({"bogus": 1}, "unknown option"), ({"target": "x"}, "whole number"),
    ({"stock_rule": "strict"}, "must be one of"), ({"capote": 1}, "true or false"),
    ({"wins": 0}, "at least 1")])
def test_malformed_options(options, message):
    data = {"game": "tute", "players": 2, "dealer": 0, "seed": 1, "options": options}
    with pytest.raises(MatchFileError) as err:
        parse_match_text(tomli_w.dumps(data))
    assert message in str(err.value)


def test_bad_player_count():
    with pytest.raises(MatchFileError):
        parse_match_text('game = "tute"\nplayers = 5\n')


def test_illegal_action_in_file_is_located():
    entry, _ = _good(4)
    entry["actions"] = ["play " + entry["hands"][0][0], "sing 40"]
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(_file(4, entry)))
    assert str(err.value).startswith("deal 0 action 1: 'sing 40' is not legal")


# ----- property tests ---------------------------------------------------------------
SUNG_CARDS = {s: (s * 10 + tute.KING, s * 10 + tute.KNIGHT) for s in range(4)}


def _places(m):
    count = Counter()
    for hand in m.hands:
        count.update(hand)
    count.update(m.stock)
    count.update(m.trick)
    for cards, _seats, _w, _p in m.history:
        count.update(cards)
    if m.players == 3 or (m.players == 2 and m.faceup_on_table):
        count[m.faceup] += 1
    return count


def _strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _strings(v)


def _check_views(m):
    public = {m.turned, m.faceup}
    for s, kind, suit in m.cantes:
        if suit is not None:
            public.update(SUNG_CARDS[suit])
    for seat in range(m.players):
        view = m.view(seat)
        assert view["hand"] == [NAMES[c] for c in m.hands[seat]]
        others = {NAMES[c] for s, h in enumerate(m.hands) if s != seat for c in h
                  if c not in public}
        others.update(NAMES[c] for c in m.stock)
        if m.players == 2 and m.faceup_on_table:
            others.discard(NAMES[m.faceup])
        leaked = others.intersection(_strings(view))
        assert not leaked, (seat, leaked)
        for event in m.events_for(seat):
            if event.kind in ("dealt", "drew") and event.seat != seat:
                data = event.data
                if event.kind == "dealt":
                    assert "cards" not in data
                elif not data.get("faceup"):
                    assert "card" not in data


def _random_illegal(m, rng):
    seat = m.to_act
    legal = set(m.legal_actions())
    hand = m.hands[seat]
    choices = [a for a in ("sing 40", "sing 20 O", "sing 20 C", "sing tute", "exchange", "capote",
                           "pass", "play 8O", "dance") if a not in legal]
    not_held = ["play " + NAMES[c] for c in range(40) if c not in hand]
    bad_held = ["play " + NAMES[c] for c in hand if "play " + NAMES[c] not in legal]
    pool = [choices, not_held, bad_held]
    pool = [p for p in pool if p]
    return rng.choice(rng.choice(pool))


CONFIGS = [
    (2, {}, 300), (2, {"stock_rule": "free"}, 150),
    (2, {"late_cantes": False, "capote": False, "exchange": False}, 150),
    (2, {"target": 400}, 100), (2, {"target": 40}, 100),
    (3, {}, 300), (3, {"exchange": False, "wins": 2}, 150),
    (4, {}, 300), (4, {"wins": 5}, 150),
]


@pytest.mark.parametrize("players, options, deals", CONFIGS)
def test_random_play_properties(players, options, deals):
    rng = random.Random(players * 1000 + len(options))
    played = 0
    match_no = 0
    dead_points = None
    while played < deals:
        m = Match(players, match_no % players, 100 + match_no, options, None, True)
        match_no += 1
        step = 0
        while not m.finished:
            places = _places(m)
            assert len(places) == 40 and set(places.values()) == {1}
            legal = m.legal_actions()
            assert legal and m.to_act is not None
            if m.phase == tute.WINDOW:                # a window only with something to declare
                assert "pass" in legal and len(legal) >= 2
            bad = _random_illegal(m, rng)
            full = step % 7 == 0
            before = (match_to_toml(m) if full else None, [m.view(s) for s in range(players)],
                      list(legal), m.to_act)
            with pytest.raises(IllegalAction):
                m.apply(bad)
            after = (match_to_toml(m) if full else None, [m.view(s) for s in range(players)],
                     list(m.legal_actions()), m.to_act)
            assert before == after
            if step % 2 == 0:
                _check_views(m)
            index = m.deal_index
            dead_points = POINTS[m.faceup] if players == 3 else 0
            m.apply(rng.choice(legal))
            step += 1
            if players == 2 and m.capote is None and not m.finished:
                assert max(m.score) < m.options["target"] or m.deal_index == index == 0
            if players == 2 and m.finished and m.deal_index == 0 and m.capote is None:
                assert m.tricks_done == 20               # deal 1 is counted only at its end
            if m.deal_index != index or m.finished:
                played += 1
                rec = m.records[index]
                assert rec.ended
                cantes = sum(int(k) for k in _cante_values(rec))
                tricks = [e for e in rec.events if e.kind == "trick won"]
                complete = len(tricks) == tute.TRICKS[players]
                trick_points = sum(e.data["points"] for e in rec.events if e.kind == "trick won")
                assert sum(rec.points) == trick_points + cantes
                if complete:
                    assert sum(rec.points) == 130 + cantes - dead_points
        assert m.winner is not None and m.to_act is None and m.legal_actions() == []
        if players == 2:
            assert sum(sum(r.points) for r in m.records) == sum(m.score)
        else:
            assert max(m.score) == m.options["wins"] and sum(m.score) == len(m.records)
        again = play_spec(parse_match_text(match_to_toml(m)))
        assert replay_report(again) == replay_report(m)
    # a match saved half-way replays to the same point
    m = Match(players, 0, 4242, options, None, True)
    for _ in range(rng.randrange(10, 60)):
        if m.finished:
            break
        m.apply(rng.choice(m.legal_actions()))
    again = play_spec(parse_match_text(match_to_toml(m)))
    assert replay_report(again) == replay_report(m)
    assert [again.view(s) for s in range(players)] == [m.view(s) for s in range(players)]


def _cante_values(rec):
    for e in rec.events:
        if e.kind == "sang" and e.data.get("what") != "tute":
            yield e.data["points"]


def test_clone_is_independent():
    m = Match(4, 0, 3, {}, None, False)
    rng = random.Random(3)
    for _ in range(13):
        m.apply(rng.choice(m.legal_actions()))
    c = m.clone()
    snapshot = [m.view(s) for s in range(4)]
    while not c.finished:
        c.apply(rng.choice(c.legal_actions()))
    assert [m.view(s) for s in range(4)] == snapshot
