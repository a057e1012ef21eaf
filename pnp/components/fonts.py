"""The kit's own fonts: registry, glyph coverage, and making Cairo see nothing else.

Fonts live in ``fonts/`` with their licences; ``fonts/fonts.yaml`` names each by role
(``body``, ``bold``, ``italic``, ``heavy``, ``display``).  Two consumers use the same files:

* CairoSVG (SVG -> PDF) finds fonts through fontconfig.  ``isolate_fontconfig()`` points
  fontconfig at a config that lists ``fonts/`` only, so a missing family can never fall
  back to a system font.  It must run before Cairo first renders text.
* reportlab (rules sheets) gets the same TTF files through ``register_reportlab()``.

Widths come from the TTF metrics (reportlab's parser), in the unit of the font size given.

Fonts are proven, not named: every TTF file is checked against its SHA-256 pinned here
(``PINNED_SHA256``) before it is used, and the post-build font audit compares the outline
of every glyph of every font program embedded in a kit with the glyphs of the bundled
TTF of that PostScript name (``glyph_signatures``), so a different font saved under a
bundled file name, or a system font of the same name that slipped in, fails the build.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.model.catalog import bundled, read_yaml, refuse_unknown
from pnp.errors import FontError

FONT_DIR = bundled("fonts")

#: SHA-256 of each TTF file that ships in ``fonts/`` (Lato 2.015 and Caladea 1.001, SIL OFL).
#: A font file whose hash differs is refused: replace a font by changing this table in the
#: same commit as the file.
PINNED_SHA256 = {
    "Caladea-Bold.ttf": "ae3cb2dcbc925809dd29d2a44e9802211cab66be541bacbfc9c08c74b27c3742",
    "Lato-Black.ttf": "19d661d659af129704947b0027e5b77bef2bd43b7ced2973b350225f73fac07c",
    "Lato-Bold.ttf": "e0b1c4de011de8dd077cf21f97919fc31158eb290ee1176cbae06d500a6304bc",
    "Lato-Italic.ttf": "bbc138d69289c5604474166e150d39995770ca98ffb9df02adb68666ec36cc37",
    "Lato-Regular.ttf": "0ad460bd756454f8485609747b25c5644a54d307a65daabbb24c646c112ed541",
}
#: Largest font file read, bytes (the bundled ones are under 700 KiB).
MAX_FONT_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Font:
    """One font face: ``role`` in the code, ``file`` in fonts/, how SVG selects it."""

    role: str
    file: Path
    family: str
    weight: str
    style: str

    @property
    def reportlab_name(self) -> str:
        return f"pnp-{self.role}"


@lru_cache(maxsize=None)
def fonts() -> dict[str, Font]:
    """All fonts by role, from ``fonts/fonts.yaml``.

    Raises:
        FontError: a listed TTF file is missing.
        DataError: a malformed entry or an unknown key (with the nearest known one).
    """
    registry = read_yaml(FONT_DIR / "fonts.yaml")
    result = {}
    for role, node in registry.items():
        path = FONT_DIR / node["file"].str()
        if not path.is_file():
            raise FontError("font file missing", file=path)
        result[role] = Font(role, path, node["family"].str(), node["weight"].str(), node["style"].str())
    refuse_unknown(registry)   # a misspelt 'wieght' would leave the face's selection to fontconfig
    return result


def font(role: str) -> Font:
    try:
        return fonts()[role]
    except KeyError:
        raise FontError(f"no font with role '{role}'; roles: {', '.join(fonts())}", file=FONT_DIR / "fonts.yaml") from None


@lru_cache(maxsize=None)
def _ttf(role: str):
    from reportlab.pdfbase.ttfonts import TTFont

    f = font(role)
    try:
        parsed = TTFont(f.reportlab_name, str(f.file))
    except Exception as exc:   # reportlab's TTFError, or struct errors from a damaged file
        raise FontError(f"not a usable TrueType font ({str(exc).splitlines()[0][:80]})", file=f.file) from None
    verify_pinned(f.file)
    return parsed


def verify_pinned(path: Path) -> None:
    """Refuse a font file that is not byte for byte the one pnp ships (``PINNED_SHA256``).

    Raises:
        FontError: the file is larger than ``MAX_FONT_BYTES``, has no pinned hash, or its
            SHA-256 differs from the pinned one (names the file and both hashes' starts).
    """
    import hashlib

    if path.stat().st_size > MAX_FONT_BYTES:
        raise FontError(f"font file of {path.stat().st_size:,} bytes; at most {MAX_FONT_BYTES:,}", file=path)
    want = PINNED_SHA256.get(path.name)
    if want is None:
        raise FontError(f"not one of the fonts pnp ships ({', '.join(sorted(PINNED_SHA256))}); "
                        "a new font needs its SHA-256 in pnp.components.fonts.PINNED_SHA256", file=path)
    got = hashlib.sha256(path.read_bytes()).hexdigest()
    if got != want:
        raise FontError(f"not the font pnp ships under this name: SHA-256 {got[:12]}…, pinned {want[:12]}…; "
                        "restore the file from pnp's repository", file=path)


def glyph_signatures(program: bytes) -> frozenset[str]:
    """One signature per drawn glyph of a TrueType font program (a whole TTF or a PDF's
    embedded subset): SHA-256 of its advance width and outline (contour ends, flags and
    coordinates as stored, without the bounding box and hinting instructions).

    Subsetters (Cairo's, reportlab's) copy a simple glyph's outline as it is and only
    renumber glyphs, so each signature of a subset made from a TTF is a signature of that
    TTF.  Composite glyphs (their parts are renumbered) and glyphs of fewer than two points
    (the blank Pango draws for a space a font lacks) are left out.

    Raises:
        ValueError: not a TrueType program with ``glyf``, ``loca`` and ``hmtx`` tables.
    """
    import hashlib
    import io
    import struct

    from fontTools.ttLib import TTFont as ToolsFont

    import logging

    # fontTools logs a warning for a subset's zeroed 'created' date (Cairo writes none);
    # the kit's output stays free of library chatter
    quiet = logging.getLogger("fontTools")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        parsed = ToolsFont(io.BytesIO(program), lazy=True)
        data, loca, hmtx = parsed.reader["glyf"], parsed["loca"], parsed["hmtx"]
        order = parsed.getGlyphOrder()
    except Exception as exc:   # fontTools raises many kinds on a damaged program
        raise ValueError(f"not a TrueType program ({type(exc).__name__})") from None
    finally:
        quiet.setLevel(level)
    found = set()
    for index, name in enumerate(order[:len(loca) - 1]):
        blob = data[loca[index]:loca[index + 1]]
        if len(blob) < 12:
            continue
        contours = struct.unpack(">h", blob[:2])[0]
        if contours <= 0:
            continue
        ends_at = 10 + 2 * contours
        if len(blob) < ends_at + 2 or struct.unpack(">H", blob[ends_at - 2:ends_at])[0] < 1:
            continue
        hinting = struct.unpack(">H", blob[ends_at:ends_at + 2])[0]
        outline = blob[10:ends_at] + blob[ends_at + 2 + hinting:]
        found.add(hashlib.sha256(struct.pack(">H", hmtx[name][0]) + outline.rstrip(b"\0")).hexdigest())
    return frozenset(found)


@lru_cache(maxsize=None)
def bundled_glyphs() -> dict[str, frozenset[str]]:
    """PostScript name -> ``glyph_signatures`` of each kit font's TTF (files verified
    against their pinned hashes first)."""
    out = {}
    for role, f in fonts().items():
        name = _ttf(role).face.name.decode("latin-1")
        out[name] = glyph_signatures(f.file.read_bytes())
    return out


def register_reportlab() -> None:
    """Register every kit font with reportlab under ``Font.reportlab_name``, and put reportlab
    in invariant mode for the whole process (no dates or random ids, and drawings write their
    graphics state in sorted order): every PDF reportlab makes for pnp then depends on its
    input alone, not on what the process rendered before."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfmetrics

    rl_config.invariant = 1

    registered = set(pdfmetrics.getRegisteredFontNames())
    for role, f in fonts().items():
        if f.reportlab_name not in registered:
            pdfmetrics.registerFont(_ttf(role))
    pdfmetrics.registerFontFamily(
        font("body").reportlab_name,
        normal=font("body").reportlab_name,
        bold=font("bold").reportlab_name,
        italic=font("italic").reportlab_name,
        boldItalic=font("bold").reportlab_name,
    )


