"""Screen targets: the Tabletop Simulator saved object (``--target tts``) and page images
(``--target png``), checked as a TTS user and a previewer would meet them."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
import yaml
from PIL import Image, ImageChops, ImageStat

from pnp.geometry import SAFE_MM
from pnp.printing import tts

REPO = Path(__file__).resolve().parents[1]
TRANSFORM_KEYS = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
# what TTS needs of each object it spawns (knowledge base, "Save File Format")
REQUIRED = {
    "DeckCustom": {"DeckIDs", "CustomDeck", "ContainedObjects"},
    "Card": {"CardID", "CustomDeck"},
    "Custom_Tile": {"CustomImage"},
    "Custom_Tile_Stack": {"CustomImage", "Number"},        # as TTS saves a stack: no contents
    "Custom_Dice": {"CustomImage", "RotationValues"},
    "Die_8": set(),
    "Figurine_Custom": {"CustomImage"},
    "Infinite_Bag": {"ContainedObjects"},
    "Bag": {"ContainedObjects"},
    "Custom_PDF": {"CustomPDF"},
}
MAX_MEAN_DIFF = 4.0      # mean absolute difference per channel (0-255) of a cropped cell and its face
FRAME_RGB = (0x4A, 0x2F, 0x1B)      # style.FRAME: the flat band between a card's trim and its safe area


@pytest.fixture(scope="module")
def samarkand_tts(shared_builds):
    folder = shared_builds("samarkand", "--target", "tts")
    export = folder / "samarkand-5p-en-a4-tts"
    save = json.loads((export / "samarkand-5p-en-a4.json").read_text(encoding="utf-8"))
    manifest = json.loads((folder / "samarkand-5p-en-a4.manifest.json").read_text(encoding="utf-8"))
    return export, save, manifest


def _walk(objects):
    for obj in objects:
        yield obj
        yield from _walk(obj.get("ContainedObjects", []))


def _path(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def test_every_object_has_the_fields_tts_reads(samarkand_tts):
    export, save, _ = samarkand_tts
    assert set(save) >= {"SaveName", "ObjectStates"} and save["SaveName"] == "samarkand-5p-en-a4"
    guids = []
    for obj in _walk(save["ObjectStates"]):
        assert obj["Name"] in REQUIRED, obj["Name"]
        assert REQUIRED[obj["Name"]] <= set(obj), obj["Name"]
        assert set(obj["Transform"]) == TRANSFORM_KEYS
        assert isinstance(obj["Nickname"], str) and obj["Nickname"].strip()
        guids.append(obj["GUID"])
    assert all(len(g) == 6 and int(g, 16) >= 0 for g in guids)
    assert len(set(guids)) == len(guids)


def test_every_card_id_shows_that_cards_face(samarkand_tts):
    """Each CardID's cell, cropped from its sheet, equals the card's face rendered alone."""
    from pnp.printing.targets import face_png

    export, save, _ = samarkand_tts
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
    faces = _deck_faces()
    checked = set()
    for card in deck["ContainedObjects"]:
        sheet_id, cell = divmod(card["CardID"], 100)
        spec = deck["CustomDeck"][str(sheet_id)]
        assert card["CustomDeck"] == {str(sheet_id): spec}
        assert spec["NumWidth"] <= 10 and spec["NumHeight"] <= 7 and cell < spec["NumWidth"] * spec["NumHeight"] - 1
        if card["CardID"] in checked:
            continue
        checked.add(card["CardID"])
        sheet = Image.open(_path(spec["FaceURL"])).convert("RGB")
        assert max(sheet.size) <= tts.MAX_SHEET_PX
        w, h = sheet.width // spec["NumWidth"], sheet.height // spec["NumHeight"]
        crop = sheet.crop(((cell % spec["NumWidth"]) * w, (cell // spec["NumWidth"]) * h,
                           (cell % spec["NumWidth"] + 1) * w, (cell // spec["NumWidth"] + 1) * h))
        alone = _inside_safe_area(faces[card["Nickname"]], w, h)
        diff = ImageStat.Stat(ImageChops.difference(crop, alone)).mean
        assert max(diff) < MAX_MEAN_DIFF, (card["Nickname"], diff)
        # the whole trimmed face, dark frame band and all, is not what the cell shows
        whole = Image.open(io.BytesIO(face_png(faces[card["Nickname"]], tts.CARD_DPI))).convert("RGB").resize((w, h))
        assert max(ImageStat.Stat(ImageChops.difference(crop, whole)).mean) > MAX_MEAN_DIFF, card["Nickname"]
        edge = [crop.getpixel((x, y)) for x in range(0, w, 7) for y in (1, h - 2)] + \
            [crop.getpixel((x, y)) for y in range(0, h, 7) for x in (1, w - 2)]
        framed = sum(max(abs(a - b) for a, b in zip(px, FRAME_RGB)) < 24 for px in edge) / len(edge)
        assert framed < 0.2, (card["Nickname"], framed)
        # and it is not some other card: every other face differs from this cell
        others = [name for name, face in faces.items() if name != card["Nickname"]]
        for name in others:
            other = _inside_safe_area(faces[name], w, h)
            assert max(ImageStat.Stat(ImageChops.difference(crop, other)).mean) > MAX_MEAN_DIFF, (card["Nickname"], name)
    assert len(checked) == 6          # Samarkand's six goods


def _inside_safe_area(face, w: int, h: int):
    """``face`` rendered alone at trim, cut to its safe area (pnp.geometry.SAFE_MM in from
    the trim on every side) and, of that, the full width and the height that keeps the
    card's trim proportions (a portrait card: head and foot cut evenly), resized to a
    cell's ``w`` x ``h`` px."""
    from pnp.geometry import SAFE_MM
    from pnp.printing.targets import face_png

    image = Image.open(io.BytesIO(face_png(face, tts.CARD_DPI))).convert("RGB")
    k = tts.CARD_DPI / 25.4
    box_w = round((face.width - 2 * SAFE_MM) * k)
    box_h = round((face.width - 2 * SAFE_MM) * face.height / face.width * k)
    left, top = round((image.width - box_w) / 2), round((image.height - box_h) / 2)
    return image.crop((left, top, left + box_w, top + box_h)).resize((w, h))


