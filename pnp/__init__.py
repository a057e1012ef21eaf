"""pnp: print-and-play kit generator.

Flow: data/<game>/*.yaml -> pnp.model (read + validate; the game's own loader in
pnp.games.<game>.model) -> pnp.components (SVG faces in mm) -> pnp.printing (sheets, PDF)
-> pnp.kit (kit PDF + manifest); pnp.engine plays the variant first.  Games are found
through pnp.registry (entry points ``pnp.games``), never by name.
"""

__version__ = "0.1.0"
