"""Caravan's model: goods, set-ups (variants), the 7 x 7 board, rule numbers, kit counts.

Source of every number: ``data/caravan/game.yaml`` and ``board.yaml`` (which cite the seed
``caravan.rules.da.txt`` and ``games.md``; choices no source fixed are in
``data/caravan/DESIGN.md`` and ``ENGINE-DECISIONS.md``).  ``load(folder, root)`` validates
all of it and raises ``DataError`` naming the file and key of the first problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from pnp.model.catalog import MAX_COUNT, MAX_PLAYERS, Node, read_yaml, refuse_unknown
from pnp.errors import VariantError
from pnp.model.common import distinct_lightness, load_icons, unique
from pnp.model.variant import STANDARD, Variant, check_setup

KINDS = ("common", "rare")
COSTS = ("camel", "camel_occupied", "pick_up", "move_good", "steal")
#: The most actions one turn may have (``rules.turn_actions``) and so the largest first-turn
#: bonus: a turn of more actions than this would play most of a round alone.
MAX_TURN_ACTIONS = 8


@dataclass(frozen=True)
class Good:
    """One good: ``id``, ``kind`` ("common" or "rare"), ``count`` in the full game,
    ``points`` when delivered, cube ``colour`` (#RRGGBB) and its name (``colour_name``,
    e.g. "red", a key for the language files), ``icon`` (game-icons name)."""

    id: str
    kind: str
    count: int
    points: int
    colour: str
    colour_name: str
    icon: str


@dataclass(frozen=True)
class Setup:
    """A set-up (seed "opsætning"): the player counts it is for, camels per player, and
    goods of each kind removed (``removed['common']``) before the first draw.
    ``first_turn_bonus``: player count -> actions added to each seat's first turn (a
    balanced variant's seat compensation, found by ``pnp balance``; empty: none).
    ``seat_wins``: player count -> each seat's share of wins (per cent, seat 1 first) in
    ``pnp check``'s simulated games, which the rules sheet prints (the seats' lean is
    stated, not claimed away); empty: not printed."""

    id: str
    players: tuple[int, ...]
    camels: int
    removed: Mapping[str, int]
    first_turn_bonus: Mapping[int, tuple[int, ...]] = field(default_factory=lambda: MappingProxyType({}))
    seat_wins: Mapping[int, tuple[float, ...]] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class City:
    """The city that takes deliveries of ``good`` (its colour), at grid (row, column)."""

    good: str
    row: int
    column: int


@dataclass(frozen=True)
class SupplySpace:
    """Numbered supply space ``number`` (1-8) at (row, column); ``demand_at_start``
    demand markers are put on it at set-up (seed: spaces 1, 2, 7 and 8 get one)."""

    number: int
    row: int
    column: int
    demand_at_start: int


@dataclass(frozen=True)
class Board:
    """The ``rows`` x ``columns`` grid (cells (row, column) from the top left, 0-based);
    cities and supply spaces; every other cell is plain desert."""

    rows: int
    columns: int
    cities: tuple[City, ...]
    supply: tuple[SupplySpace, ...]

    def city(self, good: str) -> City:
        return next(c for c in self.cities if c.good == good)

    def cell(self, row: int, column: int) -> tuple[str, str | int] | None:
        """What sits at a cell: ``("city", good)``, ``("supply", number)`` or None."""
        for c in self.cities:
            if (c.row, c.column) == (row, column):
                return ("city", c.good)
        for s in self.supply:
            if (s.row, s.column) == (row, column):
                return ("supply", s.number)
        return None

    @property
    def demand_at_start(self) -> int:
        return sum(s.demand_at_start for s in self.supply)


@dataclass(frozen=True)
class Rules:
    """Rule numbers (seed, ``game.yaml: rules``).

    ``turn_actions``: actions of the game's 1st, 2nd, ... turn; every later turn has the
    last value.  ``costs``: actions per action kind (``camel``, ``camel_occupied``,
    ``pick_up``, ``move_good``, ``steal``).  ``penalties[n]``: points lost with n goods
    still on one's camels at the end.  ``stalemate_turns_per_player``: the game also ends
    after players x this many turns in a row without an action (C10).
    """

    turn_actions: tuple[int, ...]
    costs: Mapping[str, int]
    refill_goods_left: int
    refill_draw: int
    refill_demand_markers: int
    demand_marker_points: int
    theft_markers_each: int
    penalties: tuple[int, ...]
    stalemate_turns_per_player: int

    def actions(self, turn: int) -> int:
        """Actions of the game's ``turn``-th turn (1-based; seed: 1, 2, 3, then 4)."""
        return self.turn_actions[min(turn, len(self.turn_actions)) - 1]

    def penalty(self, held: int) -> int:
        """Points lost for ``held`` undelivered goods at the end (seed: 2 -> 1, 3 -> 3, 4 -> 6)."""
        return self.penalties[min(held, len(self.penalties) - 1)]


