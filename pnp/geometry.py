"""Units, papers and card sizes (millimetres throughout, points only at the PDF boundary).

Sources: ``../shared/design/print.md`` (A4, US Letter, card sizes, bleed, safe area).
"""

from __future__ import annotations

import math
import re
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


# An affine transform as SVG writes it, ``matrix(a b c d e f)``: a point (x, y) maps to
# (a*x + c*y + e, b*x + d*y + f).
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_TRANSFORM_CALL = re.compile(r"(\w+)\s*\(([^)]*)\)")


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` after ``n``: the matrix of applying ``n`` first, then ``m`` (an outer group's
    ``m`` times the ``n`` of an element inside it)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def parse_transform(text: str | None) -> Matrix:
    """An SVG ``transform`` attribute (SVG 1.1, 7.6: ``translate``, ``scale``, ``rotate`` with
    or without a centre, ``skewX``, ``skewY``, ``matrix``; angles in degrees) as one matrix;
    ``None`` or ``""`` is the identity.  Raises ``ValueError`` naming a call it does not know
    or one with the wrong number of arguments."""
    m = IDENTITY
    for name, args in _TRANSFORM_CALL.findall(text or ""):
        v = [float(a) for a in re.split(r"[\s,]+", args.strip()) if a]
        if not v or (name in ("translate", "scale") and len(v) > 2) or (name == "rotate" and len(v) not in (1, 3)) \
                or (name in ("skewX", "skewY") and len(v) != 1) or (name == "matrix" and len(v) != 6):
            raise ValueError(f"transform {name}({args.strip()}): wrong number of arguments")
        t: Matrix
        if name == "translate":
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate":
            r = math.radians(v[0])
            cs, sn = math.cos(r), math.sin(r)
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            t = (cs, sn, -sn, cs, cx - cs * cx + sn * cy, cy - sn * cx - cs * cy)
        elif name == "skewX":
            t = (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
        elif name == "skewY":
            t = (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
        elif name == "matrix":
            t = (v[0], v[1], v[2], v[3], v[4], v[5])
        else:
            raise ValueError(f"transform {name}(...) is not an SVG transform")
        m = multiply(m, t)
    return m


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    """The point (x, y) under the transform ``m``."""
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)
