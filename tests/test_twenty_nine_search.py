"""Twenty-nine search: worlds agree with what a seat knows, the inference of
the rules page (voids, asks, the hidden trump, the marriage, bids), the fast
playout plays by the rules, decisions are repeatable and depend on the view
alone, and partners do not waste trumps on each other."""
import random

import pytest

from game.ai import make_bot
from game.ai.search.bot import SearchBot
from game.ai.search.worlds import WorldStats, sample_worlds
from game.ai.twenty_nine_search import TwentyNineSearch, win_chance
from game.engine.cards import TWENTY_NINE as DECK
from game.games import twenty_nine as tn

from cheat_checks import check_the_cheat_searches_its_own_later_bets

GAME = TwentyNineSearch()
OPTION_SETS = [{}, {"marriage_rule": "after-reveal-trick", "last_trick_point": True},
               {"doubling": False, "single_hand": False, "caller_must_trump": False},
               {"partner_bidding": False, "max_bid": 32, "marriage_cap": True, "target": 3}]


def positions(seed: int, options: dict, every: int = 3, matches: int = 2):
    """(match, view) at decisions of seeded rule-bot matches, all phases."""
    out = []
    for n in range(matches):
        match = tn.Match(4, n % 4, seed + n, options, None, False)
        bots = [make_bot("rule", "twenty_nine", seed * 10 + s) for s in range(4)]
        step = 0
        while not match.finished and match.deal_index < 3:
            seat = match.to_act
            view = match.view(seat)
            if step % every == 0:
                out.append((match.clone(), view))
            step += 1
            match.apply(bots[seat].choose(view))
    return out


@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_sample_agrees_with_the_view(options):
    for match, view in positions(5, options, every=4):
        stats = WorldStats()
        worlds = sample_worlds(GAME, view, random.Random(1), 6, stats=stats)
        assert worlds, (view["phase"], stats.tried, stats.illegal, stats.disagree)
        for world in worlds:
            assert world.agrees_with(view)
        assert stats.illegal == 0 and stats.disagree == 0     # hard facts are dealt, not rejected


def test_fast_playout_is_the_engine_played_by_the_policy():
    """play_out's tight loop equals stepping the engine (with checking) through
    playout_action, the same generator draws giving the same cards."""
    for options in OPTION_SETS:
        for match, view in positions(9, options, every=5):
            if match.finished:
                continue
            for k in range(3):
                fast = match.clone()
                fast.lean = True
                slow = match.clone()
                slow.lean = True
                deal = match.deal_index
                GAME.play_out(fast, random.Random(k))
                rng = random.Random(k)
                while not slow.deal_over_since(deal):
                    slow.apply(GAME.playout_action(slow, rng))      # apply checks legality
                assert (fast.score, fast.finished, fast.winner) == (slow.score, slow.finished, slow.winner)
                if slow.bidder is not None or slow.single is not None:
                    assert fast.points == slow.points


# ----- scripted positions ----------------------------------------------------------------
HANDS = [["JH", "9H", "AC", "AD", "10H", "KD", "QD", "7D"],      # seat 0 bids and names hearts
         ["7H", "7S", "KS", "QS", "9D", "8D", "10D", "JD"],      # seat 1: no clubs
         ["JS", "9S", "AS", "8C", "10S", "JC", "9C", "10C"],     # seat 2
         ["8S", "KC", "QC", "7C", "AH", "KH", "QH", "8H"]]      # seat 3: the marriage, no diamonds
TO_PLAY = ["bid 16", "pass", "pass", "pass", "pass", "pass", "choose-trump H",
           "pass", "pass", "pass", "pass"]


def scripted(actions, options=None, hands=HANDS):
    setup = {"hands": [[DECK.card(c) for c in h] for h in hands]}
    match = tn.Match(4, 3, 1, options or {}, [setup], False)
    for action in actions:
        match.apply(action)
    return match


def samples(view, count=60, seed=3):
    stats = WorldStats()
    worlds = sample_worlds(GAME, view, random.Random(seed), count, stats=stats)
    assert len(worlds) == count and stats.illegal == stats.disagree == 0
    return worlds


