"""CARAVAN on a chessboard rules on hand-made states: movement, oases, trades, the desert
pawns and banditry, the draw phase, reshuffles, sales and the win (seed + K1-K17)."""

from __future__ import annotations

import pytest
from chessboard_states import arrange, at_move_phase, sq, squares

from pnp.model.catalog import data_dir
from pnp.games.caravan_chessboard import bot
from pnp.games.caravan_chessboard import engine as C
from pnp.model import load_game


@pytest.fixture(scope="session")
def cgame():
    return load_game("caravan-chessboard", data_dir())


@pytest.fixture
def new(cgame):
    def make(players=2, seed=1):
        return C.new_game(cgame, players, seed)

    return make


def ti(state, tid):
    return state.T.type_ids.index(tid)


# ----------------------------------------------------------------------------- movement (K5, K6, K16)
def test_moves_are_straight_lines_of_exactly_the_card_length(new):
    s = arrange(new(), pos={0: (1, 4), 1: (8, 8)}, hands={0: {"move-2": 1}})
    moves = at_move_phase(s).legal_moves()
    # up, up-left, up-right, left, right; nothing below row 1
    assert squares(s, moves) == {(3, 4), (3, 2), (3, 6), (1, 2), (1, 6)}
    assert (C.K_PASS,) in moves


def test_pawns_and_quicksand_block_landing_and_passing(new):
    s = arrange(new(), pos={0: (1, 4), 1: (1, 6)}, bandits=(2, 4), sandstorm=(5, 5),
                quicksand=[(2, 3)], oasis=[(2, 5)], hands={0: {"move-2": 1}})
    moves = at_move_phase(s).legal_moves()
    # up: through the Bandits; up-left: through quicksand; right: onto caravan 1;
    # up-right passes an oasis, which does not block (K5)
    assert squares(s, moves) == {(3, 6), (1, 2)}


def test_diagonal_move_of_four(new):
    s = arrange(new(), pos={0: (1, 1), 1: (8, 8)}, hands={0: {"move-4": 1}}, bandits=(4, 7), sandstorm=(6, 1))
    at_move_phase(s)
    move = (C.K_MOVE, ti(s, "move-4"), sq(s, 5, 5))
    assert move in s.legal_moves()
    s.apply(move)
    assert s.pos[0] == sq(s, 5, 5) and s.occ[sq(s, 1, 1)] == -1
    assert s.hands[0][ti(s, "move-4")] == 0 and s.pile[ti(s, "move-4")] == 1


def test_oasis_chain_allows_one_more_move_per_oasis(new):
    s = arrange(new(), pos={0: (1, 3), 1: (8, 8)}, oasis=[(3, 3), (5, 3)], hands={0: {"move-2": 2, "move-3": 1}},
                bandits=(4, 7), sandstorm=(4, 8))
    at_move_phase(s)
    s.apply((C.K_MOVE, ti(s, "move-2"), sq(s, 3, 3)))
    assert s.phase == C.PH_MOVE and (C.K_DESERT_FIRST,) not in s.legal_moves()
    s.apply((C.K_MOVE, ti(s, "move-2"), sq(s, 5, 3)))
    assert s.phase == C.PH_MOVE
    s.apply((C.K_MOVE, ti(s, "move-3"), sq(s, 8, 3)))
    assert s.pos[0] == sq(s, 8, 3)
    assert s.counters["oasis_moves"] == 2 and s.counters["moves"] == 3
    assert s.cur == 1  # landed off an oasis: the move phase is over, and with it the turn


def test_a_normal_landing_ends_the_move_phase(new):
    s = arrange(new(), pos={0: (1, 3), 1: (8, 8)}, hands={0: {"move-2": 2}})
    at_move_phase(s)
    s.apply((C.K_MOVE, ti(s, "move-2"), sq(s, 3, 3)))
    assert s.phase != C.PH_MOVE and s.cur == 1  # nothing else to do: the next player's turn


