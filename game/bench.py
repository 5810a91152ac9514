"""Speed benchmarks that print numbers (``python main.py bench``).

Random-legal playouts through the real match protocol, one process, one
core: the budget every search bot lives on.
"""
from __future__ import annotations

import random
import time

from game.games import built_games, game_module

# (game, variant label, players, options)
VARIANTS = [
    ("twenty_nine", "4p", 4, {}),
    ("tute", "2p", 2, {}),
    ("tute", "3p", 3, {}),
    ("tute", "4p", 4, {}),
    ("truco_argentino", "2p", 2, {}),
    ("truco_argentino", "4p", 4, {}),
    ("truco_argentino", "6p", 6, {}),
    ("truco_mineiro", "2p", 2, {}),
    ("truco_mineiro", "4p", 4, {}),
    ("buraco", "2p-closed", 2, {"mode": "closed"}),
]


def random_deals_per_second(game_id: str, players: int, options: dict, seconds: float,
                            seed: int = 1) -> tuple[int, float]:
    """Count deals played to their end by random-legal play for ``seconds``."""
    module = game_module(game_id)
    rng = random.Random(seed)
    choice = rng.choice
    deals = 0
    match_no = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        match = module.Match(players, match_no % players, seed + match_no, options, None, False)
        match_no += 1
        index = match.deal_index
        for _ in range(200):          # deals per match at most, then check the clock
            while match.deal_index == index and not match.finished:
                match.apply(choice(match.legal_actions()))
            deals += 1
            if match.finished:
                break
            index = match.deal_index
    return deals, time.perf_counter() - start


def run(games: list[str] | None = None, seconds: float = 2.0, out=print) -> list[tuple]:
    available = set(built_games())
    rows = []
    for game_id, label, players, options in VARIANTS:
        if game_id not in available or (games and game_id not in games):
            continue
        deals, elapsed = random_deals_per_second(game_id, players, options, seconds)
        rate = deals / elapsed
        rows.append((game_id, label, rate))
        out(f"{game_id} {label} {rate:.0f} deals/s")
    return rows


# ----- search bots ------------------------------------------------------------------
BOT_VARIANTS = [
    ("twenty_nine", 4, {}),
    ("tute", 2, {}),
    ("tute", 3, {}),
    ("tute", 4, {}),
    ("truco_argentino", 2, {}),
    ("truco_argentino", 4, {}),
    ("truco_argentino", 6, {}),
    ("truco_mineiro", 2, {}),
    ("truco_mineiro", 4, {}),
    ("buraco", 2, {}),
    ("buraco", 4, {}),
]


def decision_views(game_id: str, players: int, options: dict, count: int, seed: int = 7,
                   max_matches: int = 20) -> list[dict]:
    """``count`` real decisions (more than one legal action) from seeded
    matches played by the rule bot, spread over every phase of the deals
    (at most ``max_matches`` matches, their first three deals)."""
    from game.ai import make_bot
    module = game_module(game_id)
    views: list[dict] = []
    match_no = 0
    while len(views) < count and match_no < max_matches:
        match = module.Match(players, match_no % players, seed + match_no, options, None, False)
        bots = [make_bot("normal", game_id, seed * 10 + s) for s in range(players)]
        step = 0
        while not match.finished and len(views) < count and match.deal_index < 3:
            seat = match.to_act
            view = match.view(seat)
            if len(view["legal"]) > 1 and step % 3 == 0:
                views.append(view)
            step += 1
            match.apply(bots[seat].choose(view))
        match_no += 1
    return views


def playouts_per_second(game, views: list[dict], seconds: float, seed: int = 3) -> float:
    """Determinized playouts a second on one core: sample worlds for each
    view (counted in the time), then clone a world and play it out to the end
    of the deal with the game's playout policy, over and over."""
    from game.ai.search.worlds import sample_worlds
    rng = random.Random(seed)
    per_view = seconds / max(1, len(views))
    playouts = 0
    start = time.perf_counter()
    for view in views:
        t0 = time.perf_counter()
        worlds = sample_worlds(game, view, rng, 40)
        if not worlds:
            continue
        deal = view["deal_index"]
        limit = game.playout_limit
        i = 0
        while time.perf_counter() - t0 < per_view:
            for _ in range(20):
                world = worlds[i % len(worlds)].clone()
                i += 1
                steps = 0
                while not world.deal_over_since(deal) and (limit is None or steps < limit):
                    world.apply_fast(game.playout_action(world, rng))
                    steps += 1
                game.outcome(world, view)
                playouts += 1
    return playouts / (time.perf_counter() - start)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))] if ordered else 0.0


