"""Sizing a printed supply (banknotes, coins, markers) from simulated games.

Shared by the games' ``sizing`` functions (``pnp.engine.adapter``): a player's money is
held in the fewest pieces (greedy change-making, largest value first — exact for the
usual 1-2-5 series), and a printed count must cover a high quantile of games.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from pnp.engine.scorecard import percentile


def greedy_change(amount: int, values: Sequence[int]) -> dict[int, int]:
    """Pieces of each value in ``amount`` paid with the fewest pieces, largest first.

    ``greedy_change(87, [50, 20, 10, 5, 1])`` -> ``{50: 1, 20: 1, 10: 1, 5: 1, 1: 2}``.
    Raises ``ValueError`` if ``values`` cannot make ``amount`` exactly (no 1 among them).
    """
    out = {}
    for v in sorted(values, reverse=True):
        out[v], amount = divmod(amount, v)
    if amount:
        raise ValueError(f"{amount} left over: the values {sorted(values)} cannot make it")
    return out


def needed_per_value(per_game: Mapping[int, Sequence[int]], printed: Mapping[int, int], quantile: float,
                     what: str) -> tuple[list[dict[str, float]], list[str]]:
    """Rows ``{value, count, needed, margin}`` (ascending value) and the reasons a printed
    count falls short: ``needed`` is the nearest-rank ``quantile`` over games of the most
    pieces of that value in use at once (``per_game[value]``, one number per game)."""
    rows, reasons = [], []
    for value in sorted(printed):
        needed = percentile(list(per_game[value]), quantile) or 0
        rows.append({"value": value, "count": printed[value], "needed": needed, "margin": printed[value] - needed})
        if needed > printed[value]:
            reasons.append(f"{needed} {what} of {value} needed in {quantile:.1%} of games, {printed[value]} printed")
    return rows, reasons
