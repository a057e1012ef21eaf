"""Tiling: a face larger than the paper split over sheets that are glued together.

Vocabulary (``../shared/design/print.md``): the board is cut into a grid of *tiles*.  A
tile's *own region* is its share of the board; the regions partition the trim.  A tile
with a neighbour to its right (below) also prints an *overlap strip* of ``overlap_mm``
beyond its own region: the strip goes UNDER that neighbour, which is cut exactly on the
seam and glued on top.  So tiles are laid row by row, left to right, each on top of the
strips of the tiles before it.

On each sheet (portrait, exactly the paper):

* the tile's art, clipped to its cut box plus bleed (the art continues across every outer
  cut, so a cut that wanders a little shows no white);
* the overlap strips as glue flaps: plain paper (the art runs on only ``ART_PAST_SEAM_MM``
  past the seam) with a "glue here" label, hidden after assembly;
* alignment marks: circles with crosshairs centred on each seam, half on the tile below
  and half on the tile above, so the halves form whole circles when the tiles are laid
  correctly; each mark has an id ``align-<lower tile>-<upper tile>-<n>`` on both sheets;
* crop marks on every cut line, from outside the art to the sheet edge (bottom: to the
  footer), like ``imposition``;
* the tile label (A1, A2, B1... rows are letters, columns numbers), the overlap note, a
  small assembly diagram with this tile highlighted, and the standard footer.

The board may be turned a quarter turn when that needs fewer sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Sequence

from pnp.errors import LayoutError
from pnp.geometry import LARGER_PAPERS, PAPERS, Paper
from pnp.printing.imposition import MARK_STROKE_MM, TIGHT_MARGIN_MM, Placement, PrintSettings, Sheet
from pnp.printing.imposition import footer as footer_band
from pnp.printing.sheet_overlay import SheetOverlay
from pnp.components.svg import Face, circle, group, line, new_sheet, path, polygon, rect, text_block, _num
from pnp.components.text import fit
from pnp.components.textboxes import text_boxes
from pnp.printing.placed import Matrix, PlacedFace, multiply, rotate, translate

if TYPE_CHECKING:
    from pnp.model.i18n import Strings

#: An alignment mark: (x, y) mm in layout coordinates, the labels of the tiles below and on
#: top of its seam, and its number along that seam (1 or 2).
Mark = tuple[float, float, str, str, int]
Box = tuple[float, float, float, float]

DEFAULT_OVERLAP_MM = 10.0
INFO_MM = 22.0          # band under the art for the tile label, note and assembly diagram
MARK_R_MM = 3.2         # alignment circle radius
FLAP_INK = "#7A4A1C"      # the glue flap's label
MAP_FLAP = "#D9B98A"      # a tile's glue flaps in the assembly map
ART_PAST_SEAM_MM = 1.5   # art beyond the seam onto the glue flap, like a bleed
FREE_MIN_MM = 15.0      # a room under the info band lower than this is not offered for packing
SEAM_CLEAR_MM = 0.6     # a seam nearer a text line than this cuts it (a tile laid 0.5 mm off)


@dataclass(frozen=True)
class Tile:
    """One tile in layout coordinates (the board as placed: turned when ``rotated``).

    ``own`` is the tile's share of the board, ``cut`` the box it is cut to (own plus the
    overlap strips to the right and below), both as (x0, y0, x1, y1) mm; ``sheet_x`` /
    ``sheet_y`` is where layout point (0, 0) lands on the sheet.
    """

    label: str
    row: int
    col: int
    own: tuple[float, float, float, float]
    cut: tuple[float, float, float, float]
    sheet_x: float
    sheet_y: float

    def to_sheet(self, x: float, y: float) -> tuple[float, float]:
        return x + self.sheet_x, y + self.sheet_y


@dataclass(frozen=True)
class TilePlan:
    rotated: bool
    width: float         # board as laid out
    height: float
    xs: tuple[float, ...]   # seams including 0 and width
    ys: tuple[float, ...]
    overlap: float

    @property
    def cols(self) -> int:
        return len(self.xs) - 1

    @property
    def rows(self) -> int:
        return len(self.ys) - 1


def tile_label(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _area(settings: PrintSettings) -> tuple[float, float]:
    """Largest art box (with bleed) a tile sheet holds, leaving room for marks, info band and footer."""
    paper = settings.paper
    border = settings.margin_mm + settings.mark_gap_mm + settings.mark_min_mm
    return (paper.width - 2 * border,
            paper.height - border - settings.margin_mm - settings.footer_mm - INFO_MM - settings.mark_gap_mm)


def _split(length: float, avail: float, bleed: float, overlap: float, quiet: list[float],
           busy: Sequence[tuple[float, float, int]] = ()) -> tuple[float, ...] | None:
    """Seams cutting ``length`` into the fewest pieces whose art (cut + 2 bleed) fits ``avail``.

    A piece that is not the last also carries the overlap.  Each seam goes on the ``quiet``
    line (a gutter, a space edge) nearest the balanced cut, within the range where all pieces
    still fit; with no quiet line in range, through the least text (``busy``: (lo, hi,
    characters) of each text line across this axis, a seam within ``SEAM_CLEAR_MM`` of a
    line crossing it), and of the places with least text the one nearest a quiet line (the
    balanced cut when there is none).
    """
    if avail - 2 * bleed <= overlap:
        return None
    n = 1
    while n * (avail - 2 * bleed) - (n - 1) * overlap < length - 1e-9:
        n += 1
        if n > 50:
            return None
    cap = [avail - 2 * bleed - (overlap if k < n - 1 else 0) for k in range(n)]
    # balanced: every piece's art equally wide
    art = (length + (n - 1) * overlap + 2 * n * bleed) / n
    seams = [0.0]
    for k in range(1, n):
        lo = max(seams[-1] + 1.0, length - sum(cap[k:]))
        hi = min(seams[-1] + cap[k - 1], length - 1.0)
        balanced = min(max(seams[-1] + art - 2 * bleed - overlap, lo), hi)
        inside = [q for q in quiet if lo - 1e-9 <= q <= hi + 1e-9]
        if inside:
            seam = min(inside, key=lambda q: abs(q - balanced))
        else:
            seam = _least_text(lo, hi, balanced, quiet, busy)
        seams.append(seam)
    seams.append(length)

    def fits(s: Sequence[float]) -> bool:
        return all(
            (s[k + 1] - s[k]) + (overlap if k < n - 1 else 0) + 2 * bleed <= avail + 1e-9 and s[k + 1] > s[k]
            for k in range(n)
        )

    return tuple(seams) if fits(seams) else None


def _least_text(lo: float, hi: float, balanced: float, quiet: Sequence[float],
                busy: Sequence[tuple[float, float, int]]) -> float:
    """The seam in [lo, hi] that crosses the fewest characters of ``busy`` text, nearest a
    ``quiet`` line (or ``balanced`` when there is none) of those."""
    candidates = {lo, hi, balanced} | {v for a, b, _n in busy for v in (a - SEAM_CLEAR_MM, b + SEAM_CLEAR_MM)}

    def crossed(v: float) -> int:
        return sum(n for a, b, n in busy if a - SEAM_CLEAR_MM < v < b + SEAM_CLEAR_MM)

    def near(v: float) -> float:
        return min(abs(v - q) for q in quiet) if quiet else abs(v - balanced)

    return min((v for v in candidates if lo - 1e-9 <= v <= hi + 1e-9), key=lambda v: (crossed(v), near(v), v))


def plan_tiles(face: Face, settings: PrintSettings, overlap_mm: float = DEFAULT_OVERLAP_MM) -> TilePlan:
    """Fewest tiles for ``face`` on ``settings.paper``, trying the board upright and turned.

    Raises:
        LayoutError: the paper is too small for even a strip of the board.
    """
    aw, ah = _area(settings)
    best = None
    quiet_x, quiet_y = list(face.meta.get("quiet_x", [])), list(face.meta.get("quiet_y", []))
    texts = text_boxes(face.art)
    across_x = [(x0, x1, n) for x0, _y0, x1, _y1, n in texts]      # what a vertical seam at x crosses
    across_y = [(y0, y1, n) for _x0, y0, _x1, y1, n in texts]
    for rotated in (False, True):
        if rotated:
            w, h = face.height, face.width
            qx = [face.height - y for y in quiet_y]
            qy = quiet_x
            bx = [(face.height - b, face.height - a, n) for a, b, n in across_y]
            by = across_x
        else:
            w, h, qx, qy, bx, by = face.width, face.height, quiet_x, quiet_y, across_x, across_y
        xs = _split(w, aw, face.bleed, overlap_mm, qx, bx)
        ys = _split(h, ah, face.bleed, overlap_mm, qy, by)
        if xs is None or ys is None:
            continue
        plan = TilePlan(rotated, w, h, xs, ys, overlap_mm)
        if best is None or plan.cols * plan.rows < best.cols * best.rows:
            best = plan
    if best is None:
        raise LayoutError(f"{settings.paper.name} is too small to tile a {face.width:.0f} x {face.height:.0f} mm board",
                          key="--paper")
    return best


def _art_matrix(face: Face, rotated: bool) -> Matrix:
    """Board trim coordinates -> layout coordinates (turned a quarter clockwise when ``rotated``)."""
    return multiply(translate(face.height, 0), rotate(90)) if rotated else translate(0, 0)


def tile_board(face: Face, settings: PrintSettings, strings: Strings, title: str,
               overlap_mm: float = DEFAULT_OVERLAP_MM) -> list[Sheet]:
    """Split ``face`` over sheets of ``settings.paper``; one ``Sheet`` (side "single") per tile.

    Each sheet's placements hold one ``Placement`` whose box is the tile's cut box on the
    sheet and whose ``face`` is ``board@x0,y0,x1,y1`` (the cut box in board trim mm), so a
    caller (or test) can check coverage and overlap.  ``title`` starts the footer label.
    """
    plan = plan_tiles(face, settings, overlap_mm)
    aw, ah = _area(settings)
    border = settings.margin_mm + settings.mark_gap_mm + settings.mark_min_mm
    b = face.bleed
    tiles = []
    for r in range(plan.rows):
        for c in range(plan.cols):
            own = (plan.xs[c], plan.ys[r], plan.xs[c + 1], plan.ys[r + 1])
            cut = (own[0], own[1], own[2] + (overlap_mm if c < plan.cols - 1 else 0),
                   own[3] + (overlap_mm if r < plan.rows - 1 else 0))
            art_w = cut[2] - cut[0] + 2 * b
            sheet_x = border + (aw - art_w) / 2 + b - cut[0]
            sheet_y = border + b - cut[1]
            tiles.append(Tile(tile_label(r, c), r, c, own, cut, sheet_x, sheet_y))
    marks = _alignment_marks(plan, face)
    component = strings("components.board")
    sheets = []
    for n, tile in enumerate(tiles):
        label = strings("tile_label", label=tile.label)
        side = strings("tile_side", label=tile.label)
        footer = strings("sheet_label", title=title, component=component, side=side, n=n + 1, total=len(tiles))
        sheets.append(_tile_sheet(face, plan, tile, tiles, marks, settings, strings, footer, label))
    if sheets:
        sheets[0].faces = [(face, None)]     # the whole board, for one-face-per-page exports
    return sheets


def _layout_point(face: Face, plan: TilePlan, x: float, y: float) -> tuple[float, float]:
    """A point of the face (trim mm) in layout coordinates (turned like the plan)."""
    return (face.height - y, x) if plan.rotated else (x, y)


def _strip_label_gap(kind: str, p0: tuple[float, float], p1: tuple[float, float], tile: Tile, marks: Sequence[Mark],
                     keep_clear: Sequence[tuple[float, float, float]]) -> tuple[float, float]:
    """(centre, width) in sheet mm of the free stretch of an overlap strip for its label:
    the widest stretch between alignment marks and keep-clear points of the art (e.g. a
    board arrow crossing the seam), ties broken by nearness to the strip's middle.
    ``keep_clear``: (x, y, radius) mm in layout coordinates."""
    axis = 1 if kind == "v" else 0
    start, end = p0[axis], p1[axis]
    across_lo, across_hi = sorted((p0[1 - axis], p1[1 - axis]))
    blocked = [(a - MARK_R_MM * 1.5, a + MARK_R_MM * 1.5) for a in
               (tile.to_sheet(x, y)[axis] for x, y, lo_, up_, _ in marks if tile.label in (lo_, up_))]
    for x, y, r in keep_clear:
        point = tile.to_sheet(x, y)
        if across_lo - r <= point[1 - axis] <= across_hi + r:
            blocked.append((point[axis] - r, point[axis] + r))
    gaps, free_from = [], start
    for lo, hi in sorted(blocked):
        if hi <= free_from or lo >= end:
            continue
        if lo > free_from:
            gaps.append((free_from, lo))
        free_from = max(free_from, hi)
    if end > free_from:
        gaps.append((free_from, end))
    middle = (start + end) / 2
    lo, hi = max(gaps or [(start, end)], key=lambda g: (round(g[1] - g[0], 1), -abs((g[0] + g[1]) / 2 - middle)))
    return (lo + hi) / 2, hi - lo


def _alignment_marks(plan: TilePlan, face: Face) -> list[Mark]:
    """Marks centred on seams: (x, y, lower tile label, upper tile label, n) in layout coordinates.

    Two per shared seam segment, on quiet lines (gutters) where the board has them.
    """
    quiet_x = list(face.meta.get("quiet_x", []))
    quiet_y = list(face.meta.get("quiet_y", []))
    if plan.rotated:
        quiet_x, quiet_y = [face.height - y for y in quiet_y], quiet_x
    out = []

    def spots(lo: float, hi: float, quiet: Sequence[float]) -> list[float]:
        """Two points along a seam segment: on gutters first, else a quarter space off them."""
        qs = sorted(quiet)
        candidates = [(q, 0) for q in qs]
        for a, b in zip(qs, qs[1:]):
            candidates += [(a + (b - a) / 4, 1), (a + 3 * (b - a) / 4, 1)]
        candidates = [(v, p) for v, p in candidates if lo + 12 <= v <= hi - 12]
        chosen: list[float] = []
        for want in (lo + (hi - lo) / 4, lo + 3 * (hi - lo) / 4):
            pool = [(v, p) for v, p in candidates if all(abs(v - c) >= 20 for c in chosen)]
            if pool:
                chosen.append(min(pool, key=lambda vp: vp[1] * 30 + abs(vp[0] - want))[0])
            elif all(abs(want - c) >= 20 for c in chosen):
                chosen.append(want)
        return sorted(round(v, 3) for v in chosen)

    for r in range(plan.rows):
        for c in range(plan.cols):
            if c < plan.cols - 1:   # vertical seam between (r, c) below and (r, c + 1) on top
                x = plan.xs[c + 1]
                for k, y in enumerate(spots(plan.ys[r], plan.ys[r + 1], quiet_y)):
                    out.append((x, y, tile_label(r, c), tile_label(r, c + 1), k + 1))
            if r < plan.rows - 1:   # horizontal seam between (r, c) below and (r + 1, c) on top
                y = plan.ys[r + 1]
                for k, x in enumerate(spots(plan.xs[c], plan.xs[c + 1], quiet_x)):
                    out.append((x, y, tile_label(r, c), tile_label(r + 1, c), k + 1))
    return out


def _tile_sheet(face: Face, plan: TilePlan, tile: Tile, tiles: Sequence[Tile], marks: Sequence[Mark],
                settings: PrintSettings, strings: Strings, footer: str,
                label: str) -> Sheet:
    paper, b = settings.paper, face.bleed
    dwg = new_sheet(paper.width, paper.height)
    x0, y0, x1, y1 = tile.cut
    sx0, sy0 = tile.to_sheet(x0, y0)
    sx1, sy1 = tile.to_sheet(x1, y1)
    clip_box = (sx0 - b, sy0 - b, sx1 - sx0 + 2 * b, sy1 - sy0 + 2 * b)
    clip = dwg.clipPath(id="tile-clip")
    clip.add(rect(*clip_box))
    dwg.defs.add(clip)
    # The board's art is placed by transformation under the overlay (pnp.printing.placed);
    # glue flaps and alignment marks sit on it, clipped like it.
    board = PlacedFace(face, multiply(translate(tile.sheet_x, tile.sheet_y), _art_matrix(face, plan.rotated)),
                       clip_box)
    art = group(id="art", clip_path="url(#tile-clip)")

    # overlap strips (the parts that go under the right and lower neighbours)
    over = group(id="overlap")
    keep_clear = [(*(_layout_point(face, plan, x, y)), r) for x, y, r in face.meta.get("keep_clear", [])]
    ox0, oy0, ox1, oy1 = tile.own
    strips = []
    if tile.col < plan.cols - 1:
        strips.append(("v", ox1, y0, x1, y1, tile_label(tile.row, tile.col + 1)))
    if tile.row < plan.rows - 1:
        strips.append(("h", x0, oy1, x1 if tile.col == plan.cols - 1 else ox1, y1,
                       tile_label(tile.row + 1, tile.col)))
    for k, (kind, a0, b0, a1, b1, neighbour) in enumerate(strips):
        p0 = tile.to_sheet(a0, b0)
        p1 = tile.to_sheet(a1, b1)
        # run over the bleed on the strip's outer sides (the seam side stays exact)
        ex0 = p0[0] - (b if kind == "h" else 0)
        ey0 = p0[1] - (b if kind == "v" else 0)
        ex1 = p1[0] + (b if kind == "v" or tile.col == plan.cols - 1 else 0)
        ey1 = p1[1] + b
        # plain paper from just past the seam: the art runs on ART_PAST_SEAM_MM (a neighbour laid
        # a little short shows art, not paper) and the rest of the flap is hidden under glue
        if kind == "v":
            ex0 += ART_PAST_SEAM_MM
        else:
            ey0 += ART_PAST_SEAM_MM
        over.add(_glue_flap(ex0, ey0, ex1 - ex0, ey1 - ey0, kind))
        note = strings("overlap_strip", label=neighbour)
        if kind == "v":
            length, thick = p1[1] - p0[1], p1[0] - p0[0]
        else:
            length, thick = p1[0] - p0[0], p1[1] - p0[1]
        centre, room = _strip_label_gap(kind, p0, p1, tile, marks, keep_clear)
        try:
            f = fit(note, "bold", min(length * 0.6, room - 4.0, 120), thick * 0.6, 3.6, 2.2,
                    strings.where("overlap_strip"), max_lines=2)
        except LayoutError:  # no free stretch is long enough: the strip's middle, over the art
            centre = ((p0[1] + p1[1]) if kind == "v" else (p0[0] + p1[0])) / 2
            f = fit(note, "bold", min(length * 0.6, 120), thick * 0.55, 3.6, 1.8, strings.where("overlap_strip"),
                    max_lines=1)
        if kind == "v":
            cx, cy = (p0[0] + p1[0]) / 2, centre
        else:
            cx, cy = centre, (p0[1] + p1[1]) / 2
        holder = group(transform=f"translate({_num(cx)},{_num(cy)})" + (" rotate(90)" if kind == "v" else ""))
        pad = 1.2
        holder.add(rect(-f.width / 2 - pad, -f.height / 2 - pad, f.width + 2 * pad, f.height + 2 * pad,
                        fill="#FFFFFF", opacity="0.85", radius=1.0))
        holder.add(text_block(f, 0, -f.height / 2, fill=FLAP_INK, where=strings.where("overlap_strip")))
        over.add(holder)
    art.add(over)
    art.add(_name_tag(tile.label, sx1, sy1))

    # alignment marks on this tile's seams (clipped with the art)
    align = group(id="alignment")
    for x, y, lower, upper, n in marks:
        if tile.label not in (lower, upper):
            continue
        sx, sy = tile.to_sheet(x, y)
        align.add(alignment_mark(sx, sy, id=f"align-{lower}-{upper}-{n}"))
    art.add(align)
    dwg.add(art)

    # crop marks on the four cut lines, outside the art, to the sheet edge (bottom: footer)
    gap = settings.mark_gap_mm
    footer_top = paper.height - settings.margin_mm - settings.footer_mm
    # The info band (label, note, diagram) under the art; below it the sheet is free room
    # for one-sided pieces (pnp.printing.packing), so the marks stop at the band's foot.
    info_top = sy1 + b + gap + 2.0
    info_bottom = min(footer_top - 1.5, sy1 + b + INFO_MM - 2.0)
    crop = []
    for x in (sx0, sx1):
        crop.append((x, 0.0, x, sy0 - b - gap))
        crop.append((x, sy1 + b + gap, x, info_bottom))
    for y in (sy0, sy1):
        crop.append((0.0, y, sx0 - b - gap, y))
        crop.append((sx1 + b + gap, y, paper.width, y))
    marks_layer = group(id="crop-marks")
    for c in crop:
        marks_layer.add(line(*c, "#000000", MARK_STROKE_MM))
    dwg.add(marks_layer)

    dwg.add(_info(plan, tile, tiles, settings, strings, label, sx0, sx1, info_top, info_bottom))
    overlay = SheetOverlay.of_drawing(dwg, paper.width, paper.height)
    overlay.add(footer_band(paper, settings, footer))
    board_box = _board_box(face, plan, tile.cut)
    name = "board@" + ",".join(_num(v) for v in board_box)
    placement = Placement(name, face.component, sx0, sy0, sx1 - sx0, sy1 - sy0, 90 if plan.rotated else 0, 0)
    room_top = info_bottom + 1.0
    # The packer lays pieces out with home-printer tight margins (pnp.printing.packing).
    side = min(settings.margin_mm, TIGHT_MARGIN_MM)
    free = [(side, room_top, paper.width - 2 * side, footer_top - 1.0 - room_top)]
    return Sheet(paper, face.component, "single", overlay, [placement], crop, label,
                 free=[r for r in free if r[3] >= FREE_MIN_MM], art=[board])


#: The tile's own name on the tile (``_name_tag``): bold, this high (mm), this far inside
#: the trim's corner (mm).
NAME_TAG_MM = 3.4
NAME_TAG_INSET_MM = 2.0


def _name_tag(label: str, right: float, bottom: float) -> Any:
    """The tile's name (``label``, e.g. "A1") on the tile itself, right-aligned in the bottom
    right corner of its trim (``right``, ``bottom``: sheet mm), on a small white ground: a
    loose tile, cut from the sheet whose heading names it, still says which it is.  On a
    tile with a glue flap on its right or lower edge the corner is flap, hidden once the
    neighbour is glued on; on the last tile it is the board's outer corner."""
    from pnp.components.fonts import text_width
    from pnp.components.svg import text

    width = text_width(label, "bold", NAME_TAG_MM)
    x, baseline = right - NAME_TAG_INSET_MM, bottom - NAME_TAG_INSET_MM - 0.25 * NAME_TAG_MM
    tag = group(id=f"tile-name-{label}")
    tag.add(rect(x - width - 0.8, baseline - 0.8 * NAME_TAG_MM, width + 1.6, 1.1 * NAME_TAG_MM,
                 fill="#FFFFFF", opacity="0.85", radius=0.8))
    tag.add(text(x, baseline, label, "bold", NAME_TAG_MM, FLAP_INK, "end", "tile_label"))
    return tag


