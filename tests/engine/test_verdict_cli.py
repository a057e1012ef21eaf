"""Where the seat verdict and the engine build are printed: ``pnp --version``, ``pnp
balance`` (the pick confirmed on fresh seeds) and the pre-print check (warns, never fails
on seats)."""

from __future__ import annotations

from click.testing import CliRunner

from pnp.cli import cli
from pnp.engine import compiled
from pnp.engine.check import _report, load_settings
from pnp.engine.core import Playout
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.variant import Variant


def test_version_names_the_engine_build():
    result = CliRunner().invoke(cli, ["--version"], prog_name="pnp")
    assert result.exit_code == 0
    line = result.output.strip()
    assert line.startswith("pnp, version ") and line.endswith(
        "engines compiled (Cython)" if compiled() else "engines pure Python")


def test_balance_prints_the_verdicts_and_the_confirmation():
    result = CliRunner().invoke(cli, ["balance", "samarkand", "--players", "2", "--games", "30", "--band", "0.5",
                                      "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].startswith("  start money by seat 200, 200 Piaster (the standard game): ")
    assert "; seats pass (band " in lines[1] and lines[2].startswith("    on fresh seeds: ")
    assert lines[-1].startswith("smallest compensation that passes the fairness rule") and lines[-1].endswith(
        "confirmed on fresh seeds: start money by seat 200, 200 Piaster (the standard game)")


def test_pre_print_check_warns_on_a_lopsided_sample_and_passes():
    """200 finished 3-player games, seat 1 winning 120: the fairness rule fails the seats;
    the pre-print check reports it as a warning, pnp check's judgement as a reason."""
    game = load_game("samarkand", data_dir())
    settings = load_settings(game)
    winners = [0] * 120 + [1] * 40 + [2] * 40
    playouts = [Playout(seed=i, players=3, winner=w, turns=60, rounds=20, moves=200, timed_out=False)
                for i, w in enumerate(winners)]
    quick = _report(game, Variant(3), 200, 0, "heuristic", [], (playouts, []), settings, 1.0, judge_statistics=False)
    assert quick.passed and len(quick.warnings) == 3        # seats 2 and 3 (20 %) are outside too
    assert quick.warnings[0].startswith("seat balance: seat 1 wins 60.0% of 200 games, outside the band 28.7%-38.1%")
    full = _report(game, Variant(3), 200, 0, "heuristic", [], (playouts, []),
                   settings.__class__(**{**settings.__dict__, "thresholds": {**settings.thresholds,
                                                                             "seat_min_games": 100}}), None)
    assert not full.passed and full.reasons == [w.split(": ", 1)[1] for w in quick.warnings] and full.warnings == []
