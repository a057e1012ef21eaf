"""Rules-sheet pages: two columns of body text that end level on every page.

``plan_pages`` decides, with cheap layout-only passes, everything the one drawing pass
(``typeset(..., draw=True)``) needs: the body type size (``BODY_SIZES``, nearest
``NOMINAL_BODY`` first) and the height of the last page's left text frame, so that both
columns end level.

Rules every plan keeps (the rules sheets' design): no page is more than a third
empty (``MIN_FILL`` of the body height used, mean of the two columns); the columns of the
last page end within ``LEVEL`` of the page height.  Among the plans that keep them: fewest
pages, then the body size nearest ``NOMINAL_BODY``.  The sheet holds no player aid: it is
reading matter printed on both sides, so the aids are pieces of their own
(``pnp.kit.aids``).

Layout passes lay out with reportlab's own frames (so splitting, keep-with-next and
conditional breaks behave exactly as in the drawn PDF) but draw nothing: a pass costs a
quarter of a drawn build.  Units: points unless a name ends in ``_mm``.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Callable

MM = 72.0 / 25.4  # PDF points per millimetre

#: Paper sizes in millimetres (width, height), portrait.
PAPER_MM: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Page margins in millimetres (every side); the brief asks for at least 12 mm.
MARGIN_MM = 14.0
#: Gap between the two text columns, millimetres.
GUTTER_MM = 6.0
#: Least height of the title block on the first page, millimetres.
TITLE_BLOCK_MM = 34.0
#: Footer band at the foot of every page, millimetres.
FOOTER_MM = 7.0

#: Body text sizes in points, in order of preference (nearest the nominal size first).
BODY_SIZES = (8.8, 8.6, 9.0, 8.4, 9.2, 8.2, 9.4, 9.6, 9.8, 10.0, 10.2, 10.4, 10.6, 10.8)
NOMINAL_BODY = 8.8
#: Smaller body sizes, points, largest first: used only when the sheet then takes fewer
#: sheets of paper (``reading_sheets``) than at every size of ``BODY_SIZES``.
TIGHT_SIZES = (8.0, 7.8, 7.6)
#: Least share of a page's body height in use (mean of its two columns).
MIN_FILL = 2 / 3
#: Most the two columns of the last page may differ, share of the page height.
LEVEL = 0.10

ACCENT = "#8C2F1B"
RULE = "#C9B48F"
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

    ``size``: body type size, points; ``tail``: the page the body text ends on; ``cut``:
    (left, right) heights of that page's text frames, or None (full columns); ``ends``:
    height used from the top of each of its columns by text, measured by the last layout
    pass.
    """

    size: float
    tail: int = 1
    cut: tuple[float, float] | None = None
    ends: tuple[float, float] = (0.0, 0.0)

    @property
    def pages(self) -> int:
        return self.tail


@dataclass
class Source:
    """What the pages are made of (built by ``pnp.kit.rulebook``).

    ``body(size)`` -> (title flowables, body flowables), fresh on every call; ``footer``:
    the footer line; ``meta``: keyword arguments for reportlab's document (title, author
    ...); ``font``: the footer font; ``first_page``: the page number printed on the first
    page, the kit's own (the contents page is page 1, so that the contents page's page
    numbers are the ones printed on the pages).
    """

    body: Callable[[float], tuple[list, list]]
    footer: str
    meta: dict[str, Any]
    font: str
    first_page: int = 2
    _bodies: dict = field(default_factory=dict)

    def flowables(self, size: float) -> tuple[list, list]:
        """``body(size)``, made once per size: every pass reuses the same flowables (reportlab's
        own multi-pass builds do), the edits a pass makes to them undone after it."""
        if size not in self._bodies:
            self._bodies[size] = self.body(size)
        return self._bodies[size]


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
def reading_sheets(rules_pages: int) -> int:
    """Sheets of paper the reading matter takes: the contents page (one page) and
    ``rules_pages`` rules pages, printed on both sides of each sheet."""
    return (1 + rules_pages + 1) // 2


def plan_pages(src: Source, geo: Geometry) -> Plan:
    """The plan for ``src`` on ``geo`` (``_plan_pages``), set tighter where that saves a
    sheet of paper: the largest of ``TIGHT_SIZES`` whose text ends on a page that makes
    ``reading_sheets`` fewer, keeping every rule of the module docstring (no page more
    than a third empty, the last page's columns level).  A 4-page rules sheet (3 sheets
    with the contents page, the last page 40 % empty) becomes 3 pages (2 sheets)."""
    plan = _plan_pages(src, geo)
    for size in TIGHT_SIZES:
        layout = typeset(src, geo, Plan(size))
        if reading_sheets(layout.tail) >= reading_sheets(plan.pages):
            continue
        if not _fills(geo, layout):     # a smaller size is emptier still
            break
        tight = _balance(src, geo, Plan(size, layout.tail, ends=layout.ends))
        if tight is not None:
            return tight
    return plan