def alignment_mark(cx: float, cy: float, r: float = MARK_R_MM, **attrs: Any) -> Any:
    """A seam's alignment mark centred on (cx, cy) mm, ``r`` mm in radius: a white disc with a
    dark ring and centre dot and four dark wedges pointing at the centre along the seam and
    across it.  Filled shapes only: a thin solid line on a sheet means a cut and a dashed one a
    fold, and the mark is matched, not cut.  Two halves printed on neighbouring tiles make
    one whole mark when the tiles lie right."""
    g = group(**attrs)
    g.add(circle(cx, cy, r, fill="#FFFFFF", opacity="0.9"))
    ring_out, ring_in = r * 0.5, r * 0.34
    ring = (f"M{_num(cx - ring_out)},{_num(cy)}a{_num(ring_out)},{_num(ring_out)} 0 1,0 {_num(2 * ring_out)},0"
            f"a{_num(ring_out)},{_num(ring_out)} 0 1,0 {_num(-2 * ring_out)},0Z"
            f"M{_num(cx - ring_in)},{_num(cy)}a{_num(ring_in)},{_num(ring_in)} 0 1,0 {_num(2 * ring_in)},0"
            f"a{_num(ring_in)},{_num(ring_in)} 0 1,0 {_num(-2 * ring_in)},0Z")
    g.add(path(ring, fill="#000000", fill_rule="evenodd"))
    g.add(circle(cx, cy, r * 0.12, fill="#000000"))
    half = r * 0.16
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        tip = (cx + dx * ring_out, cy + dy * ring_out)
        base = (cx + dx * r * 0.97, cy + dy * r * 0.97)
        g.add(polygon([tip, (base[0] + dy * half, base[1] + dx * half), (base[0] - dy * half, base[1] - dx * half)],
                      fill="#000000"))
    return g


