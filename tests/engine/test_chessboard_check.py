"""CARAVAN on a chessboard's GameEngine adapter: static checks, coin sizing, replay by seed,
and short seeded runs in check mode (invariants after every move, no dead ends)."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from pnp.model.catalog import data_dir, read_yaml
from pnp.cli import main
from pnp.games.caravan_chessboard import engine as C
from pnp.games.caravan_chessboard import check as E
from pnp.engine.core import Playout, game_seed, player_rng, playout, replay
from pnp.engine.players import HeuristicPlayer, RandomPlayer
from pnp.errors import VariantError
from pnp.model import load_game
from pnp.model.variant import Variant

ENGINE = E.ChessboardEngine()   # the engine the checks use


@pytest.fixture(scope="session")
def cgame():
    return load_game("caravan-chessboard", data_dir())


@pytest.fixture(scope="session")
def settings(cgame):
    """checks.yaml's game sections, as the generic check hands them to the adapter."""
    return SimpleNamespace(file=cgame.folder / "checks.yaml", extra=read_yaml(cgame.folder / "checks.yaml"))


def test_static_check_passes_every_variant_and_names_the_figures(cgame, settings):
    for v in cgame.variants():
        lines = ENGINE.static_check(cgame, v, settings, kit_counts=cgame.deck(v))
        dealt = cgame.rules.start_hand * v.players
        assert f"deck of 75 cards deals {dealt} at setup and keeps {75 - dealt}" in lines[1]
        assert "engine counts equal the model's and the kit's (75 cards, 6 oases, 6 quicksand)" in lines[-1]


def test_static_check_refuses_a_kit_deck_that_differs(cgame, settings):
    kit = cgame.deck()
    kit["move-2"] -= 1
    del kit["silk"]
    with pytest.raises(VariantError, match="move-2: engine 10, kit 9; silk: engine 5, kit none"):
        ENGINE.static_check(cgame, Variant(4), settings, kit_counts=kit)


def test_static_check_refuses_a_deck_that_cannot_keep_the_margin(cgame, settings):
    node = read_yaml(cgame.folder / "checks.yaml")
    node.value["setup"]["min_deck_after_setup"] = 50
    tight = SimpleNamespace(file=settings.file, extra=node)
    with pytest.raises(VariantError, match=r"6 players: the deck of 75 cards deals 30 \(5 x 6 hands\) and must keep 50"):
        ENGINE.static_check(cgame, Variant(6), tight)


def test_engine_counts_equal_the_models(cgame):
    counts = E.engine_counts(cgame, Variant(3), seed=5)
    assert {k: counts[k] for k in cgame.deck()} == cgame.deck()
    assert (counts["cards"], counts["oasis"], counts["quicksand"]) == (75, 6, 6)


def _playout(stats):
    return Playout(seed=0, players=2, winner=0, turns=10, rounds=5, moves=50, timed_out=False, stats=stats)


def test_coin_sizing_against_the_printed_counts(cgame, settings):
    values = cgame.coin_values
    assert ENGINE.tracking(cgame, Variant(2), settings) == values
    fits = {Variant(2): [_playout({"coins": {v: 1 for v in values}, "max_circulation": 60})] * 10}
    out = ENGINE.sizing(cgame, fits, settings)
    assert out["passed"] and out["reasons"] == []
    assert [(d["value"], d["needed"]) for d in out["denominations"]] == [(v, 1) for v in values]
    # each variant against what its own kit prints (game.yaml coins[].players)
    assert out["lines"][0] == f"coins of {values[0]}, 2p: {cgame.coins[0].count_for(2)} printed, 1 needed (99.9% of games)"
    too_many = cgame.coins[-1].count_for(3) + 1
    short = {Variant(3): [_playout({"coins": {values[-1]: too_many}, "max_circulation": 10 ** 4})] * 10}
    out = ENGINE.sizing(cgame, short, settings)
    assert not out["passed"]
    assert (f"{too_many} coins of {values[-1]} needed in 99.9% of 3p games, {cgame.coins[-1].count_for(3)} printed"
            in out["reasons"])
    assert any("gold in play" in r for r in out["reasons"])


