"""Caravan's own drawings: the Sahara's dunes, towns in their goods' colours, the hide, the pictures.

Everything is filled shapes (no thin solid or dashed strokes: those mean cut and fold in
the kit).  The illustrations of the goods and pieces come from the vendored Fluent Emoji
set (``ART_SET``, named in components.yaml ``art``); a good the set has no picture for
(hides) is drawn here in the same flat style.  With ``style.SAVER`` every colour is paled
(``SAVER_PALE``): the same pictures with a fraction of the ink.

Randomness (the dunes' crests, ripples and grain) comes from ``random.Random`` seeded with
a CRC of the board's layout, so the same data draws the same bytes.
"""

from __future__ import annotations

import math
import random
import zlib

from pnp.components import style
from pnp.components.art import art_icon, pale  # noqa: F401 (art_icon: pieces.py draws faint pictures)
from pnp.components.svg import _num, group, path, rect
from pnp.games.caravan.kit_spec import ART_SET

#: How far the ink saver moves every illustration colour towards white.
SAVER_PALE = 0.62


def tone(colour: str, ink: style.Ink, amount: float = SAVER_PALE) -> str:
    """``colour``, or its pale saver version."""
    return pale(colour, amount) if ink.saver else colour


def recolour(ink: style.Ink, first=None):
    """The ``art_icon`` recolouring of ``ink``: None (the set's colours) or paling, after
    ``first`` (a paint-to-paint map, e.g. darkening) if given."""
    if first is None:
        return (lambda c: pale(c, SAVER_PALE)) if ink.saver else None
    return (lambda c: pale(first(c), SAVER_PALE)) if ink.saver else first


def picture(name: str, x: float, y: float, size: float, ink: style.Ink, first=None):
    """The illustration ``name`` of ``ART_SET`` in a ``size`` mm square at (x, y); ``first``
    maps its paints before the ink's recolouring (None: the set's own)."""
    return art_icon(ART_SET, name, x, y, size, recolour(ink, first))


def good_picture(spec, good_id: str, x: float, y: float, size: float, ink: style.Ink):
    """The picture of ``good_id`` in a ``size`` mm square at (x, y): its illustration
    (components.yaml ``art.goods``) or the drawing of ``DRAWN_GOODS``.

    Raises:
        KeyError: the good has neither."""
    name = spec.goods_art.get(good_id)
    if name is not None:
        return picture(name, x, y, size, ink)
    return drawn_good(good_id, x, y, size, ink)


def drawn_good(good_id: str, x: float, y: float, size: float, ink: style.Ink, amount: float = SAVER_PALE):
    """The code-drawn picture of ``good_id`` (a key of ``DRAWN_GOODS``) in a ``size`` mm
    square at (x, y); ``amount``: how far the saver pales it.

    Raises:
        KeyError: no drawing for ``good_id``."""
    try:
        draw = DRAWN_GOODS[good_id]
    except KeyError:
        raise KeyError(f"no picture for the good {good_id!r}") from None
    return draw(x, y, size, ink, amount)


def _unit_picture(x: float, y: float, size: float, name: str):
    """A group drawing in a unit square placed like a vendored icon (class "icon",
    data-size), so layout tests read it as a picture's square, as they read the set's."""
    return group(transform=f"translate({_num(x)},{_num(y)}) scale({_num(size)})", class_=f"icon art-drawn art-{name}",
                 **{"data-size": "1"})


def _poly(points) -> str:
    head, *rest = points
    return "M" + f"{_num(head[0])},{_num(head[1])}" + "".join(f"L{_num(a)},{_num(b)}" for a, b in rest) + "Z"


def _smooth(points, closed: bool = True) -> str:
    """A smooth path through the midpoints of ``points`` (quadratic curves, the points as
    control points): soft outlines from a few numbers."""
    n = len(points)
    mids = [((points[i][0] + points[(i + 1) % n][0]) / 2, (points[i][1] + points[(i + 1) % n][1]) / 2)
            for i in range(n if closed else n - 1)]
    if closed:
        d = f"M{_num(mids[-1][0])},{_num(mids[-1][1])}"
        for i in range(n):
            d += f"Q{_num(points[i][0])},{_num(points[i][1])} {_num(mids[i][0])},{_num(mids[i][1])}"
        return d + "Z"
    d = f"M{_num(points[0][0])},{_num(points[0][1])}"
    for i in range(1, n - 1):
        d += f"Q{_num(points[i][0])},{_num(points[i][1])} {_num(mids[i][0])},{_num(mids[i][1])}"
    return d + f"L{_num(points[-1][0])},{_num(points[-1][1])}"


