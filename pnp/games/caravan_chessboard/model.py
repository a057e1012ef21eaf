"""CARAVAN on a chessboard's model: deck, board, markers, pawns, coins, rule numbers.

Source of every number: ``data/caravan-chessboard/game.yaml``, which cites the seed
``caravan-chessboard.rules.en.txt`` (the only source), ``DESIGN.md`` (choices no source
fixed) and ``ENGINE-DECISIONS.md`` (the seed's ambiguities, K1...).  ``load(folder, root)``
validates all of it and raises ``DataError`` naming the file and key of the first problem.

Squares are ``(row, column)``, both 1-based as the seed numbers them: row 1 is Europe,
row 8 the Orient; a d8 picks the column.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from pnp.model.catalog import MAX_COUNT, MAX_PLAYERS, Node, read_yaml, refuse_unknown
from pnp.errors import VariantError
from pnp.model.common import counts_by_players, load_icons, unique
from pnp.model.variant import STANDARD, Variant, check_setup

GAME_FILE = "game.yaml"
#: Card kinds the rules know (seed: "CARD LIST").
KINDS = ("move", "bandits", "sandstorm", "soldiers", "good")
#: Kinds whose cards move a pawn ``steps`` squares.
MOVING_KINDS = ("move", "bandits", "sandstorm")
#: The board's regions (seed: "Row 1 is Europe. Row 8 is the Orient. Rows 2-7 are the
#: Middle Eastern rows").  Goods are loaded in one end region and sold in the other.
REGIONS = ("europe", "middle_east", "orient")
ENDS = ("europe", "orient")
#: Markers the rules use (seed: "BOARD SETUP").
MARKERS = ("oasis", "quicksand")
#: The turn's phases in the seed's order (seed: "TURN SEQUENCE"); the desert phase may
#: come before the move phase (seed: "You may do your Desert Phase before your Move Phase").
PHASES = ("draw", "buy", "move", "desert", "sell")


@dataclass(frozen=True)
class CardType:
    """One card type of the deck: ``id`` (e.g. ``"move-3"``), ``kind`` (one of ``KINDS``),
    ``count`` in the deck, ``steps`` (squares moved; move/bandits/sandstorm cards only),
    ``region`` (``"europe"``/``"orient"``: where a good is loaded; goods only), card
    ``colour`` (#RRGGBB) and ``icon`` (a game-icons name)."""

    id: str
    kind: str
    count: int
    colour: str
    icon: str
    steps: int | None = None
    region: str | None = None


@dataclass(frozen=True)
class Rules:
    """Rule numbers from the seed (gold in coins' units, sizes in cards).

    ``sale_values[n - 1]`` is the gold paid for ``n`` cards of one good sold together
    (seed: "An unmatched card is worth one gold. A pair earns 3 gold ...").
    """

    start_gold: int
    target_gold: int
    start_hand: int
    hand_limit: int
    caravan_limit: int
    draw_cards: int
    draw_discard: int
    exchange_discard: int
    exchange_draw: int
    desert_cards_per_pawn: int
    soldiers_lost: int
    sale_values: tuple[int, ...]

    def sale_value(self, cards: int) -> int:
        """Gold for ``cards`` cards of one good (0 for none).

        Raises:
            ValueError: more cards than a caravan can hold.
        """
        if cards < 0 or cards > len(self.sale_values):
            raise ValueError(f"a sale of {cards} cards of one good; a caravan holds at most {len(self.sale_values)}")
        return self.sale_values[cards - 1] if cards else 0


@dataclass(frozen=True)
class Trading:
    """How the simulation lists trade offers (ENGINE-DECISIONS.md, S2).  Not a rule: the
    seed allows any trade both players accept; the engine needs a finite, small list of
    legal moves.  ``offer_cards_max``: cards each side of one offer may hold (1 or more);
    ``offers_per_landing``: offers a player may make after one landing."""

    offer_cards_max: int
    offers_per_landing: int


@dataclass(frozen=True)
class Board:
    """The 8 x 8 chessboard: ``rows`` x ``columns``, ``regions`` (region id -> its rows,
    1-based), ``centre_rows``/``centre_columns`` (the centre block where the desert
    pawns start, K9)."""

    rows: int
    columns: int
    regions: Mapping[str, tuple[int, ...]]
    centre_rows: tuple[int, ...]
    centre_columns: tuple[int, ...]

    def region_of(self, row: int) -> str:
        """Region id of a 1-based row (``"europe"``, ``"middle_east"`` or ``"orient"``)."""
        for region, rows in self.regions.items():
            if row in rows:
                return region
        raise ValueError(f"row {row} is not on the {self.rows}-row board")

    @property
    def middle_rows(self) -> tuple[int, ...]:
        return self.regions["middle_east"]

    @property
    def start_rows(self) -> tuple[int, ...]:
        """Rows a caravan may start on (seed: "start in Europe or the Orient")."""
        return self.regions["europe"] + self.regions["orient"]

    def square_name(self, row: int, column: int) -> str:
        """Printed name of a square, e.g. ``"3-5"`` (row 3, column 5)."""
        return f"{row}-{column}"


@dataclass(frozen=True)
class Marker:
    """A board marker kind: ``id`` (``oasis``/``quicksand``), ``count`` in the kit,
    ``per_row`` placed on each Middle Eastern row at setup, ``colour``, ``icon``."""

    id: str
    count: int
    per_row: int
    colour: str
    icon: str


@dataclass(frozen=True)
class Pawn:
    """A pawn: ``id`` (a player colour name, or ``bandits``/``sandstorm``), ``colour``,
    ``icon`` (game-icons name printed on its standee)."""

    id: str
    colour: str
    icon: str


@dataclass(frozen=True)
class Coin:
    """A gold coin denomination: ``value`` in gold, ``count`` in the full supply,
    ``by_players`` the coins a kit for that many players prints (sized by simulation,
    ``pnp check``; a missing count: ``count``)."""

    value: int
    count: int
    by_players: tuple[tuple[int, int], ...] = ()

    def count_for(self, players: int) -> int:
        """Coins of this value a kit for ``players`` prints."""
        return dict(self.by_players).get(players, self.count)


@dataclass(frozen=True)
class CaravanChessboard:
    """Everything the kit prints and the engine simulates for CARAVAN on a chessboard."""

    id: str
    folder: Path
    players_min: int
    players_max: int
    players_default: int
    setups: tuple[str, ...]
    cards: tuple[CardType, ...]
    rules: Rules
    board: Board
    markers: tuple[Marker, ...]
    die_faces: int
    phases: tuple[str, ...]
    player_pawns: tuple[Pawn, ...]
    bandits: Pawn
    sandstorm: Pawn
    coins: tuple[Coin, ...]
    trading: Trading
    icons: Mapping[str, str] = field(repr=False)

    # -------------------------------------------------------------- player counts
    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.players_min, self.players_max + 1))

    def check_players(self, players: int) -> None:
        """Raises ``VariantError`` (key ``--players``) outside the supported range."""
        if not self.players_min <= players <= self.players_max:
            raise VariantError(
                f"{self.id} is for {self.players_min}-{self.players_max} players, not {players}",
                key="--players",
            )

    def variants(self) -> list[Variant]:
        """Every variant ``pnp check`` runs: one per supported player count, standard set-up."""
        return [Variant(p, STANDARD) for p in self.player_counts]

    def variant(self, players: int | None = None, setup: str | None = None) -> Variant:
        """The variant ``pnp build --players N [--variant SETUP]`` prints.

        ``players`` None: ``players_default``; ``setup`` None: the standard set-up.

        Raises:
            VariantError: player count outside the range (key ``--players``).
            UsageError: unknown set-up (key ``--variant``).
        """
        players = self.players_default if players is None else players
        self.check_players(players)
        setup = self.setups[0] if setup is None else setup
        return Variant(players, check_setup(self, setup))

    # -------------------------------------------------------------- deck
    def deck(self, variant: Variant | int | None = None) -> dict[str, int]:
        """Cards of each type id in the deck, in data order (``by_type`` of the kit's deck).

        Every variant plays the whole deck (the seed removes no cards), so ``variant``
        (a ``Variant``, a player count or None) only checks the player count.

        Raises:
            VariantError: player count outside the supported range (key ``--players``).
        """
        if variant is not None:
            self.check_players(variant.players if isinstance(variant, Variant) else variant)
        return {c.id: c.count for c in self.cards}

    @property
    def deck_size(self) -> int:
        return sum(c.count for c in self.cards)

    def card(self, card_id: str) -> CardType:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def cards_of_kind(self, kind: str) -> tuple[CardType, ...]:
        return tuple(c for c in self.cards if c.kind == kind)

    def goods(self, region: str) -> tuple[CardType, ...]:
        """The trade goods loaded in ``region`` (``"europe"`` or ``"orient"``)."""
        return tuple(c for c in self.cards if c.kind == "good" and c.region == region)

    def marker(self, marker_id: str) -> Marker:
        return next(m for m in self.markers if m.id == marker_id)

    @property
    def coin_values(self) -> tuple[int, ...]:
        return tuple(c.value for c in self.coins)


