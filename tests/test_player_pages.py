"""What a person holding only the printed kit reads and prints, on every default kit (en, da):

* no tool talk: no command-line option, no ``pnp`` command, no "rules engine" or "simulated"
  games on any page, outside the contents page's small "About this kit" box (the pre-print
  check's verdict, in plain words);
* a print-job table on the contents page, one row per run of sheets printed alike, computed
  from the manifest's sheets;
* the "intentionally blank" notes of back pages sit where, after the flip, they back no piece
  of the front (long and short flip);
* every board tile carries its own name on the tile, not only on the scrap round it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2
import pytest

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings

GAMES = ("samarkand", "caravan", "caravan-chessboard")
LANGS = ("en", "da")
#: Tool talk, by language: a command-line option, the command, the program's engine, its
#: simulations (Danish "simul..." and "motor").
TOOL_TALK = {"en": r"--|\bpnp |engine|simulat", "da": r"--|\bpnp |simul|motor"}
MM = 25.4 / 72


def _kit(shared_builds, game: str, *args: str) -> tuple[Path, dict]:
    folder = shared_builds(game, *args)
    pdf = next(p for p in folder.glob("*.pdf"))
    return pdf, json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))


def _words(text: str) -> str:
    """Text as read: soft hyphens and the hyphenation marks PDFium gives at a broken word
    dropped (with the line break after them), every run of white space one space."""
    text = re.sub(r"[\ufffe\xad\x02][\r\n]*", "", text)
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_page_talks_about_the_tool(shared_builds, page_texts, game, lang):
    pdf, manifest = _kit(shared_builds, game, "--lang", lang)
    texts = [_words(t) for t in page_texts(pdf)]
    box = _words(manifest["checked"])
    assert box in texts[0], "the check's verdict is printed on the contents page"
    texts[0] = texts[0].replace(box, " ")
    found = [(page, m.group(0), text[max(0, m.start() - 50):m.end() + 30])
             for page, text in enumerate(texts, 1) for m in re.finditer(TOOL_TALK[lang], text, re.I)]
    assert not found, found


def _page_list(text: str) -> list[int]:
    """``"5–22, 24"`` -> [5, ..., 22, 24] (any dash)."""
    pages: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().replace("–", "-").partition("-")
        pages += list(range(int(first), int(last or first) + 1))
    return pages


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_contents_page_prints_one_row_per_print_job(shared_builds, page_texts, game, lang):
    pdf, manifest = _kit(shared_builds, game, "--lang", lang)
    strings = Strings(DEFAULT_DATA_DIR, game, lang)
    stock = {strings(f"print_jobs.{s}"): s for s in ("paper", "card")}
    sides = {strings("print_jobs.one_sided"): (1, ""), strings("print_jobs.two_sided_long"): (2, "long"),
             strings("print_jobs.two_sided_short"): (2, "short")}
    head = " ".join(strings(k) for k in ("print_jobs.job", "pages", "print_jobs.stock", "print_jobs.sides",
                                         "print_jobs.sheets"))
    text = page_texts(pdf)[0]
    lines = [" ".join(line.split()) for line in text.split("\n")]
    assert head in lines, "the print-job table's head row"
    row = re.compile(rf"^(\d+) ([\d–, ]+) ({'|'.join(map(re.escape, stock))}) "
                     rf"({'|'.join(map(re.escape, sides))}) (\d+)$")
    rows = [m.groups() for m in map(row.match, lines[lines.index(head) + 1:]) if m]
    assert [int(r[0]) for r in rows] == list(range(1, len(rows) + 1)) and rows
    sheets = manifest["sheets"]["list"]
    flip = manifest["print"]["duplex"] if manifest["print"]["duplex"] in ("long", "short") else "long"
    covered, at = [], 0
    for _n, pages, stock_word, sides_words, count in rows:
        pages_of_row = _page_list(pages)
        run = sheets[at:at + int(count)]
        at += int(count)
        # the row is that run of the manifest's sheets: its pages, its stock, its sides
        assert [p for s in run for p in s["pages"]] == pages_of_row
        assert {s["stock"] for s in run} == {stock[stock_word]}
        n_sides, edge = sides[sides_words]
        assert {len(s["pages"]) for s in run} == {n_sides}
        assert edge in ("", flip)
        covered += pages_of_row
    assert at == manifest["sheets"]["count"]
    assert covered == list(range(1, manifest["pages"] + 1)), "every page in exactly one job"
    # the reader is told to print the jobs, not the whole file in one go
    assert not re.search(r"whole file|hele filen", _words(text))


def _note_boxes(pdf: Path, notes: tuple[str, ...]) -> dict[int, list[tuple[float, float, float, float]]]:
    """Page number -> the boxes (x0, y0, x1, y1 mm from the top-left) of every note of
    ``notes`` printed on it, from PDFium's character boxes."""
    found: dict[int, list] = {}
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            height = page.get_height()
            textpage = page.get_textpage()
            for note in notes:
                searcher = textpage.search(note, match_case=True)
                while (hit := searcher.get_next()) is not None:
                    start, count = hit
                    boxes = [textpage.get_charbox(i) for i in range(start, start + count)]
                    left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
                    bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
                    found.setdefault(index + 1, []).append((left * MM, (height - top) * MM, right * MM,
                                                            (height - bottom) * MM))
    finally:
        document.close()
    return found


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["samarkand", "caravan-chessboard"])
def test_blank_notes_back_no_piece_of_the_front(shared_builds, kit_pieces, game, lang, duplex):
    args = ("--lang", lang) + (("--duplex", duplex) if duplex != "long" else ())
    pdf, manifest = _kit(shared_builds, game, *args)
    assert manifest["print"]["duplex"] == duplex
    strings = Strings(DEFAULT_DATA_DIR, game, lang)
    notes = _note_boxes(pdf, (strings("blank_page"), strings("blank_area")))
    assert set(manifest["blank_pages"]) <= set(notes), "every blank page says it is meant"
    if not notes:       # every back printed (the chessboard's): nothing is blank, no note to place
        assert manifest["blank_pages"] == []
        return
    pieces = {p["number"]: p for p in kit_pieces(pdf)["pages"]}
    checked = 0
    for number, boxes in notes.items():
        assert number % 2 == 0, f"p. {number}: a note on a front page"
        front = pieces.get(number - 1)
        if front is None:       # the back of the reading matter
            continue
        width, height = front["size"]
        for copy in front["copies"]:
            x0, y0, x1, y1 = copy["shown"] or copy["art"]
            mirrored = ((width - x1, y0, width - x0, y1) if duplex == "long" else (x0, height - y1, x1, height - y0))
            for box in boxes:
                assert not _overlap(box, mirrored), (f"p. {number}: the note at {[round(v, 1) for v in box]} mm "
                                                     f"backs a piece of p. {number - 1} at "
                                                     f"{[round(v, 1) for v in mirrored]} mm")
                checked += 1
        own = pieces.get(number)
        for copy in own["copies"] if own else ():
            for box in boxes:
                assert not _overlap(box, copy["shown"] or copy["art"]), f"p. {number}: the note lies on a back"
        for box in boxes:       # inside the sheet, clear of its edge (printers lose ~4 mm)
            assert 4 <= box[0] and box[2] <= width - 4 and 4 <= box[1] and box[3] <= height - 4, box
    assert checked > 0


