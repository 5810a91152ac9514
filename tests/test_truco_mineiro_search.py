"""Truco Mineiro's search: worlds that agree with the view, inference from the
mão de dez and from bets, the blind mão de ferro, determinism, no peeking,
partner play and bets that are searched."""
import random
import statistics

from game.ai import make_bot
from game.ai.search.bot import SearchBot
from game.ai.search.worlds import WorldStats, sample_worlds
from game.ai.truco_mineiro_bot import TrucoMineiroBot
from game.ai.truco_mineiro_search import (STRONG_ANSWER, STRONG_CALL, BetEvidence, TrucoMineiroSearch,
                                          _view_equity, equity, match_chance, seat_equity)
from game.engine.matchfile import parse_match_text, play_spec
from game.games import truco_mineiro as tm
from game.games.truco_mineiro import DECK

from cheat_checks import check_the_cheat_searches_its_own_later_bets

CARD = DECK.index


def _toml_list(items):
    return "[" + ", ".join(f'"{a}"' for a in items) + "]"


def scripted(deals, players=2, dealer=1, options=""):
    text = f'game = "truco_mineiro"\nplayers = {players}\ndealer = {dealer}\nseed = 3\n{options}'
    for hands, actions in deals:
        text += "[[deals]]\n"
        if hands is not None:
            text += "hands = [" + ", ".join(_toml_list(h) for h in hands) + "]\n"
        text += f"actions = {_toml_list(actions)}\n"
    return play_spec(parse_match_text(text))


def bot(iterations=150, seed=7):
    return SearchBot(TrucoMineiroSearch(), iterations, seed, TrucoMineiroBot(seed), "test")


def positions(players, matches, options, score=None):
    """Seeded decisions of rule-bot matches (views of the seat to act)."""
    for m in range(matches):
        match = tm.Match(players, m % players, 300 + m, options, None, False)
        if score is not None:
            match.score = list(score)
            match.deal_index = -1
            match._begin_next_deal()
        bots = [TrucoMineiroBot(m * 8 + s) for s in range(players)]
        deal = match.deal_index
        while not match.finished and (score is None or match.deal_index == deal):
            seat = match.to_act
            view = match.view(seat)
            yield match, view
            match.apply(bots[seat].choose(view) if not view.get("blind")
                        else tm.PLAY[match.hands[seat][0]])


def _hidden_ok(match, world, view):
    seat = view["seat"]
    n = view["players"]
    seen_played = {CARD[c] for t in view["tricks"] for _, c in t["cards"]} | {CARD[c] for _, c in view["trick"]}
    for s in range(n):
        assert not (set(world.hands[s]) & seen_played)           # played cards are nobody's
        assert len(world.hands[s]) == len(match.hands[s])
    if not view["blind"]:
        assert sorted(world.hands[seat]) == sorted(match.hands[seat])


def test_every_sample_agrees_with_the_view_in_all_phases():
    game = TrucoMineiroSearch()
    cases = [(2, {}, None), (4, {}, None), (2, {"triple_tie": "none"}, None),
             (4, {}, [10, 4]), (2, {}, [6, 10]), (4, {}, [10, 10]), (2, {"blind_iron_hand": False}, [10, 10])]
    checked = 0
    for players, options, score in cases:
        for i, (match, view) in enumerate(positions(players, 3 if score is None else 4, options, score)):
            if i % 3:
                continue
            stats = WorldStats()
            worlds = sample_worlds(game, view, random.Random(i), 6, stats=stats)
            assert len(worlds) == 6 and stats.illegal == 0 and stats.disagree == 0, (view, stats)
            for world in worlds:
                assert world.agrees_with(view)
                _hidden_ok(match, world, view)
            checked += 1
    assert checked > 60


def test_partner_hand_is_known_in_the_mao_de_dez():
    game = TrucoMineiroSearch()
    seen = 0
    for match, view in positions(4, 6, {}, [4, 10]):
        if "partner_hand" not in view:
            continue
        partner = (view["seat"] + 2) % 4
        for world in sample_worlds(game, view, random.Random(seen), 8):
            assert sorted(world.hands[partner]) == sorted(match.hands[partner])
        seen += 1
    assert seen >= 6


