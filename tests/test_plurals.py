"""Counted nouns in every rules template and player aid agree with their number in every
language.

Each whole number of a game's rules context (``rules_context``: counts, costs, points,
board sizes ...) is set to 0, 1, 2 and 5, the rules template and the player aid are
rendered, and the text is searched for a number followed by the form of a known noun that
the language's CLDR rule does not give that number ("1 camels", "2 demand marker", "0
soldier").  The nouns are listed per language below (singular, plural); nouns whose two
forms are equal ("kort", "point") cannot be wrong and are left out.
"""

from __future__ import annotations

import functools
import re

import pytest

from pnp.kit.rulebook import aid_template_path, plural_filter, render_rules_markdown, rules_context
from pnp.model.plurals import plural_rule
from pnp.model import load_game
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.registry import game_ids

NOUNS = {
    "en": [("action", "actions"), ("camel", "camels"), ("camp", "camps"), ("caravan", "caravans"),
           ("card", "cards"), ("city", "cities"), ("good", "goods"), ("market", "markets"), ("oasis", "oases"),
           ("player", "players"), ("player aid", "player aids"), ("point", "points"), ("soldier", "soldiers"), ("space", "spaces"),
           ("square", "squares"), ("marker", "markers"), ("token", "tokens"), ("board", "boards"),
           ("merchant", "merchants"), ("turn", "turns"), ("round", "rounds"), ("piece", "pieces"),
           ("coin", "coins"), ("die", "dice"), ("step", "steps"), ("row", "rows"), ("column", "columns"),
           ("demand marker", "demand markers"), ("theft marker", "theft markers"), ("market chip", "market chips"), ("oasis marker", "oasis markers"), ("soldier card", "soldier cards"), ("caravan pawn", "caravan pawns"), ("merchant pawn", "merchant pawns"), ("numbered supply space", "numbered supply spaces"),
           ("player board", "player boards"), ("commodity card", "commodity cards"),
           ("spare good", "spare goods"), ("market token", "market tokens"), ("great city", "great cities"),
           ("numbered space", "numbered spaces"), ("nomad camp", "nomad camps"), ("gold coin", "gold coins")],
    "da": [("handling", "handlinger"), ("kamel", "kameler"), ("lejr", "lejre"), ("by", "byer"),
           ("felt", "felter"), ("spiller", "spillere"), ("soldat", "soldater"), ("oase", "oaser"),
           ("marked", "markeder"), ("vare", "varer"), ("guldmønt", "guldmønter"), ("markør", "markører"),
           ("efterspørgselsmarkør", "efterspørgselsmarkører"), ("tyverimarkør", "tyverimarkører"),
           ("spillerbræt", "spillerbrætter"), ("karavanebrik", "karavanebrikker"),
           ("købmandsbrik", "købmandsbrikker"), ("markedsbrik", "markedsbrikker"),
           ("markedsmarkør", "markedsmarkører"), ("oasemarkør", "oasemarkører"),
           ("kviksandsmarkør", "kviksandsmarkører"), ("brik", "brikker"), ("tur", "ture"),
           ("runde", "runder"), ("handelsfelt", "handelsfelter"), ("ørkenfelt", "ørkenfelter"),
           ("nomadelejr", "nomadelejre"), ("karavane", "karavaner"), ("kamp", "kampe")],
}


@functools.lru_cache(maxsize=None)
def _noun_pattern(lang: str) -> tuple[re.Pattern, dict[str, str]]:
    """One regex for "1 or 2, then any known noun form" and each form's number (sg/pl)."""
    form_of = {}
    for singular, plural in NOUNS[lang]:
        form_of[singular.lower()] = "singular"
        form_of[plural.lower()] = "plural"
    words = "|".join(re.escape(w) for w in sorted(form_of, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\d.,:/\w×-])(?<!× )(\d+)(?:\*\*)? (?:\*\*)?({words})(?![\w])", re.IGNORECASE)
    return pattern, form_of


def wrong_nouns(text: str, lang: str) -> list[str]:
    """Places in ``text`` where a number has the noun form its CLDR category does not take
    (English, Danish: ``one`` singular, ``other`` plural)."""
    pattern, form_of = _noun_pattern(lang)
    rule = plural_rule(lang)
    found = []
    for m in pattern.finditer(text):
        wrong = "plural" if rule(int(m.group(1))) == "one" else "singular"
        if form_of[m.group(2).lower()] == wrong:
            found.append(text[max(0, m.start() - 30):m.end() + 10].replace("\n", " "))
    return found


