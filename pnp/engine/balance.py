"""Seat balance: the smallest compensation that brings every seat's win rate into the band.

``pnp check`` judges seats (``checks.yaml`` ``thresholds.seat_band``: a seat fails when its
95 % interval lies entirely outside the fair share 1 / players +- the band).  ``search``
goes further for a designer: it tries the compensations the game's engine module can
express (``compensations(game, variant, settings)``, smallest first: e.g. start money by
seat), plays ``games`` heuristic games with each (the seeds of ``pnp check``), and stops at
the first whose every seat's win rate lies inside fair share +- the band.  The intervals
of every compensation tried are reported, so the designer sees how sure the answer is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.errors import UsageError
from pnp.engine.check import engine_of, load_settings, simulate_many
from pnp.engine.scorecard import scorecard
from pnp.model.variant import Variant


@dataclass
class Trial:
    """One compensation played: its description, the data it sets, and the seats'
    ``{seat, wins, rate, ci95}`` (``scorecard``'s)."""

    describe: str
    compensation: dict[str, Any]
    seats: list[dict[str, Any]]
    worst: float  # largest distance of a seat's win rate from the fair share

    def inside(self, fair: float, band: float) -> bool:
        return self.worst <= band + 1e-12


@dataclass
class BalanceResult:
    game: str
    variant: Variant
    games: int
    seed: int
    band: float
    trials: list[Trial]
    found: Trial | None

    @property
    def fair(self) -> float:
        return 1 / self.variant.players

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "variant": self.variant.id, "games": self.games, "seed": self.seed,
            "fair_share": round(self.fair, 4), "band": self.band,
            "found": None if self.found is None else {"describe": self.found.describe, **self.found.compensation,
                                                      "seats": self.found.seats},
            "trials": [{"describe": t.describe, **t.compensation, "seats": t.seats, "worst": round(t.worst, 4)}
                       for t in self.trials],
        }


def search(game, variant: Variant, games: int = 1000, seed: int = 1, workers: int | None = None,
           progress=None, band: float | None = None, executor=None, reporter=None) -> BalanceResult:
    """Try the engine module's ``compensations`` for ``variant`` in order; stop at the first
    that brings every seat's win rate within the fair share +- ``band`` (default
    checks.yaml's ``seat_band``).  ``progress(trial)`` is called after each trial.
    ``executor``: where the games run (``pnp.engine.runner``; default ``LocalPool(workers)``);
    ``reporter``: a ``pnp.progress`` reporter (one task per compensation tried).

    Raises:
        UsageError: the game's engine offers no compensations, or checks.yaml has no
            ``thresholds.seat_band`` (key ``GAME``).
    """
    engine = engine_of(game)
    settings = load_settings(game)
    band = settings.thresholds.get("seat_band") if band is None else band
    if band is None:
        raise UsageError(f"{settings.file}: thresholds.seat_band is needed to judge seat balance", key="GAME")
    offer = engine.compensations
    if offer is None:
        raise UsageError(f"{game.id} has no seat compensation its data can express", key="GAME")
    fair = 1 / variant.players
    trials: list[Trial] = []
    found = None
    for candidate in offer(game, variant, settings):
        comp = {k: v for k, v in candidate.items() if k != "describe"}
        task = reporter.task(candidate["describe"], games, "games") if reporter else None
        ((playouts, errors),) = simulate_many(game, [(variant, games, ())], seed, settings, workers=workers,
                                               compensation=comp, executor=executor,
                                               progress=(lambda _, n: task.advance(n)) if task else None)
        if task:
            task.done()
        card = scorecard(variant.players, playouts, errors)
        worst = max(abs(s["rate"] - fair) for s in card["seats"])
        trial = Trial(candidate["describe"], comp, card["seats"], worst)
        trials.append(trial)
        if progress:
            progress(trial)
        if trial.inside(fair, band):
            found = trial
            break
    return BalanceResult(game.id, variant, games, seed, band, trials, found)
