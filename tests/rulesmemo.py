"""Rules sheets typeset once per test process for each distinct input (installed by
tests/conftest.py before the test modules are imported).

``pnp.kit.rulebook.render_rules_pdf`` is pure: its PDF depends only on the game model, the
variant, language and paper, the files of the data folder (templates, strings) and the
font files, and it is byte-identical for equal inputs (reportlab invariant mode; its own
tests and tests/test_determinism.py check that in fresh processes).  Typesetting is the
dearest step of a kit build (the page plan tries up to 14 body sizes), and the test run
builds the same sheet dozens of times: every kit test, every build of an unchanged data
copy.  The key holds every input, so a test that changes a template, a string, a price
or a font gets its own sheet; a failing render is never stored (it raises every time).
Only renders into a file object are kept (``build_kit`` writes into a buffer); a render to
a path runs in full, so the atomic-write tests see the real writer.  Within one run only:
nothing is kept across runs.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

HITS = {"hit": 0, "miss": 0}


def _folder_digest(folder: Path) -> str:
    """SHA-256 of every file under ``folder`` (relative path and bytes)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _fonts_key() -> str:
    """The font folder in use (a test may swap in a broken copy) and its files' size and time."""
    from pnp.components import fonts

    folder = Path(fonts.FONT_DIR)
    stats = [(p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.rglob("*")) if p.is_file()]
    return f"{folder}|{stats}"


def install() -> None:
    import pnp.kit.rulebook as rulebook

    real = rulebook.render_rules_pdf
    if getattr(real, "_memo", False):
        return
    stored: dict[str, tuple[int, bytes]] = {}

    def render_rules_pdf(game, variant, lang, paper, out):
        if not hasattr(out, "write") or not hasattr(game, "folder"):
            return real(game, variant, lang, paper, out)
        root = Path(game.folder).parent
        # The model's dataclass repr holds every loaded value; its folder is covered by the
        # data digest instead, so an unchanged copy of data/ shares the sheet.
        key = hashlib.sha256("\n".join([
            repr(game).replace(str(root), "<data>"), repr(variant), lang, paper,
            _folder_digest(root), _fonts_key()]).encode()).hexdigest()
        if key not in stored:
            HITS["miss"] += 1
            buffer = io.BytesIO()
            pages = real(game, variant, lang, paper, buffer)
            stored[key] = (pages, buffer.getvalue())
        else:
            HITS["hit"] += 1
        pages, data = stored[key]
        out.write(data)
        return pages

    render_rules_pdf._memo = True
    render_rules_pdf.__doc__ = real.__doc__
    rulebook.render_rules_pdf = render_rules_pdf
