"""The package behaves like one: its own distribution name, a licence file, ``python -m pnp``."""

import subprocess
import sys
import tomllib
from importlib.metadata import metadata, version
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_distribution_is_not_the_unrelated_pypi_pnp_and_the_command_stays_pnp():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == "pnp-kit"
    assert project["scripts"] == {"pnp": "pnp.console:run"}
    # every self-reference of the extras names this distribution
    assert all(not dep.startswith("pnp[") for deps in project["optional-dependencies"].values() for dep in deps)
    assert metadata("pnp-kit")["Name"] == "pnp-kit"


def test_the_licence_is_shipped_and_matches_the_declared_one():
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Permission is hereby granted" in text
    meta = metadata("pnp-kit")
    assert "License :: OSI Approved :: MIT License" in meta.get_all("Classifier")
    assert "Topic :: Games/Entertainment :: Board Games" in meta.get_all("Classifier")


def test_python_dash_m_pnp_is_the_pnp_command():
    done = subprocess.run([sys.executable, "-m", "pnp", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"pnp, version {version('pnp-kit')}, engines ")
    games = subprocess.run([sys.executable, "-m", "pnp", "games"], capture_output=True, text=True, timeout=60)
    assert games.returncode == 0 and "samarkand" in games.stdout and games.stderr == ""


def test_the_cluster_hint_installs_this_distribution(monkeypatch):
    import builtins

    import pytest

    from pnp.engine import runner
    from pnp.errors import UsageError

    real_import = builtins.__import__

    def no_distributed(name, *args, **kwargs):
        if name in ("distributed", "dask") or name.startswith(("distributed.", "dask.")):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    with pytest.raises(UsageError) as e:
        runner.DaskCluster("tcp://127.0.0.1:1")
    assert "pip install 'pnp-kit[cluster]'" in str(e.value)


def test_every_command_help_is_plain_text_for_a_terminal():
    """Help is read on a terminal: no reStructuredText markup (``code``, :role:) from a docstring."""
    import re

    from click.testing import CliRunner

    from pnp.cli import cli

    def commands(group, prefix=()):
        for name, command in sorted(group.commands.items()):
            yield prefix + (name,)
            if hasattr(command, "commands"):
                yield from commands(command, prefix + (name,))

    seen = 0
    for path in commands(cli):
        result = CliRunner().invoke(cli, [*path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        assert not re.search(r"``|:(class|func|meth|mod):`", result.output), (path, result.output)
        seen += 1
    assert seen >= 12


def test_the_lowest_versions_ci_installs_are_the_declared_minimums():
    """.ci/run installs .ci/lowest-versions.txt and runs a quick subset: each pin there must
    be the ">=" bound pyproject.toml declares, for every direct dependency."""
    import re

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {}
    for dep in project["dependencies"]:
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)(,<[0-9.]+)?", dep.split(";")[0].strip())
        assert m, f"dependency without a lower bound: {dep}"
        declared[m.group(1).lower()] = m.group(2)
    pins = {}
    for line in (REPO / ".ci" / "lowest-versions.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.strip().lower()] = version.strip()
    assert set(pins) == set(declared)
    for name, version in declared.items():
        # "2.7" allows 2.7.0; the pin is the lowest release the bound allows
        assert pins[name] == version or pins[name].startswith(version + ".") and set(pins[name][len(version):]) <= set(".0"), name
