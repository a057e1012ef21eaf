"""pnp.printing.pdf worked by hand: page
boxes in points from the ISO and PDF standards, the assembled document's bookmarks, metadata
and viewer preferences (README: ``/PrintScaling /None``, the duplex hint per ``--duplex``),
numbers as written into content streams, the split of pages into conversion documents, subset
tags (ISO 32000-1 9.6.4: six upper-case letters and a plus sign) and the font audit's one-line
problems.  Small PDFs made here with pypdf and reportlab; no kit is built.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from pnp.components.fonts import font, postscript_names, register_reportlab
from pnp.printing.pdf import (DUPLEX_HINT, PageSource, _pdf_matrix, _pdf_num, _split_tag, assemble,
                              blank_page, font_problems)
from pnp.geometry import PAPERS

A4_PT = (595.276, 841.89)           # ISO 216 A4, 210 x 297 mm, in PostScript points (1 pt = 25.4/72 mm)
PT = 72 / 25.4


def pdf_of(*pages: tuple[float, float]) -> bytes:
    """A PDF with blank pages of the given sizes (pt), made with pypdf alone."""
    writer = PdfWriter()
    for w, h in pages:
        writer.add_blank_page(width=w, height=h)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def text_page(text: str, font_name: str | None = None) -> bytes:
    """One Letter page of ``text`` drawn by reportlab in ``font_name`` (default: our body font)."""
    register_reportlab()
    buffer = io.BytesIO()
    name = font_name or font("body").reportlab_name
    canvas = Canvas(buffer, invariant=1, initialFontName=name)
    canvas.setFont(name, 12)
    canvas.drawString(72, 720, text)
    canvas.save()
    return buffer.getvalue()


def box(page, name: str) -> list[float]:
    return [float(v) for v in page[name]]


@pytest.mark.parametrize("value, text", [
    (1.5, "1.5"), (2.0, "2"), (100.0, "100"), (-3.25, "-3.25"), (0.1234567, "0.123457"), (-0.0000001, "0"),
    (0.0, "0"), (1e-7, "0"), (2.8346456693, "2.834646"), (-10.0, "-10"),
])
def test_numbers_in_content_streams_are_short_and_exact_to_a_millionth(value, text):
    """Six decimals (a millionth of a point), no trailing zeros or point, never "-0"."""
    assert _pdf_num(value) == text


def test_a_matrix_is_six_numbers_separated_by_spaces():
    assert _pdf_matrix((PT, 0, 0, -PT, 0, A4_PT[1])) == "2.834646 0 0 -2.834646 0 841.89"


def test_page_boxes_in_points_from_the_trim_and_bleed_asked():
    """A poker card (63.5 x 88.9 mm) at 10, 20 mm from the top left of an A4 page, 3 mm bleed:
    TrimBox 28.3465 .. 208.3465 pt across, 841.89 - 56.6929 .. 841.89 - 308.6929 pt up the
    page (PDF's y runs up); BleedBox 3 mm = 8.5039 pt wider on each side.  A page without a
    trim gets its whole page as both boxes."""
    card = PageSource(pdf_of(A4_PT), "Cards", trim_mm=(10, 20, 63.5, 88.9), bleed_mm=3.0)
    whole = PageSource(pdf_of(A4_PT), "Rules")
    reader = PdfReader(io.BytesIO(assemble([card, whole], {})))
    first, second = reader.pages
    assert box(first, "/TrimBox") == pytest.approx([28.3465, 533.1969, 208.3465, 785.1969], abs=1e-3)
    assert box(first, "/BleedBox") == pytest.approx([19.8425, 524.6929, 216.8504, 793.7008], abs=1e-3)
    assert box(second, "/TrimBox") == box(second, "/BleedBox") == pytest.approx([0, 0, *A4_PT], abs=1e-3)


def test_assembled_document_bookmarks_metadata_and_viewer_preferences():
    """Bookmarks point at the first page of their source (a source without a title has none);
    metadata keys get their slash; /Lang and the print dialog hints (README)."""
    two = pdf_of(A4_PT, A4_PT)
    sources = [PageSource(pdf_of(A4_PT), "Contents"), PageSource(two, ""), PageSource(two, "Cards"),
               PageSource(pdf_of(A4_PT, A4_PT, A4_PT), "Board", page=2)]
    reader = PdfReader(io.BytesIO(assemble(sources, {"Title": "Kit", "Game": "samarkand"}, duplex="short", lang="da")))
    assert len(reader.pages) == 1 + 2 + 2 + 1
    marks = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
    assert marks == [("Contents", 0), ("Cards", 3), ("Board", 5)]
    info = reader.metadata
    assert info["/Title"] == "Kit" and info["/Game"] == "samarkand"
    root = reader.trailer["/Root"]
    assert root["/Lang"] == "da"
    prefs = root["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipShortEdge"


@pytest.mark.parametrize("duplex, hint", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"),
                                          ("none", "/Simplex"), ("fold", "/Simplex"), ("other", "/Simplex")])
def test_duplex_hint_follows_the_duplex_option(duplex, hint):
    """README, --duplex: DuplexFlipLongEdge, DuplexFlipShortEdge, Simplex (fold, none)."""
    reader = PdfReader(io.BytesIO(assemble([PageSource(pdf_of(A4_PT), "x")], {}, duplex=duplex)))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == hint
    if duplex != "other":
        assert DUPLEX_HINT[duplex] == hint


def test_a_blank_back_is_exactly_the_paper():
    page = PdfReader(io.BytesIO(blank_page(PAPERS["letter"]))).pages[0]
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 612, 792], abs=1e-3)   # ANSI Letter 8.5 x 11 in
    assert page.get_contents() is None or page.get_contents().get_data().strip() == b""


@pytest.mark.parametrize("name, parts", [
    ("ABCDEF+Lato-Bold", ("ABCDEF", "Lato-Bold")), ("Lato-Bold", ("", "Lato-Bold")),
    ("ABCDE+Lato", ("", "ABCDE+Lato")), ("abcdef+Lato", ("", "abcdef+Lato")), ("ABCDEFG+Lato", ("", "ABCDEFG+Lato")),
    ("ABC1EF+Lato", ("", "ABC1EF+Lato")), ("ABCDEF+", ("", "ABCDEF+")), ("ABCDEF+X", ("ABCDEF", "X")),
    ("ABCDEF-Lato", ("", "ABCDEF-Lato")),
])
def test_subset_tags_are_six_capitals_and_a_plus(name, parts):
    assert _split_tag(name) == parts


def test_assembled_subsets_get_tags_made_from_their_programs():
    """Two different programs under reportlab's AAAAAA+ get two different six-capital tags;
    the same page twice keeps one tag; a program's tag is the same in any document."""
    a, b = text_page("Contents – 3 × 4"), text_page("Regler: æ ø × å –")

    def tags(pdf: bytes) -> list[str]:
        found = []
        for page in PdfReader(io.BytesIO(pdf)).pages:
            for ref in page["/Resources"]["/Font"].values():
                f = ref.get_object()
                base = str(f["/BaseFont"])[1:]
                assert str(f["/FontDescriptor"]["/FontName"])[1:] == base
                found.append(base)
        return found

    both = tags(assemble([PageSource(a, ""), PageSource(b, "")], {}))
    assert len(set(both)) == 2 and all(t.endswith("+Lato-Regular") for t in both)
    assert all(len(t.split("+")[0]) == 6 and t.split("+")[0].isalpha() and t.split("+")[0].isupper() for t in both)
    assert "AAAAAA+Lato-Regular" not in both
    assert tags(assemble([PageSource(a, ""), PageSource(a, "")], {})) == [both[0], both[0]]
    assert tags(assemble([PageSource(b, "")], {})) == [both[1]]


def test_the_font_audit_names_the_page_and_the_font():
    """A standard font (Helvetica: reportlab does not embed it) on page 2 is not one of the
    kit's fonts; the kit's own font on page 1 passes."""
    ours, theirs = text_page("Samarkand"), text_page("Samarkand", "Helvetica")
    joined = PdfWriter()
    for data in (ours, theirs):
        joined.add_page(PdfReader(io.BytesIO(data)).pages[0])
    raw = io.BytesIO()
    joined.write(raw)
    problems = font_problems(raw.getvalue(), postscript_names())
    assert len(problems) == 1
    assert problems[0].startswith("page 2: font Helvetica is not one of the kit's fonts (")
    assert "Lato-Regular" in problems[0]
    # allowed by name but not embedded: named as such
    assert font_problems(theirs, frozenset({"Helvetica"})) == ["page 1: font Helvetica is not embedded"]
    assert font_problems(ours, postscript_names()) == []


def test_a_page_whose_media_box_does_not_start_at_zero_keeps_it_as_its_trim():
    """A page without a trim gets its own media box as TrimBox and BleedBox, wherever it
    starts (a PDF's MediaBox may start anywhere, ISO 32000-1 14.11.2)."""
    writer = PdfWriter()
    page = writer.add_blank_page(width=A4_PT[0], height=A4_PT[1])
    page.mediabox.lower_left = (10, 20)
    out = io.BytesIO()
    writer.write(out)
    (got,) = PdfReader(io.BytesIO(assemble([PageSource(out.getvalue(), "")], {}))).pages
    assert box(got, "/TrimBox") == box(got, "/BleedBox") == pytest.approx([10, 20, A4_PT[0], A4_PT[1]], abs=1e-3)


def test_defaults_are_a_long_edge_flip_and_english():
    """`pnp build`'s defaults (README): --duplex long, --lang en."""
    root = PdfReader(io.BytesIO(assemble([PageSource(pdf_of(A4_PT), "x")], {}))).trailer["/Root"]
    assert root["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge" and root["/Lang"] == "en"


def test_an_unembedded_font_before_an_embedded_one_is_left_alone_and_the_next_still_tagged():
    """A page drawing first in Helvetica (a standard font, no program) then in our body font:
    Helvetica keeps its name, the embedded subset still gets a tag of its own (not reportlab's
    AAAAAA+)."""
    register_reportlab()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName="Helvetica")
    canvas.setFont("Helvetica", 12)
    canvas.drawString(72, 720, "Samarkand")
    canvas.setFont(font("body").reportlab_name, 12)
    canvas.drawString(72, 700, "Caravan")
    canvas.save()
    (page,) = PdfReader(io.BytesIO(assemble([PageSource(buffer.getvalue(), "")], {}))).pages
    names = sorted(str(ref.get_object()["/BaseFont"])[1:] for ref in page["/Resources"]["/Font"].values())
    assert names[0] == "Helvetica" and names[1].endswith("+Lato-Regular") and not names[1].startswith("AAAAAA+")
    assert len(names) == 2


def _font_page(fonts: dict) -> bytes:
    """A one-page PDF whose resources hold ``fonts`` (name -> font dictionary, pypdf objects),
    drawing a word in each: fonts as other producers write them (Type 0 with a CID
    descendant, Type 3, a CFF program in /FontFile3)."""
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    page = writer.add_blank_page(width=200, height=100)
    resources = DictionaryObject()
    font_dict = DictionaryObject()
    for name, spec in fonts.items():
        font_dict[NameObject(name)] = writer._add_object(spec(writer))
    resources[NameObject("/Font")] = font_dict
    page[NameObject("/Resources")] = resources
    content = DecodedStreamObject()
    content.set_data(b" ".join(b"BT %s 12 Tf 10 50 Td (a) Tj ET" % n.encode() for n in fonts))
    page[NameObject("/Contents")] = writer._add_object(content)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _program_stream(writer, data: bytes):
    from pypdf.generic import DecodedStreamObject

    stream = DecodedStreamObject()
    stream.set_data(data)
    return writer._add_object(stream)


def _descriptor(writer, name: str, key: str, data: bytes):
    from pypdf.generic import DictionaryObject, NameObject

    return writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/FontDescriptor"),
                                                NameObject("/FontName"): NameObject(f"/{name}"),
                                                NameObject(key): _program_stream(writer, data)}))


