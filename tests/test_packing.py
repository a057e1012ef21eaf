"""The sheet packer (pnp.printing.packing) and the sheet counts it reaches.

Geometry is checked on the packer's placements (trim boxes in sheet mm): no two pieces
overlap, every piece with its visible bleed lies inside the printable area, the pieces on
the sheets are exactly the pieces asked for.  Sheet counts of the default kits are counted
from their runs and pagination (``sheet_count``), without converting any page; the
manifests of built kits give the same figures (tests/test_kit.py fixture ``kit_dir``).
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache

import pytest

from pnp.components.svg import Face, group, rect
from pnp.geometry import PAPERS
from pnp.kit import build as kit_build
from pnp.kit.recipe import KitRecipe
from pnp.kit.build import kit_runs, kit_sheets, pack_runs
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.i18n import Strings
from pnp.printing.figures import sheets_of
from pnp.printing.imposition import TIGHT_BLEED_MM, TIGHT_MARGIN_MM, TIGHT_MARK_MM, PrintSettings, Sheet
from pnp.printing.packing import CUTOUT_GAP_MM, HEURISTICS, PieceGroup, _global_packer, block_shapes, pack_pieces
from pnp.printing.sheet_overlay import SheetOverlay
from pnp.printing.pagination import paginate
from pnp.registry import game as registered_game

GAMES = ("samarkand", "caravan", "caravan-chessboard")


def face(name: str, w: float, h: float, colour: str | None, bleed: float = 3.0, component: str = "tokens") -> Face:
    art = group()
    art.add(rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=colour or "#808080"))
    return Face(name, component, w, h, bleed, art, edge_colour=colour)


def boxes(sheet: Sheet, bleed_of) -> list[tuple[float, float, float, float]]:
    """Trim box of every placement grown by the bleed it shows outside its block."""
    out = []
    for p in sheet.placements:
        b = bleed_of(p)
        out.append((p.x - b, p.y - b, p.x + p.w + b, p.y + p.h + b))
    return out


def overlap(a, b) -> float:
    """Area shared by boxes a and b (x0, y0, x1, y1), mm²."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def check_sheet(sheet: Sheet, settings: PrintSettings, room=None) -> None:
    """No two trim boxes overlap; every piece with its outer bleed and marks is inside the
    printable area (tight margin) or the host's room."""
    paper = settings.paper
    trims = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in sheet.placements if not p.face.startswith("board@")]
    for i, a in enumerate(trims):
        for b in trims[i + 1:]:
            assert overlap(a, b) < 1e-6, (sheet.bookmark, a, b)
    x0, y0 = TIGHT_MARGIN_MM, TIGHT_MARGIN_MM
    x1, y1 = paper.width - TIGHT_MARGIN_MM, paper.height - TIGHT_MARGIN_MM - settings.footer_mm
    if room is not None:
        x0, y0, x1, y1 = room[0], room[1], room[0] + room[2], room[1] + room[3]
    # Every trim keeps clear of the edge of its room: a cut-out's 3 mm of paper, or a block's
    # 2 mm outer bleed, 0.7 mm gap and 2.5 mm crop mark.
    clear = min(CUTOUT_GAP_MM, TIGHT_BLEED_MM + settings.mark_gap_mm + TIGHT_MARK_MM)
    for t in trims:
        assert (t[0] >= x0 + clear - 1e-6 and t[1] >= y0 + clear - 1e-6 and t[2] <= x1 - clear + 1e-6
                and t[3] <= y1 - clear + 1e-6), (sheet.bookmark, t)


