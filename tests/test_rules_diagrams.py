"""Rules sheets that teach: drawings with real text, worked examples computed by
the engine, the chipped sale of more than the last column, player aids, page fill."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.i18n import Strings
from pnp.kit.rulebook import game_figures, column_width

from helpers import rules_sheet

GAMES = {"samarkand": 5, "caravan": 4, "caravan-chessboard": 4}
_cache: dict = {}


def sheet(game_id: str, lang: str, paper: str = "a4", root=None) -> bytes:
    key = (game_id, lang, paper, str(root))
    if key not in _cache:
        game = load_game(game_id, root or data_dir())
        _cache[key] = rules_sheet(game, GAMES[game_id], lang, paper)[1]
    return _cache[key]


def flat(pdf: bytes) -> str:
    raw = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    return re.sub(r"\s+", " ", re.sub(r"-\n", "", raw))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_figure_is_placed_with_extractable_labels(game_id, lang):
    """Overview, set-up and at least two examples per game; a drawing's labels (names from
    the language file) are text in the PDF, in the kit's fonts only."""
    game = load_game(game_id, data_dir())
    figures = game_figures(game, game.variant(GAMES[game_id]), lang, column_width("a4"))
    assert {"board", "setup"} <= set(figures) and len(set(figures) - {"board", "setup"}) >= 2
    pdf = sheet(game_id, lang)
    text = flat(pdf)
    template = (game.folder / "rules" / f"{lang}.md.j2").read_text(encoding="utf-8")
    for name in figures:
        assert f'figure("{name}"' in template
    from pnp.model.i18n import Strings

    s = Strings(game.folder.parent, game.id, lang)
    keys = {"samarkand": ["diagrams.trading_field", "cities.samarkand"],
            "caravan": ["diagrams.supply_space", "diagrams.theft_marker_piece"],
            "caravan-chessboard": ["diagrams.centre", "regions.middle_east"]}[game_id]
    labels = [s(k).split(" ")[0] for k in keys]
    for label in labels:
        assert label in text, label
    fonts = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for f in page["/Resources"]["/Font"].values():
            fonts.add(str(f.get_object()["/BaseFont"]).split("+")[-1].lstrip("/"))
    assert fonts <= {"Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black", "Caladea-Bold"}, fonts


def test_chipped_sale_of_nine_reads_the_same_on_sheet_table_and_engine():
    """9 grain under a chip: the sheet's example, the price table's note and the engine pay
    the column one left of the capped column (8 -> 7)."""
    from pnp.games.samarkand.engine import tables
    from pnp.model.i18n import Strings

    game = load_game("samarkand", data_dir())
    prices = game.prices
    cards = prices.sizes[-1] + 1
    expected = prices.goods["grain"][prices.sizes.index(prices.sizes[-1] - 1)]
    engine = tables(game).sale[[g.id for g in game.goods].index("grain")][1][cards]
    assert engine == expected == prices.price("grain", cards, chip=True)
    text = flat(sheet("samarkand", "en"))
    assert f"You sell {cards} grain at a market with a chip" in text
    assert f"you receive {expected} Piaster" in text
    assert f"pay the {prices.sizes[-1] - 1}-card column" in text
    note = Strings(game.folder.parent, "samarkand", "en").plural("price_table_max_note", prices.sizes[-1], max=prices.sizes[-1],
                                                          chip=prices.column(cards, chip=True))
    assert note.endswith(f"under a chip as {prices.sizes[-1] - 1}.")
    da = flat(sheet("samarkand", "da"))
    assert f"du får {expected} piaster" in da


def test_changed_price_changes_the_printed_example(data_copy):
    """A price in a copy of the data changes the chipped-sale example's printed number."""
    path = data_copy / "samarkand" / "prices.yaml"
    text = path.read_text(encoding="utf-8")
    game = load_game("samarkand", data_dir())
    old = game.prices.price("grain", 9, chip=True)
    grain = next(line for line in text.splitlines() if line.strip().startswith("grain"))
    values = [int(v) for v in re.findall(r"\d+", grain)]
    new_values = [v if v != old else old + 7 for v in values]
    assert new_values != values
    new_line = grain
    for v, w in zip(values, new_values):
        if v != w:
            new_line = re.sub(rf"\b{v}\b", str(w), new_line, count=1)
    path.write_text(text.replace(grain, new_line), encoding="utf-8")
    changed = flat(sheet("samarkand", "en", root=data_copy))
    assert f"you receive {old + 7} Piaster" in changed
    assert f"Under the chip: {old + 7} Piaster" in changed
    assert f"you receive {old} Piaster" not in changed


