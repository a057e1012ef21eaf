"""Print-on-demand exports: one face per page (PDF) or per image (PNG), plus a preflight report.

Targets (``--target``), with the source of every number:

* ``pdf-1up`` — one PDF per component, one face per page of trim + bleed (the kit's
  ``--bleed-mm``); TrimBox = the face's trim, BleedBox = trim + bleed (= MediaBox).  Faces
  with backs print front, back, front, back...  (print.md: "on a one-up print-shop page
  [the boxes] describe the component").
* ``dtc`` — DriveThruCards: one PDF per deck, pages 2.75 x 3.75 in = poker trim 2.5 x 3.5 in
  + 1/8 in bleed on every side, pages back, front, back, front...  (print.md).  Decks only.
* ``tgc`` — The Game Crafter: one PNG per distinct face at 300 dpi with 1/8 in bleed; a poker
  card is 825 x 1125 px (750 x 1050 trim, 675 x 975 safe; print.md).  Other components are
  exported at their own trim + 1/8 in bleed at 300 dpi.
* ``mpc`` — MakePlayingCards: one PNG per distinct card face at 300 dpi, poker 822 x 1122 px:
  a 750 x 1050 px (2.5 x 3.5 in) trim with 36 px = 0.12 in = 3.048 mm bleed per side.
  Source: MPC's poker image guide as quoted by several open-source card tools (print.md gives
  "63 x 88 mm trim with 0.12 in bleed; check their template"); not checked against
  makeplayingcards.com itself, and the preflight report says so.  Decks only.

Every face is re-rendered at the target's bleed (the caller re-runs the kit recipe), so the
bleed is always art, never a stretched or white border.  Each export writes
``preflight.txt`` and ``preflight.json``: what was measured on the written files, what the
target asks that the files do not meet (Cairo writes RGB only: no CMYK, no PDF/X-1a, ink
limit unchecked), and which components were not exported.  It never claims a conformance
the files lack.

Same inputs give byte-identical files.
"""

from __future__ import annotations

import io
import json
import re
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from pnp.geometry import CARD_SIZES, MM_PER_INCH

TARGETS = ("home", "pdf-1up", "tgc", "dtc", "mpc", "tts", "png")
SCREEN_TARGETS = ("tts", "png")     # for a screen, not a printer (pnp.printing.tts; page images)
POKER = CARD_SIZES["poker"]
TRIM_TOLERANCE_MM = 0.05


@dataclass(frozen=True)
class TargetSpec:
    """What one print-on-demand target asks for.

    ``bleed_mm`` None means the kit's own ``--bleed-mm``; ``dpi`` None means a vector PDF;
    ``decks_only`` exports only components of kind "deck"; ``back_first`` orders a deck's
    pages back, front (DriveThruCards); ``card_px`` is the image size the target checks for a
    poker card (PNG targets); ``source`` says where the numbers come from.
    """

    id: str
    name: str
    bleed_mm: float | None
    dpi: int | None
    decks_only: bool
    back_first: bool
    card_trim_mm: tuple[float, float] | None
    card_px: tuple[int, int] | None
    page_in: tuple[float, float] | None
    source: str
    not_met: tuple[tuple[str, str, str], ...]    # (check, status, detail) the files do not meet


SPECS = {
    "pdf-1up": TargetSpec(
        "pdf-1up", "one face per page (generic print shop)", None, None, False, False, None, None, None,
        "print.md: one-up print-shop pages; TrimBox = trim, BleedBox = trim + bleed",
        (("CMYK colour", "not met", "Cairo writes RGB only; convert with the shop's profile if it asks for CMYK"),
         ("PDF/X (X-1a, X-4)", "not met", "no OutputIntent, RGB colour; the file does not claim it"))),
    "dtc": TargetSpec(
        "dtc", "DriveThruCards", 0.125 * MM_PER_INCH, None, True, True, POKER, None, (2.75, 3.75),
        "print.md: 2.75 x 3.75 in per page with 1/8 in bleed, pages back, front, back, front...; PDF/X-1a, CMYK, "
        "ink <= 240 %",
        (("PDF/X-1a", "not met", "no OutputIntent, RGB colour, transparency not flattened; the file does not claim it"),
         ("CMYK colour", "not met", "Cairo writes RGB only; DriveThruCards asks for CMYK: convert before upload"),
         ("total ink <= 240 %", "not checked", "an RGB file has no ink values; check after CMYK conversion"))),
    "tgc": TargetSpec(
        "tgc", "The Game Crafter", 0.125 * MM_PER_INCH, 300, False, False, POKER, (825, 1125), None,
        "print.md: poker 825 x 1125 px (750 x 1050 trim, 675 x 975 safe) at 300 dpi",
        (("CMYK colour", "note", "not asked for: The Game Crafter takes RGB PNG uploads"),)),
    "mpc": TargetSpec(
        "mpc", "MakePlayingCards", 36 / 300 * MM_PER_INCH, 300, True, False, POKER, (822, 1122), None,
        "MPC poker image guide as quoted by open-source card tools: 822 x 1122 px at 300 dpi, 36 px (0.12 in) "
        "bleed, trim 750 x 1050 px; print.md: 63 x 88 mm trim with 0.12 in bleed, check their template. "
        "Assumption: not checked against makeplayingcards.com",
        (("template check", "not met", "the numbers come from third-party tools, not MPC's own site; compare one "
          "image with MPC's current poker template before ordering"),)),
}


