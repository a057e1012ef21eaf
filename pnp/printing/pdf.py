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

isolate_fontconfig()
import cairosvg  # noqa: E402  (must follow isolate_fontconfig)
import cairosvg.parser  # noqa: E402
import cairosvg.surface  # noqa: E402
from pypdf import PdfReader, PdfWriter  # noqa: E402
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject,  # noqa: E402
                           TextStringObject)

DUPLEX_HINT = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge", "none": "/Simplex", "fold": "/Simplex"}


def svg_to_pdf(svg: str) -> bytes:
    """One SVG page (size in mm) as a one-page vector PDF."""
    return cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))


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

    with ProcessPoolExecutor(max_workers=workers) as pool:
        for page in pool.map(svg_to_pdf, svgs, chunksize=4):
            results.append(page)
            if tick:
                next(tick, None)
    return results


# ------------------------------------------------------------------ sheets by placement
def _convert_pages(svgs: Sequence[str]) -> bytes:
    """Many SVG pages (sizes in mm) as ONE multi-page vector PDF.

    One Cairo document holds every page, so a font's glyphs are subset and embedded once
    for all of them.  Each page is drawn by CairoSVG exactly as ``svg_to_pdf`` draws it
    (same surface class, 96 dpi); only the Cairo surface is shared.
    """
    out = io.BytesIO()
    shared: list = []

    class _Page(cairosvg.surface.PDFSurface):
        def _create_surface(self, width, height):
            if not shared:
                shared.append(cairosvg.surface.cairo.PDFSurface(out, width, height))
            else:
                shared[0].set_size(width, height)
            return shared[0], width, height

    for svg in svgs:
        page = _Page(cairosvg.parser.Tree(bytestring=svg.encode("utf-8")), None, 96)
        page.cairo.show_page()
    shared[0].finish()
    return out.getvalue()


CONVERT_CHUNKS = 2      # documents the distinct pages are split into (fixed: output never depends on cores)


def _chunks(svgs: Sequence[str], n: int) -> list[list[int]]:
    """Page indices in ``n`` groups of about equal SVG length (a stand-in for conversion
    time), each in page order; deterministic."""
    loads = [0] * n
    groups: list[list[int]] = [[] for _ in range(n)]
    for i in sorted(range(len(svgs)), key=lambda i: (-len(svgs[i]), i)):
        k = loads.index(min(loads))
        groups[k].append(i)
        loads[k] += len(svgs[i])
    return [sorted(g) for g in groups if g]


def convert_distinct(svgs: Sequence[str], workers: int | None = None, background=None) -> list[tuple["PdfReader", int]]:
    """Convert ``svgs`` (distinct pages) into ``CONVERT_CHUNKS`` multi-page PDFs, on up to
    ``workers`` processes (default: every core, at most 4; one where ``PNP_BUILD_PROCESSES=1``).
    Returns, per input page, the reader of its document and its page index there.

    ``background``: a ``pnp.printing.background.Background`` already forked (a build's):
    it converts the second document while this process converts the first, and no new
    process is started (the same documents either way)."""
    from pnp.printing.background import processes_allowed

    groups = _chunks(svgs, CONVERT_CHUNKS)
    if workers is None and processes_allowed() < 2:
        workers = 1
    workers = min(workers or min(os.cpu_count() or 1, 4), len(groups))
    batches = [[svgs[i] for i in g] for g in groups]
    if background is not None and len(batches) > 1:
        later = [background.submit(_convert_pages, b) for b in batches[1:]]
        documents = [_convert_pages(batches[0])] + [job.result() for job in later]
    elif workers <= 1 or sum(len(s) for s in svgs) < 200_000:
        documents = [_convert_pages(b) for b in batches]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            documents = list(pool.map(_convert_pages, batches))
    where: list = [None] * len(svgs)
    for group, document in zip(groups, documents):
        reader = PdfReader(io.BytesIO(document))
        for k, i in enumerate(group):
            where[i] = (reader, k)
    return where


