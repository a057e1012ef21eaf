"""Full-colour icons from vendored sets: read as data (allow-list), placed at their size,
recoloured for the ink saver, and credited."""

import json
import re
from pathlib import Path

import pytest
import svgwrite

from pnp.components import art
from pnp.errors import DataError
from pnp.model.catalog import DEFAULT_DATA_DIR


def _root(tmp_path: Path, icons: dict, sizes: dict | None = None) -> Path:
    (tmp_path / "icons").mkdir()
    data = {"title": "Test set", "author": "Someone", "license": "MIT", "width": 32, "height": 32, "icons": icons}
    if sizes:
        data["sizes"] = sizes
    (tmp_path / "icons" / "t.json").write_text(json.dumps(data), encoding="utf-8")
    art.icon_set.cache_clear()
    art._tree.cache_clear()
    return tmp_path


def _xml(group) -> str:
    d = svgwrite.Drawing(debug=False)
    d.add(group)
    return d.tostring()


def test_an_icon_is_placed_in_its_square_with_ids_of_its_own(tmp_path):
    body = ('<defs><linearGradient id="a"><stop offset="0" stop-color="#F00"/></linearGradient></defs>'
            '<path fill="url(#a)" d="M0 0h32v32z"/><use href="#a"/>')
    root = _root(tmp_path, {"sun": body})
    xml = _xml(art.art_icon("t", "sun", 10, 20, 8, root=root))
    assert 'transform="translate(10,20) scale(0.25)"' in xml
    assert 'id="t-sun-a"' in xml and 'fill="url(#t-sun-a)"' in xml and 'href="#t-sun-a"' in xml
    assert 'class="icon art art-t"' in xml
    assert art.sets_used([xml]) == ["t"]


def test_a_tall_icon_is_centred_across(tmp_path):
    root = _root(tmp_path, {"tall": '<path d="M0 0h16v32z"/>'}, sizes={"tall": [16, 32]})
    xml = _xml(art.art_icon("t", "tall", 0, 0, 8, root=root))
    # 16 x 32 scaled by 8/32 is 4 x 8 mm: 2 mm in from the left of the 8 mm square
    assert 'translate(2,0) scale(0.25)' in xml


@pytest.mark.parametrize("body, what", [
    ('<script>alert(1)</script>', "<script>"),
    ('<image href="file:///etc/passwd"/>', "<image>"),
    ('<path onload="x()" d="M0 0"/>', "'onload'"),
    ('<use href="http://example.com/a.svg#x"/>', "must point inside"),
    ('<path fill="url(http://example.com/x)" d="M0 0"/>', "url(#id)"),
    ('<path style="fill:url(http://e/x)" d="M0 0"/>', "style"),
    ('<!DOCTYPE x [<!ENTITY a "b">]><path d="M0 0"/>', "declarations"),
    ('<path d="M0 0">', "well-formed"),
    ('<foreignObject/>', "<foreignObject>"),
])
def test_a_body_outside_the_allow_list_is_refused(tmp_path, body, what):
    root = _root(tmp_path, {"bad": body})
    with pytest.raises(DataError) as e:
        art.art_icon("t", "bad", 0, 0, 8, root=root)
    assert what in str(e.value) and "t/bad" in str(e.value)


def test_unknown_icon_names_the_set_and_the_fix(tmp_path):
    root = _root(tmp_path, {})
    with pytest.raises(DataError, match=r"unknown icon 'moon' in set 't'.*vendor_icons"):
        art.art_icon("t", "moon", 0, 0, 8, root=root)


def test_recolour_maps_every_paint_and_pale_mixes_with_white(tmp_path):
    root = _root(tmp_path, {"two": '<path fill="#F80" stroke="#112233" d="M0 0"/><path style="fill:#000000" d="M1 1"/>'})
    xml = _xml(art.art_icon("t", "two", 0, 0, 8, recolour=lambda c: art.pale(c, 0.5), root=root))
    assert art.pale("#FF8800", 0.5) == "#FFC480"
    assert 'fill="#FFC480"' in xml and 'stroke="#889099"' in xml and "fill:#808080" in xml
    assert art.pale("#123456", 0) == "#123456" and art.pale("#123456", 1) == "#FFFFFF"


def test_every_vendored_set_is_one_of_the_sources_with_its_licence_and_every_listed_name():
    from ruamel.yaml import YAML

    icons = DEFAULT_DATA_DIR / "icons"
    sources = YAML(typ="safe").load((icons / "sources.yaml").read_text(encoding="utf-8"))
    vendored = sorted(p.stem for p in icons.glob("*.json"))
    assert vendored and set(vendored) <= set(sources)
    for set_name in vendored:
        data = json.loads((icons / f"{set_name}.json").read_text(encoding="utf-8"))
        assert data["source"] == f"{sources[set_name]['package']} {sources[set_name]['version']} (npm)"
        assert (icons / f"{set_name}.LICENSE.txt").stat().st_size > 200
        listed = set()
        for names in (icons / "names" / set_name).glob("*.txt"):
            listed |= {ln.split("#")[0].strip() for ln in names.read_text(encoding="utf-8").splitlines()} - {""}
        # exactly the listed names are vendored: the subset has nothing unused, and nothing is missing
        assert set(data["icons"]) == listed, set_name


@pytest.mark.parametrize("lang, expected", [("en", "Illustrations: Test set by Someone, MIT."),
                                             ("da", "Illustrationer: Test set af Someone, MIT-licens.")])
def test_the_contents_page_credits_each_set_a_game_declares(tmp_path, lang, expected):
    import io

    from pypdf import PdfReader

    from pnp.geometry import PAPERS
    from pnp.kit.contents import ContentsLine, render_contents
    from pnp.model.i18n import Strings

    root = _root(tmp_path, {"camel": '<path d="M0 0"/>'})
    names = root / "icons" / "names"
    for set_name in ("t", "game-icons"):
        (names / set_name).mkdir(parents=True)
        (names / set_name / "mygame.txt").write_text("camel\n", encoding="utf-8")
    assert art.sets_of_game("mygame", root) == ["t"]          # game-icons has its own line
    assert art.sets_of_game("othergame", root) == []
    (names / "t" / "othergame.money.txt").write_text("camel\n", encoding="utf-8")
    assert art.sets_of_game("othergame", root) == ["t"]
    assert art.sets_of_game("other", root) == []
    strings = Strings(DEFAULT_DATA_DIR, "samarkand", lang)
    pdf = render_contents(PAPERS["a4"], strings, "Samarkand", "x", [ContentsLine("Cards", 2, (2,))], "",
                          art_credits=tuple(art.credits(["t"], root)))
    text = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert expected in text
    assert "game-icons.net" in text