@dataclass
class Piece:
    """One distinct face (and its back) of a component, with how many the kit holds."""

    component: str
    kind: str
    front: object          # pnp.components.svg.Face
    back: object | None
    count: int


def collect_pieces(runs) -> list[Piece]:
    """Distinct (front, back) pairs of every component, decks first, in kit order.

    ``runs`` are ``ComponentRun`` objects whose sheets carry ``faces`` (pnp.printing.imposition).
    Pieces with the same front and back face names are merged and counted.
    """
    ordered = [r for r in runs if r.kind == "deck"] + [r for r in runs if r.kind != "deck"]
    kind_of = {r.id: r.kind for r in runs}
    pieces: dict[tuple, Piece] = {}
    seen: set[int] = set()
    for run in ordered:
        for sheet in run.sheets:
            if id(sheet) in seen:       # a sheet shared by several components (packed pieces): once
                continue
            seen.add(id(sheet))
            for front, back in sheet.faces:
                component = front.component or run.id
                key = (component, front.name, back.name if back is not None else None)
                if key in pieces:
                    pieces[key].count += 1
                else:
                    pieces[key] = Piece(component, kind_of.get(component, run.kind), front, back, 1)
    return list(pieces.values())


def face_svg(face, background: bool = False) -> str:
    """A standalone SVG of ``face``: trim + bleed, in mm, the art clipped to the bleed box.

    ``background`` paints the paper white under the art (for PNGs, which have no paper).
    """
    from pnp.components.svg import group, new_sheet, rect, _num

    b = face.bleed
    w, h = face.width + 2 * b, face.height + 2 * b
    dwg = new_sheet(w, h)
    if background:
        dwg.add(rect(0, 0, w, h, fill="#FFFFFF"))
    clip = dwg.clipPath(id="bleed-box")
    clip.add(rect(0, 0, w, h))
    dwg.defs.add(clip)
    holder = group(clip_path="url(#bleed-box)")
    inner = group(transform=f"translate({_num(b)},{_num(b)})")
    inner.add(face.art)
    holder.add(inner)
    dwg.add(holder)
    return dwg.tostring()


def px_of(mm: float, dpi: int) -> int:
    return round(mm / MM_PER_INCH * dpi)


def face_png(face, dpi: int) -> bytes:
    """``face`` (trim + bleed) as an opaque PNG at ``dpi``, with a pHYs resolution chunk."""
    from pnp.printing.pdf import cairosvg_module

    cairosvg = cairosvg_module()
    w = px_of(face.width + 2 * face.bleed, dpi)
    h = px_of(face.height + 2 * face.bleed, dpi)
    png = cairosvg.svg2png(bytestring=face_svg(face, background=True).encode("utf-8"), output_width=w,
                           output_height=h, background_color="#FFFFFF")
    return _with_dpi(png, dpi)


def _with_dpi(png: bytes, dpi: int) -> bytes:
    """Insert (or replace) the pHYs chunk: ``dpi`` as pixels per metre."""
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    out, pos = [png[:8]], 8
    while pos < len(png):
        length = struct.unpack(">I", png[pos:pos + 4])[0]
        kind = png[pos + 4:pos + 8]
        end = pos + 12 + length
        if kind != b"pHYs":
            out.append(png[pos:end])
        if kind == b"IHDR":
            out.append(chunk)
        pos = end
    return b"".join(out)


