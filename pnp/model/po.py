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
    FUZZY_KEY, RECORD_KEY, SOURCE_LANG, Domain, PluralText, domains, flatten, load, placeholders, source_hash,
    stale, _merge_record,
)

#: Fixed catalog dates: the same data gives a byte-identical catalog.
_EPOCH = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)


def export_po(root: Path, lang: str | None) -> bytes:
    """The ``.po`` catalog of ``lang`` (UTF-8 bytes); untranslated entries have an empty
    ``msgstr``, drafts kept from a catalog (``_fuzzy``) come back flagged fuzzy.  ``lang``
    may be a language with no files yet (a new translation); None gives the ``.pot``
    template (every ``msgstr`` empty, no Language header), what translation platforms start from.

    Raises:
        UsageError: ``lang`` is English (the source) or not a language code.
    """
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from pnp.model.locale import babel_locale
    from pnp.model.plurals import categories, is_plural, plural_forms_header

    if lang is not None:
        _check_code(lang)
    stale_keys = {f.qualified for f in stale(root, lang)} if lang else set()
    if lang is None:
        catalog = Catalog(project="pnp", version="1", creation_date=_EPOCH, revision_date=_EPOCH, fuzzy=False,
                          header_comment="# pnp strings: the template (.pot) of every language's catalog.  "
                                         "Context: <domain>:<key>.  Start a language with "
                                         "`pnp i18n export --lang LANG` or from this file.")
    else:
        catalog = Catalog(locale=str(babel_locale(lang)), project="pnp", version="1", creation_date=_EPOCH,
                          revision_date=_EPOCH, language_team=f"{lang} <{lang}@pnp>", fuzzy=False,
                          header_comment=f"# pnp strings, English -> {lang}.  Context: <domain>:<key>.  "
                                         f"Import with `pnp i18n import FILE.po --lang {lang}`.")
        # CLDR's categories of the language, in CLDR order, are msgstr[0..n-1]
        catalog.mime_headers = [("Plural-Forms", plural_forms_header(lang))]
    forms_of_lang = categories(lang) if lang else ("one", "other")
    for domain in domains(root):
        english_path = domain.file(SOURCE_LANG)
        english = flatten(load(english_path))
        table = load(domain.file(lang)) if lang else {}
        translated = flatten(table)
        drafts = {k: PluralText(v) if is_plural(v) else str(v) for k, v in (table.get(FUZZY_KEY) or {}).items()}
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
            string = translated.get(key, "")
            if context in stale_keys and key in translated:
                flags.append("fuzzy")
            elif key not in translated and key in drafts:
                string = drafts[key]
                flags.append("fuzzy")
            msgid = text
            if isinstance(text, PluralText):
                # English has one and other: msgid and msgid_plural
                msgid = (text.forms["one"], text.forms["other"])
                forms = string.forms if isinstance(string, PluralText) else {}
                string = tuple(forms.get(c, "") for c in forms_of_lang)
                comments.append("plural: msgstr[i] is the form of CLDR category "
                                + ", ".join(f"[{i}] {c}" for i, c in enumerate(forms_of_lang)))
            message = catalog.add(msgid, string, context=context, auto_comments=comments,
                                  locations=where, flags=flags)
            # Babel flags any msgid with a %-sequence ("{ink} % ink": "% i") as python-format,
            # and msgfmt -c then refuses the translation; pnp strings are brace-format only.
            message.flags.discard("python-format")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, sort_output=False, include_previous=False)
    return buffer.getvalue()


def installed_data(root: Path) -> bool:
    """True when ``root`` is (or lies in) the data of an installed, non-editable pnp: the
    wheel's ``pnp/_bundled`` folder, or any folder under a ``site-packages`` (or
    ``dist-packages``) of this interpreter.  Files written there are lost at the next
    upgrade or reinstall, and may be shared by every user of the machine."""
    import importlib.resources
    import site
    import sysconfig

    where = Path(root).resolve()
    places = [Path(str(importlib.resources.files("pnp") / "_bundled"))]
    places += [Path(p) for p in {sysconfig.get_paths().get("purelib"), sysconfig.get_paths().get("platlib")} if p]
    places += [Path(p) for p in getattr(site, "getsitepackages", lambda: [])()]
    user = getattr(site, "getusersitepackages", lambda: None)()
    if user:
        places.append(Path(user))
    for place in places:
        try:
            place = place.resolve()
        except OSError:
            continue
        if place.is_dir() and (where == place or place in where.parents):
            return True
    return any(part in ("site-packages", "dist-packages") for part in where.parts)


