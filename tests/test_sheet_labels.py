"""What a printed sheet says about itself : assembly notes beside
their pieces, footers that name every component on a shared sheet and number the sheets
in page order, and one ink figure on the contents page, the manifest and the screen.

Read from the built kits' text (pypdf) and manifests; the kits are the ones other tests
build (tests/conftest.py ``shared_builds``), so nothing is built twice.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pnp.model.catalog import data_dir
from pnp.model.i18n import Strings

# (game, build arguments, file stem): the default kits and the Danish Letter ones other tests build
KITS = [
    ("samarkand", ["samarkand"], "samarkand-5p-en-a4"),
    ("samarkand", ["samarkand", "--lang", "da", "--paper", "letter"], "samarkand-5p-da-letter"),
    ("samarkand", ["samarkand", "--players", "2"], "samarkand-2p-en-a4"),
    ("caravan", ["caravan"], "caravan-4p-en-a4"),
    ("caravan", ["caravan", "--lang", "da", "--paper", "letter"], "caravan-4p-da-letter"),
    ("caravan-chessboard", ["caravan-chessboard"], "caravan-chessboard-4p-en-a4"),
    ("caravan-chessboard", ["caravan-chessboard", "--lang", "da", "--paper", "letter", "--players", "6"],
     "caravan-chessboard-6p-da-letter"),
]
FOOTER = re.compile(r"(?:sheet|ark) (\d+) (?:of|af) (\d+)")


def words(text: str) -> str:
    """``text`` with every run of white space one space (pypdf breaks lines where the PDF does)."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def kits(shared_builds, page_texts):
    """stem -> (game, lang, page texts, manifest)."""
    out = {}
    for game, args, stem in KITS:
        folder = Path(shared_builds(*args))
        manifest = json.loads((folder / f"{stem}.manifest.json").read_text(encoding="utf-8"))
        out[stem] = (game, manifest["lang"], page_texts(folder / f"{stem}.pdf"), manifest)
    return out


def footer_of(text: str) -> str:
    """The sheet label line of a page ("" for the contents, rules and blank pages)."""
    return next((line for line in text.splitlines() if FOOTER.search(line)), "")


def contents_rows(text: str) -> dict[str, set[int]]:
    """Component label -> its pages, read off the contents page's table: PDFium gives each
    row as one line, "label count pages" ("Price tables 5 47, 51"); a label starts with a
    letter, which tells a row from the numbers of the board picture ("5 6 4")."""
    rows = {}
    for label, _count, pages in re.findall(r"(?m)^([^\W\d][^\n]*?) (\d+) (\d[\d, –-]*)$", text):
        numbers = set()
        for part in pages.split(","):
            first, _dash, last = part.strip().replace("-", "–").partition("–")
            numbers |= set(range(int(first), int(last or first) + 1))
        rows[label.strip()] = numbers
    return rows


@pytest.mark.parametrize("stem", [stem for game, _a, stem in KITS if game != "caravan"])
def test_every_assembly_note_is_on_the_page_of_its_piece(kits, stem):
    """Each cut-out piece's note prints on every page that holds such a piece, and on no
    other page (it used to print on the last packed sheet only; then one note for pawns and
    die on every sheet with either, naming a die where there was none): the pawns' note
    where pawns are, the die's where the die is, the shared cut-and-fold line where either is."""
    game, lang, texts, manifest = kits[stem]
    strings = Strings(data_dir(), game, lang)
    pages = {kind: {p for c in manifest["components"] if c["kind"] == kind for p in c["pages"]}
             for kind in ("standee", "die")}
    assert pages["standee"] and pages["die"], "no cut-out piece in the kit"
    for key, noted in (("pawn_note", pages["standee"]), ("die_note", pages["die"]),
                       ("cut_fold_note", pages["standee"] | pages["die"])):
        opening = " ".join(words(strings(key)).split()[:4])
        with_note = {n for n, text in enumerate(texts, 1) if opening in words(text)}
        assert with_note == noted, key


