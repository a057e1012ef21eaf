"""Caravan's side of the checks (``pnp.engine.adapter.GameEngine``).

Static checks of a variant (the set-up fits the board and the printed components, the
demand markers cannot run short, the engine's set-up counts equal the model's and the
kit's) and the supply sizing from the playouts (the most demand markers ever in use
against the 44 printed, theft markers held, goods held and delivered, how games ended).
``data/caravan/checks.yaml`` sections read here: ``supply.quantile`` and
``endings.max_stalemate_share``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Mapping, Sequence

from pnp.errors import VariantError
from pnp.model.variant import Variant
from pnp.games.caravan import engine as caravan
from pnp.games.caravan import bot as caravan_bot
from pnp.engine.adapter import GameEngine
from pnp.engine.core import Playout
from pnp.engine.scorecard import percentile


#: Most steps of each kind ``pnp balance`` may try (checks.yaml ``balance``): each is a
#: thousand simulated games or more.
MAX_BALANCE_STEPS = 20


def _balance(settings) -> tuple[int, int, bool]:
    """(steps, demand_steps, finish_round) of checks.yaml's ``balance`` section, validated."""
    node = settings.extra["balance"]
    steps = node["steps"].int(0, MAX_BALANCE_STEPS)
    demand_steps = node["demand_steps"].int(0, MAX_BALANCE_STEPS) if node.has("demand_steps") else 0
    rounds = False
    if node.has("finish_round"):
        rounds = node["finish_round"].value
        if not isinstance(rounds, bool):
            raise node["finish_round"].error("expected true or false")
    return steps, demand_steps, rounds


def demand_bound(game, variant: Variant) -> dict[str, int]:
    """The most demand markers a game of ``variant`` can ever have out (C8):
    ``{"goods", "bag", "refills", "at_start", "per_refill", "most"}``.

    Goods go out 8 at set-up and ``refill.draw`` per refill; refills happen only while the
    bag holds goods, so there are ceil(bag / draw) of them, each putting
    ``refill.demand_markers`` on each of the at most ``refill.goods_left`` goods left.
    """
    r = game.rules
    goods = sum(game.goods_counts(variant).values())
    bag = max(0, goods - len(game.board.supply))
    refills = math.ceil(bag / r.refill_draw)
    per_refill = r.refill_goods_left * r.refill_demand_markers
    at_start = game.board.demand_at_start
    return {"goods": goods, "bag": bag, "refills": refills, "at_start": at_start,
            "per_refill": per_refill, "most": at_start + refills * per_refill}


def engine_counts(game, variant: Variant, seed: int = 0) -> dict[str, int]:
    """Counts of a set-up engine game, in names a kit manifest can use: ``goods``, each
    good id (the goods run's ``by_type``), ``camels`` (per player), ``theft_markers``
    (in play) and ``demand_markers_out`` (on the board at set-up)."""
    state = caravan.new_game(game, variant, seed)
    T = state.T
    counts = {"goods": 0}
    for g, good in enumerate(T.goods):
        n = state.bag[g] + state.board.count(g)
        counts[good] = n
        counts["goods"] += n
    counts["camels"] = state.ncamels
    counts["theft_markers"] = sum(state.theft)
    counts["demand_markers_out"] = sum(state.demand)
    return counts


def _settings(settings) -> tuple[float, float]:
    """(supply quantile, most share of games that may end in a stalemate), validated: a
    quantile below one half or a stalemate share above it would pass any supply or ending."""
    node = settings.extra
    return node["supply"]["quantile"].number(0.5, 1), node["endings"]["max_stalemate_share"].number(0, 0.5)


