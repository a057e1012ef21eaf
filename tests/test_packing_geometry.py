"""The packer's geometry (pnp/printing/packing.py), worked out by hand from the README: what each
packed piece shows past its cut, the gutters between pieces, the crop marks of a block, pieces
turned a quarter turn, the note band.

Only ``pack_pieces``' public results are read (the placements' trim boxes, each placed face's
clip box, the overlay's lines), so these tests hold whatever block shapes the search picks.
The numbers are the README's ("Printing a kit"): packed pieces take the tight layout, 2 mm
outer bleed round a block, 2.5 mm crop marks, 4 mm margin; pieces of one edge colour share
their cuts; two edge colours keep a 4 mm gutter, 2 mm of each colour; pieces without an edge
colour keep their whole bleed (3 mm asked) on each side of a gutter; marks never touch the
art (0.7 mm clear, print.md).
"""

from __future__ import annotations

import re

import pytest

from pnp.components.svg import Face, group, rect
from pnp.errors import LayoutError
from pnp.printing.cutguides import GUIDE_STROKE_MM
from pnp.geometry import PAPERS
from pnp.printing.imposition import PrintSettings
from pnp.printing.packing import PieceGroup, pack_pieces

A4 = (210.0, 297.0)         # ISO 216
ASKED = 3.0                 # the kit's --bleed-mm default
OUTER = 2.0                 # README: packed blocks keep 2 mm outer bleed
GUTTER_COLOURS = 4.0        # README: two edge colours meet across a 4 mm gutter (2 mm each)
MARGIN = 4.0                # README: 4 mm margin round packed sheets
MARK = 2.5                  # README: 2.5 mm crop marks
MARK_GAP = 0.7              # print.md: marks start 0.7 mm off the art
TOL = 1e-6
BLOCKS_APART = 2 * (OUTER + MARK_GAP + MARK)    # two blocks side by side: each one's outer bleed, gap and marks


def face(name: str, w: float, h: float, colour: str | None, bleed: float = ASKED, component: str = "tokens") -> Face:
    art = group()
    art.add(rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=colour or "#808080"))
    return Face(name, component, w, h, bleed, art, edge_colour=colour)


def label(labels, n, total) -> str:
    return f"{' · '.join(labels)} {n}/{total}"


def pack(groups, paper="a4"):
    return pack_pieces(groups, PrintSettings(PAPERS[paper]), [], label)


def shown(sheet):
    """[(placement, (left, top, right, bottom) mm of art past each side of its trim)] of a sheet."""
    out = []
    for p, art in zip(sheet.placements, sheet.art):
        x, y, w, h = art.clip
        out.append((p, (p.x - x, p.y - y, x + w - (p.x + p.w), y + h - (p.y + p.h))))
    return out


def facing(p, others):
    """For each side of ``p`` (left, top, right, bottom): the gap (mm) to the nearest other
    trim across that side whose span overlaps this side's, or None."""
    gaps = [None] * 4
    for q in others:
        if q is p:
            continue
        rows_meet = q.y < p.y + p.h - TOL and p.y < q.y + q.h - TOL
        cols_meet = q.x < p.x + p.w - TOL and p.x < q.x + q.w - TOL
        for side, meets, gap in ((0, rows_meet, p.x - (q.x + q.w)), (2, rows_meet, q.x - (p.x + p.w)),
                                 (1, cols_meet, p.y - (q.y + q.h)), (3, cols_meet, q.y - (p.y + p.h))):
            if meets and gap > -TOL and (gaps[side] is None or gap < gaps[side]):
                gaps[side] = gap
    return gaps


def marks(sheet):
    """Every line of a packed sheet's overlay but its cut guides: (x1, y1, x2, y2) mm (crop
    marks, and the footer's ruler in the sheet's bottom 10 mm).  The cut guides (the fine
    lines on the cuts, over the art, ``pnp.printing.cutguides``) are tested in
    tests/test_cut_guides.py."""
    out = []
    for m in re.finditer(r"<line ([^>]*)/>", sheet.overlay.svg()):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        if float(attrs.get("stroke-width", 0)) == GUIDE_STROKE_MM:
            continue
        out.append(tuple(float(attrs[k]) for k in ("x1", "y1", "x2", "y2")))
    return out


