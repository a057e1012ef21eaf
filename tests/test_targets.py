"""Print-on-demand targets, split output and bad print options, measured on the written files."""

import hashlib
import json
from pathlib import Path

import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from pnp.cli import main
from pnp.model.catalog import DEFAULT_DATA_DIR
from helpers import POKER_MM
from pnp.kit.build import KitRequest, build_kit

MM_PER_PT = 25.4 / 72
W, H = POKER_MM
INCH = 25.4


@pytest.fixture(scope="module")
def targets(tmp_path_factory) -> dict[str, Path]:
    """Folder of each target's files (2 players, a few components to keep it quick)."""
    out = tmp_path_factory.mktemp("targets")
    only = {"pdf-1up": ("cards", "market-tokens"), "dtc": ("cards",), "tgc": ("cards", "price-tables"),
            "mpc": ("cards", "market-tokens")}
    folders = {}
    for target, components in only.items():
        result = build_kit(KitRequest("samarkand", 2, out_dir=out, check=False, only=components, target=target,
                                      suffix=f"-{target}"))
        folders[target] = result.pdf.parent / f"{result.pdf.stem}-{target}"
        assert f"{folders[target].name}/preflight.txt" in result.manifest_data["extra_files"]
    return folders


def boxes_mm(page):
    def box(key):
        b = [float(v) * MM_PER_PT for v in page[key]]
        return b[2] - b[0], b[3] - b[1], b
    return box("/TrimBox"), box("/BleedBox"), box("/MediaBox")


def preflight(folder: Path) -> dict:
    return json.loads((folder / "preflight.json").read_text())


def status(report: dict, start: str) -> str:
    return next(c["status"] for c in report["checks"] if c["check"].startswith(start))


def test_pdf_1up_one_face_per_page_with_trim_and_bleed_boxes(targets):
    folder = targets["pdf-1up"]
    cards = PdfReader(folder / "cards.pdf")
    assert len(cards.pages) == 2 * 72          # front, back for every card
    for page in cards.pages:
        (tw, th, trim), (bw, bh, bleed), (mw, mh, media) = boxes_mm(page)
        assert abs(tw - W) <= 0.05 and abs(th - H) <= 0.05
        assert abs(bw - (W + 6)) <= 0.05 and abs(bh - (H + 6)) <= 0.05     # the kit's 3 mm bleed
        assert abs(trim[0] - bleed[0] - 3) <= 0.05 and abs(trim[1] - bleed[1] - 3) <= 0.05
        assert all(abs(a - b) <= 0.05 for a, b in zip(media, bleed))
    tokens = PdfReader(folder / "market-tokens.pdf")
    assert len(tokens.pages) == 8
    (tw, th, _), (bw, bh, _), _ = boxes_mm(tokens.pages[0])
    assert abs(tw - 30) <= 0.05 and abs(bw - 36) <= 0.05      # market token 30 mm (components.yaml)
    assert "Grain" in cards.pages[0].extract_text()
    report = preflight(folder)
    assert status(report, "TrimBox = trim") == "met" and status(report, "fonts embedded") == "met"
    assert status(report, "PDF/X") == "not met" and status(report, "CMYK") == "not met"


def test_dtc_deck_pages_back_front_at_2_75_by_3_75_inches(targets):
    folder = targets["dtc"]
    assert sorted(p.name for p in folder.iterdir()) == ["cards.pdf", "preflight.json", "preflight.txt"]
    reader = PdfReader(folder / "cards.pdf")
    assert len(reader.pages) == 2 * 72
    for page in reader.pages:
        (tw, th, _), (bw, bh, _), (mw, mh, _) = boxes_mm(page)
        assert abs(tw - 2.5 * INCH) <= 0.05 and abs(th - 3.5 * INCH) <= 0.05
        assert abs(bw - 2.75 * INCH) <= 0.05 and abs(bh - 3.75 * INCH) <= 0.05
        assert abs(mw - 2.75 * INCH) <= 0.05 and abs(mh - 3.75 * INCH) <= 0.05
    texts = [page.extract_text() for page in reader.pages[:4]]
    assert "Samarkand" in texts[0] and "Samarkand" in texts[2]        # backs: the game's title
    assert "Grain" in texts[1] and "Grain" in texts[3]                # fronts
    report = preflight(folder)
    assert status(report, "page order back, front") == "met" and status(report, "page 2.75 x 3.75 in") == "met"
    text = (folder / "preflight.txt").read_text()
    assert "[not met] PDF/X-1a" in text and "[not met] CMYK" in text and "[not checked] total ink" in text
    assert "[not exported]" not in text
    assert "/OutputIntents" not in reader.trailer["/Root"]


def test_tgc_pngs_are_825_by_1125_px_and_named_in_the_report(targets):
    folder = targets["tgc"]
    pngs = sorted(folder.glob("cards-*.png"))
    assert [p.stem for p in pngs] == ["cards-back", "cards-camels", "cards-carpets", "cards-copper", "cards-fruit",
                                      "cards-grain", "cards-jewels"]
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == (825, 1125)
            assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
            assert image.convert("RGBA").getchannel("A").getextrema() == (255, 255)
    sizes = yaml.safe_load((DEFAULT_DATA_DIR / "samarkand" / "components.yaml").read_text(encoding="utf-8"))
    w, h = sizes["price_table"]["size_mm"]
    with Image.open(folder / "price-tables-price-table.png") as image:   # its own trim (components.yaml) + 1/8 in bleed
        assert image.size == (round((w + 6.35) / INCH * 300), round((h + 6.35) / INCH * 300))
    report = preflight(folder)
    counts = {f["file"]: f["count"] for f in report["files"]}
    assert counts["cards-back.png"] == 72 and counts["cards-grain.png"] == 17 and counts["cards-jewels.png"] == 7
    assert status(report, "poker card image size") == "met"


