"""A square-grid board as one face: ``rows`` x ``columns`` cells of ``cell_mm``, a border band, a painter per cell.

Generic on purpose: a plain 7 x 7 grid and an 8 x 8 board with regions are both this face
with a different cell painter.  The result is an ordinary ``Face`` (trim = grid plus
border, with bleed), so ``pnp.printing.tiling.tile_board`` splits it over home paper and
``single_board_sheet`` prints it in one piece.

Geometry (trim coordinates, mm): the grid's top-left corner is at (border, border); cell
(row, column) counts from the top left, 0-based, and spans
``[border + column * cell, border + (column + 1) * cell]`` horizontally.  Each cell is a
group with id ``cell-<row>-<column>`` (tests and tiling find cells by it); grid lines are
drawn over the cells, so painters need not draw their own edges.

Optional, for boards that need them (a region map uses all three; a plain grid none):

* ``bands``: rows grouped into regions (``RowBand``).  Each region's cells alternate its
  light and dark tint like a chequered board (the bottom-left cell dark), each region is ruled
  above and below at three times the line width, and a bar in its accent colour runs
  along it in the outer part of the left and right border, with its name (and icon).
* ``numbers``: rows numbered 1 (bottom) .. ``rows`` (top) in discs next to the grid on the
  left and right, columns 1 (left) .. ``columns`` on the bottom and top (the top ones
  turned a half turn, to read from the far side of the table).
* ``bottom_note`` / ``top_note``: an ``EdgeNote`` in the outer part of the bottom / top
  border (the top one turned a half turn), printed twice, left and right of the middle.

These need a border of at least ``MIN_DECORATED_BORDER_MM``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from pnp.errors import LayoutError
from pnp.components.fonts import ascent
from pnp.components.svg import Face, _num, circle, group, icon, line, rect, text_block
from pnp.components.text import fit
from pnp.components import style
from pnp.components.style import NORMAL, Ink

NUMBER_DISC_MM = 9.0     # diameter of a row or column number disc
BAR_EDGE_MM = 3.3        # region bars and edge notes keep to the safe area (outline 3 mm inside the trim)
#: The narrowest border that holds number discs beside region bars or notes.
MIN_DECORATED_BORDER_MM = NUMBER_DISC_MM + BAR_EDGE_MM + 9

#: ``paint(row, column, x, y, size) -> svg element or None``: the art of one cell whose
#: top-left corner is (x, y) and whose side is ``size`` mm, in trim coordinates.
CellPainter = Callable[[int, int, float, float, float], Optional[object]]
#: ``paint(width, height, border) -> svg element or None``: art over the border band.
BorderPainter = Callable[[float, float, float], Optional[object]]
#: ``paint(geometry) -> svg element or None``: terrain under every cell (dunes, texture),
#: drawn inside the grid's rectangle before the cells.
GroundPainter = Callable[["GridGeometry"], Optional[object]]


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


@dataclass(frozen=True)
class RowBand:
    """Consecutive rows that form one region of the board.

    ``rows``: grid rows (0-based from the top, as the painters count them); ``light`` /
    ``dark``: the two alternating cell tints; ``accent``: the colour of its bar; ``name``:
    the text along the bar; ``icon``: a game-icons name drawn on the bar (or None);
    ``where``: the source of ``name`` for error messages.
    """

    rows: tuple[int, ...]
    light: str
    dark: str
    accent: str
    name: str
    icon: str | None
    where: str


@dataclass(frozen=True)
class EdgeNote:
    """A note in the bottom or top border (e.g. "Europe · load European goods"), with an icon."""

    text: str
    colour: str
    icon: str | None
    where: str


def grid_board(face_name: str, component: str, rows: int, columns: int, cell_mm: float, border_mm: float,
               bleed: float, paint_cell: CellPainter, *, background: str | None, border_fill: str,
               line_colour: str, line_mm: float = 0.5, frame_mm: float | None = None,
               paint_border: BorderPainter | None = None, bands: Sequence[RowBand] = (), numbers: bool = False,
               bottom_note: EdgeNote | None = None, top_note: EdgeNote | None = None,
               ink: Ink = NORMAL, paint_ground: GroundPainter | None = None) -> Face:
    """The board face: border band, cells painted by ``paint_cell``, grid lines, border art.

    Args:
        rows, columns: cells down and across (e.g. 7 x 7, or 8 x 8).
        cell_mm: side of one square cell; border_mm: width of the band around the grid.
        bleed: mm of ``border_fill`` beyond the trim on every side.
        background: colour under every cell (a painter may cover it), or None for none.
        line_colour, line_mm: the grid lines; frame_mm: the frame around the grid (default
            twice ``line_mm``).
        paint_border: optional art over the band (title, compass, legend).
        paint_ground: optional terrain under the cells, within the grid's rectangle (over
            ``background``); a painter draws it in the ink it was built with.
        bands, numbers, bottom_note, top_note: region tints and bars, edge numbers and
            notes (see the module's docstring); their art lies under ``paint_border``'s.
        ink: ``style.SAVER`` leaves the bleed, the band and the background under the cells
            as plain paper and draws the grid lines and frame at half width; the painters
            get no ink of their own here (the caller builds them with the same ``ink``).
            Region tints, bars, number discs and notes turn light with dark text.

    Returns a ``Face`` of ``columns * cell + 2 * border`` x ``rows * cell + 2 * border`` mm
    with ``meta["grid"]`` = its ``GridGeometry`` and ``meta["quiet_x"/"quiet_y"]`` = the grid
    lines, where ``pnp.printing.tiling`` prefers to put its seams.

    Raises:
        LayoutError: fewer than one row or column, or a cell or border that is not positive;
            bands that do not cover every row exactly once; a border too narrow for the
            numbers, bars and notes; a name or note that does not fit.
    """
    if rows < 1 or columns < 1:
        raise LayoutError(f"a grid board needs at least 1 x 1 cells, got {rows} x {columns}", key=face_name)
    if cell_mm <= 0 or border_mm < 0:
        raise LayoutError(f"cell {cell_mm} mm and border {border_mm} mm must be positive", key=face_name)
    band_of = _band_of(face_name, rows, bands)
    if (bands or numbers or bottom_note or top_note) and border_mm < MIN_DECORATED_BORDER_MM:
        raise LayoutError(f"a border of {border_mm} mm cannot hold the row numbers and region bars; "
                          f"use at least {MIN_DECORATED_BORDER_MM:.0f} mm", key=f"{face_name}.band_mm")
    geo = GridGeometry(rows, columns, cell_mm, border_mm)
    width, height = geo.width, geo.height
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(border_fill)))
    if background is not None:
        # Saver: the background is as large as the grid, so it goes too (painters tint what must read).
        art.add(rect(border_mm, border_mm, columns * cell_mm, rows * cell_mm, fill=ink.bleed(background)))
    if paint_ground is not None:
        ground = paint_ground(geo)
        if ground is not None:
            art.add(ground)
    for r in range(rows):
        for c in range(columns):
            x, y = geo.cell_origin(r, c)
            cell = group(id=f"cell-{r}-{c}")
            if band_of:
                cell.add(rect(x, y, cell_mm, cell_mm, fill=_band_tint(band_of[r], (rows - 1 - r + c) % 2 == 0, ink)))
            painted = paint_cell(r, c, x, y, cell_mm)
            if painted is not None:
                cell.add(painted)
            art.add(cell)
    xs, ys = geo.gutters()
    line_mm = ink.width(line_mm)
    # With bands, a heavier rule where one region meets the next and above and below the grid.
    heavy = {k for k in range(rows + 1) if k in (0, rows) or band_of[k - 1] is not band_of[k]} if band_of else set()
    for x in xs[1:-1]:
        art.add(line(x, ys[0], x, ys[-1], line_colour, line_mm))
    for k, y in enumerate(ys[1:-1], start=1):
        art.add(line(xs[0], y, xs[-1], y, line_colour, line_mm * (3 if k in heavy else 1)))
    frame = 2 * line_mm if frame_mm is None else ink.width(frame_mm)
    art.add(rect(xs[0], ys[0], xs[-1] - xs[0], ys[-1] - ys[0], stroke=line_colour, stroke_mm=frame))
    for k in sorted(heavy & {0, rows}):
        art.add(line(xs[0], ys[k], xs[-1], ys[k], line_colour, 3 * line_mm))
    if numbers:
        art.add(_numbers(geo, border_fill, ink))
    if bands:
        art.add(_band_bars(geo, bands, ink))
    for note, top in ((bottom_note, False), (top_note, True)):
        if note is not None:
            art.add(_edge_note(note, geo, top, ink))
    if paint_border is not None:
        painted = paint_border(width, height, border_mm)
        if painted is not None:
            art.add(painted)
    # Tiling seams and alignment marks go on grid lines ("quiet" lines), not through a cell.
    return Face(face_name, component, width, height, bleed, art, meta={"grid": geo, "quiet_x": xs, "quiet_y": ys})


def _band_of(face_name: str, rows: int, bands: Sequence[RowBand]) -> dict[int, RowBand]:
    """Each grid row's band ({} without bands); every row must lie in exactly one."""
    if not bands:
        return {}
    covered = sorted(r for b in bands for r in b.rows)
    if covered != list(range(rows)):
        raise LayoutError(f"the row bands cover grid rows {covered}, expected each of 0..{rows - 1} once",
                          key=f"{face_name}.regions")
    return {r: b for b in bands for r in b.rows}


def _band_tint(band: RowBand, dark: bool, ink: Ink) -> str:
    """A cell's tint in its band; saver lightens both tints, keeping them apart."""
    if not ink.saver:
        return band.dark if dark else band.light
    return ink.field(band.dark, 0.45) if dark else ink.field(band.light, 0.7)


def _numbers(geo: GridGeometry, border_fill: str, ink: Ink):
    """Row numbers (1 at the bottom) in discs left and right of the grid, column numbers below and above."""
    g = group(id="numbers")
    r = NUMBER_DISC_MM / 2
    inner = geo.border - r - 2.0        # disc centre: just outside the grid
    disc_fill = style.WHITE if ink.saver else style.PARCHMENT

    def disc(cx, cy, label, rotation):
        d = group(transform=f"rotate({rotation} {_num(cx)} {_num(cy)})") if rotation else group()
        d.add(circle(cx, cy, r, fill=disc_fill, stroke=style.darker(border_fill, 0.3), stroke_mm=ink.width(0.4)))
        digits = fit(label, "heavy", r * 1.5, r * 1.3, r * 1.25, 2.5, "board numbers", max_lines=1)
        d.add(text_block(digits, cx, cy - (ascent("heavy") - 0.36) * digits.size, style.INK, "middle",
                         "board numbers"))
        return d

    for number in range(1, geo.rows + 1):
        _, cy = geo.cell_centre(geo.rows - number, 0)
        g.add(disc(inner, cy, str(number), 0))
        g.add(disc(geo.width - inner, cy, str(number), 0))
    for number in range(1, geo.columns + 1):
        cx, _ = geo.cell_centre(0, number - 1)
        g.add(disc(cx, geo.height - inner, str(number), 0))
        g.add(disc(cx, inner, str(number), 180))
    return g


def _band_bars(geo: GridGeometry, bands: Sequence[RowBand], ink: Ink):
    """A bar per band in the outer part of the left and right border, named along it.

    A bar of four or more rows carries its name twice, centred on its upper and lower
    halves, so that a tile seam across the middle of the board cuts no text.
    """
    g = group(id="regions")
    border, square = geo.border, geo.cell
    bar_w = border - NUMBER_DISC_MM - BAR_EDGE_MM - 3.2
    gap = 1.2
    for b in bands:
        y0 = border + min(b.rows) * square + gap
        y1 = border + (max(b.rows) + 1) * square - gap
        length = y1 - y0
        copies = 2 if len(b.rows) >= 4 else 1
        room = length / copies
        # Icons only where the bar is long enough to keep the name large.
        icon_size = bar_w * 0.72 if b.icon and room > 4 * square / 3 else 0.0
        label = fit(b.name, "display", room - 2 * icon_size - 8, bar_w * 0.7, bar_w * 0.62, 2.5, b.where,
                    max_lines=1)
        fill, edge, fg = _plate_look(b.accent, ink)
        for x0, rotation in ((BAR_EDGE_MM, 270), (geo.width - BAR_EDGE_MM - bar_w, 90)):
            g.add(rect(x0, y0, bar_w, length, fill=fill, stroke=edge, stroke_mm=ink.width(0.5), radius=bar_w / 2))
            cx = x0 + bar_w / 2
            for k in range(copies):
                cy = y0 + room * (k + 0.5)
                holder = group(transform=f"translate({_num(cx)},{_num(cy)}) rotate({rotation})")
                holder.add(text_block(label, 0, -(ascent("display") - 0.36) * label.size, fg, "middle", b.where))
                if icon_size:
                    for side in (-1, 1):
                        ix = side * (label.width / 2 + 2.5 + icon_size / 2)
                        holder.add(icon(b.icon, ix - icon_size / 2, -icon_size / 2, icon_size, fg))
                g.add(holder)
    return g


def _plate_look(colour: str, ink: Ink) -> tuple[str, str, str]:
    """Fill, outline and text colour of a bar or note in ``colour``: solid with a parchment
    edge, or (saver) a light tint outlined in the colour with dark text."""
    if ink.saver:
        return ink.field(colour), colour, ink.on(colour)
    return colour, style.PARCHMENT, style.readable_on(colour)


def _edge_note(note: EdgeNote, geo: GridGeometry, top: bool, ink: Ink):
    """The note in the outer part of the bottom border (or the top one, turned 180 degrees).

    Printed twice, centred on the left and right halves of the grid, so that a tile seam
    down the middle of the board cuts no text and both ends of the table can read one.
    """
    width, height, band = geo.width, geo.height, geo.border
    box_h = band - NUMBER_DISC_MM - BAR_EDGE_MM - 3.2
    cy = height - BAR_EDGE_MM - box_h / 2
    half = (width - 2 * band) / 2
    g = group(transform=f"rotate(180 {_num(width / 2)} {_num(height / 2)})") if top else group()
    icon_size = box_h * 0.8 if note.icon else 0.0
    fitted = fit(note.text, "bold", half - 2 * icon_size - 16, box_h * 0.8, box_h * 0.5, 2.2, note.where, max_lines=1)
    box_w = fitted.width + 2 * icon_size + 12
    fill, edge, fg = _plate_look(note.colour, ink)
    for k in range(2):
        cx = band + half * (k + 0.5)
        g.add(rect(cx - box_w / 2, cy - box_h / 2, box_w, box_h, fill=fill, stroke=edge, stroke_mm=ink.width(0.5),
                   radius=box_h / 2))
        g.add(text_block(fitted, cx, cy - (ascent("bold") - 0.36) * fitted.size, fg, "middle", note.where))
        if note.icon:
            for side in (-1, 1):
                ix = cx + side * (fitted.width / 2 + 2.5 + icon_size / 2)
                g.add(icon(note.icon, ix - icon_size / 2, cy - icon_size / 2, icon_size, fg))
    return g