def _type0(tag: str, name: str, data: bytes):
    def make(writer):
        from pypdf.generic import ArrayObject, DictionaryObject, NameObject

        cid = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/CIDFontType2"),
                                NameObject("/BaseFont"): NameObject(f"/{tag}+{name}"),
                                NameObject("/FontDescriptor"): _descriptor(writer, f"{tag}+{name}", "/FontFile2", data)})
        return DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type0"),
                                 NameObject("/BaseFont"): NameObject(f"/{tag}+{name}-Identity-H"),
                                 NameObject("/Encoding"): NameObject("/Identity-H"),
                                 NameObject("/DescendantFonts"): ArrayObject([writer._add_object(cid)])})
    return make


def _simple(subtype: str, base: str, key: str | None = None, data: bytes = b""):
    def make(writer):
        from pypdf.generic import DictionaryObject, NameObject

        spec = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject(subtype),
                                 NameObject("/BaseFont"): NameObject(f"/{base}")})
        if key:
            spec[NameObject("/FontDescriptor")] = _descriptor(writer, base, key, data)
        return spec
    return make


def test_type0_fonts_are_tagged_through_their_descendant_and_audited_there():
    """A Type 0 font (as Cairo or another producer may write a CID-keyed subset): its CID
    descendant gets the program's tag, the parent is renamed after it; the audit checks the
    descendant (allowed, embedded) and says nothing about the parent."""
    pdf = _font_page({"/F1": _type0("AAAAAA", "Lato-Regular", b"program one"),
                      "/F2": _type0("AAAAAA", "Lato-Bold", b"program two")})
    fixed = assemble([PageSource(pdf, "")], {})
    (page,) = PdfReader(io.BytesIO(fixed)).pages
    for ref in page["/Resources"]["/Font"].values():
        parent = ref.get_object()
        kid = parent["/DescendantFonts"][0].get_object()
        tag, name = str(kid["/BaseFont"])[1:].split("+")
        assert len(tag) == 6 and tag.isupper() and tag != "AAAAAA" and name in ("Lato-Regular", "Lato-Bold")
        assert parent["/BaseFont"] == kid["/BaseFont"] == kid["/FontDescriptor"]["/FontName"]
    assert font_problems(fixed, postscript_names()) == []
    assert font_problems(pdf, frozenset({"Lato-Regular"})) == [
        "page 1: font AAAAAA+Lato-Bold is not one of the kit's fonts (Lato-Regular)"]


