"""The bad-input corpus (every ``cases*.yaml`` beside this file), run in-process through
``pnp.cli.main``: each case gives exactly one line on stderr that matches its ``expect``,
a non-zero exit status, no traceback, and leaves no file behind (the scratch folder holds
the same files before and after the run).
"""

from __future__ import annotations

import errno
import io
import os
import shutil
from pathlib import Path

import pytest

from pnp.cli import main
from pnp.model.catalog import DEFAULT_DATA_DIR, read_yaml

HERE = Path(__file__).parent
#: Every ``cases*.yaml`` beside this file, in name order (``cases.yaml`` for data and text,
#: ``cases_process.yaml`` for signals, output and paths, ...): one list of cases.
CASE_FILES = sorted(HERE.glob("cases*.yaml"))
CASES = [case for path in CASE_FILES for case in (read_yaml(path).value or [])]
KINDS = ("data", "options", "text", "fonts", "output")


def test_corpus_covers_every_kind_with_40_cases():
    counts = {kind: sum(case["kind"] == kind for case in CASES) for kind in KINDS}
    assert len(CASES) >= 40 and all(counts[kind] >= 5 for kind in KINDS), counts
    assert len({case["id"] for case in CASES}) == len(CASES), "case ids are unique"
    assert {case["kind"] for case in CASES} <= set(KINDS)


# ---------------------------------------------------------------- injected faults
def _foreign_font_page(monkeypatch):
    """A page set in reportlab's Helvetica (not one of ours, not embedded) slips into the kit."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.printing import pdf as pdfout

    original = pdfout.assemble

    def assemble(sources, metadata, **kwargs):
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=(595, 842), invariant=1)
        canvas.setFont("Helvetica", 12)
        canvas.drawString(72, 720, "A page from somewhere else")
        canvas.save()
        return original(list(sources) + [pdfout.PageSource(buffer.getvalue(), "")], metadata, **kwargs)

    monkeypatch.setattr(pdfout, "assemble", assemble)


def _unembedded_kit_font(monkeypatch):
    """The first font of page 1 loses its embedded program."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    from pnp.printing import pdf as pdfout

    original = pdfout.assemble

    def assemble(sources, metadata, **kwargs):
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(original(sources, metadata, **kwargs))))
        fonts = writer.pages[0]["/Resources"]["/Font"]
        first = fonts[sorted(fonts)[0]].get_object()
        descriptor = first["/FontDescriptor"].get_object()
        for key in ("/FontFile2", "/FontFile3", "/FontFile"):
            if key in descriptor:
                del descriptor[NameObject(key)]
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()

    monkeypatch.setattr(pdfout, "assemble", assemble)


def _disk_full(monkeypatch):
    """The disk fills up after the kit's PDF is staged, while its manifest is written."""
    import pnp.files

    real = pnp.files.tempfile.mkstemp
    calls = []

    def mkstemp(prefix="", suffix="", dir=None):
        calls.append(prefix)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.path.join(dir, prefix.strip(".")))
        return real(prefix=prefix, suffix=suffix, dir=dir)

    monkeypatch.setattr(pnp.files.tempfile, "mkstemp", mkstemp)


def _blank_sheets(monkeypatch):
    """Sheets converted to blank pages: for faults found after conversion, whose drawing the
    other tests check, so a case does not spend seconds in Cairo."""
    from pnp.geometry import PAPERS
    from pnp.printing import pdf as pdfout

    blank = pdfout.blank_page(PAPERS["a4"])
    monkeypatch.setattr(pdfout, "convert_all", lambda svgs, ticker=None, workers=None: [blank for _ in svgs])


PATCHES = {"foreign_font_page": _foreign_font_page, "unembedded_kit_font": _unembedded_kit_font,
           "disk_full": _disk_full, "blank_sheets": _blank_sheets}


# -------------------------------------------------------------------------- runner
def _apply(edit: dict, tmp: Path) -> None:
    path = tmp / edit["file"]
    if edit.get("remove"):
        path.unlink()
    elif "replace" in edit:
        old, new = edit["replace"]
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
        path.write_text(text.replace(old, new), encoding="utf-8")
    elif "append" in edit:
        with path.open("a", encoding="utf-8") as fh:
            fh.write(edit["append"])
    elif "write_hex" in edit:
        path.write_bytes(bytes.fromhex(edit["write_hex"]))
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(edit["write"], encoding="utf-8")


def _files(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def own_fonts(tmp_path, monkeypatch):
    """A copy of fonts/ that a case may break, used instead of the real one."""
    from pnp.components import fonts

    target = tmp_path / "fonts"
    shutil.copytree(fonts.FONT_DIR, target)

    def clear():
        for cached in (fonts.fonts, fonts._ttf, fonts.postscript_names):
            cached.cache_clear()

    clear()
    monkeypatch.setattr(fonts, "FONT_DIR", target)
    yield target
    monkeypatch.undo()
    clear()


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_bad_input_gives_one_line(case, tmp_path, monkeypatch, capsys, request):
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    if case.get("fonts"):
        request.getfixturevalue("own_fonts")
    for edit in case.get("edits", []):
        _apply(edit, tmp_path)
    for patch in case.get("patch", "").split():
        PATCHES[patch](monkeypatch)
    places = {"data": str(data), "out": str(tmp_path / "out"), "tmp": str(tmp_path)}
    args = [arg.format(**places) for arg in case["args"]]
    if case.get("data_dir", True):
        args = ["--data-dir", str(data)] + args
    before = _files(tmp_path)

    status = main(args)

    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert status == case.get("status", 2), (status, err)
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    assert "Traceback" not in err + out
    import re

    assert re.search(case["expect"], lines[0]), f"{lines[0]!r} does not match {case['expect']!r}"
    assert _files(tmp_path) == before, "a file was left behind"
