"""Cut guides that survive every cut: a fine line along each cut, across the art.

Crop marks stand in the sheet's margins (or a packed block's), so they guide the first cut
of each line.  Once a grid is cut into strips the margins are gone with the first strips:
the strips' remaining cuts (the shared cuts between abutting faces, and the outer trims
across each strip) would be made by eye.  So every trim edge of every face in a grid also
carries a *cut guide*: a solid ``GUIDE_STROKE_MM`` line centred on the cut, over the art,
that the blade removes.  Its colour contrasts with the faces on both sides (``guide_colour``):
white on dark edges, black on light ones.

The cutting order this supports (printed on the contents page): first every line of one
direction across the whole sheet or block, following the crop marks in its margins; then
each strip along the fine lines on its cuts.  Any order works, since every cut is guided
along its whole length.

Guides are drawn on the side that is cut (fronts, one-sided sheets and the fronts half of a
gutter-fold sheet), never on a backs sheet: a duplex printer's back shift would move them
onto the backs' visible edge.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from pnp.components.style import luminance

#: Width of a cut guide (mm): thin enough that a cut on the line leaves none of it, wide
#: enough to see at arm's length on a ruler's edge.
GUIDE_STROKE_MM = 0.1
GUIDE_LIGHT = "#FFFFFF"
GUIDE_DARK = "#000000"
#: Edges lighter than this (WCAG relative luminance) get a dark guide.
LIGHT_EDGE = 0.18


def guide_colour(edges: Sequence[str | None]) -> str:
    """The guide's colour on a cut between faces whose trim edges show ``edges`` (#RRGGBB,
    None for paper): black when their mean luminance is at least ``LIGHT_EDGE``, else white."""
    lums = [luminance(e) if e and e.startswith("#") and len(e) == 7 else 1.0 for e in edges] or [1.0]
    return GUIDE_DARK if sum(lums) / len(lums) >= LIGHT_EDGE else GUIDE_LIGHT


def trim_guides(cells: Iterable[tuple[float, float, float, float, str | None]],
                ) -> list[tuple[float, float, float, float, str]]:
    """The cut guides of faces laid out as ``cells`` (x, y, w, h mm of each trim box, and the
    face's ``edge_colour``): one line ``(x1, y1, x2, y2, colour)`` per trim edge, an edge two
    abutting faces share drawn once, coloured for both (``guide_colour``).  Same cells, same
    lines, in a fixed order (horizontal edges top to bottom, then vertical left to right)."""
    edges: dict[tuple[str, float, float, float], list[str | None]] = {}
    for x, y, w, h, colour in cells:
        for key in (("h", round(y, 4), round(x, 4), round(x + w, 4)),
                    ("h", round(y + h, 4), round(x, 4), round(x + w, 4)),
                    ("v", round(x, 4), round(y, 4), round(y + h, 4)),
                    ("v", round(x + w, 4), round(y, 4), round(y + h, 4))):
            edges.setdefault(key, []).append(colour)
    lines = []
    for key in sorted(edges):
        kind, at, a, b = key
        colour = guide_colour(edges[key])
        lines.append((a, at, b, at, colour) if kind == "h" else (at, a, at, b, colour))
    return lines
