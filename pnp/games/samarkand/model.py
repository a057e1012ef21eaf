"""Samarkand's model: goods, board graph, price table, rule numbers, kit counts.

Source of every number: ``data/samarkand/*.yaml`` (which cites the seed
``samarkand.rules.en.txt`` and ``games.md``).  ``load(folder)`` validates all of it and
raises ``DataError`` naming the file and key of the first problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from pnp.model.catalog import MAX_COUNT, MAX_PLAYERS, Node, read_yaml, refuse_unknown
from pnp.errors import VariantError
from pnp.model.common import counts_by_players, load_icons, unique
from pnp.model.variant import STANDARD, Variant, check_setup

SPACE_KINDS = ("camp", "oasis", "city")
EDGES = ("north", "south", "east", "west")


@dataclass(frozen=True)
class Good:
    """One commodity: id, number of cards in the full deck, card colour (#RRGGBB), icon name."""

    id: str
    count: int
    colour: str
    icon: str


@dataclass(frozen=True)
class Space:
    """One board space at grid ``cell`` (row, column from the top left).

    ``exits`` are the ids of the spaces its arrows point to.  Camps have ``capacity``
    (cards in their trading field) and ``field`` (board edge the field sits on); oases
    have ``price_4`` (Piaster for 4 cards).
    """

    id: str
    kind: str
    row: int
    column: int
    exits: tuple[str, ...]
    capacity: int | None = None
    field: str | None = None
    price_4: int | None = None


@dataclass(frozen=True)
class Board:
    """The grid of spaces and its one-way arrows (``rows`` x ``columns``)."""

    rows: int
    columns: int
    spaces: tuple[Space, ...]

    def space(self, space_id: str) -> Space:
        return self._by_id[space_id]

    @property
    def _by_id(self) -> Mapping[str, Space]:
        return {s.id: s for s in self.spaces}

    def of_kind(self, kind: str) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces if s.kind == kind)

    def arrows(self) -> tuple[tuple[str, str], ...]:
        """Every arrow as (from id, to id), in data order."""
        return tuple((s.id, e) for s in self.spaces for e in s.exits)

    def entrances(self, space_id: str) -> tuple[str, ...]:
        """Ids of the spaces whose arrows point into ``space_id`` (for the die's 'back' face)."""
        return tuple(s.id for s in self.spaces if space_id in s.exits)


@dataclass(frozen=True)
class PriceTable:
    """Piaster paid for N cards.  ``goods[g][i]`` is the price of ``sizes[i]`` cards of g.

    Column 1 exists only as the "one level less" price of a 2-card sale under a market
    chip; sales of more cards than the last column pay the last column's price.  Under a
    chip the sale pays one column to the left of the column it would pay without one, so a
    sale of more cards than the last column pays the column before the last (the
    sheet, the price table's notes and the engine all read this one rule, ``column``).
    """

    sizes: tuple[int, ...]
    goods: Mapping[str, tuple[int, ...]]
    assortment_sizes: tuple[int, ...]
    assortment: tuple[int, ...]

    def price(self, good: str, cards: int, chip: bool = False) -> int:
        """Price of selling ``cards`` of ``good`` (``good='assortment'`` for N different goods)."""
        sizes, row = (
            (self.assortment_sizes, self.assortment) if good == "assortment" else (self.sizes, self.goods[good])
        )
        level = self.column(cards, chip, assortment=good == "assortment")
        return row[level - sizes[0]] if level >= sizes[0] else 0

    def column(self, cards: int, chip: bool = False, assortment: bool = False) -> int:
        """The column (a number of cards) a sale of ``cards`` pays: ``cards``, capped at the
        table's last column, then one column to the left under a market chip.  Below the
        first column there is no price (``price`` returns 0)."""
        sizes = self.assortment_sizes if assortment else self.sizes
        return min(cards, sizes[-1]) - (1 if chip else 0)


@dataclass(frozen=True)
class Rules:
    """Rule numbers from the seed; money in Piaster, sizes in cards."""

    start_money: int
    target_money: int
    hand_size: int
    hand_limit: int
    field_start_cards: int
    camp_full_price: int
    camp_no_gift_penalty: int
    city_no_sale_penalty: int
    oasis_penalty_cards: int
    oasis_single_price: int
    oasis_bulk_cards: int
    die_cost: int
    min_sale: int


