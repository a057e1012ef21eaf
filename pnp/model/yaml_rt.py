"""Round-trip YAML for files pnp writes back (translations): comments, key order, block
styles and quoting of the untouched lines stay as the translator left them (ruamel.yaml)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import DataError

if TYPE_CHECKING:
    from ruamel.yaml import YAML


def _yaml() -> YAML:
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096     # never re-wrap a line the translator wrote
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load_rt(path: Path) -> Any:
    """The document at ``path`` as ruamel's commented mapping.

    Raises:
        DataError: the file is missing or not valid YAML.
    """
    try:
        return _yaml().load(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError("file not found", file=path) from None
    except Exception as exc:  # ruamel's errors share no useful base class
        raise DataError(f"invalid YAML: {str(exc).splitlines()[0]}", file=path) from None


def dumps(document: Any) -> str:
    buffer = io.StringIO()
    _yaml().dump(document, buffer)
    return buffer.getvalue()


def dump(document: Any, path: Path) -> None:
    """Write ``document`` to ``path`` atomically (nothing half-written)."""
    from pnp.files import write_atomically

    path = Path(path)
    write_atomically(path.parent, [(path, dumps(document).encode("utf-8"))])
