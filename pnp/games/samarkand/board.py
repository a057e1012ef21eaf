"""The Samarkand board as one big face: spaces, one-way arrows, trading fields, desert art.

Layout (trim coordinates, mm): a border band of ``field_band_mm`` on every side holds the
ten trading fields; inside it the ``rows`` x ``columns`` grid of square spaces of
``space_mm`` (``data/samarkand/components.yaml``).  Each space is drawn as a rounded tile
inset by half a gutter, so the sand shows between spaces like caravan tracks.  Every
arrow of ``board.yaml`` straddles the shared edge of its two spaces, tail in the space it
leaves, head in the space it enters, and carries the id ``arrow-<from>-<to>``.

Content of a space keeps clear of the four arrow zones at the middle of its edges; the
market slots of a city hold the market tokens (``market_token.size_mm`` plus clearance).
Every number printed (capacities, prices, names) comes from the model and the strings.

Trading fields lie on the table in front of the board, beside their camp (``space.field``
names the edge): real poker cards do not fit a band of any size that keeps the board to six
home sheets (DESIGN.md, "Board").  The band marks each field with a plate wholly inside
the trim (a stack of card tops at its outer edge), the capacity in a badge, a label and an
arrow from the camp; the meta
``field_columns`` gives where the cards lie.  Each field's text reads upright for a player
sitting at that edge of the board.
"""

from __future__ import annotations

import math

from pnp.errors import LayoutError
from pnp.geometry import CARD_SIZES, SAFE_MM
from pnp.components.svg import Face, circle, group, path, polygon, rect, text_block, _num
from pnp.components.text import fit
from pnp.components.fonts import cap_height
from pnp.components.style import legible
from pnp.components.girih import frame_group, pattern_group
from pnp.components.art import pale
from pnp.games.samarkand import art as pictures
from pnp.games.samarkand.model import size_mm

# Visual proportions of the board (design, not game numbers).
GUTTER_MM = 4.0            # sand between neighbouring space tiles
TILE_RADIUS_MM = 3.5
ARROW_INTRUDE_MM = 5.5     # how far an arrow reaches into each of its two tiles
ARROW_SHAFT_MM = 3.4
ARROW_HEAD_W_MM = 9.0
ARROW_HEAD_L_MM = 6.5
SLOT_CLEARANCE_MM = 1.0    # a slot is this much larger than a market token
CLEAR_MM = ARROW_INTRUDE_MM + 1.0   # content keeps this far from a tile edge where an arrow may sit
LABEL_MM = 6.0             # labels of the spaces: at most this size ...
LABEL_MIN_MM = 5.6         # ... and at least this (cap height 0.72 em: 4 mm)
#: A one-word label that a translation makes wider than its slot (a market slot is 31 mm,
#: sized from the token) may step down to this (3 mm cap height); English and Danish keep 4 mm.
LONG_WORD_MIN_MM = 4.2
MOUTH_TOP_MM = 11.0        # a field's plate starts this far out from the grid (room for the camp's arrow)
# A field's plate keeps this far from its column's sides: a tile seam that cannot reach a gutter
# falls up to 7.4 mm into a column (A4; pnp.printing.tiling), and art within ART_PAST_SEAM_MM
# + 0.5 mm of a seam is split by it (tests/test_board_seams.py measures the clearance).
FIELD_SIDE_MM = 11.0
FIELD_PAD_MM = 3.0         # the plate's badge and label keep this far inside its sides
ORNAMENT_INSET_MM = SAFE_MM + 0.6   # the dashed ornament line runs this far inside the trim
GHOST_TOP_MM = 3.8         # height of the tallest card top of a field's stack
GHOST_STEP_MM = 1.2        # each card top of the stack lies this much lower than the one behind
CASCADE_MM = 15.0          # each card of a field's column lies this far beyond the one under it
MOUTH_FILL = "#FBF1DC"
ORNAMENT_BAND_MM = 6.0     # width of the girih band round the board, inside the safe area
COBALT_BAND, TURQUOISE_BAND = "#1E4E8C", "#2A9D8F"
BAND_EDGE = "#F4E8CC"
TRAIL = "#9C6B3A"          # camel footprints along the routes


ARROW_RED = "#C1121F"
ARROW_EDGE = "#FFF6E0"
INK = "#3B2412"            # dark brown for text and lines
SAND = "#EBD3A0"
SAND_LIGHT = "#F3E2B8"
SAND_DARK = "#D9B77A"
BAND = "#C9995A"
BAND_GROUND = "#D0A86A"    # the darkest the band gets under a field's texts (band over the dunes)

#: Each kind of space its own grey as printed (tile mean L*: oasis 87, city 78, camp 67; 8 and
#: more apart in grey and for colour-blind players), the inks darkened to 4.5:1 on them.
KIND_STYLE = {
    #         tile fill   tile edge   icon/ink    accent
    "camp":  ("#C29650", "#9C6B30", "#482A10", "#B5792E"),
    "oasis": ("#DCEBC4", "#5E8A3A", "#2F6B35", "#4F8A3C"),
    "city":  ("#B4D2D8", "#2D6F86", "#15364B", "#2D7F9A"),
}
FIELD_ROTATION = {"south": 0, "west": 90, "north": 180, "east": 270}


