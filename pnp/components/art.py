"""Full-colour illustrations from the vendored Iconify sets (``data/icons/<set>.json``).

An icon's SVG body is data that travels with a data folder, so it is read as data: parsed
with the standard XML parser and rebuilt from an allow-list of shape and paint elements and
attributes (no scripts, no external references, no entities, no filters). Ids inside an icon
(gradients, clip paths) are prefixed with the icon's name, so two icons on one face never
share an id, and the same icon drawn twice gives the same bytes.

Sets, authors and licences: ``data/icons/sources.yaml``; the subsets are regenerated from the
pinned npm packages by ``tools/vendor_icons.py``; every kit's contents page credits them.
"""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path
from typing import Callable

import svgwrite.base
from svgwrite.container import Group

from pnp.errors import DataError
from pnp.model.catalog import DEFAULT_DATA_DIR

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

# What an icon body may hold. Anything else is refused when the set is read.
_ELEMENTS = {"g", "path", "circle", "ellipse", "rect", "polygon", "polyline", "line", "defs", "clipPath",
             "linearGradient", "radialGradient", "stop", "use", "mask"}
_ATTRIBUTES = {"d", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
               "fill-rule", "clip-rule", "opacity", "fill-opacity", "stroke-opacity", "transform", "cx", "cy", "r",
               "rx", "ry", "x", "y", "width", "height", "x1", "y1", "x2", "y2", "points", "offset", "stop-color",
               "stop-opacity", "gradientUnits", "gradientTransform", "fx", "fy", "fr", "spreadMethod", "id",
               "clip-path", "mask", "href", "maskUnits", "color", "style"}
_PAINT = ("fill", "stroke", "stop-color", "color")
_LOCAL_REF = re.compile(r"url\(#([A-Za-z0-9_.:-]+)\)")
_STYLE_ITEM = re.compile(r"^\s*([a-z-]+)\s*:\s*([^;]+?)\s*$")
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

Recolour = Callable[[str], str]


class _Xml(svgwrite.base.BaseElement):
    """An element tree built here from an allow-listed icon body, placed as it is."""

    elementname = "g"

    def __init__(self, tree: ET.Element) -> None:
        super().__init__(debug=False)
        self._tree = tree

    def get_xml(self) -> ET.Element:
        return copy.deepcopy(self._tree)


def _clean(element: ET.Element, prefix: str, where: str) -> ET.Element:
    """A copy of ``element`` with only allowed elements and attributes and prefixed ids."""
    tag = element.tag.split("}", 1)[-1]
    if tag not in _ELEMENTS:
        raise DataError(f"icon {where}: element <{tag}> is not allowed in an icon")
    out = ET.Element(tag)
    for key, value in sorted(element.attrib.items()):
        name = key.split("}", 1)[-1]
        if name not in _ATTRIBUTES:
            raise DataError(f"icon {where}: attribute {name!r} is not allowed in an icon")
        if name == "style":
            for item in value.split(";"):
                if item.strip():
                    m = _STYLE_ITEM.match(item)
                    if not m or m.group(1) not in _ATTRIBUTES or "url(" in m.group(2) and not _LOCAL_REF.fullmatch(m.group(2)):
                        raise DataError(f"icon {where}: style {item.strip()!r} is not allowed in an icon")
        if name == "href":
            if not value.startswith("#"):
                raise DataError(f"icon {where}: href {value!r} must point inside the icon (#id)")
            value = f"#{prefix}{value[1:]}"
            name = f"{{{XLINK_NS}}}href"
        elif name == "id":
            value = prefix + value
        elif "url(" in value:
            if not _LOCAL_REF.fullmatch(value.strip()):
                raise DataError(f"icon {where}: {name}={value!r} must be url(#id) inside the icon")
            value = _LOCAL_REF.sub(lambda m: f"url(#{prefix}{m.group(1)})", value)
        out.set(name, value)
    for child in element:
        out.append(_clean(child, prefix, where))
    return out


def parse_body(body: str, prefix: str, where: str) -> ET.Element:
    """An icon body (SVG markup without the ``<svg>`` element) as a cleaned ``<g>`` tree.

    Raises:
        DataError: the markup is not well-formed, declares entities, or uses an element or
            attribute outside the allow-list (``where`` names the set and icon).
    """
    if "<!" in body or "<?" in body:
        raise DataError(f"icon {where}: declarations and processing instructions are not allowed")
    try:
        root = ET.fromstring(f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}">{body}</svg>')
    except ET.ParseError as exc:
        raise DataError(f"icon {where}: not well-formed SVG ({exc})") from None
    g = ET.Element("g")
    for child in root:
        g.append(_clean(child, prefix, where))
    return g


