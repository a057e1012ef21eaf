"""The ``pnp`` command line (click).  Thin: parses options, calls pnp.kit.build, prints one line
per error.  Every user error exits non-zero with ``error: <where>: <what>`` and no traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.cli_types import NUMBER, OutputPath

from pnp.model.catalog import lang_option

from pnp import cli_complete as complete
from pnp.model.catalog import data_dir
from pnp.registry import game_ids, game as registered_game, games as registered_games
from pnp.errors import PnpError, UsageError
from pnp.geometry import DEFAULT_BLEED_MM, HOME_PAPERS
from pnp.printing.imposition import DUPLEX_MODES, INK_MODES, check_print_options, parse_pair
from pnp.printing.targets import TARGETS
from pnp.progress import reporter_for

def _version(ctx: click.Context, value: bool) -> None:
    """``pnp --version``: the distribution's version and the engine build of every installed
    game's engine (``pnp.engine.build_name``), e.g. ``pnp, version 0.1.0, engines compiled (Cython)``."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, packages_distributions, version

    from pnp.engine import build_name
    from pnp.registry import games

    dist = (packages_distributions().get("pnp") or ["pnp"])[0]   # the distribution that installs pnp
    try:
        number = version(dist)
    except PackageNotFoundError:
        number = "unknown"
    for entry in games().values():
        entry.module("engine")      # loads each game's rules engine and heuristic player
    click.echo(f"{ctx.find_root().info_name or 'pnp'}, version {number}, engines {build_name()}")
    ctx.exit()


CONTEXT = {"help_option_names": ["-h", "--help"], "show_default": True}


@click.group(context_settings=CONTEXT)
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Game data folder (default: the repository's data/, or $PNP_DATA_DIR).")
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=lambda ctx, _, value: _version(ctx, value),
              help="Show the version and which engine build (compiled or pure Python) is in use, and exit.")
@click.pass_context
def cli(ctx: click.Context, data_dir: Path | None) -> None:
    """pnp: print-and-play kits for board games, checked by a rules engine before printing."""
    ctx.obj = {"data_dir": data_dir}


def _games_with_data(root: Path, override: Path | None) -> list[str]:
    """Ids of the installed games with data under ``root``.

    Raises:
        UsageError: none has (an empty or wrong data folder must not pass for success).
    """
    found = game_ids(root)
    if not found:
        raise UsageError(f"data folder {root} holds no game data (expected <game>/game.yaml for one of: "
                         f"{', '.join(registered_games()) or 'no installed game'})",
                         key="--data-dir" if override else "data")
    return found


def _check_screen_options(ctx: click.Context, target: str, duplex: str, offset: tuple[float, float],
                          scale: tuple[float, float], url_base: str | None) -> None:
    """Refuse, before any work, options a screen target cannot use: a Tabletop Simulator
    table has no duplex printer to correct (``--ink saver`` is fine), and image addresses
    must be a web folder.

    Raises:
        UsageError: naming the option.
    """
    import re

    source = ctx.get_parameter_source
    if url_base is not None and target != "tts":
        raise UsageError("--tts-url-base is for --target tts", key="--tts-url-base")
    if url_base is not None and not re.fullmatch(r"https?://[^\s/]+(/[^\s]*)?/", url_base):
        raise UsageError(f"expected an http:// or https:// address of a folder, ending in '/' (got {url_base!r})",
                         key="--tts-url-base")
    if source("dpi").name != "DEFAULT" and target != "png":
        raise UsageError("--dpi is for --target png", key="--dpi")
    if target == "tts":
        for option, param, default in (("--duplex", "duplex", "long"), ("--back-offset", "back_offset", None),
                                       ("--scale-x", "scale_x", None), ("--scale-y", "scale_y", None)):
            if source(param).name != "DEFAULT":
                raise UsageError(f"{option} corrects a duplex printer; Tabletop Simulator has none (leave it out "
                                 f"with --target tts)", key=option)


