"""Issue 9, "Saves that make sense" and the notices: the Load list says game, players, deal,
score and date, newest first, and deletes a save after asking (only that file); "Save and
quit" updates the match's own save; Continue says which match it resumes; setup remembers
the last choices per game and explains each Buraco mode; "Match saved" is not styled as an
error, and no notice covers a title. Driven with posted events, headless."""
from __future__ import annotations

import os

import pygame
import pytest

from game import i18n
from game.app import TOAST_STYLES
from game.scenes.menu import LoadScene, MainMenuScene
from game.scenes.setup import MatchSetupScene
from game.session import AUTOSAVE, SeatConfig, Session
from game.settings import load_settings


def click(app, pos):
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def press(app, k):
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def steps(app, n=3):
    for _ in range(n):
        app.step(1 / 60, [])


def session(game, players, names, seed, actions=0):
    seats = [SeatConfig(n, i == 0) for i, n in enumerate(names)]
    s = Session.new(game, players, {}, seats, seed=seed, dealer=0)
    for _ in range(actions):
        s.match.apply(s.match.legal_actions()[0])
    return s


def write_saves(folder):
    """Three saves of different games and dates; the newest is the Tute one."""
    folder.mkdir(exist_ok=True)
    made = []
    for i, (game, players, names) in enumerate([("buraco", 2, ["Ana", "Rui"]),
                                                 ("twenty_nine", 4, ["Asha", "Bina", "Chandu", "Dev"]),
                                                 ("tute", 2, ["Lola", "Paco"])]):
        s = session(game, players, names, seed=11 + i, actions=6)
        path = folder / f"{game}-2026112{i}-120000.toml"
        s.save(path)
        os.utime(path, (1_700_000_000 + i * 1000, 1_700_000_000 + i * 1000))
        made.append((path, s))
    return made


# --------------------------------------------------------------------------- the Load list

def test_load_lists_game_players_deal_score_and_date_newest_first(app, tmp_path):
    made = write_saves(tmp_path / "saves")
    load = LoadScene(app)
    app.stack.push(load)
    steps(app)
    assert [r.path for r in load.rows] == [p for p, _ in reversed(made)]
    for row, (path, s) in zip(load.rows, reversed(made)):
        assert i18n.t(f"games.{s.match.game_id}") in row.title
        assert all(seat.name in row.title for seat in s.seats)
        assert i18n.t("load.row_detail", deal=len(s.match.records),
                      score=" : ".join(str(x) for x in s.match.score)) == row.detail
        assert row.when.strip()


def test_delete_asks_first_and_removes_only_that_save(app, tmp_path):
    made = write_saves(tmp_path / "saves")
    made[0][1].save(tmp_path / AUTOSAVE)
    load = LoadScene(app)
    app.stack.push(load)
    steps(app)
    target = load.rows[1].path
    click(app, load.deletes[1].rect.center)
    assert load.confirming == target and target.exists()          # asked, nothing deleted yet
    click(app, load.cancel_button.rect.center)
    assert load.confirming is None and target.exists()
    click(app, load.deletes[1].rect.center)
    click(app, load.delete_button.rect.center)
    assert not target.exists()
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == sorted(
        p.name for p, _ in made if p != target)
    assert (tmp_path / AUTOSAVE).exists()
    assert [r.path for r in load.rows] == [p for p, _ in reversed(made) if p != target]
    assert app.toasts[-1].kind == "success"
    # the Delete key on a focused row asks too; Esc says no
    load.ui.set_focus(load.rows[0])
    press(app, pygame.K_DELETE)
    assert load.confirming == load.rows[0].path
    press(app, pygame.K_ESCAPE)
    assert load.confirming is None and app.stack.top is load and load.rows[0].path.exists()


# --------------------------------------------------------------------------- Save and quit

def test_save_and_quit_updates_the_matchs_own_save(app, tmp_path):
    s = session("buraco", 2, ["Ana", "Rui"], seed=5)
    table = app.table_scene(s)
    app.stack.push(table)
    steps(app, 5)
    first = table.save_match()
    second = table.save_match()
    assert first == second and len(list((tmp_path / "saves").glob("*.toml"))) == 1
    # loaded from the Load list, the same file is updated
    loaded = Session.load(first)
    table2 = app.table_scene(loaded)
    app.stack.clear_to(table2)
    steps(app, 3)
    assert table2.save_match() == first
    # resumed by Continue (the autosave), its own save is found again
    resumed = Session.load(tmp_path / AUTOSAVE)
    table3 = app.table_scene(resumed)
    app.stack.clear_to(table3)
    steps(app, 3)
    assert table3.save_match() == first
    assert len(list((tmp_path / "saves").glob("*.toml"))) == 1
    # another match gets its own file
    other = app.table_scene(session("buraco", 2, ["Ana", "Rui"], seed=6))
    app.stack.clear_to(other)
    steps(app, 3)
    assert other.save_match() != first
    assert len(list((tmp_path / "saves").glob("*.toml"))) == 2


