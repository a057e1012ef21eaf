"""Language catalogs: the text of a kit in one language, from YAML data files.

A kit's strings come from ``data/common/lang/<lang>.yaml`` (contents page, footers) and
``data/<game>/lang/<lang>.yaml`` (component text).  A new language is only new files.
Lookups use dotted keys (``goods.grain``); a missing key is a ``DataError`` naming the
file and key, never a silent fallback to another language.
"""

from __future__ import annotations

from pathlib import Path

from pnp.model.catalog import read_yaml
from pnp.errors import DataError, UsageError
from pnp.registry import game


class Strings:
    """The strings of one game in one language.  ``lang`` is the catalog's code (``en``, ``da``)."""

    def __init__(self, root: Path, game_id: str, lang: str):
        entry = game(game_id, root)
        available = entry.languages(root)
        if lang not in available:
            folder = entry.folder(root)
            needed = [root / "common" / "lang" / f"{lang}.yaml"]
            if folder is not None:
                needed = [folder / "lang" / f"{lang}.yaml", folder / "rules" / f"{lang}.md.j2"] + needed
            missing = " and ".join(str(p.relative_to(root)) for p in needed if not p.is_file())
            raise UsageError(f"no '{lang}' kit of {game_id}: {missing} missing (translate the en file beside it; "
                             f"`pnp i18n status --lang {lang}` lists the rest); languages: "
                             f"{', '.join(available) or 'none'}", key="--lang")
        self.lang = lang
        self.game_file = entry.folder(root) / "lang" / f"{lang}.yaml"
        self.common_file = root / "common" / "lang" / f"{lang}.yaml"
        self._game = read_yaml(self.game_file).mapping()
        self._common = read_yaml(self.common_file).mapping()

    def get(self, key: str):
        """The value at dotted ``key``: game catalog first, then the common one.

        Raises:
            DataError: neither catalog has the key.
        """
        for table, file in ((self._game, self.game_file), (self._common, self.common_file)):
            value = _dig(table, key)
            if value is not None:
                return value
        raise DataError(f"missing text '{key}' (looked in {self.common_file.name} too)", file=self.game_file, key=key)

    def has(self, key: str) -> bool:
        """True when either catalog has ``key`` (for optional texts)."""
        return any(_dig(table, key) is not None for table in (self._game, self._common))

    def kit_title(self) -> str:
        """The game's name on a kit's contents page, sheet footers and PDF title: ``kit_title``
        where the data give one (a short ``title`` that another game shares),
        else ``title``."""
        return self("kit_title") if self.has("kit_title") else self("title")

    def __call__(self, key: str, **values) -> str:
        """The string at ``key`` with ``{name}`` fields filled from ``values``."""
        template = self.get(key)
        if not isinstance(template, str):
            raise DataError(f"expected text, got {type(template).__name__}", file=self.game_file, key=key)
        try:
            return template.format(**values)
        except (KeyError, IndexError) as exc:
            raise DataError(f"text uses an unknown field {exc}", file=self.game_file, key=key) from None

    @property
    def locale(self):
        """Numbers and typography of this language (``pnp.model.locale.LocaleFormat``):
        ``strings.locale.num(1500)`` -> ``1.500`` in Danish."""
        from pnp.model.locale import locale_format

        return locale_format(self.lang, self._common, self.common_file)

    def where(self, key: str) -> str:
        """``file: key`` of a string, for error messages about it."""
        return f"{self.game_file}: {key}"


def _dig(table: dict, key: str):
    value = table
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value
