"""English draughts / American checkers (WCDF rules; docs/rules/english.md).

8x8, 12 men each; dark (Black) moves first from squares 1–12 [English 1]; men move and
capture forward only [English 2]; kings move and capture one square in the four diagonal
directions (no flying) [English 3]; capture compulsory with free choice [English 4]; a man
reaching the king row ends its move there and is crowned [English 5]. Numeric squares 1–32,
PDN GameType `21,B,8,8,N1,0` [English 7]. Draws (on claim): threefold repetition; 40 moves
of each player (80 plies) without a capture and without an uncrowned man advancing
[English 6].
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

FORWARD = ((-1, -1), (-1, 1))

ENGLISH = declare(
    name="english", title="English draughts (American checkers)", gametype="21,B,8,8,N1,0",
    aliases=("american", "checkers", "english-draughts"),
    rows_of_men=3, man_captures=FORWARD, flying_kings=False,
    capture_rule="free", promotion_in_capture="promote_and_stop",
    draws=DrawRules(
        repetition=3, repetition_claim=True,
        quiet_plies=80, quiet_resets_on_man_move=True, quiet_claim=True, quiet_name="40-move rule",
    ),
    description="Short kings, men capture forwards only, free choice, Black first.",
)
