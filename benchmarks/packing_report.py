"""Sheet counts and packing figures of kits, laid out as ``pnp build`` lays them out (no PDF):
for each kit its sheets of paper, the packer's new sheets with the share of their printable
area (tight margins, footer off) covered by trims, the CPU seconds of the packing, and for
every stream of pieces with an edge colour (a banknote value, a good) the sheets it lies on
and its blocks of butted pieces, each as rows x columns or "L" when it is no rectangle.

``--sheets`` lists every sheet of the kit in print order: its stock (card or paper) and what
it holds (the deck's fronts and backs sheets as "cards").

Usage: python benchmarks/packing_report.py [--kits samarkand:5:a4,caravan:4:letter:fold,...] [--sheets]
(default: Samarkand 2-5 players on A4 and Letter, Caravan and the chessboard kit (4 and 6
players) on both, Samarkand 5 players with ``--duplex fold``).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

from pnp.geometry import PAPERS
from pnp.kit import build as kit_build
from pnp.kit.recipe import KitRecipe
from pnp.kit.build import kit_runs, kit_sheets, pack_runs, wants_card
from pnp.model import load_game
from pnp.model.catalog import data_dir
from pnp.model.i18n import Strings
from pnp.printing.figures import sheets_of
from pnp.printing.imposition import TIGHT_MARGIN_MM, PrintSettings
from pnp.printing.pagination import paginate
from pnp.registry import game as registered_game

DEFAULT_KITS = ([f"samarkand:{n}:{paper}" for paper in ("a4", "letter") for n in (2, 3, 4, 5)]
                + [f"{g}::{paper}" for g in ("caravan", "caravan-chessboard") for paper in ("a4", "letter")]
                + [f"caravan-chessboard:6:{paper}" for paper in ("a4", "letter")]
                + ["samarkand:5:a4:fold"])


def _butted(a, b) -> bool:
    return (abs(a.w - b.w) < 1e-6 and abs(a.h - b.h) < 1e-6 and (
        abs(a.y - b.y) < 1e-6 and (abs(a.x + a.w - b.x) < 1e-6 or abs(b.x + b.w - a.x) < 1e-6)
        or abs(a.x - b.x) < 1e-6 and (abs(a.y + a.h - b.y) < 1e-6 or abs(b.y + b.h - a.y) < 1e-6)))


def blocks(placements) -> list[str]:
    """The butted blocks of ``placements`` (one sheet, one face): 'RxC' or 'L<n>'."""
    out, seen = [], set()
    for start in range(len(placements)):
        if start in seen:
            continue
        todo, members = [start], []
        while todo:
            i = todo.pop()
            if i in seen:
                continue
            seen.add(i)
            members.append(placements[i])
            todo += [j for j in range(len(placements)) if j not in seen and _butted(placements[i], placements[j])]
        xs = {round(p.x, 3) for p in members}
        ys = {round(p.y, 3) for p in members}
        out.append(f"{len(ys)}x{len(xs)}" if len(xs) * len(ys) == len(members) else f"L{len(members)}")
    return out


def report(game_id: str, players: int | None, paper: str, duplex: str) -> dict:
    root = data_dir()
    game = load_game(game_id, root)
    variant = game.variant(players or game.players_default, None)
    strings = Strings(root, game_id, "en")
    settings = PrintSettings(PAPERS[paper], duplex=duplex)
    label = lambda component: (lambda side, n, total: component)       # noqa: E731
    runs = kit_runs(registered_game(game_id).make("kit", KitRecipe), game, strings, variant, "en", settings, label)
    cpu = time.process_time()
    new = pack_runs(runs, settings, label)
    cpu = time.process_time() - cpu
    sheets = kit_sheets(runs, new)
    rules_pages = kit_build._rules_sheet(game, variant, "en", paper)[1]
    count = len(sheets_of(paginate(rules_pages, [s.side for s in sheets], duplex).sheet_pages(), set()))
    paper = settings.paper
    room = (paper.width - 2 * TIGHT_MARGIN_MM) * (paper.height - 2 * TIGHT_MARGIN_MM - settings.footer_mm)
    fills = [sum(p.w * p.h for p in s.placements) / room for s in new]
    colour_of = {f.name: f.edge_colour for run in runs for g in run.pieces for f in g.faces}
    streams: dict[str, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    for k, sheet in enumerate(sheets):
        for p in sheet.placements:
            if colour_of.get(p.face) is not None:
                streams[f"{p.component}:{p.face}"][k].append(p)
    kinds = {}
    for name, by_sheet in streams.items():
        kinds[name] = {k: blocks(ps) for k, ps in sorted(by_sheet.items())}
    stock_of = {run.id: run.stock for run in runs}
    contents = {k: ("card" if wants_card(s, stock_of) else "paper", s.side,
                    dict(Counter(p.component for p in s.placements)) if s.placements else {s.component: 1})
                for k, s in enumerate(sheets)}
    return {"contents": contents, "sheets": count, "new": len(new), "fills": fills, "cpu": cpu, "streams": kinds}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kits", default=",".join(DEFAULT_KITS))
    parser.add_argument("--sheets", action="store_true", help="list what each sheet with packed pieces holds")
    parser.add_argument("--streams", default="banknotes", help="components whose streams to list ('' for none)")
    args = parser.parse_args()
    wanted = [s for s in args.streams.split(",") if s]
    for spec in args.kits.split(","):
        game_id, players, paper, *rest = spec.split(":")
        duplex = rest[0] if rest else "long"
        r = report(game_id, int(players) if players else None, paper, duplex)
        print(f"{spec}: {r['sheets']} sheets, {r['new']} packed, fill "
              + " ".join(f"{f:.0%}" for f in r["fills"]) + f", packing CPU {r['cpu']:.2f} s")
        if args.sheets:
            for k, (stock, side, c) in r["contents"].items():
                print(f"    s{k} {stock} {side}: " + ", ".join(f"{n} {name}" for name, n in c.items()))
        money_sheets = set()
        for name, by_sheet in r["streams"].items():
            if not any(name.startswith(w + ":") for w in wanted):
                continue
            money_sheets |= set(by_sheet)
            print(f"    {name}: " + "; ".join(f"s{k} " + " ".join(b) for k, b in by_sheet.items()))
        if wanted:
            pairs = sum(len(v) for n, v in r["streams"].items() if any(n.startswith(w + ":") for w in wanted))
            print(f"    on {len(money_sheets)} sheets, {pairs} kind-sheet pairs")


if __name__ == "__main__":
    main()
