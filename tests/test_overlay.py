"""A sheet's overlay split for conversion (pnp.printing.overlay): plain lines as PDF
path operators at exactly their SVG places, everything else CairoSVG's, drawing order kept."""

from __future__ import annotations

import io

from PIL import ImageChops
from helpers import placed_and_whole
from pypdf import PdfReader
from pypdf.generic import ContentStream, DecodedStreamObject

from pnp.printing import pdf as pdfout
from pnp.printing.overlay import MOVED_TEXT_MIN_CHARS, Lines, Moved, line_operators, split_overlay, split_overlays
from pnp.printing.sheet_overlay import SheetOverlay

HEAD = ('<svg baseProfile="full" height="297mm" version="1.1" viewBox="0 0 210 297" width="210mm" '
        'xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events" '
        'xmlns:xlink="http://www.w3.org/1999/xlink">')
MARK = '<line stroke="#000000" stroke-width="0.2" x1="10" x2="10" y1="0" y2="7.3" />'
LABEL = ('<text fill="#333333" font-family="Lato" font-size="2.2" font-style="normal" font-weight="normal" '
         'text-anchor="start" x="60.0" y="291.8">{}</text>')


def test_lines_become_runs_between_the_svg_parts_in_drawing_order():
    """A white box drawn over a mark and under another keeps that order: lines, box, lines."""
    svg = (HEAD + '<defs /><g id="crop-marks">' + MARK + '</g><rect fill="#FFFFFF" height="5" width="5" x="8" y="2" />'
           '<g id="footer"><line stroke="#333333" stroke-width="0.25" x1="7" x2="57" y1="290.8" y2="290.8" />'
           + LABEL.format("Cards") + "</g></svg>")
    split = split_overlay(svg)
    assert split.size_mm == (210.0, 297.0)
    kinds = [type(part).__name__ for part in split.parts]
    assert kinds == ["Lines", "str", "Lines", "str"]
    first, _box, ruler, _label = split.parts
    assert first.lines == ((10.0, 0.0, 10.0, 7.3, (0.0, 0.0, 0.0), 0.2),)
    assert ruler.lines == ((7.0, 290.8, 57.0, 290.8, (0.2, 0.2, 0.2), 0.25),)
    assert "<rect" in split.parts[1] and "<line" not in split.parts[1] and split.parts[1].startswith(HEAD)
    assert ">Cards</text>" in split.parts[3]


def test_lines_that_are_not_plain_stay_svg():
    """Dashed, faded, round-capped or transformed lines and lines under a styled group are
    CairoSVG's: only coordinates, an opaque #rrggbb stroke and a width are written directly."""
    odd = ['<line stroke="#000000" stroke-dasharray="1,1" stroke-width="0.2" x1="0" x2="5" y1="0" y2="0" />',
           '<line opacity="0.5" stroke="#000000" stroke-width="0.2" x1="0" x2="5" y1="0" y2="0" />',
           '<line stroke="#000000" stroke-linecap="round" stroke-width="0.2" x1="0" x2="5" y1="0" y2="0" />',
           '<line stroke="none" stroke-width="0.2" x1="0" x2="5" y1="0" y2="0" />',
           '<g transform="translate(3,4)">' + MARK + "</g>",
           '<g opacity="0.5">' + MARK + "</g>"]
    for element in odd:
        split = split_overlay(HEAD + element + "</svg>")
        assert [type(p).__name__ for p in split.parts] == ["str"], element
        assert element in split.parts[0]


def test_an_overlay_it_cannot_read_safely_is_converted_whole():
    """CSS, comments, a reference to a drawn element, a root not in millimetres: one part,
    the overlay itself, and the page takes its size from the conversion."""
    for svg in (HEAD + "<style>line{stroke:red}</style>" + MARK + "</svg>",
                HEAD + "<!-- marks -->" + MARK + "</svg>",
                HEAD + '<g id="m">' + MARK + '</g><use xlink:href="#m" x="5" /></svg>',
                HEAD.replace('width="210mm"', 'width="210"') + MARK + "</svg>",
                HEAD + '<line stroke="#000000" x1="a<b" />' + "</svg>"):
        split = split_overlay(svg)
        assert split.size_mm is None and split.parts == (svg,)


