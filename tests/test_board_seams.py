"""A board that holds its game.

* Samarkand's trading fields hold real poker cards: each field's column (its capacity in
  cards, overlapping so every card's top shows) lies off the board in front of its camp,
  covers no space and no other field.
* No board label crosses a seam of the tiling (every game, language, A4 and Letter): the
  text boxes of the board face against the seams ``plan_tiles`` chooses.
* Glue flaps are plain paper: rendered, a flap is white but for its label and the
  alignment marks.
"""

from __future__ import annotations

import math
from itertools import combinations

import pypdfium2 as pdfium
import pytest

import faceinspect as fi
from kitfaces import GAMES, LANGS, kit_faces
from pnp.games.samarkand.board import CASCADE_MM, board_face
from pnp.geometry import CARD_SIZES, PAPERS, SAFE_MM
from pnp.model import load_game
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.printing.pdf import svg_to_pdf
from pnp.printing.tiling import ART_PAST_SEAM_MM, DEFAULT_OVERLAP_MM, TilePlan, plan_tiles, tile_board

SEAM_MARGIN_MM = 0.5     # a text this close to a seam is cut by a 0.5 mm placing error


@pytest.fixture(scope="module")
def samarkand():
    return load_game("samarkand", DEFAULT_DATA_DIR)


