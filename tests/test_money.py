"""Money: every value its own lightness in colour and for colour-blind eyes, the
value in numerals and in words from the language files, guilloche drawn as bands."""

from __future__ import annotations

from itertools import combinations

import pytest

import faceinspect as fi
from kitfaces import kit_faces
from pnp.components import guilloche, money, style
from pnp.model.catalog import DEFAULT_DATA_DIR
from pnp.model.i18n import Strings
from pnp.registry import game as registered_game

MIN_DELTA_L = 8.0

# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))


def _linear(colour: str) -> list[float]:
    out = []
    for i in (1, 3, 5):
        v = int(colour[i:i + 2], 16) / 255
        out.append(v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4)
    return out


def _lightness(linear_rgb) -> float:
    r, g, b = (min(1.0, max(0.0, v)) for v in linear_rgb)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def _seen(colour: str, matrix) -> float:
    rgb = _linear(colour)
    if matrix is None:
        return _lightness(rgb)
    return _lightness([sum(m * v for m, v in zip(row, rgb)) for row in matrix])


@pytest.mark.parametrize("vision, matrix", [("normal", None), ("deuteranopia", DEUTERANOPIA),
                                            ("protanopia", PROTANOPIA)])
def test_every_money_value_has_its_own_lightness(vision, matrix):
    light = {c: _seen(c, matrix) for c in money.NOTE_COLOURS}
    close = [(a, b, round(abs(light[a] - light[b]), 1)) for a, b in combinations(money.NOTE_COLOURS, 2)
             if abs(light[a] - light[b]) < MIN_DELTA_L]
    assert not close, f"{vision}: money colours too alike in lightness: {close}"


def test_the_simulation_matrices_keep_grey_grey():
    """Each Machado row sums to 1: a grey stays that grey (a check on the copied numbers)."""
    for matrix in (DEUTERANOPIA, PROTANOPIA):
        for row in matrix:
            assert sum(row) == pytest.approx(1.0, abs=2e-3)
    assert _seen("#777777", DEUTERANOPIA) == pytest.approx(_seen("#777777", None), abs=0.3)


def _texts(face) -> list[str]:
    return [t.content for t in fi.items(face).texts]


@pytest.mark.parametrize("lang", ["en", "da"])
def test_banknotes_print_the_game_the_numerals_and_the_words(lang):
    game = registered_game("samarkand").load(DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, "samarkand", lang)
    faces = {f.name: f for f, _ in kit_faces("samarkand", lang) if f.name.startswith("banknote/")}
    assert sorted(faces) == sorted(f"banknote/{n.value}" for n in game.banknotes)
    for note in game.banknotes:
        texts = _texts(faces[f"banknote/{note.value}"])
        joined = " ".join(texts)
        assert str(note.value) in texts
        assert strings("title").upper() in texts
        assert " ".join(strings(f"banknote_words.{note.value}").split()) == " ".join(
            t for t in texts if t not in (str(note.value), strings("title").upper())), joined


@pytest.mark.parametrize("lang", ["en", "da"])
def test_banknotes_name_the_game_at_a_legible_cap_height(lang):
    """The game's name on every note has capitals at least money.NOTE_TITLE_CAP_MM (2.4 mm)
    tall, on one line inside the note's safe area."""
    from pnp.components.fonts import cap_height
    from pnp.geometry import SAFE_MM
    strings = Strings(DEFAULT_DATA_DIR, "samarkand", lang)
    faces = [f for f, _ in kit_faces("samarkand", lang) if f.name.startswith("banknote/")]
    assert faces
    for face in faces:
        names = [t for t in fi.items(face).texts if t.content == strings("title").upper()]
        assert len(names) == 1, face.name
        name = names[0]
        assert name.size * cap_height(name.role) >= money.NOTE_TITLE_CAP_MM - 1e-6, (face.name, name.size)
        assert money.NOTE_TITLE_CAP_MM >= 2.4
        x0, y0, x1, y1 = name.box
        assert x0 >= SAFE_MM and y0 >= SAFE_MM - 1e-6 and x1 <= face.width - SAFE_MM, (face.name, name.box)


@pytest.mark.parametrize("lang", ["en", "da"])
def test_coins_print_the_game_the_numerals_and_the_words(lang):
    game = registered_game("caravan-chessboard").load(DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, "caravan-chessboard", lang)
    faces = {f.name: f for f, _ in kit_faces("caravan-chessboard", lang) if f.name.startswith("coin/")}
    assert sorted(faces) == sorted(f"coin/{c.value}" for c in game.coins)
    for c in game.coins:
        texts = _texts(faces[f"coin/{c.value}"])
        # the game's name would be under 2 mm tall on a coin: left out, value and words stay
        assert texts == [str(c.value), strings(f"coin_words.{c.value}")]


