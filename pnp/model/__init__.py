"""The data layer: strict reading of ``data/`` (``catalog``), language strings (``i18n``),
variants (``variant``) and helpers every game's loader shares (``common``).

May import ``pnp.errors``, ``pnp.geometry`` and ``pnp.registry`` only.  ``load_game(game_id,
root)`` returns a game's frozen model through its registry entry; engines and renderers read
the same object, so what is simulated and what is printed cannot drift apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.registry import game


def load_game(game_id: str, root: Path) -> Any:
    """Load and validate one game's data with the game's own loader (``pnp.registry``).

    Raises:
        UsageError: no installed game ``game_id``, or it has no data folder.
        DataError: the data is malformed (file, key and reason in the message).
    """
    return game(game_id, root).load(root)
