"""Playouts, determinism, engine errors, static checks and simulation checks."""

from __future__ import annotations

import dataclasses
import shutil

import pytest

from pnp.games.samarkand import engine as S
from pnp.games.samarkand import bot as samarkand_bot
from pnp.engine.check import full_check, load_settings, quick_check, simulate_many, start_quick_check, static_check
from pnp.games.samarkand.check import engine_counts, removal_list
from pnp.engine.core import DeadEnd, InvariantViolation, game_seed, playout, replay
from pnp.engine.players import HeuristicPlayer, RandomPlayer
from pnp.engine.scorecard import percentile, wilson
from pnp.errors import DataError, VariantError
from pnp.model import load_game
from pnp.model.variant import Variant


def _new(game, players):
    return lambda seed: S.new_game(game, players, seed)


# ---------------------------------------------------------------------------- determinism
def test_same_seed_replays_the_same_game(game):
    players = [HeuristicPlayer(samarkand_bot.choose)] * 3
    a = playout(_new(game, 3), players, 42, 3000, check=True)
    b = playout(_new(game, 3), players, 42, 3000, check=True)
    assert a == b and a.winner is not None and not a.timed_out
    c = playout(_new(game, 3), players, 43, 3000)
    assert (c.turns, c.winner, c.stats) != (a.turns, a.winner, a.stats)


def test_replay_of_a_move_list_rebuilds_the_state(game):
    # record a random game's moves, then rebuild it without any player
    state, rng, moves = S.new_game(game, 4, 9), __import__("random").Random(1), []
    for _ in range(400):
        legal = state.legal_moves()
        m = legal[rng.randrange(len(legal))]
        moves.append(m)
        state.apply(m)
    again = replay(_new(game, 4), 9, moves)
    assert (again.hands, again.money, again.fields, again.pos, again.deck) == (
        state.hands, state.money, state.fields, state.pos, state.deck)


def test_game_seeds_depend_only_on_master_count_and_index():
    # Each of the three inputs moves the seed (a seed compared with itself proved nothing).
    assert len({game_seed(1, 2, 0), game_seed(2, 2, 0), game_seed(1, 3, 0), game_seed(1, 2, 1)}) == 4
    assert len({game_seed(1, p, i) for p in range(2, 6) for i in range(1000)}) == 4000
    assert 0 <= game_seed(2**40, 5, 999) < 2**63


def test_results_do_not_depend_on_the_number_of_workers(game):
    settings = load_settings(game)
    batches = [(Variant(2), 12, ()), (Variant(5), 12, ())]
    one = simulate_many(game, batches, 7, settings, workers=1)
    two = simulate_many(game, batches, 7, settings, workers=2)
    assert one == two
    assert [p.seed for p in one[1][0]] == [game_seed(7, 5, i) for i in range(12)]


# ---------------------------------------------------------------------------- engine errors
class _Stuck:
    """A state that is live but has no legal move after two moves."""

    players, seed = 2, 0

    def __init__(self, seed):
        self.n = 0

    def current_player(self):
        return 0

    def legal_moves(self):
        return [("go",)] if self.n < 2 else []

    def apply(self, move):
        self.n += 1

    def is_terminal(self):
        return False

    def winner(self):
        return None

    def check_invariants(self):
        if self.n > 5:
            raise InvariantViolation("too far")

    def turns(self):
        return self.n

    def stats(self):
        return {}


def test_dead_end_carries_seed_and_moves():
    with pytest.raises(DeadEnd) as err:
        playout(_Stuck, [RandomPlayer()] * 2, 1234, 100, check=True)
    assert err.value.seed == 1234 and err.value.moves == [("go",), ("go",)]
    assert "seed 1234, after 2 moves" in str(err.value)
    assert err.value.to_json()["moves"] == [["go"], ["go"]]


def test_move_cap_is_a_timeout_not_an_error(game):
    result = playout(_new(game, 2), [RandomPlayer()] * 2, 5, 50)
    assert result.timed_out and result.winner is None and result.moves == 50


def test_random_players_break_no_invariant(game):
    """Random players in check mode: every rule path they reach keeps cards and money
    conserved, and no live state lacks a move (10,000 games: benchmarks/engine_bench.py)."""
    settings = dataclasses.replace(load_settings(game), move_cap=800)
    batches = [(v, 75, ()) for v in game.variants()]
    results = simulate_many(game, batches, 3, settings, player="random", check=True, workers=2)
    for (p, n, _), (playouts, errors) in zip(batches, results):
        assert errors == [], errors[:1]
        assert len(playouts) == n
    # the paths that matter were taken: penalties of all three kinds, field purchases, reshuffles
    stats = [x.stats for _, (pl, _) in zip(batches, results) for x in pl]
    assert all(sum(s["penalties"][k] for s in stats) > 0 for k in S.PENALTIES)
    assert sum(s["fields_bought"] for s in stats) > 0 and sum(s["reshuffles"] for s in stats) > 0


