"""Caravan's components: the generic grid board, the Caravan board and its tiling, goods tokens
that read without colour, player pieces, player boards, and the kit spec's bad-data errors."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pnp.kit.build import pack_runs
from helpers import edit

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.components import markers, player_board
from pnp.games.caravan.board import board_face, board_size
from pnp.components.grid_board import grid_board
from pnp.errors import DataError, LayoutError
from pnp.geometry import PAPERS
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.games.caravan import kit as caravan
from pnp.games.caravan.kit_spec import load_spec
from pnp.model import load_game
from pnp.components.svg import new_sheet, rect
from pnp.printing.tiling import tile_board

BLEED = 3.0
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    return load_game("caravan", DEFAULT_DATA_DIR)


@pytest.fixture(scope="module")
def spec(game):
    return load_spec(game)


@pytest.fixture(scope="module", params=["en", "da"])
def strings(request):
    return Strings(DEFAULT_DATA_DIR, "caravan", request.param)


def _svg(face) -> ET.Element:
    dwg = new_sheet(face.width, face.height)
    dwg.add(face.art)
    return ET.fromstring(dwg.tostring())


def _texts(root: ET.Element) -> list[str]:
    return [t.text for t in root.iter(f"{SVG}text")]


# ----------------------------------------------------------------------- grid board
def test_grid_board_is_generic_eight_by_eight():
    """The chessboard's 8 x 8 board: every cell painted once, at its place, grid lines as seams."""
    calls = []

    def paint(row, column, x, y, size):
        calls.append((row, column, x, y, size))
        return rect(x, y, size, size, fill="#000000" if (row + column) % 2 else "#FFFFFF")

    face = grid_board("chess", "board", 8, 8, 30.0, 12.0, BLEED, paint, background="#FFFFFF",
                      border_fill="#333333", line_colour="#000000")
    assert (face.width, face.height) == (8 * 30 + 24, 8 * 30 + 24)
    assert len(calls) == 64
    assert calls[9] == (1, 1, 12.0 + 30, 12.0 + 30, 30.0)
    root = _svg(face)
    cells = [g.get("id") for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("cell-")]
    assert len(cells) == 64 and "cell-7-7" in cells
    assert face.meta["quiet_x"] == [12.0 + 30 * k for k in range(9)]
    assert face.meta["grid"].cell_centre(7, 0) == (27.0, 12.0 + 7 * 30 + 15)


@pytest.mark.parametrize("rows, columns, cell", [(0, 7, 40), (7, 7, 0)])
def test_grid_board_rejects_empty_grids(rows, columns, cell):
    with pytest.raises(LayoutError):
        grid_board("b", "board", rows, columns, cell, 10, BLEED, lambda *a: None, background="#FFFFFF",
                   border_fill="#000000", line_colour="#000000")


# ------------------------------------------------------------------- Caravan board
def test_board_size_and_cells_from_data(game, spec, strings):
    face = board_face(game, strings, spec, BLEED)
    assert (face.width, face.height) == board_size(game, spec) == (
        game.board.columns * spec.cell_mm + 2 * spec.border_mm, game.board.rows * spec.cell_mm + 2 * spec.border_mm)
    root = _svg(face)
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
    for city in game.board.cities:
        cell = groups[f"cell-{city.row}-{city.column}"]
        city_group = next(g for g in cell.iter(f"{SVG}g") if g.get("id") == f"city-{city.good}")
        fills = {r.get("fill") for r in city_group.iter(f"{SVG}rect")}
        assert game.good(city.good).colour in fills
        texts = _texts(city_group)
        assert strings(f"goods.{city.good}") in texts and strings(f"letters.{city.good}") in texts
    for space in game.board.supply:
        cell = groups[f"cell-{space.row}-{space.column}"]
        assert _texts(cell).count(str(space.number)) == 2
        assert (strings("supply_start") in _texts(cell)) == bool(space.demand_at_start)
    assert strings("title") in _texts(root) and strings("board_hint") in _texts(root)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_tiles_over_four_sheets_on_grid_lines(game, spec, paper):
    strings = Strings(DEFAULT_DATA_DIR, "caravan", "en")
    face = board_face(game, strings, spec, BLEED)
    settings = PrintSettings(PAPERS[paper])
    sheets = tile_board(face, settings, strings, "Board")
    assert len(sheets) == 4
    for sheet in sheets:
        root = ET.fromstring(sheet.svg)
        assert root.get("width") == f"{PAPERS[paper].width:g}mm" and root.get("height") == f"{PAPERS[paper].height:g}mm"


