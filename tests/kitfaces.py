"""Every distinct face a default kit prints, per game, language and ink (imported as ``kitfaces``).

Faces come from the game's kit recipe (the same call ``pnp build`` makes), read off the
sheets it imposes (card fronts and backs, the whole board) and the one-sided pieces it hands
to the packer (tokens, money, tables, cut-outs, player aids).  Built once per (game, language, ink) for the session.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.geometry import PAPERS
from pnp.kit.recipe import KitRecipe
from pnp.kit.build import kit_runs
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.registry import game as registered_game, games

GAMES = tuple(sorted(games()))
LANGS = ("en", "da")


@lru_cache(maxsize=None)
def kit_faces(game_id: str, lang: str, ink: str = "normal", players: int | None = None) -> tuple:
    """Distinct faces of ``game_id``'s kit for ``players`` (default: the game's default), in print
    order, as (``pnp.components.svg.Face``, is a card back) pairs."""
    entry = registered_game(game_id)
    game = entry.load(DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, game_id, lang)
    settings = PrintSettings(PAPERS["a4"], ink=ink)
    # kit_runs: the recipe's runs and the player aids, as pnp build packs them
    runs = kit_runs(entry.make("kit", KitRecipe), game, strings, game.variant(players), lang, settings,
                    lambda label: (lambda *a: label))
    seen, faces = set(), []
    for run in runs:
        pairs = [pair for sheet in run.sheets for pair in sheet.faces]
        pairs += [(face, None) for group in run.pieces for face in group.faces]
        for front, back in pairs:
            for face, is_back in ((front, False), (back, True)):
                if face is not None and id(face) not in seen:
                    seen.add(id(face))
                    faces.append((face, is_back))
    assert faces, f"{game_id}: the recipe printed no face"
    return tuple(faces)
