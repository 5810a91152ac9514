"""Twenty-nine: a second reading of rules/twenty_nine.md and CONTRACT.md.

Each test pins one rule the worked examples of tests/test_twenty_nine.py leave
open, by playing scripted deals through the match file (the way a bug report
would), and an independent referee written from the rules page alone replays
random matches next to the engine and must agree on every step.
"""
import random

import pytest

from game.engine.errors import IllegalAction, MatchFileError
from game.engine.matchfile import ReplayError, parse_match_text, play_spec, replay_report
from game.games import twenty_nine as tn
from game.games.twenty_nine import OPTIONS, Match

ALL_BIDS = [f"bid {n}" for n in range(16, 29)]


def match_text(deals, dealer=3, options="", seed=7):
    """A match file; ``deals`` is a list of (hands or None, actions)."""
    out = [f'game = "twenty_nine"\nplayers = 4\ndealer = {dealer}\nseed = {seed}\n[options]\n{options}\n']
    for hands, actions in deals:
        out.append("[[deals]]\n")
        if hands is not None:
            out.append("hands = [" + ", ".join(
                "[" + ", ".join(f'"{c}"' for c in h) + "]" for h in hands) + "]\n")
        out.append("actions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n")
    return "".join(out)


def play(actions, hands=None, dealer=3, options="", more=()):
    return play_spec(parse_match_text(match_text([(hands, actions), *more], dealer, options)))


def plays(m):
    return sorted(a for a in m.legal_actions() if a.startswith("play "))


def first_play(m):
    return next(a for a in m.legal_actions() if a.startswith("play "))


def play_out_deal(m):
    """Finish the deal in progress with the first legal card every time (no asking)."""
    index = m.deal_index
    while not m.finished and m.deal_index == index:
        m.apply(first_play(m))


# Dealer 3 throughout, so b1..b4 = seats 0, 1, 2, 3 and seat 0 leads the first trick.
# Seats 1 and 3 are void in spades and diamonds; seats 0 and 2 in hearts and clubs.
HANDS = [
    ["JS", "AS", "10S", "KS", "JD", "9D", "AD", "10D"],
    ["7H", "8H", "9H", "JH", "JC", "9C", "AC", "10C"],
    ["9S", "QS", "8S", "7S", "KD", "QD", "8D", "7D"],
    ["QH", "KH", "AH", "10H", "KC", "QC", "8C", "7C"],
]


def bid_and_trump(bidder_actions, trump, doubling=("pass", "pass"), single=("pass",) * 4):
    return list(bidder_actions) + list(doubling) + [f"choose-trump {trump}"] + list(single)


# seat 0 bids 16, nobody doubles, trump as given, nobody plays alone
def seat0_bids(trump, bid=16):
    return bid_and_trump([f"bid {bid}", "pass", "pass", "pass"], trump)


# seat 1 bids 16 (seat 0 passes first)
def seat1_bids(trump, bid=16):
    return bid_and_trump(["pass", f"bid {bid}", "pass", "pass"], trump)


# ----- §3 auction ---------------------------------------------------------------
def test_opening_asks_b1_b2_b3_b4_then_void():
    m = play([], dealer=1)                      # b1..b4 = 2, 3, 0, 1
    seen = []
    for _ in range(4):
        seen.append(m.to_act)
        assert sorted(m.legal_actions()) == sorted(ALL_BIDS + ["pass"])
        m.apply("pass")
    assert seen == [2, 3, 0, 1]
    assert m.deal_index == 1 and m.dealer == 1 and m.to_act == 2   # void: same dealer redeals


def test_late_opening_only_unspoken_players_challenge():
    m = play(["pass", "pass", "bid 16"])          # b3 = seat 2 opens; b1, b2 passed for good
    assert m.to_act == 3 and m.holder == 2
    m.apply("pass")                                # the only unspoken player passes
    assert m.bidder == 2 and m.bid == 16
    assert m.to_act == 1                           # double round: opponents 1 then 3


def test_b4_opening_wins_at_once():
    m = play(["pass", "pass", "pass", "bid 17"])
    assert m.bidder == 3 and m.bid == 17
    assert m.to_act == 0 and sorted(m.legal_actions()) == ["double", "pass"]


def test_holder_out_challenger_holds_and_next_unspoken_challenges():
    m = play(["bid 16", "bid 17", "bid 17", "bid 18", "pass"])
    assert m.holder == 1 and m.bid == 18 and m.to_act == 2
    assert sorted(m.legal_actions()) == sorted([f"bid {n}" for n in range(19, 29)] + ["pass"])
    m.apply("bid 20")
    assert m.to_act == 1 and sorted(m.legal_actions()) == ["bid 20", "pass"]   # hold only
    m.apply("bid 20")
    assert m.to_act == 2 and "bid 20" not in m.legal_actions() and "bid 21" in m.legal_actions()


