"""Sheets as PDF: each distinct face converted once and placed as a form XObject."""

from __future__ import annotations

import io

import pytest
from PIL import ImageChops
from helpers import placed_and_whole
from pypdf import PdfReader

from pnp.components.svg import Face, circle, group, rect, text
from pnp.geometry import PAPERS
from pnp.printing import pdf as pdfout
from pnp.printing.imposition import PrintSettings, impose_grid
from pnp.printing.overlay import split_overlay


def card(name: str, colour: str, w: float = 63.5, h: float = 88.9, bleed: float = 3.0) -> Face:
    """A card whose art is not symmetric (a corner dot, a word), so a wrong turn or mirror shows."""
    art = group()
    art.add(rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=colour))
    art.add(circle(10, 12, 6, fill="#FFFFFF"))
    art.add(rect(w - 20, h - 30, 14, 24, fill="#111111"))
    art.add(text(8, h / 2, name, "bold", 6, "#FFFFFF"))
    return Face(name, "cards", w, h, bleed, art, edge_colour=None)


def label(side, n, total):
    return f"{side} {n}/{total}"


def xobject_ids(reader: PdfReader) -> dict[int, set]:
    """Page number -> object numbers of the placed faces (form XObjects) its page draws."""
    out = {}
    for number, page in enumerate(reader.pages):
        forms = page["/Resources"].get_object().get("/XObject", {})
        out[number] = {forms.raw_get(name).idnum for name in forms if name.startswith("/Fc")}
    return out


def test_each_distinct_face_is_converted_once_and_stored_once(monkeypatch):
    fronts = [card("Grain", "#B5651D"), card("Jewels", "#1D4FB5")] * 9           # 18 cards, 2 distinct
    back = card("Back", "#3B2412")
    sheets = impose_grid("cards", "Cards", fronts, [back] * len(fronts), PrintSettings(PAPERS["a4"]), label)
    assert len(sheets) == 4                                                     # 2 fronts + 2 backs (9-up)
    converted = []
    real = pdfout._convert_pages
    monkeypatch.setattr(pdfout, "_convert_pages", lambda svgs, plain=None: converted.extend(svgs) or real(svgs, plain))
    reader = PdfReader(io.BytesIO(pdfout.render_sheets(sheets)))
    faces = [svg for svg in converted if "Grain" in svg or "Jewels" in svg or "Back" in svg]
    parts = [svg for svg in converted if svg not in faces]
    assert len(faces) == 3 and len(set(converted)) == len(converted)   # 3 faces once, each overlay part once
    # the overlays' SVG parts: the 4 footer labels and the ruler's "50 mm" they share; their
    # crop marks and ruler ticks are path operators, not converted by CairoSVG
    assert len(parts) == 5 and not any("<line" in svg for svg in parts)
    assert sum("50 mm" in svg for svg in parts) == 1
    forms = xobject_ids(reader)
    assert len(reader.pages) == 4
    assert all(len(forms[n]) == 2 for n in (0, 2)) and forms[0] == forms[2]     # both fronts: Grain, Jewels
    assert len(forms[1]) == 1 and forms[1] == forms[3]                           # every back: one object


def test_sheets_with_one_overlay_share_its_conversion(monkeypatch):
    """Sheets of one layout (same marks, same footer) convert their overlay once and share its
    content stream; each page still draws its own faces."""
    fronts = [card("Grain", "#B5651D")] * 6 + [card("Jewels", "#1D4FB5")] * 6     # 6 a sheet
    sheets = impose_grid("cards", "Cards", fronts, None, PrintSettings(PAPERS["a4"]), lambda side, n, total: "Cards")
    assert len(sheets) == 2 and sheets[0].overlay == sheets[1].overlay
    converted = []
    real = pdfout._convert_pages
    monkeypatch.setattr(pdfout, "_convert_pages", lambda svgs, plain=None: converted.extend(svgs) or real(svgs, plain))
    reader = PdfReader(io.BytesIO(pdfout.render_sheets(sheets)))
    parts = [part for part in split_overlay(sheets[0].overlay.svg()).parts if isinstance(part, str)]
    assert len(converted) == 2 + len(parts) and all(converted.count(part) == 1 for part in parts)
    streams = [[ref.idnum for ref in page["/Contents"]] for page in reader.pages]
    assert streams[0][1:] == streams[1][1:] and streams[0][0] != streams[1][0]   # overlay shared, faces own
    forms = xobject_ids(reader)
    assert len(forms[0]) == 1 and len(forms[1]) == 1 and forms[0] != forms[1]   # Grain, then Jewels


@pytest.mark.parametrize("fields", [{}, {"duplex": "short"}, {"back_offset_mm": (1.5, -2.0), "back_scale": (1.01, 0.99)},
                                    {"duplex": "fold"}])
def test_placed_faces_print_exactly_as_the_whole_sheet_svg(fields):
    """Each page of ``render_sheets`` (faces placed by matrices, clipped, overlay on top) looks
    like CairoSVG's rendering of the same sheet as one SVG: at 60 dpi no pixel is more than a
    rasteriser's edge shade apart, and fewer than 0.2 % differ at all visibly."""
    fronts = [card(f"F{i}", c) for i, c in enumerate(["#B5651D", "#1D4FB5", "#2E7D32", "#6A1B9A"] * 3)]
    sheets = impose_grid("cards", "Cards", fronts, [card("Back", "#3B2412")] * len(fronts),
                         PrintSettings(PAPERS["a4"], **fields), label)
    pairs = placed_and_whole(pdfout.render_sheets(sheets), [sheet.svg for sheet in sheets], 60)
    for number, ((a, b), sheet) in enumerate(zip(pairs, sheets)):
        diff = ImageChops.difference(a, b)
        visible = sum(diff.histogram()[48:])
        assert visible < 0.002 * a.width * a.height, (sheet.side, number, visible)
