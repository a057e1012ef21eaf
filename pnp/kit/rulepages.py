"""Rules-sheet pages: two columns of body text that end level, and player aids placed
where they waste no paper.

``plan_pages`` decides, with cheap layout-only passes, everything the one drawing pass
(``typeset(..., draw=True)``) needs:

* the body type size (``BODY_SIZES``, nearest ``NOMINAL_BODY`` first);
* the aid card's type size (``AID_SIZES``) and so its height: one column wide, as high as
  its text (at most half the body height, so two rows always fit a page);
* where the ``players`` aid cards go: at the foot of the last text page's columns
  (``floats``), the rest in rows of two on aid pages after it;
* the height of the last text page's left text frame, so that both columns (text plus
  the aids under it) end level.

Rules every plan keeps (the rules sheets' design, issue 12): no page is more than a third
empty (``MIN_FILL`` of the body height used, mean of the two columns); the columns of the
last page end within ``LEVEL`` of the page height; an aid page holds rows of two cards,
but for an odd card centred under the last row, so its columns end level.  Among the plans that keep them: fewest pages, then the
body size nearest ``NOMINAL_BODY``, then the smallest aid type.

Layout passes lay out with reportlab's own frames (so splitting, keep-with-next and
conditional breaks behave exactly as in the drawn PDF) but draw nothing: a pass costs a
quarter of a drawn build.  Units: points unless a name ends in ``_mm``.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from typing import Any, Callable

MM = 72.0 / 25.4  # PDF points per millimetre

#: Paper sizes in millimetres (width, height), portrait.
PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Page margins in millimetres (every side); the brief asks for at least 12 mm.
MARGIN_MM = 14.0
#: Gap between the two text columns, millimetres; also the gap around player aids (cut
#: lines run in its middle).
GUTTER_MM = 6.0
#: Least height of the title block on the first page, millimetres.
TITLE_BLOCK_MM = 34.0
#: Footer band at the foot of every page, millimetres.
FOOTER_MM = 7.0

#: Body text sizes in points, in order of preference (nearest the nominal size first).
BODY_SIZES = (8.8, 8.6, 9.0, 8.4, 9.2, 8.2, 9.4, 9.6)
NOMINAL_BODY = 8.8
#: Player aid type sizes in points, smallest first.
AID_SIZES = (8.0, 8.4, 8.8, 9.2)
#: Inner padding of an aid card, millimetres.
AID_PAD_MM = 3.2
#: Least share of a page's body height in use (mean of its two columns).
MIN_FILL = 2 / 3
#: Most the two columns of the last page may differ, share of the page height.
LEVEL = 0.10

ACCENT = "#8C2F1B"
RULE = "#C9B48F"
CUT = "#8A8A8A"
FOOTER_INK = "#6B5B45"


@dataclass(frozen=True)
class Geometry:
    """Page geometry of one rules sheet (points)."""

    paper: str
    title_h: float

    @property
    def page_w(self) -> float:
        return PAPER_MM[self.paper][0] * MM

    @property
    def page_h(self) -> float:
        return PAPER_MM[self.paper][1] * MM

    @property
    def margin(self) -> float:
        return MARGIN_MM * MM

    @property
    def gap(self) -> float:
        return GUTTER_MM * MM

    @property
    def col_w(self) -> float:
        return (self.page_w - 2 * self.margin - self.gap) / 2

    @property
    def body_bottom(self) -> float:
        return self.margin + FOOTER_MM * MM

    @property
    def body_h(self) -> float:
        return self.page_h - self.margin - self.body_bottom

    def top(self, page: int) -> float:
        """Top of the body columns on ``page`` (1-based): below the title block on page 1."""
        return self.page_h - self.margin - (self.title_h + 3 * MM if page == 1 else 0)

    def column_x(self, column: int) -> float:
        return self.margin + column * (self.col_w + self.gap)


@dataclass(frozen=True)
class Plan:
    """Where everything goes (see the module docstring).

    ``tail``: the page the body text ends on; ``cut``: (left, right) heights of that page's
    text frames, or None (full columns); ``ends``: height used from the top of each of its
    columns by text, measured by the last layout pass; ``floats``: aids at the foot of its
    (left, right) column; ``aid_rows``: rows of two aids on each aid page after it;
    ``aid_h``: card height; ``single``: the last aid page's last row holds one card,
    centred (an odd number of aids on aid pages).
    """

    size: float
    aid_size: float = 8.0
    aid_h: float = 0.0
    tail: int = 1
    cut: tuple[float, float] | None = None
    ends: tuple[float, float] = (0.0, 0.0)
    floats: tuple[int, int] = (0, 0)
    aid_rows: tuple[int, ...] = ()
    single: bool = False

    @property
    def pages(self) -> int:
        return self.tail + len(self.aid_rows)


@dataclass
class Source:
    """What the pages are made of (built by ``pnp.kit.rulebook``).

    ``body(size)`` -> (title flowables, body flowables), fresh on every call; ``aid(size,
    width)`` -> the aid card's flowables (title first), fresh, or None when the game has no
    player aid; ``players``: aids to print; ``footer``: the footer line; ``meta``: keyword
    arguments for reportlab's document (title, author ...); ``font``: the footer font.
    """

    body: Callable[[float], tuple[list, list]]
    aid: Callable[[float, float], list | None]
    players: int
    footer: str
    meta: dict[str, Any]
    font: str
    _aid_heights: dict = field(default_factory=dict)
    _bodies: dict = field(default_factory=dict)

    def flowables(self, size: float) -> tuple[list, list]:
        """``body(size)``, made once per size: every pass reuses the same flowables (reportlab's
        own multi-pass builds do), the edits a pass makes to them undone after it."""
        if size not in self._bodies:
            self._bodies[size] = self.body(size)
        return self._bodies[size]

    def aid_height(self, geo: Geometry, size: float) -> float:
        """Height of one aid card with type of ``size`` points: its text plus padding, at most
        half the body height less a gap (two rows fit a page); 0 without an aid."""
        key = (geo.paper, size)
        if key not in self._aid_heights:
            flow = self.aid(size, geo.col_w - 2 * AID_PAD_MM * MM)
            if not flow:
                self._aid_heights[key] = 0.0
            else:
                inner = geo.col_w - 2 * AID_PAD_MM * MM
                height = 0.0
                for i, f in enumerate(flow):
                    f.canv = None  # lists look for a canvas while wrapping
                    height += f.wrap(inner, 1e6)[1] + f.getSpaceAfter() + (f.getSpaceBefore() if i else 0)
                natural = height + 2 * AID_PAD_MM * MM
                self._aid_heights[key] = min(natural, (geo.body_h - geo.gap) / 2)
        return self._aid_heights[key]


@dataclass(frozen=True)
class Layout:
    """What one pass found: ``pages``; ``tail``: page the body text ended on; ``ends``:
    height used from the top of the tail page's (left, right) text column; PDF ``data``
    when drawn."""

    pages: int
    tail: int
    ends: tuple[float, float]
    data: bytes | None = None


# ------------------------------------------------------------------------------- planning
def plan_pages(src: Source, geo: Geometry) -> Plan:
    """The plan for ``src`` on ``geo`` (see the module docstring).  When no plan keeps every
    rule (a sheet too short to fill a page, say), the nominal body size with the aids on
    pages after the text, its last text page balanced."""
    players = src.players
    has_aid = src.aid_height(geo, AID_SIZES[0]) > 0
    aid_sizes = AID_SIZES if has_aid else (AID_SIZES[0],)
    aid_count = players if has_aid else 0
    measured: dict[float, Layout] = {}

    def text(size: float) -> Layout:
        if size not in measured:
            measured[size] = typeset(src, geo, Plan(size))
        return measured[size]

    # No plan needs fewer pages than the smallest type with every aid packed tight.
    least = text(min(BODY_SIZES))
    step = src.aid_height(geo, AID_SIZES[0]) + geo.gap if has_aid else 0.0
    spill = sum(least.ends) + aid_count * step - 2 * (geo.top(least.tail) - geo.body_bottom)
    bound = least.tail + max(0, math.ceil(spill / (2 * geo.body_h)))
    waiting: list[tuple] = []
    for size in BODY_SIZES:
        layout = text(size)
        for aid_size in aid_sizes:
            aid_h = src.aid_height(geo, aid_size) if has_aid else 0.0
            for pages, uneven, floats, rows in _candidates(geo, layout, aid_count, aid_h):
                single = (aid_count - sum(floats)) % 2 == 1
                waiting.append(((pages, abs(size - NOMINAL_BODY), aid_size, uneven),
                                Plan(size, aid_size, aid_h, layout.tail, ends=layout.ends, floats=floats,
                                     aid_rows=rows, single=single)))
        waiting.sort(key=lambda item: item[0])
        last_size = size == BODY_SIZES[-1]
        for item in list(waiting):
            if item[0][0] > bound and not last_size:
                break
            plan = _balance(src, geo, item[1])
            if plan is not None:
                return plan
            waiting.remove(item)
    size = NOMINAL_BODY if NOMINAL_BODY in measured else BODY_SIZES[0]
    aid_h = src.aid_height(geo, AID_SIZES[0]) if has_aid else 0.0
    rows = _rows(math.ceil(aid_count / 2), geo, aid_h)
    plan = Plan(size, AID_SIZES[0], aid_h, measured[size].tail, aid_rows=rows, single=aid_count % 2 == 1)
    return _balance(src, geo, plan, strict=False) or replace_plan(plan, ends=measured[size].ends)


def _rows(rows: int, geo: Geometry, aid_h: float) -> tuple[int, ...]:
    """``rows`` rows of aids spread evenly over as few pages as hold them."""
    if not rows:
        return ()
    per_page = max(1, int((geo.body_h + geo.gap) // (aid_h + geo.gap)))
    pages = math.ceil(rows / per_page)
    return tuple(rows // pages + (1 if i < rows % pages else 0) for i in range(pages))


def _candidates(geo: Geometry, text: Layout, players: int, aid_h: float):
    """(pages, badness, floats, aid rows) of every placement of ``players`` aids that the
    text-only layout ``text`` suggests keeps the rules; badness: how unlike level the tail
    page's columns would be (points)."""
    step = aid_h + geo.gap
    room = geo.top(text.tail) - geo.body_bottom
    words = sum(text.ends)
    slack = 2 * 12.0  # a line or two per column lost to breaks that cannot split
    most = int((room + geo.gap + 0.01) // step) if players else 0
    for left in range(most + 1):
        for right in range(most + 1):
            rest = players - left - right
            if rest < 0:
                continue
            rows = _rows(math.ceil(rest / 2), geo, aid_h)
            if any((r * step - geo.gap) < MIN_FILL * geo.body_h for r in rows):
                continue
            cap_left, cap_right = _text_room(room, left, step), _text_room(room, right, step)
            if words + slack > cap_left + cap_right or (cap_right <= 0 < words):
                continue  # the text would not fit above the aids
            end_left, end_right = _best_split(words, cap_left, cap_right, left, right, aid_h, geo.gap)
            if (end_left + end_right) / 2 < MIN_FILL * room:
                continue
            uneven = abs(end_left - end_right)
            if not rows and uneven > LEVEL * geo.page_h:
                continue
            yield text.tail + len(rows), uneven, (left, right), rows


def _balance(src: Source, geo: Geometry, plan: Plan, strict: bool = True) -> Plan | None:
    """``plan`` with the tail page's left text frame cut so both columns (text and floated
    aids) end level: the least cut (to a line) at which everything still fits on the tail
    page and the left column ends no higher than the right.  ``plan.ends`` is the text-only
    layout's columns, from which the search starts (a pass or three).  None when
    the text no longer fits on the tail page, or (``strict``) the page breaks a rule."""
    step = plan.aid_h + geo.gap
    room = geo.top(plan.tail) - geo.body_bottom
    fl, fr = plan.floats
    left_max, right_max = _text_room(room, fl, step), _text_room(room, fr, step)
    if right_max <= 0:
        return None   # the text continues in the right column

    def ends(layout: Layout) -> tuple[float, float]:
        return (_column_end(layout.ends[0], fl, plan.aid_h, geo.gap),
                _column_end(layout.ends[1], fr, plan.aid_h, geo.gap))

    def level(h: float) -> Layout | None:
        from reportlab.platypus.doctemplate import LayoutError

        try:
            trial = typeset(src, geo, replace_plan(plan, cut=(h, right_max)))
        except LayoutError:   # a frame too short for something that cannot split
            return None
        return trial if trial.tail == plan.tail and ends(trial)[0] >= ends(trial)[1] - 1 else None

    # Start where the text-only layout says the columns meet; then a line at a time
    # towards the least cut that still fits and leaves the left column no higher.
    line = 1.32 * plan.size
    words = sum(plan.ends)
    hi = min(left_max, max(line, (words + (fr - fl) * step) / 2 + line / 2))
    found = level(hi)
    while found is None and hi < left_max:
        hi = min(left_max, hi + line)
        found = level(hi)
    if found is None:
        from reportlab.platypus.doctemplate import LayoutError

        try:
            found = typeset(src, geo, replace_plan(plan, cut=(left_max, right_max)))
        except LayoutError:
            return None
        if found.tail != plan.tail:
            return None
    else:
        while hi - line > 0:
            lower = level(hi - line)
            if lower is None:
                break
            hi, found = hi - line, lower
    left, right = ends(found)
    result = replace_plan(plan, cut=(hi, right_max), ends=found.ends)
    if strict:
        last = not plan.aid_rows
        if (left + right) / 2 < MIN_FILL * room:
            return None
        if last and abs(left - right) > LEVEL * geo.page_h:
            return None
    return result


def _best_split(words: float, cap_left: float, cap_right: float, left: int, right: int, aid_h: float,
                gap: float) -> tuple[float, float]:
    """(left, right) column ends of the most level split of ``words`` points of text
    between two columns holding ``cap_left``/``cap_right`` of text above ``left``/``right``
    aids (an estimate to a couple of points: text taken as fluid)."""
    best = None
    low = max(0.0, words - cap_right)
    high = min(cap_left, words)
    steps = max(1, int((high - low) // 2))
    for i in range(steps + 1):
        text_left = low + (high - low) * i / steps if high > low else low
        ends = (_column_end(text_left, left, aid_h, gap), _column_end(words - text_left, right, aid_h, gap))
        if best is None or abs(ends[0] - ends[1]) < abs(best[0] - best[1]):
            best = ends
    return best


def _column_end(used: float, floats: int, aid_h: float, gap: float) -> float:
    """Depth of a column's end below its top: ``used`` by text, then ``floats`` cards."""
    if not floats:
        return used
    return (used + gap if used > 0 else 0.0) + floats * (aid_h + gap) - gap


def _text_room(room: float, floats: int, step: float) -> float:
    """Height left for text in a column of height ``room`` with ``floats`` aids (``step``:
    card and gap) at its foot: a gap above the cards when text is there; 0 when the cards
    fill the column."""
    return max(0.0, room - floats * step)


def replace_plan(plan: Plan, **changes) -> Plan:
    from dataclasses import replace

    return replace(plan, **changes)


# ------------------------------------------------------------------------------ typesetting
def typeset(src: Source, geo: Geometry, plan: Plan, draw: bool = False) -> Layout:
    """Lay out (``draw``: and draw) the sheet after ``plan``.

    A layout pass (``draw=False``) places every flowable with reportlab's frames but draws
    none and no aid; it reports where the body text ended."""
    from reportlab.platypus import (BaseDocTemplate, Frame, FrameBreak, NextPageTemplate, PageBreak,
                                    PageTemplate)

    title_flow, body_flow = src.flowables(plan.size)
    m, g, w = geo.margin, geo.gap, geo.col_w
    pad = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    frame_class = Frame if draw else _LayoutFrame

    def columns(page_top: float, tag: str, cut: tuple[float, float] | None = None) -> list:
        full = page_top - geo.body_bottom
        hl, hr = cut or (full, full)
        hl, hr = min(hl, full), min(hr, full)
        # a column its aids fill has no text frame (text goes on to the next column)
        return [frame_class(x, page_top - h, w, h, id=f"{tag}-{side}", **pad)
                for x, h, side in ((m, hl, "left"), (m + w + g, hr, "right")) if h >= 1]

    title_frame = frame_class(m, geo.page_h - m - geo.title_h, geo.page_w - 2 * m, geo.title_h, id="title", **pad)
    tail_top = geo.top(plan.tail)
    tail_frames = columns(tail_top, "tail", plan.cut)
    if plan.tail == 1:
        tail_frames = [title_frame] + tail_frames
    decorate = _Decorations(src, geo, plan, draw)
    templates = [
        PageTemplate(id="first", frames=[title_frame] + columns(geo.top(1), "first"), onPage=decorate),
        PageTemplate(id="later", frames=columns(geo.top(2), "later"), onPage=decorate),
        PageTemplate(id="tail", frames=tail_frames, onPage=decorate),
        PageTemplate(id="aids", frames=[Frame(m, geo.body_bottom, geo.page_w - 2 * m, geo.body_h, id="aids")],
                     onPage=decorate),
    ]
    record = {"tail": 0, "low": {}}
    later_top = geo.top(2)

    class _Doc(BaseDocTemplate):
        def handle_pageBegin(self):
            if plan.cut and self.page + 1 == plan.tail:
                self.pageTemplate = self.pageTemplates[2]
            super().handle_pageBegin()

        def afterFlowable(self, flowable):
            if isinstance(flowable, _BodyEnd):
                record["tail"] = self.page
            elif self.frame is not None and not record["tail"]:
                low = record["low"].setdefault(self.page, {})
                low[self.frame.id] = min(low.get(self.frame.id, later_top), self.frame._y)

    buffer = io.BytesIO()
    doc = _Doc(buffer, pagesize=(geo.page_w, geo.page_h), leftMargin=m, rightMargin=m, topMargin=m,
               bottomMargin=m, invariant=1, pageCompression=1, initialFontName=src.font, initialFontSize=8,
               **src.meta)
    doc.addPageTemplates(templates)
    story = [NextPageTemplate("later")] + title_flow + [FrameBreak()] + body_flow + [_BodyEnd()]
    if draw:
        for _ in plan.aid_rows:
            story += [NextPageTemplate("aids"), PageBreak(), _BodyEnd()]
    # reportlab notes what a build changes on the story's flowables (keep-with-next bundles,
    # postponed marks) when asked, as in its multiBuild; undone so the next pass starts clean.
    edits: list = []
    doc._multiBuildEdits = edits.append
    try:
        doc.build(story)
    finally:
        for undo, *args in reversed(edits):
            undo(*args)
    tail = record["tail"]
    tag = "tail" if plan.cut and tail == plan.tail else "first" if tail == 1 else "later"
    top = geo.top(tail)
    low = record["low"].get(tail, {})
    ends = (top - low.get(f"{tag}-left", top), top - low.get(f"{tag}-right", top))
    return Layout(doc.page, tail, ends, buffer.getvalue() if draw else None)


class _Decorations:
    """The page furniture (``onPage``): title rules, footer, page number, and the player
    aids (floated on the tail page, in rows on aid pages) with their cut lines."""

    def __init__(self, src: Source, geo: Geometry, plan: Plan, draw: bool):
        self.src, self.geo, self.plan, self.draw = src, geo, plan, draw
        self._card = None

    def __call__(self, canvas, doc) -> None:
        if not self.draw:
            return
        from reportlab.lib.colors import HexColor

        geo, plan, page = self.geo, self.plan, doc.page
        m = geo.margin
        canvas.saveState()
        if page == 1:
            y = geo.page_h - m - geo.title_h
            canvas.setStrokeColor(HexColor(ACCENT))
            canvas.setLineWidth(1.2)
            canvas.line(m, y, geo.page_w - m, y)
            canvas.setLineWidth(0.4)
            canvas.line(m, y - 1.6, geo.page_w - m, y - 1.6)
        cells = self.cells(page)
        if cells:
            self.aids(canvas, cells)
        canvas.setStrokeColor(HexColor(RULE))
        canvas.setLineWidth(0.5)
        foot = m + FOOTER_MM * MM - 2.5 * MM
        canvas.line(m, foot, geo.page_w - m, foot)
        canvas.setFont(self.src.font, 7)
        canvas.setFillColor(HexColor(FOOTER_INK))
        canvas.drawString(m, m + 1.5 * MM, self.src.footer)
        canvas.drawRightString(geo.page_w - m, m + 1.5 * MM, str(page))
        canvas.restoreState()

    def cells(self, page: int) -> list[tuple[float, float]]:
        """Bottom-left corners of the aid cards on ``page``."""
        geo, plan = self.geo, self.plan
        step = plan.aid_h + geo.gap
        out = []
        if page == plan.tail:
            top = geo.top(page)
            for column, (count, used) in enumerate(zip(plan.floats, plan.ends)):
                above = used + geo.gap if used > 0 else 0.0   # no gap over cards that start the column
                for i in range(count):
                    out.append((geo.column_x(column), top - above - i * step - plan.aid_h))
        elif plan.tail < page <= plan.pages:
            rows = plan.aid_rows[page - plan.tail - 1]
            for row in range(rows):
                y = geo.top(page) - row * step - plan.aid_h
                if plan.single and page == plan.pages and row == rows - 1:
                    out.append(((geo.page_w - geo.col_w) / 2, y))   # the odd card, centred
                else:
                    out += [(geo.column_x(0), y), (geo.column_x(1), y)]
        return out

    def aids(self, canvas, cells) -> None:
        """Each card: a rounded frame, its text, and a dashed cut line half a gap outside
        (shared by neighbouring cards, so one cut separates two)."""
        from reportlab.lib.colors import HexColor

        geo, plan = self.geo, self.plan
        w, h = geo.col_w, plan.aid_h
        half = geo.gap / 2
        card = self.card()
        for x, y in cells:
            canvas.setStrokeColor(HexColor(CUT))
            canvas.setLineWidth(0.4)
            canvas.setDash(3, 2)
            canvas.rect(x - half, y - half, w + 2 * half, h + 2 * half, stroke=1, fill=0)
            canvas.setDash()
            canvas.setStrokeColor(HexColor(ACCENT))
            canvas.setLineWidth(0.8)
            canvas.roundRect(x, y, w, h, 2.5 * MM, stroke=1, fill=0)
            p = AID_PAD_MM * MM
            card.wrapOn(canvas, w - 2 * p, h - 2 * p)
            card.drawOn(canvas, x + p, y + p)

    def card(self):
        """The aid card's text, shrunk into the card if it is taller (drawn on every card)."""
        if self._card is None:
            from reportlab.platypus import KeepInFrame

            p = AID_PAD_MM * MM
            inner_w, inner_h = self.geo.col_w - 2 * p, self.plan.aid_h - 2 * p
            self._card = KeepInFrame(inner_w, inner_h, self.src.aid(self.plan.aid_size, inner_w), mode="shrink",
                                     vAlign="TOP")
        return self._card


def _flowable_base():
    from reportlab.platypus import Flowable

    return Flowable


class _BodyEnd(_flowable_base()):
    """Zero-size marker after the body text (the layout notes its page)."""

    def wrap(self, aW, aH):
        return 0, 0

    def draw(self):
        pass


def _layout_frame_class():
    from reportlab.platypus import Frame

    class LayoutFrame(Frame):
        """A frame that places flowables (wrap, split, advance) but draws none."""

        def _add(self, flowable, canv, trySplit=0):
            flowable.__dict__["drawOn"] = _no_draw   # an instance attribute: Drawings refuse setattr
            try:
                return Frame._add(self, flowable, canv, trySplit)
            finally:
                flowable.__dict__.pop("drawOn", None)

        add = _add

    return LayoutFrame


def _no_draw(*args, **kwargs) -> None:
    return None


_LayoutFrame = _layout_frame_class()
