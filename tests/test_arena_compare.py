"""Judging a change to a bot: two logs of the same seatings, compared seating by
seating (a sign test on those won at only one code)."""
import json

import pytest

from game.ai.arena import run_arena
from game.ai.arena_compare import NotComparable, compare, report, sign_test
from game.cli import main

HEAD = {"game": "tute", "players": 2, "bots": ["hard", "normal"], "seed": 2, "options": {"target": 4}}


def _log(path, code, winners, decisions=None):
    """A log with match m won by entrant ``winners[m]`` (None: not played)."""
    lines = [json.dumps({"arena": dict(HEAD, code=code)})]
    for m, entrant in enumerate(winners):
        if entrant is not None:
            counts = (decisions or {}).get(m, 40)
            lines.append(json.dumps({"m": m, "side": entrant, "entrant": entrant,
                                     "decisions": {"hard": [counts, 1.0], "normal": [40, 0.1]}}))
    path.write_text("\n".join(lines) + "\n")
    return path


def test_sign_test_is_exact_and_two_sided():
    assert sign_test(0, 0) == 1.0
    assert sign_test(3, 3) == 1.0
    assert sign_test(5, 0) == pytest.approx(2 / 32)
    assert sign_test(0, 5) == sign_test(5, 0)
    assert sign_test(19, 7) == pytest.approx(0.0290, abs=1e-4)   # the 29 duplicate pairs of the note


def test_counts_the_shared_seatings_only(tmp_path):
    old = _log(tmp_path / "old.jsonl", "aaaa", [0, 0, 1, 1, 0, 1, 0, None])
    new = _log(tmp_path / "new.jsonl", "bbbb", [0, 1, 1, 0, 0, 0, None, 0],
               decisions={4: 41})
    c = compare(old, new)
    assert c["seatings"] == 6                        # 6 and 7 are in one log each
    assert (c["committed_wins"], c["changed_wins"]) == (3, 4)
    assert (c["both"], c["neither"], c["only_committed"], c["only_changed"]) == (2, 1, 1, 2)
    assert c["alike"] == 2                           # 0 and 2; 4 took another number of decisions
    assert c["p"] == pytest.approx(sign_test(2, 1))
    lines = report(old, new)
    assert lines[0] == "tute 2p hard v normal, seed 2: 6 seatings in both logs"
    assert "hard won 3 (50.0 %) at the committed code (aaaa), 4 (66.7 %) at the changed code (bbbb)" in lines[1]
    assert "only at the changed code 2, only at the committed code 1" in lines[2]


def test_logs_of_other_runs_are_refused(tmp_path):
    old = _log(tmp_path / "old.jsonl", "aaaa", [0, 1])
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"arena": dict(HEAD, seed=3, code="bbbb")}) + "\n")
    with pytest.raises(NotComparable, match="seed"):
        compare(old, other)
    with pytest.raises(NotComparable, match="no arena log"):
        compare(old, tmp_path / "missing.jsonl")
    assert main(["arena-compare", str(old), str(other)]) == 2
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps({"arena": HEAD}) + '\n{"m": 0, "side": 1}\n')
    for bad in (broken, tmp_path):                   # a line without its fields; a folder
        with pytest.raises(NotComparable, match="not a readable arena log"):
            compare(old, bad)
        assert main(["arena-compare", str(old), str(bad)]) == 2


def test_the_same_code_compares_alike_from_the_command_line(tmp_path, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run_arena("truco_mineiro", 2, ["rule", "random"], 6, seed=3, log=str(a))
    run_arena("truco_mineiro", 2, ["rule", "random"], 4, seed=3, log=str(b))
    c = compare(a, b)
    assert c["seatings"] == 4 and c["alike"] == 4
    assert c["only_changed"] == c["only_committed"] == 0 and c["p"] == 1.0
    assert main(["arena-compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "truco_mineiro 2p rule v random, seed 3: 4 seatings in both logs" in out
    assert "played alike at both codes (same winner, as many decisions of each bot): 4" in out