def _disjoint(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("lang", LANGS)
def test_trading_fields_hold_real_cards(samarkand, lang):
    face = board_face(samarkand, Strings(DEFAULT_DATA_DIR, "samarkand", lang), 3.0)
    card_w, card_h = CARD_SIZES[samarkand.sizes["cards"]["size"].str()]
    columns = dict(face.meta["field_columns"])
    camps = {sp.id: sp for sp in samarkand.board.of_kind("camp")}
    assert set(columns) == set(camps)
    board = (0.0, 0.0, face.width, face.height)
    space = samarkand.sizes["board"]["space_mm"].number(1)
    band = samarkand.sizes["board"]["field_band_mm"].number(1)
    for camp_id, box in columns.items():
        x0, y0, x1, y1 = box
        along, out = sorted((x1 - x0, y1 - y0))
        assert along >= card_w - 1e-9, camp_id
        assert out >= card_h + (camps[camp_id].capacity - 1) * CASCADE_MM - 1e-9, camp_id
        assert CASCADE_MM >= 12.0          # the top strip of each card (name and corner icon) shows
        assert _disjoint(box, board), f"{camp_id}'s cards would cover the board"
        # in front of its own camp: the column's middle lines up with the camp's space
        sp = camps[camp_id]
        centre = band + sp.column * space + space / 2 if sp.field in ("north", "south") else band + sp.row * space + space / 2
        middle = (x0 + x1) / 2 if sp.field in ("north", "south") else (y0 + y1) / 2
        assert middle == pytest.approx(centre)
    for (a, box_a), (b, box_b) in combinations(columns.items(), 2):
        assert _disjoint(box_a, box_b), f"the cards of {a} and {b} overlap"
    # the contents page's supplies name the table room the longest column takes
    longest = max(max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in columns.values())
    supplies = " ".join(Strings(DEFAULT_DATA_DIR, "samarkand", lang).get("supplies"))
    assert f"{math.ceil(longest / 10)} cm" in supplies


def _seams(plan: TilePlan, face) -> tuple[list[float], list[float]]:
    """Seams of ``plan`` in the face's trim coordinates: (x of vertical seams, y of horizontal)."""
    inner_xs, inner_ys = list(plan.xs[1:-1]), list(plan.ys[1:-1])
    if not plan.rotated:
        return inner_xs, inner_ys
    # layout (u, v) = (H - y, x): a layout column seam u is the board line y = H - u
    return inner_ys, [face.height - u for u in inner_xs]


def _boards():
    for game_id in GAMES:
        for lang in LANGS:
            yield game_id, lang


def labels_on_seams(face, texts) -> list[tuple]:
    """(paper, text, axis, seam) for every text box within ``SEAM_MARGIN_MM`` of a seam of the
    board's tiling on A4 or Letter."""
    crossing = []
    for paper in ("a4", "letter"):
        plan = plan_tiles(face, PrintSettings(PAPERS[paper]))
        seam_x, seam_y = _seams(plan, face)
        for t in texts:
            x0, y0, x1, y1 = t.box
            for x in seam_x:
                if x0 - SEAM_MARGIN_MM < x < x1 + SEAM_MARGIN_MM and y1 > 0 and y0 < face.height:
                    crossing.append((paper, t.content, "x", round(x, 1)))
            for y in seam_y:
                if y0 - SEAM_MARGIN_MM < y < y1 + SEAM_MARGIN_MM and x1 > 0 and x0 < face.width:
                    crossing.append((paper, t.content, "y", round(y, 1)))
    return crossing


@pytest.mark.parametrize("game_id,lang", list(_boards()))
def test_no_board_label_crosses_a_seam(game_id, lang):
    boards = [face for face, _ in kit_faces(game_id, lang) if face.component == "board"]
    assert boards, f"{game_id} has no board face"
    (face,) = boards
    texts = fi.items(face).texts
    assert len(texts) > 10
    crossing = labels_on_seams(face, texts)
    assert not crossing, f"{game_id} {lang}: labels on a seam: {crossing}"


def test_seam_check_finds_a_label_on_a_seam(samarkand):
    """The old trading-field label sat a few mm into column 3, where the A4 seam falls (the board
    is too wide for every seam to find a gutter): a label there is reported."""
    face = board_face(samarkand, Strings(DEFAULT_DATA_DIR, "samarkand", "en"), 3.0)
    seam_x, _ = _seams(plan_tiles(face, PrintSettings(PAPERS["a4"])), face)
    off_grid = [x for x in seam_x if min(abs(x - q) for q in face.meta["quiet_x"]) > 1.0]
    assert off_grid
    x = off_grid[0]
    label = fi.TextBox("Trading field 4", "bold", 3.4, "#000000", (x - 12, 10, x + 4, 14), 0, 1.0)
    assert ("a4", "Trading field 4", "x", round(x, 1)) in labels_on_seams(face, [label])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_glue_flaps_are_plain_paper(samarkand, paper):
    strings = Strings(DEFAULT_DATA_DIR, "samarkand", "en")
    face = board_face(samarkand, strings, 3.0)
    settings = PrintSettings(PAPERS[paper])
    plan = plan_tiles(face, settings)
    sheets = tile_board(face, settings, strings, "Samarkand")
    dpi = 30
    px = dpi / 25.4
    checked = 0
    for k, sheet in enumerate(sheets):
        row, col = divmod(k, plan.cols)
        (p,) = sheet.placements
        flaps = []
        if col < plan.cols - 1:      # the strip right of the seam, under the right neighbour
            flaps.append((p.x + p.w - DEFAULT_OVERLAP_MM + ART_PAST_SEAM_MM + 0.5, p.y + 1, p.x + p.w - 0.5, p.y + p.h - 1))
        if row < plan.rows - 1:
            flaps.append((p.x + 1, p.y + p.h - DEFAULT_OVERLAP_MM + ART_PAST_SEAM_MM + 0.5, p.x + p.w - 1, p.y + p.h - 0.5))
        if not flaps:
            continue
        pdf = pdfium.PdfDocument(svg_to_pdf(sheet.svg))
        image = pdf[0].render(scale=dpi / 72).to_pil().convert("L")
        for x0, y0, x1, y1 in flaps:
            crop = image.crop((round(x0 * px), round(y0 * px), round(x1 * px), round(y1 * px)))
            values = list(crop.get_flattened_data())
            white = sum(v >= 245 for v in values) / len(values)
            # the label and the alignment marks take the rest
            assert white >= 0.75, f"{paper} tile {sheet.label}: flap only {white:.0%} plain paper"
            checked += 1
        pdf.close()
    assert checked == (plan.cols - 1) * plan.rows + (plan.rows - 1) * plan.cols


# ----------------------------------------------------------------------------- trading-field marks
def _union(boxes):
    boxes = list(boxes)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _overlaps(a, b, tolerance: float = 0.05) -> bool:
    return fi.overlap(a, b, tolerance)


def field_mark_problems(face, camps) -> list[str]:
    """Where a trading-field mark of the Samarkand board (the plate ``field-<camp>``, its card
    tops, badge and label) leaves the safe area inside the trim, covers a space, an arrow, the
    band's decoration or another mark, or lies within ``ART_PAST_SEAM_MM`` + ``SEAM_MARGIN_MM``
    of a seam of the tiling on A4 or Letter (where it would be split, or lie on a glue flap);
    and where a camp's connector arrow covers a space other than its camp.  Boxes in trim mm
    from the face's own geometry (``faceinspect``: stroke widths included)."""
    found = fi.items(face)

    def owned(prefix):
        groups: dict[str, list] = {}
        for s in found.shapes:
            for o in s.owners:
                if o.startswith(prefix):
                    groups.setdefault(o, []).append(s.bbox())
        for t in found.texts:
            for o in t.owners:
                if o.startswith(prefix):
                    groups.setdefault(o, []).append(t.box)
        for i in found.icons:
            for o in i.owners:
                if o.startswith(prefix):
                    groups.setdefault(o, []).append(i.box)
        return groups

    marks = {c: _union(owned(f"field-{c}")[f"field-{c}"]) for c in camps}
    connectors = {c: _union(owned(f"field-arrow-{c}")[f"field-arrow-{c}"]) for c in camps}
    spaces = {k: _union(v) for k, v in owned("space-").items()}
    arrows = {k: _union(v) for k, v in owned("arrow-").items()}
    decor = [b for b in owned("decor")["decor"]] if "decor" in owned("decor") else []
    assert len(spaces) == 20 and len(arrows) == 31 and decor, "the board's groups are not where the test looks"
    problems = []
    seams = {paper: _seams(plan_tiles(face, PrintSettings(PAPERS[paper])), face) for paper in ("a4", "letter")}
    clear = ART_PAST_SEAM_MM + SEAM_MARGIN_MM
    for camp, box in marks.items():
        x0, y0, x1, y1 = box
        inside = min(x0, y0, face.width - x1, face.height - y1)
        if inside < SAFE_MM - 1e-6:
            problems.append(f"{camp}: mark {inside:.2f} mm inside the trim")
        for name, other in [*spaces.items(), *arrows.items(), *((f"field-{c}", b) for c, b in marks.items() if c != camp),
                            *((f"field-arrow-{c}", b) for c, b in connectors.items() if c != camp)]:
            if _overlaps(box, other):
                problems.append(f"{camp}: mark covers {name}")
        for d in decor:
            if _overlaps(box, d):
                problems.append(f"{camp}: mark covers the band's decoration at {tuple(round(v, 1) for v in d)}")
        for paper, (seam_x, seam_y) in seams.items():
            for x in seam_x:
                if x0 - clear < x < x1 + clear:
                    problems.append(f"{camp}: mark {x0:.1f}..{x1:.1f} mm within {clear} mm of the {paper} seam x = {x:.1f}")
            for y in seam_y:
                if y0 - clear < y < y1 + clear:
                    problems.append(f"{camp}: mark {y0:.1f}..{y1:.1f} mm within {clear} mm of the {paper} seam y = {y:.1f}")
    for camp, box in connectors.items():
        for name, other in spaces.items():
            if name != f"space-{camp}" and _overlaps(box, other):
                problems.append(f"{camp}: connector arrow covers {name}")
    return problems


@pytest.mark.parametrize("lang", LANGS)
def test_trading_field_marks_lie_inside_the_board(samarkand, lang):
    """Every trading-field mark lies wholly inside the board's trim (3 mm safe area), covers no
    space, arrow, decoration or other mark, and keeps clear of every A4 and Letter seam (a card
    outline cut off by the board's edge or a seam cannot be laid on).  The board is the
    same for every player count (measured: the recipe's board face for each count)."""
    boards = {p: [f for f, _ in kit_faces("samarkand", lang, "normal", p) if f.component == "board"]
              for p in samarkand.player_counts}
    arts = {p: b[0].art.tostring() for p, b in boards.items()}
    assert len(set(arts.values())) == 1, "the board differs by player count: check each"
    face = boards[max(boards)][0]
    camps = [sp.id for sp in samarkand.board.of_kind("camp")]
    assert not field_mark_problems(face, camps), "\n".join(field_mark_problems(face, camps))


def test_field_mark_check_finds_a_mark_on_a_seam_and_past_the_trim(samarkand, monkeypatch):
    """The former marks (card-wide, open past the trim) fail the check: on the A4 seam of column 3 and
    outside the safe area."""
    import pnp.games.samarkand.board as board

    monkeypatch.setattr(board, "FIELD_SIDE_MM", 7.25)         # a card (63.5 mm) plus 1 mm each side
    monkeypatch.setattr(board, "ORNAMENT_INSET_MM", 1.0)
    face = board.board_face(samarkand, Strings(DEFAULT_DATA_DIR, "samarkand", "en"), 3.0)
    problems = field_mark_problems(face, [sp.id for sp in samarkand.board.of_kind("camp")])
    assert any("a4 seam x = 281.4" in p and p.startswith("camp-n3") for p in problems), problems
    assert any("inside the trim" in p for p in problems), problems