@dataclass(frozen=True)
class Banknote:
    """A banknote value; ``count`` notes in the full bank, ``by_players`` the notes a kit for
    that many players prints (sized by simulation, ``pnp check``; missing counts: ``count``)."""

    value: int
    count: int
    by_players: tuple[tuple[int, int], ...] = ()

    def count_for(self, players: int) -> int:
        """Notes of this value a kit for ``players`` prints."""
        return dict(self.by_players).get(players, self.count)


@dataclass(frozen=True)
class Pawn:
    id: str
    colour: str


@dataclass(frozen=True)
class Samarkand:
    """Everything the kit prints and the engine simulates for Samarkand."""

    id: str
    folder: Path
    players_min: int
    players_max: int
    players_default: int
    goods: tuple[Good, ...]
    removed_per_good: Mapping[int, int]
    rules: Rules
    die_faces: tuple[str, ...]
    pawns: tuple[Pawn, ...]
    market_chips: int
    banknotes: tuple[Banknote, ...]
    board: Board
    prices: PriceTable
    market_token_goods: tuple[str, ...]
    assortment_tokens: int
    sizes: Mapping[str, Node] = field(repr=False)
    icons: Mapping[str, str] = field(repr=False)

    #: Samarkand has one set-up; its player counts differ only in the deck (seed removals).
    setups: tuple[str, ...] = (STANDARD,)

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.players_min, self.players_max + 1))

    def variants(self) -> list[Variant]:
        """Every variant ``pnp check`` runs: one per player count, standard set-up."""
        return [Variant(p) for p in self.player_counts]

    def variant(self, players: int | None = None, setup: str | None = None) -> Variant:
        """The variant a kit for ``players`` (None: the default count) prints.

        Raises:
            VariantError: player count outside the data's range (key ``--players``).
            UsageError: a set-up other than ``standard`` (key ``--variant``).
        """
        players = self.players_default if players is None else players
        self.check_players(players)
        return Variant(players, check_setup(self, setup or STANDARD))

    def good(self, good_id: str) -> Good:
        return next(g for g in self.goods if g.id == good_id)

    def deck(self, players: int) -> dict[str, int]:
        """Cards of each good in the deck for ``players`` (seed: 'Preparation').

        Raises:
            VariantError: player count outside the data's range, or removals that leave a
                good with fewer than 0 cards.
        """
        self.check_players(players)
        removed = self.removed_per_good[players]
        deck = {g.id: g.count - removed for g in self.goods}
        short = {g: n for g, n in deck.items() if n < 0}
        if short:
            raise VariantError(
                f"{players} players: removing {removed} of each good leaves "
                + ", ".join(f"{g} {n}" for g, n in short.items())
                + " cards; every good needs at least 0",
                file=self.folder / "game.yaml",
                key=f"removed_per_good.{players}",
            )
        return deck

    def check_players(self, players: int) -> None:
        if not self.players_min <= players <= self.players_max:
            raise VariantError(
                f"{self.id} is for {self.players_min}-{self.players_max} players, not {players}",
                key="--players",
            )

    @property
    def market_slots(self) -> int:
        return 2 * len(self.board.of_kind("city"))


# ---------------------------------------------------------------------------- loading
#: The sections of components.yaml that give a piece's size (read by the kit as it draws).
COMPONENT_SIZES = ("cards", "board", "price_table", "market_token", "market_chip", "banknote", "pawn", "die")

#: Bounds (least, most; mm) of each size in components.yaml, ``section.key``; for a
#: ``[width, height]`` pair, of each of the two.  Each is checked when the data is read, so
#: that a size out of its bounds is refused under its own key, not found later by a layout
#: it spoils (a 10,000 mm market token was blamed on ``board.space_mm``).  The upper bounds
#: keep a piece on a sheet of A4 or Letter with its bleed and crop marks (a price table, a
#: standee two panels and two feet tall, a die net four faces tall); ``board.space_mm`` at
#: least holds one card's trading field, at most what the default's 80 mm spaces hold half
#: again; the market chip's diameter is bounded by its token (``market_chip_diameter_mm``).
SIZE_BOUNDS_MM: Mapping[str, tuple[float, float]] = MappingProxyType({
    "board.space_mm": (40, 120),
    "board.field_band_mm": (30, 60),
    "price_table.size_mm": (20, 180),
    "market_token.size_mm": (10, 50),
    "banknote.size_mm": (10, 150),
    "pawn.width_mm": (10, 60),
    "pawn.panel_mm": (10, 80),
    "pawn.foot_mm": (5, 40),
    "die.face_mm": (8, 40),
})
#: The least diameter (mm) of a market chip; its most is the market token's size.
MIN_CHIP_DIAMETER_MM = 5


