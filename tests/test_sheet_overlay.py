"""A sheet's overlay as data (``pnp.printing.sheet_overlay``): parts in drawing order, the
footer's label a field, the SVG renderer byte for byte the imposition's own drawing."""

from __future__ import annotations

import re

import pytest

from pnp.components.fonts import text_width
from pnp.components.svg import Face, group, line, new_sheet, rect
from pnp.geometry import PAPERS
from pnp.printing.imposition import PrintSettings, footer, footer_group, footer_label, impose_grid, relabel_footer
from pnp.printing.sheet_overlay import RULER_MM, ArtPart, MarkLines, OverlayLine, SheetOverlay


def _face(n: int) -> Face:
    art = group()
    art.add(rect(-3, -3, 69.5, 94.9, fill="#2E7D32"))
    return Face(f"card-{n}", "cards", 63.5, 88.9, 3.0, art)


def test_the_svg_renderer_writes_what_the_drawing_helpers_write():
    """The parts drawn from data are the same bytes as the same elements drawn on a page."""
    settings = PrintSettings(PAPERS["a4"])
    dwg = new_sheet(210, 297)
    marks = group(id="crop-marks")
    marks.add(line(10, 0, 10, 9.3, "#000000", 0.2))
    marks.add(line(73.5, 0, 73.5, 9.3, "#000000", 0.2))
    dwg.add(marks)
    dwg.add(rect(65, 2, 20, 6, fill="#FFFFFF"))
    dwg.add(footer_group(PAPERS["a4"], settings, "Cards · fronts · 1/2"))
    overlay = SheetOverlay(210, 297)
    overlay.add(MarkLines("crop-marks", (OverlayLine(10, 0, 10, 9.3, "#000000", 0.2),
                                         OverlayLine(73.5, 0, 73.5, 9.3, "#000000", 0.2))))
    overlay.add(ArtPart(rect(65, 2, 20, 6, fill="#FFFFFF").tostring()))
    overlay.add(footer(PAPERS["a4"], settings, "Cards · fronts · 1/2"))
    assert overlay.svg() == dwg.tostring()
    assert SheetOverlay.of_drawing(dwg, 210, 297).svg() == dwg.tostring()


def test_a_drawing_with_definitions_keeps_them_at_the_head():
    dwg = new_sheet(210, 297)
    clip = dwg.clipPath(id="tile-clip")
    clip.add(rect(0, 0, 50, 50))
    dwg.defs.add(clip)
    dwg.add(line(0, 0, 5, 5))
    overlay = SheetOverlay.of_drawing(dwg, 210, 297)
    assert overlay.svg() == dwg.tostring() and 'id="tile-clip"' in overlay.defs
    assert [type(part) for part in overlay.parts] == [ArtPart]


def test_a_grid_sheet_keeps_its_crop_marks_as_lines_and_its_footer_as_a_field():
    settings = PrintSettings(PAPERS["a4"])
    fronts = [_face(n) for n in range(6)]
    sheets = impose_grid("cards", "Cards", fronts, None, settings, lambda side, n, total: f"Cards · {n}/{total}")
    (sheet,) = sheets      # 6 poker cards with gutters on A4
    marks = [p for p in sheet.overlay.parts if isinstance(p, MarkLines)]
    # the crop marks, then the cut guides: one line on each trim edge of each of the 6 cards
    # (gutters between them: no edge is shared), 0.1 mm
    assert [m.id for m in marks] == ["crop-marks", "cut-guides"]
    assert [(m.x1, m.y1, m.x2, m.y2) for m in marks[0].lines] == [tuple(m) for m in sheet.marks]
    assert all(m.stroke == "#000000" and m.width == 0.2 for m in marks[0].lines)
    assert len(marks[1].lines) == 6 * 4 and all(m.width == 0.1 for m in marks[1].lines)
    assert footer_label(sheet) == "Cards · 1/1"
    # the SVG holds each mark and guide once, as a line
    assert len(re.findall(r"<line ", sheet.overlay.svg())) == len(sheet.marks) + 24 + 1 + int(RULER_MM) + 1