def test_challenger_out_next_unspoken_challenges_the_same_holder():
    m = play(["bid 16", "bid 17", "bid 17", "pass"])
    assert m.holder == 0 and m.bid == 17 and m.to_act == 2
    assert "bid 17" not in m.legal_actions() and "bid 18" in m.legal_actions()
    m.apply("pass")
    m.apply("pass")
    assert m.bidder == 0 and m.bid == 17


def test_passed_players_are_never_asked_again():
    m = play(["pass", "bid 16", "bid 17", "pass", "pass"])   # 0 passes; 2 beats 1; 1 out; 3 passes
    assert m.bidder == 2 and m.bid == 17
    assert [s for s, _ in m.calls] == [0, 1, 2, 1, 3]


def test_max_bid_challenger_can_only_pass_holder_may_hold():
    m = play(["bid 28"])
    assert m.legal_actions() == ["pass"]
    m = play(["bid 16", "bid 30"], options="max_bid = 30")
    assert m.to_act == 0 and sorted(m.legal_actions()) == ["bid 30", "pass"]
    m.apply("bid 30")
    assert m.to_act == 1 and m.legal_actions() == ["pass"]
    with pytest.raises(IllegalAction):
        m.apply("bid 31")


def test_partners_may_bid_against_each_other_by_default():
    m = play(["bid 16", "pass"])
    assert m.to_act == 2 and "bid 17" in m.legal_actions()
    m.apply("bid 17")
    assert m.to_act == 0 and sorted(m.legal_actions()) == ["bid 17", "pass"]


def test_partner_bidding_off_follows_the_current_holder():
    opts = "partner_bidding = false"
    # seat 0 holds: his partner seat 2 can only pass; seat 3 may challenge
    m = play(["bid 16", "bid 17", "bid 17", "pass"], options=opts)
    assert m.to_act == 2 and m.legal_actions() == ["pass"]
    with pytest.raises(IllegalAction) as err:
        m.apply("bid 18")
    assert err.value.reason_key == "bid_partner"
    m.apply("pass")
    assert m.to_act == 3 and "bid 18" in m.legal_actions()
    # seat 0 gives up: seat 1 holds; seat 2 (not seat 1's partner) may bid, seat 3 may not
    m = play(["bid 16", "bid 17", "pass"], options=opts)
    assert m.holder == 1 and m.to_act == 2 and "bid 18" in m.legal_actions()
    m.apply("pass")
    assert m.to_act == 3 and m.legal_actions() == ["pass"]


# ----- §6.2 double / redouble ------------------------------------------------------
def test_double_round_opponents_in_order_from_dealer_then_bidding_team():
    # dealer 0: b1..b4 = 1, 2, 3, 0; seat 0 (b4) bids
    m = play(["pass", "pass", "pass", "bid 16"], dealer=0)
    assert m.bidder == 0 and m.to_act == 1
    m.apply("pass")
    assert m.to_act == 3
    m.apply("double")
    assert m.multiplier == 2
    # bidding team in play order from the dealer: the partner (b2 = seat 2) before the bidder
    assert m.to_act == 2 and sorted(m.legal_actions()) == ["pass", "redouble"]
    m.apply("pass")
    assert m.to_act == 0
    m.apply("pass")
    assert m.to_act == 0 and m.legal_actions() == [f"choose-trump {s}" for s in "SHDC"]
    assert m.multiplier == 2


def test_first_double_and_first_redouble_end_their_rounds():
    m = play(["pass", "pass", "pass", "bid 16", "double"], dealer=0)
    assert m.to_act == 2                               # seat 3 is not asked after seat 1 doubled
    m.apply("redouble")
    assert m.multiplier == 4
    assert m.to_act == 0 and m.legal_actions() == [f"choose-trump {s}" for s in "SHDC"]


def test_no_double_means_no_redouble_round():
    m = play(["bid 16", "pass", "pass", "pass", "pass", "pass"])
    assert m.multiplier == 1 and m.to_act == 0
    assert m.legal_actions() == [f"choose-trump {s}" for s in "SHDC"]
    with pytest.raises(IllegalAction):
        m.apply("redouble")


def test_doubling_off_goes_straight_to_trump():
    m = play(["pass", "bid 16", "pass", "pass"], options="doubling = false")
    assert m.to_act == 1 and m.legal_actions() == [f"choose-trump {s}" for s in "SHDC"]
    with pytest.raises(IllegalAction):
        m.apply("double")


# ----- §2.4 trump choice, §2.5 second deal ------------------------------------------
def test_first_four_cards_are_the_auction_hand_then_second_deal_after_trump():
    m = play(["pass", "bid 16", "pass", "pass", "pass", "pass"], hands=HANDS)
    for seat in range(4):
        assert m.view(seat)["hand"] == HANDS[seat][:4]
    m.apply("choose-trump D")                       # seat 1 holds no diamond at all
    for seat in range(4):
        assert sorted(m.view(seat)["hand"]) == sorted(HANDS[seat])
    assert m.to_act == 0 and sorted(m.legal_actions()) == ["pass", "single-hand"]


