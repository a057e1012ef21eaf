"""The Caravan board: a 7 x 7 ``grid_board`` drawn as a map of the Sahara.

What goes where comes from ``board.yaml`` through the model (``game.board.cell``); sizes,
pictures and colours from ``components.yaml`` (``KitSpec``); names from the language file.

* The **desert** is sand with dunes, wind ripples and grain (``art.dunes``, seeded from the
  board's layout) under every space; the grid lines over it keep rows and columns countable.
* A **city** is a Sudano-Sahelian town in its good's colour (walls, a mud-brick mosque with
  beams, domes, market awnings; ``art.town``) on a plaza of a light tint of the colour,
  framed in the colour (rare goods' cities in gold as well).  Its good's name is on a banner
  at the top; the good's picture (the goods tokens' picture) at the lower left and its
  letters at the lower right: a camel standing in the middle hides none of them, and the
  city reads in greyscale by name, picture and letters.
* A **supply space** is an oasis market: a round woven mat (``sahel.rosette``) where the
  good lies, a palm, its number in discs in two opposite corners (≥ 4 mm cap height), and
  where the set-up puts demand markers, that many demand-marker pictures with "start".
* The **border** is a band of Sahelian ornament (``sahel.frame``) with the title and the
  delivery hint on dark cartouches.

With ``style.SAVER`` (``--ink saver``) the bleed is paper, the sand, ornament and every
picture are pale versions of themselves (``art.SAVER_PALE``), the grid lines half as thick,
and every text is dark ink on a light ground (``Ink.on``).
"""

from __future__ import annotations

from pnp.components import sahel, style
from pnp.components.grid_board import grid_board
from pnp.components.svg import Face, circle, group, path, rect, text_block
from pnp.errors import LayoutError
from pnp.components.text import fit
from pnp.games.caravan import art

#: The least cap height (mm) of a label on the board (legible at arm's length: ≥ 4 mm).
MIN_CAP_MM = 4.0
#: Gilded frame of a rare good's city (the goods tokens' rare ring).
RARE_GOLD = "#C9A227"
#: The border's ornament: mud-cloth lozenges; the market mats: Tuareg leather colours.
BORDER_PALETTE = sahel.BOGOLAN
MAT_PALETTE = sahel.Palette("#9A3B22", "#F1E3C3", "#2F4A3A")
CARTOUCHE = "#3B2616"


def _min_size(role: str) -> float:
    """The font size (mm) whose capitals are ``MIN_CAP_MM`` tall in ``role``."""
    from pnp.components.fonts import cap_height

    return MIN_CAP_MM / cap_height(role) + 0.01


def board_size(game, spec) -> tuple[float, float]:
    """Trim width and height of the board in mm."""
    return (game.board.columns * spec.cell_mm + 2 * spec.border_mm,
            game.board.rows * spec.cell_mm + 2 * spec.border_mm)


def board_face(game, strings, spec, bleed: float, ink: style.Ink = style.NORMAL) -> Face:
    """The whole board as one ``Face`` (see ``grid_board``), ``bleed`` mm of border colour beyond the trim.

    ``ink``: ``style.SAVER`` for a paper bleed, pale sand, ornament and pictures.

    Raises:
        LayoutError / FontError: a name, number or hint does not fit its place at 4 mm cap height.
    """
    painter = _Painter(game, strings, spec, ink)
    face = grid_board("board", "board", game.board.rows, game.board.columns, spec.cell_mm, spec.border_mm, bleed,
                      painter.cell, background=None, border_fill=spec.colours["border"],
                      line_colour=spec.colours["grid"], line_mm=0.5, paint_border=painter.border, ink=ink,
                      paint_ground=painter.ground)
    face.meta["set_up_spots"] = {"demand-markers": demand_spots(game, spec)}
    return face


def demand_spots(game, spec) -> list[tuple[float, float]]:
    """Where the set-up puts the demand markers (board.yaml ``demand_at_start``: one on each
    of the corner supply spaces 1, 2, 7 and 8): centres in board trim mm, a marker
    (components.yaml ``demand_marker.size_mm``) in the space's lower left corner, over the
    palm and clear of the space's middle, where the good is drawn, and of its numbers.

    Raises:
        LayoutError: more markers at the start than fit a space's lower row.
    """
    size = spec.demand_mm
    out = []
    for space in sorted(game.board.supply, key=lambda s: s.number):
        x0, y0 = spec.border_mm + space.column * spec.cell_mm, spec.border_mm + space.row * spec.cell_mm
        if space.demand_at_start * (size + 1.0) > spec.cell_mm:
            raise LayoutError(f"{space.demand_at_start} demand markers of {size} mm do not fit supply space "
                              f"{space.number}", key="board.yaml demand_at_start")
        for k in range(space.demand_at_start):
            out.append((x0 + 1.6 + size / 2 + k * (size + 1.0), y0 + spec.cell_mm - 1.6 - size / 2))
    return out


