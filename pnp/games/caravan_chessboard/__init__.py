"""CARAVAN on a chessboard (8 x 8, Europe to Orient, 75-card deck): everything that is this game's alone.

``model`` loads and validates ``data/caravan-chessboard/``; ``engine`` is the rules engine,
``bot`` the heuristic player, ``check`` the adapter for ``pnp check`` (``pnp.engine.adapter``);
``kit`` is the kit recipe, ``rules`` the rules sheet's template context, ``kit_spec`` the kit's
sizes from components.yaml. May import every shared layer (``pnp.model``, ``pnp.engine``,
``pnp.components``, ``pnp.printing``, ``pnp.kit.recipe``), never another game. Registered as the
``pnp.games`` entry point ``caravan-chessboard`` (pyproject.toml).
"""

from pnp.registry import Game

GAME = Game(
    id="caravan-chessboard",
    model="pnp.games.caravan_chessboard.model",
    engine="pnp.games.caravan_chessboard.check:ChessboardEngine",
    kit="pnp.games.caravan_chessboard.kit:ChessboardKit",
    rules="pnp.games.caravan_chessboard.rules:ChessboardRules",
)
