"""The strong player against the heuristic, heads-up: win rates with Wilson 95 % intervals
and the CPU per game.

    nice python benchmarks/strong_bench.py [--games 400] [--game samarkand,caravan,caravan-chessboard]
        [--scale 1,4,16] [--samples N] [--candidates N] [--horizon 0] [--seed 1] [--first 0] [--workers 2]

Each game's 2-player variant (the data's set-up for 2 players: Samarkand standard, Caravan
short, the chessboard standard) plays ``--games`` seeded games of the strong player
(``pnp.engine.strong.StrongPlayer``) against the heuristic: game i has the seed
``core.game_seed(seed, 2, i)`` and the strong player at seat ``i % 2`` (seats alternated),
in check mode (every move's legality checked, invariants on the game's stride).  Printed
per game and budget: wins of the strong player, its win rate with a Wilson 95 % interval,
its seat-1 and seat-2 rates, and the CPU seconds per game (process CPU of the workers,
summed), next to the heuristic-vs-heuristic baseline at the same seeds (the seat the strong
player would hold, played by the heuristic: about 50 % by construction) and its CPU per
game.  ``--scale 1,4,16`` plays the strong player at 1, 4 and 16 times ``--samples`` (the
plateau).  At most ``--workers`` processes (default 2: the machine is shared; run it
with ``nice``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine.check import engine_of, load_settings  # noqa: E402
from pnp.engine.core import game_seed, playout  # noqa: E402
from pnp.engine.players import HeuristicPlayer  # noqa: E402
from pnp.engine.scorecard import wilson  # noqa: E402
from pnp.engine.strong import HORIZON, StrongPlayer  # noqa: E402
from pnp.model import load_game  # noqa: E402
from pnp.model.catalog import data_dir  # noqa: E402

GAMES = ("samarkand", "caravan", "caravan-chessboard")


def play(job: tuple) -> tuple[list[tuple[int, int | None]], float, int]:
    """Play one chunk: ``job`` = (game id, seed, first index, count, samples (0: the
    heuristic at both seats), candidates, horizon).  Returns ([(strong seat, winner)],
    CPU seconds, rollouts)."""
    gid, seed, first, count, samples, candidates, horizon = job
    game = load_game(gid, data_dir())
    engine, settings = engine_of(game), load_settings(game)
    variant = game.variant(2)
    track = engine.tracking(game, variant, settings)
    heuristic = HeuristicPlayer(engine.choose)
    strong = StrongPlayer(engine, samples, candidates, horizon) if samples else heuristic
    out = []
    start = time.process_time()
    for i in range(first, first + count):
        seat = i % 2
        seats = [heuristic, heuristic]
        seats[seat] = strong
        p = playout(lambda s: engine.new_game(game, variant, s, track), seats, game_seed(seed, 2, i),
                    settings.move_cap, check=True, stride=settings.invariant_stride)
        out.append((seat, p.winner))
    return out, time.process_time() - start, getattr(strong, "rollouts", 0)


def run(gid: str, games: int, seed: int, samples: int, candidates: int, horizon: int, workers: int,
        label: str = "", first: int = 0) -> dict:
    """Play ``games`` games and tally them (``play``): wins, rate, interval, per-seat rates,
    CPU per game; games ``first`` .. ``first + games - 1``.  With ``label``, the running tally is printed to standard error after
    every chunk of 10 games (a long run can be read, or cut short, as it goes)."""
    chunk = 10
    jobs = [(gid, seed, first + f, min(chunk, games - f), samples, candidates, horizon) for f in range(0, games, chunk)]
    results: list = []
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for r in pool.map(play, jobs):
                results.append(r)
                if label:
                    print(line(label + " so far", tally(results)), file=sys.stderr, flush=True)
    else:
        for j in jobs:
            results.append(play(j))
            if label:
                print(line(label + " so far", tally(results)), file=sys.stderr, flush=True)
    return tally(results)


def tally(results: list) -> dict:
    """The figures of the chunks ``results`` (``play``'s returns)."""
    pairs = [x for r in results for x in r[0]]
    cpu = sum(r[1] for r in results)
    rollouts = sum(r[2] for r in results)
    wins = sum(1 for seat, w in pairs if w == seat)
    by_seat = []
    for s in (0, 1):
        mine = [w for seat, w in pairs if seat == s]
        by_seat.append(sum(1 for w in mine if w == s) / max(1, len(mine)))
    lo, hi = wilson(wins, len(pairs))
    return {"games": len(pairs), "wins": wins, "rate": wins / len(pairs), "ci": (lo, hi), "by_seat": by_seat,
            "cpu_per_game": cpu / len(pairs), "rollouts_per_game": rollouts / len(pairs),
            "capped": sum(1 for _, w in pairs if w is None)}


def line(label: str, r: dict) -> str:
    lo, hi = r["ci"]
    return (f"  {label:<28}{r['wins']:>5}/{r['games']:<5}{r['rate']:>7.1%}  [{lo:.1%}-{hi:.1%}]  "
            f"seat 1 {r['by_seat'][0]:.1%}, seat 2 {r['by_seat'][1]:.1%}  "
            f"{r['cpu_per_game']:8.3f} s CPU/game" + (f"  {r['rollouts_per_game']:,.0f} rollouts/game"
                                                      if r["rollouts_per_game"] else "")
            + (f"  {r['capped']} capped" if r["capped"] else ""))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--game", default=",".join(GAMES))
    ap.add_argument("--scale", default="1", help="budgets as multiples of --samples, e.g. 1,4,16")
    ap.add_argument("--samples", type=int, default=None,
                    help="samples per decision (default: the game's checks.yaml simulation.strong_samples)")
    ap.add_argument("--candidates", type=int, default=None,
                    help="candidates per decision (default: the game's checks.yaml simulation.strong_candidates)")
    ap.add_argument("--horizon", type=int, default=HORIZON)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (to split a run over machines)")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--no-baseline", action="store_true", help="skip the heuristic-vs-heuristic games")
    a = ap.parse_args(argv)
    for gid in a.game.split(","):
        settings = load_settings(load_game(gid, data_dir()))
        samples = a.samples or settings.strong_samples
        candidates = a.candidates or settings.strong_candidates
        print(f"{gid} 2 players: {a.games} games from game {a.first}, seed {a.seed}, strong at seat i % 2 of game i "
              f"({candidates} candidates, horizon {a.horizon or 'to the end'})", flush=True)
        base = None
        if not a.no_baseline:
            base = run(gid, a.games, a.seed, 0, candidates, a.horizon, a.workers, first=a.first)
            print(line("heuristic (baseline)", base), flush=True)
        for scale in (int(x) for x in a.scale.split(",")):
            n = samples * scale
            label = f"strong {candidates}x{n} ({scale}x)"
            r = run(gid, a.games, a.seed, n, candidates, a.horizon, a.workers, label, a.first)
            extra = f"  ({r['cpu_per_game'] / base['cpu_per_game']:,.0f}x the heuristic's CPU)" if base else ""
            print(line(label, r) + extra, flush=True)


if __name__ == "__main__":
    main()
