"""Tute search: sampled worlds agree with everything the seat knows (voids,
cantes, windows, the exchange, the 2-player stock), decisions come from the
view alone and are repeatable, capote is announced exactly when it is sure,
and a partner is fed rather than robbed."""
import random

import pytest

from game.ai.search.bot import SearchBot
from game.ai.search.worlds import WorldStats, sample_worlds
from game.ai.tute_bot import TuteBot, can_sweep
from game.ai.tute_search import Knowledge, TuteSearch, _match_chance, _race, _sweep
from game.engine.cards import TUTE
from game.games import tute
from game.games.tute import Match

GAME = TuteSearch()
C = TUTE.card
OPTION_SETS = {
    2: [{}, {"stock_rule": "free", "late_cantes": False, "capote": False, "exchange": False}],
    3: [{}, {"exchange": False}],
    4: [{}],
}


def _positions(players, options, matches, every=3, deals=2):
    """Views met in seeded rule-bot matches (every ``every``-th decision)."""
    for m_no in range(matches):
        m = Match(players, m_no % players, 40 + m_no, options, None, False)
        bots = [TuteBot(m_no * 5 + s) for s in range(players)]
        step = 0
        while not m.finished and m.deal_index < deals:
            seat = m.to_act
            view = m.view(seat)
            if step % every == 0:
                yield m, view
            m.apply(bots[seat].choose(view))
            step += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_sample_agrees_with_the_view(players):
    rng = random.Random(players)
    total = WorldStats()
    views = 0
    for options in OPTION_SETS[players]:
        for _, view in _positions(players, options, 3, every=4):
            stats = WorldStats()
            worlds = sample_worlds(GAME, view, rng, 3, stats=stats)
            assert worlds, view["actions"]
            for w in worlds:
                assert w.agrees_with(view)
            views += 1
            for f in ("tried", "kept"):
                setattr(total, f, getattr(total, f) + getattr(stats, f))
    assert views > 30
    assert total.kept / total.tried > 0.85          # explicit constraints: few rejects


def _samples(view, count=25, seed=1):
    rng = random.Random(seed)
    return sample_worlds(GAME, view, rng, count)


