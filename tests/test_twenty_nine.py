"""Twenty-nine: every worked example of rules/twenty_nine.md §10, the rules
around them, and random-legal property tests over every option set."""
import random

import pytest

from game.engine.errors import IllegalAction, MatchFileError
from game.engine.matchfile import match_to_toml, parse_match_text, play_spec, replay_report
from game.games import twenty_nine as tn
from game.games.twenty_nine import DECK, POINTS, Match

# Hands for the hidden-trump example: seats 1 and 3 are void in spades.
HANDS = [
    ["JS", "AS", "10S", "KS", "JD", "9D", "AD", "10D"],
    ["7H", "8H", "9H", "JH", "JC", "9C", "AC", "10C"],
    ["9S", "QS", "8S", "7S", "KD", "QD", "8D", "7D"],
    ["QH", "KH", "AH", "10H", "KC", "QC", "8C", "7C"],
]
# seat 1 bids 16 and chooses hearts; nobody doubles or plays alone
TO_PLAY = ["pass", "bid 16", "pass", "pass", "pass", "pass", "choose-trump H",
           "pass", "pass", "pass", "pass"]


def match_file(actions, hands=HANDS, options="", dealer=3, extra_deals=""):
    hands_toml = "[" + ", ".join("[" + ", ".join(f'"{c}"' for c in h) + "]" for h in hands) + "]"
    acts = ", ".join(f'"{a}"' for a in actions)
    return (f'game = "twenty_nine"\nplayers = 4\ndealer = {dealer}\nseed = 11\n'
            f"[options]\n{options}\n[[deals]]\nhands = {hands_toml}\nactions = [{acts}]\n{extra_deals}")


def play(actions, **kw):
    return play_spec(parse_match_text(match_file(actions, **kw)))


# ----- §10 worked examples ----------------------------------------------------
def test_example_1_points():
    trick = ["JH", "9H", "AH", "10H"]
    assert sum(POINTS[DECK.card(c)] for c in trick) == 7
    assert sum(POINTS[DECK.card(c)] for c in ["KS", "QS", "8S", "7S"]) == 0
    assert sum(POINTS) == 28


def test_example_2_auction():
    m = play(["bid 16", "bid 17", "bid 17", "bid 18", "pass", "bid 19", "bid 19", "pass", "pass"])
    assert m.bidder == 1 and m.bid == 19
    assert m.to_act == 0 and sorted(m.legal_actions()) == ["double", "pass"]
    m.apply("pass")
    assert m.to_act == 2


@pytest.mark.parametrize("prefix, bad", [
    ([], "bid 15"),                                   # opening below 16
    (["bid 16", "bid 17", "bid 17"], "bid 17"),       # challenger must go higher than 17
    (["bid 16", "bid 17", "bid 17", "bid 18", "pass", "bid 19"], "bid 18"),  # holder may only equal 19
])
def test_example_2_illegal_bids(prefix, bad):
    m = play(prefix)
    before = replay_report(m)
    with pytest.raises(IllegalAction):
        m.apply(bad)
    assert replay_report(m) == before


def test_example_3_hidden_trump_reveal():
    m = play(TO_PLAY + ["play JS"])
    assert m.to_act == 1
    assert "reveal-trump" in m.legal_actions()          # seat 1 is void in spades
    m.apply("play 7H")                                   # a discard while hidden
    m.apply("play 9S")
    assert "reveal-trump" in m.legal_actions()
    m.apply("reveal-trump")
    assert m.to_act == 3                                 # the reveal does not end the turn
    legal = set(m.legal_actions())
    assert {a for a in legal if a.startswith("play")} == {"play QH", "play KH", "play AH", "play 10H"}
    m.apply("play QH")
    assert m.leader == 3                                 # QH beats 7H, both now trumps
    assert m.points == [0, 3 + 2]                       # JS 3 + 9S 2 + 7H 0 + QH 0 -> team 1
    

def test_example_3_without_asking_leader_wins():
    m = play(TO_PLAY + ["play JS", "play 7H", "play 9S", "play 8C"])
    assert m.leader == 0 and m.points == [5, 0]


