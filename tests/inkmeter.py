"""Ink measurements shared by the ``--ink saver`` tests (imported as ``inkmeter``).

Coverage is ink coverage (1 - lightness, 0..1) rendered with pypdfium2 at ``DPI``: at lower
resolutions the renderer widens hairlines to a whole pixel, which overstates thin rules.
"""

from __future__ import annotations

import pypdfium2 as pdfium

from pnp.printing.pdf import svg_to_pdf
from pnp.printing.targets import face_svg

DPI = 150


def render(pdf: bytes | str, page: int = 0):
    """Page ``page`` of a PDF as a greyscale PIL image at ``DPI``."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[page].render(scale=DPI / 72).to_pil().convert("L")
    finally:
        doc.close()


def coverage(image) -> float:
    counts = image.histogram()
    return sum((255 - v) * n for v, n in enumerate(counts)) / (255 * sum(counts))


def pieces_coverage(sheet) -> float:
    """Ink coverage of the box round every piece placed on ``sheet`` (mm placements -> pixels)."""
    dpmm = DPI / 25.4
    x0, y0 = min(p.x for p in sheet.placements), min(p.y for p in sheet.placements)
    x1, y1 = max(p.x + p.w for p in sheet.placements), max(p.y + p.h for p in sheet.placements)
    image = render(svg_to_pdf(sheet.svg))
    return coverage(image.crop((round(x0 * dpmm), round(y0 * dpmm), round(x1 * dpmm), round(y1 * dpmm))))


def bleed_ring(face) -> tuple[int, int]:
    """Lightest and darkest pixel of the bleed ring round ``face`` (its art rendered with its bleed)."""
    image = render(svg_to_pdf(face_svg(face)))
    inner = round(face.bleed * DPI / 25.4) - 1          # a pixel clear of the trim line
    w, h = image.size
    strips = [(0, 0, w, inner), (0, h - inner, w, h), (0, 0, inner, h), (w - inner, 0, w, h)]
    extrema = [image.crop(box).getextrema() for box in strips]
    return min(lo for lo, _ in extrema), max(hi for _, hi in extrema)
