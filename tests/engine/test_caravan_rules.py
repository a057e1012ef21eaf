"""Caravan's rules on hand-made states: set-up, turns, camels, pick-up, chains, theft,
refill, the end, scoring, penalties and ties (seed and ENGINE-DECISIONS.md C1-C17)."""

from __future__ import annotations

import pytest

from pnp.games.caravan import engine as C
from pnp.engine.core import RuleGap
from pnp.model.variant import Variant

from caravan_states import arrange, game, gid, place, play, sp, state  # noqa: F401 (game, state: fixtures)


# ---------------------------------------------------------------------------- set-up and turns
@pytest.mark.parametrize("variant, goods, camels", [(Variant(4), 48, 5), (Variant(2, "short"), 32, 5),
                                                    (Variant(3, "intro"), 48, 6)])
def test_setup_fills_the_supply_spaces_and_marks_the_corners(game, variant, goods, camels):
    st = C.new_game(game, variant, seed=3)
    assert min(st.board) >= 0 and st.on_board == 8 and st.bag_size == goods - 8
    assert st.demand == [1, 1, 0, 0, 0, 0, 1, 1]  # seed: spaces 1, 2, 7 and 8
    assert st.demand_free == 44 - 4 and st.theft == [1] * variant.players
    assert st.ncamels == camels and all(p == [-1] * camels for p in st.pos)
    assert (st.cur, st.actions_left, st.turns()) == (0, 1, 1)
    st.check_invariants()


def test_opening_turns_have_1_2_3_then_4_actions(state):
    seen = []
    for turn in range(1, 7):
        seen.append((state.cur, state.actions_left))
        play(state, *place(state, None, (1, turn)))  # one camel each turn, then end it
        if state.turns() == turn:
            play(state, (C.K_END,))
        assert state.turns() == turn + 1
    assert seen == [(0, 1), (1, 2), (2, 3), (0, 4), (1, 4), (2, 4)]


def test_balanced_short_game_gives_later_seats_more_first_turn_actions(game):
    """The optional balanced set-up (game.yaml ``setups.balanced``): the short
    game's bag, and seats 2 and 3 take one action more in the first round only."""
    setup = game.setup("balanced")
    assert dict(setup.first_turn_bonus) == {3: (0, 1, 1), 4: (0, 1, 1, 1)}
    assert dict(setup.removed) == dict(game.setup("short").removed)
    st = C.new_game(game, Variant(3, "balanced"), seed=11)
    assert st.bag_size == 32 - 8 and st.bonus == (0, 1, 1)
    seen = []
    for turn in range(1, 7):
        seen.append((st.cur, st.actions_left))
        play(st, *place(st, None, (1, turn)))
        if st.turns() == turn:
            play(st, (C.K_END,))
    assert seen == [(0, 1), (1, 3), (2, 4), (0, 4), (1, 4), (2, 4)]
    # the seed's short game is unchanged
    assert C.new_game(game, Variant(3, "short"), seed=11).bonus == ()


def test_a_turn_ends_when_its_actions_are_spent(state):
    arrange(state, cur=1, actions=2)
    play(state, *place(state, None, (1, 1)), *place(state, None, (1, 2)))
    assert state.cur == 2 and state.actions_left == 4 and state.turns() == 10


# ---------------------------------------------------------------------------- camels
def test_camel_costs_one_into_an_empty_space_and_two_into_an_occupied_one(state):
    arrange(state, camels={0: [((1, 1), None)], 1: [((2, 2), None)]}, actions=3)
    play(state, *place(state, None, (1, 2)))
    assert state.actions_left == 2
    play(state, *place(state, None, (2, 2)))  # a rival's camel there: 2 more
    assert state.cur == 1 and state.turns() == 10  # 3 actions spent: the turn passed
    arrange(state, camels={0: [((1, 1), None)]}, actions=1)
    play(state, (C.K_CAMEL, -1))
    dests = {m[1] for m in state.legal_moves()}
    assert sp(state, 1, 1) not in dests and sp(state, 1, 2) in dests  # own camel there: 2 actions


