"""One term per thing: the player boards, aids and board labels name each phase and action
as the rules' headings do, in both languages."""

from __future__ import annotations

import re

import pytest

from pnp.kit.rulebook import lang_strings, render_rules_markdown
from pnp.model import load_game
from pnp.model.catalog import data_dir

LANGS = ["en", "da"]


def _game(game_id):
    return load_game(game_id, data_dir())


def _rules(game_id, lang, path=None):
    game = _game(game_id)
    return render_rules_markdown(game, game.variant(game.players_default), lang, path)


def _strings(game_id, lang):
    game = _game(game_id)
    return lang_strings(game.folder, game.folder.parent, lang)["game"]


def _bare(text: str) -> str:
    """A label without its parenthesised additions, lower case: "Hent en vare (og …)" -> "hent en vare"."""
    return re.sub(r"\s+", " ", re.sub(r"\([^)]*\)", " ", text)).strip().lower()


def label_problems(labels: dict[str, str], headings: list[str]) -> list[str]:
    """Labels whose words (parentheses left out) do not start with one of the headings'."""
    bare = [_bare(h) for h in headings]
    return [f"{key}: {label!r} names none of the headings {headings}"
            for key, label in labels.items() if not any(_bare(label).startswith(h) for h in bare if h)]


def test_label_check_fails_on_labels_that_name_no_rules_heading():
    headings = ["Hent en vare", "Flyt (og lever) en vare", "Opfyldning af varer"]
    assert label_problems({"a": "Tag en vare op med dens efterspørgselsmarkører"}, headings)
    assert label_problems({"b": "Giv en vare videre til din nabokamel"}, headings)
    assert label_problems({"c": "Genopfyldning"}, headings)
    assert not label_problems({"d": "Flyt en vare i karavanen (og lever den)"}, headings)


@pytest.mark.parametrize("lang", LANGS)
def test_caravan_player_board_labels_use_the_rules_headings(lang):
    s = _strings("caravan", lang)
    headings = re.findall(r"^### (.+)$", _rules("caravan", lang), re.M)
    labels = {k: s[k] for k in ("action_camel", "action_pick_up", "action_move_good", "action_steal",
                                "refill_title")}
    problems = label_problems(labels, headings)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang,term", [("en", "starting player"), ("da", "startspilleren")])
def test_caravan_names_the_starting_player_one_way(lang, term):
    rules = _rules("caravan", lang)
    assert term in rules
    assert term in _strings("caravan", lang)["actions_note"]
    assert "første spiller" not in _strings("caravan", lang)["actions_note"]


@pytest.mark.parametrize("lang", LANGS)
def test_chessboard_aid_phases_are_the_rules_phase_headings(lang):
    game = _game("caravan-chessboard")
    rules = _rules("caravan-chessboard", lang)
    aid = _rules("caravan-chessboard", lang, game.folder / "rules" / "aid" / f"{lang}.md.j2")
    phases = re.findall(r"^### (\d)\. (.+)$", rules, re.M)
    aid_phases = re.findall(r"^(\d)\. \*\*([^*:]+):?\*\*", aid, re.M)
    assert len(phases) == 5 and [(n, name.strip()) for n, name in aid_phases] == phases
    # the turn's summary line lists the same names (Danish: lower case in running text, and
    # »og« before the last, review round 3)
    names = [name for _n, name in phases]
    listed = ", ".join(names) if lang == "en" else ", ".join(n.lower() for n in names[:-1]) + " og " + names[-1].lower()
    assert listed in rules


@pytest.mark.parametrize("lang", LANGS)
def test_chessboard_centre_label_names_the_pawns_as_the_rules_do(lang):
    centre = _strings("caravan-chessboard", lang)["diagrams"]["centre"]
    named = re.search(r"\((.+)\)", centre).group(1)
    assert named.lower() in _rules("caravan-chessboard", lang).lower()


@pytest.mark.parametrize("lang,word,steps", [("en", "three steps", r"^\*\*([a-z])\.\*\* "),
                                             ("da", "tre trin", r"^\*\*([a-z])\.\*\* ")])
def test_chessboard_draw_steps_match_the_clarification(lang, word, steps):
    """The clarification's "three steps" counts the Draw phase's lettered steps; the hand
    limit is an unnumbered line, and no numbered sub-list sits inside the numbered phases."""
    rules = _rules("caravan-chessboard", lang)
    draw = rules.split("### 1.")[1].split("### 2.")[0]
    assert re.findall(steps, draw, re.M) == ["a", "b", "c"]
    assert not re.search(r"^\d\. ", draw, re.M)
    assert word in rules