@pytest.mark.parametrize("stem", [stem for _g, _a, stem in KITS])
def test_footers_name_every_component_and_number_in_page_order(kits, stem):
    game, _lang, texts, manifest = kits[stem]
    rows = contents_rows(texts[0])
    assert len(rows) == len(manifest["components"]), f"contents rows read: {sorted(rows)}"   # one row each
    by_page: dict[int, list[str]] = {}
    for label, pages in rows.items():
        for page in pages:
            by_page.setdefault(page, []).append(label)
    rules = set(next(c for c in manifest["components"] if c["id"] == "rules")["pages"])
    checked = 0
    for page, labels in by_page.items():
        if page == 1 or page in rules:
            continue
        footer = footer_of(texts[page - 1])
        assert footer, f"page {page} has no footer"
        for label in labels:
            assert label in footer, (page, label, footer)
        checked += len(labels) > 1
    if game != "caravan":       # Caravan packs every piece too, but may put one kind on a sheet
        assert checked, "no page holds two components"
    # Every footer's "sheet n of N" numbers its sheet of paper in the whole kit (N the
    # manifest's sheets, a backs page repeats its fronts' n); they restarted per component.
    number_of = {page: n for n, sheet in enumerate(manifest["sheets"]["list"], 1) for page in sheet["pages"]}
    seen = 0
    for page, text in enumerate(texts, 1):
        found = FOOTER.search(footer_of(text))
        if not found:
            continue
        seen += 1
        assert (int(found.group(1)), int(found.group(2))) == (number_of[page], manifest["sheets"]["count"]), (
            page, footer_of(text))
    assert seen == len([p for p in number_of if p not in manifest["blank_pages"] and p > 1
                        and p not in next(c for c in manifest["components"] if c["id"] == "rules")["pages"]])


@pytest.mark.parametrize("stem", [stem for _g, _a, stem in KITS])
def test_contents_page_ink_is_the_manifest_figure(kits, stem):
    """One definition of ink everywhere: the mean per sheet of paper over every sheet (the
    manifest's ``mean_ink``, printed by `pnp build`), also on the contents page."""
    _game, _lang, texts, manifest = kits[stem]
    figures = manifest["sheets"]
    mean = sum(s["ink"] for s in figures["list"]) / figures["count"]
    assert figures["mean_ink"] == pytest.approx(mean, abs=1e-4)
    printed = re.findall(r"(\d+) % (?:ink coverage|blækdækning)", words(texts[0]))
    assert printed == [f"{100 * figures['mean_ink']:.0f}"]
    # A figure and its unit, and the option and its value, stay on one line (no-break spaces).
    assert not re.search(r"\d[ \xa0]*\n[ \xa0]*%", texts[0]), "a line break between a number and its %"
    assert not re.search(r"--ink[ \xa0]*\n", texts[0]), "a line break inside --ink saver"


@pytest.mark.parametrize("stem", [stem for _g, _a, stem in KITS])
def test_card_stock_sheets_print_in_one_run(kits, stem):
    """The sheets that want card stock are one unbroken run of pages, so the kit prints in one
    job per stock (a reviewer found a plain-paper sheet of banknotes between card-stock sheets
    of the Samarkand A4 kit: three jobs and two stock changes)."""
    _game, _lang, _texts, manifest = kits[stem]
    stocks = [s["stock"] for s in manifest["sheets"]["list"]]
    assert "card" in stocks and "paper" in stocks
    changes = sum(1 for a, b in zip(stocks, stocks[1:]) if a != b)
    first, last = stocks.index("card"), len(stocks) - 1 - stocks[::-1].index("card")
    assert set(stocks[first:last + 1]) == {"card"}, f"{stem}: stocks in print order {stocks}"
    assert changes <= 2


@pytest.mark.parametrize("stem", [stem for _g, _a, stem in KITS])
def test_every_footer_names_the_kit_by_its_full_title(kits, stem):
    """A loose sheet tells which kit it belongs to: every sheet footer starts with the kit's
    title (the chessboard's board tiles said "CARAVAN · Board · tile A1", which is also how
    Caravan's own tiles begin)."""
    game, lang, texts, _manifest = kits[stem]
    title = Strings(data_dir(), game, lang).kit_title()
    footers = [(n, footer_of(text)) for n, text in enumerate(texts, 1) if footer_of(text)]
    assert len(footers) >= 5
    wrong = [(n, f) for n, f in footers if not f.startswith(f"{title} · ")]
    assert not wrong, wrong