# ---------------------------------------------------------------------------- static checks
def test_removal_list_and_engine_counts(game):
    assert removal_list(game, 2) == {"grain": 5, "fruit": 5, "copper": 5, "carpets": 5, "camels": 5, "jewels": 5}
    assert removal_list(game, 5) == dict.fromkeys(removal_list(game, 2), 0)
    counts = engine_counts(game, 2)
    assert counts["cards"] == 72 and counts["cards.grain"] == 17 and counts["market_tokens"] == 8
    assert counts["market_tokens.assortment"] == 2 and counts["market_chips"] == 2 and counts["pawns"] == 2
    lines = static_check(game, Variant(2), load_settings(game))
    assert lines[1] == "deck of 72 cards deals 34 at setup and keeps 38 (at least 4)"


def test_kit_counts_that_differ_are_refused(game):
    with pytest.raises(VariantError, match="engine and the kit disagree: cards: engine 72, kit 102"):
        static_check(game, Variant(2), load_settings(game), kit_counts={"cards": 102})


def test_player_count_outside_the_range_is_refused(game):
    with pytest.raises(VariantError, match="for 2-5 players, not 6"):
        removal_list(game, 6)
    with pytest.raises(VariantError, match="for 2-5 players, not 1"):
        quick_check(game, Variant(1))


@pytest.fixture
def broken_data(tmp_path, game):
    """A copy of the data whose 2-player variant removes 12 of each good."""
    root = tmp_path / "data"
    shutil.copytree(game.folder.parent, root)
    path = root / "samarkand" / "game.yaml"
    text = path.read_text(encoding="utf-8").replace("removed_per_good: {5: 0, 4: 1, 3: 3, 2: 5}",
                                                     "removed_per_good: {5: 0, 4: 1, 3: 3, 2: 12}")
    path.write_text(text, encoding="utf-8")
    return root


def test_a_variant_with_too_few_cards_is_refused_with_the_numbers(broken_data):
    broken = load_game("samarkand", broken_data)
    with pytest.raises(VariantError) as err:
        quick_check(broken, Variant(2))
    message = str(err.value)
    assert "game.yaml: removed_per_good.2" in message
    assert "removing 12 of each good leaves 30 cards (grain 10, fruit 8, copper 6, carpets 4, camels 2, jewels 0)" in message
    assert "setup deals 34 (7 x 2 hands + 2 x 10 trading fields) and the deck must keep 4: 38 needed" in message
    quick_check(broken, Variant(3))  # the other variants are untouched


def test_check_settings_are_validated(broken_data):
    path = broken_data / "samarkand" / "checks.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("min_completion: 0.99", "min_completion: 1.5"))
    with pytest.raises(DataError, match=r"checks.yaml: thresholds.min_completion: expected a number <= 1, got 1.5"):
        load_settings(load_game("samarkand", broken_data))


# ---------------------------------------------------------------------------- reports
def test_quick_check_passes_and_summarises(game):
    report = quick_check(game, Variant(2), games=60, seed=3)
    assert report.passed and report.reasons == []
    card = report.scorecard
    assert card["games"] == 60 and card["finished"] == 60 and card["timeouts"] == 0
    assert report.summary == f"60 simulated 2-player games, all finished, median {card['rounds']['median']} rounds"
    assert 10 <= card["rounds"]["median"] <= 60
    assert sum(s["wins"] for s in card["seats"]) == 60
    report.raise_if_failed()


