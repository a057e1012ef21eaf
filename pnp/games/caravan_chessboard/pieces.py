"""The chessboard game's fold-over standees, illustrated: caravans, the Bandits and the Sandstorm.

The geometry is ``pnp.components.cutouts.standee``'s (foot | figure upside down | figure |
foot, a solid cut outline, dashed folds), the panels are this game's: an arch opening on a
sky over a dune, the figure in full colour (Fluent Emoji, flat: a camel with a pack in the
player's colour, a veiled raider with a scimitar (drawn here), a twister of sand), the name on a plate at the panel's
foot and, on a caravan, the player's mark above the arch.  Lengths in mm; the design is ours.
"""

from __future__ import annotations

from pnp.components import style
from pnp.components.art import art_icon, pale
from pnp.components.cutouts import DASH, add_standee_folds
from pnp.components.markers import player_mark
from pnp.components.svg import Face, circle, group, line, path, rect, text_block
from pnp.components.text import fit
from pnp.games.caravan_chessboard import figures

SET = "fluent-emoji-flat"
#: Sky and sand inside the arch, by figure (the Bandits ride at night).
SKIES = {"caravan": ("#CFE6F5", "#E5C07A"), "bandits": ("#3D2B4F", "#6A4C3D"), "sandstorm": ("#F1D99B", "#C18A3A")}


def standee(face_name: str, component: str, width: float, panel: float, foot: float, colour: str, label: str,
            figure: str, where: str, ink: style.Ink = style.NORMAL, mark: str | None = None) -> Face:
    """A fold-over standee ``width`` x ``2 * (panel + foot)`` mm of ``figure`` ("caravan",
    "bandits" or "sandstorm") in ``colour``; ``mark``: a ``markers.PLAYER_MARKS`` name for a
    caravan.  Saver: pale panels, sky and figure; cut and fold lines keep their weight.

    Raises:
        LayoutError / FontError: ``label`` does not fit or lacks a glyph.
    """
    height = 2 * (panel + foot)
    art = group()
    recolour = (lambda c: pale(c, 0.62)) if ink.saver else None
    tone = (lambda c: pale(c, 0.72)) if ink.saver else (lambda c: c)
    sky, sand = SKIES[figure]
    for k, top in enumerate((foot, foot + panel)):
        g = group(transform=f"rotate(180 {width / 2} {top + panel / 2})") if k == 0 else group()
        g.add(rect(0, top, width, panel, fill=ink.field(colour, 0.7)))
        ax0, ax1 = width * 0.1, width * 0.9
        r = (ax1 - ax0) / 2
        spring = top + panel * 0.18 + r
        base = top + panel * 0.8
        g.add(path(f"M {_f(ax0)} {_f(base)} L {_f(ax0)} {_f(spring)} A {_f(r)} {_f(r)} 0 0 1 {_f(ax1)} {_f(spring)} "
                   f"L {_f(ax1)} {_f(base)} Z", fill=tone(sky)))
        g.add(path(f"M {_f(ax0)} {_f(base - panel * 0.14)} Q {_f(width * 0.45)} {_f(base - panel * 0.24)} {_f(ax1)} "
                   f"{_f(base - panel * 0.12)} L {_f(ax1)} {_f(base)} L {_f(ax0)} {_f(base)} Z", fill=tone(sand)))
        size = width * 0.74
        fy = base - size - panel * 0.02
        if figure == "caravan":
            g.add(art_icon(SET, "camel", (width - size) / 2, fy, size, recolour))
            # the caravan's pack in the player's colour, tied on the hump
            px, py = width * 0.47, fy + size * 0.2
            g.add(rect(px - size * 0.16, py - size * 0.08, size * 0.32, size * 0.17, fill=tone(colour), radius=1.0))
            g.add(rect(px - size * 0.03, py - size * 0.08, size * 0.06, size * 0.17, fill=tone(style.darker(colour, 0.4))))
        elif figure == "bandits":
            g.add(figures.bandit((width - size) / 2, fy, size, tone))
        else:
            g.add(art_icon(SET, "tornado", (width - size) / 2, fy, size,
                           lambda c: tone(style.mix(c, "#B7823A", 0.55))))
        plate_h = panel * 0.17
        plate = ink.field(style.PARCHMENT, 0.6)
        g.add(rect(1.2, top + panel - plate_h - 0.8, width - 2.4, plate_h, fill=plate, radius=1.0))
        lab = fit(label, "bold", width - 4.4, plate_h - 1.2, 3.2, 1.5, where, max_lines=1)
        g.add(text_block(lab, width / 2, top + panel - 0.8 - plate_h + (plate_h - lab.height) / 2, style.INK,
                         "middle", where))
        if mark is not None:
            disc = panel * 0.085
            g.add(circle(width / 2, top + disc + 0.9, disc, fill=style.INK))
            g.add(player_mark(mark, width / 2, top + disc + 0.9, disc * 1.3, style.WHITE))
        art.add(g)
    add_standee_folds(art, width, height, foot, panel, colour, ink)
    return Face(face_name, component, width, height, 0.0, art, meta={"pieces": 1})


def _f(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