def _deck_faces() -> dict:
    """Samarkand's card fronts at trim (no bleed), by the title they print."""
    import pnp.printing.targets as targets
    from pnp.kit.build import KitRequest, build_kit

    captured = {}

    def grab(target, runs, *args, **kwargs):
        captured["runs"] = runs
        raise StopIteration

    original = targets.export
    targets.export = grab
    try:
        build_kit(KitRequest("samarkand", target="pdf-1up", bleed_mm=0.0, check=False, only=("deck",),
                             out_dir=Path("/nonexistent")))
    except StopIteration:
        pass
    finally:
        targets.export = original
    pieces = targets.collect_pieces(captured["runs"])
    return {tts.face_title(p.front): p.front for p in pieces if p.kind == "deck"}


def test_counts_of_every_component_equal_the_manifest(samarkand_tts):
    export, save, manifest = samarkand_tts
    report = (export / "README.txt").read_text(encoding="utf-8")
    counted = Counter()
    for obj in save["ObjectStates"]:
        if obj["Name"] == "DeckCustom":
            counted[obj["Nickname"]] += len(obj["ContainedObjects"])
        elif obj["Name"] in ("Custom_Tile", "Figurine_Custom"):
            counted[obj.get("Description") or obj["Nickname"]] += 1
        elif obj["Name"] == "Custom_Tile_Stack":
            assert obj["Number"] >= 2 and "ContainedObjects" not in obj
            counted[obj["Description"]] += obj["Number"]
        elif obj["Name"] == "Bag":
            counted[obj["Description"]] += len(obj["ContainedObjects"])
    labels = {c["id"]: c for c in manifest["components"]}
    not_carried = {"die", "contents", "rules"}
    english = yaml.safe_load((REPO / "data" / "samarkand" / "lang" / "en.yaml").read_text(encoding="utf-8"))
    for component in manifest["components"]:
        if component["id"] in not_carried:
            continue
        common = yaml.safe_load((REPO / "data" / "common" / "lang" / "en.yaml").read_text(encoding="utf-8"))
        name = english["components"].get(component["id"].replace("-", "_")) or common["player_aids"]
        assert f"  {name}: {component['count']} x " in report, component["id"]
    assert counted["Commodity cards"] == labels["cards"]["count"] == 102
    assert counted["Piaster banknotes"] == labels["banknotes"]["count"]
    assert counted["Merchant pawns"] == labels["pawns"]["count"]
    assert counted["Market tokens"] == labels["market-tokens"]["count"] == 8
    assert counted["Market chips"] == labels["market-chips"]["count"] == 2
    assert counted["Price tables"] == labels["price-tables"]["count"] == 5
    banks = [o for o in save["ObjectStates"] if o["Name"] == "Bag" and o["Description"] == "Piaster banknotes"]
    assert len(banks) == len(labels["banknotes"]["by_type"])      # a bag per value; the players' notes at the seats
    # a tile keeps its printed proportions unless it is square (Stretch squares the image)
    for obj in _walk(save["ObjectStates"]):
        if obj["Name"] == "Custom_Tile":
            square = obj["Description"] in ("Market tokens", "Market chips")
            assert obj["CustomImage"]["CustomTile"]["Stretch"] is square, obj["Nickname"]
    assert counted["Player aids"] == labels["aids"]["count"] == 5
    assert "Not carried over: crop marks" in report
    assert "Special die: 1 x Custom_Dice" in report


def test_every_image_and_the_rules_exist_beside_the_json(samarkand_tts):
    export, save, _ = samarkand_tts
    urls = []
    for obj in _walk(save["ObjectStates"]):
        for spec in obj.get("CustomDeck", {}).values():
            urls += [spec["FaceURL"], spec["BackURL"]]
        image = obj.get("CustomImage", {})
        urls += [u for u in (image.get("ImageURL"), image.get("ImageSecondaryURL")) if u]
        if "CustomPDF" in obj:
            urls.append(obj["CustomPDF"]["PDFUrl"])
    assert urls
    for url in set(urls):
        path = _path(url)
        assert path.parent == export.resolve() and path.is_file(), url
    written = {p.name for p in export.iterdir()}
    referenced = {_path(u).name for u in urls}
    assert written - referenced == {"samarkand-5p-en-a4.json", "README.txt"}     # no stray image


