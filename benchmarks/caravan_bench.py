"""Caravan engine benchmark: playout speed per core, and the 10,000-game random check.

    python benchmarks/caravan_bench.py [--games 200] [--random-games 10000] [--seed 1]

1. Speed, one process (= one core), every variant: heuristic players without invariant
   checks (the speed of a playout) and with them (the speed of ``pnp check``), and random
   players in check mode; prints games/s (wall clock and CPU time of this process: on a
   shared machine the CPU figure is the engine's own) and moves per game.
2. ``--random-games`` random-player games in check mode over all cores, half with random
   and half with busy-random seats (which never end a turn early), split evenly over the variants: invariant violations, dead ends and rule gaps must be 0; timeouts (games
   that hit the move cap) are reported apart, with how often the rule paths (pick-ups,
   steals, refills, deliveries, the two ways a game ends) were taken.
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

PATHS = ("pickups", "steals", "refills", "deliveries", "demand_short", "shared_wins")


def speed(game, settings, games: int, seed: int) -> None:
    print(f"speed, one core ({games} games per variant, seed {seed})")
    print(f"  {'player':<10}{'variant':>10}{'check':>7}{'games/s':>10}{'CPU g/s':>10}{'moves/game':>12}")
    for player, check in (("heuristic", False), ("heuristic", True), ("random", True)):
        total_games = total_moves = 0
        total_wall = total_cpu = 0.0
        for variant in game.variants():
            wall, cpu = time.perf_counter(), time.process_time()
            ((playouts, errors),) = simulate_many(game, [(variant, games, ())], seed, settings, player=player,
                                                   check=check, workers=1)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            moves = sum(x.moves for x in playouts)
            total_games, total_moves = total_games + games, total_moves + moves
            total_wall, total_cpu = total_wall + wall, total_cpu + cpu
            print(f"  {player:<10}{variant.id:>10}{'yes' if check else 'no':>7}{games / wall:>10.0f}"
                  f"{games / cpu:>10.0f}{moves / games:>12.0f}")
        print(f"  {player:<10}{'all':>10}{'yes' if check else 'no':>7}{total_games / total_wall:>10.0f}"
              f"{total_games / total_cpu:>10.0f}{total_moves / total_games:>12.0f}")


def random_check(game, settings, games: int, seed: int, player: str = "random") -> bool:
    variants = game.variants()
    per = [games // len(variants) + (1 if i < games % len(variants) else 0) for i in range(len(variants))]
    print(f"\n{games} {player}-player games in check mode, {os.cpu_count()} workers, move cap {settings.move_cap}")
    start = time.perf_counter()
    results = simulate_many(game, [(v, n, ()) for v, n in zip(variants, per)], seed, settings,
                            player=player, check=True)
    dt = time.perf_counter() - start
    ok = True
    for v, n, (playouts, errors) in zip(variants, per, results):
        kinds = collections.Counter(e.kind for e in errors)
        paths = collections.Counter()
        for x in playouts:
            for k in PATHS:
                paths[k] += x.stats[k]
            paths[f"ended_by_{x.stats['ended_by']}"] += 1
        timeouts = sum(x.timed_out for x in playouts)
        print(f"  {v.id}: {n} games, {len(playouts) - timeouts} finished, {timeouts} timeouts, "
              f"{kinds['invariant violation']} invariant violations, {kinds['dead end']} dead ends, "
              f"{kinds['rule gap']} rule gaps")
        print("    rule paths taken: " + ", ".join(f"{k} {v}" for k, v in sorted(paths.items())))
        for e in errors[:3]:
            print(f"    {e}")
        ok = ok and not errors
    moves = sum(x.moves for _, (pl, _) in zip(variants, results) for x in pl)
    print(f"  {dt:.1f} s, {games / dt:.0f} games/s, {moves / dt:.0f} moves/s over all workers")
    print("PASS: no invariant violation, no dead end, no rule gap" if ok else "FAIL")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per variant for the speed table")
    ap.add_argument("--random-games", type=int, default=10000, help="random-player check-mode games (0 to skip)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = load_game("caravan", data_dir())
    settings = load_settings(game)
    if args.games:
        speed(game, settings, args.games, args.seed)
    if not args.random_games:
        return 0
    # Lazy random seats end most turns at once and stall every game; busy ones act while
    # they can and reach deliveries and the empty bag.  Both must break no rule.
    ok = [random_check(game, settings, args.random_games // 2, args.seed, player)
          for player in ("random", "busy-random")]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