def test_one_colour_shares_its_cuts_and_keeps_2_mm_round_the_block():
    """Twelve 20 mm tokens of one edge colour: every side that meets another token is cut
    once, on the shared line (the art runs a hair past it, under the neighbour's), every
    other side shows the README's 2 mm outer bleed."""
    sheets = pack([PieceGroup("tokens", "Tokens", [face("t", 20, 20, "#6D4C41") for _ in range(12)])])
    assert len(sheets) == 1
    pieces = shown(sheets[0])
    assert len(pieces) == 12
    for p, sides in pieces:
        gaps = facing(p, sheets[0].placements)
        for side, gap in zip(sides, gaps):
            if gap is not None and gap < TOL:       # a shared cut
                assert 0 < side <= 0.5, (p, sides, gaps)
            else:
                assert side == pytest.approx(OUTER), (p, sides, gaps)
                assert gap is None or gap >= 2 * OUTER - TOL
    shared = sum(1 for p, _ in pieces for g in facing(p, sheets[0].placements) if g is not None and g < TOL)
    assert shared >= 12        # 12 tokens in at most 4 rows or columns of one block share at least 12 sides


def test_two_edge_colours_keep_a_4_mm_gutter_2_mm_of_each():
    """Where a red token faces a blue one the trims are at least 4 mm apart and each shows
    exactly 2 mm of its own colour toward the other; where two of one colour face each other
    they share the cut."""
    reds = [face("red", 18, 18, "#C63B2C") for _ in range(5)]
    blues = [face("blue", 18, 18, "#4385CF") for _ in range(5)]
    sheets = pack([PieceGroup("tokens", "Tokens", reds + blues)])
    assert len(sheets) == 1
    placements = sheets[0].placements
    differ = 0
    for p, sides in shown(sheets[0]):
        for side in range(4):
            near = [q for q in placements if q is not p and facing(p, [q])[side] is not None]
            if not near:
                continue
            q = min(near, key=lambda q: facing(p, [q])[side])
            gap = facing(p, [q])[side]
            if gap >= BLOCKS_APART - 0.011:         # another block: its own outer bleed
                assert sides[side] == pytest.approx(OUTER)
            elif q.face != p.face:                  # one block, across a gutter
                differ += 1
                assert gap == pytest.approx(GUTTER_COLOURS), (p, q)
                assert sides[side] == pytest.approx(GUTTER_COLOURS / 2), (p, sides)
            else:                                   # one block, one colour: a shared cut
                assert gap < TOL and 0 < sides[side] <= 0.5, (p, q, sides)
    assert differ >= 2          # the two colours meet across a gutter at least once (both sides counted)
    # the art of a red token never reaches a blue one's trim
    clips = [(p, a.clip) for p, a in zip(placements, sheets[0].art)]
    for p, (x, y, w, h) in clips:
        for q in placements:
            if q.face != p.face:
                assert x + w <= q.x + TOL or q.x + q.w <= x + TOL or y + h <= q.y + TOL or q.y + q.h <= y + TOL, (p, q)


def test_pieces_without_an_edge_colour_keep_their_whole_bleed_each_side_of_a_gutter():
    """Price-table-like pieces (no edge colour): never butted; between two of them a gutter
    of twice the bleed asked, each showing the full 3 mm; the block's outside 2 mm."""
    sheets = pack([PieceGroup("tables", "Tables", [face("p", 60, 40, None, component="tables") for _ in range(6)])])
    assert len(sheets) == 1
    placements = sheets[0].placements
    inner = 0
    for p, sides in shown(sheets[0]):
        for side, gap in zip(sides, facing(p, placements)):
            if gap is not None and gap < BLOCKS_APART - 0.011:      # in one block (0.01 mm: rectpack's unit)
                inner += 1
                assert gap == pytest.approx(2 * ASKED) and side == pytest.approx(ASKED), (p, sides)
            else:
                assert side == pytest.approx(OUTER), (p, sides)
    assert inner >= 6          # six tables in one or two blocks face each other at least 3 times (both sides counted)


