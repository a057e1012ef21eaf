"""Variant checks for every game: static checks, then simulated games, per variant.

The game-specific parts live in the game's engine (``Game.engine`` of ``pnp.registry``,
a ``pnp.engine.adapter.GameEngine``); this module runs them the same way for every game:

- ``static_check`` (the engine's): counts, set-up, engine counts equal the model's and
  the kit's.  Raises ``VariantError`` with the numbers.
- ``simulate_many``: seeded games over worker processes.  Game i of a p-player batch uses
  ``core.game_seed(master, p, i)`` and results come back in index order, so the outcome
  does not depend on the number of workers.
- ``quick_check`` / ``start_quick_check`` (``pnp build``: one variant, a small sample
  sized by the moves it simulates, played in other processes while the build goes on)
  and ``full_check`` (``pnp check``: every variant, 1000 games each, more in batches
  while the seat verdict is unclear (``pnp.engine.fairness``), then the engine's supply
  ``sizing`` — banknotes, coins, markers).

Thresholds and sample sizes come from ``data/<game>/checks.yaml`` (``load_settings``).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from pnp.model.catalog import read_yaml, refuse_unknown
from pnp.errors import DataError, VariantError
from pnp.model.variant import Variant
from pnp.engine.adapter import GameEngine
from pnp.engine.core import DeadEnd, EngineError, InvariantViolation, Playout, RuleGap, game_seed, playout
from pnp.engine.fairness import ALPHA, BETA, SeatRule
from pnp.engine.players import BusyRandomPlayer, ExploringPlayer, HeuristicPlayer, RandomPlayer
from pnp.engine.scorecard import coverage, failures, scorecard
from pnp.engine.strong import CANDIDATES as STRONG_CANDIDATES
from pnp.engine.strong import SAMPLES as STRONG_SAMPLES

SIMULATION_KEYS = ("move_cap", "quick_games", "quick_moves", "explore_games", "explore_share", "invariant_stride",
                   "seat_cap", "strong_samples", "strong_candidates")
#: checks.yaml ``simulation.invariant_stride`` when the file does not set it
INVARIANT_STRIDE = 5
PLAYER_KINDS = ("heuristic", "random", "busy-random", "explore", "mcts", "mcts-vs-heuristic", "strong")
#: Player kinds whose games the fairness rule judges seats by (every seat the same player)
SEAT_JUDGED = ("heuristic", "strong")
THRESHOLD_KEYS = (
    "min_completion", "max_dead_ends", "max_rule_gaps", "max_invariant_violations",
    "min_median_rounds", "max_median_rounds", "seat_band_h", "seat_alpha", "seat_beta", "seat_min_games",
    "min_mechanism_taken_per_1000_games",
)
#: Seeds of the exploring games start here (game i of the exploring batch: index
#: EXPLORE_INDEX + i), so they never repeat a heuristic game's seed.
EXPLORE_INDEX = 10**6


# ----------------------------------------------------------------------------- settings
@dataclass(frozen=True)
class Settings:
    """``data/<game>/checks.yaml``: sample sizes and thresholds (every game), and ``extra``:
    the whole file as a ``pnp.model.catalog.Node``, whose other sections the game's engine
    validates and reads (e.g. ``extra["setup"]``, ``extra["banknotes"]``)."""

    file: Path
    move_cap: int
    #: games the pre-print check plays at least (all it plays when ``quick_moves`` is None)
    quick_games: int
    thresholds: Mapping[str, float]
    extra: Any = field(default=None, repr=False)
    #: the pre-print check's budget of simulated moves: it plays games in seed order until
    #: their moves reach this (and ``quick_games`` games at least); None: no budget
    quick_moves: int | None = None
    #: exploring games played next to every 1,000 heuristic games (mechanism coverage)
    explore_games: int = 0
    #: the exploring player's share of random choices
    explore_share: float = 0.0
    #: the checks' games check the invariants after every this-many moves and at the game's
    #: end (a broken one is replayed move by move to name the move that broke it)
    invariant_stride: int = INVARIANT_STRIDE
    #: ``pnp check`` plays up to this many times its games per variant while the seat
    #: verdict is unclear (batches of half the games; 1: one look only)
    seat_cap: float = 1.0
    #: the strong player's budget per decision (``pnp.engine.strong``): determinised samples
    #: and candidate moves; a game whose rollouts are noisy wins more with fewer candidates
    #: compared on more samples (the same rollouts, fewer chances to follow noise)
    strong_samples: int = STRONG_SAMPLES
    strong_candidates: int = STRONG_CANDIDATES


#: Bounds of checks.yaml's sample sizes: past them one pre-print check would run for hours.
MAX_MOVE_CAP = 100_000
MAX_QUICK_GAMES = 5_000
MAX_QUICK_MOVES = 5_000_000
#: Least ``thresholds.min_completion``: below it, most games could time out and pass.
MIN_COMPLETION = 0.5
#: Most dead ends, rule gaps or invariant violations a variant may be allowed; each is an
#: engine or rules fault, so a larger allowance would switch the check off.
MAX_TOLERATED_FAULTS = 10
#: Widest seat band (Cohen's h 0.5, a "medium" effect: 26-74 % at 2 players); a wider one
#: would pass any seat.
MAX_SEAT_BAND_H = 0.5
#: Most finished games before seats are judged (``pnp check`` plays 1,000 by default, up to
#: ``seat_cap`` times that); more would leave every seat unjudged.
MAX_SEAT_MIN_GAMES = 1000
#: Most samples or candidates of the strong player's decision (each decision plays their
#: product in whole-game rollouts: 64 x 64 is already hours a game).
MAX_STRONG_BUDGET = 64
#: Least ``min_mechanism_taken_per_1000_games`` (0 would pass a mechanism never taken;
#: leave the key out for no coverage check).
MIN_MECHANISM_RATE = 0.001


def load_settings(game) -> Settings:
    """Read and validate the game's ``checks.yaml``: the generic ``simulation`` and
    ``thresholds`` (each within the bounds above), then the game's own sections through
    its engine's ``check_sections``; a key nobody reads is refused.

    Raises:
        DataError: the file is missing or malformed, a value out of its bounds, an unknown
            section or key (file, key path, reason).
    """
    path = Path(game.folder) / "checks.yaml"
    node = read_yaml(path)
    sim, th = node["simulation"], node["thresholds"]
    move_cap = sim["move_cap"].int(1, MAX_MOVE_CAP)
    # Every threshold's bounds keep its check a check: a value past them would pass every
    # variant (0 % completion, 1,000 dead ends tolerated, a band wider than a large effect).
    thresholds = {
        "min_completion": th["min_completion"].number(MIN_COMPLETION, 1),
        "max_dead_ends": th["max_dead_ends"].int(0, MAX_TOLERATED_FAULTS),
        "max_rule_gaps": th["max_rule_gaps"].int(0, MAX_TOLERATED_FAULTS),
        "max_invariant_violations": th["max_invariant_violations"].int(0, MAX_TOLERATED_FAULTS),
        "min_median_rounds": th["min_median_rounds"].int(1, move_cap),
        "max_median_rounds": th["max_median_rounds"].int(1, move_cap),
    }
    if "seat_band_h" in th.mapping():
        thresholds["seat_band_h"] = th["seat_band_h"].number(0.001, MAX_SEAT_BAND_H)
        # a key left out takes its default (Node.get records it for `pnp schema`)
        thresholds["seat_alpha"] = th.get("seat_alpha", ALPHA).number(0.0001, 0.5)
        thresholds["seat_beta"] = th.get("seat_beta", BETA).number(0.0001, 0.5)
    elif "seat_alpha" in th.mapping() or "seat_beta" in th.mapping():
        raise th.error("seat_alpha and seat_beta need seat_band_h (the band they judge seats by)")
    if "seat_min_games" in th.mapping():
        thresholds["seat_min_games"] = th["seat_min_games"].int(1, MAX_SEAT_MIN_GAMES)
    if "min_mechanism_taken_per_1000_games" in th.mapping():
        thresholds["min_mechanism_taken_per_1000_games"] = th["min_mechanism_taken_per_1000_games"].number(
            MIN_MECHANISM_RATE, 1000)
    if thresholds["max_median_rounds"] < thresholds["min_median_rounds"]:
        raise th["max_median_rounds"].error(f"expected at least min_median_rounds ({thresholds['min_median_rounds']})")
    unknown = set(th.mapping()) - set(THRESHOLD_KEYS)
    if unknown:
        raise th.error(f"unknown thresholds: {', '.join(sorted(unknown))}; known: {', '.join(THRESHOLD_KEYS)}")
    unknown = set(sim.mapping()) - set(SIMULATION_KEYS)
    if unknown:     # a misspelt quick_moves would silently leave the pre-print check unbounded
        raise sim.error(f"unknown keys: {', '.join(sorted(unknown))}; known: {', '.join(SIMULATION_KEYS)}")
    settings = Settings(
        file=path,
        move_cap=move_cap,
        quick_games=sim["quick_games"].int(1, MAX_QUICK_GAMES),
        quick_moves=sim["quick_moves"].int(1, MAX_QUICK_MOVES) if "quick_moves" in sim.mapping() else None,
        thresholds=MappingProxyType(thresholds),
        extra=node,
        explore_games=sim.get("explore_games", 0).int(0, 1000),
        explore_share=sim.get("explore_share", 0.0).number(0, 1),
        invariant_stride=sim.get("invariant_stride", INVARIANT_STRIDE).int(1, 1000),
        seat_cap=sim.get("seat_cap", 1.0).number(1, 20),
        strong_samples=sim.get("strong_samples", STRONG_SAMPLES).int(1, MAX_STRONG_BUDGET),
        strong_candidates=sim.get("strong_candidates", STRONG_CANDIDATES).int(1, MAX_STRONG_BUDGET),
    )
    # The game's own sections (supply sizing, balance, set-up margins) are read now, not
    # when a command first needs them: a bad value or a misspelt key fails every command
    # that reads the file, ``pnp build --no-check`` included.
    node.known("simulation", "thresholds")
    engine_of(game).check_sections(game, settings)
    refuse_unknown(node)
    return settings


def seat_rule(settings: Settings) -> SeatRule | None:
    """The fairness rule of ``checks.yaml`` (``thresholds.seat_band_h``, ``seat_alpha``,
    ``seat_beta``; ``pnp.engine.fairness``), or None when the file sets no band."""
    th = settings.thresholds
    if th.get("seat_band_h") is None:
        return None
    return SeatRule(th["seat_band_h"], th.get("seat_alpha", ALPHA), th.get("seat_beta", BETA))


def seat_looks(games: int, settings: Settings) -> tuple[int, int, int]:
    """(batch, cap, looks) of ``pnp check``'s sequential seat judgement for a first look of
    ``games`` games: batches of half of them up to ``seat_cap`` times as many."""
    batch = max(1, games // 2)
    cap = max(games, int(round(games * settings.seat_cap)))
    return batch, cap, 1 + -(-(cap - games) // batch)


def seat_wins(players: int, playouts: Sequence[Playout]) -> list[int]:
    """Wins per seat (seat 1 first) over the finished games."""
    wins = [0] * players
    for p in playouts:
        if p.winner is not None:
            wins[p.winner] += 1
    return wins


def engine_of(game) -> GameEngine:
    """The engine of ``game``: one instance, for the process, of the ``GameEngine`` subclass
    its registry entry names (``Game.engine``).

    Raises:
        UsageError: the game is not installed, its engine cannot be imported, or what
            ``Game.engine`` names is not a ``pnp.engine.adapter.GameEngine`` subclass (key ``GAME``).
    """
    from pnp.registry import game as registered

    entry = registered(game.id)
    engine = _ENGINES.get(entry.engine)
    if engine is None:
        engine = _ENGINES[entry.engine] = entry.make("engine", GameEngine)
    return engine


_ENGINES: dict[str, GameEngine] = {}


def static_check(game, variant: Variant, settings: Settings, kit_counts: Mapping[str, int] | None = None) -> list[str]:
    """The game's static checks of ``variant`` (see ``pnp.engine.adapter.GameEngine``).  Raises ``VariantError``."""
    return engine_of(game).static_check(game, variant, settings, kit_counts)


