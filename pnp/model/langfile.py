"""Reading a language file (``lang/<lang>.yaml``): a mapping whose every string is plain
text with ``{name}`` fields (``pnp.model.textformat``), none blank.  ``read_language``
is how every module reads one (``pnp.model.i18n``, ``translation``, the rules sheet,
the calibration sheet)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.errors import DataError
from pnp.model.catalog import line_of, read_yaml


def read_language(path: Path) -> dict[str, Any]:
    """A language file (``lang/<lang>.yaml``) as a plain mapping, every string checked.

    Raises:
        DataError: as ``pnp.model.catalog.read_yaml``; the top level is not a mapping; a
            string that is not plain text with ``{name}`` fields, is blank or holds a
            character no printed text holds (``invisible_character``) (file, key, line and why).
    """
    node = read_yaml(path)
    table = node.mapping()
    check_language_strings(table, path)
    return table


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


def check_language_strings(table: dict[str, Any], path: Path | str, line_offset: int = 0) -> None:
    """Refuse any string of ``table`` that ``pnp.model.textformat`` refuses (see
    ``read_language``); lines come from the last ``read_yaml`` of ``path``."""
    from pnp.model.textformat import TextFormatError, fields, walk_strings

    for key, text in walk_strings(table):
        try:
            fields(text)
            if not text.strip():
                raise TextFormatError("blank text; every text of a language file is printed somewhere")
            unseen = invisible_character(text)
            if unseen is not None:
                raise TextFormatError(unseen)
        except TextFormatError as exc:
            line = line_of(path, key)
            where = f" (line {line + line_offset})" if line else ""
            raise DataError(f"{exc}{where}", file=path, key=key) from None
