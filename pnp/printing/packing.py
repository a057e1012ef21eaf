"""Packing one-sided pieces together onto shared sheets.

Tokens, chips, markers, price tables, player boards, money, pawns and dice nets have no
backs, so each sheet of them costs a blank back: they are packed together, first into the
free room of host sheets (board tiles: ``Sheet.free``), then onto as few new sheets as the
`rectpack` library (maximal rectangles, best short side fit) finds.

What is packed are *blocks*: a block is a small grid of faces of one size and, where the
faces abut (``Face.edge_colour``), of one edge colour, so neighbours share their cut lines
like the abutting grids of ``pnp.printing.imposition``; faces that do not abut keep a
gutter of 2 x bleed.  Every block carries short crop marks on each of its cut lines, from
``mark_gap_mm`` outside its art to the edge of its footprint (``mark_min_mm`` long), so the
marks of one block never cross another.  Cut-out pieces (``PieceGroup.cutout``: standees,
dice nets) draw their own cut lines and only keep ``CUTOUT_GAP_MM`` clear round them.
A block may be turned a quarter turn to fit, unless a group of it is ``upright`` (a camel, a
good: pieces whose picture reads one way up stay so on every sheet).  The block sizes tried (rows and columns per
block, and how a stream is cut: ``FILLS``; "colour blocks" cuts each value's run into full
blocks of several shapes, ``block_shapes``; "colour grid" sets such rectangles of several
values into one block) are searched and the packing with the fewest new sheets wins.  Of the
packings with that few sheets the pick is the one with the fewest lonely pieces (``lonely``:
a note that shares no cut with a note of its value), then ragged ones (``_ragged``: a value's
notes in a block not one rectangle, an L), then whose kinds (a banknote value, a good, a
pawn, each other component: a price table, a coin) lie on fewest sheets (``_kinds``),
after the few best have had their kinds gathered onto one sheet where the sheets allow
(``_gather``); then the least on the last sheet; then fewer cuts.  New sheets come fullest first, so that the part-empty remainder of a packing is its
last sheet.
Same input, same layout: rectpack is deterministic and the search order fixed.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Sequence

import rectpack
import rectpack.packer

from pnp.components.assembly import steps_strip
from pnp.components.svg import Face, group, line, new_sheet
from pnp.errors import LayoutError
from pnp.printing.cutguides import GUIDE_STROKE_MM, trim_guides
from pnp.printing.imposition import (ABUT_OVERLAP_MM, MARK_STROKE_MM, Placement, PrintSettings, Sheet, footer,
                                     place_matrix)
from pnp.printing.placed import PlacedFace
from pnp.printing.sheet_overlay import ArtPart, SheetOverlay

CUTOUT_GAP_MM = 3.0      # clear paper round a cut-out piece (two pieces: 6 mm apart)
CUTOUT_ROW = 6           # cut-out pieces of one group side by side in one block (a kit's pawns), when no dearer
NOTE_MM = 8.0            # band above the footer of a packed sheet for the pieces' notes
ROWS_TRIED = (1, 2, 3, 4, 5, 6, 100)   # rows per block the search tries
COLS_TRIED = (1.0, 0.75, 0.5, 0.34, 0.25)       # block width the search tries, as a share of the sheet's columns
UNIT = 100               # rectpack works in integers: 0.01 mm


@dataclass
class PieceGroup:
    """Faces of one component to pack.

    ``faces`` all have one trim size unless ``cutout`` (pieces that draw their own cut and
    fold lines, packed one by one without bleed or marks).  ``note`` (an assembly hint: a
    text, or its sentences as a tuple) is printed on every sheet holding one of these
    pieces, and only there, under them: in the note band above a new sheet's footer, or in
    a band kept free at the foot of a host sheet's room.  A sentence that the notes of
    several groups on one sheet share is printed once.  ``steps`` (with a note) draws the
    piece's assembly pictogram at the start of that band, before the note's text.
    """

    component: str
    label: str
    faces: list[Face]
    cutout: bool = False
    note: str | tuple[str, ...] = ""
    #: the assembly pictogram drawn beside the note (a key of ``pnp.components.assembly.STEPS``:
    #: "standee", "d6", "d8"), or "" for none
    steps: str = ""
    #: never turned a quarter: every block holding one of these faces is packed as drawn
    #: (a good's or a camel's picture and letters read one way up on every sheet)
    upright: bool = False


@dataclass
class _Cell:
    """One face in a block: its trim's top-left in the block's grid (unturned, mm) and the
    bleed it shows on each side (left, top, right, bottom)."""

    face: Face
    index: int
    x: float
    y: float
    sides: tuple[float, float, float, float]


@dataclass
class _Block:
    group: int
    faces: list[tuple[Face, int]]      # (face, index in its group)
    cols: int
    rows: int
    w: float                           # footprint, mm (unturned)
    h: float
    margin: float                      # footprint edge -> trim grid, mm
    abut: bool
    cutout: bool
    groups: tuple[int, ...] = ()      # every group with a face in the block (default: ``group``)
    cells: list[_Cell] = field(default_factory=list)
    grid_w: float = 0.0               # trim grid, mm (unturned)
    grid_h: float = 0.0
    kinds: tuple | None = field(default=None, compare=False, repr=False)   # ``_block_kinds``, once worked out
    upright: bool = False             # never turned (a face of an ``upright`` group)


#: How a stream is cut into blocks (``_stream_blocks``): "colour rows" and "row-major" cut
#: every block to one shape; "colour blocks" cuts each edge colour's run into rectangles of
#: several shapes (``block_shapes``), so that a value's 5 notes become a 1 x 3 and a 1 x 2
#: block, not a 1 x 3 and two lonely notes; "colour grid" cuts the runs so and sets the
#: rectangles of several colours into one block as large as a sheet's room (``_grid_spot``),
#: a gutter wherever two colours meet, so that whole values share a block's margins and
#: crop marks: on A4 a 7 x 1 of one value beside a 4 x 2 of another, 3 notes wide.
FILLS = ("colour rows", "row-major", "colour blocks", "colour grid")


def _grid(rows_of: list[list[tuple[Face, int, int]]] | dict[tuple[int, int], tuple[Face, int, int]], fw: float,
          fh: float, bleed: float, outer: float, abut: bool) -> tuple[list[_Cell], float, float, int]:
    """Cells of a block whose rows hold ``rows_of`` (each row left-aligned), or of a grid
    ``{(row, column): item}`` that may have holes.

    Neighbours of one edge colour touch and share their cut (each overlaps the other by a
    hair, ``ABUT_OVERLAP_MM``); a column or row boundary where any two neighbours differ in
    edge colour gets a gutter of 2 x ``outer``, so each side of that cut shows its own colour
    for a miscut as large as the block's outer bleed.  Faces without an edge colour keep a
    gutter of 2 x ``bleed`` everywhere.  Returns (cells, grid width, grid height, columns).
    """
    if isinstance(rows_of, dict):       # a grid with holes: (row, column) -> item
        at = rows_of
        rows_of = [[None] * (1 + max(c for _r, c in at))] * (1 + max(r for r, _c in at))
    else:
        at = {(r, c): item for r, row in enumerate(rows_of) for c, item in enumerate(row)}
    cols = max(len(r) for r in rows_of)

    def differs(a, b) -> bool:
        return a in at and b in at and at[a][0].edge_colour != at[b][0].edge_colour

    if abut:
        col_gap = [2 * outer if any(differs((r, c), (r, c + 1)) for r in range(len(rows_of))) else 0.0
                   for c in range(cols - 1)]
        row_gap = [2 * outer if any(differs((r, c), (r + 1, c)) for c in range(cols)) else 0.0
                   for r in range(len(rows_of) - 1)]
    else:
        col_gap = [2 * bleed] * (cols - 1)
        row_gap = [2 * bleed] * (len(rows_of) - 1)
    xs = [sum(fw + g for g in col_gap[:c]) for c in range(cols)]
    ys = [sum(fh + g for g in row_gap[:r]) for r in range(len(rows_of))]
    hair = min(bleed, ABUT_OVERLAP_MM)

    def side(neighbour, gap: float) -> float:
        if neighbour not in at:
            return outer
        return hair if gap == 0.0 else min(bleed, gap / 2)

    cells = []
    for (r, c), (face, index, _g) in at.items():
        sides = (side((r, c - 1), col_gap[c - 1] if c > 0 else 0.0),
                 side((r - 1, c), row_gap[r - 1] if r > 0 else 0.0),
                 side((r, c + 1), col_gap[c] if c < cols - 1 else 0.0),
                 side((r + 1, c), row_gap[r] if r < len(rows_of) - 1 else 0.0))
        cells.append(_Cell(face, index, xs[c], ys[r], sides))
    return cells, xs[-1] + fw, ys[-1] + fh, cols


@lru_cache(maxsize=1024)
def block_shapes(count: int, rows: int, cols: int, lonely: bool) -> tuple[tuple[int, int], ...]:
    """``count`` pieces cut into full rectangular blocks of at most ``rows`` x ``cols``:
    ((rows, cols), ...), largest first, their pieces summing to ``count``.

    Fewest blocks first (each block costs its own crop marks and outer bleed), then fewest
    cuts (a block of r x c takes r + c + 2 straight cuts), then the larger blocks.  Unless
    ``lonely``, no block holds a single piece when ``count`` > 1 (money and tokens of one
    kind share their cuts) wherever full blocks can: always when the cap holds a
    line of 3 (any count > 1 is a sum of 2s and 3s); an odd count in a cap of 1 x 2 or
    2 x 2 leaves one piece alone.
    Raises ValueError when ``count`` < 1 or the cap holds no piece.
    """
    if count < 1 or rows < 1 or cols < 1:
        raise ValueError(f"no blocks of {count} pieces at most {rows} x {cols}")
    shapes = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    if not lonely and count > 1 and rows * cols >= 2:
        shapes = [(r, c) for r, c in shapes if r * c >= 2]
    shapes.sort(key=lambda rc: (-rc[0] * rc[1], rc[0] + rc[1], -rc[1]))
    # best[k]: (blocks, cuts, shapes) of the best cut of k pieces (None: no cut into full blocks)
    best: list[tuple[int, int, tuple[tuple[int, int], ...]] | None] = [(0, 0, ())] + [None] * count
    for k in range(1, count + 1):
        for r, c in shapes:
            rest = best[k - r * c] if r * c <= k else None
            if rest is None:
                continue
            trial = (rest[0] + 1, rest[1] + r + c + 2, tuple(sorted(rest[2] + ((r, c),),
                                                                   key=lambda rc: (-rc[0] * rc[1], -rc[1]))))
            if best[k] is None or trial[:2] < best[k][:2]:
                best[k] = trial
    if best[count] is None:      # only a single fits a block of two: singles after all
        return block_shapes(count, rows, cols, True)
    return best[count][2]


def _stream_key(face: Face) -> tuple:
    """Faces with one key are packed in one stream (``_blocks``): one trim size and bleed,
    with or without an edge colour."""
    return round(face.width, 3), round(face.height, 3), face.bleed, face.edge_colour is None


def _blocks(groups: Sequence[PieceGroup], settings: PrintSettings, max_w: float, max_h: float,
            shapes: Sequence[tuple[int, float, str]]) -> list[_Block]:
    """Every group cut into blocks: group g's blocks have at most ``shapes[g][0]`` rows and
    ``shapes[g][1]`` of the columns ``max_w`` holds, filled as ``shapes[g][2]`` says.

    Groups of one face size follow each other in one stream, faces of one edge colour
    gathered (in order of first appearance), so that a good's token and its spare share
    cuts across components; a stream takes the shape of its first group.  Fill "colour
    rows": every row holds one edge colour (a colour may take several rows; a gutter only
    where the colour changes); "row-major": faces fill the rows in order, colours side by
    side (for many small runs), gutters wherever neighbours differ (``_grid``).
    """
    cutouts, streams = _streams(groups)
    out = list(cutouts)
    for stream in streams:
        out += _upright(_stream_blocks(stream, shapes[stream[0][2]], settings, max_w, max_h), groups)
    return out


def _upright(blocks: list[_Block], groups: Sequence[PieceGroup]) -> list[_Block]:
    """``blocks`` (of one stream), each marked ``upright`` when a face of an ``upright`` group is in it."""
    for b in blocks:
        b.upright = any(groups[g].upright for g in (b.groups or (b.group,)))
    return blocks


def _streams(groups: Sequence[PieceGroup], row: int = 1) -> tuple[list[_Block], list[list[tuple[Face, int, int]]]]:
    """(the cut-out pieces' blocks, the streams of the other faces: (face, index in its group,
    group) in group order, one stream per ``_stream_key``), as ``_blocks`` cuts them.
    ``row``: cut-out pieces of one group and size side by side, up to ``row`` a block."""
    cutouts: list[_Block] = []
    streams: dict[tuple, list[tuple[Face, int, int]]] = {}
    for g, group_ in enumerate(groups):
        if group_.cutout:
            # The pieces of one group side by side in rows of ``row`` (a kit's pawns
            # together, not one to a sheet), each with CUTOUT_GAP_MM clear round it; pieces
            # of several sizes one by one.
            sizes = {(round(f.width, 3), round(f.height, 3)) for f in group_.faces}
            per = row if len(sizes) == 1 else 1
            for k in range(0, len(group_.faces), per):
                part = [(face, i) for i, face in enumerate(group_.faces)][k:k + per]
                face = part[0][0]
                cells = [_Cell(f, i, j * (face.width + 2 * CUTOUT_GAP_MM), 0.0, (0.0,) * 4)
                         for j, (f, i) in enumerate(part)]
                w = len(part) * (face.width + 2 * CUTOUT_GAP_MM)
                cutouts.append(_Block(g, part, len(part), 1, w, face.height + 2 * CUTOUT_GAP_MM, CUTOUT_GAP_MM,
                                      False, True, cells=cells, grid_w=w - 2 * CUTOUT_GAP_MM, grid_h=face.height,
                                      upright=group_.upright))
            continue
        for i, face in enumerate(group_.faces):
            streams.setdefault(_stream_key(face), []).append((face, i, g))
    return cutouts, list(streams.values())


def _stream_blocks(stream: list[tuple[Face, int, int]], shape: tuple[int, float, str], settings: PrintSettings,
                   max_w: float, max_h: float) -> list[_Block]:
    """The blocks of one stream (``_streams``) cut with ``shape`` (rows, share of columns,
    fill; see ``_blocks``).  Depends on nothing else, so the search reuses them."""
    out: list[_Block] = []
    mark = settings.mark_gap_mm + settings.mark_min_mm
    outer_cap = settings.outer_bleed
    rows_cap, cols_share, fill = shape
    face = stream[0][0]
    abut = face.edge_colour is not None
    if abut:        # one edge colour together, colours in order of first appearance
        order = {c: n for n, c in enumerate(dict.fromkeys(item[0].edge_colour for item in stream))}
        stream = sorted(stream, key=lambda item: order[item[0].edge_colour])
    bleed = face.bleed
    outer = min(bleed, outer_cap)
    gutter = 0.0 if abut else 2 * bleed
    margin = outer + mark
    fw, fh = face.width, face.height
    cols_fit = max(1, math.floor((max_w - 2 * margin + gutter + 1e-9) / (fw + gutter)))
    rows_fit = max(1, math.floor((max_h - 2 * margin + gutter + 1e-9) / (fh + gutter)))
    cols = min(max(1, math.floor(cols_fit * cols_share + 1e-9)), len(stream))
    rows = min(rows_cap, rows_fit)
    chunks: list[list[list[tuple[Face, int, int]]]] = []     # blocks, as lists of rows
    if fill == "colour blocks":     # each colour's run: full rectangles of several shapes
        runs = ([[item for item in stream if item[0].edge_colour == colour]
                 for colour in dict.fromkeys(item[0].edge_colour for item in stream)] if abut else [stream])
        for run in runs:
            k = 0
            for r, c in block_shapes(len(run), rows, min(cols_fit, max(cols, 2 if rows == 1 else 1)), not abut):
                chunk = run[k:k + r * c]
                chunks.append([chunk[j:j + c] for j in range(0, len(chunk), c)])
                k += r * c
    elif fill == "colour grid":     # each colour's rectangles set into grids of the room's size
        room_w, room_h = max_w - 2 * margin, max_h - 2 * margin
        grids: list[dict[tuple[int, int], tuple[Face, int, int]]] = []
        for colour in dict.fromkeys(item[0].edge_colour for item in stream):
            run = [item for item in stream if item[0].edge_colour == colour]
            k = 0
            for r, c in block_shapes(len(run), rows, min(cols_fit, max(cols, 2 if rows == 1 else 1)), False):
                part = run[k:k + r * c]
                k += r * c
                for grid in grids + [{}]:
                    spot = _grid_spot(grid, part, r, c, rows_fit, cols_fit, fw, fh, outer, room_w, room_h)
                    if spot is not None:
                        if not grid:
                            grids.append(grid)
                        grid.update(spot)
                        break
        chunks = grids
    elif abut and fill == "colour rows":
        lines: list[list[tuple[Face, int, int]]] = []
        for colour in dict.fromkeys(item[0].edge_colour for item in stream):
            run = [item for item in stream if item[0].edge_colour == colour]
            lines += [run[k:k + cols] for k in range(0, len(run), cols)]
        room_h = max_h - 2 * margin
        for n, line_ in enumerate(lines):   # at most ``rows`` rows, no taller than the room with its gutters
            if chunks:
                last = chunks[-1]
                gutters = sum(1 for a, b in zip(last, last[1:] + [line_])
                              if a[0][0].edge_colour != b[0][0].edge_colour)
                if len(last) < rows and (len(last) + 1) * fh + gutters * 2 * outer <= room_h + 1e-9:
                    last.append(line_)
                    continue
                colour = line_[0][0].edge_colour
                alone = len(line_) == 1 and (n + 1 == len(lines) or lines[n + 1][0][0].edge_colour != colour)
                if (alone and len(last) > 1 and last[-1][0][0].edge_colour == colour and rows >= 2
                        and 2 * fh <= room_h + 1e-9):   # a piece cut off from its colour: take its line along
                    chunks.append([last.pop(), line_])
                    continue
            chunks.append([line_])
    else:
        k = 0
        while k < len(stream):
            left = len(stream) - k
            if left >= cols * rows:
                c, r = cols, rows
            else:       # the rest: as few rows as the cap allows, the last one maybe part-filled
                r = min(rows, math.ceil(left / cols))
                c = math.ceil(left / r)
            chunk = stream[k:k + min(c * r, left)]
            chunks.append([chunk[j:j + c] for j in range(0, len(chunk), c)])
            k += len(chunk)
    for rows_of in chunks:
        cells, grid_w, grid_h, c = _grid(rows_of, fw, fh, bleed, outer, abut)
        if isinstance(rows_of, dict):
            items = [rows_of[rc] for rc in sorted(rows_of)]
            n_rows = 1 + max(r for r, _c in rows_of)
        else:
            items = [item for row in rows_of for item in row]
            n_rows = len(rows_of)
        out.append(_Block(items[0][2], [(f, i) for f, i, _g in items], c, n_rows,
                          grid_w + 2 * margin, grid_h + 2 * margin, margin, abut, False,
                          tuple(sorted({gg for _f, _i, gg in items})), cells, grid_w, grid_h))
    return out


def _grid_spot(grid: dict, part: list, r: int, c: int, rows_fit: int, cols_fit: int, fw: float, fh: float,
               outer: float, room_w: float, room_h: float) -> dict | None:
    """Where ``part`` (pieces of one edge colour, an r x c rectangle) goes in ``grid``
    ((row, column) -> item): the free spot lowest down, then leftmost, whose grid with it
    still fits ``room_w`` x ``room_h`` mm with the gutters its colour changes take (2 x
    ``outer`` each); None when there is none."""
    for top in range(rows_fit - r + 1):
        for left in range(cols_fit - c + 1):
            cells = {(top + i, left + j): part[i * c + j] for i in range(r) for j in range(c)}
            if any(rc in grid for rc in cells):
                continue
            trial = {**grid, **cells}
            rows = 1 + max(rr for rr, _c in trial)
            cols = 1 + max(cc for _r, cc in trial)
            colour = {rc: item[0].edge_colour for rc, item in trial.items()}
            row_gaps = sum(1 for y in range(rows - 1) if any(
                (y, x) in colour and (y + 1, x) in colour and colour[y, x] != colour[y + 1, x] for x in range(cols)))
            col_gaps = sum(1 for x in range(cols - 1) if any(
                (y, x) in colour and (y, x + 1) in colour and colour[y, x] != colour[y, x + 1] for y in range(rows)))
            if (rows * fh + row_gaps * 2 * outer <= room_h + 1e-9
                    and cols * fw + col_gaps * 2 * outer <= room_w + 1e-9):
                return cells
    return None


def _cuts(block: _Block) -> int:
    """Straight cuts that free a block's pieces: its distinct column and row edges (a
    cut-out piece: its own outline, counted as 4)."""
    if block.cutout:
        return 4 * len(block.faces)
    xs = {round(v, 3) for c in block.cells for v in (c.x, c.x + c.face.width)}
    ys = {round(v, 3) for c in block.cells for v in (c.y, c.y + c.face.height)}
    return len(xs) + len(ys)


class _GlobalBySize(rectpack.packer.PackerGlobal):
    """rectpack's global bin selection (``PackingBin.Global``: fill one bin at a time, each
    step placing the remaining rectangle with the best fitness), rating each distinct
    rectangle size once per step instead of every rectangle.

    Rectangles of one size are interchangeable here: every one may be turned (one packer,
    ``rotation=True``) and ``fitness`` depends only on the size and the bin.  rectpack takes the
    first rectangle (in the order added) of the lowest fitness; the first rectangle of each
    size, sizes in the order their first rectangle comes, with a strictly lower fitness
    replacing the best so far, picks that same rectangle, so the packing is rectpack's own.
    With n blocks of k sizes a packing rates k per step, not n: a kit's packings hold many
    blocks of few sizes (a value's notes, a good's tokens).
    """

    def _find_best_fit(self, pbin):
        """The key of the remaining rectangle that ``pbin`` rates best (lowest fitness; the
        first added among equals), or None when none fits."""
        first: dict[tuple[int, int], int] = {}
        for key, rect in self._sorted_rect.items():
            first.setdefault((rect[0], rect[1]), key)
        best, best_key = None, None
        for (width, height), key in first.items():
            fit = pbin.fitness(width, height)
            if fit is not None and (best is None or fit < best):
                best, best_key = fit, key
        return best_key


def _global_packer(heuristic, rotation: bool = True) -> rectpack.packer.PackerGlobal:
    """An offline packer with global bin selection, quarter turns allowed unless not
    ``rotation`` (``PieceGroup.upright``) and placement rule ``heuristic`` (one of
    ``HEURISTICS``): what ``rectpack.newPacker(bin_algo=PackingBin.Global)`` makes, rating
    each size once per step (``_GlobalBySize``)."""
    return _GlobalBySize(pack_algo=heuristic, rotation=rotation)


#: rectpack placement rules tried on the best block shapes.  Only the rule: with the global
#: bin selection used here rectpack takes the blocks in the order given and ignores any sort
#: (``newPacker`` drops ``sort_algo`` for ``PackingBin.Global``, rectpack 0.2.2), so the four
#: block orders once tried per rule gave four equal packings.
HEURISTICS = (rectpack.MaxRectsBssf, rectpack.MaxRectsBaf, rectpack.MaxRectsBlsf)
#: rectpack rules that search block shapes on their own too (one pass), besides HEURISTICS[0]
DESCENT_RULES = (rectpack.MaxRectsBlsf,)
TOP_SHAPES = 4           # best block shapes that get every heuristic
WHOLE_ROWS = (1, 2, 3, 100)     # rows per block the search for whole rectangles starts from
SEEDS = 8                # best shapes a search hands on to the next (``pack_pieces``: rooms given their note band)
GATHERED = 12            # packings with the fewest sheets whose kinds ``_gather`` gathers
GATHER_ROUNDS = 40       # moves ``_gather`` makes at most


def _pack(blocks: list[_Block], bins: list[tuple[float, float]], spare_w: float, spare_h: float,
          heuristic=HEURISTICS[0]):
    """rectpack the blocks into ``bins`` (host rooms), then as many spare sheets as needed,
    with ``heuristic`` (a placement rule of ``HEURISTICS``).

    Returns (placed, sheets used): ``placed`` maps block index -> (bin index, x, y, rotated)
    with bins numbered hosts first, spare sheets after.
    """
    # Empty spare sheets are alike, so the packing is the same with any number of them that
    # suffices: first twice the blocks' area in sheets (rectpack's global search time grows
    # with the bins open), then one sheet per block.
    area = sum(b.w * b.h for b in blocks) / (spare_w * spare_h)
    spares = tuple(dict.fromkeys((min(len(blocks), 2 * math.ceil(area) + 1), len(blocks))))
    dims = tuple((math.ceil(b.w * UNIT - 1e-6), math.ceil(b.h * UNIT - 1e-6)) for b in blocks)
    spots = _rectpack(dims, tuple((math.floor(w * UNIT + 1e-6), math.floor(h * UNIT + 1e-6)) for w, h in bins),
                      (math.floor(spare_w * UNIT + 1e-6), math.floor(spare_h * UNIT + 1e-6)), spares, heuristic,
                      _fixed(blocks))
    placed = {}
    for rid, bid, x, y, width in spots:
        b = blocks[rid]
        rotated = abs(width - dims[rid][0]) > 0 and b.w != b.h
        placed[rid] = (bid, x / UNIT, y / UNIT, rotated)
    if len(placed) != len(blocks):
        missing = [blocks[i] for i in range(len(blocks)) if i not in placed]
        b = missing[0]
        raise LayoutError(f"a {b.w:.0f} x {b.h:.0f} mm piece (with bleed and marks) does not fit the printable area",
                          key="--paper")
    used = sorted({bid for bid, *_ in placed.values() if bid >= len(bins)})
    return placed, used


def _fixed(blocks: Sequence[_Block]) -> tuple[bool, ...]:
    """Per block, True when it may not be turned: ``upright`` and not square (a square block
    is drawn unturned whichever way rectpack placed it).  Empty when every block may turn."""
    fixed = tuple(b.upright and b.w != b.h for b in blocks)
    return fixed if any(fixed) else ()


def _turned(spots, dims: Sequence[tuple[int, int]], fixed: tuple[bool, ...]) -> bool:
    """True when a rectangle that ``fixed`` keeps upright lies turned in ``spots`` ((index,
    ..., packed width) rows, as ``_rectpack`` and ``_fits`` give them)."""
    return any(fixed[spot[0]] and spot[-1] != dims[spot[0]][0] for spot in spots)


@lru_cache(maxsize=4096)
def _rectpack(dims: tuple[tuple[int, int], ...], bins: tuple[tuple[int, int], ...], spare: tuple[int, int],
              spares: tuple[int, ...], heuristic, fixed: tuple[bool, ...] = ()
              ) -> tuple[tuple[int, int, int, int, int], ...]:
    """rectpack's packing of rectangles ``dims`` (w, h in 1/UNIT mm) into ``bins``, then spare
    sheets of ``spare`` (as many as the first of ``spares`` for which every rectangle fits, or
    the last): ((rect index, bin index, x, y, packed width), ...), the rectangles that fit.

    ``fixed`` (``_fixed``): rectangles never turned.  rectpack turns every rectangle or none,
    so a packing that turned one of them is packed again with no rectangle turned.

    A pure function of its arguments (rectpack is deterministic), so it is cached: the
    block-shape search of ``_search`` meets the same block sizes under many shapes (a group
    has fewer pieces than the rows tried), about half its runs in a kit."""
    spots = _rectpack_turning(dims, bins, spare, spares, heuristic, True)
    if fixed and _turned(spots, dims, fixed):
        spots = _rectpack_turning(dims, bins, spare, spares, heuristic, False)
    return spots


def _rectpack_turning(dims: tuple[tuple[int, int], ...], bins: tuple[tuple[int, int], ...], spare: tuple[int, int],
                      spares: tuple[int, ...], heuristic, rotation: bool) -> tuple[tuple[int, int, int, int, int], ...]:
    """``_rectpack`` with rectpack's ``rotation`` (quarter turns) on or off for every rectangle."""
    for count in spares:
        packer = _global_packer(heuristic, rotation)
        for i, (w, h) in enumerate(dims):
            packer.add_rect(w, h, rid=i)
        for i, (w, h) in enumerate(bins):
            packer.add_bin(w, h, count=1, bid=i)
        # The spare sheets as one kind of bin, numbered in the order rectpack opens them (it
        # yields its bins so); the same packing as one bin kind per sheet, which rectpack
        # checks one by one each time it opens a bin.
        packer.add_bin(spare[0], spare[1], count=count, bid=None)
        packer.pack()
        spare_ids = itertools.count(len(bins))
        ids = [bin_.bid if bin_.bid is not None else next(spare_ids) for bin_ in packer]
        spots = tuple((r.rid, bid, r.x, r.y, r.width) for bid, bin_ in zip(ids, packer) for r in bin_)
        if len(spots) == len(dims):
            break
    return spots