def test_blind_iron_hand_hides_the_own_cards_and_answers_by_position():
    match = tm.Match(4, 0, 11)
    match.score = [10, 10]
    match.deal_index = -1
    match._begin_next_deal()
    view = match.view(match.to_act)
    assert view["blind"] and view["hand"] == [] and view["legal"] == ["play #0", "play #1", "play #2"]
    worlds = sample_worlds(TrucoMineiroSearch(), view, random.Random(1), 20)
    own = {tuple(sorted(w.hands[view["seat"]])) for w in worlds}
    assert len(own) > 10                         # its own cards are sampled, not known
    assert all(w.legal_actions() == view["legal"] for w in worlds)
    action = bot().choose(view)
    assert action in view["legal"]
    match.apply(action)                          # the engine turns the position into the card
    assert match.view(0)["trick"]


def sampled_equity(view, seat, count):
    """The first-trick equity of ``seat``'s hand in ``count`` worlds sampled for ``view`` (2 players)."""
    worlds = sample_worlds(TrucoMineiroSearch(), view, random.Random(5), count)
    return [equity(2, tuple(sorted((tm.STRENGTH[c] for c in w.hands[seat]), reverse=True)),
                   (), 0, 0, 1, False, True, 2) for w in worlds]


def test_a_call_makes_strong_hands_likelier_in_the_samples():
    m = scripted([(None, ["call truco"])])           # seat 0 (mão) calls at once
    calling = m.view(1)
    quiet = scripted([(None, ["play " + tm.NAMES[tm.Match(2, 1, 3).hands[0][0]]])]).view(1)
    called = sampled_equity(calling, 0, 40)
    assert BetEvidence(calling).events and statistics.mean(called) > 0.55
    baseline = sampled_equity(scripted([(None, [])]).view(1), 0, 40)
    assert statistics.mean(called) > statistics.mean(baseline) + 0.08
    assert min(called) < 0.45                        # a bluff stays possible
    assert statistics.mean(sampled_equity(quiet, 0, 40)) < statistics.mean(called)


def test_a_raise_over_a_call_reads_stronger_than_the_call_and_no_call_comes_from_nothing():
    """Seat 0 (mão) calls truco and seat 1 raises to seis: the raiser's samples
    are stronger than a plain caller's, and the hopeless hands a club player
    never bets with are rarer behind a call than in an unread deal."""
    raising = scripted([(None, ["call truco", "call seis"])]).view(0)
    assert [e[1] for e in BetEvidence(raising).events] == ["call", "raise"]
    raised = sampled_equity(raising, 1, 200)
    called = sampled_equity(scripted([(None, ["call truco"])]).view(1), 0, 200)
    nothing = sampled_equity(scripted([(None, [])]).view(1), 0, 200)
    assert statistics.mean(raised) > statistics.mean(called) + 0.05
    assert sum(e < 0.5 for e in raised) < 0.7 * sum(e < 0.5 for e in called)
    assert 2 * sum(e < 0.12 for e in called) <= sum(e < 0.12 for e in nothing)


def test_search_is_deterministic_for_a_seed():
    m = scripted([([["4C", "KD", "5S"], ["3H", "JS", "6D"]], ["play 5S", "call truco"])])
    view = m.view(m.to_act)                          # seat 0 answers the truco
    a, b = bot(), bot()
    assert a.choose(view) == b.choose(view)
    assert len(a.last_stats) == 3
    assert [(s.action, s.visits, s.value) for s in a.last_stats] == \
           [(s.action, s.visits, s.value) for s in b.last_stats]


def test_choice_is_the_same_whatever_the_hidden_cards():
    # 1v1: the opponent's cards differ, the views are equal, so are the choices
    views = [scripted([([["3S", "KD", "QC"], hidden], [])]).view(0)
             for hidden in (["4C", "7H", "AS"], ["4S", "5D", "6H"])]
    assert views[0] == views[1]
    assert bot().choose(views[0]) == bot().choose(views[1])
    # pairs: seat 1 answers seat 0's lead; the partner's and the other opponent's hands swapped
    hands = [["3S", "KD", "QC"], ["4C", "7H", "AS"], ["2D", "JH", "5C"], ["6S", "6D", "4H"]]
    other = [["3S", "KD", "QC"], ["4C", "7H", "AS"], ["6S", "6D", "4H"], ["2D", "JH", "5C"]]
    v0, v1 = (scripted([(h, ["play QC"])], players=4, dealer=3).view(1) for h in (hands, other))
    assert v0 == v1
    assert bot().choose(v0) == bot().choose(v1)


