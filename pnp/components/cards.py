"""Playing cards: a good's face (name, icon, colour) and a shared back.

Both share one flat frame colour at the trim edge (``style.FRAME``), so the imposition
may let cards abut on one cut: a cut that wanders into the neighbour shows the same frame.
Sizes come from the caller (``pnp.geometry.CARD_SIZES``); text stays in the safe area.
"""

from __future__ import annotations

import math

from pnp.components.fonts import ascent, ink_heights
from pnp.errors import LayoutError
from pnp.geometry import SAFE_MM
from pnp.components.svg import Face, _num, circle, group, icon, polygon, rect, text_block
from pnp.components.text import LINE_CLEAR_MM, fit
from pnp.components import style


def good_card(face_name: str, component: str, width: float, height: float, bleed: float,
              title: str, colour: str, icon_name: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """Front of a card that shows one good.

    Args:
        width, height: trim in mm (e.g. poker 63.5 x 88.9).
        title: the good's name in the kit's language; ``where`` names its source for errors.
        colour: the good's colour; icon_name: a game-icons.net icon.
        ink: ``style.SAVER`` for light fields, no full-bleed frame, thin borders.
    Raises:
        LayoutError / FontError: the title does not fit its plate or has a missing glyph.
    """
    art = group()
    _card_frame(art, width, height, bleed, colour, ink)
    corner = 9.0
    plate_w, plate_h = width - 2 * (SAFE_MM + corner + 2.0), 11.0
    plate_x, plate_y = (width - plate_w) / 2, SAFE_MM + 1.6
    plate = ink.field(style.PARCHMENT, 0.6)
    art.add(rect(plate_x, plate_y, plate_w, plate_h, fill=plate, stroke=style.darker(colour, 0.3), stroke_mm=ink.width(0.4), radius=2))
    name = fit(title, "display", plate_w - 4, plate_h - 3, 7.5, 3.0, where, max_lines=1)
    art.add(text_block(name, width / 2, plate_y + (plate_h - name.height) / 2 - 0.3, style.INK, "middle", where))
    # Central medallion with the good's icon.
    disc_r = min(width, height) * 0.34
    cy = height * 0.53
    if ink.saver:
        art.add(circle(width / 2, cy, disc_r, fill=style.WHITE, stroke=style.darker(colour, 0.35), stroke_mm=ink.width(0.8)))
    else:
        art.add(circle(width / 2, cy, disc_r + 1.4, fill=style.darker(colour, 0.35)))
        art.add(circle(width / 2, cy, disc_r, fill=style.PARCHMENT))
    art.add(icon(icon_name, width / 2 - disc_r * 0.72, cy - disc_r * 0.72, disc_r * 1.44, style.darker(colour, 0.25)))
    # Corner indices (readable in a fanned hand) and the name upside down at the foot.
    art.add(_corner_icon(icon_name, SAFE_MM + 0.6, plate_y + (plate_h - corner) / 2, corner, colour, plate))
    foot = group(transform=f"rotate(180 {width / 2} {height / 2})")
    foot.add(rect(plate_x, plate_y, plate_w, plate_h, fill=plate, stroke=style.darker(colour, 0.3), stroke_mm=ink.width(0.4), radius=2))
    foot.add(text_block(name, width / 2, plate_y + (plate_h - name.height) / 2 - 0.3, style.INK, "middle", where))
    foot.add(_corner_icon(icon_name, SAFE_MM + 0.6, plate_y + (plate_h - corner) / 2, corner, colour, plate))
    art.add(foot)
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(style.FRAME))


def _corner_icon(icon_name: str, x: float, y: float, size: float, colour: str, fill: str = style.PARCHMENT):
    g = group()
    g.add(circle(x + size / 2, y + size / 2, size / 2 + 0.6, fill=fill))
    g.add(icon(icon_name, x + 0.8, y + 0.8, size - 1.6, style.darker(colour, 0.3)))
    return g