def _player_counts(counts: list[int]) -> str:
    """``2-3`` for a run of consecutive counts, else ``2, 4``."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts))


@cli.command()
@click.pass_context
def games(ctx: click.Context) -> None:
    """List the games that have data, with their player counts and languages."""
    from pnp.model import load_game

    root = data_dir(ctx.obj["data_dir"])
    for game_id in _games_with_data(root, ctx.obj["data_dir"]):
        try:
            game = load_game(game_id, root)
            counts = f"{game.players_min}-{game.players_max} players (default {game.players_default})"
            counts += f" · variants: {', '.join(game.setups)}"
            defaults = {p: game.variant(p).setup for p in range(game.players_min, game.players_max + 1)}
            other: dict[str, list[int]] = {}
            for p, setup in defaults.items():
                if setup != game.setups[0]:   # the data's default variant is another for this count
                    other.setdefault(setup, []).append(p)
            if other:
                counts += " (default " + ", ".join(f"{setup} for {_player_counts(ps)}"
                                                   for setup, ps in other.items()) + " players)"
        except PnpError as exc:
            counts = f"data error: {exc}"
        click.echo(f"{game_id:<20} {counts:<55} · languages: {', '.join(registered_game(game_id).languages(root)) or 'none'}")


@cli.command()
@click.argument("game", required=False, shell_complete=complete.games)
@click.option("--players", type=int, default=None, help="Player count; selects the variant's deck. [default: the game's default, as `pnp games` lists it]")
@click.option("--variant", "setup", default=None, shell_complete=complete.variants,
              help="Variant of the game, by name (e.g. 'short'); `pnp games` lists them. [default: what the data names for the player count]")
@click.option("--lang", callback=lang_option, default="en", shell_complete=complete.languages,
              help="Language of rules and components (en, da, or any language with data files).")
@click.option("--paper", type=click.Choice(HOME_PAPERS), default="a4", help="Paper size of every page.")
@click.option("--bleed-mm", type=NUMBER, default=DEFAULT_BLEED_MM, help="Bleed around every face, in mm (0-6).")
@click.option("--out", "out_dir", type=OutputPath(path_type=Path), default=Path("output"), help="Output folder.")
@click.option("--board-single", is_flag=True, default=False,
              help="Also write the board in one piece on a larger sheet (A2 for A4 kits, ARCH C for Letter).")
@click.option("--no-check", is_flag=True, default=False, help="Skip the rules-engine check of the variant before printing.")
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long",
              help="How backs print: long = duplex flipping on the long edge (backs sheet's columns mirrored); "
                   "short = flipping on the short edge (rows mirrored); fold = gutter fold, fronts and backs side by "
                   "side on one sheet with a fold line, no duplex needed; none = backs on their own sheets, unmirrored. "
                   "Sets the PDF's /Duplex hint.")
@click.option("--back-offset", default="0,0", metavar="X,Y",
              help="Move every back (art and crop marks) by X,Y mm, as seen on the back side: +X right, +Y down. "
                   "Enter the two numbers `pnp calibrate` shows you (each -10..10).")
@click.option("--scale-x", type=NUMBER, default=1.0,
              help="Scale every backs sheet horizontally by this factor about the sheet centre (0.95-1.05), "
                   "from `pnp calibrate`.")
@click.option("--scale-y", type=NUMBER, default=1.0,
              help="Scale every backs sheet vertically by this factor about the sheet centre (0.95-1.05), "
                   "from `pnp calibrate`.")
@click.option("--ink", type=click.Choice(INK_MODES), default="normal",
              help="saver: light backgrounds, no full-bleed fills, thinner borders.")
@click.option("--target", type=click.Choice(TARGETS), default="home",
              help="Also write print-on-demand files next to the kit, in OUT/<kit>-<target>/ with a preflight report: "
                   "pdf-1up = one face per page at trim + bleed with TrimBox/BleedBox; dtc = DriveThruCards deck PDF, "
                   "2.75 x 3.75 in pages, back, front, back, front...; tgc = The Game Crafter PNGs, 825 x 1125 px "
                   "per poker card; mpc = MakePlayingCards PNGs, 822 x 1122 px per poker card; tts = a Tabletop "
                   "Simulator saved object with its images (OUT/<kit>-tts/); png = every page of the kit as a PNG "
                   "(OUT/<kit>-png/, see --dpi).")
@click.option("--dpi", type=click.IntRange(36, 600), default=150, help="Resolution of --target png's page images.")
@click.option("--tts-url-base", default=None, metavar="URL",
              help="--target tts: the http(s) address of the folder you will upload the images to, ending in '/' "
                   "(default: file:/// paths to the images beside the JSON).")
@click.option("--cards-per-sheet", type=int, default=None,
              help="At most this many cards on a sheet (1-20), e.g. 8 for the safer layout with full 3 mm bleed "
                   "and 5 mm margins. [default: as many as fit: 9 poker cards on A4, 8 on Letter]")
@click.option("--split", is_flag=True, default=False,
              help="Also write one PDF per component kind (<kit>-cards.pdf, -board, -tokens, -tables, -rules).")
@click.option("--quiet", "-q", is_flag=True, default=False,
              help="No progress display (on a terminal: live bars; otherwise one line per finished step, on "
                   "standard output); results and errors still print.")
@click.pass_context
def build(ctx: click.Context, game: str | None, players: int | None, setup: str | None, lang: str, paper: str,
          bleed_mm: float, out_dir: Path, board_single: bool, no_check: bool, duplex: str, back_offset: str,
          scale_x: float, scale_y: float, ink: str, target: str, dpi: int, tts_url_base: str | None, split: bool,
          cards_per_sheet: int | None, quiet: bool) -> None:
    """Build the print-and-play kit of GAME (every game with data if GAME is left out).

    Writes OUT/<game>-<N>p[-<set-up>]-<lang>-<paper>[<print options>].pdf and its
    .manifest.json; the print options other than the defaults are named in the file name
    (-short, -fold, -simplex, -bleed2, -offset1.5,-2, -scale1.01x1, -saver, -8up).
    """
    from pnp.kit.build import KitRequest, build_kit

    offset = parse_pair(back_offset, "--back-offset")
    check_print_options(duplex, offset, (scale_x, scale_y), ink)
    _check_screen_options(ctx, target, duplex, offset, (scale_x, scale_y), tts_url_base)
    root = data_dir(ctx.obj["data_dir"])
    games_to_build = [game] if game else _games_with_data(root, ctx.obj["data_dir"])
    if len(games_to_build) > 1 or no_check:
        # Every game's data and checks.yaml are read before the first kit is built: bad data
        # in a later game stops the run before any kit is written, and a broken checks.yaml
        # is refused with --no-check too (it travels with the data folder; the next build
        # that checks would fail on it).
        from pnp.engine.check import load_settings
        from pnp.model import load_game

        for game_id in games_to_build:
            loaded = load_game(game_id, root)
            if not no_check or (Path(loaded.folder) / "checks.yaml").is_file():
                load_settings(loaded)
    for game_id in games_to_build:
        request = KitRequest(game_id, players, lang, paper, bleed_mm, out_dir, ctx.obj["data_dir"], check=not no_check,
                             board_single=board_single, setup=setup, duplex=duplex, back_offset=offset,
                             back_scale=(scale_x, scale_y), ink=ink, target=target, split=split,
                             strict_print=game is not None, cards_per_sheet=cards_per_sheet, dpi=dpi,
                             tts_url_base=tts_url_base)
        checker = _checker()
        with reporter_for(quiet) as progress:
            result = build_kit(request, progress=progress, checker=checker.bind(progress))
        figures = result.manifest_data["sheets"]
        click.echo(f"wrote {result.pdf} ({result.pages} pages) and {result.manifest.name}")
        click.echo(f"{figures['count']} sheets ({figures['card_stock']} on card stock), "
                   f"mean ink {100 * figures['mean_ink']:.0f} % per sheet")
        click.echo(checker.line())
        for note in result.notes:
            click.echo(f"note: {note}")
        extra = result.manifest_data.get("extra_files", [])
        for file in [f for f in extra if "/" not in f]:
            click.echo(f"wrote {Path(result.pdf).parent / file}")
        for folder in sorted({f.split("/")[0] for f in extra if "/" in f}):
            files = [f for f in extra if f.startswith(folder + "/")]
            guide = {"-tts": "; README.txt there says how to load it", "-png": ""}.get(folder[folder.rfind("-"):],
                                                                                 "; see preflight.txt there")
            click.echo(f"wrote {Path(result.pdf).parent / folder}/ ({len(files)} files{guide})")


@cli.command()
@click.option("--paper", type=click.Choice(HOME_PAPERS), default="a4", help="Paper size of the sheet.")
@click.option("--lang", callback=lang_option, default="en", help="Language of the instructions (en, da, or any language in data/common/lang).")
@click.option("--out", "out_dir", type=OutputPath(path_type=Path), default=Path("output"), help="Output folder.")
@click.option("--back-offset", default="0,0", metavar="X,Y",
              help="Print side 2 moved by X,Y mm, to check a reading: every scale should then read 0.")
@click.option("--scale-x", type=NUMBER, default=1.0, help="Print side 2 scaled by this factor across (check a reading).")
@click.option("--scale-y", type=NUMBER, default=1.0, help="Print side 2 scaled by this factor down (check a reading).")
@click.pass_context
def calibrate(ctx: click.Context, paper: str, lang: str, out_dir: Path, back_offset: str, scale_x: float,
              scale_y: float) -> None:
    """Write a two-page printer calibration sheet: printed double-sided, it shows the back
    offset (for --back-offset X,Y) and the back scale (--scale-x, --scale-y) of your printer.

    Writes OUT/calibration-<paper>-<lang>.pdf; the instructions are printed on side 1.
    """
    from pnp.errors import OutputError
    from pnp.files import unwritable
    from pnp.printing.calibrate import build_calibration

    offset = parse_pair(back_offset, "--back-offset")
    problem = unwritable(out_dir)   # fail before any work
    if problem:
        raise OutputError(problem[1], file=problem[0], key="--out")
    path = build_calibration(paper, lang, out_dir, ctx.obj["data_dir"], offset, (scale_x, scale_y))
    click.echo(f"wrote {path} (2 pages: print double-sided at 100 %, then follow side 1)")


class _checker:
    """The engine's pre-print check: static checks and a small seeded sample of games,
    sized by checks.yaml (``pnp.engine.check.start_quick_check``).

    ``bind(progress)`` gives ``check(game, variant)`` for pnp.kit.build: it starts the
    games on two worker processes and returns a ``_Verdict``: the build runs the static
    checks through it once the kit is laid out, goes on converting pages, and asks for its
    ``result()`` (the contents page's fields), which raises ``VariantError`` (with the
    reasons) for a variant that fails, so nothing is printed.  ``line()``: the one line the
    command prints after the build, saying what was simulated and that it passed (or that
    the check was skipped).
    """

    def __init__(self):
        self.report = None

    def bind(self, progress):
        def check(game, variant):
            from pnp.engine.check import start_quick_check

            return _Verdict(self, start_quick_check(game, variant, seed=0, workers=2, progress=progress))

        return check

    def line(self) -> str:
        r = self.report
        if r is None:
            return "pre-print check: skipped (--no-check); the rules engine did not play this variant"
        seats = r.scorecard["seats"]
        wins = "; wins by seat " + " / ".join(f"{seat['rate']:.0%}" for seat in seats) if seats else ""
        # seat balance is judged by pnp check; the pre-print sample reports it and warns when the
        # fairness rule already fails it (pnp.engine.fairness)
        return (f"pre-print check: passed: {r.game} {r.variant.id}, static checks and {r.summary} "
                f"(seed {r.seed}, {r.moves:,} moves, {r.seconds:.1f} s){wins}"
                + "".join(f"\nwarning: pre-print check: {w}" for w in r.warnings))


class _Verdict:
    """A started pre-print check as pnp.kit.build takes it: ``result()``, ``close()``."""

    def __init__(self, owner: _checker, pending):
        self.owner, self.pending = owner, pending

    def validate(self, kit_counts) -> None:
        self.pending.static_check(kit_counts)

    def result(self) -> dict:
        report = self.pending.report()
        report.raise_if_failed()
        self.owner.report = report
        card = report.scorecard
        return {"games": card["games"], "players": report.variant.players, "finished": card["finished"],
                "timeouts": card["timeouts"], "median": card["rounds"]["median"]}

    def close(self) -> None:
        self.pending.close()


@cli.command()
@click.argument("game", shell_complete=complete.games)
@click.option("--players", type=int, required=True, help="Player count of the reduced deck.")
@click.option("--variant", "setup", default=None, shell_complete=complete.variants,
              help="Set-up of the game. [default: what the data names for the player count]")
@click.option("--lang", callback=lang_option, default="en", shell_complete=complete.languages, help="Language of the cards and the removal list.")
@click.option("--paper", type=click.Choice(HOME_PAPERS), default="a4", help="Paper size of every page.")
@click.option("--bleed-mm", type=NUMBER, default=DEFAULT_BLEED_MM, help="Bleed around every card, in mm (0-6).")
@click.option("--out", "out_dir", type=OutputPath(path_type=Path), default=Path("output"), help="Output folder.")
@click.option("--no-check", is_flag=True, default=False, help="Skip the rules-engine check of the variant.")
@click.option("--quiet", "-q", is_flag=True, default=False,
              help="No progress display (on a terminal: live bars; otherwise one line per finished step, on "
                   "standard output); results and errors still print.")
@click.pass_context
def deck(ctx: click.Context, game: str, players: int, setup: str | None, lang: str, paper: str, bleed_mm: float,
         out_dir: Path, no_check: bool, quiet: bool) -> None:
    """Only the deck of a player-count variant, with a removal list for owners of the full game.

    Writes OUT/<game>-<N>p[-<set-up>]-<lang>-<paper>-deck.pdf and its .manifest.json.
    """
    from pnp.kit.build import KitRequest, build_kit

    request = KitRequest(game, players, lang, paper, bleed_mm, out_dir, ctx.obj["data_dir"], check=not no_check,
                         only=("deck",), suffix="-deck", setup=setup)
    checker = _checker()
    with reporter_for(quiet) as progress:
        result = build_kit(request, progress=progress, checker=checker.bind(progress))
    click.echo(f"wrote {result.pdf} ({result.pages} pages) and {result.manifest.name}")
    click.echo(checker.line())


@cli.command()
@click.argument("game", required=False, shell_complete=complete.games)
@click.option("--out", "out_dir", type=OutputPath(path_type=Path), default=Path("schema"), show_default=True,
              help="Output folder.")
@click.pass_context
def schema(ctx: click.Context, game: str | None, out_dir: Path) -> None:
    """Write a JSON Schema of each data file of GAME (no GAME: every game, and the shared
    language files and glossary), for an editor to check and complete the YAML.

    Writes OUT/<game>/<file>.schema.json for each YAML file in the game's folder (the
    checks its loaders make, closed to unknown keys, with descriptions and defaults),
    OUT/<game>/lang.schema.json for its language files, and without GAME
    OUT/common/lang.schema.json and OUT/common/glossary.schema.json.  Point the YAML
    language server at one with a first line such as:

    \b
        # yaml-language-server: $schema=../../schemas/<game>/game.schema.json
    """
    import json

    from pnp.files import unwritable, write_atomically
    from pnp.errors import OutputError

    root = data_dir(ctx.obj["data_dir"])
    games = [game] if game else game_ids(root)
    for name in games:
        registered_game(name, root)
    problem = unwritable(out_dir)
    if problem:
        raise OutputError(problem[1], file=problem[0], key="--out")
    payloads = []
    for name in games:
        payloads += _game_schemas(root, name, out_dir)
    if not game:
        payloads += _common_schemas(root, out_dir)
    write_atomically(out_dir, [(path, (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
                               for path, value in payloads])
    for path, _ in payloads:
        click.echo(f"wrote {path}")


def _game_schemas(root: Path, game: str, out_dir: Path) -> list[tuple[Path, dict]]:
    """(path, schema) of each data file of ``game`` and of its language files."""
    from pnp.engine.check import load_settings
    from pnp.kit.rulebook import rules_context
    from pnp.model.catalog import read_yaml, schema_recorder
    from pnp.model.schema import file_schema, language_schema, yaml_notes

    entry = registered_game(game, root)
    with schema_recorder() as records:
        model = entry.load(root)
        if (model.folder / "checks.yaml").is_file():
            load_settings(model)
        languages = entry.languages(root)
        if languages:   # the rules read the kit's sizes (components.yaml) for their numbers
            rules_context(model, model.players_default, languages[0])
    folder = entry.folder(root)
    payloads = []
    for path in sorted(folder.glob("*.yaml")):
        recorded = records.get(str(path), {})
        text = file_schema(recorded, read_yaml(path).value, f"{game}/{path.name}", yaml_notes(path))
        payloads.append((out_dir / game / f"{path.stem}.schema.json", text))
    reference = "en" if (folder / "lang" / "en.yaml").is_file() else next(iter(languages), None)
    if reference:
        path = folder / "lang" / f"{reference}.yaml"
        text = language_schema(read_yaml(path).value, f"{game}/lang/<lang>.yaml", yaml_notes(path))
        payloads.append((out_dir / game / "lang.schema.json", text))
    return payloads


def _common_schemas(root: Path, out_dir: Path) -> list[tuple[Path, dict]]:
    """(path, schema) of ``common/lang/<lang>.yaml`` (from the English) and of the glossaries
    (``common/glossary.<lang>.yaml``, from the shipped one)."""
    from pnp.model.catalog import read_yaml
    from pnp.model.schema import file_schema, language_schema, yaml_notes

    payloads = []
    english = root / "common" / "lang" / "en.yaml"
    if english.is_file():
        payloads.append((out_dir / "common" / "lang.schema.json",
                         language_schema(read_yaml(english).value, "common/lang/<lang>.yaml", yaml_notes(english))))
    for path in sorted((root / "common").glob("glossary.*.yaml"))[:1]:
        payloads.append((out_dir / "common" / "glossary.schema.json",
                         file_schema({}, read_yaml(path).value, "common/glossary.<lang>.yaml", yaml_notes(path))))
    return payloads


def _register_engine_commands() -> None:
    from pnp.cli_check import balance, check
    from pnp.cli_i18n import i18n

    cli.add_command(check)
    cli.add_command(balance)
    cli.add_command(i18n)


_register_engine_commands()


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every user error into one line on stderr.

    Standard output is guarded (``pnp.streams``): when it breaks, fills up or is closed,
    the command still runs to its end and writes its files; then a broken pipe gives
    status 141 and no message, a full or closed output one line and status 2 (a command
    that failed keeps its own line and status)."""
    from pnp.streams import EXIT_BROKEN_PIPE, GuardedOutput

    saved = sys.stdout
    guard = GuardedOutput(saved)
    sys.stdout = guard
    try:
        status = _run(argv)
        guard.flush()
    finally:
        sys.stdout = saved
    if status == 0 and guard.failure is not None:
        if guard.broken_pipe:
            return EXIT_BROKEN_PIPE
        _error_line(guard.problem())
        return 2
    return status


