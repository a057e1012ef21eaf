"""Figures drawn in code for CARAVAN on a chessboard, in the flat style of the Fluent Emoji
the rest of the game uses (flat fills, a lighter shape for a highlight, no outlines): a
desert raider in a turban and face veil with a raised scimitar (the Bandits), a cog with a
square sail and a cross (Europe's harbour), a conical helmet with a nose guard (Soldiers),
and the full-colour oasis and quicksand markers.  These fit a medieval road from Europe to
the Orient, where the emoji sets offer a ninja, a cruise liner and a modern helmet.

Each figure is drawn on a 32 x 32 unit grid (the emoji sets' own) and placed by
``transform``: ``x, y`` the top-left and ``size`` the side of its square, in mm.  ``tone``
maps a colour to the colour printed (identity, or ``art.pale`` for the ink saver).
"""

from __future__ import annotations

from pnp.components import style
from pnp.components.art import art_icon, pale
from pnp.components.svg import Face, circle, group, path, rect, text_block
from pnp.components.text import fit
from pnp.geometry import SAFE_MM

SET = "fluent-emoji-flat"

ROBE, ROBE_DARK, SKIN, VEIL = "#3B2F5C", "#2A2145", "#B97A4B", "#231C36"
TURBAN, TURBAN_BAND, RED, STEEL, STEEL_DARK, GILT = "#EFE3C8", "#C9B48A", "#B5443E", "#D7DDE2", "#8E99A3", "#E0A526"


def _place(x: float, y: float, size: float, **extra):
    s = size / 32.0
    return group(transform=f"translate({_f(x)} {_f(y)}) scale({_f(s)})", **extra)


def bandit(x: float, y: float, size: float, tone=lambda c: c):
    """A desert raider standing, in an indigo robe and red sash, a turban and a dark veil over
    the lower face (the eyes showing), a scimitar raised in the right hand."""
    g = _place(x, y, size, class_="figure bandit")
    t = tone
    g.add(path("M 9 31 L 11 17 Q 8 21 5.6 31 Z", fill=t(ROBE_DARK)))                    # cloak
    g.add(path("M 8.6 31 L 11 17.2 Q 16 14.4 21 17.2 L 23.4 31 Z", fill=t(ROBE)))       # robe
    g.add(path("M 14.6 17 L 17.4 17 L 16.8 31 L 15.2 31 Z", fill=t(ROBE_DARK)))         # front fold
    g.add(path("M 10.4 22 L 21.6 22 L 22 24.2 L 10 24.2 Z", fill=t(RED)))               # sash
    g.add(path("M 11.6 17.4 L 8.4 24.6 L 10.4 25.4 L 13 19.6 Z", fill=t(ROBE_DARK)))    # left arm
    g.add(circle(9.4, 25.2, 1.1, fill=t(SKIN)))
    g.add(path("M 20.4 17.4 L 25 12.4 L 26.8 13.9 L 22.6 19.4 Z", fill=t(ROBE)))        # raised arm
    g.add(path("M 25.6 12.2 Q 29.4 6.2 23.2 1.2 Q 26.6 6.6 24.4 11.8 Z", fill=t(STEEL)))  # scimitar
    g.add(path("M 25.6 12.2 Q 28.2 7.6 25.8 4.2 Q 27.2 8 25 11.9 Z", fill=t(STEEL_DARK)))
    g.add(path("M 23.6 12.6 L 27.6 11.2 L 28 12.4 L 24 13.8 Z", fill=t(GILT)))          # guard
    g.add(circle(25.9, 13.2, 1.2, fill=t(SKIN)))                                        # hand
    g.add(circle(16, 11.6, 4.3, fill=t(SKIN)))                                          # head
    g.add(path("M 11.5 11.4 Q 11.2 5.4 16 5.1 Q 20.8 5.4 20.5 11.4 Q 16 9.4 11.5 11.4 Z", fill=t(TURBAN)))
    g.add(path("M 11.7 9.9 Q 16 8 20.3 9.9 L 20.4 11.1 Q 16 9.3 11.6 11.1 Z", fill=t(TURBAN_BAND)))
    g.add(circle(16, 8.4, 0.85, fill=t(RED)))
    g.add(path("M 11.7 12.8 Q 16 13.6 20.3 12.8 Q 20.6 16.6 16 17.4 Q 11.4 16.6 11.7 12.8 Z", fill=t(VEIL)))
    for ex in (14.3, 17.7):
        g.add(circle(ex, 11.8, 0.6, fill=t("#1E1A22")))
    return g


