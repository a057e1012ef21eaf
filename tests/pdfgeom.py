"""Measure what a PDF page paints: every filled or stroked path with its colour and its
bounding box in mm (origin top-left, y down, like the sheets' SVG).

A small content-stream interpreter (pypdf): it tracks the graphics state stack and the
transformation matrix (``q``/``Q``/``cm``, form XObjects with their ``/Matrix``), collects
path points (``m l c v y re``) and records a ``Paint`` at each painting operator.  Used to
check positions on the produced PDF, not on the SVG that went into it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pypdf.generic import ContentStream

MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class Paint:
    op: str                        # "fill", "stroke" or "both"
    fill: tuple[float, ...]        # current non-stroking colour (rgb or gray)
    stroke: tuple[float, ...]
    box: tuple[float, float, float, float]   # x0, y0, x1, y1 in mm, top-left origin

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    @property
    def size(self) -> tuple[float, float]:
        return (self.box[2] - self.box[0], self.box[3] - self.box[1])


def _mul(a, b):
    """Matrix product a x b of PDF matrices (a applied first)."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (a0 * b0 + a1 * b2, a0 * b1 + a1 * b3, a2 * b0 + a3 * b2, a2 * b1 + a3 * b3,
            a4 * b0 + a5 * b2 + b4, a4 * b1 + a5 * b3 + b5)


def _apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def paints(page) -> list[Paint]:
    """Every painted path of ``page`` (pypdf page), in drawing order."""
    height = float(page.mediabox.top)
    out: list[Paint] = []
    _run(page.get_contents(), page.get("/Resources"), page.pdf, (1, 0, 0, 1, 0, 0), height, out)
    return out


def _run(contents, resources, pdf, ctm, height, out):
    if contents is None:
        return
    stream = contents if isinstance(contents, ContentStream) else ContentStream(contents, pdf)
    resources = resources.get_object() if resources is not None else {}
    stack = []
    fill, stroke = (0.0,), (0.0,)
    points: list[tuple[float, float]] = []
    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        nums = []
        for v in operands:
            try:
                nums.append(float(v))
            except (TypeError, ValueError):
                nums.append(v)
        if op == "q":
            stack.append((ctm, fill, stroke))
        elif op == "Q":
            ctm, fill, stroke = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(nums), ctm)
        elif op in ("rg", "g", "k"):
            fill = tuple(nums)
        elif op in ("RG", "G", "K"):
            stroke = tuple(nums)
        elif op in ("m", "l"):
            points.append(_apply(ctm, nums[0], nums[1]))
        elif op in ("c", "v", "y"):
            for i in range(0, len(nums), 2):
                points.append(_apply(ctm, nums[i], nums[i + 1]))
        elif op == "re":
            x, y, w, h = nums
            points += [_apply(ctm, x, y), _apply(ctm, x + w, y + h), _apply(ctm, x + w, y), _apply(ctm, x, y + h)]
        elif op in ("f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "n"):
            if op != "n" and points:
                kind = "stroke" if op in ("S", "s") else ("fill" if op in ("f", "F", "f*") else "both")
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                box = (min(xs) * MM_PER_PT, (height - max(ys)) * MM_PER_PT,
                       max(xs) * MM_PER_PT, (height - min(ys)) * MM_PER_PT)
                out.append(Paint(kind, fill, stroke, box))
            points = []
        elif op == "Do":
            xobj = resources.get("/XObject", {}).get_object()[operands[0]].get_object()
            if xobj.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobj.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                _run(ContentStream(xobj, pdf), xobj.get("/Resources", resources), pdf, _mul(matrix, ctm), height, out)


def rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def same_colour(a, b, tol=0.003) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tol for x, y in zip(a, b))
