"""Twenty-nine search: worlds agree with what a seat knows, the inference of
the rules page (voids, asks, the hidden trump, the marriage, bids), the fast
playout plays by the rules, decisions are repeatable and depend on the view
alone, and partners do not waste trumps on each other."""
import random

import pytest

from game.ai import make_bot
from game.ai.search.bot import SearchBot
from game.ai.search.worlds import WorldStats, sample_worlds
from game.ai.twenty_nine_search import REVEAL, Knowledge, TwentyNineSearch, win_chance
from game.engine.cards import TWENTY_NINE as DECK
from game.games import twenty_nine as tn

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
