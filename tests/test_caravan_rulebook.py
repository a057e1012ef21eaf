"""Caravan's rules sheets: paper sizes, fonts, language, every number from the model, errors."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from pnp.model.catalog import data_dir
from pnp.errors import DataError, UsageError, VariantError
from pnp.games.caravan.rules import CaravanRules

rules_context = CaravanRules().rules_context
from pnp.model import load_game
from pnp.model.variant import Variant
from pnp.kit.rulebook import PAPER_MM, render_rules_markdown

from helpers import edit, rules_sheet

MM = 72.0 / 25.4
OUR_FONTS = {"Lato-Regular", "Lato-Bold", "Lato-Italic", "Lato-Black", "Caladea-Bold"}


@pytest.fixture(scope="module")
def game():
    return load_game("caravan", data_dir())


_cache: dict = {}


def render(game, variant, lang, paper) -> tuple[int, bytes]:
    key = (variant, lang, paper)
    if key not in _cache:
        _cache[key] = rules_sheet(game, variant, lang, paper)
    return _cache[key]


def text_of(pdf: bytes) -> str:
    """Extracted text, hyphenated line breaks joined, spaces normalised."""
    raw = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).replace("\u00a0", " ")
    raw = re.sub(r"(\w)-\n(\w)", r"\1\2", raw)
    return re.sub(r"\s+", " ", raw)


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_fonts_and_length(game, lang, paper):
    pages, pdf = render(game, Variant(4), lang, paper)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == pages <= 3  # rules only: the player aids are pieces of their own
    for page in reader.pages:
        assert abs(float(page.mediabox.width) / MM - PAPER_MM[paper][0]) <= 0.1
        assert abs(float(page.mediabox.height) / MM - PAPER_MM[paper][1]) <= 0.1
        for f in page["/Resources"]["/Font"].values():
            base = str(f.get_object()["/BaseFont"])
            assert base.split("+", 1)[-1] in OUR_FONTS, base


def test_context_numbers_are_the_models(game):
    ctx = rules_context(game, Variant(2, "short"), "en")
    assert ctx["bag"] == sum(game.goods_counts(Variant(2, "short")).values()) == 32
    assert [g["count"] for g in ctx["goods"]] == [6, 6, 6, 6, 2, 2, 2, 2]
    assert ctx["opening"] + [ctx["actions"]] == list(game.rules.turn_actions)
    assert ctx["costs"] == dict(game.rules.costs)
    assert [p["points"] for p in ctx["penalties"]] == [game.rules.penalty(n) for n in range(len(ctx["penalties"]))]
    assert ctx["start_demand"] == [{"number": s.number, "markers": s.demand_at_start}
                                   for s in game.board.supply if s.demand_at_start]
    assert {s["id"]: s["total"] for s in ctx["setups"]} == {"standard": 48, "short": 32, "intro": 48, "balanced": 32}
    balanced = next(s for s in ctx["setups"] if s["id"] == "balanced")
    assert (balanced["bonus"], balanced["first_turn_seed"], balanced["first_turn"]) == ([0, 1, 1], [1, 2, 3], [1, 3, 4])
    # every player count the balanced set-up is for, not the first only (review revda2 row 8)
    assert balanced["first_rounds"] == [{"players": 3, "seed": [1, 2, 3], "with": [1, 3, 4]},
                                        {"players": 4, "seed": [1, 2, 3, 4], "with": [1, 3, 4, 5]}]
    assert all(r["first_rounds"] == [] for r in ctx["setups"] if r["id"] != "balanced")
    assert ctx["camels"] == game.camels_per_player(Variant(2, "short"))


def test_english_sheet_states_the_rules_with_model_numbers(game):
    text = text_of(render(game, Variant(4), "en", "a4")[1])
    r = game.rules
    for needle in (
        "the full game for 4 players – 48 goods in the bag, 5 camels for each player",
        f"{r.costs['camel']} action if the new space has no camel, and {r.costs['camel_occupied']} actions if it",
        f"turn 1 has {r.turn_actions[0]} action, turn 2 has {r.turn_actions[1]} actions",
        f"every later turn has {r.turn_actions[-1]} actions",
        f"As soon as only {r.refill_goods_left} goods are left on the board",
        "Put a demand marker on each of the spaces 1, 2, 7 and 8",
        "Each rare good delivered: 6 points", "Each common good delivered: 3 points",
        "the tied player who delivered more goods wins",
        "opaque bag, mug or bowl",
        "Clarifications", f"An action that costs {r.costs['camel_occupied']} needs {r.costs['camel_occupied']} actions left",
    ):
        assert needle in text, needle
    assert re.search(r"Penalty – −1 −3 −6 −10 −15", text)


def test_danish_sheet_is_danish(game):
    text = text_of(render(game, Variant(4), "da", "a4")[1])
    for needle in ("karavane", "vare", "kamel", "efterspørgselsmarkør", "tyverimarkør", "spillerbræt",
                   "Sæt eller flyt en kamel", "Stjæl en vare", "Opfyldning af varer", "hele spillet til 4 spillere",
                   "Præciseringer", f"kræver, at du har {game.rules.costs['camel_occupied']} handlinger tilbage"):
        assert needle in text, needle
    # Words of the machine translation that the rewrite must not keep, and English words.
    for wrong in ("campingvogn", "god ", "gode ", "mellemrum", "tøjpose", " the ", " and ", "camel", "good"):
        assert wrong not in text, wrong


def test_short_game_sheet_has_the_short_bag(game):
    text = text_of(render(game, Variant(2, "short"), "da", "letter")[1])
    assert "det korte spil til 2 spillere – 32 varer i posen" in text
    assert "6 af hver af kød, sværd, salt og huder; 2 af hver af elfenben, klæde, ædelsten og papir" in text


def test_numbers_follow_the_data(data_copy):
    edit(data_copy / "caravan" / "game.yaml", "goods_left: 4 ", "goods_left: 3 ")
    edit(data_copy / "caravan" / "game.yaml", "turn_actions: [1, 2, 3, 4]", "turn_actions: [1, 2, 5]")
    game = load_game("caravan", data_copy)
    text = render_rules_markdown(game, Variant(4), "en")
    assert "as soon as only 3 goods are left" in text
    assert "turn 1 has 1 action, turn 2 has 2 actions, and every later turn has 5 actions" in text


def test_errors_name_the_template_or_option(game, data_copy):
    with pytest.raises(VariantError, match="--players"):
        rules_context(game, Variant(5), "en")
    with pytest.raises(UsageError, match="--variant"):
        rules_context(game, Variant(4, "tiny"), "en")
    with pytest.raises(UsageError, match="--lang"):
        rules_context(game, Variant(4), "fr")
    edit(data_copy / "caravan" / "rules" / "en.md.j2", "{{ points.rare|plural(\"point\", \"points\") }}**", "{{ points.legendary|plural(\"point\", \"points\") }}**")
    with pytest.raises(DataError, match=r"en\.md\.j2.*legendary"):
        render_rules_markdown(load_game("caravan", data_copy), Variant(4), "en")


@pytest.mark.parametrize("lang, common, theft, synonyms", [
    ("da", "almindelig", "stjål", ()),
    ("en", "common", "stolen", ("ordinary",)),
])
def test_common_names_only_the_common_goods(game, lang, common, theft, synonyms):
    """The word for the common goods (3 points) is never reused for "no longer protected": no
    sentence about stolen goods uses it (a reader took a moved rare good for a common one)."""
    text = render_rules_markdown(game, Variant(4), lang)
    sentences = re.split(r"(?<=[.:;!?])\s+", re.sub(r"\s+", " ", text))
    about_theft = [s for s in sentences if theft in s.lower()]
    assert about_theft
    assert not [s for s in about_theft if common in s.lower()]
    for word in synonyms:   # a near-synonym of "common" would blur the same line
        assert word not in text, word
    assert {"da": "kan den stjæles igen", "en": "it can be stolen again"}[lang] in text


def test_danish_stalemate_is_a_full_round_without_actions(game):
    """ENGINE-DECISIONS C10 in natural Danish: a whole round in which nobody can take an
    action (a turn passed by choice does not count)."""
    text = text_of(render(game, Variant(4), "da", "a4")[1])
    assert "går der en hel runde, hvor ingen spiller kan udføre en handling overhovedet, slutter spillet med det samme" in text
    assert "En tur, som en spiller frivilligt springer over, tæller ikke" in text
    assert "efter tur deres tur" not in text