@pytest.mark.parametrize("players", [3, 4])
def test_a_seat_that_did_not_follow_holds_none_of_the_suit(players):
    checked = 0
    for m, view in _positions(players, {}, 4, every=5):
        k = Knowledge(view)
        voids = []
        for t in view["tricks"]:
            led = C(t["cards"][0][1]) // 10
            for s, c in t["cards"][1:]:
                if C(c) // 10 != led and s != view["seat"]:
                    voids.append((s, led))
        if not voids:
            continue
        for w in _samples(view, 8):
            for s, suit in voids:
                assert not any(c // 10 == suit for c in w.hands[s]), (s, suit)
        assert all(k.forbidden[s] >> (suit * 10) & 1 for s, suit in voids)
        checked += 1
    assert checked >= 5


def test_a_follower_that_did_not_beat_holds_nothing_higher():
    """4 players, trump bastos: a copa lead of 10C answered with 5C by a seat
    holding copas means no 1C, 3C, 12C or 11C there; the dealer (seat 3)
    keeps the turned 2B."""
    hands = [["10C", "1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O", "4O"],
             ["5C", "2C", "1E", "3E", "12E", "11E", "10E", "7E", "6E", "5E"],
             ["1C", "3C", "12C", "11C", "4E", "2E", "1B", "3B", "12B", "2O"],
             ["7C", "6C", "4C", "11B", "10B", "7B", "6B", "5B", "4B", "2B"]]
    setup = tute.parse_setup(4, {"hands": hands, "trump": "2B"}, {}, "test")
    m = Match(4, 3, 0, {}, [setup], False)
    m.apply("play 10C")
    m.apply("play 5C")
    view = m.view(0)
    for w in _samples(view, 20):
        assert not {C("1C"), C("3C"), C("12C"), C("11C")} & set(w.hands[1])
        assert C("2B") in w.hands[3]                  # the dealer keeps the turned card


def test_singer_holds_king_and_knight_until_played():
    found = 0
    for players in (2, 3, 4):
        for m, view in _positions(players, {}, 6, every=2):
            k = Knowledge(view)
            sung = [(s, suit) for s, suit, _ in k.sung if s != view["seat"]]
            if not sung:
                continue
            gone = {C(c) for t in view["tricks"] for _, c in t["cards"]} | \
                {C(c) for _, c in view["trick"]}
            for w in _samples(view, 6):
                for s, suit in sung:
                    for card in (suit * 10 + 2, suit * 10 + 3):
                        if card not in gone:
                            assert card in w.hands[s]
            found += 1
    assert found >= 5


def test_no_window_means_no_unsung_pair():
    """3 players: a trick winner for whom no window opened held no unsung
    king-knight pair; every sample respects it."""
    checked = 0
    for m, view in _positions(3, {}, 6, every=3):
        k = Knowledge(view)
        cases = [(s, t, sung) for s, t, sung in k.no_pair if s != view["seat"]]
        if not cases:
            continue
        for w in _samples(view, 6):
            for s, t, sung in cases:
                later = {c for number, c in k.played[s] if number > t}
                held = set(w.hands[s]) | later
                for suit in range(4):
                    if not sung >> suit & 1:
                        assert not {suit * 10 + 2, suit * 10 + 3} <= held
        checked += 1
    assert checked >= 10


def test_three_player_exchange_is_known():
    """Face-up 5E: the exchange card is 2E. Its holder passed: he keeps 2E in
    every sample; had he exchanged, he would hold 5E."""
    hands = [["1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O", "4O", "2O", "1C", "3C", "12C"],
             ["11C", "10C", "7C", "6C", "5C", "4C", "2C", "1E", "3E", "12E", "11E", "10E", "7E"],
             ["6E", "4E", "2E", "1B", "3B", "12B", "11B", "10B", "7B", "6B", "5B", "4B", "2B"]]
    for action, card in (("pass", "2E"), ("exchange", "5E")):
        setup = tute.parse_setup(3, {"hands": hands, "trump": "5E"}, {}, "test")
        m = Match(3, 2, 0, {}, [setup], False)
        assert m.to_act == 2
        m.apply(action)
        view = m.view(0)
        worlds = _samples(view, 15)
        assert len(worlds) == 15
        assert all(C(card) in w.hands[2] for w in worlds)


def test_two_players_unanswered_trump_lead_is_respected():
    """Stock phase, stock_rule trump, trump bastos: seat 1 does not answer the
    4B lead, so it held no trump then; the 1B it trumps with next trick was
    drawn after that trick. Every sample replays legally and agrees; in every
    sample seat 1 held no basto among its first eight cards."""
    hands = [["4B", "1O", "3O", "12O", "7O", "10O", "1E", "3E"],
             ["2C", "3C", "12C", "11C", "10C", "7C", "12E", "11E"]]
    rest = [n for n in TUTE.names if n not in hands[0] + hands[1] + ["7B", "1B", "6C"]]
    stock = ["6C", "1B"] + rest
    setup = tute.parse_setup(2, {"hands": hands, "trump": "7B", "stock": stock}, {}, "test")
    m = Match(2, 1, 0, {}, [setup], False)
    m.apply("play 4B")
    m.apply("play 2C")
    assert m.to_act == 0 and m.phase == tute.PLAY_PHASE
    m.apply("play 1E")
    m.apply("play 1B")
    view = m.view(0)
    k = Knowledge(view)
    assert k.trump_void_at[1] == [1]
    stats = WorldStats()
    worlds = sample_worlds(GAME, view, random.Random(3), 20, stats=stats)
    assert len(worlds) == 20 and stats.kept == 20 * GAME.inference_pool
    assert stats.tried < 1.5 * stats.kept
    for seed in range(20):
        setup, actions = GAME.deal(view, random.Random(seed)) or (None, None)
        if setup is None:
            continue
        assert not any(c // 10 == 3 for c in setup["hands"][1])


def _others_played(view):
    return any(s != view["seat"] and a.startswith("play ") for s, a in view["actions"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reading_how_the_others_played_gives_them_their_true_cards_more_often(players):
    """Inference from play: worlds weighed by how likely the others' cards
    were under a club player's policy hold more of the cards those seats
    really hold than worlds that only respect the rules (voids, cantes)."""
    plain = TuteSearch()
    plain.action_likelihood = lambda view: None
    true_cards = {"inferred": 0, "plain": 0}
    views = 0
    for m, view in _positions(players, {}, 4, every=3, deals=1):
        if GAME.solvable(view) or not _others_played(view) or m.phase != tute.PLAY_PHASE:
            continue
        views += 1
        others = [s for s in range(players) if s != view["seat"]]
        for name, game in (("inferred", GAME), ("plain", plain)):
            for w in sample_worlds(game, view, random.Random(views), 20):
                assert w.agrees_with(view)
                true_cards[name] += sum(bin(w.masks[s] & m.masks[s]).count("1") for s in others)
    assert views >= 10
    assert true_cards["inferred"] > 1.04 * true_cards["plain"], true_cards


def test_a_world_kept_twice_draws_its_stock_anew():
    """2 players: worlds that inference keeps more than once give the other
    seat the same hand and the stock the same cards, in another order."""
    seen = 0
    for m, view in _positions(2, {}, 2, every=2, deals=1):
        if GAME.solvable(view) or not _others_played(view) or view["stock_size"] < 6:
            continue
        stats = WorldStats()
        worlds = sample_worlds(GAME, view, random.Random(7), 30, stats=stats)
        assert stats.ess <= stats.kept
        by_hand = {}
        for w in worlds:
            by_hand.setdefault(w.masks[1 - view["seat"]], []).append(w.stock)
        for stocks in by_hand.values():
            if len(stocks) > 1:
                seen += 1
                assert all(sorted(x) == sorted(stocks[0]) for x in stocks)
                assert len({tuple(x) for x in stocks}) > 1
    assert seen >= 3


def test_two_players_after_the_stock_the_opponent_hand_is_known():
    for m, view in _positions(2, {}, 3, every=2, deals=1):
        if view["stock_size"] or m.phase != tute.PLAY_PHASE:
            continue
        opp = 1 - view["seat"]
        for w in _samples(view, 3):
            assert sorted(w.hands[opp]) == sorted(m.hands[opp])


def _hard(seed=3, iterations=60):
    return SearchBot(GAME, iterations, seed, TuteBot(seed), "hard", worlds=12)


def test_decision_is_deterministic_for_a_seed():
    for players in (2, 3, 4):
        for i, (_, view) in enumerate(_positions(players, {}, 1, every=7, deals=1)):
            if len(view["legal"]) < 2:
                continue
            assert _hard().choose(view) == _hard().choose(view)
            if i > 3:
                break


def test_choice_does_not_depend_on_hidden_cards():
    """Two deals with the same visible state (seat 0's hand, the turned card)
    and different hidden hands: the views are equal, so the choices are."""
    mine = ["1O", "3O", "12C", "7C", "5E", "4E", "2E", "1B", "10B", "6B", "5B", "4B", "2B"]
    rest = [n for n in TUTE.names if n not in mine and n != "5C"]
    rng = random.Random(9)
    choices = set()
    for trial in range(3):
        rng.shuffle(rest)
        setup = tute.parse_setup(3, {"hands": [mine, rest[:13], rest[13:]], "trump": "5C"},
                                 {}, "test")
        m = Match(3, 2, 0, {"exchange": False}, [setup], False)
        view = m.view(0)
        if trial == 0:
            first = view
        assert view == first
        choices.add(_hard().choose(view))
    assert len(choices) == 1


def test_capote_exactly_when_sure():
    """2 players, window after the 12th trick: both hands are known; the
    search announces capote if and only if every trick left can be won."""
    seen = {True: 0, False: 0}
    for m_no in range(40):
        m = Match(2, m_no % 2, 700 + m_no, {}, None, False)
        bots = [TuteBot(m_no + s) for s in range(2)]
        while not m.finished and m.deal_index < 1:
            seat = m.to_act
            view = m.view(seat)
            if "capote" in view["legal"]:
                sure = can_sweep(tuple(sorted(m.hands[seat])), tuple(sorted(m.hands[1 - seat])),
                                 m.trump)
                assert ("capote" in GAME.candidates(m, view["legal"])) == sure
                if sure or seen[False] < 3:
                    choice = _hard(iterations=30).choose(view)
                    assert (choice == "capote") == sure
                seen[sure] += 1
            m.apply(bots[seat].choose(view))
        if seen[True] and seen[False] >= 3:
            break
    assert seen[False] >= 3


def test_exact_sweep_matches_the_rule_bot_solver():
    rng = random.Random(5)
    for _ in range(400):
        cards = list(range(40))
        rng.shuffle(cards)
        k = rng.randint(1, 5)
        a, b = tuple(sorted(cards[:k])), tuple(sorted(cards[k:2 * k]))
        trump = rng.randrange(4)
        assert _sweep(a, b, trump) == can_sweep(a, b, trump)


def test_partner_winning_last_seat_feeds_points():
    """4 players, trump bastos: seat 0 leads 7C, seat 1 takes it with 1C, seat
    2 follows 4C; seat 3 plays last with its partner winning and must follow
    copas: it feeds points, the 3C (10) or the knight (3, keeping the 3C, now
    the master copa), never the 2C, and never takes the trick from its
    partner."""
    hands = [["7C", "1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O", "4O"],
             ["1C", "2O", "1E", "3E", "12E", "11E", "10E", "7E", "6E", "5E"],
             ["4C", "12C", "4E", "2E", "1B", "3B", "12B", "11B", "10B", "7B"],
             ["3C", "2C", "6C", "5C", "11C", "10C", "6B", "5B", "4B", "2B"]]
    setup = tute.parse_setup(4, {"hands": hands, "trump": "2B"}, {}, "test")
    m = Match(4, 3, 0, {}, [setup], False)
    for a in ("play 7C", "play 1C", "play 4C"):
        m.apply(a)
    view = m.view(3)
    assert "play 3C" in view["legal"] and "play 2C" in view["legal"]
    assert _hard(iterations=600).choose(view) in ("play 3C", "play 11C")


def test_equal_cards_are_pruned():
    hands = [["7C", "6C", "5C", "1O", "3O", "12O", "11O", "10O", "7O", "6O"],
             ["4C", "2C", "1E", "3E", "12E", "11E", "10E", "7E", "6E", "5E"],
             ["3C", "1C", "4E", "2E", "1B", "3B", "12B", "11B", "10B", "7B"],
             ["12C", "11C", "10C", "5O", "4O", "2O", "6B", "5B", "4B", "2B"]]
    setup = tute.parse_setup(4, {"hands": hands, "trump": "2B"}, {}, "test")
    m = Match(4, 3, 0, {}, [setup], False)
    legal = m.legal_actions()
    got = GAME.candidates(m, legal)
    # 7C 6C 5C are one card, and so are 7O 6O; 12O and 11O (unsung pair) stay apart
    assert set(got) == set(legal) - {"play 6C", "play 5C", "play 6O"}


def test_values_know_the_match_score():
    assert _match_chance((1, 3, 3), 0, 3) > _match_chance((3, 3, 3), 0, 3) > \
        _match_chance((3, 1, 3), 0, 3)
    assert abs(_match_chance((3, 3), 0, 2) - 0.5) < 1e-9
    assert _race(10, 60) > 0.9 and _race(60, 10) < 0.1 and abs(_race(40, 40) - 0.5) < 1e-9


def test_explain_gives_locale_keys():
    for _, view in _positions(3, {}, 1, every=5, deals=1):
        if len(view["legal"]) < 2:
            continue
        bot = _hard(iterations=40)
        stats = bot.analyse(view)
        reasons = GAME.explain(view, stats)
        assert reasons and all(key.startswith("hint.tute.") for key, _ in reasons)
        break


def _minimax(m, seat, view):
    """Plain minimax over the engine, no table, no cuts: the reference."""
    if m.finished or m.deal_index != view["deal_index"] or m.to_act is None:
        rewards, margins = GAME.outcome(m, view)
        return rewards[seat] + 1e-6 * margins[seat]
    values = []
    for action in m.legal_actions():
        child = m.clone()
        child.apply_fast(action)
        values.append(_minimax(child, seat, view))
    return max(values) if m.to_act == seat else min(values)


def test_two_players_after_the_stock_decisions_are_solved_exactly():
    """Once the stock is empty nothing is hidden: the bot solves the rest of
    the deal (alpha-beta with a table) and gets the values plain minimax gets,
    plays the best of them, and still samples while the stock lasts."""
    from game.ai.search.exact import solve
    solved = sampled = 0
    for m, view in _positions(2, {}, 6, every=1, deals=2):
        if len(view["legal"]) < 2:
            continue
        bot = _hard(iterations=30)
        if view["stock_size"]:
            assert not GAME.solvable(view)
            if sampled < 3:
                bot.choose(view)
                assert not bot.last_exact
                sampled += 1
            continue
        assert GAME.solvable(view)
        if len(m.hands[view["seat"]]) > 4 or solved >= 12:
            continue
        choice = bot.choose(view)
        assert bot.last_exact
        stats = {s.action: s.value + 1e-6 * s.margin for s in bot.last_stats}
        assert set(stats) == set(view["legal"])
        for action in view["legal"]:
            child = m.clone()
            child.apply_fast(action)
            assert stats[action] == pytest.approx(_minimax(child, view["seat"], view), abs=1e-9)
        assert stats[choice] == max(stats.values())
        assert solve(GAME, m.clone(), view, 1) is None       # over its node limit: not solved
        solved += 1
    assert solved >= 12 and sampled == 3


def test_expert_keeps_more_worlds_than_hard_from_a_larger_weighed_draw():
    """Tute's Expert keeps three times Hard's worlds, each from six weighed."""
    from game.ai import make_bot
    _, view = next((m, v) for m, v in _positions(2, {}, 2, every=2, deals=1)
                   if _others_played(v) and not GAME.solvable(v) and len(v["legal"]) > 1)
    hard, expert = make_bot("hard", "tute", 3), make_bot("expert", "tute", 3)
    hard.iterations = expert.iterations = 240        # the worlds, not the search, are under test
    hard.analyse(view)
    expert.analyse(view)
    assert hard.last_worlds.kept == 40 * GAME.inference_pool
    assert expert.last_worlds.kept == 120 * GAME.inference_pool


def test_expert_reads_each_other_seat_as_a_club_or_a_strong_player():
    """At a table of four Hard weighs a world by how likely each other seat's cards
    were under the club player's policy; Expert by, per seat, even odds of
    that reading or a strong player's (whose card is the policy's less
    often), so a seat that keeps leaving the policy costs a world less: the
    weights of a view's worlds spread less (in nearly every view; the
    playable cards differ from world to world)."""
    import math

    from game.ai.search.game import Steady, policy_likelihood
    from game.ai.tute_search import INFERENCE_SLIP, PLAY, STRONG_SLIP
    hard, expert = TuteSearch(), TuteSearch()
    hard.at_level("hard")
    expert.at_level("expert")
    slip = INFERENCE_SLIP[4]
    checked = flatter = 0
    for m, view in _positions(4, {}, 3, every=4, deals=1):
        if GAME.solvable(view) or m.phase != tute.PLAY_PHASE or len(view["actions"]) < 12:
            continue
        rng = random.Random(len(view["actions"]))
        logs = {"hard": [], "expert": []}
        # one reading per view, as sample_worlds keeps it across that view's worlds
        read = {"hard": hard.action_likelihood(view), "expert": expert.action_likelihood(view)}
        for _ in range(8):
            setup, actions = GAME.deal(view, rng)
            club, strong = {}, {}
            got = {"hard": 0.0, "expert": 0.0}

            def observe(match, action):
                if match.to_act == view["seat"]:
                    return
                for name in got:
                    got[name] += math.log(read[name](match, action))
                n = len(match._playable(match.turn))
                if match.phase == tute.PLAY_PHASE and n > 1:
                    chosen = action == PLAY[GAME._play(match, Steady())]
                    s = match.turn
                    club[s] = club.get(s, 1.0) * policy_likelihood(chosen, n, slip)
                    strong[s] = strong.get(s, 1.0) * policy_likelihood(chosen, n, STRONG_SLIP)

            Match.from_world(view, setup, actions, observe)
            assert got["hard"] == pytest.approx(sum(math.log(c) for c in club.values()))
            assert got["expert"] == pytest.approx(
                sum(math.log(0.5 * club[s] + 0.5 * strong[s]) for s in club))
            logs["hard"].append(got["hard"])
            logs["expert"].append(got["expert"])
            checked += 1
        spread = {k: max(v) - min(v) for k, v in logs.items()}
        flatter += spread["expert"] <= spread["hard"]
    assert checked >= 40
    assert flatter >= 0.8 * checked // 8         # Expert's weights spread less
