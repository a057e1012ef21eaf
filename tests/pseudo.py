"""The pseudo-language ``en-XA`` for layout tests: English with accented letters, every
word 40 % longer and each text in brackets, so that a box too small for a longer
translation is found before a translator's text reaches the printer."""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

from ruamel.yaml import YAML

PSEUDO = "en-XA"
ACCENTS = str.maketrans("aeiouycnAEIOUYCN", "áéíöüýçñÁÉÍÖÜÝÇÑ")
#: Keys whose text is a fixed symbol, not words (kept as they are).
KEEP = ("typography",)
FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo_text(text: str, growth: float = 0.4) -> str:
    """``"Take {n} cards"`` -> ``"[Táké~~ {n} çárds~~]"``: accents, each word ``growth``
    longer (rounded up), brackets; ``{placeholders}`` untouched."""
    parts = []
    for piece in FIELD.split(text):
        if FIELD.fullmatch(piece):
            parts.append(piece)
            continue
        parts.append(re.sub(r"[A-Za-z]+", lambda m: m.group(0).translate(ACCENTS) + "~" * math.ceil(len(m.group(0)) * growth),
                            piece))
    return "[" + "".join(parts) + "]"


def _convert(node):
    if isinstance(node, dict):
        return {k: (v if k in KEEP else _convert(v)) for k, v in node.items() if not str(k).startswith("_")}
    if isinstance(node, list):
        return [_convert(v) for v in node]
    return pseudo_text(node) if isinstance(node, str) else node


def add_pseudo_language(root: Path, game_folders: list[Path]) -> None:
    """Write ``en-XA`` files next to the English ones of ``root/common`` and each game
    folder (its rules template and player aid: copies of the English ones, whose names come
    from the pseudo strings)."""
    yaml = YAML(typ="safe")
    yaml.allow_unicode = True
    yaml.default_flow_style = False
    for lang_dir in [root / "common" / "lang"] + [folder / "lang" for folder in game_folders]:
        data = yaml.load((lang_dir / "en.yaml").read_text(encoding="utf-8"))
        converted = _convert(data)
        with open(lang_dir / f"{PSEUDO}.yaml", "w", encoding="utf-8") as handle:
            yaml.dump(converted, handle)
    for folder in game_folders:
        shutil.copy(folder / "rules" / "en.md.j2", folder / "rules" / f"{PSEUDO}.md.j2")
        if (folder / "rules" / "aid" / "en.md.j2").is_file():
            shutil.copy(folder / "rules" / "aid" / "en.md.j2", folder / "rules" / "aid" / f"{PSEUDO}.md.j2")
