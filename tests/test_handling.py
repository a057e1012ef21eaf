"""Kits that are easy to print, cut and set up: one stock per component, each money value on
as few sheets as it fits, pawns together, the fewest sheets (the rules set tighter where that
saves one, the design notes' counts checked), and the words a player reads (page numbers as
printed, no component the kit lacks, the pre-print check in plain words, an ordinary die).

Layouts come from the packer as ``pnp build`` runs it (``test_packing.kit_layout``, no PDF);
page texts from the kits other tests build (``conftest.shared_builds``).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from pnp.geometry import PAPERS
from pnp.kit.build import wants_card
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.printing.packing import _printable

from test_packing import kit_layout, sheet_count

# (game, players, paper, duplex): the kits whose sheet counts are bounded
LAYOUTS = [("samarkand", 5, "a4", "long"), ("samarkand", 5, "letter", "long"), ("samarkand", 2, "a4", "long"),
           ("samarkand", 5, "a4", "fold"), ("caravan", 4, "a4", "long"), ("caravan-chessboard", 4, "a4", "long"),
           ("caravan-chessboard", 6, "a4", "long"), ("caravan-chessboard", 4, "letter", "long"),
           ("caravan-chessboard", 6, "letter", "long")]


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game_id, players, paper, duplex", LAYOUTS)
def test_every_component_is_printed_on_one_stock(game_id, players, paper, duplex):
    """Samarkand's 5s, 10s and four 20s were on card stock (a pawn shared their sheet) and the
    other notes on plain paper; on Letter three 100s sat on the last card sheet.  Every sheet
    holding a component is of that component's stock: banknotes on plain paper only, cards,
    tokens, pawns and tables on card."""
    runs, _sheets, _new, _settings = kit_layout(game_id, players, paper, duplex)
    stock_of = {run.id: run.stock for run in runs}
    for run in runs:
        on = {("card" if wants_card(sheet, stock_of) else "paper") for sheet in run.sheets
              if any(p.component == run.id for p in sheet.placements) or sheet.component == run.id}
        assert on == {run.stock}, (run.id, run.stock, on)
    money = [run.stock for run in runs if run.kind == "money"]
    assert money == {"samarkand": ["paper"], "caravan": [], "caravan-chessboard": ["card"]}[game_id]


def _per_sheet(face, settings: PrintSettings) -> int:
    """Most pieces of ``face``'s trim a new packed sheet holds as one butted block: the
    printable room (``_printable``, no note band) less the block's outer bleed and marks."""
    tight = settings.tight()
    _x, _y, w, h = _printable(tight, False)
    margin = min(face.bleed, tight.outer_bleed) + tight.mark_gap_mm + tight.mark_min_mm
    w, h = w - 2 * margin, h - 2 * margin
    return max(math.floor(w / face.width) * math.floor(h / face.height),
               math.floor(w / face.height) * math.floor(h / face.width))


@pytest.mark.parametrize("game_id, players, paper, duplex", [k for k in LAYOUTS if k[0] == "samarkand"])
def test_each_banknote_value_lies_on_as_few_sheets_as_it_fits(game_id, players, paper, duplex):
    """Each banknote value on ceil(count / what a sheet holds) sheets: one where it fits
    (Samarkand 2p had its seven 20s on two sheets, Letter its 100s on two stocks).  The
    chessboard kit's coins share the board tiles' rooms and are not held to this."""
    runs, sheets, _new, settings = kit_layout(game_id, players, paper, duplex)
    for run in [run for run in runs if run.kind == "money"]:
        faces = {face.name: face for g in run.pieces for face in g.faces}
        for name, face in faces.items():
            count = sum(1 for g in run.pieces for f in g.faces if f.name == name)
            holding = [s for s in sheets if any(p.face == name for p in s.placements)]
            assert len(holding) == math.ceil(count / _per_sheet(face, settings)), (name, count, len(holding))


