"""Bleed and crop marks measured on the drawn art of the produced PDF.

Every face a sheet places is a form XObject drawn under a clip path (pnp.printing.placed);
``pdfpieces.sheet_pieces`` gives what each copy shows once its clip paths are applied.  The
cut lines are read from the crop marks themselves (the lines a person cuts along), not from
the project's layout numbers, and the bleed expected is the one asked for on the command line
(3 mm, `pnp build`'s default) except where the README says a layout drops it on purpose.

What each edge must show (README, "Printing a kit"):

* an inner edge, where the neighbouring piece abuts on the cut (butted cards, pieces of one
  edge colour sharing a cut): the art beyond the cut, the face's own or its neighbour's,
  runs the whole bleed asked for (3 mm), so a miscut shows art of the same piece colour;
* a board tile: the bleed asked for on all four cut lines (its art is clipped to the cut
  box plus the bleed; the seams are glued over, not trusted to a neighbour);
* any other edge (the outside of a 9-up card grid or of a packed block, either side of a
  gutter between two edge colours): at least OUTER_BLEED_MM, the 2 mm the README promises
  for those tight layouts ("the card grid's *outer* bleed drops to 2 mm"; packed blocks
  "2 mm outer bleed"; a gutter of "2 mm of each colour").

Cut-out pieces (pawns, die nets) draw their own cut lines, carry no crop marks and no clip:
they are the only faces not measured, and the test says so.
"""

from __future__ import annotations

import json

import pytest

GAMES = ["samarkand", "caravan", "caravan-chessboard"]
ASKED_BLEED_MM = 3.0        # `pnp build`'s --bleed-mm default: the kits below ask for it (manifest bleed_mm)
OUTER_BLEED_MM = 2.0        # README: a 9-up card grid's and a packed block's outer bleed; 2 mm of each colour at a gutter
MARK_GAP_MM = 0.7           # print.md "never touching": marks start 0.7 mm off the art
RULER_BAND_MM = 10.0        # the footer's ruler and label sit in the sheet's bottom 10 mm (7 mm band + margin)
# A crop mark is short: ~6 mm (print.md, Ghent workgroup), or runs to the sheet edge (README:
# "Crop marks run from the art to the sheet edge"); other lines are cut guides and overlap
# lines drawn over the art on purpose.
LONGEST_MARK_MM = 15.0
SHEET_EDGE_MM = 0.05
TOL = 0.02


def page_geometry(page):
    """(faces, marks) of a measured sheet page (``kit_pieces``): ``faces`` maps each placed
    copy of a face to (the box its drawn art shows, clip included; its whole art box);
    ``marks`` lists the crop-mark strokes (x0, y0, x1, y1)."""
    width_mm, height_mm = page["size"]
    faces = {f"{page['number']}.{k}": (tuple(c["shown"]), tuple(c["art"]))
             for k, c in enumerate(page["copies"]) if c["shown"] is not None}
    marks = []
    for box in page["strokes"]:
        length = max(box[2] - box[0], box[3] - box[1])
        to_edge = min(box[0], box[1], width_mm - box[2]) < SHEET_EDGE_MM
        if box[1] < height_mm - RULER_BAND_MM and 0.5 < length and (length <= LONGEST_MARK_MM or to_edge):
            marks.append(tuple(box))
    # A board tile's registration cross (two strokes crossing at their middles) sits on the art
    # on purpose; crop marks never cross.
    crossing = {i for i, a in enumerate(marks) for b in marks if a is not b and _crosses(a, b)}
    return faces, [m for i, m in enumerate(marks) if i not in crossing]


def _crosses(a, b) -> bool:
    """True when strokes ``a`` and ``b`` (boxes of zero width or height) cross each other."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3] and \
        (a[2] - a[0] < 0.01) != (b[2] - b[0] < 0.01)


@pytest.fixture(scope="module")
def sheets(shared_builds, kit_pieces):
    """game -> ([(page number, faces, marks)] for every page of its default kit that places
    faces, the manifest)."""
    out = {}
    for game in GAMES:
        folder = shared_builds(game)
        manifest = json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))
        assert manifest["bleed_mm"] == ASKED_BLEED_MM
        measured = kit_pieces(next(folder.glob("*.pdf")))
        out[game] = ([(page["number"], *page_geometry(page)) for page in measured["pages"]], manifest)
    return out


def _area(box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _distance(a, b) -> float:
    """Shortest distance between boxes ``a`` and ``b`` (0 when they meet)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


def _cut(marks, box, vertical: bool, lo: float, hi: float):
    """The cut line (x of a vertical mark, y of a horizontal one) between ``lo`` and ``hi`` that
    the mark nearest to ``box`` gives, or None."""
    axis = 0 if vertical else 1
    found = [(_distance(m, box), m[axis]) for m in marks
             if (m[2] - m[0] < 0.01) == vertical and lo - TOL <= m[axis] <= hi + TOL]
    return min(found)[1] if found else None


