"""``--ink saver`` on the Samarkand kit: every illustrated sheet kind (card fronts and backs,
board tiles, market tokens, price tables) uses well under half the ink of the normal kit, the
card fronts' bleed is paper, and the illustrations are pale versions of the same pictures
(the same shapes, lighter colours), not the full-colour art on white.

Coverage is ink coverage (1 - lightness, 0..1) of the part of a sheet the pieces cover,
rendered at 150 dpi (``inkmeter``); only the first sheet of each kind is measured.
"""

from __future__ import annotations

import re

import pytest

import faceinspect as fi
from inkmeter import bleed_ring, pieces_coverage
from pnp.components import style
from pnp.geometry import PAPERS
from pnp.kit.build import kit_runs, pack_runs
from pnp.model import load_game
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.games.samarkand import art, kit as samarkand

GAME = "samarkand"
SHEET_KINDS = {
    "card fronts": ("cards", "front"),
    "card backs": ("cards", "back"),
    "board tiles": ("board", None),
    "market tokens": ("market-tokens", None),
    "price tables": ("price-tables", None),
}


def _label(component):
    return lambda side, n, total: component


@pytest.fixture(scope="module")
def game():
    return load_game(GAME, DEFAULT_DATA_DIR)


@pytest.fixture(scope="module")
def sheets(game):
    strings = Strings(DEFAULT_DATA_DIR, GAME, "en")
    out = {}
    for mode in ("normal", "saver"):
        settings = PrintSettings(PAPERS["a4"], ink=mode)
        runs = kit_runs(samarkand.SamarkandKit(), game, strings, game.variant(5), "en", settings, _label)
        pack_runs(runs, settings, _label)
        by_component = {}
        for run in runs:
            for sheet in run.sheets:
                by_component.setdefault(run.id, []).append(sheet)
        out[mode] = by_component
    return out


def _first(sheets_of_mode, kind):
    component, side = SHEET_KINDS[kind]
    return next(s for s in sheets_of_mode[component] if side is None or s.side == side)


@pytest.mark.parametrize("kind", SHEET_KINDS)
def test_saver_sheets_use_well_under_half_the_ink(sheets, kind):
    normal, saver = _first(sheets["normal"], kind), _first(sheets["saver"], kind)
    n, s = pieces_coverage(normal), pieces_coverage(saver)
    assert s < 0.5 * n, (kind, round(n, 3), round(s, 3))


def _fills(face) -> list[str]:
    return [s.fill for s in fi.items(face).shapes if s.fill not in (None, "none") and s.fill.startswith("#")]


@pytest.mark.parametrize("good", ["grain", "fruit", "copper", "carpets", "camels", "jewels"])
def test_a_saver_still_life_is_the_same_picture_paler(game, good):
    g = game.good(good)
    faces = {ink: art.good_card("c", "cards", 63.5, 88.9, 3.0, good.title(), good, g.colour, samarkand.rarity(game, good),
                                "test", ink=ink) for ink in (style.NORMAL, style.SAVER)}
    normal, saver = (fi.items(faces[ink]) for ink in (style.NORMAL, style.SAVER))
    # the same shapes and pictures are drawn ...
    assert abs(len(normal.shapes) - len(saver.shapes)) <= 2
    assert len(normal.icons) == len(saver.icons)
    # ... in lighter colours: the picture's darkest fills go, and its mean lightness rises by far
    light = {k: [fi.lightness(fi.rgb(c)) for c in _fills(f)] for k, f in (("normal", faces[style.NORMAL]),
                                                                          ("saver", faces[style.SAVER]))}
    assert sum(light["saver"]) / len(light["saver"]) > sum(light["normal"]) / len(light["normal"]) + 10



@pytest.mark.parametrize("name", ["two-hump-camel", "basket", "gem-stone", "amphora"])
def test_saver_icons_keep_their_shapes_in_pale_colours(name):
    import svgwrite

    def paints(ink):
        d = svgwrite.Drawing(debug=False)
        d.add(art.icon_at(name, 10, 10, 20, ink, art.copper_tone if name == "amphora" else None))
        return re.findall(r'(?:fill|stop-color)="(#[0-9A-Fa-f]{6})"', d.tostring())

    normal, saver = paints(style.NORMAL), paints(style.SAVER)
    assert len(normal) == len(saver) > 0
    darkest = min(fi.lightness(fi.rgb(c)) for c in normal)
    assert min(fi.lightness(fi.rgb(c)) for c in saver) > max(60, darkest + 15)


def test_saver_card_front_bleed_is_paper(game):
    g = game.good("jewels")
    normal = art.good_card("c", "cards", 63.5, 88.9, 3.0, "Jewels", "jewels", g.colour, 6, "test")
    saver = art.good_card("c", "cards", 63.5, 88.9, 3.0, "Jewels", "jewels", g.colour, 6, "test", ink=style.SAVER)
    assert bleed_ring(normal)[1] < 100          # the dark frame runs into the bleed
    assert bleed_ring(saver)[0] > 245 and bleed_ring(saver)[1] > 245
    assert saver.edge_colour == style.WHITE
