"""CARAVAN on a chessboard's rules as a game state for the engine core.

Source: ``shared/seeds/caravan-chessboard.rules.en.txt`` (quoted as "seed: ...") and,
where it is unclear, ``data/caravan-chessboard/ENGINE-DECISIONS.md`` (rules ``K<n>``,
simulation notes ``S<n>``).  Every number comes from the loaded model
(``pnp.games.caravan_chessboard.model.CaravanChessboard``).

Shapes, for speed (plain ints and lists, mutated in place):

- card types are indices 0..T-1 in data order; a hand, a caravan, the deck and the discard
  pile are lists of T counts.  The deck is a face-down shuffled pile, so its top card is a
  uniformly random card of its counts (S1).
- squares are ``(row - 1) * columns + (column - 1)``; ``occ[square]`` is the pawn on it:
  a seat 0..P-1, ``P`` for the Bandits, ``P + 1`` for the Sandstorm, or -1.
- ``Tables.lines[square][steps]`` lists every straight line of exactly ``steps`` squares
  from ``square`` (K5) as a tuple of the squares passed, the landing square last.

Decisions are moves: tuples of small ints, the first item the kind ``K_*``.  A trade offer
is ``(K_OFFER, partner, *give, *get)``: the card types the mover gives and those it asks
for, each side sorted and padded with -1 to ``Trading.offer_cards_max`` items (S2).  A turn
runs through the phases draw (discard, exchange, keep, hand limit), buy, move (trade
offers after each landing, each answered by the partner's seat, oasis moves), desert (before or after the move phase), rob (the robbed
players' choices), sell.  Phases without a real choice are passed without a move.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate, chain, combinations_with_replacement, compress, repeat
from operator import and_, itemgetter
from collections.abc import Sequence
from typing import Any

from pnp.errors import VariantError
from pnp.engine.core import InvariantViolation, RuleGap, counted_index

# move kinds
(K_PLACE, K_PLACE_DESERT, K_DISCARD, K_DONE, K_EXCHANGE, K_KEEP_DROP, K_LIMIT_DROP, K_PLAY, K_MOVE,
 K_PASS, K_DESERT_FIRST, K_OFFER, K_BANDITS, K_SANDSTORM, K_LOSE_SOLDIER, K_LOSE_GOODS, K_SELL,
 K_ACCEPT, K_DECLINE) = range(19)
KIND_NAMES = ("place", "place-desert", "discard", "done", "exchange", "keep-drop", "limit-drop", "play", "move",
              "pass", "desert-first", "offer", "bandits", "sandstorm", "lose-soldier", "lose-goods", "sell",
              "accept", "decline")
# phases (whose decision is awaited); PH_ANSWER: the partner's answer to a trade offer
(PH_PLACE, PH_PLACE_DESERT, PH_DISCARD, PH_EXCHANGE, PH_KEEP, PH_LIMIT, PH_BUY, PH_MOVE, PH_TRADE,
 PH_DESERT, PH_ROB, PH_SELL, PH_OVER, PH_ANSWER) = range(14)
PHASE_NAMES = ("place", "place-desert", "discard", "exchange", "keep", "limit", "buy", "move", "trade",
               "desert", "rob", "sell", "over", "answer")
# card kinds, as ints
C_MOVE, C_BANDITS, C_SANDSTORM, C_SOLDIERS, C_GOOD = range(5)
_KIND = {"move": C_MOVE, "bandits": C_BANDITS, "sandstorm": C_SANDSTORM, "soldiers": C_SOLDIERS, "good": C_GOOD}
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
PENALTIES = ("robbed_goods", "robbed_soldier")
#: Hands whose offer sides ``ChessboardState._sides`` remembers at most (then it forgets them all)
SIDES_MEMO = 2048


class Tables:
    """Everything a state needs from the model, precomputed once per model.

    ``kind[t]``/``steps[t]``/``region[t]``: per card type (region: 0 Europe, 1 Orient,
    -1 none); ``loadable[e]``: types a caravan may take on at end ``e`` (soldiers and that
    end's goods, K4); ``sellable[e]``: goods that sell at end ``e`` (the other end's);
    ``end_of[square]``: 0 on the Europe row, 1 on the Orient row, -1 elsewhere;
    ``lines[square][n]``: straight lines of exactly n squares (K5); ``desert_ok[square]``:
    a Middle Eastern square; ``around[square]``: the up to 8 squares next to it.
    """

    def __init__(self, game):
        self.game = game
        r = self.rules = game.rules
        self.caravan_limit, self.hand_limit, self.start_gold = r.caravan_limit, r.hand_limit, r.start_gold
        cards = game.cards
        self.type_ids = tuple(c.id for c in cards)
        self.T = len(cards)
        self.kind = tuple(_KIND[c.kind] for c in cards)
        self.steps = tuple(c.steps or 0 for c in cards)
        self.region = tuple({"europe": 0, "orient": 1}.get(c.region, -1) for c in cards)
        self.total = tuple(c.count for c in cards)
        self.total_list = list(self.total)
        # the counts packed one byte a type (see ChessboardState._check_all); None if a
        # count does not fit a byte
        self.total_packed = int.from_bytes(bytes(self.total), "big") if max(self.total, default=0) < 256 else None
        self.no_cards = [0] * self.T
        self.deck_size = sum(self.total)
        soldiers = [t for t in range(self.T) if self.kind[t] == C_SOLDIERS]
        self.soldier = soldiers[0]  # the model requires exactly one soldiers type
        self.move_types = tuple(t for t in range(self.T) if self.kind[t] == C_MOVE)
        self.bandit_types = tuple(t for t in range(self.T) if self.kind[t] == C_BANDITS)
        self.sandstorm_types = tuple(t for t in range(self.T) if self.kind[t] == C_SANDSTORM)
        self.goods = tuple(t for t in range(self.T) if self.kind[t] == C_GOOD)
        self.goods_of = tuple(tuple(t for t in self.goods if self.region[t] == e) for e in (0, 1))
        # fast readers (for the heuristic player): ``goods_get[e](counts)`` is the tuple of
        # ``counts[t]`` for ``t`` in ``goods_of[e]``; ``move_get`` the same for ``move_types``
        self.goods_get = tuple(_getter(g) for g in self.goods_of)
        self.goods_total = tuple(sum(self.total[t] for t in g) for g in self.goods_of)
        self.move_get = _getter(self.move_types)
        self.unloadable = tuple(t for t in range(self.T) if self.kind[t] not in (C_SOLDIERS, C_GOOD))
        self.unloadable_mask = tuple(t in self.unloadable for t in range(self.T))
        self._masks: dict[int, tuple[bool, ...]] = {}
        # the unloadable types' digits of a pile read as a base-256 number (see total_packed)
        self.unloadable_digits = int.from_bytes(bytes(255 if m else 0 for m in self.unloadable_mask), "big")
        #: memo space for players' pure functions of the position (their own keys)
        self.scratch: dict = {}
        # the moves naming one card type, made once: ``card_moves[kind][t]``
        self.card_moves = {k: tuple((k, t) for t in range(self.T))
                           for k in (K_DISCARD, K_EXCHANGE, K_LIMIT_DROP, K_KEEP_DROP, K_PLAY)}
        self.loadable = tuple((self.soldier,) + self.goods_of[e] for e in (0, 1))
        self.sellable = (self.goods_of[1], self.goods_of[0])  # seed: sell at the opposite end
        self.sale = (0,) + tuple(r.sale_values)
        b = game.board
        R, C = self.rows, self.columns = b.rows, b.columns
        self.squares = R * C
        self.row_of = tuple(s // C + 1 for s in range(self.squares))
        self.col_of = tuple(s % C + 1 for s in range(self.squares))
        europe, orient = b.regions["europe"], b.regions["orient"]
        self.end_of = tuple(0 if self.row_of[s] in europe else 1 if self.row_of[s] in orient else -1
                            for s in range(self.squares))
        self.end_row = (europe[0], orient[0])
        middle = set(b.middle_rows)
        self.middle_rows = tuple(sorted(middle))
        self.desert_ok = tuple(self.row_of[s] in middle for s in range(self.squares))
        self.start_squares = tuple(s for s in range(self.squares) if self.end_of[s] >= 0)
        longest = max(self.steps)
        self.lines = tuple(
            tuple(self._lines(s, n) for n in range(longest + 1)) for s in range(self.squares)
        )
        # the same lines for the move lists: ``card_lines[square][t]`` lists, for a Move,
        # Bandits or Sandstorm card type t, ``(mask, landing)`` for each line of its length
        # (``desert_lines``: only those landing in the Middle East), where ``mask`` has the
        # bits of the line's squares in ``ChessboardState.blocked_bits`` (8 bits a square,
        # bit 8 * square: that is ``bytes(blocked)`` read as a little-endian number)
        self.square_bit = tuple(1 << (8 * s) for s in range(self.squares))
        self.card_lines = tuple(
            tuple(tuple((sum(self.square_bit[q] for q in line), line[-1]) for line in self.lines[s][self.steps[t]])
                  for t in range(self.T))
            for s in range(self.squares)
        )
        self.desert_lines = tuple(
            tuple(tuple((m, land) for m, land in self.card_lines[s][t] if self.desert_ok[land]) for t in range(self.T))
            for s in range(self.squares)
        )
        self.around = tuple(
            tuple(self.square(r2, c2) for dr, dc in DIRECTIONS
                  for r2, c2 in [(self.row_of[s] + dr, self.col_of[s] + dc)] if 1 <= r2 <= R and 1 <= c2 <= C)
            for s in range(self.squares)
        )
        self.centre_rows, self.centre_columns = b.centre_rows, b.centre_columns
        # S2: each side of a trade offer holds 1..trade_max cards; offers per landing
        self.trade_max = game.trading.offer_cards_max
        self.trade_offers = game.trading.offers_per_landing
        #: ``ChessboardState._sides`` of recent hands, by the hand's counts
        self.sides_memo: dict[tuple[int, ...], tuple] = {}
        self.oasis_per_row = game.marker("oasis").per_row
        self.die_faces = game.die_faces
        self.quicksand_per_row = game.marker("quicksand").per_row

    def unloadable_masks(self, players: int) -> tuple[bool, ...]:
        """``unloadable_mask`` repeated for ``players`` caravans (remembered)."""
        m = self._masks.get(players)
        if m is None:
            m = self._masks[players] = self.unloadable_mask * players
        return m

    def square(self, row: int, column: int) -> int:
        """Square index of a 1-based (row, column)."""
        return (row - 1) * self.columns + (column - 1)

    def _lines(self, s: int, n: int) -> tuple[tuple[int, ...], ...]:
        if n == 0:
            return ()
        out = []
        r0, c0 = self.row_of[s], self.col_of[s]
        for dr, dc in DIRECTIONS:
            r1, c1 = r0 + dr * n, c0 + dc * n
            if 1 <= r1 <= self.rows and 1 <= c1 <= self.columns:
                out.append(tuple(self.square(r0 + dr * i, c0 + dc * i) for i in range(1, n + 1)))
        return tuple(out)

    def centre_block(self, open_square) -> tuple[int, ...]:
        """Squares where the desert pawns may start (K9): the open squares of the centre
        block, widened by one ring at a time (within the Middle East) until at least 2."""
        rows, cols = list(self.centre_rows), list(self.centre_columns)
        while True:
            block = tuple(self.square(r, c) for r in rows for c in cols if open_square(self.square(r, c)))
            if len(block) >= 2:
                return block
            grown_r = [r for r in range(rows[0] - 1, rows[-1] + 2) if r in self.middle_rows]
            grown_c = [c for c in range(cols[0] - 1, cols[-1] + 2) if 1 <= c <= self.columns]
            if grown_r == rows and grown_c == cols:
                raise RuleGap("fewer than 2 open Middle Eastern squares for the Bandits and the Sandstorm")
            rows, cols = grown_r, grown_c


def _getter(indices: tuple[int, ...]):
    """A function returning the tuple of ``seq[i]`` for ``i`` in ``indices`` (any length)."""
    if len(indices) >= 2:
        return itemgetter(*indices)
    if indices:
        i = indices[0]
        return lambda seq: (seq[i],)
    return lambda seq: ()


_TABLES: dict[int, Tables] = {}


def tables(game) -> Tables:
    """The (cached) ``Tables`` of a loaded model."""
    t = _TABLES.get(id(game))
    if t is None or t.game is not game:
        t = _TABLES[id(game)] = Tables(game)
    return t


def new_game(game, players: int, seed: int, track_coins: tuple[int, ...] = ()) -> "ChessboardState":
    """A set-up game for ``players`` (seed: "BOARD SETUP", "SETUP"): markers placed (K11),
    ``rules.start_hand`` cards dealt to each player; the first decisions are the caravans'
    start squares (K10), then the desert pawns' (K9).

    ``track_coins``: coin values; if given, the state records, at the end of every turn,
    the coins of each value the players' gold needs (greedy change-making, summed over
    players), maximised over the game (``stats()["coins"]``).

    Raises:
        VariantError: ``players`` outside the data's range.
    """
    game.check_players(players)
    return ChessboardState(tables(game), players, seed, track_coins)


class ChessboardState:
    """One game of CARAVAN on a chessboard in progress (follows ``pnp.engine.core.GameState``)."""

    __slots__ = (
        "T", "seed", "players", "rng", "phase", "cur", "turn_count", "winner_seat",
        "deck", "deck_n", "pile", "pile_n", "hands", "hand_n", "cars", "car_n", "gold", "paid",
        "pos", "bandits", "sandstorm", "occ", "quick", "oasis", "pending", "exchange_left",
        "desert_first", "desert_done", "moved", "bandits_used", "sandstorm_used", "desert_limit", "partners",
        "offer", "offers_left",
        "rob_queue", "all_piles", "blocked", "blocked_bits", "idle", "checked_turn", "counters", "penalties", "max_circulation",
        "coins", "coin_need", "coins_gold",
    )

    def __init__(self, T: Tables, players: int, seed: int, track_coins: tuple[int, ...] = ()):
        r = T.rules
        if T.rules.start_hand * players > T.deck_size:
            raise VariantError(
                f"{players} players need {T.rules.start_hand * players} cards for their hands; the deck has {T.deck_size}",
                key="--players",
            )
        self.T = T
        self.seed = seed
        self.players = players
        self.rng = rng = random.Random(seed)
        self.deck = list(T.total)
        self.deck_n = T.deck_size
        self.pile = [0] * T.T
        self.pile_n = 0
        self.hands = [[0] * T.T for _ in range(players)]
        self.hand_n = [0] * players
        self.cars = [[0] * T.T for _ in range(players)]
        self.car_n = [0] * players
        self.gold = [r.start_gold] * players
        self.paid = 0  # gold paid out by the bank (sales)
        self.counters = {"reshuffles": 0, "dry_draws": 0, "sales": 0, "gold_sold": 0, "moves": 0, "oasis_moves": 0,
                         "blocked": 0, "offers": 0, "trades": 0, "bandit_moves": 0, "sandstorm_moves": 0, "exchanges": 0,
                         "min_supply": T.deck_size}
        self.penalties = dict.fromkeys(PENALTIES, 0)
        self.max_circulation = sum(self.gold)
        self.coins = tuple(sorted(track_coins, reverse=True))
        self.coin_need = [0] * len(self.coins)
        self.coins_gold: list[int] = []  # the gold last split into coins (``_track_coins``)
        # K11: one oasis and one quicksand on different random squares of each Middle Eastern row
        self.occ = [-1] * T.squares
        self.quick = [False] * T.squares
        self.oasis = [False] * T.squares
        for row in T.middle_rows:
            # the d8 picks a column (the model holds die faces == columns)
            cols = rng.sample(range(1, T.die_faces + 1), T.oasis_per_row + T.quicksand_per_row)
            for i, c in enumerate(cols):
                if i < T.oasis_per_row:
                    self.oasis[T.square(row, c)] = True
                else:
                    self.quick[T.square(row, c)] = True
        self._rebuild_blocked()
        # seed: "Each player starts with 5 cards"
        for p in range(players):
            for _ in range(r.start_hand):
                self._draw_to_hand(p)
        self.all_piles = [self.deck, self.pile, *self.hands, *self.cars]  # every card not pending
        self.pos = [-1] * players
        self.idle = [0] * players  # turns since each caravan last moved (public; the bot reads it)
        self.bandits = self.sandstorm = -1
        self.pending: list[int] = []
        self.exchange_left = 0
        self.desert_first = self.desert_done = self.moved = False
        # Desert-phase cards played this turn for each desert pawn (K8: at most
        # ``rules.desert_cards_per_pawn`` each)
        self.bandits_used = self.sandstorm_used = 0
        self.desert_limit = r.desert_cards_per_pawn
        self.partners: tuple[int, ...] = ()
        self.offer: tuple = ()  # the trade offer awaiting its answer (PH_ANSWER)
        self.offers_left = 0  # offers the mover may still make after this landing (S2)
        self.rob_queue: list[int] = []
        self.phase = PH_PLACE
        self.cur = 0  # K10: caravans are placed in turn order; seat 0 won the roll and starts
        self.turn_count = 0
        self.checked_turn = -1
        self.winner_seat = None

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        if self.phase == PH_ROB:
            return self.rob_queue[0]
        if self.phase == PH_ANSWER:
            return self.offer[1]  # the partner answers the offer (S2, S3)
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def winner(self) -> int | None:
        return self.winner_seat

    def turns(self) -> int:
        return self.turn_count

    def legal_moves(self) -> list[tuple]:
        ph = self.phase
        p = self.cur
        T = self.T
        hand = self.hands[p]
        if ph == PH_MOVE:
            moves = self._caravan_moves(p)
            if not self.moved and not self.desert_done and self._can_move_desert():
                moves.append((K_DESERT_FIRST,))
            moves.append((K_PASS,))
            return moves
        if ph == PH_DISCARD:  # K1 steps 1 and 2: discard, or begin the exchange, or go on to draw
            moves = list(compress(T.card_moves[K_DISCARD], hand))
            if self.hand_n[p] >= T.rules.exchange_discard:
                moves += compress(T.card_moves[K_EXCHANGE], hand)
            moves.append((K_DONE,))
            return moves
        if ph == PH_KEEP:
            return [(K_KEEP_DROP, t) for t in sorted(set(self.pending))]
        if ph == PH_LIMIT:
            return list(compress(T.card_moves[K_LIMIT_DROP], hand))
        if ph == PH_BUY:
            return [(K_PLAY, t) for t in T.loadable[T.end_of[self.pos[p]]] if hand[t]] + [(K_DONE,)]
        if ph == PH_EXCHANGE:  # the exchange begun: its other discards
            return list(compress(T.card_moves[K_EXCHANGE], hand))
        if ph == PH_TRADE:
            return OfferMoves(self, p)
        if ph == PH_ANSWER:
            return [(K_ACCEPT,), (K_DECLINE,)]
        if ph == PH_DESERT:
            moves = self._desert_moves()
            moves.append((K_DONE,))
            return moves
        if ph == PH_ROB:
            return [(K_LOSE_SOLDIER,), (K_LOSE_GOODS,)]
        if ph == PH_SELL:
            return [(K_SELL,), (K_PASS,)]
        if ph == PH_PLACE:
            return [(K_PLACE, s) for s in T.start_squares if self.occ[s] < 0]
        if ph == PH_PLACE_DESERT:
            return [(K_PLACE_DESERT, s) for s in self._desert_starts()]
        return []

    # ------------------------------------------------------------------ move lists
    def _rebuild_blocked(self) -> None:
        """``blocked[square]``: a pawn or quicksand is there (K5, K16); kept up to date by
        every pawn move, rebuilt after set-up changes.  ``blocked_bits``: the same as one
        number (``Tables.square_bit``), for the move lists."""
        self.blocked = [o >= 0 or q for o, q in zip(self.occ, self.quick)]
        self.blocked_bits = int.from_bytes(bytes(self.blocked), "little")

    def _put(self, who: int, old: int, new: int) -> None:
        """Pawn ``who`` from square ``old`` (-1: off the board) to ``new``."""
        occ, blocked, bit = self.occ, self.blocked, self.T.square_bit
        bits = self.blocked_bits
        if old >= 0:
            occ[old] = -1
            blocked[old] = False  # a pawn never stands on quicksand
            if bits & bit[old]:
                bits -= bit[old]
        occ[new] = who
        blocked[new] = True
        self.blocked_bits = bits | bit[new]

    def _caravan_moves(self, p: int) -> list[tuple]:
        """(K_MOVE, card type, landing square) for every Move card in hand and every free
        straight line of its length (K5)."""
        T = self.T
        hand = self.hands[p]
        lines = T.card_lines[self.pos[p]]
        bits = self.blocked_bits
        out = []
        for t in T.move_types:
            if hand[t]:
                for mask, land in lines[t]:
                    if not bits & mask:
                        out.append((K_MOVE, t, land))
        return out

    def _can_move_caravan(self, p: int) -> bool:
        """Whether ``_caravan_moves(p)`` is non-empty, without listing it (phase changes ask)."""
        T = self.T
        hand = self.hands[p]
        lines = T.card_lines[self.pos[p]]
        bits = self.blocked_bits
        for t in T.move_types:
            if hand[t]:
                for mask, _ in lines[t]:
                    if not bits & mask:
                        return True
        return False

    def _can_move_desert(self) -> bool:
        """Whether ``_desert_moves()`` is non-empty, without listing it."""
        T = self.T
        hand = self.hands[self.cur]
        bits = self.blocked_bits
        limit = self.desert_limit
        for types, used, at in ((T.bandit_types, self.bandits_used, self.bandits),
                                (T.sandstorm_types, self.sandstorm_used, self.sandstorm)):
            if used >= limit:
                continue
            lines = T.desert_lines[at]
            for t in types:
                if hand[t]:
                    for mask, _ in lines[t]:
                        if not bits & mask:
                            return True
        return False

    def _desert_moves(self) -> list[tuple]:
        """Bandits and Sandstorm moves the current player's cards allow (K8): straight free
        lines ending on a Middle Eastern square (a line between two Middle Eastern squares
        never leaves them), while fewer than ``rules.desert_cards_per_pawn`` cards have
        moved that pawn this turn."""
        T = self.T
        hand = self.hands[self.cur]
        bits = self.blocked_bits
        out = []
        limit = self.desert_limit
        for kind, types, used, at in ((K_BANDITS, T.bandit_types, self.bandits_used, self.bandits),
                                      (K_SANDSTORM, T.sandstorm_types, self.sandstorm_used, self.sandstorm)):
            if used >= limit:
                continue
            lines = T.desert_lines[at]
            for t in types:
                if hand[t]:
                    for mask, land in lines[t]:
                        if not bits & mask:
                            out.append((kind, t, land))
        return out

    def _sides(self, hand: list[int]) -> tuple[tuple[tuple[int, ...], int], ...]:
        """Every side of a trade offer ``hand`` can pay (S2): ``(types, n)`` for each
        multiset of 1..``trade_max`` of its cards, ``types`` sorted and padded with -1 to
        ``trade_max`` items, ``n`` the number of cards.  Remembered per hand (``Tables.
        sides_memo``): a landing's offers, their answers and the bot's search list the
        same hands again and again."""
        key = tuple(hand)
        memo = self.T.sides_memo
        out = memo.get(key)
        if out is None:
            if len(memo) >= SIDES_MEMO:  # the hands of the last few landings are all that repeat
                memo.clear()
            k = self.T.trade_max
            kinds = [t for t, n in enumerate(key) if n]
            out = []
            for n in range(1, k + 1):
                pad = (-1,) * (k - n)
                for combo in combinations_with_replacement(kinds, n):
                    if n == 1:
                        ok = True
                    elif n == 2:  # the common case, without the general count (the same test)
                        a, b = combo
                        ok = key[a] >= 2 if a == b else key[a] >= 1 and key[b] >= 1
                    else:
                        ok = all(combo.count(t) <= key[t] for t in set(combo))
                    if ok:
                        out.append((combo + pad, n))
            out = memo[key] = tuple(out)
        return out

    def _offers(self, p: int) -> list[tuple]:
        """(K_OFFER, partner, *give, *get) for every trade the current player may offer a
        caravan next to theirs (K7, S2): 1..``trade_max`` hand cards for 1..``trade_max``
        of the partner's, no card type on both sides, neither hand left above the hand
        limit (K2), while offers are left for this landing.  Whether the partner accepts
        is the partner's decision (PH_ANSWER).  In order: partner, give side, get side.
        (``legal_moves`` gives them as an ``OfferMoves``, which lists them only when read.)"""
        return OfferMoves(self, p)[:-1]

    def _can_offer(self, p: int) -> bool:
        """Whether ``_offers(p)`` is non-empty, without listing it: offers are left and a
        partner and the mover hold cards of two different types (a 1-for-1 offer then
        exists, and changes no hand size; with one type between them no offer exists)."""
        if self.offers_left <= 0:
            return False
        hands, hand = self.hands, self.hands[p]
        mine = [t for t, n in enumerate(hand) if n]
        for q in self.partners:
            hq = hands[q]
            for t, n in enumerate(hq):
                if n and (len(mine) > 1 or (mine and mine[0] != t)):
                    return True
        return False

    def offer_sides(self, m: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(types the mover gives, types the partner gives) of an offer ``m``, without padding."""
        k = self.T.trade_max
        return tuple(t for t in m[2:2 + k] if t >= 0), tuple(t for t in m[2 + k:2 + 2 * k] if t >= 0)

    def _desert_starts(self) -> tuple[int, ...]:
        occ, quick, oasis = self.occ, self.quick, self.oasis
        block = self.T.centre_block(lambda s: not quick[s] and not oasis[s])
        return tuple(s for s in block if occ[s] < 0)

    # ------------------------------------------------------------------ applying moves
    def apply(self, m: tuple) -> None:
        k = m[0]
        p = self.cur
        T = self.T
        if k == K_MOVE:
            _, t, dest = m
            self._spend(p, t)
            self._put(p, self.pos[p], dest)
            self.pos[p] = dest
            self.moved = True
            self.counters["moves"] += 1
            self._after_landing()
        elif k == K_DISCARD:
            self._spend(p, m[1])
        elif k == K_DONE:
            self._done()
        elif k == K_KEEP_DROP:
            self.pending.remove(m[1])
            self.pile[m[1]] += 1
            self.pile_n += 1
            if len(self.pending) <= T.rules.draw_cards - T.rules.draw_discard:
                self._keep_pending()
        elif k == K_LIMIT_DROP:
            self._spend(p, m[1])
            if self.hand_n[p] <= T.rules.hand_limit:
                self._to_buy()
        elif k == K_PLAY:
            t = m[1]
            self.hands[p][t] -= 1
            self.hand_n[p] -= 1
            self.cars[p][t] += 1
            self.car_n[p] += 1
            if not self._can_play(p):
                self._to_move()
        elif k == K_PASS:
            if self.phase == PH_MOVE:
                self._end_move()
            else:  # PH_SELL: no sale
                self._end_turn()
        elif k == K_EXCHANGE:
            self._spend(p, m[1])
            if self.phase == PH_DISCARD:  # the first card of the exchange
                self.exchange_left = T.rules.exchange_discard
                self.phase = PH_EXCHANGE
            self.exchange_left -= 1
            if self.exchange_left == 0:  # K1: discard 2, then draw 1
                self.counters["exchanges"] += 1
                for _ in range(T.rules.exchange_draw):
                    self._draw_to_hand(p)
                self._draw_step()
        elif k == K_OFFER:
            self.offer = m
            self.offers_left -= 1
            self.counters["offers"] += 1
            self.phase = PH_ANSWER
        elif k == K_ACCEPT:
            q = self.offer[1]
            give, get = self.offer_sides(self.offer)
            hp, hq = self.hands[p], self.hands[q]
            for t in give:
                hp[t] -= 1
                hq[t] += 1
            for t in get:
                hq[t] -= 1
                hp[t] += 1
            self.hand_n[p] += len(get) - len(give)
            self.hand_n[q] += len(give) - len(get)
            self.counters["trades"] += 1
            self._after_answer()
        elif k == K_DECLINE:
            self._after_answer()
        elif k == K_BANDITS or k == K_SANDSTORM:
            self._move_desert(k, m[1], m[2])
        elif k == K_DESERT_FIRST:
            self.desert_first = True
            self._to_desert()
        elif k == K_LOSE_SOLDIER or k == K_LOSE_GOODS:
            self._rob(self.rob_queue.pop(0), soldier=(k == K_LOSE_SOLDIER))
            if not self.rob_queue:
                self._to_desert()
        elif k == K_SELL:
            self._sell(p)
        elif k == K_PLACE:
            self.pos[p] = m[1]
            self._put(p, -1, m[1])
            if p + 1 < self.players:
                self.cur = p + 1
            else:  # K9: the last player in turn order places the desert pawns
                self.phase = PH_PLACE_DESERT
        elif k == K_PLACE_DESERT:
            s = m[1]
            if self.bandits < 0:
                self.bandits = s
                self._put(self.players, -1, s)
            else:
                self.sandstorm = s
                self._put(self.players + 1, -1, s)
                self.cur = 0
                self._start_turn()
        else:
            raise RuleGap(f"unknown move {m!r}")

    def _done(self) -> None:
        ph = self.phase
        if ph == PH_DISCARD:
            self._draw_step()
        elif ph == PH_BUY:
            self._to_move()
        elif ph == PH_TRADE:
            self._after_trade()
        elif ph == PH_DESERT:
            self._end_desert()
        else:
            raise RuleGap(f"'done' in phase {PHASE_NAMES[ph]}")

    # ------------------------------------------------------------------ cards
    def _spend(self, p: int, t: int) -> None:
        """A card of type t from p's hand to the discard pile."""
        self.hands[p][t] -= 1
        self.hand_n[p] -= 1
        self.pile[t] += 1
        self.pile_n += 1

    def _draw(self) -> int:
        """Type of the top card of the deck (S1); the discard pile is shuffled into a new deck
        when the deck is empty (seed, K3).  -1 if both are empty."""
        if not self.deck_n:
            if not self.pile_n:
                self.counters["dry_draws"] += 1
                return -1
            self.deck[:] = self.pile  # in place: check_invariants keeps references to both
            self.pile[:] = self.T.no_cards
            self.deck_n, self.pile_n = self.pile_n, 0
            self.counters["reshuffles"] += 1
        i = self.rng.randrange(self.deck_n)
        deck = self.deck
        t = bisect_right(list(accumulate(deck)), i)  # the first type whose running count exceeds i
        if t >= len(deck) or deck[t] <= 0:
            raise InvariantViolation("deck counts do not add up to the deck size")
        deck[t] -= 1
        self.deck_n -= 1
        return t

    def _draw_to_hand(self, p: int) -> None:
        t = self._draw()
        if t >= 0:
            self.hands[p][t] += 1
            self.hand_n[p] += 1

    # ------------------------------------------------------------------ phases
    def _start_turn(self) -> None:
        """Draw phase, steps 1 and 2 (K1): discard any cards, then the optional exchange."""
        self.turn_count += 1
        self.desert_first = self.desert_done = self.moved = False
        self.bandits_used = self.sandstorm_used = 0
        self.phase = PH_DISCARD
        if not self.hand_n[self.cur]:
            self._draw_step()

    def _draw_step(self) -> None:
        """Draw phase, step 3 (K1, K3): draw 3, discard 1 of them."""
        r = self.T.rules
        supply = self.deck_n + self.pile_n
        if supply < self.counters["min_supply"]:
            self.counters["min_supply"] = supply
        self.pending = []
        for _ in range(r.draw_cards):
            t = self._draw()
            if t < 0:
                break
            self.pending.append(t)
        if len(self.pending) > r.draw_cards - r.draw_discard:
            if len(set(self.pending)) == 1:  # nothing to choose
                t = self.pending.pop()
                self.pile[t] += 1
                self.pile_n += 1
                self._keep_pending()
            else:
                self.phase = PH_KEEP
        else:
            self._keep_pending()

    def _keep_pending(self) -> None:
        p = self.cur
        hand = self.hands[p]
        for t in self.pending:
            hand[t] += 1
        self.hand_n[p] += len(self.pending)
        self.pending = []
        if self.hand_n[p] > self.T.rules.hand_limit:  # K2
            self.phase = PH_LIMIT
        else:
            self._to_buy()

    def _can_play(self, p: int) -> bool:
        T = self.T
        end = T.end_of[self.pos[p]]
        if end < 0 or self.car_n[p] >= T.rules.caravan_limit:
            return False
        hand = self.hands[p]
        return any(hand[t] for t in T.loadable[end])

    def _to_buy(self) -> None:
        """Buy phase (K4): only on an end row, with a playable card and room in the caravan."""
        if self._can_play(self.cur):
            self.phase = PH_BUY
        else:
            self._to_move()

    def _to_move(self) -> None:
        """Move phase (K6): play a Move card, or begin with the Desert phase, or pass."""
        p = self.cur
        if self._can_move_caravan(p) or (not self.moved and not self.desert_done and self._can_move_desert()):
            self.phase = PH_MOVE
        else:
            if not self.moved and any(self.hands[p][t] for t in self.T.move_types):
                self.counters["blocked"] += 1  # holds Move cards, no free line for any
            self._end_move()

    def _after_landing(self) -> None:
        """Trades with caravans next to the landing square (K7), then an oasis move (K6)."""
        p = self.cur
        occ = self.occ
        players = self.players
        self.partners = tuple(sorted(occ[s] for s in self.T.around[self.pos[p]] if 0 <= occ[s] < players))
        self.offers_left = self.T.trade_offers
        if self.partners and self._can_offer(p):
            self.phase = PH_TRADE
        else:
            self._after_trade()

    def _after_answer(self) -> None:
        """After an offer is accepted or declined: another offer, if any is left (S2)."""
        self.offer = ()
        if self._can_offer(self.cur):
            self.phase = PH_TRADE
        else:
            self._after_trade()

    def _after_trade(self) -> None:
        self.partners = ()
        self.offers_left = 0
        p = self.cur
        if self.oasis[self.pos[p]] and self._can_move_caravan(p):
            self.phase = PH_MOVE
            self.counters["oasis_moves"] += 1
        else:
            self._end_move()

    def _end_move(self) -> None:
        if self.desert_done:
            self._to_sell()
        else:
            self._to_desert()

    def _to_desert(self) -> None:
        if self._can_move_desert():
            self.phase = PH_DESERT
        else:
            self._end_desert()

    def _end_desert(self) -> None:
        self.desert_done = True
        if self.desert_first and not self.moved:
            self._to_move()
        else:
            self._to_sell()

    def _move_desert(self, k: int, t: int, dest: int) -> None:
        """A Bandits or Sandstorm card (K8); the Bandits' landing robs (K12)."""
        p = self.cur
        self._spend(p, t)
        players = self.players
        if k == K_SANDSTORM:
            self._put(players + 1, self.sandstorm, dest)
            self.sandstorm = dest
            self.sandstorm_used += 1
            self.counters["sandstorm_moves"] += 1
            self._to_desert()
            return
        self._put(players, self.bandits, dest)
        self.bandits = dest
        self.bandits_used += 1
        self.counters["bandit_moves"] += 1
        soldier = self.T.soldier
        queue = []
        for s in self.T.around[dest]:
            q = self.occ[s]
            if 0 <= q < players and q != p:
                car = self.cars[q]
                has_goods = self.car_n[q] > car[soldier]
                if car[soldier] and has_goods:
                    queue.append(q)  # the robbed player chooses (K12, S3)
                elif has_goods:
                    self._rob(q, soldier=False)
                # soldiers and no goods, or an empty caravan: nothing to lose (K12)
        if queue:
            self.rob_queue = sorted(queue, key=lambda q: (q - p) % players)  # in turn order after p
            self.phase = PH_ROB
        else:
            self._to_desert()

    def _rob(self, q: int, soldier: bool) -> None:
        T = self.T
        car = self.cars[q]
        if soldier:
            n = min(T.rules.soldiers_lost, car[T.soldier])
            car[T.soldier] -= n
            self.car_n[q] -= n
            self.pile[T.soldier] += n
            self.pile_n += n
            self.penalties["robbed_soldier"] += 1
        else:
            for t in T.goods:
                n = car[t]
                if n:
                    car[t] = 0
                    self.car_n[q] -= n
                    self.pile[t] += n
                    self.pile_n += n
            self.penalties["robbed_goods"] += 1

    def _to_sell(self) -> None:
        """Sell phase (K13): on an end row with goods of the other end in the caravan."""
        p = self.cur
        end = self.T.end_of[self.pos[p]]
        if end >= 0 and any(self.cars[p][t] for t in self.T.sellable[end]):
            self.phase = PH_SELL
        else:
            self._end_turn()

    def _sell(self, p: int) -> None:
        """Sell every good of the other end in the caravan, each good a set (K13); 50 gold
        wins at once (K14)."""
        T = self.T
        car = self.cars[p]
        earned = 0
        for t in T.sellable[T.end_of[self.pos[p]]]:
            n = car[t]
            if n:
                earned += T.sale[n]
                car[t] = 0
                self.car_n[p] -= n
                self.pile[t] += n
                self.pile_n += n
        self.gold[p] += earned
        self.paid += earned
        self.counters["sales"] += 1
        self.counters["gold_sold"] += earned
        held = sum(self.gold)
        if held > self.max_circulation:
            self.max_circulation = held
        if self.gold[p] >= T.rules.target_gold:
            self.winner_seat = p
            self._track_coins()
            self.phase = PH_OVER
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.idle[self.cur] = 0 if self.moved else self.idle[self.cur] + 1
        self._track_coins()
        self.cur = (self.cur + 1) % self.players
        self._start_turn()

    def _track_coins(self) -> None:
        """Coins of each tracked value the players' gold needs now (greedy change-making,
        summed over players); the game maximum is kept (coin sizing, DESIGN.md)."""
        if not self.coins or self.gold == self.coins_gold:
            return  # gold changes only with a sale: most turns would split the same amounts again
        self.coins_gold = self.gold[:]
        need = [0] * len(self.coins)
        for g in self.gold:
            for i, v in enumerate(self.coins):
                n, g = divmod(g, v)
                need[i] += n
        self.coin_need = [max(a, b) for a, b in zip(self.coin_need, need)]

    # ------------------------------------------------------------------ checks and counters
    def check_invariants(self) -> None:
        """Raise ``InvariantViolation`` if cards are not conserved, a count is negative, a
        hand, caravan or board position breaks a rule, or gold is not accounted for.

        Runs after every move in check mode.  Every call checks the card total, the sizes
        against the limits and the gold; the per-type count of all 75 cards, every pile's
        counts and the board are recomputed from scratch once per turn (the first call
        of a turn, and at the end of the game), which keeps a check run fast.
        """
        T = self.T
        hand_n, car_n, gold = self.hand_n, self.car_n, self.gold
        cards = self.deck_n + self.pile_n + sum(hand_n) + sum(car_n) + len(self.pending)
        if cards != T.deck_size:
            raise InvariantViolation(f"{cards} cards over deck, discard, hands and caravans, {T.deck_size} in the game")
        if max(car_n) > T.caravan_limit:
            raise InvariantViolation(f"a caravan of {max(car_n)} cards, at most {T.caravan_limit}")
        phase = self.phase
        if max(hand_n) > T.hand_limit and phase != PH_KEEP and phase != PH_LIMIT:
            raise InvariantViolation(f"{max(hand_n)} cards in a hand after the draw phase (limit {T.hand_limit})")
        if min(gold) < 0 or sum(gold) != self.paid + T.start_gold * self.players:
            raise InvariantViolation(f"players hold {gold} gold, the bank paid {self.paid}")
        if self.turn_count == self.checked_turn and phase != PH_OVER:
            return
        self._check_all()

    def _check_all(self) -> None:
        """The once-a-turn part of ``check_invariants``: every count and the board from scratch."""
        T = self.T
        players = self.players
        self.checked_turn = self.turn_count
        piles = self.all_piles  # deck, discard, the hands, the caravans
        sizes = list(map(sum, piles))
        try:  # bytes() takes counts 0..255 only: a quick test that none is negative
            numbers = list(map(int.from_bytes, map(bytes, piles), repeat("big")))
        except ValueError:
            numbers = None
        # Per-type totals: with every count in 0..255 and every total below 256, the piles
        # read as base-256 numbers (one digit a type) add up to the totals' number, and the
        # card count is right, only if every type's total is right (a carry out of one digit
        # needs 256 cards more of that type, which leaves a later digit short, and the
        # lowest digit short would need a negative count).  Else count type by type.
        if (numbers is None or self.pending or T.total_packed is None
                or sum(sizes) != T.deck_size or sum(numbers) != T.total_packed):
            held = list(map(sum, zip(*piles)))
            for t in self.pending:
                held[t] += 1
            if held != T.total_list or numbers is None and min(map(min, piles)) < 0:
                self._explain_cards(held)
        if sizes[0] != self.deck_n or sizes[1] != self.pile_n:
            raise InvariantViolation("deck or discard size differs from its counts")
        if sizes[2:2 + players] != self.hand_n or sizes[2 + players:] != self.car_n:
            raise InvariantViolation("a hand or caravan size differs from its counts")
        if numbers is not None:  # no count negative: a non-zero digit is a card there
            bad = any(map(and_, numbers[2 + players:], repeat(T.unloadable_digits)))
        else:
            bad = any(compress(chain.from_iterable(self.cars), T.unloadable_masks(players)))
        if bad:
            mask = T.unloadable_mask
            for p, car in enumerate(self.cars):
                if any(compress(car, mask)):
                    bad = ", ".join(T.type_ids[t] for t in T.unloadable if car[t])
                    raise InvariantViolation(f"player {p}: caravan holds {bad}")
        occ, quick, blocked = self.occ, self.quick, self.blocked
        on_board = 0
        pawns_blocked = True
        for who, s in enumerate(self.pos + [self.bandits, self.sandstorm]):
            if s < 0:
                continue
            on_board += 1
            if occ[s] != who:
                raise InvariantViolation(f"pawn {who} at square {s}, the board says {occ[s]}")
            if quick[s]:
                raise InvariantViolation(f"pawn {who} stands on quicksand (square {s})")
            if who >= players and not T.desert_ok[s]:
                raise InvariantViolation(f"desert pawn {who} outside the Middle East (square {s})")
            if blocked[s] != True:  # noqa: E712 (as the list comparison: 1 == True)
                pawns_blocked = False
        if len(occ) - occ.count(-1) != on_board:
            raise InvariantViolation("two pawns on one square, or a stray pawn on the board")
        # blocked must be True exactly on the pawns' squares (checked above: the only
        # occupied ones, never quicksand) and the quicksand, False elsewhere
        walls = on_board + quick.count(True)
        if (not pawns_blocked or not all(compress(blocked, quick)) or len(blocked) != len(occ)
                or blocked.count(True) != walls or blocked.count(False) != len(occ) - walls):
            raise InvariantViolation("the blocked squares differ from the pawns and quicksand on the board")
        if int.from_bytes(bytes(blocked), "little") != self.blocked_bits:
            raise InvariantViolation("the move lists' copy of the blocked squares differs from the board")

    def _explain_cards(self, held: list[int]) -> None:
        T = self.T
        for t in range(T.T):
            if held[t] != T.total[t]:
                raise InvariantViolation(
                    f"{T.type_ids[t]}: {held[t]} cards over deck, discard, hands and caravans, {T.total[t]} in the game")
        for name, pile in (("deck", self.deck), ("discard", self.pile), *((f"hand {p}", h) for p, h in enumerate(self.hands)),
                           *((f"caravan {p}", c) for p, c in enumerate(self.cars))):
            for t, n in enumerate(pile):
                if n < 0:
                    raise InvariantViolation(f"{name} holds {n} cards of {T.type_ids[t]}")

    def stats(self) -> dict[str, Any]:
        return {
            **self.counters,
            "penalties": dict(self.penalties),
            "max_circulation": self.max_circulation,
            "gold": list(self.gold),
            "coins": dict(zip(self.coins, self.coin_need)),
        }

    # ------------------------------------------------------------------ for tests and tools
    def describe(self) -> str:
        """A few lines showing the board (rows 8 to 1) and each player's cards, for debugging."""
        T = self.T
        marks = []
        for row in range(T.rows, 0, -1):
            line = []
            for col in range(1, T.columns + 1):
                s = T.square(row, col)
                o = self.occ[s]
                ch = "." if o < 0 else "B" if o == self.players else "S" if o == self.players + 1 else str(o)
                if o < 0 and self.quick[s]:
                    ch = "q"
                elif o < 0 and self.oasis[s]:
                    ch = "o"
                line.append(ch)
            marks.append(f"{row} " + "".join(line))
        for p in range(self.players):
            hand = {T.type_ids[t]: n for t, n in enumerate(self.hands[p]) if n}
            car = {T.type_ids[t]: n for t, n in enumerate(self.cars[p]) if n}
            marks.append(f"player {p}: gold {self.gold[p]}, hand {hand}, caravan {car}")
        return "\n".join(marks)


