"""CARAVAN on a chessboard's components: card faces, the 8 x 8 board, the d8 net, the layout file."""

from __future__ import annotations

import io
import math
import re
from itertools import combinations

import pytest
from helpers import edit
from pypdf import PdfReader

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.components import cutouts
from pnp.errors import DataError
from pnp.geometry import PAPERS
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.games.caravan_chessboard import kit as chessboard
from pnp.games.caravan_chessboard.kit_spec import load_layout
from pnp.model import load_game
from pnp.printing.pdf import svg_to_pdf
from pnp.components.svg import new_sheet
from pnp.printing.tiling import tile_board

GAME = "caravan-chessboard"
BLEED = 3.0


@pytest.fixture(scope="module")
def game():
    return load_game(GAME, DEFAULT_DATA_DIR)


@pytest.fixture(scope="module")
def layout(game):
    return load_layout(game)


def _svg(face) -> str:
    dwg = new_sheet(face.width, face.height)
    dwg.add(face.art)
    return dwg.tostring()


def _text(face) -> str:
    """Text of a face as a PDF viewer extracts it (spaces normalised)."""
    reader = PdfReader(io.BytesIO(svg_to_pdf(_svg(face))))
    return re.sub(r"\s+", " ", reader.pages[0].extract_text())


# ------------------------------------------------------------------------------ cards
@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_card_type_has_a_face_with_name_number_and_rule(game, layout, lang):
    strings = Strings(DEFAULT_DATA_DIR, GAME, lang)
    faces = chessboard.card_faces(game, strings, layout, BLEED)
    assert list(faces) == [c.id for c in game.cards]
    for card in game.cards:
        face = faces[card.id]
        assert (face.width, face.height) == (layout.card_w, layout.card_h) == (63.5, 88.9)
        text = _text(face)
        name = strings(f"cards.{card.id}" if card.kind == "good" else f"cards.{card.kind}")
        assert name in text, (card.id, text)
        if card.steps is not None:
            # the number in both corner indices and on the badge, and in the rule line
            assert text.count(str(card.steps)) >= 4, (card.id, text)
            rule = strings.plural(f"card_rules.{card.kind}", card.steps, steps=card.steps)
            squares = {"en": "square" if card.steps == 1 else "squares", "da": "felt" if card.steps == 1 else "felter"}
            assert f"{card.steps} {squares[strings.lang]} " in text, (card.id, text)
        else:
            lost = game.rules.soldiers_lost
            rule = (strings(f"card_rules.good_{card.region}") if card.kind == "good"
                    else strings.plural("card_rules.soldiers", lost, lost=lost))
        assert rule.split()[-1] in text and rule.split()[0] in text, (card.id, rule, text)
        if card.kind == "good":
            assert strings(f"good_band.{card.region}") in text


