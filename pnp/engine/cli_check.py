"""``pnp check GAME``: static checks and simulated games for every player-count variant.

The click command object ``check`` is registered in the ``pnp`` group by ``pnp/cli.py``.
User errors are raised as ``pnp.errors`` classes (the group prints one line and exits
non-zero); a variant that fails its thresholds raises ``VariantError`` after the JSON
and the report are written (they are the evidence of why it failed).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import click

from ..catalog import data_dir
from ..errors import OutputError, UsageError
from .check import PLAYER_KINDS, CheckRun, full_check


@click.command("check")
@click.argument("game_id", metavar="GAME")
@click.option("--players", type=int, default=None, show_default="every count the data allows",
              help="Check only this player count.")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True,
              help="Simulated games per player count.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Master seed; game i of a p-player batch gets a seed derived from (seed, p, i).")
@click.option("--json", "json_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              show_default="no JSON", help="Write the scorecards to this JSON file.")
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              show_default="no report", help="Write check-GAME.json and a PNG of game length per player count here.")
@click.option("--player", type=click.Choice(PLAYER_KINDS), default="heuristic", show_default=True,
              help="Who plays every seat.")
@click.option("--workers", type=click.IntRange(1), default=None, show_default="all cores",
              help="Worker processes (results do not depend on it).")
def check(game_id, players, games, seed, json_file, report_dir, player, workers):
    """Check that every player-count variant of GAME is playable: static checks, then
    simulated games with a scorecard per variant (exit status 2 if one fails)."""
    from ..model import load_game

    game = load_game(game_id, data_dir())
    if game_id not in _engines():
        raise UsageError(f"no rules engine for '{game_id}' yet; engines: {', '.join(_engines())}", key="GAME")
    counts = None
    if players is not None:
        game.check_players(players)
        counts = [players]
    run = full_check(game, counts, games=games, seed=seed, workers=workers, player=player)
    for line in summary_lines(run):
        click.echo(line)
    document = run.to_json()
    if json_file:
        _write_json(json_file, document)
    if report_dir:
        _write_report(report_dir, run, document)
    if not run.passed:
        from ..errors import VariantError

        raise VariantError(f"{game_id} fails its check: " + "; ".join(run.reasons))


def _engines():
    from .check import ENGINES

    return list(ENGINES)


def summary_lines(run: CheckRun) -> list[str]:
    """The command's printout: one block per variant, the banknotes, the verdict."""
    lines = [f"{run.game}: {run.games} {run.player} games per variant, seed {run.seed}, "
             f"{run.workers} workers, {run.seconds:.1f} s"]
    for v in run.variants:
        c = v.scorecard
        seats = ", ".join(f"{s['rate']:.0%} [{s['ci95'][0]:.0%}-{s['ci95'][1]:.0%}]" for s in c["seats"])
        pens = ", ".join(f"{k} {p['mean']:.2f}" for k, p in c["penalties"].items())
        lines += [
            f"  {v.players} players: {'PASS' if v.passed else 'FAIL'}  {v.summary}",
            f"    rounds median {c['rounds']['median']} p90 {c['rounds']['p90']}; turns median {c['turns']['median']} "
            f"p90 {c['turns']['p90']}; timeouts {c['timeouts']}; dead ends {c['dead_ends']}; rule gaps {c['rule_gaps']}; "
            f"invariant violations {c['invariant_violations']}",
            f"    wins by seat: {seats}",
            f"    reshuffles/game {c['reshuffles']['mean']:.2f}; penalties/game: {pens}; "
            f"most money in play {c['max_circulation']['max']} Piaster",
        ]
        lines += [f"    ! {r}" for r in v.reasons]
    if run.banknotes:
        b = run.banknotes
        notes = ", ".join(f"{d['value']}: {d['count']} printed, {d['needed']} needed ({d['margin']:+d})" for d in b["denominations"])
        lines.append(f"  banknotes ({b['players']} players, {b['quantile']:.1%} of games): {notes}")
        lines += [f"    ! {r}" for r in b["reasons"]]
    lines.append("PASS" if run.passed else "FAIL: " + "; ".join(run.reasons))
    return lines


def _write_json(path: Path, document: dict) -> None:
    """Write atomically: a temporary file beside the target, then a rename."""
    text = json.dumps(document, indent=2) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes 0600; a report is for everyone to read
        os.replace(tmp, path)
    except OSError as exc:
        raise OutputError(f"cannot write ({exc.strerror})", file=path) from None


def _write_report(folder: Path, run: CheckRun, document: dict) -> None:
    """``check-<game>.json`` and ``check-<game>-length.png`` (rounds per player count)."""
    _write_json(folder / f"check-{run.game}.json", document)
    plot_lengths(run, folder / f"check-{run.game}-length.png")


def plot_lengths(run: CheckRun, path: Path) -> None:
    """Box plot of game length in rounds per player count (finished games), medians labelled."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=150)
    data = [v.rounds or [0] for v in run.variants]
    labels = [f"{v.players} players\n({v.scorecard['finished']}/{v.scorecard['games']} finished)" for v in run.variants]
    ax.boxplot(data, whis=(5, 95), showfliers=False)
    ax.set_xticks(range(1, len(labels) + 1), labels)
    for i, v in enumerate(run.variants, 1):
        median = v.scorecard["rounds"]["median"]
        if median is not None:
            ax.annotate(f"median {median}", (i, median), xytext=(8, 4), textcoords="offset points", fontsize=8)
    ax.set_ylabel("game length (rounds)")
    ax.set_title(f"{run.game}: {run.games} {run.player} games per player count (whiskers 5-95 %)")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    tmp = path.with_name(f".{path.name}.tmp.png")
    try:
        fig.savefig(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        raise OutputError(f"cannot write ({exc.strerror})", file=path) from None
    finally:
        plt.close(fig)
