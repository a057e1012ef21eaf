"""Placed faces: the turn matrices and the composed sheet SVG, checked against geometry worked
by hand and against the SVG's own structure."""

from __future__ import annotations

import math
from xml.etree import ElementTree

import pytest

from pnp.components.svg import Face, group, rect
from pnp.printing.placed import IDENTITY, PlacedFace, compose_svg, multiply, rotate, scale, translate

SVG = "{http://www.w3.org/2000/svg}"


def apply(m, x, y):
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@pytest.mark.parametrize("degrees, image", [(0, (10.0, 0.0)), (90, (0.0, 10.0)), (180, (-10.0, 0.0)),
                                            (270, (0.0, -10.0)), (-90, (0.0, -10.0)), (450, (0.0, 10.0))])
def test_quarter_turns_are_exact_and_clockwise_on_the_page(degrees, image):
    # SVG's y axis points down: a clockwise quarter turn takes the x axis onto the y axis.
    m = rotate(degrees)
    assert apply(m, 10.0, 0.0) == image                     # exact: no 6e-16 left over
    assert m[4:] == (0.0, 0.0)                              # about the origin
    assert apply(m, 0.0, 10.0) == (-image[1], image[0])     # a rotation, not a reflection


def test_other_angles_use_cos_and_sin():
    m = rotate(30)
    assert apply(m, 10.0, 0.0) == pytest.approx((10 * math.cos(math.pi / 6), 10 * math.sin(math.pi / 6)))


def test_scale_and_multiply_compose_in_order():
    # translate after scale: (1, 1) -> (2, 3) -> (12, 23)
    m = multiply(translate(10.0, 20.0), scale(2.0, 3.0))
    assert apply(m, 1.0, 1.0) == (12.0, 23.0)
    assert scale(2, 3) == (2.0, 0.0, 0.0, 3.0, 0.0, 0.0)
    assert multiply(IDENTITY, m) == m


def _face(name):
    art = group(id=f"art-{name}")
    art.add(rect(-3, -3, 69.5, 94.9, fill="#123456"))
    return Face(name, "cards", 63.5, 88.9, 3.0, art, edge_colour="#123456")


@pytest.mark.parametrize("overlay", [
    '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><g id="marks"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"/>',
    '<?xml version="1.0" encoding="utf-8" ?>\n<svg xmlns="http://www.w3.org/2000/svg" width="210mm" '
    'height="297mm"><g id="marks"/></svg>'])
def test_composed_sheet_nests_each_face_under_its_clip_and_keeps_the_overlay_on_top(overlay):
    placed = [PlacedFace(_face("a"), translate(3.0, 3.0), (0.0, 0.0, 69.5, 94.9), translate(10.0, 20.0)),
              PlacedFace(_face("b"), rotate(90), None, translate(100.0, 20.0))]
    root = ElementTree.fromstring(compose_svg(overlay, placed))
    assert root.tag == f"{SVG}svg" and root.get("width") == "210mm"
    children = list(root)
    faces = children[0]
    assert faces.tag == f"{SVG}g" and faces.get("id") == "faces" and not (faces.text or "").strip()
    if "marks" in overlay:
        assert [c.get("id") for c in children] == ["faces", "marks"]     # overlay drawn last
    first, second = list(faces)
    assert first.get("transform") == "matrix(1,0,0,1,10,20)"
    clip, clipped = list(first)
    assert clip.tag == f"{SVG}clipPath" and clipped.get("clip-path") == f"url(#{clip.get('id')})"
    assert [clip[0].get(k) for k in ("x", "y", "width", "height")] == ["0", "0", "69.5", "94.9"]
    assert clipped[0].get("transform") == "matrix(1,0,0,1,3,3)" and clipped[0][0].get("id") == "art-a"
    # no clip: the face's group sits right under its sheet transform, nothing else
    assert second.get("transform") == "matrix(1,0,0,1,100,20)"
    assert len(second) == 1 and second[0].get("transform") == "matrix(0,1,-1,0,0,0)"
    assert second[0][0].get("id") == "art-b"
    assert all(not (e.tail or "").strip() and not (e.text or "").strip() for e in faces.iter() if e.tag.endswith("}g"))


def test_no_placed_face_leaves_the_overlay_as_it_is():
    overlay = '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm"><g id="marks"/></svg>'
    assert compose_svg(overlay, []) == overlay


def test_matrix_numbers_are_written_short_and_exact_to_a_ten_thousandth_of_a_micron():
    from pnp.printing.placed import svg_matrix
    assert svg_matrix((1.0, 0.0, -0.0, 1.0, 100.0, 12.5)) == "matrix(1,0,0,1,100,12.5)"
    assert svg_matrix((0.5, -0.25, 0.0000001, -1.0, 0.0, 210.0)) == "matrix(0.5,-0.25,0.0000001,-1,0,210)"
    assert svg_matrix((1e-9, -1e-9, 1, 1, 0, 0)) == "matrix(0,0,1,1,0,0)"     # below 1e-7 mm: zero, unsigned


def test_a_face_page_is_its_bleed_box_and_6_mm_all_round():
    # poker face, 3 mm bleed: the page runs from -(3 + 6) mm and is 63.5 + 2 x 9 by 88.9 + 2 x 9 mm
    from pnp.printing.placed import face_box, face_document
    lo, w, h = face_box(_face("a"))
    assert (lo, w, h) == pytest.approx((-9.0, 81.5, 106.9))
    root = ElementTree.fromstring(face_document(_face("a")))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("81.5mm", "106.9mm", "-9 -9 81.5 106.9")


def test_two_quarter_turns_make_a_half_turn():
    assert multiply(rotate(90), rotate(90)) == rotate(180) == (-1.0, 0.0, -0.0, -1.0, 0.0, 0.0)
    assert multiply(rotate(90), rotate(270)) == IDENTITY
