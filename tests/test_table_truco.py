"""The two Trucos at the table, headless: cards and calls, refusals, bot-only matches,
the mão de dez panel in hot-seat, the blind mão de ferro, the envido reveal."""
from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.games import truco_argentino as ta
from game.games import truco_mineiro as tm
from game.scenes.handoff import HandOffScene
from game.scenes.summary import DealSummaryScene, MatchResultScene
from game.scenes.tables.trick_table import TableScene, table_supports
from game.scenes.tables.truco_argentino import envido_cards
from game.session import Session, bot_for

from table_driving import DT, click, reason_keys, run_until, seats, start

ROOT = Path(__file__).resolve().parent.parent
def seat_match(app, match, humans) -> TableScene:
    table = TableScene(app, Session(match, seats(set(humans), match.players)))
    app.stack.clear_to(table)
    return table


def scripted(module, players, dealer, hands, actions, seed=5, options=None):
    setup = module.parse_setup(players, {"hands": hands}, {}, "test")
    match = module.Match(players, dealer, seed, options or {}, setups=[setup])
    for action in actions:
        match.apply(action)
    return match


def state(match) -> tuple:
    return (match.deal_index, list(match.records[-1].actions), match.to_act, list(match.score),
            match.view(match.to_act)["legal"])


def button(table, action):
    for widget, control in zip(table.widgets.widgets, table._controls):
        if control.action == action:
            return widget
    return None


# --------------------------------------------------------------------------- a card and a call

def test_human_makes_a_call_with_its_button_then_plays_a_card(app):
    # four players, dealer 3: the human at seat 0 is mano and may open the envido
    table = start(app, "truco_argentino", 4, seed=12)
    assert run_until(app, table, table.my_turn)
    legal = table.match.view(0)["legal"]
    assert "call envido" in legal and "call truco" in legal and "fold" in legal
    # buttons: the calls of the moment, enabled exactly when legal
    controls = table._controls
    assert {c.action for c in controls} >= {"call truco", "call envido", "call real envido",
                                            "call falta envido", "fold"}
    assert all(c.enabled == (c.action in legal) for c in controls)
    widget = button(table, "call envido")
    before = len(table.match.records[-1].actions)
    click(app, widget.rect.center)
    assert table.match.records[-1].actions[before] == "call envido"
    app.step(DT, [])
    # the call shows as a bubble by the caller and in the log
    assert any(line.words().endswith("Envido!") for line in table.log) or table.bubbles
    helper = bot_for("truco_argentino", "normal", 1)
    assert run_until(app, table, lambda: table.my_turn() and table._playable, helper)
    card = sorted(table._playable)[0]
    n = sum(len(r.actions) for r in table.match.records)
    click(app, table.card_point(card))
    played = [a for r in table.match.records for a in r.actions]
    assert len(played) > n and f"play {card}" in played[n:]


def test_mineiro_truco_button_raises_the_hand(app):
    table = start(app, "truco_mineiro", 2, seed=4, dealer=1)
    assert run_until(app, table, table.my_turn)
    assert "call truco" in table.match.view(0)["legal"]
    widget = button(table, "call truco")
    assert widget is not None and widget.enabled
    deal, before = table.match.deal_index, len(table.match.records[-1].actions)
    click(app, widget.rect.center)
    assert table.match.records[deal].actions[before] == "call truco"


# --------------------------------------------------------------------------- refusals

@pytest.mark.parametrize("lang", ["en", "bn"])
def test_an_illegal_call_is_refused_and_nothing_changes(app, lang):
    app.settings.language = lang
    app.apply_language()
    table = start(app, "truco_argentino", 2, seed=6, dealer=1)
    assert run_until(app, table, table.my_turn)
    before = state(table.match)
    hand = list(table.hands[0])
    assert "call retruco" not in before[-1]
    assert table.act("call retruco") is False                 # nobody has called truco yet
    assert state(table.match) == before and table.hands[0] == hand
    assert table.hint is not None and not table.hint[0].startswith("reasons.")
    if lang == "bn":
        assert any("\u0980" <= ch <= "\u09ff" for ch in table.hint[0])
    # a call shown disabled says why, and clicking it does nothing
    app.step(DT, [])
    disabled = [c for c in table._controls if not c.enabled]
    for control in disabled:
        assert control.tooltip and not control.tooltip.startswith("reasons.")
        click(app, button(table, control.action).rect.center)
        assert state(table.match) == before


def test_mineiro_refuses_a_call_of_ones_own_pair(app):
    table = start(app, "truco_mineiro", 2, seed=8, dealer=1)
    helper = bot_for("truco_mineiro", "normal", 2)
    # seat 0 calls truco, the bot accepts or raises; when seat 0 may not ask next, it is refused
    assert run_until(app, table, table.my_turn)
    table.act("call truco")

    def own_turn_after_accept():
        view = table.match.view(0)
        return (table.my_turn() and view["last_caller_team"] == 0 and view["pending"] is None
                and any(a.startswith("play ") for a in view["legal"]))

    if run_until(app, table, own_turn_after_accept, helper, frames=3000):
        before = state(table.match)
        assert table.act("call seis") is False
        assert state(table.match) == before
        assert table.hint is not None and table.hint[0] == table.adapter.reason_text(
            table.match.why_illegal("call seis"))