def test_a_seat_that_did_not_follow_holds_none_of_the_suit():
    # seat 2 does not follow clubs... seat 1 lacks clubs: it asked for the trump on a club lead
    match = scripted(TO_PLAY + ["play AC", "reveal-trump", "play 7H", "play 8C", "play KC"])
    for seat in (0, 2, 3):
        for world in samples(match.view(seat)):
            assert not any(c // 8 == 3 for c in world.hands[1])      # no club with seat 1


def test_an_asker_not_bound_to_trump_may_still_hold_one():
    hands = [list(h) for h in HANDS]
    hands[1] = ["8H", "7S", "KS", "QS", "9D", "8D", "10D", "JD"]
    hands[3] = ["8S", "KC", "QC", "7C", "AH", "KH", "QH", "7H"]
    # caller_must_trump off: seat 1 asks on the club lead and plays a spade although it holds 8H
    match = scripted(TO_PLAY + ["play AC", "reveal-trump", "play 7S"],
                     options={"caller_must_trump": False}, hands=hands)
    worlds = samples(match.view(2))
    assert all(not any(c // 8 == 3 for c in w.hands[1]) for w in worlds)     # void in clubs
    assert any(DECK.card("8H") in w.hands[1] for w in worlds)                # hearts possible


def test_an_asker_made_to_trump_who_could_not_holds_no_trump():
    hands = [list(h) for h in HANDS]
    hands[1], hands[2] = (["JS", "7S", "KS", "QS", "9D", "8D", "10D", "JD"],
                          ["7H", "9S", "AS", "8C", "10S", "JC", "9C", "10C"])
    match = scripted(TO_PLAY + ["play AC", "reveal-trump", "play 7S"], hands=hands)
    for seat in (0, 2, 3):
        for world in samples(match.view(seat), 30):
            assert not any(c // 8 in (1, 3) for c in world.hands[1])     # no heart, no club


def test_the_marriage_shower_holds_king_and_queen():
    match = scripted(TO_PLAY + ["play AC", "reveal-trump", "play 7H", "play 8C", "show-marriage",
                                "play KC"])
    kh, qh = DECK.card("KH"), DECK.card("QH")
    for seat in (0, 1, 2):
        for world in samples(match.view(seat), 30):
            assert kh in world.hands[3] and qh in world.hands[3]


def test_hidden_trump_is_sampled_from_the_bidders_first_packet():
    match = scripted(TO_PLAY)
    view = match.view(2)
    assert view["trump"] is None
    trumps = [w.trump for w in samples(view)]
    assert len(set(trumps)) > 1                     # the partner does not know it
    held = [any(c // 8 == w.trump for c in w.hands[0][:4]) for w in samples(view, 60)]
    assert sum(held) >= 0.9 * len(held)             # mostly a suit of the bidder's first four
    assert all(w.trump == 1 for w in samples(match.view(0), 20))    # the bidder does


def test_a_high_bid_makes_a_strong_first_packet_likely():
    from game.ai.twenty_nine_bot import bid_estimate
    # seat 1 bids 20 over seat 0's 16; the others passed
    hands = [list(h) for h in HANDS]
    match = tn.Match(4, 3, 1, {}, [{"hands": [[DECK.card(c) for c in h] for h in hands]}], False)
    for action in ["bid 16", "bid 20", "pass", "pass", "pass"]:
        match.apply(action)
    view = match.view(2)
    worlds = samples(view, 60)
    bidder = sum(bid_estimate(w.hands[1][:4])[0] for w in worlds) / len(worlds)
    passer = sum(bid_estimate(w.hands[3][:4])[0] for w in worlds) / len(worlds)
    assert bidder > passer + 1.5


def test_never_trumps_over_a_partners_winning_trick():
    """Seat 0 is last, void in spades; its partner's jack wins: no heart (trump)."""
    match = scripted(TO_PLAY + ["play AC", "reveal-trump", "play 7H", "play 8C", "play KC",
                                "play 7S", "play JS", "play 8S"])
    view = match.view(0)
    assert view["to_act"] == 0 and "play JH" in view["legal"]
    for seed in range(3):
        choice = SearchBot(GAME, 400, seed=seed).choose(view)
        assert choice.startswith("play ") and DECK.card(choice[5:]) // 8 != 1, choice


def test_never_asks_over_a_partners_winning_trick():
    """Seat 3 is last, void in diamonds, partner's jack of diamonds wins: asking
    would make it trump its partner's trick (and it has no marriage to show)."""
    hands = [list(h) for h in HANDS]
    hands[0] = ["JH", "9H", "AC", "AD", "QH", "KD", "QD", "7D"]
    hands[2] = ["JS", "9S", "AS", "8C", "10S", "JC", "9C", "QC"]
    hands[3] = ["8S", "KC", "10C", "7C", "AH", "KH", "10H", "8H"]
    match = scripted(TO_PLAY + ["play 7D", "play JD", "play 8C"], hands=hands)
    view = match.view(3)
    assert "reveal-trump" in view["legal"]
    for seed in range(3):
        assert SearchBot(GAME, 400, seed=seed).choose(view) != "reveal-trump"


def test_a_decision_is_repeatable_and_from_the_view_alone():
    match = scripted(TO_PLAY + ["play 7D"])
    view = match.view(1)
    a = SearchBot(GAME, 300, seed=5).choose(view)
    assert a == SearchBot(GAME, 300, seed=5).choose(view)
    hands = [list(h) for h in HANDS]
    hands[2], hands[3] = (["JS", "9S", "AS", "8C", "10S", "JC", "9C", "8S"],
                          ["10C", "KC", "QC", "7C", "AH", "KH", "QH", "8H"])
    other = scripted(TO_PLAY + ["play 7D"], hands=hands)
    assert other.view(1) == view                       # the hidden cards differ, the view does not
    assert SearchBot(GAME, 300, seed=5).choose(other.view(1)) == a


def test_the_cheat_searches_its_own_later_bets():
    match = scripted(["bid 16"])                       # seat 1 to bid: the lowest bid and a pass
    check_the_cheat_searches_its_own_later_bets(
        "twenty_nine", match, lambda game: setattr(game, "_root_view", match.view(0)),
        ["bid 17", "pass"], "bid 17")


def test_win_chance_weighs_the_target():
    assert win_chance([0, 0], 6, 0) == pytest.approx(0.5)
    assert win_chance([5, 0], 6, 0) > 0.85
    assert win_chance([-5, 0], 6, 0) < 0.15
    # a point near the target is worth more than one at the start
    assert win_chance([5, 0], 6, 0) - win_chance([4, 0], 6, 0) > win_chance([1, 0], 6, 0) - win_chance([0, 0], 6, 0)


def test_explain_gives_known_reasons_with_their_params():
    import tomllib
    from pathlib import Path
    notes = Path("/work/notes/hints_twenty_nine.toml")
    strings = tomllib.loads(notes.read_text())["en"]["hint"]["twenty_nine"] if notes.exists() else None
    kinds = set()
    for match, view in positions(3, {}, every=6):
        if not view["legal"] or len(view["legal"]) < 2:
            continue
        bot = SearchBot(GAME, 60, seed=1)
        stats = bot.analyse(view)
        reasons = GAME.explain(view, stats)
        assert 1 <= len(reasons) <= 4
        for key, params in reasons:
            assert key.startswith("hint.twenty_nine.")
            kinds.add(key)
            if strings is not None:
                strings[key.split(".")[-1]].format(**params)      # every placeholder is given
    assert len(kinds) >= 4


def test_the_auction_bounds_each_seat_by_its_calls():
    from game.ai.twenty_nine_search import auction_bounds
    # order 1, 2, 3, 0: 1 opens 16, 2 bids 17, 1 holds, 2 bids 18, 1 gives up; 3 passes
    # 2's 18, then 0 (2's partner) passes; the double round after it is not read
    calls = [[1, "16"], [2, "17"], [1, "17"], [2, "18"], [1, "pass"], [3, "pass"], [0, "pass"],
             [1, "double"], [3, "pass"]]
    low, high = auction_bounds(calls, [1, 2, 3, 0])
    assert low == [None, 16.5, 17.5, None]
    assert high == [20.5, 17.5, None, 18.5]
    # all pass: each is below the opening bid
    assert auction_bounds([[s, "pass"] for s in (2, 3, 0, 1)], [2, 3, 0, 1]) == ([None] * 4, [15.5] * 4)


def test_passing_over_a_bid_makes_a_weak_first_packet_likely():
    from game.ai.twenty_nine_bot import bid_estimate
    # dealer 3: seat 0 opens 16, seat 1 passes it; seat 2 (0's partner) looks
    hands = [list(h) for h in HANDS]
    match = tn.Match(4, 3, 1, {}, [{"hands": [[DECK.card(c) for c in h] for h in hands]}], False)
    for action in ["bid 16", "pass", "pass", "bid 17"]:
        match.apply(action)
    view = match.view(2)
    worlds = samples(view, 60)
    passer = [bid_estimate(w.hands[1][:4])[0] for w in worlds]
    bidder = [bid_estimate(w.hands[3][:4])[0] for w in worlds]
    assert sum(e < 16.5 for e in passer) >= 0.8 * len(worlds)
    assert sum(bidder) / len(bidder) > sum(passer) / len(passer) + 1.5
