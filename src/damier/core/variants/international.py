"""International draughts (FMJD, 10x10) — the reference variant (docs/rules/international.md).

* Board and start [FMJD 2.1–2.8]: 50 dark squares, 20 men each, Black on 1–20, White on
  31–50; White moves first [FMJD 3.3].
* Men move one square diagonally forward [FMJD 3.4] and capture forwards and backwards
  [FMJD 4.1]; kings fly [FMJD 3.9, 4.3].
* Capture is compulsory and the sequence capturing the most pieces must be played; a king
  and a man count the same [FMJD 4.13, 4.14].
* A man passing over the crown row during a capture stays a man; it is crowned only when its
  move ends there [FMJD 4.15, 3.5].
* Captured pieces are lifted after the move [FMJD 4.11]; each piece is jumped at most once
  [FMJD 4.8].
* Draws [FMJD 6.1–6.4], counted as Decisions 4 and 5 say: threefold repetition (automatic),
  25 moves each with only kings moved and no capture, the 16-move and 5-move endgame rules.
"""

from __future__ import annotations

from damier.core.position import Position
from damier.core.rules import DrawRules, EndgameRule, Material
from damier.core.variants import declare


def _class_a(_pos: Position, mat: Material) -> bool:
    """FMJD 6.3: 3 kings, 2 kings + 1 man or 1 king + 2 men against a lone king."""
    wm, wk, bm, bk = mat
    return (wm == 0 and wk == 1 and bm + bk == 3 and bk >= 1) or (
        bm == 0 and bk == 1 and wm + wk == 3 and wk >= 1
    )


def _class_b(_pos: Position, mat: Material) -> bool:
    """FMJD 6.4: 2 kings, 1 king + 1 man or 1 king against a lone king."""
    wm, wk, bm, bk = mat
    return (wm == 0 and wk == 1 and 1 <= bm + bk <= 2 and bk >= 1) or (
        bm == 0 and bk == 1 and 1 <= wm + wk <= 2 and wk >= 1
    )


FMJD_DRAWS = DrawRules(
    repetition=3,
    quiet_plies=50,
    quiet_resets_on_man_move=True,
    quiet_name="25-move rule",
    endgames=(
        EndgameRule("16-move rule", "FMJD 6.3", 32, _class_a),
        EndgameRule("5-move rule", "FMJD 6.4", 10, _class_b),
    ),
    endgame_transition="restart",
)

INTERNATIONAL = declare(
    name="international", title="International draughts", gametype="20,W,10,10,N2,0",
    aliases=("fmjd", "polish", "10x10"),
    rows_of_men=4, draws=FMJD_DRAWS, result_style="international",
    description="FMJD rules on 10x10: flying kings, men capture backwards, majority capture.",
)
