"""The PDN of engine games (matches, DXP): the game termination marker after the moves
says the same result as the ``Result`` tag, as PDN 3.0 asks, and reads back as written."""

from __future__ import annotations

import pytest

from damier.formats.pdn import parse_game
from damier.protocol.pdnout import game_pdn

MOVES = ["32-28", "19-23", "28x19", "14x23"]


@pytest.mark.parametrize("result", ["2-0", "0-2", "1-1", "*"])
def test_the_movetext_ends_with_the_result_of_the_tag(result: str) -> None:
    text = game_pdn("international", None, MOVES, result, {"Event": "damier match"})
    assert f'[Result "{result}"]' in text
    assert text.rstrip().endswith(f"14x23 {result}")
    game = parse_game(text)
    assert game.terminator == result and game.result == result
    assert not game.errors and not game.warnings
    assert [str(m) for m in game.mainline_moves()] == MOVES


def test_a_variant_with_one_point_a_win_too() -> None:
    text = game_pdn("russian", None, ["c3-d4", "f6-g5"], "1-0")
    assert text.rstrip().endswith("f6-g5 1-0") and '[Result "1-0"]' in text
