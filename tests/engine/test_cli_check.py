"""``pnp check`` through a click group of its own (pnp/cli.py registers the same command)."""

from __future__ import annotations

import json
import shutil

import click
import pytest
from click.testing import CliRunner

from pnp.cli_check import check
from pnp.errors import PnpError


@click.group()
def harness():
    """Stands in for the ``pnp`` group."""


harness.add_command(check)


def run(*args, env=None):
    result = CliRunner().invoke(harness, ["check", *args], env=env)
    if isinstance(result.exception, PnpError):  # the pnp group turns these into one line + exit 2
        return 2, str(result.exception), result.output
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, None, result.output


def test_check_writes_scorecards_and_report(tmp_path):
    out = tmp_path / "check.json"
    code, error, output = run("samarkand", "--players", "3", "--games", "40", "--seed", "5",
                              "--json", str(out), "--report", str(tmp_path / "report"))
    assert (code, error) == (0, None), output
    assert "3 players: PASS  40 simulated 3-player games, all finished, median" in output
    doc = json.loads(out.read_text())
    assert doc["passed"] and doc["games_per_variant"] == 40 and doc["seed"] == 5
    card = doc["variants"][0]["scorecard"]
    for key in ("completion", "timeouts", "turns", "rounds", "seats", "reshuffles", "penalties", "max_circulation"):
        assert key in card
    assert set(card["rounds"]) == {"median", "p90"} and len(card["seats"]) == 3
    # every player count's bank is sized against what its kit prints
    assert doc["sizing"]["players"] == 3 and doc["sizing"]["passed"]
    png = tmp_path / "report" / "check-samarkand-length.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((tmp_path / "report" / "check-samarkand.json").read_text()) == doc
    # --json and --report say what they wrote, one line per file
    assert output.splitlines()[-4:] == [f"wrote {out}"] + [
        f"wrote {tmp_path / 'report' / name}"
        for name in ("check-samarkand.json", "check-samarkand-length.png", "check-samarkand-mechanisms.md")]


def test_same_seed_same_json(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run("samarkand", "--players", "2", "--games", "20", "--json", str(a), "--workers", "1")
    run("samarkand", "--players", "2", "--games", "20", "--json", str(b), "--workers", "2")
    strip = lambda d: {k: v for k, v in d.items() if k != "seconds"}  # noqa: E731
    assert strip(json.loads(a.read_text())) == strip(json.loads(b.read_text()))


def test_player_count_out_of_range_is_refused_without_files(tmp_path):
    code, error, _ = run("samarkand", "--players", "7", "--json", str(tmp_path / "x.json"))
    assert code == 2 and "samarkand is for 2-5 players, not 7" in error
    assert not list(tmp_path.iterdir())


def test_broken_variant_is_refused_without_files(tmp_path, game):
    root = tmp_path / "data"
    shutil.copytree(game.folder.parent, root)
    path = root / "samarkand" / "game.yaml"
    path.write_text(path.read_text().replace("2: 5}", "2: 12}"))
    out = tmp_path / "out"
    code, error, _ = run("samarkand", "--games", "10", "--json", str(out / "c.json"), "--report", str(out),
                         env={"PNP_DATA_DIR": str(root)})
    assert code == 2 and "removing 12 of each good leaves 30 cards" in error and "38 needed" in error
    assert not out.exists()


def test_unknown_game_is_refused():
    code, error, _ = run("nosuchgame")
    assert code == 2 and "unknown game 'nosuchgame'" in error


@pytest.mark.parametrize("option", ["--games", "--workers"])
def test_bad_numbers_are_usage_errors(option):
    code, _, output = run("samarkand", option, "0")
    assert code == 2 and f"Invalid value for '{option}': 0 is not in the range 1<=x<=" in output


def test_length_chart_has_one_panel_per_variant_with_labels_that_do_not_overlap():
    """Caravan has three variants (standard, short, intro) at 2-4 players: three panels,
    titled with the variant's name, three boxes each, every tick label and median label
    readable (no two text boxes overlap once drawn)."""
    import matplotlib.pyplot as plt

    from pnp.cli_check import length_figure
    from pnp.engine.check import full_check
    from pnp.model import load_game
    from pnp.model.catalog import data_dir

    game = load_game("caravan", data_dir())
    run_ = full_check(game, games=4, seed=3, workers=1)
    fig = length_figure(run_)
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        panels = fig.axes
        assert [ax.get_title() for ax in panels] == [f"variant {s}" for s in game.setups]
        texts = []
        for ax, setup in zip(panels, game.setups):
            ticks = [t.get_text() for t in ax.get_xticklabels()]
            counts = [v.players for v in game.variants() if v.setup == setup]
            assert ticks == [f"{n} players\n4/4 finished" for n in counts]
            medians = [t for t in ax.texts if t.get_text().startswith("median ")]
            assert len(medians) == len(counts)
            texts += list(ax.get_xticklabels()) + medians + [ax.title]
        boxes = [t.get_window_extent(renderer) for t in texts]
        overlaps = [(texts[i].get_text(), texts[j].get_text()) for i in range(len(boxes))
                    for j in range(i + 1, len(boxes)) if boxes[i].overlaps(boxes[j])]
        assert overlaps == []
        # every label lies inside the picture
        width, height = fig.canvas.get_width_height()
        assert all(0 <= b.x0 and b.x1 <= width and 0 <= b.y0 and b.y1 <= height for b in boxes)
    finally:
        plt.close(fig)


def test_length_chart_title_fits_the_picture_for_one_player_count():
    """With one player count the chart is at its narrowest (5 in): its title is wrapped to fit
    (a reviewer saw "ravan: 40 heuristic games ..." cut off at both ends)."""
    import matplotlib.pyplot as plt

    from pnp.cli_check import length_figure
    from pnp.engine.check import full_check
    from pnp.model import load_game
    from pnp.model.catalog import data_dir

    game = load_game("caravan", data_dir())
    run_ = full_check(game, [v for v in game.variants() if v.players == 2], games=2, seed=3, workers=1)
    fig = length_figure(run_)
    try:
        fig.canvas.draw()
        box = fig._suptitle.get_window_extent(fig.canvas.get_renderer())
        width, height = fig.canvas.get_width_height()
        assert "caravan: 2 heuristic games" in fig._suptitle.get_text().replace("\n", " ")
        assert 0 <= box.x0 and box.x1 <= width and 0 <= box.y0 and box.y1 <= height, (box, width)
    finally:
        plt.close(fig)


def test_mechanism_rates_print_on_one_scale():
    """Rates per 1,000 games: whole numbers from 10 up, one decimal below, zero as 0 (the
    summary printed "613.636" next to "5613.64")."""
    from pnp.cli_check import _per_1000

    assert [_per_1000(r) for r in (613.636, 5613.64, 9.96, 0.46, 0.0)] == ["614", "5614", "10", "0.5", "0"]
