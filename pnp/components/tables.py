"""Reference tables printed as cards: a title, a grid of rows with icons, and notes.

A price table; any game with a "pay N for M" table can use it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry import SAFE_MM
from pnp.components.svg import Face, group, icon, rect, text, text_block
from pnp.components.text import LINE_CLEAR_MM, fit
from pnp.components import style

#: Gap between a table's cells (mm), where its light ground shows as the table's rules.
CELL_GAP_MM = 0.5
#: The ground between the cells: lighter than every cell, so the rules read as paper.
TABLE_GROUND = "#FFFBF2"


@dataclass(frozen=True)
class TableRow:
    """One row: a label, its icon and colour, and one cell per column (None = empty cell)."""

    label: str
    icon: str
    colour: str
    cells: tuple[str | None, ...]


def price_table(face_name: str, component: str, width: float, height: float, bleed: float, title: str,
                head_label: str, columns: tuple[str, ...], rows: tuple[TableRow, ...], shaded_columns: set[int],
                notes: tuple[str, ...], where: str, ink: style.Ink = style.NORMAL, row_picture=None) -> Face:
    """A table card of ``width`` x ``height`` mm.

    ``columns`` are the column headings (card counts); cells whose column index is in
    ``shaded_columns`` are tinted (e.g. the chip-only column).  ``notes`` are short lines
    under the table.  With ``style.SAVER``: no full-bleed background, light header and row
    fields, thin rules.  ``row_picture(row, x, y, size)``, when given, draws each row's
    picture in its ``size`` mm square (a game's own illustration) in place of its icon.

    Raises:
        LayoutError / FontError: text does not fit or has a missing glyph.
    """
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(style.PARCHMENT)))
    # The frame keeps to the safe area (its outer edge 3 mm inside the trim): a miscut shows no line.
    frame_mm = ink.width(0.6)
    art.add(rect(3.3, 3.3, width - 6.6, height - 6.6, stroke=style.FRAME, stroke_mm=frame_mm, radius=2))
    x0, x1 = SAFE_MM + 0.8, width - SAFE_MM - 0.8
    head = fit(title, "display", x1 - x0, 7, 6, 3, where, max_lines=1)
    art.add(text_block(head, width / 2, SAFE_MM + 0.6, style.FRAME, "middle", where))
    # The notes start and end where the frame's rounded corners do (radius 2 mm from 3.3 mm): the
    # last note runs along the frame's foot, and its first letters touched the corner's arc.
    nx0, nx1 = 3.3 + 2, width - 3.3 - 2
    note_fits = [fit(n, "italic", nx1 - nx0, 3.5, 2.5, 1.6, where, max_lines=1) for n in notes]
    notes_h = sum(n.height + 0.9 for n in note_fits)
    top = SAFE_MM + head.height + 2.0
    # The last note's descenders stay clear of the frame's inner edge (they touched it).
    notes_end = height - 3.3 - frame_mm / 2 - LINE_CLEAR_MM
    bottom = notes_end - notes_h + 0.9 - 1.2
    label_w = (x1 - x0) * 0.27
    col_w = (x1 - x0 - label_w) / len(columns)
    row_h = (bottom - top) / (len(rows) + 1)
    size = min(row_h * 0.5, 3.6)
    # The cells lie on a light ground and the ground shows between them as the table's rules
    # (filled shapes: a thin solid line on a sheet means a cut, style.THIN_LINE_MM).
    gap = CELL_GAP_MM / 2
    art.add(rect(x0 - gap, top - gap, x1 - x0 + 2 * gap, (len(rows) + 1) * row_h + 2 * gap, fill=ink.field(TABLE_GROUND, 0.7)))
    # Header row: the card counts.
    art.add(rect(x0 + gap, top + gap, x1 - x0 - 2 * gap, row_h - 2 * gap, fill=ink.field(style.FRAME, 0.8)))
    head_ink = ink.on(style.FRAME) if ink.saver else style.PARCHMENT
    hl = fit(head_label, "bold", label_w - 2, row_h * 0.7, size, 1.6, where, max_lines=1)
    art.add(text(x0 + 1.5, top + row_h / 2 + hl.size * 0.36, hl.lines[0], "bold", hl.size, head_ink, where=where))
    for i, col in enumerate(columns):
        cx = x0 + label_w + (i + 0.5) * col_w
        art.add(text(cx, top + row_h / 2 + size * 0.36, col, "bold", size, head_ink, "middle", where=where))
    for r, row in enumerate(rows):
        y = top + (r + 1) * row_h
        art.add(rect(x0 + gap, y + gap, label_w - 2 * gap, row_h - 2 * gap, fill=ink.field(row.colour, 0.7)))
        fg = ink.on(row.colour) if not ink.saver else style.darker(row.colour, 0.45)
        icon_size = row_h * 0.78
        if row_picture is None:
            art.add(icon(row.icon, x0 + 0.8, y + (row_h - icon_size) / 2, icon_size, fg))
        else:
            art.add(row_picture(row, x0 + 0.8, y + (row_h - icon_size) / 2, icon_size))
        lab = fit(row.label, "bold", label_w - icon_size - 2.2, row_h * 0.7, size, 1.6, where, max_lines=1)
        art.add(text(x0 + icon_size + 1.6, y + row_h / 2 + lab.size * 0.36, lab.lines[0], "bold", lab.size, fg, where=where))
        for i, cell in enumerate(row.cells):
            cx = x0 + label_w + i * col_w
            fill = style.SHADE if i in shaded_columns else (style.PARCHMENT if r % 2 else style.PARCHMENT_DARK)
            fill = ink.field(fill, 0.7)
            art.add(rect(cx + gap, y + gap, col_w - 2 * gap, row_h - 2 * gap, fill=fill))
            if cell is not None:
                art.add(text(cx + col_w / 2, y + row_h / 2 + size * 0.36, cell, "bold" if i not in shaded_columns else "italic",
                             size, style.INK, "middle", where=where))
    y = bottom + 1.2
    for n in note_fits:
        art.add(text_block(n, nx0, y, style.INK, "start", where))
        y += n.height + 0.9
    return Face(face_name, component, width, height, bleed, art)
