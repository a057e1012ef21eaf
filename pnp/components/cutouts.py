"""Cut-out pieces with their own cut lines (solid) and fold lines (dashed): standees, dice.

These are not rectangles on a grid, so they carry their outline instead of crop marks.
Faces have no bleed: the art stops at the cut line.  Coordinates in mm.
"""

from __future__ import annotations

import math

from pnp.errors import LayoutError
from pnp.components.svg import Face, circle, group, icon, line, path, polygon, rect, text_block
from pnp.components.text import fit
from pnp.components.markers import player_mark
from pnp.components import style

DASH = "1.2,0.9"


def standee(face_name: str, component: str, width: float, panel: float, foot: float, colour: str,
            label: str, icon_name: str, where: str, ink: style.Ink = style.NORMAL, mark: str | None = None) -> Face:
    """A fold-over standee: foot | figure (upside down) | figure | foot, top to bottom.

    Fold on the dashed lines: the two figures back to back (glue them), the feet outwards
    so the piece stands.  Bounding box ``width`` x ``2 * (panel + foot)`` mm.  With
    ``style.SAVER`` the panels are a light tint of ``colour`` with a white arch and the
    feet paper with a tinted edge line, so the colour still tells the pawns apart; cut and
    fold lines keep their weight.  ``mark`` (a ``markers.PLAYER_MARKS`` name) puts the
    player's geometric mark, white on a dark disc, above the figure on both panels: pawns of
    one game are told apart in greyscale and by colour-blind players.
    """
    height = 2 * (panel + foot)
    art = group()
    fg = style.readable_on(colour)
    arch = style.WHITE if ink.saver else style.lighter(colour, 0.7)
    for k, top in enumerate((foot, foot + panel)):
        g = group(transform=f"rotate(180 {width / 2} {top + panel / 2})") if k == 0 else group()
        g.add(rect(0, top, width, panel, fill=ink.field(colour, 0.7)))
        g.add(path(f"M {width * 0.12} {top + panel} L {width * 0.12} {top + panel * 0.32} "
                   f"A {width * 0.38} {width * 0.38} 0 0 1 {width * 0.88} {top + panel * 0.32} L {width * 0.88} {top + panel} Z",
                   fill=arch))
        size = width * 0.66
        g.add(icon(icon_name, (width - size) / 2, top + panel * 0.2, size, style.darker(colour, 0.25)))
        lab = fit(label, "bold", width - 3, panel * 0.16, 3.2, 1.5, where, max_lines=1)
        g.add(text_block(lab, width / 2, top + panel - lab.height - 1.5, fg if fg != style.WHITE else style.INK, "middle", where))
        if mark is not None:
            disc = panel * 0.09
            g.add(circle(width / 2, top + disc + 1.0, disc, fill=style.INK))
            g.add(player_mark(mark, width / 2, top + disc + 1.0, disc * 1.3, style.WHITE))
        art.add(g)
    add_standee_folds(art, width, height, foot, panel, colour, ink)
    return Face(face_name, component, width, height, 0.0, art, meta={"pieces": 1})


