"""Islamic geometric ornament (girih, star-and-polygon patterns) drawn in code as filled shapes.

The patterns are made by Hankin's "polygons in contact" method: a tiling of the plane by
polygons is laid down; from the midpoint of every tile edge two rays leave into the tile at
the *contact angle* to the edge; rays stop where they meet a partner ray of the same tile.
The rays form a net of straight bands (the strapwork); the regions between them are the
pattern's stars and polygons.  Every region is then shrunk by half the band's width and
drawn as a filled polygon over a ground of the band's colour, so the strapwork is the
ground showing between filled shapes: no thin strokes, no dashes (dashed lines are the
kit's fold lines).

Patterns (``PATTERNS``):

* ``khatam``: the 8-fold star-and-cross, from the 4.8.8 tiling (octagons and squares);
  8-pointed stars at the lattice points, 4-pointed stars between them.  Square repeat.
* ``decagonal``: a 10-fold pattern from the girih tiles' decagons and bowties (a decagon
  lattice whose gaps are bowties), contact angle 72 degrees: acute 10-pointed stars at
  the lattice points, ringed by kites, with rhombs in the bowties.  Oblique repeat.
* ``hexagonal``: 6-fold stars from the regular hexagon tiling (contact angle 60 degrees).

``regions(pattern, box, period, ...)`` gives the shapes clipped to a box, each with its
*class* (0 = the pattern's largest shape, the star at a lattice point; 1, 2, ... smaller
kinds of shape by falling area); ``pattern_group`` draws them with one fill per class (one
path element per fill, a closed subpath per shape);
``band_group`` draws a straight strip of the pattern (one row of stars along its middle),
and ``frame_group`` a rectangular frame of four such strips with a star at each corner.

Everything is deterministic (same arguments, same bytes): coordinates are rounded to
0.001 mm and the regions are sorted.  Results are cached: a card back or frame is drawn
once per face type.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from pnp.components.svg import group, path, rect

Point = tuple[float, float]

_EPS = 1e-7


@dataclass(frozen=True)
class Pattern:
    """A tiling for Hankin's method and its contact angle (degrees between a ray and its edge)."""

    name: str
    fold: int               # the order of the star at a lattice point
    contact_deg: float
    #: the lattice's two translation vectors for period 1 (the period is the distance between
    #: neighbouring stars along the first vector)
    a: Point
    b: Point


# ----------------------------------------------------------------------------- geometry
def _regular(cx: float, cy: float, n: int, apothem: float, first_normal_deg: float) -> list[Point]:
    """A regular n-gon with the given apothem, one edge's outward normal at ``first_normal_deg``."""
    radius = apothem / math.cos(math.pi / n)
    half = 180.0 / n
    return [(cx + radius * math.cos(math.radians(first_normal_deg + half + 360.0 * k / n)),
             cy + radius * math.sin(math.radians(first_normal_deg + half + 360.0 * k / n))) for k in range(n)]


def _area(poly: list[Point]) -> float:
    """Signed area (positive when the vertices run anticlockwise in x-right, y-up axes)."""
    s = 0.0
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        s += x1 * y2 - x2 * y1
    return s / 2


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _ray_meet(p: Point, d: Point, q: Point, e: Point):
    """Parameters (t, u) with p + t d = q + u e, or None for parallel rays."""
    den = d[0] * e[1] - d[1] * e[0]
    if abs(den) < 1e-12:
        return None
    wx, wy = q[0] - p[0], q[1] - p[1]
    return (wx * e[1] - wy * e[0]) / den, (wx * d[1] - wy * d[0]) / den


def _proper_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd cross at a point inside both (not at an endpoint)."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    tol = 1e-9
    return ((d1 > tol and d2 < -tol) or (d1 < -tol and d2 > tol)) and ((d3 > tol and d4 < -tol) or (d3 < -tol and d4 > tol))


