"""CARAVAN on a chessboard's data and model: the seed's counts, variants, bad data."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.model.catalog import data_dir
from pnp.errors import DataError, UsageError, VariantError
from pnp.model import load_game
from pnp.model.variant import Variant

#: The seed's CARD LIST, copied by hand from caravan-chessboard.rules.en.txt.
SEED_DECK = {
    "move-1": 5, "move-2": 10, "move-3": 10, "move-4": 5,
    "bandits-1": 1, "bandits-2": 1, "bandits-3": 1, "bandits-4": 1, "bandits-5": 1,
    "sandstorm-1": 1, "sandstorm-2": 1, "sandstorm-3": 1, "sandstorm-4": 1, "sandstorm-5": 1,
    "soldiers": 5, "metals": 5, "woods": 5, "furs": 5, "tea": 5, "spices": 5, "silk": 5,
}


@pytest.fixture(scope="session")
def cgame():
    return load_game("caravan-chessboard", data_dir())


def test_deck_by_type_is_the_seeds_card_list(cgame):
    assert cgame.deck() == SEED_DECK
    assert list(cgame.deck()) == list(SEED_DECK)  # the seed's order
    assert cgame.deck_size == sum(SEED_DECK.values()) == 75
    for v in cgame.variants():
        assert cgame.deck(v) == SEED_DECK


def test_card_kinds_steps_and_regions(cgame):
    assert [c.steps for c in cgame.cards_of_kind("move")] == [1, 2, 3, 4]
    assert [c.steps for c in cgame.cards_of_kind("bandits")] == [1, 2, 3, 4, 5]
    assert [c.steps for c in cgame.cards_of_kind("sandstorm")] == [1, 2, 3, 4, 5]
    assert [c.id for c in cgame.goods("europe")] == ["metals", "woods", "furs"]
    assert [c.id for c in cgame.goods("orient")] == ["tea", "spices", "silk"]
    assert cgame.card("soldiers").kind == "soldiers" and cgame.card("soldiers").region is None


def test_rule_numbers_and_board(cgame):
    r = cgame.rules
    assert (r.start_hand, r.hand_limit, r.caravan_limit, r.target_gold) == (5, 7, 5, 50)
    assert r.sale_values == (1, 3, 5, 7, 9)
    assert [r.sale_value(n) for n in range(6)] == [0, 1, 3, 5, 7, 9]
    with pytest.raises(ValueError):
        r.sale_value(6)
    b = cgame.board
    assert (b.rows, b.columns) == (8, 8)
    assert b.regions["europe"] == (1,) and b.regions["orient"] == (8,)
    assert b.middle_rows == (2, 3, 4, 5, 6, 7)
    assert [b.region_of(row) for row in (1, 2, 7, 8)] == ["europe", "middle_east", "middle_east", "orient"]
    assert {m.id: (m.count, m.per_row) for m in cgame.markers} == {"oasis": (6, 1), "quicksand": (6, 1)}
    assert cgame.die_faces == 8
    assert cgame.phases == ("draw", "buy", "move", "desert", "sell")
    assert len(cgame.player_pawns) == cgame.players_max
    assert cgame.bandits.id == "bandits" and cgame.sandstorm.id == "sandstorm"


def test_variants_and_player_counts(cgame):
    assert cgame.setups == ("standard",)
    assert [v.id for v in cgame.variants()] == [f"{p}p" for p in cgame.player_counts]
    assert cgame.variant() == Variant(cgame.players_default)
    assert cgame.variant(cgame.players_min, "standard") == Variant(cgame.players_min)
    with pytest.raises(VariantError) as info:
        cgame.variant(cgame.players_max + 1)
    assert info.value.key == "--players"
    with pytest.raises(UsageError) as info:
        cgame.variant(None, "short")
    assert info.value.key == "--variant"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("old, new, message", [
    ("target_gold: 50", "target_gold: [50", "invalid YAML: line"),
    ("{id: move-2,      kind: move,      steps: 2, count: 10,", "{id: move-2,      kind: move,      steps: 2, count: -1,",
     "cards[1].count: expected an integer >= 0, got -1"),
    ("{id: move-1,      kind: move,", "{id: move-1,      kind: teleport,", "cards[0].kind: expected one of move"),
    ("{id: soldiers,    kind: soldiers,", "{id: soldiers,    kind: soldiers, region: europe,",
     "cards[14].region: only goods have a region"),
    ("{id: tea,         kind: good, region: orient,", "{id: tea,         kind: good, region: mars,",
     "cards[18].region: expected one of europe, orient"),
    ("sale_values: [1, 3, 5, 7, 9]", "sale_values: [1, 3, 5, 7]", "rules.sale_values: expected 5 values"),
    ("sale_values: [1, 3, 5, 7, 9]", "sale_values: [1, 3, 2, 7, 9]", "rules.sale_values: values must not fall"),
    ("hand_limit: 7", "hand_limit: 4", "rules.hand_limit: expected at least start_hand (5)"),
    ("{id: oasis,     count: 6,", "{id: oasis,     count: 5,", "markers[0].count: expected 6"),
    ("die: {faces: 8}", "die: {faces: 6}", "die.faces: expected 8 faces"),
    ("middle_east: [2, 3, 4, 5, 6, 7]", "middle_east: [2, 3, 4, 5, 6]", "board.regions: expected the regions to share out rows 1-8"),
    ("players: {min: 2, max: 6, default: 4}", "players: {min: 2, max: 7, default: 4}",
     "pawns.players: expected at least 7 pawns"),
])
def test_malformed_data_is_one_line_naming_file_and_key(data_copy: Path, old, new, message):
    edit(data_copy / "caravan-chessboard" / "game.yaml", old, new)
    with pytest.raises(DataError) as info:
        load_game("caravan-chessboard", data_copy)
    text = str(info.value)
    assert message in text
    assert "caravan-chessboard/game.yaml" in text
    assert "\n" not in text


def test_unknown_icon_is_named(data_copy: Path):
    edit(data_copy / "caravan-chessboard" / "game.yaml", "icon: hot-spices", "icon: no-such-icon")
    with pytest.raises(DataError, match=r"cards\[19\]\.icon: unknown icon 'no-such-icon'"):
        load_game("caravan-chessboard", data_copy)


def test_coins_that_cannot_pay_a_sale_value(data_copy: Path):
    edit(data_copy / "caravan-chessboard" / "game.yaml", "{value: 1,  count:", "{value: 2,  count:")
    with pytest.raises(DataError, match="coins: the smallest coin .2. cannot pay every sale value"):
        load_game("caravan-chessboard", data_copy)