@dataclass(frozen=True)
class Components:
    """Printed counts: camels per colour, player boards, demand and theft markers, and
    the theft-marker spaces on each player board."""

    camels_per_colour: int
    player_boards: int
    demand_markers: int
    theft_markers: int
    theft_spaces: int


@dataclass(frozen=True)
class PlayerColour:
    id: str
    colour: str


@dataclass(frozen=True)
class Caravan:
    """Everything the kit prints and the engine simulates for Caravan.

    Variants: ``setups`` (ids; the first, "standard", is the full game), ``variants()``
    (every (players, setup) pair ``pnp check`` runs), ``variant(players, setup)`` (what
    ``pnp build --players N [--variant SETUP]`` prints), ``goods_counts(variant)``.
    """

    id: str
    folder: Path
    players_min: int
    players_max: int
    players_default: int
    kinds: Mapping[str, int]
    goods: tuple[Good, ...]
    setup_table: Mapping[str, Setup]
    default_setups: Mapping[int, str]
    rules: Rules
    components: Components
    player_colours: tuple[PlayerColour, ...]
    board: Board
    icons: Mapping[str, str] = field(repr=False)

    # ------------------------------------------------------------------ variants
    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.players_min, self.players_max + 1))

    @property
    def setups(self) -> tuple[str, ...]:
        """Set-up ids in data order; the first is the standard (full) game."""
        return tuple(self.setup_table)

    def setup(self, setup_id: str) -> Setup:
        """The set-up ``setup_id``.  Raises ``UsageError`` (key "--variant") if unknown."""
        return self.setup_table[check_setup(self, setup_id)]

    def check_players(self, players: int) -> None:
        if not self.players_min <= players <= self.players_max:
            raise VariantError(
                f"{self.id} is for {self.players_min}-{self.players_max} players, not {players}",
                key="--players",
            )

    def variants(self) -> list[Variant]:
        """Every variant ``pnp check`` runs: each set-up at each of its player counts,
        set-ups in data order (standard 2p, 3p, 4p first)."""
        return [Variant(p, s.id) for s in self.setup_table.values() for p in s.players]

    def default_setup(self, players: int) -> str:
        self.check_players(players)
        return self.default_setups[players]

    def variant(self, players: int | None = None, setup: str | None = None) -> Variant:
        """The variant ``pnp build --players N [--variant SETUP]`` prints.

        ``players`` None: the data's default count; ``setup`` None: the data's default
        set-up for that count (``default_setup``: the short game for 2 and 3 players, C12).

        Raises:
            VariantError: player count outside the range, or a set-up not for that count
                (key "--players").
            UsageError: unknown set-up (key "--variant").
        """
        players = self.players_default if players is None else players
        self.check_players(players)
        chosen = self.setup(setup if setup is not None else self.default_setups[players])
        if players not in chosen.players:
            raise VariantError(
                f"variant {chosen.id} of {self.id} is for "
                f"{', '.join(map(str, chosen.players))} players, not {players}",
                key="--players",
            )
        return Variant(players, chosen.id)

    # ------------------------------------------------------------------ counts
    def good(self, good_id: str) -> Good:
        return next(g for g in self.goods if g.id == good_id)

    def goods_counts(self, variant: Variant) -> dict[str, int]:
        """Goods of each id in the bag of ``variant`` (full game 9 / 3, short game 6 / 2),
        in data order.  Raises ``UsageError`` for an unknown set-up."""
        removed = self.setup(variant.setup).removed
        return {g.id: g.count - removed[g.kind] for g in self.goods}

    def removal_list(self, variant: Variant) -> dict[str, int]:
        """Goods of each id an owner of the full game takes out for ``variant``."""
        removed = self.setup(variant.setup).removed
        return {g.id: removed[g.kind] for g in self.goods}

    def camels_per_player(self, variant: Variant) -> int:
        return self.setup(variant.setup).camels

    @property
    def camels_total(self) -> int:
        return self.components.camels_per_colour * len(self.player_colours)

    def printed_counts(self, players: int) -> dict[str, int]:
        """Pieces a kit for ``players`` players prints, by kind: the first ``players`` player
        colours (``colours``), ``camels_per_colour`` camels in each (``camels``), one player
        board (``player_boards``) and one theft marker (``theft_markers``) per colour, never
        more than game.yaml's ``components`` has, and all ``demand_markers``.  The kit's sheets
        (pnp.games.caravan.kit) and the rules' contents list both read this."""
        colours = min(players, len(self.player_colours))
        comps = self.components
        return {"colours": colours, "camels": comps.camels_per_colour * colours,
                "camels_per_colour": comps.camels_per_colour,
                "player_boards": min(comps.player_boards, colours),
                "theft_markers": min(comps.theft_markers, colours),
                "demand_markers": comps.demand_markers}


