"""Caravan's rules sheet states the seats' lean with the numbers of the data
(``game.yaml`` ``setups.*.seat_wins``), judged by the fairness rule, and never claims that a
set-up evens the seats out."""

from __future__ import annotations

import shutil

import pytest

from pnp.errors import DataError
from pnp.kit.rulebook import render_rules_markdown
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.variant import Variant


def _paragraph(md: str, needle: str) -> str:
    return next(p.strip() for p in md.split("\n\n") if needle in p)


@pytest.mark.parametrize("lang, needle", [("en", "with even chances each would win"), ("da", "ved helt lige chancer ville hver vinde")])
def test_the_kits_variant_states_its_seats_shares(lang, needle):
    game = load_game("caravan", data_dir())
    md = render_rules_markdown(game, Variant(3, "short"), lang)
    text = _paragraph(md, needle)
    assert ("39, 30 and 31 %" if lang == "en" else "39, 30 og 31 %") in text and "33 %" in text
    assert text.startswith("In the short game for 3 players the seats in turn order do not have even chances either." if lang == "en"
                           else "I det korte spil med 3 spillere har pladserne i turrækkefølgen heller ikke lige store chancer.")
    two = _paragraph(render_rules_markdown(game, Variant(2, "short"), lang), needle)
    assert two.startswith("In the short game for 2 players the seats in turn order differ fairly little." if lang == "en"
                          else "I det korte spil med 2 spillere er forskellen mellem pladserne i turrækkefølgen forholdsvis lille.")
    assert "evens out" not in md and "udligner" not in md
    # a 3-colour kit gives the balanced variant's shares for the counts it can seat, not 4
    balanced = _paragraph(md, "38, 32 and 30 %" if lang == "en" else "38, 32 og 30 %")
    assert balanced and "25, 21, 25" not in md


def test_the_numbers_follow_the_data(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(data_dir(), root, ignore=shutil.ignore_patterns("samarkand", "caravan-chessboard"))
    path = root / "caravan" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    old = "3: [39.4, 29.7, 30.9]"
    assert old in text
    path.write_text(text.replace(old, "3: [33.0, 33.5, 33.5]"), encoding="utf-8")
    md = render_rules_markdown(load_game("caravan", root), Variant(3, "short"), "en")
    text_ = _paragraph(md, "with even chances each would win")
    assert text_.startswith("In the short game for 3 players the seats in turn order differ fairly little.") and "33, 34 and 34 %" in text_
    path.write_text(text.replace(old, "3: [39.4, 29.7, 20.9]"), encoding="utf-8")
    with pytest.raises(DataError, match="add up to 90 %"):
        load_game("caravan", root)
