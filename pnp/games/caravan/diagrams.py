"""Caravan's rules drawings and worked examples, computed from the engine's tables.

The numbers a worked example prints come from ``engine.tables(game)``, the tables every
simulated game reads: the spaces between a supply space and a city (``adj``, ``dist``),
the action costs (``c_camel``, ``c_pick``, ``c_shift``, ``c_steal``) and the actions of a
turn (``turn_actions``).  ``examples(game)`` returns them for the template; ``figures``
draws the same examples as reportlab ``Drawing`` objects with real text labels.
"""

from __future__ import annotations

from typing import Any

from pnp.components.diagram import MIN_TEXT_PT, GridDiagram
from pnp.model.i18n import Strings

#: The story of the delivery example: this good, from this supply space (sheet choices;
#: every count and cost is computed).
CHAIN_GOOD = "salt"
CHAIN_SUPPLY = 3
DESERT = "#F3E2B8"
PATH = "#1F5FA8"


def examples(game) -> dict[str, Any]:
    """``{"chain": {good, supply, cells, camels, place, pick, move, total, per_turn},
    "theft": {cost, markers}}``: cells as (row, column) from the supply space to the
    good's city along a shortest orthogonal path; costs in actions."""
    from pnp.games.caravan.engine import tables

    T = tables(game)
    good = CHAIN_GOOD if CHAIN_GOOD in T.goods else T.goods[0]
    number = CHAIN_SUPPLY if CHAIN_SUPPLY <= len(T.supply) else 1
    start, goal = T.supply[number - 1], T.city[T.goods.index(good)]
    # Breadth-first search over the engine's neighbour table (T.adj): the camels of one
    # caravan stand on orthogonally adjacent spaces.
    came = {start: None}
    todo = [start]
    while todo and goal not in came:
        nxt = []
        for s in todo:
            for t in T.adj[s]:
                if t not in came:
                    came[t] = s
                    nxt.append(t)
        todo = nxt
    line, s = [], goal
    while s is not None:
        line.append(s)
        s = came[s]
    line.reverse()
    assert len(line) == T.dist[start][goal] + 1
    camels = len(line)
    place = camels * T.c_camel
    chain = {"good": good, "supply": number, "cells": [(s // T.columns, s % T.columns) for s in line],
             "camels": camels, "place": place, "pick": T.c_pick, "move": T.c_shift,
             "total": place + T.c_pick + T.c_shift, "per_turn": T.turn_actions[-1]}
    theft = {"cost": T.c_steal, "markers": T.rules.theft_markers_each}
    return {"chain": chain, "theft": theft}


#: The names ``figures`` draws (what a rules template may name in ``figure(...)``).
FIGURE_NAMES = ("board", "setup", "chain", "theft")


def figures(game, variant, lang: str, width: float) -> dict[str, Any]:
    """``board`` (overview), ``setup``, ``chain`` (delivery) and ``theft`` drawings, at most
    ``width`` points wide."""
    s = Strings(game.folder.parent, game.id, lang)
    ex = examples(game)
    return {"board": _board(game, s, width, setup=False), "setup": _board(game, s, width, setup=True),
            "chain": _chain(game, s, width, ex["chain"]), "theft": _theft(game, s, width, ex["theft"])}


def _grid(game, s: Strings, width: float, caption_h: float = 0.0, labels: bool = True) -> GridDiagram:
    b = game.board
    margin = 8.0
    cell = (width - 2 * margin) / b.columns
    g = GridDiagram(b.rows, b.columns, cell, margin=margin, caption_h=caption_h)
    colour = {gd.id: gd.colour for gd in game.goods}
    for r in range(b.rows):
        for c in range(b.columns):
            g.cell_fill(r, c, DESERT, "#C9A86A", width=0.5)
    for city in b.cities:
        g.cell_fill(city.row, city.column, colour[city.good], "#3B2412", inset=1.2, width=0.8, radius=3)
        ink = "#3B2412" if _light(colour[city.good]) else "#FFFFFF"
        if labels:
            g.cell_text(city.row, city.column, s(f"goods.{city.good}"), size=MIN_TEXT_PT, role="bold", colour=ink, dy=3)
        g.cell_text(city.row, city.column, s(f"letters.{city.good}"), size=6.5, colour=ink, dy=-6)
    for sp in b.supply:
        cx, cy = g.centre(sp.row, sp.column)
        g.disc(cx, cy, cell * 0.3, "#FFFFFF", "#7A4A1C", width=1.0)
        g.text(cx, cy - 3.2, str(sp.number), size=9, role="bold", colour="#7A4A1C")
    return g


def board_picture(game, lang: str, width: float):
    """The assembled board, small (the contents page): cities and supply spaces, no legend;
    ``width`` points wide."""
    return _grid(game, Strings(game.folder.parent, game.id, lang), width).drawing()


def _light(hex_colour: str) -> bool:
    r, gr, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * gr + 0.114 * b > 150


def _board(game, s: Strings, width: float, setup: bool):
    g = _grid(game, s, width, caption_h=14)
    b = game.board
    if setup:
        for sp in b.supply:
            cx, cy = g.centre(sp.row, sp.column)
            g.box(cx + g.cell * 0.1, cy + g.cell * 0.08, 8, 8, "#9A9A9A", "#3B2412", width=0.5, radius=1.2)
            g.text(cx + g.cell * 0.1 + 4, cy + g.cell * 0.08 + 2, "?", size=6, role="bold", colour="#FFFFFF")
            for k in range(sp.demand_at_start):
                g.disc(cx - g.cell * 0.25 + k * 5, cy + g.cell * 0.25, 3.2, "#E8B10E", "#3B2412", width=0.5)
        g.legend([("#9A9A9A", s("diagrams.good_drawn")), ("#E8B10E", s("demand_marker"))], y=4)
    else:
        g.legend([(DESERT, s("diagrams.desert")), ("#FFFFFF", s("diagrams.supply_space"), "disc"),
                  ("#C0392B", s("diagrams.city"))], y=4)
    return g.drawing()


def _chain(game, s: Strings, width: float, chain: dict):
    """An excerpt: the rows and columns the chain spans, one camel per space, the good's
    jump from the first camel to the city."""
    cells = chain["cells"]
    r0, r1 = min(r for r, _ in cells), max(r for r, _ in cells)
    c0, c1 = min(c for _, c in cells), max(c for _, c in cells)
    b = game.board
    rows, cols = r1 - r0 + 3, c1 - c0 + 3
    rows, cols = min(rows, b.rows), min(cols, b.columns)
    top, left = max(0, min(r0 - 1, b.rows - rows)), max(0, min(c0 - 1, b.columns - cols))
    cell = min(30.0, (width - 16) / cols)
    g = GridDiagram(rows, cols, cell, margin=8, caption_h=14)
    colour = {gd.id: gd.colour for gd in game.goods}
    for r in range(rows):
        for c in range(cols):
            g.cell_fill(r, c, DESERT, "#C9A86A")
    for city in b.cities:
        if top <= city.row < top + rows and left <= city.column < left + cols:
            g.cell_fill(city.row - top, city.column - left, colour[city.good], "#3B2412", inset=1.2, width=0.8, radius=3)
            g.cell_text(city.row - top, city.column - left, s(f"letters.{city.good}"), size=6, colour="#3B2412",
                        dy=g.cell * 0.3)
    for sp in b.supply:
        if top <= sp.row < top + rows and left <= sp.column < left + cols:
            cx, cy = g.centre(sp.row - top, sp.column - left)
            g.text(cx - g.cell * 0.32, cy + g.cell * 0.22, str(sp.number), size=7, role="bold", colour="#7A4A1C")
    local = [(r - top, c - left) for r, c in cells]
    for i, (r, c) in enumerate(local):
        g.pawn(r, c, "#E8B10E", str(i + 1), radius=cell * 0.2, dy=-cell * 0.12, text_colour="#2B2118")
    # The good on the first camel, and its way to the city drawn step by step along the
    # caravan (orthogonal legs only, as camels link): beside the camels, under the pawns and
    # clear of the cities' letters, ending at the city tile's edge.
    (ra, ca) = local[0]
    ax, ay = g.centre(ra, ca)
    g.box(ax - 4, ay + cell * 0.12, 8, 8, colour[chain["good"]], "#3B2412", width=0.6, radius=1.2)
    g.route(_route(g, local, start=(ax + 4 + 2, ay + cell * 0.12 + 4)), PATH, width=1.4)
    g.text(g.width / 2, 4, s("diagrams.chain_total", camels=chain["camels"], total=chain["total"]),
           size=6.6, role="bold", colour=PATH)
    return g.drawing()


#: Where the delivery route runs in a space, as a share of the cell from its centre: right of
#: the camel on vertical legs, below it on horizontal legs.
LANE_X, LANE_Y = 0.32, -0.42


def _route(g: GridDiagram, cells: list[tuple[int, int]], start: tuple[float, float]) -> list[tuple[float, float]]:
    """Points (points) of an orthogonal route from ``start`` (beside the good, in the first
    space) through the spaces ``cells`` (each orthogonally next to the one before) to the
    near edge of the last space's tile (1.2 points inside the cell).  The route keeps to a
    lane of every space (``LANE_X``, ``LANE_Y``), so it turns only inside a space."""
    c = g.cell
    lane = [(g.centre(r, col)[0] + LANE_X * c, g.centre(r, col)[1] + LANE_Y * c) for r, col in cells]
    points = [start, (lane[0][0], start[1])]
    first_vertical = cells[0][1] == cells[1][1]
    points += lane[1:] if first_vertical else lane
    (r0, c0), (r1, c1) = cells[-2], cells[-1]
    cx, cy = g.centre(r1, c1)
    reach = c / 2 - 1.2
    x, y = points[-1]
    if r0 == r1:
        x = cx - reach if c0 < c1 else cx + reach
    else:
        y = cy + reach if r0 < r1 else cy - reach
    points[-1] = (x, y)
    out = [points[0]]
    for i in range(1, len(points) - 1):       # drop the middle points of straight runs
        p, q = points[i], points[i + 1]
        if not (out[-1][0] == p[0] == q[0] or out[-1][1] == p[1] == q[1]):
            out.append(p)
    return out + [points[-1]]


def _theft(game, s: Strings, width: float, theft: dict):
    """One space with two camels, between the two players' boards: the good passes from the
    robbed player's camel to under the thief's camel, and the thief's theft marker passes
    from the thief's board to a free theft space on the robbed player's board.  Every piece
    is named (whose camel, whose board, which space), so the picture reads on its own."""
    cell = min(72.0, (width - 16) / 3)
    g = GridDiagram(1, 3, cell, margin=8, caption_h=36)
    thief, robbed = game.player_colours[0], game.player_colours[1]
    name = {pc.id: s(f"player_colours.{pc.id}") for pc in (thief, robbed)}
    good = game.goods[0]
    g.cell_fill(0, 1, DESERT, "#C9A86A")
    cx, cy = g.centre(0, 1)
    # the space: the robbed camel (left) and the thief's camel (right), the good moving
    # from the one to under the other
    for dx, pc in ((-14, robbed), (14, thief)):
        g.disc(cx + dx, cy + 8, 9, pc.colour)
        g.text(cx + dx, cy + 21, name[pc.id], size=6.0, role="bold")
    g.box(cx - 14 - 5, cy - 13, 10, 10, None, "#3B2412", width=0.6, radius=1.5, dash=(1.5, 1.2))
    g.box(cx + 14 - 5, cy - 13, 10, 10, good.colour, "#3B2412", width=0.6, radius=1.5)
    g.arrow((cx - 14 + 6, cy - 8), (cx + 14 - 6, cy - 8), PATH, width=1.0, head=3.5)
    g.text(cx, cy - 25, s("diagrams.theft_good"), size=MIN_TEXT_PT, colour=PATH)
    # the two player boards: the thief's theft marker, the robbed player's free theft space
    squares = {}
    for column, pc, role, piece in ((0, robbed, "theft_robbed", "theft_space"),
                                    (2, thief, "theft_thief", "theft_marker_piece")):
        x, _ = g.centre(0, column)
        g.box(g.x(column) + 2, g.y(1) + 2, cell - 4, cell - 4, "#F4EBDA", "#B89A6A", width=0.6, radius=3)
        g.text(x, cy + 25, s(f"diagrams.{role}", colour=name[pc.id]), size=6.2, role="bold")
        g.text(x, cy + 17.5, s("diagrams.theft_player_board"), size=MIN_TEXT_PT, role="italic")
        g.text(x, cy + 7, s(f"diagrams.{piece}"), size=MIN_TEXT_PT)
        squares[column] = x
    g.box(squares[0] - 8, cy - 14, 16, 16, None, "#3B2412", width=0.7, radius=3, dash=(2, 1.5))
    g.box(squares[2] - 8, cy - 14, 16, 16, thief.colour, "#3B2412", width=0.6, radius=3)
    # the marker's way: down out of the thief's board, under the space, up into the free space
    low = g.y(1) - 7
    g.route([(squares[2], cy - 16), (squares[2], low), (squares[0], low), (squares[0], cy - 16)], "#8C2F1B",
            width=1.0)
    g.text(g.width / 2, 15, s.plural("diagrams.theft_cost", theft["cost"], cost=theft["cost"]), size=6.6, role="bold", colour=PATH)
    g.text(g.width / 2, 5, s("diagrams.theft_marker"), size=6.2)
    return g.drawing()