def test_reveal_never_for_leader_or_follower():
    m = play(TO_PLAY)
    assert "reveal-trump" not in m.legal_actions()       # the leader
    m.apply("play JS")
    m.apply("play 7H")
    assert "reveal-trump" not in m.legal_actions()       # seat 2 holds spades
    with pytest.raises(IllegalAction) as err:
        m.apply("reveal-trump")
    assert err.value.reason_key == "can_follow"


def test_trump_discard_before_reveal_in_earlier_trick_stands():
    # seat 1 discards 7H in trick 1 without asking and nobody reveals: seat 0 wins.
    m = play(TO_PLAY + ["play JS", "play 7H", "play 9S", "play 8C"])
    assert m.trick_teams == [0]
    # trick 2: seat 0 leads AS; seat 1 asks; 7H from trick 1 stays a lost discard.
    m.apply("play AS")
    m.apply("reveal-trump")
    m.apply("play 8H")
    m.apply("play QS")
    assert "reveal-trump" not in m.legal_actions()       # already known
    m.apply("play 7C")                                   # seat 3 may discard freely after the reveal
    assert m.trick_teams == [0, 1]


def test_example_4_targets():
    m = play(["bid 20", "pass", "pass", "pass"])
    assert m.bidder == 0
    m.marriage_team = 0
    assert m.target() == 16
    m.marriage_team = 1
    assert m.target() == 24
    for bid, team, expected in [(18, 0, 16), (16, 0, 16), (26, 1, 30)]:
        m.bid, m.marriage_team = bid, team
        assert m.target() == expected
    capped = play(["bid 26", "pass", "pass", "pass"], options="marriage_cap = true")
    capped.marriage_team = 1
    assert capped.target() == 28


def _finish_deal_with_points(m, points):
    """Drive scoring with given card points (used for the arithmetic examples)."""
    m.points = list(points)
    m.tricks_done = 8
    m._score_deal()


def test_example_5_scores():
    m = play(["pass", "bid 18", "pass", "pass", "double"])       # team 1 bids 18, doubled
    assert m.multiplier == 2 and m.to_act == 1                   # bidding team may redouble
    m.apply("pass"); m.apply("pass")
    m.apply("choose-trump S")
    _finish_deal_with_points(m, [13, 15])
    assert m.score == [0, -2]
    m = play(["pass", "bid 18", "pass", "pass", "double", "redouble", "choose-trump S"])
    assert m.multiplier == 4
    _finish_deal_with_points(m, [10, 18])
    assert m.score == [0, 4]


def test_example_5_single_hand_won_and_lost():
    # seat 0 holds the four top cards... play a single hand: seat 0 leads every trick.
    hands = [["JS", "9S", "AS", "10S", "JH", "9H", "AH", "10H"],
             ["KS", "QS", "8S", "7S", "KH", "QH", "8H", "7H"],
             ["JD", "9D", "AD", "10D", "JC", "9C", "AC", "10C"],
             ["KD", "QD", "8D", "7D", "KC", "QC", "8C", "7C"]]
    m = play(["bid 16", "pass", "pass", "pass", "pass", "pass", "choose-trump S", "single-hand"],
             hands=hands)
    assert m.single == 0 and m.to_act == 0 and m.skip == 2
    for card in hands[0]:
        m.apply(f"play {card}")
        for _ in range(2):
            m.apply(next(a for a in m.legal_actions() if a.startswith("play")))
    assert m.score == [3, 0] and m.deal_index == 1
    # lost: seat 1 declares, seat 0 wins the first trick with JS
    m = play(["bid 16", "pass", "pass", "pass", "pass", "pass", "choose-trump S", "pass",
              "single-hand", "play KS", "play JD", "play JS"], hands=hands)
    assert m.score == [0, -3] and m.deal_index == 1
    assert m.records[0].points == [6, 0]               # KS 0 + JD 3 + JS 3; seat 3 sits out


