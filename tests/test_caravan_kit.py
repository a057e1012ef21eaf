"""Whole Caravan kits: page sizes, fonts, text in the right language, manifest counts against
the model, the short game's goods, determinism and bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.model.catalog import data_dir
from pnp.cli import main
from pnp.components.fonts import fonts
from pnp.model.i18n import Strings
from pnp.model import load_game
from pnp.model.variant import Variant

from helpers import PAPER_PT, edit, shared_folder

KITS = {   # file name -> build options
    "caravan-4p-en-a4": [],
    "caravan-4p-da-letter": ["--lang", "da", "--paper", "letter"],
    "caravan-2p-short-en-letter": ["--players", "2", "--paper", "letter"],
    "caravan-2p-short-da-a4": ["--players", "2", "--lang", "da"],
}
# Words that must not appear in the other language's kit (component names, rules words).
ENGLISH = ["Meat", "Swords", "Hides", "Ivory", "Cloth", "Gems", "Paper", "camel", "Camels", "Board", "Player board",
           "Demand", "Theft", "Rules", "Actions", "Delivered", " the ", " and ", "players", "sheet ", "Glue here",
           "caravan "]
DANISH = ["Kød", "Sværd", "Huder", "Elfenben", "Klæde", "Ædelsten", "Papir", "kamel", "Spilleplade", "spillerbræt",
          "Efterspørgsel", "Tyveri", "Regler", "Handlinger", " og ", " spillere", "ark ", "karavane", "æ", "ø", "å"]


def found_words(words, text: str) -> list[str]:
    """The ``words`` in ``text``; a word starts a word there ("ark " is Danish, the end of
    "from mark to mark" is not), a letter such as "æ" counts anywhere."""
    return [w for w in words if re.search((r"(?<!\w)" if len(w.strip()) > 1 else "") + re.escape(w), text)]


@pytest.fixture(scope="module")
def kits(shared_builds, tmp_path_factory) -> Path:
    """The KITS, each built once for the whole test run (tests/conftest.py ``shared_builds``)."""
    return shared_folder(shared_builds, [["caravan", *args] for args in KITS.values()], tmp_path_factory,
                         "caravan-kits")


@pytest.fixture(scope="module")
def game():
    return load_game("caravan", data_dir())


_readers: dict = {}


def kit(kit_dir: Path, name: str):
    """(reader, manifest) of a built kit; readers are kept so that extracted text can be cached."""
    key = (kit_dir, name)
    if key not in _readers:
        _readers[key] = PdfReader(kit_dir / f"{name}.pdf")
    return _readers[key], json.loads((kit_dir / f"{name}.manifest.json").read_text())


_texts: dict = {}


def text_of(reader, pages=None) -> str:
    """Extracted text of ``pages`` (1-based; None: all), cached per PDF (extraction is slow)."""
    numbers = tuple(pages or range(1, len(reader.pages) + 1))
    key = (id(reader), numbers)
    if key not in _texts:
        _texts[key] = "\n".join(reader.pages[p - 1].extract_text() for p in numbers)
    return _texts[key]


def component(manifest, component_id):
    return next(c for c in manifest["components"] if c["id"] == component_id)


@pytest.mark.parametrize("name", list(KITS))
def test_every_page_is_the_paper(kits, name):
    reader, manifest = kit(kits, name)
    paper = manifest["paper"]
    assert manifest["pages"] == len(reader.pages)
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - PAPER_PT[paper][0]) < 0.01
        assert abs(float(page.mediabox.height) - PAPER_PT[paper][1]) < 0.01


@pytest.mark.parametrize("name", ["caravan-4p-en-a4", "caravan-2p-short-da-a4"])
def test_fonts_embedded_subset_and_ours(kits, name):
    reader, _ = kit(kits, name)
    ours = {f.file.stem for f in fonts().values()}
    seen = set()
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        font_dicts = list((resources.get("/Font") or {}).values())
        for xobj in (resources.get("/XObject") or {}).values():
            font_dicts += list(((xobj.get_object().get("/Resources") or {}).get("/Font") or {}).values())
        for f in font_dicts:
            f = f.get_object()
            base = str(f["/BaseFont"])
            descendants = f.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else f).get("/FontDescriptor")
            desc = desc.get_object() if desc else None
            assert desc and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), f"{base} not embedded"
            assert re.fullmatch(r"/[A-Z]{6}\+.+", base), f"{base} is not a subset"
            assert base.split("+", 1)[1] in ours, base
            seen.add(base)
    assert seen


def test_manifest_counts_equal_the_model(kits, game):
    _, full = kit(kits, "caravan-4p-en-a4")
    _, short = kit(kits, "caravan-2p-short-en-letter")
    assert (full["variant"], short["variant"]) == ("4p", "2p-short")
    goods_full, goods_short = component(full, "goods"), component(short, "goods")
    assert goods_full["by_type"] == {g.id: (9 if g.kind == "common" else 3) for g in game.goods}
    assert goods_short["by_type"] == {g.id: (6 if g.kind == "common" else 2) for g in game.goods}
    assert goods_full["by_type"] == game.goods_counts(Variant(4))
    assert goods_short["by_type"] == game.goods_counts(Variant(2, "short"))
    assert goods_full["count"] == 48 and goods_short["count"] == 32
    for manifest in (full, short):
        # what the players use: the camels, player board and theft marker of N colours
        counts = {c["id"]: c["count"] for c in manifest["components"]}
        players = manifest["players"]
        colours = [c.id for c in game.player_colours][:players]
        assert counts["camels"] == players * game.components.camels_per_colour
        assert component(manifest, "camels")["by_type"] == {c: 6 for c in colours}
        assert counts["player-boards"] == players
        assert counts["demand-markers"] == game.components.demand_markers == 44
        assert counts["theft-markers"] == players
        assert counts["goods-spares"] == len(game.goods)
        assert counts["board"] == 1 and len(component(manifest, "board")["pages"]) == 4
        for c in manifest["components"]:
            assert c["pages"] and all(1 <= p <= manifest["pages"] for p in c["pages"]), c["id"]
    assert component(full, "camels")["count"] == game.camels_total == 24


@pytest.mark.parametrize("players, lang", [(4, "en"), (2, "da")])
def test_goods_sheets_print_the_bag_and_the_spares(tmp_path, game, players, lang):
    """Count the tokens the goods pages print, by the letters each token carries once.

    In the whole kit the goods share the board tiles (whose cities carry the letters too), so
    the goods and spares are printed alone here (``only``), on sheets of their own."""
    from pnp.kit.build import KitRequest, build_kit

    result = build_kit(KitRequest("caravan", players, lang, out_dir=tmp_path, check=False,
                                  only=("goods", "goods-spares")))
    reader, manifest = PdfReader(result.pdf), result.manifest_data
    strings = Strings(data_dir(), "caravan", lang)
    pages = sorted(set(component(manifest, "goods")["pages"]) | set(component(manifest, "goods-spares")["pages"]))
    text = text_of(reader, pages)
    goods = component(manifest, "goods")["by_type"]
    spares = component(manifest, "goods-spares")["by_type"]
    assert sum(goods.values()) == (48 if players == 4 else 32)
    for g in game.goods:
        assert len(re.findall(re.escape(strings(f"letters.{g.id}")), text)) == goods[g.id] + spares[g.id], g.id


def test_danish_kit_has_danish_text_and_no_english(kits):
    for name in ("caravan-4p-da-letter", "caravan-2p-short-da-a4"):
        reader, _ = kit(kits, name)
        text = text_of(reader)
        for word in ("Efterspørgselsmarkører", "Tyverimarkører", "Spillerbrætter", "karavane", "Kød", "Ædelsten",
                     "Spilleplade", "Regler"):
            assert word in text, word
        left = found_words(ENGLISH, text)
        assert not left, f"English in {name}: {left}"


def test_english_kit_has_no_danish(kits):
    for name in ("caravan-4p-en-a4", "caravan-2p-short-en-letter"):
        reader, _ = kit(kits, name)
        text = text_of(reader)
        assert "Demand markers" in text and "Theft markers" in text
        left = found_words(DANISH, text)
        assert not left, f"Danish in {name}: {left}"


def test_contents_page_names_the_bag_substitute_and_the_variant(kits):
    reader, manifest = kit(kits, "caravan-2p-short-da-a4")
    contents = reader.pages[0].extract_text()
    assert "pose, et krus eller en skål" in contents
    assert "det korte spil" in contents
    rules = text_of(reader, component(manifest, "rules")["pages"])
    assert "32 varer i posen" in rules


@pytest.mark.parametrize("args, needle", [
    (["--players", "5"], "--players"),
    (["--variant", "tiny"], "--variant: "),
    (["--lang", "fr"], "--lang"),
])
def test_bad_options_fail_with_one_line_and_write_nothing(tmp_path, capsys, args, needle):
    out = tmp_path / "out"
    assert main(["build", "caravan", "--out", str(out), "--no-check", *args]) != 0
    err = capsys.readouterr().err.strip()
    assert needle in err and "\n" not in err
    assert not out.exists() or not any(out.iterdir())


def test_missing_text_names_the_language_file(data_copy, tmp_path, capsys):
    edit(data_copy / "caravan" / "lang" / "da.yaml", "  theft_markers: Tyverimarkører\n", "")
    out = tmp_path / "out"
    assert main(["--data-dir", str(data_copy), "build", "caravan", "--lang", "da", "--out", str(out), "--no-check"]) != 0
    err = capsys.readouterr().err
    assert "da.yaml" in err and "components.theft_markers" in err
    assert not out.exists() or not any(out.iterdir())


def test_changing_data_changes_components_and_rules(data_copy, tmp_path):
    edit(data_copy / "caravan" / "game.yaml", "camel_occupied: 2 ", "camel_occupied: 3 ")
    edit(data_copy / "caravan" / "game.yaml", "demand_markers: 44", "demand_markers: 46")
    assert main(["--data-dir", str(data_copy), "build", "caravan", "--out", str(tmp_path), "--no-check"]) == 0
    reader, manifest = kit(tmp_path, "caravan-4p-en-a4")
    assert component(manifest, "demand-markers")["count"] == 46
    boards = text_of(reader, component(manifest, "player-boards")["pages"])
    assert re.search(r"onto a space that already has camels\s*3", boards)
    # a word hyphenated at a line end is read whole
    rules = re.sub(r"\s+", " ", re.sub(r"-\n", "", text_of(reader, component(manifest, "rules")["pages"])))
    assert "46 demand markers" in rules and "3 actions if it already holds" in rules


def _text_runs(page) -> list[tuple[str, float, float, float]]:
    """(text, x mm, baseline y mm from the top, size mm) of every text run on ``page``.

    pypdf reports the matrices of text inside a form XObject (a face placed on the sheet) in
    the form's own space, so the placing matrices in force at each ``Do`` are composed here."""
    from pdfgeom import multiply

    runs = []
    outer = [(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)]      # form space -> page space, per open form
    entering = []      # the form a Do opens; it applies from the form's first operator on (text
                       # pending before the Do is reported at the Do, in the caller's space)

    def before(op, _operands, cm, _tm):
        if entering:
            outer.append(entering.pop())
        if op == b"Do":
            entering.append(multiply(tuple(float(v) for v in cm), outer[-1]))

    def after(op, _operands, _cm, _tm):
        if op == b"Do":
            if entering:       # an empty form (or an image): nothing was opened
                entering.pop()
            else:
                outer.pop()

    def visit(text, cm, tm, _font, font_size):
        if text.strip():
            m = multiply(tuple(float(v) for v in cm), outer[-1])
            x, y = tm[4] * m[0] + tm[5] * m[2] + m[4], tm[4] * m[1] + tm[5] * m[3] + m[5]
            height = float(page.mediabox.top)
            runs.append((text.strip(), x * 25.4 / 72, (height - y) * 25.4 / 72,
                         abs(font_size * tm[0] * m[0]) * 25.4 / 72))

    page.extract_text(visitor_text=visit, visitor_operand_before=before, visitor_operand_after=after)
    return runs


