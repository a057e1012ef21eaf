"""The CARAVAN on a chessboard kit: every component, from the model and components.yaml.

Counts come from the model (``data/caravan-chessboard/game.yaml``): the 75-card deck by
type id, 6 oasis and 6 quicksand markers, the coins by value, one caravan pawn per player
of the variant plus the Bandits and the Sandstorm, and the d8 (printed as a net).  Sizes,
board colours and the kit's own icons come from ``components.yaml`` (``chessboard_layout``).
Every text comes from ``data/caravan-chessboard/lang/<lang>.yaml``.
"""

from __future__ import annotations

import math
from dataclasses import replace

from pnp.components import cards, cutouts, markers, money
from pnp.components import style
from pnp.components.grid_board import EdgeNote, RowBand, grid_board
from pnp.model.i18n import Strings
from pnp.geometry import SAFE_MM
from pnp.printing.imposition import PrintSettings, footer_label, impose_grid, relabel_footer
from pnp.printing.packing import PieceGroup
from pnp.model.variant import Variant
from pnp.components.svg import Face, group, icon
from pnp.kit.aids import aid_card_faces
from pnp.kit.recipe import ComponentRun, KitRecipe
from pnp.games.caravan_chessboard.kit_spec import KitLayout, load_layout
from pnp.games.caravan_chessboard import card_art, figures, pieces


# ------------------------------------------------------------------------------- cards
def card_faces(game, strings: Strings, layout: KitLayout, bleed: float,
               ink: style.Ink = style.NORMAL) -> dict[str, Face]:
    """The front of every card type by type id (``game.cards`` order), in ``ink``.

    Each type its own composition (``card_art.card_front``): moving cards (move, bandits,
    sandstorm) show their number of squares as N footprints, daggers or whirls and on a
    badge; goods their region on a ribbon and in the shape of their art box.
    """
    faces = {}
    for card in game.cards:
        if card.kind == "good":
            title_key, rule_key = f"cards.{card.id}", f"card_rules.good_{card.region}"
            band = strings(f"good_band.{card.region}")
        else:
            title_key, rule_key = f"cards.{card.kind}", f"card_rules.{card.kind}"
            band = None
        # a moving card's rule is counted (its plural form for the card's steps), and so is
        # the soldiers' (the soldiers a robbed caravan loses instead of its goods)
        if card.steps is not None:
            rule = strings.plural(rule_key, card.steps, steps=card.steps)
        elif card.kind == "soldiers":
            lost = game.rules.soldiers_lost
            rule = strings.plural(rule_key, lost, lost=lost)
        else:
            rule = strings(rule_key)
        faces[card.id] = card_art.card_front(
            f"card/{card.id}", "cards", layout.card_w, layout.card_h, bleed, card, strings(title_key),
            rule, band, strings.where(rule_key), ink=ink)
    return faces


