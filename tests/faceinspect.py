"""Reads a face's art (svgwrite elements in trim mm) back as boxes and colours, for the
safe-area, contrast and collision tests (imported as ``faceinspect``).

Every element is flattened with its transform into sheet-free trim coordinates:

* ``Shape``: a rect, circle, polygon, line or path with its fill, stroke, opacity and paint
  order; ``contains(x, y)`` tests a point against its filled area.  Paths are read with
  svgelements (every command, relative too) and their curves flattened into chords of at most
  ``FLATTEN_STEP_MM``.
* ``TextBox``: one line of text, its box from the font's advance widths (cap height above
  the baseline, descender below) and its colour.
* ``IconBox``: a game-icons.net icon (``pnp.components.svg.icon``), its square.

``background(face, text)`` composites, at sample points inside a text's box, every filled
shape painted before the text (paper white below); the WCAG contrast of the text's colour
against each of those colours is what a reader sees.
"""

from __future__ import annotations

import math
from functools import lru_cache
from dataclasses import dataclass, field

import svgwrite

from pnp.components.fonts import fonts, text_width

CAP = 0.72          # cap height as a fraction of the font size (Lato, Playfair: 0.70-0.73)
DESCENT = 0.2       # descender depth below the baseline


# ----------------------------------------------------------------------------- matrices
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def within(outer, text: str | None):
    """The transform of an element with the ``transform`` attribute ``text`` inside a group
    whose transform is ``outer``, as ``(a, b, c, d, e, f)``: parsed and composed by
    svgelements, an oracle independent of ``pnp.geometry``, which the kit's text boxes use."""
    from svgelements import Matrix

    m = Matrix(text or "") * Matrix(*outer)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def apply(m, x, y):
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def invert(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


# ----------------------------------------------------------------------------- items
@dataclass
class Shape:
    kind: str                   # rect, circle, polygon, line, path
    matrix: tuple
    geometry: tuple             # rect: (x, y, w, h); circle: (cx, cy, r); polygon/path: (rings of points); line
    fill: str | None
    stroke: str | None
    stroke_mm: float
    opacity: float
    order: int
    pattern: int | None = None  # paint order of the ``class="pattern"`` group it belongs to
    radius: float = 0.0         # corner radius of a rounded rect (its ``rx``)
    cls: str | None = None      # its ``class``: "underline" marks a line that belongs to a text
    owners: tuple[str, ...] = ()  # ids of the groups it lies in, outermost first (``field-camp-n1``)
    open_rings: tuple[int, ...] = ()  # a path's subpaths that are not closed (no Z): their stroke has no closing edge

    def points(self) -> list[tuple[float, float]]:
        """Outline points in trim mm (a circle as 16 points on it)."""
        if self.kind == "rect":
            x, y, w, h = self.geometry
            local = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif self.kind == "circle":
            cx, cy, r = self.geometry
            local = [(cx + r * math.cos(k * math.pi / 8), cy + r * math.sin(k * math.pi / 8)) for k in range(16)]
        elif self.kind == "line":
            local = list(self.geometry)
        else:
            local = [p for ring in self.geometry for p in ring]
        return [apply(self.matrix, x, y) for x, y in local]

    def outline(self, step: float = 0.2) -> list[tuple[float, float]]:
        """Points every ``step`` mm or closer along the edge a reader sees, in trim mm: a rect
        with its rounded corners, a circle, a polygon's or path's rings (curves flattened; an
        open subpath without its closing edge), a line."""
        if self.kind == "circle":
            cx, cy, r = self.geometry
            n = max(16, int(2 * math.pi * r / step) + 1)
            local = [[(cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n)) for k in range(n)]]
        elif self.kind == "rect":
            x, y, w, h = self.geometry
            rr = min(self.radius, w / 2, h / 2)
            ring = []
            for (ccx, ccy), start in (((x + w - rr, y + rr), -90), ((x + w - rr, y + h - rr), 0),
                                      ((x + rr, y + h - rr), 90), ((x + rr, y + rr), 180)):
                ring += [(ccx + rr * math.cos(math.radians(start + 90 * k / 8)),
                          ccy + rr * math.sin(math.radians(start + 90 * k / 8))) for k in range(9)]
            local = [ring]
        elif self.kind == "line":
            local = [list(self.geometry)]
        else:
            local = list(self.geometry)
        points = []
        for k, ring in enumerate(local):
            closed = ring if self.kind == "line" or k in self.open_rings else ring + ring[:1]
            for (x1, y1), (x2, y2) in zip(closed, closed[1:]):
                (ax, ay), (bx, by) = apply(self.matrix, x1, y1), apply(self.matrix, x2, y2)
                n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
                points += [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n + 1)]
        return points

    def bbox(self) -> tuple[float, float, float, float]:
        pts = self.points()
        pad = self.stroke_mm / 2 if self.stroke else 0.0
        if self.kind == "circle":     # exact for a circle under rotation / uniform scale
            cx, cy, r = self.geometry
            x, y = apply(self.matrix, cx, cy)
            a, b = self.matrix[0], self.matrix[1]
            rr = r * math.hypot(a, b)
            return (x - rr - pad, y - rr - pad, x + rr + pad, y + rr + pad)
        return (min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad,
                max(p[0] for p in pts) + pad, max(p[1] for p in pts) + pad)

    def contains(self, px: float, py: float) -> bool:
        if self.fill in (None, "none") or self.kind == "line":
            return False
        x, y = apply(invert(self.matrix), px, py)
        if self.kind == "rect":
            rx, ry, w, h = self.geometry
            return rx <= x <= rx + w and ry <= y <= ry + h
        if self.kind == "circle":
            cx, cy, r = self.geometry
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        inside = False
        for ring in self.geometry:
            n = len(ring)
            for i in range(n):
                (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
        return inside


@dataclass
class TextBox:
    content: str
    role: str
    size: float
    fill: str
    box: tuple[float, float, float, float]      # x0, y0, x1, y1 in trim mm (axis-aligned)
    order: int
    opacity: float
    ink: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # the glyphs' outlines' box, trim mm
    owners: tuple[str, ...] = ()  # ids of the groups it lies in, outermost first


@dataclass
class IconBox:
    name: str
    box: tuple[float, float, float, float]
    fill: str
    order: int
    owners: tuple[str, ...] = ()  # ids of the groups it lies in, outermost first


@dataclass
class FaceItems:
    shapes: list[Shape]
    texts: list[TextBox]
    icons: list[IconBox]
    _boxes: dict = field(default_factory=dict, repr=False)     # id(shape) -> bbox, filled on use
    _outlines: dict = field(default_factory=dict, repr=False)  # id(shape) -> outline points

    def box_of(self, shape: Shape) -> tuple[float, float, float, float]:
        """``shape.bbox()``, computed once per shape."""
        box = self._boxes.get(id(shape))
        if box is None:
            box = self._boxes[id(shape)] = shape.bbox()
        return box

    def outline_of(self, shape: Shape) -> list[tuple[float, float]]:
        """``shape.outline()``, computed once per shape."""
        points = self._outlines.get(id(shape))
        if points is None:
            points = self._outlines[id(shape)] = shape.outline()
        return points


@lru_cache(maxsize=None)
def _font_tables(role: str):
    from fontTools.ttLib import TTFont

    f = TTFont(str(fonts()[role].file))
    glyf = f["glyf"]
    bounds = {}
    for name in f.getGlyphOrder():
        g = glyf[name]
        bounds[name] = (g.xMin, g.yMin, g.xMax, g.yMax) if g.numberOfContours else None
    return f.getBestCmap(), f["hmtx"].metrics, bounds, f["head"].unitsPerEm


def ink_extent(content: str, role: str, size: float) -> tuple[float, float, float, float]:
    """Box of the glyph outlines of ``content`` set from x = 0 on the baseline (y up), in the
    unit of ``size``: (left, bottom, right, top), from the font's glyf table (advances unkerned,
    as ``text_width`` sets them)."""
    cmap, metrics, bounds, upem = _font_tables(role)
    x, box = 0.0, None
    for ch in content:
        name = cmap.get(ord(ch), ".notdef")
        b = bounds.get(name)
        if b is not None:
            g = (x + b[0], b[1], x + b[2], b[3])
            box = g if box is None else (min(box[0], g[0]), min(box[1], g[1]), max(box[2], g[2]), max(box[3], g[3]))
        x += metrics[name][0]
    if box is None:
        return (0.0, 0.0, 0.0, 0.0)
    return tuple(v * size / upem for v in box)


def _role(element) -> str:
    family, weight, style = element["font-family"], element["font-weight"], element["font-style"]
    for role, f in fonts().items():
        if (f.family, f.weight, f.style) == (family, weight, style):
            return role
    raise ValueError(f"text in an unknown font {family} {weight} {style}")


def _num(v) -> float:
    return float(v) if v is not None else 0.0


FLATTEN_STEP_MM = 0.25     # a curve is read as chords at most this long (sagitta < 0.01 mm at r >= 1 mm)


@dataclass(frozen=True)
class Ring:
    """One subpath of a path as points (curves flattened into chords) and whether it is closed."""
    points: tuple[tuple[float, float], ...]
    closed: bool


def path_rings(d: str, step: float = FLATTEN_STEP_MM) -> list[Ring]:
    """Subpaths of the path data ``d`` (every SVG command, absolute or relative), each cubic,
    quadratic or arc segment flattened into chords of at most ``step`` (parsed by svgelements)."""
    from svgelements import Close, Line, Move, Path as SvgPath

    rings, ring = [], []

    def finish(closed: bool):
        if len(ring) > 1:
            rings.append(Ring(tuple(ring), closed))

    for seg in SvgPath(d):
        if isinstance(seg, Move):
            finish(False)
            ring = [(seg.end.x, seg.end.y)]
        elif isinstance(seg, Close):
            finish(True)
            ring = [(seg.end.x, seg.end.y)]
        elif isinstance(seg, Line):
            ring.append((seg.end.x, seg.end.y))
        else:      # CubicBezier, QuadraticBezier, Arc
            n = max(2, math.ceil(seg.length(error=1e-4) / step))
            ring += [(p.x, p.y) for p in (seg.point(k / n) for k in range(1, n + 1))]
    finish(False)
    return rings


def items(face) -> FaceItems:
    """Every shape, text line and icon of ``face`` in paint order, in trim mm."""
    shapes, texts, icons = [], [], []
    counter = [0]

    def walk(element, matrix, opacity, pattern=None, owners=()):
        attrs = element.attribs
        matrix = within(matrix, attrs.get("transform"))
        opacity *= float(attrs.get("opacity", 1.0))
        order = counter[0]
        counter[0] += 1
        if isinstance(element, svgwrite.container.Group):
            # An icon, single-colour or full-colour (class "icon art art-<set>"): its square.
            if "icon" in (attrs.get("class") or "").split():
                s = float(attrs["data-size"])
                x0, y0 = apply(matrix, 0, 0)
                x1, y1 = apply(matrix, s, s)
                icons.append(IconBox(attrs.get("data-name", ""), (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)),
                                     attrs.get("data-fill", ""), order, owners))
                return
            if attrs.get("class") == "pattern":
                pattern = order
            if attrs.get("id"):
                owners = owners + (attrs["id"],)
            for child in element.elements:
                walk(child, matrix, opacity, pattern, owners)
            return
        if isinstance(element, svgwrite.text.Text):
            role = _role(attrs)
            size = float(attrs["font-size"])
            content = element.text
            x, y = float(attrs["x"]), float(attrs["y"])
            w = text_width(content, role, size)
            anchor = attrs.get("text-anchor", "start")
            x0 = x - {"start": 0, "middle": w / 2, "end": w}[anchor]
            corners = [apply(matrix, px, py) for px in (x0, x0 + w) for py in (y - CAP * size, y + DESCENT * size)]
            box = (min(c[0] for c in corners), min(c[1] for c in corners),
                   max(c[0] for c in corners), max(c[1] for c in corners))
            ix0, iy0, ix1, iy1 = ink_extent(content, role, size)
            corners = [apply(matrix, x0 + px, y - py) for px in (ix0, ix1) for py in (iy0, iy1)]
            ink = (min(c[0] for c in corners), min(c[1] for c in corners),
                   max(c[0] for c in corners), max(c[1] for c in corners))
            texts.append(TextBox(content, role, size, attrs.get("fill", "#000000"), box, order, opacity, ink, owners))
            return
        fill = attrs.get("fill")
        stroke = attrs.get("stroke")
        stroke_mm = _num(attrs.get("stroke-width")) if stroke else 0.0
        opacity *= float(attrs.get("fill-opacity", 1.0))
        if isinstance(element, svgwrite.shapes.Rect):
            geometry = (_num(attrs.get("x")), _num(attrs.get("y")), float(attrs["width"]), float(attrs["height"]))
            kind = "rect"
        elif isinstance(element, svgwrite.shapes.Circle):
            geometry = (_num(attrs.get("cx")), _num(attrs.get("cy")), float(attrs["r"]))
            kind = "circle"
        elif isinstance(element, svgwrite.shapes.Line):
            geometry = ((_num(attrs.get("x1")), _num(attrs.get("y1"))), (_num(attrs.get("x2")), _num(attrs.get("y2"))))
            kind = "line"
        elif isinstance(element, svgwrite.shapes.Polygon):
            geometry = ([tuple(map(float, p)) for p in element.points],)
            kind = "polygon"
        elif isinstance(element, svgwrite.path.Path):
            rings = path_rings(" ".join(str(c) for c in element.commands))
            geometry = tuple(list(r.points) for r in rings)
            open_rings = tuple(k for k, r in enumerate(rings) if not r.closed)
            kind = "path"
        else:
            raise ValueError(f"element {type(element).__name__} not understood")
        shapes.append(Shape(kind, matrix, geometry, fill, stroke, stroke_mm, opacity, order, pattern,
                            _num(attrs.get("rx")) if kind == "rect" else 0.0, attrs.get("class"), owners,
                            open_rings if kind == "path" else ()))

    walk(face.art, IDENTITY, 1.0)
    return FaceItems(shapes, texts, icons)