def _plan_pages(src: Source, geo: Geometry) -> Plan:
    """The plan for ``src`` on ``geo`` (see the module docstring).  When no plan keeps every
    rule (a sheet too short to fill a page, say), the nominal body size, its last page
    balanced.

    The sizes are tried in order of preference, but not every size is laid out: the text
    is taken to grow with its type (a larger size never ends higher on the same last page,
    nor on an earlier one), so a size below one whose last page is too empty is too empty
    as well, and is skipped.  ``_least_full`` first finds the smallest size that is not
    too empty in a few layout passes (each costs 30-40 ms) instead of up to fourteen."""
    measured: dict[float, Layout] = {}

    def text(size: float) -> Layout:
        if size not in measured:
            measured[size] = typeset(src, geo, Plan(size))
        return measured[size]

    # No plan needs fewer pages than the smallest type.
    bound = text(min(BODY_SIZES)).tail
    ordered = sorted(BODY_SIZES)
    too_empty = set(ordered[:_least_full(geo, ordered, bound, text)])

    waiting: list[tuple] = []
    for size in BODY_SIZES:
        layout = None if size in too_empty else text(size)
        if layout is not None and _fills(geo, layout):
            waiting.append(((layout.tail, abs(size - NOMINAL_BODY)), Plan(size, layout.tail, ends=layout.ends)))
        waiting.sort(key=lambda item: item[0])
        last_size = size == BODY_SIZES[-1]
        for item in list(waiting):
            if item[0][0] > bound and not last_size:
                break
            plan = _balance(src, geo, item[1])
            if plan is not None:
                return plan
            waiting.remove(item)
    size = NOMINAL_BODY
    plan = Plan(size, text(size).tail)
    return _balance(src, geo, plan, strict=False) or replace_plan(plan, ends=measured[size].ends)


