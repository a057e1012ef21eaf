"""The Samarkand kit: every component, from the model (data/samarkand) and the catalog.

Counts: deck from ``game.deck(players)`` (seed removals), one price table and one pawn
per player, 8 market tokens and 2 chips, banknotes from data, one die.  Everything but the
deck and the board is one-sided: handed over as ``pieces`` for the kit's sheet packer.
"""

from __future__ import annotations

from pnp.components import cards, cutouts, markers, money, style, tables, tokens
from pnp.components.tables import TableRow
from pnp.geometry import CARD_SIZES
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings, impose_grid
from pnp.printing.packing import PieceGroup
from pnp.games.samarkand.model import Samarkand, market_chip_diameter_mm, size_mm, size_pair_mm
from pnp.model.variant import Variant
from pnp.kit.recipe import ComponentRun, KitRecipe
from pnp.games.samarkand import art


ASSORTMENT_ICON = "india-gate"     # the seed's "gate symbol" markets
ASSORTMENT_COLOUR = "#5E5A50"
MONEY_ICON = "coins"
BACK_ICON = "camel"
DIE_BACK_ICON = "return-arrow"
CHIP_SIGN = "−1"


def rarity(game, good_id: str) -> int:
    """1 for the commonest good of the deck ... 6 for the rarest (the die pips of a card's index)."""
    order = sorted(game.goods, key=lambda g: (-g.count, g.id))
    return 1 + [g.id for g in order].index(good_id)


def _deck(game, strings, players, settings, sheet_label) -> ComponentRun:
    bleed = settings.bleed_mm
    size_name = game.sizes["cards"]["size"].choice(tuple(CARD_SIZES))
    w, h = CARD_SIZES[size_name]
    deck = game.deck(players)
    label = strings("components.cards")
    ink = style.ink_for(settings.ink)
    back = art.card_back("card/back", "cards", w, h, bleed, strings("title"), strings("card_back"),
                         strings.where("card_back"), ink=ink)
    fronts = []
    for good in game.goods:
        face = art.good_card(f"card/{good.id}", "cards", w, h, bleed, strings(f"goods.{good.id}"), good.id,
                             good.colour, rarity(game, good.id), strings.where(f"goods.{good.id}"), ink=ink)
        fronts.extend([face] * deck[good.id])
    sheets = impose_grid("cards", label, fronts, [back] * len(fronts), settings, sheet_label(label))
    return ComponentRun("cards", "deck", label, len(fronts), sheets, by_type=dict(deck))


def board_component(game, strings, settings, sheet_label) -> ComponentRun:
    from pnp.games.samarkand.board import board_face
    from pnp.printing.tiling import tile_board

    label = strings("components.board")
    face = board_face(game, strings, settings.bleed_mm, style.ink_for(settings.ink))
    sheets = tile_board(face, settings, strings, strings.kit_title())  # footer: "Samarkand · Board · tile A1 · …"
    return ComponentRun("board", "board", label, 1, sheets)


#: The cell of a price table where a market buys no such sale (the rules sheet's table prints the same).
NO_PRICE = "–"


def _price_tables(game, strings, players, settings, sheet_label) -> ComponentRun:
    bleed = settings.bleed_mm
    w, h = size_pair_mm(game.sizes, "price_table.size_mm")
    prices = game.prices
    columns = tuple(str(n) for n in prices.sizes)
    rows = []
    for good in game.goods:
        rows.append(TableRow(strings(f"goods.{good.id}"), good.icon, good.colour, tuple(str(v) for v in prices.goods[good.id])))
    # A sale the assortment market does not take prints the rules table's dash, not an empty
    # cell (which reads as a misprint).
    assortment = tuple(str(v) for v in prices.assortment) + (NO_PRICE,) * (len(prices.sizes) - len(prices.assortment))
    rows.append(TableRow(strings("assortment"), ASSORTMENT_ICON, ASSORTMENT_COLOUR, assortment))
    notes = (strings("price_table_chip_note"), strings.plural("price_table_max_note", prices.sizes[-1], max=prices.sizes[-1],
                                                                        chip=prices.column(prices.sizes[-1] + 1, chip=True)))
    shaded = {i for i, n in enumerate(prices.sizes) if n < game.rules.min_sale}
    ink = style.ink_for(settings.ink)
    pictures = {strings(f"goods.{good.id}"): good.id for good in game.goods}

    def picture(row, x, y, size):
        good = pictures.get(row.label)
        if good is None:
            return art.gate(x + size * 0.1, y, size * 0.8, size, ink)
        return art.index_picture(good, x + size / 2, y + size / 2, size, ink)

    face = tables.price_table("price-table", "price-tables", w, h, bleed,
                              strings("price_table_heading", title=strings("price_table_title"), currency=strings("currency")), strings("price_table_cards"),
                              columns, tuple(rows), shaded, notes, strings.where("price_table_title"),
                              ink=ink, row_picture=picture)
    art.dress_table(face, ink)
    label = strings("components.price_tables")
    return ComponentRun("price-tables", "table", label, players,
                        pieces=[PieceGroup("price-tables", label, [face] * players)])


