"""A player board: the player's colour and mark, slots for delivered goods, marker spaces and reminders.

Layout (trim coordinates, mm), for a board of ``width`` x ``height``:

* a frame band of ``FRAME_MM`` in the player's colour on every side (it is also the bleed),
  so a board is recognised at a glance; the player's geometric mark repeats it without
  colour;
* a header with the mark, an icon, the title and a one-line note (e.g. actions per turn);
* the main band: on the left one slot per good (a well the size of a good token, its
  icon and letter ghosted, its name and points), ``goods_columns`` across; on the right
  the marker areas (a pile area, and/or a row of round spaces);
* a foot band of reminder panels side by side (title + label/value rows), and any
  ``side_panels`` (reminders too) under the marker areas in the right-hand column.

No text is set smaller than ``MIN_TEXT_MM`` (7 pt): a label that would need smaller type
wraps to a second line where its panel has the room, else the board is refused with one
line naming the text (``LayoutError``).

Every text is fitted into its box with the kit's fonts; nothing is a game number here
(the caller passes labels and values from the model and the language file).

With ``style.SAVER`` (``--ink saver``) the frame band and the bleed are paper, with a thin
rule in the player's colour inside the trim; the header, the goods slots and the marker
areas are light tints; solid badges and panel heads become outlines or tints with dark
text (``Ink.on``); ghosted signs are fainter.  The player's mark stays on the header, so
boards are told apart in greyscale too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from pnp.errors import LayoutError
from pnp.components.svg import Face, circle, group, icon, rect, text, text_block
from pnp.components.text import LINE_HEIGHT, fit, wrap
from pnp.components import style
from pnp.components.markers import player_mark

FRAME_MM = 4.0          # the player-colour band at the trim edge
GAP_MM = 2.0
#: The smallest type on a player board: 7 pt (2.47 mm), read across the table.
MIN_TEXT_MM = 7 * 25.4 / 72
#: Type size (mm) of a reminder row, at most.
ROW_TEXT_MM = 2.6
#: The least height (mm) of an open pile area (title and room for a stack of markers).
PILE_MM = 12.0


@dataclass(frozen=True)
class GoodSlot:
    """Where delivered goods of one kind are kept: ``label`` (name), ``letter``, ``icon``, ``colour``,
    ``points`` (text printed in the badge, e.g. "3"), ``rare`` (gilded badge)."""

    label: str
    letter: str
    icon: str
    colour: str
    points: str
    rare: bool = False


@dataclass(frozen=True)
class MarkerArea:
    """A marker area: ``title``, the marker's ``icon``; ``spaces`` round spaces of
    ``space_mm`` (0 spaces: one open pile area instead); ``start_colour`` / ``start_mark``
    paint the first space for the player's own marker (seed: "the matching space")."""

    title: str
    icon: str
    spaces: int = 0
    space_mm: float = 0.0
    start_colour: str | None = None     # the first space in the player's colour, with
    start_mark: str | None = None       # the player's mark: where the own marker starts
    start_component: str | None = None  # the component id of that own marker: its face's
                                        # meta["set_up_spots"] records the space's centre


@dataclass(frozen=True)
class Reminder:
    """A reminder panel: ``title`` and rows of (label, value); ``weight`` is its share of the foot band."""

    title: str
    rows: tuple[tuple[str, str], ...]
    weight: float = 1.0


@dataclass(frozen=True)
class BoardArt:
    """A game's own drawings on its player boards, each ``(…) -> svg element or None``:

    ``frame(width, height, frame_mm, bleed)``: ornament over the colour band at the trim
    (filled shapes; a repeating ground reaching into the bleed, class "pattern"); ``emblem(x, y, size)``: the picture beside the title
    in place of the ``emblem`` icon; ``good(index, x, y, size)``: the faint picture in the
    well of ``goods[index]`` in place of its ghosted icon; ``marker(index, x, y, size)``: the
    faint picture of ``areas[index]``'s marker in place of its ghosted icon.  All in mm."""

    frame: Callable[[float, float, float, float], Optional[object]] | None = None
    emblem: Callable[[float, float, float], Optional[object]] | None = None
    good: Callable[[int, float, float, float], Optional[object]] | None = None
    marker: Callable[[int, float, float, float], Optional[object]] | None = None


