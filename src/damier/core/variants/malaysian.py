"""Malaysian / Singaporean draughts ("dam", "main dam") on 144 squares; the rule book's page
docs/rules/malaysian.md (Malaysian 1-8). No PDN GameType (damier's number 103, Decision 9).

* [Malaysian 1] 12x12 with a dark square at each player's near left, 30 men each on the dark
  squares of the five nearest rows (Wikipedia "Malaysian/Singaporean checkers";
  draughts.github.io). The same geometry as Canadian draughts.
* [Malaysian 3] Men move and capture only diagonally forward (Wikipedia; draughts.github.io;
  setupgroup.com "moves only diagonally forward").
* [Malaysian 4] Kings fly: a king "moves like a chess bishop, can capture a piece anywhere
  along its line" (setupgroup); otherwise the rules follow International draughts
  (Wikipedia), so it may land on any free square beyond the piece it takes and must land
  where it can go on.
* [Malaysian 5] The capture of the most pieces is compulsory (Wikipedia; setupgroup; Murray
  1952 and Robinson 1903 via Michaelsen: "taking the most is obligatory"). Pieces are lifted
  after the move and cannot be jumped twice (draughts.github.io).
* [Malaysian 6] Among equal captures, a king must capture rather than a man (old Wikipedia
  table of draughts variants, "the capture must be done with a king instead of a man")
  [UNVERIFIED on a primary page]: ``king_breaks_ties``. Without it these are the plain
  majority rules; Murray's "taking the most value" could also be read as Spanish quality
  (most kings), which no source spells out.
* [Malaysian 7] The huff: a piece that fails to capture, or does not take the most, may be
  removed by the opponent (Wikipedia; draughts.github.io; Murray/Robinson's "blaas"), so the
  players may make any physically possible move (:mod:`damier.core.huffing`). The old
  Wikipedia table says players agree before the game on "Must capture" (with the huff) or
  "Free capture"; damier implements the first.
* [Malaysian 2] First move: decided by coin toss or lot (Wikipedia): the players choose
  (``first_player_choice``), White by default.
* [Malaysian 4] Promotion when the move ends on the far row (International; a man cannot
  capture backwards, so it could not go on anyway).
* [Malaysian 8] End: no pieces or no legal move loses. No draw rule was found [UNVERIFIED];
  damier draws on threefold repetition.

Not implemented: the 8x8 form with 12 men (Ludii's "Main Dam", after Wilkinson 1915) and
Glonnegger's 24-men "Tams".

GameType: PDN 3.0 assigns no number; damier writes ``103,W,12,12,N2,0`` (Decision 9: its
own numbers 101-104 lie outside PDN's 20-49, with 42-49 reserved for future assignment,
and lidraughts' 96-98): square 1 at the top left seen from White, as in Canadian draughts.
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

FORWARD = ((-1, -1), (-1, 1))

MALAYSIAN = declare(
    name="malaysian", title="Malaysian draughts", gametype="103,W,12,12,N2,0",
    aliases=("singaporean", "malaysian-singaporean", "main-dam"),
    rows_of_men=5, first_player_choice=True, man_captures=FORWARD,
    capture_rule="max_count", king_breaks_ties=True, huffing=True,
    draws=DrawRules(repetition=3),
    description="12x12, men capture forwards only, flying kings, most pieces (a king's capture at equal "
    "count), the huff.",
)
