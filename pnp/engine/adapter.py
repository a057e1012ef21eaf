"""What a game's rules engine offers the checks (``pnp check``, the pre-print check):
``GameEngine``, the class each game subclasses once.

A game's registry entry (``pnp.registry.Game.engine``) names its subclass (by convention
``pnp.games.<game>.check:<Name>Engine``).  The checks are generic: they run the static
check, play seeded games over worker processes, build scorecards and ask the engine to
size its supply (banknotes, coins, markers) from the playouts.  Each optional part has its
default here, so the checks call every part without asking whether a game has it.

``settings`` is ``pnp.engine.check.Settings``: the generic ``simulation`` and
``thresholds`` of ``data/<game>/checks.yaml`` plus ``extra``, the file's other top-level
sections as ``pnp.model.catalog.Node`` (each engine validates its own).  ``game`` is the
game's loaded model; ``variant`` a ``pnp.model.variant.Variant``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Mapping, Sequence

from pnp.model.variant import Variant
from pnp.engine.core import GameState, Move, Playout


Policy = Callable[[GameState, Sequence[Move], random.Random], Move]


class GameEngine:
    """A game's side of the checks.  Subclass it once per game, define the three required
    methods, and override an optional part only where the game offers it; the registry
    entry names the subclass (``Game.engine = "package.module:Class"``) and
    ``pnp.engine.check.engine_of`` makes the one instance a process uses.

    Required (``NotImplementedError`` from the defaults here):
        ``new_game``, ``choose``, ``static_check``.

    Optional parts and their defaults:
        ``tracking`` -> ``()`` (the state records nothing for ``sizing``);
        ``sizing`` -> None (no supply sizing);
        ``is_pass`` -> False for every move (busy-random seats play as random ones);
        ``explore_choose`` -> ``choose`` (the exploring player mixes random choices into
        the heuristic);
        ``check_sections`` -> reads nothing (checks.yaml may then hold only ``simulation``
        and ``thresholds``: ``load_settings`` refuses any other section);
        ``MECHANISMS`` -> ``()`` and ``mechanisms`` -> None (no mechanism coverage);
        ``compensations`` -> None (``pnp balance`` refuses the game);
        ``progress`` -> None (the search player scores only finished games);
        ``determinise`` -> None (the search player searches the true position).

    A part whose default is None is a method to define (``def progress(self, state)``) or
    a function to name (``progress = staticmethod(engine.progress)``); the checks test it
    against None, never ask what the object has.
    """

    #: Every mechanism label the game can offer, in the order the tables show them.
    MECHANISMS: ClassVar[Sequence[str]] = ()
    #: ``mechanisms(state, moves)``: the label of each legal move (a list of str), or a
    #: ``pnp.engine.core.Labels``.  Every declared mechanism must be taken at least
    #: ``thresholds.min_mechanism_taken_per_1000_games`` times per 1,000 games.
    mechanisms: Callable[[GameState, list[Move]], Any] | None = None
    #: ``compensations(game, variant, settings)``: the seat compensations the data can
    #: express, smallest first, each ``{"describe": str, ...}``; ``new_game`` then takes
    #: ``compensation=`` (the dict without ``describe``).
    compensations: Callable[[Any, Variant, Any], list[dict[str, Any]]] | None = None
    #: ``progress(state)``: each seat's 0..1 share of the way to winning.
    progress: Callable[[GameState], list[float]] | None = None
    #: ``determinise(state, seat, rng)``: redeal in place what ``seat`` cannot see.
    determinise: Callable[[GameState, int, random.Random], None] | None = None

    def new_game(self, game: Any, variant: Variant, seed: int, track: tuple[Any, ...] = ()) -> GameState:
        """A fresh state of ``variant`` (players and set-up) dealt from ``seed``.  ``track``
        is what ``tracking`` returned for this variant (e.g. banknote values whose use the
        state records)."""
        raise NotImplementedError(f"{type(self).__name__}.new_game")

    def choose(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The heuristic player's policy (``pnp.engine.players.HeuristicPlayer`` wraps it)."""
        raise NotImplementedError(f"{type(self).__name__}.choose")

    def static_check(self, game: Any, variant: Variant, settings: Any,
                     kit_counts: Mapping[str, int] | None = None) -> list[str]:
        """Checks without playing (counts, set-up fits the components, engine set-up counts
        equal the model's and, given ``kit_counts`` (card type id -> count), the kit's).
        Returns the lines of what was checked.

        Raises:
            VariantError: a check fails (file/key and the numbers).
        """
        raise NotImplementedError(f"{type(self).__name__}.static_check")

    def tracking(self, game: Any, variant: Variant, settings: Any) -> tuple[Any, ...]:
        """What ``new_game`` must record for ``sizing`` in this variant; default nothing."""
        return ()

    def sizing(self, game: Any, playouts_by_variant: Mapping[Variant, Sequence[Playout]],
               settings: Any) -> dict[str, Any] | None:
        """Supply sizing from the playouts of every variant checked: a JSON-able dict with
        at least ``"title"`` (str), ``"lines"`` (list of str, printed by ``pnp check``) and
        ``"reasons"`` (list of str; non-empty fails the check), or None; default None."""
        return None

    def is_pass(self, move: Move) -> bool:
        """Whether ``move`` gives up the rest of a turn (the busy-random player avoids such
        moves while it has anything else to do); default: no move is a pass."""
        return False

    def explore_choose(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The exploring games' policy, to which the exploring player adds a share of
        random choices; default ``choose``."""
        return self.choose(state, moves, rng)

    def check_sections(self, game: Any, settings: Any) -> None:
        """Read and validate every key of the game's own top-level sections of checks.yaml
        (``settings.extra``: supply quantiles, set-up margins, ``balance``); ``load_settings``
        then refuses any key not read.  Default: reads none.

        Raises:
            DataError: a bad value (file, key and reason).
        """
