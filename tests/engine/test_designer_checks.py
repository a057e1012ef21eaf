"""The engine as a designer's tool: mechanism coverage, the exploring player,
seat judgement, the balance search and the search player, on small seeded samples."""

from __future__ import annotations

import random

import pytest

from pnp.engine.balance import search
from pnp.engine.check import engine_of, full_check, load_settings, mcts_seat
from pnp.engine.core import game_seed, playout
from pnp.engine.mcts import MctsPlayer, clone
from pnp.engine.players import ExploringPlayer, HeuristicPlayer
from pnp.engine.scorecard import coverage_failures
from pnp.model import load_game
from pnp.model.catalog import data_dir

GAMES = ("samarkand", "caravan", "caravan-chessboard")


@pytest.fixture(scope="module")
def games():
    return {g: load_game(g, data_dir()) for g in GAMES}


def _variant(game, players):
    return next(v for v in game.variants() if v.players == players)


@pytest.mark.parametrize("game_id", GAMES)
def test_coverage_counts_every_decision_once(games, game_id):
    game = games[game_id]
    engine = engine_of(game)
    variant = _variant(game, 2)
    seed = game_seed(1, 2, 0)
    p = playout(lambda s: engine.new_game(game, variant, s, ()), [HeuristicPlayer(engine.choose)] * 2, seed,
                5000, labels=engine.mechanisms)
    assert not p.timed_out
    taken = sum(t for _, t in p.coverage.values())
    assert taken == p.moves  # every move applied is one mechanism taken
    assert all(o >= t and o > 0 for o, t in p.coverage.values())
    assert set(p.coverage) <= set(engine.MECHANISMS) | {"end the turn, no action left"}


def test_coverage_threshold_scales_with_the_games_played():
    row = {"heuristic": {"offered": 50, "taken": 0}, "explore": {"offered": 5, "taken": 0}, "taken_per_1000_games": 0}
    small = {"games": {"heuristic": 100, "explore": 10}, "table": {"sell": row}}
    assert coverage_failures(small, 1) == []  # 110 games cannot show a 1-in-1000 move
    big = {"games": {"heuristic": 1000, "explore": 100}, "table": {"sell": row}}
    (reason,) = coverage_failures(big, 1)
    assert "'sell' taken 0 times in 1100 games (offered in 55 decisions), at least 1" in reason
    row["explore"]["taken"] = 1
    assert coverage_failures(big, 1) == []


def test_check_json_holds_coverage_seats_and_exploring_games(games):
    game = games["caravan-chessboard"]
    run = full_check(game, [_variant(game, 2)], games=30, seed=2, workers=1)
    card = run.variants[0].scorecard
    settings = load_settings(game)
    assert card["mechanisms"]["games"] == {"heuristic": 30, "explore": round(30 * settings.explore_games / 1000)}
    table = card["mechanisms"]["table"]
    assert list(table)[: len(engine_of(game).MECHANISMS)] == list(engine_of(game).MECHANISMS)
    assert table["sell"]["heuristic"]["taken"] > 0
    assert all(len(s["ci95"]) == 2 and s["ci95"][0] <= s["rate"] <= s["ci95"][1] for s in card["seats"])
    assert "mechanisms" in run.to_json()["variants"][0]["scorecard"]


def test_exploring_player_is_seeded_and_tries_rare_mechanisms(games):
    game = games["samarkand"]
    engine = engine_of(game)
    variant = _variant(game, 2)
    player = ExploringPlayer(engine.choose, 1.0, engine.mechanisms)  # every choice random
    runs = [playout(lambda s: engine.new_game(game, variant, s, ()), [player] * 2, 7, 3000,
                    labels=engine.mechanisms) for _ in range(2)]
    assert runs[0] == runs[1]  # same seed, same game
    assert runs[0].coverage["roll the die"][1] > 0


def test_balance_search_tries_compensations_smallest_first(games, monkeypatch):
    from pnp.engine.fairness import SeatRule

    game = games["samarkand"]
    variant = _variant(game, 2)
    monkeypatch.setattr(SeatRule, "judge", lambda self, wins, looks=1, final=True: {"verdict": "fail"})
    tried = search(game, variant, games=11, seed=1, workers=1)
    start = game.rules.start_money
    assert tried.trials[0].compensation == {"start_money": [start, start]}
    assert tried.trials[1].compensation == {"start_money": [start + 5, start]}
    assert tried.found is None and len(tried.trials) == load_settings(game).extra["balance"]["steps"].int() + 1
    assert all(t.confirm is None for t in tried.trials)      # nothing passed: nothing to confirm


