"""A square-grid board as one big face: rows x columns of squares, numbered on every edge.

Written for CARAVAN on a chessboard (8 x 8, rows 1 Europe .. 8 the Orient) but knows no
game: the caller passes the grid size, the square size, the row bands (which rows form a
region, its colours, name and icon) and optional per-square painters.  A generic
square-grid renderer is being written for Caravan too (``grid_board.py``); the two are to
be unified (see the kit report).

Layout (trim coordinates, mm; y grows down):

* the grid of ``rows`` x ``columns`` squares of ``square_mm``, row 1 at the BOTTOM (the
  side of the player who reads the board upright), column 1 at the left;
* a frame band of ``band_mm`` on every side.  The left and right bands carry the row
  numbers next to the grid and, beyond them, a bar per region with its name running
  along it; the top and bottom bands carry the column numbers and a region note (the
  top band is turned a half turn, so it reads upright from the far side of the table);
* square colours alternate light and dark inside each region, like a chessboard.

Every square has the id ``square-<row>-<column>``; ``Face.meta`` gives the grid lines
(``quiet_x``, ``quiet_y``) so tiling cuts along square edges, and ``squares`` (the
trim box of each square by (row, column)).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import LayoutError
from ..fonts import ascent
from ..svg import Face, circle, group, icon, line, rect, text_block, _num
from ..text import fit
from . import style

LINE_MM = 0.5            # grid line width
NUMBER_DISC_MM = 9.0     # diameter of a row or column number disc
BAR_EDGE_MM = 2.5        # region bars and edge notes keep this far inside the trim


@dataclass(frozen=True)
class RowBand:
    """Consecutive rows that form one region of the board.

    ``rows``: row numbers (1-based, e.g. ``(2, 3, 4, 5, 6, 7)``); ``light``/``dark``: the two
    alternating square colours; ``accent``: bar and frame colour; ``name``: text along
    the bar; ``icon``: game-icons name drawn on the bar (or None); ``where``: source of
    ``name`` for error messages.
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
    """A note in the top or bottom band (e.g. "Europe: load European goods ..."), with an icon."""

    text: str
    colour: str
    icon: str | None
    where: str


#: ``painter(row, column, x, y, size) -> svg element or None``: extra art on one square.
SquarePainter = Callable[[int, int, float, float, float], object]


def board_size(rows: int, columns: int, square_mm: float, band_mm: float) -> tuple[float, float]:
    """Trim width and height of the board in mm."""
    return columns * square_mm + 2 * band_mm, rows * square_mm + 2 * band_mm


def square_box(row: int, column: int, rows: int, square_mm: float, band_mm: float) -> tuple[float, float]:
    """Top-left corner (x, y) of square (row, column), both 1-based, row 1 at the bottom."""
    return band_mm + (column - 1) * square_mm, band_mm + (rows - row) * square_mm


def square_grid_face(rows: int, columns: int, square_mm: float, band_mm: float, bleed: float,
                     bands: list[RowBand], frame: str, bottom_note: EdgeNote | None = None,
                     top_note: EdgeNote | None = None, painter: SquarePainter | None = None,
                     face_name: str = "board", component: str = "board") -> Face:
    """The board as one face of ``board_size(...)`` mm with ``bleed`` mm of frame beyond the trim.

    Args:
        rows, columns: grid size (>= 1 each); every row must belong to exactly one band.
        square_mm: side of a square; band_mm: width of the frame band (numbers, region bars).
        frame: colour of the frame band.
        bottom_note / top_note: notes in the bottom / top band (top one turned 180 degrees).
        painter: optional extra art per square.
    Raises:
        LayoutError: rows not covered exactly once by ``bands``, or the band too narrow
            for its numbers, or a name or note that does not fit.
    """
    covered = sorted(r for b in bands for r in b.rows)
    if covered != list(range(1, rows + 1)):
        raise LayoutError(f"the row bands cover rows {covered}, expected each of 1..{rows} once", key="board.regions")
    if band_mm < NUMBER_DISC_MM + BAR_EDGE_MM + 9:
        raise LayoutError(f"a frame band of {band_mm} mm cannot hold the row numbers and region bars; "
                          f"use at least {NUMBER_DISC_MM + BAR_EDGE_MM + 9:.0f} mm", key="board.band_mm")
    width, height = board_size(rows, columns, square_mm, band_mm)
    art = group(id="board")
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=frame))
    grid_w, grid_h = columns * square_mm, rows * square_mm
    band_of = {r: b for b in bands for r in b.rows}
    squares_meta = {}
    squares = group(id="squares")
    for row in range(1, rows + 1):
        b = band_of[row]
        for col in range(1, columns + 1):
            x, y = square_box(row, col, rows, square_mm, band_mm)
            fill = b.dark if (row + col) % 2 == 0 else b.light
            cell = group(id=f"square-{row}-{col}")
            cell.add(rect(x, y, square_mm, square_mm, fill=fill))
            if painter is not None:
                extra = painter(row, col, x, y, square_mm)
                if extra is not None:
                    cell.add(extra)
            squares.add(cell)
            squares_meta[(row, col)] = (x, y, square_mm, square_mm)
    art.add(squares)
    art.add(_grid_lines(rows, columns, square_mm, band_mm, band_of))
    art.add(_numbers(rows, columns, square_mm, band_mm, width, height, frame))
    art.add(_region_bars(rows, square_mm, band_mm, width, bands))
    for note, top in ((bottom_note, False), (top_note, True)):
        if note is not None:
            art.add(_edge_note(note, width, height, band_mm, top))
    meta = {
        "quiet_x": [band_mm + k * square_mm for k in range(columns + 1)],
        "quiet_y": [band_mm + k * square_mm for k in range(rows + 1)],
        "squares": squares_meta,
        "grid": (band_mm, band_mm, grid_w, grid_h),
    }
    return Face(face_name, component, width, height, bleed, art, None, meta)