def _printable(settings: PrintSettings, notes: bool = True) -> tuple[float, float, float, float]:
    """(x, y, w, h) mm of a new packed sheet's room: inside the margins, above the footer and,
    when some piece has an assembly ``notes``, above the note band."""
    paper = settings.paper
    m = settings.margin_mm
    return m, m, paper.width - 2 * m, paper.height - 2 * m - settings.footer_mm - (NOTE_MM if notes else 0.0)


def pack_pieces(groups: Sequence[PieceGroup], settings: PrintSettings, hosts: Sequence[Sheet],
                sheet_label: Callable[[list[str], int, int], str]) -> list[Sheet]:
    """Pack ``groups`` into the free room of ``hosts`` (changed in place), then onto new sheets.

    Args:
        groups: the pieces; each face's ``component`` names its component in the placements.
        hosts: sheets with ``free`` rooms (board tiles); their svg, placements and faces grow.
        sheet_label: ``(labels of the groups on the sheet, n, total) -> footer text``.

    Returns the new sheets (side "single") in order.

    Raises:
        LayoutError: a piece is larger than the printable area.
    """
    groups = [g for g in groups if g.faces]
    if not groups:
        return []
    # Packed pieces take the home-printer tight layout: 2 mm outer bleed round a block,
    # 2.5 mm crop marks, 4 mm margin (the blocks share their inner cuts).
    settings = settings.tight()
    rooms = [(host, box) for host in hosts for box in host.free]
    px, py, pw, ph = _printable(settings, any(g.note for g in groups))
    # A piece with an assembly note carries it on its own sheet, next to it: a new sheet has
    # the note band above its footer; a host room holding such a piece keeps a band of
    # NOTE_MM free at its foot.  A room gets its band when the packing leaves a noted piece
    # in it with less than the band free under the pieces; then its blocks are packed again
    # into the banded room alone, or, when they do not fit, the search runs again (first on
    # the last search's best shapes, ``seeds``; the whole search if those take more sheets).
    def plan(row: int):
        """(the search's best packing, the rooms' sizes) with cut-out pieces ``row`` a block."""
        banded: set[int] = set()
        best = None
        for _ in range(len(rooms) + 1):
            room_sizes = [(box[2], box[3] - (NOTE_MM if i in banded else 0.0)) for i, (_, box) in enumerate(rooms)]
            if best is not None:    # the last search's best shapes first: the whole search only if they take more sheets
                before = len(best[3])
                best = _search(groups, settings, room_sizes, pw, ph, best[5], row)
                if len(best[3]) > before:
                    best = None
            if best is None:
                best = _search(groups, settings, room_sizes, pw, ph, (), row)
            _score, blocks, placed, _used, _shapes, _seeds = best
            short = _short(blocks, placed, groups, room_sizes) - banded
            if not short:
                break
            banded |= short
            # The rooms without their band often hold their blocks still: packed again there
            # alone (``_fits``), the search need not run again.
            refit = {}
            for bid in sorted(short):
                items = sorted(i for i, (b, *_r) in placed.items() if b == bid)
                w, h = room_sizes[bid][0], room_sizes[bid][1] - NOTE_MM
                fixed = _fixed([blocks[i] for i in items])
                spots = _fits(tuple((math.ceil(blocks[i].w * UNIT - 1e-6), math.ceil(blocks[i].h * UNIT - 1e-6))
                                    for i in items), (math.floor(w * UNIT + 1e-6), math.floor(h * UNIT + 1e-6)),
                              fixed)
                if spots is None:
                    break
                for (_k, x, y, width), i in zip(spots, items):
                    refit[i] = (bid, x / UNIT, y / UNIT,
                                abs(width - math.ceil(blocks[i].w * UNIT - 1e-6)) > 0 and blocks[i].w != blocks[i].h)
            else:
                placed.update(refit)
                break
        return best, room_sizes

    # A kit's pawns side by side in one block where that takes no more sheets, else one by one
    # (a row of standees does not fit a board tile's free room, a single one does).
    rows = (CUTOUT_ROW, 1) if any(g.cutout and len(g.faces) > 1 for g in groups) else (1,)
    best, room_sizes = min((plan(row) for row in rows), key=lambda found: (found[0][0][0], len(found[0][3])))
    score, blocks, placed, used, _shapes, _seeds = best
    if score[0] == math.inf:    # no shape fits: name the piece that does not
        _pack(_blocks(groups, settings, pw, ph, [(1, 0.0, FILLS[1])] * len(groups)), room_sizes, pw, ph)

    contents: dict[int, list[int]] = {}
    for i, (bid, *_rest) in placed.items():
        contents.setdefault(bid, []).append(i)
    # draw: host rooms first, then new sheets, the fullest first: the part-empty remainder
    # of a packing is its last sheet (no sheet mostly empty but the last)
    used = sorted(used, key=lambda bid: (-round(sum(_trim_area(blocks[i]) for i in contents[bid]), 3), bid))
    new_index = {bid: n for n, bid in enumerate(used)}
    new_sheets = []
    for bid in sorted(c for c in contents if c < len(rooms)) + used:
        items = sorted(contents[bid])
        if bid < len(rooms):
            host, (ox, oy, rw, rh) = rooms[bid]
            fragment, placements, faces, art = _draw(blocks, items, placed, ox, oy, settings, f"h{bid}")
            notes = _notes_of(blocks, items, groups)
            if notes:       # at the foot of the room, under its pieces (the band kept free for it)
                fragment.add(_note(notes, settings, groups[blocks[items[0]].group].component, ox, rw, oy + rh,
                                   _steps_of(blocks, items, groups)))
            host.overlay.add(ArtPart(fragment.tostring()))
            host.art.extend(art)
            host.placements.extend(placements)
            host.faces.extend(faces)
            continue
        n = new_index[bid]
        dwg = new_sheet(settings.paper.width, settings.paper.height)
        fragment, placements, faces, art = _draw(blocks, items, placed, px, py, settings, f"p{n}")
        dwg.add(fragment)
        present = sorted({g for i in items for g in (blocks[i].groups or (blocks[i].group,))})
        notes = _notes_of(blocks, items, groups)
        if notes:
            dwg.add(_note(notes, settings, groups[present[0]].component, settings.margin_mm,
                          settings.paper.width - 2 * settings.margin_mm,
                          settings.paper.height - settings.margin_mm - settings.footer_mm,
                          _steps_of(blocks, items, groups)))
        labels = [groups[g].label for g in present]
        overlay = SheetOverlay.of_drawing(dwg, settings.paper.width, settings.paper.height)
        overlay.add(footer(settings.paper, settings, sheet_label(list(dict.fromkeys(labels)), n + 1, len(used))))
        sheet = Sheet(settings.paper, groups[present[0]].component, "single", overlay, placements, [],
                      " · ".join(dict.fromkeys(labels)), faces=faces, art=art)
        new_sheets.append(sheet)
    return new_sheets


