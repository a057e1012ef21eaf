"""A sheet's overlay as data: what is drawn on top of its placed faces, until it is drawn.

An overlay is everything on a sheet that is not a face's art: crop marks, the footer (a 50 mm
ruler and the sheet's label), fold lines, notes, a tile's glue flaps and map.  It is kept as
a ``SheetOverlay``: its parts in drawing order, each a value a renderer draws.

- ``MarkLines``: a group of plain straight lines (crop marks, a fold line), each with its
  own stroke colour and width;
- ``Footer``: the footer band, its label a field (``SheetOverlay.footer_label`` reads it,
  ``relabel`` sets it; the label is shortened with "…" to its room when drawn);
- ``ArtPart``: one SVG element's source, drawn as it is (what has no value of its own yet:
  a tile's map and glue flaps, a packed room's pieces' cut lines and notes);

A sheet kind whose drawing has no values of its own yet gives each element of its drawing
as an ``ArtPart`` (``SheetOverlay.of_drawing``), then its ``Footer``.

Two renderers draw an overlay: ``svg()`` (previews, tests, and the key by which sheets
of one overlay share a page's content) and the PDF renderer in ``pnp.printing.pdf``
(path operators for plain lines, Cairo's own text calls for plain text), which takes the
lines and texts of ``MarkLines`` and ``Footer`` from their values
(``pnp.printing.overlay.split_overlays``) and reads only ``ArtPart`` sources as SVG.  ``svg()`` writes
each part with the same helpers the imposition drew with (``pnp.components.svg``), so an
overlay drawn from data is byte for byte the SVG drawn directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from pnp.geometry import Paper

if TYPE_CHECKING:
    from svgwrite.container import Group

#: The ruler in the footer: 50 mm of millimetre ticks (every 5 mm longer, every 10 longest).
RULER_MM = 50.0
#: Footer text sizes (mm): the sheet's label and the ruler's "50 mm".
LABEL_SIZE_MM = 2.2
#: The least size a long sheet label steps down to before its names are cut (mm; 5 pt).
LABEL_MIN_MM = 1.8
RULER_TEXT_MM = 1.8
FOOTER_INK = "#333333"


@dataclass(frozen=True)
class OverlayLine:
    """A straight line: from (x1, y1) to (x2, y2) mm (y down), ``stroke`` a ``#rrggbb``
    colour, ``width`` the stroke width in mm."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    width: float = 0.2


@dataclass(frozen=True)
class MarkLines:
    """Plain lines drawn as one group (``<g id=...>`` in SVG), in order."""

    id: str | None
    lines: tuple[OverlayLine, ...]


@dataclass(frozen=True)
class Footer:
    """The footer band at the foot of a sheet: a ``RULER_MM`` ruler with mm ticks from
    ``margin_mm + 2`` mm, its "50 mm", and ``label`` beside it, shortened with "…" to the
    room up to ``margin_mm + 2`` mm from the right edge of a ``paper`` sheet."""

    paper: Paper
    margin_mm: float
    label: str

    @property
    def baseline(self) -> float:
        """The ruler's line and the label's baseline: y mm from the top of the sheet."""
        return self.paper.height - self.margin_mm - 1.2

    @property
    def ruler_x(self) -> float:
        """Where the ruler starts: x mm."""
        return self.margin_mm + 2.0

    @property
    def label_x(self) -> float:
        return self.ruler_x + RULER_MM + 4.0

    @property
    def room(self) -> float:
        """The label's room: mm from ``label_x`` to ``margin_mm + 2`` mm from the right edge."""
        return self.paper.width - self.margin_mm - 2.0 - self.label_x

    @property
    def size(self) -> float:
        """The label's type size (mm): ``LABEL_SIZE_MM``, or, for a label that does not fit
        its room at that size (a sheet packed with many components), the largest size down to
        ``LABEL_MIN_MM`` in steps of 0.1 mm at which it does, else ``LABEL_MIN_MM``."""
        from pnp.components.fonts import text_width

        size = LABEL_SIZE_MM
        while size > LABEL_MIN_MM + 1e-9 and text_width(self.label, "body", size) > self.room:
            size = round(size - 0.1, 1)
        return size

    def shown(self) -> str:
        """The label as printed at ``size``: cut with "…" until it fits its room.  A label of
        three or more " · " parts keeps its last two whole (the sheet's number and its page:
        "sheet 16 of 16 · page 31"), and the names before them are cut instead: a sheet packed
        with many components lost its number."""
        from pnp.components.fonts import text_width

        room, size = self.room, self.size
        shown = self.label
        parts = shown.split(" · ")
        if len(parts) >= 3 and text_width(shown, "body", size) > room:
            head, tail = " · ".join(parts[:-2]), " · " + " · ".join(parts[-2:])
            while head and text_width(head.rstrip() + "…" + tail, "body", size) > room:
                head = head[:-1]
            return head.rstrip() + "…" + tail
        while shown and text_width(shown, "body", size) > room:
            shown = shown[:-2] + "…"
        return shown

    def ticks(self) -> tuple[OverlayLine, ...]:
        """The ruler: its base line, then a tick a millimetre (3 mm at each 10, 2 mm at each 5,
        1.2 mm between)."""
        x0, base = self.ruler_x, self.baseline
        lines = [OverlayLine(x0, base, x0 + RULER_MM, base, "#000000", 0.25)]
        for mm in range(0, int(RULER_MM) + 1):
            tick = 3.0 if mm % 10 == 0 else (2.0 if mm % 5 == 0 else 1.2)
            lines.append(OverlayLine(x0 + mm, base, x0 + mm, base - tick, "#000000", 0.15))
        return tuple(lines)


