"""A sensible one-ply Samarkand player (the heuristic player of ``pnp check``).

It values a hand by what its sets would fetch: ``V(hand) = sum over goods of
price(good, cards held)`` from the model's price table, and counts that potential at
``HOLD`` (a Piaster in hand is worth more than a Piaster of cards that still need a city
buying that good).  Then:
- sells when a city pays well: the sale that maximises money + HOLD * V(rest)
  (+ ``SHED`` a card shed from a hand over the hand limit: such hands lose cards when
  the deck runs out, so the bot sells them down, past the price table if need be);
  a sale that wins the game always;
- buys at cheap oases: 4 cards when HOLD * (expected value of 4 draws) beats the price,
  a card past the hand limit counting ``CROWDED`` of one within it;
- trades towards sets: each 1-for-1 trade that raises V, best first (V rises strictly,
  so trading ends);
- rolls the die when the best end space, averaged over the faces, beats the best free
  step by more than the die costs; takes the nomad-camp extra step when the next space
  is worth more than trading here.
Weights are the bot's, not the game's: every game number comes from the state's tables.
"""

from __future__ import annotations

import random

from pnp.games.samarkand.engine import (
    ASSORTMENT, CAMP, CITY, K_DIE, K_DISCARD, K_END, K_EXTRA, K_GIFT, K_MIX, K_SELL, K_STEP, K_TRADE,
    OASIS, PH_CAMP, PH_CHIP, PH_CITY, PH_DIE, PH_DISCARD, PH_GIFT, PH_MOVE, PH_OASIS,
    PH_PLACE, SamarkandState,
)

HOLD = 0.85  # worth of a Piaster of potential sales in hand against a Piaster of cash (tuned: shortest games, 0.3-1.0 tried)
WIN = 10**6  # score of a move that wins at once
EXTRA_DEPTH = 2  # how many nomad-camp extra steps the bot looks ahead
CROWDED = 0.5  # worth of a card bought past the hand limit against one within it (stops hoarding)
SHED = 6  # Piaster a sale is worth more for each card it sheds from a hand over the hand limit
          # (such a card is lost when the deck runs out)


def choose(state: SamarkandState, moves: list, rng: random.Random) -> tuple:
    """The heuristic's move among ``moves`` (which it returns one of)."""
    ph = state.phase
    if ph == PH_MOVE:
        return _move(state, moves)
    if ph == PH_CAMP:
        return _camp(state, moves)
    if ph == PH_GIFT:
        return (K_GIFT, _cheapest(state.T, state.hands[state.cur]))
    if ph == PH_CITY:
        return _best_sale(state, state.cur, state.city)[1]
    if ph == PH_OASIS:
        return _buy(state, moves)
    if ph == PH_DIE:
        values = _Values(state)
        return max(moves, key=lambda m: values.of(m[1], False, 0))
    if ph == PH_DISCARD:
        return (K_DISCARD, _cheapest(state.T, state.hands[state.discarder]))
    if ph == PH_CHIP:
        return _chip(state, moves)
    if ph == PH_PLACE:
        values = _Values(state, state.placing)
        T = state.T
        return max(moves, key=lambda m: max(values.of(e, True, 0) for e in T.exits[m[1]]))
    return moves[0]


def _cheapest(T, hand) -> int:
    """The good whose card costs the hand least potential to give away (gift, discard)."""
    best, best_loss = -1, None
    for g in range(T.G):
        h = hand[g]
        if h:
            row = T.sale[g][0]
            loss = row[h] - row[h - 1]
            if best_loss is None or loss < best_loss:
                best, best_loss = g, loss
    return best


def _two_cheapest(T, hand) -> tuple[int, int, int, int]:
    """(a1, l1, a2, l2): the good whose card costs the hand least potential to give away
    and that loss, then the second cheapest good (ties: lower good index first; -1 and
    2**30 where the hand has no such good)."""
    a1 = a2 = -1
    l1 = l2 = 1 << 30
    sale = T.sale
    for a in range(T.G):
        ha = hand[a]
        if ha:
            ra = sale[a][0]
            loss = ra[ha] - ra[ha - 1]
            if loss < l1:
                a2, l2, a1, l1 = a1, l1, a, loss
            elif loss < l2:
                a2, l2 = a, loss
    return a1, l1, a2, l2


