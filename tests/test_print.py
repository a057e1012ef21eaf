"""Home printing on the produced PDF: flip edge, gutter fold, back offset and scale, viewer hints.

Positions are measured on the written PDF pages (tests/pdfgeom.py interprets the content
streams), not on the SVG: each placed card face (a form XObject ``/Fc<n>``) paints its ground
over the trim and the full bleed first, and that fill gives the card's centre.  A back is
known by what it is, not by how it looks: the face that prints the deck's back text (the
game's title and ``card_back``), whatever its colours and pattern.
"""

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from helpers import PAPER_PT, POKER_MM
from pnp.geometry import PAPERS
from pnp.printing.imposition import FOLD_CLEAR_MM, TIGHT_BLEED_MM, PrintSettings, impose_grid
from pnp.kit.build import KitRequest, build_kit
from pnp.printing.pdf import svg_to_pdf
from pnp.components import style
from pnp.components.svg import Face, group, rect
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings

from pdfgeom import paints, rgb, same_colour
from pdfpieces import form_text

W, H = POKER_MM
BLEED = 3.0
OFFSET = (1.5, -2.0)
VARIANTS = {   # name -> KitRequest fields (2 players, cards only: 72 cards, 8 sheets of 9)
    "long": {}, "short": {"duplex": "short"}, "fold": {"duplex": "fold"}, "none": {"duplex": "none"},
    "offset": {"back_offset": OFFSET}, "8up": {"cards_per_sheet": 8},
}


