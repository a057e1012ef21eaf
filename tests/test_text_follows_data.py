"""Every printed statement that states a number of the data follows it: a number is changed
in a copy of the data, and the rules sheet (its rendered text), the board and the engine
all say and do the new number, in English and Danish."""

from __future__ import annotations

import re
import shutil

import pytest

from helpers import edit
from pnp.kit.rulebook import render_rules_markdown
from pnp.model import load_game
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings


@pytest.fixture()
def data(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, folder, ignore=shutil.ignore_patterns("icons"))
    shutil.copytree(DEFAULT_DATA_DIR / "icons", folder / "icons")
    return folder


def _rules(game, lang: str) -> str:
    return " ".join(render_rules_markdown(game, game.variant(game.players_default), lang).split())


def test_chessboard_starting_gold_is_printed_and_dealt(data):
    from pnp.games.caravan_chessboard.engine import new_game

    edit(data / "caravan-chessboard" / "game.yaml", "start_gold: 0 ", "start_gold: 5 ")
    game = load_game("caravan-chessboard", data)
    assert new_game(game, 4, seed=1).gold == [5, 5, 5, 5]
    en, da = _rules(game, "en"), _rules(game, "da")
    assert "Each player takes **5 gold** from the bank." in en and "Nobody has any gold" not in en
    assert "Hver spiller tager **5 guld** fra banken." in da and "Ingen har guld" not in da
    # and the shipped data, with none, says so
    shipped = load_game("caravan-chessboard", DEFAULT_DATA_DIR)
    assert "Nobody has any gold at the start." in _rules(shipped, "en")
    assert new_game(shipped, 4, seed=1).gold == [0, 0, 0, 0]


@pytest.mark.parametrize("limit", [4, 5, 7])
def test_chessboard_sale_example_fits_the_caravan_limit(data, limit):
    from pnp.games.caravan_chessboard.engine import tables

    edit(data / "caravan-chessboard" / "game.yaml", "caravan_limit: 5 ", f"caravan_limit: {limit} ")
    values = [1, 3, 5, 7, 9, 11, 13][:limit]                     # one sale value per caravan size
    edit(data / "caravan-chessboard" / "game.yaml", "sale_values: [1, 3, 5, 7, 9]", f"sale_values: {values}")
    game = load_game("caravan-chessboard", data)
    assert tables(game).caravan_limit == limit
    r = game.rules
    for lang, held in (("en", r"caravan reaches \S+ with (.*?) and a soldier: (\d+) cards, as many as a caravan holds"),
                       ("da", r"karavane når \S+ med (.*?) og 1 soldat: (\d+) kort, så mange som lasten kan rumme")):
        text = _rules(game, lang)
        m = re.search(held, text)
        assert m, text[:200]
        piles = [int(n) for n in re.findall(r"\b(\d+)\b", m.group(1))]
        assert sum(piles) + 1 == int(m.group(2)) == limit            # goods and the soldier: a full caravan
        paid = re.search(r"(?:for|får) ([\d + ]+) = (\d+)", text[m.end():])  # en »sells … for«, da »Hun får«
        assert [int(x) for x in paid.group(1).split("+")] == [r.sale_value(n) for n in piles]
        assert int(paid.group(2)) == sum(r.sale_value(n) for n in piles)


def test_samarkand_oasis_bulk_purchase_is_printed_on_the_board_and_played(data):
    from pnp.games.samarkand.board import board_face
    from pnp.games.samarkand.engine import tables
    from pnp.components.svg import new_sheet

    edit(data / "samarkand" / "game.yaml", "oasis_bulk_cards: 4 ", "oasis_bulk_cards: 3 ")
    game = load_game("samarkand", data)
    assert tables(game).oasis_bulk == 3
    oasis_prices = {sp.price_4 for sp in game.board.of_kind("oasis")}
    for lang, words in (("en", "cards"), ("da", "kort")):
        face = board_face(game, Strings(data, "samarkand", lang), 3.0)
        sheet = new_sheet(face.width, face.height)
        sheet.add(face.art)
        svg = sheet.tostring()
        for price in oasis_prices:
            assert f"3 {words} {price}" in svg, (lang, price)
            assert f"4 {words} {price}" not in svg
    assert "or 3 for the oasis price" in " ".join(
        render_rules_markdown(game, game.variant(5), "en", game.folder / "rules" / "aid" / "en.md.j2").split())


def test_samarkand_chip_sentence_says_what_the_engine_pays_for_the_smallest_sale(data):
    from pnp.games.samarkand.engine import tables

    edit(data / "samarkand" / "game.yaml", "min_sale: 2 ", "min_sale: 3 ")
    game = load_game("samarkand", data)
    T = tables(game)
    prices = game.prices
    # the engine: a chipped 3-card sale pays the 2-card column
    grain = T.sale[list(T.goods).index("grain")]
    assert grain[1][3] == prices.price("grain", 2) != prices.price("grain", 1)
    en, da = _rules(game, "en"), _rules(game, "da")
    assert "3 cards pay the 2-card column" in en and "a sale of 3 cards pays the 2-card column" in en
    assert "1-card column" not in en
    assert "3 kort giver prisen i kolonnen for 2 kort" in da and "kolonnen for 1 kort" not in da
