"""Shared palette and small drawing helpers for the kit's look (colours as #RRGGBB)."""

from __future__ import annotations

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
