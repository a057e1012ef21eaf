"""Every stroke a PDF page draws, with the style a person reads it by: dash pattern, width
(mm, through the transformation matrix) and colour, and its straight segments in mm (origin
top-left, y down, like the sheets' SVG).

A small content-stream interpreter (pypdf) on ``pdfgeom``'s matrices and forms, but it keeps what ``pdfgeom``
drops: the graphics state's ``d`` (dash array) and ``w`` (line width), and each subpath's
segments, so a test can say which lines are cut lines, which are fold lines and where they
run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pdfgeom import apply, form_stream, form_xobject, multiply
from pypdf.generic import ContentStream

MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Stroke:
    dash: tuple[float, ...]          # dash array in mm; () for a solid line
    width: float                     # line width in mm on the page
    colour: tuple[float, ...]        # stroking colour (rgb or gray), as the stream sets it
    segments: tuple[tuple[float, float, float, float], ...]   # straight pieces x1, y1, x2, y2 mm
    curved: bool                     # the path holds a curve (c, v, y)
    form: str                        # the top-level form XObject that drew it ("" for the page)
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)   # x0, y0, x1, y1 mm of every point
    #                                  of the path, curves' control points included

    @property
    def grey(self) -> float:
        """The colour's lightness, 0 (black) to 1 (white)."""
        c = self.colour
        if len(c) == 1:
            return c[0]
        if len(c) == 3:
            return (c[0] + c[1] + c[2]) / 3
        if len(c) == 4:
            return 1 - min(1.0, c[3] + (c[0] + c[1] + c[2]) / 3)
        return 0.0


def _scale(m) -> float:
    """The matrix's mean linear scale (a line width's factor)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def strokes(page) -> list[Stroke]:
    """Every stroked path of ``page`` (pypdf page), in drawing order."""
    height = float(page.mediabox.top)
    out: list[Stroke] = []
    _run(page.get_contents(), page.get("/Resources"), page.pdf, (1, 0, 0, 1, 0, 0), height, out, "")
    return out


def _run(contents, resources, pdf, ctm, height, out, form):
    if contents is None:
        return
    stream = contents if isinstance(contents, ContentStream) else ContentStream(contents, pdf)
    resources = resources.get_object() if resources is not None else {}
    stack = []
    width, dash, colour = 1.0, (), (0.0,)
    segs: list = []
    points: list = []
    start = current = None
    curved = False

    def mm(p):
        return (p[0] * MM_PER_PT, (height - p[1]) * MM_PER_PT)

    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, width, dash, colour))
        elif op == "Q":
            ctm, width, dash, colour = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == "w":
            width = float(operands[0]) * _scale(ctm)
        elif op == "d":
            dash = tuple(float(v) * _scale(ctm) * MM_PER_PT for v in operands[0])
        elif op in ("RG", "G", "K"):
            colour = tuple(float(v) for v in operands)
        elif op == "m":
            start = current = apply(ctm, float(operands[0]), float(operands[1]))
            points.append(mm(current))
        elif op == "l":
            p = apply(ctm, float(operands[0]), float(operands[1]))
            if current is not None:
                segs.append((*mm(current), *mm(p)))
            current = p
            points.append(mm(p))
        elif op in ("c", "v", "y"):
            curved = True
            for i in range(0, len(operands), 2):
                points.append(mm(apply(ctm, float(operands[i]), float(operands[i + 1]))))
            current = apply(ctm, float(operands[-2]), float(operands[-1]))
        elif op == "h":
            if current is not None and start is not None and current != start:
                segs.append((*mm(current), *mm(start)))
            current = start
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            corners = [apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)]
            for a, b in zip(corners, corners[1:] + corners[:1]):
                segs.append((*mm(a), *mm(b)))
            points.extend(mm(c) for c in corners)
            start = current = corners[0]
        elif op in ("f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "n"):
            if op in ("s", "b", "b*") and current is not None and start is not None and current != start:
                segs.append((*mm(current), *mm(start)))
            if op in ("S", "s", "B", "B*", "b", "b*"):
                # the line width is set in user space: the matrix at painting time scales it
                box = ((min(p[0] for p in points), min(p[1] for p in points), max(p[0] for p in points),
                        max(p[1] for p in points)) if points else (0.0, 0.0, 0.0, 0.0))
                out.append(Stroke(dash, width * MM_PER_PT, colour, tuple(segs), curved, form, box))
            segs, points, start, current, curved = [], [], None, None, False
        elif op == "Do":
            xobj, matrix = form_xobject(resources, operands[0])
            if xobj is not None:
                _run(form_stream(xobj, pdf), xobj.get("/Resources", resources), pdf, multiply(matrix, ctm), height, out,
                     form or str(operands[0]))


@dataclass(frozen=True)
class Placed:
    """One face form a page draws (``/Fc<n> Do``): its bounding box on the page and the clip
    box in force (both x0, y0, x1, y1 mm, top-left origin; ``clip`` None when nothing clips)."""

    form: str
    box: tuple[float, float, float, float]
    clip: tuple[float, float, float, float] | None


def _mm_box(points, height):
    xs = [p[0] * MM_PER_PT for p in points]
    ys = [(height - p[1]) * MM_PER_PT for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def placed(page) -> list[Placed]:
    """Every face form (``/Fc<n>``) the page itself draws, in drawing order, with where it lies."""
    height = float(page.mediabox.top)
    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else {}
    ctm = (1, 0, 0, 1, 0, 0)
    clip = None
    stack = []
    rect = None
    out: list[Placed] = []
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, clip))
        elif op == "Q":
            ctm, clip = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            rect = _mm_box([apply(ctm, x, y), apply(ctm, x + w, y + h)], height)
        elif op == "W" and rect is not None:
            clip = rect
        elif op == "Do" and str(operands[0]).startswith("/Fc"):
            xobj, matrix = form_xobject(resources, operands[0])
            if xobj is not None:
                m = multiply(matrix, ctm)
                x0, y0, x1, y1 = (float(v) for v in xobj["/BBox"])
                box = _mm_box([apply(m, x0, y0), apply(m, x1, y1)], height)
                out.append(Placed(str(operands[0]), box, clip))
        elif op in ("f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "n"):
            rect = None
    return out
