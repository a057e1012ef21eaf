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
    # What shows of ``box`` inside the clip paths in force (their bounding boxes), or None when
    # the clip hides it all; equal to ``box`` when nothing clips.
    shown: tuple[float, float, float, float] | None = None
    form: str = ""                 # name of the page's face form XObject (``/Fc<n> Do``) that drew it, "" if none

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    @property
    def size(self) -> tuple[float, float]:
        return (self.box[2] - self.box[0], self.box[3] - self.box[1])


def multiply(a, b):
    """Matrix product a x b of PDF matrices (a applied first): ``cm`` and a form's ``/Matrix``
    compose with the matrix in force this way (PDF 32000-1, 8.3.4)."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (a0 * b0 + a1 * b2, a0 * b1 + a1 * b3, a2 * b0 + a3 * b2, a2 * b1 + a3 * b3,
            a4 * b0 + a5 * b2 + b4, a4 * b1 + a5 * b3 + b5)


def apply(m, x, y):
    """The point (x, y) of user space under the PDF matrix ``m``."""
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def paints(page) -> list[Paint]:
    """Every painted path of ``page`` (pypdf page), in drawing order."""
    height = float(page.mediabox.top)
    out: list[Paint] = []
    _run(page.get_contents(), page.get("/Resources"), page.pdf, (1, 0, 0, 1, 0, 0), height, out, None, "")
    return out


EMPTY = (0.0, 0.0, -1.0, -1.0)     # a clip that shows nothing


def _intersect(a, b):
    """The overlap of boxes ``a`` and ``b`` (x0, y0, x1, y1), EMPTY when they do not meet."""
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else EMPTY


def _bounds(points, height):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) * MM_PER_PT, (height - max(ys)) * MM_PER_PT, max(xs) * MM_PER_PT, (height - min(ys)) * MM_PER_PT)


_FORMS: dict[int, tuple] = {}     # id(form XObject) -> (the XObject, its parsed content stream)


def form_stream(xobj, pdf) -> ContentStream:
    """``xobj``'s content stream, parsed once: a face drawn many times on many sheets is one
    XObject (pypdf hands back the same object for it), and parsing is the slow part."""
    if id(xobj) not in _FORMS:
        _FORMS[id(xobj)] = (xobj, ContentStream(xobj, pdf))   # kept: its id stays its own
    return _FORMS[id(xobj)][1]


def _run(contents, resources, pdf, ctm, height, out, clip, form):
    """Interpret ``contents``; ``clip`` is the clip box in force (mm) or None, ``form`` the
    name of the top-level form XObject being drawn."""
    if contents is None:
        return
    stream = contents if isinstance(contents, ContentStream) else ContentStream(contents, pdf)
    resources = resources.get_object() if resources is not None else {}
    stack = []
    fill, stroke = (0.0,), (0.0,)
    points: list[tuple[float, float]] = []
    clipping = False
    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        nums = []
        for v in operands:
            try:
                nums.append(float(v))
            except (TypeError, ValueError):
                nums.append(v)
        if op == "q":
            stack.append((ctm, fill, stroke, clip))
        elif op == "Q":
            ctm, fill, stroke, clip = stack.pop()
        elif op in ("W", "W*"):
            clipping = True     # the current path clips once it is painted (usually by n)
        elif op == "cm":
            ctm = multiply(tuple(nums), ctm)
        elif op in ("rg", "g", "k"):
            fill = tuple(nums)
        elif op in ("RG", "G", "K"):
            stroke = tuple(nums)
        elif op in ("m", "l"):
            points.append(apply(ctm, nums[0], nums[1]))
        elif op in ("c", "v", "y"):
            for i in range(0, len(nums), 2):
                points.append(apply(ctm, nums[i], nums[i + 1]))
        elif op == "re":
            x, y, w, h = nums
            points += [apply(ctm, x, y), apply(ctm, x + w, y + h), apply(ctm, x + w, y), apply(ctm, x, y + h)]
        elif op in ("f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "n"):
            if op != "n" and points:
                kind = "stroke" if op in ("S", "s") else ("fill" if op in ("f", "F", "f*") else "both")
                box = _bounds(points, height)
                shown = _intersect(box, clip) if clip is not None else box
                out.append(Paint(kind, fill, stroke, box, None if shown == EMPTY else shown, form))
            if clipping and points:
                bounds = _bounds(points, height)
                clip = bounds if clip is None else _intersect(clip, bounds)
            points, clipping = [], False
        elif op == "Do":
            xobj, matrix = form_xobject(resources, operands[0])
            if xobj is not None:
                # a face is a form /Fc<n>; the overlay's SVG parts (/Ov<n>, pnp.printing.overlay)
                # are the sheet's own drawing, like the overlay's lines on the page itself
                face = str(operands[0]).startswith("/Fc")
                _run(form_stream(xobj, pdf), xobj.get("/Resources", resources), pdf, multiply(matrix, ctm), height, out,
                     clip, form or (f"{operands[0]}#{len(out)}" if face else ""))


def form_xobject(resources, name):
    """The form XObject ``name`` (``/Fc3``) of ``resources`` and its ``/Matrix`` (identity when
    it has none); ``(None, None)`` when ``name`` is an image."""
    xobj = resources.get("/XObject", {}).get_object()[name].get_object()
    if xobj.get("/Subtype") != "/Form":
        return None, None
    return xobj, tuple(float(v) for v in xobj.get("/Matrix", (1, 0, 0, 1, 0, 0)))


def rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def same_colour(a, b, tol=0.003) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tol for x, y in zip(a, b))
