"""Rules sheets: Jinja2 Markdown templates + model numbers -> a two-column reportlab PDF.

Source of the text: ``data/<game>/rules/<lang>.md.j2`` (Markdown with Jinja2 tags).  Every
number in it comes from the loaded model through ``rules_context`` (start money, prices,
deck sizes ...), every good and city name from ``data/<game>/lang/<lang>.yaml``, so the
printed rules cannot drift from the data the kit and the engine use.

Pipeline::

    rules_context(game, variant, lang)   -> dict of template variables (the game's kit recipe)
    render_rules_markdown(...)           -> Markdown text (Jinja2 sandbox, StrictUndefined:
                                            pnp.kit.sandbox)
    markdown-it-py syntax tree           -> reportlab flowables (headings, paragraphs,
                                            lists, tables, shaded example boxes)
    pnp.kit.rulepages                    -> pages: body type size, last page's columns
                                            level (layout-only passes), then one drawn
                                            pass -> PDF (fonts from fonts/ only, subset,
                                            invariant)

The player aid (``data/<game>/rules/aid/<lang>.md.j2``) is set in the same styles
(``aid_flowables``) but printed as a one-sided piece of its own (``pnp.kit.aids``).

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

from pnp.kit.rulepages import GUTTER_MM, MARGIN_MM, MM, PAPER_MM, TITLE_BLOCK_MM  # noqa: F401  (re-exported)
from pnp.kit.recipe import RulesSheet

INK = "#2B2118"
ACCENT = "#8C2F1B"
SHADE = "#F4EBDA"
RULE = "#C9B48F"
HIGHLIGHT = "#EED9A8"


# ----------------------------------------------------------------------------- context
def rules_context(game, variant, lang: str) -> dict[str, Any]:
    """All variables the rules template of ``game`` uses for ``variant`` and ``lang``.

    Each game's registry entry names its rules sheet (``pnp.registry.Game.rules``, a
    ``pnp.kit.recipe.RulesSheet``), whose ``rules_context(game, variant, lang)`` this calls.  ``variant`` may be a ``Variant`` or a
    player count (the data's default set-up).

    Raises:
        VariantError: a player count outside the game's range.
        UsageError: no language file for ``lang``; the game is not installed.
        DataError: a malformed language file.
    """
    return rules_sheet(game).rules_context(game, as_variant(game, variant), lang)


def rules_sheet(game) -> RulesSheet:
    """The rules sheet of ``game`` (the ``RulesSheet`` subclass its registry entry names).

    Raises:
        UsageError: the game is not installed, or its ``rules`` names no ``RulesSheet`` subclass.
    """
    from pnp.registry import game as registered

    return registered(game.id).make("rules", RulesSheet)


def as_variant(game, variant):
    """``variant`` itself, or ``game.variant(players)`` for a bare player count."""
    return game.variant(variant) if isinstance(variant, int) else variant


def lang_strings(folder: Path, root: Path, lang: str) -> dict[str, Any]:
    """``{"game": <data/<game>/lang/<lang>.yaml>, "common": <data/common/lang/<lang>.yaml>}``
    as plain mappings.  Raises ``UsageError`` (key ``--lang``) when the game has no rules
    template or language file for ``lang``."""
    path = folder / "lang" / f"{lang}.yaml"
    template = folder / "rules" / f"{lang}.md.j2"
    from pnp.model.catalog import present

    if not present(path) or not present(template):
        known = sorted(p.stem for p in (folder / "rules").glob("*.md.j2"))
        missing = " and ".join(str(p.relative_to(folder.parent)) for p in (path, template) if not present(p))
        raise UsageError(f"no kit in language '{lang}': {missing} missing (translate the en file beside it; "
                         f"`pnp i18n status --lang {lang}` lists the rest); languages: {', '.join(known) or 'none'}",
                         key="--lang")
    from pnp.model.langfile import read_language

    from pnp.model.i18n import check_required_keys
    from pnp.model.textformat import literal

    game_strings = read_language(path)
    check_required_keys(path, game_strings, folder)
    common_path = root / "common" / "lang" / f"{lang}.yaml"
    common = read_language(common_path) if present(common_path) else {}
    if common:
        check_required_keys(common_path, common, None)
    # a text without fields reaches the templates with its {{ }} escapes read, as it
    # does everywhere else (``textformat.literal``)
    return {"game": literal(game_strings), "common": literal(common)}


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


def _plural_rule(lang: str):
    """CLDR plural rule of ``lang`` (``pnp.model.plurals.plural_rule``)."""
    from pnp.model.plurals import plural_rule

    return plural_rule(lang)


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
    from pnp.model.plurals import categories as language_categories

    rule = _plural_rule(lang)
    categories = list(language_categories(lang))

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


class UnknownFigure(ValueError):
    """A template's ``figure(name)`` names no drawing of the game (or a player aid names
    one: an aid has none)."""


def _figure_function(names: tuple[str, ...] | None):
    """Template function ``figure(name, caption)``: the marker paragraph the PDF builder
    replaces with the game's drawing ``name`` (``figures()`` of the game's rules sheet,
    ``pnp.kit.recipe.RulesSheet``).  ``names``: the drawings the game offers (its rules
    sheet's ``figure_names()``; ``()``
    for a player aid); None: not known before drawing (the builder checks).  Raises
    ``UnknownFigure`` for any other name, so a marker never reaches the page as text."""

    def figure(name: str, caption: str = "") -> str:
        if not isinstance(name, str) or (names is not None and name not in names) \
                or not FIGURE_NAME.fullmatch(name):
            known = f"the game draws: {', '.join(names)}" if names else \
                "this template draws none (a player aid has no figures)"
            shown = repr(name if not isinstance(name, str) or len(name) <= 40 else name[:37] + "...")
            raise UnknownFigure(f"figure({shown}): no such figure; {known}")
        if not isinstance(caption, str):
            raise UnknownFigure(f"figure({name!r}, ...): the caption must be text, got {type(caption).__name__}")
        return f"\n\n[[figure {name} | {caption}]]\n\n" if caption else f"\n\n[[figure {name}]]\n\n"

    return figure


#: A figure's name as the marker holds it.
FIGURE_NAME = re.compile(r"[a-z0-9_-]+")


#: The most characters a rules or aid template may render: about five times the longest
#: shipped rules (13,184 characters), about 20 pages; the typesetting of more would
#: run for minutes.
MAX_RULES_CHARS = 60_000


def render_rules_markdown(game, variant, lang: str, template: Path | None = None,
                          context: dict[str, Any] | None = None, glyphs: bool = True) -> str:
    """The rules of ``game`` for ``variant`` (a ``Variant`` or a player count) in ``lang``
    as Markdown text.  ``context`` replaces ``rules_context``'s variables (tests use it to
    render a template with any number).  Every string of the context is escaped for
    Markdown (``escape_context``); counted nouns take the ``plural`` filter.  ``glyphs``
    False leaves out the check that the fonts hold every character (``check_templates``:
    a character from a language file is reported later with its key).

    Raises:
        DataError: the template has a syntax error or uses a variable the context lacks
            (names the template file, and the line where Jinja knows it); it renders no
            text or more than ``MAX_RULES_CHARS`` characters.
        FontError: the text holds a character that the kit's fonts lack (names the template
            and the line of the rendered text).
        VariantError, UsageError: see ``rules_context``.
    """
    import jinja2

    from jinja2.sandbox import SecurityError

    from pnp.kit.sandbox import TemplateLimit

    context = escape_context(rules_context(game, variant, lang) if context is None else context)
    path = template or template_path(game, lang)
    # the rules sheet draws the game's figures; a player aid (any other template) none
    names = game_figure_names(game) if path == template_path(game, lang) else ()
    try:
        mtime = path.stat().st_mtime_ns if path.is_file() else 0
        env, compiled = _template(path, lang, mtime, game.folder.parent, names)
        text = env.render_limited(compiled, context)
    except jinja2.TemplateSyntaxError as exc:
        raise DataError(f"template syntax error: {exc.message}", file=path, key=f"line {exc.lineno}") from None
    except jinja2.TemplateNotFound as exc:
        if exc.name == path.name:
            raise DataError("rules template not found", file=path) from None
        raise DataError(f"template error: included template {exc.name!r} not found in {path.parent}",
                        file=path, key=_template_line(exc, path)) from None
    except TemplateLimit as exc:
        raise DataError(f"template refused: {exc}", file=path, key=_template_line(exc, path)) from None
    except UnknownFigure as exc:
        raise DataError(str(exc), file=path, key=_template_line(exc, path)) from None
    except SecurityError as exc:
        raise DataError(f"template refused: {exc} (templates may not reach into Python)",
                        file=path, key=_template_line(exc, path)) from None
    except (jinja2.UndefinedError, TypeError, KeyError, ValueError, AttributeError, ArithmeticError,
            LookupError, RecursionError, MemoryError) as exc:
        raise DataError(f"template error: {_first_line(exc)}", file=path, key=_template_line(exc, path)) from None
    if not text.strip():
        raise DataError("the template renders no text; a rules sheet needs its rules", file=path)
    if len(text) > MAX_RULES_CHARS:
        raise DataError(f"the template renders {len(text):,} characters; a rules sheet or aid holds at most "
                        f"{MAX_RULES_CHARS:,} (about 20 pages); shorten it", file=path)
    _check_invisible(text, path)
    if glyphs:
        _check_glyphs(text, path, game, lang)
    return text


def _check_invisible(text: str, path: Path) -> None:
    """Refuse rendered rules text that holds a character no printed text holds (a NUL, a
    byte order mark, a bidirectional override: ``pnp.model.textformat.invisible_character``;
    a tab is read as a space by Markdown, so it passes), naming the rendered line — before
    the font check would blame a font for it."""
    from pnp.model.textformat import invisible_character

    for number, line in enumerate(text.split("\n"), 1):
        unseen = invisible_character(line.replace("\t", " "))
        if unseen is not None:
            raise DataError(f"{unseen} (rendered text line {number})", file=path)


@lru_cache(maxsize=32)
def _template(path: Path, lang: str, mtime_ns: int, root: Path, figure_names: tuple[str, ...] | None = None):
    """``(environment, compiled template)`` of the Jinja2 template at ``path`` (cached per
    file version: a rules sheet is rendered once per tried body size): the sandbox of
    ``pnp.kit.sandbox`` confined to ``path``'s folder, with the number and typography
    filters of ``lang`` from the data folder ``root`` (``pnp.model.locale``) and
    ``figure(name, caption)`` accepting ``figure_names`` (see ``_figure_function``)."""
    import jinja2

    from pnp.kit.sandbox import RulesEnvironment
    from pnp.model.locale import locale_for

    env = RulesEnvironment(
        path.parent,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["join_and"] = _join_and
    env.filters["plural"] = plural_filter(lang)
    env.filters.update(locale_for(root, lang).filters())   # num, signed, range, quote
    env.globals["figure"] = _figure_function(figure_names)
    return env, env.get_template(path.name)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    text = text.splitlines()[0]
    return text if len(text) <= 200 else text[:197] + "..."


def _template_line(exc: BaseException, path: Path) -> str | None:
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == str(path):
            line = tb.tb_lineno
        tb = tb.tb_next
    return f"line {line}" if line else None


def _check_glyphs(text: str, path: Path, game=None, lang: str | None = None) -> None:
    """Refuse rendered rules text holding a character that one of the sheet's fonts lacks.
    The error names the language file and key the character came from when a text of
    ``game``'s ``lang`` files holds it (the user edited that text, not the template line
    that prints it), else the template ``path`` and the rendered line."""
    roles = ("body", "bold", "italic", "display")
    for role in roles:
        missing = missing_glyphs(text, role)
        if missing:
            first = missing[0]
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            source = _text_source(game, lang, first) if game is not None and lang is not None else None
            if source is not None:
                raise FontError(f"font {font(role).file.name} has no glyph for {shown}", file=source[0], key=source[1])
            line = next(i for i, l in enumerate(text.splitlines(), 1) if first in l)
            raise FontError(
                f"font {font(role).file.name} has no glyph for {shown} (rendered text line {line})",
                file=path,
            )


def _text_source(game, lang: str, char: str) -> tuple[Path, str] | None:
    """``(language file, dotted key)`` of the first text of ``game``'s ``lang`` files (the
    game's, then the common one) holding ``char``; None when none does."""
    from pnp.model.textformat import walk_strings

    root = game.folder.parent
    for file in (game.folder / "lang" / f"{lang}.yaml", root / "common" / "lang" / f"{lang}.yaml"):
        if not _present(file):
            continue
        from pnp.model.langfile import read_language

        for key, text in walk_strings(read_language(file)):
            if char in text:
                return file, key
    return None


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
        if node.type == "paragraph" and FIGURE_MARK.match(
                "".join(c.content for c in node.children if c.type == "inline").strip()):
            return self.block(node, self.width)   # a figure above the first heading: drawn, not printed as text
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
        # anything else (an indented or fenced code block, raw HTML) has no printed form here:
        # refused, never dropped from the sheet
        what = {"code_block": "an indented code block (a line indented 4 spaces)", "fence": "a fenced code block (```)",
                "html_block": "an HTML block"}.get(t, f"a markdown '{t}' block")
        line = f" (rendered line {node.map[0] + 1})" if node.map else ""
        raise DataError(f"{what}{line} has no printed form on a rules sheet or aid; use paragraphs, lists, "
                        f"'>' example boxes or tables", file=self.source)

    def _figure(self, name: str, caption: str):
        """The game's drawing ``name`` centred in the column, its caption (real text) below."""
        from reportlab.platypus import Paragraph

        if name not in self.figures:
            known = ", ".join(sorted(self.figures)) or "none"
            raise DataError(f"no figure '{name}' (the game draws: {known})", file=self.source)
        self.used.append(name)
        from pnp.kit.figure import ShrinkableFigure

        caption_para = None
        if caption:
            md = __import__("markdown_it").MarkdownIt("commonmark")
            from markdown_it.tree import SyntaxTreeNode

            tree = SyntaxTreeNode(md.parse(caption))
            markup = "".join(_inline_of(b) for b in tree.children if b.type == "paragraph")
            caption_para = Paragraph(markup, self.s["caption"])
        return ShrinkableFigure(self.figures[name], caption_para)

    def _check_table_width(self, node, rows, first: float, rest: float, width: float) -> None:
        _table_fit_error(self, node, rows, first, rest, width)

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
            # a list may go on from an earlier one ("4." after a side break): its first number
            start = int(node.attrs.get("start", 1)) if hasattr(node, "attrs") else 1
            return ListFlowable(items, bulletType="1", bulletFormat="%s.", start=start, **kwargs)
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
        self._check_table_width(node, rows, first, rest, width)
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
            # 1.1 pt (0.39 mm): wider than a thin line (style.THIN_LINE_MM), which on a sheet
            # of pieces (a player aid) means a cut
            ("LINEBELOW", (0, -1), (-1, -1), 1.1, HexColor(ACCENT)),
        ]
        for i in range(1, len(data)):
            if i % 2 == 0:
                commands.append(("BACKGROUND", (0, i), (-1, i), HexColor(SHADE)))
        for c_index in marked:
            commands.append(("BACKGROUND", (c_index, 1), (c_index, -1), HexColor(HIGHLIGHT)))
        t.setStyle(TableStyle(commands))
        t.spaceBefore, t.spaceAfter = 2, 7
        return t