def _board_box(face: Face, plan: TilePlan, box: Box) -> Box:
    """A layout box as (x0, y0, x1, y1) in board trim coordinates."""
    x0, y0, x1, y1 = box
    if not plan.rotated:
        return box
    # layout (u, v) = (H - y, x)  <=>  board x = v, y = H - u
    return (y0, face.height - x1, y1, face.height - x0)


def _glue_flap(x: float, y: float, w: float, h: float, kind: str) -> Any:
    """The glue flap (x, y, w, h): plain paper over the art.  Its seam side is where the art
    ends; it has no edge line, since a dashed line means a fold and a thin solid one a cut,
    and the flap is neither folded nor cut there."""
    g = group(id="glue-flap")
    g.add(rect(x, y, w, h, fill="#FFFFFF"))
    return g


def _map_flaps(t: Tile, plan: TilePlan) -> list[Box]:
    """Where ``t``'s overlap strips lie in the assembly map (layout mm): inside the right and
    lower neighbours' own regions, which are laid over them."""
    x0, y0, x1, y1 = t.own
    out = []
    if t.col < plan.cols - 1:
        out.append((x1, y0, x1 + plan.overlap, y1))
    if t.row < plan.rows - 1:
        out.append((x0, y1, x1, y1 + plan.overlap))
    return out


