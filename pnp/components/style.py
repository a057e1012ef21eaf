"""Shared palette and small drawing helpers for the kit's look (colours as #RRGGBB)."""

from __future__ import annotations

from dataclasses import dataclass

INK = "#2A1B10"          # text and lines
FRAME = "#4A2F1B"        # card frames: one flat colour at every card edge, so cards may abut
PARCHMENT = "#F4E8CC"
PARCHMENT_DARK = "#E6D3A8"
SHADE = "#D8C49A"
WHITE = "#FFFFFF"
CUT = "#000000"
FOLD = "#666666"


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` towards ``other`` (both #RRGGBB)."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b))


def darker(colour: str, t: float = 0.45) -> str:
    return mix(colour, "#000000", t)


def lighter(colour: str, t: float = 0.6) -> str:
    return mix(colour, "#FFFFFF", t)


def readable_on(colour: str) -> str:
    """Dark ink on light colours, white on dark ones (relative luminance threshold)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 else WHITE


@dataclass(frozen=True)
class Ink:
    """How much ink a face uses (``--ink``).  Passed to every renderer; no global state.

    ``saver`` draws light backgrounds, no full-bleed fills (the bleed is plain paper, so a
    cut that wanders shows paper on paper) and thinner borders.  Normal ink is the kit's
    full look.
    """

    saver: bool = False

    def bleed(self, colour: str) -> str:
        """Fill of a full-bleed background: the colour, or no fill (paper) when saving ink."""
        return "none" if self.saver else colour

    def field(self, colour: str, t: float = 0.82) -> str:
        """Fill of a large area: the colour, or a light tint of it when saving ink."""
        return lighter(colour, t) if self.saver else colour

    def width(self, mm: float) -> float:
        """Stroke width of a border: half as thick when saving ink."""
        return mm * 0.5 if self.saver else mm

    def edge(self, colour: str) -> str:
        """The flat colour a face shows at its trim edge (``Face.edge_colour``)."""
        return WHITE if self.saver else colour

    def on(self, colour: str) -> str:
        """Text or icon colour on a field of ``colour`` (as drawn by ``field``)."""
        return readable_on(self.field(colour))


NORMAL = Ink(False)
SAVER = Ink(True)


def ink_for(mode: str) -> Ink:
    """``Ink`` of an ``--ink`` mode ("normal" or "saver")."""
    return SAVER if mode == "saver" else NORMAL