@pytest.mark.parametrize("game_id, players, paper, duplex, component", [
    ("samarkand", 5, "a4", "fold", "pawns"),
    ("samarkand", 5, "letter", "long", "pawns"), ("caravan-chessboard", 4, "a4", "long", "caravans"),
    ("caravan-chessboard", 6, "a4", "long", "caravans"), ("caravan-chessboard", 4, "a4", "long", "desert-pawns"),
])
def test_pawns_are_gathered_where_that_costs_no_sheet(game_id, players, paper, duplex, component):
    """The packer gathers a kit's pawns side by side (one block of standees) where that costs
    no sheet: they were spread one to a sheet (Samarkand 2p: two tile rooms; the chessboard
    kit's caravans over two sheets and its Bandits and Sandstorm pawns on two).  On Samarkand
    A4 (5 players: 25 sheets, 2 players: 19; the gutter-fold kit: 39, 40 with them together)
    one pawn under each tile is what keeps the kit to its sheets, so they stay there."""
    runs, sheets, _new, _settings = kit_layout(game_id, players, paper, duplex)
    count = next(run.count for run in runs if run.id == component)
    holding = [s for s in sheets if any(p.component == component for p in s.placements)]
    assert len(holding) < count
    if component != "pawns":
        assert len(holding) == 1, [sum(p.component == component for p in s.placements) for s in holding]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_chessboard_coins_lie_on_one_sheet(paper):
    """CARAVAN on a chessboard's 43 gold coins (4 players) lay 3 + 14 + 14 + 12 in the four
    board tiles' rooms on A4 and on two sheets on Letter: a player cut coins from four
    sheets.  The packer's score counts each component's sheets (a coin is a kind of its
    component), and the search gathers the coins onto the sheet of pieces, at the same
    16 and 17 sheets."""
    runs, sheets, _new, _settings = kit_layout("caravan-chessboard", 4, paper, "long")
    coins = next(run for run in runs if run.id == "coins")
    holding = [s for s in sheets if any(p.component == "coins" for p in s.placements)]
    assert [sum(p.component == "coins" for p in s.placements) for s in holding] == [coins.count]
    assert sheet_count("caravan-chessboard", 4, paper, "long") == {"a4": 16, "letter": 17}[paper]


#: The most sheets of paper each kit may take (each bound the fewest the packer reaches, so a
#: change that wastes a sheet fails).  The gutter-fold kit's 39 is its least: 26 card sheets (4 cards each, the 26th two), 6 board
#: tiles, 3 of notes, 2 of reading, and its price tables, aids and die (96,435 mm² of trim)
#: fit no tile's room (44-54 mm high) and overfill the 26th sheet's two rooms (24,444 mm²)
#: and one sheet more (57,000 mm²): two new sheets.  CARAVAN on a chessboard's player aids as
#: duplex cards in the deck's grid (point 5): Letter 18 -> 17 and 19 -> 18; A4 stays 16 and 17
#: (data/caravan-chessboard/DESIGN.md, "Sheets of paper", says why 15 and 16 do not fit).
MOST = {("samarkand", 5, "a4", "long"): 25, ("samarkand", 5, "letter", "long"): 27,
        ("samarkand", 2, "a4", "long"): 19, ("samarkand", 5, "a4", "fold"): 39, ("caravan", 4, "a4", "long"): 8,
        ("caravan-chessboard", 4, "a4", "long"): 16, ("caravan-chessboard", 6, "a4", "long"): 17,
        ("caravan-chessboard", 4, "letter", "long"): 17, ("caravan-chessboard", 6, "letter", "long"): 18}


@pytest.mark.parametrize("game_id, players, paper, duplex", LAYOUTS)
def test_kits_take_at_most_their_sheets(game_id, players, paper, duplex):
    assert sheet_count(game_id, players, paper, duplex) <= MOST[game_id, players, paper, duplex]


@pytest.mark.parametrize("players, paper, sheets", [(4, "a4", 16), (6, "a4", 17), (4, "letter", 17),
                                                    (6, "letter", 18)])
