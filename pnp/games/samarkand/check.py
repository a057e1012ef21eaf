"""Samarkand's side of the checks (``pnp.engine.adapter.GameEngine``).

Static checks of a player-count variant (seed: "Preparation" removals, set-up against the
deck, engine counts against the model's and the kit's) and the banknote sizing
(ENGINE-DECISIONS.md, D19).  ``data/samarkand/checks.yaml`` sections read here:
``setup.min_deck_after_setup`` and ``banknotes.{players, quantile}``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from pnp.errors import VariantError
from pnp.model.catalog import MAX_COUNT
from pnp.model.variant import Variant, check_setup
from pnp.games.samarkand import engine as samarkand
from pnp.games.samarkand import bot as samarkand_bot
from pnp.engine.adapter import GameEngine
from pnp.engine.core import Playout
from pnp.engine.scorecard import percentile
from pnp.engine.supply import greedy_change, needed_per_value

def _setup_margin(settings) -> int:
    """checks.yaml ``setup.min_deck_after_setup``: cards left once hands and fields are dealt."""
    return settings.extra["setup"]["min_deck_after_setup"].int(0, MAX_COUNT)


def _banknotes(game, settings) -> tuple[int, float]:
    """(players, quantile) of ``checks.yaml``'s ``banknotes`` section, validated (a quantile
    below one half would pass any bank)."""
    node = settings.extra["banknotes"]
    return node["players"].int(game.players_min, game.players_max), node["quantile"].number(0.5, 1)


#: Most steps ``pnp balance`` may try (checks.yaml ``balance.steps``), and the largest step
#: in Piaster: each step is a thousand simulated games or more.
MAX_BALANCE_STEPS = 50
MAX_BALANCE_STEP = 100


def _balance(settings) -> tuple[int, int]:
    """(step, steps) of checks.yaml's ``balance`` section, validated."""
    node = settings.extra["balance"]
    return node["step"].int(1, MAX_BALANCE_STEP), node["steps"].int(1, MAX_BALANCE_STEPS)


def removal_list(game, players: int) -> dict[str, int]:
    """Cards of each good an owner of the full game takes out for ``players`` (seed:
    "Preparation"), e.g. ``{'grain': 5, 'fruit': 5, ...}`` for 2 players.

    Raises:
        VariantError: player count outside the data's range, or a removal larger than the
            number of cards of a good.
    """
    game.check_players(players)
    removed = game.removed_per_good[players]
    short = [f"{g.id} has {g.count}" for g in game.goods if g.count < removed]
    if short:
        raise VariantError(
            f"{players} players: cannot remove {removed} of each good: {', '.join(short)}",
            file=Path(game.folder) / "game.yaml",
            key=f"removed_per_good.{players}",
        )
    return {g.id: removed for g in game.goods}


def engine_counts(game, players: int, seed: int = 0) -> dict[str, int]:
    """Counts of what a set-up engine game holds, in names a kit manifest can use:
    ``cards``, ``cards.<good>``, ``market_tokens``, ``market_tokens.assortment``,
    ``market_tokens.<good>``, ``market_chips``, ``pawns`` (one per player)."""
    state = samarkand.new_game(game, players, seed)
    T = state.T
    counts = {"cards": 0}
    for g, good in enumerate(T.goods):
        n = state.deck[g] + sum(h[g] for h in state.hands) + sum(f[g] for f in state.fields)
        counts[f"cards.{good}"] = n
        counts["cards"] += n
    counts["market_tokens"] = len(state.markets)
    counts["market_tokens.assortment"] = state.markets.count(samarkand.ASSORTMENT)
    for g, good in enumerate(T.goods):
        counts[f"market_tokens.{good}"] = state.markets.count(g)
    counts["market_chips"] = len(state.chips)
    counts["pawns"] = len(state.pos)
    return counts


def _kit_names(kit_counts: Mapping[str, int] | None, deck: Mapping[str, int]) -> dict[str, int]:
    """The kit's counts in ``engine_counts``' names.  The kit hands over its deck as
    {good id: cards} (the deck run's ``by_type``); such a deck is read as ``cards.<good>``
    with ``cards`` its total, and a good it lacks counts 0, so a card missing from the
    printed deck is a difference, not a key skipped."""
    if not kit_counts:
        return {}
    named = {k if k == "cards" or "." in k or k not in deck else f"cards.{k}": v for k, v in kit_counts.items()}
    if any(k.startswith("cards.") for k in named):
        named = {**{f"cards.{g}": 0 for g in deck}, **named}
        named.setdefault("cards", sum(v for k, v in named.items() if k.startswith("cards.")))
    return named