def test_laden_camels_do_not_move_and_moving_keeps_space_counts(state):
    arrange(state, camels={0: [((1, 4), "salt"), ((1, 5), None)]})
    assert (C.K_CAMEL, sp(state, 1, 4)) not in state.legal_moves()
    play(state, *place(state, (1, 5), (5, 5)))
    assert state.pos[0][:2] == [sp(state, 1, 4), sp(state, 5, 5)]
    assert state.occ[sp(state, 1, 5)] == 0 and state.occ[sp(state, 5, 5)] == 1


def test_a_player_with_every_camel_laden_can_only_end_his_turn(game):
    st = C.new_game(game, Variant(2, "short"), seed=1)
    arrange(st, camels={0: [((0, 1), g) for g in ("meat", "salt", "salt", "hides", "meat")]}, board={1: "swords"})
    assert st.legal_moves() == [(C.K_END,)]  # C11


# ---------------------------------------------------------------------------- pick up
def test_pick_up_takes_the_good_and_its_demand_markers(state):
    arrange(state, camels={0: [((0, 0), None)]}, board={1: "ivory", 2: "meat", 3: "salt", 4: "gems",
                                                           5: "cloth", 6: "paper"}, demand={1: 2, 2: 1})
    play(state, (C.K_PICK, sp(state, 0, 0)))
    assert state.load[0][0] == gid(state, "ivory") and state.board[0] == -1
    assert state.demand_held[0] == 2 and state.demand[0] == 0 and state.actions_left == 3
    assert (C.K_PICK, sp(state, 0, 0)) not in state.legal_moves()  # nothing left there


# ---------------------------------------------------------------------------- chains and delivery
def test_a_good_moves_along_a_chain_and_is_delivered_at_its_city(state):
    # salt on supply 5 (4,5); camels on (4,4) and on the salt city (4,3): one group
    arrange(state, camels={0: [((4, 5), "salt"), ((4, 4), None), ((4, 3), None), ((0, 5), None)]},
            board={1: "meat", 2: "meat", 3: "meat", 4: "meat", 6: "meat", 7: "meat"})
    moves = state.legal_moves()
    assert (C.K_SHIFT, 0, sp(state, 4, 3)) in moves and (C.K_SHIFT, 0, sp(state, 4, 4)) in moves
    assert (C.K_SHIFT, 0, sp(state, 0, 5)) not in moves  # not connected
    play(state, (C.K_SHIFT, 0, sp(state, 4, 3)))
    assert state.delivered[0][gid(state, "salt")] == 1 and state.load[0][:3] == [-1, -1, -1]
    assert state.score(0) == 3 and state.actions_left == 3


def test_diagonal_camels_are_not_a_group_and_other_cities_do_not_take_a_good(state):
    arrange(state, camels={0: [((4, 5), "salt"), ((3, 4), None), ((5, 4), None)]})
    assert not any(m[0] == C.K_SHIFT for m in state.legal_moves())  # (3,4) and (5,4) touch (4,5) only diagonally
    arrange(state, camels={0: [((3, 5), "salt"), ((3, 4), None)]})  # (3,4) is the swords city
    play(state, (C.K_SHIFT, 0, sp(state, 3, 4)))
    assert state.load[0][1] == gid(state, "salt") and sum(state.delivered[0]) == 0


def test_groups_are_found_again_only_when_the_players_camels_moved(state):
    """``_groups`` is cached per player with his camels' spaces: a rival's camel move keeps
    it, his own move (or positions set by hand) finds the new groups."""
    arrange(state, cur=1, camels={0: [((4, 5), "salt"), ((4, 4), None), ((0, 5), None)], 1: [(None, None)]})
    before = state._groups(0)

    def groups(label):  # the groups as sets of cells
        return {frozenset(divmod(t, state.T.columns) for t, lab in label.items() if lab == g) for g in label.values()}

    assert groups(before) == {frozenset({(4, 5), (4, 4)}), frozenset({(0, 5)})}
    play(state, *place(state, None, (6, 6)))          # player 1 places a camel
    assert state._groups(0) is before
    state.pos[0][2] = sp(state, 4, 3)                 # player 0's camel on (0,5) now joins the group
    assert groups(state._groups(0)) == {frozenset({(4, 5), (4, 4), (4, 3)})}


