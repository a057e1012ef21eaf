"""Bad input: one clear line on stderr, a non-zero exit, no traceback, no file left behind."""

import json
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from pnp.cli import main
from pnp.model.catalog import DEFAULT_DATA_DIR

from helpers import edit


def run(capsys, *args):
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(code, err, *needles):
    assert code != 0
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def no_files(folder: Path):
    return not folder.exists() or not any(folder.iterdir())


def test_games_lists_samarkand(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "samarkand" in out and "2-5 players" in out and "da" in out and "en" in out


@pytest.mark.parametrize("args, needles", [
    (["build", "chess"], ["unknown game 'chess'", "samarkand"]),
    (["build", "samarkand", "--players", "6"], ["--players", "2-5 players, not 6"]),
    (["build", "samarkand", "--variant", "short"], ["--variant", "no variant 'short'", "expected one of standard"]),
    (["build", "samarkand", "--players", "1"], ["--players", "2-5 players, not 1"]),
    (["build", "samarkand", "--lang", "fr"], ["--lang", "'fr'", "da, en"]),
    (["build", "samarkand", "--paper", "a5"], ["--paper", "a5"]),
    (["build", "samarkand", "--bleed-mm", "-1"], ["--bleed-mm", "0-6 mm"]),
    (["build", "samarkand", "--bleed-mm", "x"], ["--bleed-mm"]),
])
def test_bad_options(capsys, tmp_path, args, needles):
    out = tmp_path / "out"
    code, _, err = run(capsys, *args, "--out", str(out), "--no-check")
    assert_one_line_error(code, err, *needles)
    assert no_files(out)


@pytest.mark.parametrize("file, old, new, needles", [
    ("game.yaml", "start_money: 200", "start_money: [200", ["game.yaml", "invalid YAML", "line"]),
    ("game.yaml", "  hand_limit: 12 ", "  hand_limitx: 12 ", ["game.yaml", "rules", "missing key 'hand_limit'"]),
    ("game.yaml", "{id: camels,  count: 14,", "{id: camels,  count: -1,", ["goods[4].count", ">= 0"]),
    ("board.yaml", "exits: [camp-e2]}", "exits: [camp-e9]}", ["board.yaml", "camp-e9", "does not exist"]),
    ("board.yaml", "exits: [samarkand, camp-s3]}", "exits: [camp-s3]}", ["board.yaml", "no arrow on the edge"]),
    ("lang/en.yaml", "  jewels: Jewels", "  jewels: Jewels of the Great Khan of the Golden Horde and Beyond",
     ["text", "does not fit", "goods.jewels"]),
    ("lang/en.yaml", "  grain: Grain", "  grain: Grain 穀", ["no glyph", "U+7A40", "goods.grain"]),
])
def test_bad_data(capsys, tmp_path, data_copy, file, old, new, needles):
    edit(data_copy / "samarkand" / file, old, new)
    out = tmp_path / "out"
    code, _, err = run(capsys, "--data-dir", str(data_copy), "build", "samarkand", "--out", str(out), "--no-check")
    assert_one_line_error(code, err, *needles)
    assert no_files(out)


def test_unwritable_output_folder(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    code, _, err = run(capsys, "build", "samarkand", "--out", str(blocker / "kits"), "--no-check")
    assert_one_line_error(code, err, "--out", "is not a folder")
    assert blocker.read_text() == "not a folder"


def test_failed_build_leaves_no_partial_pdf(capsys, tmp_path, data_copy):
    """A build that fails late (text too long, found while drawing) writes nothing at all."""
    out = tmp_path / "out"
    out.mkdir()
    edit(data_copy / "samarkand" / "lang" / "en.yaml", "  merv: Merv", "  merv: Merv " + "x" * 200)
    code, _, err = run(capsys, "--data-dir", str(data_copy), "build", "samarkand", "--out", str(out), "--no-check")
    assert code != 0
    assert list(out.iterdir()) == []


def test_help_shows_defaults(capsys):
    code, out, _ = run(capsys, "build", "--help")
    assert code == 0
    for text in ("--players", "--lang", "--paper", "--bleed-mm", "--out", "default: a4", "default: 3.0", "default: output"):
        assert text in out, text


_CONVERT: list = []


def _convert_pages(svgs, plain=None):
    """``pnp.printing.pdf._convert_pages`` as this test run shares it (tests/conftest.py),
    under a name a second process can unpickle."""
    return _CONVERT[0](svgs, plain)


def test_deck_command_writes_reduced_deck_and_removal_list(capsys, tmp_path, monkeypatch):
    import json
    import re

    from pypdf import PdfReader

    from pnp.kit import build
    from pnp.printing import pdf

    # The rules sheet's progress line gives the time it took to typeset, in the build's
    # second process, not this process's wait for it (a reviewer read "done in 0.0 s").
    monkeypatch.setenv("PNP_BUILD_PROCESSES", "2")
    _CONVERT[:] = [pdf._convert_pages]      # the run's shared conversions, sent to the second process by name
    monkeypatch.setattr(pdf, "_convert_pages", _convert_pages)
    typeset = build._timed_rules_sheet
    monkeypatch.setattr(build, "_timed_rules_sheet", lambda *args: (typeset(*args)[0], 42.0))
    code, out, err = run(capsys, "deck", "samarkand", "--players", "2", "--out", str(tmp_path))
    assert code == 0, err
    assert "samarkand 2p: rules sheet: done in 42.0 s\n" in out
    manifest = json.loads((tmp_path / "samarkand-2p-en-a4-deck.manifest.json").read_text())
    ids = [c["id"] for c in manifest["components"]]
    assert ids == ["contents", "rules", "cards"]
    assert manifest["components"][2]["by_type"] == {"grain": 17, "fruit": 15, "copper": 13, "carpets": 11,
                                                    "camels": 9, "jewels": 7}
    first = PdfReader(tmp_path / "samarkand-2p-en-a4-deck.pdf").pages[0].extract_text()
    assert "Grain: take out 5, keep 17" in first and "Jewels: take out 5, keep 7" in first
    # checks.yaml: the first games to make 48,000 moves
    assert re.search(r"246 games\s+for 2\s+players\s+were\s+played\s+through\s+by\s+computer", first), first
    assert "card sleeves of the cards' size" in first and "glue stick" not in first.lower()  # no board, pawns or die


def test_build_refuses_a_variant_that_fails_its_check(capsys, tmp_path, data_copy):
    edit(data_copy / "samarkand" / "game.yaml", "removed_per_good: {5: 0, 4: 1, 3: 3, 2: 5}",
         "removed_per_good: {5: 0, 4: 1, 3: 3, 2: 12}")
    out = tmp_path / "out"
    code, _, err = run(capsys, "--data-dir", str(data_copy), "build", "samarkand", "--players", "2", "--out", str(out))
    assert_one_line_error(code, err, "2 players")
    assert no_files(out)


def test_check_report_path_under_a_file_fails_before_simulating(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, out, err = run(capsys, "check", "samarkand", "--games", "5000", "--json", str(blocker / "check.json"))
    assert_one_line_error(code, err, "check.json", f"cannot write: {blocker} is not a folder")
    assert out == ""  # nothing was simulated (a run prints its scorecards first)


def test_check_of_an_unknown_set_up_is_refused(capsys):
    code, out, err = run(capsys, "check", "samarkand", "--variant", "short")
    assert_one_line_error(code, err, "--variant", "no variant 'short'")


def test_variant_ids_as_pnp_games_lists_them_are_accepted(capsys, tmp_path):
    code, out, err = run(capsys, "build", "caravan", "--variant", "2p-short", "--no-check", "--out", str(tmp_path))
    assert code == 0, err
    assert (tmp_path / "caravan-2p-short-en-a4.pdf").is_file()
    code, out, err = run(capsys, "build", "caravan", "--variant", "2p-short", "--players", "3", "--out", str(tmp_path / "x"))
    assert_one_line_error(code, err, "--variant", "variant 2p-short is for 2 players, but --players says 3")
    assert no_files(tmp_path / "x")


@pytest.mark.parametrize("args, needles", [
    (["--target", "dtc"], ["--target", "prints poker cards (63.5 x 88.9 mm)", "18 x 18 mm"]),
    (["--target", "mpc"], ["--target", "prints poker cards"]),
    (["--back-offset", "1,1"], ["--back-offset", "nothing in this kit has a back, so --back-offset does not apply"]),
    (["--scale-x", "1.01"], ["--scale-x", "so --scale-x does not apply"]),
    (["--duplex", "fold"], ["--duplex", "so --duplex does not apply", "one-sided"]),
])
def test_print_options_a_kit_without_cards_cannot_use_are_refused(capsys, tmp_path, args, needles):
    code, out, err = run(capsys, "build", "caravan", "--no-check", "--out", str(tmp_path), *args)
    assert_one_line_error(code, err, *needles)
    assert no_files(tmp_path)
    assert out == ""    # refused before any step (the recipe's has_backs and deck_trims_mm)


@pytest.mark.parametrize("args, message", [
    (["caravan", "--duplex", "short"],
     "error: --duplex: caravan: nothing in this kit has a back, so --duplex does not apply; "
     "every sheet is printed one-sided\n"),
    (["caravan", "--target", "mpc"], "error: --target: --target mpc prints poker cards (63.5 x 88.9 mm); this kit has "
                                     "no poker-size cards: its deck pieces are 18 x 18 mm\n"),
    (["samarkand", "--cards-per-sheet", "30"], "error: --cards-per-sheet: 30 cards per sheet is outside 1-20\n"),
])
def test_an_option_the_kit_cannot_use_is_refused_before_any_work(tmp_path, args, message):
    """A reviewer's `pnp build caravan --duplex short` printed two progress lines (the data
    read, the components laid out) before its error: now the error is all it prints."""
    import subprocess
    import sys

    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "build", *args, "--out", str(out)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message)
    assert not out.exists()


def test_check_reads_the_data_dir_it_is_given(capsys, data_copy):
    """A designer's copy of the data is what pnp check simulates (here: a stricter length
    threshold fails the variant), and a missing folder is an error, not the stock data."""
    edit(data_copy / "samarkand" / "checks.yaml", "max_median_rounds: 60", "max_median_rounds: 9")
    code, out, err = run(capsys, "--data-dir", str(data_copy), "check", "samarkand", "--players", "2", "--games", "10")
    assert_one_line_error(code, err, "samarkand fails its check", "outside the plausible 8-9")
    code, out, err = run(capsys, "--data-dir", str(data_copy / "nope"), "check", "samarkand")
    assert_one_line_error(code, err, "--data-dir", "not found")


def test_building_every_game_skips_print_options_a_one_sided_kit_cannot_use(capsys, tmp_path, data_copy):
    """`pnp build` of every game with --duplex short: the card games get it (and say so in
    their names), the one-sided Caravan kit is built as it is, with a note."""
    import shutil

    for other in ("samarkand", "caravan-chessboard"):
        shutil.rmtree(data_copy / other)
    code, out, err = run(capsys, "--data-dir", str(data_copy), "build", "--duplex", "short", "--no-check",
                         "--out", str(tmp_path))
    assert code == 0, err
    assert "note: caravan: one-sided kit, --duplex not applied" in out
    assert (tmp_path / "caravan-4p-en-a4.pdf").is_file() and not list(tmp_path.glob("*-short.pdf"))


def test_variants_are_named_the_same_in_games_and_in_errors(capsys):
    """`pnp games` lists each game's variants by name; a wrong --variant answers with the
    same names (one vocabulary, README: `--variant NAME`)."""
    code, out, _ = run(capsys, "games")
    assert code == 0
    listed = {line.split()[0]: line.split("variants: ")[1].split(" · ")[0].split(" (")[0].strip()
              for line in out.splitlines()}
    # Caravan's set-ups are the keys of its game.yaml `setups`, in the order written there.
    setups = YAML(typ="safe").load((DEFAULT_DATA_DIR / "caravan" / "game.yaml").read_text(encoding="utf-8"))["setups"]
    assert listed["caravan"] == ", ".join(setups) and listed["caravan"].startswith("standard, short, intro")
    assert listed["samarkand"] == "standard"
    assert "(default short for 2-3 players)" in next(l for l in out.splitlines() if l.startswith("caravan"))
    for game, names in listed.items():
        code, _, err = run(capsys, "check", game, "--variant", "nosuch")
        assert_one_line_error(code, err, "--variant", f"{game} has no variant 'nosuch'; expected one of {names}")


def test_check_json_dash_writes_the_json_alone_to_stdout(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "check", "caravan", "--players", "2", "--variant", "short", "--games", "4",
                         "--workers", "1", "--json", "-")
    document = json.loads(out)                      # nothing but the JSON on stdout
    assert document["game"] == "caravan" and [v["players"] for v in document["variants"]] == [2]
    assert "caravan: 4 heuristic games per variant" in err and "wrote" not in err + out
    assert not (tmp_path / "-").exists() and list(tmp_path.iterdir()) == []
    assert code in (0, 2)


def test_balance_json_dash_writes_the_json_alone_to_stdout(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "balance", "caravan", "--players", "2", "--games", "4", "--workers", "1",
                         "--json", "-")
    document = json.loads(out)
    assert document["trials"] and "heuristic games per compensation" in err
    assert list(tmp_path.iterdir()) == []
