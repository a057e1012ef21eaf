"""Shell completion offers the game ids, the typed game's variants and its languages, as a
user's shell would ask for them (Click's bash protocol, in a subprocess)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.registry import game as registered_game, game_ids

REPO = Path(__file__).resolve().parents[1]


def complete(line: str) -> list[str]:
    """What ``pnp`` offers for the last word of ``line`` (a line ending in a space completes
    a new, empty word), asked in-process the way Click's bash script asks."""
    from click.shell_completion import ShellComplete

    from pnp.cli import cli

    words = line.split()
    args, incomplete = (words[1:], "") if line.endswith(" ") else (words[1:-1], words[-1])
    old = {k: os.environ.get(k) for k in ("COMP_WORDS", "PNP_DATA_DIR")}
    os.environ["COMP_WORDS"] = line
    os.environ.pop("PNP_DATA_DIR", None)
    try:
        return [item.value for item in ShellComplete(cli, {}, "pnp", "_PNP_COMPLETE").get_completions(args, incomplete)]
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def complete_in_shell(line: str) -> list[str]:
    """``complete`` through the installed command, as the shell runs it (a subprocess)."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    env = {**os.environ, "COMP_WORDS": line, "COMP_CWORD": str(cword), "_PNP_COMPLETE": "bash_complete"}
    env.pop("PNP_DATA_DIR", None)
    done = subprocess.run([sys.executable, "-c", "import sys; from pnp.console import run; sys.argv[0] = 'pnp'; run()"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [item.split(",", 1)[1] for item in done.stdout.splitlines() if item]


def test_game_ids_complete_for_every_command_that_takes_a_game():
    games = game_ids(DEFAULT_DATA_DIR)
    assert len(games) >= 3
    for command in ("build", "check", "balance", "deck", "schema"):
        assert complete(f"pnp {command} ") == games, command
    assert complete("pnp build car") == [g for g in games if g.startswith("car")]
    assert complete_in_shell("pnp build car") == [g for g in games if g.startswith("car")]
    assert complete_in_shell("pnp check caravan --variant s") == complete("pnp check caravan --variant s") == ["standard", "short"]


@pytest.mark.parametrize("command", ["build", "check", "balance", "deck"])
def test_variants_of_the_typed_game_complete(command):
    setups = list(registered_game("caravan").load(DEFAULT_DATA_DIR).setups)
    assert complete(f"pnp {command} caravan --variant ") == setups
    assert complete(f"pnp {command} caravan --variant s") == [s for s in setups if s.startswith("s")]


def test_languages_complete_from_the_data_files_of_the_typed_game(tmp_path):
    assert complete("pnp build samarkand --lang ") == sorted(registered_game("samarkand").languages(DEFAULT_DATA_DIR))
    # a language is only new data files: a copied folder with a German file offers "de" too
    import shutil

    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    for folder in ("samarkand", "common"):
        shutil.copy(data / folder / "lang" / "en.yaml", data / folder / "lang" / "de.yaml")
    shutil.copy(data / "samarkand" / "rules" / "en.md.j2", data / "samarkand" / "rules" / "de.md.j2")
    assert "de" in complete(f"pnp --data-dir {data} build samarkand --lang ")


def test_a_missing_data_folder_completes_nothing_and_prints_no_traceback():
    assert complete_in_shell("pnp --data-dir /nonexistent/folder build ") == []
    assert complete("pnp --data-dir /nonexistent/folder build caravan --variant ") == []
