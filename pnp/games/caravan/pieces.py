"""Caravan's pieces, illustrated: goods tokens, camels, demand and theft markers.

Each face keeps the signs that make it readable without colour (a good's letters, a
player's geometric mark, a marker's value) and adds its picture from the kit's
illustration set (``art.picture``; hides, salt and cloth drawn in code), so a good is told apart by its
colour, its picture and its letters, in colour, in greyscale and by colour-blind players.

Geometry is the generic pieces' (``pnp.components.markers``): goods and camels are squares
in their colour to the edge of the bleed (``Face.edge_colour``: they may abut), marks and
letters inside the safe area (``SAFE_MM``); markers are squares too, a medallion on their
colour (square by design: every piece is cut along straight lines) and nothing in their
corners.  The ornament (the lattice of the goods, the dotted triangles of the camel's
saddle cloth) is filled shapes only: solid thin lines are cut lines, dashed ones fold lines.

With ``style.SAVER`` the bleed and the trim's field are paper or a light tint, the
pictures pale (``art.SAVER_PALE``), and letters, marks and values dark ink on their ground.
"""

from __future__ import annotations

from pnp.components import sahel, style
from pnp.components.art import pale
from pnp.components.player_board import BoardArt
from pnp.components.markers import RARE_RING, player_mark
from pnp.components.svg import Face, _num, circle, group, path, rect, text_block
from pnp.components.text import LINE_CLEAR_MM, fit, fit_in_circle
from pnp.games.caravan import art
from pnp.geometry import SAFE_MM


def _poly(points) -> str:
    return "M" + "L".join(f"{_num(x)},{_num(y)}" for x, y in points) + "Z"


#: The motif of each good's lattice (about 0.5 mm² each, within 0.6 mm of its centre): goods
#: of a like grey (meat, swords, hides) are told apart by their border's pattern too.  No
#: bars or dashes: in rows they would read as dashed fold lines.
MOTIFS = {
    "lozenge": lambda x, y: _poly([(x - 0.5, y), (x, y - 0.5), (x + 0.5, y), (x, y + 0.5)]),
    "cross": lambda x, y: (_poly([(x - 0.55, y - 0.15), (x + 0.55, y - 0.15), (x + 0.55, y + 0.15), (x - 0.55, y + 0.15)])
                           + _poly([(x - 0.15, y - 0.55), (x + 0.15, y - 0.55), (x + 0.15, y + 0.55), (x - 0.15, y + 0.55)])),
    "square": lambda x, y: _poly([(x - 0.35, y - 0.35), (x + 0.35, y - 0.35), (x + 0.35, y + 0.35), (x - 0.35, y + 0.35)]),
    "dots": lambda x, y: sahel._dot(x - 0.33, y, 0.27) + sahel._dot(x + 0.33, y, 0.27),
    "triangle": lambda x, y: _poly([(x, y - 0.55), (x + 0.6, y + 0.45), (x - 0.6, y + 0.45)]),
    "chevron": lambda x, y: _poly([(x - 0.6, y - 0.45), (x + 0.6, y - 0.45), (x, y + 0.55)]),
    "bowtie": lambda x, y: (_poly([(x - 0.6, y - 0.45), (x, y), (x - 0.6, y + 0.45)])
                            + _poly([(x + 0.6, y - 0.45), (x + 0.6, y + 0.45), (x, y)])),
    "trio": lambda x, y: (sahel._dot(x, y - 0.33, 0.23) + sahel._dot(x - 0.33, y + 0.25, 0.23)
                          + sahel._dot(x + 0.33, y + 0.25, 0.23)),
}
GOOD_MOTIFS = {"meat": "lozenge", "swords": "cross", "salt": "square", "hides": "dots", "ivory": "triangle",
               "cloth": "bowtie", "gems": "chevron", "paper": "trio"}


