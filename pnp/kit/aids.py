"""Player aids as one-sided pieces: one card per player, packed with the kit's tokens.

The rules sheet is reading matter printed on both sides of plain paper, so an aid printed
on it could not be cut out without cutting the rules on its back.  An aid is therefore a
piece of its own: a white card ``AID_WIDTH_MM`` wide and as high as its text
(at most ``AID_MAX_HEIGHT_MM``, a half A5 page), typeset by reportlab from
``data/<game>/rules/aid/<lang>.md.j2`` with the rules sheet's styles, in the kit's
language.  It has no back and no bleed (white paper to the cut), so
``pnp.printing.packing`` packs the cards with the other one-sided pieces, in one block
whose neighbours share their cuts, with crop marks on every cut line; no sheet is spent on
them where the free room of other sheets holds them.

The card's art is a one-page PDF (``Face.meta["pdf"]``, see ``pnp.printing.placed``):
reportlab's paragraphs, lists and tables keep their real, extractable text in the kit's
fonts, which an SVG face drawn by Cairo could not wrap.  Units: mm unless a name says pt.
"""

from __future__ import annotations

import io
import math

from pnp.kit.rulepages import MM

#: Width of an aid card (trim), mm: two cards side by side fit any home sheet's packing room.
AID_WIDTH_MM = 92.0
#: Tallest aid card, mm (the text is shrunk to fit beyond that; a half A5 page).
AID_MAX_HEIGHT_MM = 130.0
#: Type sizes of the aid's text, points, largest (most readable) first; the first at
#: which the card is no taller than ``AID_TARGET_HEIGHT_MM`` is used.
AID_SIZES = (9.4, 9.0, 8.6, 8.2)
#: Height an aid card should keep to, mm: two rows of two cards leave room on a sheet for
#: other pieces.
AID_TARGET_HEIGHT_MM = 100.0
#: Inner padding from the trim to the text, mm (a safe area: a miscut of 2 mm cuts no text).
AID_PAD_MM = 4.5
#: Inset of the card's printed frame from the trim, mm.
FRAME_INSET_MM = 2.0
ACCENT = "#8C2F1B"
#: The frame's width, points (0.56 mm): a band, wider than a thin line (style.THIN_LINE_MM),
#: which on a sheet of pieces means a cut.
FRAME_PT = 1.6


def aid_face(game, variant, lang: str):
    """The player aid of ``game`` for ``variant`` in ``lang`` as a ``Face`` (component
    ``aids``, no bleed, art a one-page PDF in ``meta["pdf"]``), or None when the game has
    no aid template (``data/<game>/rules/aid/<lang>.md.j2``).

    Raises:
        DataError, FontError: as ``pnp.kit.rulebook.render_rules_markdown``.
        LayoutError: the aid's text does not fit ``AID_MAX_HEIGHT_MM`` even shrunk.
    """
    from pnp.components.svg import Face, group, rect
    from pnp.kit.rulebook import aid_flowables
    from pnp.printing.placed import face_box

    make = aid_flowables(game, variant, lang)
    if make is None:
        return None
    inner_w = (AID_WIDTH_MM - 2 * AID_PAD_MM) * MM
    size, height = _fitted(game, lang, make, inner_w)
    art = group(id="player-aid")
    # What an SVG preview of the sheet shows (the PDF art is what prints): the frame.
    art.add(rect(FRAME_INSET_MM, FRAME_INSET_MM, AID_WIDTH_MM - 2 * FRAME_INSET_MM, height - 2 * FRAME_INSET_MM,
                 stroke=ACCENT, stroke_mm=FRAME_PT / MM, radius=2.5))
    face = Face(f"aid/{game.id}", "aids", AID_WIDTH_MM, height, 0.0, art, meta={})
    lo, page_w, page_h = face_box(face)
    face.meta["pdf"] = _card_pdf(make(size, inner_w), -lo, page_w, page_h, height)
    face.meta["aid_size_pt"] = size
    return face


def check_aid(game, variant, lang: str) -> None:
    """Refuse, before the kit is laid out, a player aid whose text cannot fit its card
    (``aid_face`` would refuse it after the layout work).

    Raises:
        LayoutError: as ``aid_face`` (names the aid template).
    """
    from pnp.kit.rulebook import aid_flowables

    make = aid_flowables(game, variant, lang)
    if make is not None:
        _fitted(game, lang, make, (AID_WIDTH_MM - 2 * AID_PAD_MM) * MM)


def _fitted(game, lang: str, make, inner_w: float) -> tuple[float, float]:
    """``_size_and_height``, its overflow a ``LayoutError`` naming the aid template."""
    try:
        return _size_and_height(make, inner_w)
    except _Overflow as exc:
        from pnp.errors import LayoutError
        from pnp.kit.rulebook import aid_template_path

        raise LayoutError(f"the player aid does not fit its card: {exc}; shorten the template",
                          file=aid_template_path(game, lang)) from None