def run_bots(games: list[str] | None = None, seconds: float = 2.0, decisions: int = 12,
             out=print) -> list[tuple]:
    """One line per game and player count: playouts/s and the p95 decision
    time of Hard and Expert over ``decisions`` seeded decisions."""
    from game.ai import has_search, make_bot, search_game
    rows = []
    for game_id, players, options in BOT_VARIANTS:
        if (games and game_id not in games) or not has_search(game_id):
            continue
        views = decision_views(game_id, players, options, decisions)
        rate = playouts_per_second(search_game(game_id), views, seconds)
        times = {}
        for level in ("hard", "expert"):
            bot = make_bot(level, game_id, 11)
            spent = []
            for view in views:
                t0 = time.perf_counter()
                bot.choose(view)
                spent.append(time.perf_counter() - t0)
            times[level] = (p95(spent), sorted(spent)[len(spent) // 2] if spent else 0.0)
        rows.append((game_id, players, rate, times))
        out(f"{game_id} {players}p playouts/s {rate:.0f} hard p95 {times['hard'][0]:.2f} s "
            f"expert p95 {times['expert'][0]:.2f} s   (median hard {times['hard'][1]:.2f} s, "
            f"expert {times['expert'][1]:.2f} s; {len(views)} decisions)")
    return rows


def run_convergence(game_id: str, players: int, decisions: int = 150, repeats: int = 3,
                    scale: float = 5.0, levels: tuple = ("normal", "hard", "expert"),
                    out=print) -> dict:
    """What a bigger budget would buy (:mod:`game.ai.convergence`): each
    level's mean regret against Expert's search at ``scale`` times its budget,
    over ``decisions`` seeded decisions, each chosen with ``repeats`` seeds;
    then Hard's regret minus Expert's on the same decisions."""
    from game.ai.convergence import level_regret, paired_difference, reference_values
    views = decision_views(game_id, players, {}, decisions, max_matches=400)
    t0 = time.perf_counter()
    refs = reference_values(game_id, views, scale)
    unpriced = sum(not r for r in refs)       # settled without a search (Buraco's routine lays)
    out(f"convergence {game_id} {players}p: {len(views) - unpriced} decisions, {repeats} seed"
        f"{'s' if repeats != 1 else ''} each; reference Expert's search at {scale:g}x its budget"
        + (f"; {unpriced} more settled without a search, left out" if unpriced else "")
        + f" ({time.perf_counter() - t0:.0f} s)")
    found = {}
    for level in levels:
        t0 = time.perf_counter()
        found[level] = res = level_regret(game_id, level, views, refs, repeats)
        out(f"  {level:<7} mean regret {res.mean:.4f}   reference's best {res.best}/{len(res.regrets)}"
            f"   regret > 0.02: {res.costly()}   ({time.perf_counter() - t0:.0f} s)")
    if "hard" in found and "expert" in found:
        diff, se = paired_difference(found["hard"], found["expert"], repeats)
        out(f"  hard - expert: {diff:+.4f} +- {se:.4f} (standard error over the decisions)")
    return found


def run_reading(game_id: str, players: int, level: str = "expert",
                against: tuple = ("normal", "hard"), decisions: int = 120, out=print) -> list:
    """How well ``level`` reads the hidden cards (:mod:`game.ai.reading`) at a
    table of each of ``against``: the share of the other seats' cards its
    worlds put in their true hand, with its reading and without inference
    from play, over ``decisions`` seeded decisions."""
    from game.ai.reading import measure
    found = []
    for table in against:
        t0 = time.perf_counter()
        res = measure(game_id, players, level, table, decisions)
        found.append(res)
        n = len(res.read)
        if not n:
            out(f"reading {game_id} {players}p, {level} at a table of {table}: no decision with "
                "hidden cards")
            continue
        head = (f"reading {game_id} {players}p, {level} at a table of {table}: {n} decisions, "
                f"hidden cards in their true hand {100 * sum(res.read) / n:.1f} % read")
        if res.controlled:
            gain, se = res.gain
            tail = (f", {100 * sum(res.unread) / n:.1f} % unread: {100 * gain:+.1f} +- "
                    f"{100 * se:.1f} points")
        else:
            tail = " (the game reads the others while dealing its worlds: no unread control)"
        out(head + tail + f"  ({time.perf_counter() - t0:.0f} s)")
    return found