def test_desert_pawns_stay_in_the_middle_east(new):
    s = arrange(new(), pos={0: (1, 1), 1: (8, 8)}, bandits=(2, 4), sandstorm=(6, 6), hands={0: {"bandits-1": 1}})
    moves = s._desert_moves()
    assert squares(s, moves, C.K_BANDITS) == {(3, 3), (3, 4), (3, 5), (2, 3), (2, 5)}


def test_desert_phase_may_come_first(new):
    s = arrange(new(), pos={0: (1, 1), 1: (8, 8)}, bandits=(4, 4), sandstorm=(6, 6),
                hands={0: {"move-1": 1, "sandstorm-2": 1}})
    at_move_phase(s)
    s.apply((C.K_DESERT_FIRST,))
    assert s.phase == C.PH_DESERT
    s.apply((C.K_SANDSTORM, ti(s, "sandstorm-2"), sq(s, 6, 4)))
    assert s.phase == C.PH_MOVE and s.desert_done and (C.K_DESERT_FIRST,) not in s.legal_moves()


# ----------------------------------------------------------------------------- banditry (K12)
def test_bandits_take_all_goods_of_a_caravan_without_soldiers(new):
    s = arrange(new(3), pos={0: (1, 5), 1: (1, 4), 2: (8, 8)}, bandits=(3, 4), sandstorm=(6, 6),
                hands={0: {"bandits-1": 1}}, cars={0: {"metals": 2}, 1: {"tea": 2, "silk": 1}})
    s.phase = C.PH_DESERT
    s.apply((C.K_BANDITS, ti(s, "bandits-1"), sq(s, 2, 4)))
    assert s.car_n[1] == 0 and s.pile[ti(s, "tea")] == 2 and s.pile[ti(s, "silk")] == 1
    assert s.cars[0][ti(s, "metals")] == 2  # the player who moved the Bandits is never robbed
    assert s.penalties == {"robbed_goods": 1, "robbed_soldier": 0}


def test_robbed_player_with_a_soldier_chooses(new):
    s = arrange(new(3), pos={0: (8, 8), 1: (1, 4), 2: (1, 5)}, bandits=(3, 4), sandstorm=(6, 6),
                hands={0: {"bandits-1": 1}}, cars={1: {"soldiers": 1, "tea": 2}, 2: {"soldiers": 1, "silk": 1}})
    s.phase = C.PH_DESERT
    s.apply((C.K_BANDITS, ti(s, "bandits-1"), sq(s, 2, 4)))
    assert s.phase == C.PH_ROB and s.current_player() == 1
    assert s.legal_moves() == [(C.K_LOSE_SOLDIER,), (C.K_LOSE_GOODS,)]
    s.apply((C.K_LOSE_SOLDIER,))
    assert s.cars[1][ti(s, "soldiers")] == 0 and s.cars[1][ti(s, "tea")] == 2
    assert s.current_player() == 2
    s.apply((C.K_LOSE_GOODS,))
    assert s.cars[2][ti(s, "soldiers")] == 1 and s.cars[2][ti(s, "silk")] == 0
    assert not s.rob_queue and s.phase != C.PH_ROB
    assert s.penalties == {"robbed_goods": 1, "robbed_soldier": 1}


def test_soldiers_without_goods_lose_nothing(new):
    s = arrange(new(), pos={0: (8, 8), 1: (1, 4)}, bandits=(3, 4), sandstorm=(6, 6),
                hands={0: {"bandits-1": 1}}, cars={1: {"soldiers": 2}})
    s.phase = C.PH_DESERT
    s.apply((C.K_BANDITS, ti(s, "bandits-1"), sq(s, 2, 4)))
    assert s.cars[1][ti(s, "soldiers")] == 2 and s.phase != C.PH_ROB
    assert s.penalties == {"robbed_goods": 0, "robbed_soldier": 0}


# ----------------------------------------------------------------------------- trades (K7, S2)
def offer(s, q, give, get):
    """The K_OFFER move giving the type ids ``give`` for ``get`` (each side sorted, padded)."""
    k = s.T.trade_max
    side = lambda ids: tuple(sorted(ti(s, i) for i in ids)) + (-1,) * (k - len(ids))
    return (C.K_OFFER, q) + side(give) + side(get)