def test_relabelling_a_footer_sets_its_field_and_shortens_it_to_its_room():
    settings = PrintSettings(PAPERS["a4"])
    overlay = SheetOverlay(210, 297)
    overlay.add(footer(PAPERS["a4"], settings, "Board · 1/4"))
    overlay.add(ArtPart("<g />"))
    overlay.relabel("Board · Tokens · 1/4")
    assert overlay.footer_label == "Board · Tokens · 1/4"
    assert ">Board · Tokens · 1/4</text>" in overlay.svg()
    overlay.relabel("Board " + "very long name " * 20 + "· 1/4")
    shown = overlay.footer_label
    part = overlay.footer()
    room = 210 - part.margin_mm - 2.0 - part.label_x
    assert part.size == 1.8                     # stepped down as far as it goes before it is cut
    assert shown.endswith("…") and text_width(shown, "body", part.size) <= room
    assert text_width(shown[:-1] + "xx", "body", part.size) > room - 3      # cut no shorter than needed, near enough


def test_relabel_names_a_sheet_without_a_footer():
    from pnp.printing.imposition import Sheet

    sheet = Sheet(PAPERS["a4"], "board", "single", SheetOverlay(210, 297), bookmark="Board")
    with pytest.raises(ValueError, match="'Board' has no footer label"):
        relabel_footer(sheet, "x")
    assert footer_label(sheet) == ""


def test_a_whole_document_is_drawn_as_it_is_and_takes_no_parts():
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10"/>'
    overlay = SheetOverlay.of_document(svg)
    assert overlay.svg() == svg
    with pytest.raises(ValueError):
        overlay.add(ArtPart("<g />"))


def test_a_text_with_markup_characters_is_escaped_in_the_footer():
    overlay = SheetOverlay(210, 297)
    overlay.add(footer(PAPERS["a4"], PrintSettings(PAPERS["a4"]), "R&D <tokens> · 1/1"))
    assert ">R&amp;D &lt;tokens&gt; · 1/1</text>" in overlay.svg()
    assert overlay.footer_label == "R&D <tokens> · 1/1"


def test_a_long_sheet_label_steps_down_before_it_is_cut():
    """A sheet packed with many components names them all: its label steps down from 2.2 mm
    (0.1 mm at a time, to 1.8 mm at least) before any name is cut with "…"; a label that fits
    keeps 2.2 mm; one too long even at 1.8 mm keeps its sheet and page numbers whole."""
    from pnp.components.fonts import text_width
    from pnp.geometry import PAPERS
    from pnp.printing.sheet_overlay import LABEL_MIN_MM, LABEL_SIZE_MM, Footer

    paper, margin = PAPERS["a4"], 5.0
    short = Footer(paper, margin, "Samarkand · Cards · fronts · sheet 3 of 25 · page 5")
    assert short.size == LABEL_SIZE_MM and short.shown() == short.label
    names = ("CARAVAN on a chessboard · Oasis markers · Quicksand markers · Caravan pawns · "
             "Bandits and Sandstorm pawns · Eight-sided die (d8) · sheet 16 of 16 · page 31")
    long = Footer(paper, margin, names)
    assert text_width(names, "body", LABEL_SIZE_MM) > long.room          # too long at 2.2 mm
    assert LABEL_MIN_MM <= long.size < LABEL_SIZE_MM
    assert long.shown() == names and text_width(names, "body", long.size) <= long.room
    assert text_width(names, "body", round(long.size + 0.1, 1)) > long.room   # the largest that fits
    huge = Footer(paper, margin, " · ".join(["Oasis markers"] * 12 + ["sheet 16 of 16", "page 31"]))
    assert huge.size == LABEL_MIN_MM
    assert huge.shown().endswith("… · sheet 16 of 16 · page 31")
    assert text_width(huge.shown(), "body", huge.size) <= huge.room
