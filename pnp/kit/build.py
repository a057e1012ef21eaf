"""Assemble a game's kit: components -> sheets -> PDF pages, plus contents, rules, manifest.

Wires model, renderers and (optionally) the engine's pre-print check; holds no game
number itself.  Output: ``<out>/<game>-<N>p-<lang>-<paper>.pdf`` and ``.manifest.json``,
written atomically (no partial file on any error).
"""

from __future__ import annotations

import gc
import io
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Sequence

from pnp import __version__
from pnp.model.catalog import data_dir
from pnp.components import art
from pnp.kit.aids import aid_run
from pnp.kit.contents import ContentsLine, contents_picture, page_ranges, render_contents
from pnp.printing.sheet_overlay import blank_note_spot
from pnp.printing.figures import INK_DPI, page_inks, print_jobs, sheets_of, summary as figures_summary, with_ink
from pnp.errors import LayoutError, OutputError, UsageError
from pnp.geometry import DEFAULT_BLEED_MM, HOME_PAPERS, PAPERS
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings, check_print_options, note_blank_rooms
from pnp.kit.recipe import ComponentRun, KitRecipe
from pnp.model import load_game
from pnp.model.variant import STANDARD, Variant, split_variant
from pnp.files import unwritable, write_atomically
from pnp.printing.pagination import paginate
from pnp.printing.targets import SCREEN_TARGETS
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
    """The build's stages in order: validate, load, lay out, paginate, render, contents page,
    assemble, extras, audit and write.  Each stage takes what the ones before it made (small
    frozen values) and hands on its own; ``started`` collects the processes the stages fork,
    which ``build_kit`` ends however the build ends."""
    from pnp.printing import pdf as pdfout
    from pnp.printing.background import Background
    from pnp.progress import Silent

    progress = progress or Silent()
    step = _stepper(progress)
    root = data_dir(request.data_root)
    validate_request(request)
    recipe = registered_game(request.game).make("kit", KitRecipe)
    if request.board_single and recipe.board_single_sheet is None:
        raise UsageError(f"{request.game} has no board sheet to print in one piece", key="--board-single")
    with step(f"{request.game}: read the data"):
        loaded = _load(request, root, recipe, checker, started)
    # The rules sheet needs only the model: typeset in the background from now on.
    background = Background.fork(_timed_rules_sheet, loaded.game, loaded.variant, request.lang, request.paper)
    if background is not None:
        started.append(background)
    # The kit's name on its contents page, sheet footers and PDF title: the game's full
    # name where its short title could be another game's (a short title shared by two games).
    source = _KitSource(request, loaded, loaded.strings.kit_title())
    settings = print_settings(request)
    with step(f"{request.game} {loaded.variant.id}: lay out the components"):
        runs, packed, faces = _lay_out(source, settings, background)
    layout = _settle(source, runs, packed, faces, settings)
    rules = _await_rules_sheet(source, progress, background)
    paged = _paginate(source, layout, rules)
    rendered = _render(source, progress, layout, paged, rules, background)
    finishing = progress.task(f"{request.game} {loaded.variant.id}: contents page, ink, assembly")
    contents = _contents_page(source, layout, paged, rendered, rules, background)
    by_page = {**rendered.by_page, 1: pdfout.PageSource(contents.pdf, loaded.strings("contents"))}
    name = kit_file_name(request, loaded.variant, layout.settings)
    metadata = kit_metadata(request, loaded.variant, loaded.strings, source.title, paged.subtitle)
    pdf_bytes = _assemble(by_page, metadata, layout.settings, paged, request.lang)
    # Ink of every page (measured above; blanks none).
    paper_sheets = with_ink(paged.paper_sheets, [contents.ink_of_page.get(page, 0.0)
                                                 for page in range(1, paged.pagination.total + 1)])
    finishing.done()
    manifest = kit_manifest(request, loaded.variant, layout.runs, layout.settings, paged.pagination, paged.pages_of,
                            contents.checked, paper_sheets)
    out_dir = Path(request.out_dir)
    pdf_path = out_dir / f"{name}.pdf"
    manifest_path = out_dir / f"{name}.manifest.json"
    extras = _extras(source, progress, layout, rendered, metadata, name, manifest)
    if request.target in SCREEN_TARGETS:
        with step(f"{source.label}: {request.target} files"):
            screen = _screen_files(source, layout, rules.pdf, pdf_bytes, paper_sheets, paged.pagination.total, name)
        manifest["extra_files"] = manifest.get("extra_files", []) + [str(p.relative_to(out_dir)) for p, _ in screen]
        extras += screen
        # "print" is how the kit's PDF beside it is printed (its backs as it lays them); the
        # screen files have no sides to turn and no bleed: say so, not the PDF's duplex
        manifest["print"]["file"] = pdf_path.name
        manifest["screen"] = {"target": request.target, "folder": f"{name}-{request.target}", "duplex": "none",
                              "bleed_mm": 0.0}
    manifest_bytes = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    payloads = [(pdf_path, pdf_bytes), (manifest_path, manifest_bytes)] + extras
    with step(f"{request.game} {loaded.variant.id}: font audit, write the files"):
        audit_fonts(payloads)
        write_atomically(out_dir, payloads, key="--out")
    return KitResult(pdf_path, manifest_path, paged.pagination.total, manifest, layout.notes)