def test_landing_next_to_a_caravan_offers_k_for_m_trades_the_partner_answers(new, cgame):
    assert cgame.trading.offer_cards_max == 2 and cgame.trading.offers_per_landing == 3
    s = arrange(new(), pos={0: (1, 1), 1: (3, 4)}, hands={0: {"move-2": 1, "tea": 1, "metals": 2},
                                                       1: {"tea": 2, "furs": 1}}, cars={1: {"metals": 1}})
    at_move_phase(s)
    s.apply((C.K_MOVE, ti(s, "move-2"), sq(s, 3, 3)))
    assert s.phase == C.PH_TRADE and s.partners == (1,) and s.current_player() == 0
    moves = s.legal_moves()
    # hand 0: tea, metals x2 -> sides {tea}, {metals}, {metals, metals}, {metals, tea};
    # hand 1: tea x2, furs -> {tea}, {furs}, {tea, tea}, {furs, tea}; no type on both sides
    expected = {offer(s, 1, g, r) for g, r in [
        (["tea"], ["furs"]),
        (["metals"], ["tea"]), (["metals"], ["furs"]), (["metals"], ["tea", "tea"]), (["metals"], ["furs", "tea"]),
        (["metals", "metals"], ["tea"]), (["metals", "metals"], ["furs"]), (["metals", "metals"], ["tea", "tea"]),
        (["metals", "metals"], ["furs", "tea"]),
        (["metals", "tea"], ["furs"]),
    ]} | {(C.K_DONE,)}
    assert set(moves) == expected and len(moves) == len(expected)
    # a 2-for-1 offer: the partner's seat answers it
    m = offer(s, 1, ["metals", "metals"], ["furs"])
    s.apply(m)
    assert s.phase == C.PH_ANSWER and s.current_player() == 1
    assert s.legal_moves() == [(C.K_ACCEPT,), (C.K_DECLINE,)]
    s.apply((C.K_ACCEPT,))
    s.check_invariants()
    metals, furs, tea = ti(s, "metals"), ti(s, "furs"), ti(s, "tea")
    assert (s.hands[0][metals], s.hands[0][furs], s.hand_n[0]) == (0, 1, 2)
    assert (s.hands[1][metals], s.hands[1][furs], s.hand_n[1]) == (2, 0, 4)
    assert s.counters["trades"] == 1 and s.phase == C.PH_TRADE and s.current_player() == 0
    # a declined offer moves nothing; the third offer is the landing's last (offers_per_landing)
    s.apply(offer(s, 1, ["tea"], ["metals"]))
    before = [h[:] for h in s.hands]
    s.apply((C.K_DECLINE,))
    assert s.hands == before and s.phase == C.PH_TRADE
    s.apply(offer(s, 1, ["furs"], ["tea"]))
    s.apply((C.K_DECLINE,))
    assert s.phase not in (C.PH_TRADE, C.PH_ANSWER) and s.counters["offers"] == 3


def test_a_trade_never_leaves_a_hand_above_the_hand_limit(new, cgame):
    limit = cgame.rules.hand_limit
    s = arrange(new(), pos={0: (1, 1), 1: (3, 4)},
                hands={0: {"move-2": 1, "tea": 1, "silk": 1}, 1: {"furs": 4, "woods": 1, "metals": limit - 5}})
    assert s.hand_n[1] == limit
    at_move_phase(s)
    s.apply((C.K_MOVE, ti(s, "move-2"), sq(s, 3, 3)))
    for m in s.legal_moves()[:-1]:
        give, get = s.offer_sides(m)
        assert len(give) <= len(get), m  # the partner holds 7 cards: it may not receive more than it gives
    assert offer(s, 1, ["silk", "tea"], ["furs", "woods"]) in s.legal_moves()
    assert offer(s, 1, ["silk", "tea"], ["furs"]) not in s.legal_moves()


