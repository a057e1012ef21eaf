"""A search-based player: information-set Monte Carlo tree search over the engine's own
moves and chance, so that a balance or a degenerate strategy found by
``pnp check`` is not an artefact of one heuristic.

Each decision runs ``iterations`` searches from the current state.  One search:

1. **Determinise**: copy the state (``clone``), let the game's engine redeal what
   the searching seat cannot see (``determinise(state, seat, rng)``: the other players'
   hands from the unseen cards; without it nothing is redealt, which suits a game of
   open information), and give the copy a fresh random source, so that every draw, die
   roll and shuffle after this point is one sample of chance.
2. **Select and expand** down one shared tree whose edges are moves (single-observer
   ISMCTS, Cowling, Powley and Whitehouse 2012): among the moves legal in this
   determinisation, an untried one is expanded while the node holds fewer than
   1 + sqrt(visits) children (progressive widening; the heuristic's move is always the
   first child), else the one with the best UCB1 score, whose exploration term counts, in
   place of the parent's visits, the searches in which the child's move was legal.
   Decisions with one legal move are applied without a tree level.
3. **Roll out** ``rollout`` more decisions with the game's heuristic policy, or with
   ``horizon`` = h until h rounds of turns have begun since the decision (default: no
   rollout; see the choice rule below for what the measurements showed), then score:
   a finished game gives 1 to the winner and 0 to the others; an unfinished one the
   module's ``progress(state)`` (each seat's share of the way to winning, 0..1) turned
   into 0.5 + (own - best other) / 2.
4. **Back up** each node's reward for the player who chose the move leading to it.

The move played (``pick``) is the heuristic's (the root's first child) unless another
move's mean reward beats it by more than ``CONFIDENCE`` standard errors of the difference,
each move's spread taken as at least ``SPREAD_FLOOR``.  Measured why (search at
one seat of three, heuristic at the others, 32 iterations): the former rule (best mean
among well-searched moves) won 0 of 22 and 0 of 24 games in two of the games, with or
without rollouts (a one-round horizon: 3 of 24), because mean rewards of
different moves differ by less than the noise of a few dozen determinised searches, so the
search left the heuristic's sound move at most decisions for noise; and a search without
chance in its horizon (an open board) returns one reward every time, a zero spread that
made a hundredth look certain.  With ``pick``: 9 of 24, 12 of 24 and 2 of 12 games in the
three games (a fair share is a third).  All
randomness comes from the players'
seeded source, so a game with MCTS seats replays exactly from its seed.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any, Callable

from pnp.engine.core import GameState, Move

C_UCB = 0.25  # exploration constant of UCB1 (rewards in 0..1; rollouts differ by a few hundredths)
#: standard errors by which a move's mean reward must beat the heuristic's move to be played
#: instead (one-sided, about 95 %: the search overrides the heuristic only when it is sure)
CONFIDENCE = 1.65
#: the least standard deviation assumed for a move's rewards (see ``_Node.mean_and_error``)
SPREAD_FLOOR = 0.05


class _Node:
    __slots__ = ("children", "visits", "reward", "square", "avail")

    def __init__(self):
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.square = 0.0  # sum of squared rewards (the spread of a move's results)
        self.avail = 0

    def mean_and_error(self) -> tuple[float, float]:
        """The mean reward and its squared standard error.  The spread is at least
        ``SPREAD_FLOOR`` (a uniform reward's with fewer than 2 visits): searches without
        chance in their horizon (an open board) return the same reward every time,
        and a zero spread made any hundredth of a point look certain."""
        n = self.visits
        mean = self.reward / n
        if n < 2:
            return mean, 1 / 12 / max(n, 1)
        var = max(SPREAD_FLOOR * SPREAD_FLOOR, (self.square - n * mean * mean) / (n - 1))
        return mean, var / n


def clone(state: GameState) -> GameState:
    """An independent copy of ``state`` for one search.

    A state with ``__slots__`` (every engine's, for speed) is copied attribute by
    attribute: lists (nested lists too) and dicts are copied, a list referenced twice
    stays one list in the copy (a state may keep a list of its piles), everything else
    (numbers, tuples, the read-only tables ``state.T``, the random source, which the
    search replaces) is shared.  Any other state is deep-copied, sharing ``state.T``.
    """
    cls = type(state)
    slots = [name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())]
    if not slots or hasattr(state, "__dict__"):
        memo: dict[int, Any] = {}
        tables = getattr(state, "T", None)
        if tables is not None:
            memo[id(tables)] = tables
        return copy.deepcopy(state, memo)
    seen: dict[int, Any] = {}

    def cp(value):
        kind = type(value)
        if kind is list:
            out = seen.get(id(value))
            if out is None:
                out = seen[id(value)] = [cp(x) if type(x) is list or type(x) is dict else x for x in value]
            return out
        if kind is dict:
            out = seen.get(id(value))
            if out is None:
                out = seen[id(value)] = {k: cp(v) if type(v) is list or type(v) is dict else v for k, v in value.items()}
            return out
        return value

    new = object.__new__(cls)
    for name in slots:
        try:
            value = getattr(state, name)
        except AttributeError:
            continue
        object.__setattr__(new, name, cp(value))
    return new


class MctsPlayer:
    """ISMCTS with heuristic rollouts (module docstring).

    ``engine``: the game's engine (``pnp.engine.adapter.GameEngine``: ``choose``, ``determinise``,
    ``progress``); ``iterations``: searches per decision; ``rollout``: heuristic decisions
    after the tree before the position is scored.
    """

    name = "mcts"

    def __init__(self, engine, iterations: int = 32, rollout: int = 0, horizon: int = 0):
        self.policy: Callable = engine.choose
        self.determinise = engine.determinise
        self.progress = engine.progress
        self.iterations = iterations
        self.rollout = rollout
        #: rounds to roll out with the heuristic after the tree: until ``horizon`` x players
        #: turns have begun since the decision (then the searching seat's turn starts
        #: again), so every search is scored at the same point of the game (0: off)
        self.horizon = horizon

    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move:
        seat = state.current_player()
        root = _Node()
        self._until = state.turns() + self.horizon * state.players
        for _ in range(self.iterations):
            self._search(state, seat, root, rng)
        legal = [m for m in moves if m in root.children]
        if not legal:
            return self.policy(state, moves, rng)
        return pick(root, legal)

    def _search(self, state: GameState, seat: int, root: _Node, rng: random.Random) -> None:
        s = clone(state)
        if self.determinise is not None:
            self.determinise(s, seat, rng)
        if hasattr(s, "rng"):
            s.rng = random.Random(rng.getrandbits(64))
        node, path = root, []
        while not s.is_terminal():
            moves = s.legal_moves()
            if len(moves) == 1:
                s.apply(moves[0])
                continue
            who = s.current_player()
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.avail += 1
            untried = [m for m in moves if m not in node.children]
            # progressive widening: a node may hold 1 + sqrt(visits) children, the
            # heuristic's move first, so the few searches go to plausible moves
            if untried and len(node.children) < 1 + math.isqrt(node.visits):
                if not node.children:
                    m = self.policy(s, moves, rng)
                else:
                    m = untried[rng.randrange(len(untried))]
                child = node.children[m] = _Node()
                child.avail = 1
                s.apply(m)
                path.append((child, who))
                break
            tried = [m for m in moves if m in node.children]
            if not tried:  # this determinisation's moves are all new, and the node is full
                m = self.policy(s, moves, rng)
                node = node.children.setdefault(m, _Node())
                s.apply(m)
                path.append((node, who))
                break
            m = max(tried, key=lambda m: _ucb(node.children[m]))
            node = node.children[m]
            s.apply(m)
            path.append((node, who))
        rewards = self._rollout(s, rng)
        root.visits += 1
        for n, who in path:
            n.visits += 1
            n.reward += rewards[who]
            n.square += rewards[who] * rewards[who]

    def _rollout(self, s: GameState, rng: random.Random) -> list[float]:
        decisions = 0
        limit = self.rollout if not self.horizon else 10**6
        while not s.is_terminal() and decisions < limit and (not self.horizon or s.turns() < self._until):
            moves = s.legal_moves()
            if len(moves) == 1:
                s.apply(moves[0])
                continue
            s.apply(self.policy(s, moves, rng))
            decisions += 1
        players = s.players
        if s.is_terminal():
            w = s.winner()
            return [1.0 if p == w else 0.0 for p in range(players)]
        if self.progress is None:
            return [0.5] * players
        share = list(self.progress(s))
        out = []
        for p in range(players):
            best_other = max(share[q] for q in range(players) if q != p)
            out.append(min(1.0, max(0.0, 0.5 + (share[p] - best_other) / 2)))
        return out


def pick(root: _Node, legal: list[Move]) -> Move:
    """The move to play among ``legal`` (each a child of ``root``): the heuristic's move
    (the root's first child) unless another move's mean reward beats it by more than
    ``CONFIDENCE`` standard errors of the difference (``_Node.mean_and_error``).

    Why: rewards differ by a few hundredths between moves, less than the noise
    of a few dozen determinised searches, and the former rule (the best mean among the
    well-searched moves) followed the noise away from the heuristic's sound choice at most
    decisions: 0 wins in 22 and in 24 three-player games of two of the games against the
    heuristic.  When the heuristic's move is not legal here (it came from a
    determinisation only), the best mean among the well-searched moves is played."""
    children = root.children
    first = next(iter(children))
    if first not in legal:
        most = max(children[m].visits for m in legal)
        sure = [m for m in legal if 2 * children[m].visits >= most]
        return max(sure, key=lambda m: children[m].reward / children[m].visits)
    base, base_err = children[first].mean_and_error()
    best, margin = first, 0.0
    for m in legal:
        if m == first:
            continue
        mean, err = children[m].mean_and_error()
        lead = mean - base - CONFIDENCE * math.sqrt(err + base_err)
        if lead > margin:
            best, margin = m, lead
    return best


def _ucb(node: _Node) -> float:
    """UCB1 with availability (ISMCTS): the parent's visit count replaced by the number of
    searches in which this child's move was legal."""
    if not node.visits:
        return float("inf")
    return node.reward / node.visits + C_UCB * math.sqrt(math.log(max(1, node.avail)) / node.visits)
