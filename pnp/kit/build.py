"""Assemble a game's kit: components -> sheets -> PDF pages, plus contents, rules, manifest.

Wires model, renderers and (optionally) the engine's pre-print check; holds no game
number itself.  Output: ``<out>/<game>-<N>p-<lang>-<paper>.pdf`` and ``.manifest.json``,
written atomically (no partial file on any error).
"""

from __future__ import annotations

import gc
import io
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from pnp import __version__
from pnp.model.catalog import data_dir
from pnp.components import art
from pnp.kit.aids import aid_run
from pnp.kit.contents import ContentsLine, contents_picture, page_ranges, render_contents
from pnp.printing.figures import INK_DPI, page_inks, sheets_of, summary as figures_summary, with_ink
from pnp.errors import LayoutError, OutputError, UsageError
from pnp.geometry import DEFAULT_BLEED_MM, HOME_PAPERS, PAPERS
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings, check_print_options
from pnp.kit.recipe import ComponentRun
from pnp.model import load_game
from pnp.model.variant import STANDARD, Variant, split_variant
from pnp.files import unwritable, write_atomically
from pnp.printing.pagination import paginate
from pnp.registry import game as registered_game


@dataclass(frozen=True)
class KitRequest:
    """What to build.  ``players`` None means the game's default player count; ``setup``
    None the set-up the data names for that count (``game.variant(players, setup)``)."""

    game: str
    players: int | None = None
    lang: str = "en"
    paper: str = "a4"
    bleed_mm: float = DEFAULT_BLEED_MM
    out_dir: Path = Path("output")
    data_root: Path | None = None
    check: bool = True
    board_single: bool = False      # also write the board in one piece on a larger sheet
    only: tuple[str, ...] = ()      # component ids or kinds to print (empty: all); `pnp deck`: ("deck",)
    suffix: str = ""                # appended to the file name (e.g. "-deck")
    setup: str | None = None        # set-up id (`--variant`); None: the data's default for the count
    duplex: str = "long"            # long | short | fold | none (pnp.printing.imposition.DUPLEX_MODES)
    back_offset: tuple[float, float] = (0.0, 0.0)   # mm, moves backs (back side: x right, y down)
    back_scale: tuple[float, float] = (1.0, 1.0)    # backs scaled about the sheet centre
    ink: str = "normal"             # normal | saver
    target: str = "home"            # home | pdf-1up | tgc | dtc | mpc (pnp.printing.targets.TARGETS)
    split: bool = False             # also one PDF per component kind (pnp.printing.targets.split_groups)
    dpi: int = 150                  # --target png: resolution of the page images
    tts_url_base: str | None = None  # --target tts: hosted folder for the images (None: file:/// URLs)
    strict_print: bool = True       # refuse print options the kit cannot use (False: ignore them, with a note)
    cards_per_sheet: int | None = None   # cap on cards per sheet (None: as many as fit, 9 poker cards on A4)


@dataclass(frozen=True)
class KitResult:
    pdf: Path
    manifest: Path
    pages: int
    manifest_data: dict
    notes: tuple[str, ...] = ()     # e.g. print options this kit ignored (``strict_print`` False)


def kit_name(game: str, variant: Variant, lang: str, paper: str) -> str:
    """``<game>-<variant id>-<lang>-<paper>``, e.g. ``mygame-2p-short-da-letter``."""
    return f"{game}-{variant.id}-{lang}-{paper}"


def build_kit(request: KitRequest, progress: Callable | None = None, checker: Callable | None = None) -> KitResult:
    """Build one kit and write its PDF and manifest.

    Args:
        progress: a ``pnp.progress`` reporter: one task per build step (the sheet
            conversion counts sheets); default ``Silent``.
        checker: ``checker(game, variant)``, called once the data is read: it starts
            checking the variant (simulated games in processes of their own) and returns
            an object with ``validate(kit_counts)`` (the static checks, called once the
            components are laid out, with the kit's deck by type), ``result()`` (the
            fields of the contents page's ``checked_summary``, once the games are played;
            called just before the contents page) and ``close()`` (ends its processes).
            Each raises to refuse the variant.

    On a machine with two cores or more, a second process (``pnp.printing.background``)
    typesets the rules sheet while this one lays out the components, then converts half of
    the distinct pages; the files are the same either way.  The checker's games play in
    processes of their own meanwhile (``pnp.engine.check.start_quick_check``).

    Raises:
        UsageError, DataError, VariantError, LayoutError, FontError, OutputError.
    """
    started: list = []      # the background process, once forked: ended however the build ends
    # _build_kit freezes what is loaded once the data is read (gc.freeze); given back to the
    # collector afterwards, unless the caller had frozen objects itself.
    thaw = gc.get_freeze_count() == 0
    try:
        return _build_kit(request, progress, checker, started)
    finally:
        for background in started:
            background.close()
        if thaw:
            gc.unfreeze()


