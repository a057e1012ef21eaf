"""The Caravan board: a 7 x 7 ``grid_board`` whose painter draws desert, cities and supply spaces.

What goes where comes from ``board.yaml`` through the model (``game.board.cell``); sizes,
icons and colours from ``components.yaml`` (``KitSpec``); names from the language file.

* A **city** is filled with its good's colour and shows the good's name, its icon and its
  letters (the same signs as the goods tokens, so it reads in greyscale), with a city
  icon behind.  Names and letters sit along the cell's edges: a camel standing in the
  middle hides none of them.
* A **supply space** shows its number in a disc in two opposite corners (a camel or a
  good in the middle hides neither) and, where the set-up puts demand markers, that many
  demand-marker signs with the word "start".
* **Desert** cells alternate two sand tones, so rows and columns are easy to count.

With ``style.SAVER`` (``--ink saver``) the bleed, the border band and the plain desert are
paper; cities and supply spaces are light tints of their colours with thin outlines, the
darker desert cells a light tint (rows still count), and every text and sign is dark ink
on its tint (``Ink.on``), so a city still reads by name, icon and letters in greyscale.
"""

from __future__ import annotations

from pnp.components.svg import Face, circle, group, icon, rect, text_block
from pnp.components.text import fit
from pnp.components import style
from pnp.components.grid_board import grid_board


def board_size(game, spec) -> tuple[float, float]:
    """Trim width and height of the board in mm."""
    return (game.board.columns * spec.cell_mm + 2 * spec.border_mm,
            game.board.rows * spec.cell_mm + 2 * spec.border_mm)


def board_face(game, strings, spec, bleed: float, ink: style.Ink = style.NORMAL) -> Face:
    """The whole board as one ``Face`` (see ``grid_board``), ``bleed`` mm of border colour beyond the trim.

    ``ink``: ``style.SAVER`` for a paper bleed, band and desert, tinted spaces and thin lines.

    Raises:
        LayoutError / FontError: a name or hint does not fit its cell or band.
    """
    painter = _Painter(game, strings, spec, ink)
    return grid_board("board", "board", game.board.rows, game.board.columns, spec.cell_mm, spec.border_mm, bleed,
                      painter.cell, background=spec.colours["desert"], border_fill=spec.colours["border"],
                      line_colour=spec.colours["grid"], line_mm=0.5, paint_border=painter.border, ink=ink)


