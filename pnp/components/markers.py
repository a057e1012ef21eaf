"""Small playing pieces that must read without colour: marked tokens, disc markers, player marks.

A kit printed in greyscale, or played by someone who cannot tell red from brown, still
needs every piece told apart.  So each piece here carries its colour *and* a shape or
symbol: a good token shows its colour, an icon and a letter; a player's pieces show the
player's colour and a geometric mark (circle, triangle, square, diamond...).

All faces are squares in trim coordinates (mm).  Goods tokens and player tokens are
their colour to the edge of the bleed (``Face.edge_colour``), so a miscut shows colour,
never a frame line, and the imposition lets them abut (neighbours are mostly of one kind,
printed in order); frames, marks and letters keep to the safe area (``SAFE_MM``).  Disc
markers are discs on a plain square (cut the square, or round it off).

Every face takes ``ink`` (``style.Ink``): with ``style.SAVER`` the bleed and the frame are
paper (``Face.edge_colour`` is white, so pieces still abut), the colour is a light tint
with a thin outline in the colour, and letters, marks and signs are dark ink on the tint
(``Ink.on``), large icons a little softer (``soft_sign``): the symbols that make a piece
readable in greyscale keep their contrast.
"""

from __future__ import annotations

import math

from pnp.errors import LayoutError
from pnp.geometry import SAFE_MM
from pnp.components.svg import Face, circle, group, icon, polygon, rect, text_block
from pnp.components.text import LINE_CLEAR_MM, fit, fit_in_circle
from pnp.components import style

#: Geometric player marks, in the order players take them (DESIGN.md "Kit": greyscale).
PLAYER_MARKS = ("circle", "triangle", "square", "diamond", "hexagon", "star")


def player_mark(kind: str, cx: float, cy: float, size: float, fill: str, stroke: str | None = None,
                stroke_mm: float = 0.3):
    """A geometric mark of ``kind`` (one of ``PLAYER_MARKS``) centred on (cx, cy), ``size`` mm across.

    Raises:
        LayoutError: an unknown mark name (it comes from components.yaml).
    """
    r = size / 2
    if kind == "circle":
        return circle(cx, cy, r * 0.9, fill=fill, stroke=stroke, stroke_mm=stroke_mm)
    corners = {"triangle": (3, -90, 1.0), "square": (4, 45, 0.95), "diamond": (4, -90, 1.0),
               "hexagon": (6, 0, 0.95)}
    if kind in corners:
        n, start, scale = corners[kind]
        # The triangle's centroid sits low in its box: shift it so the mark looks centred.
        dy = r * 0.18 if kind == "triangle" else 0.0
        pts = [(cx + r * scale * math.cos(math.radians(start + k * 360 / n)),
                cy + dy + r * scale * math.sin(math.radians(start + k * 360 / n))) for k in range(n)]
        return polygon(pts, fill=fill, stroke=stroke, stroke_mm=stroke_mm)
    if kind == "star":
        pts = []
        for k in range(10):
            rr = r if k % 2 == 0 else r * 0.45
            a = math.radians(-90 + k * 36)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return polygon(pts, fill=fill, stroke=stroke, stroke_mm=stroke_mm)
    raise LayoutError(f"unknown player mark '{kind}'; expected one of {', '.join(PLAYER_MARKS)}", key="player mark")


