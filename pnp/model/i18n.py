"""Language catalogs: the text of a kit in one language, from YAML data files.

A kit's strings come from ``data/common/lang/<lang>.yaml`` (contents page, footers) and
``data/<game>/lang/<lang>.yaml`` (component text).  A new language is only new files.
Lookups use dotted keys (``goods.grain``); a missing key is a ``DataError`` naming the
file and key, never a silent fallback to another language.

Every string is a template of plain ``{name}`` fields (``pnp.model.textformat``): a file
is checked as it is read (``read_language``), so a string that reaches for an attribute
(``{players.__class__}``), has a lone brace or a format spec is refused before anything is
drawn, with its file, key and line.
"""

from __future__ import annotations

from pathlib import Path

from pnp.model.catalog import line_of, present
from pnp.model.langfile import check_language_strings, read_language  # noqa: F401  (re-exported)
from pnp.errors import DataError, UsageError
from pnp.registry import game


def check_known_keys(path: Path, table: dict, root: Path, game_folder: Path | None) -> None:
    """Refuse a key of the language file ``path`` that nothing can read: a misspelt
    optional key (``kit_title`` with two letters swapped) would otherwise drop its text
    without a word.  Keys are judged by their full path, part by part: ``goods.grain`` in a
    game's file is unknown when only another game has a good ``grain``, and ``base_goods:
    {meat: Meat}`` is unknown though ``meat`` is a good.

    Known keys: for another language than English, the keys of the data folder's English
    file (a translation has no key the English lacks).  For English, the keys of the
    English file that ships with pnp (``common`` or the game's), and a key beyond them
    when every new part of its path is read: a new part under a mapping the reference
    has (``goods.<id>``) must be an id or word of the game's own data files or rules
    templates (a good the data folder adds); a new top-level key (and the parts below it)
    must be named by the game's rules templates or pnp's code.  A game or a language with
    no reference is not judged.

    Raises:
        DataError: the first unknown key (the shortest unknown part of its path) with its
            line and the nearest known key.
    """
    import difflib

    from pnp.model.catalog import DEFAULT_DATA_DIR
    from pnp.model.translation import SOURCE_LANG, flatten

    lang = path.stem
    sub = Path(game_folder.name) if game_folder is not None else Path("common")
    if lang == SOURCE_LANG:
        reference_file = DEFAULT_DATA_DIR / sub / "lang" / f"{lang}.yaml"
    else:
        reference_file = path.with_name(f"{SOURCE_LANG}.yaml")
    if not reference_file.is_file() or reference_file.resolve() == path.resolve():
        return
    reference = set(flatten(read_language(reference_file)))
    keys = flatten(table)
    unknown = [key for key in keys if key not in reference]
    if not unknown:
        return
    if lang == SOURCE_LANG:
        mappings = {".".join(ref.split(".")[:end]) for ref in reference for end in range(1, ref.count(".") + 1)}
        judged: dict[str, str | None] = {}
        for key in unknown:
            # keys below an alias repeat one another's path but for list indices: judge each
            # path with its indices as '#' once (a 100,000-value file is judged in a moment;
            # a list index is never what makes a key unknown)
            shape = ".".join("#" if part.isdigit() else part for part in key.split("."))
            if shape not in judged:
                judged[shape] = _unread_part(key, reference, game_folder, mappings)
        found = sorted({part for part in judged.values() if part is not None})
    else:
        found = sorted(set(unknown))
    if not found:
        return
    lines = {key: _line_near(path, key) for key in found}
    key = min(found, key=lambda k: (lines[k] is None, lines[k] or 0, k))
    near = difflib.get_close_matches(key, sorted(reference), n=1, cutoff=0.6)
    hint = f"; did you mean '{near[0]}'?" if near else ""
    source = "the English file" if lang != SOURCE_LANG else "pnp's English file, the rules templates or the code"
    where = f"line {lines[key]}" if lines[key] else "no line: below an alias"
    raise DataError(f"unknown key ({where}): not in {source}{hint}", file=path, key=key)


