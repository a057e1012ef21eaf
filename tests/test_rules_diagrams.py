"""Rules sheets that teach (issue 12): drawings with real text, worked examples computed by
the engine, the chipped sale of more than the last column, player aids, page fill."""

from __future__ import annotations

import io
import re
import subprocess

import pytest
from pypdf import PdfReader

from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.kit.rulebook import game_figures, render_rules_pdf, column_width

GAMES = {"samarkand": 5, "caravan": 4, "caravan-chessboard": 4}
_cache: dict = {}


def sheet(game_id: str, lang: str, paper: str = "a4", root=None) -> bytes:
    key = (game_id, lang, paper, str(root))
    if key not in _cache:
        game = load_game(game_id, root or data_dir())
        buf = io.BytesIO()
        render_rules_pdf(game, GAMES[game_id], lang, paper, buf)
        _cache[key] = buf.getvalue()
    return _cache[key]


def flat(pdf: bytes) -> str:
    raw = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    return re.sub(r"\s+", " ", re.sub(r"-\n", "", raw))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_figure_is_placed_with_extractable_labels(game_id, lang):
    """Overview, set-up and at least two examples per game; a drawing's labels (names from
    the language file) are text in the PDF, in the kit's fonts only."""
    game = load_game(game_id, data_dir())
    figures = game_figures(game, game.variant(GAMES[game_id]), lang, column_width("a4"))
    assert {"board", "setup"} <= set(figures) and len(set(figures) - {"board", "setup"}) >= 2
    pdf = sheet(game_id, lang)
    text = flat(pdf)
    template = (game.folder / "rules" / f"{lang}.md.j2").read_text(encoding="utf-8")
    for name in figures:
        assert f'figure("{name}"' in template
    from pnp.model.i18n import Strings

    s = Strings(game.folder.parent, game.id, lang)
    keys = {"samarkand": ["diagrams.trading_field", "cities.samarkand"],
            "caravan": ["diagrams.supply_space", "theft_markers"],
            "caravan-chessboard": ["diagrams.centre", "regions.middle_east"]}[game_id]
    labels = [s(k).split(" ")[0] for k in keys]
    for label in labels:
        assert label in text, label
    fonts = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for f in page["/Resources"]["/Font"].values():
            fonts.add(str(f.get_object()["/BaseFont"]).split("+")[-1].lstrip("/"))
    assert fonts <= {"Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black", "Caladea-Bold"}, fonts


def test_chipped_sale_of_nine_reads_the_same_on_sheet_table_and_engine():
    """9 grain under a chip: the sheet's example, the price table's note and the engine pay
    the column one left of the capped column (8 -> 7)."""
    from pnp.games.samarkand.engine import tables
    from pnp.model.i18n import Strings

    game = load_game("samarkand", data_dir())
    prices = game.prices
    cards = prices.sizes[-1] + 1
    expected = prices.goods["grain"][prices.sizes.index(prices.sizes[-1] - 1)]
    engine = tables(game).sale[[g.id for g in game.goods].index("grain")][1][cards]
    assert engine == expected == prices.price("grain", cards, chip=True)
    text = flat(sheet("samarkand", "en"))
    assert f"You sell {cards} grain at a market with a chip" in text
    assert f"you receive {expected} Piaster" in text
    assert f"pay the {prices.sizes[-1] - 1}-card column" in text
    note = Strings(game.folder.parent, "samarkand", "en")("price_table_max_note", max=prices.sizes[-1],
                                                          chip=prices.column(cards, chip=True))
    assert note.endswith(f"under a chip as {prices.sizes[-1] - 1}.")
    da = flat(sheet("samarkand", "da"))
    assert f"du får {expected} piaster" in da


def test_changed_price_changes_the_printed_example(data_copy):
    """A price in a copy of the data changes the chipped-sale example's printed number."""
    path = data_copy / "samarkand" / "prices.yaml"
    text = path.read_text(encoding="utf-8")
    game = load_game("samarkand", data_dir())
    old = game.prices.price("grain", 9, chip=True)
    grain = next(line for line in text.splitlines() if line.strip().startswith("grain"))
    values = [int(v) for v in re.findall(r"\d+", grain)]
    new_values = [v if v != old else old + 7 for v in values]
    assert new_values != values
    new_line = grain
    for v, w in zip(values, new_values):
        if v != w:
            new_line = re.sub(rf"\b{v}\b", str(w), new_line, count=1)
    path.write_text(text.replace(grain, new_line), encoding="utf-8")
    changed = flat(sheet("samarkand", "en", root=data_copy))
    assert f"you receive {old + 7} Piaster" in changed
    assert f"Under the chip: {old + 7} Piaster" in changed
    assert f"you receive {old} Piaster" not in changed


def test_chessboard_example_follows_the_engine_lines():
    from pnp.games.caravan_chessboard.diagrams import examples
    from pnp.games.caravan_chessboard.engine import tables

    game = load_game("caravan-chessboard", data_dir())
    ex = examples(game)["move"]
    T = tables(game)
    start = T.square(*ex["from"])
    assert len(ex["lines"]) == len(T.lines[start][ex["steps"]])
    text = flat(sheet("caravan-chessboard", "en"))
    assert f"you may land on {len(ex['open'])} squares" in text


def _ink_fill(pdf_path, page: int) -> float:
    """Share of the body height (between the top margin and the footer rule) above the
    lowest ink on the rendered page, measured in the lighter of the two columns' lowest."""
    from PIL import Image

    out = subprocess.run(["pdftoppm", "-r", "30", "-gray", "-f", str(page), "-l", str(page), "-png", str(pdf_path)],
                         capture_output=True, check=True).stdout
    im = Image.open(io.BytesIO(out)).convert("L")
    w, h = im.size
    top, bottom = int(h * 14 / 297), int(h * (297 - 14 - 7) / 297) - 2
    px = im.load()
    lowest = top
    for y in range(top, bottom):
        if any(px[x, y] < 200 for x in range(int(w * 0.07), int(w * 0.93), 2)):
            lowest = y
    return (lowest - top) / (bottom - top)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_rules_page_more_than_a_third_empty(game_id, tmp_path):
    pdf = sheet(game_id, "en")
    path = tmp_path / "rules.pdf"
    path.write_bytes(pdf)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    for page in range(1, pages + 1):
        assert _ink_fill(path, page) >= 2 / 3, f"{game_id} page {page}"
