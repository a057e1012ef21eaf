"""Issue 13: data and text you can trust, fonts that cannot leak, Ctrl-C at any moment.

(The one-line errors of bad input are in tests/bad_input/; plurals in test_plurals.py.)
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import edit
from pnp.cli import main
from pnp.components.fonts import FONT_DIR, fontconfig_text, postscript_names
from pnp.errors import DataError
from pnp.model.catalog import DEFAULT_DATA_DIR, read_yaml
from pnp.printing.pdf import font_problems

PNP = [sys.executable, "-c", "import sys; from pnp.console import run; sys.argv[0] = 'pnp'; run()"]


# ----------------------------------------------------------------------- strict data
def test_yaml_12_reads_quoted_and_explicit_values_as_written(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("a: 'yes'\nb: true\nc: '010'\nd: 10\ne: '1:30'\nf: 0o10\n", encoding="utf-8")
    assert read_yaml(path).value == {"a": "yes", "b": True, "c": "010", "d": 10, "e": "1:30", "f": 8}


@pytest.mark.parametrize("text,hint", [("a: off\n", "'off'"), ("a: Y\n", "'Y'"), ("a: -017\n", "'-017'"),
                                       ("a: 190:20:30\n", "'190:20:30'"), ("- [1, NO]\n", "'NO'")])
def test_yaml_11_look_alikes_are_refused_with_a_hint(tmp_path, text, hint):
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=rf"quote it \({hint}\)"):
        read_yaml(path)


def test_text_is_nfc_normalised_as_read(tmp_path):
    decomposed = "Cafe\u0301 cre\u0300me"          # e + combining acute, e + combining grave
    path = tmp_path / "x.yaml"
    path.write_text(f"name: {decomposed}\n{decomposed}: key\n", encoding="utf-8")
    value = read_yaml(path).value
    assert value["name"] == "Café crème" and len(value["name"]) == len("Café crème")
    assert unicodedata.is_normalized("NFC", value["name"])
    assert value["Café crème"] == "key"


def test_shipped_data_passes_the_strict_reader():
    files = sorted(DEFAULT_DATA_DIR.rglob("*.yaml")) + [FONT_DIR / "fonts.yaml"]
    assert len(files) >= 15
    for path in files:
        read_yaml(path)


# --------------------------------------------------------------------------- schema
@pytest.mark.parametrize("game_id", ["samarkand", "caravan", "caravan-chessboard"])
def test_schema_checks_the_shipped_data_and_catches_a_bad_value(game_id, tmp_path, capsys):
    import jsonschema

    assert main(["schema", game_id, "--out", str(tmp_path)]) == 0
    written = sorted((tmp_path / game_id).glob("*.schema.json"))
    folder = DEFAULT_DATA_DIR / game_id
    assert {p.name for p in written} == {f"{p.stem}.schema.json" for p in folder.glob("*.yaml")} | {"lang.schema.json"}
    for path in written:
        schema = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        stem = path.name.split(".")[0]
        targets = sorted((folder / "lang").glob("*.yaml")) if stem == "lang" else [folder / f"{stem}.yaml"]
        for target in targets:
            jsonschema.validate(read_yaml(target).value, schema)
    game = json.loads((tmp_path / game_id / "game.schema.json").read_text(encoding="utf-8"))
    players = game["properties"]["players"]
    assert players["required"] == ["default", "max", "min"]
    assert players["properties"]["min"]["type"] == "integer" and players["properties"]["min"]["minimum"] >= 1
    broken = read_yaml(folder / "game.yaml").value
    broken["players"]["min"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, game)
    lang = json.loads((tmp_path / game_id / "lang.schema.json").read_text(encoding="utf-8"))
    assert "title" in lang["required"]


# ------------------------------------------------------------------ safe Markdown text
def test_a_good_name_with_markdown_characters_keeps_the_goods_table(data_copy):
    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode

    from pnp.kit.rulebook import _inline_of, _plain, render_rules_markdown
    from pnp.model import load_game

    edit(data_copy / "caravan" / "lang" / "en.yaml", "  meat: Meat", "  meat: Silk | Cloth *fine*")
    game = load_game("caravan", data_copy)
    text = render_rules_markdown(game, 4, "en")
    tree = SyntaxTreeNode(MarkdownIt("commonmark").enable("table").parse(text))
    tables = [n for n in tree.walk() if n.type == "table"]
    goods = next(t for t in tables if "Good" in t.children[0].children[0].children[0].children[0].content)
    rows = [tr for section in goods.children for tr in section.children]
    assert {len(tr.children) for tr in rows} == {5}           # no cell shifted right
    first = [_plain(_inline_of(c)) for c in rows[1].children]     # the text reportlab sets
    assert first[0] == "Silk | Cloth *fine*"
    plain = render_rules_markdown(load_game("caravan", DEFAULT_DATA_DIR), 4, "en")
    assert f"| {' | '.join(first[1:])} |" in plain           # colour, letters, points, count as before


# ----------------------------------------------------------------------------- fonts
def test_fontconfig_file_escapes_every_path(tmp_path):
    odd = tmp_path / "R&D <fonts> \"x\""
    text = fontconfig_text(odd, odd / "cache")
    root = ET.fromstring(text.split("\n", 2)[2])           # after the XML and DOCTYPE lines
    assert root.find("dir").text == str(odd)
    assert root.find("cachedir").text == str(odd / "cache")


def test_fontconfig_is_private_to_each_process():
    code = "from pnp.components.fonts import isolate_fontconfig; print(isolate_fontconfig())"
    paths = [Path(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip())
             for _ in range(2)]
    assert paths[0] != paths[1]
    assert all(p.name == "fonts.conf" and p.parent.name.startswith("pnp-fontconfig-") for p in paths)
    assert not any(p.exists() for p in paths), "each process removes its folder at exit"


def test_a_temp_folder_with_an_ampersand_still_draws_only_our_fonts(tmp_path):
    odd_tmp = tmp_path / "R&D tmp"
    odd_tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(odd_tmp))
    out = tmp_path / "out"
    run = subprocess.run(PNP + ["build", "caravan", "--no-check", "--out", str(out)], capture_output=True, text=True,
                         env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    pdf = (out / "caravan-4p-en-a4.pdf").read_bytes()
    assert font_problems(pdf, postscript_names()) == []    # the build's own audit passed too


def test_every_default_kit_holds_only_our_fonts_each_subset_name_once_per_program(kit_dir):
    from pypdf import PdfReader

    from pnp.printing.pdf import _page_fonts, _program, _split_tag

    kits = sorted(kit_dir.glob("*.pdf"))
    assert kits
    for kit in kits:
        data = kit.read_bytes()
        assert font_problems(data, postscript_names()) == []
        programs: dict[str, set[bytes]] = {}
        for font in _page_fonts(PdfReader(io.BytesIO(data)).pages):
            if font.get("/Subtype") == "/Type0":
                continue
            tag, name = _split_tag(str(font["/BaseFont"])[1:])
            assert tag and name.split("-")[0] in ("Lato", "Caladea")
            programs.setdefault(f"{tag}+{name}", set()).add(_program(font)[1])
        assert all(len(p) == 1 for p in programs.values())
        assert "AAAAAA+Lato-Regular" not in programs


def test_audit_finds_two_programs_under_one_subset_name():
    """Two reportlab documents both start at AAAAAA+."""
    from pypdf import PdfReader, PdfWriter
    from reportlab.pdfgen.canvas import Canvas

    from pnp.components.fonts import font, register_reportlab
    from pnp.printing.pdf import PageSource, assemble

    register_reportlab()

    def page(text):
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1, initialFontName=font("body").reportlab_name)
        canvas.setFont(font("body").reportlab_name, 12)
        canvas.drawString(72, 720, text)
        canvas.save()
        return buffer.getvalue()

    # ASCII sits at fixed codes of reportlab's first subset; other characters are added in
    # the order they are first used, so these two documents embed different programs.
    a, b = page("Contents – 3 × 4"), page("Regler: æ ø × å –")
    joined = PdfWriter()
    for data in (a, b):
        for p in PdfReader(io.BytesIO(data)).pages:
            joined.add_page(p)
    raw = io.BytesIO()
    joined.write(raw)
    problems = font_problems(raw.getvalue(), postscript_names())
    assert problems == ["subset name AAAAAA+Lato-Regular is used by 2 different font programs"]
    fixed = assemble([PageSource(a, ""), PageSource(b, "")], {})
    assert font_problems(fixed, postscript_names()) == []


# -------------------------------------------------------------------------- Ctrl-C
def _interrupt(args, moment, out):
    """Run ``pnp *args``, press Ctrl-C at ``moment`` and return (status, stdout, stderr).

    ``moment``: seconds after the start (start-up, before any step has finished), or the
    label of a step: the command's progress lines (one per finished step, on standard
    output when it is not a terminal) are read until that step is done, so the interrupt
    falls in the step after it however loaded the machine is, and no fixed sleep holds
    a test worker."""
    # A build's second process (on by default, off in this test run: conftest) must go too.
    env = {**os.environ, "PNP_BUILD_PROCESSES": "2"}
    process = subprocess.Popen(PNP + [a.format(out=out) for a in args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, env=env)
    read = b""
    if isinstance(moment, str):
        for line in process.stdout:
            read += line
            if line.startswith(moment.encode()):
                break
        assert moment.encode() in read, f"the command never finished the step {moment!r}: {read.decode()}"
    else:
        time.sleep(moment)
    os.killpg(process.pid, signal.SIGINT)     # as a terminal's Ctrl-C: the whole process group
    stdout, stderr = process.communicate(timeout=120)
    return process.returncode, (read + stdout).decode(), stderr.decode()


# Moments: start-up imports, then just after each step, so the interrupt falls in the next:
# the layout (main process; the second typesets the rules sheet), the engine's check (worker
# pool), the page conversion (both processes), assembly, then the font audit and the atomic
# write.  After the check's moment the build runs --no-check: the check's pool is interrupted
# once, and the later steps are the same without it.  `pnp check` with 40 games a variant:
# start-up, then while the pool plays the second variant.
BUILD = ["build", "caravan", "--out", "{out}"]
UNCHECKED = BUILD + ["--no-check"]


@pytest.mark.parametrize("command,moment", [
    (BUILD, 0.15), (BUILD, "caravan: read the data:"), (BUILD, "caravan 4p: lay out the components:"),
    (UNCHECKED, "caravan 4p: rules sheet:"), (UNCHECKED, "caravan 4p: convert the printed pages:"),
    (UNCHECKED, "caravan 4p: contents page, ink, assembly:"),
    (["check", "caravan", "--games", "40", "--json", "{out}/check.json"], 0.3),
    (["check", "caravan", "--games", "40", "--json", "{out}/check.json"], "caravan 2p:"),
], ids=lambda value: str(value).split(":")[-2].strip().replace(" ", "-") if isinstance(value, str) else None)
def test_ctrl_c_at_any_moment_gives_one_line_and_130(tmp_path, command, moment):
    out = tmp_path / "out"
    status, stdout, stderr = _interrupt(command, moment, out)
    left = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    if status == 0:               # finished before the interrupt: complete files only
        assert left and not any(p.name.endswith(".part") for p in left)
        return
    assert status == 130, (moment, stderr)
    assert stderr == "error: interrupted (Ctrl-C); no partial file was left\n", (moment, stderr)
    assert "Traceback" not in stdout
    assert left == [], (moment, left)
    assert _processes_naming(out) == [], (moment, "a worker outlived the interrupted command")


def _processes_naming(out: Path, grace: float = 0.3) -> list[int]:
    """Ids of live processes whose command line holds ``out`` (workers are forked copies),
    still there ``grace`` seconds after the call: a worker killed with its parent is reaped
    by init shortly after, so the look is repeated until none is left or the grace is over."""
    deadline = time.monotonic() + grace
    while True:
        found = _live_naming(out)
        if not found or time.monotonic() >= deadline:
            return found
        time.sleep(0.02)


def _live_naming(out: Path) -> list[int]:
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (proc / "cmdline").read_bytes()
            state = (proc / "stat").read_text().split(") ")[-1][:1]
        except OSError:
            continue
        if str(out).encode() in cmdline and state != "Z":
            found.append(int(proc.name))
    return found


def test_two_refill_demand_markers_read_as_plural_in_both_languages(data_copy):
    """A count of 2 is plural: `rules.refill.demand_markers: 2` must not print "2 demand marker"."""
    from pnp.kit.rulebook import render_rules_markdown
    from pnp.model import load_game

    edit(data_copy / "caravan" / "game.yaml", "    demand_markers: 1 ", "    demand_markers: 2 ")
    game = load_game("caravan", data_copy)
    english = render_rules_markdown(game, 4, "en")
    assert "First put 2 demand markers on each space" in english
    assert "2 demand marker " not in english
    assert "2 efterspørgselsmarkører" in render_rules_markdown(game, 4, "da")