def test_chosen_trump_is_hidden_from_all_but_the_bidder():
    m = play(seat1_bids("D"), hands=HANDS)
    assert [m.view(s)["trump"] for s in range(4)] == [None, "D", None, None]
    report = replay_report(m)
    assert "trump" not in report["deals"][0]
    assert report["deals"][0]["bidder"] == 1 and report["deals"][0]["bid"] == 16


# ----- §6.3 single hand --------------------------------------------------------------
# seat 0 holds the four top spades and hearts; seat 3 the rest of those suits
SINGLE_WIN = [
    ["JS", "9S", "AS", "10S", "JH", "9H", "AH", "10H"],
    ["KD", "QD", "8D", "7D", "KC", "QC", "8C", "7C"],
    ["JD", "9D", "AD", "10D", "JC", "9C", "AC", "10C"],
    ["KS", "QS", "8S", "7S", "KH", "QH", "8H", "7H"],
]
# the same with 10H and 7H swapped: seat 0's 7H loses
SINGLE_LOSE = [h[:7] + [{"10H": "7H", "7H": "10H"}.get(h[7], h[7])] for h in SINGLE_WIN]


def test_single_hand_round_in_order_from_dealer_all_pass_b1_leads():
    m = play(["bid 16", "pass", "pass", "pass", "pass", "pass", "choose-trump S"], hands=SINGLE_WIN)
    seen = []
    for _ in range(4):
        seen.append(m.to_act)
        assert sorted(m.legal_actions()) == ["pass", "single-hand"]
        m.apply("pass")
    assert seen == [0, 1, 2, 3]
    assert m.to_act == 0 and all(a.startswith("play ") for a in m.legal_actions())


def test_first_single_hand_ends_the_round_and_the_declarer_leads():
    m = play(["bid 16", "pass", "pass", "pass", "pass", "pass", "choose-trump S", "pass", "pass",
              "single-hand"], hands=SINGLE_WIN)
    assert m.single == 2 and m.to_act == 2 and m.phase == tn.PLAY_PHASE   # seat 3 is not asked


def test_single_hand_by_opponent_ignores_redouble_trumps_and_partner():
    # seat 1 bids, seat 0 doubles, seat 1 redoubles and chooses diamonds; seat 0 plays alone
    actions = ["pass", "bid 16", "pass", "pass", "double", "redouble", "choose-trump D", "single-hand"]
    m = play(actions, hands=SINGLE_WIN)
    assert m.single == 0 and m.to_act == 0
    m.apply("play JS")
    assert m.to_act == 1                              # void in spades, but no reveal in a single hand
    assert "reveal-trump" not in m.legal_actions()
    with pytest.raises(IllegalAction) as err:
        m.apply("reveal-trump")
    assert err.value.reason_key == "no_trumps_single"
    m.apply("play 7D")                                 # a diamond: the chosen trump is void
    assert m.to_act == 3                              # partner seat 2 sits out
    m.apply("play 7S")
    assert m.leader == 0 and m.trick_teams == [0]      # 7D did not trump
    for card in ["9S", "AS", "10S", "JH", "9H", "AH", "10H"]:
        assert m.to_act == 0
        m.apply(f"play {card}")
        m.apply(first_play(m))
        m.apply(first_play(m))
    rec = m.records[0]
    assert rec.ended and rec.info["single_hand"] == 0 and rec.info["made"] is True
    assert m.score == [3, 0]                           # +3, not x4; the bidding team does not move
    assert rec.points == [14, 0]                       # seat 2's cards are out of play
    assert m.dealer == 0


def test_single_hand_stops_at_the_first_lost_trick():
    actions = ["pass", "bid 16", "pass", "pass", "pass", "pass", "choose-trump C", "single-hand"]
    m = play(actions, hands=SINGLE_LOSE)
    for card in ["JS", "9S", "AS", "10S", "JH"]:
        m.apply(f"play {card}")
        m.apply(first_play(m))
        m.apply(first_play(m))
    assert m.trick_teams == [0] * 5
    m.apply("play 7H")
    m.apply(first_play(m))
    m.apply("play 10H")                                # seat 3 beats 7H
    assert m.deal_index == 1                           # play stopped after 6 tricks
    rec = m.records[0]
    assert rec.ended and rec.info["made"] is False
    assert m.score == [-3, 0]
    # the points of the 6 tricks played, the lost one included: 7 + 3 to team 0, 10H to team 1
    assert rec.points == [10, 1]
    assert m.dealer == 0                               # next dealer d+1


