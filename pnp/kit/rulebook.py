"""Rules sheets: Jinja2 Markdown templates + model numbers -> a two-column reportlab PDF.

Source of the text: ``data/<game>/rules/<lang>.md.j2`` (Markdown with Jinja2 tags).  Every
number in it comes from the loaded model through ``rules_context`` (start money, prices,
deck sizes ...), every good and city name from ``data/<game>/lang/<lang>.yaml``, so the
printed rules cannot drift from the data the kit and the engine use.

Pipeline::

    rules_context(game, variant, lang)   -> dict of template variables (the game's kit recipe)
    render_rules_markdown(...)           -> Markdown text (Jinja2, StrictUndefined)
    markdown-it-py syntax tree           -> reportlab flowables (headings, paragraphs,
                                            lists, tables, shaded example boxes)
    BaseDocTemplate, 2 columns           -> PDF (fonts from fonts/ only, subset, invariant)

Markdown conventions of the templates: ``#`` is the title (with everything before the
first ``##`` it forms the title block across the page); ``##`` a section; ``###`` a
sub-section; a block quote ``>`` is an example and is printed in a shaded box; tables
are GitHub-style pipe tables.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, BinaryIO
from xml.sax.saxutils import escape

from pnp.model.catalog import read_yaml
from pnp.errors import DataError, FontError, LayoutError, UsageError
from pnp.components.fonts import font, missing_glyphs, register_reportlab

MM = 72.0 / 25.4  # PDF points per millimetre

#: Paper sizes in millimetres (width, height), portrait.
PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

#: Page margins in millimetres (every side); the brief asks for at least 12 mm.
MARGIN_MM = 14.0
#: Gap between the two text columns, millimetres.
GUTTER_MM = 6.0
#: Height of the title block on the first page, millimetres.
TITLE_BLOCK_MM = 34.0

#: Body text sizes in points, tried largest first (see ``render_rules_pdf``).
BODY_SIZES = (8.8, 8.6, 8.4, 8.2)

INK = "#2B2118"
ACCENT = "#8C2F1B"
SHADE = "#F4EBDA"
RULE = "#C9B48F"
HIGHLIGHT = "#EED9A8"


# ----------------------------------------------------------------------------- context
def rules_context(game, variant, lang: str) -> dict[str, Any]:
    """All variables the rules template of ``game`` uses for ``variant`` and ``lang``.

    Each game's registry entry names its rules module (``pnp.registry.Game.rules``), whose
    ``rules_context(game, variant, lang)`` this calls.  ``variant`` may be a ``Variant`` or a
    player count (the data's default set-up).

    Raises:
        VariantError: a player count outside the game's range.
        UsageError: no language file for ``lang``; the game is not installed.
        DataError: a malformed language file.
    """
    from pnp.registry import game as registered

    return registered(game.id).module("rules").rules_context(game, as_variant(game, variant), lang)


def as_variant(game, variant):
    """``variant`` itself, or ``game.variant(players)`` for a bare player count."""
    return game.variant(variant) if isinstance(variant, int) else variant


def lang_strings(folder: Path, root: Path, lang: str) -> dict[str, Any]:
    """``{"game": <data/<game>/lang/<lang>.yaml>, "common": <data/common/lang/<lang>.yaml>}``
    as plain mappings.  Raises ``UsageError`` (key ``--lang``) when the game has no rules
    template or language file for ``lang``."""
    path = folder / "lang" / f"{lang}.yaml"
    if not path.is_file() or not (folder / "rules" / f"{lang}.md.j2").is_file():
        known = sorted(p.stem for p in (folder / "rules").glob("*.md.j2"))
        raise UsageError(f"no rules in language '{lang}'; languages: {', '.join(known) or 'none'}", key="--lang")
    game_strings = read_yaml(path).mapping()
    common_path = root / "common" / "lang" / f"{lang}.yaml"
    common = read_yaml(common_path).mapping() if common_path.is_file() else {}
    return {"game": game_strings, "common": common}


# ---------------------------------------------------------------------------- template
def _join_and(items, word: str) -> str:
    """``['a', 'b', 'c'] | join_and('and')`` -> ``'a, b and c'``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


#: Characters that change the meaning of Markdown text in any position we put data into
#: (table cells, emphasis, links, code, escapes).  ``_`` only matters where it can open or
#: close emphasis, so a lower-case identifier (``camel_occupied``) is left as it is.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|<>#])")
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9_-]*$")


