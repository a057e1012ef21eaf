"""Caravan's model variants, determinism and replay, random players, static checks, the
supply sizing, ``pnp check caravan`` and malformed data."""

from __future__ import annotations

import random
import shutil

import pytest

from pnp.model.catalog import data_dir
from pnp.games.caravan import engine as C
from pnp.games.caravan import bot as caravan_bot
from pnp.games.caravan import check as caravan_check

ENGINE = caravan_check.CaravanEngine()   # the engine the checks use
from pnp.engine.check import full_check, load_settings, quick_check, simulate_many
from pnp.engine.core import Labels, playout, replay
from pnp.engine.players import HeuristicPlayer, RandomPlayer
from pnp.errors import DataError, UsageError, VariantError
from pnp.model import load_game
from pnp.model.variant import Variant

from test_cli_check import run


@pytest.fixture(scope="module")
def game():
    return load_game("caravan", data_dir())


def _new(game, variant):
    return lambda seed: C.new_game(game, variant, seed)


# ---------------------------------------------------------------------------- model variants
def test_goods_counts_per_set_up(game):
    full, short = game.goods_counts(Variant(4)), game.goods_counts(Variant(2, "short"))
    assert full == {"meat": 9, "swords": 9, "salt": 9, "hides": 9, "ivory": 3, "cloth": 3, "gems": 3, "paper": 3}
    assert short == {"meat": 6, "swords": 6, "salt": 6, "hides": 6, "ivory": 2, "cloth": 2, "gems": 2, "paper": 2}
    assert sum(full.values()) == 48 and sum(short.values()) == 32
    assert game.removal_list(Variant(3, "short")) == {g: (3 if g in ("meat", "swords", "salt", "hides") else 1)
                                                      for g in full}
    assert game.camels_per_player(Variant(4, "intro")) == 6 and game.camels_per_player(Variant(4)) == 5


def test_variants_and_defaults(game):
    ids = [v.id for v in game.variants()]
    assert ids[:3] == ["2p", "3p", "4p"] and {"2p-short", "3p-short"} <= set(ids)
    assert game.variant(2) == Variant(2, "short") and game.variant(3) == Variant(3, "short")  # C12
    assert game.variant(None) == Variant(4) and game.variant(2, "standard") == Variant(2)
    with pytest.raises(UsageError) as err:
        game.variant(2, "huge")
    assert err.value.key == "--variant" and "standard, short, intro" in str(err.value)
    with pytest.raises(VariantError) as err:
        game.variant(5)
    assert err.value.key == "--players" and "2-4 players, not 5" in str(err.value)


# ---------------------------------------------------------------------------- determinism and replay
def test_same_seed_replays_the_same_game(game):
    seats = [HeuristicPlayer(caravan_bot.choose)] * 3
    a = playout(_new(game, Variant(3)), seats, 42, 3000, check=True)
    b = playout(_new(game, Variant(3)), seats, 42, 3000, check=True)
    assert a == b and a.winner is not None and a.stats["ended_by"] == C.END_DELIVERY
    c = playout(_new(game, Variant(3)), seats, 43, 3000)
    assert (c.moves, c.stats["scores"]) != (a.moves, a.stats["scores"])


def test_replay_of_a_move_list_rebuilds_the_state(game):
    variant = Variant(4)
    state, rng, moves = C.new_game(game, variant, 9), random.Random(1), []
    while len(moves) < 600 and not state.is_terminal():
        legal = state.legal_moves()
        m = legal[rng.randrange(len(legal))]
        moves.append(m)
        state.apply(m)
    again = replay(_new(game, variant), 9, moves)
    assert (again.pos, again.load, again.board, again.bag, again.demand, again.theft, again.delivered) == (
        state.pos, state.load, state.board, state.bag, state.demand, state.theft, state.delivered)