def test_an_element_two_overlays_draw_alike_is_one_document():
    """The ruler's "50 mm" on every sheet is converted once; each footer label is its own."""
    fifty = LABEL.format("50 mm").replace('x="60.0"', 'x="56.0"')
    a, b = (HEAD + MARK + LABEL.format(name) + fifty + "</svg>" for name in ("Cards · sheet 1", "Cards · sheet 2"))
    splits = split_overlays([a, b])
    parts_a = [p for p in splits[a].parts if isinstance(p, str)]
    parts_b = [p for p in splits[b].parts if isinstance(p, str)]
    assert len(parts_a) == len(parts_b) == 2
    assert parts_a[1] == parts_b[1] and "50 mm" in parts_a[1]
    assert parts_a[0] != parts_b[0]


NOTE = "Cut along the solid lines, fold along the dashed ones."


def note_at(x: float, y: float, words: str = NOTE) -> str:
    return LABEL.format(words).replace('x="60.0" y="291.8"', f'x="{x}" y="{y}"')


def test_a_line_of_text_printed_alike_elsewhere_is_one_document_moved():
    """A tile's assembly note at the foot of each tile: converted once where the first
    overlay has it, drawn moved on the others; a short label stays in its own run."""
    a = HEAD + MARK + note_at(10, 100) + note_at(30, 40, "A1") + "</svg>"
    b = HEAD + MARK + note_at(12.5, 150) + note_at(35, 40, "A1") + "</svg>"
    assert len(NOTE) >= MOVED_TEXT_MIN_CHARS > len("A1")
    splits = split_overlays([a, b])
    first, moved = splits[a].parts[1], splits[b].parts[1]
    assert isinstance(first, str) and NOTE in first and 'x="10"' in first
    assert moved == Moved(first, 2.5, 50.0)
    assert [type(p).__name__ for p in splits[b].parts] == ["Lines", "Moved", "str"]
    assert ">A1</text>" in splits[b].parts[2] and 'x="35"' in splits[b].parts[2]


def test_line_operators_draw_each_line_at_its_millimetres():
    """Read back through the operators' matrix, each line starts and ends where the SVG put
    it (to a millionth of a millimetre), with its colour and width, one stroke per line."""
    lines = Lines(((10.0, 0.0, 10.0, 7.3, (0.0, 0.0, 0.0), 0.2), (0.0, 12.5, 7.3, 12.5, (0.0, 0.0, 0.0), 0.2),
                   (7.0, 290.8, 57.0, 290.8, (0.2, 0.2, 0.2), 0.25)))
    stream = DecodedStreamObject()
    stream.set_data(line_operators(lines, 297.0).encode("ascii"))
    ops = ContentStream(stream, None).operations
    names = [op.decode() for _args, op in ops]
    assert names.count("S") == 3 and names.count("m") == 3 and names[0] == "q" and names[-1] == "Q"
    matrix = [float(v) for v in ops[1][0]]
    k = 72 / 25.4
    assert abs(matrix[0] - k) < 1e-6 and abs(matrix[3] + k) < 1e-6 and abs(matrix[5] - 297 * k) < 1e-4
    points = [tuple(float(v) for v in args) for args, op in ops if op in (b"m", b"l")]
    assert points == [(10.0, 0.0), (10.0, 7.3), (0.0, 12.5), (7.3, 12.5), (7.0, 290.8), (57.0, 290.8)]
    widths = [float(args[0]) for args, op in ops if op == b"w"]
    colours = [tuple(float(v) for v in args) for args, op in ops if op == b"RG"]
    assert widths == [0.2, 0.25] and colours == [(0.0, 0.0, 0.0), (0.2, 0.2, 0.2)]
    caps = {op: [float(v) for v in args] for args, op in ops if op in (b"J", b"j", b"M")}
    assert caps == {b"J": [0.0], b"j": [0.0], b"M": [4.0]}      # SVG's defaults: butt, miter, 4


