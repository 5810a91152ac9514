"""The app started headless on a home holding damaged files, or on a home it cannot write.

Every kind of damaged settings, autosave, save or locale file: the app starts, tells the
player (in his language), sets the file aside under its damaged-name with its bytes intact,
and deletes nothing. A home that cannot be written: the match goes on, the player is told
once and chooses.
"""
import os
import shutil
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.scenes.menu import LoadScene, MainMenuScene
from game.session import SeatConfig, Session
from game.storage import AUTOSAVE_FILE, KeptFileError, atomic_write_text
from tests.table_driving import DT, close_overlays

ROOT = Path(__file__).resolve().parent.parent

GOOD_SAVE = None


def good_save_text() -> str:
    """A real save: a Buraco match a few actions in, with its seats."""
    global GOOD_SAVE
    if GOOD_SAVE is None:
        import tomli_w
        session = Session.new("buraco", 2, {}, [SeatConfig("Ana", True), SeatConfig("Bot", False)],
                              seed=4, dealer=0)
        for _ in range(6):
            session.match.apply(session.match.legal_actions()[0])
        GOOD_SAVE = tomli_w.dumps(session.to_dict())
    return GOOD_SAVE


def deep_key(n=20000):
    return "x" + ".a" * n + " = 1\n"


SETTINGS = {
    "not toml": b'language = "bn\nsound = ???\x00',
    "empty": b"",
    "20 MB": b"# " + b"x" * (20 * 1024 * 1024) + b"\n",
    "deep key": deep_key(28000).encode(),
    "nested arrays": b"volume = " + b"[" * 3000 + b"]" * 3000 + b"\n",
    "5000 digits": b"volume = " + b"7" * 5000 + b"\n",
    "not utf-8": b'language = "\xff\xfe"\n',
}

SAVES = {
    "not toml": lambda: "game = \"buraco\nthis is = = not toml",
    "deep nesting": lambda: good_save_text() + "x = " + "[" * 3000 + "]" * 3000 + "\n",
    "deep key": lambda: deep_key() + good_save_text(),
    "superscript digit": lambda: good_save_text().replace('"draw"', '"add ¹ 5H"', 1),
    "5000-digit seed": lambda: good_save_text().replace("seed = 4", "seed = " + "9" * 5000),
    "human = yes": lambda: good_save_text().replace("human = true", 'human = "yes"', 1),
    "level": lambda: good_save_text().replace('level = "normal"', 'level = "godlike"', 1),
    "seat count": lambda: good_save_text() + '[[seats]]\nname = "Extra"\nhuman = false\n',
    "illegal action": lambda: good_save_text().replace('"draw"', '"discard JK"', 1),
    "unknown game": lambda: good_save_text().replace('game = "buraco"', 'game = "poker"'),
}


def snapshot(folder: Path) -> dict[bytes, int]:
    """The bytes of every file under ``folder`` (content -> count): nothing may vanish.
    The game's own cache (parsed locale files, ``cache/``) is not the player's and is left out."""
    out: dict[bytes, int] = {}
    for path in folder.rglob("*"):
        if path.is_file() and path.relative_to(folder).parts[0] != "cache":
            data = path.read_bytes()
            out[data] = out.get(data, 0) + 1
    return out


def start(home: Path, frames: int = 3) -> App:
    app = App(pref_dir=home, headless=True)
    app.stack.push(MainMenuScene(app))
    for _ in range(frames):
        app.step(DT, [])
    return app


