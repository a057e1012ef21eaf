"""One error family for everything a user can get wrong.

Every error carries where it comes from (a file, a key path inside it, or a CLI option)
and a reason that says what was expected.  The CLI prints ``str(error)`` as one line and
exits non-zero; no traceback is shown for these.
"""

from __future__ import annotations

from pathlib import Path


class PnpError(Exception):
    """Base of all user-facing errors.

    Args:
        reason: what is wrong and what is expected, one sentence.
        file: the file the problem is in, if any.
        key: dotted key path inside that file (``board.spaces[3].exits``), or an option name.
    """

    exit_code = 2

    def __init__(self, reason: str, *, file: str | Path | None = None, key: str | None = None):
        self.reason = reason
        self.file = str(file) if file is not None else None
        self.key = key
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ": ".join(part for part in (self.file, self.key) if part)
        return f"{where}: {self.reason}" if where else self.reason


class DataError(PnpError):
    """Game data that cannot be loaded: YAML syntax, missing key, bad value, broken board."""


class VariantError(PnpError):
    """A player-count variant that the data does not support or that cannot be played."""


class LayoutError(PnpError):
    """A face or text that does not fit where it must go."""


class FontError(PnpError):
    """A font file that is missing, or a character that the kit's fonts lack."""


class OutputError(PnpError):
    """An output folder or file that cannot be written."""


class UsageError(PnpError):
    """A command-line option with a value the command cannot use."""


class SystemLimitError(PnpError):
    """The machine refuses what the command needs: too many open files, no process can be
    started, the working folder is gone."""


def too_many_files_hint() -> str:
    """``(this process may open N files; raise it with ulimit -n)`` where the limit is known."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return "raise the open-file limit (ulimit -n)"
    return f"this process may open {soft} files; raise the limit with ulimit -n (256 is plenty)"