@pytest.fixture(scope="module")
def card_kit_files(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    """name -> (PDF path, manifest) of each VARIANTS kit, built once for the module."""
    out = tmp_path_factory.mktemp("print")
    kits = {}
    for name, fields in VARIANTS.items():
        result = build_kit(KitRequest("samarkand", 2, out_dir=out, check=False, only=("cards",), suffix=f"-{name}",
                                      **fields))
        kits[name] = (result.pdf, result.manifest_data)
    return kits


@pytest.fixture(scope="module")
def card_kits(card_kit_files) -> dict[str, tuple[PdfReader, dict]]:
    return {name: (PdfReader(pdf), manifest) for name, (pdf, manifest) in card_kit_files.items()}


def card_pages(kit) -> list:
    reader, manifest = kit
    deck = next(c for c in manifest["components"] if c["id"] == "cards")
    return [reader.pages[p - 1] for p in deck["pages"]]


_STRINGS = Strings(DEFAULT_DATA_DIR, "samarkand", "en")
#: The lines a card back prints (its two cartouches, head and foot): the title and the deck's name.
BACK_TEXT = {_STRINGS("title"), _STRINGS("card_back")}
_TEXTS: dict[tuple[int, int], str] = {}     # (id(reader), form object number) -> the text that form draws


def _is_back(page, form: str) -> bool:
    """True when ``form`` (a ``Paint.form``, "/Fc<n>#k") placed on ``page`` is the deck's back face."""
    ref = page["/Resources"].get_object()["/XObject"].get_object().raw_get(form.split("#")[0])
    key = (id(page.pdf), ref.idnum)
    if key not in _TEXTS:
        _TEXTS[key] = form_text(page.pdf, ref)
    return {line.strip() for line in _TEXTS[key].splitlines() if line.strip()} == BACK_TEXT


def frames(page, bleed=BLEED, backs: bool | None = None) -> list:
    """The full-bleed ground of every card face placed on ``page`` (either orientation), in
    drawing order: the first fill of each placed copy that covers the trim and its ``bleed``.
    ``backs``: True for the deck's back only, False for fronts only, None for both."""
    sizes = ((W + 2 * bleed, H + 2 * bleed), (H + 2 * bleed, W + 2 * bleed))
    grounds, seen = [], set()
    for p in paints(page):
        if (p.form and p.form not in seen and p.op == "fill"
                and any(abs(p.size[0] - a) < 0.01 and abs(p.size[1] - b) < 0.01 for a, b in sizes)):
            seen.add(p.form)
            if backs is None or _is_back(page, p.form) == backs:
                grounds.append(p)
    return grounds


def match(points_a, points_b) -> float:
    """Largest distance between the k-th point of ``a`` and the k-th point of ``b``.

    Faces are drawn in the order of their index on every sheet, so the k-th frame of a
    backs sheet is the back of the k-th front."""
    assert len(points_a) == len(points_b) and points_a
    return max(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 for (ax, ay), (bx, by) in zip(points_a, points_b))


def prefs(kit):
    return kit[0].trailer["/Root"]["/ViewerPreferences"]


@pytest.mark.parametrize("mode, hint", [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")])
def test_backs_reflected_through_the_flip_edge_land_on_their_fronts(card_kits, mode, hint):
    kit = card_kits[mode]
    assert prefs(kit)["/Duplex"] == hint and prefs(kit)["/PrintScaling"] == "/None"
    assert f"flipping on the {mode} edge" in kit[0].pages[0].extract_text().replace("\n", " ")
    pages = card_pages(kit)
    assert len(pages) == 2 * 8                   # 9 poker cards a sheet (3 x 3, shared cuts)
    paper_w, paper_h = PAPERS["a4"].width, PAPERS["a4"].height
    for front, back in zip(pages[0::2], pages[1::2]):
        fronts = [f.centre for f in frames(front, backs=False)]
        backs = [b.centre for b in frames(back, backs=True)]
        assert len(fronts) == 9 and len(backs) == 9
        assert len(frames(front)) == len(frames(back)) == 9     # nothing else full-bleed: no back among fronts
        if mode == "long":
            reflected = [(paper_w - x, y) for x, y in backs]
        else:
            reflected = [(x, paper_h - y) for x, y in backs]
        assert match(reflected, fronts) < 0.1
        # The flip matters: unreflected, the backs miss their fronts.
        assert match(backs, fronts) > 1.0


def test_cards_per_sheet_8_keeps_full_bleed_and_registration(card_kits):
    """``--cards-per-sheet 8``: the usual layout (full 3 mm bleed, 5 mm margins), backs still
    within 0.1 mm of their fronts after a long-edge flip."""
    kit = card_kits["8up"]
    pages = card_pages(kit)
    assert len(pages) == 2 * 9
    for front, back in zip(pages[0::2], pages[1::2]):
        fronts, backs = frames(front, backs=False), frames(back, backs=True)
        assert len(fronts) == len(backs) == 8
        assert len(frames(front)) == len(frames(back)) == 8
        assert min(f.box[0] for f in fronts) >= 5.0 + 0.7 + 3.0 - 0.01     # margin + gap + mark clear
        assert match([(PAPERS["a4"].width - b.centre[0], b.centre[1]) for b in backs], [f.centre for f in fronts]) < 0.1


def test_no_duplex_puts_backs_unmirrored_on_their_own_sheets(card_kits):
    kit = card_kits["none"]
    assert prefs(kit)["/Duplex"] == "/Simplex"
    pages = card_pages(kit)
    for front, back in zip(pages[0::2], pages[1::2]):
        assert len(frames(front)) == len(frames(front, backs=False)) and len(frames(back)) == len(frames(back, backs=True))
        assert match([b.centre for b in frames(back, backs=True)], [f.centre for f in frames(front, backs=False)]) < 0.01


def test_back_offset_moves_every_back_and_its_marks_by_exactly_that(card_kits):
    contents = card_kits["offset"][0].pages[0].extract_text().replace("\n", " ")
    assert "Backs are moved 1.5, -2 mm and scaled 1 × 1" in contents       # the kit says what it was built for
    assert card_kits["offset"][1]["print"]["back_offset_mm"] == [1.5, -2.0]
    assert "Backs are moved" not in card_kits["long"][0].pages[0].extract_text()
    plain, moved = card_pages(card_kits["long"]), card_pages(card_kits["offset"])
    dx, dy = OFFSET
    footer_top = PAPERS["a4"].height - 4.0 - 7.0      # 9-up: the tight layout's 4 mm margin
    for n, (a, b) in enumerate(zip(plain, moved)):
        if n % 2 == 0:     # fronts do not move
            assert a.get_contents().get_data() == b.get_contents().get_data()
            continue
        before = [f.centre for f in frames(a, backs=True)]
        after = [f.centre for f in frames(b, backs=True)]
        assert len(before) == len(after) == 9
        for (x0, y0), (x1, y1) in zip(before, after):
            assert abs((x1 - x0) - dx) < 0.01 and abs((y1 - y0) - dy) < 0.01
        # Crop marks: thin black strokes above the footer; vertical ones move by dx, horizontal by dy.
        def cuts(page):
            marks = [p for p in paints(page) if p.op == "stroke" and same_colour(p.stroke, (0, 0, 0))
                     and p.box[3] < footer_top - 0.5]
            xs = sorted({round(p.box[0], 3) for p in marks if p.size[0] < 0.01})
            ys = sorted({round(p.box[1], 3) for p in marks if p.size[1] < 0.01})
            return xs, ys
        (xs0, ys0), (xs1, ys1) = cuts(a), cuts(b)
        assert len(xs0) == len(xs1) >= 3 and len(ys0) == len(ys1) >= 3
        assert all(abs((x1 - x0) - dx) < 0.01 for x0, x1 in zip(xs0, xs1))
        assert all(abs((y1 - y0) - dy) < 0.01 for y0, y1 in zip(ys0, ys1))


def test_fold_sheets_put_each_back_opposite_its_front_about_the_fold_line(card_kits):
    kit = card_kits["fold"]
    assert prefs(kit)["/Duplex"] == "/Simplex"
    assert "fold it on the dashed line" in kit[0].pages[0].extract_text().replace("\n", " ")
    pages = card_pages(kit)
    reader, manifest = kit
    deck = next(c for c in manifest["components"] if c["id"] == "cards")
    assert len(pages) == len(deck["pages"]) and len(pages) * 4 >= 72     # 4 fronts + 4 backs a sheet
    paper = PAPERS["a4"]
    fronts_seen = 0
    for page in pages:
        drawn = paints(page)
        # The fold line: a stroke in the fold ink across the whole sheet.
        folds = [p for p in drawn if p.op == "stroke" and same_colour(p.stroke, rgb(style.FOLD))
                 and (p.size[0] > paper.width - 0.1 or p.size[1] > paper.height - 0.1)]
        assert len(folds) == 1
        fold = folds[0]
        horizontal = fold.size[0] > fold.size[1]
        at = fold.centre[1] if horizontal else fold.centre[0]
        cards = frames(page)
        near = [c for c in cards if (c.centre[1] if horizontal else c.centre[0]) < at]
        far = [c for c in cards if (c.centre[1] if horizontal else c.centre[0]) > at]
        assert near and len(near) == len(far)
        assert len(near) == 4 or page is pages[-1]
        fronts_seen += len(near)
        reflected = [(x, 2 * at - y) if horizontal else (2 * at - x, y) for x, y in (c.centre for c in far)]
        assert match(reflected, [c.centre for c in near]) < 0.1
        # The fold line keeps >= 5 mm from every bleed.  The frame fill is painted with the
        # face's 3 mm bleed; the tight 4 + 4 layout clips the outer bleed at TIGHT_BLEED_MM.
        for c in cards:
            lo, hi = (c.box[1], c.box[3]) if horizontal else (c.box[0], c.box[2])
            assert min(abs(lo - at), abs(hi - at)) >= FOLD_CLEAR_MM - (BLEED - TIGHT_BLEED_MM) - 0.01
        # Fronts on the near side, backs (the deck's back face) on the far side.
        back_fields = frames(page, backs=True)
        assert len(back_fields) == len(far)
        assert all((b.centre[1] if horizontal else b.centre[0]) > at for b in back_fields)
        assert all((f.centre[1] if horizontal else f.centre[0]) < at for f in frames(page, backs=False))
    assert fronts_seen == 72


def synthetic(name, colour):
    art = group()
    art.add(rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, fill=colour))
    return Face(name, "cards", W, H, BLEED, art, edge_colour=colour)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_scale_is_about_the_sheet_centre_then_offset(paper):
    """On the converted PDF page: back centre = sheet centre + scale x (centre distance) + offset."""
    settings = PrintSettings(PAPERS[paper], back_offset_mm=(-0.7, 1.2), back_scale=(1.01, 0.995))
    plain = PrintSettings(PAPERS[paper])
    fronts = [synthetic(f"f{i}", "#4A2F1B") for i in range(5)]
    backs = [synthetic(f"b{i}", "#4A2F1B") for i in range(5)]
    moved = impose_grid("cards", "Cards", fronts, backs, settings, lambda *a: "x")[1]
    still = impose_grid("cards", "Cards", fronts, backs, plain, lambda *a: "x")[1]

    def centres(sheet):
        page = PdfReader(io.BytesIO(svg_to_pdf(sheet.svg))).pages[0]
        return sorted(p.centre for p in paints(page) if p.op == "fill" and p.size[0] > 60)

    cx, cy = PAPERS[paper].width / 2, PAPERS[paper].height / 2
    expected = sorted((cx + 1.01 * (x - cx) - 0.7, cy + 0.995 * (y - cy) + 1.2) for x, y in centres(still))
    assert match(centres(moved), expected) < 0.01


def test_ink_saver_card_sheets_use_less_ink_and_leave_the_bleed_as_paper(tmp_path, card_kit_files):
    """Rendered at 50 dpi: ink coverage (1 - lightness) of the first card sheet, normal vs saver,
    and the lightest pixel of a line through the left bleed of the grid (measured on the normal sheet).
    The normal-ink kit is the module's "long" kit (the same request: normal ink is the default)."""
    import pypdfium2 as pdfium

    dpmm = 50 / 25.4
    coverage, darkest_in_bleed, bleed_x = {}, {}, None
    for mode in ("normal", "saver"):
        if mode == "normal":
            pdf, manifest = card_kit_files["long"]
            assert manifest["print"]["ink"] == "normal"
        else:
            result = build_kit(KitRequest("samarkand", 2, out_dir=tmp_path, check=False, only=("cards",), ink=mode,
                                          suffix=f"-{mode}"))
            pdf, manifest = result.pdf, result.manifest_data
        deck = next(c for c in manifest["components"] if c["id"] == "cards")
        if bleed_x is None:    # middle of the bleed left of the outermost trim
            bleed_x = min(f.box[0] for f in frames(PdfReader(pdf).pages[deck["pages"][0] - 1])) + BLEED / 2
        doc = pdfium.PdfDocument(str(pdf))
        image = doc[deck["pages"][0] - 1].render(scale=50 / 72).to_pil().convert("L")
        doc.close()
        counts = image.histogram()
        coverage[mode] = sum((255 - v) * n for v, n in enumerate(counts)) / (255 * sum(counts))
        column = [image.getpixel((round(bleed_x * dpmm), y)) for y in range(round(40 * dpmm), round(200 * dpmm))]
        darkest_in_bleed[mode] = min(column)
    assert coverage["saver"] < 0.5 * coverage["normal"], coverage
    assert darkest_in_bleed["normal"] < 120                         # the dark frame bleeds in normal ink
    assert darkest_in_bleed["saver"] > 245, darkest_in_bleed        # saver: paper, no full-bleed fill
