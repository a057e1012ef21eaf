"""Rules sheets (pnp.kit.rulebook): paper sizes, fonts, language, numbers from data, errors."""

from __future__ import annotations

import io
import re
import shutil

import pytest
from pypdf import PdfReader

from pnp.model.catalog import data_dir
from pnp.errors import DataError, FontError, UsageError, VariantError
from pnp.model import load_game
from helpers import PAPER_PT, rules_sheet
from pnp.kit.rulebook import render_rules_markdown, render_rules_pdf, rules_context

MM = 72.0 / 25.4
OUR_FONTS = {"Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black", "Caladea-Bold"}


@pytest.fixture(scope="module")
def game():
    return load_game("samarkand", data_dir())


_cache: dict = {}


def render(game, players: int, lang: str, paper: str) -> tuple[int, bytes]:
    key = (id(game), players, lang, paper)
    if key not in _cache:
        _cache[key] = rules_sheet(game, players, lang, paper)
    return _cache[key]


def text_of(pdf: bytes) -> str:
    """Extracted text with hyphenated line breaks joined and spaces normalised."""
    raw = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    raw = raw.replace("\u00a0", " ")
    raw = re.sub(r"(\w)-\n(\w)", r"\1\2", raw)
    return re.sub(r"[ \t]*\n[ \t]*", " ", raw)


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_and_fonts(game, lang, paper):
    pages, pdf = render(game, 2, lang, paper)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == pages >= 1
    w_pt, h_pt = PAPER_PT[paper]
    for page in reader.pages:
        box = page.mediabox
        assert float(box.left) == 0 and float(box.bottom) == 0
        assert abs(float(box.width) - w_pt) <= 0.01 and abs(float(box.height) - h_pt) <= 0.01
        fonts = page["/Resources"]["/Font"]
        assert fonts
        for f in fonts.values():
            f = f.get_object()
            prefix, _, name = str(f["/BaseFont"]).lstrip("/").partition("+")
            assert re.fullmatch(r"[A-Z]{6}", prefix), f["/BaseFont"]  # subset
            assert name in OUR_FONTS, f["/BaseFont"]
            assert "/FontFile2" in f["/FontDescriptor"].get_object()  # embedded TrueType


def test_metadata(game):
    _, pdf = render(game, 2, "da", "a4")
    meta = PdfReader(io.BytesIO(pdf)).metadata
    assert meta.title == "Samarkand – Regler"   # Danish: the spaced en dash (typography.title_dash)
    for part in ("samarkand", "players=2", "lang=da"):
        assert part in meta["/Keywords"]
    assert "2" in meta.subject and "da" in meta.subject
    _, pdf = render(game, 2, "en", "a4")
    assert PdfReader(io.BytesIO(pdf)).metadata.title == "Samarkand — Rules"


def test_danish_text_extractable_and_no_english(game):
    _, pdf = render(game, 2, "da", "letter")
    text = text_of(pdf)
    for word in ("Tæpper", "købmand", "Forberedelse", "nomadelejr", "handelsfelt", "Præciseringer",
                 "Når bunken slipper op", "markedsbrik", "pristavle", "Spillets slutning", "Kameler"):
        assert word.lower() in text.lower(), word
    assert all(c in text for c in "æøå")
    english = [" the ", " and ", " of ", "Nomad camp", "Grain", "Camels", "Jewels", "Carpets", "players",
               "Piaster", "Setup", "Example", "card", "Clarifications", "trading field", "Oasis", "market",
               "Price table", " you ", "City"]
    left = [w for w in english if w in text]
    assert not left, left


def test_english_sheet_has_english(game):
    text = text_of(render(game, 2, "en", "a4")[1])
    for phrase in ("Nomad camps", "Oases", "Cities and markets", "Market chips", "When the deck runs out",
                   "Clarifications", "Assortment"):
        assert phrase in text, phrase


