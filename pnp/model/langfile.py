"""Reading a language file (``lang/<lang>.yaml``): a mapping of plain keys whose every
string is plain text with ``{name}`` fields (``pnp.model.textformat``), none blank.  ``read_language``
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
            key that is not a plain key (``pnp.model.textformat.key_problem``: ``a.b``, a
            space); a string that is not plain text with ``{name}`` fields, is blank or
            holds a character no printed text holds (``textformat.invisible_character``)
            (file, key, line and why).
    """
    node = read_yaml(path)
    table = node.mapping()
    check_language_strings(table, path)
    return table


def check_language_strings(table: dict[str, Any], path: Path | str, line_offset: int = 0) -> None:
    """Refuse any key or string of ``table`` that ``pnp.model.textformat`` refuses (see
    ``read_language``); lines come from the last ``read_yaml`` of ``path``."""
    from pnp.model.textformat import TextFormatError, fields, invisible_character, key_problem, walk_keys, walk_strings

    for dotted, key in walk_keys(table):
        problem = key_problem(key)
        if problem is not None:
            line = line_of(path, dotted)
            where = f" (line {line + line_offset})" if line else ""
            raise DataError(f"{problem}{where}", file=path, key=dotted)
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
