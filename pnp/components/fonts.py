"""The kit's own fonts: registry, glyph coverage, and making Cairo see nothing else.

Fonts live in ``fonts/`` with their licences; ``fonts/fonts.yaml`` names each by role
(``body``, ``bold``, ``italic``, ``heavy``, ``display``).  Two consumers use the same files:

* CairoSVG (SVG -> PDF) finds fonts through fontconfig.  ``isolate_fontconfig()`` points
  fontconfig at a config that lists ``fonts/`` only, so a missing family can never fall
  back to a system font.  It must run before Cairo first renders text.
* reportlab (rules sheets) gets the same TTF files through ``register_reportlab()``.

Widths come from the TTF metrics (reportlab's parser), in the unit of the font size given.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.model.catalog import bundled, read_yaml
from pnp.errors import FontError

FONT_DIR = bundled("fonts")


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
    """
    registry = read_yaml(FONT_DIR / "fonts.yaml")
    result = {}
    for role, node in registry.items():
        path = FONT_DIR / node["file"].str()
        if not path.is_file():
            raise FontError("font file missing", file=path)
        result[role] = Font(role, path, node["family"].str(), node["weight"].str(), node["style"].str())
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
        return TTFont(f.reportlab_name, str(f.file))
    except Exception as exc:   # reportlab's TTFError, or struct errors from a damaged file
        raise FontError(f"not a usable TrueType font ({str(exc).splitlines()[0][:80]})", file=f.file) from None


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
