"""Every markdown construct a rules or aid template may hold is printed or refused in one
line: a numbered list under the title (H1) reaches the rules sheet and the player aid; a
code block, which has no printed form, is refused naming the template and its rendered line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.errors import DataError
from pnp.model import load_game


def _under_title(path: Path, lines: str) -> None:
    """Put ``lines`` right below the template's first H1 line."""
    text = path.read_text(encoding="utf-8")
    start = text.index("\n# ") + 1
    end = text.index("\n", start) + 1
    path.write_text(text[:end] + "\n" + lines + "\n" + text[end:], encoding="utf-8")


def _texts(flowables) -> str:
    """The plain text of reportlab flowables, lists and tables included."""
    out = []
    for f in flowables:
        if hasattr(f, "getPlainText"):
            out.append(f.getPlainText())
        for inner in getattr(f, "_flowables", None) or getattr(f, "_content", None) or []:
            out.append(_texts([inner]))
    return "\n".join(out)


LIST = "1. Zebra first step\n2. Quokka second step\n"


def test_a_numbered_list_under_the_title_is_printed_on_the_player_aid(data_copy):
    from pnp.kit.rulebook import aid_flowables

    _under_title(data_copy / "samarkand" / "rules" / "aid" / "en.md.j2", LIST)
    game = load_game("samarkand", data_copy)
    flowables = aid_flowables(game, game.variant(5, None), "en")(8.0, 200.0)
    text = _texts(flowables)
    assert "Zebra first step" in text and "Quokka second step" in text
    # the title stays first, in the aid's title style, and the list comes right after it
    assert flowables[0].style.name == "aid_title" or "your turn" in flowables[0].getPlainText()
    assert "Zebra" in _texts(flowables[1:2])


def test_a_numbered_list_under_the_title_is_printed_on_the_rules_sheet(data_copy):
    from pnp.kit.rulebook import rules_pages_source

    _under_title(data_copy / "caravan" / "rules" / "en.md.j2", LIST)
    game = load_game("caravan", data_copy)
    source, geo = rules_pages_source(game, game.variant(4, None), "en", "a4")
    title, _ = source.body(8.8)
    assert "Zebra first step" in _texts(title) and "Quokka second step" in _texts(title)


@pytest.mark.parametrize("block, what", [
    ("```\ncode\n```\n", "a fenced code block"),
    ("## Notes\n\n    indented code\n", "an indented code block"),
])
def test_a_code_block_is_refused_naming_the_template(data_copy, block, what):
    from pnp.kit.rulebook import rules_pages_source

    path = data_copy / "caravan" / "rules" / "en.md.j2"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n" + block, encoding="utf-8")
    game = load_game("caravan", data_copy)
    with pytest.raises(DataError) as caught:
        source, _ = rules_pages_source(game, game.variant(4, None), "en", "a4")
        source.body(8.8)
    message = str(caught.value)
    assert str(path) in message and what in message and "rendered line" in message
    assert "\n" not in message
