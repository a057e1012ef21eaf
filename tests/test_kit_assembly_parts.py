"""Kit assembly's small parts worked by hand (pnp/kit/build.py): the
kit's file name (README, ``--out``), a manifest entry, the font audit's refusal, the packing of
every run's pieces with the sheets' footers numbered in print order.  No kit is built.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from pnp.components.svg import Face, group, rect
from pnp.errors import FontError
from pnp.geometry import PAPERS
from pnp.kit.build import _manifest_entry, _num, audit_fonts, kit_name, kit_sheets, pack_runs
from pnp.kit.recipe import ComponentRun
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.printing.imposition import PrintSettings, Sheet, footer, footer_label
from pnp.printing.sheet_overlay import SheetOverlay
from pnp.printing.packing import PieceGroup


@pytest.mark.parametrize("game, players, variant, lang, paper, name", [
    ("caravan", 2, "short", "da", "letter", "caravan-2p-short-da-letter"),
    ("caravan", 4, None, "en", "a4", "caravan-4p-en-a4"),
    ("samarkand", 5, None, "en", "a4", "samarkand-5p-en-a4"),
])
def test_kit_name_follows_the_readme_pattern(game, players, variant, lang, paper, name):
    """README, --out: ``<game>-<N>p[-<variant>]-<lang>-<paper>``."""
    assert kit_name(game, load_game(game, data_dir()).variant(players, variant), lang, paper) == name


@pytest.mark.parametrize("value, text", [(1.5, "1.5"), (-2.0, "-2"), (1.003, "1.003"), (0.0, "0"), (-0.5, "-0.5")])
def test_corrections_are_named_as_typed(value, text):
    """README: print options in the file name as typed, e.g. ``-offset1.5,-2``, ``-scale1.01x1``."""
    assert _num(value) == text


def test_a_manifest_entry_lists_each_page_once_in_order_and_types_only_for_decks():
    deck = ComponentRun("cards", "deck", "Cards", 12, by_type={"grain": 7, "fruit": 5})
    tokens = ComponentRun("tokens", "token", "Tokens", 8)
    pages = {"cards": [9, 7, 7, 8], "board": [1]}
    assert _manifest_entry(deck, pages) == {"id": "cards", "kind": "deck", "count": 12, "pages": [7, 8, 9],
                                            "by_type": {"grain": 7, "fruit": 5}, "stock": "card"}
    assert _manifest_entry(tokens, pages) == {"id": "tokens", "kind": "token", "count": 8, "pages": [],
                                              "stock": tokens.stock}


def _pdf_in(*fonts: str) -> bytes:
    """One page per font name, each drawing a word in that (standard, unembedded) font."""
    writer = PdfWriter()
    for name in fonts:
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1, initialFontName=name)
        canvas.setFont(name, 12)
        canvas.drawString(72, 720, "Samarkand")
        canvas.save()
        writer.add_page(PdfReader(io.BytesIO(buffer.getvalue())).pages[0])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_the_font_audit_refuses_a_pdf_with_a_foreign_font_naming_the_file_and_the_first_problem():
    """Two foreign fonts on two pages: the error names the PDF, the first problem (page 1) and
    how many more; a manifest (not a PDF) is not read; a clean payload passes."""
    bad = Path("out/kit.pdf")
    with pytest.raises(FontError) as caught:
        audit_fonts([(Path("out/kit.manifest.json"), b"{not a pdf"), (bad, _pdf_in("Helvetica", "Courier"))])
    error = caught.value
    assert error.file == str(bad)
    assert error.reason.startswith("font audit refused the PDF, nothing written: page 1: font Helvetica is not one of")
    assert error.reason.endswith(" (and 1 more)")
    with pytest.raises(FontError) as one:
        audit_fonts([(bad, _pdf_in("Courier"))])
    from pnp.components.fonts import postscript_names
    assert one.value.reason == ("font audit refused the PDF, nothing written: page 1: font Courier is not one of "
                                f"the kit's fonts ({', '.join(sorted(postscript_names()))})")
    audit_fonts([(Path("out/kit.manifest.json"), b"{}")])        # nothing to audit: no error


def _face(name: str, component: str, size: float, colour: str) -> Face:
    art = group()
    art.add(rect(-3, -3, size + 6, size + 6, fill=colour))
    return Face(name, component, size, size, 3.0, art, edge_colour=colour)


def _host(settings: PrintSettings, label: str) -> Sheet:
    """A board tile's sheet with 100 mm of free room at its foot and ``label`` in its footer."""
    paper = settings.paper
    overlay = SheetOverlay(paper.width, paper.height)
    overlay.add(footer(paper, settings, label))
    return Sheet(paper, "board", "single", overlay, [], [], "Board",
                 free=[(4.0, 180.0, paper.width - 8.0, 100.0)])