# ----------------------------------------------------------------------------- trade offers
class OfferMoves(Sequence):
    """The legal moves of a trade decision (``PH_TRADE``, K7, S2): every offer the mover
    may make, in order partner, give side, get side (each side in ``_sides`` order), then
    ``(K_DONE,)``.  An offer is ``(K_OFFER, partner, *give, *get)``.

    A decision has about a hundred offers, but a playout only asks how many there are,
    whether the chosen move is one of them and where (``pnp.engine.core.playout`` and the
    mechanism labels), and the heuristic searches the offer sides itself (``bot._offer``).
    So the offers are counted from the two hands' card counts (``_pair_count``), a move
    is tested against the hands (``__contains__``) and placed by counting (``index``);
    the list is made only when the moves are read one by one (random and exploring
    players, tests), once.  It answers for the state it was made in: the hands and their
    sizes are copied (the state changes with the next move).
    """

    __slots__ = ("k", "limit", "T", "hand_p", "n_p", "partners", "_sides", "_listed", "_count")

    def __init__(self, state: ChessboardState, p: int):
        T = self.T = state.T
        self.k, self.limit = T.trade_max, T.hand_limit
        self.hand_p, self.n_p = state.hands[p][:], state.hand_n[p]
        # (partner, its hand, its hand size), in seat order; none when no offer is left
        self.partners = (tuple((q, state.hands[q][:], state.hand_n[q]) for q in state.partners)
                         if state.offers_left > 0 else ())
        self._sides = state._sides
        self._listed: list[tuple] | None = None
        self._count: int | None = None

    # -- the list, when it is read
    def listed(self) -> list[tuple]:
        """Every move, as a list (made once)."""
        out = self._listed
        if out is None:
            out = self._listed = []
            limit, n_p = self.limit, self.n_p
            mine = self._sides(self.hand_p)
            for q, hand_q, n_q in self.partners:
                theirs = self._sides(hand_q)
                for give, n_give in mine:
                    # the hand limit for both hands after the trade, as bounds on the get side's size
                    lo, hi = n_q + n_give - limit, limit - n_p + n_give
                    kinds = set(give)
                    kinds.discard(-1)
                    head = (K_OFFER, q) + give
                    out += [head + get for get, n_get in theirs if lo <= n_get <= hi and kinds.isdisjoint(get)]
            out.append((K_DONE,))
        return out

    def __getitem__(self, i):
        return self.listed()[i]

    def __iter__(self):
        return iter(self.listed())

    def __eq__(self, other) -> bool:
        return self.listed() == list(other) if isinstance(other, (list, tuple, OfferMoves)) else NotImplemented

    __hash__ = None  # a sequence compared by its items, as a list

    def __repr__(self) -> str:
        return f"OfferMoves({self.listed()!r})"

    # -- without the list
    def __len__(self) -> int:
        n = self._count
        if n is None:
            if self._listed is not None or self.k > 2:
                n = len(self.listed())  # _pair_count's formula holds for sides of at most 2 cards
            else:
                n = 1 + sum(self._pair_count(hand_q, n_q) for _, hand_q, n_q in self.partners)
            self._count = n
        return n

    def _pair_count(self, hand_q: list[int], n_q: int) -> int:
        """Offers to the partner holding ``hand_q`` (``n_q`` cards), for sides of at most 2
        cards (``k`` <= 2), from the card counts alone, by inclusion and exclusion: the
        pairs (give, get) sharing no type are all pairs, minus for each type t the pairs
        where both sides hold t, plus for each two types the pairs where both sides hold
        both (then each side is that pair of types)."""
        hand_p, k, limit, n_p = self.hand_p, self.k, self.limit, self.n_p
        mp, size_p = _side_sizes(hand_p)
        mq, size_q = _side_sizes(hand_q)
        both = [t for t, n in enumerate(hand_p) if n and hand_q[t]]
        total = 0
        for n_give in range(1, k + 1):
            for n_get in range(1, k + 1):
                if n_p - n_give + n_get > limit or n_q - n_get + n_give > limit:
                    continue
                shared = sum(_holding(hand_p, mp, t, n_give) * _holding(hand_q, mq, t, n_get) for t in both)
                pairs = len(both) * (len(both) - 1) // 2 if n_give == n_get == 2 else 0
                total += size_p[n_give] * size_q[n_get] - shared + pairs
        return total

    def _give_counts(self, hand_q: list[int], n_q: int):
        """``count(give)``: the offers to the partner holding ``hand_q`` (``n_q`` cards)
        that give the side ``give`` (its types, without padding); as ``_pair_count``."""
        k, limit, n_p = self.k, self.limit, self.n_p
        mq, size_q = _side_sizes(hand_q)

        def count(give: tuple[int, ...]) -> int:
            n_give, kinds = len(give), set(give)
            total = 0
            for n_get in range(1, k + 1):
                if n_p - n_give + n_get > limit or n_q - n_get + n_give > limit:
                    continue
                shared = sum(_holding(hand_q, mq, t, n_get) for t in kinds if hand_q[t])
                pair = 1 if n_get == 2 and len(kinds) == 2 and all(hand_q[t] for t in kinds) else 0
                total += size_q[n_get] - shared + pair
            return total

        return count

    def __contains__(self, m) -> bool:
        if m == (K_DONE,):
            return True
        k = self.k
        if type(m) is not tuple or len(m) != 2 + 2 * k or m[0] != K_OFFER:
            return False
        for q, hand_q, n_q in self.partners:
            if q == m[1]:
                break
        else:
            return False
        give, get = self._side(m[2:2 + k], self.hand_p), self._side(m[2 + k:], hand_q)
        if give is None or get is None or not set(give).isdisjoint(get):
            return False
        n_give, n_get = len(give), len(get)
        return self.n_p - n_give + n_get <= self.limit and n_q - n_get + n_give <= self.limit

    def _side(self, side: tuple, hand: list[int]) -> tuple[int, ...] | None:
        """The types of ``side`` if it is one of ``hand``'s offer sides (1..k types of the
        hand, sorted, padded with -1 at the end), else None."""
        types = tuple(t for t in side if t != -1)
        if (not types or side != types + (-1,) * (self.k - len(types))
                or any(type(t) is not int or not 0 <= t < self.T.T for t in types)
                or list(types) != sorted(types) or any(types.count(t) > hand[t] for t in set(types))):
            return None
        return types

    def index(self, m, start: int = 0, stop: int | None = None) -> int:
        if self._listed is not None or self.k > 2 or start or stop is not None or m not in self:
            return self.listed().index(m, start, *(() if stop is None else (stop,)))
        if m == (K_DONE,):
            return len(self) - 1
        k = self.k
        give_side, get_side = m[2:2 + k], m[2 + k:]
        i = 0
        for q, hand_q, n_q in self.partners:
            if q != m[1]:
                i += self._pair_count(hand_q, n_q)
                continue
            count = self._give_counts(hand_q, n_q)
            for side, _ in self._sides(self.hand_p):
                give = tuple(t for t in side if t != -1)
                if side != give_side:
                    i += count(give)
                    continue
                # this give side's offers come in the partner's side order
                kinds = set(give)
                lo, hi = n_q + len(give) - self.limit, self.limit - self.n_p + len(give)
                for get, n_get in self._sides(hand_q):
                    if get == get_side:
                        return i
                    if lo <= n_get <= hi and kinds.isdisjoint(get):
                        i += 1
        raise ValueError(f"{m!r} is not in the list")  # not reached: ``m in self`` holds

    def count(self, m) -> int:
        return 1 if m in self else 0


