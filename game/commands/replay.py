"""``python main.py replay MATCH.toml [--pretty]``: a match file played headless.

JSON (or a readable account) on stdout and exit 0; a malformed file or an
illegal action gives one line on stderr and exit 2, with nothing on stdout
(the contract's rule, which the fuzzers hold the game to).
"""
from __future__ import annotations

import json
import sys

EXIT_BAD_INPUT = 2


def one_line(text) -> str:
    return " ".join(str(text).split())


def replay(path: str, pretty: bool = False) -> int:
    from game.engine.account import pretty_account
    from game.engine.errors import MatchFileError
    from game.engine.matchfile import ReplayError, load_match_file, play_spec, replay_report

    try:
        spec = load_match_file(path)
        match = play_spec(spec)
    except (MatchFileError, ReplayError) as exc:
        print(one_line(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    if pretty:
        print(pretty_account(match))
    else:
        print(json.dumps(replay_report(match), ensure_ascii=False))
    return 0
