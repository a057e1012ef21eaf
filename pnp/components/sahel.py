"""Sahelian textile ornament drawn in code: geometric bands after Malian bògòlanfini (mud cloth)
and Tuareg leatherwork, for board borders, frames and player boards.

Every motif is made of filled shapes only (lozenges, chevrons, zigzags, triangles, dots,
checks): the kit keeps thin solid lines for cut lines and dashed lines for fold lines, so
ornament never uses a stroke.  Each colour of a band is one ``<path>`` of many sub-paths
(small files, few objects for the converter), drawn with the same numbers for the same
arguments (byte-identical builds).

Coordinates are mm.  A band runs along its *length* (x, or y when ``vertical``) and has a
*height* across it; it holds a whole number of repeats, stretched a little so both ends
close on the same figure (a band never ends on half a lozenge).

Motifs (``MOTIFS``):

* ``lozenges``: a chain of diamonds, each with a diamond eye of the accent colour and a
  dot of ground at its centre, half-diamonds of the accent between them at both edges
  (a bògòlanfini "cowrie chain").
* ``chevrons``: a zigzag band of the figure colour with a thin zigzag of the accent inside.
* ``triangles``: teeth standing on both edges, alternating figure and accent, with a dot
  over each tooth (the dotted triangles of Tuareg leather bags).
* ``checks``: two rows of alternating squares with a dot in the ground squares (mud cloth
  "tortoise" checks).

Colours come from the caller in a ``Palette`` (ground, figure, accent), so a kit's ink saver
passes a pale palette and gets the same ornament with less ink.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.components.svg import _num, circle, group, path, rect

MOTIFS = ("lozenges", "chevrons", "triangles", "checks")


@dataclass(frozen=True)
class Palette:
    """Three #RRGGBB colours: ``ground`` (the band's field), ``figure`` (the main shapes),
    ``accent`` (eyes, inner zigzags, every second tooth)."""

    ground: str
    figure: str
    accent: str


#: Mud cloth: dark earth ground, bleached figures, ochre eyes.
BOGOLAN = Palette("#3B2616", "#EFE2C4", "#C07A32")
#: Tuareg leather: red ground, cream figures, green-black accents.
TUAREG = Palette("#8E3420", "#F1E3C3", "#24352A")


def _poly(points) -> str:
    head, *rest = points
    return "M" + f"{_num(head[0])},{_num(head[1])}" + "".join(f"L{_num(x)},{_num(y)}" for x, y in rest) + "Z"


def _dot(cx: float, cy: float, r: float) -> str:
    """A filled dot as a path of straight sides (an octagon: round at these sizes, cheap to
    convert and to read back), so dots join their colour's single path."""
    import math

    return _poly([(cx + r * math.cos(k * math.pi / 4 + math.pi / 8), cy + r * math.sin(k * math.pi / 4 + math.pi / 8))
                  for k in range(8)])


def _repeats(length: float, height: float, aspect: float) -> int:
    return max(1, round(length / (height * aspect)))