def number_paths(value, path=()):
    """Paths (tuples of keys/indices) of every whole number in a context."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from number_paths(item, path + (key,))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from number_paths(item, path + (index,))


def with_number(context, path, number):
    """``context`` with the number at ``path`` replaced (copies along the path only)."""
    if not path:
        return number
    key, rest = path[0], path[1:]
    if isinstance(context, dict):
        return {**context, key: with_number(context[key], rest, number)}
    items = list(context)
    items[key] = with_number(items[key], rest, number)
    return type(context)(items)


CASES = [(game_id, lang) for game_id in game_ids(DEFAULT_DATA_DIR) for lang in ("en", "da")]
# the player aid is optional (Caravan's player board is its aid): only the games that ship one
TEMPLATES = [(game_id, lang, template) for game_id, lang in CASES for template in ("rules", "aid")
             if template == "rules" or (DEFAULT_DATA_DIR / game_id / "rules" / "aid" / f"{lang}.md.j2").is_file()]


@pytest.mark.parametrize("game_id,lang,template", TEMPLATES)
def test_every_counted_noun_agrees_with_0_1_2_and_5(game_id, lang, template):
    game = load_game(game_id, DEFAULT_DATA_DIR)
    variant = game.variant(game.players_default)
    context = rules_context(game, variant, lang)
    source = aid_template_path(game, lang) if template == "aid" else None
    if source is not None and not source.exists():
        pytest.skip(f"{game_id} has no player aid")
    assert wrong_nouns(render_rules_markdown(game, variant, lang, source), lang) == []
    # A good's count stands before the good's name (a data string such as "Camels", the
    # name of a card type), which the template does not inflect.
    paths = [p for p in number_paths(context) if not (p[0] == "goods" and p[-1] == "count")]
    assert len(paths) >= 10, "the context holds the game's numbers"
    problems = []
    for path in paths:
        for number in (0, 1, 2, 5):
            try:
                text = render_rules_markdown(game, variant, lang, source, context=with_number(context, path, number))
            except Exception as exc:   # a number the template cannot take (an index, a range)
                continue
            for place in wrong_nouns(text, lang):
                problems.append(f"{'.'.join(map(str, path))}={number}: ...{place}...")
    assert sorted(set(problems)) == []


@pytest.mark.parametrize("lang,n,expected", [
    ("en", 1, "1 camel"), ("en", 2, "2 camels"), ("en", 0, "0 camels"),
    ("da", 1, "1 kamel"), ("da", 2, "2 kameler"), ("da", 0, "0 kameler"),
])
def test_plural_filter_follows_cldr(lang, n, expected):
    forms = {"en": ("camel", "camels"), "da": ("kamel", "kameler")}[lang]
    assert plural_filter(lang)(n, *forms) == expected


def test_plural_filter_needs_every_category_of_the_language():
    with pytest.raises(ValueError, match="few"):
        plural_filter("pl")(3, "wielbłąd")          # Polish: one, few, many, other
    assert plural_filter("pl")(3, "wielbłąd", "wielbłądy", "wielbłądów", "wielbłąda") == "3 wielbłądy"
    assert plural_filter("pl")(5, "wielbłąd", "wielbłądy", "wielbłądów", "wielbłąda") == "5 wielbłądów"


def _plural_texts(lang: str):
    """(domain, key) of every plural text of ``lang``'s language files."""
    from pnp.model.translation import PluralText, domains, flatten, load

    for domain in domains(DEFAULT_DATA_DIR):
        for key, text in flatten(load(domain.file(lang))).items():
            if isinstance(text, PluralText):
                yield domain.name, key


@pytest.mark.parametrize("lang", ["en", "da"])
def test_every_plural_text_of_the_components_agrees_with_0_1_2_and_5(lang):
    """Each counted text a component prints (card rules, board, diagrams, price tables),
    filled with 0, 1, 2 and 5 for its count, has the noun form of that number."""
    from pnp.model.i18n import Strings
    from pnp.model.textformat import check

    found = list(_plural_texts(lang))
    assert len(found) >= 10, found
    problems = []
    for domain, key in found:
        strings = Strings(DEFAULT_DATA_DIR, domain if domain != "common" else "samarkand", lang)
        forms = strings.get(key)
        fields = set().union(*(check(t) for t in forms.values()))
        for n in (0, 1, 2, 5):
            text = strings.plural(key, n, **{f: n for f in fields})
            problems += [f"{domain}:{key}={n}: {place}" for place in wrong_nouns(text, lang)]
    assert problems == []


@pytest.mark.parametrize("lang,lost,expected", [
    ("en", 1, "lose 1 soldier instead"), ("en", 2, "lose 2 soldiers instead"),
    ("da", 1, "miste 1 soldat fra din last i stedet"), ("da", 2, "miste 2 soldater fra din last i stedet"),
])
def test_the_soldiers_card_prints_the_soldiers_lost_of_the_data(tmp_path, lang, lost, expected):
    import shutil

    from helpers import edit
    from pnp.games.caravan_chessboard import kit as chessboard
    from pnp.games.caravan_chessboard.kit_spec import load_layout
    from pnp.model.i18n import Strings

    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    edit(data / "caravan-chessboard" / "game.yaml", "soldiers_lost: 1 ", f"soldiers_lost: {lost} ")
    game = load_game("caravan-chessboard", data)
    faces = chessboard.card_faces(game, Strings(data, "caravan-chessboard", lang), load_layout(game), 3.0)
    soldiers = next(c for c in game.cards if c.kind == "soldiers")
    import io

    from pypdf import PdfReader

    from pnp.components.svg import new_sheet
    from pnp.printing.pdf import svg_to_pdf

    face = faces[soldiers.id]
    sheet = new_sheet(face.width, face.height)
    sheet.add(face.art)
    text = " ".join(PdfReader(io.BytesIO(svg_to_pdf(sheet.tostring()))).pages[0].extract_text().split())
    assert expected in text, text
