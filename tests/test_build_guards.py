"""Guards of `pnp build` tested from the failing side: a variant that passes its
static check but fails a simulation threshold, and a kit deck that differs from the engine's,
are refused with nothing written; a write that fails half-way leaves no file and no .part."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import edit
from pnp.cli import main
from pnp.engine.check import load_settings, quick_check, static_check
from pnp.errors import OutputError, VariantError
from pnp.files import write_atomically
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.variant import Variant


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


class _Rows:
    """A progress reporter (``pnp.progress``'s interface) that records which rows were
    started and which were marked done (a live display ticks those)."""

    def __init__(self):
        self.started: list[str] = []
        self.ticked: list[str] = []

    def task(self, label: str, total: int | None = None, unit: str = ""):
        self.started.append(label)
        rows = self

        class Row:
            def advance(self, n: int = 1) -> None:
                pass

            def done(self, count: int | None = None, seconds: float | None = None) -> None:
                rows.ticked.append(label)

        return Row()


def test_build_refuses_a_variant_that_fails_a_simulation_threshold(data_copy, tmp_path, capsys):
    checks = data_copy / "samarkand" / "checks.yaml"
    # About 20 simulated games (4,000 moves, not 48,000) keep the test fast; a 2-player game
    # takes more than 9 rounds (the shipped floor is 8, the data's median ~20), so the
    # median-length threshold fails.
    edit(checks, "quick_moves: 48000", "quick_moves: 4000")
    edit(checks, "quick_games: 50", "quick_games: 20")
    edit(checks, "max_median_rounds: 60", "max_median_rounds: 9")
    game = load_game("samarkand", data_copy)
    settings = load_settings(game)
    static_check(game, Variant(2), settings)                    # the static check passes ...
    rows = _Rows()
    assert not quick_check(game, Variant(2), seed=0, progress=rows).passed    # ... the simulations do not
    assert rows.started == ["samarkand 2p: pre-print check"] and rows.ticked == []   # its row is not ticked as done
    out = tmp_path / "out"
    status = main(["--data-dir", str(data_copy), "build", "samarkand", "--players", "2", "--out", str(out)])
    err = capsys.readouterr().err
    assert status != 0
    assert "fails its check" in err and "median" in err, err
    assert _files(out) == []


def test_the_pre_print_check_leaves_seats_and_mechanisms_to_pnp_check(data_copy):
    """A move cap of 10 makes games of 10 moves, so the move budget plays thousands of them:
    enough for the mechanism threshold to apply, which is ``pnp check``'s to judge (README);
    the pre-print check fails on what it is for (no game finished) and on that alone."""
    edit(data_copy / "samarkand" / "checks.yaml", "move_cap: 3000", "move_cap: 10")
    # a median of rounds is bounded by the move cap (a round takes at least one move)
    edit(data_copy / "samarkand" / "checks.yaml", "max_median_rounds: 60", "max_median_rounds: 10")
    report = quick_check(load_game("samarkand", data_copy), Variant(2), seed=0)
    assert report.games >= 1000 and report.scorecard["finished"] == 0
    assert len(report.reasons) == 1 and report.reasons[0].startswith("0 of "), report.reasons


def test_a_build_of_every_game_reads_all_their_data_before_writing_a_kit(data_copy, tmp_path, capsys):
    """Bad data in the last game to build must not stop the run after the others' kits
    were written: one line naming the file and key, and no kit at all."""
    from pnp.registry import game_ids

    last = game_ids(data_copy)[-1]      # the order the build takes them in
    edit(data_copy / last / "checks.yaml", "move_cap: ", "move_cap: -")
    out = tmp_path / "out"
    status = main(["--data-dir", str(data_copy), "build", "--out", str(out)])
    err = capsys.readouterr().err.strip()
    assert status != 0 and len(err.splitlines()) == 1 and "checks.yaml" in err and "move_cap" in err, err
    assert _files(out) == []


def test_build_refuses_a_kit_deck_that_differs_from_the_engines(monkeypatch, tmp_path, capsys):
    from pnp.games.samarkand import kit

    real = kit._deck

    def deck_one_jewel_short(*args, **kwargs):
        run = real(*args, **kwargs)
        run.by_type = {**run.by_type, "jewels": run.by_type["jewels"] - 1}
        return run

    monkeypatch.setattr(kit, "_deck", deck_one_jewel_short)
    out = tmp_path / "out"
    status = main(["build", "samarkand", "--players", "2", "--out", str(out)])
    err = capsys.readouterr().err
    assert status != 0
    assert "the engine and the kit disagree" in err and "jewels" in err, err
    assert _files(out) == []


@pytest.mark.parametrize("game_id, variant, good", [("samarkand", Variant(3), "camels"),
                                                   ("caravan", Variant(3), "salt"),
                                                   ("caravan-chessboard", Variant(3), "silk")])
def test_static_check_compares_the_kits_deck_by_type(game_id, variant, good):
    """The kit hands the engine its deck as {type id: count} (the deck run's ``by_type``)."""
    game = load_game(game_id, data_dir())
    settings = load_settings(game)
    engine_deck = _engine_deck(game, variant)
    static_check(game, variant, settings, kit_counts=engine_deck)          # the same deck passes
    short = {**engine_deck, good: engine_deck[good] - 1}
    with pytest.raises(VariantError, match=rf"the engine and the kit disagree: .*{good}"):
        static_check(game, variant, settings, kit_counts=short)
    missing = {k: v for k, v in engine_deck.items() if k != good}
    with pytest.raises(VariantError, match=rf"the engine and the kit disagree: .*{good}"):
        static_check(game, variant, settings, kit_counts=missing)


def _engine_deck(game, variant) -> dict[str, int]:
    """The deck (Caravan: the bag of goods) each game's kit recipe prints, type -> count, as
    its kit.py computes it from the model."""
    if game.id == "caravan":
        return dict(game.goods_counts(variant))
    return dict(game.deck(variant.players if game.id == "samarkand" else variant))


# ------------------------------------------------------------------------ atomic writes
def test_a_write_failing_half_way_leaves_no_file_and_no_part(tmp_path):
    folder = tmp_path / "out"
    (tmp_path / "blocker").write_text("a file, not a folder", encoding="utf-8")

    def payloads():
        yield folder / "a.pdf", b"%PDF first"
        yield folder / "b.json", b"{}"
        yield tmp_path / "blocker" / "c.pdf", b"cannot go under a file"

    with pytest.raises(OutputError, match="cannot write"):
        write_atomically(folder, payloads(), key="--out")
    assert _files(folder) == [] and [p.name for p in tmp_path.iterdir()] == ["blocker", "out"]


def test_a_payload_failing_half_way_leaves_no_file_and_no_part(tmp_path):
    folder = tmp_path / "out"

    def payloads():
        yield folder / "a.pdf", b"%PDF first"
        raise OSError(28, "No space left on device")

    with pytest.raises(OutputError, match="No space left on device"):
        write_atomically(folder, payloads(), key="--out")
    assert _files(folder) == []
