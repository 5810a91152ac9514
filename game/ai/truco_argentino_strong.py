"""How a strong player bets at Truco Argentino, 2 players: Expert's other model.

Expert (:meth:`TrucoArgentinoSearch.at_level`) allows that the other seat may
bet as Hard does rather than as the club player of the playouts: in its tree,
in its playouts and in how it reads the other seat's bets. The tables below
are Hard's own bets in seeded 2-player Hard-vs-Hard matches
(``tools/fit_truco_argentino_strong_bets.py`` plays them and prints the tables
again), counted by :func:`bets_seen` at every bet Hard could make:

- ``STRONG_OPEN[(context, band)]``: the chance it opens envido, real envido,
  falta envido (the rest: it does not open), by who speaks (:func:`open_context`)
  and the band of its envido (:func:`env_band`);
- ``STRONG_ENVIDO[(chain, band)]``: answering the envido chain so far, the
  chance it accepts, raises with envido, real envido, falta envido (the rest:
  it refuses);
- ``STRONG_CALL[(step, cards, tenth)]``: the chance it calls the truco step
  (retruco and vale cuatro are one step, 3) with ``cards`` in hand and that
  tenth of its chance of the hand (:func:`truco_key`);
- ``STRONG_ANSWER[(step, cards, tenth)]``: answering a call, the chance it does
  not refuse and the chance it raises.

Bets a rule forces (a refusal that loses the chico, a call that cannot matter)
are neither counted nor read. Cells seen fewer than 10 times are left out:
there the club player bets. Each cell's count is in its comment.
"""
from __future__ import annotations

from game.games.truco_argentino import (ACCEPT, ENV_OPEN, ENVIDO_ANSWER, PLAY_TURN, REJECT,
                                        TRUCO_ANSWER, TRUCO_CALL, envido_refused_value)

STRONG_SHARE = 0.5      # the chance Expert gives that the other seat is such a player
FLOOR = 0.03            # the least likelihood a bet seen is given under the table