class _Painter:
    def __init__(self, game, strings, spec, ink: style.Ink):
        self.game, self.s, self.spec, self.ink = game, strings, spec, ink

    def ground(self, geo):
        # Seeded from the layout: the same board.yaml draws the same dunes.
        b = self.game.board
        seed = f"caravan {b.rows}x{b.columns} " + " ".join(
            f"{c.good}@{c.row},{c.column}" for c in b.cities) + " " + " ".join(
            f"{s.number}@{s.row},{s.column}" for s in b.supply)
        return art.dunes(geo, self.spec.colours, seed, self.ink)

    def cell(self, row: int, column: int, x: float, y: float, size: float):
        what = self.game.board.cell(row, column)
        if what is None:
            return None
        kind, key = what
        return self.city(key, x, y, size) if kind == "city" else self.supply(key, x, y, size)

    def city(self, good_id: str, x: float, y: float, size: float):
        good = self.game.good(good_id)
        rare = good.kind == "rare"
        ink = self.ink
        g = group(id=f"city-{good_id}")
        frame = ink.field(good.colour, 0.55) if ink.saver else good.colour
        plaza = ink.field(good.colour, 0.88) if ink.saver else style.mix(good.colour, self.spec.colours["sand_light"],
                                                                          0.72)
        if not ink.saver and style.luminance(good.colour) > 0.7:
            # A white town (salt) stands on darker sand, or its walls would melt into the plaza.
            plaza = style.mix(self.spec.colours["sand_light"], self.spec.colours["sand_shade"], 0.6)
        # The frame and plaza are filled shapes: a gilded ring first for a rare good's city.
        if rare:
            g.add(rect(x + 0.6, y + 0.6, size - 1.2, size - 1.2, fill=art.tone(RARE_GOLD, ink, 0.5), radius=2.2))
        g.add(rect(x + 1.6, y + 1.6, size - 3.2, size - 3.2, fill=frame, radius=1.8))
        g.add(rect(x + 2.9, y + 2.9, size - 5.8, size - 5.8, fill=plaza, radius=1.2))
        g.add(art.town(x + 4.4, y + 12.6, size - 8.8, 16.4, good.colour, ink, rare=rare))
        # Name on a banner in the good's colour; its ink reads on the banner (WCAG 4.5:1).
        banner_fill = frame
        name_ink = style.readable_on(banner_fill)
        key = f"goods.{good_id}"
        name = fit(self.s(key), "bold", size - 8, 7.0, 6.2, _min_size("bold"), self.s.where(key), max_lines=1)
        bw = min(size - 5.8, name.width + 5.0)
        g.add(rect(x + (size - bw) / 2, y + 2.9, bw, name.height + 2.2, fill=banner_fill, radius=1.0))
        g.add(text_block(name, x + size / 2, y + 2.9 + 1.1, name_ink, "middle", self.s.where(key)))
        # Picture at the lower left, letters at the lower right: corners stay visible under a camel.
        disc_r = 5.2
        cx, cy = x + 3.6 + disc_r, y + size - 3.6 - disc_r
        g.add(circle(cx, cy, disc_r, fill=style.WHITE))
        pic = disc_r * 1.45
        g.add(art.good_picture(self.spec, good_id, cx - pic / 2, cy - pic / 2, pic, ink))
        lkey = f"letters.{good_id}"
        # the letters may take the width the picture's disc leaves (a translation's letters
        # can be longer than the English two)
        room = size - 2 * 3.6 - 2 * disc_r - 1.0 - 3.0
        letters = fit(self.s(lkey), "heavy", room, 7.0, 6.4, _min_size("heavy"), self.s.where(lkey), max_lines=1)
        lw, lh = letters.width + 3.0, letters.height + 1.6
        lx, ly = x + size - 3.6 - lw, y + size - 3.6 - lh
        g.add(rect(lx, ly, lw, lh, fill=style.WHITE, radius=1.2))
        g.add(text_block(letters, lx + lw / 2, ly + 0.8, style.legible(style.darker(good.colour, 0.3), style.WHITE),
                         "middle", self.s.where(lkey)))
        return g

    def supply(self, number: int, x: float, y: float, size: float):
        space = next(s for s in self.game.board.supply if s.number == number)
        ink = self.ink
        g = group(id=f"supply-{number}")
        mat = MAT_PALETTE if not ink.saver else sahel.paler(MAT_PALETTE, 0.7)
        g.add(sahel.rosette(x + size / 2, y + size / 2, 11.6, mat, teeth=18))
        # The palm of the oasis, lower left; a second one upper right where no start sign is.
        palm = 13.0
        g.add(art.picture(self.spec.art["palm"], x + 1.6, y + size - palm - 1.6, palm, ink))
        r = 4.9
        disc, number_ink = (style.WHITE, style.INK) if ink.saver else (CARTOUCHE, style.PARCHMENT)
        for cx, cy in ((x + 2.0 + r, y + 2.0 + r), (x + size - 2.0 - r, y + size - 2.0 - r)):
            g.add(circle(cx, cy, r, fill=disc, **({"stroke": style.INK, "stroke_mm": ink.width(0.6)}
                                                  if ink.saver else {})))
            num = fit(str(number), "heavy", r * 1.6, r * 1.4, 6.4, _min_size("heavy"), "supply space number",
                      max_lines=1)
            g.add(text_block(num, cx, cy - num.height / 2, number_ink, "middle", "supply space number"))
        if space.demand_at_start:
            # One demand picture per marker put here at set-up, and "start", at the upper right.
            isz = 7.0
            key = "supply_start"
            # the word may take the space's width less the pictures and the margins: a
            # translation longer than "start" still fits at the board's smallest label size
            room = size - 4.0 - space.demand_at_start * (isz + 0.5) - 3.0
            start = fit(self.s(key), "bold", room, 6.0, 5.6, _min_size("bold"), self.s.where(key), max_lines=1)
            width = start.width + space.demand_at_start * (isz + 0.5) + 3.0
            px, py = x + size - 2.0 - width, y + 2.0
            g.add(rect(px, py, width, isz + 1.2, fill=style.WHITE if ink.saver else CARTOUCHE, radius=1.5,
                       **({"stroke": style.INK, "stroke_mm": ink.width(0.6)} if ink.saver else {})))
            for k in range(space.demand_at_start):
                g.add(art.picture(self.spec.art["demand"], px + 1.0 + k * (isz + 0.5), py + 0.6, isz, ink))
            g.add(text_block(start, px + width - 1.2, py + (isz + 1.2 - start.height) / 2,
                             style.INK if ink.saver else style.PARCHMENT, "end", self.s.where(key)))
        else:
            g.add(art.picture(self.spec.art["palm"], x + size - palm - 1.6, y + 1.6, palm * 0.85, ink))
        return g

    def border(self, width: float, height: float, border: float):
        g = group(id="border")
        ink = self.ink
        palette = BORDER_PALETTE if not ink.saver else sahel.paler(BORDER_PALETTE, 0.78)
        band_at, band = 3.3, 7.6      # the ornament keeps to the safe area: a miscut shows plain band
        g.add(sahel.frame(band_at, band_at, width - 2 * band_at, height - 2 * band_at, band, "lozenges", palette))
        # A fillet of sand between the ornament and the grid.
        inner = band_at + band + 0.9
        g.add(path(f"M{inner},{inner}H{width - inner}V{height - inner}H{inner}Z"
                   f"M{border - 0.6},{border - 0.6}V{height - border + 0.6}H{width - border + 0.6}V{border - 0.6}Z",
                   fill=art.tone(self.spec.colours["sand_light"], ink, 0.5)))
        plate, text_ink = (style.WHITE, style.INK) if ink.saver else (CARTOUCHE, style.PARCHMENT)
        edge = art.tone(RARE_GOLD, ink, 0.4)
        # The title stays inside the middle column: a tiling seam on a grid line cuts no letter.
        columns = round((width - 2 * border) / self.spec.cell_mm)
        mid_left = border + (columns // 2) * self.spec.cell_mm
        room = self.spec.cell_mm - 4.0
        try:
            title = fit(self.s("title"), "display", room - 6.0, border - 6.2, border - 6.2, _min_size("display"),
                        self.s.where("title"), max_lines=1)
        except LayoutError:
            # a title longer than one column (a translation) spans three, centred on the
            # middle one: a seam may then cross it, on the glued overlap, rather than fail
            title = fit(self.s("title"), "display", 3 * self.spec.cell_mm - 10.0, border - 6.2, border - 6.2,
                        _min_size("display"), self.s.where("title"), max_lines=1)
        tw, th = title.width + 6.0, border - 3.3 - 0.8
        tx = mid_left + (self.spec.cell_mm - tw) / 2
        g.add(rect(tx - 0.8, 3.3, tw + 1.6, th + 0.8, fill=edge, radius=2.4))
        g.add(rect(tx, 4.1, tw, th - 0.8, fill=plate, radius=1.8))
        g.add(text_block(title, tx + tw / 2, 4.1 + (th - 0.8 - title.height) / 2, text_ink, "middle",
                         self.s.where("title")))
        # The hint stays left of the middle grid line (a seam there would cut it in two).
        pad = 3.0
        hint_room = mid_left - border - 2 * pad - 2.0
        try:
            hint = fit(self.s("board_hint"), "bold", hint_room, border * 0.5, 6.0, _min_size("bold"),
                       self.s.where("board_hint"), max_lines=1)
        except LayoutError:
            # longer than the left half (a translation): the whole bottom band, a seam may
            # cross it on the glued overlap
            hint_room = width - 2 * border - 2 * pad - 2.0
            hint = fit(self.s("board_hint"), "bold", hint_room, border * 0.5, 6.0, _min_size("bold"),
                       self.s.where("board_hint"), max_lines=1)
        hw, hh = hint.width + 2 * pad, hint.height + 2.4
        hx = border + 1.0 + (hint_room + 2 * pad - hw) / 2
        hy = height - 3.3 - 0.8 - hh          # the plate's gilded edge keeps to the safe area
        g.add(rect(hx - 0.8, hy - 0.8, hw + 1.6, hh + 1.6, fill=edge, radius=2.0))
        g.add(rect(hx, hy, hw, hh, fill=plate, radius=1.5))
        g.add(text_block(hint, hx + hw / 2, hy + 1.2, text_ink, "middle", self.s.where("board_hint")))
        return g
