"""Where a simulated game's time goes: each part of a move, per decision phase, in µs.

    python benchmarks/engine_profile.py GAME [--games 8] [--seed 1] [--repeat 5]

Plays ``--games`` heuristic games of every variant of GAME (``pnp games``), keeps a copy
of the state before every move, then times on those copies, one part at a time: the
heuristic's decision (per phase of the game's engine, only where there is a choice), the
legal moves, the invariant check (what ``pnp check`` adds after every move), the mechanism
labels (and the set of those offered, as a playout counts them), and applying the move (to
fresh copies made before each pass, untimed).  Each figure is the best of ``--repeat``
passes of this process's CPU time (the machine may be shared), as µs per call and ms per
game.

Unlike cProfile, whose cost per Python call inflates code made of many small calls
(a bot's decision) against code that runs in a few C calls (an invariant check), the
parts are timed unprofiled, so their shares add up to a playout's real cost.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.engine.check import engine_of, load_settings  # noqa: E402
from pnp.engine.core import Labels, game_seed, player_rng  # noqa: E402
from pnp.engine.mcts import clone  # noqa: E402
from pnp.model import load_game  # noqa: E402
from pnp.model.catalog import data_dir  # noqa: E402


def record(game, engine, settings, games: int, seed: int) -> list[tuple]:
    """(state copy, legal moves, move chosen) before every move of ``games`` heuristic games
    per variant (seeds as ``pnp check``'s game i)."""
    out = []
    for variant in game.variants():
        track = engine.tracking(game, variant, settings)
        for i in range(games):
            s = game_seed(seed, variant.players, i)
            state = engine.new_game(game, variant, s, track)
            rng = player_rng(s)
            while not state.is_terminal() and len(out) < 10**6:
                moves = state.legal_moves()
                move = moves[0] if len(moves) == 1 else engine.choose(state, moves, rng)
                out.append((clone(state), moves, move))
                state.apply(move)
    return out


def best_time(function, items, repeat: int) -> float:
    """Least CPU seconds over ``repeat`` passes of ``function(item)`` for every item."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            function(item)
        best = min(best, time.process_time() - start)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="game id (pnp games)")
    ap.add_argument("--games", type=int, default=8, help="heuristic games per variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="passes per figure (the least is printed)")
    args = ap.parse_args()
    game = load_game(args.game, data_dir())
    engine, settings = engine_of(game), load_settings(game)
    states = record(game, engine, settings, args.games, args.seed)
    games = args.games * len(list(game.variants()))
    module = sys.modules[type(states[0][0]).__module__]
    phases = {v: k[3:].lower() for k, v in vars(module).items() if k.startswith("PH_") and isinstance(v, int)}
    labels = getattr(engine, "mechanisms", None)
    print(f"{args.game}: {games} heuristic games, {len(states)} moves ({len(states) / games:.0f} per game), "
          f"best of {args.repeat} passes")
    print(f"  {'part':<28}{'calls/game':>11}{'µs/call':>9}{'ms/game':>9}")
    rows = []
    rng = random.Random(args.seed)  # one source for every timed decision (a new one per call costs µs)
    for phase in sorted({s.phase for s, moves, _ in states if len(moves) > 1}):
        items = [(s, moves) for s, moves, _ in states if len(moves) > 1 and s.phase == phase]
        rows.append((f"decision: {phases.get(phase, phase)}", items,
                     lambda it: engine.choose(it[0], it[1], rng)))
    every = [s for s, _, _ in states]
    rows.append(("legal moves", every, lambda s: s.legal_moves()))
    rows.append(("invariant check", every, lambda s: s.check_invariants()))
    if labels is not None:
        pairs = [(s, moves) for s, moves, _ in states]

        def offered(it):  # the labels and their distinct set, as a playout counts them
            names = labels(it[0], it[1])
            return names.distinct if type(names) is Labels else set(names)

        rows.append(("mechanism labels", pairs, offered))
    copies = [(s, move) for s, _, move in states]
    total = 0.0
    for name, items, function in rows:
        seconds = best_time(function, items, args.repeat)
        total += seconds
        print(f"  {name:<28}{len(items) / games:>11.1f}{seconds / len(items) * 1e6:>9.2f}{seconds / games * 1e3:>9.3f}")
    # applying changes the state: each pass applies to fresh copies, made untimed (timing
    # copy + apply less a copy gave a negative figure where a copy costs far more)
    applying = float("inf")
    for _ in range(args.repeat):
        fresh = [(clone(s), move) for s, move in copies]
        start = time.process_time()
        for s, move in fresh:
            s.apply(move)
        applying = min(applying, time.process_time() - start)
    total += applying
    print(f"  {'apply':<28}{len(copies) / games:>11.1f}{applying / len(copies) * 1e6:>9.2f}"
          f"{applying / games * 1e3:>9.3f}")
    print(f"  {'sum of the parts':<28}{'':>11}{'':>9}{total / games * 1e3:>9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
