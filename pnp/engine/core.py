"""Engine core shared by every game: the game-state protocol, playouts, engine errors.

A game module provides a state class that follows ``GameState`` (OpenSpiel's shape:
``current_player``, ``legal_moves``, ``apply``, ``is_terminal``, ``winner``).  All chance
(dice, shuffles, draws) comes from ONE ``random.Random(seed)`` owned by the state, so a
seed plus the list of moves replays a game exactly (``replay``).  Players get their own
random source (``player_rng``) so that a replay needs no players at all.

``playout`` runs one game to its end or to the move cap.  In check mode it also checks
that every move applied was legal, and the state's invariants after every ``stride``-th
move and at the game's last state (``stride`` 1: after every move); a live state without a
legal move is a ``DeadEnd``.  A broken invariant found on a stride is pinned to the move
that broke it by replaying the game from its seed and moves with the invariants checked
after every move (``first_broken``).  Every ``EngineError`` carries the seed and the move
list that reproduce it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, Protocol, Sequence

Move = Hashable  # each game chooses its own move values (e.g. small int tuples)


# ----------------------------------------------------------------------------- errors
class EngineError(Exception):
    """A game the engine could not play through.  ``seed`` and ``moves`` reproduce it.

    These are findings about the rules or the engine, not user errors: ``pnp check``
    counts them per variant and fails the variant when a threshold is passed.
    """

    kind = "engine error"

    def __init__(self, reason: str, *, seed: int | None = None, moves: Sequence[Move] = ()):
        self.reason = reason
        self.seed = seed
        self.moves = list(moves)
        super().__init__(reason)

    def __str__(self) -> str:
        where = f" (seed {self.seed}, after {len(self.moves)} moves)" if self.seed is not None else ""
        return f"{self.kind}: {self.reason}{where}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "reason": self.reason, "seed": self.seed, "moves": [list(m) for m in self.moves]}


class DeadEnd(EngineError):
    """A live (non-terminal) state in which the player to move has no legal move."""

    kind = "dead end"


class RuleGap(EngineError):
    """A situation the rules (seed plus our written decisions) do not define."""

    kind = "rule gap"


class InvariantViolation(EngineError):
    """Cards or money not conserved, a negative count, or an illegal move applied."""

    kind = "invariant violation"


# ----------------------------------------------------------------------------- protocols
class GameState(Protocol):
    """What a game module's state offers to the core (one object per game, mutated in place)."""

    seed: int
    players: int

    def current_player(self) -> int: ...

    def legal_moves(self) -> list[Move]: ...

    def apply(self, move: Move) -> None:
        """Apply a legal move; raises ``RuleGap`` for a situation the rules do not define."""

    def is_terminal(self) -> bool: ...

    def winner(self) -> int | None:
        """Seat (0-based, seat 0 starts) of the winner; None while live or after a cap."""

    def check_invariants(self) -> None:
        """Raise ``InvariantViolation`` (reason only) if the state is inconsistent."""

    def turns(self) -> int:
        """Turns begun so far (a turn is one player's move and its actions)."""

    def stats(self) -> Mapping[str, Any]:
        """Counters for the scorecard (reshuffles, penalties, money...), plain JSON values."""


class Player(Protocol):
    name: str

    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move: ...


# ----------------------------------------------------------------------------- playouts
@dataclass(frozen=True)
class Playout:
    """One simulated game: who won, how long it took, the state's counters.

    ``winner`` is None when the game hit the move cap (``timed_out``).  ``turns`` counts
    turns begun; ``rounds`` = turns rounded up to whole rounds of ``players`` turns.
    """

    seed: int
    players: int
    winner: int | None
    turns: int
    rounds: int
    moves: int
    timed_out: bool
    stats: Mapping[str, Any] = field(default_factory=dict)
    #: mechanism label -> (decisions that offered it, times it was taken); empty unless
    #: ``playout`` was given a ``labels`` function
    coverage: Mapping[str, tuple[int, int]] = field(default_factory=dict)


class Labels(Sequence):
    """The mechanism labels of a decision's moves, given as the labels offered and a rule
    for one move's label instead of a list (a game's ``mechanisms`` may return one): a
    decision offering dozens of moves under two labels is then counted without a label
    per move.  ``moves``: the decision's legal moves; ``distinct``: the set of their
    labels; ``of(move)``: the label of one of them.  It answers for the state the moves
    were listed in: read it before the move is applied (``playout`` does)."""

    __slots__ = ("moves", "distinct", "of")

    def __init__(self, moves: Sequence[Move], distinct: set[str] | frozenset[str], of: Callable[[Move], str]):
        self.moves, self.distinct, self.of = moves, distinct, of

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self.of(m) for m in self.moves[i]]
        return self.of(self.moves[i])


def counted_index(counts: Sequence[int], x: int) -> int:
    """The kind of the ``x``-th item (0-based) of a multiset held as ``counts`` per kind:
    the first ``i`` with ``x < counts[0] + ... + counts[i]``.  With ``x`` drawn uniformly
    from ``range(sum(counts))`` this is a uniform draw of one item (a card from a deck of
    counted goods, a good from a bag).  ``x`` must be below ``sum(counts)``."""
    i = 0
    while x >= counts[i]:
        x -= counts[i]
        i += 1
    return i


def player_rng(seed: int) -> random.Random:
    """The players' own random source for a game, derived from its seed (never the state's)."""
    return random.Random(seed * 2654435761 + 1013904223)