def text_width(text: str, role: str, size: float) -> float:
    """Advance width of ``text`` set in ``role`` at ``size`` (result in the unit of ``size``)."""
    return _ttf(role).stringWidth(text, size)


def ascent(role: str) -> float:
    """Ascender height as a fraction of the font size."""
    return _ttf(role).face.ascent / 1000.0


def cap_height(role: str) -> float:
    """Height of the capitals above the baseline as a fraction of the font size."""
    return _ttf(role).face.capHeight / 1000.0


def descent(role: str) -> float:
    """Descender depth below the baseline as a (positive) fraction of the font size."""
    return -_ttf(role).face.descent / 1000.0


@lru_cache(maxsize=None)
def _outlines(role: str) -> tuple:
    """The ``role`` font's glyf table, character map, units per em, and a cache of each glyph's
    (yMin, yMax) in font units (None: no outline), filled as glyphs are asked for: a kit asks
    for a few dozen glyphs, and decompiling all of a font's (~2,000) took a fifth of a second."""
    import logging

    from fontTools.ttLib import TTFont as FontFile

    # The bundled fonts' 'created' dates read as 1904; fontTools warns about that on every load.
    logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)
    f = FontFile(str(font(role).file))
    return f["glyf"], f.getBestCmap(), f["head"].unitsPerEm, {}


