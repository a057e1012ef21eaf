"""Each engine's ``check_invariants`` tested from the failing side.

A state reached by seeded random legal moves passes the check; then each kind of corruption
the check's docstring claims to detect is put into a copy of it, and the check must raise
``InvariantViolation`` naming it.  (An engine whose check did nothing passed every other
engine test.)
"""

from __future__ import annotations

import copy
import random

import pytest

from pnp.engine.core import InvariantViolation
from pnp.games.caravan import engine as CV
from pnp.games.caravan_chessboard import engine as CB
from pnp.games.samarkand import engine as SK
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.variant import Variant


def advance(state, seed: int, moves: int, ok=lambda s: True):
    """Play up to ``moves`` seeded random legal moves, stopping at the last state ``ok`` accepts
    after at least half of them (so the corruptions hit a game under way, not a set-up)."""
    rng = random.Random(seed)
    for n in range(moves):
        if n >= moves // 2 and ok(state) and not state.is_terminal():
            break
        state.apply(rng.choice(state.legal_moves()))
        state.check_invariants()
    assert ok(state) and not state.is_terminal()
    return state


def copied(state):
    """A deep copy of ``state`` sharing its read-only game tables ``T``."""
    return copy.deepcopy(state, {id(state.T): state.T})


def corrupted(state, change):
    broken = copied(state)
    change(broken)
    return broken


# --------------------------------------------------------------------------- Samarkand
@pytest.fixture(scope="module")
def samarkand():
    game = load_game("samarkand", data_dir())
    return advance(SK.new_game(game, 3, seed=5), seed=5, moves=40, ok=lambda s: s.phase == SK.PH_MOVE)


def _sk_lose_card(s):
    g = next(g for g in range(s.T.G) if s.deck[g] > 0)
    s.deck[g] -= 1
    s.deck_size -= 1


def _sk_pile_owes_a_card(s):
    g = 0
    s.deck[g] += s.pile[g] + 1      # the deck holds the pile's cards and one more ...
    s.deck_size += s.pile[g] + 1
    s.pile[g] = -1                  # ... that the pile owes: the good's total stays right


def _sk_chips_together(s):
    s.chips = [0, 0]


def _sk_rich_and_playing(s):
    extra = s.T.rules.target_money - s.money[0]
    s.money[0] += extra
    s.paid_out += extra     # accounted for: only the unfinished game is wrong


SAMARKAND_CORRUPTIONS = {
    "a card lost": (_sk_lose_card, "cards in play, the deck has"),
    "deck size out of step": (lambda s: setattr(s, "deck_size", s.deck_size + 1), "deck size"),
    "hand size out of step": (lambda s: s.hs.__setitem__(0, s.hs[0] + 1), "hand size"),
    "field size out of step": (lambda s: s.fsize.__setitem__(0, s.fsize[0] + 1), "field 0"),
    "money from nowhere": (lambda s: s.money.__setitem__(1, s.money[1] + 5), "paid out"),
    "negative money": (lambda s: s.money.__setitem__(1, -1), "negative money"),
    "a negative card count": (_sk_pile_owes_a_card, "negative count"),
    "two chips on one slot": (_sk_chips_together, "chips on"),
    "a figure off the board": (lambda s: s.pos.__setitem__(0, -1), "off the board"),
    "a winner still playing": (_sk_rich_and_playing, "and the game goes on"),
}


@pytest.mark.parametrize("kind", SAMARKAND_CORRUPTIONS)
def test_samarkand_check_catches(samarkand, kind):
    change, message = SAMARKAND_CORRUPTIONS[kind]
    samarkand.check_invariants()
    with pytest.raises(InvariantViolation, match=message):
        corrupted(samarkand, change).check_invariants()


# ----------------------------------------------------------------------------- Caravan
@pytest.fixture(scope="module")
def caravan():
    game = load_game("caravan", data_dir())
    return advance(CV.new_game(game, Variant(3), seed=11), seed=11, moves=30,
                   ok=lambda s: s.phase == CV.PH_ACT and any(d for d in s.demand)
                   and any(p < 0 for p in s.pos[s.cur]) and any(g < 0 for g in s.load[s.cur]))


def _cv_empty_supply_with_demand(s):
    k = next(k for k, d in enumerate(s.demand) if d)
    s.bag[s.board[k]] += 1          # the good goes back to the bag: counts stay right
    s.bag_size += 1
    s.board[k] = -1
    s.on_board -= 1


def _cv_reserve_camel_laden(s):
    p = s.cur
    i = next(i for i, (pos, g) in enumerate(zip(s.pos[p], s.load[p])) if pos < 0 and g < 0)
    g = next(g for g in range(s.T.G) if s.bag[g] > 0)
    s.bag[g] -= 1
    s.bag_size -= 1
    s.load[p][i] = g