# ------------------------------------------------------------------ goods and pieces
@pytest.mark.parametrize("lang", ["en", "da"])
def test_goods_read_without_colour(game, lang):
    """In greyscale several goods colours look alike: icons and letters must still differ."""
    s = Strings(DEFAULT_DATA_DIR, "caravan", lang)
    letters = [s(f"letters.{g.id}").casefold() for g in game.goods]
    assert len(set(letters)) == len(letters), letters
    icons = [g.icon for g in game.goods]
    assert len(set(icons)) == len(icons)


def test_good_token_shows_colour_icon_and_letters(game, spec):
    good = game.good("ivory")
    face = markers.good_token("good/ivory", "goods", spec.good_mm, BLEED, good.colour, good.icon, "Iv", "test",
                              rare=True)
    assert (face.width, face.height, face.edge_colour) == (spec.good_mm, spec.good_mm, good.colour)   # colour to the bleed
    root = _svg(face)
    assert _texts(root) == ["Iv"]
    fills = {e.get("fill") for e in root.iter() if e.get("fill")}
    assert good.colour in fills and markers.RARE_RING in fills
    common = markers.good_token("good/meat", "goods", 18, BLEED, "#C0392B", "meat", "Me", "test")
    assert markers.RARE_RING not in {e.get("fill") for e in _svg(common).iter() if e.get("fill")}


def test_player_marks_differ_and_unknown_mark_fails():
    shapes = [markers.player_mark(m, 10, 10, 8, "#000000").tostring() for m in markers.PLAYER_MARKS]
    assert len(set(shapes)) == len(shapes)
    with pytest.raises(LayoutError, match="unknown player mark 'moon'"):
        markers.player_mark("moon", 10, 10, 8, "#000000")


def test_letters_that_do_not_fit_fail_with_their_source():
    with pytest.raises(LayoutError, match="caravan/lang/en.yaml: letters.meat"):
        markers.good_token("good/meat", "goods", 18, BLEED, "#C0392B", "meat", "Meaty meat", "caravan/lang/en.yaml: letters.meat")


# ------------------------------------------------------------------------ player board
def test_player_boards_show_costs_points_and_penalties_from_data(game, spec, strings):
    settings = PrintSettings(PAPERS["a4"])
    run = caravan._player_boards(game, strings, spec, settings, lambda label: lambda *a: label,
                                 len(game.player_colours))
    assert run.count == game.components.player_boards == len(game.player_colours)
    pack_runs([run], settings, lambda label: lambda *a: label)
    assert len(run.sheets) == 2            # two boards per sheet
    text = " ".join(t for sheet in run.sheets for t in _texts(ET.fromstring(sheet.svg)))
    for colour in game.player_colours:
        assert strings("player_board_title", colour=strings(f"player_colours.{colour.id}")) in text
    for g in game.goods:
        assert strings(f"goods.{g.id}") in text
    # Penalties: every held count up to the most camels of any set-up, as negative points.
    rows = dict(caravan.penalty_rows(game, strings))
    most = max(game.setup(s).camels for s in game.setups)
    assert rows[str(most)] == f"−{game.rules.penalty(most)}"
    assert rows[strings("penalty_none", low=0, high=1)] == "0"
    for value in rows.values():
        assert re.search(rf"(?<![\d−]){re.escape(value)}(?!\d)", text)
    assert strings("actions_note", sequence="1, 2, 3", last=4) in text


def test_player_board_too_small_for_its_goods_fails():
    slot = player_board.GoodSlot("Meat", "Me", "meat", "#C0392B", "3")
    with pytest.raises(LayoutError, match="goods slot"):
        player_board.player_board("pb", "pb", 184, 60, BLEED, colour="#E8B10E", mark="circle", emblem="camel",
                                  title="T", note="N", goods_title="G", goods=(slot,) * 8, goods_columns=4,
                                  token_mm=18, areas=(), reminders=(), foot_mm=30, where="test")