def _deck(game, strings, variant, layout, settings, sheet_label) -> list[ComponentRun]:
    """The deck and the player aids on one card grid: [cards run, aids run] (the aids' run
    lists the grid sheets that hold an aid; no aids run when the game has no aid template)."""
    bleed = settings.bleed_mm
    deck = game.deck(variant)
    ink = style.ink_for(settings.ink)
    faces = card_faces(game, strings, layout, bleed, ink)
    back = card_art.card_back("card/back", "cards", layout.card_w, layout.card_h, bleed, strings("title"),
                              strings("card_back"), layout.back_icon, strings.where("card_back"), ink=ink)
    fronts = [faces[type_id] for type_id, count in deck.items() for _ in range(count)]
    backs = [back] * len(fronts)
    cards_n = len(fronts)
    # The player aids: duplex cards of the deck's size after its cards, in the grid slots
    # the last cards sheet leaves empty (75 + 4 = 79 of 81 on A4), one per player.
    aid = aid_card_faces(game, variant, strings.lang, layout.card_w, layout.card_h, bleed, ink.saver)
    aids_n = variant.players if aid is not None else 0
    if aid is not None:
        fronts += [aid[0]] * aids_n
        backs += [aid[1]] * aids_n
    label = strings("components.cards")
    sheets = impose_grid("cards", label, fronts, backs, settings, sheet_label(label))
    aid_sheets = []
    for sheet in sheets:
        for k, p in enumerate(sheet.placements):
            if p.index >= cards_n:       # an aid's front or back: its own component
                sheet.placements[k] = replace(p, component="aids", index=p.index - cards_n)
        if any(p.component == "aids" for p in sheet.placements):
            aid_sheets.append(sheet)
            # the footer names the aids too, before the sheet number (as a host sheet's does)
            head, _sep, number = footer_label(sheet).rpartition(" · ")
            relabel_footer(sheet, " · ".join([head, strings("player_aids"), number] if head
                                             else [strings("player_aids"), number]))
    runs = [ComponentRun("cards", "deck", label, cards_n, sheets, by_type=dict(deck))]
    if aid is not None:
        runs.append(ComponentRun("aids", "aid", strings("player_aids"), aids_n, aid_sheets, stock="card"))
    return runs


# ------------------------------------------------------------------------------- board
def board_face(game, strings: Strings, bleed: float, layout: KitLayout | None = None,
               ink: style.Ink = style.NORMAL) -> Face:
    """The 8 x 8 board: a ``pnp.components.grid_board`` with the model's regions as row bands.

    Rows are numbered 1 (Europe, at the foot) to 8 (the Orient), columns 1 to 8, on every
    edge; each region's squares alternate its two tints and a bar names it, and carry its
    terrain (``card_art.terrain``): a port town on Europe's row, a bazaar on the Orient's,
    translucent dunes on the desert rows; the end rows have a note in the border.
    ``ink``: ``style.SAVER`` for a paper frame and bleed, lighter region tints, bars and
    notes, thin lines (``grid_board``).
    """
    layout = layout or load_layout(game)
    board = game.board
    rows = board.rows
    # The model counts rows 1 (foot) .. 8 (head); the grid counts 0 (head) .. 7 (foot).
    bands = []
    for region, numbers in board.regions.items():
        look = layout.regions[region]
        bands.append(RowBand(tuple(rows - n for n in numbers), look.light, look.dark, look.accent,
                             strings(f"regions.{region}"), look.icon, strings.where(f"regions.{region}")))
    region_of = {rows - n: region for region, numbers in board.regions.items() for n in numbers}
    saver = ink.saver

    def painter(row, column, x, y, size):
        return card_art.terrain(region_of[row], row, column, x, y, size, saver)

    def note(region):
        return EdgeNote(strings(f"board_note.{region}"), layout.regions[region].accent, layout.regions[region].icon,
                        strings.where(f"board_note.{region}"))

    face = grid_board("board", "board", rows, board.columns, layout.square_mm, layout.band_mm, bleed, painter,
                      background=None, border_fill=layout.frame, line_colour=style.INK, line_mm=0.5, frame_mm=0.5,
                      bands=bands, numbers=True, bottom_note=note("europe"), top_note=note("orient"), ink=ink)
    # The border band's ground: khatam strapwork (girih) from the bleed to the grid, under the
    # numbers, bars and notes (each on its own plate), right after the frame colour.
    face.art.elements.insert(1, _border_girih(face.width, face.height, layout.band_mm, bleed, layout.frame, ink))
    face.art.add(centre_mark(face.meta["grid"], board.rows, board.centre_rows, board.centre_columns, ink))
    return face