def test_balance_pick_is_confirmed_on_fresh_seeds(games):
    game = games["samarkand"]
    variant = _variant(game, 2)
    loose = search(game, variant, games=30, seed=1, workers=1, band=0.5)
    pick = loose.found
    assert pick is loose.trials[0] and len(loose.trials) == 1 and pick.confirmed
    assert pick.verdict["games"] == 30 and pick.confirm["verdict"]["games"] == 30
    assert pick.confirm["seats"] != pick.seats or pick.confirm["verdict"] != pick.verdict   # other games
    document = loose.to_json()
    assert document["found"]["confirm"]["verdict"]["verdict"] == "pass" and document["band_h"] == 0.5


def test_caravan_first_turn_bonus_adds_actions_to_later_seats(games):
    game = games["caravan"]
    engine = engine_of(game)
    variant = _variant(game, 3)
    state = engine.new_game(game, variant, 5, (), compensation={"first_turn_bonus": [0, 1, 1]})
    assert state.actions_left == game.rules.actions(1)
    state.apply((0,))  # seat 1 ends its first turn
    assert state.actions_left == game.rules.actions(2) + 1
    state.check_invariants()


@pytest.mark.parametrize("game_id", ["samarkand", "caravan-chessboard"])
def test_determinise_redeals_only_hidden_cards(games, game_id):
    game = games[game_id]
    engine = engine_of(game)
    state = engine.new_game(game, _variant(game, 3), 9, ())
    rng = random.Random(1)
    for _ in range(60):
        moves = state.legal_moves()
        state.apply(moves[0] if len(moves) == 1 else engine.choose(state, moves, rng))
    copy = clone(state)
    engine.determinise(copy, 0, random.Random(4))
    copy.check_invariants()
    assert copy.hands[0] == state.hands[0]  # the searching seat's own hand is kept
    assert [sum(h) for h in copy.hands] == [sum(h) for h in state.hands]
    assert copy.hands[1:] != state.hands[1:]


@pytest.mark.parametrize("game_id", GAMES)
def test_search_player_plays_complete_games(games, game_id):
    game = games[game_id]
    engine = engine_of(game)
    variant = _variant(game, 2)
    seed = game_seed(1, 2, 3)
    seats = [HeuristicPlayer(engine.choose)] * 2
    seats[mcts_seat(seed, 2)] = MctsPlayer(engine, iterations=2)
    p = playout(lambda s: engine.new_game(game, variant, s, ()), seats, seed, 15000, check=True)
    assert not p.timed_out and p.winner in (0, 1)


def test_search_player_leaves_the_heuristic_only_when_sure():
    """The search player's choice rule (pnp.engine.mcts.pick): the heuristic's move (the
    root's first child) stands against a better mean within the noise, and against a
    noiseless (zero-spread) lead of a hundredth; a lead of many standard errors wins."""
    from pnp.engine.mcts import SPREAD_FLOOR, _Node, pick

    def child(rewards):
        node = _Node()
        node.visits = len(rewards)
        node.reward = sum(rewards)
        node.square = sum(r * r for r in rewards)
        return node

    root = _Node()
    root.children["heuristic"] = child([0.5, 0.3, 0.7, 0.5, 0.4, 0.6, 0.5, 0.5])
    root.children["noisy"] = child([0.9, 0.2, 0.8, 0.3, 0.7, 0.6])  # mean 0.583: within the noise
    root.children["flat"] = child([0.51] * 8)  # zero spread: the floor applies
    assert pick(root, ["heuristic", "noisy", "flat"]) == "heuristic"
    root.children["sure"] = child([0.9, 0.92, 0.88, 0.9, 0.91, 0.89, 0.9, 0.9])
    assert pick(root, ["heuristic", "noisy", "flat", "sure"]) == "sure"
    assert SPREAD_FLOOR > 0
    # the heuristic's move illegal here: the best mean among well-searched moves
    assert pick(root, ["noisy", "flat"]) == "noisy"