# ----------------------------------------------------------------------------- simulation
_GAMES: dict[tuple[str, str], Any] = {}


def data_fingerprint(folder: Path) -> str:
    """SHA-256 of the game's data files the engine reads (``<game>/*.yaml``, names and
    bytes): a cluster worker compares it with its own copy before it plays."""
    digest = hashlib.sha256()
    for path in sorted(Path(folder).glob("*.yaml")):
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def task_envelope(game) -> dict[str, str]:
    """What every simulation task carries so that a worker plays the client's rules or
    none: ``data`` (``data_fingerprint`` of the client's game folder), ``pnp`` (the
    client's pnp version) and ``engine`` (``pnp.engine.runner.engine_build()``: "pure"
    or "compiled")."""
    from pnp import __version__
    from pnp.engine.runner import engine_build

    return {"data": data_fingerprint(game.folder), "pnp": __version__, "engine": engine_build()}


def _refuse_other_build(envelope: Mapping[str, str]) -> None:
    """Raise ``DataError`` when this worker's pnp version or engine build is not the client's."""
    from pnp import __version__
    from pnp.engine.runner import engine_build

    mine = {"pnp": __version__, "engine": engine_build()}
    theirs = {key: envelope.get(key, mine[key]) for key in mine}
    if theirs != mine:
        import socket

        raise DataError(f"worker {socket.gethostname()} runs pnp {mine['pnp']} ({mine['engine']} engine), the client "
                        f"pnp {theirs['pnp']} ({theirs['engine']} engine); install the same pnp on every worker",
                        key="--cluster")