def test_pieces_never_overlap_and_stay_inside_the_printable_area():
    settings = PrintSettings(PAPERS["a4"])
    groups = [
        PieceGroup("notes", "Notes", [face(f"n{v}", 62, 31, c, component="notes")
                                      for v, c in ((5, "#2E7D32"), (10, "#1565C0")) for _ in range(13)]),
        PieceGroup("tokens", "Tokens", [face("t", 30, 30, "#6D4C41") for _ in range(11)]),
        PieceGroup("tables", "Tables", [face("p", 125, 80, None, component="tables") for _ in range(3)]),
        PieceGroup("pawns", "Pawns", [face("s", 24, 100, None, bleed=0.0, component="pawns") for _ in range(4)],
                   cutout=True, note="Fold on the dashed line."),
    ]
    sheets = pack_pieces(groups, settings, [], lambda labels, n, total: " · ".join(labels))
    assert sheets and all(s.side == "single" for s in sheets)
    placed = Counter(p.component for s in sheets for p in s.placements)
    assert placed == {"notes": 26, "tokens": 11, "tables": 3, "pawns": 4}
    for sheet in sheets:
        check_sheet(sheet, settings)
    # Faces of one edge colour share their cuts: butted notes touch, trim to trim (side by
    # side or one above the other).
    notes = [p for s in sheets for p in s.placements if p.component == "notes"]
    touching = sum(1 for a in notes for b in notes if a is not b and (
        (abs(a.x + a.w - b.x) < 1e-6 and abs(a.y - b.y) < 1e-6) or (abs(a.y + a.h - b.y) < 1e-6 and abs(a.x - b.x) < 1e-6)))
    assert touching >= 10
    # A 5 never shares a cut with a 10 (different edge colours: a miscut would show).
    for sheet in sheets:
        on_sheet = [p for p in sheet.placements if p.component == "notes"]
        for a in on_sheet:
            for b in on_sheet:
                if a.face != b.face:
                    assert overlap((a.x - 0.01, a.y - 0.01, a.x + a.w + 0.01, a.y + a.h + 0.01),
                                   (b.x, b.y, b.x + b.w, b.y + b.h)) == 0.0
    # Same input, same sheets.
    again = pack_pieces(groups, settings, [], lambda labels, n, total: " · ".join(labels))
    assert [s.svg for s in again] == [s.svg for s in sheets]


def test_pieces_fill_the_room_of_a_host_sheet_first():
    settings = PrintSettings(PAPERS["a4"])
    room = (TIGHT_MARGIN_MM, 200.0, 202.0, 80.0)
    host = Sheet(settings.paper, "board", "single", SheetOverlay(settings.paper.width, settings.paper.height), [],
                 free=[room])
    groups = [PieceGroup("tokens", "Tokens", [face("t", 18, 18, "#6D4C41") for _ in range(20)])]
    new = pack_pieces(groups, settings, [host], lambda labels, n, total: "x")
    assert new == [] and len(host.placements) == 20
    check_sheet(host, settings, room)
    assert "packed-h0" in host.svg and host.svg.endswith("</svg>")


def test_an_upright_group_is_never_turned():
    """rectpack turns 40 x 20 tokens a quarter to pack them (9 of the 14 turned, on the
    packer's own choice: the packing whose components lie on fewest sheets); marked
    ``upright``, the same tokens are packed as drawn, on as many sheets."""
    settings = PrintSettings(PAPERS["a4"])

    def packed(upright: bool):
        room = (TIGHT_MARGIN_MM, 200.0, 202.0, 60.0)
        host = Sheet(settings.paper, "board", "single", SheetOverlay(settings.paper.width, settings.paper.height), [],
                     free=[room])
        groups = [PieceGroup("tokens", "Tokens", [face("t", 40, 20, "#6D4C41") for _ in range(14)], upright=upright),
                  PieceGroup("tables", "Tables", [face("p", 150, 60, None, component="tables")])]
        new = pack_pieces(groups, settings, [host], lambda labels, n, total: "x")
        for sheet in [host] + new:
            check_sheet(sheet, settings, room if sheet is host else None)
        return [host] + new

    turning = packed(False)
    assert Counter(p.rotation for s in turning for p in s.placements if p.component == "tokens") == {90: 9, 0: 5}
    upright = packed(True)
    assert len(upright) == len(turning)
    assert Counter(p.rotation for s in upright for p in s.placements if p.component == "tokens") == {0: 14}
    assert all((p.w, p.h) == (40, 20) for s in upright for p in s.placements if p.component == "tokens")


def test_caravan_pieces_stand_one_way_and_each_colour_lies_in_one_block(default_runs):
    """Camels, goods and markers are ``upright``: no piece of the Caravan kit is turned, and
    each camel colour and each good (with its spare) is one rectangle of butted pieces on
    one sheet (not in mixed orientations split into two blocks, which reads as two kinds)."""
    runs, _settings = default_runs["caravan"]
    sheets = {id(s): s for run in runs for s in run.sheets}.values()
    placements = [p for s in sheets for p in s.placements if not p.face.startswith("board@")]
    assert placements and {p.rotation for p in placements} == {0}
    for prefix in ("camel/", "good/"):
        for name in {p.face for p in placements if p.face.startswith(prefix)}:
            holding = [s for s in sheets if any(p.face == name for p in s.placements)]
            assert len(holding) == 1, name
            mine = [p for p in holding[0].placements if p.face == name]
            xs, ys = sorted({round(p.x, 2) for p in mine}), sorted({round(p.y, 2) for p in mine})
            assert len(xs) * len(ys) == len(mine), name          # a full rectangle
            w, h = mine[0].w, mine[0].h
            assert all(abs(b - a - w) < 0.01 for a, b in zip(xs, xs[1:])), name     # butted: shared cuts
            assert all(abs(b - a - h) < 0.01 for a, b in zip(ys, ys[1:])), name


