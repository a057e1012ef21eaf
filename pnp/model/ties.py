"""Non-breaking spaces that keep a number with what it counts, in every language.

One rule for the rules sheet (reportlab) and for text fitted into SVG faces: a number is
never split from the unit or noun after it ("23 %", "1 handling", "5 kort"), and short
arithmetic ("3 + 1 + 1 = 5") stays on one line, and so does a short quoted name (a die face
such as "»1 felt tilbage«", a heading of up to three words).  Both typesetters break only at
ordinary spaces, so a U+00A0 between the parts is all it takes.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"

#: A digit, one space, then a letter or a per cent sign: "5 kort", "23 %", "200 piaster".
_NUMBER_WORD = re.compile(r"(?<=\d) (?=[^\W\d_]|%)")
#: A digit, an arithmetic sign between spaces, a digit: "3 + 1", "1 = 5", "30 × 5".
_ARITHMETIC = re.compile(r"(?<=\d) ([+=×−–-]) (?=\d)")
#: A short name in quotation marks (»…«, “…”, ‘…’): at most three words and 24 characters,
#: no markup inside.
_SHORT_QUOTE = re.compile(r"(?<=[»“‘])[^«”’<>\n]{1,24}(?=[«”’])")


def tie_numbers(text: str) -> str:
    """``text`` with the spaces after numbers (before their word or %), inside short
    arithmetic and inside short quoted names made non-breaking."""
    text = _SHORT_QUOTE.sub(lambda m: m.group(0).replace(" ", NBSP) if m.group(0).count(" ") <= 2 else m.group(0), text)
    text = _ARITHMETIC.sub(NBSP + "\\1" + NBSP, text)
    text = _ARITHMETIC.sub(NBSP + "\\1" + NBSP, text)  # overlapping runs: "1 + 1 = 5"
    return _NUMBER_WORD.sub(NBSP, text)
