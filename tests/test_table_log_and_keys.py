"""Issue 9 at the tables: the calls log kept as words to say (re-rendered in the language of
the moment, one section per deal), 29's holds shown as holds, the keyboard (Enter, the arrows
among the call buttons, the hand-off screen's Enter / Esc and its recap) and the focused card
and focus ring that must stand out."""
from __future__ import annotations

import pygame

from game import i18n
from game.engine.match import Event
from game.scenes.handoff import HandOffScene
from game.scenes.pause import PauseScene
from game.scenes.tables.buraco_table import BuracoTableScene
from game.scenes.tables.match_table import LogLine, log_sections
from game.scenes.tables.trick_table import TableScene
from game.session import Session, bot_for
from game.ui import theme
from game.ui.widgets import FOCUS_BAND, Button, contrast, focus_colour

from table_driving import DT, close_overlays, key, my_play_turn, run_until, seats, start


def set_language(app, lang: str) -> None:
    app.settings.language = lang
    app.apply_language()


def texts(rows) -> list[str]:
    return [item[1] for row in rows for item in row if isinstance(item, tuple) and item[0] == "t"]


def act_as(app, table, seat: int, action: str) -> None:
    """Hot-seat: pass the device to ``seat`` (closing hand-offs) and make its move."""
    assert run_until(app, table, lambda: table.my_turn() and table.match.to_act == seat)
    assert table.act(action), action
    app.step(DT, [])


# --------------------------------------------------------------------------- the calls log

def test_log_sections_keep_each_deal_under_its_header():
    lines = [LogLine(d, 0, lambda d=d, i=i: f"{d}.{i}") for d, i in ((0, 1), (0, 2), (1, 1), (1, 2))]
    assert [(d, [ln.words() for ln in ls]) for d, ls in log_sections(lines, 7)] == \
        [(0, ["0.1", "0.2"]), (1, ["1.1", "1.2"])]
    # room for five rows: the newest lines, each deal still under its header
    assert [(d, len(ls)) for d, ls in log_sections(lines, 5)] == [(0, 1), (1, 2)]
    assert [(d, len(ls)) for d, ls in log_sections(lines, 3)] == [(1, 2)]


def test_calls_log_rerenders_in_the_new_language_with_a_section_per_deal(app):
    table = start(app, humans=(), seed=11)
    assert run_until(app, table, lambda: table.match.deal_index >= 1 and any(
        ln.deal == 1 for ln in table.log) and any(ln.deal == 0 for ln in table.log), frames=40000)
    english = [ln.words() for ln in table.log]
    rows = texts(table.log_rows())
    headers = [i18n.t("table.deal", n=k) for k in (1, 2)]
    assert all(h in rows for h in headers)             # "Deal 1" and "Deal 2", in that order
    assert rows.index(headers[0]) < rows.index(headers[1])
    set_language(app, "bn")
    app.step(DT, [])
    bangla = [ln.words() for ln in table.log]
    assert all(a != b for a, b in zip(english, bangla) if any(c.isalpha() for c in a))
    for text in bangla:                                 # no line left in English
        assert not any("a" <= c.lower() <= "z" for c in text.replace("P0", "").replace("P1", "")
                       .replace("P2", "").replace("P3", "")), text
    rows = texts(table.log_rows())
    assert i18n.t("table.deal", n=1) in rows and i18n.t("table.deal", n=2) in rows
    assert "১" in i18n.t("table.deal", n=1) or "1" in i18n.t("table.deal", n=1)


def test_buraco_log_rerenders_and_opens_a_section_per_deal(app):
    session = Session.new("buraco", 2, {}, seats({0}, 2), seed=5, dealer=1)
    table = BuracoTableScene(app, session)
    app.stack.clear_to(table)
    table.skip_animations()
    table._event_deal = 0
    table._log_event(Event("drew", 0, {}))
    table._event_deal = 1
    table._log_event(Event("took pile", 1, {"count": 3}))
    assert [ln.deal for ln in table.log][-2:] == [0, 1]
    english = table.log[-1].words()
    set_language(app, "es")
    assert table.log[-1].words() != english and "P1" in table.log[-1].words()
    assert table.log[-1].words() == i18n.t("buraco_table.log_take", name="P1", n=3)
    app.step(DT, [])                                    # and it draws, sections and all


