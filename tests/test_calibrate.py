"""`pnp calibrate`: a two-page sheet whose side-2 scales read the back offset, measured on the PDF."""

from xml.etree import ElementTree

import pytest
from pypdf import PdfReader

from pnp.printing.calibrate import (LINE_MM, SCALE_GAP_MM, SCALE_RANGE_MM, SPAN_X_MM, SPAN_Y_MM, ZERO, back_svg, front_svg,
                                    scale_names, stations)
from pnp.cli import main
from pnp.geometry import PAPERS
from pnp.printing.imposition import PrintSettings

from helpers import page_size_mm
from pdfgeom import paints, rgb, same_colour


def zero_ticks(page):
    """Red zero ticks of side 2: (x, y) of the vertical ones (read x) and horizontal ones (read y)."""
    red = [p for p in paints(page) if p.op == "stroke" and same_colour(p.stroke, rgb(ZERO))]
    return (sorted((p.box[0], p.centre[1]) for p in red if p.size[0] < 0.01),
            sorted((p.centre[0], p.box[1]) for p in red if p.size[1] < 0.01))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_sheet_lines_scales_and_instructions(tmp_path, capsys, paper):
    assert main(["calibrate", "--paper", paper, "--out", str(tmp_path)]) == 0
    reader = PdfReader(tmp_path / f"calibration-{paper}-en.pdf")
    assert len(reader.pages) == 2
    p = PAPERS[paper]
    for page in reader.pages:
        w, h = page_size_mm(page)
        assert abs(w - p.width) < 0.05 and abs(h - p.height) < 0.05
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge" and prefs["/PrintScaling"] == "/None"
    front = reader.pages[0].extract_text()
    for phrase in ("double-sided", "100 %", "--back-offset X,Y", "--scale-x", "150 mm", "100 mm", "hold it against"):
        assert phrase in front.replace("\n", " "), phrase
    assert "read the scales here" in reader.pages[1].extract_text()
    cx, cy = p.width / 2, p.height / 2
    # Side 1: station lines through the centre and SPAN mm either side, thin black strokes.
    lines = [q for q in paints(reader.pages[0]) if q.op == "stroke" and max(q.size) > 30 and min(q.size) < 0.01]
    verticals = sorted(round(q.box[0], 2) for q in lines if q.size[0] < 0.01 and abs(q.size[1] - 2 * LINE_MM) < 0.5)
    horizontals = sorted(round(q.box[1], 2) for q in lines if q.size[1] < 0.01 and abs(q.size[0] - 2 * LINE_MM) < 0.5)
    assert verticals == [round(cx - SPAN_X_MM, 2), round(cx, 2), round(cx + SPAN_X_MM, 2)]
    assert horizontals == [round(cy - SPAN_Y_MM, 2), round(cy, 2), round(cy + SPAN_Y_MM, 2)]
    # Side 2: each scale's 0 lies on its station, so a perfect printer reads 0 everywhere.
    xs, ys = zero_ticks(reader.pages[1])
    assert sorted(round(x, 2) for x, _ in xs) == [round(cx - SPAN_X_MM, 2), round(cx, 2), round(cx + SPAN_X_MM, 2)]
    assert sorted(round(y, 2) for _, y in ys) == [round(cy - SPAN_Y_MM, 2), round(cy, 2), round(cy + SPAN_Y_MM, 2)]


def test_calibration_with_back_offset_moves_side_2_scales_by_exactly_that(tmp_path):
    plain, moved = tmp_path / "plain", tmp_path / "moved"
    assert main(["calibrate", "--out", str(plain)]) == 0
    assert main(["calibrate", "--back-offset", "1.5,-2", "--out", str(moved)]) == 0
    a = zero_ticks(PdfReader(plain / "calibration-a4-en.pdf").pages[1])
    b = zero_ticks(PdfReader(moved / "calibration-a4-en.pdf").pages[1])
    for before, after in zip(a, b):
        assert len(before) == len(after) == 3
        for (x0, y0), (x1, y1) in zip(before, after):
            assert abs((x1 - x0) - 1.5) < 0.01 and abs((y1 - y0) + 2) < 0.01
    # Side 1 is the reference: unchanged.
    assert PdfReader(plain / "calibration-a4-en.pdf").pages[0].get_contents().get_data() == \
        PdfReader(moved / "calibration-a4-en.pdf").pages[0].get_contents().get_data()


