"""Find game data folders and read their YAML strictly, with precise, one-line errors.

``read_yaml`` is the only way pnp reads a data file.  It is strict where YAML is lax:

* **YAML 1.2** (ruamel.yaml).  PyYAML implements YAML 1.1, where ``no`` is ``False``,
  ``010`` is 8 and ``1:30`` is 90; a designer typing a country code, a card number or a
  ratio gets a different value without a word.  ruamel.yaml is a maintained YAML 1.2
  parser that reads those as written (``no`` and ``1:30`` stay text); it also exposes the
  composed node tree with line numbers, which the two checks below need.
* **No value is read differently from how a YAML 1.1 tool would show it.**  Because other
  tools (editors, linters, older scripts) still read YAML 1.1, a plain (unquoted) scalar
  that YAML 1.1 turns into a boolean (``yes``/``no``/``on``/``off``/``y``/``n``), an octal
  number (``010``) or a base-60 number (``1:30``) is refused with its key and a hint to
  quote it (or to write ``true``/``false`` or the decimal number): the file then means the
  same thing to every reader.
* **Duplicate keys are errors** naming the key path and both lines (YAML says keys are
  unique; PyYAML silently kept the last value).
* **Bounded**: only a regular file of at most ``MAX_FILE_BYTES`` is read (not a FIFO, a
  device or a folder); nesting deeper than ``MAX_DEPTH`` levels and a document whose
  aliases expand to more than ``MAX_VALUES`` values (a "billion laughs" alias bomb, which
  every reader that walks the value would expand) are refused.
* **All text is NFC-normalised** as it is read (``unicodedata.normalize``), so a letter
  typed as a base letter plus a combining accent is one character when drawn, measured,
  extracted or compared.

``Node`` wraps a parsed YAML value with its file and key path, so that every check in a
game's loader can say exactly where bad data sits (``data/<game>/game.yaml:
goods[2].count: expected an integer >= 0, got -3``).  While a ``schema_recorder`` is
active, every check a loader makes is also recorded, which is how ``pnp schema`` writes
a JSON Schema that holds exactly the checks the loaders make (``pnp.model.schema``).

Where the data is: ``data_dir()`` (``--data-dir``, ``$PNP_DATA_DIR``, else the data that
ships with pnp: ``pnp/_bundled/data`` in an installed wheel, found with
``importlib.resources``; the repository's top-level ``data/`` in a checkout).
"""

from __future__ import annotations

import copy
import importlib.resources
import math
import os
import re
import unicodedata
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from pnp.errors import DataError

REPO_ROOT = Path(__file__).resolve().parents[2]   # pnp/model/catalog.py -> the checkout (or site-packages)


def bundled(name: str) -> Path:
    """The folder ``name`` (``"data"`` or ``"fonts"``) that ships with pnp.

    An installed wheel carries the repository's top-level ``data/`` and ``fonts/`` as
    ``pnp/_bundled/<name>`` (see setup.py); a checkout or an editable install has them at
    the repository's top level.  The installed copy wins, so a stray ``data/`` folder
    beside site-packages is never taken for pnp's.
    """
    installed = importlib.resources.files("pnp") / "_bundled" / name
    if installed.is_dir():
        return Path(str(installed))
    return REPO_ROOT / name


DEFAULT_DATA_DIR = bundled("data")


def data_dir(override: str | Path | None = None) -> Path:
    """The data folder: ``override``, else ``$PNP_DATA_DIR``, else the data shipped with pnp.

    Raises:
        UsageError: the chosen folder does not exist (names the option it came from).
    """
    chosen = override or os.environ.get("PNP_DATA_DIR") or DEFAULT_DATA_DIR
    path = Path(chosen)
    if not path.is_dir():
        from pnp.errors import UsageError

        option = "--data-dir" if override else ("PNP_DATA_DIR" if os.environ.get("PNP_DATA_DIR") else "data")
        raise UsageError(f"data folder {path} not found (expected a folder holding <game>/game.yaml)", key=option)
    _ROOTS.add(Path(os.path.abspath(path)))
    return path