@pytest.mark.parametrize("players, paper, aid_slots", [(4, "a4", 4), (6, "a4", 6), (4, "letter", 4), (6, "letter", 6)])
def test_deck_faces_follow_the_model_counts(game, layout, players, paper, aid_slots):
    """The 75 cards by type, each with the common back, then one duplex player aid per
    player in the grid's next slots (A4: 79 and 81 of 9 sheets' 81 slots; Letter: 79 of 80,
    81 on an 11th sheet), the aid's back behind its front."""
    strings = Strings(DEFAULT_DATA_DIR, GAME, "en")
    settings = PrintSettings(PAPERS[paper], bleed_mm=BLEED)
    run, aids = chessboard._deck(game, strings, game.variant(players), layout, settings, lambda c: (lambda *a: c))
    assert run.kind == "deck" and run.count == 75
    assert run.by_type == {
        "move-1": 5, "move-2": 10, "move-3": 10, "move-4": 5,
        **{f"bandits-{n}": 1 for n in range(1, 6)}, **{f"sandstorm-{n}": 1 for n in range(1, 6)},
        "soldiers": 5, "metals": 5, "woods": 5, "furs": 5, "tea": 5, "spices": 5, "silk": 5,
    }
    placed = [p.face for s in run.sheets if s.side == "front" for p in s.placements if p.component == "cards"]
    assert len(placed) == 75
    assert {t: placed.count(f"card/{t}") for t in run.by_type} == run.by_type
    backs = [p.face for s in run.sheets if s.side == "back" for p in s.placements if p.component == "cards"]
    assert backs == ["card/back"] * 75
    assert (aids.id, aids.kind, aids.count, aids.stock) == ("aids", "aid", players, "card")
    fronts = [p for s in run.sheets if s.side == "front" for p in s.placements if p.component == "aids"]
    behind = [p for s in run.sheets if s.side == "back" for p in s.placements if p.component == "aids"]
    assert [p.face for p in fronts] == ["aid/caravan-chessboard/front"] * aid_slots
    assert [p.face for p in behind] == ["aid/caravan-chessboard/back"] * aid_slots
    assert sorted(p.index for p in fronts) == list(range(players))
    # every aid's sheets are the deck's; each aid is the size of a card
    assert aids.sheets and all(s in run.sheets for s in aids.sheets)
    cards = {tuple(sorted((round(p.w, 2), round(p.h, 2)))) for s in run.sheets for p in s.placements
             if p.component == "cards"}
    assert {tuple(sorted((round(p.w, 2), round(p.h, 2)))) for p in fronts} == cards == {(63.5, 88.9)}
    per_sheet = {"a4": 9, "letter": 8}[paper]
    assert sum(1 for s in run.sheets if s.side == "front") == -(-(75 + players) // per_sheet)


# ------------------------------------------------------------------------------ board
@pytest.fixture(scope="module", params=["en", "da"])
def board(request, game, layout):
    strings = Strings(DEFAULT_DATA_DIR, GAME, request.param)
    return strings, chessboard.board_face(game, strings, BLEED, layout)


def test_board_size_and_squares(game, layout, board):
    _, face = board
    side = game.board.columns * layout.square_mm + 2 * layout.band_mm
    assert (face.width, face.height) == (side, game.board.rows * layout.square_mm + 2 * layout.band_mm)
    assert layout.square_mm >= 35
    geo = face.meta["grid"]            # pnp.components.grid_board.GridGeometry: rows 0 (head) .. 7 (foot)
    cells = re.findall(r'id="cell-(\d+)-(\d+)"', _svg(face))
    assert len(set(cells)) == len(cells) == game.board.rows * game.board.columns == 64

    def square(row, col):
        """Top-left corner of board square (row, col), both 1-based, row 1 at the foot."""
        return geo.cell_origin(game.board.rows - row, col - 1)

    # Row 1 (Europe) at the foot, row 8 (the Orient) at the head; column 1 at the left.
    assert square(1, 1)[1] > square(8, 1)[1]
    assert square(1, 1)[0] < square(1, 8)[0]
    assert geo.cell == layout.square_mm
    for row in range(1, game.board.rows + 1):
        for col in range(1, game.board.columns + 1):
            x, y = square(row, col)
            assert x == pytest.approx(layout.band_mm + (col - 1) * layout.square_mm)
            assert y == pytest.approx(layout.band_mm + (game.board.rows - row) * layout.square_mm)
    assert face.meta["quiet_x"] == [layout.band_mm + k * layout.square_mm for k in range(9)]


def test_board_regions_are_tinted_from_the_layout(game, layout, board):
    _, face = board
    svg = _svg(face)
    for region, rows in game.board.regions.items():
        look = layout.regions[region]
        for row in rows:
            for col in range(1, game.board.columns + 1):
                cell = f"cell-{game.board.rows - row}-{col - 1}"      # grid rows count from the head
                fill = re.search(rf'id="{cell}"><rect [^>]*fill="(#[0-9A-F]+)"', svg).group(1)
                assert fill == (look.dark if (row + col) % 2 == 0 else look.light), (row, col)


def test_board_prints_numbers_region_names_and_notes(game, board):
    strings, face = board
    text = _text(face)
    for n in range(1, 9):
        # each row number twice (left, right), each column number twice (top, bottom)
        assert len(re.findall(rf"(?<!\d){n}(?!\d)", text)) >= 4, n
    for region in game.board.regions:
        assert strings(f"regions.{region}") in text
    for region in ("europe", "orient"):
        assert strings(f"board_note.{region}").split(" · ")[1] in text


def _centre_frame_mm(face) -> tuple[float, float, float, float]:
    """The outer rectangle (x0, y0, x1, y1, mm) of the board's centre mark, read from its SVG."""
    svg = _svg(face)
    group = re.search(r'<g class="centre-mark">(.*?)</g>', svg, re.S)
    assert group, "the board has no centre mark"
    d = re.search(r'<path d="M([\d.]+),([\d.]+)H([\d.]+)V([\d.]+)', group.group(1))
    return tuple(float(v) for v in d.groups())


@pytest.mark.parametrize("rows, columns", [((4, 5), (4, 5)), ((3, 4), (5, 6))])
def test_board_marks_the_centre_block_from_the_data(data_copy, rows, columns):
    """The rules put the Bandits and the Sandstorm on the centre squares (set-up step 6):
    the printed board frames exactly those squares (game.yaml ``board.centre``), inset by
    ``CENTRE_INSET_MM``, and puts a star in each; a moved centre moves the mark."""
    edit(data_copy / GAME / "game.yaml", "rows: [4, 5]            #", f"rows: [{rows[0]}, {rows[1]}]            #")
    edit(data_copy / GAME / "game.yaml", "columns: [4, 5]         #", f"columns: [{columns[0]}, {columns[1]}]         #")
    game = load_game(GAME, data_copy)
    assert (game.board.centre_rows, game.board.centre_columns) == (rows, columns)
    layout = load_layout(game)
    face = chessboard.board_face(game, Strings(data_copy, GAME, "en"), BLEED, layout)
    geo = face.meta["grid"]
    left, top = geo.cell_origin(game.board.rows - max(rows), min(columns) - 1)
    right, bottom = geo.cell_origin(game.board.rows - min(rows) + 1, max(columns))
    inset = chessboard.CENTRE_INSET_MM
    assert _centre_frame_mm(face) == pytest.approx((left + inset, top + inset, right - inset, bottom - inset), abs=1e-3)
    stars = re.findall(r"<polygon", re.search(r'<g class="centre-mark">(.*?)</g>', _svg(face), re.S).group(1))
    assert len(stars) == 2 * len(rows) * len(columns)      # a star and its gold heart on each square


def test_centre_mark_stands_out_in_grey(game, board):
    """As printed in greyscale: the frame's bronze band is at least 25 L* darker than the
    desert square beside the block, and the gold band inside it at least 25 L* lighter than
    the bronze (the frame reads as a dark line with a light edge, whatever the square's tint)."""
    import numpy as np
    from printedface import box_mask, lstar

    _, face = board
    ell, scale, bleed = lstar(face, dpi=150)
    x0, y0, x1, y1 = _centre_frame_mm(face)
    outer, inner = chessboard.CENTRE_OUTER_MM, chessboard.CENTRE_INNER_MM

    def median(box):
        return float(np.median(ell[box_mask(ell.shape, scale, bleed, *box)]))

    dark = median((x0 + 0.25, y0 + 8, x0 + outer - 0.25, y1 - 8))
    gold = median((x0 + outer + 0.2, y0 + 8, x0 + outer + inner - 0.2, y1 - 8))
    cell = face.meta["grid"].cell
    sand = median((x0 - cell + 6, y0 + 6, x0 - 6, y0 + cell - 6))     # the square left of the block
    assert sand - dark >= 25, (sand, dark)
    assert gold - dark >= 25, (dark, gold)


def test_centre_mark_gold_reads_as_gold(board):
    """In colour: the frame's gold band and the band outside it both have warm hues (30-55
    degrees: amber and bronze), so the gold is not seen beside a blue-green and read as green."""
    import colorsys
    import io

    import numpy as np
    from PIL import Image
    from printedface import box_mask
    from pnp.printing.targets import face_png

    _, face = board
    image = Image.open(io.BytesIO(face_png(face, 150))).convert("RGB")
    rgb = np.asarray(image, dtype=float) / 255
    scale = image.width / (face.width + 2 * face.bleed)
    x0, y0, x1, y1 = _centre_frame_mm(face)
    outer, inner = chessboard.CENTRE_OUTER_MM, chessboard.CENTRE_INNER_MM
    for name, box in (("dark", (x0 + 0.25, y0 + 8, x0 + outer - 0.25, y1 - 8)),
                      ("gold", (x0 + outer + 0.2, y0 + 8, x0 + outer + inner - 0.2, y1 - 8))):
        r, g, b = np.median(rgb[box_mask(rgb.shape[:2], scale, face.bleed, *box)], axis=0)
        hue = colorsys.rgb_to_hsv(r, g, b)[0] * 360
        assert 30 <= hue <= 55, (name, round(hue, 1))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_tiles_on_four_sheets(board, paper):
    strings, face = board
    sheets = tile_board(face, PrintSettings(PAPERS[paper]), strings, "Board")
    assert len(sheets) == 4
    # Seams lie on square edges (quiet lines), so no square is cut through its middle.
    boxes = [tuple(map(float, s.placements[0].face.split("@")[1].split(","))) for s in sheets]
    quiet = {round(q, 3) for q in face.meta["quiet_x"]} | {round(q, 3) for q in face.meta["quiet_y"]}
    starts = {round(b[0], 3) for b in boxes if b[0] > 0} | {round(b[1], 3) for b in boxes if b[1] > 0}
    assert starts and starts <= quiet, (starts, quiet)


# ------------------------------------------------------------------------------ d8 net
@pytest.fixture(scope="module")
def d8():
    return cutouts.d8_net("die", "die", 26.0, tuple(str(n) for n in range(1, 9)), "test")


def test_d8_net_has_eight_equilateral_faces_numbered_once(d8):
    tris = d8.meta["triangles"]
    assert sorted(n for n, _ in tris) == list(range(1, 9))
    for _, pts in tris:
        sides = [math.dist(a, b) for a, b in combinations(pts, 2)]
        assert sides == pytest.approx([26.0] * 3, abs=1e-6)
    centres = [tuple(round(sum(c) / 3, 3) for c in zip(*pts)) for _, pts in tris]
    assert len(set(centres)) == 8          # no two faces on top of each other
    points = [p for _, pts in tris for p in pts] + [p for quad in d8.meta["tabs"] for p in quad]
    assert min(x for x, _ in points) == pytest.approx(0) and min(y for _, y in points) == pytest.approx(0)
    assert max(x for x, _ in points) == pytest.approx(d8.width) and max(y for _, y in points) == pytest.approx(d8.height)


def test_d8_opposite_faces_sum_to_nine():
    numbers = cutouts.d8_numbers()
    faces = cutouts._OCTA_FACES
    for i, face in enumerate(faces):
        opposite = faces.index(tuple(-s for s in face))
        assert numbers[i] + numbers[opposite] == 9


def test_d8_net_folds_into_an_octahedron(d8):
    """12 edges: 7 folds (the spanning tree) and 5 cut pairs, each with exactly one glue tab."""
    net = cutouts.octahedron_net()
    placed = {}
    for i, verts in net.items():
        for a, b in combinations(verts, 2):
            placed.setdefault(frozenset((a, b)), []).append(frozenset((verts[a], verts[b])))
    assert len(placed) == 12 and all(len(v) == 2 for v in placed.values())
    folds = [k for k, (s, t) in placed.items() if s == t]
    cuts = [k for k, (s, t) in placed.items() if s != t]
    assert len(folds) == 7 and len(cuts) == 5
    assert len(d8.meta["folds"]) == 7 and len(d8.meta["tabs"]) == 5
    # each tab sits on one of the two edges of a distinct cut pair
    edge = 26.0
    tab_edges = [frozenset((tuple(round(c, 3) for c in q[0]), tuple(round(c, 3) for c in q[-1])))
                 for q in d8.meta["tabs"]]
    shift = _net_shift(d8, net, edge)
    hit = []
    for key in cuts:
        sides = [frozenset(tuple(round(c * edge + o, 3) for c, o in zip(p, shift)) for p in seg) for seg in placed[key]]
        hit.append(sum(side in tab_edges for side in sides))
    assert hit == [1] * 5


def _net_shift(face, net, edge):
    """Offset between ``octahedron_net`` (unit edge) and the face's mm coordinates."""
    number_of = cutouts.d8_numbers()
    pts = dict(face.meta["triangles"])[number_of[0]]
    xs = [x * edge for x, _ in net[0].values()]
    ys = [y * edge for _, y in net[0].values()]
    return (min(x for x, _ in pts) - min(xs), min(y for _, y in pts) - min(ys))


def test_d8_tabs_lie_outside_every_face(d8):
    tris = [pts for _, pts in d8.meta["triangles"]]
    for quad in d8.meta["tabs"]:
        mid = ((quad[1][0] + quad[2][0]) / 2, (quad[1][1] + quad[2][1]) / 2)   # middle of the tab's outer side
        assert not any(_inside(mid, t) for t in tris), quad


def _inside(p, tri) -> bool:
    (x1, y1), (x2, y2), (x3, y3) = tri
    d = (y2 - y3) * (x1 - x3) + (x3 - x2) * (y1 - y3)
    a = ((y2 - y3) * (p[0] - x3) + (x3 - x2) * (p[1] - y3)) / d
    b = ((y3 - y1) * (p[0] - x3) + (x1 - x3) * (p[1] - y3)) / d
    return a > 1e-6 and b > 1e-6 and 1 - a - b > 1e-6


# ------------------------------------------------------------------------------ layout file
@pytest.mark.parametrize("old, new, key", [
    ("square_mm: 38 ", "square_mm: 30 ", "board.square_mm"),
    ("size_mm: 34 ", "size_mm: 39 ", "marker.size_mm"),
    ("back_icon: camel", "back_icon: no-such-icon", "cards.back_icon"),
    ("size: poker ", "size: huge ", "cards.size"),
    ("foot_mm: 13 ", "foot_mm: 20 ", "pawn.foot_mm"),
])
def test_bad_layout_names_file_and_key(data_copy, old, new, key):
    path = data_copy / GAME / "components.yaml"
    edit(path, old, new)
    game = load_game(GAME, data_copy)
    with pytest.raises(DataError) as info:
        load_layout(game)
    message = str(info.value)
    assert "components.yaml" in message and key in message, message
    assert "\n" not in message


def test_grid_board_bands_must_cover_every_row_once():
    """The generic grid board's row bands (the chessboard's regions): a row left out is an error."""
    from pnp.components.grid_board import RowBand, grid_board
    from pnp.errors import LayoutError

    band = RowBand((0, 1, 2), "#FFFFFF", "#DDDDDD", "#888888", "Region", None, "test")
    with pytest.raises(LayoutError) as info:
        grid_board("board", "board", 4, 4, 35.0, 30.0, BLEED, lambda *a: None, background=None,
                   border_fill="#333333", line_colour="#000000", bands=[band])
    assert "board.regions" in str(info.value)
