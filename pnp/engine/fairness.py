"""The seat-fairness rule: one judgement of "are the seats equal?" for ``pnp check``,
``pnp balance`` and the pre-print check.

Input: the wins of each seat over the finished games of one variant.  Two parts:

* **Joint test of equal seats**: Pearson's chi-square goodness-of-fit test of the win
  counts against equal shares (``chisquare``, as ``scipy.stats.chisquare``; Pearson 1900).  Seats' win
  rates sum to one, so the seats are tested together, once, not seat by seat.
* **A per-seat band that scales with the player count**: a seat is *outside* the band
  when its win rate ``r`` differs from the fair share ``f = 1 / players`` by more than
  ``band`` in Cohen's effect size for proportions, ``h = 2 asin(sqrt(r)) - 2 asin(sqrt(f))``
  (Cohen 1988, ch. 6).  The band ``band = 0.1`` is half of Cohen's "small" effect: as win
  rates it is 50 +- 5.0 % at 2 players, 33.3 +- 4.7 at 3, 25 +- 4.3 at 4, 20 +- 4.0 at 5
  and 16.7 +- 3.7 at 6 (``band_rates``).  On the arcsine scale a seat's estimate has the
  same spread at every player count (variance about 1 / n for n games), so the same
  number of games resolves the band at 2 and at 6 players.

The verdict at one look of a sequential run (``judge``), with ``looks`` the most looks
the run can take and Bonferroni over them (``alpha / looks`` and ``beta / looks`` at
each; Jennison & Turnbull 2000, ch. 1):

* **fail**: the joint test rejects equal seats at ``alpha / looks`` and some seat's
  two-sided ``1 - alpha / looks`` interval of ``h`` lies wholly outside the band;
* **pass**: every seat's one-sided ``1 - beta / looks`` bound of ``|h|`` lies inside the
  band (an equivalence test, Schuirmann 1987; ``beta`` is the risk of passing a seat
  that is outside the band);
* **more**: neither, before the last look; play more games.
* **undecided**: neither, at the last look (``final``): the games cannot tell whether the
  seat lies inside or outside the band at the stated confidence.  The point estimates
  alone would decide such a seat by the seed (a seat on the band's edge fails with one
  master seed and passes with the next), so the verdict says so instead.

So the chance that a variant with equal seats fails is at most ``alpha`` over all looks
(every fail needs the joint test to reject at ``alpha / looks``), and the chance that a
variant with a seat outside the band passes is at most ``beta`` (every pass needs every
seat's bound inside the band at ``beta / looks``), at whatever look it stops.  What the
estimates say is kept beside the verdict (``estimate``: "fail" when the joint test rejects
and a seat's estimate lies outside the band, else "pass"), for a report that describes a
sample rather than judging it (the pre-print check's warning, the rules sheet's sentence
about a set-up's seats).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Sequence

#: Cohen's (1988) "small" effect for a difference of proportions is h = 0.2; the band is half of it
BAND_H = 0.1
ALPHA = 0.05
BETA = 0.2


_NORMAL = NormalDist()


def chisquare(counts: Sequence[int]) -> tuple[float, float]:
    """Pearson's chi-square test of ``counts`` against equal shares: (statistic, p-value),
    as ``scipy.stats.chisquare(counts)`` gives them.  The p-value is the chi-square
    distribution's survival function at ``len(counts) - 1`` degrees of freedom, in closed
    form for whole degrees (Abramowitz and Stegun 26.4.4-5): exact, and without importing
    SciPy, whose import alone cost every kit build about 1.5 s of CPU."""
    k = len(counts)
    expected = sum(counts) / k
    stat = sum((c - expected) ** 2 for c in counts) / expected
    return stat, chi2_sf(stat, k - 1)


def chi2_sf(x: float, dof: int) -> float:
    """P(X > ``x``) for X chi-square distributed with ``dof`` (>= 1, whole) degrees of freedom."""
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    for i in range(1, (dof + 1) // 2):
        total += math.exp((i - 0.5) * math.log(half) - half - math.lgamma(i + 0.5))
    return min(1.0, total)


def _h(rate: float, fair: float) -> float:
    return 2 * math.asin(math.sqrt(rate)) - 2 * math.asin(math.sqrt(fair))


def band_rates(players: int, band: float = BAND_H) -> tuple[float, float]:
    """The win rates (0..1) a seat may have at ``players`` players: fair share +- ``band``
    in Cohen's h.  ``band_rates(3)`` is about (0.287, 0.381)."""
    a = math.asin(math.sqrt(1 / players))
    return math.sin(max(0.0, a - band / 2)) ** 2, math.sin(min(math.pi / 2, a + band / 2)) ** 2


