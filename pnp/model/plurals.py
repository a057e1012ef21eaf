"""Plural forms of a language, from CLDR (Babel), for language files and gettext catalogs.

A counted string of a language file is a mapping of CLDR plural categories to text; the
categories are those CLDR gives the language, ``other`` always among them::

    squares:                  # English, Danish: one, other
      one: square
      other: squares
    oasis_prices:             # Polish would need one, few, many, other
      one: "{n} card {bulk}"
      other: "{n} cards {bulk}"

``Strings.plural(key, count, ...)`` picks the form with the language's CLDR rule for
``count``.  In a ``.po`` catalog the English ``one`` is the ``msgid``, ``other`` the
``msgid_plural``, and ``msgstr[i]`` the i-th category of the target language in CLDR order
(``zero, one, two, few, many, other``: the order of ``Plural-Forms`` that
``babel.plural.to_gettext`` writes).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from pnp.errors import UsageError

if TYPE_CHECKING:
    from babel.plural import PluralRule

#: CLDR's plural categories in their canonical order (the gettext index order).
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def is_plural(value: object) -> bool:
    """True when ``value`` is a plural mapping: a non-empty mapping whose keys are all CLDR
    categories (``CATEGORIES``), ``other`` among them."""
    return (isinstance(value, dict) and "other" in value
            and all(isinstance(k, str) and k in CATEGORIES for k in value))


@lru_cache(maxsize=None)
def plural_rule(lang: str) -> PluralRule:
    """CLDR plural rule of ``lang`` (``babel.plural.PluralRule``; ``rule(n)`` -> category).
    ``pt-BR`` is looked up as pt_BR; a region or private-use tag that CLDR does not know (the
    pseudo-language ``en-XA``) takes its language's rule (``en``).

    Raises:
        UsageError: CLDR has no rule for the language (key ``--lang``).
    """
    from babel import Locale, UnknownLocaleError

    for code in dict.fromkeys((lang.replace("-", "_"), lang.split("-")[0])):
        try:
            return Locale.parse(code).plural_form
        except (UnknownLocaleError, ValueError):
            continue
    raise UsageError(f"no CLDR plural rules for language '{lang}'", key="--lang")


def categories(lang: str) -> tuple[str, ...]:
    """The plural categories ``lang`` uses, in CLDR order: ``en``, ``da`` -> (one, other);
    ``pl`` -> (one, few, many, other); ``ja`` -> (other,)."""
    tags = plural_rule(lang).tags
    return tuple(c for c in CATEGORIES if c in tags or c == "other")


def plural_forms_header(lang: str) -> str:
    """The gettext ``Plural-Forms`` header of ``lang`` from CLDR (``babel.plural.to_gettext``),
    e.g. ``nplurals=2; plural=(... ? 0 : 1);``; index i is ``categories(lang)[i]``."""
    from babel.plural import to_gettext

    return to_gettext(plural_rule(lang))


def select(lang: str, forms: dict[str, str], count: float) -> str:
    """The form of ``forms`` (category -> text) that ``lang``'s CLDR rule gives ``count``.

    Raises:
        KeyError: ``forms`` lacks that category (its name as the argument).
    """
    category = plural_rule(lang)(count)
    if category not in forms:
        raise KeyError(category)
    return forms[category]


def missing_categories(lang: str, forms: dict[str, object]) -> list[str]:
    """Categories of ``lang`` that ``forms`` lacks, in CLDR order."""
    return [c for c in categories(lang) if c not in forms]


def extra_categories(lang: str, forms: dict[str, object]) -> list[str]:
    """Categories in ``forms`` that ``lang`` does not use (``few`` in Danish)."""
    used = categories(lang)
    return [c for c in CATEGORIES if c in forms and c not in used]
