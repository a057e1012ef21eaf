"""Caravan's art: the Sahelian ornament, the board drawn as a map, illustrated pieces.

Measured on the faces' SVG: ornament is filled shapes only (thin solid lines are cut lines
and dashed lines fold lines in the kit), every board label has capitals at least 4 mm tall,
each good has a picture of its own on its token and its city, the same data draws the same
bytes, and the ink saver pales every illustration.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pnp.components import sahel, style
from pnp.components.fonts import cap_height
from pnp.components.svg import group
from pnp.games.caravan import pieces
from pnp.games.caravan.board import MIN_CAP_MM, board_face
from pnp.games.caravan.kit_spec import load_spec
from pnp.model import load_game
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.targets import face_svg

import faceinspect as fi

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    return load_game("caravan", DEFAULT_DATA_DIR)


@pytest.fixture(scope="module")
def spec(game):
    return load_spec(game)


@pytest.fixture(scope="module", params=["en", "da"])
def strings(request):
    return Strings(DEFAULT_DATA_DIR, "caravan", request.param)


@pytest.fixture(scope="module")
def boards(game, strings, spec):
    return {ink: board_face(game, strings, spec, 3.0, ink) for ink in (style.NORMAL, style.SAVER)}


def _tree(element) -> ET.Element:
    """An svgwrite element as an XML tree in the SVG namespace."""
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
                         f'{element.tostring()}</svg>')[0]


# ------------------------------------------------------------------------------ ornament
@pytest.mark.parametrize("motif", sahel.MOTIFS)
def test_ornament_bands_are_filled_shapes_only(motif):
    """No stroke anywhere in a band (so never a cut or fold line's look), one path per colour,
    the band's ground as large as asked, and the same bytes for the same arguments."""
    band = sahel.band(10, 20, 150, 8, motif, sahel.BOGOLAN)
    root = _tree(band)
    assert not [e for e in root.iter() if e.get("stroke") or e.get("stroke-dasharray")]
    ground = next(root.iter(f"{SVG}rect"))
    assert (float(ground.get("x")), float(ground.get("y")), float(ground.get("width")),
            float(ground.get("height"))) == (10, 20, 150, 8)
    fills = [p.get("fill") for p in root.iter(f"{SVG}path")]
    assert len(fills) == len(set(fills)) and set(fills) <= {sahel.BOGOLAN.figure, sahel.BOGOLAN.accent,
                                                             sahel.BOGOLAN.ground}
    assert band.tostring() == sahel.band(10, 20, 150, 8, motif, sahel.BOGOLAN).tostring()
    vertical = _tree(sahel.band(0, 0, 150, 8, motif, sahel.BOGOLAN, vertical=True))
    r = next(vertical.iter(f"{SVG}rect"))
    assert (float(r.get("width")), float(r.get("height"))) == (8, 150)


def test_lozenge_band_holds_whole_repeats():
    """150 mm of 8 mm lozenges: round(150 / 10) = 15 whole diamonds, none cut at the ends."""
    root = _tree(sahel.band(0, 0, 150, 8, "lozenges", sahel.BOGOLAN))
    figure = next(p for p in root.iter(f"{SVG}path") if p.get("fill") == sahel.BOGOLAN.figure)
    diamonds = figure.get("d").count("M")
    assert diamonds == 15
    xs = [float(v) for v in re.findall(r"[ML](-?[\d.]+),", figure.get("d"))]
    assert min(xs) >= 0 and max(xs) <= 150


def test_ornament_refuses_unknown_motifs_and_empty_bands():
    with pytest.raises(ValueError, match="unknown motif"):
        sahel.band(0, 0, 10, 5, "paisley", sahel.BOGOLAN)
    with pytest.raises(ValueError, match="positive size"):
        sahel.band(0, 0, 0, 5, "lozenges", sahel.BOGOLAN)
    with pytest.raises(ValueError, match="does not fit"):
        sahel.frame(0, 0, 10, 10, 6, "lozenges", sahel.BOGOLAN)


def test_saver_palette_is_lighter_in_every_colour():
    pale = sahel.paler(sahel.BOGOLAN, 0.7)
    for role in ("ground", "figure", "accent"):
        assert fi.lightness(fi.rgb(getattr(pale, role))) > fi.lightness(fi.rgb(getattr(sahel.BOGOLAN, role)))


# --------------------------------------------------------------------------------- board
def test_board_labels_have_four_millimetre_capitals(boards):
    """Every text on the board (names, letters, numbers, start, title, hint): caps ≥ 4 mm."""
    for ink, face in boards.items():
        texts = [(t.text, float(t.get("font-size")), fi._role(t.attrib)) for t in _tree(face.art).iter(f"{SVG}text")]
        assert len(texts) >= 8 + 8 + 2 * 8 + 4 + 2
        small = [(content, round(size * cap_height(role), 2)) for content, size, role in texts
                 if size * cap_height(role) < MIN_CAP_MM - 1e-6]
        assert not small, (ink, small)


def test_board_art_has_no_cut_or_fold_line_look(boards):
    """The dunes, towns, market mats and border ornament: no dashed stroke anywhere on the
    board, and no stroke at all in the terrain, towns and ornament."""
    for face in boards.values():
        root = _tree(face.art)
        assert not [e for e in root.iter() if e.get("stroke-dasharray")]
        art_groups = [g for g in root.iter(f"{SVG}g")
                      if g.get("id") == "dunes" or (g.get("class") or "").split()[:1] in (["town"], ["sahel-frame"],
                                                                                           ["sahel-rosette"])]
        assert len(art_groups) >= 1 + 8 + 8 + 1
        for g in art_groups:
            assert not [e for e in g.iter() if e.get("stroke")], g.get("id") or g.get("class")


def test_board_is_sand_with_dunes_not_a_checkerboard(boards, spec):
    """The desert under the grid is drawn terrain: the sand, its lit and lee slopes, deep
    shadows and grain, each in many shapes (hundreds of ripples and grains)."""
    root = _tree(boards[style.NORMAL].art)
    dunes = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "dunes")
    fills = {p.get("fill"): p.get("d").count("M") for p in dunes.iter(f"{SVG}path")}
    for role in ("sand_light", "sand_shade", "sand_deep", "sand_grain"):
        assert spec.colours[role] in fills, role
    assert fills[spec.colours["sand_grain"]] >= 500
    assert fills[spec.colours["sand_shade"]] >= 7 + 100    # seven lee slopes and the ripples