def test_a_split_overlay_prints_as_cairosvg_prints_it_whole():
    """Overlays of marks, a white box over them and text, one with a note drawn moved, placed
    by ``render_sheets``: at 150 dpi as CairoSVG renders the same SVG, but for a few edge
    pixels (a glyph's origin may differ by 1/256 pt, the grid Cairo snaps text to)."""
    from pnp.geometry import PAPERS
    from pnp.printing.imposition import Sheet

    marks = "".join(f'<line stroke="#000000" stroke-width="0.2" x1="{x}" x2="{x}" y1="0" y2="9.3" />'
                    for x in (10, 73.5, 137, 200.5))
    svg = (HEAD + '<g id="crop-marks">' + marks + '</g><rect fill="#FFFFFF" height="6" width="20" x="65" y="2" />'
           + LABEL.format("Cards · fronts · sheet 1 of 2") + "</svg>")
    other = svg.replace("</svg>", note_at(20, 200) + "</svg>").replace("sheet 1 of 2", "sheet 2 of 2")
    svg = svg.replace("</svg>", note_at(15, 120) + "</svg>")       # the note: drawn moved on ``other``
    sheets = [Sheet(PAPERS["a4"], "cards", "front", SheetOverlay.of_document(svg)),
              Sheet(PAPERS["a4"], "cards", "front", SheetOverlay.of_document(other))]
    assert any(isinstance(part, Moved) for part in split_overlays([svg, other])[other].parts)
    pairs = placed_and_whole(pdfout.render_sheets(sheets), [sheet.overlay.svg() for sheet in sheets], 150)
    for number, (a, b) in enumerate(pairs):
        diff = ImageChops.difference(a, b).histogram()
        assert sum(diff[48:]) <= 24 and max(i for i, n in enumerate(diff) if n) < 96, (number, diff[48:])
        assert sum(a.histogram()[:128]) > 400          # the marks, the label and the note are there at all
    sheet = sheets[0]
    page = PdfReader(io.BytesIO(pdfout.render_sheets([sheet]))).pages[0]
    assert "Cards · fronts · sheet 1 of 2" in page.extract_text()
    assert abs(float(page.mediabox.width) - 595.275591) < 1e-6 and abs(float(page.mediabox.height) - 841.889764) < 1e-6


def text_line(words: str, x: float, y: float, anchor: str = "start", style: str = "normal", weight: str = "normal",
              family: str = "Lato", size: float = 2.2, fill: str = "#333333") -> str:
    return (f'<text fill="{fill}" font-family="{family}" font-size="{size}" font-style="{style}" '
            f'font-weight="{weight}" text-anchor="{anchor}" x="{x}" y="{y}">{words}</text>')


BOX = '<rect fill="#F1E4C6" height="8.65" stroke="#3B2412" stroke-width="0.3" width="5.08" x="144.13" y="221.4" />'


