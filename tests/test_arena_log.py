"""Arena logs: a run cut short resumes to exactly the uninterrupted result, and a
log written for another question is refused."""
import json

import pytest

from game.ai.arena import run_arena, strength_table
from game.ai.arena_log import LogMismatch


def _wins(result):
    return dict(result.wins), list(result.side_wins)


def test_resumed_run_equals_uninterrupted_run(tmp_path):
    log = tmp_path / "mineiro.jsonl"
    whole = run_arena("truco_mineiro", 2, ["rule", "random"], 24, seed=5)
    first = run_arena("truco_mineiro", 2, ["rule", "random"], 10, seed=5, log=str(log))
    assert first.played == 10
    with log.open("a") as f:                      # a run killed in the middle of a line
        f.write('{"m": 10, "si')
    resumed = run_arena("truco_mineiro", 2, ["rule", "random"], 24, seed=5, log=str(log), workers=2)
    assert resumed.played == 14 and resumed.matches == 24
    assert _wins(resumed) == _wins(whole)
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["arena"]["bots"] == ["rule", "random"]


@pytest.mark.parametrize("change", [{"seed": 6}, {"kinds": ["random", "rule"]},
                                    {"options": {"triple_tie": "none"}}])
def test_a_log_for_another_run_is_refused(tmp_path, change):
    log = tmp_path / "mineiro.jsonl"
    run_arena("truco_mineiro", 2, ["rule", "random"], 3, seed=5, log=str(log))
    before = log.read_bytes()
    args = {"kinds": ["rule", "random"], "seed": 5, "options": None} | change
    with pytest.raises(LogMismatch):
        run_arena("truco_mineiro", 2, args["kinds"], 5, args["seed"], args["options"], log=str(log))
    assert log.read_bytes() == before


def test_summary_prints_each_line_and_the_cheat_share(tmp_path):
    logs = []
    for kinds, matches in ((["cheat", "random"], 2), (["rule", "random"], 6)):   # a search is slow
        path = tmp_path / f"{kinds[0]}.jsonl"
        run_arena("truco_mineiro", 2, kinds, matches, seed=2, log=str(path))
        logs.append(str(path))
    table = strength_table(logs)
    assert table[0].split()[0] == "game"
    assert any("cheat v random" in line for line in table)
    assert any("rule v random" in line for line in table)


def test_a_table_of_a_folder_shows_each_line_once(tmp_path, capsys):
    """An older log of a line (NAME-at-COMMIT.jsonl) is left out beside the
    line's current log, kept when given alone, and shown with --all."""
    import shutil

    from game.ai.arena_log import current_logs
    from game.cli import main
    current = tmp_path / "truco_mineiro-2p-rule-v-random.jsonl"
    run_arena("truco_mineiro", 2, ["rule", "random"], 4, seed=2, log=str(current))
    older = tmp_path / "truco_mineiro-2p-rule-v-random-at-1234abc.jsonl"
    shutil.copy(current, older)
    alone = tmp_path / "truco_mineiro-2p-random-v-rule-at-1234abc.jsonl"
    run_arena("truco_mineiro", 2, ["random", "rule"], 2, seed=2, log=str(alone))
    paths = sorted(str(p) for p in tmp_path.iterdir())
    assert current_logs(paths) == ([str(alone), str(current)], [str(older)])
    assert current_logs([str(older)]) == ([str(older)], [])

    assert main(["arena-table", *paths]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[2:5] for line in out[1:3]] == [["random", "v", "rule"], ["rule", "v", "random"]]
    assert out[3] == ("1 older log left out (NAME-at-COMMIT.jsonl beside its line's current "
                      "NAME.jsonl); --all shows them too")
    assert len(out) == 4
    assert main(["arena-table", "--all", *paths]) == 0
    out = capsys.readouterr().out.splitlines()
    assert sum("rule v random" in line for line in out) == 2 and len(out) == 4


@pytest.mark.parametrize("players,sides", [(2, 2), (3, 3), (4, 2), (6, 2)])
def test_every_entrant_sits_on_the_first_dealers_side_equally_often(players, sides):
    """The first dealer is not tied to the seating (it was: with seed 1 the first
    entrant never dealt first), and a group of matches deals the same cards."""
    from collections import Counter

    from game.ai.arena import seating, side_of
    for seed in (1, 2):
        dealt_first = Counter()
        for group in range(players):
            seats = [seating(players, sides, group * sides + k, seed) for k in range(sides)]
            assert len({(dealer, deal_seed) for _, dealer, deal_seed in seats}) == 1
            assert sorted(entrants[0] for entrants, _, _ in seats) == list(range(sides))
            for entrants, dealer, _ in seats:
                dealt_first[entrants[side_of(dealer, sides)]] += 1
        assert len(set(dealt_first.values())) == 1 and len(dealt_first) == sides


def test_a_group_of_matches_plays_the_same_deals():
    from game.ai.arena import seating
    from game.games import truco_mineiro as tm
    first = [seating(2, 2, m, 7) for m in (4, 5)]
    deals = []
    for _, dealer, deal_seed in first:
        match = tm.Match(2, dealer, deal_seed, None, None, True)
        deals.append(match.records[0].setup)
    assert deals[0] == deals[1]


def _restamp(log, code):
    lines = log.read_text().splitlines(keepends=True)
    head = json.loads(lines[0])
    head["arena"]["code"] = code
    log.write_text(json.dumps(head) + "\n" + "".join(lines[1:]))


def test_a_log_from_earlier_code_is_adopted_only_if_its_first_matches_repeat(tmp_path):
    """A log whose fingerprint is another code's is refused; ``adopt``
    replays its first matches and, when they repeat exactly, carries it over
    (keeping the old fingerprint in its history), so it resumes to the
    uninterrupted result. A log whose matches play otherwise is left as it was."""
    from game.ai.arena_adopt import adopt
    whole = run_arena("truco_mineiro", 2, ["rule", "random"], 12, seed=5)
    log = tmp_path / "mineiro.jsonl"
    run_arena("truco_mineiro", 2, ["rule", "random"], 6, seed=5, log=str(log))
    _restamp(log, "0123456789abcdef")
    with pytest.raises(LogMismatch):
        run_arena("truco_mineiro", 2, ["rule", "random"], 12, seed=5, log=str(log))

    forged = tmp_path / "forged.jsonl"
    lines = log.read_text().splitlines(keepends=True)
    first = json.loads(lines[1])
    first["entrant"] = 1 - first["entrant"]
    forged.write_text(lines[0] + json.dumps(first) + "\n" + "".join(lines[2:]))
    before = forged.read_bytes()
    adopted, said = adopt(forged, 3)
    assert not adopted and "plays differently" in said and forged.read_bytes() == before

    adopted, said = adopt(log, 3)
    assert adopted, said
    head = json.loads(log.read_text().splitlines()[0])["arena"]
    assert head["adopted_from"] == ["0123456789abcdef"]
    resumed = run_arena("truco_mineiro", 2, ["rule", "random"], 12, seed=5, log=str(log))
    assert resumed.played == 6 and _wins(resumed) == _wins(whole)