# ---------------------------------------------------------------------------- theft
def test_steal_and_re_steal(game):
    st = C.new_game(game, Variant(3), seed=5)
    # player 1 carries gems on (5,3); player 0 has an unladen camel there and (5,4) beside it
    arrange(st, camels={0: [((5, 3), None), ((5, 4), None)], 1: [((5, 3), "gems")], 2: [((5, 3), None)]})
    play(st, (C.K_STEAL, 1, 0))
    assert st.load[0][0] == gid(st, "gems") and st.locked[0][0] and st.load[1][0] == -1
    assert st.theft == [0, 2, 1]  # the marker passed to the victim
    # player 2 (marker, unladen camel on the space) cannot steal it before it moves
    arrange(st, cur=2, camels={0: [((5, 3), "gems", True), ((5, 4), None)], 1: [((5, 3), None)],
                               2: [((5, 3), None)]}, theft=[0, 2, 1])
    assert not any(m[0] == C.K_STEAL for m in st.legal_moves())
    with pytest.raises(RuleGap):
        st.apply((C.K_STEAL, 0, 0))
    # once player 0 moves it along his group it can be stolen again
    arrange(st, cur=0, camels={0: [((5, 3), "gems", True), ((5, 4), None)], 1: [((5, 4), None)]}, theft=[0, 2, 1])
    play(st, (C.K_SHIFT, 0, sp(st, 5, 4)))
    assert st.load[0][1] == gid(st, "gems") and not st.locked[0][1]
    st.cur = 1
    play(st, (C.K_STEAL, 0, 1))
    assert st.load[1][0] == gid(st, "gems") and st.theft == [1, 1, 1]


def test_no_steal_without_a_theft_marker_or_from_oneself(state):
    arrange(state, camels={0: [((2, 2), None), ((2, 2), "meat")], 1: [((2, 2), "salt")]}, theft=[0, 2, 1])
    assert not any(m[0] == C.K_STEAL for m in state.legal_moves())
    arrange(state, camels={0: [((2, 2), None), ((2, 2), "meat")], 1: [((2, 2), "salt")]})
    assert [m for m in state.legal_moves() if m[0] == C.K_STEAL] == [(C.K_STEAL, 1, 0)]


# ---------------------------------------------------------------------------- refill and end
def test_refill_at_four_goods_marks_them_and_draws_in_numeric_order(state):
    arrange(state, camels={0: [((2, 1), None)]},
            board={1: "meat", 2: "salt", 3: None, 4: "hides", 5: None, 6: "gems", 7: None, 8: "paper"},
            demand={1: 1, 8: 2}, bag={"swords": 4, "cloth": 1})
    play(state, (C.K_PICK, sp(state, 2, 1)))  # leaves 4 goods: 1, 2, 6, 8
    assert state.counters["refills"] == 1
    assert [state.demand[k] for k in (0, 1, 5, 7)] == [2, 1, 1, 3]  # one more on each remaining good
    assert all(state.board[k] >= 0 for k in (2, 3, 4, 6))  # spaces 3, 4, 5, 7 refilled
    assert state.bag_size == 1 and not state.end_triggered
    assert state.max_demand_in_use == 44 - state.demand_free


def test_refill_short_of_goods_fills_the_lowest_numbers_and_triggers_the_end(state):
    arrange(state, camels={0: [((0, 0), None)]},
            board={1: "meat", 2: "salt", 3: "hides", 4: "gems", 5: "paper"}, bag={"cloth": 2})
    play(state, (C.K_PICK, sp(state, 0, 0)))
    assert state.board[0] == gid(state, "cloth") and state.board[5] == gid(state, "cloth")
    assert state.board[6:] == [-1, -1] and state.bag_size == 0 and state.end_triggered
    # the bag is empty: the next pick-up to 4 goods brings no refill and no demand markers
    arrange(state, camels={0: [((0, 6), None)]}, board={2: "salt", 3: "hides", 4: "gems", 5: "paper", 6: "cloth"},
            bag={})
    play(state, (C.K_PICK, sp(state, 0, 6)))
    assert state.counters["refills"] == 1 and state.on_board == 4 and sum(state.demand) == 0


