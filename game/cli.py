"""Command line: ``python main.py [command]``.

No command starts the game window. Commands: ``replay`` (drive a match from a
TOML match file, JSON out), ``arena`` (bot against bot), ``bench`` (speed),
``screenshot`` (render a scene to PNG, headless), ``fuzz`` (hostile files
against the replay contract and the game's loaders), ``package deb`` (the Linux
package from the one-folder build).
"""
from __future__ import annotations

import argparse
import os
import sys

EXIT_BAD_INPUT = 2


def _verbs_help() -> str:
    from game.games import built_games, game_module

    parts = ["action verbs of each game (the [[deals]] actions list):"]
    for game_id in built_games():
        module = game_module(game_id)
        parts.append(f"\n{game_id}:")
        parts.extend("  " + line for line in module.VERBS.splitlines())
    return "\n".join(parts)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def cmd_replay(args) -> int:
    from game.commands.replay import replay
    return replay(args.file, args.pretty)


def _options(pairs: list[str]) -> dict:
    """``KEY=VALUE`` options from the command line (ints and booleans read as such)."""
    out: dict = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        low = value.lower()
        if low in ("true", "false"):
            out[key] = low == "true"
        elif value.lstrip("-").isascii() and value.lstrip("-").isdigit():
            out[key] = int(value)
        else:
            out[key] = value
    return out


