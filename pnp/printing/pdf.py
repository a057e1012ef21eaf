"""SVG sheets -> vector PDF pages (CairoSVG), assembled into one kit PDF (pypdf).

Cairo writes one PDF per sheet; pypdf joins them, appends the reportlab rules pages,
sets page boxes (Cairo cannot set TrimBox/BleedBox), document metadata, bookmarks and the
viewer preferences a home printer should honour (``/PrintScaling /None``, duplex hint).
Fonts come from ``fonts/`` only: ``isolate_fontconfig()`` runs before Cairo loads.

Writing the result is ``pnp.files.write_atomically``'s job (no partial PDF at the output path).
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import Iterable, Sequence

from pnp.components.fonts import isolate_fontconfig
from pnp.geometry import mm_to_pt

isolate_fontconfig()
import cairosvg  # noqa: E402  (must follow isolate_fontconfig)
from pypdf import PdfReader, PdfWriter  # noqa: E402
from pypdf.generic import ArrayObject, FloatObject, NameObject, DictionaryObject, TextStringObject  # noqa: E402

DUPLEX_HINT = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "none": "/Simplex", "fold": "/Simplex"}


def svg_to_pdf(svg: str) -> bytes:
    """One SVG page (size in mm) as a one-page vector PDF."""
    return cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))


def convert_all(svgs: Sequence[str], ticker: Iterable | None = None, workers: int | None = None) -> list[bytes]:
    """Convert many SVG pages, on up to ``workers`` processes (default: every core).

    Each page converts on its own, so the result does not depend on the worker count.
    ``ticker`` is advanced once per finished page (e.g. a tqdm progress bar).
    """
    workers = workers or min(os.cpu_count() or 1, 4)
    tick = iter(ticker) if ticker is not None else None
    results: list[bytes] = []
    if workers <= 1 or len(svgs) < 8:
        for svg in svgs:
            results.append(svg_to_pdf(svg))
            if tick:
                next(tick, None)
        return results
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        for page in pool.map(svg_to_pdf, svgs, chunksize=4):
            results.append(page)
            if tick:
                next(tick, None)
    return results


@dataclass(frozen=True)
class PageSource:
    """A run of pages to put into the kit: PDF bytes plus the bookmark of its first page."""

    pdf: bytes
    bookmark: str
    trim_mm: tuple[float, float, float, float] | None = None   # x, y, w, h; None: the whole page
    bleed_mm: float = 0.0


def blank_page(paper) -> bytes:
    """A one-page PDF with nothing on it, ``paper`` size (``pnp.geometry.Paper``, mm): the
    back of a one-sided sheet in a file printed double-sided."""
    writer = PdfWriter()
    writer.add_blank_page(width=mm_to_pt(paper.width), height=mm_to_pt(paper.height))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def assemble(sources: Sequence[PageSource], metadata: dict[str, str], duplex: str = "long",
             lang: str = "en") -> bytes:
    """Join ``sources`` into one PDF with page boxes, bookmarks and metadata.

    ``metadata`` keys are PDF info names without the slash (Title, Subject, Keywords, and
    custom keys such as Game, Players, Language).  Returns the PDF bytes.
    """
    writer = PdfWriter()
    bookmarks = []
    for source in sources:
        reader = PdfReader(io.BytesIO(source.pdf))
        first = len(writer.pages)
        for page in reader.pages:
            added = writer.add_page(page)
            _set_boxes(added, source)
        if source.bookmark:
            bookmarks.append((source.bookmark, first))
    for title, index in bookmarks:
        writer.add_outline_item(title=title, page_number=index)
    writer.add_metadata({f"/{k}": v for k, v in metadata.items()})
    writer._root_object[NameObject("/Lang")] = TextStringObject(lang)
    prefs = DictionaryObject()
    prefs[NameObject("/PrintScaling")] = NameObject("/None")
    prefs[NameObject("/Duplex")] = NameObject(DUPLEX_HINT.get(duplex, "/Simplex"))
    writer._root_object[NameObject("/ViewerPreferences")] = prefs
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _set_boxes(page, source: PageSource) -> None:
    media = page.mediabox
    if source.trim_mm is None:
        box = ArrayObject([FloatObject(media.left), FloatObject(media.bottom), FloatObject(media.right), FloatObject(media.top)])
        page[NameObject("/TrimBox")] = box
        page[NameObject("/BleedBox")] = box
        return
    x, y, w, h = source.trim_mm
    height = float(media.top)
    trim = [mm_to_pt(x), height - mm_to_pt(y + h), mm_to_pt(x + w), height - mm_to_pt(y)]
    b = mm_to_pt(source.bleed_mm)
    bleed = [trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b]
    page[NameObject("/TrimBox")] = ArrayObject([FloatObject(round(v, 4)) for v in trim])
    page[NameObject("/BleedBox")] = ArrayObject([FloatObject(round(v, 4)) for v in bleed])
