"""``pnp check GAME``: static checks and simulated games for every player-count variant.

The click command object ``check`` is registered in the ``pnp`` group by ``pnp/cli.py``.
User errors are raised as ``pnp.errors`` classes (the group prints one line and exits
non-zero); a variant that fails its thresholds raises ``VariantError`` after the JSON
and the report are written (they are the evidence of why it failed).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import click

from pnp.cli_types import OutputPath

from pnp import cli_complete as complete
from pnp.model.catalog import data_dir
from pnp.errors import OutputError, UsageError
from pnp.engine.check import PLAYER_KINDS, CheckRun, full_check
from pnp.model.variant import STANDARD



def _where_to_run(command):
    """The options `pnp check` and `pnp balance` share: where the games run and whether
    progress shows (``--workers``, ``--cluster``, ``--quiet``)."""
    command = click.option("--quiet", "-q", is_flag=True, default=False,
                           help="No progress display (on a terminal: live bars; otherwise one line per finished "
                                "variant, on standard output); results and errors still print.")(command)
    command = click.option("--cluster", metavar="ADDRESS", default=None, show_default="this machine",
                           help="Run the games on the Dask cluster whose scheduler is at ADDRESS (e.g. "
                                "tcp://10.0.0.5:8786; README: Running checks on a cluster). Same seed, same "
                                "results as a local run.")(command)
    return click.option("--workers", type=click.IntRange(1, 256), default=None, show_default="all cores",
                        help="Worker processes (results do not depend on it).")(command)

#: Most simulated games a run may ask for per player count (100 times the default): more
#: would run for days with no word.
MAX_GAMES = 100_000

@click.command("check")
@click.argument("game_id", metavar="GAME", shell_complete=complete.games)
@click.option("--players", type=int, default=None, show_default="every count the data allows",
              help="Check only the variants of this player count.")
@click.option("--variant", "setup", default=None, show_default="every set-up", shell_complete=complete.variants,
              help="Check only this variant, by name (e.g. 'short'); `pnp games` lists them.")
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
              help="Simulated games per player count.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Master seed; game i of a p-player batch gets a seed derived from (seed, p, i).")
@click.option("--json", "json_file", type=OutputPath(dir_okay=False, path_type=Path), default=None,
              show_default="no JSON", help="Write the scorecards to this JSON file ('-': standard output, and the "
                                         "printout and progress go to standard error).")
@click.option("--report", "report_dir", type=OutputPath(file_okay=False, path_type=Path), default=None,
              show_default="no report", help="Write check-GAME.json, a PNG of game length per player count and "
                                             "check-GAME-mechanisms.md (mechanism coverage and seat tables) here.")
@click.option("--player", type=click.Choice(PLAYER_KINDS), default="heuristic", show_default=True,
              help="Who plays every seat. random and busy-random (random, but never passes while it can act) test "
                   "the rules engine: they fail only on dead ends, rule gaps or invariant violations; completion, "
                   "length and supply sizing are judged on heuristic play (with exploring games for mechanism "
                   "coverage). mcts: a tree-search player at every seat (slow: use a small --games); "
                   "mcts-vs-heuristic: the search player at one seat (rotating), heuristic elsewhere, and its win rate. "
                   "strong: the strong player (pnp.engine.strong: heuristic rollouts over its best moves) at every "
                   "seat, seats judged by the fairness rule; some 300-2,000 times the heuristic's CPU per game "
                   "(README, 'The strong player'): use a small --games.")
@_where_to_run
@click.pass_context
def check(ctx, game_id, players, setup, games, seed, json_file, report_dir, player, workers, cluster, quiet):
    """Check that every variant (player count and set-up) of GAME is playable: static
    checks, then simulated games with a scorecard per variant (exit status 2 if one fails)."""
    from pnp.model import load_game
    from pnp.model.variant import check_setup, split_variant
    from pnp.engine.check import engine_of

    # The group's --data-dir (a designer's copy of the data), like build and games.
    game = load_game(game_id, data_dir((ctx.obj or {}).get("data_dir")))
    engine_of(game)
    players, setup = split_variant(players, setup)
    variants = game.variants()
    if players is not None:
        game.check_players(players)
        variants = [v for v in variants if v.players == players]
    if setup is not None:
        check_setup(game, setup)
        variants = [v for v in variants if v.setup == setup]
    if not variants:
        raise UsageError(f"{game_id} has no variant '{setup}' for {players} players", key="--variant")
    to_stdout = _is_stdout(json_file)
    if json_file is not None and not to_stdout:
        _check_writable_target(json_file, "--json")
    if report_dir is not None:
        _check_writable_folder(report_dir, "--report")
    run = _on_executor(workers, cluster, quiet, lambda executor, progress: full_check(
        game, variants, games=games, seed=seed, player=player, executor=executor, progress=progress),
        to_stderr=to_stdout)
    for line in summary_lines(run):
        click.echo(line, err=to_stdout)
    document = run.to_json()
    written = []
    if json_file:
        _write_json(json_file, document)
        if not to_stdout:
            written.append(json_file)
    if report_dir:
        written += _write_report(report_dir, run, document)
    for path in written:
        click.echo(f"wrote {path}", err=to_stdout)
    if not run.passed:
        from pnp.errors import VariantError

        raise VariantError(f"{game_id} fails its check: " + "; ".join(run.reasons))


def _is_stdout(path: Path | None) -> bool:
    """True when ``--json`` names standard output (``-``)."""
    return path is not None and str(path) == "-"


def _on_executor(workers, cluster, quiet, work, to_stderr: bool = False):
    """``work(executor, progress)`` on the local pool of ``workers`` processes or on the
    Dask cluster at ``cluster`` (closed afterwards), with the progress display ``--quiet`` asks
    (on standard error when ``to_stderr``: standard output then carries the JSON alone)."""
    import sys

    from pnp.engine.runner import executor_for
    from pnp.progress import reporter_for

    executor = executor_for(workers, cluster)
    try:
        with reporter_for(quiet, sys.stderr if to_stderr else None) as progress:
            return work(executor, progress)
    finally:
        executor.close()


def _check_writable_target(path: Path, option: str) -> None:
    """Fail before simulating when the file ``path`` (given as ``option``) cannot be written."""
    from pnp.files import unwritable_file

    problem = unwritable_file(path)
    if problem:
        raise OutputError(problem[1], file=problem[0], key=option)


def _check_writable_folder(folder: Path, option: str) -> None:
    """Fail before simulating when no file can be written into ``folder`` (given as ``option``)."""
    from pnp.files import unwritable

    problem = unwritable(folder)
    if problem:
        raise OutputError(problem[1], file=problem[0], key=option)


def summary_lines(run: CheckRun) -> list[str]:
    """The command's printout: one block per variant, the supply sizing, the verdict."""
    from pnp.engine import build_name

    # the engine build is printed, not in the JSON: both builds play the same games
    lines = [f"{run.game}: {run.games} {run.player} games per variant, seed {run.seed}, "
             f"{run.runner or f'{run.workers} workers'}, {run.seconds:.1f} s, engines {build_name()}"]
    for v in run.variants:
        c = v.scorecard
        seats = ", ".join(f"{s['rate']:.0%} [{s['ci95'][0]:.0%}-{s['ci95'][1]:.0%}]" for s in c["seats"])
        pens = ", ".join(f"{k} {p['mean']:.2f}" for k, p in c["penalties"].items())
        lines += [
            f"  {v.label}: {'PASS' if v.passed else 'FAIL'}  {v.summary}",
            f"    rounds median {c['rounds']['median']} p90 {c['rounds']['p90']}; turns median {c['turns']['median']} "
            f"p90 {c['turns']['p90']}; timeouts {c['timeouts']}; dead ends {c['dead_ends']}; rule gaps {c['rule_gaps']}; "
            f"invariant violations {c['invariant_violations']}",
            f"    wins by seat: {seats}" + (f"; {seat_verdict_line(c['seat_verdict'])}" if "seat_verdict" in c else ""),
            "    " + "; ".join(
                ([f"reshuffles/game {c['reshuffles']['mean']:.2f}"] if c["reshuffles"]["max"] else [])
                + [f"penalties/game: {pens or 'none'}"]
                + ([f"most money in play {c['max_circulation']['max']}"] if c["max_circulation"]["max"] else [])),
        ]
        cover = c.get("mechanisms")
        if cover and cover["table"]:
            games = sum(cover["games"].values())
            rare = sorted(cover["table"].items(), key=lambda kv: kv[1]["taken_per_1000_games"])[:3]
            lines.append(f"    mechanisms ({len(cover['table'])}, taken per 1000 of {games} games): rarest "
                         + ", ".join(f"{label} {_per_1000(row['taken_per_1000_games'])}" for label, row in rare))
        if "search_player" in c:
            sp = c["search_player"]
            lines.append(f"    search player: won {sp['wins']} of {sp['games']} games ({sp['rate']:.0%} "
                         f"[{sp['ci95'][0]:.0%}-{sp['ci95'][1]:.0%}]; fair share {sp['fair_share']:.0%})")
        lines += [f"    ! {r}" for r in v.reasons]
    if run.sizing:
        lines += [f"  {line}" for line in run.sizing["lines"]]
        lines += [f"    ! {r}" for r in run.sizing["reasons"]]
    lines.append("PASS" if run.passed else "FAIL: " + "; ".join(run.reasons))
    return lines