# ------------------------------------------------------------------ stage values


@dataclass(frozen=True)
class _Loaded:
    """The ``load`` stage: the game's model, the variant, the kit's strings, what the recipe
    declares about its kit before laying it out (None: it does not say), and the started
    check (None: unchecked)."""

    recipe: KitRecipe
    game: Any
    variant: Variant
    strings: Strings
    declared_backs: bool | None
    declared_trims: Any
    pending: Any


@dataclass(frozen=True)
class _KitSource:
    """What every stage after ``load`` reads: the request, the loaded game and the kit's
    title.  ``aids`` keeps the player-aid run between layouts (``kit_runs``)."""

    request: KitRequest
    loaded: _Loaded
    title: str
    aids: list = field(default_factory=list)

    @property
    def label(self) -> str:
        """The progress lines' head: game and variant."""
        return f"{self.request.game} {self.loaded.variant.id}"

    def sheet_label(self, component: str) -> Callable[[str, int, int], str]:
        """``label(side, n, total)``: a sheet's footer text for ``component``."""
        strings, title = self.loaded.strings, self.title

        def label(side: str, n: int, total: int) -> str:
            side_text = {"front": strings("fronts"), "back": strings("backs")}.get(side, "")
            text = strings("sheet_label", title=title, component=component, side=side_text, n=n, total=total)
            return text.replace(" ·  · ", " · ")
        return label

    def runs(self, settings: PrintSettings) -> list[ComponentRun]:
        """The kit's component runs for ``settings``, the request's ``only`` applied, before
        packing (``kit_runs``)."""
        loaded, request = self.loaded, self.request
        made = kit_runs(loaded.recipe, loaded.game, loaded.strings, loaded.variant, request.lang, settings,
                        self.sheet_label, self.aids)
        if not request.only:
            return made
        chosen = [run for run in made if run.id in request.only or run.kind in request.only]
        if not chosen:
            raise UsageError(f"{request.game} has no component {' or '.join(request.only)} to print", key="GAME")
        return chosen


@dataclass(frozen=True)
class _Layout:
    """The ``lay out`` stage: the runs (packed: their ``sheets`` filled in), the packer's new
    sheets in print order, the faces converted meanwhile (None: not converted ahead), whether
    anything has a back, the print settings the kit is printed with (a one-sided kit's back
    options dropped), and notes on options the kit ignored."""

    runs: tuple[ComponentRun, ...]
    packed: tuple
    faces: Any
    has_backs: bool
    settings: PrintSettings
    notes: tuple[str, ...]

    @property
    def moved(self) -> bool:
        """True when the backs are corrected (offset or scaled)."""
        return (tuple(self.settings.back_offset_mm) != (0.0, 0.0)
                or tuple(self.settings.back_scale) != (1.0, 1.0))


@dataclass(frozen=True)
class _RulesSheet:
    pdf: bytes
    pages: int
    inks: tuple[float, ...]


@dataclass(frozen=True)
class _Paged:
    """The ``paginate`` stage: every sheet once in print order, the page numbers
    (contents, rules, sheets, blanks), each component's pages, the sheets of paper and
    which pages want card stock, and the contents page's fixed text."""

    sheets: tuple
    pagination: Any
    pages_of: dict
    paper_sheets: tuple
    card_pages: frozenset
    lines: tuple[ContentsLine, ...]
    subtitle: str
    notes: Any
    only_deck: bool
    print_key: str


@dataclass(frozen=True)
class _Rendered:
    """The ``render`` stage: the sheets as one PDF (a page each), the page sources by page
    number (contents page still missing), each sheet's (PDF, page index) by ``id``, and the
    rules sheet's source."""

    sheets_pdf: bytes
    by_page: dict
    sheet_pdfs: dict
    rules_source: Any


@dataclass(frozen=True)
class _Contents:
    """The ``contents page`` stage: its PDF, the ink of every page by number (the contents
    page's own included), and the check's verdict line it prints."""

    pdf: bytes
    ink_of_page: dict
    checked: str


# ------------------------------------------------------------------ stages


def validate_request(request: KitRequest) -> None:
    """Refuse a request whose options are out of range, before any work.

    Raises:
        UsageError: ``--paper`` not a home paper, ``--bleed-mm`` outside 0-6 mm, a print
            option for backs out of range, ``--cards-per-sheet`` outside 1-20.
        OutputError: ``--out`` cannot be written.
    """
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


def print_settings(request: KitRequest) -> PrintSettings:
    """The print settings ``request`` asks for (before the kit is known to have backs)."""
    return PrintSettings(PAPERS[request.paper], bleed_mm=request.bleed_mm, duplex=request.duplex,
                         back_offset_mm=tuple(request.back_offset), back_scale=tuple(request.back_scale),
                         ink=request.ink, cards_per_sheet=request.cards_per_sheet)


