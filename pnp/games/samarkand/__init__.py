"""Samarkand (trading, Piaster, nomads, oases, cities): everything that is this game's alone.

``model`` loads and validates ``data/samarkand/``; ``engine`` is the rules engine, ``bot`` the
heuristic player, ``check`` the adapter for ``pnp check`` (``pnp.engine.adapter``); ``kit`` is
the kit recipe, ``rules`` the rules sheet's template context, ``board`` the board's face. May
import every shared layer (``pnp.model``, ``pnp.engine``, ``pnp.components``, ``pnp.printing``,
``pnp.kit.recipe``), never another game. Registered as the ``pnp.games`` entry point
``samarkand`` (pyproject.toml).
"""

from pnp.registry import Game

GAME = Game(
    id="samarkand",
    model="pnp.games.samarkand.model",
    engine="pnp.games.samarkand.check:SamarkandEngine",
    kit="pnp.games.samarkand.kit:SamarkandKit",
    rules="pnp.games.samarkand.rules:SamarkandRules",
)
