"""Printer calibration sheet (``pnp calibrate``): read a printer's back offset and back scale.

One sheet, two pages: page 1 is side 1 (front), page 2 side 2 (back), printed duplex like a
kit.  Coordinates are sheet mm; "back-view" coordinates are those of side 2 as one looks at
it (x right, y down) — the coordinates ``--back-offset`` uses.

Side 1 carries thin lines at five *stations*: a crosshair at the sheet centre, vertical lines
``SPAN_X_MM`` left and right of it, horizontal lines ``SPAN_Y_MM`` above and below it; a
150 mm and a 100 mm ruler (is the printer at 100 %?) and numbered steps in plain words,
ending in the command to type.  Side 2 carries a scale at every station, two at the centre
(x and y), six in all, each 30 mm long (-15..+15, numbers every 5 mm at 8 pt, ticks every
0.5 mm like a ruler): a tick of value v sits at (station + v mm) in back-view coordinates.  Held against the light, a side-1 line shows
through side 2 and crosses the scale at the reading v.  If the printer puts the back content
at (scale s, shift e), the line reads v = -e / s at the centre, so:

* back offset X, Y = the readings of the centre's horizontal and vertical scales: moving
  backs by +v brings the scale's 0 onto the line (``--back-offset X,Y``, pnp.printing.imposition);
* back scale: with readings L, R on the left and right scales (as seen on side 2),
  ``--scale-x = 1 + (R - L) / (2 x SPAN_X_MM)``; likewise T, B: ``--scale-y = 1 + (B - T) /
  (2 x SPAN_Y_MM)``.  (A point p from the centre prints at s(k p) + ...; the readings differ
  by 2 SPAN (1/s - 1), and k = 1/s makes backs match fronts.)

The stations are symmetric about the sheet centre, so the sheet works for either flip edge.
``pnp calibrate --back-offset X,Y`` prints side 2 corrected, to check that every scale then
reads 0.  Text comes from ``data/common/lang/<lang>.yaml`` (key ``calibration``).
"""

from __future__ import annotations

from pathlib import Path

from pnp.model.locale import locale_for
from pnp.model.catalog import data_dir, read_yaml
from pnp.errors import DataError, UsageError
from pnp.geometry import HOME_PAPERS, PAPERS, Paper
from pnp.printing.imposition import PrintSettings, footer_group
from pnp.components.svg import circle, group, line, new_sheet, text, text_block
from pnp.components.text import fit

SPAN_X_MM = 80.0          # left / right stations from the centre
SPAN_Y_MM = 100.0         # top / bottom stations from the centre
LINE_STROKE_MM = 0.15
SCALE_RANGE_MM = 15.0     # a scale reads -15..+15 mm (30 mm long) in 0.5 mm steps: --back-offset takes +-10
SCALE_GAP_MM = 19.0       # from the station point to the scale's base line: more than the range plus a
                          # label, so the centre's two scales never meet
LABEL_EVERY_MM = 5        # numbered ticks (numbers of LABEL_MM need about 5 mm each)
LABEL_MM = 2.6            # 7.4 pt: readable through paper held to the light
LINE_MM = SCALE_GAP_MM + 6.0 + 10.0   # half length of a side-1 line: crosses its scale even 10 mm off
TEXT_MIN_MM = 2.6         # instructions never smaller than 7.4 pt
TICK_STROKE_MM = 0.12
ZERO = "#C1121F"
INK = "#000000"
GREY = "#444444"


def calibration_texts(root: Path, lang: str) -> tuple[dict, Path]:
    """The ``calibration`` strings of ``data/common/lang/<lang>.yaml`` and that file.

    Raises:
        UsageError: no such language file.  DataError: the key is missing.
    """
    folder = root / "common" / "lang"
    available = sorted(p.stem for p in folder.glob("*.yaml"))
    if lang not in available:
        raise UsageError(f"no '{lang}' text; languages: {', '.join(available) or 'none'}", key="--lang")
    file = folder / f"{lang}.yaml"
    from pnp.model.langfile import read_language

    texts = read_language(file).get("calibration")
    if not isinstance(texts, dict):
        raise DataError("missing the 'calibration' texts", file=file, key="calibration")
    return texts, file


