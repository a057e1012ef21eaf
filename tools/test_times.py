"""Summarise a test run's accounting: per worker, its CPU seconds, its wall span and its busy
share; the critical path (the last worker to finish); each worker's heaviest files.

    PNP_TEST_TIMES=/tmp/times python -m pytest -q
    python tools/test_times.py /tmp/times

Each process of the run writes one JSON file there at its end (``tests/conftest.py``,
"run accounting"). CPU counts the worker's own and its finished children's (kit builds run
as subprocesses, check pools). Utilisation is CPU over the run's wall span, per worker.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main(folder: Path, top: int = 5) -> None:
    runs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]
    workers = [r for r in runs if r["worker"] != "master"] or runs
    start = min(r["start"] for r in workers)
    end = max(r["end"] for r in workers)
    wall = end - start
    print(f"run span {wall:.1f} s wall (first worker start to last worker end)")
    total = 0.0
    for r in workers:
        cpu = r["cpu"] + r["children_cpu"]
        total += cpu
        tests = sum(r["files"].values())
        print(f"{r['worker']}: {cpu:.1f} s CPU ({r['cpu']:.1f} own + {r['children_cpu']:.1f} children), "
              f"tests {tests:.1f} s, span {r['end'] - r['start']:.1f} s, idle at the end "
              f"{end - r['end']:.1f} s, CPU/span {100 * cpu / wall:.0f} %, {len(r['files'])} files")
        for file, seconds in sorted(r["files"].items(), key=lambda kv: -kv[1])[:top]:
            print(f"    {seconds:7.1f} s  {file}")
    print(f"total {total:.1f} s CPU over {len(workers)} workers: {100 * total / (wall * len(workers)):.0f} % "
          f"of {len(workers)} x {wall:.1f} s")


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5)