def _table_fit_error(builder, node, rows, first: float, rest: float, width: float) -> None:
    """Refuse a table with a column too narrow for its cell padding and one letter of its
    text (reportlab raises on a negative cell width; a narrow column that holds a letter
    breaks its words, which is ugly but printed whole)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = builder.s["_fonts"]["bold"]
    size = builder.s["cell"].fontSize
    padding = 6 + 0.5
    for index in range(max(len(r) for r in rows) if rows else 0):
        letters = {char for r in rows for _, text in r[index:index + 1] for char in _plain(text) if not char.isspace()}
        need = max((stringWidth(char, font, size) for char in letters), default=0) + padding
        have = first if index == 0 else rest
        if need > have:
            ncols = max(len(r) for r in rows)
            fit = max(1, int((width - first) // need) + 1)
            where = f", rendered line {node.map[0] + 1}" if node.map else ""
            raise LayoutError(f"table{where}: {ncols} columns do not fit a text column of {width / MM:.0f} mm "
                              f"(column {index + 1} is {max(have, 0) / MM:.1f} mm wide, narrower than its padding "
                              f"and one letter; at most {fit} columns fit); use fewer columns", file=builder.source)


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
    """Non-breaking spaces that keep '200 Piaster' and '30 × 5' on one line, and a number that
    ends a sentence on the line of the word before it: a lone "1." at the start of a line in a
    numbered list reads as a new item ("… og trække" / "1.")."""
    import re

    from pnp.model.ties import tie_numbers

    if currency:
        text = re.sub(rf"(\d) ({re.escape(currency)})\b", "\\1\u00a0\\2", text)
    text = re.sub(r"(?<=[^\W\d_]) (\d+)\.(?=\s|$)", "\u00a0\\1.", text)
    return tie_numbers(text)


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

    Pages (``pnp.kit.rulepages``): two columns; no page more than a third empty, the last
    page's columns end level; no player aid (a piece of its own: ``pnp.kit.aids``).  The PDF uses only the kit's fonts (``pnp.components.fonts``: Lato body, Caladea headings),
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
    from pnp.kit.rulepages import plan_pages, typeset

    if paper not in PAPER_MM:
        raise UsageError(f"unknown paper '{paper}'; choose one of {', '.join(PAPER_MM)}", key="--paper")
    from pnp.kit.rulepages import BODY_SIZES

    source, geo = rules_pages_source(game, variant, lang, paper)
    try:
        plan = plan_pages(source, geo)
        data = typeset(source, geo, plan, draw=True).data
    except _reportlab_layout_error() as exc:
        # Name the block: at the smallest body size it is the one that still cannot fit.
        title, body = source.flowables(min(BODY_SIZES))
        raise _layout_error(game, lang, list(title) + list(body), geo.col_w, geo.body_h, exc) from None
    pages = plan.pages

    if hasattr(out, "write"):
        out.write(data)
    else:
        from pnp.files import write_atomically

        write_atomically(Path(out).parent, [(Path(out), data)])
    return pages


def rules_pages_source(game, variant, lang: str, paper: str):
    """(``pnp.kit.rulepages.Source``, ``Geometry``) of the rules sheet: the body text as
    reportlab flowables at any type size, the footer and the PDF metadata.
    Raises as ``render_rules_pdf``."""
    import markdown_it
    from markdown_it.tree import SyntaxTreeNode
    from reportlab.platypus import Paragraph

    from pnp.kit.rulepages import NOMINAL_BODY, Geometry, Source
    from pnp.model.i18n import fill_text
    from pnp.model.locale import locale_for

    strings = lang_strings(game.folder, game.folder.parent, lang)["game"]
    lang_file = game.folder / "lang" / f"{lang}.yaml"
    variant = as_variant(game, variant)
    players = variant.players
    currency = strings.get("currency")
    md = markdown_it.MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    tree = SyntaxTreeNode(md.parse(_tie(render_rules_markdown(game, variant, lang), currency)))
    width = column_width(paper)
    figures = game_figures(game, variant, lang, width)
    source_path = template_path(game, lang)
    root = game.folder.parent   # the data folder: its hyphenation exceptions

    def body(size: float):
        return _Builder(_styles(lang, size, root), width, figures, source_path).document(tree)

    # The title block is at least TITLE_BLOCK_MM high, more if its text needs it.
    w_mm, h_mm = PAPER_MM[paper]
    full_w = (w_mm - 2 * MARGIN_MM) * MM
    title_flow = body(NOMINAL_BODY)[0]
    from reportlab.pdfgen.canvas import Canvas

    # a list measures itself on a canvas (reportlab's ListFlowable): a scratch one, never saved
    scratch = Canvas(io.BytesIO())
    heights = [f.wrapOn(scratch, full_w, h_mm * MM)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in title_flow]
    needed = sum(heights)
    geo = Geometry(paper, max(TITLE_BLOCK_MM * MM, needed + 4 * MM))
    room = Geometry(paper, 0).body_h / 2
    if needed + 4 * MM > room:
        tallest = max(range(len(title_flow)), key=heights.__getitem__)
        part = getattr(title_flow[tallest], "_pnp_source", None) or f"block {tallest + 1}"
        raise LayoutError(f"the title block (the text above the first '## ' heading) is {(needed + 4 * MM) / MM:.0f} mm "
                          f"tall; at most {room / MM:.0f} mm (half a page) fit above the columns; its tallest part is "
                          f"{part} ({heights[tallest] / MM:.0f} mm): move it below the first heading or shorten it",
                          file=source_path)
    sheet_title = locale_for(root, lang).title(strings['title'], strings['components']['rules'])
    meta = dict(title=sheet_title, author=strings["designer"],
                subject=f"{strings['title']} rules, {players} players, language {lang}",
                keywords=f"game={game.id}, players={players}, lang={lang}, paper={paper}",
                creator="pnp (print-and-play kit generator)", producer="pnp / reportlab", lang=lang)
    footer = f"{sheet_title} · {fill_text(strings['subtitle'], {'players': players}, lang_file, 'subtitle')}"
    font_name = _styles(lang, root=root)["_fonts"]["body"]
    _check_footer(footer, font_name, w_mm, lang_file)
    source = Source(body=body, footer=footer, meta=meta, font=font_name)
    return source, geo


#: Type size of the rules sheet's footer line, points (``pnp.kit.rulepages``).
FOOTER_PT = 7
#: Room the footer leaves for the page number at its right end, mm.
PAGE_NUMBER_MM = 12.0


def _check_footer(footer: str, font_name: str, paper_w_mm: float, lang_file: Path) -> None:
    """Refuse a footer line (title, "Rules", subtitle) that would run into the page number:
    it is one line at ``FOOTER_PT``, between the margins, less ``PAGE_NUMBER_MM``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    room = (paper_w_mm - 2 * MARGIN_MM - PAGE_NUMBER_MM) * MM
    width = stringWidth(footer, font_name, FOOTER_PT)
    if width > room:
        raise LayoutError(f"the rules sheet's footer ('title — rules · subtitle') is {width / MM:.0f} mm wide at "
                          f"{FOOTER_PT} pt; it has {room / MM:.0f} mm beside the page number: shorten title or subtitle",
                          file=lang_file, key="subtitle")


