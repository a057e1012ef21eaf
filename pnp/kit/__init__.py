"""Kit assembly: a game's components, contents page and rules sheet into one PDF and manifest.

``build`` (``build_kit``) wires a game's recipe (found through ``pnp.registry``) to printing;
``recipe`` holds ``ComponentRun``, what a recipe returns; ``contents`` draws the contents
page and ``rulebook`` the rules sheet (reportlab).  May import printing, drawing, the data
layer and the registry; never a game by name, never the engine (the CLI passes the check in).
"""
