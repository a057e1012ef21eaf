"""Hyphenation that knows our compounds: pyphen's patterns plus a per-language exception list.

pyphen's Danish patterns know syllables, not compounds: they break "derefter" as
"deref-ter" and "gæstegave" as "gæstega-ve".  ``data/common/hyphenation/<lang>.txt`` lists
words as they may be broken, TeX-style: one word per line, a hyphen at every allowed break
("der-efter", "gæste-gave"; "point" with no hyphen is never broken).  An exception gives
*all* the breaks of that word form (each inflected form is its own line).  Lines starting
with ``!`` name breaks that must never happen ("!deref-ter"): the tests check that neither
the hyphenator nor a printed kit makes them.  ``#`` starts a comment.

The pattern dictionary of a language is ``typography.hyphenation`` in
``data/common/lang/<lang>.yaml`` (e.g. ``da_DK``); pyphen's own fallback for the language
code otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from pnp.errors import DataError

#: Fewest letters left on a line before a break and carried to the next line: a lone
#: two-letter tail ("-ne", "-ve") reads badly, as in TeX's righthyphenmin = 3.
LEFT_MIN, RIGHT_MIN = 2, 3


@dataclass(frozen=True)
class Exceptions:
    """``words``: lower-case word -> allowed break positions; ``banned``: word -> breaks
    that must never be made (from the ``!`` lines)."""

    words: dict[str, tuple[int, ...]] = field(default_factory=dict)
    banned: dict[str, tuple[int, ...]] = field(default_factory=dict)


def parse_exceptions(text: str, file: Path | None = None) -> Exceptions:
    """Read an exception list (see the module docstring).

    Raises:
        DataError: a line has characters other than letters and hyphens, or a word is
            listed twice (names the file and line).
    """
    words: dict[str, tuple[int, ...]] = {}
    banned: dict[str, tuple[int, ...]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        table = banned if line.startswith("!") else words
        entry = line.lstrip("!").strip().lower()
        plain = entry.replace("-", "")
        if not plain.isalpha() or "--" in entry or entry.startswith("-") or entry.endswith("-"):
            raise DataError(f"expected a word with hyphens at its breaks, got {raw.strip()!r}", file=file,
                            key=f"line {number}")
        if table is banned:          # several bad breaks of one word may be listed
            banned[plain] = tuple(sorted(set(banned.get(plain, ())) | set(breaks_of(entry))))
            continue
        if plain in table:
            raise DataError(f"{plain!r} is listed twice", file=file, key=f"line {number}")
        table[plain] = breaks_of(entry)
    return Exceptions(words, banned)


def breaks_of(hyphenated: str) -> tuple[int, ...]:
    """Break positions of ``"der-efter"`` -> ``(3,)`` (index into the unhyphenated word)."""
    positions, letters = [], 0
    for char in hyphenated:
        if char == "-":
            positions.append(letters)
        else:
            letters += 1
    return tuple(positions)


class Hyphenator:
    """Break points of words in one language: exceptions first, pyphen's patterns otherwise.

    Callable as reportlab's ``hyphenationLang``: ``hyphenator(word)`` yields ``(head, tail)``
    pairs, longest head first.
    """

    def __init__(self, dictionary: str, exceptions: Exceptions):
        import pyphen

        self.dictionary = dictionary
        self.exceptions = exceptions
        self._pyphen = pyphen.Pyphen(lang=dictionary, left=LEFT_MIN, right=RIGHT_MIN)

    def positions(self, word: str) -> tuple[int, ...]:
        """Allowed break positions in ``word`` (letters before the break), ascending."""
        listed = self.exceptions.words.get(word.lower())
        if listed is not None:   # the same minimum letters on each side as the patterns
            return tuple(p for p in listed if p >= LEFT_MIN and len(word) - p >= RIGHT_MIN)
        return tuple(self._pyphen.positions(word))

    def allows(self, head: str, tail: str) -> bool:
        """True when ``head + tail`` may be broken after ``head``."""
        return len(head) in self.positions(head + tail)

    def __call__(self, word: str) -> Iterator[tuple[str, str]]:
        for position in reversed(self.positions(word)):
            yield word[:position], word[position:]


def dictionary_for(lang: str, common: dict[str, Any]) -> str:
    """pyphen dictionary of ``lang``: ``typography.hyphenation`` of its common strings, else
    pyphen's fallback for the code (``en-XA`` -> ``en``)."""
    import pyphen

    chosen = (common.get("typography") or {}).get("hyphenation")
    if chosen:
        if not isinstance(chosen, str) or chosen not in pyphen.LANGUAGES:
            raise DataError(f"unknown hyphenation dictionary {chosen!r}; expected one of pyphen's, e.g. da_DK, en_GB",
                            key="typography.hyphenation")
        return chosen
    return pyphen.language_fallback(lang.replace("-", "_")) or pyphen.language_fallback(lang.split("-")[0]) or "en_GB"


@lru_cache(maxsize=None)
def hyphenator_for(root: Path, lang: str) -> Hyphenator:
    """The ``Hyphenator`` of ``lang`` for the data folder ``root`` (cached).

    Raises:
        DataError: a malformed exception list.
    """
    from pnp.model.catalog import present, read_text, read_yaml

    root = Path(root)
    common_file = root / "common" / "lang" / f"{lang}.yaml"
    common = read_yaml(common_file).mapping() if present(common_file) else {}
    exceptions_file = root / "common" / "hyphenation" / f"{lang}.txt"
    exceptions = (parse_exceptions(read_text(exceptions_file, "hyphenation list"), exceptions_file)
                  if present(exceptions_file) else Exceptions())
    try:
        dictionary = dictionary_for(lang, common)
    except DataError as exc:
        raise DataError(exc.reason, file=common_file, key=exc.key) from None
    return Hyphenator(dictionary, exceptions)
