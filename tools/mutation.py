#!/usr/bin/env python3
"""Mutation testing on demand (issue 17, point 4): does the suite catch small faults put into
the modules that place ink on paper and the engine cores?

For each module this runs mutmut 3 (https://mutmut.readthedocs.io) in a scratch copy of the
checkout (``--work``, default ``/tmp/mutation/<module>``) with the test files that exercise
that module only, one mutant at a time (``--max-children 1``), under ``nice``.  mutmut first
runs those tests once to learn which test reaches which function, then runs, for each mutant,
only the tests that reach the mutated function, stopping at the first failure (``-x``).

It prints, and writes to ``<work>/report.md``, the score (killed / mutants with a verdict) and
every surviving mutant as a diff, so a person can judge whether it matters.  It never edits
the checkout.  Not part of ``.ci/run``: a full run of every module takes hours on 2 cores.

Usage::

    .venv/bin/pip install -e '.[mutation]'      # mutmut 3
    .venv/bin/python tools/mutation.py --list
    .venv/bin/python tools/mutation.py imposition               # one module, every mutant
    .venv/bin/python tools/mutation.py core --only 'x_playout__mutmut_*'  # a sample: one function's mutants
    .venv/bin/python tools/mutation.py --all                    # every module (long)
    .venv/bin/python tools/mutation.py imposition --tests tests/test_imposition.py   # cheaper tests

``--only`` takes mutmut's own mutant-name globs on the function name (``x_<function>__mutmut_*``,
``xǁ<Class>ǁ<method>__mutmut_*``, the module's dotted name prefixed when left out); several may
be given, comma-separated.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import functools
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# module -> (source file, test files that exercise it).  Test files are chosen by what they
# import and call; mutmut then narrows each mutant to the tests that reach its function.
MODULES: dict[str, tuple[str, list[str]]] = {
    "imposition": ("pnp/printing/imposition.py",
                   ["tests/test_imposition.py", "tests/test_imposition_arithmetic.py", "tests/test_placed.py",
                    "tests/test_print.py", "tests/test_calibrate.py"]),
    "packing": ("pnp/printing/packing.py", ["tests/test_packing_geometry.py", "tests/test_packing.py"]),
    "placed": ("pnp/printing/placed.py", ["tests/test_placed.py", "tests/test_imposition.py",
                                         "tests/test_placed_matrices.py", "tests/test_imposition_arithmetic.py"]),
    "pdf": ("pnp/printing/pdf.py", ["tests/test_pdf_boxes_and_fonts.py", "tests/test_placed.py", "tests/test_print.py",
                                   "tests/test_trust.py"]),
    "build": ("pnp/kit/build.py", ["tests/test_kit_assembly_parts.py", "tests/test_kit.py", "tests/test_print.py",
                                   "tests/test_packing.py"]),
    "core": ("pnp/engine/core.py", ["tests/engine/test_core_and_check.py", "tests/engine/test_playout_guards.py"]),
    "samarkand": ("pnp/games/samarkand/engine.py",
                  ["tests/engine/test_samarkand_rules.py", "tests/engine/test_samarkand_sales.py"]),
    "caravan": ("pnp/games/caravan/engine.py",
                ["tests/engine/test_caravan_rules.py", "tests/engine/test_caravan_deliveries.py"]),
    "chessboard": ("pnp/games/caravan_chessboard/engine.py",
                   ["tests/engine/test_chessboard_rules.py", "tests/engine/test_chessboard_desert_limit.py",
                    "tests/engine/test_chessboard_banditry.py", "tests/engine/test_chessboard_check.py"]),
}

# What a scratch copy needs: the package, the data and fonts it reads (found beside the package,
# pnp/model/catalog.py REPO_ROOT), the tests and the pytest configuration.
COPIED = ["pnp", "data", "fonts", "tests", "pyproject.toml"]

# mutmut's exit-code verdicts (mutmut/__main__.py, status_by_exit_code).
KILLED = {1, 3}              # a test failed / pytest interrupted by the fault
SURVIVED = {0}               # every test that reaches the function passed
TIMEOUT = {-24, 24, 36, 152, 255}
NO_TESTS = {5, 33}           # no test reaches the mutated function


def mutmut_config(source: str, tests: list[str]) -> str:
    """The ``[tool.mutmut]`` table appended to the scratch copy's pyproject.toml."""
    return "\n".join([
        "", "[tool.mutmut]",
        'source_paths = ["pnp"]',
        f"only_mutate = [{json.dumps(source)}]",
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
        # -n 0: no xdist workers (the conftest's shared_builds fixture needs xdist's worker_id,
        # so the plugin stays loaded); -p no:cacheprovider: no .pytest_cache in the scratch copy.
        'pytest_add_cli_args = ["-n", "0", "-p", "no:cacheprovider"]',
        'also_copy = ["data", "fonts"]',
        "use_git_change_detection = false",
        "",
    ])


def prepare(work: Path, source: str, tests: list[str]) -> None:
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(src, work / name)
    with open(work / "pyproject.toml", "a", encoding="utf-8") as f:
        f.write(mutmut_config(source, tests))


def verdicts(work: Path, source: str) -> dict[str, int | None]:
    """mutant name -> exit code, read from mutmut's ``.meta`` file for the module."""
    meta = work / "mutants" / (source + ".meta")
    data = json.loads(meta.read_text(encoding="utf-8"))
    return dict(data["exit_code_by_key"])


