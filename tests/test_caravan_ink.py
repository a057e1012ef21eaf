"""``--ink saver`` on the Caravan kit: less ink on every sheet kind, paper bleeds, and goods
that still read in greyscale (the Samarkand counterpart is in test_print.py).

Coverage is ink coverage (1 - lightness, 0..1) of the part of a sheet the pieces cover (the
union of the placements' trim boxes), rendered at 150 dpi (``inkmeter``).
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

from pnp.kit.build import kit_runs, pack_runs
from inkmeter import bleed_ring, pieces_coverage
from pypdf import PdfReader

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.components import markers, player_board, style
from pnp.games.caravan.board import board_face
from pnp.components.grid_board import grid_board
from pnp.geometry import PAPERS
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.games.caravan import kit as caravan
from pnp.games.caravan.kit_spec import load_spec
from pnp.model import load_game
from pnp.printing.pdf import svg_to_pdf
from pnp.components.svg import rect
from pnp.printing.targets import face_svg

SVG = "{http://www.w3.org/2000/svg}"
#: Sheet kinds with full-colour art (board tiles, player boards, token sheets): where saver ink saves most.
SHEET_KINDS = ("board", "player-boards", "goods", "camels", "demand-markers")


@pytest.fixture(scope="module")
def game():
    return load_game("caravan", DEFAULT_DATA_DIR)


@pytest.fixture(scope="module")
def spec(game):
    return load_spec(game)


@pytest.fixture(scope="module")
def strings():
    return Strings(DEFAULT_DATA_DIR, "caravan", "en")


@pytest.fixture(scope="module")
def sheets(game, strings) -> dict[str, dict[str, list]]:
    """mode -> component id -> its sheets, for the 4-player kit on A4."""
    out = {}
    for mode in ("normal", "saver"):
        settings = PrintSettings(PAPERS["a4"], ink=mode)
        label = lambda component: (lambda side, n, total: component)        # noqa: E731
        runs = kit_runs(caravan.CaravanKit(), game, strings, game.variant(4, None), "en", settings, label)
        pack_runs(runs, settings, label)          # one-sided pieces share packed sheets, aids too (as pnp build)
        out[mode] = {run.id: run.sheets for run in runs if run.sheets}
    return out


@pytest.mark.parametrize("kind", SHEET_KINDS)
def test_saver_sheets_use_well_under_half_the_ink(sheets, kind):
    """Every sheet of the kind, page for page: saver < 50 % of normal (measured 20-42 %)."""
    normal, saver = sheets["normal"][kind], sheets["saver"][kind]
    if len(normal) == len(saver):
        for n_sheet, s_sheet in zip(normal, saver):
            n, s = pieces_coverage(n_sheet), pieces_coverage(s_sheet)
            assert s < 0.5 * n, (kind, n_sheet.bookmark, round(n, 3), round(s, 3))
    else:   # saver edges are all white, so the packer may share cuts (and sheets) differently
        n = sum(map(pieces_coverage, normal)) / len(normal)
        s = sum(map(pieces_coverage, saver)) / len(saver)
        assert s < 0.5 * n, (kind, round(n, 3), round(s, 3))


def test_saver_bleed_is_paper_and_pieces_abut_on_white(game, strings, spec):
    """Board, player board, good, camel and marker: the bleed is paper in saver ink (dark in
    normal ink), and the pieces that abut say so with a white edge colour."""
    bleed = 3.0
    good, colour = game.goods[0], game.player_colours[0]

    def faces(ink):
        return {
            "board": board_face(game, strings, spec, bleed, ink),
            "good": markers.good_token("g", "goods", spec.good_mm, bleed, good.colour, good.icon, "Me", "test",
                                       ink=ink),
            "camel": markers.player_token("c", "camels", spec.camel_mm, bleed, colour.colour, "circle", "camel",
                                          ink=ink),
            "marker": markers.disc_marker("d", "markers", spec.demand_mm, spec.demand_diameter_mm, bleed,
                                          spec.colours["demand"], spec.icons["demand"], "1", "test", ink=ink),
            "player board": player_board.player_board(
                "p", "player-boards", *spec.player_board_mm, bleed, colour=colour.colour, mark="circle",
                emblem="camel", title="Yellow", note="1, 2, 3", goods_title="Goods",
                goods=(player_board.GoodSlot("Meat", "Me", good.icon, good.colour, "3"),), goods_columns=4,
                token_mm=spec.good_mm, areas=(), reminders=(player_board.Reminder("Actions", (("a", "1"),)),),
                foot_mm=spec.player_board_foot_mm, where="test", ink=ink),
        }

    for name, face in faces(style.NORMAL).items():
        assert bleed_ring(face)[1] < 240, name          # coloured all round (parchment is the lightest)
    for name, face in faces(style.SAVER).items():
        assert bleed_ring(face)[0] > 245, name          # plain paper
        assert face.edge_colour in (None, style.WHITE), name


def _luminance(colour: str) -> float:
    """WCAG relative luminance of #RRGGBB."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _ground_of(root: ET.Element, text: ET.Element) -> str:
    """Fill of the last filled rect painted before ``text`` in ``root`` whose box holds the
    text's anchor point (the ground the text stands on)."""
    x, y = float(text.get("x")), float(text.get("y"))
    ground = None
    for element in root.iter():
        if element is text:
            break
        if element.tag == f"{SVG}rect" and element.get("fill") not in (None, "none"):
            rx, ry = float(element.get("x")), float(element.get("y"))
            if rx <= x <= rx + float(element.get("width")) and ry <= y <= ry + float(element.get("height")):
                ground = element.get("fill")
    assert ground is not None, text.text
    return ground


