"""The Truco Argentino rule bot: legal, view-only, better than random, and
sensible in the situations a club player knows."""
from game.ai import make_bot
from game.ai.truco_argentino_bot import TrucoArgentinoBot
from game.engine.matchfile import parse_match_text, play_spec
from game.games.truco_argentino import Match

OPTION_SETS = [{}, {"flor": True}, {"flor": True, "fold_scope": "team", "mazo_extra_point": True,
                                    "falta_envido": "malas_buenas"},
               {"target": 15, "chicos": 3}]


def test_bot_plays_only_legal_actions_from_views():
    for n in range(36):
        players = (2, 4, 6)[n % 3]
        match = Match(players, n % players, n, OPTION_SETS[n % len(OPTION_SETS)])
        kinds = ["rule", "random"] if n % 2 else ["rule", "rule"]
        bots = [make_bot(kinds[s % 2], "truco_argentino", n * 7 + s) for s in range(players)]
        while not match.finished:
            seat = match.to_act
            action = bots[seat].choose(match.view(seat))
            assert action in match.legal_actions()
            match.apply(action)


def _play_match(players, rule_team, seed, options=None):
    match = Match(players, seed % players, seed, options or {}, None, False)
    bots = [TrucoArgentinoBot(seed * 10 + s) if s % 2 == rule_team
            else make_bot("random", "truco_argentino", seed * 10 + s) for s in range(players)]
    while not match.finished:
        seat = match.to_act
        match.apply(bots[seat].choose(match.view(seat)))
    return match.winner == rule_team


def test_rule_bot_beats_random_in_both_seatings():
    for players, matches, needed in ((2, 120, 0.85), (4, 60, 0.8)):
        for rule_team in (0, 1):
            wins = sum(_play_match(players, rule_team, 1000 * players + m) for m in range(matches))
            assert wins >= needed * matches, (players, rule_team, wins)


def test_rule_bot_beats_random_with_flor():
    wins = sum(_play_match(2, m % 2, 77 + m, {"flor": True}) for m in range(60))
    assert wins >= 50


def _view(actions, hands, seat=None, score=None, **kw):
    text = ('game = "truco_argentino"\nplayers = 2\ndealer = 1\nseed = 1\n[[deals]]\n'
            "hands = [" + ", ".join("[" + ", ".join(f'"{c}"' for c in h) + "]" for h in hands) + "]\n"
            "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]\n")
    m = play_spec(parse_match_text(text))
    if score:
        m.score[:] = score
    return m.view(m.to_act if seat is None else seat)


def test_rejects_a_truco_already_lost():
    # seat 1 won trick 1, seat 0 won trick 2 and leads a 4 in trick 3: a parda at best,
    # which gives the hand to the winner of trick 1 -> lost, whatever seat 1 holds
    hands = [["5O", "3O", "4O"], ["1E", "12C", "7E"]]
    view = _view(["play 5O", "play 1E", "play 12C", "play 3O", "play 4O", "call truco"], hands)
    assert view["seat"] == 0 and "accept" in view["legal"]
    for seed in range(20):
        assert TrucoArgentinoBot(seed, bluff_rate=1.0).choose(view) == "reject"
    # trick 3 led with the 3O instead: seat 1 calls having seen our last card, so he
    # calls to be paid (a 1E, 1B, 7E or 7O beats it; another 3 gives him the hand):
    # a sound player refuses. (This test used to want "accept" here: the blunder of
    # issue 12 point 7, 48 of 48 such trucos lost in rule-vs-rule play.)
    hands = [["5O", "6O", "3O"], ["1E", "4C", "12C"]]
    view = _view(["play 5O", "play 1E", "play 4C", "play 6O", "play 3O", "call truco"], hands)
    assert TrucoArgentinoBot(0, bluff_rate=0.0).choose(view) == "reject"
    # led with the 1E, nothing can beat it: take the points, and more
    hands = [["5O", "6O", "1E"], ["1B", "4C", "12C"]]
    view = _view(["play 5O", "play 1B", "play 4C", "play 6O", "play 1E", "call truco"], hands)
    assert TrucoArgentinoBot(0, bluff_rate=0.0).choose(view) == "call retruco"


