"""Girih ornament (pnp.components.girih): star-and-polygon patterns as filled shapes."""

import math
import re

import pytest
import svgwrite

from pnp.components import girih


def _centroid(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _area(points):
    return abs(girih._area(list(points)))


@pytest.mark.parametrize("pattern, fold", [("khatam", 8), ("decagonal", 10), ("hexagonal", 6)])
def test_the_largest_shape_is_the_star_of_the_pattern_fold(pattern, fold):
    box = (-40.0, -40.0, 40.0, 40.0)
    found = girih.regions(pattern, box, 20.0, 1.0)
    assert found
    whole = [r for r in found if r.cls == 0 and all(abs(x) < 39 and abs(y) < 39 for x, y in r.points)]
    assert whole
    star = whole[0]
    # a star of `fold` points: 2 * fold corners, alternately convex and reflex
    assert len(star.points) == 2 * fold
    cx, cy = _centroid(star.points)
    radii = sorted(math.hypot(x - cx, y - cy) for x, y in star.points)
    assert radii[fold - 1] < 0.8 * radii[fold]        # inner and outer corners
    # the star at the origin is a lattice point's star, centred on it
    at_origin = [r for r in whole if math.hypot(*_centroid(r.points)) < 0.1]
    assert len(at_origin) == 1


@pytest.mark.parametrize("pattern", sorted(girih.PATTERNS))
def test_shapes_lie_in_the_box_apart_by_the_band_and_the_same_each_time(pattern):
    box = (3.0, 5.0, 63.0, 45.0)
    band = 1.2
    found = girih.regions(pattern, box, 15.0, band, (30.0, 20.0))
    for r in found:
        assert all(box[0] - 1e-6 <= x <= box[2] + 1e-6 and box[1] - 1e-6 <= y <= box[3] + 1e-6 for x, y in r.points)
        assert _area(r.points) > 0
    # shapes do not overlap: the strapwork band lies between any two of them
    for i, a in enumerate(found):
        ax0, ay0 = min(p[0] for p in a.points), min(p[1] for p in a.points)
        ax1, ay1 = max(p[0] for p in a.points), max(p[1] for p in a.points)
        for b in found[i + 1:]:
            if min(p[0] for p in b.points) > ax1 + band or max(p[0] for p in b.points) < ax0 - band:
                continue
            if min(p[1] for p in b.points) > ay1 + band or max(p[1] for p in b.points) < ay0 - band:
                continue
            gap = min(_segment_distance(p, q1, q2) for p in a.points for q1, q2 in zip(b.points, b.points[1:] + b.points[:1]))
            assert gap > band * 0.7, (a, b)
    girih.regions.cache_clear()
    assert girih.regions(pattern, box, 15.0, band, (30.0, 20.0)) == found


def _segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


@pytest.mark.parametrize("pattern", sorted(girih.PATTERNS))
def test_a_box_centred_on_a_lattice_point_is_the_same_after_a_half_turn(pattern):
    # card backs rely on it: the back looks the same either way up
    box = (-35.0, -47.0, 35.0, 47.0)
    found = girih.regions(pattern, box, 11.0, 0.8)
    def key(points):
        return tuple(sorted((round(x, 1), round(y, 1)) for x, y in points))
    mine = {key(r.points) for r in found}
    turned = {key([(-x, -y) for x, y in r.points]) for r in found}
    assert mine == turned


def test_khatam_repeats_on_a_square_lattice():
    period = 10.0
    found = girih.regions("khatam", (0.0, 0.0, 60.0, 60.0), period, 0.8)
    centres = {(round(_centroid(r.points)[0], 2), round(_centroid(r.points)[1], 2), r.cls) for r in found
               if all(0.5 < x < 59.5 and 0.5 < y < 59.5 for x, y in r.points)}
    for cx, cy, cls in centres:
        if 12 < cx < 40 and 12 < cy < 40:
            assert (round(cx + period, 2), cy, cls) in centres and (cx, round(cy + period, 2), cls) in centres


def test_drawn_as_filled_polygons_without_strokes_over_the_ground():
    g = girih.pattern_group("khatam", (0, 0, 30, 30), 10, 0.8, ("#112233", "#445566"), "#F0E0C0")
    xml = svgwrite.Drawing(debug=False)
    xml.add(g)
    text = xml.tostring()
    assert "stroke" not in text and "dasharray" not in text
    assert text.count("<rect") == 1 and 'fill="#F0E0C0"' in text
    # one path per fill, one closed subpath per shape
    found = girih.regions("khatam", (0, 0, 30, 30), 10, 0.8)
    assert text.count("<path") == 2 and text.count("Z") == len(found)
    assert text.count('fill="#112233"') == 1
    # a fill of "none" leaves a class out
    g2 = girih.pattern_group("khatam", (0, 0, 30, 30), 10, 0.8, ("#112233", "none"), None)
    d2 = svgwrite.Drawing(debug=False)
    d2.add(g2)
    assert d2.tostring().count("<path") == 1 and d2.tostring().count("Z") == sum(1 for r in found if r.cls == 0)


@pytest.mark.parametrize("pattern", ["khatam", "decagonal"])
def test_a_frame_keeps_to_its_ring(pattern):
    x, y, w, h, width = 2.0, 3.0, 60.0, 85.0, 6.0
    g = girih.frame_group(pattern, x, y, w, h, width, 0.5, ("#112233", "#445566", "#778899"))
    points = []

    def walk(el):
        for child in getattr(el, "elements", []):
            if isinstance(child, svgwrite.shapes.Polygon):
                points.extend(child.points)
            walk(child)
    walk(g)
    for d in re.findall(r' d="([^"]+)"', _xml(g)):
        points.extend(tuple(map(float, xy.split(","))) for xy in re.findall(r"-?[0-9.]+,-?[0-9.]+", d))
    assert points
    for px, py in points:
        assert x - 1e-6 <= px <= x + w + 1e-6 and y - 1e-6 <= py <= y + h + 1e-6
        inner = x + width + 1e-6 < px < x + w - width - 1e-6 and y + width + 1e-6 < py < y + h - width - 1e-6
        assert not inner


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="unknown girih pattern"):
        girih.regions("zigzag", (0, 0, 10, 10), 5, 0.5)
    with pytest.raises(ValueError, match="band"):
        girih.regions("khatam", (0, 0, 10, 10), 5, 2.0)


def test_inset_and_clip():
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    assert [tuple(round(v, 6) for v in p) for p in girih.inset(square, 1.0)] == [(1, 1), (9, 1), (9, 9), (1, 9)]
    assert [tuple(round(v, 6) for v in p) for p in girih.inset(square[::-1], 1.0)] == [(1, 9), (9, 9), (9, 1), (1, 1)]
    cut = girih.clip(square, (5, -1, 20, 5))
    assert abs(abs(girih._area(cut)) - 25) < 1e-9


def _xml(g) -> str:
    d = svgwrite.Drawing(debug=False)
    d.add(g)
    return d.tostring()