def seat_verdict_line(verdict: dict) -> str:
    """The fairness rule's verdict as the check prints it, e.g. ``seats pass (band
    28.7-38.1 %, chi-square p = 0.79, 1,000 games)``."""
    lo, hi = verdict["band"]
    p = "" if verdict["p"] is None else f", chi-square p = {verdict['p']:.2g}"
    word = {"pass": "pass", "fail": "FAIL", "more": "unclear", "undecided": "UNDECIDED"}[verdict["verdict"]]
    return f"seats {word} (band {lo:.1%}-{hi:.1%}{p}, {verdict['games']:,} games)"


def _write_json(path: Path, document: dict) -> None:
    """Write atomically (``pnp.files.write_atomically``: a temporary file, then a rename);
    ``-`` writes to standard output."""
    from pnp.files import write_atomically

    if _is_stdout(path):
        click.echo(json.dumps(document, indent=2))
        return
    write_atomically(path.parent, [(path, (json.dumps(document, indent=2) + "\n").encode("utf-8"))])


def _write_report(folder: Path, run: CheckRun, document: dict) -> list[Path]:
    """``check-<game>.json``, ``check-<game>-length.png`` (rounds per variant) and
    ``check-<game>-mechanisms.md`` (the coverage and seat tables).  Returns their paths."""
    from pnp.files import write_atomically

    paths = [folder / f"check-{run.game}.json", folder / f"check-{run.game}-length.png",
             folder / f"check-{run.game}-mechanisms.md"]
    _write_json(paths[0], document)
    plot_lengths(run, paths[1])
    write_atomically(folder, [(paths[2], tables_markdown(run).encode("utf-8"))])
    return paths


