"""Ceylonese (Sri Lankan) draughts, "dam", on 144 squares — the modern reading; no PDN
GameType (damier's private number 104, Decision 9).

The sources give two incompatible games (the rule book's page docs/rules/ceylonese.md).

**Reading A, modern — these rules** (checkerschest.com "Sri Lanka checkers", corroborated by
Michaelsen's page on the 144-square games):

* [Ceylonese 1] International/Canadian rules on 12x12, but the board is turned: a dark
  double corner at each player's left and a single corner at the right, so the near-left
  square is light (PDN invert flag 1).
* 30 men each on the dark squares of the five nearest rows; the lighter colour (White)
  moves first.
* [Ceylonese 2] Men move one square diagonally forward and capture forwards and backwards;
  the capture of the most pieces is compulsory; kings fly (International style).
* A man passing the far row during a capture stays a man (International rules, which the
  source names; its page is cut off before the details [UNVERIFIED]).
* [Ceylonese 3] Draws: not given; damier applies the Canadian ones (threefold repetition;
  three kings against one after 16 moves each), the 12x12 game these rules come from.

Up to the turned board, these are Canadian draughts: the two games have the same perft and
mirror-image positions (the tests check it).

**Reading B, historical — not implemented** (H. Parker, *Ancient Ceylon*, 1909, pp. 584-585,
as quoted by Ludii's "Dam"): 30 "itto" each on the white squares with two central rows
empty; men move and capture backwards as well as forwards from the start; kings move any
distance, and a king's multiple capture must stay on one diagonal except that a capture
ending on the board's edge may turn onto another. It would need a rules parameter for the
king's turn at the edge and men that step backwards; no source gives its capture choice,
removal or draws, and only a reconstruction (Ludii) exists to check it against, so damier
documents it here rather than guess the rest.

GameType: PDN 3.0 assigns no number; damier writes ``104,W,12,12,N2,1`` (see
Decision 9 for the private numbers): square 1 at the top left
seen from White, the board inverted.
"""

from __future__ import annotations

from damier.core.variants import declare
from damier.core.variants.canadian import CANADIAN

CEYLONESE = declare(
    like=CANADIAN, name="ceylonese", title="Ceylonese draughts", gametype="104,W,12,12,N2,1",
    aliases=("sri-lankan", "sinhalese", "ceylon"),
    result_style="default",
    description="Canadian rules (12x12, 30 men, flying kings, majority capture) on a turned board.",
)