def test_destination_labels_without_a_list_are_the_list(game):
    """A camel's destinations are labelled by a ``core.Labels`` (the labels offered and a
    move's label on demand): read one by one they are each move's label, their distinct set
    is the offered one, and a playout counts the same coverage as with a list of labels."""
    variant = Variant(3)
    state, rng, offered = C.new_game(game, variant, 5), random.Random(5), set()
    while not state.is_terminal():
        moves = state.legal_moves()
        names = C.mechanisms(state, moves)
        if state.phase == C.PH_DEST and state.actions_left >= state.T.c_occupied:
            assert isinstance(names, Labels)
            per_move = ["onto an occupied space" if state.occ[m[1]] else "onto a free space" for m in moves]
            assert list(names) == per_move and names.distinct == set(per_move)
            offered.add(names.distinct)
        state.apply(moves[rng.randrange(len(moves))])
    assert frozenset({"onto a free space", "onto an occupied space"}) in offered
    empty = C.new_game(game, variant, 5)  # turn 2 (2 actions), no camel on the board yet
    for m in ((C.K_END,), (C.K_CAMEL, -1)):
        empty.apply(m)
    names = C.mechanisms(empty, empty.legal_moves())
    assert names.distinct == {"onto a free space"} and len(names) == empty.T.N
    seats = [HeuristicPlayer(caravan_bot.choose)] * 3
    listed = lambda state, moves: list(C.mechanisms(state, moves))  # noqa: E731
    for seed in (1, 2):
        a = playout(_new(game, variant), seats, seed, 3000, check=True, labels=C.mechanisms)
        assert a == playout(_new(game, variant), seats, seed, 3000, check=True, labels=listed)
        assert a.coverage["onto an occupied space"][0] > 0


# ---------------------------------------------------------------------------- random players
def test_random_players_break_no_invariant(game):
    """Random players in check mode over every variant: goods, demand and theft markers
    conserved, no dead end (10,000 games: benchmarks/caravan_bench.py)."""
    settings = load_settings(game)
    batches = [(v, 30, ()) for v in game.variants()]
    results = simulate_many(game, batches, 3, settings, player="random", check=True, workers=1)
    for (v, n, _), (playouts, errors) in zip(batches, results):
        assert errors == [], (v, errors[:1])
        assert len(playouts) == n
    stats = [x.stats for _, (pl, _) in zip(batches, results) for x in pl]
    assert sum(s["steals"] for s in stats) > 0 and sum(s["refills"] for s in stats) > 0


class _NoPass(RandomPlayer):
    """Random, but never ends a turn early: reaches refills, the end trigger and deliveries."""

    def choose(self, state, moves, rng):
        acting = [m for m in moves if m[0] != C.K_END] or moves
        return acting[rng.randrange(len(acting))]


def test_busy_random_players_reach_every_rule_path(game):
    variant = Variant(2, "short")
    outs = [playout(_new(game, variant), [_NoPass()] * 2, seed, 3000, check=True) for seed in range(25)]
    stats = [o.stats for o in outs]
    for key in ("pickups", "steals", "refills", "deliveries"):
        assert sum(s[key] for s in stats) > 0, key


# ---------------------------------------------------------------------------- static checks
def test_static_check_lines_and_demand_bound(game):
    settings = load_settings(game)
    lines = ENGINE.static_check(game, Variant(4), settings)
    assert "48 goods fill the 8 supply spaces and leave 40 in the bag (10 refills)" in lines[1]
    assert "at most 44 demand markers in use (4 + 10 x 4), 44 printed" in lines[2]
    assert caravan_check.demand_bound(game, Variant(2, "short"))["most"] == 28
    counts = caravan_check.engine_counts(game, Variant(2, "short"))
    assert counts["goods"] == 32 and counts["ivory"] == 2 and counts["camels"] == 5 and counts["theft_markers"] == 2


def test_kit_counts_that_differ_are_refused(game):
    settings = load_settings(game)
    kit = dict(game.goods_counts(Variant(2, "short")))
    ENGINE.static_check(game, Variant(2, "short"), settings, kit_counts=kit)
    kit["ivory"] = 3
    with pytest.raises(VariantError, match="2p-short: the engine and the kit disagree: ivory: engine 2, kit 3"):
        ENGINE.static_check(game, Variant(2, "short"), settings, kit_counts=kit)


@pytest.fixture
def data_copy(tmp_path, game):
    root = tmp_path / "data"
    shutil.copytree(game.folder.parent, root)
    return root


def _edit(root, name, old, new):
    path = root / "caravan" / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_too_few_demand_markers_are_refused_with_the_numbers(data_copy):
    _edit(data_copy, "game.yaml", "demand_markers: 44", "demand_markers: 40")
    small = load_game("caravan", data_copy)
    with pytest.raises(VariantError) as err:
        quick_check(small, Variant(4))
    assert "game.yaml: components.demand_markers: 4p: up to 44 demand markers in use (4 at set-up + 10 refills x 4), 40 printed" in str(err.value)
    quick_check(small, Variant(2, "short"), games=5)  # 28 markers: still enough