@pytest.mark.parametrize("name, lang", [("caravan-4p-en-a4", "en"), ("caravan-4p-da-letter", "da")])
def test_player_board_penalty_header_keeps_air_in_its_bar(kits, name, lang):
    """The penalty panel's title is set at the size of its neighbour's title (not shrunk) and
    leaves at least 3 mm of its header bar free to the right (it once filled the bar)."""
    from pnp.components.fonts import text_width

    from pdfgeom import paints

    reader, manifest = kit(kits, name)
    strings = Strings(data_dir(), "caravan", lang)
    title, neighbour = strings("penalty_title"), strings("points_title")
    page = reader.pages[component(manifest, "player-boards")["pages"][0] - 1]
    runs = _text_runs(page)
    heads = [r for r in runs if r[0] == title]
    sizes = {round(r[3], 2) for r in runs if r[0] in (title, neighbour)}
    assert heads and len(sizes) == 1, (title, sizes)
    fills = [p for p in paints(page) if p.op in ("fill", "both")]
    for _, x, y, size in heads:
        bar = min((p for p in fills if p.box[0] <= x <= p.box[2] and p.box[1] <= y <= p.box[3]),
                  key=lambda p: p.size[0] * p.size[1])
        air = bar.box[2] - (x + text_width(title, "bold", size))
        assert air >= 3.0, f"{title!r} leaves {air:.1f} mm of its bar"


