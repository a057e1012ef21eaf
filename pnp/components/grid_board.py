"""A square-grid board as one face: ``rows`` x ``columns`` cells of ``cell_mm``, a border band, a painter per cell.

Generic on purpose: Caravan's 7 x 7 board and an 8 x 8 chessboard are both this face
with a different cell painter.  The result is an ordinary ``Face`` (trim = grid plus
border, with bleed), so ``pnp.tiling.tile_board`` splits it over home paper and
``single_board_sheet`` prints it in one piece.

Geometry (trim coordinates, mm): the grid's top-left corner is at (border, border); cell
(row, column) counts from the top left, 0-based, and spans
``[border + column * cell, border + (column + 1) * cell]`` horizontally.  Each cell is a
group with id ``cell-<row>-<column>`` (tests and tiling find cells by it); grid lines are
drawn over the cells, so painters need not draw their own edges.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..errors import LayoutError
from ..svg import Face, group, line, rect

#: ``paint(row, column, x, y, size) -> svg element or None``: the art of one cell whose
#: top-left corner is (x, y) and whose side is ``size`` mm, in trim coordinates.
CellPainter = Callable[[int, int, float, float, float], Optional[object]]
#: ``paint(width, height, border) -> svg element or None``: art over the border band.
BorderPainter = Callable[[float, float, float], Optional[object]]


@dataclass(frozen=True)
class GridGeometry:
    """Where the grid sits on the board face (all mm)."""

    rows: int
    columns: int
    cell: float
    border: float

    @property
    def width(self) -> float:
        return self.columns * self.cell + 2 * self.border

    @property
    def height(self) -> float:
        return self.rows * self.cell + 2 * self.border

    def cell_origin(self, row: int, column: int) -> tuple[float, float]:
        """Top-left corner of cell (row, column)."""
        return self.border + column * self.cell, self.border + row * self.cell

    def cell_centre(self, row: int, column: int) -> tuple[float, float]:
        x, y = self.cell_origin(row, column)
        return x + self.cell / 2, y + self.cell / 2

    def gutters(self) -> tuple[list[float], list[float]]:
        """The x and y of every grid line (the quiet lines a tiling seam may follow)."""
        xs = [self.border + c * self.cell for c in range(self.columns + 1)]
        ys = [self.border + r * self.cell for r in range(self.rows + 1)]
        return xs, ys


def grid_board(face_name: str, component: str, rows: int, columns: int, cell_mm: float, border_mm: float,
               bleed: float, paint_cell: CellPainter, *, background: str, border_fill: str,
               line_colour: str, line_mm: float = 0.5, paint_border: BorderPainter | None = None) -> Face:
    """The board face: border band, cells painted by ``paint_cell``, grid lines, border art.

    Args:
        rows, columns: cells down and across (Caravan 7 x 7; a chessboard 8 x 8).
        cell_mm: side of one square cell; border_mm: width of the band around the grid.
        bleed: mm of ``border_fill`` beyond the trim on every side.
        background: colour under every cell (a painter may cover it).
        line_colour, line_mm: the grid lines, and the frame around the grid (twice as thick).
        paint_border: optional art over the band (title, compass, legend).

    Returns a ``Face`` of ``columns * cell + 2 * border`` x ``rows * cell + 2 * border`` mm
    with ``meta["grid"]`` = its ``GridGeometry`` and ``meta["quiet_x"/"quiet_y"]`` = the grid
    lines, where ``pnp.tiling`` prefers to put its seams.

    Raises:
        LayoutError: fewer than one row or column, or a cell or border that is not positive.
    """
    if rows < 1 or columns < 1:
        raise LayoutError(f"a grid board needs at least 1 x 1 cells, got {rows} x {columns}", key=face_name)
    if cell_mm <= 0 or border_mm < 0:
        raise LayoutError(f"cell {cell_mm} mm and border {border_mm} mm must be positive", key=face_name)
    geo = GridGeometry(rows, columns, cell_mm, border_mm)
    width, height = geo.width, geo.height
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=border_fill))
    art.add(rect(border_mm, border_mm, columns * cell_mm, rows * cell_mm, fill=background))
    for r in range(rows):
        for c in range(columns):
            x, y = geo.cell_origin(r, c)
            cell = group(id=f"cell-{r}-{c}")
            painted = paint_cell(r, c, x, y, cell_mm)
            if painted is not None:
                cell.add(painted)
            art.add(cell)
    xs, ys = geo.gutters()
    for x in xs[1:-1]:
        art.add(line(x, ys[0], x, ys[-1], line_colour, line_mm))
    for y in ys[1:-1]:
        art.add(line(xs[0], y, xs[-1], y, line_colour, line_mm))
    art.add(rect(xs[0], ys[0], xs[-1] - xs[0], ys[-1] - ys[0], stroke=line_colour, stroke_mm=2 * line_mm))
    if paint_border is not None:
        painted = paint_border(width, height, border_mm)
        if painted is not None:
            art.add(painted)
    # Tiling seams and alignment marks go on grid lines ("quiet" lines), not through a cell.
    return Face(face_name, component, width, height, bleed, art, meta={"grid": geo, "quiet_x": xs, "quiet_y": ys})
