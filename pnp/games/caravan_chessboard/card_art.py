"""The CARAVAN on a chessboard deck's fronts: a frame, a title banner, index corners, an
illustrated art box and the rule line, one composition per card type.

Every card type tells itself apart at arm's length: a Move card shows a trail of N
footprints over the dunes and N footprints on discs along its foot, Bandits a veiled
raider with a scimitar under a night sky and Sandstorm a twister over ochre sand, each
with N daggers or whirls and its N on a badge; Soldiers a shield with a cross before
crossed swords and a nasal helmet on the sand; each good its own still life.  European
goods sit in an art box with a battlemented top and a steel-blue rim, Oriental goods under
an ogee arch with a crimson rim, and the corners of their frames carry a quatrefoil or an
eight-pointed star: the region reads from the frame's shape as well as from its colour.

Illustrations are compositions of Fluent Emoji (flat; MIT, ``data/icons/fluent-emoji-flat.json``,
names in ``data/icons/names/fluent-emoji-flat/caravan-chessboard.txt``) and shapes drawn here
(dunes, ingots, spice heaps, a bolt of silk; the raider, the helmet and the cog in
``figures``).  Lengths in mm, trim coordinates; the design is
ours (no source fixes it).  With ``style.SAVER`` every fill and icon is a pale version of
itself (``art.pale``) on paper, the text keeps its contrast.
"""

from __future__ import annotations

import math

from pnp.components import style
from pnp.components.art import art_icon, pale
from pnp.components.svg import Face, circle, group, path, polygon, rect, text_block
from pnp.components.text import fit
from pnp.components.fonts import ascent
from pnp.geometry import SAFE_MM
from pnp.games.caravan_chessboard import figures

SET = "fluent-emoji-flat"

#: Rim colour and ornament of the art box by the region where a good is loaded.
REGION_RIM = {"europe": "#2F5D8A", "orient": "#A63D40"}
#: Art box, title banner and rule box (mm, on a poker card; scaled by nothing: the deck is poker).
ART_TOP = 16.6
ART_BOTTOM = 62.0
ART_SIDE = 5.6
RULE_H = 16.4
RIM_MM = 1.3
INDEX_R = 5.2


class _Paint:
    """Colours of one ink: ``c(colour)`` a fill, ``icon`` the recolouring of an icon."""

    def __init__(self, ink: style.Ink):
        self.ink = ink
        self.saver = ink.saver

    def c(self, colour: str) -> str:
        return pale(colour, 0.72) if self.saver else colour

    @property
    def icon(self):
        return (lambda colour: pale(colour, 0.62)) if self.saver else None

    def tinted(self, colour: str):
        """An icon recoloured into shades of ``colour`` (footprints pressed into sand)."""
        target = self.c(colour)
        return lambda _c: target


def card_front(face_name: str, component: str, width: float, height: float, bleed: float, card, title: str,
               rule: str, band: str | None, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """The front of one card type of the chessboard deck.

    Args:
        card: a ``model.Card`` (``kind``, ``steps``, ``region``, ``colour``, ``id``).
        title, rule, band: the card's name, its rule line and (goods) the region band, in the
            kit's language; ``where`` names their source for errors.
    Raises:
        LayoutError / FontError: a text does not fit its box or lacks a glyph.
    """
    paint = _Paint(ink)
    colour = card.colour
    art = group()
    # Ground: the flat frame colour over the bleed (cards abut on one cut), the type's colour
    # as a field inside the safe area.
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(style.FRAME)))
    art.add(rect(SAFE_MM, SAFE_MM, width - 2 * SAFE_MM, height - 2 * SAFE_MM, fill=ink.field(colour, 0.8), radius=2.5,
                 **({"stroke": colour, "stroke_mm": 0.8} if ink.saver else {})))
    rim = REGION_RIM.get(card.region, style.darker(colour, 0.4)) if card.kind == "good" else style.darker(colour, 0.4)
    x0, x1, y0, y1 = ART_SIDE, width - ART_SIDE, ART_TOP, ART_BOTTOM
    shape = {"europe": "battlement", "orient": "ogee"}.get(card.region, "round") if card.kind == "good" else "round"
    outline = _box_outline(shape, x0, y0, x1, y1)
    scene = SCENES[card.kind if card.kind != "good" else card.id]
    scene(art, outline, (x0, y0, x1, y1), card, paint)
    art.add(path(outline, stroke=paint.c(rim) if not ink.saver else rim, stroke_mm=RIM_MM if not ink.saver else 0.8))
    # The title on a banner between the two index corners.
    paper = ink.field(style.PARCHMENT, 0.6)
    edge = style.darker(colour, 0.45)
    _banner(art, width, title, paper, edge, ink, where)
    index = str(card.steps) if card.steps is not None else None
    for cx in (SAFE_MM + 1.4 + INDEX_R, width - SAFE_MM - 1.4 - INDEX_R):
        _index(art, cx, SAFE_MM + 1.4 + INDEX_R, index, card, paper, edge, paint, where)
    # The region band across the foot of the art box (goods), the rule box under it.
    box_y = height - SAFE_MM - 1.4 - RULE_H
    box_x, box_w = ART_SIDE, width - 2 * ART_SIDE
    art.add(rect(box_x, box_y, box_w, RULE_H, fill=paper, stroke=edge, stroke_mm=ink.width(0.6), radius=2))
    line_fit = fit(rule, "bold", box_w - 4, RULE_H - 3, 3.6, 2.2, where, max_lines=3)
    art.add(text_block(line_fit, width / 2, box_y + (RULE_H - line_fit.height) / 2 - 0.2, style.INK, "middle", where))
    if band:
        _region_band(art, width, band, rim, ink, where)
        _region_ornaments(art, width, card.region, paint)
    # The name as printed, for a screen export's card names: the title and the badge's number
    # ("Move" and "3" print apart, so neither the largest type nor the title alone names it).
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(style.FRAME),
                meta={"title": title, "number": index})