class CaravanEngine(GameEngine):
    """Caravan's checks (``pnp.engine.adapter.GameEngine``): the static check, the supply sizing,
    the seat compensations and the search player's hooks."""

    MECHANISMS = caravan.MECHANISMS

    #: The heuristic player (``bot.choose``); the function itself, not a wrapper (no extra
    #: call per decision).
    choose = staticmethod(caravan_bot.choose)

    #: The exploring games' policy: the heuristic carrying a good on every camel it can
    #: (``bot.choose_greedy``); the function itself, not a wrapper (no extra call per
    #: decision).
    explore_choose = staticmethod(caravan_bot.choose_greedy)

    #: Each legal move's mechanism label (``engine.mechanisms``); the function itself, not a
    #: wrapper (no extra call per decision).
    mechanisms = staticmethod(caravan.mechanisms)

    #: Each seat's share of the way to winning (``engine.progress``), for the search player.
    progress = staticmethod(caravan.progress)

    def new_game(self, game, variant: Variant, seed: int, track: tuple = (), compensation: Mapping | None = None
                 ) -> caravan.CaravanState:
        """A set-up Caravan game of ``variant`` (``caravan.new_game``); ``compensation``: one
        of ``compensations`` (first-turn actions, start demand markers by seat, the last round
        played to its end)."""
        comp = compensation or {}
        bonus = tuple(comp["first_turn_bonus"]) if "first_turn_bonus" in comp else None
        return caravan.new_game(game, variant, seed, track, bonus, tuple(comp.get("start_demand", ())),
                                bool(comp.get("finish_round", False)))

    def static_check(self, game, variant: Variant, settings, kit_counts: Mapping[str, int] | None = None) -> list[str]:
        """Check a variant without playing it; returns the lines of what was checked.

        ``kit_counts``: the kit's goods per good id (the goods run's ``by_type``).

        Raises:
            VariantError: a set-up not for this player count; too few goods for the supply
                spaces; too few camels, theft markers or demand markers printed; engine counts
                that differ from the model's or the kit's (with the numbers).
            UsageError: an unknown set-up (key "--variant").
        """
        game.variant(variant.players, variant.setup)
        _settings(settings)  # a malformed checks.yaml fails before any game is played
        players = variant.players
        game_yaml = Path(game.folder) / "game.yaml"
        comp = game.components
        counts = game.goods_counts(variant)
        bound = demand_bound(game, variant)
        spaces = len(game.board.supply)
        if bound["goods"] < spaces:
            raise VariantError(
                f"{variant.id}: {bound['goods']} goods cannot fill the {spaces} supply spaces at set-up",
                file=game_yaml, key=f"setups.{variant.setup}.removed")
        camels = game.camels_per_player(variant)
        if camels > comp.camels_per_colour:
            raise VariantError(
                f"{variant.id}: {camels} camels per player, {comp.camels_per_colour} printed per colour",
                file=game_yaml, key="components.camels_per_colour")
        if players > len(game.player_colours):
            raise VariantError(f"{variant.id}: {players} players need a colour each, the data has {len(game.player_colours)}",
                               file=game_yaml, key="player_colours")
        if players > comp.player_boards:
            raise VariantError(f"{variant.id}: {players} players need a player board each, {comp.player_boards} printed",
                               file=game_yaml, key="components.player_boards")
        if players * game.rules.theft_markers_each > comp.theft_markers:
            raise VariantError(
                f"{variant.id}: {players * game.rules.theft_markers_each} theft markers in play, {comp.theft_markers} printed",
                file=game_yaml, key="components.theft_markers")
        if bound["most"] > comp.demand_markers:
            raise VariantError(
                f"{variant.id}: up to {bound['most']} demand markers in use ({bound['at_start']} at set-up + "
                f"{bound['refills']} refills x {bound['per_refill']}), {comp.demand_markers} printed",
                file=game_yaml, key="components.demand_markers")
        engine = engine_counts(game, variant)
        scores = dict(zip(caravan.tables(game).goods, caravan.tables(game).points))
        wrong = [f"{g.id}: engine {scores[g.id]}, {g.kind} goods {game.kinds[g.kind]}" for g in game.goods
                 if scores[g.id] != game.kinds[g.kind]]
        if wrong:
            raise VariantError(f"{variant.id}: points per delivered good differ from its kind's: " + "; ".join(wrong),
                               file=game_yaml, key="kinds")
        model = {"goods": sum(counts.values()), **counts, "camels": camels,
                 "theft_markers": players * game.rules.theft_markers_each,
                 "demand_markers_out": game.board.demand_at_start}
        kit = {g.id: (kit_counts or {}).get(g.id, 0) for g in game.goods} if kit_counts is not None else {}
        for source, wanted in (("model", model), ("kit", kit)):
            diff = [f"{k}: engine {engine[k]}, {source} {v}" for k, v in wanted.items() if engine[k] != v]
            if diff:
                raise VariantError(f"{variant.id}: the engine and the {source} disagree: " + "; ".join(diff))
        return [
            f"variant {variant.id}: {players} players in {game.players_min}-{game.players_max}, set-up {variant.setup}",
            f"{bound['goods']} goods fill the {spaces} supply spaces and leave {bound['bag']} in the bag "
            f"({bound['refills']} refills)",
            f"at most {bound['most']} demand markers in use ({bound['at_start']} + {bound['refills']} x "
            f"{bound['per_refill']}), {comp.demand_markers} printed",
            "engine counts equal the model's" + (" and the kit's" if kit_counts is not None else "")
            + f" ({engine['goods']} goods, {camels} camels and {game.rules.theft_markers_each} theft marker per player)",
        ]

    def tracking(self, game, variant: Variant, settings) -> tuple:
        """Nothing extra: every state records what ``sizing`` reads."""
        return ()

    def sizing(self, game, playouts_by_variant: Mapping[Variant, Sequence[Playout]], settings) -> dict[str, Any]:
        """The supply each variant used against what is printed, and how its games ended.

        Per variant (over its games; ``quantile`` of ``checks.yaml``'s ``supply`` for
        "needed"): the most demand markers ever in use at once (must not pass the 44 printed;
        a refill that found the supply empty is a failure), the most on one space, the most
        theft markers one player held (against the theft spaces of a player board), the most
        goods one player carried, the most of one good one player delivered, and the share of
        games ended by a delivery (the seed's end) or by a stalemate (C10; fails above
        ``endings.max_stalemate_share``).
        """
        quantile, max_stalemates = _settings(settings)
        comp = game.components
        rows, lines, reasons = [], [], []
        for variant, playouts in playouts_by_variant.items():
            if not playouts:
                continue
            stats = [p.stats for p in playouts]

            def need(key: str) -> int:
                return percentile([s[key] for s in stats], quantile) or 0

            finished = [s for s, p in zip(stats, playouts) if not p.timed_out]
            stalemates = sum(1 for s in finished if s["ended_by"] == caravan.END_STALEMATE)
            share = stalemates / len(finished) if finished else 0.0
            row = {
                "variant": variant.id,
                "games": len(playouts),
                "demand_in_use": need("max_demand_in_use"),
                "demand_bound": demand_bound(game, variant)["most"],
                "demand_printed": comp.demand_markers,
                "demand_short": sum(s["demand_short"] for s in stats),
                "demand_on_one_space": need("max_demand_on_space"),
                "theft_held": need("max_theft_held"),
                "theft_spaces": comp.theft_spaces,
                "goods_held": need("max_held"),
                "one_good_delivered": need("max_delivered_good"),
                "stalemate_share": round(share, 4),
                "shared_wins": sum(s["shared_wins"] for s in stats),
            }
            rows.append(row)
            lines.append(
                f"{variant.id}: demand markers {row['demand_in_use']} of {row['demand_printed']} in use at most "
                f"(bound {row['demand_bound']}, {row['demand_on_one_space']} on one space); theft markers held "
                f"{row['theft_held']} of {row['theft_spaces']} spaces; goods carried {row['goods_held']}; "
                f"one good delivered {row['one_good_delivered']}; ended by stalemate {share:.1%}; "
                f"shared wins {row['shared_wins']}")
            if row["demand_short"] or row["demand_in_use"] > comp.demand_markers:
                reasons.append(f"{variant.id}: demand markers ran short ({row['demand_short']} refills), "
                               f"{row['demand_in_use']} in use, {comp.demand_markers} printed")
            if row["theft_held"] > comp.theft_spaces:
                reasons.append(f"{variant.id}: a player held {row['theft_held']} theft markers, "
                               f"the player board has {comp.theft_spaces} spaces")
            if share > max_stalemates:
                reasons.append(f"{variant.id}: {share:.1%} of games ended in a stalemate, at most {max_stalemates:.1%} may")
        return {
            "title": "supply",
            "quantile": quantile,
            "method": "per game the most in use at once; nearest-rank quantile over games",
            "variants": rows,
            "lines": lines,
            "passed": not reasons,
            "reasons": reasons,
        }

    def is_pass(self, move) -> bool:
        """Ending a turn with actions left (always legal): what a busy random player avoids."""
        return move[0] == caravan.K_END

    def check_sections(self, game, settings) -> None:
        """Validate checks.yaml's ``supply``, ``endings`` and ``balance`` sections (every key
        read, so that ``load_settings`` refuses any other).  Raises ``DataError``."""
        _settings(settings)
        _balance(settings)

    def compensations(self, game, variant: Variant, settings) -> list[dict[str, Any]]:
        """Seat compensations the data can express, smallest first (``pnp balance``).  The
        seed already gives the game's 1st, 2nd, 3rd turn 1, 2, 3 actions (``rules.
        turn_actions``), yet the first seat wins most often.  Tried, in this order (checks.yaml
        ``balance``): the standard game; the last round played to its end (``finish_round``:
        every seat then has as many turns); start demand markers (1 point each) for the later
        seats, ``m`` each and ``m`` more per seat (``m`` = 1 .. ``demand_steps``), alone and with
        the last round played out; every later seat ``k`` more actions in its first turn
        (``k`` = 1 .. ``steps``).  Each is ``{"describe": str, "first_turn_bonus": [actions per
        seat], "start_demand": [markers per seat], "finish_round": bool}``."""
        steps, demand_steps, rounds = _balance(settings)
        r, players = game.rules, variant.players
        none = [0] * players

        def entry(describe, bonus=none, demand=none, finish=False):
            return {"describe": describe, "first_turn_bonus": list(bonus), "start_demand": list(demand),
                    "finish_round": finish}

        out = [entry("the standard game")]
        if rounds:
            out.append(entry("the last round played to its end", finish=True))
        for m in range(1, demand_steps + 1):
            for finish in ((False, True) if rounds else (False,)):
                for demand in ([0] + [m] * (players - 1), [m * seat for seat in range(players)]):
                    if players == 2 and demand != [0, m]:
                        continue            # at 2 players both shapes are one
                    words = "start demand markers by seat " + ", ".join(map(str, demand))
                    out.append(entry(words + (", the last round played to its end" if finish else ""),
                                     demand=demand, finish=finish))
        for k in range(1, steps + 1):
            bonus = [0] + [k] * (players - 1)
            first = [r.actions(seat + 1) + bonus[seat] for seat in range(players)]
            out.append(entry("first-turn actions by seat " + ", ".join(map(str, first)), bonus=bonus))
        return out
