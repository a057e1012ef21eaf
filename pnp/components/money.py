"""Money: banknotes (a value, a currency name, a colour per value) and round coins."""

from __future__ import annotations

import math

from pnp.components.art import art_icon, pale
from pnp.components.fonts import ascent, cap_height, text_width
from pnp.geometry import SAFE_MM
from pnp.components.svg import Face, circle, group, icon, path, rect, text_block
from pnp.components.text import fit
from pnp.errors import LayoutError
from pnp.components import guilloche, style

# Note colours by rank of value (lowest first); the palette is a design choice, not data.
# Each its own hue (lime, sky, ochre, green, violet, crimson, indigo) and its own lightness:
# L* 96, 80, 68, 56, 44, 30, 15, at least 10 L* apart in colour and under full deuteranopia
# and protanopia (Machado 2009; tests/test_money.py), so the values stay apart in greyscale
# and for colour-blind eyes; the number on every note and coin is the cue that needs no colour.
NOTE_COLOURS = ("#E6FA8E", "#77D4FF", "#BEA247", "#678D56", "#705DA1", "#882021", "#271544")
#: The value's rosette: outer radius as a share of the note's height.
ROSETTE_RATIO = 0.22
#: Least cap height of the game's name on a banknote (mm): legible at arm's length, as the
#: issuer's name on real money is.
NOTE_TITLE_CAP_MM = 2.4
#: Chords per wave of a note's border and per curve of its rosette: smooth at a 0.4 mm band
#: on a 62 mm note, and half the outline points of the finer defaults (a cheaper conversion).
NOTE_WAVE_STEPS = 8
NOTE_ROSETTE_SAMPLES = 240


