"""A one-ply heuristic player for CARAVAN on a chessboard (``choose(state, moves, rng)``).

It plays the game's plain plan: load the goods of the end row it stands on, cross the
Middle East in straight lines towards the other end (preferring moves that gain the most
rows, and oases when more rows remain), sell there, load again and go back.  Cards are
valued by what the plan needs: Move cards most, goods by the set they would build.  It
robs with the Bandits when that costs an opponent something, offers the trade that gains
its hand the most worth among those the partner would accept, accepts a trade that does
not lower its hand's worth (``accepts``, ENGINE-DECISIONS.md S2), and keeps its soldier
when robbed.  Deterministic given ``rng``.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from operator import neg

from pnp.games.caravan_chessboard.engine import (
    C_BANDITS, C_GOOD, C_MOVE, C_SOLDIERS, K_ACCEPT, K_BANDITS, K_DECLINE, K_DONE, K_EXCHANGE, K_LOSE_SOLDIER, K_MOVE,
    K_OFFER, K_PASS, K_PLACE, K_PLAY, K_SELL, PH_ANSWER, PH_BUY, PH_DESERT, PH_DISCARD, PH_EXCHANGE, PH_KEEP, PH_LIMIT,
    PH_MOVE, PH_PLACE, PH_ROB, PH_SELL, PH_TRADE, SIDES_MEMO, ChessboardState,
)

#: Goods of its own end a caravan waits for before leaving (with fewer it stays a turn to draw).
LEAVE_WITH = 4
#: Turns a caravan stands still before it leaves with what it has, or takes a detour
#: (another caravan or quicksand can block every line that gains rows).
PATIENCE = 4
#: Move cards the player likes to hold; more are worth less than goods.
MOVE_CARDS_WANTED = 2


def heading(state: ChessboardState, p: int) -> int:
    """The end (0 Europe, 1 Orient) player ``p`` is travelling to, or loading at."""
    T = state.T
    car = state.cars[p]
    get = T.goods_get
    if any(get[0](car)):
        return 1  # loaded with Europe's goods: they sell at the other end
    if any(get[1](car)):
        return 0
    end = T.end_of[state.pos[p]]
    hand = state.hands[p]
    if end >= 0:
        if any(get[end](hand)):
            return end
        other = 1 - end
        return other if any(get[other](hand)) else end
    # in the desert without goods (robbed): go where the hand's goods load, else the nearer end
    have0, have1 = sum(get[0](hand)), sum(get[1](hand))
    if have0 != have1:
        return 0 if have0 > have1 else 1
    row = T.row_of[state.pos[p]]
    return 0 if row - T.end_row[0] <= T.end_row[1] - row else 1


def loading_at(state: ChessboardState, p: int) -> int:
    """The end (0 or 1) where player ``p`` stands and is still loading goods, or -1.

    A caravan loads until it holds ``LEAVE_WITH`` goods of that end or is full; with some
    goods loaded it stops waiting after ``PATIENCE`` turns standing still, or when few of
    that end's goods are left to draw.
    """
    T = state.T
    end = T.end_of[state.pos[p]]
    if end < 0 or state.car_n[p] >= T.rules.caravan_limit:
        return -1
    car, hand = state.cars[p], state.hands[p]
    here, there = T.goods_get[end], T.goods_get[1 - end]
    if any(there(car)):
        return -1  # still carrying the other end's goods (not sold): leave
    loaded = sum(here(car))
    if loaded >= LEAVE_WITH or (loaded and state.idle[p] >= PATIENCE):
        return -1
    if loaded:
        # goods of this end not on the table nor in the own hand (public information):
        # with few left to draw, waiting for them could last for ever
        unseen = T.goods_total[end] - sum(map(sum, map(here, state.cars))) - sum(here(hand))
        if unseen < 3 * (LEAVE_WITH - loaded):
            return -1
    if not loaded and any(there(hand)) and not any(here(hand)):
        return -1  # nothing to load here, goods for the other end in hand: go there
    return end


def rows_to_go(state: ChessboardState, p: int) -> int:
    """Rows between player ``p``'s caravan and the end row it is heading to."""
    T = state.T
    return abs(T.end_row[heading(state, p)] - T.row_of[state.pos[p]])


