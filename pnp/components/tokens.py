"""Square tokens (a colour, an icon, a label) and round chips printed on a square face.

Tokens keep their own bleed (different colours at the edge), so they are imposed with
gutters.  A chip is a disc on a plain square: cut the square, or round it off.
"""

from __future__ import annotations

import math

from pnp.geometry import SAFE_MM
from pnp.components.svg import Face, circle, group, icon, rect, text_block
from pnp.components.fonts import ascent, ink_heights, text_width
from pnp.errors import LayoutError
from pnp.components.text import LINE_CLEAR_MM, fit, fit_in_circle
from pnp.components import style


#: Air (mm) between a token's label and the inside of its ring: enough to read as a gap when
#: printed, where 0.3 mm (LINE_CLEAR_MM until it became 0.6) read as touching.
LABEL_CLEAR_MM = 0.8


def icon_token(face_name: str, component: str, size: float, bleed: float, label: str, colour: str,
               icon_name: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """A ``size`` mm square token in ``colour`` with an icon and a one-line ``label``.

    With ``style.SAVER`` the colour becomes a light tint inside the trim with a thin border.

    Raises:
        LayoutError / FontError: the label does not fit or has a missing glyph.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    if ink.saver:
        art.add(rect(0, 0, size, size, fill=ink.field(colour)))
    inset = SAFE_MM      # the ring keeps to the safe area: a miscut shows colour, not a line
    ring_mm = ink.width(0.4)
    art.add(rect(inset, inset, size - 2 * inset, size - 2 * inset, stroke=colour if ink.saver else style.lighter(colour, 0.55),
                 stroke_mm=ring_mm, radius=1.5))
    fg = style.darker(colour, 0.3) if ink.saver else style.readable_on(colour)
    # The label stays inside the ring, clear of its stroke: set to the ring's full width a long
    # word ("Assortment") ran over it at both ends, and descenders touched its foot; at the
    # general 0.3 mm it still looked to touch the ring in print (at 300 dpi), so a
    # token's label keeps LABEL_CLEAR_MM.
    clear = ring_mm / 2 + LABEL_CLEAR_MM
    label_fit = fit(label, "bold", size - 2 * (SAFE_MM + clear), size * 0.2, size * 0.15, 1.8, where, max_lines=1)
    icon_size = size - 2 * SAFE_MM - clear - label_fit.height - 2.0
    art.add(icon(icon_name, (size - icon_size) / 2, SAFE_MM + 0.5, icon_size, fg))
    art.add(text_block(label_fit, size / 2, size - SAFE_MM - clear - label_fit.height, style.INK if ink.saver else fg,
                       "middle", where))
    # flat colour up to the trim (the frame line lies inside): tokens of one colour may share cuts
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(colour))


def chip(face_name: str, component: str, size: float, diameter: float, bleed: float, label: str,
         sign: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """A round chip of ``diameter`` mm on a ``size`` mm square face; ``sign`` is its big mark (e.g. "−1").

    With ``style.SAVER``: a white disc with a dark outline and dark text on plain paper.
    ``meta["disc_mm"]``: the diameter of the cut disc (what a screen export shows round)."""
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(style.PARCHMENT)))
    c = size / 2
    r = diameter / 2
    disc, text_fill = (style.WHITE, style.INK) if ink.saver else (style.INK, style.PARCHMENT)
    art.add(circle(c, c, r, fill=disc, stroke=style.CUT, stroke_mm=0.25))
    ring_r, ring_mm = r - SAFE_MM, ink.width(0.35)
    art.add(circle(c, c, ring_r, stroke=style.PARCHMENT_DARK if not ink.saver else style.INK, stroke_mm=ring_mm))
    inside = ring_r - ring_mm / 2 - LINE_CLEAR_MM        # text keeps clear of the ring, sign and label
    big = fit(sign, "heavy", diameter * 0.62, diameter * 0.42, diameter * 0.4, 3, where, max_lines=1)
    # The sign stands on a baseline a little below the centre and shrinks, on that baseline,
    # until the corners of its glyphs' box lie inside the ring (the "1" of "-1" came 0.5 mm from it).
    baseline = c - big.height * 0.72 + ascent("heavy") * big.size
    high = ink_heights(sign, "heavy")[1]
    while math.hypot(text_width(sign, "heavy", big.size) / 2, c - (baseline - high * big.size)) > inside:
        if big.size * 0.98 < 3:
            raise LayoutError(f"sign {sign!r} does not fit the chip's ring even at 3.0 mm type", key=where)
        big = fit(sign, "heavy", diameter * 0.62, diameter * 0.42, big.size * 0.98, 3, where, max_lines=1)
    art.add(text_block(big, c, baseline - ascent("heavy") * big.size, text_fill, "middle", where))
    # The label hangs a little below the sign's baseline and must fit the ring's chord there:
    # a long word (da "Markedsbrik") set across the disc's width ran over the ring at both ends.
    label_top = baseline + diameter * 0.08 - c
    small = fit_in_circle(label, "bold", inside, label_top,
                          diameter * 0.13, 1.6, where)
    art.add(text_block(small, c, c + label_top, text_fill, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(style.PARCHMENT),
                meta={"disc_mm": diameter})
