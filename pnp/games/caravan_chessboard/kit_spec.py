"""How the CARAVAN on a chessboard kit prints: ``data/caravan-chessboard/components.yaml``.

Sizes in mm, the board's colours and icons, the kit's own icons (card back, caravan
figure).  Counts, card colours and card icons are game data (``game.yaml``, read by
``pnp.games.caravan_chessboard.model``).  ``load_layout(game)`` validates the file against the model and
raises ``DataError`` naming file and key for the first problem.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.model.catalog import Node, read_yaml, refuse_unknown
from pnp.geometry import CARD_SIZES

LAYOUT_FILE = "components.yaml"
MIN_SQUARE_MM = 35.0    # squares big enough for pawns (>= 35 mm)


@dataclass(frozen=True)
class RegionLook:
    """Colours of one board region: alternating ``light``/``dark`` squares, bar ``accent``, ``icon``."""

    light: str
    dark: str
    accent: str
    icon: str


@dataclass(frozen=True)
class KitLayout:
    """Every print setting of the kit (lengths in mm)."""

    card_size: str
    card_w: float
    card_h: float
    back_icon: str
    square_mm: float
    band_mm: float
    frame: str
    regions: dict[str, RegionLook]
    marker_mm: float
    pawn_width_mm: float
    pawn_panel_mm: float
    pawn_foot_mm: float
    caravan_icon: str
    coin_size_mm: float
    coin_diameter_mm: float
    die_edge_mm: float


def load_layout(game) -> KitLayout:
    """Read and validate ``components.yaml`` of ``game`` (a ``CaravanChessboard``).

    Checks: card size name known; squares >= ``MIN_SQUARE_MM``; a marker and a pawn's
    footprint (width x two feet) fit inside a square; the coin disc fits its face; every
    region of the model has a look; every icon exists.

    Raises:
        DataError: file, key and what is expected.
    """
    node = read_yaml(game.folder / LAYOUT_FILE)
    cards = node["cards"]
    size = cards["size"].choice(tuple(CARD_SIZES))
    back_icon = _art_icon(cards["back_icon"])

    board = node["board"]
    square = board["square_mm"].number(MIN_SQUARE_MM, 80)
    band = board["band_mm"].number(20, 60)
    frame = board["frame"].colour()
    regions_node = board["regions"]
    regions = {}
    for region in game.board.regions:
        look = regions_node[region]
        regions[region] = RegionLook(look["light"].colour(), look["dark"].colour(), look["accent"].colour(),
                                     _icon(look["icon"], game))
    extra = sorted(set(regions_node.mapping()) - set(regions))
    if extra:
        raise regions_node.error(f"unknown region(s) {', '.join(map(str, extra))}; the board has {', '.join(regions)}")

    marker = node["marker"]["size_mm"].number(10, square - 2)

    pawn = node["pawn"]
    width = pawn["width_mm"].number(10, square - 4)
    panel = pawn["panel_mm"].number(15, 80)
    foot = pawn["foot_mm"].number(5, (square - 4) / 2)
    caravan_icon = _icon(pawn["caravan_icon"], game)

    coin = node["coin"]
    coin_size = coin["size_mm"].number(10, 60)
    coin_diameter = coin["diameter_mm"].number(8, coin_size)

    die_edge = node["die"]["edge_mm"].number(15, 50)
    w, h = CARD_SIZES[size]
    refuse_unknown(node)
    return KitLayout(size, w, h, back_icon, square, band, frame, regions, marker, width, panel, foot, caravan_icon,
                     coin_size, coin_diameter, die_edge)


def _art_icon(node: Node) -> str:
    """A Fluent Emoji name (the deck back's picture, ``card_art.card_back``)."""
    from pnp.components.art import has_icon

    name = node.str()
    if not has_icon("fluent-emoji-flat", name):
        raise node.error(f"unknown icon '{name}'; see data/icons/fluent-emoji-flat.json")
    return name


def _icon(node: Node, game) -> str:
    name = node.str()
    if name not in game.icons:
        raise node.error(f"unknown icon '{name}'; see data/icons/game-icons.json")
    return name
