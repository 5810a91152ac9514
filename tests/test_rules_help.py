"""The complete rules on screen, and the ways to them: the rules scene (sections, contents,
links, card pictures, every language and window size), setup's option links, the calls'
tooltips at the table; card names at the table, bot names in setup, Portuguese in settings.

Headless, driven with posted events as a player would.
"""
from __future__ import annotations

import pygame
import pytest

from game import i18n, rules_text
from game.games import GAME_IDS, game_module, is_built
from game.i18n import Locale
from game.scenes.rules_help import RulesHelpScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import MatchSetupScene
from game.scenes.tables import table_for
from game.session import Session
from game.ui.card_art import FACE

from table_driving import DT, run_until, seats


def use_language(app, lang: str) -> None:
    app.settings.language = lang
    app.apply_language()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos, button=1):
    return [motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def step(app, *events):
    flat = []
    for e in events:
        flat.extend(e if isinstance(e, list) else [e])
    app.step(DT, flat)


def open_rules(app, game_id, section=None) -> RulesHelpScene:
    rules = RulesHelpScene(app, game_id, section)
    app.stack.push(rules)
    step(app)
    return rules


# --------------------------------------------------------------------------- the rules scene

def test_opens_at_a_section_and_jumps_by_id(app):
    rules = open_rules(app, "truco_argentino", "envido")
    page = rules.page()
    assert rules.scroll == page.section_y["envido"] > 0
    assert rules.current_section() == "envido"
    assert rules.jump("flor") and rules.current_section() == "flor"
    assert not rules.jump("no_such_section") and rules.current_section() == "flor"
    # the last section can be jumped to as well: the page leaves room under it
    last = page.order[-1]
    assert rules.jump(last) and rules.scroll == page.section_y[last]


def test_contents_with_the_mouse_and_the_keyboard(app):
    rules = open_rules(app, "twenty_nine")
    order = rules.page().order
    assert [e.section_id for e in rules.entries] == order
    target = rules.entries[order.index("marriage")]
    step(app, click(target.rect.center))
    assert rules.current_section() == "marriage"
    step(app, click(rules.entries[0].rect.center))
    assert rules.scroll == 0 and rules.ui.focused is rules.entries[0]
    step(app, key(pygame.K_DOWN), key(pygame.K_DOWN))
    assert rules.ui.focused is rules.entries[2] and rules.scroll == 0     # moved, not jumped yet
    step(app, key(pygame.K_RETURN))
    assert rules.current_section() == order[2]
    # Up/Down with the focus on the tabs scroll the text
    step(app, click(rules.tabs["tute"].rect.center))
    assert rules.game_id == "tute" and rules.scroll == 0
    step(app, key(pygame.K_DOWN))
    assert rules.scroll > 0


def test_a_link_in_the_text_jumps_to_its_section(app):
    rules = open_rules(app, "buraco")
    link = next(link for link in rules.links if link.kind == "sec")
    rules.scroll_by(link.page_rect.y - 120)
    step(app)
    assert link.visible and rules.layout.view.contains(link.rect)
    step(app, click(link.rect.center))
    assert rules.current_section() == link.target
    assert rules.ui.focused is rules.entries[rules.page().order.index(link.target)]


def test_links_scrolled_out_of_sight_cannot_be_clicked_or_focused(app):
    rules = open_rules(app, "tute")
    assert all(not link.visible for link in rules.links if not rules.layout.view.contains(link.rect))
    order = [rules.ui.widgets[i] for i in rules.ui.focusables()]
    assert all(w.visible for w in order) and order[-1] is rules.back_button


def test_an_option_label_shows_its_settings_help(app):
    rules = open_rules(app, "twenty_nine", "bidding")
    label = next(link for link in rules.links if link.kind == "opt" and link.visible)
    step(app, motion(label.rect.center))
    assert rules.ui.hovered is label
    help_text = app.t(f"options.twenty_nine.{label.target}_help")
    assert help_text in label.tooltip and app.t(f"options.twenty_nine.{label.target}") in label.tooltip


def test_a_cards_row_is_drawn_with_the_card_art(app):
    rules = open_rules(app, "twenty_nine", "cards")
    rows = [surf for surf, _, _ in rules.page().pieces if surf.get_height() == rules.layout.card_h + 5]
    assert rows, "no row of card pictures on the page"
    view = rules.layout.view
    paper = sum(1 for x in range(view.x, view.right, 4) for y in range(view.y, view.bottom, 4)
                if tuple(app.screen.get_at((x, y)))[:3] == FACE)
    assert paper > 300                        # the cards' cream paper is on screen
    # a section without card pictures shows none
    rules.jump("double")
    step(app)
    paper = sum(1 for x in range(view.x, view.right, 4) for y in range(view.y, view.bottom, 4)
                if tuple(app.screen.get_at((x, y)))[:3] == FACE)
    assert paper < 20


@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi", "pt"])
def test_every_game_lays_out_in_every_language(app, lang):
    use_language(app, lang)
    for game_id in GAME_IDS:
        rules = open_rules(app, game_id)
        page = rules.page()
        assert page.order == [s.id for s in rules_text.load_sections(game_id, "en")]
        assert all(x >= 0 and x + surf.get_width() <= page.width + 1 for surf, x, _ in page.pieces), game_id
        for sid in page.order:
            assert rules.jump(sid) and rules.current_section() == sid
        app.stack.pop()


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (1920, 1080)])
def test_the_rules_fit_other_window_sizes(app, size):
    use_language(app, "bn")
    rules = open_rules(app, "twenty_nine", "bidding")
    surface = pygame.Surface(size)
    rules.draw(surface)
    frame = surface.get_rect()
    assert rules.layout.size == size and frame.contains(rules.layout.panel)
    assert frame.contains(rules.back_button.rect)
    assert all(frame.contains(tab.rect) for tab in rules.tabs.values())
    assert all(rules.layout.contents.contains(e.rect) for e in rules.entries if e.visible)
    assert all(rules.layout.view.contains(link.rect) for link in rules.links if link.visible)
    assert rules.page().width <= rules.layout.view.w
    assert rules.jump("marriage") and rules.current_section() == "marriage"
    # every contents entry can be reached with the keyboard, even when the list scrolls
    rules.ui.set_focus(rules.entries[0])
    for _ in rules.entries:
        rules.handle(key(pygame.K_DOWN))
    assert rules.ui.focused is rules.entries[-1] and rules.entries[-1].visible


