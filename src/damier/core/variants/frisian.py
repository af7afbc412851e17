"""Frisian draughts (docs/rules/frisian.md).

10x10, 20 men each as in International, White first [Frisian 1]. Men move one square
diagonally forward but capture in eight directions: diagonally and orthogonally (along a
row or a column, the jumped piece being the next playing square in that line), forwards and
backwards [Frisian 2]. Kings move like flying kings on the diagonals and capture at a
distance in all eight directions [Frisian 3]. The capture of the highest value must be
made: a man is worth 100, a king 199 (less than two men, more than one); at equal value a
king must capture [Frisian 4]. While a side still has men, one king may make at most three
successive non-capturing moves [Frisian 5] (see :mod:`damier.core.kingmoves`). Promotion
only when the move ends on the crown row [Frisian 6]. Numeric squares, PDN GameType
`40,W,10,10,N2,0`. Draws: threefold repetition; two kings against one king after 7 moves
each (14 plies); one king against one king after 2 moves each (4 plies) [Frisian 7; the
largest online server's practice, the federation's wording not read].
"""

from __future__ import annotations

from damier.core.rules import DrawRules, EndgameRule
from damier.core.variants import declare
from damier.core.variants._endings import lone_king_against

DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
ORTHOGONALS = ((-2, 0), (2, 0), (0, -2), (0, 2))

FRISIAN_DRAWS = DrawRules(
    repetition=3,
    endgames=(
        EndgameRule("1 king v 1 king", "Frisian 7", 4, lone_king_against(1, 1, kings_only=True)),
        EndgameRule("2 kings v 1 king", "Frisian 7", 14, lone_king_against(2, 2, kings_only=True)),
    ),
)

FRISIAN = declare(
    name="frisian", title="Frisian draughts", gametype="40,W,10,10,N2,0",
    aliases=("fries", "frisian-draughts"),
    rows_of_men=4, man_captures=DIAGONALS + ORTHOGONALS, king_captures=DIAGONALS + ORTHOGONALS,
    capture_rule="max_value", man_value=100, king_value=199, king_move_limit=3,
    draws=FRISIAN_DRAWS,
    description="Captures in eight directions, highest capture value, king-move limit.",
)