def test_type3_fonts_and_other_program_kinds_in_the_audit():
    """A Type 3 font (glyphs drawn as procedures: a fontconfig fallback's bitmap font) is never
    one of the kit's fonts; a named one and an unnamed one are each reported.  A program
    embedded as /FontFile3 (CFF) or /FontFile (Type 1) counts as embedded."""
    pdf = _font_page({"/F1": _simple("/Type3", "DejaVuSans"), "/F2": _simple("/Type3", ""),
                      "/F3": _simple("/Type1C", "Lato-Regular", "/FontFile3", b"cff"),
                      "/F4": _simple("/Type1", "Lato-Bold", "/FontFile", b"t1"),
                      "/F5": _simple("/TrueType", "", "/FontFile2", b"tt")})
    allowed = frozenset({"Lato-Regular", "Lato-Bold"})
    assert font_problems(pdf, allowed) == [
        "page 1: a Type 3 font (DejaVuSans) is not one of the kit's fonts",
        "page 1: a Type 3 font (unnamed) is not one of the kit's fonts",
        "page 1: font unnamed is not one of the kit's fonts (Lato-Bold, Lato-Regular)"]


def test_an_untagged_embedded_font_keeps_its_name_and_the_next_is_still_tagged():
    pdf = _font_page({"/F1": _simple("/TrueType", "Lato-Regular", "/FontFile2", b"whole program"),
                      "/F2": _simple("/TrueType", "AAAAAA+Lato-Bold", "/FontFile2", b"subset")})
    (page,) = PdfReader(io.BytesIO(assemble([PageSource(pdf, "")], {}))).pages
    fonts = {n: str(ref.get_object()["/BaseFont"])[1:] for n, ref in page["/Resources"]["/Font"].items()}
    assert fonts["/F1"] == "Lato-Regular"
    assert fonts["/F2"].endswith("+Lato-Bold") and not fonts["/F2"].startswith("AAAAAA+")


def test_the_audit_lists_the_kit_fonts_it_allows():
    allowed = frozenset({"Lato-Regular", "Caladea-Bold"})
    assert font_problems(text_page("x", "Helvetica"), allowed) == [
        "page 1: font Helvetica is not one of the kit's fonts (Caladea-Bold, Lato-Regular)"]