# ----------------------------------------------------------------------------- colours
def rgb(colour: str) -> tuple[float, float, float]:
    colour = colour.strip()
    if colour.startswith("#") and len(colour) == 7:
        return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    named = {"white": (1.0, 1.0, 1.0), "black": (0.0, 0.0, 0.0)}
    if colour.lower() in named:
        return named[colour.lower()]
    raise ValueError(f"colour {colour!r} not understood")


def luminance(c) -> float:
    """WCAG 2 relative luminance of an sRGB triple (0..1)."""
    def lin(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lightness(c) -> float:
    """CIE L* (0..100) of an sRGB triple: the grey a greyscale print shows."""
    y = luminance(c)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def blend(under, over, alpha):
    return tuple(u + (o - u) * alpha for u, o in zip(under, over))


def colour_at(found: FaceItems, x: float, y: float, before: int):
    """The colour painted at (x, y) by the filled shapes drawn before paint order ``before``."""
    colour = (1.0, 1.0, 1.0)
    for shape in found.shapes:
        if shape.order >= before:
            break
        if shape.fill in (None, "none") or shape.fill.startswith("url"):
            continue
        x0, y0, x1, y1 = found.box_of(shape)
        if x0 <= x <= x1 and y0 <= y <= y1 and shape.contains(x, y):
            colour = blend(colour, rgb(shape.fill), shape.opacity)
    return colour


def sample_points(box, n: int = 5):
    """Points inside a text box where its glyphs stand: across its width, within the x-height band."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    ys = (y0 + h * 0.35, y0 + h * 0.6)
    return [(x0 + (x1 - x0) * (k + 0.5) / n, yy) for k in range(n) for yy in ys]


def worst_contrast(found: FaceItems, text: TextBox) -> tuple[float, tuple]:
    """Lowest WCAG contrast of ``text``'s colour against what lies under it, and that colour."""
    worst, under = 99.0, None
    for x, y in sample_points(text.box):
        ground = colour_at(found, x, y, text.order)
        fg = blend(ground, rgb(text.fill), text.opacity)
        c = contrast(fg, ground)
        if c < worst:
            worst, under = c, ground
    return worst, under


def overlap(a, b, tolerance: float = 0.05) -> bool:
    return a[0] < b[2] - tolerance and b[0] < a[2] - tolerance and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance


def _edged(shape: Shape, rims: bool) -> bool:
    """Whether ``shape`` shows an edge a text must keep clear of (see ``edge_crossing``)."""
    stroked = shape.stroke not in (None, "none")
    if shape.pattern is not None or shape.cls == "underline" or (shape.fill in (None, "none") and not stroked):
        return False
    return stroked or (rims and (shape.kind == "circle" or (shape.kind == "path" and shape.opacity >= 0.99)))


def _opaque(shape: Shape) -> bool:
    return shape.fill not in (None, "none") and not shape.fill.startswith("url") and shape.opacity >= 0.99


def edge_crossing(found: FaceItems, text: TextBox, clear: float = 0.0, rims: bool = True):
    """The first shape whose visible edge runs within ``clear`` mm (past half its stroke) of the
    box of ``text``'s glyph outlines (``TextBox.ink``), as (shape, the edge point), or None.

    Edges are the outlines of stroked rects (rounded corners and all), circles, polygons, paths
    (curves flattened into chords, ``path_rings``) and lines, and with ``rims`` the rim of a
    filled circle (a medallion) or of an opaque filled path (a pawn's arch).  Not counted: an
    edge point painted before the text and hidden under an opaque fill painted between the
    shape and the text (a plate over a ring), full-bleed patterns, the rims of translucent
    grounds (the board's dunes) and lines of ``class="underline"`` (the bar that tells a die's
    6 from 9).
    """
    ix0, iy0, ix1, iy1 = text.ink
    for shape in found.shapes:
        if not _edged(shape, rims):
            continue
        pad = clear + (shape.stroke_mm / 2 if shape.stroke and shape.stroke != "none" else 0.0)
        x0, y0, x1, y1 = ix0 - pad, iy0 - pad, ix1 + pad, iy1 + pad
        sx0, sy0, sx1, sy1 = found.box_of(shape)
        if sx1 < x0 or sx0 > x1 or sy1 < y0 or sy0 > y1:
            continue
        covers = [s for s in found.shapes if shape.order < s.order < text.order and _opaque(s)
                  and overlap(found.box_of(s), (x0, y0, x1, y1), 0.0)]
        for x, y in found.outline_of(shape):
            if not (x0 < x < x1 and y0 < y < y1):
                continue
            dx, dy = max(ix0 - x, 0.0, x - ix1), max(iy0 - y, 0.0, y - iy1)
            if math.hypot(dx, dy) < pad and not any(s.contains(x, y) for s in covers):
                return shape, (x, y)
    return None


def hex_of(c) -> str:
    return "#" + "".join(f"{round(v * 255):02X}" for v in c)