def _type_sizes_pt(face) -> list[tuple[float, str]]:
    """(font size in pt, text) of every text element of ``face``, smallest first."""
    root = ET.fromstring(face.art.tostring())
    out = []
    for el in root.iter():
        if el.tag.rsplit("}", 1)[-1] != "text":
            continue
        out.append((float(el.get("font-size")) * 72 / 25.4, "".join(el.itertext())))
    return sorted(out)


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("ink", ["normal", "saver"])
def test_player_board_sets_no_text_under_7_pt(game, spec, lang, ink):
    """Every text of every player board, the reference tables too, is 7 pt or more (the
    reviewer read 4.9 pt on 'Demand markers on each remaining good'); every reminder label
    is on the board."""
    strings = Strings(DEFAULT_DATA_DIR, "caravan", lang)
    run = caravan._player_boards(game, strings, spec, PrintSettings(PAPERS["a4"], ink=ink), None, 4)
    for face in run.pieces[0].faces:
        sizes = _type_sizes_pt(face)
        assert sizes[0][0] >= 7.0 - 1e-6, sizes[:3]
        text = " ".join(t for _s, t in sizes)
        for key in ("action_move_good", "refill_markers", "demand_marker", "penalty_title"):
            assert all(word in text for word in strings(key).split()), key


def test_player_board_refuses_a_label_that_needs_type_under_7_pt(game, spec):
    """A reminder label that does not fit two lines at 7 pt is refused in one line naming
    the text, not set smaller."""
    strings = Strings(DEFAULT_DATA_DIR, "caravan", "en")
    slot = player_board.GoodSlot("Meat", "Me", "meat", "#C0392B", "3")
    long = player_board.Reminder("Actions", (("word " * 90, "1"),))
    with pytest.raises(LayoutError, match=r"does not fit its box .* at 2\.5 mm type"):
        player_board.player_board("pb", "pb", 190, 118, BLEED, colour="#E8B10E", mark="circle", emblem="camel",
                                  title="T", note="N", goods_title="G", goods=(slot,) * 8, goods_columns=4,
                                  token_mm=18, areas=(), reminders=(long,), foot_mm=33, where="test")
    assert strings("actions_title") == "Actions"


# ------------------------------------------------------------------------ kit spec
def test_spec_from_components_yaml(game, spec):
    assert spec.good_mm < spec.camel_mm
    assert len(spec.marks) >= len(game.player_colours) and len(set(spec.marks)) == len(spec.marks)
    assert spec.theft_diameter_mm <= spec.theft_mm and spec.demand_diameter_mm <= spec.demand_mm


@pytest.mark.parametrize("old, new, message", [
    ("size_mm: 18 ", "size_mm: 30 ", "goods_token.size_mm: expected less than camel.size_mm"),
    ("player_marks: [circle, square, triangle, diamond]", "player_marks: [circle, square, circle, diamond]",
     "player_marks: expected different marks"),
    ("player_marks: [circle, square, triangle, diamond]", "player_marks: [circle, moon, triangle, diamond]",
     "player_marks[1]: expected one of"),
    ("  demand: wax-seal", "  demand: no-such-icon", "icons.demand: unknown icon 'no-such-icon'"),
    ("  demand: balance-scale", "  demand: no-such-picture", "art.demand: unknown illustration 'no-such-picture'"),
    ("gems: gem-stone, ", "", "art.goods: no picture for gems"),
    ("  diameter_mm: 15 ", "  diameter_mm: 25 ", "theft_marker.diameter_mm: expected a number <= 17"),
])
def test_bad_components_yaml_names_file_and_key(data_copy, old, new, message):
    path = data_copy / "caravan" / "components.yaml"
    edit(path, old, new)
    with pytest.raises(DataError, match=re.escape(message)) as info:
        load_spec(load_game("caravan", data_copy))
    assert "components.yaml" in str(info.value)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_player_board_is_the_player_aid(lang):
    """The player board shows the refill (its numbers from game.yaml) beside the actions,
    points and penalties, so the kit prints no separate aid cards (they cost a ninth sheet)."""
    import faceinspect as fi
    from kitfaces import kit_faces

    game = load_game("caravan", DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, "caravan", lang)
    faces = [f for f, _ in kit_faces("caravan", lang)]
    assert not [f.name for f in faces if f.component == "aids"]
    board = next(f for f in faces if f.name == "player-board/yellow")
    texts = [t.content for t in fi.items(board).texts]
    rules = game.rules
    for key, value in (("refill_left", str(rules.refill_goods_left)),
                       ("refill_markers", f"+{rules.refill_demand_markers}"),
                       ("refill_draw", str(rules.refill_draw))):
        # a label may wrap onto two lines (player_board: a long translation stays whole)
        label = strings(key)
        i = next(n for n in range(len(texts)) if label in (texts[n], " ".join(texts[n:n + 2]), " ".join(texts[n:n + 3:2])))
        assert value in texts[i:i + 4], (key, texts[i:i + 4])
    assert strings("refill_title") in texts and strings("actions_title") in texts