def test_crop_marks_sit_on_every_cut_clear_of_the_art_and_inside_the_margin():
    """Each cut line of a block (every distinct trim edge) has a mark on it at both ends,
    outside the art (0.7 mm clear of every piece's art) and at least 2.5 mm long (README),
    never into the 4 mm margin."""
    groups = [PieceGroup("tokens", "Tokens", [face("t", 25, 25, "#27AD60") for _ in range(7)]),
              PieceGroup("tables", "Tables", [face("p", 50, 30, None, component="tables") for _ in range(3)])]
    sheets = pack(groups)
    assert len(sheets) == 1
    sheet = sheets[0]
    lines = marks(sheet)
    arts = [(a.clip[0], a.clip[1], a.clip[0] + a.clip[2], a.clip[1] + a.clip[3]) for a in sheet.art]
    footer_top = A4[1] - 10.0           # the footer's ruler sits in the bottom 10 mm (tests/test_bleed_marks.py)
    crop = [m for m in lines if max(m[1], m[3]) < footer_top]
    for x1, y1, x2, y2 in crop:
        assert x1 == pytest.approx(x2) or y1 == pytest.approx(y2), "marks are straight"
        assert max(abs(x2 - x1), abs(y2 - y1)) >= MARK - TOL
        assert min(x1, x2) >= MARGIN - TOL and max(x1, x2) <= A4[0] - MARGIN + TOL and min(y1, y2) >= MARGIN - TOL
        for ax0, ay0, ax1, ay1 in arts:
            dx = max(ax0 - max(x1, x2), min(x1, x2) - ax1, 0.0)
            dy = max(ay0 - max(y1, y2), min(y1, y2) - ay1, 0.0)
            assert (dx * dx + dy * dy) ** 0.5 >= MARK_GAP - 1e-4, ((x1, y1, x2, y2), (ax0, ay0, ax1, ay1))
    for p in sheet.placements:
        for x in (p.x, p.x + p.w):      # a vertical mark on this cut line above the piece and one below it
            ends = [(min(m[1], m[3]), max(m[1], m[3])) for m in crop if abs(m[0] - x) < 1e-3 and abs(m[2] - x) < 1e-3]
            assert any(e[1] <= p.y for e in ends) and any(e[0] >= p.y + p.h for e in ends), (p, x)
        for y in (p.y, p.y + p.h):
            ends = [(min(m[0], m[2]), max(m[0], m[2])) for m in crop if abs(m[1] - y) < 1e-3 and abs(m[3] - y) < 1e-3]
            assert any(e[1] <= p.x for e in ends) and any(e[0] >= p.x + p.w for e in ends), (p, y)


def test_a_piece_wider_than_the_sheet_is_turned_with_its_bleed():
    """A 230 x 40 mm piece does not fit across A4's 202 mm of room (210 less 2 x 4 mm), so it
    is turned a quarter: its placement stands 40 x 230 mm, turned 90 degrees; two of one edge
    colour share their long cut, and every other side shows 2 mm."""
    sheets = pack([PieceGroup("strips", "Strips", [face("s", 230, 40, "#1565C0", component="strips") for _ in range(2)])])
    assert len(sheets) == 1
    pieces = shown(sheets[0])
    assert [(p.w, p.h, p.rotation) for p, _ in pieces] == [(40, 230, 90)] * 2
    (a, sa), (b, sb) = sorted(pieces, key=lambda t: t[0].x)
    assert b.x == pytest.approx(a.x + 40) and b.y == pytest.approx(a.y)       # butted side by side
    assert 0 < sa[2] <= 0.5 and 0 < sb[0] <= 0.5                             # the shared cut: a hair
    assert [sa[0], sa[1], sa[3], sb[1], sb[2], sb[3]] == pytest.approx([OUTER] * 6)
    # the trim placed is the turned trim: each face's art lands on its placement
    for p, art in zip(sheets[0].placements, sheets[0].art):
        m = art.inner          # trim (0, 0) and (w, h) of the unturned face
        corners = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]) for x, y in ((0, 0), (230, 40))]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        assert xs == pytest.approx([p.x, p.x + 40]) and ys == pytest.approx([p.y, p.y + 230])


