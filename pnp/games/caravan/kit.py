"""The Caravan kit: every component, from the model (data/caravan) and the kit spec (components.yaml).

The bag of goods is Caravan's deck: its run has kind "deck" and ``by_type``, so the
pre-print check compares the goods printed with the goods the engine draws, and
``pnp deck caravan --players N`` prints just the goods with a removal list.

Counts: the goods of the variant's bag (``game.goods_counts(variant)``: 9 / 3 of each in
the full game, 6 / 2 in the short game) plus ``spares_per_good`` spare tokens; the rest
is what the players use: the camels, player board and theft marker of the first N player
colours (the full box, 24 camels in 4 colours, for 4 players) and the seed's 44 demand
markers.  Everything is one-sided: handed over as ``pieces`` for the kit's sheet packer.
Every renderer gets ``style.ink_for(settings.ink)``, as Samarkand's do (``--ink saver``).
Why these choices: DESIGN.md, "Kit".
"""

from __future__ import annotations

from pnp.components import player_board, style
from pnp.games.caravan import pieces
from pnp.games.caravan.board import board_face
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.printing.packing import PieceGroup
from pnp.model.variant import Variant
from pnp.kit.recipe import ComponentRun, KitRecipe
from pnp.games.caravan.kit_spec import KitSpec, load_spec


def board_component(game, strings, settings, sheet_label, spec: KitSpec | None = None) -> ComponentRun:
    from pnp.printing.tiling import tile_board

    spec = spec or load_spec(game)
    label = strings("components.board")
    face = board_face(game, strings, spec, settings.bleed_mm, style.ink_for(settings.ink))
    return ComponentRun("board", "board", label, 1, tile_board(face, settings, strings, strings.kit_title()))


# ------------------------------------------------------------------------ components
def _player_boards(game, strings, spec, settings, sheet_label, players: int) -> ComponentRun:
    bleed = settings.bleed_mm
    w, h = spec.player_board_mm
    rules = game.rules
    seq = rules.turn_actions
    note = strings("actions_note", sequence=", ".join(map(str, seq[:-1])) if len(seq) > 1 else str(seq[0]),
                   last=seq[-1])
    slots = tuple(player_board.GoodSlot(strings(f"goods.{g.id}"), strings(f"letters.{g.id}"), g.icon, g.colour,
                                        str(g.points), g.kind == "rare") for g in game.goods)
    costs = rules.costs
    actions = player_board.Reminder(strings("actions_title"), (
        (strings("action_camel"), str(costs["camel"])),
        (strings("action_camel_occupied"), str(costs["camel_occupied"])),
        (strings("action_pick_up"), str(costs["pick_up"])),
        (strings("action_move_good"), str(costs["move_good"])),
        (strings("action_steal"), str(costs["steal"])),
    ), 1.9)
    points = player_board.Reminder(strings("points_title"), tuple(
        (strings(f"kinds.{kind}"), str(value)) for kind, value in sorted(game.kinds.items(), key=lambda kv: -kv[1])
    ) + ((strings("demand_marker"), str(rules.demand_marker_points)),))
    penalties = player_board.Reminder(strings("penalty_title"), penalty_rows(game, strings), 0.95)
    # The refill is the one rule a player looks up mid-game that no other panel shows: with
    # it the board is the whole player aid, and the kit prints no separate aid cards.
    refill = player_board.Reminder(strings("refill_title"), (
        (strings("refill_left"), str(rules.refill_goods_left)),
        (strings("refill_markers"), f"+{rules.refill_demand_markers}"),
        (strings("refill_draw"), str(rules.refill_draw)),
    ), 1.35)
    ink = style.ink_for(settings.ink)
    faces = []
    for colour, mark in zip(game.player_colours, spec.marks):
        name = strings(f"player_colours.{colour.id}")
        areas = (
            player_board.MarkerArea(strings("demand_markers"), spec.icons["demand"]),
            player_board.MarkerArea(strings("theft_markers"), spec.icons["theft"], game.components.theft_spaces,
                                    spec.theft_diameter_mm, colour.colour, mark, start_component="theft-markers"),
        )
        faces.append(player_board.player_board(
            f"player-board/{colour.id}", "player-boards", w, h, bleed, colour=colour.colour, mark=mark,
            emblem=spec.icons["camel"], title=strings("player_board_title", colour=name), note=note,
            goods_title=strings("delivered_goods"), goods=slots, goods_columns=spec.goods_columns,
            token_mm=spec.good_mm, areas=areas, reminders=(actions, refill, penalties), side_panels=(points,),
            foot_mm=spec.player_board_foot_mm, where=strings.where("player_board_title"), ink=ink,
            board_art=pieces.player_board_art(game, spec, colour.colour, ink)))
    faces = faces[:game.printed_counts(players)["player_boards"]]
    label = strings("components.player_boards")
    return ComponentRun("player-boards", "board", label, len(faces), pieces=[PieceGroup("player-boards", label, faces, upright=True)])