def player_board(face_name: str, component: str, width: float, height: float, bleed: float, *,
                 colour: str, mark: str, emblem: str, title: str, note: str,
                 goods_title: str, goods: tuple[GoodSlot, ...], goods_columns: int, token_mm: float,
                 areas: tuple[MarkerArea, ...], reminders: tuple[Reminder, ...], foot_mm: float,
                 where: str, ink: style.Ink = style.NORMAL, board_art: BoardArt | None = None,
                 side_panels: tuple[Reminder, ...] = ()) -> Face:
    """The board face, ``width`` x ``height`` mm (trim) with ``bleed`` mm of the player's colour.

    Args:
        colour: the player's colour; mark: its geometric mark (``markers.PLAYER_MARKS``);
            emblem: icon beside the title (e.g. the camel).
        goods: one slot per good, filled row by row, ``goods_columns`` across; each slot's
            well is ``token_mm`` + 1 mm square, so a good token fits.
        areas: marker areas stacked in the right-hand column.
        reminders: panels side by side in the foot band, ``foot_mm`` high, each as wide as
            its ``weight``'s share.
        side_panels: reminder panels under the marker areas in the right-hand column, each
            as high as its rows need (one line each at ``ROW_TEXT_MM``, two where a label
            needs them); the marker areas share what is left.
        where: source of the texts, for error messages.
        ink: ``style.SAVER`` for a paper frame and bleed, light tints and thin rules.
        board_art: the game's ornament and pictures (``BoardArt``), or None for icons only.

    Raises:
        LayoutError: the slots, areas or texts do not fit, a text not even at 7 pt
            (``MIN_TEXT_MM``; the message names the part).
    """
    b = _Layout(width, height, where, ink, board_art or BoardArt())
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(colour)))
    if b.art.frame is not None:
        painted = b.art.frame(width, height, FRAME_MM, bleed)
        if painted is not None:
            art.add(painted)
    inner = (FRAME_MM, FRAME_MM, width - 2 * FRAME_MM, height - 2 * FRAME_MM)
    # Saver: the colour band is gone, so the parchment gets a rule in the player's colour instead.
    art.add(rect(*inner, fill=ink.field(style.PARCHMENT), radius=2.5,
                 **({"stroke": colour, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
    art.add(rect(inner[0] + 1, inner[1] + 1, inner[2] - 2, inner[3] - 2, stroke=style.darker(colour, 0.2),
                 stroke_mm=ink.width(0.4), radius=2))
    header_h = 12.0
    art.add(b.header(colour, mark, emblem, title, note, header_h))
    top = FRAME_MM + 1.5 + header_h + GAP_MM
    bottom = height - FRAME_MM - 1.5 - foot_mm - GAP_MM
    left, right = FRAME_MM + 2.5, width - FRAME_MM - 2.5
    rows = -(-len(goods) // goods_columns)
    slot_w = token_mm + 5.0
    goods_w = goods_columns * slot_w + (goods_columns - 1) * 1.5
    art.add(b.goods(goods_title, goods, goods_columns, rows, token_mm, left, top, goods_w, bottom - top))
    area_left = left + goods_w + 4.0
    if right - area_left < 20:
        raise LayoutError(f"no room for the marker areas beside {goods_columns} goods columns "
                          f"({right - area_left:.1f} mm left)", key=where)
    side_h = 0.0
    # the side panels' titles at the foot band's title size: one size for every panel title
    head_size = b.head_size(reminders, right - left) if reminders else 3.0
    for p in side_panels:
        h = b.panel_height(p, right - area_left, head_size)
        art.add(b.panel(p, area_left, bottom - side_h - h, right - area_left, h, head_size=head_size,
                        own_pitch=True))
        side_h += h + GAP_MM
    if bottom - top - side_h < 20:
        raise LayoutError(f"no room for the marker areas above the side panels ({bottom - top - side_h:.1f} mm left)",
                          key=where)
    art.add(b.areas(areas, area_left, top, right - area_left, bottom - top - side_h))
    art.add(b.reminders(reminders, left, bottom + GAP_MM, right - left, foot_mm))
    meta = {"set_up_spots": b.start_spots} if b.start_spots else {}
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(colour), meta=meta)


class _Layout:
    def __init__(self, width: float, height: float, where: str, ink: style.Ink, board_art: BoardArt):
        self.width, self.height, self.where, self.ink = width, height, where, ink
        self.art = board_art
        self.slot_index = 0
        self.area_index = 0
        self.start_spots: dict[str, list[tuple[float, float]]] = {}   # component id -> centres (trim mm)

    def fit(self, s: str, role: str, w: float, h: float, max_size: float, min_size: float = MIN_TEXT_MM,
            lines: int = 1):
        """``s`` fitted into ``w`` x ``h`` mm at ``max_size`` down to ``min_size``, never below
        ``MIN_TEXT_MM`` (nor its top size)."""
        floor = max(min_size, MIN_TEXT_MM)
        return fit(s, role, w, h, max(max_size, floor), floor, self.where, max_lines=lines)

    def header(self, colour, mark, emblem, title, note, h):
        g = group()
        x0, y0 = FRAME_MM + 1.5, FRAME_MM + 1.5
        w = self.width - 2 * x0
        if self.ink.saver:
            # A stronger tint than the default: light tints of yellow and orange look alike.
            g.add(rect(x0, y0, w, h, fill=self.ink.field(colour, HEADER_TINT), stroke=colour,
                       stroke_mm=self.ink.width(0.6), radius=1.5))
            contrast = self.ink.on(colour, HEADER_TINT)
        else:
            g.add(rect(x0, y0, w, h, fill=colour, radius=1.5))
            ink = style.readable_on(colour)
            contrast = style.legible(style.darker(colour, 0.6) if ink != style.WHITE else style.lighter(colour, 0.8), colour)
        size = h - 3
        g.add(player_mark(mark, x0 + 2 + size / 2, y0 + h / 2, size, contrast))
        if self.art.emblem is not None:
            g.add(self.art.emblem(x0 + 4 + size, y0 + 1.5, size))
        else:
            g.add(icon(emblem, x0 + 4 + size, y0 + 1.5, size, contrast))
        note_w = w * 0.45
        note_fit = self.fit(note, "bold", note_w, h - 3, 3.4, 1.8, lines=2)
        g.add(text_block(note_fit, x0 + w - 2.5, y0 + (h - note_fit.height) / 2, contrast, "end", self.where))
        title_x = x0 + 7 + 2 * size
        title_fit = self.fit(title, "display", w - note_w - (title_x - x0) - 4, h - 2.5, 7.5, 3.5)
        g.add(text_block(title_fit, title_x, y0 + (h - title_fit.height) / 2 - 0.3, contrast, "start", self.where))
        return g

    def goods(self, title, goods, columns, rows, token_mm, x0, y0, w, h):
        g = group(id="delivered-goods")
        head = self.fit(title, "bold", w, 4.5, 3.6, 2.2)
        g.add(text_block(head, x0, y0, style.INK, "start", self.where))
        top = y0 + head.height + 1.5
        slot_w = (w - (columns - 1) * 1.5) / columns
        slot_h = (y0 + h - top - (rows - 1) * 1.5) / rows
        well = token_mm + 1.0
        if slot_h < well + 6.0 or slot_w < well + 1.0:
            raise LayoutError(f"a goods slot of {slot_w:.1f} x {slot_h:.1f} mm cannot hold a {token_mm:.0f} mm token "
                              "and its name", key=self.where)
        for i, slot in enumerate(goods):
            r, c = divmod(i, columns)
            x, y = x0 + c * (slot_w + 1.5), top + r * (slot_h + 1.5)
            self.slot_index = i
            g.add(self.slot(slot, x, y, slot_w, slot_h, well))
        return g

    def slot(self, s: GoodSlot, x, y, w, h, well):
        g = group()
        tint = self.ink.field(s.colour, SLOT_TINT) if self.ink.saver else style.lighter(s.colour, 0.7)
        edge = style.darker(s.colour, 0.25)
        g.add(rect(x, y, w, h, fill=tint, stroke=edge, stroke_mm=self.ink.width(0.4), radius=1.5))
        label = self.fit(s.label, "bold", w - 2, 3.2, 2.8, 1.6)
        g.add(text_block(label, x + w / 2, y + 1.0, style.INK, "middle", self.where))
        wx, wy = x + (w - well) / 2, y + h - well - 1.2
        paper = self.ink.field(style.PARCHMENT)
        # The well is a filled shape, a rim of the slot's shade round the paper (no dashed
        # stroke: dashed lines are fold lines in the kit).
        g.add(rect(wx - 0.4, wy - 0.4, well + 0.8, well + 0.8, fill=style.mix(tint, edge, 0.45), radius=1.5))
        g.add(rect(wx, wy, well, well, fill=paper, radius=1.2))
        ghost = style.mix(paper, edge, 0.35)
        isz = well * 0.58
        if self.art.good is not None:
            g.add(self.art.good(self.slot_index, wx + (well - isz) / 2, wy + 1.2, isz))
        else:
            g.add(icon(s.icon, wx + (well - isz) / 2, wy + 1.2, isz, ghost))
        letter = self.fit(s.letter, "heavy", well * 0.5, well * 0.3, well * 0.3, 1.6)
        # The icon is ghosted; the letter, the cue that needs no colour, reads (WCAG 4.5:1).
        g.add(text_block(letter, wx + well / 2, wy + well - letter.height - 1.0, style.legible(ghost, paper),
                         "middle", self.where))
        # Points badge at the top right corner of the well.
        br = 2.6
        bx, by = x + w - br - 0.8, wy + br - 0.6
        badge = RARE_BADGE if s.rare else style.INK
        if self.ink.saver:   # an outlined white badge (the gilded outline still marks a rare good)
            g.add(circle(bx, by, br, fill=style.WHITE, stroke=badge, stroke_mm=0.6 if s.rare else 0.4))
            points_ink = style.INK
        else:
            g.add(circle(bx, by, br, fill=badge, stroke=style.PARCHMENT, stroke_mm=0.4))
            points_ink = style.readable_on(badge)
        pts = self.fit(s.points, "heavy", br * 1.6, br * 1.2, br * 1.1, 1.4)
        g.add(text_block(pts, bx, by - pts.height / 2 - 0.05, points_ink, "middle", self.where))
        return g

    def areas(self, areas, x0, y0, w, h):
        g = group(id="marker-areas")
        n = len(areas)
        if not n:
            return g
        # A row of spaces takes the height it needs (title, spaces, margins) when open pile
        # areas share the rest, at least PILE_MM each; else every area takes an equal share.
        need = {k: self.fit(a.title, "bold", w - 3, 4.2, 3.2, 1.8).height + 2.4 + a.space_mm + 1.5
                for k, a in enumerate(areas) if a.spaces}
        piles = n - len(need)
        rest = h - (n - 1) * GAP_MM - sum(need.values())
        if not piles or rest / piles < PILE_MM:
            need = {}
            rest, piles = h - (n - 1) * GAP_MM, n
        y = y0
        for k, area in enumerate(areas):
            self.area_index = k
            each = need.get(k, rest / piles)
            g.add(self.area(area, x0, y, w, each))
            y += each + GAP_MM
        return g

    def area(self, a: MarkerArea, x, y, w, h):
        g = group()
        g.add(rect(x, y, w, h, fill=self.ink.field(style.PARCHMENT_DARK, 0.6), stroke=style.FRAME,
                   stroke_mm=self.ink.width(0.4), radius=1.5))
        shade = self.ink.field(style.SHADE, 0.5)     # ghosted icons: half as dark when saving ink
        head = self.fit(a.title, "bold", w - 3, 4.2, 3.2, 1.8)
        g.add(text_block(head, x + 1.5, y + 1.2, style.INK, "start", self.where))
        top = y + head.height + 2.4
        room_h = y + h - 1.5 - top
        if a.spaces:
            d = a.space_mm
            gap = (w - 3 - a.spaces * d) / max(1, a.spaces - 1) if a.spaces > 1 else 0
            if gap < 0.8 or d > room_h + 1e-9:
                raise LayoutError(f"{a.spaces} spaces of {d:.0f} mm do not fit the area '{a.title}' "
                                  f"({w:.1f} x {h:.1f} mm)", key=self.where)
            cy = top + room_h / 2
            for k in range(a.spaces):
                cx = x + 1.5 + d / 2 + k * (d + gap)
                own = k == 0 and a.start_colour is not None
                if own and a.start_component:      # where the set-up puts the player's own marker
                    self.start_spots.setdefault(a.start_component, []).append((cx, cy))
                fill = self.ink.field(a.start_colour, HEADER_TINT) if own else self.ink.field(style.PARCHMENT)
                # A filled rim round the space (no dashed stroke: dashed lines are fold lines).
                g.add(circle(cx, cy, d / 2 + 0.4, fill=style.mix(self.ink.field(style.PARCHMENT_DARK, 0.6),
                                                                 style.FRAME, 0.35)))
                g.add(circle(cx, cy, d / 2, fill=fill))
                isz = d * 0.55
                ghost = style.mix(fill, style.readable_on(fill), 0.3) if own else shade
                if self.art.marker is not None:
                    g.add(self.art.marker(self.area_index, cx - isz / 2, cy - d * 0.36, isz))
                else:
                    g.add(icon(a.icon, cx - isz / 2, cy - d * 0.36, isz, ghost))
                if own and a.start_mark:
                    g.add(player_mark(a.start_mark, cx, cy + d * 0.27, d * 0.25, ghost))
        else:
            isz = min(room_h, w) * 0.8
            if self.art.marker is not None:
                g.add(self.art.marker(self.area_index, x + (w - isz) / 2, top + (room_h - isz) / 2, isz))
            else:
                g.add(icon(a.icon, x + (w - isz) / 2, top + (room_h - isz) / 2, isz, shade))
        return g

    def reminders(self, panels, x0, y0, w, h):
        g = group(id="reminders")
        x = x0
        # One row pitch for every panel (the longest panel's), rows from the top: side by
        # side, the tables line up instead of spreading their rows differently.
        most = max((len(p.rows) for p in panels), default=1)
        # One title size for every panel (the size the tightest title fits at), each title
        # leaving TITLE_AIR_MM of its bar free: side by side, no title looks shrunk or crammed;
        # a title too long for one line at 7 pt takes two, and every bar is as tall as it.
        widths = self.widths(panels, w)
        head_size = self.head_size(panels, w)
        head_h = max((self.title_fit(p.title, pw, head_size).height for p, pw in zip(panels, widths)), default=0.0)
        for p, pw in zip(panels, widths):
            g.add(self.panel(p, x, y0, pw, h, most, head_size, head_h))
            x += pw + GAP_MM
        return g

    @staticmethod
    def widths(panels, w: float) -> list[float]:
        """The widths (mm) of foot band ``panels`` side by side in ``w`` mm, by weight."""
        total = sum(p.weight for p in panels)
        avail = w - (len(panels) - 1) * GAP_MM
        return [avail * p.weight / total for p in panels]

    def head_size(self, panels, w: float) -> float:
        """The title size (mm) of every panel: the size the tightest title of ``panels``
        (side by side in ``w`` mm) fits at, at most 3 mm."""
        return min((self.title_fit(p.title, pw, 3.0).size for p, pw in zip(panels, self.widths(panels, w))),
                   default=3.0)

    def title_fit(self, title: str, w: float, size: float):
        """A panel's title in its bar ``w`` mm wide, at most ``size`` mm type, one line,
        leaving TITLE_AIR_MM of the bar free; a translation too long for that (at 1.8 mm)
        may use the air rather than fail.

        Raises:
            LayoutError: the title does not fit the whole bar even at 1.8 mm.
        """
        try:
            return self.fit(title, "bold", w - 1.5 - TITLE_AIR_MM, 3.8, size, min(size, 1.8))
        except LayoutError:
            pass
        try:
            return self.fit(title, "bold", w - 1.5, 3.8, size, min(size, 1.8))
        except LayoutError:
            return self.fit(title, "bold", w - 1.5, 7.6, size, min(size, 1.8), lines=2)

    def panel_height(self, p: Reminder, w: float, head_size: float = 3.0) -> float:
        """The height (mm) a side panel ``p`` needs ``w`` mm wide: its title bar (at most
        ``head_size`` mm type) and one line of ``ROW_TEXT_MM`` type a row, two for a label
        that needs them."""
        head = self.title_fit(p.title, w, head_size)
        line = ROW_TEXT_MM * LINE_HEIGHT
        room = w - 3 - self._value_w(p) - 1.5
        lines = sum(len(self.fit(label, "body", room, 2 * line, ROW_TEXT_MM, ROW_TEXT_MM, lines=2).lines)
                    for label, _v in p.rows)
        return head.height + 3.0 + lines * line + 0.6 * len(p.rows) + 1.0

    @staticmethod
    def _value_w(p: Reminder) -> float:
        return max(_width(v, "bold", ROW_TEXT_MM) for _, v in p.rows) + 1.5 if p.rows else 0.0

    def panel(self, p: Reminder, x, y, w, h, most: int | None = None, head_size: float = 3.0,
              head_h: float | None = None, own_pitch: bool = False):
        """A reminder panel at (x, y), ``w`` x ``h`` mm: the rows at one pitch, that of
        ``most`` rows (the foot band's panels line up), or the panel's own when ``own_pitch``
        or when a label needs two lines: each row as high as its lines, spread over the
        panel's height, the type at 7 pt."""
        g = group()
        g.add(rect(x, y, w, h, fill=style.WHITE, stroke=style.FRAME, stroke_mm=self.ink.width(0.4), radius=1.5))
        head = self.title_fit(p.title, w, head_size)
        bar = (head.height if head_h is None else head_h) + 2.2
        g.add(rect(x, y, w, bar, fill=self.ink.field(style.FRAME, 0.8), radius=1.5))
        head_ink = self.ink.on(style.FRAME, 0.8) if self.ink.saver else style.PARCHMENT
        g.add(text_block(head, x + 1.5, y + (bar - head.height) / 2, head_ink, "start", self.where))
        top = y + bar + 0.8
        value_w = self._value_w(p)
        room = w - 3 - value_w - 1.5
        room_h = y + h - 1.0 - top
        row_h = room_h / max(1, most or len(p.rows))
        # a label sets on one line if it can at 7 pt or more, else on two
        lines = [1 if len(wrap(label, "body", MIN_TEXT_MM, room) or (0, 0)) == 1 else 2 for label, _v in p.rows]
        if own_pitch or any(n > 1 for n in lines) or row_h * 0.76 < MIN_TEXT_MM:
            # the panel's own rows: as high as their lines (a label of two lines takes a
            # row of two), spread over the panel's height
            unit = room_h / max(1, sum(lines))
            heights = [n * unit for n in lines]
            size = max(min(ROW_TEXT_MM, unit * 0.76), MIN_TEXT_MM) if all(n == 1 for n in lines) else MIN_TEXT_MM
        else:
            heights = [row_h] * len(p.rows)
            size = max(min(ROW_TEXT_MM, row_h * 0.76), MIN_TEXT_MM)
        ry = top
        for (label, value), rh, n in zip(p.rows, heights, lines):
            # two lines only when one would be set under 7 pt: a long translation stays whole
            lab = self.fit(label, "body", room, rh, size, MIN_TEXT_MM, lines=n)
            g.add(text_block(lab, x + 1.5, ry + (rh - lab.height) / 2, style.INK, "start", self.where))
            g.add(text(x + w - 1.5, ry + rh / 2 + size * 0.36, value, "bold", size, style.INK, "end",
                       where=self.where))
            ry += rh
        return g


#: Free room (mm) a reminder panel's title leaves at the right of its header bar.
TITLE_AIR_MM = 3.0
RARE_BADGE = "#A8841A"
# Saver tints (``Ink.field``'s t): the header and the own theft space keep more colour than
# the default so neighbouring player colours stay apart; goods slots are a little lighter
# than normal ink's 0.7 tint.
HEADER_TINT = 0.6
SLOT_TINT = 0.82


def _width(s: str, role: str, size: float) -> float:
    from pnp.components.fonts import text_width

    return text_width(s, role, size)
