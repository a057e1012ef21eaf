"""The engine core and the checks every game shares: states, moves and playouts (``core``),
players (``players``), the game interface (``adapter``), variant checks over worker
processes (``check``), scorecards (``scorecard``) and supply sizing (``supply``).

May import the data layer, the registry and ``pnp.errors`` only: never drawing, printing,
the kit or a game by name (each game's rules engine lives in ``pnp.games.<game>``).
"""
