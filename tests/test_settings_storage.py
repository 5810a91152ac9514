"""Settings survive round trips; damaged files are set aside, never lost."""
import os

from game.settings import Settings, load_settings, save_settings, settings_path
from game.storage import atomic_write_text


def test_round_trip(tmp_path):
    s = Settings(language="bn", animation_speed="fast", sound=False, four_colour=True,
                 native_digits_bn=False, fullscreen=True, volume=30, player_name="Ana")
    save_settings(tmp_path, s)
    loaded, message = load_settings(tmp_path)
    assert loaded == s and message is None


def test_missing_file_gives_defaults(tmp_path):
    loaded, message = load_settings(tmp_path)
    assert loaded == Settings() and message is None


def test_corrupt_file_is_set_aside_and_defaults_used(tmp_path):
    path = settings_path(tmp_path)
    path.write_bytes(b"language = \"bn\nsound = ???\x00")
    loaded, damage = load_settings(tmp_path)
    assert loaded == Settings()
    assert damage is not None and "damaged" in damage.moved_to.name
    kept = [p for p in tmp_path.iterdir() if "damaged" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"language")
    assert not path.exists()
    save_settings(tmp_path, loaded)                      # a fresh file, the old one kept
    assert path.exists() and kept[0].exists()


def test_bad_values_fall_back_one_by_one(tmp_path):
    settings_path(tmp_path).write_text('language = "xx"\nsound = "yes"\nvolume = 50\n'
                                       'animation_speed = "instant"\n', encoding="utf-8")
    loaded, message = load_settings(tmp_path)
    assert message is None
    assert loaded.language == "en" and loaded.sound is True
    assert loaded.volume == 50 and loaded.animation_speed == "instant"


def test_atomic_write_leaves_no_temp_files(tmp_path):
    target = tmp_path / "a" / "save.toml"
    atomic_write_text(target, "x = 1\n")
    atomic_write_text(target, "x = 2\n")
    assert target.read_text() == "x = 2\n"
    assert os.listdir(target.parent) == ["save.toml"]


def test_temp_leftovers_are_ours_only(tmp_path):
    """Only our own temporary names, whose writer is gone, are removed at start."""
    from game.storage import clean_temp_files
    names = {".autosave.toml.999999999.abcd1234.tmp": False,      # no such process: removed
             ".autosave.toml.k2j4_x9a.tmp": False,                 # the older name: removed
             f".autosave.toml.{os.getppid()}.abcd1234.tmp": True,   # a live writer: kept
             "autosave.toml": True, "saved.tmp": True, ".notes.txt.abcd1234.tmp": True,
             "game-1.toml": True}
    for name in names:
        (tmp_path / name).write_text("x = 1\n")
    (tmp_path / ".x.toml.1.abcdefgh.tmp").mkdir()                  # a folder: never touched
    clean_temp_files(tmp_path)
    for name, kept in names.items():
        assert (tmp_path / name).exists() == kept, name
    assert (tmp_path / ".x.toml.1.abcdefgh.tmp").is_dir()


def test_native_digits_default_per_language():
    s = Settings(language="bn")
    assert s.native_digits is True
    s.language = "hi"
    assert s.native_digits is False
    s.native_digits = True
    assert s.native_digits_hi is True and s.native_digits_bn is True
    s.language = "en"
    s.native_digits = True                     # English has no digits of its own: ignored
    assert s.native_digits is False


# --------------------------------------------------------------------------- first start

def test_first_start_takes_the_system_language(tmp_path):
    from game.settings import first_start_settings
    loaded, message = load_settings(tmp_path, system_tags=["fr_FR", "bn_BD", "en_US"])
    assert loaded.language == "bn" and message is None
    assert load_settings(tmp_path, system_tags=["pt_BR"])[0].language == "pt"
    assert load_settings(tmp_path, system_tags=["hi-IN"])[0].language == "hi"
    assert load_settings(tmp_path, system_tags=["de_DE"])[0].language == "en"
    assert load_settings(tmp_path, system_tags=[])[0].language == "en"
    assert first_start_settings(["es_AR"]).language == "es"


def test_saved_language_wins_over_the_system_one(tmp_path):
    save_settings(tmp_path, Settings(language="hi"))
    assert load_settings(tmp_path, system_tags=["bn_BD"])[0].language == "hi"


def test_damaged_settings_fall_back_to_the_system_language(tmp_path):
    settings_path(tmp_path).write_bytes(b"\xff\xfe not toml [[[")
    loaded, message = load_settings(tmp_path, system_tags=["es_ES"])
    assert loaded.language == "es" and message


def test_system_language_tags_from_the_environment(monkeypatch):
    from game import settings as S
    monkeypatch.delenv(S.SYSTEM_LANGUAGE_ENV, raising=False)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setitem(__import__("sys").modules, "pygame", None)  # no SDL answer
    monkeypatch.setenv("LANGUAGE", "pt_BR:pt:en")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert S.system_language_tags() == ["pt_BR", "pt", "en"]
    assert S.first_start_settings().language == "pt"
    monkeypatch.setenv(S.SYSTEM_LANGUAGE_ENV, "bn_BD")
    assert S.system_language_tags() == ["bn_BD"]
    assert load_settings(__import__("pathlib").Path("/nonexistent/taash"))[0].language == "bn"
