"""The rules sheet and the player aids say what the kit prints and what the rules say.

Kinds from a native Danish editor's reading (review revda): a 2-player Caravan kit whose
contents list named the 4-player box (24 camels, 4 player boards, 4 theft markers); a
player aid that said every caravan around the bandits is robbed, where the rules rob only
the other players'; a short game whose player count the variants table and the text gave
apart; an empty-deck rule that contradicted itself.  Each is checked for every game,
variant and language, against the kit's own component runs (what the sheets print and the
contents table and manifest count), not against fixed text.
"""

from __future__ import annotations

import re

import pytest

from pnp import registry
from pnp.geometry import PAPERS
from pnp.kit.recipe import KitRecipe
from pnp.kit.rulebook import aid_template_path, render_rules_markdown
from pnp.model import load_game
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.printing.imposition import PrintSettings
from pnp.registry import game_ids

LANGS = ("en", "da")
GAMES = game_ids(DEFAULT_DATA_DIR)

#: The contents list's nouns (lower case, after its number) -> the component run they count.
NOUNS = {
    "da": {"vare": "goods", "varer": "goods", "kamel": "camels", "kameler": "camels",
           "spillerbræt": "player-boards", "spillerbrætter": "player-boards",
           "efterspørgselsmarkør": "demand-markers", "efterspørgselsmarkører": "demand-markers",
           "tyverimarkør": "theft-markers", "tyverimarkører": "theft-markers",
           "ekstra varer": "goods-spares", "ekstra vare": "goods-spares",
           "varebrik": "goods", "varebrikker": "goods", "reservebrikker": "goods-spares", "reservebrik": "goods-spares",
           "varekort": "cards", "kort": "cards", "pristavle": "price-tables", "pristavler": "price-tables",
           "markedsmarkør": "market-tokens", "markedsmarkører": "market-tokens",
           "markedsbrik": "market-chips", "markedsbrikker": "market-chips",
           "købmandsbrik": "pawns", "købmandsbrikker": "pawns",
           "oasemarkør": "oasis-markers", "oasemarkører": "oasis-markers",
           "kviksandsmarkør": "quicksand-markers", "kviksandsmarkører": "quicksand-markers",
           "karavanebrik": "caravans", "karavanebrikker": "caravans",
           "guldmønt": "coins", "guldmønter": "coins",
           "oversigtskort": "aids"},
    "en": {"good": "goods", "goods": "goods", "camel": "camels", "camels": "camels",
           "player board": "player-boards", "player boards": "player-boards",
           "demand marker": "demand-markers", "demand markers": "demand-markers",
           "theft marker": "theft-markers", "theft markers": "theft-markers",
           "spare good": "goods-spares", "spare goods": "goods-spares",
           "commodity cards": "cards", "cards": "cards", "price table": "price-tables", "price tables": "price-tables",
           "market token": "market-tokens", "market tokens": "market-tokens",
           "market chip": "market-chips", "market chips": "market-chips",
           "merchant pawn": "pawns", "merchant pawns": "pawns",
           "oasis marker": "oasis-markers", "oasis markers": "oasis-markers",
           "quicksand marker": "quicksand-markers", "quicksand markers": "quicksand-markers",
           "caravan pawn": "caravans", "caravan pawns": "caravans",
           "gold coin": "coins", "gold coins": "coins",
           "player aid": "aids", "player aids": "aids"},
}
HEADING = {"da": "## Indhold", "en": "## Components"}
#: "6 i hver af farverne gul og sort" / "6 in each of the colours yellow and black"
PER_COLOUR = {"da": r"(\d+) i hver af farverne ([^.]+)\.", "en": r"(\d+) in each of the colours ([^.]+)\."}
AND = {"da": " og ", "en": " and "}
#: the bullets listing a count per type: "5 × 5, 5 × 10 …" (value -> count) and the goods' counts
DENOMINATED = {"banknotes", "coins"}
#: runs the list names without a number of their own: the die, and "one pawn each for the
#: Bandits and the Sandstorm" (the chessboard's two desert pawns)
UNNUMBERED = {"die", "desert-pawns"}


def contents_section(markdown: str, lang: str) -> str:
    """The rules' contents list: from its heading to the next heading of its level or higher."""
    start = markdown.index(HEADING[lang])
    end = re.compile(r"^#{1,3} ", re.M).search(markdown, start + len(HEADING[lang]))
    return markdown[start:end.start() if end else len(markdown)]