def _trim_area(block: _Block) -> float:
    """mm² of paper a block's pieces take once cut out (their trims, a cut-out's outline box)."""
    if block.cutout:
        return sum(face.width * face.height for face, _i in block.faces)
    return sum(cell.face.width * cell.face.height for cell in block.cells)


def _notes_of(blocks: list[_Block], items: list[int], groups: Sequence[PieceGroup]) -> str:
    """The assembly notes of the pieces in ``items`` (each sentence once, in group order)."""
    present = sorted({g for i in items for g in (blocks[i].groups or (blocks[i].group,))})
    parts = [(note,) if isinstance(note, str) else note for note in (groups[g].note for g in present) if note]
    return " ".join(dict.fromkeys(part for note in parts for part in note))


def lonely(blocks: list[_Block], placed: dict, colours_of: Callable[[_Block], dict] | None = None) -> int:
    """Pieces with an edge colour that share no cut with a piece of their colour (butted
    side to side in their block) although the packing holds another piece of that colour:
    a banknote cut out on its own instead of with the other notes of its value.

    ``colours_of``: ``_block_colours`` or a cache of it (the search meets each block in many
    packings)."""
    colours_of = colours_of or _block_colours
    count: dict[str, int] = {}
    alone: dict[str, int] = {}
    for i in placed:
        for colour, (n, unbutted) in colours_of(blocks[i]).items():
            count[colour] = count.get(colour, 0) + n
            alone[colour] = alone.get(colour, 0) + unbutted
    return sum(alone[colour] for colour, n in count.items() if n >= 2)