def penalty_rows(game, strings) -> tuple[tuple[str, str], ...]:
    """(goods held, penalty) rows up to the most camels any set-up gives; leading zero penalties
    share one row ("0–1": 0).  Penalties print as negative points (seed: "straf")."""
    most = max(game.setup(s).camels for s in game.setups)
    values = game.rules.penalties[:most + 1]
    free = max(n for n, v in enumerate(values) if v == 0)
    rows = [(strings("penalty_none", low=0, high=free) if free else "0", "0")]
    rows += [(str(n), f"−{v}") for n, v in enumerate(values) if n > free]
    return tuple(rows)


def _goods(game, strings, variant, spec, settings, sheet_label) -> list[ComponentRun]:
    bleed = settings.bleed_mm
    counts = game.goods_counts(variant)
    ink = style.ink_for(settings.ink)
    fronts, spares = [], []
    for g in game.goods:
        key = f"letters.{g.id}"
        for component, n, out in (("goods", counts[g.id], fronts), ("goods-spares", spec.spares_per_good, spares)):
            face = pieces.good_token(f"good/{g.id}", component, spec.good_mm, bleed, spec, g, strings(key),
                                     strings.where(key), ink=ink)
            out.extend([face] * n)
    label, spare_label = strings("components.goods"), strings("components.goods_spares")
    return [
        ComponentRun("goods", "deck", label, len(fronts), by_type=dict(counts), pieces=[PieceGroup("goods", label, fronts, upright=True)]),
        ComponentRun("goods-spares", "token", spare_label, len(spares),
                     by_type={g.id: spec.spares_per_good for g in game.goods},
                     pieces=[PieceGroup("goods-spares", spare_label, spares, upright=True)]),
    ]


def _camels(game, strings, spec, settings, sheet_label, players: int) -> ComponentRun:
    bleed = settings.bleed_mm
    faces, by_colour = [], {}
    ink = style.ink_for(settings.ink)
    for colour, mark in list(zip(game.player_colours, spec.marks))[:game.printed_counts(players)["colours"]]:
        face = pieces.camel_token(f"camel/{colour.id}", "camels", spec.camel_mm, spec.good_mm, bleed, spec,
                                  colour.colour, mark, ink=ink)
        faces.extend([face] * game.components.camels_per_colour)
        by_colour[colour.id] = game.components.camels_per_colour
    label = strings("components.camels")
    return ComponentRun("camels", "token", label, len(faces), by_type=by_colour, pieces=[PieceGroup("camels", label, faces, upright=True)])