def test_example_6_match_end():
    m = play(["bid 16", "pass", "pass", "pass", "pass", "pass", "choose-trump S"])
    m.score = [5, -2]
    _finish_deal_with_points(m, [16, 12])
    assert m.finished and m.winner == 0 and m.score == [6, -2] and m.to_act is None
    m = play(["pass", "bid 16", "pass", "pass", "pass", "pass", "choose-trump S"])
    m.score = [0, -5]
    _finish_deal_with_points(m, [13, 15])
    assert m.finished and m.winner == 0 and m.score == [0, -6]


def test_example_7_void_deal():
    m = play(["pass", "pass", "pass", "pass"], extra_deals="[[deals]]\n")
    report = replay_report(m)
    assert report["deals"][0]["points"] == [0, 0] and report["deals"][0]["ended"]
    assert len(report["deals"]) == 2 and report["deals"][1]["dealer"] == 3
    assert report["to_act"] == 0 and report["score"] == [0, 0]
    assert sorted(report["legal"]) == sorted([f"bid {n}" for n in range(16, 29)] + ["pass"])


# ----- further rules ---------------------------------------------------------
def test_partner_bidding_off():
    m = play(["bid 16", "pass"], options="partner_bidding = false")
    assert m.to_act == 2 and m.legal_actions() == ["pass"]


def test_max_bid_and_rounds_off():
    m = play(["bid 28"], options="max_bid = 30\ndoubling = false\nsingle_hand = false")
    assert "bid 30" in m.legal_actions() and "bid 31" not in m.legal_actions()
    for _ in range(3):
        m.apply("pass")
    assert m.legal_actions() == [f"choose-trump {s}" for s in "SHDC"]
    m.apply("choose-trump D")
    assert m.phase == tn.PLAY_PHASE and m.to_act == 0


def test_marriage_after_reveal():
    m = play(TO_PLAY + ["play JS", "play 7H", "play 9S", "reveal-trump", "show-marriage"])
    assert m.marriage_team == 1 and m.target() == 16      # bidder seat 1's team: 16 - 4 floors at 16
    assert "show-marriage" not in m.legal_actions()


def test_marriage_after_reveal_trick_option():
    m = play(TO_PLAY + ["play JS", "play 7H", "play 9S", "reveal-trump"],
             options='marriage_rule = "after-reveal-trick"')
    assert "show-marriage" not in m.legal_actions()       # no trick won since the reveal yet
    m.apply("play AH")                                     # seat 3 wins the reveal trick
    assert "show-marriage" in m.legal_actions()           # that trick counts


def test_caller_may_discard_with_option_off():
    m = play(TO_PLAY + ["play JS", "play 7H", "play 9S", "reveal-trump"],
             options="caller_must_trump = false")
    assert "play 8C" in m.legal_actions()


def test_last_trick_point_makes_29():
    m = play(TO_PLAY, options="last_trick_point = true")
    rng = random.Random(3)
    while m.deal_index == 0:
        m.apply(rng.choice([a for a in m.legal_actions() if a.startswith("play")]))
    assert sum(m.records[0].points) == 29


@pytest.mark.parametrize("text, fragment", [
    ("players = 3", "played by 4 players"),
    ("[options]\nmax_bid = 40", "at most 32"),
    ("[options]\nfoo = 1", "unknown option"),
    ("[options]\ndoubling = 1", "true or false"),
    ('[[deals]]\nhands = [["JS"]]', "4 hands"),
    ('[[deals]]\nhands = [["JS","JS","AS","10S","KS","QS","8S","7S"],[],[],[]]', "twice"),
    ('[[deals]]\nhands = [["XX","9S","AS","10S","KS","QS","8S","7S"],[],[],[]]', "unknown card"),
    ('[[deals]]\ntrump = "JS"', "unknown key"),
    ("game = ", "not valid TOML"),
])
def test_malformed_files(text, fragment):
    base = 'game = "twenty_nine"\n' if not text.startswith("game") else ""
    with pytest.raises(MatchFileError) as err:
        parse_match_text(base + text)
    assert fragment in str(err.value)


# ----- property tests ----------------------------------------------------------
OPTION_SETS = [
    {},
    {"doubling": False, "single_hand": False},
    {"last_trick_point": True, "marriage_rule": "after-reveal-trick", "marriage_cap": True},
    {"partner_bidding": False, "caller_must_trump": False, "max_bid": 32},
    {"target": 2},
]
ALL_ACTIONS = list(tn.ACTIONS)