@pytest.fixture(scope="module")
def default_runs():
    """game -> (runs after packing, settings), default player count, English, A4."""
    root = data_dir()
    out = {}
    for game_id in GAMES:
        game = load_game(game_id, root)
        strings = Strings(root, game_id, "en")
        settings = PrintSettings(PAPERS["a4"])
        variant = game.variant(game.players_default, None)
        label = lambda component: (lambda side, n, total: component)       # noqa: E731
        # The runs the kit packs, player aids included (kit_runs, as pnp build does): packed
        # without the aids, the money sat together while the printed kit spread it.
        runs = kit_runs(registered_game(game_id).make("kit", KitRecipe), game, strings, variant, "en", settings, label)
        pack_runs(runs, settings, label)
        out[game_id] = (runs, settings)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_is_on_a_sheet_once_and_the_counts_equal_the_manifest(default_runs, game_id):
    runs, settings = default_runs[game_id]
    sheets = list({id(s): s for run in runs for s in run.sheets}.values())
    placed = Counter(p.component for s in sheets for p in s.placements)
    for run in runs:
        if run.kind in ("board",) and run.id == "board":
            continue
        if run.pieces:
            assert placed[run.id] == run.count == sum(len(g.faces) for g in run.pieces), run.id
    for sheet in sheets:
        if sheet.side == "single":
            check_sheet(sheet, settings)


def kit_layout(game_id: str, players: int | None = None, paper: str = "a4", duplex: str = "long"):
    """(runs after packing, the kit's sheets in print order, the packer's new sheets,
    settings) of an English kit, laid out as ``pnp.kit.build`` lays it out (no PDF).
    Cached: one layout per test module run serves several tests."""
    return _kit_layout(game_id, players or load_game(game_id, data_dir()).players_default, paper, duplex)


@lru_cache(maxsize=None)
def _kit_layout(game_id: str, players: int, paper: str, duplex: str):
    root = data_dir()
    game = load_game(game_id, root)
    variant = game.variant(players, None)
    strings = Strings(root, game_id, "en")
    settings = PrintSettings(PAPERS[paper], duplex=duplex)
    label = lambda component: (lambda side, n, total: component)       # noqa: E731
    runs = kit_runs(registered_game(game_id).make("kit", KitRecipe), game, strings, variant, "en", settings, label)
    new = pack_runs(runs, settings, label)
    return runs, kit_sheets(runs, new), new, settings


def sheet_count(game_id: str, players: int | None = None, paper: str = "a4", duplex: str = "long") -> int:
    """Sheets of paper of a default kit, counted from its runs and pagination (no PDF)."""
    root = data_dir()
    game = load_game(game_id, root)
    variant = game.variant(players or game.players_default, None)
    _runs, sheets, _new, _settings = kit_layout(game_id, players, paper, duplex)
    # The rules sheet as the build typesets it (kit_build._rules_sheet: render_rules_pdf into
    # memory), so the test run's shared rules sheets (conftest shared_pure_work) serve here too.
    rules_pages = kit_build._rules_sheet(game, variant, "en", paper)[1]
    pagination = paginate(rules_pages, [s.side for s in sheets], duplex)
    return len(sheets_of(pagination.sheet_pages(), set()))


@pytest.mark.parametrize("game_id, paper, duplex, most", [
    ("samarkand", "a4", "long", 25), ("samarkand", "letter", "long", 27), ("samarkand", "a4", "fold", 39),
    ("caravan-chessboard", "a4", "long", 16),
    ("caravan", "a4", "long", 8), ("caravan", "letter", "long", 9),
])
def test_default_kits_take_at_most_their_sheets(game_id, paper, duplex, most):
    """Issue 11's acceptance (packer branch: 25, 26, 40, 16, 9; after the rules, faces and board
    work: 26, 28, 43, 17, 12; then 25, 27, 39, 17, 9; with the player aids packed as pieces and
    the rules without them: 25, 28, 39, 16, 9; before the packer: 32, 39, 71, 20, 12)."""
    assert sheet_count(game_id, paper=paper, duplex=duplex) <= most