def test_a_danish_kit_names_its_cards_in_danish_and_rebuilds_byte_identical(tmp_path):
    from pnp.cli import main

    outs = []
    for run in ("a", "b"):
        out = tmp_path / run
        assert main(["build", "caravan-chessboard", "--lang", "da", "--no-check", "--target", "tts",
                     "--tts-url-base", "https://example.org/kits/", "--out", str(out)]) == 0
        outs.append(out / "caravan-chessboard-4p-da-a4-tts")
    first = {p.name: p.read_bytes() for p in outs[0].iterdir()}
    second = {p.name: p.read_bytes() for p in outs[1].iterdir()}
    assert first == second
    save = json.loads(first["caravan-chessboard-4p-da-a4.json"])
    names = {c["Nickname"] for o in save["ObjectStates"] if o["Name"] == "DeckCustom" for c in o["ContainedObjects"]}
    lang = REPO / "data" / "caravan-chessboard" / "lang"
    danish, english = (lang / "da.yaml").read_text(encoding="utf-8"), (lang / "en.yaml").read_text(encoding="utf-8")
    words = {n.rstrip("0123456789 ") for n in names}        # "Rejse 3": the name, less its number
    assert len(words) >= 5
    assert all(n in danish for n in words), words - {n for n in words if n in danish}
    assert any(n not in english for n in words), words
    # every player's caravan named in Danish: the piece and its colour in words, from da.yaml
    da = yaml.safe_load(danish)
    caravans = sorted(o["Nickname"] for o in save["ObjectStates"] if o["Description"] == da["components"]["caravans"])
    colours = [da["colours"][c] for c in ("red", "blue", "green", "yellow")]      # game.yaml pawns, 4 players
    assert caravans == sorted(f"{da['pawns']['caravan']} ({c})" for c in colours), caravans
    assert not any(word in n for n in caravans for word in ("red", "blue", "green", "yellow"))
    # the d8 numbered 1..8 is TTS's own numbered d8
    assert [o["Nickname"] for o in save["ObjectStates"] if o["Name"] == "Die_8"] == [da["components"]["die"]]
    urls = [s["FaceURL"] for o in save["ObjectStates"] if o["Name"] == "DeckCustom" for s in o["CustomDeck"].values()]
    assert urls and all(u.startswith("https://example.org/kits/") for u in urls)
    common = yaml.safe_load((REPO / "data" / "common" / "lang" / "da.yaml").read_text(encoding="utf-8"))
    hosted = common["tts_readme"]["hosted"].split("{url}")[0]
    assert " ".join(first["README.txt"].decode("utf-8").split()).count(hosted + "https://example.org/kits/") == 1


@pytest.mark.parametrize("args, key", [
    (["--target", "tts", "--duplex", "short"], "--duplex"),
    (["--target", "tts", "--back-offset", "1,0"], "--back-offset"),
    (["--target", "tts", "--tts-url-base", "ftp://example.org/x/"], "--tts-url-base"),
    (["--target", "tts", "--tts-url-base", "https://example.org/no-slash"], "--tts-url-base"),
    (["--tts-url-base", "https://example.org/x/"], "--tts-url-base"),
    (["--target", "tts", "--dpi", "200"], "--dpi"),
])
def test_options_a_screen_target_cannot_use_are_refused_before_any_work(tmp_path, args, key):
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "pnp", "build", "samarkand", "--no-check", *args, "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and key in lines[0] and "Traceback" not in done.stderr
    assert done.stdout == "" and not out.exists()


def test_png_target_writes_every_page_named_by_page_and_side(tmp_path):
    from pypdf import PdfReader

    from pnp.cli import main
    from pnp.printing.targets import png_info

    assert main(["build", "caravan", "--no-check", "--target", "png", "--dpi", "40", "--out", str(tmp_path)]) == 0
    pdf = tmp_path / "caravan-4p-en-a4.pdf"
    reader = PdfReader(str(pdf))
    pngs = sorted((tmp_path / "caravan-4p-en-a4-png").glob("*.png"))
    assert len(pngs) == len(reader.pages)
    for i, (path, page) in enumerate(zip(pngs, reader.pages), start=1):
        assert path.name.startswith(f"caravan-4p-en-a4-p{i:02d}-sheet")
        info = png_info(path.read_bytes())
        w_mm, h_mm = float(page.mediabox.width) / 72 * 25.4, float(page.mediabox.height) / 72 * 25.4
        assert info["dpi"] == 40
        assert abs(info["width"] - w_mm / 25.4 * 40) <= 1 and abs(info["height"] - h_mm / 25.4 * 40) <= 1
    assert pngs[0].name.endswith("-sheet01-front.png")      # the contents page is on the first sheet


def _dpi(path: Path) -> float:
    from pnp.printing.targets import png_info

    return png_info(path.read_bytes())["dpi"]


