"""Player-count checks: static checks, then simulated games, per variant.

- ``static_check``: the player count is in range; the reduced deck can deal the hands and
  the trading fields and keep ``min_deck_after_setup`` cards; the engine's set-up counts
  equal the model's (and the kit's, if given).  Raises ``VariantError`` with the numbers.
- ``simulate``: seeded games over worker processes.  Game i of a p-player batch uses
  ``core.game_seed(master, p, i)`` and results come back in index order, so the outcome
  does not depend on the number of workers.
- ``quick_check`` (``pnp build``: one variant, a small sample, about a second) and
  ``full_check`` (``pnp check``: every variant, 1000 games each, banknote sizing).

Thresholds and sample sizes come from ``data/<game>/checks.yaml`` (``load_settings``).
"""

from __future__ import annotations

import multiprocessing
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from ..catalog import read_yaml
from ..errors import VariantError
from . import samarkand, samarkand_bot
from .core import DeadEnd, EngineError, InvariantViolation, Playout, RuleGap, game_seed, playout
from .players import HeuristicPlayer, RandomPlayer
from .scorecard import failures, percentile, scorecard

# game id -> (new_game(game, players, seed, track_notes), heuristic policy)
ENGINES = {"samarkand": (samarkand.new_game, samarkand_bot.choose)}
PLAYER_KINDS = ("heuristic", "random")
THRESHOLD_KEYS = (
    "min_completion", "max_dead_ends", "max_rule_gaps", "max_invariant_violations",
    "min_median_rounds", "max_median_rounds",
)


# ----------------------------------------------------------------------------- settings
@dataclass(frozen=True)
class Settings:
    """``data/<game>/checks.yaml``: sample sizes, thresholds, setup margin, banknote sizing."""

    file: Path
    move_cap: int
    quick_games: int
    thresholds: Mapping[str, float]
    min_deck_after_setup: int
    banknote_players: int
    banknote_quantile: float


def load_settings(game) -> Settings:
    """Read and validate the game's ``checks.yaml``.  Raises ``DataError`` (file, key, reason)."""
    path = Path(game.folder) / "checks.yaml"
    node = read_yaml(path)
    sim, th, setup, notes = node["simulation"], node["thresholds"], node["setup"], node["banknotes"]
    thresholds = {
        "min_completion": th["min_completion"].number(0, 1),
        "max_dead_ends": th["max_dead_ends"].int(0),
        "max_rule_gaps": th["max_rule_gaps"].int(0),
        "max_invariant_violations": th["max_invariant_violations"].int(0),
        "min_median_rounds": th["min_median_rounds"].int(0),
        "max_median_rounds": th["max_median_rounds"].int(1),
    }
    if thresholds["max_median_rounds"] < thresholds["min_median_rounds"]:
        raise th["max_median_rounds"].error(f"expected at least min_median_rounds ({thresholds['min_median_rounds']})")
    unknown = set(th.mapping()) - set(THRESHOLD_KEYS)
    if unknown:
        raise th.error(f"unknown thresholds: {', '.join(sorted(unknown))}; known: {', '.join(THRESHOLD_KEYS)}")
    return Settings(
        file=path,
        move_cap=sim["move_cap"].int(1),
        quick_games=sim["quick_games"].int(1),
        thresholds=MappingProxyType(thresholds),
        min_deck_after_setup=setup["min_deck_after_setup"].int(0),
        banknote_players=notes["players"].int(game.players_min, game.players_max),
        banknote_quantile=notes["quantile"].number(0, 1),
    )


# ----------------------------------------------------------------------------- static checks
def removal_list(game, players: int) -> dict[str, int]:
    """Cards of each good an owner of the full game takes out for ``players`` (seed:
    "Preparation"), e.g. ``{'grain': 5, 'fruit': 5, ...}`` for 2 players.

    Raises:
        VariantError: player count outside the data's range, or a removal larger than the
            number of cards of a good.
    """
    game.check_players(players)
    removed = game.removed_per_good[players]
    short = [f"{g.id} has {g.count}" for g in game.goods if g.count < removed]
    if short:
        raise VariantError(
            f"{players} players: cannot remove {removed} of each good: {', '.join(short)}",
            file=Path(game.folder) / "game.yaml",
            key=f"removed_per_good.{players}",
        )
    return {g.id: removed for g in game.goods}