def card_value(state: ChessboardState, p: int, t: int, wants: tuple | None = None,
               hand: list[int] | None = None) -> float:
    """How much player ``p`` wants a card of type ``t`` (higher: keep it).

    Move cards most, less for each copy of the same length held and beyond
    ``MOVE_CARDS_WANTED`` in all, more for the length that would finish the crossing;
    goods by the set they would build, goods of the end where the caravan loads next most.
    ``wants``: ``_wants(state, p)``, computed once when several cards are valued;
    ``hand``: the hand to value the card in (default: the player's own, e.g. a hand after
    a trade under consideration).
    """
    region, rows, held = wants or _wants(state, p)
    if hand is None:
        hand = state.hands[p]
    return _value(state.T, t, hand[t], state.cars[p][t], region, rows, held)


def _value(T, t: int, n: int, loaded: int, region: int, rows: int, held: int) -> float:
    """``card_value`` of type ``t`` with ``n`` of it in the hand and ``loaded`` in the
    caravan, ``(region, rows, held)`` the wants: what the value reads of the state, so
    that ``_Worth`` values changed hands without a hand to write them in."""
    k = T.kind[t]
    if k == C_MOVE:
        steps = T.steps[t]
        # 10 + 0.5 * steps - 3 * max(0, n - 1) - 2 * max(0, held - MOVE_CARDS_WANTED),
        # without the calls (x - 0 is x: the same float)
        extra = held - MOVE_CARDS_WANTED
        v = 10 + 0.5 * steps - (3 * (n - 1) if n > 1 else 0) - (2 * extra if extra > 0 else 0)
        return v + 6 if steps == rows else v
    if k == C_GOOD:
        n += loaded
        return 6 + 2 * n if T.region[t] == region else 2 + n
    if k == C_SOLDIERS:
        return 4 if not loaded and n <= 1 else 1
    return 2 if k == C_BANDITS else 1


def hand_worth(state: ChessboardState, p: int, hand: list[int], wants: tuple) -> float:
    """The heuristic worth of ``hand`` (counts per card type) to player ``p``: the sum of
    ``card_value`` over its cards, each valued in that hand; ``wants``: ``_wants(state, p)``
    of the position (its Move-card count is recounted in ``hand``)."""
    w = (wants[0], wants[1], sum(state.T.move_get(hand)))
    return sum(n * card_value(state, p, t, w, hand) for t, n in enumerate(hand) if n)


def _traded(hand: list[int], out: tuple[int, ...], into: tuple[int, ...]) -> list[int]:
    """A copy of ``hand`` without the cards ``out`` and with the cards ``into``."""
    hand = hand[:]
    for t in out:
        hand[t] -= 1
    for t in into:
        hand[t] += 1
    return hand


