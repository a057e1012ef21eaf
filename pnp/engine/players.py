"""Players for simulated games: a uniform random player and a heuristic player.

A player is asked only when there is a real choice (two or more legal moves) and gets
the state, the legal moves and the players' own random source (``core.player_rng``).
"""

from __future__ import annotations

import random
from typing import Callable

from pnp.engine.core import GameState, Move

Policy = Callable[[GameState, list, random.Random], Move]


class RandomPlayer:
    """Picks uniformly among the legal moves: explores every rule path (check mode)."""

    name = "random"

    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move:
        return moves[rng.randrange(len(moves))]


class BusyRandomPlayer:
    """Random, but never passes while it has anything else to do (``is_pass(move)``, from
    the game's engine): reaches the rule paths a lazy random player rarely does
    (in a game where ending a turn early is always legal, the deliveries and the end
    of the bag)."""

    name = "busy-random"

    def __init__(self, is_pass: Callable[[Move], bool]):
        self.is_pass = is_pass

    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move:
        acting = [m for m in moves if not self.is_pass(m)] or moves
        return acting[rng.randrange(len(acting))]


class HeuristicPlayer:
    """Plays a game's one-ply heuristic ``policy(state, moves, rng) -> move``.

    The policy is game-specific (a game's ``pnp.games.<game>.bot.choose``) and
    must return one of ``moves``.
    """

    name = "heuristic"

    def __init__(self, policy: Policy):
        self.policy = policy
        self.choose = policy  # called once per decision: no wrapper call in between

    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move:
        return self.policy(state, moves, rng)


class ExploringPlayer:
    """A heuristic with a seeded share of random choices: in each decision, with
    probability ``share`` (drawn from the players' random source) a random legal move,
    else the policy's.  With ``labels`` (the game's ``mechanisms(state, moves)``) the
    random move is drawn mechanism first: a uniformly random mechanism among those
    offered, then a uniformly random move of it, so a mechanism with few moves (a sale
    of every card, one refusal among many offers) is tried as often as one with many.
    Reaches what a one-ply heuristic never chooses (``pnp check``'s mechanism coverage)
    while playing games to a plausible end.
    """

    name = "explore"

    def __init__(self, policy: Policy, share: float, labels: Callable[[GameState, list], list] | None = None):
        self.policy = policy
        self.share = share
        self.labels = labels

    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move:
        if rng.random() >= self.share:
            return self.policy(state, moves, rng)
        if self.labels is None:
            return moves[rng.randrange(len(moves))]
        by_label: dict[str, list[Move]] = {}
        for label, move in zip(self.labels(state, moves), moves):
            by_label.setdefault(label, []).append(move)
        group = by_label[sorted(by_label)[rng.randrange(len(by_label))]]
        return group[rng.randrange(len(group))]