def cog(x: float, y: float, size: float, tone=lambda c: c):
    """A cog, the Hanseatic and Mediterranean trader: a clinker hull with castles fore and
    aft, one mast, a square sail with a red cross and a pennant."""
    g = _place(x, y, size, class_="figure cog")
    t = tone
    g.add(path("M 2.6 19.6 L 29.4 19.6 Q 27.4 27.4 22 27.8 L 10 27.8 Q 4.6 27.4 2.6 19.6 Z", fill=t("#8B5A2B")))
    g.add(path("M 3.6 22.4 L 28.4 22.4 L 28 23.6 L 4 23.6 Z", fill=t("#6E4522")))
    g.add(path("M 5 25.2 L 27 25.2 L 26.4 26.2 L 5.6 26.2 Z", fill=t("#6E4522")))
    g.add(rect(22, 16.2, 6.8, 3.6, fill=t("#A8733F")))
    g.add(rect(3.4, 16.8, 5.2, 3.0, fill=t("#A8733F")))
    g.add(rect(15.4, 2.6, 1.2, 17.2, fill=t("#5A3A1E")))
    g.add(path("M 8.8 4.8 Q 16 3.8 23.2 4.8 Q 24.2 10.6 23.2 16.2 Q 16 15.2 8.8 16.2 Q 7.8 10.6 8.8 4.8 Z",
               fill=t("#F3EAD3")))
    g.add(path("M 18.4 5 Q 23 4.6 23.2 4.8 Q 24.2 10.6 23.2 16.2 Q 21 15.8 18.4 15.8 Q 19.6 10.4 18.4 5 Z",
               fill=t("#E2D5B6")))
    g.add(rect(15.1, 5.6, 1.8, 9.8, fill=t(RED)))
    g.add(rect(10.2, 9.6, 11.6, 1.8, fill=t(RED)))
    g.add(path("M 16.6 2.4 L 22 3.4 L 16.6 4.4 Z", fill=t(RED)))
    return g


def helmet(x: float, y: float, size: float, tone=lambda c: c):
    """A conical steel helmet with a brow band, rivets and a nose guard (the eleventh to
    thirteenth centuries' common soldier's, in Europe and the Levant alike)."""
    g = _place(x, y, size, class_="figure helmet")
    t = tone
    g.add(path("M 6.6 21 Q 6.8 8.4 16 2.4 Q 25.2 8.4 25.4 21 Z", fill=t("#9AA5AE")))
    g.add(path("M 10.2 19.4 Q 10.6 9.6 16 4.6 Q 12.8 10.4 12.9 19.4 Z", fill=t("#C9D1D8")))
    g.add(rect(6, 18.6, 20, 3.4, fill=t("#6F7A84"), radius=1.2))
    for rx in (9, 12.5, 19.5, 23):
        g.add(circle(rx, 20.3, 0.7, fill=t("#C9D1D8")))
    g.add(path("M 14.9 21.6 L 17.1 21.6 L 16.8 29 Q 16 29.8 15.2 29 Z", fill=t("#6F7A84")))
    return g


# ------------------------------------------------------------------------------ markers
#: Ground and art of each marker kind; the bleed and rim keep the marker's data colour.
MARKER_SAND = "#EBD3A0"


