"""Wall time, peak memory and PDF size of `pnp build samarkand`, in each language.

Each build runs in its own process (so peak RSS is that build's alone), with --no-check
so the figures are the print pipeline's; a second table includes the engine's pre-print
check.  Targets (issue 2, 2-core machine): < 5 s per kit, < 400 MB, PDF < 5 MB.

Usage: python benchmarks/build_bench.py [--paper a4|letter] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def build_once(lang: str, paper: str, out: Path, check: bool) -> tuple[float, float, int]:
    args = [sys.executable, "-m", "pnp.cli", "build", "samarkand", "--lang", lang, "--paper", paper, "--out", str(out)]
    if not check:
        args.append("--no-check")
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"build failed: {proc.stderr.read().decode()}")
    pdf = out / f"samarkand-5p-{lang}-{paper}.pdf"
    return wall, usage.ru_maxrss / 1024.0, pdf.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    parser.add_argument("--repeat", type=int, default=3)
    opts = parser.parse_args()
    print(f"pnp build samarkand (5 players, {opts.paper}), best of {opts.repeat}; cores: {os.cpu_count()}")
    print(f"{'lang':<5} {'check':<6} {'wall s':>7} {'peak MB':>8} {'PDF MB':>7}")
    for check in (False, True):
        for lang in ("en", "da"):
            with tempfile.TemporaryDirectory() as tmp:
                runs = [build_once(lang, opts.paper, Path(tmp), check) for _ in range(opts.repeat)]
            wall = min(r[0] for r in runs)
            peak = max(r[1] for r in runs)
            size = runs[-1][2] / 1e6
            print(f"{lang:<5} {'yes' if check else 'no':<6} {wall:7.2f} {peak:8.1f} {size:7.2f}")


if __name__ == "__main__":
    main()