def env_band(env: int) -> int:
    """The band of an envido value: 0 below 20, then one for each two points
    (20-21 is 1), 32-33 being 7."""
    return 0 if env < 20 else min(7, (env - 20) // 2 + 1)


def open_context(answering: bool, mano: bool) -> int:
    """Who may open the envido: 0 the mano on its turn, 1 the other seat on
    its turn (the mano did not open), 2 a seat answering the first truco."""
    return 2 if answering else (0 if mano else 1)


def truco_key(step: int, cards: int, chance: float) -> tuple[int, int, int]:
    """The cell of STRONG_CALL and STRONG_ANSWER for a truco step (retruco and
    vale cuatro together) with ``cards`` in hand and ``chance`` of the hand."""
    return min(step, 3), cards, min(9, int(chance * 10))


def bets_seen(mode: int, seat: int, mano: int, level: int, tr_call: int, chain, score, target: int,
              legal, action: str) -> list[tuple[str, object, int]]:
    """The bets ``action`` shows at a decision, as (table, context, outcome):
    ("open", context, 0 none / 1 envido / 2 real / 3 falta), ("call", step,
    0 / 1 called), ("answer", step, 0 refused / 1 accepted / 2 raised),
    ("envido", chain, 0 refused / 1 accepted / 2-4 raised with envido, real,
    falta). The envido opened in answer to a truco leaves the truco unanswered
    (no "answer" then)."""
    out = []
    team = seat & 1
    if mode in (PLAY_TURN, TRUCO_ANSWER) and ENV_OPEN[0] in legal:
        opened = ENV_OPEN.index(action) + 1 if action in ENV_OPEN else 0
        out.append(("open", open_context(mode == TRUCO_ANSWER, seat == mano), opened))
        if opened:
            return out
    if mode == PLAY_TURN:
        call = TRUCO_CALL.get(level + 1)
        if call in legal and target - score[team] > level:
            out.append(("call", level + 1, int(action == call)))
    elif mode == TRUCO_ANSWER:
        if tr_call - 1 < target - score[1 - team]:
            out.append(("answer", tr_call,
                        0 if action == REJECT else (1 if action == ACCEPT else 2)))
    elif mode == ENVIDO_ANSWER:
        if envido_refused_value(chain) < target - score[1 - team]:
            out.append(("envido", "".join(chain),
                        0 if action == REJECT else (1 if action == ACCEPT else 2 + ENV_OPEN.index(action))))
    return out


def outcome_chance(table: str, context, outcome: int, band: int, cards: int = 0,
                   chance: float = 0.0) -> float | None:
    """The table's chance of ``outcome`` (as :func:`bets_seen` names it), or
    None where the table has no such cell."""
    if table == "open":
        p = STRONG_OPEN.get((context, band))
        if p is None:
            return None
        return 1.0 - sum(p) if outcome == 0 else p[outcome - 1]
    if table == "envido":
        p = STRONG_ENVIDO.get((context, band))
        if p is None:
            return None
        return 1.0 - sum(p) if outcome == 0 else p[outcome - 1]
    key = truco_key(context, cards, chance)
    if table == "call":
        p = STRONG_CALL.get(key)
        if p is None:
            return None
        return p if outcome else 1.0 - p
    p = STRONG_ANSWER.get(key)
    if p is None:
        return None
    return (1.0 - p[0], p[0] - p[1], p[1])[outcome]


OUTCOMES = {"open": 4, "envido": 5, "call": 2, "answer": 3}


def draw(table: str, context, band: int, r: float, cards: int = 0, chance: float = 0.0) -> int | None:
    """The outcome a strong player's bet takes for a uniform ``r`` in [0, 1),
    or None where the table has no such cell."""
    last = OUTCOMES[table] - 1
    for k in range(last):
        q = outcome_chance(table, context, k, band, cards, chance)
        if q is None:
            return None
        if r < q:
            return k
        r -= q
    return last


STRONG_OPEN = {
    (0, 0): (0.28, 0.19, 0.02),   # 1335
    (0, 1): (0.06, 0.10, 0.00),   # 250
    (0, 2): (0.61, 0.03, 0.01),   # 287
    (0, 3): (0.99, 0.00, 0.00),   # 383
    (0, 4): (1.00, 0.00, 0.00),   # 475
    (0, 5): (1.00, 0.00, 0.00),   # 296
    (0, 6): (0.00, 0.76, 0.24),   # 171
    (0, 7): (0.00, 0.35, 0.65),   # 93
    (1, 0): (0.18, 0.09, 0.03),   # 233
    (1, 1): (0.00, 0.00, 0.00),   # 40
    (1, 2): (0.00, 0.00, 0.00),   # 42
    (1, 3): (0.86, 0.00, 0.01),   # 71
    (1, 4): (0.87, 0.00, 0.00),   # 85
    (1, 5): (1.00, 0.00, 0.00),   # 57
    (1, 6): (0.03, 0.80, 0.17),   # 40
    (1, 7): (0.00, 0.69, 0.31),   # 13
    (2, 0): (0.21, 0.09, 0.01),   # 155
    (2, 1): (0.00, 0.00, 0.00),   # 25
    (2, 2): (0.00, 0.00, 0.00),   # 27
    (2, 3): (0.96, 0.00, 0.02),   # 49
    (2, 4): (1.00, 0.00, 0.00),   # 46
    (2, 5): (1.00, 0.00, 0.00),   # 41
    (2, 6): (0.00, 0.90, 0.10),   # 21
    (2, 7): (0.00, 0.47, 0.53),   # 15
}
STRONG_ENVIDO = {
    ('E', 0): (0.00, 0.32, 0.38, 0.06),   # 981
    ('E', 1): (0.00, 0.29, 0.34, 0.01),   # 220
    ('E', 2): (0.00, 0.25, 0.32, 0.05),   # 202
    ('E', 3): (0.12, 0.18, 0.25, 0.08),   # 170
    ('E', 4): (0.97, 0.00, 0.02, 0.01),   # 262
    ('E', 5): (0.54, 0.41, 0.00, 0.04),   # 135
    ('E', 6): (0.01, 0.01, 0.38, 0.60),   # 90
    ('E', 7): (0.00, 0.02, 0.00, 0.98),   # 46
    ('EE', 0): (0.00, 0.00, 0.95, 0.02),   # 113
    ('EE', 2): (0.00, 0.00, 1.00, 0.00),   # 29
    ('EE', 3): (0.00, 0.00, 0.98, 0.02),   # 131
    ('EE', 4): (0.05, 0.00, 0.91, 0.03),   # 146
    ('EE', 5): (0.57, 0.00, 0.27, 0.16),   # 93
    ('EER', 0): (0.00, 0.00, 0.00, 0.21),   # 256
    ('EER', 1): (0.02, 0.00, 0.00, 0.19),   # 53
    ('EER', 2): (0.02, 0.00, 0.00, 0.17),   # 42
    ('EER', 3): (0.29, 0.00, 0.00, 0.29),   # 24
    ('EER', 5): (0.68, 0.00, 0.00, 0.32),   # 47
    ('EERF', 0): (0.08, 0.00, 0.00, 0.00),   # 26
    ('EERF', 3): (0.76, 0.00, 0.00, 0.00),   # 29
    ('EERF', 4): (0.93, 0.00, 0.00, 0.00),   # 28
    ('EF', 0): (0.03, 0.00, 0.00, 0.00),   # 37
    ('EF', 2): (0.25, 0.00, 0.00, 0.00),   # 24
    ('EF', 3): (0.34, 0.00, 0.00, 0.00),   # 44
    ('EF', 4): (0.65, 0.00, 0.00, 0.00),   # 49
    ('EF', 5): (0.96, 0.00, 0.00, 0.00),   # 26
    ('ER', 0): (0.00, 0.00, 0.00, 0.47),   # 123
    ('ER', 2): (0.10, 0.00, 0.00, 0.38),   # 42
    ('ER', 3): (0.48, 0.00, 0.00, 0.38),   # 128
    ('ER', 4): (0.75, 0.00, 0.00, 0.25),   # 181
    ('ER', 5): (0.62, 0.00, 0.00, 0.37),   # 120
    ('ERF', 0): (0.02, 0.00, 0.00, 0.00),   # 101
    ('ERF', 1): (0.12, 0.00, 0.00, 0.00),   # 17
    ('ERF', 2): (0.09, 0.00, 0.00, 0.00),   # 11
    ('ERF', 6): (1.00, 0.00, 0.00, 0.00),   # 14
    ('F', 0): (0.02, 0.00, 0.00, 0.00),   # 63
    ('F', 1): (0.19, 0.00, 0.00, 0.00),   # 16
    ('F', 2): (0.33, 0.00, 0.00, 0.00),   # 15
    ('F', 3): (0.40, 0.00, 0.00, 0.00),   # 20
    ('F', 4): (0.33, 0.00, 0.00, 0.00),   # 18
    ('R', 0): (0.00, 0.00, 0.00, 0.44),   # 257
    ('R', 1): (0.00, 0.00, 0.00, 0.38),   # 60
    ('R', 2): (0.07, 0.00, 0.00, 0.40),   # 43
    ('R', 3): (0.36, 0.00, 0.00, 0.34),   # 44
    ('R', 4): (0.91, 0.00, 0.00, 0.08),   # 66
    ('R', 5): (0.89, 0.00, 0.00, 0.11),   # 35
    ('R', 6): (0.77, 0.00, 0.00, 0.23),   # 26
    ('R', 7): (0.00, 0.00, 0.00, 1.00),   # 16
    ('RF', 0): (0.06, 0.00, 0.00, 0.00),   # 100
    ('RF', 1): (0.08, 0.00, 0.00, 0.00),   # 12
    ('RF', 6): (1.00, 0.00, 0.00, 0.00),   # 55
    ('RF', 7): (1.00, 0.00, 0.00, 0.00),   # 25
}
STRONG_CALL = {
    (2, 1, 0): 0.67,   # 223
    (2, 1, 1): 0.27,   # 30
    (2, 1, 2): 0.07,   # 14
    (2, 1, 5): 0.28,   # 32
    (2, 1, 6): 0.02,   # 65
    (2, 1, 7): 0.04,   # 51
    (2, 1, 9): 1.00,   # 49
    (2, 2, 0): 0.00,   # 124
    (2, 2, 1): 0.39,   # 133
    (2, 2, 2): 0.45,   # 159
    (2, 2, 3): 0.41,   # 143
    (2, 2, 4): 0.04,   # 130
    (2, 2, 5): 0.04,   # 154
    (2, 2, 6): 0.03,   # 125
    (2, 2, 7): 0.62,   # 61
    (2, 2, 8): 0.94,   # 81
    (2, 2, 9): 1.00,   # 26
    (2, 3, 0): 0.23,   # 252
    (2, 3, 1): 0.41,   # 320
    (2, 3, 2): 0.44,   # 404
    (2, 3, 3): 0.31,   # 439
    (2, 3, 4): 0.06,   # 550
    (2, 3, 5): 0.08,   # 549
    (2, 3, 6): 0.21,   # 531
    (2, 3, 7): 0.85,   # 577
    (2, 3, 8): 0.99,   # 597
    (2, 3, 9): 1.00,   # 409
    (3, 1, 0): 0.93,   # 344
    (3, 1, 1): 0.24,   # 66
    (3, 1, 2): 0.05,   # 61
    (3, 1, 3): 0.05,   # 74
    (3, 1, 5): 0.32,   # 50
    (3, 1, 6): 0.00,   # 70
    (3, 1, 7): 0.02,   # 64
    (3, 1, 9): 1.00,   # 87
    (3, 2, 0): 0.00,   # 174
    (3, 2, 1): 0.17,   # 95
    (3, 2, 2): 0.16,   # 98
    (3, 2, 3): 0.19,   # 150
    (3, 2, 4): 0.00,   # 24
    (3, 2, 5): 0.15,   # 102
    (3, 2, 6): 0.22,   # 147
    (3, 2, 7): 0.44,   # 135
    (3, 2, 8): 0.57,   # 160
    (3, 2, 9): 0.71,   # 52
    (3, 3, 0): 0.08,   # 25
    (3, 3, 1): 0.13,   # 46
    (3, 3, 2): 0.04,   # 28
    (3, 3, 3): 0.11,   # 36
    (3, 3, 4): 0.15,   # 65
    (3, 3, 5): 0.13,   # 98
    (3, 3, 6): 0.26,   # 112
    (3, 3, 7): 0.52,   # 193
    (3, 3, 8): 0.80,   # 176
    (3, 3, 9): 1.00,   # 23
}
STRONG_ANSWER = {
    (2, 0, 1): (0.00, 0.00),   # 22
    (2, 0, 2): (0.00, 0.00),   # 12
    (2, 0, 5): (0.18, 0.00),   # 22
    (2, 0, 6): (0.89, 0.03),   # 65
    (2, 0, 7): (0.98, 0.02),   # 50
    (2, 1, 2): (1.00, 0.00),   # 12
    (2, 1, 3): (1.00, 0.04),   # 27
    (2, 1, 4): (1.00, 0.06),   # 32
    (2, 1, 5): (1.00, 0.00),   # 25
    (2, 1, 6): (1.00, 0.00),   # 18
    (2, 2, 0): (0.00, 0.00),   # 86
    (2, 2, 1): (0.05, 0.05),   # 132
    (2, 2, 2): (0.04, 0.03),   # 138
    (2, 2, 3): (0.22, 0.06),   # 161
    (2, 2, 4): (0.68, 0.01),   # 202
    (2, 2, 5): (0.99, 0.01),   # 186
    (2, 2, 6): (1.00, 0.01),   # 171
    (2, 2, 7): (1.00, 0.03),   # 30
    (2, 3, 0): (0.00, 0.00),   # 51
    (2, 3, 1): (0.02, 0.02),   # 128
    (2, 3, 2): (0.19, 0.02),   # 130
    (2, 3, 3): (0.39, 0.01),   # 160
    (2, 3, 4): (0.94, 0.01),   # 160
    (2, 3, 5): (0.96, 0.00),   # 163
    (2, 3, 6): (1.00, 0.01),   # 171
    (2, 3, 7): (1.00, 0.00),   # 150
    (2, 3, 8): (1.00, 0.54),   # 116
    (2, 3, 9): (1.00, 0.98),   # 60
    (3, 0, 0): (0.00, 0.00),   # 41
    (3, 0, 1): (0.03, 0.00),   # 29
    (3, 0, 2): (0.09, 0.00),   # 11
    (3, 0, 3): (0.67, 0.00),   # 18
    (3, 0, 6): (0.92, 0.23),   # 13
    (3, 0, 7): (1.00, 0.29),   # 17
    (3, 0, 8): (1.00, 0.59),   # 95
    (3, 0, 9): (1.00, 0.45),   # 142
    (3, 1, 0): (0.01, 0.01),   # 141
    (3, 1, 1): (0.20, 0.00),   # 10
    (3, 1, 5): (1.00, 0.00),   # 11
    (3, 1, 6): (1.00, 0.00),   # 19
    (3, 1, 7): (1.00, 0.00),   # 31
    (3, 1, 8): (1.00, 0.23),   # 61
    (3, 1, 9): (1.00, 0.34),   # 88
    (3, 2, 0): (0.02, 0.02),   # 52
    (3, 2, 1): (0.17, 0.08),   # 71
    (3, 2, 2): (0.20, 0.06),   # 66
    (3, 2, 3): (0.36, 0.15),   # 72
    (3, 2, 4): (1.00, 0.27),   # 11
    (3, 2, 5): (1.00, 0.09),   # 11
    (3, 2, 7): (1.00, 0.08),   # 71
    (3, 2, 8): (1.00, 0.07),   # 76
    (3, 2, 9): (1.00, 0.59),   # 70
    (3, 3, 1): (0.31, 0.23),   # 26
    (3, 3, 2): (0.26, 0.26),   # 19
    (3, 3, 3): (0.58, 0.33),   # 12
    (3, 3, 7): (1.00, 0.05),   # 39
    (3, 3, 8): (1.00, 0.04),   # 100
    (3, 3, 9): (1.00, 0.32),   # 65
}

