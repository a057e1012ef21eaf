"""The JSON Schemas in ``schemas/`` are what ``pnp schema`` writes, every shipped data file
passes its schema (``jsonschema``, draft 2020-12), and a misspelt key is reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from pnp.cli import main
from pnp.model.catalog import DEFAULT_DATA_DIR

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
GAMES = ("samarkand", "caravan", "caravan-chessboard")


def _shipped() -> list[tuple[Path, Path]]:
    """(data file, its schema) for every YAML file a designer or translator edits."""
    pairs = []
    for game in GAMES:
        pairs += [(f, SCHEMAS / game / f"{f.stem}.schema.json") for f in sorted((DEFAULT_DATA_DIR / game).glob("*.yaml"))]
        pairs += [(f, SCHEMAS / game / "lang.schema.json") for f in sorted((DEFAULT_DATA_DIR / game / "lang").glob("*.yaml"))]
    common = DEFAULT_DATA_DIR / "common"
    pairs += [(f, SCHEMAS / "common" / "lang.schema.json") for f in sorted((common / "lang").glob("*.yaml"))]
    pairs += [(f, SCHEMAS / "common" / "glossary.schema.json") for f in sorted(common.glob("glossary.*.yaml"))]
    return pairs


def _as_json(value):
    """A YAML value as an editor's JSON view of it: mapping keys are strings (``3:`` -> "3")."""
    if isinstance(value, dict):
        return {str(k): _as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_json(v) for v in value]
    return value


def _errors(data_file: Path, schema_file: Path, text: str | None = None) -> list[str]:
    validator = Draft202012Validator(json.loads(schema_file.read_text(encoding="utf-8")))
    value = _as_json(YAML(typ="safe").load(text if text is not None else data_file.read_text(encoding="utf-8")))
    return [f"{'.'.join(map(str, e.path))}: {e.message}" for e in validator.iter_errors(value)]


def test_committed_schemas_are_what_pnp_schema_writes(tmp_path, capsys):
    assert main(["schema", "--out", str(tmp_path)]) == 0
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.json"))
    committed = sorted(p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.rglob("*.json"))
    assert written == committed and len(written) == 17
    for name in written:
        assert (tmp_path / name).read_bytes() == (SCHEMAS / name).read_bytes(), \
            f"schemas/{name} is stale: run `pnp schema --out schemas`"


@pytest.mark.parametrize("data_file,schema_file", _shipped(), ids=lambda p: p.relative_to(p.parents[2]).as_posix())
def test_every_shipped_file_passes_its_schema(data_file, schema_file):
    assert _errors(data_file, schema_file) == []


def _walk(schema: dict, path=()):
    if schema.get("type") == "object":
        for key, sub in schema.get("properties", {}).items():
            yield path + (key,), sub
            yield from _walk(sub, path + (key,))
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        yield from _walk(schema["items"], path + ("[]",))


@pytest.mark.parametrize("name", sorted(p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.rglob("*.json")))
def test_every_key_has_a_description_and_named_mappings_are_closed(name):
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    assert schema["additionalProperties"] is False
    for path, sub in _walk(schema):
        assert sub.get("description"), (name, path)
        if sub.get("type") == "object" and "properties" in sub:
            assert sub.get("additionalProperties") is False, (name, path)


def test_defaults_are_the_loaders_defaults():
    from pnp.engine.check import ALPHA, BETA, INVARIANT_STRIDE

    checks = json.loads((SCHEMAS / "samarkand" / "checks.schema.json").read_text(encoding="utf-8"))
    sim, th = checks["properties"]["simulation"], checks["properties"]["thresholds"]
    assert sim["properties"]["invariant_stride"]["default"] == INVARIANT_STRIDE
    assert sim["properties"]["invariant_stride"]["minimum"] == 1
    assert th["properties"]["seat_alpha"]["default"] == ALPHA and th["properties"]["seat_beta"]["default"] == BETA
    assert "seat_alpha" not in th.get("required", [])       # a key with a default may be left out


@pytest.mark.parametrize("data_file,old,new,where", [
    ("caravan-chessboard/game.yaml", "  start_gold: 0 ", "  start_glod: 0 ", "rules"),
    ("samarkand/game.yaml", "  min_sale: 2 ", "  min_sael: 2 ", "rules"),
    ("caravan/lang/da.yaml", "\ntitle: Caravan\n", "\ntitel: Caravan\n", ""),
    ("common/lang/en.yaml", "checked_none:", "checked_nnone:", ""),
])
def test_a_misspelt_key_is_reported(data_file, old, new, where):
    path = DEFAULT_DATA_DIR / data_file
    schema = dict(_shipped())[path]
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    errors = _errors(path, schema, text.replace(old, new))
    wrong = new.strip().rstrip(":").split(":")[0]
    assert any(wrong in e and "Additional properties are not allowed" in e and e.startswith(where) for e in errors), errors


@pytest.mark.skipif(__import__("shutil").which("check-jsonschema") is None, reason="check-jsonschema is not installed")
def test_check_jsonschema_accepts_every_shipped_file_and_reports_a_typo(tmp_path):
    """The command-line checker the README names, on every shipped file and on a typo'd copy."""
    import subprocess

    by_schema: dict[Path, list[str]] = {}
    for data_file, schema_file in _shipped():
        by_schema.setdefault(schema_file, []).append(str(data_file))
    for schema_file, files in by_schema.items():
        done = subprocess.run(["check-jsonschema", "--schemafile", str(schema_file), *files],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    typo = tmp_path / "game.yaml"
    typo.write_text((DEFAULT_DATA_DIR / "caravan-chessboard" / "game.yaml").read_text(encoding="utf-8")
                    .replace("  start_gold: 0 ", "  start_glod: 0 "), encoding="utf-8")
    done = subprocess.run(["check-jsonschema", "--schemafile", str(SCHEMAS / "caravan-chessboard" / "game.schema.json"),
                           str(typo)], capture_output=True, text=True)
    assert done.returncode == 1 and "'start_glod' was unexpected" in done.stdout


def test_a_wrapped_note_describes_its_own_key_and_no_other(tmp_path):
    """A note at the end of a key's line that wraps onto comment-only lines at its column
    is that key's whole description; the next key, uncommented, gets none of it, and a
    comment block of its own above a key is that key's."""
    from pnp.model.schema import yaml_notes

    path = tmp_path / "checks.yaml"
    path.write_text("# header\n"
                    "simulation:\n"
                    "  seat_cap: 2     # plays up to 2 times the games\n"
                    "                  # while a seat sits at the edge\n"
                    "  move_cap: 10\n"
                    "  # a note above its key\n"
                    "  quick_games: 5\n"
                    "thresholds:\n"
                    "  min_completion: 0.9\n", encoding="utf-8")
    notes = yaml_notes(path)
    assert notes["simulation.seat_cap"] == "plays up to 2 times the games while a seat sits at the edge"
    assert "simulation.move_cap" not in notes and "thresholds" not in notes
    assert notes["simulation.quick_games"] == "a note above its key"
