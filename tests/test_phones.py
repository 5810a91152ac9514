"""Phone seats, headless and on loopback only: the protocol's checks, a phone playing its seat
through the table's own path, refusals with the engine's reason in the phone's language, a
phone that drops and comes back mid-deal (Truco), the host giving a seat away, and saving
and resuming a match with phone seats (new tokens)."""
from __future__ import annotations

import json
import time

import pytest

from game import i18n
from game.remote import protocol
from game.remote.hub import PhoneHub
from game.scenes.setup import MatchSetupScene
from game.scenes.summary import MatchResultScene
from game.scenes.tables.trick_table import TableScene
from game.session import AUTOSAVE, SeatConfig, Session, parse_seats
from game.engine.errors import MatchFileError

from phone_driving import PhoneClient, bot_chooser, phone_seats
from table_driving import DT, close_overlays

FRAME_PAUSE = 0.002          # the app steps a little slower than the clients' loop


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setenv("TAASH_PHONE_BIND", "127.0.0.1")


@pytest.fixture
def app(app):
    """The shared app (conftest.py); afterwards every table's phone server is stopped."""
    yield app
    for scene in list(app.stack.scenes):
        phones = getattr(scene, "phones", None)
        if phones is not None:
            phones.close()


def open_table(app, game, kinds, seed=5, dealer=None, options=None) -> TableScene:
    n = len(kinds)
    session = Session.new(game, n, options or {}, phone_seats(kinds), seed=seed,
                          dealer=n - 1 if dealer is None else dealer)
    table = TableScene(app, session)
    app.stack.clear_to(table)
    return table


