"""The Twenty-nine rule bot: legal, view-only, and better than random."""
from game.ai import make_bot
from game.ai.arena import run_arena
from game.games.twenty_nine import Match


def test_bot_plays_only_legal_actions_from_views():
    for n in range(30):
        match = Match(4, n % 4, n, {"marriage_rule": "after-reveal-trick"} if n % 2 else {})
        bots = [make_bot("rule", "twenty_nine", n * 4 + s) for s in range(4)]
        while not match.finished:
            seat = match.to_act
            action = bots[seat].choose(match.view(seat))
            assert action in match.legal_actions()
            match.apply(action)


def test_rule_bot_beats_random_in_both_seatings():
    result = run_arena("twenty_nine", 4, ["rule", "random"], 200, seed=3)
    assert result.wins["rule"] >= 180
    assert result.side_wins[0] > 0 and result.side_wins[1] > 0   # it won from both teams


def test_bot_declares_single_hand_only_when_unbeatable():
    bot = make_bot("rule", "twenty_nine")
    view = {"hand": ["JS", "9S", "AS", "JH", "9H", "JD", "JC", "9C"]}
    assert bot._sure_single(view)
    view = {"hand": ["JS", "9S", "10S", "JH", "9H", "JD", "JC", "9C"]}
    assert not bot._sure_single(view)


def test_bot_feeds_points_to_partner_winning_last():
    bot = make_bot("rule", "twenty_nine")
    view = {"legal": ["play 10S", "play 7S"], "phase": "play", "seat": 3, "hand": ["10S", "7S"],
            "tricks": [], "trick": [[0, "QS"], [1, "JS"], [2, "8S"]], "trump": None,
            "trump_revealed": False, "single_hand": None}
    assert bot.choose(view) == "play 10S"          # partner seat 1 wins with JS: feed the 10
    view["trick"] = [[0, "JS"], [1, "QS"], [2, "8S"]]
    assert bot.choose(view) == "play 7S"           # opponents win: throw the cheapest
