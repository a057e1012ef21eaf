"""Imposition: faces onto sheets, with bleed, crop marks, duplex backs and a check ruler.

Layout rules (``../shared/design/print.md``):

* every sheet is exactly the paper; art (trim + bleed) stays ``margin_mm`` inside its edge;
* faces sit on a grid of trims.  With ``gutter`` layout each face keeps its own bleed, so
  neighbours are ``2 x bleed`` apart and every gutter is cut twice.  Faces whose trim edge
  is one flat colour (``Face.edge_colour``) may *abut*: they share one cut, and the
  neighbour's identical edge serves as bleed.  Whichever layout fits more faces wins;
* crop marks sit on every cut line, outside the art, from ``mark_gap_mm`` beyond the bleed
  to the sheet edge (bottom: to the footer), so they survive the first cut and never
  cross art;
* a footer band holds a 50 mm ruler and the sheet's label, to check 100 % printing;
* backs follow their fronts on the next sheet, mirrored for the duplex flip edge so each
  back lands behind its front.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from .errors import LayoutError
from .geometry import DEFAULT_BLEED_MM, DEFAULT_MARGIN_MM, Paper
from .svg import Face, group, line, new_sheet, rect, text, _num

MARK_STROKE_MM = 0.2
RULER_MM = 50.0
ABUT_OVERLAP_MM = 0.3
MARK_TAIL_MM = 15.0
DUPLEX_MODES = ("long", "short", "none")


@dataclass(frozen=True)
class PrintSettings:
    """How sheets are laid out.  All lengths in mm."""

    paper: Paper
    bleed_mm: float = DEFAULT_BLEED_MM
    margin_mm: float = DEFAULT_MARGIN_MM
    mark_gap_mm: float = 0.7      # crop marks start this far outside the art
    mark_min_mm: float = 3.0      # at least this much of a mark inside the printable area
    footer_mm: float = 7.0        # band at the foot of the sheet: ruler + label
    duplex: str = "long"          # flip edge of the backs: long, short, or none (backs unmirrored)


@dataclass(frozen=True)
class Placement:
    """Where one face landed: its trim box on the sheet (x, y top-left; w, h as placed), rotation in degrees."""

    face: str
    component: str
    x: float
    y: float
    w: float
    h: float
    rotation: int
    index: int          # position of the face in its component's list

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass
class Sheet:
    """One side of one paper, ready to convert: its SVG text and what is on it."""

    paper: Paper
    component: str
    side: str                      # "front", "back" or "single"
    svg: str
    placements: list[Placement] = field(default_factory=list)
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    bookmark: str = ""


@dataclass(frozen=True)
class GridPlan:
    """A grid of ``cols`` x ``rows`` trims; ``rotated`` turns faces a quarter turn."""

    cols: int
    rows: int
    rotated: bool
    abut: bool
    face_w: float        # as placed
    face_h: float
    gutter: float        # gap between neighbouring trims
    x0: float            # top-left trim corner of the first cell
    y0: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def trim_box(self, col: int, row: int) -> tuple[float, float]:
        return (self.x0 + col * (self.face_w + self.gutter), self.y0 + row * (self.face_h + self.gutter))


def plan_grid(width: float, height: float, settings: PrintSettings, can_abut: bool) -> GridPlan:
    """Best grid for faces of ``width`` x ``height`` mm on ``settings.paper``.

    Tries both orientations and, when ``can_abut``, both gutter and abutting layouts; keeps
    the one with most faces per sheet (ties: gutter before abut, upright before rotated).

    Raises:
        LayoutError: not even one face (with bleed and marks) fits the printable area.
    """
    paper, bleed = settings.paper, settings.bleed_mm
    border = settings.margin_mm + settings.mark_gap_mm + settings.mark_min_mm
    avail_w = paper.width - 2 * border
    avail_h = paper.height - 2 * border - settings.footer_mm
    best: GridPlan | None = None
    for abut in ((False, True) if can_abut else (False,)):
        gutter = 0.0 if abut else 2 * bleed
        for rotated in (False, True):
            fw, fh = (height, width) if rotated else (width, height)
            cols = math.floor((avail_w - 2 * bleed + gutter + 1e-9) / (fw + gutter))
            rows = math.floor((avail_h - 2 * bleed + gutter + 1e-9) / (fh + gutter))
            if cols < 1 or rows < 1:
                continue
            if best is None or cols * rows > best.per_sheet:
                grid_w = cols * fw + (cols - 1) * gutter
                grid_h = rows * fh + (rows - 1) * gutter
                x0 = (paper.width - grid_w) / 2
                y0 = (paper.height - settings.footer_mm - grid_h) / 2
                best = GridPlan(cols, rows, rotated, abut, fw, fh, gutter, x0, y0)
    if best is None:
        raise LayoutError(
            f"a {width:.1f} x {height:.1f} mm face with {bleed} mm bleed does not fit {paper.name} "
            f"inside {settings.margin_mm} mm margins",
            key="--paper",
        )
    return best


def impose_grid(component: str, label: str, fronts: Sequence[Face], backs: Sequence[Face] | None,
                settings: PrintSettings, sheet_label: Callable[[str, int, int], str]) -> list[Sheet]:
    """Lay ``fronts`` out on as many sheets as needed, each followed by its backs sheet.

    Args:
        component: component id (for placements and the manifest).
        label: human name of the component, for bookmarks.
        fronts: faces, all of one trim size.
        backs: one back per front (same order), or None for one-sided components.
        sheet_label: ``(side, n, total) -> str`` footer text of a sheet.

    Returns sheets in print order: front 1, back 1, front 2, back 2, ...
    """
    if not fronts:
        return []
    sizes = {(round(f.width, 3), round(f.height, 3)) for f in fronts}
    if len(sizes) != 1:
        raise LayoutError(f"component '{component}' mixes face sizes {sorted(sizes)}; one grid needs one size")
    w, h = fronts[0].width, fronts[0].height
    every = list(fronts) + list(backs or [])
    can_abut = all(f.edge_colour is not None for f in fronts) and (
        backs is None or all(b.edge_colour is not None for b in backs)
    )
    plan = plan_grid(w, h, settings, can_abut and all(f.bleed == every[0].bleed for f in every))
    total = math.ceil(len(fronts) / plan.per_sheet)
    sheets: list[Sheet] = []
    for n in range(total):
        chunk = range(n * plan.per_sheet, min(len(fronts), (n + 1) * plan.per_sheet))
        cells = [(i, divmod(k, plan.cols)) for k, i in enumerate(chunk)]
        side_front = "front" if backs else "single"
        sheets.append(_grid_sheet(component, label, side_front, [(fronts[i], i, r, c) for i, (r, c) in cells],
                                  plan, settings, sheet_label(side_front, n + 1, total), mirror=False))
        if backs:
            sheets.append(_grid_sheet(component, label, "back", [(backs[i], i, r, c) for i, (r, c) in cells],
                                      plan, settings, sheet_label("back", n + 1, total), mirror=True))
    return sheets


def _grid_sheet(component, label, side, items, plan: GridPlan, settings: PrintSettings, footer: str,
                mirror: bool) -> Sheet:
    paper, bleed = settings.paper, settings.bleed_mm
    dwg = new_sheet(paper.width, paper.height)
    defs = dwg.defs
    art_layer = group(id="art")
    placements = []
    used_cols = sorted({c for _, _, _, c in items})
    used_rows = sorted({r for _, _, r, _ in items})
    for face, index, row, col in items:
        x, y = plan.trim_box(col, row)
        rotation = 90 if plan.rotated else 0
        if mirror and settings.duplex in ("long", "short"):
            x, y, rotation = _mirror(x, y, plan.face_w, plan.face_h, rotation, paper, settings.duplex)
        # Clip: full bleed on sides that face the outside of the grid (or always, with gutters).
        left = right = top = bottom = bleed
        if plan.abut:
            # Inner sides overlap the neighbour by a hair of the shared edge colour, so that
            # rasterisers show no seam; outer sides keep the full bleed.
            inner = min(bleed, ABUT_OVERLAP_MM)
            mcol = (plan.cols - 1 - col) if (mirror and settings.duplex == "long") else col
            mrow = (plan.rows - 1 - row) if (mirror and settings.duplex == "short") else row
            left = bleed if mcol == 0 else inner
            right = bleed if mcol == plan.cols - 1 else inner
            top = bleed if mrow == 0 else inner
            bottom = bleed if mrow == plan.rows - 1 else inner
        clip_id = f"c{len(placements)}"
        clip = dwg.clipPath(id=clip_id)
        clip.add(rect(x - left, y - top, plan.face_w + left + right, plan.face_h + top + bottom))
        defs.add(clip)
        holder = group(clip_path=f"url(#{clip_id})")
        holder.add(_place(face, x, y, plan.face_w, plan.face_h, rotation))
        art_layer.add(holder)
        placements.append(Placement(face.name, face.component, x, y, plan.face_w, plan.face_h, rotation, index))
    dwg.add(art_layer)

    marks = _crop_marks(plan, placements, settings, bleed)
    mark_layer = group(id="crop-marks")
    for x1, y1, x2, y2 in marks:
        mark_layer.add(line(x1, y1, x2, y2, "#000000", MARK_STROKE_MM))
    dwg.add(mark_layer)
    dwg.add(footer_group(paper, settings, footer))
    return Sheet(paper, component, side, dwg.tostring(), placements, marks, f"{label} ({side})")


def _mirror(x, y, w, h, rotation, paper: Paper, duplex: str):
    """Where a back goes so that it lands behind the front at (x, y) after the flip."""
    if duplex == "long":      # portrait sheet turned over its long (vertical) edge: columns mirror
        return paper.width - x - w, y, (-rotation) % 360
    return x, paper.height - y - h, (180 - rotation) % 360   # short edge: rows mirror


def _place(face: Face, x: float, y: float, w: float, h: float, rotation: int):
    """The face's art moved so that its trim fills the box (x, y, w, h), turned by ``rotation``."""
    if rotation == 0:
        transform = f"translate({_num(x)},{_num(y)})"
    elif rotation == 90:
        transform = f"translate({_num(x + w)},{_num(y)}) rotate(90)"
    elif rotation == 270:
        transform = f"translate({_num(x)},{_num(y + h)}) rotate(270)"
    else:  # 180
        transform = f"translate({_num(x + w)},{_num(y + h)}) rotate(180)"
    g = group(transform=transform)
    g.add(face.art)
    return g