@pytest.mark.parametrize("lang,source", [("en", "in test games played through by computer"),
                                         ("da", "i computerens prøvespil")])
def test_caravan_win_rates_say_where_they_come_from(lang, source):
    """A kit built with --no-check says no games were played for it, so the rules' win rates
    must name their source in a player's words: test games played by computer (game.yaml
    seat_wins), not this kit, and no "simulated" or "engine" (tool talk)."""
    rules = _rules("caravan", lang)
    rated = [paragraph for paragraph in rules.split("\n\n") if re.search(r"\d %", paragraph)
             and re.search(r"won|vandt", paragraph)]
    assert rated
    for paragraph in rated:
        assert source.lower() in paragraph.lower(), paragraph
        assert not re.search(r"simul|engine|motor", paragraph), paragraph
    none = lang_strings(_game("caravan").folder, data_dir(), lang)["common"]["checked_none"]
    assert re.search(r"made without|lavet uden", none), none


# Review revda2 (a second native Danish editor): one name per thing, and no sentence that
# names one player count where the rule is for several.

@pytest.mark.parametrize("lang,space", [("en", "theft space"), ("da", "tyverifelt")])
def test_caravan_theft_space_has_one_name(lang, space):
    """The set-up, the theft rule and the theft figure name the player board's space for a
    theft marker with one word (the review found »det farvede felt«, »tyverifelt« and the
    board's heading for the same space)."""
    rules = _rules("caravan", lang)
    setup = next(line for line in rules.splitlines() if re.search(r"theft marker goes|Tyverimarkøren lægges", line))
    assert f"coloured {space}" in setup or f"farvede {space}" in setup, setup
    assert not re.search(r"(coloured|farvede) (space|felt)\b", rules)
    assert space in _strings("caravan", lang)["diagrams"]["theft_space"]


@pytest.mark.parametrize("lang,count_words", [("en", ("with 3 players", "with 4 players")),
                                              ("da", ("med 3 spillere", "med 4 spillere"))])
def test_caravan_balanced_variant_gives_every_player_counts_first_round(lang, count_words):
    """The balanced set-up is for 3 or 4 players: its first round is stated for both, with the
    model's actions (4 players: 1, 3, 4 and 5 instead of 1, 2, 3 and 4)."""
    rules = _rules("caravan", lang)
    para = next(p for p in rules.split("\n\n") if re.search(r"instead of|i stedet for", p) and "1, 3" in p)
    for words in count_words:
        assert words in para, para
    assert re.search(r"1, 3, 4 (and|og) 5 (actions |handlinger )?(instead of|i stedet for) 1, 2, 3 (and|og) 4", para), para


@pytest.mark.parametrize("lang", LANGS)
def test_samarkand_die_example_says_which_camp(lang):
    """Several camps have a 6-card field: the die example names the start's row and column
    (the review: »lejren med handelsfeltet til 6 kort« – there are three)."""
    rules = _rules("samarkand", lang)
    line = next(x for x in rules.splitlines() if re.search(r"Example: a die move|Eksempel: et terningslag", x))
    assert re.search(r"third space from the left in the top row|tredje felt fra venstre i øverste række", line), line


@pytest.mark.parametrize("lang,may", [("en", "you may play another"), ("da", "må du spille endnu et")])
def test_chessboard_aid_oasis_line_is_a_permission_with_its_card(lang, may):
    """The rules say a caravan landing on an oasis *may* play another move card; the aid says
    the same, not an imperative »rejs igen« that reads as an obligation."""
    aid = _rules("caravan-chessboard", lang, _game("caravan-chessboard").folder / "rules" / "aid" / f"{lang}.md.j2")
    line = next(x for x in aid.splitlines() if re.search(r"\*\*(Move|Rejse):\*\*", x))
    assert may in line, line
    assert not re.search(r"move again|rejs igen", line), line
    desert = next(x for x in aid.splitlines() if re.search(r"\*\*(Desert|Ørken)\*\*", x))
    assert re.search(r"before the move|før rejsen", desert), desert


def test_chessboard_coin_word_one_is_stressed():
    """»en« under the figure 1 reads as the article; the coin word is »én«."""
    assert _strings("caravan-chessboard", "da")["coin_words"]["1"] == "én"


@pytest.mark.parametrize("key", ["good_europe", "good_orient"])
def test_chessboard_card_text_breaks_after_its_comma(key):
    """The two-line text on every goods card breaks after the comma, not after »i« (the review
    found »sælges i / Orienten«): the clause after the comma is held together by no-break spaces."""
    text = _strings("caravan-chessboard", "da")["card_rules"][key]
    head, tail = text.split(", ")
    assert " " not in tail and "\u00a0i\u00a0" in tail, repr(text)