def _markers(game, strings, spec, settings, sheet_label, players: int) -> list[ComponentRun]:
    """Demand markers (the value they score) and one theft marker per player colour, with its mark."""
    bleed = settings.bleed_mm
    key = "demand_marker"
    ink = style.ink_for(settings.ink)
    demand = pieces.marker("demand-marker", "demand-markers", spec.demand_mm, spec.demand_diameter_mm, bleed,
                           spec.colours["demand"], spec.art["demand"], str(game.rules.demand_marker_points),
                           strings.where(key), ink=ink, dark_picture=pieces.DEMAND_PICTURE_DARK)
    demands = [demand] * game.components.demand_markers
    thefts = [pieces.marker(f"theft-marker/{c.id}", "theft-markers", spec.theft_mm, spec.theft_diameter_mm,
                            bleed, c.colour, spec.art["theft"], "", strings.where("theft_markers"), mark=m, ink=ink)
              for c, m in zip(game.player_colours, spec.marks)][:game.printed_counts(players)["theft_markers"]]
    label = strings("components.demand_markers")
    theft_label = strings("components.theft_markers")
    return [ComponentRun("demand-markers", "token", label, len(demands),
                         pieces=[PieceGroup("demand-markers", label, demands, upright=True)]),
            ComponentRun("theft-markers", "token", theft_label, len(thefts),
                         pieces=[PieceGroup("theft-markers", theft_label, thefts, upright=True)])]


class CaravanKit(KitRecipe):
    """Caravan's kit (``pnp.kit.recipe.KitRecipe``)."""

    def components(self, game, strings: Strings, variant: Variant, settings: PrintSettings, sheet_label) -> list[ComponentRun]:
        """All Caravan components for ``variant``, in print order: board, player boards, goods, camels, markers.

        Raises:
            DataError: components.yaml is malformed; LayoutError / FontError: a text does not fit.
        """
        spec = load_spec(game)
        runs = [board_component(game, strings, settings, sheet_label, spec)]
        runs.append(_player_boards(game, strings, spec, settings, sheet_label, variant.players))
        runs.extend(_goods(game, strings, variant, spec, settings, sheet_label))
        runs.append(_camels(game, strings, spec, settings, sheet_label, variant.players))
        runs.extend(_markers(game, strings, spec, settings, sheet_label, variant.players))
        return runs

    def has_backs(self, game, variant: Variant) -> bool:
        """False: Caravan has no cards, every piece is one-sided.  ``pnp build`` reads this to
        refuse --duplex, --back-offset and --scale-x/-y before it lays anything out, and checks
        it against the laid-out sheets."""
        return False

    def deck_trims_mm(self, game, variant: Variant) -> list[tuple[float, float]]:
        """The trim (mm) of the goods tokens, Caravan's deck (components.yaml ``goods.size_mm``),
        known before the kit is laid out: ``pnp build`` refuses a card printer's ``--target``
        (no cards here) before any work, and checks this against the laid-out goods."""
        spec = load_spec(game)
        return [(spec.good_mm, spec.good_mm)]

    def set_up_takes(self, game, variant: Variant) -> dict[str, dict[str, int]]:
        """What each player takes at set-up: the set-up's camels of the player's own colour
        (game.yaml ``setups.<id>.camels``: 5, or 6 in the introductory game; the kit prints
        ``camels_per_colour``, the rest lie aside)."""
        return {"camels": {"*": game.camels_per_player(variant)}}

    def removal_notes(self, game, strings: Strings, variant: Variant) -> list[str] | None:
        """For owners of the full game: which goods to take out of the bag for ``variant`` (None: none)."""
        removed = game.removal_list(variant)
        if not any(removed.values()):
            return None
        counts = game.goods_counts(variant)
        lines = [strings("removal_title", players=variant.players), strings("removal_intro", players=variant.players)]
        lines += [strings("removal_line", good=strings(f"goods.{g.id}"), removed=removed[g.id], kept=counts[g.id])
                  for g in game.goods]
        return lines

    def board_single_sheet(self, game, strings, settings):
        """The whole board on one larger sheet (A3 or A2 for an A4 kit, Tabloid or ARCH C for Letter)."""
        from pnp.printing.tiling import single_board_sheet

        return single_board_sheet(board_face(game, strings, load_spec(game), settings.bleed_mm, style.ink_for(settings.ink)),
                                  None, settings, strings)