def _trade_plan(T, hand, field, limit: int, cheap: tuple | None = None) -> tuple[int, tuple | None]:
    """Greedy trades that raise V: (total gain in Piaster of potential, first trade or None).

    Each step pairs the hand's cheapest card to give (second cheapest if it is the same
    good) with each field card; O(goods) per trade.  ``field``: the cards the player may
    take (counts per good); a card given is not taken back on the same visit (D23).
    ``cheap``: ``_two_cheapest(T, hand)`` if the caller has it (the same for every camp valued
    in one decision).
    """
    G, sale = T.G, T.sale
    total, first = 0, None
    copied = False
    for _ in range(limit):
        if cheap is None:
            a1, l1, a2, l2 = _two_cheapest(T, hand)
        else:
            a1, l1, a2, l2 = cheap
            cheap = None
        best, move = 0, None
        for b in range(G):
            if field[b]:
                rb, hb = sale[b][0], hand[b]
                if b != a1:
                    gain = rb[hb + 1] - rb[hb] - l1
                    a = a1
                elif a2 >= 0:
                    gain = rb[hb + 1] - rb[hb] - l2
                    a = a2
                else:
                    continue
                if gain > best:
                    best, move = gain, (a, b)
        if move is None:
            break
        if not copied:
            hand, field, copied = hand[:], field[:], True
        a, b = move
        hand[a] -= 1
        hand[b] += 1
        field[b] -= 1  # the card given stays out of reach on this visit (D23)
        total += best
        if first is None:
            first = (K_TRADE, a, b)
    return total, first


def _best_sale(state: SamarkandState, p: int, city: int, losses: list | None = None) -> tuple[float, tuple | None]:
    """Best (score, move) among the sales at ``city`` for player ``p``; (None, None) if none.

    Score = Piaster received - HOLD * potential given up (+ WIN if it reaches the target,
    - HOLD * the no-gift penalty if it empties the hand).  ``losses``: ``_losses`` of the
    player's hand, if the caller has it already.
    """
    T = state.T
    hand, money, held = state.hands[p], state.money[p], state.hs[p]
    rules = T.rules
    least, target = rules.min_sale, rules.target_money
    over = max(0, held - rules.hand_limit)
    bare = HOLD * rules.camp_no_gift_penalty  # an empty hand pays the next camp's penalty
    best, best_move = None, None
    chips, markets, sale = state.chips, state.markets, T.sale
    for slot in (2 * city, 2 * city + 1):
        chip = 1 if slot in chips else 0
        g = markets[slot]
        if g == ASSORTMENT:
            if losses is None:
                losses = _losses(T, hand)
            mix = T.mix[chip]
            lost, mask = 0, 0
            for j, (loss, h) in enumerate(losses[: T.mix_max], 1):
                lost += loss
                mask |= 1 << h
                if j >= least:
                    gain = mix[j]
                    score = (gain - HOLD * lost + (WIN if money + gain >= target else 0) - (bare if j == held else 0)
                             + SHED * min(j, over))
                    if best is None or score > best:
                        best, best_move = score, (K_MIX, slot, mask)
        else:
            h = hand[g]
            if h < least:
                continue
            row, pay = sale[g][0], sale[g][chip]
            rh = row[h]
            for n in range(least, h + 1):
                gain = pay[n]
                score = (gain - HOLD * (rh - row[h - n]) + (WIN if money + gain >= target else 0)
                         - (bare if n == held else 0) + SHED * min(n, over))
                if best is None or score > best:
                    best, best_move = score, (K_SELL, slot, n)
    return best, best_move


