"""Shared fixtures for the engine tests: the Samarkand model and hand-made states."""

from __future__ import annotations

import pytest

from pnp.model.catalog import data_dir
from pnp.model import load_game


@pytest.fixture(scope="session")
def game():
    return load_game("samarkand", data_dir())


