"""A rules-sheet figure that shrinks a little rather than leave a hole in its column.

A figure is a drawing (reportlab ``Drawing``, drawn from the model) and its caption.  Placed
as a plain block, a figure a few lines too tall for what is left of a column moves to the
next column or page, and leaves that much white at the foot of this one, away from the
text it illustrates (a new user found the example pictures a page after their examples).
``ShrinkableFigure`` is drawn at full size where it fits; where it does not, it is drawn
smaller, down to ``MIN_SCALE`` of its width, in the space that is left (its caption stays at
full size, real text), and never so small that its smallest text prints under
``pnp.components.diagram.MIN_TEXT_PT``; below that it moves on as before.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph

#: The smallest scale a figure is drawn at to stay in its column (a design choice: below
#: about 3/4 the labels of the board excerpts drop under 5 pt).
MIN_SCALE = 0.75
#: White above the drawing and between the drawing and its caption, points.
GAP_PT = 2.0


class ShrinkableFigure(Flowable):
    """``drawing`` centred in the column at ``scale`` (1 = its own size), ``caption`` (a
    ``Paragraph`` or None) below it, then ``tail`` points of white; see the module docstring."""

    def __init__(self, drawing, caption: Paragraph | None, scale: float = 1.0, tail: float = 5.0):
        super().__init__()
        self.drawing, self.caption, self.scale, self.tail = drawing, caption, scale, tail
        self._caption_h = 0.0

    def _height(self, width: float, scale: float) -> float:
        # ``tail`` of white below the caption (or below a drawing without one): a caption set
        # flush on the next paragraph reads as its first line.
        caption = self.caption.wrap(width, 10_000)[1] if self.caption is not None else 0.0
        self._caption_h = caption + self.tail
        return GAP_PT + self.drawing.height * scale + self._caption_h

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        self.height = self._height(available_width, self.scale)
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list:
        """The figure smaller, to fit ``available_height``, if that keeps ``MIN_SCALE``;
        else nothing here (it moves to the next column)."""
        fixed = self._height(available_width, 0.0)
        room = available_height - fixed - 0.5
        if room <= 0 or self.drawing.height <= 0:
            return []
        scale = min(self.scale, room / self.drawing.height)
        if scale < self.min_scale() or scale >= self.scale:
            return []
        return [ShrinkableFigure(self.drawing, self.caption, scale, self.tail)]

    def min_scale(self) -> float:
        """The smallest scale this figure is drawn at: ``MIN_SCALE``, or more when its
        smallest text (``smallest_text_pt``) would print under ``MIN_TEXT_PT`` (at most 1:
        a figure is not enlarged)."""
        from pnp.components.diagram import MIN_TEXT_PT, smallest_text_pt

        smallest = smallest_text_pt(self.drawing)
        floor = MIN_TEXT_PT / smallest if smallest else 0.0
        return max(MIN_SCALE, min(1.0, floor))

    def draw(self) -> None:
        from reportlab.graphics import renderPDF

        w = self.drawing.width * self.scale
        x = (self.width - w) / 2
        y = self._caption_h
        canvas = self.canv
        canvas.saveState()
        canvas.translate(x, y)
        canvas.scale(self.scale, self.scale)
        renderPDF.draw(self.drawing, canvas, 0, 0)
        canvas.restoreState()
        if self.caption is not None:
            self.caption.wrap(self.width, 10_000)
            self.caption.drawOn(canvas, 0, self.tail)