# A stretched hide, right half from the top of the head to the tail, in a unit square.
_HIDE_RIGHT = ((0.5, 0.07), (0.58, 0.05), (0.63, 0.15), (0.70, 0.23), (0.9, 0.13), (0.95, 0.24), (0.77, 0.36),
               (0.73, 0.5), (0.76, 0.63), (0.95, 0.76), (0.9, 0.88), (0.7, 0.8), (0.62, 0.9), (0.54, 0.92),
               (0.52, 0.99), (0.5, 0.99))


def hide(x: float, y: float, size: float, ink: style.Ink, amount: float = SAVER_PALE):
    """A stretched animal hide in a ``size`` mm square at (x, y), in Fluent's flat style
    (tan pelt, a lighter middle, darker spots): the good the set has no picture for.
    ``amount``: how far the saver pales it (``tone``)."""
    outline = list(_HIDE_RIGHT) + [(1 - a, b) for a, b in reversed(_HIDE_RIGHT)]
    g = _unit_picture(x, y, size, "hide")
    x = y = 0.0
    size = 1.0

    def at(points, scale=1.0, cx=0.5, cy=0.52):
        return [(x + size * (cx + (a - cx) * scale), y + size * (cy + (b - cy) * scale)) for a, b in points]

    g.add(path(_smooth(at(outline)), fill=tone("#A8642F", ink, amount)))
    g.add(path(_smooth(at(outline, 0.86)), fill=tone("#CD8A4B", ink, amount)))
    g.add(path(_smooth(at(outline, 0.5)), fill=tone("#E3AC6C", ink, amount)))
    spots = ((0.4, 0.35, 0.045), (0.62, 0.42, 0.035), (0.45, 0.66, 0.04), (0.6, 0.7, 0.03), (0.52, 0.22, 0.03))
    d = "".join(_dot(x + size * a, y + size * b, size * r) for a, b, r in spots)
    g.add(path(d, fill=tone("#8A4E22", ink, amount)))
    return g


def salt_slabs(x: float, y: float, size: float, ink: style.Ink, amount: float = SAVER_PALE):
    """Two slabs of rock salt as the Saharan mines cut them, stacked and lashed with a
    palm-fibre rope, in a ``size`` mm square at (x, y): grey-white faces lit from the top
    left (Fluent's flat style).  ``amount``: how far the saver pales it (``tone``)."""
    g = _unit_picture(x, y, size, "salt")

    def slab(top: float, lean: float):
        # front face, top face, right end: a box seen from above and the right
        x0, x1, t, d, hgt = 0.1 + lean, 0.78 + lean, top, 0.12, 0.2
        g.add(path(_poly([(x0, t + d), (x1, t + d), (x1, t + d + hgt), (x0, t + d + hgt)]),
                   fill=tone("#D9D6CE", ink, amount)))
        g.add(path(_poly([(x0, t + d), (x0 + d, t), (x1 + d, t), (x1, t + d)]), fill=tone("#FBFAF6", ink, amount)))
        g.add(path(_poly([(x1, t + d), (x1 + d, t), (x1 + d, t + hgt), (x1, t + d + hgt)]),
                   fill=tone("#A9A496", ink, amount)))
        # veins of the rock, and the rope round the slab near each end
        g.add(path(_poly([(x0 + 0.08, t + d + 0.07), (x0 + 0.3, t + d + 0.05), (x0 + 0.31, t + d + 0.07),
                          (x0 + 0.09, t + d + 0.09)]) +
                   _poly([(x0 + 0.38, t + d + 0.14), (x0 + 0.55, t + d + 0.12), (x0 + 0.56, t + d + 0.14),
                          (x0 + 0.39, t + d + 0.16)]), fill=tone("#B9B4A6", ink, amount)))
        for u in (0.17, 0.5):
            a = x0 + u
            g.add(path(_poly([(a, t + d), (a + 0.05, t + d), (a + 0.05 + d, t), (a + d, t)]) +
                       _poly([(a, t + d), (a + 0.05, t + d), (a + 0.05, t + d + hgt), (a, t + d + hgt)]),
                       fill=tone("#9A6A3A", ink, amount)))

    slab(0.46, 0.0)
    slab(0.16, 0.02)
    return g


