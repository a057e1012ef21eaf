"""The rules sheet's type-size search (``pnp.kit.rulepages._least_full``): on text that grows
with its type it finds the same first size that fills the last page as laying out every
size would, in fewer layout passes.  Synthetic layouts: no reportlab run, milliseconds."""

from __future__ import annotations

import pytest

from pnp.kit.rulepages import BODY_SIZES, MIN_FILL, Geometry, Layout, _fills, _least_full

GEO = Geometry("a4", 100.0)


def _room(page: int) -> float:
    return GEO.top(page) - GEO.body_bottom


def _layout_of(height: float) -> Layout:
    """The two-column layout of text ``height`` points of column long, pages filled in turn."""
    page = 1
    while height > 2 * _room(page):
        height -= 2 * _room(page)
        page += 1
    left = min(height, _room(page))
    return Layout(page, page, (left, height - left))


def _text(per_point: float, at_smallest: float, bend: float = 0.0):
    """``text(size)`` whose column height grows from ``at_smallest`` by ``per_point`` a point
    (``bend``: plus a square term, the text growing faster than linearly), counting calls."""
    calls: list[float] = []

    def text(size: float) -> Layout:
        calls.append(size)
        d = size - min(BODY_SIZES)
        return _layout_of(at_smallest + per_point * d + bend * d * d)

    return text, calls


def _first_full(ordered, bound, text) -> int:
    """The exhaustive answer: lay out every size."""
    for index, size in enumerate(ordered):
        layout = text(size)
        if layout.tail > bound or _fills(GEO, layout):
            return index
    return len(ordered)


@pytest.mark.parametrize("bend", [0.0, 60.0, -20.0])
@pytest.mark.parametrize("per_point", [150.0, 400.0, 900.0])
def test_search_finds_the_first_size_that_fills(per_point, bend):
    ordered = sorted(BODY_SIZES)
    three_pages = 2 * (_room(1) + _room(2)) + 1.0        # text starts on the third page
    seen = set()
    for start in range(0, 1400, 35):
        text, calls = _text(per_point, three_pages + start, bend)
        bound = text(ordered[0]).tail
        expected = _first_full(ordered, bound, text)
        calls.clear()
        found = _least_full(GEO, ordered, bound, text)
        assert found == expected, f"start {start}: found {found}, laying out every size gives {expected}"
        assert len(set(calls)) <= 6, f"start {start}: {len(set(calls))} sizes laid out"
        seen.add(expected)
    # the cases cover the boundary at the smallest size and in the middle
    assert 0 in seen and len(seen) >= 6


def test_search_when_no_size_fills():
    """Text that stays short of two thirds of its last page at every size: every size is short."""
    ordered = sorted(BODY_SIZES)
    text, calls = _text(20.0, 2 * _room(1) + 10.0)
    bound = text(ordered[0]).tail
    assert _first_full(ordered, bound, text) == len(ordered)
    calls.clear()
    assert _least_full(GEO, ordered, bound, text) == len(ordered)
    assert len(set(calls)) <= 4


def test_page_fill_threshold_is_the_boundary():
    """The size found is the first whose last page is at least MIN_FILL full (mean of its columns)."""
    ordered = sorted(BODY_SIZES)
    text, _calls = _text(500.0, 2 * _room(1) + 10.0)
    bound = text(ordered[0]).tail
    found = _least_full(GEO, ordered, bound, text)
    assert 0 < found < len(ordered)
    ends = text(ordered[found]).ends
    assert sum(ends) / 2 >= MIN_FILL * _room(bound)
    before = text(ordered[found - 1]).ends
    assert sum(before) / 2 < MIN_FILL * _room(bound)