def banknote_sizing(game, playouts: Sequence[Playout], settings, players: int | None = None) -> dict[str, Any]:
    """Notes of each value the bank needs, against the printed counts.

    Method (ENGINE-DECISIONS.md, D19): in every game, at the end of every turn, each
    player's cash is split greedily into the fewest notes (largest value first); the
    per-value sum over players, maximised over the game, is what the players hold at
    worst.  The bank must also be able to pay the game's largest single sale, split the
    same way.  A value's need is the ``quantile`` (nearest rank) of that per-game total.
    """
    values = sorted((b.value for b in game.banknotes), reverse=True)
    per_game = {v: [] for v in values}
    for p in playouts:
        held = p.stats.get("notes", {})
        payout = greedy_change(p.stats.get("max_payout", 0), values)
        for v in values:
            per_game[v].append(held.get(v, 0) + payout[v])
    q = _banknotes(game, settings)[1]
    players = _banknotes(game, settings)[0] if players is None else players
    rows, reasons = needed_per_value(per_game, {b.value: b.count_for(players) for b in game.banknotes}, q, "notes")
    circulation = [p.stats.get("max_circulation", 0) + p.stats.get("max_payout", 0) for p in playouts]
    printed = sum(b.value * b.count_for(players) for b in game.banknotes)
    needed_total = percentile(circulation, q) or 0
    if needed_total > printed:
        reasons.append(f"{needed_total} Piaster in play in {q:.1%} of games, {printed} printed")
    return {
        "title": "banknotes",
        "lines": [],
        "players": players,
        "games": len(playouts),
        "quantile": q,
        "method": "greedy change-making of each player's cash at every turn end, summed over players, "
        "game maximum, plus the game's largest payout; nearest-rank quantile over games",
        "denominations": rows,
        "printed_total": printed,
        "needed_total": needed_total,
        "passed": not reasons,
        "reasons": reasons,
    }


