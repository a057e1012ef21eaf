"""CARAVAN on a chessboard: engine speed, and the player-count study behind DESIGN.md.

    python benchmarks/chessboard_bench.py                 # games/s per variant, plain and check mode
                                                          # (check mode as `pnp check` plays: the
                                                          # invariants on checks.yaml's stride, the
                                                          # mechanism labels counted)
    python benchmarks/chessboard_bench.py --study 2-8     # the player-count table (DESIGN.md)
    python benchmarks/chessboard_bench.py --random 10000  # random players in check mode

The study plays heuristic games at player counts outside the data's range too (the state
is built from the model's tables directly), so that the table shows where the game stops
working.  Seeds are ``core.game_seed(1, players, i)``: the figures are reproducible.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.caravan_chessboard import bot as chessboard_bot  # noqa: E402
from pnp.games.caravan_chessboard import engine as chessboard  # noqa: E402
from pnp.engine.check import load_settings  # noqa: E402
from pnp.engine.core import EngineError, game_seed, playout  # noqa: E402
from pnp.engine.players import HeuristicPlayer, RandomPlayer  # noqa: E402
from pnp.engine.scorecard import percentile  # noqa: E402
from pnp.model import load_game  # noqa: E402

MOVE_CAP = 15000
_GAME = None


def _game():
    global _GAME
    if _GAME is None:
        _GAME = load_game("caravan-chessboard", ROOT / "data")
    return _GAME


def _play(job):
    players, seeds, kind, check, stride = job
    T = chessboard.tables(_game())
    player = HeuristicPlayer(chessboard_bot.choose) if kind == "heuristic" else RandomPlayer()
    # check mode as pnp check plays it (stride None: the data's, mechanisms counted), or with
    # every move's invariants checked (stride 1: the random players' rules test)
    extra = {} if not check else {"stride": 1} if stride == 1 else {
        "stride": load_settings(_game()).invariant_stride, "labels": chessboard.mechanisms}
    out = []
    for seed in seeds:
        try:
            out.append(playout(lambda s: chessboard.ChessboardState(T, players, s, (10, 5, 1)),
                               [player] * players, seed, MOVE_CAP, check=check, **extra))
        except EngineError as exc:
            out.append((exc.kind, exc.reason, exc.seed))
    return out


def run(players: int, games: int, kind: str, check: bool, workers: int, stride: int | None = None):
    seeds = [game_seed(1, players, i) for i in range(games)]
    chunk = max(1, games // (workers * 8))
    jobs = [(players, seeds[i:i + chunk], kind, check, stride) for i in range(0, games, chunk)]
    if workers == 1:
        results = [_play(j) for j in jobs]
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_play, jobs)
    return [r for part in results for r in part]


def speed(args) -> None:
    """Games per CPU second (process time, so that other load on the machine does not count)."""
    game = _game()
    total = 0.0
    print(f"{'variant':>8} {'mode':>6} {'games/s':>8} {'ms/game':>8}   (CPU time of one process; check: invariants "
          f"every {load_settings(game).invariant_stride} moves)")
    for players in game.player_counts:
        for check in (False, True):
            start = time.process_time()
            run(players, args.games, "heuristic", check, 1)
            dt = time.process_time() - start
            total += dt if check else 0.0
            print(f"{players:>7}p {'check' if check else 'plain':>6} {args.games / dt:8.1f} {1000 * dt / args.games:8.1f}")
    per_set = total / args.games
    print(f"check mode, one game of every variant: {1000 * per_set:.0f} ms of CPU; "
          f"1000 games per variant on 2 idle cores: about {1000 * per_set / 2:.0f} s")


def study(args) -> None:
    lo, hi = (int(x) for x in args.study.split("-"))
    print("| players | finished | median rounds | p90 rounds | median turns | blocked / game | "
          "dry draws / game | lowest supply (median, 1 %) | reshuffles / game | robberies / game | seat 1 wins |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for players in range(lo, hi + 1):
        start = time.perf_counter()
        res = run(players, args.games, "heuristic", False, args.workers)
        plays = [r for r in res if not isinstance(r, tuple)]
        fin = [p for p in plays if not p.timed_out]

        def mean(key):
            return statistics.mean(p.stats[key] for p in plays)

        robs = statistics.mean(sum(p.stats["penalties"].values()) for p in plays)
        seat1 = sum(1 for p in fin if p.winner == 0) / max(1, len(fin))
        print(f"| {players} | {len(fin)}/{len(res)} | {percentile([p.rounds for p in fin], 0.5)} | "
              f"{percentile([p.rounds for p in fin], 0.9)} | {percentile([p.turns for p in fin], 0.5)} | "
              f"{mean('blocked'):.1f} | {mean('dry_draws'):.1f} | {percentile([p.stats['min_supply'] for p in plays], 0.5)}, "
              f"{percentile([p.stats['min_supply'] for p in plays], 0.01)} | "
              f"{mean('reshuffles'):.1f} | {robs:.1f} | {seat1:.0%} |", flush=True)
        if args.verbose:
            print(f"  ({time.perf_counter() - start:.1f} s)", file=sys.stderr)


def random_games(args) -> None:
    game = _game()
    per = args.random // len(game.player_counts)
    start = time.perf_counter()
    for players in game.player_counts:
        res = run(players, per, "random", True, args.workers, stride=1)
        errors = [r for r in res if isinstance(r, tuple)]
        plays = [r for r in res if not isinstance(r, tuple)]
        kinds = [e[0] for e in errors]
        print(f"{players}p random, check mode: {len(res)} games, {sum(1 for p in plays if not p.timed_out)} finished, "
              f"{sum(1 for p in plays if p.timed_out)} timeouts, {kinds.count('dead end')} dead ends, "
              f"{kinds.count('invariant violation')} invariant violations, {kinds.count('rule gap')} rule gaps"
              + (f"; first: {errors[0]}" if errors else ""), flush=True)
    print(f"{time.perf_counter() - start:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per variant (speed) or per player count (study)")
    ap.add_argument("--study", help="player-count range for the study table, e.g. 2-8")
    ap.add_argument("--random", type=int, help="random-player games in check mode, split over the variants")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    if args.study:
        study(args)
    elif args.random:
        random_games(args)
    else:
        speed(args)


if __name__ == "__main__":
    main()