def _coins_by_value():
    faces = {f.name: f for f, _ in kit_faces("caravan-chessboard", "en") if f.name.startswith("coin/")}
    game = registered_game("caravan-chessboard").load(DEFAULT_DATA_DIR)
    return [faces[f"coin/{c.value}"] for c in sorted(game.coins, key=lambda c: c.value)]


def test_coins_grow_with_their_value():
    """Each value its own diameter, the higher value the larger coin (told apart by size
    alone), all cut from the same square face (the packing does not change)."""
    coins = _coins_by_value()
    discs = [f.meta["disc_mm"] for f in coins]
    assert all(b - a >= 1.5 for a, b in zip(discs, discs[1:])), discs
    assert len({(f.width, f.height) for f in coins}) == 1
    assert all(d <= f.width for d, f in zip(discs, coins))


@pytest.mark.parametrize("kind", [None, "deuteranopia", "protanopia"])
def test_coins_differ_in_lightness_as_printed(kind):
    """The cut coins' mean L* (rendered: rim, gold face and ink) lie at least 8 apart, in a
    greyscale print and for colour-blind players: the gold face is alike on all values."""
    import printedface as pf
    from test_identity import CVD
    light = [pf.disc_mean(f, f.meta["disc_mm"], matrix=CVD[kind] if kind else None) for f in _coins_by_value()]
    gaps = [abs(a - b) for a, b in combinations(light, 2)]
    assert min(gaps) >= 8, [round(v, 1) for v in light]


@pytest.mark.parametrize("game, prefix", [("samarkand", "banknote/"), ("caravan-chessboard", "coin/")])
@pytest.mark.parametrize("ink", ["normal", "saver"])
def test_guilloche_is_bands_not_cut_or_fold_lines(game, prefix, ink):
    """Every stroke on a note or coin but the coin's cut circle is a solid band of at least
    MIN_BAND_MM, never black and never dashed: a thin solid line means cut, a dashed one fold."""
    faces = [f for f, _ in kit_faces(game, "en", ink) if f.name.startswith(prefix)]
    assert faces
    for face in faces:
        strokes = [s for s in fi.items(face).shapes if s.stroke not in (None, "none")]
        lace = [s for s in strokes if s.stroke != style.CUT]
        assert len(lace) >= 2, face.name          # rosettes (and a note's border)
        assert all(s.stroke_mm >= guilloche.MIN_BAND_MM - 1e-9 for s in lace), face.name
        assert "stroke-dasharray" not in face.art.tostring()
        cuts = [s for s in strokes if s.stroke == style.CUT]
        assert len(cuts) == (1 if prefix == "coin/" else 0), face.name


def test_trochoids_keep_between_their_radii():
    for inward in (False, True):
        pts = guilloche.trochoid_points(4.0, 6.0, 9, inward, 0.3, 10.0, 20.0)
        radii = [((x - 10.0) ** 2 + (y - 20.0) ** 2) ** 0.5 for x, y in pts]
        assert min(radii) == pytest.approx(4.0, abs=0.02) and max(radii) == pytest.approx(6.0, abs=0.02)
    with pytest.raises(ValueError):
        guilloche.trochoid_points(6.0, 4.0, 9)


def _note_lightness(face, matrix) -> float:
    """L* of the mean colour of ``face`` inside its trim, rendered at 40 dpi and seen through
    ``matrix`` (None: normal vision): what a glance at the whole note takes in."""
    import io

    import cairosvg
    from PIL import Image

    from pnp.components.svg import group, new_sheet

    dwg = new_sheet(face.width, face.height)
    dwg.add(face.art)
    png = cairosvg.svg2png(bytestring=dwg.tostring().encode(), dpi=40)
    with Image.open(io.BytesIO(png)) as image:
        pixels = list(image.convert("RGB").get_flattened_data()) if hasattr(image, "get_flattened_data") \
            else list(image.convert("RGB").getdata())
    lin = [0.0, 0.0, 0.0]
    for px in pixels:
        for i, v in enumerate(_linear("#%02X%02X%02X" % px)):
            lin[i] += v / len(pixels)
    if matrix is not None:
        lin = [sum(m * v for m, v in zip(row, lin)) for row in matrix]
    return _lightness(lin)