def test_manifest_sheet_figures(kit_dir):
    manifest = json.loads((kit_dir / "samarkand-5p-en-a4.manifest.json").read_text())
    figures = manifest["sheets"]
    assert figures["count"] == manifest["pages"] / 2 == sheet_count("samarkand") <= 26
    assert figures["card_stock"] + figures["plain"] == figures["count"]
    # contents and rules (pages 1-4) and the banknote-only sheet are plain paper; cards are card stock
    plain = [s["pages"] for s in figures["list"] if s["stock"] == "paper"]
    assert [1, 2] in plain and [3, 4] in plain
    cards = next(c for c in manifest["components"] if c["id"] == "cards")["pages"]
    assert set(cards) <= set(figures["card_stock_pages"])
    assert 0.05 < figures["mean_ink"] < 2.0
    assert all(0.0 <= s["ink"] <= 2.0 for s in figures["list"])
    assert figures["mean_ink"] == pytest.approx(sum(s["ink"] for s in figures["list"]) / figures["count"], abs=1e-3)


def test_spares_join_their_colour_and_colours_keep_a_gutter():
    """A good's spare (another component, same edge colour) shares cuts with its good's
    tokens; tokens of two colours in one block never touch: the cut between them has a
    gutter of twice the block's outer bleed, so each side shows its own colour."""
    settings = PrintSettings(PAPERS["a4"])
    colours = ("#C63B2C", "#4385CF", "#27AD60")
    goods = PieceGroup("goods", "Goods", [face(f"g{c}", 18, 18, c) for c in colours for _ in range(4)])
    spares = PieceGroup("spares", "Spares", [face(f"g{c}", 18, 18, c, component="spares") for c in colours])
    sheets = pack_pieces([goods, spares], settings, [], lambda labels, n, total: "x")
    assert len(sheets) == 1
    placed = sheets[0].placements
    check_sheet(sheets[0], settings)
    for spare in (p for p in placed if p.component == "spares"):
        assert any(p.component == "tokens" and p.face == spare.face and (
            (abs(p.x + p.w - spare.x) < 1e-6 or abs(spare.x + spare.w - p.x) < 1e-6) and abs(p.y - spare.y) < 1e-6
            or (abs(p.y + p.h - spare.y) < 1e-6 or abs(spare.y + spare.h - p.y) < 1e-6) and abs(p.x - spare.x) < 1e-6)
            for p in placed), spare
    gutter = 2 * TIGHT_BLEED_MM
    for a in placed:
        for b in placed:
            if a.face == b.face:
                continue
            dx = max(b.x - (a.x + a.w), a.x - (b.x + b.w))
            dy = max(b.y - (a.y + a.h), a.y - (b.y + b.h))
            assert max(dx, dy) >= gutter - 1e-6, (a, b)


def test_the_last_card_sheet_lends_its_empty_rows_to_the_packer():
    """A deck's part-filled last sheet offers the room under its cards (beyond the short
    crop-mark tails); pieces packed there stay clear of the cards and their marks, and the
    backs sheet behind them stays blank there."""
    from pnp.printing.imposition import MARK_TAIL_MM, impose_grid

    settings = PrintSettings(PAPERS["a4"])
    fronts = [face(f"c{i}", 63.5, 88.9, "#1F486A", component="cards") for i in range(12)]
    backs = [face("back", 63.5, 88.9, "#E4B543", component="cards") for _ in range(12)]
    sheets = impose_grid("cards", "Cards", fronts, backs, settings, lambda side, n, total: side)
    assert [s.side for s in sheets] == ["front", "back", "front", "back"] and not sheets[0].free
    last, its_backs = sheets[2], sheets[3]
    assert len(last.free) == 1
    x, y, w, h = last.free[0]
    cards_bottom = max(p.y + p.h for p in last.placements)
    assert y >= cards_bottom + MARK_TAIL_MM and h > 150 and w > 190
    tokens = PieceGroup("tokens", "Tokens", [face("t", 30, 30, "#6D4C41") for _ in range(20)])
    assert pack_pieces([tokens], settings, [last], lambda labels, n, total: "x") == []
    packed = [p for p in last.placements if p.component == "tokens"]
    assert len(packed) == 20
    # every token with its 2 mm outer bleed, 0.7 mm gap and 2.5 mm crop mark inside the room
    clear = TIGHT_BLEED_MM + settings.mark_gap_mm + TIGHT_MARK_MM
    for p in packed:
        assert x + clear - 1e-6 <= p.x and p.x + p.w <= x + w - clear + 1e-6, p
        assert y + clear - 1e-6 <= p.y and p.y + p.h <= y + h - clear + 1e-6, p
    assert all(p.y + p.h <= cards_bottom + 1e-6 for p in its_backs.placements)


