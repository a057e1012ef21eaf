"""One renderer per component kind.  Each returns ``pnp.components.svg.Face`` objects (art in mm,
trim coordinates, with bleed) or draws a free-form cut-out sheet.  Renderers take plain
values (names, colours, numbers), never a game model: the game's kit module maps its
model onto them, so every kind serves every game.
"""
