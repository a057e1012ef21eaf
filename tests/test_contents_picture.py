"""The contents page shows a small picture of the assembled board, drawn from the
model by the game's diagrams module, and stays one page in every language and paper."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from pnp.geometry import PAPERS
from pnp.kit.contents import ContentsLine, contents_picture, render_contents
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.i18n import Strings

#: A name the picture prints (from the language file), per game; None: the picture has no text.
LABEL = {"samarkand": "cities.bukhara", "caravan": "goods.salt", "caravan-chessboard": None}


def _page(game_id: str, lang: str, paper: str, lines: int = 14, with_picture: bool = True) -> tuple[bytes, object]:
    game = load_game(game_id, data_dir())
    strings = Strings(data_dir(), game_id, lang)
    picture = contents_picture(game, lang, 60 * 72 / 25.4) if with_picture else None
    rows = [ContentsLine(f"{strings('contents')} {i}", 100 + i, tuple(range(7 + 2 * i, 9 + 2 * i))) for i in range(lines)]
    pdf = render_contents(PAPERS[paper], strings, strings("title"), strings("kit_subtitle", players=4, language="x",
                          paper=PAPERS[paper].name), rows, strings("checked_none"), picture=picture)
    return pdf, picture


@pytest.mark.parametrize("game_id", LABEL)
@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_contents_page_shows_the_board_on_one_page(game_id, lang, paper):
    pdf, picture = _page(game_id, lang, paper)
    assert picture is not None and picture.width > 0
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    # The picture is a vector drawing: at least one painted path per board square more than
    # the same page without it.
    game = load_game(game_id, data_dir())
    squares = game.board.rows * game.board.columns if game_id != "samarkand" else len(game.board.spaces)
    plain = PdfReader(io.BytesIO(_page(game_id, lang, paper, with_picture=False)[0])).pages[0]
    drawn = _painted(page) - _painted(plain)
    assert drawn >= squares, (drawn, squares)
    if LABEL[game_id]:
        label = Strings(data_dir(), game_id, lang)(LABEL[game_id])
        assert label in page.extract_text()


def _painted(page) -> int:
    """Path-painting operators (fill, stroke, both) in a page's content stream."""
    return len(re.findall(rb"(?<![A-Za-z*])(?:f|B|b|S)\*?\s", page.get_contents().get_data()))


def test_picture_shrinks_instead_of_overflowing():
    """The longest contents list that fits one page without the picture still fits one page
    with it (the picture shrinks or steps aside); one line more is refused in one line that
    names the table, never a clipped or second page."""
    from pnp.errors import LayoutError

    def pages(lines: int, with_picture: bool) -> int:
        try:
            pdf = _page("samarkand", "da", "letter", lines=lines, with_picture=with_picture)[0]
        except LayoutError:
            return 0
        return len(PdfReader(io.BytesIO(pdf)).pages)

    lines = 14
    assert pages(lines, False) == 1
    while pages(lines + 1, False) == 1:
        lines += 1
    assert pages(lines, True) == 1
    with pytest.raises(LayoutError, match="table of components"):
        _page("samarkand", "da", "letter", lines=lines + 1, with_picture=False)


def test_shared_layer_finds_the_picture_through_the_registry():
    """A rules sheet that does not override ``contents_picture`` (``RulesSheet``'s default)
    gets no picture (None); the game's own draws one ``width`` points wide."""
    from dataclasses import replace

    from pnp import registry

    game = load_game("samarkand", data_dir())
    real = registry.game("samarkand")
    fake = replace(real, rules="pnp.kit.recipe:RulesSheet")
    original = registry.games()["samarkand"]
    try:
        registry.games()["samarkand"] = fake
        assert contents_picture(game, "en", 100) is None
    finally:
        registry.games()["samarkand"] = original
    assert contents_picture(game, "en", 100).width == pytest.approx(100, abs=1)
    assert real is original


def test_contents_page_names_only_the_kits_fonts():
    """The picture names no font of its own (reportlab's default Helvetica)."""
    for game_id in LABEL:
        pdf, _ = _page(game_id, "en", "a4")
        page = PdfReader(io.BytesIO(pdf)).pages[0]
        fonts = {str(f.get_object()["/BaseFont"]).split("+")[-1] for f in page["/Resources"]["/Font"].values()}
        assert fonts <= {"Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black", "Caladea-Bold"}, (game_id, fonts)


@pytest.mark.parametrize("args", [["samarkand", "--lang", "da", "--paper", "letter"], ["samarkand"]])
def test_every_built_kits_contents_page_keeps_its_board_picture(shared_builds, args):
    """On a real kit's contents page (a full Letter page included: a new user found the
    picture left out there), the board picture is drawn: its labels are on page 1, which
    stays one page."""
    folder = shared_builds(*args)
    (pdf,) = folder.glob("*.pdf")
    page = PdfReader(pdf).pages[0]
    lang = args[args.index("--lang") + 1] if "--lang" in args else "en"
    label = Strings(data_dir(), "samarkand", lang)(LABEL["samarkand"])
    assert label in page.extract_text()
