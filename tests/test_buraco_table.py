"""Buraco's own table, headless: drawing, selecting and melding, refusals in words, adding,
discarding (button, drag, keys), the closed pile, bots to the end of a match, hot-seat privacy,
saving, and the per-hand breakdown."""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.games import buraco as bu
from game.games import buraco_melds as bm
from game.scenes.tables.buraco import describe_meld, meld_from_info
from game.scenes.tables.buraco_layout import PILE_TOP_POS
from game.scenes.tables.buraco_table import BuracoTableScene
from game.scenes.handoff import HandOffScene
from game.scenes.summary import DealSummaryScene, MatchResultScene
from game.scenes.tables.trick_table import TableScene
from game.scenes.tables import table_for, table_supports
from game.session import AUTOSAVE, Session, bot_for

from table_driving import DT, click, key, reason_keys, run_until, seats

ROOT = Path(__file__).resolve().parent.parent
def start(app, players=2, humans=(0,), seed=3, options=None) -> BuracoTableScene:
    session = Session.new("buraco", players, options or {}, seats(set(humans), players), seed=seed,
                          dealer=players - 1)
    table = table_for(app, session)
    app.stack.clear_to(table)
    return table


def scripted(app, hand0, mode="closed", discard=(), stock=(), players=2, humans=(0,)) -> BuracoTableScene:
    """A first deal where seat 0 (first to play) holds ``hand0``; ``discard`` and ``stock``
    are given top first; every other card is shuffled."""
    rest = [bu.NAMES[c] for c in bu.full_pack(mode)]
    for c in list(hand0) + list(discard) + list(stock):
        rest.remove(c)
    random.Random(5).shuffle(rest)
    hands = [list(hand0)] + [rest[i * 11:(i + 1) * 11] for i in range(players - 1)]
    entry = {"hands": hands}
    if discard:
        entry["discard"] = list(discard)
    if stock:
        entry["stock"] = list(stock)
    setup = bu.parse_setup(players, entry, {"mode": mode}, "test")
    match = bu.Match(players, players - 1, 7, {"mode": mode}, setups=[setup])
    table = table_for(app, Session(match, seats(set(humans), players)))
    app.stack.clear_to(table)
    return table


def press(app, table, cid: str) -> None:
    app.step(DT, [])                          # the buttons follow the selection
    widget = table.controls()[cid]
    assert widget.enabled, cid
    click(app, widget.rect.center)


def pick(app, table, cards) -> None:
    """Click these cards of the viewer's hand (one copy each)."""
    for card in cards:
        hand = table.hands[table.viewer]
        i = next(i for i, c in enumerate(hand) if c == card and i not in table.selected)
        pos = table.hand_point(i)
        assert pos is not None, card
        click(app, pos)


def actions(table) -> list:
    return [a for r in table.match.records for a in r.actions]


def state(table):
    m = table.match
    return (len(actions(table)), sorted(m.view(0)["hand"]), m.view(0)["melds"], m.view(0)["phase"])


def settle(app, table) -> None:
    run_until(app, table, lambda: table.is_idle() and not table.need_sync, frames=200)
    app.step(DT, [])


HAND = ["3H", "4H", "5H", "6H", "9C", "9D", "KS", "QS", "7D", "8C", "JK"]


# --------------------------------------------------------------------------- the factory

def test_table_for_picks_the_buraco_table(app):
    table = start(app)
    assert isinstance(table, BuracoTableScene)
    other = table_for(app, Session.new("twenty_nine", 4, {}, seats({0}, 4), seed=1, dealer=3))
    assert isinstance(other, TableScene)
    assert table_supports("buraco", 2) and table_supports("buraco", 4) and not table_supports("buraco", 3)


# --------------------------------------------------------------------------- a human's turn

