"""Locale-correct numbers and typography for printed text.

Numbers (grouping and decimal separators) come from Babel's CLDR data for the language
(``da``: ``1.500`` and ``0,5``; ``en``: ``1,500`` and ``0.5``).  CLDR has no quotation
marks, range dash or typographic minus in Babel's data, so those come from the language's
``typography`` section of ``data/common/lang/<lang>.yaml``: a new language stays data only.

Danish uses »…« (guillemets pointing inwards): that is what Danish book and games
publishers print, and Dansk Sprognævn's Retskrivningsordbogen lists it first among the
accepted forms; „…“ is the German habit and rarer in Danish print.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from pnp.errors import DataError

if TYPE_CHECKING:
    from babel import Locale

#: The typography keys every ``data/common/lang/<lang>.yaml`` has under ``typography``.
TYPOGRAPHY_KEYS = ("quote_open", "quote_close", "range", "minus")


def babel_locale(lang: str) -> Locale:
    """The Babel ``Locale`` for a catalog code: ``da`` -> da, ``pt-BR`` -> pt_BR; a code Babel
    does not know (the pseudo-language ``en-XA``) falls back to its language part (``en``)."""
    from babel import Locale, UnknownLocaleError

    for code in (lang.replace("-", "_"), lang.split("-")[0]):
        try:
            return Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            continue
    return Locale.parse("en")


@dataclass(frozen=True)
class LocaleFormat:
    """Number and typography rules of one language.

    ``typography``: ``{quote_open, quote_close, range, minus}`` from the language data, and
    ``title_dash`` (optional, default " — ") between a title and its part in footers and PDF titles.
    """

    lang: str
    quote_open: str
    quote_close: str
    range_dash: str
    minus: str
    #: Joins a title and its part ("Title – Regler"): English " — ", Danish " – " (tankestreg).
    title_dash: str = " — "

    def title(self, *parts: str) -> str:
        """``parts`` joined by the language's title dash: ``title("Title", "Regler")``."""
        return self.title_dash.join(parts)

    def num(self, value: float | Decimal, digits: int | None = None) -> str:
        """``value`` with the language's separators: ``num(1500)`` -> ``1.500`` (da),
        ``num(0.5)`` -> ``0,5``; ``digits`` fixes the decimals (``num(2, 1)`` -> ``2,0``).
        Negative numbers take the typographic minus (U+2212 where the data says so)."""
        from babel.numbers import format_decimal

        if digits is not None:
            value = round(Decimal(str(value)), digits)
            fmt = "#,##0." + "0" * digits if digits else "#,##0"
            text = format_decimal(value, format=fmt, locale=babel_locale(self.lang))
        else:
            text = format_decimal(value, locale=babel_locale(self.lang))
        return text.replace("-", self.minus)

    def signed(self, value: float | Decimal, digits: int | None = None) -> str:
        """``+1,5``, ``−2``, ``0``: a reading with its sign always shown (zero has none)."""
        text = self.num(value, digits)
        return text if value <= 0 else f"+{text}"

    def range(self, low: float | Decimal, high: float | Decimal) -> str:
        """``160–250``: two numbers joined by the language's range dash (no spaces)."""
        return f"{self.num(low)}{self.range_dash}{self.num(high)}"

    def quote(self, text: str) -> str:
        """``text`` in the language's quotation marks: ``»faktisk størrelse«`` (da)."""
        return f"{self.quote_open}{text}{self.quote_close}"

    def filters(self) -> dict[str, Callable[..., str]]:
        """Jinja2 filters for rules templates: ``{{ 1500 | num }}``, ``{{ x | signed }}``,
        ``{{ (160, 250) | range }}``, ``{{ 'actual size' | quote }}``."""
        return {"num": self.num, "signed": self.signed, "range": lambda pair: self.range(*pair),
                "quote": self.quote}


def locale_format(lang: str, common: dict[str, Any], file: Path | None = None) -> LocaleFormat:
    """The ``LocaleFormat`` of ``lang`` from its common strings (``common["typography"]``).

    Raises:
        DataError: the ``typography`` section or one of its keys is missing (names the file).
    """
    table = common.get("typography")
    if not isinstance(table, dict):
        raise DataError("missing the 'typography' section (quote_open, quote_close, range, minus)",
                        file=file, key="typography")
    missing = [k for k in TYPOGRAPHY_KEYS if not isinstance(table.get(k), str) or not table.get(k)]
    if missing:
        raise DataError(f"typography lacks {', '.join(missing)}", file=file, key=f"typography.{missing[0]}")
    known = TYPOGRAPHY_KEYS + ("title_dash", "hyphenation")
    unknown = [k for k in table if k not in known]
    if unknown:   # a misspelt 'hyphenaton' would hyphenate the language by another's patterns
        import difflib

        near = difflib.get_close_matches(str(unknown[0]), known, n=1, cutoff=0.6)
        hint = f"did you mean '{near[0]}'? " if near else ""
        raise DataError(f"unknown key '{unknown[0]}'; {hint}known here: {', '.join(known)}", file=file,
                        key="typography")
    dash = table.get("title_dash", " — ")   # optional: a language without it keeps the em dash
    if not isinstance(dash, str) or not dash.strip():
        raise DataError("typography.title_dash must be a dash with its spaces, e.g. ' – '", file=file,
                        key="typography.title_dash")
    return LocaleFormat(lang, table["quote_open"], table["quote_close"], table["range"], table["minus"], dash)


@lru_cache(maxsize=None)
def locale_for(root: Path, lang: str) -> LocaleFormat:
    """``locale_format`` of ``<root>/common/lang/<lang>.yaml`` (cached per data folder); plain
    ASCII quotes and hyphen when the data folder has no shared strings (a plugin game's own)."""
    from pnp.model.catalog import read_yaml

    file = Path(root) / "common" / "lang" / f"{lang}.yaml"
    from pnp.model.catalog import present

    if not present(file):   # a game with its own data folder and no shared strings
        return LocaleFormat(lang, '"', '"', "–", "-")
    return locale_format(lang, read_yaml(file).mapping(), file)