def _load(root: str, game_id: str, fingerprint: str | Mapping[str, str] | None = None):
    """The model in a worker process (loaded once per process and data version, by path:
    models do not pickle).

    ``fingerprint``: the client's ``task_envelope`` (or its ``data`` fingerprint alone), on
    cluster runs.  A worker without the client's data folder uses its own
    (``$PNP_DATA_DIR`` or the installed data).  A model loaded before is used only while
    its fingerprint is the client's: when the client's data changed between two runs, the
    worker reads its copy again (a long-lived cluster worker otherwise kept the first
    run's rules).

    Raises:
        DataError: this worker's data for the game differ from the client's, or it runs
            another pnp version or engine build (key ``--cluster``).
    """
    envelope = {"data": fingerprint} if isinstance(fingerprint, str) else dict(fingerprint or {})
    if envelope:
        _refuse_other_build(envelope)
    wanted = envelope.get("data")
    key = (root, game_id)
    cached = _GAMES.get(key)
    if cached is not None and (wanted is None or _FINGERPRINTS.get(key) == wanted):
        return cached
    from pnp.model import load_game
    from pnp.model.catalog import data_dir

    folder = Path(root) if Path(root, game_id).is_dir() or wanted is None else data_dir()
    game = load_game(game_id, folder)
    if wanted is not None:
        # Taken after the load: a copy edited while it was read differs from the client's
        # fingerprint or from the model, and either way the next task reads it again.
        found = data_fingerprint(game.folder)
        if found != wanted:
            import socket

            raise DataError(f"the data of {game_id} on worker {socket.gethostname()} ({game.folder}) differ from "
                            "the client's; give every worker the same data", file=game.folder)
        _FINGERPRINTS[key] = found
    _GAMES[key] = game
    return game


