"""Limits on untrusted data that the bad-input corpus (``tests/bad_input/cases_<kind>.yaml``) cannot show,
because they end in a correct result rather than one error line: the loop budget of the shipped templates, the render
deadline, a figure above the first heading drawn as a figure, ``pnp i18n import`` quoting
what a plain YAML scalar would misread, a good added by a data folder keeping its texts,
and ``-0`` read as 0."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import jinja2
import pytest

from pnp.model.catalog import DEFAULT_DATA_DIR, read_yaml
from pnp.registry import game as registered_game

GAMES = ("caravan", "samarkand", "caravan-chessboard")


def _environment(tmp_path: Path, source: str):
    from pnp.kit.sandbox import RulesEnvironment

    (tmp_path / "t.j2").write_text(source, encoding="utf-8")
    env = RulesEnvironment(tmp_path, undefined=jinja2.StrictUndefined)
    return env, env.get_template("t.j2")


# ------------------------------------------------------------------- loops and time
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["en", "da"])
def test_shipped_templates_take_a_few_hundred_loop_steps(game_id, lang):
    """Every {% for %} step counts against MAX_ITERATIONS: the shipped rules and aids take
    at most 145 (Samarkand), far under the 100,000 a rendering may take."""
    from pnp.kit import rulebook
    from pnp.kit.sandbox import MAX_ITERATIONS

    model = registered_game(game_id, DEFAULT_DATA_DIR).load(DEFAULT_DATA_DIR)
    used = {}
    for aid in (False, True):
        path = rulebook.aid_template_path(model, lang) if aid else rulebook.template_path(model, lang)
        if not path.is_file():
            continue
        rulebook.render_rules_markdown(model, model.players_default, lang, path if aid else None, glyphs=False)
        names = () if aid else rulebook.game_figure_names(model)
        env, _ = rulebook._template(path, lang, path.stat().st_mtime_ns, model.folder.parent, names)
        used[path.name + (" (aid)" if aid else "")] = MAX_ITERATIONS - env.budget.steps
    assert used and all(0 <= steps <= 500 for steps in used.values()), used
    assert max(used.values()) > 0, used   # the loops are counted at all


@pytest.mark.parametrize("source, steps", [
    ('{% for c in "abc" %}{{ c }}{% endfor %}', 3),
    ('{% for k, v in dict(a=1, b=2)|dictsort %}{{ k }}{% endfor %}', 2),
    ('{% for i in range(10) if i is even %}{{ i }}{% else %}none{% endfor %}', 10),
    ('{% for x in [[1, [2]], 3] recursive %}{% if x is iterable %}{{ loop(x) }}{% else %}{{ x }}{% endif %}{% endfor %}', 5),
    ('{% for i in range(3) %}{% for j in "ab" %}{{ i }}{{ j }}{% endfor %}{% endfor %}', 9),
])
def test_every_loop_step_is_counted_and_the_output_is_unchanged(tmp_path, source, steps):
    from pnp.kit.sandbox import MAX_ITERATIONS

    env, template = _environment(tmp_path, source)
    text = env.render_limited(template, {})
    assert text == jinja2.Environment().from_string(source).render()
    assert MAX_ITERATIONS - env.budget.steps == steps


def test_a_slow_loop_under_the_step_budget_stops_at_the_deadline(tmp_path, monkeypatch):
    """99,999 steps each sorting a 100,000-character text: within the step budget, so only
    the deadline (checked at every step) ends it."""
    import time

    from pnp.kit import sandbox

    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.3)
    env, template = _environment(tmp_path, '{% for i in range(99999) %}{{ ("x" * 100000)|sort|length }}{% endfor %}')
    started = time.monotonic()
    with pytest.raises(sandbox.TemplateLimit, match=r"rendering takes more than 0\.3 s"):
        env.render_limited(template, {})
    assert time.monotonic() - started < 3


# ------------------------------------------------------------------------- figures
@pytest.mark.parametrize("game_id", GAMES)
def test_figure_names_are_the_drawings_the_game_makes(game_id):
    from pnp.kit.rulebook import column_width, game_figure_names, game_figures

    model = registered_game(game_id, DEFAULT_DATA_DIR).load(DEFAULT_DATA_DIR)
    drawn = game_figures(model, model.variant(model.players_default), "en", column_width("a4"))
    assert set(game_figure_names(model)) == set(drawn)


def test_a_figure_above_the_first_heading_is_drawn_not_printed_as_text():
    import markdown_it
    from markdown_it.tree import SyntaxTreeNode
    from reportlab.platypus import Paragraph

    from pnp.kit.figure import ShrinkableFigure
    from pnp.kit.rulebook import _Builder, _figure_function, _styles, column_width
    from reportlab.graphics.shapes import Drawing

    marker = _figure_function(("board",))("board", "The board")
    tree = SyntaxTreeNode(markdown_it.MarkdownIt("commonmark").parse(f"# Title\n\nLead.\n{marker}\n## Next\n\nText.\n"))
    title, body = _Builder(_styles("en"), column_width("a4"), {"board": Drawing(100, 50)}).document(tree)
    figures = [f for f in title if isinstance(f, ShrinkableFigure)]
    assert len(figures) == 1
    texts = " ".join(f.text for f in title + body if isinstance(f, Paragraph))
    assert "[[figure" not in texts and "Lead." in texts


# ------------------------------------------------------------- import quoting
TRICKY = ["yes", "no", "No", "ON", "off", "y", "n", "true", "False", "null", "Null", "~", "010", "0o17", "0x1F",
          "1:30", "190:20:30", "12", "-3", "1.5", "1e3", ".inf", "-.Inf", ".nan", "2026-12-02", "1_000", "=",
          "<<", "- a", "a: b", "#tag", "@x", "%x", "'q'", '"q"', " lead", "trail ", "", "Ja", "Nej", "Kamel (2)"]


@pytest.mark.parametrize("text", TRICKY)
def test_an_imported_text_reads_back_as_itself(tmp_path, text):
    """What ``pnp i18n import`` writes (``po._set``) is read back by pnp's strict reader
    as the very text imported: no YAML 1.1 boolean, number or null written plain."""
    from pnp.model.po import _set
    from pnp.model.yaml_rt import dumps, load_rt

    path = tmp_path / "de.yaml"
    path.write_text("title: Caravan\ngoods:\n  meat: Meat\n", encoding="utf-8")
    document = load_rt(path)
    _set(document, "title", text, "Caravan")
    _set(document, "goods.meat", text, "Meat")
    path.write_text(dumps(document), encoding="utf-8")
    value = read_yaml(path).value
    assert value["title"] == text and value["goods"]["meat"] == text


def test_plain_words_stay_unquoted(tmp_path):
    from pnp.model.po import _needs_quotes

    assert [t for t in ("Karawane", "Kamel (2)", "Spil for to", "Æbler og pærer", "a, b") if _needs_quotes(t)] == []


# ------------------------------------------------------------------------- keys
def test_a_good_the_data_folder_adds_keeps_its_texts(tmp_path):
    """goods.grain in Caravan's English file is unknown (tests/bad_input), unless the
    data folder's game.yaml has a good grain: then its name and letters are read."""
    from pnp.model.i18n import check_known_keys
    from pnp.model.langfile import read_language

    root = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, root)
    game_file = root / "caravan" / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    old = '  - {id: paper,  kind: rare,   count: 3, colour: "#E7CBD6", colour_name: pink,   icon: scroll-unfurled}\n'
    assert text.count(old) == 1
    game_file.write_text(text.replace(old, old + '  - {id: grain, kind: rare, count: 3, colour: "#000000", '
                                                 'colour_name: pink, icon: scroll-unfurled}\n'), encoding="utf-8")
    lang = root / "caravan" / "lang" / "en.yaml"
    text = lang.read_text(encoding="utf-8")
    lang.write_text(text.replace("  paper: Paper\n", "  paper: Paper\n  grain: Grain\n")
                        .replace("  paper: Pa\n", "  paper: Pa\n  grain: Gr\n"), encoding="utf-8")
    check_known_keys(lang, read_language(lang), root, root / "caravan")   # no error


