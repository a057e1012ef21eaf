"""One test per space type, movement choice and penalty, on hand-made states.

Board facts used (data/samarkand/board.yaml): camp-n3 -> oasis-ne, samarkand;
oasis-nw -> camp-n1 -> camp-n2 -> camp-n3; camp-s1 -> oasis-sw, khiva; khiva -> oasis-c2,
camp-w2; arrows into camp-e2: only from camp-e1; into samarkand: camp-n3, merv.
"""

from __future__ import annotations

import random

import pytest

from pnp.games.samarkand import engine as S
from pnp.engine.core import RuleGap

from samarkand_states import FixedRoll, apply_checked, arrange, gid, sid

BACK = 5  # index of the 'back' face in data's die faces [1, 2, 3, 4, 5, back]


@pytest.fixture
def state(game):
    assert game.die_faces[BACK] == "back"
    return S.new_game(game, 3, seed=7)


# ---------------------------------------------------------------------------- setup
def test_setup_deals_hands_and_fields(game):
    st = S.new_game(game, 2, seed=3)
    r = game.rules
    assert st.hs == [r.hand_size, r.hand_size]
    assert st.fsize == [r.field_start_cards] * 10
    assert st.deck_size == sum(game.deck(2).values()) - 2 * r.hand_size - 10 * r.field_start_cards == 72 - 34
    assert sorted(st.markets) == sorted(st.T.tokens) and len(st.markets) == 8
    assert st.chips == [-1, -1] and st.money == [200, 200]
    st.check_invariants()
    for p in range(2):  # placing is not entering: no action, no turn
        apply_checked(st, (S.K_PLACE, sid(st, "khiva")))
    assert st.phase == S.PH_MOVE and st.cur == 0 and st.turns() == 1


# ---------------------------------------------------------------------------- movement
def test_free_step_follows_the_arrows_and_die_costs_money(state):
    arrange(state, pos={0: "camp-n3"}, money={0: 200})
    moves = state.legal_moves()
    assert moves == [(S.K_STEP, sid(state, "oasis-ne")), (S.K_STEP, sid(state, "samarkand")), (S.K_DIE,)]
    arrange(state, pos={0: "camp-n3"}, money={0: 4})
    assert (S.K_DIE,) not in state.legal_moves()  # D7: cannot pay the die


def test_die_two_with_branches_offers_every_end_space(state):
    arrange(state, pos={0: "camp-n3"}, money={0: 100})
    state.rng = FixedRoll(1, state.rng)  # face index 1 = two spaces
    apply_checked(state, (S.K_DIE,))
    assert state.money[0] == 100 - state.T.rules.die_cost
    # camp-n3 -> oasis-ne -> camp-e1 ; camp-n3 -> samarkand -> oasis-c1 | camp-e1
    assert sorted(state.legal_moves()) == sorted([(S.K_GOTO, sid(state, "camp-e1")), (S.K_GOTO, sid(state, "oasis-c1"))])


def test_die_back_face_moves_against_an_arrow(state):
    arrange(state, pos={0: "samarkand"}, money={0: 100})
    state.rng = FixedRoll(BACK, state.rng)
    apply_checked(state, (S.K_DIE,))
    assert sorted(state.legal_moves()) == sorted([(S.K_GOTO, sid(state, "camp-n3")), (S.K_GOTO, sid(state, "merv"))])


def test_die_ending_on_a_camp_gives_no_extra_step(state):
    arrange(state, pos={0: "camp-e2"}, money={0: 100}, hands={0: {"grain": 2}}, fields={"camp-e1": {"fruit": 1}})
    state.rng = FixedRoll(BACK, state.rng)  # the only arrow into camp-e2 comes from camp-e1
    apply_checked(state, (S.K_DIE,))
    apply_checked(state, (S.K_GOTO, sid(state, "camp-e1")))
    apply_checked(state, (S.K_GIFT, gid(state, "grain")))
    kinds = {m[0] for m in state.legal_moves()}
    assert S.K_EXTRA not in kinds and S.K_TRADE in kinds and S.K_END in kinds