def value_blocks(sheets, component: str = "banknotes") -> dict[str, dict[int, list[tuple[int, int, int]]]]:
    """face -> sheet index -> the blocks of that face on that sheet: pieces joined by shared
    cuts (``butted``), each as (rows, columns, pieces); a whole rectangle when rows x
    columns = pieces."""
    out: dict[str, dict[int, list[tuple[int, int, int]]]] = {}
    for k, sheet in enumerate(sheets):
        by_face: dict[str, list] = {}
        for p in sheet.placements:
            if p.component == component:
                by_face.setdefault(p.face, []).append(p)
        for face_name, mine in by_face.items():
            seen: set[int] = set()
            for start in range(len(mine)):
                if start in seen:
                    continue
                todo, members = [start], []
                while todo:
                    i = todo.pop()
                    if i not in seen:
                        seen.add(i)
                        members.append(mine[i])
                        todo += [j for j in range(len(mine)) if j not in seen and butted(mine[i], mine[j])]
                xs = {round(p.x, 3) for p in members}
                ys = {round(p.y, 3) for p in members}
                out.setdefault(face_name, {}).setdefault(k, []).append(
                    (len(ys), len(xs), len(members)))
    return out


def test_money_of_one_value_sits_together(default_runs):
    """Of the packings with the fewest sheets the packer keeps the one whose pieces of one
    kind lie in whole rectangles, least scattered: Samarkand's 60 banknotes (7, 8, 13, 8
    and 24 notes), packed with everything the kit packs (player aids included), lie on 3
    sheets, the least their area allows (a sheet holds 24), each value in rectangular
    blocks of shared cuts on at most 2 sheets, 6 value-sheet pairs.  Before: 4 sheets and 8
    pairs, with three values in L-shaped blocks (7 as 3 + 3 + 1, 4 twenty-Piaster notes as
    3 + 1); once 11 pages, a value over up to 5."""
    runs, _settings = default_runs["samarkand"]
    sheets = list({id(s): s for run in runs for s in run.sheets}.values())
    where = value_blocks(sheets)
    assert len(where) == 5 and sum(len(v) for v in where.values()) <= 6, where
    assert all(len(v) <= 2 for v in where.values()), where
    assert len(set().union(*where.values())) <= 3, where
    assert all(r * c == n for v in where.values() for blocks in v.values() for r, c, n in blocks), where
    bank = next(run for run in runs if run.id == "banknotes").by_type
    assert {f.removeprefix("banknote/"): sum(n for v in by_sheet.values() for _r, _c, n in v)
            for f, by_sheet in where.items()} == bank


@pytest.mark.parametrize("players, paper, money_sheets, pairs, packed", [
    (3, "a4", 2, 5, 3), (4, "letter", 3, 5, 6), (5, "letter", 3, 5, 6)])
def test_each_banknote_value_lies_in_rectangles_on_at_most_two_sheets(players, paper, money_sheets, pairs, packed):
    """Every Samarkand kit measured (2-5 players, A4 and Letter) keeps its sheets and holds
    each banknote value in whole rectangles on at most 2 sheets (benchmarks/packing_report.py
    lists them).  Three of them here, with the packer's new sheets as before: 3 players on
    A4 had its money on 9 sheets (the twenty-Piaster notes on 3 board tiles), now 3; 4
    players on Letter had a value on 3 sheets, 10 value-sheet pairs, now 9; 5 players on
    Letter 7 sheets in 10 pairs, then 6 in 7.  With the notes packed apart on plain paper (one
    stock per component) they take 2, 3 and 3 sheets, each value on one; 4 players on Letter
    takes one packed sheet more (the kit's total stays 26: its rules sheet is a page shorter)."""
    _runs, sheets, new, _settings = kit_layout("samarkand", players, paper)
    where = value_blocks(sheets)
    assert all(r * c == n for v in where.values() for blocks in v.values() for r, c, n in blocks), where
    assert all(len(v) <= 2 for v in where.values()), where
    assert len(set().union(*where.values())) <= money_sheets and sum(len(v) for v in where.values()) <= pairs, where
    assert len(new) <= packed


