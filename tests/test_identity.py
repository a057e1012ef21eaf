"""Every identity survives greyscale and colour-blindness.

* Lightness: the colours of one set (player colours, banknote values, coin values, goods) differ
  pairwise by at least ``MIN_DELTA_L`` in CIE L*, the grey a greyscale print gives them.
* Cue: faces of one set still differ with every colour erased (a letter, number, shape or
  icon tells them apart).
"""

from __future__ import annotations

import math
import re
from itertools import combinations

import pytest

import faceinspect as fi
from kitfaces import kit_faces
from pnp.components import money
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.registry import game as registered_game

MIN_DELTA_L = 8.0


from pnp.games.samarkand import art as samarkand_art  # noqa: E402


def _model(game_id):
    return registered_game(game_id).load(DEFAULT_DATA_DIR)


def _colour_sets():
    sam, car, chess = _model("samarkand"), _model("caravan"), _model("caravan-chessboard")
    return {
        "samarkand pawns": {p.id: p.colour for p in sam.pawns},
        "samarkand banknotes": {str(n.value): samarkand_art.NOTE_COLOURS[k] for k, n in
                                enumerate(sorted(sam.banknotes, key=lambda n: n.value))},
        "caravan players": {p.id: p.colour for p in car.player_colours},
        "chessboard caravans": {p.id: p.colour for p in chess.player_pawns},
        "chessboard coins": {str(c.value): money.coin_rim(k) for k, c in
                             enumerate(sorted(chess.coins, key=lambda c: c.value))},
        # goods: spread in lightness too, so a greyscale print tells them apart before the icon
        "samarkand goods": {g.id: g.colour for g in sam.goods},
        "caravan goods": {g.id: g.colour for g in car.goods},
        "chessboard goods": {c.id: c.colour for c in chess.cards if c.kind == "good"},
    }


@pytest.mark.parametrize("name", sorted(_colour_sets()))
def test_colours_of_a_set_differ_in_lightness(name):
    colours = _colour_sets()[name]
    light = {key: fi.lightness(fi.rgb(c)) for key, c in colours.items()}
    close = [(a, b, round(abs(light[a] - light[b]), 1)) for a, b in combinations(light, 2)
             if abs(light[a] - light[b]) < MIN_DELTA_L]
    assert not close, f"{name}: too alike in greyscale (L* apart): {close}"


def luma_lightness(colour: str) -> float:
    """L* of the grey a greyscale print or ``pdftoppm -gray`` makes of ``colour``: Rec. 601
    luma (0.299 R + 0.587 G + 0.114 B of the encoded sRGB values), which darkens greens and
    blues more than CIE L* does."""
    r, g, b = fi.rgb(colour)
    y = 0.299 * r + 0.587 * g + 0.114 * b
    return fi.lightness((y, y, y))


def test_luma_lightness_darkens_green_more_than_cie():
    assert abs(luma_lightness("#808080") - fi.lightness(fi.rgb("#808080"))) < 0.01
    assert luma_lightness("#27AD60") < fi.lightness(fi.rgb("#27AD60")) - 8


#: Sets whose greyscale print (luma) keeps the separation too.
LUMA_SETS = ("caravan goods", "caravan players")


@pytest.mark.parametrize("name", LUMA_SETS)
def test_colours_of_a_set_differ_in_a_greyscale_print(name):
    colours = _colour_sets()[name]
    light = {key: luma_lightness(c) for key, c in colours.items()}
    close = [(a, b, round(abs(light[a] - light[b]), 1)) for a, b in combinations(light, 2)
             if abs(light[a] - light[b]) < MIN_DELTA_L]
    assert not close, f"{name}: too alike in a greyscale print (L* of luma apart): {close}"


# Colour-blindness: Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear sRGB.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
}
#: Sets held to the same separation for colour-blind players (the chessboard's coins take
#: money.NOTE_COLOURS, tested in test_money).
CVD_SETS = ("samarkand goods", "samarkand pawns", "samarkand banknotes", "caravan goods", "caravan players",
            "chessboard coins")


