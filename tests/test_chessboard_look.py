"""CARAVAN on a chessboard's pictures, measured on its faces: Move cards count their steps in
footprints a player counts at arm's length, coins print their value in words large enough
to read, the oasis and quicksand markers are illustrations rather than a silhouette on a
flat square, and no picture is out of the game's time (a medieval road from Europe to the
Orient)."""

from __future__ import annotations

import pytest

import faceinspect as fi
from kitfaces import kit_faces
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.registry import game as registered_game

#: Icons a reviewer found off the game's period or theme (a ninja for the Bandits, a cruise
#: liner in Europe's harbour, a modern army helmet for the Soldiers).
OFF_PERIOD = {"ninja", "passenger-ship", "ship", "military-helmet", "motor-boat", "speedboat"}
#: Smallest footprint pip on a Move card, mm (a reviewer found 8 mm pips beside a trail of
#: smaller prints hard to count: the pips are now the card's picture, 11 mm and more).
MIN_PIP_MM = 11.0
#: Smallest type size of a coin's value in words, mm (the coin's numeral is 4-5 mm).
MIN_COIN_WORDS_MM = 2.0


@pytest.fixture(scope="module")
def faces():
    return {face.name: face for face, _back in kit_faces("caravan-chessboard", "en")}


def test_move_cards_count_their_steps_in_footprints_a_player_counts(faces):
    """Each Move N card shows N pips in a row along the foot of its art, each at least
    ``MIN_PIP_MM`` and apart from the others, and no other footprint (a trail of smaller
    prints beside the pips made N = 3 and N = 4 read alike)."""
    game = registered_game("caravan-chessboard").load(DEFAULT_DATA_DIR)
    moves = [c for c in game.cards if c.kind == "move"]
    assert sorted(c.steps for c in moves) == [1, 2, 3, 4]
    for card in moves:
        found = fi.items(faces[f"card/{card.id}"])
        # the pips: the icons on the row's discs (a disc 1.1 mm larger than its icon each side)
        discs = [s for s in found.shapes if s.kind == "circle" and 2 * s.geometry[2] >= MIN_PIP_MM]
        row = [i for i in found.icons
               if any(abs((i.box[0] + i.box[2]) / 2 - d.geometry[0]) < 0.05
                      and abs((i.box[1] + i.box[3]) / 2 - d.geometry[1]) < 0.05 for d in discs)]
        assert len(row) == card.steps, (card.id, [i.box for i in found.icons])
        assert len(found.icons) == card.steps + 1, card.id       # the pips and the camel on the horizon
        assert len({round(i.box[1], 2) for i in row}) == 1, (card.id, [i.box for i in row])
        row.sort(key=lambda i: i.box[0])
        for a, b in zip(row, row[1:]):
            assert b.box[0] >= a.box[2], (card.id, a.box, b.box)


def test_coins_print_their_value_in_words_large_enough_to_read(faces):
    """The words on a coin were 1.5 mm type under the rosette; now at least
    ``MIN_COIN_WORDS_MM``, and the numeral larger still."""
    game = registered_game("caravan-chessboard").load(DEFAULT_DATA_DIR)
    for coin in game.coins:
        texts = fi.items(faces[f"coin/{coin.value}"]).texts
        numeral = next(t for t in texts if t.content == str(coin.value))
        words = texts[-1]
        assert words.content not in (str(coin.value), "CARAVAN")
        assert words.size >= MIN_COIN_WORDS_MM, (coin.value, words.content, words.size)
        assert numeral.size > 1.5 * words.size, (coin.value, numeral.size, words.size)


@pytest.mark.parametrize("marker", ["oasis", "quicksand"])
def test_markers_are_full_colour_illustrations(faces, marker):
    """A marker was one black game-icons silhouette on its colour; now a scene of at least
    six fills of its own (sand, water or rings of sand, a rim in the marker's colour, a plate)
    with its name on a light plate."""
    found = fi.items(faces[f"marker/{marker}"])
    fills = {s.fill.upper() for s in found.shapes if s.fill and s.fill != "none"}
    assert len(fills) >= 6, (marker, sorted(fills))
    assert not any(i.fill == "#000000" or i.fill.lower() in ("black", "#222222") for i in found.icons), found.icons
    label = found.texts[-1]
    contrast, _where = fi.worst_contrast(found, label)
    assert contrast >= 4.5, (marker, contrast)


def test_no_picture_is_out_of_the_games_time(monkeypatch):
    """No face of the kit draws an icon from ``OFF_PERIOD`` (every full-colour icon drawn
    while the kit's faces are made is recorded)."""
    import sys

    import pnp.components.art as art

    registered_game("caravan-chessboard").module("kit")      # the game's drawing modules, loaded
    drawn = []
    original = art.art_icon

    def recording(set_name, name, *args, **kwargs):
        drawn.append(name)
        return original(set_name, name, *args, **kwargs)

    for module in [art] + [m for n, m in list(sys.modules.items()) if n.startswith("pnp.games.caravan_chessboard")]:
        if getattr(module, "art_icon", None) is original:
            monkeypatch.setattr(module, "art_icon", recording)
    kit_faces.__wrapped__("caravan-chessboard", "en")      # not the cached faces: draw them again
    assert drawn, "no full-colour icon recorded"
    assert not OFF_PERIOD & set(drawn), sorted(OFF_PERIOD & set(drawn))