# --------------------------------------------------------------------------- setup's option links

def test_setup_option_opens_its_rules_section(app):
    setup = MatchSetupScene(app, "twenty_nine")
    app.stack.push(setup)
    step(app)
    step(app, click(setup.info_buttons["max_bid"].rect.center))
    rules = app.stack.top
    assert isinstance(rules, RulesHelpScene) and rules.game_id == "twenty_nine"
    assert rules.current_section() == rules_text.option_section("twenty_nine", "max_bid") == "bidding"
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is setup
    # the keyboard: F1 on the focused option
    setup.ui.set_focus(setup.option_rows["doubling"])
    step(app, key(pygame.K_F1))
    assert isinstance(app.stack.top, RulesHelpScene) and app.stack.top.current_section() == "double"


def test_every_setup_option_links_to_a_section_of_its_game(app):
    for game_id in (g for g in GAME_IDS if is_built(g)):
        setup = MatchSetupScene(app, game_id)
        app.stack.clear_to(setup)
        for players in game_module(game_id).PLAYERS:
            setup.set_players(players)
            for oid in setup.option_rows:
                assert oid in setup.info_buttons
                setup.open_rules(oid)
                rules = app.stack.top
                assert rules.current_section() == rules_text.option_section(game_id, oid), (game_id, oid)
                app.stack.pop()


@pytest.mark.parametrize("lang", ["en", "hi", "pt", "bn", "es"])
def test_setup_bot_names_come_from_the_language(app, lang):
    use_language(app, lang)
    for game_id in ("twenty_nine", "truco_mineiro"):
        setup = MatchSetupScene(app, game_id)
        names = Locale(lang).bot_names(game_id)
        bots = [n for n, mode in zip(setup.names, setup.modes) if mode != "human"]
        assert bots and all(n in names for n in bots), (lang, game_id, bots)
    if lang == "hi":
        assert MatchSetupScene(app, "twenty_nine").names[1] == "राहुल"


