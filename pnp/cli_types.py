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


class Number(click.ParamType):
    """A finite decimal number (``--bleed-mm``, ``--scale-x``): ``nan``, ``inf`` and text
    are refused as a click usage error naming the option, and ``-0`` is read as 0, so the
    same value gives the same kit and the same file name (``-bleed0``, never ``-bleed-0``)."""

    name = "number"

    def convert(self, value, param, ctx):
        import math

        if isinstance(value, float) and math.isfinite(value):
            return value + 0.0
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number + 0.0   # -0.0 + 0.0 is 0.0


NUMBER = Number()
