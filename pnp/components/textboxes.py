"""Where a face's text lies: the box of every line of text its art draws, in trim mm.

Read back from the face's svgwrite elements, as drawn by ``pnp.components.svg.text`` (x, y
baseline, font size, anchor, the role's font by family, weight and style), through every
group's ``transform`` (``pnp.geometry.parse_transform``).  The box runs from the cap height
above the baseline to the descender below it and along the font's advance widths
(``pnp.components.fonts.text_width``).  Used to lay a board's tile seams through the least
text when no seam can fall between spaces (``pnp.printing.tiling``).
"""

from __future__ import annotations

import svgwrite

from pnp.components.fonts import fonts, text_width
from pnp.geometry import IDENTITY, apply, multiply, parse_transform

CAP = 0.72          # cap height as a fraction of the font size
DESCENT = 0.22      # descender below the baseline, as a fraction of the font size
def _role(attrs) -> str | None:
    key = (attrs.get("font-family"), attrs.get("font-weight"), attrs.get("font-style"))
    for role, f in fonts().items():
        if (f.family, f.weight, f.style) == key:
            return role
    return None


def text_boxes(art) -> list[tuple[float, float, float, float, int]]:
    """Every line of text ``art`` (an svgwrite element, a face's art) draws: ``(x0, y0, x1,
    y1, characters)`` in the art's coordinates (a face's trim mm), in drawing order.  A text
    in a font the kit does not register is boxed with the body font's widths."""
    out: list[tuple[float, float, float, float, int]] = []

    def walk(element, matrix):
        attrs = element.attribs
        matrix = multiply(matrix, parse_transform(attrs.get("transform")))
        if isinstance(element, svgwrite.text.Text):
            content = element.text or ""
            if not content.strip() or "font-size" not in attrs:
                return
            size = float(attrs["font-size"])
            width = text_width(content, _role(attrs) or "body", size)
            x, y = float(attrs.get("x", 0.0)), float(attrs.get("y", 0.0))
            x0 = x - {"start": 0.0, "middle": width / 2, "end": width}.get(attrs.get("text-anchor", "start"), 0.0)
            corners = [apply(matrix, px, py) for px in (x0, x0 + width) for py in (y - CAP * size, y + DESCENT * size)]
            out.append((min(c[0] for c in corners), min(c[1] for c in corners),
                        max(c[0] for c in corners), max(c[1] for c in corners), len(content.strip())))
            return
        for child in getattr(element, "elements", ()):
            walk(child, matrix)

    walk(art, IDENTITY)
    return out
