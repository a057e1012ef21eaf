"""JSON Schema of each data file, for a designer's editor to check and complete the YAML.

A schema holds the checks the game's loaders really make: ``pnp schema`` loads the game
under ``catalog.schema_recorder`` and every ``Node`` accessor (``int(minimum=0)``,
``choice(...)``, ``colour()``, ``node[key]`` for a required key ...) leaves its facts;
``file_schema`` turns them into JSON Schema (draft 2020-12).  Keys that no check reads are
described from the shipped file itself (their type), so every key an editor sees in the
file is completed; unknown keys are allowed (``additionalProperties`` is not closed),
since a loader ignores them.

Language files (``lang/<lang>.yaml``) are read by dotted key, not through ``Node``: their
schema is the shape of the reference language's file, every key required, so a
translator's editor lists each string still missing.
"""

from __future__ import annotations

from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"

_TYPE_OF = {bool: "boolean", int: "integer", float: "number", str: "string", dict: "object", list: "array",
            type(None): "null"}


def file_schema(records: dict[str, dict], sample: Any, title: str) -> dict:
    """JSON Schema of one YAML file.

    Args:
        records: ``{key pattern: facts}`` of the file (``catalog.schema_recorder``).
        sample: the file's parsed value (the shipped data), for keys no check reads.
        title: the schema's title (the file's path inside the data folder).
    """
    schema = _build(records, "", sample, require_all=False)
    return {"$schema": DRAFT, "title": title, **schema}


def language_schema(reference: Any, title: str) -> dict:
    """JSON Schema of a language file: the reference language's shape, every key required."""
    return {"$schema": DRAFT, "title": title, **_build({}, "", reference, require_all=True)}


def _merged(items: list) -> Any:
    """One sample standing for every entry of a list (mappings merged key by key)."""
    dicts = [item for item in items if isinstance(item, dict)]
    if dicts and len(dicts) == len(items):
        merged: dict = {}
        for item in dicts:
            for key, value in item.items():
                merged.setdefault(key, value)
        return merged
    return items[0] if items else None


def _build(records: dict[str, dict], pattern: str, sample: Any, require_all: bool,
           in_every: set[str] | None = None, shipped_types: set[str] | None = None) -> dict:
    """Schema of the value at ``pattern``.  ``in_every``: for the entries of a list, the keys
    every shipped entry has (a key that a loader needs only for some kinds of entry, such
    as a camp's capacity, is then not required of all)."""
    facts = records.get(pattern, {})
    types = set(facts.get("types", ()))
    if not types and sample is not None:
        types = {_TYPE_OF.get(type(sample), "string")}
    types |= shipped_types or set()   # e.g. die faces: numbers and the word 'back'
    if types == {"integer", "number"}:
        types = {"number"}
    schema: dict[str, Any] = {}
    if "object" in types or isinstance(sample, dict):
        sample = sample if isinstance(sample, dict) else {}
        required = set(facts.get("required", ()))
        keys = list(sample) + sorted((required | set(facts.get("optional", ()))) - set(sample))
        schema["type"] = "object"
        schema["properties"] = {
            str(key): _build(records, f"{pattern}.{key}" if pattern else str(key), sample.get(key), require_all)
            for key in keys}
        if require_all:
            required |= {str(key) for key in sample}
        if in_every is not None:
            required &= in_every
        if required:
            schema["required"] = sorted(required)
        return schema
    if "array" in types or isinstance(sample, list):
        items = sample if isinstance(sample, list) else []
        schema["type"] = "array"
        dicts = [item for item in items if isinstance(item, dict)]
        every = set.intersection(*(set(map(str, d)) for d in dicts)) if dicts else None
        scalars = {_TYPE_OF.get(type(item), "string") for item in items if not isinstance(item, (dict, list))}
        schema["items"] = _build(records, f"{pattern}[]", _merged(items), require_all, every,
                                 scalars if len(scalars) > 1 else None)
        if facts.get("minItems"):
            schema["minItems"] = facts["minItems"]
        return schema
    if types:
        schema["type"] = sorted(types)[0] if len(types) == 1 else sorted(types)
    for name in ("minimum", "maximum", "minLength", "pattern", "enum"):
        if name in facts:
            schema[name] = facts[name]
    return schema
