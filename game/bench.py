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