# ----------------------------------------------------------------------------- reading
#: Plain scalars that YAML 1.1 reads as booleans (yaml.org/type/bool.html).
_YAML11_BOOL = re.compile(r"^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$")
#: YAML 1.1 octal integers (yaml.org/type/int.html): a leading 0 then octal digits.
_YAML11_OCTAL = re.compile(r"^[-+]?0[0-7_]+$")
#: YAML 1.1 base-60 integers and floats (``1:30``, ``190:20:30.15``).
_YAML11_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$")


def _yaml():
    from ruamel.yaml import YAML

    loader = YAML(typ="safe", pure=True)
    loader.version = (1, 2)
    return loader


#: Bound of every integer a loader reads without a tighter one (and of every number's size).
MAX_INT = 1_000_000
#: Most of any one printed piece (card type, good, coin, banknote, marker) a kit may hold.
MAX_COUNT = 500
#: Most players a game's data may name.
MAX_PLAYERS = 12

#: Largest data file read, bytes (the largest shipped YAML is about 20 KiB).
MAX_FILE_BYTES = 2 * 1024 * 1024
#: Deepest nesting of mappings and lists (the shipped files nest at most 5 levels).
MAX_DEPTH = 64
#: Values in a document with every alias expanded (the shipped files hold under 5,000).
MAX_VALUES = 200_000


#: A language code as pnp reads it everywhere (``--lang``, a catalog's Language header, a
#: language file's name): BCP 47's language and subtags, ``da``, ``pt-BR``, ``en-XA``.
LANG_CODE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")


def lang_code(value: str, key: str = "--lang") -> str:
    """``value`` if it is a language code (``LANG_CODE``): it names files (``lang/<code>.yaml``,
    ``pnp-<code>.po``), so ``../..`` or ``da/x`` must never reach a path.

    Raises:
        UsageError: not a language code (key ``key``).
    """
    if not isinstance(value, str) or not LANG_CODE.fullmatch(value):
        from pnp.errors import UsageError

        raise UsageError(f"expected a language code such as da or pt-BR, got {value!r}", key=key)
    return value


def lang_option(ctx, param, value):
    """A click callback for ``--lang``: every value given checked with ``lang_code``."""
    if value is None:
        return None
    if isinstance(value, tuple):
        return tuple(lang_code(v) for v in value)
    return lang_code(value)


def present(path: Path) -> bool:
    """Whether the optional data file ``path`` is there: False when nothing is at ``path``,
    True for a regular file; anything else there (a FIFO, a folder, a device, a symbolic
    link to nothing) is refused rather than taken for a missing file.

    Raises:
        DataError: something other than a regular file is at ``path`` (names it).
    """
    import stat

    path = Path(path)
    if not os.path.lexists(path):
        return False
    try:
        mode = path.stat().st_mode
    except OSError:
        raise DataError("a symbolic link to nothing; expected a regular file", file=path) from None
    if not stat.S_ISREG(mode):
        raise DataError("not a regular file (a FIFO, folder or device); expected a data file", file=path)
    return True


#: Data folders in use (``data_dir``): a data file below one, reached through a symbolic
#: link, must resolve inside it.
_ROOTS: set[Path] = set()


def _confined(path: Path) -> None:
    """Refuse a data file below a data folder in use whose real path lies outside it (a
    symbolic link from a shared data folder to ``~/.ssh/...`` or another folder)."""
    absolute = Path(os.path.abspath(path))
    for root in _ROOTS:
        if absolute.is_relative_to(root):
            real_root = Path(os.path.realpath(root))
            if not Path(os.path.realpath(absolute)).is_relative_to(real_root):
                raise DataError(f"a symbolic link that leads out of the data folder {root}; "
                                "copy the file into the folder", file=path)
            return


