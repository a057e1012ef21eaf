"""The one SVG-transform parser (``pnp.geometry.parse_transform``) against svgelements, and
the text boxes that read faces through it."""

from __future__ import annotations

import random

import pytest
import svgwrite
from svgelements import Matrix

from pnp.components.textboxes import CAP, DESCENT, text_boxes
from pnp.components.fonts import fonts, text_width
from pnp.geometry import IDENTITY, apply, multiply, parse_transform


def _calls(rng: random.Random) -> str:
    def n() -> str:
        return f"{rng.uniform(-50, 50):.3f}"
    pick = rng.choice(["translate1", "translate2", "scale1", "scale2", "rotate1", "rotate3", "skewX", "skewY", "matrix"])
    return {
        "translate1": f"translate({n()})", "translate2": f"translate({n()}, {n()})",
        "scale1": f"scale({rng.uniform(0.2, 3):.3f})", "scale2": f"scale({rng.uniform(-3, 3):.3f} {rng.uniform(0.2, 3):.3f})",
        "rotate1": f"rotate({n()})", "rotate3": f"rotate({n()} {n()} {n()})",
        "skewX": f"skewX({rng.uniform(-60, 60):.2f})", "skewY": f"skewY({rng.uniform(-60, 60):.2f})",
        "matrix": "matrix(" + " ".join(n() for _ in range(6)) + ")",
    }[pick]


def test_parse_transform_matches_svgelements_on_seeded_chains():
    rng = random.Random(29)
    for _ in range(300):
        text = " ".join(_calls(rng) for _ in range(rng.randint(1, 4)))
        ours, theirs = parse_transform(text), Matrix(text)
        assert ours == pytest.approx((theirs.a, theirs.b, theirs.c, theirs.d, theirs.e, theirs.f), abs=1e-9), text


def test_parse_transform_identity_and_composition():
    assert parse_transform(None) == IDENTITY
    assert parse_transform("") == IDENTITY
    # rotate(90) about (10, 0) sends the origin to (10, -10); then translate(5, 0) is applied outside it
    m = parse_transform("translate(5,0) rotate(90 10 0)")
    assert apply(m, 0.0, 0.0) == pytest.approx((15.0, -10.0))
    assert multiply(parse_transform("translate(5,0)"), parse_transform("rotate(90 10 0)")) == pytest.approx(m)


@pytest.mark.parametrize("text, message", [
    ("perspective(3)", "transform perspective(...) is not an SVG transform"),
    ("rotate(30 1)", "transform rotate(30 1): wrong number of arguments"),
    ("matrix(1 0 0 1 0)", "transform matrix(1 0 0 1 0): wrong number of arguments"),
    ("translate()", "transform translate(): wrong number of arguments"),
])
def test_parse_transform_refuses_what_svg_does_not_write(text, message):
    with pytest.raises(ValueError) as err:
        parse_transform(text)
    assert str(err.value) == message


def test_text_box_follows_a_skewed_group():
    """A line of text inside ``skewX(45)`` leans right by its height: its box is wider than
    the text by the cap height plus the descender."""
    d = svgwrite.Drawing()
    g = d.g(transform="translate(10 20) skewX(45)")
    body = fonts()["body"]
    g.add(d.text("Samarkand", insert=(0, 0), font_size=4, font_family=body.family,
                 font_weight=body.weight, font_style=body.style))
    (x0, y0, x1, y1, chars), = text_boxes(g)
    width = text_width("Samarkand", "body", 4)
    assert chars == 9
    assert (y0, y1) == pytest.approx((20 - CAP * 4, 20 + DESCENT * 4))
    assert x0 == pytest.approx(10 - CAP * 4)
    assert x1 - x0 == pytest.approx(width + (CAP + DESCENT) * 4)