def tables_markdown(run: CheckRun) -> str:
    """The mechanism coverage (taken by the heuristic + by the exploring games, per variant)
    and the seats' win rates with 95 % intervals, as Markdown tables."""
    variants = run.variants
    out = [f"# {run.game}: mechanisms and seats ({run.games} {run.player} games per variant, seed {run.seed})", "",
           "## Mechanisms: times taken (" + " + ".join(
               variants[0].scorecard["mechanisms"]["games"]) + " games) / decisions that offered it", ""]
    labels = []
    for v in variants:
        for label in v.scorecard["mechanisms"]["table"]:
            if label not in labels:
                labels.append(label)
    out.append("| mechanism | " + " | ".join(v.variant.id for v in variants) + " |")
    out.append("|---|" + "---:|" * len(variants))
    for label in labels:
        cells = []
        for v in variants:
            row = v.scorecard["mechanisms"]["table"].get(label)
            if row is None:
                cells.append("–")
                continue
            parts = [row[k] for k in row if isinstance(row[k], dict)]
            cells.append("+".join(str(p["taken"]) for p in parts) + " / " + str(sum(p["offered"] for p in parts)))
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    out += ["", "## Wins by seat (95 % interval)", "",
            "| variant | fair | " + " | ".join(f"seat {i}" for i in range(1, max(v.players for v in variants) + 1)) + " |",
            "|---|---:|" + "---:|" * max(v.players for v in variants)]
    for v in variants:
        seats = [f"{s['rate']:.1%} [{s['ci95'][0]:.1%}–{s['ci95'][1]:.1%}]" for s in v.scorecard["seats"]]
        seats += [""] * (max(x.players for x in variants) - len(seats))
        out.append(f"| {v.variant.id} | {1 / v.players:.1%} | " + " | ".join(seats) + " |")
    return "\n".join(out) + "\n"


