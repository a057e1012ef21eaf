"""Same inputs, same bytes, across processes (issue 17): one kit of each game is rebuilt in a
separate Python process with another PYTHONHASHSEED and another working directory (the output
folder given relative to it), and compared byte for byte with the kit the test run built
(tests/conftest.py ``shared_builds``).  A hash-order or a time stamp shows here; a rebuild in
the same process could not show either.  The test run builds every kit in one process
(conftest sets ``PNP_BUILD_PROCESSES=1``); the rebuild here uses the default second process,
so the two ways of building are compared byte for byte too."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

# One kit per game, each one the test run builds anyway (the smallest of the shared builds).
KITS = [["samarkand", "--players", "2"], ["caravan", "--players", "2", "--lang", "da"], ["caravan-chessboard"]]


def _other_hash_seed() -> str:
    mine = os.environ.get("PYTHONHASHSEED", "random")
    return "4242" if mine != "4242" else "1717"


@pytest.mark.parametrize("kit", KITS, ids=lambda args: args[0])
def test_a_rebuild_in_another_process_is_byte_identical(shared_builds, tmp_path, kit):
    game = kit[0]
    reference = shared_builds(*kit)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONHASHSEED": _other_hash_seed(), "PNP_BUILD_PROCESSES": "2"}
    done = subprocess.run([sys.executable, "-c", "import sys; from pnp.cli import main; sys.exit(main(sys.argv[1:]))",
                           "build", *kit, "--out", "kit", "--no-check"],
                          cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rebuilt = sorted(p.name for p in (elsewhere / "kit").iterdir())
    expected = sorted(p.name for p in reference.iterdir() if not p.name.startswith("."))
    assert rebuilt == expected and any(n.endswith(".pdf") for n in rebuilt)
    for name in rebuilt:
        assert (elsewhere / "kit" / name).read_bytes() == (reference / name).read_bytes(), f"{game}: {name} differs"