def render_sheets(sheets: Sequence, workers: int | None = None, ticker: Iterable | None = None,
                  background=None) -> bytes:
    """Every sheet (``pnp.printing.imposition.Sheet``) as one page of one vector PDF.

    Each distinct face is converted once (``pnp.printing.placed.face_document``) and becomes
    one form XObject; each sheet's page draws its placed faces (transformed, clipped) and
    then its overlay (marks, footer, labels), which is converted as its own page, once per
    distinct overlay.  So the work and the file grow with distinct faces and layouts, not
    with copies.  Same input, same bytes.
    ``ticker`` is advanced once per finished sheet (e.g. a progress task's ticks);
    ``background``: as ``convert_distinct``'s.
    """
    from pnp.printing.placed import face_box, face_document

    face_key: dict[int, int] = {}       # id(face) -> distinct face index
    face_docs: list[str | bytes] = []   # SVG to convert, or a ready PDF page (face_document)
    doc_index: dict[str | bytes, int] = {}
    for sheet in sheets:
        for placed in sheet.art:
            if id(placed.face) not in face_key:
                doc = face_document(placed.face)
                face_key[id(placed.face)] = doc_index.setdefault(doc, len(face_docs))
                if face_key[id(placed.face)] == len(face_docs):
                    face_docs.append(doc)
    svg_faces = [i for i, doc in enumerate(face_docs) if isinstance(doc, str)]
    # Sheets of one layout carry the same overlay (a deck's card sheets: the same crop marks
    # and footer): each distinct overlay is converted once too, its content shared by its pages.
    overlays = list(dict.fromkeys(sheet.overlay for sheet in sheets))
    overlay_of = {overlay: k for k, overlay in enumerate(overlays)}
    converted = convert_distinct([face_docs[i] for i in svg_faces] + overlays, workers, background)
    pages: list = [None] * len(face_docs)
    for k, i in enumerate(svg_faces):
        pages[i] = converted[k]
    for i, doc in enumerate(face_docs):
        if not isinstance(doc, str):
            pages[i] = (PdfReader(io.BytesIO(doc)), 0)
    pages += converted[len(svg_faces):]
    faces_of = {k: next(p.face for s in sheets for p in s.art if face_key[id(p.face)] == k)
                for k in range(len(face_docs))}

    writer = PdfWriter()
    xobjects: dict[int, object] = {}

    def xobject(k: int):
        if k not in xobjects:
            reader, index = pages[k]
            page = reader.pages[index]
            contents = page.get_contents()
            form = DecodedStreamObject()
            form.set_data(contents.get_data() if contents is not None else b"")
            form = form.flate_encode(level=6)
            form.update({
                NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Form"),
                NameObject("/BBox"): ArrayObject([FloatObject(float(v)) for v in page.mediabox]),
                NameObject("/Resources"): page["/Resources"].clone(writer) if "/Resources" in page else DictionaryObject(),
            })
            xobjects[k] = writer._add_object(form)
        return xobjects[k]

    k_pt = 72 / 25.4
    tick = iter(ticker) if ticker is not None else None
    for number, sheet in enumerate(sheets):
        if tick:
            next(tick, None)
        reader, index = pages[len(face_docs) + overlay_of[sheet.overlay]]
        page = writer.add_page(reader.pages[index])
        if not sheet.art:
            continue
        height_pt = float(page.mediabox.top)
        ops = [f"q {_pdf_matrix((k_pt, 0, 0, -k_pt, 0, height_pt))} cm"]
        names = {}
        for placed in sheet.art:
            k = face_key[id(placed.face)]
            name = names.setdefault(k, f"/Fc{k}")
            lo, _w, h = face_box(faces_of[k])
            # face page (pt, y up, origin at its bottom-left) -> face trim mm (y down)
            from_page = (1 / k_pt, 0.0, 0.0, -1 / k_pt, lo, lo + h)
            ops.append(f"q {_pdf_matrix(placed.outer)} cm")
            if placed.clip is not None:
                x, y, w, hh = placed.clip
                ops.append(f"{_pdf_num(x)} {_pdf_num(y)} {_pdf_num(w)} {_pdf_num(hh)} re W n")
            ops.append(f"{_pdf_matrix(_multiply(placed.inner, from_page))} cm {name} Do Q")
        ops.append("Q")
        resources = page["/Resources"].get_object() if "/Resources" in page else DictionaryObject()
        resources = DictionaryObject(resources)
        xdict = DictionaryObject(resources.get("/XObject", DictionaryObject()).get_object()) \
            if "/XObject" in resources else DictionaryObject()
        for k, name in names.items():
            xdict[NameObject(name)] = xobject(k)
        resources[NameObject("/XObject")] = xdict
        page[NameObject("/Resources")] = resources
        under = DecodedStreamObject()
        under.set_data(("\n".join(ops) + "\n").encode("ascii"))
        page[NameObject("/Contents")] = ArrayObject([writer._add_object(under.flate_encode(level=6)),
                                                     *_content_refs(page, writer)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _content_refs(page, writer) -> list:
    contents = page.get("/Contents")
    if contents is None:
        return []
    if isinstance(contents.get_object(), ArrayObject):
        return list(contents.get_object())
    return [contents if hasattr(contents, "idnum") else writer._add_object(contents)]


def _multiply(m, n):
    from pnp.printing.placed import multiply

    return multiply(m, n)


def _pdf_num(v: float) -> str:
    text = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


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


def blank_page(paper) -> bytes:
    """A one-page PDF with nothing on it, ``paper`` size (``pnp.geometry.Paper``, mm): the
    back of a one-sided sheet in a file printed double-sided."""
    writer = PdfWriter()
    writer.add_blank_page(width=mm_to_pt(paper.width), height=mm_to_pt(paper.height))
    out = io.BytesIO()
    writer.write(out)
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


def font_problems(pdf: bytes, allowed: frozenset[str]) -> list[str]:
    """What is wrong with the fonts of a finished PDF, as one sentence each; [] if nothing.

    Every font must be embedded, be one of ``allowed`` (PostScript names of the kit's own
    fonts, without the subset tag), and no subset tag may name two different font
    programs.  Reads the PDF as a printer would (pypdf), so a font that crept in through
    any route (a fontconfig fallback in Cairo, reportlab's Helvetica) is caught.
    """
    import hashlib

    reader = PdfReader(io.BytesIO(pdf))
    problems: list[str] = []
    programs: dict[str, set[str]] = {}
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
            elif tag:
                programs.setdefault(base, set()).add(hashlib.sha256(program).hexdigest())
    for base, digests in sorted(programs.items()):
        if len(digests) > 1:
            problems.append(f"subset name {base} is used by {len(digests)} different font programs")
    return list(dict.fromkeys(problems))