def test_mpc_exports_cards_only_at_822_by_1122_px_and_says_what_it_left_out(targets):
    folder = targets["mpc"]
    assert not list(folder.glob("market-tokens*"))
    pngs = sorted(folder.glob("*.png"))      # one image per distinct card face: the back and 6 goods
    assert [p.stem for p in pngs] == ["cards-back", "cards-camels", "cards-carpets", "cards-copper", "cards-fruit",
                                      "cards-grain", "cards-jewels"]
    for png in pngs:
        with Image.open(png) as image:
            assert image.size == (822, 1122)
    report = preflight(folder)
    assert status(report, "component 'market-tokens'") == "not exported"
    assert status(report, "template check") == "not met"
    assert "Assumption" in report["source"]


def test_target_files_are_byte_identical_across_builds(targets, tmp_path):
    result = build_kit(KitRequest("samarkand", 2, out_dir=tmp_path, check=False, only=("cards", "market-tokens"),
                                  target="mpc", suffix="-mpc"))
    again = result.pdf.parent / f"{result.pdf.stem}-mpc"
    names = sorted(p.name for p in again.iterdir())
    assert names == sorted(p.name for p in targets["mpc"].iterdir()) and "preflight.json" in names
    for name in names:
        assert hashlib.sha256((again / name).read_bytes()).digest() == \
            hashlib.sha256((targets["mpc"] / name).read_bytes()).digest(), name


def test_split_writes_one_pdf_per_kind_next_to_the_kit(kit_dir, tmp_path):
    assert main(["build", "samarkand", "--players", "2", "--split", "--out", str(tmp_path), "--no-check"]) == 0
    kit = PdfReader(tmp_path / "samarkand-2p-en-a4.pdf")
    manifest = json.loads((tmp_path / "samarkand-2p-en-a4.manifest.json").read_text())
    # One-sided pieces share packed sheets (board tiles among them): a shared sheet goes to the
    # file of the first component on it, so only the kinds that own a sheet get a file.
    kinds = [k for k in ("cards", "board", "tokens", "tables", "rules")
             if (tmp_path / f"samarkand-2p-en-a4-{k}.pdf").exists()]
    assert {"cards", "board", "rules"} <= set(kinds)
    parts = {kind: PdfReader(tmp_path / f"samarkand-2p-en-a4-{kind}.pdf") for kind in kinds}
    assert sorted(manifest["extra_files"]) == sorted(f"samarkand-2p-en-a4-{k}.pdf" for k in parts)
    pages = {c["id"]: c["pages"] for c in manifest["components"]}
    assert len(parts["cards"].pages) == len(pages["cards"])
    assert len(parts["rules"].pages) == len(pages["rules"])
    assert len(parts["board"].pages) == len(set(pages["board"]))
    # Every sheet of the kit is in exactly one split file (contents page and blank backs aside).
    assert sum(len(r.pages) for r in parts.values()) == len(kit.pages) - 1 - len(manifest["blank_pages"])
    # the board tiles print a tinted back: their file is two-sided like the cards'
    assert parts["board"].trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert parts["cards"].trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    # The kit itself is the same as without --split.
    assert (tmp_path / "samarkand-2p-en-a4.pdf").read_bytes() == (kit_dir / "samarkand-2p-en-a4.pdf").read_bytes()


def run(capsys, *args):
    code = main(list(args))
    return code, capsys.readouterr().err


@pytest.mark.parametrize("args, needles", [
    (["--back-offset", "3"], ["--back-offset", "X,Y", "'3'"]),
    (["--back-offset", "1,x"], ["--back-offset", "X,Y"]),
    (["--back-offset", "12,0"], ["--back-offset", "-10..10 mm"]),
    (["--back-offset=-1,-2", "--duplex", "fold"], ["--back-offset", "fold"]),
    (["--scale-x", "2"], ["--scale-x", "0.95-1.05"]),
    (["--scale-y", "0.5"], ["--scale-y", "0.95-1.05"]),
    (["--duplex", "sideways"], ["--duplex", "sideways"]),
    (["--target", "lulu"], ["--target", "lulu"]),
    (["--ink", "dark"], ["--ink", "dark"]),
])
def test_bad_print_options_are_one_line_errors_and_write_nothing(capsys, tmp_path, args, needles):
    out = tmp_path / "out"
    code, err = run(capsys, "build", "samarkand", *args, "--out", str(out), "--no-check")
    assert code != 0
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err, err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    assert not out.exists() or not any(out.iterdir())


def test_every_print_option_is_in_help_and_readme(capsys):
    assert main(["build", "--help"]) == 0
    help_text = capsys.readouterr().out
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    for option in ("--duplex", "--back-offset", "--scale-x", "--scale-y", "--ink", "--target", "--split"):
        assert option in help_text, option
        assert f"`{option}" in readme, option
    assert main(["calibrate", "--help"]) == 0
    assert "--paper" in capsys.readouterr().out and "`pnp calibrate" in readme
