"""Old French draughts (le jeu de dames à la française, the "jeu forcé"): English-style play
enforced by the huff. No PDN GameType (damier's private number 101, Decision 9). A
reconstruction: the rule book's page docs/rules/old-french.md (Old French 1-6) states it;
the sources are thin and partly late.

* [Old French 1] 8x8 with 12 men each on the three nearest rows (Diderot and d'Alembert's
  *Encyclopédie*, vol. 4, "Dames (Jeu de)").
* [Old French 3] Men move one step diagonally forward and capture "advancing", i.e. forward
  only, several pieces in a row (the *Encyclopédie*).
* [Old French 4] Overall: "Mallet [1668] wrote on Le Jeu de dames à la française, which was
  almost identical with the modern English game" (Encyclopaedia Britannica, 11th ed.,
  "Draughts"); a modern French source calls English draughts "l'ancien jeu pratiqué en
  France" (loisirs.savoir.fr). So, as in English draughts: kings move and capture one square
  in every diagonal direction, free choice between captures, a man that reaches the far row
  by a capture is crowned and its move ends.
* [Old French 5] The huff ("souffler n'est pas jouer"): capturing became compulsory around
  1535, the "jeu forcé", enforced by huffing the piece that failed to capture
  (draughtsandchesshistory.com, chapter 29; checkerschest.com "French checkers"). damier
  models it as for Czech traditional rules (:mod:`damier.core.huffing`): any physically
  possible move may be played; after one that breaks the capture rule the opponent may
  remove the offending piece before his own move, which does not count as a move. The modern
  description also lets the opponent accept the move or make the offender capture instead
  (loisirs.savoir.fr); declining the huff is modelled, forcing the capture is not.
* The "plaisant" game of the same books had free capture (Mallet 1668): not implemented.
* [Old French 1, 2, 6] Not established by any source read [UNVERIFIED]: the king's range
  (some texts call the old king a "dame" that moves far, mixing in the 100-square game), the
  first player, the orientation of the board (play on the light squares was "the most
  general usage in France", Lacombe) and draws. **Choices:** short kings as above; the
  players choose who starts (``first_player_choice``), White by default; the English
  geometry (a playing square at each player's near left), numbered 1-32 from Black's side; a
  draw on threefold repetition.

Under the alternative "capture enforced" reading (no huff, compulsion by refusing moves)
these are exactly English draughts with White first: ``damier --variant english``.

GameType: ``101,W,8,8,N2,0`` (square 1 at the top left seen from White, as Czech's numeric
form; see Decision 9 for the private numbers).
"""

from __future__ import annotations

from damier.core.rules import DrawRules
from damier.core.variants import declare

FORWARD = ((-1, -1), (-1, 1))

OLD_FRENCH = declare(
    name="old-french", title="Old French draughts (jeu forcé)", gametype="101,W,8,8,N2,0",
    aliases=("jeu-force", "french-old", "dames-a-la-francaise"),
    rows_of_men=3, first_player_choice=True, man_captures=FORWARD, flying_kings=False,
    capture_rule="free", promotion_in_capture="promote_and_stop", huffing=True,
    draws=DrawRules(repetition=3),
    description="English-style play (short kings, men capture forwards, free choice) enforced by the huff.",
)
