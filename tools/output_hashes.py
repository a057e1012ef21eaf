"""Build every kit, deck and check report with fixed inputs and print one SHA-256 per file.

Used to show that a refactor changes no output: run it before and after, then diff.

    python tools/output_hashes.py OUT_DIR > hashes.txt

Covers every game x language x paper (default variant, --no-check), every game's
--duplex fold and --split kit in English on A4, every 2-player reduced deck, and
``pnp check --games 40 --seed 7 --json`` for every game. The check JSON is hashed with its
wall-clock ``seconds`` fields removed (a measurement, not a result). Exit status is non-zero
if any command fails.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

GAMES = ("samarkand", "caravan", "caravan-chessboard")
PNP = [sys.executable, "-m", "pnp.cli"]


def run(*args: str) -> None:
    subprocess.run([*PNP, *args], check=True, stdout=subprocess.DEVNULL)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        for lang in ("en", "da"):
            for paper in ("a4", "letter"):
                run("build", game, "--lang", lang, "--paper", paper, "--no-check", "--out", str(out / "kits"))
        if game != "caravan":
            run("build", game, "--duplex", "fold", "--no-check", "--out", str(out / "fold"))
            run("deck", game, "--players", "2", "--out", str(out / "decks"))
        run("build", game, "--split", "--no-check", "--out", str(out / "split"))
        run("check", game, "--games", "40", "--seed", "7", "--workers", "2", "--json", str(out / f"check-{game}.json"))
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        data = path.read_bytes()
        if path.name.startswith("check-"):
            data = json.dumps(_without_seconds(json.loads(data)), sort_keys=True).encode()
        print(hashlib.sha256(data).hexdigest(), path.relative_to(out))


def _without_seconds(value):
    if isinstance(value, dict):
        return {k: _without_seconds(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_without_seconds(v) for v in value]
    return value


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "hash-output"))
