"""Issue 9, the trick tables explain themselves (29, Tute, both Trucos), headless with posted
events: who won each trick and the last-trick peek, the card winning the open trick (never
by a hidden 29 trump), risky calls asked twice and explained, ties and the empty stock said
where they happen, every marker with a tooltip, and the layout defects (six-seat Truco's
panel over cards, overlapping Truco hands, badges on the window's edge...)."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App
from game.engine.tricks import winning_position
from game.games import truco_argentino as ta
from game.games import truco_mineiro as tm
from game.games import twenty_nine as tn
from game.scenes.summary import DealSummaryScene
from game.scenes.tables.trick_layout import EDGE, HAND_H, MIN_TRICK_SHOW, OPP_H, SCORE_RECT, TRICK_AREA
from game.scenes.tables.trick_table import TableScene
from game.session import Session, bot_for

from table_driving import DT, click, run_until, seats, start

LANGS = ("en", "es", "bn", "hi", "pt")


def scripted(module, players, dealer, hands, actions, seed=5, options=None):
    setup = module.parse_setup(players, {"hands": hands}, {}, "test")
    match = module.Match(players, dealer, seed, options or {}, setups=[setup])
    for action in actions:
        match.apply(action)
    return match


def seat_match(app, match, humans) -> TableScene:
    table = TableScene(app, Session(match, seats(set(humans), match.players)))
    app.stack.clear_to(table)
    return table


def draw(app, table) -> None:
    table.draw(app.screen)


def button(table, action):
    for widget, control in zip(table.widgets.widgets, table._controls):
        if control.action == action:
            return widget
    return None


def last_decided_trick(match) -> list[str]:
    """The cards of the deal's last decided trick, from the engine's record."""
    cards, last = [], []
    for ev in match.records[-1].events:
        if ev.kind == "played":
            cards.append(ev.data["card"])
        elif ev.kind in ("trick won", "parda", "trick tied"):
            last, cards = cards, []
    return last


# --------------------------------------------------------------------------- the last-trick peek

def _key(app, k, down=True):
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    app.step(DT, [pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)])


@pytest.mark.parametrize("game,players", [("twenty_nine", 4), ("tute", 4), ("truco_argentino", 2),
                                          ("truco_mineiro", 4), ("truco_argentino", 6)])
def test_holding_l_peeks_at_the_last_trick(app, game, players):
    table = start(app, game, players, seed=11)
    helper = bot_for(game, "normal", 9)
    assert run_until(app, table, lambda: table.my_turn() and table.last_trick is not None
                     and any(a.startswith("play") for a in table._legal), helper)
    _key(app, pygame.K_l)
    for _ in range(15):
        app.step(DT, [])
    draw(app, table)
    assert table.peek_open()
    assert table.peek_drawn == last_decided_trick(table.match)
    _key(app, pygame.K_l, down=False)
    draw(app, table)
    assert not table.peek_open() and table.peek_drawn is None


@pytest.mark.parametrize("game,players", [("twenty_nine", 4), ("truco_mineiro", 2), ("truco_argentino", 2)])
def test_a_click_on_the_trick_pile_peeks(app, game, players):
    table = start(app, game, players, seed=11)
    helper = bot_for(game, "normal", 9)
    assert run_until(app, table, lambda: table.my_turn() and table.last_trick is not None
                     and any(a.startswith("play") for a in table._legal), helper)
    if table.adapter.keep_tricks:                     # 1v1 Argentino: the tricks stay on the cloth
        (cards, _), k = table.kept[-1], len(table.kept) - 1
        seat, card = cards[0]
        x, y, _ = table._trick_pos(seat, card, k)
        pos = (int(x), int(y))
    else:
        seat = next(s for s in range(table.n) if table.piles[s])
        pos = table._pile_rect(seat).center
    assert table.marker_tip_at(pos)                   # the pile says what a click does
    click(app, pos)
    draw(app, table)
    assert table.peek_drawn == last_decided_trick(table.match)


# --------------------------------------------------------------------------- who won, shown long enough

def test_instant_speed_keeps_the_decided_trick_in_view(app):
    table = start(app, "twenty_nine", 4, seed=11)
    helper = bot_for("twenty_nine", "normal", 9)
    won = []
    original = table._trick_won
    table._trick_won = lambda ev: (won.append(table.clock), original(ev))
    assert run_until(app, table, lambda: len(won) >= 2, helper)
    # the decided trick stays on the cloth, its winner lifted and named, until the next card
    assert len(table.trick) == 4 and table.trick_highlight is not None and table.trick_done
    labels = []
    original_label = table._draw_winner_label
    table._draw_winner_label = lambda s, x, y, w: (labels.append(w), original_label(s, x, y, w))
    draw(app, table)
    assert labels == [table.trick_highlight]
    seen_since = table.clock
    while table.trick_done:                            # no bot leads before it has been seen
        if table.my_turn():
            break
        app.step(DT, [])
    assert table.my_turn() or table.clock - seen_since >= MIN_TRICK_SHOW - 2 * DT


def test_normal_speed_holds_a_trick_at_least_the_minimum(app):
    app.settings.animation_speed = "fast"
    table = start(app, "tute", 3, humans=(), seed=4)
    assert table._trick_pause() * app.speed() >= MIN_TRICK_SHOW - 1e-9
    app.settings.animation_speed = "slow"
    assert table._trick_pause() * app.speed() >= MIN_TRICK_SHOW - 1e-9


# --------------------------------------------------------------------------- the card winning the open trick

# seat 1 bids 16 and chooses hearts (hidden); seats 1 and 3 are void in spades
HANDS_29 = [
    ["JS", "AS", "10S", "KS", "JD", "9D", "AD", "10D"],
    ["7H", "8H", "9H", "JH", "JC", "9C", "AC", "10C"],
    ["9S", "QS", "8S", "7S", "KD", "QD", "8D", "7D"],
    ["QH", "KH", "AH", "10H", "KC", "QC", "8C", "7C"],
]
AUCTION_29 = ["pass", "bid 16", "pass", "pass", "pass", "pass", "choose-trump H", "pass", "pass", "pass", "pass"]


@pytest.mark.parametrize("humans", [(3,), (1,)])
def test_winning_card_marker_never_uses_the_hidden_trump(app, humans):
    # AS led, the bidder drops the JH (a hidden trump: no power yet, rules 4.2), then 9S
    match = scripted(tn, 4, 3, HANDS_29, AUCTION_29 + ["play AS", "play JH", "play 9S"])
    assert not match.revealed
    table = seat_match(app, match, humans)
    draw(app, table)
    # the same mark for the bidder (who knows hearts are trumps) and for anyone else
    assert table.marked_card == (2, "9S")


def test_winning_card_marker_counts_a_revealed_trump(app):
    match = scripted(tn, 4, 3, HANDS_29, AUCTION_29 + ["play AS", "play JH", "play 9S"])
    match.apply("reveal-trump")                       # seat 3, void in spades, asks: hearts win
    table = seat_match(app, match, (0,))
    draw(app, table)
    assert table.marked_card == (1, "JH")


@pytest.mark.parametrize("game,players", [("tute", 3), ("truco_argentino", 4), ("truco_mineiro", 4)])
def test_winning_card_marker_is_on_the_winner(app, game, players):
    table = start(app, game, players, seed=5)
    helper = bot_for(game, "normal", 9)
    assert run_until(app, table, lambda: table.my_turn() and len(table.trick) >= 2 and not table.trick_done, helper)
    draw(app, table)
    trick = table.trick
    if game == "tute":
        from game.games import tute as tu
        trump = tu.SUITS.index(table.match.view(0)["trump_suit"])
        want = winning_position([tu.DECK.card(c) for _, c in trick], tu.PER_SUIT, trump)
        assert table.marked_card == trick[want]
    else:
        module = ta if game == "truco_argentino" else tm
        best = max(module.STRENGTH[module.DECK.card(c)] for _, c in trick)
        tops = [(s, c) for s, c in trick if module.STRENGTH[module.DECK.card(c)] == best]
        if len({s % 2 for s, _ in tops}) > 1:
            assert table.marked_card is None           # a tie so far: no card named
        else:
            assert table.marked_card == tops[0]


# --------------------------------------------------------------------------- risky calls

def test_fold_asks_for_confirmation(app):
    table = start(app, "truco_argentino", 2, seed=12)
    assert run_until(app, table, lambda: table.my_turn() and "fold" in table._legal)
    widget = button(table, "fold")
    label = widget.label
    before = len(table.match.records[-1].actions)
    click(app, widget.rect.center)
    assert len(table.match.records[-1].actions) == before        # not folded yet: asked
    assert widget.label != label and table.armed == "fold"
    assert table.app.t("truco_calls.mazo") in widget.label
    for _ in range(int(5 / DT)):                                 # no answer: it says what it did
        app.step(DT, [])
    assert widget.label == label and table.armed is None
    click(app, widget.rect.center)
    click(app, widget.rect.center)                               # asked, then confirmed
    assert any(a == "fold" for r in table.match.records for a in r.actions)


def _call_controls(app, game, players):
    """The call buttons a human meets: real views from a deal or two, and for 29 and Tute
    every phase's buttons."""
    table = start(app, game, players, seed=21)
    helper = bot_for(game, "normal", 9)
    views = []

    def collect():
        if table.my_turn():
            view = table.match.view(table.match.to_act)
            if any(not a.startswith("play") for a in view["legal"]):
                views.append(view)
        return table.match.deal_index >= 1 or len(views) >= 12

    # 29 and Tute: their buttons depend only on the legal moves, given below for every phase
    run_until(app, table, collect, helper, frames=5000 if game.startswith("truco") else 600)
    adapter = table.adapter
    samples = [(v["legal"], v) for v in views]
    if game == "twenty_nine":
        samples += [(["bid 16", "bid 17", "pass"], {"phase": "auction"}), (["double", "pass"], {"phase": "double"}),
                    (["redouble", "pass"], {"phase": "redouble"}),
                    ([f"choose-trump {s}" for s in "SHDC"], {"phase": "trump"}),
                    (["single-hand", "pass"], {"phase": "single-hand"}),
                    (["reveal-trump", "show-marriage"], {"phase": "play"})]
    if game == "tute":
        samples += [(["sing 40", "sing 20 O", "sing tute", "exchange", "capote", "pass"], {})]
    return adapter, samples