@dataclass(frozen=True)
class SeatRule:
    """The rule's numbers (``checks.yaml`` ``thresholds``: ``seat_band_h``, ``seat_alpha``,
    ``seat_beta``).  ``band``: Cohen's h a seat may differ from the fair share; ``alpha``:
    chance, over all looks, that equal seats fail; ``beta``: chance that an early pass lets
    through a seat outside the band."""

    band: float = BAND_H
    alpha: float = ALPHA
    beta: float = BETA

    def judge(self, wins: Sequence[int], looks: int = 1, final: bool = True) -> dict[str, Any]:
        """The verdict on one sample of finished games.

        ``wins``: wins per seat (seat 1 first) over the finished games (their sum); ``looks``:
        the most looks the run can take (Bonferroni); ``final``: this is the last look (or
        the only one), so "undecided" instead of "more".  Returns a JSON-able dict:
        ``verdict`` ("pass", "fail", "more" or "undecided"), ``estimate`` (what the point
        estimates alone say: "pass" or "fail"), ``games``, ``chi2`` and ``p`` of the joint
        test (None under 2 games), ``alpha_look``, ``band_h``, ``band`` (the win rates
        allowed, [low, high]) and per seat ``h`` (its effect size, rounded) and ``outside``
        (its estimate lies outside the band); ``reasons``: one line per seat that fails, or
        one line naming the seat furthest from the fair share when the verdict is
        "undecided" (empty for "pass" and "more"); ``estimate_reasons``: one line per seat
        whose estimate lies outside the band when the estimates say "fail" (else empty).
        """
        players = len(wins)
        n = sum(wins)
        fair = 1 / players
        lo, hi = band_rates(players, self.band)
        a_look, b_look = self.alpha / looks, self.beta / looks
        out: dict[str, Any] = {"games": n, "looks": looks, "alpha_look": round(a_look, 6), "band_h": self.band,
                               "band": [round(lo, 4), round(hi, 4)]}
        if n < 2:
            out.update(verdict="more" if not final else "undecided", estimate="pass", chi2=None, p=None, seats=[],
                       reasons=[f"seats undecided at {n} games: too few to judge"] if final else [],
                       estimate_reasons=[])
            return out
        stat, p = chisquare(wins)
        z_fail = _NORMAL.inv_cdf(1 - a_look / 2)
        z_pass = _NORMAL.inv_cdf(1 - b_look)
        se = 1 / math.sqrt(n)
        seats, clear_fail, all_pass, outside = [], False, True, []
        for seat, w in enumerate(wins, 1):
            h = _h(w / n, fair)
            far = abs(h) > self.band
            seats.append({"seat": seat, "h": round(h, 4), "outside": far})
            if abs(h) - z_fail * se > self.band:
                clear_fail = True
            if abs(h) + z_pass * se >= self.band:
                all_pass = False
            if far:
                outside.append((seat, w / n))
        rejects = bool(p < a_look)
        if rejects and clear_fail:
            verdict = "fail"
        elif all_pass:
            verdict = "pass"
        elif final:
            verdict = "undecided"
        else:
            verdict = "more"
        estimate = "fail" if rejects and outside else "pass"
        estimate_reasons = [f"seat {seat} wins {rate:.1%} of {n} games, outside the band {lo:.1%}-{hi:.1%} "
                            f"(fair {fair:.1%}; seats unequal, chi-square p = {p:.2g} < {a_look:.2g})"
                            for seat, rate in outside] if estimate == "fail" else []
        reasons = []
        if verdict == "fail":
            reasons = estimate_reasons
        elif verdict == "undecided":
            far = max(seats, key=lambda s: (abs(s["h"]), -s["seat"]))
            rate = wins[far["seat"] - 1] / n
            reasons = [f"seats undecided at {n} games: seat {far['seat']} wins {rate:.1%}, neither shown inside nor "
                       f"outside the band {lo:.1%}-{hi:.1%} (fair {fair:.1%}) at the rule's confidence; "
                       "more games would decide"]
        out.update(verdict=verdict, estimate=estimate, chi2=round(float(stat), 4), p=float(f"{p:.4g}"), seats=seats,
                   reasons=reasons, estimate_reasons=estimate_reasons)
        return out
