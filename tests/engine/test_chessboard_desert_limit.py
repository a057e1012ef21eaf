"""K8's limit comes from the data: ``rules.desert_cards_per_pawn`` cards per desert pawn and
Desert phase (the sheet printed the number while the engine hard-coded 1)."""

from __future__ import annotations

from pathlib import Path

from chessboard_states import arrange, sq

from pnp.games.caravan_chessboard import engine as C
from pnp.model import load_game


def _with_limit(data: Path, limit: int) -> Path:
    path = data / "caravan-chessboard" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert "desert_cards_per_pawn: 1 " in text
    path.write_text(text.replace("desert_cards_per_pawn: 1 ", f"desert_cards_per_pawn: {limit} "), encoding="utf-8")
    return data


def _desert_state(game):
    s = C.new_game(game, 2, 1)
    arrange(s, pos={0: (1, 1), 1: (8, 8)}, bandits=(4, 4), sandstorm=(6, 6),
            hands={0: {"bandits-1": 1, "bandits-2": 1, "sandstorm-1": 1, "sandstorm-2": 1}})
    s.phase = C.PH_DESERT
    return s


def _ti(s, tid):
    return s.T.type_ids.index(tid)


def test_two_bandits_cards_when_the_data_allows_two(data_copy):
    game = load_game("caravan-chessboard", _with_limit(data_copy, 2))
    assert game.rules.desert_cards_per_pawn == 2
    s = _desert_state(game)
    s.apply((C.K_BANDITS, _ti(s, "bandits-1"), sq(s, 4, 3)))
    assert s.phase == C.PH_DESERT
    second = [m for m in s.legal_moves() if m[0] == C.K_BANDITS]
    assert second and all(m[1] == _ti(s, "bandits-2") for m in second)
    s.apply((C.K_BANDITS, _ti(s, "bandits-2"), sq(s, 4, 5)))
    assert s.bandits == sq(s, 4, 5) and s.bandits_used == 2
    assert not [m for m in s.legal_moves() if m[0] == C.K_BANDITS]  # both cards played: none in hand
    s.apply((C.K_SANDSTORM, _ti(s, "sandstorm-1"), sq(s, 6, 5)))
    s.apply((C.K_SANDSTORM, _ti(s, "sandstorm-2"), sq(s, 6, 3)))
    assert s.sandstorm == sq(s, 6, 3) and s.cur == 1  # four desert cards played; the turn went on


def test_one_bandits_card_under_the_seed_limit(data_copy):
    game = load_game("caravan-chessboard", data_copy)
    assert game.rules.desert_cards_per_pawn == 1
    s = _desert_state(game)
    s.apply((C.K_BANDITS, _ti(s, "bandits-1"), sq(s, 4, 3)))
    left = s.legal_moves()
    assert not [m for m in left if m[0] == C.K_BANDITS]  # the limit is reached with a Bandits card in hand
    assert [m for m in left if m[0] == C.K_SANDSTORM]
