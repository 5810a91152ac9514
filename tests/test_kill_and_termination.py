"""Kills during the autosave, and matches that must end.

* A bot match autosaving after every action is killed with SIGKILL at random moments a few
  dozen times; each restart finds a save that opens (the match goes on from it) and no
  temporary file survives the restart.
* Random-legal matches of every game, player count and mode end within a bounded number of
  actions; Buraco's one-card pile rule and its safety net are checked on their own.
"""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.commands.fuzz import variants
from game.games import buraco as bu
from game.games import game_module
from game.session import Session
from game.storage import AUTOSAVE_FILE, TEMP_NAME

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys
from pathlib import Path
from game.session import Session, SeatConfig
home = Path(sys.argv[1])
path = home / "autosave.toml"
session = Session.load(path) if path.exists() else None
if session is None:
    session = Session.new("buraco", 4, {"mode": "open"}, [SeatConfig(f"B{i}", False) for i in range(4)],
                          seed=11, dealer=0)
print(sum(len(r.actions) for r in session.match.records), flush=True)
while not session.match.finished:
    seat = session.match.to_act
    session.match.apply(session.bot_action(seat))
    session.save(path)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_autosave_never_costs_the_match(tmp_path):
    from game.app import App
    rng = random.Random(5)
    played = []
    for i in range(30):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT,
                                 stdout=subprocess.PIPE, text=True)
        resumed_at = int(child.stdout.readline())       # loaded (or started) and playing
        played.append(resumed_at)
        time.sleep(rng.uniform(0.01, 0.25))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        if i % 10 == 9:                                  # the real start-up, every tenth time
            app = App(pref_dir=tmp_path, headless=True)
            assert app.running
        else:
            from game.storage import clean_temp_files
            clean_temp_files(tmp_path)
        leftovers = [p.name for p in tmp_path.iterdir() if TEMP_NAME.fullmatch(p.name)]
        assert leftovers == [], leftovers
        assert not [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
        session = Session.load(tmp_path / AUTOSAVE_FILE)
        assert session is not None
    assert played == sorted(played) and played[-1] > played[0]   # each resume went on from the last


def random_match_actions(game_id, players, options, seed, limit):
    match = game_module(game_id).Match(players, seed % players, seed, options, None, False)
    rng = random.Random(seed)
    n = 0
    longest = 0
    deal, start = match.deal_index, 0
    while not match.finished and n < limit:
        match.apply(rng.choice(match.legal_actions()))
        n += 1
        if match.deal_index != deal:
            longest = max(longest, n - start)
            deal, start = match.deal_index, n
    return match, n, longest


# Actions a whole random-legal match may take, and one deal of it.
MATCH_LIMIT = 30000
DEAL_LIMIT = {"buraco": 4000}
# Random players' Buraco scores are a random walk (a hand may score below zero for both
# sides), so a match to 2000 may take hundreds of hands; every hand is bounded (the stock,
# and the safety net), and matches to a lower target are played to their end here.
TEST_OPTIONS = {"buraco": {"target": 500}}


@pytest.mark.parametrize("game_id,players,options", variants(),
                         ids=[f"{g}-{p}-{o.get('mode', '')}" for g, p, o in variants()])
def test_random_legal_matches_end(game_id, players, options):
    options = {**options, **TEST_OPTIONS.get(game_id, {})}
    for seed in range(4):
        match, n, longest = random_match_actions(game_id, players, options, seed, MATCH_LIMIT)
        assert match.finished, (game_id, players, options, seed, n)
        assert longest <= DEAL_LIMIT.get(game_id, 400)


@pytest.mark.parametrize("mode", ["open", "open_dirty", "closed"])
def test_random_buraco_hands_end_at_the_full_target(mode):
    """At the default target, 60 random-legal hands: each one ends, none runs long."""
    match = bu.Match(4, 0, 21, {"mode": mode}, None, False)
    rng = random.Random(21)
    n, start, deal = 0, 0, 0
    while match.deal_index < 60 and not match.finished:
        match.apply(rng.choice(match.legal_actions()))
        n += 1
        if match.deal_index != deal:
            assert n - start <= DEAL_LIMIT["buraco"]
            deal, start = match.deal_index, n
    assert match.deal_index >= 1


def open_match(players=4, **options):
    options = {"mode": "open", **options}
    return bu.Match(players, 0, 3, options)


def test_one_card_pile_taken_may_not_be_discarded_back():
    m = open_match()
    m.apply("draw")
    m.apply(next(a for a in m.legal_actions() if a.startswith("discard ")))
    card = m.pile[-1]
    name = bu.NAMES[card]
    m.apply("take-discard")
    assert m.hands[m.turn][card] < m.hsize[m.turn]       # he holds other cards to discard
    assert f"discard {name}" not in m.legal_actions()
    assert any(a.startswith("discard ") for a in m.legal_actions())
    why = m.why_illegal(f"discard {name}")
    assert why is not None and why.reason_key == "discard_taken"
    m.apply(next(a for a in m.legal_actions() if a.startswith("discard ")))
    assert m.banned == -1                                 # the next seat is free again


def test_a_hand_of_nothing_but_the_taken_card_may_discard_it():
    m = open_match(players=2)
    seat = m.turn
    m.hands[seat] = [0] * bu.KINDS
    m.smask[seat] = [0, 0, 0, 0]
    m.rcount[seat] = [0] * 13
    m.hsize[seat] = 0
    five_h = bu.DECK.index["5H"]
    m._give(seat, five_h)
    m.pile = [five_h]
    m._legal_cache = None
    m.apply("take-discard")
    assert m.legal_actions() == ["discard 5H"]            # never a dead end


def test_with_the_option_off_the_card_may_go_back():
    m = open_match(no_discard_taken=False)
    m.apply("draw")
    m.apply(next(a for a in m.legal_actions() if a.startswith("discard ")))
    name = bu.NAMES[m.pile[-1]]
    m.apply("take-discard")
    assert f"discard {name}" in m.legal_actions()


def test_endless_take_and_discard_ends_the_hand_as_a_stock_exhaustion():
    """The option off (the old loop allowed): every seat takes the pile and discards
    what it took; the safety net ends the hand after STALL_TURNS turns, nobody closing."""
    m = open_match(no_discard_taken=False)
    m.apply("draw")
    m.apply(next(a for a in m.legal_actions() if a.startswith("discard ")))
    stock = len(m.stock)
    turns = 0
    while m.deal_index == 0:
        m.apply("take-discard")
        m.apply(f"discard {bu.NAMES[m.must if m.must >= 0 else m.log[-1][3]]}")
        turns += 1
        assert turns <= bu.STALL_TURNS
    assert turns == bu.STALL_TURNS and len(m.records[0].actions) == 2 + 2 * bu.STALL_TURNS
    events = [e for e in m.records[0].events if e.kind == "stock exhausted"]
    assert events and events[0].data["stalled"] == bu.STALL_TURNS
    assert m.records[0].info["closed_by"] is None and stock > 0


def test_drawing_from_the_stock_restarts_the_count():
    m = open_match(no_discard_taken=False)
    for _ in range(bu.STALL_TURNS * 3):
        m.apply("draw")
        m.apply(next(a for a in m.legal_actions() if a.startswith("discard ")))
        assert m.still == 0
        if m.deal_index:
            break