def check_templates(game, variant, lang: str, paper: str) -> None:
    """Render the rules template and the player aid's (Markdown only, a few milliseconds)
    and check the rules sheet's footer line, so that a template or text that cannot work
    stops a build before any drawing.  Raises as ``render_rules_markdown``;
    ``LayoutError`` for a footer wider than its line."""
    from pnp.model.i18n import fill_text

    variant = as_variant(game, variant)
    render_rules_markdown(game, variant, lang, glyphs=False)
    aid = aid_template_path(game, lang)
    if _present(aid):
        render_rules_markdown(game, variant, lang, aid, glyphs=False)
    strings = lang_strings(game.folder, game.folder.parent, lang)["game"]
    lang_file = game.folder / "lang" / f"{lang}.yaml"
    footer = (f"{strings['title']} — {strings['components']['rules']} · "
              f"{fill_text(strings['subtitle'], {'players': variant.players}, lang_file, 'subtitle')}")
    _check_footer(footer, _styles(lang, root=game.folder.parent)["_fonts"]["body"], PAPER_MM[paper][0], lang_file)


def _present(path: Path) -> bool:
    from pnp.model.catalog import present

    return present(path)


def aid_template_path(game, lang: str) -> Path:
    """``data/<game>/rules/aid/<lang>.md.j2``: the player aid (optional)."""
    return game.folder / "rules" / "aid" / f"{lang}.md.j2"


