"""pnp: print-and-play kit generator.

Flow: data/<game>/*.yaml -> pnp.catalog (load + validate) -> pnp.model.<game> (frozen values)
-> pnp.components (SVG faces in mm) -> pnp.imposition (sheets) -> pnp.pdf (kit PDF).
"""

__version__ = "0.1.0"