@pytest.mark.parametrize("file, old, new, message", [
    ("game.yaml", "count: 9, colour: \"#8A4942\"", "count: nine, colour: \"#8A4942\"",
     "game.yaml: goods[0].count: expected an integer, got a string 'nine'"),
    ("game.yaml", "kind: rare,   count: 3, colour: \"#B8B8B8\"", "kind: scarce, count: 3, colour: \"#B8B8B8\"",
     "game.yaml: goods[4].kind: expected one of common, rare, got 'scarce'"),
    ("game.yaml", "camels: 5\n    removed: {common: 3, rare: 1}\n", "camels: 5\n    removed: {common: 9, rare: 1}\n",
     "game.yaml: setups.short.removed.common: removing 9 of each common good leaves no meat (it has 9)"),
    ("game.yaml", "default_setup: {2: short, 3: short, 4: standard}", "default_setup: {2: short, 3: short}",
     "game.yaml: default_setup: missing entry for 4 players"),
    ("game.yaml", "penalties: [0, 0, 1, 3, 6, 10, 15]", "penalties: [0, 0, 1, 3, 6]",
     "game.yaml: rules.penalties: expected a penalty for 0 to 6 goods held (7 values), got 5"),
    ("game.yaml", "camel_occupied: 2", "camel_occupied: 5",
     "game.yaml: rules.costs.camel_occupied: expected at most 4 (the most actions in a turn)"),
    ("board.yaml", "{good: ivory,  cell: [0, 3]}", "{good: ivory,  cell: [1, 3]}",
     "board.yaml: cities[4].cell: the city of the rare good 'ivory' must be on the board's edge (games.md)"),
    ("board.yaml", "{number: 3, cell: [1, 4]", "{number: 3, cell: [2, 3]",
     "board.yaml: supply[2].cell: cell [2, 3] is already used by city 'meat'"),
    ("board.yaml", "{number: 8, cell: [6, 6]", "{number: 9, cell: [6, 6]",
     "board.yaml: supply: expected supply spaces numbered 1 to 8, got [1, 2, 3, 4, 5, 6, 7, 9]"),
])
def test_malformed_data_is_one_line_naming_file_and_key(data_copy, file, old, new, message):
    _edit(data_copy, file, old, new)
    with pytest.raises(DataError) as err:
        load_game("caravan", data_copy)
    text = str(err.value)
    assert "\n" not in text and text.endswith(message) and str(data_copy / "caravan" / file) in text


def test_check_sections_are_validated(data_copy):
    _edit(data_copy, "checks.yaml", "max_stalemate_share: 0.02", "max_stalemate_share: 2")
    broken = load_game("caravan", data_copy)
    with pytest.raises(DataError, match=r"checks.yaml: endings.max_stalemate_share: expected a number <= 0.5, got 2"):
        full_check(broken, [Variant(2, "short")], games=2, workers=1)


# ---------------------------------------------------------------------------- simulation checks
def test_quick_check_passes_and_summarises(game):
    report = quick_check(game, Variant(2, "short"), games=30, seed=3)
    assert report.passed and report.scorecard["finished"] == 30
    assert 8 <= report.scorecard["rounds"]["median"] <= 60
    assert report.summary.startswith("30 simulated 2-player games, all finished, median")


def test_full_check_sizes_the_supply(game):
    variants = [Variant(4), Variant(3, "short")]
    run_ = full_check(game, variants, games=12, seed=2, workers=1)
    assert run_.passed, run_.reasons
    rows = {r["variant"]: r for r in run_.sizing["variants"]}
    assert rows["4p"]["demand_bound"] == 44 and rows["3p-short"]["demand_bound"] == 28
    for r in rows.values():
        assert r["demand_in_use"] <= r["demand_bound"] and r["demand_short"] == 0
        assert r["theft_held"] <= r["theft_spaces"] and r["stalemate_share"] == 0.0
    # heuristic games run to the end: every refill happens, so the bound is reached
    assert rows["4p"]["demand_in_use"] == 44 and rows["3p-short"]["demand_in_use"] == 28


def test_a_stalemate_share_above_the_limit_fails(game):
    settings = load_settings(game)
    playouts = [playout(_new(game, Variant(2, "short")), [RandomPlayer()] * 2, s, 3000) for s in range(10)]
    assert any(p.stats["ended_by"] == C.END_STALEMATE for p in playouts)  # random players pass a lot
    report = ENGINE.sizing(game, {Variant(2, "short"): playouts}, settings)
    assert not report["passed"] and "2p-short:" in report["reasons"][0] and "stalemate" in report["reasons"][0]


def test_pnp_check_caravan_one_variant(tmp_path):
    code, error, output = run("caravan", "--players", "2", "--variant", "short", "--games", "20", "--workers", "1")
    assert (code, error) == (0, None), output
    assert "2 players, short: PASS  20 simulated 2-player games, all finished" in output
    assert "2p-short: demand markers 28 of 44 in use at most (bound 28" in output
