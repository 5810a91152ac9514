"""Menu screens, headless: main menu, picker, setup, settings, rules, load, pause.

Driven as a player would: key presses and mouse clicks passed to ``App.step``.
"""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App
from game.games import GAME_IDS, is_built
from game.scenes.base import Scene
from game.scenes.menu import LoadScene, MainMenuScene
from game.scenes.pause import PauseScene
from game.scenes.picker import GamePickerScene
from game.scenes.rules_help import RulesHelpScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import MatchSetupScene, option_values
from game.session import AUTOSAVE, SeatConfig, Session
from game.settings import load_settings


# --------------------------------------------------------------------------- helpers

@pytest.fixture
def app(tmp_path):
    application = App(pref_dir=tmp_path, headless=True)
    yield application
    i18n.set_language("en")


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def click(pos):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def step(app, *events):
    flat = []
    for e in events:
        flat.extend(e if isinstance(e, list) else [e])
    app.step(1 / 60, flat)


def start_menu(app) -> MainMenuScene:
    menu = MainMenuScene(app)
    app.stack.push(menu)
    step(app)
    return menu


def first_built() -> str:
    return next(g for g in GAME_IDS if is_built(g))


class FakeTable(Scene):
    """Stands in for the table under the pause overlay."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved = 0
        self.conceded = 0

    def save_match(self) -> None:
        self.saved += 1

    def concede(self) -> None:
        self.conceded += 1


# --------------------------------------------------------------------------- main menu

def test_main_menu_starts_on_play_and_esc_does_nothing(app):
    menu = start_menu(app)
    assert menu.ui.focused is menu.buttons["play"]
    step(app, key(pygame.K_ESCAPE), key(pygame.K_ESCAPE))
    assert app.stack.top is menu and len(app.stack.scenes) == 1
    assert app.running


def test_keyboard_from_menu_to_setup_and_back_with_esc(app):
    menu = start_menu(app)
    step(app, key(pygame.K_RETURN))
    picker = app.stack.top
    assert isinstance(picker, GamePickerScene)
    assert picker.ui.focused is picker.tiles[first_built()]
    step(app, key(pygame.K_RETURN))
    setup = app.stack.top
    assert isinstance(setup, MatchSetupScene) and setup.game_id == first_built()
    assert setup.ui.focused is setup.start_button
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is picker
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is menu
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is menu


def test_arrow_keys_move_between_menu_buttons(app):
    menu = start_menu(app)
    step(app, key(pygame.K_DOWN))            # Continue is disabled without a save: skipped
    assert menu.ui.focused is menu.buttons["load"]
    step(app, key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert isinstance(app.stack.top, RulesHelpScene)
    step(app, key(pygame.K_ESCAPE), key(pygame.K_UP), key(pygame.K_RETURN))
    assert isinstance(app.stack.top, SettingsScene)


def test_mouse_from_menu_to_setup_and_back(app):
    menu = start_menu(app)
    step(app, click(menu.buttons["play"].rect.center))
    picker = app.stack.top
    assert isinstance(picker, GamePickerScene)
    game = first_built()
    step(app, click(picker.tiles[game].rect.center))
    setup = app.stack.top
    assert isinstance(setup, MatchSetupScene) and setup.game_id == game
    step(app, click(setup.back_button.rect.center))
    assert app.stack.top is picker
    step(app, click(picker.back_button.rect.center))
    assert app.stack.top is menu


def test_quit_button(app):
    menu = start_menu(app)
    step(app, click(menu.buttons["quit"].rect.center))
    assert not app.running


# --------------------------------------------------------------------------- picker

def test_games_not_built_are_shown_but_cannot_be_chosen(app, monkeypatch):
    import game.scenes.picker as picker_module
    monkeypatch.setattr(picker_module, "is_built", lambda g: g == "twenty_nine")
    picker = GamePickerScene(app)
    app.stack.push(picker)
    step(app)
    assert set(picker.tiles) == set(GAME_IDS)             # all five shown
    soon = [g for g in GAME_IDS if g != "twenty_nine"]
    assert all(not picker.tiles[g].enabled for g in soon)
    for g in soon:
        step(app, click(picker.tiles[g].rect.center))
        assert app.stack.top is picker
    for k in [pygame.K_RIGHT] * 6 + [pygame.K_DOWN] * 3 + [pygame.K_TAB] * 6:
        step(app, key(k))
        assert picker.ui.focused in (picker.tiles["twenty_nine"], picker.back_button)
    picker.choose("tute")
    assert app.stack.top is picker


def test_picker_arrow_keys_move_on_the_grid(app):
    picker = GamePickerScene(app)
    app.stack.push(picker)
    step(app)
    built = [g for g in GAME_IDS if is_built(g)]
    if len(built) < 2:
        pytest.skip("needs two built games")
    before = picker.ui.focused
    step(app, key(pygame.K_RIGHT))
    assert picker.ui.focused is not before
    step(app, key(pygame.K_LEFT))
    assert picker.ui.focused is before


# --------------------------------------------------------------------------- setup

def test_setup_lists_applicable_options_and_tute_forms(app):
    if not is_built("tute"):
        pytest.skip("tute not built")
    setup = MatchSetupScene(app, "tute")
    app.stack.push(setup)
    step(app)
    assert setup.players == 4
    assert set(setup.option_rows) == {"wins"}
    assert setup.players_choice.fmt(2) == app.t("setup.form.tute_2")
    assert app.t("setup.form.tute_3") in {setup.form_label(p) for p in (2, 3, 4)}
    setup.players_choice.index = setup.players_choice.values.index(3)
    setup.players_choice.step(-1)                     # to 2 players, as ← would
    assert setup.players == 2
    assert set(setup.option_rows) == {"target", "stock_rule", "late_cantes", "capote", "exchange"}
    assert set(setup.match_options()) == set(setup.option_rows)
    assert len(setup.name_fields) == 2 and len(setup.mode_choices) == 2
    target = setup.option_rows["target"]
    assert 101 in target.values and 50 in target.values and 300 in target.values
    assert target.value == 101
    stock = setup.option_rows["stock_rule"]
    assert stock.fmt("free") == app.t("options.tute.stock_rule_free")
    step(app)


def test_setup_changes_options_with_keys_and_names_seats(app):
    game = first_built()
    app.settings.player_name = "Ana"
    setup = MatchSetupScene(app, game)
    app.stack.push(setup)
    step(app)
    assert setup.names[0] == "Ana"
    assert all(n and n != "Ana" for n in setup.names[1:setup.players])
    assert len(set(setup.names[:setup.players])) == setup.players
    row = next(iter(setup.option_rows.values()), None)
    if row is not None:
        setup.ui.set_focus(row)
        before = row.value
        step(app, key(pygame.K_RIGHT))
        assert row.value != before or len(row.values) == 1
        assert setup.values[next(iter(setup.option_rows))] == row.value
    # seat 1: bot -> type a name
    field = setup.name_fields[1]
    setup.ui.set_focus(field)
    for _ in range(len(field.text)):
        step(app, key(pygame.K_BACKSPACE))
    step(app, pygame.event.Event(pygame.TEXTINPUT, text="Zoe"))
    assert setup.names[1] == "Zoe"
    mode = setup.mode_choices[1]
    setup.ui.set_focus(mode)
    step(app, key(pygame.K_LEFT))                     # normal -> easy
    seats = setup.seat_configs()
    assert seats[1] == SeatConfig("Zoe", False, "easy")
    assert seats[0].human and seats[0].name == "Ana"


def test_every_option_of_every_built_game_has_text(app):
    from game.games import game_module
    for game in GAME_IDS:
        if not is_built(game):
            continue
        for option in game_module(game).OPTIONS:
            for key_ in (f"options.{game}.{option.id}", f"options.{game}.{option.id}_help"):
                assert i18n.current().has(key_), key_
            if option.kind is str:
                setup = MatchSetupScene(app, game)
                for value in option_values(game, option):
                    assert not setup.fmt_value(option, value).startswith("options."), (game, option.id)


def test_start_puts_the_match_on_the_table(app):
    table = pytest.importorskip("game.scenes.tables.trick_table")
    start_menu(app)
    step(app, key(pygame.K_RETURN))                   # Play
    step(app, key(pygame.K_RETURN))                   # first built game
    setup = app.stack.top
    step(app, key(pygame.K_RETURN))                   # Start (focused)
    top = app.stack.top
    assert isinstance(top, table.TableScene)
    session = getattr(top, "session", None)
    if session is not None:
        assert session.match.game_id == setup.game_id
        assert [s.name for s in session.seats] == setup.names[:setup.players]


# --------------------------------------------------------------------------- settings

def test_native_digits_row_follows_the_language(app):
    """Issue 9, bug 5: after a language change the digits row showed the other language's
    value and the first click seemed to do nothing."""
    settings = SettingsScene(app)
    app.stack.push(settings)
    step(app)
    assert app.settings.language == "en" and settings.native.value is False
    settings.ui.set_focus(settings.language)
    step(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))          # en -> es -> bn
    assert app.settings.language == "bn" and app.settings.native_digits is True
    assert settings.native.value is True                      # Bangla digits are on: the row says so
    settings.ui.set_focus(settings.native)
    step(app, key(pygame.K_RETURN))                           # one click turns them off
    assert app.settings.native_digits is False and settings.native.value is False


def test_settings_change_is_saved_and_relabels_at_once(app, tmp_path):
    menu = start_menu(app)
    step(app, click(menu.buttons["settings"].rect.center))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    assert settings.ui.focused is settings.language
    play_label = menu.buttons["play"].label
    assert play_label() == "Play"
    step(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))   # en -> es -> bn
    assert app.settings.language == "bn"
    assert load_settings(tmp_path)[0].language == "bn"
    assert play_label() == "খেলুন"
    assert settings.language.label() == "ভাষা"
    step(app)
    # sound off disables the volume row; four colours and the name are saved too
    settings.ui.set_focus(settings.sound)
    step(app, key(pygame.K_RETURN))
    assert app.settings.sound is False and not settings.volume.enabled
    settings.ui.set_focus(settings.four_colour)
    step(app, key(pygame.K_RIGHT))
    settings.ui.set_focus(settings.name)
    step(app, pygame.event.Event(pygame.TEXTINPUT, text="Rumi"))
    saved = load_settings(tmp_path)[0]
    assert saved.sound is False and saved.four_colour is True and saved.player_name == "Rumi"
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is menu
    again = App(pref_dir=tmp_path, headless=True)
    assert again.settings.language == "bn" and again.t("menu.play") == "খেলুন"


def test_native_digits_only_for_languages_that_have_them(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    step(app)
    assert not settings.native.enabled                       # English
    settings.language.step(2)                                # bn: Bangla digits on by default
    assert settings.native.enabled and settings.native.value is True
    assert app.settings.native_digits is True
    assert app.num(29) == "২৯"
    settings.ui.set_focus(settings.native)
    settings.native.step(1)
    assert app.settings.native_digits is False and app.num(29) == "29"


# --------------------------------------------------------------------------- continue and load

def test_continue_is_disabled_without_an_autosave(app):
    menu = start_menu(app)
    assert not menu.buttons["continue"].enabled
    step(app, click(menu.buttons["continue"].rect.center))
    assert app.stack.top is menu
    assert menu.ui.focused is not menu.buttons["continue"]


def test_damaged_autosave_gives_a_toast_and_is_set_aside(app, tmp_path):
    menu = start_menu(app)
    step(app)                  # the start-up check of the saved files is done (tests/test_damaged_home.py)
    (tmp_path / AUTOSAVE).write_bytes(b"game = \"twenty_nine\nthis is not = = toml\x00")
    step(app)
    assert menu.buttons["continue"].enabled
    menu.ui.set_focus(menu.buttons["continue"])
    step(app, key(pygame.K_RETURN))
    assert app.stack.top is menu
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"game = ")
    assert not (tmp_path / AUTOSAVE).exists()
    assert app.toasts and kept[0].name in app.toasts[-1][0]
    step(app)
    assert not menu.buttons["continue"].enabled
    assert menu.ui.focused is not None and menu.ui.focused.enabled


def test_invalid_match_in_autosave_is_set_aside_too(app, tmp_path):
    menu = start_menu(app)
    (tmp_path / AUTOSAVE).write_text('game = "no_such_game"\nplayers = 4\ndealer = 0\nseed = 1\n')
    menu.continue_match()
    assert app.stack.top is menu
    assert app.toasts and "damaged" in app.toasts[-1][0]
    assert any(".damaged-" in p.name for p in tmp_path.iterdir())


def test_continue_loads_the_autosave(app, tmp_path):
    table = pytest.importorskip("game.scenes.tables.trick_table")
    game = first_built()
    from game.games import game_module
    players = game_module(game).DEFAULT_PLAYERS
    seats = [SeatConfig(f"S{i}", i == 0) for i in range(players)]
    Session.new(game, players, {}, seats, seed=3, dealer=0).save(tmp_path / AUTOSAVE)
    menu = start_menu(app)
    step(app, click(menu.buttons["continue"].rect.center))
    assert isinstance(app.stack.top, table.TableScene)


def _save(folder, name, game, mtime):
    import os
    from game.games import game_module
    players = game_module(game).DEFAULT_PLAYERS
    seats = [SeatConfig(f"S{i}", i == 0) for i in range(players)]
    path = folder / name
    Session.new(game, players, {}, seats, seed=5, dealer=0).save(path)
    os.utime(path, (mtime, mtime))
    return path


def test_load_lists_saves_newest_first_and_sets_damaged_ones_aside(app, tmp_path):
    game = first_built()
    saves = tmp_path / "saves"
    saves.mkdir()
    _save(saves, "old.toml", game, 1_700_000_000)
    _save(saves, "new.toml", game, 1_800_000_000)
    bad = saves / "broken.toml"
    bad.write_bytes(b"\xff\xfe not toml")
    import os
    os.utime(bad, (1_750_000_000, 1_750_000_000))
    menu = start_menu(app)
    step(app, click(menu.buttons["load"].rect.center))
    load = app.stack.top
    assert isinstance(load, LoadScene)
    # the damaged save was set aside soon after start, and the player told
    assert app.toasts and "broken.damaged-" in app.toasts[-1][0]
    assert [r.path.name for r in load.rows] == ["new.toml", "old.toml"]
    assert load.rows[0].game.startswith(app.t(f"games.{game}"))
    (saves / "new.toml").write_bytes(b"damaged since it was listed")
    step(app, click(load.rows[0].rect.center))
    assert app.stack.top is load
    assert "new.damaged-" in app.toasts[-1][0]
    assert [r.path.name for r in load.rows] == ["old.toml"]
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is menu


def test_load_opens_the_clicked_row_after_scrolling(app, tmp_path, monkeypatch):
    """Issue 9, bug 1: two wheel notches, then a click opened the row above the one clicked."""
    import os
    import game.scenes.menu as menu_module
    saves = tmp_path / "saves"
    saves.mkdir()
    for i in range(10):
        path = saves / f"match{i}.toml"
        path.write_text('game = "tute"\nplayers = 2\n')
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))
    opened = []
    monkeypatch.setattr(menu_module, "open_saved", lambda app, path: opened.append(path.stem) or True)
    load = LoadScene(app)
    app.stack.push(load)
    step(app)
    for _ in range(2):
        step(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        step(app)
    assert load.scroll == 2
    target = load.rows[4]
    assert target.visible
    step(app, click(target.rect.center))
    assert opened == [target.path.stem] and load.scroll == 2


def test_load_with_no_saves(app):
    load = LoadScene(app)
    app.stack.push(load)
    step(app)
    assert load.rows == [] and load.ui.focused is load.back_button


# --------------------------------------------------------------------------- rules

def test_rules_tabs_scroll_and_back(app):
    menu = start_menu(app)
    rules = RulesHelpScene(app, "tute")
    app.stack.push(rules)
    step(app)
    assert rules.game_id == "tute" and rules.ui.focused is rules.tabs["tute"]
    step(app, key(pygame.K_RIGHT))
    assert rules.game_id == GAME_IDS[(GAME_IDS.index("tute") + 1) % len(GAME_IDS)]
    step(app, key(pygame.K_LEFT), key(pygame.K_LEFT))
    assert rules.game_id == GAME_IDS[(GAME_IDS.index("tute") - 1) % len(GAME_IDS)]
    step(app, click(rules.tabs["buraco"].rect.center))
    assert rules.game_id == "buraco"
    most = rules.max_scroll()
    step(app, key(pygame.K_PAGEDOWN))
    assert rules.scroll == min(most, rules.scroll) and (most == 0 or rules.scroll > 0)
    step(app, key(pygame.K_END))
    assert rules.scroll == most
    step(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert most == 0 or rules.scroll < most
    step(app, key(pygame.K_HOME))
    assert rules.scroll == 0
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is menu


# --------------------------------------------------------------------------- pause

def test_pause_resume_with_esc(app):
    table = FakeTable(app)
    app.stack.push(table)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    assert pause.opaque is False
    step(app)
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is table
    app.stack.push(PauseScene(app, table))
    step(app, key(pygame.K_RETURN))                          # Resume is focused
    assert app.stack.top is table


def test_pause_save_and_quit(app):
    table = FakeTable(app)
    app.stack.push(table)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    step(app, click(pause.buttons[1].rect.center))
    assert table.saved == 1
    assert len(app.stack.scenes) == 1 and isinstance(app.stack.top, MainMenuScene)


def test_pause_concede_asks_first(app):
    table = FakeTable(app)
    app.stack.push(table)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    step(app, click(pause.buttons[-1].rect.center))
    assert pause.confirming and table.conceded == 0
    assert pause.ui.focused is pause.cancel_button
    step(app, key(pygame.K_ESCAPE))                          # Esc: back to the pause menu
    assert not pause.confirming and app.stack.top is pause
    step(app, click(pause.buttons[-1].rect.center))
    step(app, click(pause.concede_button.rect.center))
    assert table.conceded == 1 and app.stack.top is table


# --------------------------------------------------------------------------- every screen, every language

@pytest.mark.parametrize("lang", ["en", "es", "bn", "hi", "pt"])
def test_every_menu_screen_draws_in_every_language(app, lang):
    app.settings.language = lang
    app.apply_language()
    scenes = [MainMenuScene(app), GamePickerScene(app), SettingsScene(app), LoadScene(app)]
    scenes += [RulesHelpScene(app, g) for g in GAME_IDS]
    scenes += [MatchSetupScene(app, g) for g in GAME_IDS if is_built(g)]
    for scene in scenes:
        app.stack.clear_to(scene)
        step(app)
        step(app, key(pygame.K_TAB), key(pygame.K_DOWN))
    table = FakeTable(app)
    app.stack.clear_to(table)
    app.stack.push(PauseScene(app, table))
    step(app)
