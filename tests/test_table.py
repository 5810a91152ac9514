"""The trick table, headless: playing cards, refusals, bots, hot-seat, animation, autosave."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import i18n
from game.scenes.handoff import HandOffScene
from game.scenes.summary import DealSummaryScene, MatchResultScene
from game.scenes.tables.trick_table import TableScene
from game.session import AUTOSAVE, Session, bot_for
from game.ui import anim

from table_driving import DT, click, key, my_play_turn, reason_keys, run_until, start

ROOT = Path(__file__).resolve().parent.parent
# --------------------------------------------------------------------------- playing a card

def test_click_plays_a_legal_card(app):
    table = start(app)
    helper = bot_for("twenty_nine", "normal", 1)
    assert run_until(app, table, lambda: my_play_turn(table), helper)
    card = sorted(table._playable)[0]
    actions = len(table.match.records[-1].actions)
    pos = table.card_point(card)
    assert pos is not None
    click(app, pos)
    played = [a for r in table.match.records for a in r.actions]
    assert f"play {card}" in played[-4:] and len(played) > actions
    assert card not in table.match.view(0)["hand"]


def test_arrow_keys_and_enter_play_a_card(app):
    table = start(app, seed=4)
    helper = bot_for("twenty_nine", "normal", 2)
    assert run_until(app, table, lambda: my_play_turn(table), helper)
    before = sum(len(r.actions) for r in table.match.records)
    key(app, pygame.K_RIGHT)
    assert table.kb_index is not None
    card = table.hands[0][table.kb_index]
    assert card in table._playable                   # the first arrow lands on a legal card
    key(app, pygame.K_RETURN)
    assert sum(len(r.actions) for r in table.match.records) > before
    assert card not in table.match.view(0)["hand"]


def test_illegal_card_is_refused_with_the_reason_on_hover(app):
    table = start(app, seed=6)
    helper = bot_for("twenty_nine", "normal", 3)

    def must_follow():
        if not my_play_turn(table):
            return False
        return any(c not in table._playable for c in table.hands[0])

    assert run_until(app, table, must_follow, helper)
    bad = next(c for c in table.hands[0] if c not in table._playable)
    exc = table.match.why_illegal("play " + bad)
    assert exc is not None
    expected = table.adapter.reason_text(exc)
    assert expected and not expected.startswith("reasons.")
    state = (len(table.match.records), len(table.match.records[-1].actions), list(table.match.view(0)["hand"]))
    pos = table.card_point(bad)
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    assert table.hover_card == bad
    assert table.hover_reason == expected
    click(app, pos)
    assert (len(table.match.records), len(table.match.records[-1].actions),
            list(table.match.view(0)["hand"])) == state
    assert table.hint is not None and table.hint[0] == expected
    assert table.act("play " + bad) is False


def test_reason_is_localized(app):
    app.settings.language = "bn"
    app.apply_language()
    table = start(app, seed=6)
    helper = bot_for("twenty_nine", "normal", 3)
    assert run_until(app, table, lambda: my_play_turn(table) and any(
        c not in table._playable for c in table.hands[0]), helper)
    bad = next(c for c in table.hands[0] if c not in table._playable)
    text = table.adapter.reason_text(table.match.why_illegal("play " + bad))
    assert any("\u0980" <= ch <= "\u09ff" for ch in text)


def test_bid_spinner_and_buttons_only_for_legal_calls(app):
    table = start(app, seed=5)
    helper = bot_for("twenty_nine", "normal", 4)
    assert run_until(app, table, lambda: table.my_turn() and table.match.view(0)["phase"] == "auction", helper)
    app.step(DT, [])
    labels = [w for w in table.widgets.widgets]
    assert labels and all(w.enabled for w in labels)
    legal = table.match.legal_actions()
    spinner = table.widgets.focused
    assert spinner is not None and f"bid {spinner.value}" in legal
    key(app, pygame.K_RIGHT)                          # the spinner has the focus: one up
    value = spinner.value
    assert value == spinner.values[min(1, len(spinner.values) - 1)]
    deal, count = table.match.deal_index, len(table.match.records[-1].actions)
    key(app, pygame.K_RETURN)
    assert table.match.records[deal].actions[count] == f"bid {value}"


# --------------------------------------------------------------------------- bots

def test_bot_only_twenty_nine_match_reaches_the_result(app):
    table = start(app, humans=(), seed=8)
    assert table.viewer == 0
    for _ in range(40000):
        if isinstance(app.stack.top, MatchResultScene):
            break
        app.step(DT, [])
    assert isinstance(app.stack.top, MatchResultScene)
    assert table.match.finished and table.match.winner in (0, 1)
    assert max(table.match.score) >= 6 or min(table.match.score) <= -6
    assert not (app.pref_dir / AUTOSAVE).exists()
    assert table._on_event not in table.match.listeners


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_only_tute_deal_on_the_table(app, players):
    table = start(app, game="tute", players=players, humans=(), seed=9)
    summaries = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, DealSummaryScene):
            summaries += 1
            top.close()
        if isinstance(top, MatchResultScene) or summaries >= 1:
            break
        app.step(DT, [])
    assert summaries >= 1 or isinstance(app.stack.top, MatchResultScene)


def test_bots_wait_for_the_animations(app):
    app.settings.animation_speed = "normal"
    table = start(app, humans=(), seed=10)
    app.step(DT, [])
    assert table.flights and not table.is_idle()
    actions = len(table.match.records[-1].actions)
    for _ in range(10):
        app.step(DT, [])
    assert len(table.match.records[-1].actions) == actions      # still dealing: nobody acts


# --------------------------------------------------------------------------- events drive animation

def test_dealt_events_produce_card_flights(app):
    app.settings.animation_speed = "normal"
    table = start(app, humans=(0,), seed=11)
    dealt = [e for e in table.match.records[0].events if e.kind == "dealt"]
    assert len(table.pending) == len(dealt) == 4
    app.step(DT, [])
    assert not table.pending
    assert len(table.flights) == 16                  # 4 + 4 + 4 + 4 of the first packet
    assert all(f.card is None and not f.face for f in table.flights)
    app.step(DT, [])
    started = sum(1 for f in table.flights if f.tween.started)
    assert started == 1                              # one card leaves the deck every ~90 ms
    for _ in range(6):
        app.step(DT, [])
    assert sum(1 for f in table.flights if f.tween.started) == 2
    for _ in range(int(2.5 / DT)):
        app.step(DT, [])
    assert not table.flights
    assert [len(h) for h in table.hands] == [4, 4, 4, 4]
    assert sorted(table.hands[0]) == sorted(table.match.view(0)["hand"])
    assert all(c is None for s in (1, 2, 3) for c in table.hands[s])


def test_a_played_event_flies_to_the_trick(app):
    app.settings.animation_speed = "normal"
    table = start(app, humans=(), seed=12)
    helper = None
    assert run_until(app, table, lambda: table.match.view(0)["phase"] == "play" and table.is_idle(), helper)
    seat = table.match.to_act
    card = table.match.legal_actions()[0]
    n = len(table.flights)
    table.match.apply(card)                            # the listener queues "played"
    assert table.pending and table.pending[-1][1].kind == "played"
    app.step(DT, [])
    assert len(table.flights) == n + 1 and table.flights[-1].card == card[5:]
    for _ in range(30):
        app.step(DT, [])
    assert (seat, card[5:]) in table.trick or table.last_trick is not None


def test_instant_speed_skips_the_animation(app):
    table = start(app, humans=(), seed=13)
    app.step(DT, [])
    assert not table.flights
    assert [len(h) for h in table.hands] == [4, 4, 4, 4]


def test_timeline_scales_with_speed():
    speed = [1.0]
    tl = anim.Timeline(lambda: speed[0])
    done = []
    tl.tween(0.2, on_done=lambda: done.append("a"))
    tl.update(0.1)
    assert not done
    tl.update(0.11)
    assert done == ["a"]
    speed[0] = 0.0
    tl.after(5.0, lambda: done.append("b"))
    assert done == ["a", "b"]                         # instant: at once
    speed[0] = 2.0
    tw = tl.tween(1.0)
    assert tw.duration == 2.0
    assert anim.ease_out_cubic(0.0) == 0.0 and anim.ease_out_cubic(1.0) == 1.0


# --------------------------------------------------------------------------- hot-seat

def _hot_seat_run(app, humans, deals=2):
    table = start(app, humans=humans, seed=21)
    helper = bot_for("twenty_nine", "normal", 5)
    device = None                       # the human holding the device, as the test sees it
    last_human = None
    handoffs = []
    turns_needing_handoff = 0
    for _ in range(30000):
        if table.match.deal_index >= deals or table.match.finished:
            break
        top = app.stack.top
        if isinstance(top, DealSummaryScene):
            top.close()
            continue
        if isinstance(top, HandOffScene):
            seat = table.match.to_act
            assert seat in humans and seat != device
            handoffs.append(seat)
            for _ in range(25):                              # the guard time, then a click
                app.step(DT, [])
                assert table.hand_drawn_for in (None, device) or app.stack.top is top
            app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)])
            device = seat
            continue
        if table.my_turn():
            seat = table.match.to_act
            assert seat == device or len(humans) == 1
            if last_human is not None and seat != last_human:
                turns_needing_handoff += 1
            last_human = seat
            table.act(helper.choose(table.match.view(seat)))
        table.hand_drawn_for = "not drawn"
        app.step(DT, [])
        drawn = table.hand_drawn_for
        if drawn != "not drawn" and len(humans) >= 2:
            assert drawn in (None, device), (drawn, device)
        if len(humans) == 1:
            assert drawn in ("not drawn", None, humans[0])
    return table, handoffs, turns_needing_handoff


def test_hot_seat_hand_off_between_two_humans(app):
    table, handoffs, changes = _hot_seat_run(app, (0, 2))
    assert handoffs, "the device was never passed"
    # once at the first human turn, then every time the turn moves to the other human
    assert len(handoffs) == changes + 1
    assert all(a != b for a, b in zip(handoffs, handoffs[1:]))
    assert table.handoffs == len(handoffs)


def test_no_hand_off_with_one_human(app):
    table, handoffs, _ = _hot_seat_run(app, (1,))
    assert handoffs == [] and table.handoffs == 0


# --------------------------------------------------------------------------- saving

def test_autosave_after_an_action_and_loadable(app):
    table = start(app, seed=14)
    path = app.pref_dir / AUTOSAVE
    assert not path.exists()
    helper = bot_for("twenty_nine", "normal", 6)
    assert run_until(app, table, lambda: table.my_turn())
    actions = [a for r in table.match.records for a in r.actions]
    assert table.act(helper.choose(table.match.view(0)))
    assert path.exists()
    loaded = Session.load(path)
    assert [a for r in loaded.match.records for a in r.actions] == actions + [
        table.match.records[-1].actions[-1]] or len(loaded.match.records) == len(table.match.records)
    assert loaded.seats[0].human and not loaded.seats[1].human
    # the loaded match sits at a new table rebuilt at once from its events
    app.stack.clear_to(TableScene(app, loaded))
    resumed = app.stack.top
    app.step(DT, [])
    assert sorted(c for c in resumed.hands[0]) == sorted(loaded.match.view(0)["hand"])
    path2 = resumed.save_match()
    assert path2 is not None and path2.parent.name == "saves" and path2.exists()
    assert Session.load(path2) is not None


def test_concede_ends_the_match_as_a_loss(app):
    table = start(app, seed=15)
    run_until(app, table, lambda: table.my_turn(), bot_for("twenty_nine", "normal", 7))
    table.act(table.match.legal_actions()[-1])
    assert (app.pref_dir / AUTOSAVE).exists()
    table.concede()
    app.step(DT, [])
    top = app.stack.top
    assert isinstance(top, MatchResultScene)
    assert top.conceded_by == 0 and top.winner == 1
    assert not (app.pref_dir / AUTOSAVE).exists()


# --------------------------------------------------------------------------- strings

@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi"])
def test_every_reason_key_has_a_string(lang):
    catalog = i18n.load_catalog(ROOT / "locales" / f"{lang}.toml")
    keys = reason_keys(ROOT / "game" / "games" / "twenty_nine.py") | reason_keys(
        ROOT / "game" / "games" / "tute.py") | {"not_legal", "match_over"}
    missing = sorted(k for k in keys if f"reasons.{k}" not in catalog)
    assert not missing, missing


@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi"])
def test_table_draws_in_every_language(app, lang):
    app.settings.language = lang
    app.apply_language()
    for game, players in (("twenty_nine", 4), ("tute", 2), ("tute", 3), ("tute", 4)):
        table = start(app, game=game, players=players, humans=(0,), seed=16)
        helper = bot_for(game, "normal", 8)
        run_until(app, table, lambda: my_play_turn(table) and sum(table.piles) >= 1, helper, frames=4000)
        app.step(DT, [])
        assert table.hand_drawn_for == 0


def test_drag_a_card_to_the_table_plays_it(app):
    table = start(app, seed=4)
    helper = bot_for("twenty_nine", "normal", 2)
    assert run_until(app, table, lambda: my_play_turn(table), helper)
    card = sorted(table._playable)[-1]
    before = sum(len(r.actions) for r in table.match.records)
    pos = table.card_point(card)
    drop = (640, 330)
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0], pos[1] - 60), rel=(0, -60), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(0, -60), buttons=(1, 0, 0))])
    assert table.drag_card == card
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1)])
    assert sum(len(r.actions) for r in table.match.records) > before
    assert card not in table.match.view(0)["hand"]


def test_escape_opens_the_pause_menu_and_tab_peeks(app):
    from game.scenes.pause import PauseScene
    table = start(app, seed=17)
    helper = bot_for("twenty_nine", "normal", 9)
    assert run_until(app, table, lambda: my_play_turn(table) and table.last_trick is not None, helper)
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)])
    for _ in range(15):
        app.step(DT, [])
    assert table.tab_down_at is not None and table.clock - table.tab_down_at > 0.18
    app.step(DT, [pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)])
    assert table.tab_down_at is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


def test_escape_on_the_deal_summary_opens_the_pause_menu(app):
    """Issue 9, bug 7: Esc on the deal summary started the next deal."""
    from game.scenes.pause import PauseScene
    table = start(app, seed=17)
    helper = bot_for("twenty_nine", "normal", 9)
    for _ in range(20000):
        if isinstance(app.stack.top, DealSummaryScene):
            break
        if table.my_turn():
            table.act(helper.choose(table.match.view(table.match.to_act)))
        app.step(DT, [])
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene)
    deal = table.match.deal_index
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.table is table
    assert not summary.closed and table.match.deal_index == deal
    key(app, pygame.K_ESCAPE)                    # Resume: back to the summary, still open
    assert app.stack.top is summary and not summary.closed