def cmd_arena(args) -> int:
    from game.ai.arena import run_arena, wilson
    from game.games import game_module

    try:
        module = game_module(args.game)
    except ValueError as exc:
        print(_one_line(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    players = args.players or module.DEFAULT_PLAYERS
    if players not in module.PLAYERS:
        print(f"{args.game} is played by {', '.join(map(str, module.PLAYERS))} players", file=sys.stderr)
        return EXIT_BAD_INPUT
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    try:
        progress = None
        if args.progress:
            def progress(done, wins):
                lo, hi = wilson(wins[0], done)
                print(f"  {done} matches: {kinds[0]} {wins[0]}/{done} ({100 * lo:.0f}-{100 * hi:.0f} %)",
                      file=sys.stderr, flush=True)
        result = run_arena(args.game, players, kinds, args.matches, args.seed,
                           _options(args.option), args.workers, progress, args.log)
    except ValueError as exc:
        print(_one_line(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    for line in result.lines():
        print(line)
    return 0


def cmd_arena_table(args) -> int:
    from game.ai.arena import strength_table
    from game.ai.arena_log import current_logs
    logs, older = (args.logs, []) if args.all else current_logs(args.logs)
    for line in strength_table(logs):
        print(line)
    if older:
        print(f"{len(older)} older log{'s' if len(older) != 1 else ''} left out (NAME-at-COMMIT.jsonl "
              f"beside its line's current NAME.jsonl); --all shows them too")
    return 0


def cmd_arena_adopt(args) -> int:
    from game.ai.arena_adopt import adopt
    adopted, said = adopt(args.log, args.check, args.workers)
    print(said)
    return 0 if adopted else 1


def cmd_arena_compare(args) -> int:
    from game.ai.arena_compare import NotComparable, report
    try:
        lines = report(args.committed, args.changed)
    except NotComparable as exc:
        print(_one_line(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    for line in lines:
        print(line)
    return 0


def _search_variants(args, bench) -> list[tuple[str, int]]:
    """The (game, players) of ``bench.BOT_VARIANTS`` that ``--game`` and
    ``--players`` select; none (said on stderr) where no search bot plays."""
    variants = [(g, p) for g, p, _ in bench.BOT_VARIANTS
                if (not args.game or g == args.game) and (not args.players or p == args.players)]
    if not variants:
        print(f"no search bots for {args.game or 'any game'}"
              + (f" at {args.players} players" if args.players else ""), file=sys.stderr)
    return variants


def cmd_bench(args) -> int:
    if args.ui:
        from game.commands.ui_bench import run_ui_bench
        return run_ui_bench(frames=args.frames)
    from game import bench
    if args.convergence:
        variants = _search_variants(args, bench)
        if not variants:
            return 2
        for game_id, players in variants:
            bench.run_convergence(game_id, players, decisions=args.decisions or 150,
                                  repeats=args.repeats, scale=args.scale)
        return 0
    if args.reading:
        variants = _search_variants(args, bench)
        if not variants:
            return 2
        if args.level not in ("hard", "expert"):
            print(f"--level {args.level}: only the search levels read (hard, expert)",
                  file=sys.stderr)
            return 2
        against = tuple(a.strip() for a in args.against.split(",") if a.strip())
        from game.ai import bot_kinds
        for game_id, _ in variants:
            if not against or any(a not in bot_kinds(game_id) for a in against):
                print(f"--against {args.against}: the levels at {game_id}'s table are "
                      f"{', '.join(bot_kinds(game_id))}", file=sys.stderr)
                return 2
        for game_id, players in variants:
            bench.run_reading(game_id, players, args.level, against, args.decisions or 120)
        return 0
    if args.bots:
        bench.run_bots([args.game] if args.game else None, seconds=args.seconds,
                       decisions=args.decisions or 12)
        return 0

    bench.run([args.game] if args.game else None, seconds=args.seconds)
    return 0


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` for ``--size``."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1920x1080, not {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"window size out of range: {text!r}")
    return w, h


def cmd_screenshot(args) -> int:
    from game.commands.screenshot import take_screenshot
    return take_screenshot(args.scene, args.game, args.lang, args.out, seed=args.seed,
                           players=args.players, size=args.size, section=args.section)


def cmd_fuzz(args) -> int:
    from game.commands.fuzz import run_all
    return run_all(args.seconds, seed=args.seed)


def cmd_play(args) -> int:
    if args.selftest:
        from game.app import configure_logging
        from game.commands.selftest import run_selftest
        configure_logging()
        return run_selftest()
    from game.app import run_app
    return run_app()


def build_parser(verbs_help: bool = True) -> argparse.ArgumentParser:
    from game import __version__

    parser = argparse.ArgumentParser(prog="main.py", description="Taash: card games of the world.")
    parser.add_argument("--version", action="version", version=f"Taash {__version__}")
    parser.add_argument("--selftest", action="store_true",
                        help="open each scene headless, play one bot-only deal of each game, exit")
    sub = parser.add_subparsers(dest="command")

    replay = sub.add_parser("replay", help="play a TOML match file, print JSON",
                            formatter_class=argparse.RawDescriptionHelpFormatter,
                            epilog=_verbs_help() if verbs_help else None)
    replay.add_argument("file", help="the match file (see shared CONTRACT.md)")
    replay.add_argument("--pretty", action="store_true", help="a human-readable account instead of JSON")
    replay.set_defaults(func=cmd_replay)

    arena = sub.add_parser("arena", help="bot-versus-bot matches with win rates")
    arena.add_argument("--game", required=True)
    arena.add_argument("--players", type=int)
    arena.add_argument("--bots", default="rule,random", help="bot levels per side: easy, normal, hard, expert, random, rule, cheat; e.g. hard,normal")
    arena.add_argument("--matches", type=int, default=200)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--workers", type=int, default=1, help="processes (2 uses both cores)")
    arena.add_argument("--progress", action="store_true",
                       help="a line on stderr as matches finish, with the first entrant's wins so far")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a rules option, e.g. --option mode=open (repeatable)")
    arena.add_argument("--log", metavar="FILE.jsonl",
                       help="keep every finished match in this log; a run cut short resumes from it "
                            "(a log written by other code or for other settings is refused)")
    arena.set_defaults(func=cmd_arena)
    summary = sub.add_parser("arena-table", help="the strength table of some arena logs")
    summary.add_argument("logs", nargs="+", metavar="FILE.jsonl")
    summary.add_argument("--all", action="store_true",
                         help="keep the older logs of a line (NAME-at-COMMIT.jsonl) whose current "
                              "log is given too; without it they are left out")
    summary.set_defaults(func=cmd_arena_table)
    adopt = sub.add_parser("arena-adopt", help="carry an arena log over to this code if its first "
                                                "matches play the same here")
    adopt.add_argument("log", metavar="FILE.jsonl")
    adopt.add_argument("--check", type=int, default=4, help="matches replayed and compared")
    adopt.add_argument("--workers", type=int, default=1, help="processes (2 uses both cores)")
    adopt.set_defaults(func=cmd_arena_adopt)

    compare = sub.add_parser("arena-compare", help="a change to a bot judged: two logs of the same "
                                                    "seatings, at the committed and the changed code")
    compare.add_argument("committed", metavar="COMMITTED.jsonl")
    compare.add_argument("changed", metavar="CHANGED.jsonl")
    compare.set_defaults(func=cmd_arena_compare)

    bench = sub.add_parser("bench", help="random-legal deals per second for each game")
    bench.add_argument("--game")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per variant")
    bench.add_argument("--ui", action="store_true", help="the table's frame time instead")
    bench.add_argument("--frames", type=int, default=600)
    bench.add_argument("--bots", action="store_true",
                       help="search bots: playouts/s and Hard/Expert decision times (p95)")
    bench.add_argument("--decisions", type=int,
                       help="decisions per game: timed (--bots, 12), priced (--convergence, 150) "
                            "or read (--reading, 120)")
    bench.add_argument("--convergence", action="store_true",
                       help="search bots: each level's regret against Expert's search at --scale "
                            "times its budget (what a bigger budget would buy)")
    bench.add_argument("--reading", action="store_true",
                       help="search bots: how often a level's sampled worlds put the hidden "
                            "cards in their true hand, with its reading and without")
    bench.add_argument("--level", default="expert", help="the reading level (--reading)")
    bench.add_argument("--against", default="normal,hard",
                       help="the levels at the table being read, comma-separated (--reading)")
    bench.add_argument("--players", type=int,
                       help="player count (--convergence, --reading; default: each)")
    bench.add_argument("--repeats", type=int, default=3, help="seeds per decision (--convergence)")
    bench.add_argument("--scale", type=float, default=5.0,
                       help="the reference's budget over Expert's (--convergence)")
    bench.set_defaults(func=cmd_bench)

    shot = sub.add_parser("screenshot", help="render a scene to PNG, headless")
    shot.add_argument("--scene", required=True)
    shot.add_argument("--game", default="twenty_nine")
    shot.add_argument("--lang", default="en")
    shot.add_argument("--players", type=int)
    shot.add_argument("--seed", type=int, default=7)
    shot.add_argument("--section", help="rules only: open at this section id (e.g. envido)")
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", type=window_size, help="window size in pixels, e.g. 1920x1080 (default 1280x720)")
    shot.set_defaults(func=cmd_screenshot)

    fuzz = sub.add_parser("fuzz", help="mutated match files, saves and settings against the "
                                       "replay contract and the game's loaders")
    fuzz.add_argument("--seconds", type=float, default=60.0, help="total time, shared by the fuzzers")
    fuzz.add_argument("--seed", type=int, default=1)
    fuzz.set_defaults(func=cmd_fuzz)

    package = sub.add_parser("package", help="an installable package made from the one-folder build")
    kinds = package.add_subparsers(dest="kind", required=True)
    from game.commands import package_deb, package_dmg, package_nsis
    package_deb.add_arguments(kinds.add_parser("deb", help="the Linux .deb (dpkg-deb)"))
    package_nsis.add_arguments(kinds.add_parser("nsis", help="the Windows installer (makensis)"))
    package_dmg.add_arguments(kinds.add_parser("dmg", help="the macOS disk image (macOS only)"))
    return parser


def main(argv: list[str]) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:          # output piped into `head` and the like
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


def _main(argv: list[str]) -> int:
    if not argv:                     # the game itself: start the window without delay
        return cmd_play(argparse.Namespace(selftest=False))
    args = build_parser(verbs_help="replay" in argv).parse_args(argv)
    if args.command is None:
        return cmd_play(args)
    return args.func(args)