def assert_kept(home: Path, before: dict[bytes, int], damaged: bytes, where: Path) -> Path:
    after = snapshot(home)
    for data, n in before.items():
        assert after.get(data, 0) >= n, "a file's bytes are gone"
    kept = [p for p in where.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    return kept[0]


@pytest.mark.parametrize("kind", sorted(SETTINGS))
def test_damaged_settings(tmp_path, kind):
    (tmp_path / "settings.toml").write_bytes(SETTINGS[kind])
    before = snapshot(tmp_path)
    app = start(tmp_path)
    assert app.running and isinstance(app.stack.top, MainMenuScene)
    kept = assert_kept(tmp_path, before, SETTINGS[kind], tmp_path)
    assert any(kept.name in text for text, _ in app.toasts)
    assert not (tmp_path / "settings.toml").exists()
    app.settings.volume = 30
    app.save_settings()                                   # a fresh file; the old one stays aside
    assert (tmp_path / "settings.toml").exists() and kept.read_bytes() == SETTINGS[kind]


def test_a_folder_in_the_place_of_the_settings_is_set_aside(tmp_path):
    (tmp_path / "settings.toml").mkdir()
    (tmp_path / "settings.toml" / "note.txt").write_text("mine")
    app = start(tmp_path)
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and (kept[0] / "note.txt").read_text() == "mine"
    assert any(kept[0].name in text for text, _ in app.toasts)


def test_damaged_settings_told_in_the_players_language(tmp_path):
    (tmp_path / "settings.toml").write_bytes(b'language = "bn"\nvolume = ' + b"[" * 3000)
    app = start(tmp_path)
    assert app.toasts[0][0] == i18n.Locale("en").t("errors.settings_damaged",
                                                   file=next(tmp_path.glob("*.damaged-*")).name)
    # the language was in the damaged file; the next start after choosing it speaks it
    app.settings.language = "bn"
    app.save_settings()
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "x.toml").write_text("not = = toml")
    app = start(tmp_path)
    assert any("x.damaged-" in text and "আলাদা" in text for text, _ in app.toasts)


@pytest.mark.parametrize("kind", sorted(SAVES))
def test_damaged_autosave(tmp_path, kind):
    raw = SAVES[kind]().encode("utf-8")
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    before = snapshot(tmp_path)
    app = start(tmp_path)
    assert app.running
    kept = assert_kept(tmp_path, before, raw, tmp_path)
    assert not (tmp_path / AUTOSAVE_FILE).exists()
    assert any(kept.name in text for text, _ in app.toasts)
    menu = app.stack.top
    app.step(DT, [])
    assert not menu.buttons["continue"].enabled         # nothing left to continue, nothing overwritten


@pytest.mark.parametrize("kind", sorted(SAVES))
def test_damaged_save_in_the_list(tmp_path, kind):
    saves = tmp_path / "saves"
    saves.mkdir()
    raw = SAVES[kind]().encode("utf-8")
    (saves / "mine.toml").write_bytes(raw)
    (saves / "good.toml").write_text(good_save_text(), encoding="utf-8")
    before = snapshot(tmp_path)
    app = start(tmp_path)
    kept = assert_kept(tmp_path, before, raw, saves)
    assert any(kept.name in text for text, _ in app.toasts)
    load = LoadScene(app)
    app.stack.push(load)
    app.step(DT, [])
    assert [row.path.name for row in load.rows] == ["good.toml"]   # the damaged one is not listed


def test_good_files_are_left_alone(tmp_path):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "good.toml").write_text(good_save_text(), encoding="utf-8")
    (tmp_path / AUTOSAVE_FILE).write_text(good_save_text(), encoding="utf-8")
    # good settings too (without them a first start writes its own: the system's language)
    (tmp_path / "settings.toml").write_text('language = "es"\nsound = false\n', encoding="utf-8")
    before = snapshot(tmp_path)
    app = start(tmp_path)
    assert not app.toasts and snapshot(tmp_path) == before


@pytest.mark.parametrize("damage", [b"[[[[", b"x" * 10, "a" + ".a" * 28000 + " = 1", b"\xff\xfe"])
def test_damaged_locale_file(tmp_path, monkeypatch, damage):
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    raw = damage if isinstance(damage, bytes) else damage.encode()
    (locales / "hi.toml").write_bytes(raw)
    monkeypatch.setattr(i18n, "locales_dir", lambda: locales)
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").write_text('language = "hi"\n')
    try:
        app = start(home)
        assert app.running
        assert app.t("menu.play") == i18n.Locale("en", folder=ROOT / "locales").t("menu.play")
        assert any("हिन्दी" in text and "English" in text for text, _ in app.toasts)
        assert (locales / "hi.toml").read_bytes() == raw    # the bundled file is never touched
    finally:
        i18n.set_language("en")


