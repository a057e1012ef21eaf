"""Cut-out pieces with their own cut lines (solid) and fold lines (dashed): standees, dice.

These are not rectangles on a grid, so they carry their outline instead of crop marks.
Faces have no bleed: the art stops at the cut line.  Coordinates in mm.
"""

from __future__ import annotations

from ..svg import Face, circle, group, icon, line, path, polygon, rect, text_block
from ..text import fit
from . import style

DASH = "1.2,0.9"


def standee(face_name: str, component: str, width: float, panel: float, foot: float, colour: str,
            label: str, icon_name: str, where: str) -> Face:
    """A fold-over standee: foot | figure (upside down) | figure | foot, top to bottom.

    Fold on the dashed lines: the two figures back to back (glue them), the feet outwards
    so the piece stands.  Bounding box ``width`` x ``2 * (panel + foot)`` mm.
    """
    height = 2 * (panel + foot)
    art = group()
    ink = style.readable_on(colour)
    for k, top in enumerate((foot, foot + panel)):
        g = group(transform=f"rotate(180 {width / 2} {top + panel / 2})") if k == 0 else group()
        g.add(rect(0, top, width, panel, fill=colour))
        g.add(path(f"M {width * 0.12} {top + panel} L {width * 0.12} {top + panel * 0.32} "
                   f"A {width * 0.38} {width * 0.38} 0 0 1 {width * 0.88} {top + panel * 0.32} L {width * 0.88} {top + panel} Z",
                   fill=style.lighter(colour, 0.7)))
        size = width * 0.66
        g.add(icon(icon_name, (width - size) / 2, top + panel * 0.2, size, style.darker(colour, 0.25)))
        lab = fit(label, "bold", width - 3, panel * 0.16, 3.2, 1.5, where, max_lines=1)
        g.add(text_block(lab, width / 2, top + panel - lab.height - 1.5, ink if ink != style.WHITE else style.INK, "middle", where))
        art.add(g)
    for top in (0, foot + 2 * panel):
        art.add(rect(0, top, width, foot, fill=style.lighter(colour, 0.45)))
    art.add(rect(0, 0, width, height, stroke=style.CUT, stroke_mm=0.3))
    for y in (foot, foot + panel, foot + 2 * panel):
        art.add(line(0, y, width, y, style.FOLD, 0.25, stroke_dasharray=DASH))
    return Face(face_name, component, width, height, 0.0, art, meta={"pieces": 1})


def die_net(face_name: str, component: str, face: float, faces: tuple[str, ...], back_icon: str,
            back_label: str, where: str) -> Face:
    """A cube net (cross layout) with glue tabs; ``faces`` are six labels: digits draw pips,
    any other value draws ``back_icon`` with ``back_label`` (e.g. Samarkand's "back one space").

    Opposite faces: faces[0]/faces[5], faces[1]/faces[4], faces[2]/faces[3], so a 1..6
    order gives the usual sums of seven.  Bounding box ``4 * face + tab`` x ``3 * face + 2 * tab`` mm.
    """
    tab = min(6.0, face * 0.3)
    width, height = 4 * face + tab, 3 * face + 2 * tab
    y0 = tab
    # Cross: row 1 = left, front, right, back; top above front, bottom below front.
    cells = {
        "front": (face, y0 + face), "back": (3 * face, y0 + face),
        "left": (0, y0 + face), "right": (2 * face, y0 + face),
        "top": (face, y0), "bottom": (face, y0 + 2 * face),
    }
    order = ("front", "top", "left", "right", "bottom", "back")   # opposite pairs: 0/5, 1/4, 2/3
    art = group()
    for side, label in zip(order, faces):
        x, y = cells[side]
        art.add(rect(x, y, face, face, fill=style.PARCHMENT))
        art.add(_die_face(x, y, face, label, back_icon, back_label, where))
    t = tab
    tabs = [
        ((face, y0), (face, y0 + face), "left"), ((2 * face, y0), (2 * face, y0 + face), "right"),
        ((face, y0), (2 * face, y0), "up"), ((face, y0 + 2 * face), (face, y0 + 3 * face), "left"),
        ((2 * face, y0 + 2 * face), (2 * face, y0 + 3 * face), "right"),
        ((face, y0 + 3 * face), (2 * face, y0 + 3 * face), "down"), ((4 * face, y0 + face), (4 * face, y0 + 2 * face), "right"),
    ]
    for (ax, ay), (bx, by), direction in tabs:
        dx, dy = {"left": (-t, 0), "right": (t, 0), "up": (0, -t), "down": (0, t)}[direction]
        inset = t * 0.8
        if dx:
            pts = [(ax, ay), (ax + dx, ay + inset), (bx + dx, by - inset), (bx, by)]
        else:
            pts = [(ax, ay), (ax + inset, ay + dy), (bx - inset, by + dy), (bx, by)]
        art.add(polygon(pts, fill=style.SHADE, stroke=style.CUT, stroke_mm=0.25))
        art.add(line(ax, ay, bx, by, style.FOLD, 0.25, stroke_dasharray=DASH))
    # Outline of the cross (cut) and the inner folds (dashed).
    outline = [(face, y0), (2 * face, y0), (2 * face, y0 + face), (4 * face, y0 + face), (4 * face, y0 + 2 * face),
               (2 * face, y0 + 2 * face), (2 * face, y0 + 3 * face), (face, y0 + 3 * face), (face, y0 + 2 * face),
               (0, y0 + 2 * face), (0, y0 + face), (face, y0 + face)]
    art.add(polygon(outline, stroke=style.CUT, stroke_mm=0.3))
    for x in (face, 2 * face, 3 * face):
        art.add(line(x, y0 + face, x, y0 + 2 * face, style.FOLD, 0.25, stroke_dasharray=DASH))
    art.add(line(face, y0 + face, 2 * face, y0 + face, style.FOLD, 0.25, stroke_dasharray=DASH))
    art.add(line(face, y0 + 2 * face, 2 * face, y0 + 2 * face, style.FOLD, 0.25, stroke_dasharray=DASH))
    return Face(face_name, component, width, height, 0.0, art, meta={"pieces": 1})


_PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
         4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
         5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
         6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)]}


def _die_face(x: float, y: float, size: float, label: str, back_icon: str, back_label: str, where: str):
    g = group()
    if label.isdigit() and int(label) in _PIPS:
        for px, py in _PIPS[int(label)]:
            g.add(circle(x + px * size, y + py * size, size * 0.085, fill=style.INK))
        return g
    icon_size = size * 0.55
    g.add(icon(back_icon, x + (size - icon_size) / 2, y + size * 0.1, icon_size, style.INK))
    lab = fit(back_label, "bold", size - 2, size * 0.22, size * 0.16, 1.4, where, max_lines=1)
    g.add(text_block(lab, x + size / 2, y + size * 0.7, style.INK, "middle", where))
    return g