# ---------------------------------------------------------------------------- loading
def load(folder: Path, root: Path) -> Caravan:
    """Read ``folder``'s game.yaml and board.yaml.

    Raises:
        DataError: first problem found, with file and key path.
    """
    game = read_yaml(folder / "game.yaml")
    board_node = read_yaml(folder / "board.yaml")
    icons = load_icons(root)

    players = game["players"]
    p_min, p_max = players["min"].int(1, MAX_PLAYERS), players["max"].int(1, MAX_PLAYERS)
    if p_max < p_min:
        raise players["max"].error(f"expected max >= min ({p_min}), got {p_max}")
    p_default = players["default"].int(p_min, p_max)

    kinds_node = game["kinds"]
    kinds = {}
    for kind in KINDS:
        kinds[kind] = kinds_node[kind]["points"].int(0)
    _no_extra(kinds_node, KINDS, "kinds")

    goods = []
    for n in game["goods"].list(min_len=1):
        kind = n["kind"].choice(KINDS)
        icon = n["icon"].str()
        if icon not in icons:
            raise n["icon"].error(f"unknown icon '{icon}'; see data/icons/game-icons.json")
        goods.append(Good(n["id"].str(), kind, n["count"].int(1, MAX_COUNT), kinds[kind], n["colour"].colour(),
                          n["colour_name"].str(), icon))
    unique(game["goods"], [g.id for g in goods], "good id")
    unique(game["goods"], [g.colour for g in goods], "good colour")
    distinct_lightness(game["goods"], {g.id: g.colour for g in goods}, "good")

    setups = {}
    bonus_nodes = []   # (node, bonus per seat): checked against turn_actions below
    for setup_id, n in game["setups"].items():
        counts = tuple(c.int(p_min, p_max) for c in n["players"].list(min_len=1))
        unique(n["players"], list(counts), "player count")
        removed = {k: n["removed"][k].int(0) for k in KINDS}
        _no_extra(n["removed"], KINDS, "kinds")
        for g in goods:
            if removed[g.kind] >= g.count:
                raise n["removed"][g.kind].error(
                    f"removing {removed[g.kind]} of each {g.kind} good leaves no {g.id} (it has {g.count})")
        bonus = {}
        if n.has("first_turn_bonus"):
            for count, seats in n["first_turn_bonus"].items():
                if count not in counts:
                    raise n["first_turn_bonus"].error(f"a bonus for {count} players, a count the set-up is not for")
                values = tuple(v.int(0, MAX_TURN_ACTIONS) for v in seats.list(min_len=1))
                if len(values) != count:
                    raise seats.error(f"expected one number per seat ({count}), got {len(values)}")
                bonus[count] = values
                bonus_nodes.append((seats, values))
            missing = [c for c in counts if c not in bonus]
            if missing:
                raise n["first_turn_bonus"].error(f"no bonus for {', '.join(map(str, missing))} players")
        wins = {}
        if n.has("seat_wins"):
            for count, seats in n["seat_wins"].items():
                if count not in counts:
                    raise n["seat_wins"].error(f"win shares for {count} players, a count the set-up is not for")
                values = tuple(v.number(0, 100) for v in seats.list(min_len=1))
                if len(values) != count:
                    raise seats.error(f"expected one share per seat ({count}), got {len(values)}")
                if abs(sum(values) - 100) > 0.5:
                    raise seats.error(f"the seats' shares add up to {sum(values):g} %, expected 100")
                wins[count] = values
        setups[str(setup_id)] = Setup(str(setup_id), counts, n["camels"].int(1), MappingProxyType(removed),
                                      MappingProxyType(bonus), MappingProxyType(wins))
    if not setups:
        raise game["setups"].error("expected at least one set-up")
    if next(iter(setups)) != STANDARD:
        raise game["setups"].error(f"expected the first set-up to be '{STANDARD}' (the full game)")

    defaults_node = game["default_setup"]
    defaults = {}
    for count in range(p_min, p_max + 1):
        if count not in defaults_node.mapping():
            raise defaults_node.error(f"missing entry for {count} players")
        node = Node(defaults_node.mapping()[count], defaults_node.file, f"default_setup.{count}")
        chosen = node.choice(tuple(setups))
        if count not in setups[chosen].players:
            raise node.error(f"set-up '{chosen}' is not for {count} players")
        defaults[count] = chosen
    extra = [key for key in defaults_node.mapping() if key not in defaults]
    if extra:
        raise defaults_node.error(f"unknown key {extra[0]!r}; expected the player counts {p_min} to {p_max}")

    r = game["rules"]
    turn_actions = tuple(n.int(1, MAX_TURN_ACTIONS) for n in r["turn_actions"].list(min_len=1))
    for seats, values in bonus_nodes:
        # a first turn with its bonus is at most as long as the game's longest turn
        room = max(turn_actions) - turn_actions[0]
        for seat, value in zip(seats.list(), values):
            if value > room:
                raise seat.error(f"expected at most {room} (a first turn of {turn_actions[0]} action(s) plus the "
                                 f"bonus is at most the longest turn, {max(turn_actions)}), got {value}")
    costs = {k: r["costs"][k].int(1) for k in COSTS}
    _no_extra(r["costs"], COSTS, "action kinds")
    if costs["camel_occupied"] < costs["camel"]:
        raise r["costs"]["camel_occupied"].error(f"expected at least costs.camel ({costs['camel']})")
    for kind, cost in costs.items():
        if cost > max(turn_actions):
            raise r["costs"][kind].error(f"expected at most {max(turn_actions)} (the most actions in a turn)")
    refill = r["refill"]
    penalties = tuple(n.int(0) for n in r["penalties"].list(min_len=1))
    most_camels = max(s.camels for s in setups.values())
    if len(penalties) < most_camels + 1:
        raise r["penalties"].error(
            f"expected a penalty for 0 to {most_camels} goods held ({most_camels + 1} values), got {len(penalties)}")
    if any(b < a for a, b in zip(penalties, penalties[1:])):
        raise r["penalties"].error("penalties must not fall as more goods are held")
    rules = Rules(
        turn_actions=turn_actions,
        costs=MappingProxyType(costs),
        refill_goods_left=refill["goods_left"].int(0),
        refill_draw=refill["draw"].int(1),
        refill_demand_markers=refill["demand_markers"].int(0),
        demand_marker_points=r["demand_marker_points"].int(0),
        theft_markers_each=r["theft_markers_each"].int(0),
        penalties=penalties,
        stalemate_turns_per_player=r["stalemate_turns_per_player"].int(1),
    )

    c = game["components"]
    components = Components(**{name: c[name].int(0, MAX_COUNT) for name in Components.__dataclass_fields__})
    colours = game["player_colours"].map_list(lambda n: PlayerColour(n["id"].str(), n["colour"].colour()), min_len=1)
    unique(game["player_colours"], [pc.id for pc in colours], "player colour")
    if len(colours) < p_max:
        raise game["player_colours"].error(f"expected at least {p_max} colours (one per player), got {len(colours)}")
    if components.camels_per_colour < most_camels:
        raise c["camels_per_colour"].error(f"expected at least {most_camels} (the most camels a set-up gives a player)")
    if components.player_boards < p_max:
        raise c["player_boards"].error(f"expected at least {p_max} (one per player)")
    if components.theft_markers < p_max * rules.theft_markers_each:
        raise c["theft_markers"].error(
            f"expected at least {p_max * rules.theft_markers_each} ({rules.theft_markers_each} per player)")
    if components.theft_spaces < p_max * rules.theft_markers_each:
        raise c["theft_spaces"].error(
            f"expected at least {p_max * rules.theft_markers_each}: one player can hold every theft marker in play")

    board = _board(board_node, [g.id for g in goods], {g.id: g.kind for g in goods})
    if rules.refill_goods_left + rules.refill_draw > len(board.supply):
        raise refill["draw"].error(
            f"expected goods_left + draw <= {len(board.supply)} (the numbered supply spaces)")
    if board.demand_at_start > components.demand_markers:
        raise c["demand_markers"].error(
            f"expected at least {board.demand_at_start} (the markers put out at set-up)")
    for s in setups.values():
        total = sum(g.count - s.removed[g.kind] for g in goods)
        if total < len(board.supply):
            raise game["setups"][s.id]["removed"].error(
                f"leaves {total} goods, fewer than the {len(board.supply)} supply spaces to fill at set-up")

    model = Caravan(
        id=game["id"].str(),
        folder=folder,
        players_min=p_min,
        players_max=p_max,
        players_default=p_default,
        kinds=MappingProxyType(kinds),
        goods=tuple(goods),
        setup_table=MappingProxyType(setups),
        default_setups=MappingProxyType(defaults),
        rules=rules,
        components=components,
        player_colours=colours,
        board=board,
        icons=MappingProxyType(icons),
    )
    refuse_unknown(game)
    refuse_unknown(board_node)
    return model


