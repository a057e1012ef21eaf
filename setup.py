"""Packaging hook: the wheel carries the game data and fonts.

The repository keeps ``data/`` and ``fonts/`` at its top level (the single source of truth
that designers and translators edit).  ``build_py`` copies them into the built package as
``pnp/_bundled/data`` and ``pnp/_bundled/fonts``, where ``pnp.model.catalog.bundled``
finds them with ``importlib.resources``; a checkout or an editable install reads the
top-level folders directly.  Everything else is declared in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("data", "fonts")


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return   # an editable install reads the checkout's data/ and fonts/
        here = Path(__file__).resolve().parent
        for name in BUNDLED:
            target = Path(self.build_lib) / "pnp" / "_bundled" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(here / name, target,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))


setup(cmdclass={"build_py": build_py_with_data})