def _crop_marks(plan: GridPlan, placements: list[Placement], settings: PrintSettings, bleed: float):
    """Crop marks on every cut line, from outside the art to the sheet edge (bottom: footer)."""
    paper = settings.paper
    if not placements:
        return []
    xs = sorted({round(v, 4) for p in placements for v in (p.x, p.x + p.w)})
    ys = sorted({round(v, 4) for p in placements for v in (p.y, p.y + p.h)})
    art_left = min(p.x for p in placements) - bleed - settings.mark_gap_mm
    art_right = max(p.x + p.w for p in placements) + bleed + settings.mark_gap_mm
    art_top = min(p.y for p in placements) - bleed - settings.mark_gap_mm
    art_bottom = max(p.y + p.h for p in placements) + bleed + settings.mark_gap_mm
    footer_top = paper.height - settings.margin_mm - settings.footer_mm
    # Below a part-filled grid the page is empty: marks there stop after MARK_TAIL_MM.
    bottom_end = min(footer_top, art_bottom + MARK_TAIL_MM)
    marks = []
    for x in xs:
        marks.append((x, 0.0, x, art_top))
        marks.append((x, art_bottom, x, bottom_end))
    for y in ys:
        marks.append((0.0, y, art_left, y))
        marks.append((art_right, y, paper.width, y))
    return marks


