"""Portuguese draughts (damas clássicas; Federação Portuguesa de Damas rules), PDN GameType
``28,W,8,8,N1,1``; the rule book's page docs/rules/portuguese.md (Portuguese 1-8).

* [Portuguese 1, 3, 4, 6] Movement and capture are those of Spanish draughts
  (:mod:`damier.core.variants.spanish`): 8x8 with 12 men each, White first (the FPD's
  "Principais regras": the game starts with White); men move one square diagonally forward
  and capture forward only; kings fly and may land on any free square beyond the piece they
  take; pieces are lifted after the move and each is jumped once.
* [Portuguese 5] Capture laws (FPD rule 07): capture is compulsory; **quantity** — take the
  most pieces; **quality** — at equal number, the most kings; it does not matter whether a
  man or a king captures. This is Spanish's ``capture_rule="spanish"``. dctl's Spanish rules
  cite the FPD document itself, and their perft (7, 49, 302, 1469, 7361, 36473, …) is the
  one these rules reproduce (``tests/core/test_perft.py``).
* [Portuguese 7] A man that reaches the far row is crowned and its move ends; it acts as a
  king from the next turn.
* [Portuguese 1, 2] The board is placed with a playing square at each player's near right
  (bottom left light, PDN invert flag 1), squares numbered 1-32 from White's side: 1 is
  White's bottom-right playing square, counting right to left and bottom to top (the FPD
  sheet, rules 3-6). In PDN terms this is the same description as Spanish's; only the
  GameType number differs.
* [Portuguese 8] Draws: threefold repetition, on claim. The FPD's move-limit laws ("leis de
  lances limitados") could not be read [UNVERIFIED] and are not applied.
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare
from damier.core.variants.spanish import SPANISH

PORTUGUESE = declare(
    like=SPANISH, name="portuguese", title="Portuguese draughts", gametype="28,W,8,8,N1,1",
    aliases=("damas-classicas", "portuguese-draughts"),
    draws=DrawRules(repetition=3, repetition_claim=True),
    description="Spanish rules (flying kings, most pieces then most kings) with the FPD's numbering.",
)
