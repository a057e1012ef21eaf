"""Guilloche drawn in code: rosettes of epitrochoids and hypotrochoids, and wave borders.

Banknotes and coins carry the engraved lace of security printing.  Here it is a
few parametric curves, each stroked as a *band* (``MIN_BAND_MM`` and more, in a tint of the
piece's colour, never black): a thin solid line means a cut and a dashed one a fold on every
sheet of the kit, so no ornament looks like either.

* ``rosette``: ``copies`` epitrochoids (loops outward) or hypotrochoids (loops inward) turned
  evenly about a centre, every curve between radii ``r_in`` and ``r_out`` (mm).
* ``wave_border``: ``strands`` sine waves, phase-shifted, running round a rectangle along a
  band ``depth`` mm deep; each side holds a whole number of periods so the corners meet.

Every function returns an svgwrite group of stroked paths in the caller's mm coordinates;
same arguments, same bytes.
"""

from __future__ import annotations

import math

from pnp.components.style import THIN_LINE_MM
from pnp.components.svg import group, path

#: The narrowest stroke of any guilloche band (mm): no thinner than a thin line
#: (``style.THIN_LINE_MM``, what the kit keeps for cut and fold lines).
MIN_BAND_MM = THIN_LINE_MM
#: Points per curve (a rosette's curve closes after one turn, so it is smooth at this count).
_SAMPLES = 360


def trochoid_points(r_in: float, r_out: float, lobes: int, inward: bool = False, phase: float = 0.0,
                    cx: float = 0.0, cy: float = 0.0, samples: int = _SAMPLES) -> list[tuple[float, float]]:
    """One closed epitrochoid (``inward`` False) or hypotrochoid whose distance from (cx, cy)
    runs between ``r_in`` and ``r_out`` (mm), with ``lobes`` loops, turned by ``phase`` radians.

    Epitrochoid: x = (R + r) cos t - d cos((R + r) t / r); hypotrochoid: x = (R - r) cos t +
    d cos((R - r) t / r); with R = lobes r the curve closes after one turn.  The rolling
    circle and the pen distance d are set from the two radii: centre distance (R +- r) is their
    mean and d half their difference.

    Raises:
        ValueError: ``lobes`` < 2 or ``r_out`` <= ``r_in``.
    """
    if lobes < 2 or r_out <= r_in:
        raise ValueError(f"a trochoid needs lobes >= 2 and r_out > r_in (got {lobes}, {r_in}, {r_out})")
    mid, d = (r_in + r_out) / 2, (r_out - r_in) / 2
    ratio = lobes + 1 if not inward else lobes - 1       # (R +- r) / r
    pts = []
    for k in range(samples):
        t = 2 * math.pi * k / samples
        if inward:
            x, y = mid * math.cos(t) + d * math.cos(ratio * t), mid * math.sin(t) - d * math.sin(ratio * t)
        else:
            x, y = mid * math.cos(t) - d * math.cos(ratio * t), mid * math.sin(t) - d * math.sin(ratio * t)
        c, s = math.cos(phase), math.sin(phase)
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return pts


def rosette(cx: float, cy: float, r_in: float, r_out: float, lobes: int, copies: int, colour: str,
            band_mm: float = 0.45, inward: bool = False, samples: int = _SAMPLES):
    """``copies`` trochoids of ``lobes`` loops about (cx, cy), each turned by a share of one lobe,
    stroked ``band_mm`` (at least ``MIN_BAND_MM``) in ``colour``: a guilloche rosette whose
    curves keep between ``r_in`` and ``r_out`` less half the band (mm), ``samples`` points a curve."""
    band = max(band_mm, MIN_BAND_MM)
    lo, hi = r_in + band / 2, r_out - band / 2
    g = group(class_="guilloche")
    for k in range(copies):
        pts = trochoid_points(lo, hi, lobes, inward, 2 * math.pi * k / (lobes * copies), cx, cy, samples)
        g.add(path(_closed(pts), stroke=colour, stroke_mm=band, stroke_linejoin="round"))
    return g


def watermark(cx: float, cy: float, r_in: float, r_out: float, lobes: int, copies: int, colour: str,
              opacity: float = 0.2, inward: bool = True):
    """``copies`` trochoids about (cx, cy) as one translucent filled shape (even-odd fill, so
    the loops' overlaps alternate): a soft lace ground that text may stand on, with no
    stroke and no edge of its own (``opacity`` < 1)."""
    d = " ".join(_closed(trochoid_points(r_in, r_out, lobes, inward, 2 * math.pi * k / (lobes * copies), cx, cy))
                 for k in range(copies))
    return path(d, fill=colour, opacity=opacity, fill_rule="evenodd", class_="guilloche")


def wave_border(x0: float, y0: float, x1: float, y1: float, depth: float, period: float, strands: int,
                colour: str, band_mm: float = 0.45, steps: int = 16):
    """``strands`` sine waves round the rectangle (x0, y0)-(x1, y1) (mm), inside it, each wave
    between the rectangle's edge and ``depth`` mm in (less half the band), about ``period`` mm
    long (each side a whole number of periods), strands shifted evenly in phase, drawn with
    ``steps`` chords a period (at least 8 a side)."""
    band = max(band_mm, MIN_BAND_MM)
    amp = (depth - band) / 2
    mid = band / 2 + amp          # the waves' centre line, ``mid`` mm inside the edge
    g = group(class_="guilloche")
    corners = ((x0 + mid, y0 + mid), (x1 - mid, y0 + mid), (x1 - mid, y1 - mid), (x0 + mid, y1 - mid))
    for s in range(strands):
        phase = 2 * math.pi * s / strands
        pts = []
        for side in range(4):
            (ax, ay), (bx, by) = corners[side], corners[(side + 1) % 4]
            length = math.hypot(bx - ax, by - ay)
            n = max(1, round(length / period))
            # the inward normal of a clockwise rectangle (y down): turn the direction right
            ux, uy = (bx - ax) / length, (by - ay) / length
            nx, ny = -uy, ux
            count = max(8, n * steps)
            for k in range(count):
                t = k / count
                off = amp * math.sin(2 * math.pi * n * t + phase) * math.sin(math.pi * t) ** 0.35
                pts.append((ax + (bx - ax) * t + nx * off, ay + (by - ay) * t + ny * off))
        g.add(path(_closed(pts), stroke=colour, stroke_mm=band, stroke_linejoin="round"))
    return g


def _closed(pts) -> str:
    return "M " + " L ".join(f"{_f(x)} {_f(y)}" for x, y in pts) + " Z"


def _f(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
