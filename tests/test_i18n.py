"""Translation upkeep: locale formats, parity, stale translations, .po catalogs, hyphenation
exceptions and the pnp i18n commands; each check is also shown failing on a planted fault."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import jinja2
import pytest
from babel.messages.pofile import read_po, write_po

from pnp.cli import main
from pnp.errors import DataError
from pnp.model import translation
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.hyphenation import hyphenator_for, parse_exceptions
from pnp.model.locale import locale_for
from pnp.model.po import export_po, import_po


# ------------------------------------------------------------------------------- locale
def test_danish_numbers_and_typography():
    da = locale_for(DEFAULT_DATA_DIR, "da")
    assert da.num(1500) == "1.500" and da.num(0.5) == "0,5" and da.num(1500.25) == "1.500,25"
    assert da.num(-2) == "\u22122" and da.signed(1.5) == "+1,5" and da.signed(0) == "0"
    assert da.num(2, 1) == "2,0"
    assert da.range(160, 250) == "160–250"
    assert da.quote("faktisk størrelse") == "»faktisk størrelse«"


def test_english_numbers_and_typography():
    en = locale_for(DEFAULT_DATA_DIR, "en")
    assert en.num(1500) == "1,500" and en.num(0.5) == "0.5" and en.signed(-1.5) == "\u22121.5"
    assert en.quote("actual size") == "“actual size”"


def test_template_filters():
    env = jinja2.Environment()
    env.filters.update(locale_for(DEFAULT_DATA_DIR, "da").filters())
    out = env.from_string("{{ 1500 | num }} · {{ -3 | signed }} · {{ (2, 5) | range }} · {{ 'x' | quote }}").render()
    assert out == "1.500 · \u22123 · 2–5 · »x«"


def test_missing_typography_names_file_and_key(data_copy):
    path = data_copy / "common" / "lang" / "da.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('  quote_open: "»"\n', ""), encoding="utf-8")
    with pytest.raises(DataError, match=r"da\.yaml: typography\.quote_open: typography lacks quote_open"):
        locale_for(data_copy, "da")


# ------------------------------------------------------------------------------- parity
def test_language_files_have_the_same_keys_and_placeholders():
    assert translation.parity(DEFAULT_DATA_DIR) == []


def test_no_unused_keys():
    assert [str(f) for f in translation.unused_keys(DEFAULT_DATA_DIR)] == []


def test_parity_fails_on_planted_faults(data_copy):
    path = data_copy / "caravan" / "lang" / "da.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("removal_line: \"{good}: tag {removed} ud, behold {kept}\"",
                        "removal_line: \"{good}: tag {fjernet} ud, behold {kept}\"")
    text = text.replace("supply_start: start\n", "") + "\nextra_text: Hej\n"
    path.write_text(text, encoding="utf-8")
    found = {(f.key, f.message) for f in translation.parity(data_copy)}
    assert found == {
        ("removal_line", "placeholders {fjernet, good, kept} differ from the English {good, kept, removed}"),
        ("supply_start", "missing (the English has it)"),
        ("extra_text", "not in the English file"),
    }


def test_unused_key_is_reported(data_copy):
    path = data_copy / "samarkand" / "lang" / "en.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "orphan_note: Nobody prints this\n", encoding="utf-8")
    assert [f.qualified for f in translation.unused_keys(data_copy)] == ["samarkand:orphan_note"]


# ---------------------------------------------------------------------------- staleness
def test_no_stale_danish_translation():
    stale = translation.stale(DEFAULT_DATA_DIR, "da")
    assert not stale, "run `pnp i18n status`; after checking, `pnp i18n confirm --lang da KEY`:\n" + \
        "\n".join(str(f) for f in stale)


def test_changed_english_makes_the_translation_stale_until_confirmed(data_copy, capsys):
    english = data_copy / "caravan" / "lang" / "en.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("board_hint: \"Deliver every good",
                                                                    "board_hint: \"Bring every good"),
                       encoding="utf-8")
    template = data_copy / "samarkand" / "rules" / "en.md.j2"
    template.write_text(template.read_text(encoding="utf-8") + "\nOne more sentence.\n", encoding="utf-8")
    assert {f.qualified for f in translation.stale(data_copy, "da")} == {"samarkand:@rules", "caravan:board_hint"}
    assert main(["--data-dir", str(data_copy), "i18n", "status"]) == 1
    out = capsys.readouterr().out
    assert "da stale   caravan:board_hint: English changed since translated: 'Bring every good" in out
    before = (data_copy / "caravan" / "lang" / "da.yaml").read_text(encoding="utf-8")
    assert main(["--data-dir", str(data_copy), "i18n", "confirm", "--lang", "da", "caravan:board_hint",
                 "samarkand:@rules"]) == 0
    after = (data_copy / "caravan" / "lang" / "da.yaml").read_text(encoding="utf-8")
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert len(changed) == 1 and changed[0].startswith("  board_hint: ")   # only the record line
    assert translation.stale(data_copy, "da") == []
    assert main(["--data-dir", str(data_copy), "i18n", "status"]) == 0


def test_changed_player_aid_is_stale_until_confirmed(data_copy):
    """The player aid (rules/aid/<lang>.md.j2) is tracked as @aid, apart from the rules (@rules)."""
    aid = data_copy / "samarkand" / "rules" / "aid" / "en.md.j2"
    aid.write_text(aid.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    assert [f.qualified for f in translation.stale(data_copy, "da")] == ["samarkand:@aid"]
    assert main(["--data-dir", str(data_copy), "i18n", "confirm", "--lang", "da", "samarkand:@aid"]) == 0
    assert translation.stale(data_copy, "da") == []
    (data_copy / "samarkand" / "rules" / "aid" / "da.md.j2").unlink()
    assert main(["--data-dir", str(data_copy), "i18n", "confirm", "--lang", "da", "samarkand:@aid"]) == 2


def test_confirm_rejects_an_unknown_key(data_copy, capsys):
    assert main(["--data-dir", str(data_copy), "i18n", "confirm", "--lang", "da", "caravan:no_such_key"]) == 2
    assert "caravan:no_such_key is not an English key" in capsys.readouterr().err


# ----------------------------------------------------------------------------------- .po
def test_export_has_context_placeholders_and_references(tmp_path):
    catalog = read_po(open_po(export_po(DEFAULT_DATA_DIR, "da"), tmp_path))
    message = catalog.get("{good}: take out {removed}, keep {kept}", context="caravan:removal_line")
    assert message.string == "{good}: tag {removed} ud, behold {kept}"
    assert "placeholders (keep them): {good}, {kept}, {removed}" in message.auto_comments
    assert message.locations[0][0] == "data/caravan/lang/en.yaml"
    assert any(path.endswith(".py") for path, _ in message.locations[1:])
    assert not any(m.fuzzy for m in catalog if m.id)
    assert export_po(DEFAULT_DATA_DIR, "da") == export_po(DEFAULT_DATA_DIR, "da")   # byte-identical


def open_po(data: bytes, folder: Path):
    path = folder / "catalog.po"
    path.write_bytes(data)
    return open(path, "rb")


def test_import_of_an_unedited_catalog_changes_nothing(data_copy, tmp_path):
    po = tmp_path / "da.po"
    po.write_bytes(export_po(data_copy, "da"))
    before = {p: p.read_bytes() for p in data_copy.rglob("*.yaml")}
    assert import_po(data_copy, po) == []
    assert {p: p.read_bytes() for p in data_copy.rglob("*.yaml")} == before


def test_new_language_round_trip_is_data_only(data_copy, tmp_path):
    """A catalog for German, filled in, becomes German language files with full parity
    and every key confirmed."""
    catalog = read_po(open_po(export_po(data_copy, "de"), tmp_path))
    assert all(not any(m.string) if m.pluralizable else m.string == "" for m in catalog if m.id)
    plurals = [m for m in catalog if m.pluralizable]
    assert plurals and all(len(m.string) == 2 for m in plurals)    # German: one, other
    for message in catalog:
        if message.pluralizable:
            message.string = (f"DE {message.id[0]}", f"DE {message.id[1]}")
        elif message.id:
            message.string = f"DE {message.id}" if message.context.split(".")[0] not in (
                "common:typography",) else message.id
    po = tmp_path / "de.po"
    with open(po, "wb") as handle:
        write_po(handle, catalog)
    written = import_po(data_copy, po)
    assert sorted(p.relative_to(data_copy).as_posix() for p in written) == [
        "caravan-chessboard/lang/de.yaml", "caravan/lang/de.yaml", "common/lang/de.yaml", "samarkand/lang/de.yaml"]
    # every string is there; what is left are the rules and aid templates, translated as
    # files (the kit cannot be built without them, so status names them)
    left = translation.parity(data_copy, ["de"])
    assert left and {f.key for f in left} <= {"@rules", "@aid"}
    assert {(f.domain, f.key) for f in left} >= {(g, "@rules") for g in ("samarkand", "caravan", "caravan-chessboard")}
    assert translation.stale(data_copy, "de") == []
    assert translation.Domain("x", data_copy / "caravan" / "lang", None).file("de").read_text(
        encoding="utf-8").count("DE ") > 50


def test_import_rejects_a_broken_catalog(data_copy, tmp_path, capsys):
    po = tmp_path / "bad.po"
    po.write_text('msgctxt "nowhere:key"\nmsgid "x"\nmsgstr "y"\n', encoding="utf-8")
    assert main(["--data-dir", str(data_copy), "i18n", "import", str(po), "--lang", "da"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown domain 'nowhere'" in err


# ------------------------------------------------------------------------------ hyphenation
def test_exceptions_override_the_patterns():
    da = hyphenator_for(DEFAULT_DATA_DIR, "da")
    assert da.positions("derefter") == (3,) and da.positions("Gæstegave") == (5,)
    assert da.positions("point") == () and list(da("handelsfelter")) == [("handels", "felter")]
    for word, breaks in da.exceptions.banned.items():
        assert not set(breaks) & set(da.positions(word)), word


def test_plain_pyphen_breaks_derefter_and_gaestegave_wrongly():
    """Without the exceptions the patterns do break 'derefter' and 'gæstegave' wrongly:
    the exception list is what fixes them."""
    import pyphen

    plain = pyphen.Pyphen(lang="da_DK")
    assert 5 in plain.positions("derefter") and 7 in plain.positions("gæstegave")


def test_bad_exception_line_names_file_and_line():
    with pytest.raises(DataError, match=r"da\.txt: line 2: expected a word with hyphens"):
        parse_exceptions("der-efter\ngæste--gave\n", Path("da.txt"))


@pytest.mark.parametrize("text, message", [
    ("\u0007Samarkand", "a control character U+0007 at character 1"),
    ("Samar\ufeffkand", "a byte order mark U+FEFF at character 6"),
    ("Kara\u200bvan", "an invisible character U+200B (ZERO WIDTH SPACE) at character 5"),
    ("\u202eevil", "an invisible character U+202E (RIGHT-TO-LEFT OVERRIDE) at character 1"),
    ("a\u2028b", "an invisible character U+2028 (LINE SEPARATOR) at character 2"),
])
def test_a_character_no_printed_text_holds_is_named(text, message):
    from pnp.model.textformat import invisible_character

    assert invisible_character(text).startswith(message)


def test_printed_characters_and_a_new_line_pass():
    from pnp.model.textformat import invisible_character

    assert invisible_character("Rejse 3 – æøå «−1» ·\nnæste linje ☀") is None


@pytest.mark.parametrize("key", ["title", "cut_fold_note", "5", 10, "_internal", "ruler_100"])
def test_keys_the_loaders_name_are_plain(key):
    from pnp.model.textformat import key_problem

    assert key_problem(key) is None


@pytest.mark.parametrize("key, message", [
    ("a.b", "key 'a.b' is not a plain key: letters, digits and _ only; for a key inside another, nest it "
            "(a: then b: under it)"),
    ("goods.meat.x", "key 'goods.meat.x' is not a plain key: letters, digits and _ only; for a key inside "
                     "another, nest it (goods: then meat.x: under it)"),
    ("me at", "key 'me at' is not a plain key: letters, digits and _ only"),
    ("", "key '' is not a plain key: letters, digits and _ only"),
    ("æble", "key 'æble' is not a plain key: letters, digits and _ only"),
    ("a.", "key 'a.' is not a plain key: letters, digits and _ only"),
    (-5, "key -5 is not a plain key: letters, digits and _ only"),
    (None, "key None is not a plain key: letters, digits and _ only"),
])
def test_a_key_no_loader_can_read_is_named(key, message):
    from pnp.model.textformat import key_problem

    assert key_problem(key) == message


def test_a_dotted_key_in_a_language_file_is_refused_with_its_line(tmp_path):
    from pnp.model.langfile import read_language

    path = tmp_path / "en.yaml"
    path.write_text("title: Caravan\ngoods:\n  meat: Meat\n  \"salt.rock\": Rock salt\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        read_language(path)
    assert str(caught.value) == (f"{path}: goods.salt.rock: key 'salt.rock' is not a plain key: letters, digits "
                                 "and _ only; for a key inside another, nest it (salt: then rock: under it) (line 4)")
