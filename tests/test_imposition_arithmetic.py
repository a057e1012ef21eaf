"""Imposition arithmetic checked against hand-worked numbers: back correction, duplex mirroring, face placement
matrices, grid fitting and trim boxes.

Sources of the numbers: ISO 216 A4 = 210 x 297 mm; poker card = 63.5 x 88.9 mm (2.5 x 3.5 in);
every expected value below is worked by hand from these and the rule each docstring states,
never read from the module under test.
"""

from __future__ import annotations

import pytest

from pnp.geometry import Paper
from pnp.printing.imposition import (GridPlan, Placement, PrintSettings, _best_fit, _corrected, _mirror,
                                     place_matrix)

A4 = Paper("a4", "A4", 210.0, 297.0)          # ISO 216
POKER_W, POKER_H = 63.5, 88.9                 # 2.5 x 3.5 in


def apply(m, x, y):
    """An SVG matrix (a, b, c, d, e, f) applied to the point (x, y)."""
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


# ---------------------------------------------------------------------------- back correction
def test_back_correction_scales_about_the_sheet_centre_then_offsets():
    # --scale-x 1.02 --scale-y 0.98 --back-offset 1.5,-2: about A4's centre (105, 148.5) mm.
    s = PrintSettings(A4, back_scale=(1.02, 0.98), back_offset_mm=(1.5, -2.0))
    x, y = s.back_point(10.0, 20.0)
    assert x == pytest.approx(105 + 1.02 * (10 - 105) + 1.5)        # 9.6
    assert x == pytest.approx(9.6)
    assert y == pytest.approx(148.5 + 0.98 * (20 - 148.5) - 2.0)    # 20.57
    assert y == pytest.approx(20.57)
    # the centre itself only moves by the offset
    assert s.back_point(105.0, 148.5) == pytest.approx((106.5, 146.5))


def test_a_corrected_back_keeps_its_corner_on_the_corrected_point_and_scales_its_size():
    s = PrintSettings(A4, back_scale=(1.02, 0.98), back_offset_mm=(1.5, -2.0))
    p = Placement("b0", "cards", 10.0, 20.0, POKER_W, POKER_H, 90, 3)
    c = _corrected(p, s)
    assert (c.x, c.y) == pytest.approx((9.6, 20.57))
    assert (c.w, c.h) == pytest.approx((63.5 * 1.02, 88.9 * 0.98))   # 64.77 x 87.122 mm
    # the far corner is the corrected far corner: the box is the corrected box, not just moved
    assert (c.x + c.w, c.y + c.h) == pytest.approx(s.back_point(10.0 + POKER_W, 20.0 + POKER_H))
    assert (c.face, c.component, c.rotation, c.index) == ("b0", "cards", 90, 3)


def test_no_back_correction_is_the_identity():
    s = PrintSettings(A4)
    assert s.back_matrix() == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    assert s.back_transform() == ""
    p = Placement("b0", "cards", 12.25, 30.5, POKER_W, POKER_H, 0, 0)
    assert _corrected(p, s) == p


# ---------------------------------------------------------------------------- duplex mirroring
@pytest.mark.parametrize("rotation, back_rotation", [(0, 0), (90, 270), (180, 180), (270, 90)])
def test_long_edge_flip_mirrors_columns(rotation, back_rotation):
    # Turned over its long (vertical) edge, a point x mm from the left is x mm from the right.
    x, y, rot = _mirror(10.0, 20.0, POKER_W, POKER_H, rotation, A4, "long")
    assert (x, y) == pytest.approx((210 - 10 - 63.5, 20.0))          # 136.5, 20
    assert rot == back_rotation


@pytest.mark.parametrize("rotation, back_rotation", [(0, 180), (90, 90), (180, 0), (270, 270)])
def test_short_edge_flip_mirrors_rows(rotation, back_rotation):
    # Turned over its short (top) edge, a box y mm from the top has its bottom y mm from the foot.
    x, y, rot = _mirror(10.0, 20.0, POKER_W, POKER_H, rotation, A4, "short")
    assert (x, y) == pytest.approx((10.0, 297 - 20 - 88.9))           # 10, 188.1
    assert rot == back_rotation


# ---------------------------------------------------------------------------- placing a face
@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_place_matrix_maps_the_trim_onto_the_box(rotation):
    # A poker face placed in a box; turned a quarter, the box is 88.9 wide and 63.5 high.
    x, y = 15.0, 22.0
    w, h = (POKER_H, POKER_W) if rotation in (90, 270) else (POKER_W, POKER_H)
    m = place_matrix(x, y, w, h, rotation)
    corners = [apply(m, cx, cy) for cx, cy in ((0, 0), (POKER_W, 0), (POKER_W, POKER_H), (0, POKER_H))]
    xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
    assert (xs[0], xs[-1], ys[0], ys[-1]) == pytest.approx((x, x + w, y, y + h))
    # Where the face's top-left corner goes says which way it turned (clockwise on the page).
    expected_top_left = {0: (x, y), 90: (x + w, y), 180: (x + w, y + h), 270: (x, y + h)}[rotation]
    assert apply(m, 0, 0) == pytest.approx(expected_top_left)