def card_back(face_name: str, component: str, width: float, height: float, bleed: float,
              title: str, subtitle: str, icon_name: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """The shared back of a deck: a full-bleed lattice, an emblem, the game's title and the deck's name.

    Forgives a duplex error of 2 mm (print.md): no frame, border or line lies within
    ``BACK_CLEAR_MM`` of the trim; the ground and its lattice of diamonds run on through the
    bleed, so a back printed off its front looks like every other back.  Every card of a
    deck shares this one back, so no back tells what its front is.  Symmetric under a half
    turn.  With ``style.SAVER``: paper, no lattice, the emblem and titles as outlines and ink.
    """
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(BACK_GROUND)))
    if not ink.saver:
        art.add(_lattice(-bleed, -bleed, width + bleed, height + bleed, width / 2, height / 2))
    disc_r = min(width, height) * 0.3
    if ink.saver:
        art.add(circle(width / 2, height / 2, disc_r, fill=style.WHITE, stroke=style.FRAME, stroke_mm=ink.width(0.8)))
    else:
        art.add(circle(width / 2, height / 2, disc_r + 1.5, fill=style.FRAME))
        art.add(circle(width / 2, height / 2, disc_r, fill=style.PARCHMENT))
    art.add(icon(icon_name, width / 2 - disc_r * 0.7, height / 2 - disc_r * 0.7, disc_r * 1.4, style.FRAME))
    # The title sits on a parchment cartouche with pointed ends, well inside the trim.
    for g in back_cartouches(width, height, title, subtitle, where, plate_top=BACK_CLEAR_MM + 2.0,
                             outline_mm=ink.width(0.6), fill=style.WHITE if ink.saver else style.PARCHMENT,
                             stroke=style.FRAME, text_colour=style.FRAME):
        art.add(g)
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(BACK_GROUND))


#: The back's title and deck name keep this far (mm) from the cartouche's top and foot.
CARTOUCHE_PAD_MM = 2.2


def back_cartouches(width: float, height: float, title: str, subtitle: str, where: str, *, plate_top: float,
                    outline_mm: float, fill: str, stroke: str, text_colour: str,
                    clear_mm: float | None = None) -> list:
    """A card back's title and deck name on two pointed cartouches, one at the head and the same
    turned a half turn about the card's centre at the foot, so that the back reads the same
    either way up (every back of a deck must look alike, however it is dealt).

    ``width`` x ``height`` is the trim (mm); each cartouche spans the width less ``clear_mm``
    (default ``BACK_CLEAR_MM``: clear of a 2 mm duplex error) + 1.5 mm a side, its top ``plate_top`` mm
    below the trim, outlined ``outline_mm`` wide in ``stroke`` and filled with ``fill``; the two
    lines (fitted by ``_cartouche_titles``) are set in ``text_colour``.  Returns the two SVG
    groups (head, foot) to add to the back's art.

    Raises:
        LayoutError / FontError: the title or deck name does not fit its cartouche, or lacks a glyph.
    """
    clear = BACK_CLEAR_MM if clear_mm is None else clear_mm
    x0, x1 = clear + 1.5, width - clear - 1.5
    cx, cy = width / 2, height / 2
    name, sub, plate_h = _cartouche_titles(title, subtitle, x1 - x0, width - 2 * (clear + 4), outline_mm, where)
    y0, y1 = plate_top, plate_top + plate_h
    tip = plate_h / 2
    plates = []
    for rotation in (0, 180):
        g = group(transform=f"rotate({rotation} {_num(cx)} {_num(cy)})")
        g.add(polygon([(x0, (y0 + y1) / 2), (x0 + tip, y0), (x1 - tip, y0), (x1, (y0 + y1) / 2), (x1 - tip, y1),
                       (x0 + tip, y1)], fill=fill, stroke=stroke, stroke_mm=outline_mm))
        g.add(text_block(name, cx, y0 + CARTOUCHE_PAD_MM, text_colour, "middle", where))
        g.add(text_block(sub, cx, y0 + CARTOUCHE_PAD_MM + name.height + 1.2, text_colour, "middle", where))
        plates.append(g)
    return plates


