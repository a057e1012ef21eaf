"""Samarkand's illustrations: each good as a small still life, the card faces and back, the
merchants' figures, the board's map pictures.

One style for the whole kit: Fluent Emoji (flat) pictures (``data/icons/names/fluent-emoji-flat/
samarkand.txt``) composed with flat shapes drawn here (sacks, carpets, a casket, a copper tray,
dunes, tents) and Islamic geometric ornament (``pnp.components.girih``) for backs, frames and
grounds.  The palette follows the tilework of the Registan: cobalt, turquoise, ochre and cream.

Every picture is drawn in a box (x, y, w, h in mm, trim coordinates) so the same still life
serves a card, a market token and a price table.  ``ink``: ``style.SAVER`` gives the light
version: every colour of a picture mixed with white (``art.pale``), grounds left as paper.
"""

from __future__ import annotations

import math

from pnp.components import style
from pnp.components.cutouts import add_standee_folds
from pnp.components.art import art_icon, pale
from pnp.components.girih import frame_group, pattern_group, subpath
from pnp.components.svg import Face, circle, group, path, polygon, rect, text_block, _num
from pnp.components.text import fit
from pnp.geometry import SAFE_MM

SET = "fluent-emoji-flat"

# Registan tilework
COBALT = "#1E4E8C"
TURQUOISE = "#2A9D8F"
OCHRE = "#C9A24A"
CREAM = "#F4E8CC"
WOOD = "#7A3E1E"
GOLD = "#D9A93A"
SACK = "#C9A46A"

#: How much white the ink saver mixes into every colour of a picture.
SAVER_PALE = 0.62

#: The picture in a good's corner index (a Fluent icon, or None: drawn here).
INDEX_ICON = {"grain": None, "fruit": "grapes", "copper": "amphora", "carpets": None,
              "camels": "two-hump-camel", "jewels": "gem-stone"}

#: The banknotes' vignettes (Fluent Emoji, flat), lowest value first: an oasis palm, a copper
#: teapot, a Bactrian camel of the Silk Road, Samarkand's mosque, a crown.
NOTE_VIGNETTES = ("palm-tree", "teapot", "two-hump-camel", "mosque", "crown")
#: The banknotes' hues, lowest value first: orange 5, plum 10, sky 20, green 50, yellow 100.
#: Each its own hue and its own lightness; the printed notes as a whole come out at L* 37, 48,
#: 63, 77, 89 (in lightness order: plum, green, orange, sky, yellow), at least 9 L* apart under
#: deuteranopia and protanopia as well (tests/test_money.py).  The lightest go to the values
#: printed most often (at 5 players 24 hundreds and 13 twenties of 60 notes: game.yaml
#: ``banknotes``), so a sheet of plain paper carries as little ink as the set allows (the dark
#: plum was on the 24 hundreds, the heaviest sheet of the kit); and no two neighbours in value
#: are neighbours in grey.
NOTE_COLOURS = ("#D9742B", "#330A2A", "#6BCFE4", "#23683D", "#FBEE9E")


def _p(ink, colour: str) -> str:
    """A picture's colour under ``ink``: itself, or paler for the ink saver."""
    return pale(colour, SAVER_PALE) if ink.saver else colour


def _recolour(ink, base=None):
    if base is None and not ink.saver:
        return None
    if base is None:
        return lambda c: pale(c, SAVER_PALE)
    if not ink.saver:
        return base
    return lambda c: pale(base(c), SAVER_PALE)


def icon_at(name: str, cx: float, cy: float, size: float, ink, recolour=None, flip: bool = False):
    """A Fluent icon ``size`` mm square centred on (cx, cy); ``flip`` mirrors it left to right."""
    g = art_icon(SET, name, cx - size / 2, cy - size / 2, size, recolour=_recolour(ink, recolour))
    if not flip:
        return g
    outer = group(transform=f"translate({_num(2 * cx)},0) scale(-1,1)")
    outer.add(g)
    return outer


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, **attrs):
    """An ellipse as a polygon of chords no longer than about 1 mm (the soft shadows it draws
    show no corner at that length; light to convert and to read back)."""
    n = max(10, min(40, math.ceil(2 * math.pi * max(rx, ry) / 1.0)))
    return polygon([(round(cx + rx * math.cos(2 * math.pi * k / n), 3), round(cy + ry * math.sin(2 * math.pi * k / n), 3))
                    for k in range(n)], fill=fill, **attrs)


#: How far the camels of the Camels still life are darkened (towards black).
CAMEL_DARKER = 0.45


def camel_tone(colour: str) -> str:
    """A camel's colour darkened by ``CAMEL_DARKER``: dark camels against light dunes."""
    return style.darker(colour, CAMEL_DARKER)


def copper_tone(colour: str) -> str:
    """Any colour of a picture as copper of the same lightness (a Fluent amphora or teapot
    becomes beaten copper)."""
    v = colour.lstrip("#")
    r, g, b = (int(v[i:i + 2], 16) for i in (0, 2, 4))
    light = (0.299 * r + 0.587 * g + 0.114 * b) / 255
    ramp = [(0.0, "#3E1F0E"), (0.35, "#7A3F1D"), (0.6, "#B8693A"), (0.8, "#E39B62"), (1.0, "#F8D3AE")]
    for (l0, c0), (l1, c1) in zip(ramp, ramp[1:]):
        if light <= l1:
            return style.mix(c0, c1, (light - l0) / (l1 - l0))
    return ramp[-1][1]