def plot_lengths(run: CheckRun, path: Path) -> None:
    """``length_figure(run)`` written to ``path`` as a PNG (150 dpi), atomically
    (``pnp.files.write_atomically``: a signal or a full disk leaves no temporary file)."""
    import io

    import matplotlib.pyplot as plt

    from pnp.files import write_atomically

    fig = length_figure(run)
    try:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
    finally:
        plt.close(fig)
    write_atomically(path.parent, [(path, buffer.getvalue())], key="--report")


def _per_1000(rate: float) -> str:
    """A rate per 1,000 games as the summary prints it: whole numbers from 10 up, one decimal
    below ("613.636" and "5613.64" side by side read as two scales)."""
    tenths = round(rate, 1)
    return f"{rate:.0f}" if tenths >= 10 or tenths == 0 else f"{tenths:.1f}"


def length_figure(run: CheckRun):
    """Box plots of game length in rounds (finished games, whiskers 5-95 %): one panel per
    variant (set-up) of the game, titled with its name, one box per player count, each
    box labelled with its player count, finished games and the scorecard's median.  The
    panels share the rounds axis.  Returns the matplotlib figure (the caller closes it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy

    setups: dict[str, list] = {}
    for v in run.variants:
        setups.setdefault(v.variant.setup, []).append(v)
    boxes = len(run.variants)
    fig, axes = plt.subplots(1, len(setups), figsize=(max(5.0, 1.15 * boxes + 1.6), 4.4), dpi=150, sharey=True,
                             squeeze=False, gridspec_kw={"width_ratios": [len(vs) for vs in setups.values()]})
    top = max((max(v.rounds) for v in run.variants if v.rounds), default=1)
    for ax, (setup, variants) in zip(axes[0], setups.items()):
        # the line in each box is the scorecard's median, the number its label gives
        ax.boxplot([v.rounds or [0] for v in variants], whis=(5, 95), showfliers=False, widths=0.55,
                   usermedians=[v.scorecard["rounds"]["median"] for v in variants])
        ax.set_xticks(range(1, len(variants) + 1),
                      [f"{v.players} players\n{v.scorecard['finished']}/{v.scorecard['games']} finished"
                       for v in variants], fontsize=7.5)
        for i, v in enumerate(variants, 1):
            median = v.scorecard["rounds"]["median"]
            if median is not None:
                high = float(numpy.percentile(v.rounds, 95)) if v.rounds else 0.0   # the upper whisker
                ax.annotate(f"median {median:g}", (i, high), xytext=(0, 4), textcoords="offset points",
                            ha="center", va="bottom", fontsize=7.5)
        if len(setups) > 1 or setup != STANDARD:
            ax.set_title(f"variant {setup}", fontsize=10)
        ax.grid(axis="y", alpha=0.3)
        ax.set_ylim(0, top * 1.12)
    axes[0][0].set_ylabel("game length (rounds)")
    # Wrapped to the figure's width (about 12 characters of 10 pt type an inch): with one or
    # two boxes the figure is 5 in wide and the title ran off both sides.
    title = f"{run.game}: {run.games} {run.player} games per variant and player count (whiskers 5-95 %)"
    fig.suptitle(textwrap.fill(title, width=int(fig.get_figwidth() * 12)), fontsize=10)
    fig.tight_layout()
    return fig


@click.command("balance")
@click.argument("game_id", metavar="GAME", shell_complete=complete.games)
@click.option("--players", type=int, required=True, help="Player count of the variant to balance.")
@click.option("--variant", "setup", default=None, show_default="the data's set-up for the player count",
              shell_complete=complete.variants,
              help="Variant of the game, by name (e.g. 'short'); `pnp games` lists them.")
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
              help="Heuristic games per compensation tried (the same seeds for each).")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed, as in `pnp check`.")
@click.option("--json", "json_file", type=OutputPath(dir_okay=False, path_type=Path), default=None,
              show_default="no JSON", help="Write every compensation tried, with its seat intervals, here ('-': "
                                         "standard output, and the printout and progress go to standard error).")
@click.option("--band", type=click.FloatRange(0.001, 1), default=None, show_default="checks.yaml's seat_band_h",
              help="The fairness rule's band around the fair share, in Cohen's h (0.1: 45-55 % at 2 players, "
                   "28.7-38.1 % at 3; README: Seat balance).")
@_where_to_run
@click.pass_context
def balance(ctx, game_id, players, setup, games, seed, json_file, band, workers, cluster, quiet):
    """Search the smallest seat compensation the data can express (e.g. start money by
    seat) whose games pass the fairness rule of `pnp check` (README: Seat balance), by
    simulation, and confirm it on as many games on fresh seeds.  Reports every
    compensation tried with its seats' 95 % intervals; the standard game is not changed
    (declare a balanced variant in the data to print one)."""
    from pnp.engine.balance import search
    from pnp.model import load_game

    game = load_game(game_id, data_dir((ctx.obj or {}).get("data_dir")))
    game.check_players(players)
    variant = game.variant(players, setup)
    to_stdout = _is_stdout(json_file)
    if json_file is not None and not to_stdout:
        _check_writable_target(json_file, "--json")

    def show(trial):
        if trial.confirm is None:
            seats = ", ".join(f"{s['rate']:.1%} [{s['ci95'][0]:.1%}-{s['ci95'][1]:.1%}]" for s in trial.seats)
            click.echo(f"  {trial.describe}: {seats}; {seat_verdict_line(trial.verdict)}", err=to_stdout)
        else:
            seats = ", ".join(f"{s['rate']:.1%} [{s['ci95'][0]:.1%}-{s['ci95'][1]:.1%}]" for s in trial.confirm["seats"])
            click.echo(f"    on fresh seeds: {seats}; {seat_verdict_line(trial.confirm['verdict'])}", err=to_stdout)

    click.echo(f"{game_id}, {variant.id}: {games} heuristic games per compensation, seed {seed}", err=to_stdout)
    result = _on_executor(workers, cluster, quiet, lambda executor, progress: search(
        game, variant, games=games, seed=seed, progress=show, band=band, executor=executor, reporter=progress),
        to_stderr=to_stdout)
    from pnp.engine.fairness import band_rates

    lo, hi = band_rates(variant.players, result.band)
    band = f"the band {lo:.1%}-{hi:.1%} (fair {result.fair:.1%})"
    if result.found is None:
        click.echo(f"no compensation tried passes the fairness rule with every seat within {band} on fresh seeds",
                   err=to_stdout)
    else:
        click.echo(f"smallest compensation that passes the fairness rule ({band}), confirmed on fresh seeds: "
                   f"{result.found.describe}", err=to_stdout)
    if json_file:
        _write_json(json_file, result.to_json())
        if not to_stdout:
            click.echo(f"wrote {json_file}")
