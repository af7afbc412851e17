"""Pool checkers (American pool, APCA rules; docs/rules/pool.md).

8x8, 12 men each, the darker pieces (Black) move first [Pool 1]; men move forward and
capture forwards and backwards [Pool 2]; flying kings that must make all possible jumps (a
king lands where it can continue) [Pool 3]; free choice between sequences [Pool 4]; a man
that reaches the far side by a jump and can jump on backwards must do so and is not crowned
(crowned only if the move ends there) [Pool 5]; pieces removed after the move. Numeric
squares, PDN GameType `23,B,8,8,N1,0` [Pool 7]. Draws: threefold repetition; three kings
against one king must win within 13 moves (26 plies) [Pool 6].
"""

from __future__ import annotations

from damier.core.rules import DrawRules, EndgameRule
from damier.core.variants import declare
from damier.core.variants._endings import lone_king_against

POOL = declare(
    name="pool", title="Pool checkers", gametype="23,B,8,8,N1,0",
    aliases=("pool-checkers", "american-pool"),
    rows_of_men=3, capture_rule="free", king_must_continue=True,
    draws=DrawRules(
        repetition=3,
        endgames=(EndgameRule("13-move rule", "Pool 6", 26, lone_king_against(3, 3, kings_only=True)),),
    ),
    description="American pool: flying kings, men capture backwards, free choice.",
)
