"""Lines mean one thing: a dashed stroke is a fold line, and nothing else is dashed.

Every stroke on every sheet of every default kit is read off the PDF's content streams
(``pdfstrokes``: the ``d`` dash array, the ``w`` width through the matrix, the stroking
colour), and every dashed one must be drawn in the kit's one fold style: the fold ink
(``style.FOLD``) at a fold width, with one of the fold dashes; so a glue flap's edge or a
stitched border drawn dashed is found.  The reading matter (contents page and rules sheet)
is left out: it is read, not cut or folded, and its diagrams may dash a path.

The cut guides' side of the rule (thin solid lines are cut lines) is checked where the
cut guides are drawn: ``test_cut_guides``.
"""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from pdfstrokes import strokes
from pnp.components import cutouts, style
from pnp.printing.imposition import FOLD_DASH, FOLD_STROKE_MM

GAMES = ["samarkand", "caravan", "caravan-chessboard"]
READING = {"contents", "rules"}
FOLD_WIDTHS_MM = (0.25, FOLD_STROKE_MM)
FOLD_DASHES_MM = {tuple(float(v) for v in d.split(",")) for d in (cutouts.DASH, FOLD_DASH)}


def _rgb(hex_colour: str) -> tuple[float, ...]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def is_fold_style(s) -> bool:
    """Whether stroke ``s`` is drawn as the kit draws a fold line."""
    colour_ok = len(s.colour) == 3 and all(abs(a - b) < 0.01 for a, b in zip(s.colour, _rgb(style.FOLD)))
    width_ok = any(abs(s.width - w) < 0.02 for w in FOLD_WIDTHS_MM)
    dash_ok = any(len(s.dash) == len(d) and all(abs(a - b) < 0.02 for a, b in zip(s.dash, d))
                  for d in FOLD_DASHES_MM)
    return colour_ok and width_ok and dash_ok


def dashed_not_folds(pdf_path, manifest) -> list[tuple]:
    """(page, width, colour, dash) of every dashed stroke not in the fold style, on every page
    of the kit but its reading matter."""
    reading = {p for c in manifest["components"] if c["kind"] in READING for p in c["pages"]}
    bad = []
    for number, page in enumerate(PdfReader(pdf_path).pages, 1):
        if number in reading:
            continue
        for s in strokes(page):
            if s.dash and any(v > 0 for v in s.dash) and not is_fold_style(s):
                bad.append((number, round(s.width, 2), tuple(round(v, 2) for v in s.colour),
                            tuple(round(v, 2) for v in s.dash)))
    return bad


@pytest.mark.parametrize("game", GAMES)
def test_every_dashed_stroke_is_a_fold_line(shared_builds, game):
    folder = shared_builds(game)
    pdf = next(folder.glob("*.pdf"))
    manifest = json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))
    bad = dashed_not_folds(pdf, manifest)
    assert not bad, f"{game}: dashed strokes that are not fold lines: {bad[:8]}"
    if game != "caravan":       # the standees and die nets fold: the rule has folds to see
        folds = sum(1 for page in PdfReader(pdf).pages for s in strokes(page) if s.dash and is_fold_style(s))
        assert folds >= 4, f"{game}: only {folds} fold lines found"
