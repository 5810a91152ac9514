"""Expert's hint and the post-deal review, without the window."""
from __future__ import annotations

from game.ai import make_bot
from game.ai.advice import Advisor
from game.games import twenty_nine as tn


def _human_decisions(match, seat: int, advisor: Advisor, pick_worst: bool):
    """Play a deal with rule bots; seat ``seat`` asks for advice and then plays
    Expert's least liked action (or its best), recording every moment."""
    bots = [make_bot("normal", "twenty_nine", s) for s in range(4)]
    deal = match.deal_index
    while match.deal_index == deal and not match.finished:
        s = match.to_act
        view = match.view(s)
        if s == seat and len(view["legal"]) > 1:
            advice = advisor.start(view).wait(60)
            assert advice is not None and advice.best in view["legal"]
            action = min(advice.margins, key=advice.margins.get) if pick_worst else advice.best
            advisor.record(view, action)
        else:
            action = bots[s].choose(view)
        match.apply(action)
    return deal


def test_the_hint_names_a_legal_action_with_reasons():
    match = tn.Match(4, 0, 11, {}, None, False)
    advisor = Advisor("twenty_nine", 3, iterations=150)
    view = match.view(match.to_act)
    advice = advisor.start(view).wait(60)
    assert advice.best in view["legal"]
    assert set(advice.margins) == set(view["legal"])            # every choice is priced
    assert advice.reasons and all(isinstance(k, str) and isinstance(p, dict) for k, p in advice.reasons)


def test_review_lists_costly_moments_first_and_only_those():
    match = tn.Match(4, 0, 12, {}, None, False)
    advisor = Advisor("twenty_nine", 3, iterations=150)
    deal = _human_decisions(match, 1, advisor, pick_worst=True)
    moments = advisor.review(deal)
    assert moments, "playing Expert's least liked move every time must cost something"
    costs = [m.cost for m in moments]
    assert costs == sorted(costs, reverse=True) and costs[0] > 0
    for m in moments:
        assert m.chosen != m.advice.best and m.chosen in m.view["legal"]


def test_following_expert_leaves_nothing_to_review():
    match = tn.Match(4, 0, 12, {}, None, False)
    advisor = Advisor("twenty_nine", 3, iterations=150)
    deal = _human_decisions(match, 1, advisor, pick_worst=False)
    assert advisor.review(deal) == []


def test_the_hint_advises_only_what_expert_would_play():
    """At a table of four Expert bets the envido with points only (its partner
    reads a bet as points): the hint prices an envido bluff but never advises
    it, however its search values it."""
    from game.ai.truco_argentino_search import ENV_KIND
    from test_truco_argentino_search import scripted
    hands = [["4C", "5O", "7E"], ["3C", "2B", "12E"], ["4B", "5C", "6O"], ["7B", "11O", "12C"]]   # seat 0: envido 7
    view = scripted(hands, [], players=4, dealer=3).view(0)
    assert set(ENV_KIND) <= set(view["legal"])
    for seed in (1, 2, 3):
        advice = Advisor("truco_argentino", seed, iterations=1500).advise(view)
        assert set(advice.margins) == set(view["legal"])               # the bluffs are priced
        assert advice.best in view["legal"] and advice.best not in ENV_KIND