def test_the_printable_room_and_the_note_band():
    """A new packed sheet's room is A4 less the 4 mm margins and the footer band; with an
    assembly note, less the note band too: a piece as tall as the room fits, one a millimetre
    taller is refused naming --paper."""
    settings = PrintSettings(PAPERS["a4"])
    footer = settings.footer_mm
    block = 2 * (OUTER + MARK_GAP + MARK)       # a lone piece's bleed and marks on both sides
    tallest = A4[1] - 2 * MARGIN - footer - block
    fits = pack([PieceGroup("tall", "Tall", [face("t", 50, tallest, None, component="tall")])])
    (p,) = fits[0].placements
    assert p.h == pytest.approx(tallest) and p.y == pytest.approx(MARGIN + OUTER + MARK_GAP + MARK)
    with pytest.raises(LayoutError, match="does not fit"):
        pack([PieceGroup("tall", "Tall", [face("t", 50, tallest + 1.0, None, component="tall")])])
    widest = A4[0] - 2 * MARGIN - block
    (q,) = pack([PieceGroup("wide", "Wide", [face("w", widest, 30, None, component="wide")])])[0].placements
    assert (q.w, q.rotation) == (pytest.approx(widest), 0) and q.x == pytest.approx(MARGIN + OUTER + MARK_GAP + MARK)
    # A cut-out with a note (a pawn) keeps 3 mm of paper round it and stays above the note band.
    pawns = PieceGroup("pawns", "Pawns", [face("s", 24, 100, None, bleed=0.0, component="pawns") for _ in range(14)],
                       cutout=True, note="Fold on the dashed line.")
    sheets = pack([pawns])
    footer_top = A4[1] - MARGIN - footer
    for sheet in sheets:
        lowest = max(p.y + p.h for p in sheet.placements)
        # the note under the pieces: its baseline below the lowest pawn's 3 mm of paper, above the footer
        (baseline,) = [float(y) for y in re.findall(r'<text [^>]*y="([-\d.e]+)"[^>]*>Fold on the dashed line.<', sheet.overlay.svg())]
        assert lowest + 3.0 < baseline < footer_top, (lowest, baseline)


def test_a_colour_over_two_rows_shares_its_row_cut_and_keeps_the_gutter_to_the_next():
    """Eight red and four blue 40 mm tokens: red fills two rows of four (A4's 202 mm of room
    holds four 40 mm columns with the block's 2 x 5.2 mm of bleed, gap and marks), blue a
    third; the red rows share their cut, red and blue keep the 4 mm gutter, 2 mm each."""
    reds = [face("red", 40, 40, "#C63B2C") for _ in range(8)]
    blues = [face("blue", 40, 40, "#4385CF") for _ in range(4)]
    (sheet,) = pack([PieceGroup("tokens", "Tokens", reds + blues)])
    rows = sorted({(round(p.y, 3), p.face) for p in sheet.placements})
    assert [f for _y, f in rows] == ["red", "red", "blue"]
    (y0, _), (y1, _), (y2, _) = rows
    assert y1 - y0 == pytest.approx(40) and y2 - y1 == pytest.approx(40 + GUTTER_COLOURS)
    for p, (left, top, right, bottom) in shown(sheet):
        expect_top = {y0: OUTER, y1: None, y2: GUTTER_COLOURS / 2}[round(p.y, 3)]
        expect_bottom = {y0: None, y1: GUTTER_COLOURS / 2, y2: OUTER}[round(p.y, 3)]
        for got, want in ((top, expect_top), (bottom, expect_bottom)):
            if want is None:            # the shared cut between the red rows: a hair
                assert 0 < got <= 0.5, (p, top, bottom)
            else:
                assert got == pytest.approx(want), (p, top, bottom)


