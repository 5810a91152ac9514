"""Hostile match files, saves and settings: the fuzzers (seeded, short) and the files of issue 13.

``replay`` gives exit 0 and JSON, or exit 2 and one line; never a traceback, never a
slow or memory-hungry parse. Longer runs: ``python main.py fuzz --seconds N``.
"""
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.errors import MatchFileError
from game.engine.matchfile import parse_match_text
from game.engine.tomlsafe import TomlError, check_shape, loads_bounded
from game.commands.fuzz import fuzz_replay, fuzz_saves, fuzz_settings, quiet_logs

ROOT = Path(__file__).resolve().parent.parent


def _no_failures(report):
    assert report.runs > 0
    assert not report.failures, "\n".join(report.lines())


def test_replay_fuzzer_keeps_the_contract():
    with quiet_logs():
        report = fuzz_replay(seed=13, count=700)
    _no_failures(report)
    assert len(report.kinds) == 11                      # every kind of mutation was tried
    assert report.outcomes.get("exit 0", 0) > 20 and report.outcomes.get("exit 2", 0) > 300


def test_save_fuzzer_loads_or_sets_aside_intact():
    with quiet_logs():
        report = fuzz_saves(seed=14, count=300)
    _no_failures(report)
    assert report.outcomes.get("set aside", 0) > 100 and report.outcomes.get("loaded", 0) > 5


def test_settings_fuzzer_never_fails_nor_loses_the_file():
    with quiet_logs():
        report = fuzz_settings(seed=15, count=400)
    _no_failures(report)


# --------------------------------------------------------------------------- the issue's files

BURACO = '''game = "buraco"
players = 2
seed = 5
'''


def replay(tmp_path, text: str | bytes, *extra):
    path = tmp_path / "m.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    start = time.monotonic()
    out = subprocess.run([sys.executable, "main.py", "replay", str(path), *extra], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    return out, time.monotonic() - start


HOSTILE = {
    "huge seed": BURACO.replace("seed = 5", "seed = " + "9" * 5000),
    "huge hex seed": BURACO.replace("seed = 5", "seed = 0x" + "f" * 5000),
    "huge option": BURACO + "[options]\ntarget = " + "9" * 30 + "\n",
    "deep arrays": BURACO + "x = " + "[" * 3000 + "]" * 3000 + "\n",
    "deep key": "x" + ".a" * 28000 + " = 1\n" + BURACO,
    "deep header": "[x" + ".a" * 28000 + "]\n",
    "deep inline": BURACO + "[options]\nmode = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "superscript add": BURACO + '[[deals]]\nactions = ["draw", "add ¹ 5H"]\n',
    "bengali add": BURACO + '[[deals]]\nactions = ["draw", "add ৩ 5H"]\n',
    "mineiro blind": 'game = "truco_mineiro"\nplayers = 2\nseed = 1\n[[deals]]\nactions = ["play #²"]\n',
    "long action": BURACO + '[[deals]]\nactions = ["' + "draw " * 5000 + '"]\n',
    "not utf-8": b'game = "tute"\nseed = \xff\n',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_issue_files_exit_2_with_one_line(tmp_path, name):
    for extra in ((), ("--pretty",)):
        out, took = replay(tmp_path, HOSTILE[name], *extra)
        assert out.returncode == 2, (name, out.stdout[:200], out.stderr[-400:])
        line = out.stderr.rstrip("\n")
        assert line and "\n" not in line and "Traceback" not in line, (name, out.stderr[-400:])
        assert len(line) < 400 and out.stdout == ""
        assert took < 20, (name, took)


def test_a_huge_dotted_key_is_refused_before_parsing_in_milliseconds():
    text = "x" + ".a" * 28000 + " = 1\n"
    start = time.perf_counter()
    with pytest.raises(TomlError, match="dotted parts"):
        loads_bounded(text, 10**6)
    assert time.perf_counter() - start < 0.5


def test_shape_scan_reads_strings_and_comments_as_text():
    check_shape('a = "[[[[ x.y.z ]]]]"  # [[[[ {{{{ a.b.c.d\nb = \'\'\'[[[[\n[[[[\'\'\'\n'
                'c = """ "" ""\\" [[[ """\nd = [[1, 2], [3]]\ne.f.g = {h.i = [1.5, 2.5]}\n',
                max_depth=3, max_parts=3)
    with pytest.raises(TomlError):
        check_shape("a = [[[[1]]]]", max_depth=3)
    with pytest.raises(TomlError):
        check_shape("[a.b.c.d]\n", max_parts=3)
    with pytest.raises(TomlError):
        check_shape("x = {a.b.c.d = 1}\n", max_parts=3)


def test_64_bit_numbers_still_read():
    spec = parse_match_text(BURACO.replace("seed = 5", f"seed = {2**63 - 1}"))
    assert spec.seed == 2**63 - 1
    with pytest.raises(MatchFileError, match="64 bits"):
        parse_match_text(BURACO.replace("seed = 5", f"seed = {2**63}"))


def test_json_of_a_valid_match_is_unchanged_by_the_bounds(tmp_path):
    out, _ = replay(tmp_path, BURACO + '[[deals]]\nactions = ["draw"]\n')
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["game"] == "buraco"
