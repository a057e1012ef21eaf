"""SVG sheets -> vector PDF pages (CairoSVG), assembled into one kit PDF (pypdf).

``render_sheets`` converts each distinct face once and places it on every sheet that holds it
as a form XObject, under the sheet's overlay (``pnp.printing.placed``); ``svg_to_pdf`` and
``convert_all`` convert whole SVG pages (calibration sheets).  pypdf joins the pages, appends
the reportlab rules pages,
sets page boxes (Cairo cannot set TrimBox/BleedBox), document metadata, bookmarks and the
viewer preferences a home printer should honour (``/PrintScaling /None``, duplex hint).
Fonts come from ``fonts/`` only: ``isolate_fontconfig()`` runs before Cairo loads.

Writing the result is ``pnp.files.write_atomically``'s job (no partial PDF at the output path).
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import Iterable, Sequence

from pnp.components.fonts import isolate_fontconfig
from pnp.geometry import mm_to_pt

isolate_fontconfig()      # here, in the process that owns (and removes) the config; Cairo loads later
from pypdf import PdfReader, PdfWriter  # noqa: E402
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject,  # noqa: E402
                           StreamObject, TextStringObject)

from pnp.printing.overlay import pdf_number as _pdf_num  # noqa: E402

DUPLEX_HINT = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "none": "/Simplex", "fold": "/Simplex"}


def cairosvg_module():
    """CairoSVG, imported on first use.  Loading it costs a process some 0.15 s of CPU
    (cairocffi reads Cairo's C declarations), which a build's first process saves when its
    background process does every conversion; fontconfig is already pointed at ``fonts/``
    (``isolate_fontconfig`` at this module's import, inherited by forked processes)."""
    import cairosvg
    import cairosvg.parser
    import cairosvg.surface

    return cairosvg


def svg_to_pdf(svg: str) -> bytes:
    """One SVG page (size in mm) as a one-page vector PDF."""
    return cairosvg_module().svg2pdf(bytestring=svg.encode("utf-8"))


def convert_all(svgs: Sequence[str], ticker: Iterable | None = None, workers: int | None = None) -> list[bytes]:
    """Convert many SVG pages, on up to ``workers`` processes (default: every core).

    Each page converts on its own, so the result does not depend on the worker count.
    ``ticker`` is advanced once per finished page (e.g. a progress task's ticks).
    """
    workers = workers or min(os.cpu_count() or 1, 4)
    tick = iter(ticker) if ticker is not None else None
    results: list[bytes] = []
    if workers <= 1 or len(svgs) < 8:
        for svg in svgs:
            results.append(svg_to_pdf(svg))
            if tick:
                next(tick, None)
        return results
    from concurrent.futures import ProcessPoolExecutor

    cairosvg_module()       # loaded once here, not in every worker
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for page in pool.map(svg_to_pdf, svgs, chunksize=4):
            results.append(page)
            if tick:
                next(tick, None)
    return results


# ------------------------------------------------------------------ sheets by placement
def _convert_pages(svgs: Sequence[str], plain: dict | None = None) -> bytes:
    """Many SVG pages (sizes in mm) as ONE multi-page vector PDF.

    One Cairo document holds every page, so a font's glyphs are subset and embedded once
    for all of them.  Each page is drawn by CairoSVG exactly as ``svg_to_pdf`` draws it
    (same surface class, 96 dpi); only the Cairo surface is shared.  A page of nothing but
    plain lines of text and plain boxes (an overlay's label, note or tile map:
    ``pnp.printing.overlay.plain_page``; a face's page never is one) is drawn with Cairo's
    own calls instead, a line of text at a time (``_show_text``, ``_draw_rect``): the same
    glyphs at the same places, without CairoSVG's glyph-by-glyph work (the overlay parts of
    the default kit with most tiles: 0.073 -> 0.035 s of CPU, 28 of its 34 parts drawn so).
    ``plain`` gives such pages already as values, by page: (size mm, texts), as
    ``SplitOverlay.plain`` holds them for the texts an overlay draws from values (its
    footer's label), so that those pages are not read back from their SVG.
    """
    from pnp.printing.overlay import PlainRect, plain_page

    cairosvg = cairosvg_module()
    cairo = cairosvg.surface.cairo
    out = io.BytesIO()
    shared: list = []

    def surface(width: float, height: float):
        if not shared:
            shared.append(cairo.PDFSurface(out, width, height))
        else:
            shared[0].set_size(width, height)
        return shared[0]

    class _Page(cairosvg.surface.PDFSurface):
        def _create_surface(self, width, height):
            return surface(width, height), width, height

    known = plain or {}
    for svg in svgs:
        page = known.get(svg)
        plain = page if page is not None else plain_page(svg)
        if plain is None:
            page = _Page(cairosvg.parser.Tree(bytestring=svg.encode("utf-8")), None, 96)
            page.cairo.show_page()
            continue
        (width_mm, height_mm), items = plain
        # the page and its frame as CairoSVG sets them up (96 dpi, the viewBox in mm), in its
        # steps, so that every number comes out as it would from CairoSVG
        pt_per_px, px_per_mm = 1 / (96 * (1 / 72)), 96 * (1 / 25.4)
        width_px, height_px = width_mm * px_per_mm, height_mm * px_per_mm
        context = cairo.Context(surface(width_px * pt_per_px, height_px * pt_per_px))
        context.scale(pt_per_px, pt_per_px)
        context.rectangle(0, 0, width_px, height_px)
        context.clip()
        scale = min(width_px / width_mm, height_px / height_mm)
        context.scale(scale, scale)
        context.translate((width_px / scale - width_mm) / 2, (height_px / scale - height_mm) / 2)
        for item in items:
            (_draw_rect if isinstance(item, PlainRect) else _show_text)(cairo, context, item)
        shared[0].show_page()
    shared[0].finish()
    return out.getvalue()


def _draw_rect(cairo, context, rect) -> None:
    """Draw ``rect`` (a ``pnp.printing.overlay.PlainRect``) with the calls CairoSVG makes for
    a plain ``<rect>``: the current point at its corner, the box, filled, then stroked with
    SVG's defaults (butt caps, miter joins, miter limit 4)."""
    context.save()
    context.set_miter_limit(4.0)
    context.move_to(rect.x, rect.y)
    context.rectangle(rect.x, rect.y, rect.width, rect.height)
    context.save()
    context.set_source_rgba(*rect.fill, 1.0)
    context.fill_preserve()
    context.restore()
    if rect.stroke is not None:
        context.save()
        context.set_line_width(rect.stroke_width)
        context.set_source_rgba(*rect.stroke, 1.0)
        context.stroke()
        context.restore()
    context.new_path()
    context.restore()


def _show_text(cairo, context, text) -> None:
    """Draw ``text`` (a ``pnp.printing.overlay.PlainText``) as CairoSVG draws a plain
    ``<text>``: Cairo's toy font API, the font chosen by family, slant and weight, the anchor
    from the extents of the whole line; each glyph advanced by its own advance, as CairoSVG
    advances each letter.  CairoSVG leaves a space undrawn (a gap); here it is the blank glyph
    it is, so that the page's text reads back with its spaces."""
    context.save()
    context.set_source_rgba(*text.rgb, 1.0)
    slant = {"italic": cairo.FONT_SLANT_ITALIC, "oblique": cairo.FONT_SLANT_OBLIQUE}.get(text.slant,
                                                                                       cairo.FONT_SLANT_NORMAL)
    weight = cairo.FONT_WEIGHT_BOLD if text.weight == "bold" else cairo.FONT_WEIGHT_NORMAL
    context.select_font_face(text.family, slant, weight)
    context.set_font_size(text.size)
    x_bearing, _y_bearing, width = context.text_extents(text.chars)[:3]
    shift = {"middle": -(width / 2 + x_bearing), "end": -(width + x_bearing)}.get(text.anchor, 0.0)
    context.move_to(text.x, text.y)
    context.rel_move_to(shift, 0.0)     # as CairoSVG moves: the same rounding, to 1/256 pt
    context.show_text(text.chars)
    context.restore()


def sheet_faces(sheets: Sequence) -> list:
    """Every face the ``sheets`` place (``Sheet.art``), each once, in order of first placement."""
    return list({id(p.face): p.face for sheet in sheets for p in sheet.art}.values())


class FacePages:
    """Distinct faces converted to PDF once each: every face's page, by face.

    The SVG faces are pages of one Cairo document (``_convert_pages``: fonts subset once),
    made here or in a background process (``convert_faces``); a face typeset by reportlab
    (``face.meta["pdf"]``) is its own one-page PDF.  Faces whose documents are equal share
    one page.
    """

    def __init__(self, faces: Sequence, documents: list, index: dict[int, int], converted):
        self._faces = list(faces)           # keeps the faces alive: ``index`` is by id()
        self._documents = documents         # distinct face documents (SVG str or PDF bytes)
        self._index = index                 # id(face) -> position in ``documents``
        self._converted = converted         # the SVG documents' PDF (bytes) or a Future of it
        self._pages: list | None = None

    def __len__(self) -> int:
        return len(self._documents)

    def __contains__(self, face) -> bool:
        return id(face) in self._index

    def number(self, face) -> int:
        """The position of ``face``'s document among the distinct ones (its form's number)."""
        return self._index[id(face)]

    def pages(self) -> list[tuple[PdfReader, int]]:
        """(reader, page index) of each distinct document, in order (waits for a background
        conversion)."""
        if self._pages is None:
            pdf = self._converted.result() if hasattr(self._converted, "result") else self._converted
            reader = PdfReader(io.BytesIO(pdf)) if pdf else None
            svg_page = iter(range(len(self._documents)))
            self._pages = [(reader, next(svg_page)) if isinstance(doc, str) else (PdfReader(io.BytesIO(doc)), 0)
                           for doc in self._documents]
        return self._pages


def convert_faces(faces: Sequence, background=None) -> FacePages:
    """Convert each distinct face of ``faces`` once (``pnp.printing.placed.face_document``).

    ``background``: a ``pnp.printing.background.Background`` (a build's): it converts the
    faces while this process goes on (``FacePages.pages`` waits for it); the same document
    either way."""
    from pnp.printing.placed import face_document

    documents: list = []
    position: dict = {}
    index: dict[int, int] = {}
    for face in faces:
        if id(face) not in index:
            doc = face_document(face)
            index[id(face)] = position.setdefault(doc, len(documents))
            if index[id(face)] == len(documents):
                documents.append(doc)
    svgs = [doc for doc in documents if isinstance(doc, str)]
    if not svgs:
        converted = b""
    elif background is not None:
        converted = background.submit(_convert_pages, svgs)
    else:
        converted = _convert_pages(svgs)
    return FacePages(faces, documents, index, converted)


def render_sheets(sheets: Sequence, ticker: Iterable | None = None, background=None,
                  faces: FacePages | None = None) -> bytes:
    """Every sheet (``pnp.printing.imposition.Sheet``) as one page of one vector PDF.

    Each distinct face is converted once and becomes one form XObject (``/Fc<n>``); each
    sheet's page draws its placed faces (transformed, clipped) and then its overlay: the
    overlay's plain lines (crop marks, ruler ticks) as path operators and the rest as form
    XObjects (``/Ov<n>``) of SVG converted once per distinct part (``pnp.printing.overlay``).
    Sheets of one overlay share its content stream.  So the work and the file grow with
    distinct faces and layouts, not with copies.  Same input, same bytes.

    ``faces``: the sheets' faces already converted (``convert_faces``; a face it lacks is
    converted here); ``background``: converts the overlays' parts (and the faces, when
    ``faces`` is None), so that this process need not load Cairo; ``ticker`` is advanced
    once per finished sheet (e.g. a progress task's ticks).
    """
    from pnp.printing.overlay import Lines, Moved, line_operators, split_overlays
    from pnp.printing.placed import face_box

    placed_faces = sheet_faces(sheets)
    if faces is None:
        faces = convert_faces(placed_faces, background)
    missing = [face for face in placed_faces if face not in faces]
    extra = convert_faces(missing) if missing else None
    overlay_svgs = [sheet.overlay.svg() for sheet in sheets]
    splits = split_overlays([sheet.overlay for sheet in sheets])
    segments = list(dict.fromkeys(part.svg if isinstance(part, Moved) else part
                                  for split in splits.values() for part in split.parts if not isinstance(part, Lines)))
    segment_of = {svg: k for k, svg in enumerate(segments)}
    plain = {part: (split.size_mm, texts) for split in splits.values() for part, texts in split.plain}
    if not segments:
        segment_reader = None
    elif background is not None:    # after the faces: this process then never loads Cairo
        segment_reader = PdfReader(io.BytesIO(background.submit(_convert_pages, segments, plain).result()))
    else:
        segment_reader = PdfReader(io.BytesIO(_convert_pages(segments, plain)))

    writer = PdfWriter()
    forms: dict[tuple, object] = {}

    def form(key: tuple, reader: PdfReader, index: int):
        """Page ``index`` of ``reader`` as a form XObject of ``writer`` (made once per key)."""
        if key not in forms:
            page = reader.pages[index]
            forms[key] = writer._add_object(_page_form(page, writer))
        return forms[key]

    def face_form(face) -> tuple[str, object]:
        book, first = (faces, 0) if face in faces else (extra, len(faces))
        k = book.number(face)
        reader, index = book.pages()[k]
        return f"/Fc{first + k}", form(("face", first + k), reader, index)

    overlays: dict[str, tuple] = {}     # overlay -> (content stream ref or None, its forms, page size pt)

    def overlay_content(overlay: str) -> tuple:
        if overlay not in overlays:
            split = splits[overlay]
            ops, names = [], {}
            for part in split.parts:
                if isinstance(part, Lines):
                    ops.append(line_operators(part, split.size_mm[1]))
                    continue
                k = segment_of[part.svg if isinstance(part, Moved) else part]
                names[f"/Ov{k}"] = form(("overlay", k), segment_reader, k)
                if isinstance(part, Moved):     # mm right and down -> pt, y up
                    ops.append(f"q 1 0 0 1 {_pdf_num(part.dx * 72 / 25.4)} {_pdf_num(-part.dy * 72 / 25.4)} cm "
                               f"/Ov{k} Do Q\n")
                else:
                    ops.append(f"/Ov{k} Do\n")
            if split.size_mm is not None:
                size = tuple(round(v * 72 / 25.4, 6) for v in split.size_mm)
            else:       # kept whole: its one SVG part's page gives the size
                box = segment_reader.pages[segment_of[split.parts[0]]].mediabox
                size = (float(box.width), float(box.height))
            ref = None
            if ops:
                stream = DecodedStreamObject()
                stream.set_data("".join(ops).encode("ascii"))
                ref = writer._add_object(stream.flate_encode(level=6))
            overlays[overlay] = (ref, names, size)
        return overlays[overlay]

    k_pt = 72 / 25.4
    tick = iter(ticker) if ticker is not None else None
    for sheet, overlay_svg in zip(sheets, overlay_svgs):
        if tick:
            next(tick, None)
        overlay_ref, names, (width_pt, height_pt) = overlay_content(overlay_svg)
        page = writer.add_blank_page(width=width_pt, height=height_pt)
        xobjects = DictionaryObject({NameObject(name): ref for name, ref in names.items()})
        contents = []
        if sheet.art:
            ops = [f"q {_pdf_matrix((k_pt, 0, 0, -k_pt, 0, height_pt))} cm"]
            for placed in sheet.art:
                name, ref = face_form(placed.face)
                xobjects[NameObject(name)] = ref
                lo, _w, h = face_box(placed.face)
                # face page (pt, y up, origin at its bottom-left) -> face trim mm (y down)
                from_page = (1 / k_pt, 0.0, 0.0, -1 / k_pt, lo, lo + h)
                ops.append(f"q {_pdf_matrix(placed.outer)} cm")
                if placed.clip is not None:
                    x, y, w, hh = placed.clip
                    ops.append(f"{_pdf_num(x)} {_pdf_num(y)} {_pdf_num(w)} {_pdf_num(hh)} re W n")
                ops.append(f"{_pdf_matrix(_multiply(placed.inner, from_page))} cm {name} Do Q")
            ops.append("Q")
            under = DecodedStreamObject()
            under.set_data(("\n".join(ops) + "\n").encode("ascii"))
            contents.append(writer._add_object(under.flate_encode(level=6)))
        if overlay_ref is not None:
            contents.append(overlay_ref)
        if xobjects:
            page[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        if contents:
            page[NameObject("/Contents")] = ArrayObject(contents)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _page_form(page, writer) -> StreamObject:
    """``page`` (of another document) as a form XObject for ``writer``: its content stream
    as it is (still compressed when it is one stream), its resources, its media box as the
    form's bounding box."""
    contents = page.get("/Contents")
    if contents is not None and not isinstance(contents.get_object(), ArrayObject):
        stream = contents.get_object().clone(writer)       # the encoded bytes, not decoded again
        stream = stream.get_object() if hasattr(stream, "get_object") else stream
    else:
        stream = DecodedStreamObject()
        data = page.get_contents()
        stream.set_data(data.get_data() if data is not None else b"")
        stream = stream.flate_encode(level=6)
    stream.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([FloatObject(float(v)) for v in page.mediabox]),
        NameObject("/Resources"): page["/Resources"].clone(writer) if "/Resources" in page else DictionaryObject(),
    })
    return stream


def _multiply(m, n):
    from pnp.printing.placed import multiply

    return multiply(m, n)


def _pdf_matrix(m) -> str:
    return " ".join(_pdf_num(v) for v in m)


@dataclass(frozen=True)
class PageSource:
    """A run of pages to put into the kit: PDF bytes plus the bookmark of its first page.

    ``page`` picks one page of ``pdf`` (0-based; None: every page).  Sources that share one
    ``pdf`` object share its objects in the kit (a face drawn on many sheets is stored once).
    """

    pdf: bytes
    bookmark: str
    trim_mm: tuple[float, float, float, float] | None = None   # x, y, w, h; None: the whole page
    bleed_mm: float = 0.0
    page: int | None = None


#: The note on an intentionally blank page: light grey, small, in the margin band (a
#: printer driver set to skip blank pages would drop an empty one and shift every later back).
BLANK_NOTE_INK = "#B5ADA0"


def blank_page(paper, note: str = "", spot: tuple[float, float] | None = None) -> bytes:
    """A one-page PDF, ``paper`` size (``pnp.geometry.Paper``, mm): the back of a one-sided
    sheet in a file printed double-sided.  ``note`` ("This page is intentionally blank", in
    the kit's language) is set small and light in the kit's italic font, right-aligned at
    ``spot`` (x, baseline mm from the top-left: ``sheet_overlay.blank_note_spot``, a margin
    band that backs no piece of the front after the flip; default: the long-edge spot with
    the default margins); without it the page is empty.  Deterministic (reportlab invariant
    mode)."""
    if not note:
        writer = PdfWriter()
        writer.add_blank_page(width=mm_to_pt(paper.width), height=mm_to_pt(paper.height))
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from pnp.components.fonts import font, register_reportlab
    from pnp.geometry import DEFAULT_MARGIN_MM
    from pnp.printing.sheet_overlay import BLANK_NOTE_SIZE_MM, blank_note_spot

    x, baseline = spot if spot is not None else blank_note_spot(paper, DEFAULT_MARGIN_MM, 7.0, "long")
    size = mm_to_pt(BLANK_NOTE_SIZE_MM)
    register_reportlab()
    out = io.BytesIO()
    w, h = mm_to_pt(paper.width), mm_to_pt(paper.height)
    name = font("italic").reportlab_name
    canvas = Canvas(out, pagesize=(w, h), invariant=1, pageCompression=1, initialFontName=name,
                    initialFontSize=size)
    canvas.setFillColor(HexColor(BLANK_NOTE_INK))
    canvas.setFont(name, size)
    canvas.drawRightString(mm_to_pt(x), h - mm_to_pt(baseline), note)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def assemble(sources: Sequence[PageSource], metadata: dict[str, str], duplex: str = "long",
             lang: str = "en") -> bytes:
    """Join ``sources`` into one PDF with page boxes, bookmarks and metadata.

    ``metadata`` keys are PDF info names without the slash (Title, Subject, Keywords, and
    custom keys such as Game, Players, Language).  Returns the PDF bytes.
    """
    writer = PdfWriter()
    bookmarks = []
    readers: dict[int, PdfReader] = {}
    for source in sources:
        reader = readers.get(id(source.pdf))
        if reader is None:
            reader = readers[id(source.pdf)] = PdfReader(io.BytesIO(source.pdf))
        first = len(writer.pages)
        for page in (reader.pages if source.page is None else [reader.pages[source.page]]):
            added = writer.add_page(page)
            _set_boxes(added, source)
        if source.bookmark:
            bookmarks.append((source.bookmark, first))
    for title, index in bookmarks:
        writer.add_outline_item(title=title, page_number=index)
    writer.add_metadata({f"/{k}": v for k, v in metadata.items()})
    writer._root_object[NameObject("/Lang")] = TextStringObject(lang)
    prefs = DictionaryObject()
    prefs[NameObject("/PrintScaling")] = NameObject("/None")
    prefs[NameObject("/Duplex")] = NameObject(DUPLEX_HINT.get(duplex, "/Simplex"))
    writer._root_object[NameObject("/ViewerPreferences")] = prefs
    name_subsets(writer)
    writer.compress_identical_objects()
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _set_boxes(page, source: PageSource) -> None:
    media = page.mediabox
    if source.trim_mm is None:
        box = ArrayObject([FloatObject(media.left), FloatObject(media.bottom), FloatObject(media.right), FloatObject(media.top)])
        page[NameObject("/TrimBox")] = box
        page[NameObject("/BleedBox")] = box
        return
    x, y, w, h = source.trim_mm
    height = float(media.top)
    trim = [mm_to_pt(x), height - mm_to_pt(y + h), mm_to_pt(x + w), height - mm_to_pt(y)]
    b = mm_to_pt(source.bleed_mm)
    bleed = [trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b]
    page[NameObject("/TrimBox")] = ArrayObject([FloatObject(round(v, 4)) for v in trim])
    page[NameObject("/BleedBox")] = ArrayObject([FloatObject(round(v, 4)) for v in bleed])


# ------------------------------------------------------------------------------- fonts
_TAG_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _resolve(obj):
    return obj.get_object() if hasattr(obj, "get_object") else obj


def _page_fonts(pages) -> list:
    """Every font dictionary used by ``pages`` (page and form XObject resources, Type0
    fonts' descendants), each once, as resolved pypdf dictionaries."""
    found, seen = [], set()

    def visit_resources(resources, depth: int = 0) -> None:
        resources = _resolve(resources)
        if not resources or depth > 20:
            return
        for ref in (_resolve(resources.get("/Font")) or {}).values():
            font = _resolve(ref)
            if id(font) in seen:
                continue
            seen.add(id(font))
            found.append(font)
            for child in _resolve(font.get("/DescendantFonts")) or []:
                found.append(_resolve(child))
            if font.get("/Resources") is not None:      # Type 3 glyph procedures
                visit_resources(font["/Resources"], depth + 1)
        for ref in (_resolve(resources.get("/XObject")) or {}).values():
            xobject = _resolve(ref)
            if id(xobject) not in seen and xobject.get("/Subtype") == "/Form" and xobject.get("/Resources") is not None:
                seen.add(id(xobject))
                visit_resources(xobject["/Resources"], depth + 1)

    for page in pages:
        visit_resources(page.get("/Resources"))
    return found


def _program(font):
    """(descriptor, embedded font program bytes or None) of a font dictionary."""
    descriptor = _resolve(font.get("/FontDescriptor"))
    if descriptor is None:
        return None, None
    for key in ("/FontFile2", "/FontFile3", "/FontFile"):
        if descriptor.get(key) is not None:
            return descriptor, _resolve(descriptor[key]).get_data()
    return descriptor, None


def _split_tag(name: str) -> tuple[str, str]:
    """``'ABCDEF+Lato-Bold'`` -> ``('ABCDEF', 'Lato-Bold')``; untagged: ``('', name)``."""
    if len(name) > 7 and name[6] == "+" and name[:6].isalpha() and name[:6].isupper():
        return name[:6], name[7:]
    return "", name


def name_subsets(writer: PdfWriter) -> None:
    """Give every embedded subset a tag made from its own font program (6 letters of a
    SHA-256 of the program), so one tag never names two programs.

    reportlab starts the subsets of every document at ``AAAAAA+``; the contents page and
    the rules sheet are separate documents, so a kit held two different programs named
    ``AAAAAA+Lato-Regular`` (ISO 32000-1, 9.6.4 asks for distinct tags).  Equal programs
    get equal tags, so the output stays byte-identical for equal input.
    """
    import hashlib

    for font in _page_fonts(writer.pages):
        descriptor, program = _program(font)
        base = str(font.get("/BaseFont", ""))
        if program is None or not base:
            continue
        tag, name = _split_tag(base.lstrip("/"))
        if not tag:
            continue
        digest = hashlib.sha256(name.encode() + b"\0" + program).digest()
        new_tag = "".join(_TAG_LETTERS[b % 26] for b in digest[:6])
        font[NameObject("/BaseFont")] = NameObject(f"/{new_tag}+{name}")
        descriptor[NameObject("/FontName")] = NameObject(f"/{new_tag}+{name}")
        for child in _resolve(font.get("/DescendantFonts")) or []:
            child = _resolve(child)
            child[NameObject("/BaseFont")] = NameObject(f"/{new_tag}+{name}")
    # Type0 fonts: Cairo names the parent "<tag>+<name>" as well.
    for font in _page_fonts(writer.pages):
        if font.get("/Subtype") == "/Type0":
            kids = _resolve(font.get("/DescendantFonts")) or []
            if kids:
                font[NameObject("/BaseFont")] = NameObject(str(_resolve(kids[0])["/BaseFont"]))


def _foreign_glyphs(program: bytes, name: str, glyphs: dict) -> str | None:
    """Why an embedded ``program`` named ``name`` is not the bundled font, or None."""
    from pnp.components.fonts import glyph_signatures

    try:
        found = glyph_signatures(program)
    except ValueError as exc:
        return f"cannot be compared with fonts/ ({exc})"
    foreign = found - glyphs.get(name, frozenset())
    if foreign:
        return (f"holds {len(foreign)} of {len(found)} glyphs whose outlines are not in the bundled "
                f"{name} (another font under its name)")
    return None


def font_problems(pdf: bytes, allowed: frozenset[str], glyphs: dict | None = None) -> list[str]:
    """What is wrong with the fonts of a finished PDF, as one sentence each; [] if nothing.

    Every font must be embedded, be one of ``allowed`` (PostScript names of the kit's own
    fonts, without the subset tag), and no subset tag may name two different font
    programs.  With ``glyphs`` (PostScript name -> glyph signatures of the bundled TTF,
    ``pnp.components.fonts.bundled_glyphs``), every glyph of every embedded program must
    be a glyph of the bundled font of its name (a font proven, not named).  Reads the PDF
    as a printer would (pypdf), so a font that crept in through any route (a fontconfig
    fallback in Cairo, reportlab's Helvetica) is caught.
    """
    import hashlib

    reader = PdfReader(io.BytesIO(pdf))
    problems: list[str] = []
    programs: dict[str, set[str]] = {}
    proven: set[tuple[str, str]] = set()
    for index, page in enumerate(reader.pages, 1):
        for font in _page_fonts([page]):
            subtype = str(font.get("/Subtype", ""))
            if subtype == "/Type0":
                continue   # checked through its descendant
            base = str(font.get("/BaseFont", "")).lstrip("/")
            if subtype == "/Type3":
                problems.append(f"page {index}: a Type 3 font ({base or 'unnamed'}) is not one of the kit's fonts")
                continue
            tag, name = _split_tag(base)
            _, program = _program(font)
            if name not in allowed:
                problems.append(f"page {index}: font {base or 'unnamed'} is not one of the kit's fonts "
                                f"({', '.join(sorted(allowed))})")
            elif program is None:
                problems.append(f"page {index}: font {base} is not embedded")
            else:
                digest = hashlib.sha256(program).hexdigest()
                if tag:
                    programs.setdefault(base, set()).add(digest)
                if glyphs is not None and (name, digest) not in proven:
                    proven.add((name, digest))
                    problem = _foreign_glyphs(program, name, glyphs)
                    if problem:
                        problems.append(f"page {index}: font {base} {problem}")
    for base, digests in sorted(programs.items()):
        if len(digests) > 1:
            problems.append(f"subset name {base} is used by {len(digests)} different font programs")
    return list(dict.fromkeys(problems))
