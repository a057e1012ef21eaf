"""A language's glossary (``data/common/glossary.<lang>.yaml``): each game term's one form and
the variants that must not be printed, the shared section headings, and English words that
have no place in that language's print.  Used by the tests that read every output of a
language; a new language adds its own file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.errors import DataError

#: Command-line fragments printed on purpose (the calibration sheet's instructions):
#: options with their value, and ``pnp <command>``.
COMMAND_LINE = re.compile(r"--[a-z][a-z-]*(?:[ =][\w.,+\-−()/]+)?(?: \((?:eller|or) \w+\))?|\bpnp \w+(?: \w+)?")


#: The inflectional endings a banned form may take (definite, plural, genitive, verb forms),
#: per language: a regular expression appended to each banned variant.
INFLECTION = {"da": "(?:e|en|er|et|ene|erne|ne|s|es|ens|ets|r|ede)?"}


@dataclass(frozen=True)
class Term:
    en: str
    form: str
    banned: tuple[re.Pattern[str], ...]
    why: str


@dataclass(frozen=True)
class Hit:
    """A banned variant or an English word found in a text."""

    where: str
    found: str
    expected: str

    def __str__(self) -> str:
        return f"{self.where}: {self.found!r} ({self.expected})"


@dataclass(frozen=True)
class Glossary:
    lang: str
    terms: tuple[Term, ...]
    headings: dict[str, Any]
    stop_words: frozenset[str]
    pending: tuple[dict[str, Any], ...]

    def banned_hits(self, where: str, text: str) -> list[Hit]:
        """Every banned variant in ``text`` (``where`` names the output, e.g. a PDF page)."""
        hits = []
        for term in self.terms:
            for pattern in term.banned:
                for match in pattern.finditer(text):
                    hits.append(Hit(where, match.group(0), f"use {term.form!r} for {term.en}: {term.why}"))
        return hits

    def english_hits(self, where: str, text: str) -> list[Hit]:
        """Words of the English stop list in ``text``, outside command-line fragments."""
        plain = COMMAND_LINE.sub(" ", text)
        # Whole words only: "print-and-play-sæt" and "game-icons.net" are names, not English prose.
        words = (token.strip(".,:;!?()[]»«“”\"'·–—") for token in plain.split())
        return [Hit(where, word, "English word in Danish print") for word in words if word.lower() in self.stop_words]


def load_glossary(root: Path, lang: str) -> Glossary:
    """``data/common/glossary.<lang>.yaml`` of ``root``.

    Raises:
        DataError: missing file (or not a regular one), a bad regular expression, a term
            without its form, or a key the glossary does not have (a misspelt ``baned``
            would let every banned word through).
    """
    from pnp.model.catalog import read_yaml, refuse_unknown

    path = Path(root) / "common" / f"glossary.{lang}.yaml"
    node = read_yaml(path)
    for key in ("terms", "headings", "english_stop_words", "pending"):
        node.has(key)
    if node.has("headings"):
        node["headings"].mapping()
    if node.has("terms") and isinstance(node["terms"].value, list):
        for term in node["terms"].list():
            if isinstance(term.value, dict):
                term.known("en", lang, "form", "banned", "why", "case", "inflect")
    refuse_unknown(node)
    table = node.value or {}
    terms = []
    for index, entry in enumerate(table.get("terms") or []):
        where = f"terms[{index}]"
        if not isinstance(entry, dict) or not entry.get("da" if lang == "da" else lang) and not entry.get("form"):
            raise DataError("expected en, the language's form and banned variants", file=path, key=where)
        flags = 0 if entry.get("case") else re.IGNORECASE
        # A banned word is banned in every inflection: "udvalg" also catches "udvalget",
        # "Afklaringer" "Afklaringerne" (`inflect: false` for a pattern that is no word).
        ending = INFLECTION.get(lang, "") if entry.get("inflect", True) else ""
        patterns = []
        for variant in entry.get("banned") or []:
            try:
                patterns.append(re.compile(rf"(?<![\w-])(?:{variant}){ending}(?![\w-])", flags))
            except re.error as exc:
                raise DataError(f"bad pattern {variant!r}: {exc}", file=path, key=where) from None
        terms.append(Term(str(entry.get("en", "")), str(entry.get(lang) or entry.get("form")), tuple(patterns),
                          str(entry.get("why", ""))))
    return Glossary(lang, tuple(terms), dict(table.get("headings") or {}),
                    frozenset(w.lower() for w in table.get("english_stop_words") or []),
                    tuple(table.get("pending") or []))
