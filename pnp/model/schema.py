"""JSON Schema of each data file, for a designer's editor to check and complete the YAML.

A schema holds the checks the game's loaders really make: ``pnp schema`` loads the game
under ``catalog.schema_recorder`` and every ``Node`` accessor (``int(minimum=0)``,
``choice(...)``, ``colour()``, ``node[key]`` for a required key ...) leaves its facts;
``file_schema`` turns them into JSON Schema (draft 2020-12).  Keys that no check reads are
described from the shipped file itself (their type), so every key an editor sees in the
file is completed.  Every mapping whose keys the loaders name is closed
(``additionalProperties: false``: a misspelt key is flagged in the editor, as pnp refuses
it); a mapping whose keys are the data's (goods by id, read with ``Node.items``) takes any
key with the shape of its shipped entries.  Every key has a ``description`` (the comment
beside or above it in the shipped file, else its type and bounds) and, where a loader
gives it one, its ``default``.

Language files (``lang/<lang>.yaml``) are read by dotted key, not through ``Node``: their
schema is the shape of the reference language's file, every key required, so a
translator's editor lists each string still missing.
"""

from __future__ import annotations

from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"

_TYPE_OF = {bool: "boolean", int: "integer", float: "number", str: "string", dict: "object", list: "array",
            type(None): "null"}


def file_schema(records: dict[str, dict], sample: Any, title: str, notes: dict[str, str] | None = None) -> dict:
    """JSON Schema of one YAML file.

    Args:
        records: ``{key pattern: facts}`` of the file (``catalog.schema_recorder``).
        sample: the file's parsed value (the shipped data), for keys no check reads.
        title: the schema's title (the file's path inside the data folder).
        notes: ``{key pattern: text}`` descriptions (``yaml_notes`` of the shipped file).
    """
    schema = _build(records, "", sample, require_all=False, notes=notes or {})
    schema.pop("description", None)
    return {"$schema": DRAFT, "title": title, **schema}


def language_schema(reference: Any, title: str, notes: dict[str, str] | None = None) -> dict:
    """JSON Schema of a language file: the reference language's shape, every key required;
    a plural text (``pnp.model.plurals``) takes any CLDR category, ``other`` required."""
    from pnp.model.translation import FUZZY_KEY, RECORD_KEY

    schema = _build({}, "", reference, require_all=True, notes=notes or {}, language=True)
    schema.pop("description", None)
    schema["properties"][RECORD_KEY] = {
        "description": "The English each key was translated from (sha256[:12]); written by `pnp i18n confirm` "
                       "and `pnp i18n import`, not by hand.",
        "type": "object", "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{12}$"}}
    schema["properties"][FUZZY_KEY] = {
        "description": "Drafts marked fuzzy in an imported catalog (key -> text): not printed until translated "
                       "for good.",
        "type": "object"}
    return {"$schema": DRAFT, "title": title, **schema}