def test_pre_print_sample_is_sized_by_its_moves_in_seed_order(game, monkeypatch):
    """checks.yaml's quick_moves and quick_games: the sample is the first games (seed
    order) that reach the move budget, never fewer than quick_games; so fewer long games
    than short ones, and the same games however many workers play them."""
    import itertools

    settings = load_settings(game)
    sized = {}
    # (players, budget, floor): 5-player games are longer than 2-player ones; a floor of 20
    # is past the budget and hands out tasks of 2 games (a tenth of the floor)
    for players, budget, floor, known in ((2, 1500, 3, 12), (5, 1500, 3, 10), (2, 1500, 20, 22)):
        variant = Variant(players)
        (played,) = simulate_many(game, [(variant, known, ())], 0, settings, workers=1)
        total = list(itertools.accumulate(p.moves for p in played[0]))
        monkeypatch.setattr("pnp.engine.check.load_settings",
                            lambda g, b=budget, f=floor: dataclasses.replace(settings, quick_moves=b, quick_games=f))
        expected = next(n for n in range(1, known + 1) if n >= floor and total[n - 1] >= budget)
        one = quick_check(game, variant, seed=0)
        assert (one.games, one.moves, one.scorecard["games"]) == (expected, total[expected - 1], expected)
        with start_quick_check(game, variant, seed=0, workers=2) as pending:
            two = pending.report()      # two processes: the same sample
        assert (two.games, two.moves, two.scorecard) == (one.games, one.moves, one.scorecard)
        sized[players, floor] = one.games
    assert sized[2, 20] == 20 and total[19] > 1500      # the floor: 20 games, past the budget
    assert sized[5, 3] < sized[2, 3]                    # 5-player games are longer: fewer of them
    monkeypatch.setattr("pnp.engine.check.load_settings",
                        lambda g: dataclasses.replace(settings, quick_moves=None, quick_games=5))
    assert quick_check(game, Variant(2), seed=0).games == 5     # no budget: quick_games games exactly


def test_failed_thresholds_are_reasons(game, monkeypatch):
    settings = load_settings(game)
    strict = dataclasses.replace(settings, thresholds={**settings.thresholds, "max_median_rounds": 5})
    monkeypatch.setattr("pnp.engine.check.load_settings", lambda g: strict)
    report = quick_check(game, Variant(3), games=20, seed=1)
    assert not report.passed and "outside the plausible 8-5" in report.reasons[0]
    with pytest.raises(VariantError, match="samarkand, 3 players fails its check: median length"):
        report.raise_if_failed()


def test_full_check_sizes_the_banknotes(game):
    run = full_check(game, [Variant(5)], games=40, seed=2, workers=1)
    notes = run.sizing
    printed = game.banknotes[0].count_for(5)          # the 5-player kit's notes of 5 (game.yaml)
    assert notes["title"] == "banknotes" and notes["lines"][0].startswith(
        f"banknotes (5 players, 99.9% of games): 5: {printed} printed")
    assert notes["players"] == 5 and [d["value"] for d in notes["denominations"]] == [5, 10, 20, 50, 100]
    for d in notes["denominations"]:
        assert d["margin"] == d["count"] - d["needed"] and d["needed"] >= 0
    assert notes["needed_total"] <= notes["printed_total"]
    assert run.to_json()["variants"][0]["scorecard"]["players"] == 5


def test_percentile_and_wilson():
    assert percentile([5, 1, 4, 2, 3], 0.5) == 3 and percentile([], 0.9) is None
    assert percentile(list(range(1, 1001)), 0.999) == 999
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28
    assert wilson(5, 0) == (0.0, 1.0)


def test_variants_of_samarkand_are_its_player_counts(game):
    assert [v.id for v in game.variants()] == ["2p", "3p", "4p", "5p"]
    assert game.variant() == Variant(5) and game.variant(2).id == "2p"
    assert Variant(2, "short").id == "2p-short"


def test_greedy_change_and_supply_rows():
    from pnp.engine.supply import greedy_change, needed_per_value

    assert greedy_change(87, [1, 5, 10, 20, 50]) == {50: 1, 20: 1, 10: 1, 5: 1, 1: 2}
    with pytest.raises(ValueError, match="3 left over"):
        greedy_change(13, [5, 10])
    rows, reasons = needed_per_value({1: [2, 9, 4], 5: [1, 1, 2]}, {1: 8, 5: 3}, 0.9, "coins")
    assert rows == [{"value": 1, "count": 8, "needed": 9, "margin": -1}, {"value": 5, "count": 3, "needed": 2, "margin": 1}]
    assert reasons == ["9 coins of 1 needed in 90.0% of games, 8 printed"]


def test_random_seats_are_judged_on_rule_errors_only(game):
    """Random seats rarely finish Samarkand; that is not a failure of the variant, and no
    supply is sized on their games.  A rule error would still fail it."""
    run = full_check(game, [Variant(3)], games=20, seed=4, workers=1, player="random")
    card = run.variants[0].scorecard
    assert card["completion"] < 0.99 and run.passed and run.sizing is None
    assert card["dead_ends"] == card["rule_gaps"] == card["invariant_violations"] == 0
