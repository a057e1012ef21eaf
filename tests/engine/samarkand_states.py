"""Hand-made Samarkand states for the engine tests (imported by name: tests/engine is on sys.path)."""

from __future__ import annotations

from pnp.games.samarkand import engine as S


class FixedRoll:
    """Stands in for the state's random source where a test needs a known die face."""

    def __init__(self, face: int, rng):
        self.face, self.rng = face, rng

    def randrange(self, n):
        return self.face if n == 6 else self.rng.randrange(n)


def arrange(state, *, cur=0, pos=None, hands=None, fields=None, money=None, deck=None, markets=None, chips=None):
    """Put a set-up state into a hand-made position and keep it consistent.

    ``hands``/``fields``: {seat or camp space id: {good: n}}; unlisted hands and fields are
    emptied (cards back in the deck) unless cards must be parked outside ``deck``;
    ``deck``: {good: n} (default: every card not in a hand or field); ``money``: {seat: n}
    (the bank's books are adjusted so that money stays accounted for); ``pos``: {seat: space id}.
    """
    T = state.T
    gi = {g: i for i, g in enumerate(T.goods)}
    state.hands = [[0] * T.G for _ in range(state.players)]
    state.hs = [0] * state.players
    state.fields = [[0] * T.G for _ in state.fields]
    state.fsize = [0] * len(state.fields)
    for seat, cards in (hands or {}).items():
        state.hands[seat] = [cards.get(g, 0) for g in T.goods]
        state.hs[seat] = sum(state.hands[seat])
    for space, cards in (fields or {}).items():
        c = T.camp_of[T.space_ids.index(space)]
        state.fields[c] = [cards.get(g, 0) for g in T.goods]
        state.fsize[c] = sum(state.fields[c])
    free = [state.total[g] - sum(h[g] for h in state.hands) - sum(f[g] for f in state.fields) for g in range(T.G)]
    assert min(free) >= 0, f"more cards arranged than exist: {free}"
    if deck is not None:
        # the cards not in the deck go to camps the test did not arrange (up to capacity),
        # then to the other players' hands (up to the hand limit)
        want = [deck.get(g, 0) for g in T.goods]
        spare = [f - w for f, w in zip(free, want)]
        assert min(spare) >= 0, "more deck cards than exist"
        state.deck = want
        kept = {T.camp_of[T.space_ids.index(s)] for s in (fields or {})}
        bins = [(state.fields[c], state.fsize, c, T.capacity[c]) for c in range(len(state.fields)) if c not in kept]
        bins += [(state.hands[p], state.hs, p, T.rules.hand_limit) for p in range(state.players) if p != cur]
        for g in range(T.G):
            for cards, sizes, i, cap in bins:
                take = max(0, min(spare[g], cap - sizes[i]))
                cards[g] += take
                sizes[i] += take
                spare[g] -= take
        assert not any(spare), "no room to park the cards outside the deck"
    else:
        state.deck = free
    state.deck_size = sum(state.deck)
    for seat, cash in (money or {}).items():
        state.money[seat] = cash
    state.paid_out = max(0, sum(state.money) - T.rules.start_money * state.players)
    state.taken_in = max(0, T.rules.start_money * state.players - sum(state.money))
    for seat, space in (pos or {}).items():
        state.pos[seat] = T.space_ids.index(space)
    for seat in range(state.players):
        if state.pos[seat] < 0:
            state.pos[seat] = 0
    if markets is not None:
        state.markets = [S.ASSORTMENT if m == "assortment" else gi[m] for m in markets]
    if chips is not None:
        state.chips = list(chips)
    state.cur = cur
    state.phase = S.PH_MOVE
    state.turn_count = max(state.turn_count, 1)
    return state


def sid(state, space_id):
    return state.T.space_ids.index(space_id)


def gid(state, good):
    return state.T.goods.index(good)


def apply_checked(state, move):
    """Apply ``move``: it must be legal in ``state``, and the state keeps its invariants."""
    assert move in state.legal_moves(), (move, state.legal_moves())
    state.apply(move)
    state.check_invariants()
