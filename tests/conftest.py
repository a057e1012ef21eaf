"""Shared fixtures: built kits (once per session), a scratch copy of data/, PDF helpers."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.cli import main



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
