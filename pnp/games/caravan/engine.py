"""Caravan's rules as a game state for the engine core.

Source: ``shared/seeds/caravan.rules.da.txt`` (quoted in comments as "seed: ...") and,
where it is silent, ``data/caravan/ENGINE-DECISIONS.md`` (quoted as "C<n>").  Every number
comes from the loaded model (``pnp.games.caravan.model.Caravan``) through ``Tables``.

Shapes, for speed (plain ints and lists, no copying):
- spaces are indices ``row * columns + column``; supply spaces are also known by their
  index ``k`` in numeric order (space number ``k + 1``); goods are indices 0..G-1 in data
  order; the bag is a list of G counts (a draw is a uniformly random good of what it holds).
- each player's camels are parallel lists ``pos`` (space, -1 in reserve beside the board),
  ``load`` (good carried, -1 unladen) and ``locked`` (a stolen good that has not moved
  since: seed "Stjæl en vare").  Camels of one player are interchangeable; where a rule
  picks "an unladen camel on space s" the engine takes the lowest index there.

Decisions are moves (tuples of small ints, first item the kind ``K_*``).  A turn is a
series of actions until the player's actions are spent or he ends it (C2):
``(K_CAMEL, from)`` chooses an unladen camel (by its space, -1 = reserve) and
``(K_TO, space)`` places it (the two together are one action, 1 or 2 actions' cost);
``(K_PICK, space)``, ``(K_STEAL, victim, camel)``, ``(K_SHIFT, camel, space)`` (move a good,
delivering it if ``space`` is its city), ``(K_END,)``.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.model.variant import Variant
from pnp.engine.core import InvariantViolation, Labels, RuleGap, counted_index

# move kinds
K_END, K_CAMEL, K_TO, K_PICK, K_STEAL, K_SHIFT = range(6)
KIND_NAMES = ("end", "camel", "to", "pick up", "steal", "move good")
# phases (whose decision is awaited)
PH_ACT, PH_DEST, PH_OVER = range(3)
# how a game ended
END_DELIVERY, END_STALEMATE = "delivery", "stalemate"


class Tables:
    """Everything a state needs from the model, precomputed once per game model.

    ``adj[s]``: orthogonal neighbours of space s; ``dist[s][t]``: steps between spaces
    (Manhattan distance); ``city[g]``: the space of good g's city; ``city_good[s]``: the
    good a space's city takes (-1: not a city); ``supply[k]``: the space of supply space
    number k + 1; ``supply_of[s]``: k (-1: not a supply space).
    """

    def __init__(self, game):
        self.game = game
        b, r = game.board, game.rules
        self.rows, self.columns = b.rows, b.columns
        N = self.N = b.rows * b.columns
        self.goods = tuple(g.id for g in game.goods)
        self.G = len(self.goods)
        self.points = tuple(g.points for g in game.goods)
        self.rare = tuple(g.kind == "rare" for g in game.goods)
        cols = b.columns
        self.adj = tuple(
            tuple(n for n, ok in ((s - cols, s >= cols), (s + cols, s < N - cols),
                                  (s - 1, s % cols > 0), (s + 1, s % cols < cols - 1)) if ok)
            for s in range(N)
        )
        self.dist = tuple(
            tuple(abs(s // cols - t // cols) + abs(s % cols - t % cols) for t in range(N)) for s in range(N)
        )
        self.city = tuple(b.city(g).row * cols + b.city(g).column for g in self.goods)
        self.city_good = tuple(self.city.index(s) if s in self.city else -1 for s in range(N))
        self.supply = tuple(s.row * cols + s.column for s in b.supply)
        self.supply_of = tuple(self.supply.index(s) if s in self.supply else -1 for s in range(N))
        self.demand_start = tuple(s.demand_at_start for s in b.supply)
        self.rules = r
        self.turn_actions = r.turn_actions
        self.max_actions = max(r.turn_actions)
        c = r.costs
        self.c_camel, self.c_occupied = c["camel"], c["camel_occupied"]
        self.c_pick, self.c_shift, self.c_steal = c["pick_up"], c["move_good"], c["steal"]
        self.penalties = r.penalties
        self.demand_total = game.components.demand_markers
        #: ``(K_TO, s)`` for every space s: the one move object of each destination
        self.to_moves = to_moves = tuple((K_TO, s) for s in range(N))
        #: destinations of a camel from space f (index f + 1; -1 = the reserve): every other
        #: space; ``legal_moves`` returns this tuple itself when every one is affordable
        self.to_moves_from = tuple(tuple(m for m in to_moves if m[1] != f) for f in range(-1, N))
        self.space_names = tuple(self._name(s) for s in range(N))
        #: the one move object of choosing a camel on space f (index f + 1; -1 = reserve),
        #: of picking up on space s, of ending the turn (found by identity in a move list)
        self.camel_moves = tuple((K_CAMEL, f) for f in range(-1, N))
        self.pick_moves = tuple((K_PICK, s) for s in range(N))
        self.end_move = (K_END,)

    def _name(self, s: int) -> str:
        """A space in words for logs: 'city meat', 'supply 3' or 'r2c5'."""
        if self.city_good[s] >= 0:
            return f"city {self.goods[self.city_good[s]]}"
        if self.supply_of[s] >= 0:
            return f"supply {self.supply_of[s] + 1}"
        return f"r{s // self.columns}c{s % self.columns}"


_TABLES: dict[int, Tables] = {}


def tables(game) -> Tables:
    """The (cached) ``Tables`` of a loaded model."""
    t = _TABLES.get(id(game))
    if t is None or t.game is not game:
        t = _TABLES[id(game)] = Tables(game)
    return t


def new_game(game, variant: Variant, seed: int, track: tuple = (),
             first_turn_bonus: tuple[int, ...] | None = None, start_demand: tuple[int, ...] = (),
             finish_round: bool = False) -> "CaravanState":
    """A set-up game of ``variant`` (seed: "opsætning"): the variant's goods in the bag,
    one drawn onto each numbered supply space in numeric order, the demand markers of
    set-up put out, camels and one theft marker per player.  ``track`` is unused (every
    game records what ``sizing`` reads).  ``first_turn_bonus``: actions added to each
    seat's first turn (a seat compensation, ``pnp balance``; default: the set-up's own,
    ``Setup.first_turn_bonus``, none in the seed's set-ups).  ``start_demand``: demand
    markers (1 point each) each seat takes from the supply at set-up; ``finish_round``: the
    ending delivery does not end the game at once, the round is played to its end (the
    players after the one who made it, up to the last in turn order, take one more turn):
    both seat compensations ``pnp balance`` may try, not rules of the seed.

    Raises:
        VariantError: player count or set-up not in the data (key "--players"/"--variant").
    """
    game.variant(variant.players, variant.setup)  # validates the combination
    state = CaravanState(tables(game), variant, seed)
    if first_turn_bonus is None:  # a balanced set-up's own bonus (game.yaml)
        first_turn_bonus = game.setup(variant.setup).first_turn_bonus.get(variant.players)
    if first_turn_bonus:
        if len(first_turn_bonus) != variant.players or min(first_turn_bonus) < 0:
            raise RuleGap(f"first-turn bonus {first_turn_bonus} for {variant.players} players")
        state.bonus = tuple(first_turn_bonus)
        state.actions_left += state.bonus[0]
    if start_demand:
        if len(start_demand) != variant.players or min(start_demand) < 0 or sum(start_demand) > state.demand_free:
            raise RuleGap(f"start demand markers {start_demand} for {variant.players} players, "
                          f"{state.demand_free} in the supply")
        for p, k in enumerate(start_demand):
            state.demand_held[p] += k
        state.demand_free -= sum(start_demand)
        state.max_demand_in_use = state.T.demand_total - state.demand_free
    state.finish_round = finish_round
    return state


class CaravanState:
    """One game of Caravan in progress (follows ``pnp.engine.core.GameState``)."""

    __slots__ = (
        "T", "seed", "players", "variant", "rng", "phase", "cur", "sel", "actions_left", "acted",
        "turn_count", "passes", "ncamels", "pos", "load", "locked", "occ", "board", "demand",
        "on_board", "bag", "bag_size", "total", "delivered", "demand_held", "theft", "demand_free",
        "end_triggered", "ended_by", "winner_seat", "scores", "counters", "max_demand_in_use",
        "max_held", "max_theft_held", "max_demand_on_space", "max_delivered_good", "penalties",
        "group_cache", "player_memo", "bonus", "finish_round", "last_round",
    )

    def __init__(self, T: Tables, variant: Variant, seed: int):
        game, r = T.game, T.rules
        self.T = T
        self.seed = seed
        self.variant = variant
        self.players = n = variant.players
        self.rng = random.Random(seed)
        counts = game.goods_counts(variant)
        self.total = [counts[g] for g in T.goods]
        self.bag = list(self.total)
        self.bag_size = sum(self.bag)
        self.ncamels = c = game.camels_per_player(variant)
        self.pos = [[-1] * c for _ in range(n)]
        self.load = [[-1] * c for _ in range(n)]
        self.locked = [[False] * c for _ in range(n)]
        self.occ = [0] * T.N
        self.delivered = [[0] * T.G for _ in range(n)]
        self.demand_held = [0] * n
        self.theft = [r.theft_markers_each] * n
        # seed: one good on each numbered space, drawn in numeric order, then a demand
        # marker on spaces 1, 2, 7 and 8
        K = len(T.supply)
        self.board = [-1] * K
        self.demand = list(T.demand_start)
        self.demand_free = T.demand_total - sum(self.demand)
        self.on_board = 0
        for k in range(K):
            if self.bag_size:
                self.board[k] = self._draw()
                self.on_board += 1
        self.end_triggered = self.bag_size == 0
        self.phase = PH_ACT
        self.cur = 0  # seat 0 starts (seed: the last to choose a colour, or chosen at random)
        self.sel = -1
        self.turn_count = 1
        self.actions_left = r.actions(1)
        self.bonus: tuple[int, ...] = ()  # actions added to each seat's first turn (new_game)
        self.finish_round = False  # the ending delivery starts the last round (new_game)
        self.last_round = False
        self.acted = False
        self.passes = 0
        self.ended_by = None
        self.winner_seat = None
        self.scores = None
        self.counters = {"pickups": 0, "deliveries": 0, "steals": 0, "refills": 0, "camel_moves": 0,
                         "demand_short": 0, "shared_wins": 0}
        self.penalties: dict[str, int] = {}
        self.max_demand_in_use = T.demand_total - self.demand_free
        self.max_held = 0
        self.max_theft_held = r.theft_markers_each
        self.max_demand_on_space = max(self.demand, default=0)
        self.max_delivered_good = 0
        #: per player, (positions of his camels, ``_groups`` of them) or None
        self.group_cache: list[tuple | None] = [None] * n
        self.player_memo: tuple = ()  # scratch for a player's two-step decision; the rules never read it

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def winner(self) -> int | None:
        return self.winner_seat

    def turns(self) -> int:
        return self.turn_count

    def legal_moves(self) -> list[tuple] | tuple[tuple, ...]:
        """The moves of the decision awaited, as a list; placing a camel with actions for
        an occupied space, the shared tuple ``Tables.to_moves_from`` (every other space)."""
        ph = self.phase
        T = self.T
        a = self.actions_left
        if ph == PH_DEST:
            f = self.sel
            occ = self.occ
            if a >= T.c_occupied:
                return T.to_moves_from[f + 1]  # shared, not copied (a tuple: nobody changes it)
            return [m for m in T.to_moves_from[f + 1] if not occ[m[1]]] if a >= T.c_camel else []
        if ph != PH_ACT:
            return []
        p = self.cur
        pos, load = self.pos[p], self.load[p]
        moves = [T.end_move]
        free = []  # spaces of unladen camels (-1 reserve), each once
        laden = False
        for s, g in zip(pos, load):
            if g < 0:
                if s not in free:
                    free.append(s)
            else:
                laden = True
        if not free:
            return moves  # every camel laden: nothing to do but end the turn (C11)
        if a >= T.c_camel:
            camel_moves = T.camel_moves
            moves += [camel_moves[f + 1] for f in free]
        if a >= T.c_pick:
            board, supply_of = self.board, T.supply_of
            for s in free:
                if s >= 0 and supply_of[s] >= 0 and board[supply_of[s]] >= 0:
                    moves.append(T.pick_moves[s])
        if self.theft[p] and a >= T.c_steal:
            for q in range(self.players):
                if q != p:
                    qp, qk = self.pos[q], self.locked[q]
                    for j, g in enumerate(self.load[q]):
                        if g >= 0 and not qk[j] and qp[j] in free:
                            moves.append((K_STEAL, q, j))
        if laden and a >= T.c_shift:
            group = self._groups(p)
            for i, g in enumerate(load):
                if g >= 0:
                    gi = group[pos[i]]
                    for s in free:
                        if s >= 0 and group[s] == gi:
                            moves.append((K_SHIFT, i, s))
        return moves

    def _groups(self, p: int) -> dict[int, int]:
        """Space -> group label for the spaces holding player ``p``'s camels; a group is a
        set of orthogonally connected spaces (seed: "ortogonalt forbundne kameler").
        Cached per player with the positions it was found for (the caller must not change
        it): a player's groups change only when his camels move, so those of his last
        decision answer his next turn's first decision."""
        key = tuple(self.pos[p])
        cached = self.group_cache[p]
        if cached is not None and cached[0] == key:
            return cached[1]
        spaces = {s for s in key if s >= 0}
        label: dict[int, int] = {}
        adj = self.T.adj
        for start in spaces:
            if start in label:
                continue
            label[start] = start
            todo = [start]
            while todo:
                s = todo.pop()
                for t in adj[s]:
                    if t in spaces and t not in label:
                        label[t] = start
                        todo.append(t)
        self.group_cache[p] = (key, label)
        return label

    # ------------------------------------------------------------------ applying moves
    def apply(self, m: tuple) -> None:
        k = m[0]
        T = self.T
        p = self.cur
        if k == K_CAMEL:
            self.sel = m[1]
            self.phase = PH_DEST
            return
        if k == K_TO:
            t = m[1]
            cost = T.c_occupied if self.occ[t] else T.c_camel
            i = self._free_camel(p, self.sel)
            if self.sel >= 0:
                self.occ[self.sel] -= 1
            self.pos[p][i] = t
            self.occ[t] += 1
            self.counters["camel_moves"] += 1
            self.phase = PH_ACT
            self.sel = -1
            self._spend(cost)
        elif k == K_PICK:
            self._pick(p, m[1])
            self._spend(T.c_pick)
        elif k == K_STEAL:
            self._steal(p, m[1], m[2])
            self._spend(T.c_steal)
        elif k == K_SHIFT:
            if self._shift(p, m[1], m[2]):
                return  # the game is over (seed: ends at once when the next good is delivered)
            self._spend(T.c_shift)
        elif k == K_END:
            # C10: only a turn in which the player could not act counts towards a
            # stalemate; a turn passed by choice (other moves were legal) ends the count
            if self._can_act():
                self.acted = True
            self._end_turn()
        else:
            raise RuleGap(f"unknown move {m!r}")

    def _can_act(self) -> bool:
        """Whether ``legal_moves`` offers more than ending the turn.  An unladen camel and
        an action to place it (the usual case) answer without building the move list."""
        if self.phase == PH_ACT and self.actions_left >= self.T.c_camel and min(self.load[self.cur]) < 0:
            return True
        return len(self.legal_moves()) > 1

    def _free_camel(self, p: int, s: int) -> int:
        """Index of player p's lowest-index unladen camel on space s (-1: reserve)."""
        pos, load = self.pos[p], self.load[p]
        for i in range(self.ncamels):
            if pos[i] == s and load[i] < 0:
                return i
        raise RuleGap(f"player {p} has no unladen camel on {self.T.space_names[s] if s >= 0 else 'reserve'}")

    def _spend(self, cost: int) -> None:
        if cost > self.actions_left:
            raise RuleGap(f"an action costing {cost} with {self.actions_left} actions left")
        self.actions_left -= cost
        self.acted = True
        if not self.actions_left:
            self._end_turn()

    # -- seed: "Hent en god"
    def _pick(self, p: int, s: int) -> None:
        T = self.T
        k = T.supply_of[s]
        i = self._free_camel(p, s)
        g = self.board[k]
        self.load[p][i] = g
        self.board[k] = -1
        self.on_board -= 1
        self.demand_held[p] += self.demand[k]  # seed: the space's demand markers come along
        self.demand[k] = 0
        self.counters["pickups"] += 1
        self._note_held(p)
        r = T.rules
        # seed "genopfyld varer": as soon as only 4 goods are left on the board (C8: only
        # while the bag holds goods)
        if self.on_board <= r.refill_goods_left and self.bag_size:
            self._refill()

    def _refill(self) -> None:
        """Seed: a demand marker on each space holding a remaining good, then draw 4 goods
        onto the empty numbered spaces in numeric order (C8)."""
        r = self.T.rules
        board, demand = self.board, self.demand
        for k in range(len(board)):
            if board[k] >= 0:
                add = min(r.refill_demand_markers, self.demand_free)
                if add < r.refill_demand_markers:
                    self.counters["demand_short"] += 1
                demand[k] += add
                self.demand_free -= add
                if demand[k] > self.max_demand_on_space:
                    self.max_demand_on_space = demand[k]
        in_use = self.T.demand_total - self.demand_free
        if in_use > self.max_demand_in_use:
            self.max_demand_in_use = in_use
        drawn = 0
        for k in range(len(board)):
            if drawn == r.refill_draw or not self.bag_size:
                break
            if board[k] < 0:
                board[k] = self._draw()
                self.on_board += 1
                drawn += 1
        self.counters["refills"] += 1
        if not self.bag_size:
            self.end_triggered = True  # seed: "udløses, når de sidste fire varer fjernes fra posen"

    def _draw(self) -> int:
        """A uniformly random good from the bag (C14)."""
        g = counted_index(self.bag, self.rng.randrange(self.bag_size))
        self.bag[g] -= 1
        self.bag_size -= 1
        return g

    # -- seed: "Stjæl en vare"
    def _steal(self, p: int, q: int, j: int) -> None:
        if not self.theft[p]:
            raise RuleGap(f"player {p} steals without a theft marker")
        if self.locked[q][j]:
            raise RuleGap("a stolen good stolen again before it moved")
        s = self.pos[q][j]
        i = self._free_camel(p, s)
        self.load[p][i] = self.load[q][j]
        self.locked[p][i] = True  # seed: "indtil den flyttes, bliver den muligvis ikke stjålet igen"
        self.load[q][j] = -1
        self.locked[q][j] = False
        self.theft[p] -= 1
        self.theft[q] += 1  # seed: the marker passes to the victim
        if self.theft[q] > self.max_theft_held:
            self.max_theft_held = self.theft[q]
        self.counters["steals"] += 1
        self._note_held(p)

    # -- seed: "Flyt (og lever) en god"
    def _shift(self, p: int, i: int, t: int) -> bool:
        """Move player p's good from camel i to an unladen camel of his on space t (same
        group); deliver it if t is its city.  True if the delivery ended the game."""
        T = self.T
        load = self.load[p]
        g = load[i]
        if g < 0:
            raise RuleGap(f"camel {i} of player {p} carries nothing to move")
        b = self._free_camel(p, t)
        load[i] = -1
        self.locked[p][i] = False
        if T.city[g] == t:
            d = self.delivered[p]
            d[g] += 1
            if d[g] > self.max_delivered_good:
                self.max_delivered_good = d[g]
            self.counters["deliveries"] += 1
            if self.end_triggered:
                if not self.finish_round:
                    self._game_over(END_DELIVERY)
                    return True
                self.last_round = True     # the game ends with the round (new_game's finish_round)
        else:
            load[b] = g  # a good moved is no longer protected from theft
        return False

    def _note_held(self, p: int) -> None:
        held = sum(1 for g in self.load[p] if g >= 0)
        if held > self.max_held:
            self.max_held = held

    # -- turns
    def _end_turn(self) -> None:
        if self.last_round and self.cur == self.players - 1:
            self._game_over(END_DELIVERY)
            return
        if self.acted:
            self.passes = 0
        else:
            self.passes += 1
            # C10: a full round of turns in which nobody could act ends the game
            if self.passes >= self.players * self.T.rules.stalemate_turns_per_player:
                self._game_over(END_STALEMATE)
                return
        self.cur = (self.cur + 1) % self.players
        self.turn_count += 1
        self.actions_left = self.T.rules.actions(self.turn_count)
        if self.bonus and self.turn_count <= self.players:
            self.actions_left += self.bonus[self.cur]
        self.acted = False
        self.phase = PH_ACT
        self.sel = -1

    def _game_over(self, how: str) -> None:
        """Seed "slutningen af spillet": score, penalties, tie on goods delivered, then a
        shared victory (C9, C15)."""
        self.phase = PH_OVER
        self.ended_by = how
        self.scores = [self.score(p) for p in range(self.players)]
        best = max(self.scores)
        tied = [p for p in range(self.players) if self.scores[p] == best]
        if len(tied) > 1:
            most = max(sum(self.delivered[p]) for p in tied)
            tied = [p for p in tied if sum(self.delivered[p]) == most]
        if len(tied) > 1:
            self.counters["shared_wins"] += 1
            # C15: the seats share the win; the scorecard credits one of them, drawn
            self.winner_seat = tied[self.rng.randrange(len(tied))]
        else:
            self.winner_seat = tied[0]
        for p in range(self.players):
            held = sum(1 for g in self.load[p] if g >= 0)
            if self.T.rules.penalty(held):
                key = f"held_{held}"
                self.penalties[key] = self.penalties.get(key, 0) + 1

    def score(self, p: int) -> int:
        """Player p's score now (seed: 6 per rare, 3 per common good delivered, 1 per demand
        marker, minus the penalty for goods still on his camels)."""
        T = self.T
        r = T.rules
        goods = sum(n * pts for n, pts in zip(self.delivered[p], T.points))
        held = sum(1 for g in self.load[p] if g >= 0)
        return goods + self.demand_held[p] * r.demand_marker_points - r.penalty(held)

    # ------------------------------------------------------------------ checks and reports
    def stats(self) -> dict[str, Any]:
        out = dict(self.counters)
        out["penalties"] = dict(self.penalties)
        out["max_demand_in_use"] = self.max_demand_in_use
        out["max_demand_on_space"] = self.max_demand_on_space
        out["max_held"] = self.max_held
        out["max_theft_held"] = self.max_theft_held
        out["max_delivered_good"] = self.max_delivered_good
        out["ended_by"] = self.ended_by
        out["scores"] = list(self.scores) if self.scores else None
        return out

    def check_invariants(self) -> None:
        """Goods conserved per good over bag, board, camels and delivered; demand markers
        over supply, board and players; theft markers one per player in all; camels counted
        on every space; demand only with a good; the end trigger set exactly when the bag is
        empty; no negative count.  Raises ``InvariantViolation``."""
        T = self.T
        n = self.players
        if self.phase == PH_DEST:
            # choosing a camel changes nothing but the phase: it must be an unladen camel of
            # the player's on the chosen space (the rest was checked after the last action)
            if not any(s == self.sel and g < 0 for s, g in zip(self.pos[self.cur], self.load[self.cur])):
                raise InvariantViolation(f"player {self.cur} chose a camel on {self.sel} and has no unladen one there")
            return
        bag, board, demand = self.bag, self.board, self.demand
        counts = list(map(sum, zip(bag, *self.delivered)))
        for g in board:
            if g >= 0:
                counts[g] += 1
        if -1 in board:
            for k, (g, d) in enumerate(zip(board, demand)):
                if g < 0 and d:
                    raise InvariantViolation(f"{d} demand markers on empty supply space {k + 1}")
        occ = [0] * T.N
        for p in range(n):
            for s, g, locked in zip(self.pos[p], self.load[p], self.locked[p]):
                if s >= 0:
                    occ[s] += 1
                if g >= 0:
                    counts[g] += 1
                    if s < 0:
                        raise InvariantViolation(f"player {p} has a camel carrying a good off the board")
                elif locked:
                    raise InvariantViolation(f"player {p} has a locked camel that carries nothing")
        if counts != self.total or min(bag) < 0 or min(map(min, self.delivered)) < 0:
            g = next((g for g in range(T.G) if counts[g] != self.total[g]), 0)
            raise InvariantViolation(
                f"{T.goods[g]}: {counts[g]} in bag, board, camels and delivered, the game has {self.total[g]} "
                f"(bag {bag[g]}, delivered {[d[g] for d in self.delivered]})")
        if occ != self.occ:
            raise InvariantViolation("camel counts per space out of step")
        if self.bag_size != sum(bag) or self.on_board != len(board) - board.count(-1):
            raise InvariantViolation(f"bag size {self.bag_size} / board count {self.on_board} out of step")
        board_demand, held_demand = sum(demand), sum(self.demand_held)
        if self.demand_free + board_demand + held_demand != T.demand_total:
            raise InvariantViolation(
                f"demand markers: supply {self.demand_free} + board {board_demand} + players "
                f"{held_demand} != {T.demand_total}")
        if min(demand) < 0 or self.demand_free < 0 or min(self.demand_held) < 0:
            raise InvariantViolation("negative demand marker count")
        if min(self.theft) < 0 or sum(self.theft) != n * T.rules.theft_markers_each:
            raise InvariantViolation(f"theft markers {self.theft}, expected {T.rules.theft_markers_each} per player in all")
        if self.end_triggered != (self.bag_size == 0):
            raise InvariantViolation(f"end trigger {self.end_triggered} with {self.bag_size} goods in the bag")
        if self.phase == PH_OVER:
            if self.winner_seat is None:
                raise InvariantViolation("game over without a winner")
        elif not 1 <= self.actions_left <= T.max_actions + max(self.bonus, default=0):
            raise InvariantViolation(f"{self.actions_left} actions left in a live turn")

    def destination_label(self, m: tuple) -> str:
        """The mechanism of placing the chosen camel by move ``m`` (``mechanisms``)."""
        return _OCCUPIED if self.occ[m[1]] else _FREE

    def describe(self, m: tuple) -> str:
        """A move in words, e.g. 'move good salt to city salt' (for error reports and logs)."""
        T, k = self.T, m[0]
        name = KIND_NAMES[k]
        if k == K_CAMEL:
            return f"camel from {'reserve' if m[1] < 0 else T.space_names[m[1]]}"
        if k in (K_TO, K_PICK):
            return f"{name} {T.space_names[m[1]]}"
        if k == K_STEAL:
            return f"steal {T.goods[self.load[m[1]][m[2]]]} from player {m[1]}"
        if k == K_SHIFT:
            return f"move good {T.goods[self.load[self.cur][m[1]]]} to {T.space_names[m[2]]}"
        return name


