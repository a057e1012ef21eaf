"""Tabletop Simulator export (``pnp build GAME --target tts``): the kit as a saved object.

Writes ``OUT/<kit>-tts/``: the images and ``<kit>.json``, a TTS save state whose
``ObjectStates`` hold the whole kit for the chosen player count, variant and language, laid
out as the rules' set-up begins (board in the middle, decks beside it, the bank and pieces
round it). A user copies the JSON and the images into TTS's ``Saves/Saved Objects`` folder
(or imports it from Objects → Saved Objects).

Source of the format: the Tabletop Simulator knowledge base, "Save File Format"
(kb.tabletopsimulator.com/custom-content/save-file-format/: ``SaveState``, ``ObjectState``,
``CustomDeck`` keyed by the hundreds of a ``CardID``), "Custom Deck" (card sheets of at most
10 × 7 cells; "the last image on a card sheet" is the hidden card unless Back is Hidden),
"Custom Tile" (thickness in "in-game units (about an inch)") and "Asset Creation" (images
under 4096 × 4096 px). Field names of the custom objects (``CustomImage.CustomTile``,
``CustomDeck.BackIsHidden``, ``Custom_PDF``'s ``CustomPDF.PDFUrl``) as TTS itself writes them,
and as the TypeScript declarations of the TTS API (@typed-tabletop-simulator/declaration)
record them.

Mapping (what a TTS user gets):

* a deck → ``DeckCustom``: its distinct faces on card sheets of at most 10 × 7 cells, at most
  69 faces a sheet — the 70th (last) cell holds the back, so the hidden card shows the back
  whether or not TTS is told Back is Hidden (it is); ``CardID`` = sheet id × 100 + cell;
  one ``Card`` a copy, ``Nickname`` the card's title as printed; a deck too large for one
  sheet continues on the next (never truncated). A deck without backs (tokens drawn from a
  bag, such as goods tokens) → a ``Bag`` of tiles.
* the board → ``Custom_Board``, at its printed proportions.
* tokens, markers, price tables, player boards → ``Custom_Tile`` (as many as the kit holds,
  stacked); money → a ``Bag`` per value holding the kit's notes or coins of it (the bank).
* pawns and standees → ``Figurine_Custom``, their printed faces (player colours included).
* the rules sheet → ``Custom_PDF`` (the kit's rules pages).
* Not carried over: dice nets (use TTS's own dice; the rules sheet gives the faces), player
  aids typeset as PDF (they are in the rules PDF), and anything the kit prints only for
  cutting (crop marks, glue flaps).

Sizes: 1 TTS unit is taken as 1 inch = 25.4 mm (the knowledge base's "about an inch");
custom tiles, tokens, boards and figurines get ``scaleX``/``scaleZ`` = printed size in inches
/ ``BASE_UNITS`` (assumption: TTS spans a custom image's longer side over that many units at
scale 1; not measured in TTS here, and the README says so); cards keep scale 1 (TTS sizes
cards by the sheet's cell aspect).

Same inputs give byte-identical files: keys sorted, GUIDs derived from the kit and the
object's path (``guid``), no dates.
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

MAX_COLUMNS, MAX_ROWS = 10, 7
MAX_FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1      # the last cell: the hidden card (the back)
MAX_SHEET_PX = 4096                                  # "keep the dimensions of your images under 4096"
CARD_DPI = 200                                       # a poker card 500 x 700 px; a full sheet 5000 px wide is
                                                     # cut down to 4096 by MAX_SHEET_PX
PIECE_DPI = 150
BOARD_DPI = 100
TTS_UNIT_MM = 25.4
BASE_UNITS = 2.0
TILE_THICKNESS = 0.1                                 # units: about 2.5 mm, a punched board token


@dataclass(frozen=True)
class TtsFile:
    """One written file: ``path`` under the export folder and its bytes."""

    path: Path
    data: bytes


def guid(kit: str, path: str) -> str:
    """A six-hex-digit GUID derived from the kit name and the object's path in the save
    (TTS uses six hex digits; the same kit gives the same GUIDs)."""
    return hashlib.sha256(f"{kit}/{path}".encode("utf-8")).hexdigest()[:6]


def face_title(face) -> str:
    """The face's title as printed: the text of its largest type (longest of equals), or its
    face name's last part when it prints no text."""
    from pnp.printing.targets import face_svg

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