#: The size (mm) of the "intentionally blank" note in the margin band (``blank_note_spot``).
BLANK_NOTE_SIZE_MM = 2.2


def blank_note_spot(paper: Paper, margin_mm: float, footer_mm: float, flip: str | None) -> tuple[float, float]:
    """Where the "intentionally blank" note of a back page goes: (x, baseline) mm, the note
    set right-aligned at x, ``BLANK_NOTE_SIZE_MM`` high.

    It lies in a band no piece uses on either side of the sheet: a back page printed
    long-edge (or not mirrored, ``flip`` "long" or None) puts it in its footer band, above
    the footer's label line, so that after the flip it backs the front's footer band (the
    fronts' art ends ``footer_mm`` above the bottom margin); a back page printed short-edge
    (``flip`` "short") puts it in the same band at the top of the page, which the flip
    turns onto the front's footer band.  Right-aligned ``margin_mm + 2`` mm from the edge,
    clear of the footer's ruler and label (they start at the left)."""
    x = paper.width - margin_mm - 2.0
    if flip == "short":
        return x, margin_mm + footer_mm - 1.0 - 0.3 * BLANK_NOTE_SIZE_MM
    return x, paper.height - margin_mm - footer_mm + 1.0 + BLANK_NOTE_SIZE_MM


@dataclass(frozen=True)
class ArtPart:
    """One SVG element's source (or several elements' in a row), drawn as it is."""

    svg: str


Part = MarkLines | Footer | ArtPart


@dataclass
class SheetOverlay:
    """What a sheet draws on top of its faces: ``parts`` in drawing order on a ``width`` x
    ``height`` mm page; ``defs`` the SVG definitions its art parts refer to (clip paths)."""

    width: float
    height: float
    parts: list[Part] = field(default_factory=list)
    defs: str = ""
    #: An overlay given as one whole SVG document (made elsewhere: a test's page, a drawing
    #: read from a file), drawn as it is; its root gives the page its size.  No parts then.
    document: str | None = None

    @classmethod
    def of_document(cls, svg: str) -> "SheetOverlay":
        """An overlay that is the SVG document ``svg`` as it is."""
        return cls(0.0, 0.0, document=svg)

    @classmethod
    def of_drawing(cls, drawing: Any, width: float, height: float) -> "SheetOverlay":
        """An overlay of what an svgwrite ``drawing`` (``pnp.components.svg.new_sheet``, a
        ``width`` x ``height`` mm page) holds: its definitions, and each of its elements as
        an ``ArtPart``, in order (for sheet kinds whose drawing has no values of its own)."""
        defs = "".join(element.tostring() for element in drawing.defs.elements)
        return cls(width, height, [ArtPart(e.tostring()) for e in drawing.elements if e is not drawing.defs], defs)

    def add(self, part: Part) -> None:
        """Draw ``part`` on top of what the overlay holds.

        Raises:
            ValueError: the overlay is a whole document (``of_document``).
        """
        if self.document is not None:
            raise ValueError("an overlay given as a whole SVG document takes no parts")
        self.parts.append(part)

    def footer(self) -> Footer | None:
        """The overlay's footer (the last, if it had two); None without one."""
        return next((p for p in reversed(self.parts) if isinstance(p, Footer)), None)

    @property
    def footer_label(self) -> str:
        """The label printed in the footer, as it reads (shortened to its room); "" without one."""
        footer = self.footer()
        return footer.shown() if footer else ""

    def relabel(self, label: str) -> None:
        """Print ``label`` in the footer instead of its label.

        Raises:
            ValueError: the overlay has no footer.
        """
        for n in range(len(self.parts) - 1, -1, -1):
            part = self.parts[n]
            if isinstance(part, Footer):
                self.parts[n] = replace(part, label=label)
                return
        raise ValueError("the sheet has no footer label")

    def svg(self) -> str:
        """The overlay as one SVG page (mm, viewBox in mm)."""
        from pnp.components.svg import new_sheet

        if self.document is not None:
            return self.document
        head: str = new_sheet(self.width, self.height).tostring()
        # svgwrite writes an empty page as "<svg ...><defs /></svg>": the parts go after its defs
        opened, _defs, _close = head.rpartition("<defs />")
        defs = f"<defs>{self.defs}</defs>" if self.defs else "<defs />"
        return opened + defs + "".join(_part_svg(part) for part in self.parts) + "</svg>"


def _part_svg(part: Part) -> str:
    from pnp.components.svg import group, line

    if isinstance(part, ArtPart):
        return part.svg
    if isinstance(part, MarkLines):
        g = group(id=part.id) if part.id is not None else group()
        for ln in part.lines:
            g.add(line(ln.x1, ln.y1, ln.x2, ln.y2, ln.stroke, ln.width))
        return cast(str, g.tostring())
    return cast(str, footer_element(part).tostring())


def footer_element(part: Footer) -> Group:
    """``part`` as an svgwrite group (``<g id="footer">``: the ruler's lines, the label, "50 mm")."""
    from pnp.components.svg import group, line, text

    g = group(id="footer")
    for ln in part.ticks():
        g.add(line(ln.x1, ln.y1, ln.x2, ln.y2, ln.stroke, ln.width))
    g.add(text(part.label_x, part.baseline, part.shown(), "body", part.size, FOOTER_INK, where="sheet label"))
    g.add(text(part.ruler_x + RULER_MM, part.baseline - 3.6, "50 mm", "body", RULER_TEXT_MM, FOOTER_INK,
               anchor="end", where="ruler"))
    return g
