"""Tabletop Simulator export (``pnp build GAME --target tts``): the kit as a saved object.

Writes ``OUT/<kit>-tts/``: the images and ``<kit>.json``, a TTS save state whose
``ObjectStates`` hold the whole kit for the chosen player count, variant and language, laid
out as a set-up begins: the board in the middle with the band the rules deal onto the table
kept free round it (the board face's ``meta["field_columns"]``, e.g. a board's trading fields),
beyond that band decks and draw bags on its right, the supply, the bank (a bag per money
value) and the rules on its left, and each seat's material (player board or price table,
pawn, player aid, the starting money and pieces of the recipe's ``set_up_takes``, own tokens)
in front of it, seats along the near edge, then the far edge; no two footprints overlap
(``_Table``).  A user copies the JSON into TTS's ``Saves/Saved Objects`` folder and leaves the
images where it points (or imports it from Objects → Saved Objects).

Sources of the format: the Tabletop Simulator knowledge base, "Save File Format"
(kb.tabletopsimulator.com/custom-content/save-file-format/: ``SaveState``, ``ObjectState``,
``CustomDeck`` keyed by the hundreds of a ``CardID``), "Custom Deck" (card sheets of at most
10 × 7 cells; "the last image on a card sheet" is the hidden card unless Back is Hidden),
"Custom Tile" (thickness in "in-game units (about an inch)"; Stretch squares a tile),
"Asset Importing" (a local file is its plain path) and "Asset Creation" (images
under 4096 × 4096 px); the TTS API's "Custom Game Objects" page (api.tabletopsimulator.com,
``setCustomObject``: Custom_Tile ``type`` 0 rectangle, 1 hex, 2 circle; Custom_Dice ``type``
0 d4, 1 d6, 2 d8, 3 d10, 4 d12, 5 d20).  Field names as TTS itself writes them
(``CustomImage.CustomTile``, ``CustomImage.CustomDice``, ``CustomDeck.BackIsHidden``,
``CustomPDF.PDFUrl``, ``RotationValues``).

Mapping (what a TTS user gets):

* a deck → ``DeckCustom``: its distinct faces (each inside its safe area, ``card_cell``) on
  card sheets of at most 10 × 7 cells (each cell of the card's trim proportions, since TTS
  stretches it over the card), at most 69 faces a sheet — the 70th (last) cell holds
  the back, so the hidden card shows the back whether or not TTS is told Back is Hidden (it
  is); ``CardID`` = sheet id × 100 + cell; one ``Card`` a copy, ``Nickname`` the card's
  name as printed with its number where it prints one ("Move 3"); cards and decks
  ``"Hands": true``, as TTS writes them (without it a card cannot be taken into a hand); a deck too large for one sheet continues on the next (never truncated).
  A deck without backs (tokens drawn blind, such as goods tokens) → a ``Bag`` of tiles.
* the board → a locked ``Custom_Tile`` (``Stretch`` false: its printed proportions), the
  object whose size at scale 1 is evidenced (``BASE_UNITS``).
* pieces the set-up lays on the board (the board face's ``meta["set_up_spots"]``: component
  id -> centres in trim mm, e.g. market tokens on the board's market slots) →
  one ``Custom_Tile`` a spot, in a shuffled order fixed per kit (``board_point`` converts).
* tokens, markers, price tables, player boards, player aids (a typeset face's PDF page
  rendered at trim) → ``Custom_Tile`` (a disc piece, one whose face has ``meta["disc_mm"]``,
  as a round tile: Type 2 with transparent corners), the bottom image plain card stock
  (``BLANK_BACK``); identical pieces of the supply or of one seat → one ``Custom_Tile_Stack``
  of the kit's count (``Number``, no contents: ``_stack``); a player's own piece whose player
  board has a spot for it (its face's ``meta["set_up_spots"]``) on that spot; money → a
  ``Bag`` per value holding the kit's notes or coins of it (the bank) less each player's
  starting money, dealt to the seats.
* fold-over standees → ``Figurine_Custom``: the upright front panel as cut, an opaque
  rectangle (the printed panel is one: its ground is part of the art, not a silhouette),
  the other panel as ``ImageSecondaryURL`` (the panels are read off the
  dashed fold lines, so any standee drawn with ``add_standee_folds`` works).
* a d6 net → ``Custom_Dice`` (Type 1), its printed faces in TTS's d6 layout and each face's
  label (e.g. "back 1") as its ``RotationValues`` value; a d8 numbered 1–8 → TTS's own
  ``Die_8`` (see ``_die``).
* the rules sheet → ``Custom_PDF`` (the kit's rules pages), left of the supply.
* Not carried over: a die of another shape, and what the kit prints only for cutting (crop
  marks, glue flaps, fold lines).

Sizes: 1 TTS unit = 1 inch = 25.4 mm (knowledge base, Custom Tile: "in-game units (about
an inch)"), positions in those units from the printed mm.  A custom tile (the board too) or figurine
gets ``scaleX``/``scaleZ`` = its longer printed side in units / ``BASE_UNITS``, the span TTS
gives a Custom_Tile's longer side at scale 1 (evidence: an open-source mod,
Esper-lvl4/ZX_TT_Mod ``wiki-parser/saved_objects/table_replacement.js``, lays two square
locked Custom_Tiles at scale 38 at x = -38 and +38 to meet edge to edge: 76 units wide); a card gets its printed width / ``STANDARD_CARD_MM``
(TTS's stock card taken as a poker card); a d6 its face's edge in units.  The card's and the
figurine's bases are assumptions, not measured in TTS (no TTS here), and the README says so: the knowledge base
documents no model size at scale 1 ("Custom Board": "The dimensions of the board will be
based off the dimensions of the image used"; "Custom Tile" gives only the thickness's unit).  Every image carries
its resolution (pHYs), so its printed size is read back from the file.

Images: cards at ``CARD_DPI`` (sheets scaled down to ``MAX_SHEET_PX``), tiles, tokens and
figurines at ``PIECE_DPI``, the board at the most dpi that keeps it within 4096 px
(``board_dpi``).  Names (``Nickname``, ``Description``, die values) keep to the characters
of ``name_safe`` (``tts_name``: "-1" for the printed "−1").  README.txt is in the kit's
language (the common language file's ``tts_readme`` strings).

Same inputs give byte-identical files: keys sorted, GUIDs derived from the kit and the
object's path (``guid``), no dates, no "-0.0" (``_plain_numbers``).
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from pnp.errors import OutputError

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1      # the last cell: the hidden card (the back)
MAX_SHEET_PX = 4096                                  # "keep the dimensions of your images under 4096"
CARD_DPI = 200                                       # a poker card 500 x 700 px; a full sheet 5000 px wide is
                                                     # cut down to 4096 by MAX_SHEET_PX
PIECE_DPI = 250                                      # tiles, tokens, figurines: sharp when TTS zooms in on one
BOARD_MAX_PX = MAX_SHEET_PX                          # the board as large as TTS loads, on its longer side
BOARD_MAX_DPI = 300                                  # ... but no finer than print (a small board)
TTS_UNIT_MM = 25.4                                   # knowledge base, Custom Tile: "about an inch"
BASE_UNITS = 2.0                                     # a Custom_Tile's longer side at scale 1 (module docstring)
STANDARD_CARD_MM = 63.5                              # TTS's stock card at scale 1, taken as poker width
D8_EDGE_UNITS = 1.0                                  # Die_8's edge at scale 1 (assumption)
TILE_THICKNESS = 0.1                                 # units: about 2.5 mm, a punched board token
BOARD_THICKNESS = 0.2                                # units: the board tile, a little thicker than a token
GAP_UNITS = 0.5                                      # units between two things the set-up lays side by side
BAG_UNITS = 2.0                                      # a Bag's footprint at scale 1, each way (assumption: room
                                                     # kept for it, not measured)
PDF_UNITS = (4.0, 5.66)                              # room kept for the rules' Custom_Pdf (an A4 page's proportions)
DIE_UNITS = 1.5                                      # room kept for a die
FIGURE_DEPTH_UNITS = 1.0                             # room kept in front of and behind a standing figurine
BLANK_BACK = "blank-back.png"                        # the bottom image of a one-sided piece: plain card stock


@dataclass(frozen=True)
class TtsFile:
    """One written file: ``path`` under the export folder and its bytes."""

    path: Path
    data: bytes


def guid(kit: str, path: str) -> str:
    """A six-hex-digit GUID derived from the kit name and the object's path in the save
    (TTS uses six hex digits; the same kit gives the same GUIDs)."""
    return hashlib.sha256(f"{kit}/{path}".encode("utf-8")).hexdigest()[:6]


# Typographic characters the kit prints whose plain stand-ins TTS's UI font surely has.
# Names in the JSON keep to printable ASCII and Latin-1 (Danish æ ø å, the "·" of a
# compound label): the font TTS shows names in is not documented to hold more, and a
# missing glyph shows as a box.  Only the JSON's names change; the printed kit keeps "−1".
NAME_STAND_INS = {"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u2011": "-", "\u2018": "'", "\u2019": "'",
                  "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2026": "...", "\u00a0": " ", "\u202f": " "}


def name_safe(ch: str) -> bool:
    """Whether ``ch`` may stand in a name TTS shows: printable ASCII or Latin-1 (U+00A1-U+00FF)."""
    return 0x20 <= ord(ch) < 0x7F or 0xA1 <= ord(ch) <= 0xFF


def tts_name(text: str) -> str:
    """``text`` in characters TTS's UI shows: typographic signs as their ASCII stand-ins
    (``NAME_STAND_INS``), any other character outside ``name_safe`` as its decomposed
    base letters (NFKD), dropped if it has none."""
    import unicodedata

    out = []
    for ch in text:
        ch = NAME_STAND_INS.get(ch, ch)
        if all(name_safe(c) for c in ch):
            out.append(ch)
        else:
            out.append("".join(c for c in unicodedata.normalize("NFKD", ch) if name_safe(c)))
    return "".join(out)


def face_title(face) -> str:
    """The face's name as printed: ``meta["title"]`` where the face's maker records it, with
    ``meta["number"]`` after it where the card prints one ("Move 3": the number is on the
    card's badge, not in its title); else the text of its largest type (longest of equals),
    or its face name's last part when it prints no text."""
    from pnp.printing.targets import face_svg

    if face.meta.get("title"):
        number = face.meta.get("number")
        return f"{face.meta['title']} {number}" if number not in (None, "") else face.meta["title"]

    found = re.findall(r'<text[^>]*font-size="([0-9.]+)"[^>]*>([^<]+)</text>', face_svg(face))
    if not found:
        return face.name.rsplit("/", 1)[-1]
    size = max(float(s) for s, _ in found)
    titles = [t.strip() for s, t in found if math.isclose(float(s), size, rel_tol=1e-6) and t.strip()]
    return max(titles, key=len) if titles else face.name.rsplit("/", 1)[-1]


def _png(face, dpi: int) -> bytes:
    from pnp.printing.targets import face_png

    return face_png(face, dpi)


def _image(png: bytes):
    from PIL import Image

    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def _encode(image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()


def card_cell(face, dpi: int = CARD_DPI):
    """What a card sheet's cell shows of ``face``: an RGB image at ``dpi`` of the largest
    box of the card's trim proportions (width / height as printed) centred inside its safe
    area (``pnp.geometry.SAFE_MM`` in from the trim on every side).  The band between trim
    and safe area holds nothing but the flat frame that forgives a miscut; on a screen it
    would be a dark border round every card.  TTS stretches a cell over a card of the
    trim's proportions, so the cell keeps them: a poker card (63.5 x 88.9 mm) loses a
    further 1.2 mm of its field's edge at head and foot, where no text is."""
    from pnp.geometry import SAFE_MM

    image = _image(_png(face, dpi))
    k = dpi / TTS_UNIT_MM
    inner_w, inner_h = face.width - 2 * SAFE_MM, face.height - 2 * SAFE_MM
    aspect = face.width / face.height
    w_mm, h_mm = (inner_w, inner_w / aspect) if inner_w / inner_h <= aspect else (inner_h * aspect, inner_h)
    w, h = round(w_mm * k), round(h_mm * k)
    left, top = round((image.width - w) / 2), round((image.height - h) / 2)
    return image.crop((left, top, left + w, top + h))


def card_sheets(faces: list, back, dpi: int = CARD_DPI) -> list[tuple[bytes, int, int, int]]:
    """Card sheets of ``faces`` (distinct fronts, in order, each as ``card_cell``) with ``back``
    in each sheet's last cell: (PNG, columns, rows, faces on it) per sheet, at most 10 × 7 cells and 69 faces a
    sheet, each image at most ``MAX_SHEET_PX`` on a side (cells scaled down to fit)."""
    from PIL import Image

    out = []
    for start in range(0, len(faces), MAX_FACES_PER_SHEET):
        chunk = faces[start:start + MAX_FACES_PER_SHEET]
        cells = len(chunk) + 1
        columns = min(MAX_COLUMNS, cells)
        rows = math.ceil(cells / columns)
        images = [card_cell(f, dpi) for f in chunk] + [card_cell(back, dpi)]
        w, h = images[0].size
        scale = min(1.0, MAX_SHEET_PX / (columns * w), MAX_SHEET_PX / (rows * h))
        cw = max(1, int(w * scale))
        ch = max(1, min(int(h * scale), round(cw * h / w)))       # the cell's proportions kept to the pixel
        sheet = Image.new("RGB", (columns * cw, rows * ch), "white")
        for i, image in enumerate(images[:-1]):
            sheet.paste(image.resize((cw, ch), Image.LANCZOS), ((i % columns) * cw, (i // columns) * ch))
        last = columns * rows - 1
        sheet.paste(images[-1].resize((cw, ch), Image.LANCZOS), ((last % columns) * cw, (last // columns) * ch))
        out.append((_encode(sheet), columns, rows, len(chunk)))
    return out


def _plain_numbers(value):
    """``value`` (the save's JSON tree) with every -0.0 as 0.0: rounding a small negative
    position gives -0.0, which json writes as "-0.0"."""
    if isinstance(value, dict):
        return {k: _plain_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_numbers(v) for v in value]
    if isinstance(value, float) and value == 0.0:
        return 0.0
    return value


def _money_value(piece) -> float:
    """The value a money piece prints (the first number of its title, e.g. 50 of "50"), for
    laying the bank out from the smallest value up; infinite when it prints none."""
    found = re.search(r"[-\u2212]?\d+(?:[.,]\d+)?", face_title(piece.front))
    if not found:
        return math.inf
    return float(found.group(0).replace("\u2212", "-").replace(",", "."))


def file_url(path: Path) -> str:
    """``path`` (made absolute) as the local file address TTS reads: ``file:///`` and the path
    with its characters as they are, "/" between parts ("file:///home/a b/x.png",
    "file:///C:/Users/a b/x.png").  Not percent-encoded: the knowledge base's "Asset
    Importing" page gives a local file as the plain path ("C:\\Users\\MrStump\\Documents\\
    Tabletop Creations\\example.png", its space kept), and documents no decoding of escapes
    such as ``%20`` in one.

    Raises:
        OutputError: the path holds a control character (no file address carries one)."""
    text = Path(path).resolve().as_posix()
    if any(ord(ch) < 32 or ch == "\x7f" for ch in text):
        raise OutputError("a control character in the export's path: Tabletop Simulator cannot address it; "
                          "choose another --out", file=text)
    return "file:///" + text.lstrip("/")


def _transform(x: float, z: float, scale: float = 1.0, rot_y: float = 180.0, y: float = 1.0) -> dict:
    return {"posX": round(x, 3), "posY": round(y, 3), "posZ": round(z, 3), "rotX": 0.0, "rotY": rot_y, "rotZ": 0.0,
            "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def board_dpi(face) -> int:
    """The resolution of the board's image: the most whole dots per inch that keep its
    longer side (trim + bleed) within ``BOARD_MAX_PX`` (TTS's image limit), at most
    ``BOARD_MAX_DPI`` (a board 468 mm long gets 222 dpi: 4090 px)."""
    longer_in = max(face.width, face.height) / TTS_UNIT_MM + 2 * face.bleed / TTS_UNIT_MM
    dpi = min(BOARD_MAX_DPI, math.floor(BOARD_MAX_PX / longer_in))
    while dpi > 1 and round(longer_in * dpi) > BOARD_MAX_PX:
        dpi -= 1
    return dpi


def units(mm: float) -> float:
    """``mm`` printed as TTS units (1 unit = 1 inch = 25.4 mm: the knowledge base's "in-game
    units (about an inch)", Custom Tile page)."""
    return mm / TTS_UNIT_MM


def image_scale(width_mm: float, height_mm: float) -> float:
    """The ``scaleX``/``scaleZ`` of a custom tile, board or figurine printed ``width_mm`` x
    ``height_mm``: its longer side in units over ``BASE_UNITS``, the span TTS gives an image's
    longer side at scale 1 (an assumption, not measured in TTS)."""
    return units(max(width_mm, height_mm)) / BASE_UNITS


def card_scale(width_mm: float) -> float:
    """The scale of a card ``width_mm`` wide: TTS draws a card at scale 1 as its stock card,
    taken to be a poker card (``STANDARD_CARD_MM`` wide; an assumption, not measured)."""
    return width_mm / STANDARD_CARD_MM


def _rgba(face, dpi: int):
    """``face`` rendered at ``dpi`` with nothing under the art (unpainted pixels transparent)."""
    from PIL import Image

    from pnp.printing.pdf import cairosvg_module
    from pnp.printing.targets import face_svg, px_of

    w = px_of(face.width + 2 * face.bleed, dpi)
    h = px_of(face.height + 2 * face.bleed, dpi)
    png = cairosvg_module().svg2png(bytestring=face_svg(face).encode("utf-8"), output_width=w, output_height=h)
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGBA")


def _encode_dpi(image, dpi: int) -> bytes:
    from pnp.printing.targets import _with_dpi

    return _with_dpi(_encode(image), dpi)


def _crop_mm(image, face, box: tuple[float, float, float, float], dpi: int):
    """The part of ``image`` (``face`` rendered at ``dpi``) inside ``box`` = (x, y, w, h) in trim mm."""
    k = dpi / TTS_UNIT_MM
    x, y, w, h = box
    b = face.bleed
    return image.crop((round((x + b) * k), round((y + b) * k), round((x + b + w) * k), round((y + b + h) * k)))


def standee_panels(face) -> tuple[float, float] | None:
    """(foot, panel) heights in mm of a fold-over standee, read off its drawing: the three
    dashed fold lines across its whole width (foot | figure upside down | figure | foot,
    as ``pnp.components.cutouts.add_standee_folds`` draws them), or None."""
    from pnp.printing.targets import face_svg

    ys = set()
    for attrs in re.findall(r"<line ([^>]*stroke-dasharray[^>]*)/?>", face_svg(face)):
        v = dict(re.findall(r'([a-z0-9-]+)="([^"]*)"', attrs))
        try:
            x1, y1, x2, y2 = (float(v[k]) for k in ("x1", "y1", "x2", "y2"))
        except (KeyError, ValueError):
            continue
        if math.isclose(y1, y2, abs_tol=1e-6) and math.isclose(abs(x2 - x1), face.width, abs_tol=1e-3):
            ys.add(round(y1, 4))
    folds = sorted(ys)
    if len(folds) != 3 or not math.isclose(folds[1] - folds[0], folds[2] - folds[1], abs_tol=1e-3):
        return None
    return folds[0], folds[1] - folds[0]


def round_image(image):
    """``image`` (a square) with every pixel outside its inscribed circle transparent."""
    from PIL import Image, ImageDraw

    mask = Image.new("L", (image.width * 4, image.height * 4), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, mask.width - 1, mask.height - 1), fill=255)
    mask = mask.resize(image.size, Image.LANCZOS)
    out = image.copy()
    alpha = Image.new("L", image.size, 0)
    alpha.paste(image.getchannel("A"), mask=mask)
    out.putalpha(alpha)
    return out


# TTS's d6 template: the cell of each face value (left, top, px at 2048 px; turned 180 degrees
# or not) and the rotation that shows it on top.  Source: an open-source TTS save writer's
# D6 layout and rotation values (faces 2 4 5 on the upper row, 1 3 6 below, 1 and 6 upside
# down), not checked against the template shipped in TTS's Modding/Dice Templates folder.
D6_TEXTURE_PX, D6_CELL_PX = 2048, 500
D6_INSET_MM = LINE_INSET_MM = 0.4                    # mm in past a net's cut and fold lines
D6_LAYOUT = {1: (71, 1462, True), 2: (71, 767, False), 3: (771, 1462, False),
             4: (771, 767, False), 5: (1462, 767, False), 6: (1462, 1462, True)}
D6_ROTATIONS = {1: (-90.0, 0.0, 0.0), 2: (0.0, 0.0, 0.0), 3: (0.0, 0.0, -90.0), 4: (0.0, 0.0, 90.0),
                5: (0.0, 0.0, -180.0), 6: (90.0, 0.0, 0.0)}


def d6_texture(face) -> tuple[bytes, list[dict]] | None:
    """The TTS d6 texture of a cube net (``meta["die_faces"]``: six (label, x, y, size mm),
    opposite faces at 0/5, 1/4, 2/3, as TTS's values 1/6, 2/5, 3/4) and its RotationValues
    (each face's printed label as its value), or None for a face that is not a d6 net."""
    from PIL import Image

    squares = face.meta.get("die_faces")
    if not squares or len(squares) != 6:
        return None
    size_mm = squares[0][3]
    dpi = max(1, round(D6_CELL_PX / size_mm * TTS_UNIT_MM))
    net = _rgba(face, dpi)
    texture = Image.new("RGBA", (D6_TEXTURE_PX, D6_TEXTURE_PX), (255, 255, 255, 255))
    values = []
    printed = face.meta.get("die_back_label")
    for value, (label, x, y, size) in enumerate(squares, start=1):
        # inset past the cut and fold lines on the square's edges: the face alone
        cell = _crop_mm(net, face, (x + D6_INSET_MM, y + D6_INSET_MM, size - 2 * D6_INSET_MM, size - 2 * D6_INSET_MM),
                        dpi).resize((D6_CELL_PX, D6_CELL_PX), Image.LANCZOS)
        left, top, turned = D6_LAYOUT[value]
        texture.paste(cell.rotate(180) if turned else cell, (left, top))
        rx, ry, rz = D6_ROTATIONS[value]
        shown = label if label.isdigit() or not printed else printed     # as printed: pips, or "back 1"
        values.append({"Value": shown, "Rotation": {"x": rx, "y": ry, "z": rz}})
    return _encode(texture.convert("RGB")), values


Rect = tuple[float, float, float, float]     # (x0, z0, x1, z1) in TTS units, x0 < x1, z0 < z1


def overlaps(a: Rect, b: Rect, eps: float = 1e-6) -> bool:
    """Whether the footprints ``a`` and ``b`` share any area (touching edges do not)."""
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def field_rects(board) -> list[Rect]:
    """The board's trading fields (``meta["field_columns"]``: (id, (x0, y0, x1, y1)) in board
    trim mm, on the table beyond the trim where the field's cards lie) as footprints in TTS
    units, for a board laid as ``board_point`` lays it; [] for a board without any."""
    out = []
    for _, (x0, y0, x1, y1) in board.meta.get("field_columns", []):
        ax, az = board_point(x0, y0, board.width, board.height)
        bx, bz = board_point(x1, y1, board.width, board.height)
        out.append((min(ax, bx), min(az, bz), max(ax, bx), max(az, bz)))
    return out


class _Table:
    """Where the set-up puts things (TTS x to the right, z away from the first seats): the
    board in the middle, kept free round it (``keep_free``: the trading fields, where the
    rules deal cards on the table), decks and draw bags in columns on its right, the supply,
    the bank and the rules in columns on its left, each seat's material in front of it (seats
    along the near edge, then the far edge), every band beyond the keep-free areas of its
    edge.  Every footprint taken is recorded (``taken``) and no two overlap: a spot that
    would overlap is moved on (``_column``)."""

    def __init__(self, board_w: float, board_d: float, players: int, seat_w: float = 0.0,
                 keep_free: list[Rect] | None = None):
        self.board_w, self.board_d, self.players = board_w, board_d, max(1, players)
        self.seat_w = seat_w        # the widest thing a seat gets: seats side by side never overlap
        keep_free = list(keep_free or [])
        hw, hd = board_w / 2, board_d / 2
        # how far the keep-free areas reach beyond each edge of the board
        west = max([-hw - r[0] for r in keep_free if r[0] < -hw], default=0.0)
        east = max([r[2] - hw for r in keep_free if r[2] > hw], default=0.0)
        south = max([-hd - r[1] for r in keep_free if r[1] < -hd], default=0.0)
        north = max([r[3] - hd for r in keep_free if r[3] > hd], default=0.0)
        self.west, self.east = -hw - west - GAP_UNITS, hw + east + GAP_UNITS
        self.south, self.north = -hd - south - GAP_UNITS, hd + north + GAP_UNITS
        self.taken: list[Rect] = [(-hw, -hd, hw, hd)] + keep_free
        self.columns = {"supply": [self.west, hd, 0.0], "deck": [self.east, hd, 0.0]}   # edge x, next z, widest
        self.seat_cursor = [0.0] * self.players

    def free(self, rect: Rect) -> bool:
        return not any(overlaps(rect, other) for other in self.taken)

    def take(self, x: float, z: float, w: float, d: float) -> tuple[float, float]:
        self.taken.append((x - w / 2, z - d / 2, x + w / 2, z + d / 2))
        return x, z

    def _column(self, key: str, w: float, d: float) -> tuple[float, float]:
        """The next free spot of ``w`` x ``d`` units in the columns of ``key`` (``supply``
        leftwards from the board's west band, ``deck`` rightwards from its east band), each
        column from the board's far edge down to its near edge."""
        side = -1.0 if key == "supply" else 1.0
        column = self.columns[key]
        for _ in range(10000):
            edge, top, widest = column
            if top - d < -self.board_d / 2 and widest > 0.0:       # column full: start the next one out
                column[:] = [edge + side * (widest + GAP_UNITS), self.board_d / 2, 0.0]
                continue
            x, z = edge + side * w / 2, top - d / 2
            taller = widest == 0.0 and d > self.board_d      # longer than any column: alone in its own
            if taller or self.free((x - w / 2, z - d / 2, x + w / 2, z + d / 2)):
                column[1], column[2] = top - d - GAP_UNITS, max(widest, w)
                return self.take(x, z, w, d)
            column[1] = top - 0.25
            if column[1] - d < -self.board_d / 2 and widest == 0.0:   # nothing fits this column: the next
                column[:] = [edge + side * (w + GAP_UNITS), self.board_d / 2, 0.0]
        raise AssertionError(f"no free spot of {w:.2f} x {d:.2f} units in the {key} columns")   # pragma: no cover

    def deck(self, w: float, d: float) -> tuple[float, float]:
        return self._column("deck", w, d)

    def supply(self, w: float, d: float) -> tuple[float, float]:
        return self._column("supply", w, d)

    def seat_of(self, seat: int) -> tuple[float, float, float]:
        """Centre x, edge z and the y rotation of seat ``seat`` (facing the board)."""
        near = math.ceil(self.players / 2)
        row, k, n = (0, seat, near) if seat < near else (1, seat - near, self.players - near)
        span = max(self.board_w, n * (self.seat_w + 1.0))
        x = -span / 2 + span * (k + 0.5) / n
        return (x, self.south, 180.0) if row == 0 else (-x, self.north, 0.0)

    def at_seat(self, seat: int, w: float, d: float) -> tuple[float, float, float]:
        x, edge, rot = self.seat_of(seat % self.players)
        offset = self.seat_cursor[seat % self.players]
        self.seat_cursor[seat % self.players] += d + GAP_UNITS
        z = edge - offset - d / 2 if rot == 180.0 else edge + offset + d / 2
        self.take(x, z, w, d)
        return x, z, rot

    def row_at_seat(self, seat: int, sizes: list[tuple[float, float]]) -> list[tuple[float, float, float]]:
        """Spots for pieces of ``sizes`` (w, d units) side by side in front of seat ``seat``,
        in rows as wide as the seat (``seat_w``), outwards from what the seat holds already."""
        x0, edge, rot = self.seat_of(seat % self.players)
        out, row, rows = [], [], []
        width = max(self.seat_w, max((w for w, _ in sizes), default=0.0))
        for w, d in sizes:                              # break into rows no wider than the seat
            if row and sum(r[0] for r in row) + GAP_UNITS * len(row) + w > width + 1e-9:
                rows.append(row)
                row = []
            row.append((w, d))
        if row:
            rows.append(row)
        sign = -1.0 if rot == 180.0 else 1.0
        for row in rows:
            depth = max(d for _, d in row)
            total = sum(w for w, _ in row) + GAP_UNITS * (len(row) - 1)
            offset = self.seat_cursor[seat % self.players]
            z = edge + sign * (offset + depth / 2)
            x = x0 - sign * total / 2                   # left to right as the seat sees it
            for w, d in row:
                cx = x + sign * w / 2
                self.take(cx, z, w, d)
                out.append((cx, z, rot))
                x += sign * (w + GAP_UNITS)
            self.seat_cursor[seat % self.players] += depth + GAP_UNITS
        return out


def export_tts(pieces: list, kit_name: str, folder: Path, rules_pdf: bytes, url_base: str | None,
               labels: dict[str, str], names: dict[str, str] | None = None,
               colours: dict[str, str] | None = None, players: int = 1,
               texts=None, takes: dict[str, dict[str, int]] | None = None) -> tuple[list[TtsFile], dict]:
    """The files of the TTS export and its report.

    ``pieces``: ``pnp.printing.targets.collect_pieces`` of the kit laid out without bleed;
    ``labels``: component id -> its name in the kit's language (the Description of its
    objects); ``names``: a face's id (the last part of its name, e.g. ``meat`` of
    ``good/meat``) -> the piece's name in the kit's language, where the language file names
    it (a good); ``colours``: a player colour's id -> its name in words (the Nickname of a
    player's piece adds it: "Camels (rød)"); ``players``: the seats, for what the set-up gives each player;
    ``rules_pdf``: the rules sheet; ``url_base``: None for ``file:///`` URLs to the images
    beside the JSON, else a hosted folder's address ending in ``/``; ``texts``: the
    README.txt's strings in the kit's language, ``texts(key, count=None, **fields)`` of the
    common language file's ``tts_readme`` section (``strings_texts`` of the kit's strings;
    required: the README.txt is written in the kit's language); ``takes``: what each player
    takes at set-up (the kit recipe's ``set_up_takes``: component id -> {face id: count},
    "*" the seat's own colour), dealt to the seats from the bank or the seat's own pieces
    (the rest of the seat's own: set aside, named as spares).

    Returns (files, report) where report counts every component's objects (the kit's counts).
    """
    import random

    names, colours, takes = names or {}, colours or {}, takes or {}
    if texts is None:
        raise TypeError("export_tts needs texts: strings_texts(the kit's strings)")
    files: list[TtsFile] = []
    objects: list[dict] = []
    skipped: list[tuple[str, str]] = []
    report: dict[str, dict] = {}

    def url(name: str) -> str:
        if url_base:
            return url_base + quote(name)
        return file_url(folder / name)

    written: set[str] = set()

    def add_image(name: str, data: bytes) -> str:
        if name not in written:         # a back shared by several decks: one file
            written.add(name)
            files.append(TtsFile(folder / name, data))
        return url(name)

    blank = add_image(BLANK_BACK, _encode_dpi(_blank_back(), PIECE_DPI))

    def nickname(face, label: str) -> str:
        own = face.name.rsplit("/", 1)[-1]
        if own in names:
            return names[own]
        title = face_title(face)
        if not any(ch.isalpha() for ch in title):      # a value only ("10", "−1"): with what it is
            title = f"{label}: {title}"
        elif title == own:                              # no name printed: the component's
            title = label
        if own in colours and colours[own].lower() not in title.lower():
            return f"{title} ({colours[own]})"     # a player's piece: and the player's colour, in words
        return title

    boards = [p for p in pieces if p.kind == "board" and p.component == "board"]
    board = boards[0] if boards else None
    bw = units(board.front.width) if board else 16.0
    bh = units(board.front.height) if board else 16.0
    by_component: dict[str, list] = {}
    for p in pieces:
        if p is not board:
            by_component.setdefault(p.component, []).append(p)
    seat_w = max([units(p.front.width) for group in by_component.values() if _per_seat(group, players, colours)
                  for p in group], default=0.0)
    for component, per_face in takes.items():       # a seat's notes side by side in one row
        group = by_component.get(component, [])
        if group and "*" not in per_face:
            seat_w = max(seat_w, min(3, len(per_face)) * (units(group[0].front.width) + GAP_UNITS) - GAP_UNITS)
    table = _Table(bw, bh, players, seat_w, field_rects(board.front) if board is not None else [])
    spots = dict(board.front.meta.get("set_up_spots", {})) if board is not None else {}
    if board is not None:
        dpi = board_dpi(board.front)
        image = add_image("board.png", _encode_dpi(_image(_png(board.front, dpi)), dpi))
        objects.append({"Name": "Custom_Tile", "Nickname": labels.get("board", "board"),
                        "Transform": _transform(0.0, 0.0, image_scale(board.front.width, board.front.height), y=0.9),
                        "CustomImage": {"ImageURL": image, "ImageSecondaryURL": blank, "WidthScale": 0.0,
                                        "CustomTile": {"Type": 0, "Thickness": BOARD_THICKNESS, "Stackable": False,
                                                       "Stretch": False}},
                        "Locked": True, "GUID": guid(kit_name, "board")})
        report["board"] = {"objects": 1, "kind": "Custom_Tile"}

    sheet_id = 0
    seat_boards: dict[str, tuple[float, float, float, object]] = {}   # colour id -> (x, z, rot y, face)
    # boards and tables first: a seat's board lies nearest the table's middle, its pieces beyond
    ordered = sorted(by_component.items(), key=lambda item: item[1][0].kind not in ("board", "table"))
    for component, group in ordered:
        kind = group[0].kind
        label = labels.get(component, component)
        slug = re.sub(r"[^a-z0-9-]+", "-", component.lower())
        if kind == "deck" and all(p.back is not None for p in group):
            contained, custom = [], {}
            by_back: dict[str, list] = {}
            for p in group:             # cards with different backs go on sheets of their own
                by_back.setdefault(p.back.name, []).append(p)
            for back_name, cards in by_back.items():
                back_file = re.sub(r"[^A-Za-z0-9._-]+", "-", back_name).strip("-") + ".png"
                back_url = add_image(back_file, _encode_dpi(card_cell(cards[0].back), CARD_DPI))
                for start in range(0, len(cards), MAX_FACES_PER_SHEET):
                    chunk = cards[start:start + MAX_FACES_PER_SHEET]
                    (png, columns, rows, _), = card_sheets([p.front for p in chunk], chunk[0].back)
                    sheet_id += 1
                    face_url = add_image(f"{slug}-sheet{sheet_id}.png", png)
                    custom[str(sheet_id)] = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": columns,
                                             "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False, "Type": 0}
                    for cell, p in enumerate(chunk):
                        title = face_title(p.front)
                        card_id = sheet_id * 100 + cell
                        for copy in range(p.count):
                            contained.append({"Name": "Card", "Nickname": title, "Description": label,
                                              "CardID": card_id, "Hands": True, "CustomDeck": {str(sheet_id): custom[str(sheet_id)]},
                                              "Transform": _transform(0, 0, card_scale(p.front.width)),
                                              "GUID": guid(kit_name, f"{slug}/{card_id}/{copy}")})
            # shuffled as the set-up shuffles it, in an order fixed by the kit (byte-identical builds)
            random.Random(f"{kit_name}/{slug}").shuffle(contained)
            first = group[0].front
            x, z = table.deck(units(first.width), units(first.height))
            objects.append({"Name": "DeckCustom", "Nickname": label, "Hands": True,
                            "Transform": _transform(x, z, card_scale(first.width), y=1.2) | {"rotZ": 180.0},
                            "DeckIDs": [c["CardID"] for c in contained], "CustomDeck": custom,
                            "ContainedObjects": contained, "GUID": guid(kit_name, slug)})
            report[component] = {"objects": len(contained), "kind": "DeckCustom", "sheets": len(custom)}
            continue
        if kind == "die":
            total = 0
            for p in group:
                die = _die(p, label, kit_name, slug, add_image)
                if die is None:
                    skipped.append(("no_die", label))
                    continue
                x, z = table.supply(DIE_UNITS, DIE_UNITS)
                die["Transform"] = _transform(x, z, die.pop("_scale"), y=1.5)
                objects.append(die)
                total += p.count
            if total:
                report[component] = {"objects": total, "kind": objects[-1]["Name"]}
            continue
        # everything else: figurines, tiles and stacks, money banks, bags of tiles
        if kind == "money":         # the bank's bags from the smallest value up, not in the order of the names
            group = sorted(group, key=_money_value)
        per_seat = _per_seat(group, players, colours)
        taken = takes.get(component, {})
        total = 0
        drawn: list[dict] = []
        on_board: list[tuple[dict, float]] = []     # (tile, scale) of the pieces the set-up puts on the board
        dealt: list[tuple[float, list[dict], float, float]] = []   # money dealt: (value, each seat's copies, w, d)
        for index, p in enumerate(group):
            name = re.sub(r"[^A-Za-z0-9._-]+", "-", p.front.name).strip("-")
            title = nickname(p.front, label)
            path = f"{slug}/{name}"
            own = p.front.name.rsplit("/", 1)[-1]
            if kind == "standee":
                figure = _figurine(p, title, label, name, add_image)
                w_mm, h_mm = figure.pop("_mm")
                for copy in range(p.count):
                    seat = index if len(group) == players else copy
                    if per_seat:
                        x, z, rot = table.at_seat(seat, units(w_mm), FIGURE_DEPTH_UNITS)
                    else:
                        x, z = table.supply(units(w_mm), FIGURE_DEPTH_UNITS)
                        rot = 180.0
                    objects.append(figure | {"Transform": _transform(x, z, image_scale(w_mm, h_mm), rot_y=rot),
                                             "GUID": guid(kit_name, f"{path}/{copy}")})
                total += p.count
                continue
            if p.front.meta.get("pdf") is not None:     # typeset (a player aid): its PDF page as the image
                tile, (w_mm, h_mm) = _pdf_tile(p, title, label, name, add_image, blank)
            else:
                tile, (w_mm, h_mm) = _tile(p, title, label, name, add_image, blank)
            scale = image_scale(w_mm, h_mm)
            w_u, d_u = units(w_mm), units(h_mm)
            copies = [tile | {"Transform": _transform(0, 0, scale), "GUID": guid(kit_name, f"{path}/{copy}")}
                      for copy in range(p.count)]
            total += p.count
            if kind == "deck":          # a deck without backs is drawn blind: its pieces go in one bag
                drawn.extend(copies)
                continue
            if component in spots:      # the set-up puts these on the board: placed after the group
                on_board.extend((copy, scale) for copy in copies)
                continue
            if kind == "money":         # the bank: one bag per value, less what the players take
                each = taken.get(own, 0)
                if each * players > len(copies):
                    raise OutputError(f"the set-up gives each of {players} players {each} of '{title}', but the "
                                      f"kit prints {len(copies)}", key=f"set_up_takes {component}")
                if each:
                    dealt.append((_money_value(p), [copies[s * each:(s + 1) * each] for s in range(players)], w_u, d_u))
                    copies = copies[players * each:]
                x, z = table.supply(max(w_u, BAG_UNITS), max(d_u, BAG_UNITS))
                objects.append({"Name": "Bag", "Nickname": title, "Description": label,
                                "Transform": _transform(x, z), "ContainedObjects": copies,
                                "GUID": guid(kit_name, f"{path}/bank")})
                continue
            if per_seat and len(group) == players:      # one kind for each player: in front of their seat
                keep = taken.get("*", len(copies))
                seat_copies, spare = copies[:keep], copies[keep:]
                board_spot = _seat_board_spot(seat_boards.get(own), component)
                if board_spot is not None and len(seat_copies) == 1:      # on its space of the player's board
                    x, z, rot = board_spot
                    objects.append(seat_copies[0] | {"Transform": _transform(x, z, scale, rot_y=rot,
                                                                             y=1.0 + BOARD_THICKNESS)})
                elif seat_copies:
                    x, z, rot = table.at_seat(index, w_u, d_u)
                    objects.append(_stack(tile, seat_copies, x, z, scale, rot, guid(kit_name, f"{path}/stack")))
                if kind == "board":
                    seat_boards[own] = (x, z, rot, p.front)
                if spare:                               # what the set-up does not give: aside, named so
                    x, z = table.supply(w_u, d_u)
                    aside = [c | {"Nickname": f"{c['Nickname']} ({texts('spare')})"} for c in spare]
                    objects.append(_stack(aside[0], aside, x, z, scale, 180.0, guid(kit_name, f"{path}/spare")))
                continue
            if per_seat:                # as many as players: one in front of each seat
                for copy, obj in enumerate(copies):
                    x, z, rot = table.at_seat(copy, w_u, d_u)
                    objects.append(obj | {"Transform": _transform(x, z, scale, rot_y=rot)})
                continue
            x, z = table.supply(w_u, d_u)
            objects.append(_stack(tile, copies, x, z, scale, 180.0, guid(kit_name, f"{path}/stack")))
        if dealt:                   # each player's starting money, highest value first, in one row at the seat
            dealt.sort(key=lambda item: -item[0])
            for seat in range(players):
                spots_at = table.row_at_seat(seat, [(w, d) for _, _, w, d in dealt])
                for (_, per_seat_copies, _, _), (x, z, rot) in zip(dealt, spots_at):
                    mine = per_seat_copies[seat]
                    scale = mine[0]["Transform"]["scaleX"]
                    objects.append(_stack(mine[0], mine, x, z, scale, rot, guid(kit_name, f"{mine[0]['GUID']}/seat")))
        if on_board:
            objects.extend(_on_board(on_board, spots[component], board.front, kit_name, table, f"{slug}/rest"))
        if kind == "deck" and drawn:
            x, z = table.deck(BAG_UNITS, BAG_UNITS)
            objects.append({"Name": "Bag", "Nickname": label, "Transform": _transform(x, z),
                            "ContainedObjects": drawn, "GUID": guid(kit_name, f"{slug}/bag")})
        if total:
            report[component] = {"objects": total, "kind": {"standee": "Figurine_Custom", "deck": "Custom_Tile in a Bag",
                                                             "money": "Bag (bank)"}.get(kind, "Custom_Tile")}

    rules_url = add_image("rules.pdf", rules_pdf)
    x, z = table.supply(*PDF_UNITS)
    objects.append({"Name": "Custom_PDF", "Nickname": labels.get("rules", "rules"),
                    "Transform": _transform(x, z, 1.0),
                    "CustomPDF": {"PDFUrl": rules_url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0},
                    "GUID": guid(kit_name, "rules")})
    _distinct_names(objects)
    for obj in _every(objects):     # what the layout used: not for TTS
        obj.pop("_mm", None)
    for obj in objects:     # the fields TTS writes for every object, at their defaults
        obj.setdefault("Description", "")
        obj.setdefault("Locked", False)
        obj.setdefault("ColorDiffuse", {"r": 1.0, "g": 1.0, "b": 1.0})
    for obj in _every(objects):     # names as TTS's UI font shows them ("-1", not "−1")
        for key in ("Nickname", "Description"):
            if key in obj:
                obj[key] = tts_name(obj[key])
        for value in obj.get("RotationValues", []):
            value["Value"] = tts_name(value["Value"])
    save = {"SaveName": kit_name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects}
    text = json.dumps(_plain_numbers(save), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    files.append(TtsFile(folder / f"{kit_name}.json", text.encode("utf-8")))
    readme = _readme(kit_name, report, skipped, url_base, texts, labels)
    files.append(TtsFile(folder / "README.txt", readme.encode("utf-8")))
    return files, report


def _seat_board_spot(seat_board, component: str) -> tuple[float, float, float] | None:
    """Where the set-up puts a player's own piece of ``component`` on their board (the board
    face's ``meta["set_up_spots"][component]``, its first centre in trim mm): (x, z, rot y)
    for the board laid at ``seat_board`` = (x, z, rot y, face), or None."""
    if seat_board is None:
        return None
    x, z, rot, face = seat_board
    found = face.meta.get("set_up_spots", {}).get(component)
    if not found:
        return None
    dx, dz = board_point(*found[0], face.width, face.height)       # as laid at rot y 180, upright
    if rot != 180.0:
        dx, dz = -dx, -dz
    return x + dx, z + dz, rot


def _distinct_names(objects: list[dict]) -> None:
    """Tiles of two components that would share a Nickname (spare goods and the goods in
    the bag): those of the component with fewer pieces get the component's name
    after theirs ("Meat (Spare goods)"), so a spare is not taken for a piece in play."""
    by_name: dict[str, dict[str, list[dict]]] = {}
    for obj in _every(objects):
        if obj["Name"] not in ("Custom_Tile", "Custom_Tile_Stack"):     # a card named as a token is no spare
            continue
        by_name.setdefault(obj.get("Nickname", ""), {}).setdefault(obj.get("Description", ""), []).append(obj)
    for name, groups in by_name.items():
        if len(groups) < 2:
            continue
        largest = max(groups, key=lambda d: (sum(o.get("Number", 1) for o in groups[d]), d))
        for description, objs in groups.items():
            if description != largest and description:
                for obj in objs:
                    obj["Nickname"] = f"{name} ({description})"


def _blank_back():
    """The bottom image of a piece printed on one side: plain white card stock (8 x 8 px;
    TTS stretches it over the tile)."""
    from PIL import Image

    return Image.new("RGB", (8, 8), "white")


def board_point(x_mm: float, y_mm: float, board_w_mm: float, board_h_mm: float) -> tuple[float, float]:
    """The TTS (x, z) of the point (``x_mm``, ``y_mm``) of the board's trim (mm from its top
    left corner), for a board centred on the table's origin with its top edge towards +z
    (away from the near seats, as ``_Table`` seats them)."""
    return units(x_mm - board_w_mm / 2), units(board_h_mm / 2 - y_mm)


def _on_board(pieces: list[tuple[dict, float]], spots: list, board, kit_name: str, table: "_Table",
              rest_path: str) -> list[dict]:
    """The pieces the set-up lays on the board (``meta["set_up_spots"]`` of the board face:
    centres in trim mm), shuffled as the rules shuffle them (a fixed order per kit, so two
    builds are byte-identical), one a spot; those beyond the spots (e.g. the demand markers
    left after those on the board's start spaces) one stack in the supply."""
    import random

    order = list(range(len(pieces)))
    random.Random(kit_name).shuffle(order)
    out, rest = [], []
    for k, index in enumerate(order):
        tile, scale = pieces[index]
        if k < len(spots):
            x, z = board_point(*spots[k], board.width, board.height)
            out.append(tile | {"Transform": _transform(x, z, scale, y=1.0 + BOARD_THICKNESS)})
        else:
            rest.append(tile)
    if rest:
        scale = rest[0]["Transform"]["scaleX"]
        size = _tile_units(rest[0])
        x, z = table.supply(*size)
        out.append(_stack(rest[0], rest, x, z, scale, 180.0, guid(kit_name, rest_path)))
    return out


def _tile_units(tile: dict) -> tuple[float, float]:
    """The footprint (w, d units) of a tile as ``_tile`` made it (``_mm``: its printed size)."""
    w_mm, h_mm = tile["_mm"]
    return units(w_mm), units(h_mm)


def _every(objects: list[dict]):
    """Every object of ``objects`` and, depth first, every object inside it."""
    for obj in objects:
        yield obj
        yield from _every(obj.get("ContainedObjects", []))


def _per_seat(group: list, players: int, colours: dict) -> bool:
    """Whether a component's pieces are one for each player: a kind per player colour (each
    face's id a colour of ``colours``), or one table, board or player aid as many times as
    there are players.  The set-up puts them in front of the seats."""
    if group[0].kind in ("deck", "money", "die"):
        return False
    if len(group) == players and all(p.front.name.rsplit("/", 1)[-1] in colours for p in group):
        return True
    return len(group) == 1 and group[0].count == players and group[0].kind in ("table", "board", "aid")


def _stack(tile: dict, copies: list[dict], x: float, z: float, scale: float, rot: float, stack_guid: str) -> dict:
    """One tile at (x, z), or identical tiles as one ``Custom_Tile_Stack``: the tile's own
    fields (its ``CustomImage``) and ``Number``, the kit's count, and no list of contents.
    That is the shape TTS saves a stack of identical tiles in: its Lua API counts a stack by
    ``getQuantity()`` and deals from it with ``takeObject`` without contents of its own,
    and tools that read saved mods take a ``Custom_Tile_Stack``'s count from ``Number`` and
    its picture from its ``CustomImage`` (e.g. a TTS-mod converter: "count: o.Name ===
    'Custom_Tile_Stack' ? o.Number : 1").  Lies at ``y`` 1 + its height (``Number`` x
    ``TILE_THICKNESS``) and settles."""
    if len(copies) == 1:
        return copies[0] | {"Transform": _transform(x, z, scale, rot_y=rot)}
    return tile | {"Name": "Custom_Tile_Stack", "Number": len(copies), "Nickname": copies[0]["Nickname"],
                   "Transform": _transform(x, z, scale, rot_y=rot, y=1.0 + len(copies) * TILE_THICKNESS),
                   "GUID": stack_guid}


def _figurine(p, title: str, label: str, name: str, add_image) -> dict:
    """A ``Figurine_Custom`` of standee ``p``: the upright front panel as cut (opaque, on
    white where the art leaves paper: the printed panel is a rectangle), and the other
    panel (turned upright) as its back, always (a face that is no fold-over net: the same
    image both sides)."""

    image = _image(_png(p.front, PIECE_DPI))
    folds = standee_panels(p.front)
    if folds is None:                       # not a fold-over net: the whole face stands up
        front, back, h_mm = image, image, p.front.height
    else:
        foot, panel = folds
        e = LINE_INSET_MM           # in past the cut and fold lines round each panel
        front = _crop_mm(image, p.front, (e, foot + panel + e, p.front.width - 2 * e, panel - 2 * e), PIECE_DPI)
        back = _crop_mm(image, p.front, (e, foot + e, p.front.width - 2 * e, panel - 2 * e), PIECE_DPI).rotate(180)
        h_mm = panel - 2 * e
    secondary = add_image(f"{name}-back.png", _encode_dpi(back, PIECE_DPI))
    return {"Name": "Figurine_Custom", "Nickname": title, "Description": label,
            "CustomImage": {"ImageURL": add_image(f"{name}.png", _encode_dpi(front, PIECE_DPI)),
                            "ImageSecondaryURL": secondary, "ImageScalar": 1.0, "WidthScale": 0.0},
            "_mm": (p.front.width - (2 * LINE_INSET_MM if folds else 0.0), h_mm)}


def _tile(p, title: str, label: str, name: str, add_image, blank: str) -> tuple[dict, tuple[float, float]]:
    """A ``Custom_Tile`` of piece ``p`` and its printed size (mm): a disc piece
    (``meta["disc_mm"]``) as a round tile (Type 2) with transparent corners, any other as a
    rectangle that keeps its printed proportions: ``Stretch`` is true only for a square piece.
    The knowledge base's "Custom Tile" page: Stretch Aspect Ratio "If the source image is
    stretched to make for a symmetrical tile. If this is unchecked, your tile will stretch to
    fit the image dimensions instead" — so a 120 x 78 mm price table with Stretch true would
    be drawn square.  Its bottom image is ``blank`` (the plain card stock a one-sided piece
    shows on its back): without one TTS shows the top image on both sides (knowledge base,
    Custom Tile: "If none is supplied, the Top Image is used"), and a token could not be
    shuffled face down."""
    disc = p.front.meta.get("disc_mm")
    if disc:
        inset = (p.front.width - disc) / 2, (p.front.height - disc) / 2
        image = round_image(_crop_mm(_rgba(p.front, PIECE_DPI), p.front, (inset[0], inset[1], disc, disc), PIECE_DPI))
        shape, square, size = 2, True, (disc, disc)
    else:
        image = _image(_png(p.front, PIECE_DPI))
        shape, size = 0, (p.front.width, p.front.height)
        square = math.isclose(p.front.width, p.front.height, rel_tol=0.02)
    tile = {"Name": "Custom_Tile", "Nickname": title, "Description": label,
            "CustomImage": {"ImageURL": add_image(f"{name}.png", _encode_dpi(image, PIECE_DPI)), "ImageSecondaryURL": blank,
                            "WidthScale": 0.0,
                            "CustomTile": {"Type": shape, "Thickness": TILE_THICKNESS, "Stackable": True,
                                           "Stretch": square}}, "_mm": size}
    return tile, size


def _pdf_tile(p, title: str, label: str, name: str, add_image, blank: str) -> tuple[dict, tuple[float, float]]:
    """A ``Custom_Tile`` of a typeset piece (a player aid: its art the one-page PDF of
    ``meta["pdf"]``, the face's box ``pnp.printing.placed.face_box``), its trim rendered by
    PDFium at ``PIECE_DPI``, and its printed size (mm); a rectangle, ``Stretch`` false."""
    import pypdfium2 as pdfium

    from pnp.printing.placed import face_box

    lo, page_w, page_h = face_box(p.front)
    page = pdfium.PdfDocument(p.front.meta["pdf"])[0]
    image = page.render(scale=PIECE_DPI / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
    k = image.width / page_w                     # px per mm
    left, top = round(-lo * k), round(-lo * k)
    image = image.crop((left, top, left + round(p.front.width * k), top + round(p.front.height * k)))
    size = (p.front.width, p.front.height)
    tile = {"Name": "Custom_Tile", "Nickname": title, "Description": label,
            "CustomImage": {"ImageURL": add_image(f"{name}.png", _encode_dpi(image, PIECE_DPI)), "ImageSecondaryURL": blank,
                            "WidthScale": 0.0,
                            "CustomTile": {"Type": 0, "Thickness": TILE_THICKNESS, "Stackable": True, "Stretch": False}},
            "_mm": size}
    return tile, size


def _die(p, label: str, kit_name: str, slug: str, add_image) -> dict | None:
    """A die as TTS can roll it: a d6 net as ``Custom_Dice`` (Type 1) with its printed faces
    in TTS's d6 layout and each face's label as its value; a d8 net numbered 1-8 as TTS's own
    ``Die_8`` (TTS has a custom d8 type, Type 2, but its texture layout is not published
    outside the game's template, so the numbered d8 stands in: the same faces); any other
    die None (not carried over)."""
    d6 = d6_texture(p.front)
    if d6 is not None:
        texture, values = d6
        size_mm = p.front.meta["die_faces"][0][3]
        return {"Name": "Custom_Dice", "Nickname": label, "Description": label,
                "CustomImage": {"ImageURL": add_image(f"{slug}-d6.png", texture), "ImageSecondaryURL": "",
                                "ImageScalar": 1.0, "WidthScale": 0.0, "CustomDice": {"Type": 1}},
                "RotationValues": values, "GUID": guid(kit_name, f"{slug}/die"), "_scale": units(size_mm)}
    labels = p.front.meta.get("labels")
    if labels and list(labels) == [str(n) for n in range(1, 9)]:
        tris = p.front.meta["triangles"]
        edge = math.dist(tris[0][1][0], tris[0][1][1])
        return {"Name": "Die_8", "Nickname": label, "Description": label, "GUID": guid(kit_name, f"{slug}/die"),
                "_scale": units(edge) / D8_EDGE_UNITS}
    return None


def strings_texts(strings):
    """``texts`` for ``export_tts`` from a kit's ``pnp.model.i18n.Strings``: the common
    language file's ``tts_readme`` strings, counted ones by the language's plural rule."""
    def texts(key: str, count=None, **fields) -> str:
        if count is not None:
            return strings.plural(f"tts_readme.{key}", count, **fields)
        return strings(f"tts_readme.{key}", **fields)
    return texts


README_WIDTH = 92                    # columns README.txt is wrapped to
KEEP_TOGETHER = "\u00a0"             # a space textwrap does not break at (written as a plain space)


def _readme(kit_name: str, report: dict, skipped: list[tuple[str, str]], url_base: str | None, texts,
            labels: dict[str, str]) -> str:
    """How to load the export, what it holds and what it leaves out (written beside it), in
    the kit's language: ``texts`` gives the strings (``export_tts``); ``skipped`` holds
    (reason key, component name) of what is not carried over; ``labels`` the components'
    names (a line of the list: "Price tables: 5 x Custom_Tile")."""
    import textwrap

    def para(text: str, indent: str = "") -> list[str]:
        lines = textwrap.wrap(text, README_WIDTH, initial_indent=indent, subsequent_indent=" " * len(indent),
                              break_long_words=False, break_on_hyphens=False)
        return [line.replace(KEEP_TOGETHER, " ") for line in lines]

    kinds = {entry["kind"] for entry in report.values()}
    parts = ([texts("layout_decks")] if "DeckCustom" in kinds else []) + \
        ([texts("layout_bags")] if "Custom_Tile in a Bag" in kinds else []) + [texts("layout_supply")] + \
        ([texts("layout_bank")] if "Bag (bank)" in kinds else []) + [texts("layout_seats")]
    folders = {os: path.replace(" ", KEEP_TOGETHER) for os, path in (    # a path is never broken across lines
        ("windows", "Documents/My Games/Tabletop Simulator/Saves/Saved Objects"),
        ("macos", "~/Library/Tabletop Simulator/Saves/Saved Objects"),
        ("linux", "~/.local/share/Tabletop Simulator/Saves/Saved Objects"))}
    lines = [texts("title", kit=kit_name), "", texts("how_to_load")]
    lines += para(texts("step_copy", kit=kit_name, **folders), "1. ")
    lines += para(texts("step_open", kit=kit_name), "2. ")
    lines += para(texts("step_layout", parts=", ".join(parts)), "3. ")
    lines.append("")
    lines += para(texts("hosted", url=url_base) if url_base else texts("local"))
    lines += ["", texts("objects")]
    kind_words = {"Custom_Tile in a Bag": texts("kind_bag_of_tiles"), "Bag (bank)": texts("kind_bank")}
    for component, entry in report.items():
        extra = texts("on_sheets", count=entry["sheets"], sheets=entry["sheets"]) if "sheets" in entry else ""
        name = labels.get(component, component)
        lines.append(f"  {name}: {entry['objects']} x {kind_words.get(entry['kind'], entry['kind'])}{extra}")
    lines.append("")
    lines += para(texts("sizes", base=f"{BASE_UNITS:g}"))
    if "Custom_Dice" in kinds:
        lines += para(texts("d6"))
    items = [texts(reason, component=name) for reason, name in sorted(set(skipped))] + [texts("cutting")]
    lines += [""] + para(texts("not_carried", items="; ".join(items))) + [""]
    return "\n".join(lines)


def page_pngs(pdf: bytes, kit_name: str, folder: Path, dpi: int, sides: list[str]) -> list[TtsFile]:
    """Every page of the kit's PDF as an opaque PNG at ``dpi`` (``--target png``), named
    ``<kit>-p<NN>-<side>.png`` with ``sides[i]`` the side of page i + 1 (e.g. "contents",
    "sheet03-front"). Rendered by PDFium, with the pHYs resolution chunk set."""
    import pypdfium2 as pdfium

    from pnp.printing.targets import _with_dpi

    document = pdfium.PdfDocument(pdf)
    digits = max(2, len(str(len(document))))
    out = []
    for i, page in enumerate(document):
        image = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB")
        out.append(TtsFile(folder / f"{kit_name}-p{i + 1:0{digits}d}-{sides[i]}.png", _with_dpi(_encode(image), dpi)))
    return out
