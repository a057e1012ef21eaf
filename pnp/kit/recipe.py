"""What a kit recipe hands to the assembler."""

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


class Recipe:
    """A game's kit module (``pnp.registry.Game.kit``) as the build uses it: the two names
    every recipe defines, and each optional one the module's own or None, read once here.

    Required: ``components(game, strings, variant, settings, sheet_label) -> [ComponentRun]``
    and ``removal_notes(game, strings, variant)`` (the contents page of a reduced deck).
    Optional: ``has_backs(game, variant) -> bool`` and ``deck_trims_mm(game, variant) ->
    [(w, h)]`` (what the kit will hold, so print options it cannot use are refused before
    any work; None: found out from the laid-out sheets), ``board_single_sheet(game,
    strings, settings) -> Sheet`` (``--board-single``; None: the game has no board to print
    in one piece), ``supplies_lines(game, strings) -> [str]`` (lines the contents page adds
    to what the players supply, e.g. that an ordinary die will do; None: none),
    ``set_up_takes(game, variant) -> {component id: {face id: count}}`` (what each player
    takes at set-up, for a screen target's laid-out table: face id the last part of a face's
    name, "*" the player's own colour's faces; e.g. starting banknotes
    ``{"banknotes": {"100": 1, "50": 1, "20": 2, "10": 1}}``; None: nothing beyond one of
    each player's own pieces).

    Raises (on construction):
        AttributeError: the module lacks a required name.
    """

    __slots__ = ("module", "components", "removal_notes", "has_backs", "deck_trims_mm", "board_single_sheet",
                 "supplies_lines", "set_up_takes")

    def __init__(self, module: Any):
        self.module = module
        self.components: Callable[..., list[ComponentRun]] = module.components
        self.removal_notes: Callable[..., Any] = module.removal_notes
        optional = vars(module)
        self.has_backs: Callable[[Any, Any], bool] | None = optional.get("has_backs")
        self.deck_trims_mm: Callable[[Any, Any], Sequence[tuple[float, float]]] | None = optional.get("deck_trims_mm")
        self.board_single_sheet: Callable[..., Sheet] | None = optional.get("board_single_sheet")
        self.supplies_lines: Callable[[Any, Any], Sequence[str]] | None = optional.get("supplies_lines")
        self.set_up_takes: Callable[[Any, Any], dict[str, dict[str, int]]] | None = optional.get("set_up_takes")
