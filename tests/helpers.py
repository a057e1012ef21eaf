"""Small helpers shared by the tests (imported as ``helpers``)."""

from __future__ import annotations

from pathlib import Path

MM_PER_PT = 25.4 / 72

def edit(path: Path, old: str, new: str) -> None:
    """Replace exactly one occurrence of ``old`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def page_size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return (float(box.width) * MM_PER_PT, float(box.height) * MM_PER_PT)