def test_free_step_into_camps_chains_extra_steps(state):
    arrange(state, pos={0: "oasis-nw"}, hands={0: {"grain": 3}},
            fields={"camp-n1": {"fruit": 1}, "camp-n2": {"fruit": 1}, "camp-n3": {"copper": 1}})
    apply_checked(state, (S.K_STEP, sid(state, "camp-n1")))
    assert state.phase == S.PH_GIFT
    apply_checked(state, (S.K_GIFT, gid(state, "grain")))
    assert (S.K_EXTRA, sid(state, "camp-n2")) in state.legal_moves()
    apply_checked(state, (S.K_EXTRA, sid(state, "camp-n2")))
    apply_checked(state, (S.K_GIFT, gid(state, "grain")))
    apply_checked(state, (S.K_EXTRA, sid(state, "camp-n3")))  # repeatable
    apply_checked(state, (S.K_GIFT, gid(state, "grain")))
    assert state.hs[0] == 0 and state.pos[0] == sid(state, "camp-n3")
    assert state.fields[state.T.camp_of[sid(state, "camp-n1")]][gid(state, "grain")] == 1
    apply_checked(state, (S.K_END,))
    assert state.cur == 1 and state.phase == S.PH_MOVE


# ---------------------------------------------------------------------------- nomad camps
def test_camp_gift_then_trades_and_no_extra_step_after_trading(state):
    arrange(state, pos={0: "camp-s2"}, hands={0: {"copper": 1, "carpets": 1, "fruit": 1}},
            fields={"camp-s1": {"jewels": 2, "grain": 1}})
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    apply_checked(state, (S.K_GIFT, gid(state, "fruit")))
    c = state.T.camp_of[sid(state, "camp-s1")]
    assert state.fsize[c] == 4 == state.T.capacity[c]  # the seed's example: now full
    apply_checked(state, (S.K_TRADE, gid(state, "copper"), gid(state, "jewels")))
    assert not any(m[0] == S.K_EXTRA for m in state.legal_moves())
    apply_checked(state, (S.K_TRADE, gid(state, "carpets"), gid(state, "jewels")))
    assert state.hands[0][gid(state, "jewels")] == 2 and state.hs[0] == 2
    assert state.fields[c] == [1, 1, 1, 1, 0, 0]  # grain, fruit, copper, carpets
    apply_checked(state, (S.K_END,))
    # the next player to enter buys the full field for 10 and gives no gift
    arrange(state, cur=1, pos={1: "camp-s2"}, money={1: 50}, hands={1: {"camels": 1}},
            fields={"camp-s1": {"grain": 1, "fruit": 1, "copper": 1, "carpets": 1}})
    deck_before = state.deck_size
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    assert state.money[1] == 40 and state.hs[1] == 5 and state.hands[1][gid(state, "grain")] == 1
    assert state.fsize[c] == state.T.rules.field_start_cards and state.deck_size == deck_before - 2
    assert state.cur == 2 and state.phase == S.PH_MOVE  # D4: no gift, trade or extra step


def test_camp_trades_never_take_back_a_card_placed_on_the_same_visit(state):
    """D23: the gift and the cards traded in stay on the field for the rest of the visit,
    so a visit makes at most as many trades as the field held cards on arrival and a
    swap can never be undone (no loop to the move cap); the next visitor may take them."""
    arrange(state, pos={0: "camp-s2"}, hands={0: {"copper": 2, "carpets": 1, "fruit": 1}},
            fields={"camp-s1": {"jewels": 1, "grain": 1}})
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    apply_checked(state, (S.K_GIFT, gid(state, "fruit")))
    c = state.T.camp_of[sid(state, "camp-s1")]
    taken = {m[2] for m in state.legal_moves() if m[0] == S.K_TRADE}
    assert taken == {gid(state, "jewels"), gid(state, "grain")}  # not the fruit just given
    apply_checked(state, (S.K_TRADE, gid(state, "copper"), gid(state, "jewels")))
    assert (S.K_TRADE, gid(state, "jewels"), gid(state, "copper")) not in state.legal_moves()
    taken = {m[2] for m in state.legal_moves() if m[0] == S.K_TRADE}
    assert taken == {gid(state, "grain")}
    apply_checked(state, (S.K_TRADE, gid(state, "carpets"), gid(state, "grain")))
    assert state.legal_moves() == [(S.K_END,)]  # two cards on arrival: two trades
    assert state.fields[c] == [0, 1, 1, 1, 0, 0]  # fruit, copper, carpets
    assert state.hands[0] == [1, 0, 1, 0, 0, 1]  # grain, jewels, copper
    apply_checked(state, (S.K_END,))
    # the next visitor may take every card on the field
    arrange(state, cur=1, pos={1: "camp-s2"}, hands={1: {"camels": 2}},
            fields={"camp-s1": {"fruit": 1, "copper": 1, "carpets": 1}})
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    apply_checked(state, (S.K_GIFT, gid(state, "camels")))
    taken = {m[2] for m in state.legal_moves() if m[0] == S.K_TRADE}
    assert taken == {gid(state, "fruit"), gid(state, "copper"), gid(state, "carpets")}