def _inside(poly: list[Point], x: float, y: float) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def hankin(tile: list[Point], contact_deg: float) -> list[tuple[Point, Point]]:
    """The strapwork segments of one tile by Hankin's method.

    From each edge midpoint two rays leave into the tile at ``contact_deg`` to the edge.
    Candidate meetings of two rays inside the tile are taken shortest first (the sum of the
    two ray lengths); a meeting is kept when both rays are still free and its two segments
    cross no segment kept before.  For a regular polygon this pairs the rays either side of
    each vertex (the classic star); for a concave tile (the bowtie) rays that cannot meet
    their neighbour cross the waist to a partner on the far side.
    """
    sign = 1.0 if _area(tile) > 0 else -1.0
    c, s = math.cos(math.radians(contact_deg)), math.sin(math.radians(contact_deg))
    rays: list[tuple[Point, Point, int]] = []     # (start, direction, edge index)
    n = len(tile)
    for i in range(n):
        (ax, ay), (bx, by) = tile[i], tile[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        ex, ey = (bx - ax) / length, (by - ay) / length
        nx, ny = -ey * sign, ex * sign                # inward normal
        m = ((ax + bx) / 2, (ay + by) / 2)
        rays.append((m, (c * ex + s * nx, c * ey + s * ny), i))
        rays.append((m, (-c * ex + s * nx, -c * ey + s * ny), i))
    candidates = []
    for i in range(len(rays)):
        for j in range(i + 1, len(rays)):
            (p, d, ei), (q, e, ej) = rays[i], rays[j]
            if ei == ej:
                continue
            tu = _ray_meet(p, d, q, e)
            if tu is None:
                continue
            t, u = tu
            if t <= _EPS or u <= _EPS:
                continue
            x, y = p[0] + t * d[0], p[1] + t * d[1]
            if not _inside(tile, x, y):
                continue
            candidates.append((round(t + u, 9), round(abs(t - u), 9), i, j, (x, y)))
    candidates.sort()
    free = [True] * len(rays)
    kept: list[tuple[Point, Point]] = []
    for _, _, i, j, point in candidates:
        if not (free[i] and free[j]):
            continue
        new = [(rays[i][0], point), (rays[j][0], point)]
        if any(_proper_cross(a, b, c2, d2) for a, b in new for c2, d2 in kept):
            continue
        free[i] = free[j] = False
        kept.extend(new)
    return kept


# ----------------------------------------------------------------------------- patterns
_ROOT2 = math.sqrt(2.0)
_R10 = 0.5      # decagon apothem for period 1 (neighbouring decagons' centres are 1 apart)

PATTERNS: dict[str, Pattern] = {
    "khatam": Pattern("khatam", 8, 67.5, (1.0, 0.0), (0.0, 1.0)),
    "decagonal": Pattern("decagonal", 10, 72.0, (1.0, 0.0), (math.cos(math.radians(72)), math.sin(math.radians(72)))),
    "hexagonal": Pattern("hexagonal", 6, 60.0, (1.0, 0.0), (0.5, math.sqrt(3) / 2)),
}


def _cell_tiles(pattern: str, cx: float, cy: float, period: float) -> list[list[Point]]:
    """The tiles of one lattice cell whose lattice point is (cx, cy)."""
    if pattern == "khatam":
        side = period / (1 + _ROOT2)
        return [_regular(cx, cy, 8, period / 2, 0.0),
                _regular(cx + period / 2, cy + period / 2, 4, side / 2, 45.0)]
    if pattern == "hexagonal":
        return [_regular(cx, cy, 6, period / 2, 0.0)]
    if pattern == "decagonal":
        r = period * _R10
        dec = _regular(cx, cy, 10, r, 0.0)
        return [dec, _bowtie(cx, cy, period)]
    raise ValueError(f"unknown girih pattern {pattern!r}; one of {sorted(PATTERNS)}")


def _bowtie(cx: float, cy: float, period: float) -> list[Point]:
    """The bowtie in the gap between the decagons at 0, a, b and a + b of the lattice."""
    p = PATTERNS["decagonal"]
    r = period * _R10
    radius = r / math.cos(math.pi / 10)
    ax, ay = p.a[0] * period, p.a[1] * period
    bx, by = p.b[0] * period, p.b[1] * period

    def vertex(ox: float, oy: float, deg: float) -> Point:
        return (ox + radius * math.cos(math.radians(deg)), oy + radius * math.sin(math.radians(deg)))

    points = [vertex(cx, cy, 18), vertex(cx, cy, 54), vertex(cx + ax, cy + ay, 90), vertex(cx + ax, cy + ay, 126),
              vertex(cx + ax, cy + ay, 162), vertex(cx + ax + bx, cy + ay + by, 198),
              vertex(cx + ax + bx, cy + ay + by, 234), vertex(cx + bx, cy + by, 270),
              vertex(cx + bx, cy + by, 306), vertex(cx + bx, cy + by, 342)]
    unique: list[Point] = []
    for q in points:
        if all(math.hypot(q[0] - u[0], q[1] - u[1]) > period * 1e-6 for u in unique):
            unique.append(q)
    mx = sum(q[0] for q in unique) / len(unique)
    my = sum(q[1] for q in unique) / len(unique)
    return sorted(unique, key=lambda q: math.atan2(q[1] - my, q[0] - mx))


@lru_cache(maxsize=32)
def _unit_segments(pattern: str, period: float) -> tuple[tuple[Point, Point], ...]:
    """The strapwork of one lattice cell whose lattice point is (0, 0): every cell is this, moved."""
    contact = PATTERNS[pattern].contact_deg
    return tuple(seg for tile in _cell_tiles(pattern, 0.0, 0.0, period) for seg in hankin(tile, contact))


def _lattice_points(pattern: str, box: tuple[float, float, float, float], period: float,
                    origin: Point) -> list[Point]:
    """Lattice points whose cells may reach into ``box`` (with two cells to spare)."""
    p = PATTERNS[pattern]
    ax, ay = p.a[0] * period, p.a[1] * period
    bx, by = p.b[0] * period, p.b[1] * period
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
    det = ax * by - ay * bx
    ij = []
    for x, y in corners:
        dx, dy = x - origin[0], y - origin[1]
        ij.append(((dx * by - dy * bx) / det, (ax * dy - ay * dx) / det))
    i0, i1 = math.floor(min(i for i, _ in ij)) - 2, math.ceil(max(i for i, _ in ij)) + 2
    j0, j1 = math.floor(min(j for _, j in ij)) - 2, math.ceil(max(j for _, j in ij)) + 2
    return [(origin[0] + i * ax + j * bx, origin[1] + i * ay + j * by) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]


def _faces(segments: list[tuple[Point, Point]], grid: float) -> list[list[Point]]:
    """The bounded regions of the planar net of ``segments`` (which meet only at endpoints)."""
    def key(p: Point) -> tuple[int, int]:
        return (round(p[0] / grid), round(p[1] / grid))

    where: dict[tuple[int, int], Point] = {}
    nbrs: dict[tuple[int, int], set] = {}
    for a, b in segments:
        ka, kb = key(a), key(b)
        if ka == kb:
            continue
        where.setdefault(ka, a)
        where.setdefault(kb, b)
        nbrs.setdefault(ka, set()).add(kb)
        nbrs.setdefault(kb, set()).add(ka)
    # prune dangling ends (unpaired rays at the edge of the generated area)
    stack = [k for k, v in nbrs.items() if len(v) < 2]
    while stack:
        k = stack.pop()
        for o in nbrs.pop(k, set()):
            if o in nbrs:
                nbrs[o].discard(k)
                if len(nbrs[o]) < 2:
                    stack.append(o)
    order: dict[tuple[int, int], list] = {}
    for k, v in nbrs.items():
        px, py = where[k]
        order[k] = sorted(v, key=lambda o: math.atan2(where[o][1] - py, where[o][0] - px))
    seen: set = set()
    faces = []
    for u in sorted(order):
        for v in order[u]:
            if (u, v) in seen:
                continue
            ring, a, b = [], u, v
            while (a, b) not in seen:
                seen.add((a, b))
                ring.append(where[a])
                around = order[b]
                k = around.index(a)
                a, b = b, around[(k - 1) % len(around)]    # turn to the next edge clockwise
            if len(ring) >= 3 and _area(ring) > grid:
                faces.append(ring)
    return faces


def _simplify(poly: list[Point]) -> list[Point]:
    """``poly`` without vertices where the outline runs straight on."""
    out = list(poly)
    changed = True
    while changed and len(out) > 3:
        changed = False
        for i in range(len(out)):
            a, b, c = out[i - 1], out[i], out[(i + 1) % len(out)]
            la = math.hypot(b[0] - a[0], b[1] - a[1])
            lc = math.hypot(c[0] - b[0], c[1] - b[1])
            if la < 1e-9 or lc < 1e-9 or abs(_cross(a, b, c)) < 1e-9 * la * lc:
                del out[i]
                changed = True
                break
    return out


def inset(poly: list[Point], distance: float) -> list[Point]:
    """``poly`` with every edge moved ``distance`` inwards (mitred corners)."""
    sign = 1.0 if _area(poly) > 0 else -1.0
    n = len(poly)
    lines = []
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        length = math.hypot(bx - ax, by - ay)
        ex, ey = (bx - ax) / length, (by - ay) / length
        nx, ny = -ey * sign, ex * sign
        lines.append(((ax + nx * distance, ay + ny * distance), (ex, ey)))
    out = []
    for i in range(n):
        (p, d), (q, e) = lines[i - 1], lines[i]
        tu = _ray_meet(p, d, q, e)
        out.append(q if tu is None else (p[0] + tu[0] * d[0], p[1] + tu[0] * d[1]))
    return out


def clip(poly: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """``poly`` cut to the rectangle ``box`` (x0, y0, x1, y1), Sutherland-Hodgman."""
    x0, y0, x1, y1 = box
    out = poly
    for inside, cut in ((lambda p: p[0] >= x0, lambda p, q: _at_x(p, q, x0)),
                        (lambda p: p[0] <= x1, lambda p, q: _at_x(p, q, x1)),
                        (lambda p: p[1] >= y0, lambda p, q: _at_y(p, q, y0)),
                        (lambda p: p[1] <= y1, lambda p, q: _at_y(p, q, y1))):
        if not out:
            break
        src, out = out, []
        for k in range(len(src)):
            p, q = src[k - 1], src[k]
            if inside(q):
                if not inside(p):
                    out.append(cut(p, q))
                out.append(q)
            elif inside(p):
                out.append(cut(p, q))
    return out


def _at_x(p: Point, q: Point, x: float) -> Point:
    t = (x - p[0]) / (q[0] - p[0])
    return (x, p[1] + t * (q[1] - p[1]))


def _at_y(p: Point, q: Point, y: float) -> Point:
    t = (y - p[1]) / (q[1] - p[1])
    return (p[0] + t * (q[0] - p[0]), y)


@dataclass(frozen=True)
class Region:
    """One filled shape of a pattern: its class (0 = the largest kind of shape) and outline (mm)."""

    cls: int
    points: tuple[Point, ...]


@lru_cache(maxsize=64)
def regions(pattern: str, box: tuple[float, float, float, float], period: float, band: float,
            origin: Point = (0.0, 0.0), rotation_deg: float = 0.0) -> tuple[Region, ...]:
    """The pattern's shapes over ``box`` (x0, y0, x1, y1 in mm), shrunk by ``band / 2`` and cut to the box.

    Args:
        period: distance (mm) between neighbouring stars at lattice points.
        band: width (mm) of the strapwork between shapes (the ground shows there).
        origin: a lattice point (a star's centre); ``rotation_deg`` turns the pattern about it.
    Raises:
        ValueError: an unknown pattern, or a band too wide for the period.
    """
    if pattern not in PATTERNS:
        raise ValueError(f"unknown girih pattern {pattern!r}; one of {sorted(PATTERNS)}")
    if not 0 < band < period / 6:
        raise ValueError(f"girih band {band} mm must be above 0 and below a sixth of the period ({period} mm)")
    cos_r, sin_r = math.cos(math.radians(rotation_deg)), math.sin(math.radians(rotation_deg))

    def turn(p: Point, back: bool = False) -> Point:
        s = -sin_r if back else sin_r
        dx, dy = p[0] - origin[0], p[1] - origin[1]
        return (origin[0] + dx * cos_r - dy * s, origin[1] + dx * s + dy * cos_r)

    # work in the pattern's own frame: the box turned back, its bounding box
    x0, y0, x1, y1 = box
    corners = [turn(c, back=True) for c in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    lx0, ly0 = min(c[0] for c in corners), min(c[1] for c in corners)
    lx1, ly1 = max(c[0] for c in corners), max(c[1] for c in corners)
    out = []
    for cx, cy in _lattice_points(pattern, (lx0, ly0, lx1, ly1), period, origin):
        for cls, points, (fx0, fy0, fx1, fy1) in _unit_regions(pattern, period, band):
            if fx1 + cx < lx0 or fx0 + cx > lx1 or fy1 + cy < ly0 or fy0 + cy > ly1:
                continue
            moved = [(x + cx, y + cy) for x, y in points]
            if rotation_deg:
                moved = [turn(q) for q in moved]
            cut = clip(moved, box)
            if len(cut) >= 3 and abs(_area(cut)) > 1e-4:
                out.append(Region(cls, tuple((round(x, 3), round(y, 3)) for x, y in cut)))
    return tuple(sorted(out, key=lambda r: (r.cls, r.points)))


@lru_cache(maxsize=64)
def _unit_regions(pattern: str, period: float, band: float):
    """The shapes of one lattice cell (those whose centre lies in the cell of the lattice point
    (0, 0)), shrunk by ``band / 2``, as (class, points, bounding box): the whole pattern is
    these, moved to every lattice point.  Classes rank the kinds of shape by falling area."""
    p = PATTERNS[pattern]
    ax, ay = p.a[0] * period, p.a[1] * period
    bx, by = p.b[0] * period, p.b[1] * period
    det = ax * by - ay * bx
    segments = []
    unit = _unit_segments(pattern, period)
    # the cell's own shapes are closed by the strapwork of the cells around it (a bowtie of
    # the decagonal lattice reaches to the cell's far corner): two rings of cells suffice
    for i in range(-2, 3):
        for j in range(-2, 3):
            cx, cy = i * ax + j * bx, i * ay + j * by
            segments.extend(((qx + cx, qy + cy), (rx + cx, ry + cy)) for (qx, qy), (rx, ry) in unit)
    shapes = []
    for face in _faces(segments, period * 1e-5):
        face = _simplify(face)
        mx, my = _centroid(face)
        i = (mx * by - my * bx) / det
        j = (ax * my - ay * mx) / det
        if math.floor(i + 1e-6) != 0 or math.floor(j + 1e-6) != 0:
            continue
        shapes.append((len(face), round(abs(_area(face)) / period ** 2, 4), inset(face, band / 2)))
    kinds = sorted({(k, a) for k, a, _ in shapes}, key=lambda ka: (-ka[1], -ka[0]))
    rank = {ka: n for n, ka in enumerate(kinds)}
    out = []
    for k, a, points in sorted(shapes, key=lambda s: (s[0], s[1], _centroid(s[2]))):
        box = (min(q[0] for q in points), min(q[1] for q in points), max(q[0] for q in points), max(q[1] for q in points))
        out.append((rank[(k, a)], tuple(points), box))
    return tuple(out)


def _centroid(points) -> Point:
    """Centre of area of a simple polygon."""
    a = _area(list(points))
    if abs(a) < 1e-12:
        return (sum(q[0] for q in points) / len(points), sum(q[1] for q in points) / len(points))
    cx = cy = 0.0
    pts = list(points)
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        f = x1 * y2 - x2 * y1
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    return (cx / (6 * a), cy / (6 * a))


def pattern_group(pattern: str, box: tuple[float, float, float, float], period: float, band: float,
                  fills: tuple[str, ...], ground: str | None = None, origin: Point = (0.0, 0.0),
                  rotation_deg: float = 0.0, **attrs):
    """An svg group of the pattern over ``box``: the ground rect (the strapwork's colour,
    omitted when None) and every shape filled with ``fills[class]`` (the last fill for
    classes beyond it; "none" leaves a class out)."""
    g = group(**attrs)
    x0, y0, x1, y1 = box
    if ground:
        g.add(rect(x0, y0, x1 - x0, y1 - y0, fill=ground))
    # one path per fill, a subpath per shape: a few elements instead of hundreds (a PDF
    # converter's cost goes by the element); the shapes are disjoint, so no fill rule matters
    by_fill: dict[str, list[str]] = {}
    for cls, part in _subpaths(pattern, tuple(box), period, band, tuple(origin), rotation_deg):
        fill = fills[min(cls, len(fills) - 1)]
        if fill != "none":
            by_fill.setdefault(fill, []).append(part)
    for fill, parts in by_fill.items():
        g.add(path(" ".join(parts), fill=fill))
    return g


@lru_cache(maxsize=64)
def _subpaths(pattern: str, box: tuple[float, float, float, float], period: float, band: float,
              origin: Point, rotation_deg: float) -> tuple[tuple[int, str], ...]:
    """(class, closed subpath) of every region of ``regions(...)``, in its order: the same frame
    or ground drawn in several colours (a card of each good) is written out once."""
    return tuple((r.cls, subpath(r.points)) for r in regions(pattern, box, period, band, origin, rotation_deg))


def subpath(points) -> str:
    """A closed subpath through ``points`` (mm), numbers short and stable."""
    first, *rest = points
    return "M" + _xy(first) + "L" + " ".join(_xy(q) for q in rest) + "Z"


def _xy(q: Point) -> str:
    return f"{_n(q[0])},{_n(q[1])}"


def _n(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def band_group(pattern: str, x: float, y: float, length: float, width: float, band: float,
               fills: tuple[str, ...], ground: str | None = None, vertical: bool = False, fit: bool = True, **attrs):
    """A straight strip of the pattern, ``length`` x ``width`` mm with its top-left at (x, y)
    (``vertical``: running down, ``width`` across): one row of stars along its middle, centred
    on a star, so both ends match.  ``fit``: the period is stretched so that a whole (odd)
    number of stars fills the length; else it is the one that shows whole stars across the
    width (the same for every strip of that width: drawn from one cached cell)."""
    period = _strip_period(pattern, length, width) if fit else _natural_period(pattern, width)
    if vertical:
        box = (x, y, x + width, y + length)
        origin = (x + width / 2, y + length / 2)
        return pattern_group(pattern, box, period, band, fills, ground, origin, 90.0, **attrs)
    box = (x, y, x + length, y + width)
    return pattern_group(pattern, box, period, band, fills, ground, (x + length / 2, y + width / 2), 0.0, **attrs)


def _natural_period(pattern: str, width: float) -> float:
    """The period at which a strip ``width`` wide shows whole stars across it."""
    return width if pattern != "decagonal" else width / math.cos(math.pi / 10)


def _strip_period(pattern: str, length: float, width: float) -> float:
    """The period nearest to the one a strip ``width`` wide shows whole stars at, that puts a
    whole (odd) number of stars along ``length`` (one star at the middle)."""
    natural = width if pattern != "decagonal" else width / math.cos(math.pi / 10)
    count = max(1, round(length / natural))
    if count % 2 == 0:
        count += 1 if length / natural >= count else -1
    return length / max(1, count)


def frame_group(pattern: str, x: float, y: float, w: float, h: float, width: float, band: float,
                fills: tuple[str, ...], ground: str | None = None, **attrs):
    """A rectangular frame ``width`` mm wide whose outer edge is the rectangle (x, y, w, h):
    four strips of the pattern and a square at each corner with one star centred in it."""
    g = group(**attrs)
    inner_w, inner_h = w - 2 * width, h - 2 * width
    # one period for the strips and the corners: the whole frame is drawn from one cached cell
    for bx, by, length, vertical in ((x + width, y, inner_w, False), (x + width, y + h - width, inner_w, False),
                                     (x, y + width, inner_h, True), (x + w - width, y + width, inner_h, True)):
        g.add(band_group(pattern, bx, by, length, width, band, fills, ground, vertical=vertical, fit=False))
    period = _natural_period(pattern, width)
    for cx, cy in ((x, y), (x + w - width, y), (x, y + h - width), (x + w - width, y + h - width)):
        g.add(pattern_group(pattern, (cx, cy, cx + width, cy + width), period, band, fills, ground,
                            (cx + width / 2, cy + width / 2)))
    return g
