"""gettext ``.po`` catalogs for translators (Poedit, Weblate), through Babel's pofile.

One catalog per language holds every string of ``data/common/lang`` and of every game:
``msgctxt`` is ``<domain>:<key>`` (``<game>:goods.<good>``, ``common:calibration.steps.0``),
``msgid`` the English, ``msgstr`` the translation.  Extracted comments name the
``{placeholders}`` a translation must keep and the translator's note of the English file;
references point at the English file's line and at the code or template that prints it.
A translation whose English changed since it was confirmed is exported ``fuzzy``.

Import writes ``data/<domain>/lang/<lang>.yaml`` back (comments and layout kept); a new
language's files start from the English layout.  A non-fuzzy entry whose ``msgid`` is the
current English confirms the translation (``pnp.model.translation``); the rules templates
(``rules/<lang>.md.j2``) are translated as files, not in the catalog.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from pathlib import Path

from pnp.errors import DataError, UsageError
from pnp.model.translation import (
    RECORD_KEY, SOURCE_LANG, Domain, domains, flatten, load, placeholders, source_hash, stale, _merge_record,
)

#: Fixed catalog dates: the same data gives a byte-identical catalog.
_EPOCH = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)


def export_po(root: Path, lang: str) -> bytes:
    """The ``.po`` catalog of ``lang`` (UTF-8 bytes); untranslated entries have an empty
    ``msgstr``.  ``lang`` may be a language with no files yet (a new translation).

    Raises:
        UsageError: ``lang`` is English (the source) or not a language code.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from pnp.model.locale import babel_locale

    _check_code(lang)
    stale_keys = {f.qualified for f in stale(root, lang)}
    catalog = Catalog(locale=str(babel_locale(lang)), project="pnp", version="1", creation_date=_EPOCH,
                      revision_date=_EPOCH, language_team=f"{lang} <{lang}@pnp>", fuzzy=False,
                      header_comment=f"# pnp strings, English -> {lang}.  Context: <domain>:<key>.  "
                                     f"Import with `pnp i18n import FILE.po --lang {lang}`.")
    for domain in domains(root):
        english_path = domain.file(SOURCE_LANG)
        english = flatten(load(english_path))
        translated = flatten(load(domain.file(lang)))
        lines, notes = _lines_and_notes(english_path)
        usage = _usage(domain, root)
        for key, text in english.items():
            comments = []
            fields = sorted(placeholders(text))
            if fields:
                comments.append("placeholders (keep them): " + ", ".join("{" + f + "}" for f in fields))
            if key in notes:
                comments.append("note: " + notes[key])
            where = [(_rel(english_path, root.parent), lines.get(key, 0))] + usage.get(key, [])
            context = f"{domain.name}:{key}"
            flags = ["python-brace-format"] if fields else []
            if context in stale_keys and key in translated:
                flags.append("fuzzy")
            catalog.add(text, translated.get(key, ""), context=context, auto_comments=comments, locations=where,
                        flags=flags)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, sort_output=False, include_previous=False)
    return buffer.getvalue()


def import_po(root: Path, file: Path, lang: str | None = None) -> list[Path]:
    """Write the translations of the ``.po`` catalog ``file`` into ``lang``'s YAML files
    (``lang``: the catalog's Language header when None).  Returns the files written.

    Raises:
        DataError: the catalog cannot be read (not a regular file, larger than
            ``MAX_PO_BYTES``), names a domain or key the English lacks, or holds a
            translation that is not plain text with ``{name}`` fields or uses a field its
            English lacks (``pnp.model.textformat``; names the catalog, entry and line).
        UsageError: no language given or found, or English.
    """
    from babel.messages.pofile import PoFileError, read_po

    from pnp.model.catalog import read_text

    raw = read_text(Path(file), ".po catalog", MAX_PO_BYTES)
    try:
        catalog = read_po(io.BytesIO(raw.encode("utf-8")), abort_invalid=True)
    except (PoFileError, ValueError, UnicodeDecodeError) as exc:
        raise DataError(f"not a readable .po catalog: {exc}", file=file) from None
    if lang is None:
        lang = str(catalog.locale).replace("_", "-") if catalog.locale else ""
    _check_code(lang)
    by_name = {d.name: d for d in domains(root)}
    incoming: dict[str, dict[str, tuple[str, bool, str]]] = {}
    for message in catalog:
        if not message.id or not message.context:
            continue
        name, _, key = message.context.partition(":")
        if name not in by_name:
            raise DataError(f"unknown domain {name!r} (expected one of {', '.join(by_name)})", file=file,
                            key=message.context)
        if message.string:
            _check_translation(message, file)
            incoming.setdefault(name, {})[key] = (message.string, message.fuzzy, message.id)
    written = []
    payloads = []
    for name, values in incoming.items():
        domain = by_name[name]
        text = _updated_yaml(domain, lang, values, file)
        if text is not None:
            payloads.append((domain.file(lang), text.encode("utf-8")))
    if payloads:
        from pnp.files import write_atomically

        for path, data in payloads:
            write_atomically(path.parent, [(path, data)])
            written.append(path)
    return written


#: Largest ``.po`` catalog imported, bytes (an export of every string is about 120 KiB).
MAX_PO_BYTES = 4 * 1024 * 1024


def _check_translation(message, file: Path) -> None:
    """Refuse a translation that ``pnp.model.textformat`` refuses, or whose fields are not
    fields of its English (``msgid``): the program would have no value for them."""
    from pnp.model.textformat import TextFormatError, check

    where = f" (entry at line {message.lineno})" if getattr(message, "lineno", None) else ""
    try:
        got = check(message.string)
    except TextFormatError as exc:
        raise DataError(f"translation refused: {exc}{where}", file=file, key=message.context) from None
    try:
        want = check(message.id)
    except TextFormatError:
        want = set()
    unknown = sorted(got - want)
    if unknown:
        known = ", ".join("{" + n + "}" for n in sorted(want)) or "none"
        raise DataError(f"translation uses the field {{{unknown[0]}}}, which its English lacks "
                        f"(fields: {known}){where}", file=file, key=message.context)