def footer_group(paper: Paper, settings: PrintSettings, label: str):
    """The footer band: a 50 mm ruler with mm ticks and the sheet's label beside it."""
    from .fonts import text_width

    g = group(id="footer")
    base = paper.height - settings.margin_mm - 1.2
    x0 = settings.margin_mm + 2.0
    g.add(line(x0, base, x0 + RULER_MM, base, "#000000", 0.25))
    for mm in range(0, int(RULER_MM) + 1):
        tick = 3.0 if mm % 10 == 0 else (2.0 if mm % 5 == 0 else 1.2)
        g.add(line(x0 + mm, base, x0 + mm, base - tick, "#000000", 0.15))
    size = 2.2
    label_x = x0 + RULER_MM + 4.0
    room = paper.width - settings.margin_mm - 2.0 - label_x
    shown = label
    while shown and text_width(shown, "body", size) > room:
        shown = shown[:-2] + "…"
    g.add(text(label_x, base, shown, "body", size, "#333333", where="sheet label"))
    g.add(text(x0 + RULER_MM, base - 3.6, "50 mm", "body", 1.8, "#333333", anchor="end", where="ruler"))
    return g


def single_page(paper: Paper, component: str, side: str, build: Callable, settings: PrintSettings,
                footer: str, bookmark: str) -> Sheet:
    """A free-form sheet: ``build(drawing)`` draws on the whole page; the footer is added."""
    dwg = new_sheet(paper.width, paper.height)
    placements = build(dwg) or []
    dwg.add(footer_group(paper, settings, footer))
    return Sheet(paper, component, side, dwg.tostring(), list(placements), [], bookmark)


