"""Samarkand's rules drawings and worked examples, computed from the model and the engine.

Every number a worked example prints (the spaces a roll can reach, the camps a nomad bonus
chain passes, the price of a sale under a chip) comes from the functions the simulations
use: ``engine.tables(game).die_dest`` (the die), the board's arrows (``Board.space``,
``exits``) and ``game.prices.price`` (every sale the engine pays).  ``examples(game)``
returns those numbers for the template; ``figures(...)`` draws the same examples, so the
text and the picture cannot disagree with each other or with the engine.

Drawings are reportlab ``Drawing`` objects (``pnp.components.diagram``): labels are PDF
text in the kit's fonts.
"""

from __future__ import annotations

from typing import Any

from pnp.components.diagram import LABEL_CLEARANCE, MIN_TEXT_PT, GridDiagram
from pnp.components.fonts import text_width
from pnp.games.samarkand.board import ARROW_RED, KIND_STYLE
from pnp.model.i18n import Strings

#: The example's stories: the die face rolled, and the cards sold under a chip.  These are
#: choices of the sheet (which case to show), not rules; every result is computed.
DIE_FACE = "2"
CHIP_SALE_GOOD = "grain"
PAWN = "#C0392B"
PATH = "#1F5FA8"
#: The board's arrows on the diagrams: how far (points) an arrowhead reaches past the middle
#: of the edge it sits on, into each of the two spaces.
EDGE_ARROW = 3.6


# ----------------------------------------------------------------------- worked examples
def examples(game) -> dict[str, Any]:
    """The worked examples' numbers, from the engine tables and the model.

    Returns ``{"die": {start, face, ends, paths}, "bonus": {start, camps, end},
    "chip": {good, cards, price, chip_price, column, chip_column}}``: space ids, the die
    face (str), paths as lists of space ids; money in Piaster.  ``die.ends`` is exactly
    ``engine.tables(game).die_dest`` for the start and face.
    """
    from pnp.games.samarkand.engine import tables

    T = tables(game)
    board = game.board
    index = {sid: i for i, sid in enumerate(T.space_ids)}
    face = DIE_FACE if DIE_FACE in game.die_faces else next(f for f in game.die_faces if f != "back")
    f_index = game.die_faces.index(face)

    # Die: the first camp (board reading order) from which the roll reaches two ends by
    # different paths (a branch the player chooses).
    def paths(start: str, steps: int) -> list[list[str]]:
        out = [[start]]
        for _ in range(steps):
            out = [p + [e] for p in out for e in board.space(p[-1]).exits]
        return out

    reading = sorted(board.spaces, key=lambda s: (s.row, s.column))
    die = None
    for sp in reading:
        ends = [T.space_ids[i] for i in T.die_dest[index[sp.id]][f_index]]
        if sp.kind == "camp" and len(ends) >= 2:
            walked = paths(sp.id, int(face))
            assert sorted({p[-1] for p in walked}) == sorted(ends), "die paths disagree with the engine"
            die = {"start": sp.id, "face": face, "ends": ends, "paths": walked}
            break

    # Nomad bonus: the longest run of camps one free step after another, from a non-camp.
    best: list[str] = []
    for sp in reading:
        if sp.kind == "camp":
            continue
        for first in sp.exits:
            run = [sp.id]
            here = first
            while board.space(here).kind == "camp" and here not in run:
                run.append(here)
                camps = [e for e in board.space(here).exits if board.space(e).kind == "camp" and e not in run]
                here = camps[0] if camps else board.space(here).exits[0]
            run.append(here)
            if len(run) > len(best):
                best = run
    bonus = {"start": best[0], "camps": best[1:-1], "end": best[-1],
             "capacities": [board.space(c).capacity for c in best[1:-1]]}

    prices = game.prices
    cards = prices.sizes[-1] + 1  # one more than the table's last column: the disputed case
    good = CHIP_SALE_GOOD if CHIP_SALE_GOOD in prices.goods else game.goods[0].id
    chip = {"good": good, "cards": cards, "price": prices.price(good, cards),
            "chip_price": prices.price(good, cards, chip=True),
            "column": prices.column(cards), "chip_column": prices.column(cards, chip=True),
            "engine_price": T.sale[[g.id for g in game.goods].index(good)][1][cards]}
    return {"die": die, "bonus": bonus, "chip": chip}