def board_size(game) -> tuple[float, float]:
    """Trim width and height of the board in mm, from ``components.yaml``."""
    space, band = size_mm(game.sizes, "board.space_mm"), size_mm(game.sizes, "board.field_band_mm")
    return game.board.columns * space + 2 * band, game.board.rows * space + 2 * band


def board_face(game, strings, bleed_mm: float, ink=None) -> Face:
    """The whole board as one face of ``board_size(game)`` mm with ``bleed_mm`` of desert beyond the trim.

    ``ink`` (``style.Ink``, default normal): ``style.SAVER`` leaves out the desert fill, the dunes
    and the tinted band (plain paper), and draws the band's rules thinner.

    Raises:
        LayoutError: the market slots, or a text, do not fit their space.
    """
    from pnp.components.style import NORMAL

    b = _Board(game, strings, bleed_mm, ink or NORMAL)
    return b.face()


class _Board:
    def __init__(self, game, strings, bleed: float, ink):
        self.game, self.s, self.bleed, self.ink = game, strings, bleed, ink
        self.space = size_mm(game.sizes, "board.space_mm")
        self.band = size_mm(game.sizes, "board.field_band_mm")
        self.rows, self.cols = game.board.rows, game.board.columns
        self.width, self.height = board_size(game)
        self.tile = self.space - GUTTER_MM
        self.slot = size_mm(game.sizes, "market_token.size_mm") + SLOT_CLEARANCE_MM
        self.card_w, self.card_h = CARD_SIZES[game.sizes["cards"]["size"].str()]
        self.card_ratio = self.card_w / self.card_h
        need = 2 * self.slot + 2 * CLEAR_MM + 1.0
        if need > self.tile + 1e-9:
            raise LayoutError(
                f"two market slots of {self.slot:g} mm (market_token.size_mm + {SLOT_CLEARANCE_MM:g} mm) need spaces "
                f"of at least {need + GUTTER_MM:.0f} mm, got {self.space:.0f} mm",
                key=f"{game.folder / 'components.yaml'}: board.space_mm",
            )
        if self.card_w + 2.0 > self.space:
            raise LayoutError(
                f"trading fields one card ({self.card_w} mm) wide side by side need spaces of at least "
                f"{self.card_w + 2.0:.0f} mm, got {self.space:.0f} mm",
                key=f"{game.folder / 'components.yaml'}: board.space_mm",
            )

    # ------------------------------------------------------------------ geometry
    def cell(self, space) -> tuple[float, float]:
        """Top-left corner of a space's tile."""
        return (self.band + space.column * self.space + GUTTER_MM / 2,
                self.band + space.row * self.space + GUTTER_MM / 2)

    def centre(self, space) -> tuple[float, float]:
        x, y = self.cell(space)
        return x + self.tile / 2, y + self.tile / 2

    # ------------------------------------------------------------------ face
    def face(self) -> Face:
        art = group(id="board")
        art.add(self.background())
        art.add(self.corners())
        fields = group(id="trading-fields")
        connectors = group(id="field-arrows")
        for sp in self.game.board.of_kind("camp"):
            well, connector = self.trading_field(sp)
            fields.add(well)
            connectors.add(connector)
        art.add(fields)
        tiles = group(id="spaces")
        for sp in self.game.board.spaces:
            tiles.add(self.space_tile(sp))
        art.add(tiles)
        arrows = group(id="arrows")
        for a, b in self.game.board.arrows():
            arrows.add(self.arrow(a, b))
        art.add(arrows)
        art.add(connectors)
        grid = [self.band + k * self.space for k in range(self.cols + 1)]
        rows = [self.band + k * self.space for k in range(self.rows + 1)]
        meta = {
            # lines through the gutters: a tile seam or an alignment mark there cuts no text
            "quiet_x": grid, "quiet_y": rows,
            "arrows": [f"arrow-{a}-{b}" for a, b in self.game.board.arrows()],
            # (x, y, radius) in trim mm: tiling puts no label over an arrow crossing a seam
            # where each trading field's cards lie, on the table in front of the board (trim mm)
            "field_columns": self.field_columns(),
            "keep_clear": [(*self.arrow_middle(a, b), ARROW_HEAD_W_MM / 2 + 1.0) for a, b in self.game.board.arrows()],
            # the set-up lays the market tokens out on the cities' market slots (centres, trim mm)
            "set_up_spots": {"market-tokens": self.market_slots()},
        }
        return Face("board", "board", self.width, self.height, self.bleed, art, None, meta)

    # ------------------------------------------------------------------ background
    def background(self):
        W, H, bl = self.width, self.height, self.bleed
        g = group(id="desert")
        saver = self.ink.saver
        g.add(rect(-bl, -bl, W + 2 * bl, H + 2 * bl, fill=self.ink.bleed(SAND)))
        # Dunes: soft bands of lighter and darker sand running across the board.
        n = 0 if saver else 9
        for i in range(n):
            y0 = -bl + (H + 2 * bl) * (i + 0.5) / n
            amp = 7 + 3 * (i % 3)
            phase = i * 1.7
            colour = SAND_LIGHT if i % 2 else SAND_DARK
            pts = []
            steps = 24
            for k in range(steps + 1):
                x = -bl + (W + 2 * bl) * k / steps
                y = y0 + amp * math.sin(phase + k * 0.55) + 3 * math.sin(k * 1.3 + i)
                pts.append((x, y))
            d = f"M{_num(pts[0][0])},{_num(pts[0][1])}"
            for x, y in pts[1:]:
                d += f" L{_num(x)},{_num(y)}"
            thick = 9 + 4 * (i % 2)
            d += " " + " ".join(f"L{_num(x)},{_num(y + thick)}" for x, y in reversed(pts)) + " Z"
            g.add(path(d, fill=colour, fill_opacity="0.55"))
        # The border band: a tinted frame (it bleeds) with a double rule along the grid.
        inner = (self.band, self.band, W - 2 * self.band, H - 2 * self.band)
        frame = (f"M{_num(-bl)},{_num(-bl)} H{_num(W + bl)} V{_num(H + bl)} H{_num(-bl)} Z "
                 f"M{_num(inner[0])},{_num(inner[1])} V{_num(inner[1] + inner[3])} "
                 f"H{_num(inner[0] + inner[2])} V{_num(inner[1])} Z")
        if not saver:
            g.add(path(frame, fill=BAND, fill_opacity="0.45", fill_rule="evenodd"))
        # a cobalt band round the grid (a filled ring, not a thin line: thin lines are cut lines)
        ring = (f"M{_num(inner[0] - 2.6)},{_num(inner[1] - 2.6)} h{_num(inner[2] + 5.2)} v{_num(inner[3] + 5.2)} "
                f"h{_num(-inner[2] - 5.2)} Z M{_num(inner[0] - 1.0)},{_num(inner[1] - 1.0)} v{_num(inner[3] + 2.0)} "
                f"h{_num(inner[2] + 2.0)} v{_num(-inner[3] - 2.0)} Z")
        g.add(path(ring, fill=pale(COBALT_BAND, 0.7) if saver else COBALT_BAND, fill_rule="evenodd"))
        # Outer ornament: a 10-fold girih band inside the safe area (filled shapes, never a
        # dashed line: dashes on a sheet are fold lines).
        m = ORNAMENT_INSET_MM
        # the small shapes (the pattern's third class, half its outline points) are left to
        # the cream ground: cobalt stars and turquoise tiles, half the band's conversion time
        fills = (COBALT_BAND, TURQUOISE_BAND)
        if saver:
            fills = tuple(pale(c, 0.75) for c in fills)
        fills += ("none",)
        g.add(frame_group("decagonal", m, m, W - 2 * m, H - 2 * m, ORNAMENT_BAND_MM, ORNAMENT_BAND_MM / 14, fills,
                          None if saver else "#F4E8CC", id="border-ornament"))
        return g

    # ------------------------------------------------------------------ corners
    def corners(self):
        """Title, legend, compass and a caravan in the parts of the band without fields."""
        s, band, sp = self.s, self.band, self.space
        W, H = self.width, self.height
        g = group(id="decor")
        m = SAFE_MM + 2.5
        # North-west: the title, inside the girih band round the board.
        mt = ORNAMENT_INSET_MM + ORNAMENT_BAND_MM + 0.8
        box_w, box_h = band + sp - mt - 3, band - mt - 3
        title = fit(s("title"), "display", box_w, box_h * 0.68, 16, 6, s.where("title"))
        sub = fit(s("designer"), "italic", box_w, box_h * 0.26, 4.5, 2.5, s.where("designer"))
        top = mt + (box_h - title.height - sub.height - 1.5) / 2
        g.add(text_block(title, mt + box_w / 2, top, fill="#6E1A12", where=s.where("title")))
        g.add(text_block(sub, mt + box_w / 2, top + title.height + 1.5, fill=INK, where=s.where("designer")))
        # South-west: where to start, and what the colours of the spaces mean.
        y0 = H - band + 4.5
        start = fit(s("start_here"), "bold", box_w, 7, LABEL_MM, 2.5, s.where("start_here"))
        g.add(text_block(start, m + box_w / 2, y0, fill=INK, where=s.where("start_here")))
        kinds = ("camp", "oasis", "city")
        chip = 7.0
        slot_w = box_w / len(kinds)
        for k, kind in enumerate(kinds):
            x = m + k * slot_w
            cy = y0 + start.height + 4 + chip / 2
            fill, edge, ink, _ = KIND_STYLE[kind]
            g.add(rect(x + 1, cy - chip / 2, chip, chip, fill=self.ink.field(fill, 0.5), stroke=edge, stroke_mm=0.8, radius=1.2))
            g.add(self.kind_picture(kind, x + 1.6, cy - chip / 2 + 0.6, chip - 1.2, chip - 1.2))
            name = fit(s(f"space_kinds.{kind}"), "body", slot_w - chip - 3, chip, 3.4, 2.0,
                       s.where(f"space_kinds.{kind}"), max_lines=2)
            g.add(text_block(name, x + chip + 2.5, cy - name.height / 2, fill=INK, anchor="start",
                             where=s.where(f"space_kinds.{kind}")))
        # North-east: a camel caravan walking along the band.
        cx0 = W - band - sp + 6
        for k in range(3):
            size = band * 0.62
            g.add(pictures.icon_at("two-hump-camel" if k % 2 == 0 else "camel", cx0 + k * (size + 1) + size / 2,
                                   band / 2 + 1, size, self.ink, flip=True))
        # South-east: a compass rose in the corner.
        g.add(self.compass(W - band / 2, H - band / 2, band / 2 - SAFE_MM - 1.5))
        # Palms in the free parts of the side bands.
        for x in (band / 2, W - band / 2):
            for row in (0, self.rows - 1):
                if not any(c.row == row and c.field in ("west", "east") for c in self.game.board.of_kind("camp")):
                    y = band + row * sp + sp / 2
                    size = min(band - 2 * SAFE_MM - 4, sp * 0.5)
                    g.add(pictures.icon_at("palm-tree", x, y, size, self.ink))
        return g

    def compass(self, cx: float, cy: float, r: float):
        g = group(id="compass")
        g.add(circle(cx, cy, r, fill=SAND_LIGHT, stroke=INK, stroke_mm=0.4))
        g.add(circle(cx, cy, r * 0.8, stroke=INK, stroke_mm=0.2))
        for k in range(8):
            a = k * math.pi / 4
            long_ = k % 2 == 0
            tip = r * (0.95 if long_ else 0.6)
            side = r * 0.16
            tx, ty = cx + tip * math.sin(a), cy - tip * math.cos(a)
            lx, ly = cx + side * math.sin(a - math.pi / 2), cy - side * math.cos(a - math.pi / 2)
            rx, ry = cx + side * math.sin(a + math.pi / 2), cy - side * math.cos(a + math.pi / 2)
            g.add(polygon([(cx, cy), (lx, ly), (tx, ty)], fill=ARROW_RED if k == 0 else INK))
            g.add(polygon([(cx, cy), (rx, ry), (tx, ty)], fill="#E9C58B" if k else "#8E0E16"))
        g.add(circle(cx, cy, r * 0.08, fill=INK))
        return g

    # ------------------------------------------------------------------ spaces
    def space_tile(self, sp):
        """A space as a patch of terrain: its ground, the camel tracks of its routes running in
        from the arrows, then its picture and labels."""
        x, y = self.cell(sp)
        T = self.tile
        fill, edge, ink, accent = KIND_STYLE[sp.kind]
        g = group(id=f"space-{sp.id}", transform=f"translate({_num(x)},{_num(y)})")
        if not self.ink.saver:
            g.add(rect(0.6, 0.9, T, T, fill="#5A3A1A", radius=TILE_RADIUS_MM, fill_opacity="0.25"))   # shadow
        g.add(rect(0, 0, T, T, fill=self.ink.field(fill, 0.6), stroke=edge, stroke_mm=self.ink.width(1.4),
                   radius=TILE_RADIUS_MM))
        g.add(self.ground(sp.kind))
        g.add(self.tracks(sp))
        getattr(self, f"_{sp.kind}")(g, sp, ink, accent)
        return g

    def ground(self, kind: str):
        """Texture of a space's ground (tile mm): ripples of sand at a camp, tufts of grass at
        an oasis, a paving of 6-fold girih in a city."""
        T, ink = self.tile, self.ink
        g = group()
        if kind == "city":
            fills = ("#86AAB3", "#9CBEC6") if not ink.saver else ("#EEF5F6", "#F5FAFA")
            g.add(pattern_group("hexagonal", (1.4, 1.4, T - 1.4, T - 1.4), 14.0, 0.8, fills, None,
                                origin=(T / 2, T / 2), class_="pattern"))
        elif kind == "camp":
            colour = pale("#D9B77A", 0.6) if ink.saver else "#B58A47"
            for k, (fy, amp) in enumerate(((0.3, 1.4), (0.55, 1.8), (0.82, 1.2))):
                y0 = T * fy
                d = (f"M{_num(3)},{_num(y0)} C{_num(T * 0.3)},{_num(y0 - amp * 2)} {_num(T * 0.6)},{_num(y0 + amp * 2)} "
                     f"{_num(T - 3)},{_num(y0 - amp)} L{_num(T - 3)},{_num(y0 - amp + 1.6)} "
                     f"C{_num(T * 0.6)},{_num(y0 + amp * 2 + 1.6)} {_num(T * 0.3)},{_num(y0 - amp * 2 + 1.6)} {_num(3)},{_num(y0 + 1.6)} Z")
                g.add(path(d, fill=colour, fill_opacity="0.7"))
        else:
            colour = pale("#7FAF4E", 0.6) if ink.saver else "#8DBB5A"
            tufts = pictures.Shapes()
            for k, (fx, fy) in enumerate(((0.12, 0.3), (0.86, 0.22), (0.5, 0.9), (0.2, 0.86), (0.9, 0.88), (0.62, 0.2))):
                cx, cy = T * fx, T * fy
                for j in (-1, 0, 1):
                    tufts.add([(cx + j * 1.3 - 0.6, cy), (cx + j * 1.6, cy - 2.6 + abs(j) * 0.8), (cx + j * 1.3 + 0.6, cy)], colour)
            g.add(tufts.group(fill_opacity="0.8"))
        return g

    def tracks(self, sp):
        """Camel footprints from the middle of each edge that carries an arrow of ``sp`` in
        towards the space's middle: the routes read as caravan trails (translucent, so they
        sit on the ground like a shadow; content is drawn over them)."""
        T = self.tile
        colour = pale(TRAIL, 0.6) if self.ink.saver else TRAIL
        prints = pictures.Shapes()
        for a, b in self.game.board.arrows():
            if sp.id not in (a, b):
                continue
            other = self.game.board.space(b if a == sp.id else a)
            dx, dy = other.column - sp.column, other.row - sp.row
            for k in range(7):
                along = T / 2 - 2.5 - k * 4.4
                side = 1.5 if k % 2 else -1.5
                fx, fy = T / 2 + dx * along - dy * side, T / 2 + dy * along + dx * side
                rx, ry = (1.1, 0.8) if dx else (0.8, 1.1)
                prints.add(pictures.oval_points(fx, fy, rx, ry, n=8), colour)   # 2 mm: 8 chords are round
        return prints.group(fill_opacity="0.55")

    def kind_picture(self, kind: str, x: float, y: float, w: float, h: float):
        """The picture of a kind of space in the box (x, y, w, h), tile mm: a cluster of yurts,
        an oasis pond under palms, or a walled city with domes."""
        ink = self.ink
        g = group()
        if kind == "camp":
            g.add(pictures.yurt(x + w * 0.3, y + h * 0.62, w * 0.42, ink, band="#2A9D8F"))
            g.add(pictures.yurt(x + w * 0.72, y + h * 0.68, w * 0.38, ink))
            g.add(pictures.yurt(x + w * 0.45, y + h * 0.97, w * 0.5, ink, band="#1E4E8C"))
        elif kind == "oasis":
            g.add(pictures.ellipse(x + w * 0.5, y + h * 0.78, w * 0.46, h * 0.17, pale("#3C8DBC", 0.6) if ink.saver else "#3C8DBC"))
            g.add(pictures.ellipse(x + w * 0.5, y + h * 0.76, w * 0.34, h * 0.1, pale("#7CC4E4", 0.6) if ink.saver else "#7CC4E4"))
            g.add(pictures.icon_at("palm-tree", x + w * 0.26, y + h * 0.45, min(w, h) * 0.62, ink))
            g.add(pictures.icon_at("palm-tree", x + w * 0.74, y + h * 0.38, min(w, h) * 0.7, ink, flip=True))
        else:
            g.add(city_picture(x, y, w, h, ink))
        return g

    def _label(self, g, key: str, ink: str, role: str = "bold", size: float = LABEL_MM, top: float | None = None,
               height: float = 8.0, text: str | None = None):
        T = self.tile
        content = text if text is not None else self.s(key)
        width = T - 2 * CLEAR_MM - 6
        f = fit(content, role, width, height, size, LABEL_MIN_MM, self.s.where(key), max_lines=1)
        top = CLEAR_MM + 0.6 if top is None else top
        g.add(text_block(f, T / 2, top + (height - f.height) / 2, fill=ink, where=self.s.where(key)))
        return top + height

    def _camp(self, g, sp, ink, accent):
        T = self.tile
        # yurts on the left, the capacity as a card-shaped badge on the right
        below = self._label(g, "space_kinds.camp", ink)
        room = T - CLEAR_MM - below
        bh = min(room - 6, 30.0)
        bw = bh * self.card_ratio
        bx = T - CLEAR_MM - 2.5 - bw
        by = below + (room - bh) / 2
        g.add(self.kind_picture("camp", CLEAR_MM, below + 1.0, bx - CLEAR_MM - 3.0, room - 2.0))
        g.add(rect(bx + 0.5, by + 0.7, bw, bh, fill="#000000", radius=2.0, fill_opacity="0.18"))
        g.add(rect(bx, by, bw, bh, fill="#FFF8E8", stroke=accent, stroke_mm=self.ink.width(1.0), radius=2.0))
        num = fit(str(sp.capacity), "display", bw - 3, bh * 0.62, bh * 0.75, 6, f"board: {sp.id}.capacity")
        g.add(text_block(num, bx + bw / 2, by + (bh - num.height) / 2 - 0.6, fill=ink, where=f"board: {sp.id}"))

    def _oasis(self, g, sp, ink, accent):
        T = self.tile
        below = self._label(g, "space_kinds.oasis", ink)
        room = T - CLEAR_MM - below
        picture_w = 24.0
        rules = self.game.rules
        prices = self.s.plural("oasis_prices", rules.oasis_bulk_cards, n=rules.oasis_bulk_cards,
                               single=rules.oasis_single_price, price=sp.price_4)
        px = CLEAR_MM + picture_w + 1.5
        pw = T - CLEAR_MM - 0.5 - px
        ph = min(room - 4, 28.0)
        py = below + (room - ph) / 2
        g.add(self.kind_picture("oasis", CLEAR_MM - 1.0, below, picture_w + 1.0, room))
        g.add(rect(px, py, pw, ph, fill="#FFF8E8", stroke=accent, stroke_mm=self.ink.width(1.0), radius=2.0))
        coin = 6.0
        g.add(pictures.icon_at("coin", px + pw / 2, py + 1.2 + coin / 2, coin, self.ink))
        f = fit(prices, "bold", pw - 2.4, ph - coin - 3.0, LABEL_MM, LABEL_MIN_MM, self.s.where("oasis_prices"))
        g.add(text_block(f, px + pw / 2, py + coin + 1.6 + (ph - coin - 3.2 - f.height) / 2, fill=INK,
                         where=self.s.where("oasis_prices")))

    def slot_origin(self, k: int) -> tuple[float, float]:
        """Top-left corner (mm, in a city's tile) of its market slot ``k`` (0 left, 1 right)."""
        gap = self.tile - 2 * CLEAR_MM - 2 * self.slot
        return CLEAR_MM + k * (self.slot + gap), self.tile - CLEAR_MM - self.slot

    def market_slots(self) -> list[tuple[float, float]]:
        """The centre (x, y trim mm) of every city's market slots, city by city in board order,
        left slot first: where the set-up puts the market tokens (two a city)."""
        spots = []
        for sp in self.game.board.of_kind("city"):
            x, y = self.cell(sp)
            for k in range(2):
                sx, sy = self.slot_origin(k)
                spots.append((round(x + sx + self.slot / 2, 4), round(y + sy + self.slot / 2, 4)))
        return spots

    def _city(self, g, sp, ink, accent):
        T, slot = self.tile, self.slot
        key = f"cities.{sp.id}"
        slot_top = self.slot_origin(0)[1]
        name_h = 9.5
        below = self._label(g, key, ink, role="display", size=8.5, height=name_h)
        # the city's walls and domes between the name and the market slots
        room = slot_top - below
        if room > 6:
            g.add(self.kind_picture("city", CLEAR_MM, below + 0.8, T - 2 * CLEAR_MM, room - 2.0))
        label = self.s("market_slot")
        for k in range(2):
            sx = self.slot_origin(k)[0]
            # a slot is framed by a coloured band, never a dashed line (dashes are fold lines)
            g.add(rect(sx, slot_top, slot, slot, fill="#F6FBFB", stroke=accent, stroke_mm=self.ink.width(1.2), radius=1.5,
                       class_="market-slot"))
            f = fit(label, "bold", slot - 6, 7, LABEL_MIN_MM, LONG_WORD_MIN_MM, self.s.where("market_slot"), max_lines=1)
            g.add(text_block(f, sx + slot / 2, slot_top + (slot - f.height) / 2, fill=legible(accent, "#F6FBFB"),
                             where=self.s.where("market_slot")))

    # ------------------------------------------------------------------ arrows
    def arrow_middle(self, a: str, b: str) -> tuple[float, float]:
        """Middle of the arrow from space ``a`` to ``b`` (on the gutter between them), trim mm."""
        (ax, ay), (bx, by) = self.centre(self.game.board.space(a)), self.centre(self.game.board.space(b))
        return (ax + bx) / 2, (ay + by) / 2

    def arrow(self, a: str, b: str):
        board = self.game.board
        sa, sb = board.space(a), board.space(b)
        (ax, ay), (bx, by) = self.centre(sa), self.centre(sb)
        ux, uy = (bx - ax) / self.space, (by - ay) / self.space
        mx, my = (ax + bx) / 2, (ay + by) / 2
        half = GUTTER_MM / 2 + ARROW_INTRUDE_MM
        pts = arrow_polygon(mx - ux * half, my - uy * half, mx + ux * half, my + uy * half,
                            ARROW_SHAFT_MM, ARROW_HEAD_W_MM, ARROW_HEAD_L_MM)
        g = group(id=f"arrow-{a}-{b}")
        g.add(polygon(pts, fill=ARROW_RED, stroke=ARROW_EDGE, stroke_mm=0.6))
        return g

    # ------------------------------------------------------------------ trading fields
    def trading_field(self, sp):
        """The mark of camp ``sp``'s trading field in local coordinates: u along the edge (0..space),
        v outwards from the grid (0..band, the trim at v = band).

        The field's cards lie on the table in front of the mark: real poker cards in a column
        of ``capacity`` cards overlapping by ``CASCADE_MM`` (``field_columns``).  The mark is a
        plate from ``MOUTH_TOP_MM`` out of the grid to the ornament line ``ORNAMENT_INSET_MM``
        inside the trim, ``FIELD_SIDE_MM`` clear of the column's sides (where a tile seam may
        fall), with the capacity, a label and a stack of card tops at its outer edge.
        """
        S, B = self.space, self.band
        cap = sp.capacity
        _, edge, ink, accent = KIND_STYLE["camp"]
        ink = legible(ink, MOUTH_FILL)
        rot = FIELD_ROTATION[sp.field]
        gx, gy = self.band + sp.column * S, self.band + sp.row * S
        origin = {
            "south": (gx, gy + S),
            "north": (gx + S, gy),
            "west": (gx, gy),
            "east": (gx + S, gy + S),
        }[sp.field]
        transform = f"translate({_num(origin[0])},{_num(origin[1])}) rotate({rot})"
        g = group(id=f"field-{sp.id}", transform=transform)
        # the mark: a closed plate wholly inside the trim, its outer edge on the ornament line
        mx, my = FIELD_SIDE_MM, MOUTH_TOP_MM
        mw, bottom = S - 2 * FIELD_SIDE_MM, B - ORNAMENT_INSET_MM
        g.add(rect(mx, my, mw, bottom - my, fill=MOUTH_FILL, stroke=edge, stroke_mm=0.7, radius=2.0))
        # a stack of card tops at the plate's outer edge: the column starts there, on the table
        ghost_bottom = bottom - 1.0
        for k in range(3):
            inset = 2.0 + 1.6 * k
            top = ghost_bottom - GHOST_TOP_MM + GHOST_STEP_MM * k
            g.add(rect(mx + inset, top, mw - 2 * inset, ghost_bottom - top, fill=self.ink.field(("#E9D3A8", "#F2E2C2", "#FFF8E8")[k], 0.5),
                       stroke=accent, stroke_mm=self.ink.width(0.6), radius=0.8))
        # connector arrow from the camp into the plate (drawn above the space tiles)
        tail = -(GUTTER_MM / 2 + ARROW_INTRUDE_MM)
        connector = group(id=f"field-arrow-{sp.id}", transform=transform)
        connector.add(polygon(arrow_polygon(S / 2, tail, S / 2, my + 0.6, 2.6, 7.0, 5.0), fill=legible(KIND_STYLE["camp"][2], BAND_GROUND),
                              stroke=ARROW_EDGE, stroke_mm=0.5))
        # capacity badge (left) and label (right), inside the plate, above the card tops
        lo, hi = mx + FIELD_PAD_MM, S - mx - FIELD_PAD_MM
        room_top, room_bottom = my + 1.6, ghost_bottom - GHOST_TOP_MM - 0.6
        r = min(6.0, (room_bottom - room_top) / 2)
        bx, by = lo + r, (room_top + room_bottom) / 2
        g.add(circle(bx, by, r, fill="#FFF8E8", stroke=accent, stroke_mm=0.8))
        num = fit(str(cap), "display", r * 1.4, r * 1.15, r * 1.5, 3, f"board: {sp.id}.capacity")
        g.add(text_block(num, bx, by - num.height / 2 - 0.4, fill=ink, where=f"board: {sp.id}"))
        lx = bx + r + 2.0
        lw = hi - lx
        key = "field_label"
        # the same cap height as the spaces' labels (4 mm): the plate names the field and its
        # cards; where the cards lie is the rules' and the stack of card tops' to say. A longer
        # translation takes two lines, down to the size whose cap height is exactly 4 mm.
        floor = math.ceil(4.0 / cap_height("bold") * 100) / 100
        f = fit(self.s(key, capacity=cap), "bold", lw, room_bottom - room_top, LABEL_MIN_MM, floor,
                self.s.where(key), max_lines=2)
        g.add(text_block(f, lx + lw / 2, (room_top + room_bottom - f.height) / 2, fill=ink, where=self.s.where(key)))
        return g, connector

    def field_columns(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        """Where each field's cards lie: (camp id, (x0, y0, x1, y1)) in board trim mm, on the table
        beyond the trim in front of the camp's mark: one card wide, as long as ``capacity``
        cards overlapping by ``CASCADE_MM`` (every card's top shows)."""
        S, B = self.space, self.band
        out = []
        for sp in self.game.board.of_kind("camp"):
            length = self.card_h + (sp.capacity - 1) * CASCADE_MM
            gx, gy = B + sp.column * S, B + sp.row * S
            lo = (S - self.card_w) / 2
            box = {
                "north": (gx + lo, -length, gx + lo + self.card_w, 0.0),
                "south": (gx + lo, self.height, gx + lo + self.card_w, self.height + length),
                "west": (-length, gy + lo, 0.0, gy + lo + self.card_w),
                "east": (self.width, gy + lo, self.width + length, gy + lo + self.card_w),
            }[sp.field]
            out.append((sp.id, box))
        return out


def arrow_polygon(x0: float, y0: float, x1: float, y1: float, shaft: float, head_w: float, head_l: float):
    """Points of a straight arrow from (x0, y0) to its tip at (x1, y1)."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    neck = length - head_l

    def at(along: float, across: float):
        return (x0 + ux * along + nx * across, y0 + uy * along + ny * across)

    return [at(0, shaft / 2), at(neck, shaft / 2), at(neck, head_w / 2), at(length, 0),
            at(neck, -head_w / 2), at(neck, -shaft / 2), at(0, -shaft / 2)]


def city_picture(x: float, y: float, w: float, h: float, ink):
    """A walled city in the box (x, y, w, h): turquoise ribbed domes and minarets behind a
    crenellated wall with a gate."""
    g = group()
    p = (lambda c: pale(c, 0.6)) if ink.saver else (lambda c: c)
    wall_top = y + h * 0.55
    brick, dark, dome, dome_dark, gold = p("#D9B98A"), p("#A9845A"), p("#2A9D8F"), p("#1E6F66"), p("#C9A24A")
    # minarets and domes behind the wall
    for fx, fw, fh in ((0.16, 0.05, 0.95), (0.84, 0.05, 0.95)):
        mx0 = x + w * fx - w * fw / 2
        g.add(rect(mx0, y + h * (1 - fh), w * fw, h * fh, fill=brick))
        g.add(rect(mx0 - w * 0.008, y + h * (1 - fh) + h * 0.12, w * (fw + 0.016), h * 0.05, fill=dome))
        g.add(polygon([(mx0, y + h * (1 - fh)), (mx0 + w * fw / 2, y + h * (1 - fh) - h * 0.12), (mx0 + w * fw, y + h * (1 - fh))],
                      fill=dome_dark))
    for cx, r, drum in ((0.5, 0.17, 0.2), (0.3, 0.1, 0.1), (0.7, 0.1, 0.1)):
        dx, rr = x + w * cx, min(w * r, h * (0.52 - drum) / 1.8)     # the finial stays inside the box
        base = wall_top - h * 0.02
        g.add(rect(dx - rr * 0.8, base - h * drum, rr * 1.6, h * drum + 0.5, fill=brick))
        top = base - h * drum
        d = (f"M{_num(dx - rr)},{_num(top)} C{_num(dx - rr)},{_num(top - rr * 1.1)} {_num(dx - rr * 0.2)},{_num(top - rr * 1.3)} "
             f"{_num(dx)},{_num(top - rr * 1.55)} C{_num(dx + rr * 0.2)},{_num(top - rr * 1.3)} {_num(dx + rr)},{_num(top - rr * 1.1)} "
             f"{_num(dx + rr)},{_num(top)} Z")
        g.add(path(d, fill=dome))
        for k in (-0.5, 0.0, 0.5):     # ribs
            g.add(rect(dx + k * rr - rr * 0.04, top - rr * (1.2 - abs(k) * 0.6), rr * 0.08, rr * (1.2 - abs(k) * 0.6), fill=dome_dark))
        g.add(rect(dx - rr * 0.04, top - rr * 1.8, rr * 0.08, rr * 0.3, fill=gold))
    # the wall, its crenellations and the gate
    g.add(rect(x, wall_top, w, y + h - wall_top, fill=brick))
    n = 13
    for k in range(n):
        g.add(rect(x + w * (k + 0.2) / n, wall_top - h * 0.07, w * 0.6 / n, h * 0.07 + 0.3, fill=brick))
    g.add(rect(x, y + h * 0.93, w, h * 0.07, fill=dark))
    gate_w = w * 0.12
    gx = x + w / 2 - gate_w / 2
    gate = (f"M{_num(gx)},{_num(y + h)} V{_num(wall_top + h * 0.2)} Q{_num(gx)},{_num(wall_top + h * 0.05)} "
            f"{_num(gx + gate_w / 2)},{_num(wall_top + h * 0.02)} Q{_num(gx + gate_w)},{_num(wall_top + h * 0.05)} "
            f"{_num(gx + gate_w)},{_num(wall_top + h * 0.2)} V{_num(y + h)} Z")
    g.add(path(gate, fill=p("#5A3A1A")))
    for fx in (0.2, 0.35, 0.65, 0.8):
        g.add(rect(x + w * fx - w * 0.015, wall_top + h * 0.15, w * 0.03, h * 0.12, fill=dark))
    return g
