"""Drawing primitives for faces and sheets: svgwrite elements in millimetres.

A face's art is an ``svgwrite`` group in *trim coordinates*: (0, 0) is the top-left
corner of the trim, x grows right, y grows down, 1 unit = 1 mm.  Art meant to bleed
extends to ``-bleed`` and ``trim + bleed``.  Text is set with the kit's fonts
(pnp.components.fonts) and fitted by pnp.components.text before it is drawn, because CairoSVG cannot wrap.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache

import svgwrite
from svgwrite.container import Group

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.components.fonts import font, require_glyphs
from pnp.components.text import FittedText

_FLAGS = {"debug": False}


def group(**attrs) -> Group:
    return Group(**_FLAGS, **attrs)


def rect(x: float, y: float, w: float, h: float, fill: str = "none", stroke: str | None = None,
         stroke_mm: float = 0.3, radius: float = 0.0, **attrs):
    extra = {"rx": radius, "ry": radius} if radius else {}
    if stroke:
        extra.update(stroke=stroke, stroke_width=stroke_mm)
    return svgwrite.shapes.Rect((x, y), (w, h), fill=fill, **_FLAGS, **extra, **attrs)


def circle(cx: float, cy: float, r: float, fill: str = "none", stroke: str | None = None, stroke_mm: float = 0.3, **attrs):
    extra = {"stroke": stroke, "stroke_width": stroke_mm} if stroke else {}
    return svgwrite.shapes.Circle((cx, cy), r, fill=fill, **_FLAGS, **extra, **attrs)


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = "#000000", stroke_mm: float = 0.2, **attrs):
    return svgwrite.shapes.Line((x1, y1), (x2, y2), stroke=stroke, stroke_width=stroke_mm, **_FLAGS, **attrs)


def polygon(points, fill: str = "none", stroke: str | None = None, stroke_mm: float = 0.3, **attrs):
    extra = {"stroke": stroke, "stroke_width": stroke_mm, "stroke_linejoin": "round"} if stroke else {}
    return svgwrite.shapes.Polygon(points, fill=fill, **_FLAGS, **extra, **attrs)


def path(d: str, fill: str = "none", stroke: str | None = None, stroke_mm: float = 0.3, **attrs):
    extra = {"stroke": stroke, "stroke_width": stroke_mm} if stroke else {}
    return svgwrite.path.Path(d=d, fill=fill, **_FLAGS, **extra, **attrs)


def text(x: float, y: float, content: str, role: str, size: float, fill: str = "#000000",
         anchor: str = "start", where: str = "text", **attrs):
    """One line of text with its baseline at ``y`` (mm), set in the font of ``role``.

    Raises:
        FontError: the font lacks a character (``where`` names the source string).
    """
    require_glyphs(content, role, where)
    f = font(role)
    return svgwrite.text.Text(
        content, insert=(x, y), font_family=f.family, font_weight=f.weight, font_style=f.style,
        font_size=size, fill=fill, text_anchor=anchor, **_FLAGS, **attrs,
    )


def text_block(fitted: FittedText, x: float, top: float, fill: str = "#000000", anchor: str = "middle",
               where: str = "text") -> Group:
    """Fitted lines with the first line's top at ``top``; ``x`` is the anchor's x."""
    from pnp.components.fonts import ascent

    g = group()
    baseline = top + fitted.size * ascent(fitted.role)
    for i, content in enumerate(fitted.lines):
        g.add(text(x, baseline + i * fitted.pitch, content, fitted.role, fitted.size, fill, anchor, where))
    return g


@lru_cache(maxsize=1)
def _icon_set() -> dict:
    return json.loads((DEFAULT_DATA_DIR / "icons" / "game-icons.json").read_text(encoding="utf-8"))


_D_ATTR = re.compile(r'\sd="([^"]+)"')


def icon(name: str, x: float, y: float, size: float, fill: str = "#000000") -> Group:
    """The game-icons.net icon ``name`` in a ``size`` mm square with its top-left at (x, y).

    Icons are CC BY 3.0 (credited on every kit's contents page).
    """
    icons = _icon_set()
    body = icons["icons"][name]
    scale = size / icons["width"]
    # class and data-size mark the icon's square for the layout tests (tests/faceinspect.py).
    g = group(transform=f"translate({_num(x)},{_num(y)}) scale({_num(scale)})", class_="icon",
              **{"data-size": icons["width"]})
    for d in _D_ATTR.findall(body):
        g.add(svgwrite.path.Path(d=d, fill=fill, **_FLAGS))
    return g


def _num(v: float) -> str:
    """Short, stable number formatting for attributes (same input -> same bytes)."""
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass
class Face:
    """One printable face of a component.

    ``width`` x ``height`` is the trim in mm; ``bleed`` mm of art lies beyond it on every
    side.  ``art`` is drawn in trim coordinates.  ``edge_colour`` is set when the art is
    one flat colour along the whole trim edge, so that faces may abut on a shared cut
    (the neighbour's edge then serves as bleed).  ``name`` identifies the face type
    (``card/grain``), ``component`` the component it belongs to.
    """

    name: str
    component: str
    width: float
    height: float
    bleed: float
    art: Group
    edge_colour: str | None = None
    meta: dict = field(default_factory=dict)


def new_sheet(width: float, height: float) -> svgwrite.Drawing:
    """An empty SVG page of ``width`` x ``height`` mm, viewBox in mm."""
    return svgwrite.Drawing(
        size=(f"{_num(width)}mm", f"{_num(height)}mm"), viewBox=f"0 0 {_num(width)} {_num(height)}", **_FLAGS
    )


def to_string(drawing: svgwrite.Drawing) -> str:
    return drawing.tostring()