_FINGERPRINTS: dict[tuple[str, str], str] = {}   # data_fingerprint of each model in _GAMES (workers)


def _play_chunk(job: tuple) -> list:
    """Play the games of one chunk; a worker's unit of work.  Returns per game a
    ``Playout`` or an error tuple (kind, reason, seed, moves)."""
    root, game_id, variant, kind, seeds, move_cap, check, track, options = job
    game = _GAMES.get(("", game_id)) if root == "" else _load(root, game_id, options.get("data"))
    engine = engine_of(game)
    labels = engine.mechanisms

    compensation = options.get("compensation")
    stride = options.get("invariant_stride", 1)

    def new_state(seed):
        if compensation is not None:
            return engine.new_game(game, variant, seed, track, compensation=compensation)
        return engine.new_game(game, variant, seed, track)

    out = []
    for seed in seeds:
        try:
            seats = make_seats(engine, kind, variant.players, options, seed)
            out.append(playout(new_state, seats, seed, move_cap, check=check, labels=labels, stride=stride))
        except EngineError as exc:
            out.append((exc.kind, exc.reason, exc.seed, [list(m) for m in exc.moves]))
    return out


def mcts_seat(seed: int, players: int) -> int:
    """The search player's seat in a ``mcts-vs-heuristic`` game of ``seed`` (every seat
    equally often over many games)."""
    return seed % players


def make_seats(engine, kind: str, players: int, options: Mapping[str, Any], seed: int = 0) -> list:
    """The players of one game: ``kind`` at every seat (``PLAYER_KINDS``; ``options``:
    ``explore_share`` for the exploring player; ``strong_samples``, ``strong_candidates``
    (checks.yaml ``simulation``), ``strong_horizon`` for the strong player,
    ``pnp.engine.strong``'s defaults without them), or for ``mcts-vs-heuristic`` the search player at seat ``mcts_seat(seed,
    players)`` and the heuristic at the others."""
    if kind == "strong":
        from pnp.engine import strong

        return [strong.StrongPlayer(engine, options.get("strong_samples", strong.SAMPLES),
                                    options.get("strong_candidates", strong.CANDIDATES),
                                    options.get("strong_horizon", strong.HORIZON))] * players
    if kind in ("mcts", "mcts-vs-heuristic"):
        from pnp.engine.mcts import MctsPlayer

        search = MctsPlayer(engine, options.get("mcts_iterations", 32), options.get("mcts_rollout", 0),
                            options.get("mcts_horizon", 0))
        if kind == "mcts":
            return [search] * players
        seats = [HeuristicPlayer(engine.choose)] * players
        seats[mcts_seat(seed, players)] = search
        return seats
    if kind == "heuristic":
        player = HeuristicPlayer(engine.choose)
    elif kind == "explore":
        # the game's own exploring policy if it has one, else its heuristic
        player = ExploringPlayer(engine.explore_choose, options.get("explore_share", 0.1), engine.mechanisms)
    elif kind == "busy-random":
        player = BusyRandomPlayer(engine.is_pass)
    else:
        player = RandomPlayer()
    return [player] * players


_ERRORS = {cls.kind: cls for cls in (DeadEnd, RuleGap, InvariantViolation)}


#: Games per task at most.  The split of games into tasks depends only on the number of
#: games (never on the workers or the executor): a local run and a cluster run of a seed
#: cut the same tasks.  (Each game's seed depends only on its index, so results would not
#: differ anyway; a fixed split also keeps cluster logs and progress comparable.)
TASK_GAMES = 50


