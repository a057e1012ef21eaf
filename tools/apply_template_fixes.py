"""Apply data/common/DANISH-TEMPLATE-FIXES.md to the Danish rules templates.

Usage: python tools/apply_template_fixes.py [DATA_DIR]

Reads each table row (`old` -> `new`, several snippets joined by ' … ') under a
'## data/<game>/rules/da.md.j2' heading and replaces each old snippet, which must occur
exactly once.  Prints what it could not apply and exits 1 then; files are written only
when every snippet of a file applies.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def main(root: Path) -> int:
    text = (root / "common" / "DANISH-TEMPLATE-FIXES.md").read_text(encoding="utf-8")
    edits: dict[Path, list[tuple[str, str]]] = {}
    current = None
    for line in text.splitlines():
        heading = re.match(r"## data/(\S+\.j2)$", line)
        if heading:
            current = root / heading.group(1)
            continue
        if line.startswith("## "):
            current = None
        if current is None or not line.startswith("| ") or line.startswith(("| line", "|---")):
            continue
        cells = re.split(r"(?<!\\)\|", line)[1:-1]
        olds = [s.strip().strip("`").replace("\\|", "|") for s in cells[1].split("…")]
        news = [s.strip().strip("`").replace("\\|", "|") for s in cells[2].split("…")]
        edits.setdefault(current, []).extend(zip(olds, news))
    failed = 0
    for path, pairs in edits.items():
        source = path.read_text(encoding="utf-8")
        problems = [old for old, _ in pairs if source.count(old) != 1]
        for old in problems:
            print(f"{path}: not found exactly once: {old[:70]!r}")
        failed += len(problems)
        if not problems:
            for old, new in pairs:
                source = source.replace(old, new)
            path.write_text(source, encoding="utf-8")
            print(f"{path}: {len(pairs)} fixes applied")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "data"))
