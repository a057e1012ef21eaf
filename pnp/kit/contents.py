"""The kit's contents page (reportlab): what is in the kit, on which pages, what to supply.

Lists every component with its count and page numbers, the supplies a player needs, how
to print and cut, a small "About this kit" box (how the kit was checked,
in a player's words), and the credits for fonts and icons.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Sequence

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import ListFlowable, ListItem, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from pnp.components.fonts import font, fonts, register_reportlab
from pnp.errors import LayoutError
from pnp.geometry import Paper
from pnp.model.i18n import Strings
from pnp.printing.figures import PrintJob

MARGIN_X_MM = 18.0        # left and right page margins; the contents table spans the width between them
COUNT_COLUMN_MM = 18.0
FRAME_PADDING_PT = 6.0    # reportlab's default frame padding, inside the margins
MIN_TYPE_SCALE = 0.9      # the contents page's type shrinks to 90 % at most (body 8.6 pt), then it is refused


@dataclass(frozen=True)
class ContentsLine:
    """One row of the contents table."""

    label: str
    count: int
    pages: tuple[int, ...]


def page_ranges(pages: tuple[int, ...], dash: str = "-") -> str:
    """``(3, 4, 5, 9)`` -> ``"3-5, 9"``; ``dash`` joins a range (the language's range dash,
    ``strings.locale.range_dash``: ``"3–5, 9"``)."""
    if not pages:
        return "-"
    parts, start, prev = [], pages[0], pages[0]
    for p in pages[1:] + (None,):
        if p is not None and p == prev + 1:
            prev = p
            continue
        parts.append(f"{start}" if start == prev else f"{start}{dash}{prev}")
        if p is not None:
            start = prev = p
    return ", ".join(parts)


def _escape(text: str) -> str:
    """``text`` as reportlab markup, its numbers tied to their words (``pnp.model.ties``)."""
    from pnp.model.ties import tie_numbers

    return tie_numbers(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: Height of the board picture beside the title, millimetres (less if the page is full).
PICTURE_MM = 34.0


def contents_picture(game, lang: str, width: float):
    """The game's small picture of its assembled board (a reportlab ``Drawing`` ``width``
    points wide): ``contents_picture(game, lang, width)`` of its rules sheet
    (``pnp.kit.recipe.RulesSheet``), or None when the game draws none."""
    from pnp.kit.rulebook import rules_sheet

    return rules_sheet(game).contents_picture(game, lang, width)


def render_contents(paper: Paper, strings: Strings, title: str, subtitle: str, lines: list[ContentsLine],
                    checked: str, extra_notes: list[str] | None = None, supplies_key: str = "supplies",
                    print_key: str = "print_instructions", print_note: str = "", paper_note: str = "",
                    picture=None, art_credits: tuple[tuple[str, str, str], ...] = (), cards: bool = True,
                    supplies_extra: tuple[str, ...] = (), jobs: Sequence[PrintJob] = ()) -> bytes:
    """The contents page(s) as PDF bytes, page size exactly ``paper``.

    ``art_credits``: (title, author, licence) of each illustration set the kit draws from
    besides game-icons (``pnp.components.art.credits``), one credit line each.

    ``picture``: a reportlab ``Drawing`` (the assembled board, ``contents_picture``) shown
    beside the title, ``PICTURE_MM`` high, smaller (down to half) or left out if the page
    would otherwise overflow.

    ``supplies_key``: the list of things to supply (``supplies``: the game's, for a whole
    kit; ``supplies_deck``: a deck alone).  ``print_key`` is the string with the printing
    instructions (one per ``--duplex`` mode); ``print_note`` is added to them (e.g. the back offset
    the kit was built with).  ``paper_note`` (sheets of paper, how many on card stock, the ink, and
    whether this is the ink-saving edition) follows the print-job table.  ``supplies_extra``: lines added to
    the supplies list (the recipe's ``supplies_lines``: an ordinary die read as the paper one).
    ``jobs``: the kit's print jobs (``pnp.printing.figures.print_jobs``), printed as a table
    under the printing instructions, one row each: pages, stock, one- or two-sided (and the
    flip edge), sheets.
    ``cards``: whether the kit has sheets of cards, which the cutting instructions then name (a
    kit without cards is not told about them).

    Deterministic (reportlab invariant mode): same input, same bytes.
    """
    register_reportlab()
    body = font("body").reportlab_name
    frame_w_mm = paper.width - 2 * MARGIN_X_MM - 2 * FRAME_PADDING_PT * 25.4 / 72

    # the frame the table was sized for, in points (margins 16 mm top and bottom, less the padding)
    frame_w, frame_h = frame_w_mm * mm, (paper.height - 32) * mm - 2 * FRAME_PADDING_PT
    # The largest picture that fits at full type size; else the type a step smaller (a full
    # Letter page, say) before the picture is halved; the picture is left out only last.
    tries = [(1.0, h) for h in (PICTURE_MM, 0.75 * PICTURE_MM, 0.5 * PICTURE_MM)]
    tries += [(k, 0.5 * PICTURE_MM) for k in (0.95, 0.9)] + [(1.0, 0), (0.95, 0), (MIN_TYPE_SCALE, 0)]
    for k, height in tries:
        title_block, story = _compose(k, strings, title, subtitle, lines, checked, extra_notes, supplies_key,
                                      print_key, print_note, paper_note, frame_w_mm, art_credits, cards,
                                      supplies_extra, jobs)
        top = (_with_picture(title_block, picture, height * mm, frame_w) if picture is not None and height
               else list(title_block))
        needed = 0.0
        for f in top + story:
            f.canv = None   # lists look for a canvas while wrapping
            needed += f.wrap(frame_w, frame_h)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        if needed <= frame_h - 4:
            break
    else:
        _refuse_overflow(top + story, needed, frame_w, frame_h - 4, strings, title)
    story = top + story

    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=(paper.width * mm, paper.height * mm), leftMargin=MARGIN_X_MM * mm,
                            rightMargin=MARGIN_X_MM * mm,
                            topMargin=16 * mm, bottomMargin=16 * mm, title=title, author="pnp", subject=subtitle,
                            creator="pnp", invariant=1, initialFontName=body, initialFontSize=9)
    doc.build(story)
    return out.getvalue()


def _refuse_overflow(flowables: list, needed: float, frame_w: float, room: float, strings: Strings,
                     title: str) -> None:
    """Refuse a contents page that fits no page even at the smallest type
    (``MIN_TYPE_SCALE``) without the picture: one line with the space it needs and has (mm)
    and its tallest part, named by the language key that holds it (``_part``), or the
    components table with its rows.

    Raises:
        LayoutError: always."""
    parts: dict[str, float] = {}
    for f in flowables:
        name = getattr(f, "_pnp_part", None) or "the page's other text"
        parts[name] = parts.get(name, 0.0) + f.wrap(frame_w, 10 * room)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    tallest = max(parts, key=parts.get)
    raise LayoutError(f"the contents page needs {needed / mm:.0f} mm of text and has {room / mm:.0f} mm, even at "
                      f"{MIN_TYPE_SCALE:.0%} type without the picture; its tallest part is {tallest} "
                      f"({parts[tallest] / mm:.0f} mm): shorten it", key="contents")


def _part(flowable, name: str):
    """Tag ``flowable`` with the part of the contents page it prints (a language key), for
    ``_refuse_overflow``."""
    flowable._pnp_part = name
    return flowable


def _with_picture(head: list, picture, height: float, width: float) -> list:
    """The title block (``head``) on the left, ``picture`` scaled to ``height`` points on
    the right, as one table row."""
    from pnp.components.diagram import scaled

    picture_w = picture.width * height / picture.height
    drawing = scaled(picture, picture_w)
    table = Table([[head, drawing]], colWidths=[width - picture_w, picture_w], hAlign="LEFT")
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), font("body").reportlab_name),  # not Helvetica
                               ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return [table]


def _compose(k: float, strings: Strings, title: str, subtitle: str, lines: list[ContentsLine], checked: str,
             extra_notes: list[str] | None, supplies_key: str, print_key: str, print_note: str, paper_note: str,
             frame_w_mm: float, art_credits: tuple[tuple[str, str, str], ...] = (), cards: bool = True,
             supplies_extra: tuple[str, ...] = (), jobs: Sequence[PrintJob] = ()) -> tuple[list, list]:
    """The contents page's title block and the rest of the page, every type size times ``k``
    (``render_contents`` gives the arguments)."""
    body, display = font("body").reportlab_name, font("display").reportlab_name
    s_title = ParagraphStyle("t", fontName=display, fontSize=26 * k, leading=30 * k, textColor=colors.HexColor("#4A2F1B"))
    s_sub = ParagraphStyle("s", fontName=body, fontSize=11 * k, leading=14 * k, spaceAfter=8 * k)
    s_h = ParagraphStyle("h", fontName=display, fontSize=13 * k, leading=16 * k, spaceBefore=8 * k, spaceAfter=3 * k,
                         textColor=colors.HexColor("#4A2F1B"))
    s_p = ParagraphStyle("p", fontName=body, fontSize=9.5 * k, leading=12.5 * k)
    s_small = ParagraphStyle("c", fontName=body, fontSize=8 * k, leading=10.5 * k, textColor=colors.HexColor("#444444"))

    at = strings.held_at
    title_block = [_part(Paragraph(_escape(title), s_title), f"the title ({at('title')}, {len(title)} characters)"),
                   _part(Paragraph(_escape(subtitle), s_sub), f"the subtitle ({at('subtitle')})")]
    story = []
    story.append(Paragraph(_escape(strings("contents")), s_h))
    table = _components_table(k, strings, lines, frame_w_mm)
    story += [_part(table, f"the table of components ({len(lines)} rows)"), Spacer(1, 4 * mm)]
    story.append(Paragraph(_escape(strings("you_supply")), s_h))
    supplies = [*strings.get(supplies_key), *supplies_extra]
    story.append(_part(ListFlowable([ListItem(Paragraph(_escape(item), s_p), leftIndent=10) for item in supplies],
                                    bulletType="bullet", start="•", leftIndent=10, bulletFontName=body),
                       f"the supplies ({at(supplies_key)}, {len(supplies)} items)"))
    cutting_keys = ("cutting_instructions", "cutting_first_cards" if cards else "cutting_first", "cutting_strips")
    cutting = " ".join(strings(key) for key in cutting_keys)
    for head, text, key in (("print_instructions_title", strings(print_key) + (f" {print_note}" if print_note else ""),
                             at(print_key)), ("cutting_title", cutting, at(cutting_keys[0]) + " ...")):
        story.append(Paragraph(_escape(strings(head)), s_h))
        story.append(_part(Paragraph(_escape(text), s_p), f"the text of {key}"))
        if head == "print_instructions_title":
            # the jobs, then the paper and ink they take, under the same heading
            if jobs:
                story += [Spacer(1, 2 * k * mm), _part(jobs_table(k, strings, jobs, frame_w_mm),
                                                       f"the table of print jobs ({len(jobs)} rows)")]
            if paper_note:
                story += [Spacer(1, 2 * k * mm),
                          _part(Paragraph(_escape(paper_note), s_p), f"the paper note ({at('paper_note')})")]
    for note in extra_notes or []:
        story.append(Spacer(1, 2 * mm))
        story.append(_part(Paragraph(_escape(note), s_p), "the kit's notes"))
    story.append(Spacer(1, 1.5 * k * mm))
    story.append(_part(about_box(k, strings, checked, frame_w_mm), "the check's verdict"))
    story.append(Paragraph(_escape(strings("credits_title")), s_h))
    families = sorted({f.file.stem.split("-")[0] for f in fonts().values()})
    art = [strings("credits_art", title=t, author=a, licence=lic) for t, a, lic in art_credits]
    for text in (strings("credits_fonts", fonts=", ".join(families)), strings("credits_icons"), *art,
                 strings("credits_tool")):
        story.append(Paragraph(_escape(text), s_small))
    return title_block, story

def job_cells(strings: Strings, job: PrintJob) -> tuple[str, str, str, str]:
    """One row of the print-job table as printed, after its number: pages
    (``page_ranges``), stock, sides (with the flip edge), sheets; in the kit's language
    (``print_jobs.*``)."""
    sides = strings(f"print_jobs.two_sided_{job.flip}") if job.sides == 2 else strings("print_jobs.one_sided")
    return (page_ranges(job.pages, strings.locale.range_dash), strings(f"print_jobs.{job.stock}"), sides,
            str(job.sheets))


def jobs_table(k: float, strings: Strings, jobs: Sequence[PrintJob], frame_w_mm: float) -> Table:
    """The print-job table: a head row (``print_jobs.job``, ``pages``, ``print_jobs.stock``,
    ``print_jobs.sides``, ``print_jobs.sheets``), then one row per job (``job_cells``),
    numbered 1, 2, ...; type 8.5 pt times ``k``, as wide as the frame (``frame_w_mm``)."""
    body, bold = font("body").reportlab_name, font("bold").reportlab_name
    s_cell = ParagraphStyle("job", fontName=body, fontSize=8.5 * k, leading=10 * k)
    s_head = ParagraphStyle("job_head", parent=s_cell, fontName=bold, textColor=colors.white)
    s_num = ParagraphStyle("job_num", parent=s_cell, alignment=TA_RIGHT)
    s_head_num = ParagraphStyle("job_head_num", parent=s_head, alignment=TA_RIGHT)
    head = [Paragraph(_escape(strings("print_jobs.job")), s_head), Paragraph(_escape(strings("pages")), s_head),
            Paragraph(_escape(strings("print_jobs.stock")), s_head), Paragraph(_escape(strings("print_jobs.sides")), s_head),
            Paragraph(_escape(strings("print_jobs.sheets")), s_head_num)]
    data = [head]
    for n, job in enumerate(jobs, 1):
        pages, stock, sides, count = job_cells(strings, job)
        data.append([Paragraph(str(n), s_cell), Paragraph(_escape(pages), s_cell), Paragraph(_escape(stock), s_cell),
                     Paragraph(_escape(sides), s_cell), Paragraph(count, s_num)])
    widths = [0.07, 0.25, 0.22, 0.36, 0.1]
    table = Table(data, colWidths=[w * frame_w_mm * mm for w in widths], hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, 0), bold, 8.5 * k), ("FONT", (0, 1), (-1, -1), body, 8.5 * k),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#4A2F1B")),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.HexColor("#F4E8CC"), colors.HexColor("#E6D3A8")]),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
    ]))
    return table


#: The "About this kit" box: its fill and rule, the only place on a kit's pages that says how
#: the kit was checked before it was made (``checked``), in a player's words.
ABOUT_FILL = "#F4EEE2"
ABOUT_RULE = "#B8A98C"


def about_box(k: float, strings: Strings, checked: str, frame_w_mm: float) -> Table:
    """The small "About this kit" box: its title (``checked_title``, bold, run in) and
    ``checked``, the pre-print check's verdict in plain words, at 8.5 pt times ``k`` on a
    light fill, as wide as the frame (``frame_w_mm``, mm).  A one-cell reportlab ``Table``."""
    body, bold = font("body").reportlab_name, font("bold").reportlab_name
    s_text = ParagraphStyle("about_p", fontName=body, fontSize=8.5 * k, leading=11 * k)
    head = f'<font name="{bold}" color="#4A2F1B">{_escape(strings("checked_title"))}.</font>'
    box = Table([[Paragraph(f"{head} {_escape(checked)}", s_text)]], colWidths=[frame_w_mm * mm], hAlign="LEFT")
    box.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), body, 8.5 * k),
                             ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(ABOUT_FILL)),
                             ("BOX", (0, 0), (-1, -1), 0.5, colors.HexColor(ABOUT_RULE)),
                             ("LEFTPADDING", (0, 0), (-1, -1), 5), ("RIGHTPADDING", (0, 0), (-1, -1), 5),
                             ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    return box


def _components_table(k: float, strings: Strings, lines: list[ContentsLine], frame_w_mm: float) -> Table:
    """The table of components (name, count, pages), type sizes times ``k``."""
    body, bold = font("body").reportlab_name, font("bold").reportlab_name
    # Cells are paragraphs so a long name or page list wraps inside its column; the columns
    # share the frame's width (paper width less the margins), so the table never runs past it.
    s_cell = ParagraphStyle("cell", fontName=body, fontSize=9.5 * k, leading=11.5 * k)
    s_head = ParagraphStyle("head", parent=s_cell, fontName=bold, textColor=colors.white)
    s_count = ParagraphStyle("count", parent=s_cell, alignment=TA_RIGHT)
    s_head_count = ParagraphStyle("head_count", parent=s_head, alignment=TA_RIGHT)
    data = [[Paragraph(_escape(strings("component")), s_head), Paragraph(_escape(strings("count")), s_head_count),
             Paragraph(_escape(strings("pages")), s_head)]]
    data += [[Paragraph(_escape(line.label), s_cell), Paragraph(str(line.count), s_count),
              Paragraph(_escape(page_ranges(line.pages, strings.locale.range_dash)), s_cell)] for line in lines]
    count_w = COUNT_COLUMN_MM
    name_w = (frame_w_mm - count_w) * 0.5
    table = Table(data, colWidths=[name_w * mm, count_w * mm, (frame_w_mm - count_w - name_w) * mm], hAlign="LEFT")
    table.setStyle(TableStyle([
        # the cells are paragraphs with their own fonts; these keep reportlab's default
        # (Helvetica, not embedded) out of the page
        ("FONT", (0, 0), (-1, 0), bold, 9.5 * k), ("FONT", (0, 1), (-1, -1), body, 9.5 * k),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#4A2F1B")), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.HexColor("#F4E8CC"), colors.HexColor("#E6D3A8")]),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]))
    return table
