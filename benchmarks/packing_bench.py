"""CPU seconds of the packer (``pnp.kit.build.pack_runs``: the search of
``pnp.printing.packing``) for each game's default kit, with how many times rectpack rated a
rectangle for a bin (``MaxRects.fitness``) and how many rectpack packings it ran.

The kit's components are laid out first (not timed); then the packer's caches
(``_rectpack``, ``_fits``, ``block_shapes``) are emptied and ``pack_runs`` is timed with
``time.process_time`` (this process only: the packer starts no other).  The median of
``--repeat`` runs is printed; the counts are the same in every run.

``--before DIR`` runs the same measurement in DIR (a checkout of main, with its own
``.venv`` if it has one, else this interpreter with DIR first on the path) and prints both
side by side, so that the two are measured under the same load.

Usage: python benchmarks/packing_bench.py [--games samarkand,caravan,...] [--paper a4|letter]
[--repeat N] [--before DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def measure(game_id: str, paper: str, repeat: int) -> dict:
    """{"cpu": median CPU seconds of packing, "ratings": fitness calls, "packings": rectpack
    packings} of ``game_id``'s default kit in English on ``paper``."""
    import rectpack.maxrects
    import rectpack.packer

    from build_bench import kit_inputs
    from pnp.kit.build import kit_runs, pack_runs
    from pnp.printing import packing

    counts = {"ratings": 0, "packings": 0}
    fitness = rectpack.maxrects.MaxRects.fitness
    pack = rectpack.packer.PackerGlobal.pack

    def counted_fitness(self, width, height):
        counts["ratings"] += 1
        return fitness(self, width, height)

    def counted_pack(self):
        counts["packings"] += 1
        return pack(self)

    recipe, game, strings, variant, settings, label = kit_inputs(game_id, paper)
    times = []
    for _ in range(repeat):
        runs = kit_runs(recipe, game, strings, variant, "en", settings, label)
        for cached in (packing._rectpack, packing._fits, packing.block_shapes):
            cached.cache_clear()
        counts.update(ratings=0, packings=0)
        rectpack.maxrects.MaxRects.fitness = counted_fitness
        rectpack.packer.PackerGlobal.pack = counted_pack
        try:
            start = time.process_time()
            pack_runs(runs, settings, label)
            times.append(time.process_time() - start)
        finally:
            rectpack.maxrects.MaxRects.fitness = fitness
            rectpack.packer.PackerGlobal.pack = pack
    # the counting wrappers cost a little CPU themselves: the same for both checkouts
    return {"cpu": sorted(times)[len(times) // 2], **counts}


def measure_in(checkout: Path, games: list[str], paper: str, repeat: int) -> dict:
    """``measure`` of each game run in ``checkout`` (its own interpreter when it has a .venv)."""
    python = checkout / ".venv" / "bin" / "python"
    env = dict(os.environ, PYTHONPATH=str(checkout))
    args = [str(python) if python.exists() else sys.executable, str(Path(__file__).resolve()), "--child",
            "--games", ",".join(games), "--paper", paper, "--repeat", str(repeat)]
    out = subprocess.run(args, cwd=checkout, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="samarkand,caravan,caravan-chessboard")
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", type=Path, help="a checkout of main to measure beside this one")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    opts = parser.parse_args()
    games = opts.games.split(",")
    if opts.child:
        print(json.dumps({g: measure(g, opts.paper, opts.repeat) for g in games}))
        return
    print(f"packing of the default kit (en, {opts.paper}), CPU median of {opts.repeat}; load "
          f"{os.getloadavg()[0]:.1f}")
    before = measure_in(opts.before, games, opts.paper, opts.repeat) if opts.before else None
    after = measure_in(Path(__file__).resolve().parent.parent, games, opts.paper, opts.repeat)
    if before is None:
        print(f"{'game':<20} {'CPU s':>7} {'ratings':>9} {'packings':>9}")
        for g in games:
            a = after[g]
            print(f"{g:<20} {a['cpu']:7.2f} {a['ratings']:9d} {a['packings']:9d}")
        return
    print(f"{'game':<20} {'CPU s before':>12} {'after':>7} {'ratings before':>14} {'after':>9} "
          f"{'packings before':>15} {'after':>6}")
    for g in games:
        b, a = before[g], after[g]
        print(f"{g:<20} {b['cpu']:12.2f} {a['cpu']:7.2f} {b['ratings']:14d} {a['ratings']:9d} "
              f"{b['packings']:15d} {a['packings']:6d}")


if __name__ == "__main__":
    main()
