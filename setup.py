"""Packaging hook: the wheel carries the game data and fonts, and the compiled engines.

The repository keeps ``data/`` and ``fonts/`` at its top level (the single source of truth
that designers and translators edit).  ``build_py`` copies them into the built package as
``pnp/_bundled/data`` and ``pnp/_bundled/fonts``, where ``pnp.model.catalog.bundled``
finds them with ``importlib.resources``; a checkout or an editable install reads the
top-level folders directly.  Everything else is declared in pyproject.toml.

Compiled engines: the engine core and each game's rules engine and heuristic player
(``COMPILED``) are compiled by Cython in pure-Python mode from the same ``.py`` files (no
other source) into optional extension modules that sit beside them; Python imports an
extension module before the ``.py`` of the same name.  Where Cython or a C compiler is
missing, or a module fails to compile, the build goes on and that module stays pure
Python (``Extension(optional=True)``).  ``PNP_PURE=1`` builds no extension at all (a wheel
for any platform), and neither does an editable install (``pip install -e``): there a
compiled module would shadow the ``.py`` a developer edits.  ``pnp --version`` and
``pnp check`` say which build is in use (``pnp.engine.compiled()``).
"""

import os
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

BUNDLED = ("data", "fonts")
#: the modules that run for every move of a simulated game (profiled: benchmarks/engine_profile.py)
COMPILED = [
    "pnp/engine/core.py",
    *(f"pnp/games/{game}/{part}.py" for game in ("samarkand", "caravan", "caravan_chessboard")
      for part in ("engine", "bot")),
]


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


class optional_build_ext(build_ext):
    """Cythonize ``COMPILED`` and build them; skipped for an editable install or with
    ``PNP_PURE=1``; a module that cannot be built stays pure Python (a warning says so)."""

    def finalize_options(self):
        # before build_ext's own finalize_options, which prepares the extensions it is given
        if os.environ.get("PNP_PURE") or getattr(self, "editable_mode", False):
            self.distribution.ext_modules = []
        else:
            try:
                from Cython.Build import cythonize
            except ImportError:
                print("pnp: Cython is not installed: the engines stay pure Python")
                self.distribution.ext_modules = []
            else:
                # annotation_typing=False: the annotations stay documentation, so every int
                # is a Python int and the compiled modules compute exactly what the pure do
                self.distribution.ext_modules = cythonize(
                    [Extension(path[:-3].replace("/", "."), [path], optional=True) for path in COMPILED],
                    compiler_directives={"language_level": 3, "annotation_typing": False, "binding": True},
                    build_dir="build/cython", quiet=True)
                for ext in self.distribution.ext_modules:
                    ext.optional = True
                    if os.name == "posix":
                        ext.extra_compile_args = ["-g0"]   # no debug information: a third of the compile time
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1      # the modules compile side by side


setup(cmdclass={"build_py": build_py_with_data, "build_ext": optional_build_ext},
      # none with PNP_PURE: the wheel is then tagged for any platform
      ext_modules=[] if os.environ.get("PNP_PURE") else
      [Extension(path[:-3].replace("/", "."), [path], optional=True) for path in COMPILED])
