"""Seat balance: the smallest compensation that makes the seats pass the fairness rule.

``pnp check`` judges seats with the fairness rule (``pnp.engine.fairness``: a joint
chi-square test of equal seats and a per-seat band in Cohen's h, ``checks.yaml``
``thresholds.seat_band_h``).  ``search`` goes further for a designer: it tries the
compensations the game's engine can express (``compensations(game, variant,
settings)``, smallest first: e.g. start money by seat), plays ``games`` heuristic games
with each (the seeds of ``pnp check``, the same for every compensation, so they are
compared on the same deals), and judges each by the same rule.  The first that passes is
then played on ``games`` fresh seeds (``CONFIRM_INDEX`` on), and judged again: a pick that
passed on the sample it was picked from by luck is not confirmed, and the search goes on.
The seats of every compensation tried are reported, so the designer sees how sure the
answer is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.errors import UsageError
from pnp.engine.check import engine_of, load_settings, seat_rule, seat_wins, simulate_many
from pnp.engine.fairness import SeatRule
from pnp.engine.scorecard import scorecard
from pnp.model.variant import Variant

#: Seeds of the confirming games start at this game index (the search's games are 0..games-1,
#: the exploring games of ``pnp check`` 10**6 on): they repeat no game of the search.
CONFIRM_INDEX = 2 * 10**6


@dataclass
class Trial:
    """One compensation played: its description, the data it sets, the seats'
    ``{seat, wins, rate, ci95}`` (``scorecard``'s), the fairness rule's verdict on them
    (``SeatRule.judge``) and, for a compensation that passed, the confirming games' seats
    and verdict (``confirm``: ``{"seats", "verdict"}``; None if not confirmed yet)."""

    describe: str
    compensation: dict[str, Any]
    seats: list[dict[str, Any]]
    worst: float  # largest distance of a seat's win rate from the fair share
    verdict: dict[str, Any] = field(default_factory=dict)
    confirm: dict[str, Any] | None = None

    @property
    def passed(self) -> bool:
        return self.verdict.get("verdict") == "pass"

    @property
    def confirmed(self) -> bool:
        return self.confirm is not None and self.confirm["verdict"]["verdict"] == "pass"


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
        def trial(t: Trial) -> dict[str, Any]:
            return {"describe": t.describe, **t.compensation, "seats": t.seats, "worst": round(t.worst, 4),
                    "verdict": t.verdict, "confirm": t.confirm}

        return {
            "game": self.game, "variant": self.variant.id, "games": self.games, "seed": self.seed,
            "fair_share": round(self.fair, 4), "band_h": self.band,
            "found": None if self.found is None else trial(self.found),
            "trials": [trial(t) for t in self.trials],
        }


def search(game, variant: Variant, games: int = 1000, seed: int = 1, workers: int | None = None,
           progress=None, band: float | None = None, executor=None, reporter=None) -> BalanceResult:
    """Try the engine's ``compensations`` for ``variant`` in order; the first whose
    ``games`` games pass the fairness rule (one look) and whose ``games`` confirming games
    on fresh seeds pass it too is ``found``.  ``band``: Cohen's h of the band (default
    checks.yaml's ``seat_band_h``).  ``progress(trial)`` is called after each trial (and
    again after its confirmation).  ``executor``: where the games run
    (``pnp.engine.runner``; default ``LocalPool(workers)``); ``reporter``: a
    ``pnp.progress`` reporter (one task per compensation tried and per confirmation).

    Raises:
        UsageError: the game's engine offers no compensations, or checks.yaml has no
            ``thresholds.seat_band_h`` (key ``GAME``).
    """
    engine = engine_of(game)
    settings = load_settings(game)
    rule = seat_rule(settings)
    if rule is None and band is None:
        raise UsageError(f"{settings.file}: thresholds.seat_band_h is needed to judge seat balance", key="GAME")
    rule = SeatRule(band, rule.alpha, rule.beta) if rule and band is not None else (rule or SeatRule(band))
    offer = engine.compensations
    if offer is None:
        raise UsageError(f"{game.id} has no seat compensation its data can express", key="GAME")
    fair = 1 / variant.players

    def play(comp, first: int, label: str):
        task = reporter.task(label, games, "games") if reporter else None
        ((playouts, errors),) = simulate_many(game, [(variant, games, (), "heuristic", first)], seed, settings,
                                               workers=workers, compensation=comp, executor=executor,
                                               progress=(lambda _, n: task.advance(n)) if task else None)
        if task:
            task.done()
        card = scorecard(variant.players, playouts, errors)
        return card["seats"], rule.judge(seat_wins(variant.players, playouts))

    trials: list[Trial] = []
    found = None
    for candidate in offer(game, variant, settings):
        comp = {k: v for k, v in candidate.items() if k != "describe"}
        seats, verdict = play(comp, 0, candidate["describe"])
        trial = Trial(candidate["describe"], comp, seats, max(abs(s["rate"] - fair) for s in seats), verdict)
        trials.append(trial)
        if progress:
            progress(trial)
        if trial.passed:
            seats, verdict = play(comp, CONFIRM_INDEX, f"{candidate['describe']}: fresh seeds")
            trial.confirm = {"seats": seats, "verdict": verdict}
            if progress:
                progress(trial)
            if trial.confirmed:
                found = trial
                break
    return BalanceResult(game.id, variant, games, seed, rule.band, trials, found)