def _losses(T, hand) -> list[tuple[int, int]]:
    """(potential lost by giving up one card of good h, h) for every good held, cheapest
    first (ties: lower good index first): the cards an assortment sale gives up."""
    losses = []
    sale = T.sale
    for h in range(T.G):
        n = hand[h]
        if n:
            row = sale[h][0]
            losses.append((row[n] - row[n - 1], h))
    losses.sort()
    return losses


class _Values:
    """Worth, to a player, of ending a move on each space now (memoised per decision).

    ``of(space, free, depth)``: ``free`` when the space is reached by a free step (a camp
    then also offers its extra step, looked ahead ``EXTRA_DEPTH - depth`` more steps).
    ``at(space)``: the same without the extra step (a space reached by the die).
    """

    __slots__ = ("s", "p", "base", "onward", "gift", "draw", "room", "losses", "cheap", "T", "kind", "hand")

    def __init__(self, state: SamarkandState, p: int | None = None):
        self.s = state
        self.p = state.cur if p is None else p
        self.T = T = state.T
        self.kind = T.kind
        self.hand = state.hands[self.p]
        self.base: list = [None] * len(T.kind)  # value of acting on the space
        self.onward: dict = {}  # best value of a camp's extra step, by (space, depth)
        self.gift = None  # potential lost by the cheapest gift: a camp's entry fee
        self.draw = None  # HOLD * worth of one card drawn at an oasis
        self.room = None  # _room of one card and of the bulk (set with draw)
        self.losses = None  # _losses of the hand (assortment sales)
        self.cheap = None  # _two_cheapest of the hand (trades, the gift)

    def at(self, space: int) -> float:
        value = self.base[space]
        if value is None:
            value = self.base[space] = self._act(space)
        return value

    def of(self, space: int, free: bool, depth: int) -> float:
        value = self.base[space]
        if value is None:
            value = self.base[space] = self._act(space)
        if free and depth < EXTRA_DEPTH and self.gift is not None and self.kind[space] == CAMP:
            s, T = self.s, self.T
            c = T.camp_of[space]
            if s.fsize[c] < T.capacity[c]:  # a full field is bought: no gift, no extra step
                key = space * 8 + depth
                onward = self.onward.get(key)
                if onward is None:
                    onward = None
                    for e in T.exits[space]:
                        v = self.of(e, True, depth + 1)
                        if onward is None or v > onward:
                            onward = v
                    self.onward[key] = onward
                value = max(value, onward - self._entry_fee())
        return value

    def _entry_fee(self) -> float:
        """What entering a camp (not full) costs before its extra step: the cheapest gift's
        potential, or with an empty hand the no-gift penalty in cash (seed: "draw the top
        card, pay 20 Piaster"; the drawn card is the gift, D5).  Without the penalty here
        the bot walked through camps empty-handed: 1,035 of 1,125 penalties in 200
        two-player games came from that step."""
        s = self.s
        if s.hs[self.p] == 0:
            return float(min(s.T.rules.camp_no_gift_penalty, s.money[self.p]))
        return HOLD * self.gift

    def _act(self, space: int) -> float:
        s, p = self.s, self.p
        T = self.T
        r = T.rules
        hand, money = self.hand, s.money[p]
        kind = self.kind[space]
        if kind == CITY:
            if self.losses is None:
                self.losses = _losses(T, hand)
            score, _ = _best_sale(s, p, T.city_of[space], self.losses)
            return -r.city_no_sale_penalty if score is None else score
        if kind == OASIS:
            if money < r.oasis_single_price:
                return -HOLD * r.oasis_penalty_cards * _mean_loss(T, hand)
            if not s.deck_size:
                return 0.0
            each = self.draw
            if each is None:
                each = self.draw = HOLD * _draw_worth(s, hand)
                self.room = (_room(s, p, 1), _room(s, p, T.oasis_bulk))
            room_one, room_bulk = self.room
            value = each * room_one - r.oasis_single_price
            if money >= T.price_4[space]:
                value = max(value, each * room_bulk - T.price_4[space])
            return value
        c = T.camp_of[space]
        field = s.fields[c]
        if s.fsize[c] >= T.capacity[c]:
            if money < r.camp_full_price:
                return 0.0
            gain = 0
            for g in range(T.G):
                if field[g]:
                    row = T.sale[g][0]
                    gain += row[hand[g] + field[g]] - row[hand[g]]
            return HOLD * gain - r.camp_full_price
        if s.hs[p] == 0:
            self.gift = 0
            return -float(r.camp_no_gift_penalty)
        cheap = self.cheap
        if cheap is None:
            # the cheapest gift is the cheapest card to trade away (_cheapest: the same good)
            cheap = self.cheap = _two_cheapest(T, hand)
            self.gift = cheap[1]
        gain, _ = _trade_plan(T, hand, field, 3, cheap)
        return HOLD * (gain - self.gift)