def engine_counts(game, players: int, seed: int = 0) -> dict[str, int]:
    """Counts of what a set-up engine game holds, in names a kit manifest can use:
    ``cards``, ``cards.<good>``, ``market_tokens``, ``market_tokens.assortment``,
    ``market_tokens.<good>``, ``market_chips``, ``pawns`` (one per player)."""
    new_game, _ = ENGINES[game.id]
    state = new_game(game, players, seed)
    T = state.T
    counts = {"cards": 0}
    for g, good in enumerate(T.goods):
        n = state.deck[g] + sum(h[g] for h in state.hands) + sum(f[g] for f in state.fields)
        counts[f"cards.{good}"] = n
        counts["cards"] += n
    counts["market_tokens"] = len(state.markets)
    counts["market_tokens.assortment"] = state.markets.count(samarkand.ASSORTMENT)
    for g, good in enumerate(T.goods):
        counts[f"market_tokens.{good}"] = state.markets.count(g)
    counts["market_chips"] = len(state.chips)
    counts["pawns"] = len(state.pos)
    return counts


def static_check(game, players: int, settings: Settings, kit_counts: Mapping[str, int] | None = None) -> list[str]:
    """Check a variant without playing it; returns the lines of what was checked.

    Raises:
        VariantError: player count out of range; a deck too small for setup plus
            ``min_deck_after_setup`` (with the numbers); engine counts that differ from
            the model's or from ``kit_counts``.
    """
    removed = removal_list(game, players)
    deck = game.deck(players)
    total = sum(deck.values())
    r = game.rules
    camps = len(game.board.of_kind("camp"))
    dealt = r.hand_size * players + r.field_start_cards * camps
    need = dealt + settings.min_deck_after_setup
    if total < need:
        raise VariantError(
            f"{players} players: removing {removed[game.goods[0].id]} of each good leaves {total} cards ("
            + ", ".join(f"{g} {n}" for g, n in deck.items())
            + f"); setup deals {dealt} ({r.hand_size} x {players} hands + {r.field_start_cards} x {camps} trading fields) "
            f"and the deck must keep {settings.min_deck_after_setup}: {need} needed",
            file=Path(game.folder) / "game.yaml",
            key=f"removed_per_good.{players}",
        )
    if len(game.pawns) < players:
        raise VariantError(f"{players} players need {players} pawns, the data has {len(game.pawns)}", key="pawns")
    engine = engine_counts(game, players)
    model = {"cards": total, **{f"cards.{g}": n for g, n in deck.items()},
             "market_tokens": game.market_slots, "market_tokens.assortment": game.assortment_tokens,
             "market_chips": game.market_chips, "pawns": players}
    for g in deck:
        model[f"market_tokens.{g}"] = game.market_token_goods.count(g)
    for source, counts in (("model", model), ("kit", kit_counts or {})):
        diff = [f"{k}: engine {engine[k]}, {source} {v}" for k, v in counts.items() if k in engine and engine[k] != v]
        if diff:
            raise VariantError(f"{players} players: the engine and the {source} disagree: " + "; ".join(diff))
    lines = [
        f"player count {players} in {game.players_min}-{game.players_max}",
        f"deck of {total} cards deals {dealt} at setup and keeps {total - dealt} (at least {settings.min_deck_after_setup})",
        "engine counts equal the model's" + (" and the kit's" if kit_counts else "")
        + f" ({total} cards, {engine['market_tokens']} market tokens, {engine['market_chips']} chips)",
    ]
    return lines


# ----------------------------------------------------------------------------- simulation
_GAMES: dict[tuple[str, str], Any] = {}


def _load(root: str, game_id: str):
    """The model in a worker process (loaded once per process, by path: models do not pickle)."""
    key = (root, game_id)
    if key not in _GAMES:
        from ..model import load_game

        _GAMES[key] = load_game(game_id, Path(root))
    return _GAMES[key]


def _play_chunk(job: tuple) -> list:
    """Play the games of one chunk; a worker's unit of work.  Returns per game a
    ``Playout`` or an error tuple (kind, reason, seed, moves)."""
    root, game_id, players, kind, seeds, move_cap, check, notes = job
    game = _GAMES.get(("", game_id)) if root == "" else _load(root, game_id)
    new_game, policy = ENGINES[game_id]
    player = HeuristicPlayer(policy) if kind == "heuristic" else RandomPlayer()
    seats = [player] * players

    def new_state(seed):
        return new_game(game, players, seed, notes)

    out = []
    for seed in seeds:
        try:
            out.append(playout(new_state, seats, seed, move_cap, check=check))
        except EngineError as exc:
            out.append((exc.kind, exc.reason, exc.seed, [list(m) for m in exc.moves]))
    return out


_ERRORS = {cls.kind: cls for cls in (DeadEnd, RuleGap, InvariantViolation)}


