"""CPU per game of `pnp check`'s playouts, variant by variant, for several checkouts side by side.

    python benchmarks/playout_cpu.py --code before=/tmp/verdicts-base --code pure=. \\
        --code compiled=/tmp/compiled [--games samarkand,caravan,caravan-chessboard] [--scale 1]

Each checkout (``NAME=DIR``: its code and its data, run as a fresh process with
``PYTHONPATH=DIR``; ``benchmarks/check_bench.py --make-compiled DIR`` makes a compiled one)
plays the same seeded heuristic games of every variant as ``pnp check`` does (game i has
seed ``core.game_seed(1, players, i)``; check mode, the mechanism labels counted, the
invariants on that checkout's ``checks.yaml`` stride, or every move where its core has no
stride), one process at a time, interleaved variant by variant (the machine may be
shared: process CPU time is compared, not wall time).  Prints ms of CPU per game per
variant and checkout, each checkout's time over the first's, and a check that every
checkout's games had the same winners (the builds must play the same games).  A short
sample (``--scale``: games = scale x 24 / 30 / 6, by game): figures to within about 10 %
on a loaded machine; ``check_bench.py`` measures whole ``pnp check`` runs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

GAMES = ("samarkand", "caravan", "caravan-chessboard")
SAMPLE = {"samarkand": 24, "caravan": 30, "caravan-chessboard": 6}

#: run inside each checkout: ms of CPU per game of every variant, and a digest of the winners
PROBE = r"""
import inspect, json, sys, time
from pnp.engine.check import engine_of, load_settings, make_seats
from pnp.engine.core import game_seed, playout
from pnp.model import load_game
from pnp.model.catalog import data_dir
gid, n = sys.argv[1], int(sys.argv[2])
game = load_game(gid, data_dir())
engine, settings = engine_of(game), load_settings(game)
kw = {"stride": settings.invariant_stride} if "stride" in inspect.signature(playout).parameters else {}
out = {}
for v in game.variants():
    track = engine.tracking(game, v, settings)
    new = lambda seed: engine.new_game(game, v, seed, track)
    start, winners = time.process_time(), []
    for i in range(n):
        p = playout(new, make_seats(engine, "heuristic", v.players, {}), game_seed(1, v.players, i),
                    settings.move_cap, check=True, labels=engine.mechanisms, **kw)
        winners.append(p.winner)
    out[v.id] = [1000 * (time.process_time() - start) / n, winners]
print(json.dumps(out))
"""


def probe(code: Path, game: str, games: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(code)}
    proc = subprocess.run([sys.executable, "-c", PROBE, game, str(games)], cwd=code, env=env, capture_output=True,
                          text=True)
    if proc.returncode:
        raise SystemExit(f"{code}: {game}: {proc.stderr[-1500:]}")
    return json.loads(proc.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", action="append", required=True, metavar="NAME=DIR")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args(argv)
    codes = dict(c.split("=", 1) for c in args.code)
    names = list(codes)
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print("| variant | " + " | ".join(f"{n} ms/game" for n in names) + " | "
          + " | ".join(f"{n}/{names[0]}" for n in names[1:]) + " | same winners |")
    print("|---|" + "---|" * (2 * len(names)))
    same_all = True
    for game in args.games.split(","):
        games = max(1, round(SAMPLE.get(game, 10) * args.scale))
        runs = {n: probe(Path(codes[n]).resolve(), game, games) for n in names}
        for vid in runs[names[0]]:
            ms = [runs[n][vid][0] for n in names]
            same = all(runs[n][vid][1] == runs[names[0]][vid][1] for n in names)
            same_all &= same
            print(f"| {game} {vid} | " + " | ".join(f"{m:.1f}" for m in ms) + " | "
                  + " | ".join(f"{m / ms[0]:.0%}" for m in ms[1:]) + f" | {'yes' if same else 'NO'} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}; {games} games a variant")
    return 0 if same_all else 1


if __name__ == "__main__":
    sys.exit(main())