def test_chessboard_example_follows_the_engine_lines():
    from pnp.games.caravan_chessboard.diagrams import examples
    from pnp.games.caravan_chessboard.engine import tables

    game = load_game("caravan-chessboard", data_dir())
    ex = examples(game)["move"]
    T = tables(game)
    start = T.square(*ex["from"])
    assert len(ex["lines"]) == len(T.lines[start][ex["steps"]])
    text = flat(sheet("caravan-chessboard", "en"))
    assert f"you may land on {len(ex['open'])} squares" in text


PAPERS = ("a4", "letter")


def _column_ends(pdf: bytes, paper: str) -> list[tuple[float, float]]:
    """Per rendered page: how far down (share of the body height, from the top margin to the
    footer rule) the lowest ink of the (left, right) column reaches."""
    from PIL import Image

    from pnp.kit.rulepages import FOOTER_MM, GUTTER_MM, MARGIN_MM, PAPER_MM

    w_mm, h_mm = PAPER_MM[paper]
    col_mm = (w_mm - 2 * MARGIN_MM - GUTTER_MM) / 2
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    out = []
    for page in document:
        # 30 dpi in grey, rendered by PDFium (a dependency already), not a poppler binary
        im = page.render(scale=30 / 72, grayscale=True).to_pil().convert("L")
        w, h = im.size
        px = im.load()
        top = round(h * MARGIN_MM / h_mm)
        bottom = round(h * (h_mm - MARGIN_MM - FOOTER_MM) / h_mm) - 2   # above the footer rule
        ends = []
        for left_mm in (MARGIN_MM, MARGIN_MM + col_mm + GUTTER_MM):
            x0, x1 = round(w * left_mm / w_mm), round(w * (left_mm + col_mm) / w_mm)
            lowest = top
            for y in range(top, bottom):
                if any(px[x, y] < 200 for x in range(x0, x1)):
                    lowest = y
            ends.append((lowest - top) / (bottom - top))
        out.append(tuple(ends))
    return out


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", PAPERS)
def test_pages_filled_and_last_columns_level(game_id, lang, paper):
    """Issue 12: no rules page more than a third empty (mean of its two columns, measured on
    the rendered page), no column of a page before the last ends in its upper half, and the
    two columns of the last page end within 10 % of the page height."""
    from pnp.kit.rulepages import PAPER_MM

    ends = _column_ends(sheet(game_id, lang, paper), paper)
    for page, (left, right) in enumerate(ends, 1):
        assert (left + right) / 2 >= 2 / 3, f"{game_id} {lang} {paper} page {page}: columns end at {left:.2f}, {right:.2f}"
        assert min(left, right) >= 0.5, f"{game_id} {lang} {paper} page {page}: a column ends at {min(left, right):.2f}"
    left, right = ends[-1]
    body_share = (PAPER_MM[paper][1] - 2 * 14 - 7) / PAPER_MM[paper][1]
    assert abs(left - right) * body_share <= 0.10, f"{game_id} {lang} {paper}: last page columns {left:.2f} / {right:.2f}"