def test_same_board_data_draws_the_same_bytes(game, strings, spec, boards):
    assert face_svg(board_face(game, strings, spec, 3.0)) == face_svg(boards[style.NORMAL])


def _picture_of(g: ET.Element) -> str:
    """The drawing of the one full-colour picture (or code-drawn good) inside ``g``, without
    its placement: what tells one good's picture from another's."""
    for e in g.iter(f"{SVG}g"):
        cls = (e.get("class") or "")
        if "art-fluent-emoji-flat" in cls:
            return ET.tostring(e[0]).decode()
        if "art-drawn" in cls.split():
            return cls.split()[-1]
    raise AssertionError("no picture")


def test_cities_show_their_goods_picture_and_rare_cities_are_gilded(game, boards):
    root = _tree(boards[style.NORMAL].art)
    pictures = {}
    for city in game.board.cities:
        g = next(e for e in root.iter(f"{SVG}g") if e.get("id") == f"city-{city.good}")
        assert "town" in {e.get("class") for e in g.iter(f"{SVG}g")}
        pictures[city.good] = _picture_of(g)
        gilded = any(r.get("fill") == "#C9A227" for r in g.iter(f"{SVG}rect"))
        assert gilded == (game.good(city.good).kind == "rare"), city.good
    assert len(set(pictures.values())) == len(game.goods)


def test_saver_board_pales_the_sand_and_the_pictures(boards, spec):
    normal, saver = (_tree(boards[i].art) for i in (style.NORMAL, style.SAVER))

    def dune_fills(root):
        dunes = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "dunes")
        return [p.get("fill") for p in dunes.iter(f"{SVG}path")]

    for a, b in zip(dune_fills(normal), dune_fills(saver)):
        assert fi.lightness(fi.rgb(b)) > fi.lightness(fi.rgb(a)) + 5


# -------------------------------------------------------------------------------- pieces
def test_each_good_token_has_a_picture_of_its_own(game, spec, strings):
    """Eight goods, eight pictures (the same as their cities'), each token with its letters."""
    pictures = {}
    for good in game.goods:
        face = pieces.good_token(f"good/{good.id}", "goods", spec.good_mm, 3.0, spec, good,
                                 strings(f"letters.{good.id}"), "test")
        pictures[good.id] = _picture_of(_tree(face.art))
        assert strings(f"letters.{good.id}") in [t.content for t in fi.items(face).texts]
    assert len(set(pictures.values())) == len(game.goods) == 8