def refuse_installed_data(root: Path, command: str) -> None:
    """Raise ``UsageError`` (key ``--data-dir``) when ``root`` is an installed pnp's own data
    (``installed_data``): translations are written into a data folder of the user's, named
    with ``--data-dir``; the line gives the command that makes one."""
    if installed_data(root):
        raise UsageError(f"{root} is the data installed with pnp, where translations are lost at the next upgrade; "
                         f"copy it to a folder of yours and use that: cp -r {root} pnp-data && "
                         f"pnp --data-dir pnp-data {command}", key="--data-dir")


def import_po(root: Path, file: Path, lang: str | None = None) -> list[Path]:
    """Write the translations of the ``.po`` catalog ``file`` into ``lang``'s YAML files
    (``lang``: the catalog's Language header when None).  Returns the files written.

    Raises:
        DataError: the catalog cannot be read (not a regular file, larger than
            ``MAX_PO_BYTES``), names a domain or key the English lacks, or holds a
            translation that is not plain text with ``{name}`` fields or uses a field its
            English lacks (``pnp.model.textformat``; names the catalog, entry and line).
        UsageError: no language given or found, or English; or ``root`` is the data of an
            installed pnp (``refuse_installed_data``, key ``--data-dir``).
    """
    from babel.messages.pofile import PoFileError, read_po

    from pnp.model.catalog import read_text

    refuse_installed_data(root, f"i18n import {file}" + (f" --lang {lang}" if lang else ""))
    raw = read_text(Path(file), ".po catalog", MAX_PO_BYTES)
    _check_po_syntax(raw, Path(file))
    _check_language_header(raw, Path(file))
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
        if message.pluralizable:
            forms = _plural_forms(message, lang, file)
            if forms is not None:
                msgid = PluralText({"one": message.id[0], "other": message.id[1]})
                incoming.setdefault(name, {})[key] = (forms, message.fuzzy, msgid)
            continue
        if isinstance(message.string, str) and message.string and not message.string.strip():
            where = f" (entry at line {message.lineno})" if getattr(message, "lineno", None) else ""
            raise DataError(f"blank translation; leave msgstr \"\" for an entry not yet translated{where}",
                            file=file, key=message.context)
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

        # One call: every language file of the catalog is renamed into place, or none is.
        write_atomically(root, payloads, key="--data-dir")
        written = [path for path, _ in payloads]
    return written


#: Largest ``.po`` catalog imported, bytes (an export of every string is about 120 KiB).
MAX_PO_BYTES = 4 * 1024 * 1024

#: A ``.po`` line that is not a comment: a keyword and a quoted string, or a quoted string
#: that continues the one before; the escapes are gettext's.
_PO_LINE = re.compile(r'(?:(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"((?:[^"\\]|\\.)*)"')
_PO_ESCAPE = re.compile(r'\\(?:[\\"abfnrtv]|[0-7]{1,3}|x[0-9A-Fa-f]+)')


#: The catalog header's ``Language:`` line, as a line of the header entry's quoted msgstr.
_LANGUAGE_HEADER = re.compile(r'^\s*"Language:[ \t]*(.*?)[ \t]*\\n"\s*$', re.M)


def _check_language_header(text: str, file: Path) -> None:
    """Refuse a ``Language:`` header that is not a language code (``../../evil``, ``de de``)
    before the catalog parser reads it (whose message names neither the header nor what it
    expects); an empty one is a template's and passes.

    Raises:
        DataError: names the catalog, the header's line and the expected form.
    """
    from pnp.errors import UsageError
    from pnp.model.catalog import lang_code

    for match in _LANGUAGE_HEADER.finditer(text):
        value = match.group(1)
        if not value:
            continue
        try:
            lang_code(value.replace("_", "-"))
        except UsageError:
            line = text.count("\n", 0, match.start()) + 1
            shown = value if len(value) <= 40 else value[:37] + "..."
            raise DataError(f"header 'Language: {shown}' (line {line}): expected a language code such as da or pt-BR; "
                            f"fix the header, or give --lang", file=file) from None


