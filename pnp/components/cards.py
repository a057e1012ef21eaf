"""Playing cards: a good's face (name, icon, colour) and a shared back.

Both share one flat frame colour at the trim edge (``style.FRAME``), so the imposition
may let cards abut on one cut: a cut that wanders into the neighbour shows the same frame.
Sizes come from the caller (``pnp.geometry.CARD_SIZES``); text stays in the safe area.
"""

from __future__ import annotations

from ..geometry import SAFE_MM
from ..svg import Face, circle, group, icon, rect, text_block
from ..text import fit
from . import style


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
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(style.FRAME)))
    inset = SAFE_MM * 0.8
    art.add(rect(inset, inset, width - 2 * inset, height - 2 * inset, fill=ink.field(colour), radius=2.5,
                 **({"stroke": colour, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
    art.add(rect(inset + 1.2, inset + 1.2, width - 2 * inset - 2.4, height - 2 * inset - 2.4,
                 stroke=colour if ink.saver else style.lighter(colour, 0.5), stroke_mm=ink.width(0.35), radius=1.8))
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
    """The shared back of a deck: the game's title, the deck's name and an emblem.

    Symmetric under a half turn, so it reads the same whichever way the card is held.
    With ``style.SAVER``: no full-bleed frame, a light field, no lattice, thin outlines.
    """
    art = group()
    art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(style.FRAME)))
    inset = SAFE_MM * 0.8
    art.add(rect(inset, inset, width - 2 * inset, height - 2 * inset, fill=ink.field(style.PARCHMENT_DARK, 0.6),
                 radius=2.5, **({"stroke": style.FRAME, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
    # A lattice of diamonds, the kind of pattern a bazaar tile would show.
    step = 7.0
    pattern = group(opacity=0.35)
    x = inset + step / 2
    while x < width - inset:
        y = inset + step / 2
        while y < height - inset:
            pattern.add(rect(x - 1.3, y - 1.3, 2.6, 2.6, fill=style.SHADE, transform=f"rotate(45 {x} {y})"))
            y += step
        x += step
    if not ink.saver:
        art.add(pattern)
    art.add(rect(inset + 1.2, inset + 1.2, width - 2 * inset - 2.4, height - 2 * inset - 2.4,
                 stroke=style.FRAME, stroke_mm=ink.width(0.5), radius=1.8))
    disc_r = min(width, height) * 0.3
    if ink.saver:
        art.add(circle(width / 2, height / 2, disc_r, fill=style.WHITE, stroke=style.FRAME, stroke_mm=ink.width(0.8)))
    else:
        art.add(circle(width / 2, height / 2, disc_r + 1.5, fill=style.FRAME))
        art.add(circle(width / 2, height / 2, disc_r, fill=style.PARCHMENT))
    art.add(icon(icon_name, width / 2 - disc_r * 0.7, height / 2 - disc_r * 0.7, disc_r * 1.4, style.FRAME))
    band_w = width - 2 * (SAFE_MM + 3)
    name = fit(title, "display", band_w, 10, 9, 3, where, max_lines=1)
    sub = fit(subtitle, "bold", band_w, 5, 3.6, 2, where, max_lines=1)
    for rotation in (0, 180):
        g = group(transform=f"rotate({rotation} {width / 2} {height / 2})")
        g.add(text_block(name, width / 2, SAFE_MM + 4, style.FRAME, "middle", where))
        g.add(text_block(sub, width / 2, SAFE_MM + 4 + name.height + 1.8, style.FRAME, "middle", where))
        art.add(g)
    return Face(face_name, component, width, height, bleed, art, edge_colour=ink.edge(style.FRAME))
