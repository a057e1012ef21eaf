"""Money: banknotes (a value, a currency name, a colour per value) and round coins."""

from __future__ import annotations

from pnp.components.fonts import ascent, cap_height, descent
from pnp.geometry import SAFE_MM
from pnp.components.svg import Face, circle, group, icon, rect, text_block
from pnp.components.text import LINE_CLEAR_MM, fit
from pnp.components import style

# Note colours by rank of value (lowest first); the palette is a design choice, not data.
# Lightness falls by 10 L* a rank (85 .. 25), so the values stay apart in greyscale and for
# colour-blind eyes; the number on every note and coin is the cue that needs no colour.
NOTE_COLOURS = ("#C0DEA1", "#94BDE5", "#D58F39", "#2C9379", "#8855A6", "#962C26", "#473A0E")
#: The medallion's radius as a share of the note's height: small enough that the caption under it
#: gets its type and LINE_CLEAR_MM of air above (at 0.26 it sat 0.3 mm under the disc).
MEDALLION_RATIO = 0.23


def banknote(face_name: str, component: str, width: float, height: float, bleed: float, value: int,
             caption: str, short: str, rank: int, icon_name: str, where: str, ink: style.Ink = style.NORMAL) -> Face:
    """A ``width`` x ``height`` mm note worth ``value``; ``caption`` e.g. "50 Piaster".

    ``rank`` (0 = lowest value) picks the colour, so values are told apart at a glance.
    With ``style.SAVER``: no full-bleed colour, a coloured outline, a light medallion.
    """
    colour = NOTE_COLOURS[rank % len(NOTE_COLOURS)]
    ink_colour = style.darker(colour, 0.62)     # numerals and caption: dark enough on the light field
    art = group()
    # The colour runs full bleed; the light field keeps to the safe area, so a miscut shows colour.
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(colour)))
    inset = SAFE_MM
    art.add(rect(inset, inset, width - 2 * inset, height - 2 * inset, fill=ink.field(style.lighter(colour, 0.78), 0.6),
                 radius=1.5, **({"stroke": colour, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
    rule_mm = ink.width(0.5)
    art.add(rect(inset + 1, inset + 1, width - 2 * inset - 2, height - 2 * inset - 2, stroke=colour, stroke_mm=rule_mm, radius=1.2))
    cy = height / 2
    r = height * MEDALLION_RATIO
    art.add(circle(width / 2, cy, r, fill=ink.field(colour, 0.7)))
    art.add(icon(icon_name, width / 2 - r * 0.65, cy - r * 0.65, r * 1.3, ink.on(colour, 0.7) if ink.saver
                 else style.readable_on(colour)))
    number = str(value)
    # The numerals fill the room between the inner rule and the medallion, 1.5 mm clear of both.
    room = width / 2 - r - inset - 1 - 2 * 1.5
    big = fit(number, "heavy", room, height * 0.42, height * 0.4, 3, where, max_lines=1)
    for x in (inset + 2.5 + room / 2, width - inset - 2.5 - room / 2):
        art.add(text_block(big, x, cy - big.height / 2 - 0.8, ink_colour, "middle", where))
    # The caption's letters (capitals to descenders) fill the band between the medallion and the
    # inner rule, clear of both: set by its line box it touched the medallion's foot.
    band_top = cy + r + LINE_CLEAR_MM
    band = height - inset - 1 - rule_mm / 2 - LINE_CLEAR_MM - band_top
    letters = cap_height("bold") + descent("bold")      # ink height per unit of font size
    cap = fit(caption, "bold", width - 2 * SAFE_MM - 4, band / letters, 3.2, 1.8, where, max_lines=1)
    letters_top = band_top + (band - letters * cap.size) / 2
    art.add(text_block(cap, width / 2, letters_top - (ascent("bold") - cap_height("bold")) * cap.size, ink_colour,
                       "middle", where))
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(colour))


GOLD = "#D4A72C"
GOLD_DARK = "#8A6410"
GOLD_LIGHT = "#F3D77A"
COIN_INK = "#3A2A06"      # value and caption on gold: 7:1 (dark gold was 2.4:1)


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
    # The gold face keeps the safe area's distance from the cut: a miscut shows rim, not a ring.
    face_r = r - SAFE_MM
    art.add(circle(c, c, face_r, fill=ink.field(GOLD, 0.75), stroke=COIN_INK, stroke_mm=ink.width(0.4)))
    big = fit(str(value), "heavy", face_r * 1.5, face_r * 0.95, face_r * 0.95, 3, where, max_lines=1)
    art.add(text_block(big, c, c - face_r * 0.12 - (ascent("heavy") - 0.36) * big.size, COIN_INK, "middle", where))
    small = fit(caption, "bold", face_r * 1.3, face_r * 0.3, face_r * 0.28, 1.5, where, max_lines=1)
    art.add(text_block(small, c, c + face_r * 0.42, COIN_INK, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(style.PARCHMENT))