def ink_heights(text: str, role: str) -> tuple[float, float]:
    """How far the glyph outlines of ``text`` reach below and above the baseline, as fractions of
    the font size (below: negative for descenders); (0, 0) for text without outlines.

    From the font's glyf table, so a word with ascenders reaches higher than one in capitals.
    """
    glyf, cmap, upem, bounds = _outlines(role)
    spans = []
    for ch in text:
        name = cmap.get(ord(ch))
        if name is None:
            continue
        if name not in bounds:
            glyph = glyf[name]
            bounds[name] = (glyph.yMin, glyph.yMax) if glyph.numberOfContours else None
        if bounds[name] is not None:
            spans.append(bounds[name])
    if not spans:
        return (0.0, 0.0)
    return (min(lo for lo, _ in spans) / upem, max(hi for _, hi in spans) / upem)


def missing_glyphs(text: str, role: str) -> list[str]:
    """Characters of ``text`` (other than line breaks) that the ``role`` font has no glyph for."""
    cmap = _ttf(role).face.charToGlyph
    return sorted(c for c in set(text) if c not in "\n\t" and ord(c) not in cmap)


def require_glyphs(text: str, role: str, where: str) -> None:
    """Raise ``FontError`` naming ``where`` when the font lacks a character of ``text``."""
    missing = missing_glyphs(text, role)
    if missing:
        shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
        raise FontError(f"font {font(role).file.name} has no glyph for {shown}", key=where)


_FONTCONFIG_TEMPLATE = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>{font_dir}</dir>
  <cachedir>{cache_dir}</cachedir>
  <config><rescan><int>0</int></rescan></config>
</fontconfig>
"""

_PRIVATE: dict[Path, Path] = {}   # font folder -> this process's fonts.conf for it


def fontconfig_text(font_dir: Path, cache_dir: Path) -> str:
    """The fonts.conf that lists ``font_dir`` alone; every path is XML-escaped, so a
    folder named ``R&D`` or ``<tmp>`` gives a valid file (fontconfig ignores an invalid
    one and falls back to the system's fonts)."""
    from xml.sax.saxutils import escape

    return _FONTCONFIG_TEMPLATE.format(font_dir=escape(str(font_dir)), cache_dir=escape(str(cache_dir)))


def isolate_fontconfig(font_dir: Path | None = None) -> Path:
    """Point fontconfig at ``font_dir`` (default ``fonts/``) only, before Cairo loads any font.

    Writes a fonts.conf (and its font cache) into a temp folder of this process's own
    (``tempfile.mkdtemp``, removed at exit), so two checkouts or two builds running at
    once never rewrite each other's configuration, and sets ``FONTCONFIG_FILE``.  Cairo
    reads that variable when it first initialises fontconfig, which is at the first text
    it draws, so calling this before the first conversion is enough.  Worker processes
    forked later inherit the variable and the folder.

    Returns the config file's path.
    """
    import atexit
    import shutil

    folder = Path(font_dir or FONT_DIR).resolve()
    conf = _PRIVATE.get(folder)
    if conf is None or not conf.is_file():
        from pnp.files import signals_held

        # Made and recorded with Ctrl-C, SIGTERM and SIGHUP held back: a signal between
        # the two would end the process (pnp.interrupt) without knowing the folder to remove.
        with signals_held():
            base = Path(tempfile.mkdtemp(prefix="pnp-fontconfig-"))
            conf = base / "fonts.conf"
            _PRIVATE[folder] = conf
        owner = os.getpid()
        atexit.register(lambda: os.getpid() == owner and shutil.rmtree(base, ignore_errors=True))
        conf.write_text(fontconfig_text(folder, base / "cache"), encoding="utf-8")
    os.environ["FONTCONFIG_FILE"] = str(conf)
    os.environ.pop("FONTCONFIG_PATH", None)
    return conf


def private_folders() -> list[Path]:
    """The temp folders ``isolate_fontconfig`` made in this process (for clean-up on Ctrl-C)."""
    return [conf.parent for conf in _PRIVATE.values()]


@lru_cache(maxsize=None)
def postscript_names() -> frozenset[str]:
    """PostScript names of the kit's fonts (``Lato-Regular``, ``Caladea-Bold`` ...), read
    from the TTF files in ``fonts/``: the only base names a kit's PDF may embed."""
    return frozenset(_ttf(role).face.name.decode("latin-1") for role in fonts())
