"""The engine core and the checks every game shares: states, moves and playouts (``core``),
players (``players``), the game interface (``adapter``), variant checks over worker
processes (``check``), scorecards (``scorecard``) and supply sizing (``supply``).

May import the data layer, the registry and ``pnp.errors`` only: never drawing, printing,
the kit or a game by name (each game's rules engine lives in ``pnp.games.<game>``).
"""

from __future__ import annotations

import importlib.machinery
import sys


def compiled() -> bool:
    """True when the engines run compiled: the engine core (``pnp.engine.core``) and every
    game rules engine and heuristic player loaded so far (``pnp.games.<game>.engine`` and
    ``.bot``) are extension modules (Cython, built by ``pip install .``: setup.py); False
    when any of them is the pure-Python module (an editable install, ``PNP_PURE=1``, or no
    compiler at build time).  Results do not depend on it: both builds play the same games."""
    from pnp.engine import core

    names = ["pnp.engine.core"] + [n for n in sys.modules if n.startswith("pnp.games.")
                                   and n.rsplit(".", 1)[-1] in ("engine", "bot")]
    del core
    return all(isinstance(getattr(sys.modules[n].__spec__, "loader", None), importlib.machinery.ExtensionFileLoader)
               for n in names if n in sys.modules)


def build_name() -> str:
    """``"compiled (Cython)"`` or ``"pure Python"`` (``compiled()``), as ``pnp --version``
    and ``pnp check`` print it."""
    return "compiled (Cython)" if compiled() else "pure Python"