# ----------------------------------------------------------------------------- pieces drawn here
def sack(cx: float, base: float, w: float, h: float, ink, fill: str = SACK, grain: str = "#E9C46A"):
    """A tied burlap sack standing on ``base`` (its foot), open at the top with grain showing."""
    g = group()
    dark = style.darker(fill, 0.3)
    neck_y = base - 0.8 * h
    g.add(ellipse(cx, base, 0.52 * w, 0.07 * h, _p(ink, "#000000"), fill_opacity="0.18"))
    body = (f"M{_num(cx - 0.13 * w)},{_num(neck_y)} C{_num(cx - 0.4 * w)},{_num(neck_y + 0.12 * h)} "
            f"{_num(cx - 0.52 * w)},{_num(base - 0.52 * h)} {_num(cx - 0.5 * w)},{_num(base - 0.22 * h)} "
            f"C{_num(cx - 0.49 * w)},{_num(base - 0.02 * h)} {_num(cx - 0.28 * w)},{_num(base)} {_num(cx)},{_num(base)} "
            f"C{_num(cx + 0.28 * w)},{_num(base)} {_num(cx + 0.49 * w)},{_num(base - 0.02 * h)} "
            f"{_num(cx + 0.5 * w)},{_num(base - 0.22 * h)} C{_num(cx + 0.52 * w)},{_num(base - 0.52 * h)} "
            f"{_num(cx + 0.4 * w)},{_num(neck_y + 0.12 * h)} {_num(cx + 0.13 * w)},{_num(neck_y)} Z")
    g.add(path(body, fill=_p(ink, fill)))
    # shading on the right flank and a few weave marks
    shade = (f"M{_num(cx + 0.18 * w)},{_num(neck_y + 0.1 * h)} C{_num(cx + 0.42 * w)},{_num(base - 0.5 * h)} "
             f"{_num(cx + 0.45 * w)},{_num(base - 0.15 * h)} {_num(cx + 0.2 * w)},{_num(base - 0.02 * h)} "
             f"C{_num(cx + 0.38 * w)},{_num(base - 0.2 * h)} {_num(cx + 0.36 * w)},{_num(base - 0.5 * h)} "
             f"{_num(cx + 0.18 * w)},{_num(neck_y + 0.1 * h)} Z")
    g.add(path(shade, fill=_p(ink, dark), fill_opacity="0.45"))
    for k in range(3):
        yy = base - (0.2 + 0.17 * k) * h
        g.add(rect(cx - 0.3 * w, yy, 0.6 * w * (1 - 0.15 * k), 0.025 * h, fill=_p(ink, dark), fill_opacity="0.35"))
    # the open mouth with grain, the cord round the neck
    mouth_y = neck_y - 0.1 * h
    g.add(polygon([(cx - 0.13 * w, neck_y), (cx - 0.26 * w, mouth_y), (cx + 0.26 * w, mouth_y), (cx + 0.13 * w, neck_y)],
                  fill=_p(ink, style.lighter(fill, 0.15))))
    g.add(ellipse(cx, mouth_y, 0.26 * w, 0.06 * h, _p(ink, dark)))
    g.add(ellipse(cx, mouth_y - 0.015 * h, 0.22 * w, 0.06 * h, _p(ink, grain)))
    for k in range(5):
        gx = cx + (k - 2) * 0.07 * w
        g.add(ellipse(gx, mouth_y - 0.03 * h + (k % 2) * 0.02 * h, 0.025 * w, 0.015 * h, _p(ink, style.darker(grain, 0.2))))
    g.add(rect(cx - 0.15 * w, neck_y - 0.02 * h, 0.3 * w, 0.05 * h, fill=_p(ink, "#6B4423"), radius=0.3))
    return g


def oval_points(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0, n: int = 10):
    """Points of a small ellipse turned by ``angle`` radians."""
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for k in range(n):
        t = 2 * math.pi * k / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((round(cx + x * ca - y * sa, 3), round(cy + x * sa + y * ca, 3)))
    return pts


class Shapes:
    """Closed shapes collected by fill and drawn as one path per fill (many small shapes of
    one colour cost a PDF converter one element, not hundreds)."""

    def __init__(self):
        self.parts: dict[str, list[str]] = {}

    def add(self, points, fill: str) -> None:
        self.parts.setdefault(fill, []).append(subpath(points))

    def group(self, **attrs):
        g = group()
        for fill, parts in self.parts.items():
            g.add(path(" ".join(parts), fill=fill, **attrs))
        return g


def wheat_sheaf(cx: float, base: float, h: float, ink, stalks: int = 7):
    """A standing sheaf of wheat ``h`` mm tall on ``base``: stalks fanning out above and below a
    cord, each ending in an ear of paired kernels."""
    g = group()
    straw, straw_dark = _p(ink, "#E2B74E"), _p(ink, "#B8862C")
    kernel, kernel_dark = _p(ink, "#F0C75A"), _p(ink, "#C99A33")
    tie_y = base - h * 0.42
    g.add(ellipse(cx, base, h * 0.24, h * 0.035, _p(ink, "#000000"), fill_opacity="0.18"))
    shapes = Shapes()
    for i in range(stalks):
        f = (i - (stalks - 1) / 2) / ((stalks - 1) / 2)           # -1 .. 1
        top = (cx + f * h * 0.3, base - h * (0.98 - 0.08 * abs(f)))
        foot = (cx + f * h * 0.2, base)
        for (x0, y0), (x1, y1) in (((cx + f * h * 0.02, tie_y), top), (foot, (cx + f * h * 0.02, tie_y))):
            dx, dy = x1 - x0, y1 - y0
            n = math.hypot(dx, dy)
            ox, oy = -dy / n * h * 0.012, dx / n * h * 0.012
            shapes.add([(x0 - ox, y0 - oy), (x1 - ox, y1 - oy), (x1 + ox, y1 + oy), (x0 + ox, y0 + oy)],
                       straw if i % 2 else straw_dark)
        # the ear: kernels in pairs along the top 30 % of the stalk
        ang = math.atan2(top[1] - tie_y, top[0] - (cx + f * h * 0.02))
        ux, uy = math.cos(ang), math.sin(ang)
        for k in range(6):
            t = h * (0.04 + 0.05 * k)
            px, py = top[0] - ux * t, top[1] - uy * t
            for side in (-1, 1):
                off = h * 0.03
                shapes.add(oval_points(px - uy * off * side, py + ux * off * side, h * 0.035, h * 0.018, ang + side * 0.5),
                           kernel if (k + side) % 2 else kernel_dark)
        shapes.add(oval_points(top[0] + ux * h * 0.02, top[1] + uy * h * 0.02, h * 0.03, h * 0.015, ang), kernel)
    g.add(shapes.group())
    g.add(rect(cx - h * 0.1, tie_y - h * 0.025, h * 0.2, h * 0.05, fill=_p(ink, "#8A5A2B"), radius=0.3))
    return g