def _cartouche_titles(title: str, subtitle: str, plate_w: float, band_w: float, outline_mm: float, where: str):
    """The back's title (display, at most 9 mm) and deck name (bold, at most 3.6 mm), fitted to
    ``band_w`` mm and to the pointed cartouche ``plate_w`` mm wide that holds them, and the
    cartouche's height (mm), as (FittedText, FittedText, float).

    The cartouche's ends run at 45 degrees to a point at mid-height, so it is narrower at the
    height of the letters than at its middle: each line's glyphs, from their lowest to their
    highest outline (``ink_heights``), must lie between the slanted ends, clear of the outline
    by ``LINE_CLEAR_MM``.  The title steps down 2 % a time until both lines fit (at a fixed
    9 mm a long title's first and last letters ran over the ends).

    Raises:
        LayoutError / FontError: a line does not fit even at its smallest size, or lacks a glyph.
    """
    sub = fit(subtitle, "bold", band_w, 5, 3.6, 2, where, max_lines=1)
    size = 9.0
    while True:
        name = fit(title, "display", band_w, 10, size, 3, where, max_lines=1)
        plate_h = name.height + sub.height + 5.6
        tops = (CARTOUCHE_PAD_MM, CARTOUCHE_PAD_MM + name.height + 1.2)
        if all(_clears_slants(line, top, plate_h, plate_w, outline_mm) for line, top in zip((name, sub), tops)):
            return name, sub, plate_h
        if name.size * 0.98 < 3 - 1e-9:
            raise LayoutError(f"text {title[:40]!r} does not fit the card back's cartouche even at 3.0 mm type", key=where)
        size = name.size * 0.98


def _clears_slants(line, top: float, plate_h: float, plate_w: float, outline_mm: float) -> bool:
    """``line`` (one centred FittedText line, its top ``top`` mm below the cartouche's top) lies
    inside the 45-degree ends of a ``plate_w`` x ``plate_h`` mm pointed cartouche."""
    low, high = ink_heights(line.lines[0], line.role)
    baseline = top + ascent(line.role) * line.size
    far = max(abs(baseline - high * line.size - plate_h / 2), abs(baseline - low * line.size - plate_h / 2))
    # The clearances are perpendicular to the 45-degree ends: across, they take sqrt(2) as much.
    return line.width <= plate_w - 2 * far - math.sqrt(2) * (outline_mm + 2 * LINE_CLEAR_MM)


#: Ground of every card back (full bleed) and the lattice drawn on it.
BACK_GROUND = style.PARCHMENT_DARK
BACK_LATTICE = style.SHADE
#: Nothing but full-bleed art lies this close to the trim of a card back (mm).
BACK_CLEAR_MM = 4.0
LATTICE_STEP_MM = 7.0


def _lattice(x0: float, y0: float, x1: float, y1: float, cx: float, cy: float):
    """Diamonds every ``LATTICE_STEP_MM`` over a box, centred on (cx, cy) so the back stays
    symmetric under a half turn; the pattern has no edge of its own inside the box."""
    g = group(class_="pattern")     # a full-bleed pattern, not a frame (tests/faceinspect.py)
    step, half = LATTICE_STEP_MM, 1.6
    kx0, kx1 = math.floor((x0 - cx) / step) - 1, math.ceil((x1 - cx) / step) + 1
    ky0, ky1 = math.floor((y0 - cy) / step) - 1, math.ceil((y1 - cy) / step) + 1
    for kx in range(kx0, kx1 + 1):
        for ky in range(ky0, ky1 + 1):
            x, y = cx + kx * step, cy + ky * step
            if x0 - half <= x <= x1 + half and y0 - half <= y <= y1 + half:
                g.add(polygon([(x, y - half), (x + half, y), (x, y + half), (x - half, y)], fill=BACK_LATTICE))
    return g


