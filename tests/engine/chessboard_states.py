"""Hand-made CARAVAN on a chessboard states for the engine tests (tests/engine is on sys.path)."""

from __future__ import annotations

from pnp.games.caravan_chessboard import engine as C


def sq(state, row: int, column: int) -> int:
    """Square index of a 1-based (row, column)."""
    return state.T.square(row, column)


def arrange(state, *, cur=0, pos=None, bandits=(4, 4), sandstorm=(4, 5), hands=None, cars=None, pile=None,
            oasis=(), quicksand=(), gold=None):
    """Put a set-up state into a hand-made position between turns and keep it consistent.

    ``pos``: {seat: (row, column)}; ``bandits``/``sandstorm``: (row, column); ``hands``,
    ``cars`` (caravans), ``pile`` (discard): {seat: {type id: n}} / {type id: n}; every
    other card is in the deck.  ``oasis``/``quicksand``: the only marker squares.
    ``gold``: {seat: n} (the bank's books follow).  The phase is left to the caller.
    """
    T = state.T
    ti = {tid: i for i, tid in enumerate(T.type_ids)}
    P = state.players
    for h in state.hands:
        h[:] = [0] * T.T
    for c in state.cars:
        c[:] = [0] * T.T
    for seat, cards in (hands or {}).items():
        for tid, n in cards.items():
            state.hands[seat][ti[tid]] = n
    for seat, cards in (cars or {}).items():
        for tid, n in cards.items():
            state.cars[seat][ti[tid]] = n
    state.pile[:] = [0] * T.T
    for tid, n in (pile or {}).items():
        state.pile[ti[tid]] = n
    state.hand_n = [sum(h) for h in state.hands]
    state.car_n = [sum(c) for c in state.cars]
    state.pending = []
    state.deck[:] = [T.total[t] - state.pile[t] - sum(h[t] for h in state.hands) - sum(c[t] for c in state.cars)
                     for t in range(T.T)]
    assert min(state.deck) >= 0, f"more cards arranged than exist: {state.deck}"
    state.deck_n, state.pile_n = sum(state.deck), sum(state.pile)
    state.oasis[:] = [False] * T.squares
    state.quick[:] = [False] * T.squares
    for r, c in oasis:
        state.oasis[sq(state, r, c)] = True
    for r, c in quicksand:
        state.quick[sq(state, r, c)] = True
    state.occ[:] = [-1] * T.squares
    state.pos = [-1] * P
    for seat, (r, c) in (pos or {}).items():
        state.pos[seat] = sq(state, r, c)
        state.occ[state.pos[seat]] = seat
    state.bandits = sq(state, *bandits)
    state.sandstorm = sq(state, *sandstorm)
    state.occ[state.bandits] = P
    state.occ[state.sandstorm] = P + 1
    state._rebuild_blocked()
    state.gold = [0] * P
    for seat, n in (gold or {}).items():
        state.gold[seat] = n
    state.paid = sum(state.gold) - T.rules.start_gold * P
    state.cur = cur
    state.turn_count = max(state.turn_count, 1)
    state.desert_first = state.desert_done = state.moved = False
    state.bandits_used = state.sandstorm_used = 0
    state.rob_queue = []
    state.partners = ()
    state.checked_turn = -1
    return state


def at_move_phase(state):
    """Enter the current player's Move phase (as after the Buy phase)."""
    state._to_move()
    return state


def squares(state, moves, kind=C.K_MOVE):
    """The (row, column) landing squares of the moves of ``kind`` in ``moves``."""
    T = state.T
    return {(T.row_of[m[2]], T.col_of[m[2]]) for m in moves if m[0] == kind}