#: The centre block's frame: a dark bronze band, a gold band inside it and a thin bronze
#: line inside that (filled rings, not strokes: a thin solid line would read as a cut line
#: and a dashed one as a fold), inset from the block's outer edges, and an eight-pointed
#: star in each of its squares.  Bronze, not teal, beside the gold: next to a blue-green the
#: gold read as green.
CENTRE_DARK = "#4A3213"
CENTRE_GOLD = "#E8B22E"
CENTRE_INSET_MM = 1.0
CENTRE_OUTER_MM = 1.3
CENTRE_INNER_MM = 1.3
CENTRE_LINE_MM = 0.4
CENTRE_STAR_MM = 5.5


def centre_mark(geo, rows: int, centre_rows: tuple[int, ...], centre_columns: tuple[int, ...],
                ink: style.Ink = style.NORMAL):
    """The mark of the centre block, where the Bandits and the Sandstorm start (rules, set-up
    step 6; ``game.yaml`` ``board.centre``): a two-band frame round the block's squares and a
    star in the middle of each of its squares, as an svg group of class ``centre-mark``.

    ``geo``: the board's ``GridGeometry``; ``rows``: the board's rows (model row 1 is the
    foot, the grid counts from the head); ``centre_rows`` / ``centre_columns``: the block's
    1-based model rows and columns (consecutive).  Lengths in mm.  Saver: pale bands.
    """
    from pnp.components.art import pale
    from pnp.components.svg import path, polygon

    dark, gold = (pale(CENTRE_DARK, 0.55), pale(CENTRE_GOLD, 0.45)) if ink.saver else (CENTRE_DARK, CENTRE_GOLD)
    top = geo.cell_origin(rows - max(centre_rows), min(centre_columns) - 1)
    bottom = geo.cell_origin(rows - min(centre_rows) + 1, max(centre_columns))
    x0, y0 = top[0] + CENTRE_INSET_MM, top[1] + CENTRE_INSET_MM
    x1, y1 = bottom[0] - CENTRE_INSET_MM, bottom[1] - CENTRE_INSET_MM

    def ring(inset: float, width: float) -> str:
        a0, b0, a1, b1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
        c0, d0, c1, d1 = a0 + width, b0 + width, a1 - width, b1 - width
        return (f"M{a0:.3f},{b0:.3f}H{a1:.3f}V{b1:.3f}H{a0:.3f}Z"
                f"M{c0:.3f},{d0:.3f}V{d1:.3f}H{c1:.3f}V{d0:.3f}Z")

    g = group(class_="centre-mark")
    g.add(path(ring(0.0, CENTRE_OUTER_MM), fill=dark))
    g.add(path(ring(CENTRE_OUTER_MM, CENTRE_INNER_MM), fill=gold))
    g.add(path(ring(CENTRE_OUTER_MM + CENTRE_INNER_MM, CENTRE_LINE_MM), fill=dark))
    # A star in the middle of each of the block's squares, not where they meet: the board's
    # tile seams may run between the centre squares (8 x 8 in 2 x 2 tiles), and a mark on a
    # seam would be split over four tiles and partly hidden under their glue flaps.
    for row in centre_rows:
        for column in centre_columns:
            cx, cy = geo.cell_centre(rows - row, column - 1)
            for radius, colour in ((CENTRE_STAR_MM, dark), (CENTRE_STAR_MM * 0.6, gold)):
                points = []
                for k in range(16):
                    r = radius if k % 2 == 0 else radius * 0.55
                    a = math.pi * k / 8
                    points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
                g.add(polygon(points, fill=colour))
    return g


#: The board border's girih: 8-fold khatam, the strapwork (ground) in the frame colour.
BORDER_GIRIH = "khatam"
BORDER_GIRIH_FILLS = ("#2F6B6E", "#A67C3A", "#6A4526")