def size_mm(sizes: Mapping[str, Node], key: str) -> float:
    """The size ``key`` (``section.key`` of ``SIZE_BOUNDS_MM``) of ``sizes``
    (``Samarkand.sizes``), mm, within its bounds.

    Raises:
        DataError: not a finite number within its bounds, named by ``key``.
    """
    section, name = key.split(".")
    least, most = SIZE_BOUNDS_MM[key]
    return sizes[section][name].number(least, most)


def size_pair_mm(sizes: Mapping[str, Node], key: str) -> tuple[float, float]:
    """The ``[width, height]`` size ``key`` of ``sizes``, mm, each within the bounds of
    ``SIZE_BOUNDS_MM[key]``.

    Raises:
        DataError: not a list of two numbers within the bounds, named by ``key``.
    """
    section, name = key.split(".")
    least, most = SIZE_BOUNDS_MM[key]
    node = sizes[section][name]
    items = node.list()
    if len(items) != 2:
        raise node.error(f"expected [width, height] in mm, got {len(items)} values")
    return items[0].number(least, most), items[1].number(least, most)


def market_chip_diameter_mm(sizes: Mapping[str, Node]) -> float:
    """The market chip's diameter, mm: at least ``MIN_CHIP_DIAMETER_MM``, at most the market
    token's size (the chip is printed on a token's square).

    Raises:
        DataError: out of those bounds, named ``market_chip.diameter_mm``.
    """
    return sizes["market_chip"]["diameter_mm"].number(MIN_CHIP_DIAMETER_MM, size_mm(sizes, "market_token.size_mm"))


def _check_sizes(sizes: Mapping[str, Node]) -> None:
    """Every size of components.yaml read within its bounds (``SIZE_BOUNDS_MM``).

    Raises:
        DataError: the first size out of its bounds, or malformed, named by its key.
    """
    for key in SIZE_BOUNDS_MM:
        if key in ("price_table.size_mm", "banknote.size_mm"):
            size_pair_mm(sizes, key)
        else:
            size_mm(sizes, key)
    market_chip_diameter_mm(sizes)


#: The faces of the special die: a cube (its net is printed with six faces).
DIE_FACES = 6
#: The largest number of spaces a face may move a caravan: a die face is a short step
#: along the road, at most twice an ordinary die's six.
MAX_DIE_STEP = 12


def _die_faces(node: Node) -> tuple[str, ...]:
    """``die.faces``: the cube's ``DIE_FACES`` faces, each a number of spaces
    (1..``MAX_DIE_STEP``) or ``back``, as text.  The rules sheet says "faces <min> to <max>
    and a 'back' face", so the numbers are one run without gaps or repeats and exactly one
    face is ``back``.  Raises DataError naming the face (or the list) that breaks this."""
    items = node.list(min_len=DIE_FACES)
    if len(items) != DIE_FACES:
        raise node.error(f"expected {DIE_FACES} faces (the die is a cube), got {len(items)}")
    faces, numbers = [], []
    for item in items:
        if item.value == "back":
            faces.append("back")
        else:
            if isinstance(item.value, str):
                raise item.error(f"expected a number of spaces (1 to {MAX_DIE_STEP}) or 'back', got {item.value!r}")
            numbers.append(item.int(1, MAX_DIE_STEP))
            faces.append(str(numbers[-1]))
    backs = faces.count("back")
    if backs != 1:
        raise node.error(f"expected one 'back' face (the rules name one), got {backs}")
    if sorted(numbers) != list(range(min(numbers), min(numbers) + len(numbers))):
        raise node.error(f"expected the numbers to run without gaps or repeats (the rules say 'faces "
                         f"{min(numbers)} to {max(numbers)}'), got {', '.join(map(str, numbers))}")
    return tuple(faces)