def test_bots_accept_a_trade_that_keeps_their_hand_worth(new):
    """S2's acceptance rule on a hand-made state: the partner accepts when its hand's
    heuristic worth does not fall; the mover offers its best gain among accepted offers."""
    s = arrange(new(), pos={0: (1, 1), 1: (3, 4)},
                hands={0: {"move-2": 1, "tea": 1, "furs": 2}, 1: {"tea": 2, "furs": 1, "move-3": 1}})
    at_move_phase(s)
    s.apply((C.K_MOVE, ti(s, "move-2"), sq(s, 3, 3)))
    wants = bot._wants(s, 1)
    worth = bot.hand_worth(s, 1, s.hands[1], wants)
    for m in s.legal_moves()[:-1]:
        give, get = s.offer_sides(m)
        after = bot.hand_worth(s, 1, bot._traded(s.hands[1], get, give), wants)
        assert bot.accepts(s, 1, m) == (after >= worth)
    # player 1 collects tea (3 with the one offered) and parts with its single fur: accepted;
    # asking for its only Move card for a fur is not
    assert bot.accepts(s, 1, offer(s, 1, ["tea"], ["furs"]))
    assert not bot.accepts(s, 1, offer(s, 1, ["furs"], ["move-3"]))
    chosen = bot.choose(s, s.legal_moves(), None)
    assert chosen[0] == C.K_OFFER and bot.accepts(s, 1, chosen)
    s.apply(chosen)
    assert bot.choose(s, s.legal_moves(), None) == (C.K_ACCEPT,)


def _exhaustive_offer(s, moves):
    """The bot's offer by brute force over the listed legal offers: the largest gain of
    the mover's hand worth (more than 0) among offers the partner accepts; ties to the
    first partner, then get side, then give side (each in ``_sides`` order)."""
    p = s.cur
    mine = bot.worth_change(s, p)
    theirs = {q: bot.worth_change(s, q) for q in s.partners}
    order = lambda hand: {side: i for i, (side, _) in enumerate(s._sides(hand))}
    gives = order(s.hands[p])
    best, choice = None, (C.K_DONE,)
    for m in moves:
        if m[0] != C.K_OFFER:
            continue
        q, k = m[1], s.T.trade_max
        give, get = m[2:2 + k], m[2 + k:]
        gain = mine(give, get)
        if gain <= 0 or not bot.accepts(s, q, m, theirs[q]):
            continue
        key = (-gain, s.partners.index(q), order(s.hands[q])[get], gives[give])
        if best is None or key < best:
            best, choice = key, m
    return choice


def test_card_values_are_multiples_of_a_half(new):
    """``bot._Worth`` and ``bot._offer`` add card values in another order than a hand's
    worth does; that is exact only while every value is a multiple of 0.5."""
    s = new(players=2, seed=4)
    hand = [0] * s.T.T
    for t in range(s.T.T):
        for n in range(0, 8):
            hand[t] = n
            for region in (0, 1):
                for rows in range(0, 8):
                    for held in range(0, 8):
                        v = bot.card_value(s, 0, t, (region, rows, held), hand)
                        assert 2 * v == int(2 * v), (s.T.type_ids[t], n, rows, held, v)
        hand[t] = 0


def test_the_bots_offer_search_finds_the_exhaustive_searchs_offer(cgame):
    """``bot._offer`` prunes its search over offer sides; on every trade decision of seeded
    heuristic games (2, 4 and 6 players) it picks what trying every listed offer picks.
    The 4- and 6-player games each hold a decision where two offers gain as much (the
    tie goes by order: a search that kept the first it met would fail)."""
    from pnp.engine.core import game_seed, player_rng

    decisions = offers = 0
    for players, games in ((2, (0, 1)), (4, (5, 7)), (6, (7,))):
        for i in games:
            seed = game_seed(7, players, i)
            s, rng = C.new_game(cgame, players, seed), player_rng(seed)
            while not s.is_terminal():
                moves = s.legal_moves()
                if s.phase == C.PH_TRADE and len(moves) > 1:
                    chosen = bot._offer(s, s.cur, moves)
                    assert chosen == _exhaustive_offer(s, moves), (players, i, s.turn_count)
                    decisions += 1
                    offers += chosen[0] == C.K_OFFER
                s.apply(moves[0] if len(moves) == 1 else bot.choose(s, moves, rng))
    assert decisions > 100 and 0 < offers < decisions  # both outcomes were compared


