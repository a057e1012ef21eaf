"""Faces placed on a sheet by transformation, so that each distinct face is converted once.

A sheet (``pnp.printing.imposition.Sheet``) is its *overlay* (crop marks, footer, labels,
glue flaps: an SVG page without the faces' art) plus a list of ``PlacedFace``: which face,
the affine transformation from the face's trim coordinates to the sheet, and the clip box
(trim plus the bleed that side keeps).  ``pnp.printing.pdf.render_sheets`` converts every
distinct face to PDF once and draws it on each sheet as a form XObject (ISO 32000-1, 8.10)
under the overlay; ``compose_svg`` gives the same sheet as one SVG (for tests and previews).

Matrices are SVG's ``matrix(a, b, c, d, e, f)`` (``pnp.geometry.Matrix``): x' = a x + c y + e,
y' = b x + d y + f, in millimetres, y down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from pnp.geometry import IDENTITY, Matrix, multiply

if TYPE_CHECKING:
    from pnp.components.svg import Face

__all__ = ["FACE_PAD_MM", "IDENTITY", "Matrix", "PlacedFace", "compose_svg", "face_box", "face_document", "multiply",
           "rotate", "scale", "svg_matrix", "translate"]

# Room round a face's bleed box in its converted page, mm: art a face draws past its bleed
# (a cut-out's tab, a stroke's half width) survives wherever the sheet does not clip it.
FACE_PAD_MM = 6.0


def translate(x: float, y: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, float(x), float(y))


def rotate(degrees: int) -> Matrix:
    """A turn by a multiple of 90 degrees (clockwise on the page, as SVG's ``rotate``), exact."""
    cos, sin = {0: (1.0, 0.0), 90: (0.0, 1.0), 180: (-1.0, 0.0), 270: (0.0, -1.0)}.get(
        degrees % 360, (math.cos(math.radians(degrees)), math.sin(math.radians(degrees))))
    return (cos, sin, -sin, cos, 0.0, 0.0)


def scale(sx: float, sy: float) -> Matrix:
    return (float(sx), 0.0, 0.0, float(sy), 0.0, 0.0)


def svg_matrix(m: Matrix) -> str:
    return "matrix(" + ",".join(_fmt(v) for v in m) + ")"


def _fmt(v: float) -> str:
    text = f"{v:.7f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class PlacedFace:
    """One copy of ``face`` on a sheet.

    ``inner`` maps the face's trim coordinates (mm) into the clip frame, ``outer`` the clip
    frame onto the sheet (mm); ``clip`` (x, y, w, h mm, in the clip frame) bounds what shows of
    the art, None for no clip.  ``face`` is a ``pnp.components.svg.Face``.
    """

    face: Face
    inner: Matrix
    clip: tuple[float, float, float, float] | None = None
    outer: Matrix = IDENTITY


def face_document(face: Face) -> str | bytes:
    """``face``'s art alone as a page: its bleed box plus ``FACE_PAD_MM`` all round, in mm,
    trim coordinates (the page's top-left corner is at (-bleed - pad, -bleed - pad)).

    An SVG document (str), or, for a face typeset by reportlab (a player aid:
    ``face.meta["pdf"]``, a one-page PDF of exactly that box), that PDF (bytes); its
    ``art`` is then only a preview for ``compose_svg``."""
    pdf = getattr(face, "meta", {}).get("pdf")
    if pdf is not None:
        return cast(bytes, pdf)
    lo, size_w, size_h = face_box(face)
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'version="1.1" width="{_fmt(size_w)}mm" height="{_fmt(size_h)}mm" '
            f'viewBox="{_fmt(lo)} {_fmt(lo)} {_fmt(size_w)} {_fmt(size_h)}">'
            f'{face.art.tostring()}</svg>')


def face_box(face: Face) -> tuple[float, float, float]:
    """(origin, width, height) mm of ``face_document``'s page in trim coordinates."""
    lo = -(face.bleed + FACE_PAD_MM)
    return lo, face.width - 2 * lo, face.height - 2 * lo


def compose_svg(overlay: str, placed: list[PlacedFace]) -> str:
    """The whole sheet as one SVG: the placed faces first (underneath), then the overlay."""
    if not placed:
        return overlay
    parts = ['<g id="faces">']
    for k, p in enumerate(placed):
        parts.append(f'<g transform="{svg_matrix(p.outer)}">')
        if p.clip is not None:
            x, y, w, h = p.clip
            parts.append(f'<clipPath id="face-clip-{k}"><rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" '
                         f'height="{_fmt(h)}" /></clipPath><g clip-path="url(#face-clip-{k})">')
        parts.append(f'<g transform="{svg_matrix(p.inner)}">{p.face.art.tostring()}</g>')
        parts.append("</g></g>" if p.clip is not None else "</g>")
    parts.append("</g>")
    head_end = overlay.index(">", overlay.index("<svg")) + 1
    if overlay[head_end - 2] == "/":           # an empty <svg ... />
        return overlay[:head_end - 2] + ">" + "".join(parts) + "</svg>"
    return overlay[:head_end] + "".join(parts) + overlay[head_end:]
