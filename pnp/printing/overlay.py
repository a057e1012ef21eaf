"""A sheet's overlay split for conversion: its plain lines as PDF path operators, the rest by CairoSVG.

An overlay (``pnp.printing.imposition.Sheet.overlay``: crop marks, the footer's ruler and
label, a tile's glue flaps and labels) is mostly straight lines at places the imposition
computed: a card sheet's overlay is some sixty ``<line>`` elements and two ``<text>``.
CairoSVG spends most of an overlay's conversion on those lines (each one parsed, styled and
drawn through Cairo), so ``split_overlay`` takes the plain ones out and
``line_operators`` writes them as PDF path operators (ISO 32000-1, 8.5): one ``m l S`` per
line, in the overlay's own millimetres, with SVG's stroke defaults (butt caps, miter joins,
miter limit 4, no dash).  Everything else stays SVG for CairoSVG.

A ``SheetOverlay`` made of parts (``pnp.printing.sheet_overlay``) is split from its values:
its ``MarkLines`` and ``Footer`` give their lines and texts as they are (nothing of them is
read back from SVG); only an ``ArtPart``'s source, and an overlay given as a whole document,
are read as SVG text (``_items``), since they have no values of their own.

Drawing order is kept: the parts come in the overlay's document order, each run of plain
lines between the SVG runs around it.  Each SVG part is converted once however many
overlays draw it; a line of text that overlays print alike at different places (a tile's
assembly note) is converted once and drawn moved (``Moved``).  A line is plain when it is a ``<line>`` with only
coordinates, an opaque ``#rrggbb`` stroke and a stroke width, and every group above it
carries nothing but an ``id`` (so nothing is inherited, transformed, clipped or faded).
An overlay this module cannot read safely (CSS, comments, references to drawn elements,
a root that is not a plain millimetre page) stays one SVG part, converted whole as before.

A part that is nothing but plain lines of text and plain boxes (a footer's label, the
ruler's "50 mm", a cutting note, a tile's map of labelled boxes: ``plain_page`` reads it) is
drawn by ``pnp.printing.pdf`` with Cairo's own calls, one call a line of text: CairoSVG sets
text one glyph at a time (each glyph measured, placed and its outline built), some 35 us a
glyph, which made these lines half of an overlay's conversion.  The glyphs land where
CairoSVG puts them (both take each glyph's advance from Cairo's toy font API, without
kerning), from the same fonts; a box is the path and paint CairoSVG gives it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: One plain line: x1, y1, x2, y2 (mm, y down, the overlay's user units), stroke colour
#: (r, g, b in 0..1) and stroke width (mm).
Line = tuple[float, float, float, float, tuple[float, float, float], float]

_TAG = re.compile(r"<(/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+=\"[^\"<>]*\")*)\s*(/?)>")
_ATTR = re.compile(r'([\w:.-]+)="([^"]*)"')
_HEX = re.compile(r"#([0-9A-Fa-f]{6})")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_N = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
#: A line as svgwrite writes one (``pnp.components.svg.line``: attributes in this order).
_SVGWRITE_LINE = re.compile(rf'<line stroke="#([0-9A-Fa-f]{{6}})" stroke-width="{_N}" x1="{_N}" x2="{_N}" '
                            rf'y1="{_N}" y2="{_N}" />')
_ROOT_ATTRS = {"baseProfile", "height", "version", "viewBox", "width", "xmlns", "xmlns:ev", "xmlns:xlink"}
_LINE_ATTRS = {"x1", "y1", "x2", "y2", "stroke", "stroke-width", "id"}
#: A line of text printed alike at several places is converted once and moved to each when
#: it is this long: a shorter one costs less to convert again than a part of its own
#: (measured on the kits' overlays: 10 to 60 characters cost the same; every line shared:
#: more; none: the kit with most tiles 0.02 s more).
MOVED_TEXT_MIN_CHARS = 20
_XY = re.compile(r'\s(?:x|y)="[^"]*"')
_PLAIN_ELEMENT = re.compile(r'<(?:text((?:\s+[\w:.-]+="[^"<>]*")*)\s*>([^<]*)</text>'
                            r'|rect((?:\s+[\w:.-]+="[^"<>]*")*)\s*/>)')
_RECT_ATTRS = {"fill", "stroke", "stroke-width", "x", "y", "width", "height"}
_TEXT_ATTRS = {"fill", "font-family", "font-size", "font-style", "font-weight", "text-anchor", "x", "y"}
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'"}
_REFERENCE = re.compile(r'(?:href="#|url\(#)([^")]+)')


@dataclass(frozen=True)
class Lines:
    """A run of plain lines, drawn in order."""

    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Moved:
    """An SVG part (a document, as ``SplitOverlay.parts`` holds them) drawn ``dx``, ``dy`` mm
    (right, down) from where the document has it: one line of text that several places
    print alike (a tile's assembly note at the foot of each tile) is converted once."""

    svg: str
    dx: float
    dy: float


@dataclass(frozen=True)
class SplitOverlay:
    """An overlay as parts in drawing order: ``Lines``, an SVG document (str) of the other
    elements, or such a document ``Moved``, on a page of the overlay's size.  ``size_mm``
    (width, height) is None when the overlay stayed whole (its one SVG part then gives the
    page its size)."""

    size_mm: tuple[float, float] | None
    parts: tuple[Lines | str | Moved, ...]
    #: The parts that are nothing but texts read from values (a footer's label), each with
    #: its texts as ``PlainText`` (what ``plain_page`` would read from it): (part, texts).
    plain: tuple[tuple[str, tuple["PlainText", ...]], ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class PlainText:
    """A ``<text>`` that ``plain_page`` found plain: what CairoSVG would draw, as Cairo's text
    call takes it.  ``size`` is the font size and ``x``, ``y`` the anchor point on the
    baseline, in the page's millimetres (y down); ``rgb`` the fill, each 0..1; ``slant``
    normal, italic or oblique; ``weight`` normal or bold; ``anchor`` start, middle or end."""

    family: str
    slant: str
    weight: str
    size: float
    rgb: tuple[float, float, float]
    anchor: str
    x: float
    y: float
    chars: str


@dataclass(frozen=True)
class PlainRect:
    """A ``<rect>`` that ``plain_page`` found plain: x, y, width, height and stroke width in
    the page's millimetres (y down), ``fill`` and ``stroke`` colours (r, g, b, each 0..1; no
    stroke: None)."""

    x: float
    y: float
    width: float
    height: float
    fill: tuple[float, float, float]
    stroke: tuple[float, float, float] | None
    stroke_width: float


@dataclass(frozen=True)
class _Text:
    """A ``<text>`` element at a plain x, y (mm): ``key`` is its source without them."""

    key: str
    x: float
    y: float
    source: str
    chars: int          # characters of text
    #: the text as ``plain_page`` reads it, when it is drawn from values and plain
    plain: "PlainText | None" = field(default=None, compare=False)


@dataclass
class _Node:
    tag: str
    attrs: str
    start: int
    end: int = -1
    children: list = None

    def attributes(self) -> dict[str, str]:
        return dict(_ATTR.findall(self.attrs))


def split_overlay(svg: str) -> SplitOverlay:
    """``svg`` (an overlay page, mm) as its plain lines and the SVG of everything else, in
    drawing order (see the module's docstring); the whole overlay as one SVG part when it
    cannot be read safely."""
    return split_overlays([svg])[svg]


def split_overlays(overlays) -> dict[str, SplitOverlay]:
    """Each of ``overlays`` (``SheetOverlay`` values, or SVG pages as text) split as
    ``split_overlay`` splits it, keyed by the overlay's SVG (``SheetOverlay.svg()``): a value
    is split from its parts (``_value_items``), to the same parts its SVG would give.  An element
    that two overlays or more draw alike (a tile's assembly note, the ruler's "50 mm")
    becomes an SVG part of its own, the same document for each, so that it is converted
    once; the other elements between two runs of lines stay together in one part."""
    read: dict[str, tuple | None] = {}
    for overlay in overlays:
        svg = overlay if isinstance(overlay, str) else overlay.svg()
        if svg not in read:
            value = None if isinstance(overlay, str) or overlay.document is not None else overlay
            read[svg] = _items(svg) if value is None else _value_items(value, svg)
    seen: dict[str, int] = {}           # element source (a text: its key) -> overlays drawing it
    first: dict[str, _Text] = {}        # a text's key -> where it is first drawn (its document's place)
    for found in read.values():
        for item in dict.fromkeys(i for i in (found[3] if found else ()) if not isinstance(i, Lines)):
            for key in ((item.source, item.key) if isinstance(item, _Text) else (item,)):
                seen[key] = seen.get(key, 0) + 1
            if isinstance(item, _Text):
                first.setdefault(item.key, item)
    plain_of = {item.source: item.plain for found in read.values() for item in (found[3] if found else ())
                if isinstance(item, _Text) and item.plain is not None}
    out = {}
    for svg, found in read.items():
        if found is None:
            out[svg] = SplitOverlay(None, (svg,))
            continue
        size, head, defs, items = found
        parts: list[Lines | str | Moved] = []
        run: list[str] = []
        plain: dict[str, tuple[PlainText, ...]] = {}

        def document(sources: list[str]) -> str:
            body = "".join(sources)
            # the defs only where the part refers to them: a part alike on two overlays
            # is then one document however their defs differ
            made = head + (defs if _REFERENCE.search(body) else "") + body + "</svg>"
            if all(source in plain_of for source in sources):
                plain[made] = tuple(plain_of[source] for source in sources)
            return made

        for item in items:
            if isinstance(item, _Text) and (seen[item.source] > 1 or item.chars < MOVED_TEXT_MIN_CHARS):
                item = item.source      # drawn alike at this very place elsewhere, or short
            elif isinstance(item, _Text) and seen[item.key] < 2:
                item = item.source
            if isinstance(item, str) and seen[item] < 2:
                run.append(item)
                continue
            if run:
                parts.append(document(run))
                run = []
            if isinstance(item, _Text):     # a text drawn alike elsewhere: its first place's document
                where = first[item.key]
                shared = document([where.source])
                dx, dy = item.x - where.x, item.y - where.y
                parts.append(Moved(shared, dx, dy) if (dx, dy) != (0.0, 0.0) else shared)
            else:
                parts.append(item if isinstance(item, Lines) else document([item]))
        if run:
            parts.append(document(run))
        out[svg] = SplitOverlay(size, tuple(parts), tuple(plain.items()))
    return out


def _value_items(overlay, svg: str) -> tuple | None:
    """``_items`` of a ``SheetOverlay`` made of parts, read from its values: a ``MarkLines``
    and a ``Footer`` give their lines and texts as they are; only an ``ArtPart``'s source is
    read as ``_items`` reads a document.  ``svg`` is ``overlay.svg()``."""
    from pnp.components.svg import line as svg_line, text as svg_text
    from pnp.printing.sheet_overlay import FOOTER_INK, RULER_MM, RULER_TEXT_MM, ArtPart, MarkLines

    if any(mark in svg for mark in ("<!--", "<![CDATA[", "<?", "<!DOCTYPE", "<style", " class=", " style=")):
        return None
    defined = set(re.findall(r'\bid="([^"]*)"', overlay.defs))
    if any(ref not in defined for ref in _REFERENCE.findall(svg)):
        return None
    items: list[Lines | str | _Text] = []
    lines: list[Line] = []

    def add_line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float) -> None:
        colour = _HEX.fullmatch(stroke)
        if colour is not None and width > 0:
            hex6 = colour.group(1)
            lines.append((float(x1), float(y1), float(x2), float(y2),
                          (int(hex6[0:2], 16) / 255, int(hex6[2:4], 16) / 255, int(hex6[4:6], 16) / 255),
                          float(width)))
        else:
            add_item(svg_line(x1, y1, x2, y2, stroke, width).tostring())

    def add_item(item: str | _Text) -> None:
        if lines:
            items.append(Lines(tuple(lines)))
            lines.clear()
        items.append(item)

    def add_text(x: float, y: float, chars: str, size: float, anchor: str, where: str) -> None:
        source = svg_text(x, y, chars, "body", size, FOOTER_INK, anchor=anchor, where=where).tostring()
        key = svg_text(0.0, 0.0, chars, "body", size, FOOTER_INK, anchor=anchor, where=where)
        del key.attribs["x"], key.attribs["y"]
        head = source.index(">") + 1
        plain = _value_text(key.attribs["font-family"], key.attribs["font-style"], key.attribs["font-weight"],
                            size, FOOTER_INK, anchor, x, y, chars)
        add_item(_Text(key.tostring(), float(x), float(y), source, len(source) - head - 7, plain))

    for part in overlay.parts:
        if isinstance(part, MarkLines):
            for ln in part.lines:
                add_line(ln.x1, ln.y1, ln.x2, ln.y2, ln.stroke, ln.width)
        elif isinstance(part, ArtPart):
            wrapped = "<g>" + part.svg + "</g>"
            tree = _tree(wrapped)
            if tree is None or any(node.tag == "defs" for node in tree.children):
                return _items(svg)      # read whole, as a document is read
            _walk(wrapped, tree.children, items, lines)
        else:
            for ln in part.ticks():
                add_line(ln.x1, ln.y1, ln.x2, ln.y2, ln.stroke, ln.width)
            add_text(part.label_x, part.baseline, part.shown(), part.size, "start", "sheet label")
            add_text(part.ruler_x + RULER_MM, part.baseline - 3.6, "50 mm", RULER_TEXT_MM, "end", "ruler")
    if lines:
        items.append(Lines(tuple(lines)))
    head = svg[:svg.index(">") + 1]
    defs = f"<defs>{overlay.defs}</defs>" if overlay.defs else "<defs />"
    from pnp.components.svg import _num     # the page's size as its root gives it

    return (float(_num(overlay.width)), float(_num(overlay.height))), head, defs, items


def _value_text(family: str, slant: str, weight: str, size: float, fill: str, anchor: str, x: float, y: float,
                chars: str) -> PlainText | None:
    """A text drawn from values as ``PlainText``, or None when ``plain_page`` would not take
    it as plain (then its part is read and drawn as SVG): the same rules, on the values."""
    rgb = _rgb(fill)
    if (rgb is None or not family or family != family.strip() or any(c in family for c in ",'\"&")
            or slant not in ("normal", "italic", "oblique") or weight not in ("normal", "bold")
            or anchor not in ("start", "middle", "end") or size <= 0):
        return None
    if not chars or chars != chars.strip(" ") or "  " in chars or any(c.isspace() and c != " " for c in chars):
        return None
    return PlainText(family, slant, weight, float(size), rgb, anchor, float(x), float(y), chars)


def _walk(svg: str, nodes, items: list, lines: list) -> None:
    """Read ``nodes`` (elements of ``svg``) into ``items`` and the open run of ``lines``, as
    ``_items`` reads a document's elements (a ``<defs>`` below the root is left out)."""
    for node in nodes:
        if node.tag == "defs":
            continue
        text = None
        if node.tag == "line":
            found = _SVGWRITE_LINE.fullmatch(svg, node.start, node.end)
            line = _line(*found.groups()) if found else _plain_line(node, node.attributes())
        else:
            node_attrs = node.attributes()
            if node.tag == "g" and set(node_attrs) <= {"id"}:
                _walk(svg, node.children, items, lines)
                continue
            line = None
            text = _placed_text(svg, node, node_attrs)
        if line is not None:
            lines.append(line)
            continue
        if lines:
            items.append(Lines(tuple(lines)))
            lines.clear()
        items.append(text or svg[node.start:node.end])
    return True


def _items(svg: str) -> tuple | None:
    """(page size mm, root tag, defs, items in drawing order) of an overlay: an item is a
    ``Lines`` run, a ``_Text`` or the source of one other element; None when ``svg`` cannot
    be read safely (then it is converted whole)."""
    if any(mark in svg for mark in ("<!--", "<![CDATA[", "<?", "<!DOCTYPE", "<style", " class=", " style=")):
        return None
    root = _tree(svg)
    if root is None or root.tag != "svg":
        return None
    attrs = root.attributes()
    size = _page_size(attrs)
    if size is None or not set(attrs) <= _ROOT_ATTRS:
        return None
    defs = [n for n in root.children if n.tag == "defs"]
    defined = {m for n in defs for m in re.findall(r'\bid="([^"]*)"', svg[n.start:n.end])}
    if any(ref not in defined for ref in _REFERENCE.findall(svg)):
        return None         # something refers to a drawn element: keep them in one document
    head = svg[root.start:svg.index(">", root.start) + 1]
    items: list[Lines | str | _Text] = []
    lines: list[Line] = []

    _walk(svg, root.children, items, lines)
    if lines:
        items.append(Lines(tuple(lines)))
    return size, head, "".join(svg[n.start:n.end] for n in defs), items


def plain_page(svg: str) -> tuple[tuple[float, float], tuple[PlainText | PlainRect, ...]] | None:
    """(page size mm, its elements in drawing order) of a page that holds nothing but plain
    ``<text>`` and ``<rect>`` elements under a plain millimetre root, as ``split_overlays``
    writes a part of them; None for any other page (it goes to CairoSVG).

    A text is plain when it has a ``#rrggbb`` fill, one font family, a number for font size,
    x and y, ``font-style`` normal/italic/oblique, ``font-weight`` normal/bold and
    ``text-anchor`` start/middle/end (or none of these three), no other attribute, no child,
    and characters that CairoSVG keeps as they are (no leading, trailing, double or non-space
    white space; only XML's five named entities).  A box is plain when it has numbers for x,
    y, a width and a height above 0, a ``#rrggbb`` fill, and either no stroke or a
    ``#rrggbb`` stroke with a stroke width above 0 (no rounded corners, no opacity)."""
    head = _TAG.match(svg)
    if head is None or head.group(1) or head.group(2) != "svg" or head.group(4) or not svg.endswith("</svg>"):
        return None
    attrs = dict(_ATTR.findall(head.group(3)))
    size = _page_size(attrs)
    if size is None or not set(attrs) <= _ROOT_ATTRS:
        return None
    body, position, items = svg[head.end():-len("</svg>")], 0, []
    for match in _PLAIN_ELEMENT.finditer(body):
        if match.start() != position:
            return None
        position = match.end()
        text_attrs, chars, rect_attrs = match.groups()
        if rect_attrs is not None:
            item = _plain_rect(dict(_ATTR.findall(rect_attrs)))
        else:
            item = _plain_text(dict(_ATTR.findall(text_attrs)), chars)
        if item is None:
            return None
        items.append(item)
    if position != len(body) or not items:
        return None
    return size, tuple(items)


def _rgb(colour: str) -> tuple[float, float, float] | None:
    found = _HEX.fullmatch(colour)
    if found is None:
        return None
    hex6 = found.group(1)
    return int(hex6[0:2], 16) / 255, int(hex6[2:4], 16) / 255, int(hex6[4:6], 16) / 255


def _plain_rect(attrs: dict[str, str]) -> PlainRect | None:
    if not set(attrs) <= _RECT_ATTRS or not {"fill", "x", "y", "width", "height"} <= set(attrs):
        return None
    fill = _rgb(attrs["fill"])
    stroke = _rgb(attrs["stroke"]) if "stroke" in attrs else None
    numbers = [attrs[k] for k in ("x", "y", "width", "height")] + [attrs.get("stroke-width", "1")]
    if fill is None or ("stroke" in attrs and stroke is None) or not all(_NUMBER.fullmatch(v) for v in numbers):
        return None
    x, y, width, height, stroke_width = (float(v) for v in numbers)
    if width <= 0 or height <= 0 or (stroke is not None and stroke_width <= 0):
        return None
    return PlainRect(x, y, width, height, fill, stroke, stroke_width)


def _plain_text(attrs: dict[str, str], source: str) -> PlainText | None:
    if not set(attrs) <= _TEXT_ATTRS or not {"fill", "font-family", "font-size", "x", "y"} <= set(attrs):
        return None
    fill, family = _rgb(attrs["fill"]), attrs["font-family"]
    slant, weight = attrs.get("font-style", "normal"), attrs.get("font-weight", "normal")
    anchor = attrs.get("text-anchor", "start")
    numbers = [attrs[k] for k in ("font-size", "x", "y")]
    if (fill is None or not family or family != family.strip() or any(c in family for c in ",'\"&")
            or slant not in ("normal", "italic", "oblique") or weight not in ("normal", "bold")
            or anchor not in ("start", "middle", "end") or not all(_NUMBER.fullmatch(v) for v in numbers)):
        return None
    if re.search(r"&(?!(?:amp|lt|gt|quot|apos);)", source):
        return None
    chars = re.sub(r"&(?:amp|lt|gt|quot|apos);", lambda m: _ENTITIES[m.group(0)], source)
    if (not chars or chars != chars.strip(" ") or "  " in chars
            or any(c.isspace() and c != " " for c in chars)):
        return None
    font_size, x, y = (float(v) for v in numbers)
    if font_size <= 0:
        return None
    return PlainText(family, slant, weight, font_size, fill, anchor, x, y, chars)


def line_operators(lines: Lines, height_mm: float) -> str:
    """PDF content-stream operators that draw ``lines`` on a page ``height_mm`` tall: in a
    frame of millimetres with y down (the overlay's), each line its own ``m l S`` so that a
    reader of the page meets every mark as a path of its own."""
    k = 72 / 25.4
    ops = [f"q {_num(k)} 0 0 {_num(-k)} 0 {_num(height_mm * k)} cm", "0 J 0 j 4 M [] 0 d"]
    style = None
    for x1, y1, x2, y2, colour, width in lines.lines:
        if (colour, width) != style:
            style = (colour, width)
            ops.append(f"{' '.join(_num(c) for c in colour)} RG {_num(width)} w")
        ops.append(f"{_num(x1)} {_num(y1)} m {_num(x2)} {_num(y2)} l S")
    ops.append("Q")
    return "\n".join(ops) + "\n"


def _tree(svg: str) -> _Node | None:
    """The element tree of ``svg`` (tags, attribute text, source span), or None when a tag
    does not read as a plain element or the tags do not nest."""
    stack: list[_Node] = []
    root = None
    position = 0
    for match in _TAG.finditer(svg):
        if svg.find("<", position, match.start()) != -1:
            return None         # a tag the pattern could not read
        position = match.end()
        closing, tag, attrs, empty = match.groups()
        if closing:
            if not stack or stack[-1].tag != tag or attrs or empty:
                return None
            stack.pop().end = match.end()
            continue
        node = _Node(tag, attrs, match.start(), children=[])
        if stack:
            stack[-1].children.append(node)
        elif root is None:
            root = node
        else:
            return None
        if empty:
            node.end = match.end()
        else:
            stack.append(node)
    if stack or root is None or svg.find("<", position) != -1:
        return None
    return root


def _page_size(attrs: dict[str, str]) -> tuple[float, float] | None:
    """(width, height) mm of a root whose viewBox is ``0 0 W H`` and whose size is ``Wmm`` by
    ``Hmm`` (one user unit a millimetre); None otherwise."""
    box = attrs.get("viewBox", "").replace(",", " ").split()
    width, height = attrs.get("width", ""), attrs.get("height", "")
    if len(box) != 4 or not width.endswith("mm") or not height.endswith("mm"):
        return None
    try:
        x, y, w, h = (float(v) for v in box)
        if x != 0 or y != 0 or abs(float(width[:-2]) - w) > 1e-9 or abs(float(height[:-2]) - h) > 1e-9:
            return None
    except ValueError:
        return None
    return w, h


def _placed_text(svg: str, node: _Node, attrs: dict[str, str]) -> _Text | None:
    """``node`` as a ``_Text`` when it is a ``<text>`` of plain characters at one x, y (no
    transform, no per-glyph positions); None otherwise."""
    if node.tag != "text" or node.children or {"transform", "dx", "dy", "rotate"} & set(attrs):
        return None
    x, y = attrs.get("x", "").strip(), attrs.get("y", "").strip()
    if not (_NUMBER.fullmatch(x) and _NUMBER.fullmatch(y)):
        return None
    source = svg[node.start:node.end]
    head = source.index(">") + 1
    return _Text(_XY.sub("", source[:head]) + source[head:], float(x), float(y), source, len(source) - head - 7)


def _plain_line(node: _Node, attrs: dict[str, str]) -> Line | None:
    if node.tag != "line" or node.children or not set(attrs) <= _LINE_ATTRS:
        return None
    colour = _HEX.fullmatch(attrs.get("stroke", ""))
    values = [attrs.get(k, "0").strip() for k in ("x1", "y1", "x2", "y2")] + [attrs.get("stroke-width", "1").strip()]
    if colour is None or not all(_NUMBER.fullmatch(v) for v in values):
        return None
    x1, y1, x2, y2, width = values
    return _line(colour.group(1), width, x1, x2, y1, y2)


def _line(colour: str, width: str, x1: str, x2: str, y1: str, y2: str) -> Line | None:
    """A plain line from its attributes' text (``colour`` six hex digits, numbers checked)."""
    if float(width) <= 0:
        return None
    rgb = (int(colour[0:2], 16) / 255, int(colour[2:4], 16) / 255, int(colour[4:6], 16) / 255)
    return float(x1), float(y1), float(x2), float(y2), rgb, float(width)


def pdf_number(v: float) -> str:
    """A number for a content stream: six decimals (a millionth of a point or millimetre),
    no trailing zeros or point, never "-0"."""
    text = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_num = pdf_number
