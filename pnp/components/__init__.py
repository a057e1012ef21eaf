"""Drawing: one renderer per component kind, plus SVG building (``svg``), text measuring and
fitting (``text``) and the kit's fonts (``fonts``).

Each renderer returns ``pnp.components.svg.Face`` objects (art in mm, trim coordinates, with
bleed) or draws a free-form cut-out sheet.  Renderers take plain values (names, colours,
numbers), never a game model: the game's kit module maps its model onto them, so every kind
serves every game.  May import the data layer, ``pnp.geometry`` and ``pnp.errors``; never
the kit, printing, the engine or a game.
"""