def test_fill_measure_fails_a_half_empty_page():
    """The page-fill measure sees an empty right column and a column that stops half-way
    (so the test above can fail): a two-column page drawn with reportlab."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.kit.rulepages import FOOTER_MM, GUTTER_MM, MARGIN_MM, MM, PAPER_MM

    w_mm, h_mm = PAPER_MM["a4"]
    col = (w_mm - 2 * MARGIN_MM - GUTTER_MM) / 2
    top, bottom = h_mm - MARGIN_MM, MARGIN_MM + FOOTER_MM
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w_mm * MM, h_mm * MM), invariant=1)
    c.rect(MARGIN_MM * MM, bottom * MM, col * MM, (top - bottom) * MM, fill=1)      # left column full
    c.showPage()
    x = (MARGIN_MM + col + GUTTER_MM) * MM
    c.rect(MARGIN_MM * MM, bottom * MM, col * MM, (top - bottom) * MM, fill=1)
    c.rect(x, (top - (top - bottom) / 2) * MM, col * MM, (top - bottom) / 2 * MM, fill=1)   # right half full
    c.save()
    (l1, r1), (l2, r2) = _column_ends(buf.getvalue(), "a4")
    assert l1 > 0.97 and r1 == 0.0
    assert l2 > 0.97 and 0.45 < r2 < 0.55


# Kits whose player aids the test below reads (shared builds: the kit tests build them too).
AID_KITS = [["samarkand"], ["samarkand", "--lang", "da", "--paper", "letter"], ["caravan-chessboard"]]


@pytest.mark.parametrize("args", AID_KITS, ids=lambda a: "-".join(a))
def test_player_aids_are_one_sided_pieces(shared_builds, page_texts, args):
    """One aid per player, in the kit's language, on component sheets whose back is blank
    (never on the rules, which are printed on both sides), and none on the rules pages.  An
    aid whose template has a side break (``---``: CARAVAN on a chessboard) is a duplex card
    in the deck's grid instead, its title on both sides and its back a deck page."""
    import json

    from pnp.kit.rulebook import SIDE_BREAK, aid_template_path, render_rules_markdown

    folder = shared_builds(*args)
    manifest_path = next(folder.glob("*.manifest.json"))
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    game = load_game(manifest["game"], data_dir())
    aid = render_rules_markdown(game, manifest["players"], manifest["lang"], aid_template_path(game, manifest["lang"]))
    title = next(line[2:].strip() for line in aid.splitlines() if line.startswith("# "))
    pages = page_texts(manifest_path.with_suffix("").with_suffix(".pdf"))
    components = {c["id"]: c for c in manifest["components"]}
    aids, rules = components["aids"], components["rules"]
    assert aids["count"] == manifest["players"]

    def text(page: int) -> str:
        return re.sub(r"\s+", " ", pages[page - 1])

    sides = len(SIDE_BREAK.split(aid))
    assert sides == (2 if manifest["game"] == "caravan-chessboard" else 1)
    assert sum(text(p).count(title) for p in range(1, len(pages) + 1)) == manifest["players"] * sides
    assert sum(text(p).count(title) for p in aids["pages"]) == manifest["players"] * sides
    assert not set(aids["pages"]) & set(rules["pages"])
    # An aid may lie in the room the last cards sheet leaves under its cards: the backs page
    # behind it prints card backs only where the cards are, so the aid's back is blank paper.
    deck_pages = set(components.get("cards", {}).get("pages", []))
    for sheet in manifest["sheets"]["list"]:
        if set(sheet["pages"]) & set(aids["pages"]):
            backs = [p for p in sheet["pages"] if p not in aids["pages"]]
            blank = Strings(data_dir(), manifest["game"], manifest["lang"])("blank_page")
            assert all(p in manifest["blank_pages"] and text(p).strip() == blank or p in deck_pages for p in backs), (
                sheet, aids)
            assert sheet["stock"] == "card"


#: Clear space every label keeps from any path, points (an arrowhead 0.8 pt from a word
#: reads as touching it on paper: the review's "red arrows touch Samarkand").
CLEARANCE = 1.2


def _label_boxes(drawing) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every ``String`` of a figure as (text, (x0, y0, x1, y1)) in points: its advance width
    from the font's metrics, from a descender's depth (0.2 em) below the baseline to a
    capital's height (0.75 em) above it, grown by ``CLEARANCE`` on every side."""
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = []
    for shape in drawing.contents:
        if isinstance(shape, String) and shape.text.strip():
            w = stringWidth(shape.text, shape.fontName, shape.fontSize)
            x0 = shape.x - {"start": 0, "middle": w / 2, "end": w}[shape.textAnchor]
            out.append((shape.text, (x0 - CLEARANCE, shape.y - 0.2 * shape.fontSize - CLEARANCE,
                                     x0 + w + CLEARANCE, shape.y + 0.75 * shape.fontSize + CLEARANCE)))
    return out