# ----------------------------------------------------------------------- starting money
def start_notes(game, players: int) -> tuple[tuple[int, int], ...]:
    """The notes each player takes at the start: ((value, count), ...) highest value first,
    summing to ``rules.start_money``, that the kit's bank (``Banknote.count_for(players)``)
    can hand to every player at once, with as many different values as possible (change for
    the first payments), then as few notes as possible.  A choice of the kit (the seed says
    only "200 Piaster"); the engine counts cash, not notes.

    Raises:
        ValueError: no such split of the starting money exists in the bank.
    """
    import itertools

    notes = sorted(game.banknotes, key=lambda b: -b.value)
    caps = [b.count_for(players) // players for b in notes]
    target = game.rules.start_money
    best = None
    for counts in itertools.product(*(range(min(cap, target // b.value) + 1) for cap, b in zip(caps, notes))):
        if sum(n * b.value for n, b in zip(counts, notes)) != target:
            continue
        key = (-sum(1 for n in counts if n), sum(counts))
        if best is None or key < best[0]:
            best = (key, counts)
    if best is None:
        raise ValueError(f"no split of {target} into the bank's notes for {players} players")
    return tuple((b.value, n) for b, n in zip(notes, best[1]) if n)


# ------------------------------------------------------------------------------ drawings
#: The names ``figures`` draws (what a rules template may name in ``figure(...)``).
FIGURE_NAMES = ("board", "setup", "die", "bonus", "chip")


def figures(game, variant, lang: str, width: float) -> dict[str, Any]:
    """Drawings for the rules sheet, each at most ``width`` points wide: ``board``
    (overview), ``setup``, ``die``, ``bonus``, ``chip`` and ``board_small`` (contents page)."""
    s = Strings(game.folder.parent, game.id, lang)
    ex = examples(game)
    return {
        "board": _board(game, s, width),
        "setup": _setup(game, s, width, variant.players),
        "die": _die(game, s, width, ex["die"]),
        "bonus": _bonus(game, s, width, ex["bonus"]),
        "chip": _chip(game, s, width, ex["chip"]),
    }


def board_picture(game, lang: str, width: float):
    """The assembled board, small (the contents page): spaces, arrows and trading fields,
    no legend; ``width`` points wide."""
    return _grid(game, Strings(game.folder.parent, game.id, lang), width, legend=False).drawing()


def _space_label(sp, s: Strings) -> str:
    if sp.kind == "city":
        return s(f"cities.{sp.id}")
    if sp.kind == "camp":
        return str(sp.capacity)
    return str(sp.price_4)


def _grid(game, s: Strings, width: float, legend: bool, caption_h: float = 0.0) -> GridDiagram:
    board = game.board
    margin = 16.0
    cell = (width - 2 * margin) / board.columns
    g = GridDiagram(board.rows, board.columns, cell, margin=margin, caption_h=caption_h + (14 if legend else 0))
    # The big label sits level with the left and right edges' arrows: it keeps their reach
    # (plus their white rim and clear space) free on both sides, so no arrow touches a name.
    between_arrows = cell - 2 * (EDGE_ARROW + 0.2 + LABEL_CLEARANCE + 0.3)
    for sp in board.spaces:
        fill, edge, ink, _ = KIND_STYLE[sp.kind]
        g.cell_fill(sp.row, sp.column, fill, edge, inset=1.6, width=0.8, radius=3)
        # colour and number (a city its name); the kinds' names are the legend's, not every
        # square's (they were 5 pt words in each)
        g.cell_text(sp.row, sp.column, _space_label(sp, s), size=9 if sp.kind != "city" else 7, role="bold",
                    colour=ink, dy=0.0, room=between_arrows)
    for a, b in board.arrows():
        pa, pb = board.space(a), board.space(b)
        g.edge_arrow((pa.row, pa.column), (pb.row, pb.column), ARROW_RED, size=EDGE_ARROW)
    # Trading fields: a card-shaped box in the margin next to each camp.
    for sp in board.of_kind("camp"):
        x0, y_top = g.x(sp.column), g.y(sp.row)
        long, short = cell * 0.56, margin * 0.62
        if sp.field in ("north", "south"):
            x, y = x0 + (cell - long) / 2, (y_top + 1.5 if sp.field == "north" else g.y(sp.row + 1) - 1.5 - short)
            w, h = long, short
        else:
            x, y = ((x0 - 1.5 - short) if sp.field == "west" else g.x(sp.column + 1) + 1.5), y_top - (cell + long) / 2
            w, h = short, long
        g.box(x, y, w, h, "#FFF6E0", KIND_STYLE["camp"][1], width=0.6, radius=1.5)
        g.text(x + w / 2, y + h / 2 - 2.2, str(sp.capacity), size=6.2, role="bold", colour=KIND_STYLE["camp"][2])
    if legend:
        g.legend([(KIND_STYLE[k][0], s(f"space_kinds.{k}")) for k in ("camp", "oasis", "city")]
                 + [(ARROW_RED, s("diagrams.arrow")), ("#FFF6E0", s("diagrams.trading_field"))],
                 y=caption_h + 3)
    return g


def _board(game, s: Strings, width: float):
    return _grid(game, s, width, legend=True).drawing()


def _setup(game, s: Strings, width: float, players: int):
    """The board at the start: cards on every trading field, market tokens in the cities,
    the chips beside the board; under it the bank (each value's notes left once every player
    has his), the draw deck, and one player's starting material: pawn, price table and the
    notes of his starting money (``start_notes``)."""
    from pnp.games.samarkand.art import NOTE_COLOURS

    g = _grid(game, s, width, legend=False, caption_h=72)
    notes = sorted(game.banknotes, key=lambda b: b.value)
    rank = {b.value: k for k, b in enumerate(notes)}
    mine = start_notes(game, players)

    def note(x: float, y: float, value: int) -> None:
        g.box(x, y, 17, 8.5, NOTE_COLOURS[rank[value] % len(NOTE_COLOURS)], "#4A2F1B", width=0.4, radius=0.8)
        g.box(x + 2.5, y + 1.5, 12, 5.5, "#FFF9EC", None, width=0)
        g.text(x + 8.5, y + 2.3, str(value), size=MIN_TEXT_PT, role="bold")

    # The bank: what is left of each value once every player has his starting notes.
    taken = dict(mine)
    y = 30
    g.text(g.margin, y + 12.5, s("diagrams.setup_bank"), size=6.2, role="bold", anchor="start")
    x = g.margin
    for b in notes:
        left = b.count_for(players) - players * taken.get(b.value, 0)
        note(x + 1.2, y + 1.2, b.value)
        note(x, y, b.value)
        g.text(x + 8.5, y - 6.5, f"× {left}", size=MIN_TEXT_PT)
        x += 21
    # The draw deck beside the bank.
    deck_x = x + 8
    for k in range(3):
        g.box(deck_x + k * 1.2, y - 3 + k * 1.2, 9.5, 12.5, "#E9D9B4", "#4A2F1B", width=0.5, radius=1)
    g.text(deck_x + 14, y + 1, s("diagrams.setup_deck"), size=MIN_TEXT_PT, anchor="start")
    # One player's starting material.
    y = 4
    label = s("diagrams.setup_player")
    g.text(g.margin, y + 2.6, label, size=6.2, role="bold", anchor="start")
    x = g.margin + text_width(label, "bold", 6.2) + 5
    g.disc(x + 4, y + 5.25, 4, PAWN)
    x += 12
    g.box(x, y, 16, 10.5, "#FFFFFF", "#4A2F1B", width=0.5, radius=0.8)
    for k in range(3):
        g.line([(x + 2, y + 2.5 + 2.5 * k), (x + 14, y + 2.5 + 2.5 * k)], colour="#8C6A3E", width=0.4)
    x += 21
    for value, count in mine:
        for _ in range(count):
            note(x, y + 1, value)
            x += 19
    g.text(x + 1, y + 3.6, f"= {game.rules.start_money}", size=6.2, role="bold", anchor="start")
    per_city = game.market_slots // max(1, len(game.board.of_kind("city")))
    start_cards = game.rules.field_start_cards
    for sp in game.board.of_kind("camp"):
        # The start cards, face up, over the camp's trading field (drawn by _grid).
        cx, cy = g.centre(sp.row, sp.column)
        off = g.cell * 0.5 + g.margin * 0.31 + 1.5
        fx = cx + {"west": -off, "east": off}.get(sp.field, 0)
        fy = cy + {"north": off, "south": -off}.get(sp.field, 0)
        w, h = (7.5, 9.5) if sp.field in ("north", "south") else (9.5, 7.5)
        for i in range(start_cards):
            k = (i - (start_cards - 1) / 2) * 5
            dx, dy = (k, 0) if sp.field in ("north", "south") else (0, k)
            g.box(fx + dx - w / 2, fy + dy - h / 2, w, h, "#9CC3E6", PATH, width=0.5, radius=1)
    for sp in game.board.of_kind("city"):
        cx, cy = g.centre(sp.row, sp.column)
        for i in range(per_city):
            off = (i - (per_city - 1) / 2) * 8
            g.box(cx + off - 3.2, cy - g.cell * 0.36, 6.4, 6.4, "#FFFFFF", KIND_STYLE["city"][1], width=0.6)
    y = 52
    g.text(g.margin, y + 12, s.plural("diagrams.setup_fields", start_cards, n=start_cards), size=6.2, anchor="start", colour=PATH)
    g.text(g.margin, y + 3, s.plural("diagrams.setup_markets", per_city, n=per_city), size=6.2, anchor="start")
    for i in range(game.market_chips):
        g.disc(g.width - g.margin - 6 - i * 11, y + 14, 4, "#D9B77A")
    g.text(g.width - g.margin, y + 3, s.plural("diagrams.setup_chips", game.market_chips, n=game.market_chips), size=6.2, anchor="end")
    return g.drawing()


def _die(game, s: Strings, width: float, die: dict):
    g = _grid(game, s, width, legend=False, caption_h=12)
    board = game.board
    start = board.space(die["start"])
    for walk in die["paths"]:
        g.path([(board.space(x).row, board.space(x).column) for x in walk], PATH, width=1.4, shorten=0.18)
    for end in die["ends"]:
        sp = board.space(end)
        g.cell_fill(sp.row, sp.column, None, PATH, inset=0.6, width=1.6, radius=3)
    g.pawn(start.row, start.column, PAWN, "", radius=5, dy=-g.cell * 0.3)
    g.text(g.width / 2, 3, s("diagrams.die_roll", face=die["face"]), size=6.5, role="bold", colour=PATH)
    return g.drawing()


def _bonus(game, s: Strings, width: float, bonus: dict):
    g = _grid(game, s, width, legend=False, caption_h=12)
    board = game.board
    walk = [bonus["start"]] + bonus["camps"] + [bonus["end"]]
    cells = [(board.space(x).row, board.space(x).column) for x in walk]
    g.path(cells, PATH, width=1.6, shorten=0.18)
    for i, (r, c) in enumerate(cells[1:-1], 1):
        g.pawn(r, c, "#FFFFFF", str(i), radius=4.6, dx=g.cell * 0.3, dy=-g.cell * 0.3, text_colour=PATH)
    r, c = cells[0]
    g.pawn(r, c, PAWN, "", radius=5, dy=-g.cell * 0.3)
    g.text(g.width / 2, 3, s("diagrams.bonus_steps"), size=6.5, role="bold", colour=PATH)
    return g.drawing()


def _chip(game, s: Strings, width: float, chip: dict):
    """A market under a chip: the cards sold, the price table's row with the column paid."""
    prices = game.prices
    sizes = prices.sizes
    row = prices.goods[chip["good"]]
    margin = 6.0
    cell = (width - 2 * margin) / (len(sizes) + 1.6)
    g = GridDiagram(3, len(sizes) + 1.6, cell, margin=margin, caption_h=4)
    # Row 0: the cards sold, fanned; row 1: the price row; row 2: arrows and labels.
    good = game.good(chip["good"])
    name = s(f"goods.{chip['good']}")
    n = chip["cards"]
    fan_w = g.width - 2 * margin - 40
    step = min(12.0, (fan_w - 20) / max(1, n - 1))
    y0 = g.y(1) + 4
    for i in range(n):
        g.box(margin + i * step, y0, 20, cell - 8, good.colour, "#FFFFFF", width=0.6, radius=2)
    g.text(margin + (n - 1) * step + 24, y0 + (cell - 8) / 2 - 2.5, f"{n} × {name}", size=7, role="bold",
           anchor="start")
    chip_x, chip_y, chip_r = g.width - margin - 14, y0 + (cell - 8) / 2, 9
    g.disc(chip_x, chip_y, chip_r, "#D9B77A")
    label = s("market_chip")
    if text_width(label, "bold", 5.6) <= 2 * chip_r - 2:     # a short name ("Chip") goes on the chip
        g.text(chip_x, chip_y - 2.3, label, size=MIN_TEXT_PT, role="bold")
    else:                                                   # a long one ("Markedsbrik") beside it
        g.text(chip_x - chip_r - 2, chip_y - 2.3, label, size=MIN_TEXT_PT, role="bold", anchor="end")
    # The price row: size over price, the column paid with and without the chip marked.
    label_w = 1.6 * cell
    g.box(margin, g.y(2), label_w, cell, "#F4EBDA", None)
    g.text(margin + label_w / 2, g.y(1.5) - 2.5, name, size=6.6, role="bold")
    for i, (size, value) in enumerate(zip(sizes, row)):
        x = margin + label_w + i * cell
        fill = "#EED9A8" if size == chip["chip_column"] else "#FFFFFF"
        g.box(x, g.y(2), cell, cell, fill, "#B89A6A", width=0.5)
        g.text(x + cell / 2, g.y(1.5) + 3, str(size), size=MIN_TEXT_PT, colour="#6B5B45")
        g.text(x + cell / 2, g.y(1.5) - 6, str(value), size=7.2, role="bold")
        if size == chip["column"]:
            g.box(x + 1, g.y(2) + 1, cell - 2, cell - 2, None, "#8C8C8C", width=0.8, dash=(2, 1.5))
        if size == chip["chip_column"]:
            g.box(x + 0.6, g.y(2) + 0.6, cell - 1.2, cell - 1.2, None, PATH, width=1.6)
    col = sizes.index(chip["column"])
    paid = sizes.index(chip["chip_column"])
    xa = margin + label_w + (col + 0.5) * cell
    xb = margin + label_w + (paid + 0.5) * cell
    ya = g.y(2) - 6
    g.arrow((xa, ya), (xb + 3, ya), PATH, width=1.2)
    pays = s("diagrams.chip_pays", price=chip["chip_price"], cur=s("currency"))
    half = text_width(pays, "bold", 6.8) / 2
    x = min((xa + xb) / 2, g.width - margin - half)       # centred on the arrow, but inside the drawing
    g.text(x, ya - 10, pays, size=6.8, role="bold", colour=PATH)
    return g.drawing()
