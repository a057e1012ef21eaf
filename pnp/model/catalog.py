"""Find game data folders and read their YAML with precise, one-line errors.

``Node`` wraps a parsed YAML value with its file and key path, so that every check in a
game's loader can say exactly where bad data sits (``data/<game>/game.yaml:
goods[2].count: expected an integer >= 0, got -3``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

from pnp.errors import DataError

REPO_ROOT = Path(__file__).resolve().parents[2]   # pnp/model/catalog.py -> the checkout
DEFAULT_DATA_DIR = REPO_ROOT / "data"


def data_dir(override: str | Path | None = None) -> Path:
    """The data folder: ``override``, else ``$PNP_DATA_DIR``, else the repository's ``data/``.

    Raises:
        UsageError: the chosen folder does not exist (names the option it came from).
    """
    chosen = override or os.environ.get("PNP_DATA_DIR") or DEFAULT_DATA_DIR
    path = Path(chosen)
    if not path.is_dir():
        from pnp.errors import UsageError

        option = "--data-dir" if override else ("PNP_DATA_DIR" if os.environ.get("PNP_DATA_DIR") else "data")
        raise UsageError(f"data folder {path} not found (expected a folder holding <game>/game.yaml)", key=option)
    return path


def read_yaml(path: Path) -> "Node":
    """Parse one YAML file into a ``Node``.

    Raises:
        DataError: the file is missing, unreadable, or not valid YAML (with line and column).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError("file not found", file=path) from None
    except OSError as exc:
        raise DataError(f"cannot read file ({exc.strerror})", file=path) from None
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DataError(f"invalid YAML: {where}{problem}", file=path) from None
    return Node(value, path, "")


class Node:
    """A YAML value plus where it came from.

    Accessors raise ``DataError`` naming file and key path when a value is missing or of
    the wrong shape.  ``value`` is the raw Python value.
    """

    __slots__ = ("value", "file", "path")

    def __init__(self, value: Any, file: Path, path: str):
        self.value = value
        self.file = file
        self.path = path

    # -- navigation ---------------------------------------------------------------
    def _child_path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else str(key)

    def error(self, reason: str) -> DataError:
        return DataError(reason, file=self.file, key=self.path or None)

    def mapping(self) -> dict:
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, got {_kind(self.value)}")
        return self.value

    def has(self, key: str) -> bool:
        return key in self.mapping()

    def __getitem__(self, key: str) -> "Node":
        mapping = self.mapping()
        if key not in mapping:
            raise DataError(f"missing key '{key}'", file=self.file, key=self.path or None)
        return Node(mapping[key], self.file, self._child_path(key))

    def get(self, key: str, default: Any = None) -> "Node":
        mapping = self.mapping()
        return Node(mapping.get(key, default), self.file, self._child_path(key))

    def items(self) -> Iterator[tuple[Any, "Node"]]:
        for key, value in self.mapping().items():
            yield key, Node(value, self.file, self._child_path(str(key)))

    def list(self, min_len: int = 0) -> list["Node"]:
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, got {_kind(self.value)}")
        if len(self.value) < min_len:
            raise self.error(f"expected at least {min_len} entries, got {len(self.value)}")
        return [Node(v, self.file, self._child_path(i)) for i, v in enumerate(self.value)]

    # -- scalars --------------------------------------------------------------------
    def int(self, minimum: int | None = None, maximum: int | None = None) -> int:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.error(f"expected an integer, got {_kind(v)} {v!r}")
        _check_range(self, v, minimum, maximum, "an integer")
        return v

    def number(self, minimum: float | None = None, maximum: float | None = None) -> float:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise self.error(f"expected a number, got {_kind(v)} {v!r}")
        _check_range(self, v, minimum, maximum, "a number")
        return float(v)

    def str(self) -> str:
        if not isinstance(self.value, str) or not self.value:
            raise self.error(f"expected a non-empty string, got {_kind(self.value)} {self.value!r}")
        return self.value

    def colour(self) -> str:
        text = self.str()
        if len(text) != 7 or text[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in text[1:]):
            raise self.error(f"expected a colour like '#A0B1C2', got {text!r}")
        return text.upper()

    def choice(self, options: tuple[str, ...] | list[str]) -> str:
        text = self.str()
        if text not in options:
            raise self.error(f"expected one of {', '.join(options)}, got {text!r}")
        return text

    def map_list(self, convert: Callable[["Node"], Any], min_len: int = 0) -> tuple:
        return tuple(convert(n) for n in self.list(min_len))


def _check_range(node: Node, v: float, lo: float | None, hi: float | None, what: str) -> None:
    if lo is not None and v < lo:
        raise node.error(f"expected {what} >= {lo}, got {v}")
    if hi is not None and v > hi:
        raise node.error(f"expected {what} <= {hi}, got {v}")


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", type(None): "nothing"}.get(
        type(value), type(value).__name__
    )
