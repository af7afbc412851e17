"""Thai draughts (mak-hos, mak-hot), PDN GameType 31: the rule book's page
docs/rules/thai.md (articles Thai 1-10), with the sources each rule comes from.

* [Thai 1] 8x8, the dark squares; 8 men each on the two rows nearest their player, four
  empty rows between (checkers.fandom.com "Mak-hot"; mindsports.nl "Thai"; dctl's Thai rules
  have a gap of four rows).
* [Thai 3] Men move one square diagonally forward and capture forward only, by a short jump
  (mindsports, fandom, coldmoon.io).
* [Thai 4] Promotion on the far row; a man that reaches it by a capture stops there
  (mindsports; it could not jump on anyway, since men capture forward only).
* [Thai 5] The king flies when it moves. When it captures it may see the piece from any
  distance but must land on the square directly behind it and go on only from there
  (mindsports "it has to land directly behind the captured piece"; fandom; dctl
  ``is_land_behind_piece``): the rules parameter ``king_lands_behind``.
* [Thai 6] Captured pieces are removed one at a time as they are jumped (fandom;
  eightygames; dctl's passing capture), so a piece cannot be jumped twice and a king may
  cross a square it has just emptied: ``remove_at_end=False``, as in Turkish draughts.
* [Thai 7] A king may turn back 180 degrees between two jumps ("even in the direction where
  they have come from": fandom, coldmoon, dctl, Jocly). **Choice:** the majority reading;
  mindsports allows only the same or the perpendicular direction — that reading is
  ``no_reverse_capture=True`` on a copy of these rules.
* [Thai 8] Capturing is compulsory, with free choice between sequences and no priorities
  (mindsports "no priorities of capture"; eightygames); a sequence must be completed.
* [Thai 2] First move: the sources disagree (PDN 3.0 writes ``31,B``: Black; mindsports and
  Jocly let White begin; fandom says there is no fixed rule). **Choice:** the players choose
  (``first_player_choice``), Black by default as the PDN GameType says.
* [Thai 10] Squares numbered as PDN 3.0's description ``31,B,8,8,N2,0`` says: square 1 at
  the top left seen from Black, the starting player — so White's men stand on 1-8 and
  Black's on 25-32. Captures are written with ``-`` like quiet moves (the PDN table's
  separator for Thai).
* [Thai 9] End: no legal move loses. No Thai draw rule was found [UNVERIFIED]; damier draws
  on threefold repetition, as for the other variants without a published draw rule.
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

FORWARD = ((-1, -1), (-1, 1))

THAI = declare(
    name="thai", title="Thai draughts (mak-hos)", gametype="31,B,8,8,N2,0",
    aliases=("mak-hos", "makhos", "mak-hot", "thai-draughts"),
    rows_of_men=2, first_player_choice=True, man_captures=FORWARD, king_lands_behind=True,
    capture_rule="free", remove_at_end=False, promotion_in_capture="promote_and_stop",
    capture_separator="-", draws=DrawRules(repetition=3),
    description="8 men each; a flying king lands directly behind the piece it takes; "
    "pieces removed as they are jumped; free choice.",
)