def aid_flowables(game, variant, lang: str):
    """The player aid's text as reportlab flowables: a function ``(size pt, width pt) ->
    [title, ...]`` giving fresh flowables set in the rules sheet's styles at body size
    ``size`` for a frame ``width`` points wide; None when the game has no aid template.
    The aid is printed as a piece of its own (``pnp.kit.aids``), not on the rules sheet;
    a ``---`` line (a side break, ``aid_sides``) is a small space here.
    Raises as ``render_rules_markdown``."""
    text = _aid_markdown(game, variant, lang)
    return None if text is None else _aid_make(game, lang, text)


#: A line of the rendered aid Markdown that ends one side of a duplex aid card (a thematic
#: break, ``---``, with blank lines round it).
SIDE_BREAK = re.compile(r"^\s*---+\s*$", re.M)


def aid_sides(game, variant, lang: str) -> list | None:
    """The player aid split into the sides of a duplex aid card: one ``make`` function (as
    ``aid_flowables`` returns) per side, split at each ``---`` line of the template
    (``SIDE_BREAK``); every side after the first starts with the aid's title (its ``#``
    line) again.  None when the game has no aid template.  Raises as
    ``render_rules_markdown``."""
    text = _aid_markdown(game, variant, lang)
    if text is None:
        return None
    parts = [part.strip("\n") for part in SIDE_BREAK.split(text)]
    front = _aid_make(game, lang, parts[0])
    return [front] + [_aid_make(game, lang, part, front) for part in parts[1:]]