def yaml_notes(path) -> dict[str, str]:
    """``{key pattern: comment}`` of a YAML file: the comment at the end of a key's line with
    its wrapped lines (comment-only lines below it at the same column), or the comment lines
    just above it that are not such a wrapped note (not the file's header).  List entries share a pattern
    (``goods[].count``), the first comment found wins."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from pnp.model.yaml_rt import load_rt

    source = path.read_text(encoding="utf-8").splitlines()
    notes: dict[str, str] = {}

    def indent(text: str) -> int:
        return len(text) - len(text.lstrip())

    def eol_column(line: int) -> int | None:
        """The column of the end-of-line comment on source line ``line``, if it has one."""
        text = source[line]
        if text.lstrip().startswith("#"):
            return None
        at = text.find(" #")
        return at + 1 if at >= 0 else None

    def eol(node, key) -> str:
        """The comment at the end of ``key``'s line and the comment-only lines that go on
        at its column below it (a note that wraps), as one text."""
        tokens = node.ca.items.get(key) if hasattr(node, "ca") else None
        for token in (tokens or [])[2:3]:
            line = node.lc.key(key)[0]
            column = eol_column(line)
            # a token that starts on a later line is the comment above the next key
            if token is not None and column is not None and getattr(token, "value", "").startswith("#"):
                parts = [token.value.strip().splitlines()[0].lstrip("#").strip()]
                probe = line + 1
                while (column is not None and probe < len(source) and source[probe].lstrip().startswith("#")
                       and indent(source[probe]) == column):
                    parts.append(source[probe].strip().lstrip("#").strip())
                    probe += 1
                return " ".join(part for part in parts if part)
        return ""

    def above(line: int) -> str:
        comment, probe = [], line - 1
        while probe >= 0 and source[probe].lstrip().startswith("#"):
            comment.insert(0, source[probe].strip().lstrip("#").strip())
            probe -= 1
        if probe >= 0 and comment and eol_column(probe) == indent(source[probe + 1]):
            return ""  # the wrapped end of the line above's own note, not a note on this key
        return " ".join(c for c in comment if c) if comment and probe >= 0 else ""

    def walk(node, pattern: str):
        if isinstance(node, CommentedMap):
            for key in node:
                child = f"{pattern}.{key}" if pattern else str(key)
                text = eol(node, key) or above(node.lc.key(key)[0])
                if text and child not in notes:
                    notes[child] = text
                walk(node[key], child)
        elif isinstance(node, CommentedSeq):
            for item in node:
                walk(item, f"{pattern}[]")

    walk(load_rt(path), "")
    return notes


def _described(facts: dict, types: set[str]) -> str:
    """A description from what the loaders check, for a key the file does not comment."""
    kind = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false",
            "object": "a mapping", "array": "a list"}
    text = " or ".join(kind.get(t, t) for t in sorted(types)) or "a value"
    lo, hi = facts.get("minimum"), facts.get("maximum")
    if lo is not None and hi is not None:
        text += f" from {lo} to {hi}"
    elif lo is not None:
        text += f", at least {lo}"
    elif hi is not None:
        text += f", at most {hi}"
    if "enum" in facts:
        text += ": one of " + ", ".join(map(str, facts["enum"]))
    if "pattern" in facts:
        text += f" matching {facts['pattern']}"
    return text[0].upper() + text[1:] + "."


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
           in_every: set[str] | None = None, shipped_types: set[str] | None = None,
           notes: dict[str, str] | None = None, language: bool = False) -> dict:
    """Schema of the value at ``pattern``.  ``in_every``: for the entries of a list, the keys
    every shipped entry has (a key that a loader needs only for some kinds of entry, such
    as a camp's capacity, is then not required of all)."""
    schema = _shape(records, pattern, sample, require_all, in_every, shipped_types, notes or {}, language)
    facts = records.get(pattern, {})
    types = schema.get("type", [])
    schema = {"description": (notes or {}).get(pattern) or _described(facts, set([types] if isinstance(types, str)
                                                                                 else types)), **schema}
    if "default" in facts:
        schema["default"] = facts["default"]
    return schema


def _shape(records, pattern, sample, require_all, in_every, shipped_types, notes, language) -> dict:
    from pnp.model.plurals import CATEGORIES, is_plural

    facts = records.get(pattern, {})
    if language and pattern and is_plural(sample):
        return {"type": "object", "properties": {c: {"description": f"The form for CLDR's '{c}' numbers.",
                                                     "type": "string", "minLength": 1} for c in CATEGORIES},
                "required": ["other"], "additionalProperties": False}
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
        # keys that are numbers (player counts) are the data's to choose whatever the
        # recorder saw: an entry of an open mapping is described from its first entry only
        data_keys = bool(sample) and all(isinstance(key, int) and not isinstance(key, bool) for key in sample)
        if (facts.get("open") or data_keys) and not required and not facts.get("optional"):
            # keys the data chooses (ids): any key, shaped as the shipped entries
            merged = _merged(list(sample.values()))
            schema["additionalProperties"] = _build(records, f"{pattern}.*" if pattern else "*", merged,
                                                    require_all, notes=notes, language=language)
            for key in sample:   # a recorder pattern names each entry's own path
                sub = f"{pattern}.{key}" if pattern else str(key)
                if sub in records:
                    schema["additionalProperties"] = _build(records, sub, merged, require_all, notes=notes,
                                                            language=language)
                    break
            return schema
        schema["properties"] = {
            str(key): _build(records, f"{pattern}.{key}" if pattern else str(key), sample.get(key), require_all,
                             notes=notes, language=language)
            for key in keys}
        if require_all:
            required |= {str(key) for key in sample}
        if in_every is not None:
            required &= in_every
        if required:
            schema["required"] = sorted(required)
        schema["additionalProperties"] = False
        return schema
    if "array" in types or isinstance(sample, list):
        items = sample if isinstance(sample, list) else []
        schema["type"] = "array"
        dicts = [item for item in items if isinstance(item, dict)]
        every = set.intersection(*(set(map(str, d)) for d in dicts)) if dicts else None
        scalars = {_TYPE_OF.get(type(item), "string") for item in items if not isinstance(item, (dict, list))}
        schema["items"] = _build(records, f"{pattern}[]", _merged(items), require_all, every,
                                 scalars if len(scalars) > 1 else None, notes=notes, language=language)
        if facts.get("minItems"):
            schema["minItems"] = facts["minItems"]
        return schema
    if types:
        schema["type"] = sorted(types)[0] if len(types) == 1 else sorted(types)
    for name in ("minimum", "maximum", "minLength", "pattern", "enum"):
        if name in facts:
            schema[name] = facts[name]
    return schema