def _load(request: KitRequest, root: Path, recipe, checker: Callable | None, started: list) -> _Loaded:
    """Read the game's data and strings, refuse options the recipe says the kit cannot use,
    and start the check (its processes go to ``started``)."""
    game = load_game(request.game, root)
    variant = game.variant(*split_variant(request.players, request.setup))
    _probe_outputs(request, variant)
    strings = Strings(root, request.game, request.lang)
    # Options for backs, refused for a kit without any before the work starts (the
    # recipe says so; a recipe that does not is checked on the laid-out sheets).
    declared_backs = recipe.has_backs(game, variant)
    if declared_backs is False and not request.only:
        _refuse_back_options(request, PrintSettings(PAPERS[request.paper], duplex=request.duplex,
                                                    back_offset_mm=tuple(request.back_offset),
                                                    back_scale=tuple(request.back_scale)))
    # ... and a print-on-demand target the kit's deck cannot use (a card printer, no cards).
    declared_trims = recipe.deck_trims_mm(game, variant)
    if request.target != "home" and declared_trims is not None:
        from pnp.printing.targets import refuse_trims

        refuse_trims(request.target, declared_trims)
    # The rules templates and texts come from the data folder: rendered once here (a few
    # milliseconds), a template that cannot work stops the build before any drawing.
    from pnp.kit.rulebook import check_templates

    check_templates(game, variant, request.lang, request.paper)
    if not request.only:
        from pnp.kit.aids import check_aid

        check_aid(game, variant, request.lang)
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
    return _Loaded(recipe, game, variant, strings, declared_backs, declared_trims, pending)


def _probe_outputs(request: KitRequest, variant: Variant) -> None:
    """Try every file the kit writes under its name (the PDF and the manifest) before any
    work: a folder, FIFO or device where the manifest goes is refused now, not after the
    whole build.  (``validate_request`` has tried the folder itself.)

    Raises:
        OutputError: one of them cannot be written (names it, key ``--out``).
    """
    from pnp.files import unwritable_file

    if request.only:
        return
    name = kit_file_name(request, variant, print_settings(request))
    for path in (Path(request.out_dir) / f"{name}.pdf", Path(request.out_dir) / f"{name}.manifest.json"):
        problem = unwritable_file(path)
        if problem:
            raise OutputError(problem[1], file=problem[0], key="--out")


def _lay_out(source: _KitSource, settings: PrintSettings, background) -> tuple[list[ComponentRun], list, Any]:
    """(runs, the packer's new sheets, the faces converted meanwhile or None): the
    components laid out and their pieces packed; a home kit's faces are converted in the
    second process meanwhile (every face is known before packing, which only places them)."""
    from pnp.printing import pdf as pdfout

    runs = source.runs(settings)
    faces = None
    if source.request.target == "home":
        faces = pdfout.convert_faces(run_faces(runs), background)
    packed = pack_runs(runs, settings, source.sheet_label)
    return runs, back_one_sided(runs, packed, settings), faces


#: The back colour of a kit whose backs sheets show no edge colour (a printed back's tint).
BACK_COLOUR = "#D8CCB4"


def back_one_sided(runs: list[ComponentRun], packed: list, settings: PrintSettings) -> list:
    """Give the one-sided card-stock sheets of a duplex kit a printed back instead of a blank
    page (``pnp.printing.imposition.printed_back``): a light tint of the kit's back colour (the
    edge colour of its first backs sheet's back face) behind every piece but folded cut-outs
    (standees, dice nets), mirrored for the flip edge.  Each new backs sheet follows its
    fronts sheet in every run's ``sheets`` that holds it and in ``packed``; returns ``packed``
    so.  Plain-paper sheets (banknotes) and kits not printed duplex (``--duplex fold`` or
    ``none``, or no backs at all) are left as they are."""
    from pnp.printing.imposition import back_tint, printed_back

    if settings.duplex not in ("long", "short"):
        return packed
    order = kit_sheets(runs, packed)
    backs_sheets = [sheet for sheet in order if sheet.side == "back"]
    if not backs_sheets:
        return packed
    colour = next((placed.face.edge_colour for sheet in backs_sheets for placed in sheet.art
                   if placed.face.edge_colour), None) or BACK_COLOUR
    tint = back_tint(colour, settings.ink)
    stock_of = {run.id: run.stock for run in runs}
    skip = frozenset(face.component for run in runs for g in run.pieces if g.cutout for face in g.faces)
    added = {}
    for sheet in order:
        if sheet.side == "single" and wants_card(sheet, stock_of):
            back = printed_back(sheet, settings, tint, skip)
            if back is not None:
                added[id(sheet)] = back

    def with_backs(sheets: list) -> list:
        return [s for sheet in sheets for s in ([sheet, added[id(sheet)]] if id(sheet) in added else [sheet])]

    for run in runs:
        run.sheets = with_backs(run.sheets)
    return with_backs(list(packed))


