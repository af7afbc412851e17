"""German draughts (Damenspiel, deutsche Dame) — a reconstruction of an extinct game; no PDN
GameType (damier's private number 102).

"Die deutsche Variante ist ausgestorben" (schachblaetter.de); the three rule sets found (the
rule book's page docs/rules/german.md, German 1-7) agree on 8x8 with 12 men each on the
three nearest rows, men that move one square diagonally forward, flying kings and free
choice between captures ("no priorities"; "maximum not required"), and disagree on the rest.
damier takes, rule by rule, the reading two of the three sources share:

* [German 2] men capture backwards: **yes** in Jocly ("only forward, except for capture")
  and Ludii (all four diagonals); no in setupgroup;
* [German 3] a king lands **anywhere** beyond the piece (Jocly; Ludii's long leap); directly
  behind it in setupgroup;
* [German 5] captured pieces are removed **after the move** (Jocly, setupgroup); during it
  in Ludii;
* [German 6] a man that reaches the far row during a capture **stops and is crowned**
  (setupgroup, Ludii); goes on as a man in Jocly;
* [German 1] first move: **White** (Jocly; the others do not say).

Sources: Jocly "German draughts" (index.js and its rules page), setupgroup.com and
taizalochat.net's German page, Ludii "Damenspiel" (after Parlett 1999, p. 252).

So: men capture forwards and backwards; a king may land on any free square beyond the
piece it takes (and, as in every flying-king game of the family, where it can go on if it
can); captured pieces are lifted after the move; a man that reaches the far row during a
capture is crowned and its move ends; White moves first. Each minority reading is one rules
parameter away (``man_captures`` forward only, ``king_lands_behind``, ``remove_at_end``,
``promotion_in_capture``). Jocly also lets a piece be jumped twice in another direction,
which looks like an artefact of its engine and is not followed.

The Yugoslav "mixture of German, Russian and Italian draughts" that the Serbian source
mentions is not documented anywhere read [UNVERIFIED].

Draws: none found [UNVERIFIED]; damier draws on threefold repetition. GameType
``102,W,8,8,N2,0`` (square 1 at the top left seen from White; see
Decision 9 for the private numbers).
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

GERMAN = declare(
    name="german", title="German draughts (Damenspiel)", gametype="102,W,8,8,N2,0",
    aliases=("damenspiel", "deutsche-dame", "german-draughts"),
    rows_of_men=3, capture_rule="free", promotion_in_capture="promote_and_stop",
    draws=DrawRules(repetition=3),
    description="A reconstruction: flying kings, men capture backwards, free choice, a man crowned by a "
    "capture stops.",
)
