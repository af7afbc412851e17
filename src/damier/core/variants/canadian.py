"""Canadian draughts: International rules on 12x12 with 30 men each [Canadian 1].

PDN GameType `27,W,12,12,N2,0`, International result style (2-0/1-1/0-2) [Canadian 2].
Draws: threefold repetition; three kings against one king after 16 moves each (32 plies)
[Canadian 3; a single source].
"""

from __future__ import annotations

from damier.core.rules import DrawRules, EndgameRule
from damier.core.variants import declare
from damier.core.variants._endings import lone_king_against

CANADIAN = declare(
    name="canadian", title="Canadian draughts", gametype="27,W,12,12,N2,0",
    rows_of_men=5, result_style="international",
    draws=DrawRules(
        repetition=3,
        endgames=(EndgameRule("16-move rule", "Canadian 3", 32, lone_king_against(3, 3, kings_only=True)),),
    ),
    description="International rules on 12x12, 30 men each.",
)