def cloth_bolt(x: float, y: float, size: float, ink: style.Ink, amount: float = SAVER_PALE):
    """A bolt of woven cloth in a ``size`` mm square at (x, y): an indigo roll with a length
    hanging from it, striped in madder red and gold as the strip-woven cloth of the Sahel.
    ``amount``: how far the saver pales it (``tone``)."""
    g = _unit_picture(x, y, size, "cloth")
    indigo, deep = tone("#3B4C8C", ink, amount), tone("#27336A", ink, amount)
    red, gold = tone("#B5402E", ink, amount), tone("#E0B13A", ink, amount)
    # the hanging length: a panel from under the roll, its hem cut in a soft wave
    hem = [(0.16 + 0.06 * k, 0.9 + (0.025 if k % 2 else 0.0)) for k in range(11)]
    g.add(path(_poly([(0.16, 0.4)] + hem + [(0.76, 0.4)]), fill=indigo))
    g.add(path(_poly([(0.16, 0.62), (0.76, 0.62), (0.76, 0.67), (0.16, 0.67)]) +
               _poly([(0.16, 0.78), (0.76, 0.78), (0.76, 0.81), (0.16, 0.81)]), fill=gold))
    g.add(path(_poly([(0.16, 0.7), (0.76, 0.7), (0.76, 0.74), (0.16, 0.74)]), fill=red))
    # the roll, its end showing the winding
    g.add(path(_poly([(0.1, 0.22), (0.8, 0.22), (0.8, 0.48), (0.1, 0.48)]), fill=indigo))
    g.add(path(_poly([(0.1, 0.27), (0.8, 0.27), (0.8, 0.31), (0.1, 0.31)]), fill=gold))
    g.add(path(_poly([(0.1, 0.38), (0.8, 0.38), (0.8, 0.42), (0.1, 0.42)]), fill=red))
    g.add(path(_ellipse(0.8, 0.35, 0.09, 0.13), fill=tone("#5A6BB0", ink, amount)))
    g.add(path(_ellipse(0.8, 0.35, 0.055, 0.08), fill=deep))
    g.add(path(_ellipse(0.8, 0.35, 0.022, 0.032), fill=tone("#C9A26B", ink, amount)))
    return g


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    return (f"M{_num(cx - rx)},{_num(cy)}a{_num(rx)},{_num(ry)} 0 1,0 {_num(2 * rx)},0"
            f"a{_num(rx)},{_num(ry)} 0 1,0 {_num(-2 * rx)},0Z")


#: The goods drawn here (kit_spec.CODE_DRAWN_GOODS): good id -> drawing(x, y, size, ink, amount).
DRAWN_GOODS = {"hides": hide, "salt": salt_slabs, "cloth": cloth_bolt}