# ---------------------------------------------------------------------------- loading
def load(folder: Path, root: Path) -> CaravanChessboard:
    """Read and validate ``folder/game.yaml``.

    Raises:
        DataError: first problem found, with file and key path.
    """
    node = read_yaml(folder / GAME_FILE)
    icons = load_icons(root)

    players = node["players"]
    p_min, p_max = players["min"].int(1, MAX_PLAYERS), players["max"].int(1, MAX_PLAYERS)
    if p_max < p_min:
        raise players["max"].error(f"expected max >= min ({p_min}), got {p_max}")
    p_default = players["default"].int(p_min, p_max)

    setups = tuple(n.str() for n in node["setups"].list(min_len=1))
    unique(node["setups"], setups, "set-up")
    if setups[0] != STANDARD:
        raise node["setups"].error(f"expected the first set-up to be {STANDARD!r}, got {setups[0]!r}")

    board = _board(node["board"])
    ends = board.regions["europe"] + board.regions["orient"]
    if p_max > board.columns * len(ends):
        raise players["max"].error(
            f"expected at most {board.columns * len(ends)} players: caravans start on distinct squares of rows "
            f"{', '.join(map(str, ends))}"
        )

    cards = node["cards"].map_list(_card, min_len=1)
    unique(node["cards"], [c.id for c in cards], "card id")
    for c, n in zip(cards, node["cards"].list()):
        if c.icon not in icons:
            raise n["icon"].error(f"unknown icon '{c.icon}'; see data/icons/game-icons.json")
    for kind in KINDS:
        if not any(c.kind == kind for c in cards):
            raise node["cards"].error(f"expected at least one card of kind '{kind}'")
    if sum(1 for c in cards if c.kind == "soldiers") != 1:
        raise node["cards"].error("expected exactly one card type of kind 'soldiers'")
    for end in ENDS:
        if not any(c.kind == "good" and c.region == end for c in cards):
            raise node["cards"].error(f"expected at least one good loaded in '{end}'")

    rules = _rules(node["rules"])
    deck_size = sum(c.count for c in cards)
    if rules.start_hand * p_max > deck_size:
        raise node["rules"]["start_hand"].error(
            f"{p_max} hands of {rules.start_hand} need {rules.start_hand * p_max} cards; the deck has {deck_size}"
        )

    markers = node["markers"].map_list(_marker, min_len=1)
    unique(node["markers"], [m.id for m in markers], "marker id")
    ids = [m.id for m in markers]
    if sorted(ids) != sorted(MARKERS):
        raise node["markers"].error(f"expected the markers {', '.join(MARKERS)}, got {', '.join(ids)}")
    middle = len(board.middle_rows)
    for m, n in zip(markers, node["markers"].list()):
        if m.icon not in icons:
            raise n["icon"].error(f"unknown icon '{m.icon}'; see data/icons/game-icons.json")
        if m.count != m.per_row * middle:
            raise n["count"].error(
                f"expected {m.per_row * middle} ({m.per_row} on each of the {middle} Middle Eastern rows), got {m.count}"
            )
    if sum(m.per_row for m in markers) > board.columns - 1:
        raise node["markers"].error(f"markers leave no free square on a row of {board.columns}")

    die_faces = node["die"]["faces"].int(2)
    if die_faces != board.columns:
        raise node["die"]["faces"].error(f"expected {board.columns} faces (the die picks one of the {board.columns} columns)")

    phases = tuple(n.str() for n in node["phases"].list())
    if phases != PHASES:
        raise node["phases"].error(f"expected the seed's turn sequence {', '.join(PHASES)}, got {', '.join(phases)}")

    pawns = node["pawns"]
    caravan_icon = pawns["caravan_icon"].str()
    if caravan_icon not in icons:
        raise pawns["caravan_icon"].error(f"unknown icon '{caravan_icon}'; see data/icons/game-icons.json")
    player_pawns = pawns["players"].map_list(lambda n: Pawn(n["id"].str(), n["colour"].colour(), caravan_icon))
    if len(player_pawns) < p_max:
        raise pawns["players"].error(f"expected at least {p_max} pawns (one per player), got {len(player_pawns)}")
    unique(pawns["players"], [p.id for p in player_pawns], "pawn id")
    unique(pawns["players"], [p.colour for p in player_pawns], "pawn colour")
    desert = []
    for name in ("bandits", "sandstorm"):
        n = pawns[name]
        icon = n["icon"].str()
        if icon not in icons:
            raise n["icon"].error(f"unknown icon '{icon}'; see data/icons/game-icons.json")
        desert.append(Pawn(name, n["colour"].colour(), icon))

    coins = node["coins"].map_list(lambda n: Coin(n["value"].int(1), n["count"].int(0, MAX_COUNT),
                                                  counts_by_players(n, n["count"].int(0, MAX_COUNT), (p_min, p_max))), min_len=1)
    unique(node["coins"], [c.value for c in coins], "coin value")
    if [c.value for c in coins] != sorted(c.value for c in coins):
        raise node["coins"].error("expected coin values in rising order")
    step = math.gcd(*rules.sale_values)
    if step % coins[0].value:
        raise node["coins"].error(
            f"the smallest coin ({coins[0].value}) cannot pay every sale value ({', '.join(map(str, rules.sale_values))})"
        )

    model = CaravanChessboard(
        id=node["id"].str(),
        folder=folder,
        players_min=p_min,
        players_max=p_max,
        players_default=p_default,
        setups=setups,
        cards=cards,
        rules=rules,
        board=board,
        markers=markers,
        die_faces=die_faces,
        phases=phases,
        player_pawns=player_pawns[:p_max],
        bandits=desert[0],
        sandstorm=desert[1],
        coins=coins,
        trading=Trading(node["trading"]["offer_cards_max"].int(1), node["trading"]["offers_per_landing"].int(1)),
        icons=MappingProxyType(icons),
    )
    refuse_unknown(node)
    return model