def _check_po_syntax(text: str, file: Path) -> None:
    """Refuse what the catalog parser would read as something else, naming the line: a
    line that is neither a comment, a keyword with a quoted string, nor a quoted string
    continuing one (``msgstr Karawane`` is read as "arawan"), an unterminated string, an
    escape gettext lacks, and an entry whose context and English occur twice (the parser
    keeps one of them without a word).

    Raises:
        DataError: the first such line (file, line, what is expected).
    """
    seen: dict[tuple[str, str], int] = {}
    fields: dict[str, str] = {}
    field, start = None, 0

    def close(lineno: int) -> None:
        if "msgid" in fields:
            key = (fields.get("msgctxt", ""), fields["msgid"])
            if key in seen:
                raise DataError(f"line {start}: the entry {key[0] + ':' if key[0] else ''}{key[1][:40]!r} occurs "
                                f"twice (lines {seen[key]} and {start}); keep one", file=file)
            seen[key] = start
        fields.clear()

    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _PO_LINE.fullmatch(stripped)
        if match is None:
            what = "an unterminated string" if stripped.count('"') % 2 else "not a .po line"
            raise DataError(f"line {lineno}: {what}; expected a keyword and a quoted string "
                            f'(msgstr "...") or a quoted string continuing the line before', file=file)
        keyword, body = match.groups()
        bad = re.sub(_PO_ESCAPE, "", body)
        if "\\" in bad:
            escape = bad[bad.index("\\"):bad.index("\\") + 2]
            raise DataError(f"line {lineno}: unknown escape {escape!r} in a string", file=file)
        if keyword is None:
            if field is None:
                raise DataError(f"line {lineno}: a quoted string with no keyword before it", file=file)
            fields[field] = fields.get(field, "") + body
            continue
        if keyword in ("msgctxt", "msgid") and (field or "").startswith("msgstr") or \
                keyword == "msgid" and field == "msgid" or keyword == "msgctxt" and field in ("msgctxt", "msgid"):
            close(lineno)
        if not fields:
            start = lineno
        field = keyword
        fields[field] = body
    close(len(text.splitlines()) + 1)


def _plural_forms(message, lang: str, file: Path) -> dict[str, str] | None:
    """The forms (CLDR category -> text) of a plural entry, ``msgstr[i]`` being the i-th
    category of ``lang`` (``pnp.model.plurals.categories``); None while any form is empty
    (untranslated).

    Raises:
        DataError: the entry has another number of forms than ``lang`` has categories; a
            form refused as ``_check_translation`` refuses a text.
    """
    from pnp.model.plurals import categories

    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    if not any(strings):
        return None
    wanted = categories(lang)
    where = f" (entry at line {message.lineno})" if getattr(message, "lineno", None) else ""
    if len(strings) != len(wanted):
        raise DataError(f"plural entry has {len(strings)} forms; '{lang}' has {len(wanted)} "
                        f"({', '.join(wanted)}: msgstr[0..{len(wanted) - 1}], from CLDR){where}",
                        file=file, key=message.context)
    if not all(strings):
        return None
    for text in strings:
        _check_translation(message, file, string=text, source=" ".join(message.id))
    return dict(zip(wanted, strings))


