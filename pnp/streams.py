"""Standard output that may go away: a reader that stopped reading (a broken pipe, e.g.
``pnp check GAME | head -3``), a full disk (``> /dev/full``) or a closed descriptor
(``>&-``).  The command goes on and writes its files all the same (what it prints is a
report of them); afterwards ``pnp.cli.main`` ends it without a traceback with status 141 (128 +
SIGPIPE, as a shell reports a command ended by a closed pipe) for a broken pipe, or with
one line on standard error and status 2 when the output was wanted but could not be written.

Imports nothing of pnp: ``pnp.console`` uses it before the CLI is imported.
"""

from __future__ import annotations

import errno
import io
import os
from typing import IO

EXIT_BROKEN_PIPE = 141   # 128 + SIGPIPE (13)


def reopen_closed_standard_descriptors() -> set[int]:
    """Open ``os.devnull`` on each of descriptors 0, 1 and 2 that is closed; returns those.

    With descriptor 1 closed, the first file a command opens would get it, and anything that
    writes to "standard output" (a library's warning, a worker process) would write into that
    file, e.g. into the kit.  Called once, before any file is opened.
    """
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)
            if opened != fd:       # a lower descriptor was free: should not happen in order 0, 1, 2
                os.dup2(opened, fd)
                os.close(opened)
            closed.add(fd)
    return closed


class GuardedOutput(io.TextIOBase):
    """A text stream in front of ``stream`` (``None``: the stream was closed) whose first
    failed write or flush is recorded (``failure``: the ``OSError``, or ``"closed"``), after
    which everything written is dropped.  The descriptor under a failed stream is pointed at
    ``os.devnull``, so the interpreter's own flush at exit does not fail again."""

    def __init__(self, stream: IO[str] | None, closed: bool = False):
        super().__init__()
        self.stream = stream
        self.failure: OSError | str | None = "closed" if stream is None or closed else None

    # -- what click, rich and print ask of a stream
    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return getattr(self.stream, "errors", None) or "strict"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        if self.failure is not None:
            return False
        try:
            return self.stream.isatty()
        except (OSError, ValueError, AttributeError):
            return False

    def fileno(self) -> int:
        if self.stream is None:
            raise io.UnsupportedOperation("standard output is closed")
        return self.stream.fileno()

    def write(self, text: str) -> int:
        if self.failure is None:
            try:
                if isinstance(text, (bytes, bytearray)):
                    # bytes from a writer that takes this for a binary stream (Click's shell
                    # completion writes its lines so): to the stream's buffer, or decoded
                    buffer = getattr(self.stream, "buffer", None)
                    if buffer is not None:
                        self.stream.flush()
                        buffer.write(text)
                    else:
                        self.stream.write(bytes(text).decode(self.encoding, self.errors))
                else:
                    self.stream.write(text)
            except OSError as exc:
                self._lost(exc)
        return len(text)

    def flush(self) -> None:
        if self.failure is None:
            try:
                self.stream.flush()
            except OSError as exc:
                self._lost(exc)

    def _lost(self, exc: OSError) -> None:
        self.failure = exc
        try:
            fd = self.stream.fileno()
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, fd)
            os.close(quiet)
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass   # not a descriptor (a test's capture): dropping the text is enough

    # -- what it means for the command's status
    @property
    def broken_pipe(self) -> bool:
        return isinstance(self.failure, OSError) and self.failure.errno == errno.EPIPE

    def problem(self) -> str | None:
        """The one line for standard error when wanted output was lost, else None (nothing
        lost, or a broken pipe: a reader that stopped reading wants no more)."""
        if self.failure is None or self.broken_pipe:
            return None
        if self.failure == "closed":
            return "error: standard output: is closed; the command ran to its end, but what it printed is lost"
        reason = self.failure.strerror or str(self.failure)
        return f"error: standard output: cannot write ({reason}); the command ran to its end, but what it printed is lost"