def _card(n: Node) -> CardType:
    kind = n["kind"].choice(KINDS)
    steps = n["steps"].int(1) if kind in MOVING_KINDS else None
    if kind not in MOVING_KINDS and n.has("steps"):
        raise n["steps"].error(f"only {', '.join(MOVING_KINDS)} cards move a pawn")
    region = n["region"].choice(ENDS) if kind == "good" else None
    if kind != "good" and n.has("region"):
        raise n["region"].error("only goods have a region")
    return CardType(
        id=n["id"].str(), kind=kind, count=n["count"].int(0, MAX_COUNT), colour=n["colour"].colour(),
        icon=n["icon"].str(), steps=steps, region=region,
    )


def _rules(r: Node) -> Rules:
    ints = {name: r[name].int(0) for name in Rules.__dataclass_fields__ if name != "sale_values"}
    values = tuple(n.int(1) for n in r["sale_values"].list(min_len=1))
    rules = Rules(**ints, sale_values=values)
    if rules.target_gold <= rules.start_gold:
        raise r["target_gold"].error(f"expected more than start_gold ({rules.start_gold})")
    if rules.hand_limit < rules.start_hand:
        raise r["hand_limit"].error(f"expected at least start_hand ({rules.start_hand})")
    if rules.caravan_limit < 1:
        raise r["caravan_limit"].error("expected at least 1")
    if len(values) != rules.caravan_limit:
        raise r["sale_values"].error(
            f"expected {rules.caravan_limit} values (1 to caravan_limit cards of a kind), got {len(values)}"
        )
    if any(b < a for a, b in zip(values, values[1:])):
        raise r["sale_values"].error("values must not fall as the number of cards rises")
    if not 1 <= rules.draw_discard < rules.draw_cards:
        raise r["draw_discard"].error(f"expected 1 to {rules.draw_cards - 1} (fewer than draw_cards)")
    if rules.exchange_draw >= rules.exchange_discard:
        raise r["exchange_draw"].error(f"expected fewer than exchange_discard ({rules.exchange_discard})")
    if rules.soldiers_lost < 1:
        raise r["soldiers_lost"].error("expected at least 1")
    return rules