def _brute_offers(s):
    """Every offer of a trade decision, by the rules (K7, S2) over every pair of offer
    sides: no type on both sides, neither hand above the limit; partner, give, get order."""
    k, limit, p = s.T.trade_max, s.T.hand_limit, s.cur
    out = []
    for q in s.partners:
        for give, n_give in s._sides(s.hands[p]):
            for get, n_get in s._sides(s.hands[q]):
                if (set(give) - {-1}).isdisjoint(get) and s.hand_n[p] - n_give + n_get <= limit \
                        and s.hand_n[q] - n_get + n_give <= limit:
                    out.append((C.K_OFFER, q) + give + get)
    return out + [(C.K_DONE,)]


def test_trade_moves_are_counted_tested_and_placed_as_listed(cgame):
    """``OfferMoves`` counts the offers from the card counts, tests a move against the
    hands and places it by counting, without listing; on every trade decision of seeded
    games each answer equals the brute-force list's, for every offer and for near misses
    (a side changed by one type, a side unsorted or unpadded, another partner)."""
    from pnp.engine.core import game_seed, player_rng

    decisions = probes = 0
    for players, i in ((2, 0), (4, 5)):
        seed = game_seed(7, players, i)
        s, rng = C.new_game(cgame, players, seed), player_rng(seed)
        while not s.is_terminal():
            moves = s.legal_moves()
            if s.phase == C.PH_TRADE:
                brute = _brute_offers(s)
                assert isinstance(moves, C.OfferMoves) and len(moves) == len(brute)
                k = s.T.trade_max
                for j, m in enumerate(brute):
                    fresh = C.OfferMoves(s, s.cur)  # nothing listed yet
                    assert m in fresh and fresh.index(m) == j
                    if m[0] != C.K_OFFER or j % 5:
                        continue  # near misses of every fifth offer
                    near = [m[:2] + m[3:] + (-1,), (m[0], s.cur) + m[2:], m[:2] + m[2:2 + k][::-1] + m[2 + k:]]
                    near += [m[:x] + (t,) + m[x + 1:] for x in (2, 2 + k) for t in (-1, 0, 14, 20)]
                    for n in near:
                        assert (n in C.OfferMoves(s, s.cur)) == (n in brute), (m, n)
                        probes += 1
                assert list(moves) == brute and moves == brute
                decisions += 1
            s.apply(moves[0] if len(moves) == 1 else bot.choose(s, moves, rng))
    assert decisions > 50 and probes > 1000


# ----------------------------------------------------------------------------- draw phase (K1-K3)
def test_draw_phase_discard_exchange_draw_three_keep_two_hand_limit(new, cgame):
    r = cgame.rules
    s = arrange(new(), pos={0: (1, 1), 1: (8, 8)}, hands={0: {"move-1": 2, "move-2": 2, "bandits-1": 1, "tea": 2}})
    s._start_turn()
    moves = s.legal_moves()
    assert (C.K_DISCARD, ti(s, "tea")) in moves and (C.K_EXCHANGE, ti(s, "tea")) in moves and (C.K_DONE,) in moves
    s.apply((C.K_EXCHANGE, ti(s, "bandits-1")))
    assert s.phase == C.PH_EXCHANGE and (C.K_DONE,) not in s.legal_moves()  # the second card is due
    s.apply((C.K_EXCHANGE, ti(s, "tea")))
    assert s.counters["exchanges"] == 1
    # 7 - 2 + 1 = 6 in hand, then 3 drawn, one of them discarded
    if s.phase == C.PH_KEEP:
        assert s.hand_n[0] == 7 - r.exchange_discard + r.exchange_draw and len(s.pending) == r.draw_cards
        s.apply(s.legal_moves()[0])
    assert s.hand_n[0] == 6 + r.draw_cards - r.draw_discard  # 8: over the limit
    assert s.phase == C.PH_LIMIT
    s.apply(s.legal_moves()[0])
    assert s.hand_n[0] == r.hand_limit and s.phase != C.PH_LIMIT
    assert s.pile_n == 2 + 1 + 1