def test_draw_meld_add_and_discard_with_clicks(app):
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    assert table.phase == "draw"
    press(app, table, "draw")
    settle(app, table)
    assert actions(table) == ["draw"]
    assert "10S" in table.hands[0] and table.my_turn() and table.phase == "play"
    pick(app, table, ["3H", "4H", "5H"])
    assert table.selection == ["3H", "4H", "5H"]
    press(app, table, "meld")
    assert actions(table)[-1] == "meld 3H 4H 5H"
    settle(app, table)
    assert [m["cards"] for m in table.melds[0]] == [["3H", "4H", "5H"]]
    assert not {"3H", "4H", "5H"} & set(table.hands[0]) and table.selection == []
    # add by clicking the meld
    pick(app, table, ["6H"])
    click(app, table.meld_point(0, 0))
    assert actions(table)[-1] == "add 0 6H"
    settle(app, table)
    assert table.melds[0][0]["cards"] == ["3H", "4H", "5H", "6H"]
    # discard with the button
    n = len(actions(table))
    pick(app, table, ["KS"])
    press(app, table, "discard")
    assert actions(table)[n] == "discard KS"
    assert "KS" not in table.match.view(0)["hand"] and table.match.view(0)["hand_sizes"][0] == 7


def test_illegal_meld_is_refused_with_its_reason_and_nothing_changes(app):
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    press(app, table, "draw")
    settle(app, table)
    before = state(table)
    pick(app, table, ["KS", "9C", "9D"])
    press(app, table, "meld")
    why = table.match.meld_check(0, ["KS", "9C", "9D"])
    assert why is not None and why[1] == "mixed"
    expected = table.adapter.reason_words(*why)
    assert expected and not expected.startswith("buraco_reasons.")
    assert table.hint is not None and table.hint[0] == expected
    assert table._turn_text(True)[0] == expected           # shown where the turn line is
    assert state(table) == before                           # nothing was sent to the engine
    # two cards: too few, in words with the number
    table.clear_selection()
    pick(app, table, ["9C", "9D"])
    press(app, table, "meld")
    assert "3" in table.hint[0] and state(table) == before
    # an add that does not fit the meld
    table.clear_selection()
    pick(app, table, ["3H", "4H", "5H"])
    press(app, table, "meld")
    settle(app, table)
    before = state(table)
    pick(app, table, ["9C"])
    click(app, table.meld_point(0, 0))
    assert table.hint[0] == table.adapter.reason_words(*table.match.meld_check(0, ["9C"], 0))
    assert state(table) == before


def test_the_refusal_is_localised(app):
    app.settings.language = "bn"
    app.apply_language()
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    table.draw_card()
    settle(app, table)
    table.select_cards(["KS", "9C", "9D"])
    assert table.meld_selected() is False
    assert any("\u0980" <= ch <= "\u09ff" for ch in table.hint[0])


def test_keyboard_selects_and_melds(app):
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    key(app, pygame.K_RETURN)                              # Enter at the draw: draws
    settle(app, table)
    assert actions(table) == ["draw"]
    hand = table.hands[0]
    key(app, pygame.K_RIGHT)
    assert table.kb_index == 0
    for card in ("3H", "4H", "5H"):
        target = hand.index(card)
        while table.kb_index != target:
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_SPACE)
    assert table.selection == ["3H", "4H", "5H"]
    key(app, pygame.K_RETURN)
    assert actions(table)[-1] == "meld 3H 4H 5H"
    settle(app, table)
    # up to the melds, Enter adds the selected card
    table.select_cards(["6H"])
    key(app, pygame.K_UP)
    assert table.meld_cursor == 0
    key(app, pygame.K_RETURN)
    assert actions(table)[-1] == "add 0 6H"


def test_several_cards_are_added_in_an_order_that_works(app):
    table = scripted(app, ["3H", "4H", "5H", "6H", "7H", "9C", "9D", "KS", "QS", "8C", "7D"], stock=["10S"])
    assert run_until(app, table, table.my_turn)
    table.draw_card()
    settle(app, table)
    table.select_cards(["4H", "5H", "6H"])
    assert table.meld_selected()
    settle(app, table)
    table.select_cards(["3H", "7H"])                       # one goes low, the other high
    assert table.add_selected(0)
    settle(app, table)
    assert table.melds[0][0]["cards"] == ["3H", "4H", "5H", "6H", "7H"]


def test_drag_a_card_onto_the_pile_discards_it(app):
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    table.draw_card()
    settle(app, table)
    i = table.hands[0].index("QS")
    pos = table.hand_point(i)
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0], pos[1] - 80), rel=(0, -80), buttons=(1, 0, 0)),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=PILE_TOP_POS, rel=(0, 0), buttons=(1, 0, 0))])
    assert table.drag is not None
    n = len(actions(table))
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=PILE_TOP_POS, button=1)])
    assert actions(table)[n] == "discard QS"


