"""Brazilian draughts: International rules on 8x8 [Brazilian 1–3].

12 men each, White first, men capture backwards, flying kings, majority capture
(king = man = 1), promotion only when the move ends on the crown row [Brazilian 1].
Algebraic notation, PDN GameType `26,W,8,8,A0,0` [Brazilian 2]. Draw rules: the FMJD-64 set,
as the largest online server applies them to Brazilian [Brazilian 3; not checked against a
federation text].
"""

from __future__ import annotations

from damier.core.variants import declare
from damier.core.variants._endings import fmjd64_draws

BRAZILIAN = declare(
    name="brazilian", title="Brazilian draughts", gametype="26,W,8,8,A0,0",
    rows_of_men=3, draws=fmjd64_draws(),
    description="International rules on 8x8.",
)
