"""The strong player (pnp.engine.strong): legal moves only, the same game for the same seed,
the state's own chance untouched, its choice rule, and a win margin over the heuristic on a
small fixed-seed sample that the heuristic itself does not reach at the same seeds.
The heavy measurement (400 games a game, intervals, CPU) is benchmarks/strong_bench.py."""

from __future__ import annotations

import random

import pytest

from pnp.engine.check import engine_of, load_settings, make_seats, simulate_many
from pnp.engine.core import game_seed, playout
from pnp.engine.mcts import clone
from pnp.engine.players import HeuristicPlayer
from pnp.engine.strong import StrongPlayer
from pnp.model import load_game
from pnp.model.catalog import data_dir

GAMES = ("samarkand", "caravan", "caravan-chessboard")


@pytest.fixture(scope="module")
def games():
    return {g: load_game(g, data_dir()) for g in GAMES}


class Recorder:
    """Wraps a player: records every decision's move and asserts it is one of the legal
    moves it was offered, and that choosing left the state's own random source as it was."""

    def __init__(self, player):
        self.player, self.name, self.moves = player, player.name, []

    def choose(self, state, moves, rng):
        listed = list(moves)
        chance = state.rng.getstate()
        move = self.player.choose(state, moves, rng)
        assert move in listed, f"{move!r} is not among the {len(listed)} legal moves"
        assert state.rng.getstate() == chance, "the search drew from the game's own random source"
        self.moves.append(move)
        return move


#: Moves a unit test plays of a chessboard game (a whole one is about 500 decisions, some
#: 4 s of CPU for the strong player at the tests' budget); the other games play to the end.
CHESSBOARD_MOVES = 120


def _play(games, game_id, seats_of, index, cap=None):
    game = games[game_id]
    engine, settings = engine_of(game), load_settings(game)
    variant = game.variant(2)
    seats = seats_of(engine)
    return playout(lambda s: engine.new_game(game, variant, s, ()), seats, game_seed(1, 2, index),
                   cap or settings.move_cap, check=True, stride=1)


@pytest.mark.parametrize("game_id", GAMES)
def test_strong_player_plays_only_legal_moves_and_leaves_chance_alone(games, game_id):
    engine = engine_of(games[game_id])
    recorders = []

    def seats(engine):
        r = Recorder(StrongPlayer(engine, samples=2, candidates=3))
        recorders.append(r)
        return [r, HeuristicPlayer(engine.choose)]

    cap = CHESSBOARD_MOVES if game_id == "caravan-chessboard" else None
    p = _play(games, game_id, seats, 0, cap)
    assert (p.moves == cap) if cap else (not p.timed_out and p.winner in (0, 1))
    assert len(recorders[0].moves) > 20            # it did decide, dozens of times
    assert engine.determinise is not None or game_id == "caravan"    # Caravan is open information


def test_strong_player_search_leaves_the_position_unchanged(games):
    """A decision searches copies: the position it is asked about is the same afterwards
    (every slot but the heuristic's own memo, which the heuristic player writes too)."""
    game = games["caravan-chessboard"]
    engine = engine_of(game)
    state = engine.new_game(game, game.variant(2), game_seed(1, 2, 5), ())
    rng = random.Random(3)
    for _ in range(40):          # into the game, where hands are dealt and hidden
        moves = state.legal_moves()
        state.apply(moves[0] if len(moves) == 1 else engine.choose(state, moves, rng))
    moves = state.legal_moves()
    before = clone(state)
    StrongPlayer(engine, samples=4, candidates=4).choose(state, moves, random.Random(9))
    slots = [s for s in type(state).__slots__ if s not in ("rng", "T")]
    assert {s: getattr(state, s, None) for s in slots} == {s: getattr(before, s, None) for s in slots}


@pytest.mark.parametrize("game_id", ["samarkand", "caravan-chessboard"])
def test_strong_player_is_deterministic_for_a_seed(games, game_id):
    runs = []
    for _ in range(2):
        r = Recorder(StrongPlayer(engine_of(games[game_id]), samples=2, candidates=3))
        p = _play(games, game_id, lambda engine: [HeuristicPlayer(engine.choose), r], 1, CHESSBOARD_MOVES)
        runs.append((r.moves, p.winner, p.moves, dict(p.stats)))
    assert runs[0] == runs[1]
    assert len(runs[0][0]) > 20 and runs[0][2] == CHESSBOARD_MOVES