def load(folder: Path, root: Path) -> Samarkand:
    """Read ``folder``'s game.yaml, board.yaml, prices.yaml and components.yaml.

    Raises:
        DataError: first problem found, with file and key path.
    """
    game = read_yaml(folder / "game.yaml")
    board_node = read_yaml(folder / "board.yaml")
    prices_node = read_yaml(folder / "prices.yaml")
    comps = read_yaml(folder / "components.yaml")
    icons = load_icons(root)

    players = game["players"]
    p_min, p_max = players["min"].int(1, MAX_PLAYERS), players["max"].int(1, MAX_PLAYERS)
    if p_max < p_min:
        raise players["max"].error(f"expected max >= min ({p_min}), got {p_max}")
    p_default = players["default"].int(p_min, p_max)

    goods = game["goods"].map_list(_good, min_len=1)
    unique(game["goods"], [g.id for g in goods], "good id")
    for g, node in zip(goods, game["goods"].list()):
        if g.icon not in icons:
            raise node["icon"].error(f"unknown icon '{g.icon}'; see data/icons/game-icons.json")

    removed_node = game["removed_per_good"]
    removed = {}
    for count in range(p_min, p_max + 1):
        if count not in removed_node.mapping():
            raise removed_node.error(f"missing entry for {count} players")
        removed[count] = Node(removed_node.mapping()[count], removed_node.file, f"removed_per_good.{count}").int(0)
    extra = [key for key in removed_node.mapping() if key not in removed]
    if extra:
        raise removed_node.error(f"unknown key {extra[0]!r}; expected the player counts {p_min} to {p_max}")

    r = game["rules"]
    rules = Rules(**{name: r[name].int(0) for name in Rules.__dataclass_fields__})
    if rules.target_money <= rules.start_money:
        raise r["target_money"].error(f"expected more than start_money ({rules.start_money})")
    if rules.hand_limit < rules.hand_size:
        raise r["hand_limit"].error(f"expected at least hand_size ({rules.hand_size})")
    if rules.min_sale < 1:
        raise r["min_sale"].error("expected at least 1")

    die_faces = _die_faces(game["die"]["faces"])

    pawns = game["pawns"].map_list(lambda n: Pawn(n["id"].str(), n["colour"].colour()), min_len=1)
    if len(pawns) < p_max:
        raise game["pawns"].error(f"expected at least {p_max} pawns (one per player), got {len(pawns)}")

    def _note(n):
        count = n["count"].int(0, MAX_COUNT)
        by_players = counts_by_players(n, count, (p_min, p_max))
        return Banknote(n["value"].int(1), count, by_players)

    banknotes = game["banknotes"].map_list(_note, min_len=1)
    unique(game["banknotes"], [b.value for b in banknotes], "banknote value")

    good_ids = [g.id for g in goods]
    board = _board(board_node)
    prices = _prices(prices_node, good_ids)

    tokens = comps["market_tokens"]
    token_goods = tuple(n.choice(good_ids) for n in tokens["goods"].list())
    assortment_tokens = tokens["assortment"].int(0)
    slots = 2 * len(board.of_kind("city"))
    if len(token_goods) + assortment_tokens != slots:
        raise tokens.error(
            f"expected {slots} market tokens (2 per city), got {len(token_goods) + assortment_tokens}"
        )

    sizes = MappingProxyType({key: comps[key] for key in COMPONENT_SIZES})
    _check_sizes(sizes)

    model = Samarkand(
        id=game["id"].str(),
        folder=folder,
        players_min=p_min,
        players_max=p_max,
        players_default=p_default,
        goods=goods,
        removed_per_good=MappingProxyType(removed),
        rules=rules,
        die_faces=die_faces,
        pawns=pawns,
        market_chips=game["market_chips"].int(0, MAX_COUNT),
        banknotes=banknotes,
        board=board,
        prices=prices,
        market_token_goods=token_goods,
        assortment_tokens=assortment_tokens,
        sizes=sizes,
        icons=MappingProxyType(icons),
    )
    refuse_unknown(game)
    refuse_unknown(board_node)
    refuse_unknown(prices_node)
    refuse_unknown(comps)
    return model


def _good(n: Node) -> Good:
    return Good(id=n["id"].str(), count=n["count"].int(0, MAX_COUNT), colour=n["colour"].colour(), icon=n["icon"].str())