# --------------------------------------------------------------------------- bot-only matches

@pytest.mark.parametrize("game,players", [("truco_argentino", 2), ("truco_argentino", 4),
                                          ("truco_argentino", 6), ("truco_mineiro", 2),
                                          ("truco_mineiro", 4)])
def test_a_bot_only_match_reaches_the_result(app, game, players):
    assert table_supports(game, players)
    table = start(app, game, players, humans=(), seed=7)
    for _ in range(200000):
        if isinstance(app.stack.top, MatchResultScene):
            break
        app.step(DT, [])
    assert isinstance(app.stack.top, MatchResultScene)
    match = table.match
    assert match.finished and match.winner in (0, 1)
    assert max(match.score) >= (match.target if game == "truco_argentino" else tm.TARGET)
    assert table._on_event not in match.listeners


def test_six_seats_go_round_counter_clockwise(app):
    table = start(app, "truco_argentino", 6, humans=(0,), seed=2)
    names = [table.slot_name(s) for s in range(6)]
    assert names == ["bottom", "lower_right", "upper_right", "top", "upper_left", "lower_left"]
    assert run_until(app, table, lambda: table.my_turn())
    app.step(DT, [])
    assert table.hand_drawn_for == 0
    assert [len(h) for h in table.hands] == [3] * 6 or sum(len(h) for h in table.hands) < 18


# --------------------------------------------------------------------------- the deal on the cloth

def test_tricks_stay_on_the_cloth_and_a_parda_is_labelled(app):
    # 1v1, seat 0 mano: both play a three (parda); the bots play on
    match = scripted(ta, 2, 1, [["3E", "1O", "4C"], ["3B", "6E", "5O"]], ["play 3E", "play 3B"])
    table = seat_match(app, match, humans=())
    assert table.kept == [([(0, "3E"), (1, "3B")], None)]     # rebuilt at once: the parda stays
    assert table.adapter.tie_label() == "Tie"
    labels = []
    original = table._draw_tie_label
    table._draw_tie_label = lambda surface, cards, k: (labels.append(k), original(surface, cards, k))
    app.step(DT, [])
    assert 0 in labels
    for _ in range(3000):
        if isinstance(app.stack.top, DealSummaryScene):
            break
        app.step(DT, [])
    assert isinstance(app.stack.top, DealSummaryScene)
    assert len(table.kept) >= 2 and table.kept[0][1] is None  # every trick still on the cloth
    assert table.piles == [0, 0] and table.trick == []
    rows = table.adapter.summary_rows(0)
    assert any(item[0] == "t" and item[1] == "Tie" for row in rows for item in row if isinstance(item, tuple))


def test_envido_hand_is_revealed_only_once_the_deal_is_over(app):
    hands = [["1E", "5B", "4B"], ["12C", "2O", "6C"], ["7C", "1C", "12O"], ["7O", "3O", "10B"]]
    match = scripted(ta, 4, 1, hands, ["call envido", "call real envido", "accept"])
    table = seat_match(app, match, humans=())
    adapter = table.adapter
    rows = adapter.summary_rows(0)                         # mid-deal: nothing of a hand shown
    assert not any(item[0] == "card" for row in rows for item in row if isinstance(item, tuple))
    while match.deal_index == 0:
        match.apply(table.session.bot_action(match.to_act))
    rows = adapter.summary_rows(0)
    cards = [item[1] for row in rows for item in row if isinstance(item, tuple) and item[0] == "card"]
    assert cards == ["7O", "3O"]                           # seat 3's 30 wins the envido
    assert envido_cards(["11E", "12C", "10O"]) in (("11E",), ("12C",), ("10O",))
    assert envido_cards(["7E", "6E", "12B"]) == ("7E", "6E")


# --------------------------------------------------------------------------- mão de dez, mão de ferro

DEZ_HANDS = [["4C", "7H", "AS"], ["4S", "5S", "6S"], ["7D", "3S", "2S"], ["4H", "5H", "6H"]]
DEZ_ACTIONS = ["call truco", "call seis", "call dez", "accept",
               "play 4C", "play 4S", "play 3S", "play 4H", "play 7H", "play 5S", "play 2S", "play 5H"]