def marker(face_name: str, component: str, size: float, bleed: float, kind: str, colour: str, label: str,
           where: str, ink: style.Ink = style.NORMAL) -> Face:
    """A square oasis or quicksand marker (``kind``), ``size`` mm, full colour: a rim and
    bleed in the marker's ``colour`` (so the two kinds differ in hue and in grey), inside the
    safe area a scene on sand (an oasis: a pool with two palms and reeds; quicksand: a
    sinking whirl of sand) and the name on a parchment plate.  Saver: a pale rim inside the
    trim, the scene pale, the bleed paper.

    Raises:
        LayoutError / FontError: ``label`` does not fit or has a missing glyph.
    """
    if kind not in ("oasis", "quicksand"):
        raise ValueError(f"marker kind {kind!r}: this game draws only 'oasis' and 'quicksand'")
    tone = (lambda c: pale(c, 0.8)) if ink.saver else (lambda c: c)
    recolour = (lambda c: pale(c, 0.72)) if ink.saver else None
    art = group()
    art.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    if ink.saver:
        art.add(rect(0, 0, size, size, fill=style.WHITE))
    # The rim keeps to the safe area: a miscut shows the marker's colour, not an edge.
    inset = SAFE_MM
    rim = colour if not ink.saver else pale(colour, 0.7)
    art.add(rect(inset, inset, size - 2 * inset, size - 2 * inset, fill=rim, radius=2.2))
    x0, y0, w = inset + 0.8, inset + 0.8, size - 2 * inset - 1.6
    art.add(rect(x0, y0, w, w, fill=style.WHITE if ink.saver else MARKER_SAND, radius=1.6))
    plate_h = w * 0.24
    scene_h = w - plate_h - 0.8
    cx = x0 + w / 2
    if kind == "oasis":
        art.add(rect(x0, y0, w, scene_h * 0.42, fill=tone("#CFE6F5"), radius=1.6))
        art.add(path(f"M {_f(x0)} {_f(y0 + scene_h * 0.42)} Q {_f(cx)} {_f(y0 + scene_h * 0.3)} {_f(x0 + w)} "
                     f"{_f(y0 + scene_h * 0.42)} L {_f(x0 + w)} {_f(y0 + scene_h * 0.48)} L {_f(x0)} "
                     f"{_f(y0 + scene_h * 0.48)} Z", fill=tone(MARKER_SAND)))
        py = y0 + scene_h * 0.78
        art.add(path(_ellipse(cx, py, w * 0.4, scene_h * 0.17), fill=tone("#3F8FC9")))
        art.add(path(_ellipse(cx - w * 0.06, py - scene_h * 0.03, w * 0.22, scene_h * 0.07), fill=tone("#7FC0E8")))
        s = scene_h * 0.78
        art.add(art_icon(SET, "palm-tree", x0 + w * 0.02, y0 + scene_h * 0.02, s, recolour))
        art.add(art_icon(SET, "palm-tree", x0 + w - s * 0.86, y0 + scene_h * 0.14, s * 0.8, recolour))
        for rx in (x0 + w * 0.2, x0 + w * 0.78):
            for k, dx in enumerate((-0.8, 0, 0.8)):
                art.add(path(f"M {_f(rx + dx)} {_f(py + 0.6)} Q {_f(rx + dx * 2.2)} {_f(py - 2.5 - k % 2)} "
                             f"{_f(rx + dx * 2.6)} {_f(py - 3.6 - k % 2)} L {_f(rx + dx * 1.6 + 0.4)} {_f(py + 0.6)} Z",
                             fill=tone("#4E9A3A")))
    else:
        cy = y0 + scene_h * 0.56
        rings = ("#D9B476", "#C99A58", "#B07A3B", "#8E5C2A", "#6B4220")
        for k, c in enumerate(rings):
            f = 1.0 - k * 0.19
            art.add(path(_ellipse(cx, cy + k * 0.35, w * 0.46 * f, scene_h * 0.36 * f), fill=tone(c)))
        # the whirl: the cyclone emoji in pale sand, flattened onto the rings
        ws = w * 0.62
        whirl = group(transform=f"translate({_f(cx)} {_f(cy + 0.6)}) scale(1 0.5) translate({_f(-cx)} {_f(-cy - 0.6)})")
        whirl.add(art_icon(SET, "cyclone", cx - ws / 2, cy + 0.6 - ws / 2, ws, lambda _c: tone("#F0DDB0")))
        art.add(whirl)
        # a trader's pack going under, one corner still showing
        art.add(path(f"M {_f(cx + w * 0.1)} {_f(cy + 0.8)} L {_f(cx + w * 0.2)} {_f(cy - scene_h * 0.2)} "
                     f"L {_f(cx + w * 0.33)} {_f(cy - scene_h * 0.12)} L {_f(cx + w * 0.27)} {_f(cy + 1.4)} Z",
                     fill=tone("#7A3A94")))
        art.add(path(f"M {_f(cx + w * 0.16)} {_f(cy - scene_h * 0.08)} L {_f(cx + w * 0.2)} "
                     f"{_f(cy - scene_h * 0.2)} L {_f(cx + w * 0.24)} {_f(cy - scene_h * 0.18)} L {_f(cx + w * 0.2)} "
                     f"{_f(cy - scene_h * 0.06)} Z", fill=tone(GILT)))
    plate_y = y0 + w - plate_h - 0.6
    plate = ink.field(style.PARCHMENT, 0.6)
    art.add(rect(x0 + 0.8, plate_y, w - 1.6, plate_h, fill=plate, radius=1.2))
    lab = fit(label, "bold", w - 3.6, plate_h - 1.2, plate_h * 0.75, 1.8, where, max_lines=1)
    art.add(text_block(lab, cx, plate_y + (plate_h - lab.height) / 2, style.INK, "middle", where))
    return Face(face_name, component, size, size, bleed, art, edge_colour=ink.edge(colour))


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    return (f"M {_f(cx - rx)} {_f(cy)} A {_f(rx)} {_f(ry)} 0 1 0 {_f(cx + rx)} {_f(cy)} "
            f"A {_f(rx)} {_f(ry)} 0 1 0 {_f(cx - rx)} {_f(cy)} Z")


def _f(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