def _board(n: Node) -> Board:
    rows, columns = n["rows"].int(2, 30), n["columns"].int(2, 30)
    regions_node = n["regions"]
    names = list(regions_node.mapping())
    if sorted(names) != sorted(REGIONS):
        raise regions_node.error(f"expected the regions {', '.join(REGIONS)}, got {', '.join(map(str, names))}")
    regions = {}
    for name in REGIONS:
        regions[name] = tuple(r.int(1, rows) for r in regions_node[name].list(min_len=1))
    every = sorted(r for rs in regions.values() for r in rs)
    if every != list(range(1, rows + 1)):
        raise regions_node.error(f"expected the regions to share out rows 1-{rows}, each once")
    if regions["europe"] != (1,) or regions["orient"] != (rows,):
        raise regions_node.error(f"expected europe [1] and orient [{rows}]: the caravans travel between the end rows")
    centre = n["centre"]
    c_rows = tuple(r.int(1, rows) for r in centre["rows"].list(min_len=1))
    c_cols = tuple(c.int(1, columns) for c in centre["columns"].list(min_len=1))
    if any(r not in regions["middle_east"] for r in c_rows):
        raise centre["rows"].error("expected Middle Eastern rows (the desert pawns stay there)")
    for key, seq in (("rows", c_rows), ("columns", c_cols)):
        if list(seq) != list(range(seq[0], seq[0] + len(seq))):
            raise centre[key].error("expected consecutive numbers")
    if len(c_rows) * len(c_cols) < 2:
        raise centre.error("expected at least 2 squares (Bandits and Sandstorm start there)")
    return Board(rows, columns, MappingProxyType(regions), c_rows, c_cols)


def _marker(n: Node) -> Marker:
    return Marker(
        id=n["id"].str(), count=n["count"].int(0, MAX_COUNT), per_row=n["per_row"].int(1),
        colour=n["colour"].colour(), icon=n["icon"].str(),
    )