def _check_translation(message, file: Path, string: str | None = None, source: str | None = None) -> None:
    """Refuse a translation that ``pnp.model.textformat`` refuses, or whose fields are not
    fields of its English (``msgid``; for a plural entry ``source``, its forms): the program
    would have no value for them."""
    from pnp.model.textformat import TextFormatError, check, invisible_character

    where = f" (entry at line {message.lineno})" if getattr(message, "lineno", None) else ""

    text = message.string if string is None else string
    try:
        got = check(text)
        unseen = invisible_character(text)
        if unseen is not None:
            raise TextFormatError(unseen)
    except TextFormatError as exc:
        raise DataError(f"translation refused: {exc}{where}", file=file, key=message.context) from None
    try:
        want = check(message.id if source is None else source)
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
    # keys the file holds already stay; a key it lacks (a new file, or a partial one that
    # left it out) is built from the English layout, and every leaf of that layout the
    # catalog does not translate is dropped again
    existing = {} if new_file else flatten(load(target))
    keep = set(values) | set(existing)
    english_document = None if new_file else load_rt(english_path)
    hashes = {}
    drafts = {}
    for key, (text, fuzzy, msgid) in values.items():
        if key not in english:
            raise DataError(f"{domain.name}:{key} is not an English key", file=po_file, key=f"{domain.name}:{key}")
        # a plural entry for a one-form English text, or one form for a plural text, would
        # write a value of the wrong shape that the build then refuses
        if isinstance(text, dict) != isinstance(english[key], PluralText):
            want = ("a plural entry (msgid_plural, msgstr[0..])" if isinstance(english[key], PluralText)
                    else "one form (msgid, msgstr)")
            raise DataError(f"the English text is {'plural' if isinstance(english[key], PluralText) else 'one form'}; "
                            f"expected {want}", file=po_file, key=f"{domain.name}:{key}")
        if fuzzy:
            # a draft never changes what a kit prints: kept aside until translated for good
            if existing.get(key) != (PluralText(text) if isinstance(text, dict) else text):
                drafts[key] = text
            continue
        if english_document is not None:
            _ensure(document, english_document, key)
        _set(document, key, text, english[key])
        if not fuzzy and msgid == english[key]:
            hashes[key] = source_hash(english[key])
    keep -= set(drafts) - set(existing)
    _drop_untranslated(document, "", keep)
    _set_drafts(document, drafts)
    if hashes:
        _merge_record(document, hashes)
    _one_record_comment(document)
    after = dumps(document)
    return None if after == before else after


def _ensure(document, english_document, key: str) -> None:
    """Give ``document`` the path of dotted ``key``, copying each missing part from the
    English document at the English position (a partial translation lacks keys that a later
    import brings)."""
    import copy

    parts = key.split(".")
    node, source = document, english_document
    for part in parts:
        index = int(part) if isinstance(source, list) else part
        if isinstance(node, list):
            if index >= len(node):
                node.extend(copy.deepcopy(source[len(node):index + 1]))
        elif index not in node:
            position = list(source.keys()).index(index)
            before = [k for k in list(source.keys())[:position] if k in node]
            at = list(node.keys()).index(before[-1]) + 1 if before else 0
            if hasattr(node, "insert"):
                # ruamel keeps the comment lines that follow a key's value with the deepest
                # last key of that value: they belong after the key added behind it
                holder = _last_key(node[before[-1]]) if before else None
                if holder is None and before:
                    holder = (node, before[-1])
                moved = holder[0].ca.items.pop(holder[1], None) if holder else None
                node.insert(at, index, copy.deepcopy(source[index]))
                if moved is not None:
                    target_map, target_key = _last_key(node[index]) or (node, index)
                    target_map.ca.items[target_key] = moved
            else:
                node[index] = copy.deepcopy(source[index])
        node, source = node[index], source[index]


def _set_drafts(document, drafts: dict[str, str]) -> None:
    """Keep ``drafts`` (fuzzy entries, key -> text) in the file's ``_fuzzy`` record, and drop
    a draft that is now translated (its key holds a real translation)."""
    from ruamel.yaml.comments import CommentedMap

    record = document.get(FUZZY_KEY)
    if record is None and not drafts:
        return
    if record is None:
        record = CommentedMap()
        document[FUZZY_KEY] = record
        document.yaml_set_comment_before_after_key(
            FUZZY_KEY, before="Drafts marked fuzzy in an imported catalog: not printed until translated for good.")
    record.update(drafts)
    translated = flatten(document)
    for key in [k for k in record if k in translated and k not in drafts]:
        del record[key]
    if not record:
        del document[FUZZY_KEY]
    else:
        ordered = sorted(record.items())
        record.clear()
        record.update(ordered)


RECORD_COMMENT = ("The English each key was translated from (sha256[:12]).\n"
                  "Written by `pnp i18n confirm` and `pnp i18n import`, not by hand.")