def _block_colours(block: _Block) -> dict[str, tuple[int, int]]:
    """Edge colour -> (pieces of that colour in ``block``, those of them butted to no piece
    of their colour in the block), for ``lonely``: a property of the block alone."""
    out: dict[str, tuple[int, int]] = {}
    cells = block.cells
    for a in cells:
        colour = a.face.edge_colour
        if colour is None:
            continue
        n, unbutted = out.get(colour, (0, 0))
        butted = any(b is not a and b.face.edge_colour == colour and _butted(a, b) for b in cells)
        out[colour] = (n + 1, unbutted + (0 if butted else 1))
    return out


def _ragged(block: _Block) -> int:
    """Edge colours of ``block`` whose pieces in it do not fill one rectangle of its grid
    (a value's notes as 3 + 1, an L): each such colour counts once."""
    cells: dict[str, list[_Cell]] = {}
    for cell in block.cells:
        if cell.face.edge_colour is not None:
            cells.setdefault(cell.face.edge_colour, []).append(cell)
    out = 0
    for mine in cells.values():
        xs = {round(c.x, 3) for c in mine}
        ys = {round(c.y, 3) for c in mine}
        if len(xs) * len(ys) != len(mine):
            out += 1
            continue
        # a full set of columns and rows: one rectangle unless another colour lies between
        lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
        if any(c.face.edge_colour != mine[0].face.edge_colour and lo_x - 1e-6 <= c.x <= hi_x + 1e-6
               and lo_y - 1e-6 <= c.y <= hi_y + 1e-6 for c in block.cells):
            out += 1
    return out