RAISES = ("truco", "retruco", "cuatro", "seis", "dez", "doze")


@pytest.mark.parametrize("game,players", [("twenty_nine", 4), ("tute", 2), ("truco_argentino", 4),
                                          ("truco_mineiro", 2)])
def test_every_call_button_has_a_tooltip_and_risky_calls_are_not_the_default(app, game, players):
    adapter, samples = _call_controls(app, game, players)
    assert samples
    controls = [c for legal, view in samples for c in adapter.controls(legal, view)]
    styles = {c.action: c.style for c in controls if c.enabled}
    if game == "twenty_nine":
        assert styles["double"] == styles["redouble"] == styles["single-hand"] == "risky"
    elif game == "tute":
        assert styles["capote"] == "risky"
    else:                                         # truco and its raises; the fold asks first
        raises = [c for c in controls if c.enabled and c.action and c.action.split()[-1] in RAISES]
        assert raises and all(c.style == "risky" for c in raises)
        folds = [c for c in controls if c.action == "fold"]
        assert all(c.style != "primary" and c.confirm for c in folds)
    for lang in LANGS:
        app.settings.language = lang
        app.apply_language()
        for legal, view in samples:
            for control in adapter.controls(legal, view):
                tip = control.tooltip
                assert tip and "{" not in tip and "trick_help." not in tip, (lang, control.action)


