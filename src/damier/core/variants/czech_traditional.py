"""Czech draughts as played at home, after Miloš Zapletal, *Velká kniha deskových her* (1991)
(cited as Zapletal; docs/rules/czech-traditional.md).

* Black moves first; numeric squares 1–32 (Black on 1–12, White on 21–32), PDN GameType
  `29,B,8,8,N1,0` [Zapletal 1, 2, 8]; algebraic names are accepted on input.
* Men move and jump only forwards; kings fly; a king can be captured by any piece
  [Zapletal 3, 4.1, 4.4, 4.6].
* Free choice between captures, but a king's capture always has priority, even if it takes
  fewer pieces [Zapletal 4.2, 4.5].
* Huffing instead of compulsion [Zapletal 5]: any physically possible move may be played (a
  quiet move although a capture exists, a man's capture although a king could capture, a
  multiple jump stopped early); the opponent may then, before his own move, remove one
  offending piece (see :mod:`damier.core.huffing`). Only the immediately following turn may
  huff.
* Win: the opponent has no pieces left — and, as in every variant, no legal move loses
  [Zapletal 7.1].
* Draw: no capture in the last twenty moves of each player (40 plies; a man move does not
  reset the count; ``DrawRules.quiet_plies`` is the setting) [Zapletal 7.2], and by agreement.
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

CZECH_TRADITIONAL = declare(
    name="czech-traditional", title="Czech draughts (traditional rules, huffing)",
    gametype="29,B,8,8,N1,0", aliases=("czech-popular", "dama"),
    rows_of_men=3, man_captures=((-1, -1), (-1, 1)),
    capture_rule="free", king_priority=True, king_must_continue=True, huffing=True,
    draws=DrawRules(repetition=0, quiet_plies=40, quiet_resets_on_man_move=False, quiet_name="20-move rule"),
    description="Zapletal rules: Black first, huffing, king capture first, 20-move draw.",
)
