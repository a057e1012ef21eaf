"""Every face of every game, in both languages: safe area, forgiving backs, text contrast, no
collisions.  Faces are read back from their SVG elements
(``faceinspect``): boxes from the font metrics, colours from the fills used.
"""

from __future__ import annotations

import math

import pytest

import faceinspect as fi
from kitfaces import GAMES, LANGS, kit_faces
from pnp.components import style
from pnp.components.svg import Face, group, path, text

SAFE = 3.0          # frames and text keep this far inside the trim
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


# Text keeps this far (mm) from a line or a plate's rim it does not sit on: a reviewer read the
# kits' 0.2-0.5 mm gaps as cramped; the layout keeps pnp.components.text.LINE_CLEAR_MM (0.6).
EDGE_CLEAR = 0.5


@pytest.mark.parametrize("game, lang", CASES)
def test_no_text_runs_over_a_line_or_a_rim(game, lang):
    """A text's box crosses no frame line, ring, banner outline or rim of a coloured shape it
    is not wholly inside (a reviewer saw "Samarkand" run over its banner's outline, a market
    token's label cross its inner ring, a note's caption touch its medallion).  Curved paths
    (arcs, cubics, quadratics) count with their curves, flattened into chords."""
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


def test_paths_are_read_with_their_curves():
    """Arcs, cubics and quadratics are flattened into chords that lie on the curve; relative
    commands are read; an open subpath is told from a closed one."""
    (ring,) = fi.path_rings("M 0 10 A 10 10 0 0 1 20 10 L 20 20 L 0 20 Z")     # a half disc over a box
    arc = [(x, y) for x, y in ring.points if y < 10]
    assert ring.closed and len(arc) >= math.pi * 10 / fi.FLATTEN_STEP_MM - 2
    assert max(abs(math.hypot(x - 10, y - 10) - 10) for x, y in arc) < 1e-6
    assert min(y for _, y in ring.points) == pytest.approx(0.0, abs=0.01)        # the arc's top, not its chord
    cubic, box = fi.path_rings("m 1 1 l 4 0 c 2 0 4 2 4 4 m 10 10 h 3 v 3 z")
    assert not cubic.closed and box.closed
    assert cubic.points[:2] == ((1, 1), (5, 1)) and cubic.points[-1] == pytest.approx((9, 5))
    assert len(cubic.points) > 10          # the curve, not its end point only
    assert box.points == ((19, 15), (22, 15), (22, 18))
    (quad,) = fi.path_rings("M 0 0 Q 10 20 20 0")
    assert max(y for _, y in quad.points) == pytest.approx(10.0, abs=0.01)      # the curve's apex at t = 0.5


def _face(*elements) -> Face:
    art = group()
    for e in elements:
        art.add(e)
    return Face("test/curves", "test", 60, 60, 0.0, art)


def test_text_on_a_curve_is_found():
    """A text across a stroked arc (a banner's curved outline) or across the round top of an
    opaque arch is reported; the same text clear of the curve, or on a translucent ground's
    curved rim, is not."""
    banner = path("M 5 30 A 25 25 0 0 1 55 30", stroke="#000000", stroke_mm=0.5)       # top at y = 5
    arch = path("M 10 60 L 10 40 A 20 20 0 0 1 50 40 L 50 60 Z", fill="#CCCCCC")     # top at y = 20
    on_banner = text(22, 6.5, "Samarkand", "bold", 3.0)        # its box spans the arc's apex
    below = text(22, 16, "Samarkand", "bold", 3.0)            # 8 mm under the apex, inside the banner's arc
    found = fi.items(_face(banner, on_banner, below))
    hit = fi.edge_crossing(found, found.texts[0], 0.2)
    assert hit is not None and hit[0].kind == "path" and hit[1][1] < 7
    assert fi.edge_crossing(found, found.texts[1], 0.2) is None
    # the arch's shoulder: a wide label at y = 25 runs out of the arch's round top
    wide, inside = text(30, 25, "Trading field label", "bold", 3.0, anchor="middle"), text(30, 50, "Pawn", "bold", 3.0, anchor="middle")
    found = fi.items(_face(arch, wide, inside))
    assert fi.edge_crossing(found, found.texts[0], 0.2) is not None
    assert fi.edge_crossing(found, found.texts[1], 0.2) is None
    # the same arch as a translucent ground (like the board's dunes) has no edge a text must clear
    soft = path("M 10 60 L 10 40 A 20 20 0 0 1 50 40 L 50 60 Z", fill="#CCCCCC", opacity="0.55")
    found = fi.items(_face(soft, text(30, 25, "Trading field label", "bold", 3.0, anchor="middle")))
    assert fi.edge_crossing(found, found.texts[0], 0.2) is None


# Air a printed label needs to read as clear of a frame line: a reviewer holding the sheet
# printed at 300 dpi saw "Assortment" touch its token's ring with 0.34 mm between them.
TOKEN_LABEL_AIR_MM = 0.6
ICON_TOKENS = {"samarkand": ("market-tokens",), "caravan-chessboard": ("oasis-markers", "quicksand-markers")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(ICON_TOKENS))
def test_token_labels_keep_air_from_their_ring(game, lang):
    """Every label of a square icon token (market tokens, oasis and quicksand markers) keeps
    TOKEN_LABEL_AIR_MM from the ring's stroke, rounded corners included."""
    checked, problems = 0, []
    for face, _ in kit_faces(game, lang):
        if face.component not in ICON_TOKENS[game]:
            continue
        found = fi.items(face)
        for t in found.texts:
            checked += 1
            hit = fi.edge_crossing(found, t, TOKEN_LABEL_AIR_MM)
            if hit is not None:
                problems.append(f"{face.name}: {t.content!r} within {TOKEN_LABEL_AIR_MM} mm of its ring at "
                                f"({hit[1][0]:.1f}, {hit[1][1]:.1f}) mm")
    assert checked >= 2, f"{game}: no token label found"
    assert not problems, "\n".join(problems)