def test_empty_deck_reshuffles_the_discard_pile(new):
    s = new()
    arrange(s, pos={0: (1, 1), 1: (8, 8)}, hands={0: {"move-1": 1}})
    # every card in the discard pile, none in the deck
    s.pile[:] = [a + b for a, b in zip(s.pile, s.deck)]
    s.deck[:] = [0] * s.T.T
    s.pile_n, s.deck_n = s.pile_n + s.deck_n, 0
    s._start_turn()
    s.apply((C.K_DONE,))
    assert s.counters["reshuffles"] == 1
    assert s.deck_n + s.pile_n + len(s.pending) + s.hand_n[0] == s.T.deck_size
    s.check_invariants()


def test_with_deck_and_discard_empty_fewer_cards_are_kept(new):
    s = arrange(new(), pos={0: (1, 1), 1: (8, 8)})
    # park the whole deck in player 1's hand except 2 cards on the discard pile
    keep = ti(s, "move-1")
    s.hands[1][:] = list(s.deck)
    s.hands[1][keep] -= 2
    s.pile[keep] = 2
    s.deck[:] = [0] * s.T.T
    s.hand_n[1], s.pile_n, s.deck_n = sum(s.hands[1]), 2, 0
    s._start_turn()  # an empty hand: straight to the draw; 2 cards exist, both kept (K3)
    assert s.hands[0][keep] == 2 and s.counters["dry_draws"] == 1 and s.pile_n == 0


# ----------------------------------------------------------------------------- buying and selling (K4, K13, K14)
def test_buy_phase_loads_this_ends_goods_and_soldiers_up_to_the_limit(new, cgame):
    s = arrange(new(), pos={0: (1, 1), 1: (8, 8)}, hands={0: {"metals": 3, "tea": 2, "soldiers": 1}},
                cars={0: {"woods": 2}})
    s._to_buy()
    assert s.phase == C.PH_BUY
    assert {m[1] for m in s.legal_moves() if m[0] == C.K_PLAY} == {ti(s, "metals"), ti(s, "soldiers")}
    for _ in range(cgame.rules.caravan_limit - 2):
        s.apply((C.K_PLAY, ti(s, "metals")))
    assert s.car_n[0] == cgame.rules.caravan_limit and s.phase != C.PH_BUY


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_n_of_a_kind_pays_the_sale_value(new, cgame, n):
    s = arrange(new(), pos={0: (8, 1), 1: (1, 8)}, cars={0: {"metals": n}})
    s._to_sell()
    assert s.phase == C.PH_SELL
    s.apply((C.K_SELL,))
    assert s.gold[0] == cgame.rules.sale_values[n - 1] and s.car_n[0] == 0


def test_each_good_is_its_own_set_and_only_the_other_ends_goods_sell(new):
    s = arrange(new(), pos={0: (8, 1), 1: (1, 8)}, cars={0: {"metals": 2, "woods": 1, "soldiers": 1, "tea": 1}})
    s._to_sell()
    s.apply((C.K_SELL,))
    assert s.gold[0] == 3 + 1  # a pair of metals, one wood
    assert s.cars[0][ti(s, "soldiers")] == 1 and s.cars[0][ti(s, "tea")] == 1
    assert s.pile[ti(s, "metals")] == 2 and s.counters["gold_sold"] == 4
    s.check_invariants()


def test_no_sale_in_the_middle_east_or_at_the_loading_end(new):
    s = arrange(new(), pos={0: (1, 1), 1: (5, 5)}, cars={0: {"metals": 2}, 1: {"tea": 2}})
    s._to_sell()
    assert s.phase != C.PH_SELL and s.cur == 1
    s._to_sell()
    assert s.phase != C.PH_SELL


