"""Faces measured as printed: rendered (CairoSVG, ``face_png``) and read as CIE L* per pixel.

A greyscale print shows a pixel's L*; regions of a face (a disc, the ring of its trim) are
read in millimetres from the trim's top-left corner."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from pnp.printing.targets import face_png

DPI = 200


def lstar(face, dpi: int = DPI, matrix=None):
    """(L* array, px per mm, bleed mm) of ``face`` rendered with its bleed at ``dpi``;
    ``matrix`` (3 x 3, on linear sRGB: test_identity.CVD) shows it as a colour-blind
    person sees it."""
    image = Image.open(io.BytesIO(face_png(face, dpi))).convert("RGB")
    v = np.asarray(image, dtype=float) / 255
    lin = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    if matrix is not None:
        lin = np.clip(lin @ np.array(matrix, dtype=float).T, 0.0, 1.0)
    y = lin @ np.array([0.2126, 0.7152, 0.0722])
    ell = np.where(y > 216 / 24389, 116 * np.cbrt(y) - 16, y * 24389 / 27)
    return ell, image.width / (face.width + 2 * face.bleed), face.bleed


def disc_mask(shape, scale, bleed, cx, cy, r):
    """Pixels within ``r`` mm of (cx, cy) mm (trim coordinates)."""
    yy, xx = np.mgrid[0:shape[0], 0:shape[1]]
    px, py = (xx + 0.5) / scale - bleed, (yy + 0.5) / scale - bleed
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r


def box_mask(shape, scale, bleed, x0, y0, x1, y1):
    """Pixels inside the box (x0, y0)-(x1, y1) mm (trim coordinates)."""
    yy, xx = np.mgrid[0:shape[0], 0:shape[1]]
    px, py = (xx + 0.5) / scale - bleed, (yy + 0.5) / scale - bleed
    return (px >= x0) & (px <= x1) & (py >= y0) & (py <= y1)


def trim_mean(face, dpi: int = DPI) -> float:
    """Mean L* of the face's trim (what the cut piece shows)."""
    ell, scale, bleed = lstar(face, dpi)
    return float(ell[box_mask(ell.shape, scale, bleed, 0, 0, face.width, face.height)].mean())


def disc_mean(face, diameter: float, dpi: int = DPI, matrix=None) -> float:
    """Mean L* of the disc of ``diameter`` mm centred on the face (a coin as cut out)."""
    ell, scale, bleed = lstar(face, dpi, matrix)
    return float(ell[disc_mask(ell.shape, scale, bleed, face.width / 2, face.height / 2, diameter / 2 - 0.2)].mean())