def test_mao_de_dez_panel_only_for_the_deciding_player_in_hot_seat(app):
    match = scripted(tm, 4, 3, DEZ_HANDS, DEZ_ACTIONS)
    assert match.score == [10, 0] and match.to_act == 2          # seat 2 decides the mão de dez
    partner_cards = match.view(2)["partner_hand"]
    table = seat_match(app, match, humans=(1, 2))
    drawn_for: set = set()
    handoffs = 0
    decided = False
    for _ in range(4000):
        top = app.stack.top
        if isinstance(top, HandOffScene):
            handoffs += 1
            for _ in range(25):
                table.side_panel_drawn_for = "not drawn"
                app.step(DT, [])
                assert table.side_panel_drawn_for == "not drawn"  # the hand-off covers the table
            top.ready()
            continue
        if isinstance(top, DealSummaryScene) or match.deal_index > 1:
            break
        table.side_panel_drawn_for = "not drawn"
        app.step(DT, [])
        seen = table.side_panel_drawn_for
        if seen == "not drawn":                                   # the table was covered
            continue
        if seen is not None:
            assert seen == table.viewer == 2
            rows = table.adapter.side_panel(2)
            shown = [i[1] for i in rows[1]]
            assert set(shown) <= set(partner_cards)
            if table.is_idle():
                assert shown == match.view(2)["partner_hand"]
            drawn_for.add(seen)
        if table.viewer == 1 and table.is_idle():
            assert seen is None                                  # the opponent never sees it
        if table.my_turn():
            seat = match.to_act
            if seat == 2 and not decided:
                assert table.side_panel_drawn_for == 2
                assert {c.action for c in table._controls} == {"accept", "reject"}
                assert table.act("accept")
                decided = True
            else:
                table.act(match.view(seat)["legal"][0])
    assert decided and drawn_for == {2} and handoffs >= 2


def iron_hand_match():
    """Pair 0 reaches ten, then refuses five mãos de dez: ten all, a blind mão de ferro."""
    match = scripted(tm, 2, 1, [["4C", "7H", "AS"], ["4S", "5S", "6S"]],
                     ["call truco", "call seis", "call dez", "accept", "play 4C", "play 4S", "play 7H", "play 5S"])
    while match.score != [10, 10]:
        assert match.legal_actions() == ["accept", "reject"]
        match.apply("reject")
    return match


def test_mao_de_ferro_is_dealt_and_shown_face_down(app):
    match = iron_hand_match()
    assert match.view(0)["special"] == "mão de ferro" and match.view(0)["blind"]
    table = seat_match(app, match, humans=(0,))
    faces: list = []
    original = table.card_surface

    def spy(card, height, angle=0.0):
        if card is not None and card[:1] != "#":
            faces.append(card)
        return original(card, height, angle)

    table.card_surface = spy
    mao = match.to_act
    assert run_until(app, table, lambda: table.is_idle() and (table.my_turn() or match.to_act != 0))
    played = {a[5:] for a in match.records[-1].actions}
    assert set(faces) <= played                                  # only cards already on the cloth
    if mao == 0:
        assert faces == []
    assert all(c.startswith("#") for c in table.hands[0]) and len(table.hands[0]) == 3
    assert run_until(app, table, table.my_turn)
    assert table._playable == {"#0", "#1", "#2"}
    hidden = tm.NAMES[match.hands[0][0]]
    before = state(match)
    assert table.act("play " + hidden) is False               # no naming a card in the dark
    assert state(match) == before
    deal, before = match.deal_index, len(match.records[-1].actions)
    picked = tm.NAMES[match.hands[0][1]]
    click(app, table.card_point("#1"))
    assert match.records[deal].actions[before] == "play " + picked   # the record names the card
    app.step(DT, [])
    played = {a[5:] for a in match.records[-1].actions}
    assert set(faces) <= played


# --------------------------------------------------------------------------- strings

@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi"])
def test_every_truco_reason_has_a_string(lang):
    catalog = i18n.load_catalog(ROOT / "locales" / f"{lang}.toml")
    for game, table in (("truco_argentino", "truco"), ("truco_mineiro", "mineiro")):
        keys = reason_keys(ROOT / "game" / "games" / f"{game}.py")
        missing = sorted(k for k in keys if f"reasons.{table}.{k}" not in catalog and f"reasons.{k}" not in catalog)
        assert not missing, (game, missing)


@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi"])
def test_truco_tables_draw_in_every_language(app, lang):
    app.settings.language = lang
    app.apply_language()
    for game, players in (("truco_argentino", 2), ("truco_argentino", 6), ("truco_mineiro", 4)):
        table = start(app, game, players, seed=16)
        helper = bot_for(game, "normal", 8)
        # a decided trick (kept on the cloth, or at six and in Mineiro gathered to a pile)
        run_until(app, table, lambda: table.my_turn() and table.last_trick is not None, helper, frames=4000)
        app.step(DT, [])
        assert table.hand_drawn_for == 0
        for row in table.adapter.panel_rows(0):
            for item in row:
                if isinstance(item, tuple) and item[0] == "t":
                    assert "{" not in item[1] and not item[1].startswith(("truco_", "mineiro_"))


def test_going_to_the_deck_mucks_the_hand_face_down(app):
    app.settings.animation_speed = "normal"
    table = start(app, "truco_argentino", 4, seed=9)
    assert run_until(app, table, lambda: table.my_turn() and "fold" in table.match.view(0)["legal"])
    assert table.act("fold")
    flights = [f for f in table.flights]
    for _ in range(3):
        app.step(DT, [])
    assert table.hands[0] == [] and table.match.view(0)["hand"] == []
    assert all(not f.face for f in table.flights if f not in flights)
    assert table.adapter.seat_badge(0) == ("Folded", table.adapter.seat_badge(0)[1])
    assert table.match.to_act != 0 or table.match.deal_index > 0
