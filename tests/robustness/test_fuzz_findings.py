"""Regression tests of what ``make fuzz`` found at length (issue 15, session 2): each failed
on the code before its fix. The harnesses' rule: a message is at most
:data:`fuzz.common.MAX_MESSAGE` characters and quotes excerpts only."""

from __future__ import annotations

import pytest

from damier import Board
from damier.core.errors import DamierError
from fuzz.common import MAX_MESSAGE


@pytest.mark.parametrize("text", [
    "584584" + "9" * 200 + "-28",                 # fuzz: moves, brazilian, 546 characters
    "5845" + "9" * 150 + "-" + "9" * 140,
    "h" + "9" * 100 + ",32-28",
    "58458" + "9" * 100 + "x" + "9" * 100,
])
def test_a_move_with_a_huge_square_is_quoted_once_and_short(text: str) -> None:
    board = Board("brazilian")
    with pytest.raises(DamierError) as refused:
        board.push(text)
    message = str(refused.value)
    assert len(message) < 200 and "does not exist" in message, message
    assert board.ply == 0
    assert len(message) <= MAX_MESSAGE
