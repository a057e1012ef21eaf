"""Sheet figures of a kit: sheets of paper, which want card stock, ink coverage.

A *sheet* is one piece of paper: in a kit printed double-sided two pages share it (a duplex
sheet counts once), in a one-sided kit every component page is a sheet and the reading
matter (contents and rules, printed double-sided in every kit) two pages to a sheet.  Ink coverage of a page is
measured on a low-resolution rendering (``INK_DPI``, pypdfium2): the mean over its pixels
of 1 - (R + G + B) / 765, so white paper is 0 and solid black 1.  A sheet's ink is the sum
of its sides (1.0 = one side fully covered).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

INK_DPI = 20


def page_inks(pdf: bytes, dpi: int = INK_DPI, first: int = 0, stop: int | None = None) -> list[float]:
    """Ink coverage (0..1) of every page of ``pdf`` (or of pages ``first`` to ``stop`` - 1,
    0-based), rendered at ``dpi``; each page's figure depends on that page alone."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        out = []
        for i in range(first, len(doc) if stop is None else min(stop, len(doc))):
            image = doc[i].render(scale=dpi / 72).to_pil().convert("RGB")
            r, g, b = (channel.histogram() for channel in image.split())
            pixels = image.width * image.height
            dark = sum((255 - v) * (r[v] + g[v] + b[v]) for v in range(256))
            out.append(dark / (765 * pixels))
        return out
    finally:
        doc.close()


@dataclass(frozen=True)
class PaperSheet:
    """One piece of paper: its page numbers (1-based), stock ("card" or "paper") and ink."""

    pages: tuple[int, ...]
    stock: str
    ink: float = 0.0


def sheets_of(sheet_pages: Sequence[tuple[int, ...]], card_pages: set[int]) -> list[PaperSheet]:
    """The kit's sheets of paper, from the pages on each (``Pagination.sheet_pages``: a
    duplex sheet's two pages, the reading matter two to a sheet in any kit); a sheet wants
    card stock when one of its pages is in ``card_pages``."""
    return [PaperSheet(tuple(pages), "card" if card_pages.intersection(pages) else "paper") for pages in sheet_pages]


def with_ink(sheets: Sequence[PaperSheet], inks: Sequence[float]) -> list[PaperSheet]:
    """``sheets`` with their ink: the sum of their pages' coverage (``inks[page - 1]``)."""
    return [PaperSheet(s.pages, s.stock, sum(inks[p - 1] for p in s.pages)) for s in sheets]


def summary(sheets: Sequence[PaperSheet]) -> dict[str, Any]:
    """The manifest's ``sheets`` entry: counts, card-stock pages, mean ink, every sheet."""
    card = [s for s in sheets if s.stock == "card"]
    return {
        "count": len(sheets),
        "card_stock": len(card),
        "plain": len(sheets) - len(card),
        "card_stock_pages": [p for s in card for p in s.pages],
        "mean_ink": round(sum(s.ink for s in sheets) / len(sheets), 4) if sheets else 0.0,
        "ink_method": f"mean of 1-(R+G+B)/765 over each page rendered at {INK_DPI} dpi, sides of a sheet summed",
        "list": [{"pages": list(s.pages), "stock": s.stock, "ink": round(s.ink, 4)} for s in sheets],
    }


@dataclass(frozen=True)
class PrintJob:
    """One print job of a kit: a run of consecutive sheets of paper printed alike.

    ``pages``: the PDF's page numbers (1-based, every page of the run, blank backs
    included); ``stock``: "card" or "paper"; ``sides``: 1 (one-sided) or 2 (two-sided);
    ``flip``: the edge a two-sided job turns on ("long" or "short"; "" when one-sided);
    ``sheets``: how many sheets of paper it prints."""

    pages: tuple[int, ...]
    stock: str
    sides: int
    flip: str
    sheets: int


def print_jobs(sheets: Sequence[PaperSheet], flip: str) -> list[PrintJob]:
    """The kit's print jobs, from its sheets of paper in order (``sheets_of``: a sheet's
    pages and stock): every maximal run of consecutive sheets with the same stock and the
    same number of sides (a sheet of two pages is two-sided, of one page one-sided) is one
    job, so a printer is loaded with one stock and one duplex setting per job.  ``flip``:
    the edge two-sided sheets turn on ("long" or "short"; the reading matter of a one-sided
    kit is printed long-edge).  Every page of ``sheets`` is in exactly one job, in order.

    Raises:
        ValueError: ``flip`` is neither "long" nor "short"."""
    if flip not in ("long", "short"):
        raise ValueError(f"print_jobs: flip must be 'long' or 'short', not {flip!r}")
    jobs: list[PrintJob] = []
    for sheet in sheets:
        sides = len(sheet.pages)
        last = jobs[-1] if jobs else None
        if last is not None and last.stock == sheet.stock and last.sides == sides:
            jobs[-1] = PrintJob(last.pages + tuple(sheet.pages), last.stock, sides, last.flip, last.sheets + 1)
        else:
            jobs.append(PrintJob(tuple(sheet.pages), sheet.stock, sides, flip if sides == 2 else "", 1))
    return jobs