def test_saver_pieces_pale_their_pictures(game, spec):
    """The camel's picture in saver ink: every colour of it lighter than in normal ink."""
    colour = game.player_colours[0]

    def fills(ink):
        face = pieces.camel_token("c", "camels", spec.camel_mm, spec.good_mm, 3.0, spec, colour.colour, "circle", ink)
        root = ET.fromstring(face_svg(face))
        icon = next(g for g in root.iter(f"{SVG}g") if "art-fluent-emoji-flat" in (g.get("class") or ""))
        return [e.get("fill") for e in icon.iter() if (e.get("fill") or "").startswith("#")]

    normal, saver = fills(style.NORMAL), fills(style.SAVER)
    assert normal and len(normal) == len(saver)
    for a, b in zip(normal, saver):
        assert fi.lightness(fi.rgb(b)) >= fi.lightness(fi.rgb(a)), (a, b)
    assert sum(fi.lightness(fi.rgb(b)) for b in saver) > sum(fi.lightness(fi.rgb(a)) for a in normal) + 10


def test_camel_marks_sit_in_the_safe_area(game, spec):
    """The player's mark in the four corners keeps to the safe area (SAFE_MM) of the token."""
    from pnp.geometry import SAFE_MM

    for colour, mark in zip(game.player_colours, spec.marks):
        face = pieces.camel_token("c", "camels", spec.camel_mm, spec.good_mm, 3.0, spec, colour.colour, mark)
        items = fi.items(face)
        assert not [s for s in items.shapes if s.stroke]        # no line that could read as a cut
        # the four marks are the last four shapes
        for shape in items.shapes[-4:]:
            x0, y0, x1, y1 = items.box_of(shape)
            assert x0 >= SAFE_MM - 1e-6 and y0 >= SAFE_MM - 1e-6
            assert x1 <= spec.camel_mm - SAFE_MM + 1e-6 and y1 <= spec.camel_mm - SAFE_MM + 1e-6


def test_salt_and_cloth_are_period_goods_drawn_in_code(game, spec, strings):
    """Salt is two slabs of rock salt and cloth a bolt of cloth, drawn in code, not the set's
    salt shaker and sewing spool; theft is a dagger, not a pirate flag."""
    drawn = {}
    for good in game.goods:
        face = pieces.good_token(f"good/{good.id}", "goods", spec.good_mm, 3.0, spec, good,
                                 strings(f"letters.{good.id}"), "test")
        drawn[good.id] = _picture_of(_tree(face.art))
    assert drawn["salt"] == "art-salt" and drawn["cloth"] == "art-cloth" and drawn["hides"] == "art-hide"
    off_theme = {"salt", "thread", "pirate-flag"}
    assert not off_theme & (set(spec.goods_art.values()) | set(spec.art.values()))
    assert spec.art["theft"] == "dagger"


def test_camels_are_painted_in_their_players_colours(game, spec):
    """The camel's coat is the player's colour (its shade a step away), so camels of two
    players differ by their picture's lightness in greyscale, not only by the band round it."""
    coats = {}
    for colour, mark in zip(game.player_colours, spec.marks):
        face = pieces.camel_token("c", "camels", spec.camel_mm, spec.good_mm, 3.0, spec, colour.colour, mark)
        icon = next(g for g in _tree(face.art).iter(f"{SVG}g") if "art-fluent-emoji-flat" in (g.get("class") or ""))
        fills = [e.get("fill").upper() for e in icon.iter() if (e.get("fill") or "").startswith("#")]
        assert colour.colour.upper() in fills, colour.id
        assert "#F3AD61" not in fills            # the set's own tan coat is gone
        coats[colour.id] = fi.lightness(fi.rgb(colour.colour))
    light = sorted(coats.values())
    assert min(b - a for a, b in zip(light, light[1:])) >= 8


