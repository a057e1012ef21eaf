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
  back lands behind its front (``duplex`` "long": columns mirror, "short": rows mirror,
  "none": backs on their own sheets, unmirrored);
* ``duplex`` "fold" (gutter fold) puts fronts and backs on one sheet, side by side, each back
  the mirror image of its front's position about a dashed fold line that stays
  ``FOLD_CLEAR_MM`` from any bleed; no duplex printing is needed;
* a back correction (``back_offset_mm``, ``back_scale``) moves the art and crop marks of every
  backs sheet: first scaled about the sheet centre, then offset, in the coordinates of the
  back side as it is printed (x right, y down).  The footer (ruler) is never moved.
* home-printer tight layout: where the usual margins leave a card short of a full grid (a
  ninth poker card on A4, a fourth card of a gutter-fold half), cards butt with shared cuts,
  the OUTER bleed drops to ``TIGHT_BLEED_MM`` and the margin to ``TIGHT_MARGIN_MM`` while
  ``TIGHT_MARK_MM`` of every crop mark stays inside the printable area.
  ``PrintSettings.cards_per_sheet`` caps a deck's faces per sheet (e.g. the safer 8).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from pnp.errors import LayoutError, UsageError
from pnp.geometry import DEFAULT_BLEED_MM, DEFAULT_MARGIN_MM, Paper
from pnp.components import style
from pnp.components.svg import Face, group, line, new_sheet, polygon, rect
from pnp.printing.cutguides import GUIDE_STROKE_MM, trim_guides
from pnp.printing.placed import IDENTITY, Matrix, PlacedFace, compose_svg, multiply, rotate, translate
from pnp.printing.sheet_overlay import ArtPart, Footer, MarkLines, OverlayLine, SheetOverlay, footer_element

MARK_STROKE_MM = 0.2
ABUT_OVERLAP_MM = 0.3
MARK_TAIL_MM = 15.0
FREE_MIN_MM = 15.0      # a room narrower or lower than this is not offered to the packer
DUPLEX_MODES = ("long", "short", "fold", "none")
INK_MODES = ("normal", "saver")
FOLD_CLEAR_MM = 5.0        # print.md: a gutter-fold line is >= 5 mm from any bleed
FOLD_STROKE_MM = 0.25
FOLD_DASH = "3,2"
MAX_BACK_OFFSET_MM = 10.0  # print.md: home printers shift backs by 1-4 mm; more is a setup error
BACK_SCALE_RANGE = (0.95, 1.05)
# Tight layout for home printers, which lose 3-5 mm at each edge: outer bleed,
# margin and visible crop mark of a card grid that wins one more card this way.
TIGHT_BLEED_MM = 2.0
TIGHT_MARGIN_MM = 4.0
TIGHT_MARK_MM = 2.5


@dataclass(frozen=True)
class PrintSettings:
    """How sheets are laid out.  All lengths in mm."""

    paper: Paper
    bleed_mm: float = DEFAULT_BLEED_MM
    margin_mm: float = DEFAULT_MARGIN_MM
    mark_gap_mm: float = 0.7      # crop marks start this far outside the art
    mark_min_mm: float = 3.0      # at least this much of a mark inside the printable area
    footer_mm: float = 7.0        # band at the foot of the sheet: ruler + label
    duplex: str = "long"          # long, short (flip edge of the backs), fold (gutter fold), none (backs unmirrored)
    back_offset_mm: tuple[float, float] = (0.0, 0.0)   # moves backs (art and marks), back-side x right, y down
    back_scale: tuple[float, float] = (1.0, 1.0)       # scales backs about the sheet centre (x, y)
    ink: str = "normal"           # normal or saver (light backgrounds, no full-bleed fills, thin borders)
    cards_per_sheet: int | None = None   # cap on a deck's faces per sheet (None: as many as fit)
    outer_bleed_mm: float | None = None  # bleed kept round a grid's outside (None: ``bleed_mm``)

    @property
    def outer_bleed(self) -> float:
        """Bleed shown round the outside of a grid, mm (the tight layout trims it)."""
        return self.bleed_mm if self.outer_bleed_mm is None else self.outer_bleed_mm

    def tight(self) -> "PrintSettings":
        """The home-printer tight variant: outer bleed <= ``TIGHT_BLEED_MM``, margin
        ``TIGHT_MARGIN_MM``, ``TIGHT_MARK_MM`` of visible crop mark."""
        return replace(self, margin_mm=min(self.margin_mm, TIGHT_MARGIN_MM), mark_min_mm=TIGHT_MARK_MM,
                       outer_bleed_mm=min(self.bleed_mm, TIGHT_BLEED_MM))

    @property
    def corrects_backs(self) -> bool:
        """True when backs sheets are moved or scaled (``back_offset_mm`` / ``back_scale``)."""
        return tuple(self.back_offset_mm) != (0.0, 0.0) or tuple(self.back_scale) != (1.0, 1.0)

    def back_point(self, x: float, y: float) -> tuple[float, float]:
        """Where the back correction moves the sheet point (x, y) mm: scale about the centre, then offset."""
        cx, cy = self.paper.width / 2, self.paper.height / 2
        (sx, sy), (dx, dy) = self.back_scale, self.back_offset_mm
        return cx + sx * (x - cx) + dx, cy + sy * (y - cy) + dy

    def back_matrix(self) -> Matrix:
        """The back correction as a matrix (sheet mm); the identity when there is none."""
        if not self.corrects_backs:
            return IDENTITY
        (sx, sy) = self.back_scale
        ex, ey = self.back_point(0.0, 0.0)
        return (float(sx), 0.0, 0.0, float(sy), ex, ey)

    def back_transform(self) -> str:
        """The back correction as an SVG ``matrix(...)`` (sheet mm), or "" when there is none."""
        if not self.corrects_backs:
            return ""
        (sx, sy) = self.back_scale
        ex, ey = self.back_point(0.0, 0.0)
        return "matrix(" + ",".join(_exact(v) for v in (sx, 0.0, 0.0, sy, ex, ey)) + ")"