def test_two_player_deck(game):
    text = text_of(render(game, 2, "en", "a4")[1])
    assert "Rules for 2 players: 72 commodity cards" in text
    assert "17 Grain, 15 Fruit, 13 Copper, 11 Carpets, 9 Camels, 7 Jewels" in text
    da = text_of(render(game, 2, "da", "a4")[1])
    assert "72 varekort til 2 spillere: 17 med korn, 15 med frugt, 13 med kobber, 11 med tæpper, 9 med kameler, 7 med juveler" in da
    ctx = rules_context(game, 5, "en")
    assert ctx["deck_total"] == 102 and [v["total"] for v in ctx["variants"]] == [72, 84, 96, 102]


def test_numbers_come_from_data(game, tmp_path):
    root = tmp_path / "data"
    shutil.copytree(data_dir(), root)

    def edit(path, old, new):
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")

    edit(root / "samarkand" / "game.yaml", "start_money: 200", "start_money: 250")
    edit(root / "samarkand" / "game.yaml", "2: 5}", "2: 4}")
    edit(root / "samarkand" / "prices.yaml", "200, 260, 320]", "200, 260, 333]")
    edit(root / "samarkand" / "prices.yaml", "grain:   [2,  5, 10, 20,  40,", "grain:   [2,  5, 10, 20,  45,")
    changed = load_game("samarkand", root)

    before = text_of(render(game, 2, "en", "a4")[1])
    after = text_of(render(changed, 2, "en", "a4")[1])
    assert "200 Piaster each" in before and "250 Piaster each" in after and "200 Piaster each" not in after
    assert "hold 500 Piaster wins" in after
    assert "takes a pawn, a price table and 250 Piaster" in after
    assert "320" in before and "333" in after and "320" not in after
    assert "72 commodity cards" in before and "78 commodity cards" in after and "72" not in after
    assert "18 Grain, 16 Fruit, 14 Copper, 12 Carpets, 10 Camels, 8 Jewels" in after
    # the price example and the chip example look the new grain price up
    assert "5 grain brings 40 Piaster" in before and "5 grain brings 45 Piaster" in after
    assert "20 instead of 45 Piaster" in after
    da = text_of(render(changed, 2, "da", "a4")[1])
    assert "250 piaster" in da and "333" in da and "78 varekort" in da


def test_writes_file_and_no_partial_file(game, tmp_path):
    out = tmp_path / "rules.pdf"
    assert render_rules_pdf(game, 4, "en", "a4", out) >= 1
    assert out.read_bytes().startswith(b"%PDF")
    bad = tmp_path / "bad.pdf"
    with pytest.raises(UsageError, match="--paper"):
        render_rules_pdf(game, 4, "en", "a5", bad)
    with pytest.raises(UsageError, match="--lang"):
        render_rules_pdf(game, 4, "fr", "a4", bad)
    with pytest.raises(VariantError):
        render_rules_pdf(game, 6, "en", "a4", bad)
    assert not bad.exists()
    assert list(tmp_path.iterdir()) == [out]


@pytest.fixture()
def data_copy(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(data_dir(), root)
    return root


def test_template_error_names_template(data_copy):
    template = data_copy / "samarkand" / "rules" / "en.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + "\n{{ r.no_such_rule }}\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        render_rules_markdown(load_game("samarkand", data_copy), 2, "en")
    assert "en.md.j2" in str(info.value) and "no_such_rule" in str(info.value)

    template.write_text("# {{ title \n", encoding="utf-8")
    with pytest.raises(DataError, match=r"en\.md\.j2.*line 1"):
        render_rules_markdown(load_game("samarkand", data_copy), 2, "en")


def test_missing_glyph_is_font_error(data_copy):
    lang = data_copy / "samarkand" / "lang" / "da.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace("Tæpper", "Tæpper \u2603"), encoding="utf-8")
    # blamed on the text's own file and key, not on the template line that printed it
    with pytest.raises(FontError, match=r"lang/da\.yaml: goods\.carpets: .*U\+2603"):
        render_rules_markdown(load_game("samarkand", data_copy), 2, "da")