def card_sheets(faces: list, back, dpi: int = CARD_DPI) -> list[tuple[bytes, int, int, int]]:
    """Card sheets of ``faces`` (distinct fronts, in order) with ``back`` in each sheet's last
    cell: (PNG, columns, rows, faces on it) per sheet, at most 10 × 7 cells and 69 faces a
    sheet, each image at most ``MAX_SHEET_PX`` on a side (cells scaled down to fit)."""
    from PIL import Image

    out = []
    for start in range(0, len(faces), MAX_FACES_PER_SHEET):
        chunk = faces[start:start + MAX_FACES_PER_SHEET]
        cells = len(chunk) + 1
        columns = min(MAX_COLUMNS, cells)
        rows = math.ceil(cells / columns)
        images = [_image(_png(f, dpi)) for f in chunk] + [_image(_png(back, dpi))]
        w, h = images[0].size
        scale = min(1.0, MAX_SHEET_PX / (columns * w), MAX_SHEET_PX / (rows * h))
        cw, ch = max(1, int(w * scale)), max(1, int(h * scale))
        sheet = Image.new("RGB", (columns * cw, rows * ch), "white")
        for i, image in enumerate(images[:-1]):
            sheet.paste(image.resize((cw, ch), Image.LANCZOS), ((i % columns) * cw, (i // columns) * ch))
        last = columns * rows - 1
        sheet.paste(images[-1].resize((cw, ch), Image.LANCZOS), ((last % columns) * cw, (last // columns) * ch))
        out.append((_encode(sheet), columns, rows, len(chunk)))
    return out


def _transform(x: float, z: float, scale: float = 1.0, rot_y: float = 180.0, y: float = 1.0) -> dict:
    return {"posX": round(x, 3), "posY": y, "posZ": round(z, 3), "rotX": 0.0, "rotY": rot_y, "rotZ": 0.0,
            "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def _scale(width_mm: float, height_mm: float) -> float:
    return max(width_mm, height_mm) / TTS_UNIT_MM / BASE_UNITS


class _Layout:
    """Places objects in rows beside the board: decks on the right, pieces below (TTS x to
    the right, z away from the first seat)."""

    def __init__(self, board_w: float, board_h: float):
        self.right = board_w / 2 + 2.0
        self.deck_z = board_h / 2 - 2.0
        self.row_x = -board_w / 2
        self.row_z = -board_h / 2 - 3.0
        self.row_depth = 0.0
        self.limit = board_w / 2

    def deck(self) -> tuple[float, float]:
        spot = (self.right + 1.5, self.deck_z)
        self.deck_z -= 4.5
        return spot

    def piece(self, w_units: float, d_units: float) -> tuple[float, float]:
        if self.row_x + w_units > self.limit and self.row_x > -self.limit:
            self.row_x, self.row_z = -self.limit, self.row_z - self.row_depth - 1.0
            self.row_depth = 0.0
        spot = (self.row_x + w_units / 2, self.row_z - d_units / 2)
        self.row_x += w_units + 0.5
        self.row_depth = max(self.row_depth, d_units)
        return spot


def export_tts(pieces: list, kit_name: str, folder: Path, rules_pdf: bytes, url_base: str | None,
               labels: dict[str, str]) -> tuple[list[TtsFile], dict]:
    """The files of the TTS export and its report.

    ``pieces``: ``pnp.printing.targets.collect_pieces`` of the kit laid out without bleed;
    ``labels``: component id -> its name in the kit's language (the Description of its
    objects); ``rules_pdf``: the rules sheet; ``url_base``: None for ``file:///`` URLs to
    the images beside the JSON, else a hosted folder's address ending in ``/``.

    Returns (files, report) where report counts every component's objects (the kit's counts).
    """
    files: list[TtsFile] = []
    objects: list[dict] = []
    skipped: list[str] = []
    report: dict[str, dict] = {}

    def url(name: str) -> str:
        if url_base:
            return url_base + quote(name)
        return (folder / name).resolve().as_uri()

    written: set[str] = set()

    def add_image(name: str, data: bytes) -> str:
        if name not in written:         # a back shared by several decks: one file
            written.add(name)
            files.append(TtsFile(folder / name, data))
        return url(name)

    boards = [p for p in pieces if p.kind == "board" and p.component == "board"]
    board = boards[0] if boards else None
    bw = board.front.width / TTS_UNIT_MM if board else 16.0
    bh = board.front.height / TTS_UNIT_MM if board else 16.0
    layout = _Layout(bw, bh)
    if board is not None:
        image = add_image("board.png", _png(board.front, BOARD_DPI))
        objects.append({"Name": "Custom_Board", "Nickname": labels.get("board", "board"),
                        "Transform": _transform(0.0, 0.0, _scale(board.front.width, board.front.height), y=0.9),
                        "CustomImage": {"ImageURL": image, "WidthScale": 0.0}, "Locked": True,
                        "GUID": guid(kit_name, "board")})
        report["board"] = {"objects": 1, "kind": "Custom_Board"}

    by_component: dict[str, list] = {}
    for p in pieces:
        if p is board:
            continue
        if p.front.meta.get("pdf") is not None:     # typeset player aids: in the rules PDF
            skipped.append(f"{labels.get(p.component, p.component)} (in the rules PDF)")
            continue
        by_component.setdefault(p.component, []).append(p)

    sheet_id = 0
    for component, group in by_component.items():
        kind = group[0].kind
        label = labels.get(component, component)
        slug = re.sub(r"[^a-z0-9-]+", "-", component.lower())
        if kind == "deck" and all(p.back is not None for p in group):
            contained, deck_ids, custom = [], [], {}
            by_back: dict[str, list] = {}
            for p in group:             # cards with different backs go on sheets of their own
                by_back.setdefault(p.back.name, []).append(p)
            for back_name, cards in by_back.items():
                back_file = re.sub(r"[^A-Za-z0-9._-]+", "-", back_name).strip("-") + ".png"
                back_url = add_image(back_file, _png(cards[0].back, CARD_DPI))
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
                            deck_ids.append(card_id)
                            contained.append({"Name": "Card", "Nickname": title, "Description": label,
                                              "CardID": card_id, "CustomDeck": {str(sheet_id): custom[str(sheet_id)]},
                                              "Transform": _transform(0, 0),
                                              "GUID": guid(kit_name, f"{slug}/{card_id}/{copy}")})
            x, z = layout.deck()
            objects.append({"Name": "DeckCustom", "Nickname": label, "Transform": _transform(x, z, y=1.2) | {"rotZ": 180.0},
                            "DeckIDs": deck_ids, "CustomDeck": custom, "ContainedObjects": contained,
                            "GUID": guid(kit_name, slug)})
            report[component] = {"objects": len(contained), "kind": "DeckCustom", "sheets": len(custom)}
            continue
        # everything else: tiles (stacks), money banks, figurines, bags of tiles
        total = 0
        drawn: list[dict] = []
        for p in group:
            if kind == "die":
                skipped.append(f"{label} (use Tabletop Simulator's own die; the rules give its faces)")
                continue      # not carried over (see the module's docstring)
            title = face_title(p.front)
            name = re.sub(r"[^A-Za-z0-9._-]+", "-", p.front.name).strip("-")
            image = add_image(f"{name}.png", _png(p.front, PIECE_DPI))
            w_units, d_units = p.front.width / TTS_UNIT_MM, p.front.height / TTS_UNIT_MM
            x, z = layout.piece(w_units, d_units)
            path = f"{slug}/{name}"
            if kind == "standee":
                for copy in range(p.count):
                    objects.append({"Name": "Figurine_Custom", "Nickname": title, "Description": label,
                                    "Transform": _transform(x + copy * 0.3, z, _scale(p.front.width, p.front.height / 2)),
                                    "CustomImage": {"ImageURL": image, "ImageSecondaryURL": "", "ImageScalar": 1.0},
                                    "GUID": guid(kit_name, f"{path}/{copy}")})
                total += p.count
                continue
            # "Stretch" squares the image (knowledge base, "Custom Tile"): only a square piece
            # may be stretched; any other keeps its printed proportions
            square = math.isclose(p.front.width, p.front.height, rel_tol=0.02)
            tile = {"Name": "Custom_Tile", "Nickname": title, "Description": label,
                    "CustomImage": {"ImageURL": image, "ImageSecondaryURL": "",
                                    "CustomTile": {"Type": 0, "Thickness": TILE_THICKNESS, "Stackable": True,
                                                   "Stretch": square}}}
            scale = _scale(p.front.width, p.front.height)
            copies = [tile | {"Transform": _transform(x, z, scale, y=1.0 + copy * TILE_THICKNESS),
                              "GUID": guid(kit_name, f"{path}/{copy}")} for copy in range(p.count)]
            if kind == "deck":          # a deck without backs is drawn blind: its pieces go in one bag
                drawn.extend(copies)
            elif kind == "money":       # the bank: one bag per value, as many notes as the kit prints
                objects.append({"Name": "Bag", "Nickname": f"{label}: {title}", "Description": label,
                                "Transform": _transform(x, z), "ContainedObjects": copies,
                                "GUID": guid(kit_name, f"{path}/bank")})
            else:
                objects.extend(copies)
            total += p.count
        if kind == "deck" and drawn:
            x, z = layout.deck()
            objects.append({"Name": "Bag", "Nickname": label, "Transform": _transform(x, z),
                            "ContainedObjects": drawn, "GUID": guid(kit_name, f"{slug}/bag")})
        if total:
            report[component] = {"objects": total, "kind": {"standee": "Figurine_Custom", "deck": "Custom_Tile in a Bag",
                                                             "money": "Bag (bank)"}.get(kind, "Custom_Tile")}

    rules_url = add_image("rules.pdf", rules_pdf)
    objects.append({"Name": "Custom_PDF", "Nickname": labels.get("rules", "rules"),
                    "Transform": _transform(-bw / 2 - 6.0, bh / 2 - 4.0, 1.0),
                    "CustomPDF": {"PDFUrl": rules_url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0},
                    "GUID": guid(kit_name, "rules")})
    for obj in objects:     # the fields TTS writes for every object, at their defaults
        obj.setdefault("Description", "")
        obj.setdefault("Locked", False)
        obj.setdefault("ColorDiffuse", {"r": 1.0, "g": 1.0, "b": 1.0})
    save = {"SaveName": kit_name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects}
    text = json.dumps(save, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    files.append(TtsFile(folder / f"{kit_name}.json", text.encode("utf-8")))
    files.append(TtsFile(folder / "README.txt", _readme(kit_name, report, sorted(set(skipped)), url_base).encode("utf-8")))
    return files, report


def _readme(kit_name: str, report: dict, skipped: list[str], url_base: str | None) -> str:
    """How to load the export, what it holds and what it leaves out (written beside it)."""
    kinds = {entry["kind"] for entry in report.values()}
    parts = (["the decks face down on its right"] if "DeckCustom" in kinds else []) + \
        (["the bags to draw from beside them"] if "Custom_Tile in a Bag" in kinds else []) + \
        ["the pieces below it"] + (["the bank (a bag per money value)"] if "Bag (bank)" in kinds else [])
    layout_words = ", ".join(parts)
    lines = [f"{kit_name}: a Tabletop Simulator saved object", "",
             "To load it:",
             f"1. Copy {kit_name}.json into Tabletop Simulator's saved objects folder",
             "   (Documents/My Games/Tabletop Simulator/Saves/Saved Objects on Windows,",
             "   ~/Library/Tabletop Simulator/Saves/Saved Objects on macOS,",
             "   ~/.local/share/Tabletop Simulator/Saves/Saved Objects on Linux).",
             "2. In a game, open Objects > Saved Objects and click " + f"'{kit_name}'.",
             "3. The kit spawns laid out: the board in the middle, " + layout_words + ",",
             "   and the rules PDF to the board's left.", ""]
    if url_base:
        lines += [f"The images are addressed under {url_base}: upload every file of this folder there",
                  "before you share the saved object.", ""]
    else:
        lines += ["The images are addressed as file:/// paths to this folder: leave it where it is (moved or",
                  "deleted, the objects go blank), and only this computer shows them. To play with others,",
                  "upload the folder's files and build again with --tts-url-base URL.", ""]
    lines.append("Objects:")
    for component, entry in report.items():
        extra = f", on {entry['sheets']} card sheet(s)" if "sheets" in entry else ""
        lines.append(f"  {component}: {entry['objects']} x {entry['kind']}{extra}")
    lines += ["", "Not carried over: " + "; ".join(skipped + ["crop marks, glue flaps and fold lines (a screen does "
                                                             "not need them)"]), ""]
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
