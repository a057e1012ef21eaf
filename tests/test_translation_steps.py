"""The README's translation steps, run as a user runs them (``pnp`` in its own process,
from an empty folder), and an installed pnp that keeps translations out of its own data.

The steps are read from the README itself, so the test follows what the README says.
``$PNP_DATA_DIR`` points the commands at a copy of the data (the command lines stay
exactly as written; the repository's data is not touched).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.model.catalog import DEFAULT_DATA_DIR, REPO_ROOT

PNP = [sys.executable, "-c", "import sys; from pnp.console import run; sys.argv[0] = 'pnp'; run()"]
TRANSLATED_TITLE = "Karawane"


def workflow_commands() -> list[str]:
    """The `pnp i18n …` commands of the README's *Workflow* item, in order."""
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    item = re.search(r"\* \*\*Workflow\.\*\*(.*?)(?=\n\* \*\*)", text, re.S).group(1)
    return [c for c in re.findall(r"`(pnp i18n [^`]*)`", item) if "--data-dir" not in c]


INSTALLED = [sys.executable, "-S"] + PNP[1:]


def pnp(command: str, cwd: Path, env: dict, runner: list[str] = PNP) -> subprocess.CompletedProcess:
    args = command.split()
    assert args[0] == "pnp"
    return subprocess.run(runner + args[1:], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def translate(po_file: Path) -> None:
    """What a translator does in Poedit: translate the Caravan title and the first shared
    string (so the language has its common file, which makes it a translated language)."""
    from babel.messages.pofile import read_po, write_po

    with po_file.open("rb") as fh:
        catalog = read_po(fh)
    message = catalog.get("Caravan", context="caravan:title")
    assert message is not None, "the catalog lacks caravan:title"
    message.string = TRANSLATED_TITLE
    shared = next(m for m in catalog if m.context and m.context.startswith("common:") and "{" not in m.id)
    shared.string = "[de] " + shared.id
    with po_file.open("wb") as fh:
        write_po(fh, catalog, width=0)


def test_the_readme_translation_steps_work_as_written(tmp_path):
    """export, translate the file it wrote, import, status.  (Before: the README imported
    `pnp-de.po` where export had written `output/pnp-de.po`: step two failed.)"""
    commands = workflow_commands()
    assert [c.split()[2] for c in commands] == ["export", "import", "status"], commands
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PNP_DATA_DIR": str(data)}
    export, imported, status = commands
    done = pnp(export, work, env)
    assert done.returncode == 0, done.stderr
    written = re.fullmatch(r"wrote (\S+)\n", done.stdout).group(1)
    translate(work / written)
    done = pnp(imported, work, env)
    assert done.returncode == 0, done.stderr
    target = data / "caravan" / "lang" / "de.yaml"
    assert sorted(done.stdout.splitlines()) == [f"wrote {data / 'caravan' / 'lang' / 'de.yaml'}",
                                                f"wrote {data / 'common' / 'lang' / 'de.yaml'}"]
    from pnp.model.catalog import read_yaml

    assert read_yaml(target).value["title"] == TRANSLATED_TITLE
    done = pnp(status, work, env)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr   # German still needs work
    assert "de parity" in done.stdout


def _installed_copy(tmp_path: Path) -> Path:
    """pnp laid out as a wheel installs it (``site-packages/pnp`` with ``_bundled/data`` and
    ``_bundled/fonts``), importable through ``PYTHONPATH``; returns that site folder.  (The
    interpreter runs with ``-S``: this checkout's editable install would otherwise win.)"""
    site = tmp_path / "lib" / "site-packages"
    shutil.copytree(REPO_ROOT / "pnp", site / "pnp", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(DEFAULT_DATA_DIR, site / "pnp" / "_bundled" / "data")
    (site / "pnp" / "_bundled" / "fonts").symlink_to(REPO_ROOT / "fonts")
    return site


def test_an_installed_pnp_refuses_to_import_into_its_own_data_and_says_what_to_do(tmp_path):
    """`pnp i18n import` of a pip-installed pnp wrote into site-packages without a word:
    it now refuses (one line, status 2, nothing written there) and names the copy to make;
    the command it prints then works."""
    site = _installed_copy(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PNP_DATA_DIR"}
    import click

    # this one first, then the libraries pnp needs (and its entry points, in its dist-info)
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(Path(click.__file__).parents[1])])
    probe = subprocess.run(INSTALLED[:3] + ["import pnp; print(pnp.__file__)"], cwd=work, env=env, capture_output=True,
                           text=True)
    assert probe.stdout.strip() == str(site / "pnp" / "__init__.py")
    done = pnp("pnp i18n export --lang de", work, env, INSTALLED)
    assert done.returncode == 0, done.stderr
    translate(work / "output" / "pnp-de.po")
    bundled = site / "pnp" / "_bundled" / "data"
    before = sorted(p.relative_to(bundled) for p in bundled.rglob("*"))
    done = pnp("pnp i18n import output/pnp-de.po", work, env, INSTALLED)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: --data-dir: {bundled} is the data installed with pnp"), lines
    assert sorted(p.relative_to(bundled) for p in bundled.rglob("*")) == before
    assert not (bundled / "caravan" / "lang" / "de.yaml").exists()
    advice = lines[0].split("copy it to a folder of yours and use that: ")[1]
    copy, then = advice.split(" && ")
    assert copy == f"cp -r {bundled} pnp-data"
    subprocess.run(copy.split(), cwd=work, check=True)
    done = pnp(then, work, env, INSTALLED)
    assert done.returncode == 0, done.stderr
    assert f"wrote pnp-data/caravan/lang/de.yaml" in done.stdout.splitlines()
    done = pnp("pnp i18n confirm --lang de --all", work, env, INSTALLED)
    assert done.returncode == 2 and "is the data installed with pnp" in done.stderr


def test_an_import_that_cannot_write_one_file_writes_none(tmp_path, monkeypatch):
    """A catalog touching two language files, the disk full at the second: neither is
    written, and the line names the second file (not its ``.part``).  (Before: the first
    file was renamed into place before the second was tried.)"""
    import errno

    import pnp.files
    from pnp.errors import OutputError
    from pnp.model.po import export_po, import_po

    root = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, root)
    po_file = tmp_path / "pnp-de.po"
    po_file.write_bytes(export_po(root, "de"))
    translate(po_file)
    real, calls = pnp.files.tempfile.mkstemp, []

    def mkstemp(prefix="", suffix="", dir=None):
        calls.append(dir)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), os.path.join(dir, prefix + "x" + suffix))
        return real(prefix=prefix, suffix=suffix, dir=dir)

    monkeypatch.setattr(pnp.files.tempfile, "mkstemp", mkstemp)
    with pytest.raises(OutputError) as caught:
        import_po(root, po_file)
    assert len(calls) == 2
    assert sorted(root.glob("*/lang/de.yaml")) == []
    assert sorted(root.rglob("*.part")) == []
    assert re.search(r"/lang/de\.yaml: --data-dir: cannot write \(No space left on device\)$", str(caught.value))