def _one_record_comment(document) -> None:
    """The record's comment once, just above it: keys added before the record carry its
    comment along with them (ruamel keeps it with the key above), and it is put back once."""
    def strip(node):
        ca = getattr(node, "ca", None)
        if ca is not None:
            for key, tokens in list(ca.items.items()):
                for i, token in enumerate(tokens or []):
                    items = token if isinstance(token, list) else [token]
                    if any(t is not None and "each key was translated from" in getattr(t, "value", "") for t in items):
                        tokens[i] = None
                if tokens is not None and all(t is None for t in tokens):
                    del ca.items[key]
        children = node.values() if hasattr(node, "values") else node if isinstance(node, list) else []
        for child in children:
            if isinstance(child, (dict, list)):
                strip(child)

    if RECORD_KEY not in document:
        return
    strip(document)
    document.yaml_set_comment_before_after_key(RECORD_KEY, before=RECORD_COMMENT)


def _last_key(node):
    """(mapping, key) of the deepest last key of a nested mapping, or None for a scalar or list."""
    found = None
    while hasattr(node, "ca") and hasattr(node, "keys") and len(node):
        last = list(node.keys())[-1]
        found = (node, last)
        node = node[last]
    return found


def _set(document, key: str, text, english: str) -> None:
    """Set dotted ``key`` to ``text`` (a plural's forms: a mapping, category -> text),
    keeping the old value's YAML style where possible."""
    from ruamel.yaml.comments import CommentedMap
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString

    parts = key.split(".")
    node = document
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = int(parts[-1]) if isinstance(node, list) else parts[-1]
    old = node[last]
    if isinstance(text, dict):
        if isinstance(old, dict) and PluralText(old) == PluralText(text):
            return
        forms = CommentedMap()
        for category, form in PluralText(text).forms.items():
            forms[category] = DoubleQuotedScalarString(form) if _needs_quotes(form) else form
        node[last] = forms
        return
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
    """Whether ``text`` written as a plain YAML scalar would not read back as this very text
    by pnp's strict reader (``pnp.model.catalog``, which refuses YAML 1.1 look-alikes) or
    by a YAML 1.1 or 1.2 tool: YAML punctuation, outer spaces, an empty text, a YAML 1.1
    boolean (``yes``, ``no``, ``on``, ``off``, ``y``, ``n``), octal (``010``) or base-60
    number (``1:30``), or anything either version reads as a number, boolean, null or date
    (``true``, ``~``, ``null``, ``1e3``, ``0x1F``, ``.inf``, ``2026-12-02``)."""
    from pnp.model.catalog import _YAML11_BOOL, _YAML11_OCTAL, _YAML11_SEXAGESIMAL

    if not text or text != text.strip() or re.search(r"[:{}#\[\]]|^[-?!&*>|'\"%@`,]|\n", text):
        return True
    if any(pattern.match(text) for pattern in (_YAML11_BOOL, _YAML11_OCTAL, _YAML11_SEXAGESIMAL)):
        return True
    return any(_plain_reads_as(text, version) != text for version in ((1, 1), (1, 2)))


def _plain_reads_as(text: str, version: tuple[int, int]):
    """What YAML ``version`` reads the plain scalar ``text`` as (a str when it is text)."""
    from ruamel.yaml import YAML

    import warnings

    reader = YAML(typ="safe", pure=True)
    reader.version = version
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # ruamel warns of YAML 1.1 floats such as 1e3
        try:
            return reader.load(f"k: {text}\n")["k"]
        except Exception:   # ruamel's errors share no base class: not a plain scalar at all
            return None


def _drop_untranslated(node, prefix: str, keep: set[str]) -> bool:
    """Remove leaves of a new file that have no translation; True when ``node`` is empty."""
    from pnp.model.plurals import is_plural

    if prefix and is_plural(node):
        return prefix[:-1] not in keep       # a plural's forms are one text
    if isinstance(node, dict):
        for key in list(node.keys()):
            if not prefix and str(key).startswith("_"):
                continue            # the file's records (_translated_from, _fuzzy), not strings
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
    from pnp.model.catalog import lang_code

    lang_code(lang)