def _butted(a: _Cell, b: _Cell) -> bool:
    """True when cells ``a`` and ``b`` of one block share a whole cut (same size, side by
    side or one above the other, no gutter between)."""
    w, h = a.face.width, a.face.height
    return ((abs(a.y - b.y) < 1e-6 and (abs(a.x + w - b.x) < 1e-6 or abs(b.x + w - a.x) < 1e-6))
            or (abs(a.x - b.x) < 1e-6 and (abs(a.y + h - b.y) < 1e-6 or abs(b.y + h - a.y) < 1e-6)))


def _short(blocks: list[_Block], placed: dict, groups: Sequence[PieceGroup],
           room_sizes: list[tuple[float, float]]) -> set[int]:
    """The host rooms (bins below ``len(room_sizes)``) where a piece with an assembly note
    has less than NOTE_MM free under the pieces for its note."""
    return {bid for i, (bid, *_r) in placed.items() if bid < len(room_sizes) and _noted(blocks[i], groups)
            and room_sizes[bid][1] - _bottom(blocks, placed, bid) < NOTE_MM - 1e-6}


def _noted(block: _Block, groups: Sequence[PieceGroup]) -> bool:
    """True when a piece of ``block`` has an assembly note."""
    return any(groups[g].note for g in (block.groups or (block.group,)))