def die_net(face_name: str, component: str, face: float, faces: tuple[str, ...], back_icon: str,
            back_label: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """A cube net (cross layout) with glue tabs; ``faces`` are six labels: digits draw pips,
    any other value draws ``back_icon`` with ``back_label`` (e.g. a pawn whose back says "back one space").

    Opposite faces: faces[0]/faces[5], faces[1]/faces[4], faces[2]/faces[3], so a 1..6
    order gives the usual sums of seven.  Bounding box ``4 * face + tab`` x ``3 * face + 2 * tab`` mm.
    ``meta["die_faces"]``: (label, x, y, size) of each face's square in the net (mm, in the
    order of ``faces``), for exports that show the die's faces one by one.
    ``style.SAVER``: paper faces and pale glue tabs (see ``_net_fills``).
    """
    face_fill, tab_fill = _net_fills(ink)
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
        art.add(rect(x, y, face, face, fill=face_fill))
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
        art.add(polygon(pts, fill=tab_fill, stroke=style.CUT, stroke_mm=0.25))
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
    squares = [(label, cells[side][0], cells[side][1], face) for side, label in zip(order, faces)]
    return Face(face_name, component, width, height, 0.0, art,
                meta={"pieces": 1, "die_faces": squares, "die_back_label": back_label})


def _net_fills(ink: style.Ink) -> tuple[str, str]:
    """Fills of a die net's faces and glue tabs: parchment and shade, or (saver) paper and a
    pale shade that still marks where the glue goes.  Cut and fold lines keep their weight."""
    if ink.saver:
        return style.WHITE, style.lighter(style.SHADE, 0.5)
    return style.PARCHMENT, style.SHADE


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


# ----------------------------------------------------------------------------- d8 net
# The octahedron's faces are the sign triples s = (sx, sy, sz); face s has the vertices
# (sx, 0, 0), (0, sy, 0), (0, 0, sz), and -s is the opposite face.  Two faces share an
# edge when their triples differ in one sign.  A net is a spanning tree of that
# adjacency (the tree edges are folds, every other edge is cut and glued); every one of
# the 384 spanning trees unfolds without overlap.  This tree gives the most compact
# landscape net on a triangle grid (two rows of four triangles, 4 x 1 edges).
_OCTA_FACES = tuple((sx, sy, sz) for sx in (1, -1) for sy in (1, -1) for sz in (1, -1))
_D8_TREE = ((0, 1), (0, 2), (1, 5), (2, 3), (3, 7), (4, 5), (4, 6))


def _octa_vertices(face: tuple[int, int, int]) -> tuple[tuple[int, int], ...]:
    """Vertices of a face as (axis, sign) pairs."""
    return tuple((axis, sign) for axis, sign in enumerate(face))


def octahedron_net(tree=_D8_TREE):
    """Unfold the octahedron along ``tree`` (pairs of indices into the faces) with edge 1.

    Returns ``{face index: {vertex: (x, y)}}``: the flat position of each face's three
    vertices (a vertex is an (axis, sign) pair), y growing down, the net's bounding box
    starting at (0, 0).  Face 0 lies with one edge horizontal; each child face is its
    parent's third vertex reflected through the midpoint of their shared edge.
    """
    near = {i: [] for i in range(len(_OCTA_FACES))}
    for a, b in tree:
        near[a].append(b)
        near[b].append(a)
    root = _octa_vertices(_OCTA_FACES[0])
    placed = {0: {root[0]: (0.0, 0.0), root[1]: (1.0, 0.0), root[2]: (0.5, math.sqrt(3) / 2)}}
    todo = [0]
    while todo:
        parent = todo.pop()
        pv = _octa_vertices(_OCTA_FACES[parent])
        for child in near[parent]:
            if child in placed:
                continue
            cv = _octa_vertices(_OCTA_FACES[child])
            shared = [v for v in cv if v in pv]
            (p_third,) = [v for v in pv if v not in shared]
            (c_third,) = [v for v in cv if v not in shared]
            a, b, t = placed[parent][shared[0]], placed[parent][shared[1]], placed[parent][p_third]
            placed[child] = {shared[0]: a, shared[1]: b, c_third: (a[0] + b[0] - t[0], a[1] + b[1] - t[1])}
            todo.append(child)
    if len(placed) != len(_OCTA_FACES):
        raise ValueError("the d8 net's tree does not reach every face")
    x0 = min(x for f in placed.values() for x, _ in f.values())
    y0 = min(y for f in placed.values() for _, y in f.values())
    return {i: {v: (x - x0, y - y0) for v, (x, y) in f.items()} for i, f in placed.items()}


def d8_numbers() -> dict[int, int]:
    """The number on each face (index into the faces): 1..8 with opposite faces summing to 9."""
    numbers = {}
    for k, face in enumerate(_OCTA_FACES[:4]):      # the four faces with sx = +1
        numbers[k] = k + 1
        numbers[_OCTA_FACES.index(tuple(-s for s in face))] = 8 - k
    return numbers


def d8_net(face_name: str, component: str, edge: float, labels: tuple[str, ...], where: str,
           ink: style.Ink = style.NORMAL) -> Face:
    """A printable eight-sided die: the octahedron net of 8 equilateral triangles with glue tabs.

    ``labels`` are the texts for the numbers 1..8 (``labels[n - 1]`` goes on the face
    numbered n, so "1".."8" give opposite faces summing to nine, as on a bought d8).
    Faces are ``edge`` mm triangles; 5 tinted glue tabs sit on cut edges, one per pair of
    edges that meet when folded, each on the side whose neighbour cell is empty.  Solid
    lines are cut, dashed lines folded.  ``meta``: ``triangles`` (8 triangles in mm with
    their number), ``tabs`` (5 quadrilaterals), ``folds`` (7 segments) and ``labels``.  ``style.SAVER``:
    paper faces and pale glue tabs, as ``die_net``.

    Raises:
        LayoutError: a label does not fit a face.
    """
    if len(labels) != 8:
        raise ValueError(f"a d8 needs 8 labels, got {len(labels)}")
    net = octahedron_net()
    tab = min(6.0, edge * 0.25)
    numbers = d8_numbers()
    # Where each 3D edge lies in the net: one segment (a fold) or two (a cut pair).
    seen: dict[frozenset, list[tuple[int, tuple, tuple]]] = {}
    for i, verts in net.items():
        vs = list(verts)
        for a in range(3):
            for b in range(a + 1, 3):
                key = frozenset((vs[a], vs[b]))
                seen.setdefault(key, []).append((i, verts[vs[a]], verts[vs[b]]))
    tris = {i: [(x * edge, y * edge) for x, y in verts.values()] for i, verts in net.items()}
    centres = {i: (sum(x for x, _ in t) / 3, sum(y for _, y in t) / 3) for i, t in tris.items()}
    occupied = {_cell(c) for c in centres.values()}

    def mm(point):
        return (point[0] * edge, point[1] * edge)

    folds, tabs = [], []
    used_cells = set(occupied)
    for key in sorted(seen, key=sorted):
        places = seen[key]
        (_, p, q), (_, p2, q2) = places
        if {p, q} == {p2, q2}:
            folds.append((mm(p), mm(q)))     # the two faces stay joined: fold here
            continue
        # A cut pair (these two edges meet when folded): one tab, on the first edge whose
        # outside cell holds neither a face nor another tab.
        for k, a, b in places:
            a, b = mm(a), mm(b)
            cx, cy = centres[k]
            across = _cell((a[0] + b[0] - cx, a[1] + b[1] - cy))   # centre of the cell across the edge
            if across not in used_cells:
                used_cells.add(across)
                tabs.append(_tab(a, b, (cx, cy), tab))
                break
        else:
            raise LayoutError("no free side for a d8 glue tab", key=where)
    # Move the net with its tabs to start at (0, 0).
    points = [pt for tri in tris.values() for pt in tri] + [pt for quad in tabs for pt in quad]
    dx, dy = -min(x for x, _ in points), -min(y for _, y in points)
    width, height = max(x for x, _ in points) + dx, max(y for _, y in points) + dy

    def shift(pts):
        return [(x + dx, y + dy) for x, y in pts]

    tris = {i: shift(tri) for i, tri in tris.items()}
    centres = {i: (x + dx, y + dy) for i, (x, y) in centres.items()}
    tabs = [shift(quad) for quad in tabs]
    folds = [tuple(shift(seg)) for seg in folds]
    face_fill, tab_fill = _net_fills(ink)
    art = group()
    for quad in tabs:
        art.add(polygon(quad, fill=tab_fill, stroke=style.CUT, stroke_mm=0.25))
    for i, t in tris.items():
        art.add(polygon(t, fill=face_fill))
    for (ax, ay), (bx, by) in folds + [(q[0], q[-1]) for q in tabs]:
        art.add(line(ax, ay, bx, by, style.FOLD, 0.25, stroke_dasharray=DASH))
    for i, t in tris.items():
        label = labels[numbers[i] - 1]
        cx, cy = centres[i]
        apex_down = sum(1 for _, y in t if y > cy) == 1
        size = edge * 0.34
        fitted = fit(label, "heavy", edge * 0.42, size, size, 2.0, where, max_lines=1)
        g = group(transform=f"rotate(180 {cx:.4f} {cy:.4f})") if apex_down else group()
        g.add(text_block(fitted, cx, cy - fitted.size * 0.45, style.INK, "middle", where))
        if label in ("6", "9"):            # underline so 6 and 9 are told apart
            g.add(line(cx - fitted.width / 2, cy + fitted.size * 0.42, cx + fitted.width / 2,
                       cy + fitted.size * 0.42, style.INK, fitted.size * 0.08, class_="underline"))
        art.add(g)
    outline = _net_outline(tris, folds, tabs)
    for (ax, ay), (bx, by) in outline:
        art.add(line(ax, ay, bx, by, style.CUT, 0.3, stroke_linecap="round"))
    meta = {"pieces": 1, "triangles": [(numbers[i], t) for i, t in sorted(tris.items())], "tabs": tabs,
            "folds": folds, "labels": tuple(labels)}
    return Face(face_name, component, width, height, 0.0, art, meta=meta)


def _cell(point: tuple[float, float]) -> tuple[int, int]:
    """A hashable id of the triangle-grid cell around ``point`` (its centre, rounded to 0.1 mm)."""
    return (round(point[0] * 10), round(point[1] * 10))


def _tab(p, q, centre, depth):
    """A glue tab on edge p-q, on the side away from ``centre``: p, p', q', q (trapezoid)."""
    (px, py), (qx, qy), (cx, cy) = p, q, centre
    ex, ey = qx - px, qy - py
    length = math.hypot(ex, ey)
    nx, ny = -ey / length, ex / length
    if nx * ((px + qx) / 2 - cx) + ny * ((py + qy) / 2 - cy) < 0:
        nx, ny = -nx, -ny
    # Ends slanted at 60 degrees inwards so tabs of neighbouring edges never touch.
    inset = depth / math.tan(math.radians(60))
    ux, uy = ex / length, ey / length
    return [(px, py), (px + nx * depth + ux * inset, py + ny * depth + uy * inset),
            (qx + nx * depth - ux * inset, qy + ny * depth - uy * inset), (qx, qy)]


def _net_outline(tris, folds, tabs):
    """Cut segments: every triangle edge that is not a fold and carries no tab, plus the tabs' outer sides."""
    def same(s, t):
        return all(abs(a - b) < 1e-6 for a, b in zip(s[0] + s[1], t[0] + t[1])) or \
            all(abs(a - b) < 1e-6 for a, b in zip(s[0] + s[1], t[1] + t[0]))

    skip = list(folds) + [(q[0], q[-1]) for q in tabs]
    out = []
    for t in tris.values():
        for k in range(3):
            seg = (t[k], t[(k + 1) % 3])
            if not any(same(seg, s) for s in skip):
                out.append(seg)
    for q in tabs:
        out += [(q[0], q[1]), (q[1], q[2]), (q[2], q[3])]
    return out


def add_standee_folds(art, width: float, height: float, foot: float, panel: float, colour: str, ink) -> None:
    """The parts every fold-over standee shares, added to ``art`` (mm): the two feet of
    ``foot`` mm in ``colour`` (an outline only under the ink saver), the solid cut line round
    the ``width`` x ``height`` piece and the dashed fold lines at the feet and between the two
    ``panel``-high figures."""
    for top in (0, foot + 2 * panel):
        if ink.saver:
            art.add(rect(0.6, top + 0.6, width - 1.2, foot - 1.2, stroke=colour, stroke_mm=ink.width(0.6)))
        else:
            art.add(rect(0, top, width, foot, fill=style.lighter(colour, 0.45)))
    art.add(rect(0, 0, width, height, stroke=style.CUT, stroke_mm=0.3))
    for y in (foot, foot + panel, foot + 2 * panel):
        art.add(line(0, y, width, y, style.FOLD, 0.25, stroke_dasharray=DASH))
