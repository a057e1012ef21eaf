"""Page order of a whole kit PDF, so that printing the whole file duplex is right.

A kit mixes two-sided sheets (card fronts, each followed by its backs sheet) with
one-sided ones (board tiles, tokens, tables).  A printer told to print the file
double-sided (the PDF's ``/Duplex`` hint) puts every even page on the back of the odd
page before it, so a fronts sheet must land on an odd page with its backs on the next
page, and a one-sided sheet must be followed by a blank page, or the next sheet would be
printed on its back.  Without backs, or with ``--duplex none``/``fold``, the component
sheets are printed one-sided and need no blank pages.

The reading matter (contents page and rules, plain paper, nothing cut from it) is always
printed double-sided, as any print shop would: in a one-sided kit it is a job of its own
(pages 1..N; on a printer without duplex, odd pages, then the stack turned and the even
pages), so its pages share sheets and the kit is counted so (``sheet_pages``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Pagination:
    """Where each part of a kit goes.

    ``rules``: page numbers (1-based) of the rules sheet; ``sheets[i]``: page number of
    component sheet i; ``blanks``: page numbers of the blank pages; ``total``: pages in the
    file; ``duplex``: True when the file is meant to be printed double-sided.
    """

    rules: tuple[int, ...]
    sheets: tuple[int, ...]
    blanks: tuple[int, ...]
    total: int
    duplex: bool

    @property
    def reading(self) -> tuple[int, ...]:
        """Pages of the reading matter: the contents page and the rules (printed two-sided)."""
        return (1,) + self.rules

    def sheet_pages(self) -> list[tuple[int, ...]]:
        """Pages on each sheet of paper, in order: (1, 2), (3, 4), ... through the whole file
        when it is printed duplex; otherwise the reading matter two to a sheet (its last
        sheet maybe one page) and then every component page on a sheet of its own."""
        step = 2 if self.duplex else 1
        reading_end = 0 if self.duplex else len(self.reading)
        out = [tuple(range(first, min(reading_end, first + 1) + 1)) for first in range(1, reading_end + 1, 2)]
        out += [tuple(range(first, min(self.total, first + step - 1) + 1))
                for first in range(reading_end + 1, self.total + 1, step)]
        return out


def paginate(rules_pages: int, sides: Sequence[str], duplex_mode: str) -> Pagination:
    """Page numbers for the contents page (always page 1), ``rules_pages`` rules pages and
    component sheets of the given ``sides`` ("front", "back", "single", "fold"), in order.

    Two-sided printing applies when ``duplex_mode`` is "long" or "short" and some sheet is
    a "back"; then the contents page and the rules share sheets (reading matter, printed
    on both sides), each fronts sheet starts on an odd page with its backs sheet next, and
    every one-sided sheet gets a blank back.

    Raises:
        ValueError: a "back" sheet that does not follow a "front" sheet.
    """
    for i, side in enumerate(sides):
        if side == "back" and (i == 0 or sides[i - 1] != "front"):
            raise ValueError(f"sheet {i} is a backs sheet that does not follow a fronts sheet")
    duplex = duplex_mode in ("long", "short") and "back" in sides
    page = 1
    rules = tuple(range(page + 1, page + 1 + rules_pages))
    page += rules_pages
    blanks: list[int] = []
    numbers: list[int] = []
    if duplex and page % 2 == 1:      # contents + rules end on a front page: its back stays blank
        page += 1
        blanks.append(page)
    for side in sides:
        page += 1
        numbers.append(page)
        if duplex and side in ("single", "fold"):
            page += 1
            blanks.append(page)
    return Pagination(rules, tuple(numbers), tuple(blanks), page, duplex)