def test_the_next_delivery_after_the_bag_runs_out_ends_the_game_at_once(state):
    arrange(state, camels={1: [((2, 4), "meat"), ((2, 3), None)], 2: [((3, 3), "swords"), ((3, 4), None)]},
            board={1: "salt", 2: "salt", 3: "salt", 4: "salt"}, bag={}, cur=1, actions=4, demand_held=[0, 2, 0],
            rest_to=0)
    assert state.end_triggered
    play(state, (C.K_SHIFT, 0, sp(state, 2, 3)))
    assert state.is_terminal() and state.ended_by == C.END_DELIVERY and state.cur == 1  # mid-turn
    # player 1: meat 3 + 2 markers; player 2: nothing delivered, 1 good held (no penalty);
    # player 0 holds the goods the arrangement parked as delivered (rest_to)
    assert state.scores[1] == 5 and state.scores[2] == 0 and state.winner() == 0
    assert state.legal_moves() == []


def test_turns_passed_by_choice_are_no_stalemate(state):
    """C10: three players who could act but pass do not end the game 0-0-0."""
    arrange(state, camels={0: [((0, 1), "meat")]}, cur=0)
    play(state, (C.K_END,), (C.K_END,), (C.K_END,), (C.K_END,))
    assert not state.is_terminal() and state.passes == 0


def _every_camel_laden(state):
    """Every camel of every seat laden, each on its own desert cell (a theft needs an unladen camel)."""
    T = state.T
    cities_and_supply = {(2, 3), (3, 4), (4, 3), (3, 2), (0, 3), (3, 6), (6, 3), (3, 0),
                         (0, 0), (0, 6), (1, 4), (2, 1), (4, 5), (5, 2), (6, 0), (6, 6)}
    cells = [(r, c) for r in range(T.rows) for c in range(T.columns) if (r, c) not in cities_and_supply]
    goods = [g for g in T.goods for _ in range(2)]
    camels, i = {}, 0
    for seat in range(state.players):
        camels[seat] = []
        for _ in range(state.ncamels):
            camels[seat].append((cells[i], goods[i % len(goods)]))
            i += 1
    return camels


def test_a_round_in_which_nobody_can_act_is_a_stalemate(game):
    """C10: a full round of turns in which no player can act (every camel laden: no camel
    to steal with) ends the game at once, scored as usual."""
    state = C.new_game(game, Variant(2), seed=11)
    arrange(state, camels=_every_camel_laden(state), bag={}, board={}, cur=0)
    assert state.legal_moves() == [(C.K_END,)]
    play(state, (C.K_END,))
    assert not state.is_terminal() and state.legal_moves() == [(C.K_END,)]
    play(state, (C.K_END,))
    assert state.is_terminal() and state.ended_by == C.END_STALEMATE and state.winner() is not None


def test_a_turn_passed_by_choice_restarts_the_stalemate_count(game):
    state = C.new_game(game, Variant(2), seed=11)
    camels = _every_camel_laden(state)
    camels[1][0] = (camels[1][0][0], None)  # seat 1 has one unladen camel: it could act
    arrange(state, camels=camels, bag={}, board={}, cur=0)
    play(state, (C.K_END,))  # seat 0 cannot act: counts
    assert state.passes == 1
    play(state, (C.K_END,))  # seat 1 passes by choice: the count starts again
    assert state.passes == 0 and not state.is_terminal()


