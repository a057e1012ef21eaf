"""Small playing pieces that must read without colour: marked tokens, disc markers, player marks.

A kit printed in greyscale, or played by someone who cannot tell red from brown, still
needs every piece told apart.  So each piece here carries its colour *and* a shape or
symbol: a good token shows its colour, an icon and a letter; a player's pieces show the
player's colour and a geometric mark (circle, triangle, square, diamond...).

All faces are squares in trim coordinates (mm).  Goods tokens and player tokens have a
flat frame colour along the whole trim edge (``Face.edge_colour``), so the imposition
lets them abut and one cut separates two neighbours; disc markers are discs on a plain
square (cut the square, or round it off).
"""

from __future__ import annotations

import math

from ..errors import LayoutError
from ..svg import Face, circle, group, icon, polygon, rect, text_block
from ..text import fit
from . import style

#: Geometric player marks, in the order players take them (DESIGN.md "Kit": greyscale).
PLAYER_MARKS = ("circle", "triangle", "square", "diamond", "hexagon", "star")
FRAME_MM = 1.1        # flat frame at the trim edge of goods and player tokens


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
               letter: str, where: str, rare: bool = False) -> Face:
    """A ``size`` mm square good token: ``colour`` field, the good's icon and its ``letter``.

    The icon and letter sit on a light medallion in the dark shade of the colour, so both
    read on every colour and in greyscale; ``rare`` goods get a second, gilded ring.  The
    frame at the trim edge is ``style.FRAME`` on every token (tokens may abut).

    Raises:
        LayoutError / FontError: the letter does not fit or has a missing glyph.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=style.FRAME))
    art.add(rect(FRAME_MM, FRAME_MM, size - 2 * FRAME_MM, size - 2 * FRAME_MM, fill=colour, radius=1.6))
    ink = style.darker(colour, 0.55) if style.readable_on(colour) != style.WHITE else style.darker(colour, 0.35)
    c = size / 2
    disc = size / 2 - FRAME_MM - 0.9
    if rare:
        art.add(circle(c, c, disc + 0.2, fill=RARE_RING))
        disc -= 0.9
    art.add(circle(c, c, disc, fill=style.lighter(colour, 0.8), stroke=ink, stroke_mm=0.3))
    icon_size = disc * 1.15
    art.add(icon(icon_name, c - icon_size / 2, c - disc * 0.86, icon_size, ink))
    letter_fit = fit(letter, "heavy", disc * 1.2, disc * 0.62, disc * 0.62, disc * 0.3, where, max_lines=1)
    art.add(text_block(letter_fit, c, c + disc * 0.3, ink, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=style.FRAME)


RARE_RING = "#C9A227"


def player_token(face_name: str, component: str, size: float, bleed: float, colour: str, mark: str,
                 icon_name: str) -> Face:
    """A ``size`` mm square player piece (e.g. a camel): colour field, big icon, the player's mark in the corners.

    The marks sit in all four corners, so they still show when a smaller token (a good the
    camel carries) covers the middle.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=style.FRAME))
    art.add(rect(FRAME_MM, FRAME_MM, size - 2 * FRAME_MM, size - 2 * FRAME_MM, fill=colour, radius=1.8))
    ink = style.readable_on(colour)
    contrast = style.darker(colour, 0.6) if ink != style.WHITE else style.lighter(colour, 0.75)
    icon_size = size * 0.6
    art.add(icon(icon_name, (size - icon_size) / 2, (size - icon_size) / 2, icon_size, contrast))
    mark_size = size * 0.2
    inset = FRAME_MM + 0.6 + mark_size / 2
    for cx, cy in ((inset, inset), (size - inset, inset), (inset, size - inset), (size - inset, size - inset)):
        art.add(player_mark(mark, cx, cy, mark_size, contrast))
    return Face(face_name, component, size, size, bleed, art, edge_colour=style.FRAME)


def disc_marker(face_name: str, component: str, size: float, diameter: float, bleed: float, colour: str,
                icon_name: str, sign: str, where: str, mark: str | None = None) -> Face:
    """A disc of ``diameter`` mm in ``colour`` on a ``size`` mm parchment square: an icon over a short ``sign``.

    ``sign`` is a value or a word of a few letters (e.g. "1"); with ``mark`` (a player
    mark, ``PLAYER_MARKS``) the mark replaces the sign, for pieces that belong to a player.
    The disc's outline is a cut line; the square is flat parchment to its edge, so markers
    may abut.

    Raises:
        LayoutError / FontError: the sign does not fit under the icon.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=style.PARCHMENT))
    c, r = size / 2, diameter / 2
    ink = style.readable_on(colour)
    art.add(circle(c, c, r, fill=colour, stroke=style.CUT, stroke_mm=0.25))
    art.add(circle(c, c, r - 0.9, stroke=style.lighter(colour, 0.5) if ink == style.WHITE else style.darker(colour, 0.4),
                   stroke_mm=0.3))
    icon_size = r * 1.05
    art.add(icon(icon_name, c - icon_size / 2, c - r * 0.78, icon_size, ink))
    if mark is not None:
        art.add(player_mark(mark, c, c + r * 0.55, r * 0.5, ink))
    else:
        sign_fit = fit(sign, "heavy", r * 1.3, r * 0.55, r * 0.55, r * 0.25, where, max_lines=1)
        art.add(text_block(sign_fit, c, c + r * 0.3, ink, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=style.PARCHMENT)