def test_full_field_without_money_does_nothing(state):
    arrange(state, pos={0: "camp-s2"}, money={0: 9}, hands={0: {"grain": 1}},
            fields={"camp-s1": {"jewels": 4}})
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    assert state.money[0] == 9 and state.hands[0][gid(state, "grain")] == 1 and state.cur == 1  # D3


def test_no_gift_penalty_draws_pays_and_gives(state):
    arrange(state, pos={0: "camp-s2"}, money={0: 100}, hands={0: {}}, fields={"camp-s1": {"grain": 2}})
    deck_before = state.deck_size
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    c = state.T.camp_of[sid(state, "camp-s1")]
    assert state.money[0] == 80 and state.deck_size == deck_before - 1 and state.fsize[c] == 3
    assert state.hs[0] == 0 and state.penalties["camp_no_gift"] == 1
    # D5: the penalty card is a gift, so the extra step is still offered
    assert sorted(state.legal_moves()) == sorted(
        [(S.K_EXTRA, sid(state, "oasis-sw")), (S.K_EXTRA, sid(state, "khiva")), (S.K_END,)])


def test_no_gift_penalty_takes_all_cash_when_short(state):
    arrange(state, pos={0: "camp-s2"}, money={0: 12}, hands={0: {}}, fields={"camp-s1": {"grain": 2}})
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    assert state.money[0] == 0  # D6


# ---------------------------------------------------------------------------- oases
def test_oasis_buys_one_or_four_at_its_prices(state, game):
    price_4 = game.board.space("oasis-sw").price_4
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"grain": 1}})
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    assert state.legal_moves() == [(S.K_BUY, 1), (S.K_BUY, 4)]
    apply_checked(state, (S.K_BUY, 4))
    assert state.money[0] == 100 - price_4 and state.hs[0] == 5
    arrange(state, pos={0: "camp-s1"}, money={0: price_4 - 1}, hands={0: {"grain": 1}})
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    assert state.legal_moves() == [(S.K_BUY, 1)]  # D12: 4 cards only with the 4-card price
    apply_checked(state, (S.K_BUY, 1))
    assert state.money[0] == price_4 - 1 - game.rules.oasis_single_price and state.hs[0] == 2


def test_oasis_penalty_loses_three_random_cards(state):
    arrange(state, pos={0: "camp-s1"}, money={0: 4}, hands={0: {"grain": 2, "jewels": 3}})
    deck_before = state.deck_size
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    assert state.hs[0] == 2 and state.deck_size == deck_before + 3 and state.money[0] == 4
    assert state.penalties["oasis_no_money"] == 1 and state.cur == 1
    arrange(state, pos={0: "camp-s1"}, money={0: 0}, hands={0: {"fruit": 2}})
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    assert state.hs[0] == 0  # fewer than three: all of them


# ---------------------------------------------------------------------------- cities
MARKETS = ["grain", "fruit", "copper", "assortment", "carpets", "camels", "jewels", "assortment"]
# city order in board.yaml: bukhara, samarkand, khiva, merv -> khiva buys carpets and camels


def test_city_sale_pays_the_price_table_and_places_a_chip(state, game):
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"carpets": 6, "grain": 1}}, markets=MARKETS)
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    moves = state.legal_moves()
    assert moves == [(S.K_SELL, 4, n) for n in range(2, 7)]  # no camels, so one market only
    apply_checked(state, (S.K_SELL, 4, 6))
    assert state.money[0] == 100 + game.prices.price("carpets", 6) == 260  # games.md: 6 carpets 160
    assert state.chips == [4, -1] and state.hs[0] == 1 and state.cur == 1


def test_chipped_market_pays_one_level_less(state, game):
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"carpets": 5}}, markets=MARKETS, chips=[4, -1])
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    apply_checked(state, (S.K_SELL, 4, 5))
    assert state.money[0] == 100 + game.prices.price("carpets", 4) and state.chips == [4, -1]


def test_chip_moves_by_the_sellers_choice_when_both_are_out(state, game):
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"camels": 2}}, markets=MARKETS, chips=[0, 1])
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    apply_checked(state, (S.K_SELL, 5, 2))
    assert state.phase == S.PH_CHIP and state.legal_moves() == [(S.K_CHIP, 0), (S.K_CHIP, 1)]
    apply_checked(state, (S.K_CHIP, 1))
    assert state.chips == [0, 5] and state.cur == 1