# ------------------------------------------------------------------------ numbers
@pytest.mark.parametrize("typed, value", [("-0", 0.0), ("-0.0", 0.0), ("3", 3.0), ("-1.5", -1.5)])
def test_a_number_option_reads_minus_zero_as_zero(typed, value):
    from pnp.cli_types import NUMBER
    from pnp.kit.build import _num

    got = NUMBER.convert(typed, None, None)
    assert got == value and math.copysign(1, got) == math.copysign(1, value or 1.0)
    assert _num(-0.0) == "0"


def test_an_aliased_file_under_the_value_bound_is_judged_in_seconds(tmp_path):
    """Five levels of aliases (111,110 values, under read_yaml's 200,000) of unknown keys:
    judged once per path shape, refused naming the first section and its line (judging
    every expanded key on its own would take minutes of CPU)."""
    import time

    from pnp.errors import DataError
    from pnp.model.i18n import check_known_keys
    from pnp.model.langfile import read_language

    root = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, root)
    lang = root / "caravan" / "lang" / "en.yaml"
    lines = lang.read_text(encoding="utf-8").count("\n")
    names = "abcde"
    bomb = "bomb_a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"bomb_{n}: &{n} [{', '.join(['*' + p] * 10)}]\n" for p, n in zip(names, names[1:]))
    with lang.open("a", encoding="utf-8") as fh:
        fh.write(bomb)
    started = time.process_time()
    with pytest.raises(DataError, match=rf"en\.yaml: bomb_a: unknown key \(line {lines + 1}\)"):
        check_known_keys(lang, read_language(lang), root, root / "caravan")
    assert time.process_time() - started < 10


