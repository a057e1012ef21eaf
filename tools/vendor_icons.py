"""Regenerate the vendored icon subsets in ``data/icons/`` from their pinned npm packages.

Usage::

    python tools/vendor_icons.py            # fetch the pinned packages with npm, write the subsets
    python tools/vendor_icons.py --check    # exit 1 if a vendored file differs from what it would write

Inputs: ``data/icons/sources.yaml`` (set name -> npm package, pinned version, title, author,
licence) and ``data/icons/names/<set>/*.txt`` (the icon names the games use, one a line; ``#``
starts a comment; one file per game, so that games add names without touching each other).

Outputs, per set with at least one name: ``data/icons/<set>.json`` (an Iconify JSON subset:
``icons`` maps a name to its SVG body with aliases resolved; ``width`` x ``height`` is the
viewBox of every icon but those listed in ``sizes``, name -> [width, height]; plus the set's
metadata) and ``data/icons/<set>.LICENSE.txt`` (the licence the package is distributed under).
Output is sorted and byte-stable, so a second run changes nothing.

Icons whose body uses SVG filters are refused: CairoSVG draws them wrongly, and the kit
needs the same picture on screen and on paper.

Errors: a name missing from its package, a package npm cannot fetch, or a set without a
licence text end the run with one line on stderr and exit status 1 (nothing written).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "data" / "icons"

# Licence texts the packages do not ship themselves (Iconify JSON packages carry only the
# licence's name and address in info.json).
_MIT = """MIT License

Copyright (c) {author}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""
_CC_BY_3 = """{title} icons by {author}.

Licensed under the Creative Commons Attribution 3.0 Unported licence (CC BY 3.0):
{url}
You may copy, redistribute and adapt them for any purpose, also commercially,
provided you give appropriate credit (every pnp kit credits them on its contents page).
"""
_APACHE = Path("/usr/share/common-licenses/Apache-2.0")


def licence_text(spec: dict) -> str:
    """The licence file's text for one set of ``sources.yaml``.

    Raises:
        SystemExit: the licence is none this tool knows how to write.
    """
    licence = spec["licence"]
    head = f"{spec['title']} ({spec['package']} {spec['version']}), by {spec['author']}.\nSource of the licence: {spec['licence_url']}\n\n"
    if licence == "MIT":
        return head + _MIT.format(author=spec["author"])
    if licence == "CC BY 3.0":
        return _CC_BY_3.format(title=spec["title"], author=spec["author"], url=spec["licence_url"])
    if licence == "Apache-2.0":
        if not _APACHE.is_file():
            sys.exit(f"vendor_icons: {_APACHE} not found (Debian's base-files ships it); needed for {spec['package']}")
        return head + _APACHE.read_text(encoding="utf-8")
    sys.exit(f"vendor_icons: sources.yaml: licence {licence!r} of {spec['package']}: no licence text known")


def wanted_names(set_name: str) -> list[str]:
    """Sorted, de-duplicated icon names of every ``data/icons/names/<set>/*.txt``."""
    names: set[str] = set()
    for path in sorted((ICONS / "names" / set_name).glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            name = line.split("#", 1)[0].strip()
            if name:
                names.add(name)
    return sorted(names)


def fetch_package(package: str, version: str) -> dict:
    """The ``icons.json`` of ``package@version``, fetched with ``npm pack`` into a scratch folder."""
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(["npm", "pack", "--silent", f"{package}@{version}"], cwd=scratch,
                              capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"vendor_icons: npm pack {package}@{version} failed: {done.stderr.strip().splitlines()[-1:]}")
        tgz = next(Path(scratch).glob("*.tgz"))
        with tarfile.open(tgz) as tar:
            member = tar.extractfile("package/icons.json")
            return json.load(io.TextIOWrapper(member, encoding="utf-8"))


def subset(full: dict, names: list[str], package: str) -> dict:
    """The Iconify subset holding ``names`` (aliases resolved to their parent's body)."""
    icons, aliases = full["icons"], full.get("aliases", {})
    out = {}
    for name in names:
        real = name
        while real not in icons and real in aliases:
            real = aliases[real]["parent"]
        if real not in icons:
            sys.exit(f"vendor_icons: data/icons/names: icon {name!r} is not in {package}")
        icon = icons[real]
        if re.search(r"<filter\b|\bfilter=", icon["body"]):
            sys.exit(f"vendor_icons: icon {name!r} of {package} uses an SVG filter (CairoSVG cannot draw it); pick another")
        out[name] = {"body": icon["body"], "width": icon.get("width", full.get("width", 16)),
                     "height": icon.get("height", full.get("height", 16))}
    return out


def render_set(set_name: str, spec: dict, icons: dict) -> str:
    """The vendored JSON text of one set (sorted keys, one trailing newline)."""
    from collections import Counter

    common = Counter((i["width"], i["height"]) for i in icons.values()).most_common(1)[0][0]
    data = {"prefix": set_name, "title": spec["title"], "author": spec["author"], "license": spec["licence"],
            "license_url": spec["licence_url"], "source": f"{spec['package']} {spec['version']} (npm)",
            "width": common[0], "height": common[1], "icons": {n: i["body"] for n, i in icons.items()}}
    odd = {n: [i["width"], i["height"]] for n, i in icons.items() if (i["width"], i["height"]) != common}
    if odd:
        data["sizes"] = odd
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the vendored files, write nothing")
    args = parser.parse_args(argv)
    sources = YAML(typ="safe").load((ICONS / "sources.yaml").read_text(encoding="utf-8"))
    outputs: dict[Path, str] = {}
    for set_name, spec in sorted(sources.items()):
        names = wanted_names(set_name)
        if not names:
            continue
        full = fetch_package(spec["package"], spec["version"])
        outputs[ICONS / f"{set_name}.json"] = render_set(set_name, spec, subset(full, names, spec["package"]))
        outputs[ICONS / f"{set_name}.LICENSE.txt"] = licence_text(spec)
    stale = [p for p, text in outputs.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    if args.check:
        for p in stale:
            print(f"vendor_icons: {p.relative_to(ROOT)} differs from its pinned package and name lists")
        return 1 if stale else 0
    for p in stale:
        p.write_text(outputs[p], encoding="utf-8")
        print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
