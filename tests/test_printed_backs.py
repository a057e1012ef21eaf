"""Issue 25, "blank backs" and "the fewest sheets" (Samarkand): one-sided card-stock pieces of
a duplex kit (board tiles, market tokens and chips, price tables, player aids) get a printed
back, a light tint mirrored for the flip edge, instead of a blank page; and a part-filled
gutter-fold sheet lends the rest of each half to the packer."""

from __future__ import annotations

import pytest

from pnp.components.svg import Face, group, rect
from pnp.geometry import PAPERS
from pnp.kit.build import back_one_sided, kit_sheets
from pnp.printing.imposition import BACK_TINT_WHITE, FOLD_CLEAR_MM, PrintSettings, back_tint, impose_grid, printed_back
from pnp.printing.pagination import paginate
from pnp.printing.sheet_overlay import SheetOverlay

from test_packing import kit_layout


def _face(name: str, w: float, h: float, colour: str, component: str = "cards") -> Face:
    art = group()
    art.add(rect(-3, -3, w + 6, h + 6, fill=colour))
    return Face(name, component, w, h, 3.0, art, edge_colour=colour)


def test_back_tint_is_the_colour_mixed_with_white_lighter_for_saver():
    assert back_tint("#000000", "normal") == "#8C8C8C"          # 55 % white: 0.55 x 255 = 140
    assert back_tint("#000000", "saver") == "#D9D9D9"           # 85 % white: 217
    assert back_tint("#FFFFFF", "normal") == "#FFFFFF"
    assert BACK_TINT_WHITE["saver"] > BACK_TINT_WHITE["normal"]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_printed_back_is_its_fronts_box_mirrored_for_the_flip_edge(duplex):
    """Every packed piece on a one-sided sheet of a Samarkand A4 kit: its back's box is the
    front's trim box reflected through the sheet's vertical centre line (long edge) or its
    horizontal one (short edge); the standee and die net (folded cut-outs) get none."""
    runs, _sheets, _new, settings = kit_layout("samarkand", 5, "a4", duplex)
    paper = settings.paper
    # the cached layout is shared: work on copies of its sheets' lists
    import copy
    runs = copy.deepcopy(runs)
    packed = back_one_sided(runs, [], settings)
    assert packed == []
    order = kit_sheets(runs, [])
    pairs = [(a, b) for a, b in zip(order, order[1:]) if b.side == "back" and a.side == "front"
             and not any(p.component == "cards" for p in a.placements)]
    assert len(pairs) == 6 + 2          # six board tiles, two packed sheets of tables and aids
    for front, back in pairs:
        assert len(back.placements) == sum(p.component not in ("pawns", "die") for p in front.placements)
        assert back.component not in ("pawns", "die")      # no page lists a cut-out it does not print
        fronts = iter(p for p in front.placements if p.component not in ("pawns", "die"))
        for b in back.placements:
            f = next(fronts)
            assert (b.face, b.component, b.w, b.h) == (f.face, f.component, f.w, f.h)
            if duplex == "long":
                assert b.x == pytest.approx(paper.width - f.x - f.w) and b.y == pytest.approx(f.y)
            else:
                assert b.y == pytest.approx(paper.height - f.y - f.h) and b.x == pytest.approx(f.x)
    assert not any(s.side == "single" and s.component != "banknotes" for s in order)
    # pagination: every fronts sheet is followed by its backs, no blank page behind a tile
    sides = [s.side for s in order]
    pages = paginate(3, sides, duplex)
    banknote_sheets = sum(s.component == "banknotes" for s in order)
    assert len(pages.blanks) == banknote_sheets == 3      # before: 11 (6 tiles, 2 packed sheets, 3 of notes)


def test_a_sheet_of_only_cutouts_or_a_fold_kit_gets_no_printed_back():
    settings = PrintSettings(PAPERS["a4"])
    overlay = SheetOverlay(settings.paper.width, settings.paper.height)
    from pnp.printing.imposition import Placement, Sheet
    sheet = Sheet(settings.paper, "pawns", "single", overlay, [Placement("p", "pawns", 10, 10, 24, 100, 0, 0)])
    assert printed_back(sheet, settings, "#EEEEEE", frozenset({"pawns"})) is None and sheet.side == "single"
    from dataclasses import replace
    assert printed_back(sheet, replace(settings, duplex="fold"), "#EEEEEE") is None
    back = printed_back(sheet, settings, "#EEEEEE")
    assert back is not None and sheet.side == "front" and back.side == "back"
    assert 'fill="#EEEEEE"' in back.svg
    # the tint runs 2 mm past the mirrored trim box: x = 210 - 10 - 24 - 2
    assert '<rect fill="#EEEEEE" height="104.0" width="28.0" x="174.0" y="8.0" />' in back.svg


def test_the_back_correction_moves_printed_backs_like_card_backs():
    settings = PrintSettings(PAPERS["a4"], back_offset_mm=(1.5, -2.0))
    from pnp.printing.imposition import Placement, Sheet
    overlay = SheetOverlay(settings.paper.width, settings.paper.height)
    sheet = Sheet(settings.paper, "tokens", "single", overlay, [Placement("t", "tokens", 20, 30, 30, 30, 0, 0)])
    back = printed_back(sheet, settings, "#EEEEEE")
    b = back.placements[0]
    assert (b.x, b.y) == pytest.approx((210 - 20 - 30 + 1.5, 30 - 2.0))


def test_a_part_filled_fold_sheet_lends_each_half_to_the_packer():
    """102 cards at 4 a gutter-fold A4 sheet: the 26th holds 2, in the left column (their backs
    mirrored across the horizontal fold); the right column of each half is a room that ends
    FOLD_CLEAR_MM before the fold line, and the packer puts price tables there."""
    settings = PrintSettings(PAPERS["a4"], duplex="fold")
    fronts = [_face(f"c{i}", 63.5, 88.9, "#1F486A") for i in range(6)]
    backs = [_face("back", 63.5, 88.9, "#E4B543") for _ in range(6)]
    sheets = impose_grid("cards", "Cards", fronts, backs, settings, lambda side, n, total: side)
    assert [s.side for s in sheets] == ["fold", "fold"] and not sheets[0].free
    last = sheets[1]
    assert len(last.placements) == 4
    xs = {round(p.x, 3) for p in last.placements}
    assert len(xs) == 1                               # one column, fronts and backs
    art_right = max(p.x + p.w for p in last.placements)
    assert len(last.free) == 2
    top, bottom = sorted(last.free, key=lambda r: r[1])
    for x, y, w, h in last.free:
        assert x >= art_right + 15.0 and w >= 88.4      # a price table (78 mm + bleed and marks) turned
        assert h >= 130.4
    # the rooms stay FOLD_CLEAR_MM from the fold line, which is where the card halves meet
    fold_y = (top[1] + top[3] + bottom[1]) / 2
    assert bottom[1] - (top[1] + top[3]) == pytest.approx(2 * FOLD_CLEAR_MM)
    near = max(p.y + p.h for p in last.placements if p.y < fold_y)
    far = min(p.y for p in last.placements if p.y > fold_y)
    assert fold_y - near == pytest.approx(far - fold_y)


def test_samarkand_fold_kit_puts_price_tables_on_its_last_card_sheet():
    runs, sheets, _new, _settings = kit_layout("samarkand", 5, "a4", "fold")
    last = [s for s in sheets if s.side == "fold"][-1]
    assert sum(p.component == "price-tables" for p in last.placements) == 2
    assert sum(p.component == "cards" for p in last.placements) == 4
