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
#: A stroke narrower than this (mm) is a *thin line*, and on a sheet a thin line means one
#: thing: solid, a cut line (crop marks, cut guides and a cut-out's outline, in ``CUT`` or a
#: cut guide's light ink); dashed, a fold line (``FOLD``).  Ornament, rules of a table and
#: marks that are neither are filled shapes or strokes at least this wide.
THIN_LINE_MM = 0.35


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` towards ``other`` (both #RRGGBB)."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02X}" for x, y in zip(a, b))


def darker(colour: str, t: float = 0.45) -> str:
    return mix(colour, "#000000", t)


def lighter(colour: str, t: float = 0.6) -> str:
    return mix(colour, "#FFFFFF", t)


#: Least WCAG contrast of any text against its ground (AA, normal text).
MIN_CONTRAST = 4.5


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``colour`` (#RRGGBB), 0 (black) .. 1 (white)."""
    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str, ground: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 .. 21)."""
    a, b = sorted((luminance(colour), luminance(ground)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def readable_on(colour: str) -> str:
    """Text colour on a field of ``colour``: the kit's dark ink or white, whichever reads
    better, black where neither reaches ``MIN_CONTRAST`` (mid tones)."""
    best = max((INK, WHITE), key=lambda c: contrast(c, colour))
    if contrast(best, colour) >= MIN_CONTRAST:
        return best
    return max((best, "#000000"), key=lambda c: contrast(c, colour))


def legible(colour: str, ground: str, ratio: float = MIN_CONTRAST) -> str:
    """``colour`` darkened (or, on a dark ground, lightened) in small steps until it reaches
    ``ratio`` against ``ground``: text keeps its hue and still reads."""
    towards = "#000000" if luminance(ground) > 0.18 else "#FFFFFF"
    t = 0.0
    result = colour
    while contrast(result, ground) < ratio and t < 1.0:
        t = min(1.0, t + 0.05)
        result = mix(colour, towards, t)
    return result


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

    def on(self, colour: str, t: float = 0.82) -> str:
        """Text or icon colour on a field of ``colour`` drawn by ``field(colour, t)``."""
        return readable_on(self.field(colour, t))


NORMAL = Ink(False)
SAVER = Ink(True)


def ink_for(mode: str) -> Ink:
    """``Ink`` of an ``--ink`` mode ("normal" or "saver")."""
    return SAVER if mode == "saver" else NORMAL
