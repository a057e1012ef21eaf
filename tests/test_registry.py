"""Games are found through the ``pnp.games`` entry points, never by name in the shared layers.

The fixture game ``tinygame`` (tests/fixtures/plugin_game/) lives outside ``pnp/``: a Python
package with its own data folder and a ``.dist-info`` that declares the entry point, as a
game published on its own would.  Putting that folder on ``PYTHONPATH`` installs it; no line
of ``pnp/`` knows it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "tests" / "fixtures" / "plugin_game"
A4_PT = (595.276, 841.89)   # ISO 216: 210 x 297 mm


def pnp(*args: str, path: Path | None = PLUGIN, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in (path,) if p)}
    env.pop("PNP_DATA_DIR", None)
    return subprocess.run([sys.executable, "-m", "pnp.cli", *args], capture_output=True, text=True, env=env, cwd=cwd)


def test_the_three_games_are_entry_points():
    names = {point.name: point.value for point in entry_points(group="pnp.games")}
    assert names == {
        "samarkand": "pnp.games.samarkand:GAME",
        "caravan": "pnp.games.caravan:GAME",
        "caravan-chessboard": "pnp.games.caravan_chessboard:GAME",
    }


def test_no_shared_module_names_a_game():
    """No module under pnp/ outside the game packages names a game id, in code, comments or
    docs (a game's own words, such as another game's title used as a noun, are its business;
    that games never import each other is import-linter's contract)."""
    from pnp.registry import games

    words = set()
    for game_id in games():
        words |= {game_id, game_id.replace("-", "_")} | set(game_id.split("-"))
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.IGNORECASE)
    shared = [p for p in sorted((REPO / "pnp").rglob("*.py")) if (REPO / "pnp" / "games") not in p.parents]
    offenders = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
                 for path in shared
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if pattern.search(line)]
    assert {"samarkand", "caravan", "chessboard"} <= words and len(shared) > 30
    assert offenders == []


def test_a_game_outside_pnp_is_listed_checked_and_built(tmp_path):
    listing = pnp("games")
    assert listing.returncode == 0, listing.stderr
    line = next(l for l in listing.stdout.splitlines() if l.startswith("tinygame"))
    assert "2-3 players (default 2)" in line and line.endswith("languages: en")

    report = tmp_path / "check.json"
    checked = pnp("check", "tinygame", "--games", "25", "--seed", "3", "--workers", "1", "--json", str(report))
    assert checked.returncode == 0, checked.stderr
    variants = json.loads(report.read_text())["variants"]
    assert [v["variant"] for v in variants] == ["2p", "3p"]
    # Nine cards, one drawn per turn: every game ends after exactly nine turns.
    assert all(v["scorecard"]["finished"] == 25 and v["scorecard"]["turns"]["median"] == 9 for v in variants)

    built = pnp("build", "tinygame", "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    # Not a terminal: one plain line per finished build step; after the build, the
    # pre-print check's result.
    assert [re.sub(r" in \d+\.\d s$", "", line) for line in built.stdout.splitlines()[:7]] == [
        "tinygame: read the data: done", "tinygame 2p: lay out the components: done",
        "tinygame 2p: rules sheet: done", "tinygame 2p: convert the printed pages: 2 pages",
        # the check's games play from the data's reading on; its verdict is taken for the contents page
        "tinygame 2p: pre-print check: 20 games", "tinygame 2p: contents page, ink, assembly: done",
        "tinygame 2p: font audit, write the files: done"]
    assert "\x1b[" not in built.stdout and "\r" not in built.stdout and built.stderr == ""
    assert built.stdout.splitlines()[-1].startswith(
        "pre-print check: passed: tinygame 2p, static checks and 20 simulated 2-player games, all finished")
    manifest = json.loads((tmp_path / "out" / "tinygame-2p-en-a4.manifest.json").read_text())
    deck = next(c for c in manifest["components"] if c["id"] == "deck")
    assert deck["count"] == 9 and deck["by_type"] == {"1": 3, "3": 3, "5": 3}   # game.yaml: 3 x (1, 3, 5)
    assert manifest["checked"].startswith("Checked: 20 games for 2 players, 20 finished")   # checks.yaml quick_games
    reader = PdfReader(tmp_path / "out" / "tinygame-2p-en-a4.pdf")
    assert len(reader.pages) == manifest["pages"] == 4   # contents, rules, card fronts, card backs
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4_PT, abs=0.01)
    rules_text = reader.pages[1].extract_text()
    assert "Tiny Draw" in rules_text and "a deck of 9 number cards" in rules_text and "at most 3 cards" in rules_text


def test_without_the_plugin_the_game_is_unknown(tmp_path):
    result = pnp("build", "tinygame", "--out", str(tmp_path), path=None)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert "unknown game 'tinygame'" in result.stderr and "samarkand" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_broken_entry_point_is_one_line(tmp_path):
    dist = tmp_path / "broken-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[pnp.games]\nbroken = no_such_module:GAME\n")
    result = pnp("games", path=tmp_path)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0
    assert "entry point broken = no_such_module:GAME (pnp.games) cannot be loaded" in result.stderr
