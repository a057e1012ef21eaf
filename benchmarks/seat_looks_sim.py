"""Expected games and verdicts of the sequential seat rule under other look schedules.

    python benchmarks/seat_looks_sim.py [--reps 600] [--seed 1]

Simulates the rule of ``pnp.engine.fairness.SeatRule.judge`` (its own code, with the
checks.yaml defaults: band h 0.1, alpha 0.05, beta 0.2; Bonferroni over the schedule's
looks) on multinomial win counts drawn from given seat shares, for four schedules of looks
(games at each look): ``pnp check``'s 1000/1500/2000, 1000/2000, 1000 to 2000 by 250, and
500 to 2000 by 250.  Prints, per seat shares (equal seats at 2 to 6 players, and leans
like Caravan's), the mean games played and the share of runs that fail.  Seeded: the same
figures every run.
"""

from __future__ import annotations

import argparse

import numpy as np

from pnp.engine.fairness import SeatRule

SCHEDULES = {
    "1000/1500/2000": [1000, 1500, 2000],
    "1000/2000": [1000, 2000],
    "1000-2000 by 250": [1000, 1250, 1500, 1750, 2000],
    "500-2000 by 250": [500, 750, 1000, 1250, 1500, 1750, 2000],
}
CASES = {
    "2p equal": [1, 1], "3p equal": [1, 1, 1], "4p equal": [1] * 4, "5p equal": [1] * 5, "6p equal": [1] * 6,
    "3p seat 1 39.4 %": [.394, .303, .303], "3p seat 1 38 % (edge)": [.38, .31, .31],
    "4p seat 1 31.4 %": [.314, .2287, .2287, .2286], "4p seat 1 30 %": [.30, .2333, .2333, .2334],
    "4p seat 1 28.9 % (inside)": [.289, .237, .237, .237],
}


def run(rule: SeatRule, shares, looks, reps: int, rng) -> tuple[float, float]:
    """(mean games played, share of runs failed) over ``reps`` runs."""
    p = np.array(shares, float) / sum(shares)
    games = fails = 0
    for _ in range(reps):
        wins, n = np.zeros(len(p), int), 0
        for i, at in enumerate(looks):
            wins += rng.multinomial(at - n, p)
            n = at
            verdict = rule.judge([int(w) for w in wins], len(looks), final=i == len(looks) - 1)["verdict"]
            if verdict != "more":
                break
        games += n
        fails += verdict == "fail"
    return games / reps, fails / reps


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    rule = SeatRule()
    print("| seat shares | " + " | ".join(SCHEDULES) + " |")
    print("|---|" + "---|" * len(SCHEDULES))
    for name, shares in CASES.items():
        cells = [run(rule, shares, looks, args.reps, rng) for looks in SCHEDULES.values()]
        print(f"| {name} | " + " | ".join(f"{g:.0f} games, {f:.0%} fail" for g, f in cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