def stations(paper: Paper) -> dict[str, tuple[float, float]]:
    """Station points (sheet mm, identical on both sides): centre, left, right, top, bottom."""
    cx, cy = paper.width / 2, paper.height / 2
    return {"centre": (cx, cy), "left": (cx - SPAN_X_MM, cy), "right": (cx + SPAN_X_MM, cy),
            "top": (cx, cy - SPAN_Y_MM), "bottom": (cx, cy + SPAN_Y_MM)}


def front_svg(paper: Paper, texts: dict, file: Path) -> str:
    """Side 1: station lines, rulers, instructions and the footer."""
    settings = PrintSettings(paper)
    dwg = new_sheet(paper.width, paper.height)
    where = f"{file}: calibration"
    marks = group(id="stations")
    st = stations(paper)
    cx, cy = st["centre"]
    for name, (x, y) in st.items():
        if name in ("centre", "left", "right"):
            marks.add(line(x, y - LINE_MM, x, y + LINE_MM, INK, LINE_STROKE_MM, id=f"line-x-{name}"))
        if name in ("centre", "top", "bottom"):
            marks.add(line(x - LINE_MM, y, x + LINE_MM, y, INK, LINE_STROKE_MM, id=f"line-y-{name}"))
        marks.add(circle(x, y, 1.2, stroke=INK, stroke_mm=0.1))
    dwg.add(marks)
    # Rulers: 150 mm across, 100 mm down the left edge, mm ticks.
    left = cx - 75.0
    top_ruler_y = cy + LINE_MM + 6.0
    dwg.add(_ruler(left, top_ruler_y, 150.0, horizontal=True, label=texts["ruler_150"], where=where))
    dwg.add(_ruler(12.0, cy - 50.0, 100.0, horizontal=False, label=texts["ruler_100"], where=where))
    # Title and instructions: above the centre station, and below the rulers.
    x0, x1 = 22.0, paper.width - 14.0
    title = fit(texts["title_front"], "display", x1 - x0, 8, 7, 4, where, max_lines=1)
    y = cy - SPAN_Y_MM + 4.0          # just under the top station's line
    dwg.add(text_block(title, x0, y, INK, "start", where))
    y += title.height + 1.5
    steps = [texts["intro"]] + [f"{n}. {step}" for n, step in enumerate(_steps(texts, paper), start=1)]
    # The steps run on from above the centre lines to below the rulers, one font size throughout.
    blocks = [(y, cy - LINE_MM - 2.0), (top_ruler_y + 6.0, cy + SPAN_Y_MM - 2.0)]
    _flow(dwg, steps, x0, x1, blocks, where)
    dwg.add(footer_group(paper, settings, texts["footer_front"]))
    return dwg.tostring()


def _steps(texts: dict, paper: Paper) -> list[str]:
    """The numbered steps of side 1, their fields filled: ``{span_x2}``, ``{span_y2}`` (the
    scale formulas' divisors) and ``{scales}`` (how many scales side 2 prints)."""
    fields = {"span_x2": f"{2 * SPAN_X_MM:g}", "span_y2": f"{2 * SPAN_Y_MM:g}",
              "scales": str(len(scale_names(paper)))}
    from pnp.model.i18n import fill_text

    return [fill_text(step, fields, "calibration", f"steps.{n}") for n, step in enumerate(texts["steps"])]


def _fill(text: str, values: dict) -> str:
    from pnp.model.i18n import fill_text

    return fill_text(text, values, "calibration", "subject")


def _flow(dwg, paragraphs: list[str], x0: float, x1: float, blocks: list[tuple[float, float]], where: str) -> float:
    """Set ``paragraphs`` in order into ``blocks`` ((top, bottom) mm, filled one after the other; a
    paragraph is never split), one common font size from 3.4 mm down to ``TEXT_MIN_MM``.
    Returns the y under the last paragraph.

    Raises:
        LayoutError: the paragraphs do not fit at ``TEXT_MIN_MM``.
    """
    from pnp.errors import LayoutError

    gap = 1.4
    size = 3.4
    while size >= TEXT_MIN_MM - 1e-9:
        fitted = [fit(p, "body", x1 - x0, 200, size, size, where) for p in paragraphs]
        placed, k = [], 0
        for top, bottom in blocks:
            y = top
            while k < len(fitted) and y + fitted[k].height <= bottom:
                placed.append((fitted[k], y))
                y += fitted[k].height + gap
                k += 1
        if k == len(fitted):
            for f, y in placed:
                dwg.add(text_block(f, x0, y, INK, "start", where))
            return placed[-1][1] + placed[-1][0].height if placed else blocks[0][0]
        size -= 0.1
    need = sum(f.height + gap for f in fitted)
    room = sum(bottom - top for top, bottom in blocks)
    raise LayoutError(f"the calibration text needs {need:.0f} mm at {TEXT_MIN_MM} mm type, has {room:.0f} mm; "
                      "shorten it", key=where)


