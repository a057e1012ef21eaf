"""Caravan deliveries, theft bookkeeping and the game's sudden end, on hand-made states
(tools/MUTATION.md lists the faults these catch).

Numbers from the seed (data/caravan/game.yaml cites it): a common good delivered scores 3
points; a theft marker passes to the victim; the game "ends at once" when the next good is
delivered after the bag ran out.
"""

from __future__ import annotations

import pytest

from pnp.games.caravan import engine as C
from pnp.model.variant import Variant

from caravan_states import arrange, game, gid, play, sp, state  # noqa: F401 (game, state: fixtures)


def test_two_deliveries_of_one_good_count_two_and_score_twice(state):
    # two salts on (4,5), an unladen camel on (4,4) and one on the salt city (4,3): one group
    arrange(state, camels={0: [((4, 5), "salt"), ((4, 5), "salt"), ((4, 4), None), ((4, 3), None)]},
            board={1: "meat", 2: "meat", 3: "meat", 4: "meat", 6: "meat", 7: "meat"})
    salt = gid(state, "salt")
    before = state.stats()["deliveries"]
    play(state, (C.K_SHIFT, 0, sp(state, 4, 3)))
    assert state.delivered[0][salt] == 1 and state.stats()["deliveries"] == before + 1
    play(state, (C.K_SHIFT, 1, sp(state, 4, 3)))
    assert state.delivered[0][salt] == 2 and state.stats()["deliveries"] == before + 2
    assert state.score(0) == 2 * 3                   # common good: 3 points each
    assert state.stats()["max_delivered_good"] == 2
    assert state.actions_left == 2                   # 4 actions, two moves of a good


def test_each_theft_is_counted(game):
    st = C.new_game(game, Variant(3), seed=5)
    arrange(st, camels={0: [((5, 3), None), ((5, 4), None)], 1: [((5, 3), "gems")], 2: [((5, 3), None)]})
    before = st.stats()["steals"]
    play(st, (C.K_STEAL, 1, 0))
    assert st.stats()["steals"] == before + 1
    assert st.stats()["max_theft_held"] == 2          # the victim now holds two markers
    # moved along player 0's group to (5,4), where player 1 has a camel, it can be stolen back
    arrange(st, cur=0, camels={0: [((5, 3), "gems", True), ((5, 4), None)], 1: [((5, 4), None)]}, theft=[0, 2, 1])
    play(st, (C.K_SHIFT, 0, sp(st, 5, 4)))
    st.cur = 1
    play(st, (C.K_STEAL, 0, 1))
    assert st.stats()["steals"] == before + 2 and st.theft == [1, 1, 1]


def test_the_ending_delivery_spends_no_action_and_passes_no_turn(state):
    # the bag is empty and player 1 has ONE action left: the delivery ends the game before the
    # action is paid, so the turn does not pass to player 2.
    arrange(state, camels={1: [((2, 4), "meat"), ((2, 3), None)], 2: [((3, 3), "swords"), ((3, 4), None)]},
            board={1: "salt", 2: "salt", 3: "salt", 4: "salt"}, bag={}, cur=1, actions=1, demand_held=[0, 2, 0],
            rest_to=0)
    turns = state.turns()
    play(state, (C.K_SHIFT, 0, sp(state, 2, 3)))
    assert state.is_terminal() and state.ended_by == C.END_DELIVERY
    assert (state.cur, state.actions_left, state.turns()) == (1, 1, turns)


def test_penalties_count_every_seat_that_holds_goods_at_the_end(game):
    # seats 0 and 1 each end holding 2 goods: 2 held costs 1 point (seed table 0, 0, 1, 3, 6)
    st = C.new_game(game, Variant(3), seed=2)
    arrange(st, camels={0: [((0, 1), "meat"), ((0, 2), "salt")], 1: [((1, 1), "meat"), ((1, 2), "salt")]},
            delivered={0: {"gems": 1}, 1: {}, 2: {}})
    st._game_over(C.END_STALEMATE)
    assert st.penalties == {"held_2": 2}
    assert st.scores[:2] == [6 - 1, 0 - 1]


def test_a_turn_in_which_a_camel_moved_is_no_stalemate(game):
    # C10: only turns in which nobody could act count.  Seat 0 has one camel in reserve and one
    # action: it lays the camel (its last action ends the turn); seat 1 cannot act.
    from test_caravan_rules import _every_camel_laden
    state = C.new_game(game, Variant(2), seed=11)
    camels = _every_camel_laden(state)
    camels[0][0] = (None, None)
    arrange(state, camels=camels, bag={}, board={}, cur=0, actions=1)
    lay = next(m for m in state.legal_moves() if m[0] == C.K_CAMEL)
    play(state, lay)
    play(state, next(m for m in state.legal_moves() if m[0] == C.K_TO))
    assert state.cur == 1 and state.passes == 0
    play(state, (C.K_END,))
    assert state.passes == 1 and not state.is_terminal()
