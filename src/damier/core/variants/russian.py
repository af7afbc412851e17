"""Russian draughts (shashki; docs/rules/russian.md).

8x8, 12 men each, White first [Russian 1]; men capture backwards; flying kings [Russian 2];
free choice between capture sequences (no majority rule); a flying king must land where it
can continue [Russian 3]; a man reaching the crown row during a capture is crowned at once
and continues capturing as a king in the same move [Russian 5]. Algebraic notation with
``:`` as the capture separator, PDN GameType `25,W,8,8,A0,0` [Russian 6]. Draw rules:
FMJD-64 7.2.3–7.2.8 (see ``_endings.fmjd64_draws``).
"""

from __future__ import annotations

from damier.core.variants import declare
from damier.core.variants._endings import fmjd64_draws

RUSSIAN = declare(
    name="russian", title="Russian draughts", gametype="25,W,8,8,A0,0", aliases=("shashki",),
    rows_of_men=3,
    capture_rule="free", king_must_continue=True, promotion_in_capture="promote_and_continue",
    capture_separator=":", draws=fmjd64_draws(),
    description="Shashki: free capture choice, a man crowned mid-capture goes on as a king.",
)