def test_single_hand_has_no_marriage_and_option_off_skips_the_round():
    hands = [["KH", "QH", "JS", "9S", "AS", "10S", "JH", "9H"],
             ["KD", "QD", "8D", "7D", "KC", "QC", "8C", "7C"],
             ["JD", "9D", "AD", "10D", "JC", "9C", "AC", "10C"],
             ["KS", "QS", "8S", "7S", "AH", "10H", "8H", "7H"]]
    m = play(seat0_bids("H")[:-4] + ["single-hand"], hands=hands)
    assert "show-marriage" not in m.legal_actions()
    with pytest.raises(IllegalAction):
        m.apply("show-marriage")
    m = play(["bid 16", "pass", "pass", "pass", "pass", "pass", "choose-trump H"], hands=hands,
             options="single_hand = false")
    assert m.to_act == 0 and all(a.startswith("play ") for a in m.legal_actions())


# ----- §4.2 hidden trump -----------------------------------------------------------------
def test_trump_suit_discard_before_the_reveal_becomes_the_winning_trump():
    # trump H (seat 1's choice). Seat 1 discards JH without asking; seat 3 asks and must trump.
    m = play(seat1_bids("H") + ["play JS", "play JH", "play 9S", "reveal-trump"], hands=HANDS)
    assert plays(m) == sorted(["play QH", "play KH", "play AH", "play 10H"])
    m.apply("play QH")
    assert m.trick_teams == [1] and m.leader == 1      # JH, discarded earlier, is now the top trump
    assert m.points == [0, 3 + 3 + 2]


def test_trump_suit_discard_without_a_later_reveal_is_a_plain_card():
    m = play(seat1_bids("H") + ["play JS", "play JH", "play 9S", "play 8C"], hands=HANDS)
    assert m.trick_teams == [0] and m.points == [8, 0] and not m.revealed


def test_earlier_tricks_stand_after_a_reveal():
    m = play(seat1_bids("H") + ["play JS", "play JH", "play 9S", "play 8C",
                                "play AS", "reveal-trump", "play 7H", "play QS", "play 7C"],
             hands=HANDS)
    assert m.trick_teams == [0, 1]                     # the JH of trick 1 stays a lost discard
    assert m.points == [8, 1]


def test_reveal_legality_and_later_void_players_discard_freely():
    m = play(seat1_bids("H"), hands=HANDS)
    assert "reveal-trump" not in m.legal_actions()     # leader
    with pytest.raises(IllegalAction) as err:
        m.apply("reveal-trump")
    assert err.value.reason_key == "leader_cannot_ask"
    m.apply("play JS")
    assert "reveal-trump" in m.legal_actions()        # the bidder himself may ask
    m.apply("reveal-trump")
    assert m.to_act == 1 and "reveal-trump" not in m.legal_actions()
    assert plays(m) == sorted(["play 7H", "play 8H", "play 9H", "play JH"])   # asked: must trump
    m.apply("play 7H")
    m.apply("play 9S")
    assert "reveal-trump" not in m.legal_actions()    # known now
    assert "play 8C" in m.legal_actions() and "play QH" in m.legal_actions()  # no obligation
    m.apply("play 8C")
    assert m.trick_teams == [1]                        # 7H trumps JS
    report = replay_report(m)
    assert report["deals"][0]["trump"] == "H"        # public once revealed
    assert [m.view(s)["trump"] for s in range(4)] == ["H"] * 4


def test_asker_without_a_trump_may_play_anything():
    m = play(seat0_bids("D") + ["play JS", "reveal-trump"], hands=HANDS)
    assert m.revealed and m.to_act == 1
    assert plays(m) == sorted("play " + c for c in HANDS[1])


ASK_HANDS = [
    ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"],
    ["7H", "8H", "KD", "QD", "8D", "7D", "9D", "10D"],
    ["JH", "9H", "AH", "10H", "JC", "9C", "AC", "10C"],
    ["KH", "QH", "JD", "AD", "KC", "QC", "8C", "7C"],
]


def test_the_ask_binds_only_the_asker_and_only_in_its_own_trick():
    m = play(seat1_bids("H") + ["play JS", "reveal-trump", "play 7H"], hands=ASK_HANDS)
    assert "play JC" in m.legal_actions()              # seat 2, void, did not ask: anything
    m.apply("play JH")                                 # ... or an overtrump
    m.apply("play 7C")
    assert m.trick_teams == [0] and m.to_act == 2
    m.apply("play JC")
    m.apply("play 8C")
    m.apply("play 7S")
    assert m.to_act == 1                              # void in clubs again, holds 8H, did not ask now
    assert plays(m) == sorted("play " + c for c in ASK_HANDS[1][1:])
    assert "reveal-trump" not in m.legal_actions()


