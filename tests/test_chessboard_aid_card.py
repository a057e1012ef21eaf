"""CARAVAN on a chessboard's player aid as a duplex card of the deck's size (for the fewest
sheets): the 92 x 98 mm one-sided aids took a packed sheet's room; as cards
they sit in the grid slots the deck's last sheet leaves empty.  The card must still say
everything the aid says (the template's every word, front and back together), in both
languages and at every player count, set at no less than 7 pt, front with the turn's first
phases and back with the rest under the title again.
"""

from __future__ import annotations

import io
import math
import re
from collections import Counter

import pytest
from pypdf import PdfReader

from pnp.kit.aids import AID_CARD_PAD_MM, AID_CARD_SIZES, aid_card_faces
from pnp.kit.rulebook import SIDE_BREAK, aid_template_path, render_rules_markdown
from pnp.model import load_game
from pnp.model.catalog import data_dir

GAME = "caravan-chessboard"
#: The smallest type the kit prints, points.
MIN_PT = 7.0
#: The deck's trim, mm (components.yaml: poker).
CARD = (63.5, 88.9)


@pytest.fixture(scope="module")
def game():
    return load_game(GAME, data_dir())


def _runs(page) -> list[tuple[str, float, float]]:
    """(text, size in points as printed, baseline y in points) of every text run on ``page``."""
    runs = []

    def visit(text, cm, tm, _font, size):
        if text.strip():
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            runs.append((text, size * math.hypot(a, b), tm[5] * cm[3] + tm[4] * cm[1] + cm[5]))
    page.extract_text(visitor_text=visit)
    return runs


def _words(markdown: str) -> list[str]:
    """The words a reader sees of aid Markdown: no heading marks, emphasis, table rules or
    side breaks."""
    text = SIDE_BREAK.sub(" ", markdown)
    text = re.sub(r"^#+ ", "", text, flags=re.M)
    text = re.sub(r"\|?\s*:?-+:?\s*(?=\|)", " ", text)
    text = text.replace("**", "").replace("|", " ")
    return text.split()


def _text(face) -> str:
    return PdfReader(io.BytesIO(face.meta["pdf"])).pages[0].extract_text()


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_aid_card_says_everything_the_aid_says(game, lang, players):
    markdown = render_rules_markdown(game, game.variant(players, None), lang, aid_template_path(game, lang))
    front_md, back_md = SIDE_BREAK.split(markdown)
    title = next(line[2:] for line in markdown.splitlines() if line.startswith("# "))
    front, back = aid_card_faces(game, game.variant(players, None), lang, *CARD, 3.0)
    said_front, said_back = _text(front).split(), _text(back).split()
    # every word of the template, once, on one side or the other; the back repeats the title
    assert Counter(said_front) + Counter(said_back) == Counter(_words(markdown)) + Counter(title.split())
    assert Counter(said_front) == Counter(_words(front_md))
    assert Counter(said_back) == Counter(title.split()) + Counter(_words(back_md))
    # front: the title and phases 1-3; back: phases 4 and 5 (numbered on), the sales, the win
    assert said_front[:len(title.split())] == title.split() == said_back[:len(title.split())]
    # (the list numbers are words of each side's Markdown, so the counts above hold them)
    assert re.findall(r"^([1-5])\. ", front_md, re.M) == ["1", "2", "3"]
    assert re.findall(r"^([1-5])\. ", back_md, re.M) == ["4", "5"]
    assert {"4.", "5."} <= set(said_back) and not {"4.", "5."} & set(said_front)


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("players", [2, 6])
def test_the_aid_card_text_is_7_pt_or_more_inside_its_safe_area(game, lang, players):
    front, back = aid_card_faces(game, game.variant(players, None), lang, *CARD, 3.0)
    assert front.meta["aid_size_pt"] == back.meta["aid_size_pt"] in AID_CARD_SIZES
    assert min(AID_CARD_SIZES) >= MIN_PT
    for face in (front, back):
        assert (face.width, face.height, face.bleed) == (*CARD, 3.0)
        reader = PdfReader(io.BytesIO(face.meta["pdf"]))
        runs = _runs(reader.pages[0])
        assert runs, face.name
        sizes = [size for _t, size, _y in runs]
        assert min(sizes) >= MIN_PT - 1e-6, (face.name, min(sizes))
        # every baseline inside the card's text room (AID_CARD_PAD_MM from the trim), in page points
        box_h = float(reader.pages[0].mediabox.height)
        offset = (box_h - CARD[1] * 72 / 25.4) / 2           # the page is the face's box, trim centred
        low, high = offset + AID_CARD_PAD_MM * 72 / 25.4, offset + (CARD[1] - AID_CARD_PAD_MM) * 72 / 25.4
        assert all(low - 1e-6 <= y <= high + 1e-6 for _t, _s, y in runs), face.name


def test_an_aid_card_too_full_is_refused_naming_its_template(game, monkeypatch):
    """A side that does not fit the card at 7 pt is a one-line LayoutError naming the
    template (never text under 7 pt or cut off)."""
    from pnp.errors import LayoutError

    with pytest.raises(LayoutError, match=r"does not fit a 63.5 x 45 mm card: \d+ mm of text on a side at 7 pt") as raised:
        aid_card_faces(game, game.variant(4, None), "en", 63.5, 45.0, 3.0)
    assert "aid/en.md.j2" in str(raised.value) and "\n" not in str(raised.value)