def banknote(face_name: str, component: str, width: float, height: float, bleed: float, value: int,
             caption: str, short: str, rank: int, icon_name: str, where: str, ink: style.Ink = style.NORMAL,
             title: str | None = None, words: str | None = None, vignette: str | None = None,
             colour: str | None = None) -> Face:
    """A ``width`` x ``height`` mm note worth ``value``.

    Layout: the value's colour over the bleed and tinting the whole field inside the safe
    area, framed by a guilloche wave border; on the left a rosette round the value in
    numerals, on the right a medallion with the vignette (``vignette``, a Fluent Emoji name,
    over dunes; without one, the game-icons ``icon_name``), between them the game's name
    (``title``) over the value in words (``words``, e.g. "Fifty Piaster", on up to two lines;
    without it, ``caption``, e.g. "50 Piaster").  ``colour`` (#RRGGBB; default
    ``NOTE_COLOURS[rank]``) is the value's hue; ``rank`` (0 = lowest value) also sets the
    design elements that tell the values apart without colour: the rosette's lobes (6 + 2 x
    rank) and the border wave's period.  ``short`` (the currency's sign) is not printed.  With
    ``style.SAVER``: paper over the bleed, a pale field, pale guilloche and vignette, the text
    as dark as ever.

    Raises:
        LayoutError / FontError: a text does not fit or has a missing glyph.
    """
    del short
    colour = colour or NOTE_COLOURS[rank % len(NOTE_COLOURS)]
    deep = style.darker(colour, 0.55)
    # the whole field carries the value's hue (a pale field made every value look alike)
    field = style.lighter(colour, 0.82) if ink.saver else style.lighter(colour, 0.22)
    text_ink = style.legible(style.darker(colour, 0.7), field)
    lace = pale(style.darker(colour, 0.2), 0.55) if ink.saver else style.darker(colour, 0.35)
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(colour)))
    inset = SAFE_MM
    art.add(rect(inset, inset, width - 2 * inset, height - 2 * inset, fill=field, radius=1.5,
                 **({"stroke": colour, "stroke_mm": 0.6} if ink.saver else {})))
    depth = 2.2
    art.add(guilloche.wave_border(inset + 0.5, inset + 0.5, width - inset - 0.5, height - inset - 0.5, depth,
                                  3.0 + 0.5 * rank, 3, lace, 0.4, steps=NOTE_WAVE_STEPS))
    cy = height / 2
    r_out = height * ROSETTE_RATIO
    r_in = r_out * 0.74
    left = inset + 0.5 + depth + 0.6 + r_out
    disc_ground = style.lighter(colour, 0.8)
    # The value in numerals on the left rosette's disc; its lobes differ by value.
    art.add(guilloche.rosette(left, cy, r_in - 0.6, r_out, 6 + 2 * rank, 2, lace, 0.4, samples=NOTE_ROSETTE_SAMPLES))
    art.add(circle(left, cy, r_in, fill=disc_ground, stroke=deep if not ink.saver else lace, stroke_mm=0.5))
    number = str(value)
    disc = r_in - 0.5
    big = fit(number, "heavy", disc * 1.7, disc * 1.2, disc * 1.15, 2.5, where, max_lines=1)
    art.add(text_block(big, left, cy - (ascent("heavy") - 0.36) * big.size, style.legible(deep, disc_ground),
                       "middle", where))
    # The vignette in a ringed medallion on the right.
    r_med = r_in
    right = width - (inset + 0.5 + depth + 0.6 + r_med)
    art.add(circle(right, cy, r_med + 0.6, fill=ink.field(deep, 0.5)))
    _vignette(art, right, cy, r_med, colour, vignette, icon_name, ink)
    # The game's name on a plate across the top border, capitals at least NOTE_TITLE_CAP_MM
    # tall (what a banknote's issuer reads as); the value in words under it, between the
    # rosette and the medallion.
    x0, x1 = left + r_out + 0.8, right - r_med - 1.2
    top, bottom = inset + 0.5 + depth + 0.4, height - inset - 0.5 - depth - 0.4
    if title:
        room = width - 2 * (inset + 0.5 + depth + 2.0)
        name = fit(title.upper(), "display", room - 2.4, NOTE_TITLE_CAP_MM / cap_height("display") * 1.5,
                   NOTE_TITLE_CAP_MM * 1.2 / cap_height("display"), NOTE_TITLE_CAP_MM / cap_height("display"),
                   where, max_lines=1)
        plate_w = min(room, text_width(name.lines[0], "display", name.size) + 3.0)
        plate_top = inset + 0.2
        plate_h = name.height + 0.6
        art.add(rect(width / 2 - plate_w / 2, plate_top, plate_w, plate_h, fill=field, radius=1.2))
        art.add(text_block(name, width / 2, plate_top + 0.3, text_ink, "middle", where))
        top = max(top, plate_top + plate_h + 0.4)
    col_w = x1 - x0
    lines = []
    words_h = bottom - top
    try:
        words_fit = fit(words or caption, "bold", col_w, words_h, 4.2, 2.8, where, max_lines=2)
    except LayoutError:
        # a long translation takes a third line rather than type below 2.8 mm
        words_fit = fit(words or caption, "bold", col_w, words_h, 4.2, 2.8, where, max_lines=3)
    lines.append(words_fit)
    total = sum(f.height for f in lines) + (len(lines) - 1) * 0.8
    y = (top + bottom) / 2 - total / 2
    for f in lines:
        art.add(text_block(f, (x0 + x1) / 2, y, text_ink, "middle", where))
        y += f.height + 0.8
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(colour))


def _vignette(art, cx: float, cy: float, r: float, colour: str, vignette: str | None, icon_name: str, ink) -> None:
    """The note's picture on the left rosette's disc: a Fluent Emoji over a dune (lower segment
    of the disc), or the game-icons ``icon_name`` when no vignette is named."""
    if not vignette:
        art.add(icon(icon_name, cx - r * 0.7, cy - r * 0.7, r * 1.4, ink.on(colour, 0.7) if ink.saver
                     else style.readable_on(style.lighter(colour, 0.55))))
        return
    sky = ink.field("#FBEFD0", 0.6)
    art.add(circle(cx, cy, r, fill=sky))
    # The dune: the disc below a chord, a little above its lowest third.
    h = r * 0.38
    half = math.sqrt(r * r - h * h)
    sand = pale("#E2B867", 0.6) if ink.saver else "#E2B867"
    art.add(path(f"M {_f(cx - half)} {_f(cy + h)} Q {_f(cx)} {_f(cy + h - r * 0.3)} {_f(cx + half)} {_f(cy + h)} "
                 f"A {_f(r)} {_f(r)} 0 0 1 {_f(cx - half)} {_f(cy + h)} Z", fill=sand))
    s = r * 1.45
    art.add(art_icon("fluent-emoji-flat", vignette, cx - s / 2, cy - s / 2 - r * 0.05, s,
                     (lambda c: pale(c, 0.6)) if ink.saver else None))


