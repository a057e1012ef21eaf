"""Shared fixtures: built kits (once per test run, shared by every xdist worker), a scratch copy
of data/, PDF helpers."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest
from filelock import FileLock, Timeout

from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.cli import main

from helpers import shared_folder

# Both cores already run tests (pytest-xdist), so a build's second process would only add the
# cost of forking: builds in this run, and the CLI processes tests start, keep to one process.
# test_determinism rebuilds with two and compares the bytes; test_background sets it back.
os.environ["PNP_BUILD_PROCESSES"] = "1"


# The order xdist hands files to the workers (pyproject: --dist loadfile --no-loadscope-reorder):
# the heaviest first, so that the last files either worker takes are short and neither waits
# long for the other at the end (longest-processing-time-first).  With xdist's own order (most
# tests first) files of a few slow tests came last: test_determinism's three rebuilds, the
# pseudo-locale kits.  Seconds of CPU of each whole file (its builds, its subprocesses, the
# shared kits counted where first built, on a 2-core machine); only the order matters.  Files not named follow, most tests first.
HEAVY_FILES = {
    "tests/test_trust.py": 15, "tests/test_caravan_kit.py": 12, "tests/test_rules_diagrams.py": 12,
    "tests/test_sheet_labels.py": 11, "tests/test_determinism.py": 8, "tests/test_cli.py": 8,
    "tests/test_danish_output.py": 8, "tests/test_print.py": 7, "tests/test_packing.py": 6,
    "tests/test_pseudo_locale.py": 6, "tests/engine/test_core_and_check.py": 6,
    "tests/bad_input/test_bad_input.py": 5, "tests/test_caravan_ink.py": 5, "tests/test_kit.py": 5,
    "tests/test_rulebook.py": 5, "tests/test_targets.py": 4, "tests/test_chessboard_kit.py": 4,
    "tests/engine/test_caravan_check.py": 3, "tests/test_chessboard_ink.py": 3, "tests/test_i18n.py": 3,
    "tests/test_plurals.py": 3, "tests/test_faces.py": 3, "tests/engine/test_read_coverage.py": 3,
    "tests/test_bleed_marks.py": 3, "tests/test_board_seams.py": 3, "tests/test_calibrate.py": 3,
    "tests/test_registry.py": 2,
}


# The ``kit`` marker (pyproject.toml): a test that builds a kit, converts sheets to PDF, plays
# simulated games or starts pnp as a process.  ``pytest -m "not kit"`` is the unit run.  A
# test is marked when it uses one of these fixtures (every one of them builds kits or reads
# built ones), when its file is in ``KIT_FILES`` (files whose module fixtures build or whose
# every test does), or by its own ``@pytest.mark.kit``.
KIT_FIXTURES = {"shared_builds", "kit_dir", "kit_pieces", "page_texts"}
KIT_FILES = set(HEAVY_FILES) | {
    "tests/test_build_guards.py", "tests/test_feedback.py", "tests/test_caravan_rulebook.py",
    "tests/test_contents_picture.py", "tests/test_identity.py", "tests/engine/test_designer_checks.py",
    "tests/engine/test_cli_check.py", "tests/engine/test_cluster.py", "tests/engine/test_chessboard_check.py",
    "tests/test_process_ends.py", "tests/test_translation_workflow.py", "tests/test_translation_steps.py",
    "tests/test_tts.py", "tests/test_tts_layout.py", "tests/test_output_not_a_file.py", "tests/test_handling.py",
    # a two-process local cluster, and `pnp check` playing games on it and locally
    "tests/test_cluster_fingerprint.py",
    # whole sheets of the normal and the saver kit laid out and rendered at 150 dpi
    "tests/test_samarkand_ink.py",
}
# Single tests of otherwise quick files: converted tile sheets, every card face, exhaustive searches.
KIT_TESTS = {
    "tests/test_board.py::test_tile_pdf_pages_are_the_paper",
    "tests/test_board.py::test_single_sheet_picks_smallest_larger_paper",
    "tests/test_chessboard_components.py::test_every_card_type_has_a_face_with_name_number_and_rule",
    "tests/test_chessboard_components.py::test_board_prints_numbers_region_names_and_notes",
    "tests/engine/test_chessboard_rules.py::test_trade_moves_are_counted_tested_and_placed_as_listed",
    "tests/engine/test_chessboard_rules.py::test_the_bots_offer_search_finds_the_exhaustive_searchs_offer",
    "tests/test_completion.py::test_game_ids_complete_for_every_command_that_takes_a_game",
    "tests/test_completion.py::test_a_missing_data_folder_completes_nothing_and_prints_no_traceback",
    "tests/test_package.py::test_python_dash_m_pnp_is_the_pnp_command",
    "tests/engine/test_fairness.py::test_a_build_does_not_import_scipy",
    # a whole rules sheet typeset as a PDF (the kit build's rules stage) per game and language
    "tests/test_ties.py::test_no_number_split_from_its_word_on_the_rules",
    "tests/test_ties.py::test_no_label_split_from_its_number_on_the_danish_rules",
    # whole simulated games with the tree-search player at a seat (each decision a search)
    "tests/engine/test_strong.py::test_strong_player_plays_only_legal_moves_and_leaves_chance_alone",
    "tests/engine/test_strong.py::test_strong_player_is_deterministic_for_a_seed",
    # the whole 8 x 8 board face rendered at 150 dpi
    "tests/test_chessboard_components.py::test_centre_mark_stands_out_in_grey",
    # every tile of the whole Samarkand board rendered (per colour-vision kind)
    "tests/test_samarkand_printed.py::test_board_space_kinds_differ_by_8_lstar_as_printed",
    # the whole 5-player Samarkand kit laid out and paginated (the build's layout stage)
    "tests/test_printed_backs.py::test_each_printed_back_is_its_fronts_box_mirrored_for_the_flip_edge",
    "tests/test_printed_backs.py::test_samarkand_fold_kit_puts_price_tables_on_its_last_card_sheet",
}
# How the tests go to the two workers (``pytest_xdist_make_scheduler`` below): a file's tests
# stay on one worker (its module fixtures are built once), as with --dist loadfile, except in
# these files, whose tests share no module fixture: each test goes on its own, so that one
# file's builds and interrupted processes (test_trust's Ctrl-C cases and kit fonts,
# test_determinism's rebuilds, the bad-input corpus's processes) are spread over both workers.
SPLIT_FILES = {"tests/test_trust.py", "tests/test_determinism.py", "tests/test_cli.py",
               "tests/bad_input/test_bad_input.py"}


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` with ``SPLIT_FILES`` split per test (xdist's own ``loadgroup``
    marks are lost on pytest 9.2: pytest-xdist issue 1386)."""
    from xdist.scheduler import LoadFileScheduling

    class FileScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::", 1)[0]
            return nodeid if file in SPLIT_FILES else file

    return FileScheduling(config, log) if config.getvalue("dist") == "loadfile" else None