def task_size(total: int) -> int:
    """Games per task for a run of ``total`` games: about 64 tasks, 1 to ``TASK_GAMES`` games each."""
    return max(1, min(TASK_GAMES, total // 64))


def simulate_many(
    game,
    batches: Sequence[tuple],
    seed: int,
    settings: Settings,
    player: str = "heuristic",
    check: bool = True,
    workers: int | None = None,
    compensation: Any = None,
    executor: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[tuple[list[Playout], list[EngineError]]]:
    """Play ``games`` games for each (variant, games, track[, player[, first index]])
    batch; ``track`` is what the engine's ``tracking`` asks the states to record
    (``()``: nothing); a batch's own player kind overrides ``player``; its game i gets
    the seed of index ``first index + i`` (default 0).  ``compensation``: one of the
    engine module's ``compensations`` (``pnp balance``), passed to every ``new_game``.

    ``executor``: where the games run (``pnp.engine.runner``; default
    ``LocalPool(workers)``: ``workers`` processes, default all cores, 1 plays in this
    process).  ``progress(batch index, games)`` is called as each task of games finishes.
    Deterministic: game i of a p-player batch always has seed ``game_seed(seed, p, i)``,
    and the games are cut into tasks the same way whatever the executor.
    """
    from pnp.engine.runner import LocalPool

    for kind in {player, *(b[3] for b in batches if len(b) > 3)}:
        if kind not in PLAYER_KINDS:
            raise VariantError(f"unknown player kind {kind!r}; expected one of {', '.join(PLAYER_KINDS)}", key="--player")
    executor = executor or LocalPool(workers)
    options = {"explore_share": settings.explore_share, "compensation": compensation,
               "invariant_stride": settings.invariant_stride, "strong_samples": settings.strong_samples,
               "strong_candidates": settings.strong_candidates}
    options["data"] = task_envelope(game)   # a worker that loads the model checks it first
    chunk = task_size(sum(b[1] for b in batches))
    root = str(Path(game.folder).parent)
    jobs, owners = [], []
    engine_of(game)  # fail before any worker starts
    for b, (variant, games, track, *rest) in enumerate(batches):
        kind = rest[0] if rest else player
        first = rest[1] if len(rest) > 1 else 0
        seeds = [game_seed(seed, variant.players, first + i) for i in range(games)]
        for i in range(0, games, chunk):
            jobs.append((root, game.id, variant, kind, seeds[i : i + chunk], settings.move_cap, check, track, options))
            owners.append(b)
    # The caller's model, no reload: used in this process, and inherited by forked workers
    # (which then never read the data files); spawned or remote workers load it once each.
    _GAMES[("", game.id)] = game
    if executor.inherits_memory(len(jobs)):
        jobs = [("",) + job[1:] for job in jobs]
    done = (lambda i: progress(owners[i], len(jobs[i][4]))) if progress else None
    results = executor.run(_play_chunk, jobs, done)
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
    """What the check of one variant (player count and set-up) found.

    ``summary`` is the one line the kit's contents page prints, e.g. "500 simulated
    2-player games, all finished, median 31 rounds".  ``rounds`` holds every finished
    game's length (for plots; not in the JSON).
    """

    game: str
    variant: Variant
    games: int
    seed: int
    player: str
    static: list[str]
    scorecard: dict[str, Any]
    reasons: list[str]
    seconds: float | None  # None inside a full_check (variants share the worker pool)
    rounds: list[int] = field(default_factory=list, repr=False)
    #: moves the games made together (the pre-print check's sample; None elsewhere)
    moves: int | None = None
    #: what the check reports without failing for it (the pre-print check's seat verdict)
    warnings: list[str] = field(default_factory=list)

    @property
    def players(self) -> int:
        return self.variant.players

    @property
    def label(self) -> str:
        """``"3 players"`` or ``"2 players, short"`` (check output and reasons)."""
        base = f"{self.variant.players} players"
        return base if self.variant.id == f"{self.variant.players}p" else f"{base}, {self.variant.setup}"

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
            raise VariantError(f"{self.game}, {self.label} fails its check: " + "; ".join(self.reasons))

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.id,
            "players": self.players,
            "setup": self.variant.setup,
            "passed": self.passed,
            "reasons": self.reasons,
            "warnings": self.warnings,
            "summary": self.summary,
            "static_checks": self.static,
            "seconds": None if self.seconds is None else round(self.seconds, 2),
            "scorecard": self.scorecard,
        }


@dataclass
class CheckRun:
    """``full_check``'s result: one report per variant plus the game's supply sizing
    (``sizing``: the engine's dict with ``title``, ``lines``, ``reasons``, or None)."""

    game: str
    seed: int
    games: int
    player: str
    workers: int
    variants: list[VariantReport]
    sizing: dict[str, Any] | None
    seconds: float
    #: where the games ran, e.g. "2 workers" (printed, not in the JSON: results do not depend on it)
    runner: str = ""

    @property
    def reasons(self) -> list[str]:
        out = [f"{v.label}: {r}" for v in self.variants for r in v.reasons]
        if self.sizing and self.sizing["reasons"]:
            out.append(f"{self.sizing['title']}: " + "; ".join(self.sizing["reasons"]))
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
            "seconds": round(self.seconds, 2),
            "passed": self.passed,
            "reasons": self.reasons,
            "variants": [v.to_json() for v in self.variants],
            "sizing": self.sizing,
        }


def _report(game, variant, games, seed, player, static, result, settings, seconds, explored=None,
            judge_statistics: bool = True, looks: tuple[int, bool] = (1, True)) -> VariantReport:
    """``explored``: the exploring games' (playouts, errors) played next to heuristic ones
    (counted for mechanism coverage and for engine errors, not for the other figures).
    ``judge_statistics`` False (the pre-print check): seat balance and mechanism coverage
    are reported, not judged: a seat the fairness rule fails is a warning; ``pnp check``'s
    games judge them.  ``looks``: (the most looks of the run, this is the last) for the
    fairness rule (``pnp.engine.fairness``)."""
    playouts, errors = result
    card = scorecard(variant.players, playouts, errors)
    runs = {player: playouts}
    if explored is not None:
        runs["explore"] = explored[0]
        for key, kind in (("dead_ends", "dead end"), ("rule_gaps", "rule gap"), ("invariant_violations", "invariant violation")):
            card[key] += sum(1 for e in explored[1] if e.kind == kind)
        if explored[1] and card["first_error"] is None:
            card["first_error"] = explored[1][0].to_json()
    card["mechanisms"] = coverage(engine_of(game).MECHANISMS, runs)
    if player == "mcts-vs-heuristic":
        card["search_player"] = search_player_record(variant.players, playouts)
    thresholds = dict(settings.thresholds)
    if player not in ("heuristic", "explore", "mcts", "mcts-vs-heuristic", "strong"):
        # Random seats test the rules engine, not the game: they need not finish or keep
        # a plausible length, nor balance seats or play every mechanism, but may never
        # reach a dead end, a rule gap or a violation.
        thresholds.update(min_completion=0.0, min_median_rounds=0, max_median_rounds=10**9)
        thresholds.pop("min_mechanism_taken_per_1000_games", None)
    if player != "heuristic" or not judge_statistics:
        # seats and mechanisms are judged on the heuristic's (and exploring) games: other
        # samples are smaller or mix players
        thresholds.pop("min_mechanism_taken_per_1000_games", None)
    reasons = failures(card, thresholds)
    warnings: list[str] = []
    rule = seat_rule(settings)
    finished = card["finished"]
    if rule is not None and player in SEAT_JUDGED and finished:
        verdict = rule.judge(seat_wins(variant.players, playouts), *looks)
        card["seat_verdict"] = verdict
        if not judge_statistics:
            # a sample this small rarely decides; the warning describes what it shows
            warnings += [f"seat balance: {r}" for r in verdict["estimate_reasons"]]
        elif finished >= settings.thresholds.get("seat_min_games", 1):
            reasons += verdict["reasons"]
    rounds = [p.rounds for p in playouts if not p.timed_out]
    return VariantReport(game.id, variant, games, seed, player, static, card, reasons, seconds, rounds,
                         warnings=warnings)


def search_player_record(players: int, playouts: Sequence[Playout]) -> dict[str, Any]:
    """How the search player did against heuristic seats: games, wins, win rate with its
    95 % interval, and the fair share 1 / players it is compared with."""
    from pnp.engine.scorecard import wilson

    finished = [p for p in playouts if not p.timed_out]
    wins = sum(1 for p in finished if p.winner == mcts_seat(p.seed, players))
    lo, hi = wilson(wins, len(finished))
    return {"games": len(finished), "wins": wins, "rate": round(wins / len(finished), 4) if finished else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)], "fair_share": round(1 / players, 4)}