@functools.lru_cache(maxsize=4)
def _functions(path: Path) -> dict[str, list[str]]:
    """name -> source lines of every function (methods included) in mutmut's mutated file."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    return {node.name: lines[node.lineno - 1:node.end_lineno]
            for node in ast.walk(ast.parse(text)) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def show(work: Path, source_file: str, name: str) -> str:
    """The mutant ``name`` as the lines it changes (``-`` original, ``+`` mutant).

    Read from mutmut's mutated copy (every mutant is a function beside ``..._mutmut_orig``);
    much faster than one ``mutmut show`` process per mutant."""
    functions = _functions(work / "mutants" / source_file)
    function = name.rsplit(".", 1)[-1]
    original = function.split("__mutmut_")[0] + "__mutmut_orig"
    mutant = [line.replace(function, original) for line in functions.get(function, [])]
    diff = difflib.unified_diff(functions.get(original, []), mutant, lineterm="", n=0)
    return "\n".join(line for line in diff if line[:1] in "+-" and not line.startswith(("+++", "---")))


def run_module(module: str, work: Path, only: list[str], mutmut: str, tests: list[str] | None = None,
               before: dict | None = None, run: bool = True) -> dict:
    """Run mutmut on ``module``; with ``before`` (an earlier result.json), run only the mutants
    that survived it and count its killed ones as still killed (added tests cannot revive them)."""
    source, default_tests = MODULES[module]
    tests = tests or default_tests
    if before is not None:
        only = before["survived"] + before["no_tests"]
    dotted = source[:-3].replace("/", ".")
    only = [g if g.startswith(dotted + ".") else f"{dotted}.{g}" for g in only]   # short globs: this module
    started = time.monotonic()
    if run:
        prepare(work, source, tests)
        cmd = ["nice", "-n", "19", mutmut, "run", "--max-children", "1", *only]
        print(f"[{module}] {' '.join(cmd)}  (in {work})", flush=True)
        with open(work / "mutmut-run.log", "w", encoding="utf-8") as log:
            subprocess.run(cmd, cwd=work, stdout=log, stderr=subprocess.STDOUT, check=False)
    elapsed = time.monotonic() - started
    codes = verdicts(work, source)
    ran = {k: v for k, v in codes.items() if v is not None}
    if before is not None:          # the earlier run's killed mutants, as they were
        ran.update({k: 1 for k in before["killed_names"]})
        ran.update({k: 36 for k in before["timeout_names"]})
    killed = sorted(k for k, v in ran.items() if v in KILLED)
    timeout = sorted(k for k, v in ran.items() if v in TIMEOUT)
    survived = sorted(k for k, v in ran.items() if v in SURVIVED)
    untested = sorted(k for k, v in ran.items() if v in NO_TESTS)
    other = sorted(k for k, v in ran.items() if k not in set(killed + timeout + survived + untested))
    result = {
        "module": module, "source": source, "tests": tests, "only": only,
        "mutants": len(codes), "ran": len(ran), "killed": len(killed), "timeout": len(timeout),
        "survived": survived, "no_tests": untested, "other": {k: ran[k] for k in other},
        "killed_names": killed, "timeout_names": timeout, "seconds": round(elapsed),
        "rerun_of": before["tests"] if before else None,
    }
    (work / "result.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    lines = [f"# {module} ({source})", "",
             f"tests: {' '.join(tests)}", f"selection: {' '.join(only) or 'every mutant'}",
             f"mutants generated {len(codes)}, run {len(ran)}; killed {len(killed)}, timeout {len(timeout)}, "
             f"survived {len(survived)}, no test reaches {len(untested)}, other {len(other)}",
             f"score (killed+timeout)/run = {(len(killed) + len(timeout))}/{len(ran)}; {elapsed:.0f} s", ""]
    if untested:
        lines += ["no test reaches: " + " ".join(sorted({n.split("__mutmut_")[0] for n in untested})), ""]
    for name in survived:
        lines += [f"## {name}", "```diff", show(work, source, name), "```", ""]
    (work / "report.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines[:6]), flush=True)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help=f"any of: {', '.join(MODULES)}")
    parser.add_argument("--all", action="store_true", help="every module")
    parser.add_argument("--list", action="store_true", help="list modules and their test files")
    parser.add_argument("--only", default="", help="comma-separated mutmut mutant-name globs (a sample)")
    parser.add_argument("--tests", default="", help="comma-separated test files instead of the module's own list")
    parser.add_argument("--rerun", type=Path, default=None,
                        help="an earlier run's result.json: run only its surviving mutants (after adding tests)")
    parser.add_argument("--report-only", action="store_true",
                        help="no run: summarise the mutants already judged in the scratch folder")
    parser.add_argument("--work", type=Path, default=Path("/tmp/mutation"), help="scratch folder")
    args = parser.parse_args(argv)
    if args.list:
        for name, (source, tests) in MODULES.items():
            print(f"{name:12} {source:40} {' '.join(tests)}")
        return 0
    modules = list(MODULES) if args.all else args.modules
    unknown = [m for m in modules if m not in MODULES]
    if unknown or not modules:
        parser.error(f"name modules from: {', '.join(MODULES)} (got {unknown or 'none'})")
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which("mutmut")
    if not mutmut:
        parser.error("mutmut is not installed: .venv/bin/pip install -e '.[mutation]'")
    only = [g for g in args.only.split(",") if g]
    tests = [t for t in args.tests.split(",") if t]
    before = json.loads(args.rerun.read_text(encoding="utf-8")) if args.rerun else None
    if before is not None and modules != [before["module"]]:
        parser.error(f"--rerun {args.rerun} is a result of {before['module']}: name that module alone")
    results = [run_module(m, args.work / m, only, mutmut, tests, before, not args.report_only)
               for m in modules]
    survivors = sum(len(r["survived"]) + len(r["no_tests"]) for r in results)
    print(f"surviving mutants: {survivors}; reports in {args.work}/<module>/report.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
