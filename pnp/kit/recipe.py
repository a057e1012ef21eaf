"""What a kit recipe hands to the assembler."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.printing.imposition import Sheet
from pnp.printing.packing import PieceGroup


@dataclass
class ComponentRun:
    """One component of a kit and the sheets that print it.

    ``id`` and ``kind`` go to the manifest; ``count`` is how many pieces the kit holds;
    ``by_type`` (decks only) maps each card type id from the data to its count.
    ``sheets`` may be shared with other components printed on the same sheets, in which
    case ``shares_sheets_with`` names the component that owns them.  One-sided pieces come
    as ``pieces`` instead: the assembler packs every run's pieces together
    (``pnp.printing.packing``) and fills in ``sheets``.  ``stock`` is what the pieces want to
    be printed on: "card" (card stock) or "paper" (plain paper).
    """

    id: str
    kind: str
    label: str
    count: int
    sheets: list[Sheet] = field(default_factory=list)
    by_type: dict[str, int] | None = None
    shares_sheets_with: str | None = None
    pieces: list[PieceGroup] = field(default_factory=list)
    stock: str = "card"
