"""A playable variant of a game: a player count and a set-up.

Every game model offers ``variants()`` (all variants ``pnp check`` runs) and
``variant(players, setup)`` (what ``pnp build --players N [--variant SETUP]`` prints).
The kit, the rules sheet and the engine all take the same ``Variant``, so what is printed
and what is simulated cannot differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The set-up name of a game's ordinary game (the one a game without set-ups has).
STANDARD = "standard"


@dataclass(frozen=True, order=True)
class Variant:
    """``players`` (int) and ``setup`` (a set-up id from the game's data, e.g. ``"short"``).

    ``id`` names the variant in file names, JSON and check output: ``"5p"`` for the
    standard set-up, ``"2p-short"`` otherwise.
    """

    players: int
    setup: str = STANDARD

    @property
    def id(self) -> str:
        return f"{self.players}p" if self.setup == STANDARD else f"{self.players}p-{self.setup}"


def check_setup(game: Any, setup: str) -> str:
    """``setup`` if ``game.setups`` has it.  Raises ``UsageError`` (key ``--variant``).

    Users name a variant by its set-up id (``standard``, ``short``...): ``pnp games``,
    ``--variant``, this error and the README all use these names; the variant ids of file
    names and JSON (``2p-short``) are the player count joined to that name.
    """
    from pnp.errors import UsageError

    if setup not in game.setups:
        raise UsageError(f"{game.id} has no variant '{setup}'; expected one of {', '.join(game.setups)}",
                         key="--variant")
    return setup


def split_variant(players: int | None, value: str | None) -> tuple[int | None, str | None]:
    """(players, set-up) from ``--players`` and ``--variant``: ``--variant`` takes a set-up
    id (``short``) or a variant id as ``pnp games`` lists it (``2p-short``, ``4p``).

    Raises:
        UsageError: a variant id whose player count differs from ``--players`` (key ``--variant``).
    """
    import re

    from pnp.errors import UsageError

    match = re.fullmatch(r"(\d+)p(?:-(.+))?", value or "")
    if not match:
        return players, value
    count, setup = int(match.group(1)), match.group(2) or STANDARD
    if players is not None and players != count:
        raise UsageError(f"variant {value} is for {count} players, but --players says {players}", key="--variant")
    return count, setup
