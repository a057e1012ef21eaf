"""Every printed piece on the sheets counted against the manifest and data, kind by kind.

Each copy of a face a sheet places is read back from the PDF (tests/pdfpieces.py,
``sheet_pieces``) with the text it shows, the box its art covers and the colours it fills,
and recognised by what a person sees on the cut piece: its text (the English strings of
data/<game>/lang/en.yaml), its size (the trim sizes of data/<game>/components.yaml) and its
colour (the player and pawn colours of data/<game>/game.yaml).  Pieces with no text (Caravan's
camels and theft markers) are told apart by size and counted per player colour; die nets by
the faces they print; board tiles as the copies of the board face, which together must
cover the whole board.  The copies placed must equal the manifest's count (by type where
the manifest splits it).

The literal totals (102 cards, 60 banknotes ...) are the default kits' counts from data
(game.yaml, components.yaml, checks.yaml), so that a count of nothing against nothing fails.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from ruamel.yaml import YAML

DATA = Path(__file__).resolve().parents[1] / "data"
A4_MM = (210.0, 297.0)          # ISO 216: no face of a piece is larger; only the board is tiled
TOL = 0.05                      # mm: PDF coordinates are written to a few decimals


def data(game: str, name: str) -> dict:
    return YAML(typ="safe").load((DATA / game / name).read_text(encoding="utf-8"))


def _kit(shared_builds, kit_pieces, game):
    """(manifest components by id, every placed copy with its text and trim size, bleed asked)."""
    folder = shared_builds(game)
    manifest = json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))
    measured = kit_pieces(next(folder.glob("*.pdf")))
    bleed = manifest["bleed_mm"]
    copies = []
    for page in measured["pages"]:
        for copy in page["copies"]:
            x0, y0, x1, y1 = copy["art"]
            copies.append({**copy, "page": page["number"], "text": measured["texts"][str(copy["form"])],
                           # the art runs the full bleed past the trim on every side (a background
                           # into the bleed); a cut-out (bleed 0) draws its own outline: art = trim
                           "size": tuple(sorted((round(x1 - x0, 1), round(y1 - y0, 1))))})
    return {c["id"]: c for c in manifest["components"]}, copies, bleed


def placed(copies, pattern: str) -> int:
    """Copies of the faces whose whole text matches ``pattern``."""
    return sum(1 for c in copies if re.fullmatch(pattern, c["text"], re.S))


def square(trim_mm: float, bleed: float) -> tuple[float, float]:
    """The art box of a square piece of ``trim_mm`` with ``bleed`` on every side."""
    side = round(trim_mm + 2 * bleed, 1)
    return (side, side)


def board_tiles(copies, manifest_board, trim_mm: tuple[float, float], bleed: float) -> list[dict]:
    """The copies of the board face (its art larger than an A4 sheet), checked: one per board
    page of the manifest, each on a sheet of its own, and their cut regions (what each tile
    shows less the bleed on every side) cover the whole board trim ``trim_mm`` (from data, the
    board either way round), sampled every 2 mm.  The board's art starts ``bleed`` before its
    trim at the top left (it may draw more past the bottom right, cut away by the tiles' clip)."""
    tiles = [c for c in copies if max(c["size"]) > A4_MM[1] or min(c["size"]) > A4_MM[0]]
    # one tile per board page; in a duplex kit each tile's printed back (a tint) is
    # a board page too, the page after its tile's
    pages = sorted(manifest_board["pages"])
    backed = len(pages) == 2 * len(tiles) and all(b == a + 1 for a, b in zip(pages[::2], pages[1::2]))
    assert len(tiles) > 1 and (len(tiles) == len(pages) or backed), "one tile per board sheet"
    assert len({c["form"] for c in tiles}) == 1, "every tile shows the one board face"
    assert len({c["page"] for c in tiles}) == len(tiles), "one tile per sheet"
    x0, y0, x1, y1 = tiles[0]["art"]
    turns = [(w, h) for w, h in (trim_mm, trim_mm[::-1]) if x1 - x0 >= w + 2 * bleed - TOL and y1 - y0 >= h + 2 * bleed - TOL]
    assert turns, f"the board's art {x1 - x0:.1f} x {y1 - y0:.1f} mm holds no {trim_mm} mm trim with {bleed} mm bleed"
    w, h = turns[0]
    regions = []        # each tile's cut region, relative to the board art's top-left on its sheet
    for t in tiles:
        assert abs((t["art"][2] - t["art"][0]) - (x1 - x0)) < TOL, "the board turned alike on every tile"
        ax, ay = t["art"][0], t["art"][1]
        sx0, sy0, sx1, sy1 = t["shown"]
        regions.append((sx0 + bleed - ax, sy0 + bleed - ay, sx1 - bleed - ax, sy1 - bleed - ay))
    uncovered = [(x, y) for x in _steps(bleed, bleed + w) for y in _steps(bleed, bleed + h)
                 if not any(r[0] - TOL <= x <= r[2] + TOL and r[1] - TOL <= y <= r[3] + TOL for r in regions)]
    assert not uncovered, f"board points on no tile (mm from the art's corner): {uncovered[:5]}"
    return tiles


def _steps(lo: float, hi: float, step: float = 2.0) -> list[float]:
    n = int((hi - lo) / step)
    return [lo + k * step for k in range(n + 1)] + [hi]


def with_colour(copies, colour: str) -> list[dict]:
    return [c for c in copies if colour.upper() in c["fills"]]


GOOD_NAMES = {"grain": "Grain", "fruit": "Fruit", "copper": "Copper", "carpets": "Carpets", "camels": "Camels",
              "jewels": "Jewels"}        # data/samarkand/lang/en.yaml goods.*


def test_samarkand_pieces(shared_builds, kit_pieces):
    parts, copies, bleed = _kit(shared_builds, kit_pieces, "samarkand")
    sizes = data("samarkand", "components.yaml")
    game = data("samarkand", "game.yaml")
    en = data("samarkand", "lang/en.yaml")
    cards = parts["cards"]
    for good, n in cards["by_type"].items():            # a card front names its good at both ends
        assert placed(copies, rf"{GOOD_NAMES[good]}\n{GOOD_NAMES[good]}") == n, good
    assert placed(copies, r"Samarkand\nCommodity\nSamarkand\nCommodity") == cards["count"] == 102   # backs
    notes = parts["banknotes"]
    for value, n in notes["by_type"].items():        # the value, the game, the value in words
        words = r"\s".join(map(re.escape, en["banknote_words"][value].split()))
        assert placed(copies, rf"{value}\nSAMARKAND\n{words}") == n, f"{value} Piaster notes"
    assert sum(notes["by_type"].values()) == notes["count"] == 60
    tokens = [c for c in copies if c["text"] in (*GOOD_NAMES.values(), "Assortment")]
    assert len(tokens) == parts["market-tokens"]["count"] == 8
    assert {c["size"] for c in tokens} == {square(sizes["market_token"]["size_mm"], bleed)}
    assert placed(copies, r"−1\nChip") == parts["market-chips"]["count"] == 2
    pawns = [c for c in copies if c["text"] == "Merchant\nMerchant"]
    assert len(pawns) == parts["pawns"]["count"] == 5
    for pawn in game["pawns"]:                          # one standee of each pawn colour
        assert len(with_colour(pawns, pawn["colour"])) == 1, pawn["id"]
    assert placed(copies, r"Price table · Piaster.*") == parts["price-tables"]["count"] == 5
    assert placed(copies, r"Samarkand · your turn.*") == parts["aids"]["count"] == 5    # one per player
    # The die: one cube net, its "back" face printed with the die_back text, six faces of
    # die.face_mm in a net four faces long and three wide (glue tabs beyond).
    dice = [c for c in copies if c["text"] == en["die_back"]]
    assert len(dice) == parts["die"]["count"] == 1 and len(game["die"]["faces"]) == 6
    face = sizes["die"]["face_mm"]
    assert dice[0]["size"][0] >= 3 * face and dice[0]["size"][1] >= 4 * face
    space, band = sizes["board"]["space_mm"], sizes["board"]["field_band_mm"]
    # 4 x 5 spaces (data/samarkand/DESIGN.md) inside the band of trading fields
    board_tiles(copies, parts["board"], (5 * space + 2 * band, 4 * space + 2 * band), bleed)


def test_caravan_pieces(shared_builds, kit_pieces):
    parts, copies, bleed = _kit(shared_builds, kit_pieces, "caravan")
    sizes = data("caravan", "components.yaml")
    game = data("caravan", "game.yaml")
    goods, spares = parts["goods"]["by_type"], parts["goods-spares"]["by_type"]
    for good, n in goods.items():       # a good's disc shows its two-letter mark; spares are the same disc
        mark = good[:1].upper() + good[1:2]
        assert placed(copies, mark) == n + spares[good], good
        assert {c["size"] for c in copies if c["text"] == mark} == {square(sizes["goods_token"]["size_mm"], bleed)}
    assert sum(goods.values()) == parts["goods"]["count"] == 48
    demand = [c for c in copies if c["text"] == "1"]
    assert len(demand) == parts["demand-markers"]["count"] == game["components"]["demand_markers"] == 44
    assert {c["size"] for c in demand} == {square(sizes["demand_marker"]["size_mm"], bleed)}
    # Camels (24 mm) and theft markers (17 mm) are colour only, no text: told apart by size,
    # each counted per player colour.
    blank = [c for c in copies if c["text"] == ""]
    camels = [c for c in blank if c["size"] == square(sizes["camel"]["size_mm"], bleed)]
    thefts = [c for c in blank if c["size"] == square(sizes["theft_marker"]["size_mm"], bleed)]
    assert len(camels) + len(thefts) == len(blank), "a blank piece of another size"
    assert len(camels) == parts["camels"]["count"] == 24
    assert len(thefts) == parts["theft-markers"]["count"] == game["components"]["theft_markers"] == 4
    by_colour = parts["camels"]["by_type"]
    for player in game["player_colours"]:
        assert len(with_colour(camels, player["colour"])) == by_colour[player["id"]] \
            == game["components"]["camels_per_colour"], f"{player['id']} camels"
        assert len(with_colour(thefts, player["colour"])) == 1, f"{player['id']} theft marker"
    boards = [c for c in copies if c["text"].startswith("Actions per turn")]
    assert len(boards) == parts["player-boards"]["count"] == game["components"]["player_boards"] == 4
    assert {c["size"] for c in boards} == {tuple(sorted(v + 2 * bleed for v in sizes["player_board"]["size_mm"]))}
    assert "aids" not in parts and not placed(copies, r"Caravan · your turn.*")   # the player board is the aid
    cell, border = sizes["board"]["cell_mm"], sizes["board"]["border_mm"]
    side = 7 * cell + 2 * border         # the 7 x 7 grid (README) and its border band
    board_tiles(copies, parts["board"], (side, side), bleed)


def test_chessboard_pieces(shared_builds, kit_pieces):
    parts, copies, bleed = _kit(shared_builds, kit_pieces, "caravan-chessboard")
    sizes = data("caravan-chessboard", "components.yaml")
    game = data("caravan-chessboard", "game.yaml")
    cards = parts["cards"]
    for kind, n in cards["by_type"].items():
        word, _, length = kind.partition("-")
        if length:                      # move-2: the badge's 2, "Move2 2" and its rule
            pattern = rf"{length}\n{word.capitalize()}{length} {length}\n.*"
        else:                           # a good or the soldiers: its name, then its rule
            pattern = rf"{word.capitalize()}\n.*"
        assert placed(copies, pattern) == n, kind
    assert placed(copies, r"CARAVAN\non a chessboard\nCARAVAN\non a chessboard") == cards["count"] == 75   # backs
    coins = parts["coins"]
    en = data("caravan-chessboard", "lang/en.yaml")
    for value, n in coins["by_type"].items():        # the value, the value in words (no game name)
        assert placed(copies, rf"{value}\n{en['coin_words'][value]}") == n, f"{value} gold coins"
    coin_sizes = {c["size"] for c in copies if re.fullmatch(r"\d+\n(" + "|".join(en["coin_words"].values()) + ")", c["text"])}
    assert coin_sizes == {square(sizes["coin"]["size_mm"], bleed)}
    assert sum(coins["by_type"].values()) == coins["count"] == 43
    assert placed(copies, "Oasis") == parts["oasis-markers"]["count"] == 6
    assert placed(copies, "Quicksand") == parts["quicksand-markers"]["count"] == 6
    assert {c["size"] for c in copies if c["text"] in ("Oasis", "Quicksand")} == {square(sizes["marker"]["size_mm"], bleed)}
    assert placed(copies, r"Caravan\nCaravan") == parts["caravans"]["count"] == 4
    assert placed(copies, r"(Bandits|Sandstorm)\n(Bandits|Sandstorm)") == parts["desert-pawns"]["count"] == 2
    # the player aids: duplex cards of the deck's size, the front with the phases' heading
    aids = [c for c in copies if re.fullmatch(r"CARAVAN · your turn.*", c["text"], re.S)]
    fronts = [c for c in aids if "Five phases" in c["text"]]
    assert len(fronts) == len(aids) - len(fronts) == parts["aids"]["count"] == 4
    card = tuple(sorted(round(v + 2 * bleed, 1) for v in (63.5, 88.9)))
    assert {c["size"] for c in aids} == {card}
    # The d8 net: one piece printing the numbers 1 to die.faces, each once.
    faces = game["die"]["faces"]
    dice = [c for c in copies if Counter(c["text"].split("\n")) == Counter(str(k) for k in range(1, faces + 1))]
    assert len(dice) == parts["die"]["count"] == 1
    square_mm, band = sizes["board"]["square_mm"], sizes["board"]["band_mm"]
    side = 8 * square_mm + 2 * band      # the 8 x 8 chessboard and its frame band (components.yaml: 348 mm)
    board_tiles(copies, parts["board"], (side, side), bleed)
