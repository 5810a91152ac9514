"""The command line as a user (or a bug report) drives it."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "main.py", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def write(tmp_path, text, name="m.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


AUCTION = '''game = "twenty_nine"
players = 4
dealer = 3
seed = 5
[[deals]]
actions = ["bid 16", "bid 17", "bid 17", "bid 18", "pass", "bid 19", "bid 19", "pass", "pass"]
'''


def test_replay_json(tmp_path):
    out = run("replay", write(tmp_path, AUCTION))
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("game", "finished", "score", "deals", "to_act", "legal", "winner"):
        assert key in report
    assert report["to_act"] == 0 and sorted(report["legal"]) == ["double", "pass"]
    assert report["deals"][0]["ended"] is False and report["deals"][0]["bid"] == 19


def test_replay_pretty(tmp_path):
    out = run("replay", write(tmp_path, AUCTION), "--pretty")
    assert out.returncode == 0
    assert "seat 1 wins the auction at 19" in out.stdout


def test_illegal_action_exits_2_with_one_line(tmp_path):
    text = AUCTION.replace('"pass", "pass"]', '"pass", "pass", "redouble"]')
    out = run("replay", write(tmp_path, text))
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("deal 0 action 9: 'redouble' is not legal (")
    assert lines[0].endswith("legal: double, pass")


def test_actions_for_a_deal_not_in_progress(tmp_path):
    text = AUCTION + '[[deals]]\nactions = ["pass"]\n'
    out = run("replay", write(tmp_path, text))
    assert out.returncode == 2
    assert out.stderr.startswith("deal 1 action 0: 'pass' is not legal (deal 1 has not started")


def test_malformed_files_exit_2(tmp_path):
    cases = {
        "bad.toml": "game = [",
        "game.toml": 'game = "poker"',
        "card.toml": 'game = "twenty_nine"\n[[deals]]\nhands = [["ZZ","9S","AS","10S","KS","QS","8S","7S"],[],[],[]]',
        "opt.toml": 'game = "twenty_nine"\n[options]\nwat = true',
    }
    for name, text in cases.items():
        out = run("replay", write(tmp_path, text, name))
        assert out.returncode == 2, name
        assert len(out.stderr.strip().splitlines()) == 1 and out.stdout == ""
    out = run("replay", str(tmp_path / "missing.toml"))
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_replay_help_lists_verbs():
    out = run("replay", "--help")
    assert out.returncode == 0
    assert "twenty_nine:" in out.stdout and "choose-trump <suit>" in out.stdout


def test_arena_and_bench_print_numbers():
    out = run("arena", "--game", "twenty_nine", "--bots", "rule,random", "--matches", "20")
    assert out.returncode == 0 and "matches/s" in out.stdout and "95 % CI" in out.stdout
    out = run("bench", "--game", "twenty_nine", "--seconds", "0.3")
    assert out.returncode == 0 and out.stdout.startswith("twenty_nine 4p ")
    assert out.stdout.strip().endswith("deals/s")


def test_bench_convergence_prints_each_level():
    out = run("bench", "--convergence", "--game", "tute", "--players", "2", "--decisions", "3",
              "--repeats", "1", "--scale", "0.2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert lines[0].startswith("convergence tute 2p: 3 decisions, 1 seed each; reference")
    assert [ln.split()[0] for ln in lines[1:4]] == ["normal", "hard", "expert"]
    assert all("mean regret" in ln for ln in lines[1:4])
    assert lines[4].strip().startswith("hard - expert: ")


def test_bench_convergence_refuses_a_player_count_without_search_bots():
    out = run("bench", "--convergence", "--game", "tute", "--players", "5")
    assert out.returncode == 2 and "no search bots for tute at 5 players" in out.stderr
    assert out.stdout == ""


def test_bench_reading_prints_a_line_per_table():
    out = run("bench", "--reading", "--game", "tute", "--players", "3", "--against", "normal",
              "--decisions", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("reading tute 3p, expert at a table of normal: ")
    assert "% unread" in lines[0]


def test_bench_reading_refuses_levels_that_do_not_read_or_do_not_exist():
    out = run("bench", "--reading", "--game", "tute", "--level", "normal")
    assert out.returncode == 2 and "only the search levels read" in out.stderr
    out = run("bench", "--reading", "--game", "tute", "--players", "2", "--against", "grandmaster")
    assert out.returncode == 2 and "the levels at tute's table are" in out.stderr
    assert out.stdout == ""
