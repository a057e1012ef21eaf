"""CARAVAN on a chessboard: what banditry takes, where the cards go and how often it is
counted (tools/MUTATION.md lists the faults these catch).

Rules (seed, K12): a caravan next to the Bandits' square without a soldier loses all its
goods; one with a soldier chooses to lose a soldier or its goods; the lost cards go to the
discard pile.  The player who moved the Bandits is never robbed.
"""

from __future__ import annotations

import pytest
from chessboard_states import arrange, sq

from pnp.games.caravan_chessboard import engine as C
from pnp.model import load_game
from pnp.model.catalog import data_dir


@pytest.fixture(scope="module")
def cgame():
    return load_game("caravan-chessboard", data_dir())


def ti(state, tid):
    return state.T.type_ids.index(tid)


def bandits_to_2_4(s):
    s.phase = C.PH_DESERT
    s.apply((C.K_BANDITS, ti(s, "bandits-1"), sq(s, 2, 4)))


def test_two_caravans_without_soldiers_lose_all_goods_to_the_discard_pile(cgame):
    s = arrange(C.new_game(cgame, 3, 1), pos={0: (8, 8), 1: (1, 4), 2: (1, 5)}, bandits=(3, 4),
                sandstorm=(6, 6), hands={0: {"bandits-1": 1}},
                cars={1: {"tea": 2, "silk": 1}, 2: {"tea": 1, "metals": 3}})
    pile, pile_n = list(s.pile), s.pile_n
    bandits_to_2_4(s)
    assert s.car_n[1] == 0 and s.car_n[2] == 0
    assert s.pile[ti(s, "tea")] == pile[ti(s, "tea")] + 3
    assert s.pile[ti(s, "silk")] == pile[ti(s, "silk")] + 1
    assert s.pile[ti(s, "metals")] == pile[ti(s, "metals")] + 3
    assert s.pile_n == pile_n + 7 + 1                 # and the Bandits card played
    assert s.pile[ti(s, "bandits-1")] == pile[ti(s, "bandits-1")] + 1
    assert s.penalties == {"robbed_goods": 2, "robbed_soldier": 0}
    s._check_all()          # every card counted from scratch: none lost or made


def test_two_caravans_that_give_up_a_soldier_each(cgame):
    s = arrange(C.new_game(cgame, 3, 1), pos={0: (8, 8), 1: (1, 4), 2: (1, 5)}, bandits=(3, 4),
                sandstorm=(6, 6), hands={0: {"bandits-1": 1}},
                cars={1: {"soldiers": 2, "tea": 2}, 2: {"soldiers": 1, "silk": 1}})
    soldier = ti(s, "soldiers")
    pile, pile_n, car_n = list(s.pile), s.pile_n, list(s.car_n)
    lost = cgame.rules.soldiers_lost
    assert lost == 1                                      # seed: the robbed caravan loses one soldier
    bandits_to_2_4(s)
    assert s.phase == C.PH_ROB and s.current_player() == 1
    s.apply((C.K_LOSE_SOLDIER,))
    s.apply((C.K_LOSE_SOLDIER,))
    assert s.cars[1][soldier] == 1 and s.cars[2][soldier] == 0
    assert s.car_n[1:] == [car_n[1] - 1, car_n[2] - 1]
    assert s.pile[soldier] == pile[soldier] + 2 and s.pile_n == pile_n + 2 + 1   # + the Bandits card
    assert s.cars[1][ti(s, "tea")] == 2 and s.cars[2][ti(s, "silk")] == 1   # goods kept
    assert s.penalties == {"robbed_goods": 0, "robbed_soldier": 2}
    s._check_all()


def test_two_sales_are_counted_with_the_gold_and_the_cards_sold(cgame):
    # seat 0 sells 2 metals at (8,1); later seat 1 sells 3 tea at (1,8): the goods of the other
    # end sell, each good one set (K13); sale values from data: 2 -> 3 gold, 3 -> 5 gold.
    values = cgame.rules.sale_values
    assert (values[1], values[2]) == (3, 5)
    s = arrange(C.new_game(cgame, 2, 1), pos={0: (8, 1), 1: (1, 8)}, cars={0: {"metals": 2}}, gold={0: 0, 1: 0})
    s._to_sell()
    s.apply((C.K_SELL,))
    assert s.gold == [3, 0] and s.counters["sales"] == 1 and s.counters["gold_sold"] == 3
    assert s.pile[ti(s, "metals")] == 2 and s.pile_n == 2
    # seat 1's turn at its selling square (the draw phase between is not the point here)
    arrange(s, cur=1, pos={0: (8, 1), 1: (1, 8)}, cars={1: {"tea": 3}}, pile={"metals": 2, "tea": 1},
            gold={0: 3, 1: 0})
    s._to_sell()
    assert s.phase == C.PH_SELL
    s.apply((C.K_SELL,))
    assert s.gold == [3, 5]
    assert s.counters["sales"] == 2 and s.counters["gold_sold"] == 3 + 5
    assert s.stats()["max_circulation"] == 8
    assert s.pile[ti(s, "metals")] == 2 and s.pile[ti(s, "tea")] == 1 + 3 and s.pile_n == 6
    s._check_all()
