"""The compiled engines (Cython, built by ``pip install .``: setup.py) play exactly the games
the pure-Python ones play.

``PNP_COMPILED_COPY``: a copy of the checkout whose engines are compiled in place (``.ci/run``
makes one from the wheel it builds; ``benchmarks/check_bench.py --make-compiled DIR`` makes
one too).  The test plays the same seeded games of every variant of the three games, with
heuristic, exploring and random seats in check mode, in this process and in a process
running the compiled copy, and compares every outcome: winner, turns, moves, the state's
counters and the mechanism coverage.  Without the variable it is skipped (a developer's
editable install has no compiled build); ``.ci/run`` sets it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

GAMES = ("samarkand", "caravan", "caravan-chessboard")


def outcomes(games: int = 3) -> dict:
    """Every variant's seeded games (``games`` heuristic, as many exploring and random ones),
    as plain JSON, and the engine build that played them."""
    import pnp.engine
    from pnp.engine.check import load_settings, simulate_many
    from pnp.model import load_game
    from pnp.model.catalog import data_dir

    out = {}
    for game_id in GAMES:
        game = load_game(game_id, data_dir())
        settings = load_settings(game)
        batches = [(v, games, (), kind) for v in game.variants() for kind in ("heuristic", "explore", "random")]
        for (variant, _, _, kind), (playouts, errors) in zip(batches, simulate_many(game, batches, 3, settings,
                                                                                     workers=1)):
            out[f"{game_id} {variant.id} {kind}"] = {
                "playouts": [dataclasses.asdict(p) for p in playouts], "errors": [e.to_json() for e in errors]}
    return json.loads(json.dumps({"build": pnp.engine.compiled(), "games": out}))


def test_compiled_engines_play_the_same_games():
    copy = os.environ.get("PNP_COMPILED_COPY")
    if not copy:
        pytest.skip("PNP_COMPILED_COPY is not set (no compiled build to compare with)")
    copy = Path(copy)
    assert list(copy.glob("pnp/engine/core*.so")), f"{copy}: pnp/engine/core is not compiled there"
    here = Path(__file__).resolve().parent
    script = f"import sys, json; sys.path.insert(1, {str(here)!r}); from test_compiled import outcomes; " \
             "print(json.dumps(outcomes()))"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PNP_DATA_DIR"] = str(copy / "data")
    run = subprocess.run([sys.executable, "-c", script], cwd=copy, env=env, capture_output=True, text=True,
                         check=True)
    compiled = json.loads(run.stdout)
    pure = outcomes()
    assert compiled["build"] is True and pure["build"] is False
    assert compiled["games"].keys() == pure["games"].keys()
    for key, played in pure["games"].items():
        assert compiled["games"][key] == played, key
    assert sum(len(v["playouts"]) for v in pure["games"].values()) >= 3 * 3 * 20
