"""The pseudo-language en-XA (accents, every word 40 % longer, brackets) built for every
game: every text fits its box, or the build fails with one line naming the key, so a
translator's longer text is caught before a kit is printed."""

from __future__ import annotations

import shutil

import pytest

from pnp.cli import main
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.registry import game, game_ids
from pseudo import PSEUDO, add_pseudo_language, pseudo_text

GAMES = game_ids(DEFAULT_DATA_DIR)


@pytest.fixture(scope="module")
def pseudo_data(tmp_path_factory):
    root = tmp_path_factory.mktemp("pseudo") / "data"
    shutil.copytree(DEFAULT_DATA_DIR, root)
    add_pseudo_language(root, [game(g, root).folder(root) for g in GAMES])
    return root


def test_pseudo_text_keeps_placeholders_and_grows():
    text = pseudo_text("Take {removed} cards, keep {kept}")
    assert text == "[Táké~~ {removed} çárds~~, kéép~~ {kept}]"
    assert len(pseudo_text("Caravan")) >= 1.4 * len("Caravan")


@pytest.mark.parametrize("game_id", GAMES)
def test_pseudo_kit_fits_every_box(pseudo_data, game_id, tmp_path, capsys):
    code = main(["--data-dir", str(pseudo_data), "build", game_id, "--lang", PSEUDO, "--no-check",
                 "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 0, f"a text does not fit with 40 % longer words (make its box larger): {err}"
    assert list(tmp_path.glob(f"{game_id}-*-{PSEUDO}-a4.pdf"))


def test_a_text_too_long_for_its_box_fails_naming_the_key(pseudo_data, tmp_path, capsys):
    lang_file = pseudo_data / "caravan" / "lang" / f"{PSEUDO}.yaml"
    original = lang_file.read_text(encoding="utf-8")
    try:
        lang_file.write_text(original.replace("meat: '[Mé~]'", "meat: '[" + "Méáté~~ " * 12 + "]'"),
                             encoding="utf-8")
        assert lang_file.read_text(encoding="utf-8") != original
        assert main(["--data-dir", str(pseudo_data), "build", "caravan", "--lang", PSEUDO, "--no-check",
                     "--out", str(tmp_path)]) != 0
    finally:
        lang_file.write_text(original, encoding="utf-8")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"caravan/lang/{PSEUDO}.yaml: letters.meat" in err and "does not fit" in err
    assert not list(tmp_path.glob("*.pdf"))
