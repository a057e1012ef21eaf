"""Wall time, CPU time, peak memory and PDF size of `pnp build GAME --no-check`, for each game's
default kit, beside the bare CairoSVG conversion of that kit's distinct faces and the build's
own conversion stage, all measured in the same run.

Each build runs in its own process; CPU time is user + sys of that process and every process it
started (``os.wait4``), so it is the figure to compare on a loaded machine.  Peak memory is the
largest sum of the resident sets of the build and its worker processes, sampled every 20 ms
from /proc (Linux).

Two conversion figures, both CPU seconds, measured in this process on the kit's sheets as the
build lays them out (player aids included):

- *bare*: every distinct face of the kit (each face once, as ``pnp.printing.placed.face_document``
  sets it out) converted with ``cairosvg.svg2pdf``, one after another: the floor a conversion
  can reach.
- *stage*: the build's conversion stage, ``pnp.printing.pdf.render_sheets`` with a background
  process as the build forks it: the faces and each distinct part of the overlays' SVG
  (text, tile labels: ``pnp.printing.overlay``) converted there, the overlays' plain lines
  written as path operators, the form XObjects and the sheets PDF; CPU of both processes.

Targets (issue 16, 2-core machine, Samarkand 5p en A4): <= 2.0 s wall, <= 1.5 x the bare
conversion, PDF <= 1.0 MB, peak memory of all processes together <= 300 MB.  The 1.5 x is read
as the conversion stage against the bare conversion (column ``stage/bare``): what placing
faces by form XObjects may cost over converting each face once.  ``CPU/bare`` (the whole
build's CPU against the bare conversion) is printed too; it cannot reach 1.5, as the bare
figure leaves out the interpreter's start, the layout and the rules sheet.

Usage: python benchmarks/build_bench.py [--games samarkand,caravan,...] [--paper a4|letter] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def _tree_rss_mb(root: int) -> float:
    """Resident set of ``root`` and all its descendants, MB (0 when they are gone)."""
    total, todo, seen = 0, [root], set()
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError, PermissionError):
            continue
    return total / 1024.0


def build_once(game: str, paper: str, out: Path) -> dict:
    args = [sys.executable, "-m", "pnp.cli", "build", game, "--paper", paper, "--out", str(out), "--no-check"]
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = [0.0]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], _tree_rss_mb(proc.pid))
            stop.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    stop.set()
    sampler.join()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"build of {game} failed: {proc.stderr.read().decode()}")
    pdf = max(out.glob(f"{game}-*.pdf"), key=lambda p: p.stat().st_mtime)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak": peak[0], "size": pdf.stat().st_size}


def kit_inputs(game_id: str, paper: str) -> tuple:
    """(recipe, game, strings, variant, settings, label): what ``kit_runs`` and ``pack_runs`` take for
    ``game_id``'s default kit in English on ``paper``, with a footer label that is the component's name."""

    from pnp.geometry import PAPERS
    from pnp.model import load_game
    from pnp.model.catalog import data_dir
    from pnp.model.i18n import Strings
    from pnp.printing.imposition import PrintSettings
    from pnp.kit.recipe import KitRecipe
    from pnp.registry import game as registered_game

    root = data_dir()
    game = load_game(game_id, root)
    label = lambda component: (lambda side, n, total: component)       # noqa: E731
    return (registered_game(game_id).make("kit", KitRecipe), game, Strings(root, game_id, "en"),
            game.variant(None, None), PrintSettings(PAPERS[paper]), label)


def kit_sheets(game_id: str, paper: str) -> list:
    """The sheets of ``game_id``'s default kit in English, laid out as ``pnp build`` lays them out
    (the game's components and its player aids, packed together), each sheet once."""

    from pnp.kit.build import kit_runs, pack_runs

    recipe, game, strings, variant, settings, label = kit_inputs(game_id, paper)
    runs = kit_runs(recipe, game, strings, variant, "en", settings, label)
    pack_runs(runs, settings, label)
    return list({id(s): s for run in runs for s in run.sheets}.values())


def bare_conversion(sheets: list) -> tuple[float, int]:
    """(CPU seconds, face count) of converting every distinct face of ``sheets`` once with bare
    CairoSVG (faces typeset by reportlab, a player aid, are PDF already and not counted)."""
    from pnp.printing.pdf import cairosvg_module, sheet_faces, svg_to_pdf
    from pnp.printing.placed import face_document

    documents = [d for d in dict.fromkeys(face_document(face) for face in sheet_faces(sheets)) if isinstance(d, str)]
    cairosvg_module()       # loaded before the clock starts: a single run timed Cairo's import as conversion
    start = time.process_time()
    for doc in documents:
        svg_to_pdf(doc)
    return time.process_time() - start, len(documents)


def conversion_stage(sheets: list) -> float:
    """CPU seconds of ``render_sheets(sheets)`` as a build runs it: this process and the build's
    background process (forked idle first, its CPU read before and after), with what is
    loaded frozen first (``gc.freeze``), as ``pnp.kit.build.build_kit`` freezes it."""
    import gc

    from pnp.printing.background import Background
    from pnp.printing.pdf import render_sheets

    gc.freeze()
    try:
        background = Background.fork(time.process_time)
        if background is None:
            start = time.process_time()
            render_sheets(sheets)
            return time.process_time() - start
        with background:
            child_start = background.first.result()
            start = time.process_time()
            render_sheets(sheets, background=background)
            own = time.process_time() - start
            return own + background.submit(time.process_time).result() - child_start
    finally:
        gc.unfreeze()


def median(values: list[float]) -> float:
    values = sorted(values)
    return values[len(values) // 2]


def main() -> None:
    from pnp.registry import games

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(sorted(games())))
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    parser.add_argument("--repeat", type=int, default=3)
    opts = parser.parse_args()
    print(f"pnp build GAME --no-check (default kit, en, {opts.paper}), median of {opts.repeat}; "
          f"cores: {os.cpu_count()}; load: {os.getloadavg()[0]:.1f}")
    print("CPU/bare: the whole build's CPU over the bare conversion; stage/bare: the build's conversion "
          "stage over it (the issue's <= 1.5 x)")
    print(f"{'game':<20} {'wall s':>7} {'CPU s':>7} {'peak MB':>8} {'PDF MB':>7} {'faces':>6} "
          f"{'bare CPU s':>10} {'stage CPU s':>11} {'stage/bare':>10} {'CPU/bare':>9}")
    for game_id in opts.games.split(","):
        with tempfile.TemporaryDirectory() as tmp:
            runs = [build_once(game_id, opts.paper, Path(tmp)) for _ in range(opts.repeat)]
        sheets = kit_sheets(game_id, opts.paper)
        bares, stages = [], []
        for _ in range(opts.repeat):
            bare, faces = bare_conversion(sheets)
            bares.append(bare)
            stages.append(conversion_stage(sheets))
        bare, stage = median(bares), median(stages)
        wall, cpu = median([r["wall"] for r in runs]), median([r["cpu"] for r in runs])
        peak, size = max(r["peak"] for r in runs), runs[-1]["size"] / 1e6
        print(f"{game_id:<20} {wall:7.2f} {cpu:7.2f} {peak:8.1f} {size:7.2f} {faces:6d} {bare:10.2f} "
              f"{stage:11.2f} {stage / bare if bare else 0:10.2f} {cpu / bare if bare else 0:9.2f}")


if __name__ == "__main__":
    main()
