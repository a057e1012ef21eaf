"""Printing: faces onto sheets (``imposition``), boards over several sheets (``tiling``), page
order (``pagination``), SVG -> PDF and kit assembly of pages (``pdf``), print-on-demand files
(``targets``) and the printer calibration sheet (``calibrate``).

May import drawing (``pnp.components``), the data layer, ``pnp.files``, ``pnp.geometry`` and
``pnp.errors``; never the kit assembly, the engine or a game.
"""
