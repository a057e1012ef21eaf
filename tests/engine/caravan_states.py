"""Hand-made Caravan states for the engine tests (imported by name: tests/engine is on sys.path).

Board facts (data/caravan/board.yaml), cells (row, column): cities meat (2,3), swords (3,4),
salt (4,3), hides (3,2), ivory (0,3), cloth (3,6), gems (6,3), paper (3,0); supply spaces
1 (0,0), 2 (0,6), 3 (1,4), 4 (2,1), 5 (4,5), 6 (5,2), 7 (6,0), 8 (6,6).
"""

from __future__ import annotations

import pytest

from pnp.games.caravan import engine as C
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.variant import Variant


# Fixtures for the Caravan rule tests (a test module imports them by name beside the helpers):
# the model, and a fresh 3-player game at seed 11.
@pytest.fixture(scope="module")
def game():
    return load_game("caravan", data_dir())


@pytest.fixture
def state(game):
    return C.new_game(game, Variant(3), seed=11)


def sp(state, row, column):
    """The space index of a cell."""
    return row * state.T.columns + column


def gid(state, good):
    return state.T.goods.index(good)


def arrange(state, *, cur=0, camels=None, board=None, demand=None, bag=None, theft=None, delivered=None,
            demand_held=None, actions=4, turn=9, rest_to=None):
    """Put a set-up state into a hand-made position and keep every count consistent.

    ``camels``: {seat: [(row, column) or None (reserve), good or None, locked?]} for the
    seats listed (their other camels go to the reserve, unladen); ``board``: {supply
    number: good or None} (unlisted spaces emptied); ``demand``: {supply number: markers};
    ``bag``: {good: n} (default: every good not placed elsewhere); goods neither placed nor in
    ``bag`` are counted as delivered by seat ``rest_to`` (default: the last seat).  ``theft``: markers per seat.
    """
    T = state.T
    n = state.players
    state.pos = [[-1] * state.ncamels for _ in range(n)]
    state.load = [[-1] * state.ncamels for _ in range(n)]
    state.locked = [[False] * state.ncamels for _ in range(n)]
    for seat, rows in (camels or {}).items():
        for i, entry in enumerate(rows):
            cell, good = entry[0], entry[1]
            state.pos[seat][i] = -1 if cell is None else sp(state, *cell)
            state.load[seat][i] = -1 if good is None else gid(state, good)
            state.locked[seat][i] = bool(entry[2]) if len(entry) > 2 else False
    state.occ = [0] * T.N
    for seat in range(n):
        for s in state.pos[seat]:
            if s >= 0:
                state.occ[s] += 1
    state.board = [-1] * len(T.supply)
    for number, good in (board or {}).items():
        state.board[number - 1] = -1 if good is None else gid(state, good)
    state.on_board = sum(1 for g in state.board if g >= 0)
    state.demand = [0] * len(T.supply)
    for number, markers in (demand or {}).items():
        state.demand[number - 1] = markers
    state.delivered = [[0] * T.G for _ in range(n)]
    for seat, goods in (delivered or {}).items():
        state.delivered[seat] = [goods.get(g, 0) for g in T.goods]
    placed = [0] * T.G
    for g in state.board:
        if g >= 0:
            placed[g] += 1
    for seat in range(n):
        for g in state.load[seat]:
            if g >= 0:
                placed[g] += 1
        for g in range(T.G):
            placed[g] += state.delivered[seat][g]
    free = [state.total[g] - placed[g] for g in range(T.G)]
    assert min(free) >= 0, f"more goods arranged than exist: {free}"
    if bag is None:
        state.bag = free
    else:
        state.bag = [bag.get(g, 0) for g in T.goods]
        rest = [f - b for f, b in zip(free, state.bag)]
        assert min(rest) >= 0, "more goods in the bag than exist"
        sink = n - 1 if rest_to is None else rest_to
        for g in range(T.G):  # the rest counts as delivered by seat sink
            state.delivered[sink][g] += rest[g]
    state.bag_size = sum(state.bag)
    state.end_triggered = state.bag_size == 0
    state.demand_held = list(demand_held or [0] * n)
    state.demand_free = T.demand_total - sum(state.demand) - sum(state.demand_held)
    state.theft = list(theft if theft is not None else [T.rules.theft_markers_each] * n)
    state.cur = cur
    state.phase = C.PH_ACT
    state.sel = -1
    state.turn_count = turn
    state.actions_left = actions
    state.acted = False
    state.passes = 0
    state.check_invariants()
    return state


def place(state, frm, to):
    """The two moves that place player cur's unladen camel from ``frm`` (cell or None for
    the reserve) onto cell ``to``."""
    f = -1 if frm is None else sp(state, *frm)
    return [(C.K_CAMEL, f), (C.K_TO, sp(state, *to))]


def play(state, *moves):
    """Apply ``moves`` in order: each must be legal in the state it meets, and the state
    keeps its invariants after each."""
    for m in moves:
        assert m in state.legal_moves(), (state.describe(m) if m[0] != C.K_TO else m, state.legal_moves())
        state.apply(m)
        state.check_invariants()
