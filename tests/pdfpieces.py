"""The pieces a kit's PDF prints: every face a sheet page places (a form XObject drawn with
``Do``, pnp.printing.placed) and the text that face shows, read back with pypdf."""

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
            if op == b"Do" and operands[0] in forms:
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