# ----- §4.3 marriage -----------------------------------------------------------------------
MARRIAGE = [
    ["JS", "9S", "KD", "QD", "AS", "10S", "7C", "8C"],
    ["JH", "9H", "AH", "10H", "KH", "QH", "8H", "7H"],
    ["KS", "QS", "8S", "7S", "JC", "9C", "AC", "10C"],
    ["JD", "9D", "AD", "10D", "8D", "7D", "KC", "QC"],
]
# seat 1 bids 26 and chooses diamonds (a suit he does not hold); seat 0 holds KD QD.
# Trick 1: seat 0 wins before any reveal. Trick 2: seat 1 asks, seat 3 trumps with JD.
MARRIAGE_TO_TRICK_3 = seat1_bids("D", 26) + [
    "play JS", "play 7H", "play 7S", "play KC",
    "play 9S", "reveal-trump", "play 8H", "play 8S", "play JD",
    "play QC"]


def test_no_marriage_while_the_trump_is_hidden():
    m = play(seat0_bids("D"), hands=MARRIAGE)
    assert m.to_act == 0 and "show-marriage" not in m.legal_actions()   # the bidder knows, but hidden
    with pytest.raises(IllegalAction) as err:
        m.apply("show-marriage")
    assert err.value.reason_key == "trump_hidden"


def test_opponents_marriage_raises_the_target_uncapped_by_default():
    m = play(MARRIAGE_TO_TRICK_3, hands=MARRIAGE)
    assert m.trick_teams == [0, 1] and m.to_act == 0
    assert "show-marriage" in m.legal_actions()
    m.apply("show-marriage")
    assert m.to_act == 0 and m.marriage_team == 0      # does not end the turn
    assert m.target() == 30 and replay_report(m)["deals"][0]["target"] == 30
    assert "show-marriage" not in m.legal_actions()    # once per deal
    m.apply("play 8C")
    play_out_deal(m)
    assert m.records[0].info["made"] is False and m.score == [0, -1]
    assert m.records[0].points[1] <= 28


@pytest.mark.parametrize("options, target", [("marriage_cap = true", 28),
                                             ("marriage_cap = true\nlast_trick_point = true", 29)])
def test_marriage_cap(options, target):
    m = play(MARRIAGE_TO_TRICK_3 + ["show-marriage"], hands=MARRIAGE, options=options)
    assert m.target() == target


def test_marriage_after_reveal_trick_ignores_tricks_won_before_the_reveal():
    m = play(MARRIAGE_TO_TRICK_3, hands=MARRIAGE, options='marriage_rule = "after-reveal-trick"')
    assert "show-marriage" not in m.legal_actions()    # team 0 won trick 1 only, before the reveal
    with pytest.raises(IllegalAction) as err:
        m.apply("show-marriage")
    assert err.value.reason_key == "marriage_needs_trick"


def test_no_marriage_once_the_king_or_queen_is_played():
    m = play(seat1_bids("D", 26) + [
        "play JS", "play 7H", "play 7S", "play KC",
        "play 9S", "reveal-trump", "play 8H", "play 8S", "play JD",
        "play 8D", "play KD"], hands=MARRIAGE)        # seat 0 follows trumps with KD
    m.apply(first_play(m))
    m.apply(first_play(m))
    assert m.trick_teams[-1] == 0 and m.to_act == 0   # KD won trick 3
    assert "QD" in m.view(0)["hand"] and "show-marriage" not in m.legal_actions()


@pytest.mark.parametrize("bid, target", [(16, 16), (18, 16), (20, 16), (23, 19)])
def test_own_marriage_lowers_the_target_to_no_less_than_16(bid, target):
    # seat 0 bids with diamonds and shows his own marriage once revealed
    m = play(seat0_bids("D", bid) + ["play JS", "play 7H", "play 7S", "play KC",
                                     "play 9S", "reveal-trump", "play 8H", "play 8S", "play JD",
                                     "play QC", "show-marriage"], hands=MARRIAGE)
    assert m.target() == target and replay_report(m)["deals"][0]["target"] == target


# ----- §5, §6 scoring through real play --------------------------------------------------
def _dry_points(hands, actions):
    m = play(actions, hands=hands)
    play_out_deal(m)
    return m.records[0].points


SCORING_HANDS = [
    ["JS", "9S", "AH", "10C", "KD", "QH", "8S", "7D"],
    ["AS", "JH", "9D", "10S", "KC", "QD", "8H", "7C"],
    ["10H", "9C", "AD", "JD", "KS", "QC", "8C", "7S"],
    ["JC", "10D", "9H", "AC", "KH", "QS", "8D", "7H"],
]


@pytest.mark.parametrize("doubling, m_", [(("pass", "pass"), 1), (("pass", "double", "pass", "pass"), 2),
                                          (("double", "redouble"), 4)])