def _border_girih(width: float, height: float, band_mm: float, bleed: float, frame: str, ink: style.Ink):
    """A girih frame over the border band and its bleed (a full-bleed pattern: a miscut shifts
    it without showing an edge); saver: pale stars on paper, inside the safe area (the bleed
    stays paper)."""
    from pnp.components import girih
    from pnp.components.art import pale

    if ink.saver:
        fills = tuple(pale(c, 0.85) for c in BORDER_GIRIH_FILLS)
        edge = SAFE_MM + 0.2
        return girih.frame_group(BORDER_GIRIH, edge, edge, width - 2 * edge, height - 2 * edge, band_mm - edge, 0.9,
                                 fills, None, class_="pattern")
    return girih.frame_group(BORDER_GIRIH, -bleed, -bleed, width + 2 * bleed, height + 2 * bleed, band_mm + bleed, 0.9,
                             BORDER_GIRIH_FILLS, None, class_="pattern")


def board_component(game, strings: Strings, settings: PrintSettings, sheet_label) -> ComponentRun:
    """The board tiled over sheets of the kit's paper (``pnp.printing.tiling.tile_board``)."""
    from pnp.printing.tiling import tile_board

    label = strings("components.board")
    face = board_face(game, strings, settings.bleed_mm, ink=style.ink_for(settings.ink))
    sheets = tile_board(face, settings, strings, strings.kit_title())
    return ComponentRun("board", "board", label, 1, sheets)


# ----------------------------------------------------------------------------- markers
def _markers(game, strings, layout, settings, sheet_label) -> list[ComponentRun]:
    bleed = settings.bleed_mm
    ink = style.ink_for(settings.ink)
    runs = []
    for marker in game.markers:
        face = figures.marker(f"marker/{marker.id}", f"{marker.id}-markers", layout.marker_mm, bleed, marker.id,
                              marker.colour, strings(f"markers.{marker.id}"), strings.where(f"markers.{marker.id}"),
                              ink=ink)
        label = strings(f"components.{marker.id}")
        runs.append(ComponentRun(f"{marker.id}-markers", "token", label, marker.count,
                                 pieces=[PieceGroup(f"{marker.id}-markers", label, [face] * marker.count)]))
    return runs


# ---------------------------------------------------------------------- pawns and die
def _cutouts(game, strings, variant, layout, settings, sheet_label) -> list[ComponentRun]:
    w, panel, foot = layout.pawn_width_mm, layout.pawn_panel_mm, layout.pawn_foot_mm
    ink = style.ink_for(settings.ink)
    # Each caravan carries a player mark besides its colour (greyscale, colour-blind players).
    caravans = [pieces.standee(f"pawn/{p.id}", "caravans", w, panel, foot, p.colour, strings("pawns.caravan"),
                               "caravan", strings.where("pawns.caravan"), ink=ink,
                               mark=markers.PLAYER_MARKS[k % len(markers.PLAYER_MARKS)])
                for k, p in enumerate(game.player_pawns[:variant.players])]
    desert = [pieces.standee(f"pawn/{p.id}", "desert-pawns", w, panel, foot, p.colour, strings(f"pawns.{p.id}"),
                             p.id, strings.where(f"pawns.{p.id}"), ink=ink)
              for p in (game.bandits, game.sandstorm)]
    die = cutouts.d8_net("die", "die", layout.die_edge_mm, tuple(str(n) for n in range(1, game.die_faces + 1)),
                         "die numbers", ink=ink)
    label, desert_label, die_label = (strings("components.caravans"), strings("components.desert_pawns"),
                                      strings("components.die"))
    # Each piece's own note, printed only on the sheets that hold it (with the shared line once).
    pawn_note = (strings("cut_fold_note"), strings("pawn_note"))
    die_note = (strings("cut_fold_note"), strings("die_note"))
    return [
        ComponentRun("caravans", "standee", label, len(caravans),
                     pieces=[PieceGroup("caravans", label, caravans, True, pawn_note, steps="standee")]),
        ComponentRun("desert-pawns", "standee", desert_label, len(desert),
                     pieces=[PieceGroup("desert-pawns", desert_label, desert, True, pawn_note, steps="standee")]),
        ComponentRun("die", "die", die_label, 1, pieces=[PieceGroup("die", die_label, [die], True, die_note, steps="d8")]),
    ]


