"""The footer's 50 mm ruler prints 50 mm long with a tick every millimetre (README: "measure
the 50 mm ruler in a sheet's footer" to check the printer printed at 100 %).

Measured on the printed page as PDFium renders it at 600 dpi, not on the overlay's SVG: the
ruler's lines are written as PDF path operators (pnp/printing/overlay.py), so a fault in that
writing shows only on the page.  A reviewer set the ruler to 49 mm, and spaced its ticks 1 %
wide, and no test failed."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

DPI = 600
PX_PER_MM = DPI / 25.4
BAND_MM = 10.0          # the footer sits in the sheet's bottom 10 mm (tests/test_bleed_marks.py)


def _dark_runs(row) -> list[tuple[int, int]]:
    """(first, last) pixel of each run of dark pixels in ``row`` (a sequence of grey levels)."""
    runs, start = [], None
    for x, v in enumerate(bytes(row) + b"\xff"):
        if v < 128 and start is None:
            start = x
        elif v >= 128 and start is not None:
            runs.append((start, x - 1))
            start = None
    return runs


def ruler_of(pdf_path, page_index: int) -> tuple[float, list[float]]:
    """The footer ruler on page ``page_index``: its line's length (mm) and its ticks' centres
    (mm from the line's left end), read off a 600 dpi rendering of the page's bottom band."""
    page = pdfium.PdfDocument(str(pdf_path))[page_index]
    image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    w, h = image.size
    band = image.crop((0, h - round(BAND_MM * PX_PER_MM), w // 2, h))
    raw = band.tobytes()
    rows = [raw[y * band.width:(y + 1) * band.width] for y in range(band.height)]
    # the ruler's line: the longest dark run of any row in the band
    y, (first, last) = max(((y, run) for y, row in enumerate(rows) for run in _dark_runs(row)),
                           key=lambda t: t[1][1] - t[1][0])
    # ticks rise from the line: read a row 0.6 mm above it, within the line's length
    above = rows[y - round(0.6 * PX_PER_MM)]
    ticks = [((a + b) / 2 - first) / PX_PER_MM for a, b in _dark_runs(above) if first - 3 <= a and b <= last + 3]
    return (last - first + 1) / PX_PER_MM, ticks


@pytest.mark.parametrize("kit, page", [("samarkand-5p-en-a4.pdf", 6), ("samarkand-5p-da-letter.pdf", 6)])
def test_the_footer_ruler_is_50_mm_with_a_tick_every_mm(kit_dir, kit, page):
    length, ticks = ruler_of(kit_dir / kit, page)
    tolerance = 2 / PX_PER_MM                   # two pixels at 600 dpi: 0.085 mm
    assert len(ticks) == 51, ticks
    # what a user measures: from the 0 tick to the 50 tick, centre to centre
    assert abs(ticks[-1] - ticks[0] - 50.0) <= tolerance, (ticks[0], ticks[-1])
    assert all(abs((b - a) - 1.0) <= tolerance for a, b in zip(ticks, ticks[1:])), ticks
    # the line runs from the 0 tick to the 50 tick (their strokes' outer halves overhang it)
    assert ticks[0] <= tolerance and abs(length - ticks[-1]) <= 0.3, (length, ticks[0], ticks[-1])
