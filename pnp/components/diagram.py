"""Grid diagrams for rules sheets: vector reportlab ``Drawing`` objects with real text.

A rules diagram is a board excerpt (a grid of cells), labels, pieces and paths.  It is
drawn straight into a reportlab ``Drawing`` (no raster, no SVG round trip), so every
label is PDF text in the kit's fonts (``pnp.components.fonts``): extractable, searchable
and subset-embedded like the sheet's body text.  Game-specific diagrams
(``pnp/games/<game>/diagrams.py``) compose these helpers; this module knows no game.

Coordinates: cells are addressed ``(row, column)`` from the top left, 0-based, like the
boards' data; the drawing's own origin (reportlab) is the bottom left, in points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnp.components.fonts import font, register_reportlab
from pnp.components.style import legible

INK = "#2B2118"
GRID = "#B89A6A"
#: Clear space, points, that an arrow keeps from every label drawn before it (an arrowhead
#: 0.8 pt from a word reads as touching it on paper).
LABEL_CLEARANCE = 1.5
#: The smallest type a rules figure prints, points (a home laser prints 6 pt legibly;
#: 4-5 pt labels are unreadable on paper).  ``GridDiagram.text`` refuses less,
#: ``cell_text`` shrinks no further, and a figure is never drawn smaller than its smallest
#: text allows (``pnp.kit.figure.ShrinkableFigure``, ``smallest_text_pt``).
MIN_TEXT_PT = 6.0


def _colour(hex_colour: str | None):
    from reportlab.lib.colors import HexColor

    return None if hex_colour is None else HexColor(hex_colour)


@dataclass
class GridDiagram:
    """A ``rows`` x ``columns`` grid of ``cell`` points with ``margin`` points around it
    (for labels outside the grid) and ``caption_h`` points below it for a caption.

    ``drawing()`` returns the finished reportlab ``Drawing`` (a flowable; width
    ``columns * cell + 2 * margin`` points).
    """

    rows: int
    columns: int
    cell: float
    margin: float = 10.0
    caption_h: float = 0.0
    shapes: list = field(default_factory=list)
    top_margin: float | None = None

    def __post_init__(self) -> None:
        register_reportlab()
        if self.top_margin is None:
            self.top_margin = self.margin

    # -- geometry
    @property
    def width(self) -> float:
        return self.columns * self.cell + 2 * self.margin

    @property
    def height(self) -> float:
        return self.rows * self.cell + self.margin + self.top_margin + self.caption_h

    def x(self, column: float) -> float:
        """Left edge of ``column`` (fractions allowed), points."""
        return self.margin + column * self.cell

    def y(self, row: float) -> float:
        """Top edge of ``row`` (fractions allowed), points from the drawing's bottom."""
        return self.height - self.top_margin - row * self.cell

    def centre(self, row: float, column: float) -> tuple[float, float]:
        return self.x(column + 0.5), self.y(row + 0.5)

    # -- shapes
    def cell_fill(self, row: int, column: int, fill: str, stroke: str | None = GRID, inset: float = 0.0,
                  width: float = 0.5, radius: float = 0.0, dash: tuple | None = None) -> None:
        from reportlab.graphics.shapes import Rect

        c = self.cell
        r = Rect(self.x(column) + inset, self.y(row + 1) + inset, c - 2 * inset, c - 2 * inset,
                 rx=radius, ry=radius, fillColor=_colour(fill), strokeColor=_colour(stroke), strokeWidth=width)
        if dash:
            r.strokeDashArray = list(dash)
        self.shapes.append(r)

    def box(self, x: float, y: float, w: float, h: float, fill: str | None, stroke: str | None = INK,
            width: float = 0.6, radius: float = 0.0, dash: tuple | None = None) -> None:
        """A rectangle with bottom-left corner (x, y), points."""
        from reportlab.graphics.shapes import Rect

        r = Rect(x, y, w, h, rx=radius, ry=radius, fillColor=_colour(fill), strokeColor=_colour(stroke),
                 strokeWidth=width)
        if dash:
            r.strokeDashArray = list(dash)
        self.shapes.append(r)

    def disc(self, x: float, y: float, radius: float, fill: str, stroke: str | None = INK, width: float = 0.6) -> None:
        from reportlab.graphics.shapes import Circle

        self.shapes.append(Circle(x, y, radius, fillColor=_colour(fill), strokeColor=_colour(stroke),
                                  strokeWidth=width))

    def text(self, x: float, y: float, text: str, size: float = 6.5, role: str = "body", colour: str = INK,
             anchor: str = "middle") -> None:
        """One line of real text; ``anchor`` start | middle | end; ``y`` is the baseline.

        Raises:
            ValueError: ``size`` under ``MIN_TEXT_PT`` (the figure's text would print too small)."""
        from reportlab.graphics.shapes import String

        if size < MIN_TEXT_PT - 1e-9:
            raise ValueError(f"diagram text {text!r} at {size:g} pt: rules figures print {MIN_TEXT_PT:g} pt at least")

        self.shapes.append(String(x, y, text, fontName=font(role).reportlab_name, fontSize=size,
                                  fillColor=_colour(colour), textAnchor=anchor))

    def cell_text(self, row: int, column: int, text: str, size: float = 6.5, role: str = "body",
                  colour: str = INK, dy: float = 0.0, room: float | None = None) -> None:
        """``text`` centred in a cell, ``dy`` points above the centre, shrunk (not below
        ``MIN_TEXT_PT``) to fit ``room`` points of width (default: the cell less 3 points)."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        name = font(role).reportlab_name
        room = self.cell - 3 if room is None else room
        while size - 0.25 >= MIN_TEXT_PT and stringWidth(text, name, size) > room:
            size -= 0.25
        cx, cy = self.centre(row, column)
        self.text(cx, cy - size * 0.35 + dy, text, size, role, colour)

    def line(self, points: list[tuple[float, float]], colour: str = INK, width: float = 1.0,
             dash: tuple | None = None) -> None:
        from reportlab.graphics.shapes import PolyLine

        p = PolyLine([v for xy in points for v in xy], strokeColor=_colour(colour), strokeWidth=width,
                     strokeLineCap=1, strokeLineJoin=1)
        if dash:
            p.strokeDashArray = list(dash)
        self.shapes.append(p)

    def label_boxes(self, grow: float = 0.0) -> list[tuple[float, float, float, float]]:
        """The text boxes (x0, y0, x1, y1), points, of the labels drawn so far, each grown by
        ``grow`` points: advance width from the font's metrics, height from 0.2 em below the
        baseline (descenders) to 0.75 em above it (capitals)."""
        from reportlab.graphics.shapes import String
        from reportlab.pdfbase.pdfmetrics import stringWidth

        out = []
        for shape in self.shapes:
            if isinstance(shape, String) and shape.text.strip():
                w = stringWidth(shape.text, shape.fontName, shape.fontSize)
                x0 = shape.x - {"start": 0.0, "middle": w / 2, "end": w}[shape.textAnchor]
                out.append((x0 - grow, shape.y - 0.2 * shape.fontSize - grow,
                            x0 + w + grow, shape.y + 0.75 * shape.fontSize + grow))
        return out

    def clear_of_labels(self, start: tuple[float, float], end: tuple[float, float], grow: float,
                        keep: float = 2.0) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The pieces of the segment ``start`` -> ``end`` (points) that stay ``grow`` points
        clear of every label drawn so far, in order; pieces shorter than ``keep`` points are
        dropped.  So a path never covers a city's name or a space's number: it stops short of
        a label at its end, starts past one at its start, and leaves a gap around one it
        passes over."""
        (x0, y0), (x1, y1) = start, end
        cuts = []
        for bx0, by0, bx1, by1 in self.label_boxes(grow):
            t_in, t_out = 0.0, 1.0     # Liang-Barsky: the part of the segment inside the box
            for p, q in ((x0 - x1, x0 - bx0), (x1 - x0, bx1 - x0), (y0 - y1, y0 - by0), (y1 - y0, by1 - y0)):
                if p == 0:
                    if q < 0:
                        t_in, t_out = 1.0, 0.0
                elif p < 0:
                    t_in = max(t_in, q / p)
                else:
                    t_out = min(t_out, q / p)
            if t_in <= t_out:
                cuts.append((t_in, t_out))
        pieces, t = [], 0.0
        for t_in, t_out in sorted(cuts) + [(1.0, 1.0)]:
            if t_in > t:
                pieces.append((t, t_in))
            t = max(t, t_out)
        length = math.dist(start, end)
        point = lambda u: (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u)   # noqa: E731
        return [(point(a), point(b)) for a, b in pieces if (b - a) * length >= keep]

    def arrow(self, start: tuple[float, float], end: tuple[float, float], colour: str = INK, width: float = 1.2,
              head: float = 4.5, dash: tuple | None = None, avoid_labels: bool = False) -> None:
        """A straight arrow from ``start`` to ``end`` (points), head at ``end``.  With
        ``avoid_labels`` it is cut around the labels drawn so far (``clear_of_labels``): the
        head goes on the last piece, which ends short of a label at ``end``."""
        if avoid_labels:
            grow = LABEL_CLEARANCE + max(width, head) / 2
            pieces = self.clear_of_labels(start, end, grow, keep=head * 1.6)
            for a, b in pieces[:-1]:
                self.line([a, b], colour, width, dash)
            if pieces:
                self.arrow(*pieces[-1], colour, width, head, dash)
            return
        from reportlab.graphics.shapes import Polygon

        (x0, y0), (x1, y1) = start, end
        angle = math.atan2(y1 - y0, x1 - x0)
        base = (x1 - head * math.cos(angle), y1 - head * math.sin(angle))
        self.line([start, base], colour, width, dash)
        left = (base[0] + head * 0.5 * math.sin(angle), base[1] - head * 0.5 * math.cos(angle))
        right = (base[0] - head * 0.5 * math.sin(angle), base[1] + head * 0.5 * math.cos(angle))
        self.shapes.append(Polygon([x1, y1, *left, *right], fillColor=_colour(colour), strokeColor=None))

    def path(self, cells: list[tuple[int, int]], colour: str, width: float = 1.6, dash: tuple | None = None,
             shorten: float = 0.32) -> None:
        """Arrows through the centres of ``cells`` in order, each stopping ``shorten`` of a
        cell short of the next centre (so pieces drawn there stay visible) and cut around the
        labels drawn before it (``arrow(avoid_labels=True)``)."""
        for (r0, c0), (r1, c1) in zip(cells, cells[1:]):
            a, b = self.centre(r0, c0), self.centre(r1, c1)
            d = math.dist(a, b) or 1.0
            cut = self.cell * shorten / d
            start = (a[0] + (b[0] - a[0]) * cut, a[1] + (b[1] - a[1]) * cut)
            end = (b[0] - (b[0] - a[0]) * cut, b[1] - (b[1] - a[1]) * cut)
            self.arrow(start, end, colour, width, dash=dash, avoid_labels=True)

    def route(self, points: list[tuple[float, float]], colour: str, width: float = 1.4, head: float = 4.5) -> None:
        """A polyline through ``points`` (points) with an arrowhead at the last one: a move
        drawn step by step (orthogonal legs, no shortcuts)."""
        if len(points) > 2:
            self.line(points[:-1], colour, width)
        self.arrow(points[-2], points[-1], colour, width, head)

    def edge_arrow(self, a: tuple[int, int], b: tuple[int, int], colour: str, size: float = 4.0) -> None:
        """A small arrowhead on the shared edge of neighbouring cells ``a`` -> ``b``."""
        from reportlab.graphics.shapes import Polygon

        (ax, ay), (bx, by) = self.centre(*a), self.centre(*b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        angle = math.atan2(by - ay, bx - ax)
        tip = (mx + size * math.cos(angle), my + size * math.sin(angle))
        back = (mx - size * math.cos(angle), my - size * math.sin(angle))
        left = (back[0] + size * 0.8 * math.sin(angle), back[1] - size * 0.8 * math.cos(angle))
        right = (back[0] - size * 0.8 * math.sin(angle), back[1] + size * 0.8 * math.cos(angle))
        self.shapes.append(Polygon([*tip, *left, *right], fillColor=_colour(colour), strokeColor=_colour("#FFFFFF"),
                                   strokeWidth=0.4))

    def pawn(self, row: float, column: float, fill: str, label: str = "", radius: float | None = None,
             dx: float = 0.0, dy: float = 0.0, text_colour: str = "#FFFFFF") -> None:
        """A round piece in a cell (offset ``dx``, ``dy`` points), with a short label (its
        size follows the disc, ``MIN_TEXT_PT`` at least)."""
        r = radius or self.cell * 0.22
        cx, cy = self.centre(row, column)
        self.disc(cx + dx, cy + dy, r, fill)
        if label:
            size = max(MIN_TEXT_PT, r * 1.15)
            self.text(cx + dx, cy + dy - size * 0.365, label, size=size, role="bold", colour=text_colour)

    def caption(self, text: str, size: float = 6.8) -> None:
        """A line under the grid, in the caption band."""
        self.text(self.width / 2, self.caption_h * 0.35, text, size=size, role="italic")

    def legend(self, items: list[tuple[str, ...]], y: float, size: float = 6.2, swatch: float = 6.0) -> None:
        """Colour swatches with names in one row centred at baseline ``y``: each item is
        ``(fill, name)`` (a square swatch) or ``(fill, name, "disc")`` (a round one, for a
        thing the picture draws round, such as a board's round supply spaces)."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        name = font("body").reportlab_name
        widths = [swatch + 2 + stringWidth(item[1], name, size) + 7 for item in items]
        x = (self.width - sum(widths) + 7) / 2
        for item, w in zip(items, widths):
            fill, label = item[0], item[1]
            if item[2:] == ("disc",):
                self.disc(x + swatch / 2, y - 1 + swatch / 2, swatch / 2, fill, width=0.4)
            else:
                self.box(x, y - 1, swatch, swatch, fill, width=0.4)
            self.text(x + swatch + 2, y, label, size, anchor="start")
            x += w

    def drawing(self):
        """The finished reportlab ``Drawing``."""
        from reportlab.graphics.shapes import Drawing, String

        d = Drawing(self.width, self.height)
        # else reportlab names Helvetica in every page that holds a drawing
        d.initialFontName, d.initialFontSize = font("body").reportlab_name, 6.5
        for k, s in enumerate(self.shapes):
            if isinstance(s, String) and s.fillColor is not None:
                s.fillColor = _colour(legible(_hex(s.fillColor), self._ground(k, s)))
            d.add(s)
        return d

    def _ground(self, index: int, label) -> str:
        """The fill (#RRGGBB) under the middle of ``label`` (the ``index``-th shape): the last
        filled rectangle, disc or polygon drawn before it that holds that point; white (the
        page) where none does.  Whatever colour a game gives a label, ``drawing()`` makes it
        legible on this ground (WCAG ``style.MIN_CONTRAST``): white letters on a green city,
        dark ones on a pale one, from the colours alone."""
        from reportlab.graphics.shapes import Circle, Polygon, Rect, String
        from reportlab.pdfbase.pdfmetrics import stringWidth

        width = stringWidth(label.text, label.fontName, label.fontSize)
        shift = {"start": width / 2, "end": -width / 2}.get(label.textAnchor, 0.0)
        x, y = label.x + shift, label.y + label.fontSize * 0.3
        for shape in reversed(self.shapes[:index]):
            fill = getattr(shape, "fillColor", None)
            if fill is None or isinstance(shape, String):
                continue
            if isinstance(shape, Rect):
                inside = shape.x <= x <= shape.x + shape.width and shape.y <= y <= shape.y + shape.height
            elif isinstance(shape, Circle):
                inside = (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2
            elif isinstance(shape, Polygon):
                inside = _in_polygon(shape.points, x, y)
            else:
                continue
            if inside:
                return _hex(fill)
        return "#FFFFFF"


def _hex(colour) -> str:
    """A reportlab colour as #RRGGBB."""
    return "#%02X%02X%02X" % tuple(int(round(v * 255)) for v in (colour.red, colour.green, colour.blue))


def _in_polygon(points: list[float], x: float, y: float) -> bool:
    """Even-odd test of (x, y) against a reportlab polygon's flat [x0, y0, x1, y1, ...]."""
    pts = list(zip(points[0::2], points[1::2]))
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def smallest_text_pt(drawing) -> float | None:
    """The smallest type ``drawing`` (a reportlab ``Drawing`` or ``Group``) prints, in points
    at the drawing's own scale: every ``String``'s font size times the scale of the groups
    round it; None when it has no text."""
    from reportlab.graphics.shapes import Group, String

    sizes: list[float] = []

    def walk(shapes, k: float) -> None:
        for shape in shapes:
            if isinstance(shape, String):
                sizes.append(shape.fontSize * k)
            elif isinstance(shape, Group):
                a, b, c, d = shape.transform[:4]
                walk(shape.contents, k * abs(a * d - b * c) ** 0.5)

    walk(getattr(drawing, "contents", []), 1.0)
    return min(sizes) if sizes else None


def scaled(drawing, width: float):
    """``drawing`` scaled uniformly to ``width`` points (a new Drawing wrapping it)."""
    from reportlab.graphics.shapes import Drawing, Group

    k = width / drawing.width
    outer = Drawing(width, drawing.height * k)
    # the kit's font as the drawing's initial font, else reportlab names Helvetica in the page
    outer.initialFontName = getattr(drawing, "initialFontName", None) or font("body").reportlab_name
    outer.initialFontSize = getattr(drawing, "initialFontSize", None) or 6.5
    g = Group(*drawing.contents)
    g.scale(k, k)
    outer.add(g)
    return outer
