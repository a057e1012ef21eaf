"""Caravan (camels relay goods on a 7 x 7 grid): everything that is this game's alone.

``model`` loads and validates ``data/caravan/``; ``engine`` is the rules engine, ``bot`` the
heuristic player, ``check`` the adapter for ``pnp check`` (``pnp.engine.adapter``); ``kit`` is
the kit recipe, ``rules`` the rules sheet's template context, ``board`` the board's face,
``kit_spec`` the kit's sizes from components.yaml. May import every shared layer (``pnp.model``,
``pnp.engine``, ``pnp.components``, ``pnp.printing``, ``pnp.kit.recipe``), never another game.
Registered as the ``pnp.games`` entry point ``caravan`` (pyproject.toml).
"""

from pnp.registry import Game

GAME = Game(
    id="caravan",
    model="pnp.games.caravan.model",
    engine="pnp.games.caravan.check:CaravanEngine",
    kit="pnp.games.caravan.kit:CaravanKit",
    rules="pnp.games.caravan.rules:CaravanRules",
)