def _paragraphs(dwg, paragraphs: list[str], x0: float, x1: float, y: float, room: float, where: str) -> float:
    """Set ``paragraphs`` from ``y`` down in at most ``room`` mm, one common font size."""
    return _flow(dwg, paragraphs, x0, x1, [(y, y + room)], where)


def _ruler(x: float, y: float, length: float, horizontal: bool, label: str, where: str):
    g = group()
    if horizontal:
        g.add(line(x, y, x + length, y, INK, 0.2))
    else:
        g.add(line(x, y, x, y + length, INK, 0.2))
    for mm in range(int(length) + 1):
        tick = 3.0 if mm % 10 == 0 else (2.0 if mm % 5 == 0 else 1.2)
        if horizontal:
            g.add(line(x + mm, y, x + mm, y - tick, INK, 0.12))
        else:
            g.add(line(x, y + mm, x + tick, y + mm, INK, 0.12))
    if horizontal:
        g.add(text(x + length / 2, y + 3.6, label, "body", 2.6, GREY, anchor="middle", where=where))
    else:
        t = text(0, 0, label, "body", 2.6, GREY, anchor="middle", where=where)
        holder = group(transform=f"translate({x - 1.6},{y + length / 2}) rotate(-90)")
        holder.add(t)
        g.add(holder)
    return g


def scale_ticks(paper: Paper) -> list[tuple[str, str, float, float]]:
    """Every side-2 scale tick as (station, axis, value mm, position mm) in back-view coordinates,
    before any correction: the tick of value v sits at the station + v along ``axis``."""
    out = []
    steps = int(SCALE_RANGE_MM * 2)
    for name, (x, y) in stations(paper).items():
        axes = {"centre": "xy", "left": "x", "right": "x", "top": "y", "bottom": "y"}[name]
        for axis in axes:
            for k in range(-steps, steps + 1):
                v = k / 2
                out.append((name, axis, v, (x if axis == "x" else y) + v))
    return out


def scale_names(paper: Paper) -> list[tuple[str, str]]:
    """The scales of side 2 as (station, axis), in drawing order: two at the centre, one at
    every other station."""
    return list(dict.fromkeys((name, axis) for name, axis, _, _ in scale_ticks(paper)))