# --------------------------------------------------------------------------- ties and the empty stock

def test_a_parda_is_explained_on_the_table(app):
    match = scripted(ta, 2, 1, [["3E", "1O", "4C"], ["3B", "6E", "5O"]], ["play 3E", "play 3B"])
    table = seat_match(app, match, humans=(0,))
    notes = []
    original = table._note_surface
    table._note_surface = lambda text, width=300: (notes.append(text), original(text, width))[1]
    draw(app, table)
    assert notes == [app.t("trick_help.tie_next")]
    assert table.adapter.tie_note([0, None]) == app.t("trick_help.tie_first")
    assert table.adapter.tie_note([None, None]) == app.t("trick_help.tie_again")
    assert table.adapter.tie_note([None, None, None]) == app.t("trick_help.tie_all_mano")


def said(text) -> str:
    """A bubble's words as shown now (bubbles keep what to say, rendered when drawn)."""
    return text() if callable(text) else text


def test_an_envido_tie_says_the_mano_wins_it(app):
    # rules example B: 29 against 29, mano (seat 0) scores
    match = scripted(ta, 2, 1, [["4B", "5B", "11C"], ["6O", "3O", "2E"]], ["call envido"])
    table = seat_match(app, match, humans=(1,))
    app.step(DT, [])
    assert table.my_turn() and table.act("accept")
    texts = []
    for _ in range(30):
        if -1 in table.bubbles:
            texts.append(said(table.bubbles[-1].text))
        app.step(DT, [])
    assert app.t("trick_help.envido_tie", n=29) in texts
    assert any(app.t("trick_help.envido_tie", n=29) in line.words() for line in table.log)