class _Overflow(Exception):
    """The aid's text cannot be set on its card at any of ``AID_SIZES``."""


def _size_and_height(make, inner_w: float) -> tuple[float, float]:
    """(type size pt, card height mm): the largest of ``AID_SIZES`` whose card keeps to
    ``AID_TARGET_HEIGHT_MM``, else the smallest size; height rounded up to 0.5 mm.

    Raises:
        _Overflow: at the smallest size the text is taller than ``AID_MAX_HEIGHT_MM`` (it
            would be shrunk below the smallest size, or cut off), or wider than the card."""
    for size in AID_SIZES:
        height = _natural_height(make(size, inner_w), inner_w) / MM + 2 * AID_PAD_MM
        if height <= AID_TARGET_HEIGHT_MM or size == AID_SIZES[-1]:
            if height > AID_MAX_HEIGHT_MM + 0.5:
                raise _Overflow(f"{height:.0f} mm of text at {size:g} pt, at most {AID_MAX_HEIGHT_MM:g} mm")
            return size, min(AID_MAX_HEIGHT_MM, math.ceil(height * 2) / 2)
    raise AssertionError("unreachable")


def _natural_height(flowables: list, width: float) -> float:
    """Height in points of ``flowables`` stacked as the card stacks them (reportlab's
    ``KeepInFrame``, so measure and drawing agree) in a frame ``width`` points wide.

    Raises:
        _Overflow: a word, table or picture is wider than the frame (the frame would shrink
            the whole card's text to fit it)."""
    from reportlab.platypus import KeepInFrame

    frame = KeepInFrame(width, 1e6, flowables, mode="shrink")
    frame.canv = None   # lists look for a canvas while wrapping; none is needed to measure
    for f in flowables:
        f.canv = None
    height = frame.wrap(width, 1e6)[1]
    # KeepInFrame's scale (its only record of shrinking): above 1 the content was wider
    scale = getattr(frame, "_scale", 1.0)
    if scale > 1.001:
        raise _Overflow(f"a line, word or table {scale * width / MM:.0f} mm wide, the card's text "
                        f"{width / MM:.0f} mm")
    return height


