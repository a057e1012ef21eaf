"""Samarkand's pieces measured as printed (rendered, mean CIE L*: ``printedface``).

The goods' swatches lie 8 L* apart, but a card's border is a girih band of the colour's
shades and tints: what a greyscale print (or a colour-blind player) tells apart is the
band's mean lightness."""

from __future__ import annotations

import pytest

import printedface as pf
from test_identity import CVD
from pnp.games.samarkand import art
from pnp.games.samarkand.kit import SamarkandKit
from pnp.geometry import SAFE_MM
from pnp.model import load_game
from pnp.model.catalog import DEFAULT_DATA_DIR

#: From the trim inwards, where a card's border band ends (art.good_card: inset, band, gap).
BAND_END_MM = SAFE_MM + 0.6 + 4.2 + 0.5


def _border_lightness(face, matrix=None) -> float:
    ell, scale, bleed = pf.lstar(face, 100, matrix)
    outer = pf.box_mask(ell.shape, scale, bleed, SAFE_MM, SAFE_MM, face.width - SAFE_MM, face.height - SAFE_MM)
    inner = pf.box_mask(ell.shape, scale, bleed, BAND_END_MM, BAND_END_MM, face.width - BAND_END_MM,
                        face.height - BAND_END_MM)
    return float(ell[outer & ~inner].mean())


@pytest.fixture(scope="module")
def cards():
    game = load_game("samarkand", DEFAULT_DATA_DIR)
    (w, h), = SamarkandKit().deck_trims_mm(game, game.variant(5))
    return {g.id: art.good_card(f"card/{g.id}", "cards", w, h, 3.0, g.id, g.id, g.colour, 1, "test")
            for g in game.goods}


@pytest.mark.parametrize("kind", [None, "deuteranopia", "protanopia"])
def test_card_borders_differ_by_8_lstar_as_printed(cards, kind):
    light = {g: _border_lightness(f, CVD[kind] if kind else None) for g, f in cards.items()}
    order = sorted(light, key=light.get)
    gaps = [(a, b, round(light[b] - light[a], 1)) for a, b in zip(order, order[1:])]
    assert all(gap >= 8 for _, _, gap in gaps), gaps


@pytest.mark.parametrize("kind", [None, "deuteranopia", "protanopia"])
def test_board_space_kinds_differ_by_8_lstar_as_printed(kind):
    """Oases, nomad camps and cities: the printed tiles (ground, paving, pictures, plates;
    mean L* inside the tile's edge) of two kinds lie at least 8 apart, and every tile of a
    kind within 2 of its kind's mean."""
    import numpy as np
    from pnp.components.style import NORMAL
    from pnp.games.samarkand import board
    from pnp.model.i18n import Strings

    game = load_game("samarkand", DEFAULT_DATA_DIR)
    b = board._Board(game, Strings(DEFAULT_DATA_DIR, "samarkand", "en"), 3.0, NORMAL)
    ell, scale, bleed = pf.lstar(b.face(), 50, CVD[kind] if kind else None)
    kinds: dict[str, list[float]] = {}
    for sp in game.board.spaces:
        x, y = b.cell(sp)
        tile = pf.box_mask(ell.shape, scale, bleed, x + 1, y + 1, x + b.tile - 1, y + b.tile - 1)
        kinds.setdefault(sp.kind, []).append(float(ell[tile].mean()))
    means = {k: float(np.mean(v)) for k, v in kinds.items()}
    assert all(max(abs(v - means[k]) for v in vs) <= 2 for k, vs in kinds.items()), kinds
    order = sorted(means, key=means.get)
    gaps = [(a, b_, round(means[b_] - means[a], 1)) for a, b_ in zip(order, order[1:])]
    assert len(means) == 3 and all(gap >= 8 for _, _, gap in gaps), gaps


def test_camels_stand_out_of_their_dunes_as_printed(cards, monkeypatch):
    """The camels on the Camels card: rendered, the pixels they cover are at least 20 L*
    darker than the dunes there without them (tan camels on tan sand wash out in grey)."""
    import numpy as np
    from pnp.components.svg import group

    with_camels, scale, bleed = pf.lstar(cards["camels"], 150)
    real = art.icon_at
    monkeypatch.setattr(art, "icon_at", lambda name, *a, **k: group() if "camel" in name else real(name, *a, **k))
    face = cards["camels"]
    bare = art.good_card("card/camels", "cards", face.width, face.height, 3.0, "camels", "camels",
                         load_game("samarkand", DEFAULT_DATA_DIR).good("camels").colour, 1, "test")
    without, _, _ = pf.lstar(bare, 150)
    camels = np.abs(with_camels - without) > 2
    assert camels.sum() > 500
    assert float(without[camels].mean() - with_camels[camels].mean()) >= 20, (  # was 11.7
        float(without[camels].mean()), float(with_camels[camels].mean()))


#: The three light goods, which a greyscale print showed alike before their panels and
#: niches took their own depths (``art.PANEL_TINT``, ``art.NICHE_LIGHT``).
LIGHT_GOODS = ("grain", "fruit", "camels")


@pytest.mark.parametrize("kind", [None, "deuteranopia", "protanopia"])
def test_light_goods_whole_cards_differ_by_8_lstar(cards, kind):
    """Grain, fruit and camels: the mean L* of the whole card inside the safe area (frame,
    panel, plates, still life), as printed and for deuteranopes and protanopes, lie at least
    8 apart, grain lightest and camels darkest."""
    light = {}
    for g in LIGHT_GOODS:
        ell, scale, bleed = pf.lstar(cards[g], 100, CVD[kind] if kind else None)
        face = cards[g]
        inside = pf.box_mask(ell.shape, scale, bleed, SAFE_MM, SAFE_MM, face.width - SAFE_MM, face.height - SAFE_MM)
        light[g] = float(ell[inside].mean())
    assert light["grain"] - light["fruit"] >= 8 and light["fruit"] - light["camels"] >= 8, light