def _board(node: Node) -> Board:
    rows, columns = node["rows"].int(1, 30), node["columns"].int(1, 30)
    spaces_nodes = node["spaces"].list(min_len=1)
    spaces = []
    for n in spaces_nodes:
        kind = n["kind"].choice(SPACE_KINDS)
        cell = n["cell"].list()
        if len(cell) != 2:
            raise n["cell"].error("expected [row, column]")
        row, column = cell[0].int(0, rows - 1), cell[1].int(0, columns - 1)
        exits = tuple(e.str() for e in n["exits"].list(min_len=1))
        capacity = n["capacity"].int(1) if kind == "camp" else None
        edge = n["field"].choice(EDGES) if kind == "camp" else None
        if edge and not _on_edge(edge, row, column, rows, columns):
            raise n["field"].error(f"cell [{row}, {column}] is not on the {edge} edge of the board")
        price_4 = n["price_4"].int(0) if kind == "oasis" else None
        spaces.append(Space(n["id"].str(), kind, row, column, exits, capacity, edge, price_4))

    unique(node["spaces"], [s.id for s in spaces], "space id")
    cells = {}
    for s, n in zip(spaces, spaces_nodes):
        if (s.row, s.column) in cells:
            raise n["cell"].error(f"cell [{s.row}, {s.column}] is already used by '{cells[s.row, s.column]}'")
        cells[s.row, s.column] = s.id
    if len(spaces) != rows * columns:
        raise node["spaces"].error(f"expected {rows * columns} spaces to fill the {rows} x {columns} grid, got {len(spaces)}")

    by_id = {s.id: s for s in spaces}
    for s, n in zip(spaces, spaces_nodes):
        if len(s.exits) > 2:
            raise n["exits"].error(f"space '{s.id}' has {len(s.exits)} exits; each space has 1 or 2")
        for e_node, target in zip(n["exits"].list(), s.exits):
            if target not in by_id:
                raise e_node.error(f"arrow from '{s.id}' to '{target}', a space that does not exist")
            t = by_id[target]
            if abs(t.row - s.row) + abs(t.column - s.column) != 1:
                raise e_node.error(f"arrow from '{s.id}' to '{target}', which is not an orthogonal neighbour")
            if s.id in t.exits:
                raise e_node.error(f"'{s.id}' and '{target}' point at each other; each edge has one arrow")
    for s in spaces:
        for t in spaces:
            adjacent = abs(t.row - s.row) + abs(t.column - s.column) == 1
            if adjacent and s.id < t.id and t.id not in s.exits and s.id not in t.exits:
                raise node["spaces"].error(f"no arrow on the edge between '{s.id}' and '{t.id}'; every edge needs one")
    board = Board(rows, columns, tuple(spaces))
    _check_strongly_connected(board, node)
    return board


def _on_edge(edge: str, row: int, column: int, rows: int, columns: int) -> bool:
    return {"north": row == 0, "south": row == rows - 1, "west": column == 0, "east": column == columns - 1}[edge]


def _check_strongly_connected(board: Board, node: Node) -> None:
    """Every space reachable from every other along the arrows (games.md)."""
    ids = [s.id for s in board.spaces]
    forward = {s.id: s.exits for s in board.spaces}
    backward = {i: board.entrances(i) for i in ids}
    for graph, backwards in ((forward, False), (backward, True)):
        seen, todo = {ids[0]}, [ids[0]]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        missing = [i for i in ids if i not in seen]
        if missing:
            shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
            problem = (f"'{ids[0]}' cannot be reached from {shown}" if backwards
                       else f"{shown} cannot be reached from '{ids[0]}'")
            raise node["spaces"].error(f"board is not strongly connected: {problem}")


def _prices(node: Node, good_ids: list[str]) -> PriceTable:
    sizes = tuple(n.int(1) for n in node["sizes"].list(min_len=2))
    if list(sizes) != list(range(sizes[0], sizes[0] + len(sizes))):
        raise node["sizes"].error("expected consecutive card counts, e.g. [1, 2, 3, ...]")
    goods = {}
    for good in good_ids:
        row_node = node["goods"][good]
        goods[good] = _price_row(row_node, len(sizes))
    extra = set(node["goods"].mapping()) - set(good_ids)
    if extra:
        raise node["goods"].error(f"prices for unknown goods: {', '.join(sorted(extra))}")
    a_sizes = tuple(n.int(1) for n in node["assortment_sizes"].list(min_len=2))
    if a_sizes[-1] > len(good_ids):
        raise node["assortment_sizes"].error(f"an assortment has at most {len(good_ids)} different goods")
    assortment = _price_row(node["assortment"], len(a_sizes))
    return PriceTable(sizes, MappingProxyType(goods), a_sizes, assortment)


def _price_row(node: Node, length: int) -> tuple[int, ...]:
    values = tuple(n.int(0) for n in node.list())
    if len(values) != length:
        raise node.error(f"expected {length} prices (one per column of 'sizes'), got {len(values)}")
    if any(b < a for a, b in zip(values, values[1:])):
        raise node.error("prices must not fall as the number of cards rises")
    return values