def playout(
    new_state: Callable[[int], GameState],
    players: Sequence[Player],
    seed: int,
    move_cap: int,
    check: bool = False,
    labels: Callable[[GameState, list], Sequence[str]] | None = None,
    stride: int = 1,
) -> Playout:
    """Play one game from ``new_state(seed)`` with ``players[seat]`` choosing for each seat.

    A decision with a single legal move is applied without asking the player (it is not
    a choice; this keeps playouts fast).  ``move_cap`` bounds the number of moves.
    ``labels(state, moves)``: the mechanism of each legal move (the game's
    ``mechanisms``: a list or a ``Labels``); if given, the playout counts per mechanism the decisions that
    offered it and the times it was taken (``Playout.coverage``).
    ``stride`` (check mode): the invariants are checked before the first move, after every
    ``stride``-th move and after the last move the game makes (terminal or capped); a
    violation found so is replayed with every move checked (``first_broken``), so the error
    names the move that broke the state whatever the stride.  The legality of every move is
    checked at every move.

    Raises:
        DeadEnd, RuleGap, InvariantViolation: with ``seed`` and the moves so far (for an
        invariant violation: the moves up to and including the one that broke it).
    """
    state = new_state(seed)
    rng = player_rng(seed)
    history: list[Move] = []
    append = history.append
    offered: dict[str, int] = {}
    taken: dict[str, int] = {}
    # bound once: this loop runs for every move of every simulated game
    is_terminal, legal_moves, apply = state.is_terminal, state.legal_moves, state.apply
    current_player, check_invariants = state.current_player, getattr(state, "check_invariants", None)
    choosers = [p.choose for p in players]
    try:
        if check:
            check_invariants()
        while not is_terminal():
            if len(history) >= move_cap:
                break
            moves = legal_moves()
            if not moves:
                raise DeadEnd(f"player {current_player()} has no legal move in a live state")
            move = moves[0] if len(moves) == 1 else choosers[current_player()](state, moves, rng)
            if labels is not None:
                names = labels(state, moves)
                for name in names.distinct if type(names) is Labels else set(names):
                    offered[name] = offered.get(name, 0) + 1
                # one scan of the moves finds the move's label and, in check mode, its
                # legality (a decision may offer dozens of moves)
                try:
                    name = names[moves.index(move)]
                except ValueError:
                    if check:
                        raise InvariantViolation(f"player chose {move!r}, which is not a legal move") from None
                    raise
                taken[name] = taken.get(name, 0) + 1
            elif check and move not in moves:
                raise InvariantViolation(f"player chose {move!r}, which is not a legal move")
            append(move)
            apply(move)
            if check and (stride == 1 or len(history) % stride == 0):
                check_invariants()
        if check and stride != 1 and len(history) % stride:
            check_invariants()      # the last state, terminal or capped, off the stride
    except InvariantViolation as exc:
        if check_invariants is not None:
            # name the move that broke the state (the same at every stride; an illegal
            # move breaks no invariant and keeps its own reason)
            located = first_broken(new_state, seed, history)
            if located is not None:
                raise located from None
        exc.seed, exc.moves = seed, history
        raise
    except EngineError as exc:
        exc.seed, exc.moves = seed, history
        raise
    turns = state.turns()
    winner = state.winner()
    return Playout(
        seed=seed,
        players=state.players,
        winner=winner,
        turns=turns,
        rounds=-(-turns // state.players),
        moves=len(history),
        timed_out=winner is None,
        stats=state.stats(),
        coverage={name: (n, taken.get(name, 0)) for name, n in sorted(offered.items())},
    )


def first_broken(new_state: Callable[[int], GameState], seed: int, moves: Sequence[Move]) -> InvariantViolation | None:
    """Replay ``moves`` from ``seed`` checking the invariants before the first move and after
    every move; the ``InvariantViolation`` of the first state that breaks one, with the
    moves up to and including the move that broke it (``seed``, ``moves``) and that move's
    number (1-based) and value in its reason; None if every state passes.  All chance is
    in the state's own generator, so the replay is the game that was played."""
    state = new_state(seed)
    try:
        state.check_invariants()
    except InvariantViolation as exc:
        return InvariantViolation(f"{exc.reason} (in the state dealt, before any move)", seed=seed, moves=[])
    for i, move in enumerate(moves):
        state.apply(move)
        try:
            state.check_invariants()
        except InvariantViolation as exc:
            return InvariantViolation(f"{exc.reason} (broken by move {i + 1}, {move!r})", seed=seed, moves=moves[: i + 1])
    return None


def replay(new_state: Callable[[int], GameState], seed: int, moves: Sequence[Move], check: bool = True) -> GameState:
    """Rebuild the state reached by ``moves`` from ``seed`` (to study an ``EngineError``)."""
    state = new_state(seed)
    for i, move in enumerate(moves):
        move = tuple(move) if isinstance(move, list) else move    # moves read back from JSON are lists
        if check and move not in state.legal_moves():
            raise InvariantViolation(f"move {i} {move!r} is not legal on replay", seed=seed, moves=moves[:i])
        state.apply(move)
    return state


def game_seed(master: int, players: int, index: int) -> int:
    """Seed of game ``index`` of the ``players``-player batch of a check run.

    Derived only from (master, players, index), so results do not depend on how games
    are split over worker processes.  A 63-bit integer from a fixed mix (SplitMix64).
    """
    x = (master * 0x9E3779B97F4A7C15 + players * 0xBF58476D1CE4E5B9 + index * 0x94D049BB133111EB) & (2**64 - 1)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
    return (x ^ (x >> 31)) >> 1
