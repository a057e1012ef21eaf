"""Samarkand's rules as a game state for the engine core.

Source: ``shared/seeds/samarkand.rules.en.txt`` (quoted in comments as "seed: ...") and,
where it is silent, ``data/samarkand/ENGINE-DECISIONS.md`` (quoted as "D<n>").  Every
number comes from the loaded model (``pnp.games.samarkand.model.Samarkand``); sale prices only
through ``game.prices.price``.

Shapes, for speed (plain ints and lists, no copying):
- goods are indices 0..G-1 in data order; a hand, a trading field and the deck are lists
  of G card counts.  The deck is always a face-down, uniformly shuffled pile, so drawing
  its top card is drawing a uniformly random card from its counts (D1).
- spaces are indices in ``board.spaces`` order; market slots are ``2*city + 0/1``.
- money in Piaster.

Decisions are moves (tuples of small ints, first item the kind ``K_*``).  A turn is:
MOVE (step along an arrow, or pay and roll the die), then the action of the space
reached (camp: gift then trades or an extra step; oasis: buy; city: sell, then a chip),
with hand-limit discards when the deck runs out in between.
"""

from __future__ import annotations

import random
from itertools import chain
from typing import Any

from pnp.engine.core import InvariantViolation, RuleGap, counted_index

# move kinds
K_PLACE, K_STEP, K_DIE, K_GOTO, K_GIFT, K_TRADE, K_EXTRA, K_END, K_BUY, K_SELL, K_MIX, K_CHIP, K_DISCARD = range(13)
KIND_NAMES = ("place", "step", "die", "goto", "gift", "trade", "extra", "end", "buy", "sell", "mix", "chip", "discard")
# phases (whose decision is awaited)
PH_PLACE, PH_MOVE, PH_DIE, PH_GIFT, PH_CAMP, PH_OASIS, PH_CITY, PH_CHIP, PH_DISCARD, PH_OVER = range(10)
# what to do once a run of card draws is complete (draws can pause for discards: seed "No more commodities")
AFTER_END_TURN, AFTER_PENALTY_GIFT, AFTER_PAY_OASIS, AFTER_ENTER_OASIS = range(4)
CAMP, OASIS, CITY = 0, 1, 2
ASSORTMENT = -1  # market token that buys an assortment
PENALTIES = ("camp_no_gift", "oasis_no_money", "city_no_sale")


class Tables:
    """Everything a state needs from the model, precomputed once per game model.

    ``exits[s]``/``entrances[s]``: space indices; ``die_dest[s][face]``: end spaces one
    roll of that face can reach from ``s`` (the path's inner spaces have no effect, so the
    player's branch choices reduce to choosing the end space: D8); ``sale[g][chip][n]``
    and ``mix[chip][n]``: Piaster for n cards, from ``game.prices.price``.
    """

    def __init__(self, game):
        self.game = game
        self.goods = tuple(g.id for g in game.goods)
        G = self.G = len(self.goods)
        spaces = game.board.spaces
        index = {s.id: i for i, s in enumerate(spaces)}
        self.space_ids = tuple(s.id for s in spaces)
        self.kind = tuple({"camp": CAMP, "oasis": OASIS, "city": CITY}[s.kind] for s in spaces)
        self.exits = tuple(tuple(index[e] for e in s.exits) for s in spaces)
        self.entrances = tuple(tuple(index[e] for e in game.board.entrances(s.id)) for s in spaces)
        camps = [i for i, s in enumerate(spaces) if s.kind == "camp"]
        self.camp_of = tuple(camps.index(i) if i in camps else -1 for i in range(len(spaces)))
        self.camp_space = tuple(camps)
        self.capacity = tuple(spaces[i].capacity for i in camps)
        self.price_4 = tuple(s.price_4 if s.kind == "oasis" else 0 for s in spaces)
        self.oasis_bulk = game.rules.oasis_bulk_cards    # price_4 buys this many cards (seed: "buy 1 or 4")
        cities = [i for i, s in enumerate(spaces) if s.kind == "city"]
        self.city_of = tuple(cities.index(i) if i in cities else -1 for i in range(len(spaces)))
        self.city_space = tuple(cities)
        self.die_faces = game.die_faces
        self.die_dest = tuple(tuple(self._reach(s, f) for f in game.die_faces) for s in range(len(spaces)))
        self.rules = game.rules
        most = max(g.count for g in game.goods)
        price = game.prices.price
        self.sale = tuple(
            tuple(tuple(price(g, n, chip=chip) if n else 0 for n in range(most + 1)) for chip in (False, True))
            for g in self.goods
        )
        self.mix_max = game.prices.assortment_sizes[-1]
        self.mix = tuple(
            tuple(price("assortment", n, chip=chip) if n else 0 for n in range(G + 1)) for chip in (False, True)
        )
        self.tokens = tuple(self.goods.index(g) for g in game.market_token_goods) + (ASSORTMENT,) * game.assortment_tokens
        # popcount of each subset mask of goods, for assortment sales
        self.popcount = tuple(bin(m).count("1") for m in range(1 << G))

    def _reach(self, start: int, face: str) -> tuple[int, ...]:
        if face == "back":  # seed: "move backwards (against the arrows) one space"
            return self.entrances[start]
        here = {start}
        for _ in range(int(face)):
            here = {e for s in here for e in self.exits[s]}
        return tuple(sorted(here))