# ----------------------------------------------------------------------------- frame
def _box_outline(shape: str, x0: float, y0: float, x1: float, y1: float) -> str:
    """SVG path data of the art box: a rounded box, a battlemented top or an ogee arch."""
    f = _f
    if shape == "battlement":
        top = y0 + 3.0          # the crenels' floor; the merlons rise to y0
        n = 9
        step = (x1 - x0) / n
        d = [f"M {f(x0)} {f(y1 - 2)}", f"L {f(x0)} {f(y0)}"]
        for k in range(n):
            xa, xb = x0 + k * step, x0 + (k + 1) * step
            low = k % 2 == 1
            yy = top if low else y0
            d.append(f"L {f(xa)} {f(yy)} L {f(xb)} {f(yy)}")
        d.append(f"L {f(x1)} {f(y0)} L {f(x1)} {f(y1 - 2)} Q {f(x1)} {f(y1)} {f(x1 - 2)} {f(y1)}")
        d.append(f"L {f(x0 + 2)} {f(y1)} Q {f(x0)} {f(y1)} {f(x0)} {f(y1 - 2)} Z")
        return " ".join(d)
    if shape == "ogee":
        cx = (x0 + x1) / 2
        spring = y0 + 14.0
        return (f"M {f(x0)} {f(y1 - 2)} L {f(x0)} {f(spring)} "
                f"C {f(x0)} {f(spring - 9)} {f(cx - 3)} {f(y0 + 8)} {f(cx)} {f(y0)} "
                f"C {f(cx + 3)} {f(y0 + 8)} {f(x1)} {f(spring - 9)} {f(x1)} {f(spring)} "
                f"L {f(x1)} {f(y1 - 2)} Q {f(x1)} {f(y1)} {f(x1 - 2)} {f(y1)} "
                f"L {f(x0 + 2)} {f(y1)} Q {f(x0)} {f(y1)} {f(x0)} {f(y1 - 2)} Z")
    r = 2.4
    return (f"M {f(x0 + r)} {f(y0)} L {f(x1 - r)} {f(y0)} Q {f(x1)} {f(y0)} {f(x1)} {f(y0 + r)} "
            f"L {f(x1)} {f(y1 - r)} Q {f(x1)} {f(y1)} {f(x1 - r)} {f(y1)} L {f(x0 + r)} {f(y1)} "
            f"Q {f(x0)} {f(y1)} {f(x0)} {f(y1 - r)} L {f(x0)} {f(y0 + r)} Q {f(x0)} {f(y0)} {f(x0 + r)} {f(y0)} Z")


def _region_ornaments(art, width: float, region: str, paint: _Paint) -> None:
    """A quatrefoil (Europe) or an eight-pointed star (the Orient) at each end of the region
    ribbon, and for the Orient a star in each spandrel of the arch, in the region's rim colour."""
    colour, light = paint.c(REGION_RIM[region]), paint.c("#F4E8CC")
    spots = [(ART_SIDE + 5.2, ART_BOTTOM), (width - ART_SIDE - 5.2, ART_BOTTOM)]
    if region == "orient":
        spots += [(ART_SIDE + 4.2, ART_TOP + 4.0), (width - ART_SIDE - 4.2, ART_TOP + 4.0)]
    for cx, cy in spots:
        if region == "europe":
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                art.add(circle(cx + dx * 1.7, cy + dy * 1.7, 1.9, fill=colour))
            art.add(circle(cx, cy, 1.5, fill=light))
            art.add(circle(cx, cy, 0.8, fill=colour))
        else:
            art.add(polygon(_star8(cx, cy, 3.6), fill=colour))
            art.add(polygon(_star8(cx, cy, 2.0), fill=light))
            art.add(circle(cx, cy, 0.9, fill=colour))