def _error_line(line: str) -> None:
    """``line`` on standard error; a standard error that cannot take it is left alone (the
    exit status still tells)."""
    try:
        click.echo(line, err=True)
    except OSError:
        pass


#: Status of a command whose worker process died (killed, out of memory): as a user error's.
EXIT_WORKER_LOST = 2


def _run(argv: list[str] | None) -> int:
    from concurrent.futures.process import BrokenProcessPool

    try:
        result = cli.main(args=argv, prog_name="pnp", standalone_mode=False)
    except PnpError as exc:
        _error_line(f"error: {exc}")
        return exc.exit_code
    except BrokenProcessPool:
        # A worker process was killed (SIGKILL, the out-of-memory killer) while it worked:
        # the pools stop every other worker, and no output file was renamed into place.
        _error_line("error: a worker process ended abruptly (killed, or out of memory); nothing was written")
        return EXIT_WORKER_LOST
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx else str(exc))
        return 2
    except click.UsageError as exc:
        _error_line(f"error: {exc.format_message()}")
        return exc.exit_code
    except (click.exceptions.Abort, KeyboardInterrupt):
        _error_line("error: interrupted; nothing was written")
        return 130
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except OSError as exc:
        # the machine refused something no check foresaw (no file descriptor left, a path
        # the system cannot take): one line naming it, as for a user's error
        _error_line(f"error: {_os_error_line(exc)}")
        return 2
    return result if isinstance(result, int) else 0


def _os_error_line(exc: OSError) -> str:
    """One line for an ``OSError`` that reached the top: the path it names and the
    system's reason, with what to do where that is known."""
    import errno

    from pnp.errors import too_many_files_hint

    reason = exc.strerror or str(exc) or type(exc).__name__
    if exc.errno in (errno.EMFILE, errno.ENFILE):
        reason = f"{reason}; {too_many_files_hint()}"
    name = exc.filename if isinstance(exc.filename, str) else None
    if name is not None and len(name) > 120:
        name = name[:57] + "..." + name[-60:]
    return f"{name}: {reason}" if name else reason


def run() -> None:
    """``python -m pnp.cli``: as the ``pnp`` console script (``pnp.console``)."""
    from pnp.interrupt import install

    install()
    sys.exit(main())


if __name__ == "__main__":
    run()
