"""CPU of `pnp check` of every game with default settings, before and after a change,
and whether the compiled and the pure-Python engines give the same results.

Runs, in one go and interleaved game by game (the machine may be shared: CPU time, not
wall, is compared):

- *before*: ``pnp check GAME --json`` with the code of another checkout (``--before DIR``,
  e.g. ``git worktree add /tmp/base <commit>``), run as ``python -m pnp.cli`` from it;
- *pure*: this checkout's code as it is (no compiled module in the tree: an editable
  install);
- *compiled*: the same code with the compiled engines: a copy of this checkout's tracked
  files where ``setup.py build_ext --inplace`` compiled them (``--compiled DIR`` reuses
  one: ``benchmarks/check_bench.py --make-compiled DIR`` makes it).

CPU is user + sys of the ``pnp check`` process and every process it started (``os.wait4``
of the whole tree).  For each game it prints the three CPU times, compiled / before (the
change's figure) and pure / before, and whether the compiled and pure JSON are identical
once every ``seconds`` field is dropped.  Every run reads the data of the checkout whose
code it runs (``--data-dir``), so before and after each play their own data.

Usage: python benchmarks/check_bench.py --before DIR [--compiled DIR] [--games samarkand,...]
       python benchmarks/check_bench.py --make-compiled DIR
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
GAMES = ("samarkand", "caravan", "caravan-chessboard")


def make_compiled(dest: Path) -> Path:
    """A copy of this checkout's tracked files at ``dest`` with the engines compiled in place
    (``setup.py build_ext --inplace``; needs Cython and a C compiler).  Returns ``dest``."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=HERE, check=True, capture_output=True).stdout
    for name in files.decode().split("\0"):
        if name and (HERE / name).is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(HERE / name, target)
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace", "-j", "2"], cwd=dest, check=True)
    built = sorted(p.relative_to(dest) for p in dest.glob("pnp/**/*.so"))
    if not built:
        raise SystemExit(f"{dest}: no module was compiled (Cython or a C compiler missing?)")
    print(f"compiled {len(built)} modules in {dest}: " + ", ".join(str(p) for p in built))
    return dest


def check_once(code: Path, game: str, out: Path) -> float:
    """CPU s (user + sys of the process tree) of ``pnp check GAME --json OUT`` run with the
    code and data of the checkout ``code``."""
    args = [sys.executable, "-m", "pnp.cli", "--data-dir", str(code / "data"), "check", game, "--json", str(out),
            "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(code)}
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=code)
    _, status, usage = os.wait4(proc.pid, 0)
    code_ = os.waitstatus_to_exitcode(status)
    if code_ not in (0, 2) or not out.is_file():     # 2: a variant failed its check (still a result)
        raise SystemExit(f"pnp check {game} ({code}) failed: {proc.stderr.read().decode()[-2000:]}")
    return usage.ru_utime + usage.ru_stime


def without_seconds(value):
    """``value`` (parsed JSON) without any ``seconds`` field, at any depth."""
    if isinstance(value, dict):
        return {k: without_seconds(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [without_seconds(v) for v in value]
    return value


def build_of(code: Path) -> str:
    out = subprocess.run([sys.executable, "-m", "pnp.cli", "--version"], capture_output=True, text=True, cwd=code,
                         env={**os.environ, "PYTHONPATH": str(code)})
    return out.stdout.strip()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", type=Path, help="checkout of the code before the change")
    ap.add_argument("--compiled", type=Path, help="a compiled copy of this checkout (--make-compiled)")
    ap.add_argument("--make-compiled", type=Path, metavar="DIR", help="make a compiled copy of this checkout and exit")
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args(argv)
    if args.make_compiled:
        make_compiled(args.make_compiled)
        return 0
    if not args.before:
        ap.error("--before DIR is needed")
    work = Path(tempfile.mkdtemp(prefix="check-bench-"))
    compiled = args.compiled or make_compiled(work / "compiled")
    codes = {"before": args.before.resolve(), "pure": HERE, "compiled": compiled.resolve()}
    for name, code in codes.items():
        print(f"{name}: {code} ({build_of(code)})")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    totals = {name: 0.0 for name in codes}
    rows = []
    for game in args.games.split(","):
        cpu, docs = {}, {}
        for name, code in codes.items():
            out = work / f"{name}-{game}.json"
            cpu[name] = check_once(code, game, out)
            docs[name] = json.loads(out.read_text(encoding="utf-8"))
            totals[name] += cpu[name]
        same = without_seconds(docs["pure"]) == without_seconds(docs["compiled"])
        verdict = {name: "PASS" if docs[name]["passed"] else "FAIL" for name in codes}
        rows.append((game, cpu, same, verdict))
        print(f"{game}: CPU before {cpu['before']:.1f} s, pure {cpu['pure']:.1f} s, compiled {cpu['compiled']:.1f} s; "
              f"compiled/before {cpu['compiled'] / cpu['before']:.0%}, pure/before {cpu['pure'] / cpu['before']:.0%}; "
              f"compiled JSON {'identical to' if same else 'DIFFERS from'} pure (apart from seconds); "
              f"verdicts before {verdict['before']}, after {verdict['compiled']}", flush=True)
    print(f"all games: CPU before {totals['before']:.1f} s, pure {totals['pure']:.1f} s, compiled "
          f"{totals['compiled']:.1f} s; compiled/before {totals['compiled'] / totals['before']:.0%}, "
          f"pure/before {totals['pure'] / totals['before']:.0%}; "
          f"JSON identical in {sum(r[2] for r in rows)} of {len(rows)} games")
    print(f"load average after: {os.getloadavg()[0]:.1f}; JSON in {work}")
    return 0 if all(r[2] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