def test_every_face_lands_on_its_placement_once_with_its_index():
    """Each placement's art maps the face's trim onto the placement's box (turned pieces
    too), each face of a group is placed once under its index in the group, and the
    sheet's face list pairs each placement with its face (no back)."""
    colours = ("#C63B2C", "#4385CF")
    groups = [PieceGroup("tokens", "Tokens", [face(f"t{k}", 22, 22, colours[k % 2]) for k in range(9)]),
              PieceGroup("strips", "Strips", [face(f"s{k}", 230, 30, None, component="strips") for k in range(2)]),
              PieceGroup("pawns", "Pawns", [face(f"p{k}", 24, 250, None, bleed=0.0, component="pawns") for k in range(2)],
                         cutout=True)]
    sheets = pack(groups)
    seen = {}
    for sheet in sheets:
        assert len(sheet.faces) == len(sheet.placements) == len(sheet.art)
        for p, art, (f, back) in zip(sheet.placements, sheet.art, sheet.faces):
            assert back is None and f.name == p.face and art.face is f
            seen.setdefault(p.component, []).append((p.index, p.face))
            m = art.inner
            corners = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]) for x, y in ((0, 0), (f.width, f.height))]
            xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
            assert xs == pytest.approx([p.x, p.x + p.w]) and ys == pytest.approx([p.y, p.y + p.h]), p
            assert p.rotation in (0, 90)
            # the trim's top-left corner: on the placement's top-left unturned, top-right turned
            # a quarter clockwise (y down)
            assert corners[0] == pytest.approx((p.x, p.y) if p.rotation == 0 else (p.x + p.w, p.y)), p
            assert (p.w, p.h) == ((f.width, f.height) if p.rotation == 0 else (f.height, f.width))
    for group_ in groups:
        assert sorted(seen[group_.component]) == [(k, g.name) for k, g in enumerate(group_.faces)]
    # the 230 mm strips do not fit A4's 202 mm of room across: turned
    assert [p.rotation for s in sheets for p in s.placements if p.component == "strips"] == [90, 90]


def test_cut_out_pieces_keep_3_mm_of_paper_round_them():
    """Cut-outs (pawns) carry no bleed and no crop marks: 3 mm of clear paper round each
    (two pieces 6 mm apart), inside the 4 mm margin; a piece taller than the room
    is turned."""
    pawns = [face(f"p{k}", 24, 100, None, bleed=0.0, component="pawns") for k in range(10)]
    tall = [face("t", 230, 30, None, bleed=0.0, component="pawns")]     # only fits turned
    sheets = pack([PieceGroup("pawns", "Pawns", pawns + tall, cutout=True)])
    settings = PrintSettings(PAPERS["a4"])
    for sheet in sheets:
        assert marks(sheet) and all(max(m[1], m[3]) >= A4[1] - 10.0 for m in marks(sheet)), "no crop marks"
        ps = sheet.placements
        for p in ps:
            assert p.x >= MARGIN + 3.0 - TOL and p.y >= MARGIN + 3.0 - TOL and p.x + p.w <= A4[0] - MARGIN - 3.0 + TOL
            assert p.y + p.h <= A4[1] - MARGIN - settings.footer_mm - 3.0 + TOL
            for q in ps:
                if q is not p:
                    dx = max(q.x - (p.x + p.w), p.x - (q.x + q.w))
                    dy = max(q.y - (p.y + p.h), p.y - (q.y + q.h))
                    assert max(dx, dy) >= 6.0 - 1e-3, (p, q)
        for p, art in zip(sheet.placements, sheet.art):
            assert art.clip is None
    (t,) = [p for s in sheets for p in s.placements if p.face == "t"]
    assert (t.w, t.h, t.rotation) == (30, 230, 90)


