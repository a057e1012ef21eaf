"""``pnp i18n``: translation upkeep.  ``status`` lists what a translator must look at,
``confirm`` records that a translation matches the current English, ``export`` / ``import``
move a language through a gettext ``.po`` catalog (Poedit, Weblate)."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli_types import OutputPath

from pnp.model.catalog import lang_option

from pnp.model.catalog import data_dir


@click.group()
def i18n() -> None:
    """Translations: status, confirm, export and import (.po)."""


@i18n.command()
@click.option("--lang", "langs", callback=lang_option, multiple=True, help="Language to report (repeatable). [default: every translated one]")
@click.pass_context
def status(ctx: click.Context, langs: tuple[str, ...]) -> None:
    """List keys whose English changed since they were translated (stale), keys missing or
    extra in a translation, placeholders that differ, and English keys nothing uses.
    Exits 1 when a translation needs work."""
    from pnp.model import translation

    root = data_dir(ctx.obj["data_dir"])
    chosen = list(langs) or translation.languages(root)
    problems = 0
    for lang in chosen:
        stale = translation.stale(root, lang)
        mismatched = translation.parity(root, [lang])
        for finding in stale:
            click.echo(f"{lang} stale   {finding.qualified}: {finding.message}")
        for finding in mismatched:
            click.echo(f"{lang} parity  {finding.qualified}: {finding.message}")
        problems += len(stale) + len(mismatched)
        if not stale and not mismatched:
            click.echo(f"{lang}: every key translated from the current English")
    for finding in translation.unused_keys(root):
        click.echo(f"unused  {finding.qualified}: {finding.message}")
    if problems:
        click.echo(f"{problems} key(s) need a translator; after checking one, run "
                   f"`pnp i18n confirm --lang LANG DOMAIN:KEY`")
        ctx.exit(1)


@i18n.command()
@click.option("--lang", callback=lang_option, required=True, help="Language whose translations you checked.")
@click.option("--all", "everything", is_flag=True, default=False, help="Confirm every key of the language.")
@click.argument("keys", nargs=-1)
@click.pass_context
def confirm(ctx: click.Context, lang: str, everything: bool, keys: tuple[str, ...]) -> None:
    """Record that the translations of KEYS (DOMAIN:KEY as `status` prints them, e.g.
    common:contents, or <game>:@rules for a game's rules template, <game>:@aid for its player
    aid) match the current English."""
    from pnp.errors import UsageError
    from pnp.model import translation
    from pnp.model.po import refuse_installed_data

    if everything == bool(keys):
        raise UsageError("give DOMAIN:KEY arguments or --all (not both)", key="KEYS")
    refuse_installed_data(data_dir(ctx.obj["data_dir"]), f"i18n confirm --lang {lang} " + (" ".join(keys) or "--all"))
    done = translation.confirm(data_dir(ctx.obj["data_dir"]), lang, None if everything else list(keys))
    click.echo(f"confirmed {len(done)} {lang} key(s)")


@i18n.command(name="export")
@click.option("--lang", callback=lang_option, default=None, help="Language of the catalog (may be new, e.g. de).")
@click.option("--template", is_flag=True, default=False,
              help="Write the .pot template (every translation empty, no language) instead of a language's catalog.")
@click.option("--out", "out_file", type=OutputPath(dir_okay=False, path_type=Path), default=None,
              help="Catalog file. [default: output/pnp-<lang>.po, or output/pnp.pot with --template]")
@click.pass_context
def export_cmd(ctx: click.Context, lang: str | None, template: bool, out_file: Path | None) -> None:
    """Write a gettext .po catalog of every string (English source, context DOMAIN:KEY), or
    with --template the .pot file translation platforms (Weblate, Poedit) start a language from."""
    from pnp.errors import OutputError, UsageError
    from pnp.files import unwritable_file, write_atomically
    from pnp.model.po import export_po

    if template == bool(lang):
        raise UsageError("give --lang LANG for a language's catalog, or --template for the .pot (not both)",
                         key="--lang")
    out_file = out_file or Path("output") / ("pnp.pot" if template else f"pnp-{lang}.po")
    problem = unwritable_file(out_file)   # before reading every string
    if problem:
        raise OutputError(problem[1], file=problem[0], key="--out")
    data = export_po(data_dir(ctx.obj["data_dir"]), None if template else lang)
    write_atomically(out_file.parent, [(out_file, data)], key="--out")
    click.echo(f"wrote {out_file}")


@i18n.command(name="import")
@click.argument("po_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--lang", callback=lang_option, default=None, help="Language to write. [default: the catalog's Language header]")
@click.pass_context
def import_cmd(ctx: click.Context, po_file: Path, lang: str | None) -> None:
    """Write the translations of PO_FILE into data/<domain>/lang/<lang>.yaml (of --data-dir:
    an installed pnp's own data is refused, since an upgrade would drop them)."""
    from pnp.model.po import import_po

    written = import_po(data_dir(ctx.obj["data_dir"]), po_file, lang)
    for path in written:
        click.echo(f"wrote {path}")
    if not written:
        click.echo("nothing changed")