def test_never_beats_the_partner_for_nothing():
    # seat 2's partner (seat 0) leads the zap; seat 2 plays last but one... seat 3 has played
    hands = [["4C", "5H", "6C"], ["KS", "JH", "5S"], ["3S", "2D", "4D"], ["QS", "7S", "6S"]]
    m = scripted([(hands, ["play 4C", "play KS"])], players=4, dealer=3)
    assert m.to_act == 2
    view = m.view(2)
    view["legal"] = [a for a in view["legal"] if a.startswith("play")]
    assert bot(400).choose(view) == "play 4D"      # the zap holds: throw the lowest


def test_no_raise_when_winning_the_hand_already_wins_the_match():
    to_8 = [(None, ["call truco", "call seis", "call dez", "reject"]),                   # pair 0 +6
            ([["3S", "KD", "6C"], ["5S", "5H", "6D"]], ["play 5S", "call truco", "reject"])]  # +2
    strong = ([["4C", "7H", "AS"], ["3H", "KH", "6H"]], ["play 7H", "call truco", "accept", "play 3H"])
    m = scripted(to_8 + [strong])
    assert m.score == [8, 0] and m.value == 4 and "call seis" in m.legal_actions()
    assert not bot(600).choose(m.view(0)).startswith("call")


def test_runs_from_a_call_it_has_surely_lost_and_accepts_a_sure_win():
    m = scripted([([["3S", "KD", "6C"], ["4S", "4H", "4D"]], ["play 3S", "play 4D", "call truco"])])
    assert bot().choose(m.view(1)) == "reject"
    m = scripted([([["4C", "7H", "6C"], ["2S", "KH", "QD"]], ["play 6C", "play 2S", "call truco"])])
    assert m.to_act == 0
    assert bot().choose(m.view(0)) in ("accept", "call seis")     # the zap and the copas win it


def test_bluffs_come_from_the_search_not_a_rule():
    # weak hands (under a 45 % chance) where a call is open: the search calls
    # with some of them and not with most, never always, never never
    calls = weak = 0
    for players in (2, 4):
        for match, view in positions(players, 12, {}):
            if view["pending"] is not None or view["phase"] != "play" or \
                    not any(a.startswith("call") for a in view["legal"]):
                continue
            team = view["seat"] % 2
            if view["score"][team] + view["value"] >= 12 or view["score"][1 - team] + view["value"] >= 12:
                continue
            if _view_equity(view) >= 0.45:
                continue
            weak += 1
            calls += bot(300, weak).choose(view).startswith("call")
    assert weak >= 40 and 0 < calls < weak / 2, (calls, weak)


def test_match_chance_and_equity_are_sane():
    assert match_chance(10, 0) > match_chance(8, 0) > match_chance(0, 0) == 0.5
    assert abs(match_chance(4, 6) + match_chance(6, 4) - 1) < 1e-9
    strong = equity(2, (14, 13, 12), (), 0, 0, 1, False, True, 2)
    weak = equity(2, (3, 2, 1), (), 0, 0, 1, False, True, 2)
    assert strong > 0.9 and weak < 0.2
    m = scripted([([["4C", "7H", "AS"], ["4S", "5D", "6H"]], [])])
    assert seat_equity(m, 0) > seat_equity(m, 1)


def test_hints_name_a_reason():
    game = TrucoMineiroSearch()
    m = scripted([([["4S", "5D", "6H"], ["3S", "KD", "QC"]], ["play 4S"])])
    view = m.view(1)
    b = bot()
    b.choose(view)
    reasons = game.explain(view, b.last_stats)
    assert reasons and all(k.startswith("hint.truco_mineiro.") for k, _ in reasons)
    assert reasons[-1][0] == "hint.truco_mineiro.expect"
    assert make_bot("hard", "truco_mineiro", 1).iterations == TrucoMineiroSearch.hard_iterations