def test_crop_marks_are_black_2_5_mm_strokes():
    """README: 2.5 mm crop marks; every mark of a packed block is that long (to the block's
    edge, rectpack's 0.01 mm rounding aside), black, with a stroke width."""
    groups = [PieceGroup("tokens", "Tokens", [face("t", 25, 35, "#27AD60") for _ in range(5)]),
              PieceGroup("tables", "Tables", [face("p", 70, 30, None, component="tables") for _ in range(3)])]
    (sheet,) = pack(groups)
    found = 0
    for m in re.finditer(r"<line ([^>]*)/>", sheet.overlay.svg()):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        x1, y1, x2, y2 = (float(attrs[k]) for k in ("x1", "y1", "x2", "y2"))
        if max(y1, y2) >= A4[1] - 10.0:
            continue                    # the footer's ruler
        if float(attrs["stroke-width"]) == GUIDE_STROKE_MM:
            continue                    # a cut guide over the art (tests/test_cut_guides.py)
        found += 1
        assert abs(x2 - x1) + abs(y2 - y1) == pytest.approx(MARK, abs=0.011), attrs
        assert attrs["stroke"] == "#000000" and float(attrs["stroke-width"]) > 0
    assert found >= 4 * 4           # each piece has 4 cut lines, each marked at both ends; shared in blocks


def test_a_piece_too_large_either_way_round_is_refused():
    """A square piece 1 mm wider than A4's room across (202 mm less a lone block's 2 x 5.2 mm)
    fits neither way round."""
    widest = A4[0] - 2 * MARGIN - BLOCKS_APART
    with pytest.raises(LayoutError, match="does not fit"):
        pack([PieceGroup("big", "Big", [face("b", widest + 1.0, widest + 1.0, None, component="big")])])
    (p,) = pack([PieceGroup("big", "Big", [face("b", widest, widest, None, component="big")])])[0].placements
    assert p.w == pytest.approx(widest)


def test_a_noted_piece_never_runs_into_its_note():
    """Cut-outs with an assembly note, from short to as tall as A4 allows: each is placed
    with its note under it (the note's baseline below the piece's 3 mm of paper) or refused."""
    settings = PrintSettings(PAPERS["a4"])
    footer_top = A4[1] - MARGIN - settings.footer_mm
    placed = 0
    for height in range(250, 284, 3):
        pawn = PieceGroup("pawns", "Pawns", [face("s", 24, float(height), None, bleed=0.0, component="pawns")],
                          cutout=True, note="Fold on the dashed line.")
        try:
            (sheet,) = pack([pawn])
        except LayoutError:
            continue
        placed += 1
        (p,) = sheet.placements
        (baseline,) = [float(y) for y in re.findall(r'<text [^>]*y="([-\d.e]+)"[^>]*>Fold on the dashed line.<', sheet.overlay.svg())]
        assert p.y + max(p.w, p.h) + 3.0 < baseline < footer_top, (height, p, baseline)
    assert placed >= 3


def test_two_wide_pieces_share_one_sheet_across_their_gutter():
    """Two 92 x 200 mm pieces without an edge colour: side by side in one block they take
    2 x 92 + 6 (gutter, 2 x 3 mm bleed) + 2 x 5.2 (outer bleed, gap, marks) = 200.4 mm of
    A4's 202 mm; in two blocks they would need 204.8 mm.  So one sheet, 6 mm apart."""
    (sheet,) = pack([PieceGroup("tables", "Tables", [face("p", 92, 200, None, component="tables") for _ in range(2)])])
    a, b = sorted(sheet.placements, key=lambda p: p.x)
    assert (a.rotation, b.rotation) == (0, 0) and b.x - (a.x + a.w) == pytest.approx(2 * ASKED)


def test_two_colours_side_by_side_keep_a_4_mm_gutter():
    """A red and a blue 93.5 x 200 mm piece: only side by side in one block do they fit one
    A4 sheet (2 x 93.5 + 4 + 10.4 = 201.4 mm of 202; two blocks: 207.8 mm), 4 mm apart,
    2 mm of each colour toward the gutter."""
    (sheet,) = pack([PieceGroup("tokens", "Tokens", [face("red", 93.5, 200, "#C63B2C"), face("blue", 93.5, 200, "#4385CF")])])
    (a, sa), (b, sb) = sorted(shown(sheet), key=lambda t: t[0].x)
    assert a.face != b.face and b.x - (a.x + a.w) == pytest.approx(GUTTER_COLOURS)
    assert sa[2] == pytest.approx(GUTTER_COLOURS / 2) and sb[0] == pytest.approx(GUTTER_COLOURS / 2)