def _no_extra(node: Node, known: tuple[str, ...], what: str) -> None:
    extra = set(map(str, node.mapping())) - set(known)
    if extra:
        raise node.error(f"unknown {what}: {', '.join(sorted(extra))}; expected {', '.join(known)}")


def _cell(node: Node, rows: int, columns: int) -> tuple[int, int]:
    cell = node.list()
    if len(cell) != 2:
        raise node.error("expected [row, column]")
    return cell[0].int(0, rows - 1), cell[1].int(0, columns - 1)


def _board(node: Node, good_ids: list[str], kind_of: dict[str, str]) -> Board:
    """Validate the grid: one city per good (common cities off the edge, rare cities on
    it: games.md), numbered supply spaces 1..N, no two things on one cell."""
    rows, columns = node["rows"].int(2, 30), node["columns"].int(2, 30)
    used: dict[tuple[int, int], str] = {}
    cities = []
    for n in node["cities"].list(min_len=1):
        good = n["good"].choice(good_ids)
        row, column = _cell(n["cell"], rows, columns)
        on_edge = row in (0, rows - 1) or column in (0, columns - 1)
        if kind_of[good] == "rare" and not on_edge:
            raise n["cell"].error(f"the city of the rare good '{good}' must be on the board's edge (games.md)")
        if kind_of[good] == "common" and on_edge:
            raise n["cell"].error(f"the city of the common good '{good}' must not be on the board's edge (games.md)")
        _place(n["cell"], used, (row, column), f"city '{good}'")
        cities.append(City(good, row, column))
    unique(node["cities"], [c.good for c in cities], "city of good")
    missing = [g for g in good_ids if g not in {c.good for c in cities}]
    if missing:
        raise node["cities"].error(f"no city for {', '.join(missing)}; every good needs one")
    supply = []
    for n in node["supply"].list(min_len=1):
        row, column = _cell(n["cell"], rows, columns)
        number = n["number"].int(1)
        _place(n["cell"], used, (row, column), f"supply space {number}")
        supply.append(SupplySpace(number, row, column, n["demand_at_start"].int(0)))
    numbers = sorted(s.number for s in supply)
    if numbers != list(range(1, len(supply) + 1)):
        raise node["supply"].error(f"expected supply spaces numbered 1 to {len(supply)}, got {numbers}")
    supply.sort(key=lambda s: s.number)
    return Board(rows, columns, tuple(cities), tuple(supply))


def _place(node: Node, used: dict, cell: tuple[int, int], what: str) -> None:
    if cell in used:
        raise node.error(f"cell [{cell[0]}, {cell[1]}] is already used by {used[cell]}")
    used[cell] = what
