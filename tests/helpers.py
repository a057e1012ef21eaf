"""Small helpers shared by the tests (imported as ``helpers``)."""

from __future__ import annotations

import time
from pathlib import Path

MM_PER_PT = 25.4 / 72
# Paper sizes from their standards, never from pnp's own tables: A4 is ISO 216's
# 210 x 297 mm = 595.276 x 841.89 pt; US Letter is ANSI's 8.5 x 11 in = 612 x 792 pt.
PAPER_PT = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}
# A poker card is 2.5 x 3.5 in = 63.5 x 88.9 mm (the trim every PnP template uses).
POKER_MM = (63.5, 88.9)

def placed_and_whole(placed_pdf: bytes, svgs: list[str], dpi: float):
    """Each page of ``placed_pdf`` (``render_sheets``: faces and overlay parts placed) and
    CairoSVG's rendering of the same page's whole SVG (``svgs``, one per page), at ``dpi``,
    in greyscale, as (PIL image, PIL image) pairs of the same size."""
    import pypdfium2 as pdfium

    from pnp.printing import pdf as pdfout

    placed = pdfium.PdfDocument(placed_pdf)
    assert len(placed) == len(svgs), (len(placed), len(svgs))
    for number, svg in enumerate(svgs):
        whole = pdfium.PdfDocument(pdfout.svg_to_pdf(svg))
        a = placed[number].render(scale=dpi / 72).to_pil().convert("L")
        b = whole[0].render(scale=dpi / 72).to_pil().convert("L")
        assert a.size == b.size, (number, a.size, b.size)
        yield a, b


def edit(path: Path, old: str, new: str) -> None:
    """Replace exactly one occurrence of ``old`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def page_size_mm(page) -> tuple[float, float]:
    box = page.mediabox
    return (float(box.width) * MM_PER_PT, float(box.height) * MM_PER_PT)


def shared_folder(build, kits: list[list[str]], tmp_path_factory, name: str) -> Path:
    """One folder holding the files of every kit in ``kits`` (each built once by ``build``),
    linked from the shared builds, so a test that lists the folder sees just these kits."""
    out = tmp_path_factory.mktemp(name)
    # First the kits no other worker is building, then the rest (waiting for them): two
    # workers that want the same kits build two at once instead of one building them all
    # while the other waits for its lock.
    for args in kits:
        build(*args, wait=False)
    for args in kits:
        for path in sorted(build(*args).iterdir()):
            if not path.name.startswith("."):
                target = out / path.name
                assert not target.exists(), f"two kits write {path.name}"
                target.symlink_to(path, target_is_directory=path.is_dir())
    return out


def rules_sheet(game, variant, lang: str, paper: str) -> tuple[int, bytes]:
    """(page count, PDF) of ``game``'s rules sheet as a build typesets it (``render_rules_pdf``
    through ``pnp.kit.build._rules_sheet``, looked up at each call so that the run's shared
    rules sheets serve it: tests/conftest.py ``shared_pure_work``).  ``variant``: a
    ``Variant`` or a player count (the data's default set-up for it, as render_rules_pdf
    reads one)."""
    from pnp.kit import build

    if isinstance(variant, int):
        variant = game.variant(variant)
    pdf, pages, _inks = build._rules_sheet(game, variant, lang, paper)
    return pages, pdf


def live_processes(*, parent: int | None = None, group: int | None = None) -> list[int]:
    """Process ids of the live (not zombie) processes whose parent is ``parent`` or whose
    process group is ``group`` (exactly one of the two), read from ``/proc/PID/stat``
    (proc(5): field 3 the state, 4 the parent, 5 the group)."""
    assert (parent is None) != (group is None), "name a parent or a group"
    field, wanted = (1, parent) if parent is not None else (2, group)
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            fields = (proc / "stat").read_text().rsplit(") ", 1)[1].split()
        except (OSError, IndexError):
            continue        # the process ended while the folder was read
        if fields[0] != "Z" and int(fields[field]) == wanted:
            found.append(int(proc.name))
    return found


def group_left(group: int, seconds: float) -> list[int]:
    """The processes of process group ``group`` still alive after waiting up to ``seconds``
    for them to end (``[]`` as soon as none is)."""
    deadline = time.monotonic() + seconds
    while (alive := live_processes(group=group)) and time.monotonic() < deadline:
        time.sleep(0.02)
    return alive