@pytest.mark.parametrize("vision, matrix", [("normal", None), ("deuteranopia", DEUTERANOPIA),
                                            ("protanopia", PROTANOPIA)])
def test_samarkand_notes_as_printed_differ_in_lightness(vision, matrix):
    """The notes' whole faces (not only their hues) lie at least MIN_DELTA_L apart, in colour,
    in greyscale and for colour-blind eyes: the 5 and the 20, the 50 and the 100 looked alike
    when only the border carried the value's colour."""
    faces = {f.name: f for f, _ in kit_faces("samarkand", "en") if f.name.startswith("banknote/")}
    light = {name: _note_lightness(face, matrix) for name, face in faces.items()}
    close = [(a, b, round(abs(light[a] - light[b]), 1)) for a, b in combinations(sorted(light), 2)
             if abs(light[a] - light[b]) < MIN_DELTA_L]
    assert not close, f"{vision}: notes too alike: {close}"


def test_samarkand_notes_each_have_their_own_vignette_rosette_and_readable_words():
    """Each value a picture and a rosette of its own (a cue that needs neither colour nor
    numerals), and the value in words set at 2.8 mm or more on at most two lines."""
    import re

    from pnp.games.samarkand import art as samarkand_art

    game = registered_game("samarkand").load(DEFAULT_DATA_DIR)
    strings = Strings(DEFAULT_DATA_DIR, "samarkand", "en")
    faces = {f.name: f for f, _ in kit_faces("samarkand", "en") if f.name.startswith("banknote/")}
    svgs = {name: face.art.tostring() for name, face in faces.items()}
    assert len(set(samarkand_art.NOTE_VIGNETTES[:len(faces)])) == len(faces)
    assert len(set(samarkand_art.NOTE_COLOURS[:len(faces)])) == len(faces)
    # the vignettes' drawings differ from note to note (a different Fluent Emoji each)
    pictures = {name: re.sub(r"[-\d.]+", "", svg[svg.rfind("<circle"):]) for name, svg in svgs.items()}
    assert len(set(pictures.values())) == len(faces)
    # the rosettes and borders differ in their lobes and periods: their curves have as many
    # points as those take, so no two notes share the same counts
    curves = {name: tuple(d.count(" L ") for d in re.findall(r'class="guilloche"[^>]*>(?:<path d="([^"]+)")', svg))
              for name, svg in svgs.items()}
    assert all(curves.values()) and len(set(curves.values())) == len(faces), curves
    for note in game.banknotes:
        words = strings(f"banknote_words.{note.value}")
        found = [t for t in fi.items(faces[f"banknote/{note.value}"]).texts if t.content in words.split()
                 or t.content in words]
        assert found and " ".join(t.content for t in found) == words, (note.value, [t.content for t in found])
        assert len(found) <= 2, (note.value, [t.content for t in found])
        assert min(t.size for t in found) >= 2.8 - 1e-9, (note.value, [round(t.size, 2) for t in found])


def test_samarkand_lightest_notes_are_the_most_printed():
    """Plain-paper money carries as little ink as the palette allows: over every order of
    ``NOTE_COLOURS`` in which no two neighbours in value are neighbours in grey, the kit's
    order has the least darkness (100 − L*) summed over the notes a 5-player kit prints (24
    hundreds were the darkest plum, the heaviest sheet of the kit)."""
    from itertools import permutations

    from pnp.games.samarkand import art as samarkand_art

    game = registered_game("samarkand").load(DEFAULT_DATA_DIR)
    notes = sorted(game.banknotes, key=lambda b: b.value)
    counts = [n.count_for(5) for n in notes]
    palette = samarkand_art.NOTE_COLOURS[:len(notes)]
    grey_rank = {c: k for k, c in enumerate(sorted(palette, key=lambda c: _seen(c, None)))}

    def allowed(order) -> bool:
        return all(abs(grey_rank[a] - grey_rank[b]) > 1 for a, b in zip(order, order[1:]))

    def darkness(order) -> float:
        return sum(count * (100 - _seen(colour, None)) for count, colour in zip(counts, order))

    assert allowed(palette)
    best = min(darkness(order) for order in permutations(palette) if allowed(order))
    assert darkness(palette) == pytest.approx(best)
    # and the most printed value (the hundred at 5 players) is the lightest note
    assert palette[counts.index(max(counts))] == max(palette, key=lambda c: _seen(c, None))