def _info(plan: TilePlan, tile: Tile, tiles: Sequence[Tile], settings: PrintSettings, strings: Strings, label: str,
          left: float, right: float, top: float, bottom: float) -> Any:
    """Tile label, overlap note and the assembly diagram, between the tile's cut lines under its art."""
    g = group(id="tile-info")
    width = right - left - 4
    height = bottom - top
    # assembly diagram on the right
    dh = min(height, 26.0)
    scale = min(dh / plan.height, (width * 0.4) / plan.width)
    dw, dh = plan.width * scale, plan.height * scale
    dx = right - 2 - dw
    dy = top + (height - dh) / 2
    diagram = group(id="assembly")
    # Cells on a dark ground, the ground showing between them: fills only, no stroke (a thin
    # solid line on a sheet is a cut line)
    rim = 0.3
    diagram.add(rect(dx - rim, dy - rim, dw + 2 * rim, dh + 2 * rim, fill="#3B2412"))
    for t in tiles:
        ox0, oy0, ox1, oy1 = t.own
        diagram.add(rect(dx + ox0 * scale + rim / 2, dy + oy0 * scale + rim / 2, (ox1 - ox0) * scale - rim,
                         (oy1 - oy0) * scale - rim, fill="#C1121F" if t.label == tile.label else "#F1E4C6"))
    for t in tiles:     # each tile's flaps, under its right and lower neighbours: a tinted band in them
        for fx0, fy0, fx1, fy1 in _map_flaps(t, plan):
            diagram.add(rect(dx + fx0 * scale, dy + fy0 * scale, (fx1 - fx0) * scale, (fy1 - fy0) * scale,
                             fill=MAP_FLAP))
    for order, t in enumerate(tiles, 1):
        ox0, oy0, ox1, oy1 = t.own
        here = t.label == tile.label
        cell = fit(t.label, "bold", (ox1 - ox0) * scale * 0.8, (oy1 - oy0) * scale * 0.4, 4.0, 1.5,
                   "tile label")
        # below the middle, clear of the order disc in the top-left corner
        diagram.add(text_block(cell, dx + (ox0 + ox1) / 2 * scale, dy + (oy0 + (oy1 - oy0) * 0.66) * scale - cell.height / 2,
                               fill="#FFFFFF" if here else "#3B2412", where="tile label"))
        # the gluing order: a numbered disc in the tile's top-left corner
        r = min(1.9, (ox1 - ox0) * scale * 0.18, (oy1 - oy0) * scale * 0.18)
        cx, cy = dx + ox0 * scale + r + 0.5, dy + oy0 * scale + r + 0.5
        diagram.add(circle(cx, cy, r, fill="#3B2412" if not here else "#FFFFFF"))
        num = fit(str(order), "bold", r * 1.6, r * 1.5, r * 1.3, 1.0, "gluing order")
        diagram.add(text_block(num, cx, cy - num.height / 2, fill="#FFFFFF" if not here else "#C1121F",
                               where="gluing order"))
    g.add(diagram)
    # label and note on the left
    tw = dx - left - 6
    head = fit(label, "heavy", tw, min(9.0, height * 0.4), 7.0, 3.0, strings.where("tile_label"), max_lines=1)
    g.add(text_block(head, left + 2, top + 1, fill="#3B2412", anchor="start", where=strings.where("tile_label")))
    title = strings("assembly")
    note = f"{title}: {strings('overlap_note')} {strings('glue_order')}"
    rest = height - head.height - 3
    f = fit(note, "body", tw, rest, 3.2, 1.8, strings.where("overlap_note"))
    g.add(text_block(f, left + 2, top + head.height + 3, fill="#3B2412", anchor="start",
                     where=strings.where("overlap_note")))
    return g