def _covered(faces, me, x, y) -> bool:
    return any(k != me and b[0] - TOL <= x <= b[2] + TOL and b[1] - TOL <= y <= b[3] + TOL for k, b in faces.items())


@pytest.mark.parametrize("game", GAMES)
def test_every_cut_edge_of_every_face_shows_the_bleed_its_layout_promises(sheets, game):
    """Each side of each face, fronts and backs, board tiles included, against the module's
    rules: an inner edge the bleed asked for (own art or the abutting neighbour's), a board
    tile the bleed asked for on every side, any other edge the README's outer bleed."""
    pages, manifest = sheets[game]
    measured = tiles = 0
    skipped = []
    for number, faces, marks in pages:
        shown_of = {key: shown for key, (shown, _art) in faces.items()}
        for key, (box, art) in faces.items():
            x0, y0, x1, y1 = box
            # The cut line of each side: the line of the crop mark nearest to the face among
            # those that fall within the art's outer 6 mm on that side (the most bleed a kit asks).
            cuts = (_cut(marks, box, True, x0, x0 + 6), _cut(marks, box, True, x1 - 6, x1),
                    _cut(marks, box, False, y0, y0 + 6), _cut(marks, box, False, y1 - 6, y1))
            if None in cuts:
                skipped.append((number, key, box, art))
                continue
            tile = _area(art) > 2 * _area(box)      # a board tile shows a part of its face
            tiles += tile
            cl, cr, ct, cb = cuts
            mid_x, mid_y = (cl + cr) / 2, (ct + cb) / 2
            for side, shown, sign, cut, vertical in (("left", cl - x0, -1, cl, True), ("right", x1 - cr, 1, cr, True),
                                                     ("top", ct - y0, -1, ct, False), ("bottom", y1 - cb, 1, cb, False)):
                measured += 1

                def point(d):       # the point d mm beyond this side's cut, across from the face's middle
                    return (cut + sign * d, mid_y) if vertical else (mid_x, cut + sign * d)

                where = f"{game} page {number}: face {key} shows {shown:.2f} mm past its {side} cut"
                if tile:
                    assert shown >= ASKED_BLEED_MM - TOL, f"{where}, a board tile (want {ASKED_BLEED_MM} mm)"
                elif _covered(shown_of, key, *point(0.5)):       # an abutting neighbour: an inner edge
                    assert shown > 0, f"{where} beside an abutting neighbour (want a hair of overlap)"
                    assert _covered(shown_of, None, *point(ASKED_BLEED_MM - TOL)), (
                        f"{where}; with the abutting neighbour's art the strip beyond it is under "
                        f"{ASKED_BLEED_MM} mm (an inner edge, want the bleed asked)")
                else:
                    assert shown >= OUTER_BLEED_MM - TOL, f"{where}, an outer edge (want >= {OUTER_BLEED_MM} mm)"
    assert measured >= 4 * 18, f"{game}: only {measured} face sides measured"    # two card sheets at least
    # every tile of the board measured (one per board page of the manifest)
    board = next(c for c in manifest["components"] if c["id"] == "board")
    # in a duplex kit each tile's printed back (a tint) is a board page too, the next
    pages = sorted(board["pages"])
    backed = len(pages) == 2 * tiles and all(b == a + 1 for a, b in zip(pages[::2], pages[1::2]))
    assert tiles > 1 and (tiles == len(pages) or backed), f"{game}: {tiles} board tiles measured, {len(pages)} board pages"
    # the faces left out are cut-outs only: nothing clips them (they carry their own cut lines)
    for number, key, box, art in skipped:
        assert all(abs(a - b) < TOL for a, b in zip(box, art)), (
            f"{game} page {number}: face {key} is clipped (a bleed) but has no crop mark on every side")


@pytest.mark.parametrize("game", GAMES)
def test_crop_marks_keep_their_gap_from_every_face_drawn(sheets, game):
    """No crop mark comes within MARK_GAP_MM of the art any face shows (clip included)."""
    checked = 0
    for number, faces, marks in sheets[game][0]:
        for mx0, my0, mx1, my1 in marks:
            for key, ((x0, y0, x1, y1), _art) in faces.items():
                gap = _distance((mx0, my0, mx1, my1), (x0, y0, x1, y1))
                checked += 1
                assert gap >= MARK_GAP_MM - TOL, (
                    f"{game} page {number}: the crop mark {mx0:.2f},{my0:.2f}-{mx1:.2f},{my1:.2f} comes "
                    f"{gap:.2f} mm from face {key}'s art (want >= {MARK_GAP_MM})")
    assert checked > 100