def _star8(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """An eight-pointed star (two squares, one turned 45 degrees) of outer radius ``r``."""
    inner = r * math.cos(math.pi / 4) / math.cos(math.pi / 8)     # where the two squares' sides cross
    pts = []
    for k in range(16):
        a = math.pi * k / 8 - math.pi / 2
        rr = r if k % 2 == 0 else inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _banner(art, width: float, title: str, paper: str, edge: str, ink, where: str) -> None:
    """The card's name on a banner with notched ends between the index corners."""
    x0 = SAFE_MM + 1.4 + 2 * INDEX_R + 1.2
    x1 = width - x0
    y0, y1 = SAFE_MM + 1.6, SAFE_MM + 1.6 + 2 * INDEX_R - 0.4
    notch = 2.2
    mid = (y0 + y1) / 2
    art.add(polygon([(x0, y0), (x1, y0), (x1 - notch, mid), (x1, y1), (x0, y1), (x0 + notch, mid)],
                    fill=paper, stroke=edge, stroke_mm=ink.width(0.6)))
    name = fit(title, "display", x1 - x0 - 2 * notch - 2.4, y1 - y0 - 3, 6.5, 2.6, where, max_lines=1)
    art.add(text_block(name, width / 2, y0 + (y1 - y0 - name.height) / 2 - 0.3, style.INK, "middle", where))


def _index(art, cx: float, cy: float, number: str | None, card, paper: str, edge: str, paint: _Paint,
           where: str) -> None:
    """A corner index: the card's N (moving cards) or its small picture on a ringed disc."""
    ink = paint.ink
    art.add(circle(cx, cy, INDEX_R, fill=paper, stroke=edge, stroke_mm=ink.width(0.8)))
    if number:
        digits = fit(number, "heavy", INDEX_R * 1.5, INDEX_R * 1.5, INDEX_R * 1.45, 3, where, max_lines=1)
        art.add(text_block(digits, cx, _centred_top(digits, cy), style.legible(style.darker(card.colour, 0.3), paper),
                           "middle", where))
    else:
        name = INDEX_ICON[card.kind if card.kind != "good" else card.id]
        s = INDEX_R * 1.45
        art.add(art_icon(SET, name, cx - s / 2, cy - s / 2, s, paint.icon))


def _region_band(art, width: float, band: str, rim: str, ink, where: str) -> None:
    """"European good" / "Oriental good" on a ribbon across the foot of the art box."""
    h = 6.0
    y = ART_BOTTOM - h / 2
    x0, x1 = ART_SIDE + 12.0, width - ART_SIDE - 12.0
    tail = 2.4
    mid = y + h / 2
    fill = ink.field(rim)
    art.add(polygon([(x0 - tail, y), (x1 + tail, y), (x1, mid), (x1 + tail, y + h), (x0 - tail, y + h), (x0, mid)],
                    fill=fill, stroke=rim if ink.saver else style.PARCHMENT, stroke_mm=ink.width(0.8)))
    band_fit = fit(band, "bold", x1 - x0 - 3, h - 2, 3.4, 1.8, where, max_lines=1)
    art.add(text_block(band_fit, width / 2, y + (h - band_fit.height) / 2 - 0.2, ink.on(rim), "middle", where))


def _centred_top(fitted, cy: float) -> float:
    """Top of a one-line text block whose figures (cap height ~0.72 em) centre on ``cy``."""
    return cy - (ascent(fitted.role) - 0.36) * fitted.size


def _badge(art, cx: float, cy: float, r: float, number: str, colour: str, paint: _Paint, where: str) -> None:
    """The card's N large on a ringed disc inside the art."""
    ink = paint.ink
    dark = style.legible(style.darker(colour, 0.35), style.PARCHMENT)
    if ink.saver:
        art.add(circle(cx, cy, r, fill=style.WHITE, stroke=dark, stroke_mm=0.8))
        fill = dark
    else:
        art.add(circle(cx, cy, r + 0.9, fill=style.PARCHMENT))
        art.add(circle(cx, cy, r, fill=dark))
        fill = style.PARCHMENT
    big = fit(number, "heavy", r * 1.5, r * 1.45, r * 1.4, 3, where, max_lines=1)
    art.add(text_block(big, cx, _centred_top(big, cy), fill, "middle", where))


# ----------------------------------------------------------------------------- scenes
def _sky_and_dunes(art, outline: str, box, paint: _Paint, sky: str, sand: tuple[str, str, str],
                   horizon: float = 0.42) -> float:
    """The art box filled with ``sky`` and three rows of dunes in ``sand`` (far to near);
    returns the horizon's y (mm)."""
    x0, y0, x1, y1 = box
    art.add(path(outline, fill=paint.c(sky)))
    hy = y0 + (y1 - y0) * horizon
    w = x1 - x0
    f = _f
    layers = (
        (hy, 3.0, 0.0, sand[0]),
        (hy + (y1 - hy) * 0.28, 4.0, 0.9, sand[1]),
        (hy + (y1 - hy) * 0.55, 5.0, 2.1, sand[2]),
    )
    for top, amp, phase, colour in layers:
        pts = []
        n = 24
        for k in range(n + 1):
            x = x0 + w * k / n
            t = k / n * math.pi * 2
            y = top + amp * (0.55 * math.sin(t * 1.3 + phase) + 0.45 * math.sin(t * 2.1 + phase * 1.7)) * 0.6
            pts.append((x, y))
        d = [f"M {f(x0)} {f(y1 - 2.4)}", f"L {f(pts[0][0])} {f(pts[0][1])}"]
        for x, y in pts[1:]:
            d.append(f"L {f(x)} {f(y)}")
        d.append(f"L {f(x1)} {f(y1 - 2.4)} Q {f(x1)} {f(y1)} {f(x1 - 2.4)} {f(y1)} L {f(x0 + 2.4)} {f(y1)} "
                 f"Q {f(x0)} {f(y1)} {f(x0)} {f(y1 - 2.4)} Z")
        art.add(path(" ".join(d), fill=paint.c(colour)))
    return hy


def _rotated_icon(name: str, cx: float, cy: float, size: float, angle: float, recolour):
    g = group(transform=f"rotate({_f(angle)} {_f(cx)} {_f(cy)})")
    g.add(art_icon(SET, name, cx - size / 2, cy - size / 2, size, recolour))
    return g


def _move(art, outline, box, card, paint):
    """``steps`` large footprints in a row across the dunes, a camel on the horizon and the
    card's N large on a badge in the sky: the count reads at arm's length, and nothing else on
    the card repeats it in smaller prints."""
    x0, y0, x1, y1 = box
    hy = _sky_and_dunes(art, outline, box, paint, "#CFE6F5", ("#EED39A", "#E5C07A", "#D9AC5E"), 0.36)
    art.add(art_icon(SET, "camel", x0 + 3.0, hy - 10.5, 12.0, paint.icon))
    n = card.steps
    gap = MOVE_PIP_GAP_MM
    size = min(MOVE_PIP_MAX_MM, (x1 - x0 - 4.0 - (n - 1) * gap) / max(n, 1))
    cy = y1 - 4.0 - size / 2
    _pips(art, "footprints", n, x0, x1, cy, paint, recolour=paint.tinted("#5A3A1C"), size=size, gap=gap,
          ring="#6E4A26")
    _badge(art, x1 - 8.4, y0 + 8.4, 6.4, str(n), card.colour, paint, "card")


#: A Move card's footprint pips: at most this large (mm; one or two steps), and this far apart.
MOVE_PIP_MAX_MM = 18.0
MOVE_PIP_GAP_MM = 1.4


def _bandits(art, outline, box, card, paint):
    """A masked bandit under a crescent moon, ``steps`` daggers along the foot."""
    x0, y0, x1, y1 = box
    hy = _sky_and_dunes(art, outline, box, paint, "#3D2B4F", ("#7B5B4A", "#6A4C3D", "#5A3F33"), 0.5)
    for sx, sy, r in ((x0 + 8, y0 + 6, 0.5), (x0 + 18, y0 + 4, 0.4), (x1 - 20, y0 + 9, 0.45), (x0 + 30, y0 + 11, 0.35)):
        art.add(circle(sx, sy, r, fill=paint.c("#F6E7A8")))
    art.add(art_icon(SET, "crescent-moon", x1 - 15.0, y0 + 2.5, 10.0, paint.icon))
    art.add(figures.bandit((x0 + x1) / 2 - 13.0, hy - 17.0, 26.0, paint.c))
    art.add(_rotated_icon("dagger", x0 + 9.0, hy + 2.0, 11.0, -20, paint.icon))
    _pips(art, "dagger", card.steps, x0 + 3.0, x1 - 14.0, y1 - 7.4, paint)
    _badge(art, x1 - 7.6, y1 - 7.6, 5.4, str(card.steps), card.colour, paint, "card")


def _sandstorm(art, outline, box, card, paint):
    """A twister over ochre dunes with dust blowing, ``steps`` whirls along the foot."""
    x0, y0, x1, y1 = box
    hy = _sky_and_dunes(art, outline, box, paint, "#F1D99B", ("#E0B866", "#D4A24E", "#C18A3A"), 0.5)
    sand = lambda c: paint.c(style.mix(c if c.startswith("#") and len(c) == 7 else "#9A9A9A", "#B7823A", 0.55))
    art.add(art_icon(SET, "tornado", (x0 + x1) / 2 - 12.0, y0 + 2.0, 25.0, sand))
    art.add(art_icon(SET, "dashing-away", x0 + 2.5, hy - 6.0, 12.0, sand))
    art.add(art_icon(SET, "dashing-away", x1 - 15.0, hy - 10.0, 10.0, sand))
    _pips(art, "cyclone", card.steps, x0 + 3.0, x1 - 14.0, y1 - 7.4, paint, recolour=sand)
    _badge(art, x1 - 7.6, y1 - 7.6, 5.4, str(card.steps), card.colour, paint, "card")


def _pips(art, name: str, n: int, xa: float, xb: float, cy: float, paint: _Paint, recolour=None,
          size: float = 6.4, gap: float = 0.8, ring: str | None = None) -> None:
    """``n`` icons of ``size`` mm on light discs in a row, centred between ``xa`` and ``xb``;
    ``ring``: a rim of that colour round each disc (pips that stand out of the sand)."""
    total = n * size + (n - 1) * gap
    x = (xa + xb) / 2 - total / 2
    for _ in range(n):
        rim = {"stroke": paint.c(ring), "stroke_mm": paint.ink.width(0.7)} if ring else {}
        art.add(circle(x + size / 2, cy, size / 2 + 0.5, fill=paint.c("#F4E8CC"), **rim))
        inset = 0.6 if not ring else size * 0.12
        art.add(art_icon(SET, name, x + inset, cy - size / 2 + inset, size - 2 * inset, recolour or paint.icon))
        x += size + gap


def _soldiers(art, outline, box, card, paint):
    """A shield before crossed swords, a helmet on top."""
    x0, y0, x1, y1 = box
    _sky_and_dunes(art, outline, box, paint, "#DDE5EA", ("#E6CFA0", "#D9BC84", "#CBA86B"), 0.55)
    cx = (x0 + x1) / 2
    # A soldier's arms laid out, not a figure: the swords crossed behind the shield with their
    # hilts up, the helmet on the sand beside it.
    art.add(_rotated_icon("crossed-swords", cx, y0 + 19.0, 34.0, 180, paint.icon))
    art.add(art_icon(SET, "shield", cx - 12.0, y0 + 6.0, 24.0, paint.icon))
    # a cross on the shield and a conical nasal helmet: a soldier of the crusades' time
    gold = paint.c(figures.GILT)
    art.add(rect(cx - 1.3, y0 + 10.0, 2.6, 15.5, fill=gold))
    art.add(rect(cx - 7.2, y0 + 14.6, 14.4, 2.6, fill=gold))
    art.add(figures.helmet(x1 - 16.5, y1 - 17.5, 15.0, paint.c))


def _still_life(art, outline, box, card, paint, wall: str, floor: str) -> tuple[float, float]:
    """A good's ground: a wall in ``wall`` and a floor in ``floor``; returns (floor y, centre x)."""
    x0, y0, x1, y1 = box
    art.add(path(outline, fill=paint.c(wall)))
    fy = y0 + (y1 - y0) * 0.62
    art.add(path(f"M {_f(x0)} {_f(fy)} L {_f(x1)} {_f(fy)} L {_f(x1)} {_f(y1 - 2)} Q {_f(x1)} {_f(y1)} {_f(x1 - 2)} "
                 f"{_f(y1)} L {_f(x0 + 2)} {_f(y1)} Q {_f(x0)} {_f(y1)} {_f(x0)} {_f(y1 - 2)} Z", fill=paint.c(floor)))
    return fy, (x0 + x1) / 2


def _europe_ground(art, outline, box, card, paint):
    """A pale harbour wall: a stone wall and a quay."""
    fy, cx = _still_life(art, outline, box, card, paint, "#DCE6EF", "#B9C3CB")
    x0, y0, x1, y1 = box
    # Courses of stone in the wall (filled bands, no thin lines).
    for k, yy in enumerate((y0 + 9, y0 + 15, y0 + 21)):
        if yy < fy - 1:
            art.add(rect(x0 + 0.8, yy, x1 - x0 - 1.6, 0.9, fill=paint.c("#C9D5E0")))
    return fy, cx


def _orient_ground(art, outline, box, card, paint):
    """A bazaar's rose wall over a carpet with a row of lozenges."""
    fy, cx = _still_life(art, outline, box, card, paint, "#F6E2D6", "#B5544A")
    x0, y0, x1, y1 = box
    n = 9
    step = (x1 - x0) / n
    for k in range(n):
        mx = x0 + step * (k + 0.5)
        my = fy + 2.6
        art.add(polygon([(mx, my - 1.6), (mx + 1.6, my), (mx, my + 1.6), (mx - 1.6, my)], fill=paint.c("#E9B949")))
    return fy, cx


def _metals(art, outline, box, card, paint):
    fy, cx = _europe_ground(art, outline, box, card, paint)
    # A stack of ingots: three below, two above, one on top.
    w, h = 12.0, 5.0
    rows = ((3, fy + 6.0), (2, fy + 6.0 - h), (1, fy + 6.0 - 2 * h))
    for count, base in rows:
        for k in range(count):
            x = cx - count * w / 2 + k * w + (0.4 if count < 3 else 0)
            _ingot(art, x + 0.3, base - h, w - 0.6, h, paint)
    art.add(_rotated_icon("pick", cx + 15.5, fy - 9.0, 15.0, 10, paint.icon))


def _ingot(art, x: float, y: float, w: float, h: float, paint: _Paint) -> None:
    inset = 1.6
    art.add(polygon([(x, y + h), (x + w, y + h), (x + w - inset, y), (x + inset, y)], fill=paint.c("#7D8790")))
    art.add(polygon([(x + inset, y), (x + w - inset, y), (x + w - inset - 0.8, y + 1.4), (x + inset + 0.8, y + 1.4)],
                    fill=paint.c("#D7DDE2")))
    art.add(rect(x + inset + 1.0, y + 2.2, w - 2 * inset - 2.0, 0.9, fill=paint.c("#A9B2BA")))


def _woods(art, outline, box, card, paint):
    fy, cx = _europe_ground(art, outline, box, card, paint)
    x0, y0, x1, y1 = box
    art.add(art_icon(SET, "evergreen-tree", x0 + 1.0, y0 + 5.0, 20.0, paint.icon))
    art.add(art_icon(SET, "evergreen-tree", x1 - 17.0, y0 + 8.0, 16.0, paint.icon))
    for dx, dy, s in ((-9.0, 0.0, 15.0), (5.0, 0.0, 15.0), (-2.0, -9.5, 15.0)):
        art.add(art_icon(SET, "wood", cx + dx - s / 2 + 2, fy + dy - s / 2 - 1.0, s, paint.icon))


def _furs(art, outline, box, card, paint):
    fy, cx = _europe_ground(art, outline, box, card, paint)
    # A stretched pelt behind a coat and the fox it came from.
    px, py = cx - 1.0, fy - 10.0
    pelt = (f"M {_f(px)} {_f(py - 14)} C {_f(px + 6)} {_f(py - 13)} {_f(px + 13)} {_f(py - 15)} {_f(px + 15)} {_f(py - 9)} "
            f"C {_f(px + 12)} {_f(py - 3)} {_f(px + 14)} {_f(py + 4)} {_f(px + 16)} {_f(py + 9)} "
            f"C {_f(px + 9)} {_f(py + 8)} {_f(px + 4)} {_f(py + 12)} {_f(px)} {_f(py + 17)} "
            f"C {_f(px - 4)} {_f(py + 12)} {_f(px - 9)} {_f(py + 8)} {_f(px - 16)} {_f(py + 9)} "
            f"C {_f(px - 14)} {_f(py + 4)} {_f(px - 12)} {_f(py - 3)} {_f(px - 15)} {_f(py - 9)} "
            f"C {_f(px - 13)} {_f(py - 15)} {_f(px - 6)} {_f(py - 13)} {_f(px)} {_f(py - 14)} Z")
    art.add(path(pelt, fill=paint.c("#B8683E")))
    art.add(path(pelt, fill=paint.c("#D9935F"), transform=f"translate({_f(px)} {_f(py)}) scale(0.62) "
                                                             f"translate({_f(-px)} {_f(-py)})"))
    art.add(art_icon(SET, "coat", cx - 22.0, fy - 8.0, 17.0, paint.icon))
    art.add(art_icon(SET, "fox", cx + 6.0, fy - 5.0, 15.0, paint.icon))


def _tea(art, outline, box, card, paint):
    fy, cx = _orient_ground(art, outline, box, card, paint)
    art.add(art_icon(SET, "herb", cx - 24.0, fy - 17.0, 15.0, paint.icon))
    art.add(art_icon(SET, "teapot", cx - 11.0, fy - 19.0, 22.0, paint.icon))
    art.add(art_icon(SET, "teacup-without-handle", cx + 10.0, fy - 8.0, 12.0, paint.icon))


def _spices(art, outline, box, card, paint):
    fy, cx = _orient_ground(art, outline, box, card, paint)
    art.add(art_icon(SET, "amphora", cx - 24.0, fy - 17.0, 18.0, paint.icon))
    # Heaps of ground spice: saffron, paprika and cinnamon, each a mound with a lighter crest.
    for dx, colour, crest in ((-15.0, "#E0A526", "#F2CB63"), (0.0, "#B8322A", "#D9604D"), (15.0, "#8A5228", "#B07845")):
        x, base = cx + dx, fy + 6.0
        mound = (f"M {_f(x - 7.5)} {_f(base)} C {_f(x - 5.5)} {_f(base - 5)} {_f(x - 2.5)} {_f(base - 9.5)} "
                 f"{_f(x)} {_f(base - 9.5)} C {_f(x + 2.5)} {_f(base - 9.5)} {_f(x + 5.5)} {_f(base - 5)} "
                 f"{_f(x + 7.5)} {_f(base)} Z")
        art.add(path(mound, fill=paint.c(colour)))
        art.add(path(f"M {_f(x - 2.6)} {_f(base - 7.4)} C {_f(x - 1.4)} {_f(base - 9.2)} {_f(x + 1.4)} {_f(base - 9.2)} "
                     f"{_f(x + 2.6)} {_f(base - 7.4)} C {_f(x + 1.0)} {_f(base - 8.0)} {_f(x - 1.0)} {_f(base - 8.0)} "
                     f"{_f(x - 2.6)} {_f(base - 7.4)} Z", fill=paint.c(crest)))
    art.add(_rotated_icon("hot-pepper", cx + 19.0, fy - 9.5, 11.0, 25, paint.icon))
    art.add(_rotated_icon("hot-pepper", cx + 13.0, fy - 12.0, 10.0, -20, paint.icon))


def _silk(art, outline, box, card, paint):
    fy, cx = _orient_ground(art, outline, box, card, paint)
    # A bolt of silk: a roll seen end on, its cloth falling in folds over the carpet.
    x, y, r = cx - 8.0, fy - 8.0, 7.5
    cloth, shade, light = "#7A3A94", "#52246A", "#B27BC9"
    art.add(path(f"M {_f(x)} {_f(y - r)} L {_f(x + 22)} {_f(y - r + 2)} C {_f(x + 26)} {_f(y + 2)} {_f(x + 22)} "
                 f"{_f(y + 8)} {_f(x + 25)} {_f(fy + 7)} L {_f(x - 2)} {_f(fy + 7)} L {_f(x)} {_f(y + r)} Z",
                 fill=paint.c(cloth)))
    art.add(path(f"M {_f(x + 10)} {_f(y - r + 1)} C {_f(x + 14)} {_f(y + 1)} {_f(x + 11)} {_f(y + 8)} {_f(x + 14)} "
                 f"{_f(fy + 7)} L {_f(x + 17)} {_f(fy + 7)} C {_f(x + 14)} {_f(y + 8)} {_f(x + 17)} {_f(y + 1)} "
                 f"{_f(x + 13)} {_f(y - r + 1.4)} Z", fill=paint.c(light)))
    art.add(circle(x, y, r, fill=paint.c(shade)))
    art.add(circle(x, y, r * 0.62, fill=paint.c(cloth)))
    art.add(circle(x, y, r * 0.28, fill=paint.c("#E9B949")))
    art.add(art_icon(SET, "thread", cx + 12.0, fy - 21.0, 13.0, paint.icon))


# ----------------------------------------------------------------------------- board
#: Opacity of the terrain over a board square: light enough that a pawn stands out on it.
TERRAIN_OPACITY = 0.5


def terrain(region: str, row: int, column: int, x: float, y: float, size: float, saver: bool = False):
    """The terrain over one board square (top-left (x, y), ``size`` mm): on Europe's row a
    harbour (waves along the foot, a castle or a cog by turns), on the Orient's a bazaar (a
    striped awning, a mosque or a palm by turns), in the Middle East two or three dunes whose
    crests vary with the square (no randomness: the same board every build).  Translucent
    fills and icons, so the square's tint and the pieces on it stay clear; ``saver``: paler."""
    g = group(opacity=TERRAIN_OPACITY * (0.6 if saver else 1.0), class_="terrain")
    paint = _Paint(style.SAVER if saver else style.NORMAL)
    f = _f
    if region == "middle_east":
        for k in range(2 + (row + column) % 2):
            base = y + size * (0.45 + 0.22 * k)
            crest = x + size * (0.25 + 0.5 * (((row * 3 + column * 5 + k * 7) % 8) / 8))
            h = size * (0.14 + 0.03 * ((row + column + k) % 3))
            g.add(path(f"M {f(x + 1)} {f(base)} Q {f(crest - size * 0.18)} {f(base - h * 0.4)} {f(crest)} {f(base - h)} "
                       f"Q {f(crest + size * 0.12)} {f(base - h * 0.6)} {f(x + size - 1)} {f(base + h * 0.25)} "
                       f"L {f(x + size - 1)} {f(base + 2.2)} L {f(x + 1)} {f(base + 2.2)} Z", fill=paint.c("#C9974F"),
                       opacity=0.55))
        return g
    if region == "europe":
        for k in range(2):
            wy = y + size * (0.78 + 0.1 * k)
            d = [f"M {f(x + 1)} {f(wy)}"]
            n = 4
            for j in range(n):
                xa = x + 1 + (size - 2) * j / n
                xb = x + 1 + (size - 2) * (j + 1) / n
                d.append(f"Q {f((xa + xb) / 2)} {f(wy - 2.4)} {f(xb)} {f(wy)}")
            d.append(f"L {f(x + size - 1)} {f(wy + 1.6)} L {f(x + 1)} {f(wy + 1.6)} Z")
            g.add(path(" ".join(d), fill=paint.c("#3F7CB8")))
        s = size * 0.5
        if column % 2 == 0:
            g.add(art_icon(SET, "castle", x + (size - s) / 2, y + size * 0.22, s, paint.icon))
        else:
            g.add(figures.cog(x + (size - s) / 2, y + size * 0.26, s, paint.c))
        return g
    # The Orient: a striped, scalloped awning along the head, a mosque or a palm under it.
    top, h = y + 1.0, size * 0.16
    stripes = 6
    w = (size - 2) / stripes
    for j in range(stripes):
        xa = x + 1 + j * w
        g.add(path(f"M {f(xa)} {f(top)} L {f(xa + w)} {f(top)} L {f(xa + w)} {f(top + h)} "
                   f"Q {f(xa + w / 2)} {f(top + h + 2.4)} {f(xa)} {f(top + h)} Z",
                   fill=paint.c("#B5443E" if j % 2 == 0 else "#F1D27A")))
    name = "mosque" if column % 2 == 0 else "palm-tree"
    s = size * 0.5
    g.add(art_icon(SET, name, x + (size - s) / 2, y + size * 0.36, s, paint.icon))
    return g


SCENES = {"move": _move, "bandits": _bandits, "sandstorm": _sandstorm, "soldiers": _soldiers,
          "metals": _metals, "woods": _woods, "furs": _furs, "tea": _tea, "spices": _spices, "silk": _silk}
#: The small picture in the index corners of a card without a number.
INDEX_ICON = {"soldiers": "shield", "metals": "pick", "woods": "wood", "furs": "fox", "tea": "teapot",
              "spices": "hot-pepper", "silk": "thread"}


def _f(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# ------------------------------------------------------------------------------- back
#: The back's girih and ground: the board border's 8-fold khatam in lighter tints of its teal, ochre and
#: brown (``kit.BORDER_GIRIH_FILLS``) on sand, so the deck and the board read as one set.
BACK_PATTERN = "khatam"
BACK_FILLS = ("#4F8F8C", "#C9A062", "#8C6A45")
BACK_SAND = "#EBD6A8"
BACK_MEDALLION = "#F6EBD2"
BACK_RIM = "#4A2F1B"


def card_back(face_name: str, component: str, width: float, height: float, bleed: float, title: str,
              subtitle: str, icon_name: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """The deck's one back: a khatam girih over the whole card and its bleed (a 2 mm duplex
    error shifts the pattern and shows no edge: nothing but the pattern lies within
    ``cards.BACK_CLEAR_MM`` of the trim), a sixteen-pointed medallion with the Fluent Emoji
    ``icon_name`` (the dromedary of an Arabian caravan: ``components.yaml``
    ``cards.back_icon``) and the title on two pointed cartouches; the same after a half
    turn.  Lengths in mm, trim coordinates.  Saver: the pattern in pale tints on paper, the
    medallion and cartouches white with a thin rim.

    Raises:
        DataError: ``icon_name`` is not in the vendored Fluent Emoji subset.
        LayoutError / FontError: the title or deck name does not fit its cartouche.
    """
    from pnp.components.cards import BACK_CLEAR_MM, back_cartouches
    from pnp.components.girih import pattern_group

    paint = _Paint(ink)
    art = group()
    fills = tuple(pale(c, 0.8) for c in BACK_FILLS) if ink.saver else BACK_FILLS
    period = width / 4.5
    # saver: the bleed stays paper, so the pattern stops at the trim
    box = (0.0, 0.0, width, height) if ink.saver else (-bleed, -bleed, width + bleed, height + bleed)
    art.add(pattern_group(BACK_PATTERN, box, period, period / 14,
                          fills, None if ink.saver else BACK_SAND, origin=(width / 2, height / 2),
                          class_="pattern"))
    cx, cy = width / 2, height / 2
    r = width * 0.27
    star = []
    for k in range(32):
        rr = r if k % 2 == 0 else r * 0.84
        a = math.pi * k / 16
        star.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    rim = {"stroke": style.FRAME, "stroke_mm": ink.width(0.8)} if ink.saver else {}
    art.add(polygon(star, fill=style.WHITE if ink.saver else BACK_RIM, **rim))
    art.add(circle(cx, cy, r * 0.78, fill=style.WHITE if ink.saver else BACK_MEDALLION))
    size = r * 1.45
    art.add(art_icon(SET, icon_name, cx - size / 2, cy - size / 2, size, paint.icon))
    for g in back_cartouches(width, height, title, subtitle, where, plate_top=BACK_CLEAR_MM + 3.0,
                             outline_mm=ink.width(0.8), fill=style.WHITE if ink.saver else BACK_MEDALLION,
                             stroke=style.FRAME if ink.saver else BACK_RIM, text_colour=BACK_RIM):
        art.add(g)
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(BACK_SAND))