def test_pick_leaves_the_heuristic_only_for_a_paired_lead_beyond_the_margin(games):
    player = StrongPlayer(engine_of(games["caravan"]), samples=8, candidates=3, margin=1.0)
    heuristic = [1, 0, 1, 0, 1, 1, 0, 0]
    same = list(heuristic)
    one_better = [1, 1, 1, 0, 1, 1, 0, 0]          # wins one sample more: mean +1/8, se 1/8 -> not beyond
    much_better = [1, 1, 1, 1, 1, 1, 0, 1]         # +3/8 on paired samples
    alive = [True] * 4
    assert player._pick([heuristic, same, one_better], alive[:3]) == 0
    assert player._pick([heuristic, same, one_better, much_better], alive) == 3
    # a candidate dropped (illegal in a redeal) is never played, however it scored
    assert player._pick([heuristic, same, one_better, much_better], [True, True, True, False]) == 0


def test_check_player_kind_strong_is_the_strong_player_at_every_seat(games):
    engine = engine_of(games["samarkand"])
    seats = make_seats(engine, "strong", 3, {"strong_samples": 5})
    assert len(seats) == 3 and all(isinstance(s, StrongPlayer) and s.samples == 5 for s in seats)
    with pytest.raises(ValueError, match="samples"):
        StrongPlayer(engine, samples=0)


def test_the_strong_budget_is_the_games_own(tmp_path):
    """checks.yaml ``simulation.strong_samples`` / ``strong_candidates`` set a game's budget
    per decision (the engine's defaults where a file leaves them out), and the run options
    that ``pnp check --player strong`` hands its workers carry them to ``make_seats``."""
    import shutil

    from pnp.engine import strong
    from pnp.model.catalog import DEFAULT_DATA_DIR

    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    checks = data / "caravan" / "checks.yaml"
    text = checks.read_text(encoding="utf-8")
    checks.write_text(text.replace("strong_samples: 2 ", "strong_samples: 3 "), encoding="utf-8")
    settings = load_settings(load_game("caravan", data))
    assert (settings.strong_candidates, settings.strong_samples) == (2, 3)
    game = load_game("caravan", data)

    class Recorder:  # an executor that keeps the tasks instead of playing them
        jobs: list = []

        def inherits_memory(self, tasks):
            return True

        def run(self, fn, jobs, done):
            Recorder.jobs = list(jobs)
            return []

    simulate_many(game, [(game.variant(2), 4, ())], 1, settings, player="strong", executor=Recorder())
    options = Recorder.jobs[0][-1]
    seats = make_seats(engine_of(game), "strong", 2, options)
    assert [(s.candidates, s.samples) for s in seats] == [(2, 3), (2, 3)]
    # the two keys and their notes left out: the engine's defaults
    checks.write_text(text[:text.index("  strong_candidates:")] + text[text.index("thresholds:"):], encoding="utf-8")
    bare = load_settings(load_game("caravan", data))
    assert (bare.strong_candidates, bare.strong_samples) == (strong.CANDIDATES, strong.SAMPLES)


@pytest.mark.kit
def test_strong_player_beats_the_heuristic_where_the_heuristic_does_not(games):
    """Caravan, 2 players, games 0..7 of seed 1, the player under test at seat i % 2 of
    game i.  The heuristic in that seat wins 5 of the 8 (the baseline); the strong player
    at the benchmark's cheapest budget (2 candidates x 2 samples) wins 8 of 8.  Required:
    at least 7 and at least 2 more than the baseline."""
    n = 8

    def wins(make):
        out = 0
        for i in range(n):
            def seats(engine, i=i):
                s = [HeuristicPlayer(engine.choose)] * 2
                s[i % 2] = make(engine)
                return s
            p = _play(games, "caravan", seats, i)
            out += p.winner == i % 2
        return out

    baseline = wins(lambda engine: HeuristicPlayer(engine.choose))
    strong = wins(lambda engine: StrongPlayer(engine, samples=2, candidates=2))
    assert (baseline, strong) == (5, 8)
    assert strong >= 7 and strong - baseline >= 2
