"""CARAVAN on a chessboard's rules-sheet context: every number and name its templates
(``data/caravan-chessboard/rules/<lang>.md.j2``) print, from the model and the language file.

The templates hold no number: deck counts, board rows, markers, hand sizes, sale values,
coins and the target all come from ``game.yaml`` through this context, so a change in the
data changes the sheet.  The clarifications the sheet prints are the engine's decisions
(``data/caravan-chessboard/ENGINE-DECISIONS.md``, K1-K17), worded in each template.
"""

from __future__ import annotations

from typing import Any

from pnp.model.i18n import Strings
from pnp.model.variant import Variant
from pnp.games.caravan_chessboard.kit_spec import load_layout
from pnp.kit.recipe import RulesSheet
from pnp.games.caravan_chessboard import diagrams
from pnp.games.caravan_chessboard.diagrams import examples


def sale_example(r, goods: tuple[str, ...]) -> dict[str, Any] | None:
    """The sale of the rules' worked example: a full caravan (``r.caravan_limit`` cards), one
    of them a soldier, the rest goods spread as evenly as they go over ``goods`` (card ids,
    largest pile first), sold for ``r.sale_value`` of each pile.

    Returns ``{cards, goods, piles: [{good, cards}], gold}``, or None when the caravan holds
    no good beside the soldier (``caravan_limit`` < 2).
    """
    room = r.caravan_limit - 1
    if room < 1:
        return None
    kinds = min(len(goods), room)
    piles = [{"good": good, "cards": room // kinds + (1 if i < room % kinds else 0)}
             for i, good in enumerate(goods[:kinds])]
    return {"cards": r.caravan_limit, "goods": room, "piles": piles,
            "gold": sum(r.sale_value(p["cards"]) for p in piles)}


class ChessboardRules(RulesSheet):
    """CARAVAN on a chessboard's rules sheet (``pnp.kit.recipe.RulesSheet``): the template's variables and drawings."""

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
        """All variables of the rules template for ``variant`` and ``lang``.

        Args:
            game: the loaded model (``pnp.games.caravan_chessboard.model.CaravanChessboard``).
            variant: the variant the sheet is for (its player count: pawns, the subtitle).
            lang: language code with ``data/caravan-chessboard/lang/<lang>.yaml``.

        Returns:
            A dict of plain values plus ``sale(n)`` (gold for n cards of one good).  Gold is in
            coin units, sizes in cards or squares.  Keys:

            - ``players``, ``players_min``, ``players_max``, ``player_counts``, ``lang``;
            - strings: ``title``, ``subtitle``, ``designer``, ``cur`` (currency name), ``names``
              (card type names by kind and good id), ``regions`` (region names), ``markers``
              (marker names), ``pawn_names``, ``the`` (the desert pawns' names in running
              text: "the Bandits", "røverne");
            - ``r``: every field of the model's ``Rules`` (``r.start_hand``, ``r.sale_values`` ...);
            - deck: ``deck_total``, ``moving`` (per moving kind ``{kind, name, steps, counts,
              total, min, max}``), ``soldiers`` (count), ``goods`` (per region ``[{id, name,
              count}]``), ``goods_each`` (the count of every good when all are equal, else None);
            - ``sales``: ``[{cards, gold}]`` for 1..caravan_limit cards;
            - ``sale_example``: the worked sale of a full caravan (``sale_example``);
            - board: ``board`` (``{rows, columns, europe, orient, middle_first, middle_last,
              middle_rows, centre_rows, centre_columns, square_mm}``);
            - components: ``marker_counts`` (``{oasis, quicksand}``), ``markers_per_row``,
              ``coins`` (``[{value, count}]``), ``coin_total``, ``die_faces``, ``caravans``;
            - ``ex``: the worked examples (``diagrams.examples``: a move blocked by quicksand
              with an oasis, the Bandits robbing), computed by the engine's tables.

        Raises:
            VariantError: player count outside the game's range.
            UsageError: no language file for ``lang``.
            DataError: a malformed language or components file.
        """
        game.check_players(variant.players)
        strings = Strings(game.folder.parent, game.id, lang)
        layout = load_layout(game)
        board = game.board
        r = game.rules

        moving = []
        for kind in ("move", "bandits", "sandstorm"):
            of_kind = game.cards_of_kind(kind)
            steps = [c.steps for c in of_kind]
            moving.append({"kind": kind, "name": strings(f"cards.{kind}"), "steps": steps,
                           "counts": [c.count for c in of_kind], "total": sum(c.count for c in of_kind),
                           "min": min(steps), "max": max(steps)})
        goods = {region: [{"id": c.id, "name": strings(f"cards.{c.id}"), "count": c.count} for c in game.goods(region)]
                 for region in ("europe", "orient")}
        good_counts = {g["count"] for region in goods.values() for g in region}
        middle = board.middle_rows

        return {
            "lang": lang,
            "players": variant.players,
            "players_min": game.players_min,
            "players_max": game.players_max,
            "player_counts": list(game.player_counts),
            "title": strings("title"),
            "subtitle": strings("subtitle", players=variant.players),
            "designer": strings("designer"),
            "cur": strings("currency"),
            "names": {**{kind: strings(f"cards.{kind}") for kind in ("move", "bandits", "sandstorm", "soldiers")},
                      **{c.id: strings(f"cards.{c.id}") for c in game.cards if c.kind == "good"}},
            "regions": {region: strings(f"regions.{region}") for region in board.regions},
            "markers": {m.id: strings(f"markers.{m.id}") for m in game.markers},
            "pawn_names": {name: strings(f"pawns.{name}") for name in ("caravan", "bandits", "sandstorm")},
            "the": {name: strings(f"pawns_the.{name}") for name in ("bandits", "sandstorm")},
            "r": {name: getattr(r, name) for name in r.__dataclass_fields__},
            "deck_total": game.deck_size,
            "moving": moving,
            "soldiers": sum(c.count for c in game.cards_of_kind("soldiers")),
            "goods": goods,
            "goods_each": good_counts.pop() if len(good_counts) == 1 else None,
            "sales": [{"cards": n, "gold": r.sale_value(n)} for n in range(1, r.caravan_limit + 1)],
            "sale": r.sale_value,
            "board": {
                "rows": board.rows, "columns": board.columns,
                "europe": board.regions["europe"][0], "orient": board.regions["orient"][0],
                "middle_first": min(middle), "middle_last": max(middle), "middle_rows": len(middle),
                "centre_rows": list(board.centre_rows), "centre_columns": list(board.centre_columns),
                "square_mm": round(layout.square_mm),
            },
            "marker_counts": {m.id: m.count for m in game.markers},
            "markers_per_row": {m.id: m.per_row for m in game.markers},
            "coins": [{"value": c.value, "count": c.count_for(variant.players)} for c in game.coins],
            "coin_total": sum(c.count_for(variant.players) for c in game.coins),
            "die_faces": game.die_faces,
            "caravans": variant.players,
            "ex": examples(game),
            "sale_example": sale_example(r, ("spices", "tea", "silk")),
        }