def test_tracked_coins_are_the_greedy_split_of_the_gold(cgame):
    s = C.new_game(cgame, 2, 3, cgame.coin_values)
    s.gold = [58, 17]
    s._track_coins()
    assert s.stats()["coins"] == {10: 5 + 1, 5: 1 + 1, 1: 3 + 2}


def _record(cgame, players, seed, player):
    """Play one game, returning the state and the moves applied (the core's rule: a single
    legal move is applied without asking the player)."""
    state = C.new_game(cgame, players, seed)
    rng = player_rng(seed)
    moves = []
    while not state.is_terminal() and len(moves) < 20000:
        legal = state.legal_moves()
        move = legal[0] if len(legal) == 1 else player.choose(state, legal, rng)
        moves.append(move)
        state.apply(move)
    return state, moves


def test_replay_by_seed_rebuilds_the_game(cgame):
    seed = game_seed(1, 3, 0)
    played, moves = _record(cgame, 3, seed, HeuristicPlayer(ENGINE.choose))
    again = replay(lambda s: C.new_game(cgame, 3, s), seed, moves)
    assert played.is_terminal() and again.is_terminal() and again.winner() == played.winner()
    assert (again.gold, again.pos, again.hands, again.cars, again.turns()) == (
        played.gold, played.pos, played.hands, played.cars, played.turns())


def test_same_seed_same_game_and_another_seed_another(cgame):
    def one(seed):
        return playout(lambda s: ENGINE.new_game(cgame, Variant(4), s, cgame.coin_values),
                       [HeuristicPlayer(ENGINE.choose)] * 4, seed, 15000)

    a, b, c = one(11), one(11), one(12)
    assert a == b
    assert (a.turns, a.stats) != (c.turns, c.stats)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_heuristic_games_finish_in_check_mode(cgame, players):
    for i in range(6):
        p = playout(lambda s: C.new_game(cgame, players, s), [HeuristicPlayer(ENGINE.choose)] * players,
                    game_seed(7, players, i), 15000, check=True)
        assert not p.timed_out and p.stats["gold"][p.winner] >= cgame.rules.target_gold
        assert 20 <= p.rounds <= 120


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_players_meet_no_dead_end_nor_violation(cgame, players):
    # a playout raises DeadEnd / InvariantViolation / RuleGap; timeouts are allowed here
    results = [playout(lambda s: C.new_game(cgame, players, s), [RandomPlayer()] * players,
                       game_seed(9, players, i), 3000, check=True) for i in range(4)]
    # each game was played (moves made, checked after each) and ended one way or the other
    assert all(r.moves > players and (r.winner is None) == r.timed_out for r in results), results


def test_random_player_chooses_only_legal_moves_through_every_phase(cgame):
    seen = set()
    rng = random.Random(4)
    for seed in range(6):
        state = C.new_game(cgame, 3, seed)
        for _ in range(1500):
            if state.is_terminal():
                break
            moves = state.legal_moves()
            assert moves, "a live state without a legal move"
            seen.add(state.phase)
            state.apply(moves[rng.randrange(len(moves))])
            state.check_invariants()
    assert {C.PH_PLACE, C.PH_PLACE_DESERT, C.PH_DISCARD, C.PH_EXCHANGE, C.PH_KEEP, C.PH_BUY, C.PH_MOVE,
            C.PH_SELL} <= seen


def test_pnp_check_runs_the_chessboard_engine(tmp_path):
    out = tmp_path / "check.json"
    code = main(["check", "caravan-chessboard", "--players", "3", "--games", "30", "--workers", "1",
                 "--json", str(out)])
    assert code == 0
    doc = json.loads(out.read_text())
    (variant,) = doc["variants"]
    assert doc["passed"] and variant["scorecard"]["finished"] == 30
    assert variant["scorecard"]["invariant_violations"] == 0 and variant["scorecard"]["dead_ends"] == 0
    assert [d["value"] for d in doc["sizing"]["denominations"]] == [1, 5, 10]
