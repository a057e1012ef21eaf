"""Assembly pictograms drawn in code: how a folded or glued piece is made, in small steps.

Each pictogram is a row of steps joined by arrows, drawn in a box ``height`` mm high with
its top-left at (0, 0), and returned with its width: ``(group, width_mm)``.

* ``standee``: the flat fold-over strip (foot, figure, figure, foot, folds between), the two
  figures glued back to back with the feet bent outwards (side view), the piece standing;
* ``d6``: the cube's cross net with its glue tabs, then the cube;
* ``d8``: the octahedron's net of two four-triangle strips, then the octahedron.

Drawn with fills only (no stroke): on a sheet a thin solid line means a cut and a dashed one
a fold, so a picture of a piece must not draw either.  Its fold lines are rows of small
filled dashes in the fold ink; glue tabs and glued faces are tinted.  Same arguments, same
bytes.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from pnp.components import style
from pnp.components.svg import circle, group, polygon, rect

PAPER = "#F3EEE4"        # the piece's paper
FIGURE = "#B9A88F"       # a printed face
FOOT = "#7D6A52"         # a foot, a tab's fold side
GLUE = "#E0B64A"         # where glue goes
SHADES = ("#E4DACB", "#B9A88F", "#8E7B63")   # three sides of a solid, lit from the top left
ARROW = "#6B5D4D"
GAP_MM = 1.6             # between a step and an arrow


def _fold_dashes(g, x0: float, y0: float, x1: float, y1: float, dash: float, thick: float) -> None:
    """A fold line from (x0, y0) to (x1, y1) as filled dashes ``dash`` mm long."""
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy * thick / 2, ux * thick / 2
    n = max(1, int(length / (2 * dash)))
    step = length / n
    for k in range(n):
        a = k * step + (step - dash) / 2
        b = a + dash
        pts = [(x0 + ux * a + nx, y0 + uy * a + ny), (x0 + ux * b + nx, y0 + uy * b + ny),
               (x0 + ux * b - nx, y0 + uy * b - ny), (x0 + ux * a - nx, y0 + uy * a - ny)]
        g.add(polygon(pts, fill=style.FOLD))


def _arrow(g, x: float, mid: float, h: float) -> float:
    """A filled arrow pointing right, from ``x``, centred on ``mid``; returns its width."""
    w = h * 0.42
    bar = h * 0.07
    g.add(rect(x, mid - bar / 2, w * 0.55, bar, fill=ARROW))
    g.add(polygon([(x + w * 0.5, mid - h * 0.13), (x + w, mid), (x + w * 0.5, mid + h * 0.13)], fill=ARROW))
    return w


def standee_steps(height: float):
    """The fold-over standee in three steps (module docstring); ``(group, width)``."""
    h = height
    g = group(id="steps-standee")
    dash, thick = h * 0.05, h * 0.025
    # 1. the flat strip: foot, figure (upside down), figure, foot
    w = h * 0.32
    foot, panel = h * 0.12, h * 0.38
    y = 0.0
    for part, fill in ((foot, FOOT), (panel, FIGURE), (panel, FIGURE), (foot, FOOT)):
        g.add(rect(0, y, w, part, fill=fill))
        y += part
    for fy in (foot, foot + panel, foot + 2 * panel):
        _fold_dashes(g, -h * 0.04, fy, w + h * 0.04, fy, dash, thick)
    _figure(g, w / 2, foot + panel * 1.5, panel * 0.8, PAPER)
    _figure(g, w / 2, foot + panel * 0.5, -panel * 0.8, PAPER)
    x = w + GAP_MM
    x += _arrow(g, x, h / 2, h) + GAP_MM
    # 2. side view: the two figures glued back to back, the feet bent outwards
    side_w = h * 0.5
    stem = h * 0.09
    g.add(rect(x + side_w / 2 - stem, h * 0.1, stem, h * 0.8, fill=FIGURE))
    g.add(rect(x + side_w / 2, h * 0.1, stem, h * 0.8, fill=FIGURE))
    g.add(rect(x + side_w / 2 - stem * 0.25, h * 0.16, stem * 0.5, h * 0.68, fill=GLUE))
    g.add(rect(x, h * 0.9, side_w / 2, stem * 0.8, fill=FOOT))
    g.add(rect(x + side_w / 2, h * 0.9, side_w / 2, stem * 0.8, fill=FOOT))
    x += side_w + GAP_MM
    x += _arrow(g, x, h / 2, h) + GAP_MM
    # 3. standing, seen from the front at an angle: the figure on its two feet
    fw = h * 0.34
    g.add(polygon([(x, h * 0.96), (x + fw * 0.25, h * 0.84), (x + fw * 1.15, h * 0.84), (x + fw * 1.4, h * 0.96)],
                  fill=FOOT))
    g.add(rect(x + fw * 0.25, h * 0.06, fw * 0.9, h * 0.8, fill=FIGURE))
    _figure(g, x + fw * 0.7, h * 0.5, h * 0.6, PAPER)
    return g, x + fw * 1.4


def _figure(g, cx: float, cy: float, size: float, fill: str) -> None:
    """A small person (head and body) centred on (cx, cy), ``size`` mm tall (negative: upside down)."""
    s = abs(size)
    sign = 1 if size > 0 else -1
    g.add(circle(cx, cy - sign * s * 0.28, s * 0.16, fill=fill))
    top, bottom = cy - sign * s * 0.08, cy + sign * s * 0.42
    g.add(polygon([(cx - s * 0.12, top), (cx + s * 0.12, top), (cx + s * 0.24, bottom), (cx - s * 0.24, bottom)],
                  fill=fill))


def cube_steps(height: float):
    """The d6 cube net (a cross of six faces with glue tabs) and the cube; ``(group, width)``."""
    h = height
    g = group(id="steps-d6")
    s = h / 4
    dash, thick = h * 0.04, h * 0.02
    cells = [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3)]
    tab = s * 0.3
    # glue tabs on the sides that meet another face once folded (tinted trapezoids)
    for (cx, cy), side in (((0, 1), "top"), ((2, 1), "top"), ((0, 1), "bottom"), ((2, 1), "bottom"),
                           ((1, 3), "left"), ((1, 3), "right"), ((1, 0), "left")):
        x0, y0 = cx * s, cy * s
        pts = {"top": [(x0, y0), (x0 + s * 0.2, y0 - tab), (x0 + s * 0.8, y0 - tab), (x0 + s, y0)],
               "bottom": [(x0, y0 + s), (x0 + s * 0.2, y0 + s + tab), (x0 + s * 0.8, y0 + s + tab), (x0 + s, y0 + s)],
               "left": [(x0, y0), (x0 - tab, y0 + s * 0.2), (x0 - tab, y0 + s * 0.8), (x0, y0 + s)],
               "right": [(x0 + s, y0), (x0 + s + tab, y0 + s * 0.2), (x0 + s + tab, y0 + s * 0.8), (x0 + s, y0 + s)]}[side]
        g.add(polygon(pts, fill=GLUE))
    for cx, cy in cells:
        g.add(rect(cx * s, cy * s, s, s, fill=FIGURE))
        g.add(circle(cx * s + s / 2, cy * s + s / 2, s * 0.12, fill=PAPER))
    for x0, y0, x1, y1 in ((s, s, s, 2 * s), (2 * s, s, 2 * s, 2 * s), (s, s, 2 * s, s), (s, 2 * s, 2 * s, 2 * s),
                           (s, 3 * s, 2 * s, 3 * s)):
        _fold_dashes(g, x0, y0, x1, y1, dash, thick)
    x = 3 * s + GAP_MM
    x += _arrow(g, x, h / 2, h) + GAP_MM
    # the cube, seen from above at an angle: three faces in three shades
    r = h * 0.46
    cx, cy = x + r * math.cos(math.pi / 6), h / 2
    top = [(cx, cy - r), (cx + r * math.cos(math.pi / 6), cy - r / 2), (cx, cy), (cx - r * math.cos(math.pi / 6), cy - r / 2)]
    left = [(cx - r * math.cos(math.pi / 6), cy - r / 2), (cx, cy), (cx, cy + r), (cx - r * math.cos(math.pi / 6), cy + r / 2)]
    right = [(cx, cy), (cx + r * math.cos(math.pi / 6), cy - r / 2), (cx + r * math.cos(math.pi / 6), cy + r / 2), (cx, cy + r)]
    for pts, fill in ((top, SHADES[0]), (left, SHADES[1]), (right, SHADES[2])):
        g.add(polygon(pts, fill=fill))
    g.add(circle(cx, cy - r / 2, r * 0.1, fill=FOOT))
    return g, x + 2 * r * math.cos(math.pi / 6)


def octahedron_steps(height: float):
    """The d8 net (two strips of four triangles joined at one edge) and the octahedron."""
    h = height
    g = group(id="steps-d8")
    t = h / 2                                # triangle height
    e = t / math.sin(math.pi / 3)            # edge
    dash, thick = h * 0.04, h * 0.02
    # two strips of four: upper strip points up/down alternately on y in [0, t], the lower
    # strip on [t, 2t], shifted by half an edge; they share the edge in the middle
    for row, shift in ((0, 0.0), (1, e / 2)):
        y0, y1 = row * t, (row + 1) * t
        for k in range(4):
            x = shift + k * e / 2
            up = (k % 2 == 0)
            pts = [(x, y1), (x + e / 2, y0), (x + e, y1)] if up else [(x, y0), (x + e / 2, y1), (x + e, y0)]
            g.add(polygon(pts, fill=FIGURE if (k + row) % 2 == 0 else SHADES[0]))
        for k in range(1, 4):       # the edge triangle k shares with triangle k - 1
            x = shift + k * e / 2
            if k % 2:
                _fold_dashes(g, x, y0, x + e / 2, y1, dash, thick)
            else:
                _fold_dashes(g, x, y1, x + e / 2, y0, dash, thick)
    _fold_dashes(g, e, t, 2 * e, t, dash, thick)     # the strips' shared edge
    width = e / 2 + 2.5 * e
    x = width + GAP_MM
    x += _arrow(g, x, h / 2, h) + GAP_MM
    r = h * 0.48
    cx, cy = x + r * 0.8, h / 2
    left, right, top, bottom, front = (cx - r * 0.8, cy), (cx + r * 0.8, cy), (cx, cy - r), (cx, cy + r), (cx - r * 0.15, cy + r * 0.05)
    for pts, fill in (([top, left, front], SHADES[0]), ([top, front, right], SHADES[1]),
                      ([left, bottom, front], SHADES[1]), ([front, bottom, right], SHADES[2])):
        g.add(polygon(pts, fill=fill))
    return g, x + r * 1.6


STEPS: dict[str, Callable] = {"standee": standee_steps, "d6": cube_steps, "d8": octahedron_steps}


def steps_strip(kinds: Sequence[str], height: float):
    """The pictograms of ``kinds`` (keys of ``STEPS``) side by side, 4 mm apart, ``height`` mm
    high: ``(group, width_mm)``; ``(empty group, 0.0)`` for no kinds.

    Raises:
        KeyError: a kind ``STEPS`` does not draw.
    """
    out = group(id="assembly-steps")
    x = 0.0
    for k, kind in enumerate(dict.fromkeys(kinds)):
        g, w = STEPS[kind](height)
        if k:
            x += 4.0
        wrapper = group(transform=f"translate({x:.3f} 0)")
        wrapper.add(g)
        out.add(wrapper)
        x += w
    return out, x