# ---------------------------------------------------------------------------- one piece
def single_board_sheet(face: Face, paper_id: str | None, settings: PrintSettings, strings: Strings) -> Sheet:
    """The whole board on one larger sheet, with crop marks at the trim running to the sheet edge.

    ``paper_id`` names the paper; None picks the smallest of ``LARGER_PAPERS[settings.paper.id]``
    that holds the trim, bleed, marks, margins and footer (the board turned a quarter
    turn if that is what fits; the page stays portrait).

    Raises:
        LayoutError: the named paper, or none of the larger papers, holds the board.
    """
    candidates = [paper_id] if paper_id else list(LARGER_PAPERS.get(settings.paper.id, ()))
    for pid in candidates:
        paper = PAPERS[pid]
        fit_ = _fit_single(face, paper, settings)
        if fit_ is not None:
            return _single_sheet(face, paper, fit_, settings, strings)
    names = ", ".join(PAPERS[p].name for p in candidates) or "no larger paper"
    raise LayoutError(
        f"the {face.width:.0f} x {face.height:.0f} mm board with {face.bleed} mm bleed does not fit {names}",
        key="--paper",
    )


def _fit_single(face: Face, paper: Paper, settings: PrintSettings) -> tuple[bool, float, float] | None:
    border = settings.margin_mm + settings.mark_gap_mm + settings.mark_min_mm
    aw = paper.width - 2 * border - 2 * face.bleed
    ah = paper.height - 2 * border - settings.footer_mm - 2 * face.bleed
    for rotated in (False, True):
        w, h = (face.height, face.width) if rotated else (face.width, face.height)
        if w <= aw + 1e-9 and h <= ah + 1e-9:
            return rotated, w, h
    return None