def test_markers_are_square_by_design(game, spec):
    """A marker is cut along its square trim: its colour runs to the bleed (edge colour),
    and no circle on it has a stroke that reads as a round cut line."""
    faces = [pieces.marker("d", "demand-markers", spec.demand_mm, spec.demand_diameter_mm, 3.0,
                           spec.colours["demand"], spec.art["demand"], "1", "test")]
    faces += [pieces.marker(f"t/{c.id}", "theft-markers", spec.theft_mm, spec.theft_diameter_mm, 3.0, c.colour,
                            spec.art["theft"], "", "test", mark=m) for c, m in zip(game.player_colours, spec.marks)]
    for face in faces:
        root = _tree(face.art)
        assert not [e for e in root.iter() if e.get("stroke") not in (None, "none")], face.name
        assert face.edge_colour is not None
        bleed_fill = next(root.iter(f"{SVG}rect")).get("fill")
        assert bleed_fill == face.edge_colour


# ------------------------------------------------------------------ markers as printed
def _demand_marker(spec, ink=style.NORMAL):
    return pieces.marker("d", "demand-markers", spec.demand_mm, spec.demand_diameter_mm, 3.0,
                         spec.colours["demand"], spec.art["demand"], "1", "test", ink=ink,
                         dark_picture=pieces.DEMAND_PICTURE_DARK)


def test_demand_marker_picture_stands_out_of_its_medallion(spec):
    """Rendered, the scales picture is at least 30 L* darker than the medallion round it
    (grey shows L*): a pale picture on a pale disc disappears in a greyscale print."""
    import numpy as np
    import printedface as pf
    ell, scale, bleed = pf.lstar(_demand_marker(spec))
    c, r = spec.demand_mm / 2, spec.demand_diameter_mm / 2
    pic, my = r * 0.95, c - r * 0.22
    medallion = pf.disc_mask(ell.shape, scale, bleed, c, c, r - 0.8)
    ground = float(np.median(ell[medallion]))
    square = pf.box_mask(ell.shape, scale, bleed, c - pic / 2, my - pic / 2, c + pic / 2, my + pic / 2)
    drawn = square & medallion & (np.abs(ell - ground) > 3)
    assert drawn.sum() > 0.1 * (square & medallion).sum()
    assert ground - float(ell[drawn].mean()) >= 30, (ground, float(ell[drawn].mean()))


@pytest.mark.parametrize("ink", [style.NORMAL, style.SAVER], ids=["normal", "saver"])
def test_marker_corners_hold_nothing_that_reads_as_a_cut_guide(game, spec, ink):
    """Between the medallion and the trim a marker is its plain ground: no dot clusters
    in its corners (they read as cut guides beside the crop marks)."""
    import numpy as np
    import printedface as pf
    faces = [_demand_marker(spec, ink)]
    faces += [pieces.marker(f"t/{c.id}", "theft-markers", spec.theft_mm, spec.theft_diameter_mm, 3.0, c.colour,
                            spec.art["theft"], "", "test", mark=m, ink=ink)
              for c, m in zip(game.player_colours, spec.marks)]
    for face, d in zip(faces, [spec.demand_diameter_mm] + [spec.theft_diameter_mm] * len(faces)):
        ell, scale, bleed = pf.lstar(face)
        s = face.width
        trim = pf.box_mask(ell.shape, scale, bleed, 0.3, 0.3, s - 0.3, s - 0.3)
        ring = trim & ~pf.disc_mask(ell.shape, scale, bleed, s / 2, s / 2, d / 2 + 0.3)
        ground = float(np.median(ell[ring]))
        assert float(np.abs(ell[ring] - ground).max()) < 3, face.name


def test_goods_tokens_differ_in_their_border_pattern_as_printed(game, spec):
    """Grey tokens of a like lightness (meat, swords, hides) are told apart by the motif of
    their lattice: rendered, the motif in a corner of the trim (outside the medallion) is a
    different shape for every two goods (at least a quarter of its pixels differ)."""
    import numpy as np
    import printedface as pf
    masks = {}
    for good in game.goods:
        face = pieces.good_token(f"good/{good.id}", "goods", spec.good_mm, 3.0, spec, good, "Xx", "test")
        ell, scale, bleed = pf.lstar(face, dpi=600)
        corner = pf.box_mask(ell.shape, scale, bleed, 0.0, 0.0, 3.2, 3.2)
        patch = ell[corner]
        ground = float(np.median(patch))
        masks[good.id] = np.abs(patch - ground) > 4
        assert masks[good.id].mean() > 0.03, good.id           # the motif shows
    for a, b in __import__("itertools").combinations(masks, 2):
        union = (masks[a] | masks[b]).sum()
        assert (masks[a] ^ masks[b]).sum() >= 0.25 * union, (a, b, round((masks[a] ^ masks[b]).sum() / union, 2))