def good_token(face_name: str, component: str, size: float, bleed: float, spec, good, letters: str, where: str,
               ink: style.Ink = style.NORMAL) -> Face:
    """A ``size`` mm square good token: ``good.colour`` to the bleed under a lattice of small
    motifs in its shade (``GOOD_MOTIFS``: lozenges, crosses, pairs of dots ... one shape a good),
    a light medallion (inside the safe area) holding the good's
    picture and its ``letters``; a rare good's medallion is ringed in gold.  Saver: paper bleed, a light tint of the colour over the
    trim, a paler picture, the letters in dark ink.

    Raises:
        LayoutError / FontError: the letters do not fit the medallion.
    """
    colour = good.colour
    art_g = group()
    art_g.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    field = ink.field(colour)
    if ink.saver:
        art_g.add(rect(0, 0, size, size, fill=field))
    c = size / 2
    disc = size / 2 - SAFE_MM
    shade = style.darker(colour, 0.35) if not ink.saver else style.darker(colour, 0.15)
    if style.contrast(shade, field) < 1.25:     # white salt, grey ivory: a visible lattice
        shade = style.darker(colour, 0.5)
    # A mud-cloth lattice of small motifs over the whole token, into the bleed: a repeating
    # ground that a miscut shifts without showing an edge (tests read class "pattern").
    lattice = group(class_="pattern")
    span = size + 2 * bleed - 1.2           # from the first lozenge's centre to the last one's
    steps = max(1, round(span / 3.0))
    pitch = span / steps                     # about 3 mm, the first and last rows in the bleed
    motif = MOTIFS[GOOD_MOTIFS.get(good.id, "lozenge")]
    lozenges = []
    for i in range(steps + 1):
        for j in range(steps + 1):
            x, y = -bleed + 0.6 + (i + 0.5 * (j % 2)) * pitch, -bleed + 0.6 + j * pitch
            q = 0.5
            if not (-bleed + q <= x <= size + bleed - q and -bleed + q <= y <= size + bleed - q):
                continue        # nothing beyond the bleed: neighbours and gutters stay clean
            lozenges.append(motif(x, y))
    lattice.add(path("".join(lozenges), fill=shade))
    art_g.add(lattice)
    if good.kind == "rare":
        art_g.add(circle(c, c, disc, fill=art.tone(RARE_RING, ink, 0.45)))
        disc -= 0.8
    medallion = style.WHITE if ink.saver else style.lighter(colour, 0.82)
    art_g.add(circle(c, c, disc, fill=medallion))
    pic = disc * 1.25
    art_g.add(art.good_picture(spec, good.id, c - pic / 2, c - disc * 0.92, pic, ink))
    letter_ink = style.legible(style.darker(colour, 0.45), medallion)
    first = fit(letters, "heavy", disc * 1.3, disc * 0.62, disc * 0.62, disc * 0.3, where, max_lines=1)
    fitted = fit_in_circle(letters, "heavy", disc - LINE_CLEAR_MM, disc * 0.33, first.size, disc * 0.3, where)
    art_g.add(text_block(fitted, c, c + disc * 0.33, letter_ink, "middle", where))
    return Face(face_name, component, size, size, bleed, art_g, edge_colour=ink.edge(colour))


def camel_token(face_name: str, component: str, size: float, good_mm: float, bleed: float, spec, colour: str,
                mark: str, ink: style.Ink = style.NORMAL) -> Face:
    """A ``size`` mm square camel in the player's ``colour``: the camel's picture, its coat in
    the player's colour (``camel_paint``), on a sand saddle square (a carried good, ``good_mm``, is laid over it and covers it), a saddle
    cloth of triangles in the player's shade round it, and the player's ``mark`` in the four
    corners of the safe area.  Saver: paper bleed, a
    light tint, a paler camel, marks in dark ink."""
    art_g = group()
    art_g.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    field = ink.field(colour, 0.7)
    if ink.saver:
        art_g.add(rect(0, 0, size, size, fill=field))
    contrast = style.darker(colour, 0.6) if style.readable_on(colour) != style.WHITE else style.lighter(colour, 0.75)
    marks = ink.on(colour, 0.7) if ink.saver else contrast
    # The marks in the four corners of the safe area; the saddle between them.
    mark_size = 3.8
    inset = SAFE_MM + mark_size / 2
    saddle = size - 2 * (SAFE_MM + 2.2)
    s0 = (size - saddle) / 2
    # Dotted triangles of a saddle cloth on the four sides of the saddle square.
    teeth = []
    for t0 in (size / 2 - 3.2, size / 2, size / 2 + 3.2):
        for (ax, ay), (bx, by), (tx, ty) in (((t0 - 1.2, s0), (t0 + 1.2, s0), (t0, s0 - 1.6)),
                                             ((t0 - 1.2, s0 + saddle), (t0 + 1.2, s0 + saddle),
                                              (t0, s0 + saddle + 1.6)),
                                             ((s0, t0 - 1.2), (s0, t0 + 1.2), (s0 - 1.6, t0)),
                                             ((s0 + saddle, t0 - 1.2), (s0 + saddle, t0 + 1.2),
                                              (s0 + saddle + 1.6, t0))):
            teeth.append(f"M{_num(ax)},{_num(ay)}L{_num(bx)},{_num(by)}L{_num(tx)},{_num(ty)}Z")
    art_g.add(path("".join(teeth), fill=marks))
    sand = art.tone("#F3E2BC", ink, 0.4)
    art_g.add(rect(s0, s0, saddle, saddle, fill=sand, radius=2.0))
    pic = saddle - 1.0
    art_g.add(art.art_icon(art.ART_SET, spec.art["camel"], s0 + 0.5, s0 + 0.5, pic, camel_paint(colour, ink)))
    for cx, cy in ((inset, inset), (size - inset, inset), (inset, size - inset), (size - inset, size - inset)):
        art_g.add(player_mark(mark, cx, cy, mark_size, marks))
    return Face(face_name, component, size, size, bleed, art_g, edge_colour=ink.edge(colour))