def test_made_exactly_at_the_target_and_failed_one_short(doubling, m_):
    base = lambda bid: bid_and_trump([f"bid {bid}", "pass", "pass", "pass"], "S", doubling)
    points = _dry_points(SCORING_HANDS, base(16))
    team0 = points[0]
    assert 16 <= team0 <= 27, points                   # the hands suit the test
    for bid, made in [(team0, True), (team0 + 1, False)]:
        m = play(base(bid), hands=SCORING_HANDS)
        assert m.multiplier == m_
        play_out_deal(m)
        assert m.records[0].points == points
        assert m.records[0].info["made"] is made
        assert m.score == [m_ if made else -m_, 0]    # only the bidding team moves


def test_match_ends_on_the_bidding_teams_score():
    m = play(bid_and_trump(["bid 16", "pass", "pass", "pass"], "S"), hands=SCORING_HANDS,
             options="target = 1")
    play_out_deal(m)
    made = m.records[0].info["made"]
    assert m.finished and m.winner == (0 if made else 1)
    report = replay_report(m)
    assert report["finished"] and report["winner"] == m.winner
    assert report["to_act"] is None and report["legal"] == []
    assert len(report["deals"]) == 1 and report["deals"][0]["ended"]   # no deal after the end
    actions = m.records[0].actions + ["pass"]
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(match_text([(SCORING_HANDS, actions)], options="target = 1")))
    assert str(err.value).startswith(f"deal 0 action {len(actions) - 1}: 'pass' is not legal (the match is over)")


def test_failing_team_reaching_minus_target_loses():
    for bid in range(16, 29):
        m = play(bid_and_trump(["pass", f"bid {bid}", "pass", "pass"], "S"), hands=SCORING_HANDS,
                 options="target = 1")
        play_out_deal(m)
        if not m.records[0].info["made"]:
            assert m.score == [0, -1] and m.finished and m.winner == 0
            return
    pytest.fail("no failing bid found")


# ----- §6.1 void deals, next dealer ----------------------------------------------------------
def test_void_deals_consume_entries_and_keep_the_dealer():
    rotated = HANDS[1:] + HANDS[:1]
    m = play(["pass"] * 4, more=[(None, ["pass"] * 4), (rotated, ["bid 16"])])
    assert m.deal_index == 2 and [r.dealer for r in m.records] == [3, 3, 3]
    assert [m.view(s)["hand"] for s in range(4)] == [h[:4] for h in rotated]
    report = replay_report(m)
    assert [d["points"] for d in report["deals"]] == [[0, 0], [0, 0], [0, 0]]
    assert [d["ended"] for d in report["deals"]] == [True, True, False]
    assert report["score"] == [0, 0]


def test_next_deal_is_dealt_by_the_next_seat_and_appears_at_once():
    m = play(seat0_bids("S"), hands=HANDS)
    play_out_deal(m)
    report = replay_report(m)
    assert len(report["deals"]) == 2
    assert report["deals"][1] == {"points": [0, 0], "ended": False, "dealer": 0,
                                  "events": report["deals"][1]["events"], "bidder": None, "bid": None}
    assert report["to_act"] == 1 and report["winner"] is None


# ----- §9 replay JSON fields --------------------------------------------------------------------
def test_json_deal_fields_during_and_after_a_deal():
    m = play(["pass", "bid 17", "pass", "pass", "double", "pass", "pass", "choose-trump H",
              "pass", "pass", "pass", "pass", "play JS", "play JH", "play 9S"], hands=HANDS)
    deal = replay_report(m)["deals"][0]
    assert deal["points"] == [0, 0] and deal["ended"] is False
    assert deal["bidder"] == 1 and deal["bid"] == 17 and deal["target"] == 17
    assert deal["multiplier"] == 2 and "trump" not in deal and "made" not in deal
    m.apply("play 8C")                                 # seat 0 wins trick 1: points counted so far
    assert replay_report(m)["deals"][0]["points"] == [8, 0]
    play_out_deal(m)
    deal = replay_report(m)["deals"][0]
    assert deal["ended"] and deal["trump"] == "H"     # shown at deal end even if never revealed
    assert deal["made"] in (True, False) and sum(deal["points"]) == 28


# ----- §8 match file ---------------------------------------------------------------------------------
@pytest.mark.parametrize("hands, fragment", [
    ([h[:7] for h in HANDS], "must hold 8 cards"),
    ([HANDS[0] + ["7S"]] + HANDS[1:], "must hold 8 cards"),
    (HANDS[:3], "4 hands"),
    ([["6S"] + HANDS[0][1:]] + HANDS[1:], "unknown card"),
    ([HANDS[0], HANDS[1][:7] + ["JS"], HANDS[2], HANDS[3]], "twice"),
])
def test_scripted_hands_are_exactly_the_32_cards(hands, fragment):
    with pytest.raises(MatchFileError) as err:
        parse_match_text(match_text([(hands, [])]))
    assert fragment in str(err.value) and "deals[0]" in str(err.value)


