"""Seat verdicts of `pnp check` over several master seeds: does the verdict depend on the seed?

    python benchmarks/verdict_table.py [--games caravan,...] [--seeds 1-5] [--out DIR]
    python benchmarks/verdict_table.py --from DIR        # tabulate the JSON already in DIR
    python benchmarks/verdict_table.py --from DIR --rejudge   # ... judged by this checkout's rule

Runs ``pnp check GAME --seed S --json DIR/GAME-sS.json`` (default settings otherwise: every
variant, 1,000 games a variant, more while a seat sits at the band's edge) for every game
and seed, one run at a time, with this checkout's code and data (a JSON already in DIR is
kept, so an interrupted table resumes), then prints one Markdown table per game: a row per
variant, a column per seed, each cell the fairness verdict, the games played and the
leading seat's share of wins (``pass 2000 s1 36.8``: passed after 2,000 games, seat 1 won
36.8 %), and the variant's verdicts across the seeds.

``--rejudge`` judges each variant's seat wins again with this checkout's fairness rule
(``pnp.engine.fairness``) instead of reading the verdict the run printed: exact for runs of
an older rule that stopped on the same looks (a look that is not the last is judged the
same way; a run that went on to its cap is judged as a last look there).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
GAMES = ("samarkand", "caravan", "caravan-chessboard")


def seeds_of(text: str) -> list[int]:
    """``"1-5"`` or ``"1,3,7"`` as a list of seeds."""
    if re.fullmatch(r"\d+-\d+", text):
        a, b = map(int, text.split("-"))
        return list(range(a, b + 1))
    return [int(s) for s in text.split(",")]


def run(game: str, seed: int, out: Path) -> None:
    """``pnp check GAME --seed SEED --json OUT`` with this checkout (exit 2, a failed variant, is a result)."""
    if out.is_file() and out.stat().st_size:
        return
    args = [sys.executable, "-m", "pnp.cli", "--data-dir", str(HERE / "data"), "check", game, "--seed", str(seed),
            "--json", str(out), "--quiet"]
    proc = subprocess.run(args, cwd=HERE, capture_output=True, text=True)
    if proc.returncode not in (0, 2) or not out.is_file():
        raise SystemExit(f"pnp check {game} --seed {seed} failed: {proc.stderr[-2000:]}")


def rejudged(verdict: dict, seats: list[dict]) -> str:
    """The verdict this checkout's rule gives the seat wins of a run's report (``--rejudge``)."""
    from pnp.engine.fairness import SeatRule

    rule = SeatRule(band=verdict["band_h"], alpha=verdict["alpha_look"] * verdict["looks"])
    wins = [s["wins"] for s in seats]
    word = rule.judge(wins, verdict["looks"], final=False)["verdict"]
    return word if word != "more" else rule.judge(wins, verdict["looks"], final=True)["verdict"]


def cell(variant: dict, rejudge: bool = False) -> tuple[str, str]:
    """(the verdict word, the table cell) of one variant's report."""
    card = variant["scorecard"]
    seats = card["seats"]
    lead = max(seats, key=lambda s: (abs(s["rate"] - 1 / len(seats)), -s["seat"]))
    verdict = (card.get("seat_verdict") or {}).get("verdict") or ("pass" if variant["passed"] else "fail")
    if rejudge and card.get("seat_verdict"):
        verdict = rejudged(card["seat_verdict"], seats)
    return verdict, f"{verdict} {card['games']} s{lead['seat']} {100 * lead['rate']:.1f}"


def table(folder: Path, game: str, rejudge: bool = False) -> str:
    """The Markdown table of every ``GAME-sN.json`` in ``folder``."""
    runs = {}
    for path in folder.glob(f"{game}-s*.json"):
        m = re.fullmatch(rf"{re.escape(game)}-s(\d+)\.json", path.name)
        if m:
            runs[int(m.group(1))] = json.loads(path.read_text(encoding="utf-8"))
    if not runs:
        return f"{game}: no runs in {folder}\n"
    seeds = sorted(runs)
    order = [v["variant"] for v in runs[seeds[0]]["variants"]]
    lines = [f"**{game}** (`pnp check {game} --seed S`; cell: seat verdict, games played, the seat furthest "
             "from the fair share and its % of wins)", "",
             "| variant | " + " | ".join(f"seed {s}" for s in seeds) + " | verdicts |",
             "|---|" + "---|" * (len(seeds) + 1)]
    for name in order:
        cells, words = [], []
        for s in seeds:
            v = next((v for v in runs[s]["variants"] if v["variant"] == name), None)
            word, text = cell(v, rejudge) if v else ("-", "-")
            cells.append(text)
            words.append(word)
        summary = ", ".join(f"{words.count(w)} {w}" for w in ("pass", "fail", "undecided") if words.count(w))
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {summary} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seeds", default="1-5")
    ap.add_argument("--out", type=Path, default=Path("/tmp/verdict-table"))
    ap.add_argument("--from", dest="source", type=Path, help="only tabulate the JSON in this folder")
    ap.add_argument("--rejudge", action="store_true", help="judge the seat wins with this checkout's rule")
    args = ap.parse_args(argv)
    games = args.games.split(",")
    folder = args.source or args.out
    if not args.source:
        folder.mkdir(parents=True, exist_ok=True)
        for game in games:
            for seed in seeds_of(args.seeds):
                run(game, seed, folder / f"{game}-s{seed}.json")
                print(f"ran pnp check {game} --seed {seed}", file=sys.stderr, flush=True)
    for game in games:
        print(table(folder, game, args.rejudge))
    return 0


if __name__ == "__main__":
    sys.exit(main())