def _markets(game, strings, settings, sheet_label) -> list[ComponentRun]:
    bleed = settings.bleed_mm
    size = size_mm(game.sizes, "market_token.size_mm")
    diameter = market_chip_diameter_mm(game.sizes)
    ink = style.ink_for(settings.ink)
    faces = []
    for good_id in game.market_token_goods:
        good = game.good(good_id)
        faces.append(art.market_token(f"market/{good_id}", "market-tokens", size, bleed, strings(f"goods.{good_id}"),
                                      good_id, good.colour, strings.where(f"goods.{good_id}"), ink=ink))
    assortment = art.market_token("market/assortment", "market-tokens", size, bleed, strings("assortment"), None,
                                  ASSORTMENT_COLOUR, strings.where("assortment"), ink=ink)
    faces.extend([assortment] * game.assortment_tokens)
    chip = tokens.chip("market-chip", "market-chips", size, diameter, bleed, strings("market_chip"), CHIP_SIGN,
                       strings.where("market_chip"), ink=ink)
    chips = [chip] * game.market_chips
    label, chip_label = strings("components.market_tokens"), strings("components.market_chips")
    return [
        ComponentRun("market-tokens", "token", label, len(faces), pieces=[PieceGroup("market-tokens", label, faces)]),
        ComponentRun("market-chips", "token", chip_label, len(chips), pieces=[PieceGroup("market-chips", chip_label, chips)]),
    ]


def _banknotes(game, strings, settings, sheet_label, players: int) -> ComponentRun:
    bleed = settings.bleed_mm
    w, h = size_pair_mm(game.sizes, "banknote.size_mm")
    faces = []
    by_value = {}
    for rank, note in enumerate(sorted(game.banknotes, key=lambda b: b.value)):
        face = money.banknote(f"banknote/{note.value}", "banknotes", w, h, bleed, note.value,
                              strings("banknote", value=note.value), strings("currency_short"), rank, MONEY_ICON,
                              strings.where(f"banknote_words.{note.value}"), ink=style.ink_for(settings.ink),
                              title=strings("title"), words=strings(f"banknote_words.{note.value}"),
                              vignette=art.NOTE_VIGNETTES[rank % len(art.NOTE_VIGNETTES)],
                              colour=art.NOTE_COLOURS[rank % len(art.NOTE_COLOURS)])
        count = note.count_for(players)          # sized by simulation for this player count
        faces.extend([face] * count)
        by_value[str(note.value)] = count
    label = strings("components.banknotes")
    # Banknotes are paper money: plain paper is what they want.
    return ComponentRun("banknotes", "money", label, len(faces), by_type=by_value,
                        pieces=[PieceGroup("banknotes", label, faces)], stock="paper")


def _cutouts(game, strings, players, settings, sheet_label) -> list[ComponentRun]:
    width, panel, foot = (size_mm(game.sizes, f"pawn.{key}") for key in ("width_mm", "panel_mm", "foot_mm"))
    ink = style.ink_for(settings.ink)
    # Each pawn carries a player mark besides its colour (greyscale, colour-blind players).
    pieces = [art.standee(f"pawn/{p.id}", "pawns", width, panel, foot, p.colour, strings("pawn"),
                          strings.where("pawn"), ink=ink, mark=markers.PLAYER_MARKS[k % len(markers.PLAYER_MARKS)])
              for k, p in enumerate(game.pawns[:players])]
    die_face = size_mm(game.sizes, "die.face_mm")
    die = cutouts.die_net("die", "die", die_face, game.die_faces, DIE_BACK_ICON, strings("die_back"),
                          strings.where("die_back"), ink=ink)
    label, die_label = strings("components.pawns"), strings("components.die")
    # Each piece's own note, printed only on the sheets that hold it (with the shared line once).
    pawn_note = (strings("cut_fold_note"), strings("pawn_note"))
    die_note = (strings("cut_fold_note"), strings("die_note"))
    return [
        ComponentRun("pawns", "standee", label, len(pieces), pieces=[PieceGroup("pawns", label, pieces, True, pawn_note, steps="standee")]),
        ComponentRun("die", "die", die_label, 1, pieces=[PieceGroup("die", die_label, [die], True, die_note, steps="d6")]),
    ]


