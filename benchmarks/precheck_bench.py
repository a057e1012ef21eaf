"""What the pre-print check adds to `pnp build`, for every game, player count and variant.

For each variant (``game.variants()``: every player count, every set-up) the kit is built
``--repeat`` times with the check and as many times with ``--no-check``, alternating, each
a whole process (``python -m pnp.cli build GAME --players N --variant V``, English, A4);
the figures are medians:

- *wall*: the build's wall time with the check, and what the check adds to it
  (with − without): issue 16's "the pre-print check of a build adds at most 1 s"
  (2-core machine, idle; the load average is printed before and after: on a shared
  machine read the CPU columns too);
- *CPU*: user + sys of the build and every process it started (``os.wait4``), with the
  check, and what the check adds;
- the sample the check plays (``pnp.engine.check.start_quick_check``, sized by
  checks.yaml's ``quick_moves`` and ``quick_games``): games and moves, and the CPU of
  playing it in one process (``quick_check`` with one worker, ``time.process_time``): the
  check's own work, whatever the machine's load; half of it is the wall the check would
  add on two idle cores if nothing overlapped it.

The wall columns are medians and, in brackets, the smallest difference of one run's pair
(on a shared machine the least disturbed pair is the nearer to an idle one).  ``--before
DIR`` adds the same figures for the code of another checkout (e.g. the main branch), built
in the same run, pairs interleaved: the change's before -> after.

Usage: python benchmarks/precheck_bench.py [--games samarkand,caravan,...] [--repeat N]
                                           [--variants 6p,2p-short,...] [--before DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def build_once(game: str, variant, out: Path, check: bool, code: Path | None = None) -> tuple[float, float]:
    """(wall s, CPU s of the process tree) of one whole ``pnp build`` process (``code``: a
    checkout whose ``pnp`` package to run, e.g. before a change; default this one)."""
    args = [sys.executable, "-m", "pnp.cli", "build", game, "--players", str(variant.players),
            "--variant", variant.setup, "--out", str(out), "--quiet"]
    if not check:
        args.append("--no-check")
    start = time.perf_counter()
    code = code or Path(__file__).resolve().parents[1]
    # run from the checkout: ``python -m`` puts the working folder first on the path
    env = {**os.environ, "PYTHONPATH": str(code)}
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=code)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"build of {game} {variant.id} failed: {proc.stderr.read().decode()}")
    return wall, usage.ru_utime + usage.ru_stime


def sample(game, variant) -> tuple[int, int, float]:
    """(games, moves, CPU s) of the pre-print check's sample played in this process."""
    from pnp.engine.check import quick_check

    start = time.process_time()
    report = quick_check(game, variant, seed=0, workers=1)
    return report.games, report.moves, time.process_time() - start


def median(values: list[float]) -> float:
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def main() -> None:
    from pnp.model import load_game
    from pnp.model.catalog import data_dir
    from pnp.registry import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(sorted(games())))
    parser.add_argument("--variants", default="", help="only these variant ids (e.g. 6p,2p-short)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, default=None, help="a checkout to compare with (its data folder too)")
    opts = parser.parse_args()
    print(f"pnp build GAME --players N --variant V (en, a4), with and without the pre-print check, median of "
          f"{opts.repeat}; cores: {os.cpu_count()}; load before: {os.getloadavg()[0]:.1f}")
    before = "" if opts.before is None else f" {'before +wall s':>15} {'+CPU s':>7}"
    print(f"{'game':<20} {'variant':<12} {'games':>5} {'moves':>7} {'check CPU s':>11} {'CPU/2 s':>7} "
          f"{'build s':>7} {'+wall s':>13} {'+CPU s':>7}{before}")
    root = data_dir()
    worst = 0.0
    codes = [None] if opts.before is None else [None, opts.before.resolve()]
    for game_id in opts.games.split(","):
        game = load_game(game_id, root)
        for variant in game.variants():
            if opts.variants and variant.id not in opts.variants.split(","):
                continue
            games_played, moves, cpu = sample(game, variant)
            walls = {(code, check): [] for code in codes for check in (False, True)}
            cpus = {(code, check): [] for code in codes for check in (False, True)}
            with tempfile.TemporaryDirectory() as tmp:
                for _ in range(opts.repeat):
                    for code in codes:
                        for check in (False, True):
                            wall, used = build_once(game_id, variant, Path(tmp), check, code)
                            walls[code, check].append(wall)
                            cpus[code, check].append(used)

            def added(code):
                pairs = min(b - a for a, b in zip(walls[code, False], walls[code, True]))
                return (median(walls[code, True]) - median(walls[code, False]), pairs,
                        median(cpus[code, True]) - median(cpus[code, False]))

            now = added(None)
            worst = max(worst, now[0])
            line = (f"{game_id:<20} {variant.id:<12} {games_played:5d} {moves:7d} {cpu:11.2f} {cpu / 2:7.2f} "
                    f"{median(walls[None, True]):7.2f} {now[0]:6.2f} ({now[1]:4.2f}) {now[2]:7.2f}")
            if opts.before is not None:
                then = added(codes[1])
                line += f" {then[0]:7.2f} ({then[1]:4.2f}) {then[2]:7.2f}"
            print(line, flush=True)
    print(f"largest wall the check added (median): {worst:.2f} s; load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