def rolled_carpet(x: float, y: float, length: float, d: float, colours: tuple[str, str, str], ink):
    """A carpet rolled up, lying along x from (x, y) (top-left of the roll), ``d`` mm thick."""
    field, border, trim = (_p(ink, c) for c in colours)
    g = group()
    g.add(ellipse(x + length / 2, y + d * 0.98, length / 2 + d * 0.3, d * 0.18, _p(ink, "#000000"), fill_opacity="0.18"))
    g.add(rect(x, y, length, d, fill=field))
    for k in (0.12, 0.8):
        g.add(rect(x + length * k, y, length * 0.08, d, fill=border))
    g.add(rect(x, y + d * 0.42, length, d * 0.16, fill=trim, fill_opacity="0.8"))
    g.add(rect(x, y + d * 0.72, length, d * 0.14, fill=_p(ink, "#000000"), fill_opacity="0.15"))
    # the spiral end
    ex = x + length
    g.add(ellipse(ex, y + d / 2, d * 0.28, d / 2, border))
    g.add(ellipse(ex, y + d / 2, d * 0.2, d * 0.36, field))
    g.add(ellipse(ex, y + d / 2, d * 0.12, d * 0.22, border))
    g.add(ellipse(ex, y + d / 2, d * 0.05, d * 0.09, _p(ink, "#3A1A10")))
    # a fringe at the far end
    for k in range(5):
        g.add(rect(x - d * 0.18, y + d * (0.1 + 0.18 * k), d * 0.2, d * 0.08, fill=_p(ink, CREAM)))
    return g


