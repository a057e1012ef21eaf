"""CARAVAN on a chessboard's ``GameEngine`` (see ``pnp.engine.adapter``) for ``pnp check``.

The game state is ``pnp.games.caravan_chessboard.engine``, the heuristic player
``pnp.games.caravan_chessboard.bot``.  Game sections of ``data/caravan-chessboard/checks.yaml``
read here (through ``settings.extra``): ``setup.min_deck_after_setup`` and
``coins.quantile``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from pnp.errors import VariantError
from pnp.model.catalog import MAX_COUNT
from pnp.model.variant import Variant
from pnp.games.caravan_chessboard import engine as chessboard
from pnp.games.caravan_chessboard import bot as chessboard_bot
from pnp.engine.adapter import GameEngine
from pnp.engine.core import Playout
from pnp.engine.scorecard import percentile

CHECKS_FILE = "checks.yaml"


def _section(settings, name: str):
    """A game section of checks.yaml: ``settings.extra`` is the file's ``pnp.model.catalog.Node``.

    Raises:
        DataError: the section is missing (file and key named, by ``Node``).
    """
    return settings.extra[name]


def _deck_margin(settings) -> int:
    """checks.yaml ``setup.min_deck_after_setup``: cards the deck keeps once the hands are dealt."""
    return _section(settings, "setup")["min_deck_after_setup"].int(0, MAX_COUNT)


def _coin_quantile(settings) -> float:
    """checks.yaml ``coins.quantile``: the share of games the printed coins must cover (at
    least one half: a smaller share would pass any supply)."""
    return _section(settings, "coins")["quantile"].number(0.5, 1)


def engine_counts(game, variant: Variant, seed: int = 0) -> dict[str, int]:
    """What a freshly set-up engine game holds, by card type id (deck plus hands), plus
    ``cards`` (all), ``oasis`` and ``quicksand`` (markers on the board)."""
    state = chessboard.new_game(game, variant.players, seed, ())
    T = state.T
    counts = {tid: state.deck[t] + sum(h[t] for h in state.hands) for t, tid in enumerate(T.type_ids)}
    counts["cards"] = sum(counts[tid] for tid in T.type_ids)
    counts["oasis"] = sum(state.oasis)
    counts["quicksand"] = sum(state.quick)
    return counts


class ChessboardEngine(GameEngine):
    """CARAVAN on a chessboard's checks (``pnp.engine.adapter.GameEngine``): the static check, the
    coin sizing and the search player's hooks."""

    MECHANISMS = chessboard.MECHANISMS

    #: The heuristic player (``bot.choose``); the function itself, not a wrapper (no extra
    #: call per decision).
    choose = staticmethod(chessboard_bot.choose)

    #: Each legal move's mechanism label (``engine.mechanisms``); the function itself, not a
    #: wrapper (no extra call per decision).
    mechanisms = staticmethod(chessboard.mechanisms)

    #: Each seat's share of the way to winning (``engine.progress``), for the search player.
    progress = staticmethod(chessboard.progress)

    #: Redeal the other players' hands from the cards ``seat`` has not seen
    #: (``engine.determinise``).
    determinise = staticmethod(chessboard.determinise)

    def new_game(self, game, variant: Variant, seed: int, track: tuple = ()) -> chessboard.ChessboardState:
        """A set-up game of ``variant`` from ``seed``; ``track``: coin values to size (``tracking``)."""
        return chessboard.new_game(game, variant.players, seed, tuple(track))

    def static_check(self, game, variant: Variant, settings, kit_counts: Mapping[str, int] | None = None) -> list[str]:
        """Checks without playing; returns the lines of what was checked.

        Raises:
            VariantError: player count out of range; a deck that cannot deal the hands and keep
                ``setup.min_deck_after_setup`` cards; more caravans than start squares or pawns;
                engine counts that differ from the model's or from ``kit_counts`` (card type id
                -> count, the kit's deck ``by_type``), with the numbers.
        """
        players = variant.players
        game.check_players(players)
        if variant.setup not in game.setups:
            raise VariantError(f"{game.id} has no variant {variant.setup!r}", key="--variant")
        keep = _deck_margin(settings)
        r = game.rules
        deck = game.deck(variant)
        total = sum(deck.values())
        dealt = r.start_hand * players
        if total - dealt < keep:
            raise VariantError(
                f"{players} players: the deck of {total} cards deals {dealt} ({r.start_hand} x {players} hands) "
                f"and must keep {keep}: {dealt + keep} needed",
                file=Path(game.folder) / "game.yaml", key="rules.start_hand",
            )
        starts = game.board.columns * len(game.board.start_rows)
        if players > starts:
            raise VariantError(f"{players} caravans need {players} start squares; rows "
                               f"{', '.join(map(str, game.board.start_rows))} have {starts}", key="--players")
        if len(game.player_pawns) < players:
            raise VariantError(f"{players} players need {players} pawns, the data has {len(game.player_pawns)}",
                               file=Path(game.folder) / "game.yaml", key="pawns.players")
        engine = engine_counts(game, variant)
        model = {**deck, "cards": total, **{m.id: m.count for m in game.markers}}
        for source, counts in (("model", model), ("kit", kit_counts or {})):
            diff = [f"{k}: engine {engine[k]}, {source} {v}" for k, v in counts.items() if k in engine and engine[k] != v]
            if counts:  # every card type must be there
                diff += [f"{k}: engine {engine[k]}, {source} none" for k in deck if k not in counts]
            if diff:
                raise VariantError(f"{players} players: the engine and the {source} disagree: " + "; ".join(diff))
        return [
            f"player count {players} in {game.players_min}-{game.players_max}",
            f"deck of {total} cards deals {dealt} at setup and keeps {total - dealt} (at least {keep})",
            f"{players} caravans fit the {starts} start squares; {len(game.player_pawns)} player pawns in the data",
            "engine counts equal the model's" + (" and the kit's" if kit_counts else "")
            + f" ({total} cards, {engine['oasis']} oases, {engine['quicksand']} quicksand)",
        ]

    def tracking(self, game, variant: Variant, settings) -> tuple:
        """Coin values every variant's games record for ``sizing`` (every variant is sized)."""
        return game.coin_values

    def sizing(self, game, playouts_by_variant: Mapping[Variant, Sequence[Playout]], settings) -> dict[str, Any] | None:
        """Coins of each value the bank needs, against the counts printed (DESIGN.md, "Coins").

        Method (as Samarkand's banknote sizing): in every game, at the end of every turn, each
        player's gold is split greedily into the fewest coins (largest value first); the
        per-value sum over players, maximised over the game, is what the players hold at worst.
        A value's need is the ``coins.quantile`` (nearest rank) of that per-game figure, for
        each variant; the kit must cover the largest over the variants.  The same quantile of
        the gold held by all players at once must not exceed the printed total.
        """
        q = _coin_quantile(settings)
        rows, reasons, lines = [], [], []
        for coin in game.coins:
            worst, where = 0, None
            for variant, playouts in playouts_by_variant.items():
                need = percentile([p.stats.get("coins", {}).get(coin.value, 0) for p in playouts], q) or 0
                printed = coin.count_for(variant.players)      # what this variant's kit prints
                lines.append(f"coins of {coin.value}, {variant.id}: {printed} printed, {need} needed ({q:.1%} of games)")
                if need > printed:
                    reasons.append(f"{need} coins of {coin.value} needed in {q:.1%} of {variant.id} games, {printed} printed")
                if need > worst or where is None:
                    worst, where = need, variant.id
            rows.append({"value": coin.value, "count": coin.count, "needed": worst, "variant": where,
                         "margin": coin.count - worst})
            if worst > coin.count:
                reasons.append(f"{worst} coins of {coin.value} needed in {q:.1%} of {where} games, {coin.count} printed")
        printed = sum(c.value * c.count for c in game.coins)
        held = 0
        for variant, playouts in playouts_by_variant.items():
            held = max(held, percentile([p.stats.get("max_circulation", 0) for p in playouts], q) or 0)
        lines.append(f"gold held by all players at once: {held} ({q:.1%} of games), {printed} printed")
        if held > printed:
            reasons.append(f"{held} gold in play in {q:.1%} of games, {printed} printed")
        return {
            "title": "coins",
            "quantile": q,
            "method": "greedy change-making of each player's gold at every turn end, summed over players, "
                      "game maximum; nearest-rank quantile over games; largest over the variants",
            "denominations": rows,
            "printed_total": printed,
            "needed_total": held,
            "lines": lines,
            "passed": not reasons,
            "reasons": reasons,
        }

    def check_sections(self, game, settings) -> None:
        """Validate checks.yaml's ``setup`` and ``coins`` sections (every key read, so that
        ``load_settings`` refuses any other).  Raises ``DataError``."""
        _deck_margin(settings)
        _coin_quantile(settings)