def test_tute_says_when_the_stock_runs_out(app):
    table = start(app, "tute", 2, seed=8)
    helper = bot_for("tute", "normal", 9)
    seen = []

    def empty():
        bubble = table.bubbles.get(-1)
        if bubble is not None:
            seen.append(said(bubble.text))
        return table.adapter.info.get("stock") == 0 and table.adapter.info.get("trump_card") is not None

    assert run_until(app, table, empty, helper)
    for _ in range(3):
        app.step(DT, [])
        bubble = table.bubbles.get(-1)
        if bubble is not None:
            seen.append(said(bubble.text))
    assert app.t("trick_help.stock_empty") in seen
    rows = table.adapter.panel_rows(0)
    assert any(item[0] == "t" and item[1] == app.t("trick_help.stock_empty_line") for row in rows for item in row
               if isinstance(item, tuple))


# --------------------------------------------------------------------------- markers have tooltips

@pytest.mark.parametrize("game,players", [("truco_argentino", 4), ("truco_mineiro", 2), ("tute", 4),
                                          ("twenty_nine", 4)])
def test_every_marker_has_a_tooltip(app, game, players):
    table = start(app, game, players, seed=11)
    helper = bot_for(game, "normal", 9)
    assert run_until(app, table, lambda: table.my_turn() and table.last_trick is not None, helper)
    draw(app, table)
    tips = [text for _, text in table._panel_tips]
    want = {"truco_argentino": ["trick_help.tip_tricks"], "truco_mineiro": ["trick_help.tip_tricks"],
            "tute": [], "twenty_nine": []}[game]
    for key in want:
        assert app.t(key) in tips
    assert tips                                       # the score marker, at least
    rect, text = table._panel_tips[0]
    assert table.marker_tip_at(rect.move(SCORE_RECT.topleft).center) == text
    if game.startswith("truco"):                      # the mano's chip on its plate
        assert table._badge_rects and all(t for _, t in table._badge_rects)
        rect, text = table._badge_rects[0]
        assert table.marker_tip_at(rect.center) == text


def test_the_mineiro_track_says_what_it_counts(app):
    table = start(app, "truco_mineiro", 2, seed=3)
    app.step(DT, [])
    draw(app, table)
    assert app.t("trick_help.tip_track", n=tm.TARGET, value=tm.TARGET - 2) in [t for _, t in table._panel_tips]


# --------------------------------------------------------------------------- layout defects

@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (1366, 768)])
def test_six_seat_truco_panels_cover_no_cards(tmp_path, size):
    app = App(pref_dir=tmp_path, headless=True, size=size)
    app.settings.animation_speed = "instant"
    app.settings.sound = False
    table = start(app, "truco_argentino", 6, seed=7)
    helper = bot_for("truco_argentino", "normal", 9)
    checked = 0

    def check():
        nonlocal checked
        if not table.is_idle() or app.stack.top is not table:
            return False
        table.draw(app.screen)
        panel = pygame.Rect(SCORE_RECT.topleft, table._panel.get_size())
        for seat in range(6):
            if seat == table.viewer:
                continue
            w, h = table._card_size(OPP_H)
            for x, y, _ in table._hand_positions(seat):
                card = pygame.Rect(0, 0, w, h)
                card.center = (int(x), int(y))
                assert not card.colliderect(panel), (seat, card, panel)
        checked += 1
        return table.match.deal_index >= 2

    run_until(app, table, check, helper, frames=12000)
    assert checked > 20


def test_six_seat_setup_does_not_say_partners_sit_opposite(app):
    from game.scenes.setup import MatchSetupScene
    scene = MatchSetupScene(app, "truco_argentino")
    app.stack.clear_to(scene)
    asked = []
    original = app.t
    app.t = lambda key, **kw: (asked.append(key), original(key, **kw))[1]
    try:
        scene.players = 6
        scene.draw(app.screen)
        assert "setup.partners_hint_six" in asked and "setup.partners_hint" not in asked
    finally:
        app.t = original