def _side_sizes(hand: list[int]) -> tuple[int, tuple[int, int, int]]:
    """(card types in ``hand``, (0, its offer sides of 1 card, of 2 cards)): a side of 2
    is two types, or two cards of one type."""
    m = doubles = 0
    for n in hand:
        if n:
            m += 1
            doubles += n >= 2
    return m, (0, m, m * (m - 1) // 2 + doubles)


def _holding(hand: list[int], kinds: int, t: int, n: int) -> int:
    """How many offer sides of ``n`` cards (1 or 2) of ``hand`` (holding ``kinds`` card
    types, ``t`` among them) hold type ``t``: itself; or with each other type, and twice."""
    return 1 if n == 1 else kinds - 1 + (hand[t] >= 2)


# ----------------------------------------------------------------------------- mechanisms
#: Every mechanism a decision can offer (``pnp check``'s coverage table): a kind of legal
#: move in its phase, and the choices within a rule (load soldiers or goods, move again
#: from an oasis, lose a soldier or all goods, sell or keep the goods).
MECHANISMS = (
    "start in Europe", "start in the Orient", "place a desert pawn",
    "discard before drawing", "exchange 2 for 1", "draw", "drop 1 of the 3 drawn", "discard to the hand limit",
    "load soldiers", "load goods", "stop loading",
    "move the caravan", "move again from an oasis", "desert phase first", "end the move phase",
    "offer a trade", "no more offers", "accept a trade", "decline a trade",
    "move the Bandits", "move the Sandstorm", "end the desert phase",
    "robbed: lose a soldier", "robbed: lose all goods",
    "sell", "keep the goods",
)
_LABEL = {
    (PH_PLACE_DESERT, K_PLACE_DESERT): "place a desert pawn",
    (PH_DISCARD, K_DISCARD): "discard before drawing", (PH_DISCARD, K_EXCHANGE): "exchange 2 for 1",
    (PH_DISCARD, K_DONE): "draw", (PH_EXCHANGE, K_EXCHANGE): "exchange 2 for 1",
    (PH_KEEP, K_KEEP_DROP): "drop 1 of the 3 drawn", (PH_LIMIT, K_LIMIT_DROP): "discard to the hand limit",
    (PH_BUY, K_DONE): "stop loading",
    (PH_MOVE, K_DESERT_FIRST): "desert phase first", (PH_MOVE, K_PASS): "end the move phase",
    (PH_TRADE, K_OFFER): "offer a trade", (PH_TRADE, K_DONE): "no more offers",
    (PH_ANSWER, K_ACCEPT): "accept a trade", (PH_ANSWER, K_DECLINE): "decline a trade",
    (PH_DESERT, K_BANDITS): "move the Bandits", (PH_DESERT, K_SANDSTORM): "move the Sandstorm",
    (PH_DESERT, K_DONE): "end the desert phase",
    (PH_ROB, K_LOSE_SOLDIER): "robbed: lose a soldier", (PH_ROB, K_LOSE_GOODS): "robbed: lose all goods",
    (PH_SELL, K_SELL): "sell", (PH_SELL, K_PASS): "keep the goods",
}
_BY_PHASE = tuple({k: v for (ph, k), v in _LABEL.items() if ph == phase} for phase in range(len(PHASE_NAMES)))


def mechanisms(state: ChessboardState, moves: list[tuple]) -> list[str]:
    """The mechanism (one of ``MECHANISMS``) of each of ``moves`` in ``state``."""
    ph = state.phase
    if ph == PH_MOVE:
        caravan = "move again from an oasis" if state.moved else "move the caravan"
        return [caravan if m[0] == K_MOVE else _BY_PHASE[ph][m[0]] for m in moves]
    if ph == PH_BUY:
        soldier = state.T.soldier
        return ["stop loading" if m[0] == K_DONE else "load soldiers" if m[1] == soldier else "load goods"
                for m in moves]
    if ph == PH_PLACE:
        end_of = state.T.end_of
        return ["start in Europe" if end_of[m[1]] == 0 else "start in the Orient" for m in moves]
    if ph == PH_TRADE and isinstance(moves, OfferMoves):  # offers, then "done": without listing the offers
        return ["offer a trade"] * (len(moves) - 1) + ["no more offers"]
    labels = _BY_PHASE[ph]
    return [labels[m[0]] for m in moves]


# ----------------------------------------------------------------------------- search player
def progress(state: ChessboardState) -> list[float]:
    """Each seat's share of the way to winning (gold / ``rules.target_gold``, goods in the
    caravan counted at their sale value), for the search player's unfinished rollouts."""
    T = state.T
    target = T.rules.target_gold
    out = []
    for p in range(state.players):
        car = state.cars[p]
        goods = sum(T.sale[car[t]] for t in T.goods)
        out.append(min(1.0, (state.gold[p] + 0.5 * goods) / target))
    return out


def determinise(state: ChessboardState, seat: int, rng: random.Random) -> None:
    """Redeal what ``seat`` cannot see: the other players' hands, each keeping its size,
    drawn from those hands and the face-down deck together (the rest becomes the deck).
    Caravans, the discard pile and the board are open, and so are the cards of a trade
    offer awaiting ``seat``'s answer (the proposer keeps them: S2)."""
    others = [q for q in range(state.players) if q != seat]
    pool = list(state.deck)
    for q in others:
        pool = [a + b for a, b in zip(pool, state.hands[q])]
    shown = [0] * len(pool)  # cards another player has shown (offered to ``seat``)
    if state.phase == PH_ANSWER and state.offer and state.offer[1] == seat:
        proposer = state.cur
        for t in state.offer_sides(state.offer)[0]:
            shown[t] += 1
            pool[t] -= 1
    else:
        proposer = -1
    left = sum(pool)
    for q in others:
        hand = state.hands[q]  # in place: all_piles holds references to the hands and the deck
        hand[:] = shown if q == proposer else [0] * len(pool)
        for _ in range(state.hand_n[q] - (sum(shown) if q == proposer else 0)):
            t = counted_index(pool, rng.randrange(left))
            pool[t] -= 1
            hand[t] += 1
            left -= 1
    state.deck[:] = pool
    state.deck_n = left