def read_text(path: Path, what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path``, a regular file of at most ``limit`` bytes.

    Raises:
        DataError: missing, not a regular file (a folder, FIFO or device), larger than
            ``limit``, unreadable, or not UTF-8 (names the file).
    """
    import stat

    _confined(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise DataError("file not found", file=path) from None
    except OSError as exc:
        raise DataError(f"cannot read {what} ({exc.strerror})", file=path) from None
    if not stat.S_ISREG(info.st_mode):
        raise DataError(f"not a regular file; expected a {what}", file=path)
    if info.st_size > limit:
        raise DataError(f"{what} of {info.st_size:,} bytes; at most {limit:,}", file=path)
    try:
        with path.open("rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise DataError(f"cannot read {what} ({exc.strerror})", file=path) from None
    if len(raw) > limit:
        raise DataError(f"{what} of more than {limit:,} bytes", file=path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"not UTF-8 text (byte {exc.start})", file=path) from None


def read_yaml(path: Path) -> "Node":
    """Parse one YAML file (YAML 1.2, strict; see the module docstring) into a ``Node``.

    Raises:
        DataError: the file is missing, unreadable, not a regular file or too large; not
            valid YAML (with line and column); nested too deep or an alias bomb; a
            duplicate key (key path, both lines); a plain scalar that YAML 1.1 would read
            as a boolean, octal or base-60 number (key path, hint to quote).
    """
    raw = read_text(path, "YAML file")
    text = unicodedata.normalize("NFC", raw)
    cached = _PARSED.get((str(path), text))
    if cached is not None:
        # A copy: callers may change what they get.  Copying costs a tenth of parsing, and a
        # build reads the language files a dozen times (every ``Strings``, the rules sheet).
        _LINES[str(path)] = _LINES_OF[(str(path), text)]
        return Node(copy.deepcopy(cached), path, "", "", _Reads())
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    loader = _yaml()
    lines: dict[str, int] = {}
    try:
        composed = loader.compose(text)
        value = None
        if composed is not None:
            _check_size(composed, path)
            _check_nodes(composed, path, "", lines=lines)
            value = loader.constructor.construct_document(composed)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        raise DataError(f"invalid YAML: {where}{problem}", file=path) from None
    except YAMLError as exc:
        raise DataError(f"invalid YAML: {str(exc).splitlines()[0]}", file=path) from None
    except (ValueError, TypeError) as exc:   # e.g. a date like 2024-13-45
        raise DataError(f"invalid YAML value: {exc}", file=path) from None
    except RecursionError:   # the composer recurses once per level
        raise DataError(f"nested more than {MAX_DEPTH} levels deep", file=path) from None
    _PARSED[(str(path), text)] = copy.deepcopy(value)
    _LINES[str(path)] = _LINES_OF[(str(path), text)] = lines
    return Node(value, path, "", "", _Reads())


#: Line of every key (and list item) of the files read, by file then key path: of the
#: version read last (``_LINES``) and of every version (``_LINES_OF``, by (path, text)).
_LINES: dict[str, dict[str, int]] = {}
_LINES_OF: dict[tuple[str, str], dict[str, int]] = {}


def line_of(file: str | Path, key: str) -> int | None:
    """The line of ``key`` (``goods[2].count``; ``goods.2.count`` also works) in a file
    ``read_yaml`` has read; None when unknown."""
    lines = _LINES.get(str(file), {})
    if key in lines:
        return lines[key]
    return lines.get(re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", key))


def _check_size(root, file: Path) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and more than ``MAX_VALUES`` values with
    every alias expanded (each distinct node is sized once, so an alias bomb is measured
    without being expanded)."""
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    sizes: dict[int, int] = {}
    # iterative post-order walk: a file nested 5,000 deep must not exhaust Python's stack
    stack = [(root, 0, False)]
    while stack:
        node, depth, done = stack.pop()
        if id(node) in sizes:
            continue
        if isinstance(node, SequenceNode):
            children = node.value
        elif isinstance(node, MappingNode):
            children = [child for pair in node.value for child in pair]
        else:
            sizes[id(node)] = 1
            continue
        if depth > MAX_DEPTH:
            raise DataError(f"nested more than {MAX_DEPTH} levels deep (line {node.start_mark.line + 1})", file=file)
        if done:
            total = 1 + sum(sizes[id(child)] for child in children)
            if total > MAX_VALUES:
                raise DataError(f"holds more than {MAX_VALUES:,} values with its aliases expanded "
                                f"(line {node.start_mark.line + 1}); an alias repeated inside aliases "
                                "multiplies", file=file)
            sizes[id(node)] = total
            continue
        stack.append((node, depth, True))
        stack.extend((child, depth + 1, False) for child in children if id(child) not in sizes)


#: Values of the files read so far, by (path, text): the same text parses to the same value.
_PARSED: dict[tuple[str, str], object] = {}


def _check_nodes(node, file: Path, path: str, seen: set | None = None, lines: dict | None = None) -> None:
    """Refuse duplicate keys and YAML 1.1 look-alikes in a composed ruamel node tree;
    record each key path's line in ``lines``."""
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    seen = set() if seen is None else seen
    lines = {} if lines is None else lines
    lines.setdefault(path, node.start_mark.line + 1)
    if id(node) in seen:          # an alias: checked where its anchor is
        return
    seen.add(id(node))
    if isinstance(node, ScalarNode):
        # the file's text is NFC already, but an escape (``"a\\u0301"``) is decoded only by
        # the scanner: normalise every scalar's value too, so all text read is NFC
        if isinstance(node.value, str):
            node.value = unicodedata.normalize("NFC", node.value)
        _check_scalar(node, file, path)
    elif isinstance(node, SequenceNode):
        for index, child in enumerate(node.value):
            _check_nodes(child, file, f"{path}[{index}]", seen, lines)
    elif isinstance(node, MappingNode):
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value) if isinstance(key_node, ScalarNode) else "<complex key>"
            child = f"{path}.{key}" if path else key
            if key == "<<" and key_node.tag.endswith(":merge"):
                _check_nodes(value_node, file, path, seen, lines)
                continue
            if isinstance(key_node, ScalarNode):
                _check_scalar(key_node, file, child)
            line = key_node.start_mark.line + 1
            if key in first_line:
                raise DataError(f"duplicate key '{key}' (lines {first_line[key]} and {line}); "
                                "keep one: YAML keeps only one of them", file=file, key=child)
            first_line[key] = line
            lines[child] = line
            _check_nodes(value_node, file, child, seen, lines)