# ------------------------------------------------------------- text read as typed
def _data_copy(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, root)
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_escaped_accent_is_read_nfc_normalised(tmp_path):
    """``"Sama\\u0301rkand"`` (a YAML escape, decoded after the file's text was normalised)
    reads as the precomposed U+00E1 in the language file, the kit's strings and the rules."""
    from pnp.kit import rulebook
    from pnp.model.i18n import Strings
    from pnp.model.langfile import read_language

    root = _data_copy(tmp_path)
    lang = root / "samarkand" / "lang" / "en.yaml"
    _edit(lang, "\ntitle: Samarkand\n", '\ntitle: "Sama\\u0301rkand"\n')
    assert read_language(lang)["title"] == "Sam\u00e1rkand"
    assert Strings(root, "samarkand", "en")("title") == "Sam\u00e1rkand"
    model = registered_game("samarkand", root).load(root)
    text = rulebook.render_rules_markdown(model, model.players_default, "en", glyphs=False)
    assert "Sam\u00e1rkand" in text and "\u0301" not in text


@pytest.mark.parametrize("lang, key, old, typed, meant", [
    ("en", "title", "\ntitle: Samarkand\n", '\ntitle: "Samarkand {{II}}"\n', "Samarkand {II}"),
    ("da", "designer", "\ndesigner: efter Sid Sackson\n", '\ndesigner: "efter {{Sid}}"\n', "efter {Sid}"),
])
def test_braces_mean_one_brace_in_the_rules_as_everywhere(tmp_path, lang, key, old, typed, meant):
    """``{{``/``}}`` in a string without fields is one brace in the kit's strings and in
    the rules sheet alike (the rules once printed the escapes as typed)."""
    from pnp.kit import rulebook
    from pnp.model.i18n import Strings

    root = _data_copy(tmp_path)
    _edit(root / "samarkand" / "lang" / f"{lang}.yaml", old, typed)
    assert Strings(root, "samarkand", lang)(key) == meant
    model = registered_game("samarkand", root).load(root)
    text = rulebook.render_rules_markdown(model, model.players_default, lang, glyphs=False)
    escaped = rulebook.escape_markdown(meant)
    assert escaped in text or meant in text, text[:300]
    assert "{{" not in text and "}}" not in text


def test_a_data_folder_may_drop_a_good_and_its_names(tmp_path):
    """Required language keys follow the data folder: a good it removes (from every file
    that names it) needs no name; a text the kit prints is still required."""
    from pnp.model.i18n import check_required_keys
    from pnp.model.langfile import read_language

    root = _data_copy(tmp_path)
    _edit(root / "caravan" / "game.yaml",
          '  - {id: paper,  kind: rare,   count: 3, colour: "#E7CBD6", colour_name: pink,   icon: scroll-unfurled}\n', "")
    _edit(root / "caravan" / "board.yaml", "  - {good: paper,  cell: [3, 0]}\n", "")
    _edit(root / "caravan" / "components.yaml", ", paper: scroll}", "}")
    lang = root / "caravan" / "lang" / "en.yaml"
    _edit(lang, "  paper: Paper\n", "")
    _edit(lang, "  paper: Pa\n", "")
    check_required_keys(lang, read_language(lang), root / "caravan")   # no error
    other = root / "samarkand" / "lang" / "en.yaml"
    _edit(other, "\ncurrency: Piaster\n", "\n")
    with pytest.raises(Exception, match="currency: missing text 'currency'"):
        check_required_keys(other, read_language(other), root / "samarkand")