# ---------------------------------------------------------------------------- fitting a grid
def test_best_fit_poker_cards_on_a4_inside_10_mm_margins():
    # 190 x 277 mm inside 10 mm margins, 3 mm bleed.  With a 6 mm gutter: upright 2 x 2,
    # turned 2 x 3.  Abutting (gutter 0, 3 mm bleed round the grid): upright
    # floor(184 / 63.5) x floor(271 / 88.9) = 2 x 3, turned floor(184 / 88.9) x floor(271 / 63.5) = 2 x 4.
    assert _best_fit(190.0, 277.0, POKER_W, POKER_H, 3.0, can_abut=False) == (2, 3, True, False, POKER_H, POKER_W, 6.0)
    assert _best_fit(190.0, 277.0, POKER_W, POKER_H, 3.0, can_abut=True) == (2, 4, True, True, POKER_H, POKER_W, 0.0)


def test_best_fit_counts_an_exact_fit_and_keeps_ties_upright_and_guttered():
    # 50 mm squares, 5 mm bleed, 10 mm gutter: 5 + 50 + 10 + 50 + 5 = 120 mm holds exactly two.
    assert _best_fit(120.0, 120.0, 50.0, 50.0, 5.0, can_abut=False) == (2, 2, False, False, 50.0, 50.0, 10.0)
    # 0.01 mm short: one.
    assert _best_fit(119.99, 120.0, 50.0, 50.0, 5.0, can_abut=False) == (1, 2, False, False, 50.0, 50.0, 10.0)
    # Abutting fits no more squares here (2 x 2 either way): the guttered grid is kept.
    assert _best_fit(120.0, 120.0, 50.0, 50.0, 5.0, can_abut=True)[3] is False


def test_best_fit_uses_the_outer_bleed_round_the_grid():
    # 2 mm outer bleed instead of 5: 2 + 50 + 10 + 50 + 2 = 114 mm holds two across.
    assert _best_fit(114.0, 60.0, 50.0, 50.0, 5.0, can_abut=False, outer=2.0) == (2, 1, False, False, 50.0, 50.0, 10.0)
    assert _best_fit(114.0, 60.0, 50.0, 50.0, 5.0, can_abut=False) == (1, 1, False, False, 50.0, 50.0, 10.0)
    # nothing fits: None
    assert _best_fit(40.0, 40.0, 50.0, 50.0, 5.0, can_abut=True) is None


def test_trim_box_steps_by_a_trim_plus_the_gutter():
    plan = GridPlan(cols=2, rows=3, rotated=False, abut=False, face_w=POKER_W, face_h=POKER_H, gutter=6.0,
                    x0=10.0, y0=12.0)
    assert plan.trim_box(0, 0) == (10.0, 12.0)
    assert plan.trim_box(1, 2) == pytest.approx((10 + 69.5, 12 + 2 * 94.9))    # 79.5, 201.8
    assert plan.per_sheet == 6


# ---------------------------------------------------------------------------- crop marks
def _poker_face(name):
    from pnp.components.svg import Face, group, rect
    art = group()
    art.add(rect(-3, -3, POKER_W + 6, POKER_H + 6, fill="#4A2F1B"))
    return Face(name, "cards", POKER_W, POKER_H, 3.0, art, edge_colour="#4A2F1B")


@pytest.mark.parametrize("margin, footer", [(10.0, 7.0), (5.0, 7.0), (5.0, 20.0)])
def test_crop_marks_run_from_the_sheet_edges_and_stop_above_the_footer(margin, footer):
    from pnp.printing.imposition import impose_grid
    settings = PrintSettings(A4, margin_mm=margin, footer_mm=footer)
    sheets = impose_grid("cards", "Cards", [_poker_face(f"f{i}") for i in range(10)], None, settings,
                         lambda side, n, total: f"{side} {n}/{total}")
    assert len(sheets) >= 2                                 # 10 poker cards do not fit one A4 sheet:
    sheet = sheets[0]                                       # the first sheet is full
    footer_top = 297.0 - margin - footer                    # the footer band: margin + footer above the foot
    vertical = [m for m in sheet.marks if m[0] == m[2]]
    horizontal = [m for m in sheet.marks if m[1] == m[3]]
    assert vertical and horizontal
    assert all(max(m[1], m[3]) <= footer_top + 1e-9 for m in vertical)
    # below the grid the marks have a length: they start under the art and run down
    art_bottom = max(p.y + p.h for p in sheet.placements) + 3.0
    assert any(min(m[1], m[3]) >= art_bottom and max(m[1], m[3]) > min(m[1], m[3]) for m in vertical)
    # a full sheet: horizontal marks reach both side edges of the paper
    assert min(min(m[0], m[2]) for m in horizontal) == 0.0
    assert max(max(m[0], m[2]) for m in horizontal) == 210.0