def town(x: float, y: float, w: float, h: float, colour: str, ink: style.Ink, rare: bool = False):
    """A Sudano-Sahelian town in ``colour`` filling (x, y, w, h) mm: a mud-brick mosque with
    a tapering tower and wooden beams (toron), two side towers with pinnacles, a town wall
    with a gate, domes behind it and two market awnings before it.  ``rare`` towns (the rare
    goods' cities, at the board's edges) carry a gilded pinnacle egg on each tower."""
    body = tone(colour, ink)
    # Light and shadow keep apart from the body on every colour (white salt, black-ish cloth).
    lit = tone(style.lighter(colour, 0.35), ink)
    shadow = tone(style.darker(colour, 0.28), ink)
    beams = tone(style.darker(colour, 0.6), ink)
    gate = tone(style.darker(colour, 0.7), ink)
    gold = tone("#D4A62A", ink)
    g = group(class_="town")

    def P(u, v):
        return (x + u * w, y + v * h)

    # Domes behind the wall.
    for u in (0.3, 0.7):
        r = 0.085 * w
        cx, cy = P(u, 0.52)
        g.add(path(f"M{_num(cx - r)},{_num(cy)}A{_num(r)},{_num(r)} 0 0,1 {_num(cx + r)},{_num(cy)}Z", fill=lit))
    # The wall with rounded merlons.
    g.add(path(_poly([P(0.03, 1.0), P(0.03, 0.55), P(0.97, 0.55), P(0.97, 1.0)]), fill=body))
    merlons = []
    for k in range(11):
        u = 0.045 + k * 0.091
        merlons.append(_poly([P(u, 0.56), P(u + 0.02, 0.47), P(u + 0.04, 0.56)]))
    g.add(path("".join(merlons), fill=body))
    g.add(path(_poly([P(0.03, 0.92), P(0.97, 0.92), P(0.97, 1.0), P(0.03, 1.0)]), fill=shadow))
    # Side towers: tapering, lit on the left.
    towers = ((0.08, 0.24, 0.26), (0.76, 0.92, 0.26))
    for u0, u1, top in towers:
        um = (u0 + u1) / 2
        g.add(path(_poly([P(u0, 1.0), P(u0 + 0.025, top), P(um, top - 0.04), P(um, 1.0)]), fill=lit))
        g.add(path(_poly([P(um, 1.0), P(um, top - 0.04), P(u1 - 0.025, top), P(u1, 1.0)]), fill=body))
        g.add(path(_poly([P(um - 0.02, top - 0.02), P(um, top - 0.16), P(um + 0.02, top - 0.02)]), fill=body))
        rows = [_poly([P(c - 0.012, v), P(c + 0.012, v), P(c + 0.012, v + 0.035), P(c - 0.012, v + 0.035)])
                for v in (top + 0.12, top + 0.36) for c in (u0 + 0.045, um, u1 - 0.045)]
        g.add(path("".join(rows), fill=beams))
        if rare:
            g.add(path(_egg(*P(um, top - 0.2), w * 0.022), fill=gold))
    # The mosque's central tower.
    g.add(path(_poly([P(0.37, 1.0), P(0.42, 0.1), P(0.5, 0.06), P(0.5, 1.0)]), fill=lit))
    g.add(path(_poly([P(0.5, 1.0), P(0.5, 0.06), P(0.58, 0.1), P(0.63, 1.0)]), fill=body))
    g.add(path(_poly([P(0.475, 0.09), P(0.5, -0.06), P(0.525, 0.09)]), fill=body))
    stubs = [_poly([P(c - 0.012, v), P(c + 0.012, v), P(c + 0.012, v + 0.032), P(c - 0.012, v + 0.032)])
             for v in (0.2, 0.36, 0.52) for c in (0.44, 0.5, 0.56)]
    g.add(path("".join(stubs), fill=beams))
    if rare:
        g.add(path(_egg(*P(0.5, -0.1), w * 0.026), fill=gold))
    # The gate: an arch.
    gx0, gx1 = P(0.455, 0.0)[0], P(0.545, 0.0)[0]
    r = (gx1 - gx0) / 2
    g0 = P(0.0, 0.76)[1]
    g.add(path(f"M{_num(gx0)},{_num(y + h)}L{_num(gx0)},{_num(g0)}A{_num(r)},{_num(r)} 0 0,1 {_num(gx1)},{_num(g0)}"
               f"L{_num(gx1)},{_num(y + h)}Z", fill=gate))
    # Market awnings before the wall, striped in the colour and white.
    for u in (0.245, 0.64):
        stripe = []
        awn = [P(u, 0.74), P(u + 0.115, 0.74), P(u + 0.13, 0.82), P(u - 0.015, 0.82)]
        g.add(path(_poly(awn), fill=tone(style.WHITE, ink) if not ink.saver else style.WHITE))
        for k in range(3):
            a = u - 0.015 + k * 0.05
            stripe.append(_poly([P(a + 0.015 * (1 - 0.0), 0.74), P(a + 0.04, 0.74), P(a + 0.04 - 0.0, 0.82),
                                 P(a + 0.0, 0.82)]))
        g.add(path("".join(stripe), fill=shadow))
        g.add(path(_poly([P(u, 0.82), P(u + 0.01, 0.82), P(u + 0.01, 0.92), P(u, 0.92)]) +
                   _poly([P(u + 0.105, 0.82), P(u + 0.115, 0.82), P(u + 0.115, 0.92), P(u + 0.105, 0.92)]),
                   fill=beams))
    return g


def _egg(cx: float, cy: float, r: float) -> str:
    """The ostrich egg that crowns a Sahelian tower: a small upright ellipse (path)."""
    ry = r * 1.3
    return (f"M{_num(cx - r)},{_num(cy)}a{_num(r)},{_num(ry)} 0 1,0 {_num(2 * r)},0"
            f"a{_num(r)},{_num(ry)} 0 1,0 {_num(-2 * r)},0Z")


