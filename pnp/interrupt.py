"""Ctrl-C, SIGTERM and SIGHUP for the command line: one line, exit status 128 + the
signal's number (130, 143, 129), nothing half-written, no temporary folder left.

Ctrl-C must give one line and exit status 130 at any moment: while Python imports the
CLI, while Cairo calls back into Python (cffi prints a traceback of its own for an
exception raised there), while worker processes convert pages, and while files are
renamed into place.  Raising ``KeyboardInterrupt`` cannot promise that, so the handler
installed here, before anything heavy is imported, stops the process itself:

1. ignore further Ctrl-C; 2. on a terminal, show the cursor again (a live progress display
hid it) and start a new line, print ``error: interrupted ...`` and send everything after it
to /dev/null; 3. remove every staged ``.part`` file (``pnp.files``) and the private
fontconfig folder; 4. kill the worker processes (they ignore Ctrl-C: a forked worker
inherits this handler, which does nothing outside the process that installed it; a worker
a pool starts after that dies with the parent, ``PR_SET_PDEATHSIG``); 5. ``os._exit(130)``.

SIGTERM (``kill PID``, a service manager, a CI job's timeout) and SIGHUP (the terminal
closed) take the same path with their own line and status (143, 129): left to Python's
default they ended the process without a word and left the private fontconfig folder
(``pnp-fontconfig-*``) in ``$TMPDIR``.  A forked worker sets both back to the default
action, so a pool can still end its workers with SIGTERM.

``pnp.files.write_atomically`` blocks SIGINT while it renames finished files into place,
so an interrupt there waits until the kit's files are all in place or all absent.
"""

from __future__ import annotations

import os
import signal
import sys

MESSAGE = b"error: interrupted (Ctrl-C); no partial file was left\n"
SHOW_CURSOR = b"\x1b[?25h\n"   # the terminal control sequence that shows the cursor, then a new line
EXIT_INTERRUPTED = 130

#: The signals handled, each with its line on standard error; the exit status is 128 + the
#: signal's number, as a shell reports a process the signal ended (SIGINT 130, SIGTERM 143,
#: SIGHUP 129).
MESSAGES = {
    signal.SIGINT: MESSAGE,
    signal.SIGTERM: b"error: terminated (SIGTERM); no partial file was left\n",
}
if hasattr(signal, "SIGHUP"):
    MESSAGES[signal.SIGHUP] = b"error: hung up (SIGHUP: the terminal closed); no partial file was left\n"
HANDLED = tuple(MESSAGES)


def exit_status(signum: int) -> int:
    """128 + ``signum``: the status a shell gives a process that ``signum`` ended."""
    return 128 + int(signum)

_owner: int | None = None


def _stop(signum, frame) -> None:
    if os.getpid() != _owner:
        if signum == signal.SIGINT:
            return   # a forked worker: its parent cleans up and ends it
        # A worker forked before ``after_in_child`` reset it: end as the default action would.
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    files = sys.modules.get("pnp.files")
    if files is not None and files.deferring(signum):
        return   # files are being renamed into place (or a temp folder recorded): after that
    for handled in HANDLED:
        signal.signal(handled, signal.SIG_IGN)
    try:
        try:
            if os.isatty(1):
                # A live progress display hid the terminal's cursor and was drawing on the
                # current line: show the cursor again and put the message on a line of its own
                # (nothing will close the display: the process ends below).
                os.write(1, SHOW_CURSOR)
            os.write(2, MESSAGES.get(signum, MESSAGE))
        except OSError:
            pass   # a hung-up terminal or a closed stderr: the files are still cleaned up
        # From here on nothing else may reach the terminal: a worker that a pool starts
        # in place of a killed one (or the pool's own threads) would print a traceback.
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        _clean_up()
    finally:
        os._exit(exit_status(signum))


def _clean_up() -> None:
    import shutil
    import time

    modules = sys.modules
    files = modules.get("pnp.files")
    if files is not None:
        files.discard_staged()
    if "multiprocessing" in modules:
        # Twice: a pool may be starting a worker while the first round is killed.
        for _ in range(2):
            for child in modules["multiprocessing"].active_children():
                child.kill()
            time.sleep(0.02)
    fonts = modules.get("pnp.components.fonts")
    if fonts is not None:
        for folder in fonts.private_folders():
            shutil.rmtree(folder, ignore_errors=True)


_forking_parent: int | None = None


def _before_fork() -> None:
    global _forking_parent
    _forking_parent = os.getpid()


def _die_with_parent() -> None:
    """In every forked worker: be killed when the parent dies (Linux ``PR_SET_PDEATHSIG``).

    A pool may start a worker in place of one killed on Ctrl-C just before the parent
    exits; without this, such a worker waits forever on its task pipe, holding the
    terminal's (or a caller's) output pipe open.
    """
    for handled in HANDLED:
        if handled != signal.SIGINT:
            signal.signal(handled, signal.SIG_DFL)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)   # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return   # not Linux: the parent's kill loop is all there is
    if os.getppid() != _forking_parent:
        os._exit(EXIT_INTERRUPTED)   # the parent died between fork and prctl


def install() -> None:
    """Make SIGINT (Ctrl-C), SIGTERM and SIGHUP end this process with one line and status
    130, 143, 129 (see module doc); worker processes forked later die with it."""
    global _owner
    _owner = os.getpid()
    for handled in HANDLED:
        signal.signal(handled, _stop)
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(before=_before_fork, after_in_child=_die_with_parent)