def simulate_many(
    game,
    batches: Sequence[tuple[int, int, tuple[int, ...]]],
    seed: int,
    settings: Settings,
    player: str = "heuristic",
    check: bool = True,
    workers: int | None = None,
) -> list[tuple[list[Playout], list[EngineError]]]:
    """Play ``games`` games for each (players, games, banknote values) batch.

    ``workers``: processes (default: all cores; 1 plays in this process).  Deterministic:
    game i of a p-player batch always has seed ``game_seed(seed, p, i)``.
    """
    if player not in PLAYER_KINDS:
        raise VariantError(f"unknown player kind {player!r}; expected one of {', '.join(PLAYER_KINDS)}", key="--player")
    workers = workers or os.cpu_count() or 1
    total = sum(n for _, n, _ in batches)
    chunk = max(1, min(50, total // (workers * 8) or 1))
    root = str(Path(game.folder).parent)
    jobs, owners = [], []
    for b, (players, games, notes) in enumerate(batches):
        seeds = [game_seed(seed, players, i) for i in range(games)]
        for i in range(0, games, chunk):
            jobs.append((root, game.id, players, player, seeds[i : i + chunk], settings.move_cap, check, notes))
            owners.append(b)
    if workers == 1 or len(jobs) == 1:
        _GAMES[("", game.id)] = game  # the caller's model, no reload
        results = [_play_chunk((("",) + job[1:])) for job in jobs]
    else:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        with multiprocessing.get_context(method).Pool(workers) as pool:
            results = pool.map(_play_chunk, jobs, chunksize=1)
    out: list[tuple[list[Playout], list[EngineError]]] = [([], []) for _ in batches]
    for b, chunk_results in zip(owners, results):
        for item in chunk_results:
            if isinstance(item, Playout):
                out[b][0].append(item)
            else:
                kind, reason, s, moves = item
                out[b][1].append(_ERRORS.get(kind, EngineError)(reason, seed=s, moves=[tuple(m) for m in moves]))
    return out


# ----------------------------------------------------------------------------- reports
@dataclass
class VariantReport:
    """What the check of one player-count variant found.

    ``summary`` is the one line the kit's contents page prints, e.g. "500 simulated
    2-player games, all finished, median 31 rounds".  ``rounds`` holds every finished
    game's length (for plots; not in the JSON).
    """

    game: str
    players: int
    games: int
    seed: int
    player: str
    static: list[str]
    scorecard: dict[str, Any]
    reasons: list[str]
    seconds: float | None  # None inside a full_check (variants share the worker pool)
    rounds: list[int] = field(default_factory=list, repr=False)

    @property
    def passed(self) -> bool:
        return not self.reasons

    @property
    def summary(self) -> str:
        card = self.scorecard
        if card["finished"] == card["games"]:
            done = "all finished"
        else:
            done = f"{card['finished']} finished ({card['timeouts']} hit the move cap)"
            failed = card["games"] - card["finished"] - card["timeouts"]
            if failed:
                done += f", {failed} failed"
        median = card["rounds"]["median"]
        return f"{card['games']} simulated {self.players}-player games, {done}" + (
            f", median {median} rounds" if median is not None else ""
        )

    def raise_if_failed(self) -> None:
        """Raise ``VariantError`` naming every failed threshold (``pnp build`` refuses to print)."""
        if self.reasons:
            raise VariantError(f"{self.game}, {self.players} players fails its check: " + "; ".join(self.reasons))

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "passed": self.passed,
            "reasons": self.reasons,
            "summary": self.summary,
            "static_checks": self.static,
            "seconds": None if self.seconds is None else round(self.seconds, 2),
            "scorecard": self.scorecard,
        }


@dataclass
class CheckRun:
    """``full_check``'s result: one report per variant plus the banknote sizing."""

    game: str
    seed: int
    games: int
    player: str
    workers: int
    variants: list[VariantReport]
    banknotes: dict[str, Any] | None
    seconds: float

    @property
    def reasons(self) -> list[str]:
        out = [f"{v.players} players: {r}" for v in self.variants for r in v.reasons]
        if self.banknotes and not self.banknotes["passed"]:
            out.append("banknotes: " + "; ".join(self.banknotes["reasons"]))
        return out

    @property
    def passed(self) -> bool:
        return not self.reasons

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "games_per_variant": self.games,
            "player": self.player,
            "workers": self.workers,
            "seconds": round(self.seconds, 2),
            "passed": self.passed,
            "reasons": self.reasons,
            "variants": [v.to_json() for v in self.variants],
            "banknotes": self.banknotes,
        }