#: Keys of a language file that may be left out: the code reads them with ``Strings.has``
#: (a game's ``kit_title`` falls back to its ``title``).
OPTIONAL_KEYS = frozenset({"kit_title"})


def check_required_keys(path: Path, table: dict, game_folder: Path | None) -> None:
    """Refuse a language file ``path`` (its mapping ``table``) that lacks a text the kit
    prints, or holds a mapping or list where a text belongs, before anything is drawn.

    The keys required are those of the English file that ships with pnp for the same
    game (or ``common``), but ``OPTIONAL_KEYS`` and a key below a data id (``goods.<id>``)
    that the data folder's own files no longer name (a data folder may drop a good).  A
    key of the reference that holds text must hold text here, for every text key; a list
    there must be a list here (its length may differ in a translation).  A game pnp does
    not ship is not judged.

    Raises:
        DataError: ``missing text 'currency'`` or ``expected text, got mapping`` naming
            the file and the key (and its line where it has one).
    """
    from pnp.model.catalog import DEFAULT_DATA_DIR
    from pnp.model.plurals import is_plural
    from pnp.model.translation import SOURCE_LANG

    sub = Path(game_folder.name) if game_folder is not None else Path("common")
    reference_file = DEFAULT_DATA_DIR / sub / "lang" / f"{SOURCE_LANG}.yaml"
    if not reference_file.is_file() or reference_file.resolve() == path.resolve():
        return
    reference = read_language(reference_file)
    shipped_words = _data_words(DEFAULT_DATA_DIR / sub) if game_folder is not None else set()
    own_words = _data_words(game_folder) if game_folder is not None else set()
    dropped = shipped_words - own_words

    def kind(value) -> str:
        return {dict: "mapping", list: "list", str: "text"}.get(type(value), type(value).__name__)

    def walk(ref, value, prefix: str) -> None:
        for key, ref_item in ref.items():
            dotted = f"{prefix}{key}"
            if not prefix and (str(key).startswith("_") or key in OPTIONAL_KEYS):
                continue
            if prefix and str(key) in dropped:
                continue
            item = value.get(key) if isinstance(value, dict) else None
            if item is None:
                raise DataError(f"missing text '{dotted}' (pnp's English file has it; the kit prints it)",
                                file=path, key=dotted)
            if isinstance(ref_item, str) or is_plural(ref_item):
                if isinstance(ref_item, str) and not isinstance(item, str):
                    line = line_of(path, dotted)
                    raise DataError(f"expected text, got {kind(item)}" + (f" (line {line})" if line else ""),
                                    file=path, key=dotted)
            elif isinstance(ref_item, dict):
                if not isinstance(item, dict):
                    raise DataError(f"expected a mapping, got {kind(item)}", file=path, key=dotted)
                walk(ref_item, item, f"{dotted}.")
            elif isinstance(ref_item, list) and not isinstance(item, list):
                raise DataError(f"expected a list, got {kind(item)}", file=path, key=dotted)

    walk(reference, table, "")


#: Sections of a game's language file whose texts must differ from each other, with what
#: they tell apart: two goods printed with the same letters (a good's second sign beside its
#: colour) or the same name, two players' colours of one name, cannot be told apart.
DISTINCT_SECTIONS = {
    "goods": "the goods' names tell them apart",
    "letters": "the letters tell the goods apart without colour",
    "colours": "the colour names tell the colours apart",
    "player_colours": "the colour names tell the players apart",
    "cities": "the city names tell the cities apart",
    "cards": "the card names tell the cards apart",
}


