"""The checks test invariants on a stride (``checks.yaml`` ``simulation.invariant_stride``)
and lose no detection by it.

Each test monkeypatches a fault into one engine's rules (a sale that loses a card, a
gift that makes money, a theft marker that vanishes, a demand marker from nowhere, gold
from nowhere), plays the same seeded heuristic games with the invariants checked after
every move and on the game's own stride (``checks.yaml``, more than 1 move; and at each game's end), and requires the same
games to fail with the same error: the same reason and the same moves, ending at the
move that broke the state (the stride's failures are replayed move by move).  The fault
leaves the state wrong until the game ends, as a conservation error does; a fault that
mends itself within fewer moves than the stride would be missed, which is why the engine
tests check every move.
"""

from __future__ import annotations

import dataclasses

import pytest

from pnp.engine.check import load_settings, simulate_many
from pnp.engine.core import InvariantViolation, first_broken, playout
from pnp.engine.players import HeuristicPlayer
from pnp.games.caravan.check import CaravanEngine

caravan_check = CaravanEngine()   # the engine the checks use
from pnp.games.caravan import engine as CV
from pnp.games.caravan_chessboard import engine as CB
from pnp.games.samarkand import engine as SK
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.variant import Variant


def _wrap(cls, name, after):
    """``cls.name`` that runs the rules and then ``after(state, *args)``: the injected fault."""
    rules = getattr(cls, name)

    def faulty(self, *args):
        out = rules(self, *args)
        after(self, *args)
        return out

    return faulty


def _sk_sale_loses_a_card(s, m):
    if s.money[s.cur] % 4 == 1:         # now and then: not the first sale of every game
        g = next(g for g in range(s.T.G) if s.deck[g] > 0)
        s.deck[g] -= 1
        s.deck_size -= 1


def _sk_gift_pays(s, g):
    if g >= 0 and s.hs[s.cur] <= 4:
        s.money[s.cur] += 5


def _cv_theft_marker_lost(s, p, q, j):
    s.theft[q] -= 1


def _cv_pickup_makes_demand(s, p, sp):
    if s.demand_held[p] >= 2:
        s.demand_held[p] += 1


def _cb_sale_pays_extra(s, p):
    s.gold[p] += 1


FAULTS = {
    "samarkand: a sale loses a card": ("samarkand", SK.SamarkandState, "_sell", _sk_sale_loses_a_card, 3),
    "samarkand: a gift makes money": ("samarkand", SK.SamarkandState, "_give", _sk_gift_pays, 4),
    "caravan: a theft marker vanishes": ("caravan", CV.CaravanState, "_steal", _cv_theft_marker_lost, 3),
    "caravan: demand markers from nowhere": ("caravan", CV.CaravanState, "_pick", _cv_pickup_makes_demand, 2),
    "chessboard: a sale pays extra gold": ("caravan-chessboard", CB.ChessboardState, "_sell", _cb_sale_pays_extra, 2),
}
GAMES = 12


def _errors(game, players, stride):
    settings = dataclasses.replace(load_settings(game), invariant_stride=stride)
    ((playouts, errors),) = simulate_many(game, [(Variant(players), GAMES, ())], 7, settings, workers=1)
    return {e.seed: (e.kind, e.reason, e.moves) for e in errors}, len(playouts)


@pytest.mark.parametrize("fault", FAULTS)
def test_stride_finds_every_fault_the_every_move_check_finds(fault, monkeypatch):
    game_id, cls, method, after, players = FAULTS[fault]
    game = load_game(game_id, data_dir())
    stride = load_settings(game).invariant_stride   # the stride pnp check uses for this game
    assert stride > 1
    clean, finished = _errors(game, players, stride)
    assert clean == {} and finished == GAMES        # without the fault nothing fails
    monkeypatch.setattr(cls, method, _wrap(cls, method, after))
    every_move, _ = _errors(game, players, 1)
    strided, _ = _errors(game, players, stride)
    assert len(every_move) >= GAMES // 2            # the fault is met in most games
    assert strided == every_move                    # same games, same reason, same moves
    for kind, reason, moves in strided.values():
        assert kind == "invariant violation"
        assert f"(broken by move {len(moves)}, {moves[-1]!r})" in reason


def test_the_named_move_is_the_one_that_broke_the_state(monkeypatch):
    """The moves an error carries end at the breaking move: one move fewer passes."""
    game = load_game("caravan", data_dir())
    monkeypatch.setattr(CV.CaravanState, "_steal", _wrap(CV.CaravanState, "_steal", _cv_theft_marker_lost))
    new_state = lambda seed: caravan_check.new_game(game, Variant(3), seed)
    with pytest.raises(InvariantViolation) as err:
        playout(new_state, [HeuristicPlayer(caravan_check.choose)] * 3, 11, 3000, check=True,
                stride=load_settings(game).invariant_stride)
    moves = err.value.moves
    assert "theft markers" in err.value.reason and moves
    assert first_broken(new_state, 11, moves[:-1]) is None
    assert first_broken(new_state, 11, moves).reason == err.value.reason


def test_stride_is_read_from_checks_yaml_and_defaults_to_5(tmp_path):
    import re
    import shutil

    from pnp.engine.check import INVARIANT_STRIDE

    game = load_game("samarkand", data_dir())
    assert load_settings(game).invariant_stride == 25
    root = tmp_path / "data"
    shutil.copytree(game.folder.parent, root, ignore=shutil.ignore_patterns("caravan*"))
    copy = root / "samarkand"
    text = (copy / "checks.yaml").read_text(encoding="utf-8")
    (copy / "checks.yaml").write_text(text.replace("invariant_stride: 25 ", "invariant_stride: 3 "), encoding="utf-8")
    assert load_settings(load_game("samarkand", root)).invariant_stride == 3
    (copy / "checks.yaml").write_text(re.sub(r"\n  invariant_stride:[^\n]*", "", text), encoding="utf-8")
    assert load_settings(load_game("samarkand", root)).invariant_stride == INVARIANT_STRIDE == 5
    (copy / "checks.yaml").write_text(text.replace("invariant_stride: 25 ", "invariant_stride: 0 "), encoding="utf-8")
    from pnp.errors import DataError

    with pytest.raises(DataError, match="invariant_stride"):
        load_settings(load_game("samarkand", root))