def _aid_markdown(game, variant, lang: str) -> str | None:
    """The aid template rendered (Markdown, numbers kept on their units' lines), or None."""
    path = aid_template_path(game, lang)
    if not _present(path):
        others = sorted(other.name for other in path.parent.glob("*.md.j2") if _present(other)) \
            if path.parent.is_dir() else []
        if others:
            # the game has an aid (a template in another language): a kit without it would
            # be short of its aids without a word
            source = aid_template_path(game, "en").name if "en.md.j2" in others else others[0]
            raise DataError(f"player aid template missing: translate {source} into "
                            f"{path.name} beside it", file=path)
        return None
    strings = lang_strings(game.folder, game.folder.parent, lang)["game"]
    variant = as_variant(game, variant)
    return _tie(render_rules_markdown(game, variant, lang, path), strings.get("currency"))


def _aid_make(game, lang: str, text: str, front=None):
    """``(size pt, width pt) -> flowables`` of the aid Markdown ``text`` (``aid_flowables``).
    ``front``: the first side's ``make``; ``text`` is then a later side, printed as body text
    under the front's title (no title block of its own)."""
    import markdown_it
    from markdown_it.tree import SyntaxTreeNode
    from reportlab.platypus import Paragraph

    path = aid_template_path(game, lang)
    md = markdown_it.MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    tree = SyntaxTreeNode(md.parse(text))
    root = game.folder.parent

    def make(size: float, width: float) -> list:
        from reportlab.platypus import CondPageBreak

        styles = _styles(lang, size, root)
        # A card's lines are short and read at a glance: ragged right, no word broken.
        for key in ("body", "item", "example"):
            styles[key] = _with(styles[key], alignment=0, hyphenationLang="")
        # A card's headings only a step above its text (the sheet's are set for columns).
        styles["h2"] = _with(styles["h2"], fontSize=size + 2.6, leading=round((size + 2.6) * 1.18, 2),
                             spaceBefore=3.5, spaceAfter=1.5)
        if front is not None:
            builder = _Builder(styles, width, {}, path)
            title, rest = front(size, width)[:1], [f for node in tree.children for f in builder.block(node, width)]
        else:
            title, rest = _Builder(styles, width, {}, path).document(tree)
        # no column breaks on a card: it has one column, as high as its text
        rest = [f for f in rest if not isinstance(f, CondPageBreak)]
        # the card's title in the aid's title style; the rest of the title block (a lead
        # paragraph, a numbered list under the title) printed as it is, never dropped
        head = [Paragraph(title[0].text, styles["aid_title"])] if title and isinstance(title[0], Paragraph) else title[:1]
        return head + title[1:] + rest

    return make