def _exact(v: float) -> str:
    """Number for a transform that must match ``back_point`` to well under 0.001 mm."""
    text = f"{v:.7f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def parse_pair(text: str, option: str) -> tuple[float, float]:
    """``"X,Y"`` (mm, e.g. ``1.5,-2``) as two floats.

    Raises:
        UsageError: not two comma-separated numbers (names ``option``).
    """
    parts = [part.strip() for part in str(text).split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(part) for part in parts)
        if not all(math.isfinite(v) for v in (x, y)):
            raise ValueError
    except ValueError:
        raise UsageError(f"expected two numbers in mm as X,Y (e.g. 1.5,-2), got '{text}'", key=option) from None
    return x, y


def check_print_options(duplex: str, back_offset: tuple[float, float], back_scale: tuple[float, float],
                        ink: str) -> None:
    """Refuse print options a kit cannot honour.

    Raises:
        UsageError: unknown ``duplex`` or ``ink``; an offset beyond +-``MAX_BACK_OFFSET_MM``;
            a scale outside ``BACK_SCALE_RANGE``; a back correction with ``duplex`` "fold"
            (fronts and backs are then printed on one side in one pass, so nothing shifts).
    """
    if duplex not in DUPLEX_MODES:
        raise UsageError(f"unknown duplex mode '{duplex}'; expected one of {', '.join(DUPLEX_MODES)}", key="--duplex")
    if ink not in INK_MODES:
        raise UsageError(f"unknown ink mode '{ink}'; expected one of {', '.join(INK_MODES)}", key="--ink")
    for v in back_offset:
        if not abs(v) <= MAX_BACK_OFFSET_MM:
            raise UsageError(f"offset {v:g} mm is outside -{MAX_BACK_OFFSET_MM:g}..{MAX_BACK_OFFSET_MM:g} mm; "
                             "read it from the sheet `pnp calibrate` prints", key="--back-offset")
    lo, hi = BACK_SCALE_RANGE
    for axis, v in zip("xy", back_scale):
        if not lo <= v <= hi:
            raise UsageError(f"scale {v:g} is outside {lo:g}-{hi:g}; a larger error means the printer is not "
                             "printing at 100 % (turn off 'fit to page')", key=f"--scale-{axis}")
    if duplex == "fold" and (tuple(back_offset) != (0.0, 0.0) or tuple(back_scale) != (1.0, 1.0)):
        raise UsageError("a back correction needs backs printed on their own sheets (--duplex long, short or "
                         "none); fold prints fronts and backs side by side in one pass",
                         key="--back-offset" if tuple(back_offset) != (0.0, 0.0) else "--scale-x")


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
    """One side of one paper, ready to convert: what is on it.

    ``overlay`` is what the sheet draws on top of the faces' art (crop marks, footer, labels,
    glue flaps; ``pnp.printing.sheet_overlay``); ``art`` lists the faces placed on it by
    transformation (``pnp.printing.placed``), drawn under the overlay.  ``svg`` is the whole
    sheet as one SVG.
    """

    paper: Paper
    component: str
    side: str                      # "front", "back" or "single"
    overlay: SheetOverlay
    placements: list[Placement] = field(default_factory=list)
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    bookmark: str = ""
    # (front, back or None) of every piece whose front is on this sheet: print-on-demand
    # exports (pnp.printing.targets) render these one face per page / image.
    faces: list[tuple[Face, Face | None]] = field(default_factory=list)
    # Rooms (x, y, w, h mm) a packer may fill with one-sided pieces (pnp.printing.packing).
    free: list[tuple[float, float, float, float]] = field(default_factory=list)
    art: list[PlacedFace] = field(default_factory=list)
    # Rooms (x, y, w, h mm) of a backs sheet that print nothing on purpose: behind the room a
    # part-filled fronts sheet leaves (``free``), which a blank-note marks (``note_blank_rooms``).
    blank: list[tuple[float, float, float, float]] = field(default_factory=list)

    @property
    def svg(self) -> str:
        """The whole sheet as one SVG page (mm): the placed faces, then the overlay."""
        return compose_svg(self.overlay.svg(), self.art)


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


