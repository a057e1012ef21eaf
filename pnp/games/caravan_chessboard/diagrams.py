"""CARAVAN on a chessboard: the rules sheet's drawings and worked examples.

The examples' numbers come from the engine's tables (``engine.tables(game)``), which
every simulated game reads: the straight lines a card of n squares may take
(``lines``), the squares next to a square (``around``), the centre block where the
desert pawns start (``centre_block``) and the gold a sale pays (``sale``).  ``examples``
returns them for the template; ``figures`` draws the same positions as reportlab
``Drawing`` objects whose labels are real text.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.components.diagram import MIN_TEXT_PT, GridDiagram
from pnp.components.fonts import text_width
from pnp.model.i18n import Strings

#: The sheet's story positions (row, column; rows 1..8 from Europe).  Choices of the
#: sheet, not rules: the reachable squares, the blocked lines and the robbed caravans are
#: computed by the engine's tables.
MOVE_FROM = (1, 4)
QUICKSAND_AT = (3, 4)
BANDITS_FROM = (4, 3)
CARAVANS_NEAR = ((1, 2), (1, 6))
SETUP_SEED = 7
REGION_FILL = {"europe": "#DCE6F2", "middle_east": "#F3E2B8", "orient": "#F2DCCB"}
PAWN = {"caravan": "#2E6DB4", "other": "#C0392B", "bandits": "#2B2118", "sandstorm": "#9A7B4F"}
PATH = "#1F5FA8"
BAD = "#C1121F"


def examples(game) -> dict[str, Any]:
    """``{"move": {...}, "bandits": {...}}``: squares as (row, column), 1-based.

    ``move``: ``steps`` of the Move card, ``from``, ``quicksand``, ``lines`` (every line of
    that length, as squares), ``open`` / ``blocked`` (landing squares), ``oasis`` (an open
    landing that carries an oasis: a second move follows).  ``bandits``: ``steps``,
    ``from``, ``to``, ``caravans``, ``robbed`` (the caravans on the squares around the
    landing), ``around`` (how many squares count as next to it).
    """
    from pnp.games.caravan_chessboard.engine import tables

    T = tables(game)
    rc = lambda s: (T.row_of[s], T.col_of[s])  # noqa: E731
    moves = sorted({T.steps[t] for t in T.move_types})
    steps = next((n for n in reversed(moves) if n <= T.rows - 2), moves[-1])
    start = T.square(*MOVE_FROM)
    sand = T.square(*QUICKSAND_AT)
    lines = T.lines[start][steps]
    open_, blocked = [], []
    for line in lines:  # K5: no landing on or passing over a blocked square
        (blocked if sand in line else open_).append(rc(line[-1]))
    oasis = next((sq for sq in open_ if sq[0] in T.middle_rows and sq[1] != MOVE_FROM[1]), open_[0])
    move = {"steps": steps, "from": MOVE_FROM, "quicksand": QUICKSAND_AT, "lines": [[rc(q) for q in l] for l in lines],
            "open": open_, "blocked": blocked, "oasis": oasis}

    b_steps = sorted({T.steps[t] for t in T.bandit_types})
    b_from = T.square(*BANDITS_FROM)
    near = {T.square(*c) for c in CARAVANS_NEAR}
    landing, n_steps = None, None
    for n in b_steps:  # the first Bandits card that lands next to a caravan, in the Middle East
        for line in T.lines[b_from][n]:
            end = line[-1]
            if T.desert_ok[end] and not any(q in near for q in line) and near & set(T.around[end]):
                landing, n_steps = end, n
                break
        if landing is not None:
            break
    robbed = sorted(rc(s) for s in T.around[landing] if s in near)
    bandits = {"steps": n_steps, "from": BANDITS_FROM, "to": rc(landing), "caravans": list(CARAVANS_NEAR),
               "robbed": robbed, "safe": [c for c in CARAVANS_NEAR if c not in robbed],
               "around": max(len(a) for a in T.around)}
    # K9: the centre widened by one ring (what the engine uses when the centre is full)
    centre = {T.square(r, c) for r in T.centre_rows for c in T.centre_columns}
    ring = T.centre_block(lambda q: q not in centre)
    widened = {"rows": [min(T.row_of[q] for q in ring), max(T.row_of[q] for q in ring)],
               "columns": [min(T.col_of[q] for q in ring), max(T.col_of[q] for q in ring)]}
    return {"move": move, "bandits": bandits, "widened": widened}


#: The names ``figures`` draws (what a rules template may name in ``figure(...)``).
FIGURE_NAMES = ("board", "setup", "move", "bandits")


def figures(game, variant, lang: str, width: float) -> dict[str, Any]:
    """``board`` (overview), ``setup``, ``move`` and ``bandits`` drawings, at most ``width``
    points wide."""
    s = Strings(game.folder.parent, game.id, lang)
    ex = examples(game)
    return {"board": _board(game, s, width), "setup": _setup(game, s, width, variant.players),
            "move": _move(game, s, width, ex["move"]), "bandits": _bandits(game, s, width, ex["bandits"])}


def _grid(game, s: Strings, width: float, caption_h: float, numbers: bool = True) -> GridDiagram:
    """The board, Europe (row 1) at the bottom, row and column numbers round it."""
    b = game.board
    margin = 12.0
    cell = min(22.0, (width - 2 * margin - 34) / b.columns)
    g = GridDiagram(b.rows, b.columns, cell, margin=margin, caption_h=caption_h)
    g.margin = margin + 17  # room for the row numbers on the left, the region names on the right
    for row in range(1, b.rows + 1):
        fill = REGION_FILL[b.region_of(row)]
        for col in range(1, b.columns + 1):
            r, c = _cell(b, row, col)
            g.cell_fill(r, c, fill, "#B89A6A", width=0.4)
        if numbers:
            cx, cy = g.centre(_cell(b, row, 1)[0], -1)
            g.text(g.x(0) - 5, cy - 2.2, str(row), size=6.2, role="bold", anchor="end")
    if numbers:
        for col in range(1, b.columns + 1):
            cx, _ = g.centre(0, col - 1)
            g.text(cx, g.y(0) + 3, str(col), size=6.2, role="bold")
    return g


def board_picture(game, lang: str, width: float):
    """The assembled board, small (the contents page): its regions and the centre, no
    numbers or legend; ``width`` points wide."""
    b = game.board
    g = _grid(game, Strings(game.folder.parent, game.id, lang), width, caption_h=0, numbers=False)
    _centre_frame(g, b)
    return g.drawing()


#: The centre block's frame, as the printed board draws it (``kit.centre_mark``): a dark
#: bronze band with a gold one inside, solid (a dashed line on the kit means a fold).
CENTRE_DARK = "#4A3213"
CENTRE_GOLD = "#E8B22E"


def _centre_frame(g: GridDiagram, board) -> None:
    """Frame the centre block (``board.centre_rows`` x ``board.centre_columns``) on ``g``."""
    top, left = _cell(board, max(board.centre_rows), min(board.centre_columns))
    bottom, right = _cell(board, min(board.centre_rows), max(board.centre_columns))
    x0, x1 = g.x(left), g.x(right + 1)
    y0, y1 = g.y(bottom + 1), g.y(top)
    for inset, colour, width in ((1.6, CENTRE_DARK, 2.2), (3.1, CENTRE_GOLD, 1.0)):
        g.box(x0 + inset, y0 + inset, x1 - x0 - 2 * inset, y1 - y0 - 2 * inset, None, colour, width=width)


def _cell(board, row: int, col: int) -> tuple[int, int]:
    """Grid cell (0-based from the top) of a 1-based (row, column): row 1 at the bottom."""
    return board.rows - row, col - 1


def _board(game, s: Strings, width: float):
    g = _grid(game, s, width, caption_h=14)
    b = game.board
    for region, rows in b.regions.items():
        top, bottom = _cell(b, max(rows), 1)[0], _cell(b, min(rows), 1)[0]
        y = (g.y(top) + g.y(bottom + 1)) / 2
        g.text(g.x(b.columns) + 3, y - 2, s(f"regions.{region}"), size=MIN_TEXT_PT, role="bold", anchor="start")
    _centre_frame(g, b)
    g.legend([(REGION_FILL["europe"], s("regions.europe")), (REGION_FILL["middle_east"], s("regions.middle_east")),
              (REGION_FILL["orient"], s("regions.orient")), (CENTRE_GOLD, s("diagrams.centre"))], y=4)
    return g.drawing()


def _setup(game, s: Strings, width: float, players: int):
    """Markers on every Middle Eastern row (one die roll each, seeded), caravans on the
    end rows, the Bandits and the Sandstorm in the centre block; under the board the bank
    (each coin value and how many the kit prints, ``Coin.count_for``), the draw deck, and one
    player's starting material: a caravan and ``rules.start_hand`` cards, no gold."""
    from pnp.components.money import coin_rim

    g = _grid(game, s, width, caption_h=40)
    y = 30
    g.text(g.margin, y, s("diagrams.setup_bank"), size=6.2, role="bold", anchor="start")
    x = g.margin + 30
    for rank, coin in enumerate(sorted(game.coins, key=lambda c: c.value)):
        g.disc(x + 5, y + 2, 5, "#E8C66A", coin_rim(rank), width=1.4)
        g.text(x + 5, y + 0.3, str(coin.value), size=MIN_TEXT_PT, role="bold")
        g.text(x + 12, y, f"× {coin.count_for(players)}", size=MIN_TEXT_PT, anchor="start")
        x += 34
    for k in range(3):
        g.box(x + 4 + k * 1.2, y - 3 + k * 1.2, 7.5, 10, "#E9D9B4", "#4A2F1B", width=0.5, radius=1)
    g.text(x + 16, y, s("diagrams.setup_deck"), size=MIN_TEXT_PT, anchor="start")
    y = 17
    label = s.plural("diagrams.setup_player", game.rules.start_hand, cards=game.rules.start_hand)
    g.text(g.margin, y, label, size=6.2, role="bold", anchor="start")
    x = g.margin + text_width(label, "bold", 6.2) + 6
    g.disc(x + 4, y + 2, 4, PAWN["caravan"])
    x += 12
    for k in range(game.rules.start_hand):
        g.box(x + k * 5, y - 3, 7.5, 10, "#FFFFFF", "#4A2F1B", width=0.5, radius=1)
    g.text(x + game.rules.start_hand * 5 + 6, y, s("diagrams.setup_no_gold"), size=MIN_TEXT_PT, anchor="start")
    b = game.board
    rng = random.Random(SETUP_SEED)
    for row in b.middle_rows:
        oasis = rng.randint(1, b.columns)
        sand = rng.choice([c for c in range(1, b.columns + 1) if c != oasis])
        for col, fill, key in ((oasis, "#4F8A3C", "oasis"), (sand, "#8C6A3C", "quicksand")):
            r, c = _cell(b, row, col)
            g.cell_fill(r, c, fill, None, inset=2.5, radius=2)
            g.cell_text(r, c, s(f"markers.{key}")[:1], size=7, role="bold", colour="#FFFFFF")
    ends = [b.regions["europe"][0], b.regions["orient"][0]]
    for i in range(players):
        r, c = _cell(b, ends[i % 2], 2 + (i // 2) * 3)
        g.pawn(r, c, PAWN["caravan"] if i == 0 else PAWN["other"], str(i + 1))
    centre = [(r, c) for r in b.centre_rows for c in b.centre_columns]
    for (row, col), who in zip(centre, ("bandits", "sandstorm")):
        r, c = _cell(b, row, col)
        g.pawn(r, c, PAWN[who], s(f"pawns.{who}")[:1])
    g.legend([("#4F8A3C", s("markers.oasis")), ("#8C6A3C", s("markers.quicksand")),
              (PAWN["bandits"], s("pawns.bandits")), (PAWN["sandstorm"], s("pawns.sandstorm"))], y=3)
    return g.drawing()


def _move(game, s: Strings, width: float, move: dict):
    g = _grid(game, s, width, caption_h=14)
    b = game.board
    fr = _cell(b, *move["from"])
    qs = _cell(b, *move["quicksand"])
    oasis = _cell(b, *move["oasis"])
    g.cell_fill(*qs, "#8C6A3C", None, inset=2.5, radius=2)
    g.cell_text(*qs, s("markers.quicksand")[:1], size=7, role="bold", colour="#FFFFFF")
    g.cell_fill(*oasis, "#4F8A3C", None, inset=2.5, radius=2)
    for line in move["lines"]:
        cells = [fr] + [_cell(b, *sq) for sq in line]
        hit = tuple(move["quicksand"]) in [tuple(q) for q in line]
        g.path(cells[:1] + cells[-1:], BAD if hit else PATH, width=1.2, dash=(3, 2) if hit else None, shorten=0.3)
        if not hit:
            g.cell_fill(*cells[-1], None, PATH, inset=0.8, width=1.4)
    g.pawn(*fr, PAWN["caravan"], "")
    g.text(g.width / 2, 4, s("diagrams.move_open", steps=move["steps"], open=len(move["open"]),
                             blocked=len(move["blocked"])), size=6.4, role="bold", colour=PATH)
    return g.drawing()


def _bandits(game, s: Strings, width: float, ex: dict):
    g = _grid(game, s, width, caption_h=14)
    b = game.board
    fr, to = _cell(b, *ex["from"]), _cell(b, *ex["to"])
    r0, c0 = to
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r0 + dr < b.rows and 0 <= c0 + dc < b.columns:
                g.cell_fill(r0 + dr, c0 + dc, "#F6C9C4", BAD, inset=0.8, width=0.8)
    g.path([fr, to], PAWN["bandits"], width=1.4, shorten=0.3)
    g.pawn(*fr, "#FFFFFF", "", radius=g.cell * 0.2)
    g.pawn(*to, PAWN["bandits"], s("pawns.bandits")[:1])
    for sq in ex["caravans"]:
        robbed = tuple(sq) in [tuple(x) for x in ex["robbed"]]
        g.pawn(*_cell(b, *sq), BAD if robbed else PAWN["caravan"], "")
    g.text(g.width / 2, 4, s("diagrams.bandits_rob", robbed=len(ex["robbed"]), safe=len(ex["safe"])),
           size=6.4, role="bold", colour=BAD)
    return g.drawing()
