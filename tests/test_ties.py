"""Numbers stay with what they count (pnp.model.ties), on the rules sheets of every kit in
both languages and in text fitted into SVG faces."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from helpers import rules_sheet
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.ties import tie_numbers
from pnp.registry import game_ids

GAMES = game_ids(data_dir())


def lines_of(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    lines = []
    for index in range(len(document)):
        page = document[index].get_textpage().get_text_range().replace("\u00a0", " ").split("\r\n")
        # pdfium gives the running footer first ("Caravan – Regler · … 3"): its page number is
        # no count, and a page may well begin in the middle of a sentence.
        if page and re.search(r" · .* \d+$", page[0].rstrip()):
            page = page[1:]
        lines += page
    document.close()
    return [line.strip() for line in lines]


def split_numbers(lines: list[str]) -> list[str]:
    """Line pairs where a number ends a line and its unit, noun (lower case: table rows and
    headings that start with a capital are other lines) or arithmetic goes on."""
    found = []
    for this, after in zip(lines, lines[1:]):
        if re.search(r"(?:^|\s)\d+$", this) and re.match(r"(?:[a-zæøå]|%|[+=] \d)", after):
            found.append(f"{this!r} / {after!r}")
        elif re.search(r"\d [+=]$", this) or (re.search(r"\d$", this) and re.match(r"[+=] \d", after)):
            found.append(f"{this!r} / {after!r}")
    return found


#: Danish nouns that name a numbered thing ("tur 3", "række 1, kolonne 4", "forsyningsfelt 3",
#: "trin c"): the label and its number are one name and never part at a line end.
DANISH_LABELS = ("tur", "række", "rækkerne", "kolonne", "kolonnerne", "felt", "felterne", "forsyningsfelt",
                 "side", "trin")


def split_labels(lines: list[str], labels=DANISH_LABELS) -> list[str]:
    """Line pairs where a line ends with a label noun and the next begins with its number
    (or a step letter after »trin«): »… tur« / »3 har 3 handlinger«."""
    ends = re.compile(rf"(?:^|\s)(?:{'|'.join(labels)})$", re.I)
    return [f"{this!r} / {after!r}" for this, after in zip(lines, lines[1:])
            if ends.search(this) and re.match(r"(?:\d|[a-e]\b)", after)]


def test_the_check_sees_a_label_split_from_its_number():
    assert split_labels(["tur 2 har 2 handlinger, tur", "3 har 3 handlinger"])
    assert split_labels(["Kan der i trin", "c kun trækkes"])
    assert not split_labels(["spillepladen til et andet felt", "i samme række"])


def test_tie_numbers_kinds():
    assert tie_numbers("23 %") == "23\u00a0%"
    assert tie_numbers("1 handling og 5 kort") == "1\u00a0handling og 5\u00a0kort"
    assert tie_numbers("for 3 + 1 + 1 = 5 guld") == "for 3\u00a0+\u00a01\u00a0+\u00a01\u00a0=\u00a05\u00a0guld"
    assert tie_numbers("1. Træk") == "1. Træk"
    assert tie_numbers("sides 5–10, then") == "sides 5–10, then"


def test_a_short_quoted_name_stays_on_one_line():
    assert tie_numbers("»1 felt tilbage«: ét felt") == "»1\u00a0felt\u00a0tilbage«: ét felt"
    assert tie_numbers("“Market chip” here") == "“Market\u00a0chip” here"
    long = "»en meget lang sætning med mange ord i«"
    assert tie_numbers(long) == long


def test_the_check_sees_a_split_number():
    assert split_numbers(["sælger for 3", "guld"]) and split_numbers(["har 23", "% chance"])
    assert split_numbers(["for 3 + 1 +", "1 = 5"]) and not split_numbers(["1.", "Træk"])


def test_svg_wrap_keeps_a_number_with_its_word():
    from pnp.components.text import wrap
    from pnp.components.fonts import text_width

    width = text_width("Tag 5 kor", "body", 3.0)
    lines = wrap("Tag 5 kort", "body", 3.0, width)
    assert lines == ["Tag", "5 kort"]


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("game_id", GAMES)
def test_no_number_split_from_its_word_on_the_rules(game_id, lang):
    game = load_game(game_id, data_dir())
    _pages, pdf = rules_sheet(game, game.variant(None), lang, "a4")
    split = split_numbers(lines_of(pdf))
    assert not split, "\n".join(split)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_label_split_from_its_number_on_the_danish_rules(game_id):
    """»tur 3«, »række 1«, »kolonne 4«: the label noun and its number stay on one line (a lone
    number at a line start reads as the start of a count: »tur« / »3 har 3 handlinger«)."""
    game = load_game(game_id, data_dir())
    _pages, pdf = rules_sheet(game, game.variant(None), "da", "a4")
    split = split_labels(lines_of(pdf))
    assert not split, "\n".join(split)