_TABLES: dict[int, Tables] = {}


def tables(game) -> Tables:
    """The (cached) ``Tables`` of a loaded model."""
    t = _TABLES.get(id(game))
    if t is None or t.game is not game:
        t = _TABLES[id(game)] = Tables(game)
    return t


def new_game(game, players: int, seed: int, track_notes: tuple[int, ...] = (),
             start_money: tuple[int, ...] | None = None) -> "SamarkandState":
    """A set-up game for ``players`` (seed: "Preparation"): deck reduced, 2 cards per trading
    field, 7 cards and 200 Piaster each, market tokens shuffled onto the cities (D2).

    ``track_notes``: banknote values; if given, the state records the most notes of each
    value the players' cash needs (greedy change-making) at the end of every turn.
    ``start_money``: Piaster of each seat at the start (a seat compensation, ``pnp
    balance``); default ``rules.start_money`` for every seat.

    Raises:
        VariantError: ``players`` outside the data's range, or a deck too small to set up.
    """
    return SamarkandState(tables(game), players, seed, track_notes, start_money)


class SamarkandState:
    """One game of Samarkand in progress (follows ``pnp.engine.core.GameState``)."""

    __slots__ = (
        "T", "seed", "players", "rng", "phase", "cur", "placing", "turn_count", "winner_seat",
        "money", "hands", "hs", "pos", "deck", "deck_size", "fields", "fsize", "markets", "chips",
        "pile", "discarder", "camp", "free", "traded", "gift_given", "placed", "oasis", "city", "sold_slot",
        "die_dest", "draw_target", "draw_left", "draw_got", "last_drawn", "after", "buy_n",
        "paid_out", "taken_in", "max_payout", "total", "counters", "penalties", "max_circulation",
        "notes", "note_need", "note_memo", "start_money",
    )

    def __init__(self, T: Tables, players: int, seed: int, track_notes: tuple[int, ...] = (),
                 start_money: tuple[int, ...] | None = None):
        game, r = T.game, T.rules
        counts = game.deck(players)  # raises VariantError outside the range
        self.T = T
        self.seed = seed
        self.players = players
        self.rng = rng = random.Random(seed)
        G = T.G
        self.total = [counts[g] for g in T.goods]
        self.deck = list(self.total)
        self.deck_size = sum(self.deck)
        n_camps = len(T.camp_space)
        need = r.field_start_cards * n_camps + r.hand_size * players
        if self.deck_size < need:
            from pnp.errors import VariantError

            raise VariantError(
                f"{players} players: the deck holds {self.deck_size} cards, setup needs {need} "
                f"({r.hand_size} x {players} hands + {r.field_start_cards} x {n_camps} trading fields)",
                file=game.folder / "game.yaml",
                key=f"removed_per_good.{players}",
            )
        tokens = list(T.tokens)
        rng.shuffle(tokens)  # D2: market tokens shuffled, 2 per city in board order
        self.markets = tokens
        self.chips = [-1] * game.market_chips  # -1: off the board
        # seed: trading fields first, then 7 cards to each player
        self.fields = [[0] * G for _ in range(n_camps)]
        self.fsize = [0] * n_camps
        for c in range(n_camps):
            for _ in range(r.field_start_cards):
                self.fields[c][self._pick()] += 1
            self.fsize[c] = r.field_start_cards
        self.hands = [[0] * G for _ in range(players)]
        for p in range(players):
            for _ in range(r.hand_size):
                self.hands[p][self._pick()] += 1
        self.hs = [r.hand_size] * players
        self.start_money = tuple(start_money) if start_money is not None else (r.start_money,) * players
        if len(self.start_money) != players or min(self.start_money) < 0:
            raise RuleGap(f"start money {self.start_money} for {players} players")
        self.money = list(self.start_money)
        self.pos = [-1] * players
        self.pile = [0] * G
        self.phase = PH_PLACE
        self.cur = 0  # seat 0 is the oldest player: places first and begins (seed)
        self.placing = 0
        self.turn_count = 0
        self.winner_seat = None
        self.discarder = -1
        self.camp = self.oasis = self.city = self.sold_slot = -1
        self.free = self.traded = self.gift_given = False
        # D23: cards of each good the player has put on the trading field of the camp he
        # is visiting (gift and trades); he cannot take them back on this visit
        self.placed = [0] * G
        self.draw_target = self.draw_left = self.draw_got = 0
        self.die_dest = ()
        self.last_drawn = -1
        self.after = AFTER_END_TURN
        self.buy_n = 0
        self.paid_out = self.taken_in = self.max_payout = 0
        self.counters = {"deck_ran_out": 0, "reshuffles": 0, "dry_draws": 0, "fields_bought": 0, "oasis_empty": 0, "die_rolls": 0, "sales": 0}
        self.penalties = dict.fromkeys(PENALTIES, 0)
        self.max_circulation = sum(self.money)
        self.notes = tuple(sorted(track_notes, reverse=True))
        self.note_need = [0] * len(self.notes)
        self.note_memo: dict[int, tuple[int, ...]] = {}

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        if self.phase == PH_DISCARD:
            return self.discarder
        if self.phase == PH_PLACE:
            return self.placing
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def winner(self) -> int | None:
        return self.winner_seat

    def turns(self) -> int:
        return self.turn_count

    def legal_moves(self) -> list[tuple]:
        ph = self.phase
        T = self.T
        p = self.cur
        if ph == PH_MOVE:
            moves = [(K_STEP, e) for e in T.exits[self.pos[p]]]
            if self.money[p] >= T.rules.die_cost:  # D7: the die must be paid for
                moves.append((K_DIE,))
            return moves
        if ph == PH_CAMP:
            hand, field, placed = self.hands[p], self.fields[self.camp], self.placed
            moves = [
                (K_TRADE, a, b)
                for a in range(T.G) if hand[a]
                # D11: same-good swaps change nothing; D23: his own cards stay on the field
                for b in range(T.G) if field[b] > placed[b] and b != a
            ]
            if self.free and not self.traded:
                moves.extend((K_EXTRA, e) for e in T.exits[self.pos[p]])
            moves.append((K_END,))
            return moves
        if ph == PH_GIFT:
            hand = self.hands[p]
            return [(K_GIFT, g) for g in range(T.G) if hand[g]]
        if ph == PH_CITY:
            return self._sales(p)
        if ph == PH_OASIS:
            moves = [(K_BUY, 1)]
            if self.money[p] >= T.price_4[self.oasis]:
                moves.append((K_BUY, T.oasis_bulk))
            return moves
        if ph == PH_DIE:
            return [(K_GOTO, d) for d in self.die_dest]
        if ph == PH_CHIP:
            return [(K_CHIP, i) for i in range(len(self.chips))]
        if ph == PH_DISCARD:
            hand = self.hands[self.discarder]
            return [(K_DISCARD, g) for g in range(T.G) if hand[g]]
        if ph == PH_PLACE:
            return [(K_PLACE, s) for s in range(len(T.kind))]
        return []

    def _sales(self, p: int) -> list[tuple]:
        """Every sale the city's two markets allow (seed: "at least two cards of one of the
        two commodities"; assortment: one card each of N different goods, N >= 2: D14)."""
        T = self.T
        hand = self.hands[p]
        least = T.rules.min_sale
        moves = []
        for slot in (2 * self.city, 2 * self.city + 1):
            g = self.markets[slot]
            if g == ASSORTMENT:
                present = 0
                for h in range(T.G):
                    if hand[h]:
                        present |= 1 << h
                sub = present
                while sub:  # every non-empty subset of the goods in hand
                    if least <= T.popcount[sub] <= T.mix_max:
                        moves.append((K_MIX, slot, sub))
                    sub = (sub - 1) & present
            else:
                moves.extend((K_SELL, slot, n) for n in range(least, hand[g] + 1))
        return moves

    # ------------------------------------------------------------------ applying moves
    def apply(self, m: tuple) -> None:
        k = m[0]
        if k == K_TRADE:
            _, a, b = m
            hand, field = self.hands[self.cur], self.fields[self.camp]
            hand[a] -= 1
            hand[b] += 1
            field[b] -= 1
            field[a] += 1
            self.placed[a] += 1  # D23: not to be taken back on this visit
            self.traded = True
        elif k == K_STEP or k == K_EXTRA:
            self.pos[self.cur] = m[1]
            self._arrive(m[1], free=True)
        elif k == K_DIE:
            T = self.T
            self._pay(self.cur, T.rules.die_cost)
            self.counters["die_rolls"] += 1
            face = self.rng.randrange(len(T.die_faces))
            self.die_dest = T.die_dest[self.pos[self.cur]][face]
            self.phase = PH_DIE
        elif k == K_GOTO:
            self.pos[self.cur] = m[1]
            self._arrive(m[1], free=False)  # seed: no nomad-camp extra move after the die
        elif k == K_GIFT:
            g = m[1]
            self.hands[self.cur][g] -= 1
            self.hs[self.cur] -= 1
            self._give(g)
        elif k == K_END:
            self._end_turn()
        elif k == K_SELL or k == K_MIX:
            self._sell(m)
        elif k == K_BUY:
            self.buy_n = m[1]
            self._start_draw(self.cur, m[1], AFTER_PAY_OASIS)
        elif k == K_CHIP:
            self.chips[m[1]] = self.sold_slot
            self._end_turn()
        elif k == K_DISCARD:
            self._discard(m[1])
        elif k == K_PLACE:
            self.pos[self.placing] = m[1]  # seed: placing a figure is not entering the space
            self.placing += 1
            if self.placing == self.players:
                self.phase = PH_MOVE
                self.turn_count = 1
        else:
            raise RuleGap(f"unknown move {m!r}")

    def _arrive(self, s: int, free: bool) -> None:
        kind = self.T.kind[s]
        if kind == CAMP:
            self._enter_camp(self.T.camp_of[s], free)
        elif kind == OASIS:
            self._enter_oasis(s)
        else:
            self._enter_city(self.T.city_of[s])

    # -- nomad camps (seed: "Nomad camps")
    def _enter_camp(self, c: int, free: bool) -> None:
        T, r, p = self.T, self.T.rules, self.cur
        self.camp, self.free, self.traded, self.gift_given = c, free, False, False
        self.placed = [0] * T.G  # D23: a new visit
        if self.fsize[c] >= T.capacity[c]:
            # seed: a full field is bought for 10 and refilled with 2; no gift (D3, D4)
            if self.money[p] < r.camp_full_price:
                self._end_turn()  # D3: cannot pay, so nothing happens
                return
            self._pay(p, r.camp_full_price)
            hand, field = self.hands[p], self.fields[c]
            for g in range(T.G):
                hand[g] += field[g]
                field[g] = 0
            self.hs[p] += self.fsize[c]
            self.fsize[c] = 0
            self.counters["fields_bought"] += 1
            self._start_draw(-1 - c, r.field_start_cards, AFTER_END_TURN)
            return
        if self.hs[p] == 0:
            # seed penalty: draw the top card, pay 20, give that card (D6 if short of cash)
            self.penalties["camp_no_gift"] += 1
            self._pay(p, min(r.camp_no_gift_penalty, self.money[p]))
            self._start_draw(p, 1, AFTER_PENALTY_GIFT)
            return
        self.phase = PH_GIFT

    def _give(self, g: int) -> None:
        c = self.camp
        if g >= 0:
            self.fields[c][g] += 1
            self.fsize[c] += 1
            self.placed[g] += 1  # D23: the gift stays too
        self.gift_given = True
        self.phase = PH_CAMP

    # -- oases (seed: "Oasis")
    def _enter_oasis(self, s: int) -> None:
        r, p = self.T.rules, self.cur
        if self.money[p] < r.oasis_single_price:
            # seed penalty: lose 3 random cards (all if fewer), shuffled into the deck
            self.penalties["oasis_no_money"] += 1
            hand = self.hands[p]
            for _ in range(min(r.oasis_penalty_cards, self.hs[p])):
                g = counted_index(hand, self.rng.randrange(self.hs[p]))
                hand[g] -= 1
                self.hs[p] -= 1
                self.deck[g] += 1
                self.deck_size += 1
            self._end_turn()
            return
        self.oasis = s
        if self.deck_size == 0:
            # D22: an empty deck meets the run-out rule again: players over the hand limit
            # discard, the discards are the new deck, and the oasis sells from it
            self.draw_left, self.after = 0, AFTER_ENTER_OASIS
            if self._next_discarder(p):
                return
            self.counters["oasis_empty"] += 1  # D12: an oasis with nothing to draw sells nothing
            self._end_turn()
            return
        self.phase = PH_OASIS

    # -- cities (seed: "Cities")
    def _enter_city(self, ci: int) -> None:
        self.city = ci
        if self._sales(self.cur):
            self.phase = PH_CITY
            return
        # seed penalty: cannot sell -> pay 20 and keep the cards (D6 if short of cash)
        self.penalties["city_no_sale"] += 1
        p = self.cur
        self._pay(p, min(self.T.rules.city_no_sale_penalty, self.money[p]))
        self._end_turn()

    def _sell(self, m: tuple) -> None:
        T, p = self.T, self.cur
        slot = m[1]
        chip = 1 if slot in self.chips else 0  # seed: a covered symbol pays one level less
        hand, deck = self.hands[p], self.deck
        if m[0] == K_SELL:
            g, n = self.markets[slot], m[2]
            hand[g] -= n
            deck[g] += n
            gain = T.sale[g][chip][n]
        else:
            mask, n = m[2], T.popcount[m[2]]
            for g in range(T.G):
                if mask >> g & 1:
                    hand[g] -= 1
                    deck[g] += 1
            gain = T.mix[chip][n]
        self.hs[p] -= n
        self.deck_size += n  # seed: "Cards sold are shuffled into the commodity deck" (D1)
        self.money[p] += gain
        self.paid_out += gain
        if gain > self.max_payout:
            self.max_payout = gain
        self.counters["sales"] += 1
        circulation = sum(self.money)
        if circulation > self.max_circulation:
            self.max_circulation = circulation
        if self.money[p] >= T.rules.target_money:  # seed: "as soon as a player reaches 500"
            self.winner_seat = p
            self._record_notes()
            self.phase = PH_OVER
            return
        # seed: cover the market with a chip; an off-board chip first, else the player moves one (D15)
        if slot in self.chips:
            self._end_turn()
        elif -1 in self.chips:
            self.chips[self.chips.index(-1)] = slot
            self._end_turn()
        elif self.chips:
            self.sold_slot = slot
            self.phase = PH_CHIP
        else:
            self._end_turn()

    # -- drawing cards, and the deck running out (seed: "No more commodities")
    def _pick(self) -> int:
        """Take a uniformly random card from the deck (= its top card, D1); returns its good."""
        g = counted_index(self.deck, self.rng.randrange(self.deck_size))
        self.deck[g] -= 1
        self.deck_size -= 1
        return g

    def _start_draw(self, target: int, n: int, after: int) -> None:
        """Draw ``n`` cards to player ``target`` (>= 0) or to trading field ``-1 - target``,
        then continue with ``after``."""
        self.draw_target, self.draw_left, self.draw_got, self.after = target, n, 0, after
        self.last_drawn = -1
        if self._draw():
            self._after_draw()

    def _draw(self) -> bool:
        """Run the pending draws.  False if paused for hand-limit discards."""
        while self.draw_left:
            if self.deck_size == 0:
                # D22: a draw from an empty deck first applies the run-out rule: players
                # over the hand limit discard, and the discards are the deck to draw from
                if self._next_discarder(self.cur):
                    return False
                self.counters["dry_draws"] += 1  # D17: deck empty, nobody over the limit
                self.draw_left = 0
                break
            g = self._pick()
            t = self.draw_target
            if t >= 0:
                self.hands[t][g] += 1
                self.hs[t] += 1
            else:
                self.fields[-1 - t][g] += 1
                self.fsize[-1 - t] += 1
            self.last_drawn = g
            self.draw_left -= 1
            self.draw_got += 1
            if self.deck_size == 0:
                self.counters["deck_ran_out"] += 1
                if self._next_discarder(self.cur):
                    return False
        return True

    def _next_discarder(self, start: int) -> bool:
        """Make the first player over the hand limit, in seat order from ``start``, the
        discarder (seed: "reduce the number of cards in their hand to 12"; D16)."""
        limit = self.T.rules.hand_limit
        for i in range(self.players):
            q = (start + i) % self.players
            if self.hs[q] > limit:
                self.discarder = q
                self.phase = PH_DISCARD
                return True
        return False

    def _discard(self, g: int) -> None:
        q = self.discarder
        self.hands[q][g] -= 1
        self.hs[q] -= 1
        self.pile[g] += 1
        if self.hs[q] > self.T.rules.hand_limit:
            return
        # next player over the limit, in seat order after q (never wrapping past the active player)
        limit, n = self.T.rules.hand_limit, self.players
        for i in range(1, n):
            nq = (q + i) % n
            if nq == self.cur:
                break
            if self.hs[nq] > limit:
                self.discarder = nq
                return
        # seed: shuffle the discards to form a new deck, then finish the interrupted action
        self.discarder = -1
        pile = self.pile
        for h in range(self.T.G):
            self.deck[h] += pile[h]
            pile[h] = 0
        self.deck_size = sum(self.deck)
        self.counters["reshuffles"] += 1
        self.phase = PH_MOVE  # the continuation below sets the real phase, or pauses again for discards
        if self._draw():
            self._after_draw()

    def _after_draw(self) -> None:
        a = self.after
        if a == AFTER_END_TURN:
            self._end_turn()
        elif a == AFTER_PENALTY_GIFT:
            g = self.last_drawn if self.draw_got else -1
            if g < 0:
                # D5: no card to draw, so no greeting gift: the penalty is paid, and with
                # no gift (and an empty hand) there is no trade and no extra step
                self._end_turn()
                return
            self.hands[self.cur][g] -= 1
            self.hs[self.cur] -= 1
            self._give(g)  # D5: the penalty card is the gift
        elif a == AFTER_ENTER_OASIS:
            self._enter_oasis(self.oasis)
        elif a == AFTER_PAY_OASIS:
            r = self.T.rules
            bulk = self.T.price_4[self.oasis] if self.buy_n == self.T.oasis_bulk else r.oasis_single_price
            # D12: a purchase the deck cannot fill costs the single price per card received, at most the bulk price
            cost = bulk if self.draw_got == self.buy_n else min(bulk, r.oasis_single_price * self.draw_got)
            self._pay(self.cur, cost)
            self._end_turn()
        else:
            raise RuleGap(f"unknown continuation {a}")

    # -- money and turns
    def _pay(self, p: int, amount: int) -> None:
        if amount > self.money[p]:
            raise RuleGap(f"player {p} must pay {amount} Piaster but holds {self.money[p]}")
        self.money[p] -= amount
        self.taken_in += amount

    def _end_turn(self) -> None:
        if self.notes:
            self._record_notes()
        self.cur = (self.cur + 1) % self.players
        self.turn_count += 1
        self.phase = PH_MOVE
        self.camp = self.oasis = self.city = -1

    def _record_notes(self) -> None:
        """Banknotes of each value the players' cash needs now, greedy change-making (D19)."""
        memo, need = self.note_memo, self.note_need
        totals = [0] * len(self.notes)
        for cash in self.money:
            split = memo.get(cash)
            if split is None:
                rest, parts = cash, []
                for v in self.notes:
                    parts.append(rest // v)
                    rest %= v
                split = memo[cash] = tuple(parts)
            for i, n in enumerate(split):
                totals[i] += n
        for i, n in enumerate(totals):
            if n > need[i]:
                need[i] = n

    # ------------------------------------------------------------------ checks and reports
    def stats(self) -> dict[str, Any]:
        out = dict(self.counters)
        out["penalties"] = dict(self.penalties)
        out["max_circulation"] = self.max_circulation
        out["paid_out"] = self.paid_out
        out["taken_in"] = self.taken_in
        out["max_payout"] = self.max_payout
        if self.notes:
            out["notes"] = dict(zip(self.notes, self.note_need))
        return out

    def check_invariants(self) -> None:
        """Cards conserved per good over deck, hands, fields and discards; money accounted
        for against the bank's payouts and takings; no negative count; fields within
        capacity; chips on distinct market slots; the cards a camp visitor placed on the field
        still there (D23).  Raises ``InvariantViolation``.

        Runs after every move of ``pnp check``: the card counts are first tested together
        (C-level ``min``/``sum`` over all piles); only a failing state is walked good by
        good, to name the good in the error."""
        T = self.T
        hands, fields = self.hands, self.fields
        if (min(chain(self.deck, self.pile, *hands, *fields)) < 0
                or list(map(sum, zip(self.deck, self.pile, *hands, *fields))) != self.total):
            self._check_cards()
        if self.deck_size != sum(self.deck):
            raise InvariantViolation(f"deck size {self.deck_size} != {sum(self.deck)} cards in it")
        if list(map(sum, hands)) != self.hs:
            for p, h in enumerate(hands):
                if self.hs[p] != sum(h):
                    raise InvariantViolation(f"player {p} hand size {self.hs[p]} != {sum(h)}")
        if list(map(sum, fields)) != self.fsize or any(map(int.__gt__, self.fsize, T.capacity)):
            for c, f in enumerate(fields):
                if self.fsize[c] != sum(f) or self.fsize[c] > T.capacity[c]:
                    raise InvariantViolation(f"field {c}: size {self.fsize[c]}, holds {sum(f)}, capacity {T.capacity[c]}")
        start = sum(self.start_money)
        if min(self.money) < 0:
            raise InvariantViolation(f"negative money {self.money}")
        if sum(self.money) != start + self.paid_out - self.taken_in:
            raise InvariantViolation(
                f"money {sum(self.money)} != {start} + paid out {self.paid_out} - taken in {self.taken_in}"
            )
        placed = [c for c in self.chips if c != -1]
        if placed and (len(set(placed)) != len(placed) or min(placed) < 0 or max(placed) >= len(self.markets)):
            raise InvariantViolation(f"chips on {self.chips}")
        if self.phase == PH_CAMP and any(n > f for n, f in zip(self.placed, self.fields[self.camp])):
            raise InvariantViolation(f"cards placed this visit {self.placed} not on the field {self.fields[self.camp]} (D23)")
        if self.phase not in (PH_PLACE, PH_OVER) and min(self.pos) < 0:
            raise InvariantViolation(f"a figure is off the board: {self.pos}")
        if self.phase == PH_OVER and self.money[self.winner_seat] < T.rules.target_money:
            raise InvariantViolation("game over without a winner")
        if self.phase != PH_OVER and max(self.money) >= T.rules.target_money:
            raise InvariantViolation(f"a player holds {max(self.money)} Piaster and the game goes on")

    def _check_cards(self) -> None:
        """Cards conserved and none negative, good by good (names the first failing good)."""
        T = self.T
        for g in range(T.G):
            where = [self.deck[g], self.pile[g]] + [h[g] for h in self.hands] + [f[g] for f in self.fields]
            if min(where) < 0:
                raise InvariantViolation(f"negative count of {T.goods[g]}: {where}")
            if sum(where) != self.total[g]:
                raise InvariantViolation(f"{T.goods[g]}: {sum(where)} cards in play, the deck has {self.total[g]}")
        raise InvariantViolation("cards not conserved")  # unreachable: the fast test and this walk agree

    def describe(self, m: tuple) -> str:
        """A move in words, e.g. 'sell 5 grain at khiva' (for error reports and logs)."""
        T, k = self.T, m[0]
        name = KIND_NAMES[k]
        if k in (K_PLACE, K_STEP, K_GOTO, K_EXTRA):
            return f"{name} {T.space_ids[m[1]]}"
        if k in (K_GIFT, K_DISCARD):
            return f"{name} {T.goods[m[1]]}"
        if k == K_TRADE:
            return f"trade {T.goods[m[1]]} for {T.goods[m[2]]}"
        if k == K_SELL:
            return f"sell {m[2]} {T.goods[self.markets[m[1]]]}"
        if k == K_MIX:
            return "sell assortment " + "+".join(T.goods[g] for g in range(T.G) if m[2] >> g & 1)
        return " ".join([name] + [str(x) for x in m[1:]])


# ----------------------------------------------------------------------------- mechanisms
#: Every mechanism a decision can offer (``pnp check``'s coverage table): a kind of legal
#: move in its phase, and the choices within a rule (one card or the bulk at an oasis, a
#: sale within the price table or past its last column, an assortment).
MECHANISMS = (
    "place the pawn", "step along an arrow", "roll the die", "go where the die shows",
    "give a gift", "trade with the field", "extra step from the camp", "leave the camp",
    "buy 1 card at the oasis", "buy the bulk at the oasis",
    "sell one good", "sell past the price table's last column", "sell an assortment",
    "move a market chip", "discard to the hand limit",
)
_LABELS = {
    K_PLACE: "place the pawn", K_STEP: "step along an arrow", K_DIE: "roll the die", K_GOTO: "go where the die shows",
    K_GIFT: "give a gift", K_TRADE: "trade with the field", K_EXTRA: "extra step from the camp",
    K_END: "leave the camp", K_MIX: "sell an assortment", K_CHIP: "move a market chip",
    K_DISCARD: "discard to the hand limit",
}


def mechanisms(state: SamarkandState, moves: list[tuple]) -> list[str]:
    """The mechanism (one of ``MECHANISMS``) of each of ``moves`` in ``state``."""
    ph = state.phase
    if ph == PH_CITY:
        widest = state.T.game.prices.sizes[-1]
        return ["sell an assortment" if m[0] == K_MIX else
                "sell past the price table's last column" if m[2] > widest else "sell one good" for m in moves]
    if ph == PH_OASIS:
        return ["buy 1 card at the oasis" if m[1] == 1 else "buy the bulk at the oasis" for m in moves]
    return [_LABELS[m[0]] for m in moves]


# ----------------------------------------------------------------------------- search player
def progress(state: SamarkandState, hold: float = 0.85) -> list[float]:
    """Each seat's share of the way to winning, for the search player's unfinished
    rollouts: money plus ``hold`` x what the hand's sets would fetch (price table, no
    chip; the heuristic's own weight), over ``rules.target_money``."""
    T = state.T
    target = T.rules.target_money
    out = []
    for p in range(state.players):
        hand = state.hands[p]
        potential = sum(T.sale[g][0][min(hand[g], len(T.sale[g][0]) - 1)] for g in range(T.G))
        out.append(min(1.0, (state.money[p] + hold * potential) / target))
    return out


def determinise(state: SamarkandState, seat: int, rng: random.Random) -> None:
    """Redeal what ``seat`` cannot see: the other players' hands, each keeping its size,
    drawn from those hands and the face-down deck together (the rest becomes the deck)."""
    others = [q for q in range(state.players) if q != seat]
    pool = list(state.deck)
    for q in others:
        pool = [a + b for a, b in zip(pool, state.hands[q])]
    left = sum(pool)
    for q in others:
        hand = [0] * len(pool)
        for _ in range(state.hs[q]):
            g = counted_index(pool, rng.randrange(left))
            pool[g] -= 1
            hand[g] += 1
            left -= 1
        state.hands[q] = hand
    state.deck = pool
    state.deck_size = left