def _check_scalar(node, file: Path, path: str) -> None:
    if node.style is not None or not node.tag.startswith("tag:yaml.org,2002:"):
        return   # quoted, block or explicitly tagged: read as written by every YAML version
    text = node.value
    line = node.start_mark.line + 1
    where = path or "(top level)"
    if _YAML11_BOOL.match(text):
        raise DataError(f"{text} (line {line}) is a boolean in YAML 1.1 but text in YAML 1.2; "
                        f"write true/false, or quote it ('{text}') for text", file=file, key=where)
    if _YAML11_OCTAL.match(text):
        raise DataError(f"{text} (line {line}) is an octal number in YAML 1.1 ({int(text.replace('_', ''), 8)}) "
                        f"but {int(text.replace('_', ''))} in YAML 1.2; write it without the leading 0, "
                        f"or quote it ('{text}') for text", file=file, key=where)
    if _YAML11_SEXAGESIMAL.match(text):
        raise DataError(f"{text} (line {line}) is a base-60 number in YAML 1.1; "
                        f"quote it ('{text}') for text, or write the number", file=file, key=where)


# ------------------------------------------------------------------- schema recording
_RECORDS: dict[str, dict[str, dict]] | None = None


@contextmanager
def schema_recorder() -> Iterator[dict[str, dict[str, dict]]]:
    """Record every check that ``Node`` accessors make while the block runs.

    Yields ``{file path: {key pattern: facts}}``, filled as loaders run; a key pattern is
    the key path with list indices as ``[]`` (``goods[].count``).  Facts: ``type``
    (``object``/``array``/``integer``/``number``/``string``), ``minimum``/``maximum``,
    ``minItems``, ``enum``, ``pattern``, ``required`` (keys read with ``node[key]``) and
    ``optional`` (keys read with ``node.get``), ``default`` (the default ``node.get`` was
    given), ``open`` (a mapping whose keys are the data's: read with ``items`` or whole).
    ``pnp.model.schema`` turns them into JSON Schema.
    """
    global _RECORDS
    previous, _RECORDS = _RECORDS, {}
    try:
        yield _RECORDS
    finally:
        _RECORDS = previous


