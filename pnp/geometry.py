"""Units, papers and card sizes (millimetres throughout, points only at the PDF boundary).

Sources: ``../shared/design/print.md`` (A4, US Letter, card sizes, bleed, safe area).
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4
PT_PER_MM = 72.0 / MM_PER_INCH

SAFE_MM = 3.2          # text keeps at least this far inside the trim (print.md: >= 1/8 in)
DEFAULT_BLEED_MM = 3.0  # print.md: 3 mm (Europe); home kits 2-3 mm
DEFAULT_MARGIN_MM = 5.0  # print.md: printers lose ~5 mm at each edge


@dataclass(frozen=True)
class Paper:
    """A sheet of paper, portrait: ``width`` x ``height`` mm."""

    id: str
    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "US Letter", 215.9, 279.4),
    "a3": Paper("a3", "A3", 297.0, 420.0),
    "tabloid": Paper("tabloid", "Tabloid", 279.4, 431.8),
    "a2": Paper("a2", "A2", 420.0, 594.0),
    "arch-c": Paper("arch-c", "ARCH C", 457.2, 609.6),
}
HOME_PAPERS = ("a4", "letter")
# The larger sheet of the same family, for a board printed in one piece.
LARGER_PAPERS = {"a4": ("a3", "a2"), "letter": ("tabloid", "arch-c")}

CARD_SIZES = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (70.0, 120.0),
}


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    return pt / PT_PER_MM
