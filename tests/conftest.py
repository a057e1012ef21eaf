"""Shared fixtures: built kits (once per session), a scratch copy of data/, PDF helpers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.catalog import DEFAULT_DATA_DIR
from pnp.cli import main

MM_PER_PT = 25.4 / 72


@pytest.fixture(scope="session")
def kit_dir(tmp_path_factory) -> Path:
    """Kits built once for the whole suite: default, Danish Letter, 2-player."""
    out = tmp_path_factory.mktemp("kits")
    for args in ([], ["--lang", "da", "--paper", "letter"], ["--players", "2"]):
        assert main(["build", "samarkand", "--out", str(out), "--no-check", *args]) == 0
    return out


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A writable copy of data/ that a test may break or change."""
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace exactly one occurrence of ``old`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def page_size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return (float(box.width) * MM_PER_PT, float(box.height) * MM_PER_PT)
