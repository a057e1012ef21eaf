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
        elif op == "l":
            p = apply(ctm, float(operands[0]), float(operands[1]))
            if current is not None:
                segs.append((*mm(current), *mm(p)))
            current = p
        elif op in ("c", "v", "y"):
            curved = True
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
            start = current = corners[0]
        elif op in ("f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "n"):
            if op in ("s", "b", "b*") and current is not None and start is not None and current != start:
                segs.append((*mm(current), *mm(start)))
            if op in ("S", "s", "B", "B*", "b", "b*"):
                # the line width is set in user space: the matrix at painting time scales it
                out.append(Stroke(dash, width * MM_PER_PT, colour, tuple(segs), curved, form))
            segs, start, current, curved = [], None, None, False
        elif op == "Do":
            xobj, matrix = form_xobject(resources, operands[0])
            if xobj is not None:
                _run(form_stream(xobj, pdf), xobj.get("/Resources", resources), pdf, multiply(matrix, ctm), height, out,
                     form or str(operands[0]))
