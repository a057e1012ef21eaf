"""Value types for each game, loaded and validated from ``data/<game>/``.

``load_game(game_id, root)`` returns the game's frozen model; engines and renderers read
the same object, so what is simulated and what is printed cannot drift apart.
"""

from __future__ import annotations

from pathlib import Path

from ..catalog import game_ids
from ..errors import UsageError


def load_game(game_id: str, root: Path):
    """Load and validate one game's data.

    Raises:
        UsageError: no data folder for ``game_id`` under ``root``.
        DataError: the data is malformed (file, key and reason in the message).
    """
    known = game_ids(root)
    if game_id not in known:
        raise UsageError(
            f"unknown game '{game_id}'; games with data in {root}: {', '.join(known) or 'none'}",
            key="GAME",
        )
    loader = _LOADERS.get(game_id)
    if loader is None:
        raise UsageError(f"game '{game_id}' has data but no loader in pnp.model yet", key="GAME")
    return loader(root / game_id, root)


def _load_samarkand(folder: Path, root: Path):
    from .samarkand import load

    return load(folder, root)


def _load_caravan(folder: Path, root: Path):
    from .caravan import load

    return load(folder, root)


def _load_chessboard(folder: Path, root: Path):
    from .chessboard import load

    return load(folder, root)


_LOADERS = {"samarkand": _load_samarkand, "caravan": _load_caravan, "caravan-chessboard": _load_chessboard}
