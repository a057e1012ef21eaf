"""The board face (size, arrows, slots), its tiling over home paper, and the one-piece sheet."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from helpers import edit
from pypdf import PdfReader

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.games.samarkand.board import board_face, board_size
from pnp.errors import LayoutError
from pnp.geometry import PAPERS
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.model import load_game
from pnp.printing.pdf import svg_to_pdf
from pnp.components.svg import new_sheet
from pnp.printing.tiling import DEFAULT_OVERLAP_MM, plan_tiles, single_board_sheet, tile_board

MM_PER_PT = 25.4 / 72
BLEED = 3.0


@pytest.fixture(scope="module")
def game():
    return load_game("samarkand", DEFAULT_DATA_DIR)


@pytest.fixture(scope="module", params=["en", "da"])
def strings(request):
    return Strings(DEFAULT_DATA_DIR, "samarkand", request.param)


@pytest.fixture(scope="module")
def face(game, strings):
    return board_face(game, strings, BLEED)


def _svg(face) -> str:
    dwg = new_sheet(face.width, face.height)
    dwg.add(face.art)
    return dwg.tostring()


def test_board_size_from_data(game, face):
    size = game.sizes["board"]
    space, band = size["space_mm"].number(), size["field_band_mm"].number()
    assert (face.width, face.height) == (game.board.columns * space + 2 * band, game.board.rows * space + 2 * band)
    assert board_size(game) == (face.width, face.height)
    assert face.bleed == BLEED


def test_every_arrow_drawn_once(game, face):
    svg = _svg(face)
    ids = re.findall(r'id="(arrow-[^"]+)"', svg)
    expected = [f"arrow-{a}-{b}" for a, b in game.board.arrows()]
    assert len(expected) == 31
    assert sorted(ids) == sorted(expected)


def test_fields_and_spaces_drawn(game, face, strings):
    svg = _svg(face)
    assert len(re.findall(r'id="field-camp-[^"]+"', svg)) == len(game.board.of_kind("camp"))
    assert len(re.findall(r'id="space-[^"]+"', svg)) == len(game.board.spaces)
    for city in game.board.of_kind("city"):
        assert strings(f"cities.{city.id}") in svg
    for oasis in game.board.of_kind("oasis"):
        prices = strings.plural("oasis_prices", game.rules.oasis_bulk_cards, n=game.rules.oasis_bulk_cards,
                                single=game.rules.oasis_single_price, price=oasis.price_4)
        for part in prices.split("\n"):
            assert part in svg


def test_market_slots_hold_tokens(game, face):
    token = game.sizes["market_token"]["size_mm"].number()
    root = ET.fromstring(_svg(face))
    slots = [el for el in root.iter("{http://www.w3.org/2000/svg}rect") if el.get("class") == "market-slot"]
    assert len(slots) == 2 * len(game.board.of_kind("city"))
    for el in slots:
        assert float(el.get("width")) >= token + 1 - 1e-6 and float(el.get("height")) >= token + 1 - 1e-6


def test_too_small_space_is_a_layout_error(game, strings, data_copy):
    edit(data_copy / "samarkand" / "components.yaml", "space_mm: 80", "space_mm: 56")
    small = load_game("samarkand", data_copy)
    with pytest.raises(LayoutError, match="market slots"):
        board_face(small, strings, BLEED)


def _regions(sheets):
    """Cut boxes of the tiles in board trim mm, from the placements' names."""
    boxes = []
    for sheet in sheets:
        (p,) = sheet.placements
        boxes.append(tuple(float(v) for v in p.face.split("@")[1].split(",")))
    return boxes


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_board_with_overlap(face, strings, paper):
    settings = PrintSettings(PAPERS[paper])
    sheets = tile_board(face, settings, strings, "Samarkand")
    plan = plan_tiles(face, settings)
    assert len(sheets) == plan.rows * plan.cols == 6
    for sheet in sheets:
        assert sheet.side == "single"
        assert f'width="{PAPERS[paper].width:g}mm"' in sheet.svg
        assert f'height="{PAPERS[paper].height:g}mm"' in sheet.svg
        assert f'viewBox="0 0 {PAPERS[paper].width:g} {PAPERS[paper].height:g}"' in sheet.svg
    boxes = _regions(sheets)
    # the union covers the whole trim
    assert min(b[0] for b in boxes) == pytest.approx(0) and min(b[1] for b in boxes) == pytest.approx(0)
    assert max(b[2] for b in boxes) == pytest.approx(face.width)
    assert max(b[3] for b in boxes) == pytest.approx(face.height)
    # neighbours overlap by exactly the stated strip (board upright here: rows x cols)
    grid = {}
    for k, box in enumerate(boxes):
        grid[divmod(k, plan.cols)] = box
    for (r, c), box in grid.items():
        if (r, c + 1) in grid:
            right = grid[r, c + 1]
            assert box[2] - right[0] == pytest.approx(DEFAULT_OVERLAP_MM)
            assert (box[1], box[3]) == (right[1], right[3])
        if (r + 1, c) in grid:
            below = grid[r + 1, c]
            assert box[3] - below[1] == pytest.approx(DEFAULT_OVERLAP_MM)
    # and the tile's art fits inside the paper margins
    for sheet in sheets:
        (p,) = sheet.placements
        assert p.x - face.bleed >= settings.margin_mm and p.x + p.w + face.bleed <= PAPERS[paper].width - settings.margin_mm
        assert p.y - face.bleed >= settings.margin_mm


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_alignment_marks_match_across_neighbours(face, strings, paper):
    settings = PrintSettings(PAPERS[paper])
    sheets = tile_board(face, settings, strings, "Samarkand")
    plan = plan_tiles(face, settings)
    seams = (plan.cols - 1) * plan.rows + (plan.rows - 1) * plan.cols
    seen: dict[str, list] = {}
    for sheet, box in zip(sheets, _regions(sheets)):
        (p,) = sheet.placements
        assert p.rotation == 0      # the board prints upright here: sheet mm = board mm + offset
        for mark, cx, cy in re.findall(r'id="(align-[^"]+)"><circle cx="([-\d.]+)" cy="([-\d.]+)"', sheet.svg):
            # the mark's centre in board trim mm, read back through this tile's placement
            seen.setdefault(mark, []).append((float(cx) - p.x + box[0], float(cy) - p.y + box[1], box))
    assert len(seen) == 2 * seams
    for mark, copies in seen.items():
        assert len(copies) == 2, mark       # printed on both tiles of its seam ...
        (x1, y1, a), (x2, y2, b) = copies
        assert abs(x1 - x2) < 0.01 and abs(y1 - y2) < 0.01, mark     # ... at the same point of the board
        overlap = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
        # ... inside the strip the two tiles share (the seam), not elsewhere on either tile
        assert overlap[0] - 0.01 <= x1 <= overlap[2] + 0.01 and overlap[1] - 0.01 <= y1 <= overlap[3] + 0.01, mark
        assert min(overlap[2] - overlap[0], overlap[3] - overlap[1]) == pytest.approx(DEFAULT_OVERLAP_MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tile_pdf_pages_are_the_paper(face, strings, paper):
    settings = PrintSettings(PAPERS[paper])
    sheet = tile_board(face, settings, strings, "Samarkand")[0]
    page = PdfReader(io.BytesIO(svg_to_pdf(sheet.svg))).pages[0]
    assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(PAPERS[paper].width, abs=0.1)
    assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(PAPERS[paper].height, abs=0.1)


@pytest.mark.parametrize("home, expected", [("a4", "a2"), ("letter", "arch-c")])
def test_single_sheet_picks_smallest_larger_paper(face, strings, home, expected):
    """A3 and Tabloid are too small for a board whose cities hold two 31 mm slots; the next size is used."""
    settings = PrintSettings(PAPERS[home])
    sheet = single_board_sheet(face, None, settings, strings)
    assert sheet.paper.id == expected
    (p,) = sheet.placements
    assert {round(p.w, 6), round(p.h, 6)} == {face.width, face.height}
    paper = PAPERS[expected]
    assert p.x - face.bleed >= settings.margin_mm and p.y - face.bleed >= settings.margin_mm
    assert p.x + p.w + face.bleed <= paper.width - settings.margin_mm
    assert p.y + p.h + face.bleed <= paper.height - settings.margin_mm - settings.footer_mm
    # crop marks at the trim, outside the bleed, reaching the sheet edge
    xs = {round(m[0], 6) for m in sheet.marks if m[0] == m[2]}
    ys = {round(m[1], 6) for m in sheet.marks if m[1] == m[3]}
    assert xs == {round(p.x, 6), round(p.x + p.w, 6)} and ys == {round(p.y, 6), round(p.y + p.h, 6)}
    assert any(m[1] == 0.0 for m in sheet.marks) and any(m[2] == paper.width for m in sheet.marks)
    for x1, y1, x2, y2 in sheet.marks:
        inside_x = p.x - face.bleed < (x1 + x2) / 2 < p.x + p.w + face.bleed
        inside_y = p.y - face.bleed < (y1 + y2) / 2 < p.y + p.h + face.bleed
        assert not (inside_x and inside_y)
    page = PdfReader(io.BytesIO(svg_to_pdf(sheet.svg))).pages[0]
    assert float(page.mediabox.width) * MM_PER_PT == pytest.approx(paper.width, abs=0.1)
    assert float(page.mediabox.height) * MM_PER_PT == pytest.approx(paper.height, abs=0.1)


@pytest.mark.parametrize("home, small", [("a4", "a3"), ("letter", "tabloid")])
def test_single_sheet_too_small_paper_is_a_layout_error(face, strings, home, small):
    with pytest.raises(LayoutError, match="does not fit"):
        single_board_sheet(face, small, PrintSettings(PAPERS[home]), strings)


def test_overlap_labels_leave_marks_and_arrows_clear():
    """A strip label goes in the widest free stretch between alignment marks and art the
    board asks to keep clear (arrows crossing the seam), not over them."""
    from pnp.printing.tiling import MARK_R_MM, Tile, _strip_label_gap

    tile = Tile("A1", 0, 0, (0, 0, 100, 100), (0, 0, 110, 100), 0.0, 0.0)  # layout = sheet coords
    marks = [(105, 20, "A1", "A2", 0), (105, 80, "A1", "A2", 1), (105, 50, "B7", "B8", 0)]  # last: another seam
    keep_clear = [(105, 52, 5.0), (40, 50, 5.0)]  # an arrow on the strip; one far from it
    centre, width = _strip_label_gap("v", (100, 0), (110, 100), tile, marks, keep_clear)
    r = MARK_R_MM * 1.5
    # free stretches: 0..20-r, 20+r..47, 57..80-r, 80+r..100: the second is the widest
    assert (centre, width) == pytest.approx(((20 + r + 47) / 2, 47 - 20 - r))


def test_field_plate_and_space_labels_have_4mm_cap_height(game, face, strings):
    """Every word on a trading field's plate and on a space (not the digits of a badge) is set at a
    cap height of at least 4 mm, measured as font-size x the font's capHeight from the board SVG."""
    from pnp.components.fonts import cap_height, fonts

    role_of = {(f.family, f.weight, f.style): role for role, f in fonts().items()}
    root = ET.fromstring(_svg(face))
    ns = "{http://www.w3.org/2000/svg}"
    checked = []
    for group_ in root.iter(f"{ns}g"):
        gid = group_.get("id", "")
        if not (gid.startswith("field-camp") or gid.startswith("space-")):
            continue
        for t in group_.iter(f"{ns}text"):
            words = "".join(t.itertext()).strip()
            if not words or words.replace(" ", "").isdigit():
                continue
            role = role_of[(t.get("font-family"), t.get("font-weight"), t.get("font-style"))]
            cap = float(t.get("font-size")) * cap_height(role)
            checked.append((gid, words, cap))
            assert cap >= 4.0 - 1e-6, (gid, words, round(cap, 2))
    fields = [c for c in checked if c[0].startswith("field-camp") and c[1] == strings("field_label")]
    assert len(fields) == len(game.board.of_kind("camp"))
