"""Validation helpers every game's model loader shares."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from pnp.model.catalog import Node
from pnp.errors import DataError


def load_icons(root: Path) -> dict[str, str]:
    """Icon name -> SVG body from ``<root>/icons/game-icons.json`` (a subset of the npm
    package @iconify-json/game-icons, CC BY 3.0).

    Raises:
        DataError: the file is missing, not a regular file of at most 2 MiB, or not an
            iconify icon set.
    """
    from pnp.model.catalog import read_text

    path = root / "icons" / "game-icons.json"
    if not path.exists():
        raise DataError("file not found (icon set)", file=path)
    text = read_text(path, "JSON icon set")   # a regular file of bounded size
    try:
        icons = json.loads(text)["icons"]
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError(f"not an icon set: {exc}", file=path) from None
    if not isinstance(icons, dict):
        raise DataError(f"not an icon set: 'icons' is {type(icons).__name__}, expected a mapping of names to icons",
                        file=path)
    return icons


def unique(node: Node, values: Iterable[object], what: str) -> None:
    """Raise ``DataError`` at ``node`` naming the first value that occurs twice (``what``
    names the kind of value, e.g. "good id")."""
    seen = set()
    for v in values:
        if v in seen:
            raise node.error(f"duplicate {what} {v!r}")
        seen.add(v)


def counts_by_players(node: Node, maximum: int, players: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """An optional ``players: {N: count, ...}`` mapping of a supply entry (banknotes, coins):
    how many a kit for N players prints, each 1..``maximum``; ``()`` when absent.  Every N
    must be one of the game's player counts (``players`` = (min, max)): a count no kit is
    built for would be ignored without a word.

    Raises:
        DataError: a key that is not a player count of the game, or a count out of range
            (names file and key).
    """
    if not node.has("players"):
        return ()
    low, high = players
    pairs = []
    for key, value in node["players"].items():
        if not isinstance(key, int) or isinstance(key, bool):
            raise value.error(f"expected a player count as key, got {key!r}")
        if not low <= key <= high:
            raise value.error(f"a count for {key} players; the game is for {low} to {high} players")
        pairs.append((key, value.int(1, maximum)))
    return tuple(sorted(pairs))
