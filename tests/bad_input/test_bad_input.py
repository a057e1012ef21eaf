"""The bad-input corpus (every ``cases*.yaml`` beside this file).  Each case runs on a
fresh copy of ``data/`` (``--data-dir``) as a user runs it: the installed ``pnp`` console
script in its own process (``_run_subprocess``), its working folder, ``$HOME`` and
``$TMPDIR`` inside the case's scratch folder.  The one exception is a case that injects a
fault into pnp's own code or its bundled fonts (``patch:`` names faults from ``PATCHES``;
``fonts: true`` swaps ``pnp.components.fonts.FONT_DIR`` for a copy the case breaks, as
the fonts have no command-line option and breaking the installed ones would break every
other test): a monkeypatch reaches only this process, so those cases run in-process
through ``pnp.cli.main``.  Either way a case gives exactly one line on stderr that matches its
``expect``, the documented exit status, no traceback, and leaves nothing behind: the
scratch folder holds the same files before and after the run (no kit, no ``.part``), a
subprocess's ``$TMPDIR`` is empty again, and no file a case names in ``absent`` exists
(what a hostile template would have made).  Every case is a ``kit`` test
(tests/conftest.py): a process start costs about half a second of CPU.

The cases are grouped by kind, one file each: ``cases_<kind>.yaml`` holds the cases of
``kind: <kind>`` (``KINDS``).  The fields of a case:

- ``id`` (unique in the corpus), ``kind``;
- ``args``: the pnp command line; ``{data}``, ``{out}``, ``{tmp}`` stand for the case's
  data copy, output folder and scratch folder; the runner prefixes ``--data-dir {data}``
  unless the case sets ``data_dir: false``;
- ``edits``, applied to the copies before the run, each naming a ``file`` relative to
  ``{tmp}`` and one of ``replace: [old, new]`` (``old`` occurs exactly once), ``append``,
  ``write``, ``write_hex`` (bytes), ``remove: true``, ``copy`` (another file below
  ``{tmp}``), ``symlink`` (its target), ``fifo: true``, ``mkdir: true``; ``times: N``
  repeats the new text N times;
- ``expect``: a regex the one line must match; ``{appended_line}`` stands for the line the
  first ``append`` lands on, ``{replaced_line}`` for the line where the first ``replace``
  begins;
- ``status``: the exit status (default 2);
- ``absent``: files, relative to ``{tmp}``, that must not exist afterwards;
- ``kill_worker: S`` (SIGKILL the command's first child process S seconds after it
  appears), ``nofile: N`` (at most N open files), ``cwd_gone: true`` (the working folder
  is deleted before the command starts): see ``_run_subprocess``;
- ``patch`` (faults from ``PATCHES``, space-separated) or ``fonts: true`` (the case edits
  ``{tmp}/fonts``, a copy of the bundled fonts): the case runs in-process.
"""

from __future__ import annotations

import errno
import io
import os
import shutil
from pathlib import Path

import pytest
from helpers import group_left, live_processes

from pnp.cli import main
from pnp.model.catalog import DEFAULT_DATA_DIR, read_yaml

HERE = Path(__file__).parent
#: Every ``cases_<kind>.yaml`` beside this file, in name order: one list of cases.
CASE_FILES = sorted(HERE.glob("cases*.yaml"))
CASES = [case for path in CASE_FILES for case in (read_yaml(path).value or [])]
#: Kinds of bad input: each that the corpus holds has at least 5 cases ("code": data that
#: tries to run code; "limits": runaway work; "keys": unknown or misspelt keys; "values":
#: numbers and text out of their range; "process": signals, pipes, paths).
KINDS = ("data", "options", "text", "fonts", "output", "code", "limits", "keys", "values", "process")
REQUIRED_KINDS = ("data", "options", "text", "fonts", "output", "code", "limits", "keys", "values")


def test_corpus_covers_every_kind():
    counts = {kind: sum(case["kind"] == kind for case in CASES) for kind in KINDS}
    assert {case["kind"] for case in CASES} <= set(KINDS), counts
    assert all(counts[kind] >= 5 for kind in REQUIRED_KINDS), counts
    assert all(counts[kind] >= 5 for kind in KINDS if counts[kind]), counts
    assert len(CASES) >= 80, len(CASES)
    assert len({case["id"] for case in CASES}) == len(CASES), "case ids are unique"