def _single_sheet(face: Face, paper: Paper, fitted: tuple[bool, float, float], settings: PrintSettings,
                  strings: Strings) -> Sheet:
    rotated, w, h = fitted
    b = face.bleed
    settings = replace(settings, paper=paper)
    dwg = new_sheet(paper.width, paper.height)
    x = (paper.width - w) / 2
    y = (paper.height - settings.footer_mm - h) / 2
    board = PlacedFace(face, multiply(translate(x, y), _art_matrix(face, rotated)), (x - b, y - b, w + 2 * b, h + 2 * b))
    gap = settings.mark_gap_mm
    footer_top = paper.height - settings.margin_mm - settings.footer_mm
    crop = []
    for cx in (x, x + w):
        crop.append((cx, 0.0, cx, y - b - gap))
        crop.append((cx, y + h + b + gap, cx, footer_top))
    for cy in (y, y + h):
        crop.append((0.0, cy, x - b - gap, cy))
        crop.append((x + w + b + gap, cy, paper.width, cy))
    layer = group(id="crop-marks")
    for c in crop:
        layer.add(line(*c, "#000000", MARK_STROKE_MM))
    dwg.add(layer)
    label = strings("board_single")
    overlay = SheetOverlay.of_drawing(dwg, paper.width, paper.height)
    overlay.add(footer_band(paper, settings, f"{strings('title')} · {label} · {paper.name}"))
    placement = Placement(face.name, face.component, x, y, w, h, 90 if rotated else 0, 0)
    return Sheet(paper, face.component, "single", overlay, [placement], crop, label, art=[board])