class _Painter:
    def __init__(self, game, strings, spec, ink: style.Ink):
        self.game, self.s, self.spec, self.ink = game, strings, spec, ink

    def cell(self, row: int, column: int, x: float, y: float, size: float):
        what = self.game.board.cell(row, column)
        if what is None:
            if (row + column) % 2:
                # Saver keeps a faint checker: the grid lines alone make rows harder to count.
                return rect(x, y, size, size, fill=self.ink.field(self.spec.colours["desert_dark"], 0.7))
            return None
        kind, key = what
        return self.city(key, x, y, size) if kind == "city" else self.supply(key, x, y, size)

    def city(self, good_id: str, x: float, y: float, size: float):
        good = self.game.good(good_id)
        g = group(id=f"city-{good_id}")
        if self.ink.saver:
            # A light tint of the good's colour, ringed in a shade of it; signs in dark ink (Ink.on).
            field, ink, frame = self.ink.field(good.colour), self.ink.on(good.colour), style.darker(good.colour, 0.15)
            ghost = style.mix(field, good.colour, 0.3)
        else:
            # The shade of the good's colour that reads on it (WCAG 4.5:1), white on dark goods.
            ink = style.legible(style.darker(good.colour, 0.55) if style.readable_on(good.colour) != style.WHITE
                                else style.WHITE, good.colour)
            field, frame, ghost = good.colour, ink, style.mix(good.colour, ink, 0.25)
        g.add(rect(x, y, size, size, fill=field))
        g.add(rect(x + 1.2, y + 1.2, size - 2.4, size - 2.4, stroke=frame, stroke_mm=self.ink.width(0.35), radius=1.5))
        # City icon as a watermark behind the middle (a camel may stand there).
        big = size * 0.42        # clear of the name above and the corner letters below
        g.add(icon(self.spec.icons["city"], x + (size - big) / 2, y + (size - big) / 2 + 1.0, big, ghost))
        key = f"goods.{good_id}"
        name = fit(self.s(key), "bold", size - 5, size * 0.16, size * 0.13, 2.0, self.s.where(key), max_lines=1)
        g.add(text_block(name, x + size / 2, y + 2.2, ink, "middle", self.s.where(key)))
        # Icon at the lower left, letters at the lower right: corners stay visible under a camel.
        corner = size * 0.24
        g.add(icon(good.icon, x + 2.0, y + size - corner - 2.0, corner, ink))
        lkey = f"letters.{good_id}"
        letters = fit(self.s(lkey), "heavy", corner * 1.3, corner * 0.8, corner * 0.75, 2.0, self.s.where(lkey),
                      max_lines=1)
        g.add(text_block(letters, x + size - 2.4, y + size - letters.height - 2.6, ink, "end", self.s.where(lkey)))
        return g

    def supply(self, number: int, x: float, y: float, size: float):
        space = next(s for s in self.game.board.supply if s.number == number)
        g = group(id=f"supply-{number}")
        c = self.spec.colours
        g.add(rect(x + 1.0, y + 1.0, size - 2.0, size - 2.0, fill=self.ink.field(c["supply"]), stroke=c["grid"],
                   stroke_mm=self.ink.width(0.4), radius=2.0))
        r = size * 0.12
        # Saver: the number discs turn from solid ink to an outlined white disc with dark numbers.
        disc, number_ink = (style.WHITE, style.INK) if self.ink.saver else (style.INK, style.PARCHMENT)
        for cx, cy in ((x + 2.2 + r, y + 2.2 + r), (x + size - 2.2 - r, y + size - 2.2 - r)):
            g.add(circle(cx, cy, r, fill=disc, **({"stroke": style.INK, "stroke_mm": self.ink.width(0.6)}
                                                  if self.ink.saver else {})))
            num = fit(str(number), "heavy", r * 1.6, r * 1.3, r * 1.25, 1.5, "supply space number", max_lines=1)
            g.add(text_block(num, cx, cy - num.height / 2, number_ink, "middle", "supply space number"))
        if space.demand_at_start:
            # One demand sign per marker put here at set-up, at the upper right.
            isz = size * 0.17
            for k in range(space.demand_at_start):
                g.add(icon(self.spec.icons["demand"], x + size - 2.5 - (k + 1) * (isz + 0.5), y + 2.6, isz,
                           c["demand"]))
            key = "supply_start"
            start = fit(self.s(key), "bold", size * 0.4, size * 0.09, size * 0.08, 1.6, self.s.where(key), max_lines=1)
            g.add(text_block(start, x + size - 2.8, y + 3.0 + isz, c["demand"], "end", self.s.where(key)))
        return g

    def border(self, width: float, height: float, border: float):
        g = group(id="border")
        band = self.spec.colours["border"]
        # Saver: the band is paper (grid_board), so its rule and texts turn dark and the
        # knock-outs that break the rule behind the texts are paper white.
        if self.ink.saver:
            ink, line, knockout = self.ink.on(band), band, style.WHITE
        else:
            ink = line = style.PARCHMENT
            knockout = band
        g.add(rect(border * 0.35, border * 0.35, width - border * 0.7, height - border * 0.7, stroke=line,
                   stroke_mm=self.ink.width(0.4), radius=2.5))
        title = fit(self.s("title"), "display", width * 0.4, border * 0.6, border * 0.6, 3.0, self.s.where("title"),
                    max_lines=1)
        pad = 3.0
        g.add(rect(width / 2 - title.width / 2 - pad, border * 0.35 - 0.2, title.width + 2 * pad, border * 0.65 - 0.1,
                   fill=knockout))
        g.add(text_block(title, width / 2, (border - title.height) / 2, ink, "middle", self.s.where("title")))
        # The hint stays left of the middle grid line: the seam of a board tiled over two sheets
        # across falls on a grid line near the middle, and a hint across it would be cut in two.
        columns = round((width - 2 * border) / self.spec.cell_mm)
        middle_line = border + (columns // 2) * self.spec.cell_mm
        room = middle_line - border - 2 * pad - 2.0
        hint = fit(self.s("board_hint"), "bold", room, border * 0.4, border * 0.32, 2.0,
                   self.s.where("board_hint"), max_lines=1)
        centre = border + 1.0 + pad + room / 2
        g.add(rect(centre - hint.width / 2 - pad, height - border * 0.65 + 0.3, hint.width + 2 * pad,
                   border * 0.3, fill=knockout))
        g.add(text_block(hint, centre, height - border / 2 - hint.height / 2, ink, "middle",
                         self.s.where("board_hint")))
        return g
