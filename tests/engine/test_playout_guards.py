"""The playout loop's guards and bookkeeping, on a small stand-in state whose every number is
known (tools/MUTATION.md lists the faults these catch).

The stand-in follows ``pnp.engine.core.GameState``: seats take turns adding 1 or 2 to a
shared total; whoever brings it to ``goal`` or past wins.  Each move is one turn.
"""

from __future__ import annotations

import random

import pytest

from pnp.engine.core import DeadEnd, InvariantViolation, RuleGap, playout, replay


class Count:
    """Seats add 1 or 2 in turn; reaching ``goal`` wins.  ``break_after``: the invariant check
    fails once that many moves were applied; ``single`` offers only (1,) to move."""

    players = 3
    goal = 7
    break_after: int | None = None
    single = False

    def __init__(self, seed: int):
        self.seed, self.total, self.n, self.checks, self.rng = seed, 0, 0, 0, random.Random(seed)

    def current_player(self):
        return self.n % self.players

    def legal_moves(self):
        return [(1,)] if self.single else [(1,), (2,)]

    def apply(self, move):
        if move not in self.legal_moves():
            raise RuleGap(f"no such move {move!r}")
        self.total += move[0]
        self.n += 1

    def is_terminal(self):
        return self.total >= self.goal

    def winner(self):
        return (self.n - 1) % self.players if self.is_terminal() else None

    def check_invariants(self):
        self.checks += 1
        if self.break_after is not None and self.n >= self.break_after:
            raise InvariantViolation(f"broken after {self.n} moves")

    def turns(self):
        return self.n

    def stats(self):
        return {"total": self.total, "checks": self.checks}


class Always:
    """Chooses the given move, whatever is legal; remembers the random source it was given."""

    name = "always"

    def __init__(self, move):
        self.move, self.rngs, self.asked = move, [], 0

    def choose(self, state, moves, rng):
        self.asked += 1
        self.rngs.append(rng)
        return self.move


def test_a_finished_game_reports_winner_turns_rounds_and_moves():
    # 7 moves of +1: seat 6 % 3 = 0 brings the total to 7; 7 turns of 3 seats = 3 rounds (rounded up).
    result = playout(Count, [Always((1,))] * 3, 11, move_cap=100, check=True)
    assert (result.winner, result.turns, result.rounds, result.moves) == (0, 7, 3, 7)
    assert result.timed_out is False and result.seed == 11 and result.players == 3
    # check mode: once before the first move and once after each of the 7 moves
    assert result.stats == {"total": 7, "checks": 8}


def test_without_check_mode_no_invariant_is_checked():
    result = playout(Count, [Always((2,))] * 3, 11, move_cap=100)
    assert result.stats == {"total": 8, "checks": 0} and result.moves == 4 and result.winner == 0


def test_the_move_cap_stops_a_game_as_a_timeout():
    result = playout(Count, [Always((1,))] * 3, 5, move_cap=3)
    assert (result.moves, result.turns, result.rounds, result.winner, result.timed_out) == (3, 3, 1, None, True)
    assert playout(Count, [Always((1,))] * 3, 5, move_cap=7).timed_out is False    # the 7th move wins


def test_a_broken_invariant_stops_the_playout_with_seed_and_moves():
    class Breaks(Count):
        break_after = 2

    with pytest.raises(InvariantViolation) as err:
        playout(Breaks, [Always((1,))] * 3, 99, move_cap=100, check=True)
    assert err.value.seed == 99 and err.value.moves == [(1,), (1,)]
    # the same state played without check mode runs to its end
    assert playout(Breaks, [Always((1,))] * 3, 99, move_cap=100).winner == 0


def test_an_invariant_broken_before_the_first_move_is_found():
    class BrokenAtStart(Count):
        break_after = 0

    with pytest.raises(InvariantViolation) as err:
        playout(BrokenAtStart, [Always((1,))] * 3, 3, move_cap=100, check=True)
    assert err.value.moves == []


