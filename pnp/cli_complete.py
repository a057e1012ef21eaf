"""Shell completion of the values the commands take: game ids, variants and languages.

Click asks these functions while the user presses Tab (``_PNP_COMPLETE=bash_source pnp``;
the README's "Shell completion" says how to turn it on). They read the data folder the
command line names (``--data-dir``, else ``$PNP_DATA_DIR``, else the bundled data) and never
raise: a completion that fails offers nothing rather than a traceback in the user's shell.
"""

from __future__ import annotations

import click
from click.shell_completion import CompletionItem

from pnp.errors import PnpError


def _root(ctx: click.Context):
    from pnp.model.catalog import data_dir

    return data_dir(ctx.find_root().params.get("data_dir"))


def _game_id(ctx: click.Context) -> str | None:
    """The game typed on the command line. While an option's value is completed, Click's
    resilient parse of the words before it stops at that option and leaves the positional
    GAME unset; then the game is the first typed word that names one (Click's bash, zsh and
    fish scripts all pass the words in ``COMP_WORDS``)."""
    import os
    import shlex

    from pnp.registry import game_ids

    typed = ctx.params.get("game") or ctx.params.get("game_id")
    if typed:
        return typed
    try:
        words = shlex.split(os.environ.get("COMP_WORDS", ""))
    except ValueError:
        words = os.environ.get("COMP_WORDS", "").split()
    known = set(game_ids(_root(ctx)))
    return next((w for w in words[1:] if w in known), None)


def games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Game ids with data in the data folder that start with ``incomplete``."""
    from pnp.registry import game_ids

    try:
        return [CompletionItem(g) for g in game_ids(_root(ctx)) if g.startswith(incomplete)]
    except (PnpError, OSError):
        return []


def variants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The variants (set-ups) of the game already typed on the command line."""
    from pnp.model import load_game

    try:
        game_id = _game_id(ctx)
        if not game_id:
            return []
        return [CompletionItem(s) for s in load_game(game_id, _root(ctx)).setups if s.startswith(incomplete)]
    except (PnpError, OSError):
        return []


def languages(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Languages with data files: the typed game's, or (no game yet) those of every game."""
    from pnp.registry import game as registered_game, game_ids

    try:
        root = _root(ctx)
        ids = [_game_id(ctx)] if _game_id(ctx) else game_ids(root)
        langs = sorted({lang for g in ids for lang in registered_game(g).languages(root)})
    except (PnpError, OSError):
        return []
    return [CompletionItem(lang) for lang in langs if lang.startswith(incomplete)]