@pytest.mark.parametrize("options", ["target = 0", "max_bid = 27", "max_bid = 33",
                                     'marriage_rule = "after-trick"', "single_hand = 1",
                                     "players = 4"])
def test_bad_options_are_malformed(options):
    with pytest.raises(MatchFileError):
        parse_match_text(match_text([], options=options))


def test_actions_belong_to_their_own_deal():
    # entry 0 runs past its void deal into deal 1
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(match_text([(None, ["pass"] * 5), (None, [])])))
    assert str(err.value).startswith("deal 0 action 4: 'pass' is not legal (deal 0 is over")
    # entry 1 while deal 0 is still in progress
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(match_text([(None, ["pass"] * 3), (None, ["pass"])])))
    assert str(err.value).startswith("deal 1 action 0: 'pass' is not legal (deal 1 has not started")
    # an entry without actions in between: entry 2 cannot start before deal 1 ends
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(match_text([(None, ["pass"] * 4), (None, []), (None, ["pass"])])))
    assert str(err.value).startswith("deal 2 action 0: ")


def test_illegal_action_index_counts_within_its_entry():
    with pytest.raises(ReplayError) as err:
        play_spec(parse_match_text(match_text([(None, ["pass"] * 4), (None, ["pass", "bid 15"])])))
    assert str(err.value).startswith("deal 1 action 1: 'bid 15' is not legal (a bid is from 16 to 28)")


# ----- an independent referee ------------------------------------------------------------------------
RANKS = ["J", "9", "A", "10", "K", "Q", "8", "7"]
VALUE = {"J": 3, "9": 2, "A": 1, "10": 1}


class Referee:
    """The rules page, read afresh; hands come from the engine's deal records."""

    def __init__(self, opts, dealer):
        self.o, self.dealer = opts, dealer
        self.score, self.finished, self.winner = [0, 0], False, None

    def deal(self, hands):
        d = self.dealer
        self.order = [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]
        self.full = [list(h) for h in hands]
        self.hands = [list(h[:4]) for h in hands]
        self.phase, self.unspoken = "auction", list(self.order)
        self.turn = self.unspoken.pop(0)
        self.holder = self.challenger = self.bid = self.bidder = self.trump = None
        self.mult, self.ask, self.revealed, self.reveal_at, self.asker = 1, [], False, None, None
        self.single = self.marriage = None
        self.trick, self.won, self.points = [], [], [0, 0]

    def to_act(self):
        if self.finished:
            return None
        return {"auction": self.turn, "play": self.turn, "trump": self.bidder}.get(
            self.phase, self.ask[0] if self.ask else None)

    def legal(self):
        if self.finished:
            return []
        mx, p = self.o["max_bid"], self.phase
        if p == "auction":
            if self.holder is None:
                return [f"bid {n}" for n in range(16, mx + 1)] + ["pass"]
            if self.turn == self.holder:
                return [f"bid {self.bid}", "pass"]
            if not self.o["partner_bidding"] and self.turn % 2 == self.holder % 2:
                return ["pass"]
            return [f"bid {n}" for n in range(self.bid + 1, mx + 1)] + ["pass"]
        if p in ("double", "redouble"):
            return [p, "pass"]
        if p == "trump":
            return [f"choose-trump {s}" for s in "SHDC"]
        if p == "single":
            return ["single-hand", "pass"]
        seat, hand = self.turn, self.hands[self.turn]
        void, cards = False, list(hand)
        if self.trick:
            led = self.trick[0][1][-1]
            follow = [c for c in hand if c[-1] == led]
            if follow:
                cards = follow
            else:
                void = True
                trumps = [c for c in hand if c[-1] == self.trump]
                if self.asker == seat and self.o["caller_must_trump"] and trumps:
                    cards = trumps
        acts = ["play " + c for c in cards]
        if self.single is None:
            if void and not self.revealed:
                acts.append("reveal-trump")
            if (self.revealed and self.marriage is None and "K" + self.trump in hand
                    and "Q" + self.trump in hand
                    and (self.o["marriage_rule"] == "after-reveal" or seat % 2 in self.won[self.reveal_at:])):
                acts.append("show-marriage")
        return acts

    def _challenger(self):
        if self.unspoken:
            self.challenger = self.turn = self.unspoken.pop(0)
            return
        self.bidder = self.holder
        self.phase = "double" if self.o["doubling"] else "trump"
        self.ask = [s for s in self.order if s % 2 != self.bidder % 2]

    def target(self):
        if self.marriage is None:
            return self.bid
        if self.marriage == self.bidder % 2:
            return max(16, self.bid - 4)
        top = 29 if self.o["last_trick_point"] else 28
        return min(self.bid + 4, top) if self.o["marriage_cap"] else self.bid + 4

    def apply(self, a):
        """None, or 'void' / 'scored' when the deal ends."""
        p, seat = self.phase, self.to_act()
        if p == "auction":
            n = int(a.split()[1]) if a != "pass" else None
            if self.holder is None:
                if n is not None:
                    self.holder, self.bid = seat, n
                    self._challenger()
                elif not self.unspoken:
                    return "void"
                else:
                    self.turn = self.unspoken.pop(0)
            elif seat == self.holder:
                if n is None:
                    self.holder = self.challenger
                    self._challenger()
                else:
                    self.turn = self.challenger
            elif n is None:
                self._challenger()
            else:
                self.bid, self.turn = n, self.holder
            return None
        if p in ("double", "redouble", "single"):
            self.ask.pop(0)
            if a == "double":
                self.mult, self.phase = 2, "redouble"
                self.ask = [s for s in self.order if s % 2 == self.bidder % 2]
            elif a == "redouble":
                self.mult, self.phase = 4, "trump"
            elif a == "single-hand":
                self.single = seat
                self._play()
            elif not self.ask:
                self._play() if p == "single" else setattr(self, "phase", "trump")
            return None
        if p == "trump":
            self.trump, self.hands = a[-1], [list(h) for h in self.full]
            if self.o["single_hand"]:
                self.phase, self.ask = "single", list(self.order)
            else:
                self._play()
            return None
        if a == "reveal-trump":
            self.revealed, self.reveal_at, self.asker = True, len(self.won), seat
            return None
        if a == "show-marriage":
            self.marriage = seat % 2
            return None
        card = a.split()[1]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < (3 if self.single is not None else 4):
            nxt = (seat + 1) % 4
            if self.single is not None and nxt == (self.single + 2) % 4:
                nxt = (nxt + 1) % 4
            self.turn = nxt
            return None
        led = self.trick[0][1][-1]
        trumps = [t for t in self.trick if self.single is None and self.revealed and t[1][-1] == self.trump]
        pool = trumps or [t for t in self.trick if t[1][-1] == led]
        winner = min(pool, key=lambda t: RANKS.index(t[1][:-1]))[0]
        value = sum(VALUE.get(c[:-1], 0) for _, c in self.trick)
        if len(self.won) == 7 and self.o["last_trick_point"]:
            value += 1
        self.points[winner % 2] += value
        self.won.append(winner % 2)
        self.trick, self.asker, self.turn = [], None, winner
        if self.single is not None:
            team = self.single % 2
            if winner % 2 != team:
                return self._end(team, -3)
            return self._end(team, 3) if len(self.won) == 8 else None
        if len(self.won) == 8:
            team = self.bidder % 2
            return self._end(team, self.mult if self.points[team] >= self.target() else -self.mult)
        return None

    def _play(self):
        self.phase, self.ask = "play", []
        self.turn = self.single if self.single is not None else self.order[0]

    def _end(self, team, delta):
        self.score[team] += delta
        goal = self.o["target"]
        if self.score[team] >= goal:
            self.finished, self.winner = True, team
        elif self.score[team] <= -goal:
            self.finished, self.winner = True, 1 - team
        return "scored"


