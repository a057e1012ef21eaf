"""Every face of every game, in both languages: safe area, forgiving backs, text contrast, no
collisions (issue 11, points 3-5).  Faces are read back from their SVG elements
(``faceinspect``): boxes from the font metrics, colours from the fills used.
"""

from __future__ import annotations

import pytest

import faceinspect as fi
from kitfaces import GAMES, LANGS, kit_faces
from pnp.components import style

SAFE = 3.0          # frames and text keep this far inside the trim (issue 11, point 3)
BACK_CLEAR = 4.0    # nothing but full-bleed art this close to the trim of a card back
MIN_CONTRAST = 4.5  # WCAG AA for normal text
CASES = [(g, lang) for g in GAMES for lang in LANGS]


def _trimmed(face) -> bool:
    """A rectangular piece cut along its trim (cut-outs with their own outline have no bleed)."""
    return face.bleed > 0


def _cut_circle(found):
    """The cut circle of a round piece (a disc printed on a square face), or None."""
    cuts = [s for s in found.shapes if s.kind == "circle" and s.stroke == style.CUT]
    return cuts[0] if cuts else None


def _edge_distances(face, box):
    """How far each side of ``box`` lies inside the trim (negative: outside), left, top, right, bottom."""
    x0, y0, x1, y1 = box
    return (x0, y0, face.width - x1, face.height - y1)


def _frame_problems(face, found, clear: float) -> list[str]:
    """Shapes with an edge between the bleed's outer edge and ``clear`` mm inside the trim."""
    problems = []
    circle = _cut_circle(found)
    if circle is not None:      # a round piece: its cut circle is the trim
        cx, cy, r = circle.geometry
        for s in found.shapes:
            if s is circle or s.kind != "circle" or (s.fill in (None, "none") and not s.stroke):
                continue
            x0, y0, x1, y1 = s.bbox()
            outer = max(abs(x0 - cx), abs(x1 - cx))
            if r - clear + 1e-6 < outer < r - 1e-6 or (s.fill in (None, "none") and r - clear < outer):
                problems.append(f"{face.name}: ring of radius {outer:.2f} mm, {r - outer:.2f} mm inside the cut")
        return problems
    full_bleed = _full_bleed_patterns(face, found)
    for s in found.shapes:
        if s.stroke == style.CUT or (s.fill in (None, "none") and not s.stroke) or s.pattern in full_bleed:
            continue
        for side, d in zip("ltrb", _edge_distances(face, s.bbox())):
            if -face.bleed + 0.01 < d < clear - 0.01:
                problems.append(f"{face.name}: {s.kind} edge {d:.2f} mm from the trim ({side})")
                break
    return problems


def _full_bleed_patterns(face, found) -> set[int]:
    """Patterns (``class="pattern"`` groups) whose pieces reach into the bleed on every side:
    a repeating ground, which a miscut shifts without showing an edge."""
    spans = {}
    for s in found.shapes:
        if s.pattern is not None:
            box = s.bbox()
            old = spans.get(s.pattern, box)
            spans[s.pattern] = (min(old[0], box[0]), min(old[1], box[1]), max(old[2], box[2]), max(old[3], box[3]))
    return {k for k, box in spans.items() if max(_edge_distances(face, box)) < -face.bleed / 2}


@pytest.mark.parametrize("game, lang", CASES)
def test_frames_and_text_keep_to_the_safe_area(game, lang):
    problems = []
    for face, is_back in kit_faces(game, lang):
        if not _trimmed(face):
            continue
        found = fi.items(face)
        problems += _frame_problems(face, found, BACK_CLEAR if is_back else SAFE)
        for t in found.texts:
            if min(_edge_distances(face, t.box)) < SAFE - 0.01:
                problems.append(f"{face.name}: text {t.content!r} {min(_edge_distances(face, t.box)):.2f} mm from the trim")
    assert not problems, "\n".join(sorted(set(problems))[:40])


@pytest.mark.parametrize("game, lang", CASES)
def test_every_text_reads_against_its_background(game, lang):
    problems = []
    for face, _ in kit_faces(game, lang):
        found = fi.items(face)
        for t in found.texts:
            ratio, under = fi.worst_contrast(found, t)
            if ratio < MIN_CONTRAST:
                problems.append(f"{face.name}: {t.content!r} {t.fill} on {fi.hex_of(under)}: {ratio:.2f}:1")
    assert not problems, "\n".join(sorted(set(problems))[:40])


@pytest.mark.parametrize("game, lang", CASES)
def test_no_text_runs_into_another_text_or_an_icon(game, lang):
    problems = []
    for face, _ in kit_faces(game, lang):
        found = fi.items(face)
        texts = found.texts
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if fi.overlap(a.box, b.box):
                    problems.append(f"{face.name}: {a.content!r} overlaps {b.content!r}")
            for icon in found.icons:
                if fi.overlap(a.box, icon.box) and not _covered(found, icon, a):
                    problems.append(f"{face.name}: {a.content!r} overlaps the icon at {tuple(round(v, 1) for v in icon.box)}")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def _covered(found, icon, text) -> bool:
    """An opaque shape painted between the icon and the text hides the icon under the whole text."""
    x0, y0 = max(icon.box[0], text.box[0]), max(icon.box[1], text.box[1])
    x1, y1 = min(icon.box[2], text.box[2]), min(icon.box[3], text.box[3])
    points = [(x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * j / 4) for i in range(5) for j in range(5)]
    plates = [s for s in found.shapes if icon.order < s.order < text.order and s.fill not in (None, "none")
              and s.opacity >= 0.99]
    return all(any(s.contains(x, y) for s in plates) for x, y in points)


EDGE_CLEAR = 0.2    # text keeps this far (mm) from a line or a plate's rim it does not sit on


@pytest.mark.parametrize("game, lang", CASES)
def test_no_text_runs_over_a_line_or_a_rim(game, lang):
    """A text's box crosses no frame line, ring, banner outline or rim of a coloured shape it
    is not wholly inside (a reviewer saw "Samarkand" run over its banner's outline, a market
    token's label cross its inner ring, a note's caption touch its medallion)."""
    problems = []
    for face, _ in kit_faces(game, lang):
        found = fi.items(face)
        for t in found.texts:
            hit = fi.edge_crossing(found, t, EDGE_CLEAR)
            if hit is not None:
                shape, (x, y) = hit
                problems.append(f"{face.name}: {t.content!r} crosses the edge of a {shape.kind} "
                                f"({shape.stroke or shape.fill}) at ({x:.1f}, {y:.1f}) mm")
    assert not problems, "\n".join(sorted(set(problems))[:60])