# ------------------------------------------------------------------------------- coins
#: How much smaller each coin value is than the next higher one (diameter, mm): 1 < 5 < 10
#: by size alone.
COIN_STEP_MM = 2.0


def _coins(game, strings, layout, settings, sheet_label, players: int) -> ComponentRun:
    """The gold coins a game of ``players`` needs (``Coin.count_for``: sized by simulation)."""
    bleed = settings.bleed_mm
    ink = style.ink_for(settings.ink)
    faces, by_value = [], {}
    values = sorted(game.coins, key=lambda c: c.value)
    for rank, c in enumerate(values):
        # the highest value is components.yaml's diameter, each lower one COIN_STEP_MM less,
        # all on the same square face (the packing is unchanged); the game's name is left
        # out: on a coin its capitals would be under 2 mm tall
        diameter = layout.coin_diameter_mm - COIN_STEP_MM * (len(values) - 1 - rank)
        face = money.coin(f"coin/{c.value}", "coins", layout.coin_size_mm, diameter, bleed, c.value,
                          strings("coin"), rank, strings.where(f"coin_words.{c.value}"), ink=ink,
                          words=strings(f"coin_words.{c.value}"))
        count = c.count_for(players)
        faces.extend([face] * count)
        by_value[str(c.value)] = count
    label = strings("components.coins")
    return ComponentRun("coins", "money", label, len(faces), by_type=by_value, pieces=[PieceGroup("coins", label, faces)])


class ChessboardKit(KitRecipe):
    """CARAVAN on a chessboard's kit (``pnp.kit.recipe.KitRecipe``)."""

    def components(self, game, strings: Strings, variant: Variant, settings: PrintSettings, sheet_label) -> list[ComponentRun]:
        """All components of the kit for ``variant`` (a ``pnp.model.variant.Variant``).

        Order: cards, the player aids (duplex cards in the deck's grid), board, markers, caravan
        and desert pawns with the die, coins.

        Raises:
            VariantError: player count outside the game's range.
            DataError: ``components.yaml`` or a language file is malformed.
            LayoutError / FontError: a text does not fit or has a missing glyph.
        """
        game.check_players(variant.players)
        layout = load_layout(game)
        runs = _deck(game, strings, variant, layout, settings, sheet_label)
        runs.append(board_component(game, strings, settings, sheet_label))
        runs.extend(_markers(game, strings, layout, settings, sheet_label))
        runs.extend(_cutouts(game, strings, variant, layout, settings, sheet_label))
        runs.append(_coins(game, strings, layout, settings, sheet_label, variant.players))
        return runs

    def has_backs(self, game, variant: Variant) -> bool:
        """True: every variant prints the deck, whose cards have backs.  ``pnp build`` reads this
        (a kit without backs refuses --duplex and the back corrections before any layout) and
        checks it against the laid-out sheets."""
        return True

    def deck_trims_mm(self, game, variant: Variant) -> list[tuple[float, float]]:
        """The trim (mm) of the deck's cards (components.yaml), known before the kit is laid
        out: ``pnp build`` refuses a card printer's ``--target`` the deck cannot use before any
        work, and checks this against the laid-out deck."""
        layout = load_layout(game)
        return [(layout.card_w, layout.card_h)]

    def removal_notes(self, game, strings: Strings, variant: Variant) -> None:
        """None: every player count plays the whole deck (the seed removes no cards)."""
        return None

    def board_single_sheet(self, game, strings: Strings, settings: PrintSettings):
        """The whole board on one larger sheet (A2 for an A4 kit, ARCH C for Letter)."""
        from pnp.printing.tiling import single_board_sheet

        face = board_face(game, strings, settings.bleed_mm, ink=style.ink_for(settings.ink))
        return single_board_sheet(face, None, settings, strings)
