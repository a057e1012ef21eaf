"""The games pnp knows: found through the ``pnp.games`` entry points, never named here.

A game package (``pnp/games/<game>/`` or a Python package of its own) declares one entry
point in the group ``pnp.games`` whose name is the game id and whose object is a ``Game``:

    [project.entry-points."pnp.games"]
    mygame = "mypackage.mygame:GAME"

``Game`` names the game's parts by import path and imports them only when asked, so a
worker process that plays games never imports the drawing code, and ``pnp games`` imports
no engine.  Three parts are classes the game subclasses once each, from the layer that
uses them: ``pnp.engine.adapter.GameEngine`` (the checks), ``pnp.kit.recipe.KitRecipe``
(the kit) and ``pnp.kit.recipe.RulesSheet`` (the rules sheet); each base class holds the
defaults of the optional parts, so nothing asks a game what it has.  The shared layers (data, engine core, drawing, printing, kit, CLI) reach a
game only through this module.

Data: a game's folder is ``<data root>/<id>/`` (the project's ``data/``, ``--data-dir`` or
``$PNP_DATA_DIR``), or else ``<Game.data>/<id>/`` for a game that ships its own data.
Strings shared by every kit (``common/lang/``) and icons always come from the data root.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from .errors import UsageError

GROUP = "pnp.games"

Part = TypeVar("Part")


def _there(path: Path) -> bool:
    """Whether anything is at ``path`` (a file, or a FIFO, folder or link the loader then
    refuses as "not a regular file"): something that is not a regular file must not be
    reported as missing."""
    import os

    return os.path.lexists(path)

@dataclass(frozen=True)
class Game:
    """What one game offers pnp.  Every part is an import path, loaded on first use.

    Attributes:
        id: the game id (``mygame``); must equal the entry point's name.
        model: module with ``load(folder: Path, root: Path) -> model`` (a frozen model with
            ``id``, ``folder``, ``players_min/max/default``, ``setups``, ``variants()``,
            ``variant(players, setup)``); raises ``DataError`` on bad data.
        engine: ``"module:Class"``, a ``pnp.engine.adapter.GameEngine`` subclass (the checks).
        kit: ``"module:Class"``, a ``pnp.kit.recipe.KitRecipe`` subclass (the kit's components).
        rules: ``"module:Class"``, a ``pnp.kit.recipe.RulesSheet`` subclass (the rules
            sheet's template context and drawings).
        data: a folder holding ``<id>/`` for a game that ships its own data; None: the
            game's data lives only in the data root.
    """

    id: str
    model: str
    engine: str
    kit: str
    rules: str
    data: Path | None = None

    def _path(self, part: str) -> str:
        paths = {"model": self.model, "engine": self.engine, "kit": self.kit, "rules": self.rules}
        if part not in paths:
            raise ValueError(f"no game part {part!r}; parts: {', '.join(paths)}")
        return paths[part]

    def module(self, part: str) -> ModuleType:
        """The imported module of ``part`` (``"model"``, ``"engine"``, ``"kit"``, ``"rules"``;
        for a ``"module:Class"`` path, the module).

        Raises:
            UsageError: the module cannot be imported (names the game and the module).
        """
        name = self._path(part).partition(":")[0]
        try:
            return importlib.import_module(name)
        except ImportError as exc:
            raise UsageError(f"game '{self.id}': cannot import its {part} module {name} ({exc})", key="GAME") from None

    def make(self, part: str, base: type[Part]) -> Part:
        """An instance of the class that ``part`` names (``"engine"``, ``"kit"``, ``"rules"``:
        ``"module:Class"``), which must subclass ``base``.

        Raises:
            UsageError: the path names no class of its module, or a class that is not a
                ``base`` (names the game, the part and the path).
        """
        path = self._path(part)
        self.module(part)
        try:
            made = pkgutil.resolve_name(path) if ":" in path else None
        except AttributeError:
            made = None
        if not (isinstance(made, type) and issubclass(made, base)):
            raise UsageError(f"game '{self.id}': its {part} {path} must name a subclass of "
                             f"{base.__module__}.{base.__qualname__} as 'module:Class'", key="GAME")
        return made()

    def folder(self, root: Path) -> Path | None:
        """The game's data folder: ``root/<id>`` if it holds a ``game.yaml``, else the
        game's own ``data/<id>``, else None (no data)."""
        for base in (root, self.data):
            if base is not None and _there(Path(base) / self.id / "game.yaml"):
                return Path(base) / self.id
        return None

    def languages(self, root: Path) -> list[str]:
        """Languages the game's kit exists in: both component text (``lang/<lang>.yaml``)
        and a rules template (``rules/<lang>.md.j2``) in its folder, and the shared strings
        (``root/common/lang/<lang>.yaml``)."""
        folder = self.folder(root)
        if folder is None:
            return []
        return [f.stem for f in sorted((folder / "lang").glob("*.yaml"))
                if _there(folder / "rules" / f"{f.stem}.md.j2")
                and _there(root / "common" / "lang" / f"{f.stem}.yaml")]

    def load(self, root: Path) -> Any:
        """The game's model loaded from its data folder (see ``folder``).

        Raises:
            UsageError: the game has no data under ``root`` or its own data folder.
            DataError: the data is malformed (file, key and reason), or its ``id`` names
                another game.
        """
        folder = self.folder(root)
        if folder is None:
            raise UsageError(f"game '{self.id}' has no data folder {root / self.id} (expected game.yaml there)", key="GAME")
        model = self.module("model").load(folder, root)
        if model.id != self.id:   # the model's id picks its engine and rules
            from pnp.errors import DataError

            raise DataError(f"expected '{self.id}' (the game whose folder this is), got {model.id!r}",
                            file=folder / "game.yaml", key="id")
        return model


@lru_cache(maxsize=1)
def games() -> dict[str, Game]:
    """Every installed game, by id, in id order.

    Raises:
        UsageError: an entry point cannot be loaded, is not a ``Game``, or its name differs
            from the game's id.
    """
    found: dict[str, Game] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        try:
            game = point.load()
        except Exception as exc:   # a broken plug-in must not hide behind a traceback
            raise UsageError(f"entry point {point.name} = {point.value} ({GROUP}) cannot be loaded: {exc}", key=GROUP) from None
        if not isinstance(game, Game):
            raise UsageError(f"entry point {point.name} = {point.value} ({GROUP}) is a {type(game).__name__}, "
                             "expected pnp.registry.Game", key=GROUP)
        if game.id != point.name:
            raise UsageError(f"entry point {point.name} ({GROUP}) names a game with id '{game.id}'", key=GROUP)
        found.setdefault(game.id, game)
    return found


def game(game_id: str, root: Path | None = None) -> Game:
    """The installed game ``game_id``.

    Raises:
        UsageError: no such game (lists the installed ones, and those with data under ``root``).
    """
    known = games()
    if game_id not in known:
        with_data = f"; with data in {root}: {', '.join(game_ids(root)) or 'none'}" if root is not None else ""
        raise UsageError(f"unknown game '{game_id}'; installed games: {', '.join(known) or 'none'}{with_data}", key="GAME")
    return known[game_id]


def game_ids(root: Path) -> list[str]:
    """Ids of the installed games that have data (under ``root`` or their own data folder)."""
    return [game_id for game_id, entry in games().items() if entry.folder(root) is not None]
