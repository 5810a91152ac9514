"""The search framework, for every game that has a search adapter: sampled
worlds agree with the seat's view, a bot's choice depends on its view alone
(never on the cards it cannot see), levels and the arena's cheat bot."""
from __future__ import annotations

import random

import pytest

from game.ai import SEARCH_GAMES, bot_kinds, has_search, levels, make_bot, search_game
from game.ai.arena import play_match
from game.ai.search.bot import CheatBot, SearchBot
from game.ai.search.ismcts import ActionStat, search
from game.ai.search.worlds import Slot, WorldStats, deal_constrained, sample_worlds
from game.games import game_module

VARIANTS = [("twenty_nine", 4), ("tute", 2), ("tute", 3), ("tute", 4), ("truco_argentino", 2),
            ("truco_argentino", 4), ("truco_argentino", 6), ("truco_mineiro", 2),
            ("truco_mineiro", 4), ("buraco", 2), ("buraco", 4)]
SEARCHABLE = [v for v in VARIANTS if has_search(v[0])]


def decisions(game_id: str, players: int, count: int, seed: int = 1):
    """(match, view) at real decisions of seeded rule-bot matches, spread over phases."""
    module = game_module(game_id)
    out = []
    m_no = 0
    while len(out) < count and m_no < 6:
        match = module.Match(players, m_no % players, seed * 101 + m_no, {}, None, False)
        bots = [make_bot("normal", game_id, seed + s) for s in range(players)]
        step = 0
        while not match.finished and len(out) < count and match.deal_index < 2:
            seat = match.to_act
            view = match.view(seat)
            if len(view["legal"]) > 1 and step % 5 == 2:
                out.append((match.clone(), view))
            match.apply(bots[seat].choose(view))
            step += 1
        m_no += 1
    return out


def test_deal_constrained_respects_voids_and_known_cards():
    rng = random.Random(4)
    pool = list(range(20))
    for _ in range(200):
        got = deal_constrained(pool, [Slot("a", 5, must=[3], allowed=lambda c: c < 12),
                                      Slot("b", 10), Slot("c", 5, allowed=lambda c: c % 2 == 0)], rng)
        assert got is not None
        assert 3 in got["a"] and all(c < 12 for c in got["a"])
        assert all(c % 2 == 0 for c in got["c"])
        assert sorted(got["a"] + got["b"] + got["c"]) == pool


def test_deal_constrained_reports_a_contradiction():
    assert deal_constrained([1, 2, 3], [Slot("a", 3, allowed=lambda c: c > 5)], random.Random(1)) is None


def test_inference_keeps_worlds_in_proportion_to_how_likely_the_others_moves_were():
    """A model of the others' play that finds one move 9 times likelier in
    worlds where its player held a given card: the kept worlds give him that
    card about 9 times the odds they give him without a model, and every
    kept world still agrees with the view."""
    game_cls = type(search_game("tute"))

    class Plain(game_cls):
        def action_likelihood(self, view):
            return None

    match, view = next((m, v) for m, v in decisions("tute", 3, 30, seed=4)
                       if sum(1 for s, _ in v["actions"] if s != v["seat"]) >= 2
                       and not Plain().solvable(v))
    actor, action = next((s, a) for s, a in view["actions"] if s != view["seat"])

    def worlds(game):
        stats = WorldStats()
        got = sample_worlds(game, view, random.Random(3), 200, stats=stats)
        assert len(got) == 200 and all(w.agrees_with(view) for w in got)
        return got, stats

    plain, plain_stats = worlds(Plain())
    # a card the rules leave in doubt: the actor holds it in some worlds, not in others
    share = {c: sum(1 for w in plain if w.masks[actor] >> c & 1) / 200 for c in range(40)}
    probe = min(share, key=lambda c: abs(share[c] - 0.4))
    assert 0.2 < share[probe] < 0.6

    class Picky(game_cls):
        def action_likelihood(self, view):
            def likely(m, a):
                if m.to_act != actor or a != action:
                    return 1.0
                return 0.9 if m.masks[actor] >> probe & 1 else 0.1
            return likely

    picky, picky_stats = worlds(Picky())
    assert plain_stats.ess == 200 and picky_stats.kept == 200 * Picky.inference_pool
    assert picky_stats.ess < 0.9 * picky_stats.kept
    p = sum(1 for w in picky if w.masks[actor] >> probe & 1) / 200

    def odds(x):
        return x / (1 - x)

    assert 5 < odds(p) / odds(share[probe]) < 16, (share[probe], p)