def _word_boxes(pdf: Path, page_number: int, word: str) -> list[tuple[float, float, float, float]]:
    """Boxes (mm, top-left origin) of every whole-word ``word`` on one page."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        page = document[page_number - 1]
        height = page.get_height()
        textpage = page.get_textpage()
        searcher = textpage.search(word, match_case=True, match_whole_word=True)
        out = []
        while (hit := searcher.get_next()) is not None:
            boxes = [textpage.get_charbox(i) for i in range(hit[0], hit[0] + hit[1])]
            out.append((min(b[0] for b in boxes) * MM, (height - max(b[3] for b in boxes)) * MM,
                        max(b[2] for b in boxes) * MM, (height - min(b[1] for b in boxes)) * MM))
        return out
    finally:
        document.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_board_tile_carries_its_name_inside_its_trim(shared_builds, page_texts, kit_pieces, game, lang):
    """The heading "Board tile A1" lies on the scrap cut away round the tile: the name
    must also be on the tile (its trim box, the placed board less its bleed)."""
    pdf, manifest = _kit(shared_builds, game, "--lang", lang)
    strings = Strings(DEFAULT_DATA_DIR, game, lang)
    board = next(c for c in manifest["components"] if c["id"] == "board")
    bleed = manifest["bleed_mm"]
    heading = re.compile(re.escape(strings("tile_label", label="@")).replace("@", r"([A-Z]\d+)"))
    texts = page_texts(pdf)
    pieces = {p["number"]: p for p in kit_pieces(pdf)["pages"]}
    names = []
    for number in board["pages"]:
        found = heading.search(_words(texts[number - 1]))
        if found is None:       # a tile's printed back (its sheet's back page) has no heading
            assert number % 2 == 0 and number - 1 in board["pages"], f"p. {number}: a front without its heading"
            continue
        name = found.group(1)
        names.append(name)
        # the board's copy on this page: the largest piece
        copy = max(pieces[number]["copies"], key=lambda c: (c["shown"][2] - c["shown"][0]) * (c["shown"][3] - c["shown"][1]))
        x0, y0, x1, y1 = copy["shown"]
        trim = (x0 + bleed, y0 + bleed, x1 - bleed, y1 - bleed)
        inside = [b for b in _word_boxes(pdf, number, name)
                  if trim[0] <= b[0] and b[2] <= trim[2] and trim[1] <= b[1] and b[3] <= trim[3]]
        assert inside, f"p. {number}: tile {name} is not named inside its trim {[round(v, 1) for v in trim]}"
        assert all(b[3] - b[1] >= 2.0 for b in inside), "big enough to read (cap height about 2.5 mm)"
    assert len(names) == len(set(names)) >= 4, names