def test_assortment_market_buys_one_of_each_good(state, game):
    arrange(state, pos={0: "camp-n3"}, money={0: 100}, hands={0: {"grain": 1, "fruit": 1, "jewels": 2}},
            markets=MARKETS)
    apply_checked(state, (S.K_STEP, sid(state, "samarkand")))  # samarkand: copper + assortment
    masks = sorted(m[2] for m in state.legal_moves())
    assert all(m[0] == S.K_MIX and m[1] == 3 for m in state.legal_moves())
    assert len(masks) == 4  # 3 pairs and the triple of grain, fruit, jewels
    triple = 1 << gid(state, "grain") | 1 << gid(state, "fruit") | 1 << gid(state, "jewels")
    apply_checked(state, (S.K_MIX, 3, triple))
    assert state.money[0] == 100 + game.prices.price("assortment", 3) == 115  # games.md example
    assert state.hands[0] == [0, 0, 0, 0, 0, 1]


def test_city_penalty_when_nothing_can_be_sold(state):
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"grain": 5, "carpets": 1}}, markets=MARKETS)
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    assert state.money[0] == 80 and state.hs[0] == 6 and state.penalties["city_no_sale"] == 1 and state.cur == 1


def test_reaching_500_wins_at_once(state, game):
    arrange(state, pos={0: "camp-s1"}, money={0: 400}, hands={0: {"camels": 6}}, markets=MARKETS)
    apply_checked(state, (S.K_STEP, sid(state, "khiva")))
    apply_checked(state, (S.K_SELL, 5, 6))
    assert state.is_terminal() and state.winner() == 0 and state.money[0] == 400 + game.prices.price("camels", 6)
    assert state.chips == [-1, -1]  # D20: the game ends before the chip


# ---------------------------------------------------------------------------- deck runs out
def test_deck_running_out_mid_purchase_discards_reshuffles_and_continues(state, game):
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"grain": 10}, 1: {"fruit": 14}, 2: {"copper": 3}},
            deck={"jewels": 2})
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    apply_checked(state, (S.K_BUY, 4))
    # two jewels drawn, deck empty: seat 1 (14 cards) discards 2; seat 0 (12) keeps all
    assert state.phase == S.PH_DISCARD and state.current_player() == 1 and state.hs[0] == 12
    apply_checked(state, (S.K_DISCARD, gid(state, "fruit")))
    apply_checked(state, (S.K_DISCARD, gid(state, "fruit")))
    # the 2 discards are the new deck; the purchase goes on with them and empties it again:
    # now the buyer holds 14 ("the reduction also occurs for cards just drawn")
    assert state.hands[0][gid(state, "fruit")] == 2 and state.hs[1] == 12
    assert state.phase == S.PH_DISCARD and state.current_player() == 0 and state.hs[0] == 14
    apply_checked(state, (S.K_DISCARD, gid(state, "grain")))
    apply_checked(state, (S.K_DISCARD, gid(state, "grain")))
    assert state.hs[0] == 12 and state.deck == [2, 0, 0, 0, 0, 0] and state.counters["reshuffles"] == 2
    assert state.money[0] == 100 - game.board.space("oasis-sw").price_4 and state.cur == 1


def test_empty_deck_purchase_pays_per_card_received(game):
    state = S.new_game(game, 2, seed=5)  # 72 cards: room to park all but the deck outside it
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"grain": 4, "fruit": 3, "copper": 3}}, deck={"jewels": 1})
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    apply_checked(state, (S.K_BUY, 4))  # one card exists, nobody is over the limit
    assert state.hs[0] == 11 and state.money[0] == 100 - game.rules.oasis_single_price  # D12
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"grain": 4, "fruit": 3, "copper": 3}}, deck={})
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    assert state.money[0] == 100 and state.cur == 1 and state.counters["oasis_empty"] == 1


def test_paying_more_than_held_is_a_rule_gap(state):
    with pytest.raises(RuleGap, match="must pay 230 Piaster but holds 200"):
        state._pay(0, 230)


def test_random_source_is_the_states_own(game):
    a, b = S.new_game(game, 4, seed=11), S.new_game(game, 4, seed=11)
    assert a.hands == b.hands and a.markets == b.markets and a.fields == b.fields
    c = S.new_game(game, 4, seed=12)
    assert (c.hands, c.markets) != (a.hands, a.markets)
    assert isinstance(a.rng, random.Random)


# ---------------------------------------------------------------------------- an empty deck
def _deck_to_discards(state):
    """Empty the deck into the discard pile (as between a run-out and the next discards)."""
    state.pile = [a + b for a, b in zip(state.pile, state.deck)]
    state.deck = [0] * state.T.G
    state.deck_size = 0
    state.check_invariants()
    return state