def test_each_case_file_holds_one_kind():
    """``cases_<kind>.yaml`` holds the cases of that kind and no other, so a file's name
    says what it holds."""
    assert {path.name for path in CASE_FILES} == {f"cases_{kind}.yaml" for kind in KINDS}
    for path in CASE_FILES:
        kinds = {case["kind"] for case in read_yaml(path).value}
        assert kinds == {path.stem.removeprefix("cases_")}, (path.name, kinds)


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


def _other_font_under_a_bundled_name(monkeypatch):
    """A font program with other outlines embedded under a bundled font's name (what a
    system font of the same PostScript name, picked up by Cairo, would give): the Lato
    Bold programs of the finished PDF are replaced by its Lato Regular program."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    from pnp.printing import pdf as pdfout

    original = pdfout.assemble

    def descriptors(writer):
        for page in writer.pages:
            fonts = page.get("/Resources", {}).get("/Font", {})
            for key in fonts:
                font = fonts[key].get_object()
                if font.get("/Subtype") == "/Type0":
                    font = font["/DescendantFonts"][0].get_object()
                if "/FontDescriptor" in font:
                    yield str(font["/BaseFont"]).split("+")[-1], font["/FontDescriptor"].get_object()

    def assemble(sources, metadata, **kwargs):
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(original(sources, metadata, **kwargs))))
        regular = next(d[NameObject("/FontFile2")] for name, d in descriptors(writer) if name == "Lato-Regular")
        for name, descriptor in descriptors(writer):
            if name == "Lato-Bold":
                descriptor[NameObject("/FontFile2")] = regular
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
           "other_font_under_a_bundled_name": _other_font_under_a_bundled_name,
           "disk_full": _disk_full, "blank_sheets": _blank_sheets}


# -------------------------------------------------------------------------- runner
def _apply(edit: dict, tmp: Path) -> None:
    """One edit of a case (``edits`` in the module docstring).  ``times: N`` repeats the new text
    of ``replace``/``append``/``write`` N times (large files without large case files)."""
    path = tmp / edit["file"]
    times = edit.get("times", 1)
    if edit.get("remove"):
        path.unlink()
    elif "replace" in edit:
        old, new = edit["replace"]
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
        path.write_text(text.replace(old, new * times), encoding="utf-8")
    elif "append" in edit:
        with path.open("a", encoding="utf-8") as fh:
            fh.write(edit["append"] * times)
    elif "copy" in edit:
        shutil.copyfile(tmp / edit["copy"], path)
    elif "symlink" in edit:
        path.unlink(missing_ok=True)
        path.symlink_to(edit["symlink"])
    elif edit.get("fifo"):
        path.unlink(missing_ok=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
    elif edit.get("mkdir"):
        path.unlink(missing_ok=True)
        path.mkdir(parents=True)
    elif "write_hex" in edit:
        path.write_bytes(bytes.fromhex(edit["write_hex"]))
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(edit["write"] * times, encoding="utf-8")


def _files(folder: Path) -> dict[str, int]:
    """Every entry below ``folder`` but folders (files, links, FIFOs) -> size (-1: not a
    regular file)."""
    found = {}
    for p in folder.rglob("*"):
        if p.is_dir() and not p.is_symlink():
            continue
        is_file = p.is_file() and not p.is_symlink()
        found[str(p.relative_to(folder))] = p.lstat().st_size if is_file else -1
    return found


def _run_subprocess(args: list[str], tmp: Path, kill_worker: float | None = None, nofile: int | None = None,
                    cwd_gone: bool = False) -> tuple[int, str, str]:
    """``pnp ARGS`` as a user runs it: the console script next to this Python, in ``tmp``,
    with ``$HOME`` and ``$TMPDIR`` inside it.  ``kill_worker``: once the command has a child
    process and this many seconds more have passed, SIGKILL that child (what the
    out-of-memory killer does); the command and all its processes must then end within a
    minute.  ``nofile``: the command may open at most this many files (``ulimit -n``);
    ``cwd_gone``: its working folder is deleted before it starts (``tmp/gone``, made and
    removed in the child)."""
    import signal
    import subprocess
    import sys
    import time

    for name in ("home", "tmpdir"):
        (tmp / name).mkdir(exist_ok=True)
    env = {key: value for key, value in os.environ.items() if not key.startswith("PNP_")}
    env.update(HOME=str(tmp / "home"), TMPDIR=str(tmp / "tmpdir"), LC_ALL="C.UTF-8", PYTHONDONTWRITEBYTECODE="1")
    command = Path(sys.executable).with_name("pnp")

    def before_exec() -> None:
        if nofile is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        if cwd_gone:
            gone = tmp / "gone"
            gone.mkdir()
            os.chdir(gone)
            gone.rmdir()
            os.environ["PWD"] = str(gone)

    if cwd_gone:
        env["PWD"] = str(tmp / "gone")
    if kill_worker is None:
        done = subprocess.run([str(command), *args], cwd=tmp, env=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=600,
                              preexec_fn=before_exec if nofile is not None or cwd_gone else None)
        return done.returncode, done.stdout, done.stderr
    process = subprocess.Popen([str(command), *args], cwd=tmp, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not live_processes(parent=process.pid) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(kill_worker)
        children = live_processes(parent=process.pid)
        assert children, "the command never started a worker process"
        os.kill(children[0], signal.SIGKILL)
        out, err = process.communicate(timeout=60)
        assert not group_left(process.pid, 5), "a worker process outlived the command"
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    return process.returncode, out, err


@pytest.fixture
def own_fonts(tmp_path, monkeypatch):
    """A copy of fonts/ that a case may break, used instead of the real one."""
    from pnp.components import fonts

    target = tmp_path / "fonts"
    shutil.copytree(fonts.FONT_DIR, target)

    def clear():
        for cached in (fonts.fonts, fonts._ttf, fonts.postscript_names, fonts.bundled_glyphs):
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
    appended_at = replaced_at = None
    for edit in case.get("edits", []):
        if "append" in edit and appended_at is None:
            # The line an appended fault lands on, so an edit to the template above it
            # does not break the case's expected message ({appended_line} in ``expect``).
            appended_at = (tmp_path / edit["file"]).read_text(encoding="utf-8").count("\n") + 1
        if "replace" in edit and replaced_at is None:
            # The line where a replaced text begins ({replaced_line}): the same for a fault
            # written in place of a heading or a key, wherever the file's edits move it.
            text = (tmp_path / edit["file"]).read_text(encoding="utf-8")
            replaced_at = text[:text.index(edit["replace"][0])].count("\n") + 1
        _apply(edit, tmp_path)
    for patch in case.get("patch", "").split():
        PATCHES[patch](monkeypatch)
    places = {"data": str(data), "out": str(tmp_path / "out"), "tmp": str(tmp_path)}
    args = [arg.format(**places) for arg in case["args"]]
    if case.get("data_dir", True):
        args = ["--data-dir", str(data)] + args
    assert "subprocess" not in case, "every case without an injected fault runs as a subprocess"
    in_process = bool(case.get("patch") or case.get("fonts"))
    if not in_process:
        for name in ("home", "tmpdir"):
            (tmp_path / name).mkdir(exist_ok=True)
    before = _files(tmp_path)

    if not in_process:
        status, out, err = _run_subprocess(args, tmp_path, case.get("kill_worker"), case.get("nofile"),
                                           case.get("cwd_gone", False))
    else:
        status = main(args)
        out, err = capsys.readouterr()
    lines = err.splitlines()
    assert status == case.get("status", 2), (status, err)
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    assert "Traceback" not in err + out
    import re

    expect = case["expect"].replace("{appended_line}", str(appended_at)).replace("{replaced_line}", str(replaced_at))
    assert re.search(expect, lines[0]), f"{lines[0]!r} does not match {expect!r}"
    after = _files(tmp_path)
    assert not [name for name in after if name.endswith(".part")], after
    assert after == before, "a file was left behind or changed"
    if not in_process:
        assert not list((tmp_path / "tmpdir").iterdir()), "a temp folder was left in $TMPDIR"
    for name in case.get("absent", []):
        assert not (tmp_path / name).exists(), f"{name} was made"