def back_svg(paper: Paper, texts: dict, file: Path, settings: PrintSettings, num=None) -> str:
    """Side 2: a scale at every station (moved by the settings' back correction), short
    reading help, and the footer.  ``num`` writes a scale number in the sheet's language
    (``pnp.model.locale.LocaleFormat.num``: a minus sign, not a hyphen); default ``{v:g}``."""
    num = num or (lambda v: f"{v:g}")
    dwg = new_sheet(paper.width, paper.height)
    where = f"{file}: calibration"
    scales = group(id="scales")
    st = stations(paper)
    for name, axis, v, pos in scale_ticks(paper):
        x, y = st[name]
        whole = float(v).is_integer()
        numbered = v % LABEL_EVERY_MM == 0
        length = 4.5 if numbered else (3.0 if whole else 1.6)   # like a ruler: 5 mm, 1 mm, 0.5 mm
        colour = ZERO if v == 0 else INK
        stroke = TICK_STROKE_MM * (2 if v == 0 else 1)
        number = num(v)
        if axis == "x":
            base = y + SCALE_GAP_MM
            scales.add(line(pos, base, pos, base + length, colour, stroke, id=f"tick-{name}-x-{v:g}"))
            if numbered:
                scales.add(text(pos, base + length + LABEL_MM + 0.4, number, "bold", LABEL_MM, colour,
                                anchor="middle", where=where))
        else:
            base = x + SCALE_GAP_MM
            scales.add(line(base, pos, base + length, pos, colour, stroke, id=f"tick-{name}-y-{v:g}"))
            if numbered:
                scales.add(text(base + length + 0.8, pos + LABEL_MM * 0.36, number, "bold", LABEL_MM, colour,
                                where=where))
    # each scale's name (the letter the steps use) just past the scale's + end
    for name, axis in scale_names(paper):
        x, y = st[name]
        label = texts[f"scale_{name}_{axis}" if name == "centre" else f"station_{name}"]
        if axis == "x":    # beside the scale's end nearer the sheet's middle (never at the paper's edge)
            outer = x > st["centre"][0] + 1.0
            scales.add(text(x + (-1 if outer else 1) * (SCALE_RANGE_MM + 4.0), y + SCALE_GAP_MM + 4.0, label,
                            "heavy", 4.2, GREY, anchor="end" if outer else "start", where=where))
        else:              # above the scale's - end
            scales.add(text(x + SCALE_GAP_MM + 1.0, y - SCALE_RANGE_MM - 3.0, label, "heavy", 4.2, GREY,
                            where=where))
    if settings.corrects_backs:
        scales.attribs["transform"] = settings.back_transform()
    dwg.add(scales)
    cx, cy = st["centre"]
    x0, x1 = 22.0, paper.width - 14.0
    title = fit(texts["title_back"], "display", x1 - x0, 8, 7, 4, where, max_lines=1)
    y = cy - SPAN_Y_MM + SCALE_RANGE_MM + 4.0     # under the top station's scale
    dwg.add(text_block(title, x0, y, INK, "start", where))
    y += title.height + 2.0
    _paragraphs(dwg, [texts["back_help"], texts["wrong_edge"]], x0, x1, y, (cy - LINE_MM - 3.0) - y, where)
    if settings.corrects_backs:
        (sx, sy), (dx, dy) = settings.back_scale, settings.back_offset_mm
        note = texts["corrected"].format(x=f"{dx:g}", y=f"{dy:g}", sx=f"{sx:g}", sy=f"{sy:g}")
        y_note = cy + SCALE_GAP_MM + 12.0
        _paragraphs(dwg, [note], x0, x1, y_note, 20.0, where)
    dwg.add(footer_group(paper, PrintSettings(paper), texts["footer_back"]))
    return dwg.tostring()


def build_calibration(paper_id: str = "a4", lang: str = "en", out_dir: Path = Path("output"),
                      data_root: Path | None = None, back_offset: tuple[float, float] = (0.0, 0.0),
                      back_scale: tuple[float, float] = (1.0, 1.0)) -> Path:
    """Write ``<out_dir>/calibration-<paper>-<lang>.pdf`` (2 pages, exactly the paper) atomically.

    ``back_offset`` / ``back_scale`` print side 2 corrected (to check a reading: every scale
    should then read 0).  The PDF asks for long-edge duplex and no print scaling.

    Raises:
        UsageError: unknown paper or language, or a back correction out of range.
        DataError: the language file lacks the calibration texts.  OutputError: cannot write.
    """
    from pnp.files import write_atomically
    from pnp.printing import pdf as pdfout
    from pnp.printing.imposition import check_print_options

    if paper_id not in HOME_PAPERS:
        raise UsageError(f"unknown paper '{paper_id}'; expected one of {', '.join(HOME_PAPERS)}", key="--paper")
    check_print_options("long", back_offset, back_scale, "normal")
    root = data_dir(data_root)
    texts, file = calibration_texts(root, lang)
    paper = PAPERS[paper_id]
    settings = PrintSettings(paper, back_offset_mm=tuple(back_offset), back_scale=tuple(back_scale))
    pages = pdfout.convert_all([front_svg(paper, texts, file),
                                back_svg(paper, texts, file, settings, locale_for(root, lang).num)])
    sources = [pdfout.PageSource(pages[0], texts["title_front"]), pdfout.PageSource(pages[1], texts["title_back"])]
    metadata = {"Title": texts["title_front"], "Subject": _fill(texts["subject"], {"paper": paper.name}),
                "Creator": "pnp", "Paper": paper_id, "Language": lang}
    data = pdfout.assemble(sources, metadata, duplex="long", lang=lang)
    path = Path(out_dir) / f"calibration-{paper_id}-{lang}.pdf"
    write_atomically(Path(out_dir), [(path, data)], key="--out")
    return path
