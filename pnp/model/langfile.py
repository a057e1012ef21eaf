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
            string that is not plain text with ``{name}`` fields (file, key, line and why).
    """
    node = read_yaml(path)
    table = node.mapping()
    check_language_strings(table, path)
    return table


def check_language_strings(table: dict[str, Any], path: Path | str, line_offset: int = 0) -> None:
    """Refuse any string of ``table`` that ``pnp.model.textformat`` refuses (see
    ``read_language``); lines come from the last ``read_yaml`` of ``path``."""
    from pnp.model.textformat import TextFormatError, fields, walk_strings

    for key, text in walk_strings(table):
        try:
            fields(text)
            if not text.strip():
                raise TextFormatError("blank text; every text of a language file is printed somewhere")
        except TextFormatError as exc:
            line = line_of(path, key)
            where = f" (line {line + line_offset})" if line else ""
            raise DataError(f"{exc}{where}", file=path, key=key) from None
