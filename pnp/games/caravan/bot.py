"""A sensible Caravan player (the heuristic player of ``pnp check``).

It plays the caravan the way the seed describes it: a good is relayed along a line of
the player's own camels, and one "move good" action jumps it over the whole line.  So it
lays camels out ahead of a carried good and shifts the good only to deliver it or when no
camel is left to lay further (leapfrogging the camels left behind).  Each action it takes,
in this order:

1. deliver a good, richest first;
2. steal a good within reach (theft marker, unladen camel beside it), holding at most
   ``HOLD`` goods (the seed's penalties for undelivered goods);
3. pick up a good under one of its unladen camels (same limit);
4. advance the carried good nearest its city: lay a spare camel one step closer to the
   city from the caravan's front, or, with no spare camel, shift the good to the front;
5. with a theft marker, send a spare camel onto a rival's rare or almost delivered good;
6. send a spare camel to the most rewarding good on the board: (points + demand markers)
   per action still needed to deliver it;
7. otherwise end the turn.

Deterministic (the random source is not used).  A camel placement is two decisions
(choose the camel, then its space): the plan of the first is kept in the state's
``player_memo`` for the second, and recomputed (the same) if the memo does not match.
Weights are the bot's, not the game's: every game number comes from the state's tables.
"""

from __future__ import annotations

import random

from pnp.games.caravan.engine import K_CAMEL, K_PICK, K_SHIFT, K_STEAL, K_TO, PH_DEST, CaravanState

HOLD = 2          # most goods the bot carries at once (the seed's penalty starts at 2 held)
RAID_DISTANCE = 1  # a rival's good this close to its city is worth a raid


def choose(state: CaravanState, moves: list, rng: random.Random, hold: int = HOLD) -> tuple:
    """The heuristic's move among ``moves`` (which it returns one of); ``hold``: the most
    goods it carries at once."""
    if state.phase == PH_DEST:
        memo = state.player_memo
        if memo[:3] == (state.turn_count, state.actions_left, state.sel):
            T, t = state.T, memo[3]
            # the destination's own move object (found at once by identity in ``moves``); the
            # shared tuple of every other space holds it unless it is the camel's own space
            if (t != state.sel if moves is T.to_moves_from[state.sel + 1] else T.to_moves[t] in moves):
                return T.to_moves[t]
        plan = _plan(state, hold)
        if plan is not None and plan[0] == K_CAMEL and plan[1] == state.sel and (K_TO, plan[2]) in moves:
            return (K_TO, plan[2])
        return _fallback_destination(state, moves)
    plan = _plan(state, hold)
    T = state.T
    if plan is None:
        return T.end_move
    if plan[0] == K_CAMEL:
        # remember where the chosen camel goes: the next decision places it
        state.player_memo = (state.turn_count, state.actions_left, plan[1], plan[2])
        move = T.camel_moves[plan[1] + 1]  # the move objects of the list (found by identity)
    elif plan[0] == K_PICK:
        move = T.pick_moves[plan[1]]
    else:
        move = plan
    return move if move in moves else T.end_move


def choose_greedy(state: CaravanState, moves: list, rng: random.Random) -> tuple:
    """The exploring games' variant of the heuristic (``pnp check``'s mechanism coverage):
    it picks up and steals every good it can reach, up to one per camel, so games reach
    what a careful carrier never does: every camel laden (C11), the penalties for 3 and
    more undelivered goods, stalled turns."""
    return choose(state, moves, rng, hold=state.ncamels)


