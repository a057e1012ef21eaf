"""pnp: print-and-play kit generator.

Flow: data/<game>/*.yaml -> pnp.model.catalog (load + validate) -> pnp.model.<game> (frozen values)
-> pnp.components (SVG faces in mm) -> pnp.printing.imposition (sheets) -> pnp.printing.pdf (kit PDF).
"""

__version__ = "0.1.0"
