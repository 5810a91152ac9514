"""The rule-based Tute bot: legal actions only, sensible declarations, and
a clear edge over random play in every variant."""
import pytest

from game.ai.base import RandomBot
from game.ai.tute_bot import TuteBot, can_sweep
from game.engine.cards import TUTE
from game.games.tute import PAIR, POINTS, Match


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


def _pair_breaks(players, matches, seed=11):
    """Plays in rule-vs-rule matches where the bot gave up an unsung cante
    (played the king or knight of a pair it could still sing) although a legal
    card that keeps every pair was at hand; split by the trick's points on the
    table before the play."""
    cheap = dearer = chances = 0
    for i in range(matches):
        m = Match(players, i % players, seed * 1000 + i, {}, None, False)
        bots = [TuteBot(seed + i * 7 + s) for s in range(players)]
        while not m.finished:
            seat = m.to_act
            view = m.view(seat)
            action = bots[seat].choose(view)
            if action.startswith("play ") and len(view["legal"]) > 1:
                mask = m.masks[seat]
                cantes_open = not (players == 2 and m.stock_size() == 0
                                   and not m.options["late_cantes"])

                def breaks(card):
                    suit = card // 10
                    return (card % 10 in (2, 3) and mask & PAIR[suit] == PAIR[suit]
                            and not m.sung >> suit & 1 and cantes_open)

                held = any(breaks(TUTE.card(a[5:])) for a in view["legal"])
                keeps = any(not breaks(TUTE.card(a[5:])) for a in view["legal"])
                if held and keeps:
                    chances += 1
                    if breaks(TUTE.card(action[5:])):
                        if sum(POINTS[c] for c in m.trick) < 20:
                            cheap += 1
                        else:
                            dearer += 1
            m.apply(action)
    return cheap, dearer, chances


@pytest.mark.parametrize("players", [2, 3, 4])
def test_never_breaks_an_unsung_cante_for_a_cheap_trick(players):
    """Issue 12, point 7: the rule bot broke its own forty (or twenty) to win a
    cheap trick. Before the fix, these 25 seeded matches gave 0 of 35, 5 of 160
    and 0 of 66 such plays among the chances with 2, 3 and 4 players (over 40
    matches, counting every pair given up with a pair-keeping card at hand:
    2, 9 and 2). Now it keeps the pair and sings it after its next trick."""
    cheap, _, chances = _pair_breaks(players, 25)
    assert chances >= 20
    assert cheap == 0