def check_distinct(path: Path, table: dict) -> None:
    """Refuse two texts of one ``DISTINCT_SECTIONS`` section of the language file ``path``
    that read the same (compared without case and outer spaces).

    Raises:
        DataError: names the file, both keys, the text and the line of the second.
    """
    for section, why in DISTINCT_SECTIONS.items():
        texts = table.get(section)
        if not isinstance(texts, dict):
            continue
        seen: dict[str, str] = {}
        for key, text in texts.items():
            if not isinstance(text, str):
                continue
            folded = text.strip().casefold()
            if folded in seen:
                line = line_of(path, f"{section}.{key}")
                where = f" (line {line})" if line else ""
                raise DataError(f"{text!r} is also {section}.{seen[folded]}; {why}{where}",
                                file=path, key=f"{section}.{key}")
            seen[folded] = key


def _line_near(path: Path, key: str) -> int | None:
    """The line of ``key`` in ``path``, else of the nearest enclosing key that has one
    (a key reached through an alias has none of its own)."""
    parts = key.split(".")
    for end in range(len(parts), 0, -1):
        line = line_of(path, ".".join(parts[:end]))
        if line:
            return line
    return None


def _unread_part(key: str, reference: set[str], game_folder: Path | None, mappings: set[str]) -> str | None:
    """The shortest prefix of the English ``key`` (not in ``reference``; ``mappings``: the
    reference's mapping paths) that nothing reads, or None when every new part of it is
    read (see ``check_known_keys``)."""
    parts = key.split(".")
    known = 0   # parts[:known] is a mapping of the reference (the top level for 0)
    while known < len(parts) - 1 and ".".join(parts[:known + 1]) in mappings:
        known += 1
    if ".".join(parts[:known + 1]) in reference:
        return None   # a mapping or list where the reference has a text: its reader says "expected text"
    if known == 0:
        words = _template_words(game_folder)
        if parts[0] not in words:
            words = words | _code_words()
    else:
        words = _template_words(game_folder) | (_data_words(game_folder) if game_folder is not None else _code_words())
    for end in range(known, len(parts)):
        part = parts[end]
        if not part.isdigit() and part not in words:
            return ".".join(parts[:end + 1])
    return None


def _data_words(game_folder: Path) -> set[str]:
    """Every key and identifier-like text of the game's data files outside ``lang/`` (the ids
    its goods, colours, set-ups ... have), comments left out."""
    import re

    from pnp.model.catalog import read_yaml

    words: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                words.add(str(k))
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", value))

    for file in sorted(game_folder.glob("*.yaml")):
        try:
            walk(read_yaml(file).value)
        except DataError:
            continue   # the file's own reading reports it
    return words


def _template_words(game_folder: Path | None) -> set[str]:
    import re

    words: set[str] = set()
    if game_folder is not None and (game_folder / "rules").is_dir():
        for template in sorted((game_folder / "rules").rglob("*.j2")):
            try:
                words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", template.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError):
                continue   # the template's own reading reports it
    return words


_CODE_WORDS: set[str] | None = None


