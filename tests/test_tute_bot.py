"""The rule-based Tute bot: legal actions only, sensible declarations, and
a clear edge over random play in every variant."""
import pytest

from game.ai.base import RandomBot
from game.ai.tute_bot import TuteBot, can_sweep
from game.engine.cards import TUTE
from game.games.tute import Match


def _ids(*names):
    return tuple(sorted(TUTE.card(n) for n in names))


@pytest.mark.parametrize("players, options", [
    (2, {}), (2, {"stock_rule": "free", "late_cantes": False, "capote": False, "exchange": False}),
    (3, {}), (3, {"exchange": False}), (4, {})])
def test_bot_plays_only_legal_actions(players, options):
    deals = 0
    for m_no in range(30):
        m = Match(players, m_no % players, 500 + m_no, options, None, False)
        bots = [TuteBot(m_no * 10 + s) if (s + m_no) % 2 == 0 or players == 3 else RandomBot(s)
                for s in range(players)]
        while not m.finished:
            seat = m.to_act
            view = m.view(seat)
            action = bots[seat].choose(view)
            assert action in m.legal_actions(), (action, view["legal"])
            index = m.deal_index
            m.apply(action)
            deals += m.deal_index != index or m.finished
    assert deals >= 12


def test_declaration_preferences():
    bot = TuteBot(0)
    base = {"hand": [], "trump_suit": "O", "tricks": [], "players": 3}
    assert bot.choose({**base, "legal": ["sing 40", "sing tute", "pass"]}) == "sing tute"
    assert bot.choose({**base, "legal": ["sing 20 C", "sing 40", "pass"]}) == "sing 40"
    assert bot.choose({**base, "legal": ["sing 20 C", "pass"]}) == "sing 20 C"
    assert bot.choose({**base, "legal": ["exchange", "pass"]}) == "exchange"
    assert bot.choose({**base, "legal": ["sing 20 E", "exchange", "pass"]}) == "exchange"


def test_capote_only_when_sure():
    trump = 0   # oros
    assert can_sweep(_ids("1O", "3O", "12O", "11O", "10O", "7O", "6O", "5O"),
                     _ids("4O", "2O", "1C", "3C", "1E", "3E", "1B", "3B"), trump)
    assert not can_sweep(_ids("3O", "12O", "11O", "10O", "7O", "6O", "5O", "4O"),
                         _ids("1O", "2O", "1C", "3C", "1E", "3E", "1B", "3B"), trump)
    # top trumps first, then the side aces once the trumps are drawn
    assert can_sweep(_ids("1O", "3O", "1C", "3C", "1E", "3E", "1B", "3B"),
                     _ids("12O", "11O", "2C", "4C", "2E", "4E", "2B", "4B"), trump)


def _match_wins(players, matches, seed):
    """Rule bot(s) against random: 2p one seat each, 3p one rule bot against two
    random bots, 4p a team each; seats rotate every match."""
    wins = 0
    for i in range(matches):
        rule_side = i % (2 if players != 3 else 3)
        m = Match(players, (seed + i) % players, seed * 1000 + i, {}, None, False)
        sides = 2 if players == 4 else players
        bots = [TuteBot(seed + i * 7 + s) if s % sides == rule_side else RandomBot(seed + i + s)
                for s in range(players)]
        while not m.finished:
            seat = m.to_act
            m.apply(bots[seat].choose(m.view(seat)))
        wins += m.winner == rule_side
    return wins / matches


@pytest.mark.parametrize("players, matches, floor", [(2, 150, 0.8), (3, 150, 0.5), (4, 200, 0.65)])
def test_bot_beats_random(players, matches, floor):
    assert _match_wins(players, matches, seed=7) >= floor
