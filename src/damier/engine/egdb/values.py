"""What an endgame table stores for a position: one byte, its *code*.

* ``0``: a draw;
* ``1 + d``: the side to move wins (``d`` odd) or loses (``d`` even) in ``d`` plies with
  best play: the winner as fast as he can, the loser as slowly (a position without legal
  moves is lost in 0 plies, code 1).

The game's move-count draw rules are not part of the value (as in draughts databases in
general): a table's win may be a draw under the 25-move or the 16-move rule when the
counters are already high.

>>> TableValue.of(10), TableValue.of(1), TableValue.of(0)
(TableValue(result='win', plies=9), TableValue(result='loss', plies=0), TableValue(result='draw', plies=None))
>>> str(TableValue.of(10))
'win in 9 plies'
>>> parent_code([0, 6, 9])     # after the last move the opponent loses in 8 plies: a win in 9
10
>>> parent_code([0, 6])        # one move draws, after the other the opponent wins in 5
0
>>> parent_code([6, 5])        # the opponent is lost in 4 plies after the second move
6

This module must not read tables or search.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

MAX_PLIES = 253
"""The longest distance one code holds."""


def is_win(code: int) -> bool:
    """Whether ``code`` is a win for the side to move."""
    return code > 0 and (code - 1) % 2 == 1


def is_loss(code: int) -> bool:
    """Whether ``code`` is a loss for the side to move."""
    return code > 0 and (code - 1) % 2 == 0


def parent_code(child_codes: Iterable[int]) -> int:
    """The code of a position from the codes of the positions after each of its moves (each
    for the opponent): the shortest win, else a draw, else the longest loss; lost in 0 plies
    without moves."""
    win = draw = loss = 0
    for c in child_codes:
        if c == 0:
            draw = 1
        elif is_loss(c):
            win = c + 1 if not win or c + 1 < win else win
        else:
            loss = max(loss, c + 1)
    return win or (0 if draw else (loss or 1))


@dataclass(frozen=True)
class TableValue:
    """The database's value of a position for its side to move."""

    result: Literal["win", "draw", "loss"]
    plies: int | None
    """Plies to the end of the game with best play (``None`` for a draw)."""

    @classmethod
    def of(cls, code: int) -> TableValue:
        """The value of a code."""
        if code == 0:
            return cls("draw", None)
        return cls("win" if is_win(code) else "loss", code - 1)

    def __str__(self) -> str:
        if self.plies is None:
            return "draw"
        return f"{self.result} in {self.plies} plies"


__all__ = ["MAX_PLIES", "TableValue", "is_loss", "is_win", "parent_code"]