def test_danish_calibration_sheet(tmp_path):
    assert main(["calibrate", "--lang", "da", "--out", str(tmp_path)]) == 0
    text = PdfReader(tmp_path / "calibration-a4-da.pdf").pages[0].extract_text()
    assert "Kalibrering" in text and "dobbeltsidet" in text and "Print both" not in text


@pytest.mark.parametrize("args, needles", [
    (["--back-offset", "3"], ["--back-offset", "X,Y"]),
    (["--paper", "a3"], ["--paper", "a3"]),
    (["--lang", "fr"], ["--lang", "'fr'"]),
    (["--scale-y", "1.2"], ["--scale-y"]),
])
def test_bad_calibrate_options(tmp_path, capsys, args, needles):
    out = tmp_path / "out"
    code = main(["calibrate", *args, "--out", str(out)])
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert code != 0 and len(lines) == 1 and lines[0].startswith("error: ")
    for needle in needles:
        assert needle in lines[0]
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("lang, scales_word", [("en", "scales"), ("da", "skalaer")])
def test_labels_formulas_and_scale_count_agree(tmp_path, lang, scales_word):
    """Side 2's station labels are the letters side 1's formulas use, the worked example obeys
    the formula, and the text counts the scales side 2 prints (two at the centre)."""
    import re

    from pnp.printing.calibrate import calibration_texts
    from pnp.model.catalog import data_dir

    assert main(["calibrate", "--lang", lang, "--out", str(tmp_path)]) == 0
    reader = PdfReader(tmp_path / f"calibration-a4-{lang}.pdf")
    front = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    texts, file = calibration_texts(data_dir(), lang)
    left, right, top, bottom = (texts[f"station_{k}"] for k in ("left", "right", "top", "bottom"))
    # Side 2 (its SVG: the PDF's text extraction runs the short labels together) labels each
    # station beside it.
    paper = PAPERS["a4"]
    labels = {el.text: (float(el.get("x")), float(el.get("y")))
              for el in ElementTree.fromstring(back_svg(paper, texts, file, PrintSettings(paper))).iter()
              if el.tag.endswith("text") and el.text}
    for name, label in (("left", left), ("right", right), ("top", top), ("bottom", bottom)):
        sx, sy = stations(paper)[name]
        reach = SCALE_GAP_MM + SCALE_RANGE_MM + 6
        assert label in labels and abs(labels[label][0] - sx) < reach and abs(labels[label][1] - sy) < reach, name
    assert f"--scale-x 1+({right}-{left})/{2 * SPAN_X_MM:g}" in front
    assert f"--scale-y 1+({bottom}-{top})/{2 * SPAN_Y_MM:g}" in front
    example = re.search(rf"{re.escape(left)} = \+?(-?[\d.,]+) \w+ {re.escape(right)} = \+?(-?[\d.,]+) \w+ "
                        r"--scale-x (\d+(?:\.\d+)?)", front)
    assert example, "no worked --scale-x example with the station letters"
    l, r = (float(v.replace(",", ".")) for v in example.groups()[:2])
    assert abs(float(example.group(3)) - (1 + (r - l) / (2 * SPAN_X_MM))) < 1e-9
    xs, ys = zero_ticks(reader.pages[1])
    assert f"{len(xs) + len(ys)} {scales_word}" in front
    assert len(xs) + len(ys) == 6