REFEREE_OPTIONS = [
    {}, {"doubling": False, "single_hand": False},
    {"last_trick_point": True, "marriage_rule": "after-reveal-trick", "marriage_cap": True},
    {"partner_bidding": False, "caller_must_trump": False, "max_bid": 32},
    {"target": 2, "marriage_rule": "after-reveal-trick"},
]


@pytest.mark.parametrize("options", REFEREE_OPTIONS)
def test_engine_agrees_with_an_independent_referee(options):
    opts = {o.id: o.default for o in OPTIONS}
    opts.update(options)
    for n in range(80):
        rng = random.Random(n)
        m = Match(4, n % 4, 500 + n, options)
        ref = Referee(opts, n % 4)
        ref.deal(m.records[-1].setup["hands"])
        while not m.finished:
            assert m.to_act == ref.to_act()
            legal = m.legal_actions()
            assert sorted(legal) == sorted(ref.legal())
            special = [a for a in legal if a in ("reveal-trump", "show-marriage", "double", "redouble")]
            if special and rng.random() < 0.6:
                action = rng.choice(special)
            elif "single-hand" in legal and rng.random() < 0.85:
                action = "pass"
            else:
                action = rng.choice(legal)
            index = m.deal_index
            m.apply(action)
            ended = ref.apply(action)
            assert (ended is not None) == (m.deal_index != index or m.finished)
            if ended:
                rec = m.records[index]
                assert rec.points == ref.points
                if ended == "scored" and ref.single is None:
                    assert rec.info["target"] == ref.target() and rec.info["multiplier"] == ref.mult
                assert m.score == ref.score
                if not ref.finished:
                    if ended == "scored":
                        ref.dealer = (ref.dealer + 1) % 4
                    assert m.dealer == ref.dealer
                    ref.deal(m.records[-1].setup["hands"])
        assert ref.finished and m.winner == ref.winner
