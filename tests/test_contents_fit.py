"""Every table fits its page: the contents page in every game, language and paper.

Measured on the rendered PDF (pypdfium2): the table is the band of its filled row
backgrounds; every text run on the page lies inside the page's side margins, and every
text run beside a table row lies inside the table's width.  The page lists are longer than
any kit prints today (20 single pages, as a one-sided component with blank backs gives),
so a column that cannot wrap them fails here first.
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest

from pnp.geometry import PAPERS
from pnp.kit.contents import MARGIN_X_MM, ContentsLine, render_contents
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.registry import game as registered_game, game_ids

PT_PER_MM = 72 / 25.4
TOLERANCE_PT = 0.5
LONG_PAGES = tuple(range(41, 81, 2))      # 41, 43, ... 79: no range collapses them


def _cases():
    for game_id in game_ids(DEFAULT_DATA_DIR):
        for lang in registered_game(game_id).languages(DEFAULT_DATA_DIR):
            for paper in ("a4", "letter"):
                yield game_id, lang, paper


def _text_runs(page) -> list[tuple[float, float, float, float, str]]:
    """(left, bottom, right, top, text) of every text run, in PDF points."""
    textpage = page.get_textpage()
    runs = []
    for i in range(textpage.count_rects()):
        left, bottom, right, top = textpage.get_rect(i)
        runs.append((left, bottom, right, top, textpage.get_text_bounded(left, bottom, right, top).strip()))
    return runs


def _table_rows(page, min_width_pt: float) -> list[tuple[float, float, float, float]]:
    """Bounds of the filled row backgrounds (paths at least ``min_width_pt`` wide)."""
    rows = []
    for obj in page.get_objects():
        if obj.type == pdfium_raw.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            if right - left >= min_width_pt and 8 <= top - bottom <= 60:
                rows.append((left, bottom, right, top))
    return rows


def check_contents_fit(pdf_bytes_or_path, page_index: int = 0) -> list[str]:
    """Problems of the contents page: text past a side margin or past the table's edges."""
    pdf = pdfium.PdfDocument(pdf_bytes_or_path)
    page = pdf[page_index]
    width, _ = page.get_size()
    margin = MARGIN_X_MM * PT_PER_MM
    rows = _table_rows(page, min_width_pt=width * 0.4)
    problems = []
    if len(rows) < 3:
        return [f"found {len(rows)} table rows, expected the contents table"]
    t_left, t_right = min(r[0] for r in rows), max(r[2] for r in rows)
    if t_left < margin - TOLERANCE_PT or t_right > width - margin + TOLERANCE_PT:
        problems.append(f"table spans {t_left / PT_PER_MM:.1f}-{t_right / PT_PER_MM:.1f} mm, "
                        f"page margins at {MARGIN_X_MM} and {(width - margin) / PT_PER_MM:.1f} mm")
    for left, bottom, right, top, text in _text_runs(page):
        if left < margin - TOLERANCE_PT or right > width - margin + TOLERANCE_PT:
            problems.append(f"{text!r} at {left / PT_PER_MM:.1f}-{right / PT_PER_MM:.1f} mm leaves the margins")
        middle = (bottom + top) / 2
        if any(r[1] <= middle <= r[3] for r in rows) and (left < t_left - TOLERANCE_PT or right > t_right + TOLERANCE_PT):
            problems.append(f"{text!r} at {left / PT_PER_MM:.1f}-{right / PT_PER_MM:.1f} mm runs past the table "
                            f"({t_left / PT_PER_MM:.1f}-{t_right / PT_PER_MM:.1f} mm)")
    pdf.close()
    return problems


@pytest.mark.parametrize("game_id,lang,paper", list(_cases()))
def test_contents_table_fits_the_page(game_id, lang, paper):
    strings = Strings(DEFAULT_DATA_DIR, game_id, lang)
    labels = list(strings.get("components").values())
    lines = [ContentsLine(strings("contents_page"), 1, (1,)), ContentsLine(strings("components.rules"), 1, (2, 3))]
    lines += [ContentsLine(label, 999, LONG_PAGES) for label in labels if isinstance(label, str)]
    subtitle = strings("kit_subtitle", players=5, language=strings("language_name"), paper=PAPERS[paper].name)
    pdf = render_contents(PAPERS[paper], strings, strings("title"), subtitle, lines, strings("checked_none"))
    assert check_contents_fit(pdf) == []


def test_built_kits_contents_fit(kit_dir):
    """The contents pages of the kits the suite builds (English A4, Danish Letter, 2 players)."""
    pdfs = sorted(kit_dir.glob("*.pdf"))
    assert len(pdfs) >= 3
    for pdf in pdfs:
        assert check_contents_fit(str(pdf)) == [], pdf.name


def test_a_table_past_its_edge_is_found(monkeypatch):
    """The check fails on the old layout: fixed 45 mm page column, unwrapped page list."""
    from reportlab.platypus import Table

    import pnp.kit.contents as contents

    class FixedTable(Table):
        def __init__(self, data, colWidths=None, **kw):
            plain = [[c.text if hasattr(c, "text") else c for c in row] for row in data]
            super().__init__(plain, colWidths=[95 * contents.mm, 22 * contents.mm, 45 * contents.mm], **kw)

    monkeypatch.setattr(contents, "Table", FixedTable)
    strings = Strings(DEFAULT_DATA_DIR, "samarkand", "da")
    lines = [ContentsLine("Pengesedler (piaster)", 129, LONG_PAGES)] * 3
    pdf = render_contents(PAPERS["letter"], strings, "Samarkand", "x", lines, "")
    problems = check_contents_fit(pdf)
    assert any("runs past the table" in p or "leaves the margins" in p for p in problems), problems