def _settle(source: _KitSource, runs: list[ComponentRun], packed: list, faces, settings: PrintSettings) -> _Layout:
    """The laid-out kit checked: a target it cannot use and sheets that contradict the
    recipe refused, a one-sided kit's back options dropped, the deck handed to the check's
    static checks.

    Raises:
        UsageError: a target the kit cannot use, back options on a one-sided kit (strict).
        LayoutError: the sheets contradict the recipe's ``has_backs`` or ``deck_trims_mm``.
    """
    request, loaded = source.request, source.loaded
    if request.target != "home":    # a target this kit cannot use: refused before any conversion
        from pnp.printing.targets import refuse

        refuse(request.target, runs)
    has_backs = any(sheet.side in ("back", "fold") for run in runs for sheet in run.sheets)
    _check_declared(request, loaded, runs, has_backs)
    # A backs sheet behind a part-filled fronts sheet says that its empty part is meant.
    note_blank_rooms([sheet for run in runs for sheet in run.sheets], loaded.strings("blank_area"), settings)
    notes: list[str] = []
    if not has_backs:
        # Nothing has a back: flip edge, gutter fold and back corrections do not apply.
        unused = _refuse_back_options(request, settings)
        if unused:
            notes.append(f"{request.game}: one-sided kit, {', '.join(unused)} not applied")
        settings = replace(settings, duplex="long", back_offset_mm=(0.0, 0.0), back_scale=(1.0, 1.0))
    # The engine's static checks refuse the variant before anything is converted (they
    # compare the deck this kit prints with the deck it simulates); its simulated games
    # go on while the pages are converted, and a failed game refuses the kit before
    # anything is written.
    if loaded.pending is not None:
        loaded.pending.validate(next((run.by_type for run in runs if run.kind == "deck"), None))
    return _Layout(tuple(runs), tuple(packed), faces, has_backs, settings, tuple(notes))


def _check_declared(request: KitRequest, loaded: _Loaded, runs: list[ComponentRun], has_backs: bool) -> None:
    """Refuse a kit whose laid-out sheets contradict what its recipe declared (``has_backs``,
    ``deck_trims_mm``), so that options refused early were refused rightly."""
    declared_backs, declared_trims = loaded.declared_backs, loaded.declared_trims
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


def _await_rules_sheet(source: _KitSource, progress, background) -> _RulesSheet:
    """The rules sheet, from the second process (already typeset there, or waited for) or
    typeset here; its progress line gives the typesetting's time wherever it ran."""
    loaded, request = source.loaded, source.request
    task = progress.task(f"{source.label}: rules sheet")
    if background is not None:
        (pdf, pages, inks), seconds = background.first.result()
    else:
        (pdf, pages, inks), seconds = _timed_rules_sheet(loaded.game, loaded.variant, request.lang, request.paper)
    task.done(seconds=seconds)
    return _RulesSheet(pdf, pages, tuple(inks))


def _paginate(source: _KitSource, layout: _Layout, rules: _RulesSheet) -> _Paged:
    """Page numbers: contents (1 page, checked once rendered), rules, then every component's
    sheets, with blank backs where printing the whole file double-sided needs them; the
    sheets of paper and their stock; the contents page's lines and texts."""
    request, loaded, settings = source.request, source.loaded, layout.settings
    strings, variant, runs = loaded.strings, loaded.variant, layout.runs
    sheets = kit_sheets(list(runs), list(layout.packed))   # shared sheets once, in kit order
    pagination = paginate(rules.pages, [sheet.side for sheet in sheets], settings.duplex)
    pages_of = component_pages(sheets, pagination.sheets, runs)
    lines = [ContentsLine(strings("contents_page"), 1, (1,)),
             ContentsLine(strings("components.rules"), 1, pagination.rules)]
    lines += [ContentsLine(run.label, run.count, tuple(sorted(set(pages_of.get(run.id, []))))) for run in runs]
    subtitle = strings("kit_subtitle", players=variant.players, language=strings("language_name"),
                       paper=settings.paper.name)
    if variant.setup != STANDARD:
        subtitle += f" · {strings(f'setups.{variant.setup}')}"
    notes = loaded.recipe.removal_notes(loaded.game, strings, variant) if request.only else None
    only_deck = bool(request.only) and all(run.kind == "deck" for run in runs)
    if not layout.has_backs:
        print_key = "print_instructions_one_sided"
    else:
        print_key = "print_instructions" if settings.duplex == "long" else f"print_instructions_{settings.duplex}"
    # Sheets of paper and what they want: a sheet wants card stock when a piece on it does.
    stock_of = {run.id: run.stock for run in runs}
    card_pages = {page for sheet, page in zip(sheets, pagination.sheets) if wants_card(sheet, stock_of)}
    paper_sheets = sheets_of(pagination.sheet_pages(), card_pages)
    if pagination.duplex:       # a fronts sheet's backs page is card stock too
        card_pages |= {p for s in paper_sheets if s.stock == "card" for p in s.pages}
    _number_sheets(sheets, pagination.sheets, paper_sheets, strings)
    return _Paged(tuple(sheets), pagination, pages_of, tuple(paper_sheets), frozenset(card_pages), tuple(lines),
                  subtitle, notes, only_deck, print_key)


def _number_sheets(sheets, sheet_pages, paper_sheets, strings) -> None:
    """Every footer numbers its sheet of paper in the whole kit ("sheet N of M", M the kit's
    sheets of paper, the reading matter's included; a backs page repeats its fronts' N),
    instead of counting within its component: the footers' last part is relabelled
    (``relabel_footer``), the rest kept.  The footer ends with the sheet's page number in the
    PDF (``sheet_page``), the number the contents table's page column gives, so a reader
    finds "pages 5–10" on the sheets themselves."""
    from pnp.printing.imposition import footer_label, relabel_footer

    number_of = {page: n for n, paper in enumerate(paper_sheets, 1) for page in paper.pages}
    for sheet, page in zip(sheets, sheet_pages):
        label = footer_label(sheet)
        if not label:
            continue
        number = strings("sheet_label", title="", component="", side="", n=number_of[page],
                         total=len(paper_sheets)).rpartition(" · ")[2]
        number = f"{number} · {strings('sheet_page', page=page)}"
        head = label.rpartition(" · ")[0]
        relabel_footer(sheet, f"{head} · {number}" if head else number)