def good_token(face_name: str, component: str, size: float, bleed: float, colour: str, icon_name: str,
               letter: str, where: str, rare: bool = False, ink: style.Ink = style.NORMAL) -> Face:
    """A ``size`` mm square good token: ``colour`` field, the good's icon and its ``letter``.

    The icon and letter sit on a light medallion in the dark shade of the colour, so both
    read on every colour and in greyscale; ``rare`` goods get a second, gilded ring.  The
    colour runs to the edge of the bleed (tokens may abut).  With ``style.SAVER``: paper
    bleed, a light tint of ``colour`` over the trim, the
    medallion and the gilded ring as outlines, the letter in dark ink on the tint, the icon
    a little softer (``soft_sign``).

    Raises:
        LayoutError / FontError: the letter does not fit or has a missing glyph.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    if ink.saver:
        art.add(rect(0, 0, size, size, fill=ink.field(colour)))
    if ink.saver:
        fg = ink.on(colour)
        figure = soft_sign(fg, ink.field(colour))
    else:
        fg = style.darker(colour, 0.55) if style.readable_on(colour) != style.WHITE else style.darker(colour, 0.35)
        figure = fg
    c = size / 2
    disc = size / 2 - SAFE_MM
    if rare:
        if ink.saver:   # the same ring as an outline: its outer edge where the filled ring's is
            ring = ink.width(1.1)
            art.add(circle(c, c, disc + 0.2 - ring / 2, stroke=RARE_RING, stroke_mm=ring))
        else:
            art.add(circle(c, c, disc + 0.2, fill=RARE_RING))
        disc -= 0.9
    if ink.saver:   # the medallion is only its ring: the letter stands on the tint ``ink.on`` is made for
        art.add(circle(c, c, disc, stroke=style.darker(colour, 0.35), stroke_mm=ink.width(0.3)))
    else:
        art.add(circle(c, c, disc, fill=style.lighter(colour, 0.8), stroke=fg, stroke_mm=0.3))
    icon_size = disc * 1.15
    art.add(icon(icon_name, c - icon_size / 2, c - disc * 0.86, icon_size, figure))
    # The letters stand inside the medallion's ring, clear of it (da "Æd" touched it).
    ring_mm = ink.width(0.3) if ink.saver else 0.3
    letter_fit = fit(letter, "heavy", disc * 1.2, disc * 0.62, disc * 0.62, disc * 0.3, where, max_lines=1)
    letter_fit = fit_in_circle(letter, "heavy", disc - ring_mm / 2 - LINE_CLEAR_MM, disc * 0.3, letter_fit.size,
                               disc * 0.3, where)
    art.add(text_block(letter_fit, c, c + disc * 0.3, fg, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(colour))


RARE_RING = "#C9A227"
#: How far a saver icon moves from the sign colour towards its field: icons are large and
#: dense, letters and marks small, so the icon gives up ink and the letters keep full contrast.
SOFT_SIGN = 0.4
#: Saver tint of a marker disc: lighter than ``Ink.field``'s default, whose tint of a very dark
#: colour (the demand markers' ink brown) is a mid grey; the disc's ring keeps the colour.
DISC_TINT = 0.9


def soft_sign(sign: str, field: str) -> str:
    """Colour of a large saver icon on ``field``: ``sign`` (the text colour) a little towards the field."""
    return style.mix(sign, field, SOFT_SIGN)


def player_token(face_name: str, component: str, size: float, bleed: float, colour: str, mark: str,
                 icon_name: str, ink: style.Ink = style.NORMAL) -> Face:
    """A ``size`` mm square player piece (e.g. a camel): colour field, big icon, the player's mark in the corners.

    The marks sit in all four corners, so they still show when a smaller token (a good the
    camel carries) covers the middle.  The colour runs to the edge of the bleed.  With
    ``style.SAVER``: paper bleed, a light tint over the trim, the icon in ``colour`` itself (light tints of neighbouring
    player colours, e.g. yellow and orange, look alike) and the marks in dark ink.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    if ink.saver:
        art.add(rect(0, 0, size, size, fill=ink.field(colour)))
    if ink.saver:
        figure, marks = colour, ink.on(colour)
    else:
        contrast = style.darker(colour, 0.6) if style.readable_on(colour) != style.WHITE else style.lighter(colour, 0.75)
        figure = marks = contrast
    icon_size = size * 0.6
    art.add(icon(icon_name, (size - icon_size) / 2, (size - icon_size) / 2, icon_size, figure))
    mark_size = size * 0.2
    inset = SAFE_MM + mark_size / 2
    for cx, cy in ((inset, inset), (size - inset, inset), (inset, size - inset), (size - inset, size - inset)):
        art.add(player_mark(mark, cx, cy, mark_size, marks))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(colour))


def disc_marker(face_name: str, component: str, size: float, diameter: float, bleed: float, colour: str,
                icon_name: str, sign: str, where: str, mark: str | None = None,
                ink: style.Ink = style.NORMAL) -> Face:
    """A disc of ``diameter`` mm in ``colour`` on a ``size`` mm parchment square: an icon over a short ``sign``.

    ``sign`` is a value or a word of a few letters (e.g. "1"); with ``mark`` (a player
    mark, ``PLAYER_MARKS``) the mark replaces the sign, for pieces that belong to a player.
    The disc's outline is a cut line; the square is flat parchment to its edge, so markers
    may abut.  With ``style.SAVER``: the square is paper, the disc a light tint with a thin
    ring in ``colour`` (the cut line stays as it is), sign or mark in dark ink, the icon a
    little softer (``soft_sign``).  ``meta["disc_mm"]``: the cut disc's diameter.

    Raises:
        LayoutError / FontError: the sign does not fit under the icon.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(style.PARCHMENT)))
    c, r = size / 2, diameter / 2
    fg = ink.on(colour, DISC_TINT)
    figure = soft_sign(fg, ink.field(colour, DISC_TINT)) if ink.saver else fg
    art.add(circle(c, c, r, fill=ink.field(colour, DISC_TINT), stroke=style.CUT, stroke_mm=0.25))
    if ink.saver:
        ring = colour
    else:
        ring = style.lighter(colour, 0.5) if fg == style.WHITE else style.darker(colour, 0.4)
    if r - SAFE_MM >= r * 0.6:     # an inner ring only where it keeps the safe area's distance from the cut
        art.add(circle(c, c, r - SAFE_MM, stroke=ring, stroke_mm=ink.width(0.3)))
    icon_size = r * 0.9
    art.add(icon(icon_name, c - icon_size / 2, c - r * 0.8, icon_size, figure))
    if mark is not None:
        art.add(player_mark(mark, c, c + r * 0.42, r * 0.5, fg))
    else:
        sign_fit = fit(sign, "heavy", r * 1.2, r * 0.45, r * 0.45, r * 0.25, where, max_lines=1)
        art.add(text_block(sign_fit, c, c + r * 0.15, fg, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(style.PARCHMENT),
                meta={"disc_mm": diameter})