def test_a_resumed_match_rebuilds_its_log_from_the_record_in_the_language_of_now(app):
    from game.session import AUTOSAVE
    table = start(app, humans=(0,), seed=3)
    helper = bot_for("twenty_nine", "normal", 6)
    assert run_until(app, table, lambda: table.my_turn() and len(table.log) >= 2, helper)
    assert table.act(helper.choose(table.match.view(0)))
    table.skip_animations()
    english = [ln.words() for ln in table.log]
    set_language(app, "es")
    resumed = TableScene(app, Session.load(app.pref_dir / AUTOSAVE))
    app.stack.clear_to(resumed)
    app.step(DT, [])
    deal = resumed.match.deal_index
    assert [ln.deal for ln in resumed.log] == [deal] * len(resumed.log)
    assert [ln.words() for ln in resumed.log] == [ln.words() for ln in table.log] != english


# --------------------------------------------------------------------------- 29's holds

def test_twenty_nine_hold_shows_as_a_hold(app):
    table = start(app, humans=(0, 1, 2, 3), seed=3, dealer=3)
    assert table.match.view(0)["order"][0] == 0
    act_as(app, table, 0, "bid 16")
    act_as(app, table, 1, "bid 17")
    table.skip_animations()
    rows = texts(table.adapter.panel_rows(table.viewer))
    # P1 made the high bid: the panel names P1, not the holder who has yet to answer
    assert i18n.t("table29.high_bid", n=17, name="P1") in rows
    assert run_until(app, table, lambda: table.my_turn() and table.match.to_act == 0)
    app.step(DT, [])
    bid = next(c for c in table._controls if c.kind == "bid")
    assert bid.label == i18n.t("hold29.button", n=17)   # the holder's button says hold
    act_as(app, table, 0, "bid 17")
    table.skip_animations()
    assert table.log[-1].words() == i18n.t("hold29.line", name="P0", n=17)
    assert table.log[-2].words() == "P1: " + i18n.t("calls.bid", n=17)
    assert i18n.t("hold29.line", name="P0", n=17) in texts(table.adapter.panel_rows(table.viewer))
    table._sync()                                       # the same from the view
    assert i18n.t("hold29.line", name="P0", n=17) in texts(table.adapter.panel_rows(table.viewer))


def test_twenty_nine_hold_bubble_says_hold_in_the_language_of_the_moment(app):
    table = start(app, humans=(0, 1, 2, 3), seed=3, dealer=3)
    act_as(app, table, 0, "bid 16")
    act_as(app, table, 1, "bid 17")
    assert run_until(app, table, lambda: table.my_turn() and table.match.to_act == 0)
    table.act("bid 17")
    table.skip_animations()
    bubble = table.bubbles[0]
    assert bubble.text() == i18n.t("hold29.bubble", n=17)
    set_language(app, "hi")
    assert bubble.text() == i18n.t("hold29.bubble", n=17) and "कायम" in bubble.text()


# --------------------------------------------------------------------------- keys

def test_enter_with_nothing_focused_focuses_the_first_legal_card(app):
    table = start(app, seed=4)
    helper = bot_for("twenty_nine", "normal", 2)
    assert run_until(app, table, lambda: my_play_turn(table), helper)
    app.step(DT, [])
    assert table.kb_index is None and table.widgets.focused is None
    before = len(table.match.records[-1].actions)
    key(app, pygame.K_RETURN)
    hand = table.hands[0]
    first = next(i for i, c in enumerate(hand) if c in table._playable)
    assert table.kb_index == first
    assert len(table.match.records[-1].actions) == before   # focused, not played
    key(app, pygame.K_RETURN)                              # the second Enter plays it
    assert len(table.match.records[-1].actions) > before


