"""The scorecard of one player-count variant: what a batch of simulated games showed.

Input: the ``Playout`` of every game that ran to its end or to the move cap, plus the
``EngineError`` of every game that failed.  Output: a plain JSON-ready dict (see
``scorecard``) and the list of threshold failures (``failures``).

Percentiles are nearest-rank (``percentile``); win rates carry Wilson score 95 %
intervals (``wilson``), which stay inside [0, 1] and behave for small counts.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from pnp.engine.core import EngineError, Playout

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile (q in [0, 1]) of ``values``; None if empty.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)
    9
    """
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (default 95 %); (0, 1) when n == 0.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def scorecard(players: int, playouts: Sequence[Playout], errors: Sequence[EngineError]) -> dict[str, Any]:
    """Summarise one variant's games.

    Keys: games, finished, completion (finished / games), timeouts (hit the move cap,
    counted apart), dead_ends, rule_gaps, invariant_violations, first_error (seed +
    moves, or None); turns / rounds {median, p90} over finished games; seats [{seat,
    wins, rate, ci95}]; reshuffles {mean, games_with, max}; penalties {kind: {total,
    mean}}; max_circulation {median, p999, max} (Piaster held by all players at once);
    per_game {moves, die_rolls, sales, fields_bought} means.
    """
    games = len(playouts) + len(errors)
    finished = [p for p in playouts if not p.timed_out]
    n_fin = len(finished)
    kinds = [e.kind for e in errors]
    turns = [p.turns for p in finished]
    rounds = [p.rounds for p in finished]
    seats = []
    for seat in range(players):
        wins = sum(1 for p in finished if p.winner == seat)
        lo, hi = wilson(wins, n_fin)
        seats.append({"seat": seat + 1, "wins": wins, "rate": _r(wins / n_fin if n_fin else 0.0), "ci95": [_r(lo), _r(hi)]})
    reshuffles = [p.stats.get("reshuffles", 0) for p in playouts]
    penalty_kinds = sorted({k for p in playouts for k in p.stats.get("penalties", {})})
    penalties = {
        k: {
            "total": sum(p.stats["penalties"].get(k, 0) for p in playouts),
            "mean": _r(_mean([p.stats["penalties"].get(k, 0) for p in playouts])),
        }
        for k in penalty_kinds
    }
    circulation = [p.stats.get("max_circulation", 0) for p in playouts]
    return {
        "players": players,
        "games": games,
        "finished": n_fin,
        "completion": _r(n_fin / games if games else 0.0),
        "timeouts": sum(1 for p in playouts if p.timed_out),
        "dead_ends": kinds.count("dead end"),
        "rule_gaps": kinds.count("rule gap"),
        "invariant_violations": kinds.count("invariant violation"),
        "first_error": errors[0].to_json() if errors else None,
        "turns": {"median": percentile(turns, 0.5), "p90": percentile(turns, 0.9)},
        "rounds": {"median": percentile(rounds, 0.5), "p90": percentile(rounds, 0.9)},
        "seats": seats,
        "reshuffles": {
            "mean": _r(_mean(reshuffles)),
            "games_with": sum(1 for r in reshuffles if r),
            "max": max(reshuffles, default=0),
        },
        "penalties": penalties,
        "max_circulation": {
            "median": percentile(circulation, 0.5),
            "p999": percentile(circulation, 0.999),
            "max": max(circulation, default=0),
        },
        "per_game": {
            "moves": _r(_mean([p.moves for p in playouts])),
            **{k: _r(_mean([p.stats.get(k, 0) for p in playouts])) for k in ("die_rolls", "sales", "fields_bought")},
        },
    }


def coverage(declared: Sequence[str], runs: Mapping[str, Sequence[Playout]]) -> dict[str, Any]:
    """The mechanism coverage of one variant: for each mechanism (the game's declared
    labels first, then any other seen), per policy (``runs``: policy name -> its
    playouts) the decisions that offered it and the times it was taken, and
    ``taken_per_1000_games`` over all the policies' games together.

    Shape: ``{"games": {policy: n}, "table": {label: {policy: {"offered", "taken"},
    "taken_per_1000_games": x}}}``.
    """
    games = {policy: len(playouts) for policy, playouts in runs.items()}
    seen = {label for playouts in runs.values() for p in playouts for label in p.coverage}
    labels = list(declared) + sorted(seen - set(declared))
    total_games = sum(games.values())
    table = {}
    for label in labels:
        row: dict[str, Any] = {}
        taken = 0
        for policy, playouts in runs.items():
            o = sum(p.coverage[label][0] for p in playouts if label in p.coverage)
            t = sum(p.coverage[label][1] for p in playouts if label in p.coverage)
            row[policy] = {"offered": o, "taken": t}
            taken += t
        row["taken_per_1000_games"] = _r(1000 * taken / total_games) if total_games else 0.0
        table[label] = row
    return {"games": games, "table": table}


def coverage_failures(cover: Mapping[str, Any], least_per_1000: float) -> list[str]:
    """Mechanisms taken less often than ``least_per_1000`` times per 1,000 games (checks.yaml
    ``min_mechanism_taken_per_1000_games``).  Judged only where the games played make the
    demand at least one whole move (a 100-game sample cannot show a 1-in-1,000 move)."""
    games = sum(cover["games"].values())
    needed = math.floor(least_per_1000 * games / 1000 + 1e-9)
    if needed < 1:
        return []
    out = []
    for label, row in cover["table"].items():
        taken = sum(v["taken"] for k, v in row.items() if isinstance(v, dict))
        offered = sum(v["offered"] for k, v in row.items() if isinstance(v, dict))
        if taken < needed:
            out.append(f"mechanism '{label}' taken {taken} times in {games} games (offered in {offered} decisions), "
                       f"at least {needed} must")
    return out


def failures(card: Mapping[str, Any], thresholds: Mapping[str, float]) -> list[str]:
    """Reasons a variant fails its thresholds (empty list: it passes).

    ``thresholds``: min_completion, max_dead_ends, max_rule_gaps, max_invariant_violations,
    min_median_rounds, max_median_rounds, and if present min_mechanism_taken_per_1000_games
    (``coverage_failures``, on ``card["mechanisms"]``) (see ``data/<game>/checks.yaml``).
    Seats are judged apart, by the fairness rule (``pnp.engine.fairness``).
    """
    out = []
    if card["completion"] < thresholds["min_completion"]:
        out.append(
            f"{card['finished']} of {card['games']} games finished ({card['completion']:.1%}), "
            f"at least {thresholds['min_completion']:.1%} must"
        )
    for key, label in (("dead_ends", "dead ends"), ("rule_gaps", "rule gaps"), ("invariant_violations", "invariant violations")):
        if card[key] > thresholds[f"max_{key}"]:
            out.append(f"{card[key]} {label} (at most {thresholds[f'max_{key}']}); first: {card['first_error']['reason']} "
                       f"(seed {card['first_error']['seed']})")
    median = card["rounds"]["median"]
    if median is not None and not thresholds["min_median_rounds"] <= median <= thresholds["max_median_rounds"]:
        out.append(
            f"median length {median} rounds, outside the plausible "
            f"{thresholds['min_median_rounds']}-{thresholds['max_median_rounds']}"
        )
    if thresholds.get("min_mechanism_taken_per_1000_games") is not None and card.get("mechanisms"):
        out += coverage_failures(card["mechanisms"], thresholds["min_mechanism_taken_per_1000_games"])
    return out


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _r(x: float) -> float:
    return round(x, 4)