def _least_full(geo: Geometry, ordered: list[float], bound: int, text: Callable[[float], Layout]) -> int:
    """Index in ``ordered`` (sizes, ascending) of the first size whose text is not *short*
    (ends on the fewest pages, ``bound``, with that page too empty for ``_fills``); every
    size before it is short.  ``len(ordered)`` when all are.

    Assumes the text grows with its type.  A search by interpolation: the height the text
    uses grows about linearly with the size over this narrow range, so the size at which it
    would fill the last page is predicted from the two sizes nearest the boundary measured
    so far (first the smallest and the nominal size), that size laid out, then its
    neighbour to confirm the boundary: two to four passes in the kits' rules sheets."""
    def used(size: float) -> float:
        """Column height (pt) the text uses: its full pages' columns plus the last page's."""
        layout = text(size)
        return sum(2 * (geo.top(page) - geo.body_bottom) for page in range(1, layout.tail)) + sum(layout.ends)

    def short(index: int) -> bool:
        layout = text(ordered[index])
        return layout.tail <= bound and not _fills(geo, layout)

    target = (sum(2 * (geo.top(page) - geo.body_bottom) for page in range(1, bound))
              + 2 * MIN_FILL * (geo.top(bound) - geo.body_bottom))
    if not short(0):
        return 0
    lo, hi = 0, len(ordered)        # ordered[lo] is short; ordered[hi] is not (len: none known)
    shorts = [0]
    while hi - lo > 1:
        if hi < len(ordered):
            a, b = lo, hi
        elif len(shorts) > 1:
            a, b = shorts[-2], shorts[-1]
        else:
            a, b = None, None
        guessed = a is not None
        if not guessed:
            probe = ordered.index(NOMINAL_BODY) if NOMINAL_BODY in ordered else (lo + hi) // 2
        else:
            slope = (used(ordered[b]) - used(ordered[a])) / (ordered[b] - ordered[a])
            guess = ordered[a] + (target - used(ordered[a])) / slope if slope > 0 else ordered[(lo + hi) // 2]
            probe = next((i for i, size in enumerate(ordered) if size >= guess - 1e-9), len(ordered) - 1)
        probe = min(max(probe, lo + 1), hi - 1)
        if short(probe):
            lo = probe
            shorts.append(probe)
            if guessed and probe + 1 < hi:                # the neighbour above: the boundary?
                if short(probe + 1):
                    lo = probe + 1
                    shorts.append(lo)
                else:
                    hi = probe + 1
        else:
            hi = probe
            if guessed and probe - 1 > lo:                # the neighbour below: the boundary?
                if short(probe - 1):
                    lo = probe - 1
                    shorts.append(lo)
                else:
                    hi = probe - 1
    return hi


def _fills(geo: Geometry, text: Layout) -> bool:
    """Whether the last page of the text-only layout ``text``, its columns balanced, would
    be at least ``MIN_FILL`` full (the text taken as fluid; ``_balance`` measures)."""
    room = geo.top(text.tail) - geo.body_bottom
    return sum(text.ends) / 2 >= MIN_FILL * room


def _balance(src: Source, geo: Geometry, plan: Plan, strict: bool = True) -> Plan | None:
    """``plan`` with the tail page's left text frame cut so both columns end level: the
    least cut (to a line) at which everything still fits on the tail page and the left
    column ends no higher than the right.  ``plan.ends`` is the text-only layout's columns,
    from which the search starts (a pass or three).  None when the text no longer fits on
    the tail page, or (``strict``) the page breaks a rule."""
    room = geo.top(plan.tail) - geo.body_bottom

    def level(h: float) -> Layout | None:
        from reportlab.platypus.doctemplate import LayoutError

        try:
            trial = typeset(src, geo, replace_plan(plan, cut=(h, room)))
        except LayoutError:   # a frame too short for something that cannot split
            return None
        return trial if trial.tail == plan.tail and trial.ends[0] >= trial.ends[1] - 1 else None

    # Start where the text-only layout says the columns meet; then a line at a time
    # towards the least cut that still fits and leaves the left column no higher.
    line = 1.32 * plan.size
    words = sum(plan.ends)
    hi = min(room, max(line, words / 2 + line / 2))
    found = level(hi)
    while found is None and hi < room:
        hi = min(room, hi + line)
        found = level(hi)
    if found is None:
        from reportlab.platypus.doctemplate import LayoutError

        try:
            found = typeset(src, geo, replace_plan(plan, cut=(room, room)))
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
    left, right = found.ends
    result = replace_plan(plan, cut=(hi, room), ends=found.ends)
    if strict:
        # A line's margin: the rendered page's ink ends up to a line short of the frame's
        # measure (a paragraph's leading below its last line), and the page must be 2/3 full.
        if (left + right) / 2 < MIN_FILL * room + line:
            return None
        if abs(left - right) > LEVEL * geo.page_h:
            return None
    return result


def replace_plan(plan: Plan, **changes) -> Plan:
    from dataclasses import replace

    return replace(plan, **changes)


# ------------------------------------------------------------------------------ typesetting
def typeset(src: Source, geo: Geometry, plan: Plan, draw: bool = False) -> Layout:
    """Lay out (``draw``: and draw) the sheet after ``plan``.

    A layout pass (``draw=False``) places every flowable with reportlab's frames but draws
    none; it reports where the body text ended."""
    from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, NextPageTemplate, PageTemplate

    title_flow, body_flow = src.flowables(plan.size)
    m, g, w = geo.margin, geo.gap, geo.col_w
    pad = dict(leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    frame_class = Frame if draw else _LayoutFrame

    def columns(page_top: float, tag: str, cut: tuple[float, float] | None = None) -> list:
        full = page_top - geo.body_bottom
        hl, hr = cut or (full, full)
        hl, hr = min(hl, full), min(hr, full)
        # a column cut to nothing has no text frame (text goes on to the next column)
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
    """The page furniture (``onPage``): title rules, footer and page number."""

    def __init__(self, src: Source, geo: Geometry, plan: Plan, draw: bool):
        self.src, self.geo, self.plan, self.draw = src, geo, plan, draw

    def __call__(self, canvas, doc) -> None:
        if not self.draw:
            return
        from reportlab.lib.colors import HexColor

        geo, page = self.geo, doc.page
        m = geo.margin
        canvas.saveState()
        if page == 1:
            y = geo.page_h - m - geo.title_h
            canvas.setStrokeColor(HexColor(ACCENT))
            canvas.setLineWidth(1.2)
            canvas.line(m, y, geo.page_w - m, y)
            canvas.setLineWidth(0.4)
            canvas.line(m, y - 1.6, geo.page_w - m, y - 1.6)
        canvas.setStrokeColor(HexColor(RULE))
        canvas.setLineWidth(0.5)
        foot = m + FOOTER_MM * MM - 2.5 * MM
        canvas.line(m, foot, geo.page_w - m, foot)
        canvas.setFont(self.src.font, 7)
        canvas.setFillColor(HexColor(FOOTER_INK))
        canvas.drawString(m, m + 1.5 * MM, self.src.footer)
        canvas.drawRightString(geo.page_w - m, m + 1.5 * MM, str(page + self.src.first_page - 1))
        canvas.restoreState()


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
