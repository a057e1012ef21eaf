"""Language strings with ``{name}`` fields, filled without running anything.

A language file comes from a translator, maybe through a ``.po`` file from a stranger, so
its strings are data, not Python format strings: ``str.format`` would follow
``{players.__class__.__mro__}`` into the interpreter and print it into the rules.  This
module reads a string's fields itself (with ``string.Formatter().parse``, the same
tokenizer ``str.format`` uses, so ``{{`` and ``}}`` are literal braces as before) and
allows only **plain named fields**: ``{players}``, an identifier and nothing else.  Refused,
each with a reason that says what to write instead:

* attribute or index access (``{players.real}``, ``{goods[0]}``);
* a conversion or format spec (``{n!r}``, ``{n:>99999}``): numbers are formatted by the
  code (``pnp.model.locale``), never by the text;
* positional fields (``{}``, ``{0}``);
* a lone ``{`` or ``}`` (write ``{{`` or ``}}`` for a brace);
* longer than ``MAX_TEXT_CHARS`` characters.

A filled field is ``str(value)`` of the value the code passes; the text never picks a
method or an attribute of it.
"""

from __future__ import annotations

import re
import string
from typing import Iterator

#: Longest language string, characters (the longest shipped is a few hundred).
MAX_TEXT_CHARS = 10_000

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class TextFormatError(ValueError):
    """A language string that is not plain text with ``{name}`` fields (the message says why)."""


def fields(text: str) -> list[str]:
    """The field names of ``text`` in order of appearance (repeats kept).

    Raises:
        TextFormatError: the text breaks a rule of the module docstring.
    """
    if len(text) > MAX_TEXT_CHARS:
        raise TextFormatError(f"text of {len(text):,} characters; at most {MAX_TEXT_CHARS:,}")
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        brace, at = _lone_brace(text)
        raise TextFormatError(f"a lone '{brace}' at character {at + 1} (write '{brace * 2}' for a brace, "
                              "or {name} for a field)") from None
    names = []
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        shown = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        if name == "" or name.isdigit():
            raise TextFormatError(f"field {shown} has no name; fields are {{name}}")
        if not _NAME.match(name):
            raise TextFormatError(f"field {shown} is not a plain name: attribute and index access "
                                  "are not allowed in text; write {name}")
        if conversion or spec:
            raise TextFormatError(f"field {shown} has a conversion or format spec; write {{{name}}} "
                                  "(the program formats the value)")
        names.append(name)
    return names


def _lone_brace(text: str) -> tuple[str, int]:
    """(the brace, its index) of the first brace of ``text`` that is neither doubled nor
    part of a ``{field}`` (``str.format``'s own error names the brace it expected, a '}'
    for a lone '{')."""
    i = 0
    while i < len(text):
        char = text[i]
        if char in "{}" and text[i + 1:i + 2] == char:
            i += 2
            continue
        if char == "}":
            return "}", i
        if char == "{":
            end = text.find("}", i + 1)
            inner = text.find("{", i + 1)
            if end < 0 or 0 <= inner < end:
                return "{", i
            i = end + 1
            continue
        i += 1
    return "{", 0


def check(text: str) -> set[str]:
    """The set of field names of ``text``; raises ``TextFormatError`` as ``fields``."""
    return set(fields(text))


def fill(text: str, values: dict[str, object]) -> str:
    """``text`` with every ``{name}`` replaced by ``str(values[name])``.

    Raises:
        TextFormatError: the text breaks a rule (see ``fields``).
        KeyError: a field that ``values`` lacks (its name).
    """
    fields(text)
    out = []
    for literal, name, _, _ in string.Formatter().parse(text):
        out.append(literal)
        if name is not None:
            if name not in values:
                raise KeyError(name)
            out.append(str(values[name]))
    return "".join(out)


def walk_strings(value: object, prefix: str = "") -> Iterator[tuple[str, str]]:
    """``(dotted key, text)`` of every string in a language file's value (list items by
    index), top-level keys starting with ``_`` (records) left out."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not prefix and str(key).startswith("_"):
                continue
            yield from walk_strings(item, f"{prefix}{key}.")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk_strings(item, f"{prefix}{index}.")
    elif isinstance(value, str):
        yield prefix[:-1], value