def _cv_locked_empty(s):
    p = s.cur
    i = next(i for i, g in enumerate(s.load[p]) if g < 0)
    s.locked[p][i] = True


def _cv_lose_good(s):
    g = next(g for g in range(s.T.G) if s.bag[g] > 0)
    s.bag[g] -= 1
    s.bag_size -= 1


CARAVAN_CORRUPTIONS = {
    "a good lost": (_cv_lose_good, "the game has"),
    "demand on an empty supply space": (_cv_empty_supply_with_demand, "demand markers on empty supply space"),
    "a laden camel off the board": (_cv_reserve_camel_laden, "off the board"),
    "a locked empty camel": (_cv_locked_empty, "locked camel that carries nothing"),
    "camel counts out of step": (lambda s: s.occ.__setitem__(0, s.occ[0] + 1), "camel counts per space"),
    "bag size out of step": (lambda s: setattr(s, "bag_size", s.bag_size + 1), "bag size"),
    "a demand marker from nowhere": (lambda s: setattr(s, "demand_free", s.demand_free + 1), "demand markers: supply"),
    "a theft marker from nowhere": (lambda s: s.theft.__setitem__(0, s.theft[0] + 1), "theft markers"),
    "end trigger with goods in the bag": (lambda s: setattr(s, "end_triggered", True), "end trigger"),
    "no actions left in a live turn": (lambda s: setattr(s, "actions_left", 0), "actions left in a live turn"),
}


@pytest.mark.parametrize("kind", CARAVAN_CORRUPTIONS)
def test_caravan_check_catches(caravan, kind):
    change, message = CARAVAN_CORRUPTIONS[kind]
    caravan.check_invariants()
    with pytest.raises(InvariantViolation, match=message):
        corrupted(caravan, change).check_invariants()


# ------------------------------------------------------------------ CARAVAN on a chessboard
@pytest.fixture(scope="module")
def chessboard():
    game = load_game("caravan-chessboard", data_dir())
    return advance(CB.new_game(game, 2, seed=3), seed=3, moves=60,
                   ok=lambda s: s.phase == CB.PH_MOVE and s.deck_n >= s.T.caravan_limit + 1 and not s.pending)


def _cb_full_check(change):
    """A corruption of what only the once-a-turn part checks: force that part to run."""
    def run(s):
        change(s)
        s.checked_turn = -1
    return run


def _cb_swap_type(s):
    a = next(t for t in range(s.T.T) if s.deck[t] > 0)
    b = next(t for t in range(s.T.T) if t != a)
    s.deck[a] -= 1
    s.deck[b] += 1              # sizes and the card total stay right; two types' totals do not


def _cb_deck_to_pile(s):
    t = next(t for t in range(s.T.T) if s.deck[t] > 0)
    s.deck[t] -= 1
    s.pile[t] += 1              # deck_n / pile_n not told


def _cb_big_caravan(s):
    k = s.T.caravan_limit + 1 - s.car_n[0]
    s.car_n[0] += k
    s.deck_n -= k


def _cb_big_hand(s):
    k = s.T.hand_limit + 1 - s.hand_n[0]
    s.hand_n[0] += k
    s.deck_n -= k


def _cb_pawn_moved_off_its_square(s):
    s.occ[s.pos[0]] = -1


CHESSBOARD_CORRUPTIONS = {
    "a card from nowhere": (lambda s: setattr(s, "deck_n", s.deck_n + 1), "cards over deck, discard, hands"),
    "a caravan over its limit": (_cb_big_caravan, "a caravan of"),
    "a hand over its limit after the draw": (_cb_big_hand, "cards in a hand after the draw phase"),
    "gold from nowhere": (lambda s: s.gold.__setitem__(0, s.gold[0] + 1), "players hold"),
    "one type's card turned into another": (_cb_full_check(_cb_swap_type), "cards over deck, discard, hands and caravans"),
    "deck and discard sizes out of step": (_cb_full_check(_cb_deck_to_pile), "deck or discard size differs"),
    "a pawn the board does not show": (_cb_full_check(_cb_pawn_moved_off_its_square), "the board says"),
    "a pawn on quicksand": (_cb_full_check(lambda s: s.quick.__setitem__(s.pos[0], True)), "stands on quicksand"),
    "move lists' board out of step": (_cb_full_check(lambda s: setattr(s, "blocked_bits", s.blocked_bits ^ 1)),
                                      "move lists' copy"),
}


@pytest.mark.parametrize("kind", CHESSBOARD_CORRUPTIONS)
def test_chessboard_check_catches(chessboard, kind):
    change, message = CHESSBOARD_CORRUPTIONS[kind]
    fresh = copied(chessboard)
    fresh.checked_turn = -1
    fresh.check_invariants()            # the uncorrupted state passes the full check
    with pytest.raises(InvariantViolation, match=message):
        corrupted(chessboard, change).check_invariants()
