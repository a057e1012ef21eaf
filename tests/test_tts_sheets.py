"""Tabletop Simulator card sheets for a deck larger than one sheet ("a deck too
large for one TTS sheet is split across sheets, never truncated"): the shipped decks have at
most a few dozen distinct faces, so this builds one of 139 plain faces (two full sheets and
one face over)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from pnp.components.svg import Face, group, rect
from pnp.printing import tts

W, H = 63.5, 88.9


def _face(k: int) -> Face:
    """A poker card filled with a colour of its own (k = 0 .. 254)."""
    art = group()
    art.add(rect(0, 0, W, H, fill="#%02X%02X%02X" % (k, 255 - k, (k * 37) % 256)))
    return Face(f"card/{k}", "cards", W, H, 0.0, art)


def _mean(image: Image.Image) -> tuple[float, ...]:
    return tuple(float(v) for v in np.asarray(image.convert("RGB"), dtype=float).mean(axis=(0, 1)))


def test_a_deck_of_139_faces_is_split_over_three_sheets_and_none_is_lost():
    faces = [_face(k) for k in range(139)]
    back = Face("card/back", "cards", W, H, 0.0, group())
    back.art.add(rect(0, 0, W, H, fill="#102030"))
    sheets = tts.card_sheets(faces, back, dpi=12)
    assert [n for *_, n in sheets] == [69, 69, 1]
    seen = 0
    for png, columns, rows, count in sheets:
        assert columns <= tts.MAX_COLUMNS and rows <= tts.MAX_ROWS and count + 1 <= columns * rows
        image = Image.open(io.BytesIO(png))
        assert max(image.size) <= tts.MAX_SHEET_PX
        cw, ch = image.width // columns, image.height // rows
        for i in range(count):
            cell = image.crop(((i % columns) * cw + 2, (i // columns) * ch + 2,
                               (i % columns + 1) * cw - 2, (i // columns + 1) * ch - 2))
            k = seen + i
            expected = (k, 255 - k, (k * 37) % 256)
            assert _mean(cell) == pytest.approx(expected, abs=3), (k, i)
        last = columns * rows - 1
        hidden = image.crop(((last % columns) * cw + 2, (last // columns) * ch + 2,
                             (last % columns + 1) * cw - 2, (last // columns + 1) * ch - 2))
        assert _mean(hidden) == pytest.approx((0x10, 0x20, 0x30), abs=3)
        seen += count
    assert seen == len(faces)
