"""Fonts checked for provenance, not only by name: every glyph of every font program
embedded in a kit is a glyph of the TTF of that PostScript name in the repository's fonts/
folder, with the same advance width and outline.  A system-installed copy of the same family
(another version, other metrics) carries the same name and fails here."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

# The repository's own font files, found by path (not through pnp's font loader).
FONTS = Path(__file__).resolve().parent.parent / "fonts"


def _signatures(font: TTFont) -> set[tuple]:
    """(advance width, contour ends, outline points) of every simple glyph with an outline.

    Blank glyphs are left out: the text shaper (Pango) draws a space the font lacks, such as
    a thin space, as a blank of its own width, which cairo's subset stores as a one-point
    contour; such a glyph has no outline to come from anywhere."""
    glyf, hmtx = font["glyf"], font["hmtx"]
    out = set()
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.numberOfContours > 0 and len(glyph.coordinates) > 1:
            out.add((hmtx[name][0], tuple(glyph.endPtsOfContours), tuple(map(tuple, glyph.coordinates))))
    return out


@pytest.fixture(scope="module")
def repository_fonts() -> dict[str, tuple[int, set[tuple]]]:
    """PostScript name -> (units per em, glyph signatures) of each TTF in fonts/."""
    found = {}
    for path in sorted(FONTS.glob("*.ttf")):
        font = TTFont(path)
        found[font["name"].getDebugName(6)] = (font["head"].unitsPerEm, _signatures(font))
    assert len(found) == 5, sorted(found)      # fonts/: Lato Regular, Bold, Italic, Black; Caladea Bold
    return found


def _embedded(reader: PdfReader):
    """(base name without subset tag, font program bytes) of every embedded TrueType program."""
    seen = set()
    for page in reader.pages:
        for font in _fonts(page.get("/Resources")):
            if font.get("/Subtype") == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None:
                continue
            descriptor = descriptor.get_object()
            stream = descriptor.get("/FontFile2")
            assert stream is not None, f"{font.get('/BaseFont')} is not an embedded TrueType program"
            ref = stream.indirect_reference if hasattr(stream, "indirect_reference") else id(stream)
            if ref in seen:
                continue
            seen.add(ref)
            base = str(font["/BaseFont"]).lstrip("/")
            yield base.split("+", 1)[-1], stream.get_object().get_data()


def _fonts(resources, depth=0):
    if resources is None or depth > 10:
        return
    resources = resources.get_object()
    for ref in (resources.get("/Font") or {}).values():
        yield ref.get_object()
    for ref in (resources.get("/XObject") or {}).values():
        xobj = ref.get_object()
        if xobj.get("/Subtype") == "/Form":
            yield from _fonts(xobj.get("/Resources"), depth + 1)


@pytest.mark.parametrize("game", ["samarkand", "caravan"])
def test_every_embedded_glyph_comes_from_the_repositorys_ttf(shared_builds, repository_fonts, game):
    reader = PdfReader(next(shared_builds(game).glob("*.pdf")))
    programs, glyphs = 0, 0
    for name, program in _embedded(reader):
        assert name in repository_fonts, f"{name} is not a font of fonts/"
        upem, known = repository_fonts[name]
        embedded = TTFont(io.BytesIO(program))
        assert embedded["head"].unitsPerEm == upem, name
        mine = _signatures(embedded)
        strangers = mine - known
        assert not strangers, f"{name}: {len(strangers)} of {len(mine)} embedded glyphs are not those of fonts/{name}.ttf"
        programs += 1
        glyphs += len(mine)
    # Faces (cairo) and the rules (reportlab) embed their own subsets: several programs, many glyphs.
    assert programs >= 4 and glyphs >= 100, (programs, glyphs)