def test_arrows_move_among_the_call_buttons_while_a_call_waits(app):
    table = start(app, game="truco_argentino", players=2, humans=(0, 1), seed=1, dealer=1)
    act_as(app, table, 0, "call truco")
    assert run_until(app, table, lambda: table.my_turn() and table.match.to_act == 1)
    app.step(DT, [])
    assert not table._playable and len(table.widgets.focusables()) >= 2
    key(app, pygame.K_RETURN)                      # nothing focused: the first call button
    first = table.widgets.focus
    assert first == table.widgets.focusables()[0]
    key(app, pygame.K_RIGHT)
    assert table.widgets.focus == table.widgets.focusables()[1]
    key(app, pygame.K_LEFT)
    assert table.widgets.focus == first
    assert table.kb_index is None                  # no card was focused meanwhile


def test_handoff_says_enter_and_esc_opens_the_pause_menu(app):
    table = start(app, humans=(0, 1), seed=3, dealer=3)
    assert run_until(app, table, lambda: isinstance(app.stack.top, HandOffScene) or (
        table.my_turn() and table.match.to_act == 0))
    act_as(app, table, 0, "bid 16")
    for _ in range(600):
        if isinstance(app.stack.top, HandOffScene):
            break
        app.step(DT, [])
    handoff = app.stack.top
    assert isinstance(handoff, HandOffScene)
    assert "Enter" in i18n.t("handoff_keys.ready", name="P1")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_ESCAPE)                      # Esc on the pause menu resumes
    assert app.stack.top is handoff
    for _ in range(30):
        app.step(DT, [])
    key(app, pygame.K_RETURN)
    assert app.stack.top is table and table.viewer == 1


def test_concede_from_the_pause_over_the_handoff_ends_the_match_at_once(app):
    from game.scenes.summary import MatchResultScene
    table = start(app, humans=(0, 1), seed=3, dealer=3)
    act_as(app, table, 0, "bid 16")
    for _ in range(600):
        if isinstance(app.stack.top, HandOffScene):
            break
        app.step(DT, [])
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.concede()
    app.step(DT, [])
    assert isinstance(app.stack.top, MatchResultScene)
    assert not any(isinstance(s, HandOffScene) for s in app.stack.scenes)


def test_handoff_recap_says_what_happened_and_never_a_hidden_card(app):
    # 29 with partners P0 and P2 human: each sees what happened since his last move
    table = start(app, humans=(0, 2), seed=8)
    recaps = []
    for _ in range(40000):
        top = app.stack.top
        if isinstance(top, HandOffScene):
            seat = next(s for s in (0, 2) if table.session.seats[s].name == top.name)
            hidden = [c for s in range(4) if s != seat for c in table.match.view(s)["hand"]]
            for card in hidden:                        # no card still in a hand is named
                assert table.adapter.card_name(card) not in top.recap, (card, top.recap)
            recaps.append(top.recap)
            if " played " in top.recap and top.recap.count(";") >= 2:
                break
            top.ready()
        elif top is table and table.my_turn():
            view = table.match.view(table.match.to_act)
            table.act(bot_for("twenty_nine", "normal", table.match.to_act).choose(view))
        elif top is not table:
            close_overlays(app, table)
        app.step(DT, [])
    recap = recaps[-1]
    assert recap.count(";") >= 2 and len(recap.split("; ")) <= table.RECAP_ITEMS
    played = [ev for ev in table.match.records[-1].events if ev.kind == "played"]
    last = played[-1]
    assert i18n.t("recap.played", name=table.session.seats[last.seat].name,
                  card=table.adapter.card_name(last.data["card"])) in recap
    assert any(": " in r for r in recaps)              # the calls too ("P1: Pass")


# --------------------------------------------------------------------------- focus