def _record(node: "Node", **facts: Any) -> None:
    if _RECORDS is None:
        return
    pattern = re.sub(r"\[\d+\]", "[]", node.path)
    entry = _RECORDS.setdefault(str(node.file), {}).setdefault(pattern, {})
    for name, value in facts.items():
        if name in ("required", "optional"):
            entry.setdefault(name, set()).add(value)
        elif name == "type":
            entry.setdefault("types", set()).add(value)
        else:
            entry[name] = value


class _Reads:
    """What the loaders have read of one file: for each key pattern (``goods[].count``;
    ``setups.*`` below a mapping read with ``items``), the keys read (``node[key]``,
    ``get``, ``has``), and the patterns read whole (``items``, ``mapping``), whose keys
    are the data's to choose."""

    __slots__ = ("known", "whole")

    def __init__(self) -> None:
        self.known: dict[str, set[str]] = {}
        self.whole: set[str] = set()


class Node:
    """A YAML value plus where it came from.

    Accessors raise ``DataError`` naming file and key path when a value is missing or of
    the wrong shape.  ``value`` is the raw Python value.  A node from ``read_yaml`` notes
    which keys the loader reads, so that ``refuse_unknown`` can then refuse the keys it
    did not (a misspelt optional key would otherwise be ignored without a word).
    """

    __slots__ = ("value", "file", "path", "pattern", "reads")

    def __init__(self, value: Any, file: Path, path: str, pattern: str | None = None, reads: "_Reads | None" = None):
        self.value = value
        self.file = file
        self.path = path
        self.pattern = re.sub(r"\[\d+\]", "[]", path) if pattern is None else pattern
        self.reads = reads

    # -- navigation ---------------------------------------------------------------
    def _child_path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else str(key)

    def _child(self, value: Any, key: str | int, whole: bool = False) -> "Node":
        if isinstance(key, int):
            pattern = f"{self.pattern}[]"
        else:
            name = "*" if whole else str(key)
            pattern = f"{self.pattern}.{name}" if self.pattern else name
        return Node(value, self.file, self._child_path(key), pattern, self.reads)

    def _note(self, key: str | None) -> None:
        if self.reads is not None:
            if key is None:
                self.reads.whole.add(self.pattern)
            else:
                self.reads.known.setdefault(self.pattern, set()).add(str(key))

    def error(self, reason: str) -> DataError:
        return DataError(reason, file=self.file, key=self.path or None)

    def _mapping(self) -> dict:
        _record(self, type="object")
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, got {_kind(self.value)}")
        return self.value

    def mapping(self) -> dict:
        """The raw mapping; its keys are then the loader's to check (``refuse_unknown``
        takes every key of it as read)."""
        self._note(None)
        _record(self, open=True)
        return self._mapping()

    def has(self, key: str) -> bool:
        self._note(key)
        return key in self._mapping()

    def __getitem__(self, key: str) -> "Node":
        mapping = self._mapping()
        _record(self, required=key)
        self._note(key)
        if key not in mapping:
            raise DataError(f"missing key '{key}'", file=self.file, key=self.path or None)
        return self._child(mapping[key], key)

    def get(self, key: str, default: Any = None) -> "Node":
        mapping = self._mapping()
        _record(self, optional=key)
        self._note(key)
        child = self._child(mapping.get(key, default), key)
        if isinstance(default, (bool, int, float, str)) and not isinstance(default, Node):
            _record(child, default=default)
        return child

    def known(self, *keys: str) -> "Node":
        """Note ``keys`` as read without reading them (sections another module reads
        later); returns the node."""
        for key in keys:
            self._note(key)
        return self

    def items(self) -> Iterator[tuple[Any, "Node"]]:
        mapping = self._mapping()
        self._note(None)
        _record(self, open=True)
        for key, value in mapping.items():
            yield key, self._child(value, str(key), whole=True)

    def list(self, min_len: int = 0) -> list["Node"]:
        _record(self, type="array", **({"minItems": min_len} if min_len else {}))
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, got {_kind(self.value)}")
        if len(self.value) < min_len:
            raise self.error(f"expected at least {min_len} entries, got {len(self.value)}")
        return [self._child(v, i) for i, v in enumerate(self.value)]

    # -- scalars --------------------------------------------------------------------
    def int(self, minimum: int | None = None, maximum: int | None = None) -> int:
        """The value as an integer in ``minimum``..``maximum`` (``maximum`` None:
        ``MAX_INT``, so that no count is unbounded)."""
        maximum = MAX_INT if maximum is None else maximum
        _record(self, type="integer", **_bounds(minimum, maximum))
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.error(f"expected an integer, got {_kind(v)} {v!r}")
        _check_range(self, v, minimum, maximum, "an integer")
        return v

    def number(self, minimum: float | None = None, maximum: float | None = None) -> float:
        """The value as a finite number in ``minimum``..``maximum`` (None: ±``MAX_INT``);
        ``.nan`` and ``.inf`` are refused (a NaN passes every comparison, so a NaN
        threshold would switch its check off)."""
        maximum = MAX_INT if maximum is None else maximum
        minimum = -MAX_INT if minimum is None else minimum
        _record(self, type="number", **_bounds(minimum, maximum))
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise self.error(f"expected a number, got {_kind(v)} {v!r}")
        if not math.isfinite(v):
            raise self.error(f"expected a finite number, got {v}")
        _check_range(self, v, minimum, maximum, "a number")
        return float(v)

    def str(self) -> str:
        """The value as text that is not empty or blank."""
        _record(self, type="string", minLength=1)
        if not isinstance(self.value, str) or not self.value.strip():
            raise self.error(f"expected a non-empty string, got {_kind(self.value)} {self.value!r}")
        return self.value

    def colour(self) -> str:
        _record(self, pattern="^#[0-9A-Fa-f]{6}$")
        text = self.str()
        if len(text) != 7 or text[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in text[1:]):
            raise self.error(f"expected a colour like '#A0B1C2', got {text!r}")
        return text.upper()

    def choice(self, options: tuple[str, ...] | list[str]) -> str:
        _record(self, enum=list(options))
        text = self.str()
        if text not in options:
            raise self.error(f"expected one of {', '.join(options)}, got {text!r}")
        return text

    def map_list(self, convert: Callable[["Node"], Any], min_len: int = 0) -> tuple:
        return tuple(convert(n) for n in self.list(min_len))


