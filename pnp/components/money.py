"""Money: banknotes (a value, a currency name, a colour per value) and round coins."""

from __future__ import annotations

from pnp.components.fonts import ascent
from pnp.geometry import SAFE_MM
from pnp.components.svg import Face, circle, group, icon, rect, text_block
from pnp.components.text import fit
from pnp.components import style

# Note colours by rank of value (lowest first); the palette is a design choice, not data.
NOTE_COLOURS = ("#6E9E5A", "#4F7FB0", "#B3834A", "#8A5A9E", "#B5473A", "#3D8C8C", "#8C8C3D")


def banknote(face_name: str, component: str, width: float, height: float, bleed: float, value: int,
             caption: str, short: str, rank: int, icon_name: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """A ``width`` x ``height`` mm note worth ``value``; ``caption`` e.g. "50 Piaster".

    ``rank`` (0 = lowest value) picks the colour, so values are told apart at a glance.
    With ``style.SAVER``: no full-bleed colour, a coloured outline, a light medallion.
    """
    colour = NOTE_COLOURS[rank % len(NOTE_COLOURS)]
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(colour)))
    inset = SAFE_MM * 0.7
    art.add(rect(inset, inset, width - 2 * inset, height - 2 * inset, fill=ink.field(style.lighter(colour, 0.78), 0.6),
                 radius=1.5, **({"stroke": colour, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
    art.add(rect(inset + 1, inset + 1, width - 2 * inset - 2, height - 2 * inset - 2, stroke=colour, stroke_mm=ink.width(0.5), radius=1.2))
    cy = height / 2
    r = height * 0.3
    art.add(circle(width / 2, cy, r, fill=ink.field(colour, 0.7)))
    art.add(icon(icon_name, width / 2 - r * 0.65, cy - r * 0.65, r * 1.3, colour if ink.saver else style.lighter(colour, 0.85)))
    number = str(value)
    big = fit(number, "heavy", width * 0.3, height * 0.42, height * 0.4, 3, where, max_lines=1)
    for x in (SAFE_MM + 2 + big.width / 2, width - SAFE_MM - 2 - big.width / 2):
        art.add(text_block(big, x, cy - big.height / 2 - 0.8, style.darker(colour, 0.45), "middle", where))
    cap = fit(caption, "bold", width - 2 * SAFE_MM - 4, 4, 3.2, 1.8, where, max_lines=1)
    art.add(text_block(cap, width / 2, height - SAFE_MM - cap.height - 0.6, style.darker(colour, 0.45), "middle", where))
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(colour))


GOLD = "#D4A72C"
GOLD_DARK = "#8A6410"
GOLD_LIGHT = "#F3D77A"


def coin(face_name: str, component: str, size: float, diameter: float, bleed: float, value: int,
         caption: str, rank: int, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """A round gold coin worth ``value`` on a ``size`` mm square face: cut the disc out.

    The disc (``diameter`` mm) carries the value large and ``caption`` (e.g. "Gold") small;
    its rim is a band in the colour of ``NOTE_COLOURS[rank]`` (0 = lowest value), so the
    values are told apart at a glance and in greyscale by the number.  The square around
    the disc is plain parchment with a thin cut circle.  With ``style.SAVER``: paper around
    the disc, a light tint of the rim colour and a pale gold face, thinner rings; the cut
    circle and the value keep their weight.

    Raises:
        LayoutError / FontError: the value or caption does not fit or has a missing glyph.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(style.PARCHMENT)))
    c, r = size / 2, diameter / 2
    rim = NOTE_COLOURS[rank % len(NOTE_COLOURS)]
    art.add(circle(c, c, r, fill=ink.field(rim, 0.6), stroke=style.CUT, stroke_mm=0.25))
    art.add(circle(c, c, r * 0.84, fill=ink.field(GOLD, 0.75), stroke=GOLD_DARK, stroke_mm=ink.width(0.4)))
    # Saver: the light ring would vanish on the pale face; it turns gold.
    art.add(circle(c, c, r * 0.72, stroke=GOLD if ink.saver else GOLD_LIGHT, stroke_mm=ink.width(0.35)))
    big = fit(str(value), "heavy", r * 1.15, r * 0.8, r * 0.78, 3, where, max_lines=1)
    art.add(text_block(big, c, c - r * 0.08 - (ascent("heavy") - 0.36) * big.size, GOLD_DARK, "middle", where))
    small = fit(caption, "bold", r * 0.95, r * 0.24, r * 0.22, 1.5, where, max_lines=1)
    art.add(text_block(small, c, c + r * 0.38, GOLD_DARK, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(style.PARCHMENT))