def _stroke_segments(drawing) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The drawn paths of a figure as straight segments, points: every ``PolyLine`` (arrow
    shafts, routes) and the outline of every ``Polygon`` (arrowheads)."""
    from reportlab.graphics.shapes import Polygon, PolyLine

    out = []
    for shape in drawing.contents:
        if isinstance(shape, (PolyLine, Polygon)):
            pts = list(zip(shape.points[0::2], shape.points[1::2]))
            if isinstance(shape, Polygon):
                pts.append(pts[0])
            out += list(zip(pts, pts[1:]))
    return out


def _crosses(seg, box) -> bool:
    """Whether the segment ``seg`` touches the rectangle ``box`` (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = seg
    bx0, by0, bx1, by1 = box
    t0, t1 = 0.0, 1.0
    for p, q in ((-(x1 - x0), x0 - bx0), (x1 - x0, bx1 - x0), (-(y1 - y0), y0 - by0), (y1 - y0, by1 - y0)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
        if t0 > t1:
            return False
    return True


def test_crossing_measure_sees_a_line_through_a_label():
    """The check below can fail: a line through a word's box is seen, one beside it is not."""
    box = (10.0, 10.0, 40.0, 16.0)
    assert _crosses(((0, 13), (50, 13)), box)          # straight through
    assert _crosses(((25, 30), (25, 15)), box)         # ends inside, from above
    assert not _crosses(((25, 30), (25, 17)), box)     # stops a point short
    assert not _crosses(((0, 0), (5, 30)), box)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_no_label_is_crossed_by_a_path(game_id, lang):
    """Review of the rules sheets: an arrow or route drawn over a label (a city's name, a
    space's number) hides what a beginner must read.  No segment of any path or arrowhead
    of any figure touches any label's text box."""
    game = load_game(game_id, data_dir())
    figures = game_figures(game, game.variant(GAMES[game_id]), lang, column_width("a4"))
    hits = []
    for name, drawing in figures.items():
        segments = _stroke_segments(drawing)
        for text, box in _label_boxes(drawing):
            if any(_crosses(seg, box) for seg in segments):
                hits.append(f"{name}: {text!r}")
    assert not hits, hits


@pytest.mark.parametrize("lang", ["en", "da"])
def test_theft_figure_names_thief_victim_and_boards(lang):
    """Review of Caravan's rules: the theft picture must read on its own.  It names the
    thief's and the robbed player's colours with their roles, both player boards, the stolen
    good, the thief's theft marker and the free theft space it goes to, in the kit's
    language; and the marker's arrow runs below the space, not through the stolen good."""
    from reportlab.graphics.shapes import PolyLine, Rect, String

    from pnp.model.i18n import Strings

    game = load_game("caravan", data_dir())
    s = Strings(game.folder.parent, game.id, lang)
    drawing = game_figures(game, game.variant(GAMES["caravan"]), lang, column_width("a4"))["theft"]
    texts = [shape.text for shape in drawing.contents if isinstance(shape, String)]
    thief, robbed = (s(f"player_colours.{pc.id}") for pc in game.player_colours[:2])
    for expected in (s("diagrams.theft_thief", colour=thief), s("diagrams.theft_robbed", colour=robbed),
                     s("diagrams.theft_space"), s("diagrams.theft_marker_piece"), s("diagrams.theft_good")):
        assert expected in texts, (expected, texts)
    assert texts.count(s("diagrams.theft_player_board")) == 2
    good = next(shape for shape in drawing.contents
                if isinstance(shape, Rect) and shape.fillColor is not None
                and shape.fillColor.hexval()[2:].upper() == game.goods[0].colour.lstrip("#").upper())
    good_box = (good.x, good.y, good.x + good.width, good.y + good.height)
    red = [shape for shape in drawing.contents if isinstance(shape, PolyLine)
           and shape.strokeColor.hexval()[2:].upper() == "8C2F1B"]
    assert red
    for line in red:
        pts = list(zip(line.points[0::2], line.points[1::2]))
        assert not any(_crosses(seg, good_box) for seg in zip(pts, pts[1:]))
        assert min(y for _, y in pts) < good.y     # it runs below the space


# ------------------------------------------------------------ labels that read on their ground
def _flatten(node, matrix=(1, 0, 0, 1, 0, 0), out=None):
    """Every leaf shape of a reportlab drawing with its accumulated transform, in paint order."""
    from reportlab.graphics.shapes import Group

    out = [] if out is None else out
    for shape in getattr(node, "contents", []):
        if isinstance(shape, Group):
            a, b, c, d, e, f = matrix
            A, B, C, D, E, F = shape.transform
            _flatten(shape, (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D,
                             a * E + c * F + e, b * E + d * F + f), out)
        else:
            out.append((shape, matrix))
    return out


def _apply(matrix, x, y):
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def _holds(shape, matrix, x, y) -> bool:
    from reportlab.graphics.shapes import Circle, Polygon, Rect

    if isinstance(shape, Rect):
        (x0, y0), (x1, y1) = _apply(matrix, shape.x, shape.y), _apply(matrix, shape.x + shape.width,
                                                                       shape.y + shape.height)
        return min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1)
    if isinstance(shape, Circle):
        cx, cy = _apply(matrix, shape.cx, shape.cy)
        return (x - cx) ** 2 + (y - cy) ** 2 <= (shape.r * abs(matrix[0])) ** 2
    if isinstance(shape, Polygon):
        pts = [_apply(matrix, *shape.points[i:i + 2]) for i in range(0, len(shape.points), 2)]
        inside = False
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside
    return False


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_diagram_label_reads_on_its_ground(game_id, lang):
    """Each text of each rules drawing has WCAG contrast >= 4.5 against the filled shape
    painted under its middle (the page where none is): dark letters on the maroon and brown
    cities of Caravan's delivery example, white ones on its green and blue cities, white
    '?' on grey and white 'O' on the chessboard's green oasis read at 1.4 to 4.4."""
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.components.style import MIN_CONTRAST, contrast

    def hexed(colour) -> str:
        return "#%02X%02X%02X" % tuple(int(round(v * 255)) for v in (colour.red, colour.green, colour.blue))

    game = load_game(game_id, data_dir())
    figures = game_figures(game, game.variant(GAMES[game_id]), lang, column_width("a4"))
    assert figures
    faint = []
    for name, drawing in figures.items():
        shapes = _flatten(drawing)
        for k, (label, matrix) in enumerate(shapes):
            if not isinstance(label, String) or label.fillColor is None or not label.text.strip():
                continue
            width = stringWidth(label.text, label.fontName, label.fontSize)
            shift = {"start": width / 2, "end": -width / 2}.get(label.textAnchor, 0.0)
            x, y = _apply(matrix, label.x + shift, label.y + label.fontSize * 0.3)
            ground = next((hexed(s.fillColor) for s, m in reversed(shapes[:k])
                           if not isinstance(s, String) and getattr(s, "fillColor", None) is not None
                           and _holds(s, m, x, y)), "#FFFFFF")
            ratio = contrast(hexed(label.fillColor), ground)
            if ratio < MIN_CONTRAST:
                faint.append((name, label.text, hexed(label.fillColor), ground, round(ratio, 2)))
    assert not faint, faint


def _printed_sizes(pdf: bytes) -> list[tuple[int, float, str]]:
    """(page, printed size in points, text) of every text run of ``pdf``: the font size times
    the scale of the text and graphics matrices (a figure's drawing is scaled into its column
    and may be shrunk to fit, pnp.kit.figure)."""
    out = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, 1):
        def visit(text, cm, tm, _font, size, number=number):
            if text.strip():
                a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
                c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                out.append((number, size * abs(a * d - b * c) ** 0.5, text.strip()))
        page.extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_no_text_of_the_rules_prints_under_6_pt(game_id, lang, paper):
    """Every label of every rules figure (and all other text of the rules) prints at 6 pt or
    more: the figures' 4-5 pt labels ("Nomad camp" in each square, banknote values, coin
    values) were unreadable on a home laser printer."""
    from pnp.components.diagram import MIN_TEXT_PT

    runs = _printed_sizes(sheet(game_id, lang, paper))
    small = [(page, round(size, 2), text) for page, size, text in runs if size < MIN_TEXT_PT - 0.01]
    assert not small, small[:10]
    figures = game_figures(load_game(game_id, data_dir()), load_game(game_id, data_dir()).variant(GAMES[game_id]),
                           lang, column_width(paper))
    labels = {shape.text for d in figures.values() for shape in _strings(d)}
    printed = {text for _p, _s, text in runs}
    assert len(labels & printed) >= 10, "the figures' labels are among the runs measured"


def _strings(drawing):
    from reportlab.graphics.shapes import Group, String

    for shape in getattr(drawing, "contents", []):
        if isinstance(shape, String):
            yield shape
        elif isinstance(shape, Group):
            yield from _strings(shape)
