"""What a search needs of the variant, read once from its rules object: :class:`TreeRules`,
and :func:`quiet_move_test`, the cheap "has the side to move any move?" of a quiet leaf.

This module must not search or evaluate.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from damier.core.rules import Rules


@dataclass(frozen=True)
class TreeRules:
    """What a search needs of the variant, read once from the rules object."""

    stateful: bool
    """Moves depend on ``Position.aux`` (Frisian king moves, huffing)."""
    breakthrough: bool
    antidraughts: bool
    repetition: bool
    quiet_plies: int

    @classmethod
    def of(cls, rules: Rules) -> TreeRules:
        """The search's view of ``rules``."""
        return cls(bool(rules.king_move_limit or rules.huffing), rules.goal == "breakthrough",
                   rules.goal == "antidraughts", rules.draws.repetition > 0, rules.draws.quiet_plies)


def quiet_move_test(rules: Rules) -> Callable[[int, int, int, int], bool]:
    """``can_move(white, black, kings, turn)`` for a position where the side to move has no
    capture: whether it has any move at all.

    Then it has one exactly when some piece has an empty square one step away in a
    direction it may step in, which is far cheaper than counting the moves (the search asks
    at every quiet leaf). Not valid for variants whose moves depend on ``Position.aux``.

    >>> from damier import Board
    >>> board = Board(fen="W:W46:B41,37")
    >>> quiet_move_test(board.rules)(*board.position[:4])
    False
    """
    geo = rules.geometry
    all_squares = geo.all_squares
    man_shifts = tuple(tuple(geo.shift[d] for d in rules.directions(rules.man_steps, c))
                       for c in (0, 1))
    king_shifts = tuple(geo.shift[d] for d in rules.directions(rules.king_steps, 0))

    def can_move(w: int, b: int, k: int, t: int) -> bool:
        own = b if t else w
        empty = all_squares ^ (w | b)
        men = own & ~k
        for sh in man_shifts[t]:
            if (men << sh if sh > 0 else men >> -sh) & empty:
                return True
        kg = own & k
        if kg:
            for sh in king_shifts:
                if (kg << sh if sh > 0 else kg >> -sh) & empty:
                    return True
        return False

    return can_move