def _motif(motif: str, length: float, height: float) -> dict[str, list]:
    """The shapes of ``motif`` over a band of ``length`` x ``height`` in band coordinates
    (u along, v across, origin at the band's start): colour role -> list of shapes, a shape
    being ("poly", points) or ("dot", cx, cy, r)."""
    out: dict[str, list] = {"figure": [], "accent": [], "ground": []}
    h = height
    if motif == "lozenges":
        n = _repeats(length, h, 1.25)
        p = length / n
        for k in range(n):
            cx, cy = (k + 0.5) * p, h / 2
            rx, ry = p * 0.46, h * 0.42
            out["figure"].append(("poly", [(cx - rx, cy), (cx, cy - ry), (cx + rx, cy), (cx, cy + ry)]))
            out["accent"].append(("poly", [(cx - rx * 0.5, cy), (cx, cy - ry * 0.5), (cx + rx * 0.5, cy),
                                           (cx, cy + ry * 0.5)]))
            out["ground"].append(("dot", cx, cy, min(rx, ry) * 0.16))
        for k in range(n + 1):      # half-diamonds between the lozenges, on both edges
            x = k * p
            w = p * 0.22
            for edge, sign in ((0.0, 1), (h, -1)):
                out["accent"].append(("poly", [(max(0.0, x - w), edge), (min(length, x + w), edge),
                                               (x, edge + sign * h * 0.3)]))
    elif motif == "chevrons":
        n = _repeats(length, h, 1.0)
        p = length / n
        t = h * 0.26                      # thickness of the zigzag, measured across the band
        top, bottom = h * 0.12, h * 0.88

        def zig(offset: float, thick: float):
            up = [(k * p / 2, (bottom - thick if k % 2 == 0 else top) + offset) for k in range(2 * n + 1)]
            down = [(x, y + thick) for x, y in reversed(up)]
            return up + down
        out["figure"].append(("poly", zig(0.0, t + h * 0.08)))
        out["accent"].append(("poly", zig(t * 0.45, t * 0.4)))
        for k in range(n):   # a dot in each pocket of the zigzag: under its peaks, over its valleys
            out["figure"].append(("dot", (k + 0.5) * p, h * 0.86, h * 0.08))
            if k:
                out["figure"].append(("dot", k * p, h * 0.14, h * 0.08))
    elif motif == "triangles":
        n = _repeats(length, h, 0.9)
        p = length / n
        for k in range(n):
            x0, x1 = k * p, (k + 1) * p
            role = "figure" if k % 2 == 0 else "accent"
            other = "accent" if role == "figure" else "figure"
            out[role].append(("poly", [(x0 + p * 0.06, h), (x1 - p * 0.06, h), ((x0 + x1) / 2, h * 0.52)]))
            out[other].append(("poly", [(x0 + p * 0.06, 0.0), (x1 - p * 0.06, 0.0), ((x0 + x1) / 2, h * 0.48)]))
            if k:   # dotted: a dot in the gap between two teeth
                out["figure"].append(("dot", x0, h * 0.5, h * 0.07))
    elif motif == "checks":
        n = _repeats(length, h, 0.5)
        p = length / n
        for k in range(n):
            for row in (0, 1):
                x, y = k * p, row * h / 2
                if (k + row) % 2 == 0:
                    out["figure"].append(("poly", [(x, y), (x + p, y), (x + p, y + h / 2), (x, y + h / 2)]))
                else:
                    out["accent"].append(("dot", x + p / 2, y + h / 4, min(p, h / 2) * 0.22))
    else:
        raise ValueError(f"unknown motif {motif!r}; expected one of {', '.join(MOTIFS)}")
    return out


def band(x: float, y: float, length: float, height: float, motif: str, palette: Palette, *,
         vertical: bool = False, ground: bool = True):
    """A band of ``motif`` with its top-left corner at (x, y) mm, ``length`` along and
    ``height`` across (along y when ``vertical``); ``ground=False`` leaves the field
    transparent (figures only).  Returns an svgwrite group.

    Raises:
        ValueError: an unknown motif (``MOTIFS``) or a band without area.
    """
    if length <= 0 or height <= 0:
        raise ValueError(f"a band needs a positive size, got {length} x {height} mm")
    shapes = _motif(motif, length, height)
    g = group(class_=f"sahel sahel-{motif}")
    if ground:
        g.add(rect(x, y, height if vertical else length, length if vertical else height, fill=palette.ground))

    def place(u: float, v: float) -> tuple[float, float]:
        # Vertical bands run down the page with their "top" edge on the left.
        return (x + v, y + u) if vertical else (x + u, y + v)

    for role in ("figure", "accent", "ground"):
        d = []
        for shape in shapes[role]:
            if shape[0] == "poly":
                d.append(_poly([place(u, v) for u, v in shape[1]]))
            elif shape[3] > 0:
                cx, cy = place(shape[1], shape[2])
                d.append(_dot(cx, cy, shape[3]))
        if d:
            g.add(path("".join(d), fill=getattr(palette, role)))
    return g


