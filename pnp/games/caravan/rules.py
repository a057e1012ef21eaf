"""The variables of Caravan's rules templates (``data/caravan/rules/<lang>.md.j2``).

Every number the rules print comes from here, and here only from the model (``game.yaml``,
``board.yaml``): the goods in the bag, the actions per turn, the action costs, the
refill, the scoring and the penalties.  Names come from ``data/caravan/lang/<lang>.yaml``.
"""

from __future__ import annotations

from typing import Any

from pnp.model.i18n import Strings
from pnp.model.variant import Variant
from pnp.games.caravan.kit_spec import load_spec
from pnp.kit.recipe import RulesSheet
from pnp.games.caravan import diagrams
from pnp.games.caravan.diagrams import examples


def _percent(x: float) -> int:
    """A share in whole per cent, halves up (24.5 -> 25)."""
    return int(x + 0.5)


def _even(shares) -> bool:
    """Whether seats with these shares of wins (per cent, of ``pnp check``'s 1,000 games) pass
    the fairness rule (``pnp.engine.fairness``): what the sheet's sentence about them says."""
    from pnp.engine.fairness import SeatRule

    return SeatRule().judge([round(10 * x) for x in shares])["estimate"] == "pass"


class CaravanRules(RulesSheet):
    """Caravan's rules sheet (``pnp.kit.recipe.RulesSheet``): the template's variables and drawings."""

    def figures(self, game, variant: Variant, lang: str, width: float) -> dict[str, Any]:
        """The sheet's drawings, name -> reportlab Drawing (``diagrams.figures``)."""
        return diagrams.figures(game, variant, lang, width)

    def figure_names(self) -> tuple[str, ...]:
        """The names ``figures`` draws (``diagrams.FIGURE_NAMES``)."""
        return diagrams.FIGURE_NAMES

    def contents_picture(self, game, lang: str, width: float):
        """The assembled board for the contents page (``diagrams.board_picture``)."""
        return diagrams.board_picture(game, lang, width)

    def rules_context(self, game, variant: Variant, lang: str) -> dict[str, Any]:
        """All variables the Caravan rules template uses, for ``variant`` in ``lang``.

        Returns a dict of plain values (counts in pieces, points, actions):

        - ``lang``, ``players``, ``players_min``, ``players_max``, ``variant_id``, ``setup``
          (set-up id), ``setup_name``, ``camels`` (camels each player takes in this set-up);
        - strings: ``title``, ``subtitle``, ``designer``, ``g`` (good name by id), ``c``
          (component names), ``colours`` (the names of the player colours this kit prints, data order);
        - goods: ``goods`` (list of ``{id, name, letters, colour, kind, points, full, count,
          removed}``), ``common`` / ``rare`` (the same, by kind), ``bag`` (goods in this
          variant's bag), ``full_total``, ``points`` (``{common, rare, demand}``);
        - ``setups``: ``[{id, name, camels, players, total, counts, removed, default_for, bonus,
          extra, first_turn_seed, first_turn, first_rounds, lean}]``; ``first_rounds`` is
          ``[{players, seed, with}]``: the first round's actions by seat (1st seat first) without and
          with a balanced set-up's bonus, for every player count it is for (empty for the others);
        - rules: ``opening`` (actions of the first turns, a list), ``actions`` (every later
          turn), ``costs`` (``camel, camel_occupied, pick_up, move_good, steal``), ``refill``
          (``{goods_left, draw, demand_markers}``), ``penalties`` (``[{held, points}]`` up to the
          most camels of any set-up; ``free`` = most goods held without penalty),
          ``theft_each``;
        - board: ``board`` (``{rows, columns, cities, supply}``), ``start_demand``
          (``[{number, markers}]`` of the supply spaces that start with demand markers),
          ``start_demand_total``, ``supply_start`` (the board's label on those spaces);
        - components: ``n`` (``{camels, camels_per_colour, colours, player_boards,
          demand_markers, theft_markers, theft_spaces, spares}``): the pieces this kit prints
          (``Caravan.printed_counts`` of the variant's players, as the kit's sheets print them).

        Raises:
            UsageError: no language file for ``lang``, or an unknown set-up.
            VariantError: a player count outside the game's range.
            DataError: a missing text in the language file.
        """
        game.check_players(variant.players)
        setup = game.setup(variant.setup)
        s = Strings(game.folder.parent, game.id, lang)
        counts = game.goods_counts(variant)
        removed = game.removal_list(variant)
        goods = [{"id": g.id, "name": s(f"goods.{g.id}"), "letters": s(f"letters.{g.id}"),
                  "colour": s(f"colours.{g.colour_name}"), "kind": g.kind, "points": g.points, "full": g.count,
                  "count": counts[g.id], "removed": removed[g.id]} for g in game.goods]
        setups = []
        for setup_id in game.setups:
            other = game.setup(setup_id)
            first = Variant(other.players[0], setup_id)
            c = game.goods_counts(first)
            bonus = other.first_turn_bonus.get(other.players[0], ())
            setups.append({"id": setup_id, "name": s(f"setups.{setup_id}"), "camels": other.camels,
                           "players": list(other.players), "total": sum(c.values()), "counts": c,
                           "removed": dict(other.removed),
                           # a balanced set-up: actions added to each seat's first turn, and the
                           # first turn's actions by seat without and with them
                           "bonus": list(bonus), "extra": max(bonus, default=0),
                           "first_turn_seed": [game.rules.actions(i + 1) for i in range(len(bonus))],
                           "first_turn": [game.rules.actions(i + 1) + b for i, b in enumerate(bonus)],
                           # the same for every player count the set-up is for: [{players, seed, with}]
                           "first_rounds": [{"players": count,
                                             "seed": [game.rules.actions(i + 1) for i in range(len(seats))],
                                             "with": [game.rules.actions(i + 1) + b for i, b in enumerate(seats)]}
                                            for count, seats in sorted(other.first_turn_bonus.items())],
                           "default_for": [p for p in game.player_counts if game.default_setup(p) == setup_id],
                           # the seats' shares of wins in simulated games, rounded to whole per cent
                           "lean": [{"players": count, "rates": [_percent(x) for x in wins]}
                                    for count, wins in sorted(other.seat_wins.items())]})
        own = game.setup(variant.setup).seat_wins.get(variant.players)
        # this kit's variant: the seats' shares of wins in simulated games (game.yaml seat_wins)
        lean = None if own is None else {"rates": [_percent(x) for x in own], "fair": _percent(100 / variant.players),
                                         "variant": s(f"setups.{variant.setup}"), "even": _even(own)}
        rules = game.rules
        most_camels = max(game.setup(x).camels for x in game.setups)
        penalties = [{"held": n, "points": rules.penalty(n)} for n in range(most_camels + 1)]
        free = max(p["held"] for p in penalties if p["points"] == 0)
        start = [{"number": sp.number, "markers": sp.demand_at_start} for sp in game.board.supply if sp.demand_at_start]
        comps = game.components
        printed = game.printed_counts(variant.players)
        return {
            "lang": lang,
            "players": variant.players,
            "lean": lean,
            "players_min": game.players_min,
            "players_max": game.players_max,
            "variant_id": variant.id,
            "setup": setup.id,
            "setup_name": s(f"setups.{setup.id}"),
            "camels": setup.camels,
            "title": s("title"),
            "subtitle": s("subtitle", players=variant.players),
            "designer": s("designer"),
            "g": {g["id"]: g["name"] for g in goods},
            "c": {key: s(f"components.{key}") for key in s.get("components")},
            "colours": [s(f"player_colours.{pc.id}") for pc in game.player_colours[:printed["colours"]]],
            "goods": goods,
            "common": [g for g in goods if g["kind"] == "common"],
            "rare": [g for g in goods if g["kind"] == "rare"],
            "bag": sum(counts.values()),
            "full_total": sum(g.count for g in game.goods),
            "points": {"common": game.kinds["common"], "rare": game.kinds["rare"], "demand": rules.demand_marker_points},
            "setups": setups,
            "opening": list(rules.turn_actions[:-1]),
            "actions": rules.turn_actions[-1],
            "costs": dict(rules.costs),
            "refill": {"goods_left": rules.refill_goods_left, "draw": rules.refill_draw,
                       "demand_markers": rules.refill_demand_markers},
            "penalties": penalties,
            "free": free,
            "theft_each": rules.theft_markers_each,
            "supply_start": s("supply_start"),
            "board": {"rows": game.board.rows, "columns": game.board.columns, "cities": len(game.board.cities),
                      "supply": len(game.board.supply)},
            "start_demand": start,
            "start_demand_total": sum(x["markers"] for x in start),
            "ex": examples(game),
            # what this kit prints (the variant's player colours), as its contents table counts it
            "n": {**printed, "theft_spaces": comps.theft_spaces,
                  "spares": load_spec(game).spares_per_good * len(game.goods)},
        }
