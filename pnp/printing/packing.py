"""Packing one-sided pieces together onto shared sheets (issue 11).

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
A block may be turned a quarter turn to fit.  The block sizes tried (rows per block) are
searched and the packing with the fewest new sheets wins (ties: fewer blocks, so fewer cuts).
Same input, same layout: rectpack is deterministic and the search order fixed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import rectpack

from pnp.components.svg import Face, group, line, new_sheet
from pnp.errors import LayoutError
from pnp.printing.imposition import (ABUT_OVERLAP_MM, MARK_STROKE_MM, Placement, PrintSettings, Sheet,
                                     footer_group, place_matrix)
from pnp.printing.placed import PlacedFace

CUTOUT_GAP_MM = 3.0      # clear paper round a cut-out piece (two pieces: 6 mm apart)
NOTE_MM = 8.0            # band above the footer of a packed sheet for the pieces' notes
ROWS_TRIED = (1, 2, 3, 4, 5, 6, 100)   # rows per block the search tries
COLS_TRIED = (1.0, 0.5, 0.34)        # block width the search tries, as a share of the sheet's columns
UNIT = 100               # rectpack works in integers: 0.01 mm


@dataclass
class PieceGroup:
    """Faces of one component to pack.

    ``faces`` all have one trim size unless ``cutout`` (pieces that draw their own cut and
    fold lines, packed one by one without bleed or marks).  ``note`` (an assembly hint) is
    printed in the note band of every new sheet holding one of these pieces.
    """

    component: str
    label: str
    faces: list[Face]
    cutout: bool = False
    note: str = ""


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


def _blocks(groups: Sequence[PieceGroup], settings: PrintSettings, max_w: float, max_h: float,
            shapes: Sequence[tuple[int, float]]) -> list[_Block]:
    """Every group cut into blocks: group g's blocks have at most ``shapes[g][0]`` rows and
    ``shapes[g][1]`` of the columns ``max_w`` holds.

    Groups of one face size follow each other in one stream, so that faces of one edge
    colour share cuts across components (a good token and its spares, say); a stream takes
    the shape of its first group.
    """
    out: list[_Block] = []
    mark = settings.mark_gap_mm + settings.mark_min_mm
    outer_cap = settings.outer_bleed
    streams: dict[tuple, list[tuple[Face, int, int]]] = {}
    for g, group_ in enumerate(groups):
        if group_.cutout:
            for i, face in enumerate(group_.faces):
                w, h = face.width + 2 * CUTOUT_GAP_MM, face.height + 2 * CUTOUT_GAP_MM
                out.append(_Block(g, [(face, i)], 1, 1, w, h, CUTOUT_GAP_MM, False, True))
            continue
        for i, face in enumerate(group_.faces):
            key = (round(face.width, 3), round(face.height, 3), face.bleed, face.edge_colour is None)
            streams.setdefault(key, []).append((face, i, g))
    for stream in streams.values():
        rows_cap, cols_share = shapes[stream[0][2]]
        # runs of faces that may share cuts (one edge colour), in order
        runs: list[list[tuple[Face, int, int]]] = []
        for item in stream:
            key = item[0].edge_colour
            if runs and key is not None and runs[-1][0][0].edge_colour == key:
                runs[-1].append(item)
            else:
                runs.append([item])
        if all(item[0].edge_colour is None for item in stream):
            runs = [stream]
        for run in runs:
            face = run[0][0]
            abut = face.edge_colour is not None
            bleed = face.bleed
            gutter = 0.0 if abut else 2 * bleed
            margin = min(bleed, outer_cap) + mark
            fw, fh = face.width, face.height
            cols_fit = max(1, math.floor((max_w - 2 * margin + gutter + 1e-9) / (fw + gutter)))
            rows_fit = max(1, math.floor((max_h - 2 * margin + gutter + 1e-9) / (fh + gutter)))
            cols = min(max(1, math.floor(cols_fit * cols_share + 1e-9)), len(run))
            rows = min(rows_cap, rows_fit)
            k = 0
            while k < len(run):
                left = len(run) - k
                if left >= cols * rows:
                    c, r = cols, rows
                else:       # the rest: as few rows as the cap allows, the last one maybe part-filled
                    r = min(rows, math.ceil(left / cols))
                    c = math.ceil(left / r)
                chunk = run[k:k + min(c * r, left)]
                w = c * fw + (c - 1) * gutter + 2 * margin
                h = r * fh + (r - 1) * gutter + 2 * margin
                out.append(_Block(chunk[0][2], [(f, i) for f, i, _g in chunk], c, r, w, h, margin, abut, False,
                                  tuple(sorted({gg for _f, _i, gg in chunk}))))
                k += len(chunk)
    return out


def _pack(blocks: list[_Block], bins: list[tuple[float, float]], spare_w: float, spare_h: float):
    """rectpack the blocks into ``bins`` (host rooms), then as many spare sheets as needed.

    Returns (placed, sheets used): ``placed`` maps block index -> (bin index, x, y, rotated)
    with bins numbered hosts first, spare sheets after.
    """
    packer = rectpack.newPacker(mode=rectpack.PackingMode.Offline, bin_algo=rectpack.PackingBin.Global,
                                pack_algo=rectpack.MaxRectsBssf, sort_algo=rectpack.SORT_AREA, rotation=True)
    for i, b in enumerate(blocks):
        packer.add_rect(math.ceil(b.w * UNIT - 1e-6), math.ceil(b.h * UNIT - 1e-6), rid=i)
    for i, (w, h) in enumerate(bins):
        packer.add_bin(math.floor(w * UNIT + 1e-6), math.floor(h * UNIT + 1e-6), count=1, bid=i)
    for k in range(len(blocks)):
        packer.add_bin(math.floor(spare_w * UNIT + 1e-6), math.floor(spare_h * UNIT + 1e-6), count=1,
                       bid=len(bins) + k)
    packer.pack()
    placed = {}
    for bin_ in packer:
        for r in bin_:
            b = blocks[r.rid]
            rotated = abs(r.width - math.ceil(b.w * UNIT - 1e-6)) > 0 and b.w != b.h
            placed[r.rid] = (bin_.bid, r.x / UNIT, r.y / UNIT, rotated)
    if len(placed) != len(blocks):
        missing = [blocks[i] for i in range(len(blocks)) if i not in placed]
        b = missing[0]
        raise LayoutError(f"a {b.w:.0f} x {b.h:.0f} mm piece (with bleed and marks) does not fit the printable area",
                          key="--paper")
    used = sorted({bid for bid, *_ in placed.values() if bid >= len(bins)})
    return placed, used


def _printable(settings: PrintSettings) -> tuple[float, float, float, float]:
    """(x, y, w, h) mm of a new packed sheet's room: inside the margins, above note band and footer."""
    paper = settings.paper
    m = settings.margin_mm
    return m, m, paper.width - 2 * m, paper.height - 2 * m - settings.footer_mm - NOTE_MM


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
    px, py, pw, ph = _printable(settings)
    room_sizes = [(box[2], box[3]) for _, box in rooms]

    def attempt(shapes):
        blocks = _blocks(groups, settings, pw, ph, shapes)
        placed, used = _pack(blocks, room_sizes, pw, ph)
        # fewest new sheets; then the least on the last one (closest to dropping it); then fewest blocks
        last = sum(blocks[i].w * blocks[i].h for i, (bid, *_r) in placed.items() if used and bid == used[-1])
        return (len(used), round(last), len(blocks)), blocks, placed, used

    # The same block shape for every group first, then each group's shape on its own
    # (coordinate descent, two passes): a few dozen rectpack runs of a few dozen blocks.
    options = [(r, c) for r in ROWS_TRIED for c in COLS_TRIED]
    best = min((attempt([o] * len(groups)) + ([o] * len(groups),) for o in options), key=lambda t: t[0])
    # only the first group of each stream of one face size sets a shape (_blocks)
    leaders, keys = [], set()
    for g, group_ in enumerate(groups):
        if group_.cutout:
            continue
        face = group_.faces[0]
        key = (round(face.width, 3), round(face.height, 3), face.bleed, face.edge_colour is None)
        if key not in keys:
            keys.add(key)
            leaders.append(g)
    for _ in range(2):
        for g in leaders:
            for o in options:
                shapes = list(best[4])
                if shapes[g] == o:
                    continue
                shapes[g] = o
                trial = attempt(shapes) + (shapes,)
                if trial[0] < best[0]:
                    best = trial
    _, blocks, placed, used, _shapes = best

    # draw: host rooms first, then new sheets in bin order
    new_index = {bid: n for n, bid in enumerate(used)}
    contents: dict[int, list[int]] = {}
    for i, (bid, *_rest) in placed.items():
        contents.setdefault(bid, []).append(i)
    new_sheets = []
    for bid in sorted(contents):
        items = sorted(contents[bid])
        if bid < len(rooms):
            host, (ox, oy, _w, _h) = rooms[bid]
            fragment, placements, faces, art = _draw(blocks, items, placed, ox, oy, settings, f"h{bid}")
            host.overlay = host.overlay[:host.overlay.rindex("</svg>")] + fragment.tostring() + "</svg>"
            host.art.extend(art)
            host.placements.extend(placements)
            host.faces.extend(faces)
            continue
        n = new_index[bid]
        dwg = new_sheet(settings.paper.width, settings.paper.height)
        fragment, placements, faces, art = _draw(blocks, items, placed, px, py, settings, f"p{n}")
        dwg.add(fragment)
        present = sorted({g for i in items for g in (blocks[i].groups or (blocks[i].group,))})
        notes = [groups[g].note for g in present if groups[g].note]
        if notes:
            dwg.add(_note(" ".join(dict.fromkeys(notes)), settings, groups[present[0]].component))
        labels = [groups[g].label for g in present]
        dwg.add(footer_group(settings.paper, settings, sheet_label(list(dict.fromkeys(labels)), n + 1, len(used))))
        sheet = Sheet(settings.paper, groups[present[0]].component, "single", dwg.tostring(), placements, [],
                      " · ".join(dict.fromkeys(labels)), faces=faces, art=art)
        new_sheets.append(sheet)
    return new_sheets


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
            face, index = b.faces[0]
            if rotated:
                x, y, w, h, rot = bx + b.margin, by + b.margin, face.height, face.width, 90
            else:
                x, y, w, h, rot = bx + b.margin, by + b.margin, face.width, face.height, 0
            art.append(PlacedFace(face, place_matrix(x, y, w, h, rot)))
            placements.append(Placement(face.name, face.component, x, y, w, h, rot, index))
            faces.append((face, None))
            continue
        face0 = b.faces[0][0]
        fw, fh = (face0.height, face0.width) if rotated else (face0.width, face0.height)
        cols, rows = (b.rows, b.cols) if rotated else (b.cols, b.rows)
        bleed = face0.bleed
        outer = min(bleed, settings.outer_bleed)
        gutter = 0.0 if b.abut else 2 * bleed
        x0, y0 = bx + b.margin, by + b.margin
        inner = min(bleed, ABUT_OVERLAP_MM) if b.abut else bleed
        n = len(b.faces)
        for k, (face, index) in enumerate(b.faces):
            r, c = divmod(k, b.cols)
            # bleed on each side of the unturned cell: a hair where a neighbour shares the cut
            sides = [inner if c > 0 else outer,                              # left
                     inner if r > 0 else outer,                              # top
                     inner if c < b.cols - 1 and k + 1 < n else outer,       # right
                     inner if k + b.cols < n else outer]                     # bottom
            if rotated:          # turned a quarter clockwise: column c becomes row c, row r column rows-1-r
                col, row = b.rows - 1 - r, c
                sides = sides[3:] + sides[:3]       # left <- bottom, top <- left, right <- top, bottom <- right
            else:
                col, row = c, r
            x, y = x0 + col * (fw + gutter), y0 + row * (fh + gutter)
            left, top, right, bottom = sides
            art.append(PlacedFace(face, place_matrix(x, y, fw, fh, 90 if rotated else 0),
                                  (x - left, y - top, fw + left + right, fh + top + bottom)))
            placements.append(Placement(face.name, face.component, x, y, fw, fh, 90 if rotated else 0, index))
            faces.append((face, None))
        grid_w = cols * fw + (cols - 1) * gutter
        grid_h = rows * fh + (rows - 1) * gutter
        xs = sorted({round(x0 + c * (fw + gutter) + d, 4) for c in range(cols) for d in (0.0, fw)})
        ys = sorted({round(y0 + r * (fh + gutter) + d, 4) for r in range(rows) for d in (0.0, fh)})
        gap = settings.mark_gap_mm
        for x in xs:
            marks.add(line(x, by, x, y0 - outer - gap, "#000000", MARK_STROKE_MM))
            marks.add(line(x, y0 + grid_h + outer + gap, x, by + (b.w if rotated else b.h), "#000000", MARK_STROKE_MM))
        for y in ys:
            marks.add(line(bx, y, x0 - outer - gap, y, "#000000", MARK_STROKE_MM))
            marks.add(line(x0 + grid_w + outer + gap, y, bx + (b.h if rotated else b.w), y, "#000000", MARK_STROKE_MM))
    g.add(marks)
    return g, placements, faces, art


def _note(note: str, settings: PrintSettings, component: str):
    from pnp.components.svg import text_block
    from pnp.components.text import fit

    paper = settings.paper
    left = settings.margin_mm + 3.0
    width = paper.width - 2 * left
    bottom = paper.height - settings.margin_mm - settings.footer_mm
    fitted = fit(note, "italic", width, NOTE_MM - 1.5, 3.0, 1.8, f"{component} note")
    return text_block(fitted, left, bottom - NOTE_MM + 0.8, "#333333", "start", f"{component} note")