def simulate(colour: str, kind: str) -> tuple[float, float, float]:
    """``colour`` (#RRGGBB) as a person with ``kind`` (protanopia, deuteranopia) sees it, sRGB 0..1."""
    def linear(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def encode(v):
        v = min(1.0, max(0.0, v))
        return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055

    rgb = [linear(v) for v in fi.rgb(colour)]
    return tuple(encode(sum(m * c for m, c in zip(row, rgb))) for row in CVD[kind])


def test_simulation_matches_the_published_matrices():
    # white and black stay; pure red loses most of its light for a protanope, green keeps
    assert all(abs(v - 1) < 0.01 for v in simulate("#FFFFFF", "protanopia"))
    assert simulate("#000000", "deuteranopia") == (0.0, 0.0, 0.0)
    assert fi.lightness(simulate("#FF0000", "protanopia")) < fi.lightness(fi.rgb("#FF0000")) - 10
    # red and a green of equal lightness become alike for a deuteranope
    assert abs(fi.lightness(simulate("#D65A45", "deuteranopia")) - fi.lightness(simulate("#2E9A57", "deuteranopia"))) < 8


@pytest.mark.parametrize("kind", sorted(CVD))
@pytest.mark.parametrize("name", CVD_SETS)
def test_colours_of_a_set_differ_for_colour_blind_players(name, kind):
    colours = _colour_sets()[name]
    light = {key: fi.lightness(simulate(c, kind)) for key, c in colours.items()}
    close = [(a, b, round(abs(light[a] - light[b]), 1)) for a, b in combinations(light, 2)
             if abs(light[a] - light[b]) < MIN_DELTA_L]
    assert not close, f"{name}, {kind}: too alike (L* apart): {close}"


#: The least CIE76 colour difference (ΔE*ab) between two player colours, in normal vision
#: and for colour-blind players: two warm colours of 16 L* apart (a yellow and an orange,
#: ΔE 18 for a deuteranope) read as one colour across the table.
MIN_PLAYER_DELTA_E = 25.0
#: Player sets held to ``MIN_PLAYER_DELTA_E``.
DELTA_E_SETS = ("caravan players",)


def cie_lab(c: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB triple 0..1."""
    def linear(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in c)
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def test_cie_lab_of_known_colours():
    assert cie_lab((1.0, 1.0, 1.0)) == pytest.approx((100.0, 0.0, 0.0), abs=0.05)
    lab = cie_lab(fi.rgb("#FF0000"))
    assert lab == pytest.approx((53.24, 80.09, 67.20), abs=0.3)
    # the yellow and orange the players once had: 16 L* apart but close in colour for a deuteranope
    yellow, orange = (cie_lab(simulate(c, "deuteranopia")) for c in ("#E8B10E", "#E0701B"))
    assert math.dist(yellow, orange) < MIN_PLAYER_DELTA_E


@pytest.mark.parametrize("kind", (None, "deuteranopia", "protanopia"))
@pytest.mark.parametrize("name", DELTA_E_SETS)
def test_player_colours_differ_in_colour_not_only_lightness(name, kind):
    colours = _colour_sets()[name]
    lab = {key: cie_lab(fi.rgb(c) if kind is None else simulate(c, kind)) for key, c in colours.items()}
    close = [(a, b, round(math.dist(lab[a], lab[b]), 1)) for a, b in combinations(lab, 2)
             if math.dist(lab[a], lab[b]) < MIN_PLAYER_DELTA_E]
    assert not close, f"{name}, {kind or 'normal vision'}: too alike in colour (ΔE*ab): {close}"


_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
_ID = re.compile(r' id="[^"]*"')


def _without_colour(face) -> str:
    return _ID.sub("", _COLOUR.sub("#000000", face.art.tostring()))


# Sets of faces by name: (game, players, name prefixes).
FACE_SETS = {
    "samarkand pawns": ("samarkand", 5, ("pawn/",)),
    "samarkand banknotes": ("samarkand", 5, ("banknote/",)),
    "samarkand goods cards": ("samarkand", 5, ("card/grain", "card/fruit", "card/copper", "card/carpets",
                                               "card/camels", "card/jewels")),
    "samarkand market tokens": ("samarkand", 5, ("market/grain", "market/fruit", "market/copper", "market/carpets",
                                                 "market/camels", "market/jewels", "market/assortment")),
    "caravan camels": ("caravan", 4, ("camel/",)),
    "caravan goods": ("caravan", 4, ("good/",)),
    "caravan theft markers": ("caravan", 4, ("theft-marker/",)),
    "caravan player boards": ("caravan", 4, ("player-board/",)),
    "chessboard caravans": ("caravan-chessboard", 6, ("pawn/red", "pawn/blue", "pawn/green", "pawn/yellow",
                                                      "pawn/purple", "pawn/white")),
    "chessboard coins": ("caravan-chessboard", 6, ("coin/",)),
    "chessboard goods cards": ("caravan-chessboard", 6, ("card/furs", "card/metals", "card/silk", "card/spices",
                                                         "card/tea", "card/woods")),
}


@pytest.mark.parametrize("name", sorted(FACE_SETS))
@pytest.mark.parametrize("lang", ("en", "da"))
def test_faces_of_a_set_differ_without_colour(name, lang):
    game, players, prefixes = FACE_SETS[name]
    faces = {f.name: f for f, _ in kit_faces(game, lang, players=players) if f.name.startswith(prefixes)}
    assert len(faces) >= 2, f"{name}: found {sorted(faces)}"
    grey = {n: _without_colour(f) for n, f in faces.items()}
    same = [(a, b) for a, b in combinations(sorted(grey), 2) if grey[a] == grey[b]]
    assert not same, f"{name}: told apart by colour alone: {same}"