@lru_cache(maxsize=None)
def icon_set(set_name: str, root: Path = DEFAULT_DATA_DIR) -> dict:
    """The vendored set ``<root>/icons/<set_name>.json`` as read (name -> body under ``icons``).

    Raises:
        DataError: the file is missing or is not an Iconify subset.
    """
    path = root / "icons" / f"{set_name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["icons"], data["width"], data["height"]
    except FileNotFoundError:
        raise DataError("file not found (icon set; see data/icons/sources.yaml)", file=path) from None
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError(f"not an icon set: {exc}", file=path) from None
    return data


@lru_cache(maxsize=None)
def _tree(set_name: str, name: str, root: Path) -> tuple[ET.Element, float, float]:
    data = icon_set(set_name, root)
    if name not in data["icons"]:
        raise DataError(f"unknown icon {name!r} in set {set_name!r}; add it to data/icons/names/{set_name}/ and run "
                        f"tools/vendor_icons.py", file=root / "icons" / f"{set_name}.json")
    width, height = data.get("sizes", {}).get(name, (data["width"], data["height"]))
    return parse_body(data["icons"][name], f"{set_name}-{name}-", f"{set_name}/{name}"), float(width), float(height)


def has_icon(set_name: str, name: str, root: Path = DEFAULT_DATA_DIR) -> bool:
    """Whether the vendored ``set_name`` holds ``name`` (for the data loaders' checks)."""
    return name in icon_set(set_name, root)["icons"]


def _recoloured(tree: ET.Element, recolour: Recolour) -> ET.Element:
    tree = copy.deepcopy(tree)
    for element in tree.iter():
        for key in _PAINT:
            value = element.get(key)
            if value and _HEX.match(value):
                element.set(key, recolour(_long_hex(value)))
        style = element.get("style")
        if style:
            parts = []
            for item in style.split(";"):
                m = _STYLE_ITEM.match(item)
                if m and m.group(1) in _PAINT and _HEX.match(m.group(2)):
                    parts.append(f"{m.group(1)}:{recolour(_long_hex(m.group(2)))}")
                elif item.strip():
                    parts.append(item.strip())
            element.set("style", ";".join(parts))
    return tree


def _long_hex(value: str) -> str:
    v = value.lstrip("#")
    return "#" + ("".join(c * 2 for c in v) if len(v) == 3 else v).upper()


def art_icon(set_name: str, name: str, x: float, y: float, size: float, recolour: Recolour | None = None,
             root: Path = DEFAULT_DATA_DIR) -> Group:
    """The full-colour icon ``name`` of ``set_name`` fitted in a ``size`` mm square whose
    top-left corner is (x, y) (mm), centred if the icon is not square.

    ``recolour`` maps every ``#RRGGBB`` paint of the icon to another (e.g. a paler one for
    the ink saver); None keeps the set's colours.

    Raises:
        DataError: unknown set or icon, or a body outside the allow-list.
    """
    tree, width, height = _tree(set_name, name, root)
    if recolour is not None:
        tree = _recoloured(tree, recolour)
    scale = size / max(width, height)
    dx = x + (size - width * scale) / 2
    dy = y + (size - height * scale) / 2
    # class and data-size mark the icon's square for the layout tests (tests/faceinspect.py).
    g = Group(transform=f"translate({_num(dx)},{_num(dy)}) scale({_num(scale)})", class_=f"icon art art-{set_name}",
              debug=False, **{"data-size": _num(max(width, height))})
    g.add(_Xml(tree))
    return g


def pale(colour: str, amount: float = 0.7) -> str:
    """``colour`` (#RRGGBB) mixed with white by ``amount`` (0 = unchanged, 1 = white): the ink
    saver's version of an illustration keeps its hues at a fraction of the ink."""
    v = _long_hex(colour).lstrip("#")
    rgb = [int(v[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(c + (255 - c) * amount):02X}" for c in rgb)


def sets_of_game(game_id: str, root: Path = DEFAULT_DATA_DIR) -> list[str]:
    """The vendored sets (other than game-icons, credited in every kit) that the game
    ``game_id`` declares it draws from: those with a ``data/icons/names/<set>/<game_id>.txt``
    (or ``<game_id>.<part>.txt``, e.g. ``<game_id>.money.txt``)."""
    names = root / "icons" / "names"
    found = {p.parent.name for pattern in (f"*/{game_id}.txt", f"*/{game_id}.*.txt") for p in names.glob(pattern)}
    return sorted(found - {"game-icons"})


def credits(set_names: list[str], root: Path = DEFAULT_DATA_DIR) -> list[tuple[str, str, str]]:
    """(title, author, licence) of each set, in the order given: names, not language; a
    kit's language puts them into its own sentence (``credits_art``)."""
    return [(icon_set(s, root).get("title", s), icon_set(s, root).get("author", "?"), icon_set(s, root).get("license", "?"))
            for s in set_names]


def sets_used(svg_texts: list[str]) -> list[str]:
    """The vendored sets whose icons appear in ``svg_texts`` (faces as SVG), sorted."""
    found: set[str] = set()
    for text in svg_texts:
        found.update(re.findall(r'class="icon art art-([a-z0-9-]+)"', text))
    return sorted(found)


def _num(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