def rule_card(face_name: str, component: str, width: float, height: float, bleed: float,
              title: str, number: str | None, rule: str, colour: str, icon_name: str, where: str,
              band: str | None = None, band_colour: str | None = None, ink: style.Ink = style.NORMAL) -> Face:
    """Front of an action or goods card: a symbol, an optional big number and a short rule line.

    Layout (trim coordinates, mm): a name plate at the head with a corner index on each
    side (the ``number``, or the icon when there is none), a medallion with the icon, the
    number again in a large badge on the medallion, and a parchment box at the foot that
    holds ``rule`` (wrapped to at most three lines).  ``band`` (e.g. "European good") is
    an optional strip above the rule box in ``band_colour``.  The frame at the trim edge is
    ``style.FRAME``, like ``good_card``, so cards may abut on one cut.

    Args:
        width, height: trim in mm (e.g. poker 63.5 x 88.9).
        title: the card's name in the kit's language; ``number`` e.g. "3" or None.
        rule: the card's rule line in the kit's language; ``where`` names the source of
            the texts for errors (``<lang file>: <key>``).
        colour: the card type's colour; ``icon_name``: a game-icons.net icon.
        ink: ``style.SAVER`` for no full-bleed frame, a light tint of ``colour`` ringed in
            it, light plates and medallion, thin outlines (as ``good_card``).
    Raises:
        LayoutError / FontError: a text does not fit its box or has a missing glyph.
    """
    art = group()
    _card_frame(art, width, height, bleed, colour, ink)
    edge = style.darker(colour, 0.3)
    paper = ink.field(style.PARCHMENT, 0.6)     # plates, rule box and index discs
    # Name plate between two corner indices (readable in a fanned hand).
    corner = 10.0
    corner_x = SAFE_MM + 0.4      # the index disc's edge (0.4 mm outside its box) on the field's edge
    plate_x = corner_x + corner + 1.0
    plate_w, plate_h = width - 2 * plate_x, 10.0
    plate_y = SAFE_MM + 1.2
    art.add(rect(plate_x, plate_y, plate_w, plate_h, fill=paper, stroke=edge, stroke_mm=ink.width(0.4), radius=2))
    name = fit(title, "display", plate_w - 3, plate_h - 3, 6.5, 2.6, where, max_lines=1)
    art.add(text_block(name, width / 2, plate_y + (plate_h - name.height) / 2 - 0.3, style.INK, "middle", where))
    for x in (corner_x, width - corner_x - corner):
        art.add(_index(x, plate_y + (plate_h - corner) / 2, corner, number, icon_name, colour, where, paper))
    # Rule box at the foot, the optional band above it.
    box_h = 17.0
    box_y = height - SAFE_MM - box_h
    box_x, box_w = SAFE_MM + 0.6, width - 2 * (SAFE_MM + 0.6)
    art.add(rect(box_x, box_y, box_w, box_h, fill=paper, stroke=edge, stroke_mm=ink.width(0.4), radius=2))
    line_fit = fit(rule, "bold", box_w - 4, box_h - 3, 3.6, 2.2, where, max_lines=3)
    art.add(text_block(line_fit, width / 2, box_y + (box_h - line_fit.height) / 2 - 0.2, style.INK, "middle", where))
    top_free = plate_y + plate_h + 2.0
    bottom_free = box_y - 2.0
    if band:
        band_h = 6.0
        band_y = box_y - band_h - 1.6
        fill = band_colour or edge
        # A parchment ring keeps the band visible on a card of a like colour (Spices: red on
        # the Orient's red); saver: a light tint ringed in the band's colour, dark text (Ink.on).
        art.add(rect(box_x + 4, band_y, box_w - 8, band_h, fill=ink.field(fill),
                     stroke=fill if ink.saver else style.PARCHMENT, stroke_mm=ink.width(0.9), radius=3))
        band_fit = fit(band, "bold", box_w - 12, band_h - 2, 3.4, 1.8, where, max_lines=1)
        art.add(text_block(band_fit, width / 2, band_y + (band_h - band_fit.height) / 2 - 0.2,
                           ink.on(fill), "middle", where))
        bottom_free = band_y - 1.6
    # Medallion with the icon, centred in the free space; the big number on a badge.
    disc_r = min(width * 0.3, (bottom_free - top_free) / 2 - 1.4)
    cx, cy = width / 2, (top_free + bottom_free) / 2
    if ink.saver:
        art.add(circle(cx, cy, disc_r, fill=style.WHITE, stroke=style.darker(colour, 0.35), stroke_mm=ink.width(0.8)))
    else:
        art.add(circle(cx, cy, disc_r + 1.4, fill=style.darker(colour, 0.35)))
        art.add(circle(cx, cy, disc_r, fill=style.PARCHMENT))
    icon_size = disc_r * (1.25 if number else 1.44)
    icon_cx = cx - (disc_r * 0.12 if number else 0)
    icon_cy = cy - (disc_r * 0.08 if number else 0)
    art.add(icon(icon_name, icon_cx - icon_size / 2, icon_cy - icon_size / 2, icon_size, style.darker(colour, 0.25)))
    if number:
        badge_r = disc_r * 0.42
        bx, by = cx + disc_r * 0.72, cy + disc_r * 0.62
        # Saver: the badge is a white disc ringed in the dark shade, the number in that shade.
        dark = style.legible(style.darker(colour, 0.35), style.PARCHMENT)
        badge, digits = (style.WHITE, dark) if ink.saver else (dark, style.PARCHMENT)
        art.add(circle(bx, by, badge_r + 0.9, fill=dark if ink.saver else style.PARCHMENT))
        art.add(circle(bx, by, badge_r, fill=badge))
        big = fit(number, "heavy", badge_r * 1.5, badge_r * 1.45, badge_r * 1.4, 3, where, max_lines=1)
        art.add(text_block(big, bx, _centred_top(big, by), digits, "middle", where))
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(style.FRAME))


