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


#: Least lightness difference (CIE L*, D65) between two colours that must read apart in a
#: greyscale print and for colour-blind players.
MIN_DELTA_L = 8.0
# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
_VISIONS = {
    "in greyscale": None,
    "under deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                           (-0.011820, 0.042940, 0.968881)),
    "under protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                         (-0.003882, -0.048116, 1.051998)),
}


def lightness(colour: str, matrix: tuple[tuple[float, float, float], ...] | None = None) -> float:
    """CIE L* (0..100) of the sRGB colour ``#RRGGBB``, seen through ``matrix`` (a colour-blind
    simulation on linear RGB, None: normal vision)."""
    rgb = []
    for i in (1, 3, 5):
        v = int(colour[i:i + 2], 16) / 255
        rgb.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    if matrix is not None:
        rgb = [sum(m * v for m, v in zip(row, rgb)) for row in matrix]
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def distinct_lightness(node: Node, colours: dict[str, str], what: str, minimum: float = MIN_DELTA_L) -> None:
    """Refuse (``DataError`` at ``node``) two colours of ``colours`` (id -> ``#RRGGBB``)
    whose CIE L* differ by less than ``minimum``, in normal vision or under deuteranopia
    or protanopia: they would print as one grey.  ``what`` names the kind ("good")."""
    from itertools import combinations

    for vision, matrix in _VISIONS.items():
        light = {key: lightness(colour, matrix) for key, colour in colours.items()}
        for a, b in combinations(colours, 2):
            if abs(light[a] - light[b]) < minimum:
                raise node.error(f"{what} colours of {a} ({colours[a]}) and {b} ({colours[b]}) differ by "
                                 f"{abs(light[a] - light[b]):.1f} L* {vision}; at least {minimum:g} L* tells them "
                                 f"apart in a greyscale print and for colour-blind players")


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
