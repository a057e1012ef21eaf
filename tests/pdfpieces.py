"""The pieces a kit's PDF prints: every face a sheet page places (a form XObject ``/Fc<n>``
drawn with ``Do``, pnp.printing.placed) and the text that face shows, read back with pypdf.
The overlay's SVG parts (forms ``/Ov<n>``, pnp.printing.overlay) are not pieces."""

from __future__ import annotations

from collections import Counter

from pypdf import PageObject, PdfReader
from pypdf.generic import ContentStream, DecodedStreamObject, DictionaryObject, NameObject


def placed_faces(reader: PdfReader) -> Counter:
    """How many times each face is placed over the whole PDF: {face text: copies}.

    A face is known by the text it draws; faces without text share the key ""."""
    copies: Counter = Counter()
    texts: dict[int, str] = {}
    for page in reader.pages:
        resources = page.get("/Resources")
        forms = resources.get_object().get("/XObject") if resources is not None else None
        forms = forms.get_object() if forms is not None else {}
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"Do" and operands[0] in forms and str(operands[0]).startswith("/Fc"):     # not /Ov: overlay parts
                ref = forms.raw_get(operands[0])
                if ref.idnum not in texts:
                    texts[ref.idnum] = form_text(reader, ref)
                copies[texts[ref.idnum]] += 1
    return copies


def form_text(reader: PdfReader, ref) -> str:
    """The text form XObject ``ref`` draws, extracted as on a page of its own."""
    page = PageObject.create_blank_page(reader, 600, 800)
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject({NameObject("/F"): ref})})
    content = DecodedStreamObject()
    content.set_data(b"/F Do")
    page[NameObject("/Contents")] = content
    return page.extract_text()


def sheet_pieces(reader: PdfReader) -> dict:
    """Every placed copy of every face of a kit's PDF, measured, and the thin strokes of its
    sheets (JSON-ready, for tests/conftest.py's ``kit_pieces`` cache):

    ``{"texts": {form id: text}, "pages": [{"number", "size", "copies", "strokes"}]}`` (``size``
    the page's width and height in mm), pages with at
    least one placed face only.  A copy is ``{"form", "art", "shown", "fills"}``: ``art`` the
    box (mm, top-left origin) of everything the face draws, clip paths ignored (the trim plus
    the face's full bleed when its background runs into the bleed); ``shown`` what of it
    shows inside the clip paths in force (None: nothing); ``fills`` the RGB fill colours it
    paints (``#RRGGBB``).  ``strokes`` are the boxes of the sheet's own stroked lines (not a
    face's) thinner than 0.01 mm across: crop marks, cut guides, registration crosses.
    """
    from pdfgeom import paints

    texts: dict[int, str] = {}
    pages = []
    for number, page in enumerate(reader.pages, 1):
        resources = page.get("/Resources")
        forms = resources.get_object().get("/XObject") if resources is not None else None
        forms = forms.get_object() if forms is not None else {}
        if not any(str(name).startswith("/Fc") for name in forms):
            continue
        copies: dict[str, dict] = {}
        strokes = []
        for p in paints(page):
            if not p.form:
                if p.op == "stroke" and min(p.size) < 0.01:
                    strokes.append(list(p.box))
                continue
            copy = copies.get(p.form)
            if copy is None:
                ref = forms.raw_get(p.form.split("#")[0])
                if ref.idnum not in texts:
                    texts[ref.idnum] = form_text(reader, ref)
                copy = copies[p.form] = {"form": ref.idnum, "art": list(p.box), "shown": None, "fills": set()}
            copy["art"] = _union(copy["art"], p.box)
            if p.shown is not None:
                copy["shown"] = list(p.shown) if copy["shown"] is None else _union(copy["shown"], p.shown)
            if p.op != "stroke" and len(p.fill) == 3:
                copy["fills"].add("#" + "".join(f"{round(v * 255):02X}" for v in p.fill))
        for copy in copies.values():
            copy["fills"] = sorted(copy["fills"])
        size = [float(page.mediabox.width) * 25.4 / 72, float(page.mediabox.height) * 25.4 / 72]
        pages.append({"number": number, "size": size, "copies": list(copies.values()), "strokes": strokes})
    return {"texts": texts, "pages": pages}


def _union(a, b) -> list[float]:
    return [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