def _plan(state: CaravanState, hold: int = HOLD) -> tuple | None:
    """The action to take: a move tuple, ``(K_CAMEL, from, to)`` for a camel placement,
    or None (end the turn).  ``hold``: the most goods to carry at once."""
    T = state.T
    p = state.cur
    pos, load = state.pos[p], state.load[p]
    a = state.actions_left
    n = state.ncamels
    held = [i for i in range(n) if load[i] >= 0]
    if len(held) == n:
        return None  # every camel laden
    group = state._groups(p)
    free_spaces = {s for s, g in zip(pos, load) if g < 0 <= s}

    # 1. deliver
    if a >= T.c_shift:
        best = None
        for i in held:
            g = load[i]
            c = T.city[g]
            if c in free_spaces and group.get(c) == group[pos[i]]:
                if best is None or T.points[g] > T.points[load[best]]:
                    best = i
        if best is not None:
            return (K_SHIFT, best, T.city[load[best]])

    # 2. steal within reach
    if state.theft[p] and a >= T.c_steal and len(held) < hold:
        best, best_v = None, -1
        for q, j, g, s in _stealable(state, p, n):
            if s in free_spaces:
                v = T.points[g] * 10 - T.dist[s][T.city[g]]
                if v > best_v:
                    best, best_v = (K_STEAL, q, j), v
        if best is not None:
            return best

    # 3. pick up
    if a >= T.c_pick and len(held) < hold:
        best, best_v = None, -1
        for s in free_spaces:
            k = T.supply_of[s]
            if k >= 0 and state.board[k] >= 0:
                v = T.points[state.board[k]] + state.demand[k]
                if v > best_v:
                    best, best_v = (K_PICK, s), v
        if best is not None:
            return best

    # 4. advance a carried good, the one nearest its city first
    for i in sorted(held, key=lambda i: (T.dist[pos[i]][T.city[load[i]]], -T.points[load[i]], i)) if len(held) > 1 else held:
        step = _advance(state, p, i, group, a)
        if step is not None:
            return step

    # 5. raid a rival's valuable or nearly delivered good
    if state.theft[p] and a >= T.c_occupied + T.c_steal and len(held) < hold:
        best, best_v = None, -1
        for _, _, g, s in _stealable(state, p, n):
            d = T.dist[s][T.city[g]]
            if T.rare[g] or d <= RAID_DISTANCE:
                v = T.points[g] * 10 - d
                if v > best_v:
                    best, best_v = s, v
        if best is not None:
            return _send(state, p, group, best)

    # 6. fetch the most rewarding good on the board
    if len(held) < hold:
        best, best_v = None, 0.0
        for k, g in enumerate(state.board):
            if g < 0:
                continue
            s = T.supply[k]
            cost = (T.c_occupied if state.occ[s] else T.c_camel) + T.c_pick + T.dist[s][T.city[g]] + T.c_shift
            v = (T.points[g] + state.demand[k]) / cost
            if v > best_v:
                best, best_v = s, v
        if best is not None and (best not in free_spaces):
            cost = T.c_occupied if state.occ[best] else T.c_camel
            if a >= cost:
                return _send(state, p, group, best)
    return None


def _send(state: CaravanState, p: int, group: dict, target: int) -> tuple | None:
    """Send the spare camel nearest ``target`` there (``_spare_camel``), or None (end the
    turn) if no camel is spare."""
    s = _spare_camel(state, p, group, -1, target)
    return None if s is None else (K_CAMEL, s, target)


def _stealable(state, p: int, n: int) -> list[tuple[int, int, int, int]]:
    """(rival, camel index, good, space) of every good a rival carries that ``p`` may
    steal (not protected since its last theft), rivals and camels in order."""
    load, pos, locked = state.load, state.pos, state.locked
    return [(q, j, g, s) for q in range(state.players) if q != p
            for j, (g, s, k) in enumerate(zip(load[q], pos[q], locked[q])) if g >= 0 and not k]