@pytest.mark.parametrize("game_id,players", SEARCHABLE)
def test_every_sampled_world_shows_the_seat_its_own_view(game_id, players):
    game = search_game(game_id)
    rng = random.Random(9)
    checked = 0
    for match, view in decisions(game_id, players, 8):
        if game.settled(view) is not None:
            continue                     # a plain decision: played without a search
        checked += 1
        stats = WorldStats()
        worlds = sample_worlds(game, view, rng, 10, stats=stats)
        assert worlds, f"no world for {view['phase'] if 'phase' in view else view['seat']}"
        for world in worlds:
            assert world.comparable(world.view(view["seat"])) == match.comparable(view)
        assert stats.kept >= stats.tried // 2, "most attempts should give a consistent world"
    assert checked


@pytest.mark.parametrize("game_id,players", SEARCHABLE)
def test_a_search_world_ends_its_deal_as_the_match_would_and_deals_nothing_next(game_id, players, monkeypatch):
    """A world is lean: played to the end of its deal, it has the score, the
    winner and the deal count the whole match would have, without dealing the
    next deal (a playout stops there; dealing it cost every playout)."""
    game = search_game(game_id)
    ended = 0
    for _, view in decisions(game_id, players, 4):
        worlds = sample_worlds(game, view, random.Random(3), 2)
        if not worlds:
            continue
        world = worlds[0]
        assert world.lean
        whole = world.clone()
        whole.lean = False
        rng = random.Random(4)
        deal = view["deal_index"]
        dealt = []                                # ids of the matches that dealt a deal
        real = type(world)._start_deal

        def counted(match, setup):
            dealt.append(id(match))
            real(match, setup)

        monkeypatch.setattr(type(world), "_start_deal", counted)
        for _ in range(3000):
            if world.deal_over_since(deal):
                break
            action = game.playout_action(world, rng)
            world.apply_fast(action)
            whole.apply_fast(action)
        monkeypatch.undo()
        if not world.deal_over_since(deal):
            continue                              # a long Buraco hand, not ended in the steps given
        ended += 1
        assert whole.deal_over_since(deal)
        assert (world.score, world.finished, world.winner, world.deal_index) == \
            (whole.score, whole.finished, whole.winner, whole.deal_index)
        assert id(world) not in dealt
        assert whole.finished or id(whole) in dealt   # the whole match dealt on
    assert ended


@pytest.mark.parametrize("game_id,players", SEARCHABLE)
def test_a_bot_decides_from_its_view_alone(game_id, players):
    """The same view in a world with other hidden cards gives the same choice:
    the bot cannot reach any card its seat cannot see."""
    game = search_game(game_id)
    rng = random.Random(5)
    checked = 0
    for match, view in decisions(game_id, players, 4, seed=3):
        if game.settled(view) is not None:
            continue
        others = [w for w in sample_worlds(game, view, rng, 6) if w.view(view["seat"]) == view]
        for world in others[:2]:
            assert world.view(view["seat"]) == view
            a = SearchBot(game, 40, seed=8).choose(view)
            b = SearchBot(game, 40, seed=8).choose(world.view(view["seat"]))
            assert a == b
            checked += 1
    assert checked


@pytest.mark.parametrize("game_id,players", SEARCHABLE[:1])
def test_search_is_deterministic_for_a_seed(game_id, players):
    game = search_game(game_id)
    for _, view in decisions(game_id, players, 3, seed=2):
        first = SearchBot(game, 80, seed=4)
        second = SearchBot(game, 80, seed=4)
        assert first.choose(view) == second.choose(view)
        assert [(s.action, s.visits) for s in first.last_stats] == \
               [(s.action, s.visits) for s in second.last_stats]


class CountedWorld:
    """A sampled world that notes which world each iteration cloned."""

    def __init__(self, world, number: int, log: list) -> None:
        self.world, self.number, self.log = world, number, log

    def clone(self):
        self.log.append(self.number)
        return self.world.clone()


@pytest.mark.parametrize("game_id,players", [("tute", 3), ("twenty_nine", 4), ("truco_mineiro", 2)])
def test_a_paired_search_tries_every_action_in_the_same_worlds(game_id, players):
    """Paired root: in each pass every action is tried once, all in the pass's
    world; each action's value is the mean of its passes, and the actions come
    highest value first."""
    game = search_game(game_id)
    searched = 0
    for _, view in decisions(game_id, players, 4, seed=3):
        actions = game.root_candidates(view, list(view["legal"])) or list(view["legal"])
        if len(actions) < 2:
            continue
        rng = random.Random(7)
        game.begin(view)                        # as SearchBot.analyse does before every search
        worlds = sample_worlds(game, view, rng, 5)
        log = []
        counted = [CountedWorld(w, i, log) for i, w in enumerate(worlds)]
        stats = search(game, view, counted, 11 * len(actions) - 1, rng, paired=True)
        assert log == [k % len(worlds) for k in range(10) for _ in actions]
        assert sorted(s.action for s in stats) == sorted(actions)
        for s in stats:
            assert s.visits == 10 and len(s.passes) == 10
            assert abs(s.value - sum(s.passes) / 10) < 1e-9
        assert [s.value for s in stats] == sorted((s.value for s in stats), reverse=True)
        searched += 1
    assert searched