def card_places(m):
    places = [c for h in m.hands for c in h] + [c for h in m.second for c in h] + list(m.trick)
    places += [c for cards, _, _ in m.history for c in cards]
    return places


def snapshot(m):
    return (m.to_act, tuple(m.legal_actions()), tuple(m.score), m.deal_index,
            tuple(str(m.view(s)) for s in range(4)))


def check_view_privacy(m):
    for seat in range(4):
        view = m.view(seat)
        public = {c for t in view["tricks"] for _, c in t["cards"]} | {c for _, c in view["trick"]}
        others = {DECK.names[c] for s in range(4) if s != seat for c in m.hands[s] + m.second[s]}
        assert not (others & set(view["hand"]))
        assert not (others & public)
        text = str({k: v for k, v in view.items() if k not in ("hand", "legal")})
        for card in others:
            assert f"'{card}'" not in text
        if m.trump is not None and not m.revealed and seat != m.bidder:
            assert view["trump"] is None
        if seat == m.bidder and m.trump is not None:
            assert view["trump"] == DECK.suits[m.trump]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_legal_deals_keep_invariants(options):
    rng = random.Random(hash(str(sorted(options.items()))) & 0xFFFF)
    deals = 0
    match_no = 0
    while deals < 600:
        m = Match(4, match_no % 4, 1000 + match_no, options)
        match_no += 1
        step = 0
        while not m.finished:
            step += 1
            assert sorted(card_places(m)) == list(range(32))
            legal = m.legal_actions()
            assert legal and m.to_act is not None
            if step % 7 == 0:
                check_view_privacy(m)
                bad = rng.choice([a for a in ALL_ACTIONS if a not in legal])
                before = snapshot(m)
                with pytest.raises(IllegalAction):
                    m.apply(bad)
                assert snapshot(m) == before
            if step % 23 == 0:                         # every legal action applies
                for action in legal:
                    m.clone().apply(action)
            index = m.deal_index
            m.apply(rng.choice(legal))
            if m.deal_index != index or m.finished:
                deals += 1
                rec = m.records[index]
                full = 29 if m.options["last_trick_point"] else 28
                if rec.info.get("single_hand") is None and rec.info.get("bidder") is not None:
                    assert sum(rec.points) == full
                else:
                    assert sum(rec.points) <= full
        assert m.winner in (0, 1)
        assert m.score[m.winner] >= m.options["target"] or m.score[1 - m.winner] <= -m.options["target"]


def test_deal_scoring_matches_recount():
    """The score change of every deal equals a recount from its events."""
    rng = random.Random(5)
    for n in range(150):
        m = Match(4, n % 4, n)
        while not m.finished:
            before = list(m.score)
            index = m.deal_index
            m.apply(rng.choice(m.legal_actions()))
            if m.deal_index == index and not m.finished:
                continue
            rec = m.records[index]
            won = [0, 0]
            for e in rec.events:
                if e.kind == "trick won":
                    won[e.seat % 2] += e.data["points"]
            assert won == rec.points
            delta = [a - b for a, b in zip(m.score, before)]
            info = rec.info
            if info["bidder"] is None:
                assert delta == [0, 0]
            elif info.get("single_hand") is not None:
                team = info["single_hand"] % 2
                assert delta[team] == (3 if info["made"] else -3) and delta[1 - team] == 0
            else:
                team = info["bidder"] % 2
                made = rec.points[team] >= info["target"]
                assert info["made"] == made
                assert delta[team] == (info["multiplier"] if made else -info["multiplier"])


def test_save_and_replay_gives_same_state():
    rng = random.Random(9)
    for n in range(40):
        m = Match(4, n % 4, n, OPTION_SETS[n % len(OPTION_SETS)])
        for _ in range(rng.randrange(1, 400)):
            if m.finished:
                break
            m.apply(rng.choice(m.legal_actions()))
        again = play_spec(parse_match_text(match_to_toml(m)))
        assert replay_report(again) == replay_report(m)
        assert [again.view(s) for s in range(4)] == [m.view(s) for s in range(4)]