def test_chessboard_kits_take_their_sheets_with_the_aids_in_the_deck(players, paper, sheets):
    """CARAVAN on a chessboard: 2 sheets of reading, the deck with one duplex aid card per
    player after its 75 cards (A4 9 a sheet: 79 and 81 cards on 9 sheets; Letter 8: 79 on
    10, 81 on 11), 4 board tiles, and on A4 one sheet of pieces the tiles' rooms cannot
    hold (the aids no longer take a packed sheet's room: Letter needs one such sheet, not
    two).  Exactly these counts: one more is a regression, one fewer belongs in DESIGN.md."""
    runs, kit, _new, _settings = kit_layout("caravan-chessboard", players, paper, "long")
    per_sheet = {"a4": 9, "letter": 8}[paper]
    deck = next(run for run in runs if run.id == "cards")
    assert sum(1 for s in deck.sheets if s.side == "front") == -(-(75 + players) // per_sheet)
    aids = next(run for run in runs if run.id == "aids")
    assert aids.count == players and all(s in deck.sheets for s in aids.sheets)
    assert sheet_count("caravan-chessboard", players, paper, "long") == sheets


def test_rules_sheet_is_set_tighter_where_that_saves_a_sheet():
    """Samarkand's rules ended on a fourth page 40 % empty (contents and rules: 3 sheets); set
    at a body size of ``TIGHT_SIZES`` they take 3 pages (2 sheets), still filled and level
    (``plan_pages``' rules).  Where a tighter size saves no sheet, the size stays one of
    ``BODY_SIZES`` (Caravan: 3 pages either way)."""
    from pnp.kit.rulebook import rules_pages_source
    from pnp.kit.rulepages import BODY_SIZES, MIN_FILL, TIGHT_SIZES, plan_pages, reading_sheets

    root = data_dir()
    for game_id, players, pages, sizes in (("samarkand", 5, 3, TIGHT_SIZES), ("samarkand", 2, 3, TIGHT_SIZES),
                                           ("caravan", 4, 3, BODY_SIZES)):
        game = load_game(game_id, root)
        source, geo = rules_pages_source(game, game.variant(players, None), "en", "a4")
        plan = plan_pages(source, geo)
        assert (plan.pages, reading_sheets(plan.pages)) == (pages, 2), (game_id, plan)
        assert plan.size in sizes, (game_id, plan.size)
        room = geo.top(plan.tail) - geo.body_bottom
        assert sum(plan.ends) / 2 >= MIN_FILL * room - 1e-6, (game_id, plan.ends, room)


# ------------------------------------------------------------------------------- design notes
#: data/<game>/DESIGN.md states its kits' sheet counts on one line, "Sheets of paper, as
#: built: A4 25, Letter 27, ..." (each entry a kit as (players, paper, duplex)).
STATED = re.compile(r"Sheets of paper, as built: ([^.\n]+)")
ENTRIES = {"A4": (None, "a4", "long"), "Letter": (None, "letter", "long"), "2 players": (2, "a4", "long"),
           "6 players": (6, "a4", "long"), "6 players Letter": (6, "letter", "long"),
           "`--duplex fold`": (None, "a4", "fold")}


def stated_sheets(game_id: str) -> dict[str, int]:
    """The sheet counts ``data/<game>/DESIGN.md`` states on its one "Sheets of paper, as
    built: ..." line, by entry name (``ENTRIES``)."""
    text = (data_dir() / game_id / "DESIGN.md").read_text(encoding="utf-8")
    found = STATED.findall(text)
    assert len(found) == 1, f"{game_id}/DESIGN.md: one line 'Sheets of paper, as built: ...' expected"
    stated = {}
    for entry in found[0].split(","):
        name, _sp, number = entry.strip().rpartition(" ")
        assert name in ENTRIES, (game_id, entry)
        stated[name] = int(number)
    assert "A4" in stated
    return stated


@pytest.mark.parametrize("game_id", ["samarkand", "caravan", "caravan-chessboard"])
def test_design_notes_give_the_sheet_counts_the_builds_take(game_id):
    """The three DESIGN.md files gave counts the builds no longer matched (Samarkand "A4: 25 ...
    fold 39" against 26 and 40).  Each now states them on one line that this test checks
    against the layout."""
    for name, number in stated_sheets(game_id).items():
        players, paper, duplex = ENTRIES[name]
        assert sheet_count(game_id, players, paper, duplex) == number, (game_id, name, number)


# ------------------------------------------------------------------------------- what a player reads
@pytest.fixture(scope="module")
def built(shared_builds, page_texts):
    """stem -> (page texts, manifest) of the kits other tests build."""
    out = {}
    for args, stem in ((["samarkand"], "samarkand-5p-en-a4"),
                       (["samarkand", "--lang", "da", "--paper", "letter"], "samarkand-5p-da-letter"),
                       (["caravan"], "caravan-4p-en-a4"),
                       (["caravan", "--lang", "da", "--paper", "letter"], "caravan-4p-da-letter"),
                       (["caravan-chessboard"], "caravan-chessboard-4p-en-a4"),
                       (["caravan-chessboard", "--players", "6", "--lang", "da", "--paper", "letter"],
                        "caravan-chessboard-6p-da-letter")):
        folder = Path(shared_builds(*args))
        out[stem] = (page_texts(folder / f"{stem}.pdf"),
                     json.loads((folder / f"{stem}.manifest.json").read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("stem", ["samarkand-5p-en-a4", "caravan-4p-en-a4", "caravan-chessboard-4p-en-a4",
                                  "caravan-chessboard-6p-da-letter"])
def test_design_notes_give_the_sheet_counts_the_printed_kits_take(built, stem):
    """DESIGN.md's "Sheets of paper, as built" line against real builds: the manifest's
    ``sheets.count`` (what ``pnp build`` prints as "N sheets") of each kit it names, in
    English and Danish (the layout test above counts English layouts without a PDF)."""
    _pages, manifest = built[stem]
    default = load_game(manifest["game"], data_dir()).players_default
    entry = next(name for name, (players, paper, duplex) in ENTRIES.items()
                 if (players or default, paper, duplex) == (manifest["players"], manifest["paper"],
                                                            # a kit without backs prints duplex "none"
                                                            "fold" if manifest["print"]["duplex"] == "fold"
                                                            else "long"))
    assert manifest["sheets"]["count"] == stated_sheets(manifest["game"])[entry], (stem, entry)


@pytest.mark.parametrize("stem", ["samarkand-5p-en-a4", "samarkand-5p-da-letter", "caravan-4p-en-a4",
                                  "caravan-chessboard-4p-en-a4"])
def test_rules_pages_print_the_page_numbers_the_contents_page_gives(built, stem):
    """The contents page listed the rules as pages 2-5 while their footers counted 1-4: each
    rules page now prints its page number in the kit (the last number of its footer line)."""
    texts, manifest = built[stem]
    rules = next(c for c in manifest["components"] if c["id"] == "rules")["pages"]
    assert rules[0] == 2
    for page in rules:
        # the footer line: "<title> — <rules> · <subtitle> <page number>" (Danish: a spaced en dash)
        footers = [line.strip() for line in texts[page - 1].splitlines() if re.search(r" [—–] .* · .* \d+$", line.strip())]
        assert len(footers) == 1, (page, footers)
        assert int(footers[0].rpartition(" ")[2]) == page, (page, footers[0])


@pytest.mark.parametrize("stem, lang", [("caravan-4p-en-a4", "en"), ("caravan-4p-da-letter", "da")])
def test_caravan_contents_page_names_no_component_the_kit_lacks(built, stem, lang):
    """Caravan has no cards, money or tables: its contents page (the cutting text) named all
    three."""
    texts, manifest = built[stem]
    assert not any(c["kind"] in ("money", "table") for c in manifest["components"])
    lacking = {"en": ("money", "tables", "cards"), "da": ("penge", "tabeller", "kort")}[lang]
    page = words(texts[0]).lower()
    for word in lacking:
        assert not re.search(rf"\b{word}\b", page), word


@pytest.mark.parametrize("stem, line", [("samarkand-5p-en-a4", "6 = back 1"),
                                        ("samarkand-5p-da-letter", "slår du 6, betyder det »1 felt tilbage«")])
def test_samarkand_contents_page_says_an_ordinary_die_will_do(built, stem, line):
    """The chessboard kit offered any d8; Samarkand did not say that a d6 read as 6 = back 1
    will do.  The mapping comes from the die's faces in game.yaml."""
    texts, _manifest = built[stem]
    assert line in words(texts[0])


def test_pre_print_check_speaks_plainly(tmp_path):
    """"0 hit the move cap" was a developer's phrase on a player's page: the contents page
    says every game came to its proper end, or how many were stopped unfinished."""
    from pnp.kit.build import KitRequest, build_kit

    class Done:
        def __init__(self, timeouts: int):
            self.timeouts = timeouts

        def validate(self, kit_counts):
            pass

        def result(self):
            return {"games": 117, "players": 4, "finished": 117 - self.timeouts, "timeouts": self.timeouts,
                    "median": 20}

        def close(self):
            pass

    from pypdf import PdfReader

    said = {}
    for timeouts in (0, 2):
        out = tmp_path / str(timeouts)
        result = build_kit(KitRequest("caravan", out_dir=out), checker=lambda game, variant: Done(timeouts))
        said[timeouts] = words(PdfReader(result.pdf).pages[0].extract_text())
    assert "move cap" not in said[0] and "move cap" not in said[2]
    assert "every one came to its proper end" in said[0]
    assert "115 came to their proper end, and 2 were stopped unfinished" in said[2]
    assert "a typical game (the median) lasted 20 rounds" in said[0]


# ------------------------------------------------------------------------------- set-up
def _strings_of(drawing) -> list[str]:
    from reportlab.graphics.shapes import String

    return [shape.text for shape in drawing.contents if isinstance(shape, String)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_picture_shows_the_bank_the_deck_and_one_players_starting_notes(players):
    """The set-up picture was a schematic whose caption named a bank it did not draw, and set-up
    did not say which notes make the 200 Piaster.  Now each player's starting notes
    (``start_notes``) sum to the starting money and the kit's bank can give them to every
    player; the picture draws those notes, the bank with what is left of each value, and the
    draw deck."""
    from pnp.games.samarkand.diagrams import figures, start_notes

    game = load_game("samarkand", data_dir())
    variant = game.variant(players, None)
    mine = dict(start_notes(game, players))
    assert sum(v * n for v, n in mine.items()) == game.rules.start_money
    bank = {b.value: b.count_for(players) for b in game.banknotes}
    assert all(players * n <= bank[v] for v, n in mine.items())
    assert len(mine) >= 4       # change for the first payments: at least four values
    texts = _strings_of(figures(game, variant, "en", 250)["setup"])
    for label in ("The bank", "Draw deck", "Each player:", f"= {game.rules.start_money}"):
        assert label in texts, label
    drawn = [int(t) for t in texts if t.isdigit() and int(t) in bank]
    left = [int(t.split()[-1]) for t in texts if t.startswith("× ")]
    assert left == [bank[v] - players * mine.get(v, 0) for v in sorted(bank)]
    # the player's notes, after the bank's two of each value and the board's own numbers
    assert sorted(drawn[-sum(mine.values()):], reverse=True) == [v for v, n in sorted(mine.items(), reverse=True)
                                                              for _ in range(n)]


def test_setup_step_names_the_starting_notes(built):
    texts, _manifest = built["samarkand-5p-en-a4"]
    assert "200 Piaster: 1 × 100, 1 × 50, 2 × 20, 1 × 10." in words(" ".join(texts[1:4]))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_chessboard_setup_picture_shows_the_bank_the_deck_and_a_players_hand(players):
    """The chessboard kit's set-up picture showed the board only: it now draws the bank (each
    coin value with the count the kit prints for this player count), the draw deck and one
    player's starting material (a caravan and the starting hand; nobody has gold)."""
    from pnp.games.caravan_chessboard.diagrams import figures

    game = load_game("caravan-chessboard", data_dir())
    variant = game.variant(players, None)
    texts = _strings_of(figures(game, variant, "en", 250)["setup"])
    counts = [int(t.split()[-1]) for t in texts if t.startswith("× ")]
    assert counts == [c.count_for(players) for c in sorted(game.coins, key=lambda c: c.value)]
    for label in ("The bank", "Draw deck", f"Each player: a caravan and {game.rules.start_hand} cards", "no gold"):
        assert label in texts, label


@pytest.mark.parametrize("stem, lang, count", [("samarkand-5p-en-a4", "en", 3), ("samarkand-5p-da-letter", "da", 4),
                                               ("caravan-chessboard-4p-en-a4", "en", 0)])
def test_blank_backs_say_they_are_blank(built, stem, lang, count):
    """Blank backs were empty pages (Samarkand pp. 6, 32-52 even): a driver set to skip blank
    pages would drop them and shift every later back.  Each now says, small and light, that it
    is intentionally blank, in the kit's language, and nothing else; the manifest still lists
    them.  One-sided card-stock sheets now print a tinted back instead (Samarkand A4
    11 blanks before, the chessboard 5), so only the banknotes' plain-paper backs (and a
    Letter kit's back of its reading matter, page 6) are blank."""
    texts, manifest = built[stem]
    note = Strings(data_dir(), manifest["game"], lang)("blank_page")
    blanks = manifest["blank_pages"]
    assert len(blanks) == count
    for page, text in enumerate(texts, 1):
        assert (words(text) == note) == (page in blanks), (page, words(text)[:60])
