"""Text measuring, wrapping and fitting with the kit's fonts (CairoSVG cannot wrap text).

All lengths are in the unit the caller uses for ``size`` (millimetres for SVG faces).
"""

from __future__ import annotations

from dataclasses import dataclass
import math

from pnp.errors import LayoutError
from pnp.model.ties import NBSP, tie_numbers
from pnp.components.fonts import ascent, ink_heights, require_glyphs, text_width

LINE_HEIGHT = 1.2  # line pitch as a multiple of the font size
#: Text keeps this far (mm) from a frame line, ring or banner outline it sits inside, past half the
#: line's stroke, so no letter touches it (tests/test_faces.py checks the glyphs' outlines).  At
#: 0.3 mm printed sheets read captions and labels as cramped against
#: their medallions and rings; 0.6 mm (about 1.7 pt) reads as air.
LINE_CLEAR_MM = 0.6


@dataclass(frozen=True)
class FittedText:
    """Lines that fit a box, the font size that made them fit, and their line pitch."""

    lines: tuple[str, ...]
    size: float
    role: str

    @property
    def pitch(self) -> float:
        return self.size * LINE_HEIGHT

    @property
    def height(self) -> float:
        return self.pitch * (len(self.lines) - 1) + self.size

    @property
    def width(self) -> float:
        return max(text_width(line, self.role, self.size) for line in self.lines)


def wrap(text: str, role: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap of ``text`` into lines no wider than ``width``.

    Hard line breaks (``\\n``) are kept.  Returns None when a single word is wider than
    ``width`` (the caller then tries a smaller size).  A number stays on the line of the
    word or sign after it (``pnp.model.ties``): those spaces do not break, and are set as
    ordinary spaces in the lines returned.
    """
    lines: list[str] = []
    for paragraph in tie_numbers(text).split("\n"):
        current = ""
        for word in (w.replace(NBSP, " ") for w in paragraph.replace("\t", " ").split(" ") if w):
            if text_width(word, role, size) > width:
                return None
            trial = f"{current} {word}" if current else word
            if text_width(trial, role, size) <= width:
                current = trial
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return lines


def fit(text: str, role: str, width: float, height: float, max_size: float, min_size: float,
        where: str, max_lines: int | None = None) -> FittedText:
    """Largest font size in [min_size, max_size] at which ``text`` wraps into the box.

    Sizes step down by 2 % from ``max_size``.

    Raises:
        FontError: the font lacks a character of ``text``.
        LayoutError: ``text`` does not fit ``width`` x ``height`` even at ``min_size``;
            ``where`` names the text (e.g. ``<game>/lang/da.yaml: goods.grain``).
    """
    require_glyphs(text, role, where)
    size = max_size
    while size >= min_size - 1e-9:
        lines = wrap(text, role, size, width)
        if lines is not None and (max_lines is None or len(lines) <= max_lines):
            fitted = FittedText(tuple(lines), size, role)
            if fitted.height <= height + 1e-9:
                return fitted
        if size > min_size + 1e-9 and size * 0.98 < min_size - 1e-9:
            size = min_size  # the last try is the floor itself, not a step below it
        else:
            size *= 0.98
    raise LayoutError(
        f"text {text[:40]!r} does not fit its box of {width:.1f} x {height:.1f} mm even at {min_size:.1f} mm type",
        key=where,
    )


def fit_in_circle(text: str, role: str, radius: float, top: float, max_size: float, min_size: float,
                  where: str) -> FittedText:
    """Largest size in [min_size, max_size] at which ``text``, one line set with its top
    ``top`` below the centre of a circle of ``radius`` (negative: above), lies inside the circle.

    The line's glyphs reach from their highest to their lowest outline (``ink_heights``); the
    line must fit the circle's chord where that band lies farthest from the centre, so a label
    on a round chip stays clear of the ring it sits in.  Sizes step down by 2 % from ``max_size``; lengths in
    the unit of ``radius``.

    Raises:
        FontError: the font lacks a character of ``text``.
        LayoutError: ``text`` does not fit even at ``min_size``; ``where`` names the text.
    """
    require_glyphs(text, role, where)
    low, high = ink_heights(text, role)
    size = max_size
    while size >= min_size - 1e-9:
        baseline = top + ascent(role) * size
        ink_top, ink_bottom = baseline - high * size, baseline - low * size
        far = max(abs(ink_top), abs(ink_bottom)) if ink_top * ink_bottom > 0 else 0.0
        if far < radius and text_width(text, role, size) <= 2 * math.sqrt(radius * radius - far * far) + 1e-9:
            return FittedText((text,), size, role)
        if size > min_size + 1e-9 and size * 0.98 < min_size - 1e-9:
            size = min_size  # the last try is the floor itself, not a step below it
        else:
            size *= 0.98
    raise LayoutError(f"text {text[:40]!r} does not fit in a circle of radius {radius:.1f} mm even at "
                      f"{min_size:.1f} mm type", key=where)
