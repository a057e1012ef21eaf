"""Caravan's seat compensations for ``pnp balance`` beyond first-turn actions: start demand
markers by seat and the last round played to its end (``caravan.new_game``)."""

from __future__ import annotations

from pnp.engine.check import load_settings
from pnp.engine.core import playout
from pnp.engine.players import HeuristicPlayer
from pnp.games.caravan.check import CaravanEngine

caravan_check = CaravanEngine()   # the engine the checks use
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.variant import Variant

GAME = load_game("caravan", data_dir())


def _play(variant, seed, **comp):
    new_state = lambda s: caravan_check.new_game(GAME, variant, s, (), comp)
    return playout(new_state, [HeuristicPlayer(caravan_check.choose)] * variant.players, seed, 3000, check=True)


def test_start_demand_markers_come_from_the_supply_and_count_as_points():
    plain = caravan_check.new_game(GAME, Variant(3, "short"), 4)
    state = caravan_check.new_game(GAME, Variant(3, "short"), 4, (), {"start_demand": [0, 1, 2]})
    assert state.demand_held == [0, 1, 2] and state.demand_free == plain.demand_free - 3
    assert [state.score(p) - plain.score(p) for p in range(3)] == [0, 1, 2]
    state.check_invariants()


def test_the_last_round_is_played_to_its_end():
    """With finish_round every game ended by a delivery ends after the last seat's turn:
    every seat has had as many turns; without it most games end mid-round."""
    variant = Variant(3, "short")
    rounds = [_play(variant, seed, finish_round=True) for seed in range(12)]
    assert all(p.turns % 3 == 0 for p in rounds if p.stats.get("ended_by", "delivery") == "delivery")
    plain = [_play(variant, seed) for seed in range(12)]
    assert sum(p.turns % 3 != 0 for p in plain) >= 4


def test_compensations_are_listed_smallest_first():
    comps = caravan_check.compensations(GAME, Variant(3, "short"), load_settings(GAME))
    described = [c["describe"] for c in comps]
    assert described[:4] == ["the standard game", "the last round played to its end",
                             "start demand markers by seat 0, 1, 1", "start demand markers by seat 0, 1, 2"]
    assert described[-1] == "first-turn actions by seat 1, 5, 6"
    assert comps[0] == {"describe": "the standard game", "first_turn_bonus": [0, 0, 0], "start_demand": [0, 0, 0],
                        "finish_round": False}