def _best_fit(avail_w: float, avail_h: float, width: float, height: float, bleed: float,
              can_abut: bool, outer: float | None = None) -> tuple | None:
    """Most faces of ``width`` x ``height`` (plus bleed) in an ``avail_w`` x ``avail_h`` mm box.

    ``bleed`` sets the gutter (2 x bleed) between faces that do not abut; ``outer`` (default
    ``bleed``) is the bleed round the grid.  Returns (cols, rows, rotated, abut, face_w, face_h,
    gutter) or None when none fits; ties keep gutter before abut, upright before rotated.
    """
    outer = bleed if outer is None else outer
    best = None
    for abut in ((False, True) if can_abut else (False,)):
        gutter = 0.0 if abut else 2 * bleed
        for rotated in (False, True):
            fw, fh = (height, width) if rotated else (width, height)
            cols = math.floor((avail_w - 2 * outer + gutter + 1e-9) / (fw + gutter))
            rows = math.floor((avail_h - 2 * outer + gutter + 1e-9) / (fh + gutter))
            if cols < 1 or rows < 1:
                continue
            if best is None or cols * rows > best[0] * best[1]:
                best = (cols, rows, rotated, abut, fw, fh, gutter)
    return best


def choose_layout(width: float, height: float, settings: PrintSettings, can_abut: bool, fold: bool = False,
                  tight_ok: bool = False) -> tuple["GridPlan | FoldPlan", PrintSettings, int]:
    """The grid (or gutter-fold plan) for faces of ``width`` x ``height`` mm, the settings it
    was planned with and the faces it takes per sheet.

    The usual layout (full bleed, ``settings`` margins) is kept unless ``tight_ok`` (a deck)
    and the tight home-printer layout (``PrintSettings.tight``: shared cuts, 2 mm outer bleed,
    4 mm margin) fits more faces than the usual one, up to ``settings.cards_per_sheet``.

    Raises:
        LayoutError: not even one face fits (see ``plan_grid`` / ``plan_fold``).
    """
    planner = plan_fold if fold else plan_grid
    cap = settings.cards_per_sheet if tight_ok and settings.cards_per_sheet else None
    try:
        usual = planner(width, height, settings, can_abut)
    except LayoutError:
        if not tight_ok:
            raise
        usual = None
    best, used = usual, settings
    if tight_ok:
        tight_settings = settings.tight()
        try:
            tight = planner(width, height, tight_settings, True)
        except LayoutError:
            tight = None
        wanted = min(cap or 10 ** 6, tight.per_sheet) if tight else 0
        if tight is not None and (usual is None or usual.per_sheet < wanted):
            best, used = tight, tight_settings
    if best is None:
        planner(width, height, settings, can_abut)      # raises the usual LayoutError
    per_sheet = min(best.per_sheet, cap) if cap else best.per_sheet
    return best, used, per_sheet


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
    fit = _best_fit(avail_w, avail_h, width, height, bleed, can_abut, settings.outer_bleed)
    if fit is None:
        raise LayoutError(
            f"a {width:.1f} x {height:.1f} mm face with {bleed} mm bleed does not fit {paper.name} "
            f"inside {settings.margin_mm} mm margins",
            key="--paper",
        )
    cols, rows, rotated, abut, fw, fh, gutter = fit
    grid_w = cols * fw + (cols - 1) * gutter
    grid_h = rows * fh + (rows - 1) * gutter
    x0 = (paper.width - grid_w) / 2
    y0 = (paper.height - settings.footer_mm - grid_h) / 2
    return GridPlan(cols, rows, rotated, abut, fw, fh, gutter, x0, y0)


@dataclass(frozen=True)
class FoldPlan:
    """A gutter-fold sheet: ``grid`` places the fronts; backs are their mirror images about the
    fold line, which is horizontal at y = ``fold`` (``axis`` "y") or vertical at x = ``fold``
    (``axis`` "x"), in sheet mm."""

    grid: GridPlan
    axis: str
    fold: float

    @property
    def per_sheet(self) -> int:
        return self.grid.per_sheet


