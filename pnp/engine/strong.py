"""The strong player: determinised, paired rollouts of the heuristic over its best few moves.

A game-agnostic search player (no game is imported here; a game supplies what it needs
through its check adapter, ``pnp.engine.adapter.GameEngine``: ``choose`` the heuristic policy,
``determinise`` the redeal of what a seat cannot see, ``progress`` each seat's share of
the way to winning).  It is a Monte Carlo *policy rollout* (Tesauro and Galperin 1996;
Bertsekas, Tsitsiklis and Wu 1997): the heuristic, improved by one step of look-ahead
over its own continuations, on determinised samples (Ginsberg's GIB, 2001).

Each decision with more than one legal move:

1. **Candidates** (the heuristic as a prior): the heuristic's own move, plus the legal
   moves ranked best by a short look-ahead (``rank``): each move applied to one
   determinisation of the position (at most ``RANK_CAP`` moves, a seeded draw of them), the rest of the mover's turn played by the heuristic, then scored by
   the game's ``progress`` (own share minus the best other's); at most ``candidates``
   moves in all.  Without ``progress`` the others are drawn at random (seeded).
2. **Samples** (``samples`` of them): each is one determinisation, a copy of the state
   with what the seat cannot see redealt (``determinise``) and a fresh random source for
   the state's chance (draws, dice, shuffles) and one for the players' choices.  Every
   candidate is played on the *same* samples (common random numbers): on sample j each
   candidate starts from the same redeal with the same seeds, so the comparison of two
   candidates is paired and most of the luck cancels.
3. **Rollout**: after the candidate move, every seat (the searching one too) plays the
   heuristic until the game ends, or, with ``horizon`` = h > 0, until h rounds of turns
   have begun since the decision; a finished game scores 1 for a win and 0 otherwise, an
   unfinished one 0.5 + (own progress - best other's) / 2.
4. **Pick**: the candidate whose mean paired difference over the heuristic's move is
   largest, if that difference exceeds ``margin`` standard errors of it; otherwise the
   heuristic's move.  A decision stops early, playing the heuristic's move, when after
   the first ``screen`` samples (a quarter of them, from 8 samples on) every candidate has
   scored exactly what the heuristic's move scored on each: the choice makes no
   difference there, and the rest of its budget is not spent.  (Taking the largest mean alone followed noise away from the
   heuristic's sound move; ``pnp.engine.mcts`` documents the same finding.)

**Budget per decision**, in rollouts: ``candidates x samples`` (default 4 x 4 = 16
rollouts, each to the game's end or at most ``horizon`` rounds long), plus the ranking's
one short look-ahead per legal move (at most ``RANK_CAP``) when there are more than
``candidates`` of them.  Measured (``benchmarks/strong_bench.py``, 2 players against the
heuristic; the README's "The strong player" gives the figures per game): a few hundred times
a heuristic game's CPU.  A truncated horizon (2 rounds, scored by ``progress``) cost a fifth
to a tenth as much and won less in every game measured: ``progress`` misjudges positions
that full rollouts settle, so the default plays to the end.  ``budget(scale)`` gives
the player at ``scale`` times the samples (the plateau measurement of
``benchmarks/strong_bench.py``).

All randomness is drawn from the ``rng`` that ``choose`` is given (the players' seeded
source, ``pnp.engine.core.player_rng``), so a game with strong seats replays exactly from
its seed; the state's own random source is never touched (each sample gets a copy).
"""

from __future__ import annotations

import math
import random
from pnp.engine.adapter import GameEngine, Policy
from pnp.engine.core import GameState, Move
from pnp.engine.mcts import clone

#: Default samples (determinisations) per decision.
SAMPLES = 4
#: Default most candidate moves searched per decision (the heuristic's among them).
CANDIDATES = 4
#: Default rollout horizon in rounds of turns after the decision (0: to the game's end).
HORIZON = 0
#: Standard errors by which a candidate's paired mean must beat the heuristic's move.
MARGIN = 1.0
#: Decisions a rollout may take before it is scored as unfinished (a guard against a
#: rollout that never ends; a game's move cap plays the same part in a playout).
ROLLOUT_CAP = 5000
#: Redeals tried for a sample in which a candidate is not legal (``StrongPlayer._deal``).
REDEALS = 4
#: Most other moves the candidate ranking looks ahead from (a seeded draw beyond it: a
#: game whose trades are moves may offer hundreds).
RANK_CAP = 24


