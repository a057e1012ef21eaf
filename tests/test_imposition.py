"""Faces land on the trim grid, crop marks stay outside the art, backs land behind fronts."""

import pytest

from pnp.geometry import PAPERS
from pnp.printing.imposition import PrintSettings, impose_grid, plan_grid
from pnp.components.svg import Face, group, rect


def face(name, w=63.5, h=88.9, bleed=3.0, edge="#4A2F1B"):
    art = group()
    art.add(rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=edge or "#123456"))
    return Face(name, "cards", w, h, bleed, art, edge_colour=edge)


def label(side, n, total):
    return f"{side} {n}/{total}"


@pytest.mark.parametrize("paper, per_sheet", [("a4", 8), ("letter", 6)])
def test_poker_cards_per_sheet(paper, per_sheet):
    plan = plan_grid(63.5, 88.9, PrintSettings(PAPERS[paper]), can_abut=True)
    assert plan.per_sheet == per_sheet


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("abut", [True, False])
def test_faces_on_trim_grid_with_marks_outside_art(paper, abut):
    settings = PrintSettings(PAPERS[paper])
    fronts = [face(f"f{i}", edge="#4A2F1B" if abut else None) for i in range(10)]
    sheets = impose_grid("cards", "Cards", fronts, None, settings, label)
    bleed, margin = settings.bleed_mm, settings.margin_mm
    placed = [p for s in sheets for p in s.placements]
    assert sorted(p.index for p in placed) == list(range(10))
    for sheet in sheets:
        ps = sheet.placements
        gutter = plan_grid(63.5, 88.9, settings, can_abut=abut).gutter
        assert gutter in ((0.0, 2 * bleed) if abut else (2 * bleed,))
        xs = sorted({round(p.x, 6) for p in ps})
        ys = sorted({round(p.y, 6) for p in ps})
        w, h = ps[0].w, ps[0].h
        # Trim grid: neighbours one trim plus the gutter apart (0 when faces abut).
        assert all(abs((b - a) - (w + gutter)) < 1e-6 for a, b in zip(xs, xs[1:]))
        assert all(abs((b - a) - (h + gutter)) < 1e-6 for a, b in zip(ys, ys[1:]))
        for p in ps:   # art (trim + bleed) inside the margins
            assert p.x - bleed >= margin - 1e-6 and p.y - bleed >= margin - 1e-6
            assert p.x + p.w + bleed <= settings.paper.width - margin + 1e-6
            assert p.y + p.h + bleed <= settings.paper.height - margin + 1e-6
        cut_x = {round(v, 4) for p in ps for v in (p.x, p.x + p.w)}
        cut_y = {round(v, 4) for p in ps for v in (p.y, p.y + p.h)}
        for x1, y1, x2, y2 in sheet.marks:
            if x1 == x2:
                assert round(x1, 4) in cut_x
            else:
                assert round(y1, 4) in cut_y
            for p in ps:   # never crosses any face's art box
                lo_x, hi_x = sorted((x1, x2))
                lo_y, hi_y = sorted((y1, y2))
                overlap_x = lo_x < p.x + p.w + bleed and hi_x > p.x - bleed
                overlap_y = lo_y < p.y + p.h + bleed and hi_y > p.y - bleed
                assert not (overlap_x and overlap_y)
        # Every cut line has marks on both sides of the grid; top/left/right marks reach the sheet edge.
        assert {round(m[0], 4) for m in sheet.marks if m[0] == m[2]} == cut_x
        assert {round(m[1], 4) for m in sheet.marks if m[1] == m[3]} == cut_y
        assert all(m[1] == 0.0 for m in sheet.marks if m[0] == m[2] and m[3] < ps[0].y)
        assert f'width="{settings.paper.width:g}mm"'.replace(".0mm", "mm") in sheet.svg


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_long_edge_backs_land_behind_fronts(paper):
    settings = PrintSettings(PAPERS[paper], duplex="long")
    fronts = [face(f"f{i}") for i in range(7)]
    backs = [face(f"b{i}") for i in range(7)]
    front_sheet, back_sheet = impose_grid("cards", "Cards", fronts, backs, settings, label)[:2]
    assert (front_sheet.side, back_sheet.side) == ("front", "back")
    by_index = {p.index: p for p in back_sheet.placements}
    for p in front_sheet.placements:
        back = by_index[p.index]
        fx, fy = p.centre
        bx, by = back.centre
        # Turning the sheet over its long (vertical) edge maps x -> width - x.
        assert abs((settings.paper.width - bx) - fx) < 0.1 and abs(by - fy) < 0.1
        assert back.rotation == (-p.rotation) % 360


def test_face_too_large_for_paper_is_a_layout_error():
    from pnp.errors import LayoutError

    with pytest.raises(LayoutError, match="does not fit A4"):
        plan_grid(250, 400, PrintSettings(PAPERS["a4"]), can_abut=False)


def test_pagination_keeps_backs_behind_fronts_and_one_sided_sheets_alone():
    from pnp.printing.pagination import paginate

    # contents 1, rules 2-3, blank 4; cards 5/6, 7/8; a board tile 9 with blank 10; a token sheet 11 + blank 12
    p = paginate(2, ["front", "back", "front", "back", "single", "single"], "long")
    assert p.duplex and p.rules == (2, 3) and p.sheets == (5, 6, 7, 8, 9, 11)
    assert p.blanks == (4, 10, 12) and p.total == 12
    assert all(n % 2 == 1 for n, s in zip(p.sheets, ["front", "back"] * 2 + ["single"] * 2) if s != "back")
    # three rules pages end on page 4 (a back): the first fronts sheet follows on 5, no blank
    q = paginate(3, ["front", "back"], "short")
    assert q.rules == (2, 3, 4) and q.sheets == (5, 6) and q.blanks == () and q.total == 6
    # one-sided printing: no blank pages at all
    for mode in ("none", "fold"):
        r = paginate(2, ["front", "back", "single"], mode)
        assert not r.duplex and r.blanks == () and r.sheets == (4, 5, 6) and r.total == 6
    # a kit without backs is printed one-sided whatever --duplex says
    s = paginate(2, ["single", "single"], "long")
    assert not s.duplex and s.blanks == () and s.total == 5
    # sheets of paper: a duplex file two pages a sheet; a one-sided kit's reading matter
    # (contents + rules) still two pages a sheet, its component pages one a sheet
    assert p.sheet_pages() == [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12)]
    assert s.reading == (1, 2, 3) and s.sheet_pages() == [(1, 2), (3,), (4,), (5,)]
    assert paginate(3, ["fold", "fold"], "fold").sheet_pages() == [(1, 2), (3, 4), (5,), (6,)]
    with pytest.raises(ValueError, match="sheet 0 is a backs sheet"):
        paginate(1, ["back"], "long")
