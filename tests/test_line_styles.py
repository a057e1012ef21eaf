"""Lines mean one thing: a dashed stroke is a fold line, and nothing else is dashed.

Every stroke on every sheet of every default kit is read off the PDF's content streams
(``pdfstrokes``: the ``d`` dash array, the ``w`` width through the matrix, the stroking
colour), and every dashed one must be drawn in the kit's one fold style: the fold ink
(``style.FOLD``) at a fold width, with one of the fold dashes; so a glue flap's edge or a
stitched border drawn dashed is found.  The reading matter (contents page and rules sheet)
is left out: it is read, not cut or folded, and its diagrams may dash a path.

The other side of the rule: a thin solid stroke is a cut line, drawn in a cut ink on a
piece's trim line or as a cut-out's outline (``test_no_thin_solid_line_but_a_cut_line``);
that the cut guides survive every cut is ``test_cut_guides``.
"""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from pdfstrokes import placed, strokes
from pnp.components import cutouts, style
from pnp.geometry import PAPERS
from pnp.printing import cutguides
from pnp.printing.imposition import FOLD_DASH, FOLD_STROKE_MM, PrintSettings
from pnp.printing.placed import FACE_PAD_MM
from pnp.printing.sheet_overlay import Footer

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


# ---------------------------------------------------------------- thin solid lines: cut lines only
ON_CUT_MM = 0.05        # a line this close to a piece's trim line lies on it
CUT_INKS = {_rgb(style.CUT), _rgb(cutguides.GUIDE_LIGHT), _rgb(cutguides.GUIDE_DARK)}


def _ruler_lines(paper_id: str) -> set[tuple]:
    """The footer ruler's lines (mm, rounded) on a sheet of ``paper_id``, at the normal and the
    tight margin: a measuring scale in the footer band, below every piece, labelled "50 mm";
    not a line of the pieces."""
    settings = PrintSettings(PAPERS[paper_id])
    out = set()
    for margin in (settings.margin_mm, settings.tight().margin_mm):
        out |= {tuple(round(v, 2) for v in (t.x1, t.y1, t.x2, t.y2))
                for t in Footer(PAPERS[paper_id], margin, "").ticks()}
    return out


def _trim_lines(page, bleed: float) -> tuple[list[float], list[float]]:
    """The x and y (mm) of every trim line of the pieces ``page`` places: each placed face's
    trim (its form's box less ``FACE_PAD_MM`` and its bleed, ``bleed`` mm or none for a
    cut-out) and the clip a tile is cut to less the bleed."""
    xs, ys = [], []
    for p in placed(page):
        x0, y0, x1, y1 = p.box
        for inset in (FACE_PAD_MM, FACE_PAD_MM + bleed):
            xs += [x0 + inset, x1 - inset]
            ys += [y0 + inset, y1 - inset]
        if p.clip is not None:
            x0, y0, x1, y1 = p.clip
            xs += [x0 + bleed, x1 - bleed]
            ys += [y0 + bleed, y1 - bleed]
    return xs, ys


def _on(v: float, lines: list[float]) -> bool:
    return any(abs(v - w) <= ON_CUT_MM for w in lines)


def thin_solid_not_cuts(pdf_path, manifest) -> list[tuple]:
    """(page, form, width, colour, why) of every thin solid stroke on the kit's sheets (not its
    reading matter) that is not a cut line.

    A thin (narrower than ``style.THIN_LINE_MM``) solid stroke is a cut line when it is drawn
    in a cut ink (``style.CUT``, or a cut guide's light or dark ink) and
    - drawn by the sheet itself (page or overlay: crop marks, cut guides): every piece of it
      is straight, along x or y, on a trim line of a piece the page places; or
    - drawn by a face: it is a cut-out's own outline (die net, standee, coin, chip, marker;
      ``pnp.components.cutouts``, ``tokens``, ``money``, ``markers`` draw them in ``style.CUT``).
    The footer's ruler is left out (``_ruler_lines``).
    """
    reading = {p for c in manifest["components"] if c["kind"] in READING for p in c["pages"]}
    ruler = _ruler_lines(manifest["paper"])
    bleed = float(manifest["bleed_mm"])
    bad = []
    for number, page in enumerate(PdfReader(pdf_path).pages, 1):
        if number in reading:
            continue
        trims = None
        for s in strokes(page):
            if (s.dash and any(v > 0 for v in s.dash)) or s.width >= style.THIN_LINE_MM:
                continue
            colour = tuple(round(v, 2) for v in s.colour)
            where = (number, s.form, round(s.width, 2), colour)
            if len(s.colour) == 1:
                ink = s.colour * 3
            else:
                ink = s.colour
            if not any(all(abs(a - b) < 0.01 for a, b in zip(ink, c)) for c in CUT_INKS):
                bad.append((*where, "not a cut ink"))
                continue
            if s.form.startswith("/Fc"):
                continue
            if not s.curved and all(tuple(round(v, 2) for v in seg) in ruler for seg in s.segments):
                continue
            if s.curved:
                bad.append((*where, "curved"))
                continue
            if trims is None:
                trims = _trim_lines(page, bleed)
            for x1, y1, x2, y2 in s.segments:
                if abs(x1 - x2) < 0.01 and _on(x1, trims[0]):
                    continue
                if abs(y1 - y2) < 0.01 and _on(y1, trims[1]):
                    continue
                bad.append((*where, f"off the trim lines: {x1:.1f},{y1:.1f}-{x2:.1f},{y2:.1f}"))
                break
    return bad


@pytest.mark.parametrize("game", GAMES)
def test_no_thin_solid_line_but_a_cut_line(shared_builds, game):
    """Lines mean one thing: on every sheet of a default kit a thin solid
    line is a cut line, so a price table's rules, a tile's alignment marks or an aid's frame
    are filled shapes or wide bands, never a line a person would cut along."""
    folder = shared_builds(game)
    pdf = next(folder.glob("*.pdf"))
    manifest = json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))
    bad = thin_solid_not_cuts(pdf, manifest)
    assert not bad, f"{game}: {len(bad)} thin solid strokes that are not cut lines: {bad[:10]}"
    # the rule has cut lines to see: crop marks and cut guides on every sheet that places pieces
    cuts = sum(1 for page in PdfReader(pdf).pages for s in strokes(page)
               if not s.dash and s.width < style.THIN_LINE_MM and not s.form)
    assert cuts >= 50, f"{game}: only {cuts} cut lines found"
