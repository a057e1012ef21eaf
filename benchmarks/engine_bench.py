"""Engine benchmark: playout speed per core, and the 10,000-game random check.

    python benchmarks/engine_bench.py [--games 300] [--random-games 10000] [--seed 1]

1. Speed, one process (= one core): heuristic and random players at every player count,
   without invariant checks (the speed of a playout) and with them (the speed of
   ``pnp check``); prints games/s by the wall clock and by this process's CPU time (the
   engine's own figure on a shared machine), and moves/s.
2. ``--random-games`` random-player games in check mode over all cores, split evenly
   over the player counts: invariant violations, dead ends and rule gaps must be 0;
   timeouts (games that hit the move cap) are reported apart, with how often the rare
   rule paths (deck running out, empty deck, penalties, field purchases) were taken.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.model.catalog import data_dir  # noqa: E402
from pnp.engine.check import load_settings, simulate_many  # noqa: E402
from pnp.model import load_game  # noqa: E402
from pnp.model.variant import Variant  # noqa: E402


def speed(game, settings, games: int, seed: int) -> None:
    """Games/s of one process: by the wall clock and by this process's CPU time (on a
    shared machine the CPU figure is the engine's own; issue 16 asks >= 500 heuristic
    games/s per core without invariant checks)."""
    print(f"speed, one core ({games} heuristic / {max(1, games // 10)} random games per player count, seed {seed})")
    print(f"  {'player':<10}{'players':>8}{'check':>7}{'games/s':>10}{'CPU g/s':>10}{'moves/s':>10}{'moves/game':>12}")
    for player, n in (("heuristic", games), ("random", max(1, games // 10))):
        for check in (False, True):
            total_games = total_moves = 0
            total_time = total_cpu = 0.0
            for p in game.player_counts:
                start, cpu = time.perf_counter(), time.process_time()
                ((playouts, errors),) = simulate_many(game, [(Variant(p), n, ())], seed, settings, player=player, check=check, workers=1)
                dt, cpu = time.perf_counter() - start, time.process_time() - cpu
                moves = sum(x.moves for x in playouts)
                total_games, total_moves = total_games + n, total_moves + moves
                total_time, total_cpu = total_time + dt, total_cpu + cpu
                print(f"  {player:<10}{p:>8}{'yes' if check else 'no':>7}{n / dt:>10.0f}{n / cpu:>10.0f}"
                      f"{moves / dt:>10.0f}{moves / n:>12.0f}")
            print(f"  {player:<10}{'all':>8}{'yes' if check else 'no':>7}{total_games / total_time:>10.0f}"
                  f"{total_games / total_cpu:>10.0f}{total_moves / total_time:>10.0f}{total_moves / total_games:>12.0f}")


def random_check(game, settings, games: int, seed: int) -> bool:
    counts = list(game.player_counts)
    per = [games // len(counts) + (1 if i < games % len(counts) else 0) for i in range(len(counts))]
    print(f"\n{games} random-player games in check mode, {os.cpu_count()} workers, move cap {settings.move_cap}")
    start = time.perf_counter()
    results = simulate_many(game, [(Variant(p), n, ()) for p, n in zip(counts, per)], seed, settings, player="random", check=True)
    dt = time.perf_counter() - start
    ok = True
    for p, n, (playouts, errors) in zip(counts, per, results):
        kinds = collections.Counter(e.kind for e in errors)
        paths = collections.Counter()
        for x in playouts:
            for k, v in x.stats.items():
                if isinstance(v, int) and k in ("deck_ran_out", "reshuffles", "dry_draws", "oasis_empty", "fields_bought"):
                    paths[k] += v
            for k, v in x.stats["penalties"].items():
                paths[k] += v
        timeouts = sum(x.timed_out for x in playouts)
        print(f"  {p} players: {n} games, {len(playouts) - timeouts} finished, {timeouts} timeouts, "
              f"{kinds['invariant violation']} invariant violations, {kinds['dead end']} dead ends, {kinds['rule gap']} rule gaps")
        print("    rule paths taken: " + ", ".join(f"{k} {v}" for k, v in sorted(paths.items())))
        for e in errors[:3]:
            print(f"    {e}")
        ok = ok and not errors
    moves = sum(x.moves for _, (pl, _) in zip(counts, results) for x in pl)
    print(f"  {dt:.1f} s, {games / dt:.0f} games/s, {moves / dt:.0f} moves/s over all workers")
    print("PASS: no invariant violation, no dead end, no rule gap" if ok else "FAIL")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="heuristic games per player count for the speed table")
    ap.add_argument("--random-games", type=int, default=10000, help="random-player check-mode games (0 to skip)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = load_game("samarkand", data_dir())
    settings = load_settings(game)
    speed(game, settings, args.games, args.seed)
    return 0 if not args.random_games or random_check(game, settings, args.random_games, args.seed) else 1


if __name__ == "__main__":
    sys.exit(main())