# --------------------------------------------------------------------------- settings

def test_portuguese_can_be_chosen_in_settings(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    step(app)
    assert "pt" in settings.language.values
    settings.ui.set_focus(settings.language)
    for _ in settings.language.values:
        if app.settings.language == "pt":
            break
        step(app, key(pygame.K_RIGHT))
    assert app.settings.language == "pt" and i18n.language() == "pt"
    assert settings.language.fmt(settings.language.value) == "Português"
    assert app.t("rules_page.title") == "Regras"


# --------------------------------------------------------------------------- the table

def start_table(app, game_id, players, seed=3):
    session = Session.new(game_id, players, {}, seats({0}, players), seed=seed, dealer=players - 1)
    table = table_for(app, session)
    app.stack.clear_to(table)
    return table


def test_card_names_at_the_table_follow_the_language(app):
    use_language(app, "es")
    table = start_table(app, "truco_argentino", 2)
    assert run_until(app, table, table.my_turn)
    card = next(c for c in game_module("truco_argentino").DECK.names if c not in table.hands[0])
    reason = table.adapter.reason_text(table.match.why_illegal("play " + card))
    name = Locale("es").card_name(card, "spanish")
    assert name in reason or name[:1].upper() + name[1:] in reason
    assert (card[:-1] + " ") not in reason                   # never rank + space + suit
    use_language(app, "pt")
    buraco = start_table(app, "buraco", 2)
    assert buraco.adapter.card_name("9S") == "o nove de espadas"
    assert buraco.adapter.card_name("JK") == Locale("pt").t("cards.joker")


def test_a_refusal_starting_with_a_card_starts_with_a_capital(app):
    from game.scenes.tables.adapter import sentence
    assert sentence("the seven of coins is winning") == "The seven of coins is winning"
    assert sentence("পিটে এখন") == "পিটে এখন"


@pytest.mark.parametrize("game_id, calls", [("truco_argentino", "truco_calls"), ("truco_mineiro", "mineiro_calls")])
def test_call_tooltips_give_the_gloss_and_open_the_rules(app, game_id, calls):
    use_language(app, "pt")
    table = start_table(app, game_id, 2, seed=5)
    def call_shown():
        return table.my_turn() and any(
            (getattr(w, "rules_action", None) or "").startswith("call") for w in table.widgets.widgets)
    assert run_until(app, table, call_shown)
    step(app)
    button = next(w for w in table.widgets.widgets if (getattr(w, "rules_action", None) or "").startswith("call"))
    action = button.rules_action
    gloss = table.adapter.gloss(action)
    assert gloss and gloss.startswith(app.t(f"{calls}.gloss_{table.adapter.call_key(action[5:])}")[:4])
    assert gloss in button.tooltip and "F1" in button.tooltip
    section = rules_text.call_section(game_id, action)
    # F1 with the pointer on the call
    step(app, motion(button.rect.center), key(pygame.K_F1))
    rules = app.stack.top
    assert isinstance(rules, RulesHelpScene) and rules.game_id == game_id
    assert rules.current_section() == section
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is table
    # a right click on it
    step(app, click(button.rect.center, button=3))
    assert isinstance(app.stack.top, RulesHelpScene) and app.stack.top.current_section() == section
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is table


def test_f1_at_the_table_opens_the_games_rules(app):
    table = start_table(app, "twenty_nine", 4)
    step(app)
    table.widgets.focus = None                  # no call under the pointer or in focus
    step(app, motion((5, 5)), key(pygame.K_F1))
    rules = app.stack.top
    assert isinstance(rules, RulesHelpScene) and rules.game_id == "twenty_nine" and rules.scroll == 0


def test_buraco_buttons_link_to_the_turn(app):
    table = start_table(app, "buraco", 2)
    assert run_until(app, table, table.my_turn)
    step(app)
    draw = table.controls()["draw"]
    assert draw.rules_action == "draw" and "F1" in draw.tooltip
    step(app, click(draw.rect.center, button=3))
    assert isinstance(app.stack.top, RulesHelpScene) and app.stack.top.current_section() == "turn"
