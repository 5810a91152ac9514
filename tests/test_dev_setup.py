"""Issue 8, item 1: tools/dev.py, the README's two commands (a project-local .venv).

The full path (make .venv, pip install, run) was checked by hand from fresh clones with
Debian's /usr/bin/python3 and a pyenv Python; here, what can be checked fast and offline:
a Python without ensurepip and without a system pip gets a clear message and no half-made
environment, arguments reach the game or pytest, and installs are skipped while the
requirements are unchanged.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def dev(monkeypatch, tmp_path):
    spec = importlib.util.spec_from_file_location("taash_dev", ROOT / "tools" / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "VENV", tmp_path / ".venv")
    monkeypatch.setattr(module, "STAMP", tmp_path / ".venv" / "taash-requirements.sha256")
    return module


def test_no_ensurepip_and_no_system_pip_says_what_to_install(dev, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "ensurepip", None)          # Debian without python3-venv
    monkeypatch.setattr(dev, "_system_pip_for", lambda python: False)
    with pytest.raises(dev.SetupError) as err:
        dev.create_venv(tmp_path / ".venv")
    assert "sudo apt install python3-venv" in str(err.value)
    assert not (tmp_path / ".venv").exists()                    # nothing half-made left behind


def test_main_prints_the_message_and_fails(dev, monkeypatch, capsys):
    def refuse(kind):
        raise dev.SetupError("no pip here")
    monkeypatch.setattr(dev, "ensure_env", refuse)
    assert dev.main(["test"]) == 1
    assert "[dev] no pip here" in capsys.readouterr().err


SPREAD = ["-n", "2", "--dist", "loadgroup"]       # two cores: the tests on both


@pytest.mark.parametrize("argv, expected", [
    ([], ["main.py"]),
    (["--selftest"], ["main.py", "--selftest"]),
    (["replay", "m.toml"], ["main.py", "replay", "m.toml"]),
    (["test"], ["-m", "pytest", *SPREAD]),
    (["test", "tests/test_i18n.py", "-x"], ["-m", "pytest", *SPREAD, "tests/test_i18n.py", "-x"]),
    (["test", "-n", "0"], ["-m", "pytest", "-n", "0"]),             # the caller chooses
    (["test", "-p", "no:xdist"], ["-m", "pytest", "-p", "no:xdist"]),
])
def test_arguments_go_to_the_game_or_to_pytest(dev, monkeypatch, argv, expected):
    ran = []
    monkeypatch.setattr(dev, "ensure_env", lambda kind: Path("/venv/python"))
    monkeypatch.setattr(dev.os, "execv", lambda exe, cmd: ran.append(cmd))
    monkeypatch.setattr(dev.os, "chdir", lambda path: None)
    monkeypatch.setattr(dev.os, "cpu_count", lambda: 2)
    dev.main(argv)
    cmd = [Path(c).name if c.endswith("main.py") else c for c in ran[0][1:]]
    assert cmd == expected


@pytest.mark.parametrize("cores, expected", [
    (1, []), (2, SPREAD), (4, ["-n", "4", "--dist", "loadgroup"]), (32, ["-n", "4", "--dist", "loadgroup"]),
])
def test_the_tests_spread_over_the_cores_up_to_four(dev, cores, expected):
    assert dev.test_workers([], cores) == expected
    assert dev.test_workers(["--numprocesses=3"], cores) == []


def test_requirements_are_installed_once_until_they_change(dev, monkeypatch, tmp_path):
    (tmp_path / ".venv").mkdir()
    monkeypatch.setattr(dev, "_works", lambda python: True)
    monkeypatch.setattr(dev, "_has_pip", lambda python: True)
    installs = []

    class Done:
        returncode = 0
    monkeypatch.setattr(dev.subprocess, "run", lambda cmd, **kw: installs.append(cmd[-1]) or Done())
    dev.ensure_env("test")
    dev.ensure_env("test")
    dev.ensure_env("play")                 # the test requirements include the game's
    assert [Path(p).name for p in installs] == ["requirements-dev.txt"]
    monkeypatch.setattr(dev, "requirements_digest", lambda names: "changed")
    dev.ensure_env("play")
    assert [Path(p).name for p in installs] == ["requirements-dev.txt", "requirements.txt"]
