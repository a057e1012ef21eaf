"""Samarkand's rules-sheet context: every number and name its templates
(``data/samarkand/rules/<lang>.md.j2``) print, from the model and the language file."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.model.variant import Variant
from pnp.kit.recipe import RulesSheet
from pnp.kit.rulebook import lang_strings
from pnp.model.i18n import fill_text
from pnp.games.samarkand import diagrams
from pnp.games.samarkand.diagrams import examples, start_notes


def _cells(own: tuple[int, ...], values: tuple[int, ...], sizes: list[int]) -> list[int | None]:
    by_size = dict(zip(own, values))
    return [by_size.get(n) for n in sizes]


class SamarkandRules(RulesSheet):
    """Samarkand's rules sheet (``pnp.kit.recipe.RulesSheet``): the template's variables and drawings."""

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
        """All variables of Samarkand's rules template for ``variant`` and ``lang``.

        Args:
            game: the loaded Samarkand model (``pnp.model.load_game``).
            variant: the variant the sheet is for (its player count selects the deck).
            lang: language code; ``data/<game>/lang/<lang>.yaml`` gives the names of goods,
                cities, currency etc.

        Returns:
            A dict of plain values plus ``price(good, cards, chip=False)``, the model's price
            function (``good="assortment"`` for N different goods).  Money is in Piaster,
            sizes in cards.  Main keys:

            - ``players``, ``players_min``, ``players_max``, ``lang``;
            - strings: ``title``, ``subtitle``, ``designer``, ``cur`` (currency name),
              ``assortment``, ``g`` (good name by id), ``kinds`` (space kind names),
              ``city_names`` (board reading order), ``die.back_label``;
            - ``r``: every field of ``model.Rules`` (``r.start_money`` ...);
            - deck: ``deck`` (cards per good id), ``goods`` (list of ``{id, name, full, count,
              removed}``), ``deck_total``, ``full_total``, ``removed``, ``variants`` (per player
              count ``{players, removed, total, counts, deck}``);
            - board: ``board`` (``{rows, columns, spaces, arrows, camps, oases, cities}``),
              ``camp_capacities``, ``camps_by_capacity``, ``oasis_prices``, ``oases_by_price``,
              ``oasis_bulk``, ``markets_per_city``, ``market_slots``;
            - components: ``market_tokens``, ``good_tokens``, ``assortment_tokens``, ``chips``,
              ``pawns``, ``banknotes`` (``{value, count}``), ``banknote_count``, ``die``
              (``{faces, min, max, back_faces, back_label, back_name}``);
            - ``price_table``: ``{sizes, rows: [{name, cells}], assortment: {name, cells},
              max_cards, min_cards, assortment_max, chip_max}`` (a cell is None where a row has
              no column of that size; ``chip_min``: the column the smallest sale (``min_sale``
              cards) pays under a chip; ``chip_max``: the column a sale of more than ``max_cards``
              pays under a chip, ``PriceTable.column``);
            - ``ex``: the worked examples (``diagrams.examples``: die roll, nomad bonus chain,
              chipped sale, computed by the engine tables and the price function), ``space``
              (space id -> printed name: a city's name, else its kind), ``cell`` (space id ->
              ``[row, column]``, 1-based from the top left, so an example can say where a space is
              when several share its kind and capacity), ``grid`` (``[rows, columns]``).

        Raises:
            VariantError: ``players`` outside the game's range.
            UsageError: no language file for ``lang``.
            DataError: a malformed language file.
        """
        players = variant.players
        game.check_players(players)
        root = game.folder.parent
        strings = lang_strings(game.folder, root, lang)
        L = strings["game"]

        deck = game.deck(players)
        good_names = {g.id: L["goods"][g.id] for g in game.goods}
        goods = [
            {"id": g.id, "name": good_names[g.id], "full": g.count, "count": deck[g.id],
             "removed": game.removed_per_good[players]}
            for g in game.goods
        ]
        variants = []
        for p in game.player_counts:
            d = game.deck(p)
            variants.append({"players": p, "removed": game.removed_per_good[p], "total": sum(d.values()),
                             "counts": [d[g.id] for g in game.goods], "deck": d})

        board = game.board
        camps, oases, cities = board.of_kind("camp"), board.of_kind("oasis"), board.of_kind("city")
        camp_caps = Counter(s.capacity for s in camps)
        oasis_prices = Counter(s.price_4 for s in oases)
        # Cities in reading order of the board (top left to bottom right).
        city_names = [L["cities"][s.id] for s in sorted(cities, key=lambda s: (s.row, s.column))]

        pt = game.prices
        sizes = sorted(set(pt.sizes) | set(pt.assortment_sizes))
        rows = [{"name": good_names[g.id], "cells": _cells(pt.sizes, pt.goods[g.id], sizes)} for g in game.goods]
        assortment_row = {"name": L["assortment"], "cells": _cells(pt.assortment_sizes, pt.assortment, sizes)}

        numbers = [int(f) for f in game.die_faces if f != "back"]
        die = {"faces": len(game.die_faces), "min": min(numbers), "max": max(numbers),
               "back_faces": sum(1 for f in game.die_faces if f == "back"), "back_label": L["die_back"],
               "back_name": L["die_back_label"]}

        return {
            "lang": lang,
            "players": players,
            "players_min": game.players_min,
            "players_max": game.players_max,
            "title": L["title"],
            "subtitle": fill_text(L["subtitle"], {"players": players}, game.folder / "lang" / f"{lang}.yaml", "subtitle"),
            "designer": L["designer"],
            "cur": L["currency"],
            "cur_short": L["currency_short"],
            "assortment": L["assortment"],
            "kinds": dict(L["space_kinds"]),
            "r": {name: getattr(game.rules, name) for name in game.rules.__dataclass_fields__},
            "g": good_names,
            "deck": deck,
            "goods": goods,
            "n_goods": len(goods),
            "deck_total": sum(deck.values()),
            "full_total": sum(g.count for g in game.goods),
            "removed": game.removed_per_good[players],
            "variants": variants,
            "board": {"rows": board.rows, "columns": board.columns, "spaces": len(board.spaces),
                      "arrows": len(board.arrows()), "camps": len(camps), "oases": len(oases), "cities": len(cities)},
            "camp_capacities": sorted(camp_caps),
            "camps_by_capacity": [{"capacity": c, "count": camp_caps[c]} for c in sorted(camp_caps)],
            "oasis_prices": sorted(oasis_prices),
            "oases_by_price": [{"price": p, "count": oasis_prices[p]} for p in sorted(oasis_prices)],
            "oasis_bulk": game.rules.oasis_bulk_cards,
            "city_names": city_names,
            "markets_per_city": game.market_slots // max(1, len(cities)),
            "market_slots": game.market_slots,
            "market_tokens": len(game.market_token_goods) + game.assortment_tokens,
            "good_tokens": len(game.market_token_goods),
            "assortment_tokens": game.assortment_tokens,
            "chips": game.market_chips,
            "pawns": len(game.pawns[:variant.players]),   # one per player (the kit prints these)
            "banknotes": [{"value": b.value, "count": b.count_for(variant.players)} for b in game.banknotes],
            # each player's starting money as notes the bank can give every player (the set-up picture's)
            "start_notes": [{"value": v, "count": n} for v, n in start_notes(game, variant.players)],
            "banknote_count": sum(b.count_for(variant.players) for b in game.banknotes),
            "die": die,
            "price_table": {"sizes": sizes, "rows": rows, "assortment": assortment_row,
                            "max_cards": pt.sizes[-1], "min_cards": pt.sizes[0],
                            "assortment_max": pt.assortment_sizes[-1],
                            "chip_max": pt.column(pt.sizes[-1] + 1, chip=True),
                            "chip_min": pt.column(game.rules.min_sale, chip=True)},
            "ex": examples(game),
            "kind_of": {sp.id: sp.kind for sp in board.spaces},
            "caps": {sp.id: sp.capacity for sp in camps},
            "cell": {sp.id: [sp.row + 1, sp.column + 1] for sp in board.spaces},
            "grid": [max(sp.row for sp in board.spaces) + 1, max(sp.column for sp in board.spaces) + 1],
            "space": {sp.id: (L["cities"][sp.id] if sp.kind == "city" else L["space_kinds"][sp.kind])
                      for sp in board.spaces},
            "price": pt.price,
        }