def quick_check(
    game, variant: Variant, games: int | None = None, seed: int = 0, workers: int = 1,
    kit_counts: Mapping[str, int] | None = None, progress: Any = None,
) -> VariantReport:
    """Static checks plus a small seeded sample of heuristic games in check mode (``pnp
    build``, before printing): the static checks first (nothing is played when they fail),
    then ``start_quick_check``'s sample.  ``games``: exactly so many games; default
    checks.yaml's sample (``quick_moves``, ``quick_games``).

    Raises:
        VariantError: the static check fails (too few cards, count out of range...).
        UsageError: the game has no rules engine.
        DataError: checks.yaml is malformed.
    Returns a report; call ``report.raise_if_failed()`` to refuse a failed variant.
    """
    static = engine_of(game).static_check(game, variant, load_settings(game), kit_counts)
    with start_quick_check(game, variant, games, seed, workers, progress) as pending:
        pending.static = static
        return pending.report()


def start_quick_check(
    game, variant: Variant, games: int | None = None, seed: int = 0, workers: int = 1, progress: Any = None,
) -> "PendingCheck":
    """The pre-print check's games, started in ``workers`` forked processes (1, or no
    ``fork``: played in this process by ``report()``), so that the caller goes on with its
    own work while they play; the caller runs the static checks with ``static_check`` once
    it knows the kit's counts.  Close the result (or use it as a context manager): that
    ends the workers.

    Which games: game i has the seed ``game_seed(seed, players, i)``, as in ``simulate_many``;
    the sample is games 0, 1, 2... up to the first game at which at least
    ``settings.quick_games`` games have been played and their moves total at least
    ``settings.quick_moves`` (no budget: exactly ``quick_games`` games; ``games`` given:
    exactly that many).  So a variant with long games plays fewer of them and one with
    short games more, for about the same work, and the sample depends only on the data and
    the seed, never on the workers or the machine.  ``progress``: a ``pnp.progress``
    reporter: one task, counting games (or moves, with a budget).

    Raises:
        UsageError: the game has no rules engine.
        DataError: checks.yaml is malformed (nothing is started).
    """
    engine_of(game)
    settings = load_settings(game)
    budget = None if games else settings.quick_moves
    floor = games or settings.quick_games
    return PendingCheck(game, variant, seed, settings, floor, budget, workers, progress)


