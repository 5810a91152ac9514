"""Parsed locale files are kept between runs, and used only while the file is unchanged."""
import os
import shutil
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "CACHE_DIR", tmp_path / "cache")
    return tmp_path / "cache"


def test_an_unchanged_file_is_read_from_the_cache(tmp_path, cache, monkeypatch):
    folder = tmp_path / "locales"
    folder.mkdir()
    shutil.copy(ROOT / "locales" / "en.toml", folder / "en.toml")
    first = i18n.load_catalog(folder / "en.toml")
    assert (cache / "locale-en.marshal").exists()
    monkeypatch.setattr(i18n, "read_bounded", lambda *a, **k: pytest.fail("parsed again"))
    assert i18n.load_catalog(folder / "en.toml") == first


def test_a_changed_or_damaged_file_is_parsed_again(tmp_path, cache):
    folder = tmp_path / "locales"
    folder.mkdir()
    path = folder / "en.toml"
    path.write_text('[menu]\nplay = "Play"\n', encoding="utf-8")
    assert i18n.load_catalog(path)["menu.play"] == "Play"
    path.write_text('[menu]\nplay = "Go!!"\n', encoding="utf-8")      # same size, new time
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000))
    assert i18n.load_catalog(path)["menu.play"] == "Go!!"
    path.write_bytes(b"[[[[")
    with pytest.raises(i18n.LocaleFileError):
        i18n.load_catalog(path)


def test_a_damaged_cache_is_ignored(tmp_path, cache):
    folder = tmp_path / "locales"
    folder.mkdir()
    path = folder / "en.toml"
    path.write_text('[menu]\nplay = "Play"\n', encoding="utf-8")
    cache.mkdir()
    (cache / "locale-en.marshal").write_bytes(b"\x00junk")
    assert i18n.load_catalog(path)["menu.play"] == "Play"