def test_reaching_the_target_wins_at_once(new, cgame):
    target = cgame.rules.target_gold
    s = arrange(new(), pos={0: (8, 1), 1: (1, 8)}, cars={0: {"furs": 3}}, gold={0: target - 5, 1: target - 1})
    s._to_sell()
    s.apply((C.K_SELL,))
    assert s.is_terminal() and s.winner() == 0 and s.gold[0] == target
    assert s.legal_moves() == []
    s.check_invariants()


# ----------------------------------------------------------------------------- set-up (K9-K11)
def test_setup_places_markers_caravans_then_desert_pawns(new, cgame):
    s = new(3, seed=7)
    T = s.T
    for row in cgame.board.middle_rows:
        cells = range(T.square(row, 1), T.square(row, cgame.board.columns) + 1)
        assert sum(s.oasis[c] for c in cells) == 1 and sum(s.quick[c] for c in cells) == 1
        assert not any(s.oasis[c] and s.quick[c] for c in cells)
    assert sum(s.oasis) == cgame.marker("oasis").count and sum(s.quick) == cgame.marker("quicksand").count
    assert s.hand_n == [cgame.rules.start_hand] * 3
    for seat in range(3):
        assert s.current_player() == seat and s.phase == C.PH_PLACE
        assert {T.row_of[m[1]] for m in s.legal_moves()} == {1, 8}
        s.apply(s.legal_moves()[seat])
    assert s.phase == C.PH_PLACE_DESERT and s.current_player() == 2  # the last player in turn order
    centre = {T.square(r, c) for r in cgame.board.centre_rows for c in cgame.board.centre_columns}
    starts = [m[1] for m in s.legal_moves()]
    assert starts and not any(s.oasis[q] or s.quick[q] for q in starts)
    if len([q for q in centre if not s.oasis[q] and not s.quick[q]]) >= 2:
        assert set(starts) <= centre
    s.apply(s.legal_moves()[0])
    s.apply(s.legal_moves()[0])
    assert s.bandits >= 0 and s.sandstorm >= 0 and s.bandits != s.sandstorm
    assert s.cur == 0 and s.turns() == 1 and s.phase == C.PH_DISCARD
    s.check_invariants()


def test_centre_block_widens_when_markers_fill_it(new):
    s = arrange(new(), pos={0: (1, 1), 1: (8, 8)}, oasis=[(4, 4), (5, 4)], quicksand=[(4, 5), (5, 5)],
                bandits=(6, 1), sandstorm=(6, 2))
    s.occ[s.bandits] = s.occ[s.sandstorm] = -1
    s.bandits = s.sandstorm = -1
    s._rebuild_blocked()
    block = s._desert_starts()
    T = s.T
    assert len(block) >= 2
    assert {(T.row_of[q], T.col_of[q]) for q in block} <= {(r, c) for r in range(3, 7) for c in range(3, 7)}


def test_determinising_for_an_answer_keeps_the_offered_cards(new):
    """The search player answering an offer redeals the proposer's hidden hand but keeps
    the cards offered (they were shown), so accepting is always possible."""
    import random

    from pnp.engine.mcts import clone

    s = arrange(new(players=3), pos={0: (1, 1), 1: (3, 4), 2: (8, 8)},
                hands={0: {"move-2": 1, "silk": 2, "bandits-3": 1}, 1: {"tea": 2, "furs": 1}, 2: {"woods": 3}})
    at_move_phase(s)
    s.apply((C.K_MOVE, ti(s, "move-2"), sq(s, 3, 3)))
    m = offer(s, 1, ["bandits-3", "silk"], ["furs"])
    s.apply(m)
    assert s.current_player() == 1
    for k in range(20):
        copy = clone(s)
        C.determinise(copy, 1, random.Random(k))
        copy.check_invariants()
        assert copy.hands[1] == s.hands[1] and copy.hand_n == s.hand_n
        assert copy.hands[0][ti(s, "silk")] >= 1 and copy.hands[0][ti(s, "bandits-3")] >= 1
        copy.apply((C.K_ACCEPT,))
        copy.check_invariants()