def claims(section: str, lang: str) -> list[tuple[str, int, str]]:
    """(noun, number, bullet) for every »**N noun**«, »N **noun**« and »Sættets N reservebrikker«
    (»The kit's N spare goods«) in ``section``."""
    found = []
    for bullet in re.findall(r"^- .*$", section, re.M):
        for pattern in (r"\*\*(\d+) ([^*:]+?):?\*\*", r"(?<![\d×] )(\d+) \*\*([^*]+?)\*\*",
                        r"(?:Sættets|kit's) (\d+) (ekstra varer?|reservebrik(?:ker)?|spare goods?)"):
            for number, noun in re.findall(pattern, bullet):
                found.append((noun.strip().rstrip(".").lower(), int(number), bullet))
    return found


def kit_runs(game_id: str, variant, lang: str) -> dict:
    game = load_game(game_id, DEFAULT_DATA_DIR)
    kit = registry.game(game_id, DEFAULT_DATA_DIR).make("kit", KitRecipe)
    runs = kit.components(game, Strings(DEFAULT_DATA_DIR, game_id, lang), variant,
                          PrintSettings(PAPERS["a4"]), lambda c: (lambda *a: c))
    return {run.id: run for run in runs}


def contents_problems(game_id: str, variant, lang: str) -> list[str]:
    """Where the rules' contents list of ``variant`` disagrees with the kit's runs: a count,
    a count per type (goods, banknotes, coins, camels per colour) or a noun no run answers."""
    game = load_game(game_id, DEFAULT_DATA_DIR)
    section = contents_section(render_rules_markdown(game, variant, lang), lang)
    return section_problems(section, kit_runs(game_id, variant, lang), lang, f"{game_id} {variant.id} {lang}")


def section_problems(section: str, runs: dict, lang: str, where: str) -> list[str]:
    problems = []
    said = claims(section, lang)
    for noun, number, bullet in said:
        run_id = NOUNS[lang].get(noun)
        if run_id is None:
            problems.append(f"{where}: »{number} {noun}«: no component run known for {noun!r}")
            continue
        if run_id not in runs:
            problems.append(f"{where}: »{number} {noun}«: the kit prints no {run_id}")
            continue
        run = runs[run_id]
        if run.count != number:
            problems.append(f"{where}: »{number} {noun}«, the kit prints {run.count}")
        by_type = dict(run.by_type or {})
        listed = bullet.partition(":")[2] if "**:" in bullet or ":**" in bullet else ""
        if run_id in DENOMINATED:
            pairs = {value: int(n) for n, value in re.findall(r"(\d+) × (\d+)", bullet)}
            if pairs != {k: v for k, v in by_type.items()}:
                problems.append(f"{where}: {run_id} by value {pairs}, the kit prints {by_type}")
        elif run_id in ("goods", "cards") and by_type and number == sum(by_type.values()):
            # "32 varer til det korte spil: 6 med kød, 6 med sværd, …" in data order
            listed = bullet.split(":", 1)[1].split(".")[0] if ":" in bullet else ""
            # »9 af hver af kød, sværd, salt og huder; 3 af hver af …«: one count per good named
            listed = re.sub(r"(\d+) af hver af ([^;]+)",
                            lambda m: ", ".join(m.group(1) for _ in re.split(r",\s*| og ", m.group(2))), listed)
            counts = [int(n) for n in re.findall(r"(?<![×\d] )\b(\d+)\b(?! ×)", listed)]
            if counts and counts != list(by_type.values()):
                problems.append(f"{where}: {run_id} listed as {counts}, the kit prints {list(by_type.values())}")
        if run_id == "camels":
            match = re.search(PER_COLOUR[lang], bullet)
            if match is None:
                problems.append(f"{where}: camels without their count per colour: {bullet}")
            else:
                colours = re.split(r",\s*|" + AND[lang], match.group(2))
                if len(colours) != len(by_type) or {int(match.group(1))} != set(by_type.values()):
                    problems.append(f"{where}: »{match.group(0)}«, the kit prints {by_type}")
    said_runs = {NOUNS[lang].get(noun) for noun, _, _ in said}
    for run_id, run in runs.items():
        if run.count > 1 and run.kind != "board" and run_id not in said_runs and run_id not in DENOMINATED | UNNUMBERED:
            problems.append(f"{where}: the contents list never counts {run_id} ({run.count})")
    return problems


def every_variant():
    for game_id in GAMES:
        game = load_game(game_id, DEFAULT_DATA_DIR)
        for variant in game.variants():
            for lang in LANGS:
                yield pytest.param(game_id, variant, lang, id=f"{game_id}-{variant.id}-{lang}")


@pytest.mark.parametrize(("game_id", "variant", "lang"), list(every_variant()))
def test_the_contents_list_counts_what_the_kit_prints(game_id, variant, lang):
    problems = contents_problems(game_id, variant, lang)
    assert not problems, "\n".join(problems)