def flat_carpet(x: float, y: float, w: float, h: float, slant: float, colours: tuple[str, str, str], ink,
                pattern: str = "khatam"):
    """A carpet laid out flat, seen from above at an angle: a parallelogram whose far edge (y)
    is ``slant`` mm to the right of its near edge (y + h); border, girih field, fringe."""
    field, border, trim = colours
    # local carpet coordinates (0..w, 0..h) mapped onto the parallelogram
    g = group(transform=f"matrix(1,0,{_num(-slant / h)},1,{_num(x + slant)},{_num(y)})")
    g.add(rect(0.6, 0.9, w, h, fill=_p(ink, "#000000"), fill_opacity="0.18"))
    g.add(rect(0, 0, w, h, fill=_p(ink, border)))
    b = min(w, h) * 0.14
    g.add(rect(b * 0.35, b * 0.35, w - b * 0.7, h - b * 0.7, fill=_p(ink, trim)))
    inner = (b, b, w - b, h - b)
    g.add(pattern_group(pattern, inner, (inner[3] - inner[1]) / 2.0, max(0.25, (inner[3] - inner[1]) / 30),
                        (_p(ink, border), _p(ink, trim), _p(ink, style.darker(field, 0.25))), _p(ink, field),
                        origin=((inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2)))
    for k in range(int(w / 1.6)):
        g.add(rect(0.4 + k * 1.6, h, 0.7, 1.6, fill=_p(ink, CREAM)))
    return g


def casket(cx: float, base: float, w: float, h: float, ink):
    """An open jewel casket standing on ``base``: a wooden chest with gold bands and its lid raised."""
    g = group()
    wood, dark, gold = _p(ink, WOOD), _p(ink, "#4E240F"), _p(ink, GOLD)
    body_h = 0.55 * h
    top = base - body_h
    g.add(ellipse(cx, base, 0.56 * w, 0.06 * h, _p(ink, "#000000"), fill_opacity="0.2"))
    # the lid, open and leaning back
    lid_top = top - 0.45 * h
    g.add(polygon([(cx - 0.5 * w, top), (cx - 0.44 * w, lid_top), (cx + 0.44 * w, lid_top), (cx + 0.5 * w, top)], fill=dark))
    g.add(polygon([(cx - 0.44 * w, top - 0.02 * h), (cx - 0.39 * w, lid_top + 0.05 * h), (cx + 0.39 * w, lid_top + 0.05 * h),
                   (cx + 0.44 * w, top - 0.02 * h)], fill=_p(ink, "#9E2B3A")))      # velvet lining
    g.add(rect(cx - 0.46 * w, lid_top - 0.02 * h, 0.92 * w, 0.06 * h, fill=gold, radius=0.4))
    return g, (wood, dark, gold, top, body_h)


def casket_front(g, cx: float, base: float, w: float, h: float, parts, ink):
    wood, dark, gold, top, body_h = parts
    g.add(rect(cx - 0.5 * w, top, w, body_h, fill=wood, radius=0.8))
    g.add(rect(cx - 0.5 * w, top, w, 0.09 * h, fill=gold))
    g.add(rect(cx - 0.5 * w, base - 0.08 * h, w, 0.08 * h, fill=gold))
    for k in (-0.32, 0.32):
        g.add(rect(cx + k * w - 0.04 * w, top, 0.08 * w, body_h, fill=gold))
    g.add(rect(cx - 0.08 * w, top + 0.12 * h, 0.16 * w, 0.2 * h, fill=gold, radius=0.6))
    g.add(circle(cx, top + 0.2 * h, 0.025 * w, fill=dark))
    g.add(rect(cx - 0.01 * w, top + 0.2 * h, 0.02 * w, 0.07 * h, fill=dark))


def copper_tray(cx: float, cy: float, r: float, ink):
    """A round beaten-copper tray standing on edge, chased with an 8-pointed star."""
    g = group()
    g.add(circle(cx, cy, r, fill=_p(ink, "#7A3F1D")))
    g.add(circle(cx, cy, r * 0.9, fill=_p(ink, "#C77B45")))
    g.add(circle(cx, cy, r * 0.78, fill=_p(ink, "#B8693A")))
    star = []
    for k in range(16):
        rr = r * (0.62 if k % 2 == 0 else 0.36)
        a = math.pi * k / 8 + math.pi / 8
        star.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    g.add(polygon(star, fill=_p(ink, "#E39B62")))
    g.add(circle(cx, cy, r * 0.2, fill=_p(ink, "#8E4A22")))
    g.add(ellipse(cx - r * 0.35, cy - r * 0.45, r * 0.25, r * 0.1, _p(ink, "#F8D3AE"), fill_opacity="0.6"))
    return g


def dunes(x: float, y: float, w: float, h: float, ink, colours=("#E7C590", "#D9AE6E")):
    """Two sand dunes across the lower part of a box."""
    g = group()
    for k, colour in enumerate(colours):
        top = y + h * (0.55 + 0.15 * k)
        d = (f"M{_num(x)},{_num(y + h)} L{_num(x)},{_num(top + h * 0.08)} "
             f"C{_num(x + w * 0.3)},{_num(top - h * 0.12)} {_num(x + w * 0.55)},{_num(top + h * 0.1)} "
             f"{_num(x + w * (0.75 - 0.2 * k))},{_num(top)} C{_num(x + w * 0.9)},{_num(top - h * 0.05)} "
             f"{_num(x + w)},{_num(top + h * 0.02)} {_num(x + w)},{_num(top + h * 0.02)} L{_num(x + w)},{_num(y + h)} Z")
        g.add(path(d, fill=_p(ink, colour)))
    return g


def yurt(cx: float, base: float, w: float, ink, felt: str = "#FBF5E6", band: str = "#B5452F"):
    """A nomad's yurt: a felt drum under a dome, a coloured band and a door."""
    g = group()
    h = w * 0.75
    wall_top = base - h * 0.45
    g.add(ellipse(cx, base, w * 0.58, w * 0.08, _p(ink, "#000000"), fill_opacity="0.2"))
    g.add(rect(cx - w / 2, wall_top, w, base - wall_top, fill=_p(ink, felt)))
    dome = (f"M{_num(cx - w / 2)},{_num(wall_top)} C{_num(cx - w * 0.45)},{_num(base - h * 0.9)} "
            f"{_num(cx - w * 0.1)},{_num(base - h)} {_num(cx)},{_num(base - h)} "
            f"C{_num(cx + w * 0.1)},{_num(base - h)} {_num(cx + w * 0.45)},{_num(base - h * 0.9)} "
            f"{_num(cx + w / 2)},{_num(wall_top)} Z")
    g.add(path(dome, fill=_p(ink, "#D9C08E")))
    g.add(rect(cx - w * 0.02, base - h * 0.98, w * 0.04, h * 0.5, fill=_p(ink, "#B89B66")))
    g.add(rect(cx - w / 2, wall_top, w, h * 0.08, fill=_p(ink, band)))
    g.add(rect(cx - w / 2, base - h * 0.12, w, h * 0.05, fill=_p(ink, band)))
    g.add(rect(cx - w * 0.12, base - h * 0.33, w * 0.24, h * 0.33, fill=_p(ink, "#7A3E1E"), radius=0.3))
    g.add(rect(cx - w * 0.05, base - h * 1.02, w * 0.1, h * 0.05, fill=_p(ink, "#7A3E1E")))
    return g


# ----------------------------------------------------------------------------- still lifes
def still_life(good: str, x: float, y: float, w: float, h: float, ink):
    """The still life of ``good`` (a goods id of data/samarkand/game.yaml) in the box (x, y, w, h):
    the floor line lies at 82 % of the height; the pictures stand on it."""
    g = group(id=f"still-life-{good}")
    floor = y + h * 0.86
    unit = min(w, h)
    if good == "grain":
        g.add(wheat_sheaf(x + w * 0.5, floor - unit * 0.05, unit * 0.76, ink))      # its ears stay in the box
        g.add(wheat_sheaf(x + w * 0.85, floor, unit * 0.55, ink, stalks=5))
        g.add(sack(x + w * 0.68, floor - unit * 0.01, unit * 0.42, unit * 0.5, ink))
        g.add(sack(x + w * 0.3, floor + unit * 0.03, unit * 0.5, unit * 0.6, ink, fill="#B88D55"))
        g.add(ellipse(x + w * 0.9, floor + unit * 0.035, unit * 0.1, unit * 0.03, _p(ink, "#E9C46A")))
    elif good == "fruit":
        g.add(icon_at("melon", x + w * 0.36, floor - unit * 0.44, unit * 0.36, ink))
        g.add(icon_at("grapes", x + w * 0.62, floor - unit * 0.46, unit * 0.38, ink, flip=True))
        g.add(icon_at("pear", x + w * 0.5, floor - unit * 0.5, unit * 0.26, ink))
        g.add(icon_at("basket", x + w * 0.5, floor - unit * 0.22, unit * 0.6, ink))
        g.add(icon_at("peach", x + w * 0.16, floor - unit * 0.07, unit * 0.2, ink))
        g.add(icon_at("grapes", x + w * 0.86, floor - unit * 0.08, unit * 0.2, ink))
    elif good == "copper":
        g.add(copper_tray(x + w * 0.36, floor - unit * 0.4, unit * 0.33, ink))
        g.add(ellipse(x + w * 0.5, floor, unit * 0.44, unit * 0.05, _p(ink, "#000000"), fill_opacity="0.18"))
        g.add(icon_at("amphora", x + w * 0.72, floor - unit * 0.3, unit * 0.6, ink, copper_tone))
        g.add(icon_at("teapot", x + w * 0.32, floor - unit * 0.16, unit * 0.38, ink, copper_tone))
        g.add(icon_at("jar", x + w * 0.1, floor - unit * 0.09, unit * 0.2, ink, copper_tone))
    elif good == "carpets":
        colours = ("#9E2B3A", "#1E4E8C", "#E9C46A")
        g.add(rolled_carpet(x + w * 0.1, floor - unit * 0.7, w * 0.6, unit * 0.14, ("#1E4E8C", "#9E2B3A", "#E9C46A"), ink))
        g.add(rolled_carpet(x + w * 0.24, floor - unit * 0.57, w * 0.6, unit * 0.14, ("#2A9D8F", "#7A2A1E", CREAM), ink))
        g.add(flat_carpet(x + w * 0.05, floor - unit * 0.4, w * 0.8, unit * 0.36, unit * 0.1, colours, ink))
    elif good == "camels":
        g.add(circle(x + w * 0.78, y + h * 0.3, unit * 0.1, fill=_p(ink, "#F3B33D")))
        g.add(dunes(x, y + h * 0.2, w, h * 0.8, ink))
        # the set's tan camels darkened: on tan dunes they washed out in a greyscale print
        g.add(icon_at("camel", x + w * 0.26, floor - unit * 0.36, unit * 0.36, ink, camel_tone))
        g.add(icon_at("two-hump-camel", x + w * 0.55, floor - unit * 0.3, unit * 0.62, ink, camel_tone, flip=True))
    elif good == "jewels":
        lid, parts = casket(x + w * 0.5, floor, unit * 0.62, unit * 0.5, ink)
        g.add(lid)
        # the hoard inside, heaped above the casket's rim
        rim = parts[3]
        g.add(icon_at("crown", x + w * 0.5, rim - unit * 0.08, unit * 0.24, ink))
        for k, (dx, s) in enumerate(((-0.17, 0.15), (0.17, 0.14), (0.0, 0.12))):
            g.add(icon_at("gem-stone", x + w * (0.5 + dx), rim - unit * 0.01, unit * s, ink))
        casket_front(g, x + w * 0.5, floor, unit * 0.62, unit * 0.5, parts, ink)
        g.add(icon_at("prayer-beads", x + w * 0.2, floor - unit * 0.12, unit * 0.26, ink))
        g.add(icon_at("ring", x + w * 0.84, floor - unit * 0.06, unit * 0.16, ink))
        g.add(icon_at("gem-stone", x + w * 0.72, floor - unit * 0.03, unit * 0.1, ink))
    else:
        raise ValueError(f"no still life for good {good!r}")
    return g


def index_picture(good: str, cx: float, cy: float, size: float, ink):
    """The small picture of a good's corner index."""
    name = INDEX_ICON.get(good)
    if name:
        return icon_at(name, cx, cy, size, ink, copper_tone if good == "copper" else None)
    g = group()
    if good == "grain":
        g.add(wheat_sheaf(cx, cy + size * 0.48, size, ink, stalks=5))
        return g
    g.add(rolled_carpet(cx - size * 0.42, cy - size * 0.22, size * 0.7, size * 0.44, ("#9E2B3A", "#1E4E8C", "#E9C46A"), ink))
    return g


# ----------------------------------------------------------------------------- card faces
def arch_path(x0: float, y0: float, x1: float, y1: float, rise: float) -> str:
    """A pointed (two-centred) arch over the box: straight sides from the foot up to ``rise``
    mm below the apex, then two arcs meeting at the apex (x centre, y0)."""
    w = x1 - x0
    r = w * 0.8
    spring = y0 + rise
    cx = (x0 + x1) / 2
    return (f"M{_num(x0)},{_num(y1)} L{_num(x0)},{_num(spring)} A{_num(r)},{_num(r)} 0 0,1 {_num(cx)},{_num(y0)} "
            f"A{_num(r)},{_num(r)} 0 0,1 {_num(x1)},{_num(spring)} L{_num(x1)},{_num(y1)} Z")


#: How light each good's niche ground is, as a factor on the share of white in its tints
#: (1: the common pale niche): grain's niche near paper, fruit's and the camels' niches
#: deeper tints of their colours, so that the three light goods' whole cards (not only their
#: borders) lie 8 L* and more apart in grey and for colour-blind players.
NICHE_LIGHT: dict[str, float] = {"grain": 1.25, "fruit": 0.25, "camels": 0.22}
#: Share of the good's colour mixed into the cream of the card's panel, name plates and
#: the field round the index corners (below 0: that share of white instead, grain's paper
#: whiter than cream): with ``NICHE_LIGHT``, what separates the light goods (text stays ink).
PANEL_TINT: dict[str, float] = {"grain": -0.8, "fruit": 0.6, "camels": 0.9}


def scene(good: str, colour: str, x: float, y: float, w: float, h: float, ink, frame_fill: str):
    """A still life in an arched niche: a faint girih ground tinted by the good's colour, the
    floor, the pictures, then the spandrels (``frame_fill``) and a band round the arch."""
    g = group()
    k = NICHE_LIGHT.get(good, 1.0)
    back = _p(ink, style.lighter(colour, min(0.95, 0.78 * k))) if not ink.saver else style.lighter(colour, 0.93)
    g.add(pattern_group("khatam", (x, y, x + w, y + h * 0.86), w / 3.0, w / 60,
                        (_p(ink, style.lighter(colour, min(0.9, 0.62 * k))), _p(ink, style.lighter(colour, min(0.92, 0.7 * k))),
                         _p(ink, style.lighter(colour, min(0.88, 0.55 * k)))), back, origin=(x + w / 2, y + h * 0.3)))
    g.add(rect(x, y + h * 0.86, w, h * 0.14, fill=_p(ink, style.lighter(colour, min(0.8, 0.45 * k))) if not ink.saver
               else style.lighter(colour, 0.85)))
    g.add(rect(x, y + h * 0.86, w, h * 0.015, fill=_p(ink, style.darker(colour, 0.2)), fill_opacity="0.5"))
    g.add(still_life(good, x, y, w, h, ink))
    rise = w * 0.42
    outer = f"M{_num(x - 0.05)},{_num(y - 0.05)} H{_num(x + w + 0.05)} V{_num(y + h + 0.05)} H{_num(x - 0.05)} Z "
    g.add(path(outer + arch_path(x, y, x + w, y + h + 0.05, rise), fill=frame_fill, fill_rule="evenodd"))
    band = ink.width(1.1)
    inner = arch_path(x + band, y + band * 1.6, x + w - band, y + h + 0.05, rise - band * 0.6)
    g.add(path(arch_path(x, y, x + w, y + h + 0.05, rise) + " " + inner,
               fill=_p(ink, style.darker(colour, 0.35)), fill_rule="evenodd"))
    return g


def pips(cx: float, cy: float, size: float, count: int, fill: str):
    """Die pips (1-6) in a ``size`` mm square centred on (cx, cy)."""
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[count]
    g = group()
    step = size * 0.3
    for dx, dy in spots:
        g.add(circle(cx + dx * step, cy + dy * step, size * 0.12, fill=fill))
    return g


#: How far each good's card frame is darkened from its colour (towards black; below 0:
#: lightened, towards white): the printed
#: borders (frame band, mean L*) step 8 L* and more apart, jewels darkest to grain lightest.
CARD_BORDER_DARKER: dict[str, float] = {"grain": -0.45, "fruit": -0.2, "camels": 0.0, "copper": 0.15,
                                         "carpets": 0.3, "jewels": 0.85}


def good_card(face_name: str, component: str, width: float, height: float, bleed: float, title: str,
              good: str, colour: str, rarity: int, where: str, ink=style.NORMAL) -> Face:
    """Front of a commodity card: the good's still life in an arched niche, its name on a plate
    at the head and again, upside down, at the foot (for players across the table), an index
    in two corners (the good's picture over die pips: 1 for the commonest good, 6 for the
    rarest), inside a girih frame in the good's colour.

    The card edge is one flat colour (``style.FRAME``, paper with the ink saver), so cards may
    abut on one cut.  Raises LayoutError / FontError when the name does not fit its plate.
    """
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(style.FRAME)))
    inset = SAFE_MM
    # the frame's colour: the good's, darkened for some (CARD_BORDER_DARKER), so the printed
    # borders of the six goods lie 8 L* apart in grey and for colour-blind players
    tone = CARD_BORDER_DARKER.get(good, 0.0)
    frame = style.darker(colour, tone) if tone >= 0 else style.lighter(colour, -tone)
    field = _p(ink, frame) if not ink.saver else style.lighter(colour, 0.8)
    art.add(rect(inset, inset, width - 2 * inset, height - 2 * inset, fill=field, radius=2.5,
                 **({"stroke": colour, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
    band_w = 4.2
    dark = style.darker(frame, 0.45)
    # The small crosses (the pattern's second class, over half its outline points) take the
    # ground's tint, laid once under the band: the frame converts in half the time and still
    # reads as stars and tiles in the good's colours.
    frame_ground = _p(ink, style.lighter(frame, 0.35))
    art.add(frame_group("khatam", inset + 0.6, inset + 0.6, width - 2 * inset - 1.2, height - 2 * inset - 1.2, band_w,
                        band_w / 14, (_p(ink, dark), "none", _p(ink, style.lighter(frame, 0.6))), frame_ground))
    panel_in = inset + 0.6 + band_w + 0.5
    paper = _p(ink, CREAM) if not ink.saver else style.WHITE
    tint = PANEL_TINT.get(good, 0.0)
    panel = (_p(ink, style.mix(CREAM, colour, tint) if tint >= 0 else style.lighter(CREAM, -tint)) if not ink.saver
             else paper)
    art.add(rect(panel_in, panel_in, width - 2 * panel_in, height - 2 * panel_in, fill=panel, radius=1.5))
    # name plates and corner indices
    corner_w, corner_h = 11.0, 17.5
    plate_x = inset + 0.6 + corner_w + 1.2
    plate_w, plate_h = width - 2 * plate_x, 9.6
    plate_y = panel_in + 0.8
    edge = style.darker(colour, 0.35)
    name = fit(title, "display", plate_w - 4, plate_h - 3, 7.5, 3.0, where, max_lines=1)
    art_top = plate_y + plate_h + 1.0
    art_bottom = height - art_top
    art.add(scene(good, colour, panel_in + 0.8, art_top, width - 2 * panel_in - 1.6, art_bottom - art_top, ink, paper))
    for rotation in (0, 180):
        g = group(transform=f"rotate({rotation} {_num(width / 2)} {_num(height / 2)})")
        g.add(rect(plate_x, plate_y, plate_w, plate_h, fill=panel, stroke=_p(ink, edge), stroke_mm=ink.width(0.7), radius=2))
        g.add(text_block(name, width / 2, plate_y + (plate_h - name.height) / 2 - 0.3, style.INK, "middle", where))
        cx0, cy0 = inset + 0.6, inset + 0.6
        g.add(rect(cx0, cy0, corner_w, corner_h, fill=paper, stroke=_p(ink, edge), stroke_mm=ink.width(0.7), radius=2))
        g.add(index_picture(good, cx0 + corner_w / 2, cy0 + 5.0, 8.0, ink))
        g.add(pips(cx0 + corner_w / 2, cy0 + 13.0, 6.4, rarity, edge if not ink.saver else style.darker(colour, 0.2)))
        art.add(g)
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(style.FRAME))


#: Nothing but full-bleed ornament lies this close to the trim of a card back (mm).
BACK_CLEAR_MM = 4.0


def card_back(face_name: str, component: str, width: float, height: float, bleed: float, title: str,
              subtitle: str, where: str, ink=style.NORMAL) -> Face:
    """The deck's back: an 8-fold girih of cobalt stars and turquoise crosses over the whole
    card and its bleed (a duplex error of 2 mm shifts a pattern, it shows no edge), a rosette
    at the centre and the title on two cartouches, the same after a half turn.  Saver: the
    same pattern in pale tints on paper."""
    art = group()
    box = (-bleed, -bleed, width + bleed, height + bleed)
    fills = (COBALT, TURQUOISE, OCHRE)
    ground = CREAM
    if ink.saver:
        fills = tuple(pale(c, 0.8) for c in fills)
        ground = None
    period = width / 4.5
    pat = pattern_group("khatam", box, period, period / 14, fills, ground, origin=(width / 2, height / 2),
                        class_="pattern")
    art.add(pat)
    cx, cy = width / 2, height / 2
    # rosette: a 16-pointed star medallion
    r = width * 0.26
    star = []
    for k in range(32):
        rr = r if k % 2 == 0 else r * 0.82
        a = math.pi * k / 16
        star.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    art.add(polygon(star, fill=_p(ink, OCHRE) if not ink.saver else style.WHITE,
                    **({"stroke": style.FRAME, "stroke_mm": ink.width(0.8)} if ink.saver else {})))
    art.add(circle(cx, cy, r * 0.76, fill=_p(ink, COBALT) if not ink.saver else style.WHITE))
    inner = []
    for k in range(16):
        rr = r * (0.66 if k % 2 == 0 else 0.4)
        a = math.pi * k / 8 + math.pi / 8
        inner.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    art.add(polygon(inner, fill=_p(ink, CREAM) if not ink.saver else pale(COBALT, 0.85)))
    art.add(icon_at("two-hump-camel", cx, cy, r * 0.8, ink))
    # title cartouches, head and foot
    from pnp.components.cards import back_cartouches
    for g in back_cartouches(width, height, title, subtitle, where, plate_top=BACK_CLEAR_MM + 3.0,
                             outline_mm=ink.width(0.8), fill=style.WHITE if ink.saver else CREAM,
                             stroke=style.FRAME if ink.saver else COBALT, text_colour=style.FRAME,
                             clear_mm=BACK_CLEAR_MM):
        art.add(g)
    # the pattern runs on through the bleed: a neighbour's bleed under a shared cut shows the same pattern
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(CREAM))


# ----------------------------------------------------------------------------- merchants
def merchant(cx: float, foot_y: float, h: float, colour: str, ink):
    """A merchant standing on ``foot_y``, ``h`` mm tall: a long striped robe (chapan) in the
    player's colour with a gold sash, and a turbaned head (Fluent)."""
    g = group()
    robe, dark = _p(ink, colour), _p(ink, style.darker(colour, 0.35))
    light = _p(ink, style.lighter(colour, 0.35))
    head = h * 0.36
    shoulder_y = foot_y - h + head * 0.82
    w = h * 0.5
    g.add(ellipse(cx, foot_y, w * 0.55, h * 0.03, _p(ink, "#000000"), fill_opacity="0.2"))
    body = (f"M{_num(cx - w * 0.28)},{_num(shoulder_y)} C{_num(cx - w * 0.42)},{_num(shoulder_y + h * 0.04)} "
            f"{_num(cx - w * 0.46)},{_num(shoulder_y + h * 0.12)} {_num(cx - w * 0.48)},{_num(shoulder_y + h * 0.22)} "
            f"L{_num(cx - w * 0.56)},{_num(foot_y - h * 0.03)} L{_num(cx + w * 0.56)},{_num(foot_y - h * 0.03)} "
            f"L{_num(cx + w * 0.48)},{_num(shoulder_y + h * 0.22)} C{_num(cx + w * 0.46)},{_num(shoulder_y + h * 0.12)} "
            f"{_num(cx + w * 0.42)},{_num(shoulder_y + h * 0.04)} {_num(cx + w * 0.28)},{_num(shoulder_y)} Z")
    g.add(path(body, fill=robe))
    for k in (-0.3, -0.12, 0.12, 0.3):        # ikat stripes of the robe
        g.add(polygon([(cx + w * k - w * 0.035, shoulder_y + h * 0.06), (cx + w * k + w * 0.035, shoulder_y + h * 0.06),
                       (cx + w * k * 1.25 + w * 0.04, foot_y - h * 0.03), (cx + w * k * 1.25 - w * 0.04, foot_y - h * 0.03)],
                      fill=light))
    g.add(polygon([(cx - w * 0.06, shoulder_y), (cx + w * 0.06, shoulder_y), (cx + w * 0.02, foot_y - h * 0.03),
                   (cx - w * 0.02, foot_y - h * 0.03)], fill=dark))
    g.add(rect(cx - w * 0.47, shoulder_y + h * 0.26, w * 0.94, h * 0.06, fill=_p(ink, GOLD), radius=0.3))
    # arms: sleeves and hands holding a small sack of goods
    g.add(sack(cx + w * 0.5, foot_y - h * 0.18, w * 0.32, h * 0.2, ink))
    g.add(polygon([(cx + w * 0.3, shoulder_y + h * 0.04), (cx + w * 0.5, shoulder_y + h * 0.3),
                   (cx + w * 0.42, shoulder_y + h * 0.36), (cx + w * 0.22, shoulder_y + h * 0.14)], fill=dark))
    g.add(icon_at("person-wearing-turban", cx, foot_y - h + head / 2, head, ink))
    return g


#: The merchant on a standee's panel: its feet at this share of the panel's height from the
#: panel's top, and its height (turban to feet) this share of the panel (36 mm panel: 28 mm tall).
MERCHANT_FOOT = 0.86
MERCHANT_HEIGHT = 0.78


def standee(face_name: str, component: str, width: float, panel: float, foot: float, colour: str, label: str,
            where: str, ink=style.NORMAL, mark: str | None = None) -> Face:
    """A merchant as a fold-over standee: foot | figure (upside down) | figure | foot, top to
    bottom, ``width`` x ``2 * (panel + foot)`` mm, cut on the solid outline, folded on the
    dashed lines (``pnp.components.cutouts.standee``'s layout).  Each panel shows the
    merchant in the player's colour in an arched niche, the player's mark (greyscale and
    colour-blind players) and the word ``label``."""
    from pnp.components.cutouts import DASH
    from pnp.components.markers import player_mark
    from pnp.components.svg import line

    height = 2 * (panel + foot)
    art = group()
    for k, top in enumerate((foot, foot + panel)):
        g = group(transform=f"rotate(180 {_num(width / 2)} {_num(top + panel / 2)})") if k == 0 else group()
        g.add(rect(0, top, width, panel, fill=ink.field(style.darker(colour, 0.15), 0.75)))
        niche = _p(ink, CREAM) if not ink.saver else style.WHITE
        g.add(path(arch_path(width * 0.1, top + panel * 0.06, width * 0.9, top + panel * 0.86, width * 0.3), fill=niche))
        g.add(merchant(width / 2, top + panel * MERCHANT_FOOT, panel * MERCHANT_HEIGHT, colour, ink))
        lab = fit(label, "bold", width - 3, panel * 0.1, 3.2, 1.5, where, max_lines=1)
        plate_y = top + panel * 0.87
        g.add(rect(1.0, plate_y, width - 2.0, panel * 0.12, fill=niche, radius=0.8))
        g.add(text_block(lab, width / 2, plate_y + (panel * 0.12 - lab.height) / 2, style.INK, "middle", where))
        if mark is not None:      # in the top corner beside the merchant's turban
            disc = panel * 0.07
            g.add(circle(disc + 1.2, top + disc + 1.2, disc, fill=style.INK))
            g.add(player_mark(mark, disc + 1.2, top + disc + 1.2, disc * 1.3, style.WHITE))
        art.add(g)
    add_standee_folds(art, width, height, foot, panel, colour, ink)
    return Face(face_name, component, width, height, 0.0, art, meta={"pieces": 1})


# ----------------------------------------------------------------------------- market tokens
def gate(x: float, y: float, w: float, h: float, ink):
    """A city gate (pishtaq) in the box: a tiled portal with a pointed arch and the gate's
    doors, flanked by two slim minarets: the seed's "gate symbol" of an assortment market."""
    g = group()
    brick, tile, tile2, door = _p(ink, "#D9B98A"), _p(ink, TURQUOISE), _p(ink, COBALT), _p(ink, "#6B3A1F")
    for fx in (0.08, 0.92):
        g.add(rect(x + w * fx - w * 0.05, y + h * 0.12, w * 0.1, h * 0.88, fill=brick))
        g.add(rect(x + w * fx - w * 0.06, y + h * 0.2, w * 0.12, h * 0.06, fill=tile))
        g.add(path(f"M{_num(x + w * fx - w * 0.05)},{_num(y + h * 0.12)} Q{_num(x + w * fx)},{_num(y)} "
                   f"{_num(x + w * fx + w * 0.05)},{_num(y + h * 0.12)} Z", fill=tile2))
    px0, px1 = x + w * 0.18, x + w * 0.82
    g.add(rect(px0, y + h * 0.1, px1 - px0, h * 0.9, fill=tile2))
    g.add(rect(px0 + w * 0.04, y + h * 0.15, px1 - px0 - w * 0.08, h * 0.85, fill=tile))
    g.add(path(arch_path(px0 + w * 0.12, y + h * 0.24, px1 - w * 0.12, y + h, w * 0.16), fill=brick))
    g.add(path(arch_path(px0 + w * 0.17, y + h * 0.32, px1 - w * 0.17, y + h, w * 0.12), fill=door))
    g.add(rect(x + w / 2 - w * 0.008, y + h * 0.5, w * 0.016, h * 0.5, fill=_p(ink, "#3E1F0E")))
    for k in range(5):
        g.add(rect(px0 + w * 0.06 + k * (px1 - px0 - w * 0.12) / 4.5, y + h * 0.11, w * 0.05, h * 0.035, fill=_p(ink, OCHRE)))
    return g


def market_token(face_name: str, component: str, size: float, bleed: float, label: str, good: str | None,
                 colour: str, where: str, ink=style.NORMAL) -> Face:
    """A ``size`` mm square market token: the good's still life (``good`` None: the gate of an
    assortment market) on a cream panel in a frame of the good's colour, with its name.
    The colour runs to the bleed (tokens of one colour may share a cut); saver: a light tint."""
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    if ink.saver:
        art.add(rect(0, 0, size, size, fill=ink.field(colour)))
    inset = SAFE_MM + 0.2
    panel = _p(ink, CREAM) if not ink.saver else style.WHITE
    art.add(rect(inset, inset, size - 2 * inset, size - 2 * inset, fill=panel, radius=1.5))
    label_fit = fit(label, "bold", size - 2 * inset - 3.0, size * 0.16, size * 0.14, 1.8, where, max_lines=1)
    art_h = size - 2 * inset - label_fit.height - 2.2
    box = (inset + 0.8, inset + 0.8, size - 2 * inset - 1.6, art_h - 0.8)
    if good is None:
        art.add(gate(box[0] + box[2] * 0.12, box[1] + 0.4, box[2] * 0.76, box[3] - 0.4, ink))
    else:
        art.add(rect(box[0], box[1], box[2], box[3], fill=_p(ink, style.lighter(colour, 0.72)) if not ink.saver
                     else style.lighter(colour, 0.92), radius=1.0))
        art.add(still_life(good, box[0], box[1] - box[3] * 0.02, box[2], box[3] * 0.98, ink))
    ink_colour = style.legible(style.darker(colour, 0.45), panel)
    art.add(text_block(label_fit, size / 2, size - inset - label_fit.height - 0.9, ink_colour, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(colour))


def dress_table(face: Face, ink) -> None:
    """Put a girih border round a table face (in place): the pattern runs under the whole face
    and its bleed (a full-bleed pattern: a miscut shows no edge), covered by a parchment panel
    from 3.3 mm inside the trim, so only the margin shows it."""
    # the small crosses (second class, over half the outline points) left to the cream ground
    fills = (COBALT, OCHRE)
    if ink.saver:
        fills = tuple(pale(c, 0.8) for c in fills)
    fills = (fills[0], "none", fills[1])
    b, w, h = face.bleed, face.width, face.height
    # The pattern is computed only where it shows: four strips from the bleed to 2.5 mm under
    # the panel (past its rounded corners), one lattice (one origin), the side strips running
    # the full height so that no two strips meet edge to edge (no seam to antialias).
    under = PANEL_INSET_MM + 2.5
    pattern = group(class_="pattern")
    for box in ((-b, -b, w + b, under), (-b, h - under, w + b, h + b), (-b, -b, under, h + b), (w - under, -b, w + b, h + b)):
        pattern.add(pattern_group("khatam", box, 9.0, 0.6, fills, None if ink.saver else CREAM, origin=(w / 2, h / 2)))
    panel = rect(PANEL_INSET_MM, PANEL_INSET_MM, w - 2 * PANEL_INSET_MM, h - 2 * PANEL_INSET_MM,
                 fill=style.WHITE if ink.saver else style.PARCHMENT, radius=2)
    face.art.elements[1:1] = [pattern, panel]


#: The parchment panel of a dressed table starts this far inside the trim (mm).
PANEL_INSET_MM = 3.3