def _enters(mark, room):
    """True when the axis-aligned crop mark crosses into the open rectangle (x, y, w, h)."""
    x1, y1, x2, y2 = mark
    rx, ry, rw, rh = room
    if y1 == y2:
        return ry < y1 < ry + rh and min(max(x1, x2), rx + rw) - max(min(x1, x2), rx) > 1e-6
    return rx < x1 < rx + rw and min(max(y1, y2), ry + rh) - max(min(y1, y2), ry) > 1e-6


@pytest.mark.parametrize("paper, count", [("a4", 10), ("a4", 11), ("letter", 9), ("letter", 10), ("letter", 13)])
def test_crop_marks_leave_the_free_room_of_a_part_filled_sheet_clear_on_both_sides(paper, count):
    # The last sheet of a deck is part-filled; the packer prints one-sided pieces in the room it
    # leaves, so the crop marks stop short of it on the fronts sheet, and on the backs
    # sheet short of its mirror image (long-edge flip: x -> paper width - x).
    from pnp.geometry import PAPERS
    from pnp.printing.imposition import impose_grid
    settings = PrintSettings(PAPERS[paper], duplex="long")
    width = {"a4": 210.0, "letter": 215.9}[paper]                 # ISO 216 / ANSI letter width, mm
    front, back = impose_grid("cards", "Cards", [_poker_face(f"f{i}") for i in range(count)],
                              [_poker_face(f"b{i}") for i in range(count)], settings,
                              lambda side, n, total: f"{side} {n}/{total}")[-2:]
    assert (front.side, back.side) == ("front", "back") and front.free
    for room in front.free:
        rx, ry, rw, rh = room
        mirrored = (width - rx - rw, ry, rw, rh)
        assert not [m for m in front.marks if _enters(m, room)]
        assert not [m for m in back.marks if _enters(m, mirrored)]
    for sheet in (front, back):
        left = min(p.x for p in sheet.placements)               # the grid's outer trim lines
        right = max(p.x + p.w for p in sheet.placements)
        horizontal = [m for m in sheet.marks if m[1] == m[3]]
        # every cut line still has a mark on each side of the art, of some length
        assert any(max(m[0], m[2]) < left and abs(m[2] - m[0]) > 1.0 for m in horizontal)
        assert any(min(m[0], m[2]) > right and abs(m[2] - m[0]) > 1.0 for m in horizontal)
    # fronts fill from the left: there the marks reach the sheet edge, and on the backs (mirrored)
    # at the right
    assert min(min(m[0], m[2]) for m in front.marks if m[1] == m[3]) == 0.0
    assert max(max(m[0], m[2]) for m in back.marks if m[1] == m[3]) == width


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutter_fold_sheets_mark_every_cut_line_across_the_fold_gutter(paper):
    # A gutter-fold sheet holds fronts on one half and backs on the other; the cut lines that
    # cross the fold are marked in the gutter between the halves' art, 0.7 mm clear of it.
    from pnp.geometry import PAPERS
    from pnp.printing.imposition import impose_grid
    bleed, gap = 2.0, 0.7
    settings = PrintSettings(PAPERS[paper], duplex="fold", bleed_mm=bleed, mark_gap_mm=gap)
    sheet = impose_grid("cards", "Cards", [_poker_face(f"f{i}") for i in range(3)],
                        [_poker_face(f"b{i}") for i in range(3)], settings, lambda side, n, total: "")[0]
    ps = sheet.placements
    w, h = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]
    across_y = all(p.y + p.h < h / 2 or p.y > h / 2 for p in ps)     # fold line across the sheet
    if across_y:
        near = max(p.y + p.h for p in ps if p.y < h / 2) + bleed + gap
        far = min(p.y for p in ps if p.y > h / 2) - bleed - gap
        cuts = {round(v, 4) for p in ps for v in (p.x, p.x + p.w)}
        gutter = {round(m[0], 4) for m in sheet.marks
                  if m[0] == m[2] and m[1] == pytest.approx(near) and m[3] == pytest.approx(far)}
    else:
        assert all(p.x + p.w < w / 2 or p.x > w / 2 for p in ps)    # or down it
        near = max(p.x + p.w for p in ps if p.x < w / 2) + bleed + gap
        far = min(p.x for p in ps if p.x > w / 2) - bleed - gap
        cuts = {round(v, 4) for p in ps for v in (p.y, p.y + p.h)}
        gutter = {round(m[1], 4) for m in sheet.marks
                  if m[1] == m[3] and m[0] == pytest.approx(near) and m[2] == pytest.approx(far)}
    assert far - near > 1.0 and gutter == cuts
    assert len(sheet.marks) > len(gutter)                               # besides the outer marks


def test_best_fit_turns_a_face_that_only_fits_turned():
    # A 90 x 50 mm face, 5 mm bleed, in a 70 x 120 mm box: upright it needs 100 mm across,
    # turned (50 x 90) 60 across and 100 down: one, turned.
    assert _best_fit(70.0, 120.0, 90.0, 50.0, 5.0, can_abut=False) == (1, 1, True, False, 50.0, 90.0, 10.0)
