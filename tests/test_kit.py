"""Whole kits: page sizes, fonts, text, manifest counts, determinism, data driving output."""

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.model.catalog import data_dir
from pnp.cli import main
from pnp.components.fonts import fonts
from pnp.model import load_game
from pnp.model.i18n import Strings

from helpers import edit, page_size_mm

from helpers import PAPER_PT


def kit(kit_dir: Path, name: str):
    return PdfReader(kit_dir / f"{name}.pdf"), json.loads((kit_dir / f"{name}.manifest.json").read_text())


@pytest.mark.parametrize("name, paper", [("samarkand-5p-en-a4", "a4"), ("samarkand-5p-da-letter", "letter"),
                                         ("samarkand-2p-en-a4", "a4")])
def test_every_page_is_the_paper(kit_dir, name, paper):
    reader, manifest = kit(kit_dir, name)
    assert manifest["pages"] == len(reader.pages)
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert abs(w - PAPER_PT[paper][0]) < 0.01 and abs(h - PAPER_PT[paper][1]) < 0.01
        trim = page.trimbox
        assert (float(trim.width), float(trim.height)) == (float(page.mediabox.width), float(page.mediabox.height))


def _fonts_of(reader):
    found = {}
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        for f in (resources.get("/Font") or {}).values():
            f = f.get_object()
            descendants = f.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else f).get("/FontDescriptor")
            desc = desc.get_object() if desc else None
            embedded = bool(desc and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")))
            found[str(f["/BaseFont"])] = embedded
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            for f in ((xobj.get("/Resources") or {}).get("/Font") or {}).values():
                f = f.get_object()
                found[str(f["/BaseFont"])] = True
    return found


@pytest.mark.parametrize("name", ["samarkand-5p-en-a4", "samarkand-5p-da-letter"])
def test_fonts_embedded_subset_and_ours(kit_dir, name):
    reader, _ = kit(kit_dir, name)
    used = _fonts_of(reader)
    assert used, "no fonts found"
    ours = {f.file.stem for f in fonts().values()}     # e.g. Lato-Regular, Caladea-Bold
    for base, embedded in used.items():
        assert embedded, f"{base} is not embedded"
        assert re.fullmatch(r"/[A-Z]{6}\+.+", base), f"{base} is not a subset"
        stem = base.split("+", 1)[1]
        assert stem in ours, f"{stem} is not a font from fonts/"


def test_manifest_counts_equal_the_data(kit_dir):
    game = load_game("samarkand", data_dir())
    _, five = kit(kit_dir, "samarkand-5p-en-a4")
    _, two = kit(kit_dir, "samarkand-2p-en-a4")
    assert (five["game"], five["players"], five["lang"], five["paper"]) == ("samarkand", 5, "en", "a4")
    assert (five["variant"], five["setup"]) == ("5p", "standard")
    deck5 = next(c for c in five["components"] if c["id"] == "cards")
    deck2 = next(c for c in two["components"] if c["id"] == "cards")
    assert deck5["kind"] == "deck" and deck5["count"] == 102
    assert deck5["by_type"] == {g.id: g.count for g in game.goods}
    assert deck2["count"] == 72
    assert list(deck2["by_type"].values()) == [17, 15, 13, 11, 9, 7]
    counts = {c["id"]: c["count"] for c in five["components"]}
    assert counts["price-tables"] == 5 and counts["pawns"] == 5
    assert counts["market-tokens"] == 8 and counts["market-chips"] == 2 and counts["die"] == 1
    # banknotes sized by simulation for the player count (game.yaml banknotes[].players)
    assert counts["banknotes"] == sum(b.count_for(5) for b in game.banknotes) == 60
    notes = next(c for c in five["components"] if c["id"] == "banknotes")
    assert notes["by_type"] == {str(b.value): b.count_for(5) for b in game.banknotes}
    counts2 = {c["id"]: c["count"] for c in two["components"]}
    assert counts2["price-tables"] == 2 and counts2["pawns"] == 2      # what 2 players use
    assert counts2["banknotes"] == sum(b.count_for(2) for b in game.banknotes) < counts["banknotes"]
    for component in five["components"]:
        assert component["pages"], f"{component['id']} is on no page"
        assert all(1 <= p <= five["pages"] for p in component["pages"])


def test_card_sheets_hold_the_deck(kit_dir, page_texts):
    """Count the card faces the PDF pages actually print, by their extracted names."""
    _, manifest = kit(kit_dir, "samarkand-2p-en-a4")
    texts = page_texts(kit_dir / "samarkand-2p-en-a4.pdf")
    deck = next(c for c in manifest["components"] if c["id"] == "cards")
    fronts = [p for i, p in enumerate(deck["pages"]) if i % 2 == 0]
    text = "".join(texts[p - 1] for p in fronts)
    # Each card prints its name twice (head and foot).
    assert text.count("Grain") == 2 * 17 and text.count("Jewels") == 2 * 7


def test_danish_kit_text(kit_dir, page_texts):
    text = "\n".join(page_texts(kit_dir / "samarkand-5p-da-letter.pdf"))
    for word in ("Tæpper", "Købmand", "Spilleplade", "Pristavle", "ø", "å", "æ"):
        assert word in text, word
    english = ["Grain", "Fruit", "Copper", "Carpets", "Camels", "Jewels", "Commodity", "Price table", "Merchant",
               "Nomad camp", "Oasis", "Board", " the ", " and ", " players", "sheet ", "fronts", "backs", "Cut along"]
    left = [w for w in english if w in text]
    assert not left, f"English left in the Danish kit: {left}"


def test_metadata(kit_dir):
    reader, _ = kit(kit_dir, "samarkand-5p-da-letter")
    info = reader.metadata
    assert "Samarkand" in info.title
    assert info["/Game"] == "samarkand" and info["/Players"] == "5" and info["/Language"] == "da"
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_changing_data_changes_components_and_rules(data_copy, tmp_path):
    edit(data_copy / "samarkand" / "game.yaml", "{id: jewels,  count: 12,", "{id: jewels,  count: 13,")
    edit(data_copy / "samarkand" / "prices.yaml", "jewels:  [8, 20, 35, 70, 120, 200, 260, 320]",
         "jewels:  [8, 20, 35, 70, 120, 345, 390, 420]")
    edit(data_copy / "samarkand" / "game.yaml", "start_money: 200", "start_money: 230")
    assert main(["--data-dir", str(data_copy), "build", "samarkand", "--out", str(tmp_path), "--no-check"]) == 0
    manifest = json.loads((tmp_path / "samarkand-5p-en-a4.manifest.json").read_text())
    deck = next(c for c in manifest["components"] if c["id"] == "cards")
    assert deck["count"] == 103 and deck["by_type"]["jewels"] == 13
    reader = PdfReader(tmp_path / "samarkand-5p-en-a4.pdf")
    tables = next(c for c in manifest["components"] if c["id"] == "price-tables")
    table_text = reader.pages[tables["pages"][0] - 1].extract_text()
    assert "345" in table_text and "390" in table_text
    rules = next(c for c in manifest["components"] if c["id"] == "rules")
    rules_text = "".join(reader.pages[p - 1].extract_text() for p in rules["pages"])
    assert "230" in rules_text and "103" in rules_text


def test_board_in_one_piece_on_larger_paper(tmp_path):
    assert main(["build", "samarkand", "--paper", "letter", "--board-single", "--out", str(tmp_path), "--no-check"]) == 0
    reader = PdfReader(tmp_path / "samarkand-5p-en-letter-board-arch-c.pdf")
    assert len(reader.pages) == 1
    w, h = page_size_mm(reader.pages[0])
    assert abs(w - 457.2) < 0.1 and abs(h - 609.6) < 0.1
    manifest = json.loads((tmp_path / "samarkand-5p-en-letter.manifest.json").read_text())
    assert manifest["board_single"] == {"file": "samarkand-5p-en-letter-board-arch-c.pdf", "paper": "arch-c"}


@pytest.mark.parametrize("name", ["samarkand-5p-en-a4", "samarkand-5p-da-letter"])
def test_whole_file_prints_double_sided_with_backs_behind_fronts(kit_dir, name):
    """Printed duplex as the PDF asks, page 2k is the back of page 2k-1: every card fronts
    sheet is on an odd page with its backs next, and every one-sided sheet has a blank back."""
    reader, manifest = kit(kit_dir, name)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    blanks = set(manifest["blank_pages"])
    pages = {c["id"]: c["pages"] for c in manifest["components"]}
    cards = pages["cards"]
    assert [p % 2 for p in cards] == [1, 0] * (len(cards) // 2)           # front, back, front, back ...
    assert all(b == a + 1 for a, b in zip(cards[::2], cards[1::2]))
    # one-sided sheets on card stock have a printed back (a light tint behind each piece)
    # on the next page; the banknotes' plain-paper sheets a blank back; pieces
    # packed under the cards of the last card sheet have that sheet's backs page behind them
    one_sided = sorted({p for cid, ps in pages.items() if cid not in ("cards", "contents", "rules") for p in ps}
                       - set(cards))
    fronts = [p for p in one_sided if p % 2 == 1]
    assert fronts and all(p + 1 in blanks or p + 1 in one_sided for p in fronts)
    assert all(p - 1 in fronts for p in one_sided if p % 2 == 0)
    # blank: the banknotes' backs, and the back of the reading matter when it ends on a front
    assert {p + 1 for p in pages["banknotes"]} <= blanks <= {p + 1 for p in pages["banknotes"]} | {min(cards) - 1}
    note = Strings(data_dir(), "samarkand", manifest["lang"])("blank_page")
    for p in blanks:                            # blank but for the small note that says so
        assert " ".join(reader.pages[p - 1].extract_text().split()) == note
    assert manifest["pages"] == len(reader.pages) == max(max(cards), max(set(one_sided) | blanks))


def test_two_player_bank_is_sized_by_a_two_player_simulation(kit_dir):
    """The 2-player kit's banknotes are the data's 2-player counts, and 2-player games
    played by the engine need no more of any value than it prints."""
    from pnp.engine.check import full_check
    from pnp.model.variant import Variant

    game = load_game("samarkand", data_dir())
    _, two = kit(kit_dir, "samarkand-2p-en-a4")
    printed = next(c for c in two["components"] if c["id"] == "banknotes")["by_type"]
    sizing = full_check(game, [Variant(2)], games=40, seed=2, workers=1).sizing
    assert sizing["players"] == 2
    for row in sizing["denominations"]:
        assert printed[str(row["value"])] == row["count"] >= row["needed"] > 0, row