def _bottom(blocks: list[_Block], placed: dict, bid: int) -> float:
    """The lowest edge (mm below the room's top) of the blocks packed into bin ``bid``."""
    return max((y + (blocks[i].w if rotated else blocks[i].h) for i, (bin_, _x, y, rotated) in placed.items()
                if bin_ == bid), default=0.0)


def _kinds(blocks: list[_Block], placed: dict) -> tuple[int, ...]:
    """How the pieces of one kind (an edge colour: a banknote value, a good; else a pawn's
    group or the piece's component, ``_block_kinds``) lie over the sheets and rooms, lower is better: for each trim size of pieces with an edge colour, the
    most pieces first (the money before the tokens), (sheets past the second summed over its
    kinds, kind-sheet pairs, sheets holding one of its pieces).  Each kind on one sheet, the
    pieces of one size on as few sheets as they can be."""
    bins: dict[tuple, dict[str, set[int]]] = {}
    count: dict[tuple, int] = {}
    for i, (bid, *_r) in placed.items():
        for size, colour, n in _block_kinds(blocks[i]):
            bins.setdefault(size, {}).setdefault(colour, set()).add(bid)
            count[size] = count.get(size, 0) + n
    out: list[int] = []
    for size in sorted(bins, key=lambda s: (-count[s], s)):
        kinds = bins[size].values()
        out += [sum(max(0, len(v) - 2) for v in kinds), sum(len(v) for v in kinds), len(set().union(*kinds))]
    return tuple(out)


def _block_kinds(block: _Block) -> tuple[tuple[tuple[float, float], str, int], ...]:
    """(trim size, edge colour, pieces) of the pieces with an edge colour in ``block``, for
    ``_kinds``; worked out once per block (the search meets each block in many packings).
    A cut-out piece (a pawn) is a kind of its own group, ``"cutout:<group>"``, so that the
    pawns of a kit are gathered like a banknote value, not spread one to a sheet; a piece
    without an edge colour (a price table, a coin, a marker) is a kind of its component,
    ``"component:<id>"``: each component on as few sheets as it fits."""
    if block.kinds is None and block.cutout:
        face = block.faces[0][0]
        block.kinds = (((round(face.width, 3), round(face.height, 3)), f"cutout:{block.group}", len(block.faces)),)
    if block.kinds is None:
        found: dict[tuple, int] = {}
        for cell in block.cells:
            face = cell.face
            kind = face.edge_colour if face.edge_colour is not None else f"component:{face.component}"
            key = ((round(face.width, 3), round(face.height, 3)), kind)
            found[key] = found.get(key, 0) + 1
        block.kinds = tuple((size, colour, n) for (size, colour), n in found.items())
    return block.kinds


@lru_cache(maxsize=4096)
def _fits(dims: tuple[tuple[int, int], ...], size: tuple[int, int], fixed: tuple[bool, ...] = ()
          ) -> tuple[tuple[int, int, int, int], ...] | None:
    """Rectangles ``dims`` (w, h in 1/UNIT mm) packed into one bin of ``size`` by the first
    of ``HEURISTICS`` that places them all: ((rect index, x, y, packed width), ...) in index
    order; None when none does.  ``fixed`` (empty, or one flag per rectangle): rectangles
    never turned; a packing that turned one is tried again with none turned (as
    ``_rectpack``).  Deterministic, so cached like ``_rectpack``."""
    if sum(w * h for w, h in dims) > size[0] * size[1] or any(
            not (w <= size[0] and h <= size[1] or not (fixed and fixed[i]) and h <= size[0] and w <= size[1])
            for i, (w, h) in enumerate(dims)):
        return None
    if not dims:
        return ()
    for heuristic in HEURISTICS:
        for rotation in (True, False) if fixed else (True,):
            packer = _global_packer(heuristic, rotation)
            for i, (w, h) in enumerate(dims):
                packer.add_rect(w, h, rid=i)
            packer.add_bin(size[0], size[1], count=1)
            packer.pack()
            spots = sorted((r.rid, r.x, r.y, r.width) for bin_ in packer for r in bin_)
            if len(spots) == len(dims) and not (fixed and _turned(spots, dims, fixed)):
                return tuple(spots)
    return None


