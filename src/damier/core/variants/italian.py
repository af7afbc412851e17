"""Italian draughts (FID rules; docs/rules/italian.md).

8x8 with the board inverted (a light square at each player's near left: PDN invert flag 1),
squares numbered 1–32 from the top-left, PDN GameType `22,W,8,8,N2,1`; White first
[Italian 1]. Men move and capture forward only and cannot capture kings [Italian 2]; kings
move and capture one square in all four diagonal directions [Italian 3]; a man reaching
the crown row ends its move [Italian 5]. Capture is compulsory with the quality rules,
applied in order: (1) the most pieces; (2) with a king rather than a man; (3) the most
kings; (4) the sequence that meets a king first [Italian 4]. Draws: by agreement and by
threefold repetition [Italian 6].
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

ITALIAN = declare(
    name="italian", title="Italian draughts", gametype="22,W,8,8,N2,1", aliases=("dama-italiana",),
    rows_of_men=3, man_captures=((-1, -1), (-1, 1)), flying_kings=False,
    capture_rule="italian", promotion_in_capture="promote_and_stop", men_capture_kings=False,
    draws=DrawRules(repetition=3),
    description="Short kings, men cannot take kings, Italian capture priorities.",
)
