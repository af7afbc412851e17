"""Czech draughts — federation rules (ČFD; docs/rules/czech.md).

* 8x8, 12 men each on the three nearest rows; White moves first [ČFD 1.2, 1.3], PDN GameType
  `29,W,8,8,A0,0` with algebraic squares [ČFD 7].
* Men move and capture only forwards [ČFD 2.1, 2.2].
* Kings fly and capture at a distance [ČFD 3.1, 3.2].
* Capture is compulsory and must be completed; free choice between sequences, but if a king
  can capture, a king must capture [ČFD 4.1–4.4].
* A flying king must land where it can continue [Decision 6] (a setting of the rules object,
  ``king_must_continue``).
* Draws [ČFD 6.2–6.4]: agreement, threefold repetition on claim, 15 moves of each player
  (30 plies) without a capture and without a man move.
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

FORWARD_DIAGONALS = ((-1, -1), (-1, 1))

CZECH = declare(
    name="czech", title="Czech draughts", gametype="29,W,8,8,A0,0",
    aliases=("czech-federation", "ceska-dama"),
    rows_of_men=3, man_captures=FORWARD_DIAGONALS,
    capture_rule="free", king_priority=True, king_must_continue=True,
    draws=DrawRules(repetition=3, repetition_claim=True, quiet_plies=30, quiet_resets_on_man_move=True,
                    quiet_name="15-move rule"),
    description="ČFD rules: men capture forwards only, flying kings, king capture first.",
)
