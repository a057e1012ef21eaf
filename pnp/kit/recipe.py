"""What a game offers the kit build: its kit (``KitRecipe``), its rules sheet
(``RulesSheet``), and what a recipe hands to the assembler (``ComponentRun``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from pnp.printing.imposition import Sheet
from pnp.printing.packing import PieceGroup


@dataclass
class ComponentRun:
    """One component of a kit and the sheets that print it.

    ``id`` and ``kind`` go to the manifest; ``count`` is how many pieces the kit holds;
    ``by_type`` (decks only) maps each card type id from the data to its count.
    ``sheets`` may be shared with other components printed on the same sheets, in which
    case ``shares_sheets_with`` names the component that owns them.  One-sided pieces come
    as ``pieces`` instead: the assembler packs every run's pieces together
    (``pnp.printing.packing``) and fills in ``sheets``.  ``stock`` is what the pieces want to
    be printed on: "card" (card stock) or "paper" (plain paper).
    """

    id: str
    kind: str
    label: str
    count: int
    sheets: list[Sheet] = field(default_factory=list)
    by_type: dict[str, int] | None = None
    shares_sheets_with: str | None = None
    pieces: list[PieceGroup] = field(default_factory=list)
    stock: str = "card"


class KitRecipe:
    """A game's kit (``pnp.registry.Game.kit`` names its subclass): what the build asks
    before and while it lays the kit out.  Subclass it once per game and define
    ``components``; override an optional part only where the game has it.

    Required: ``components``.  Optional parts and their defaults: ``removal_notes`` ->
    None (a reduced deck's contents page adds no notes); ``has_backs`` and
    ``deck_trims_mm`` -> None (the kit does not say: found out from the laid-out sheets);
    ``supplies_lines`` -> none; ``set_up_takes`` -> none (nothing beyond one of each
    player's own pieces); ``board_single_sheet`` -> None (``--board-single`` is refused: no
    board to print in one piece; define ``board_single_sheet(self, game, strings, settings)
    -> Sheet`` to offer it).
    """

    #: ``board_single_sheet(game, strings, settings) -> Sheet``: the board in one piece on
    #: a larger sheet (``--board-single``), or None.
    board_single_sheet: Callable[[Any, Any, Any], Sheet] | None = None

    def components(self, game: Any, strings: Any, variant: Any, settings: Any,
                   sheet_label: Callable[[str], str]) -> list[ComponentRun]:
        """The kit's component runs in print order (``strings``: ``pnp.model.i18n.Strings``;
        ``settings``: ``pnp.printing.imposition.PrintSettings``; ``sheet_label(label)``: the
        footer of a sheet that prints ``label``).

        Raises:
            DataError / LayoutError / FontError: data or a layout that cannot be drawn.
        """
        raise NotImplementedError(f"{type(self).__name__}.components")

    def removal_notes(self, game: Any, strings: Any, variant: Any) -> list[str] | None:
        """Lines for the contents page of a reduced deck (``pnp deck``): what to take out of
        the full deck for ``variant``; default None (nothing to say)."""
        return None

    def has_backs(self, game: Any, variant: Any) -> bool | None:
        """Whether the kit of ``variant`` prints any backs (options for backs are refused
        for a kit without any, before any work); default None (not declared)."""
        return None

    def deck_trims_mm(self, game: Any, variant: Any) -> Sequence[tuple[float, float]] | None:
        """Trim sizes (width, height mm) of the kit's cards, so that a card printer's
        ``--target`` is refused for a kit without its cards before any work; default None
        (not declared)."""
        return None

    def supplies_lines(self, game: Any, strings: Any) -> Sequence[str]:
        """Lines the contents page adds to what the players supply (e.g. that an ordinary
        die will do); default none."""
        return ()

    def set_up_takes(self, game: Any, variant: Any) -> dict[str, dict[str, int]]:
        """What each player takes at set-up, for a screen target's laid-out table
        (``pnp.printing.tts``): component id -> {face id: count}, face id the last part of a
        face's name, "*" the player's own colour's faces; e.g. starting money as banknotes
        ``{"banknotes": {"100": 1, "50": 1, "20": 2, "10": 1}}``.  Default none (nothing
        beyond one of each player's own pieces)."""
        return {}


class RulesSheet:
    """A game's rules sheet (``pnp.registry.Game.rules`` names its subclass): the template
    context of ``data/<game>/rules/<lang>.md.j2`` and the drawings.  Subclass it once per
    game and define ``rules_context``.

    Optional parts and their defaults: ``figures`` -> none (the template names no
    drawing); ``figure_names`` -> the names ``figures`` draws (``()`` if the sheet has no
    ``figures``, None if it has but does not name them); ``contents_picture`` -> None (the
    contents page shows no board picture).
    """

    def rules_context(self, game: Any, variant: Any, lang: str) -> dict[str, Any]:
        """The template's variables for ``variant`` (a ``pnp.model.variant.Variant``) in
        ``lang``: every number from the model.

        Raises:
            DataError / UsageError: a malformed or missing language file.
        """
        raise NotImplementedError(f"{type(self).__name__}.rules_context")

    def figures(self, game: Any, variant: Any, lang: str, width: float) -> dict[str, Any]:
        """The sheet's drawings, name -> reportlab ``Drawing`` at most ``width`` points wide;
        default none."""
        return {}

    def figure_names(self) -> tuple[str, ...] | None:
        """The names ``figures`` draws, so that a template's ``figure(name)`` naming any
        other is refused while the template renders (``pnp.kit.rulebook``).  Default: ``()``
        for a sheet that keeps the base ``figures`` (it draws none), None for one that
        overrides it (not known before drawing: the builder checks the drawn names)."""
        return () if type(self).figures is RulesSheet.figures else None

    def contents_picture(self, game: Any, lang: str, width: float) -> Any:
        """A small reportlab ``Drawing`` of the assembled board, ``width`` points wide, for
        the contents page; default None (no picture)."""
        return None