def test_no_bluff_with_a_lost_hand():
    hands = [["5O", "4O", "6C"], ["1E", "1B", "12C"]]
    view = _view(["play 5O", "play 1E", "play 1B"], hands)     # seat 0 cannot beat 1B
    assert "call truco" in view["legal"]
    for seed in range(20):
        assert TrucoArgentinoBot(seed, bluff_rate=1.0).choose(view).startswith("play ")


def test_envido_answer_follows_points():
    strong = [["12C", "5C", "4O"], ["7E", "6E", "12B"]]        # seat 1: 33
    view = _view(["call envido"], strong)
    for seed in range(20):
        assert TrucoArgentinoBot(seed, bluff_rate=0.0).choose(view) in (
            "call real envido", "call falta envido", "call envido", "accept")
    weak = [["7E", "6E", "12B"], ["12C", "11O", "4B"]]         # seat 1: 4
    view = _view(["call real envido"], weak)
    for seed in range(20):
        assert TrucoArgentinoBot(seed, bluff_rate=0.0).choose(view) == "reject"


def test_no_truco_call_when_the_hand_already_wins_the_chico():
    hands = [["1E", "1B", "7O"], ["4C", "5C", "6O"]]           # envido 7: no envido either
    view = _view([], hands, score=[29, 10])
    for seed in range(10):
        assert TrucoArgentinoBot(seed, bluff_rate=0.0).choose(view).startswith("play ")
    view = _view([], hands, score=[10, 10])
    assert TrucoArgentinoBot(0, bluff_rate=0.0).choose(view) == "call truco"


def test_card_play_wins_cheaply():
    hands = [["5O", "6C", "4B"], ["1E", "3C", "12O"]]
    view = _view(["play 6C"], hands)                           # seat 1 answers the 6C
    bot = TrucoArgentinoBot(0, bluff_rate=0.0)
    assert bot._play(view, bot._context(view), view["legal"]) == "play 12O"


def test_parda_keeping_the_big_card():
    # mano leads 3O; seat 1 could win with 1E, but the parda with 3C and then 1E
    # in trick 2 (which decides after a parda) wins the hand for sure
    hands = [["3O", "5O", "4C"], ["3C", "1E", "4B"]]
    view = _view(["play 3O"], hands)
    bot = TrucoArgentinoBot(0, bluff_rate=0.0)
    assert bot._play(view, bot._context(view), view["legal"]) == "play 3C"


# ----- issue 12 point 7: the blunders, measured over seeded rule-vs-rule matches ---------
def _rule_play_stats(players, matches, seed0):
    """Counts of the situations issue 12 measured, from rule-vs-rule matches."""
    from game.games.truco_argentino import envido_refused_value
    c = dict(late=0, late_lost=0, late_called=0, reraise=0, reraise_lost=0, reraise_net=0,
             falta=0, falta_rej=0, cheap_falta=0, cheap_falta_acc=0,
             env_open=0, env_weak=0, truco=0, truco_weak=0)
    kinds = {"envido": "E", "real envido": "R", "falta envido": "F"}
    for m in range(matches):
        match = Match(players, m % players, seed0 + m, {}, None, True)
        bots = [TrucoArgentinoBot(seed0 * 100 + m * 10 + s) for s in range(players)]
        late = []
        while not match.finished:
            seat = match.to_act
            view = match.view(seat)
            action = bots[seat].choose(view)
            team = seat % 2
            deal = match.deal_index
            if view["phase"] == "truco" and all(
                    not match.hands[x] for x in range(team, players, 2) if not match.folded[x]):
                c["late_called"] += 1
                if action != "reject":
                    late.append((deal, team))
            if view["phase"] == "envido":
                chain = tuple(kinds[k] for k in view["envido"]["chain"])
                refused = envido_refused_value(chain)
                forced = refused >= view["target"] - view["score"][1 - team]
                if chain == ("F",) and not forced:          # an opened falta
                    c["falta"] += 1
                    c["falta_rej"] += action == "reject"
                    falta = view["target"] - max(view["score"])
                    if falta <= 3 * refused:
                        c["cheap_falta"] += 1
                        c["cheap_falta_acc"] += action != "reject"
                ours = any(s % 2 == team for s, a in view["calls"] if "envido" in a)
                if action == "accept" and len(chain) >= 2 and ours and not forced:
                    match.apply(action)
                    won = [e for e in match.records[deal].events if e.kind == "envido won"][-1]
                    c["reraise"] += 1
                    c["reraise_lost"] += won.data["team"] != team
                    points = won.data["points"]
                    c["reraise_net"] += (points if won.data["team"] == team else -points) + refused
                    continue
            if action in ("call envido", "call real envido", "call falta envido") \
                    and view["envido"]["state"] == "none":
                c["env_open"] += 1
                c["env_weak"] += view["envido_points"] < 23
            if action == "call truco":
                bot = TrucoArgentinoBot(0)
                c["truco"] += 1
                c["truco_weak"] += bot._p_hand(bot._context(view)) < 0.4
            match.apply(action)
        for deal, team in late:
            c["late"] += 1
            c["late_lost"] += match.records[deal].info["hand_winner"] != team
    return c