def plan_fold(width: float, height: float, settings: PrintSettings, can_abut: bool) -> FoldPlan:
    """Best gutter-fold layout: fronts in one half, backs in the other, fold line between.

    Each half gets (printable length - 2 x ``FOLD_CLEAR_MM``) / 2 along the fold axis, so the
    fold line is ``FOLD_CLEAR_MM`` from the bleed on both sides.  Tries a horizontal and a
    vertical fold line and keeps the one with more faces (ties: horizontal).

    Raises:
        LayoutError: not even one front and its back fit.
    """
    paper, bleed, outer = settings.paper, settings.bleed_mm, settings.outer_bleed
    border = settings.margin_mm + settings.mark_gap_mm + settings.mark_min_mm
    avail_w = paper.width - 2 * border
    avail_h = paper.height - 2 * border - settings.footer_mm
    best: FoldPlan | None = None
    for axis in ("y", "x"):
        half_w = avail_w if axis == "y" else (avail_w - 2 * FOLD_CLEAR_MM) / 2
        half_h = (avail_h - 2 * FOLD_CLEAR_MM) / 2 if axis == "y" else avail_h
        fit = _best_fit(half_w, half_h, width, height, bleed, can_abut, outer)
        if fit is None:
            continue
        cols, rows, rotated, abut, fw, fh, gutter = fit
        if best is not None and cols * rows <= best.per_sheet:
            continue
        grid_w = cols * fw + (cols - 1) * gutter
        grid_h = rows * fh + (rows - 1) * gutter
        if axis == "y":
            block = 2 * (grid_h + 2 * outer) + 2 * FOLD_CLEAR_MM
            x0 = (paper.width - grid_w) / 2
            y0 = border + (avail_h - block) / 2 + outer
            fold = y0 + grid_h + outer + FOLD_CLEAR_MM
        else:
            block = 2 * (grid_w + 2 * outer) + 2 * FOLD_CLEAR_MM
            x0 = border + (avail_w - block) / 2 + outer
            y0 = (paper.height - settings.footer_mm - grid_h) / 2
            fold = x0 + grid_w + outer + FOLD_CLEAR_MM
        best = FoldPlan(GridPlan(cols, rows, rotated, abut, fw, fh, gutter, x0, y0), axis, fold)
    if best is None:
        raise LayoutError(
            f"a {width:.1f} x {height:.1f} mm face and its back with {bleed} mm bleed do not fit side by side on "
            f"{paper.name} for a gutter fold; use --duplex long",
            key="--duplex",
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

    Returns sheets in print order: front 1, back 1, front 2, back 2, ...  With
    ``settings.duplex`` "fold" and backs, one sheet (side "fold") per group instead.
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
    can_abut = can_abut and all(f.bleed == every[0].bleed for f in every)
    fold = bool(backs) and settings.duplex == "fold"
    # Decks (faces with backs) may take the tight home-printer layout to win a card a sheet.
    chosen, settings, per_sheet = choose_layout(w, h, settings, can_abut, fold, tight_ok=bool(backs))
    fold_plan = chosen if fold else None
    plan = fold_plan.grid if fold_plan else chosen
    total = math.ceil(len(fronts) / per_sheet)
    sheets: list[Sheet] = []
    for n in range(total):
        chunk = range(n * per_sheet, min(len(fronts), (n + 1) * per_sheet))
        cells = [(i, divmod(k, plan.cols)) for k, i in enumerate(chunk)]
        if not fold_plan and _by_columns(len(chunk), plan, settings):
            cells = [(i, (k % plan.rows, k // plan.rows)) for k, i in enumerate(chunk)]
        if fold_plan:
            # A part-filled last fold sheet keeps its cards in whole columns beside a
            # horizontal fold (whole rows beside a vertical one), pushed to the sheet's edge,
            # so that the rest of each half is one room for one-sided pieces (``_fold_rooms``).
            sheet_fold, sheet_plan = fold_plan, plan
            if len(chunk) < per_sheet:
                sheet_fold, cells = _part_fold(len(chunk), fold_plan, settings)
                cells = [(i, rc) for i, (_k, rc) in zip(chunk, cells)]
                sheet_plan = sheet_fold.grid
            items = [(fronts[i], i, r, c, None) for i, (r, c) in cells]
            items += [(backs[i], i, r, c, sheet_fold) for i, (r, c) in cells]
            sheets.append(_grid_sheet(component, label, "fold", items, sheet_plan, settings,
                                      sheet_label("fold", n + 1, total), fold_plan=sheet_fold))
            sheets[-1].faces = [(fronts[i], backs[i]) for i in chunk]
            if len(chunk) < per_sheet:
                sheets[-1].free = _fold_rooms(sheets[-1].placements, sheet_fold, settings)
            continue
        side_front = "front" if backs else "single"
        sheets.append(_grid_sheet(component, label, side_front, [(fronts[i], i, r, c, None) for i, (r, c) in cells],
                                  plan, settings, sheet_label(side_front, n + 1, total)))
        sheets[-1].faces = [(fronts[i], backs[i] if backs else None) for i in chunk]
        if backs:
            mirror = "duplex" if settings.duplex in ("long", "short") else None
            sheets.append(_grid_sheet(component, label, "back", [(backs[i], i, r, c, mirror) for i, (r, c) in cells],
                                      plan, settings, sheet_label("back", n + 1, total)))
    if not fold_plan:
        last_front = sheets[-2] if backs else sheets[-1]
        last_front.free = _free_room(last_front.placements, plan, settings)
        if backs:
            flip = settings.duplex if settings.duplex in ("long", "short") else None
            sheets[-1].blank = [_mirror(x, y, w, h, 0, settings.paper, flip)[:2] + (w, h) if flip else (x, y, w, h)
                                for x, y, w, h in last_front.free]
    return sheets


#: The note on a backs sheet with a blank room: light and small, like a blank page's
#: (``pnp.printing.pdf.BLANK_NOTE_INK``), so a printer driver or a person sees the blank is meant.
BLANK_NOTE_INK = "#B5ADA0"


def note_blank_rooms(sheets: Sequence[Sheet], note: str, settings: PrintSettings) -> None:
    """Write ``note`` (e.g. "This part of the page is intentionally blank.", in the kit's
    language) once, small and light, on every sheet of ``sheets`` with a blank room
    (``Sheet.blank``), changed in place.  The note goes in the margin band, not the room:
    the room's back is the front's pieces' back after the flip, and a note there would
    print on them.  Its place (``sheet_overlay.blank_note_spot``) is outside every front
    piece's mirrored art for ``settings.duplex`` "long" and "short" (and unmirrored backs).

    Raises:
        FontError: the body font lacks a character of ``note``.
    """
    from pnp.components.svg import text
    from pnp.printing.sheet_overlay import BLANK_NOTE_SIZE_MM, blank_note_spot

    if not note:
        return
    flip = settings.duplex if settings.duplex in ("long", "short") else None
    x, baseline = blank_note_spot(settings.paper, settings.margin_mm, settings.footer_mm, flip)
    for sheet in sheets:
        if not sheet.blank:
            continue
        part = group(id="blank-note")
        part.add(text(x, baseline, note, "italic", BLANK_NOTE_SIZE_MM, BLANK_NOTE_INK, "end", "blank_area"))
        sheet.overlay.add(ArtPart(part.tostring()))


def _free_room(placements: Sequence[Placement], plan: GridPlan, settings: PrintSettings,
               ) -> list[tuple[float, float, float, float]]:
    """The room (x, y, w, h mm) a part-filled grid sheet leaves beside or below its faces,
    for the packer's one-sided pieces (a deck's last sheet is often a third full).  It starts ``MARK_TAIL_MM`` beyond the art, where the grid's crop marks end
    (``_crop_marks``), and keeps the packer's tight margins; on the backs sheet the room's
    back stays blank.  Empty when the grid is full or the room is under ``FREE_MIN_MM``."""
    paper = settings.paper
    if len(placements) >= plan.per_sheet:
        return []
    edge = settings.outer_bleed + settings.mark_gap_mm + MARK_TAIL_MM
    side = min(settings.margin_mm, TIGHT_MARGIN_MM)
    bottom = paper.height - settings.margin_mm - settings.footer_mm - 1.0
    if _part_filled_columns(placements, plan):
        left = max(p.x + p.w for p in placements) + edge
        room = (left, side, paper.width - side - left, bottom - side)
    else:
        top = max(p.y + p.h for p in placements) + edge
        room = (side, top, paper.width - 2 * side, bottom - top)
    return [room] if min(room[2], room[3]) >= FREE_MIN_MM else []


#: A printed back's tint runs this far past the mirrored trim (mm), as a bleed: a duplex
#: printer shifts a back by 1-4 mm (print.md), and the pieces' outer bleed is the same 2 mm.
BACK_TINT_BLEED_MM = 2.0
#: Share of white mixed into the kit's back colour for a printed back (``--ink saver``: more).
BACK_TINT_WHITE = {"normal": 0.55, "saver": 0.85}


def back_tint(colour: str, ink: str) -> str:
    """The light tint (``#RRGGBB``) a printed back of a one-sided piece takes: ``colour`` (the
    kit's back colour, ``#RRGGBB``) mixed with ``BACK_TINT_WHITE[ink]`` of white."""
    share = BACK_TINT_WHITE[ink]
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v + (255 - v) * share):02X}" for v in rgb)


def printed_back(front: Sheet, settings: PrintSettings, tint: str, skip: frozenset[str] = frozenset()) -> Sheet | None:
    """A backs sheet for the one-sided sheet ``front`` of a duplex kit, to print instead of a
    blank page: behind every piece on it (its placements but those of components in ``skip``,
    e.g. folded cut-outs whose back is hidden) a plain ``tint`` rectangle, the piece's trim
    box mirrored for the flip edge (``settings.duplex`` "long": columns mirror, "short": rows),
    moved by the back correction, with ``BACK_TINT_BLEED_MM`` of bleed round it.  The backs
    sheet's placements are those mirrored boxes (same face, component and index), its
    component the first of theirs (so no page lists a cut-out it does not print); its footer
    repeats the front's label.  ``front`` becomes side "front".  None (``front`` unchanged)
    when nothing on it takes a back or the kit is not printed duplex.
    """
    if settings.duplex not in ("long", "short") or front.side != "single":
        return None
    pieces = [p for p in front.placements if p.component not in skip]
    if not pieces:
        return None
    paper, t = settings.paper, BACK_TINT_BLEED_MM
    backs = []
    part = group(id="printed-backs")
    for p in pieces:
        x, y, _rotation = _mirror(p.x, p.y, p.w, p.h, 0, paper, settings.duplex)
        back = replace(p, x=x, y=y)
        if settings.corrects_backs:
            back = _corrected(back, settings)
        backs.append(back)
        part.add(rect(back.x - t, back.y - t, back.w + 2 * t, back.h + 2 * t, fill=tint))
    overlay = SheetOverlay(paper.width, paper.height)
    overlay.add(ArtPart(part.tostring()))
    overlay.add(footer(paper, settings, footer_label(front)))
    front.side = "front"
    # its component is one it backs (a shared sheet's own component may be a cut-out's)
    return Sheet(paper, backs[0].component, "back", overlay, backs, [], front.bookmark)


def _part_fold(count: int, fold_plan: FoldPlan, settings: PrintSettings) -> tuple[FoldPlan, list]:
    """The plan and cells of a gutter-fold sheet holding ``count`` fronts (fewer than the plan
    takes): (the fold plan with its grid pushed to the sheet's left edge (horizontal fold) or
    top edge (vertical fold), [(k, (row, col)) for each front k]).  Beside a horizontal fold
    the fronts fill whole columns from the left (their backs mirror across the fold, in the
    same columns); beside a vertical one whole rows from the top.  The fold line stays where
    the plan has it, ``FOLD_CLEAR_MM`` from the bleed of every card, and the grid's other
    margins are the plan's (``settings``: border = margin + mark gap + mark length)."""
    plan = fold_plan.grid
    border = settings.margin_mm + settings.mark_gap_mm + settings.mark_min_mm + settings.outer_bleed
    if fold_plan.axis == "y":
        cells = [(k, (k % plan.rows, k // plan.rows)) for k in range(count)]
        grid = replace(plan, x0=border)
    else:
        cells = [(k, divmod(k, plan.cols)) for k in range(count)]
        grid = replace(plan, y0=border)
    return replace(fold_plan, grid=grid), cells


def _fold_rooms(placements: Sequence[Placement], fold_plan: FoldPlan, settings: PrintSettings,
                ) -> list[tuple[float, float, float, float]]:
    """The rooms (x, y, w, h mm) a part-filled gutter-fold sheet (``_part_fold``) leaves for
    the packer's one-sided pieces: beside its cards in each half, one room per half, each
    ending ``FOLD_CLEAR_MM`` before the fold line (so no piece's bleed comes nearer the fold
    than a card's) and ``MARK_TAIL_MM`` beyond the cards' art, where their crop marks end.
    A room under ``FREE_MIN_MM`` is left out."""
    paper = settings.paper
    edge = settings.outer_bleed + settings.mark_gap_mm + MARK_TAIL_MM
    side = min(settings.margin_mm, TIGHT_MARGIN_MM)
    bottom = paper.height - settings.margin_mm - settings.footer_mm - 1.0
    f = fold_plan.fold
    if fold_plan.axis == "y":
        left = max(p.x + p.w for p in placements) + edge
        w = paper.width - side - left
        rooms = [(left, side, w, f - FOLD_CLEAR_MM - side), (left, f + FOLD_CLEAR_MM, w, bottom - f - FOLD_CLEAR_MM)]
    else:
        top = max(p.y + p.h for p in placements) + edge
        h = bottom - top
        rooms = [(side, top, f - FOLD_CLEAR_MM - side, h), (f + FOLD_CLEAR_MM, top, paper.width - side - f - FOLD_CLEAR_MM, h)]
    return [r for r in rooms if min(r[2], r[3]) >= FREE_MIN_MM]


def _part_filled_columns(placements: Sequence[Placement], plan: GridPlan) -> bool:
    """True when ``placements`` leave the grid's right-hand columns empty."""
    return max(p.x + p.w for p in placements) < plan.trim_box(plan.cols - 1, 0)[0] + plan.face_w - 1e-6


def _by_columns(count: int, plan: GridPlan, settings: PrintSettings) -> bool:
    """Whether a sheet of ``count`` faces (fewer than the grid holds) is filled column by
    column: when that leaves a larger free room (``_free_room``: right of the faces) than
    filling row by row (below them), since the packer fills it with one-sided pieces."""
    if count >= plan.per_sheet or count <= 0:
        return False
    paper = settings.paper
    edge = settings.outer_bleed + settings.mark_gap_mm + MARK_TAIL_MM
    side = min(settings.margin_mm, TIGHT_MARGIN_MM)
    bottom = paper.height - settings.margin_mm - settings.footer_mm - 1.0
    below_top = plan.trim_box(0, math.ceil(count / plan.cols) - 1)[1] + plan.face_h + edge
    beside_left = plan.trim_box(math.ceil(count / plan.rows) - 1, 0)[0] + plan.face_w + edge
    below = (paper.width - 2 * side) * max(0.0, bottom - below_top)
    beside = (paper.width - side - beside_left) * (bottom - side)
    return beside > below + 1e-6


def _grid_sheet(component, label, side, items, plan: GridPlan, settings: PrintSettings, footer_text: str,
                fold_plan: FoldPlan | None = None) -> Sheet:
    """One sheet of ``items`` (face, index, row, col, mirror); ``mirror`` is None (as planned),
    "duplex" (mirrored for the flip edge) or the ``FoldPlan`` (mirrored about its fold line).
    Backs sheets (``side`` "back") carry the settings' back correction."""
    paper, bleed, outer = settings.paper, settings.bleed_mm, settings.outer_bleed
    art: list[PlacedFace] = []
    placements = []
    taken = {_sheet_cell(row, col, mirror, plan, settings) for _face, _index, row, col, mirror in items}
    for face, index, row, col, mirror in items:
        x, y = plan.trim_box(col, row)
        rotation = 90 if plan.rotated else 0
        mrow, mcol = _sheet_cell(row, col, mirror, plan, settings)
        if mirror == "duplex":
            x, y, rotation = _mirror(x, y, plan.face_w, plan.face_h, rotation, paper, settings.duplex)
        elif isinstance(mirror, FoldPlan):
            x, y, rotation = _fold_mirror(x, y, plan.face_w, plan.face_h, rotation, mirror)
        # Clip: sides with no piece beside them on this sheet (the grid's outside, or an empty
        # cell of a part-filled last sheet) keep the outer bleed; inner sides keep the full
        # bleed (gutters) or, abutting, overlap the neighbour by a hair of the shared edge
        # colour so that rasterisers show no seam.
        inner = min(bleed, ABUT_OVERLAP_MM) if plan.abut else bleed
        left = inner if (mrow, mcol - 1) in taken else outer
        right = inner if (mrow, mcol + 1) in taken else outer
        top = inner if (mrow - 1, mcol) in taken else outer
        bottom = inner if (mrow + 1, mcol) in taken else outer
        art.append(PlacedFace(face, place_matrix(x, y, plan.face_w, plan.face_h, rotation),
                              (x - left, y - top, plan.face_w + left + right, plan.face_h + top + bottom)))
        placements.append(Placement(face.name, face.component, x, y, plan.face_w, plan.face_h, rotation, index))

    marks = _crop_marks(plan, placements, settings, fold_plan)
    if side == "back" and settings.corrects_backs:
        # The back correction moves art and marks alike; marks that ran to the sheet edge still do.
        art = [replace(p, outer=settings.back_matrix()) for p in art]
        placements = [_corrected(p, settings) for p in placements]
        marks = [_corrected_mark(m, settings) for m in marks]
    overlay = SheetOverlay(paper.width, paper.height)
    overlay.add(MarkLines("crop-marks", tuple(OverlayLine(x1, y1, x2, y2, "#000000", MARK_STROKE_MM)
                                              for x1, y1, x2, y2 in marks)))
    if side != "back":
        # Cut guides on the side that is cut: the fronts (a fold sheet's fronts half), never
        # the backs, which a duplex printer shifts (pnp.printing.cutguides).
        cut = [(p.x, p.y, p.w, p.h, face.edge_colour)
               for p, (face, _index, _row, _col, mirror) in zip(placements, items) if not isinstance(mirror, FoldPlan)]
        overlay.add(MarkLines("cut-guides", tuple(OverlayLine(x1, y1, x2, y2, colour, GUIDE_STROKE_MM)
                                                  for x1, y1, x2, y2, colour in trim_guides(cut))))
    if fold_plan:
        overlay.add(ArtPart(_fold_line(fold_plan, paper).tostring()))
    overlay.add(footer(paper, settings, footer_text))
    # The bookmark is the component's name in the kit's language (no English side word):
    # a component's fronts and backs sheets share it, so the viewer shows it once.
    return Sheet(paper, component, side, overlay, placements, marks, label, art=art)


def _sheet_cell(row: int, col: int, mirror, plan: GridPlan, settings: PrintSettings) -> tuple[int, int]:
    """The (row, col) a grid cell lands on once mirrored as ``_grid_sheet`` mirrors it."""
    if mirror == "duplex":
        return (row, plan.cols - 1 - col) if settings.duplex == "long" else (plan.rows - 1 - row, col)
    if isinstance(mirror, FoldPlan):
        return (row, plan.cols - 1 - col) if mirror.axis == "x" else (plan.rows - 1 - row, col)
    return (row, col)


def _corrected(p: Placement, settings: PrintSettings) -> Placement:
    x, y = settings.back_point(p.x, p.y)
    sx, sy = settings.back_scale
    return replace(p, x=x, y=y, w=p.w * sx, h=p.h * sy)


def _corrected_mark(mark, settings: PrintSettings):
    """A crop mark moved by the back correction; an end on the sheet edge stays on it, and a
    bottom end stays above the footer."""
    paper = settings.paper
    footer_top = paper.height - settings.margin_mm - settings.footer_mm
    x1, y1, x2, y2 = mark
    a = list(settings.back_point(x1, y1))
    b = list(settings.back_point(x2, y2))
    if x1 == x2:       # vertical mark: keep its x, fix its ends
        for old, new in ((y1, a), (y2, b)):
            if old <= 0.0:
                new[1] = 0.0
            new[1] = min(new[1], footer_top)
    else:
        for old, new in ((x1, a), (x2, b)):
            if old <= 0.0:
                new[0] = 0.0
            elif old >= paper.width:
                new[0] = paper.width
    return (a[0], a[1], b[0], b[1])


def _fold_line(plan: FoldPlan, paper: Paper):
    """The dashed fold line across the sheet, with a small solid triangle at each end pointing at it."""
    g = group(id="fold-line")
    f = plan.fold
    t = 2.2
    if plan.axis == "y":
        g.add(line(0, f, paper.width, f, style.FOLD, FOLD_STROKE_MM, stroke_dasharray=FOLD_DASH))
        for x0, sign in ((0.0, 1), (paper.width, -1)):
            g.add(polygon([(x0, f - t), (x0 + sign * t * 1.4, f), (x0, f + t)], fill=style.FOLD))
    else:
        g.add(line(f, 0, f, paper.height, style.FOLD, FOLD_STROKE_MM, stroke_dasharray=FOLD_DASH))
        for y0, sign in ((0.0, 1), (paper.height, -1)):
            g.add(polygon([(f - t, y0), (f, y0 + sign * t * 1.4), (f + t, y0)], fill=style.FOLD))
    return g


def _mirror(x, y, w, h, rotation, paper: Paper, duplex: str):
    """Where a back goes so that it lands behind the front at (x, y) after the flip."""
    if duplex == "long":      # portrait sheet turned over its long (vertical) edge: columns mirror
        return paper.width - x - w, y, (-rotation) % 360
    return x, paper.height - y - h, (180 - rotation) % 360   # short edge: rows mirror


def _fold_mirror(x, y, w, h, rotation, plan: FoldPlan):
    """Where a back goes on a gutter-fold sheet: the front's box reflected about the fold line.

    Folding over a vertical line turns the back like a long-edge flip, over a horizontal
    line like a short-edge flip."""
    if plan.axis == "x":
        return 2 * plan.fold - x - w, y, (-rotation) % 360
    return x, 2 * plan.fold - y - h, (180 - rotation) % 360


def place_matrix(x: float, y: float, w: float, h: float, rotation: int) -> Matrix:
    """The matrix that moves a face's trim onto the box (x, y, w, h) mm, turned by ``rotation``
    (0, 90, 180 or 270 degrees clockwise, as SVG's ``rotate``)."""
    if rotation == 0:
        return translate(x, y)
    corner = {90: (x + w, y), 270: (x, y + h)}.get(rotation, (x + w, y + h))
    return multiply(translate(*corner), rotate(rotation))


def _crop_marks(plan: GridPlan, placements: list[Placement], settings: PrintSettings,
                fold_plan: FoldPlan | None = None):
    """Crop marks on every cut line, from outside the art to the sheet edge (bottom: footer).

    On a gutter-fold sheet the cut lines that cross the fold are repeated in the fold gutter
    (between the two halves' art, across the fold line).  The art reaches
    ``settings.outer_bleed`` beyond the outermost trims."""
    paper, outer = settings.paper, settings.outer_bleed
    if not placements:
        return []
    gap = settings.mark_gap_mm
    xs = sorted({round(v, 4) for p in placements for v in (p.x, p.x + p.w)})
    ys = sorted({round(v, 4) for p in placements for v in (p.y, p.y + p.h)})
    art_left = min(p.x for p in placements) - outer - gap
    art_right = max(p.x + p.w for p in placements) + outer + gap
    art_top = min(p.y for p in placements) - outer - gap
    art_bottom = max(p.y + p.h for p in placements) + outer + gap
    footer_top = paper.height - settings.margin_mm - settings.footer_mm
    # Below a part-filled grid the page is empty: marks there stop after MARK_TAIL_MM.
    bottom_end = min(footer_top, art_bottom + MARK_TAIL_MM)
    # Beside a grid filled column by column (its free room there, for packed pieces) too,
    # on the fronts sheet and on the blank side of its backs sheet.
    left_end, right_end = 0.0, paper.width
    if _part_filled_columns(placements, plan):     # a fold sheet's too (``_part_fold``: rooms beside)
        right_end = art_right + MARK_TAIL_MM
    elif fold_plan is None and len(placements) < plan.per_sheet and min(p.x for p in placements) > plan.x0 + 1e-6:
        left_end = art_left - MARK_TAIL_MM        # the mirrored backs of such a sheet
    marks = []
    for x in xs:
        marks.append((x, 0.0, x, art_top))
        marks.append((x, art_bottom, x, bottom_end))
    for y in ys:
        marks.append((left_end, y, art_left, y))
        marks.append((art_right, y, right_end, y))
    if fold_plan is not None:
        f = fold_plan.fold
        if fold_plan.axis == "y":
            near = max(p.y + p.h for p in placements if p.y < f) + outer + gap
            far = min(p.y for p in placements if p.y > f) - outer - gap
            marks += [(x, near, x, far) for x in xs]
        else:
            near = max(p.x + p.w for p in placements if p.x < f) + outer + gap
            far = min(p.x for p in placements if p.x > f) - outer - gap
            marks += [(near, y, far, y) for y in ys]
    return marks


def footer(paper: Paper, settings: PrintSettings, label: str) -> Footer:
    """The footer band of a sheet printed with ``settings``: a 50 mm ruler with mm ticks and
    the sheet's label beside it (``pnp.printing.sheet_overlay.Footer``)."""
    return Footer(paper, settings.margin_mm, label)


def footer_group(paper: Paper, settings: PrintSettings, label: str):
    """The footer band (``footer``) as an SVG group, for a drawing."""
    return footer_element(footer(paper, settings, label))


def footer_label(sheet: Sheet) -> str:
    """The label printed in ``sheet``'s footer, as it reads; "" without one."""
    return sheet.overlay.footer_label


def relabel_footer(sheet: Sheet, label: str) -> None:
    """Print ``label`` in ``sheet``'s footer instead of its label (shortened with "…" to its
    room, as any footer label).

    Raises:
        ValueError: the sheet has no footer.
    """
    try:
        sheet.overlay.relabel(label)
    except ValueError:
        raise ValueError(f"sheet {sheet.bookmark!r} has no footer label") from None


def single_page(paper: Paper, component: str, side: str, build: Callable, settings: PrintSettings,
                footer_text: str, bookmark: str) -> Sheet:
    """A free-form sheet: ``build(drawing)`` draws on the whole page; the footer is added."""
    dwg = new_sheet(paper.width, paper.height)
    placements = build(dwg) or []
    overlay = SheetOverlay.of_drawing(dwg, paper.width, paper.height)
    overlay.add(footer(paper, settings, footer_text))
    return Sheet(paper, component, side, overlay, list(placements), [], bookmark)


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
        art = [PlacedFace(piece, translate(px, py)) for piece, _index, px, py in items]
        for piece, index, px, py in items:
            placements.append(Placement(piece.name, piece.component, px, py, piece.width, piece.height, 0, index))
        if note:
            from pnp.components.text import fit
            from pnp.components.svg import text_block

            fitted = fit(note, "italic", right - left, note_h - 1.5, 3.0, 1.8, f"{component} note")
            dwg.add(text_block(fitted, left, bottom + 0.8, "#333333", "start", f"{component} note"))
        overlay = SheetOverlay.of_drawing(dwg, paper.width, paper.height)
        overlay.add(footer(paper, settings, sheet_label("single", n + 1, len(pages))))
        sheets.append(Sheet(paper, component, "single", overlay, placements, [], label,
                            faces=[(piece, None) for piece, _, _, _ in items], art=art))
    return sheets
