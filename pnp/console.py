"""The ``pnp`` console script: the Ctrl-C handler (``pnp.interrupt``) is installed when this
module is imported, before the CLI and its libraries are, so an interrupt while they load
is handled too.  (Only the interpreter's own start-up, before any pnp code runs, about
30 ms, is left to Python's default handling.)"""

from __future__ import annotations

import sys

from pnp.interrupt import install
from pnp.streams import reopen_closed_standard_descriptors

#: Standard descriptors that were closed when pnp started (now ``os.devnull``): a file the
#: command opens must never become its "standard output".
CLOSED = reopen_closed_standard_descriptors()
install()


def working_folder_problem() -> str | None:
    """The one error line when the working folder has been deleted (``os.getcwd`` fails;
    libraries pnp loads ask for it as they are imported), else None."""
    import os

    try:
        os.getcwd()
    except OSError as exc:
        where = os.environ.get("PWD") or "the working folder"
        return (f"error: {where}: the working folder is gone ({exc.strerror or exc}); "
                f"cd into a folder that exists and run pnp again")
    return None


def run() -> None:
    """Console-script entry point (``pnp``)."""
    problem = working_folder_problem()
    if problem is not None:
        try:
            print(problem, file=sys.stderr)
        except OSError:
            pass
        sys.exit(2)
    from pnp.cli import main

    sys.exit(main())