def test_never_runs_when_running_loses_the_match():
    deals = [(None, ["call truco", "call seis", "reject"]),                       # pair 1 +4
             (None, ["call truco", "reject"]),                                     # pair 1 +2
             ([["3S", "KD", "6C"], ["5S", "5H", "6D"]], ["play 3S", "call truco", "reject"]),  # +2
             ([["4S", "5D", "6H"], ["3H", "KD", "QC"]], ["play QC", "call truco", "call seis"])]
    m = scripted(deals)
    assert m.score == [0, 8] and m.to_act == 0 and m.pending == 2
    # weak cards (running without the match at stake would be right), but running
    # gives them 4 and the match: play on
    assert bot(600).choose(m.view(0)) != "reject"


def test_the_playouts_answer_a_call_as_the_rule_bot_does():
    # what the search expects of the other seats' answers is what the club player does:
    # with no card left a pair runs from a call unless its card cannot be beaten (the
    # callers know how the hand ends), and with the match at stake a fair hand raises
    game = TrucoMineiroSearch()
    tricks = ["play 3S", "play 5D", "play 4S", "play KH"]          # one trick each; seat 1 leads the last
    for last, answer in (("2S", "reject"), ("4C", "accept")):
        m = scripted([([["3S", "4S", "6C"], [last, "KH", "5D"]], tricks + [f"play {last}", "call truco"])])
        assert m.responder == 1 and not m.hands[1]
        assert {game.playout_action(m, random.Random(s)) for s in range(40)} == {answer}
    to_8 = [(None, ["call truco", "call seis", "call dez", "reject"]),                   # pair 0 +6
            ([["3S", "KD", "6C"], ["5S", "5H", "6D"]], ["play 5S", "call truco", "reject"])]  # +2
    m = scripted(to_8 + [([["5S", "6D", "KD"], ["3H", "KH", "QC"]], ["call truco"])])
    assert m.score == [8, 0] and m.responder == 1
    e = seat_equity(m, 1)
    assert 0.5 <= e < 0.75, e
    assert {game.playout_action(m, random.Random(s)) for s in range(40)} == {"call seis"}


def test_expert_has_the_other_seats_play_their_cards_by_the_policy():
    # Hard keeps the other seat's card choices in the tree (one node per class of
    # card); Expert has them played by the policy, from the cards of each world
    # seis accepted: only pair 0 may raise next, so seat 1 has nothing but cards
    m = scripted([([["3S", "4S", "6C"], ["2S", "KH", "5D"]], ["call truco", "call seis", "accept", "play 3S"])])
    assert m.to_act == 1 and len(m.legal_actions()) == 3
    hard, expert = make_bot("hard", "truco_mineiro", 1).game, make_bot("expert", "truco_mineiro", 1).game
    for game in (hard, expert):
        game.root_seat = 0
    assert sorted(hard.candidates(m, m.legal_actions())) == sorted(m.legal_actions())
    chosen = expert.candidates(m, m.legal_actions())
    assert len(chosen) == 1 and chosen[0] in m.legal_actions()
    assert make_bot("cheat", "truco_mineiro", 1).game.others == hard.others == "bets"


def test_the_cheat_searches_its_own_later_bets():
    m = scripted([([["3S", "4S", "6C"], ["2S", "KH", "5D"]], ["call truco"])])
    answer = m.legal_actions()                       # seat 1 answers: accept, reject, call seis
    assert m.to_act == 1 and len(answer) == 3
    check_the_cheat_searches_its_own_later_bets(
        "truco_mineiro", m, lambda game: setattr(game, "root_seat", 0), answer, "call seis")


