"""Spanish draughts (docs/rules/spanish.md): 8x8 on the inverted board (PDN GameType
`24,W,8,8,N1,1`: square 1 at White's bottom right), White first [Spanish 1], men move and
capture forward only [Spanish 2], flying kings [Spanish 3], capture the most pieces and,
among those, the most kings [Spanish 4]; a man reaching the crown row is crowned and its
move ends [Spanish 5]. Draws: threefold repetition [Spanish 6].
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

SPANISH = declare(
    name="spanish", title="Spanish draughts", gametype="24,W,8,8,N1,1",
    rows_of_men=3, man_captures=((-1, -1), (-1, 1)),
    capture_rule="spanish", promotion_in_capture="promote_and_stop",
    draws=DrawRules(repetition=3),
    description="Flying kings, men capture forwards only, most pieces then most kings.",
)