def dunes(geo, colours, seed_text: str, ink: style.Ink):
    """Sand dunes over the grid's rectangle of ``geo`` (``GridGeometry``): open sand, dune
    crests across the board with a lit slope above and a lee slope and deep shadow below,
    wind ripples as filled slivers and a stipple of grain.  ``colours``: the spec's sand
    roles; ``seed_text`` seeds the randomness (same text, same dunes).  All within the grid,
    so the border's art stays its own."""
    rnd = random.Random(zlib.crc32(seed_text.encode("utf-8")))
    x0, y0 = geo.border, geo.border
    w, h = geo.columns * geo.cell, geo.rows * geo.cell
    c = {k: tone(colours[k], ink, 0.72) for k in ("sand_light", "sand", "sand_shade", "sand_deep", "sand_grain")}
    g = group(id="dunes")
    g.add(rect(x0, y0, w, h, fill=c["sand"]))

    def clamp(px, py):
        return (min(max(px, x0), x0 + w), min(max(py, y0), y0 + h))

    # Straight chords of 2.5 mm: smooth in print, and quick to convert and to read back.
    step = 2.5
    xs = [x0 + k * step for k in range(int(w / step) + 1)]
    if xs[-1] < x0 + w:
        xs.append(x0 + w)
    crests = []
    count = 7
    for k in range(count):
        base = y0 + (k + 0.55) * h / count + rnd.uniform(-6, 6)
        a1, l1, p1 = rnd.uniform(5, 9), rnd.uniform(150, 240), rnd.uniform(0, 2 * math.pi)
        a2, l2, p2 = rnd.uniform(1.5, 3.5), rnd.uniform(50, 80), rnd.uniform(0, 2 * math.pi)
        d1, dl, dp = rnd.uniform(9, 15), rnd.uniform(90, 160), rnd.uniform(0, 2 * math.pi)
        crest = [(px, base + a1 * math.sin(2 * math.pi * (px - x0) / l1 + p1)
                  + a2 * math.sin(2 * math.pi * (px - x0) / l2 + p2)) for px in xs]
        depth = [d1 * (0.55 + 0.45 * math.sin(2 * math.pi * (px - x0) / dl + dp)) for px in xs]
        crests.append((crest, depth))
    light, shade, deep = [], [], []
    for crest, depth in crests:
        up = [clamp(px, py - dp * 0.9) for (px, py), dp in zip(crest, depth)]
        top = [clamp(px, py) for px, py in crest]
        low = [clamp(px, py + dp) for (px, py), dp in zip(crest, depth)]
        mid = [clamp(px, py + dp * 0.35) for (px, py), dp in zip(crest, depth)]
        light.append(_band(up, top))
        shade.append(_band(top, low))
        deep.append(_band(top, mid))
    g.add(path("".join(light), fill=c["sand_light"]))
    g.add(path("".join(shade), fill=c["sand_shade"]))
    g.add(path("".join(deep), fill=c["sand_deep"]))
    # Ripples: thin crescents across the wind, in open sand and on the lit slopes.
    ripples = []
    for _ in range(150):
        cx, cy = rnd.uniform(x0 + 6, x0 + w - 6), rnd.uniform(y0 + 4, y0 + h - 4)
        length, thick = rnd.uniform(5, 13), rnd.uniform(0.35, 0.7)
        tilt = rnd.uniform(-0.25, 0.25)
        bend = rnd.uniform(0.8, 1.8)
        dx, dy = math.cos(tilt) * length / 2, math.sin(tilt) * length / 2
        ax, ay, bx, by = cx - dx, cy - dy, cx + dx, cy + dy
        ripples.append(_poly(_crescent(ax, ay, bx, by, cx, cy, bend, thick)))
    g.add(path("".join(ripples), fill=c["sand_shade"]))
    grain = []
    for _ in range(700):
        px, py, r = rnd.uniform(x0 + 1, x0 + w - 1), rnd.uniform(y0 + 1, y0 + h - 1), rnd.uniform(0.18, 0.42)
        grain.append(_dot(px, py, r, 6))
    g.add(path("".join(grain), fill=c["sand_grain"]))
    return g


def _band(upper, lower) -> str:
    """The closed shape between two polylines of the same x's (upper left to right, lower
    back), as straight chords."""
    return _poly(list(upper) + list(reversed(lower)))


def _crescent(ax, ay, bx, by, cx, cy, bend, thick, n: int = 6):
    """A ripple: the sliver between two quadratic curves from a to b bulging to ``bend``
    and ``bend - 2 * thick`` above (cx, cy), as a polygon of ``2 n`` points."""
    def curve(lift):
        qx, qy = cx, cy - lift
        return [((1 - t) ** 2 * ax + 2 * (1 - t) * t * qx + t * t * bx,
                 (1 - t) ** 2 * ay + 2 * (1 - t) * t * qy + t * t * by) for t in (k / n for k in range(n + 1))]
    return curve(bend) + list(reversed(curve(bend - 2 * thick)))[1:-1]


def _dot(cx: float, cy: float, r: float, sides: int = 8) -> str:
    """A small filled dot as a polygon of ``sides`` (round at grain size)."""
    return _poly([(cx + r * math.cos(2 * math.pi * k / sides), cy + r * math.sin(2 * math.pi * k / sides))
                  for k in range(sides)])