def _grid_lines(rows, columns, square, band, band_of):
    """Thin lines between squares, three times as thick where one region meets the next."""
    g = group(id="grid-lines")
    ink = style.INK
    for k in range(columns + 1):
        x = band + k * square
        g.add(line(x, band, x, band + rows * square, ink, LINE_MM))
    for k in range(rows + 1):
        y = band + k * square
        # A heavier line where one region meets the next.
        row_below = rows - k          # the row whose top edge this is (0 = bottom edge)
        boundary = k in (0, rows) or band_of.get(row_below) is not band_of.get(row_below + 1)
        g.add(line(band, y, band + columns * square, y, ink, LINE_MM * (3 if boundary else 1)))
    return g


def _numbers(rows, columns, square, band, width, height, frame):
    """Row numbers in discs on the left and right bands, column numbers on top and bottom."""
    g = group(id="numbers")
    r = NUMBER_DISC_MM / 2
    inner = band - r - 2.0        # disc centre: just outside the grid
    ink = style.INK

    def disc(cx, cy, label, rotation):
        d = group(transform=f"rotate({rotation} {_num(cx)} {_num(cy)})") if rotation else group()
        d.add(circle(cx, cy, r, fill=style.PARCHMENT, stroke=style.darker(frame, 0.3), stroke_mm=0.4))
        digits = fit(label, "heavy", r * 1.5, r * 1.3, r * 1.25, 2.5, "board numbers", max_lines=1)
        d.add(text_block(digits, cx, cy - (ascent("heavy") - 0.36) * digits.size, ink, "middle", "board numbers"))
        return d

    for row in range(1, rows + 1):
        cy = band + (rows - row + 0.5) * square
        g.add(disc(inner, cy, str(row), 0))
        g.add(disc(width - inner, cy, str(row), 0))
    for col in range(1, columns + 1):
        cx = band + (col - 0.5) * square
        g.add(disc(cx, height - inner, str(col), 0))
        g.add(disc(cx, inner, str(col), 180))
    return g


def _region_bars(rows, square, band, width, bands):
    """A coloured bar per region in the outer part of the left and right bands, named along it.

    A bar of four or more rows carries its name twice, centred on its upper and lower
    halves, so that a tile seam across the middle of the board cuts no text.
    """
    g = group(id="regions")
    bar_w = band - NUMBER_DISC_MM - BAR_EDGE_MM - 4.0
    gap = 1.2
    for b in bands:
        top_row, bottom_row = max(b.rows), min(b.rows)
        y0 = band + (rows - top_row) * square + gap
        y1 = band + (rows - bottom_row + 1) * square - gap
        length = y1 - y0
        copies = 2 if len(b.rows) >= 4 else 1
        room = length / copies
        # Icons only where the bar is long enough to keep the name large.
        icon_size = bar_w * 0.72 if b.icon and room > 4 * square / 3 else 0.0
        label = fit(b.name, "display", room - 2 * icon_size - 8, bar_w * 0.7, bar_w * 0.62, 2.5, b.where,
                    max_lines=1)
        ink = style.readable_on(b.accent)
        for x0, rotation in ((BAR_EDGE_MM, 270), (width - BAR_EDGE_MM - bar_w, 90)):
            g.add(rect(x0, y0, bar_w, length, fill=b.accent, stroke=style.PARCHMENT, stroke_mm=0.5, radius=bar_w / 2))
            cx = x0 + bar_w / 2
            for k in range(copies):
                cy = y0 + room * (k + 0.5)
                holder = group(transform=f"translate({_num(cx)},{_num(cy)}) rotate({rotation})")
                holder.add(text_block(label, 0, -(ascent("display") - 0.36) * label.size, ink, "middle", b.where))
                if icon_size:
                    for side in (-1, 1):
                        ix = side * (label.width / 2 + 2.5 + icon_size / 2)
                        holder.add(icon(b.icon, ix - icon_size / 2, -icon_size / 2, icon_size, ink))
                g.add(holder)
    return g


def _edge_note(note: EdgeNote, width, height, band, top: bool):
    """The note in the outer part of the bottom band (or top band, turned 180 degrees).

    Printed twice, centred on the left and right halves of the grid, so that a tile seam
    down the middle of the board cuts no text and both ends of the table can read one.
    """
    box_h = band - NUMBER_DISC_MM - BAR_EDGE_MM - 4.0
    cy = height - BAR_EDGE_MM - box_h / 2
    half = (width - 2 * band) / 2
    g = group(transform=f"rotate(180 {_num(width / 2)} {_num(height / 2)})") if top else group()
    icon_size = box_h * 0.8 if note.icon else 0.0
    fitted = fit(note.text, "bold", half - 2 * icon_size - 16, box_h * 0.8, box_h * 0.5, 2.2, note.where, max_lines=1)
    box_w = fitted.width + 2 * icon_size + 12
    ink = style.readable_on(note.colour)
    for k in range(2):
        cx = band + half * (k + 0.5)
        g.add(rect(cx - box_w / 2, cy - box_h / 2, box_w, box_h, fill=note.colour, stroke=style.PARCHMENT,
                   stroke_mm=0.5, radius=box_h / 2))
        g.add(text_block(fitted, cx, cy - (ascent("bold") - 0.36) * fitted.size, ink, "middle", note.where))
        if note.icon:
            for side in (-1, 1):
                ix = cx + side * (fitted.width / 2 + 2.5 + icon_size / 2)
                g.add(icon(note.icon, ix - icon_size / 2, cy - icon_size / 2, icon_size, ink))
    return g