def camel_paint(colour: str, ink: style.Ink = style.NORMAL):
    """The recolouring (``art_icon``) that paints the set's camel in the player's ``colour``:
    its coat in the colour, the shaded side and legs a step darker (lighter on a dark
    colour), the eye dark on a light coat and light on a dark one; saver: all paled
    (``art.SAVER_PALE``).  So a camel is its player's in colour and in greyscale alike."""
    dark = style.readable_on(colour) == style.WHITE
    shade = style.lighter(colour, 0.3) if dark else style.darker(colour, 0.3)
    eye = style.WHITE if dark else "#1C1C1C"

    def paint(c: str) -> str:
        out = {"#F3AD61": colour, "#D3883E": shade, "#1C1C1C": eye}.get(c.upper(), c)
        return art.tone(out, ink)
    return paint


#: How far the demand marker's scales (pale gold and grey in the set) are darkened towards
#: black: dark on the light medallion, some 50 L* apart, so they read in a greyscale print.
DEMAND_PICTURE_DARK = 0.6


def marker(face_name: str, component: str, size: float, diameter: float, bleed: float, colour: str,
           picture: str, sign: str, where: str, mark: str | None = None, ink: style.Ink = style.NORMAL,
           dark_picture: float = 0.0) -> Face:
    """A ``size`` mm square marker, square by design (cut along its trim, as the crop marks
    show): ``colour`` to the bleed, plain to the trim (nothing in its corners to read as a
    cut guide), a light medallion of ``diameter`` mm holding the ``picture``, and under it
    ``sign`` (a value, e.g. "1") or the player's ``mark``.  ``dark_picture`` (0..1) darkens
    the picture's paints that far towards black, so a pale picture stands out of its pale
    medallion in a greyscale print.  Saver: paper bleed, a light tint of the colour over the
    trim, a paler picture, sign or mark in dark ink on the medallion.

    Raises:
        LayoutError / FontError: the sign does not fit.
    """
    art_g = group()
    art_g.add(rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=ink.bleed(colour)))
    field = ink.field(colour, 0.9)
    if ink.saver:
        art_g.add(rect(0, 0, size, size, fill=field))
    # The medallion (drawn 0.6 mm inside r) keeps to the safe area: on a square cut along
    # its trim, a wider one than the square allows is drawn as wide as it may be.
    c, r = size / 2, min(diameter / 2, size / 2 - SAFE_MM + 0.6)
    medallion = style.WHITE if ink.saver else style.lighter(colour, 0.82)
    art_g.add(circle(c, c, r - 0.6, fill=medallion))
    fg = style.legible(style.darker(colour, 0.45), medallion)
    pic = r * 0.95
    my = c - r * 0.22
    if dark_picture:
        art_g.add(art.picture(picture, c - pic / 2, my - pic / 2, pic, ink,
                              lambda p: style.darker(p.upper(), dark_picture)))
    else:
        art_g.add(art.picture(picture, c - pic / 2, my - pic / 2, pic, ink))
    if mark is not None:
        art_g.add(player_mark(mark, c, c + r * 0.5, r * 0.4, fg))
    else:
        sign_fit = fit(sign, "heavy", r * 0.9, r * 0.42, r * 0.42, r * 0.25, where, max_lines=1)
        art_g.add(text_block(sign_fit, c, c + r * 0.28, fg, "middle", where))
    return Face(face_name, component, size, size, bleed, art_g, edge_colour=ink.edge(colour))


#: How faint the pictures in a player board's wells are (towards white): a well shows what
#: goes there without looking like the piece itself.
WELL_PALE = 0.55


def player_board_art(game, spec, colour: str, ink: style.Ink = style.NORMAL) -> BoardArt:
    """Caravan's drawings on a player board in ``colour``: a band of dotted triangles (Tuareg
    leatherwork) in the colour's shades round the trim, the camel beside the title, the
    goods' pictures faint in their wells and the markers' pictures faint in their areas."""
    palette = sahel.Palette(colour, style.lighter(colour, 0.45), style.darker(colour, 0.35))
    if ink.saver:
        palette = sahel.paler(palette, 0.75)
    faint = WELL_PALE if not ink.saver else 0.75

    def frame(width: float, height: float, band: float, bleed: float):
        # A repeating ground into the bleed (class "pattern"): a miscut shifts it, no edge shows.
        g = group(class_="pattern")
        g.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ink.bleed(colour)))
        g.add(sahel.frame(0.0, 0.0, width, height, band, "triangles", palette))
        return g

    def emblem(x: float, y: float, size: float):
        return art.picture(spec.art["camel"], x, y, size, ink)

    def well(index: int, x: float, y: float, size: float):
        good = game.goods[index]
        name = spec.goods_art.get(good.id)
        if name is None:
            return art.drawn_good(good.id, x, y, size, style.SAVER, amount=faint)     # SAVER: paled by ``faint``
        return art.art_icon(art.ART_SET, name, x, y, size, lambda c: pale(c, faint))

    def marker_picture(index: int, x: float, y: float, size: float):
        name = spec.art["demand"] if index == 0 else spec.art["theft"]
        return art.art_icon(art.ART_SET, name, x, y, size, lambda c: pale(c, faint))

    return BoardArt(frame=frame, emblem=emblem, good=well, marker=marker_picture)