@pytest.mark.parametrize("game,players", [("truco_argentino", 2), ("truco_mineiro", 4)])
def test_a_truco_hand_is_spread_and_a_click_plays_the_card_seen(app, game, players):
    table = start(app, game, players, seed=2)
    assert run_until(app, table, lambda: table.my_turn() and len(table._playable) == len(table.hands[0]) == 3)
    hand = list(table.hands[0])
    w, h = table._card_size(HAND_H)
    rects = []
    for i, card in enumerate(hand):
        x, y, a = table._hand_positions(0)[i]
        assert a == 0
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (int(x), int(y - table._lift(card, i)))
        rects.append(rect)
    assert all(not rects[i].colliderect(rects[j]) for i in range(3) for j in range(i + 1, 3))
    card = hand[1]
    pos = rects[1].center
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    click(app, pos)
    assert card not in table.match.view(0)["hand"]


def test_tute_for_four_shows_the_turned_trump_clear_of_the_hand(app):
    for dealer in range(4):
        table = start(app, "tute", 4, seed=3, dealer=dealer)
        table.skip_animations()
        table._sync()
        x, y = table.dealer_faceup_pos()
        w, h = table._card_size(100)
        trump = pygame.Rect(0, 0, w + 20, h + 20)
        trump.center = (x, y)
        cw, ch = table._card_size(HAND_H)
        for hx, hy, _ in table._hand_positions(0):
            card = pygame.Rect(0, 0, cw, ch)
            card.center = (int(hx), int(hy - 30))
            assert not card.colliderect(trump), dealer


def test_badges_keep_off_the_window_edge(app):
    for players in (2, 4, 6):
        table = start(app, "truco_argentino", players, seed=3)
        assert run_until(app, table, table.my_turn)
        draw(app, table)
        inside = pygame.Rect(EDGE, EDGE, 1280 - 2 * EDGE, 720 - 2 * EDGE)
        assert table._badge_rects
        for rect, _ in table._badge_rects:
            assert inside.contains(rect), (players, rect)


def test_a_positive_twenty_nine_score_is_not_red(app):
    from game.scenes.tables.twenty_nine import _score_colour
    from game.ui.rows import RED_SIX
    from game.ui import theme
    assert _score_colour(3) != RED_SIX and _score_colour(3) == theme.GOOD


def test_a_refused_card_says_why_once(app):
    table = start(app, "twenty_nine", 4, seed=17)
    helper = bot_for("twenty_nine", "normal", 9)
    assert run_until(app, table, lambda: table.my_turn() and table._playable
                     and any(c not in table._playable for c in table.hands[0] if c), helper)
    card = next(c for c in table.hands[0] if c not in table._playable)
    pos = table.card_point(card) or table.action_rect("play " + card).center
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    draw(app, table)
    assert table.tooltip_shown == table.hover_reason            # on hover: the tooltip says it
    table.try_play(card)
    draw(app, table)
    assert table.hint is not None and table.tooltip_shown is None   # refused: the turn line says it, once


def test_tooltips_keep_off_the_trick(app):
    table = start(app, "truco_argentino", 2, seed=12)
    assert run_until(app, table, table.my_turn)
    for widget in table.widgets.widgets:
        rect = table.tooltip_rect(widget.tooltip() if callable(widget.tooltip) else (widget.tooltip or "x"),
                                  widget.rect.center)
        assert not rect.colliderect(TRICK_AREA)


def test_screenshot_scenes_show_the_peek_and_a_call_tooltip(tmp_path):
    from game.commands.screenshot import build_scene, headless_app, set_language
    app = headless_app(str(tmp_path))
    set_language(app, "bn")
    build_scene(app, "peek", "twenty_nine", 4, "bn", 7)
    table = app.stack.top
    table.draw(app.screen)
    assert table.peek_open() and table.peek_drawn and table.trick      # mid-trick, the last trick shown
    build_scene(app, "tooltip", "truco_argentino", 2, "bn", 7)
    table = app.stack.top
    table.draw(app.screen)
    assert table.tooltip_shown and table.widgets.hovered is not None
    i18n.set_language("en")
