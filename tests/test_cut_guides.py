"""Cut guides survive every cut: a rendered sheet is cut in the order the contents page gives,
and every cut still has a guide on the piece it is made on.

The sheets are a default kit's own (its recipe's card grids and its packed pieces, laid out
as ``pnp build`` lays them out), rendered to PDF; the guides are read back from the PDF's
drawn strokes (``pdfstrokes``): every straight, solid, thin stroke that is the sheet's own
(crop marks and cut guides; not a face's art).  The cuts are the trim edges of the pieces
the sheet places.

The documented order (``data/common/lang/en.yaml``: ``cutting_first``, ``cutting_strips``):
cut the blocks apart along the gaps between them; then every line of one direction across
the block; then each strip along its lines of the other direction.  Both directions are
tried first.  A cut is guided on a piece when guide strokes lie on the cut line inside the
piece and span at least half of the piece's length along the line (two points far enough
apart to lay a ruler on).
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from pypdf import PdfReader
import io

from pdfstrokes import strokes
from pnp.components.style import contrast
from pnp.geometry import PAPERS
from pnp.kit.recipe import KitRecipe
from pnp.kit.build import kit_runs
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.printing.packing import pack_pieces
from pnp.printing.pdf import render_sheets
from pnp.registry import game as registered_game

ON_LINE_MM = 0.05        # a stroke this close to a cut line lies on it
GUIDE_MAX_MM = 0.3       # crop marks and cut guides are thin
HALF = 0.5               # a guide spans at least half of the piece along the cut
GUTTER_MM = 8.0          # faces nearer than this belong to one block (a gutter is 2 x bleed)
MIN_CONTRAST = 3.0       # WCAG contrast of a guide against the face edge it lies on


@lru_cache(maxsize=None)
def _kit_sheets(game_id: str):
    """(sheets, the faces of cut-out groups) of ``game_id``'s default kit on A4: the recipe's
    imposed sheets, then its pieces packed onto sheets of their own."""
    entry = registered_game(game_id)
    game = entry.load(DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, game_id, "en")
    settings = PrintSettings(PAPERS["a4"])
    runs = kit_runs(entry.make("kit", KitRecipe), game, strings, game.variant(None), "en", settings,
                    lambda label: (lambda *a: label))
    groups = [g for run in runs for g in run.pieces]
    cutouts = {f.name for g in groups if g.cutout for f in g.faces}
    imposed = [s for run in runs for s in run.sheets if s.side in ("front", "single") and s.placements
               and all(p.face != "board" and not p.face.startswith("board@") for p in s.placements)]
    packed = pack_pieces(groups, settings, [], lambda labels, n, total: "packed")
    return imposed, packed, cutouts


def _guides(sheet_pdf: bytes):
    """Thin straight solid segments the sheet itself draws: (vertical, at, lo, hi, colour)."""
    page = PdfReader(io.BytesIO(sheet_pdf)).pages[0]
    out = []
    for s in strokes(page):
        if s.form.startswith("/Fc") or s.dash or s.width > GUIDE_MAX_MM or s.curved:
            continue
        for x1, y1, x2, y2 in s.segments:
            if abs(x1 - x2) < 0.01:
                out.append((True, x1, min(y1, y2), max(y1, y2), s.colour))
            elif abs(y1 - y2) < 0.01:
                out.append((False, y1, min(x1, x2), max(x1, x2), s.colour))
    return out


def _blocks(boxes):
    """``boxes`` (x0, y0, x1, y1) grouped into blocks: faces nearer than ``GUTTER_MM``."""
    groups: list[list] = []
    for b in boxes:
        near = [g for g in groups if any(b[0] < o[2] + GUTTER_MM and o[0] < b[2] + GUTTER_MM and
                                         b[1] < o[3] + GUTTER_MM and o[1] < b[3] + GUTTER_MM for o in g)]
        merged = [b] + [o for g in near for o in g]
        groups = [g for g in groups if g not in near] + [merged]
    return groups


def _guided(guides, vertical: bool, at: float, piece, span=None) -> bool:
    """Whether the cut line ``at`` (x when ``vertical``) has a guide on ``piece``: along at
    least HALF of the piece, or of ``span`` (the block's own stretch of a sheet-long cut,
    margins included: a lone block filling only part of its sheet is guided along itself)."""
    lo, hi = (piece[1], piece[3]) if vertical else (piece[0], piece[2])
    need = (hi - lo) if span is None else min(hi - lo, span[1] - span[0])
    across = (piece[0], piece[2]) if vertical else (piece[1], piece[3])
    if not across[0] - ON_LINE_MM <= at <= across[1] + ON_LINE_MM:
        return False
    spans = [(max(a, lo), min(b, hi)) for v, pos, a, b, _c in guides
             if v == vertical and abs(pos - at) <= ON_LINE_MM and min(b, hi) > max(a, lo)]
    if not spans:
        return False
    return max(b for _a, b in spans) - min(a for a, _b in spans) >= HALF * need


def unguided_cuts(boxes, guides, page, first_vertical: bool) -> list[str]:
    """Cut the pieces ``boxes`` out of a sheet of size ``page`` in the documented order, first
    direction vertical (or horizontal); the cuts that found no guide on their piece."""
    missing = []
    blocks = _blocks(boxes)
    for block in blocks:
        x0, y0 = min(b[0] for b in block), min(b[1] for b in block)
        x1, y1 = max(b[2] for b in block), max(b[3] for b in block)
        # cut apart along the gaps: a lone block keeps the sheet, others their share of it
        piece = (0.0, 0.0, *page) if len(blocks) == 1 else (x0 - 5.0, y0 - 5.0, x1 + 5.0, y1 + 5.0)
        firsts = sorted({round(v, 3) for b in block for v in ((b[0], b[2]) if first_vertical else (b[1], b[3]))})
        own = (y0 - 5.0, y1 + 5.0) if first_vertical else (x0 - 5.0, x1 + 5.0)
        for at in firsts:
            if not _guided(guides, first_vertical, at, piece, own):
                missing.append(f"{'x' if first_vertical else 'y'}={at} across the block at {block[0][:2]}")
        for a, b in zip(firsts, firsts[1:]):
            strip_cells = [c for c in block if (c[0] if first_vertical else c[1]) >= a - 0.01
                           and (c[2] if first_vertical else c[3]) <= b + 0.01]
            if not strip_cells:
                continue
            strip = (a, piece[1], b, piece[3]) if first_vertical else (piece[0], a, piece[2], b)
            for at in sorted({round(v, 3) for c in strip_cells for v in ((c[1], c[3]) if first_vertical else (c[0], c[2]))}):
                if not _guided(guides, not first_vertical, at, strip):
                    missing.append(f"{'y' if first_vertical else 'x'}={at} on the strip {a}-{b}")
    return missing


def _sheet_cases():
    for game_id, which in (("samarkand", "imposed"), ("caravan-chessboard", "imposed"),
                           ("samarkand", "packed"), ("caravan", "packed"), ("caravan-chessboard", "packed")):
        yield pytest.param(game_id, which, id=f"{game_id}-{which}")


@pytest.mark.kit
@pytest.mark.parametrize("game_id,which", list(_sheet_cases()))
@pytest.mark.parametrize("first_vertical", [True, False], ids=["columns-first", "rows-first"])
def test_every_cut_keeps_a_guide_on_the_piece_it_is_made_on(game_id, which, first_vertical):
    imposed, packed, cutouts = _kit_sheets(game_id)
    def boxes_of(sheet):
        return [(p.x, p.y, p.x + p.w, p.y + p.h) for p in sheet.placements if p.face not in cutouts]

    # the first sheets with a block to cut (a sheet of two player boards has little to guide)
    sheets = imposed[:1] if which == "imposed" else [s for s in packed if len(boxes_of(s)) >= 4][:2]
    assert sheets, f"{game_id} has no {which} sheet"
    for sheet in sheets:
        boxes = boxes_of(sheet)
        assert len(boxes) >= 4, f"{game_id}: a {which} sheet with {len(boxes)} pieces to cut"
        guides = _guides(render_sheets([sheet]))
        missing = unguided_cuts(boxes, guides, (sheet.paper.width, sheet.paper.height), first_vertical)
        assert not missing, f"{game_id} {which} sheet {sheet.bookmark!r}: cuts without a guide: {missing[:6]}"


@pytest.mark.kit
@pytest.mark.parametrize("game_id", ["samarkand", "caravan-chessboard"])
def test_cut_guides_contrast_with_the_edges_they_lie_on(game_id):
    """A guide drawn over a face's trim edge reads against that edge's colour."""
    imposed, _packed, _cutouts = _kit_sheets(game_id)
    sheet = imposed[0]
    guides = [g for g in _guides(render_sheets([sheet])) if len(g[4]) == 3]
    edges = {p.face: None for p in sheet.placements}
    faces = {f.name: f for f, _back in sheet.faces}
    checked = 0
    for p in sheet.placements:
        edge = faces[p.face].edge_colour if p.face in faces else None
        if not edge:
            continue
        for vertical, at, lo, hi, colour in guides:
            inside = (p.y <= lo + 0.01 and hi <= p.y + p.h + 0.01) if vertical else (p.x <= lo + 0.01 and hi <= p.x + p.w + 0.01)
            on_edge = abs(at - p.x) < ON_LINE_MM or abs(at - p.x - p.w) < ON_LINE_MM if vertical else \
                abs(at - p.y) < ON_LINE_MM or abs(at - p.y - p.h) < ON_LINE_MM
            if inside and on_edge:
                hexed = "#" + "".join(f"{round(v * 255):02X}" for v in colour)
                assert contrast(hexed, edge) >= MIN_CONTRAST, (p.face, hexed, edge)
                checked += 1
    assert edges and checked >= 4 * len(sheet.placements)