def test_the_keyboard_focused_card_is_lifted_not_veiled(app):
    table = start(app, seed=4)
    helper = bot_for("twenty_nine", "normal", 2)
    assert run_until(app, table, lambda: my_play_turn(table), helper)
    app.step(DT, [])
    key(app, pygame.K_RETURN)
    card = table.hands[0][table.kb_index]
    app.step(DT, [])
    focused = table.hand_rects[card]
    table.kb_index = None
    app.step(DT, [])
    resting = table.hand_rects[card]
    assert focused.y <= resting.y - 10                 # lifted above where it rests when not focused
    # an illegal card focused by the keyboard rises too
    illegal = [i for i, c in enumerate(table.hands[0]) if c not in table._playable]
    if illegal:
        i = illegal[0]
        c = table.hands[0][i]
        app.step(DT, [])
        low = table.hand_rects[c]
        table.kb_index = i
        app.step(DT, [])
        assert table.hand_rects[c].y < low.y


def test_the_focused_card_face_is_not_washed_out(app):
    table = start(app, seed=4)
    helper = bot_for("twenty_nine", "normal", 2)
    assert run_until(app, table, lambda: my_play_turn(table), helper)
    key(app, pygame.K_RETURN)
    app.step(DT, [])
    card = table.hands[0][table.kb_index]
    rect = table.hand_rects[card]
    screen = pygame.display.get_surface()
    face = table.card_surface(card, 162, table._hand_positions(0)[table.kb_index][2])
    fx, fy = face.get_width() // 2, face.get_height() // 2
    k = screen.get_width() / theme.WIDTH
    on_screen = screen.get_at((int((rect.x + fx) * k), int((rect.y + fy) * k)))[:3]
    assert on_screen == face.get_at((fx, fy))[:3]       # the face as it is, nothing drawn over it


def test_focus_ring_stands_out_from_every_button_fill():
    fills = []
    for style in ("normal", "primary", "danger"):
        button = Button((0, 0, 100, 40), "x", style=style)
        for hovered in (False, True):
            fills.append(button.colours(hovered)[0])
    fills += [(250, 248, 240), theme.MENU_BG_DARK]       # the suit buttons, the bid spinner
    for fill in fills:
        # the dark band hugging the button or the ring itself stands out from the fill
        assert max(contrast(FOCUS_BAND, fill), contrast(focus_colour(fill), fill)) >= 3.0, fill
        assert focus_colour(fill) != fill
        for backdrop in (theme.MENU_BG, theme.FELT, theme.FELT_DARK, theme.FELT_BURACO, theme.PANEL[:3]):
            assert contrast(focus_colour(fill), backdrop) >= 3.0, (fill, backdrop)
    assert focus_colour(theme.ACCENT) != theme.ACCENT     # a yellow button gets a ring of another colour


def test_focus_ring_is_drawn_round_a_yellow_button():
    surf = pygame.Surface((200, 100))
    surf.fill(theme.MENU_BG)
    button = Button((50, 30, 100, 40), "x", style="primary")
    button.draw(surf, True, False)
    fill = button.colours(False)[0]
    band = surf.get_at((50 + 50, 30 - 1))[:3]           # just above the button
    ring = surf.get_at((50 + 50, 30 - 4))[:3]           # a little further out
    assert contrast(band, fill) >= 3.0 and contrast(ring, theme.MENU_BG) >= 3.0


def test_buraco_enter_focuses_the_first_card_which_rises(app):
    from test_buraco_table import HAND, scripted, settle
    table = scripted(app, HAND, stock=["10S"])
    assert run_until(app, table, table.my_turn)
    key(app, pygame.K_RETURN)                          # Enter at the draw: draws, as before
    settle(app, table)
    assert table.phase != "draw" and table.kb_index is None and not table.selected
    key(app, pygame.K_RETURN)                          # nothing focused: the first card
    assert table.kb_index == 0 and not table.selected
    assert table._lift(0) > table._lift(1) > -1          # lifted above its neighbours
    key(app, pygame.K_SPACE)                           # and Space selects it as before
    assert table.selected == {0}