# --------------------------------------------------------------------------- a home it cannot write

def play_to_the_end(app, table, frames=40000):
    """Step a bots-only table; whatever overlay shows is answered as a player would."""
    from game.scenes.save_problem import SaveProblemScene
    asked = 0
    for _ in range(frames):
        if table.match.finished and app.stack.top is not table:
            break
        top = app.stack.top
        if isinstance(top, SaveProblemScene):
            asked += 1
            top.play_on()
        elif top is not table:
            close_overlays(app, table)
            if app.stack.top is top:
                break
        app.step(DT, [])
    return asked


def bots_table(app, game="tute", players=2):
    from game.scenes.tables import table_for
    seats = [SeatConfig(f"B{i}", False) for i in range(players)]
    session = Session.new(game, players, {}, seats, seed=9, dealer=0)
    table = table_for(app, session)
    app.stack.push(table)
    return table


def test_home_under_a_regular_file_plays_on_and_asks_once(tmp_path):
    """A home that cannot exist (its parent is a regular file), so no write can succeed even
    as root: the app starts, the match plays to its end, the player is asked once."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app = start(blocker / "home")
    assert app.running and app.home_problem
    table = bots_table(app)
    asked = play_to_the_end(app, table)
    assert table.match.finished and asked == 1
    assert blocker.read_text() == "not a folder"


def test_read_only_home_asks_once_and_try_again_works(tmp_path, monkeypatch):
    """A read-only home simulated by making every atomic replace fail with PermissionError
    (the tests run as root, for whom chmod does not stop writes)."""
    from game.scenes.save_problem import SaveProblemScene
    app = start(tmp_path)
    real_replace = os.replace

    def refuse(src, dst, *a, **k):
        raise PermissionError(13, "Permission denied", str(dst))

    monkeypatch.setattr(os, "replace", refuse)
    table = bots_table(app, "twenty_nine", 4)
    for _ in range(4000):
        if isinstance(app.stack.top, SaveProblemScene):
            break
        if app.stack.top is not table:
            close_overlays(app, table)
        app.step(DT, [])
    problem = app.stack.top
    assert isinstance(problem, SaveProblemScene) and "Permission denied" in problem.reason
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]   # no temp file left
    problem.play_on()
    moves = len(table.match.records[-1].actions)
    for _ in range(600):                                  # plays on, and asks no more
        if app.stack.top is not table:
            assert not isinstance(app.stack.top, SaveProblemScene)
            close_overlays(app, table)
        app.step(DT, [])
    assert len(table.match.records[-1].actions) > moves or table.match.deal_index > 0
    monkeypatch.setattr(os, "replace", real_replace)
    table.retry_autosave()                                # the player's "Try again"
    assert (tmp_path / AUTOSAVE_FILE).exists() and app.stack.top is not problem


def test_a_damaged_file_that_cannot_be_moved_is_kept_and_never_overwritten(tmp_path, monkeypatch):
    raw = SAVES["human = yes"]().encode()
    (tmp_path / AUTOSAVE_FILE).write_bytes(raw)
    settings_raw = b"volume = " + b"[" * 3000
    (tmp_path / "settings.toml").write_bytes(settings_raw)

    def refuse(src, dst, *a, **k):
        raise PermissionError(13, "Permission denied", str(src))

    monkeypatch.setattr(os, "rename", refuse)            # nothing can be set aside
    app = start(tmp_path)
    texts = " ".join(text for text, _ in app.toasts)
    en = i18n.Locale("en")
    assert en.t("errors.settings_kept", file="settings.toml") in texts
    assert en.t("errors.save_kept", file=AUTOSAVE_FILE) in texts
    assert "set aside as" not in texts                  # never claims a move that did not happen
    app.settings.volume = 10
    app.save_settings()                                   # refused: the original stays
    with pytest.raises(KeptFileError):
        atomic_write_text(tmp_path / AUTOSAVE_FILE, "x = 1\n")
    assert (tmp_path / "settings.toml").read_bytes() == settings_raw
    assert (tmp_path / AUTOSAVE_FILE).read_bytes() == raw
    assert pygame.get_init()