def test_every_scale_follows_from_the_printed_mm(samarkand_tts):
    """A tile's, figurine's or board's scale is its longer printed side (read back from its
    image: pixels over the image's own dpi) in inches over tts.BASE_UNITS; a card's its width
    over the stock card's; positions keep the board's printed size in inches."""
    export, save, _ = samarkand_tts
    checked = Counter()
    for obj in _walk(save["ObjectStates"]):
        if obj["Name"] in ("Custom_Tile", "Custom_Tile_Stack", "Figurine_Custom"):
            path = _path(obj["CustomImage"]["ImageURL"])
            image = Image.open(path)
            longer_mm = max(image.size) / _dpi(path) * 25.4
            expected = longer_mm / 25.4 / tts.BASE_UNITS
            assert obj["Transform"]["scaleX"] == obj["Transform"]["scaleZ"]
            assert abs(obj["Transform"]["scaleX"] - expected) <= 0.012 * expected, (obj["Nickname"], expected)
            checked["board" if obj.get("Locked") else obj["Name"]] += 1
        elif obj["Name"] == "Card":
            # the card's printed width: its cell (at CARD_DPI, the sheet not scaled down) and the
            # safe-area band the cell leaves off on both sides
            spec = next(iter(obj["CustomDeck"].values()))
            sheet = Image.open(_path(spec["FaceURL"]))
            assert max(sheet.size) < tts.MAX_SHEET_PX
            width_mm = sheet.width / spec["NumWidth"] / tts.CARD_DPI * 25.4 + 2 * SAFE_MM
            assert abs(width_mm - 63.5) < 0.3                  # components.yaml cards: poker, 63.5 x 88.9 mm
            assert abs(obj["Transform"]["scaleX"] - width_mm / tts.STANDARD_CARD_MM) < 0.01
            checked["Card"] += 1
        elif obj["Name"] == "Custom_Dice":
            assert obj["Transform"]["scaleX"] == round(tts.units(18.0), 4)      # components.yaml die face_mm
            checked["Custom_Dice"] += 1
    assert checked["board"] == 1 and checked["Figurine_Custom"] == 5 and checked["Card"] == 102
    assert checked["Custom_Dice"] == 1 and checked["Custom_Tile"] >= 8
    board = next(o for o in save["ObjectStates"] if o["Name"] == "Custom_Tile" and o["Locked"])
    image = _path(board["CustomImage"]["ImageURL"])
    assert abs(max(Image.open(image).size) / _dpi(image) * 25.4 - board["Transform"]["scaleX"] * 2 * 25.4) < 1.0