def test_the_policys_memoised_card_and_chance_are_what_working_them_out_gives():
    """``best_card`` and ``seat_equity`` remember their answers by all they read;
    through rule-bot matches of 2 and 4 seats (the memos warm from earlier
    states), every seat's remembered chance, and the seat to play's remembered
    card, equal a fresh reckoning, so the memo never hands one state's answer to another."""
    from game.ai.truco_mineiro_search import _best_card, _seat_equity, best_card
    checked = cards = 0
    for players in (2, 4):
        for match, view in positions(players, 6, {}):
            for seat in range(players):
                assert seat_equity(match, seat) == _seat_equity(match, seat)
                checked += 1
            seat = match.turn
            if match.phase == tm.PLAY_PHASE and not match.pending and len(match.hands[seat]) > 1:
                assert best_card(match, seat) == _best_card(match, seat)
                cards += 1
    assert checked > 500 and cards > 100


def test_expert_allows_that_the_other_seat_may_bet_as_a_strong_player_in_two_player_games():
    """Expert (2 players) allows that the other seat may bet as a strong
    player does (``STRONG_CALL``, ``STRONG_ANSWER``), in the tree and in what
    its bets say: a strong hand sometimes waits instead of calling at once, so
    waiting says less about weakness than it does of a club player. Hard, the
    cheat and 4 players keep the club player's bets."""
    hard, expert = make_bot("hard", "truco_mineiro", 1).game, make_bot("expert", "truco_mineiro", 1).game
    assert expert.strong and not hard.strong and not make_bot("cheat", "truco_mineiro", 1).game.strong
    strong, weak = ["4C", "7H", "6C"], ["4S", "5H", "6C"]          # 6C is played either way
    m = scripted([([strong, ["5S", "KH", "QD"]], [])])
    assert m.to_act == 0 and "call truco" in m.legal_actions() and seat_equity(m, 0) >= 0.9
    calls = {}
    for name, game in (("hard", hard), ("expert", expert)):
        game.root_seat = 1
        calls[name] = sum(game.playout_action(m, random.Random(s)) == "call truco" for s in range(200))
    assert calls["hard"] == 200 and 40 < calls["expert"] < 190, calls
    for table in (STRONG_CALL, STRONG_ANSWER):
        for p in table.values():
            assert all(0 <= x <= 1 for x in (p if isinstance(p, tuple) else (p,)))
    assert all(raised <= answered for answered, raised in STRONG_ANSWER.values())
    quiet = scripted([([strong, ["5S", "KH", "QD"]], ["play 6C"])]).view(1)
    evidence = BetEvidence(quiet)
    assert [e[1] for e in evidence.events] == ["quiet"]
    own = [CARD[c] for c in ["5S", "KH", "QD"]]
    ratio = {}
    for share in (0.0, expert.strong, 1.0):
        held = [evidence.likelihood([[CARD[c] for c in hand], own], share) for hand in (strong, weak)]
        ratio[share] = held[0] / held[1]
    assert ratio[0.0] < 0.25 and ratio[1.0] > 1.5 * ratio[0.0], ratio
    assert ratio[0.0] < ratio[expert.strong] < ratio[1.0]          # Expert weighs both kinds of player
    m4 = scripted([([strong, ["5S", "KH", "QD"], ["4D", "5C", "6S"], ["7S", "QH", "KC"]], [])], players=4, dealer=3)
    assert m4.to_act == 0 and "call truco" in m4.legal_actions()
    for game in (hard, expert):                                      # 4 players: the club player's bets
        assert ({game.playout_action(m4, random.Random(s)) for s in range(40)}
                == {TrucoMineiroSearch().playout_action(m4, random.Random(s)) for s in range(40)})


def test_expert_keeps_five_times_hards_worlds_with_four_players_and_the_same_with_two():
    """With four players Expert spends its budget on 200 worlds (the other
    three hands decide a call far more than the tree's depth); with two it
    keeps Hard's forty, as its strong-player model was measured with."""
    for players, expert_worlds in ((4, 200), (2, 40)):
        match, view = next((m, v) for m, v in positions(players, 3, {})
                           if len(v["legal"]) > 1 and v["phase"] == "play" and not v.get("blind"))
        hard, expert = make_bot("hard", "truco_mineiro", 5), make_bot("expert", "truco_mineiro", 5)
        assert len(hard.sample(view, random.Random(1))) == 40
        worlds = expert.sample(view, random.Random(1))
        assert len(worlds) == expert_worlds
        for world in worlds:
            _hidden_ok(match, world, view)