def _root(face) -> ET.Element:
    return ET.fromstring(face_svg(face))


def test_saver_goods_keep_letter_and_icon_contrast_on_their_tint(game, strings, spec):
    """Each good's token and city in saver ink: the letters at least 4.5 : 1 against the tint
    they stand on (WCAG AA text), the icons at least 3 : 1 (WCAG graphics), so both read in
    greyscale; the tint is still the good's colour, lightened."""
    board = _root(board_face(game, strings, spec, 3.0, style.SAVER))
    for good in game.goods:
        letters = strings(f"letters.{good.id}")
        token = _root(markers.good_token("g", "goods", spec.good_mm, 3.0, good.colour, good.icon, letters, "test",
                                         rare=good.kind == "rare", ink=style.SAVER))
        field = [r for r in token.iter(f"{SVG}rect") if r.get("fill") not in ("none", None)][0].get("fill")
        assert field == style.lighter(good.colour, 0.82)
        city = next(g for g in board.iter(f"{SVG}g") if g.get("id") == f"city-{good.id}")
        texts = [t for t in token.iter(f"{SVG}text")]
        assert letters in [t.text for t in texts], good.id
        for t in texts:
            assert _contrast(t.get("fill"), field) >= 4.5, (good.id, t.text, t.get("fill"), field)
        icon_fills = {p.get("fill") for g in token.iter(f"{SVG}g") if "scale(" in (g.get("transform") or "")
                      for p in g.iter(f"{SVG}path")}
        assert max(_contrast(f, field) for f in icon_fills) >= 3.0, (good.id, icon_fills, field)
        # The city: each text against the filled shape it stands on (its name on a banner,
        # its letters on a plate), and the city's ground still a light tint of the colour.
        assert style.lighter(good.colour, 0.88) in {r.get("fill") for r in city.iter(f"{SVG}rect")}, good.id
        city_texts = [t for t in city.iter(f"{SVG}text")]
        assert letters in [t.text for t in city_texts], good.id
        for t in city_texts:
            ground = _ground_of(city, t)
            assert _contrast(t.get("fill"), ground) >= 4.5, (good.id, t.text, t.get("fill"), ground)


def test_saver_goods_sheet_letters_are_text(sheets, game, strings):
    """The goods sheet printed in saver ink still carries every good's letters as text."""
    # the goods alone (in the kit they share board tiles, whose city names hold the letters too)
    settings = PrintSettings(PAPERS["a4"], ink="saver")
    label = lambda component: (lambda side, n, total: component)        # noqa: E731
    runs = [r for r in caravan.CaravanKit().components(game, strings, game.variant(4, None), settings, label) if r.id == "goods"]
    pack_runs(runs, settings, label)
    words = []
    for sheet in runs[0].sheets:
        words += PdfReader(io.BytesIO(svg_to_pdf(sheet.svg))).pages[0].extract_text().split()
    for good in game.goods:
        assert strings(f"letters.{good.id}") in words, good.id


def test_grid_board_saver_leaves_paper_and_halves_the_lines():
    """The generic grid board: no bleed or background fill in saver ink, grid lines at half width;
    normal ink keeps both fills and the given width."""
    def board(ink):
        return grid_board("chess", "board", 8, 8, 30.0, 12.0, 3.0,
                          lambda r, c, x, y, s: rect(x, y, s, s, fill="#000000") if (r + c) % 2 else None,
                          background="#FFFFFF", border_fill="#333333", line_colour="#000000", line_mm=0.5, ink=ink)

    normal, saver = _root(board(style.NORMAL)), _root(board(style.SAVER))
    fills = [r.get("fill") for r in saver.iter(f"{SVG}rect")][:3]      # clip box, bleed, background
    assert fills[1:] == ["none", "none"]
    assert [r.get("fill") for r in normal.iter(f"{SVG}rect")][1:3] == ["#333333", "#FFFFFF"]
    widths = {float(ln.get("stroke-width")) for ln in saver.iter(f"{SVG}line")}
    assert widths == {0.25}
    assert {float(ln.get("stroke-width")) for ln in normal.iter(f"{SVG}line")} == {0.5}
