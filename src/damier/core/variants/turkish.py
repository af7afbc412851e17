"""Turkish draughts (Dama; docs/rules/turkish.md).

All 64 squares of an 8x8 board; 16 men each on the second and third rows from each
player's side (the back row empty); White first [Turkish 1]. Men move one square straight
forward or sideways and capture forwards and sideways [Turkish 2]; kings move and capture
any distance along ranks and files (flying, orthogonal) [Turkish 3]. The capture of the
most pieces is compulsory (king = man = 1) [Turkish 4]. Each captured piece is removed as
soon as it is jumped, so it can open new lines; a 180° turn between two jumps is forbidden
[Turkish 5]. Promotion when the move ends on the last row [Turkish 6; sources silent on
mid-capture]. Algebraic squares, PDN GameType `30,W,8,8,A0,0`. Draws: by agreement and
threefold repetition [Turkish 7].
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

MAN = ((-1, 0), (0, -1), (0, 1))
ROOK = ((-1, 0), (1, 0), (0, -1), (0, 1))

TURKISH = declare(
    name="turkish", title="Turkish draughts", gametype="30,W,8,8,A0,0",
    aliases=("dama-turkish", "turkish-draughts"),
    shape="full", rows_of_men=2, first_rows_empty=1,
    man_steps=MAN, man_captures=MAN, king_steps=ROOK, king_captures=ROOK,
    capture_rule="max_count", remove_at_end=False, no_reverse_capture=True,
    draws=DrawRules(repetition=3),
    description="Orthogonal moves on all 64 squares; pieces removed as they are jumped.",
)
