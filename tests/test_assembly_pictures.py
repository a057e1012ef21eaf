"""Pictures for making: every sheet with a folded or glued piece shows how it is made, and
every board tile's map gives the gluing order.

* Each sheet a default kit packs a standee or a die net on carries that piece's step
  pictogram (``pnp.components.assembly``), in the note band (no sheet is added for it:
  the kits' sheet counts are checked by their own tests and the builds).
* The pictograms draw fills only: no stroke that could read as a cut or fold line.
* A tile's map numbers the tiles 1..N in the order they are laid (row by row, left to
  right, each over the flaps of those before), and shows each tile's flaps.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from kitfaces import kit_faces
from pnp.components.assembly import STEPS, steps_strip
from pnp.geometry import PAPERS
from pnp.kit.recipe import KitRecipe
from pnp.kit.build import kit_runs
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.printing.packing import pack_pieces
from pnp.printing.tiling import MAP_FLAP, tile_board
from pnp.registry import game as registered_game

SVG = "{http://www.w3.org/2000/svg}"
# the folded or glued pieces of each default kit: component id -> pictogram
FOLDED = {
    "samarkand": {"pawns": "standee", "die": "d6"},
    "caravan-chessboard": {"caravans": "standee", "desert-pawns": "standee", "die": "d8"},
}


def _sheets(game_id: str, paper: str = "a4"):
    entry = registered_game(game_id)
    game = entry.load(DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, game_id, "en")
    settings = PrintSettings(PAPERS[paper])
    runs = kit_runs(entry.make("kit", KitRecipe), game, strings, game.variant(None), "en", settings,
                    lambda label: (lambda *a: label))
    hosts = [s for run in runs for s in run.sheets if s.free]
    packed = pack_pieces([g for run in runs for g in run.pieces], settings, hosts, lambda labels, n, total: "packed")
    return hosts + packed


@pytest.mark.kit
@pytest.mark.parametrize("game_id", sorted(FOLDED))
def test_every_sheet_with_a_folded_piece_shows_its_steps(game_id):
    found = {}
    for sheet in _sheets(game_id):
        svg = sheet.svg
        components = {p.component for p in sheet.placements}
        for component, kind in FOLDED[game_id].items():
            if component in components:
                assert f'id="steps-{kind}"' in svg, f"{game_id}: {sheet.bookmark!r} holds {component} without its steps"
                found[component] = found.get(component, 0) + 1
        # and no pictogram of a piece the sheet lacks
        for kind in STEPS:
            if f'id="steps-{kind}"' in svg:
                assert kind in {FOLDED[game_id][c] for c in components if c in FOLDED[game_id]}, (sheet.bookmark, kind)
    assert set(found) == set(FOLDED[game_id]), f"{game_id}: pieces never placed: {set(FOLDED[game_id]) - set(found)}"


@pytest.mark.parametrize("kind", sorted(STEPS))
def test_pictograms_are_fills_only_and_keep_their_height(kind):
    group, width = steps_strip([kind], 6.4)
    root = ET.fromstring(group.tostring())
    shapes = [e for e in root.iter() if e.tag.split("}")[-1] in ("rect", "polygon", "circle", "path", "line")]
    assert len(shapes) >= 8
    assert not [e for e in shapes if e.get("stroke") or e.get("stroke-dasharray")]
    assert all(e.get("fill") not in (None, "none") for e in shapes)
    ys = [float(v) for e in shapes if e.tag.endswith("polygon") for pair in e.get("points").split()
          for v in pair.split(",")[1:]]
    assert min(ys) >= -0.5 and max(ys) <= 6.4 + 0.5       # within the band (a fold's dash may reach past a foot)
    assert 12.0 < width < 60.0


@pytest.mark.parametrize("game_id", ["samarkand", "caravan", "caravan-chessboard"])
def test_every_tile_map_numbers_the_gluing_order(game_id):
    face = next(f for f, _ in kit_faces(game_id, "en") if f.component == "board")
    sheets = tile_board(face, PrintSettings(PAPERS["a4"]), Strings(DEFAULT_DATA_DIR, game_id, "en"), "T")
    assert len(sheets) >= 4
    for sheet in sheets:
        root = ET.fromstring(sheet.overlay.svg())
        maps = [e for e in root.iter() if e.get("id") == "assembly"]
        assert len(maps) == 1, sheet.bookmark
        part = ET.tostring(maps[0], encoding="unicode")
        texts = [(float(e.get("x")), float(e.get("y")), e.text.strip()) for e in maps[0].iter()
                 if e.tag.split("}")[-1] == "text" and e.text and e.text.strip()]
        numbers = [(x, y, int(t)) for x, y, t in texts if t.isdigit()]
        labels = [(x, y, t) for x, y, t in texts if not t.isdigit()]
        assert sorted(n for *_xy, n in numbers) == list(range(1, len(sheets) + 1))
        # the order runs row by row, left to right: by the discs' places in the map
        by_place = sorted(numbers, key=lambda n: (round(n[1], 1), n[0]))
        assert [n for *_xy, n in by_place] == list(range(1, len(sheets) + 1))
        # each number sits in its own tile's cell, above and left of the tile's label
        for (nx, ny, n), (lx, ly, label) in zip(sorted(numbers, key=lambda v: v[2]), labels):
            assert nx < lx and ny < ly, (n, label)
        assert MAP_FLAP in part       # the flaps are drawn