def test_plain_page_reads_a_part_of_plain_text_lines_and_boxes_and_nothing_else():
    """A part of plain lines of text and boxes is read for Cairo's own calls: family, slant,
    weight, size (mm), fill, anchor, place and characters (entities read); a box's place, size,
    fill and stroke.  Any other page is CairoSVG's."""
    from pnp.printing.overlay import PlainRect, PlainText, plain_page

    page = HEAD + text_line("Piaster banknotes · sheet 2 of 6", 60.0, 291.8) + BOX + text_line(
        "Tiles &amp; glue", 105, 150.5, "middle", "italic", "bold", "Lato Black", 3.2, "#7A4A1C") + "</svg>"
    size, items = plain_page(page)
    assert size == (210.0, 297.0)
    assert items == (PlainText("Lato", "normal", "normal", 2.2, (0.2, 0.2, 0.2), "start", 60.0, 291.8,
                               "Piaster banknotes · sheet 2 of 6"),
                     PlainRect(144.13, 221.4, 5.08, 8.65, (241 / 255, 228 / 255, 198 / 255),
                               (59 / 255, 36 / 255, 18 / 255), 0.3),
                     PlainText("Lato Black", "italic", "bold", 3.2, (122 / 255, 74 / 255, 28 / 255), "middle", 105.0,
                               150.5, "Tiles & glue"))
    not_plain = [
        text_line("Cards", 1, 2).replace("<text ", '<text letter-spacing="1" '),        # an attribute it does not draw
        text_line("Cards", 1, 2).replace('fill="#333333"', 'fill="red"'),
        text_line("Cards", 1, 2).replace('font-family="Lato"', 'font-family="Lato, sans-serif"'),
        text_line("Cards", 1, 2).replace('x="1"', 'x="1 2 3"'),                          # a place per glyph
        text_line(" Cards", 1, 2), text_line("Two  spaces", 1, 2), text_line("Tab\there", 1, 2),
        text_line("&#169; 2026", 1, 2),
        text_line("Cards", 1, 2).replace(">Cards<", "><tspan>Cards</tspan><"),
        BOX.replace("<rect ", '<rect rx="1" '), BOX.replace("<rect ", '<rect opacity="0.85" '),
        BOX.replace('width="5.08"', 'width="0"'), BOX.replace('fill="#F1E4C6"', 'fill="none"'),
        '<circle cx="5" cy="5" fill="#FFFFFF" r="3" />' + text_line("Cards", 1, 2),
        '<g transform="rotate(90)">' + text_line("Cards", 1, 2) + "</g>",
    ]
    for body in not_plain:
        assert plain_page(HEAD + body + "</svg>") is None, body
    assert plain_page(HEAD.replace('viewBox="0 0 210 297"', 'viewBox="-5 -5 210 297"') + text_line("Cards", 1, 2)
                     + "</svg>") is None
    assert plain_page(HEAD + "</svg>") is None


def test_plain_parts_print_as_cairosvg_prints_them():
    """Footers, a note, labels at every anchor, in bold, italic and Lato Black, and a map of
    labelled boxes, drawn by Cairo's own calls, a line of text at a time: at 150 dpi pixel for
    pixel as CairoSVG renders the same SVG whole, and the text reads back with its spaces."""
    from pnp.geometry import PAPERS
    from pnp.printing.imposition import Sheet
    from pnp.printing.overlay import plain_page

    boxes = "".join(BOX.replace('x="144.13"', f'x="{144.13 + 5.08 * n}"').replace("#F1E4C6", fill)
                    + text_line(name, 146.67 + 5.08 * n, 226.68, "middle", weight="bold", size=3.14, fill=ink)
                    for n, (name, fill, ink) in enumerate([("A1", "#C1121F", "#FFFFFF"), ("A2", "#F1E4C6", "#3B2412")]))
    lines = [text_line("Samarkand · Board · tile A1 · sheet 1 of 6", 61.0, 290.8),
             text_line("50 mm", 57.0, 287.2, "end", size=1.8),
             text_line("Glue here · tile B2 goes on top", 105.0, 150.0, "middle", weight="bold", fill="#7A4A1C"),
             text_line("Cut along the solid lines, fold along the dashed ones.", 7.0, 279.1667, style="italic",
                       size=2.94),
             text_line("Board tile A1 — Regler: æ ø å", 45.0, 227.9, family="Lato Black", size=6.86, fill="#3B2412")]
    overlays = [HEAD + "".join(lines) + boxes + "</svg>", HEAD + "".join(lines[1:]) + "</svg>"]
    parts = [part for svg in overlays for part in split_overlays(overlays)[svg].parts]
    assert parts and all(isinstance(part, str) and plain_page(part) is not None for part in parts)
    sheets = [Sheet(PAPERS["a4"], "board", "front", SheetOverlay.of_document(svg)) for svg in overlays]
    pdf = pdfout.render_sheets(sheets)
    for number, (a, b) in enumerate(placed_and_whole(pdf, overlays, 150)):
        diff = ImageChops.difference(a, b).histogram()
        assert sum(diff[1:]) == 0, (number, [(i, n) for i, n in enumerate(diff) if n and i])
        assert sum(a.histogram()[:128]) > 1000          # the lines are there at all
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    for words in ("Samarkand · Board · tile A1 · sheet 1 of 6", "Glue here · tile B2 goes on top",
                  "Cut along the solid lines, fold along the dashed ones.", "Board tile A1 — Regler: æ ø å"):
        assert words in text, (words, text)