# ----------------------------------------------------------------------------- mechanisms
#: Every mechanism a decision can offer (``pnp check``'s coverage table): a kind of legal
#: move, and the choices within a rule (a camel from the supply or one moved, onto a free
#: or an occupied space; ending a turn with actions left, or because every camel is laden).
MECHANISMS = (
    "place a camel from the supply", "move an unladen camel", "onto a free space", "onto an occupied space",
    "pick up a good", "move a good", "steal a good", "end the turn early", "every camel laden: end the turn",
)
# A turn whose remaining actions pay for nothing ends by itself, so "end the turn, no
# action left" (a forced end with unladen camels) is labelled when seen but not required.
_LABELS = {K_PICK: "pick up a good", K_SHIFT: "move a good", K_STEAL: "steal a good"}
#: labels of the move kinds other than a camel's when there is a choice (ending is then early)
_ACT_LABELS = {**_LABELS, K_END: "end the turn early"}


_FREE, _OCCUPIED = "onto a free space", "onto an occupied space"
_ONLY_FREE, _ONLY_OCCUPIED, _BOTH = frozenset((_FREE,)), frozenset((_OCCUPIED,)), frozenset((_FREE, _OCCUPIED))


def mechanisms(state: CaravanState, moves: list[tuple]) -> list[str] | Labels:
    """The mechanism (one of ``MECHANISMS``) of each of ``moves`` in ``state``.  A camel's
    destinations (up to 48) are labelled by a ``Labels`` (the two labels offered, found
    from the space counts, and a move's label on demand), not a list."""
    if state.phase == PH_DEST:
        occ, f = state.occ, state.sel
        if moves is state.T.to_moves_from[f + 1]:  # every other space
            occupied = sum(occ) - (occ[f] if f >= 0 else 0)
            free = occ.count(0) - (f >= 0 and not occ[f])
            return Labels(moves, _ONLY_FREE if not occupied else _ONLY_OCCUPIED if not free else _BOTH,
                          state.destination_label)
        return [_OCCUPIED if occ[m[1]] else _FREE for m in moves]
    if len(moves) > 1:
        return [("place a camel from the supply" if m[1] < 0 else "move an unladen camel") if m[0] == K_CAMEL
                else _ACT_LABELS[m[0]] for m in moves]
    out = []
    for m in moves:
        k = m[0]
        if k == K_END:
            if all(x >= 0 for x in state.load[state.cur]):
                out.append("every camel laden: end the turn")
            else:
                out.append("end the turn, no action left")
        elif k == K_CAMEL:
            out.append("place a camel from the supply" if m[1] < 0 else "move an unladen camel")
        else:
            out.append(_LABELS[k])
    return out


# ----------------------------------------------------------------------------- search player
def progress(state: CaravanState) -> list[float]:
    """Each seat's points on a fixed scale, for the search player's unfinished rollouts
    (open information: nothing to redeal; the bag's draws are chance): the score without
    the penalty for goods on camels, plus half the points of those goods (on their way to
    a delivery), over the points of every good of the game, as a 0..1 share.

    Not the share of the leader's score, which this replaced: that made a point early in
    the game worth the whole scale and a good picked up cost points (the end-of-game penalty), so
    the search scored the heuristic's pick-ups below doing nothing."""
    T = state.T
    scale = max(1, sum(n * pts for n, pts in zip(state.total, T.points)))
    demand = T.rules.demand_marker_points
    out = []
    for p in range(state.players):
        delivered = sum(n * pts for n, pts in zip(state.delivered[p], T.points))
        carried = sum(T.points[g] for g in state.load[p] if g >= 0)
        out.append(min(1.0, (delivered + state.demand_held[p] * demand + 0.5 * carried) / scale))
    return out