def test_pack_runs_fills_the_hosts_then_new_sheets_numbered_in_print_order():
    """Tokens fit the host's room; money does not and gets new sheets.  Each run then lists
    the sheets holding its pieces; the host's footer names what was packed into it before its
    sheet number; new sheets are numbered 1..n of n in the order the runs print them, each
    footer naming what it holds."""
    settings = PrintSettings(PAPERS["a4"])
    host = _host(settings, "Board · 1/4")
    board = ComponentRun("board", "board", "Board", 1, sheets=[host])
    tokens = ComponentRun("tokens", "token", "Tokens", 6,
                          pieces=[PieceGroup("tokens", "Tokens", [_face("t", "tokens", 20, "#6D4C41") for _ in range(6)])])
    money = ComponentRun("money", "money", "Money", 60,
                         pieces=[PieceGroup("money", "Money", [_face("m", "money", 60, "#2E7D32") for _ in range(20)])])
    aids = ComponentRun("aids", "aid", "Aids", 0)       # no pieces: left as it is
    runs = [board, tokens, money, aids]
    pack_runs(runs, settings, lambda label: lambda side, n, total: f"{label} · {n}/{total}")
    assert tokens.sheets == [host] and len(host.placements) == 6
    assert footer_label(host) == "Board · Tokens · 1/4"
    assert money.sheets and host not in money.sheets and aids.sheets == []
    placed = sum(1 for s in money.sheets for p in s.placements if p.component == "money")
    assert placed == 20
    n = len(money.sheets)
    assert n >= 2            # twenty 60 mm notes with bleed and marks: at most 9 to an A4 sheet
    assert [footer_label(s) for s in money.sheets] == [f"Money · {k}/{n}" for k in range(1, n + 1)]


def test_pack_runs_without_pieces_changes_nothing():
    settings = PrintSettings(PAPERS["a4"])
    host = _host(settings, "Board · 1/1")
    runs = [ComponentRun("board", "board", "Board", 1, sheets=[host])]
    pack_runs(runs, settings, lambda label: lambda *a: label)
    assert runs[0].sheets == [host] and host.placements == [] and footer_label(host) == "Board · 1/1"


def test_new_sheets_are_numbered_in_the_order_the_kit_prints_them():
    """New sheets print fullest first (``kit_sheets`` keeps the packer's order, so a
    packing's part-empty remainder sheet comes last) and their footers count 1..n in
    exactly that order, whatever order the runs list them in."""
    settings = PrintSettings(PAPERS["a4"])
    tokens = ComponentRun("tokens", "token", "Tokens", 40,
                          pieces=[PieceGroup("tokens", "Tokens", [_face("t", "tokens", 30, "#6D4C41") for _ in range(40)])])
    money = ComponentRun("money", "money", "Money", 30,
                         pieces=[PieceGroup("money", "Money", [_face("m", "money", 90, "#2E7D32") for _ in range(12)])])
    packed = pack_runs([tokens, money], settings, lambda label: lambda side, n, total: f"{label} · {n}/{total}")
    printed = kit_sheets([tokens, money], packed)
    total = len(printed)
    assert total >= 3 and sorted(map(id, printed)) == sorted(map(id, packed))
    assert [footer_label(s).rsplit(" · ", 1)[1] for s in printed] == [f"{k}/{total}" for k in range(1, total + 1)]
    used = [sum(p.w * p.h for p in s.placements) for s in printed]     # mm² of trim placed
    assert used == sorted(used, reverse=True) and used[-1] < used[0]


@pytest.mark.parametrize("before, after", [
    ("Board · A1 · 1/4", "Board · A1 · Tokens · 1/4"),     # the number is the last part of the label
    ("1/4", "Tokens · 1/4"),                                # a label that is only the number
])
def test_a_host_footer_names_what_was_packed_into_it_before_its_number(before, after):
    settings = PrintSettings(PAPERS["a4"])
    host = _host(settings, before)
    tokens = ComponentRun("tokens", "token", "Tokens", 4,
                          pieces=[PieceGroup("tokens", "Tokens", [_face("t", "tokens", 20, "#6D4C41") for _ in range(4)])])
    pack_runs([ComponentRun("board", "board", "Board", 1, sheets=[host]), tokens], settings,
              lambda label: lambda *a: label)
    assert tokens.sheets == [host] and footer_label(host) == after
