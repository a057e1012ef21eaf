"""Samarkand sale bookkeeping and the winning threshold, on hand-made states (tools/MUTATION.md lists
the faults these catch).

Numbers from /work/shared/design/games.md (the seed's known prices): carpets 6 -> 160 Piaster,
carpets 2 -> 15; start money 200; "as soon as a player reaches 500" the game ends.
"""

from __future__ import annotations

import pytest

from pnp.games.samarkand import engine as S

from samarkand_states import apply_checked, arrange, sid

MARKETS = ["grain", "fruit", "copper", "assortment", "carpets", "camels", "jewels", "assortment"]
KHIVA_CARPETS = 4          # market slot of carpets at khiva (MARKETS above; khiva buys carpets and camels)


@pytest.fixture
def state(game):
    return S.new_game(game, 3, seed=7)


def test_sales_are_counted_and_the_largest_payout_and_circulation_kept(state):
    arrange(state, pos={0: "camp-s1", 1: "camp-s1"}, money={0: 100, 1: 200, 2: 200},
            hands={0: {"carpets": 6}, 1: {"carpets": 2}}, markets=MARKETS)
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    apply_checked(state, (S.K_SELL, KHIVA_CARPETS, 6))
    stats = state.stats()
    assert stats["sales"] == 1
    assert stats["max_payout"] == 160                       # carpets 6 -> 160
    assert stats["max_circulation"] == 260 + 200 + 200      # cash held after the sale
    # the second seller: 2 carpets on the chipped market pay one level less (1 card: 5)
    assert state.cur == 1
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    apply_checked(state, (S.K_SELL, KHIVA_CARPETS, 2))
    stats = state.stats()
    assert stats["sales"] == 2
    assert state.money[1] == 205
    assert stats["max_payout"] == 160                       # the smaller sale does not lower it
    assert stats["max_circulation"] == 260 + 205 + 200


def test_reaching_exactly_500_wins(state):
    arrange(state, pos={0: "camp-s1"}, money={0: 500 - 160}, hands={0: {"carpets": 6}}, markets=MARKETS)
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    apply_checked(state, (S.K_SELL, KHIVA_CARPETS, 6))
    assert state.money[0] == 500
    assert state.is_terminal() and state.winner() == 0


def test_one_short_of_500_plays_on(state):
    arrange(state, pos={0: "camp-s1"}, money={0: 499 - 160}, hands={0: {"carpets": 6}}, markets=MARKETS)
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    apply_checked(state, (S.K_SELL, KHIVA_CARPETS, 6))
    assert state.money[0] == 499
    assert not state.is_terminal() and state.winner() is None and state.cur == 1


def test_hand_limit_discards_go_in_seat_order_from_the_active_player(state, game):
    # D16: "reduce the number of cards in their hand to 12", first player over the limit in seat
    # order from the active one.  Seats 1 and 2 both over: from seat 0, seat 1 discards first;
    # from seat 2, seat 2 itself; from seat 1 nobody is skipped backwards.
    limit = game.rules.hand_limit
    assert limit == 12
    arrange(state, hands={1: {"grain": 13}, 2: {"fruit": 13}})
    assert state._next_discarder(0) and state.discarder == 1 and state.phase == S.PH_DISCARD
    assert state._next_discarder(2) and state.discarder == 2
    arrange(state, hands={2: {"fruit": 13}})
    assert state._next_discarder(0) and state.discarder == 2
    arrange(state, hands={0: {"fruit": 12}, 1: {"grain": 12}})     # at the limit is not over it
    assert not state._next_discarder(0)


def test_each_finished_turn_counts_one(state):
    # Two city penalties (nothing to sell at khiva) are two whole turns.
    arrange(state, pos={0: "camp-s1", 1: "camp-s1"}, money={0: 100, 1: 100},
            hands={0: {"grain": 5}, 1: {"fruit": 5}}, markets=MARKETS)
    first = state.turns()
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    assert state.cur == 1 and state.turns() == first + 1
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    assert state.cur == 2 and state.turns() == first + 2
    assert state.money[:2] == [80, 80]          # the seed's 20 Piaster city penalty each