def test_an_illegal_choice_is_an_invariant_violation_in_check_mode():
    with pytest.raises(InvariantViolation) as err:
        playout(Count, [Always((3,))] * 3, 4, move_cap=100, check=True)
    assert "(3,)" in err.value.reason and err.value.moves == [] and err.value.seed == 4
    # outside check mode the state itself refuses it (a rule gap), still with seed and moves
    with pytest.raises(RuleGap) as err:
        playout(Count, [Always((3,))] * 3, 4, move_cap=100)
    assert err.value.seed == 4 and err.value.moves == [(3,)]


def test_a_single_legal_move_is_applied_without_asking():
    class OnlyOne(Count):
        single = True

    player = Always((2,))              # would choose an illegal move if it were asked
    result = playout(OnlyOne, [player] * 3, 8, move_cap=100, check=True)
    assert player.asked == 0 and result.moves == 7 and result.winner == 0


def test_players_draw_from_their_own_source_the_same_for_the_same_seed():
    a, b = Always((1,)), Always((1,))
    playout(Count, [a] * 3, 21, move_cap=100)
    playout(Count, [b] * 3, 21, move_cap=100)
    assert a.asked == b.asked == 7
    assert len({id(r) for r in a.rngs}) == 1                  # one source for the whole game
    first_a = random.Random()
    first_a.setstate(a.rngs[0].getstate())
    first_b = random.Random()
    first_b.setstate(b.rngs[0].getstate())
    assert first_a.random() == first_b.random()               # same seed, same draws
    assert a.rngs[0].getstate() != random.Random(21).getstate()   # never the state's own source


def test_a_dead_end_names_the_seat_without_a_move():
    class Stuck(Count):
        def legal_moves(self):
            return [] if self.n == 4 else [(1,)]

    with pytest.raises(DeadEnd) as err:
        playout(Stuck, [Always((1,))] * 3, 6, move_cap=100)
    assert "player 1 " in err.value.reason and len(err.value.moves) == 4


def test_coverage_counts_offers_and_choices_per_mechanism():
    def labels(state, moves):
        return ["step" if m == (1,) else "leap" for m in moves]

    result = playout(Count, [Always((2,))] * 3, 2, move_cap=100, labels=labels)
    # 4 decisions (2+2+2+2 = 8 >= 7), each offered both, leap taken each time
    assert result.coverage == {"leap": (4, 4), "step": (4, 0)}
    assert playout(Count, [Always((2,))] * 3, 2, move_cap=100).coverage == {}


def test_replay_rebuilds_a_game_from_json_moves_and_refuses_an_illegal_one():
    state = replay(Count, 5, [[1], [2], [2]])          # moves as read back from JSON: lists
    assert (state.total, state.n) == (5, 3)
    with pytest.raises(InvariantViolation) as err:
        replay(Count, 5, [(1,), (3,), (1,)])
    assert err.value.seed == 5 and err.value.moves == [(1,)] and "move 1 " in err.value.reason
    # without the check the state applies what it is given (here: refuses it itself)
    with pytest.raises(RuleGap):
        replay(Count, 5, [(1,), (3,)], check=False)


def test_an_engine_error_reads_back_as_text_and_json():
    from pnp.engine.core import EngineError
    err = EngineError("no card to draw", seed=3, moves=[(1,), (2, 5)])
    assert (err.reason, err.seed, err.moves, err.args) == ("no card to draw", 3, [(1,), (2, 5)], ("no card to draw",))
    assert str(err) == "engine error: no card to draw (seed 3, after 2 moves)"
    assert err.to_json() == {"kind": "engine error", "reason": "no card to draw", "seed": 3, "moves": [[1], [2, 5]]}
    gap = RuleGap("a tie the rules do not settle")          # before a playout gives it its seed
    assert str(gap) == "rule gap: a tie the rules do not settle" and gap.moves == []
    assert gap.to_json() == {"kind": "rule gap", "reason": "a tie the rules do not settle", "seed": None, "moves": []}


def test_counted_index_finds_the_kind_of_each_item():
    """Counts (0, 2, 3) hold the items [1, 1, 2, 2, 2] in order: item x is of that kind, and
    an empty kind is never drawn."""
    from pnp.engine.core import counted_index

    assert [counted_index((0, 2, 3), x) for x in range(5)] == [1, 1, 2, 2, 2]
    assert [counted_index([4], x) for x in range(4)] == [0, 0, 0, 0]
