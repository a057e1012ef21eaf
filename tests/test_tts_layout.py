"""The Tabletop Simulator export's table, as a player meets it after loading: every piece on
a spot of its own, the trading fields (where the rules deal cards onto the table) free, the
set-up the rules describe done, and every component of the manifest there in its count.

Footprints are worked out here from the JSON alone, by the sizes the README states: a
``Custom_Tile`` (and a stack of them) is 2 units on its longer side at scale 1 (the
evidenced convention: two square tiles at scale 38 placed 76 units apart meet edge to
edge), its shorter side in its image's proportions; a card 2.5 x 3.5 units (a poker card,
63.5 x 88.9 mm, at 1 unit = 25.4 mm) times its scale; bags, dice, figurines' depth and the
rules PDF by the room ``pnp.printing.tts`` keeps for them."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from pnp.printing import tts
from pnp.printing.targets import png_info

MM = 25.4


def _path(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def _image_mm(url: str) -> tuple[float, float]:
    """The printed size (mm) of an image: its pixels over the resolution it carries."""
    path = _path(url)
    info = png_info(path.read_bytes())
    return info["width"] / info["dpi"] * MM, info["height"] / info["dpi"] * MM


def footprint(obj: dict) -> tuple[float, float]:
    """(w, d) in TTS units of ``obj`` lying at rotation 0 (x across, z along)."""
    t, name = obj["Transform"], obj["Name"]
    if name in ("Custom_Tile", "Custom_Tile_Stack", "Figurine_Custom"):
        with Image.open(_path(obj["CustomImage"]["ImageURL"])) as image:
            w_px, h_px = image.size
        longer = 2.0 * t["scaleX"]
        w, d = (longer, longer * h_px / w_px) if w_px >= h_px else (longer * w_px / h_px, longer)
        return (w, tts.FIGURE_DEPTH_UNITS) if name == "Figurine_Custom" else (w, d)
    if name in ("DeckCustom", "Card"):
        return 2.5 * t["scaleX"], 2.5 * t["scaleX"] * 88.9 / 63.5
    if name == "Bag":
        inner = [footprint(o) for o in obj["ContainedObjects"][:1]]
        w, d = inner[0] if inner else (0.0, 0.0)
        return max(w, tts.BAG_UNITS), max(d, tts.BAG_UNITS)
    if name in ("Custom_Dice", "Die_8"):
        return tts.DIE_UNITS, tts.DIE_UNITS
    if name == "Custom_PDF":
        return tts.PDF_UNITS
    raise AssertionError(f"no footprint for {name}")


def footprints(objects: list[dict]) -> list[tuple[tuple[float, float, float, float], dict]]:
    """((x0, z0, x1, z1), object) of every object on the table (not those inside another)."""
    out = []
    for obj in objects:
        w, d = footprint(obj)
        if round(obj["Transform"]["rotY"]) % 180 == 90:
            w, d = d, w
        x, z = obj["Transform"]["posX"], obj["Transform"]["posZ"]
        out.append(((x - w / 2, z - d / 2, x + w / 2, z + d / 2), obj))
    return out


def _overlap(a, b, eps=1e-3) -> bool:
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def _inside(a, b, eps=1e-3) -> bool:
    return a[0] >= b[0] - eps and a[1] >= b[1] - eps and a[2] <= b[2] + eps and a[3] <= b[3] + eps


def _kit_pieces(game: str, *args: str) -> tuple[list, dict]:
    """The pieces the TTS export is given (``collect_pieces`` of the kit laid out at trim)
    and the components' names in the kit's language (component id -> name)."""
    from pnp.cli import main

    captured = {}
    real = tts.export_tts

    def grab(pieces, *a, **k):
        captured["pieces"], captured["labels"] = pieces, a[4]
        raise StopIteration

    tts.export_tts = grab
    try:
        main(["build", game, *args, "--no-check", "--target", "tts", "--out", "/nonexistent/tts-layout"])
    except StopIteration:
        pass
    finally:
        tts.export_tts = real
    return captured["pieces"], captured["labels"]


KITS = [("samarkand", ()), ("samarkand", ("--players", "2")), ("caravan", ()), ("caravan", ("--players", "3", "--variant", "short")),
        ("caravan-chessboard", ()), ("caravan-chessboard", ("--players", "6"))]


@pytest.fixture(scope="module", params=KITS, ids=lambda k: " ".join((k[0],) + k[1]))
def kit(request, shared_builds):
    game, args = request.param
    folder = shared_builds(game, *args, "--target", "tts")
    export = next(folder.glob("*-tts"))
    save = json.loads((export / f"{export.name[:-4]}.json").read_text(encoding="utf-8"))
    manifest = json.loads(next(folder.glob("*.manifest.json")).read_text(encoding="utf-8"))
    pieces, labels = _kit_pieces(game, *args)
    return game, save, manifest, pieces, labels


def test_no_footprint_overlaps_a_trading_field_or_another_object(kit):
    """From the board data (the board face's ``field_columns``: where each trading field's
    cards lie, in trim mm): no object lies on a trading field, and no two objects share any
    table area, except a piece the rules set out on a board (its face's ``set_up_spots``)
    lying wholly on that board."""
    game, save, manifest, pieces, labels = kit
    board = next(p.front for p in pieces if p.component == "board" and p.kind == "board")
    W, H = board.width, board.height
    fields = []
    for _, (x0, y0, x1, y1) in board.meta.get("field_columns", []):
        xs, zs = ((x0 - W / 2) / MM, (x1 - W / 2) / MM), ((H / 2 - y0) / MM, (H / 2 - y1) / MM)
        fields.append((min(xs), min(zs), max(xs), max(zs)))
    if game == "samarkand":
        assert len(fields) == 10            # board.yaml: ten camps, each with its trading field
    label = labels.__getitem__
    on = {label("board"): {label(c) for c in board.meta.get("set_up_spots", {})}}
    for p in pieces:                        # a player board's own spots (Caravan's theft markers)
        if p.component != "board" and p.front.meta.get("set_up_spots"):
            on.setdefault(label(p.component), set()).update(label(c) for c in p.front.meta["set_up_spots"])
    placed = footprints(save["ObjectStates"])
    main_board = [r for r, o in placed if o["Description"] == "" and o["Nickname"] == label("board")]
    assert len(main_board) == 1
    mb = main_board[0]
    assert abs((mb[2] - mb[0]) * MM - W) < 1.0 and abs((mb[3] - mb[1]) * MM - H) < 1.0
    for rect, obj in placed:
        for field in fields:
            assert not _overlap(rect, field), (obj["Nickname"], rect, field)
    allowed = 0
    for i, (a, oa) in enumerate(placed):
        for b, ob in placed[i + 1:]:
            if not _overlap(a, b):
                continue
            host, guest = ((oa, ob) if _inside(b, a) else (ob, oa)) if (_inside(a, b) or _inside(b, a)) else (None, None)
            host_name = host and (host["Description"] or host["Nickname"])
            ok = host is not None and guest["Description"] in on.get(host_name, set()) \
                and guest["Transform"]["posY"] > host["Transform"]["posY"]
            assert ok, (oa["Nickname"], a, ob["Nickname"], b)
            allowed += 1
    if game == "samarkand":
        assert allowed == 8                  # the market tokens on their slots
    if game == "caravan":
        players = manifest["players"]
        assert allowed == 4 + players        # 4 demand markers on the corner spaces, a theft marker a board


def _count(objects) -> Counter:
    """Pieces by Description (the component's name): a deck's cards, a stack's Number, a bag's
    contents, one for any other object."""
    counted = Counter()
    for obj in objects:
        if obj["Name"] == "DeckCustom":
            counted[obj["Description"] or obj["Nickname"]] += len(obj["ContainedObjects"])
        elif obj["Name"] == "Custom_Tile_Stack":
            assert obj["Number"] >= 2 and "ContainedObjects" not in obj
            counted[obj["Description"]] += obj["Number"]
        elif obj["Name"] == "Bag":
            counted[obj["Description"] or obj["Nickname"]] += len(obj["ContainedObjects"])
        else:
            counted[obj["Description"] or obj["Nickname"]] += 1
    return counted


def test_every_component_of_the_manifest_is_there_in_its_count(kit):
    """Every component the manifest lists but the contents page and the rules sheet (the
    rules are the one Custom_PDF) has as many pieces in the save as the manifest counts: no
    kind can be left out silently."""
    game, save, manifest, pieces, labels = kit
    counted = _count(save["ObjectStates"])
    components = [c for c in manifest["components"] if c["id"] not in ("contents", "rules")]
    assert {c["id"] for c in components} >= {"board"}
    for component in components:
        name = labels[component["id"]]
        assert counted[name] == component["count"], (component["id"], counted[name], component["count"])
    named = {labels[c["id"]] for c in components}
    assert set(counted) - named == {labels["rules"]}, set(counted) - named
    assert [o["Name"] for o in save["ObjectStates"]].count("Custom_PDF") == 1


def test_player_aids_lie_one_in_front_of_each_seat(kit):
    """The kit's player aid (its typeset page, rendered at trim) is a tile at every seat."""
    game, save, manifest, pieces, labels = kit
    aids = [c for c in manifest["components"] if c["id"] == "aids"]
    if not aids:
        pytest.skip("this kit prints no player aids")
    tiles = [o for o in save["ObjectStates"] if o["Description"] == labels["aids"]]
    assert len(tiles) == aids[0]["count"] == manifest["players"]
    seats = {(round(o["Transform"]["posX"], 2), round(o["Transform"]["posZ"], 2)) for o in tiles}
    assert len(seats) == len(tiles)
    aid = next(p.front for p in pieces if p.component == "aids")
    for tile in tiles:
        w_mm, h_mm = _image_mm(tile["CustomImage"]["ImageURL"])
        assert abs(w_mm - aid.width) < 0.3 and abs(h_mm - aid.height) < 0.3, (w_mm, h_mm)
        assert tile["CustomImage"]["CustomTile"]["Stretch"] is False
        with Image.open(_path(tile["CustomImage"]["ImageURL"])) as image:
            grey = image.convert("L")
            dark = sum(1 for v in grey.getdata() if v < 100) / (grey.width * grey.height)
        assert dark > 0.01, dark              # text on it, not a blank card


@pytest.mark.parametrize("game, size", [("samarkand", (468.0, 388.0)), ("caravan", (308.0, 308.0))])
def test_board_tile_scale_gives_the_printed_mm(shared_builds, game, size):
    folder = shared_builds(game, "--target", "tts")
    export = next(folder.glob("*-tts"))
    save = json.loads((export / f"{export.name[:-4]}.json").read_text(encoding="utf-8"))
    board = save["ObjectStates"][0]
    assert board["Name"] == "Custom_Tile" and board["Locked"] is True
    assert board["CustomImage"]["CustomTile"]["Stretch"] is False
    assert board["CustomImage"]["CustomTile"]["Type"] == 0
    assert not any(o["Name"] == "Custom_Board" for o in save["ObjectStates"])
    # longer side: 2 units x scale, in mm; the shorter side in the image's proportions
    longer_mm = 2.0 * board["Transform"]["scaleX"] * MM
    assert abs(longer_mm - max(size)) < 0.5, longer_mm
    w_mm, h_mm = _image_mm(board["CustomImage"]["ImageURL"])
    assert abs(w_mm - size[0]) < 1.0 and abs(h_mm - size[1]) < 1.0
    shorter_mm = longer_mm * min(w_mm, h_mm) / max(w_mm, h_mm)
    assert abs(shorter_mm - min(size)) < 1.0


def test_each_seat_is_dealt_the_starting_money_the_rules_give(kit):
    """Samarkand (game.yaml rules.start_money 200; the rules sheet's split, ``start_notes``):
    in front of every seat the notes 1 x 100, 1 x 50, 2 x 20, 1 x 10 at 5 players, summing to
    200 Piaster; the bank's bags hold the kit's notes less what the players took."""
    game, save, manifest, pieces, labels = kit
    if game != "samarkand":
        pytest.skip("only Samarkand deals money at set-up")
    import yaml as _yaml

    from pnp.games.samarkand.diagrams import start_notes
    from pnp.model.catalog import DEFAULT_DATA_DIR
    from pnp.model import load_game

    players = manifest["players"]
    rules = _yaml.safe_load((Path(DEFAULT_DATA_DIR) / "samarkand" / "game.yaml").read_text(encoding="utf-8"))
    assert rules["rules"]["start_money"] == 200
    split = dict(start_notes(load_game("samarkand", Path(DEFAULT_DATA_DIR)), players))
    assert sum(v * n for v, n in split.items()) == 200
    if players == 5:
        assert split == {100: 1, 50: 1, 20: 2, 10: 1}
    notes = labels["banknotes"]
    seated = [o for o in save["ObjectStates"] if o["Description"] == notes and o["Name"] != "Bag"]
    by_seat: dict[tuple, dict] = {}
    pawns = [o for o in save["ObjectStates"] if o["Name"] == "Figurine_Custom"]
    for obj in seated:              # each note to the seat whose pawn is nearest
        pawn = min(pawns, key=lambda p: abs(p["Transform"]["posX"] - obj["Transform"]["posX"]) +
                   abs(p["Transform"]["posZ"] - obj["Transform"]["posZ"]))
        value = int(obj["Nickname"].rsplit(" ", 1)[-1])
        seat = by_seat.setdefault(pawn["GUID"], {})
        seat[value] = seat.get(value, 0) + obj.get("Number", 1)
    assert len(by_seat) == players
    assert all(seat == split for seat in by_seat.values()), by_seat
    bank = {int(o["Nickname"].rsplit(" ", 1)[-1]): len(o["ContainedObjects"])
            for o in save["ObjectStates"] if o["Name"] == "Bag" and o["Description"] == notes}
    printed = {int(k): v for k, v in next(c for c in manifest["components"] if c["id"] == "banknotes")["by_type"].items()}
    assert bank == {v: printed[v] - players * split.get(v, 0) for v in printed}
    if players == 5:
        assert bank[100] == 19               # the rules' set-up picture: "100 x 19" left in the bank


def test_decks_are_shuffled_by_the_kits_seed(kit):
    """A deck lies shuffled (not in print order, every card still there), in an order fixed
    by the kit: DeckIDs follow the contained cards."""
    game, save, manifest, pieces, labels = kit
    decks = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    if not decks:
        pytest.skip("no deck")
    for deck in decks:
        ids = [c["CardID"] for c in deck["ContainedObjects"]]
        assert deck["DeckIDs"] == ids
        assert ids != sorted(ids)
        runs = sum(1 for a, b in zip(ids, ids[1:]) if a != b)
        assert runs > len(set(ids)) * 2, runs          # the kinds mixed, not in blocks


def test_one_sided_pieces_show_plain_card_stock_underneath_and_figurines_their_back(kit):
    """Every tile has a bottom image (TTS shows the top image on both sides without one, so a
    token turned face down would still show its face): the blank card stock, all white; every
    figurine its back panel, an image file of its own of the front's size."""
    game, save, manifest, pieces, labels = kit

    def walk(objects):
        for obj in objects:
            yield obj
            yield from walk(obj.get("ContainedObjects", []))

    tiles = [o for o in walk(save["ObjectStates"]) if o["Name"] in ("Custom_Tile", "Custom_Tile_Stack")]
    assert tiles
    for tile in tiles:
        back = tile["CustomImage"]["ImageSecondaryURL"]
        assert back and back != tile["CustomImage"]["ImageURL"], tile["Nickname"]
        with Image.open(_path(back)) as image:
            assert image.convert("L").getextrema() == (255, 255)
    for fig in (o for o in save["ObjectStates"] if o["Name"] == "Figurine_Custom"):
        front, back = fig["CustomImage"]["ImageURL"], fig["CustomImage"]["ImageSecondaryURL"]
        assert back and back != front and _path(back).is_file(), fig["Nickname"]
        with Image.open(_path(front)) as f, Image.open(_path(back)) as b:
            assert abs(f.width - b.width) <= 1 and abs(f.height - b.height) <= 1


def test_spares_are_named_apart_from_the_pieces_in_play(kit):
    """No two tiles of different components share a name (Caravan's spare goods are not named
    as the goods in the bag)."""
    game, save, manifest, pieces, labels = kit

    def walk(objects):
        for obj in objects:
            yield obj
            yield from walk(obj.get("ContainedObjects", []))

    seen: dict[str, set] = {}
    for obj in walk(save["ObjectStates"]):
        if obj["Name"] in ("Custom_Tile", "Custom_Tile_Stack"):
            seen.setdefault(obj["Nickname"], set()).add(obj["Description"])
    assert all(len(d) == 1 for d in seen.values()), {n: d for n, d in seen.items() if len(d) > 1}
    if game == "caravan":
        spares = [o for o in save["ObjectStates"] if o["Description"] == labels["goods-spares"]]
        assert len(spares) == 8 and all(labels["goods-spares"] in o["Nickname"] for o in spares)


def test_the_manifest_of_a_tts_build_claims_no_duplex_for_the_export(kit):
    """The manifest's ``print`` block is the kit PDF's (named by its ``file``); the TTS export's
    own block says it has no sides to turn and no bleed."""
    game, save, manifest, pieces, labels = kit
    assert manifest["print"]["target"] == "tts"
    assert manifest["print"]["file"].endswith(".pdf")
    assert manifest["screen"] == {"target": "tts", "folder": f"{save['SaveName']}-tts", "duplex": "none",
                                  "bleed_mm": 0.0}


def test_the_table_never_lays_two_footprints_over_each_other():
    """``_Table`` on its own: a board with trading fields on all four edges, many pieces of
    mixed sizes to the supply, the deck columns and the seats, one longer than the board is
    deep: every spot it gives is clear of the board, the fields and every other spot."""
    fields = [(-2.0, 5.0, 0.0, 9.0), (3.0, -9.0, 5.0, -5.0), (-10.0, -1.0, -6.0, 1.0), (6.0, 0.0, 10.0, 2.0)]
    table = tts._Table(12.0, 10.0, 5, 4.7, fields)
    rects = []
    sizes = [(2.4, 1.2), (1.2, 1.2), (2.0, 2.0), (4.0, 5.66), (0.7, 0.7)] * 6 + [(1.0, 14.0)]
    for w, d in sizes:
        x, z = table.supply(w, d)
        rects.append((x - w / 2, z - d / 2, x + w / 2, z + d / 2))
    for w, d in [(2.5, 3.5)] * 5 + [(2.0, 2.0)]:
        x, z = table.deck(w, d)
        rects.append((x - w / 2, z - d / 2, x + w / 2, z + d / 2))
    for seat in range(5):
        for w, d in ((4.7, 3.1), (0.9, 1.0), (3.6, 3.8)):
            x, z, _ = table.at_seat(seat, w, d)
            rects.append((x - w / 2, z - d / 2, x + w / 2, z + d / 2))
        for x, z, _ in table.row_at_seat(seat, [(2.4, 1.2)] * 4):
            rects.append((x - 1.2, z - 0.6, x + 1.2, z + 0.6))
    keep_out = [(-6.0, -5.0, 6.0, 5.0)] + fields
    for i, a in enumerate(rects):
        assert not any(_overlap(a, k) for k in keep_out), a
        assert not any(_overlap(a, b) for b in rects[i + 1:]), a
    assert len(rects) == len(sizes) + 6 + 5 * 7