_STATS = {}


def _stats(players):
    if players not in _STATS:
        _STATS[players] = _rule_play_stats(players, 110 if players == 2 else 40, 300 + players)
    return _STATS[players]


def test_no_truco_accepted_once_the_caller_has_seen_all_our_cards():
    # before the fix: 63 of 63 such trucos accepted and lost in 300 1v1 matches
    for players in (2, 4):
        c = _stats(players)
        assert c["late_lost"] == 0, c
    assert _stats(2)["late_called"] >= 10          # the situation happens, and is refused


def test_reraised_envidos_are_accepted_only_when_they_pay():
    # before the fix (300 1v1 matches): 99 of 102 accepted re-raises lost, 267 points
    # worse than refusing them; after: 3 of 17 lost, 129 points better
    c = _stats(2)
    assert c["reraise"] >= 5, c
    assert c["reraise_lost"] <= 0.5 * c["reraise"], c
    assert c["reraise_net"] > 0, c                  # better than refusing them all


def test_falta_envido_is_defended_by_its_price():
    # before the fix (300 1v1 matches): 89 % of opened faltas refused, 36 % of cheap ones
    # (falta <= 3 x the refusal) accepted; after: 83 % and 42 %. Against a falta worth
    # the chico refusing is right; a bluffed falta must not pay, so the better hands
    # are defended as often as the price asks (see the unit checks below)
    c = _stats(2)
    assert c["falta"] >= 40
    assert c["falta_rej"] <= 0.87 * c["falta"], c
    assert c["cheap_falta_acc"] >= 0.3 * c["cheap_falta"], c


def test_falta_answer_by_price():
    hands = [["4O", "11C", "12E"], ["7C", "10C", "2B"]]      # seat 1: envido 27
    cheap = _view(["call falta envido"], hands, score=[26, 27])   # falta worth 3
    dear = _view(["call falta envido"], hands, score=[0, 0])      # worth the chico
    for seed in range(5):
        assert TrucoArgentinoBot(seed).choose(cheap) == "accept"
        assert TrucoArgentinoBot(seed).choose(dear) == "reject"
    hands = [["4O", "11C", "12E"], ["7C", "6C", "2B"]]      # 33 wins whatever
    dear = _view(["call falta envido"], hands, score=[0, 0])
    assert TrucoArgentinoBot(0).choose(dear) == "accept"


def test_calls_mix_in_bluffs():
    # before the fix: 6 % of envido openings and 5 % of trucos were made with weak hands,
    # so a call gave the hand away
    c = _stats(2)
    assert 0.15 <= c["env_weak"] / c["env_open"] <= 0.4, c
    assert 0.15 <= c["truco_weak"] / c["truco"] <= 0.4, c
