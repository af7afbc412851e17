"""Square names in Hub lines for every board: numeric or algebraic, per variant.

The Hub protocol was written for International draughts, where squares are numbers 1-50.
For other boards this module decides how moves are written, from the variant's PDN GameType
(``type,start,width,height,<N|A><corner>,invert``, docs/pdn.md, "GameType"):

* ``numeric`` — square numbers 1..N in the GameType's numbering: its corner digit says where
  square 1 lies seen from the starting player, numbering along the rows. For a variant that
  writes numbers this is its usual numbering (English, Italian, Pool ...). For a variant that
  writes letters (Russian and Brazilian: ``A0``, corner 0 = bottom left) it is a1 = 1, c1 = 2,
  ... h8 = 32 — the numbering pydraughts' HubEngine uses for them;
* ``algebraic`` — ``c3-d4``, ``c3xe5xd4`` (start, end, captured squares as in every Hub move).

The default is ``numeric`` for every variant, the form Hub clients expect (Scan's squares
are numbers; pydraughts' HubEngine sends and reads numbers in Russian and Brazilian too);
the Hub parameter ``notation`` switches to ``algebraic``. The position string of ``pos`` is
not affected: it always lists the squares in the board's standard order, square 1 at
White's top left (Scan's order on 10x10; pydraughts sends 8x8 positions in that order too).
This module must not do I/O.

>>> from damier import Board
>>> russian = HubNotation(Board("russian").rules, "numeric")
>>> russian.write(Board("russian").parse_move("c3-d4"))
'10-14'
>>> russian.read(Board("russian"), "9-13").short()
'a3-b4'
>>> HubNotation(Board("russian").rules).mode
'numeric'
"""

from __future__ import annotations

import re

from damier.core.board import Board
from damier.core.move import Move
from damier.core.rules import Rules
from damier.core.squares import SquareNames, parse_gametype
from damier.protocol.errors import HubError

MODES = ("numeric", "algebraic")
_SQUARE = re.compile(r"[a-lA-L]\d+|\d+")   # files a-l (12x12 at most); x separates


def default_mode(rules: Rules) -> str:
    """The default form: ``numeric`` for every variant (see the module docstring)."""
    return "numeric"


class HubNotation:
    """How squares are written in Hub moves for one variant (see the module docstring)."""

    def __init__(self, rules: Rules, mode: str | None = None) -> None:
        mode = mode or default_mode(rules)
        if mode not in MODES:
            raise HubError(f"notation must be numeric or algebraic, not {mode!r}")
        self.rules = rules
        self.mode = mode
        names = rules.names
        squares = range(rules.geometry.squares)
        if mode == "algebraic":
            labels = [names.algebraic(i) for i in squares]
        else:
            fields = parse_gametype(names.gametype)
            assert fields is not None
            gametype = names.gametype
            if fields[4] == "A":   # the GameType's own numbering, not damier's for letters
                gametype = re.sub(r"A(\d)", r"N\1", gametype)
            numbering = SquareNames(rules.geometry, gametype)
            labels = [str(numbering.number(i)) for i in squares]
        self._label = labels
        self._index = {label: i for i, label in enumerate(labels)}
        self.identity = labels == [names.label(i) for i in squares]

    def write(self, move: Move) -> str:
        """``move`` in Hub notation (start, end, captured squares) in this form."""
        text = move.hub()
        if self.identity:
            return text
        names = self.rules.names
        return _SQUARE.sub(lambda m: self._label[names.parse(m.group())], text)

    def read(self, board: Board, text: str) -> Move:
        """The legal move of ``board`` that ``text`` (in this form) names."""
        if self.identity:
            return board.parse_move(text)
        names = self.rules.names

        def own(m: re.Match[str]) -> str:
            index = self._index.get(m.group().lower())
            if index is None:
                raise HubError(f"move {text!r}: {m.group()!r} is not a square in {self.mode} "
                               f"notation for {self.rules.name}")
            return names.label(index)

        return board.parse_move(_SQUARE.sub(own, text))


__all__ = ["MODES", "HubNotation", "default_mode"]