@pytest.mark.parametrize("lang", ["en", "da"])
def test_goods_deck_lists_its_own_supplies_and_no_spares_as_fact(tmp_path, lang):
    """`pnp deck caravan` prints goods tokens, not cards: the contents page lists Caravan's own
    `supplies_deck` (no card sleeves), and the rules do not claim spares that were not printed."""
    assert main(["deck", "caravan", "--players", "2", "--lang", lang, "--no-check", "--out", str(tmp_path)]) == 0
    name = f"caravan-2p-short-{lang}-a4-deck"
    reader, manifest = kit(tmp_path, name)
    assert [c["id"] for c in manifest["components"]] == ["contents", "rules", "goods"]
    contents = re.sub(r"\s+", " ", text_of(reader, [1]))
    game_strings = Strings(data_dir(), "caravan", lang)
    common = Strings(data_dir(), "samarkand", lang)   # a game without its own `supplies_deck`
    assert game_strings.get("supplies_deck") != common.get("supplies_deck")
    for item in game_strings.get("supplies_deck"):
        assert item in contents, item
    for item in common.get("supplies_deck"):
        if item not in game_strings.get("supplies_deck"):
            assert item not in contents, item
    # a word hyphenated at a line end is read whole
    rules = re.sub(r"\s+", " ", re.sub(r"-\n", "", text_of(reader, component(manifest, "rules")["pages"])))
    spares = {"en": r"The kit's \d+ spare goods are replacements and are not used in play",
              "da": r"Sættets \d+ reservebrikker bruges ikke i spillet"}[lang]
    assert re.search(spares, rules), spares