def _rules_sheet(game, variant, lang: str, paper: str) -> tuple[bytes, int, list[float]]:
    """(PDF, page count, ink of each page) of the rules sheet (``render_rules_pdf``)."""
    from pnp.kit.rulebook import render_rules_pdf

    buffer = io.BytesIO()
    pages = render_rules_pdf(game, variant, lang, paper, buffer)
    return buffer.getvalue(), pages, page_inks(buffer.getvalue())


def _timed_rules_sheet(game, variant, lang: str, paper: str) -> tuple[tuple[bytes, int, list[float]], float]:
    """(``_rules_sheet``'s result, the wall seconds it took where it ran): the build's
    progress line gives the typesetting's time, not the main process's wait for it."""
    import time

    start = time.perf_counter()
    made = _rules_sheet(game, variant, lang, paper)
    return made, time.perf_counter() - start


def _build_kit(request: KitRequest, progress: Callable | None, checker: Callable | None, started: list) -> KitResult:
    from pnp.printing import pdf as pdfout
    from pnp.printing.background import Background
    from pnp.progress import Silent

    progress = progress or Silent()
    step = _stepper(progress)
    root = data_dir(request.data_root)
    if request.paper not in HOME_PAPERS:
        raise UsageError(f"unknown paper '{request.paper}'; expected one of {', '.join(HOME_PAPERS)}", key="--paper")
    if not 0 <= request.bleed_mm <= 6:
        raise UsageError(f"bleed {request.bleed_mm} mm is outside 0-6 mm", key="--bleed-mm")
    check_print_options(request.duplex, request.back_offset, request.back_scale, request.ink)
    if request.cards_per_sheet is not None and not 1 <= request.cards_per_sheet <= MAX_CARDS_PER_SHEET:
        raise UsageError(f"{request.cards_per_sheet} cards per sheet is outside 1-{MAX_CARDS_PER_SHEET}",
                         key="--cards-per-sheet")
    problem = unwritable(request.out_dir)   # fail before any work
    if problem:
        raise OutputError(problem[1], file=problem[0], key="--out")
    recipe = registered_game(request.game).module("kit")
    if request.board_single and not hasattr(recipe, "board_single_sheet"):
        raise UsageError(f"{request.game} has no board sheet to print in one piece", key="--board-single")
    with step(f"{request.game}: read the data"):
        game = load_game(request.game, root)
        variant = game.variant(*split_variant(request.players, request.setup))
        players = variant.players
        strings = Strings(root, request.game, request.lang)
        # Options for backs, refused for a kit without any before the work starts (the
        # recipe says so; a recipe that does not is checked on the laid-out sheets below).
        declared_backs = recipe.has_backs(game, variant) if hasattr(recipe, "has_backs") else None
        if declared_backs is False and not request.only:
            _refuse_back_options(request, PrintSettings(PAPERS[request.paper], duplex=request.duplex,
                                                        back_offset_mm=tuple(request.back_offset),
                                                        back_scale=tuple(request.back_scale)))
        # ... and a print-on-demand target the kit's deck cannot use (a card printer, no cards).
        declared_trims = recipe.deck_trims_mm(game, variant) if hasattr(recipe, "deck_trims_mm") else None
        if request.target != "home" and declared_trims is not None:
            from pnp.printing.targets import refuse_trims

            refuse_trims(request.target, declared_trims)
        # The modules and the game model live through the build: frozen, the cyclic collector
        # does not walk them again (some 0.25 s of CPU a build, measured), and the processes
        # forked next share their memory pages instead of copying each one on the
        # collector's first write to it (Python's gc.freeze, made for this).
        gc.freeze()
        # The engine's games play from now on, in processes of their own, while this process
        # lays out and converts the kit (its settings are read here: a bad checks.yaml stops
        # the build before any work).
        pending = checker(game, variant) if checker and request.check else None
        if pending is not None:
            started.append(pending)
    # The rules sheet needs only the model: typeset in the background from now on.
    background = Background.fork(_timed_rules_sheet, game, variant, request.lang, request.paper)
    if background is not None:
        started.append(background)
    paper = PAPERS[request.paper]
    settings = PrintSettings(paper, bleed_mm=request.bleed_mm, duplex=request.duplex,
                             back_offset_mm=tuple(request.back_offset), back_scale=tuple(request.back_scale),
                             ink=request.ink, cards_per_sheet=request.cards_per_sheet)

    # The kit's name on its contents page, sheet footers and PDF title: the game's full
    # name where its short title could be another game's (a short title shared by two games).
    title = strings.kit_title()

    def sheet_label(component: str):
        def label(side: str, n: int, total: int) -> str:
            side_text = {"front": strings("fronts"), "back": strings("backs")}.get(side, "")
            text = strings("sheet_label", title=title, component=component, side=side_text, n=n, total=total)
            return text.replace(" ·  · ", " · ")
        return label

    aids: list = []
    packed: list = []       # the packer's new sheets, in the order the kit prints them
    face_pages: list = []   # the kit's faces, converted (in the background) while the pieces are packed

    def make_runs(print_settings: PrintSettings, convert_faces: bool = False) -> list[ComponentRun]:
        made = kit_runs(recipe, game, strings, variant, request.lang, print_settings, sheet_label, aids)
        chosen = made
        if request.only:
            chosen = [run for run in made if run.id in request.only or run.kind in request.only]
            if not chosen:
                raise UsageError(f"{request.game} has no component {' or '.join(request.only)} to print", key="GAME")
        if convert_faces:   # every face is known before packing, which only places them
            face_pages.append(pdfout.convert_faces(run_faces(chosen), background))
        packed[:] = pack_runs(chosen, print_settings, sheet_label)
        return chosen

    with step(f"{request.game} {variant.id}: lay out the components"):
        runs = make_runs(settings, convert_faces=request.target == "home")
    if request.target != "home":    # a target this kit cannot use: refused before any conversion
        from pnp.printing.targets import refuse

        refuse(request.target, runs)
    print_notes: list[str] = []
    has_backs = any(sheet.side in ("back", "fold") for run in runs for sheet in run.sheets)
    if declared_backs is not None and not request.only and declared_backs != has_backs:
        raise LayoutError(f"{request.game}'s kit recipe says its kit has {'' if declared_backs else 'no '}backs, "
                          f"but its sheets have {'' if has_backs else 'none'}; correct has_backs()", key="has_backs")
    if declared_trims is not None and not request.only:
        from pnp.printing.targets import collect_pieces

        laid = {(round(p.front.width, 2), round(p.front.height, 2)) for p in collect_pieces(runs)
                if p.kind == "deck" and p.front.meta.get("pdf") is None}
        if laid != {(round(w, 2), round(h, 2)) for w, h in declared_trims}:
            raise LayoutError(f"{request.game}'s kit recipe gives its deck's trims as {sorted(declared_trims)}, but "
                              f"its sheets hold {sorted(laid)}; correct deck_trims_mm()", key="deck_trims_mm")
    if not has_backs:
        # Nothing has a back: flip edge, gutter fold and back corrections do not apply.
        unused = _refuse_back_options(request, settings)
        if unused:
            print_notes.append(f"{request.game}: one-sided kit, {', '.join(unused)} not applied")
        settings = replace(settings, duplex="long", back_offset_mm=(0.0, 0.0), back_scale=(1.0, 1.0))
    moved = tuple(settings.back_offset_mm) != (0.0, 0.0) or tuple(settings.back_scale) != (1.0, 1.0)
    # The engine's static checks refuse the variant before anything is converted (they
    # compare the deck this kit prints with the deck it simulates); its simulated games
    # go on while the pages are converted, and a failed game refuses the kit before
    # anything is written.
    if pending is not None:
        pending.validate(next((run.by_type for run in runs if run.kind == "deck"), None))

    rules_task = progress.task(f"{request.game} {variant.id}: rules sheet")
    if background is not None:
        (rules_pdf, rules_pages, rules_inks), rules_seconds = background.first.result()
    else:
        (rules_pdf, rules_pages, rules_inks), rules_seconds = _timed_rules_sheet(game, variant, request.lang,
                                                                                 request.paper)
    # The time it took to typeset, wherever it was typeset (in the second process, this
    # process only waited for it, often not at all).
    rules_task.done(seconds=rules_seconds)

    # Page numbers: contents (1 page, checked below), rules, then every component's sheets,
    # with blank backs where printing the whole file double-sided needs them.
    sheets = kit_sheets(runs, packed)   # shared sheets once, in kit order
    contents_pages = 1
    pagination = paginate(rules_pages, [sheet.side for sheet in sheets], settings.duplex)
    pages_of: dict[str, list[int]] = {}
    for sheet, page in zip(sheets, pagination.sheets):
        owners = {sheet.component} | {p.component for p in sheet.placements}
        for owner in owners:
            pages_of.setdefault(owner, []).append(page)
    for run in runs:
        if run.shares_sheets_with and run.id not in pages_of:
            pages_of[run.id] = list(pages_of.get(run.shares_sheets_with, []))

    lines = [ContentsLine(strings("contents"), 1, (1,)),
             ContentsLine(strings("components.rules"), 1, pagination.rules)]
    lines += [ContentsLine(run.label, run.count, tuple(sorted(set(pages_of.get(run.id, []))))) for run in runs]
    language = strings("language_name")
    subtitle = strings("kit_subtitle", players=players, language=language, paper=paper.name)
    if variant.setup != STANDARD:
        subtitle += f" · {strings(f'setups.{variant.setup}')}"
    notes = recipe.removal_notes(game, strings, variant) if request.only else None
    only_deck = bool(request.only) and all(run.kind == "deck" for run in runs)
    if not has_backs:
        print_key = "print_instructions_one_sided"
    else:
        print_key = "print_instructions" if settings.duplex == "long" else f"print_instructions_{settings.duplex}"
    # Sheets of paper and what they want: a sheet wants card stock when a piece on it does.
    stock_of = {run.id: run.stock for run in runs}
    card_pages = {page for sheet, page in zip(sheets, pagination.sheets) if wants_card(sheet, stock_of)}
    paper_sheets = sheets_of(pagination.sheet_pages(), card_pages)
    if pagination.duplex:       # a fronts sheet's backs page is card stock too
        card_pages |= {p for s in paper_sheets if s.stock == "card" for p in s.pages}

    convert = progress.task(f"{request.game} {variant.id}: convert the printed pages", len(sheets), "pages")
    rules_source = pdfout.PageSource(rules_pdf, strings("components.rules"))
    sheet_pdfs: dict[int, tuple[bytes, int]] = {}     # id(sheet) -> (sheets PDF, its page index)
    by_page = {pagination.rules[0]: rules_source}
    blank = pdfout.PageSource(pdfout.blank_page(paper), "")
    by_page.update({page: blank for page in pagination.blanks})
    last_bookmark = None
    # Every sheet is one page of one PDF in which each distinct face is converted once.
    sheets_pdf = pdfout.render_sheets(sheets, ticker=_ticks(convert, len(sheets)), background=background,
                                      faces=face_pages[0] if face_pages else None)
    convert.done()
    for index, (sheet, page) in enumerate(zip(sheets, pagination.sheets)):
        bookmark = sheet.bookmark if sheet.bookmark != last_bookmark else ""
        last_bookmark = sheet.bookmark
        by_page[page] = pdfout.PageSource(sheets_pdf, bookmark, page=index)
        sheet_pdfs[id(sheet)] = (sheets_pdf, index)

    finishing = progress.task(f"{request.game} {variant.id}: contents page, ink, assembly")
    # The contents page gives the paper and the ink: the mean ink per sheet of paper over
    # every sheet (the manifest's ``mean_ink``, the figure `pnp build` prints).  The contents
    # page is itself a sheet's side, so its own ink counts: it is rendered with the figure of
    # the page before, until the figure it prints is the figure measured (one or two renders).
    if sheets and background is not None:     # half the pages measured in each process
        later = background.submit(page_inks, sheets_pdf, INK_DPI, len(sheets) // 2)
        sheet_inks = page_inks(sheets_pdf, INK_DPI, 0, len(sheets) // 2) + later.result()
    else:
        sheet_inks = page_inks(sheets_pdf) if sheets else []
    ink_of_page = {page: sheet_inks[index] for index, page in enumerate(pagination.sheets)}
    ink_of_page.update(zip(pagination.rules, rules_inks))
    card_count = sum(1 for s in paper_sheets if s.stock == "card")
    if not pagination.duplex:       # the reading matter is still printed two-sided: say so
        reading_note = strings("print_reading", pages=page_ranges(pagination.reading, strings.locale.range_dash))
    else:
        reading_note = ""
    picture = contents_picture(game, request.lang, 60 * 72 / 25.4)
    if pending is None:
        checked = strings("checked_none")
    else:   # the check's verdict: the contents page prints it, and a failure stops the build here
        checked = strings("checked_summary", **pending.result())

    def contents_with(ink: str) -> bytes:
        paper_note = strings("paper_note", sheets=len(paper_sheets), card=card_count,
                             pages=page_ranges(tuple(sorted(card_pages)), strings.locale.range_dash), ink=ink)
        paper_note += " " + strings("paper_saved" if settings.ink == "saver" else "paper_saver")
        return render_contents(paper, strings, title, subtitle, lines, checked, notes, picture=picture,
                               art_credits=tuple(art.credits(art.sets_of_game(game.id, root), root)),
                               supplies_key="supplies_deck" if only_deck else "supplies", print_key=print_key,
                               print_note=" ".join(filter(None, (
                                   reading_note,
                                   strings("print_corrected", x=_num(settings.back_offset_mm[0]),
                                           y=_num(settings.back_offset_mm[1]), sx=_num(settings.back_scale[0]),
                                           sy=_num(settings.back_scale[1])) if moved else ""))),
                               paper_note=paper_note)

    def mean_ink(contents_ink: float) -> str:
        inks = {**ink_of_page, 1: contents_ink}
        measured = with_ink(paper_sheets, [inks.get(page, 0.0) for page in range(1, pagination.total + 1)])
        return f"{100 * figures_summary(measured)['mean_ink']:.0f}"

    printed = mean_ink(0.0)
    for _ in range(3):
        contents_pdf = contents_with(printed)
        ink_of_page[1] = page_inks(contents_pdf)[0]
        if mean_ink(ink_of_page[1]) == printed:
            break
        printed = mean_ink(ink_of_page[1])
    from pypdf import PdfReader

    if len(PdfReader(io.BytesIO(contents_pdf)).pages) != contents_pages:
        raise OutputError("the contents page overflowed one page; shorten the contents text", key="contents")
    by_page[1] = pdfout.PageSource(contents_pdf, strings("contents"))
    sources = [by_page[page] for page in sorted(by_page)]

    # Kits for other print set-ups get their own names, so they never overwrite each other.
    print_suffix = {"long": "", "short": "-short", "fold": "-fold", "none": "-simplex"}[settings.duplex]
    if settings.bleed_mm != DEFAULT_BLEED_MM:
        print_suffix += f"-bleed{_num(settings.bleed_mm)}"
    if tuple(settings.back_offset_mm) != (0.0, 0.0):
        print_suffix += f"-offset{_num(settings.back_offset_mm[0])},{_num(settings.back_offset_mm[1])}"
    if tuple(settings.back_scale) != (1.0, 1.0):
        print_suffix += f"-scale{_num(settings.back_scale[0])}x{_num(settings.back_scale[1])}"
    print_suffix += "-saver" if settings.ink == "saver" else ""
    print_suffix += f"-{request.cards_per_sheet}up" if request.cards_per_sheet is not None else ""
    name = kit_name(request.game, variant, request.lang, request.paper) + print_suffix + request.suffix
    total_pages = pagination.total
    metadata = {
        "Title": strings.locale.title(title, subtitle),
        # What a viewer's Document Properties show, in the kit's language; the ids below are
        # for programs (tests, print shops' scripts), not for reading.
        "Subject": strings("pdf_subject", title=title, players=players, language=language, paper=paper.name),
        "Keywords": strings("pdf_keywords", title=title, players=players),
        "Creator": f"pnp {__version__}",
        "Game": request.game,
        "Players": str(players),
        "Variant": variant.id,
        "Language": request.lang,
        "Paper": request.paper,
    }
    pdf_bytes = pdfout.assemble(sources, metadata, duplex=settings.duplex if pagination.duplex else "none",
                                lang=request.lang)
    # Ink of every page (measured above; blanks none).
    paper_sheets = with_ink(paper_sheets, [ink_of_page.get(page, 0.0) for page in range(1, total_pages + 1)])
    finishing.done()

    manifest = {
        "game": request.game,
        "players": players,
        "variant": variant.id,
        "setup": variant.setup,
        "lang": request.lang,
        "paper": request.paper,
        "bleed_mm": request.bleed_mm,
        "pages": total_pages,
        "checked": checked,
        "components": [
            {"id": "contents", "kind": "contents", "count": 1, "pages": [1]},
            {"id": "rules", "kind": "rules", "count": 1, "pages": list(pagination.rules)},
        ] + [_manifest_entry(run, pages_of) for run in runs],
        "blank_pages": list(pagination.blanks),
        "sheets": figures_summary(paper_sheets),
        "print": {"duplex": settings.duplex if pagination.duplex or settings.duplex == "fold" else "none",
                  "back_offset_mm": list(settings.back_offset_mm), "back_scale": list(settings.back_scale),
                  "ink": settings.ink, "target": request.target},
    }
    out_dir = Path(request.out_dir)
    pdf_path = out_dir / f"{name}.pdf"
    manifest_path = out_dir / f"{name}.manifest.json"
    manifest_bytes = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    payloads = [(pdf_path, pdf_bytes), (manifest_path, manifest_bytes)]
    if request.board_single:
        board = progress.task(f"{request.game} {variant.id}: board in one piece")
        sheet = recipe.board_single_sheet(game, strings, settings)
        board_pdf = pdfout.assemble([pdfout.PageSource(pdfout.render_sheets([sheet]), strings("board_single"))],
                                    {**metadata, "Title": strings.locale.title(title, strings('board_single')), "Paper": sheet.paper.id},
                                    duplex="none", lang=request.lang)
        payloads.append((out_dir / f"{name}-board-{sheet.paper.id}.pdf", board_pdf))
        manifest["board_single"] = {"file": payloads[-1][0].name, "paper": sheet.paper.id}
        payloads[1] = (manifest_path, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        board.done()
    extra = []
    if request.split:
        from pnp.printing.targets import split_files

        with step(f"{request.game} {variant.id}: one PDF per component kind"):
            extra += split_files(runs, sheet_pdfs, rules_source, out_dir, name, metadata, settings.duplex,
                                 request.lang, titles=strings.get("split_titles"), dash=strings.locale.title_dash)
    if request.target in ("tts", "png"):
        with step(f"{request.game} {variant.id}: {request.target} files"):
            labels = {run.id: run.label for run in runs} | {"rules": strings("components.rules")}
            extra += _screen_files(request, name, out_dir, make_runs, settings, labels, rules_pdf, pdf_bytes,
                                   paper_sheets, total_pages)
    elif request.target != "home":
        exporting = progress.task(f"{request.game} {variant.id}: {request.target} files")
        from pnp.printing.targets import SPECS, export

        spec = SPECS.get(request.target)
        if spec is None:
            raise UsageError(f"unknown target '{request.target}'", key="--target")
        bleed = request.bleed_mm if spec.bleed_mm is None else spec.bleed_mm
        # One face per page needs no imposition tricks: plain layout, the target's bleed.
        target_settings = replace(settings, bleed_mm=bleed, duplex="long", back_offset_mm=(0.0, 0.0),
                                  back_scale=(1.0, 1.0))
        target_runs = runs if target_settings == settings else make_runs(target_settings)
        extra += export(request.target, target_runs, name, out_dir / f"{name}-{request.target}", metadata, request.lang,
                        dash=strings.locale.title_dash)
        exporting.done()
    if extra:
        manifest["extra_files"] = [str(path.relative_to(out_dir)) for path, _ in extra]
        payloads[1] = (manifest_path, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    with step(f"{request.game} {variant.id}: font audit, write the files"):
        audit_fonts(payloads + extra)
        write_atomically(out_dir, payloads + extra, key="--out")
    return KitResult(pdf_path, manifest_path, total_pages, manifest, tuple(print_notes))


def _screen_files(request: KitRequest, name: str, out_dir: Path, make_runs: Callable, settings: PrintSettings,
                  labels: dict[str, str], rules_pdf: bytes, pdf_bytes: bytes, paper_sheets: list,
                  total_pages: int) -> list[tuple[Path, bytes]]:
    """The files of a screen target: ``tts`` (a Tabletop Simulator saved object with its
    images, the faces re-laid out without bleed: a screen shows the trim) or ``png`` (every
    page of the kit as an image, named by page and side)."""
    from pnp.printing import tts
    from pnp.printing.targets import collect_pieces

    if request.target == "png":
        sides = ["page"] * total_pages
        for n, sheet in enumerate(paper_sheets, start=1):
            for k, page in enumerate(sheet.pages):
                sides[page - 1] = f"sheet{n:02d}-{('front', 'back')[k] if len(sheet.pages) == 2 else 'front'}"
        return [(f.path, f.data) for f in tts.page_pngs(pdf_bytes, name, out_dir / f"{name}-png", request.dpi, sides)]
    trim_runs = make_runs(replace(settings, bleed_mm=0.0, duplex="long", back_offset_mm=(0.0, 0.0),
                                  back_scale=(1.0, 1.0)))
    files, _ = tts.export_tts(collect_pieces(trim_runs), name, out_dir / f"{name}-tts", rules_pdf,
                              request.tts_url_base, labels)
    return [(f.path, f.data) for f in files]


def _refuse_back_options(request: KitRequest, settings: PrintSettings) -> list[str]:
    """The options for backs (``--duplex``, ``--back-offset``, ``--scale-x/-y``) that
    ``settings`` set for a kit in which nothing has a back.

    Raises:
        UsageError: one is set and ``request.strict_print`` (the first, as its key).
    """
    unused = [option for option, used in (
        ("--duplex", settings.duplex != "long"), ("--back-offset", tuple(settings.back_offset_mm) != (0.0, 0.0)),
        ("--scale-x", settings.back_scale[0] != 1.0), ("--scale-y", settings.back_scale[1] != 1.0)) if used]
    if unused and request.strict_print:
        raise UsageError(f"{request.game}: nothing in this kit has a back, so {unused[0]} does not apply; "
                         "every sheet is printed one-sided", key=unused[0])
    return unused


def _stepper(progress):
    """``with step(label):``: one progress task, done when the block ends without error."""
    from contextlib import contextmanager

    @contextmanager
    def step(label: str):
        task = progress.task(label)
        yield task
        task.done()

    return step


def _ticks(task, count: int):
    """An iterable advanced once per converted sheet (``render_sheets``' ticker: it takes
    the next item as it starts a sheet, so sheet k is counted when k + 1 starts and the
    last one by ``task.done()``)."""
    for _ in range(count):
        yield
        task.advance(1)


def audit_fonts(payloads: list[tuple[Path, bytes]]) -> None:
    """Refuse the build (nothing written) when any finished PDF holds a font that is not
    one of ours from ``fonts/``, a font that is not embedded, or one subset name for two
    font programs (``pnp.printing.pdf.font_problems``).

    Raises:
        FontError: names the file and the first problem (page and font).
    """
    from pnp.components.fonts import postscript_names
    from pnp.errors import FontError
    from pnp.printing.pdf import font_problems

    allowed = postscript_names()
    for path, data in payloads:
        if path.suffix == ".pdf":
            problems = font_problems(data, allowed)
            if problems:
                more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                raise FontError(f"font audit refused the PDF, nothing written: {problems[0]}{more}", file=path)


MAX_CARDS_PER_SHEET = 20


def wants_card(sheet, stock_of: dict[str, str]) -> bool:
    """True when ``sheet`` wants card stock: a piece on it does (``stock_of``: run id ->
    "card" or "paper"; a piece of no listed run takes the sheet's own run's stock, else card)."""
    components = {p.component for p in sheet.placements} or {sheet.component}
    return any(stock_of.get(c, stock_of.get(sheet.component, "card")) == "card" for c in components)


def run_faces(runs: list[ComponentRun]) -> list:
    """Every face ``runs`` print, each once: on their sheets, then their one-sided pieces (the
    faces ``pack_runs`` places), in that order."""
    from pnp.printing.pdf import sheet_faces

    faces = {id(face): face for face in sheet_faces([sheet for run in runs for sheet in run.sheets])}
    faces.update({id(face): face for run in runs for group in run.pieces for face in group.faces})
    return list(faces.values())


def kit_sheets(runs: list[ComponentRun], packed: list = ()) -> list:
    """Every sheet of ``runs`` once, in the order the kit prints them: runs in order, each
    run's sheets in order, except that the new sheets of the packer (``packed``, in the
    order ``pack_runs`` returns them: card stock first, each stock fullest first) keep that
    order in the places they take, so that a packing's part-empty remainder sheet is
    printed last."""
    order = list({id(s): s for run in runs for s in run.sheets}.values())
    at = {id(s) for s in order}
    mine = [s for s in packed if id(s) in at]
    mine_ids = {id(m) for m in mine}
    slots = [i for i, s in enumerate(order) if id(s) in mine_ids]
    for i, sheet in zip(slots, mine):
        order[i] = sheet
    return order


def kit_runs(recipe, game, strings, variant, lang: str, settings: PrintSettings, sheet_label: Callable,
             aids: list | None = None) -> list[ComponentRun]:
    """The component runs a kit packs and prints, in print order: the game recipe's
    (``recipe.components``), then the player aids (``pnp.kit.aids.aid_run``), if the game has
    any.  Not yet packed: ``pack_runs`` places their pieces.

    ``aids``: a list that keeps the aid run between calls (a build lays the components out
    again for another print setting); empty on the first call.  Tests that pack a kit's
    pieces call this, so they pack what the kit prints.

    Raises:
        DataError / LayoutError / FontError: from the recipe or the aid's layout.
    """
    made = recipe.components(game, strings, variant, settings, sheet_label)
    # Player aids are one-sided pieces packed with the tokens, not rules pages: the rules
    # are printed on both sides, and cutting an aid out would cut the rules on its back.
    # Made after the components, whose errors name the data key at fault.
    aids = [] if aids is None else aids
    if not aids:
        aids.append(aid_run(game, variant, lang, strings("player_aids")))
    if aids[0] is not None:
        made = made + [replace(aids[0], pieces=list(aids[0].pieces), sheets=[])]
    return made


def pack_runs(runs: list[ComponentRun], settings: PrintSettings, sheet_label: Callable) -> list:
    """Pack the one-sided ``pieces`` of every run together (``pnp.printing.packing``): first
    into the free room of the runs' sheets (board tiles), then onto shared new sheets.  Each
    run's ``sheets`` then lists every sheet that holds one of its pieces.  Returns the new
    sheets in print order: those on card stock first, then plain paper, each fullest first
    (``kit_sheets`` prints them so).

    Footers name what a sheet holds and number in page order: a new sheet's footer names
    every component on it and its number follows the packer's order; a host sheet's footer
    adds the components packed into it before its sheet number.
    """
    from pnp.printing.imposition import footer_label, relabel_footer
    from pnp.printing.packing import pack_pieces

    groups = [g for run in runs for g in run.pieces]
    if not groups:
        return []
    hosts = [sheet for run in runs for sheet in run.sheets if sheet.free]
    before = {id(host): len(host.placements) for host in hosts}
    new = pack_pieces(groups, settings, hosts,
                      lambda labels, n, total: sheet_label(" · ".join(labels))("single", n, total))
    for run in runs:
        if not run.pieces:
            continue
        mine = {face.component for g in run.pieces for face in g.faces}
        run.sheets = [sheet for sheet in hosts + new if any(p.component in mine for p in sheet.placements)]
    # New sheets on card stock print before those on plain paper (fullest first within each:
    # a stable sort), so the kit prints in one job per stock (a reviewer found a sheet of
    # notes alone on plain paper between card-stock sheets).
    stock_of = {run.id: run.stock for run in runs}
    new = sorted(new, key=lambda sheet: not wants_card(sheet, stock_of))
    # number the new sheets in the order the kit prints them (kit_sheets: this order)
    for n, sheet in enumerate(new, 1):
        relabel_footer(sheet, sheet_label(sheet.bookmark)("single", n, len(new)))
    label_of = {face.component: g.label for g in groups for face in g.faces}
    for host in hosts:
        extra = list(dict.fromkeys(label_of[p.component] for p in host.placements[before[id(host)]:]
                                   if p.component in label_of))
        if extra:
            head, _sep, number = footer_label(host).rpartition(" · ")
            relabel_footer(host, " · ".join([head, *extra, number] if head else [*extra, number]))
    return new


def _num(value: float) -> str:
    """A correction as the user typed it: ``1.5``, ``-2``, ``1.003``."""
    return f"{value:g}"


def _manifest_entry(run: ComponentRun, pages_of: dict[str, list[int]]) -> dict:
    entry = {"id": run.id, "kind": run.kind, "count": run.count, "pages": sorted(set(pages_of.get(run.id, [])))}
    if run.by_type is not None:
        entry["by_type"] = dict(run.by_type)
    return entry