def _code_words() -> set[str]:
    """Every identifier-like word of the string literals of pnp's code (f-strings' text
    too; docstrings and comments left out: they mention keys nothing reads), read once,
    only when a key is not in the English reference."""
    global _CODE_WORDS
    if _CODE_WORDS is None:
        import ast
        import re

        words: set[str] = set()
        for file in sorted(Path(__file__).resolve().parents[1].rglob("*.py")):
            try:
                tree = ast.parse(file.read_text(encoding="utf-8"))
            except (OSError, SyntaxError, UnicodeDecodeError):
                continue
            docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                          if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                          and node.body and isinstance(node.body[0], ast.Expr)
                          and isinstance(node.body[0].value, ast.Constant)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                    words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", node.value))
        _CODE_WORDS = words
    return _CODE_WORDS


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
            missing = " and ".join(str(p.relative_to(root)) for p in needed if not present(p))
            raise UsageError(f"no '{lang}' kit of {game_id}: {missing} missing (translate the en file beside it; "
                             f"`pnp i18n status --lang {lang}` lists the rest); languages: "
                             f"{', '.join(available) or 'none'}", key="--lang")
        self.lang = lang
        self.game_file = entry.folder(root) / "lang" / f"{lang}.yaml"
        self.common_file = root / "common" / "lang" / f"{lang}.yaml"
        self._game = read_language(self.game_file)
        self._common = read_language(self.common_file)
        check_known_keys(self.game_file, self._game, root, entry.folder(root))
        check_distinct(self.game_file, self._game)
        check_known_keys(self.common_file, self._common, root, None)
        check_required_keys(self.game_file, self._game, entry.folder(root))
        check_required_keys(self.common_file, self._common, None)

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
        """The string at ``key`` with ``{name}`` fields filled from ``values``
        (``pnp.model.textformat.fill``: plain fields only).

        Raises:
            DataError: no such key; not text; a field the code does not pass (names the
                fields it does).
        """
        template = self.get(key)
        if not isinstance(template, str):
            raise DataError(f"expected text, got {type(template).__name__}", file=self.game_file, key=key)
        return fill_text(template, values, self.game_file, key)

    def plural(self, key: str, count, **values) -> str:
        """The form of the counted string at ``key`` that this language's CLDR plural rule
        gives ``count`` (``pnp.model.plurals``: ``{one: ..., other: ...}`` in English and
        Danish), with ``{name}`` fields filled from ``values`` as ``__call__`` does.

        Raises:
            DataError: no such key; not a plural mapping; the form for ``count`` missing
                (names the language's categories); a field the code does not pass.
        """
        from pnp.model.plurals import categories, is_plural, select

        forms = self.get(key)
        file = self.game_file if _dig(self._game, key) is not None else self.common_file
        if not is_plural(forms):
            raise DataError(f"expected plural forms ({', '.join(categories(self.lang))}: one text each), "
                            f"got {type(forms).__name__}", file=file, key=key)
        try:
            template = select(self.lang, forms, count)
        except KeyError as exc:
            raise DataError(f"plural form '{exc.args[0]}' missing (for {count}; '{self.lang}' has "
                            f"{', '.join(categories(self.lang))})", file=file, key=key) from None
        return fill_text(template, values, file, f"{key}.{plural_category(self.lang, count)}")

    @property
    def locale(self):
        """Numbers and typography of this language (``pnp.model.locale.LocaleFormat``):
        ``strings.locale.num(1500)`` -> ``1.500`` in Danish."""
        from pnp.model.locale import locale_format

        return locale_format(self.lang, self._common, self.common_file)

    def where(self, key: str) -> str:
        """``file: key`` of a string, for error messages about it."""
        return f"{self.game_file}: {key}"

    def held_at(self, key: str) -> str:
        """``file: key`` of the language file that holds ``key`` (the game's, else the common
        one), for error messages about a string of either."""
        file = self.game_file if _dig(self._game, key) is not None else self.common_file
        return f"{file}: {key}"


def plural_category(lang: str, count) -> str:
    """The CLDR category of ``count`` in ``lang`` (``one``, ``other`` ...)."""
    from pnp.model.plurals import plural_rule

    return plural_rule(lang)(count)


def _dig(table: dict, key: str):
    value = table
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def fill_text(template: str, values: dict, file: Path | str, key: str) -> str:
    """``template`` with its ``{name}`` fields filled from ``values`` (``textformat.fill``).

    Raises:
        DataError: a field ``values`` lacks (names the known ones), or a refused template.
    """
    from pnp.model.textformat import TextFormatError, fill

    try:
        return fill(template, values)
    except KeyError as exc:
        known = ", ".join("{" + name + "}" for name in sorted(values)) or "none"
        raise DataError(f"text uses an unknown field '{exc.args[0]}'; this text's fields: {known}",
                        file=file, key=key) from None
    except TextFormatError as exc:
        raise DataError(str(exc), file=file, key=key) from None
