"""``--bleed-mm`` travels in one value: the kit's ``PrintSettings``, handed once to the
recipe (``KitRecipe.components``).  Code that holds the settings reads ``settings.bleed_mm``
(or ``settings.outer_bleed``) where it draws; no function takes the bleed again beside the
settings that already carry it, and after ``print_settings`` the build reads the bleed from
the settings, not from the request."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BLEED = ("bleed", "bleed_mm")


def _functions():
    for path in sorted((REPO / "pnp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args
                yield path.relative_to(REPO).as_posix(), node, [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]


def test_no_function_takes_the_bleed_beside_the_settings():
    functions = list(_functions())          # every module of pnp parsed once, not once a question
    both = [f"{rel}:{node.lineno} {node.name}" for rel, node, names in functions
            if "settings" in names and any(b in names for b in BLEED)]
    takes = [rel for rel, _node, names in functions if any(b in names for b in BLEED)]
    assert len(takes) > 10        # the face renderers still take a face's bleed
    assert both == []


def test_the_build_reads_the_request_bleed_only_to_check_it_and_make_the_settings():
    tree = ast.parse((REPO / "pnp" / "kit" / "build.py").read_text(encoding="utf-8"))
    readers = sorted({fn.name for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
                      for node in ast.walk(fn)
                      if isinstance(node, ast.Attribute) and node.attr == "bleed_mm"
                      and isinstance(node.value, ast.Name) and node.value.id == "request"})
    assert readers == ["print_settings", "validate_request"]