class PendingCheck:
    """A pre-print check whose games are under way (``start_quick_check``):
    ``static_check(kit_counts)`` runs the static checks, ``report()`` waits for the sample
    and returns its ``VariantReport``; ``close()`` ends the workers (games still playing
    are dropped)."""

    def __init__(self, game, variant, seed, settings, floor, budget, workers, progress):
        import threading

        self.game, self.variant, self.seed, self.settings = game, variant, seed, settings
        self.floor, self.budget, self.start = floor, budget, time.perf_counter()
        self.static: list[str] | None = None
        # re-entrant: a future already done runs its callback (``_arrived``) at once, in
        # the thread that submitted it, which may hold the lock
        self._lock = threading.RLock()
        self._finished = threading.Event()
        self._results: dict[int, Any] = {}     # game index -> Playout or error tuple
        self._counted = 0                      # games 0.. counted so far (a prefix)
        self._moves = 0                        # their moves
        self._next = 0                         # the next game index to hand out
        self._size: int | None = None          # the sample's size, once known
        self._failure: BaseException | None = None
        self._pool = None
        unit, total = ("moves", budget) if budget else ("games", floor)
        self._task = progress.task(f"{game.id} {variant.id}: pre-print check", total, unit) if progress else None
        self._shown = 0
        self._job = ("", game.id, variant, "heuristic", None, settings.move_cap, True, (),
                     {"explore_share": settings.explore_share, "compensation": None,
                      "invariant_stride": settings.invariant_stride})
        _GAMES[("", game.id)] = game        # inherited by the forked workers: no reload
        import multiprocessing

        if workers > 1 and "fork" in multiprocessing.get_all_start_methods() \
                and not multiprocessing.current_process().daemon:
            from pnp.engine.runner import process_pool

            self._pool = process_pool(workers, "fork")
            with self._lock:
                # One task per worker and one waiting: no worker waits for this (busy)
                # process to hand out the next, and little is played past the sample.
                for _ in range(workers + 1):
                    if self._needed():
                        self._submit()

    #: games per task: a tenth of the floor (a floor of 50: 5 games, some 30-50 ms), so
    #: that this process, busy with the build, handles a few dozen results, not hundreds
    def _chunk(self) -> int:
        size = max(1, self.floor // 10)
        return size if self.budget is not None else min(size, self.floor - self._next)

    # -- in the pool's result thread
    def _submit(self) -> None:
        first, count = self._next, self._chunk()
        self._next += count
        seeds = [game_seed(self.seed, self.variant.players, first + i) for i in range(count)]
        job = self._job[:4] + (seeds,) + self._job[5:]
        future = self._pool.submit(_play_chunk, job)
        future.add_done_callback(lambda done, i=first: self._settled(i, done))

    def _settled(self, first: int, future) -> None:
        if future.cancelled():
            return
        exc = future.exception()     # a worker's error, or BrokenProcessPool when one was killed
        if exc is not None:
            self._failed(exc)
        else:
            self._arrived(first, future.result())

    def _arrived(self, first: int, items: list) -> None:
        with self._lock:
            if self._finished.is_set():
                return
            for offset, item in enumerate(items):
                self._results[first + offset] = item
            self._count()
            if not self._finished.is_set() and self._needed():
                self._submit()

    def _failed(self, exc: BaseException) -> None:
        with self._lock:
            self._failure = exc
            self._finished.set()

    # -- with the lock held
    def _count(self) -> None:
        """Count the games that complete the prefix; the sample is known once its last game is."""
        while self._size is None and self._counted in self._results:
            item = self._results[self._counted]
            self._moves += item.moves if isinstance(item, Playout) else len(item[3])
            self._counted += 1
            if self._counted >= self.floor and (self.budget is None or self._moves >= self.budget):
                self._size = self._counted
        if self._task:
            shown = min(self._moves, self.budget) if self.budget else self._counted
            self._task.advance(shown - self._shown)
            self._shown = shown
        if self._size is not None:
            self._finished.set()

    def _needed(self) -> bool:
        """True while a game not yet handed out may belong to the sample."""
        return self.budget is not None or self._next < self.floor

    # -- the caller's side
    def static_check(self, kit_counts: Mapping[str, int] | None = None) -> list[str]:
        """The game's static checks of the variant (``kit_counts``: the kit's deck by type,
        compared with the engine's).  Raises ``VariantError``: the caller should ``close()``."""
        self.static = engine_of(self.game).static_check(self.game, self.variant, self.settings, kit_counts)
        return self.static

    def report(self) -> VariantReport:
        """Wait for the sample and return its report (``raise_if_failed()`` refuses a failed
        variant).  Runs the static checks first if ``static_check`` was not called.  Raises
        ``VariantError`` (static checks) or what a worker raised outside the games (engine
        errors are results)."""
        if self.static is None:
            self.static_check()
        if self._pool is None:      # in this process: play in order until the sample is known
            while self._size is None:
                index = self._next
                self._next += 1
                job = self._job[:4] + ([game_seed(self.seed, self.variant.players, index)],) + self._job[5:]
                self._results[index] = _play_chunk(job)[0]
                self._count()
        else:
            self._finished.wait()
            self.close()
            if self._failure is not None:
                raise self._failure
        playouts, errors = [], []
        for index in range(self._size):
            item = self._results[index]
            if isinstance(item, Playout):
                playouts.append(item)
            else:
                kind, reason, s, moves = item
                errors.append(_ERRORS.get(kind, EngineError)(reason, seed=s, moves=[tuple(m) for m in moves]))
        report = _report(self.game, self.variant, self._size, self.seed, "heuristic", self.static, (playouts, errors),
                         self.settings, time.perf_counter() - self.start, judge_statistics=False)
        report.moves = self._moves
        if self._task and report.passed:   # a failed check's row is left unfinished, not ticked
            self._task.done(count=self._moves if self.budget else self._size)
        return report

    def close(self) -> None:
        """End the workers (a game still playing is dropped).  Safe to call twice."""
        with self._lock:
            self._finished.set()
            pool, self._pool = self._pool, None
        if pool is not None:
            from pnp.engine.runner import end_pool

            end_pool(pool)

    def __enter__(self) -> "PendingCheck":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def full_check(
    game, variants: Sequence[Variant] | None = None, games: int = 1000, seed: int = 1,
    workers: int | None = None, player: str = "heuristic", check: bool = True,
    executor: Any = None, progress: Any = None,
) -> CheckRun:
    """Every requested variant (default: ``game.variants()``): static checks, ``games``
    simulated games each, scorecards, then the engine's supply ``sizing``.

    Seats (heuristic play): the fairness rule (``pnp.engine.fairness``) judges each
    variant after its ``games`` games; while its verdict is "more" (a seat at the band's
    edge) the variant plays batches of ``games // 2`` more (the next seeds by index), up to
    ``checks.yaml`` ``simulation.seat_cap`` times ``games``, with the error rates split over
    the looks (Bonferroni).  The report's ``games`` is what the variant played; mechanism
    coverage and supply sizing use every game played.

    ``executor``: where the games run (``pnp.engine.runner``; default ``LocalPool(workers)``).
    ``progress``: a ``pnp.progress`` reporter; one task per variant (its heuristic and
    exploring games).

    Raises:
        VariantError: a static check fails (before anything is played).
        UsageError: the game has no rules engine.
    """
    from pnp.engine.runner import LocalPool

    engine = engine_of(game)
    settings = load_settings(game)
    variants = list(variants) if variants else list(game.variants())
    executor = executor or LocalPool(workers)
    start = time.perf_counter()
    statics = {v: engine.static_check(game, v, settings) for v in variants}
    # Exploring games (heuristic with a share of random choices) next to heuristic ones:
    # they reach the mechanisms a one-ply heuristic never chooses (mechanism coverage).
    explore = round(games * settings.explore_games / 1000) if player == "heuristic" else 0
    # A variant's batches side by side (heuristic, then exploring), so variants finish
    # one after another; the order of batches changes no game (seeds go by index).
    batches, owner = [], []
    for n, v in enumerate(variants):
        batches.append((v, games, engine.tracking(game, v, settings), player))
        owner.append(n)
        if explore:
            batches.append((v, explore, (), "explore", EXPLORE_INDEX))
            owner.append(n)
    tasks = [progress.task(f"{game.id} {v.id}", games + explore, "games") for v in variants] if progress else []
    left = [games + explore for _ in variants]

    def advance(batch: int, played: int) -> None:
        n = owner[batch]
        tasks[n].advance(played)
        left[n] -= played
        if not left[n]:
            tasks[n].done()

    results = simulate_many(game, batches, seed, settings, player=player, check=check, executor=executor,
                            progress=advance if progress else None)
    step = 2 if explore else 1
    played = [(list(p), list(e)) for p, e in results[0::step]]
    explored = results[1::step] if explore else [None] * len(variants)
    counts = [games] * len(variants)
    batch, cap, looks = seat_looks(games, settings)
    rule = seat_rule(settings) if player in SEAT_JUDGED else None
    least = settings.thresholds.get("seat_min_games", 1)
    # Sequential seat judgement: while a variant's seats sit at the band's edge (verdict
    # "more"), play its next batch of games (the next seeds by index), up to the cap.
    while rule is not None:
        more = [n for n, v in enumerate(variants) if counts[n] < cap
                and sum(1 for p in played[n][0] if not p.timed_out) >= least
                and rule.judge(seat_wins(v.players, played[n][0]), looks, final=False)["verdict"] == "more"]
        if not more:
            break
        extra = [(variants[n], min(batch, cap - counts[n]), engine.tracking(game, variants[n], settings), player,
                  counts[n]) for n in more]
        rows = [progress.task(f"{game.id} {variants[n].id}: {counts[n] + b[1]:,} games", b[1], "games")
                for n, b in zip(more, extra)] if progress else []

        def advance_more(b: int, n_played: int) -> None:
            rows[b].advance(n_played)

        for n, (p, e) in zip(more, simulate_many(game, extra, seed, settings, player=player, check=check,
                                                 executor=executor, progress=advance_more if progress else None)):
            played[n][0].extend(p)
            played[n][1].extend(e)
            counts[n] += len(p) + len(e)
        for row in rows:
            row.done()
    seconds = time.perf_counter() - start
    reports = [
        _report(game, v, counts[n], seed, player, statics[v], played[n], settings, None, explored[n],
                looks=(looks, counts[n] >= cap))
        for n, v in enumerate(variants)
    ]
    # Supplies are sized on heuristic play only: random seats hoard and stall unlike players.
    sizing = engine.sizing(game, {v: res[0] for v, res in zip(variants, played)}, settings) if player == "heuristic" else None
    return CheckRun(game.id, seed, games, player, executor.workers, reports, sizing, seconds, executor.describe)