def _card_pdf(flowables: list, offset_mm: float, page_w_mm: float, page_h_mm: float, height_mm: float,
              width_mm: float = AID_WIDTH_MM, bleed_mm: float = 0.0, ground: str | None = None,
              top: bool = False, inset_mm: float = FRAME_INSET_MM, pad_mm: float = AID_PAD_MM) -> bytes:
    """One PDF page of ``page_w_mm`` x ``page_h_mm`` (the face's box, ``face_box``) with the
    card's trim (``width_mm`` x ``height_mm``) at ``offset_mm`` from its top-left: ``ground``
    (a colour, or None for paper) over the trim and ``bleed_mm`` beyond it, frame and text.
    The text stands on the foot of its room (a one-sided aid is as high as its text), or
    with ``top`` hangs from its head (a card of fixed size keeps the room below); the frame
    is ``inset_mm`` and the text room ``pad_mm`` inside the trim."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import KeepInFrame

    from pnp.components.fonts import font, register_reportlab

    register_reportlab()
    buffer = io.BytesIO()
    # The canvas's own first font is the kit's (reportlab's default, Helvetica, is not embedded).
    canvas = Canvas(buffer, pagesize=(page_w_mm * MM, page_h_mm * MM), invariant=1, pageCompression=1,
                    initialFontName=font("body").reportlab_name, initialFontSize=8)
    x0, y0 = offset_mm * MM, (page_h_mm - offset_mm - height_mm) * MM    # trim's bottom-left, pt
    w, h = width_mm * MM, height_mm * MM
    if ground is not None:
        b = bleed_mm * MM
        canvas.setFillColor(HexColor(ground))
        canvas.rect(x0 - b, y0 - b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    inset = inset_mm * MM
    canvas.setStrokeColor(HexColor(ACCENT))
    canvas.setLineWidth(FRAME_PT)
    canvas.roundRect(x0 + inset, y0 + inset, w - 2 * inset, h - 2 * inset, 2.5 * MM, stroke=1, fill=0)
    pad = pad_mm * MM
    card = KeepInFrame(w - 2 * pad, h - 2 * pad, flowables, mode="shrink", vAlign="TOP")
    _used_w, used_h = card.wrapOn(canvas, w - 2 * pad, h - 2 * pad)
    card.drawOn(canvas, x0 + pad, y0 + h - pad - used_h if top else y0 + pad)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# ---------------------------------------------------------------- duplex aid cards
#: Type sizes of a duplex aid card's text, points, largest first: the first at which every
#: side fits the card is used.  Never under 7 pt (the kit's smallest text).
AID_CARD_SIZES = (9.4, 9.0, 8.6, 8.2, 7.8, 7.4, 7.0)
#: The ground of a duplex aid card, over its trim and bleed (``--ink saver``: paper).
AID_CARD_GROUND = "#FBF4E2"
#: Inset of a duplex aid card's frame from the trim, mm: the stroke's outer edge 4 mm inside
#: (a card back keeps all but full-bleed art that far from the trim).
CARD_FRAME_INSET_MM = 4.3
#: Inner padding from a duplex aid card's trim to its text, mm (1 mm inside the frame).
AID_CARD_PAD_MM = 5.6


def aid_card_faces(game, variant, lang: str, width: float, height: float, bleed: float,
                   saver: bool = False):
    """The player aid as a duplex card of the deck's trim (``width`` x ``height`` mm, ``bleed``
    mm): (front, back) ``Face``s of component ``aids``, each a one-page PDF in
    ``meta["pdf"]`` (as ``aid_face``) with its type size in ``meta["aid_size_pt"]``; None
    when the game has no aid template.  The template's ``---`` line splits it into the two
    sides (``pnp.kit.rulebook.aid_sides``: front the turn's phases, back the rest, under the
    title again); both sides are set at the largest of ``AID_CARD_SIZES`` at which each fits
    the card inside ``AID_CARD_PAD_MM``.  The ground (``AID_CARD_GROUND``, paper with ``saver``)
    runs into the bleed, so the cards may share cuts with the deck's.

    Raises:
        DataError, FontError: as ``pnp.kit.rulebook.render_rules_markdown``.
        LayoutError: the template has not exactly two sides, or a side does not fit the card
            at 7 pt (names the aid template).
    """
    from pnp.components.svg import Face, group, rect
    from pnp.errors import LayoutError
    from pnp.kit.rulebook import aid_sides, aid_template_path
    from pnp.printing.placed import face_box

    sides = aid_sides(game, variant, lang)
    if sides is None:
        return None
    where = aid_template_path(game, lang)
    if len(sides) != 2:
        raise LayoutError(f"a duplex aid card has two sides: the template has {len(sides)}; split it once with a "
                          "'---' line between blank lines (front above, back below)", file=where)
    inner_w = (width - 2 * AID_CARD_PAD_MM) * MM
    room = height - 2 * AID_CARD_PAD_MM
    for size in AID_CARD_SIZES:
        tall = [_natural_height(make(size, inner_w), inner_w) / MM for make in sides]
        if max(tall) <= room:
            break
    else:
        raise LayoutError(f"the player aid does not fit a {width:g} x {height:g} mm card: {max(tall):.0f} mm of text "
                          f"on a side at {AID_CARD_SIZES[-1]:g} pt, at most {room:g} mm; shorten the template",
                          file=where)
    ground = None if saver else AID_CARD_GROUND
    faces = []
    for n, (make, side) in enumerate(zip(sides, ("front", "back"))):
        art = group(id=f"player-aid-{side}")
        # What an SVG preview of the sheet shows (the PDF art is what prints): ground and frame.
        if ground is not None:
            art.add(rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, fill=ground))
        art.add(rect(CARD_FRAME_INSET_MM, CARD_FRAME_INSET_MM, width - 2 * CARD_FRAME_INSET_MM,
                     height - 2 * CARD_FRAME_INSET_MM, stroke=ACCENT, stroke_mm=FRAME_PT / MM, radius=2.5))
        face = Face(f"aid/{game.id}/{side}", "aids", width, height, bleed, art, edge_colour=ground or "#FFFFFF",
                    meta={})
        lo, page_w, page_h = face_box(face)
        face.meta["pdf"] = _card_pdf(make(size, inner_w), -lo, page_w, page_h, height, width, bleed, ground, top=True,
                                      inset_mm=CARD_FRAME_INSET_MM, pad_mm=AID_CARD_PAD_MM)
        face.meta["aid_size_pt"] = size
        faces.append(face)
    return faces[0], faces[1]


def aid_run(game, variant, lang: str, label: str):
    """The kit's player aids as a ``ComponentRun`` (kind ``aid``): ``variant.players`` copies
    of ``aid_face`` as one group of one-sided pieces for ``pnp.printing.packing``; None
    when the game has no aid."""
    from pnp.kit.recipe import ComponentRun
    from pnp.printing.packing import PieceGroup

    face = aid_face(game, variant, lang)
    if face is None:
        return None
    players = variant.players
    return ComponentRun("aids", "aid", label, players,
                        pieces=[PieceGroup("aids", label, [face] * players)], stock="card")