def escape_markdown(text: str) -> str:
    """``text`` with every Markdown-special character backslash-escaped, so a data string
    (``Silk | Cloth``, ``*Rare*``) prints as typed in a paragraph or a table cell; lower-case
    identifiers are returned unchanged (templates compare ids with literals)."""
    if _IDENTIFIER.match(text):
        return text
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def escape_context(value: Any) -> Any:
    """A copy of a rules-template context with every string escaped (``escape_markdown``);
    keys, numbers and everything else unchanged.  Templates add Markdown themselves."""
    if isinstance(value, str):
        return escape_markdown(value)
    if isinstance(value, dict):
        return {key: escape_context(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(escape_context(item) for item in value)
    return value


@lru_cache(maxsize=None)
def _plural_rule(lang: str):
    """CLDR plural rule of ``lang`` (``pt-BR`` -> pt_BR); a region or private-use tag that CLDR
    does not know (the pseudo-language ``en-XA``) takes its language's rule (``en``)."""
    from babel import Locale, UnknownLocaleError

    for code in dict.fromkeys((lang.replace("-", "_"), lang.split("-")[0])):
        try:
            return Locale.parse(code).plural_form
        except (UnknownLocaleError, ValueError):
            continue
    raise UsageError(f"no CLDR plural rules for language '{lang}'", key="--lang")


def plural_filter(lang: str):
    """The ``plural`` filter of the rules templates for ``lang``.

    ``{{ n|plural("camel", "camels") }}`` -> ``"1 camel"`` / ``"2 camels"``: the number and
    the noun form that CLDR's plural rules (Babel) give for ``n`` in ``lang``.  Forms are
    given in CLDR category order (``one``, ``two``, ``few``, ``many``, ``other``), only the
    categories the language uses (English and Danish: ``one``, ``other``), or by name
    (``plural(one="kort", other="kort")``).  ``bare=true`` leaves the number out.

    Raises:
        DataError (via the template): fewer forms than the language's categories.
    """
    rule = _plural_rule(lang)
    order = ("one", "two", "few", "many", "other")
    categories = [c for c in order if c in rule.tags or c == "other"]

    def plural(n, *forms: str, bare: bool = False, **named: str) -> str:
        if isinstance(n, bool) or not isinstance(n, (int, float)):
            text = str(n)   # an undefined variable raises its own, clearer error here
            raise TypeError(f"plural() needs a number, got {text!r}")
        by_category = dict(zip(categories, forms)) | named
        missing = [c for c in categories if c not in by_category]
        if missing:
            raise ValueError(f"plural() of {n} needs the form(s) {', '.join(missing)} "
                             f"(language '{lang}' has {', '.join(categories)})")
        word = by_category[rule(n)]
        return word if bare else f"{n} {word}"

    return plural


def template_path(game, lang: str) -> Path:
    """``data/<game>/rules/<lang>.md.j2``."""
    return game.folder / "rules" / f"{lang}.md.j2"


#: A figure in the Markdown text: a paragraph of its own, ``[[figure NAME | caption]]``.
FIGURE_MARK = re.compile(r"^\[\[figure ([a-z0-9_-]+)(?: \| (.*))?\]\]$", re.S)


def _figure_marker(name: str, caption: str = "") -> str:
    """Template function ``figure(name, caption)``: the marker paragraph the PDF builder
    replaces with the game's drawing ``name`` (``figures()`` of the game's rules module)."""
    return f"\n\n[[figure {name} | {caption}]]\n\n" if caption else f"\n\n[[figure {name}]]\n\n"


def render_rules_markdown(game, variant, lang: str, template: Path | None = None,
                          context: dict[str, Any] | None = None) -> str:
    """The rules of ``game`` for ``variant`` (a ``Variant`` or a player count) in ``lang``
    as Markdown text.  ``context`` replaces ``rules_context``'s variables (tests use it to
    render a template with any number).  Every string of the context is escaped for
    Markdown (``escape_context``); counted nouns take the ``plural`` filter.

    Raises:
        DataError: the template has a syntax error or uses a variable the context lacks
            (names the template file, and the line where Jinja knows it).
        FontError: the text holds a character that the kit's fonts lack (names the template
            and the line of the rendered text).
        VariantError, UsageError: see ``rules_context``.
    """
    import jinja2

    context = escape_context(rules_context(game, variant, lang) if context is None else context)
    path = template or template_path(game, lang)
    try:
        mtime = path.stat().st_mtime_ns if path.is_file() else 0
        text = _template(path, lang, mtime, game.folder.parent).render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise DataError(f"template syntax error: {exc.message}", file=path, key=f"line {exc.lineno}") from None
    except jinja2.TemplateNotFound:
        raise DataError("rules template not found", file=path) from None
    except (jinja2.UndefinedError, TypeError, KeyError, ValueError, AttributeError) as exc:
        raise DataError(f"template error: {exc}", file=path, key=_template_line(exc, path)) from None
    _check_glyphs(text, path)
    return text


@lru_cache(maxsize=32)
def _template(path: Path, lang: str, mtime_ns: int, root: Path):
    """The compiled Jinja2 template at ``path`` (cached per file version: a rules sheet is
    rendered once per tried body size), with the number and typography filters of ``lang``
    from the data folder ``root`` (``pnp.model.locale``)."""
    import jinja2

    from pnp.model.locale import locale_for

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(path.parent)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["join_and"] = _join_and
    env.filters["plural"] = plural_filter(lang)
    env.filters.update(locale_for(root, lang).filters())   # num, signed, range, quote
    env.globals["figure"] = _figure_marker
    return env.get_template(path.name)


def _template_line(exc: BaseException, path: Path) -> str | None:
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == str(path):
            line = tb.tb_lineno
        tb = tb.tb_next
    return f"line {line}" if line else None


def _check_glyphs(text: str, path: Path) -> None:
    roles = ("body", "bold", "italic", "display")
    for role in roles:
        missing = missing_glyphs(text, role)
        if missing:
            first = missing[0]
            line = next(i for i, l in enumerate(text.splitlines(), 1) if first in l)
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            raise FontError(
                f"font {font(role).file.name} has no glyph for {shown} (rendered text line {line})",
                file=path,
            )


# ------------------------------------------------------------------------------ styles
def _styles(lang: str, size: float = 8.8, root: Path | None = None) -> dict[str, Any]:
    """Paragraph styles; ``size`` is the body text size in points (others follow it).
    Hyphenation: pyphen patterns plus the exceptions of ``root`` (``pnp.model.hyphenation``)."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle

    register_reportlab()
    body, bold, italic = font("body").reportlab_name, font("bold").reportlab_name, font("italic").reportlab_name
    display = font("display").reportlab_name
    from pnp.model.catalog import data_dir
    from pnp.model.hyphenation import hyphenator_for

    hyph = hyphenator_for(data_dir(root), lang)
    ink, accent = HexColor(INK), HexColor(ACCENT)
    base = ParagraphStyle(
        "body", fontName=body, fontSize=size, leading=round(size * 1.32, 2), textColor=ink, alignment=TA_JUSTIFY,
        spaceAfter=4.2, hyphenationLang=hyph, hyphenationMinWordLength=6, embeddedHyphenation=1,
        uriWasteReduce=0.3, allowWidows=0, allowOrphans=0,
    )
    return {
        "body": base,
        "item": ParagraphStyle("item", parent=base, spaceAfter=1.8, alignment=TA_LEFT),
        "example": ParagraphStyle("example", parent=base, fontSize=size - 0.4, leading=round((size - 0.4) * 1.3, 2),
                                  spaceAfter=2.5),
        "title": ParagraphStyle("title", fontName=display, fontSize=34, leading=36, textColor=accent,
                                alignment=TA_CENTER, spaceAfter=2),
        "lead": ParagraphStyle("lead", parent=base, fontName=italic, fontSize=10.5, leading=13.5,
                               alignment=TA_CENTER, spaceAfter=1.5, hyphenationLang="",
                               textColor=HexColor("#5A4632")),
        "intro": ParagraphStyle("intro", parent=base, fontSize=9.6, leading=12.5, alignment=TA_CENTER,
                                spaceBefore=3, hyphenationLang=""),
        "h2": ParagraphStyle("h2", fontName=display, fontSize=13.5, leading=16, textColor=accent,
                             spaceBefore=7, spaceAfter=2.5, keepWithNext=1, alignment=TA_LEFT),
        "h3": ParagraphStyle("h3", fontName=bold, fontSize=9.4, leading=12, textColor=accent,
                             spaceBefore=3.5, spaceAfter=1.5, keepWithNext=1, alignment=TA_LEFT),
        "cell": ParagraphStyle("cell", fontName=body, fontSize=7.6, leading=9, textColor=ink, alignment=TA_CENTER),
        "cell_left": ParagraphStyle("cell_left", fontName=body, fontSize=7.6, leading=9, textColor=ink,
                                    alignment=TA_LEFT),
        "head_cell": ParagraphStyle("head_cell", fontName=bold, fontSize=7.6, leading=9, textColor=HexColor("#FFFFFF"),
                                    alignment=TA_CENTER),
        "caption": ParagraphStyle("caption", parent=base, fontName=italic, fontSize=size - 1.2,
                                  leading=round((size - 1.2) * 1.28, 2), alignment=TA_CENTER, spaceBefore=1.5,
                                  spaceAfter=6, hyphenationLang=""),
        "aid_title": ParagraphStyle("aid_title", fontName=display, fontSize=12.5, leading=14.5, textColor=accent,
                                    alignment=TA_CENTER, spaceAfter=2),
        "footer": ParagraphStyle("footer", fontName=body, fontSize=7, leading=8, textColor=HexColor("#6B5B45")),
        "_fonts": {"body": body, "bold": bold, "italic": italic, "display": display},
    }


# -------------------------------------------------------------------- Markdown -> flowables
def _inline(node) -> str:
    """reportlab paragraph markup for a markdown-it inline node's children."""
    out = []
    for child in node.children:
        t = child.type
        if t == "text":
            out.append(escape(child.content))
        elif t == "strong":
            out.append(f"<b>{_inline(child)}</b>")
        elif t == "em":
            out.append(f"<i>{_inline(child)}</i>")
        elif t == "softbreak":
            out.append(" ")
        elif t == "hardbreak":
            out.append("<br/>")
        elif t == "code_inline":
            out.append(escape(child.content))
        elif child.children:
            out.append(_inline(child))
        else:
            out.append(escape(child.content or ""))
    return "".join(out)


def _inline_of(block) -> str:
    """Markup of a heading/paragraph/cell node (their single child is the inline node)."""
    return "".join(_inline(c) for c in block.children if c.type == "inline")


class _Builder:
    """Walks a markdown-it ``SyntaxTreeNode`` and emits flowables for one column width."""

    def __init__(self, styles: dict[str, Any], column_width: float, figures: dict[str, Any] | None = None,
                 source: Path | None = None):
        self.s = styles
        self.width = column_width
        self.figures = figures or {}
        self.source = source
        self.used: list[str] = []

    def document(self, root) -> tuple[list, list]:
        """(title block flowables, body flowables)."""
        title, body = [], []
        target = title
        for node in root.children:
            if node.type == "heading" and node.tag != "h1":
                target = body
            if target is title:
                target.extend(self._title_block(node))
            else:
                target.extend(self.block(node, self.width))
        return title, body

    def _title_block(self, node) -> list:
        """Title (h1), then a subtitle line (italic), then intro paragraphs (centred)."""
        from reportlab.platypus import Paragraph

        if node.type == "heading":
            self._title_paragraphs = 0
            return [Paragraph(_inline_of(node), self.s["title"])]
        if node.type == "paragraph":
            self._title_paragraphs = getattr(self, "_title_paragraphs", 0) + 1
            return [Paragraph(_inline_of(node), self.s["lead" if self._title_paragraphs == 1 else "intro"])]
        return self.block(node, self.width)

    def block(self, node, width: float, style: str = "body") -> list:
        from reportlab.platypus import Paragraph

        t = node.type
        if t == "heading":
            from reportlab.platypus import CondPageBreak

            style = self.s["h3" if node.tag in ("h3", "h4", "h5", "h6") else "h2"]
            # No heading at the foot of a column: move on unless it and ~3 lines fit.
            guard = style.spaceBefore + style.leading + 3.5 * self.s["body"].leading
            return [CondPageBreak(guard), Paragraph(_inline_of(node), style)]
        if t == "paragraph":
            raw = "".join(c.content for c in node.children if c.type == "inline").strip()
            mark = FIGURE_MARK.match(raw)
            if mark:
                return [self._figure(mark.group(1), (mark.group(2) or "").strip())]
            return [Paragraph(_inline_of(node), self.s[style])]
        if t in ("bullet_list", "ordered_list"):
            return [self._list(node, width, style)]
        if t == "blockquote":
            return [_named(self._example(node, width), "example box", node)]
        if t == "table":
            return [_named(self._table(node, width), "table", node)]
        if t == "hr":
            from reportlab.platypus import Spacer

            return [Spacer(1, 4)]
        return []

    def _figure(self, name: str, caption: str):
        """The game's drawing ``name`` centred in the column, its caption (real text) below."""
        from reportlab.platypus import KeepTogether, Paragraph, Spacer

        if name not in self.figures:
            known = ", ".join(sorted(self.figures)) or "none"
            raise DataError(f"no figure '{name}' (the game draws: {known})", file=self.source)
        self.used.append(name)
        drawing = self.figures[name]
        drawing.hAlign = "CENTER"
        parts = [Spacer(1, 2), drawing]
        if caption:
            md = __import__("markdown_it").MarkdownIt("commonmark")
            from markdown_it.tree import SyntaxTreeNode

            tree = SyntaxTreeNode(md.parse(caption))
            markup = "".join(_inline_of(b) for b in tree.children if b.type == "paragraph")
            parts.append(Paragraph(markup, self.s["caption"]))
        else:
            parts.append(Spacer(1, 5))
        return KeepTogether(parts)

    def _list(self, node, width: float, style: str):
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import ListFlowable, ListItem

        ordered = node.type == "ordered_list"
        indent = 11 if ordered else 9
        item_style = "item" if style == "body" else style
        items = []
        for li in node.children:
            content = []
            for child in li.children:
                content.extend(self.block(child, width - indent, item_style))
            items.append(ListItem(content, leftIndent=indent))
        kwargs = dict(leftIndent=indent, bulletFontName=self.s["_fonts"]["bold" if ordered else "body"],
                      bulletFontSize=8.4, bulletColor=HexColor(ACCENT), spaceAfter=3)
        if ordered:
            return ListFlowable(items, bulletType="1", bulletFormat="%s.", **kwargs)
        return ListFlowable(items, bulletType="bullet", start="•", **kwargs)

    def _example(self, node, width: float):
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import Table, TableStyle

        pad = 5
        inner = []
        for child in node.children:
            inner.extend(self.block(child, width - 2 * pad - 2, "example"))
        t = Table([[inner]], colWidths=[width])
        t.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, -1), self.s["_fonts"]["body"]),
            ("BACKGROUND", (0, 0), (-1, -1), HexColor(SHADE)),
            ("LINEBEFORE", (0, 0), (0, -1), 2, HexColor(ACCENT)),
            ("LEFTPADDING", (0, 0), (-1, -1), pad + 1),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]))
        t.spaceBefore, t.spaceAfter = 2, 6
        return t

    def _table(self, node, width: float):
        from reportlab.lib.colors import HexColor
        from reportlab.pdfbase.pdfmetrics import stringWidth
        from reportlab.platypus import Paragraph, Table, TableStyle

        rows, aligns = [], []
        for section in node.children:  # thead, tbody
            for tr in section.children:
                cells = []
                row_align = []
                for cell in tr.children:
                    cells.append((cell.type == "th", _inline_of(cell)))
                    style = (cell.attrs or {}).get("style", "")
                    row_align.append("left" if "left" in str(style) else "center")
                rows.append(cells)
                aligns.append(row_align)
        ncols = max(len(r) for r in rows)
        # First column as wide as its widest entry; the rest share what is left.
        f = self.s["_fonts"]["bold"]
        first = max(stringWidth(_plain(text), f, 7.6) for r in rows for _, text in r[:1]) + 8
        first = min(first, width * 0.45)
        rest = (width - first) / max(1, ncols - 1)
        # A bold header cell (``**2**``) marks a column (this sheet's variant): shaded, bold.
        marked = {i for i, (is_head, text) in enumerate(rows[0]) if i and is_head and text.startswith("<b>")}
        data = []
        for r_index, (r, row_align) in enumerate(zip(rows, aligns)):
            line = []
            for c_index, (is_head, text) in enumerate(r):
                if is_head:
                    st = self.s["head_cell"]
                    if c_index == 0:
                        st = _with(st, alignment=0)
                elif c_index == 0 or row_align[c_index] == "left":
                    st = self.s["cell_left"]
                    if c_index == 0:
                        text = f"<b>{text}</b>"
                else:
                    st = self.s["cell"]
                    if c_index in marked and not text.startswith("<b>"):
                        text = f"<b>{text}</b>"
                line.append(Paragraph(text, st))
            line += [""] * (ncols - len(line))
            data.append(line)
        t = Table(data, colWidths=[first] + [rest] * (ncols - 1), repeatRows=1)
        commands = [
            ("FONTNAME", (0, 0), (-1, -1), self.s["_fonts"]["body"]),
            ("BACKGROUND", (0, 0), (-1, 0), HexColor(ACCENT)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
            ("LINEBELOW", (0, -1), (-1, -1), 0.6, HexColor(ACCENT)),
        ]
        for i in range(1, len(data)):
            if i % 2 == 0:
                commands.append(("BACKGROUND", (0, i), (-1, i), HexColor(SHADE)))
        for c_index in marked:
            commands.append(("BACKGROUND", (c_index, 1), (c_index, -1), HexColor(HIGHLIGHT)))
        t.setStyle(TableStyle(commands))
        t.spaceBefore, t.spaceAfter = 2, 7
        return t


def _named(flowable, kind: str, node):
    """Tag ``flowable`` with where it comes from (kind, first words, rendered line), for
    layout errors."""
    words = " ".join(_plain(_inline_of(n)) for n in node.children[:1] if n.type != "table")
    if not words:
        words = " ".join(_plain(_inline_of(c)) for c in getattr(node.children[0], "children", [])[:1]) if node.children else ""
    line = f", rendered line {node.map[0] + 1}" if node.map else ""
    excerpt = (words[:40] + "…") if len(words) > 40 else words
    flowable._pnp_source = f"{kind} '{excerpt}'{line}" if excerpt else f"{kind}{line}"
    return flowable


def _tie(text: str, currency: str | None) -> str:
    """Non-breaking spaces that keep '200 Piaster' and '30 × 5' on one line."""
    import re

    if currency:
        text = re.sub(rf"(\d) ({re.escape(currency)})\b", "\\1\u00a0\\2", text)
    return re.sub(r"(\d) × (\d)", "\\1\u00a0×\u00a0\\2", text)


def _with(style, **changes):
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(style.name + "+", parent=style, **changes)


def _plain(markup: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", markup).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")


# ---------------------------------------------------------------------------------- PDF
def render_rules_pdf(game, variant, lang: str, paper: str, out: str | Path | BinaryIO) -> int:
    """Render the rules sheet of ``game`` for ``variant`` in ``lang`` on ``paper``.

    Args:
        game: loaded model (``pnp.model.load_game``).
        variant: the ``Variant`` the sheet is for (its deck, its numbers), or a player
            count (the data's default set-up for it).
        lang: language code with ``data/<game>/rules/<lang>.md.j2`` and ``lang/<lang>.yaml``.
        paper: ``"a4"`` (210 x 297 mm) or ``"letter"`` (215.9 x 279.4 mm); every page's
            MediaBox is exactly that size, margins ``MARGIN_MM`` (14 mm).
        out: a file path (written only when the whole PDF is ready: no partial file on
            error) or a writable binary file object.

    Returns:
        The number of pages.

    The PDF uses only the kit's fonts (``pnp.components.fonts``: Lato body, Caladea headings),
    embedded and subset; its text is extractable; metadata title ``"<title> — <rules>"``,
    subject and keywords name game, player count and language.  Output is deterministic
    (reportlab invariant mode): equal inputs give byte-identical files.

    Raises:
        UsageError: unknown paper or language.
        VariantError: unsupported player count.
        DataError: template error (names the template file).
        FontError: a character the fonts lack (names the template file).
        OutputError: the output path cannot be written.
    """
    if paper not in PAPER_MM:
        raise UsageError(f"unknown paper '{paper}'; choose one of {', '.join(PAPER_MM)}", key="--paper")
    strings = lang_strings(game.folder, game.folder.parent, lang)["game"]
    variant = as_variant(game, variant)
    players = variant.players
    currency = strings.get("currency")
    text = _tie(render_rules_markdown(game, variant, lang), currency)
    aid_path = aid_template_path(game, lang)
    aid = _tie(render_rules_markdown(game, variant, lang, aid_path), currency) if aid_path.is_file() else None
    figures = game_figures(game, variant, lang, column_width(paper))
    sheet = _Sheet(game, players, lang, paper, text, strings, figures, aid)

    # Largest body size that needs no more pages than the smallest would (so a few
    # overflowing lines shrink the type a little instead of starting a near-empty page).
    largest, smallest = BODY_SIZES[0], BODY_SIZES[-1]
    best = _build_pdf(sheet, largest)
    fewest = _build_pdf(sheet, smallest)
    if fewest[0] < best[0]:
        for size in BODY_SIZES[1:-1]:
            trial = _build_pdf(sheet, size)
            if trial[0] == fewest[0]:
                best = trial
                break
        else:
            best = fewest
    pages, data = best

    if hasattr(out, "write"):
        out.write(data)
    else:
        from pnp.files import write_atomically

        write_atomically(Path(out).parent, [(Path(out), data)])
    return pages


def aid_template_path(game, lang: str) -> Path:
    """``data/<game>/rules/aid/<lang>.md.j2``: the player aid (optional)."""
    return game.folder / "rules" / "aid" / f"{lang}.md.j2"


def column_width(paper: str) -> float:
    """Width of one text column of the rules sheet on ``paper``, points."""
    return ((PAPER_MM[paper][0] - 2 * MARGIN_MM - GUTTER_MM) / 2) * MM


def game_figures(game, variant, lang: str, width: float) -> dict[str, Any]:
    """The game's rules drawings, name -> reportlab ``Drawing`` at most ``width`` points wide:
    ``figures(game, variant, lang, width)`` of its rules module, or none."""
    from pnp.registry import game as registered

    module = registered(game.id).module("rules")
    make = getattr(module, "figures", None)
    return make(game, variant, lang, width) if make else {}


class _Sheet:
    """Everything one rules PDF is built from (all sizes are tried on the same sheet)."""

    def __init__(self, game, players, lang, paper, text, strings, figures, aid):
        self.game, self.players, self.lang, self.paper = game, players, lang, paper
        self.text, self.strings, self.figures, self.aid = text, strings, figures, aid


#: Player aids per aid page (2 columns x 2 rows, each one column wide).
AIDS_PER_PAGE = 4
#: Least share of the body height a row of player aids takes on the last body page.
MIN_AID_SHARE = 0.3


def _build_pdf(sheet: _Sheet, size: float) -> tuple[int, bytes]:
    """(pages, PDF bytes) of the sheet's Markdown text with body type of ``size`` points,
    followed by the player aids (one per player, the last aid page filled with spares).

    The two columns of the body's last page end level: after a first build, the last
    page is rebuilt with both columns cut to the height of half its text (plus a line at
    a time until everything fits on that page again)."""
    pages, data, end = _build_once(sheet, size)
    page, heights, full = end
    if page < 2 or len(heights) < 2:
        return pages, data
    step = _styles(sheet.lang, size, sheet.game.folder.parent)["body"].leading
    target = sum(heights) / 2
    h = target
    while h < full:
        trial = _build_once(sheet, size, balance=(page, h))
        if trial[0] <= pages and trial[2][0] == page:
            return trial[0], trial[1]
        h += step
    return pages, data


def _build_once(sheet: _Sheet, size: float, balance: tuple[int, float] | None = None):
    """(pages, PDF bytes, (last body page, [height used in each of its columns], column
    height)); ``balance = (page, h)`` cuts both columns of that page to ``h`` points."""
    import markdown_it
    from markdown_it.tree import SyntaxTreeNode
    from reportlab.platypus import (BaseDocTemplate, Frame, FrameBreak, KeepInFrame, NextPageTemplate,
                                    PageBreak, PageTemplate, Paragraph)

    game, players, lang, paper, text, strings = sheet.game, sheet.players, sheet.lang, sheet.paper, sheet.text, \
        sheet.strings
    styles = _styles(lang, size, game.folder.parent)

    w_mm, h_mm = PAPER_MM[paper]
    page_w, page_h = w_mm * MM, h_mm * MM
    margin, gutter = MARGIN_MM * MM, GUTTER_MM * MM
    col_w = (page_w - 2 * margin - gutter) / 2
    footer_h = 7 * MM
    body_bottom = margin + footer_h
    title_h = TITLE_BLOCK_MM * MM

    md = markdown_it.MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    tree = SyntaxTreeNode(md.parse(text))
    builder = _Builder(styles, col_w, sheet.figures, template_path(game, lang))
    title_flow, body_flow = builder.document(tree)
    # The title block is at least TITLE_BLOCK_MM high, more if its text needs it.
    full_w = page_w - 2 * margin
    needed = sum(f.wrap(full_w, page_h)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in title_flow)
    title_h = max(title_h, needed + 4 * MM)

    def columns(top: float, tag: str, height: float | None = None) -> list:
        height = min(height or top - body_bottom, top - body_bottom)
        pad = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        return [Frame(margin, top - height, col_w, height, id=f"{tag}-left", **pad),
                Frame(margin + col_w + gutter, top - height, col_w, height, id=f"{tag}-right", **pad)]

    title_frame = Frame(margin, page_h - margin - title_h, page_w - 2 * margin, title_h, id="title",
                        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    first_top = page_h - margin - title_h - 3 * MM
    sheet_title = f"{strings['title']} — {strings['components']['rules']}"
    footer_text = f"{sheet_title} · {strings['subtitle'].format(players=players)}"

    # Player aids: cards of one column's width and half the body height, cut apart on the
    # dashed lines (drawn between them, so one cut separates two cards).
    aid_gap = gutter
    aid_h = (page_h - margin - body_bottom - aid_gap) / 2
    aid_pad = 3.2 * MM
    aid_cells = [(margin + col * (col_w + gutter), body_bottom + (1 - row) * (aid_h + aid_gap))
                 for row in range(2) for col in range(2)]

    # The last body page, once balanced, gives its lower part to a row of two player aids
    # when the columns leave at least MIN_AID_SHARE of the body height free.
    body_h = page_h - margin - body_bottom
    shared_cells, shared_aids, shared_h = [], [], 0.0
    if balance and sheet.aid and body_h - balance[1] - aid_gap >= MIN_AID_SHARE * body_h:
        shared_h = min(aid_h, body_h - balance[1] - aid_gap)
        shared_cells = [(margin + col * (col_w + gutter), body_bottom, shared_h) for col in range(2)]
        shared_aids = [Frame(x, y, col_w, shared_h, id=f"shared-aid-{i}", leftPadding=aid_pad, rightPadding=aid_pad,
                             topPadding=aid_pad, bottomPadding=aid_pad) for i, (x, y, _) in enumerate(shared_cells)]

    def decorate(first: bool, aids=False):
        def on_page(canvas, doc):
            from reportlab.lib.colors import HexColor

            canvas.saveState()
            canvas.setStrokeColor(HexColor(RULE))
            canvas.setLineWidth(0.6)
            if first:
                y = page_h - margin - title_h
                canvas.setStrokeColor(HexColor(ACCENT))
                canvas.setLineWidth(1.2)
                canvas.line(margin, y, page_w - margin, y)
                canvas.setLineWidth(0.4)
                canvas.line(margin, y - 1.6, page_w - margin, y - 1.6)
            if aids:
                cells = [(x, y, aid_h) for x, y in aid_cells] if aids is True else aids
                canvas.setStrokeColor(HexColor(ACCENT))
                canvas.setLineWidth(0.8)
                for x, y, h in cells:
                    canvas.roundRect(x, y, col_w, h, 2.5 * MM, stroke=1, fill=0)
                canvas.setStrokeColor(HexColor("#8A8A8A"))
                canvas.setLineWidth(0.4)
                canvas.setDash(3, 2)
                top = max(y + h for _, y, h in cells)
                canvas.line(page_w / 2, body_bottom - 2 * MM, page_w / 2, top + 2 * MM)
                canvas.line(margin - 2 * MM, top + aid_gap / 2, page_w - margin + 2 * MM, top + aid_gap / 2)
                if aids is True:
                    mid = body_bottom + aid_h + aid_gap / 2
                    canvas.line(margin - 2 * MM, mid, page_w - margin + 2 * MM, mid)
                canvas.setDash()
            canvas.setStrokeColor(HexColor(RULE))
            canvas.setLineWidth(0.5)
            canvas.line(margin, margin + footer_h - 2.5 * MM, page_w - margin, margin + footer_h - 2.5 * MM)
            canvas.setFont(styles["_fonts"]["body"], 7)
            canvas.setFillColor(HexColor("#6B5B45"))
            canvas.drawString(margin, margin + 1.5 * MM, footer_text)
            canvas.drawRightString(page_w - margin, margin + 1.5 * MM, str(doc.page))
            canvas.restoreState()
        return on_page

    buffer = io.BytesIO()
    later_top = page_h - margin
    end = {"page": 0, "low": {}}

    class _Doc(BaseDocTemplate):
        def handle_pageBegin(self):
            if balance and self.page + 1 == balance[0]:
                self.pageTemplate = self.pageTemplates[-1]
            super().handle_pageBegin()

        def afterFlowable(self, flowable):
            if isinstance(flowable, _BodyEnd):
                end["page"] = self.page
            elif self.frame is not None and (not end["page"] or end["page"] == self.page):
                low = end["low"].setdefault(self.page, {})
                low[self.frame.id] = min(low.get(self.frame.id, later_top), self.frame._y)

    doc = _Doc(
        buffer,
        pagesize=(page_w, page_h),
        leftMargin=margin, rightMargin=margin, topMargin=margin, bottomMargin=margin,
        title=sheet_title,
        author=strings["designer"],
        subject=f"{strings['title']} rules, {players} players, language {lang}",
        keywords=f"game={game.id}, players={players}, lang={lang}, paper={paper}",
        creator="pnp (print-and-play kit generator)",
        producer="pnp / reportlab",
        lang=lang,
        invariant=1,
        pageCompression=1,
        initialFontName=styles["_fonts"]["body"],  # else every page names Helvetica
        initialFontSize=8,
    )
    pad = dict(leftPadding=aid_pad, rightPadding=aid_pad, topPadding=aid_pad, bottomPadding=aid_pad)
    doc.addPageTemplates([
        PageTemplate(id="first", frames=[title_frame] + columns(first_top, "first"), onPage=decorate(True)),
        PageTemplate(id="later", frames=columns(page_h - margin, "later"), onPage=decorate(False)),
        PageTemplate(id="aids", frames=[Frame(x, y, col_w, aid_h, id=f"aid-{i}", **pad)
                                        for i, (x, y) in enumerate(aid_cells)], onPage=decorate(False, True)),
        PageTemplate(id="balanced", frames=columns(page_h - margin, "balanced", balance[1] if balance else None)
                     + shared_aids, onPage=decorate(False, shared_cells)),
    ])
    story = [NextPageTemplate("later")] + title_flow + [FrameBreak()] + body_flow + [_BodyEnd()]
    if sheet.aid:
        aid_styles = _styles(lang, 8.0, game.folder.parent)
        inner_w = col_w - 2 * aid_pad

        def aid_card(height: float):
            aid_builder = _Builder(aid_styles, inner_w, sheet.figures, aid_template_path(game, lang))
            aid_title, aid_body = aid_builder.document(SyntaxTreeNode(md.parse(sheet.aid)))
            head = [Paragraph(p.text, aid_styles["aid_title"]) for p in aid_title[:1]]
            return KeepInFrame(inner_w, height - 2 * aid_pad, head + aid_body, mode="shrink")

        shared = len(shared_aids)
        for i in range(shared):
            story += [FrameBreak(), aid_card(shared_h)]
        rest = max(0, players - shared)
        copies = -(-rest // AIDS_PER_PAGE) * AIDS_PER_PAGE
        if copies:
            story += [NextPageTemplate("aids"), PageBreak()]
        for i in range(copies):
            story.append(aid_card(aid_h))
            if i < copies - 1:
                story.append(FrameBreak())
    try:
        doc.build(story)
    except _reportlab_layout_error() as exc:
        raise _layout_error(game, lang, body_flow, col_w, first_top - body_bottom, exc) from None
    last = end["low"].get(end["page"], {})
    top = page_h - margin if end["page"] > 1 else first_top
    heights = [top - y for frame_id, y in sorted(last.items()) if frame_id.endswith(("left", "right"))]
    return doc.page, buffer.getvalue(), (end["page"], heights, top - body_bottom)


class _BodyEnd(__import__("reportlab.platypus", fromlist=["Flowable"]).Flowable):
    """Zero-size marker after the body text (the PDF builder notes its page)."""

    def wrap(self, aW, aH):
        return 0, 0

    def draw(self):
        pass


def _reportlab_layout_error():
    from reportlab.platypus.doctemplate import LayoutError as ReportlabLayoutError

    return ReportlabLayoutError


def _layout_error(game, lang: str, flowables: list, width: float, height: float, exc: Exception) -> LayoutError:
    """One line naming the template and the block that cannot fit a column."""
    for flowable in flowables:
        if not hasattr(flowable, "_pnp_source"):
            continue   # paragraphs and lists split across columns
        needed = flowable.wrap(width, height)[1]
        if needed > height and not flowable.split(width, height):
            source = getattr(flowable, "_pnp_source", "a block")
            return LayoutError(f"{source} is taller than a column ({needed / MM:.0f} mm > {height / MM:.0f} mm) "
                               "and cannot be split; shorten it or split it in two", file=template_path(game, lang))
    first = str(exc).splitlines()[0][:120]
    return LayoutError(f"a block does not fit a column: {first}", file=template_path(game, lang))
