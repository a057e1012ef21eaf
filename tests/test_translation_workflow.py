"""A translator's whole workflow for a new language, as one would run it: export the catalog,
fill it with a .po tool (polib), import it in two rounds, see status come clean, build a kit;
plus what gettext's own checker (msgfmt -c) says of every catalog pnp writes."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from pnp.cli import main
from pnp.model.catalog import DEFAULT_DATA_DIR


@pytest.fixture()
def data(tmp_path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, folder)
    return folder


def _pnp(data: Path, *args: str) -> int:
    return main(["--data-dir", str(data), *args])


def _translate(entry: polib.POEntry, mark: str = "DE") -> str:
    """A German stand-in: the English with a mark, placeholders kept; typography values
    (quote marks, a hyphenation dictionary) kept as the English, for they must stay valid.
    A plural entry gets each of its ``msgstr[i]`` (the i-th form marked with its index) and
    returns ""."""
    if entry.msgid_plural:
        for index in entry.msgstr_plural:
            source = entry.msgid if index == 0 else entry.msgid_plural
            entry.msgstr_plural[index] = f"{mark}{index} {source}"
        return ""
    if entry.msgctxt.startswith("common:typography."):
        return entry.msgid
    return f"{mark} " + entry.msgid


def test_a_new_language_from_export_to_kit_in_two_imports(data, tmp_path, capsys):
    po_file = tmp_path / "pnp-de.po"
    assert _pnp(data, "i18n", "export", "--lang", "de", "--out", str(po_file)) == 0
    catalog = polib.pofile(str(po_file))
    assert len(catalog) > 250 and not catalog.translated_entries()
    # round 1: a third of the strings, then round 2: all of them (the incremental workflow)
    first = tmp_path / "round1.po"
    for i, entry in enumerate(catalog):
        entry.msgstr = _translate(entry) if i % 3 == 0 else ""
        if entry.msgid_plural and i % 3:
            entry.msgstr_plural = {index: "" for index in entry.msgstr_plural}
    catalog.save(str(first))
    assert _pnp(data, "i18n", "import", str(first), "--lang", "de") == 0
    second = tmp_path / "round2.po"
    for entry in catalog:
        entry.msgstr = _translate(entry)
    catalog.save(str(second))
    capsys.readouterr()
    assert _pnp(data, "i18n", "import", str(second), "--lang", "de") == 0
    assert "Traceback" not in capsys.readouterr().err

    # the templates are files, translated as files; status names each until it exists
    capsys.readouterr()
    assert _pnp(data, "i18n", "status", "--lang", "de") == 1
    out = capsys.readouterr().out
    assert "caravan:@rules: template missing" in out and "samarkand:@aid: template missing" in out
    for game in ("samarkand", "caravan", "caravan-chessboard"):
        rules = data / game / "rules"
        shutil.copy(rules / "en.md.j2", rules / "de.md.j2")
        if (rules / "aid" / "en.md.j2").is_file():
            shutil.copy(rules / "aid" / "en.md.j2", rules / "aid" / "de.md.j2")
        assert _pnp(data, "i18n", "confirm", "--lang", "de", f"{game}:@rules") == 0
        if (rules / "aid" / "de.md.j2").is_file():
            assert _pnp(data, "i18n", "confirm", "--lang", "de", f"{game}:@aid") == 0
    capsys.readouterr()
    assert _pnp(data, "i18n", "status", "--lang", "de") == 0, capsys.readouterr().out
    assert "de: every key translated from the current English" in capsys.readouterr().out

    out_dir = tmp_path / "kits"
    assert _pnp(data, "build", "caravan", "--lang", "de", "--no-check", "--out", str(out_dir)) == 0
    from pypdf import PdfReader

    text = PdfReader(str(out_dir / "caravan-4p-de-a4.pdf")).pages[0].extract_text()
    assert "DE " in text


def test_a_new_language_without_files_lists_every_missing_file_and_key(data, capsys):
    assert _pnp(data, "i18n", "status", "--lang", "fr") == 1
    out = capsys.readouterr().out
    for domain in ("common", "samarkand", "caravan", "caravan-chessboard"):
        assert f"fr parity  {domain}:*: file missing (" in out, domain
    assert "samarkand:goods.grain: missing" in out or "samarkand:goods" in out
    assert "every key translated" not in out


def test_a_kit_without_its_player_aid_translation_is_refused_naming_the_template(data, capsys):
    (data / "samarkand" / "rules" / "aid" / "da.md.j2").unlink()
    assert _pnp(data, "build", "samarkand", "--lang", "da", "--no-check", "--out", str(data.parent / "k")) != 0
    err = capsys.readouterr().err
    assert "player aid template missing" in err and "da.md.j2" in err
    assert not (data.parent / "k").exists() or not list((data.parent / "k").glob("*.pdf"))


def test_a_missing_rules_template_is_named(data, capsys):
    (data / "caravan" / "rules" / "da.md.j2").unlink()
    assert _pnp(data, "build", "caravan", "--lang", "da", "--no-check", "--out", str(data.parent / "k")) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "caravan/rules/da.md.j2 missing" in err


def test_fuzzy_entries_are_kept_as_drafts_not_printed_and_listed(data, tmp_path, capsys):
    po_file = tmp_path / "da.po"
    assert _pnp(data, "i18n", "export", "--lang", "da", "--out", str(po_file)) == 0
    catalog = polib.pofile(str(po_file))
    entry = next(e for e in catalog if e.msgctxt == "common:credits_title")
    before = entry.msgstr
    entry.msgstr = "Kreditering (kladde)"
    entry.flags.append("fuzzy")
    catalog.save(str(po_file))
    assert _pnp(data, "i18n", "import", str(po_file), "--lang", "da") == 0
    text = (data / "common" / "lang" / "da.yaml").read_text(encoding="utf-8")
    assert f"credits_title: {before}" in text                  # the printed translation is unchanged
    assert "_fuzzy:" in text and "credits_title: Kreditering (kladde)" in text
    capsys.readouterr()
    _pnp(data, "i18n", "status", "--lang", "da")
    assert "common:credits_title: fuzzy" in capsys.readouterr().out
    again = tmp_path / "again.po"
    assert _pnp(data, "i18n", "export", "--lang", "da", "--out", str(again)) == 0
    # the export shows the printed translation (the draft is kept beside it in the file)
    exported = next(e for e in polib.pofile(str(again)) if e.msgctxt == "common:credits_title")
    assert exported.msgstr == before


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed (.ci/run installs it)")
@pytest.mark.parametrize("args", [["--lang", "da"], ["--lang", "de"], ["--template"]])
def test_gettext_msgfmt_accepts_every_catalog_pnp_writes(data, tmp_path, args):
    out = tmp_path / "catalog.po"
    assert _pnp(data, "i18n", "export", *args, "--out", str(out)) == 0
    done = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "python-format" not in out.read_text(encoding="utf-8").replace("python-brace-format", "")


def test_a_translated_python_format_lookalike_passes_msgfmt(data, tmp_path):
    """The entry that failed: "{ink} % ink" looks like a %-directive to Babel."""
    out = tmp_path / "da.po"
    assert _pnp(data, "i18n", "export", "--lang", "da", "--out", str(out)) == 0
    entry = next(e for e in polib.pofile(str(out)) if e.msgctxt == "common:paper_note")
    assert "% " in entry.msgid and "python-format" not in entry.flags and "python-brace-format" in entry.flags


def _new_language(data: Path, tmp_path: Path, lang: str, capsys) -> polib.POFile:
    """Export ``lang``, fill every entry (``_translate``), import it and copy the English
    templates: a complete stand-in translation.  Returns the filled catalog."""
    po_file = tmp_path / f"{lang}.po"
    assert _pnp(data, "i18n", "export", "--lang", lang, "--out", str(po_file)) == 0
    catalog = polib.pofile(str(po_file))
    for entry in catalog:
        entry.msgstr = _translate(entry, lang.upper())
    catalog.save(str(po_file))
    assert _pnp(data, "i18n", "import", str(po_file), "--lang", lang) == 0
    from pnp.registry import game_ids

    for game in game_ids(data):
        rules = data / game / "rules"
        shutil.copy(rules / "en.md.j2", rules / f"{lang}.md.j2")
        if (rules / "aid" / "en.md.j2").is_file():   # the player aid is optional (Caravan has none)
            shutil.copy(rules / "aid" / "en.md.j2", rules / "aid" / f"{lang}.md.j2")
    capsys.readouterr()
    return catalog


def test_a_language_with_three_plural_forms_works_by_data_alone(data, tmp_path, capsys):
    """Romanian has three CLDR categories (one, few, other): the catalog says so, msgfmt
    accepts the filled catalog, the forms come back as YAML and the kit picks each."""
    from pnp.model.i18n import Strings
    from ruamel.yaml import YAML

    catalog = _new_language(data, tmp_path, "ro", capsys)
    assert catalog.metadata["Plural-Forms"].startswith("nplurals=3;")
    move = next(e for e in catalog if e.msgctxt == "caravan-chessboard:card_rules.move")
    assert move.msgid_plural == "Move your caravan exactly {steps} squares in a straight line."
    assert sorted(move.msgstr_plural) == [0, 1, 2]
    if shutil.which("msgfmt"):
        done = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", catalog.fpath], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    table = YAML(typ="safe").load((data / "caravan-chessboard" / "lang" / "ro.yaml").read_text(encoding="utf-8"))
    assert list(table["card_rules"]["move"]) == ["one", "few", "other"]
    strings = Strings(data, "caravan-chessboard", "ro")
    picked = {n: strings.plural("card_rules.move", n, steps=n) for n in (1, 5, 20)}
    assert picked == {1: "RO0 Move your caravan exactly 1 square in a straight line.",
                      5: "RO1 Move your caravan exactly 5 squares in a straight line.",
                      20: "RO2 Move your caravan exactly 20 squares in a straight line."}
    # a form missing from the file: status names it and the language's categories
    path = data / "caravan-chessboard" / "lang" / "ro.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    few: \"RO1 Move your caravan", "    many: \"RO1 Move your caravan", 1), encoding="utf-8")
    assert _pnp(data, "i18n", "status", "--lang", "ro") == 1
    out = capsys.readouterr().out
    assert "card_rules.move: plural form(s) few missing; plural form(s) many not used in 'ro'" in out


def test_a_plural_entry_with_the_wrong_number_of_forms_is_refused(data, tmp_path, capsys):
    po_file = tmp_path / "da.po"
    assert _pnp(data, "i18n", "export", "--lang", "da", "--out", str(po_file)) == 0
    catalog = polib.pofile(str(po_file))
    entry = next(e for e in catalog if e.msgctxt == "caravan-chessboard:card_rules.move")
    # a tool that wrote its own Plural-Forms for Danish, with three forms
    catalog.metadata["Plural-Forms"] = "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);"
    entry.msgstr_plural = {0: "a {steps}", 1: "b {steps}", 2: "c {steps}"}
    catalog.save(str(po_file))
    before = (data / "caravan-chessboard" / "lang" / "da.yaml").read_bytes()
    capsys.readouterr()
    assert _pnp(data, "i18n", "import", str(po_file)) != 0
    err = capsys.readouterr().err.strip().splitlines()
    # the first plural entry of the catalog is named (every one has three forms now)
    assert len(err) == 1 and re.search(r"da\.po: [a-z-]+:[a-z_.]+: plural entry has 3 forms; 'da' has 2 "
                                       r"\(one, other: msgstr\[0\.\.1\], from CLDR\) \(entry at line \d+\)$", err[0]), err
    assert (data / "caravan-chessboard" / "lang" / "da.yaml").read_bytes() == before


def test_the_shipped_danish_plurals_round_trip_through_a_catalog(data, tmp_path):
    """Export the shipped Danish and import it again: nothing changes (the plural forms too)."""
    before = {p: p.read_bytes() for p in data.rglob("lang/da.yaml")}
    po_file = tmp_path / "da.po"
    assert _pnp(data, "i18n", "export", "--lang", "da", "--out", str(po_file)) == 0
    entry = next(e for e in polib.pofile(str(po_file)) if e.msgctxt == "caravan-chessboard:card_rules.move")
    # "i\u00a0lige": the no-break space keeps the phrase on one line of the card, and survives the catalog
    assert entry.msgstr_plural == {0: "Flyt din karavane præcis {steps} felt i\u00a0lige linje.",
                                   1: "Flyt din karavane præcis {steps} felter i\u00a0lige linje."}
    assert _pnp(data, "i18n", "import", str(po_file)) == 0
    assert {p: p.read_bytes() for p in before} == before