def impose_cutouts(component: str, label: str, pieces: Sequence[Face], settings: PrintSettings,
                   sheet_label: Callable[[str, int, int], str], gap_mm: float = 6.0,
                   note: str | None = None) -> list[Sheet]:
    """Shelf-pack cut-out pieces (which draw their own cut and fold lines) onto sheets.

    Pieces go left to right in rows, ``gap_mm`` apart, inside the margins; a row is as tall
    as its tallest piece.  ``note`` (assembly hint) is set above the footer of every sheet.

    Raises:
        LayoutError: a piece is larger than the printable area.
    """
    paper = settings.paper
    left = settings.margin_mm + 3.0
    right = paper.width - settings.margin_mm - 3.0
    top = settings.margin_mm + 3.0
    note_h = 8.0 if note else 0.0
    bottom = paper.height - settings.margin_mm - settings.footer_mm - note_h
    pages: list[list[tuple[Face, int, float, float]]] = [[]]
    x, y, row_h = left, top, 0.0
    for index, piece in enumerate(pieces):
        if piece.width > right - left or piece.height > bottom - top:
            raise LayoutError(f"cut-out '{piece.name}' ({piece.width:.0f} x {piece.height:.0f} mm) is larger than {paper.name}'s printable area")
        if x + piece.width > right:
            x, y, row_h = left, y + row_h + gap_mm, 0.0
        if y + piece.height > bottom:
            pages.append([])
            x, y, row_h = left, top, 0.0
        pages[-1].append((piece, index, x, y))
        x += piece.width + gap_mm
        row_h = max(row_h, piece.height)
    sheets = []
    for n, items in enumerate(pages):
        dwg = new_sheet(paper.width, paper.height)
        placements = []
        for piece, index, px, py in items:
            holder = group(transform=f"translate({_num(px)},{_num(py)})")
            holder.add(piece.art)
            dwg.add(holder)
            placements.append(Placement(piece.name, piece.component, px, py, piece.width, piece.height, 0, index))
        if note:
            from .text import fit
            from .svg import text_block

            fitted = fit(note, "italic", right - left, note_h - 1.5, 3.0, 1.8, f"{component} note")
            dwg.add(text_block(fitted, left, bottom + 0.8, "#333333", "start", f"{component} note"))
        dwg.add(footer_group(paper, settings, sheet_label("single", n + 1, len(pages))))
        sheets.append(Sheet(paper, component, "single", dwg.tostring(), placements, [], label))
    return sheets
