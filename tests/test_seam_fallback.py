"""Board seams on space edges where the tiling allows, else through the least text.

A board of 468 mm (Samarkand's width: six space edges, 80 mm apart) needs three A4 tiles
across, and no three-tile split puts both seams on space edges: the second seam must lie in
[281.4, 290.6] mm (the last tile's art fits A4's 192.6 mm), where there is no edge.  There
the seam goes through the least text; among places with equally little, the nearest edge.
"""

from __future__ import annotations

import pytest

from pnp.components.fonts import text_width
from pnp.components.svg import Face, group, rect, text
from pnp.geometry import PAPERS
from pnp.printing.imposition import PrintSettings
from pnp.printing.tiling import plan_tiles

EDGES = [34.0, 114.0, 194.0, 274.0, 354.0, 434.0]
SIZE = 4.0
ROLE = "bold"
CLEAR_MM = 0.5      # a seam this close to a text line cuts it when the tile is laid 0.5 mm off


def _board(labels: list[tuple[float, str]]) -> Face:
    """A 468 x 190 mm board with space edges EDGES and ``labels`` (left x, text) near its top."""
    art = group()
    art.add(rect(-3, -3, 474, 196, fill="#E8D9B5"))
    for k, (x, content) in enumerate(labels):
        art.add(text(x, 20.0 + 10 * k, content, ROLE, SIZE))
    return Face("board", "board", 468.0, 190.0, 3.0, art, meta={"quiet_x": EDGES, "quiet_y": []})


def _crosses(seam: float, x: float, content: str) -> bool:
    return x - CLEAR_MM < seam < x + text_width(content, ROLE, SIZE) + CLEAR_MM


def test_without_text_in_reach_the_seam_lies_nearest_a_space_edge():
    plan = plan_tiles(_board([]), PrintSettings(PAPERS["a4"]))
    assert (plan.cols, plan.rows) == (3, 1)
    assert plan.xs[1] == 114.0                    # on a space edge
    assert plan.xs[2] == pytest.approx(281.4, abs=0.05)   # off every edge: as near 274 as A4 allows


def test_a_label_where_the_seam_would_fall_moves_the_seam_off_it():
    label = (279.0, "Merv")                       # across 281.4, the place nearest an edge
    plan = plan_tiles(_board([label]), PrintSettings(PAPERS["a4"]))
    seam = plan.xs[2]
    assert 281.4 - 0.05 <= seam <= 290.6 + 0.05
    assert not _crosses(seam, *label)
    # the clear place nearest the edge at 274: just past the label's end
    assert seam == pytest.approx(label[0] + text_width(label[1], ROLE, SIZE) + 0.6, abs=0.01)


def test_where_every_place_crosses_text_the_seam_crosses_the_least():
    long_label = (276.0, "Caravanserai of the Silk Road")    # covers the whole range, many letters
    short_label = (279.0, "Oasis")                # across 281.4 too, ends before 290.6
    board = _board([long_label, short_label])
    seam = plan_tiles(board, PrintSettings(PAPERS["a4"])).xs[2]
    assert _crosses(seam, *long_label)            # nothing in reach avoids the long one
    assert not _crosses(seam, *short_label)       # but the short one is spared
    assert 281.4 - 0.05 <= seam <= 290.6 + 0.05
