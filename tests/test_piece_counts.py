"""Every printed piece on the sheets counted against the manifest, for every component (issue 17).

Each face a sheet places is read back from the PDF with the text it shows
(tests/pdfpieces.py) and recognised by that text (the English strings of
data/<game>/lang/en.yaml); the copies placed must equal the manifest's count (by type where
the manifest splits it).  A piece the manifest counts but no sheet places fails here.

The literal totals (102 cards, 60 banknotes ...) are the default kits' counts from data
(game.yaml, components.yaml, checks.yaml), so that a count of nothing against nothing fails.
"""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from pdfpieces import placed_faces


def _kit(shared_builds, game):
    folder = shared_builds(game)
    manifest = json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))
    return {c["id"]: c for c in manifest["components"]}, placed_faces(PdfReader(next(folder.glob("*.pdf"))))


def placed(faces, pattern: str) -> int:
    """Copies of the faces whose whole text matches ``pattern``."""
    return sum(n for text, n in faces.items() if re.fullmatch(pattern, text, re.S))


GOOD_NAMES = {"grain": "Grain", "fruit": "Fruit", "copper": "Copper", "carpets": "Carpets", "camels": "Camels",
              "jewels": "Jewels"}        # data/samarkand/lang/en.yaml goods.*


def test_samarkand_pieces(shared_builds):
    parts, faces = _kit(shared_builds, "samarkand")
    cards = parts["cards"]
    for good, n in cards["by_type"].items():            # a card front names its good at both ends
        assert placed(faces, rf"{GOOD_NAMES[good]}\n{GOOD_NAMES[good]}") == n, good
    assert placed(faces, r"Samarkand\nCommodity\nSamarkand\nCommodity") == cards["count"] == 102   # backs
    notes = parts["banknotes"]
    for value, n in notes["by_type"].items():
        assert placed(faces, rf"{value} {value}\n{value} Piaster") == n, f"{value} Piaster notes"
    assert sum(notes["by_type"].values()) == notes["count"] == 60
    tokens = sum(placed(faces, name) for name in GOOD_NAMES.values()) + placed(faces, "Assortment")
    assert tokens == parts["market-tokens"]["count"] == 8
    assert placed(faces, r"−1\nChip") == parts["market-chips"]["count"] == 2
    assert placed(faces, r"Merchant\nMerchant") == parts["pawns"]["count"] == 5
    assert placed(faces, r"Price table · Piaster.*") == parts["price-tables"]["count"] == 5


def test_caravan_pieces(shared_builds):
    parts, faces = _kit(shared_builds, "caravan")
    goods, spares = parts["goods"]["by_type"], parts["goods-spares"]["by_type"]
    for good, n in goods.items():       # a good's disc shows its two-letter mark; spares are the same disc
        mark = good[:1].upper() + good[1:2]
        assert placed(faces, mark) == n + spares[good], good
    assert sum(goods.values()) == parts["goods"]["count"] == 48
    assert placed(faces, "1") == parts["demand-markers"]["count"] == 44
    # Camels and theft markers are colour only, no text.
    assert placed(faces, "") == parts["camels"]["count"] + parts["theft-markers"]["count"] == 24 + 4
    assert placed(faces, r"Actions in the game.s turns.*") == parts["player-boards"]["count"] == 4


def test_chessboard_pieces(shared_builds):
    parts, faces = _kit(shared_builds, "caravan-chessboard")
    cards = parts["cards"]
    for kind, n in cards["by_type"].items():
        word, _, length = kind.partition("-")
        if length:                      # move-2: "Move2 2" and its rule
            pattern = rf"{word.capitalize()}{length} {length}\n.*"
        else:                           # a good or the soldiers: its name, then its rule
            pattern = rf"{word.capitalize()}\n.*"
        assert placed(faces, pattern) == n, kind
    assert placed(faces, r"CARAVAN\non a chessboard\nCARAVAN\non a chessboard") == cards["count"] == 75   # backs
    coins = parts["coins"]
    for value, n in coins["by_type"].items():
        assert placed(faces, rf"{value}\nGold") == n, f"{value} gold coins"
    assert sum(coins["by_type"].values()) == coins["count"] == 43
    assert placed(faces, "Oasis") == parts["oasis-markers"]["count"] == 6
    assert placed(faces, "Quicksand") == parts["quicksand-markers"]["count"] == 6
    assert placed(faces, r"Caravan\nCaravan") == parts["caravans"]["count"] == 4
    assert placed(faces, r"(Bandits|Sandstorm)\n(Bandits|Sandstorm)") == parts["desert-pawns"]["count"] == 2