def step_until(app, table, cond, seconds=60.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        if app.stack.top is not table and not isinstance(app.stack.top, MatchResultScene):
            close_overlays(app, table)
        app.step(DT, [])
        time.sleep(FRAME_PAUSE)
    return cond()


# --------------------------------------------------------------------------- the protocol

def test_protocol_accepts_only_the_phone_messages():
    assert protocol.parse('{"type":"act","action":"play 7C","turn":"0:5"}') == {
        "type": "act", "action": "play 7C", "turn": "0:5"}
    assert protocol.parse('{"type":"lang","lang":"bn"}') == {"type": "lang", "lang": "bn"}
    assert protocol.parse('{"type":"ping"}') == {"type": "ping"}
    bad = ["", "nope", "[]", "3", '{"type":"act"}', '{"type":"act","action":"play 7C"}',
           '{"type":"act","action":"play 7C;rm -rf","turn":"0:1"}', '{"type":"act","action":' + '"x' * 40 + '"}',
           '{"type":"act","action":"play 7C","turn":"../1"}', '{"type":"lang","lang":"xx"}',
           '{"type":"shutdown"}', "[" * 5000 + "]" * 5000, '{"type":"ping"' + " " * 3000 + "}", None, b"{}"]
    for text in bad:
        with pytest.raises(protocol.BadMessage):
            protocol.parse(text)


def test_rate_limit_allows_a_burst_then_the_rate():
    now = [0.0]
    limit = protocol.RateLimit(rate=10, burst=5, clock=lambda: now[0])
    assert [limit.allow() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 0.25                                  # 2.5 tokens back
    assert [limit.allow() for _ in range(3)] == [True, True, False]


def test_tokens_are_long_distinct_and_checked_whole():
    hub = PhoneHub({0: "Ana", 2: "Bea"})
    t0, t2 = hub.token(0), hub.token(2)
    assert len(t0) >= 32 and len(t2) >= 32 and t0 != t2
    assert hub.seat_for(t0) == 0 and hub.seat_for(t2) == 2
    for wrong in ("", t0[:-1], t0 + "x", t0.upper() if t0.upper() != t0 else t0[::-1], None, "x" * 500):
        assert hub.seat_for(wrong) is None
    assert PhoneHub({0: "Ana"}).token(0) != t0          # a new match, new tokens
    hub.revoke(0)
    assert hub.seat_for(t0) is None
    hub.close()
    assert hub.seat_for(t2) is None


# --------------------------------------------------------------------------- seats and saves

def test_phone_seat_is_saved_and_checked():
    seats = phone_seats("pbhb")
    assert [s.to_dict().get("phone", False) for s in seats] == [True, False, False, False]
    assert parse_seats([s.to_dict() for s in seats], 4, "x.toml") == seats
    with pytest.raises(MatchFileError, match="phone"):
        SeatConfig.from_dict({"name": "A", "human": False, "phone": True}, 0)
    with pytest.raises(MatchFileError, match="phone"):
        SeatConfig.from_dict({"name": "A", "human": True, "phone": "yes"}, 0)
    session = Session.new("twenty_nine", 4, {}, seats, seed=1)
    assert session.phones == [0] and session.humans == [2] and sorted(session.bots) == [1, 3]


def test_setup_offers_phone_for_trick_games_only(app):
    setup = MatchSetupScene(app, "truco_argentino")
    assert "phone" in setup.seat_modes()
    setup.set_mode(1, "phone")
    configs = setup.seat_configs()
    assert configs[1].phone and configs[1].human and not configs[0].phone
    assert "phone" not in MatchSetupScene(app, "buraco").seat_modes()


# --------------------------------------------------------------------------- playing

def test_phone_plays_its_seat_and_sees_only_its_view(app):
    table = open_table(app, "twenty_nine", "pbpb", seed=7)
    phones = table.phones
    assert phones.error is None and table.viewer is None        # no hand shown on the laptop
    a = PhoneClient(phones.url(0), bot_chooser("twenty_nine", 1), lang="es")
    b = PhoneClient(phones.url(2), bot_chooser("twenty_nine", 2), lang="bn")
    a.start(), b.start()
    try:
        deal = table.match.deal_index
        assert step_until(app, table, lambda: table.match.deal_index > deal or table.match.finished, 90)
        assert a.error is None and b.error is None
        assert a.sent and b.sent
        for client, seat in ((a, 0), (b, 2)):
            for state in client.states:
                assert state["seat"] == seat and state["view"]["seat"] == seat
                own = table.match.records[state["view"]["deal_index"]].setup["hands"][seat]
                assert set(state["hand"]) <= set(own)               # its own cards, never another's
                assert "hands" not in state["view"]
        assert a.states[-1]["lang"] == "es" and b.states[-1]["lang"] == "bn"
        assert any(ch >= "\u0980" for ch in b.states[-1]["title"])      # Bangla words for the Bangla phone
        # the table drew the phones' cards face down
        assert all(card is None for card in table.hands[0]) and all(card is None for card in table.hands[2])
    finally:
        a.stop(), b.stop()


def test_an_illegal_action_is_refused_with_the_engines_reason_in_the_phones_language(app):
    table = open_table(app, "tute", "pbbb", seed=11)
    bot = bot_chooser("tute", 2)

    def has_wrong_card(state):
        return any(f"play {c}" not in state["view"]["legal"] for c in state["hand"])

    # the phone plays like the bot until it holds a card it may not play
    phone = PhoneClient(table.phones.url(0), lambda st: None if has_wrong_card(st) else bot(st), lang="es")
    phone.start()
    try:
        assert step_until(app, table, lambda: phone.state is not None and phone.state["my_turn"]
                          and has_wrong_card(phone.state), 60)
        state = phone.state
        before = list(table.match.deal_log)
        legal = state["view"]["legal"]
        wrong = next(f"play {c}" for c in state["hand"] if f"play {c}" not in legal)   # must follow suit
        table.phones.hub.submit(0, wrong, state["turn"])
        assert step_until(app, table, lambda: phone.refused, 10)
        exc = table.match.why_illegal(wrong)
        with i18n.speaking("es"):
            expected = table.phones.adapters[0].reason_text(exc)
        assert phone.refused[-1] == expected and expected
        assert table.match.deal_log == before                     # the match is unchanged
        assert not table.phones.hub.submit(0, legal[0], "0:999")   # not the turn it is shown: dropped
        assert table.match.deal_log == before
        # a double tap: the same turn twice, the second is late
        assert table.phones.hub.submit(0, legal[0], state["turn"])
        assert table.phones.hub.submit(0, legal[0], state["turn"])
        assert step_until(app, table, lambda: len(phone.refused) >= 2, 10)
        assert table.match.deal_log[len(before)] == (0, legal[0])
        with i18n.speaking("es"):
            assert phone.refused[-1] in (i18n.t("phone.stale"), i18n.t("phone.not_your_turn"))
    finally:
        phone.stop()


def test_a_dropped_phone_is_waited_for_and_rejoins_mid_deal(app):
    """A hot-seat-free deal of Truco: the phone drops after its first card, the match waits
    for it (and the table says so), it rejoins with its token, gets the current view and
    the deal goes on to its end."""
    table = open_table(app, "truco_argentino", "pb", seed=4, dealer=1)
    url = table.phones.url(0)
    phone = PhoneClient(url, bot_chooser("truco_argentino", 3))
    phone.start()
    try:
        deal = table.match.deal_index
        assert step_until(app, table, lambda: len(phone.sent) >= 1, 30)
        phone.drop()
        assert step_until(app, table, lambda: not table.phones.hub.connected(0), 10)
        # play on until the match needs the phone: then it waits
        assert step_until(app, table, lambda: table.match.to_act == 0 and table.is_idle()
                          or table.match.deal_index != deal, 30)
        assert table.match.deal_index == deal                          # mid-deal
        log_before = list(table.match.deal_log)
        for _ in range(90):
            app.step(DT, [])
        assert table.match.deal_log == log_before                   # waiting, nothing played for it
        assert table.phones.waiting_for() == 0
        assert table._turn_text()[0] == app.t("phone_table.waiting", name="P0")
        phone.rejoin()
        seen = len(phone.states)
        assert step_until(app, table, lambda: len(phone.states) > seen, 10)
        current = phone.states[-1]
        assert current["turn"] == f"{table.match.deal_index}:{len(table.match.deal_log)}" \
            or current["view"]["deal_index"] <= table.match.deal_index
        assert step_until(app, table, lambda: table.match.deal_index > deal or table.match.finished, 60)
        assert phone.error is None
    finally:
        phone.stop()


def test_the_host_gives_a_gone_phones_seat_to_a_bot(app):
    table = open_table(app, "truco_mineiro", "pbbb", seed=2)
    assert step_until(app, table, lambda: table.phones.waiting_for() == 0, 30)
    table.draw(app.screen)
    buttons = table.phones.widgets.widgets
    assert len(buttons) == 2
    old_token = table.phones.hub.token(0)
    buttons[0].activate()                                  # "A bot plays for P0"
    assert table.session.is_bot(0) and not table.session.seats[0].phone
    assert table.phones.hub.seat_for(old_token) is None
    assert table.phones.server is None                     # no phone seat left: the server stopped
    deal_log = len(table.match.deal_log)
    assert step_until(app, table, lambda: len(table.match.deal_log) > deal_log, 20)
    saved = Session.load(app.pref_dir / AUTOSAVE)
    assert saved.is_bot(0) and not saved.seats[0].phone


def test_a_match_with_phones_resumes_with_new_codes(app):
    table = open_table(app, "twenty_nine", "pbhb", seed=9)
    first = table.phones.url(0)
    phone = PhoneClient(first, bot_chooser("twenty_nine", 5))
    phone.start()
    try:
        assert step_until(app, table, lambda: phone.sent and table.match.deal_log
                          and table.match.deal_log[0] == (0, phone.sent[0]), 30)   # applied, saved
    finally:
        phone.stop()
    saved = Session.load(app.pref_dir / AUTOSAVE)
    assert saved.seats[0].phone and saved.humans == [2]
    assert [a for r in saved.match.records for a in r.actions] == \
        [a for r in table.match.records for a in r.actions]
    resumed_log = [[seat, act] for seat, act in saved.match.deal_log]
    resumed = TableScene(app, saved)
    app.stack.clear_to(resumed)                             # the old table closes: its server stops
    assert table.phones is None or table.phones.server is None
    second = resumed.phones.url(0)
    assert second and second != first
    assert resumed.phones._codes() == [0]                   # the new code shows until the phone joins
    phone2 = PhoneClient(second)
    phone2.start()
    try:
        assert step_until(app, resumed, lambda: phone2.state is not None, 10)
        got = phone2.states[0]["view"]["actions"]
        assert got[:len(resumed_log)] == resumed_log and len(got) >= len(resumed_log)   # the current view
    finally:
        phone2.stop()


def test_the_table_with_codes_draws_in_every_language(app):
    table = open_table(app, "twenty_nine", "pbpb", seed=3)
    for lang in ("bn", "hi", "es", "pt", "en"):
        i18n.set_language(lang)
        table.draw(app.screen)
    assert table.phones._codes() == [0, 2]


def test_the_match_over_says_goodbye_and_stops_the_server(app):
    table = open_table(app, "twenty_nine", "pbbb", seed=8, options={"target": 1})   # a short match
    phone = PhoneClient(table.phones.url(0), bot_chooser("twenty_nine", 4), deadline=170)
    phone.start()
    server = table.phones.server
    try:
        assert step_until(app, table, lambda: isinstance(app.stack.top, MatchResultScene)
                          or (app.stack.top is not table and table.match.finished), 150)
        assert table.match.finished
        assert step_until(app, table, lambda: phone.byes, 10)
        assert phone.byes == ["over"] and phone.states[-1]["view"]["finished"]
        assert not server.running
    finally:
        phone.stop()
    assert json.dumps(phone.states[-1])       # every state was plain JSON


def test_codes_show_until_each_phone_joins_and_q_brings_them_back(app):
    import pygame
    from table_driving import key
    table = open_table(app, "twenty_nine", "pbpb", seed=6)
    phones = table.phones
    assert phones.shown_codes() == [0, 2]
    phone = PhoneClient(phones.url(0))
    phone.start()
    try:
        assert step_until(app, table, lambda: phones.hub.ever_joined(0), 10)
        assert phones.shown_codes() == [2]                  # the joined phone's code goes away
        key(app, pygame.K_q)
        assert phones.shown_codes() == []                   # Q hides the codes...
        key(app, pygame.K_q)
        assert phones.shown_codes() == [0, 2]               # ...and shows every seat's again
        table.draw(app.screen)
    finally:
        phone.stop()