class StrongPlayer:
    """Determinised, paired heuristic rollouts over the heuristic's best few moves
    (module docstring).

    ``engine``: the game's ``pnp.engine.adapter.GameEngine`` (``choose``, ``determinise``,
    ``progress``); ``samples``: determinisations per decision; ``candidates``: most moves
    compared (at least 1: 1 plays the heuristic); ``horizon``: rounds a rollout plays
    before it is scored (0: to the end of the game); ``margin``: standard errors by
    which a move must beat the heuristic's.

    Raises:
        ValueError: ``samples`` or ``candidates`` below 1, ``horizon`` negative.
    """

    name = "strong"

    def __init__(self, engine: GameEngine, samples: int = SAMPLES, candidates: int = CANDIDATES, horizon: int = HORIZON,
                 margin: float = MARGIN):
        if samples < 1 or candidates < 1 or horizon < 0:
            raise ValueError(f"strong player: samples ({samples}) and candidates ({candidates}) must be at least 1 "
                             f"and horizon ({horizon}) at least 0")
        self.policy: Policy = engine.choose
        self.determinise = engine.determinise
        self.progress = engine.progress
        self.samples = samples
        self.candidates = candidates
        self.horizon = horizon
        self.margin = margin
        self.engine = engine
        #: samples after which a decision stops early when every candidate has scored
        #: exactly what the heuristic's move scored on each of them (0: never)
        self.screen = samples // 4 if samples >= 8 else 0
        #: rollouts played so far (every decision's candidates x samples): the CPU account
        self.rollouts = 0

    def budget(self, scale: int) -> "StrongPlayer":
        """The same player with ``scale`` times the samples per decision."""
        return StrongPlayer(self.engine, self.samples * scale, self.candidates, self.horizon, self.margin)

    def describe(self) -> str:
        """One line: the budget per decision in rollouts."""
        reach = "to the game's end" if not self.horizon else f"{self.horizon} rounds"
        return (f"strong: {self.candidates} candidates x {self.samples} paired samples = "
                f"{self.candidates * self.samples} heuristic rollouts ({reach}) per decision")

    # ------------------------------------------------------------------ decision
    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move:
        policy = self.policy
        seat = state.current_player()
        first: Move = policy(state, moves, random.Random(rng.getrandbits(64)))
        if self.candidates == 1 or len(moves) == 1:
            return first
        cands = self.rank(state, seat, moves, first, rng)
        if len(cands) == 1:
            return first
        seeds = [(rng.getrandbits(64), rng.getrandbits(64), rng.getrandbits(64)) for _ in range(self.samples)]
        scores = [[0.0] * self.samples for _ in cands]
        alive = [True] * len(cands)
        until = state.turns() + self.horizon * state.players if self.horizon else None
        for j, (deal, chance, choices) in enumerate(seeds):
            sample = self._deal(state, seat, random.Random(deal), cands, alive)
            for c, move in enumerate(cands):
                if not alive[c]:
                    continue
                s = clone(sample)
                _fresh_chance(s, chance)
                s.apply(move)
                scores[c][j] = self._rollout(s, seat, random.Random(choices), until)
            if not alive[0]:
                return first
            if j + 1 == self.screen and all(not alive[c] or scores[c][:j + 1] == scores[0][:j + 1]
                                          for c in range(1, len(cands))):
                # every candidate scored exactly as the heuristic's move on every sample
                # so far: the choice does not matter here, the rest of the budget is saved
                self.rollouts += sum(alive) * (j + 1)
                return first
        self.rollouts += sum(alive) * self.samples
        return cands[self._pick(scores, alive)]

    def _deal(self, state: GameState, seat: int, rng: random.Random, cands: list[Move], alive: list[bool]) -> GameState:
        """One determinisation of ``state`` for ``seat`` in which the candidates are legal:
        a legal move may tell what a seat cannot see (an offer for cards a rival holds), and
        a redeal that contradicts it is drawn again, up to ``REDEALS`` times; a candidate
        still illegal is dropped (``alive``), from every sample, so the comparison stays paired."""
        for _ in range(REDEALS):
            sample = clone(state)
            if self.determinise is None:
                return sample
            self.determinise(sample, seat, rng)
            legal = sample.legal_moves()
            bad = [c for c, m in enumerate(cands) if alive[c] and m not in legal]
            if not bad:
                return sample
        for c in bad:
            alive[c] = False
        return sample

    def _pick(self, scores: list[list[float]], alive: list[bool]) -> int:
        """Index of the candidate to play: of the ``alive`` ones, the best paired mean
        difference over candidate 0 (the heuristic's move) if it exceeds ``margin``
        standard errors, else 0."""
        n = len(scores[0])
        base = scores[0]
        best, best_lead = 0, 0.0
        for c in range(1, len(scores)):
            if not alive[c]:
                continue
            diff = [a - b for a, b in zip(scores[c], base)]
            mean = sum(diff) / n
            if mean <= 0:
                continue
            var = sum((d - mean) ** 2 for d in diff) / (n - 1) if n > 1 else 0.25
            # a spread of at least one win in the samples: with every sample equal a
            # zero spread would make any lead look certain
            se = math.sqrt(max(var, 1.0 / n) / n)
            lead = mean - self.margin * se
            if lead > best_lead:
                best, best_lead = c, lead
        return best

    # ------------------------------------------------------------------ candidates
    def rank(self, state: GameState, seat: int, moves: list[Move], first: Move, rng: random.Random) -> list[Move]:
        """The candidates: ``first`` (the heuristic's move), then the other legal moves best
        by a one-turn look-ahead on one determinisation (each move, the rest of the turn by
        the heuristic, scored by ``progress``; the same chance for every move; a move not
        legal there ranks last; at most ``RANK_CAP`` moves looked at, a seeded draw), at
        most ``candidates`` in all; in legal-move order when they all fit.  Without
        ``progress``, the others are a seeded random draw."""
        others = [m for m in moves if m != first]
        k = self.candidates - 1
        if len(others) <= k:
            return [first] + others
        if self.progress is None:
            return [first] + rng.sample(others, k)
        if len(others) > RANK_CAP:
            others = rng.sample(others, RANK_CAP)
        chance, choices = rng.getrandbits(64), rng.getrandbits(64)
        seen = clone(state)
        if self.determinise is not None:
            self.determinise(seen, seat, random.Random(rng.getrandbits(64)))
        legal = seen.legal_moves()
        turn = state.turns()
        keyed = []
        for i, m in enumerate(others):
            if m not in legal:
                keyed.append((2.0, i))     # not legal in this redeal: ranked last
                continue
            s = clone(seen)
            _fresh_chance(s, chance)
            s.apply(m)
            r = random.Random(choices)
            steps = 0
            while not s.is_terminal() and s.turns() == turn and steps < ROLLOUT_CAP:
                ms = s.legal_moves()
                s.apply(ms[0] if len(ms) == 1 else self.policy(s, ms, r))
                steps += 1
            keyed.append((-self._score(s, seat), i))
        keyed.sort()
        return [first] + [others[i] for _, i in keyed[:k]]

    # ------------------------------------------------------------------ rollouts
    def _rollout(self, s: GameState, seat: int, rng: random.Random, until: int | None) -> float:
        """Play the heuristic at every seat from ``s`` to the end (or to turn ``until``) and
        score it for ``seat`` (``_score``)."""
        policy = self.policy
        is_terminal, legal_moves, apply, turns = s.is_terminal, s.legal_moves, s.apply, s.turns
        steps = 0
        while not is_terminal():
            if until is not None and turns() >= until:
                break
            ms = legal_moves()
            if len(ms) == 1:
                apply(ms[0])
            else:
                apply(policy(s, ms, rng))
                steps += 1
                if steps >= ROLLOUT_CAP:
                    break
        return self._score(s, seat)

    def _score(self, s: GameState, seat: int) -> float:
        """1 for a finished game ``seat`` won, 0 for one it lost; an unfinished one
        0.5 + (own progress - the best other's) / 2 (0.5 without ``progress``)."""
        if s.is_terminal():
            return 1.0 if s.winner() == seat else 0.0
        if self.progress is None:
            return 0.5
        share = self.progress(s)
        best_other = max(share[q] for q in range(len(share)) if q != seat)
        return float(min(1.0, max(0.0, 0.5 + (share[seat] - best_other) / 2)))


def _fresh_chance(s: GameState, seed: int) -> None:
    """Give the copy ``s`` its own random source for chance (every engine's state keeps its
    one ``random.Random`` as ``rng``: ``pnp.engine.core``), seeded from ``seed``."""
    setattr(s, "rng", random.Random(seed))