def _file_of(item) -> str:
    return item.nodeid.split("::")[0]


def pytest_ignore_collect(collection_path, config):
    """In the unit run (``-m "not kit"`` exactly) a file of ``KIT_FILES`` is not imported:
    every test in it is marked ``kit`` and would be deselected, but importing it (and what it
    imports: a cluster, PDF readers) and rewriting its asserts cost each worker seconds.
    Returns True to skip the file, None to let pytest decide."""
    if config.getoption("markexpr", "").strip() != "not kit" or collection_path.suffix != ".py":
        return None
    try:
        rel = collection_path.relative_to(config.rootpath).as_posix()
    except ValueError:
        return None
    return True if rel in KIT_FILES else None


def pytest_itemcollected(item):
    """Mark a kit test (``KIT_FIXTURES``, ``KIT_FILES``, ``KIT_TESTS``) as it is collected."""
    if (_file_of(item) in KIT_FILES or item.nodeid.split("[")[0] in KIT_TESTS
            or KIT_FIXTURES & set(getattr(item, "fixturenames", ()))):
        item.add_marker(pytest.mark.kit)


def pytest_collection_modifyitems(config, items):
    """Files heaviest first (``HEAVY_FILES``), then most tests first; a file's tests keep
    their order (a stable sort)."""
    file_of = _file_of
    counts: dict[str, int] = {}
    for item in items:
        counts[file_of(item)] = counts.get(file_of(item), 0) + 1
    items.sort(key=lambda item: (-HEAVY_FILES.get(file_of(item), 0), -counts[file_of(item)], file_of(item)))


class UnmarkedKitWork(AssertionError):
    """A test outside the ``kit`` marker built a kit or started pnp as a process."""