def test_danish_calibration_uses_danish_letters_and_says_how_to_write_decimals(tmp_path):
    """Danish station letters (V, H for venstre, højre; T, B for top, bund: the review of
    2026-11 rejected Ø/N, which Danes read as øst/nord), and since its prose writes decimals
    with a comma, it says that the command line wants a point (1,5 is an error)."""
    import re

    from pnp.printing.calibrate import calibration_texts
    from pnp.model.catalog import data_dir

    english, _ = calibration_texts(data_dir(), "en")
    danish, _ = calibration_texts(data_dir(), "da")
    assert [danish[f"station_{k}"] for k in ("left", "right", "top", "bottom")] == ["V", "H", "T", "B"]
    scale_step = next(step for step in danish["steps"] if "--scale-x" in step)
    assert "1+(H-V)/" in scale_step and "1+(B-T)/" in scale_step
    assert main(["calibrate", "--lang", "da", "--out", str(tmp_path)]) == 0
    front = re.sub(r"\s+", " ", PdfReader(tmp_path / "calibration-a4-da.pdf").pages[0].extract_text())
    assert "+1,5" in front and "--back-offset 1.5,-0.5" in front
    assert "decimaltal med punktum" in front
    assert main(["calibrate", "--back-offset", "1,5,-2", "--out", str(tmp_path / "bad")]) != 0


PT_PER_MM = 72 / 25.4


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_scales_long_labels_large_steps_numbered_and_the_command_to_type(tmp_path, lang, paper):
    """Issue 11, point 7: every side-2 scale is at least 30 mm long and covers -10..+10 (what
    --back-offset takes), with numbers on it; every text on both sides is 7 pt or more; the
    steps are numbered 1, 2, 3 ...; the reading ends in the exact command to type, whose two
    numbers are the worked example's readings."""
    import re

    from pnp.model.catalog import data_dir
    from pnp.printing.calibrate import calibration_texts

    texts, file = calibration_texts(data_dir(), lang)
    p = PAPERS[paper]
    back = ElementTree.fromstring(back_svg(p, texts, file, PrintSettings(p)))
    front = ElementTree.fromstring(front_svg(p, texts, file))
    # scales, read off the tick ids: tick-<station>-<axis>-<value>
    ticks: dict[tuple[str, str], list[float]] = {}
    for el in back.iter():
        m = re.fullmatch(r"tick-(\w+)-([xy])-(-?[\d.]+)", el.get("id") or "")
        if m:
            ticks.setdefault((m.group(1), m.group(2)), []).append(float(m.group(3)))
    assert set(ticks) == set(scale_names(p)) and len(ticks) == 6
    numbers = {el.text for el in back.iter() if el.tag.endswith("text") and el.text}
    for scale, values in ticks.items():
        assert max(values) - min(values) >= 30, scale
        assert min(values) <= -10 and max(values) >= 10, scale
        assert 0.5 in values and -0.5 in values, scale            # half-millimetre ticks
    assert {"-10", "-5", "0", "5", "10"} <= numbers
    # every text on both sides but the standard sheet footer: 7 pt or more (font-size is in mm)
    for side in (front, back):
        footer = {id(el) for g in side.iter() if g.get("id") == "footer" for el in g.iter()}
        sizes = [float(el.get("font-size")) for el in side.iter()
                 if el.tag.endswith("text") and el.get("font-size") and id(el) not in footer]
        assert sizes and min(sizes) * PT_PER_MM >= 7.0, min(sizes) * PT_PER_MM
    # numbered steps in order, and the worked example's command
    assert main(["calibrate", "--paper", paper, "--lang", lang, "--out", str(tmp_path)]) == 0
    text = PdfReader(tmp_path / f"calibration-{paper}-{lang}.pdf").pages[0].extract_text()
    flat = re.sub(r"\s+", " ", text)
    numbered = [int(n) for n in re.findall(r"(?:^|\n)(\d+)\. ", text)]
    assert numbered == list(range(1, len(texts["steps"]) + 1)) and len(numbered) >= 5
    command = re.search(r"(?:^|\n)pnp build \S+ --back-offset (-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\s*(?:\n|$)", text)
    assert command, "the command to type stands on its own line"
    x, y = command.groups()
    number = r"\+?([-−]?\d+(?:[.,]\d+)?)"   # the prose may write a minus sign (U+2212)
    readings = re.search(rf"X (?:\w+ )?{number} \w+ Y (?:\w+ )?{number}", flat)
    assert readings, "the worked example names the X and Y readings"
    assert [float(v.replace(",", ".").replace("−", "-")) for v in readings.groups()] == [float(x), float(y)]