# ---------------------------------------------------------------------------- scoring
def test_scores_penalties_and_ties(game):
    st = C.new_game(game, Variant(4), seed=2)
    arrange(st, camels={0: [((0, 1), "meat"), ((0, 2), "salt")],                         # 2 held: -1
                        1: [((1, 1), "meat"), ((1, 2), "salt"), ((1, 3), "hides")],       # 3 held: -3
                        2: [((2, 0), "meat"), ((4, 0), "salt"), ((5, 0), "hides"), ((5, 1), "meat")]},  # 4: -6
            delivered={0: {"ivory": 1, "salt": 1}, 1: {"gems": 2}, 2: {"paper": 2, "cloth": 1}, 3: {}},
            demand_held=[3, 2, 1, 0])
    assert [st.score(p) for p in range(4)] == [6 + 3 + 3 - 1, 12 + 2 - 3, 18 + 1 - 6, 0]
    assert game.rules.penalties[:5] == (0, 0, 1, 3, 6)
    st._game_over(C.END_STALEMATE)
    assert st.scores == [11, 11, 13, 0] and st.winner() == 2
    assert st.penalties == {"held_2": 1, "held_3": 1, "held_4": 1}
    # a tie on score goes to the player who delivered more goods
    arrange(st, delivered={0: {"gems": 1}, 1: {"meat": 2}, 2: {}, 3: {}})
    st._game_over(C.END_STALEMATE)
    assert st.scores[:2] == [6, 6] and st.winner() == 1 and st.counters["shared_wins"] == 0
    # still tied: a shared win, credited to one of them
    arrange(st, delivered={0: {"meat": 1}, 1: {"salt": 1}, 2: {}, 3: {}})
    st._game_over(C.END_STALEMATE)
    assert st.winner() in (0, 1) and st.counters["shared_wins"] == 1


def test_penalties_beyond_the_seed_table_continue_the_series(game):
    assert game.rules.penalty(5) == 10 and game.rules.penalty(6) == 15  # C9
    assert [game.rules.actions(t) for t in (1, 2, 3, 4, 40)] == [1, 2, 3, 4, 4]  # C1


def test_moving_a_stolen_good_to_a_camel_on_the_same_space_lifts_its_protection(state):
    arrange(state, camels={0: [((5, 3), "gems", True), ((5, 3), None)], 1: [((5, 3), None)]}, theft=[0, 2, 1])
    play(state, (C.K_SHIFT, 0, sp(state, 5, 3)))  # C5: it moved, though it stays on the space
    assert state.load[0][:2] == [-1, gid(state, "gems")] and state.locked[0] == [False] * 5
    state.cur = 1
    assert (C.K_STEAL, 0, 1) in state.legal_moves()


# ---------------------------------------------------------------------------- the heuristic player
def test_heuristic_delivers_when_it_can(state):
    from pnp.games.caravan import bot as caravan_bot

    arrange(state, camels={0: [((4, 5), "salt"), ((4, 4), None), ((4, 3), None), (None, None)]})
    moves = state.legal_moves()
    assert caravan_bot.choose(state, moves, None) == (C.K_SHIFT, 0, sp(state, 4, 3))


def test_heuristic_lays_a_camel_towards_the_city_and_places_it_there(state):
    from pnp.games.caravan import bot as caravan_bot

    # salt at (4,5), city (4,3): the caravan's front is the good itself; a reserve camel goes
    # one step closer, to (4,4), in two decisions (choose the camel, then the space)
    arrange(state, camels={0: [((4, 5), "salt")]}, actions=2)
    first = caravan_bot.choose(state, state.legal_moves(), None)
    assert first == (C.K_CAMEL, -1)
    play(state, first)
    second = caravan_bot.choose(state, state.legal_moves(), None)
    assert second == (C.K_TO, sp(state, 4, 4))
    play(state, second)
    # the last action: the next camel onto the salt city, completing the chain
    play(state, caravan_bot.choose(state, state.legal_moves(), None))
    play(state, caravan_bot.choose(state, state.legal_moves(), None))
    assert state.pos[0][:3] == [sp(state, 4, 5), sp(state, 4, 4), sp(state, 4, 3)] and state.cur == 1
