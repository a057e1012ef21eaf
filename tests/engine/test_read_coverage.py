"""Every number a rules sheet prints is one the engine reads.

The rules templates (``data/<game>/rules/<lang>.md.j2``) are rendered for every variant
and language from a model that records which of its values are printed; then the game's
check (static checks, a few seeded simulated games of every variant, supply sizing) runs
on a model that records what it reads.  A printed value never read is a rule the sheet
states and the engine does not obey (as the chessboard's Desert limit was), so the test
fails and names it.
"""

from __future__ import annotations

import pytest
from readtrace import ReadLog, traced

from pnp.engine.check import full_check
from pnp.kit.rulebook import render_rules_markdown
from pnp.model import load_game
from pnp.model.catalog import data_dir

GAMES = ("samarkand", "caravan", "caravan-chessboard")


#: Printed model values that are names, not rule numbers (with the reason the engine may
#: ignore them).  Keep this short: every entry is a number the check cannot see.
LABELS = {
    "caravan": {
        "board.supply[*].number": "a supply space's printed name; the engine places demand markers "
                                  "by each space's demand_at_start",
    },
}


def _is_label(game_id: str, path: str) -> bool:
    import re

    return re.sub(r"\[\d+\]", "[*]", path) in LABELS.get(game_id, {})


def printed_values(game) -> set[str]:
    """Stored model values the rules sheets print (properties resolved to what they read)."""
    log = ReadLog(printing=True)
    model = traced(game, log)
    langs = sorted(p.name.split(".")[0] for p in (game.folder / "rules").glob("*.md.j2"))
    assert langs
    for variant in game.variants():
        for lang in langs:
            render_rules_markdown(model, variant, lang)
    out = set()
    for path in log.printed:
        out |= log.sources(path)
    return {p for p in out if not _is_label(game.id, p)}


def engine_reads(game, games: int = 3) -> set[str]:
    """What the check reads: heuristic games (with the static checks and the sizing) and
    random-player games, which reach the paths a sensible player avoids (penalties).

    Three games a variant: fewer games read less, which makes the test stricter, never
    blind to an unread number; measured, two games already read every printed number of
    all three games, and three take half the CPU of six (the count used before)."""
    log = ReadLog()
    run = full_check(traced(game, log), games=games, seed=3, workers=1)
    assert all(v.scorecard["finished"] == games for v in run.variants)
    full_check(traced(game, log), game.variants()[:1], games=games, seed=3, workers=1, player="random")
    return log.reads


@pytest.mark.parametrize("game_id", GAMES)
def test_every_printed_rule_number_is_read_by_the_engine(game_id):
    game = load_game(game_id, data_dir())
    printed = printed_values(game)
    assert printed  # the sheets print model numbers (hand sizes, counts, prices...)
    unread = sorted(printed - engine_reads(game))
    assert not unread, f"{game_id}: the rules sheet prints these model values, the engine never reads them: {unread}"


def test_the_trace_sees_an_unread_number(data_copy):
    """The test can fail: the tracer finds a printed number that a piece of code skips."""
    game = load_game("caravan-chessboard", data_copy)
    printed = printed_values(game)
    assert "rules.desert_cards_per_pawn" in printed
    log = ReadLog()
    model = traced(game, log)
    _ = model.rules.hand_limit, model.rules.caravan_limit
    assert "rules.desert_cards_per_pawn" in printed - log.reads