def test_standees_stand_as_their_front_panel_and_discs_are_round_tiles(samarkand_tts):
    export, save, manifest = samarkand_tts
    figures = [o for o in save["ObjectStates"] if o["Name"] == "Figurine_Custom"]
    assert len(figures) == 5
    for fig in figures:
        front = Image.open(_path(fig["CustomImage"]["ImageURL"])).convert("RGBA")
        dpi = _dpi(_path(fig["CustomImage"]["ImageURL"]))
        w_mm, h_mm = front.width / dpi * 25.4, front.height / dpi * 25.4
        # data/samarkand/components.yaml pawn: a panel 24 mm wide, 36 mm high (the net: 2 panels, 2 feet),
        # less the cut and fold lines round it
        inner = 2 * tts.LINE_INSET_MM
        assert abs(w_mm - (24.0 - inner)) < 0.2 and abs(h_mm - (36.0 - inner)) < 0.2, (fig["Nickname"], w_mm, h_mm)
        assert fig["CustomImage"]["ImageSecondaryURL"] == "" or _path(fig["CustomImage"]["ImageSecondaryURL"]).is_file()
    chips = [o for o in _walk(save["ObjectStates"]) if o["Description"] == "Market chips"]
    assert chips and all(o["CustomImage"]["CustomTile"]["Type"] == 2 for o in chips)
    chip = Image.open(_path(chips[0]["CustomImage"]["ImageURL"])).convert("RGBA")
    assert chip.width == chip.height
    assert chip.getpixel((1, 1))[3] == 0 and chip.getpixel((chip.width - 2, chip.height - 2))[3] == 0
    assert chip.getpixel((chip.width // 2, chip.height // 2))[3] == 255
    assert chip.getpixel((chip.width // 2, 2))[3] == 255          # the disc reaches the image's edge
    squares = [o for o in _walk(save["ObjectStates"]) if o["Description"] == "Market tokens"]
    assert squares and all(o["CustomImage"]["CustomTile"]["Type"] == 0 for o in squares)


def test_the_die_is_a_custom_d6_with_its_printed_faces(samarkand_tts):
    export, save, _ = samarkand_tts
    die = next(o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice")
    assert die["CustomImage"]["CustomDice"] == {"Type": 1}
    # data/samarkand/game.yaml die_faces 1..5 and the back face, printed "back 1"
    assert [v["Value"] for v in die["RotationValues"]] == ["1", "2", "3", "4", "5", "back 1"]
    texture = Image.open(_path(die["CustomImage"]["ImageURL"])).convert("L")
    assert texture.size == (tts.D6_TEXTURE_PX, tts.D6_TEXTURE_PX)
    pips = {}
    for value, (left, top, turned) in tts.D6_LAYOUT.items():
        cell = texture.crop((left, top, left + tts.D6_CELL_PX, top + tts.D6_CELL_PX)).point(lambda v: 255 if v < 100 else 0)
        pips[value] = ImageStat.Stat(cell).mean[0] / 255     # share of dark ink in the cell
    # more pips, more ink: 1 < 2 < 3 < 4 < 5 (each pip ~ the same disc), and the back face holds its icon
    assert pips[1] < pips[2] < pips[3] < pips[4] < pips[5], pips
    assert abs(pips[2] / pips[1] - 2) < 0.15 and abs(pips[5] / pips[1] - 5) < 0.5, pips
    assert pips[6] > pips[1]


def test_set_up_each_seat_gets_its_own_material_and_the_bank_sits_beside_the_board(samarkand_tts):
    export, save, _ = samarkand_tts
    objects = save["ObjectStates"]
    board = next(o for o in objects if o["Name"] == "Custom_Tile" and o["Locked"])
    image = _path(board["CustomImage"]["ImageURL"])
    px = Image.open(image).size
    half_w, half_d = px[0] / _dpi(image) / 2, px[1] / _dpi(image) / 2      # inches = TTS units
    tables = [o for o in objects if o["Description"] == "Price tables"]
    pawns = [o for o in objects if o["Name"] == "Figurine_Custom"]
    assert len(tables) == len(pawns) == 5
    seats = {(round(o["Transform"]["posX"], 1), o["Transform"]["posZ"] > 0) for o in tables}
    assert len(seats) == 5                           # one price table in front of each seat
    for table_, pawn in zip(tables, pawns):          # a seat's pawn beyond its table, at the same x
        assert abs(table_["Transform"]["posX"] - pawn["Transform"]["posX"]) < 1e-6
        assert abs(pawn["Transform"]["posZ"]) > abs(table_["Transform"]["posZ"]) > half_d
    assert len({p["Nickname"] for p in pawns}) == 5 and all("(" in p["Nickname"] for p in pawns)
    deck = next(o for o in objects if o["Name"] == "DeckCustom")
    assert deck["Transform"]["posX"] > half_w       # the deck right of the board
    banks = [o for o in objects if o["Name"] == "Bag"]
    assert len(banks) == 5 and all(b["Transform"]["posX"] < -half_w for b in banks)
    assert all(abs(b["Transform"]["posZ"]) < half_d for b in banks)


def test_caravan_in_danish_seats_its_boards_and_names_its_pieces(shared_builds):
    folder = shared_builds("caravan", "--lang", "da", "--target", "tts")
    export = folder / "caravan-4p-da-a4-tts"
    save = json.loads((export / "caravan-4p-da-a4.json").read_text(encoding="utf-8"))
    manifest = json.loads((folder / "caravan-4p-da-a4.manifest.json").read_text(encoding="utf-8"))
    da = yaml.safe_load((REPO / "data" / "caravan" / "lang" / "da.yaml").read_text(encoding="utf-8"))
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    objects = save["ObjectStates"]
    by = lambda key: [o for o in objects if o["Description"] == da["components"][key]]     # noqa: E731
    seats = [da["player_colours"][c] for c in ("yellow", "black", "red", "teal")]    # game.yaml, 4 players
    # the player boards: one at each seat, not in a column
    boards = by("player_boards")
    assert len(boards) == 4 == counts["player-boards"]
    spots = {(round(b["Transform"]["posX"], 2), round(b["Transform"]["posZ"], 2)) for b in boards}
    assert len(spots) == 4 and len({x for x, _ in spots}) >= 2 and len({z for _, z in spots}) == 2
    # each seat's camels: a stack of the set-up's camels of that colour (game.yaml setups.standard.camels:
    # 5), named in Danish, beyond its board; the colour's sixth camel (components camels_per_colour 6)
    # aside in the supply, named as the spare it is
    game = yaml.safe_load((REPO / "data" / "caravan" / "game.yaml").read_text(encoding="utf-8"))
    each, printed = game["setups"]["standard"]["camels"], game["components"]["camels_per_colour"]
    assert (each, printed) == (5, 6)
    camels = by("camels")
    spare_word = yaml.safe_load((REPO / "data" / "common" / "lang" / "da.yaml").read_text(encoding="utf-8"))["tts_readme"]["spare"]
    seated = [o for o in camels if spare_word not in o["Nickname"]]
    spares = [o for o in camels if spare_word in o["Nickname"]]
    assert sorted(o["Nickname"] for o in seated) == sorted(f"{da['components']['camels']} ({c})" for c in seats)
    assert sorted(o["Nickname"] for o in spares) == sorted(f"{da['components']['camels']} ({c}) ({spare_word})"
                                                          for c in seats)
    assert all(o["Name"] == "Custom_Tile_Stack" and o["Number"] == each for o in seated)
    assert all(o["Name"] == "Custom_Tile" for o in spares)          # one spare a colour
    assert sum(o.get("Number", 1) for o in camels) == counts["camels"] == 4 * printed
    for camel in seated:
        board = min(boards, key=lambda b: abs(b["Transform"]["posX"] - camel["Transform"]["posX"]) +
                    abs(b["Transform"]["posZ"] - camel["Transform"]["posZ"]))
        assert abs(board["Transform"]["posX"] - camel["Transform"]["posX"]) < 1e-6
        assert abs(camel["Transform"]["posZ"]) > abs(board["Transform"]["posZ"])
    for spare in spares:                # aside: off the seats, in the supply beside the board
        assert abs(spare["Transform"]["posZ"]) < abs(boards[0]["Transform"]["posZ"])
    # theft markers: square tiles (square by design, as printed), one per seat, named with the seat's
    # colour, each on the coloured first space of its own player board (rules: set-up step 2)
    thefts = by("theft_markers")
    assert len(thefts) == counts["theft-markers"] == 4
    assert all(o["CustomImage"]["CustomTile"]["Type"] == 0 for o in thefts)
    assert sorted(o["Nickname"] for o in thefts) == sorted(f"{da['components']['theft_markers']} ({c})" for c in seats)
    for theft in thefts:
        colour = theft["Nickname"].rsplit("(", 1)[1].rstrip(")")
        own = next(b for b in boards if f"({colour})" in b["Nickname"] or colour.lower() in b["Nickname"].lower())
        t, b = theft["Transform"], own["Transform"]
        half_w, half_d = 190.0 / 25.4 / 2, 118.0 / 25.4 / 2          # components.yaml player_board.size_mm
        assert abs(t["posX"] - b["posX"]) < half_w and abs(t["posZ"] - b["posZ"]) < half_d, (theft["Nickname"], t, b)
        assert t["posY"] > b["posY"] and t["rotY"] == b["rotY"]
    # goods drawn blind from one bag, each named as the good in Danish (not its two letters)
    bag = next(o for o in objects if o["Name"] == "Bag" and o["Nickname"] == da["components"]["goods"])
    assert len(bag["ContainedObjects"]) == counts["goods"]
    assert {o["Nickname"] for o in bag["ContainedObjects"]} <= set(da["goods"].values())
    # demand markers: one on each of the supply spaces 1, 2, 7 and 8 (board.yaml demand_at_start), the
    # rest one stack in the supply
    board_data = yaml.safe_load((REPO / "data" / "caravan" / "board.yaml").read_text(encoding="utf-8"))
    components = yaml.safe_load((REPO / "data" / "caravan" / "components.yaml").read_text(encoding="utf-8"))
    cell, border = components["board"]["cell_mm"], components["board"]["border_mm"]
    start = [sp for sp in board_data["supply"] if sp["demand_at_start"]]
    assert sorted(sp["number"] for sp in start) == [1, 2, 7, 8]
    demand = by("demand_markers")
    single = [o for o in demand if o["Name"] == "Custom_Tile"]
    stack = [o for o in demand if o["Name"] == "Custom_Tile_Stack"]
    assert len(single) == 4 and len(stack) == 1 and stack[0]["Number"] == counts["demand-markers"] - 4
    width = 7 * cell + 2 * border
    for sp in start:                   # each corner space holds one marker, inside the space's cell
        row, col = sp["cell"]
        x0, x1 = (border + col * cell - width / 2) / 25.4, (border + (col + 1) * cell - width / 2) / 25.4
        z1, z0 = (width / 2 - border - row * cell) / 25.4, (width / 2 - border - (row + 1) * cell) / 25.4
        inside = [o for o in single if x0 < o["Transform"]["posX"] < x1 and z0 < o["Transform"]["posZ"] < z1]
        assert len(inside) == 1, (sp, [o["Transform"] for o in single])
    assert all(o["CustomImage"]["CustomTile"]["Type"] == 0 for o in demand)


def test_only_a_players_own_pieces_go_to_the_seats():
    """Two desert pawns in a two-player game are not the players' (their ids are no colour);
    six oasis markers in a six-player game are the supply's; price tables, one per player, are
    the seats'."""
    from types import SimpleNamespace as NS

    from pnp.printing.targets import Piece

    def piece(name, kind, count=1):
        return Piece("c", kind, NS(name=name, meta={}), None, count)

    colours = {"red": "red", "blue": "blue"}
    assert tts._per_seat([piece("pawn/red", "standee"), piece("pawn/blue", "standee")], 2, colours)
    assert not tts._per_seat([piece("pawn/bandits", "standee"), piece("pawn/sandstorm", "standee")], 2, colours)
    assert not tts._per_seat([piece("marker/oasis", "token", 6)], 6, colours)
    assert tts._per_seat([piece("price-table", "table", 3)], 3, colours)
    assert not tts._per_seat([piece("price-table", "table", 3)], 4, colours)
    assert not tts._per_seat([piece("coin/red", "money"), piece("coin/blue", "money")], 2, colours)


# Characters a Nickname may hold: printable ASCII and the Latin-1 letters and signs (Danish
# æ ø å, ·). TTS's UI font is not known to hold more (U+2212 MINUS SIGN may show as a box).
def _safe_name(text: str) -> bool:
    return all(0x20 <= ord(ch) < 0x7F or 0xA1 <= ord(ch) <= 0xFF for ch in text)


def test_cards_and_decks_can_be_held_in_hand(samarkand_tts):
    """TTS writes "Hands": true on every Card and DeckCustom it saves; without it a card
    cannot be taken into a player's hand."""
    _, save, _ = samarkand_tts
    held = [o for o in _walk(save["ObjectStates"]) if o["Name"] in ("Card", "DeckCustom")]
    assert len(held) == 103          # 102 cards and their deck
    assert all(o.get("Hands") is True for o in held)


def test_a_card_cell_has_the_cards_trim_aspect(samarkand_tts):
    """TTS stretches a cell over the card: the cell's width / height must be the card's
    trim's (components.yaml cards: poker, 63.5 x 88.9 mm) within 1 %, front and back."""
    _, save, _ = samarkand_tts
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    trim = 63.5 / 88.9
    for spec in deck["CustomDeck"].values():
        sheet = Image.open(_path(spec["FaceURL"]))
        assert sheet.width % spec["NumWidth"] == 0 and sheet.height % spec["NumHeight"] == 0
        cell = (sheet.width / spec["NumWidth"]) / (sheet.height / spec["NumHeight"])
        assert abs(cell / trim - 1) < 0.01, cell
        back = Image.open(_path(spec["BackURL"]))
        assert abs(back.width / back.height / trim - 1) < 0.01, back.size


def test_names_are_in_characters_tts_shows_and_banks_go_by_value(samarkand_tts):
    _, save, _ = samarkand_tts
    names = [o[k] for o in _walk(save["ObjectStates"]) for k in ("Nickname", "Description")]
    assert all(_safe_name(n) for n in names), sorted({n for n in names if not _safe_name(n)})
    assert "Market chips: -1" in names       # the printed "−1" (U+2212), as hyphen-minus
    banks = [o["Nickname"] for o in save["ObjectStates"] if o["Name"] == "Bag"]
    assert banks == [f"Piaster banknotes: {v}" for v in (5, 10, 20, 50, 100)]


def test_two_player_export_has_banks_by_value_and_no_negative_zero(shared_builds):
    folder = shared_builds("samarkand", "--players", "2", "--target", "tts")
    text = (folder / "samarkand-2p-en-a4-tts" / "samarkand-2p-en-a4.json").read_text(encoding="utf-8")
    assert "-0.0," not in text and "-0.0\n" not in text and ": -0," not in text
    save = json.loads(text)
    values = [int(o["Nickname"].rsplit(" ", 1)[-1]) for o in save["ObjectStates"] if o["Name"] == "Bag"]
    assert values and values == sorted(values)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_chessboard_cards_are_named_with_their_number_and_the_readme_is_in_the_kits_language(shared_builds, lang):
    folder = shared_builds("caravan-chessboard", "--lang", lang, "--target", "tts")
    export = folder / f"caravan-chessboard-4p-{lang}-a4-tts"
    save = json.loads((export / f"caravan-chessboard-4p-{lang}-a4.json").read_text(encoding="utf-8"))
    words = yaml.safe_load((REPO / "data" / "caravan-chessboard" / "lang" / f"{lang}.yaml").read_text(encoding="utf-8"))
    common = yaml.safe_load((REPO / "data" / "common" / "lang" / f"{lang}.yaml").read_text(encoding="utf-8"))
    for deck in (o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"):
        by_face = {c["CardID"]: c["Nickname"] for c in deck["ContainedObjects"]}
        assert len(set(by_face.values())) == len(by_face), sorted(by_face.values())    # one name, one face
        # game.yaml: Move cards of 1-4 squares, Bandits and Sandstorm of 1-5
        for kind, steps in (("move", range(1, 5)), ("bandits", range(1, 6)), ("sandstorm", range(1, 6))):
            for n in steps:
                assert f"{words['cards'][kind]} {n}" in by_face.values(), (kind, n)
    names = [o[k] for o in _walk(save["ObjectStates"]) for k in ("Nickname", "Description")]
    assert all(_safe_name(n) for n in names), sorted({n for n in names if not _safe_name(n)})
    readme = (export / "README.txt").read_text(encoding="utf-8")
    assert readme.startswith(common["tts_readme"]["title"].format(kit=export.name[:-4]))
    assert common["tts_readme"]["how_to_load"] in readme and common["tts_readme"]["objects"] in readme
    if lang == "da":
        from pnp.model.catalog import DEFAULT_DATA_DIR
        from pnp.model.glossary import load_glossary

        glossary = load_glossary(DEFAULT_DATA_DIR, "da")
        hits = list(glossary.banned_hits("README.txt", readme)) + list(glossary.english_hits("README.txt", readme))
        assert not hits, [str(h) for h in hits]
        for english in ("To load it", "Objects:", "Not carried over", "spawns", "the supply", "each player"):
            assert english not in readme


def test_the_figurines_show_what_the_readme_says(samarkand_tts):
    """The printed standee is a rectangle panel: the figurine shows that panel as cut, opaque,
    and the README says so (not a silhouette on a transparent ground)."""
    _, save, _ = samarkand_tts
    section = (REPO / "README.md").read_text(encoding="utf-8").split("## Play it on screen first", 1)[1].split("\n## ", 1)[0]
    assert "transparent ground" not in section
    assert "printed front panel as cut" in " ".join(section.split())
    for fig in (o for o in save["ObjectStates"] if o["Name"] == "Figurine_Custom"):
        image = Image.open(_path(fig["CustomImage"]["ImageURL"])).convert("RGBA")
        assert image.getchannel("A").getextrema() == (255, 255), fig["Nickname"]


def test_images_are_sharp_enough_to_zoom_into(samarkand_tts):
    """Tiles and figurines at 200-300 dpi; the board as large as TTS loads (4096 px on its
    longer side); card sheets within 4096 px."""
    _, save, _ = samarkand_tts
    for obj in _walk(save["ObjectStates"]):
        if obj["Name"] in ("Custom_Tile", "Figurine_Custom"):
            assert 200 <= _dpi(_path(obj["CustomImage"]["ImageURL"])) <= 300, obj["Nickname"]
    board = next(o for o in save["ObjectStates"] if o["Name"] == "Custom_Tile" and o["Locked"])
    assert 4000 <= max(Image.open(_path(board["CustomImage"]["ImageURL"])).size) <= 4096
    deck = next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")
    assert all(max(Image.open(_path(s["FaceURL"])).size) <= 4096 for s in deck["CustomDeck"].values())


def test_market_tokens_lie_on_the_cities_market_slots_at_set_up(samarkand_tts):
    """The rules' set-up puts the market tokens, shuffled, two on every city's market slots:
    each token's position is a slot's centre, from the board data, in TTS units (25.4 mm)."""
    from pnp.games.samarkand.board import CLEAR_MM, GUTTER_MM, SLOT_CLEARANCE_MM

    _, save, _ = samarkand_tts
    components = yaml.safe_load((REPO / "data" / "samarkand" / "components.yaml").read_text(encoding="utf-8"))
    board = yaml.safe_load((REPO / "data" / "samarkand" / "board.yaml").read_text(encoding="utf-8"))
    space, band = components["board"]["space_mm"], components["board"]["field_band_mm"]
    slot = components["market_token"]["size_mm"] + SLOT_CLEARANCE_MM
    cells = [sp["cell"] for sp in board["spaces"] if sp["kind"] == "city"]
    rows = 1 + max(sp["cell"][0] for sp in board["spaces"])
    cols = 1 + max(sp["cell"][1] for sp in board["spaces"])
    width, height = 2 * band + cols * space, 2 * band + rows * space
    tile = space - GUTTER_MM
    expected = set()
    for row, col in cells:
        x0, y0 = band + col * space + GUTTER_MM / 2, band + row * space + GUTTER_MM / 2
        for k in range(2):
            cx = x0 + CLEAR_MM + k * (tile - 2 * CLEAR_MM - slot) + slot / 2
            cy = y0 + tile - CLEAR_MM - slot / 2
            expected.add(((cx - width / 2) / 25.4, (height / 2 - cy) / 25.4))
    tokens = [o for o in save["ObjectStates"] if o.get("Description") == "Market tokens"]
    assert len(tokens) == len(expected) == 2 * len(cells) == 8
    assert all(o["Name"] == "Custom_Tile" for o in tokens)         # one a slot, not a stack beside the board
    placed = [(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in tokens]
    # every slot holds exactly one token, at its centre (to the 0.001 unit the JSON keeps)
    for x, z in expected:
        assert sum(abs(px - x) < 0.001 and abs(pz - z) < 0.001 for px, pz in placed) == 1, (x, z, placed)
    assert all(o["Transform"]["posY"] > 0.9 for o in tokens)       # above the board (posY 0.9)
    # shuffled as the rules ask, but the same order every build: not the print order
    order = [o["Nickname"] for o in sorted(tokens, key=lambda o: (-o["Transform"]["posZ"], o["Transform"]["posX"]))]
    assert order.count("Assortment") == components["market_tokens"]["assortment"]
    english = yaml.safe_load((REPO / "data" / "samarkand" / "lang" / "en.yaml").read_text(encoding="utf-8"))
    assert sorted(set(order) - {english["assortment"]}) == sorted(english["goods"][g] for g in components["market_tokens"]["goods"])
    printed = [english["goods"][g] for g in components["market_tokens"]["goods"]] + [english["assortment"]] * 2
    assert order != printed


def test_a_local_file_url_keeps_its_characters(tmp_path):
    """TTS's knowledge base gives a local file as its plain path, spaces kept: no %20."""
    folder = tmp_path / "My Kits" / "æøå"
    url = tts.file_url(folder / "board.png")
    assert url == "file:///" + str((folder / "board.png").resolve()).lstrip("/")
    assert " " in url and "%" not in url
    with pytest.raises(Exception, match="control character.*--out"):
        tts.file_url(tmp_path / "a\nb" / "board.png")