def _gather(blocks: list[_Block], placed: dict, room_sizes: list[tuple[float, float]], pw: float,
            ph: float) -> dict:
    """``placed`` with the blocks of one kind (edge colour) moved together.

    A move takes every block of a kind on the other sheets or rooms to one sheet (any), or
    the kind's blocks on one sheet to another that holds some of it; to make room there, one
    block without that kind may leave it, for a sheet the kind left or any other.  A move is
    made when every sheet it adds to still holds its blocks (``_fits``: rectpack on that
    sheet alone) and the kinds lie better (``_kinds``); moves are tried in a fixed order
    until none helps (at most GATHER_ROUNDS).  Sheets that lose all their blocks are
    dropped.  Returns a new ``placed`` (block -> (bin, x, y, rotated)): the sheets a move
    added to are packed again, the others keep their places.
    """
    if not placed:
        return placed
    dims = [(math.ceil(b.w * UNIT - 1e-6), math.ceil(b.h * UNIT - 1e-6)) for b in blocks]

    def size_of(bid: int) -> tuple[int, int]:
        w, h = room_sizes[bid] if bid < len(room_sizes) else (pw, ph)
        return math.floor(w * UNIT + 1e-6), math.floor(h * UNIT + 1e-6)

    fixed = _fixed(blocks)

    def fixed_of(items) -> tuple[bool, ...]:
        flags = tuple(fixed[i] for i in items) if fixed else ()
        return flags if any(flags) else ()

    def fit(items: list[int], bid: int):
        spots = _fits(tuple(dims[i] for i in items), size_of(bid), fixed_of(items))
        if spots is None:
            return None
        return {i: (bid, x / UNIT, y / UNIT, abs(width - dims[i][0]) > 0 and blocks[i].w != blocks[i].h)
                for (_k, x, y, width), i in zip(spots, items)}

    where = dict(placed)
    colours = [frozenset(kind for _size, kind, _n in _block_kinds(b)) for b in blocks]
    kinds = sorted(set().union(*(colours[i] for i in where)))

    def content() -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for i, (bid, *_r) in sorted(where.items()):
            out.setdefault(bid, []).append(i)
        return out

    def attempt(kind: str, sources: list[int], dst: int, bins: dict[int, list[int]]) -> dict | None:
        """The places after moving ``kind`` from ``sources`` to ``dst``, or None."""
        going = [i for src in sources for i in bins[src] if kind in colours[i]]
        others = [j for j in bins.get(dst, []) if kind not in colours[j]]
        before = _kinds(blocks, where)
        for leaving in [()] + [(j,) for j in others]:
            into_dst = sorted([i for i in bins.get(dst, []) if i not in leaving] + going)
            if _fits(tuple(dims[i] for i in into_dst), size_of(dst), fixed_of(into_dst)) is None:
                continue
            moved = dict(where)
            moved.update({i: (dst,) for i in into_dst})
            homes = set()
            for j in leaving:       # each leaving block: the first sheet it fits on, the kind's old ones first
                for bid in sources + sorted(b for b in bins if b != dst and b not in sources):
                    here = sorted([i for i, (b, *_r) in moved.items() if b == bid and i != j] + [j])
                    if _fits(tuple(dims[i] for i in here), size_of(bid), fixed_of(here)) is not None:
                        moved[j] = (bid,)
                        homes.add(bid)
                        break
                else:
                    break
            else:
                if _kinds(blocks, moved) >= before:
                    continue
                for bid in [dst, *sorted(homes)]:
                    moved.update(fit(sorted(i for i, (b, *_r) in moved.items() if b == bid), bid))
                return moved
        return None

    for _ in range(GATHER_ROUNDS):
        bins = content()
        moved = None
        for kind in kinds:
            holding = sorted(bid for bid, items in bins.items() if any(kind in colours[i] for i in items))
            if len(holding) < 2:
                continue
            # all of the kind onto one sheet (any sheet), else one sheet's share onto another holding it
            tries = [([b for b in holding if b != dst], dst) for dst in sorted(bins)]
            tries += [([src], dst) for src, dst in itertools.permutations(holding, 2)]
            for sources, dst in tries:
                moved = attempt(kind, sources, dst, bins)
                if moved is not None:
                    break
            if moved is not None:
                break
        if moved is None:
            break
        where = moved
    return where


def _search(groups: Sequence[PieceGroup], settings: PrintSettings, room_sizes: list[tuple[float, float]],
            pw: float, ph: float, seeds: tuple = (), row: int = 1):
    """The best packing found of ``groups`` into rooms of ``room_sizes`` (w, h mm), then new
    sheets with a room of ``pw`` x ``ph`` mm: (score, blocks, placed, new bins used, shapes,
    the shapes of the best few packings).  ``seeds``: shapes (as that last item) to try
    with each rectpack rule instead of the whole search.  ``row``: as ``_streams``."""
    tried: dict[tuple, tuple] = {}
    # The blocks of one stream depend only on its shape: cut each (stream, shape) once.
    cutouts, streams = _streams(groups, row)
    cut: dict[tuple[int, tuple], list[_Block]] = {}

    def blocks_of(shapes) -> list[_Block]:      # = _blocks(groups, settings, pw, ph, shapes)
        out = list(cutouts)
        for n, stream in enumerate(streams):
            shape = tuple(shapes[stream[0][2]])
            if (n, shape) not in cut:
                cut[n, shape] = _upright(_stream_blocks(stream, shape, settings, pw, ph), groups)
            out += cut[n, shape]
        return out

    def attempt(shapes, heuristic=HEURISTICS[0]):
        key = (tuple(shapes), heuristic)
        if key not in tried:
            tried[key] = _attempt(shapes, heuristic)
        return tried[key]

    # What a block alone decides (its cuts, its pieces' colours), once per block: the
    # blocks of ``cut`` meet each other in many packings.
    per_block: dict[int, tuple[int, dict]] = {}

    def block_figures(block: _Block) -> tuple[int, dict, int]:
        if id(block) not in per_block:
            per_block[id(block)] = (_cuts(block), _block_colours(block), _ragged(block))
        return per_block[id(block)]

    def _attempt(shapes, heuristic):
        blocks = blocks_of(shapes)
        try:
            placed, used = _pack(blocks, room_sizes, pw, ph, heuristic)
        except LayoutError:     # a block its gutters made too large: this shape is out
            return (math.inf, 0, 0, 0), blocks, {}, []
        # fewest new sheets; then fewest lonely pieces (money that shares no cut with its kind);
        # then the least on the last sheet (closest to dropping it); then fewest cuts
        last = sum(blocks[i].w * blocks[i].h for i, (bid, *_r) in placed.items() if used and bid == used[-1])
        cuts = sum(block_figures(b)[0] for b in blocks)
        score = (len(used), lonely(blocks, placed, lambda b: block_figures(b)[1]), round(last), cuts)
        return score, blocks, placed, used

    def rank(result) -> tuple:
        """A packing with the fewest sheets, as the final pick sees it: its lonely pieces,
        ragged ones (a kind's pieces in a block not one rectangle), how its kinds lie
        (``_kinds``), then its search score."""
        _score, blocks, placed, used = result[:4]
        return (math.inf if _score[0] == math.inf else len(used), _score[1], sum(block_figures(blocks[i])[2] for i in placed), _kinds(blocks, placed),
                _score[2:])

    # The same block shape for every group first, then each group's shape on its own
    # (coordinate descent, two passes): a few dozen rectpack runs of a few dozen blocks.
    options = [(r, c, FILLS[0]) for r in ROWS_TRIED for c in COLS_TRIED]
    # only the first group of each stream of one face size sets a shape (_blocks)
    leaders, keys = [], set()
    for g, group_ in enumerate(groups):
        if group_.cutout:
            continue
        key = _stream_key(group_.faces[0])
        if key not in keys:
            keys.add(key)
            leaders.append(g)
    multi = []      # leaders of streams of several edge colours
    for g in leaders:
        colours = {f.edge_colour for gg in groups if not gg.cutout for f in gg.faces
                   if _stream_key(f) == _stream_key(groups[g].faces[0])}
        if len(colours) > 1 and None not in colours:
            multi.append(g)

    def descent(whole: bool, passes: int, varied: list[int], heuristic=HEURISTICS[0]):
        """The best packing found from one shape for all groups, then each leader's shape
        on its own (``passes`` rounds), every packing by rectpack's rule ``heuristic``.
        ``whole``: a stream of several edge colours (banknote values) only takes fills that
        cut each colour into whole rectangles."""
        def fills_of(g: int) -> tuple[str, ...]:
            if g not in multi:      # the other fills only differ for a stream of several colours
                return FILLS[0], FILLS[2]
            return (FILLS[2], FILLS[3]) if whole else FILLS[:3]

        def start(o, g):
            return (o[0], o[1], FILLS[3]) if whole and g in multi else o

        firsts = [o for o in options if not whole or o[0] in WHOLE_ROWS]
        found = min((attempt([start(o, g) for g in range(len(groups))], heuristic)
                     + ([start(o, g) for g in range(len(groups))],) for o in firsts), key=lambda t: t[0])
        for _ in range(passes):
            for g in varied:
                for o in [(r, c, fill) for fill in fills_of(g) for r, c, _f in options]:
                    shapes = list(found[4])
                    if shapes[g] == o:
                        continue
                    shapes[g] = o
                    trial = attempt(shapes, heuristic) + (shapes,)
                    if trial[0] < found[0]:
                        found = trial
        return found

    if seeds:
        best = min((attempt(list(shapes), heuristic) + (list(shapes),) for shapes in seeds for heuristic in HEURISTICS),
                   key=lambda t: t[0])
    else:
        best = descent(False, 2, leaders)
        # The shapes that suit one placement rule seldom suit another: a descent of one
        # pass by the bottom-left rule too (``DESCENT_RULES``), kept when it takes fewer
        # sheets (a gutter-fold kit whose last card sheet lends two narrow rooms: 39 sheets
        # instead of 40 in one kit; the other rule, best area fit, found none more).
        # Where it saves none, its packings are forgotten, so that the pick below chooses
        # among the same packings as without it (the layout is then the same).
        for heuristic in DESCENT_RULES:
            before = dict(tried)
            other = descent(False, 1, leaders, heuristic)
            if other[0][0] < best[0][0]:
                best = other
            else:
                tried.clear()
                tried.update(before)
        # Whole rectangles of each colour (banknote values): a second, shorter search, whose
        # packings the pick below prefers when they take no more sheets (the first search
        # seldom reaches them: its order takes the fewest sheets first, and an L of notes
        # packs tighter)
        if multi:
            whole = descent(True, 1, multi)
            if whole[0] < best[0]:
                best = whole
        # rectpack's other heuristics on the best few shapes (the search above used the first)
        ranked = sorted({tuple(s): r for (s, h), r in tried.items() if h == HEURISTICS[0]}.items(),
                        key=lambda t: t[1][0])
        for shapes, _result in ranked[:TOP_SHAPES]:
            for heuristic in HEURISTICS[1:]:
                trial = attempt(list(shapes), heuristic) + (list(shapes),)
                if trial[0] < best[0]:
                    best = trial
    # Of every packing tried with that few sheets, the few with the fewest lonely pieces (a
    # note that shares no cut with a note of its value) and ragged ones get their kinds
    # gathered (``_gather``: the blocks of one edge colour moved onto one sheet where the
    # sheets allow), and the best of them by ``rank`` is kept: a banknote value in rectangles
    # on one or two sheets, not eleven.  The search itself keeps to its own order so that it
    # finds the fewest sheets as before.
    fewest = sorted(((key, result) for key, result in tried.items() if result[0][0] == best[0][0]),
                    key=lambda t: rank(t[1]))
    ranked = fewest[:GATHERED]
    for (shapes, _h), (score, blocks, placed, _used) in ranked:
        placed = _gather(blocks, placed, room_sizes, pw, ph)
        used = sorted({bid for bid, *_r in placed.values() if bid >= len(room_sizes)})
        trial = (score, blocks, placed, used, list(shapes))
        if rank(trial) < rank(best):
            best = trial
    best = best[:5] + (tuple(dict.fromkeys(tuple(k[0]) for k, _r in fewest[:SEEDS])),)
    return best


