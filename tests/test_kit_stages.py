"""The kit build's pure stages: the file name, the manifest, the contents page's ink fixed
point, each component's pages (``pnp.kit.build``), checked without building a kit."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from pnp.errors import OutputError, UsageError
from pnp.geometry import PAPERS
from pnp.kit.build import (KitRequest, component_pages, contents_fixed_point, kit_file_name, kit_manifest,
                           print_settings, validate_request)
from pnp.kit.recipe import ComponentRun
from pnp.model.variant import Variant
from pnp.printing.figures import PaperSheet
from pnp.printing.pagination import Pagination


@pytest.mark.parametrize("options, name", [
    ({}, "samarkand-5p-en-a4"),
    ({"duplex": "short"}, "samarkand-5p-en-a4-short"),
    ({"duplex": "fold", "bleed_mm": 2.0}, "samarkand-5p-en-a4-fold-bleed2"),
    ({"duplex": "none", "bleed_mm": 1.5}, "samarkand-5p-en-a4-simplex-bleed1.5"),
    ({"back_offset": (1.5, -2.0)}, "samarkand-5p-en-a4-offset1.5,-2"),
    ({"back_scale": (1.003, 0.998)}, "samarkand-5p-en-a4-scale1.003x0.998"),
    ({"ink": "saver", "cards_per_sheet": 8}, "samarkand-5p-en-a4-saver-8up"),
    ({"suffix": "-deck", "lang": "da", "paper": "letter"}, "samarkand-5p-da-letter-deck"),
])
def test_the_file_name_names_every_print_setup_that_is_not_the_default(options, name):
    request = KitRequest("samarkand", **options)
    assert kit_file_name(request, Variant(5), print_settings(request)) == name


def test_the_file_name_carries_the_variant_id():
    request = KitRequest("caravan", players=2, setup="short")
    assert kit_file_name(request, Variant(2, "short"), print_settings(request)) == "caravan-2p-short-en-a4"


def test_the_file_name_follows_the_settings_the_kit_is_printed_with():
    """A one-sided kit drops its back options (``_settle``): the name follows what is printed."""
    request = KitRequest("caravan", duplex="short")
    printed = print_settings(KitRequest("caravan"))
    assert kit_file_name(request, Variant(4), printed) == "caravan-4p-en-a4"


def _run(id_, kind, count, by_type=None):
    return ComponentRun(id=id_, kind=kind, label=id_.title(), count=count, by_type=by_type)


def test_the_manifest_lists_contents_rules_and_each_run_with_its_pages():
    request = KitRequest("samarkand", bleed_mm=2.0)
    pagination = Pagination(rules=(2, 3), sheets=(4, 5, 6), blanks=(7,), total=7, duplex=True)
    runs = [_run("cards", "deck", 102, {"silk": 12}), _run("board", "board", 1)]
    sheets = [PaperSheet((1, 2), "paper", 0.2), PaperSheet((3, 4), "paper", 0.4), PaperSheet((5, 6), "card", 1.0),
              PaperSheet((7,), "card", 0.0)]
    manifest = kit_manifest(request, Variant(5), runs, print_settings(request), pagination,
                            {"cards": [4, 5, 4], "board": [6]}, "checked: 200 games", sheets)
    assert manifest["pages"] == 7 and manifest["bleed_mm"] == 2.0 and manifest["variant"] == "5p"
    assert manifest["components"] == [
        {"id": "contents", "kind": "contents", "count": 1, "pages": [1], "stock": "paper"},
        {"id": "rules", "kind": "rules", "count": 1, "pages": [2, 3], "stock": "paper"},
        {"id": "cards", "kind": "deck", "count": 102, "pages": [4, 5], "stock": "card", "by_type": {"silk": 12}},
        {"id": "board", "kind": "board", "count": 1, "pages": [6], "stock": "card"},
    ]
    assert manifest["blank_pages"] == [7]
    assert manifest["sheets"]["count"] == 4 and manifest["sheets"]["card_stock"] == 2
    assert manifest["sheets"]["mean_ink"] == round((0.2 + 0.4 + 1.0) / 4, 4)
    assert manifest["print"] == {"duplex": "long", "back_offset_mm": [0.0, 0.0], "back_scale": [1.0, 1.0],
                                 "ink": "normal", "target": "home"}
    assert manifest["checked"] == "checked: 200 games"


def test_a_kit_printed_one_sided_says_duplex_none_but_a_fold_kit_says_fold():
    pagination = Pagination(rules=(2,), sheets=(3,), blanks=(), total=3, duplex=False)
    for duplex, said in (("long", "none"), ("fold", "fold")):
        request = KitRequest("samarkand", duplex=duplex)
        manifest = kit_manifest(request, Variant(5), [], print_settings(request), pagination, {}, "", [])
        assert manifest["print"]["duplex"] == said


def test_component_pages_count_packed_pieces_and_shared_sheets():
    sheets = [SimpleNamespace(component="board", placements=[SimpleNamespace(component="tokens")]),
              SimpleNamespace(component="cards", placements=[]),
              SimpleNamespace(component="cards", placements=[])]
    runs = [_run("board", "board", 1), _run("tokens", "tokens", 9), _run("cards", "deck", 18),
            ComponentRun(id="backs", kind="deck", label="Backs", count=18, shares_sheets_with="cards")]
    pages = component_pages(sheets, (4, 5, 6), runs)
    assert pages == {"board": [4], "tokens": [4], "cards": [5, 6], "backs": [5, 6]}


def test_the_contents_page_is_rendered_until_the_ink_it_prints_is_the_ink_measured():
    """Its own ink moves the mean: 10 sheets at 30 %, the contents page's own ink is a tenth
    of the figure it prints; the second render prints what the first measured."""
    rendered: list[str] = []

    def render(figure: str) -> bytes:
        rendered.append(figure)
        return figure.encode()

    def mean_ink(contents_ink: float) -> str:
        return f"{(9 * 30 + 100 * contents_ink) / 10:.0f}"

    pdf, ink = contents_fixed_point(render, mean_ink, measure=lambda pdf: int(pdf) / 1000 + 0.25)
    assert rendered == ["27", "30"] and pdf == b"30" and ink == 0.28


def test_the_fixed_point_stops_after_its_rounds_when_the_figure_keeps_moving():
    figures = iter(range(100))
    rendered: list[str] = []
    contents_fixed_point(lambda figure: rendered.append(figure) or b"", lambda ink: str(next(figures)),
                         rounds=3, measure=lambda pdf: 0.0)
    assert len(rendered) == 3


@pytest.mark.parametrize("options, key", [
    ({"paper": "a3"}, "--paper"), ({"bleed_mm": 6.5}, "--bleed-mm"), ({"bleed_mm": -1}, "--bleed-mm"),
    ({"cards_per_sheet": 0}, "--cards-per-sheet"), ({"cards_per_sheet": 21}, "--cards-per-sheet"),
    ({"duplex": "twice"}, "--duplex"),
])
def test_validation_refuses_an_option_out_of_range_naming_it(options, key, tmp_path):
    with pytest.raises(UsageError) as raised:
        validate_request(KitRequest("samarkand", out_dir=tmp_path, **options))
    assert raised.value.key == key


def test_validation_refuses_an_output_folder_under_a_file(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(OutputError) as raised:
        validate_request(KitRequest("samarkand", out_dir=blocker / "out"))
    assert raised.value.key == "--out"


def test_print_settings_take_the_request_as_asked():
    settings = print_settings(KitRequest("samarkand", paper="letter", bleed_mm=2.5, duplex="short",
                                         back_offset=(1.0, -1.0), ink="saver", cards_per_sheet=8,
                                         out_dir=Path("x")))
    assert settings.paper is PAPERS["letter"] and settings.bleed_mm == 2.5 and settings.duplex == "short"
    assert settings.back_offset_mm == (1.0, -1.0) and settings.ink == "saver" and settings.cards_per_sheet == 8
