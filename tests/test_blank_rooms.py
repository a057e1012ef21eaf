"""A partly unprinted back says so: behind the room a part-filled fronts sheet leaves for
packed one-sided pieces, the backs sheet prints a small light note in the kit's language
("This part of the page is intentionally blank."), as a wholly blank page does, in the
margin band, where after the flip it backs no piece of the front."""

from __future__ import annotations

import io
import json
import re

import pytest
from pypdf import PdfReader

from pnp.components.svg import Face, group, rect
from pnp.geometry import PAPERS
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.imposition import BLANK_NOTE_INK, PrintSettings, impose_grid, note_blank_rooms
from pnp.printing.pdf import render_sheets

POKER_W, POKER_H = 63.5, 88.9      # a poker card, 2.5 x 3.5 in
NOTE = "This part of the page is intentionally blank."


def _face(name: str) -> Face:
    art = group()
    art.add(rect(-3, -3, POKER_W + 6, POKER_H + 6, fill="#4A2F1B"))
    return Face(name, "cards", POKER_W, POKER_H, 3.0, art, edge_colour="#4A2F1B")


def _text_spots(svg: str, note: str) -> list[tuple[float, float]]:
    """(x, y) mm of every SVG text element that reads ``note`` (or a line of it)."""
    spots = []
    for m in re.finditer(r'<text([^>]*)>([^<]*)</text>', svg):
        if m.group(2).strip() and m.group(2).strip() in note:
            attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', m.group(1)))
            spots.append((float(attrs["x"]), float(attrs["y"])))
    return spots


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_the_back_of_a_part_filled_sheet_notes_its_blank_room(duplex):
    settings = PrintSettings(PAPERS["a4"], duplex=duplex)
    paper = settings.paper
    sheets = impose_grid("cards", "Cards", [_face(f"f{i}") for i in range(12)],
                         [_face(f"b{i}") for i in range(12)], settings, lambda side, n, total: f"{side} {n}/{total}")
    front, back = sheets[-2:]
    assert len(front.placements) == 3 and front.free, "the last sheet leaves a room"
    (rx, ry, rw, rh), = front.free
    # the back's room lies behind the front's: mirrored through the flip edge
    expected = {"long": (paper.width - rx - rw, ry, rw, rh), "short": (rx, paper.height - ry - rh, rw, rh),
                "none": (rx, ry, rw, rh)}[duplex]
    assert back.blank == [pytest.approx(expected)]
    assert all(not s.blank for s in sheets[:-1])
    note_blank_rooms(sheets, NOTE, settings)
    spots = _text_spots(back.svg, NOTE)
    assert len(spots) == 1, "one note a sheet, not one a room"
    (x, y), = spots
    # in the margin band: after the flip it backs the front's footer band, below every
    # piece's art (the grid keeps footer_mm clear above the bottom margin)
    footer_top = paper.height - settings.margin_mm - settings.footer_mm
    front_y = paper.height - y if duplex == "short" else y
    assert footer_top < front_y < paper.height - settings.margin_mm, (duplex, y)
    assert x == pytest.approx(paper.width - settings.margin_mm - 2.0)
    for p in front.placements:
        assert front_y > p.y + p.h + 3.0, "below the art and its bleed"
    for p in back.placements:
        assert not (p.y - 3.0 <= y <= p.y + p.h + 3.0), "clear of every back"
    assert BLANK_NOTE_INK in back.svg
    assert not _text_spots(front.svg, NOTE), "the fronts' room holds pieces, not a note"
    # as printed: the note is text of the backs page
    text = PdfReader(io.BytesIO(render_sheets([back]))).pages[0].extract_text()
    assert NOTE in " ".join(text.split())


def test_the_note_reads_in_the_kits_language():
    en = Strings(DEFAULT_DATA_DIR, "samarkand", "en")("blank_area")
    da = Strings(DEFAULT_DATA_DIR, "samarkand", "da")("blank_area")
    assert en == NOTE and da == "Denne del af siden er tom med vilje."


def test_samarkand_kit_prints_the_note_behind_its_last_card_sheet(shared_builds):
    folder = shared_builds("samarkand")
    manifest = json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))
    reader = PdfReader(next(folder.glob("*.pdf")))
    cards = next(c for c in manifest["components"] if c["id"] == "cards")["pages"]
    backs = cards[1::2]
    noted = [p for p in backs if NOTE in " ".join(reader.pages[p - 1].extract_text().split())]
    # 102 cards, 9 a sheet: the last of the 12 sheets holds 3 and leaves a room for pieces
    assert noted == [backs[-1]]
