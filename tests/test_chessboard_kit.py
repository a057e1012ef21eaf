"""CARAVAN on a chessboard: whole kits (English A4 and Danish Letter), their rules sheets, bad input.

Kits are built once per module with ``--no-check`` (the engine's check has its own tests).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from helpers import edit, page_size_mm, shared_folder
from pypdf import PdfReader

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.cli import main
from pnp.components.fonts import fonts
from pnp.geometry import PAPERS
from helpers import PAPER_PT, rules_sheet
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.games.caravan_chessboard import kit as chessboard
from pnp.model import load_game
from pnp.kit.rulebook import render_rules_markdown

GAME = "caravan-chessboard"
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
EN, DA = f"{GAME}-4p-en-a4", f"{GAME}-6p-da-letter"
#: The seed's "CARD LIST" (shared/seeds/caravan-chessboard.rules.en.txt), 75 cards.
SEED_DECK = {
    "move-1": 5, "move-2": 10, "move-3": 10, "move-4": 5,
    "bandits-1": 1, "bandits-2": 1, "bandits-3": 1, "bandits-4": 1, "bandits-5": 1,
    "sandstorm-1": 1, "sandstorm-2": 1, "sandstorm-3": 1, "sandstorm-4": 1, "sandstorm-5": 1,
    "soldiers": 5, "metals": 5, "woods": 5, "furs": 5, "tea": 5, "spices": 5, "silk": 5,
}


@pytest.fixture(scope="module")
def kits(shared_builds, tmp_path_factory) -> Path:
    """The default kit and a Danish Letter 6-player kit, each built once for the whole test run."""
    return shared_folder(shared_builds, [[GAME], [GAME, "--lang", "da", "--paper", "letter", "--players", "6"]],
                         tmp_path_factory, "chessboard-kits")


@pytest.fixture(scope="module")
def game():
    return load_game(GAME, DEFAULT_DATA_DIR)


def kit(folder: Path, name: str):
    return PdfReader(folder / f"{name}.pdf"), json.loads((folder / f"{name}.manifest.json").read_text())


def pages_text(reader, pages) -> str:
    return "\n".join(reader.pages[p - 1].extract_text() for p in pages)


def component(manifest, cid):
    return next(c for c in manifest["components"] if c["id"] == cid)


@pytest.mark.parametrize("name, paper", [(EN, "a4"), (DA, "letter")])
def test_every_page_is_the_paper(kits, name, paper):
    reader, manifest = kit(kits, name)
    assert manifest["pages"] == len(reader.pages) >= 30
    for page in reader.pages:
        w, h = page_size_mm(page)
        assert abs(w - PAPER_MM[paper][0]) < 0.1 and abs(h - PAPER_MM[paper][1]) < 0.1


@pytest.mark.parametrize("name", [EN, DA])
def test_fonts_embedded_subset_and_ours(kits, name):
    reader, _ = kit(kits, name)
    ours = {f.file.stem for f in fonts().values()}
    seen = set()
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        font_dicts = [resources.get("/Font") or {}]
        for xobj in (resources.get("/XObject") or {}).values():
            font_dicts.append((xobj.get_object().get("/Resources") or {}).get("/Font") or {})
        for table in font_dicts:
            for f in table.values():
                f = f.get_object()
                base = str(f["/BaseFont"])
                assert re.fullmatch(r"/[A-Z]{6}\+.+", base), f"{base} is not a subset"
                assert base.split("+", 1)[1] in ours, base
                descendants = f.get("/DescendantFonts")
                desc = (descendants[0].get_object() if descendants else f).get("/FontDescriptor")
                if desc is not None:
                    desc = desc.get_object()
                    assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), f"{base} not embedded"
                seen.add(base)
    assert seen


def test_manifest_counts_equal_the_seed_and_the_model(kits, game):
    for name, players in ((EN, 4), (DA, 6)):
        _, manifest = kit(kits, name)
        assert manifest["variant"] == f"{players}p"
        deck = component(manifest, "cards")
        assert deck["kind"] == "deck" and deck["count"] == 75
        assert deck["by_type"] == SEED_DECK == game.deck()
        counts = {c["id"]: c["count"] for c in manifest["components"]}
        assert counts["oasis-markers"] == counts["quicksand-markers"] == 6
        assert counts["caravans"] == players and counts["desert-pawns"] == 2 and counts["die"] == 1
        coins = component(manifest, "coins")
        players = manifest["players"]          # coins sized by simulation for the player count
        assert coins["by_type"] == {str(c.value): c.count_for(players) for c in game.coins}
        assert coins["count"] == sum(c.count_for(players) for c in game.coins)
        for c in manifest["components"]:
            assert c["pages"] and all(1 <= p <= manifest["pages"] for p in c["pages"]), c["id"]


@pytest.mark.parametrize("name, lang", [(EN, "en"), (DA, "da")])
def test_card_sheets_print_every_card(kits, name, lang):
    """Count card titles on the front sheets by their extracted text: goods print their name once."""
    reader, manifest = kit(kits, name)
    strings = Strings(DEFAULT_DATA_DIR, GAME, lang)
    deck = component(manifest, "cards")
    fronts = deck["pages"][0::2]
    backs = deck["pages"][1::2]
    text = pages_text(reader, fronts)
    for good in ("metals", "woods", "furs", "tea", "spices", "silk"):
        assert len(re.findall(rf"\b{strings(f'cards.{good}')}\b", text)) == SEED_DECK[good], good
    # every back shows the game's title and the deck's name, once per card
    back_text = pages_text(reader, backs)
    # the title twice on each back (it reads the same after a half turn), once in each sheet's
    # footer, and once on the back of each player aid card (its title, "CARAVAN · your turn")
    aids = component(manifest, "aids")
    assert set(aids["pages"]) <= set(deck["pages"])
    assert back_text.count(strings("title")) == 2 * 75 + len(backs) + aids["count"]


def test_contents_page_names_the_die_and_supplies(kits):
    reader, _ = kit(kits, EN)
    first = reader.pages[0].extract_text()
    assert "Eight-sided die (d8)" in first and "any eight-sided die (d8)" in first
    reader, _ = kit(kits, DA)
    first = reader.pages[0].extract_text()
    assert "Ottesidet terning (d8)" in first and "almindelig ottesidet terning" in first


def test_danish_kit_has_no_english(kits, page_texts):
    text = "\n".join(page_texts(kits / f"{DA}.pdf"))
    # The title is a name and stays CARAVAN (glossary.da.yaml), as "Caravan" does.
    for word in ("CARAVAN på et skakbræt", "Præciseringer", "Røverne", "Kviksand", "Karavanebrikker", "Guldmønter", "Spilleplade", "æ", "ø", "å"):
        assert word in text, word
    english = ["Move", "Bandits", "Soldiers", "Metals", "Woods", "Furs", "Spices", "Silk", "Oasis", "Quicksand",
               "Caravan", "Europe", "Middle East", "Gold", "Board", "Cards", "square", "Clarifications",
               " the ", " and ", "players", "sheet ", "fronts", "backs", "Cut along", "Rules", "Load in"]
    left = [w for w in english if re.search(rf"(?<![\wæøå]){w}(?![\wæøå])" if w.strip() == w else re.escape(w), text)]
    assert not left, f"English left in the Danish kit: {left}"


@pytest.mark.parametrize("lang, heading, needles", [
    ("en", "## Clarifications", ["its three steps are not alternatives", "Caravan cards and gold are never traded",
                                 "chooses which loss to take"]),
    ("da", "## Præciseringer", ["de tre trin er ikke alternativer", "Lastens kort og guld byttes aldrig",
                              "vælger selv sit tab"]),
])
def test_rules_print_the_engine_decisions(game, lang, heading, needles):
    text = render_rules_markdown(game, game.variant(4), lang)
    assert heading in text
    clarifications = text.split(heading, 1)[1]
    for needle in needles:       # the three rules players misread: draw phase, trades, banditry choice
        assert needle in clarifications, needle
    assert len(re.findall(r"^- \*\*", clarifications, flags=re.M)) == 11


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "da"])
def test_rules_sheet_pages_and_text(game, lang, paper):
    pages, pdf = rules_sheet(game, game.variant(4), lang, paper)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == pages <= 3  # rules only: the player aids are pieces of their own
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - PAPER_PT[paper][0]) < 0.01
        assert abs(float(page.mediabox.height) - PAPER_PT[paper][1]) < 0.01
    text = " ".join(p.extract_text() for p in reader.pages).replace("\u00a0", " ")
    assert ("Clarifications" if lang == "en" else "Præciseringer") in text
    assert "50" in text and "75" in text


def test_rules_and_components_follow_the_data(data_copy):
    """Rule numbers and coin counts come from game.yaml, not from the templates."""
    path = data_copy / GAME / "game.yaml"
    edit(path, "target_gold: 50", "target_gold: 60")
    edit(path, "hand_limit: 7 ", "hand_limit: 8 ")
    edit(path, "sale_values: [1, 3, 5, 7, 9]", "sale_values: [1, 4, 6, 8, 11]")
    text = path.read_text(encoding="utf-8")
    tens = int(re.search(r"\{value: 10, +count: \d+, players: \{.*\b4: (\d+)", text).group(1))
    path.write_text(re.sub(r"(\{value: 10, +count: \d+, players: \{.*\b4: )\d+", rf"\g<1>{tens + 3}", text),
                    encoding="utf-8")
    game = load_game(GAME, data_copy)
    # the worked sale: a full caravan (caravan_limit cards), one a soldier, the goods spread over
    # three kinds, largest pile first, each pile paid at the edited sale values
    limit = int(re.search(r"caravan_limit: (\d+)", text).group(1))
    values, room = [1, 4, 6, 8, 11], limit - 1
    piles = [room // 3 + (1 if i < room % 3 else 0) for i in range(min(3, room))]
    sale = " + ".join(str(values[n - 1]) for n in piles) + f" = {sum(values[n - 1] for n in piles)}"
    for lang, gold in (("en", "Gold"), ("da", "Guld")):
        text = render_rules_markdown(game, game.variant(4), lang)
        assert "**60 " in text and "**8 " in text
        assert f"| {gold} | 1 | 4 | 6 | 8 | 11 |" in text
        assert sale in text                       # the example's sale is recomputed
    strings = Strings(data_copy, GAME, "en")
    runs = chessboard.ChessboardKit().components(game, strings, game.variant(4), PrintSettings(PAPERS["a4"]), lambda c: (lambda *a: c))
    coins = next(r for r in runs if r.id == "coins")
    assert coins.by_type["10"] == tens + 3


def run(capsys, *args):
    code = main(list(args))
    return code, capsys.readouterr().err


@pytest.mark.parametrize("args, needles", [
    (["--players", "9"], ["--players", "not 9"]),
    (["--lang", "fr"], ["--lang", "fr"]),
])
def test_bad_options_one_line_and_nothing_written(capsys, tmp_path, args, needles):
    out = tmp_path / "out"
    code, err = run(capsys, "build", GAME, "--no-check", "--out", str(out), *args)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code != 0 and len(lines) == 1 and "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    assert not out.exists() or not any(out.iterdir())


def test_missing_card_text_names_file_and_key(capsys, data_copy, tmp_path):
    edit(data_copy / GAME / "lang" / "da.yaml", '  silk: Silke\n', "")
    out = tmp_path / "out"
    code, err = run(capsys, "--data-dir", str(data_copy), "build", GAME, "--lang", "da", "--no-check", "--out", str(out))
    lines = [line for line in err.splitlines() if line.strip()]
    assert code != 0 and len(lines) == 1
    assert "lang/da.yaml" in lines[0] and "cards.silk" in lines[0], lines[0]
    assert not out.exists() or not any(out.iterdir())


def test_sheets_name_the_whole_game_and_every_component_on_them(tmp_path):
    """Loose sheets of this kit and of Caravan must not be confused: footers carry the full
    name; the cut-out sheet names the desert pawns it holds too."""
    from pnp.kit.build import KitRequest, build_kit

    result = build_kit(KitRequest("caravan-chessboard", 2, out_dir=tmp_path, check=False, only=("standee",)))
    reader = PdfReader(result.pdf)
    assert reader.pages[0].extract_text().startswith("CARAVAN on a chessboard")
    cutouts = next(c for c in result.manifest_data["components"] if c["id"] == "caravans")["pages"][0]
    footer = " ".join(reader.pages[cutouts - 1].extract_text().split())
    assert "CARAVAN on a chessboard · Caravan pawns · Bandits and Sandstorm pawns" in footer