def test_the_contents_check_fails_on_a_contents_list_of_the_full_box():
    """The 2-player short kit's contents list written for the full box: the box's 24 camels in 4 colours, 4
    player boards and 4 theft markers, where the kit prints 12 in 2 colours, 2 and 2."""
    game = load_game("caravan", DEFAULT_DATA_DIR)
    variant = game.variant(2)
    runs = kit_runs("caravan", variant, "da")
    wrong = ("## Indhold\n\n- **32 varer** til det korte spil: 6 med kød, 6 med sværd, 6 med salt, 6 med huder, "
             "2 med elfenben, 2 med klæde, 2 med ædelsten, 2 med papir. Sættets 8 ekstra varer er reservebrikker.\n"
             "- **24 kameler**, 6 i hver af farverne gul, sort, orange og turkis.\n"
             "- **4 spillerbrætter**, 44 **efterspørgselsmarkører** og 4 **tyverimarkører** (én i hver spillerfarve).\n")
    found = "\n".join(section_problems(wrong, runs, "da", "planted"))
    for bad in ("»24 kameler«, the kit prints 12", "6 i hver af farverne gul, sort, orange og turkis",
                "»4 spillerbrætter«, the kit prints 2", "»4 tyverimarkører«, the kit prints 2"):
        assert bad in found, (bad, found)
    right = wrong.replace("24 kameler", "12 kameler").replace("gul, sort, orange og turkis", "gul og sort") \
        .replace("4 spillerbrætter", "2 spillerbrætter").replace("og 4 **tyveri", "og 2 **tyveri")
    assert not section_problems(right, runs, "da", "fixed")
    short_goods = wrong.replace("6 med huder", "9 med huder")
    assert "goods listed as" in "\n".join(section_problems(short_goods, runs, "da", "planted"))


# ------------------------------------------------------------------ the short game's players
def _plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("**", "").split())


@pytest.mark.parametrize("lang", LANGS)
def test_every_setup_is_playable_by_the_players_its_text_and_variants_give(lang):
    """Caravan: the variants table's »Kan spilles af« row gives each set-up's player counts
    (game.yaml setups[].players); the short game's sentence gives the same range, and the
    balanced set-up, described as the short game for its own players, stays inside it."""
    game = load_game("caravan", DEFAULT_DATA_DIR)
    markdown = render_rules_markdown(game, game.variant(4), lang)
    text = _plain(markdown)
    row = {"da": "Kan spilles af", "en": "Playable by"}[lang]
    cells = re.search(rf"^\| {row} \|(.*)\|", markdown, re.M).group(1).split("|")
    plain = [s for s in game.setups if not game.setup(s).first_turn_bonus]
    word = {"da": "spillere", "en": "players"}[lang]
    expected = [f"{game.setup(s).players[0]}–{game.setup(s).players[-1]} {word}" for s in plain]
    assert [c.strip() for c in cells if c.strip()] == expected
    short = game.setup("short").players
    said = {"da": f"kan spilles af {short[0]}–{short[-1]} spillere",
            "en": f"and {short[0]}–{short[-1]} players can play it"}[lang]
    assert said in text
    for setup_id in game.setups:
        setup = game.setup(setup_id)
        if setup.first_turn_bonus:   # "the short game for 3 or 4 players": within the short game's own
            assert set(setup.players) <= set(short), setup_id


# ------------------------------------------------------------------ aids against the rules
def _aid(game_id: str, lang: str) -> str:
    game = load_game(game_id, DEFAULT_DATA_DIR)
    return _plain(render_rules_markdown(game, game.variant(game.players_default), lang, aid_template_path(game, lang)))


def _rules(game_id: str, lang: str) -> str:
    game = load_game(game_id, DEFAULT_DATA_DIR)
    return _plain(render_rules_markdown(game, game.variant(game.players_default), lang))