def test_sort_toggle_keeps_the_selection(app):
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    table.select_cards(["9C", "JK"])
    by_suit = list(table.hands[0])
    press(app, table, "sort")
    assert table.sort_by == "rank" and table.hands[0] != by_suit
    assert sorted(table.hands[0]) == sorted(by_suit) and sorted(table.selection) == ["9C", "JK"]
    assert table.hands[0].index("9C") < table.hands[0].index("9D") < table.hands[0].index("KS")


# --------------------------------------------------------------------------- the closed pile

def test_closed_pile_take_and_its_obligation(app):
    hand = ["9H", "9D", "10S", "JS", "4C", "5C", "KD", "QD", "AH", "8C", "6H"]
    table = scripted(app, hand, discard=["9S", "4D", "KC"])
    assert run_until(app, table, table.my_turn)
    app.step(DT, [])
    take = table.controls()["take"]
    assert take.enabled and take.tooltip            # the obligation, explained
    press(app, table, "take")
    settle(app, table)
    assert table.must == "9S" and table.phase == "must-play"
    assert "the nine of spades" in table._turn_text(True)[0]        # the card named in words
    before = state(table)
    table.select_cards(["4D"])
    assert table.discard_selected() is False
    assert table.hint[0] == table.adapter.reason_text(table.match.why_illegal("discard 4D"))
    assert state(table) == before
    table.select_cards(["9S", "9H", "9D"])
    assert table.meld_selected()
    assert actions(table)[-1] == "meld 9S 9H 9D"


def test_closed_pile_that_cannot_be_taken_says_why(app):
    hand = ["3H", "4H", "5H", "6C", "7C", "KD", "QD", "AH", "5D", "6D", "8H"]
    table = scripted(app, hand, discard=["9S", "4D"])
    assert run_until(app, table, table.my_turn)
    app.step(DT, [])
    take = table.controls()["take"]
    assert not take.enabled
    assert take.tooltip.startswith(table.adapter.reason_text(table.match.why_illegal("take-discard")))
    assert table.take_pile() is False and table.hint is not None


# --------------------------------------------------------------------------- bots and the end

def test_bot_only_two_player_match_reaches_the_result(app):
    table = start(app, humans=(), seed=8, options={"target": 600})
    summaries = 0
    for _ in range(60000):
        top = app.stack.top
        if isinstance(top, MatchResultScene):
            break
        if isinstance(top, DealSummaryScene):
            summaries += 1
        app.step(DT, [])
    assert isinstance(app.stack.top, MatchResultScene)
    match = table.match
    assert match.finished and match.winner in (0, 1) and max(match.score) >= 600
    assert summaries >= 1
    assert not (app.pref_dir / AUTOSAVE).exists()
    assert table._on_event not in match.listeners


def test_summary_rows_break_the_hand_down(app):
    table = start(app, humans=(), seed=9, options={"target": 10000})
    assert run_until(app, table, lambda: len(table.match.records) > 1 and table.match.records[0].ended)
    rows = table.adapter.summary_rows(0)
    text = repr(rows)
    t = app.t
    for part in ("melded", "canastas", "close", "in_hand", "muerto", "total", "match"):
        assert t(f"buraco_summary.{part}") in text, part
    details = table.match.records[0].info["details"]
    assert [d["total"] for d in details] == table.match.records[0].points
    assert app.num(abs(details[0]["total"])) in text


def test_four_players_deal_on_the_table(app):
    table = start(app, players=4, humans=(0,), seed=4)
    helper = bot_for("buraco", "normal", 3)
    assert run_until(app, table, lambda: table.match.deal_index >= 1 or table.match.finished, helper,
                     frames=40000)
    assert table.handoffs == 0


def test_events_drive_the_animation_and_bots_wait(app):
    app.settings.animation_speed = "normal"
    table = start(app, humans=(), seed=10)
    app.step(DT, [])
    assert table.flights and not table.is_idle()
    n = len(actions(table))
    for _ in range(20):
        app.step(DT, [])
    assert len(actions(table)) == n                       # still dealing: nobody acts
    for _ in range(int(4 / DT)):
        app.step(DT, [])
    assert len(table.hands[0]) >= 11 and table.muerto == [11, 11] or len(actions(table)) > n