def test_a_grid_of_values_packs_each_value_whole_on_one_sheet():
    """Three values of 62 x 31 mm notes, 7, 8 and 8, fit one A4 sheet in whole rectangles only
    as one block ("colour grid"): the 7 as a column beside two 4 x 2 blocks, 3 notes and one
    4 mm gutter wide (200.4 mm of the 202 mm room with the block's marks); as three blocks
    the column and a 4 x 2 block side by side take 206.8 mm, and in rows of 3 the 7 is an L
    of 3 + 3 + 1.  The tightest packings before took the L."""
    colours = ("#2E7D32", "#1565C0", "#C62828")
    counts = (7, 8, 8)
    notes = PieceGroup("notes", "Notes", [face(f"n{k}", 62, 31, colour, component="notes")
                                          for k, colour in enumerate(colours) for _ in range(counts[k])])
    settings = PrintSettings(PAPERS["a4"])
    sheets = pack_pieces([notes], settings, [], lambda labels, n, total: "x")
    assert len(sheets) == 1
    check_sheet(sheets[0], settings)
    where = value_blocks(sheets, "notes")
    assert {f: sum(n for v in by_sheet.values() for _r, _c, n in v) for f, by_sheet in where.items()} == {
        f"n{k}": n for k, n in enumerate(counts)}
    assert all(r * c == n for v in where.values() for blocks in v.values() for r, c, n in blocks), where
    # the two colours of a 4 mm gutter: 3 notes and one gutter across, within the room
    xs = sorted({round(p.x, 3) for p in sheets[0].placements})
    assert len(xs) == 3 and xs[-1] + 62 - xs[0] == pytest.approx(3 * 62 + 2 * TIGHT_BLEED_MM)


def butted(a, b) -> bool:
    """Placements ``a`` and ``b`` share a whole cut: same size, side by side or one above the
    other, trim touching trim."""
    return (abs(a.w - b.w) < 1e-6 and abs(a.h - b.h) < 1e-6 and (
        abs(a.y - b.y) < 1e-6 and (abs(a.x + a.w - b.x) < 1e-6 or abs(b.x + b.w - a.x) < 1e-6)
        or abs(a.x - b.x) < 1e-6 and (abs(a.y + a.h - b.y) < 1e-6 or abs(b.y + b.h - a.y) < 1e-6)))


def test_block_shapes_cut_a_run_into_full_blocks_without_lonely_pieces():
    """A value's notes are cut into full rectangles of several shapes, fewest blocks first,
    and no note is left on its own (money shares cut lines)."""
    assert block_shapes(1, 8, 3, False) == ((1, 1),)
    assert block_shapes(5, 1, 3, False) == ((1, 3), (1, 2))           # not 3 + 1 + 1
    assert block_shapes(7, 1, 3, False) == ((1, 3), (1, 2), (1, 2))
    assert block_shapes(14, 4, 3, False) == ((4, 3), (1, 2))          # a 3 x 4 block and a 1 x 2 remainder
    assert block_shapes(13, 8, 3, False) == ((3, 3), (2, 2))          # 13 is prime: two blocks, 14 cuts
    assert block_shapes(5, 2, 2, True) == ((2, 2), (1, 1))            # pieces that share no cut may stand alone
    assert block_shapes(3, 1, 1, False) == ((1, 1),) * 3              # a cap of one piece: singles after all
    for count in range(1, 40):
        for rows, cols in ((1, 2), (2, 2), (1, 3), (2, 3), (4, 3), (8, 3), (3, 1)):
            shapes = block_shapes(count, rows, cols, False)
            assert sum(r * c for r, c in shapes) == count
            assert all(r <= rows and c <= cols for r, c in shapes)
            # any count > 1 is a sum of 2s and 3s: with a line of 3 in the cap, no piece alone
            if max(rows, cols) >= 3 or count % 2 == 0:
                assert count == 1 or all(r * c >= 2 for r, c in shapes), (count, rows, cols, shapes)
            else:       # an odd count in blocks of 2 (or 2 x 2): one piece alone, the fewest blocks
                assert sorted(r * c for r, c in shapes)[0] == 1 and len(shapes) == len(block_shapes(count, rows, cols, True))
    with pytest.raises(ValueError):
        block_shapes(0, 2, 2, False)


