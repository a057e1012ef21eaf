"""Same inputs, same bytes, across processes: one kit of each game is rebuilt in a
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

from pnp.cli import main

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


def test_a_kit_built_twice_in_the_test_run_is_byte_identical(tmp_path):
    """The test run's shared pure work (conftest ``shared_pure_work``) serves a build's second
    time from what the first computed; the kit must come out as the first did, which is what
    a user gets.  A cached packing once came back with copies of the faces instead of the
    build's own, so a kit the packer's cache served converted some faces twice (19 font
    subsets for 17, 10 kB more): test kits were not the file users get."""
    kit = ["caravan-chessboard", "--players", "3", "--no-check", "--quiet"]
    outputs = []
    for name in ("first", "second"):
        assert main(["build", *kit, "--out", str(tmp_path / name)]) == 0
        outputs.append({p.name: p.read_bytes() for p in (tmp_path / name).iterdir()})
    assert any(n.endswith(".pdf") for n in outputs[0]) and outputs[0].keys() == outputs[1].keys()
    for name in outputs[0]:
        assert outputs[0][name] == outputs[1][name], f"{name} differs between the two builds"


def test_a_packer_a_test_patches_is_not_served_the_unpatched_packing(tmp_path, monkeypatch):
    """The shared packing is keyed by the packing module's constants and code too: with one
    block shape allowed the packer lays the kit out otherwise, and the served kit shows it
    (a reviewer's patch of the shapes tried was hidden by the cache)."""
    import pnp.printing.packing as packing

    kit = ["caravan-chessboard", "--players", "3", "--no-check", "--quiet"]
    pdf = "caravan-chessboard-3p-en-a4.pdf"
    assert main(["build", *kit, "--out", str(tmp_path / "free")]) == 0
    monkeypatch.setattr(packing, "ROWS_TRIED", (1,))
    monkeypatch.setattr(packing, "COLS_TRIED", (1.0,))
    assert main(["build", *kit, "--out", str(tmp_path / "single")]) == 0
    assert (tmp_path / "free" / pdf).read_bytes() != (tmp_path / "single" / pdf).read_bytes()
