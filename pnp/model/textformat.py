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
* longer than ``MAX_TEXT_CHARS`` characters;
* a character no printed text holds (``invisible_character``: a control, a zero-width
  space, a byte order mark).

The keys of a language file are plain too (``key_problem``): letters, digits and ``_``,
as the loaders name them; ``goods.grain`` is the key ``grain`` inside ``goods``, so a key
``"goods.grain"`` (or one with a space) could never be read and is refused.

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


class LiteralText(str):
    """A language string without fields, its ``{{``/``}}`` escapes already read as one
    brace each (``literal``): printed as it is, and ``fill`` gives it back unchanged
    (filling it again would read ``{II}`` as a field)."""

    __slots__ = ()


def literal(value: object) -> object:
    """``value`` (a language file's mapping, list or text) with every text that has no
    ``{name}`` field made a ``LiteralText`` whose escapes are read (``"Volume {{II}}"``
    -> ``"Volume {II}"``), so a text means the same wherever it is printed, filled or
    not; a text with fields is left for ``fill``.  Raises TextFormatError as ``fields``."""
    if isinstance(value, dict):
        return {key: literal(item) for key, item in value.items()}
    if isinstance(value, list):
        return [literal(item) for item in value]
    if isinstance(value, str) and not isinstance(value, LiteralText) and not fields(value):
        return LiteralText(fill(value, {}))
    return value


def fill(text: str, values: dict[str, object]) -> str:
    """``text`` with every ``{name}`` replaced by ``str(values[name])``.

    Raises:
        TextFormatError: the text breaks a rule (see ``fields``).
        KeyError: a field that ``values`` lacks (its name).
    """
    if isinstance(text, LiteralText):
        return str(text)
    fields(text)
    out = []
    for plain, name, _, _ in string.Formatter().parse(text):
        out.append(plain)
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

#: Unicode general categories no printed text holds: controls, format characters (a byte
#: order mark U+FEFF, zero-width spaces, bidirectional overrides), line and paragraph
#: separators, private-use, surrogate and unassigned code points.  A new line (U+000A) is
#: the one control a language string may hold: it breaks a line where the text says so.
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})
ALLOWED_CONTROLS = frozenset("\n")


def invisible_character(text: str) -> str | None:
    """Why ``text`` cannot be printed as it stands — its first character of
    ``INVISIBLE_CATEGORIES`` other than a new line, named with its code point, Unicode name
    and position ("a control character U+0007 (BELL) at character 1 ...") — or None."""
    import unicodedata

    for index, ch in enumerate(text, start=1):
        if ch in ALLOWED_CONTROLS or unicodedata.category(ch) not in INVISIBLE_CATEGORIES:
            continue
        name = "" if ch == "\ufeff" else unicodedata.name(ch, "")      # controls have no Unicode name
        what = "a byte order mark" if ch == "\ufeff" else (
            "a control character" if unicodedata.category(ch) == "Cc" else "an invisible character")
        return (f"{what} U+{ord(ch):04X}{f' ({name})' if name else ''} at character {index}; a printed text "
                f"holds none (delete it, or write the character it stands for)")
    return None


#: A key of a language file as the loaders name it: ASCII letters, digits and ``_``
#: (``cut_fold_note``, a banknote value ``"5"``).
_KEY = re.compile(r"[A-Za-z0-9_]+\Z")


def key_problem(key: object) -> str | None:
    """Why ``key`` (a mapping key of a language file) is not a key the loaders can read
    ("key 'a.b' is not a plain key ..."), or None.  A dot would read as a key inside
    another (``goods.grain``), so the text under it could never be found."""
    text = str(key) if isinstance(key, int) and not isinstance(key, bool) else key
    if isinstance(text, str) and _KEY.match(text):
        return None
    hint = ""
    if isinstance(text, str) and "." in text and all(_KEY.match(part) for part in text.split(".")):
        outer, inner = text.split(".", 1)
        hint = f"; for a key inside another, nest it ({outer}: then {inner}: under it)"
    return f"key {key!r} is not a plain key: letters, digits and _ only{hint}"


def walk_keys(value: object, prefix: str = "") -> Iterator[tuple[str, object]]:
    """``(dotted path, key)`` of every mapping key in a language file's value, as
    ``walk_strings`` walks it (list items by index, top-level records starting with ``_``
    left out)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not prefix and str(key).startswith("_"):
                continue
            yield f"{prefix}{key}", key
            yield from walk_keys(item, f"{prefix}{key}.")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk_keys(item, f"{prefix}{index}.")
