"""What the Caravan kit prints and at what size: ``data/caravan/components.yaml``, validated.

Counts live in ``game.yaml`` (the model); this file holds only the kit's own choices:
sizes in mm, spare goods, the player marks, icons and colours (DESIGN.md, "Kit").
``load_spec(game)`` raises ``DataError`` naming the file and key of the first problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from pnp.model.catalog import read_yaml, refuse_unknown
from pnp.components.markers import PLAYER_MARKS

ICON_ROLES = ("camel", "city", "demand", "theft")
COLOUR_ROLES = ("demand", "theft", "desert", "desert_dark", "border", "grid", "supply", "sand_light", "sand",
                "sand_shade", "sand_deep", "sand_grain")
#: The illustrations of the pieces and the board (set ``ART_SET``), besides the goods'.
ART_ROLES = ("camel", "demand", "theft", "palm")
ART_SET = "fluent-emoji-flat"
#: Goods drawn in code (pnp/games/caravan/art.py) rather than taken from ``ART_SET``.
CODE_DRAWN_GOODS = ("hides", "salt", "cloth")


@dataclass(frozen=True)
class KitSpec:
    """Sizes (mm) and looks of the Caravan components.

    ``marks[i]`` is the geometric mark of player colour ``i`` (``game.player_colours``
    order); ``icons`` and ``colours`` map the roles of ``ICON_ROLES`` / ``COLOUR_ROLES``.
    """

    cell_mm: float
    border_mm: float
    good_mm: float
    spares_per_good: int
    camel_mm: float
    demand_mm: float
    demand_diameter_mm: float
    theft_mm: float
    theft_diameter_mm: float
    player_board_mm: tuple[float, float]
    player_board_foot_mm: float
    goods_columns: int
    marks: tuple[str, ...]
    icons: Mapping[str, str]
    colours: Mapping[str, str]
    art: Mapping[str, str]
    goods_art: Mapping[str, str]


def load_spec(game) -> KitSpec:
    """Read and check ``<game.folder>/components.yaml`` against the model ``game``.

    Raises:
        DataError: a missing or malformed value, an unknown icon or mark, fewer marks than
            player colours, a disc larger than its square, a good token larger than a
            camel (a carried good must leave the camel's corners visible).
    """
    node = read_yaml(game.folder / "components.yaml")
    board, goods, camel = node["board"], node["goods_token"], node["camel"]
    demand, theft, pb = node["demand_marker"], node["theft_marker"], node["player_board"]
    good_mm = goods["size_mm"].number(8, 40)
    camel_mm = camel["size_mm"].number(8, 60)
    if good_mm >= camel_mm:
        raise goods["size_mm"].error(f"expected less than camel.size_mm ({camel_mm:g}): a good sits on a camel")
    discs = {}
    for name, n in (("demand", demand), ("theft", theft)):
        size = n["size_mm"].number(6, 60)
        diameter = n["diameter_mm"].number(4, size)
        discs[name] = (size, diameter)
    size_node = pb["size_mm"]
    size = size_node.list()
    if len(size) != 2:
        raise size_node.error("expected [width, height] in mm")
    marks_node = node["player_marks"]
    marks = tuple(n.choice(PLAYER_MARKS) for n in marks_node.list())
    if len(marks) < len(game.player_colours):
        raise marks_node.error(f"expected one mark per player colour ({len(game.player_colours)}), got {len(marks)}")
    if len(set(marks)) != len(marks):
        raise marks_node.error("expected different marks: they tell the players apart without colour")
    icons = {}
    for role in ICON_ROLES:
        n = node["icons"][role]
        if n.str() not in game.icons:
            raise n.error(f"unknown icon '{n.value}'; see data/icons/game-icons.json")
        icons[role] = n.value
    colours = {role: node["colours"][role].colour() for role in COLOUR_ROLES}
    from pnp.components.art import has_icon

    art_node = node["art"]
    art = {}
    for role in ART_ROLES:
        n = art_node[role]
        if not has_icon(ART_SET, n.str()):
            raise n.error(f"unknown illustration '{n.value}'; add it to data/icons/names/{ART_SET}/caravan.txt "
                          "and run tools/vendor_icons.py")
        art[role] = n.value
    goods_node = art_node["goods"]
    goods_art = {}
    for good_id, n in sorted(goods_node.items()):
        if good_id not in {g.id for g in game.goods}:
            raise n.error(f"unknown good '{good_id}'")
        if not has_icon(ART_SET, n.str()):
            raise n.error(f"unknown illustration '{n.value}'; add it to data/icons/names/{ART_SET}/caravan.txt "
                          "and run tools/vendor_icons.py")
        goods_art[good_id] = n.value
    missing = [g.id for g in game.goods if g.id not in goods_art and g.id not in CODE_DRAWN_GOODS]
    if missing:
        raise goods_node.error(f"no picture for {', '.join(missing)}; name one from {ART_SET}")
    model = KitSpec(
        cell_mm=board["cell_mm"].number(20, 80),
        border_mm=board["border_mm"].number(5, 40),
        good_mm=good_mm,
        spares_per_good=goods["spares_per_good"].int(0, 5),
        camel_mm=camel_mm,
        demand_mm=discs["demand"][0],
        demand_diameter_mm=discs["demand"][1],
        theft_mm=discs["theft"][0],
        theft_diameter_mm=discs["theft"][1],
        player_board_mm=(size[0].number(80, 200), size[1].number(60, 200)),
        player_board_foot_mm=pb["foot_mm"].number(15, 60),
        goods_columns=pb["goods_columns"].int(1, 8),
        marks=marks,
        icons=MappingProxyType(icons),
        colours=MappingProxyType(colours),
        art=MappingProxyType(art),
        goods_art=MappingProxyType(goods_art),
    )
    refuse_unknown(node)
    return model