#: The player each rule of plundering spares, as rules and aid must both say it.
ROBBED = {"da": ("andre spilleres karavaner", r"(?<!spilleres )\bkaravaner på de \d+ felter omkring røverne"),
          "en": ("other players’ caravans", r"(?<!players’ )\bcaravans on the \d+ squares around the\b")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_chessboard_aid_robs_only_the_other_players(lang):
    other, everyone = ROBBED[lang]
    aid, rules = _aid("caravan-chessboard", lang), _rules("caravan-chessboard", lang)
    assert other in rules.lower()
    assert other in aid.lower(), aid
    assert not re.search(everyone, aid, re.I), aid


def test_the_robbery_check_fails_when_the_rule_spares_the_robbers_own_caravans():
    _, everyone = ROBBED["da"]
    assert re.search(everyone, "Karavaner på de 8 felter omkring røverne mister 1 soldat", re.I)
    assert not re.search(everyone, "Andre spilleres karavaner på de 8 felter omkring røverne mister", re.I)


@pytest.mark.parametrize("lang", LANGS)
def test_the_empty_deck_rule_names_no_cards_beyond_what_was_drawn(lang):
    """»Kan der kun trækkes 2 kort eller færre … aflægger kun de kort, der er ud over 2« discards
    nothing by its own condition: the rule says it keeps them and discards nothing."""
    game = load_game("caravan-chessboard", DEFAULT_DATA_DIR)
    keep = game.rules.draw_cards - game.rules.draw_discard
    text = _rules("caravan-chessboard", lang)
    assert not re.search(r"ud over \d|beyond \d", text)
    said = {"da": f"kun trækkes {' eller '.join(map(str, range(1, keep + 1)))} kort, beholder du dem og aflægger ikke noget",
            "en": f"only {' or '.join(map(str, range(1, keep + 1)))} cards could be drawn in step c, keep them and discard nothing"}[lang]
    assert said in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_chessboard_sale_is_optional_and_whole_in_rules_and_clarification(lang):
    text = _rules("caravan-chessboard", lang)
    may = {"da": "må du sælge dem", "en": "you may sell them"}[lang]
    whole = {"da": "det er frivilligt at sælge, men sælger du, skal du sælge alle varer, der kan sælges, på én gang",
             "en": "selling is optional, but if you sell, you sell all goods that can be sold, together"}[lang]
    assert may in text and whole in text.lower()


@pytest.mark.parametrize("lang", LANGS)
def test_the_samarkand_aid_city_line_keeps_the_rules_conditions(lang):
    """The rules: sell if you can; if you cannot, show your hand, then pay.  The aid's city
    line keeps both conditions and the penalty from the data."""
    game = load_game("samarkand", DEFAULT_DATA_DIR)
    aid = _aid("samarkand", lang)
    if lang == "da":
        assert "hvis du kan" in aid and "vis hånden" in aid, aid
    assert str(game.rules.city_no_sale_penalty) in aid


# ------------------------------------------------------------------ tables stay tables
def lone_table_lines(markdown: str) -> list[str]:
    """Pipe-table lines with no table line next to them: a template that puts a blank line
    between rows (a row ended by ``}}``, which keeps its newline, and a blank line after it)
    prints each row as a paragraph of pipes (»| Kød | rød | Kø | 3 | 9 | 6 |«)."""
    lines = markdown.splitlines()
    table = [line.lstrip().startswith("|") for line in lines]
    return [line for i, line in enumerate(lines)
            if table[i] and not (i > 0 and table[i - 1]) and not (i + 1 < len(lines) and table[i + 1])]


def rendered_texts(game_id: str, variant, lang: str) -> list[str]:
    """The rules sheet's Markdown for ``variant`` in ``lang``, and the player aid's where the
    game has one."""
    game = load_game(game_id, DEFAULT_DATA_DIR)
    texts = [render_rules_markdown(game, variant, lang)]
    aid = aid_template_path(game, lang)
    if aid.is_file():
        texts.append(render_rules_markdown(game, variant, lang, aid))
    return texts


@pytest.mark.parametrize(("game_id", "variant", "lang"), list(every_variant()))
def test_every_table_row_sits_in_its_table(game_id, variant, lang):
    lone = [line for text in rendered_texts(game_id, variant, lang) for line in lone_table_lines(text)]
    assert not lone, "\n".join(lone)


def test_the_table_check_fails_on_a_table_split_by_blank_lines():
    broken = "| Vare | Farve |\n\n|:--|:-:|\n\n| Kød | rød |\n\nText."
    assert len(lone_table_lines(broken)) == 3
    assert not lone_table_lines("| Vare | Farve |\n|:--|:-:|\n| Kød | rød |\n\nText.")


# ------------------------------------------------------------------ numbered lists stay lists
def run_in_steps(markdown: str) -> list[str]:
    """Lines where a numbered step is run into the text before it (»… sjælden vare ud.4. Læg
    alle varerne …«: a template line ended by a block tag, whose newline trim_blocks eats) and
    steps that only tell the reader to skip them (»spring dette trin over«, »skip this step«)."""
    return [line for line in markdown.splitlines()
            if re.search(r"[^\s\d]\.\d+\. \S", line)
            or re.search(r"spring dette trin over|skip this step", line, re.I)]


@pytest.mark.parametrize(("game_id", "variant", "lang"), list(every_variant()))
def test_every_numbered_step_starts_its_own_line(game_id, variant, lang):
    bad = [line for text in rendered_texts(game_id, variant, lang) for line in run_in_steps(text)]
    assert not bad, "\n".join(bad)


def test_the_step_check_fails_on_the_review_build():
    assert run_in_steps("3. Til det korte spil: tag 3 af hver sjælden vare ud.4. Læg alle varerne i posen.")
    assert run_in_steps("3. Dette sæt har kun de 32 varer: spring dette trin over.")
    assert not run_in_steps("3. Tag 1., 2. og 3. vare ud.\n4. Læg alle varerne i posen.")