def _mean_loss(T, hand) -> float:
    losses = [T.sale[g][0][hand[g]] - T.sale[g][0][hand[g] - 1] for g in range(T.G) if hand[g]]
    return sum(losses) / len(losses) if losses else 0.0


def _room(s: SamarkandState, p: int, cards: int) -> float:
    """How many of ``cards`` more cards count at full worth: those past the hand limit
    count ``CROWDED`` each (a hand over the limit discards down to it when the deck runs
    out, and a card beyond a good's last price column never sells for more).  Stops the
    hoarding of 40-card hands."""
    over = max(0, s.hs[p] + cards - s.T.rules.hand_limit)
    over = min(over, cards)
    return (cards - over) + CROWDED * over


def _draw_worth(s: SamarkandState, hand) -> float:
    """Expected rise of V from one card drawn from the deck."""
    T, deck = s.T, s.deck
    total = 0
    for g in range(T.G):
        if deck[g]:
            row = T.sale[g][0]
            total += deck[g] * (row[hand[g] + 1] - row[hand[g]])
    return total / s.deck_size


def _move(state: SamarkandState, moves: list) -> tuple:
    values = _Values(state)
    best, best_move = None, moves[0]
    for m in moves:
        if m[0] == K_STEP:
            v = values.of(m[1], True, 0)
            if best is None or v > best:
                best, best_move = v, m
    if moves[-1][0] == K_DIE:
        T = state.T
        dests = T.die_dest[state.pos[state.cur]]
        base, act = values.base, values._act
        tops = []
        for ds in dests:
            top = None
            for d in ds:
                v = base[d]
                if v is None:
                    v = base[d] = act(d)
                if top is None or v > top:
                    top = v
            tops.append(top)
        die = sum(tops) / len(dests) - T.rules.die_cost
        if die > best:
            best_move = moves[-1]
    return best_move


def _camp(state: SamarkandState, moves: list) -> tuple:
    T, p = state.T, state.cur
    # the cards it may take: the field without those it placed on this visit (D23)
    takeable = [f - n for f, n in zip(state.fields[state.camp], state.placed)]
    gain, first = _trade_plan(T, state.hands[p], takeable, 1 if state.traded else 6)
    if state.free and not state.traded and len(moves) > 1 and moves[-2][0] == K_EXTRA:
        values = _Values(state)
        best = max((m for m in moves if m[0] == K_EXTRA), key=lambda m: values.of(m[1], True, 1))
        if values.of(best[1], True, 1) > HOLD * gain:
            return best
    return first if first is not None else (K_END,)


def _buy(state: SamarkandState, moves: list) -> tuple:
    if len(moves) == 1:
        return moves[0]
    T, p = state.T, state.cur
    each = HOLD * _draw_worth(state, state.hands[p])
    one = each * _room(state, p, 1) - T.rules.oasis_single_price
    bulk = each * _room(state, p, T.oasis_bulk) - T.price_4[state.oasis]
    return moves[1] if bulk >= one else moves[0]


def _chip(state: SamarkandState, moves: list) -> tuple:
    """Move the chip off the market that would pay this player most."""
    T, hand = state.T, state.hands[state.cur]

    def worth(m):
        g = state.markets[state.chips[m[1]]]
        if g == ASSORTMENT:
            return sum(1 for h in hand if h)
        return T.sale[g][0][hand[g]]

    return max(moves, key=worth)