def test_empty_deck_oasis_runs_the_hand_limit_first(game):
    """D22: a buyer with money at an oasis whose deck is empty is not sent away while a
    player holds more than the hand limit: that player discards, the discards are the deck."""
    state = S.new_game(game, 2, seed=5)
    arrange(state, pos={0: "camp-s1"}, money={0: 100}, hands={0: {"grain": 3}, 1: {"fruit": 14}})
    _deck_to_discards(state)
    apply_checked(state, (S.K_STEP, sid(state, "oasis-sw")))
    assert state.phase == S.PH_DISCARD and state.current_player() == 1
    apply_checked(state, (S.K_DISCARD, gid(state, "fruit")))
    apply_checked(state, (S.K_DISCARD, gid(state, "fruit")))
    # the discards (and the pile they joined) are the new deck: the oasis sells from it
    assert state.phase == S.PH_OASIS and state.current_player() == 0 and state.deck_size >= 2
    apply_checked(state, (S.K_BUY, 1))
    assert state.hs[0] == 4 and state.money[0] == 100 - game.rules.oasis_single_price
    assert state.counters["oasis_empty"] == 0 and state.cur == 1


def test_full_field_bought_from_an_empty_deck_is_refilled_from_the_discards(game):
    """D22: the full-field purchase puts the buyer over the hand limit while the deck is
    empty; the refill draw applies the run-out rule, so the buyer discards and the field
    is refilled from the discards (before: the field stayed empty and nobody discarded)."""
    state = S.new_game(game, 2, seed=5)
    cap = state.T.capacity[state.T.camp_of[sid(state, "camp-s1")]]
    limit = game.rules.hand_limit
    arrange(state, pos={0: "camp-s2"}, money={0: 100}, hands={0: {"grain": limit - 1}},
            fields={"camp-s1": {"jewels": cap}})
    _deck_to_discards(state)
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    assert state.phase == S.PH_DISCARD and state.current_player() == 0 and state.hs[0] == limit - 1 + cap
    while state.phase == S.PH_DISCARD:
        apply_checked(state, (S.K_DISCARD, gid(state, "grain")))
    c = state.T.camp_of[sid(state, "camp-s1")]
    assert state.hs[0] == limit and state.fsize[c] == game.rules.field_start_cards and state.cur == 1
    assert state.counters["dry_draws"] == 0 and state.counters["reshuffles"] == 1


def test_no_gift_penalty_from_an_empty_deck_gives_no_extra_step(game):
    """D5: with no card to draw the penalty is paid but nothing is given: no gift, so no
    trade and no extra step (before: the extra step was still offered)."""
    state = S.new_game(game, 2, seed=5)
    arrange(state, pos={0: "camp-s2"}, money={0: 100}, hands={0: {}}, fields={"camp-s1": {"grain": 2}})
    _deck_to_discards(state)
    apply_checked(state, (S.K_STEP, sid(state, "camp-s1")))
    assert state.money[0] == 100 - game.rules.camp_no_gift_penalty and state.penalties["camp_no_gift"] == 1
    assert state.cur == 1 and state.phase == S.PH_MOVE


# ---------------------------------------------------------------------------- invariant check
def _held(st, p):
    """A good player ``p`` holds."""
    return next(g for g in range(st.T.G) if st.hands[p][g])


def _hand_to_hand(st):
    """Move a card from hand 1 to hand 0 without updating the hand sizes."""
    g = _held(st, 1)
    st.hands[1][g] -= 1
    st.hands[0][g] += 1


def _hand_to_field(st):
    """Move a card from hand 0 to trading field 4, the hand size kept right, the field's not."""
    g = _held(st, 0)
    st.hands[0][g] -= 1
    st.hs[0] -= 1
    st.fields[4][g] += 1


def _negative_deck(st):
    """A good's deck count below zero, its total kept by the discard pile."""
    st.pile[3] += st.deck[3] + 1
    st.deck[3] = -1


@pytest.mark.parametrize("corrupt, message", [
    (_hand_to_hand, "player 0 hand size"),
    (lambda st: st.deck.__setitem__(0, st.deck[0] + 1), "cards in play, the deck has"),
    (_negative_deck, "negative count of"),
    (_hand_to_field, "field 4: size"),
    (lambda st: st.money.__setitem__(2, st.money[2] + 5), "money"),
    (lambda st: st.chips.__setitem__(slice(None), [0, 0]), "chips on"),
])
def test_invariant_check_names_each_fault(state, corrupt, message):
    """The quick whole-state test of ``check_invariants`` (C-level sums) lets no fault
    through: each corruption raises, with the message of the good-by-good walk."""
    state.check_invariants()
    corrupt(state)
    with pytest.raises(S.InvariantViolation, match=message):
        state.check_invariants()