def component_pages(sheets, sheet_pages, runs) -> dict[str, list[int]]:
    """Component id -> the page numbers of the sheets that hold it, in sheet order (a page
    once per sheet; a sheet holds its own component and every packed piece's); a run that
    shares another's sheets and has none of its own gets that run's pages."""
    pages_of: dict[str, list[int]] = {}
    for sheet, page in zip(sheets, sheet_pages):
        owners = {sheet.component} | {p.component for p in sheet.placements}
        for owner in owners:
            pages_of.setdefault(owner, []).append(page)
    for run in runs:
        if run.shares_sheets_with and run.id not in pages_of:
            pages_of[run.id] = list(pages_of.get(run.shares_sheets_with, []))
    return pages_of


def _render(source: _KitSource, progress, layout: _Layout, paged: _Paged, rules: _RulesSheet, background) -> _Rendered:
    """Convert every sheet (one page each of one PDF, each distinct face once) and give each
    page number its source: rules, blanks, sheets (a component's first sheet bookmarked)."""
    from pnp.printing import pdf as pdfout

    strings, sheets, pagination = source.loaded.strings, paged.sheets, paged.pagination
    convert = progress.task(f"{source.label}: convert the printed pages", len(sheets), "pages")
    rules_source = pdfout.PageSource(rules.pdf, strings("components.rules"))
    by_page = {pagination.rules[0]: rules_source}
    settings = layout.settings
    flip = settings.duplex if settings.duplex in ("long", "short") else None
    blank = pdfout.PageSource(pdfout.blank_page(settings.paper, source.loaded.strings("blank_page"),
                                                blank_note_spot(settings.paper, settings.margin_mm,
                                                                settings.footer_mm, flip)), "")
    by_page.update({page: blank for page in pagination.blanks})
    sheets_pdf = pdfout.render_sheets(list(sheets), ticker=_ticks(convert, len(sheets)), background=background,
                                      faces=layout.faces)
    convert.done()
    sheet_pdfs: dict[int, tuple[bytes, int]] = {}     # id(sheet) -> (sheets PDF, its page index)
    last_bookmark = None
    for index, (sheet, page) in enumerate(zip(sheets, pagination.sheets)):
        bookmark = sheet.bookmark if sheet.bookmark != last_bookmark else ""
        last_bookmark = sheet.bookmark
        by_page[page] = pdfout.PageSource(sheets_pdf, bookmark, page=index)
        sheet_pdfs[id(sheet)] = (sheets_pdf, index)
    return _Rendered(sheets_pdf, by_page, sheet_pdfs, rules_source)