def _index(x: float, y: float, size: float, number: str | None, icon_name: str, colour: str, where: str,
           fill: str = style.PARCHMENT):
    """A corner index: the number on a parchment (``fill``) disc, or the icon when there is no number."""
    if not number:
        return _corner_icon(icon_name, x, y, size, colour, fill)
    g = group()
    g.add(circle(x + size / 2, y + size / 2, size / 2 + 0.4, fill=fill))
    digits = fit(number, "heavy", size * 0.8, size * 0.78, size * 0.78, 3, where, max_lines=1)
    g.add(text_block(digits, x + size / 2, _centred_top(digits, y + size / 2),
                     style.legible(style.darker(colour, 0.35), fill), "middle", where))
    return g


def _centred_top(fitted, cy: float) -> float:
    """Top of a one-line text block whose figures (cap height ~0.72 em) centre on ``cy``."""
    return cy - (ascent(fitted.role) - 0.36) * fitted.size


def _card_frame(art, width: float, height: float, bleed: float, colour: str, ink) -> None:
    """A card face's ground: the flat frame colour over the bleed (cards may abut), the
    coloured field inset from the trim and a thin inner rule (mm)."""
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(style.FRAME)))
    inset = SAFE_MM      # the field's edge keeps to the safe area: a miscut shows frame, not a line
    art.add(rect(inset, inset, width - 2 * inset, height - 2 * inset, fill=ink.field(colour), radius=2.5,
                 **({"stroke": colour, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
    art.add(rect(inset + 1.2, inset + 1.2, width - 2 * inset - 2.4, height - 2 * inset - 2.4,
                 stroke=colour if ink.saver else style.lighter(colour, 0.5), stroke_mm=ink.width(0.35), radius=1.8))