class SamarkandKit(KitRecipe):
    """Samarkand's kit (``pnp.kit.recipe.KitRecipe``)."""

    def components(self, game: Samarkand, strings: Strings, variant: Variant, settings: PrintSettings,
                   sheet_label) -> list[ComponentRun]:
        """All Samarkand components for ``variant`` (its player count selects the deck)."""
        players = variant.players
        runs = [_deck(game, strings, players, settings, sheet_label)]
        runs.append(board_component(game, strings, settings, sheet_label))
        runs.append(_price_tables(game, strings, players, settings, sheet_label))
        runs.extend(_markets(game, strings, settings, sheet_label))
        runs.append(_banknotes(game, strings, settings, sheet_label, players))
        runs.extend(_cutouts(game, strings, players, settings, sheet_label))
        return runs

    def has_backs(self, game, variant: Variant) -> bool:
        """True: every variant prints the deck, whose cards have backs.  ``pnp build`` reads this
        (a kit without backs refuses --duplex and the back corrections before any layout) and
        checks it against the laid-out sheets."""
        return True

    def deck_trims_mm(self, game, variant: Variant) -> list[tuple[float, float]]:
        """The trim (mm) of the deck's cards (components.yaml ``cards.size``), known before the
        kit is laid out: ``pnp build`` refuses a card printer's ``--target`` the deck cannot use
        before any work, and checks this against the laid-out deck."""
        size_name = game.sizes["cards"]["size"].choice(tuple(CARD_SIZES))
        return [CARD_SIZES[size_name]]

    def set_up_takes(self, game, variant: Variant) -> dict[str, dict[str, int]]:
        """What each player takes at set-up (the rules' step 5): the starting money as the
        notes the rules sheet lists (``diagrams.start_notes``: 200 Piaster as 1 x 100, 1 x 50,
        2 x 20, 1 x 10 at 5 players), by banknote face id (``banknote/<value>``)."""
        from pnp.games.samarkand.diagrams import start_notes

        return {"banknotes": {str(value): count for value, count in start_notes(game, variant.players)}}

    def removal_notes(self, game: Samarkand, strings: Strings, variant: Variant) -> list[str]:
        """For owners of the full game: which cards to take out for ``variant`` (seed removals)."""
        players = variant.players
        deck = game.deck(players)
        lines = [strings("removal_title", players=players), strings("removal_intro", players=players)]
        lines += [strings("removal_line", good=strings(f"goods.{g.id}"), removed=g.count - deck[g.id], kept=deck[g.id])
                  for g in game.goods]
        return lines

    def board_single_sheet(self, game, strings, settings):
        """The whole board on one larger sheet (A2 for an A4 kit, ARCH C for Letter)."""
        from pnp.games.samarkand.board import board_face
        from pnp.printing.tiling import single_board_sheet

        return single_board_sheet(board_face(game, strings, settings.bleed_mm, style.ink_for(settings.ink)), None, settings,
                                  strings)

    def supplies_lines(self, game, strings) -> list[str]:
        """Lines for the contents page's supplies list: an ordinary six-sided die will do, its
        faces read as the paper die's (``game.die_faces`` in order: a face whose number is not
        its own, the "back" face, is named), e.g. "6 = 1 space back" (``die_face_reads``)."""
        if len(game.die_faces) != 6:
            return []
        special = [strings("die_face_reads", number=n, face=strings("die_back") if face == "back" else face)
                   for n, face in enumerate(game.die_faces, 1) if face != str(n)]
        return [strings("ordinary_die", faces=", ".join(special))] if special else []