def _updated_yaml(domain: Domain, lang: str, values: dict[str, tuple[str, bool, str]], po_file: Path) -> str | None:
    """The new text of ``domain``'s ``lang`` file with ``values`` set, or None if unchanged."""
    from pnp.model.yaml_rt import dumps, load_rt

    english_path = domain.file(SOURCE_LANG)
    english = flatten(load(english_path))
    target = domain.file(lang)
    new_file = not target.is_file()
    document = load_rt(english_path if new_file else target)
    if new_file:
        document.pop(RECORD_KEY, None)
    before = None if new_file else dumps(document)
    hashes = {}
    for key, (text, fuzzy, msgid) in values.items():
        if key not in english:
            raise DataError(f"{domain.name}:{key} is not an English key", file=po_file, key=f"{domain.name}:{key}")
        _set(document, key, text, english[key])
        if not fuzzy and msgid == english[key]:
            hashes[key] = source_hash(english[key])
    if new_file:
        _drop_untranslated(document, "", set(values))
    if hashes:
        _merge_record(document, hashes)
    after = dumps(document)
    return None if after == before else after


def _set(document, key: str, text: str, english: str) -> None:
    """Set dotted ``key`` to ``text``, keeping the old value's YAML style where possible."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString

    parts = key.split(".")
    node = document
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = int(parts[-1]) if isinstance(node, list) else parts[-1]
    old = node[last]
    if str(old) == text:
        return
    if isinstance(old, FoldedScalarString):
        value = FoldedScalarString(text)
    elif isinstance(old, DoubleQuotedScalarString) or _needs_quotes(text):
        value = DoubleQuotedScalarString(text)
    else:
        value = text
    node[last] = value


def _needs_quotes(text: str) -> bool:
    return bool(re.search(r"[:{}#\[\]]|^[-?!&*>|'\"%@`]|\n", text))


def _drop_untranslated(node, prefix: str, keep: set[str]) -> bool:
    """Remove leaves of a new file that have no translation; True when ``node`` is empty."""
    if isinstance(node, dict):
        for key in list(node.keys()):
            if _drop_untranslated(node[key], f"{prefix}{key}.", keep):
                del node[key]
        return not node
    if isinstance(node, list):
        complete = all(f"{prefix}{i}" in keep or isinstance(v, (dict, list)) for i, v in enumerate(node))
        return not complete
    return prefix[:-1] not in keep


def _lines_and_notes(path: Path) -> tuple[dict[str, int], dict[str, str]]:
    """Line (1-based) of every key of an English YAML file, and the comment just above it."""
    from pnp.model.yaml_rt import load_rt

    document = load_rt(path)
    lines: dict[str, int] = {}
    notes: dict[str, str] = {}
    source = path.read_text(encoding="utf-8").splitlines()

    def walk(node, prefix: str):
        if isinstance(node, dict):
            for key in node:
                if not prefix and str(key).startswith("_"):
                    continue
                line = node.lc.key(key)[0]
                lines[f"{prefix}{key}"] = line + 1
                comment = []
                probe = line - 1
                while probe >= 0 and source[probe].lstrip().startswith("#"):
                    comment.insert(0, source[probe].strip().lstrip("#").strip())
                    probe -= 1
                if comment and probe >= 0:   # not the file's header comment
                    notes[f"{prefix}{key}"] = " ".join(comment)
                walk(node[key], f"{prefix}{key}.")
        elif isinstance(node, list):
            for index, item in enumerate(node):
                lines[f"{prefix}{index}"] = node.lc.item(index)[0] + 1
                walk(item, f"{prefix}{index}.")

    walk(document, "")
    return lines, notes


def _usage(domain: Domain, root: Path) -> dict[str, list[tuple[str, int]]]:
    """Where code or templates name a key (or the group it is looked up in): key ->
    [(file, line)], at most three places, for the catalog's references."""
    from pnp.registry import game

    folders = [Path(__file__).resolve().parents[1]]
    if domain.rules_dir is not None:
        folders = [Path(game(domain.name, root).module("kit").__file__).parent, domain.rules_dir] + folders
    base = Path(__file__).resolve().parents[2]
    index: dict[str, list[tuple[str, int]]] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.py")) + sorted(folder.rglob("*.j2")):
            where = _rel(path, base)
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for token in set(re.findall(r"[A-Za-z_][A-Za-z0-9_.]*", line)):
                    places = index.setdefault(token.strip("."), [])
                    if len(places) < 3 and (not places or places[-1][0] != where):
                        places.append((where, number))
    found = {}
    for key in flatten(load(domain.file(SOURCE_LANG))):
        parts = key.split(".")
        for name in [".".join(parts[:i]) for i in range(len(parts), 0, -1)] + [p for p in parts[::-1] if not p.isdigit()]:
            if name in index:
                found[key] = index[name]
                break
    return found


def _rel(path: Path, base: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(Path(base).resolve()))
    except ValueError:
        return str(path)


def _check_code(lang: str) -> None:
    if not lang:
        raise UsageError("the catalog names no language; give --lang", key="--lang")
    if lang == SOURCE_LANG:
        raise UsageError("English is the source language; export or import a translation", key="--lang")
    if not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*", lang):
        raise UsageError(f"expected a language code such as da or pt-BR, got {lang!r}", key="--lang")