def frame(x: float, y: float, w: float, h: float, width: float, motif: str, palette: Palette, *,
          corner: Palette | None = None):
    """A ``width`` mm ornament band round the rectangle (x, y, w, h) (its outer edge on the
    rectangle), the four sides in ``motif`` and square corner blocks with a lozenge (in
    ``corner``'s colours, default ``palette``).  Returns an svgwrite group.

    Raises:
        ValueError: an unknown motif, or a rectangle too small for its band.
    """
    if w <= 2 * width or h <= 2 * width:
        raise ValueError(f"a frame of {width} mm does not fit a {w} x {h} mm rectangle")
    g = group(class_="sahel-frame")
    inner_w, inner_h = w - 2 * width, h - 2 * width
    g.add(band(x + width, y, inner_w, width, motif, palette))
    g.add(band(x + width, y + h - width, inner_w, width, motif, palette))
    g.add(band(x, y + width, inner_h, width, motif, palette, vertical=True))
    g.add(band(x + w - width, y + width, inner_h, width, motif, palette, vertical=True))
    c = corner or palette
    for cx, cy in ((x, y), (x + w - width, y), (x, y + h - width), (x + w - width, y + h - width)):
        g.add(corner_block(cx, cy, width, c))
    return g


def corner_block(x: float, y: float, size: float, palette: Palette):
    """A square block of ``size`` mm at (x, y): ground, a lozenge of the figure, an accent eye
    and a ground dot (where two bands of a frame meet)."""
    g = group(class_="sahel-corner")
    g.add(rect(x, y, size, size, fill=palette.ground))
    cx, cy, r = x + size / 2, y + size / 2, size * 0.42
    g.add(path(_poly([(cx - r, cy), (cx, cy - r), (cx + r, cy), (cx, cy + r)]), fill=palette.figure))
    g.add(path(_poly([(cx - r / 2, cy), (cx, cy - r / 2), (cx + r / 2, cy), (cx, cy + r / 2)]), fill=palette.accent))
    g.add(path(_dot(cx, cy, r * 0.14), fill=palette.ground))
    return g


def paler(palette: Palette, amount: float) -> Palette:
    """``palette`` mixed with white by ``amount`` (0..1): the ink saver's ornament."""
    from pnp.components.art import pale

    return Palette(pale(palette.ground, amount), pale(palette.figure, amount * 0.5), pale(palette.accent, amount))


def rosette(cx: float, cy: float, r: float, palette: Palette, teeth: int = 16):
    """A round woven mat of radius ``r`` mm centred on (cx, cy): a ground disc, a ring of
    ``teeth`` triangles pointing inwards (figure and accent in turn), a ring of dots, a
    figure disc with an accent lozenge and a ground dot at its heart.  Returns a group.

    Raises:
        ValueError: fewer than 4 teeth or a radius that is not positive.
    """
    import math

    if teeth < 4 or r <= 0:
        raise ValueError(f"a rosette needs at least 4 teeth and a positive radius, got {teeth}, {r}")
    g = group(class_="sahel-rosette")
    g.add(circle(cx, cy, r, fill=palette.ground))
    tips = {"figure": [], "accent": []}
    for k in range(teeth):
        a0, a1 = 2 * math.pi * k / teeth, 2 * math.pi * (k + 1) / teeth
        am = (a0 + a1) / 2
        ro, ri = r * 0.92, r * 0.64
        pts = [(cx + ro * math.cos(a0), cy + ro * math.sin(a0)), (cx + ro * math.cos(a1), cy + ro * math.sin(a1)),
               (cx + ri * math.cos(am), cy + ri * math.sin(am))]
        tips["figure" if k % 2 == 0 else "accent"].append(_poly(pts))
    for role, d in tips.items():
        g.add(path("".join(d), fill=getattr(palette, role)))
    dots = [_dot(cx + r * 0.6 * math.cos(2 * math.pi * (k + 0.5) / teeth),
                 cy + r * 0.6 * math.sin(2 * math.pi * (k + 0.5) / teeth), r * 0.035) for k in range(teeth)]
    g.add(path("".join(dots), fill=palette.figure))
    g.add(circle(cx, cy, r * 0.5, fill=palette.figure))
    q = r * 0.36
    g.add(path(_poly([(cx - q, cy), (cx, cy - q), (cx + q, cy), (cx, cy + q)]), fill=palette.accent))
    g.add(path(_dot(cx, cy, r * 0.08), fill=palette.ground))
    return g