def test_an_overlay_of_values_splits_as_its_svg_splits_without_reading_its_lines_and_footer(monkeypatch):
    """A ``SheetOverlay`` of parts is read from its values (its crop marks and footer are not
    parsed back from its SVG), into the very parts its SVG gives: lines, texts, a zero-width
    line and a non-hex stroke that stay SVG, an art part's lines inside a plain group, and
    the ruler's "50 mm" shared by two overlays."""
    from pnp.components.svg import group, line, rect
    from pnp.geometry import PAPERS
    from pnp.printing.imposition import PrintSettings, footer
    from pnp.printing.sheet_overlay import ArtPart, MarkLines, OverlayLine

    settings = PrintSettings(PAPERS["a4"])
    overlays = []
    for label in ("Cards · fronts · sheet 1 of 2", "Cards · fronts · sheet 2 of 2"):
        overlay = SheetOverlay(210, 297)
        overlay.add(MarkLines("crop-marks", (OverlayLine(10, 0, 10, 9.3), OverlayLine(5.5, 1, 5.5, 2, "#FF0000", 0.0),
                                             OverlayLine(1, 2, 3, 4, "red", 0.2), OverlayLine(20.25, 0, 20.25, 9.3))))
        art = group(id="fold")
        art.add(line(0, 150, 210, 150, "#777777", 0.3))
        overlay.add(ArtPart(art.tostring() + rect(65, 2, 20, 6, fill="#FFFFFF").tostring()))
        overlay.add(footer(PAPERS["a4"], settings, label))
        overlays.append(overlay)
    by_text = split_overlays([overlay.svg() for overlay in overlays])
    from pnp.printing import overlay as overlay_module

    def no_document_read(svg):
        raise AssertionError("an overlay of values was read back from its SVG")

    monkeypatch.setattr(overlay_module, "_items", no_document_read)
    by_values = split_overlays(overlays)
    assert by_values == by_text
    parts = by_values[overlays[0].svg()].parts
    assert [type(p).__name__ for p in parts] == ["Lines", "str", "str", "Lines", "str", "Lines", "str", "str"]
    assert parts[0].lines == ((10.0, 0.0, 10.0, 9.3, (0.0, 0.0, 0.0), 0.2),)
    assert parts[3].lines[0][:4] == (20.25, 0.0, 20.25, 9.3) and parts[3].lines[1][4] == (119 / 255,) * 3
    assert "sheet 1 of 2" in parts[6] and "50 mm" in parts[7] and parts[7] in by_values[overlays[1].svg()].parts


def test_a_footers_texts_reach_the_pdf_as_values_and_print_as_their_svg_prints(monkeypatch):
    """The footer's label and "50 mm" come with their parts as ``PlainText`` values, the
    very texts ``plain_page`` reads from those parts; converted from the values (no part
    read back), the pages are the bytes the SVG gives."""
    from pnp.geometry import PAPERS
    from pnp.printing import overlay as overlay_module
    from pnp.printing.imposition import PrintSettings, footer

    overlay = SheetOverlay(210, 297)
    overlay.add(footer(PAPERS["a4"], PrintSettings(PAPERS["a4"]), "Tokens · sheet 3 of 4 · page 9"))
    split = split_overlays([overlay])[overlay.svg()]
    plain = dict(split.plain)
    texts = [t.chars for part in split.parts if isinstance(part, str) for t in plain[part]]
    assert texts == ["Tokens · sheet 3 of 4 · page 9", "50 mm"]
    for part, found in plain.items():
        assert overlay_module.plain_page(part) == (split.size_mm, found)
    documents = [part for part in split.parts if isinstance(part, str)]
    from_svg = pdfout._convert_pages(documents)

    def no_read(svg):
        raise AssertionError("a part drawn from values was read back from its SVG")

    monkeypatch.setattr(overlay_module, "plain_page", no_read)
    given = {part: (split.size_mm, found) for part, found in plain.items()}
    assert pdfout._convert_pages(documents, given) == from_svg
