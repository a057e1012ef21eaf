"""What a game's rules engine offers the checks (``pnp check``, the pre-print check).

A game's registry entry (``pnp.registry.Game.engine``) names the module that implements
this interface (by convention ``pnp.games.<game>.check``).  The checks are generic: they
run the static check, play seeded games over worker processes, build scorecards and ask
the module to size its supply (banknotes, coins, markers) from the playouts.

A module implementing ``GameEngine`` defines these module-level names:

``new_game(game, variant, seed, track=()) -> GameState``
    A fresh state (``pnp.engine.core.GameState``) of ``variant`` (``pnp.model.variant.
    Variant``: players and set-up) dealt from ``seed``.  ``track`` is what ``tracking``
    returned for this variant (e.g. banknote values whose use the state records).

``choose(state, moves, rng) -> move``
    The heuristic player's policy (``pnp.engine.players.HeuristicPlayer`` wraps it).

``static_check(game, variant, settings, kit_counts=None) -> list[str]``
    Checks without playing (counts, set-up fits the components, engine set-up counts
    equal the model's and the kit's).  Returns the lines of what was checked; raises
    ``pnp.errors.VariantError`` naming file/key and the numbers when a check fails.

``tracking(game, variant, settings) -> tuple``
    What ``new_game`` must record for ``sizing`` in this variant (``()``: nothing).

``sizing(game, playouts_by_variant, settings) -> dict | None``
    Supply sizing from the playouts of every variant checked (``{Variant: [Playout]}``):
    a JSON-able dict with at least ``"title"`` (str), ``"lines"`` (list of str, printed by
    ``pnp check``) and ``"reasons"`` (list of str; non-empty fails the check), or None.

Optional: ``is_pass(move) -> bool`` names the moves that give up the rest of a turn (the
busy-random player avoids them while it has anything else to do; e.g. ending a turn
early).  Without it, busy-random seats play as random ones.

Optional, for ``pnp check``'s mechanism coverage: ``MECHANISMS`` (every
mechanism label the game can offer, in the order the tables show them) and
``mechanisms(state, moves) -> list[str]`` (the label of each legal move: a kind of move
in its phase, or a choice within a rule; or a ``pnp.engine.core.Labels``, the labels
offered and one move's label on demand, for a decision of many moves under few labels).  Every declared mechanism must be taken at least
``thresholds.min_mechanism_taken_per_1000_games`` times per 1,000 games (heuristic plus
exploring games).  ``explore_choose(state, moves, rng)``: the exploring games' policy
(default ``choose``), to which the exploring player adds a share of random choices.

Optional, ``check_sections(game, settings) -> None``: reads and validates every key of
the game's own top-level sections of checks.yaml (``settings.extra``: supply quantiles,
set-up margins, ``balance``), raising ``pnp.errors.DataError``; ``load_settings`` calls it
and then refuses any key it did not read.  Without it, a game section is refused as unknown.

Optional, for ``pnp balance``: ``compensations(game, variant, settings) -> list[dict]``,
the seat compensations the data can express, smallest first, each ``{"describe": str,
...}``; ``new_game`` then takes ``compensation=`` (the dict without ``describe``).

Optional, for the search player (``pnp.engine.mcts``): ``progress(state) -> list[float]``
(each seat's 0..1 share of the way to winning, to score unfinished searches) and
``determinise(state, seat, rng)`` (redeal in place what ``seat`` cannot see: the other
players' hands from the unseen cards).

The checks read a module only through ``Engine`` (``pnp.engine.check.engine_of``): the five
required names as the module has them and every optional one defaulted there, once.

``settings`` is ``pnp.engine.check.Settings``: the generic ``simulation`` and
``thresholds`` of ``data/<game>/checks.yaml`` plus ``extra``, the file's other top-level
sections as ``pnp.model.catalog.Node`` (each engine validates its own).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Protocol, Sequence

from pnp.model.variant import Variant
from pnp.engine.core import GameState, Move, Playout


class GameEngine(Protocol):
    """The five names every engine module defines (see the module's docstring)."""

    def new_game(self, game: Any, variant: Variant, seed: int, track: tuple[Any, ...] = ()) -> GameState: ...

    def choose(self, state: GameState, moves: list[Move], rng: random.Random) -> Move: ...

    def static_check(self, game: Any, variant: Variant, settings: Any,
                     kit_counts: Mapping[str, int] | None = None) -> list[str]: ...

    def tracking(self, game: Any, variant: Variant, settings: Any) -> tuple[Any, ...]: ...

    def sizing(self, game: Any, playouts_by_variant: Mapping[Variant, Sequence[Playout]],
               settings: Any) -> dict[str, Any] | None: ...


Policy = Callable[[GameState, Sequence[Move], random.Random], Move]


def _never_a_pass(move: Move) -> bool:
    return False


class Engine:
    """A game's engine module as the checks use it: the five required names as the module
    defines them, and each optional name the module's own or its default, read once here
    (nowhere else asks a module what it has).

    Defaults: ``is_pass`` no move is a pass; ``MECHANISMS`` none; ``mechanisms`` None (no
    coverage); ``explore_choose`` the heuristic ``choose``; ``compensations``,
    ``progress`` and ``determinise`` None (``pnp balance`` refuses the game; the search
    player scores only finished games and searches the true position); ``check_sections``
    None (checks.yaml may hold only ``simulation`` and ``thresholds``).

    Raises (on construction):
        AttributeError: the module lacks one of the five required names.
    """

    __slots__ = ("module", "new_game", "choose", "static_check", "tracking", "sizing", "is_pass", "MECHANISMS",
                 "mechanisms", "explore_choose", "compensations", "progress", "determinise", "check_sections")

    def __init__(self, module: Any):
        self.module = module
        self.new_game: Callable[..., GameState] = module.new_game
        self.choose: Policy = module.choose
        self.static_check: Callable[..., list[str]] = module.static_check
        self.tracking: Callable[[Any, Variant, Any], tuple[Any, ...]] = module.tracking
        self.sizing: Callable[..., dict[str, Any] | None] = module.sizing
        optional = vars(module)
        self.is_pass: Callable[[Move], bool] = optional.get("is_pass", _never_a_pass)
        self.MECHANISMS: Sequence[str] = optional.get("MECHANISMS", ())
        self.mechanisms: Callable[..., Any] | None = optional.get("mechanisms")
        self.explore_choose: Policy = optional.get("explore_choose", module.choose)
        self.compensations: Callable[..., list[dict[str, Any]]] | None = optional.get("compensations")
        self.progress: Callable[[GameState], list[float]] | None = optional.get("progress")
        self.determinise: Callable[[GameState, int, random.Random], None] | None = optional.get("determinise")
        self.check_sections: Callable[[Any, Any], None] | None = optional.get("check_sections")