def test_continue_says_which_match_it_resumes(app, tmp_path):
    s = session("buraco", 2, ["Ana", "Rui"], seed=5, actions=4)
    s.save(tmp_path / AUTOSAVE)
    menu = MainMenuScene(app)
    app.stack.push(menu)
    steps(app, 4)
    words = menu.continue_words()
    assert words is not None
    assert i18n.t("games.buraco") in words and "Ana" in words and "Rui" in words
    assert i18n.t("load.row_detail", deal=1, score="0 : 0") in words
    tip = menu.buttons["continue"].tooltip
    assert (tip() if callable(tip) else tip) == words


# --------------------------------------------------------------------------- setup

def test_setup_remembers_the_last_choices_per_game(app, tmp_path):
    setup = MatchSetupScene(app, "buraco")
    app.stack.push(setup)
    steps(app)
    setup.set_players(4)
    setup.option_rows["mode"].step(1)                  # a click on the row's arrow does this
    setup.set_value("mode", "closed_wtcc")
    setup.set_mode(1, "hard")
    setup.name_fields[2].text = "Zé"
    setup.set_name(2, "Zé")
    setup.start()
    assert load_settings(tmp_path)[0].last_setup["buraco"]["options"]["mode"] == "closed_wtcc"
    again = MatchSetupScene(app, "buraco")
    assert again.players == 4 and again.values["mode"] == "closed_wtcc"
    assert again.modes[1] == "hard" and again.names[2] == "Zé"
    assert MatchSetupScene(app, "tute").values == {o.id: o.default for o in MatchSetupScene(app, "tute").module.OPTIONS}
    # what does not fit is left at its default
    app.settings.last_setup = {"buraco": {"players": 3, "options": {"mode": "nope", "target": "x"},
                                          "seats": ["robot", 7], "names": [None, "x" * 40]}}
    odd = MatchSetupScene(app, "buraco")
    assert odd.players == odd.module.DEFAULT_PLAYERS and odd.values["mode"] == "closed" and odd.modes[0] == "human"


@pytest.mark.parametrize("lang", ["en", "bn", "hi"])
def test_setup_explains_each_buraco_mode(app, lang):
    app.settings.language = lang
    app.apply_language()
    setup = MatchSetupScene(app, "buraco")
    app.stack.push(setup)
    steps(app)
    texts = set()
    for mode in ("open", "open_dirty", "closed", "closed_wtcc", "closed_dirty"):
        setup.set_value("mode", mode)
        text = setup.option_help("mode")
        assert i18n.t(f"options.buraco.mode_{mode}_help") in text
        texts.add(text)
    assert len(texts) == 5


# --------------------------------------------------------------------------- notices

def test_match_saved_is_a_success_notice_and_no_notice_covers_a_title(app, tmp_path):
    s = session("buraco", 2, ["Ana", "Rui"], seed=5)
    table = app.table_scene(s)
    app.stack.push(table)
    steps(app, 3)
    table.save_match()
    assert app.toasts[-1].kind == "success"
    assert TOAST_STYLES["success"][0][:3] != TOAST_STYLES["error"][0][:3]
    app.toast("a problem", kind="error")                 # errors stay red
    assert app.toasts[-1].kind == "error"
    from game.storage import DamagedFile
    app.tell_damaged(DamagedFile(tmp_path / "x.toml", tmp_path / "x.damaged-1.toml", "bad"), "save")
    assert app.toasts[-1].kind == "error"               # a damaged file is a problem
    app.toast("something to know")                       # a notice is neutral unless it says otherwise
    assert app.toasts[-1].kind == "info"
    for scene in (MainMenuScene(app), LoadScene(app), MatchSetupScene(app, "buraco")):
        app.stack.clear_to(scene)
        steps(app, 2)
        for kind in ("error", "success", "info"):
            app.toasts = app.toasts[:0]
            app.toast(f"{kind} notice, a long one that wraps onto a second line for sure " * 2, kind=kind)
            for _, _, rect in app.toast_layout():
                assert rect.top >= 100, (type(scene).__name__, rect)        # the title band stays clear
                assert app.screen.get_rect().contains(rect)
                for widget in scene.ui.widgets:
                    if widget.visible and getattr(widget, "label", None) is not None:
                        assert not rect.colliderect(widget.rect), (type(scene).__name__, rect, widget.rect)