def _bounds(minimum: float | None, maximum: float | None) -> dict:
    return {k: v for k, v in (("minimum", minimum), ("maximum", maximum)) if v is not None}


def _check_range(node: Node, v: float, lo: float | None, hi: float | None, what: str) -> None:
    if lo is not None and v < lo:
        raise node.error(f"expected {what} >= {lo}, got {v}")
    if hi is not None and v > hi:
        raise node.error(f"expected {what} <= {hi}, got {v}")


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", type(None): "nothing"}.get(
        type(value), type(value).__name__
    )


def refuse_unknown(node: Node) -> None:
    """Refuse a key of ``node``'s file that its loader did not read.

    Call it on the node ``read_yaml`` returned, once the loader has read all it will (keys
    that another module reads later are noted with ``Node.known``).  Below a pattern the
    loader never opened as a mapping (a value it passed on whole), nothing is judged.

    Raises:
        DataError: the first unknown key in file order, with its line, the nearest known
            key at that place (difflib) and the keys known there.
    """
    import difflib

    reads = node.reads
    if reads is None:
        return
    found: list[tuple[int, str, str, list[str]]] = []

    def walk(value: Any, path: str, pattern: str) -> None:
        if isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]", f"{pattern}[]")
            return
        if not isinstance(value, dict):
            return
        whole = pattern in reads.whole
        known = reads.known.get(pattern)
        for key, item in value.items():
            name = str(key)
            child_path = f"{path}.{name}" if path else name
            if not whole and known is not None and name not in known:
                found.append((line_of(node.file, child_path) or 0, child_path, name, sorted(known)))
                continue
            named = f"{pattern}.{name}" if pattern else name
            if whole and named not in reads.known and named not in reads.whole:
                named = f"{pattern}.*" if pattern else "*"
            walk(item, child_path, named)

    walk(node.value, node.path, node.pattern)
    if not found:
        return
    line, path, name, known = min(found)
    near = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    hint = f"did you mean '{near[0]}'? " if near else ""
    parent = path.rpartition(".")[0] if "." in path else None
    raise DataError(f"unknown key '{name}' (line {line}); {hint}known here: {', '.join(known)}",
                    file=node.file, key=parent)
