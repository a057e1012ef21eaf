"""Writing output files: all of a command's files or none (atomic renames), and an early check
that the output folder can be written, so a command fails before its work, not after.

Imports nothing of pnp but ``pnp.errors``: every layer that writes a file may use it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Iterable

from pnp.errors import OutputError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def unwritable(folder: Path) -> tuple[Path, str] | None:
    """Why files could not be written into ``folder`` (created if missing): None when they
    can, else (where, why): (the nearest existing ancestor, "is not a folder" or "folder is
    not writable"), or (``folder``, "cannot write (<the system's reason>)") when a file
    cannot really be made there.  Lets a command fail before its work rather than at
    ``write_atomically``.  A folder still to be made whose name ends in ``.pdf`` is refused too
    ("names a PDF file, not a folder"): the command names its files itself, and ``--out
    kit.pdf`` would make a folder called kit.pdf.

    The last test creates and removes a real file (``.pnp-probe-*``) in the nearest existing
    folder: permission bits alone pass for root in ``/proc`` or on a read-only mount."""
    try:
        return _unwritable(Path(folder))
    except OSError as exc:   # a path longer than PATH_MAX, a name longer than NAME_MAX, a loop
        return Path(folder), f"cannot write ({exc.strerror or exc})"


def _unwritable(folder: Path) -> tuple[Path, str] | None:
    probe = Path(folder)
    if not probe.exists() and probe.suffix.lower() == ".pdf":
        return probe, "names a PDF file, not a folder (give the folder to write the kit into)"
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        return probe, "is not a folder"
    if not os.access(probe, os.W_OK | os.X_OK):
        return probe, "folder is not writable"
    try:
        with signals_held():   # a signal must not leave the probe behind
            fd, name = tempfile.mkstemp(prefix=".pnp-probe-", dir=probe)
            os.close(fd)
            os.unlink(name)
    except OSError as exc:
        return Path(folder), f"cannot write ({exc.strerror or exc})"
    return None


def unwritable_file(path: Path) -> tuple[Path, str] | None:
    """``unwritable`` for one file to be written at ``path`` (``pnp check --json PATH``):
    None, or (``path``, why), naming the folder in the way if it is another ("cannot write:
    out is not a folder"); also refused when ``path`` is an existing folder."""
    path = Path(path)
    try:
        is_dir = path.is_dir()
        not_a_file = not is_dir and _not_a_file(path)
    except OSError as exc:   # a path longer than PATH_MAX, a name longer than NAME_MAX
        return path, f"cannot write ({exc.strerror or exc})"
    if is_dir:
        return path, "is a folder, not a file"
    if not_a_file:
        return path, "is not a regular file (a device, pipe or socket); name a file to write"
    problem = unwritable(path.parent)
    if problem is None:
        return None
    where, why = problem
    return path, why if where == path.parent and why.startswith("cannot write") else f"cannot write: {where} {why}"


_STAGED: set[Path] = set()   # .part files written but not yet renamed (removed on Ctrl-C)


def discard_staged() -> None:
    """Remove every ``.part`` file that ``write_atomically`` has staged and not yet renamed
    (``pnp.console`` calls this when the user interrupts)."""
    for tmp in list(_STAGED):
        try:
            tmp.unlink()
        except OSError:
            pass
    _STAGED.clear()


def _ending_signals() -> set:
    """SIGINT, SIGTERM and SIGHUP (those of them the platform has): the signals that end a
    command with one line (``pnp.interrupt``)."""
    import signal

    return {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


_HELD: list[int] = []   # depth of signals_held blocks open in this process, as a one-item list
_DEFERRED: list[int] = []   # signals that arrived while held, to act on at the end


def deferring(signum: int) -> bool:
    """True (and ``signum`` recorded) when a ``signals_held`` block is open: the signal handler
    of ``pnp.interrupt`` then leaves the signal until the block ends.  (Blocking the signal in
    the main thread alone is not enough: the kernel may hand it to another thread, and Python
    runs the handler in the main thread all the same.)"""
    if _HELD and _HELD[0] > 0:
        _DEFERRED.append(signum)
        return True
    return False


class signals_held:
    """Ctrl-C, SIGTERM and SIGHUP held back while a step that must not be cut in two runs
    (finished files renamed into place; a temp folder made and recorded for clean-up): a
    signal lands after it, never in the middle.  The signals are blocked in this thread
    (``pthread_sigmask``, where the platform has it) and deferred by ``pnp.interrupt``'s
    handler if they reach it anyway; at the end the first deferred one is raised again."""

    def __enter__(self):
        import signal

        self._block = hasattr(signal, "pthread_sigmask")
        if self._block:
            signal.pthread_sigmask(signal.SIG_BLOCK, _ending_signals())
        if not _HELD:
            _HELD.append(0)
        _HELD[0] += 1
        return self

    def __exit__(self, *exc):
        import signal

        _HELD[0] -= 1
        if self._block:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _ending_signals())
        if _HELD[0] == 0 and _DEFERRED:
            signum = _DEFERRED[0]
            _DEFERRED.clear()
            signal.raise_signal(signum)
        return False


def write_atomically(path: Path, payloads: Iterable[tuple[Path, bytes]], key: str | None = None) -> None:
    """Write every (path, bytes) pair via temporary ``.part`` files beside their targets,
    renaming only when all are written; on any failure every ``.part`` file is removed and no
    target is touched.

    ``key`` names the option the folder came from (``--out``), for the error line.

    Raises:
        OutputError: a folder cannot be created or a file written (names the file and ``key``).
    """
    staged: list[tuple[Path, Path]] = []
    current: Path | None = None   # the file being written, for the error line
    try:
        payloads = list(payloads)      # (a generator's own write error is caught below)
        for target, _ in payloads:
            # a rename would replace a device, a pipe or a socket with a plain file
            # (/dev/full, a FIFO a script reads): refused, nothing written
            if _not_a_file(target):
                raise OutputError("is not a regular file (a device, pipe or socket); name a file to write",
                                  file=target, key=key)
        for target, data in payloads:
            current = target
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
            staged.append((Path(tmp), target))   # staged before writing: a failed write is cleaned up too
            _STAGED.add(Path(tmp))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.chmod(tmp, 0o666 & ~_umask())   # mkstemp makes 0600; a kit is an ordinary file
        with signals_held():
            for tmp, target in staged:
                current = target
                os.replace(tmp, target)
                _STAGED.discard(tmp)
    except OSError as exc:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)
            _STAGED.discard(tmp)
        raise OutputError(f"cannot write ({exc.strerror or exc})", file=_named(exc, current, path), key=key) from None


def _not_a_file(path: Path) -> bool:
    """Whether ``path`` exists as something other than a regular file or a folder (a device,
    a FIFO, a socket), or is a symbolic link to one; a dangling link counts as writable."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _named(exc: OSError, current: Path | None, folder: Path) -> Path:
    """The path a write error names: the file the user asked for, never its hidden ``.part``
    (the system's error names the file it was writing, which is the temporary one); a folder
    that could not be made is named as it is."""
    failed = getattr(exc, "filename", None)
    if failed is not None and not str(failed).endswith(".part"):
        return Path(failed)
    return current or Path(folder)