class SamarkandEngine(GameEngine):
    """Samarkand's checks (``pnp.engine.adapter.GameEngine``): the static check, the banknote
    sizing, the seat compensations and the search player's hooks."""

    MECHANISMS = samarkand.MECHANISMS

    #: The heuristic player (``bot.choose``); the function itself, not a wrapper (no extra
    #: call per decision).
    choose = staticmethod(samarkand_bot.choose)

    #: Each legal move's mechanism label (``engine.mechanisms``); the function itself, not a
    #: wrapper (no extra call per decision).
    mechanisms = staticmethod(samarkand.mechanisms)

    def progress(self, state) -> list[float]:
        """``samarkand.progress`` with the heuristic's worth of a hand (``bot.HOLD``)."""
        return samarkand.progress(state, samarkand_bot.HOLD)

    #: Redeal the other players' hands from the cards ``seat`` has not seen
    #: (``engine.determinise``).
    determinise = staticmethod(samarkand.determinise)

    def new_game(self, game, variant: Variant, seed: int, track: tuple = (), compensation: Mapping | None = None):
        """A set-up Samarkand game (``samarkand.new_game``); ``track``: banknote values;
        ``compensation``: one of ``compensations`` (start money by seat)."""
        check_setup(game, variant.setup)
        start = tuple(compensation["start_money"]) if compensation else None
        return samarkand.new_game(game, variant.players, seed, track, start)

    def static_check(self, game, variant: Variant, settings, kit_counts: Mapping[str, int] | None = None) -> list[str]:
        """Check a variant without playing it; returns the lines of what was checked.

        Raises:
            VariantError: player count out of range; a deck too small for setup plus
                ``min_deck_after_setup`` (with the numbers); engine counts that differ from
                the model's or from ``kit_counts``.
        """
        players = variant.players
        check_setup(game, variant.setup)
        min_deck = _setup_margin(settings)
        removed = removal_list(game, players)
        deck = game.deck(players)
        total = sum(deck.values())
        r = game.rules
        camps = len(game.board.of_kind("camp"))
        dealt = r.hand_size * players + r.field_start_cards * camps
        need = dealt + min_deck
        if total < need:
            raise VariantError(
                f"{players} players: removing {removed[game.goods[0].id]} of each good leaves {total} cards ("
                + ", ".join(f"{g} {n}" for g, n in deck.items())
                + f"); setup deals {dealt} ({r.hand_size} x {players} hands + {r.field_start_cards} x {camps} trading fields) "
                f"and the deck must keep {min_deck}: {need} needed",
                file=Path(game.folder) / "game.yaml",
                key=f"removed_per_good.{players}",
            )
        if len(game.pawns) < players:
            raise VariantError(f"{players} players need {players} pawns, the data has {len(game.pawns)}", key="pawns")
        engine = engine_counts(game, players)
        model = {"cards": total, **{f"cards.{g}": n for g, n in deck.items()},
                 "market_tokens": game.market_slots, "market_tokens.assortment": game.assortment_tokens,
                 "market_chips": game.market_chips, "pawns": players}
        for g in deck:
            model[f"market_tokens.{g}"] = game.market_token_goods.count(g)
        for source, counts in (("model", model), ("kit", _kit_names(kit_counts, deck))):
            diff = [f"{k}: engine {engine.get(k, 'none')}, {source} {v}" for k, v in counts.items() if engine.get(k) != v]
            if diff:
                raise VariantError(f"{players} players: the engine and the {source} disagree: " + "; ".join(diff))
        lines = [
            f"player count {players} in {game.players_min}-{game.players_max}",
            f"deck of {total} cards deals {dealt} at setup and keeps {total - dealt} (at least {min_deck})",
            "engine counts equal the model's" + (" and the kit's" if kit_counts else "")
            + f" ({total} cards, {engine['market_tokens']} market tokens, {engine['market_chips']} chips)",
        ]
        return lines

    def tracking(self, game, variant: Variant, settings) -> tuple[int, ...]:
        """Banknote values to record: every variant's bank is sized (``sizing``)."""
        return tuple(b.value for b in game.banknotes)

    def sizing(self, game, playouts_by_variant: Mapping[Variant, Sequence[Playout]], settings) -> dict[str, Any] | None:
        """The banknote sizing of every checked variant against the notes its kit prints
        (``Banknote.count_for``); the report of the largest player count leads."""
        if not playouts_by_variant:
            return None
        reports = [banknote_sizing(game, playouts, settings, variant.players)
                   for variant, playouts in sorted(playouts_by_variant.items(), key=lambda kv: -kv[0].players)]
        report = dict(reports[0])
        report["variants"] = reports
        report["lines"] = []
        for r in reports:
            notes = ", ".join(f"{d['value']}: {d['count']} printed, {d['needed']} needed ({d['margin']:+d})"
                              for d in r["denominations"])
            report["lines"].append(f"banknotes ({r['players']} players, {r['quantile']:.1%} of games): {notes}")
        report["reasons"] = [f"{r['players']} players: {reason}" for r in reports for reason in r["reasons"]]
        report["passed"] = not report["reasons"]
        return report

    def check_sections(self, game, settings) -> None:
        """Validate checks.yaml's ``setup``, ``banknotes`` and ``balance`` sections (every key
        read, so that ``load_settings`` refuses any other).  Raises ``DataError``."""
        _setup_margin(settings)
        _banknotes(game, settings)
        _balance(settings)

    def compensations(self, game, variant: Variant, settings) -> list[dict[str, Any]]:
        """Seat compensations the data can express, smallest first (``pnp balance``): start
        money by seat, the later seats (who move after the others have seen the board)
        keeping ``rules.start_money`` and each earlier seat ``k x balance.step`` Piaster more
        per seat it is ahead of the last, for k = 0 (the standard game) .. ``balance.steps``.

        Each is ``{"describe": str, "start_money": [Piaster per seat]}`` (checks.yaml section
        ``balance``: ``step``, ``steps``)."""
        step, steps = _balance(settings)
        base, players = game.rules.start_money, variant.players
        out = []
        for k in range(steps + 1):
            money = [base + k * step * (players - 1 - seat) for seat in range(players)]
            out.append({"describe": "start money by seat " + ", ".join(map(str, money)) + " Piaster"
                        + (" (the standard game)" if k == 0 else ""), "start_money": money})
        return out