def test_tute_for_three_and_four_searches_paired_and_for_two_by_ucb():
    game = search_game("tute")
    for players in (2, 3, 4):
        _, view = next((m, v) for m, v in decisions("tute", players, 8, seed=3)
                       if v["phase"] == "play" and len(v["legal"]) > 1 and not game.solvable(v))
        stats = SearchBot(game, 60, seed=1).analyse(view)
        assert stats
        assert all((s.passes is not None) == (players > 2) for s in stats)


def test_a_paired_search_keeps_a_small_edge_that_every_pass_shows():
    """The search overrules the rule bot when the paired difference is clear,
    however small, and defers to it when the passes disagree."""
    game = search_game("tute")
    _, view = next((m, v) for m, v in decisions("tute", 3, 8, seed=3) if len(v["legal"]) > 1)

    class Usual:
        def choose(self, view):
            return view["legal"][1]

    bot = SearchBot(game, 100, seed=1, fallback=Usual())
    best, usual = view["legal"][0], view["legal"][1]
    steady = [ActionStat(best, 50, 0.51, 0.0, [0.51] * 50), ActionStat(usual, 50, 0.50, 0.0, [0.50] * 50)]
    assert bot._settle(view, steady) == best
    swings = [0.01 + (0.6 if i % 2 else -0.6) for i in range(50)]
    noisy = [ActionStat(best, 50, 0.51, 0.0, [0.5 + d for d in swings]),
             ActionStat(usual, 50, 0.50, 0.0, [0.5] * 50)]
    assert bot._settle(view, noisy) == usual


def test_levels_are_reachable_by_name():
    for game_id in SEARCH_GAMES:
        if not has_search(game_id):
            continue
        assert levels(game_id) == ["easy", "normal", "hard", "expert"]
        for kind in ("easy", "normal", "hard", "expert", "random", "rule", "cheat"):
            assert kind in bot_kinds(game_id)
            assert make_bot(kind, game_id, 1) is not None
        hard, expert = make_bot("hard", game_id, 1), make_bot("expert", game_id, 1)
        assert isinstance(hard, SearchBot) and isinstance(expert, SearchBot)
        assert expert.iterations > hard.iterations and expert.worlds >= hard.worlds
    with pytest.raises(ValueError):
        make_bot("grandmaster", "twenty_nine", 1)


def test_the_cheat_bot_needs_the_arena():
    game = search_game("twenty_nine")
    match, view = decisions("twenty_nine", 4, 1)[0]
    bot = CheatBot(game, 30, seed=1)
    with pytest.raises(RuntimeError):
        bot.choose(view)
    bot.see(match)
    assert bot.choose(view) in view["legal"]


def test_arena_plays_levels_and_rotates_seats():
    side, entrant, decisions_made = play_match("twenty_nine", 4, ["normal", "easy"], 0, 3, {
        "target": 2, "max_bid": 28, "partner_bidding": True, "marriage_rule": "after-reveal",
        "marriage_cap": False, "caller_must_trump": True, "last_trick_point": False,
        "doubling": True, "single_hand": True})
    assert side in (0, 1) and entrant in (0, 1)
    assert decisions_made["normal"][0] > 0 and decisions_made["easy"][0] > 0


@pytest.mark.parametrize("game_id,players", [v for v in SEARCHABLE if v[0] in ("tute", "twenty_nine")])
def test_other_seats_play_their_cards_by_the_policy_below_the_decision(game_id, players):
    """In the trick games the tree holds no card play of another seat: each
    world's policy plays it from the cards that world dealt that seat."""
    game = search_game(game_id)
    asked = []
    tree_candidates = game.candidates

    def spy(world, legal):
        asked.append((world.to_act, world.phase == game.module.PLAY_PHASE))
        return tree_candidates(world, legal)

    game.candidates = spy
    searched = 0
    for _, view in decisions(game_id, players, 6, seed=4):
        if view["phase"] != "play" or game.settled(view) is not None:
            continue
        before = len(asked)
        SearchBot(game, 60, seed=1).choose(view)
        mine = [seat for seat, _ in asked[before:] if seat == view["seat"]]
        others = [play for seat, play in asked[before:] if seat != view["seat"]]
        assert not any(others), "another seat's card play reached the tree"
        searched += bool(mine)
    assert searched
