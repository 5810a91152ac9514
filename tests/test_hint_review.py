"""Expert at the table, headless: the hint (H and the button), the post-deal
review with its pictures, and search bots thinking on a thread."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ai.twenty_nine_search import TwentyNineSearch
from game.app import App
from game.scenes.review import ReviewScene
from game.scenes.summary import DealSummaryScene
from game.scenes.tables import table_for
from game.session import SeatConfig, Session, bot_for

from table_driving import DT, click, key, run_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(TwentyNineSearch, "hard_iterations", 60)
    monkeypatch.setattr(TwentyNineSearch, "expert_iterations", 120)
    app = App(pref_dir=tmp_path, headless=True)
    app.settings.animation_speed = "instant"
    app.settings.sound = False
    yield app
    i18n.set_language("en")


def start(app, levels=("normal",) * 3, humans=(0,), seed=5):
    seats = [SeatConfig(f"P{i}", i in humans, "normal") for i in range(4)]
    bots = iter(levels)
    for s in seats:
        if not s.human:
            s.level = next(bots)
    session = Session.new("twenty_nine", 4, {}, seats, seed=seed, dealer=3)
    table = table_for(app, session)
    app.stack.clear_to(table)
    return table


def wait_for_advice(app, table):
    for _ in range(2000):
        if table.advice.current() is not None:
            return table.advice.current()
        app.step(DT, [])
    return None


@pytest.mark.parametrize("lang", ["en", "bn", "hi", "es", "pt"])
def test_the_hint_key_shows_experts_choice_and_marks_it(app, lang):
    app.settings.language = lang
    app.apply_language()
    table = start(app)
    assert run_until(app, table, table.my_turn)
    key(app, pygame.K_h)
    advice = wait_for_advice(app, table)
    assert advice is not None and advice.best in table.match.view(0)["legal"]
    assert advice.reasons
    words = table.action_words(advice.best)
    assert words and "{" not in words
    app.step(DT, [])                                   # drawn with the hint on screen
    key(app, pygame.K_h)
    assert table.advice.current() is None              # H again puts it away
    key(app, pygame.K_h)
    assert wait_for_advice(app, table) is advice
    table.act(advice.best)
    assert table.advice.current() is None              # the hint belongs to its turn only


def test_the_hint_button_works_like_the_key(app):
    table = start(app)
    assert run_until(app, table, table.my_turn)
    click(app, table.advice.button_rect().center)
    assert wait_for_advice(app, table) is not None


def test_the_review_lists_costly_choices_with_pictures(app):
    table = start(app)
    helper = bot_for("twenty_nine", "easy", 4)        # a careless human, so something to review
    assert run_until(app, table, lambda: isinstance(app.stack.top, DealSummaryScene), helper)
    summary = app.stack.top
    assert summary.review_button is not None
    summary.review_button.activate()
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    for moment in table.advice.advisor.moments:
        moment.job.wait(60)
    for _ in range(3):
        app.step(DT, [])
    assert review.moments is not None
    for m in review.moments:
        assert m.cost > 0 and m.chosen != m.advice.best
        assert m.snapshot is not None                  # the table as it was
    costs = [m.cost for m in review.moments]
    assert costs == sorted(costs, reverse=True)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is summary


def test_no_review_in_hot_seat(app):
    table = start(app, levels=("normal", "normal"), humans=(0, 2))
    assert not table.advice.reviewing                 # pictures would show one player's hand to another
    assert table.advice.active                        # the hint still helps whoever holds the device


def test_a_search_bot_thinks_while_the_table_keeps_drawing(app):
    table = start(app, levels=("hard", "hard", "hard"))
    threaded = []
    helper = bot_for("twenty_nine", "normal", 9)

    def seen():
        turn = table.bot_turn
        if turn is not None and turn._thread is not None:
            threaded.append(turn)
        return len(table.match.deal_log) >= 8
    assert run_until(app, table, seen, helper)
    assert threaded                                    # Hard decided on a thread, the loop went on