def column_width(paper: str) -> float:
    """Width of one text column of the rules sheet on ``paper``, points."""
    return ((PAPER_MM[paper][0] - 2 * MARGIN_MM - GUTTER_MM) / 2) * MM


def game_figure_names(game) -> tuple[str, ...] | None:
    """The names of the game's rules drawings: ``figure_names()`` of its rules sheet
    (``RulesSheet``: ``()`` for a sheet without ``figures``, None when it draws figures but
    does not name them; then only the drawing finds an unknown name)."""
    return rules_sheet(game).figure_names()


def game_figures(game, variant, lang: str, width: float) -> dict[str, Any]:
    """The game's rules drawings, name -> reportlab ``Drawing`` at most ``width`` points wide:
    ``figures(game, variant, lang, width)`` of its rules sheet (``RulesSheet``: default none)."""
    return rules_sheet(game).figures(game, variant, lang, width)


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
    named = [f for f in flowables if hasattr(f, "_pnp_source")]
    if named:
        tallest = max(named, key=lambda f: f.wrap(width, height)[1])
        return LayoutError(f"a block does not fit a column ({width / MM:.0f} x {height / MM:.0f} mm); the tallest "
                           f"example box or table is {tallest._pnp_source} ({tallest.wrap(width, height)[1] / MM:.0f} mm): "
                           "shorten it or split it in two", file=template_path(game, lang))
    return LayoutError(f"a block does not fit a column ({width / MM:.0f} x {height / MM:.0f} mm): shorten the "
                       "longest paragraph, list or picture", file=template_path(game, lang))
