"""Parameter types shared by the commands of ``pnp.cli``."""

from __future__ import annotations

import click


class OutputPath(click.Path):
    """``click.Path`` for an output folder or file (``--out``, ``--json``, ``--report``)
    that refuses an empty value: ``Path('')`` is the working folder, where files would land
    without being asked for (``--out "$UNSET_VARIABLE"``).  Fails as a click usage error
    naming the option."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path; name a folder or file (. for the working folder)", param, ctx)
        return super().convert(value, param, ctx)