class _Worth:
    """Player ``p``'s hand-worth changes, by card type (``worth_change``, ``_offer``).

    ``hand_worth`` sums each card's ``card_value`` in the hand; a card's value depends
    on its own type's count and, for a Move card, on the Move cards held (``h``).  So a
    change of the hand by ``d`` cards of type ``t``, the hand then holding ``h2`` Move
    cards, is ``delta(t, d, h2) = term(t, n + d, h2) - term(t, n, h2)`` (``n`` held now,
    ``term`` = count times value) plus, once for the whole change, ``rest(h2)``: what the
    other Move cards held lose or gain with ``h2``.  Every value is a multiple of 0.5
    (``card_value``), so these sums are exact in any order.  Each side's change by type
    and count is remembered (``values``): the few hundred offers of a trade decision
    cost little.
    """

    __slots__ = ("state", "p", "hand", "region", "rows", "held", "is_move", "held_types", "T", "car", "deltas",
                 "rests")

    def __init__(self, state: ChessboardState, p: int, wants: tuple | None = None):
        T = state.T
        self.state, self.p = state, p
        self.hand = hand = state.hands[p]
        wants = wants or _wants(state, p)
        self.region, self.rows = wants[0], wants[1]
        self.held = sum(T.move_get(hand))
        self.is_move = _is_move(T)
        self.held_types = [t for t in T.move_types if hand[t]]
        self.T, self.car = T, state.cars[p]
        self.deltas: dict = {}
        self.rests: dict = {}

    def term(self, t: int, n: int, h: int) -> float:
        """``n`` cards of type ``t`` held with ``h`` Move cards: ``n * card_value``."""
        # computed, not remembered: a value is a few operations, a lookup as many
        return n * _value(self.T, t, n, self.car[t], self.region, self.rows, h) if n > 0 else 0.0

    def delta(self, t: int, d: int, h2: int) -> float:
        n = self.hand[t]
        return self.term(t, n + d, h2) - self.term(t, n, h2)

    def rest(self, h2: int) -> float:
        """The change of the Move cards held, none traded, when ``h2`` Move cards are held."""
        v = self.rests.get(h2)
        if v is None:
            held = self.held
            v = self.rests[h2] = sum(self.term(t, self.hand[t], h2) - self.term(t, self.hand[t], held)
                                     for t in self.held_types)
        return v

    def values(self, runs_list: list, sign: int, h2: int) -> list[float]:
        """The change each side of ``runs_list`` makes (each a tuple of (type, count)
        runs, see ``_side_groups``), given (``sign`` 1) or taken (-1), ``h2`` Move cards
        held after the trade; without ``rest(h2)``."""
        memo = self.deltas.get((sign, h2))
        if memo is None:
            memo = self.deltas[(sign, h2)] = {}
        out = []
        append = out.append
        get = memo.get
        # ``value`` inlined: a decision values a few dozen sides, each one or two runs
        for runs in runs_list:
            v = 0.0
            for tc in runs:
                x = get(tc)
                if x is None:
                    x = memo[tc] = self.delta(tc[0], sign * tc[1], h2)
                v += x
            append(v)
        return out

    def value(self, runs: tuple, sign: int, h2: int) -> float:
        """The change one side (a tuple of (type, count) runs) makes; see ``values``."""
        memo = self.deltas.get((sign, h2))
        if memo is None:
            memo = self.deltas[(sign, h2)] = {}
        v = 0.0
        for tc in runs:
            x = memo.get(tc)
            if x is None:
                x = memo[tc] = self.delta(tc[0], sign * tc[1], h2)
            v += x
        return v

    def change(self, out: tuple[int, ...], into: tuple[int, ...]) -> float:
        """``hand_worth`` after giving the card types ``out`` and receiving ``into`` (no
        type in both; padded with -1 or not) minus the worth now."""
        is_move = self.is_move
        h2 = self.held - sum(1 for t in out if t >= 0 and is_move[t]) + sum(1 for t in into if t >= 0 and is_move[t])
        return self.value(_runs(out), -1, h2) + self.value(_runs(into), 1, h2) + self.rest(h2)


