"""The Samarkand data loads, validates, and holds the numbers of the sources."""

from pathlib import Path

import pytest

from pnp.model.catalog import data_dir
from pnp.errors import DataError, VariantError
from pnp.model import load_game

from helpers import edit


@pytest.fixture(scope="module")
def game():
    return load_game("samarkand", data_dir())


def test_deck_counts_follow_the_seed_removals(game):
    assert {g.id: g.count for g in game.goods} == {
        "grain": 22, "fruit": 20, "copper": 18, "carpets": 16, "camels": 14, "jewels": 12}
    assert [sum(game.deck(n).values()) for n in (5, 4, 3, 2)] == [102, 96, 84, 72]
    assert game.deck(2) == {"grain": 17, "fruit": 15, "copper": 13, "carpets": 11, "camels": 9, "jewels": 7}


def test_board_matches_games_md(game):
    board = game.board
    assert (board.rows, board.columns) == (4, 5)
    kinds = [s.kind for s in board.spaces]
    assert (kinds.count("camp"), kinds.count("oasis"), kinds.count("city")) == (10, 6, 4)
    assert len(board.arrows()) == 31
    assert all(1 <= len(s.exits) <= 2 for s in board.spaces)
    assert sorted(s.capacity for s in board.of_kind("camp")) == [4, 4, 4, 5, 5, 5, 5, 6, 6, 6]
    assert sorted({s.price_4 for s in board.of_kind("oasis")}) == [20, 25, 30]


def test_known_prices_are_kept(game):
    p = game.prices
    assert [p.price("grain", n) for n in (4, 5, 6)] == [20, 40, 80]
    assert (p.price("carpets", 2), p.price("carpets", 6)) == (15, 160)
    assert (p.price("camels", 6), p.price("jewels", 6)) == (180, 200)
    assert p.price("assortment", 3) == 15
    assert p.price("grain", 5, chip=True) == 20          # seed: 5 grain under a chip pay as 4
    assert p.price("grain", 12) == p.price("grain", 8)    # beyond the table: last column


def test_rule_numbers(game):
    r = game.rules
    assert (r.start_money, r.target_money, r.hand_size, r.hand_limit, r.field_start_cards) == (200, 500, 7, 12, 2)


def test_player_count_outside_range_is_refused(game):
    with pytest.raises(VariantError, match="2-5 players, not 6"):
        game.deck(6)


@pytest.mark.parametrize("file, old, new, message", [
    ("game.yaml", "start_money: 200", "start_money: [200", "invalid YAML: line"),
    ("game.yaml", "  hand_limit: 12 ", "  hand_limitx: 12 ", "missing key 'hand_limit'"),
    ("game.yaml", "{id: grain,   count: 22,", "{id: grain,   count: -3,", "goods[0].count: expected an integer >= 0, got -3"),
    ("board.yaml", "exits: [camp-e2]}", "exits: [camp-e9]}", "'camp-e1' to 'camp-e9', a space that does not exist"),
    ("board.yaml", "exits: [samarkand, camp-s3]}", "exits: [camp-s3]}", "no arrow on the edge between"),
    ("prices.yaml", "grain:   [2,  5, 10, 20,  40,", "grain:   [2,  5, 10, 20,  4,", "must not fall"),
])
def test_malformed_data_names_file_and_key(data_copy: Path, file, old, new, message):
    edit(data_copy / "samarkand" / file, old, new)
    with pytest.raises(DataError) as info:
        load_game("samarkand", data_copy)
    assert message in str(info.value)
    assert file in str(info.value)
    assert "\n" not in str(info.value)


def test_board_that_is_not_strongly_connected(data_copy: Path):
    # Turn the arrow camp-w1 -> oasis-nw around: the top-left corner then has two exits
    # and no entrance, so nothing can reach it.
    board = data_copy / "samarkand" / "board.yaml"
    edit(board, "exits: [oasis-nw, bukhara]}", "exits: [bukhara]}")
    edit(board, "price_4: 25, exits: [camp-n1]}", "price_4: 25, exits: [camp-n1, camp-w1]}")
    with pytest.raises(DataError, match="not strongly connected: 'oasis-nw' cannot be reached from camp-n1"):
        load_game("samarkand", data_copy)
