"""A rules figure shrinks (down to MIN_SCALE) to stay in its column instead of leaving a hole
(a new user found example pictures a page after their examples)."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from pnp.kit.figure import GAP_PT, MIN_SCALE, ShrinkableFigure


def _figure(height: float = 200.0) -> ShrinkableFigure:
    drawing = Drawing(150, height)
    drawing.add(Rect(0, 0, 150, height))
    caption = Paragraph("A caption", ParagraphStyle("c", fontName="Helvetica", fontSize=8, leading=10))
    return ShrinkableFigure(drawing, caption)


def test_a_figure_that_fits_keeps_its_size():
    figure = _figure()
    width, height = figure.wrap(180, 1000)
    assert (width, height) == (180, GAP_PT + 200 + 10 + figure.tail)   # gap, drawing, one caption line, white
    assert figure.tail >= 4      # the caption does not sit flush on the next paragraph (half a line of 8-10 pt)


def test_a_figure_a_little_too_tall_is_drawn_smaller_in_the_space_left():
    figure = _figure()
    room = GAP_PT + 0.85 * 200 + 10 + figure.tail + 0.5      # 85 % of the drawing fits
    (smaller,) = figure.split(180, room)
    assert abs(smaller.scale - 0.85) < 1e-9
    assert smaller.wrap(180, room)[1] <= room


def test_a_figure_much_too_tall_moves_on():
    figure = _figure()
    room = GAP_PT + (MIN_SCALE - 0.05) * 200 + 10 + figure.tail   # below the smallest scale
    assert figure.split(180, room) == []


def test_a_figure_never_shrinks_its_smallest_text_under_6_pt():
    from reportlab.graphics.shapes import String

    from pnp.components.diagram import MIN_TEXT_PT, smallest_text_pt

    figure = _figure()
    figure.drawing.add(String(10, 10, "label", fontSize=6.5))
    assert smallest_text_pt(figure.drawing) == 6.5
    assert figure.min_scale() == pytest.approx(MIN_TEXT_PT / 6.5)     # 0.923, above MIN_SCALE
    room = GAP_PT + 0.85 * 200 + 10 + figure.tail + 0.5      # 85 % would fit, but prints 5.5 pt
    assert figure.split(180, room) == []
    room = GAP_PT + 0.95 * 200 + 10 + figure.tail + 0.5
    (smaller,) = figure.split(180, room)
    assert smaller.scale * 6.5 >= MIN_TEXT_PT


def test_a_diagram_refuses_text_under_6_pt_and_cells_shrink_no_further():
    from pnp.components.diagram import GridDiagram, smallest_text_pt

    g = GridDiagram(1, 1, 20.0)
    with pytest.raises(ValueError, match="'Nomad camp' at 5.2 pt"):
        g.text(5, 5, "Nomad camp", size=5.2)
    g.cell_text(0, 0, "A long label for a small cell", size=9)
    assert smallest_text_pt(g.drawing()) == 6.0