def _runs(side: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """An offer side (types, padded with -1) as ``((type, count), ...)``."""
    counts: dict[int, int] = {}
    for t in side:
        if t >= 0:
            counts[t] = counts.get(t, 0) + 1
    return tuple(counts.items())


def worth_change(state: ChessboardState, p: int, wants: tuple | None = None):
    """``change(out, into)``: ``hand_worth`` of player ``p``'s hand after giving the card
    types ``out`` and receiving ``into``, minus its worth now; computed from the changed
    types only (``_Worth``).  ``out``/``into`` may be padded with -1 (offer sides)."""
    return _Worth(state, p, wants).change


def accepts(state: ChessboardState, q: int, offer: tuple, change=None) -> bool:
    """The bots' acceptance rule (ENGINE-DECISIONS.md, S2): player ``q`` accepts the trade
    ``offer`` (a K_OFFER move made to ``q``) if its hand is worth at least as much after
    the trade as before (``hand_worth``, wants of the position before the trade).
    ``change``: ``worth_change(state, q)``, when several offers are judged."""
    give, get = state.offer_sides(offer)  # the mover gives ``give`` to q and receives ``get``
    change = change or worth_change(state, q)
    return change(get, give) >= -1e-9


def _offer(state: ChessboardState, p: int, moves: list[tuple]) -> tuple:
    """The offer that raises ``p``'s hand worth the most among those its partner accepts
    (``accepts``: the bot knows the rule and, as every bot here, the open state), or no
    more offers when none gains.  Ties go to the first partner, then the first get side
    (the partner's cards, in ``_sides`` order), then the first give side.

    Searched over the engine's offer sides (``_sides``, the same rules as ``_offers``, so
    the result is one of ``moves``) rather than over the listed moves.  A trade's worth
    change is a give side's part plus a get side's part plus a rest, all three fixed once
    the Move cards held after the trade are (``_Worth``); so with the sides grouped by
    Move cards a group pair's offers are sums ``X[give] + Y[get] + C`` for the
    mover and ``U[give] + V[get] + D`` for the partner.  Each group's give sides are
    sorted by ``X``, best first, and a scan stops as soon as the best still reachable
    falls below the best accepted offer found: most of the few hundred offers of a
    decision are never looked at, and the partner's parts are computed only for the
    offers that would be chosen if accepted.  The sums are exact (``_Worth``), so the result is the
    exhaustive search's, ties included."""
    if len(moves) < 2:
        return (K_DONE,)
    T = state.T
    limit = T.hand_limit
    mine = _Worth(state, p)
    n_p = state.hand_n[p]
    gives = _side_groups(state, state.hands[p])
    best, best_key, choice = 0.0, (-1,), (K_DONE,)  # an offer must gain: more than 0
    give_lists: dict = {}  # the mover's part of its give sides: the same for every partner
    for qi, q in enumerate(state.partners):
        theirs = _Worth(state, q)
        n_q = state.hand_n[q]
        gets = _side_groups(state, state.hands[q])
        get_values: dict = {}
        for b, (get_rows, get_runs) in gets.items():
            for a, (give_rows, give_runs) in gives.items():
                h_p, h_q = mine.held - a + b, theirs.held + a - b  # Move cards held after the trade
                # a side without Move cards has the same value whatever the Move cards held
                key = (a, h_p) if a else 0
                gl = give_lists.get(key)
                if gl is None:  # rows (-X, index, side, its types, its runs, its cards): best X first, then by order
                    gl = give_lists[key] = sorted(zip(map(neg, mine.values(give_runs, -1, h_p)), *give_rows, give_runs))
                key = (b, h_p) if b else 0
                ys = get_values.get(key)
                if ys is None:
                    ys = get_values[key] = mine.values(get_runs, 1, h_p)
                c = mine.rest(h_p)
                top = -gl[0][0]  # the most any give side of the group adds
                if top + max(ys) + c < best:
                    continue
                d = None
                for j, get, n_get, y, runs in zip(get_rows[0], get_rows[1], get_rows[3], ys, get_runs):
                    y += c
                    if top + y < best:
                        continue
                    # the hand limit (K2) for both hands after the trade, as bounds on the give side's cards
                    lo, hi = n_p + n_get - limit, limit - n_q + n_get
                    v = None  # the partner's part of this get side, once needed
                    for x, i, give, kinds, n_give, give_run in gl:
                        gain = y - x
                        if gain < best or gain == best and (qi, j, i) >= best_key:
                            break  # the rest of the list gains less, or as much but later in order
                        if not lo <= n_give <= hi or not kinds.isdisjoint(get):
                            continue  # a hand above the limit, or a type on both sides: not an offer
                        if v is None:
                            if d is None:
                                d = theirs.rest(h_q)
                            v = theirs.value(runs, -1, h_q) + d
                        if theirs.value(give_run, 1, h_q) + v >= -1e-9:
                            best, best_key, choice = gain, (qi, j, i), (K_OFFER, q) + give + get
                            break  # the first accepted is this get side's best
    return choice


def _is_move(T) -> list[bool]:
    """``is_move[t]``: card type ``t`` is a Move card (remembered per model in ``T.scratch``)."""
    v = T.scratch.get(_is_move)
    if v is None:
        v = T.scratch[_is_move] = [k == C_MOVE for k in T.kind]
    return v


def _side_groups(state: ChessboardState, hand: list[int]) -> dict:
    """The offer sides of ``hand`` (``ChessboardState._sides``) grouped by their Move
    cards: ``((indices in _sides, sides, their card types as sets, their cards), runs)``,
    ``runs`` each side's ``_runs``, in ``_sides`` order.  Remembered per hand, as
    ``_sides`` is.  (Grouped by Move cards only, as a side's worth depends on them through
    the Move cards held after the trade; the hand limit is tested side by side in
    ``_offer``: fewer groups, fewer lists to build and sort for every decision.)"""
    T = state.T
    key = tuple(hand)
    memo = T.scratch.get(_side_groups)
    if memo is None or len(memo) >= SIDES_MEMO:
        memo = T.scratch[_side_groups] = {}
    out = memo.get(key)
    if out is None:
        info = _side_info(T)
        groups: dict = {}
        for i, (side, n) in enumerate(state._sides(hand)):
            moves, kinds, runs = info[side]
            g = groups.get(moves)
            if g is None:
                g = groups[moves] = ([], [], [], [], [])
            g[0].append(i)
            g[1].append(side)
            g[2].append(kinds)
            g[3].append(n)
            g[4].append(runs)
        out = memo[key] = {k: (g[:4], g[4]) for k, g in groups.items()}
    return out


def _side_info(T) -> dict:
    """For every offer side the model allows (1..trade_max cards, sorted, padded with -1):
    (its Move cards, its card types as a set, its ``_runs``); made once per model."""
    info = T.scratch.get(_side_info)
    if info is None:
        is_move, k = _is_move(T), T.trade_max
        info = {}
        for n in range(1, k + 1):
            for side in combinations_with_replacement(range(T.T), n):
                side += (-1,) * (k - n)
                info[side] = (sum(1 for t in side if t >= 0 and is_move[t]), frozenset(t for t in side if t >= 0),
                              _runs(side))
        T.scratch[_side_info] = info
    return info


def _wants(state: ChessboardState, p: int) -> tuple[int, int, int]:
    """(end whose goods the caravan loads next, rows still to cross, Move cards held)."""
    T = state.T
    goal = heading(state, p)
    load = loading_at(state, p)
    hand = state.hands[p]
    rows = abs(T.end_row[goal] - T.row_of[state.pos[p]])
    return (load if load >= 0 else goal), rows, sum(T.move_get(hand))


def turns_to_finish(rows: int, steps: list[int]) -> int:
    """Estimated turns to cover ``rows`` exactly with Move cards of ``steps`` (one card a
    turn; a move may also go away from the goal and come back)."""
    if rows == 0:
        return 0
    if rows in steps:
        return 1
    n = len(steps)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = steps[i], steps[j]
            if a + b == rows or abs(a - b) == rows:
                return 2
    return 2 + (rows + 2) // 3


def _least_wanted(state: ChessboardState, p: int, moves: list[tuple], wants: tuple) -> tuple:
    """The move among ``moves`` (each ``(kind, card type)``, distinct types) whose card
    player ``p`` wants least: ``min`` by ``(card_value, type)``."""
    best, key = None, None
    for m in moves:
        t = m[1]
        k = (card_value(state, p, t, wants), t)
        if key is None or k < key:
            best, key = m, k
    return best


def choose(state: ChessboardState, moves: list[tuple], rng: random.Random) -> tuple:
    """The heuristic's move among ``moves`` (the state's legal moves); phases by frequency."""
    ph = state.phase
    p = state.rob_queue[0] if ph == PH_ROB else state.offer[1] if ph == PH_ANSWER else state.cur  # current_player()
    if ph == PH_MOVE:
        return _move(state, p, moves)
    if ph == PH_DISCARD or ph == PH_EXCHANGE:  # discard nothing; exchange when it is free
        return _exchange(state, p, moves)
    if ph == PH_KEEP or ph == PH_LIMIT:
        return _least_wanted(state, p, moves, _wants(state, p))
    if ph == PH_BUY:
        return _buy(state, p, moves)
    if ph == PH_TRADE:
        return _offer(state, p, moves)
    if ph == PH_ANSWER:
        return (K_ACCEPT,) if accepts(state, p, state.offer) else (K_DECLINE,)
    if ph == PH_DESERT:
        return _desert(state, p, moves)
    if ph == PH_SELL:
        return (K_SELL,)
    if ph == PH_ROB:
        return (K_LOSE_SOLDIER,)
    if ph == PH_PLACE:
        return _place(state, p, moves, rng)
    return moves[rng.randrange(len(moves))]  # the desert pawns' start squares: any


def _exchange(state: ChessboardState, p: int, moves: list[tuple]) -> tuple:
    """Exchange the two least wanted cards when the hand limit would discard them anyway:
    with a nearly full hand the exchange costs nothing and shows one more card (K1).
    Discards nothing else (the draw phase's own discard keeps the best of the cards)."""
    r = state.T.rules
    begun = state.phase == PH_EXCHANGE
    after = state.hand_n[p] - r.exchange_discard + r.exchange_draw + r.draw_cards - r.draw_discard
    if begun or after >= r.hand_limit:
        wants = _wants(state, p)
        options = [m for m in moves if m[0] == K_EXCHANGE]
        if options:
            return _least_wanted(state, p, options, wants)
    return (K_DONE,)


def _move(state: ChessboardState, p: int, moves: list[tuple]) -> tuple:
    T = state.T
    here = state.pos[p]
    end = T.end_of[here]
    if end >= 0:
        if loading_at(state, p) == end:
            return (K_PASS,)  # wait a turn to draw more of this end's goods
        goal = 1 - end
    else:
        goal = heading(state, p)
    target = T.end_row[goal]
    row_of = T.row_of
    now = abs(target - row_of[here])
    # the crossing estimates depend on the Move cards held (their counts by length) and
    # the rows to go only: remembered per model in T.scratch
    counts = T.move_get(state.hands[p])
    memo = T.scratch
    if len(memo) > 200_000:
        memo.clear()
    key = (counts, now)
    est = memo.get(key)
    if est is None:
        est = memo[key] = turns_to_finish(now, _steps(T, counts))
    # pass: the crossing still costs what the cards in hand need, plus this turn; after
    # PATIENCE turns standing still any move beats waiting (a detour round a blockade)
    best, score = (K_PASS,), -10.0 * (1 + est) - now - 0.5
    if state.idle[p] >= PATIENCE and now and not state.moved:
        score = float("-inf")
    steps_of, oasis = T.steps, state.oasis
    for m in moves:
        if m[0] != K_MOVE:
            continue
        dest = m[2]
        n = steps_of[m[1]]
        left = abs(target - row_of[dest])
        key = (counts, n, left)
        est = memo.get(key)
        if est is None:
            rest = _steps(T, counts)
            rest.remove(n)
            est = memo[key] = turns_to_finish(left, rest)
        if left and oasis[dest] and est >= 1:
            est -= 0.8  # an oasis: move again at once
        s = -10.0 * (1 + est) - left - 0.05 * n
        if s > score:
            best, score = m, s
    return best


def _steps(T, counts: tuple[int, ...]) -> list[int]:
    """The lengths of the Move cards held, from their counts (``T.move_get(hand)``)."""
    return [T.steps[t] for t, c in zip(T.move_types, counts) for _ in range(c)]


def _buy(state: ChessboardState, p: int, moves: list[tuple]) -> tuple:
    T = state.T
    hand, car = state.hands[p], state.cars[p]
    goods = [m for m in moves if m[0] == K_PLAY and T.kind[m[1]] == C_GOOD]
    if goods:  # the biggest set first
        return max(goods, key=lambda m: (car[m[1]] + hand[m[1]], -m[1]))
    if (K_PLAY, T.soldier) in moves and not car[T.soldier] and state.car_n[p]:
        return (K_PLAY, T.soldier)
    return (K_DONE,)


def _desert(state: ChessboardState, p: int, moves: list[tuple]) -> tuple:
    """Move the Bandits where they rob the most goods from opponents; else nothing."""
    T = state.T
    best, gain = (K_DONE,), 0
    players = state.players
    for m in moves:
        if m[0] != K_BANDITS:
            continue
        loss = 0
        for s in T.around[m[2]]:
            q = state.occ[s]
            if 0 <= q < players and q != p:
                car = state.cars[q]
                goods = state.car_n[q] - car[T.soldier]
                loss += 1 if car[T.soldier] and goods else goods
        if loss > gain:
            best, gain = m, loss
    return best


def _place(state: ChessboardState, p: int, moves: list[tuple], rng: random.Random) -> tuple:
    """Start at the end whose goods the hand holds more of (it can load at once)."""
    T = state.T
    hand = state.hands[p]
    have = [sum(hand[t] for t in T.goods_of[e]) for e in (0, 1)]
    end = 0 if have[0] > have[1] else 1 if have[1] > have[0] else rng.randrange(2)
    mine = [m for m in moves if m[0] == K_PLACE and T.end_of[m[1]] == end] or moves
    return mine[rng.randrange(len(mine))]