def _draw(blocks: list[_Block], items: list[int], placed: dict, ox: float, oy: float, settings: PrintSettings,
          key: str):
    """The blocks ``items`` drawn at their packed places (room origin ``ox``, ``oy``): an SVG
    group (the crop marks), the placements, the (face, None) pairs and the placed faces."""
    g = group(id=f"packed-{key}")
    marks = group(id=f"packed-marks-{key}")
    placements: list[Placement] = []
    faces: list[tuple[Face, None]] = []
    art: list[PlacedFace] = []
    for i in items:
        b = blocks[i]
        _bid, bx, by, rotated = placed[i]
        bx, by = bx + ox, by + oy
        if b.cutout:
            for face, index, dx in ((c.face, c.index, c.x) for c in b.cells) if b.cells else [(*b.faces[0], 0.0)]:
                if rotated:     # turned a quarter clockwise: the row becomes a column
                    x, y, w, h, rot = bx + b.margin, by + b.margin + dx, face.height, face.width, 90
                else:
                    x, y, w, h, rot = bx + b.margin + dx, by + b.margin, face.width, face.height, 0
                art.append(PlacedFace(face, place_matrix(x, y, w, h, rot)))
                placements.append(Placement(face.name, face.component, x, y, w, h, rot, index))
                faces.append((face, None))
            continue
        face0 = b.faces[0][0]
        fw, fh = (face0.height, face0.width) if rotated else (face0.width, face0.height)
        grid_w, grid_h = (b.grid_h, b.grid_w) if rotated else (b.grid_w, b.grid_h)
        x0, y0 = bx + b.margin, by + b.margin
        outer = min(face0.bleed, settings.outer_bleed)
        xs, ys = set(), set()
        trims = []
        for k, cell in enumerate(b.cells):
            left, top, right, bottom = cell.sides
            if rotated:          # turned a quarter clockwise about the grid
                x, y = x0 + b.grid_h - cell.y - cell.face.height, y0 + cell.x
                left, top, right, bottom = bottom, left, top, right
            else:
                x, y = x0 + cell.x, y0 + cell.y
            trims.append((x, y, fw, fh, cell.face.edge_colour))
            xs |= {round(x, 4), round(x + fw, 4)}
            ys |= {round(y, 4), round(y + fh, 4)}
            art.append(PlacedFace(cell.face, place_matrix(x, y, fw, fh, 90 if rotated else 0),
                                  (x - left, y - top, fw + left + right, fh + top + bottom)))
            placements.append(Placement(cell.face.name, cell.face.component, x, y, fw, fh, 90 if rotated else 0,
                                        cell.index))
            faces.append((cell.face, None))
        gap = settings.mark_gap_mm
        for x in sorted(xs):
            marks.add(line(x, by, x, y0 - outer - gap, "#000000", MARK_STROKE_MM))
            marks.add(line(x, y0 + grid_h + outer + gap, x, by + (b.w if rotated else b.h), "#000000", MARK_STROKE_MM))
        for y in sorted(ys):
            marks.add(line(bx, y, x0 - outer - gap, y, "#000000", MARK_STROKE_MM))
            marks.add(line(x0 + grid_w + outer + gap, y, bx + (b.h if rotated else b.w), y, "#000000", MARK_STROKE_MM))
        # Inside the block, a fine line on every cut guides the strips once the margins are cut off.
        for x1, y1, x2, y2, colour in trim_guides(trims):
            marks.add(line(x1, y1, x2, y2, colour, GUIDE_STROKE_MM))
    g.add(marks)
    return g, placements, faces, art


def _note(note: str, settings: PrintSettings, component: str, x: float, width: float, bottom: float,
          steps: Sequence[str] = ()):
    """``note`` fitted into the band of NOTE_MM above ``bottom`` (mm), between ``x`` and
    ``x + width`` less 3 mm each side, after the assembly pictograms of ``steps``
    (``pnp.components.assembly.steps_strip``) when there are any."""
    from pnp.components.svg import text_block
    from pnp.components.text import fit

    steps_g, steps_w = steps_strip(steps, NOTE_MM - 1.6) if steps else (None, 0.0)
    text_x = x + 3.0 + (steps_w + 3.0 if steps_g is not None else 0.0)
    fitted = fit(note, "italic", x + width - 3.0 - text_x, NOTE_MM - 1.5, 3.0, 1.8, f"{component} note")
    block = text_block(fitted, text_x, bottom - NOTE_MM + 0.8, "#333333", "start", f"{component} note")
    if steps_g is None:
        return block
    g = group(id=f"{component}-note")
    placed = group(transform=f"translate({x + 3.0:.3f} {bottom - NOTE_MM + 0.8:.3f})")
    placed.add(steps_g)
    g.add(placed)
    g.add(block)
    return g


def _steps_of(blocks: list[_Block], items: list[int], groups: Sequence[PieceGroup]) -> tuple[str, ...]:
    """The assembly pictograms (``PieceGroup.steps``) of the pieces in ``items``, each once."""
    present = sorted({g for i in items for g in (blocks[i].groups or (blocks[i].group,))})
    return tuple(dict.fromkeys(groups[g].steps for g in present if groups[g].steps and groups[g].note))