def _packed(packer, dims, bins, spare, spares):
    """(bin number, rid, x, y, width, height) of every rectangle ``packer`` places: ``dims``
    (w, h) into one bin each of ``bins``, then ``spares`` bins of ``spare``."""
    for i, (w, h) in enumerate(dims):
        packer.add_rect(w, h, rid=i)
    for i, (w, h) in enumerate(bins):
        packer.add_bin(w, h, count=1, bid=i)
    packer.add_bin(*spare, count=spares, bid=None)
    packer.pack()
    return [(n, r.rid, r.x, r.y, r.width, r.height) for n, bin_ in enumerate(packer) for r in bin_]


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_the_packer_rates_each_size_once_and_packs_as_rectpack_does(heuristic, monkeypatch):
    """The global bin selection rates each distinct size once per step (not every block), and
    places every rectangle where rectpack's own ``PackingBin.Global`` places it: the same
    bin, corner and turn, blocks of one size taken in the order given (a kit's notes)."""
    import random

    import rectpack
    import rectpack.maxrects

    rng = random.Random(29)
    sizes = [(6200, 3200), (3200, 6200), (4500, 4500), (2100, 8800), (9000, 1500), (12000, 7000)]
    dims = [rng.choice(sizes) for _ in range(90)] + [(3100, 3100)] * 12 + [rng.choice(sizes) for _ in range(30)]
    bins, spare = [(20000, 9000), (7000, 30000)], (20200, 27700)
    ratings = []
    fitness = rectpack.maxrects.MaxRects.fitness

    def counted(self, width, height):
        ratings.append((width, height))
        return fitness(self, width, height)

    monkeypatch.setattr(rectpack.maxrects.MaxRects, "fitness", counted)
    stock = _packed(rectpack.newPacker(bin_algo=rectpack.PackingBin.Global, pack_algo=heuristic, rotation=True),
                    dims, bins, spare, 20)
    stock_ratings = len(ratings)
    ratings.clear()
    ours = _packed(_global_packer(heuristic), dims, bins, spare, 20)
    assert ours == stock
    assert len({rid for _n, rid, *_r in ours}) == len(dims)        # every rectangle placed, once
    # each step rates at most the 7 sizes; rectpack rated each of the up to 132 left
    steps = len(dims) + len(bins) + len({n for n, *_r in ours})     # a placement or a bin closed
    assert len(ratings) <= 7 * steps
    assert stock_ratings > 8 * len(ratings)


@pytest.mark.parametrize("players, paper", [(2, "a4"), (5, "a4")])
def test_every_banknote_shares_a_cut_with_a_note_of_its_value(players, paper):
    """Samarkand's 2-player bank (5, 5, 7, 5 and 14 notes) was packed one note per block: 36
    lonely notes over 9 sheets, each with its own crop marks.  Now every note of a value
    with more than one note abuts another note of that value (a shared cut), and the kit
    keeps its 20 sheets.  (Letter and every player count: 0 lonely notes, measured; not
    rebuilt here to keep the suite fast.)"""
    runs, sheets, _new, _settings = kit_layout("samarkand", players, paper)
    bank = next(run for run in runs if run.id == "banknotes").by_type
    notes = [(k, p) for k, s in enumerate(sheets) for p in s.placements if p.component == "banknotes"]
    assert Counter(p.face.removeprefix("banknote/") for _k, p in notes) == bank
    lonely = [p.face for k, p in notes
              if bank[p.face.removeprefix("banknote/")] > 1
              and not any(kk == k and q is not p and q.face == p.face and butted(p, q) for kk, q in notes)]
    assert lonely == []
    blocks_of = Counter()       # butted blocks per value: fewer than notes, at most one per ~2 notes
    for value, count in bank.items():
        mine = [(k, p) for k, p in notes if p.face == f"banknote/{value}"]
        seen: set[int] = set()
        for start in range(len(mine)):
            if start in seen:
                continue
            blocks_of[value] += 1
            todo = [start]
            while todo:
                i = todo.pop()
                if i in seen:
                    continue
                seen.add(i)
                todo += [j for j in range(len(mine)) if j not in seen and mine[j][0] == mine[i][0]
                         and butted(mine[i][1], mine[j][1])]
        assert blocks_of[value] <= count // 2, (value, count, blocks_of[value])
    if players == 2:
        assert sheet_count("samarkand", players, paper) <= 20


