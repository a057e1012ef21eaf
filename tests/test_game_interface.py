"""The typed game interface: ``GameEngine`` (pnp.engine.adapter), ``KitRecipe`` and
``RulesSheet`` (pnp.kit.recipe).  A game subclasses each once and defines only the required
parts; the base classes hold the optional parts' defaults, and the registry makes the
classes its entry names (``Game.make``), refusing in one line a path that names anything else.
"""

from __future__ import annotations

import ast
import random
import re
import sys
from pathlib import Path

import pytest

from pnp.engine.adapter import GameEngine
from pnp.errors import UsageError
from pnp.kit.recipe import KitRecipe, RulesSheet
from pnp.registry import Game, games

REPO = Path(__file__).resolve().parents[1]
PLUGIN = REPO / "tests" / "fixtures" / "plugin_game"


@pytest.fixture
def tiny(monkeypatch):
    """The fixture game's three classes (tests/fixtures/plugin_game/tinygame), imported."""
    monkeypatch.syspath_prepend(str(PLUGIN))
    from tinygame.engine import KEEP, TinyEngine
    from tinygame.kit import TinyKit
    from tinygame.rules import TinyRules

    return TinyEngine(), TinyKit(), TinyRules(), KEEP


class _FakeState:
    deck = [5]


def test_the_defaults_of_the_optional_parts(tiny):
    engine, kit, rules, keep = tiny
    assert engine.tracking(None, None, None) == ()
    assert engine.sizing(None, {}, None) is None
    assert engine.is_pass(keep) is False
    # the exploring policy defaults to the heuristic's choice (a 5 is kept)
    assert engine.explore_choose(_FakeState(), [keep, ("discard",)], random.Random(1)) == keep
    assert engine.check_sections(None, None) is None
    assert engine.MECHANISMS == ()
    assert (engine.mechanisms, engine.compensations, engine.progress, engine.determinise) == (None,) * 4
    assert kit.removal_notes(None, None, None) is None
    assert (kit.has_backs(None, None), kit.deck_trims_mm(None, None)) == (None, None)
    assert tuple(kit.supplies_lines(None, None)) == ()
    assert kit.set_up_takes(None, None) == {}
    assert kit.board_single_sheet is None
    assert rules.figures(None, None, "en", 100.0) == {} and rules.contents_picture(None, "en", 100.0) is None
    assert rules.figure_names() == ()


def test_figure_names_default_follows_figures():
    """A sheet that keeps the base ``figures`` names no drawing (every ``figure(name)`` is
    refused); one that draws but does not name its drawings leaves the names to the drawing
    (None); each installed game names exactly what its ``figures`` draws (test_untrusted_input_results)."""
    class Draws(RulesSheet):
        def figures(self, game, variant, lang, width):
            return {"board": object()}

    class Names(Draws):
        def figure_names(self):
            return ("board",)

    assert RulesSheet().figure_names() == ()
    assert Draws().figure_names() is None
    assert Names().figure_names() == ("board",)
    for game_id, entry in games().items():
        names = entry.make("rules", RulesSheet).figure_names()
        assert names and all(isinstance(n, str) for n in names), game_id


def test_a_required_part_left_undefined_names_the_class():
    class Half(GameEngine):
        pass

    with pytest.raises(NotImplementedError, match=r"Half\.static_check"):
        Half().static_check(None, None, None)
    with pytest.raises(NotImplementedError, match=r"KitRecipe\.components"):
        KitRecipe().components(None, None, None, None, str)
    with pytest.raises(NotImplementedError, match=r"RulesSheet\.rules_context"):
        RulesSheet().rules_context(None, None, "en")


def test_every_installed_game_subclasses_each_base_once():
    for game_id, entry in games().items():
        for part, base in (("engine", GameEngine), ("kit", KitRecipe), ("rules", RulesSheet)):
            made = entry.make(part, base)
            assert isinstance(made, base) and type(made) is not base, (game_id, part)
            assert getattr(entry, part).endswith(":" + type(made).__name__), (game_id, part)


@pytest.mark.parametrize("path, why", [
    ("pnp.engine.adapter", "a module, not module:Class"),
    ("pnp.engine.adapter:Policy", "not a class"),
    ("pnp.kit.recipe:KitRecipe", "a class of another base"),
    ("pnp.engine.adapter:NoSuchClass", "no such name"),
])
def test_a_part_that_names_no_subclass_is_one_line(path, why):
    game = Game(id="broken", model="pnp.model", engine=path, kit="x:Y", rules="x:Y")
    with pytest.raises(UsageError) as err:
        game.make("engine", GameEngine)
    message = str(err.value)
    assert "\n" not in message, why
    assert message == (f"GAME: game 'broken': its engine {path} must name a subclass of "
                              "pnp.engine.adapter.GameEngine as 'module:Class'"), why


def test_no_shared_layer_asks_a_game_what_it_has():
    """Outside pnp/games/, no getattr/hasattr/vars reads a game's module or part: a game's
    parts are reached through the three base classes only.  A game module is imported
    (``Game.module``) only to load it, by the CLI, or to find its package folder."""
    allowed_module_calls = {"pnp/cli.py", "pnp/model/translation.py", "pnp/model/po.py", "pnp/registry.py"}
    offenders = []
    for path in sorted((REPO / "pnp").rglob("*.py")):
        rel = path.relative_to(REPO).as_posix()
        if rel.startswith("pnp/games/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "module" and rel not in allowed_module_calls:
                offenders.append(f"{rel}:{node.lineno}: .module(...)")
            if isinstance(func, ast.Name) and func.id in ("getattr", "hasattr", "vars") and node.args:
                text = ast.unparse(node.args[0])
                if re.search(r"\b(module|registered|recipe|engine|entry)\b", text):
                    offenders.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    assert offenders == []
