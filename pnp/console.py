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


def run() -> None:
    """Console-script entry point (``pnp``)."""
    from pnp.cli import main

    sys.exit(main())