# --------------------------------------------------------------------------- hot-seat

def test_hot_seat_keeps_hands_private(app):
    table = start(app, players=2, humans=(0, 1), seed=21, options={"target": 300})
    helper = bot_for("buraco", "normal", 5)
    device = None
    handoffs = 0
    for _ in range(30000):
        if table.match.finished or table.match.deal_index >= 1:
            break
        top = app.stack.top
        if isinstance(top, DealSummaryScene):
            top.close()
            continue
        if isinstance(top, HandOffScene):
            handoffs += 1
            assert table.viewer is None
            for _ in range(25):
                table.hand_drawn_for = "not drawn"
                app.step(DT, [])
                assert table.hand_drawn_for in ("not drawn", None)      # the hand-off screen is opaque
                assert all(c is None for hand in table.hands for c in hand)
            app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)])
            device = table.match.to_act
            continue
        if table.my_turn():
            assert table.match.to_act == device
            table.act(helper.choose(table.match.view(device)))
        table.hand_drawn_for = "not drawn"
        app.step(DT, [])
        assert table.hand_drawn_for in ("not drawn", None, device)
        for seat, hand in enumerate(table.hands):
            if seat != table.viewer:
                assert all(c is None for c in hand), (seat, table.viewer)
    assert handoffs >= 2 and table.handoffs == handoffs


# --------------------------------------------------------------------------- saving, pausing

def test_autosave_resume_and_save_match(app):
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    table.draw_card()
    path = app.pref_dir / AUTOSAVE
    assert path.exists()
    loaded = Session.load(path)
    assert actions(table) == [a for r in loaded.match.records for a in r.actions]
    resumed = table_for(app, loaded)
    app.stack.clear_to(resumed)
    app.step(DT, [])
    assert isinstance(resumed, BuracoTableScene)
    assert sorted(resumed.hands[0]) == sorted(loaded.match.view(0)["hand"])
    saved = resumed.save_match()
    assert saved is not None and saved.parent.name == "saves" and Session.load(saved) is not None


def test_escape_pauses_and_concede_ends_the_match(app):
    from game.scenes.pause import PauseScene
    table = start(app, seed=15)
    assert run_until(app, table, table.my_turn)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    app.stack.pop()
    table.concede()
    app.step(DT, [])
    top = app.stack.top
    assert isinstance(top, MatchResultScene) and top.conceded_by == 0 and top.winner == 1


# --------------------------------------------------------------------------- melds as shown

def test_describe_meld_agrees_with_the_engine():
    for seed in range(4):
        session = Session.new("buraco", 2, {"mode": bu.MODES[seed % 5] if hasattr(bu, "MODES") else "closed"},
                              seats(set(), 2), seed=seed, dealer=0)
        match = session.match
        seen = 0
        for _ in range(400):
            if match.finished or match.deal_index > 0:
                break
            match.apply(session.bot_action(match.to_act))
            for side in match.view(0)["meld_info"]:
                for info in side:
                    assert describe_meld(info["cards"]) == meld_from_info(info), info
                    seen += 1
        assert seen


# --------------------------------------------------------------------------- strings

@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi"])
def test_every_buraco_reason_has_a_string(lang):
    catalog = i18n.load_catalog(ROOT / "locales" / f"{lang}.toml")
    keys = (reason_keys(ROOT / "game" / "games" / "buraco.py") | set(bm.REASONS)
            | {"close_needs_clean", "select_meld", "select_discard", "select_add", "not_legal", "match_over"})
    missing = sorted(k for k in keys if f"buraco_reasons.{k}" not in catalog)
    assert not missing, missing


@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi"])
def test_the_table_draws_in_every_language(app, lang):
    app.settings.language = lang
    app.apply_language()
    table = start(app, players=4, seed=16)
    helper = bot_for("buraco", "normal", 8)
    assert run_until(app, table, lambda: table.my_turn() and table.phase == "play"
                     and any(table.melds), helper, frames=6000)
    app.step(DT, [])
    assert table.hand_drawn_for == 0


def test_screenshot_command_renders_buraco(tmp_path):
    from game.commands.screenshot import take_screenshot
    out = tmp_path / "b.png"
    assert take_screenshot("table", "buraco", "es", str(out), seed=3, players=2) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