#: A card-stock sheet (other than the last of its kind) must have at least this share of its
#: printable area (inside the 4 mm tight margins, above the footer) covered by trims.  A
#: board tile is 44-71 % of its sheet; a sheet of 4 Samarkand price tables (the most a sheet
#: holds) is 70 %, of 9 poker cards 87 %; a sheet at 20-25 % wastes most of its card stock.  A
#: packing always has a remainder: the packer prints its fullest new sheets first, so that
#: only the last of a kind may fall short.
MIN_FILL = 0.40


def fill(sheet, settings) -> float:
    """Share of a sheet's printable area (tight margins, footer off) its trims cover."""
    paper = settings.paper
    room = (paper.width - 2 * TIGHT_MARGIN_MM) * (paper.height - 2 * TIGHT_MARGIN_MM - settings.footer_mm)
    return sum(p.w * p.h for p in sheet.placements) / room


@pytest.mark.parametrize("game_id, paper", [(game_id, "a4") for game_id in GAMES] + [("samarkand", "letter")])
def test_no_card_stock_sheet_is_mostly_empty_but_the_last_of_its_kind(game_id, paper):
    """Samarkand 5p A4 printed the 5th price table, a pawn and the die on a card-stock sheet
    22 % used, the second of five packed sheets.  No card-stock sheet of a default kit is
    under MIN_FILL unless it is the last of its kind (the deck's last fronts, the last board
    tile, the packer's last new sheet on that stock), and the packer's new sheets come card
    stock first, then plain paper, each fullest first."""
    runs, sheets, new, settings = kit_layout(game_id, None, paper)
    stock = {run.id: run.stock for run in runs}
    packed = {id(s) for s in new}

    def on_card(sheet) -> bool:
        components = {p.component for p in sheet.placements} or {sheet.component}
        return any(stock.get(c, "card") == "card" for c in components)

    def kind(sheet) -> str:
        if id(sheet) in packed:
            return "packed card" if on_card(sheet) else "packed paper"
        return "board" if any(p.face.startswith("board@") for p in sheet.placements) else sheet.component

    faces = [s for s in sheets if s.side in ("front", "single", "fold")]
    last = {kind(s): k for k, s in enumerate(faces)}
    for k, sheet in enumerate(faces):
        components = {p.component for p in sheet.placements} or {sheet.component}
        if not any(stock.get(c, "card") == "card" for c in components):
            continue
        assert fill(sheet, settings) >= MIN_FILL or last[kind(sheet)] == k, (
            kind(sheet), k, round(fill(sheet, settings), 2), Counter(p.component for p in sheet.placements))
    order = [(not on_card(s), -fill(s, settings)) for s in new]     # card stock first, then fullest
    assert order == sorted(order) and order


@pytest.mark.parametrize("tables, markers, coins, sheets", [
    # the sheet counts are the packings' least; before, markers lay on 2 sheets and coins on 3
    ((90, 60, 5), (25, 40), (24, 30), 3),
    # before, each of the three components lay on 2 of the 3 sheets
    ((80, 110, 4), (25, 40), (24, 30), 3),
])
def test_each_component_without_an_edge_colour_lies_on_as_few_sheets_as_it_fits(tables, markers, coins, sheets):
    """Price tables, markers and coins have no edge colour, so the packer's score saw only
    its sheets and placed them where rectpack left room: a component over two or three of a
    packing's sheets although it fits one.  Each component (``component:<id>`` kind of
    ``_block_kinds``) now lies on as few sheets as it takes packed alone, and the packing
    takes no more sheets for it."""
    (tw, th, tn), (mw, mn), (cw, cn) = tables, markers, coins
    groups = [PieceGroup("tables", "Tables", [face(f"t{i}", tw, th, None, component="tables") for i in range(tn)]),
              PieceGroup("markers", "Markers", [face("m", mw, mw, None, component="markers") for _ in range(mn)]),
              PieceGroup("coins", "Coins", [face("c", cw, cw, None, component="coins") for _ in range(cn)])]
    settings = PrintSettings(PAPERS["a4"])
    packed = pack_pieces(groups, settings, [], lambda labels, n, total: "x")
    assert len(packed) == sheets
    for sheet in packed:
        check_sheet(sheet, settings)
    for g in groups:
        alone = len(pack_pieces([g], settings, [], lambda labels, n, total: "x"))
        holding = [s for s in packed if any(p.component == g.component for p in s.placements)]
        assert (len(holding), alone) == (1, 1), (g.component, len(holding))