def png_info(png: bytes) -> dict:
    """Width, height (px), colour type and dpi (from pHYs, or None) read from PNG bytes."""
    width, height, depth, colour = struct.unpack(">IIBB", png[16:26])
    dpi = None
    pos = 8
    while pos < len(png):
        length = struct.unpack(">I", png[pos:pos + 4])[0]
        if png[pos + 4:pos + 8] == b"pHYs":
            ppm, _, unit = struct.unpack(">IIB", png[pos + 8:pos + 17])
            dpi = round(ppm * 0.0254, 2) if unit == 1 else None
        pos += 12 + length
    kinds = {2: "RGB", 6: "RGBA", 0: "gray", 4: "gray+alpha", 3: "palette"}
    return {"width": width, "height": height, "bit_depth": depth, "colour": kinds.get(colour, str(colour)), "dpi": dpi}


def _opaque(png: bytes) -> bool:
    """True when every pixel of the PNG is fully opaque (decoded with Pillow)."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        if "A" not in image.getbands():
            return True
        return image.getchannel("A").getextrema()[0] == 255


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "face"


def refuse(target: str, runs) -> str:
    """``target`` when a kit whose components are ``runs`` can be exported for it (any bleed:
    only the pieces' trims count), so ``pnp build`` refuses before it converts anything.

    Raises:
        UsageError: ``target`` is not a print-on-demand target, or a card printer's target
            (``TargetSpec.card_trim_mm``) for a kit with no deck of that trim.
    """
    pieces = [p for p in collect_pieces(runs) if p.front.meta.get("pdf") is None and p.kind == "deck"]
    return refuse_trims(target, [(p.front.width, p.front.height) for p in pieces])


def refuse_trims(target: str, deck_trims_mm) -> str:
    """``refuse`` for a kit whose deck pieces have the trims ``deck_trims_mm`` ((width,
    height) mm each; none: no deck), known before the kit is laid out (a recipe's
    ``deck_trims_mm``).  Raises ``UsageError`` as ``refuse`` does."""
    from pnp.errors import UsageError

    if target in SCREEN_TARGETS:
        return target
    if target not in SPECS:
        raise UsageError(f"unknown target '{target}'; expected one of {', '.join(TARGETS)}", key="--target")
    spec = SPECS[target]
    if spec.decks_only and spec.card_trim_mm:
        trim = spec.card_trim_mm
        # A card printer makes cards: a deck of another size (e.g. 18 mm goods
        # tokens) is no upload for it, so refuse rather than write files the shop rejects.
        if not any(abs(w - trim[0]) < 0.01 and abs(h - trim[1]) < 0.01 for w, h in deck_trims_mm):
            sizes = sorted({f"{w:g} x {h:g} mm" for w, h in deck_trims_mm})
            found = f"its deck pieces are {', '.join(sizes)}" if sizes else "it has no deck"
            raise UsageError(f"--target {target} prints poker cards ({trim[0]:g} x {trim[1]:g} "
                             f"mm); this kit has no poker-size cards: {found}", key="--target")
    return target


def export(target: str, runs, kit_name: str, folder: Path, metadata: dict[str, str], lang: str,
           dash: str = " — ") -> list[tuple[Path, bytes]]:
    """The files of ``target`` for a kit whose components are ``runs`` (rendered at the target's bleed).

    Returns (path, bytes) pairs under ``folder``, the last two being ``preflight.json`` and
    ``preflight.txt``; the caller writes them atomically with the kit.

    Raises:
        UsageError: ``target`` is not a print-on-demand target.
    """
    spec = SPECS[refuse(target, runs)]
    pieces = collect_pieces(runs)
    skipped = []
    # Pieces typeset as PDF (player aids: ``pnp.kit.aids``) have no SVG art to export.
    typeset = sorted({p.component for p in pieces if p.front.meta.get("pdf") is not None})
    pieces = [p for p in pieces if p.front.meta.get("pdf") is None]
    if spec.decks_only:
        skipped = sorted({p.component for p in pieces if p.kind != "deck"})
        pieces = [p for p in pieces if p.kind == "deck"]
    files: list[tuple[Path, bytes]] = []
    report_files: list[dict] = []
    checks: list[dict] = []
    if spec.dpi is None:
        _export_pdfs(spec, pieces, folder, metadata, lang, files, report_files, checks, dash)
    else:
        _export_pngs(spec, pieces, folder, files, report_files, checks)
    no_bleed = sorted({p.component for p in pieces if p.front.bleed == 0})
    if no_bleed:
        checks.append({"check": "cut-out pieces", "status": "note",
                       "detail": f"{', '.join(no_bleed)} have no bleed (trim = bleed box): their cut line is drawn "
                                 "on the art"})
    for component in skipped:
        checks.append({"check": f"component '{component}'", "status": "not exported",
                       "detail": f"{spec.name} prints cards; print it with the home kit"})
    for component in typeset:
        checks.append({"check": f"component '{component}'", "status": "not exported",
                       "detail": "typeset text pieces (player aids) are printed with the home kit"})
    for check, status, detail in spec.not_met:
        checks.append({"check": check, "status": status, "detail": detail})
    report = {
        "target": spec.id,
        "printer": spec.name,
        "kit": kit_name,
        "source": spec.source,
        "bleed_mm": round(pieces[0].front.bleed, 4) if pieces else None,
        "files": report_files,
        "checks": checks,
        "conformance_claimed": "none: this report lists what was measured; the files claim no PDF/X or CMYK conformance",
    }
    files.append((folder / "preflight.json", (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode("utf-8")))
    files.append((folder / "preflight.txt", _report_text(report).encode("utf-8")))
    return files


def _report_text(report: dict) -> str:
    lines = [f"Preflight: {report['kit']} for {report['printer']} (--target {report['target']})",
             f"Specification: {report['source']}", ""]
    met = [c for c in report["checks"] if c["status"] == "met"]
    other = [c for c in report["checks"] if c["status"] != "met"]
    lines.append("Met (measured on the written files):")
    lines += [f"  [met] {c['check']}: {c['detail']}" for c in met] or ["  (nothing)"]
    lines.append("")
    lines.append("Not met, not checked, not exported, and notes:")
    lines += [f"  [{c['status']}] {c['check']}: {c['detail']}" for c in other] or ["  (nothing)"]
    lines.append("")
    lines.append("Files:")
    for f in report["files"]:
        size = f" {f['width_px']} x {f['height_px']} px" if "width_px" in f else f" {f['pages']} pages"
        lines.append(f"  {f['file']}:{size}, {f['count']} piece(s)")
    lines.append("")
    lines.append(f"Conformance claimed: {report['conformance_claimed']}.")
    return "\n".join(lines) + "\n"


def _export_pngs(spec: TargetSpec, pieces: list[Piece], folder: Path, files, report_files, checks) -> None:
    sizes_ok, dpi_ok, opaque = True, True, True
    card_faces = 0
    written: dict[str, bytes] = {}
    for piece in pieces:
        for side, face in (("front", piece.front), ("back", piece.back)):
            if face is None:
                continue
            name = _slug(f"{piece.component}-{face.name.split('/')[-1]}") + ".png"
            if name in written:
                continue
            png = face_png(face, spec.dpi)
            written[name] = png
            info = png_info(png)
            want = (px_of(face.width + 2 * face.bleed, spec.dpi), px_of(face.height + 2 * face.bleed, spec.dpi))
            is_card = piece.kind == "deck" and _same_trim(face, spec.card_trim_mm)
            if is_card:
                card_faces += 1
                want = spec.card_px
            sizes_ok &= (info["width"], info["height"]) == tuple(want)
            dpi_ok &= info["dpi"] == spec.dpi
            opaque &= _opaque(png)
            count = piece.count if side == "front" else sum(p.count for p in pieces if p.back is face)
            files.append((folder / name, png))
            report_files.append({"file": name, "component": piece.component, "side": side, "count": count,
                                 "width_px": info["width"], "height_px": info["height"], "dpi": info["dpi"],
                                 "trim_mm": [face.width, face.height], "bleed_mm": round(face.bleed, 4),
                                 "colour": info["colour"]})
    if spec.card_px:
        decks = [p for p in pieces if p.kind == "deck"]
        off = [p for p in decks if not _same_trim(p.front, spec.card_trim_mm)]
        if decks and not off:
            checks.append({"check": "poker card image size", "status": "met" if sizes_ok else "not met",
                           "detail": f"{card_faces} card images, each {spec.card_px[0]} x {spec.card_px[1]} px"})
        elif off:
            checks.append({"check": "poker card image size", "status": "not met",
                           "detail": f"card trim {off[0].front.width} x {off[0].front.height} mm is not poker "
                                     f"{POKER[0]} x {POKER[1]} mm; images are at the kit's own trim"})
    checks.append({"check": "pixel size = (trim + 2 x bleed) at the dpi", "status": "met" if sizes_ok else "not met",
                   "detail": f"{len(written)} PNG files"})
    checks.append({"check": f"resolution {spec.dpi} dpi", "status": "met" if dpi_ok else "not met",
                   "detail": "pHYs chunk of every PNG"})
    checks.append({"check": "opaque, bleed is art", "status": "met" if opaque else "not met",
                   "detail": "white paper under the art; every face re-rendered with "
                             f"{spec.bleed_mm:.3f} mm of its own art as bleed"})
    checks.append({"check": "colour", "status": "note", "detail": "RGB(A) PNG, sRGB assumed (no ICC profile embedded)"})


def _export_pdfs(spec: TargetSpec, pieces: list[Piece], folder: Path, metadata, lang, files, report_files,
                 checks, dash: str = " — ") -> None:
    from pypdf import PdfReader

    from pnp.printing import pdf as pdfout

    converted: dict[int, bytes] = {}

    def page_of(face):
        if id(face) not in converted:
            converted[id(face)] = pdfout.svg_to_pdf(face_svg(face))
        return converted[id(face)]

    boxes_ok, page_ok, order_ok = True, True, True
    by_component: dict[str, list[Piece]] = {}
    for piece in pieces:
        by_component.setdefault(piece.component, []).append(piece)
    measured = []
    for component, group in by_component.items():
        sources, expected = [], []
        for piece in group:
            for _ in range(piece.count):
                sides = [piece.front] + ([piece.back] if piece.back is not None else [])
                if spec.back_first and piece.back is not None:
                    sides.reverse()
                for face in sides:
                    b = face.bleed
                    sources.append(pdfout.PageSource(page_of(face), "", trim_mm=(b, b, face.width, face.height),
                                                     bleed_mm=b))
                    expected.append((face, "back" if face is piece.back else "front"))
        name = f"{_slug(component)}.pdf"
        data = pdfout.assemble(sources, {**metadata, "Title": f"{metadata.get('Title', '')}{dash}{component} ({spec.id})"},
                               duplex="none", lang=lang)
        files.append((folder / name, data))
        reader = PdfReader(io.BytesIO(data))
        for page, (face, _) in zip(reader.pages, expected):
            trim, bleed, media = (_box_mm(page, k) for k in ("/TrimBox", "/BleedBox", "/MediaBox"))
            b = face.bleed
            boxes_ok &= _close((trim[2] - trim[0], trim[3] - trim[1]), (face.width, face.height))
            boxes_ok &= _close((bleed[2] - bleed[0], bleed[3] - bleed[1]), (face.width + 2 * b, face.height + 2 * b))
            boxes_ok &= _close((trim[0] - bleed[0], trim[1] - bleed[1]), (b, b))
            boxes_ok &= _close(media, bleed, n=4)
            if spec.page_in:
                page_ok &= _close((media[2] - media[0], media[3] - media[1]),
                                  tuple(v * MM_PER_INCH for v in spec.page_in))
            measured.append((trim[2] - trim[0], trim[3] - trim[1], bleed[2] - bleed[0], bleed[3] - bleed[1]))
        if spec.back_first:
            order_ok &= all((i % 2 == 0) == (side == "back") for i, (_, side) in enumerate(expected))
        report_files.append({"file": name, "component": component, "pages": len(reader.pages),
                             "count": sum(p.count for p in group),
                             "page_sizes_mm": sorted({(round(m[2], 2), round(m[3], 2)) for m in measured})})
    checks.append({"check": "TrimBox = trim, BleedBox = trim + bleed = MediaBox", "status": "met" if boxes_ok else "not met",
                   "detail": f"every page, within {TRIM_TOLERANCE_MM} mm (read back from the written PDF)"})
    if spec.page_in:
        checks.append({"check": f"page {spec.page_in[0]} x {spec.page_in[1]} in", "status": "met" if page_ok else "not met",
                       "detail": "every page's MediaBox"})
    if spec.back_first:
        checks.append({"check": "page order back, front, back, front...", "status": "met" if order_ok else "not met",
                       "detail": "deck PDFs"})
    embedded = all(_fonts_embedded(PdfReader(io.BytesIO(data))) for path, data in files if path.suffix == ".pdf")
    checks.append({"check": "fonts embedded", "status": "met" if embedded else "not met",
                   "detail": "every font of every page has its font file in the PDF (text kept as text)"})
    checks.append({"check": "bleed is art", "status": "met",
                   "detail": f"every face with bleed re-rendered with {pieces[0].front.bleed if pieces else 0:.3f} mm "
                             "of its own art beyond the trim"})


def _fonts_embedded(reader) -> bool:
    """True when every font used by a page (or its form XObjects) carries an embedded font file."""
    def fonts_of(resources):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            yield font.get_object()
        for xobj in (resources.get("/XObject") or {}).values():
            yield from fonts_of(xobj.get_object().get("/Resources"))

    for page in reader.pages:
        for font in fonts_of(page.get("/Resources")):
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else None
            if font.get("/Subtype") == "/Type3":
                continue          # glyphs drawn in the PDF itself
            if desc is None or not any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                return False
    return True


def _box_mm(page, key: str) -> tuple[float, float, float, float]:
    box = page.get(key) or page.mediabox
    return tuple(float(v) * MM_PER_INCH / 72 for v in box)


def _close(a, b, n: int = 2) -> bool:
    return all(abs(x - y) <= TRIM_TOLERANCE_MM for x, y in zip(a[:n], b[:n]))


def _same_trim(face, trim) -> bool:
    return trim is not None and abs(face.width - trim[0]) < 0.01 and abs(face.height - trim[1]) < 0.01


# Split output (--split): one PDF per component kind, next to the whole kit.
SPLIT_GROUPS = {"deck": "cards", "board": "board", "table": "tables", "token": "tokens", "money": "tokens",
                "standee": "tokens", "die": "tokens"}


def split_group(kind: str) -> str:
    """The split file a component kind goes to: cards, board, tables, tokens (tokens, money,
    pawns, die) or, for a kind not listed, the kind itself."""
    return SPLIT_GROUPS.get(kind, kind)


def split_files(runs, sheet_pdfs: dict[int, bytes], rules, out_dir: Path, name: str, metadata: dict[str, str],
                duplex: str, lang: str, titles: dict[str, str] | None = None,
                dash: str = " — ") -> list[tuple[Path, bytes]]:
    """``<name>-<group>.pdf`` for every group the kit has (cards, board, tokens, tables, rules).

    Args:
        runs: the kit's ``ComponentRun`` objects, in kit order.
        sheet_pdfs: ``id(sheet) -> (PDF bytes, page index)`` of every converted sheet.
        rules: the rules ``PageSource``.
        titles: group id -> its name in the kit's language, for each file's title
            (``split_titles`` of ``data/common/lang/<lang>.yaml``); the group id where missing.
    Returns (path, bytes) pairs, in the order cards, board, tokens, tables, others, rules.  The
    file of a group with backs sheets keeps the kit's duplex hint; the others are one-sided
    (``/Simplex``).
    """
    from pnp.printing import pdf as pdfout

    groups: dict[str, list] = {}
    two_sided: set[str] = set()
    seen: set[int] = set()
    for run in runs:
        last = None
        for sheet in run.sheets:
            # A sheet shared by several components (packed one-sided pieces) goes to the
            # file of the first component on it, once.
            if id(sheet) in seen:
                continue
            seen.add(id(sheet))
            bookmark = sheet.bookmark if sheet.bookmark != last else ""
            last = sheet.bookmark
            pdf, index = sheet_pdfs[id(sheet)]
            groups.setdefault(split_group(run.kind), []).append(pdfout.PageSource(pdf, bookmark, page=index))
            if sheet.side == "back":
                two_sided.add(split_group(run.kind))
    order = ["cards", "board", "tokens", "tables"]
    names = [g for g in order if g in groups] + sorted(g for g in groups if g not in order)
    titles = titles or {}
    out = []
    for group in names:
        hint = duplex if group in two_sided else "none"  # a goods-token "deck" has no backs
        data = pdfout.assemble(groups[group], {**metadata, "Title": f"{metadata.get('Title', '')}{dash}{titles.get(group, group)}"},
                               duplex=hint, lang=lang)
        out.append((out_dir / f"{name}-{group}.pdf", data))
    # the reading matter is printed double-sided in every kit (pnp.printing.pagination)
    title = f"{metadata.get('Title', '')}{dash}{titles.get('rules', 'rules')}"
    data = pdfout.assemble([rules], {**metadata, "Title": title}, duplex="long",
                           lang=lang)
    out.append((out_dir / f"{name}-rules.pdf", data))
    return out