def _f(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


GOLD = "#D4A72C"
GOLD_DARK = "#8A6410"
GOLD_LIGHT = "#F3D77A"
COIN_INK = "#3A2A06"      # value and caption on gold: 7:1 (dark gold was 2.4:1)


#: How much darker each coin value's rim is than the one below (towards black, per rank):
#: the cut coins differ by 8 L* and more as printed, in grey and for colour-blind players,
#: though their gold faces are alike.
COIN_RIM_DARKEN = 0.14


def coin_rim(rank: int) -> str:
    """The rim colour of the coin of ``rank`` (0 = lowest value): ``NOTE_COLOURS[rank]``,
    darker by ``COIN_RIM_DARKEN`` a rank."""
    return style.darker(NOTE_COLOURS[rank % len(NOTE_COLOURS)], min(0.6, COIN_RIM_DARKEN * rank))


def coin(face_name: str, component: str, size: float, diameter: float, bleed: float, value: int,
         caption: str, rank: int, where: str, ink: style.Ink = style.NORMAL, title: str | None = None,
         words: str | None = None) -> Face:
    """A round gold coin worth ``value`` on a ``size`` mm square face: cut the disc out.

    The disc (``diameter`` mm) has a rim in the colour of ``coin_rim(rank)`` (0 = lowest
    value), so the values are told apart at a glance, and a gold face inside the safe area:
    a guilloche rosette ring round a light centre that holds the game's name (``title``) in
    small capitals, the value large and the value in words (``words``, e.g. "ten"; without
    it, ``caption``, e.g. "Gold").  The square around the disc is parchment with the cut
    circle.  With ``style.SAVER``: paper around the disc, a light tint of the rim and a pale
    gold face, pale lace; the cut circle and the value keep their weight.
    ``meta["disc_mm"]``: the cut disc's diameter.

    Raises:
        LayoutError / FontError: the value or a legend does not fit or has a missing glyph.
    """
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(style.PARCHMENT)))
    c, r = size / 2, diameter / 2
    rim = coin_rim(rank)
    art.add(circle(c, c, r, fill=ink.field(rim, 0.6), stroke=style.CUT, stroke_mm=0.25))
    # The gold face keeps the safe area's distance from the cut: a miscut shows rim, not a ring.
    face_r = r - SAFE_MM
    art.add(circle(c, c, face_r, fill=ink.field(GOLD, 0.75)))
    lace = pale(GOLD_DARK, 0.55) if ink.saver else GOLD_DARK
    # A narrow rosette ring and a wide centre: the value in words is read at arm's length
    # (its cap height about a third of the centre's radius), the game's name is small.
    centre_r = face_r * 0.84
    art.add(guilloche.rosette(c, c, centre_r - 0.3, face_r - 0.2, 12, 2, lace, 0.35))
    centre = ink.field(GOLD_LIGHT, 0.6)
    art.add(circle(c, c, centre_r, fill=centre))
    big = fit(str(value), "heavy", centre_r * 1.5, centre_r * 0.78, centre_r * 0.78, 2.5, where, max_lines=1)
    art.add(text_block(big, c, c - centre_r * 0.1 - (ascent("heavy") - 0.36) * big.size, COIN_INK, "middle", where))
    if title:
        # the game's name is the coin's ornament, not its information: a name too long for
        # the chord above the value (a long translation) is left out, the value and words stay
        title_h = centre_r * 0.2
        try:
            top = fit(title.upper(), "bold", centre_r * 0.92, title_h, title_h, 1.0, where, max_lines=1)
        except LayoutError:
            top = None
        if top is not None:
            art.add(text_block(top, c, c - centre_r * 0.72, COIN_INK, "middle", where))
    # without the name above it the value sits higher and the words take the room it leaves
    words_h = centre_r * (0.34 if title else 0.42)
    small = fit(words or caption, "bold", centre_r * 1.35, words_h, words_h, 1.2, where, max_lines=1)
    art.add(text_block(small, c, c + centre_r * 0.36, COIN_INK, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(style.PARCHMENT),
                meta={"disc_mm": diameter})