def _page_inks(paged: _Paged, rendered: _Rendered, rules: _RulesSheet, background) -> dict[int, float]:
    """The ink of every printed page by number (sheets and rules; half the sheets measured
    in each process when there are two)."""
    count = len(paged.sheets)
    if count and background is not None:
        later = background.submit(page_inks, rendered.sheets_pdf, INK_DPI, count // 2)
        sheet_inks = page_inks(rendered.sheets_pdf, INK_DPI, 0, count // 2) + later.result()
    else:
        sheet_inks = page_inks(rendered.sheets_pdf) if count else []
    ink_of_page = {page: sheet_inks[index] for index, page in enumerate(paged.pagination.sheets)}
    ink_of_page.update(zip(paged.pagination.rules, rules.inks))
    return ink_of_page


def _contents_page(source: _KitSource, layout: _Layout, paged: _Paged, rendered: _Rendered, rules: _RulesSheet,
                   background) -> _Contents:
    """The contents page, with the check's verdict (a failed check stops the build here) and
    the kit's mean ink (``contents_fixed_point``).

    Raises:
        OutputError: the contents page overflowed one page.
    """
    from pypdf import PdfReader

    request, loaded, settings = source.request, source.loaded, layout.settings
    strings, pagination = loaded.strings, paged.pagination
    ink_of_page = _page_inks(paged, rendered, rules, background)
    card_count = sum(1 for s in paged.paper_sheets if s.stock == "card")
    if not pagination.duplex:       # the reading matter is still printed two-sided: say so
        reading_note = strings("print_reading", pages=page_ranges(pagination.reading, strings.locale.range_dash))
    else:
        reading_note = ""
    picture = contents_picture(loaded.game, request.lang, 60 * 72 / 25.4)
    if loaded.pending is None:
        checked = strings("checked_none")
    else:   # the check's verdict: the contents page prints it, and a failure stops the build here
        result = loaded.pending.result()
        # In a player's words: every game ended properly, else how many were stopped unfinished.
        checked = strings("checked_summary_unfinished" if result["timeouts"] else "checked_summary", **result)
    corrected = strings("print_corrected", x=_num(settings.back_offset_mm[0]), y=_num(settings.back_offset_mm[1]),
                        sx=_num(settings.back_scale[0]), sy=_num(settings.back_scale[1])) if layout.moved else ""
    print_note = " ".join(filter(None, (reading_note, corrected)))
    # Lines of the recipe's own for the supplies list (an ordinary die read as the paper one).
    recipe = loaded.recipe
    supplies_extra = tuple(recipe.supplies_lines(loaded.game, strings)) if not paged.only_deck else ()
    cards = any(sheet.side in ("front", "fold") for sheet in paged.sheets)

    root = loaded.game.folder.parent
    art_credits = tuple(art.credits(art.sets_of_game(loaded.game.id, root), root))

    # one row per print job: a run of sheets of one stock printed alike (the reading matter of
    # a one-sided kit is printed two-sided, on the long edge)
    jobs = print_jobs(paged.paper_sheets, settings.duplex if pagination.duplex else "long")

    def render(ink: str) -> bytes:
        paper_note = strings("paper_note", sheets=len(paged.paper_sheets), card=card_count, ink=ink)
        if settings.ink == "saver":     # the edition says so; a player cannot rebuild the kit
            paper_note += " " + strings("paper_saved")
        return render_contents(settings.paper, strings, source.title, paged.subtitle, list(paged.lines), checked,
                               paged.notes, picture=picture, art_credits=art_credits,
                               supplies_key="supplies_deck" if paged.only_deck else "supplies",
                               print_key=paged.print_key, print_note=print_note, paper_note=paper_note,
                               supplies_extra=supplies_extra, cards=cards, jobs=jobs)

    def mean_ink(contents_ink: float) -> str:
        inks = {**ink_of_page, 1: contents_ink}
        measured = with_ink(list(paged.paper_sheets), [inks.get(page, 0.0) for page in range(1, pagination.total + 1)])
        return f"{100 * figures_summary(measured)['mean_ink']:.0f}"

    pdf, ink_of_page[1] = contents_fixed_point(render, mean_ink)
    if len(PdfReader(io.BytesIO(pdf)).pages) != 1:
        raise OutputError("the contents page overflowed one page; shorten the contents text", key="contents")
    return _Contents(pdf, ink_of_page, checked)


def contents_fixed_point(render: Callable[[str], bytes], mean_ink: Callable[[float], str], rounds: int = 3,
                         measure: Callable[[bytes], float] | None = None) -> tuple[bytes, float]:
    """(contents page PDF, its ink) once the mean ink it prints is the mean ink measured.

    The contents page gives the paper and the ink: the mean ink per sheet of paper over every
    sheet (the manifest's ``mean_ink``, the figure `pnp build` prints).  The page is itself
    a sheet's side, so its own ink counts: it is rendered (``render(figure)``) with the
    figure of the render before (``mean_ink(its ink)``; the first with the contents page's
    ink taken as 0) until the figure it prints is the figure measured, at most ``rounds``
    renders (one or two in practice).  ``measure(pdf)``: a page's ink (default: the first
    page's ``page_inks``, 0..1 of its area)."""
    measure = measure or (lambda pdf: page_inks(pdf)[0])
    printed = mean_ink(0.0)
    for _ in range(rounds):
        pdf = render(printed)
        ink = measure(pdf)
        if mean_ink(ink) == printed:
            break
        printed = mean_ink(ink)
    return pdf, ink


def kit_file_name(request: KitRequest, variant: Variant, settings: PrintSettings) -> str:
    """The kit's file name without extension: ``kit_name``, then one suffix per print
    set-up that is not the default (so kits for other set-ups never overwrite each other):
    ``-short``/``-fold``/``-simplex``, ``-bleed<mm>``, ``-offset<x>,<y>``, ``-scale<x>x<y>``,
    ``-saver``, ``-<n>up``, then ``request.suffix``.  E.g. ``mygame-5p-en-a4-fold-bleed2``."""
    suffix = {"long": "", "short": "-short", "fold": "-fold", "none": "-simplex"}[settings.duplex]
    if settings.bleed_mm != DEFAULT_BLEED_MM:
        suffix += f"-bleed{_num(settings.bleed_mm)}"
    if tuple(settings.back_offset_mm) != (0.0, 0.0):
        suffix += f"-offset{_num(settings.back_offset_mm[0])},{_num(settings.back_offset_mm[1])}"
    if tuple(settings.back_scale) != (1.0, 1.0):
        suffix += f"-scale{_num(settings.back_scale[0])}x{_num(settings.back_scale[1])}"
    suffix += "-saver" if settings.ink == "saver" else ""
    suffix += f"-{request.cards_per_sheet}up" if request.cards_per_sheet is not None else ""
    return kit_name(request.game, variant, request.lang, request.paper) + suffix + request.suffix


def kit_metadata(request: KitRequest, variant: Variant, strings: Strings, title: str, subtitle: str) -> dict[str, str]:
    """The PDF's document information: what a viewer's Document Properties show, in the
    kit's language, then ids for programs (tests, print shops' scripts), not for reading."""
    players, paper = variant.players, PAPERS[request.paper]
    language = strings("language_name")
    return {
        "Title": strings.locale.title(title, subtitle),
        "Subject": strings("pdf_subject", title=title, players=players, language=language, paper=paper.name),
        "Keywords": strings("pdf_keywords", title=title, players=players),
        "Creator": f"pnp {__version__}",
        "Game": request.game,
        "Players": str(players),
        "Variant": variant.id,
        "Language": request.lang,
        "Paper": request.paper,
    }


def _assemble(by_page: dict, metadata: dict, settings: PrintSettings, paged: _Paged, lang: str) -> bytes:
    """The kit's PDF: every page in number order, tagged for duplex when it is printed so."""
    from pnp.printing import pdf as pdfout

    sources = [by_page[page] for page in sorted(by_page)]
    return pdfout.assemble(sources, metadata, duplex=settings.duplex if paged.pagination.duplex else "none", lang=lang)


def kit_manifest(request: KitRequest, variant: Variant, runs: Sequence[ComponentRun], settings: PrintSettings,
                 pagination, pages_of: dict[str, list[int]], checked: str, paper_sheets) -> dict:
    """The kit's manifest (``<name>.manifest.json``): what was asked for, the pages, each
    component's count and pages, the blank pages, the sheets of paper with their stock and
    ink (``figures.summary``) and the print set-up as printed (a kit printed one-sided
    says ``duplex: none``).  Extras (``board_single``, ``extra_files``) are added by
    ``_extras``.  ``settings``: as printed (``_Layout.settings``); ``pagination``: a
    ``pnp.printing.pagination.Pagination``; ``paper_sheets``: ``figures.PaperSheet`` with
    their ink."""
    return {
        "game": request.game,
        "players": variant.players,
        "variant": variant.id,
        "setup": variant.setup,
        "lang": request.lang,
        "paper": request.paper,
        "bleed_mm": settings.bleed_mm,
        "pages": pagination.total,
        "checked": checked,
        "components": [
            {"id": "contents", "kind": "contents", "count": 1, "pages": [1], "stock": "paper"},
            {"id": "rules", "kind": "rules", "count": 1, "pages": list(pagination.rules), "stock": "paper"},
        ] + [_manifest_entry(run, pages_of) for run in runs],
        "blank_pages": list(pagination.blanks),
        "sheets": figures_summary(paper_sheets),
        "print": {"duplex": settings.duplex if pagination.duplex or settings.duplex == "fold" else "none",
                  "back_offset_mm": list(settings.back_offset_mm), "back_scale": list(settings.back_scale),
                  "ink": settings.ink, "target": request.target},
    }


def _extras(source: _KitSource, progress, layout: _Layout, rendered: _Rendered, metadata: dict, name: str,
            manifest: dict) -> list[tuple[Path, bytes]]:
    """The files beside the kit, as (path, bytes): the board in one piece, one PDF per
    component kind, a print-on-demand target's files; each named in ``manifest``."""
    request = source.request
    out_dir = Path(request.out_dir)
    files: list[tuple[Path, bytes]] = []
    if request.board_single:
        path, pdf, paper_id = _board_single(source, progress, layout.settings, metadata, name)
        files.append((path, pdf))
        manifest["board_single"] = {"file": path.name, "paper": paper_id}
    extra = []
    if request.split:
        from pnp.printing.targets import split_files

        with _stepper(progress)(f"{source.label}: one PDF per component kind"):
            extra += split_files(list(layout.runs), rendered.sheet_pdfs, rendered.rules_source, out_dir, name,
                                 metadata, layout.settings.duplex, request.lang,
                                 titles=source.loaded.strings.get("split_titles"),
                                 dash=source.loaded.strings.locale.title_dash)
    if request.target not in ("home", *SCREEN_TARGETS):
        extra += _target_files(source, progress, layout, metadata, name)
    if extra:
        manifest["extra_files"] = [str(path.relative_to(out_dir)) for path, _ in extra]
    return files + extra


def _board_single(source: _KitSource, progress, settings: PrintSettings, metadata: dict,
                  name: str) -> tuple[Path, bytes, str]:
    """(path, PDF, paper id) of the board in one piece on a larger sheet
    (``recipe.board_single_sheet``)."""
    from pnp.printing import pdf as pdfout

    request, loaded = source.request, source.loaded
    strings = loaded.strings
    board = progress.task(f"{source.label}: board in one piece")
    sheet = loaded.recipe.board_single_sheet(loaded.game, strings, settings)
    pdf = pdfout.assemble([pdfout.PageSource(pdfout.render_sheets([sheet]), strings("board_single"))],
                          {**metadata, "Title": strings.locale.title(source.title, strings("board_single")), "Paper": sheet.paper.id},
                          duplex="none", lang=request.lang)
    board.done()
    return Path(request.out_dir) / f"{name}-board-{sheet.paper.id}.pdf", pdf, sheet.paper.id


def _target_files(source: _KitSource, progress, layout: _Layout, metadata: dict, name: str) -> list[tuple[Path, bytes]]:
    """A print-on-demand target's files: one face per page at the target's bleed, laid out
    again when that differs from the kit's settings."""
    from pnp.printing.targets import SPECS, export

    request = source.request
    exporting = progress.task(f"{source.label}: {request.target} files")
    spec = SPECS.get(request.target)
    if spec is None:
        raise UsageError(f"unknown target '{request.target}'", key="--target")
    bleed = layout.settings.bleed_mm if spec.bleed_mm is None else spec.bleed_mm
    # One face per page needs no imposition tricks: plain layout, the target's bleed.
    target_settings = replace(layout.settings, bleed_mm=bleed, duplex="long", back_offset_mm=(0.0, 0.0),
                              back_scale=(1.0, 1.0))
    runs = list(layout.runs)
    if target_settings != layout.settings:
        runs = source.runs(target_settings)
        pack_runs(runs, target_settings, source.sheet_label)
    out_dir = Path(request.out_dir)
    files = export(request.target, runs, name, out_dir / f"{name}-{request.target}", metadata, request.lang,
                   dash=source.loaded.strings.locale.title_dash)
    exporting.done()
    return files


def _screen_files(source: _KitSource, layout: _Layout, rules_pdf: bytes, pdf_bytes: bytes, paper_sheets,
                  total_pages: int, name: str) -> list[tuple[Path, bytes]]:
    """The files of a screen target: ``tts`` (a Tabletop Simulator saved object with its
    images, the faces laid out again without bleed: a screen shows the trim) or ``png``
    (every page of the kit as an image, named by page and side)."""
    from pnp.printing import tts
    from pnp.printing.targets import collect_pieces

    request = source.request
    out_dir = Path(request.out_dir)
    if request.target == "png":
        sides = ["page"] * total_pages
        for n, sheet in enumerate(paper_sheets, start=1):
            for k, page in enumerate(sheet.pages):
                sides[page - 1] = f"sheet{n:02d}-{('front', 'back')[k] if len(sheet.pages) == 2 else 'front'}"
        return [(f.path, f.data) for f in tts.page_pngs(pdf_bytes, name, out_dir / f"{name}-png", request.dpi, sides)]
    trim = replace(layout.settings, bleed_mm=0.0, duplex="long", back_offset_mm=(0.0, 0.0), back_scale=(1.0, 1.0))
    runs = source.runs(trim)
    pack_runs(runs, trim, source.sheet_label)
    strings = source.loaded.strings
    labels = {run.id: run.label for run in layout.runs} | {"rules": strings("components.rules")}
    pieces = collect_pieces(runs)
    names, colours = {}, {}
    for piece in pieces:        # a piece whose id the language file names (a good, a player colour)
        own = piece.front.name.rsplit("/", 1)[-1]
        if strings.has(f"goods.{own}"):
            names[own] = strings(f"goods.{own}")
        for key in (f"player_colours.{own}", f"colours.{own}"):
            if strings.has(key) and own not in colours:
                colours[own] = strings(key)
    recipe, variant = source.loaded.recipe, source.loaded.variant
    takes = recipe.set_up_takes(source.loaded.game, variant)
    files, _ = tts.export_tts(pieces, name, out_dir / f"{name}-tts", rules_pdf, request.tts_url_base,
                              labels, names, colours, variant.players, tts.strings_texts(strings), takes)
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
    one of ours from ``fonts/``, a font that is not embedded, one subset name for two font
    programs, or a glyph whose outline is not in the bundled TTF of its font's name
    (``pnp.printing.pdf.font_problems``).

    Raises:
        FontError: names the file and the first problem (page and font).
    """
    from pnp.components.fonts import bundled_glyphs, postscript_names
    from pnp.errors import FontError
    from pnp.printing.pdf import font_problems

    allowed = postscript_names()
    glyphs = bundled_glyphs()
    for path, data in payloads:
        if path.suffix == ".pdf":
            problems = font_problems(data, allowed, glyphs)
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
    if any(run.id == "aids" for run in made):
        # the recipe prints its own aids (duplex cards in its deck's grid, say)
        return made
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
    stock_of = {run.id: run.stock for run in runs}
    hosts = [sheet for run in runs for sheet in run.sheets if sheet.free]
    before = {id(host): len(host.placements) for host in hosts}
    # One stock per component: the pieces of each stock are packed on their own, into the
    # free room of host sheets of that stock only (board tiles are card), so that a pawn
    # never pulls a sheet of banknotes onto card stock nor a note onto a card-stock tile.
    new = []
    for stock in dict.fromkeys(run.stock for run in runs if run.pieces):
        mine = [g for run in runs if run.stock == stock for g in run.pieces]
        new += pack_pieces(mine, settings, [h for h in hosts if wants_card(h, stock_of) == (stock == "card")],
                           lambda labels, n, total: sheet_label(" · ".join(labels))("single", n, total))
    for run in runs:
        if not run.pieces:
            continue
        mine = {face.component for g in run.pieces for face in g.faces}
        run.sheets = [sheet for sheet in hosts + new if any(p.component in mine for p in sheet.placements)]
    # New sheets on card stock print before those on plain paper (fullest first within each:
    # a stable sort), so the kit prints in one job per stock: no sheet of plain paper
    # between card-stock sheets.
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
    """A correction as the user typed it: ``1.5``, ``-2``, ``1.003`` (``-0`` as ``0``)."""
    return f"{value + 0.0:g}"


def _manifest_entry(run: ComponentRun, pages_of: dict[str, list[int]]) -> dict:
    entry = {"id": run.id, "kind": run.kind, "count": run.count, "pages": sorted(set(pages_of.get(run.id, []))),
             "stock": run.stock}
    if run.by_type is not None:
        entry["by_type"] = dict(run.by_type)
    return entry
