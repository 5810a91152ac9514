"""A whole match of every game, played through the window headless.

Human seats are moved by the rule bot's choice sent through the table's own
input path (``table.act``, what a click or Enter does), summaries are closed
as a player would, and every match must reach the result screen. Two humans
at one table (hot-seat) get the hand-off screen between their turns.
"""
import pytest

from game.app import App
from game.scenes.handoff import HandOffScene
from game.scenes.summary import DealSummaryScene, MatchResultScene
from game.scenes.tables import table_for
from game.session import SeatConfig, Session, bot_for


def play_through(app, session, max_frames=400000):
    table = table_for(app, session)
    app.stack.clear_to(table)
    helpers = {s: bot_for(session.match.game_id, "normal", 50 + s) for s in session.humans}
    handoffs = 0
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, MatchResultScene):
            return table, handoffs
        if isinstance(top, DealSummaryScene):
            top.close()
        elif isinstance(top, HandOffScene):
            handoffs += 1
            top.ready()
        elif top is table and table.my_turn():
            seat = session.match.to_act
            assert table.act(helpers[seat].choose(session.match.view(seat)))
        app.step(1 / 30, [])
    raise AssertionError("the match did not finish")


@pytest.mark.parametrize("game, players, options", [
    ("twenty_nine", 4, {"target": 2}),
    ("tute", 2, {"target": 101}),
    ("tute", 3, {"wins": 1}),
    ("tute", 4, {"wins": 1}),
    ("truco_argentino", 2, {"target": 15}),
    ("truco_mineiro", 2, {}),
    ("buraco", 2, {"target": 600}),      # one long deal at this seed (2000 took 100 s)
])
def test_human_against_bots_plays_a_whole_match(tmp_path, game, players, options):
    app = App(pref_dir=tmp_path, headless=True)
    app.settings.animation_speed = "instant"
    seats = [SeatConfig("Ana", True)] + [SeatConfig(f"Bot {i}", False) for i in range(1, players)]
    session = Session.new(game, players, options, seats, seed=4, dealer=0)
    play_through(app, session)
    assert session.match.finished and session.match.winner is not None
    assert not (tmp_path / "autosave.toml").exists()        # a finished match leaves no autosave


def test_hot_seat_two_humans_and_bots(tmp_path):
    app = App(pref_dir=tmp_path, headless=True)
    app.settings.animation_speed = "instant"
    seats = [SeatConfig("Ana", True), SeatConfig("Bot 1", False), SeatConfig("Ravi", True),
             SeatConfig("Bot 3", False)]
    session = Session.new("twenty_nine", 4, {"target": 1}, seats, seed=6, dealer=0)
    _, handoffs = play_through(app, session)
    assert session.match.finished and handoffs >= 2