def _report(game, players, games, seed, player, static, result, settings, seconds) -> VariantReport:
    playouts, errors = result
    card = scorecard(players, playouts, errors)
    reasons = failures(card, settings.thresholds)
    rounds = [p.rounds for p in playouts if not p.timed_out]
    return VariantReport(game.id, players, games, seed, player, static, card, reasons, seconds, rounds)


def quick_check(
    game, players: int, games: int | None = None, seed: int = 0, workers: int = 1,
    kit_counts: Mapping[str, int] | None = None,
) -> VariantReport:
    """Static checks plus a small seeded sample of heuristic games in check mode (``pnp
    build``, before printing).  ``games`` defaults to checks.yaml's ``quick_games``.

    Raises:
        VariantError: the static check fails (too few cards, count out of range...).
    Returns a report; call ``report.raise_if_failed()`` to refuse a failed variant.
    """
    settings = load_settings(game)
    start = time.perf_counter()
    static = static_check(game, players, settings, kit_counts)
    games = games or settings.quick_games
    (result,) = simulate_many(game, [(players, games, ())], seed, settings, workers=workers)
    return _report(game, players, games, seed, "heuristic", static, result, settings, time.perf_counter() - start)


def full_check(
    game, players: Sequence[int] | None = None, games: int = 1000, seed: int = 1,
    workers: int | None = None, player: str = "heuristic", check: bool = True,
) -> CheckRun:
    """Every requested variant (default: all counts): static checks, ``games`` simulated
    games each, scorecards, and the banknote sizing on ``banknotes.players``.

    Raises:
        VariantError: a static check fails (before anything is played).
    """
    settings = load_settings(game)
    counts = list(players) if players else list(game.player_counts)
    start = time.perf_counter()
    statics = {p: static_check(game, p, settings) for p in counts}
    values = tuple(b.value for b in game.banknotes)
    batches = [(p, games, values if p == settings.banknote_players else ()) for p in counts]
    results = simulate_many(game, batches, seed, settings, player=player, check=check, workers=workers)
    seconds = time.perf_counter() - start
    reports = [
        _report(game, p, games, seed, player, statics[p], res, settings, None)
        for p, res in zip(counts, results)
    ]
    notes = None
    if settings.banknote_players in counts:
        notes = banknote_sizing(game, results[counts.index(settings.banknote_players)][0], settings)
    return CheckRun(game.id, seed, games, player, workers or os.cpu_count() or 1, reports, notes, seconds)


def banknote_sizing(game, playouts: Sequence[Playout], settings: Settings) -> dict[str, Any]:
    """Notes of each value the bank needs, against the printed counts (issue 3, item 6).

    Method (ENGINE-DECISIONS.md, D19): in every game, at the end of every turn, each
    player's cash is split greedily into the fewest notes (largest value first); the
    per-value sum over players, maximised over the game, is what the players hold at
    worst.  The bank must also be able to pay the game's largest single sale, split the
    same way.  A value's need is the ``quantile`` (nearest rank) of that per-game total.
    """
    values = sorted((b.value for b in game.banknotes), reverse=True)
    per_game = {v: [] for v in values}
    for p in playouts:
        held = p.stats.get("notes", {})
        payout = _greedy(p.stats.get("max_payout", 0), values)
        for v in values:
            per_game[v].append(held.get(v, 0) + payout[v])
    q = settings.banknote_quantile
    rows, reasons = [], []
    for b in sorted(game.banknotes, key=lambda b: b.value):
        needed = percentile(per_game[b.value], q) or 0
        rows.append({"value": b.value, "count": b.count, "needed": needed, "margin": b.count - needed})
        if needed > b.count:
            reasons.append(f"{needed} notes of {b.value} needed in {q:.1%} of games, {b.count} printed")
    circulation = [p.stats.get("max_circulation", 0) + p.stats.get("max_payout", 0) for p in playouts]
    printed = sum(b.value * b.count for b in game.banknotes)
    needed_total = percentile(circulation, q) or 0
    if needed_total > printed:
        reasons.append(f"{needed_total} Piaster in play in {q:.1%} of games, {printed} printed")
    return {
        "players": settings.banknote_players,
        "games": len(playouts),
        "quantile": q,
        "method": "greedy change-making of each player's cash at every turn end, summed over players, "
        "game maximum, plus the game's largest payout; nearest-rank quantile over games",
        "denominations": rows,
        "printed_total": printed,
        "needed_total": needed_total,
        "passed": not reasons,
        "reasons": reasons,
    }


def _greedy(amount: int, values_desc: Sequence[int]) -> dict[int, int]:
    out = {}
    for v in values_desc:
        out[v], amount = divmod(amount, v)
    return out