def _spare_camel(state: CaravanState, p: int, group: dict, focus: int, target: int, exclude: int = -2) -> int | None:
    """The unladen camel to send to ``target``, by its space (-1: the reserve), or None if
    no camel may leave its place.  A camel may leave if it is in the reserve, in a group
    carrying no good, or, for the carried good of camel ``focus`` (-1: for every good), in
    its group, farther from its city than the good, and its leaving keeps the group joined.
    The reserve is chosen first (keeps camels on the board where they are), else the camel
    nearest the target (by (distance, space)); camels on space ``exclude`` stay.

    The candidates are tried nearest first and the first that may leave is taken, so a
    group's connectivity is searched only for camels nearer the target than the one sent
    (the list of every spare camel is never made)."""
    T = state.T
    pos, load = state.pos[p], state.load[p]
    dist = T.dist
    near = dist[target]
    candidates = []
    carried = set()  # groups carrying a good
    for s, g in zip(pos, load):
        if g >= 0:
            carried.add(group[s])
        elif s < 0:
            return -1
        elif s != exclude:
            candidates.append((near[s], s))
    if not candidates:
        return None
    candidates.sort()
    laden_groups: dict[int, list[tuple[int, int, int]]] | None = None
    keep_of: dict[int, list[int]] = {}
    for _, s in candidates:
        lab = group[s]
        if lab not in carried:
            return s
        if laden_groups is None:
            city = T.city
            laden_groups = {}  # label -> [(space, city, distance)] of the focus goods
            for i, (t, g) in enumerate(zip(pos, load)):
                if g >= 0 and (focus < 0 or i == focus):
                    laden_groups.setdefault(group[t], []).append((t, city[g], dist[t][city[g]]))
        goods = laden_groups.get(lab)
        if goods is None:
            continue  # a group with goods, but not the focus good's
        here = dist[s]
        for _, c, d in goods:
            if here[c] <= d:
                break
        else:  # farther from every good's city than the good
            if pos.count(s) > 1:
                return s
            keep = keep_of.get(lab)
            if keep is None:
                # the goods and the spaces ahead of any of them must stay joined
                keep = keep_of[lab] = [gs for gs, _, _ in goods] + [
                    t for t, tl in group.items() if tl == lab and any(dist[t][c] < d for _, c, d in goods)]
            if _still_connected(T, pos, s, keep):
                return s
    return None


def _still_connected(T, pos: list[int], removed: int, keep: list[int]) -> bool:
    """Whether the spaces in ``keep`` stay in one group without space ``removed``."""
    spaces = {s for s in pos if s >= 0 and s != removed}
    start = keep[0]
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for t in T.adj[s]:
            if t in spaces and t not in seen:
                seen.add(t)
                todo.append(t)
    return all(k in seen for k in keep)


def _advance(state: CaravanState, p: int, i: int, group: dict, a: int) -> tuple | None:
    """The next action towards delivering camel i's good: lay a spare camel one step
    closer to the city from the caravan's front, else shift the good to the front.
    (Minima by (distance to the city, space): the space breaks every tie.)"""
    T = state.T
    pos, load = state.pos[p], state.load[p]
    g, s = load[i], pos[i]
    city = T.city[g]
    dist = T.dist
    gi = group[s]
    front = fd = -1
    for t, lab in group.items():
        if lab == gi:
            d = dist[t][city]
            if front < 0 or d < fd or (d == fd and t < front):
                front, fd = t, d
    if fd <= 1:  # next to the city, or on it with only laden camels
        target = city
    else:
        occ = state.occ
        target = -1
        for t in T.adj[front]:
            if dist[t][city] < fd and (target < 0 or occ[t] < occ[target] or (occ[t] == occ[target] and t < target)):
                target = t
    if a >= (T.c_occupied if state.occ[target] else T.c_camel):
        sent = _spare_camel(state, p, group, i, target, exclude=front)
        if sent is not None:
            return (K_CAMEL, sent, target)
    if a >= T.c_shift and front != s:
        free_spaces = {t for t, x in zip(pos, load) if x < 0}
        best = bd = -1
        for t, lab in group.items():
            if lab == gi and t in free_spaces:
                d = dist[t][city]
                if best < 0 or d < bd or (d == bd and t < best):
                    best, bd = t, d
        if best >= 0 and bd < dist[s][city]:
            return (K_SHIFT, i, best)
    return None


def _fallback_destination(state: CaravanState, moves: list) -> tuple:
    """A destination when the plan changed between choosing a camel and placing it (it
    cannot, the planner being deterministic; kept so the bot never returns an illegal
    move): the empty space nearest the centre."""
    T = state.T
    centre = (T.rows // 2) * T.columns + T.columns // 2
    return min(moves, key=lambda m: (state.occ[m[1]] > 0, T.dist[m[1]][centre], m[1]))