def _starts_pnp(args) -> bool:
    words = [str(a) for a in (args if isinstance(args, (list, tuple)) else [args])]
    return any(w in ("pnp", "pnp.cli") or w.endswith("/pnp") or "from pnp" in w or "import pnp" in w
               for w in words)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Keep the unit run (``-m "not kit"``) a unit run: while a test without the ``kit``
    marker runs (its set-up included), building a kit or starting ``pnp`` as a process
    fails it with ``UnmarkedKitWork``, naming what to mark.  Without this guard tests that
    build kits drifted into the unit run and made it as slow as the kit run."""
    if item.get_closest_marker("kit") is not None or "MUTANT_UNDER_TEST" in os.environ:
        yield
        return
    import subprocess

    import pnp.kit.build as build

    def refuse(what: str):
        raise UnmarkedKitWork(f"{item.nodeid} {what} but is not marked kit: add it to KIT_TESTS or "
                              "KIT_FILES in tests/conftest.py, or give it @pytest.mark.kit")

    real_build, real_popen_init = build._build_kit, subprocess.Popen.__init__

    def guarded_build(*args, **kwargs):
        refuse("builds a kit")

    def guarded_popen_init(self, args, *rest, **kwargs):
        if _starts_pnp(args):
            refuse("starts pnp as a process")
        real_popen_init(self, args, *rest, **kwargs)

    build._build_kit, subprocess.Popen.__init__ = guarded_build, guarded_popen_init
    try:
        yield
    finally:
        build._build_kit, subprocess.Popen.__init__ = real_build, real_popen_init


@pytest.fixture(scope="session")
def shared_builds(tmp_path_factory, worker_id):
    """``build(*cli_args) -> folder``: ``pnp build *cli_args --no-check`` run once for the whole
    test run into a folder of its own, shared by every xdist worker (a file lock makes the
    first caller build it and the others wait for it and read it).  Tests only read the folder.
    ``build(*cli_args, wait=False)`` returns None at once when another worker is building it.
    """
    root = tmp_path_factory.getbasetemp()
    if worker_id != "master":       # every worker's base folder sits in the run's folder
        root = root.parent
    shared = root / "shared-kits"
    shared.mkdir(exist_ok=True)

    def build(*args: str, wait: bool = True) -> Path | None:
        key = hashlib.sha256(json.dumps(args).encode()).hexdigest()[:16]
        folder = shared / key
        done = folder / ".built"
        lock = FileLock(str(shared / f"{key}.lock"))
        try:
            lock.acquire(timeout=-1 if wait else 0)
        except Timeout:     # another process is building it (wait=False)
            return None
        try:
            if not done.exists():
                if folder.exists():     # a build that failed half-way: start again
                    shutil.rmtree(folder)
                folder.mkdir()
                assert main(["build", *args, "--out", str(folder), "--no-check"]) == 0, f"pnp build {' '.join(args)}"
                done.write_text(" ".join(args), encoding="utf-8")
        finally:
            lock.release()
        return folder

    return build


@pytest.fixture(scope="session")
def page_texts(tmp_path_factory, worker_id):
    """``texts(pdf) -> [text of page 1, page 2, ...]`` as PDFium (pypdfium2, the engine of
    Chrome's viewer) extracts it, lines ending in "\n", extracted once per PDF content for the
    whole test run and shared by every xdist worker (keyed by the file's SHA-256; a file lock
    makes the first caller extract).  pypdf took 2.6 s of CPU to read a Samarkand kit's text,
    about as long as building it; PDFium takes 0.07 s.  Tests that read one page's text
    themselves still use pypdf, so text is checked as extractable by both."""
    import pypdfium2

    root = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        root = root.parent
    cache = root / "page-texts"
    cache.mkdir(exist_ok=True)

    def texts(pdf: Path) -> list[str]:
        key = hashlib.sha256(Path(pdf).read_bytes()).hexdigest()[:24]
        stored = cache / f"{key}.json"
        with FileLock(str(cache / f"{key}.lock")):
            if not stored.exists():
                document = pypdfium2.PdfDocument(str(pdf))
                try:
                    pages = [document[i].get_textpage().get_text_range().replace("\r\n", "\n")
                             for i in range(len(document))]
                finally:
                    document.close()
                stored.write_text(json.dumps(pages), encoding="utf-8")
        return json.loads(stored.read_text(encoding="utf-8"))

    return texts


@pytest.fixture(scope="session")
def kit_pieces(tmp_path_factory, worker_id):
    """``pieces(pdf) -> pdfpieces.sheet_pieces`` of that PDF (every placed copy of every face,
    measured, and the sheets' thin strokes), worked out once per PDF content for the whole
    test run and shared by every xdist worker (a file lock makes the first caller measure;
    form ids come back as strings, JSON keys).  Interpreting every sheet's content stream is
    the slow part; the piece-count and bleed tests read the same default kits."""
    from pypdf import PdfReader

    from pdfpieces import sheet_pieces

    root = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        root = root.parent
    cache = root / "kit-pieces"
    cache.mkdir(exist_ok=True)

    def pieces(pdf: Path) -> dict:
        key = hashlib.sha256(Path(pdf).read_bytes()).hexdigest()[:24]
        stored = cache / f"{key}.json"
        with FileLock(str(cache / f"{key}.lock")):
            if not stored.exists():
                stored.write_text(json.dumps(sheet_pieces(PdfReader(str(pdf)))), encoding="utf-8")
        return json.loads(stored.read_text(encoding="utf-8"))

    return pieces


def _tree_digest(folder: Path) -> str:
    """SHA-256 of every file's path and bytes under ``folder`` (read each time: tests edit
    data copies in place)."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@pytest.fixture(scope="session", autouse=True)
def shared_pure_work(tmp_path_factory, worker_id):
    """Three pure steps of a build, done once per input for the whole test run and shared by
    every xdist worker (a file lock makes the first caller compute):

    - the rules sheet (``pnp.kit.build._rules_sheet``: PDF, page count, page inks), keyed by
      the bytes of the whole data folder, the fonts folder's path, game, variant, language
      and paper;
    - the conversion of a batch of distinct pages (``pnp.printing.pdf._convert_pages``),
      keyed by the SVG text and the fonts folder's path;
    - the packer's search for the best packing (``pnp.printing.packing._search``), keyed by
      its pickled arguments (pieces, settings, rooms); the result is pickled, so each caller
      gets its own copy.

    Tests build the same 2-player card kit with a dozen print options (its rules sheet was
    two thirds of each build's CPU) and the Caravan kit some thirty times (the search was
    two thirds of each).

    The keys name the inputs, not the code: a test that patches code inside the rules sheet
    or the page conversion must not count on these (the packer's key takes in the packing
    module's constants and code, ``packer_state``).  A served packing refers to the caller's
    own faces (``search``), so a served kit is byte for byte the kit a user gets
    (test_determinism builds one twice in the run).

    Only results are stored (an error is raised again by the next caller), and nothing the
    builds of other processes (``pnp`` run as a subprocess, test_determinism's rebuilds)
    do goes through here, so byte-identity across processes is still checked against
    builds that computed everything themselves.  Off under mutmut (tools/mutation.py: its
    trampolines read ``MUTANT_UNDER_TEST``): mutmut runs a mutant against the tests that
    called its function, and a test served from here would not count as calling it."""
    if "MUTANT_UNDER_TEST" in os.environ:
        yield
        return
    import pickle

    import pnp.kit.build as build
    import pnp.printing.packing as packing
    import pnp.printing.pdf as pdfout
    from pnp.components import fonts

    root = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        root = root.parent
    cache = root / "pure-work"
    cache.mkdir(exist_ok=True)
    real_rules_sheet, real_convert_pages, real_search = build._rules_sheet, pdfout._convert_pages, packing._search

    def stored(key: str, compute, dump, load):
        path = cache / key
        with FileLock(str(cache / f"{key}.lock")):
            if not path.exists():
                value = compute()
                part = path.with_suffix(".part")
                part.write_bytes(dump(value))
                part.rename(path)
                return value
        return load(path.read_bytes())

    def rules_sheet(game, variant, lang: str, paper: str):
        if getattr(game, "folder", None) is None:       # a model that does not say where its data is
            return real_rules_sheet(game, variant, lang, paper)
        key = hashlib.sha256(json.dumps([_tree_digest(Path(game.folder).parent), str(fonts.FONT_DIR), game.id,
                                         repr(variant), lang, paper]).encode()).hexdigest()[:24]

        def dump(value):
            pdf, pages, inks = value
            return json.dumps([pages, inks]).encode() + b"\n" + pdf

        def load(data):
            head, _newline, pdf = data.partition(b"\n")
            pages, inks = json.loads(head)
            return pdf, pages, inks

        return stored(f"rules-{key}", lambda: real_rules_sheet(game, variant, lang, paper), dump, load)

    def convert_pages(svgs, plain=None):
        # keyed by the pages alone: ``plain`` gives some of them as values, drawn the same
        digest = hashlib.sha256(str(fonts.FONT_DIR).encode())
        for svg in svgs:
            digest.update(b"\0" + svg.encode("utf-8"))
        return stored(f"pages-{digest.hexdigest()[:24]}", lambda: real_convert_pages(svgs, plain), bytes, bytes)

    def packer_state() -> bytes:
        """The packing module's constants and its functions' code: a test that patches one
        (e.g. the block shapes tried) gets its own packing, not one computed without it."""
        parts = []
        for name, value in sorted(vars(packing).items()):
            if name.startswith("__"):
                continue
            if isinstance(value, (int, float, str, tuple, frozenset)):
                parts.append(f"{name}={value!r}".encode())
            elif callable(getattr(value, "__code__", None)) or hasattr(value, "__code__"):
                parts.append(name.encode() + b":" + value.__code__.co_code)
        return b"\0".join(parts)

    def search(*args):
        key = hashlib.sha256(pickle.dumps(args, protocol=4) + packer_state()).hexdigest()[:24]
        # The result refers to the caller's faces; the build tells faces apart by identity
        # (each distinct face converted once), so they are stored as their place among the
        # groups' faces and come back as this caller's own objects, never as copies: copies
        # made a served kit convert faces twice, unlike the file a user gets (equal pickled
        # arguments share faces the same way, so the places match).
        own = [f for group in args[0] for f in group.faces]
        place = {}
        for n, f in enumerate(own):
            place.setdefault(id(f), n)

        def dump(value):
            out = io.BytesIO()
            pickler = pickle.Pickler(out, protocol=4)
            pickler.persistent_id = lambda obj: place.get(id(obj)) if own and obj is own[place.get(id(obj), 0)] else None
            pickler.dump(value)
            return out.getvalue()

        def load(data):
            unpickler = pickle.Unpickler(io.BytesIO(data))
            unpickler.persistent_load = lambda n: own[n]
            return unpickler.load()

        return stored(f"packing-{key}", lambda: real_search(*args), dump, load)

    build._rules_sheet, pdfout._convert_pages, packing._search = rules_sheet, convert_pages, search
    yield
    build._rules_sheet, pdfout._convert_pages, packing._search = real_rules_sheet, real_convert_pages, real_search


# Samarkand kits most print and kit tests read: default, Danish Letter, 2 players.
SAMARKAND_KITS = [["samarkand"], ["samarkand", "--lang", "da", "--paper", "letter"], ["samarkand", "--players", "2"]]


@pytest.fixture(scope="session")
def kit_dir(shared_builds, tmp_path_factory) -> Path:
    """Kits built once for the whole test run: default, Danish Letter, 2-player."""
    return shared_folder(shared_builds, SAMARKAND_KITS, tmp_path_factory, "kits")


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A writable copy of data/ that a test may break or change."""
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    return target


# ------------------------------------------------------------------ run accounting
# PNP_TEST_TIMES=FOLDER: each process of the run (every xdist worker) writes FOLDER/<worker>.json
# at its end: its CPU seconds (its own and its finished children's: builds run as subprocesses,
# check pools), its wall span, and each test file's summed setup + call + teardown seconds.
# tools/test_times.py reads the folder: per-worker CPU, the critical path, utilisation.
_RUN_TIMES: dict = {}


def pytest_sessionstart(session):
    if os.environ.get("PNP_TEST_TIMES"):
        import time

        _RUN_TIMES.update(start=time.time(), files={})


def pytest_runtest_logreport(report):
    if _RUN_TIMES:
        file = report.nodeid.split("::")[0]
        _RUN_TIMES["files"][file] = _RUN_TIMES["files"].get(file, 0.0) + report.duration
        _RUN_TIMES["reports"] = _RUN_TIMES.get("reports", 0) + 1
        if _RUN_TIMES["reports"] % 30 == 0:     # a run stopped half-way still leaves its figures so far
            _write_times(finished=False)


def pytest_sessionfinish(session):
    if _RUN_TIMES:
        _write_times(finished=True)


def _write_times(finished: bool) -> None:
    import resource
    import time

    folder = os.environ["PNP_TEST_TIMES"]
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "master")
    Path(folder).mkdir(parents=True, exist_ok=True)
    (Path(folder) / f"{worker}.json").write_text(json.dumps({
        "worker": worker, "start": _RUN_TIMES["start"], "end": time.time(), "finished": finished,
        "cpu": own.ru_utime + own.ru_stime, "children_cpu": children.ru_utime + children.ru_stime,
        "files": _RUN_TIMES["files"]}, indent=1), encoding="utf-8")
