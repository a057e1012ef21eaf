"""``--ink saver`` on the CARAVAN on a chessboard kit, and on Samarkand's cut-outs: less ink on
every sheet kind, paper bleeds, card text still text.

Coverage is ink coverage (1 - lightness, 0..1) of the part of a sheet the pieces cover,
rendered at 150 dpi (``inkmeter``).  Only the first sheet of each kind is measured: the
sheets of one kind repeat the same faces, and rendering them all would make this slow.
"""

from __future__ import annotations

import io
import re

import pytest

from pnp.kit.build import kit_runs, pack_runs
from inkmeter import bleed_ring, pieces_coverage
from pypdf import PdfReader

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.components import cards, money, style, tokens
from pnp.geometry import PAPERS
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.games.caravan_chessboard import card_art, kit as chessboard
from pnp.games.samarkand import kit as samarkand
from pnp.games.caravan_chessboard.kit_spec import load_layout
from pnp.model import load_game
from pnp.printing.pdf import svg_to_pdf

GAME = "caravan-chessboard"
#: Sheet kind -> (component id, side): the first such sheet of the 4-player kit on A4.
SHEET_KINDS = {
    "card fronts": ("cards", "front"),
    "card backs": ("cards", "back"),
    "board tiles": ("board", None),
    "markers": ("oasis-markers", None),
    "coins": ("coins", None),
    "cut-outs": ("caravans", None),
}


@pytest.fixture(scope="module")
def game():
    return load_game(GAME, DEFAULT_DATA_DIR)


@pytest.fixture(scope="module")
def strings():
    return Strings(DEFAULT_DATA_DIR, GAME, "en")


def _label(component):
    return lambda side, n, total: component


@pytest.fixture(scope="module")
def sheets(game, strings) -> dict[str, dict[str, list]]:
    """mode -> component id -> its sheets, for the 4-player kit on A4."""
    out = {}
    for mode in ("normal", "saver"):
        settings = PrintSettings(PAPERS["a4"], ink=mode)
        runs = kit_runs(chessboard.ChessboardKit(), game, strings, game.variant(4), "en", settings, _label)
        pack_runs(runs, settings, _label)         # one-sided pieces share packed sheets, aids too (as pnp build)
        out[mode] = {run.id: run.sheets for run in runs if run.sheets}
    return out


def _first(sheets_of_mode, kind):
    component, side = SHEET_KINDS[kind]
    return next(s for s in sheets_of_mode[component] if side is None or s.side == side)


@pytest.mark.parametrize("kind", SHEET_KINDS)
def test_saver_sheets_use_well_under_half_the_ink(sheets, kind):
    """Saver < 50 % of normal on the first sheet of every kind."""
    normal, saver = _first(sheets["normal"], kind), _first(sheets["saver"], kind)
    n, s = pieces_coverage(normal), pieces_coverage(saver)
    assert s < 0.5 * n, (kind, round(n, 3), round(s, 3))


def test_samarkand_pawns_and_die_use_well_under_half_the_ink():
    """Samarkand's standees and die net (one sheet): saver < 50 % of normal."""
    game = load_game("samarkand", DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, "samarkand", "en")
    measured = {}
    for mode in ("normal", "saver"):
        settings = PrintSettings(PAPERS["a4"], ink=mode)
        runs = samarkand._cutouts(game, strings, 5, settings, _label)
        pack_runs(runs, settings, _label)
        measured[mode] = pieces_coverage(runs[0].sheets[0])
    assert measured["saver"] < 0.5 * measured["normal"], measured


def test_saver_bleed_is_paper(game, strings):
    """Card front and back, board, marker and coin: the bleed is paper in saver ink (coloured
    in normal ink), and the cards, which abut, say so with a white edge colour."""
    layout = load_layout(game)
    bleed = 3.0
    card = next(c for c in game.cards if c.kind == "good")
    marker, coin = game.markers[0], game.coins[0]

    def faces(ink):
        return {
            "card": chessboard.card_faces(game, strings, layout, bleed, ink)[card.id],
            "back": card_art.card_back("b", "cards", layout.card_w, layout.card_h, bleed, "Title", "Deck",
                                       layout.back_icon, "test", ink=ink),
            "board": chessboard.board_face(game, strings, bleed, layout, ink),
            "marker": tokens.icon_token("m", "markers", layout.marker_mm, bleed, "Oasis", marker.colour, marker.icon,
                                        "test", ink=ink),
            "coin": money.coin("c", "coins", layout.coin_size_mm, layout.coin_diameter_mm, bleed, coin.value, "Gold",
                               0, "test", ink=ink),
        }

    for name, face in faces(style.NORMAL).items():
        assert bleed_ring(face)[1] < 240, name           # coloured all round (parchment is the lightest)
    for name, face in faces(style.SAVER).items():
        assert bleed_ring(face)[0] > 245, name           # plain paper
        assert face.edge_colour in (None, style.WHITE), name


def test_saver_card_text_is_still_text(sheets, game, strings):
    """The first saver sheet of card fronts carries its cards' names and rule lines as text."""
    sheet = _first(sheets["saver"], "card fronts")
    text = re.sub(r"\s+", " ", PdfReader(io.BytesIO(svg_to_pdf(sheet.svg))).pages[0].extract_text())
    placed = {p.face.removeprefix("card/") for p in sheet.placements}
    checked = [card for card in game.cards if card.id in placed]
    assert checked
    for card in checked:
        if card.kind == "good":
            name, rule = strings(f"cards.{card.id}"), strings(f"card_rules.good_{card.region}")
        else:
            name = strings(f"cards.{card.kind}")
            rule = (strings.plural("card_rules.soldiers", game.rules.soldiers_lost, lost=game.rules.soldiers_lost)
                    if card.steps is None else strings.plural(f"card_rules.{card.kind}", card.steps, steps=card.steps))
        assert name in text, (card.id, text)
        assert rule.split()[0] in text and rule.split()[-1] in text, (card.id, rule, text)
