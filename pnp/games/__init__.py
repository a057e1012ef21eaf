"""The games that come with pnp, one package each (``pnp.games.<game>``).

Nothing outside a game's own package imports it: the shared layers find games through
``pnp.registry`` (entry points in the group ``pnp.games``).  A game may import every shared
layer but never another game.
"""
